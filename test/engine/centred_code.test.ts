// render/centred_code.ts: lines in the code face centred on one axis, holding prose, are the
// text's paragraphs, not a listing (docs/engine.md, "Centred prose in the code face"; Free
// Culture's licence note and dedication, set in Monospace 821, had come out fenced).
import { describe, expect, it } from "vitest";
import { type BlockOrTable, codeBlock } from "../../src/engine/layout/blocks.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { CENTRED_CODE_AXIS_EMS_MAX, centredCodeAsText, isCentredText } from "../../src/engine/render/centred_code.js";
import { CHAR_WIDTH_EMS, line } from "../support/layout.js";

const SIZE = 12;
const AXIS = 220;

/** A typewriter line centred on `axis` (or starting at `x`), its top at `y`. */
function centred(text: string, y: number, axis = AXIS): Line {
  return line([{ text, mono: true }], { x: axis - (text.length * SIZE * CHAR_WIDTH_EMS) / 2, y, size: SIZE });
}

function flushLeft(text: string, y: number): Line {
  return line([{ text, mono: true }], { x: 72, y, size: SIZE });
}

function shapes(blocks: BlockOrTable[]): string[] {
  return blocks.map((b) => (b.kind === "table" ? "table" : `${b.kind}:${b.lines.map(lineText).join(" | ")}`));
}

const DEDICATION = ["To Eric Eldred—whose work first drew me", "to this cause, and for whom", "it continues still."];

describe("centredCodeAsText (Free Culture's front matter)", () => {
  it("makes centred prose in the code face a paragraph, its lines in the text's face", () => {
    const blocks: BlockOrTable[] = [codeBlock(DEDICATION.map((t, i) => centred(t, 100 + 14 * i)))];
    centredCodeAsText(blocks);
    expect(shapes(blocks)).toEqual([`paragraph:${DEDICATION.join(" | ")}`]);
    expect(blocks[0].kind === "paragraph" && blocks[0].lines.every((l) => l.spans.every((s) => !s.monospace))).toBe(true);
  });

  it("parts the paragraphs at a blank line's gap, and measures a line without the spaces that centre it", () => {
    const padded = centred("     Buy a copy of this book:", 200, AXIS - 15);
    const lines = [centred("This PDF version of Free Culture is licensed", 100), centred("under a Creative Commons license. This license permits", 114), centred("non-commercial use of this work,", 128), padded, centred("click here", 214)];
    const blocks: BlockOrTable[] = [codeBlock(lines)];
    centredCodeAsText(blocks);
    expect(shapes(blocks)).toEqual([
      "paragraph:This PDF version of Free Culture is licensed | under a Creative Commons license. This license permits | non-commercial use of this work,",
      "paragraph:     Buy a copy of this book: | click here",
    ]);
  });

  it("guard: a listing flush left, its lines of several lengths, stays code", () => {
    const lines = ["for each of the lines in the file", "  print the line and its number", "end of the loop"].map((t, i) => flushLeft(t, 100 + 14 * i));
    expect(isCentredText(lines)).toBe(false);
  });

  it("guard: a centred display of names without prose (ejpecp's package list), code signs, or only two lines stay code", () => {
    const packages = ["amsmath, amsthm, amsfonts, amssymb, bera, dsfont,", "hyperref, geometry, graphicx, latexsym,", "mathtools, microtype, afterpackage."];
    expect(isCentredText(packages.map((t, i) => centred(t, 100 + 14 * i)))).toBe(false);
    const signed = ["if this is the case then", "x = a", "and so on to the end"];
    expect(isCentredText(signed.map((t, i) => centred(t, 100 + 14 * i)))).toBe(false);
    expect(isCentredText(DEDICATION.slice(0, 2).map((t, i) => centred(t, 100 + 14 * i)))).toBe(false);
  });

  it("guard: lines off the axis by more than the tolerance, or of one length, stay code", () => {
    const off = DEDICATION.map((t, i) => centred(t, 100 + 14 * i, AXIS + (i === 2 ? (CENTRED_CODE_AXIS_EMS_MAX + 0.5) * SIZE : 0)));
    expect(isCentredText(off)).toBe(false);
    const box = ["+--- the box of ---+", "| the text is in a |", "+--- the box of ---+"].map((t, i) => centred(t, 100 + 14 * i));
    expect(isCentredText(box)).toBe(false);
  });
});
