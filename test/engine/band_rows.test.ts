// SPEC.md §Output (tables as GFM tables); issue 9, deliverable 4 ("Ruled tables keep working").
// A browser's table whose heads sit on a filled band over rows parted by bottom borders, with
// no vertical rule (tables/band_rows.ts), and a totals row whose figure the browser centres on
// its two-line label (aligned_detector.ts figuresCentredUnder); its number, date and due date
// set flush right (blocks.ts endsAllAtOneEdge). svc-md-1.1.37.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { bandOverRowRules } from "../../src/engine/tables/band_rows.js";
import type { Seg } from "../../src/engine/tables/rulings.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

const h = (pos: number, a = 58, b = 554): Seg => ({ pos, a, b, thick: 0, double: false });
const v = (pos: number, a = 205, b = 243): Seg => ({ pos, a, b, thick: 0, double: false });
/** The band's edges: heads filled side by side, 58 | 104 | 399 | 431 | 492 | 554. */
const bandEdges = () => [v(58), v(104), v(399), v(431), v(492), v(554)];

describe("a header band of filled cells over rows parted by rules (bandOverRowRules)", () => {
  it("carries the band's inner column edges down to the last rule that closes a row under it", () => {
    const open = [h(281), h(334), h(372), h(396), h(700)];
    const band = bandOverRowRules([h(205), h(243)], bandEdges(), open);
    expect(band).not.toBeNull();
    expect(band!.rules.map((s) => s.pos)).toEqual([281, 334, 372, 396]);
    expect(band!.columns.map((s) => [s.pos, s.a, s.b])).toEqual([104, 399, 431, 492].map((x) => [x, 243, 396]));
    // The rule far below (a footer's) is no row's and stays open for other grids.
    expect(open.map((s) => s.pos)).toEqual([700]);
  });

  it("is no table with one rule under the band (its underline), nor for one filled stripe, nor under rules of another width", () => {
    expect(bandOverRowRules([h(205), h(243)], bandEdges(), [h(281)])).toBeNull();
    // A zebra-striped row: one fill, its two sides the only edges.
    expect(bandOverRowRules([h(205), h(243)], [v(58), v(554)], [h(281), h(334)])).toBeNull();
    expect(bandOverRowRules([h(205), h(243)], bandEdges(), [h(281, 58, 300), h(334, 58, 300)])).toBeNull();
  });
});

describe("Chromium's print of an invoice (fixtures/excerpts/chromium-invoice.pdf)", () => {
  const convertInvoice = async () =>
    (await convertDocument(openInProcess, { bytes: new Uint8Array(readFileSync(new URL("../../fixtures/excerpts/chromium-invoice.pdf", import.meta.url))), options: defaultRenderOptions })).markdown;

  it("reads the items table whole, each wrapped description one cell", async () => {
    const md = await convertInvoice();
    // Before: the heads came out as headings ("## Unit", "## Qty"), the items as a table
    // with a wrapped description's lines on two rows, headed by "| 220 | Torque wrench … |".
    expect(md).toContain(
      [
        "| Item | Description | Qty | Unit price | Amount |",
        "| --- | --- | ---: | ---: | ---: |",
        "| TW-220 | Torque wrench 20–220 Nm | 4 | 189.00 | 756.00 |",
        "| SB-12 | Socket set, 12 pieces, chrome vanadium, in a steel case with a foam inlay and a lifetime warranty | 10 | 42.50 | 425.00 |",
        "| CAL-S | Calibration service per tool, with a certificate traceable to national standards (DAkkS) | 4 | 35.00 | 140.00 |",
        "| SHIP | Freight to Bergen | 1 | 95.00 | 95.00 |",
      ].join("\n"),
    );
    expect(md).not.toMatch(/^#+ (Unit|Qty|price)/m);
  });

  it("keeps the invoice's number, date and due date, set flush right, on lines of their own (blocks.ts endsAllAtOneEdge)", async () => {
    expect(await convertInvoice()).toContain("Invoice no. NT-2026-0481\\\nDate: 14 November 2026\\\nDue: 14 December 2026");
  });

  it("keeps the totals' two-line label whole beside its centred figure", async () => {
    const md = await convertInvoice();
    // Before: "| Subtotal VAT 0% (reverse | 1,416.00 |" over "| charge) | 0.00 |".
    expect(md).toContain("| VAT 0% (reverse charge) | 0.00 |");
    expect(md).toContain("| **Total due (EUR)** | **1,416.00** |");
    expect(md).toMatch(/^\| Subtotal \| 1,416\.00 \|$/m);
  });
});
