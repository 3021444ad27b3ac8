// A slide's block title over a box drawn without a band (layout/block_titles.ts edgeTitles):
// beamer-verona's blocks, without its colorblocks option, set "Block title" in the body's face
// and size (coloured, which the page model does not hold) over a box the theme draws as
// pictures with a shadow, a thin strip of them right under the title. Converted alone,
// "Block title" | "Cras viverra metus rhoncus sem." had been one paragraph's two lines.
// docs/engine.md, "A slide's block titles".
import { describe, expect, it } from "vitest";
import { markdownOf } from "../support/markdown_of.js";
import { plain, slidePage, type SlideLine, type SlideShape } from "../support/slide_pages.js";

const FRAME_TITLE: SlideLine = { pieces: [{ text: "Lorem ipsum", bold: true }], size: 14.3, x: 8.5, y: 21 };
const TITLE = plain("Block title", 10, 8.5, 89);
const BODY = plain("Cras viverra metus rhoncus sem.", 10, 8.5, 104);
/** Verona's box: a strip under the title, the shadow under the body and beside the box. */
const BOX: SlideShape[] = [
  { kind: "image", x: 4.5, y: 91.4, w: 353.8, h: 3.9, grey: 0.95 },
  { kind: "image", x: 12.5, y: 106.5, w: 341.8, h: 5, grey: 0.5 },
  { kind: "image", x: 358.3, y: 86.1, w: 4, h: 17.4, grey: 0.5 },
];

describe("a slide's block title over a box without a band (block_titles.ts edgeTitles)", () => {
  it("makes the line over the box's top strip a heading under the frame's title", async () => {
    const md = await markdownOf(slidePage([FRAME_TITLE, TITLE, BODY], BOX));
    expect(md).toContain("## Block title\n\nCras viverra metus rhoncus sem.");
  });

  it("guard: leaves the two lines alone where no strip lies between them", async () => {
    const md = await markdownOf(slidePage([FRAME_TITLE, TITLE, BODY], BOX.slice(1)));
    expect(md).not.toContain("## Block title");
  });

  it("guard: leaves a line with another beside it on its row (a table's row over a rule)", async () => {
    const md = await markdownOf(slidePage([FRAME_TITLE, TITLE, plain("Second column", 10, 200, 89), BODY], BOX));
    expect(md).not.toContain("## Block title");
  });
});
