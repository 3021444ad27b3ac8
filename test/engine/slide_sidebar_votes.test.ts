// A slide's sidebar outline does not vote for the body's size (layout/slide_bands.ts
// slideNonVoters, with side_bars.ts sideBarLines): BFH's sidebar deck sets its outline at
// 6 pt right of a drawn rule, beside a block's 10 pt title and text, and converted alone the
// slide had measured its body at 6 pt: "Example Content." and "Without title" came out as
// headings. docs/engine.md, "Slide bands".
import { describe, expect, it } from "vitest";
import { markdownOf } from "../support/markdown_of.js";
import { plain, slidePage, type SlideShape } from "../support/slide_pages.js";

const WIDTH = 453.5;
const HEIGHT = 255.1;
/** The sidebar's rule, drawn down the slide's right side. */
const RULE: SlideShape = { kind: "rect", x: 392, y: 0, w: 0.8, h: HEIGHT, grey: 0.2 };
const SIDEBAR = [
  plain("LaTeX-Beamer using", 6, 401, 20),
  plain("BFH CI", 6, 410, 27),
  plain("M. Peischl", 6, 406, 40),
  plain("Example Frames", 6, 401, 118),
  plain("section pages", 6, 401, 131),
  plain("Bullet lists", 6, 401, 144),
];
const BODY = [plain("Blocks", 14.3, 14, 22), plain("Example Content.", 10, 19, 100), plain("Without title", 10, 19, 130)];

describe("a slide's sidebar and the body's vote (slide_bands.ts)", () => {
  it("measures the body at the slide's own text, not at its sidebar's outline", async () => {
    const md = await markdownOf(slidePage([...BODY, ...SIDEBAR], [RULE], WIDTH, HEIGHT));
    expect(md.trim().startsWith("# Blocks\n\nExample Content.")).toBe(true);
    expect(md).not.toContain("## ");
  });

  it("keeps the small lines' vote where no rule sets them apart as a sidebar", async () => {
    const md = await markdownOf(slidePage([...BODY, ...SIDEBAR], [], WIDTH, HEIGHT));
    expect(md).toContain("## Example Content.");
  });
});
