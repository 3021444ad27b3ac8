// SPEC.md §Output (tables as GFM tables, headings as ATX headings); issue 9 ("cells are never
// rendered as headings"; a table only where the page sets one). tables/chance_rows.ts: an
// invoice's letterhead beside its number and dates, their lines level by chance, is two blocks,
// not a table; blocks.ts headingOf: a bold total at the body's size is no heading.
// svc-md-1.1.38.
import { describe, expect, it } from "vitest";
import type { Line } from "../../src/engine/model.js";
import type { Piece, TextRow } from "../../src/engine/tables/cell_gaps.js";
import { stackGoesOnUnder, stacksSideBySide } from "../../src/engine/tables/chance_rows.js";
import { line } from "../support/layout.js";
import { excerptMarkdown } from "../support/markdown_of.js";

/** A line of 10 pt text whose box runs from y0 to y0 + height. */
const at = (text: string, x: number, y0: number, height = 11.6, size = 10): Line => {
  const l = line([{ text, size }], { x, y: y0, size });
  return { ...l, y1: y0 + height, spans: l.spans.map((s) => ({ ...s, y0, y1: y0 + height })) };
};

const cell = (...lines: Line[]): Piece => ({
  items: lines.flatMap((l) => l.spans.map((span) => ({ span, line: l }))),
  x0: Math.min(...lines.map((l) => l.x0)),
  x1: Math.max(...lines.map((l) => l.x1)),
  y0: Math.min(...lines.map((l) => l.y0)),
  y1: Math.max(...lines.map((l) => l.y1)),
  text: null,
});

const row = (...cells: Piece[]): TextRow => ({
  lines: [...new Set(cells.flatMap((c) => c.items.map((it) => it.line)))],
  cells,
  y0: Math.min(...cells.map((c) => c.y0)),
  y1: Math.max(...cells.map((c) => c.y1)),
  em: 10,
});

describe("stacksSideBySide (tables/chance_rows.ts)", () => {
  it("finds two stacks of lines at their own leading whose rows pair one line with two", () => {
    // inv2's top: "Lumen Studio" at 20 pt over three address lines, beside four lines set
    // flush right at 11.2 pt, level with the address lines within 0.8 pt.
    const rows = [
      row(cell(at("Lumen Studio", 58, 57.9, 23.3, 20)), cell(at("Invoice 2026-117", 458, 57.5), at("Issued 2 December 2026", 429, 68.7))),
      row(cell(at("Design & Print Ltd", 58, 80.7)), cell(at("Due 1 January 2027", 455, 80.0))),
      row(cell(at("14 Canal Street", 58, 92.0), at("Manchester M1 3HE", 58, 103.2)), cell(at("PO number 44-A19", 459, 91.2))),
    ];
    expect(stacksSideBySide(rows)).toBe(true);
  });

  it("leaves a table: rows of one line in each cell, or a wrapped cell beside a gap in the other column", () => {
    // A tight key/value table: every column runs on with no gap, one line a cell.
    const keyValue = [0, 1, 2].map((k) => row(cell(at(`Key ${k}`, 58, 100 + 11.6 * k)), cell(at(`Value ${k}`, 200, 100 + 11.6 * k))));
    expect(stacksSideBySide(keyValue)).toBe(false);
    // A wrapped description: its figures' column leaves a line's gap under the row's figure.
    const wrapped = [
      row(cell(at("Socket set, 12 pieces,", 58, 100), at("chrome vanadium", 58, 111.6)), cell(at("42.50", 400, 100))),
      row(cell(at("Torque wrench", 58, 123.2)), cell(at("189.00", 400, 123.2))),
      row(cell(at("Freight", 58, 134.8)), cell(at("95.00", 400, 134.8))),
    ];
    expect(stacksSideBySide(wrapped)).toBe(false);
  });
});

describe("stackGoesOnUnder (tables/chance_rows.ts, svc-md-1.1.39)", () => {
  /** "Bill to" over four address lines beside "Ship to" over three, 9.7 pt apart. */
  const bold = (l: Line): Line => ({ ...l, spans: l.spans.map((s) => ({ ...s, bold: true })) });
  const blocks = (headBold: boolean) => [
    row(cell(headBold ? bold(at("Bill to", 58, 134, 9.6, 8.3)) : at("Bill to", 58, 134, 9.6, 8.3)), cell(headBold ? bold(at("Ship to", 192, 134, 9.6, 8.3)) : at("Ship to", 192, 134, 9.6, 8.3))),
    row(cell(at("Blue Fjord AS", 58, 143.8, 9.6, 8.3)), cell(at("Blue Fjord AS, Warehouse 3", 192, 143.8, 9.6, 8.3))),
    row(cell(at("Accounts Payable", 58, 153.6, 9.6, 8.3)), cell(at("Kaiveien 40", 192, 153.6, 9.6, 8.3))),
    row(cell(at("Strandgata 5", 58, 163.3, 9.6, 8.3)), cell(at("5058 Bergen, Norway", 192, 163.3, 9.6, 8.3))),
  ];
  const under = row(cell(at("5013 Bergen, Norway", 58, 173.1, 9.6, 8.3)));

  it("finds two blocks under bold labels whose longer one goes on under the rows (before: a table, its last line read after it)", () => {
    expect(stackGoesOnUnder(blocks(true), under)).toBe(true);
  });

  it("leaves a table: no bold labels over the columns, nothing under them, or a line under them that stands apart", () => {
    expect(stackGoesOnUnder(blocks(false), under)).toBe(false);
    expect(stackGoesOnUnder(blocks(true), null)).toBe(false);
    expect(stackGoesOnUnder(blocks(true), row(cell(at("5013 Bergen, Norway", 58, 190, 9.6, 8.3))))).toBe(false);
    expect(stackGoesOnUnder(blocks(true), row(cell(at("5013 Bergen, Norway", 120, 173.1, 9.6, 8.3))))).toBe(false);
  });
});

describe("Chromium's print of an invoice with its letterhead beside its number (fixtures/excerpts/chromium-invoice-letterhead.pdf)", () => {
  const convert = () => excerptMarkdown("chromium-invoice-letterhead.pdf");

  it("reads the letterhead, then the invoice's number and dates, each block whole (before: a table pairing their lines)", async () => {
    const md = await convert();
    expect(md).toContain("Design & Print Ltd\\\n14 Canal Street\\\nManchester M1 3HE");
    expect(md).toContain("Issued 2 December 2026\\\nDue 1 January 2027\\\nPO number 44-A19");
    expect(md.indexOf("Manchester M1 3HE")).toBeLessThan(md.indexOf("Invoice 2026-117"));
    expect(md).not.toContain("| 14 Canal Street Manchester M1 3HE |");
    // The addresses and the items stay tables.
    expect(md).toContain("| BILL TO | SHIP TO | PAYMENT |");
    expect(md).toContain("| Proof prints A4 | 12 | 6.50 | 78.00 |");
  });

  it("keeps the bold total under the items a paragraph, not a heading", async () => {
    const md = await convert();
    expect(md).toMatch(/^\*\*Total GBP 2,502\.00\*\*$/m);
    expect(md).not.toMatch(/^#+ Total/m);
  });
});
