// tables/centred_cells.ts: a borderless table whose cells stand centred on their row (a web
// page's table) holds a cell wrapped onto two lines beside cells of one line centred between
// them; the row is one (SPEC.md §Output: tables; docs/engine.md, Tables). svc-md-1.1.15.
import { describe, expect, it } from "vitest";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { joinCentredRows } from "../../src/engine/tables/centred_cells.js";
import type { BuiltRow } from "../../src/engine/tables/model.js";
import { line } from "../support/layout.js";

/** A row of cells, each a line of text or empty, at x 60 and 200, from `y`. */
function row(texts: string[], ys: number[]): BuiltRow {
  const xs = [60, 200];
  const cells = texts.map((t, c) => ({ lines: t === "" ? [] : [line(t, { x: xs[c], y: ys[c] })] as Line[] }));
  return { cells, y0: Math.min(...ys), y1: Math.max(...ys) + 10 };
}
const text = (rows: BuiltRow[]) => rows.map((r) => r.cells.map((c) => c.lines.map(lineText).join(" ")));

describe("joinCentredRows", () => {
  const widest = row(["Response time", "4 to 20 mA, two-wire loop"], [80, 80]);

  it("joins a label centred beside a value wrapped onto two lines", () => {
    // The value's lines at 100 and 111, the label's middle at theirs (105.5 + 5).
    const rows = [widest, row(["", "Pt100, Pt1000 (2-, 3- or"], [0, 100]), row(["Input", "4-wire)"], [105.5, 111])];
    expect(text(joinCentredRows(rows))).toEqual([["Response time", "4 to 20 mA, two-wire loop"], ["Input", "Pt100, Pt1000 (2-, 3- or 4-wire)"]]);
  });

  it("leaves rows of a top-aligned table alone: the label stands on the second line's row", () => {
    const rows = [widest, row(["", "Pt100, Pt1000 (2-, 3- or"], [0, 100]), row(["Input", "4-wire)"], [111, 111])];
    expect(joinCentredRows(rows)).toHaveLength(3);
  });

  it("leaves rows alone whose first line ends its text, or leaves room for the next line's first word", () => {
    const ended = [widest, row(["", "Did you listen to music?"], [0, 100]), row(["yes", "Did you watch TV?"], [105.5, 111])];
    expect(joinCentredRows(ended)).toHaveLength(3);
    const roomy = [widest, row(["", "Tex Gyre Heros"], [0, 100]), row(["Latin", "Amiri,"], [105.5, 111])];
    expect(joinCentredRows(roomy)).toHaveLength(3);
  });
});
