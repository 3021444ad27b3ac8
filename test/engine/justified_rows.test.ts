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
});
