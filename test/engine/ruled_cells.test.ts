import { describe, expect, it } from "vitest";
import type { Line, Rule, Span } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";

// SPEC.md §Output (tables as GFM tables); docs/engine.md, "Ruled tables": a fill inside a
// ruled cell is what the cell holds, not a cell. svc-md-1.1.17.

const PAGE = { width: 612, height: 792 };

function span(text: string, x0: number, y0: number, monospace = false): Span {
  return { text, x0, y0, x1: x0 + text.length * 5.5, y1: y0 + 10.5, font: monospace ? "DejaVuSansMono" : "DejaVuSans", size: 10.5, bold: false, italic: false, monospace };
}
const line = (s: Span): Line => ({ spans: [s], x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, wmode: 0 });
const thin = (x0: number, y0: number, x1: number, y1: number): Rule => ({ x0, y0, x1, y1, kind: "fill" });
const texts = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ")));

/** A bordered table of a docs page: 3 columns, a header row and 3 rows, each row 19 pt tall;
 *  the first column's inline code on grey boxes 2.5 pt inside its cell's rules. */
function docsTable(codeBoxes: boolean): { lines: Line[]; rules: Rule[] } {
  const xs = [46, 126, 182, 330];
  const ys = [248, 267, 286, 305, 324];
  const rules: Rule[] = [];
  for (const y of ys) rules.push(thin(xs[0], y - 0.4, xs[3], y + 0.4));
  for (const x of xs) rules.push(thin(x - 0.4, ys[0], x + 0.4, ys[4]));
  const rows = [["Policy", "Retries", "Back-off"], ["default", "3", "exponential"], ["none", "0", "–"], ["aggressive", "8", "linear"]];
  const lines: Line[] = [];
  rows.forEach((row, r) => {
    const top = ys[r] + 4;
    row.forEach((text, c) => {
      const code = r > 0 && c === 0;
      lines.push(line(span(text, xs[c] + 7, top, code)));
      if (code && codeBoxes) rules.push(thin(xs[c] + 5, top - 1.5, xs[c] + 9 + text.length * 5.5, top + 12));
    });
  });
  return { lines, rules };
}

describe("a fill inside a ruled cell (a documentation site's inline code on a grey box)", () => {
  it("leaves the cell whole: the table keeps its columns and rows", () => {
    const { lines, rules } = docsTable(true);
    const { tables } = detectTables(lines, rules, PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])).toEqual([["Policy", "Retries", "Back-off"], ["default", "3", "exponential"], ["none", "0", "–"], ["aggressive", "8", "linear"]]);
  });

  it("still makes a shaded cell's edges its borders where the fill reaches the rules", () => {
    const { lines, rules } = docsTable(false);
    // The header row shaded to its rules: the same table.
    rules.unshift(thin(46, 248, 330, 267));
    expect(texts(detectTables(lines, rules, PAGE).tables[0])[0]).toEqual(["Policy", "Retries", "Back-off"]);
  });
});
