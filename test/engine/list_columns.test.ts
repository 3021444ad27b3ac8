// layout/list_columns.ts: a short list set in two columns (LaTeX's multicols: ltxdoc's change
// history), whose entries share their rows across the gutter, is read one column after the
// other (SPEC.md §Output: Markdown in reading order; docs/engine.md, Reading order).
import { describe, expect, it } from "vitest";
import { lineText } from "../../src/engine/layout/lines.js";
import { readListColumnsApart } from "../../src/engine/layout/list_columns.js";
import { orderForReading } from "../../src/engine/layout/reading_order.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const isTextLine = (item: Line): item is Line => /\p{L}{2}/u.test(lineText(item));

/** A line of `text` from x0 to x1 with its top at y, set in 9 pt (stellenbosch's change
 *  history: CMR9). */
function at(text: string, x0: number, x1: number, y: number): Line {
  const l = line(text, { x: x0, y, size: 9 });
  return { ...l, x1, spans: l.spans.map((s, k) => (k === l.spans.length - 1 ? { ...s, x1 } : s)) };
}

const read = (lines: Line[]) => readListColumnsApart(orderForReading(lines), isTextLine).map((g) => g.items.map(lineText));

/** A heading over two columns of `rows` (each [left, right, set in]), 171.9 pt wide each, the
 *  gutter 9.9 pt (stellenbosch's USsummary, p. 8), and a paragraph under them. */
function changeHistory(rows: [string, string, number][], rightWidth = 171.9): Line[] {
  const lines = [at("Change History", 144.7, 256, 176)];
  rows.forEach(([left, right, setIn], k) => {
    const y = 213.2 + 11 * k;
    const end = setIn > 0 ? 144.7 + 171.9 : 144.7 + 5 * left.length;
    lines.push(at(left, 144.7 + setIn, end, y), at(right, 326.5 + setIn, setIn > 0 ? 326.5 + rightWidth : 326.5 + 5 * right.length, y));
  });
  lines.push(at("The end of the change history, a paragraph across both columns of the page.", 144.7, 498.4, 213.2 + 11 * rows.length + 20));
  return lines;
}

const HISTORY: [string, string, number][] = [
  ["v1.0", "v1.0a", 0],
  ["General: Initial version . . . . . . . . 1", "General: Documentation update . . 1", 15],
];

describe("readListColumnsApart: a list in two columns", () => {
  it("reads the left column, then the right one (stellenbosch's change history had been read across its rows)", () => {
    const groups = read(changeHistory(HISTORY));
    expect(groups.flat()).toEqual([
      "Change History",
      "v1.0",
      "General: Initial version . . . . . . . . 1",
      "v1.0a",
      "General: Documentation update . . 1",
      "The end of the change history, a paragraph across both columns of the page.",
    ]);
  });

  it("leaves a form's labels and values alone: flush at their columns' edges, none set in", () => {
    const form = changeHistory([
      ["Customer name", "Anna Berg", 0],
      ["Invoice date", "24 November 2026", 0],
    ]);
    expect(read(form).flat().slice(1, 5)).toEqual(["Customer name", "Anna Berg", "Invoice date", "24 November 2026"]);
  });

  it("leaves two columns of different widths alone", () => {
    expect(read(changeHistory(HISTORY, 120)).flat().slice(1, 5)).toEqual(["v1.0", "v1.0a", "General: Initial version . . . . . . . . 1", "General: Documentation update . . 1"]);
  });

  it("leaves rows set in differently on each side alone", () => {
    const lines = changeHistory(HISTORY);
    // The right column's second line at its column's edge, where the left one's is set in.
    const right = lines[4];
    lines[4] = at(lineText(right), 326.5, 498.4, right.y0);
    expect(read(lines).flat().slice(1, 5)).toEqual(["v1.0", "v1.0a", "General: Initial version . . . . . . . . 1", "General: Documentation update . . 1"]);
  });
});
