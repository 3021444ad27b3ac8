// A slide's block title set at the body's size in a coloured band, the block's body under it,
// is a heading a level under the frame's title (layout/block_titles.ts): BFH's "Block with a
// title" over "Content." had run into one paragraph, TU Darmstadt's "Standardblock mit Titel"
// had stood as a line of the body's paragraph, thubeamer's "问题" as a paragraph. A repeated
// frame title one level up still drops it (repeated_titles.ts). docs/engine.md, "A slide's
// block titles".
import { describe, expect, it } from "vitest";
import { markdownOf } from "../support/markdown_of.js";
import { BEAMER_HEIGHT, BEAMER_WIDTH, plain, slidePage, type SlideShape } from "../support/slide_pages.js";

const TITLE = plain("Blocks", 14.3, 19, 22);
/** BFH's block: the title's band, the body's box under it. */
const BLOCK: SlideShape[] = [
  { kind: "rect", x: 20.6, y: 88.7, w: 312, h: 15, grey: 0.5 },
  { kind: "rect", x: 20.6, y: 105.2, w: 312, h: 14.2, grey: 0.8 },
];

describe("a slide's block title (block_titles.ts slideBlockTitles)", () => {
  it("is a heading under the frame's title, apart from the block's text", async () => {
    const md = await markdownOf(slidePage([TITLE, plain("Block with a title", 10, 24.5, 99), plain("Content.", 10, 24.2, 115), plain("Without title", 10, 24.2, 142)], BLOCK));
    expect(md.trim()).toBe("# Blocks\n\n## Block with a title\n\nContent.\n\nWithout title");
  });

  it("is a heading in a band with no box under it, the block's text right under the band", async () => {
    const md = await markdownOf(slidePage([TITLE, plain("Block with a title", 10, 24.5, 99), plain("Content of the block.", 10, 24.2, 114)], [BLOCK[0]]));
    expect(md.trim()).toBe("# Blocks\n\n## Block with a title\n\nContent of the block.");
  });

  it("is dropped where it repeats the frame's title", async () => {
    const md = await markdownOf(slidePage([TITLE, plain("Blocks", 10, 24.5, 99), plain("Content.", 10, 24.2, 115)], BLOCK));
    expect(md.trim()).toBe("# Blocks\n\nContent.");
  });

  it("leaves a line in the code face in its band alone (a listing's box)", async () => {
    const md = await markdownOf(slidePage([TITLE, { pieces: [{ text: "\\usetheme{Verona}", mono: true }], size: 10, x: 24.5, y: 99 }, plain("Content.", 10, 24.2, 115)], BLOCK));
    expect(md).not.toContain("## ");
  });

  it("leaves a narrow band alone (a table's coloured cell)", async () => {
    const md = await markdownOf(slidePage([TITLE, plain("Block with a title", 10, 24.5, 99), plain("Content.", 10, 24.2, 115)], [{ kind: "rect", x: 20.6, y: 88.7, w: 90, h: 15, grey: 0.5 }]));
    expect(md).not.toContain("## ");
  });

  it("leaves a band holding two lines alone", async () => {
    const md = await markdownOf(slidePage([TITLE, plain("Block with a title", 10, 24.5, 99), plain("and a second line", 10, 180, 99), plain("Content.", 10, 24.2, 115)], BLOCK));
    expect(md).not.toContain("## ");
  });

  it("leaves a portrait page's band alone", async () => {
    const md = await markdownOf(slidePage([TITLE, plain("Block with a title", 10, 24.5, 99), plain("Content.", 10, 24.2, 115)], BLOCK, BEAMER_HEIGHT, BEAMER_WIDTH));
    expect(md).not.toContain("## ");
  });
});
