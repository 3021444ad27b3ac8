// tables/aligned_detector.ts: a row's cells whose boxes nest stand on one baseline, however
// far apart their boxes' bottoms lie (docs/engine.md, "Aligned tables"). pdftex-a's table of
// destination keywords, the keywords in Latin Modern Mono boxed 9.7 pt tall beside their
// meanings in TeX Gyre Pagella boxed 5.2 pt from the baseline up, had been read as two flows
// side by side and came out as a heading and seven paragraphs.
import { describe, expect, it } from "vitest";
import type { Line, Rule, Span } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";

const PAGE = { width: 595, height: 842 };

function span(text: string, x0: number, y0: number, y1: number, x1: number, mono: boolean): Span {
  return { text, x0, y0, x1, y1, font: mono ? "LMMono10-Regular" : "TeXGyrePagella-Regular", size: 11, bold: false, italic: false, monospace: mono };
}

function lineOf(s: Span): Line {
  return { spans: [s], x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, wmode: 0 };
}

function rule(y: number): Rule {
  return { x0: 165.9, y0: y, x1: 429.4, y1: y + 0.4, kind: "stroke" };
}

/** pdftex-a p40's rows: keyword, meaning, and the meaning's right edge. */
const ROWS: ReadonlyArray<readonly [string, string, number]> = [
  ["fit", "fit the page in the window", 348.6],
  ["fith", "fit the width of the page", 337.6],
  ["fitv", "fit the height of the page", 339.3],
  ["fitb", "fit the ‘Bounding Box’ of the page", 383.3],
  ["fitbh", "fit the width of ‘Bounding Box’ of the page", 427.5],
  ["fitbv", "fit the height of ‘Bounding Box’ of the page", 429.2],
  ["xyz", "goto the current position (see below)", 400.7],
];

/** The table's lines: a header, then each row's keyword box from `top` and its meaning's box
 *  `shift` points lower and `height` tall. */
function tableLines(shift: number, height: number): Line[] {
  const lines: Line[] = [lineOf({ ...span("keyword meaning", 166.1, 90.4, 101.2, 264.9, false), bold: true, font: "TeXGyrePagella-Bold" })];
  ROWS.forEach(([keyword, meaning, x1], k) => {
    const top = 109.3 + 13.8 * k;
    lines.push(lineOf(span(meaning, 221.0, top + shift, top + shift + height, x1, false)));
    lines.push(lineOf(span(keyword, 166.1, top, top + 9.7, 166.1 + keyword.length * 6.2, true)));
  });
  return lines;
}

const cells = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ")));

describe("a row's cells on one baseline in boxes of different heights", () => {
  it("reads a keyword column in a taller typewriter box beside short-boxed meanings as a table (pdftex-a's Table 4)", () => {
    const { tables } = detectTables(tableLines(1.9, 5.2), [rule(86.1), rule(104.1), rule(204.8)], PAGE);
    expect(tables).toHaveLength(1);
    const rows = cells(tables[0]);
    expect(rows.slice(-7)).toEqual(ROWS.map(([keyword, meaning]) => [keyword, meaning]));
  });

  it("still reads cells whose boxes are shifted, neither holding the other, as two flows side by side, no table", () => {
    const { tables } = detectTables(tableLines(3, 9.7), [], PAGE);
    expect(tables).toHaveLength(0);
  });
});
