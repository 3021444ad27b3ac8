// layout/repeated_titles.ts: a slide's title repeated by the block under it is read once
// (thubeamer-example-en p. 11: "Scheduling" in the frame's title bar and on its block's).
import { describe, expect, it } from "vitest";
import { type Block, headingBlock, paragraphBlock } from "../../src/engine/layout/blocks.js";
import { dropRepeatedSlideTitle } from "../../src/engine/layout/repeated_titles.js";
import { line } from "../support/layout.js";

/** A 4:3 beamer frame, 364 × 273 pt; a portrait page, 595 × 842 pt. */
const SLIDE = { width: 364, height: 273 };
const PORTRAIT = { width: 595, height: 842 };

const frameTitle = (text = "Scheduling") => headingBlock(2, [line(text, { x: 10, y: 20, size: 12 })]);
const blockTitle = (text = "Scheduling", level = 2) => headingBlock(level, [line(text, { x: 30, y: 80, size: 11 })]);
const item = () => paragraphBlock([line("XXXX[1]", { x: 40, y: 100, size: 11 })]);
const texts = (blocks: Block[]) => blocks.map((b) => `${b.kind === "heading" ? `h${b.level}` : b.kind}:${b.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ")}`);

describe("dropRepeatedSlideTitle (repeated_titles.ts)", () => {
  it("drops a block's title that repeats the frame's title right under it on a slide (thubeamer p. 11 '## Scheduling' twice)", () => {
    const blocks = [frameTitle(), blockTitle(), item()];
    dropRepeatedSlideTitle(blocks, SLIDE);
    expect(texts(blocks)).toEqual(["h2:Scheduling", "paragraph:XXXX[1]"]);
  });

  it("guard: leaves a portrait page, another title, another level, a heading that is not the page's first, and a number (a chart's axis)", () => {
    const portrait = [frameTitle(), blockTitle(), item()];
    dropRepeatedSlideTitle(portrait, PORTRAIT);
    expect(portrait).toHaveLength(3);
    const other = [frameTitle(), blockTitle("Milestones"), item()];
    dropRepeatedSlideTitle(other, SLIDE);
    expect(other).toHaveLength(3);
    const deeper = [frameTitle(), blockTitle("Scheduling", 3), item()];
    dropRepeatedSlideTitle(deeper, SLIDE);
    expect(deeper).toHaveLength(3);
    const later = [item(), frameTitle(), blockTitle()];
    dropRepeatedSlideTitle(later, SLIDE);
    expect(later).toHaveLength(3);
    const axis = [frameTitle("7"), blockTitle("7")];
    dropRepeatedSlideTitle(axis, SLIDE);
    expect(axis).toHaveLength(2);
  });
});
