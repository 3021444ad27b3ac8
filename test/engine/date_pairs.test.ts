// tables/date_pairs.ts: two dates of a spreadsheet's row, each set flush right in a cell barely
// wider than it, run together a word space apart and the reader gives both one span
// ("05/01/2026 16/01/2026"); where the first date's measured end (Span.wordEnd) lies at one x
// on other rows too, the span is cut in two (docs/engine.md, "Two dates of a row run
// together"). Calc's order sheet had its Ordered and Shipped dates as one column. Since
// svc-md-1.1.36 a date and a text cell after it are cut the same way (a continuation page of
// Calc's sheet had its Date and Customer columns as one).
import { describe, expect, it } from "vitest";
import { type Line, type Span, WORD_END_UNITS_PER_PT } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";
import { cutDatePairs } from "../../src/engine/tables/date_pairs.js";

const PAGE = { width: 842, height: 595 };
const SIZE = 9;
const CHAR_PT = 4.5;
const PITCH = 11.5;

function span(text: string, x0: number, y0: number): Span {
  return { text, x0, y0, x1: x0 + text.length * CHAR_PT, y1: y0 + SIZE, font: "LiberationSans", size: SIZE, bold: false, italic: false, monospace: false };
}
const spanR = (text: string, x1: number, y0: number) => span(text, x1 - text.length * CHAR_PT, y0);
/** Two dates one space apart, one span, the first date's end `end` measured when `measured`. */
function pair(a: string, b: string, end: number, y0: number, measured = true): Span {
  const s = span(`${a} ${b}`, end - a.length * CHAR_PT, y0);
  if (measured) s.wordEnd = Math.round(end * WORD_END_UNITS_PER_PT);
  return s;
}
const line = (s: Span): Line => ({ spans: [s], x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, wmode: 0 });
const texts = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ").trim()));
const y = (r: number) => 100 + PITCH * r;

const FIRST_END = 230;
/** The order sheet: order, region, ordered and shipped dates (one span), quantity. */
function sheet(rows: number, measured = true): Line[] {
  const out: Line[] = [];
  for (let r = 0; r < rows; r++) {
    const a = `${String(r + 3).padStart(2, "0")}/01/2026`;
    const b = `${String(r + 10).padStart(2, "0")}/02/2026`;
    out.push(line(span(`SO-${1000 + r}`, 60, y(r))), line(span(["North", "East", "West"][r % 3], 115, y(r))));
    out.push(line(pair(a, b, FIRST_END, y(r), measured)), line(spanR(`${40 + 13 * r}`, 330, y(r))));
  }
  return out;
}

describe("Two dates of a row run together (cutDatePairs)", () => {
  it("reads the Ordered and Shipped dates of Calc's order sheet as two columns", () => {
    const { tables } = detectTables(sheet(8), [], PAGE);
    expect(tables).toHaveLength(1);
    const rows = texts(tables[0]);
    expect(rows[0]).toEqual(["SO-1000", "North", "03/01/2026", "10/02/2026", "40"]);
    expect(rows).toHaveLength(8);
  });

  it("cuts the span where the first date's glyphs end", () => {
    const lines = sheet(4);
    const cuts = cutDatePairs(lines, null);
    expect(lines[2].spans.map((s) => s.text)).toEqual(["03/01/2026 ", "10/02/2026"]);
    expect(lines[2].spans[0].x1).toBeCloseTo(FIRST_END, 1);
    expect(cuts?.figures.has(lines[2].spans[0])).toBe(true);
  });

  it("leaves pairs whose first date's end the reader did not measure", () => {
    expect(cutDatePairs(sheet(4, false), null)).toBeNull();
  });

  it("leaves lines of two dates with no cell of a row beside them", () => {
    // Guard: a list's date ranges alone on their lines, no other cell on the row.
    const lines = [0, 1, 2, 3].map((r) => line(pair(`0${r + 1}/01/2026`, `1${r}/02/2026`, FIRST_END, y(r))));
    expect(cutDatePairs(lines, null)).toBeNull();
    expect(lines[0].spans).toHaveLength(1);
  });

  it("leaves pairs whose first dates end at no common x (no column)", () => {
    const lines: Line[] = [];
    for (let r = 0; r < 4; r++) lines.push(line(span(`SO-${r}`, 60, y(r))), line(pair("03/01/2026", "10/02/2026", FIRST_END + 9 * r, y(r))));
    expect(cutDatePairs(lines, null)).toBeNull();
  });

  it("cuts a date from the text cell after it where the dates end at one x (svc-md-1.1.36)", () => {
    // Calc's order sheet on a continuation page: the date column sized to its dates, the
    // customer 3 pt after ("2026-05-25" | "Acme BV"), no header row to cut them.
    const lines: Line[] = [];
    for (let r = 0; r < 4; r++) lines.push(line(span(`SO-${r}`, 60, y(r))), line(pair(`2026-0${r + 1}-25`, ["Acme BV", "Nordlicht GmbH", "Sol y Mar SL", "Blue Fjord AS"][r], FIRST_END, y(r))));
    cutDatePairs(lines, null);
    expect(lines[1].spans.map((s) => s.text)).toEqual(["2026-01-25 ", "Acme BV"]);
    expect(lines[1].spans[0].x1).toBeCloseTo(FIRST_END, 1);
  });

  it("guard: leaves a date followed by words where the dates end at different places (no column)", () => {
    const lines: Line[] = [];
    for (let r = 0; r < 4; r++) lines.push(line(span(`SO-${r}`, 60, y(r))), line(pair("03/01/2026", "Delivered late", FIRST_END + 9 * r, y(r))));
    expect(cutDatePairs(lines, null)).toBeNull();
  });

  it("guard: leaves a date followed by a figure or a bracket (a note's own words start with a letter)", () => {
    const lines: Line[] = [];
    for (let r = 0; r < 4; r++) lines.push(line(span(`SO-${r}`, 60, y(r))), line(pair("03/01/2026", "(est.)", FIRST_END, y(r))));
    expect(cutDatePairs(lines, null)).toBeNull();
  });
});
