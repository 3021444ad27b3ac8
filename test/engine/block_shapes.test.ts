// Blocks of a kind come in one shape (src/engine/layout/blocks.ts: paragraphBlock,
// headingBlock, codeBlock): every field of the kind present, in one order, an absent mark
// (a paragraph's `running`, a heading's `section`) undefined. A block literal without the
// optional field is of another hidden class, and the render passes reading blocks go
// polymorphic in V8 (issue 9: speed).
import { describe, expect, it } from "vitest";
import { codeBlock, headingBlock, paragraphBlock } from "../../src/engine/layout/blocks.js";
import { newLine, newSpan } from "../../src/engine/model.js";

const line = newLine([newSpan("a", 0, 0, 10, 10, "F", 10, false, false, false)], 0, 0, 10, 10, 0);

describe("block shapes (blocks.ts factories)", () => {
  it("makes a paragraph with its running mark or without it in one shape", () => {
    expect(Object.keys(paragraphBlock([line]))).toEqual(["kind", "lines", "running"]);
    expect(Object.keys(paragraphBlock([line], true))).toEqual(["kind", "lines", "running"]);
    expect(paragraphBlock([line]).running).toBeUndefined();
    expect(paragraphBlock([line], true).running).toBe(true);
  });

  it("makes a heading with its section mark or without it in one shape", () => {
    expect(Object.keys(headingBlock(2, [line]))).toEqual(["kind", "level", "lines", "section"]);
    expect(Object.keys(headingBlock(2, [line], true))).toEqual(["kind", "level", "lines", "section"]);
    expect(headingBlock(3, [line], true)).toMatchObject({ kind: "heading", level: 3, section: true });
  });

  it("makes a code block of its kind and lines", () => {
    expect(Object.keys(codeBlock([line]))).toEqual(["kind", "lines"]);
  });
});
