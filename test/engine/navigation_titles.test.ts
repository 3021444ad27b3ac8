// layout/navigation_titles.ts: a navigation bar's name over the page's title is a paragraph
// (issue 9: Chromium's prints of DocBook pages, Debian's FAQ and valgrind's manual).
import { describe, expect, it } from "vitest";
import { type Block, headingBlock, paragraphBlock } from "../../src/engine/layout/blocks.js";
import { demoteNavigationTitles } from "../../src/engine/layout/navigation_titles.js";
import { line } from "../support/layout.js";

/** debian_FAQ_choosing's first page: the bar's name, bold, centred at the top, its "Prev" and
 *  "Next" arrows drawn as images on the row under it, then the chapter's title. */
const bar = line([{ text: "Chapter 3. Choosing a Debian distribution", bold: true }], { x: 186, y: 60.4, size: 10.8 });
const title = line("Chapter 3. Choosing a Debian distribution", { x: 87.8, y: 141.8, size: 24 });
const prev = { x0: 67.5, y0: 77.25, x1: 93.75, y1: 88.5 };
const next = { x0: 518.25, y0: 77.25, x1: 544.5, y1: 88.5 };

const kinds = (blocks: Block[]) => blocks.map((b) => (b.kind === "heading" ? `h${b.level}` : b.kind));

describe("demoteNavigationTitles", () => {
  it("makes the name of a bar with arrows over a higher-ranked title a paragraph", () => {
    const blocks = [headingBlock(4, [bar]), headingBlock(1, [title])];
    demoteNavigationTitles(blocks, [prev, next]);
    expect(kinds(blocks)).toEqual(["paragraph", "h1"]);
  });

  it("leaves a heading without arrows beside it, one over a heading of its rank or lower, and text that is no heading", () => {
    const without = [headingBlock(4, [bar]), headingBlock(1, [title])];
    demoteNavigationTitles(without, [{ x0: 67.5, y0: 300, x1: 93.75, y1: 311 }]);
    expect(kinds(without)).toEqual(["h4", "h1"]);
    const lower = [headingBlock(2, [bar]), headingBlock(3, [title])];
    demoteNavigationTitles(lower, [prev, next]);
    expect(kinds(lower)).toEqual(["h2", "h3"]);
    const large = [headingBlock(4, [bar]), headingBlock(1, [title])];
    demoteNavigationTitles(large, [{ x0: 67.5, y0: 70, x1: 400, y1: 130 }]);
    expect(kinds(large)).toEqual(["h4", "h1"]);
    const prose = [paragraphBlock([bar]), headingBlock(1, [title])];
    demoteNavigationTitles(prose, [prev, next]);
    expect(kinds(prose)).toEqual(["paragraph", "h1"]);
  });
});

describe("demoteNavigationTitles: a bar's name read after the lines under it (gtk-doc's libxslt reference printed by Chromium)", () => {
  it("puts the name first, a paragraph, when it is the page's topmost block", () => {
    const name = line([{ text: "libxslt Reference Manual", bold: true }], { x: 286.8, y: 39.6, size: 10.8 });
    const arrows = [{ x0: 37.5, y0: 37.5, x1: 55.5, y1: 55.5 }];
    const heading = line("extra", { x: 33.8, y: 74, size: 18 });
    const summary = line("extra - interface for the non-standard features", { x: 33.8, y: 109.3 });
    const blocks = [headingBlock(1, [heading]), paragraphBlock([summary]), headingBlock(3, [name])];
    demoteNavigationTitles(blocks, arrows);
    expect(kinds(blocks)).toEqual(["paragraph", "h1", "paragraph"]);
    expect(blocks[0].lines[0]).toBe(name);
  });
});
