// layout/line_joining.ts alignedComment: a line comment aligned far right of a short line of
// code goes on that line (luatex manual p100's "{ "push" }," … "-- remember where we are").
import { describe, expect, it } from "vitest";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { line } from "../support/layout.js";

/** Two 10 pt typewriter fragments on one row: the code at x = 80.7, the right one at 272.6
 * (12.6 em past the code's end: the comment column set for the listing's longest line). */
function row(right: string): string[] {
  return prepareLines([line('{ "push" },', { x: 80.7, y: 100, mono: true }), line(right, { x: 272.6, y: 100, mono: true })]).map(lineText);
}

describe("a comment aligned far right of its code", () => {
  it("goes on the code's line", () => {
    expect(row("-- remember where we are")).toHaveLength(1);
    expect(row("% Your Student ID")).toHaveLength(1);
  });

  it("leaves code that opens no comment apart at that gap", () => {
    expect(row('{ "pop" },')).toHaveLength(2);
  });
});
