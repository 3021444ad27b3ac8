// SPEC.md §Output (Markdown in reading order); issue 9 ("real pages read in order").
// layout/reading_order.ts gridOfBlocks: a gutter that runs between blocks set in rows (an
// invoice's letterhead beside its "INVOICE" block, then "Bill to" beside "Ship to") is no
// column gutter; the bands are read one after the other. Text columns parted by an empty row
// stay columns. The compiled kernels (native, wasm) must agree. svc-md-1.1.38.
import { describe, expect, it } from "vitest";
import { type CompiledLayoutKernel, decodeGroups, loadNativeKernel, loadWasmKernel } from "../../src/engine/layout/kernel.js";
import { type Box, orderForReadingTs } from "../../src/engine/layout/reading_order.js";
import { excerptMarkdown } from "../support/markdown_of.js";

interface Named extends Box {
  text: string;
}

const box = (text: string, x0: number, y0: number, x1: number, y1: number): Named => ({ text, x0, y0, x1, y1 });

/** The top of fixtures/excerpts/chromium-invoice.pdf's page as the engine reads it (points). */
const invoiceTop: Named[] = [
  box("Northwind Tools GmbH", 57.8, 57.6, 164.0, 67.2),
  box("INVOICE", 457.5, 57.8, 554.2, 82.2),
  box("Hafenstraße 12", 57.8, 67.3, 121.6, 76.9),
  box("20457 Hamburg", 57.8, 77.1, 124.9, 86.7),
  box("Invoice no. NT-2026-0481", 448.3, 82.3, 554.2, 91.9),
  box("VAT DE812345678", 57.8, 86.8, 134.3, 96.4),
  box("Date: 14 November 2026", 449.5, 92.1, 554.2, 101.7),
  box("Due: 14 December 2026", 452.7, 101.8, 554.2, 111.4),
  box("Bill to", 57.8, 134.1, 85.0, 143.7),
  box("Ship to", 192.4, 134.1, 225.5, 143.7),
  box("Blue Fjord AS", 57.8, 143.8, 112.7, 153.4),
  box("Blue Fjord AS, Warehouse 3", 192.4, 143.8, 306.4, 153.4),
  box("Accounts Payable", 57.8, 153.6, 130.2, 163.2),
  box("Kaiveien 40", 192.4, 153.6, 240.7, 163.2),
  box("Strandgata 5", 57.8, 163.3, 111.6, 172.9),
  box("5058 Bergen, Norway", 192.4, 163.3, 282.1, 172.9),
  box("5013 Bergen, Norway", 57.8, 173.1, 147.4, 182.7),
  // The items table under the addresses, as one box across the page.
  box("items table", 57.8, 205.5, 554.3, 395.6),
];

/** Two text columns of short lines, each parted by an empty row two lines tall: one column
 *  from band to band on each side (their edges facing the gutter in line). */
function twoColumnsWithRowGap(): Named[] {
  const out: Named[] = [];
  for (const [side, x0] of [
    ["L", 72],
    ["R", 320],
  ] as const) {
    for (let i = 0; i < 4; i++) out.push(box(`${side}a${i}`, x0, 100 + 12 * i, x0 + 200, 110 + 12 * i));
    for (let i = 0; i < 4; i++) out.push(box(`${side}b${i}`, x0, 172 + 12 * i, x0 + 200, 182 + 12 * i));
  }
  return out;
}

const compiled: { name: string; kernel: CompiledLayoutKernel | null }[] = [
  { name: "native", kernel: tryLoad(loadNativeKernel) },
  { name: "wasm", kernel: tryLoad(loadWasmKernel) },
];

function tryLoad(load: () => CompiledLayoutKernel): CompiledLayoutKernel | null {
  try {
    return load();
  } catch {
    return null; // layout_kernel.test.ts reports which kernel is not built and how to build it
  }
}

const groupsTs = (items: Named[]) => orderForReadingTs(items).map((g) => g.items.map((it) => it.text));
const textsTs = (items: Named[]) => groupsTs(items).flat();

describe("blocks set in rows are read band by band (reading_order.ts gridOfBlocks)", () => {
  it("reads an invoice's letterhead and its INVOICE block, one band, before Bill to and Ship to", () => {
    // The band is one group read by rows; blocks.ts then parts its two sides into blocks.
    expect(groupsTs(invoiceTop)).toEqual([
      ["Northwind Tools GmbH", "INVOICE", "Hafenstraße 12", "20457 Hamburg", "Invoice no. NT-2026-0481", "VAT DE812345678", "Date: 14 November 2026", "Due: 14 December 2026"],
      ["Bill to", "Blue Fjord AS", "Accounts Payable", "Strandgata 5", "5013 Bergen, Norway"],
      ["Ship to", "Blue Fjord AS, Warehouse 3", "Kaiveien 40", "5058 Bergen, Norway"],
      ["items table"],
    ]);
  });

  it("keeps text columns parted by an empty row as columns: each side one column from band to band", () => {
    expect(textsTs(twoColumnsWithRowGap())).toEqual(["La0", "La1", "La2", "La3", "Lb0", "Lb1", "Lb2", "Lb3", "Ra0", "Ra1", "Ra2", "Ra3", "Rb0", "Rb1", "Rb2", "Rb3"]);
  });

  it("keeps the gutter when the empty row is under two line heights (BLOCK_ROW_GAP_HEIGHTS): the invoice with its addresses moved up reads column by column", () => {
    const close = invoiceTop.filter((b) => b.text !== "items table").map((b) => (b.y0 > 120 ? { ...b, y0: b.y0 - 14, y1: b.y1 - 14 } : b));
    const order = textsTs(close);
    expect(order.indexOf("INVOICE")).toBeGreaterThan(order.indexOf("5013 Bergen, Norway"));
  });

  for (const { name, kernel } of compiled) {
    it.skipIf(!kernel)(`the ${name} kernel orders both pages as the TypeScript reference`, () => {
      for (const items of [invoiceTop, twoColumnsWithRowGap()]) {
        const encoded = kernel!.orderEncoded(items);
        expect(encoded).not.toBeNull();
        const groups = decodeGroups(items, encoded!);
        expect(groups.map((g) => g.items.map((it) => it.text))).toEqual(groupsTs(items));
      }
    });
  }
});

describe("Chromium's print of an invoice (fixtures/excerpts/chromium-invoice.pdf)", () => {
  it("reads the letterhead, then INVOICE with its number and dates, then Bill to and Ship to", async () => {
    const md = await excerptMarkdown("chromium-invoice.pdf");
    // Before 1.1.38: "# INVOICE" and its dates came after both address blocks.
    const at = (s: string) => md.indexOf(s);
    expect(at("Northwind Tools GmbH")).toBeGreaterThanOrEqual(0);
    expect(at("VAT DE812345678")).toBeLessThan(at("# INVOICE"));
    expect(at("Due: 14 December 2026")).toBeLessThan(at("**Bill to**"));
    expect(at("5013 Bergen, Norway")).toBeLessThan(at("**Ship to**"));
    expect(at("5058 Bergen, Norway")).toBeLessThan(at("| Item | Description |"));
  });
});
