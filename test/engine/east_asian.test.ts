// Chinese, Japanese and Korean text (issue 9: "CJK pages"): line breaks that are not spaces,
// gaps MuPDF leaves unspaced between wide characters (a table's cells), and the spacing a
// typesetter adds between Japanese and Latin text, which is no space of the text.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { isEastAsianWide, joinsLinesWithoutSpace } from "../../src/engine/layout/east_asian.js";
import { plainText, renderInline } from "../../src/engine/render/inline.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line } from "../support/layout.js";

const realPdf = (name: string) => new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/real", name)));

async function markdownOf(name: string): Promise<string> {
  const result = await convertDocument(openInProcess, { bytes: realPdf(name), options: defaultRenderOptions });
  return result.markdown;
}

describe("East Asian width", () => {
  it("knows ideographs, kana, Hangul, CJK punctuation and fullwidth forms, and nothing Latin", () => {
    for (const c of ["港", "の", "ー", "、", "「", "한", "Ａ", "！", "𠀋"]) expect(isEastAsianWide(c.codePointAt(0)!), c).toBe(true);
    for (const c of ["a", "1", " ", "é", "—", "→"]) expect(isEastAsianWide(c.codePointAt(0)!), c).toBe(false);
  });

  it("drops a line break between Chinese or Japanese characters but keeps it between Hangul syllables", () => {
    expect(joinsLinesWithoutSpace("機".charCodeAt(0))).toBe(true);
    expect(joinsLinesWithoutSpace("다".charCodeAt(0))).toBe(false);
  });
});

describe("joining lines of East Asian text", () => {
  const lines = (a: string, b: string) => [line(a, { y: 100 }), line(b, { y: 112 })];

  it("joins a word broken across lines without a space (検知機 | 構)", () => {
    expect(renderInline(lines("と検知機", "構を一つの箱内に"), { dehyphenate: false, emphasis: true, links: [] })).toBe("と検知機構を一つの箱内に");
    expect(plainText(lines("と検知機", "構を一つの箱内に"))).toBe("と検知機構を一つの箱内に");
  });

  it("joins a number broken from its counter (10月 | 5日)", () => {
    expect(plainText(lines("～10月", "5日"))).toBe("～10月5日");
  });

  it("keeps the space between Korean words and between Latin words", () => {
    expect(plainText(lines("눈이 올", "듯하더니"))).toBe("눈이 올 듯하더니");
    expect(plainText(lines("the port", "authority"))).toBe("the port authority");
  });
});

describe("East Asian tables and text on real pages (fixtures/real)", () => {
  it("splits a ruled table's cells where MuPDF left the gap between 一月 and 61 unspaced", async () => {
    const md = await markdownOf("gen-cjk-chinese.pdf");
    expect(md).toContain("| 月份 | 渔船 | 渡轮 | 货船 |");
    expect(md).toContain("| 一月 | 61 | 28 | 6 |");
  });

  it("drops the spacing set between Japanese and digits, and joins a cell's wrapped lines", async () => {
    const md = await markdownOf("gen-cjk-japanese.pdf");
    expect(md).toContain("| 期間 | 2025年9月1日～10月5日 |");
    expect(md).toContain("| 時間 | 午前7時～午後6時 |");
    expect(md).toContain("工事期間中は一部の岸壁が使用できません。");
  });

  it("keeps a space the writer set between two Japanese words (TeX: 標準 マーケット)", async () => {
    const md = await markdownOf("cjk-issue16538.pdf");
    expect(md).toContain("標準 マーケットモデルは");
  });
});
