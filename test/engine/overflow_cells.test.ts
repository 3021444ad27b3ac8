// tables/overflow_cells.ts: Calc clips a text cell's overflow at a neighbour holding text, so a
// label as wide as its cell ("Metro North") ends a word space before the next cell's text
// ("H. Costa") and the reader gives both one span; where other rows' cells start exactly where
// the span's later words do, each after a cell of its own row, and the span starts where its own
// column's cells start, the span is cut there (docs/engine.md, "Text cells as wide as theirs").
// Calc's sales sheet printed to PDF (LibreOffice 7, Liberation Sans 10 pt; the lines below are
// the reader's, rounded to 0.1 pt) came out as two tables cut at "Metro North H. Costa".
import { describe, expect, it } from "vitest";
import type { Line, Span } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";
import { cutOverflowCells } from "../../src/engine/tables/overflow_cells.js";

const PAGE = { width: 595, height: 842 };

/** text, x0, y0, x1, y1, bold, wordEnd (Span.wordEnd, where the reader measured it). */
type Row = [string, number, number, number, number, boolean, number?];
const SALES: Row[] = [
  ["Sales by region, first half 2025 (units)", 57.7, 79.8, 269.8, 91.8, true, 5697],
  ["Region", 57.7, 107.4, 91.6, 117.4, true],
  ["Manager", 115.3, 107.4, 156.5, 117.4, true],
  ["Jan", 172.9, 107.4, 190.2, 117.4, true],
  ["Feb", 230.5, 107.4, 248.3, 117.4, true],
  ["Mar", 288.1, 107.4, 305.9, 117.4, true],
  ["Apr", 345.7, 107.4, 362.9, 117.4, true],
  ["May", 403.3, 107.4, 422.8, 117.4, true],
  ["Jun", 460.9, 107.4, 478.7, 117.4, true],
  ["North", 57.7, 120.2, 82.2, 130.2, false],
  ["A. Novak", 115.3, 120.2, 156, 130.2, false, 7986],
  ["2,212", 203.3, 120.2, 228.4, 130.2, false],
  ["2,674", 260.9, 120.2, 286, 130.2, false],
  ["2,577", 318.5, 120.2, 343.6, 130.2, false],
  ["1,755", 376.1, 120.2, 401.2, 130.2, false],
  ["1,175", 433.7, 120.2, 458.8, 130.2, false],
  ["5,199", 491.3, 120.2, 516.4, 130.2, false],
  ["South", 57.7, 133, 83.9, 143, false],
  ["B. Singh", 115.3, 133, 153.2, 143, false, 7986],
  ["2,626", 203.3, 133, 228.4, 143, false],
  ["1,992", 260.9, 133, 286, 143, false],
  ["5,103", 318.5, 133, 343.6, 143, false],
  ["3,108", 376.1, 133, 401.2, 143, false],
  ["4,477", 433.7, 133, 458.8, 143, false],
  ["4,437", 491.3, 133, 516.4, 143, false],
  ["East", 57.7, 145.8, 77.8, 155.8, false],
  ["C. Okafor", 115.3, 145.8, 158.2, 155.8, false, 8018],
  ["3,758", 203.3, 145.8, 228.4, 155.8, false],
  ["2,312", 260.9, 145.8, 286, 155.8, false],
  ["3,686", 318.5, 145.8, 343.6, 155.8, false],
  ["4,657", 376.1, 145.8, 401.2, 155.8, false],
  ["4,257", 433.7, 145.8, 458.8, 155.8, false],
  ["994", 499.7, 145.8, 516.4, 155.8, false],
  ["West", 57.7, 158.5, 80.5, 168.5, false],
  ["D. Müller", 115.3, 158.5, 155.3, 168.5, false, 8018],
  ["4,799", 203.3, 158.5, 228.4, 168.5, false],
  ["4,513", 260.9, 158.5, 286, 168.5, false],
  ["812", 326.9, 158.5, 343.6, 168.5, false],
  ["824", 384.5, 158.5, 401.2, 168.5, false],
  ["2,185", 433.7, 158.5, 458.8, 168.5, false],
  ["1,533", 491.3, 158.5, 516.4, 168.5, false],
  ["Central", 57.7, 171.3, 90, 181.3, false],
  ["E. Rossi", 115.3, 171.3, 152.6, 181.3, false, 7986],
  ["2,817", 203.3, 171.3, 228.4, 181.3, false],
  ["5,163", 260.9, 171.3, 286, 181.3, false],
  ["2,384", 318.5, 171.3, 343.6, 181.3, false],
  ["3,901", 376.1, 171.3, 401.2, 181.3, false],
  ["1,383", 433.7, 171.3, 458.8, 181.3, false],
  ["2,617", 491.3, 171.3, 516.4, 181.3, false],
  ["Coastal", 57.7, 184.1, 91.7, 194.1, false],
  ["F. Tanaka", 115.3, 184.1, 160.5, 194.1, false, 7948],
  ["2,440", 203.3, 184.1, 228.4, 194.1, false],
  ["4,226", 260.9, 184.1, 286, 194.1, false],
  ["4,055", 318.5, 184.1, 343.6, 194.1, false],
  ["4,779", 376.1, 184.1, 401.2, 194.1, false],
  ["4,970", 433.7, 184.1, 458.8, 194.1, false],
  ["4,090", 491.3, 184.1, 516.4, 194.1, false],
  ["Highlands", 57.7, 196.9, 102.3, 206.9, false],
  ["G. Byrne", 115.3, 196.9, 154.8, 206.9, false, 8056],
  ["2,172", 203.3, 196.9, 228.4, 206.9, false],
  ["1,288", 260.9, 196.9, 286, 206.9, false],
  ["3,821", 318.5, 196.9, 343.6, 206.9, false],
  ["4,758", 376.1, 196.9, 401.2, 206.9, false],
  ["4,571", 433.7, 196.9, 458.8, 206.9, false],
  ["943", 499.7, 196.9, 516.4, 206.9, false],
  ["Metro North H. Costa", 57.7, 209.7, 154.3, 219.7, false, 5329],
  ["2,530", 203.3, 209.7, 228.4, 219.7, false],
  ["1,845", 260.9, 209.7, 286, 219.7, false],
  ["2,229", 318.5, 209.7, 343.6, 219.7, false],
  ["3,175", 376.1, 209.7, 401.2, 219.7, false],
  ["1,815", 433.7, 209.7, 458.8, 219.7, false],
  ["982", 499.7, 209.7, 516.4, 219.7, false],
  ["Metro South I. Larsen", 57.7, 222.5, 154.3, 232.5, false, 5329],
  ["1,201", 203.3, 222.5, 228.4, 232.5, false],
  ["4,716", 260.9, 222.5, 286, 232.5, false],
  ["1,038", 318.5, 222.5, 343.6, 232.5, false],
  ["1,329", 376.1, 222.5, 401.2, 232.5, false],
  ["1,340", 433.7, 222.5, 458.8, 232.5, false],
  ["2,643", 491.3, 222.5, 516.4, 232.5, false],
  ["Islands", 57.7, 235.2, 89.5, 245.2, false],
  ["J. Dubois", 115.3, 235.2, 157.1, 245.2, false, 7878],
  ["4,901", 203.3, 235.2, 228.4, 245.2, false],
  ["2,840", 260.9, 235.2, 286, 245.2, false],
  ["2,015", 318.5, 235.2, 343.6, 245.2, false],
  ["933", 384.5, 235.2, 401.2, 245.2, false],
  ["2,299", 433.7, 235.2, 458.8, 245.2, false],
  ["4,675", 491.3, 235.2, 516.4, 245.2, false],
  ["Total", 57.7, 248, 81.6, 258, true],
  ["29,456", 197.7, 248, 228.4, 258, true],
  ["31,569", 255.3, 248, 286, 258, true],
  ["27,720", 312.9, 248, 343.6, 258, true],
  ["29,219", 370.5, 248, 401.2, 258, true],
  ["28,472", 428.1, 248, 458.8, 258, true],
  ["28,113", 485.7, 248, 516.4, 258, true],
];

function lineOf([text, x0, y0, x1, y1, bold, wordEnd]: Row): Line {
  const s: Span = { text, x0, y0, x1, y1, font: bold ? "LiberationSans-Bold" : "LiberationSans", size: 10, bold, italic: false, monospace: false };
  if (wordEnd !== undefined) s.wordEnd = wordEnd;
  return { spans: [s], x0, y0, x1, y1, wmode: 0 };
}
const texts = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ").trim()));

describe("Text cells as wide as theirs run into the next text column (cutOverflowCells)", () => {
  it("reads Calc's sales sheet as one table, 'Metro North' | 'H. Costa' two cells", () => {
    const { tables } = detectTables(SALES.map(lineOf), [], PAGE);
    expect(tables).toHaveLength(1);
    const rows = texts(tables[0]);
    expect(rows).toHaveLength(12);
    expect(rows.find((r) => r[0].startsWith("Metro North"))?.slice(0, 2)).toEqual(["Metro North", "H. Costa"]);
  });

  it("cuts where the managers start, the region's words left of it", () => {
    const lines = SALES.map(lineOf);
    const metro = lines.find((l) => l.spans[0].text === "Metro North H. Costa")!;
    cutOverflowCells(lines, null);
    expect(metro.spans.map((s) => s.text)).toEqual(["Metro North ", "H. Costa"]);
    expect(metro.spans[1].x0).toBeCloseTo(115.3, 1);
  });

  it("leaves a span whose later words start no column of cells", () => {
    const lines = SALES.map(lineOf).filter((l) => Math.abs(l.x0 - 115.3) > 0.5);
    expect(cutOverflowCells(lines, null)).toBeNull();
  });

  it("leaves a cell centred in its column, which starts where no other cell does (acmart's 'For wider tables')", () => {
    const lines = SALES.map(lineOf);
    const metro = lines.find((l) => l.spans[0].text === "Metro North H. Costa")!;
    for (const s of metro.spans) (s.x0 += 3), (s.x1 += 3);
    metro.x0 += 3;
    const cuts = cutOverflowCells(lines, null);
    expect(metro.spans).toHaveLength(1);
    expect(cuts?.before.has(metro) ?? false).toBe(false);
  });

  it("leaves a line of prose across a page's second column, whose lines are long", () => {
    const line = (text: string, x0: number, y0: number): Line => lineOf([text, x0, y0, x0 + text.length * 5, y0 + 10, false]);
    const lines: Line[] = [line("Results across both page columns", 57.7, 100), line("12", 400, 100)];
    for (let r = 1; r <= 6; r++) lines.push(line("left column prose that goes on", 57.7, 100 + 12.8 * r), line("right column prose set to its width", 200, 100 + 12.8 * r));
    expect(cutOverflowCells(lines, null)).toBeNull();
  });
  it("cuts mid-word where Calc clipped the overflow at the border ('Central Plain' of 'Central Plains' | 'E. Rossi')", () => {
    // A second print of the sheet, two regions renamed longer: Calc clips them at the border
    // with no space before the manager (the reader's spans, as printed).
    const renamed = SALES.filter(([text]) => !["Central", "E. Rossi", "Islands", "J. Dubois"].includes(text));
    renamed.push(["Central PlainE. Rossi", 57.7, 171.3, 152.6, 181.3, false, 5760], ["Outer IslandsJ. Dubois", 57.7, 235.2, 157.1, 245.2, false, 5299]);
    const { tables } = detectTables(renamed.map(lineOf), [], PAGE);
    expect(tables).toHaveLength(1);
    const rows = texts(tables[0]);
    expect(rows).toHaveLength(12);
    expect(rows.find((r) => r[0].startsWith("Central"))?.slice(0, 2)).toEqual(["Central Plain", "E. Rossi"]);
    expect(rows.find((r) => r[0].startsWith("Outer"))?.slice(0, 2)).toEqual(["Outer Islands", "J. Dubois"]);
  });

  it("leaves a form's option wider than its column that ends its row (fragebogen's 'Warmwasser mit der Heizung')", () => {
    const lines = SALES.map(lineOf);
    const metro = lines.find((l) => l.spans[0].text === "Metro North H. Costa")!;
    const row = lines.filter((l) => l !== metro && Math.abs(l.y0 - metro.y0) < 1);
    const kept = lines.filter((l) => !row.includes(l));
    cutOverflowCells(kept, null);
    expect(metro.spans).toHaveLength(1);
  });
});
