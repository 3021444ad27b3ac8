// model.ts settleShapes and document_stats.ts settleStyleShapes (docs/benchmarks.md,
// speed-warm): spans, lines and text styles written at load in their most general form, so
// that those made later never change their hidden classes' field representations mid-pass
// (which threw away the optimised code of every function reading them). A file of its own,
// importing those two modules alone: nothing else has made a span, a line or a style in this
// process before these tests.
import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { lineStyleFacts } from "../../src/engine/layout/document_stats.js";
import { newLine, newSpan, NO_WORD_END } from "../../src/engine/model.js";

v8.setFlagsFromString("--allow-natives-syntax");
const sameMap = new Function("a", "b", "return %HaveSameMap(a, b)") as (a: object, b: object) => boolean;

describe("settled shapes (model.ts settleShapes)", () => {
  it("gives a span of a whole size and one of a fractional size one hidden class", () => {
    // Without settleShapes the first holds its numbers as small integers; the second's
    // fractions change the class, and the first is left on a deprecated one.
    const whole = newSpan("a", 1, 2, 3, 4, "F", 10, false, false, false);
    const fractional = newSpan("b", 1.5, 2.5, 3.5, 4.5, "F", 10.5, true, false, false, true);
    expect(sameMap(whole, fractional)).toBe(true);
  });

  it("gives a line of no spans and one of spans, marked and memoised, one hidden class", () => {
    const span = newSpan("a", 1, 2, 3, 4, "F", 10, false, false, false);
    const empty = newLine([], 1, 2, 3, 4, 0);
    const marked = newLine([span], 1.5, 2.5, 3.5, 4.5, 0);
    marked.definition = true;
    marked.styleMemo = { spans: marked.spans, count: 1 };
    expect(sameMap(empty, marked)).toBe(true);
  });

  it("gives the style facts of a whole-sized line and a fractional-sized one one hidden class (document_stats.ts settleStyleShapes)", () => {
    const whole = lineStyleFacts(newLine([newSpan("Body", 1, 2, 3, 4, "F", 10, false, false, false)], 1, 2, 3, 4, 0));
    const fractional = lineStyleFacts(newLine([newSpan("Body", 1, 2, 3, 4, "F", 10.5, true, false, false)], 1, 2, 3, 4, 0));
    expect(sameMap(whole.style, fractional.style)).toBe(true);
    expect(sameMap(whole, fractional)).toBe(true);
    expect(whole.style).toEqual({ size: 10, bold: false });
  });

  it("leaves the fields' values as given (guard: the factories' own output)", () => {
    const span = newSpan("a", 1, 2, 3, 4, "F", 10, false, true, false);
    expect(span).toEqual({ text: "a", x0: 1, y0: 2, x1: 3, y1: 4, font: "F", size: 10, bold: false, italic: true, monospace: false, invisible: undefined, leader: undefined, wordEnd: NO_WORD_END, wideGaps: undefined });
    expect(newLine([span], 1, 2, 3, 4, 1)).toEqual({ spans: [span], x0: 1, y0: 2, x1: 3, y1: 4, wmode: 1, slanted: undefined, contentsEntry: undefined, definition: undefined, breakAfter: undefined, styleMemo: undefined });
  });
});
