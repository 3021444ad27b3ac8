// tables/calc_heads.ts: a spreadsheet's head set flush left in its cell, in the gutter after a
// column of text its line already heads, heads the column of figures after it (docs/engine.md,
// "Calc heads after a headed text column"). Calc's sales sheet printed to PDF: "Jan" starts
// 12.6 pt after "C. Okafor" and ends 15.5 pt before "2,212", so the gutter test gave it to the
// text column, which "Manager" already heads, and the whole header line was dropped: every
// head came out as a heading of its own.
import { describe, expect, it } from "vitest";
import type { Line, Span } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";

const PAGE = { width: 595, height: 842 };
const SIZE = 10;
const CHAR_PT = 5;
const PITCH = 12.4;
/** Calc's cells are 57.6 pt wide: each head starts 57.6 pt after the one before. */
const CELL = 57.6;

function span(text: string, x0: number, y0: number, bold = false): Span {
  return { text, x0, y0, x1: x0 + text.length * CHAR_PT, y1: y0 + SIZE, font: bold ? "LiberationSans-Bold" : "LiberationSans", size: SIZE, bold, italic: false, monospace: false };
}
const spanR = (text: string, x1: number, y0: number) => span(text, x1 - text.length * CHAR_PT, y0);
const line = (s: Span): Line => ({ spans: [s], x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, wmode: 0 });
const texts = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ")));

const y = (r: number) => 100 + PITCH * r;
const REGIONS = ["North", "South", "East", "West", "Central", "Coastal"];
const MANAGERS = ["A. Novak", "B. Singh", "C. Okafor", "D. Mill", "E. Rossi", "F. Tanaka"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr"];

/** The body: region and manager flush left in their cells, four months' figures flush right. */
function body(months = MONTHS.length): Line[] {
  const out: Line[] = [];
  REGIONS.forEach((region, r) => {
    out.push(line(span(region, 57.7, y(r + 1))), line(span(MANAGERS[r], 57.7 + CELL, y(r + 1))));
    for (let m = 0; m < months; m++) out.push(line(spanR(`${1 + ((r * 7 + m * 3) % 5)},${200 + 13 * r + m}`, 57.7 + CELL * (m + 3) - 2, y(r + 1))));
  });
  return out;
}

describe("Calc's heads over a sheet of text columns and figures (headsAfterHeadedText)", () => {
  it("heads each column of figures with the head set flush left in its cell, after a headed text column", () => {
    const heads = ["Region", "Manager", ...MONTHS].map((h, k) => line(span(h, 57.7 + CELL * k, y(0), true)));
    const { tables, rest } = detectTables([...heads, ...body()], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])[0]).toEqual(["Region", "Manager", ...MONTHS]);
    expect(tables[0].headerRows).toBe(1);
    expect(texts(tables[0])).toHaveLength(REGIONS.length + 1);
    expect(rest).toHaveLength(0);
  });

  it("gives no column of figures a head in the gutter after a text column its line leaves unheaded", () => {
    // "Region" heads the first column; "Name" lies in the gutter after the managers,
    // nearer them than the figures: a head over the managers past their cells, not the
    // months', and the line is no header of this table.
    const heads = [line(span("Region", 57.7, y(0), true)), line(span("Name", 57.7 + CELL + 47, y(0), true))];
    const { tables, rest } = detectTables([...heads, ...body(1)], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])[0]).not.toContain("Name");
    expect(rest.map((l) => l.spans[0].text)).toContain("Name");
  });
});
