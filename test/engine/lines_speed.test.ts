// Speed work on the joiner and the page digest (docs/benchmarks.md, s13-lines) that must leave
// the output as it was:
// - column_starts.ts copies a page's boxes into arrays kept from page to page.
import { describe, expect, it } from "vitest";
import { findColumnStarts } from "../../src/engine/layout/column_starts.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

/** Rows of running text in two columns (left from x = 72, right from 314), as a two-column page sets them. */
function proseRows(from: number, rows: number): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < rows; i++) {
    const y = from + i * 12;
    out.push(line("We describe the special command for adding", { x: 72, y }));
    out.push(line("It is not possible to specify the location in an abs", { x: 314, y }));
  }
  return out;
}

describe("column_starts.ts findColumnStarts: the boxes in arrays kept from page to page", () => {
  it("keeps a page's two columns apart after a page of more fragments than the arrays first held (1,024)", () => {
    // 600 rows of two columns: 1,200 fragments, the arrays grown to hold them.
    const long = prepareLines(proseRows(100, 600));
    expect(long).toHaveLength(1200);
    expect(long.every((l) => !lineText(l).includes("adding It"))).toBe(true);
    // The next page, smaller, reads its own boxes, not the longer page's left behind.
    const number = line("3", { x: 290, y: 300 });
    const heading = line("Extending the hook concept", { x: 314, y: 300, size: 12 });
    expect(prepareLines([...proseRows(100, 4), number, heading]).filter((l) => l.y0 === 300).map(lineText)).toEqual(["3", "Extending the hook concept"]);
    expect(prepareLines([number, heading]).map(lineText)).toEqual(["3 Extending the hook concept"]);
  });

  it("answers a page's questions once its starts are found, after the next page's boxes were copied", () => {
    const rows = proseRows(100, 4);
    const first = findColumnStarts(rows);
    expect(first.separates(rows[0], rows[1])).toBe(true);
    findColumnStarts([line("another page", { x: 72, y: 100 })]);
    expect(first.separates(rows[0], rows[1])).toBe(true);
    expect(first.gutterBetween(rows[0], rows[1])).toBe(true);
  });

  it("refuses a page's first question asked after the next page's boxes were copied (they are gone)", () => {
    const rows = proseRows(100, 4);
    const first = findColumnStarts(rows);
    findColumnStarts([line("another page", { x: 72, y: 100 })]);
    expect(() => first.separates(rows[0], rows[1])).toThrow(/next page/);
  });
});
