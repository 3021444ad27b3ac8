// layout/column_tails.ts: a column's last lines that stand below the column beside it and head
// a full-width item under both (a datasheet's "Ordering information" over its ordering table)
// are read after both columns, with that item (SPEC.md §Output: Markdown in reading order;
// docs/engine.md, Reading order). svc-md-1.1.15.
import { describe, expect, it } from "vitest";
import { readColumnTailsWithSpanningItems } from "../../src/engine/layout/column_tails.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const at = (text: string, x: number, y: number) => line(text, { x, y });
/** A left column of `leftLines` lines from y 100, a right column of 4 from y 100, and under
 *  both, at `underY`, a line across the page. The left column's tail, `tail`, starts at
 *  `tailY`. */
function page(leftLines: number, tail: string[], tailY: number, underY: number) {
  const left = [...Array.from({ length: leftLines }, (_, k) => at(`left column line ${k + 1} of its text`, 50, 100 + 12 * k)), ...tail.map((t, k) => at(t, 50, tailY + 12 * k))];
  const right = Array.from({ length: 4 }, (_, k) => at(`right column line ${k + 1} of it`, 320, 100 + 12 * k));
  const under = [line("A line across the page under both columns, a table's row or a paragraph's first line", { x: 50, y: underY })];
  return [
    { items: left, columns: 2 },
    { items: right, columns: 2 },
    { items: under, columns: 1 },
  ];
}
const read = (groups: { items: Line[]; columns: number }[]) => readColumnTailsWithSpanningItems(groups).map((g) => g.items.map(lineText));

describe("readColumnTailsWithSpanningItems", () => {
  it("reads a heading under the left column, below the right one and over a full-width item, after both columns", () => {
    const groups = read(page(6, ["Ordering information"], 195, 209));
    expect(groups[0]).toHaveLength(6);
    expect(groups[2].slice(0, 2)).toEqual(["Ordering information", "A line across the page under both columns, a table's row or a paragraph's first line"]);
  });

  it("leaves the left column's text alone where it runs on below the right one (a paper's last page), or stands apart from the item under it", () => {
    // Five lines below the right column: the column's text, not a heading over the item.
    expect(read(page(6, ["a", "b", "c", "d", "e"].map((c) => `tail line ${c} of the text`), 195, 261))[0]).toHaveLength(11);
    // A gap of three lines between the heading and the item: the heading is the column's.
    expect(read(page(6, ["Ordering information"], 195, 245))[0]).toHaveLength(7);
    // No empty row above the heading: the column's last line.
    expect(read(page(6, ["Ordering information"], 172, 186))[0]).toHaveLength(7);
  });
});
