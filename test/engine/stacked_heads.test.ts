// tables/stacked_heads.ts: a borderless table's header wrapped onto two lines, each line a row
// of the aligned detector, is one header row (docs/engine.md, "Stacked heads").
import { describe, expect, it } from "vitest";
import type { Line, Span } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";
import type { BuiltRow } from "../../src/engine/tables/model.js";
import { joinStackedHeads } from "../../src/engine/tables/stacked_heads.js";

const PAGE = { width: 595, height: 842 };
const SIZE = 10;
const CHAR_PT = 5;
const LINE = 11.5;
const PITCH = 16;

function span(text: string, x0: number, y0: number, bold: boolean): Span {
  return { text, x0, y0, x1: x0 + text.length * CHAR_PT, y1: y0 + SIZE, font: bold ? "LiberationSerif-Bold" : "LiberationSerif", size: SIZE, bold, italic: false, monospace: false };
}
const line = (text: string, x0: number, y0: number, bold = false): Line => {
  const s = span(text, x0, y0, bold);
  return { spans: [s], x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, wmode: 0 };
};
const texts = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ").trim()));

const XS = [60, 150, 240, 330, 420];
const BODY = [
  ["Aldridge", "6", "4,120", "6,930", "68"],
  ["Bramford", "4", "2,480", "3,010", "21"],
  ["Carrow", "9", "7,760", "12,400", "60"],
  ["Dunmere", "3", "1,150", "1,290", "12"],
];

/** A head of two lines over the body: `top` and `bottom` per column ("" for none). */
function table(top: string[], bottom: string[], bold = true, gap = LINE): Line[] {
  const out: Line[] = [];
  XS.forEach((x, c) => {
    if (top[c]) out.push(line(top[c], x, 100, bold));
    if (bottom[c]) out.push(line(bottom[c], x, 100 + gap, bold));
  });
  BODY.forEach((row, r) => row.forEach((cell, c) => out.push(line(cell, XS[c], 100 + gap + PITCH * (r + 1)))));
  return out;
}

const TOP = ["", "Counting", "Per day", "Per day", "Change"];
const BOTTOM = ["City", "stations", "2019", "2025", "(%)"];

describe("Stacked heads (joinStackedHeads)", () => {
  it("reads a head set at the bottom of its cell and wrapped heads as one header row", () => {
    const { tables } = detectTables(table(TOP, BOTTOM), [], PAGE);
    expect(tables).toHaveLength(1);
    const rows = texts(tables[0]);
    expect(rows[0]).toEqual(["City", "Counting stations", "Per day 2019", "Per day 2025", "Change (%)"]);
    expect(rows).toHaveLength(5);
  });

  it("keeps a head set at the top of its cell (Writer's) one header row", () => {
    const { tables } = detectTables(table(["Building", "Floor", "Heating", "Power", "Per m²"], ["", "(m²)", "(MWh)", "(MWh)", "(kWh)"]), [], PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])[0]).toEqual(["Building", "Floor (m²)", "Heating (MWh)", "Power (MWh)", "Per m² (kWh)"]);
  });

  const row = (cells: (Line | null)[], y0: number): BuiltRow => ({ cells: cells.map((l) => ({ lines: l ? [l] : [] })), y0, y1: y0 + SIZE });
  const bodyRow = (r: number) => row(BODY[r].map((t, c) => line(t, XS[c], 140 + PITCH * r)), 140 + PITCH * r);

  it("joins a wrapped head's first line, alone on its line, over the line of the short heads (Calc sets cells at their bottom, svc-md-1.1.40)", () => {
    const top = [null, null, null, null, line("Change", XS[4], 100, true)];
    const rows = [row(top, 100), row(BOTTOM.map((t, c) => line(t, XS[c], 100 + LINE, true)), 100 + LINE), bodyRow(0), bodyRow(1)];
    const joined = joinStackedHeads(rows);
    expect(joined).toHaveLength(3);
    expect(joined[0].cells.map((cell) => cell.lines.map((l) => l.spans[0].text).join(" "))).toEqual(["City", "stations", "2019", "2025", "Change (%)"]);
  });

  it("leaves a line alone over a column the line under it leaves empty: no wrapped head's", () => {
    const top = [null, null, null, null, line("Change", XS[4], 100, true)];
    const bottom = BOTTOM.map((t, c) => (c === 4 ? null : line(t, XS[c], 100 + LINE, true)));
    const rows = [row(top, 100), row(bottom, 100 + LINE), bodyRow(0), bodyRow(1)];
    expect(joinStackedHeads(rows)).toBe(rows);
  });

  it("leaves header lines a line gap apart (a header over a bold row)", () => {
    const rows = [row(TOP.map((t, c) => (t ? line(t, XS[c], 100, true) : null)), 100), row(BOTTOM.map((t, c) => line(t, XS[c], 100 + 2 * LINE, true)), 100 + 2 * LINE), bodyRow(0), bodyRow(1)];
    expect(joinStackedHeads(rows)).toBe(rows);
  });

  it("leaves a group's head over its sub-heads", () => {
    const rows = [row([null, line("Units sold", 175, 100, true), null, line("Change", 330, 100, true), null], 100), row(BOTTOM.map((t, c) => line(t, XS[c], 100 + LINE, true)), 100 + LINE), bodyRow(0), bodyRow(1)];
    expect(joinStackedHeads(rows)).toBe(rows);
  });

  it("leaves a bold section label under the header", () => {
    const rows = [row(BOTTOM.map((t, c) => line(t, XS[c], 100, true)), 100), row([line("North", 60, 100 + LINE, true), null, null, null, null], 100 + LINE), bodyRow(0), bodyRow(1)];
    expect(joinStackedHeads(rows)).toBe(rows);
  });

  it("leaves a table set in bold throughout", () => {
    const lines = table(TOP, BOTTOM).map((l) => line(l.spans[0].text, l.x0, l.y0, true));
    const { tables } = detectTables(lines, [], PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0]).length).toBeGreaterThan(5);
  });
});
