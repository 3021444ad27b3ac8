// layout/line_numbers.ts: a manuscript's line numbers in the margins are left out at layout
// (issue 9: AASTeX's sample631, numbered for review, came out with "12", "13", … as paragraphs
// between its lines and its affiliations as a table whose first column was the numbers;
// acmart's review mode numbers both margins and MuPDF built the left's into the text lines).
import { describe, expect, it } from "vitest";
import { LINE_NUMBERS_MIN, withoutLineNumbers } from "../../src/engine/layout/line_numbers.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { analyseDocument } from "../../src/engine/render/document.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, lineOfSpans, ok, page, span } from "../support/layout.js";

const TEXT = "This example manuscript is intended to serve as a tutorial and template for authors";

/** Body lines at x 85 from y 300, 12.4 pt apart, each with its number flush right at x 29 in 5 pt. */
function numbered(count: number, first = 12): Line[] {
  return Array.from({ length: count }, (_, i) => [
    line(TEXT + ` ${i}.`, { x: 85, y: 300 + i * 12.4 }),
    line(String(first + i), { x: 29 - String(first + i).length * 2.5, y: 303 + i * 12.4, size: 5 }),
  ]).flat();
}

const texts = (lines: readonly Line[]) => lines.map(lineText);

describe("withoutLineNumbers", () => {
  it("leaves out the numbers in the left margin, rising by one down the page", () => {
    const lines = numbered(8);
    expect(texts(withoutLineNumbers(lines))).toEqual(texts(lines.filter((_, i) => i % 2 === 0)));
  });

  it(`needs ${LINE_NUMBERS_MIN} of them, rising: fewer, or falling (a plot's axis), are not line numbers`, () => {
    const few = numbered(LINE_NUMBERS_MIN - 1);
    expect(withoutLineNumbers(few)).toBe(few);
    const falling = numbered(8).map((l, i) => (i % 2 === 1 ? line(String(40 - i), { x: 24, y: l.y0, size: 5 }) : l));
    expect(withoutLineNumbers(falling)).toBe(falling);
  });

  it("leaves a column of numbers alone with text at its left (a table's row numbers) or set at the text's size (a contents page's page numbers)", () => {
    const rows = [...numbered(8), line("Row", { x: 10, y: 280 })];
    expect(withoutLineNumbers(rows)).toBe(rows);
    const contents = Array.from({ length: 6 }, (_, i) => [line(`${i + 1} Chapter title ${i + 1}`, { x: 72, y: 200 + i * 20 }), line(String(i + 3), { x: 400, y: 200 + i * 20 })]).flat();
    expect(withoutLineNumbers(contents)).toBe(contents);
  });

  it("takes numbers every fifth line, and a column's in the gutter between two columns set smaller than the text (revtex)", () => {
    const lines = Array.from({ length: 6 }, (_, i) => [
      line(`left column line ${i} of the text`, { x: 54, y: 100 + 60 * i }),
      line(`right column line ${i} of the text`, { x: 318, y: 100 + 60 * i }),
      line(String(50 + 5 * i), { x: 302, y: 102 + 60 * i, size: 5 }),
    ]).flat();
    expect(texts(withoutLineNumbers(lines))).toEqual(texts(lines.filter((_, i) => i % 3 !== 2)));
  });

  it("leaves a listing's own numbers to the listing (listings' numbers=left beside code)", () => {
    const listing = Array.from({ length: 8 }, (_, i) => [line(`\\DeclareOption{${i}pt}{\\def\\@@ptsize{${i}pt}}`, { x: 85, y: 300 + i * 12, mono: true }), line(String(17 + i), { x: 60, y: 300 + i * 12, size: 6 })]).flat();
    expect(withoutLineNumbers(listing)).toBe(listing);
  });

  it("cuts a number MuPDF built into the line beside it, and takes the right margin's smaller numbers (acmart's review mode)", () => {
    const lines = Array.from({ length: 6 }, (_, i) => {
      const y = 100 + i * 11;
      const left = lineOfSpans([span(String(118 + i), 27.8, y, { size: 6 }), span(" ", 36.1, y, { size: 6 }), span(`any ACM publication line ${i}`, 63.8, y, { size: 9 })]);
      return [left, line(`right column line ${i}`, { x: 318, y, size: 9 }), line(String(175 + i), { x: 578, y, size: 6 })];
    }).flat();
    const out = withoutLineNumbers(lines);
    expect(texts(out)).toEqual(Array.from({ length: 6 }, (_, i) => [`any ACM publication line ${i}`, `right column line ${i}`]).flat());
    expect(out[0].x0).toBeCloseTo(63.8);
  });
});

describe("a bill's line numbers, every fifth line, in the right margin (line_numbers.ts FIFTHS_SIZE_RATIO_MAX)", () => {
  /** ukbill's page: 11.7 pt text lines 16.7 pt apart at x 178, and 9.8 pt italic numbers at x
   *  536.8 beside every fifth, `value(k)` the kth. */
  function bill(value: (k: number) => number, size = 9.8): Line[] {
    const lines: Line[] = [];
    for (let i = 0; i < 35; i++) lines.push(line(`a public authority may disapply section ${i} of this Act and`, { x: 178, y: 100 + 16.7 * i, size: 11.7 }));
    for (let k = 0; k < 7; k++) lines.push(line(String(value(k)), { x: 536.8, y: 100 + 16.7 * (5 * k + 4), size, italic: true }));
    return lines;
  }

  it("leaves out numbers that are multiples of five, set at 0.84 of the text's size (ukbill's '5', '10', … '35', which had cut the page's items)", () => {
    const lines = bill((k) => 5 * (k + 1));
    expect(texts(withoutLineNumbers(lines))).toEqual(texts(lines.slice(0, 35)));
  });

  it("guard: numbers at that size rising by ones, or at the text's size by fives, stay (a contents page's page numbers)", () => {
    const ones = bill((k) => k + 3);
    expect(withoutLineNumbers(ones)).toBe(ones);
    const full = bill((k) => 5 * (k + 1), 11.7);
    expect(withoutLineNumbers(full)).toBe(full);
  });
});

describe("line numbers through layout and rendering", () => {
  it("reads the lines beside them as one paragraph", () => {
    const md = analyseDocument({ pageCount: 1, selected: [1], selectionExpression: "1", outcomes: [ok(page(1, numbered(8)))], outline: null, hasXfa: false, options: defaultRenderOptions }).markdown;
    expect(md).not.toMatch(/\b1[2-9]\b/);
    expect(md.trim().split("\n\n")).toHaveLength(1);
  });
});
