// layout/east_asian_punctuation.ts and render/inline.ts breakIsNotASpace: a line break beside
// East Asian punctuation is no space, Latin text on the other side too (docs/engine.md, "East
// Asian punctuation at a line break"): auto-multiple-choice.ja p. 12's "ES（スペイン語）、" |
// "FR（フランス語）" had come out "、 FR", and "legal、" | "ANSIA" "、 `ANSIA`".
import { describe, expect, it } from "vitest";
import { breaksAtEastAsianPunctuation, isEastAsianPunctuation } from "../../src/engine/layout/east_asian_punctuation.js";
import { type InlineOptions, plainText, renderInline } from "../../src/engine/render/inline.js";
import { line } from "../support/layout.js";

const OPTIONS: InlineOptions = { dehyphenate: true, emphasis: true, links: [] };
const code = (s: string) => s.codePointAt(0) ?? 0;

describe("isEastAsianPunctuation", () => {
  it("holds for CJK commas, stops, brackets and fullwidth punctuation", () => {
    for (const c of ["、", "。", "」", "（", "）", "，", "：", "！", "？"]) expect(isEastAsianPunctuation(code(c))).toBe(true);
  });

  it("does not hold for ideographs, kana, 々, fullwidth letters and digits, or Latin punctuation", () => {
    for (const c of ["語", "す", "々", "Ａ", "１", ",", ".", ")"]) expect(isEastAsianPunctuation(code(c))).toBe(false);
  });
});

describe("breaksAtEastAsianPunctuation", () => {
  it("holds beside East Asian punctuation, either side, before or after Latin text", () => {
    expect(breaksAtEastAsianPunctuation(code("、"), code("F"))).toBe(true);
    expect(breaksAtEastAsianPunctuation(code("C"), code("，"))).toBe(true);
  });

  it("guard: not beside Hangul, nor between a letter and an ideograph", () => {
    expect(breaksAtEastAsianPunctuation(code("、"), code("다"))).toBe(false);
    expect(breaksAtEastAsianPunctuation(code("A"), code("語"))).toBe(false);
  });
});

describe("renderInline: a line break beside East Asian punctuation (amc-ja p. 12)", () => {
  it("joins '、' | 'FR' and '、' | code without a space", () => {
    expect(renderInline([line("ES（スペイン語）、", { y: 100 }), line("FR（フランス語）", { y: 112 })], OPTIONS)).toBe("ES（スペイン語）、FR（フランス語）");
    expect(renderInline([line([{ text: "legal" , mono: true }, { text: "、" }], { y: 100 }), line([{ text: "ANSIA", mono: true }, { text: "です。" }], { y: 112 })], OPTIONS)).toBe("`legal`、`ANSIA`です。");
    expect(plainText([line("ES（スペイン語）、", { y: 100 }), line("FR", { y: 112 })])).toBe("ES（スペイン語）、FR");
  });

  it("guard: a break between an ideograph and a Latin word, or in Latin text, stays a space", () => {
    expect(renderInline([line("使用します", { y: 100 }), line("AMC は", { y: 112 })], OPTIONS)).toBe("使用します AMC は");
    expect(renderInline([line("first line,", { y: 100 }), line("second", { y: 112 })], OPTIONS)).toBe("first line, second");
  });
});
