import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as mupdf from "mupdf";
import type { Line, Rule, Span } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";
import { collectRulings } from "../../src/engine/tables/rulings.js";
import { indicesByKey, median } from "../../src/engine/tables/sorted_search.js";
import { PageRows, pieceLines, splitsIntoPieces, textRow } from "../../src/engine/tables/cell_gaps.js";
import { escapePipes, renderTable } from "../../src/engine/render/table.js";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

// ---- builders: a synthetic page model with Helvetica-like metrics (0.5 em per character)

const PAGE = { width: 612, height: 792 };
const SIZE = 10;
const CHAR_EM = 0.5;

interface SpanOptions {
  size?: number;
  bold?: boolean;
}

function span(text: string, x0: number, y0: number, o: SpanOptions = {}): Span {
  const size = o.size ?? SIZE;
  const bold = o.bold ?? false;
  return {
    text,
    x0,
    y0,
    x1: x0 + text.length * size * CHAR_EM,
    y1: y0 + size * 1.2,
    font: bold ? "Helvetica-Bold" : "Helvetica",
    size,
    bold,
    italic: false,
    monospace: false,
  };
}

/** A span whose right edge is at x1 (right-aligned numbers). */
function spanR(text: string, x1: number, y0: number, o: SpanOptions = {}): Span {
  return span(text, x1 - text.length * (o.size ?? SIZE) * CHAR_EM, y0, o);
}

function line(...spans: Span[]): Line {
  return {
    spans,
    x0: Math.min(...spans.map((s) => s.x0)),
    y0: Math.min(...spans.map((s) => s.y0)),
    x1: Math.max(...spans.map((s) => s.x1)),
    y1: Math.max(...spans.map((s) => s.y1)),
    wmode: 0,
  };
}

const text = (t: string, x0: number, y0: number, o: SpanOptions = {}) => line(span(t, x0, y0, o));

function hRule(x0: number, x1: number, y: number, thick = 0.5): Rule {
  return { x0, y0: y - thick / 2, x1, y1: y + thick / 2, kind: "stroke" };
}

function vRule(x: number, y0: number, y1: number, thick = 0.5): Rule {
  return { x0: x - thick / 2, y0, x1: x + thick / 2, y1, kind: "stroke" };
}

/** A full grid of stroked rules. */
function gridRules(xs: number[], ys: number[]): Rule[] {
  return [
    ...ys.map((y) => hRule(xs[0], xs[xs.length - 1], y)),
    ...xs.map((x) => vRule(x, ys[0], ys[ys.length - 1])),
  ];
}

const lineText = (l: Line) => l.spans.map((s) => s.text).join("");
const cellTexts = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map(lineText).join(" ")));

// ---- ruled tables -------------------------------------------------------------------

describe("detectTables: ruled grids", () => {
  const xs = [50, 200, 350, 500];
  const ys = [100, 120, 140, 160];
  const words = [
    ["Name", "Qty", "Price"],
    ["Apple", "3", "1.20"],
    ["Banana", "12", "0.50"],
  ];

  function grid3x3(headerBold: boolean) {
    const cells = words.flatMap((row, r) =>
      row.map((w, c) => text(w, xs[c] + 5, ys[r] + 4, { bold: headerBold && r === 0 })),
    );
    const above = text("A paragraph before the table.", 50, 60);
    const below = text("A paragraph after the table.", 50, 200);
    return { lines: [above, ...cells, below], above, below };
  }

  it("finds a 3×3 grid, keeps cells in order and leaves the rest", () => {
    const { lines, above, below } = grid3x3(false);
    const { tables, rest } = detectTables(lines, gridRules(xs, ys), PAGE);
    expect(tables).toHaveLength(1);
    const t = tables[0];
    expect(t.ruled).toBe(true);
    expect(cellTexts(t)).toEqual(words);
    expect(t.headerRows).toBe(0);
    expect(rest).toEqual([above, below]);
    expect([t.x0, t.y0, t.x1, t.y1].map(Math.round)).toEqual([50, 100, 500, 160]);
  });

  it("marks a bold first row as the header", () => {
    const { lines } = grid3x3(true);
    expect(detectTables(lines, gridRules(xs, ys), PAGE).tables[0].headerRows).toBe(1);
  });

  it("marks a thicker rule under the first row as the header", () => {
    const { lines } = grid3x3(false);
    const rules = gridRules(xs, ys).filter((r) => !(r.y1 - r.y0 < 1 && Math.abs(r.y0 - 120) < 1));
    rules.push(hRule(50, 500, 120, 1.5));
    expect(detectTables(lines, rules, PAGE).tables[0].headerRows).toBe(1);
  });

  it("cuts one Line per row into cells, including a span that crosses a border", () => {
    // MuPDF joins a row into one line when the cell padding is small; a same-font run
    // across a border arrives as one span with a single space at the border.
    const rows = [
      line(span("Name", 55, 104), span("Qty", 205, 104), span("Price", 355, 104)),
      line(span("Apple", 55, 124), span("3", 205, 124), span("1.20", 355, 124)),
      line({ ...span("Banana split 12", 55, 144), x1: 215 }, span("0.50", 355, 144)),
    ];
    // Outer border as a stroked rectangle, inner rules as thin filled rectangles.
    const rules: Rule[] = [
      { x0: 50, y0: 100, x1: 500, y1: 160, kind: "stroke" },
      { x0: 50, y0: 119.5, x1: 500, y1: 120.5, kind: "fill" },
      { x0: 50, y0: 139.5, x1: 500, y1: 140.5, kind: "fill" },
      { x0: 199.5, y0: 100, x1: 200.5, y1: 160, kind: "fill" },
      { x0: 349.5, y0: 100, x1: 350.5, y1: 160, kind: "fill" },
    ];
    const { tables, rest } = detectTables(rows, rules, PAGE);
    expect(rest).toEqual([]);
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0])).toEqual([
      ["Name", "Qty", "Price"],
      ["Apple", "3", "1.20"],
      ["Banana split", "12", "0.50"],
    ]);
    const cut = tables[0].rows[2][0].lines[0];
    expect(cut.x1).toBeLessThan(200);
  });

  it("leaves a merged cell's text in its first cell", () => {
    const lines = [
      text("Name", 55, 104),
      text("Price range", 205, 104),
      ...words.slice(1).flatMap((row, r) => row.map((w, c) => text(w, xs[c] + 5, ys[r + 1] + 4))),
    ];
    const rules = [
      ...ys.map((y) => hRule(50, 500, y)),
      vRule(50, 100, 160),
      vRule(200, 100, 160),
      vRule(350, 120, 160), // no border between the last two header cells
      vRule(500, 100, 160),
    ];
    const { tables } = detectTables(lines, rules, PAGE);
    expect(cellTexts(tables[0])).toEqual([["Name", "Price range", ""], ...words.slice(1)]);
  });

  it("takes a framed grid with many spanning cells for a table (issue 9: ruled tables with merged cells)", () => {
    // A survey table: a label column, then a value and a note that each span three rows.
    // Fewer than 80 % of the inner borders are drawn (13 of 17), but every merged cell is a
    // closed rectangle.
    const gx = [50, 150, 250, 350];
    const gy = [100, 120, 140, 160, 180];
    const lines = [
      text("Survey", 55, 104), text("Households", 155, 104), text("Group", 255, 104),
      text("Height", 55, 124), text("2400", 155, 134), text("All the individuals", 255, 134),
      text("Weight", 55, 144),
      text("Diet", 55, 164),
    ];
    const rules = [
      ...gy.map((y) => (y === 140 || y === 160 ? hRule(50, 150, y) : hRule(50, 350, y))),
      ...[50, 150, 250, 350].map((x) => vRule(x, 100, 180)),
    ];
    const { tables, rest } = detectTables(lines, rules, PAGE);
    expect(rest).toEqual([]);
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0])).toEqual([
      ["Survey", "Households", "Group"],
      ["Height", "2400", "All the individuals"],
      ["Weight", "", ""],
      ["Diet", "", ""],
    ]);
    // Open on one side (no rule at x = 350), the same spans read as a diagram's free space.
    expect(detectTables(lines, rules.filter((r) => !(r.x0 > 349 && r.x1 < 351)), PAGE).tables).toEqual([]);
  });

  it("splits a body band ruled only around the outside into rows (booktabs with verticals)", () => {
    const body = [
      ["Apple", "3", "1.20"],
      ["Banana", "12", "0.50"],
      ["Cherry", "100", "9.99"],
    ];
    const lines = [
      ...words[0].map((w, c) => text(w, xs[c] + 5, 104)),
      ...body.flatMap((row, r) => row.map((w, c) => text(w, xs[c] + 5, 124 + 14 * r))),
    ];
    const rules = [
      hRule(50, 500, 100),
      hRule(50, 500, 120),
      hRule(50, 500, 170),
      ...xs.map((x) => vRule(x, 100, 170)),
    ];
    const { tables } = detectTables(lines, rules, PAGE);
    expect(cellTexts(tables[0])).toEqual([words[0], ...body]);
    expect(tables[0].headerRows).toBe(1);
  });

  it("splits a body band whose first row wraps in its last column: the wrapped lines join that row (issue 9: longtable p3's \"p\" column, then rows of \"Lots of lines | like this.\")", () => {
    const lines = [
      ...words[0].map((w, c) => text(w, xs[c] + 5, 104)),
      text("Apple", 55, 124), text("3", 205, 124), text("A long note that", 355, 124),
      text("wraps onto", 355, 136), text("three lines", 355, 148),
      text("Banana", 55, 160), text("12", 205, 160), text("0.50", 355, 160),
      text("Cherry", 55, 172), text("100", 205, 172), text("9.99", 355, 172),
    ];
    const rules = [hRule(50, 500, 100), hRule(50, 500, 120), hRule(50, 500, 186), ...xs.map((x) => vRule(x, 100, 186))];
    const { tables } = detectTables(lines, rules, PAGE);
    expect(cellTexts(tables[0])).toEqual([words[0], ["Apple", "3", "A long note that wraps onto three lines"], ["Banana", "12", "0.50"], ["Cherry", "100", "9.99"]]);
  });

  it("keeps a header band of wrapped cells as one row though a line of it starts in the first column (issue 9: tabula's award of bids, \"Serial\" over \"No.\")", () => {
    const lines = [
      text("Serial", 55, 104), text("Method of", 205, 104), text("Contract", 355, 104),
      text("No.", 55, 116), text("Procurement", 205, 116), text("completion", 355, 116),
      text("date", 355, 128),
      ...["1", "2", "3"].flatMap((n, r) => [text(n, 55, 146 + 20 * r), text("Open", 205, 146 + 20 * r), text(`0${n}/12`, 355, 146 + 20 * r)]),
    ];
    // Ruled round the header and the body only: the body band is split into its rows.
    const rules = [hRule(50, 500, 100), hRule(50, 500, 140), hRule(50, 500, 200), ...xs.map((x) => vRule(x, 100, 200))];
    const { tables } = detectTables(lines, rules, PAGE);
    expect(cellTexts(tables[0])).toEqual([
      ["Serial No.", "Method of Procurement", "Contract completion date"],
      ["1", "Open", "01/12"],
      ["2", "Open", "02/12"],
      ["3", "Open", "03/12"],
    ]);
  });

  it("takes a spanning row between the table's top rule and the columns' rules into the table (issue 9: longtable p3)", () => {
    // The top rule at 100 meets no vertical: the verticals start at 116, under the spanning row.
    const lines = [
      text("This part appears at the top of every page", 120, 104),
      ...words.map((row, r) => row.map((w, c) => text(w, xs[c] + 5, 120 + 16 * r))).flat(),
    ];
    const rules = [hRule(50, 500, 100), hRule(50, 500, 134), hRule(50, 500, 170), ...xs.map((x) => vRule(x, 116, 170))];
    const { tables, rest } = detectTables(lines, rules, PAGE);
    expect(rest).toEqual([]);
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0])).toEqual([["This part appears at the top of every page", "", ""], ...words]);
  });

  it("keeps a zebra-striped table's last row in the aligned table: a one-row box closes no open row under it (issue 9: xcolor p10's \"wave\" over the table's note)", () => {
    // An aligned table of five rows, the last one's background a box of filled cells, then a
    // full-width rule under it and a note, and a rule under the note.
    const names = ["rgb", "cmy", "hsb", "gray", "wave"];
    const lines = [
      ...names.flatMap((name, r) => [text(name, 166, 100 + 14 * r), text(`${name} base`, 210, 100 + 14 * r), text(`[0, ${r + 1}]`, 346, 100 + 14 * r)]),
      text("L, M, N are positive integers", 204, 172),
    ];
    const fill = (x0: number, x1: number): Rule => ({ x0, y0: 155, x1, y1: 169, kind: "fill" });
    const rules = [fill(160, 203), fill(203, 340), fill(340, 446), hRule(160, 498, 169.3), hRule(160, 498, 171.7), hRule(160, 498, 186)];
    const { tables } = detectTables(lines, rules, PAGE);
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0]).map((row) => row[0].trim())).toEqual(names);
  });

  it("keeps a wrapped cell as one row", () => {
    const lines = [
      ...words[0].map((w, c) => text(w, xs[c] + 5, 104)),
      text("A long name that", 55, 124),
      text("wraps", 55, 136),
      text("3", 205, 124),
      text("1.20", 355, 124),
    ];
    const { tables } = detectTables(lines, gridRules(xs, [100, 120, 150]), PAGE);
    expect(cellTexts(tables[0])).toEqual([words[0], ["A long name that wraps", "3", "1.20"]]);
  });

  it("keeps a row whose first and last cells both wrap as one row when every row is ruled (issue 9: tabula us-017)", () => {
    const gy = [100, 120, 140, 170, 190];
    const lines = [
      ...words[0].map((w, c) => text(w, xs[c] + 5, 104)),
      text("Apple", 55, 124), text("3", 205, 124), text("1.20", 355, 124),
      text("A long name that", 55, 144), text("7", 205, 150), text("North Carolina", 355, 144),
      text("wraps", 55, 156), text("University", 355, 156),
      text("Cherry", 55, 174), text("100", 205, 174), text("9.99", 355, 174),
    ];
    const { tables } = detectTables(lines, gridRules(xs, gy), PAGE);
    expect(cellTexts(tables[0])).toEqual([words[0], words[1], ["A long name that wraps", "7", "North Carolina University"], ["Cherry", "100", "9.99"]]);
  });

  it("ignores a box around prose and a grid with nothing in it", () => {
    const prose = [0, 1, 2, 3].map((i) => text("Some framed prose that is not a table at all.", 60, 110 + 14 * i));
    const frame: Rule = { x0: 50, y0: 100, x1: 500, y1: 170, kind: "stroke" };
    expect(detectTables(prose, [frame], PAGE).tables).toEqual([]);
    const far = text("Text far away from the grid.", 50, 400);
    const result = detectTables([far], gridRules(xs, ys), PAGE);
    expect(result.tables).toEqual([]);
    expect(result.rest).toEqual([far]);
  });
});

// ---- aligned tables -----------------------------------------------------------------

describe("detectTables: a form's field table (issue 9: real pages, fixtures/real/gen-handbook-p6)", () => {
  const labels = ["Name of vessel", "Registration number", "Length overall (m)", "Beam (m)"];
  const fxs = [62, 216, 370];
  const fys = [186, 200, 214, 228, 242];
  const labelLines = (n: number) => labels.slice(0, n).map((t, r) => text(t, fxs[0] + 6, fys[r] + 2));

  it("keeps a ruled grid of labels beside blank fields as a table, the blank column included", () => {
    const { tables } = detectTables(labelLines(4), gridRules(fxs, fys), PAGE);
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0])).toEqual(labels.map((l) => [l, ""]));
  });

  it("leaves two labelled boxes alone: a form's scattered fields as often as a table", () => {
    const { tables } = detectTables(labelLines(2), gridRules(fxs, fys.slice(0, 3)), PAGE);
    expect(tables).toHaveLength(0);
  });

  it("keeps a table to fill in, headings over blank rows, with its blank rows (report-geobase-p3's 'Key word | Description')", () => {
    const heads = [text("Key word", fxs[0] + 6, fys[0] + 2), text("Description", fxs[1] + 6, fys[0] + 2)];
    const { tables, rest } = detectTables(heads, gridRules(fxs, fys.slice(0, 3)), PAGE);
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0])).toEqual([["Key word", "Description"], ["", ""]]);
    expect(rest).toEqual([]);
  });

  it("is not a field table when a field column holds text: the usual checks decide", () => {
    const lines = [...labelLines(4), text("filled", fxs[1] + 6, fys[0] + 2)];
    const { tables } = detectTables(lines, gridRules(fxs, fys), PAGE);
    // One value in four rows: too empty for a table of values, so a form's grid, not a table.
    expect(tables).toHaveLength(0);
  });
});

describe("detectTables: a right-to-left line across a ruled table's cells (issue 9: tabula-arabic)", () => {
  it("cuts a logical-order span where the border crosses it, its first words in the right-hand cell", () => {
    // Two ruled columns, 100-200 and 200-300, three rows. MuPDF gave the second row as one
    // line, its text in logical order: the right cell's "اسمي سلطان" first, then the left
    // cell's "مرحبا" (its letters run from the right edge, 280, leftwards to 150).
    const xs = [100, 200, 300];
    const ys = [100, 120, 140, 160];
    const crossing = { ...span("اسمي سلطان مرحبا", 150, 124), x1: 280 };
    const lines = [
      line(span("الخدمة", 105, 104)),
      line(span("المكان", 205, 104)),
      line(crossing),
      line(span("ماء", 105, 144)),
      line(span("مكتب", 205, 144)),
    ];
    const { tables } = detectTables(lines, gridRules(xs, ys), PAGE);
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0])[1]).toEqual(["مرحبا", "اسمي سلطان"]);
  });
});

describe("detectTables: aligned tables without rules", () => {
  const data = [
    ["Apples", "3", "1.20"],
    ["Bananas", "12", "0.50"],
    ["Cherries", "100", "12.99"],
  ];

  function alignedRows(oneLinePerRow: boolean): Line[] {
    const rows: Span[][] = [
      [span("Item", 72, 100, { bold: true }), spanR("Qty", 250, 100, { bold: true }), spanR("Price", 350, 100, { bold: true })],
      ...data.map((row, r) => [span(row[0], 72, 114 + 14 * r), spanR(row[1], 250, 114 + 14 * r), spanR(row[2], 350, 114 + 14 * r)]),
    ];
    return oneLinePerRow ? rows.map((spans) => line(...spans)) : rows.flatMap((spans) => spans.map((s) => line(s)));
  }

  it("finds a 4×3 table with right-aligned numbers and a bold header", () => {
    const above = text("Prices at the market this week were as follows, per kilogram:", 72, 70);
    const below = text("Prices vary by season and are given without tax.", 72, 200);
    const lines = [above, ...alignedRows(false), below];
    const { tables, rest } = detectTables(lines, [], PAGE);
    expect(tables).toHaveLength(1);
    expect(tables[0].ruled).toBe(false);
    expect(tables[0].headerRows).toBe(1);
    expect(cellTexts(tables[0])).toEqual([["Item", "Qty", "Price"], ...data]);
    expect(rest).toEqual([above, below]);
  });

  it("cuts rows that MuPDF gave as one Line with gaps between spans", () => {
    const { tables, rest } = detectTables(alignedRows(true), [], PAGE);
    expect(rest).toEqual([]);
    expect(cellTexts(tables[0])).toEqual([["Item", "Qty", "Price"], ...data]);
  });

  it("cuts a span of two numbers that runs across a gutter into its two cells (issue 9: camelot-health)", () => {
    // Right-aligned columns ending at 200, 300, 400 and 500; one row's producer wrote its
    // second and third numbers as one string, "6,922,900 12,664,000", too wide for its cell.
    const at = (y: number, cells: string[]) => line(span(cells[0], 72, y), ...cells.slice(1).map((c, i) => spanR(c, 200 + 100 * i, y)));
    // From the second number's column (its left edge at 255) to the third's right edge.
    const wide = { ...span("6,922,900 12,664,000", 255, 128), x1: 400 };
    const rows = [
      at(100, ["Assam", "14,874,821", "2,554,197", "161,600", "17,590,618"]),
      at(114, ["Bihar", "21,016,708", "4,332,141", "5,329,000", "30,677,849"]),
      line(span("Gujarat", 72, 128), spanR("26,328,400", 200, 128), wide, spanR("45,957,300", 500, 128)),
      at(142, ["Haryana", "15,156,681", "1,333,527", "40,100", "16,530,308"]),
      at(156, ["Kerala", "27,923,965", "3,985,473", "929,503", "32,838,941"]),
    ];
    const { tables } = detectTables(rows, [], PAGE);
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0])[2]).toEqual(["Gujarat", "26,328,400", "6,922,900", "12,664,000", "45,957,300"]);
  });

  it("cuts a spreadsheet's figures set one space apart, and its dated header, at the columns' gutters (issue 9: a LibreOffice Calc export)", () => {
    // Right-aligned figure columns ending where Calc's did; Calc wrote a row's first figures
    // as one string, and its header as two, "Q1 2024 Q2 2024 Q3 2024" and "Q4 2024 Total",
    // 8 pt apart.
    const ends = [203, 249, 296, 342, 394];
    const at = (y: number, cells: string[]) => line(span(cells[0], 58, y), ...cells.slice(1).map((c, i) => spanR(c, ends[i], y)));
    const header = line(span("Region", 58, 80), { ...span("Q1 2024 Q2 2024 Q3 2024", 158, 80), x1: 290 }, { ...span("Q4 2024 Total", 298, 80), x1: 367 });
    const merged = (y: number, label: string, figures: string, last: string) => line(span(label, 58, y), { ...span(figures, 164, y), x1: 342 }, spanR(last, 394, y));
    const rows = [
      header,
      merged(93, "North America", "1204500 1310200 1288900 1455000", "5258600"),
      at(106, ["Asia Pacific", "654200", "712900", "803300", "865100", "3035500"]),
      at(119, ["Latin America", "210400", "198700", "225600", "240900", "875600"]),
      at(132, ["Middle East", "143800", "150200", "161900", "172300", "628200"]),
      merged(145, "Total", "3200200 3374100 3600150 3832000", "14006450"),
    ];
    const { tables, rest } = detectTables(rows, [], PAGE);
    expect(rest).toEqual([]);
    expect(cellTexts(tables[0])).toEqual([
      ["Region", "Q1 2024", "Q2 2024", "Q3 2024", "Q4 2024", "Total"],
      ["North America", "1204500", "1310200", "1288900", "1455000", "5258600"],
      ["Asia Pacific", "654200", "712900", "803300", "865100", "3035500"],
      ["Latin America", "210400", "198700", "225600", "240900", "875600"],
      ["Middle East", "143800", "150200", "161900", "172300", "628200"],
      ["Total", "3200200", "3374100", "3600150", "3832000", "14006450"],
    ]);
  });

  it("leaves words of a header wrapped in its cell over a gutter whole, and a caption over the columns", () => {
    const at = (y: number, cells: string[]) => line(span(cells[0], 60, y), ...cells.slice(1).map((c, i) => spanR(c, 200 + 50 * i, y)));
    const rows = [
      line(span("Distribution", 60, 86), { ...span("Percentage of", 160, 86), x1: 232 }),
      at(100, ["Uniform", "42", "17"]),
      at(114, ["Normal", "38", "21"]),
      at(128, ["Skewed", "20", "12"]),
    ];
    const { tables } = detectTables(rows, [], PAGE);
    expect(cellTexts(tables[0])[0].filter((c) => c !== "")).toEqual(["Distribution", "Percentage of"]);
  });

  it("keeps a section label split in two pieces inside the label column as one cell (issue 9: tabula-indictb1h_14)", () => {
    const at = (y: number, cells: string[]) => line(span(cells[0], 72, y), ...cells.slice(1).map((c, i) => spanR(c, 250 + 60 * i, y)));
    const rows = [
      at(100, ["Total for the whole year", "2.6", "3.2", "3.0"]),
      at(114, ["Total per head of population", "0.7", "1.3", "1.1"]),
      at(128, ["Business sector output", "2.5", "3.4", "2.9"]),
      // A label and its colon set apart by a wide gap, nothing in the number columns.
      line(span("Public consumption", 72, 142), span(":", 190, 142)),
      at(156, ["Total for the whole year", "3.8", "3.5", "3.6"]),
      at(170, ["Civilian share of it only", "2.5", "3.1", "3.8"]),
    ];
    const { tables, rest } = detectTables(rows, [], PAGE);
    expect(rest).toEqual([]);
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0])[3]).toEqual(["Public consumption:", "", "", ""]);
  });

  it("leaves a sentence that runs under a table's gutter whole", () => {
    const at = (y: number, cells: string[]) => line(span(cells[0], 72, y), ...cells.slice(1).map((c, i) => spanR(c, 200 + 100 * i, y)));
    const rows = [at(100, ["Assam", "14,874,821", "161,600"]), at(114, ["Bihar", "21,016,708", "5,329,000"]), at(128, ["Kerala", "27,923,965", "929,503"])];
    const below = text("The surplus of EUR 123,700 is set aside for dredging.", 150, 142);
    const { tables, rest } = detectTables([...rows, below], [], PAGE);
    expect(cellTexts(tables[0])).toHaveLength(3);
    expect(rest.map(lineText)).toEqual(["The surplus of EUR 123,700 is set aside for dredging."]);
  });

  it("takes a header rule of a booktabs table as the header", () => {
    const lines = alignedRows(false).map((l) => line(...l.spans.map((s) => ({ ...s, bold: false }))));
    const rules = [hRule(70, 352, 96), hRule(70, 352, 112.5), hRule(70, 352, 160)];
    const { tables } = detectTables(lines, rules, PAGE);
    expect(tables).toHaveLength(1);
    expect(tables[0].headerRows).toBe(1);
  });

  it("reports no header when nothing marks one", () => {
    const lines = alignedRows(false).map((l) => line(...l.spans.map((s) => ({ ...s, bold: false }))));
    expect(detectTables(lines, [], PAGE).tables[0].headerRows).toBe(0);
  });

  it("takes a row with an empty cell into the table", () => {
    const lines = [...alignedRows(false), text("Dates", 72, 156), line(spanR("4.00", 350, 156))];
    const { tables, rest } = detectTables(lines, [], PAGE);
    expect(rest).toEqual([]);
    expect(cellTexts(tables[0])[4]).toEqual(["Dates", "", "4.00"]);
  });

  it("does not take two-column prose for a table", () => {
    const left = "the quick brown fox jumps over the lazy dog";
    const right = "and so the story goes on for a while longer";
    const lines: Line[] = [];
    for (let i = 0; i < 14; i++) {
      lines.push(text(left, 72, 100 + 12 * i), text(right, 320, 100 + 12 * i));
    }
    const { tables, rest } = detectTables(lines, [], PAGE);
    expect(tables).toEqual([]);
    expect(rest).toEqual(lines);
  });

  it("does not take two-column prose with ragged short lines for a table", () => {
    const words = ["alpha beta gamma delta epsilon", "zeta eta theta iota", "kappa lambda mu nu xi omicron"];
    const lines: Line[] = [];
    for (let i = 0; i < 12; i++) {
      const w = words[i % 3] + " pi rho sigma";
      lines.push(text(w, 72, 100 + 12 * i), text(w, 320, 100 + 12 * i));
    }
    expect(detectTables(lines, [], PAGE).tables).toEqual([]);
  });

  it("does not take a numbered or bulleted list for a table", () => {
    const items = ["First item", "Second item", "Third item", "Fourth item"];
    const numbered = items.flatMap((t, i) => [text(`${i + 1}.`, 72, 100 + 14 * i), text(t, 100, 100 + 14 * i)]);
    expect(detectTables(numbered, [], PAGE).tables).toEqual([]);
    const bullets = items.flatMap((t, i) => [text("•", 72, 100 + 14 * i), text(t, 100, 100 + 14 * i)]);
    expect(detectTables(bullets, [], PAGE).tables).toEqual([]);
    const withCounts = items.flatMap((t, i) => [
      text(`${i + 1}.`, 72, 100 + 14 * i),
      text(t, 100, 100 + 14 * i),
      line(spanR(String(i * 7), 300, 100 + 14 * i)),
    ]);
    expect(detectTables(withCounts, [], PAGE).tables).toEqual([]);
  });

  // docs/engine.md "Aligned tables" (svc-md-1.1.19): decimal figures have a section number's shape.
  it("reads a first column of decimal figures beside figure columns as a table (a calibration table, a price list)", () => {
    const masses = ["0.5", "1.25", "2.5", "5.0", "12.75"];
    const calibration = masses.flatMap((m, i) => [
      line(spanR(m, 110, 100 + 14 * i)),
      line(spanR((Number(m) * 1.004).toFixed(3), 200, 100 + 14 * i)),
      line(spanR((Number(m) * 0.996).toFixed(3), 290, 100 + 14 * i)),
    ]);
    const tables = detectTables(calibration, [], PAGE).tables;
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0])[1]).toEqual(["1.25", "1.255", "1.245"]);
    const prices = [["12.50", "Rye bread", "0.75"], ["3.20", "Butter", "0.25"], ["8.95", "Cheese", "0.40"], ["1.10", "Milk", "1.00"]];
    const priceList = prices.flatMap(([price, item, kg], i) => [
      line(spanR(price, 110, 100 + 14 * i)),
      text(item, 130, 100 + 14 * i),
      line(spanR(kg, 300, 100 + 14 * i)),
    ]);
    expect(detectTables(priceList, [], PAGE).tables).toHaveLength(1);
  });

  // docs/engine.md "Aligned tables" (svc-md-1.1.19, termRunsOver): texinfo's @table sets an
  // item wider than its column on a line of its own, its text under it (R-data's
  // "character varying(n)", kpathsea's "‘opentype fonts’"); the run had ended there.
  const sqlTypes = (o: { definition?: boolean; across?: boolean } = {}): Line[] => {
    const rows = [["integer", "32-bit integer."], ["smallint", "16-bit integer"], ["float", "Real number."]];
    const lines = rows.flatMap(([t, d], i) => [text(t, 72, 100 + 14 * i), text(d, 180, 100 + 14 * i)]);
    lines.push(text(o.across ? "character varying(size) is a string type of its own kind" : "character varying(size)", 72, 142));
    if (o.definition !== false) lines.push(text("variable-length string.", 180, 156));
    const after = o.definition === false ? 156 : 170;
    lines.push(text("boolean", 72, after), text("true or false.", 180, after), text("date", 72, after + 14), text("calendar date", 180, after + 14));
    return lines;
  };

  it("keeps a term set over its row, its text on the line under it, as the table's row", () => {
    const { tables, rest } = detectTables(sqlTypes(), [], PAGE);
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0])).toContainEqual(["character varying(size)", "variable-length string."]);
    expect(tables[0].rows).toHaveLength(6);
    expect(rest).toHaveLength(0);
  });

  it("ends the table at a line into the second column with no text under it there, or running past it", () => {
    for (const o of [{ definition: false }, { across: true }]) {
      const { tables } = detectTables(sqlTypes(o), [], PAGE);
      expect(tables.length).toBeGreaterThan(0);
      expect(cellTexts(tables[0]).flat().join(" ")).not.toContain("character varying");
    }
  });

  it("still takes numbered sections counting up beside figures for a list, and decimal markers beside words only", () => {
    const sections = ["2.1", "2.2", "2.3", "3.1", "3.2"];
    const counted = sections.flatMap((n, i) => [
      text(n, 72, 100 + 14 * i),
      text(`Section ${i}`, 100, 100 + 14 * i),
      line(spanR(String(3 + 4 * i), 300, 100 + 14 * i)),
    ]);
    expect(detectTables(counted, [], PAGE).tables).toEqual([]);
    const deeper = ["1.1", "1.1.1", "1.1.2", "1.2", "2.0"].flatMap((n, i) => [
      text(n, 72, 100 + 14 * i),
      text(`Part ${i}`, 100, 100 + 14 * i),
      line(spanR(`${i}.5`, 300, 100 + 14 * i)),
    ]);
    expect(detectTables(deeper, [], PAGE).tables).toEqual([]);
    const wordsOnly = ["0.5", "1.25", "2.5", "5.0"].flatMap((n, i) => [text(n, 72, 100 + 14 * i), text(`Item ${i}`, 100, 100 + 14 * i)]);
    expect(detectTables(wordsOnly, [], PAGE).tables).toEqual([]);
  });

  it("does not take a table of contents with dot leaders for a table", () => {
    const lines = ["Introduction", "Methods", "Results", "Discussion"].flatMap((t, i) => [
      text(`${t} . . . . . . . . . .`, 72, 100 + 14 * i),
      line(spanR(String(3 + i * 4), 400, 100 + 14 * i)),
    ]);
    expect(detectTables(lines, [], PAGE).tables).toEqual([]);
  });

  it("does not take a code listing with aligned comments for a table", () => {
    const code = ["mov edx, ebx(748)", "mov edi(0), edx", "mov esi, ebx(764)", "mov edi(8), esi"];
    const lines = code.flatMap((c, i) => [
      line({ ...span(c, 72, 100 + 12 * i), font: "Courier", monospace: true }),
      line({ ...span("// load from the activation record", 200, 100 + 12 * i), font: "Courier", monospace: true }),
    ]);
    expect(detectTables(lines, [], PAGE).tables).toEqual([]);
  });

  it("reads values in the code face under a bold header row in the text face as a table (R-lang p8's 'typeof | mode | storage.mode'), and the same rows without it as a listing", () => {
    const mono = (t: string, x0: number, y0: number) => line({ ...span(t, x0, y0), font: "Courier", monospace: true });
    const body = [
      ["logical", "logical", "logical"],
      ["integer", "numeric", "integer"],
      ["double", "numeric", "double"],
      ["complex", "complex", "complex"],
    ].flatMap((row, i) => row.map((cell, c) => mono(cell, 150 + 90 * c, 114 + 12 * i)));
    const header = ["typeof", "mode", "storage.mode"].map((cell, c) => text(cell, 150 + 90 * c, 100, { bold: true }));
    const { tables } = detectTables([...header, ...body], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0])[0]).toEqual(["typeof", "mode", "storage.mode"]);
    expect(cellTexts(tables[0])).toHaveLength(5);
    // A header in the regular text face is a listing's caption line, not a table's header.
    const plain = ["typeof", "mode", "storage.mode"].map((cell, c) => text(cell, 150 + 90 * c, 100));
    expect(detectTables([...plain, ...body], [], PAGE).tables).toEqual([]);
  });

  it("joins a cell's wrapped line set at the rows' own pitch, in small letters under text that goes on (R-lang p17's 'Special binary operators, x can be replaced by any valid' | 'name'), and keeps a row with a key of its own", () => {
    const rows: [string, string][] = [
      ["/", "Division, binary"],
      ["^", "Exponentiation, binary"],
      ["%x%", "Special binary operators, x can be replaced by any valid"],
      ["", "name"],
      ["%%", "Modulus, binary"],
      ["time", "time of day"],
      ["timestamp", ""],
      ["p", "select the previous node"],
    ];
    const lines = rows.flatMap(([key, words], i) => [...(key ? [text(key, 120, 100 + 12 * i)] : []), ...(words ? [text(words, 190, 100 + 12 * i)] : [])]);
    const { tables } = detectTables(lines, [], PAGE);
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0])).toEqual([
      ["/", "Division, binary"],
      ["^", "Exponentiation, binary"],
      ["%x%", "Special binary operators, x can be replaced by any valid name"],
      ["%%", "Modulus, binary"],
      ["time", "time of day"],
      ["timestamp", ""],
      ["p", "select the previous node"],
    ]);
  });

  it("keeps a last row's wrapped lines set at the rows' own pitch in its cell (issue 9: LibreOffice's CV template 'Feb. 2004 – Nov. 2006' | 'At vero eos … Stet' | 'clita kasd …' | 'dolor sit amet.')", () => {
    const rows: [string, string][] = [
      ["Name", "Joe Bloggs"],
      ["Phone", "3208578573"],
      ["Jun. 2008 - present", "Lorem ipsum dolor sit amet, sed diam"],
      ["", "nonumy eirmod tempor invidunt"],
      ["Feb. 2004 - Nov. 2006", "At vero eos et accusam et justo. Stet"],
      ["", "clita kasd gubergren, no sea takimata"],
      ["", "dolor sit amet."],
    ];
    const lines = rows.flatMap(([key, words], i) => [...(key ? [text(key, 57, 100 + 14 * i)] : []), ...(words ? [text(words, 193, 100 + 14 * i)] : [])]);
    const { tables, rest } = detectTables(lines, [], PAGE);
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0])).toEqual([
      ["Name", "Joe Bloggs"],
      ["Phone", "3208578573"],
      ["Jun. 2008 - present", "Lorem ipsum dolor sit amet, sed diam nonumy eirmod tempor invidunt"],
      ["Feb. 2004 - Nov. 2006", "At vero eos et accusam et justo. Stet clita kasd gubergren, no sea takimata dolor sit amet."],
    ]);
    expect(rest).toEqual([]);
    // A sentence starting under the table at the pitch, in a capital, is text after it.
    const after = [...lines.slice(0, 9), text("The rest of the page goes on here.", 193, 100 + 14 * 5)];
    expect(detectTables(after, [], PAGE).rest.map((l) => l.spans[0].text)).toEqual(["The rest of the page goes on here."]);
  });

  it("does not take columns of justified prose with words broken at their ends for a table (multicol's three columns: 'controlled by the length param-')", () => {
    // Narrow columns: five words a line, a paragraph's last line short.
    const left = ["which can be changed by", "user with ordinary LaTeX com-", "mands. If the space is", "premulticols, a new page.", "Started. Otherwise, a fur-", "multicolsep is added."];
    const right = ["controlled by the length param-", "eter columnsep. The width.", "For the individual columns is", "automatically calculated from para-", "parameter and the current", "linewidth. Done."];
    const short = new Set([3, 5]);
    // Justified: every line but a paragraph's last runs the column's full width.
    const full = (t: string, x0: number, y: number, last: boolean) => {
      const l = text(t, x0, y);
      const x1 = last ? x0 + 90 : x0 + 150;
      return { ...l, x1, spans: l.spans.map((sp) => ({ ...sp, x1 })) };
    };
    const lines = [...left.map((t, i) => full(t, 72, 100 + 12 * i, short.has(i))), ...right.map((t, i) => full(t, 240, 100 + 12 * i, i === 1 || i === 5))];
    expect(detectTables(lines, [], PAGE).tables).toEqual([]);
  });

  it("does not take the boxes of a diagram for a table", () => {
    const labels = ["«CodeList»", "+ Unknown = -1:", "+ None = 0:", "+ Canal = 1:"];
    const lines = labels.flatMap((t, i) => [text(t, 60, 105 + 14 * i), text(t, 310, 105 + 14 * i)]);
    const boxes: Rule[] = [
      { x0: 50, y0: 100, x1: 150, y1: 165, kind: "stroke" },
      { x0: 300, y0: 100, x1: 400, y1: 165, kind: "stroke" },
    ];
    expect(detectTables(lines, boxes, PAGE).tables).toEqual([]);
    // Joined by a connector, the boxes' edges make a sparse grid: still no table.
    expect(detectTables(lines, [...boxes, hRule(150, 300, 130)], PAGE).tables).toEqual([]);
  });

  it("does not take hanging markers it cannot read for a table", () => {
    const lines = [0, 1, 2, 3].flatMap((i) => [
      text("\ufffd\ufffd", 72, 100 + 12 * i),
      text("Proceedings of Informational Systems", 96, 100 + 12 * i),
    ]);
    expect(detectTables(lines, [], PAGE).tables).toEqual([]);
  });

  it("needs three aligned rows", () => {
    const lines = [text("Name", 72, 100), text("Value", 300, 100), text("Alpha", 72, 114), text("1", 300, 114)];
    expect(detectTables(lines, [], PAGE).tables).toEqual([]);
  });
});

// ---- borderless tables: layout around the columns -----------------------------------

describe("detectTables: a questionnaire (issue 9: real pages, fixtures/real/form-sleep-study)", () => {
  const questions = [
    "Did you eat anything before going to bed?",
    "Did you drink any alcohol? If so, how much?",
    "Did you listen to any soothing or relaxing music?",
    "Did you do any relaxation techniques, stretching, etc. to help you relax before bed?",
    "Did you take a warm shower or bath?",
  ];
  const ANSWERS_X = 400;
  /** A question at the left margin and its answer column; a question long enough runs up to it. */
  function row(question: string, answer: string, y: number): Line {
    const q = span(question + " ", 20, y);
    return q.x1 + 4 >= ANSWERS_X ? line({ ...q, x1: ANSWERS_X - 6 }, span(answer, ANSWERS_X, y, { bold: true })) : line(q, span(answer, ANSWERS_X, y, { bold: true }));
  }

  it("is a table, questions beside their answer choices, also where a question runs up to them", () => {
    const lines = questions.map((q, i) => row(q, "yes no", 100 + i * 12));
    const { tables, rest } = detectTables(lines, [], PAGE);
    expect(tables).toHaveLength(1);
    expect(cellTexts(tables[0]).map((r) => r[1])).toEqual(questions.map(() => "yes no"));
    expect(cellTexts(tables[0])[3][0].trim()).toBe(questions[3]);
    expect(rest).toEqual([]);
  });

  it("gives a field after an answer a column of its own where the answer alone ends other rows' cells ('**no**' | 'what?____')", () => {
    const yes = (y: number) => span("yes", 388, y, { bold: true });
    const no = (y: number) => span("no ", 415.8, y, { bold: true });
    const answers = ["what?__________________", "how much?_____________", null, null, null];
    const lines = questions.map((q, i) => {
      const y = 100 + i * 12;
      const field = answers[i];
      const question = span(q + " ", 20, y);
      return line({ ...question, x1: Math.min(question.x1, 380) }, yes(y), no(y), ...(field ? [span(field, 434, y)] : []));
    });
    const { tables } = detectTables(lines, [], PAGE);
    expect(tables).toHaveLength(1);
    const cells = cellTexts(tables[0]).map((r) => r.map((c) => c.trim()));
    expect(cells.map((r) => r.slice(1))).toEqual([
      ["yes", "no", "what?__________________"],
      ["yes", "no", "how much?_____________"],
      ["yes", "no", ""],
      ["yes", "no", ""],
      ["yes", "no", ""],
    ]);
  });

  it("keeps a column of options of one width whole, an argument after one ('-M', '-E', '-O number': dvipdfmx's options)", () => {
    const options = ["‐M", "‐E", "‐O", "‐S", "‐V"];
    const lines = options.map((o, i) => {
      const y = 100 + i * 12;
      const descr = span("Process the file and keep going with the next one.", 160, y);
      return line(span(o, 72, y, { mono: true }), ...(o === "‐O" ? [span(" number", 82, y, { italic: true })] : []), descr);
    });
    const { tables } = detectTables(lines, [], PAGE);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows.map((r) => r.length)).toEqual(options.map(() => 2));
  });

  it("is not a table when the column beside the sentences holds different words on every row (a side note)", () => {
    const notes = ["see page four", "ask the harbour", "only in summer", "weather permitting", "free of charge"];
    const lines = questions.map((q, i) => row(q, notes[i], 100 + i * 12));
    expect(detectTables(lines, [], PAGE).tables).toEqual([]);
  });
});

describe("detectTables: borderless tables in their surroundings", () => {
  /** A 3-column table at x 320–520 (label, two right-aligned numbers), one row per `pitch`. */
  function tableRows(labels: string[], y: number, pitch: number, o: SpanOptions = {}): Line[] {
    return labels.flatMap((label, r) => [
      text(label, 320, y + pitch * r, o),
      line(spanR(String(100 + r), 450, y + pitch * r, o)),
      line(spanR(String(7 * r + 1) + ".5", 520, y + pitch * r, o)),
    ]);
  }
  const cellsOf = (t: Table) => cellTexts(t).map((row) => row.map((c) => c.trim()));

  it("finds a table in one column of a two-column page, beside the other column's prose", () => {
    const prose = "the text of the left column runs on in lines";
    const left = Array.from({ length: 16 }, (_, i) => text(prose, 60, 90 + 12 * i));
    const table = tableRows(["Weekly", "Biweekly", "Monthly", "Yearly"], 100, 16);
    const { tables, rest } = detectTables([...left, ...table], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0]).map((r) => r[0])).toEqual(["Weekly", "Biweekly", "Monthly", "Yearly"]);
    expect(rest).toEqual(left);
  });

  it("keeps a section label row inside the table, with its other cells empty", () => {
    const lines = [
      ...tableRows(["North", "South"], 100, 14),
      text("Overseas", 320, 128),
      ...tableRows(["Europe", "Asia"], 142, 14),
    ];
    const { tables, rest } = detectTables(lines, [], PAGE);
    expect(rest).toEqual([]);
    expect(cellsOf(tables[0])[2]).toEqual(["Overseas", "", ""]);
    expect(tables[0].rows).toHaveLength(5);
  });

  it("leaves a short line under the table out of it", () => {
    const below = text("Source: survey", 320, 142);
    const { tables, rest } = detectTables([...tableRows(["North", "South", "East"], 100, 14), below], [], PAGE);
    expect(tables[0].rows).toHaveLength(3);
    expect(rest).toEqual([below]);
  });

  it("joins a row label wrapped onto a second line into one cell", () => {
    const lines = [...tableRows(["North", "Asia and the", "South"], 100, 20), text("Pacific", 320, 132)];
    const { tables, rest } = detectTables(lines, [], PAGE);
    expect(rest).toEqual([]);
    expect(cellsOf(tables[0])).toEqual([
      ["North", "100", "1.5"],
      ["Asia and the Pacific", "101", "8.5"],
      ["South", "102", "15.5"],
    ]);
  });

  // A Writer table with padded cells: rows 34 pt apart in 10 pt type (1.8 line heights of gap).
  it("finds a table whose rows are padded further apart than a line gap, at one pitch, with a header line as far above (issue 9: an office table)", () => {
    const header = [text("Region", 320, 66, { bold: true }), line(spanR("Q2", 450, 66, { bold: true })), line(spanR("Q3", 520, 66, { bold: true }))];
    const { tables, rest } = detectTables([...header, ...tableRows(["North", "Midlands", "South West", "Total"], 100, 34)], [], PAGE);
    expect(rest).toEqual([]);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0])).toEqual([
      ["Region", "Q2", "Q3"],
      ["North", "100", "1.5"],
      ["Midlands", "101", "8.5"],
      ["South West", "102", "15.5"],
      ["Total", "103", "22.5"],
    ]);
  });

  it("cuts a column under two header cells where every row has a word space under the second's start (issue 9: a Writer table's 'Change' and 'Comment', one span per row)", () => {
    const header = [text("Region", 72, 86, { bold: true }), line(spanR("Revenue", 250, 86, { bold: true })), text("Chg", 270, 86, { bold: true }), text("Comment", 310, 86, { bold: true })];
    const body = [
      ["Benelux", "19.4", "+8.2% Strong volumes from two new retail customers"],
      ["Germany", "15.1", "+6.0% Cross-dock opened."],
      ["Nordics", "5.4", "-1.8% One contract lost."],
    ].flatMap(([label, revenue, rest], r) => [text(label, 72, 100 + 24 * r), line(spanR(revenue, 250, 100 + 24 * r)), text(rest, 280, 100 + 24 * r)]);
    const wrapped = text("signed in the spring.", 310, 112);
    const { tables, rest } = detectTables([...header, ...body, wrapped], [], PAGE);
    expect(rest).toEqual([]);
    expect(cellsOf(tables[0])).toEqual([
      ["Region", "Revenue", "Chg", "Comment"],
      ["Benelux", "19.4", "+8.2%", "Strong volumes from two new retail customers signed in the spring."],
      ["Germany", "15.1", "+6.0%", "Cross-dock opened."],
      ["Nordics", "5.4", "-1.8%", "One contract lost."],
    ]);
    // Without the second header cell the column stays whole.
    const one = detectTables([...header.slice(0, 3), ...body, wrapped], [], PAGE).tables;
    expect(cellsOf(one[0])[1]).toEqual(["Benelux", "19.4", "+8.2% Strong volumes from two new retail customers signed in the spring."]);
  });

  it("cuts the columns of a padded table under its header's cells where each row's text goes on a space apart (svc-md-1.1.15: Chromium's print of a bank statement)", () => {
    // Rows 34 pt apart in 10 pt type, the header as far above: a padded table.
    const header = [text("Date", 72, 66, { bold: true }), text("Description", 127, 66, { bold: true }), line(spanR("Amount", 450, 66, { bold: true })), line(spanR("Balance", 530, 66, { bold: true }))];
    const rows = [
      ["2026-11-02 ICA Supermarket Linne", "-642.30 11,838.20"],
      ["2026-11-05 Salary November", "28,400.00 40,238.20"],
      ["2026-11-12 Transfer to savings", "-15,000.00 25,238.20"],
      ["2026-11-19 SJ train tickets", "-1,245.00 23,993.20"],
    ];
    const body = rows.flatMap(([left, right], r) => [text(left, 72, 100 + 34 * r), line(spanR(right, 530, 100 + 34 * r))]);
    const { tables } = detectTables([...header, ...body], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0]).slice(-4)).toEqual([
      ["2026-11-02", "ICA Supermarket Linne", "-642.30", "11,838.20"],
      ["2026-11-05", "Salary November", "28,400.00", "40,238.20"],
      ["2026-11-12", "Transfer to savings", "-15,000.00", "25,238.20"],
      ["2026-11-19", "SJ train tickets", "-1,245.00", "23,993.20"],
    ]);
  });

  // fixtures/real/gen-statement-p1: Chromium's print in DejaVu Sans, rows 18 pt apart in 9.5 pt
  // type, each row's date and description one span, its amount and balance another. The
  // digits are wider than the span's average character, so interpolated positions put the
  // space after "SJ" as near the header's "Description" as the space after the date.
  describe("a column cut under its header where the rows agree on the cut (docs/engine.md, Tables: the cut most rows can take)", () => {
    const at = (t: string, x0: number, x1: number, y0: number, o: SpanOptions = {}) => line({ ...span(t, x0, y0, { size: 9.5, ...o }), x1 });
    const header = [at("Date", 57.75, 83.01, 144.2, { bold: true }), at("Description", 119.54, 180.94, 144.2, { bold: true }), at("Amount", 457.55, 499.36, 144.2, { bold: true }), at("Balance", 512.12, 554.24, 144.2, { bold: true })];
    const rows: [string, number, string, number][] = [
      ["2026-11-02 ICA Supermarket Linné", 228.62, "−642.30 11,838.20", 458.19],
      ["2026-11-05 Salary November, Nordfrakt AB", 268.76, "28,400.00 40,238.20", 451.04],
      ["2026-11-06 Rent, Bostads AB Vasastaden, reference 2026-11 apartment 1204", 433.17, "−9,850.00 30,388.20", 449.13],
      ["2026-11-12 Transfer to savings account", 250.11, "−15,000.00 15,388.20", 443.09],
      ["2026-11-19 SJ train tickets", 187.74, "−1,245.00 14,143.20", 449.13],
    ];
    const body = rows.flatMap(([left, leftEnd, right, rightStart], r) => [at(left, 57.75, leftEnd, 162.2 + 18 * r), at(right, rightStart, 554.24, 162.2 + 18 * r)]);

    it("cuts each row at the space the others take, and the bold header row heads the table", () => {
      const { tables, rest } = detectTables([...header, ...body], [], PAGE);
      expect(rest).toEqual([]);
      expect(tables).toHaveLength(1);
      expect(tables[0].headerRows).toBe(1);
      expect(cellsOf(tables[0])[0]).toEqual(["Date", "Description", "Amount", "Balance"]);
      expect(cellsOf(tables[0])[5]).toEqual(["2026-11-19", "SJ train tickets", "−1,245.00", "14,143.20"]);
    });

    it("keeps where figures set flush right start when their cut is interpolated: 'Balance' renders as a column set flush right", () => {
      const { tables } = detectTables([...header, ...body], [], PAGE);
      const md = renderTable(tables[0], "gfm", (ls) => ls.map(lineText).join(" ").trim());
      expect(md.split("\n")[1]).toBe("| --- | --- | ---: | ---: |");
    });

    it("takes the bold header row when a row's cut, one word late, interpolates past the header cell's start", () => {
      // A date set without its zero has no space where the other rows agree; its last space
      // near "Description" falls after "SJ", whose interpolated end (5.4 pt a character) lies
      // past that cell's start.
      const late = [at("2026-11-9 SJ train tickets", 57.75, 57.75 + 26 * 5.4, 252.2), at("−1,245.00 14,143.20", 449.13, 554.24, 252.2)];
      const { tables, rest } = detectTables([...header, ...body, ...late], [], PAGE);
      expect(rest).toEqual([]);
      expect(tables[0].headerRows).toBe(1);
      expect(cellsOf(tables[0])[0]).toEqual(["Date", "Description", "Amount", "Balance"]);
      expect(cellsOf(tables[0])[6]).toEqual(["2026-11-9 SJ", "train tickets", "−1,245.00", "14,143.20"]);
    });

    it("cuts a row the agreed space does not fit at its own space (a wider figure: '+12.5%')", () => {
      const head = [text("Region", 72, 86, { bold: true }), text("Chg", 270, 86, { bold: true }), text("Comment", 310, 86, { bold: true })];
      const lines = [
        ["Benelux", "+8.2% Strong volumes"],
        ["Germany", "+6.0% Cross-dock opened."],
        ["Nordics", "-1.8% One contract lost."],
        ["Iberia", "+12.5% Two new depots."],
        // The figures are set flush right: the wider one starts a character to the left.
      ].flatMap(([label, rest], r) => [text(label, 72, 100 + 12 * r), text(rest, rest.startsWith("+12") ? 275 : 280, 100 + 12 * r)]);
      const cells = cellsOf(detectTables([...head, ...lines], [], PAGE).tables[0]);
      expect(cells.map((row) => row.slice(1))).toEqual([
        ["Chg", "Comment"],
        ["+8.2%", "Strong volumes"],
        ["+6.0%", "Cross-dock opened."],
        ["-1.8%", "One contract lost."],
        ["+12.5%", "Two new depots."],
      ]);
    });
  });

  it("leaves a column whole where the text before the cut is one phrase in every row (articleingud's '(Opción estándar) …')", () => {
    const header = [text("Option", 72, 86, { bold: true }), text("Use", 130, 86, { bold: true }), text("Description", 180, 86, { bold: true })];
    const rows = ["a4paper", "a5paper", "b5paper", "legalpaper"].map((name, r) => [text(name, 72, 100 + 12 * r), text(`(Standard) Sets the paper to ${name} in its size`, 130, 100 + 12 * r)]);
    const { tables } = detectTables([...header, ...rows.flat()], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0]).slice(-1)[0]).toEqual(["legalpaper", "(Standard) Sets the paper to legalpaper in its size"]);
  });

  it("places header cells set flush left over figures set flush right, and keeps the totals rows under the last columns (issue 9: an office invoice)", () => {
    const header = [text("Description", 72, 84, { bold: true }), text("Qty", 307, 84, { bold: true }), text("Unit price", 365, 84, { bold: true }), text("Amount", 450, 84, { bold: true })];
    const items = [
      ["Pallet storage", "112", "4.50", "504.00"],
      ["Pick and pack", "1,840", "0.85", "1,564.00"],
      ["Returns handling", "96", "1.20", "115.20"],
      ["Courier surcharge", "4", "35.00", "140.00"],
    ];
    const body = items.flatMap(([d, q, u, a], r) => [text(d, 72, 100 + 16 * r), line(spanR(q, 360, 100 + 16 * r)), line(spanR(u, 445, 100 + 16 * r)), line(spanR(a, 530, 100 + 16 * r))]);
    const totals = [
      ["Subtotal", "2,323.20"],
      ["VAT 21%", "487.87"],
      ["Total due", "2,811.07"],
    ].flatMap(([label, value], r) => [line(spanR(label, 445, 164 + 16 * r)), line(spanR(value, 530, 164 + 16 * r))]);
    const { tables, rest } = detectTables([...header, ...body, ...totals], [], PAGE);
    expect(rest).toEqual([]);
    expect(cellsOf(tables[0])).toEqual([
      ["Description", "Qty", "Unit price", "Amount"],
      ...items,
      ["", "", "Subtotal", "2,323.20"],
      ["", "", "VAT 21%", "487.87"],
      ["", "", "Total due", "2,811.07"],
    ]);
    // Figures all of one width end at one x too: the header before them heads them.
    const even = [text("Region", 72, 84, { bold: true }), text("Target", 300, 84, { bold: true }), ...["North", "South", "East"].flatMap((r, k) => [text(r, 72, 100 + 16 * k), line(spanR("3,600", 380, 100 + 16 * k))])];
    expect(cellsOf(detectTables(even, [], PAGE).tables[0])[0]).toEqual(["Region", "Target"]);
    // A header centred over a text column's cell, past its text, is not the figures' after it
    // (camelot-mexican_towns' "Nombre Municipio" over "Aguascalientes", before "0094").
    const towns = [text("Town name", 160, 84, { bold: true }), ...["Aguascalientes", "Aguascalientes", "Aguascalientes"].flatMap((t, k) => [text(t, 72, 100 + 16 * k), line(spanR(`00${94 + 2 * k}`, 380, 100 + 16 * k))])];
    expect(cellsOf(detectTables(towns, [], PAGE).tables[0])[0]).toEqual(["Aguascalientes", "0094"]);
    // Three partial rows that leave the last columns empty are text under the table.
    const under = ["Payment is due", "within thirty", "days of receipt"].map((t, r) => text(t, 72, 164 + 16 * r));
    expect(detectTables([...header, ...body, ...under], [], PAGE).tables[0].rows).toHaveLength(5);
  });

  it("keeps three totals rows labelled in the first column, their amounts flush with the last, as rows (a Chromium order whose totals are rows of its items table)", () => {
    const header = [text("Description", 72, 84, { bold: true }), line(spanR("Qty", 330, 84, { bold: true })), line(spanR("Unit price", 445, 84, { bold: true })), line(spanR("Amount", 530, 84, { bold: true }))];
    const items = [
      ["Garden hose, 25 m", "1", "399.00", "399.00"],
      ["Hose reel", "1", "259.00", "259.00"],
      ["Spray nozzle", "2", "79.00", "158.00"],
    ];
    const body = items.flatMap(([d, q, u, a], r) => [text(d, 72, 100 + 16 * r), line(spanR(q, 330, 100 + 16 * r)), line(spanR(u, 445, 100 + 16 * r)), line(spanR(a, 530, 100 + 16 * r))]);
    const totals = [
      ["Subtotal", "816.00"],
      ["Shipping", "0.00"],
      ["Total", "816.00"],
    ].flatMap(([label, value], r) => [text(label, 72, 150 + 16 * r, { bold: r === 2 }), line(spanR(value, 530, 150 + 16 * r, { bold: r === 2 }))]);
    const { tables, rest } = detectTables([...header, ...body, ...totals], [], PAGE);
    expect(rest).toEqual([]);
    expect(cellsOf(tables[0]).slice(4)).toEqual([
      ["Subtotal", "", "", "816.00"],
      ["Shipping", "", "", "0.00"],
      ["Total", "", "", "816.00"],
    ]);
    // Notes under the table, a word in the last column that is no figure, end it as before.
    const notes = [
      ["Delivery", "by post"],
      ["Returns", "free"],
      ["Questions", "e-mail"],
    ].flatMap(([label, value], r) => [text(label, 72, 150 + 16 * r), line(spanR(value, 530, 150 + 16 * r))]);
    expect(detectTables([...header, ...body, ...notes], [], PAGE).tables[0].rows).toHaveLength(6);
  });

  // fixtures/real/gen-order-p1: Chromium's print of an order confirmation, its totals in a box
  // of their own under the items table, labels set flush left from under "Qty".
  describe("an order's totals box (docs/engine.md, Tables: a totals block on a grid of its own)", () => {
    const header = [text("Item", 53, 159, { bold: true }), text("SKU", 247, 159, { bold: true }), line(spanR("Qty", 381, 159, { bold: true })), line(spanR("Price", 470, 159, { bold: true })), line(spanR("Total", 559, 159, { bold: true }))];
    const items = [
      ["Hiking boots, size 39", "HB-39-BR", "1", "1,299.00", "1,299.00"],
      ["Wool socks, 3-pack", "WS-3P", "2", "149.00", "298.00"],
      ["Waterproofing spray", "WP-200", "1", "89.00", "89.00"],
    ];
    const body = items.flatMap(([item, sku, qty, price, total], r) => {
      const y = 177 + 18 * r;
      return [text(item, 53, y), text(sku, 247, y), line(spanR(qty, 381, y)), line(spanR(price, 470, y)), line(spanR(total, 559, y))];
    });
    const totalsBox = (labels: string[]) =>
      labels.flatMap((label, r) => {
        const y = 239 + 17 * r;
        const last = r === labels.length - 1;
        return [text(label, 360, y, { bold: last }), line(spanR(["1,686.00", "49.00", "347.00", "1,735.00 SEK"][r], 559, y, { bold: last }))];
      });

    it("is a table of its own when a label runs across a gutter of the items table ('VAT (25%, included)' from under 'Qty' over 'Price')", () => {
      const { tables, rest } = detectTables([...header, ...body, ...totalsBox(["Subtotal", "Shipping", "VAT (25%, included)", "Total"])], [], PAGE);
      expect(rest).toEqual([]);
      expect(tables).toHaveLength(2);
      expect(cellsOf(tables[0])).toEqual([["Item", "SKU", "Qty", "Price", "Total"], ...items]);
      expect(cellsOf(tables[1])).toEqual([
        ["Subtotal", "1,686.00"],
        ["Shipping", "49.00"],
        ["VAT (25%, included)", "347.00"],
        ["Total", "1,735.00 SEK"],
      ]);
      // A label whose word space falls in a gutter's middle ("Discount (AUTUMN10)", which the
      // table's columns would cut in two) is judged whole.
      const discount = detectTables([...header, ...body, ...totalsBox(["Subtotal", "Discount (AUTUMN10)", "VAT (25%, included)", "Total"])], [], PAGE).tables;
      expect(discount).toHaveLength(2);
      expect(cellsOf(discount[1])[1]).toEqual(["Discount (AUTUMN10)", "49.00"]);
    });

    it("is a table of its own at two rows, right under the table, its amounts flush with the table's last column", () => {
      const two = [text("VAT (25%, included)", 360, 239), line(spanR("347.00", 559, 239)), text("Total", 360, 256, { bold: true }), line(spanR("1,735.00 SEK", 559, 256, { bold: true }))];
      const { tables, rest } = detectTables([...header, ...body, ...two], [], PAGE);
      expect(rest).toEqual([]);
      expect(tables.map(cellsOf)[1]).toEqual([
        ["VAT (25%, included)", "347.00"],
        ["Total", "1,735.00 SEK"],
      ]);
      // One row is no box; nor are two whose figures stop short of the table's last column.
      expect(detectTables([...header, ...body, ...two.slice(2)], [], PAGE).tables).toHaveLength(1);
      const short = [text("VAT (25%, included)", 360, 239), line(spanR("347.00", 520, 239)), text("Total", 360, 256, { bold: true }), line(spanR("1,735.00 SEK", 520, 256, { bold: true }))];
      expect(detectTables([...header, ...body, ...short], [], PAGE).tables).toHaveLength(1);
    });

    it("is a table of its own when its labels, inside one column, run past the right edge the column's figures keep to", () => {
      // "Subtotal" and "Shipping" start under "Qty" and end in the gutter after its figures.
      const { tables, rest } = detectTables([...header, ...body, ...totalsBox(["Subtotal", "Shipping", "VAT", "Total"])], [], PAGE);
      expect(rest).toEqual([]);
      expect(tables.map(cellsOf)).toEqual([
        [["Item", "SKU", "Qty", "Price", "Total"], ...items],
        [
          ["Subtotal", "1,686.00"],
          ["Shipping", "49.00"],
          ["VAT", "347.00"],
          ["Total", "1,735.00 SEK"],
        ],
      ]);
    });

    it("stays the items table's totals rows when every label keeps to the edge its column's cells keep to", () => {
      // Labels flush right under "Price", as its figures are.
      const flushRight = ["Subtotal", "Shipping", "VAT", "Total"].flatMap((label, r) => {
        const y = 239 + 17 * r;
        return [line(spanR(label, 470, y)), line(spanR(["1,686.00", "49.00", "347.00", "1,735.00 SEK"][r], 559, y))];
      });
      const { tables } = detectTables([...header, ...body, ...flushRight], [], PAGE);
      expect(tables).toHaveLength(1);
      expect(cellsOf(tables[0]).slice(4)).toEqual([
        ["", "", "", "Subtotal", "1,686.00"],
        ["", "", "", "Shipping", "49.00"],
        ["", "", "", "VAT", "347.00"],
        ["", "", "", "Total", "1,735.00 SEK"],
      ]);
      // Labels flush left under "SKU", a column of text set flush left, running on past its
      // widest cell to the right.
      const flushLeft = ["Subtotal incl. rounding", "Shipping", "Total"].flatMap((label, r) => {
        const y = 239 + 17 * r;
        return [text(label, 247, y), line(spanR(["1,686.00", "49.00", "1,735.00 SEK"][r], 559, y))];
      });
      const left = detectTables([...header, ...body, ...flushLeft], [], PAGE).tables;
      expect(left).toHaveLength(1);
      expect(cellsOf(left[0]).slice(4).map((row) => row[1])).toEqual(["Subtotal incl. rounding", "Shipping", "Total"]);
    });

    // A Chromium print of an order with six item columns: the items' header row falls into the
    // window of the three address stacks above it, whose run it joined as a partial row; the
    // wider run it starts had then replaced the addresses' (docs/engine.md, Tables: a wider run).
    describe("three address stacks over a wider items table", () => {
      const stacks = [
        ["Shipping to", "Anna Berg", "Kungsgatan 4", "111 43 Stockholm"],
        ["Billing address", "Anna Berg", "Kungsgatan 4", "111 43 Stockholm"],
        ["Delivery", "Standard, 2–4 days", "Tracking: NF4471230SE"],
      ];
      const addresses = stacks.flatMap((stack, c) => stack.map((t, r) => text(t, [50, 186, 318][c], 97 + 11.3 * r, { bold: r === 0 })));
      const wideRows = [
        ["Product", "Size", "Colour", "Qty", "Unit", "Amount"],
        ["Trail jacket", "M", "Moss", "1", "1,490.00", "1,490.00"],
        ["Merino base layer", "L", "Black", "2", "399.00", "798.00"],
        ["Beanie", "One size", "Rust", "1", "149.00", "149.00"],
      ];
      const wide = wideRows.flatMap(([product, size, colour, qty, unit, amount], r) => {
        const y = 159 + 18 * r;
        const o = { bold: r === 0 };
        return [text(product, 53, y, o), text(size, 209, y, o), text(colour, 289, y, o), line(spanR(qty, 394, y, o)), line(spanR(unit, 476, y, o)), line(spanR(amount, 559, y, o))];
      });

      it("keeps the addresses a table of three columns over the items table, not the items' header lines", () => {
        const { tables, rest } = detectTables([...addresses, ...wide], [], PAGE);
        expect(rest).toEqual([]);
        expect(tables.map(cellsOf)).toEqual([
          [
            ["Shipping to", "Billing address", "Delivery"],
            ["Anna Berg", "Anna Berg", "Standard, 2–4 days"],
            ["Kungsgatan 4", "Kungsgatan 4", "Tracking: NF4471230SE"],
            ["111 43 Stockholm", "111 43 Stockholm", ""],
          ],
          wideRows,
        ]);
      });

      it("still takes a header line over the label column's neighbours into the wider run under it", () => {
        // "Q1 2024" … over the figures, the row labels' column left empty: the run from the
        // header line has three columns, the one from the first body row four.
        const head = ["Q1", "Q2", "Q3"].map((q, c) => line(spanR(q, 300 + 80 * c, 100, { bold: true })));
        const body = [
          ["North", "12", "14", "15"],
          ["South", "9", "11", "10"],
          ["East", "20", "18", "22"],
        ].flatMap(([label, ...figures], r) => [text(label, 60, 118 + 16 * r), ...figures.map((f, c) => line(spanR(f, 300 + 80 * c, 118 + 16 * r)))]);
        const { tables, rest } = detectTables([...head, ...body], [], PAGE);
        expect(rest).toEqual([]);
        expect(cellsOf(tables[0])[0]).toEqual(["", "Q1", "Q2", "Q3"]);
      });
    });

    it("takes no text a line gap over a bold header row as header lines, but a wrapped head's line set close over it", () => {
      const over = [text("Shipping to", 53, 139, { bold: true }), text("Delivery", 322, 139, { bold: true })];
      const { tables, rest } = detectTables([...over, ...header, ...body], [], PAGE);
      expect(cellsOf(tables[0])[0]).toEqual(["Item", "SKU", "Qty", "Price", "Total"]);
      expect(rest).toEqual(over);
      // A head wrapped over two lines ("Unit" over "Price"), its first line touching the second,
      // is a header line of the table; since svc-md-1.1.40 the wrapped head's lines are one
      // header cell (stacked_heads.ts wrapsOver: "Unit" set flush right over "Price").
      const wrapped = [line(spanR("Unit", 470, 148, { bold: true }))];
      const stacked = detectTables([...wrapped, ...header, ...body], [], PAGE);
      expect(stacked.rest).toEqual([]);
      expect(cellsOf(stacked.tables[0]).slice(0, 2)).toEqual([
        ["Item", "SKU", "Qty", "Unit Price", "Total"],
        ["Hiking boots, size 39", "HB-39-BR", "1", "1,299.00", "1,299.00"],
      ]);
    });
  });

  it("does not take padded rows at different pitches, nor a contents page's chapter entries, for a table", () => {
    const uneven = [...tableRows(["North"], 100, 34), ...tableRows(["Midlands"], 134, 34), ...tableRows(["South West"], 180, 34)];
    expect(detectTables(uneven, [], PAGE).tables).toEqual([]);
    // amsldoc's contents: "1 Introduction 1", "2 Options for the amsmath package 2", … a
    // chapter's space before each.
    const chapters = ["1 Introduction", "2 Options for the package", "3 Displayed equations", "4 Miscellaneous"];
    const contents = chapters.flatMap((title, r) => [text(title, 100, 100 + 34 * r, { bold: true }), line(spanR(String(1 + 3 * r), 520, 100 + 34 * r, { bold: true }))]);
    expect(detectTables(contents, [], PAGE).tables).toEqual([]);
    const numbers = chapters.flatMap((title, r) => [text(title, 100, 100 + 34 * r), line(spanR(String(40 - 3 * r), 520, 100 + 34 * r))]);
    expect(detectTables(numbers, [], PAGE).tables).toHaveLength(1);
  });

  it("keeps a partial row at the row pitch as a row of its own", () => {
    const lines = [...tableRows(["North", "Asia and the", "South"], 100, 20), text("Pacific", 320, 160)];
    const { tables } = detectTables([...lines, ...tableRows(["West"], 180, 20)], [], PAGE);
    expect(cellsOf(tables[0])[3]).toEqual(["Pacific", "", ""]);
  });

  it("takes a bold stacked header with a cell centred over two columns, and leaves no header text outside", () => {
    const b = { bold: true };
    const header = [
      text("Units sold, year", 438, 72, b),
      line(spanR("Change", 560, 72, b)),
      text("Region", 320, 86, b),
      line(spanR("Q1", 450, 86, b)),
      line(spanR("Q2", 520, 86, b)),
      line(spanR("%", 560, 86, b)),
    ];
    const body = ["North", "South", "West"].flatMap((label, r) => [
      text(label, 320, 100 + 14 * r),
      line(spanR(String(100 + r), 450, 100 + 14 * r)),
      line(spanR(String(200 + r), 520, 100 + 14 * r)),
      line(spanR(`${r}.5`, 560, 100 + 14 * r)),
    ]);
    const caption = text("Sales by region and quarter", 320, 40);
    const { tables, rest } = detectTables([caption, ...header, ...body], [], PAGE);
    expect(rest).toEqual([caption]);
    expect(tables[0].headerRows).toBe(1);
    expect(cellsOf(tables[0]).slice(0, 2)).toEqual([
      ["", "Units sold, year", "", "Change"],
      ["Region", "Q1", "Q2", "%"],
    ]);
  });

  it("takes a group's head set alone over its sub-heads into the header, on one row with the heads centred beside it (a Writer table's 'Provided by' over 'Company' and 'Employee', 'Item' and 'Replacement' beside)", () => {
    const b = { bold: true };
    const group = text("Units provided by", 432, 72, b);
    const beside = [text("Region", 320, 79, b), line(spanR("Change", 560, 79, b))];
    const subheads = [line(spanR("Q1", 450, 86, b)), line(spanR("Q2", 520, 86, b))];
    const body = ["North", "South", "West"].flatMap((label, r) => [
      text(label, 320, 100 + 14 * r),
      line(spanR(String(100 + r), 450, 100 + 14 * r)),
      line(spanR(String(200 + r), 520, 100 + 14 * r)),
      line(spanR(`${r}.5`, 560, 100 + 14 * r)),
    ]);
    const { tables, rest } = detectTables([group, ...beside, ...subheads, ...body], [], PAGE);
    expect(rest).toEqual([]);
    expect(cellsOf(tables[0]).slice(0, 2)).toEqual([
      ["Region", "Units provided by", "", "Change"],
      ["", "Q1", "Q2", ""],
    ]);
    // Over columns with no sub-heads under it, such a line is a caption.
    const { rest: without } = detectTables([group, ...beside, ...body], [], PAGE);
    expect(without).toEqual([group]);
  });

  it("does not take a caption over the columns into the header", () => {
    const body = tableRows(["North", "South", "East"], 100, 14);
    // Centred over the table, across its columns.
    const centred = text("Table 2: units sold by region and year", 325, 86);
    expect(detectTables([centred, ...body], [], PAGE).rest).toEqual([centred]);
    // Over one column only, but set apart from the table by more than a header line is.
    const apart = text("Units", 430, 80);
    expect(detectTables([apart, ...body], [], PAGE).rest).toEqual([apart]);
    const stacked = text("Units", 430, 88);
    expect(detectTables([stacked, ...body], [], PAGE).rest).toEqual([]);
  });

  it("takes a header ruled off from the body further than a line gap, but not without the rule", () => {
    const header = [text("Name", 320, 66, { bold: true }), line(spanR("Count", 450, 66, { bold: true })), line(spanR("Rate", 520, 66, { bold: true }))];
    const body = tableRows(["North", "South", "East"], 100, 14);
    const ruled = detectTables([...header, ...body], [hRule(318, 522, 90)], PAGE);
    expect(ruled.rest).toEqual([]);
    expect(cellsOf(ruled.tables[0])[0]).toEqual(["Name", "Count", "Rate"]);
    const bare = detectTables([...header, ...body], [], PAGE);
    expect(bare.rest).toEqual(header);
  });

  it("takes label/value pairs set in two aligned columns for a table, with or without colons (issue 9: an invoice's header)", () => {
    // Read as text, reading order parted the columns: the labels came out one under another,
    // then the values (an office invoice's "Invoice number:" … "INV-2024-0318").
    const fields = [
      ["Name:", "Jane Doe"],
      ["Date of birth:", "4 May 1980"],
      ["Phone:", "555 0100"],
      ["Email:", "jane@example.org"],
    ];
    const lines = fields.flatMap(([label, value], i) => [text(label, 72, 100 + 14 * i), text(value, 200, 100 + 14 * i)]);
    const found = detectTables(lines, [], PAGE).tables;
    expect(found).toHaveLength(1);
    expect(cellsOf(found[0])[1]).toEqual(["Date of birth:", "4 May 1980"]);
    const plain = fields.flatMap(([label, value], i) => [text(label.slice(0, -1), 72, 100 + 14 * i), text(value, 200, 100 + 14 * i)]);
    expect(detectTables(plain, [], PAGE).tables).toHaveLength(1);
  });

  it("does not take a list beside a table column for the table", () => {
    const items = ["First item", "Second item", "Third item", "Fourth item"];
    const numbered = items.flatMap((t, i) => [text(`${i + 1}.`, 72, 100 + 14 * i), text(t, 100, 100 + 14 * i), line(spanR(String(i * 7), 300, 100 + 14 * i))]);
    expect(detectTables(numbered, [], PAGE).tables).toEqual([]);
  });

  /** Slim stroked boxes in the gutters, joined by boxes across the header: a grid of boxes
   *  with the table's text outside every box (as some report generators draw them). */
  function gutterBoxes(gutters: number[], y0: number, rows: number, pitch: number): Rule[] {
    const out: Rule[] = [];
    for (let g = 0; g + 1 < gutters.length; g++) out.push({ x0: gutters[g], y0: y0 - 12, x1: gutters[g + 1] + 8, y1: y0 - 2, kind: "stroke" });
    for (const g of gutters) for (let r = 0; r < rows; r++) out.push({ x0: g, y0: y0 + pitch * r, x1: g + 8, y1: y0 + pitch * r + 2 * pitch, kind: "stroke" });
    return out;
  }

  it("finds a borderless table whose gutters hold slim stroked boxes", () => {
    const lines = tableRows(["North", "South", "East", "West"], 100, 14);
    const { tables, rest } = detectTables(lines, gutterBoxes([375, 460], 100, 4, 14), PAGE);
    expect(rest).toEqual([]);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0])[3]).toEqual(["West", "103", "22.5"]);
  });

  it("finds a table ruled only between its columns and round its header", () => {
    const labels = ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"];
    const lines = [text("Name", 320, 86, { bold: true }), line(spanR("Count", 450, 86, { bold: true })), line(spanR("Rate", 520, 86, { bold: true })), ...tableRows(labels, 104, 12)];
    const rules = [hRule(310, 530, 82), hRule(310, 530, 100), hRule(310, 530, 210), vRule(310, 82, 210), vRule(400, 82, 210), vRule(470, 82, 210), vRule(530, 82, 210)];
    const { tables, rest } = detectTables(lines, rules, PAGE);
    expect(rest).toEqual([]);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0])[0]).toEqual(["Name", "Count", "Rate"]);
    expect(tables[0].rows).toHaveLength(9);
  });

  it("cuts dot leaders from the number set close after them, and takes a statistical table with leaders", () => {
    const labels = ["Robbery", "Burglary", "Arson", "Fraud"];
    const lines = labels.flatMap((label, r) => {
      const y = 100 + 12 * r;
      return [
        line(span(`${label} . . . . . . . . . . . .`.slice(0, 30), 60, y), span("1,234.5", 218, y)),
        line(spanR(String(10 + r), 320, y)),
        line(spanR(String(20 + r), 380, y)),
      ];
    });
    const { tables } = detectTables(lines, [], PAGE);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0]).map((r) => r.slice(1))).toEqual(labels.map((_, r) => ["1,234.5", String(10 + r), String(20 + r)]));
    // Two columns with leaders stay a contents page.
    const toc = labels.flatMap((label, r) => [line(span(`${label} . . . . . . . . . . . .`.slice(0, 30), 60, 100 + 12 * r), span(String(r + 3), 214, 100 + 12 * r))]);
    expect(detectTables(toc, [], PAGE).tables).toEqual([]);
  });

  it("replaces a grid ruled only round its header and column groups by the finer table its text aligns to", () => {
    const b = { bold: true };
    const header = [text("Male", 330, 84, b), text("Female", 450, 84, b)];
    const labels = ["North", "South", "East", "West", "Centre"];
    const body = labels.flatMap((label, r) => {
      const y = 104 + 12 * r;
      return [text(label, 60, y), line(spanR(String(100 + r), 340, y)), line(spanR(String(200 + r), 400, y)), line(spanR(String(300 + r), 460, y)), line(spanR(String(400 + r), 520, y))];
    });
    // A box, a rule under the header, and verticals between the label column and each group.
    const rules = [hRule(50, 530, 80), hRule(50, 530, 100), hRule(50, 530, 170), vRule(50, 80, 170), vRule(300, 80, 170), vRule(420, 80, 170), vRule(530, 80, 170)];
    const { tables, rest } = detectTables([...header, ...body], rules, PAGE);
    expect(rest).toEqual([]);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0]).slice(1)).toEqual(labels.map((label, r) => [label, String(100 + r), String(200 + r), String(300 + r), String(400 + r)]));
  });

  it("cuts a row's line where a span starts exactly at a column's edge after a word space (issue 9: octave's reference card, \"octave --eval code\" run up to \"Evaluate code using Octave\"; tlc2's contributors)", () => {
    const row = (key: string, value: string, y: number) => [text(key, 60, y), text(value, 150, y)];
    // The key's span ends, word space included, exactly where the value's column starts.
    const run = line({ ...span("octave --eval code ", 60, 128), x1: 150 }, span("Evaluate code using Octave", 150, 128));
    const lines = [...row("octave", "start an interactive session", 100), ...row("octave file", "run the commands in file", 114), run, ...row("octave --help", "describe the options", 142)];
    const { tables, rest } = detectTables(lines, [], PAGE);
    expect(rest).toEqual([]);
    expect(cellsOf(tables[0])[2]).toEqual(["octave --eval code", "Evaluate code using Octave"]);
  });

  describe("a column the first rows leave empty (issue 9: memman p52, the copyfitting table's \"40\" column from the row \"120\" down)", () => {
    /** Label column at 60; numbers right-aligned at 120, 160, 200, 240; twelve rows. */
    function grid(late: (r: number) => Line[]): Line[] {
      const header = ["10", "14", "18", "22"].map((h, c) => line(spanR(h, 120 + 40 * c, 86)));
      const body = Array.from({ length: 12 }, (_, r) => {
        const y = 100 + 12 * r;
        return [text(String(80 + 5 * r), 60, y), ...[0, 1, 2, 3].map((c) => line(spanR(String(40 - r - 3 * c), 120 + 40 * c, y))), ...late(r)];
      });
      return [...header, ...body.flat()];
    }

    it("joins the table with its header cell when its values fill the last rows", () => {
      const late = (r: number) => (r >= 8 ? [line(spanR(String(112 - 4 * (r - 8)), 280, 100 + 12 * r))] : []);
      const lines = [...grid(late), line(spanR("26", 280, 86))];
      const { tables, rest } = detectTables(lines, [], PAGE);
      expect(rest).toEqual([]);
      expect(tables).toHaveLength(1);
      const rows = cellsOf(tables[0]);
      expect(rows[0]).toEqual(["", "10", "14", "18", "22", "26"]);
      expect(rows[1]).toEqual(["80", "40", "37", "34", "31", ""]);
      expect(rows[12]).toEqual(["135", "29", "26", "23", "20", "100"]);
    });

    it("leaves a text column beside the table alone when it goes on below the table", () => {
      const notes = Array.from({ length: 8 }, (_, i) => text(`see note ${i + 1}`, 270, 100 + 12 * (8 + i)));
      const lines = [...grid(() => []), ...notes];
      const { tables, rest } = detectTables(lines, [], PAGE);
      expect(tables).toHaveLength(1);
      expect(cellsOf(tables[0])[1]).toHaveLength(5);
      expect(rest).toEqual(notes);
    });
  });

  it("still leaves the labels of a diagram drawn with separate strokes alone", () => {
    const labels = ["«CodeList»", "+ Unknown = -1:", "+ None = 0:", "+ Canal = 1:"];
    const lines = labels.flatMap((t, i) => [text(t, 60, 105 + 14 * i), text(t, 310, 105 + 14 * i)]);
    const box = (x0: number, x1: number) => [hRule(x0, x1, 100), hRule(x0, x1, 165), vRule(x0, 100, 165), vRule(x1, 100, 165)];
    const rules = [...box(50, 150), ...box(300, 400), hRule(150, 300, 130)];
    expect(detectTables(lines, rules, PAGE).tables).toEqual([]);
  });
});

// ---- rendering ----------------------------------------------------------------------

describe("detectTables: a piece no column places (texlive-en p27, Kpathsea's special characters)", () => {
  // The page's lines from y 100 to 232 as MuPDF gives them: spans [text, x0, x1], y0, y1, size.
  type Row = [[string, number, number][], number, number, number];
  const rows: Row[] = [
      [[["Separator in path specification; at the beginning or the end of a path, or doubled in the", 115.8, 521.1]], 107.7, 116.5, 10],
      [[[":", 79.4, 84.6]], 108.6, 116.8, 10],
      [[["middle, it substitutes the default path expansion.", 99.3, 315]], 119.7, 128.5, 10],
      [[["Separator on non-Unix systems (acts like ", 115.8, 298.4], [":", 298.4, 303.6], [").", 303.6, 310.3]], 131.7, 140.7, 10],
      [[[";", 79.4, 84.6]], 132.6, 140.7, 10],
      [[["Variable expansion.", 115.8, 200.8]], 143.6, 152.4, 10],
      [[["$", 79.4, 84.6]], 144.5, 152.7, 10],
      [[["Represents the user’s home directory.", 115.8, 278.8]], 155.6, 164.4, 10],
      [[["~", 79.4, 84.6]], 156.5, 164.6, 10],
      [[["{...}", 79.4, 105.5], [" ", 105.5, 115.8], ["Brace expansion.", 115.8, 189.6]], 167.5, 176.6, 10],
      [[["Separates items in brace expansion.", 115.8, 271.3]], 179.5, 188.3, 10],
      [[[",", 79.4, 84.6]], 180.4, 188.6, 10],
      [[["Subdirectory expansion (can occur anywhere in a path, except at its beginning).", 115.8, 467.1]], 191.4, 200.2, 10],
      [[["//", 79.4, 89.9]], 192.3, 200.5, 10],
      [[["% ", 79.4, 87.9], ["and ", 87.9, 107.3], ["# ", 107.3, 115.8], ["Start of comment.", 115.8, 195]], 203.4, 212.5, 10],
      [[["At the end of a line, continuation character to allow multi-line entries.", 115.8, 422.9]], 215.3, 224.1, 10],
      [[["\\", 79.4, 84.6]], 216.2, 224.4, 10],
      [[["Search ", 115.8, 147.6], ["only ", 147.6, 169.6], ["database to locate file, ", 169.6, 271.2], ["do not ", 271.2, 303], ["search the disk.", 303, 370.7]], 227.3, 236.1, 10],
      [[["!!", 79.4, 89.9]], 228.2, 236.4, 10]
  ];
  const lines: Line[] = rows.map(([spans, y0, y1, size]) =>
    line(...spans.map(([t, x0, x1]) => ({ ...span(t, x0, y0, { size }), x1, y1 }))),
  );

  it("keeps the text of a wrapped line that starts between the columns, and does not throw", () => {
    const { tables, rest } = detectTables(lines, [], PAGE);
    expect(tables).toHaveLength(1);
    const kept = [...tables.flatMap((t) => t.rows.flat().flatMap((cell) => cell.lines)), ...rest].map(lineText);
    expect(kept).toContain("middle, it substitutes the default path expansion.");
    // Every word once: a line split into cells ("{...}" | "Brace expansion.") is still all there.
    const words = (texts: string[]) => texts.join(" ").split(/\s+/).filter((w) => w !== "").sort();
    expect(words(kept)).toEqual(words(lines.map(lineText)));
  });
});

describe("renderTable", () => {
  const cell = (...texts: string[]) => ({ lines: texts.map((t, i) => text(t, 0, 12 * i)) });
  const table: Table = {
    x0: 0,
    y0: 0,
    x1: 100,
    y1: 100,
    ruled: true,
    headerRows: 1,
    rows: [
      [cell("Name"), cell("Value")],
      [cell("a|b <x> & y"), cell("1")],
      [cell("two", "lines")],
    ],
  };
  const inline = (lines: Line[]) => lines.map(lineText).join(" ");

  it("renders a GFM pipe table with escaped pipes and padded rows", () => {
    expect(renderTable(table, "gfm", inline)).toBe(
      ["| Name | Value |", "| --- | --- |", "| a\\|b <x> & y | 1 |", "| two lines |  |"].join("\n"),
    );
  });

  it("uses the first row as the GFM header even when none was detected", () => {
    const out = renderTable({ ...table, headerRows: 0 }, "gfm", inline);
    expect(out.split("\n")[1]).toBe("| --- | --- |");
  });

  it("keeps explicit line breaks inside a GFM cell as <br>", () => {
    const out = renderTable(table, "gfm", (lines) => lines.map(lineText).join("\n"));
    expect(out.split("\n")[3]).toBe("| two<br>lines |  |");
  });

  it("drops the emphasis of a GFM header row set bold throughout (a header is bold already), and keeps a mixed one's", () => {
    const bold = (t: string) => ({ lines: [{ ...text(t, 0, 0), spans: text(t, 0, 0).spans.map((s) => ({ ...s, bold: true })) }] });
    const styled = (lines: Line[], plainStyle?: boolean) => lines.map((l) => (l.spans.every((s) => s.bold) && !plainStyle ? `**${lineText(l)}**` : lineText(l))).join(" ");
    const header = { ...table, rows: [[bold("Region"), bold("Units sold")], [bold("Total"), cell("1,412")]] };
    expect(renderTable(header, "gfm", styled).split("\n")).toEqual(["| Region | Units sold |", "| --- | --- |", "| **Total** | 1,412 |"]);
    const invoice = { ...table, rows: [[bold("Invoice number"), cell("2024-0317")]] };
    expect(renderTable(invoice, "gfm", styled).split("\n")[0]).toBe("| **Invoice number** | 2024-0317 |");
  });

  it("writes each column's alignment from its body lines: figures flush right, centred text, text flush left", () => {
    const at = (t: string, x: number, y: number) => ({ lines: [text(t, x, y)] });
    // text() sets 10 pt type half an em a character: "1,240" is 25 pt wide.
    const aligned: Table = {
      ...table,
      rows: [
        [at("Region", 0, 0), at("Units", 100, 0), at("Note", 200, 0), at("Qty", 300, 0)],
        [at("North", 0, 12), at("1,240", 100, 12), at("ok", 210, 12), at("1", 310, 12)],
        [at("South", 0, 24), at("980", 110, 24), at("fine", 205, 24), at("2", 310, 24)],
        [at("Latin America", 0, 36), at("12,650", 95, 36), at("good", 205, 36), at("3", 310, 36)],
      ],
    };
    // Units: right edges at 125; Note: centres at 215; Qty: one width, under a header whose right edge it keeps.
    expect(renderTable(aligned, "gfm", inline).split("\n")[1]).toBe("| --- | ---: | :---: | ---: |");
  });

  it("does not double-escape a pipe the inline renderer escaped", () => {
    expect(escapePipes("\\| a | b \\\\| c")).toBe("\\| a \\| b \\\\\\| c");
  });

  it("renders HTML with escaped plain text", () => {
    expect(renderTable(table, "html", inline)).toBe(
      [
        "<table>",
        "<thead>",
        "<tr><th>Name</th><th>Value</th></tr>",
        "</thead>",
        "<tbody>",
        "<tr><td>a|b &lt;x&gt; &amp; y</td><td>1</td></tr>",
        "<tr><td>two lines</td><td></td></tr>",
        "</tbody>",
        "</table>",
      ].join("\n"),
    );
  });

  it("uses the plain renderer for HTML, never the Markdown one", () => {
    const out = renderTable(table, "html", () => "**md**", (lines) => lines.map(lineText).join("+"));
    expect(out).toContain("<td>two+lines</td>");
    expect(out).not.toContain("**md**");
  });

  it("omits thead in HTML when no header was detected", () => {
    const out = renderTable({ ...table, headerRows: 0 }, "html", inline);
    expect(out).not.toContain("<thead>");
    expect(out).toContain("<tr><td>Name</td><td>Value</td></tr>");
  });

  it("renders each row as a paragraph when tables are off", () => {
    expect(renderTable(table, "off", inline)).toBe("Name Value\n\na|b <x> & y 1\n\ntwo lines");
  });

  it("keeps a cell's lines broken on purpose and its bulleted points apart with <br> (issue 9: report-geobase-p3's revision history)", () => {
    const history: Table = {
      ...table,
      rows: [
        [cell("Date"), cell("Description")],
        [cell("February 2004"), cell("English review;", "Remove the UML model for the Segmented view.")],
        [cell("January 2003"), { lines: [text("Second draft after discussion with Nova", 0, 0), text("Scotia and major review of the model", 0, 12), text("through:", 0, 24), line(span("\uf0b7", 0, 36, {}), span(" Proposal of options", 5, 36))] }],
        // Wrapped text: the line that ends a sentence has no room for the next line's first word.
        [cell("May 2004"), cell("Update from the March Workshop.", "Comments were read by the team.")],
        // A bullet glyph alone is a cell's content, not a point.
        [cell("Dot"), cell("·")],
      ],
    };
    const rows = renderTable(history, "gfm", inline).split("\n");
    expect(rows[2]).toBe("| February 2004 | English review;<br>Remove the UML model for the Segmented view. |");
    expect(rows[3]).toBe("| January 2003 | Second draft after discussion with Nova Scotia and major review of the model through:<br>• Proposal of options |");
    expect(rows[4]).toBe("| May 2004 | Update from the March Workshop. Comments were read by the team. |");
    expect(rows[5]).toBe("| Dot | · |");
    expect(renderTable(history, "html", inline)).toContain("<td>English review;<br>Remove the UML model for the Segmented view.</td>");
  });

  it("renders an empty table as nothing", () => {
    expect(renderTable({ ...table, rows: [] }, "gfm", inline)).toBe("");
  });
});

// ---- a real PDF ---------------------------------------------------------------------

/** A small HTML page laid out by MuPDF and written as a PDF. */
function htmlToPdf(html: string): Uint8Array {
  const source = mupdf.Document.openDocument(Buffer.from(html), "text/html");
  source.layout(400, 300, 11);
  const buffer = new mupdf.Buffer();
  const writer = new mupdf.DocumentWriter(buffer, "pdf", "");
  for (let i = 0; i < source.countPages(); i++) {
    const page = source.loadPage(i);
    const device = writer.beginPage(page.getBounds());
    page.run(device, mupdf.Matrix.identity);
    writer.endPage();
  }
  writer.close();
  return buffer.asUint8Array();
}

/** Lines (spans split by font only, as the worst case) and vector rules of page 1. */
function readPage(pdf: Uint8Array): { lines: Line[]; rules: Rule[]; width: number; height: number } {
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  const page = doc.loadPage(0);
  const [, , width, height] = page.getBounds();
  const stext = page.toStructuredText("vectors=yes");
  const lines: Line[] = [];
  const rules: Rule[] = [];
  let current: Line | null = null;
  stext.walk({
    beginLine(bbox) {
      current = { spans: [], x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3], wmode: 0 };
    },
    onChar(c, _origin, font, size, quad) {
      if (current === null) return;
      const x0 = Math.min(quad[0], quad[4]);
      const x1 = Math.max(quad[2], quad[6]);
      const last = current.spans[current.spans.length - 1];
      if (last && last.font === font.getName() && last.size === size) {
        last.text += c;
        last.x1 = Math.max(last.x1, x1);
        return;
      }
      const bold = font.isBold();
      current.spans.push({ text: c, x0, y0: quad[1], x1, y1: quad[5], font: font.getName(), size, bold, italic: false, monospace: false });
    },
    endLine() {
      if (current !== null && current.spans.length > 0) lines.push(current);
      current = null;
    },
    onVector(bbox, flags) {
      rules.push({ x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3], kind: flags.isStroked ? "stroke" : "fill" });
    },
  });
  return { lines, rules, width, height };
}

describe("detectTables on a PDF made by MuPDF", () => {
  const styles = {
    "collapsed borders": "table { border-collapse: collapse; } td, th { border: 1px solid black; padding: 1px 3px; }",
    "separate borders": "table { border-spacing: 2px; } td, th { border: 1px solid black; padding: 1px 3px; }",
    "a rule under the header": "th { border-bottom: 2px solid black; font-weight: normal; } td, th { padding: 1px 8px; }",
    "a shaded header": "th { background: #ddd; font-weight: normal; } td, th { padding: 1px 12px; }",
  };
  for (const [name, css] of Object.entries(styles)) {
    it(`finds an HTML table with ${name} and renders it`, () => {
      const html = `<html><head><style>${css}</style></head><body>
        <p>Intro text here.</p>
        <table>
          <tr><th>Name</th><th>Qty</th><th>Price</th></tr>
          <tr><td>Apple</td><td>3</td><td>1.20</td></tr>
          <tr><td>Banana | split</td><td>12</td><td>0.50</td></tr>
          <tr><td>Cherry</td><td>100</td><td>9.99</td></tr>
          <tr><td colspan="2">Total</td><td>11.69</td></tr>
        </table>
        <p>After the table.</p>
      </body></html>`;
      const { lines, rules, width, height } = readPage(htmlToPdf(html));
      const { tables, rest } = detectTables(lines, rules, { width, height });
      expect(tables).toHaveLength(1);
      expect(tables[0].ruled).toBe(name.endsWith("borders"));
      expect(tables[0].headerRows).toBe(1);
      expect(rest.map(lineText)).toEqual(["Intro text here.", "After the table."]);
      const md = renderTable(tables[0], "gfm", (ls) => ls.map(lineText).join(" ").replace(/\s+/g, " ").trim());
      expect(md).toBe(
        [
          "| Name | Qty | Price |",
          "| --- | --- | --- |",
          "| Apple | 3 | 1.20 |",
          "| Banana \\| split | 12 | 0.50 |",
          "| Cherry | 100 | 9.99 |",
          "| Total |  | 11.69 |",
        ].join("\n"),
      );
    });
  }
});

/**
 * A one-page PDF whose only content is a 3-column ruled table drawn as report writers draw
 * them: every ruling a thin black filled rectangle, every cell and the caption painted white. `turn` is a cm matrix wrapped round the drawing (a table set sideways).
 */
function drawnTablePdf(turn?: string): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(new mupdf.Font("Helvetica"), "Latin") } });
  const xs = [100, 200, 300, 400];
  const ys = [700, 680, 660, 640, 620];
  const rows = [
    ["Region", "Units", "Share"],
    ["North", "120", "12.5"],
    ["South", "340", "35.0"],
    ["East", "510", "52.5"],
  ];
  let content = turn ? `q ${turn} cm\n` : "";
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < 3; c++) content += `1 g ${xs[c] + 4} ${ys[r + 1] + 4} 92 12 re f\n`;
  }
  // The caption's white background reaches down to the table's top border.
  content += `1 g 150 701 200 28 re f 0 g BT /F1 10 Tf 160 710 Td (Units by region) Tj ET\n`;
  for (const y of ys) content += `100 ${y - 0.25} 300 0.5 re f\n`;
  for (const x of xs) content += `${x - 0.25} 620 0.5 80 re f\n`;
  rows.forEach((row, r) => row.forEach((t, c) => (content += `BT /F1 10 Tf ${xs[c] + 6} ${ys[r + 1] + 6} Td (${t}) Tj ET\n`)));
  if (turn) content += "Q\n";
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, content));
  return doc.saveToBuffer("").asUint8Array();
}

describe("ruled tables as PDFs draw them (issue 9: real tables)", () => {
  const expected = ["Units by region", "", "| Region | Units | Share |", "| --- | --- | --- |", "| North | 120 | 12.5 |", "| South | 340 | 35.0 |", "| East | 510 | 52.5 |"].join("\n");
  const convert = async (pdf: Uint8Array) =>
    (await convertDocument(openInProcess, { bytes: pdf, options: { ...defaultRenderOptions, tables: "gfm" } })).markdown.trim();

  it("reads rulings drawn as filled rectangles and ignores white backgrounds behind cells and captions", async () => {
    expect(await convert(drawnTablePdf())).toBe(expected);
  });

  it("turns a table set sideways upright, whichever way it reads", async () => {
    // Reads bottom to top: (x, y) → (792 − y, x); top to bottom: (x, y) → (y − 500, 700 − x).
    expect(await convert(drawnTablePdf("0 1 -1 0 792 0"))).toBe(expected);
    expect(await convert(drawnTablePdf("0 -1 1 0 -500 700"))).toBe(expected);
  });
});

// ---- cost ---------------------------------------------------------------------------

describe("detectTables cost", () => {
  it("stays well under a fraction of a millisecond on an ordinary page", () => {
    const lines: Line[] = [];
    for (let i = 0; i < 50; i++) {
      lines.push(text("An ordinary line of body text that runs across the page", 72, 72 + 13 * i));
    }
    const rules = [hRule(72, 540, 60), hRule(72, 540, 740)];
    for (let i = 0; i < 200; i++) detectTables(lines, rules, PAGE); // warm up the JIT
    const runs = 2_000;
    const start = performance.now();
    for (let i = 0; i < runs; i++) detectTables(lines, rules, PAGE);
    const msPerPage = (performance.now() - start) / runs;
    // The budget is 0.2 ms; the bound leaves room for a loaded CI machine.
    expect(msPerPage).toBeLessThan(1);
  });
});

describe("rulings and medians on their fast paths (issue 9: table detection must not cost throughput)", () => {
  // A border drawn cell by cell: 40 touching pieces on one line, plus a second line below.
  const pieces = (order: number[]) => order.map((i) => hRule(50 + 10 * i, 60 + 10 * i, 100 + (i % 2) * 0.4));
  const expected = [
    { a: 50, b: 450, pos: 100.2 },
    { a: 50, b: 450, pos: 300 },
  ];
  const merged = (rules: Rule[]) => collectRulings([...rules, hRule(50, 450, 300)], PAGE).h.map((s) => ({ a: s.a, b: s.b, pos: Math.round(s.pos * 10) / 10 }));
  const forward = Array.from({ length: 40 }, (_, i) => i);

  it("merges collinear pieces drawn left to right into one ruling", () => {
    expect(merged(pieces(forward))).toEqual(expected);
  });

  it("merges them drawn right to left too (the insertion order gives way to a sort)", () => {
    expect(merged(pieces([...forward].reverse()))).toEqual(expected);
  });

  it("merges them drawn in a scrambled order", () => {
    expect(merged(pieces(forward.map((i) => (i * 17) % 40)))).toEqual(expected);
  });

  it("median sorts numerically, not as strings, and averages the middle pair", () => {
    expect(median([10, 9, 100, 2])).toBe(9.5);
    expect(median([3, -1, 20])).toBe(3);
    expect(median([])).toBe(0);
  });
});

describe("pieceLines: a cell's part of a line cut between cells (issue 9: crc-doc's contents, a title and its flush-right page number on one line)", () => {
  it("keeps the spaces between the spans it takes, and none of those around it", () => {
    // "1", the space the joiner put in, the title, a wide space, the page number.
    const row = line(span("1", 134, 100), span(" ", 139, 100), span("Definition of CRC", 149, 100), span(" ", 234, 100), span("2", 472, 100));
    row.spans[1].x1 = 149;
    row.spans[3].x1 = 472;
    const cells = textRow([row]).cells;
    expect(cells).toHaveLength(2);
    expect(cells.map((cell) => pieceLines(cell).map((l) => l.spans.map((s) => s.text).join("")))).toEqual([["1 Definition of CRC"], ["2"]]);
  });
});

describe("splitsIntoPieces: a row's piece count without building it (issue 9: table detection must not cost throughput)", () => {
  const pieces = (lines: Line[]) => textRow(lines).cells.length;

  it.each<[string, Line[], boolean]>([
    ["one line of running text", [text("Every row of a page of prose is one piece", 72, 100)], false],
    ["two cells an em and more apart", [line(span("Apples", 72, 100), span("3.50", 200, 100))], true],
    ["word spaces of a justified line", [line(span("loosely", 72, 100), span("set", 72 + 35 + 4, 100), span("words", 72 + 50 + 8, 100))], false],
    ["a dot leader before a close page number", [line(span("Intro . . . . .", 72, 100), span("5", 72 + 75 + 2, 100))], true],
    ["two lines of one row, left to right", [text("label", 72, 100), text("value", 300, 100)], true],
    ["a blank span between cells", [line(span("a", 72, 100), span("   ", 80, 100), span("b", 200, 100))], true],
  ])("agrees with textRow on %s", (_name, lines, splits) => {
    expect(pieces(lines) >= 2).toBe(splits);
    expect(splitsIntoPieces(lines)).toBe(splits);
  });

  it("measures the gap between cells from the ink, not from a trailing space (issue 9: camelot-health)", () => {
    // Numbers set just over an em apart: the first span's box takes in its space, which
    // leaves under an em between the boxes.
    const first = span("47,824,589 ", 163, 100, { size: 11 });
    first.x1 = 215.5;
    const second = span("9,967,837 ", 226, 100, { size: 11 });
    second.x1 = 273;
    const row = [line(first, second)];
    expect(pieces(row)).toBe(2);
    expect(splitsIntoPieces(row)).toBe(true);
    // Without the space, the same boxes are one word gap apart.
    const tight = [line({ ...first, text: "47,824,589" }, second)];
    expect(pieces(tight)).toBe(1);
  });

  it("takes a right-to-left span's spaces on its right from the start of its text (issue 9: tabula-indictb1h_14)", () => {
    // A Hebrew label and its colon, in logical order: the colon's span carries seven spaces
    // after it, which the page sets to its left; the label touches the colon on the right.
    const label = { ...span("        ההוצאה לצריכה ציבורית", 378, 337), x1: 459.4 };
    const colon = { ...span(":       ", 362.6, 337), x1: 378.1 };
    const row = [line(label, colon)];
    expect(pieces(row)).toBe(1);
    expect(PageRows.fromGroups([row]).splits(0)).toBe(false);
  });

  it("leaves a row whose spans run right to left to textRow (null)", () => {
    expect(splitsIntoPieces([text("value", 300, 100), text("label", 72, 100)])).toBeNull();
  });

  it("PageRows builds a row only when it is read, and answers splits either way", () => {
    const rows = PageRows.fromGroups([[text("one piece", 72, 100)], [text("value", 300, 120), text("label", 72, 120)]]);
    expect(rows.splits(0)).toBe(false);
    expect(rows.splits(1)).toBe(true);
    expect(rows.at(1).cells.map((c) => c.x0)).toEqual([72, 300]);
  });
});

describe("table cells in the Markdown (issue 9: real pages keep what is visible; fixtures/real/README.md: emphasis is kept where it is visible)", () => {
  const realMarkdown = async (id: string) => {
    const bytes = new Uint8Array(readFileSync(new URL(`../../fixtures/real/${id}.pdf`, import.meta.url)));
    return (await convertDocument(openInProcess, { bytes, options: defaultRenderOptions })).markdown as string;
  };

  it("keeps a cell's bold (gen-invoice: the labels and the total)", async () => {
    const markdown = await realMarkdown("gen-invoice");
    expect(markdown).toContain("| **Total due (EUR)** | **969.86** |");
    // Its fields read as a table of their own after the "Bill to" block (tables/fields_beside_stack.ts).
    expect(markdown).toContain("| **Invoice date** | 2 September 2024 |");
  });

  it("writes numbers set in a typewriter face as numbers, not code (cjk-pypdf-issue914)", async () => {
    const markdown = await realMarkdown("cjk-pypdf-issue914");
    expect(markdown).toContain("| 302000001 | 10.12 | 散称华联粉条 | 2700549 | 334010053 | 0.5 | 红豆 |");
    expect(markdown).not.toContain("`");
  });
});

describe("a table in one column of a two-column page (issue 9: fixtures/real/gen-office-paper, a Writer paper's results table)", () => {
  it("finds the table in the right column beside the left column's prose at another leading, and reads the footnote last", async () => {
    const bytes = new Uint8Array(readFileSync(new URL("../../fixtures/real/gen-office-paper.pdf", import.meta.url)));
    const md = (await convertDocument(openInProcess, { bytes, options: defaultRenderOptions })).markdown as string;
    expect(md).toContain("| City | Distance | Congestion |\n| --- | --- | --- |\n| Rotterdam | −6.8% | −10.1% |");
    expect(md).toContain("Table 1 summarises the results by city.");
    expect(md.trimEnd().split("\n").filter((l) => !l.startsWith("<!--")).pop()).toBe("<sup>1</sup>Corresponding author: a.devries@example.org");
  });
});

describe("collectRulings: a rule painted over by a later fill is hidden there (a heading's underline under a floated infobox)", () => {
  const underline = hRule(50, 560, 233);
  const infobox: Rule = { x0: 412, y0: 110, x1: 560, y1: 336, kind: "fill" };
  const at = (rules: Rule[], y: number) => collectRulings(rules, PAGE).h.filter((seg) => Math.abs(seg.pos - y) < 1).map((seg) => [Math.round(seg.a), Math.round(seg.b)]);

  it("keeps only the part outside a fill painted after the rule, stopping short of the fill's edge", () => {
    // 4 pt short, past the 3 pt at which rulings meet: it meets nothing on that edge.
    expect(at([underline, infobox], 233)).toEqual([[50, 408]]);
  });

  it("keeps a rule painted after the fill whole (a table's border over its shading)", () => {
    expect(at([infobox, underline], 233)).toEqual([[50, 560]]);
  });

  it("keeps a rule on the fill's edge whole (a shaded cell's own border)", () => {
    expect(at([hRule(50, 560, 111), infobox], 111)).toEqual([[50, 560]]);
  });

  const fillAt = (x0: number, x1: number): Rule => ({ x0, y0: 200, x1, y1: 260, kind: "fill" });

  it("hides a rule painted between two fills only under the later one", () => {
    expect(at([fillAt(100, 200), hRule(50, 560, 233), fillAt(300, 400)], 233)).toEqual([
      [50, 296],
      [404, 560],
    ]);
  });

  it("cuts a rule under two later fills into the three parts left showing, in order", () => {
    expect(at([hRule(50, 560, 233), fillAt(100, 200), fillAt(300, 400)], 233)).toEqual([
      [50, 96],
      [204, 296],
      [404, 560],
    ]);
  });

  it("asks each rule of many only of the fills painted after it", () => {
    const rules = [hRule(50, 560, 210), fillAt(100, 200), hRule(50, 560, 230), fillAt(300, 400), hRule(50, 560, 250)];
    expect(at(rules, 210)).toEqual([
      [50, 96],
      [204, 296],
      [404, 560],
    ]);
    expect(at(rules, 230)).toEqual([
      [50, 296],
      [404, 560],
    ]);
    expect(at(rules, 250)).toEqual([[50, 560]]);
  });
});

describe("indicesByKey (sorted_search.ts): the stable index order a comparator over the keys gave", () => {
  it("orders indices by key, ties in index order", () => {
    expect([...indicesByKey([3, 1, 2, 1, 3])]).toEqual([1, 3, 2, 0, 4]);
  });

  it("gives an empty order for no keys and leaves the keys alone", () => {
    const keys = new Float64Array([2, 1]);
    expect([...indicesByKey([])]).toEqual([]);
    expect([...indicesByKey(keys)]).toEqual([1, 0]);
    expect([...keys]).toEqual([2, 1]);
  });

  it("gives keys already in order (ties too) their own order, and still sorts keys out of order: one at the end, a NaN among them", () => {
    expect([...indicesByKey([1, 2, 2, 5])]).toEqual([0, 1, 2, 3]);
    expect([...indicesByKey([1, 2, 2, 5, 0])]).toEqual([4, 0, 1, 2, 3]);
    expect([...indicesByKey([1, 2, 2, 5, 2])]).toEqual([0, 1, 2, 4, 3]);
    expect([...indicesByKey([2, Number.NaN, 1])]).toEqual([...new Int32Array([0, 1, 2]).sort((a, b) => [2, Number.NaN, 1][a] - [2, Number.NaN, 1][b])]);
  });
});

// A floated picture is an image, not a fill: PageModel.images gives its place in paint order.
describe("collectRulings: a rule painted before an image is hidden under it (a heading's underline under a floated picture)", () => {
  const underline = hRule(50, 562, 294);
  const picture = { x0: 424, y0: 170, x1: 559, y1: 320 };
  const frame: Rule = { x0: 420.6, y0: 166.4, x1: 561.9, y1: 340.6, kind: "stroke" };
  const at = (rules: Rule[], images: { x0: number; y0: number; x1: number; y1: number; rulesBefore: number }[]) =>
    collectRulings(rules, { ...PAGE, images }).h.filter((seg) => Math.abs(seg.pos - 294) < 1).map((seg) => [Math.round(seg.a), Math.round(seg.b)]);

  it("keeps the part outside the picture's frame, short of it, where the image was painted after the rule", () => {
    expect(at([underline, frame], [{ ...picture, rulesBefore: 2 }])).toEqual([[50, 417]]);
    // Without a frame round it, the picture itself hides the rule.
    expect(at([underline], [{ ...picture, rulesBefore: 1 }])).toEqual([[50, 420]]);
  });

  it("keeps a rule painted after the image whole (a caption's rule over a picture)", () => {
    expect(at([frame, underline], [{ ...picture, rulesBefore: 1 }])).toEqual([[50, 562]]);
  });

  it("makes no grid of the underline and the picture's frame round the text beside it", () => {
    // Chromium's print: the text beside the picture, "Locks" over the underline at 294.
    const beside: [string, number][] = [
      ["The first locks at Trollhättan were finished in 1800 after several failed", 167],
      ["attempts. They were replaced by a new set of locks in 1844, and the", 181],
      ["present locks, built for larger ships, opened in 1916.", 195],
      ["The canal made it possible for ships to sail from Vänern to the sea,", 219],
      ["bringing timber, iron and paper from Värmland to the port of", 233],
      ["Gothenburg and beyond.", 247],
      ["There are six locks at Trollhättan, which lift ships 32 metres. The old", 307],
      ["locks from 1800 and 1844 can still be seen beside the present ones", 321.5],
      ["and are a popular place for a walk.", 336],
    ];
    const prose = [...beside.map(([t, y]) => text(t, 50, y, { size: 9 })), text("Locks", 50, 275, { size: 15, bold: true })];
    const caption = text("The locks in 1916", 424, 324.5, { size: 9 });
    const rules = [{ x0: 50, y0: 153, x1: 562, y1: 153.8, kind: "fill" } as Rule, { x0: 50, y0: 294, x1: 562, y1: 294.8, kind: "fill" } as Rule, frame];
    const framed = detectTables([...prose, caption], rules, { ...PAGE, images: [{ ...picture, rulesBefore: 2 }] });
    expect(framed.tables).toEqual([]);
  });
});

describe("detectTables: an infobox floated beside text, a heading's underline running under it (a web page printed by Chromium)", () => {
  it("finds the infobox's rows alone, not a grid around the text beside it", () => {
    const words = "the lake was formed after the last ice age about ten thousand years ago when the melting ice sheet left a depression that filled with water and for a time it was connected to the sea on both sides of the country".split(" ");
    const wrapped = Array.from({ length: 15 }, (_, k) => words.slice(k % 9, (k % 9) + 9 + (k % 4)).join(" "));
    const prose = [...wrapped.slice(0, 8), "Geography", ...wrapped.slice(8)].map((t, k) => text(t, 50, 90 + 15 * k));
    const rows = ["Location", "Type", "Area", "Depth", "Islands", "Shores", "Towns"].map((label, k) => line(span(label, 418, 115 + 30 * k, { bold: true }), span(`Value ${k}`, 480, 115 + 30 * k)));
    const borders = [hRule(412, 560, 110), hRule(412, 560, 336), vRule(412, 110, 336), vRule(560, 110, 336)];
    const rules = [hRule(50, 560, 81), hRule(50, 560, 233), { x0: 412, y0: 110, x1: 560, y1: 336, kind: "fill" } as Rule, ...borders];
    const { tables } = detectTables([...prose, ...rows], rules, PAGE);
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) expect(table.x0).toBeGreaterThan(400);
  });
});

// fixtures/real/gen-statement-p1: a bank statement's summary box (Chromium, labels in 8 pt over
// values in 9.5 pt, a stroked frame round them); texlive-doc's URletter-DEMO: a letter's
// reference line, labels in small type over the references, no frame.
describe("detectTables: a row of labels over a row of their values (docs/engine.md, Tables: label rows)", () => {
  const labels = ["Account", "Period", "Opening balance", "Closing balance"];
  const values = ["8327-9 123 456 789-0", "1–30 November 2026", "12,480.50 SEK", "9,871.25 SEK"];
  const xs = [63, 199.5, 331.95, 431.52];
  const labelRow = (texts = labels, y = 104.3, size = 8) => texts.map((t, c) => text(t, xs[c], y, { size }));
  const valueRow = (texts = values, y = 114.2) => texts.map((t, c) => text(t, xs[c], y, { size: 9.5 }));
  const frame: Rule = { x0: 54.6, y0: 98.9, x1: 557.4, y1: 130.6, kind: "stroke" };
  const above = text("Account statement", 54.75, 73.7, { size: 9.5 });
  const cellsOf = (t: Table) => cellTexts(t).map((row) => row.map((c) => c.trim()));

  it("reads the two rows inside a frame as a table, the labels its header", () => {
    const { tables, rest } = detectTables([above, ...labelRow(), ...valueRow()], [frame], PAGE);
    expect(rest).toEqual([above]);
    expect(tables).toHaveLength(1);
    expect(tables[0].headerRows).toBe(1);
    expect(cellsOf(tables[0])).toEqual([labels, values]);
  });

  it("reads them so without a frame when the labels are set smaller and the rows stand apart from other text", () => {
    const { tables } = detectTables([above, ...labelRow(), ...valueRow()], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0])).toEqual([labels, values]);
  });

  it("leaves two rows alone where the labels are no labels: list items, figures, or words beside their values", () => {
    const bullets = ["• array", "• hypdoc", "• lmodern", "• babel"];
    expect(detectTables([...labelRow(bullets), ...valueRow()], [frame], PAGE).tables).toEqual([]);
    const years = ["2023", "2024", "2025", "2026"];
    expect(detectTables([...labelRow(years), ...valueRow()], [frame], PAGE).tables).toEqual([]);
    // Values not set flush with their labels.
    const shifted = values.map((t, c) => text(t, xs[c] + 20, 114.2, { size: 9.5 }));
    expect(detectTables([...labelRow(), ...shifted], [frame], PAGE).tables).toEqual([]);
  });

  it("leaves a frame holding a third row alone, and without a frame labels in the values' size or text close by", () => {
    const note = text("All amounts in SEK", 63, 128, { size: 8 });
    expect(detectTables([...labelRow(), ...valueRow(), note], [{ ...frame, y1: 140 }], PAGE).tables).toEqual([]);
    expect(detectTables([...labelRow(), ...valueRow(), note], [], PAGE).tables).toEqual([]);
    // Labels in the values' size are no label row; since svc-md-1.1.25 the two rows, flush
    // left in four columns and a block of their own, are a table of two rows
    // (aligned_detector.ts takeTwoRowGrids), with no header row.
    const sameSize = detectTables([...labelRow(labels, 104.3, 9.5), ...valueRow()], [], PAGE).tables;
    expect(sameSize).toHaveLength(1);
    expect(sameSize[0].headerRows).toBe(0);
    expect(cellsOf(sameSize[0])).toEqual([labels, values]);
  });

  it("leaves the header and first row of a padded table to the aligned detector: its next rows go on in the values' columns", () => {
    const head = labelRow(["Region", "Manager", "Depot"], 90);
    const rows = [
      ["North", "Anna Berg", "Arendal"],
      ["South", "Erik Holm", "Hisingen"],
      ["East", "Karin Ek", "Torslanda"],
      ["West", "Johan Berg", "Backa"],
    ];
    const body = rows.flatMap((cells, r) => cells.map((t, c) => text(t, xs[c], 100 + 30 * r, { size: 9.5 })));
    const { tables } = detectTables([...head, ...body], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0])).toEqual([["Region", "Manager", "Depot"], ...rows]);
  });
});

describe("a paragraph's last line over a table's text column (growUp, SENTENCE_END)", () => {
  // docs/engine.md "Aligned tables". matc3mem's environments: names set flush right in the
  // margin beside their descriptions, under a paragraph whose last line "capitolo." starts
  // where the descriptions do, a line pitch above the first.
  const names = ["definizione", "criterio", "teorema", "legge", "postulato"];
  const notes = ["Per le definizioni.", "Per i criteri.", "Ambiente per i teoremi.", "Per le leggi.", "Per i postulati."];
  const y = (r: number) => 200 + 12 * r;
  const body = names.flatMap((n, r) => [line(spanR(n, 140, y(r))), text(notes[r], 154, y(r))]);
  const cellsOf = (t: Table) => cellTexts(t).map((row) => row.map((c) => c.trim()));

  it("leaves a word ending a sentence out of the table", () => {
    const last = text("capitolo.", 154, y(-1));
    const { tables, rest } = detectTables([last, ...body], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0])[0]).toEqual(["definizione", "Per le definizioni."]);
    expect(rest).toEqual([last]);
  });

  it("takes a head over the column as a header line", () => {
    const head = text("Descrizione", 154, y(-1));
    const { tables, rest } = detectTables([head, ...body], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0])[0]).toEqual(["", "Descrizione"]);
    expect(rest).toEqual([]);
  });
});
