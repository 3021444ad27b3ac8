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

describe("keepColumnFootCode: a section over a listing at a column's foot (mnras's '8.1 Basic examples', svc-md-1.1.17)", () => {
  /** A two-column page whose left column ends in a heading and a paragraph in the body's size
   *  over a small listing and a footnote. */
  function sectionPage(withCode: boolean): Line[] {
    const prose = (x: number, top: number, n: number) => Array.from({ length: n }, (_, k) => line(`${x < 300 ? "left" : "right"} column's running text set to its measure ${k}`, { x, y: top + 12 * k }));
    const section = [line("8.1 Basic examples", { x: 62, y: 420, bold: true }), line("Figures are inserted in the usual way using the", { x: 62, y: 436 }), line("figure environment, as the code shows:", { x: 62, y: 448 })];
    const listing = ["\\begin{figure}", " \\includegraphics{example}", "\\end{figure}"].map((t, k) => line(t, { x: 62, y: 464 + 8 * k, size: 7, mono: withCode }));
    const note = line("4 http://detexify.kirelabs.org", { x: 62, y: 500, size: 7 });
    return [...prose(62, 100, 12), ...section, ...listing, note, ...prose(312, 100, 34)];
  }

  it("is read at the end of its column, before the next column", () => {
    const right = "right column's running text set to its measure 0";
    // The kernel alone reads the section after the right column, as footnotes.
    const kernel = orderForReading(sectionPage(true)).flatMap((g) => g.items.map(lineText));
    expect(kernel.indexOf("8.1 Basic examples")).toBeGreaterThan(kernel.indexOf(right));
    const read = order(sectionPage(true));
    expect(read.indexOf("8.1 Basic examples")).toBeLessThan(read.indexOf(right));
    expect(read.indexOf("\\end{figure}")).toBeLessThan(read.indexOf(right));
  });

  it("leaves small prose under body-size lines without a listing where the kernel read it", () => {
    const read = order(sectionPage(false));
    const kernel = orderForReading(sectionPage(false)).flatMap((g) => g.items.map(lineText));
    expect(read).toEqual(kernel);
  });
});
