// layout/drop_caps.ts: a paragraph's first letter sunk into its first lines goes back to its
// word (issue 9: IEEEtran's "THIS demo file" came out "**T**for IEEE journal papers …" after
// "HIS demo file …"; lettrine's "E" | "very article starts …").
import { describe, expect, it } from "vitest";
import { joinDropCaps } from "../../src/engine/layout/drop_caps.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { analyseDocument } from "../../src/engine/render/document.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, ok, page } from "../support/layout.js";

// The letter at 29.4 pt sinks two lines deep; the first two lines start right of it.
const cap = line("T", { x: 49, y: 245.6, size: 29.4, bold: true });
const first = line("HIS demo file is intended to serve as a starter file", { x: 70.1, y: 246 });
const second = line("for IEEE journal papers produced under LaTeX using", { x: 70.1, y: 258 });
const third = line("IEEEtran.cls version 1.8b and later, with our best wishes.", { x: 49, y: 270 });

describe("joinDropCaps", () => {
  it("puts the letter at the head of the first line and the lines it indented back at the margin", () => {
    const out = joinDropCaps([cap, first, second, third]);
    expect(out.map(lineText)).toEqual(["THIS demo file is intended to serve as a starter file", "for IEEE journal papers produced under LaTeX using", "IEEEtran.cls version 1.8b and later, with our best wishes."]);
    expect(out.map((l) => l.x0)).toEqual([49, 49, 49]);
  });

  it("leaves a large letter alone that opens no line at its top (a figure's label, an initial on its own)", () => {
    const lines = [line("A", { x: 49, y: 100, size: 30 }), line("Text far below the letter, in the body.", { x: 49, y: 200 })];
    expect(joinDropCaps(lines)).toBe(lines);
  });

  it("reads the paragraph whole through the document pass", () => {
    const md = analyseDocument({ pageCount: 1, selected: [1], selectionExpression: "1", outcomes: [ok(page(1, [cap, first, second, third]))], outline: null, hasXfa: false, options: defaultRenderOptions }).markdown;
    expect(md.trim()).toBe("THIS demo file is intended to serve as a starter file for IEEE journal papers produced under LaTeX using IEEEtran.cls version 1.8b and later, with our best wishes.");
  });
});
