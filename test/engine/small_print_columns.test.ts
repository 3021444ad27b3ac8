// layout/small_print_columns.ts: a stack of small print (a figure's caption) beside a column of
// text, parted from it by a strip narrower than reading order's gutter, is read as a column of
// its own after the text, not row by row with it (SPEC.md §Output: Markdown in reading order; issue 9:
// ocr-vicksburg-p3, an OCR layer whose caption ends 2 to 5 pt before the text column).
import { describe, expect, it } from "vitest";
import { lineText } from "../../src/engine/layout/lines.js";
import { orderForReading } from "../../src/engine/layout/reading_order.js";
import { readSmallPrintColumnsApart } from "../../src/engine/layout/small_print_columns.js";
import type { Line } from "../../src/engine/model.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 11, bold: false }, headings: [], running: new Set() };

const isTextLine = (item: Line): item is Line => /\p{L}{2}/u.test(lineText(item));

/** Two lines across the page, then a caption of `captionLines` lines in `captionSize` pt set
 *  from x 66 and ending `strip` pt before a column of 11 pt text at x 206 (the page's
 *  proportions: the caption's lines end at x 203.6 when they hold 32 characters). */
function captionBesideColumn(captionSize: number, strip = 2.4, captionLines = 8): Line[] {
  const across = [line("I have a great curiosity to see the court house at Vicksburg.", { x: 61, y: 60, size: 11 }), line("It stands on a hill, and seems to be the target for many.", { x: 61, y: 73, size: 11 })];
  const chars = Math.floor((206 - strip - 66) / (captionSize / 2));
  const caption = Array.from({ length: captionLines }, (_, k) => line(`caption line ${k} of the figure, in small print here`.slice(0, chars), { x: 206 - strip - chars * (captionSize / 2), y: 130 + 10 * k, size: captionSize }));
  const column = Array.from({ length: 12 }, (_, k) => line(`column line ${k} of the text set beside it`.slice(0, 30), { x: 206, y: 90 + 12.6 * k, size: 11 }));
  return [...across, ...caption, ...column];
}

const read = (lines: Line[]) => readSmallPrintColumnsApart(orderForReading(lines), isTextLine).map((g) => g.items.map(lineText));
const kernels = (lines: Line[]) => orderForReading(lines).map((g) => g.items.map(lineText));

describe("readSmallPrintColumnsApart: a caption in small print beside the text column", () => {
  it("reads the lines across the page, then the column, then the caption beside it", () => {
    const lines = captionBesideColumn(8.6);
    const groups = read(lines);
    expect(groups).toHaveLength(3);
    expect(groups[0]).toEqual(lines.slice(0, 2).map(lineText));
    expect(groups[1]).toEqual(lines.slice(10).map(lineText));
    expect(groups[2]).toEqual(lines.slice(2, 10).map(lineText));
    // The kernels alone find no gutter 2.4 pt wide, and interleave the two.
    expect(kernels(lines)).toHaveLength(1);
  });

  it("leaves the kernels' order where the two sides are set in one size (a form's labels and values, a table's cells)", () => {
    const lines = captionBesideColumn(10);
    expect(read(lines)).toEqual(kernels(lines));
  });

  it("leaves a strip under 2 pt alone: an OCR line's words may stand that close", () => {
    const lines = captionBesideColumn(8.6, 1.5);
    expect(read(lines)).toEqual(kernels(lines));
  });

  it("leaves a small-print side alone whose lines do not reach the strip (srdp-mathematik's grade table beside a code line)", () => {
    const lines = captionBesideColumn(8.6).map((l, k) => (k >= 2 && k < 10 && k % 3 !== 0 ? line(lineText(l).slice(0, 10), { x: 66, y: l.y0, size: 8.6 }) : l));
    expect(read(lines)).toEqual(kernels(lines));
  });
});

describe("render/page.ts placeSmallPrint: each caption after the paragraph beside which it starts", () => {
  it("puts the caption between the paragraph it starts beside and the next, the text read whole", () => {
    const across = [line("The opening paragraph runs across the page at first, and then on.", { x: 61, y: 60, size: 11 }), line("It goes on into the column beside the figure, where its lines", { x: 61, y: 73, size: 11 })];
    const first = ["are set narrower than they were, and", "beside the figure's caption to end", "the sentence it began up there."].map((t, k) => line(t, { x: 206, y: 86 + 12.6 * k, size: 11 }));
    const second = [line("A second paragraph starts here", { x: 220, y: 86 + 12.6 * 3, size: 11 }), ...["with an indent, and goes on in", "the column for a few lines more", "until it ends on this line here."].map((t, k) => line(t, { x: 206, y: 86 + 12.6 * (4 + k), size: 11 }))];
    const caption = ["A figure's caption in small print", "set beside the text and ending", "against the strip at its right."].map((t) => line(t, { x: 0, y: 0, size: 8.6 }));
    const placed = caption.map((l, k) => line(lineText(l), { x: 203.6 - (l.x1 - l.x0), y: 100 + 10 * k, size: 8.6 }));
    const lines = [...across, ...first, ...second, ...placed];
    const md = renderPage(page(1, lines), lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    const paragraphs = md.split("\n\n").map((p) => p.slice(0, 20));
    expect(paragraphs).toEqual(["The opening paragrap", "A figure's caption i", "A second paragraph s"]);
  });
});
