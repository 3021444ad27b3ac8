// A closing slide's two display lines are no running text (layout/slide_bands.ts
// displayPair): hitszbeamer's last slide sets "That’s all. Thank you!" over "Q&A" centred at
// 20.7 pt (\huge, 7.6 % of the slide's height) under its title bar's 12 pt "Q&A", and
// converted alone the slide had measured its body at the two display lines, which came out
// as a paragraph. docs/engine.md, "Slide bands".
import { describe, expect, it } from "vitest";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { markdownOf } from "../support/markdown_of.js";
import { plain, slidePage, BEAMER_WIDTH, type SlideLine, type SlideShape } from "../support/slide_pages.js";

const helvetica = new mupdf.Font("Helvetica");
function widthOf(text: string, size: number): number {
  let width = 0;
  for (const ch of text) width += helvetica.advanceGlyph(helvetica.encodeCharacter(ch.codePointAt(0)!), false);
  return width * size;
}
/** A line of Helvetica centred on `axis`. */
function centred(text: string, size: number, axis: number, y: number): SlideLine {
  return plain(text, size, axis - widthOf(text, size) / 2, y);
}

const TITLE_BAR: SlideShape = { kind: "rect", x: 0, y: 0, w: BEAMER_WIDTH, h: 44.8, grey: 0.3 };
const TITLE: SlideLine = { pieces: [{ text: "Q&A", bold: true }], size: 12, x: 60, y: 27 };
const AXIS = 207;

describe("a closing slide's display lines (slide_bands.ts displayPair)", () => {
  it("reads two centred display lines as headings, not as the body", async () => {
    const md = await markdownOf(slidePage([TITLE, centred("That's all. Thank you!", 20.7, AXIS, 123), centred("Q&A", 20.7, AXIS, 176)], [TITLE_BAR]));
    expect(md).toMatch(/^#+ That's all\. Thank you!/m);
    expect(md).not.toMatch(/^That's all/m);
  });

  it("leaves two lines started at one edge to vote (a list's items)", async () => {
    const md = await markdownOf(slidePage([TITLE, plain("Thank you for listening", 20.7, 40, 123), plain("Questions", 20.7, 40, 176)], [TITLE_BAR]));
    expect(md).toMatch(/^Thank you for listening/m);
  });

  it("leaves two centred lines to vote under text less than 1.5 times smaller", async () => {
    const md = await markdownOf(slidePage([TITLE, centred("That's all. Thank you!", 20.7, AXIS, 123), centred("Q&A", 20.7, AXIS, 176), plain("Slides and code online", 16, 40, 230)], [TITLE_BAR]));
    expect(md).toMatch(/^That's all/m);
  });
});
