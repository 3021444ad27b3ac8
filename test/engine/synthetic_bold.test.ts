// extract/synthetic_bold.ts: a browser's print draws a face with no bold (a CJK fallback font)
// in bold as unnamed Type 3 glyphs; such a span takes the bold of a bold neighbour of its size
// on its line (SPEC.md §Output: headings; docs/engine.md, "Bold drawn as Type 3 glyphs").
// svc-md-1.1.40.
import { describe, expect, it } from "vitest";
import { excerptMarkdown } from "../support/markdown_of.js";
import { boldenSyntheticBold } from "../../src/engine/extract/synthetic_bold.js";
import { newLine, newSpan, type Span } from "../../src/engine/model.js";

const span = (text: string, font: string, bold: boolean, size = 17, x0 = 0): Span => newSpan(text, x0, 100, x0 + 17 * text.length, 117, font, size, bold, false, false);

describe("bold drawn as unnamed Type 3 glyphs (boldenSyntheticBold)", () => {
  it("passes a bold neighbour's bold along a run of Type 3 spans of its size, in both directions", () => {
    const spans = [span("2026", "LiberationSans-Bold", true), span("年", "Type3 (5 0 R)", false), span("月 月", "Type3 (6 0 R)", false), span("次", "Type3 (8 0 R)", false)];
    boldenSyntheticBold([newLine(spans, 0, 100, 200, 117, 0)]);
    expect(spans.map((s) => s.bold)).toEqual([true, true, true, true]);
    const before = [span("概", "Type3 (13 0 R)", false), span(" ", "Type3 (13 0 R)", false), span("Overview", "LiberationSans-Bold", true)];
    boldenSyntheticBold([newLine(before, 0, 100, 200, 117, 0)]);
    expect(before[0].bold).toBe(true);
  });

  it("leaves Type 3 spans beside no bold span, beside one of another size, and spans of named fonts", () => {
    const plain = [span("本文", "Type3 (5 0 R)", false, 10.5), span("text", "LiberationSans", false, 10.5)];
    const other = [span("Note", "LiberationSans-Bold", true, 10.5), span("本文", "Type3 (5 0 R)", false, 14)];
    const named = [span("Note", "LiberationSans-Bold", true, 10.5), span("本文", "DroidSansFallback", false, 10.5)];
    boldenSyntheticBold([plain, other, named].map((s) => newLine(s, 0, 100, 200, 117, 0)));
    expect([...plain, ...other, ...named].map((s) => s.bold)).toEqual([false, false, true, false, true, false]);
  });

  it("reads fixtures/excerpts/chromium-cjk-report.pdf's title and section heads as headings", async () => {
    const markdown = await excerptMarkdown("chromium-cjk-report.pdf");
    // Before: "**2026**年**11**月 月次報告書", "1. 概要" a paragraph, and "3. 今後の課題" a
    // list item holding the list under it.
    expect(markdown.startsWith("# 2026年11月 月次報告書\n\n営業部 作成日：2026年12月1日\n\n## 1. 概要\n\n")).toBe(true);
    expect(markdown).toContain("## 3. 今後の課題\n\n- 福岡地区の販売体制を見直し、第4四半期中に新たな代理店を2社確保する。");
  });
});
