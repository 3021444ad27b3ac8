// justified_rows.ts: a justified line whose word spaces were stretched past what the joiner
// joins comes back as one line; a table's row and a label beside its value do not. Synthetic lines (test/support/layout.ts: half an em per character).
import { describe, expect, it } from "vitest";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

/** Lines of a column from x0 that end at x1 (size 8: 4 pt a character). */
function columnLines(x0: number, x1: number, ys: number[], size = 8): Line[] {
  const chars = Math.round((x1 - x0) / (size / 2));
  return ys.map((y) => line("a".repeat(chars), { x: x0, y, size }));
}

const rowAt = (lines: Line[], y: number) => lines.filter((l) => l.y0 === y).map(lineText);

describe("joinJustifiedRows (issue 9: tracemonkey's references, the R manuals, bzip2's manual)", () => {
  it("joins a row of words whose stretched spaces are alike and which ends at the column's right edge ('[4] SpiderMonkey (JavaScript-C) Engine -')", () => {
    // tracemonkey p14: 35 pt spaces at 8 pt type, the row ending at x 311 like the lines around it.
    const row = [line("[4] SpiderMonkey", { x: 58, y: 191, size: 8 }), line("(JavaScript-C)", { x: 157, y: 191, size: 8 }), line("Engine", { x: 248, y: 191, size: 8 }), line("-", { x: 307, y: 191, size: 8 })];
    const lines = prepareLines([...columnLines(59, 311, [160, 170, 180]), ...row, line("http://www.mozilla.org/js/spidermonkey/.", { x: 71, y: 201, size: 8 })]);
    expect(rowAt(lines, 191)).toEqual(["[4] SpiderMonkey (JavaScript-C) Engine -"]);
  });

  it("joins a row in two pieces at a stretched space after a sentence ('… and testing.' | 'Files are decompressed and tested')", () => {
    const lines = prepareLines([...columnLines(108, 540, [560, 570, 600]), line("Reduce memory usage, for compression, decompression and testing.", { x: 108, y: 588, size: 8 }), line("Files are decompressed and tested, using", { x: 380, y: 588, size: 8 })]);
    expect(rowAt(lines, 588)).toEqual(["Reduce memory usage, for compression, decompression and testing. Files are decompressed and tested, using"]);
  });

  it("leaves two pieces apart where no sentence or clause ends at the gap and the second starts a capital (a label and its value)", () => {
    const lines = prepareLines([...columnLines(108, 540, [560, 570, 600]), line("Reduce memory usage for compression and decompression and testing", { x: 108, y: 588, size: 8 }), line("Files are decompressed and tested, using", { x: 380, y: 588, size: 8 })]);
    expect(rowAt(lines, 588)).toHaveLength(2);
  });

  it("leaves a table's row apart: its cells start where the cells of other rows do", () => {
    const header = [line("Name of the item", { x: 58, y: 180, size: 8 }), line("Quantity", { x: 157, y: 180, size: 8 }), line("Price", { x: 248, y: 180, size: 8 }), line("-", { x: 307, y: 180, size: 8 })];
    const row = [line("[4] SpiderMonkey", { x: 58, y: 191, size: 8 }), line("(JavaScript-C)", { x: 157, y: 191, size: 8 }), line("Engine", { x: 248, y: 191, size: 8 }), line("-", { x: 307, y: 191, size: 8 })];
    const lines = prepareLines([...columnLines(59, 311, [140, 150, 160]), ...header, ...row]);
    expect(rowAt(lines, 191)).toHaveLength(4);
  });

  it("leaves a row apart whose gaps differ, or which stops short of the column's edge", () => {
    const uneven = [line("[4] SpiderMonkey", { x: 58, y: 191, size: 8 }), line("(JavaScript-C)", { x: 157, y: 191, size: 8 }), line("Engine", { x: 230, y: 191, size: 8 }), line("-", { x: 307, y: 191, size: 8 })];
    expect(rowAt(prepareLines([...columnLines(59, 311, [160, 170, 180]), ...uneven]), 191)).toHaveLength(4);
    const short = [line("[4] SpiderMonkey", { x: 58, y: 191, size: 8 }), line("(JavaScript-C)", { x: 157, y: 191, size: 8 }), line("Engine", { x: 248, y: 191, size: 8 })];
    expect(rowAt(prepareLines([...columnLines(59, 311, [160, 170, 180]), ...short]), 191)).toHaveLength(3);
  });

  it("joins a row whose gap after a comma TeX stretched wider than its word spaces (R-ints' 'to using skipWith = TRUE, suppressPartialMatchArgs = FALSE and')", () => {
    // Word spaces 26 pt, 32 pt after the comma (its space factor): 6 pt apart, over GAP_SPREAD.
    const row = [
      line("to", { x: 100, y: 300 }),
      line("using", { x: 136, y: 300 }),
      line([{ text: "skipWith = TRUE", mono: true }, { text: "," }], { x: 187, y: 300 }),
      line([{ text: "suppressPartialMatchArgs = FALSE", mono: true }], { x: 299, y: 300 }),
      line("and", { x: 485, y: 300 }),
    ];
    const lines = prepareLines([...columnLines(100, 500, [264, 276, 288], 10), ...row, line("suppressLocalUnused = TRUE.", { x: 100, y: 312 })]);
    expect(rowAt(lines, 300)).toEqual(["to using skipWith = TRUE, suppressPartialMatchArgs = FALSE and"]);
  });

  it("leaves a row apart whose gap after a punctuation mark is over three times its word spaces (PUNCTUATED_GAP_SHARE_MAX)", () => {
    // Word spaces 15 pt, 50 pt after the comma.
    const row = [line("to", { x: 100, y: 300 }), line("using", { x: 125, y: 300 }), line("skip = TRUE,", { x: 165, y: 300 }), line("suppress = FALSE", { x: 275, y: 300 }), line("and the", { x: 465, y: 300 })];
    expect(rowAt(prepareLines([...columnLines(100, 500, [264, 276, 288], 10), ...row]), 300)).toHaveLength(5);
  });

  // "for analyzing the package code here." ends at 285, 2 em before "E.g., use the value of the profile name" (39 characters at 305, ending at 500).
  const sentence = () => [line("for analyzing the package code here.", { x: 105, y: 300 }), line("E.g., use the value of the profile name", { x: 305, y: 300 })];

  it("joins two pieces although the second starts where a fragment a few lines off does, full lines of the paragraph between (R-ints' 'for analyzing package code.' | 'E.g., use …')", () => {
    // Two full lines, then a row whose piece starts at 304.3, 0.7 pt off.
    const below = [line("to using the", { x: 105, y: 336 }), line("suppressArgs", { x: 304.3, y: 336 })];
    const lines = prepareLines([...columnLines(105, 500, [264, 276, 288, 312, 324], 10), ...sentence(), ...below]);
    expect(rowAt(lines, 300)).toEqual(["for analyzing the package code here. E.g., use the value of the profile name"]);
  });

  it("leaves two pieces apart that start where a fragment of the next row does, no line between (a table's column)", () => {
    const below = [line("to using the", { x: 105, y: 312 }), line("suppressArgs", { x: 304.3, y: 312 })];
    const lines = prepareLines([...columnLines(105, 500, [264, 276, 288, 336], 10), ...sentence(), ...below]);
    expect(rowAt(lines, 300)).toHaveLength(2);
  });

  it("leaves a table's row apart whose cell starts where a fragment above the table does, its header row joined by the pass the only full line between (revtex's 'Left | Centered | Decimal | Right' over '10 | 20 | 30 | 40')", () => {
    const header = [line("Left", { x: 100, y: 200 }), line("Centered", { x: 146.7, y: 200 }), line("Decimal", { x: 213.3, y: 200 }), line("Right", { x: 275, y: 200 })];
    const cells = [line("10", { x: 100, y: 212 }), line("20", { x: 163.3, y: 212 }), line("30", { x: 226.7, y: 212 }), line("40", { x: 290, y: 212 })];
    const lines = prepareLines([...columnLines(100, 300, [120, 132, 144]), line("x", { x: 163.3, y: 170 }), ...header, ...cells]);
    expect(rowAt(lines, 200)).toEqual(["Left Centered Decimal Right"]);
    expect(rowAt(lines, 212)).toHaveLength(4);
  });
});

describe("joinJustifiedRows: a word lined up by chance (issue 9: revtex's auguide 'The basic formatting of the manuscript' over 'is controlled by setting class options using')", () => {
  // An underfull line of a 10 pt column from 54 to 354, its words 25 pt apart (2.5 em, past
  // the joiner's word space; test/support/layout.ts: 5 pt a character at 10 pt).
  const upper = () => [line("The", { x: 64, y: 552 }), line("basic", { x: 104, y: 552 }), line("formatting", { x: 154, y: 552 }), line("of", { x: 229, y: 552 }), line("the", { x: 264, y: 552 }), line("manuscript", { x: 304, y: 552 })];
  const around = () => columnLines(54, 354, [516, 528, 540, 576, 588], 10);

  it("joins a row of five words or more that shares a single start past its first word with the row below, 0.6 pt apart", () => {
    const lower = [line("is controlled by", { x: 54, y: 564 }), line("class", { x: 229.6, y: 564 }), line("options using", { x: 289, y: 564 })];
    expect(rowAt(prepareLines([...around(), ...upper(), ...lower]), 552)).toEqual(["The basic formatting of the manuscript"]);
  });

  it("leaves a row apart that shares two starts past its first word or more (a table's columns)", () => {
    const lower = [line("is controlled by", { x: 54, y: 564 }), line("class", { x: 154, y: 564 }), line("x", { x: 229.6, y: 564 }), line("options using", { x: 289, y: 564 })];
    expect(rowAt(prepareLines([...around(), ...upper(), ...lower]), 552)).toHaveLength(6);
  });
});
