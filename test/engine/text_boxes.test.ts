// layout/text_boxes.ts: headings alone in a small drawn box are the box's words, one paragraph
// (docs/engine.md, Blocks, TEXT_BOX_*). LibreOffice's Modern business letter sets "Put your" /
// "LOGO" / "here" in a filled shape at the top right: three headings for one phrase.
import { describe, expect, it } from "vitest";
import { type Block, headingBlock, paragraphBlock } from "../../src/engine/layout/blocks.js";
import { joinBoxedHeadings } from "../../src/engine/layout/text_boxes.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Drawing, Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const PAGE = { width: 595, height: 842 };
const textOf = (lines: readonly Line[]) => lines.map(lineText).join(" ");
/** The letter's shape: 71 pt wide at the top right, its outline starting mid-edge (a drawing). */
const SHAPE: Drawing = { x0: 465.5, y0: 56.7, x1: 536.4, y1: 139.5 };
const logo = (): Block[] => [
  headingBlock(2, [line("Put your", { x: 475, y: 62, size: 12 })]),
  headingBlock(1, [line("LOGO", { x: 480, y: 80, size: 14, bold: true })]),
  headingBlock(2, [line("here", { x: 490, y: 98, size: 12 })]),
  paragraphBlock([line("November 29, 2026", { x: 57, y: 218 })]),
];
const shape = (blocks: readonly Block[]) => blocks.map((b) => `${b.kind}: ${textOf(b.lines)}`);

describe("joinBoxedHeadings: a placeholder's words in a shape (LibreOffice's business letter logo box)", () => {
  it("makes the headings that are all a small box holds one paragraph", () => {
    const blocks = logo();
    joinBoxedHeadings(blocks, [], [SHAPE], PAGE, textOf);
    expect(shape(blocks)).toEqual(["paragraph: Put your LOGO here", "paragraph: November 29, 2026"]);
  });

  it("leaves a lone heading, a heading over a paragraph, a wide band, another line in the box, and a long run alone", () => {
    const cases: [Block[], Drawing][] = [];
    const lone = logo();
    cases.push([[lone[1], lone[3]], SHAPE]);
    const titled = logo();
    titled[1] = paragraphBlock(titled[1].lines);
    titled.splice(2, 1);
    cases.push([titled, SHAPE]);
    cases.push([logo(), { x0: 40, y0: 56.7, x1: 560, y1: 139.5 }]);
    const crowded = logo();
    crowded.push(paragraphBlock([line("Tel", { x: 470, y: 125, size: 8 })]));
    cases.push([crowded, SHAPE]);
    const long = logo();
    long[0] = headingBlock(2, [line("Put your company's registered", { x: 467, y: 62, size: 2 })]);
    long[2] = headingBlock(2, [line("trade mark or its emblem here", { x: 467, y: 98, size: 2 })]);
    cases.push([long, SHAPE]);
    for (const [blocks, box] of cases) {
      const before = shape(blocks);
      joinBoxedHeadings(blocks, [], [box], PAGE, textOf);
      expect(shape(blocks)).toEqual(before);
    }
  });
});
