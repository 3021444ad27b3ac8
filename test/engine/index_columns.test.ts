// Columns of an index without leaders (tables/reads_as_table.ts isIndexColumns): why3's
// Sphinx index sets "eliminate_if, 147" | "split_premise, 157" row by row at one leading, and
// the aligned detector had read the page's two columns as a table of two, their entries
// paired across the gutter. docs/engine.md, Tables (aligned), "Index columns".
import { describe, expect, it } from "vitest";
import { detectTables } from "../../src/engine/tables/detect.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const PAGE = { width: 612, height: 792 };
const LEFT = ["eliminate_if, 147", "eliminate_let, 148", "encoding_smt, 148", "exists, 148", "hide, 148", "induction, 149"];
const RIGHT = ["split_premise, 157", "subst, 157", "tuples, 102", "type invariant, 99", "unfold", "transformation, 158"];

function columns(left: readonly string[], right: readonly string[]): Line[] {
  const lines: Line[] = [];
  left.forEach((text, i) => lines.push(line(text, { x: 92, y: 80 + 12 * i, size: 10 }), line(right[i], { x: 311, y: 80 + 12 * i, size: 10 })));
  return lines;
}

describe("an index's columns side by side (isIndexColumns)", () => {
  it("are no table when every column's entries end in their pages after a comma", () => {
    expect(detectTables(columns(LEFT, RIGHT), [], PAGE).tables).toEqual([]);
  });

  it("stay a table when one column only ends so (a place and its year beside what was built)", () => {
    const built = ["Eiffel Tower", "Statue of Liberty", "Tower Bridge", "Atomium", "Sagrada Família", "Space Needle"];
    const places = ["Paris, 1889", "New York, 1886", "London, 1894", "Brussels, 1958", "Barcelona, 1882", "Seattle, 1962"];
    expect(detectTables(columns(places, built), [], PAGE).tables).toHaveLength(1);
  });
});
