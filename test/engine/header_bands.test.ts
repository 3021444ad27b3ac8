// tables/header_bands.ts: Calc draws borders round a sheet's header cells only; the ruled
// detector judged the band, a grid of heads a line per cell, a diagram's, and its lines never
// reached the aligned detector: the body came out with no header and each head as a heading
// ("## Dates", "## Order"). A grid of a few rows of short lines with a row of cells right
// under it is left free as the header of the table under it (docs/engine.md, "A ruled header
// band over an unruled body").
import { describe, expect, it } from "vitest";
import type { Line, Rule, Span } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";
import { findGrids } from "../../src/engine/tables/grid.js";
import { headCellColumns } from "../../src/engine/tables/header_bands.js";
import { collectRulings } from "../../src/engine/tables/rulings.js";

const PAGE = { width: 842, height: 595 };
const SIZE = 9;
const CHAR_PT = 4.5;
const PITCH = 11.5;

function span(text: string, x0: number, y0: number, bold = false): Span {
  return { text, x0, y0, x1: x0 + text.length * CHAR_PT, y1: y0 + SIZE, font: bold ? "LiberationSans-Bold" : "LiberationSans", size: SIZE, bold, italic: false, monospace: false };
}
const spanR = (text: string, x1: number, y0: number) => span(text, x1 - text.length * CHAR_PT, y0);
const centred = (text: string, x0: number, x1: number, y0: number) => span(text, (x0 + x1) / 2 - (text.length * CHAR_PT) / 2, y0, true);
const line = (s: Span): Line => ({ spans: [s], x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, wmode: 0 });
const texts = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ").trim()));
/** A border as Calc draws it: a thin filled rectangle. */
const hRule = (x0: number, x1: number, y: number): Rule => ({ x0, y0: y, x1, y1: y + 0.5, kind: "fill" });
const vRule = (x: number, y0: number, y1: number): Rule => ({ x0: x, y0, x1: x + 0.5, y1, kind: "fill" });

/** Column edges of the sheet: Order, Region, Ordered, Shipped, Quantity. */
const XS = [40, 100, 160, 220, 280, 340];
const BAND_TOP = 60;
const BAND_MID = 72;
const BAND_BOTTOM = 84;

/** The header band: "Order", "Region" and "Quantity" over both rows, "Dates" over "Ordered"
 *  and "Shipped"; each cell ruled round. */
function band(): { lines: Line[]; rules: Rule[] } {
  const mid = (BAND_TOP + BAND_BOTTOM) / 2 - SIZE / 2;
  const lines = [
    line(centred("Order", XS[0], XS[1], mid)),
    line(centred("Region", XS[1], XS[2], mid)),
    line(centred("Dates", XS[2], XS[4], BAND_TOP + 1.5)),
    line(centred("Quantity", XS[4], XS[5], mid)),
    line(centred("Ordered", XS[2], XS[3], BAND_MID + 1.5)),
    line(centred("Shipped", XS[3], XS[4], BAND_MID + 1.5)),
  ];
  const rules = [hRule(XS[0], XS[5], BAND_TOP), hRule(XS[2], XS[4], BAND_MID), hRule(XS[0], XS[5], BAND_BOTTOM)];
  for (const x of XS) rules.push(vRule(x, BAND_TOP, BAND_BOTTOM));
  rules.push(vRule(XS[3], BAND_MID, BAND_BOTTOM));
  return { lines, rules };
}

/** The body's rows under the band, unruled: text flush left, dates and figures flush right. */
function body(rows: number): Line[] {
  const out: Line[] = [];
  for (let r = 0; r < rows; r++) {
    const y0 = BAND_BOTTOM + 1.5 + PITCH * r;
    out.push(line(span(`SO-${1000 + r}`, XS[0] + 2, y0)), line(span(["North", "East", "West"][r % 3], XS[1] + 2, y0)));
    out.push(line(spanR(`0${(r % 9) + 1}/01/26`, XS[3] - 2, y0)), line(spanR(`1${r % 10}/02/26`, XS[4] - 2, y0)), line(spanR(`${40 + 13 * r}`, XS[5] - 2, y0)));
  }
  return out;
}

describe("A ruled header band over an unruled body (isHeaderBand)", () => {
  it("reads the band's heads as the header of the table under it, none as text", () => {
    const { lines, rules } = band();
    const { tables, rest } = detectTables([...lines, ...body(8)], rules, PAGE);
    expect(tables).toHaveLength(1);
    const rows = texts(tables[0]);
    const head = rows.slice(0, rows.length - 8).flat();
    for (const h of ["Order", "Region", "Dates", "Quantity", "Ordered", "Shipped"]) expect(head).toContain(h);
    expect(rows[rows.length - 8]).toEqual(["SO-1000", "North", "01/01/26", "10/02/26", "40"]);
    expect(rest).toHaveLength(0);
  });

  it("leaves a ruled grid of labels with a paragraph under it a diagram", () => {
    // Guard: a drawing's boxes, one label each, and a caption line under them: no row of
    // cells under the grid, so its lines stay a diagram's.
    const { lines, rules } = band();
    const caption = line(span("Figure 2. The order pipeline and its stages.", XS[0], BAND_BOTTOM + 3));
    const { tables, inDiagrams } = detectTables([...lines, caption], rules, PAGE);
    expect(tables).toHaveLength(0);
    expect(inDiagrams.size).toBe(lines.length);
  });
});

// A head's word limit counts per column of its ruled cell: a merged cell holds a group's head
// over several columns or the sheet's title over the whole band (Calc's quarterly issues sheet:
// "Regional Stores — Quarterly Issues 2026" over all eight columns, "Quantity issued by quarter"
// over Q1 to Q4), longer than one column's head; the band had been judged a diagram's and every
// head had come out as a heading over a table with no header.

/** Column edges of the issues sheet: Date, Region, Item, Q1..Q4, Total. */
const XS8 = [56, 116, 176, 236, 296, 356, 416, 476, 536];
const ROW_YS = [78, 91, 103, 116];

/** Calc's three-row band: `title` over all eight columns; "Order" over three, `group` over
 *  the four quarters, "Year" over Total; then a head per column. Every cell ruled round. */
function issuesBand(title: string, group: string): { lines: Line[]; rules: Rule[] } {
  const at = (r: number) => ROW_YS[r] + 2;
  const lines = [
    line(centred(title, XS8[0], XS8[8], at(0))),
    line(centred("Order", XS8[0], XS8[3], at(1))),
    line(centred(group, XS8[3], XS8[7], at(1))),
    line(centred("Year", XS8[7], XS8[8], at(1))),
  ];
  ["Date", "Region", "Item", "Q1", "Q2", "Q3", "Q4", "Total"].forEach((h, c) => lines.push(line(centred(h, XS8[c], XS8[c + 1], at(2)))));
  const rules: Rule[] = ROW_YS.map((y) => hRule(XS8[0], XS8[8], y));
  rules.push(vRule(XS8[0], ROW_YS[0], ROW_YS[3]), vRule(XS8[8], ROW_YS[0], ROW_YS[3]));
  for (const c of [3, 7]) rules.push(vRule(XS8[c], ROW_YS[1], ROW_YS[3]));
  for (const c of [1, 2, 4, 5, 6]) rules.push(vRule(XS8[c], ROW_YS[2], ROW_YS[3]));
  return { lines, rules };
}

/** The sheet's rows under the band: date, region, item flush left, figures flush right. */
function issuesBody(rows: number): Line[] {
  const out: Line[] = [];
  for (let r = 0; r < rows; r++) {
    const y0 = ROW_YS[3] + 1.5 + PITCH * r;
    out.push(line(span(`2026-0${(r % 9) + 1}-1${r % 10}`, XS8[0] + 2, y0)), line(span(["North", "East", "West"][r % 3], XS8[1] + 2, y0)), line(span(["Pipes", "Valves"][r % 2], XS8[2] + 2, y0)));
    for (let c = 3; c < 8; c++) out.push(line(spanR(`${100 + 7 * r + c}`, XS8[c + 1] - 2, y0)));
  }
  return out;
}

describe("A header band's merged cells hold longer heads (headCellColumns)", () => {
  it("reads a sheet's title and a group's head over merged cells as the table's header", () => {
    const { lines, rules } = issuesBand("Regional Stores — Quarterly Issues 2026", "Quantity issued by quarter");
    const { tables, rest } = detectTables([...lines, ...issuesBody(8)], rules, PAGE);
    expect(tables).toHaveLength(1);
    const rows = texts(tables[0]);
    const head = rows.slice(0, rows.length - 8).flat();
    for (const h of ["Regional Stores — Quarterly Issues 2026", "Quantity issued by quarter", "Order", "Date", "Q4", "Total"]) expect(head).toContain(h);
    expect(rows[rows.length - 8]).toEqual(["2026-01-10", "North", "Pipes", "103", "104", "105", "106", "107"]);
    expect(rest).toHaveLength(0);
  });

  it("still leaves a band a diagram when its widest cell holds a sentence", () => {
    // Guard: past HEADER_BAND_SPAN_WORDS_MAX words a box is a drawing's, however wide.
    const { lines, rules } = issuesBand("All the stores issued by the regional depots in the year", "Quantity issued by quarter");
    const { tables, inDiagrams } = detectTables([...lines, ...issuesBody(8)], rules, PAGE);
    expect(tables.every((t) => !texts(t).flat().includes("Quantity issued by quarter"))).toBe(true);
    expect(inDiagrams.size).toBe(lines.length);
  });

  it("still leaves a band a diagram when a cell holds more words than its columns allow", () => {
    // Guard: seven words over the one column of "Year" are no head of a sheet.
    const { lines, rules } = issuesBand("Regional Stores — Quarterly Issues 2026", "Quantity issued by quarter");
    const year = lines.findIndex((l) => l.spans[0].text === "Year");
    lines[year] = line(centred("Year to date in units", XS8[7], XS8[8], ROW_YS[1] + 2));
    const { tables, inDiagrams } = detectTables([...lines, ...issuesBody(8)], rules, PAGE);
    expect(tables.every((t) => !texts(t).flat().includes("Quantity issued by quarter"))).toBe(true);
    expect(inDiagrams.size).toBe(lines.length);
  });
});

describe("headCellColumns", () => {
  it("counts the columns of the ruled cell a line stands in, 1 where a side is open", () => {
    const { lines, rules } = issuesBand("Regional Stores — Quarterly Issues 2026", "Quantity issued by quarter");
    const grids = findGrids(collectRulings(rules, PAGE));
    expect(grids).toHaveLength(1);
    const of = (text: string) => headCellColumns(grids[0], lines.find((l) => l.spans[0].text === text)!);
    expect([of("Regional Stores — Quarterly Issues 2026"), of("Order"), of("Quantity issued by quarter"), of("Year"), of("Q2")]).toEqual([8, 3, 4, 1, 1]);
    // A line under the band, where no vertical rule runs: an open cell.
    expect(headCellColumns(grids[0], line(span("Note", XS8[0] + 2, ROW_YS[3] + 20)))).toBe(1);
  });
});
