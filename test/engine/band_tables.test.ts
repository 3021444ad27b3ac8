// SPEC.md "headers_footers": strip removes running heads, running feet and page numbers, and
// never body text (issue 9, deliverable 1: "body text is never removed (tested both ways)").
// A long table printed by Chromium (an invoice ledger) runs into the bottom band of one page and
// the top band of the next; its codes, dates and amounts repeat their shape from page to page
// ("INV-1030" | "INV-1032" as "inv-#"), and the running-line test had stripped them, leaving
// the customers' names (layout/band_tables.ts). A contents page's column of page numbers stands
// clear of the titles at the right, on one grid from page to page, and had been stripped as a
// navigation column (furniture.ts sidePlace). svc-md-1.1.36.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import type { Line } from "../../src/engine/model.js";
import { analyseDocument } from "../../src/engine/render/document.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { CHAR_WIDTH_EMS, line, ok, page } from "../support/layout.js";

const SIZE = 10;
const PITCH = 14;
const CUSTOMERS = ["Acme BV", "Nordlicht GmbH", "Sol y Mar SL", "Kowalski sp. z o.o."];
const STATUSES = ["paid", "open", "overdue"];

/** A line of `text` whose right edge is at `right`. */
function flushRight(text: string, right: number, y: number): Line {
  return line(text, { x: right - text.length * CHAR_WIDTH_EMS * SIZE, y, size: SIZE });
}

const code = (i: number) => `INV-${1000 + i}`;
const date = (i: number) => `2026-0${1 + (i % 9)}-${10 + (i % 18)}`;
const amount = (i: number) => (i * 137.5 + 90).toFixed(2);

/** Ledger rows `from` to `to` (exclusive), the first at `y`: code, customer and date flush left,
 *  the amount flush right, the status flush left. */
function ledgerRows(from: number, to: number, y: number): Line[] {
  const lines: Line[] = [];
  for (let i = from; i < to; i++) {
    const top = y + (i - from) * PITCH;
    lines.push(
      line(code(i), { x: 50, y: top, size: SIZE }),
      line(CUSTOMERS[i % 4], { x: 130, y: top, size: SIZE }),
      line(date(i), { x: 300, y: top, size: SIZE }),
      flushRight(amount(i), 470, top),
      line(STATUSES[i % 3], { x: 490, y: top, size: SIZE }),
    );
  }
  return lines;
}

/** Chromium's header and footer on page `n` of `pages`: the date and the title, the address and "n/pages". */
function chromiumBands(n: number, pages: number): Line[] {
  return [
    line("12/2/26, 2:52 PM", { x: 20, y: 14, size: 8 }),
    line("Receivables ledger", { x: 270, y: 14, size: 8 }),
    line("file:///home/clerk/ledger.html", { x: 20, y: 772, size: 8 }),
    flushRight(`${n}/${pages}`, 592, 772),
  ];
}

function convert(pages: Line[][]): string {
  const outcomes = pages.map((lines, k) => ok(page(k + 1, lines)));
  const selected = pages.map((_, k) => k + 1);
  return analyseDocument({ pageCount: pages.length, selected, selectionExpression: `1-${pages.length}`, outcomes, outline: null, hasXfa: false, options: defaultRenderOptions }).markdown;
}

describe("a table that runs into the head and foot bands (band_tables.ts)", () => {
  // Page 1: rows 0-49 from 60 pt down to 746 pt (the foot band starts at 673 pt); page 2: rows
  // 50-79 from 40 pt down (the head band ends at 119 pt).
  const ledger = () => convert([
    [...chromiumBands(1, 2), ...ledgerRows(0, 50, 60)],
    [...chromiumBands(2, 2), ...ledgerRows(50, 80, 40)],
  ]);

  it("keeps every row's code, date and amount at the foot of one page and the head of the next", () => {
    const md = ledger();
    for (let i = 0; i < 80; i++) {
      expect(md, code(i)).toContain(code(i));
      expect(md, `row ${i}'s date`).toContain(date(i));
      expect(md, `row ${i}'s amount`).toContain(amount(i));
    }
  });

  it("still strips Chromium's header and footer on the same pages", () => {
    const md = ledger();
    expect(md).not.toContain("Receivables ledger");
    expect(md).not.toContain("file:///");
    expect(md).not.toContain("2:52 PM");
  });

  it("guard: strips a running head of three pieces set apart from a table under it", () => {
    // The head stands 30 pt over the first row (2.4 of its heights): a running head, even
    // though its pieces stand where the columns start.
    const head = (n: number) => [line("Ledger", { x: 50, y: 30, size: SIZE }), line("First half 2026", { x: 130, y: 30, size: SIZE }), line(`Sheet ${n}`, { x: 300, y: 30, size: SIZE })];
    const md = convert([
      [...head(1), ...ledgerRows(0, 20, 72)],
      [...head(2), ...ledgerRows(20, 40, 72)],
    ]);
    expect(md).not.toContain("First half 2026");
    expect(md).toContain(code(0));
    expect(md).toContain(code(39));
  });
});

describe("a contents page's column of page numbers (furniture.ts sidePlace)", () => {
  /** A contents page: entries with a section number, a title and a page number flush right at
   *  540 pt, `n` of them from 60 pt down, their page numbers counting from `first`. */
  function contents(section: number, first: number, n: number): Line[] {
    const lines: Line[] = [];
    for (let k = 0; k < n; k++) {
      const y = 60 + k * PITCH;
      lines.push(line(`${section}.${k + 1}`, { x: 72, y, size: SIZE }), line(`Topic ${section}-${k + 1} explained at length`, { x: 110, y, size: SIZE }), flushRight(String(first + 3 * k), 540, y));
    }
    return lines;
  }

  it("keeps the page numbers of two contents pages set on one grid", () => {
    const md = convert([contents(3, 40, 45), contents(4, 180, 45)]);
    for (const n of [40, 100, 172, 180, 252, 312]) expect(md, `page number ${n}`).toMatch(new RegExp(`\\b${n}\\b`));
  });
});

describe("LibreOffice Calc's print of a long sheet (fixtures/excerpts/calc-orders-export.pdf)", () => {
  const csv = readFileSync(new URL("../../fixtures/excerpts/calc-orders.csv", import.meta.url), "utf8").trim().split("\n").slice(1).map((row) => row.split(","));
  const convertExport = async () => (await convertDocument(openInProcess, { bytes: new Uint8Array(readFileSync(new URL("../../fixtures/excerpts/calc-orders-export.pdf", import.meta.url))), options: defaultRenderOptions })).markdown;

  it("keeps every order's number and total across the four pages' feet and heads", async () => {
    const md = await convertExport();
    expect(csv.length).toBe(180);
    // Before band_tables.ts: 74 of the 180 rows came out whole, the rest had lost their
    // number, date or figures at a page's foot or head.
    for (const [order, , customer, region, qty, , total] of csv) {
      const row = md.split("\n").find((l) => l.includes(`| ${order} |`));
      expect(row, order).toBeDefined();
      for (const cell of [customer, region, qty, String(Number(total))]) expect(row, `${order}: ${cell}`).toContain(cell);
    }
  });

  it("reads each order's date and customer as two cells on every page (tables/date_pairs.ts, svc-md-1.1.36)", async () => {
    // Calc sizes the Date column to its dates: the customer starts 3 pt after. The first page's
    // header row cut them; its three continuation pages had one cell for both.
    const md = await convertExport();
    for (const [order, date, customer] of csv) expect(md, order).toContain(`| ${order} | ${date} | ${customer} |`);
  });

  it("still strips Calc's header (the sheet's name) and footer (\"Page n\")", async () => {
    const md = await convertExport();
    expect(md).not.toMatch(/^orders$/m);
    expect(md).not.toMatch(/Page \d/);
  });
});
