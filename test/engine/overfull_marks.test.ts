// tables/rulings.ts isOverfullMark (svc-md-1.1.30; issue 9, item 4: ruled tables keep
// working). TeX's draft mode marks an overfull line with a black box at its end (\overfullrule,
// 5 pt wide, a line tall). In a ruled table the mark falls on or against a column's rule, and
// its edges had cut the cells apart: h2020proposal's deliverable list came out as headings and
// paragraphs, one per header word.
import { describe, expect, it } from "vitest";
import type { Rule } from "../../src/engine/model.js";
import { findGrids } from "../../src/engine/tables/grid.js";
import { collectRulings } from "../../src/engine/tables/rulings.js";

const PAGE = { width: 595, height: 842 };
const stroke = (x0: number, y0: number, x1: number, y1: number): Rule => ({ x0, y0, x1, y1, kind: "stroke" });
const fill = (x0: number, y0: number, x1: number, y1: number): Rule => ({ x0, y0, x1, y1, kind: "fill" });
/** Column rules and row rules of template-ict p. 11's deliverable list (header and one row). */
const XS = [50.1, 100.6, 320.2, 354.4, 415.9, 444.6, 489.7, 540.2];
const YS = [608.5, 663.1, 690.6];
function deliverableGrid(): Rule[] {
  const rules: Rule[] = [];
  for (const y of YS) rules.push(stroke(49.9, y, 540.8, y + 0.4));
  for (const x of XS) rules.push(stroke(x, YS[0], x + 0.4, YS[2]));
  return rules;
}
/** The column edges the table's grid finds. */
const columnEdges = (rules: Rule[]) => {
  const grids = findGrids(collectRulings(rules, PAGE));
  expect(grids).toHaveLength(1);
  return grids[0].xs.length;
};

describe("TeX's overfull-line marks in a ruled table are neither rules nor shaded cells (isOverfullMark)", () => {
  it("a mark across the table's right rule and one against a column's rule cut no column", () => {
    const plain = columnEdges(deliverableGrid());
    // "Delivery" overfull: 539.5-544.4 across the right rule; "WP1": 349.6-354.6 against the rule at 354.4.
    const marked = [...deliverableGrid(), fill(539.5, 608.9, 544.4, 621.3), fill(349.6, 663.5, 354.6, 677.0)];
    expect(columnEdges(marked)).toBe(plain);
  });

  it("leaves the edges of a fill against a rule that is a row tall or wider than a mark (a bar down a cell, a wide swatch)", () => {
    const plain = columnEdges(deliverableGrid());
    // A 5 pt bar against a rule down a whole 27 pt row is no line's mark.
    expect(columnEdges([...deliverableGrid(), fill(349.6, 663.3, 354.6, 690.6)])).toBeGreaterThan(plain);
    // A box 9 pt wide against a rule, a line tall.
    expect(columnEdges([...deliverableGrid(), fill(345.6, 663.5, 354.6, 677.0)])).toBeGreaterThan(plain);
  });
});
