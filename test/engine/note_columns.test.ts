// tables/note_columns.ts: a spreadsheet's notes column filled on a few rows only. Each note
// starts a word space after its row's last figure, in one span with it, which figure_notes.ts
// cuts ("1.9%" | "Part shipment"); the noted row is the run's row (the note is past the run's
// window) and the notes are a late column however few and wherever they lie (docs/engine.md,
// "Notes on a few rows of a sheet"). Calc's order sheet printed to PDF had come out as eight
// tables, each noted row a column of paragraphs, and a long note lost.
import { describe, expect, it } from "vitest";
import { type Line, type Span, WORD_END_UNITS_PER_PT } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";
import type { PageRows, Piece } from "../../src/engine/tables/cell_gaps.js";
import { headOverNotes } from "../../src/engine/tables/note_columns.js";

const PAGE = { width: 842, height: 595 };
const SIZE = 9;
const CHAR_PT = 4.5;
const PITCH = 11.5;

function span(text: string, x0: number, y0: number): Span {
  return { text, x0, y0, x1: x0 + text.length * CHAR_PT, y1: y0 + SIZE, font: "LiberationSans", size: SIZE, bold: false, italic: false, monospace: false };
}
const spanR = (text: string, x1: number, y0: number) => span(text, x1 - text.length * CHAR_PT, y0);
/** A figure ending at `x1` and its note after a word space: one span, as MuPDF reads Calc's row,
 *  the figure's end measured (Span.wordEnd). */
function figureNote(figure: string, note: string, x1: number, y0: number): Span {
  const s = span(`${figure} ${note}`, x1 - figure.length * CHAR_PT, y0);
  s.wordEnd = Math.round(x1 * WORD_END_UNITS_PER_PT);
  return s;
}
const line = (s: Span): Line => ({ spans: [s], x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, wmode: 0 });
const texts = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ").trim()));
const y = (r: number) => 100 + PITCH * r;

const SHARE_END = 400;
const REGIONS = ["North", "East", "South", "West", "Central", "Export"];

/** The order sheet: order, region, quantity, net value and share; `notes` by row index. */
function sheet(rows: number, notes: Record<number, string>): Line[] {
  const out: Line[] = [];
  for (let r = 0; r < rows; r++) {
    const share = `${(r % 9) + 0.5}%`;
    out.push(line(span(`SO-${1000 + r}`, 60, y(r))), line(span(REGIONS[r % REGIONS.length], 120, y(r))));
    out.push(line(spanR(`${100 + 17 * r}`, 220, y(r))), line(spanR(`£${(1234.5 + 311 * r).toFixed(2)}`, 310, y(r))));
    out.push(line(r in notes ? figureNote(share, notes[r], SHARE_END, y(r)) : spanR(share, SHARE_END, y(r))));
  }
  return out;
}

describe("Notes on a few rows of a sheet (note_columns.ts)", () => {
  it("reads a sheet whose notes stand on a few rows, none first or last, as one table with a Notes column", () => {
    const notes = { 3: "Part shipment", 7: "Customer collected", 12: "Credit note issued for 6 units" };
    const { tables } = detectTables(sheet(16, notes), [], PAGE);
    expect(tables).toHaveLength(1);
    const rows = texts(tables[0]);
    expect(rows).toHaveLength(16);
    expect(rows[3]).toEqual(["SO-1003", "West", "151", "£2167.50", "3.5%", "Part shipment"]);
    expect(rows[4][5]).toBe("");
    // A note longer than a late column's cell (LATE_CELL_WORDS_MAX) is still its row's.
    expect(rows[12][5]).toBe("Credit note issued for 6 units");
  });

  it("keeps two notes on a sheet, fewer than a late column's rows (ALIGNED_ROWS_MIN)", () => {
    const { tables } = detectTables(sheet(12, { 2: "Rush order", 9: "Awaiting proof of delivery" }), [], PAGE);
    expect(tables).toHaveLength(1);
    const rows = texts(tables[0]);
    expect(rows[2][5]).toBe("Rush order");
    expect(rows[9][5]).toBe("Awaiting proof of delivery");
  });

  it("leaves words right of a table on a few rows, cut from no figure, out of it (addLateColumn's block)", () => {
    // Guard: short pieces a gutter and more right of the table, on scattered rows, not in a
    // span with the row's figure: a text column beside the table, as before.
    const lines = sheet(16, {});
    for (const r of [3, 7, 12]) lines.push(line(span("aside", SHARE_END + 40, y(r))));
    const { tables, rest } = detectTables(lines, [], PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])[0]).toHaveLength(5);
    expect(rest.map((l) => l.spans.map((s) => s.text).join(""))).toEqual(["aside", "aside", "aside"]);
  });
});

describe("The head of a notes column (note_columns.ts headOverNotes, allNotesAfterFigures on the body)", () => {
  const bold = (text: string, x0: number, y0: number): Span => ({ ...span(text, x0, y0), font: "LiberationSans-Bold", bold: true });
  const NOTES = { 3: "Part shipment", 7: "Customer collected", 12: "Credit note issued for 6 units" };

  it("gives a one-line header's head over the notes to the notes column", () => {
    const head = ["Order", "Region", "Qty", "Net", "Share", "Notes"].map((h, k) => line(bold(h, [60, 120, 200, 270, 375, 420][k], y(-1))));
    const { tables, rest } = detectTables([...head, ...sheet(16, NOTES)], [], PAGE);
    expect(tables).toHaveLength(1);
    const rows = texts(tables[0]);
    expect(rows[0]).toEqual(["Order", "Region", "Qty", "Net", "Share", "Notes"]);
    expect(rows[4][5]).toBe("Part shipment");
    expect(rest).toHaveLength(0);
  });

  it("finds the head centred in a two-row header band on a page row between the header's slices (headOverNotes)", () => {
    // Calc's band: "Notes" centred in both rows, on a page row of its own between the band's
    // top line ("Dates" | "Quantity") and bottom line ("Ordered" | "Shipped").
    const piece = (text: string, x0: number): Piece => ({ items: [{ span: span(text, x0, 0), line: line(span(text, x0, 0)) }], x0, x1: x0 + text.length * CHAR_PT, y0: 0, y1: SIZE, text });
    const notesHead = piece("Notes", 430);
    const pageRows = [[piece("Dates", 200)], [piece("Order", 60), piece("Unit price", 300), notesHead], [piece("Ordered", 190), piece("Shipped", 250)]];
    const rows = { at: (r: number) => ({ cells: pageRows[r] }) } as unknown as PageRows;
    const column = { x0: 402, x1: 470 };
    expect(headOverNotes(rows, 0, 3, SHARE_END, column, new Set())).toBe(notesHead);
    // Guards: a head a table took already; two pieces over the column; a sentence there.
    expect(headOverNotes(rows, 0, 3, SHARE_END, column, new Set([notesHead]))).toBeNull();
    pageRows[0].push(piece("Remarks", 420));
    expect(headOverNotes(rows, 0, 3, SHARE_END, column, new Set())).toBeNull();
    pageRows[0].pop();
    pageRows[1][2] = piece("Notes on each order as agreed", 405);
    expect(headOverNotes(rows, 0, 3, SHARE_END, column, new Set())).toBeNull();
  });
});
