// render/code_columns.ts and render/page.ts codeLine: an East Asian wide character in a code
// block takes two columns (docs/engine.md, "East Asian text in code"): hitszbeamer's comment
// "% 模板编译：手动编译方法参看            README.md" had been padded far to the right.
import { describe, expect, it } from "vitest";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { extraWideColumns } from "../../src/engine/render/code_columns.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import type { Span } from "../../src/engine/model.js";
import { lineOfSpans, page, span } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

describe("extraWideColumns", () => {
  it("counts one more column for each East Asian wide character", () => {
    expect(extraWideColumns("参看")).toBe(2);
    expect(extraWideColumns("% 模板：hitszbeamer")).toBe(3);
  });

  it("guard: none for ASCII or Latin text, and none for a supplementary ideograph (two UTF-16 units already)", () => {
    expect(extraWideColumns("README.md é")).toBe(0);
    expect(extraWideColumns("𠀋")).toBe(0);
  });
});

describe("renderPage: a code line with East Asian text (hitszbeamer's comment)", () => {
  it("writes the span after the East Asian text at its column, counting two a wide character", () => {
    // 9 pt code, 5.4 pt a character; six ideographs 9 pt each, then "README.md" two characters on.
    const at = (text: string, x0: number, x1: number, mono: boolean, y: number): Span => ({ ...span(text, x0, y, { size: 9, mono, font: mono ? "DejaVuSansMono" : "IPAexGothic" }), x1 });
    const first = lineOfSpans([at("% a:", 72, 93.6, true, 100)]);
    const second = lineOfSpans([at("% b:", 72, 93.6, true, 110.8), at("参看参看参看", 93.6, 147.6, false, 110.8), at("README.md", 158.4, 207, true, 110.8)]);
    const lines = prepareLines([first, second]);
    const md = renderPage(page(1, lines), lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(md).toContain("% b:参看参看参看 README.md");
  });
});
