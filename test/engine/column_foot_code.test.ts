// layout/column_foot_code.ts: a listing that ends a column stays the column's, where the
// reading-order kernel, seeing boxes only, read it after the next column as a footnote
// (issue 9, item 2: reading order on real multi-column pages; elbioimp's page 1).
import { describe, expect, it } from "vitest";
import { keepColumnFootCode } from "../../src/engine/layout/column_foot_code.js";
import { orderForReading } from "../../src/engine/layout/reading_order.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

/** A two-column page: prose in both columns, the left one ending in a small listing (or, with
 * `mono` false, in small prose: a footnote). */
function page(mono: boolean): Line[] {
  const prose = (x: number, top: number, n: number) => Array.from({ length: n }, (_, k) => line("running text of the column set to its measure", { x, y: top + 12 * k }));
  const listing = ["\\author{First Author\\affiliation{Uni,", "  City}\\and Second Author}"].map((t, k) => line(t, { x: 62, y: 420 + 9 * k, size: 7, mono }));
  return [...prose(62, 100, 25), ...listing, ...prose(312, 100, 30)];
}

const order = (lines: Line[]) => keepColumnFootCode(orderForReading(lines)).flatMap((g) => g.items.map(lineText));

describe("keepColumnFootCode: a listing at a column's foot", () => {
  it("is read at the end of its column, before the next column", () => {
    const read = order(page(true));
    expect(read.indexOf("  City}\\and Second Author}")).toBeLessThan(read.findIndex((t, i) => i > 25 && t.startsWith("running")));
  });

  it("leaves small prose there a footnote, read after both columns", () => {
    const read = order(page(false));
    expect(read.indexOf("\\author{First Author\\affiliation{Uni,")).toBe(read.length - 2);
  });
});
