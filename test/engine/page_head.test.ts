// render/page_head.ts, through render/page.ts joinAcrossColumnBreak: a page's first line set
// apart above its columns (a running header of a selection of one page, which no other page
// repeats) does not take the first column's paragraph, which goes on from the page before.
import { describe, expect, it } from "vitest";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import type { Line } from "../../src/engine/model.js";
import { standsApartAbove } from "../../src/engine/render/page_head.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 9, bold: false }, headings: [], running: new Set() };

/** A line of `text` from x to x1 at y, its one span stretched to that width (a justified line). */
function lineTo(text: string, x: number, y: number, x1: number, italic = false): Line {
  const l = line(text, { x, y, size: 9, italic });
  return { ...l, x1, spans: l.spans.map((s) => ({ ...s, x1 })) };
}

const WORDS = ["welcomes you to Montreal and its digital audio effects, as ever", "we simply love them all, and the conference goes on here as", "the days go by in the city with its many fine halls and its"];

/** Two justified columns of `rows` lines from y, the first starting with `first`. */
function columns(first: string, y: number, rows: number): Line[] {
  const lines: Line[] = [];
  for (let k = 0; k < rows; k++) {
    lines.push(lineTo(k === 0 ? first : WORDS[k % 3], 58, y + 10.4 * k, 294.5));
    lines.push(lineTo(WORDS[(k + 1) % 3], 317.3, y + 10.4 * k, 554));
  }
  return lines;
}

function render(lines: Line[]): string {
  const prepared = prepareLines(lines);
  return renderPage({ ...page(7, prepared), width: 612, height: 792 }, prepared, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
}

describe("page_head: a page's first line standing apart above its columns (standsApartAbove, PAGE_HEAD_GAP_LINES_MIN)", () => {
  it("keeps the header a paragraph of its own though the first column goes on a word the page before cut (DAFx-06's 'Proc. of the 9th Int. Conference …' over 'tal Audio Effects, …')", () => {
    const header = lineTo("Proc. of the 9th Int. Conference on Digital Audio Effects (DAFx-06), Montreal, Canada, September 18-20, 2006", 58, 40.7, 458.2, true);
    const markdown = render([header, ...columns("tal Audio Effects, we simply love them and welcome you to", 76.5, 24)]);
    expect(markdown.split("\n\n")[0]).toBe("*Proc. of the 9th Int. Conference on Digital Audio Effects (DAFx-06), Montreal, Canada, September 18-20, 2006*");
    expect(markdown.split("\n\n")[1]).toMatch(/^tal Audio Effects/);
  });

  it("leaves a line a leading above the paragraph under it to the column-break join", () => {
    const head = [lineTo("A paragraph that runs across the page ends its first line with the", 58, 60, 554)];
    expect(standsApartAbove(head, [lineTo("rest of its sentence in the first column under it", 58, 72, 294.5)])).toBe(false);
    expect(standsApartAbove(head, [lineTo("rest of its sentence in the first column under it", 58, 92, 294.5)])).toBe(true);
  });
});
