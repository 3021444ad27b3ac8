// A slide's short lines stacked in a narrow column with nothing beside them are lines their
// author broke, not one paragraph (layout/slide_phrases.ts): Verona's description rows
// ("showheader Shows the headline" | "red Dark red variant", terms set flush right) and
// hobete's contents slide ("1 Beispiele" in a ball over its subsections "Listen" | "s.th.
// else") had each run into one paragraph. Also the ball's number measured to its glyph, not to
// the space after it (layout/vector_bullets.ts numberInMark). docs/engine.md, "A slide's
// short lines".
import { describe, expect, it } from "vitest";
import { markdownOf } from "../support/markdown_of.js";
import { BEAMER_HEIGHT, BEAMER_WIDTH, plain, slidePage } from "../support/slide_pages.js";

const TITLE = plain("Options", 14.3, 8.5, 30);

describe("a slide's short lines (slide_phrases.ts markSlidePhraseBreaks)", () => {
  it("breaks a description list of two rows, its terms set flush right", async () => {
    const md = await markdownOf(slidePage([TITLE, plain("showheader Shows the headline", 10, 31.6, 92), plain("red Dark red variant", 10, 66.4, 107)]));
    expect(md.trim()).toBe("# Options\n\nshowheader Shows the headline\\\nred Dark red variant");
  });

  it("nests a contents slide's subsections under its numbered ball, each on its own line", async () => {
    const md = await markdownOf(
      slidePage(
        [{ pieces: [{ text: "1", bold: true, after: 8 }, { text: "Beispiele" }], size: 10.9, x: 6.3, y: 112 }, plain("Listen", 10.9, 32.7, 125.6), plain("s.th. else", 10.9, 32.7, 139.2)],
        [{ kind: "ball", x: 3.3, y: 102.8, w: 12, h: 12, grey: 0.5 }],
      ),
    );
    expect(md.trim()).toBe("1. Beispiele\n\n   Listen\\\n   s.th. else");
  });

  it("leaves a paragraph wrapped across the slide alone (the stack is wider than 40 % of it)", async () => {
    const md = await markdownOf(slidePage([TITLE, plain("The theme sets every frame title in dark red over a thin rule", 10, 8.5, 92), plain("and keeps the footline small.", 10, 8.5, 105)]));
    expect(md.trim()).toBe("# Options\n\nThe theme sets every frame title in dark red over a thin rule and keeps the footline small.");
  });

  it("leaves a column beside another column alone", async () => {
    const md = await markdownOf(
      slidePage([TITLE, plain("Short lines of the", 10, 8.5, 92), plain("left column wrap", 10, 8.5, 105), plain("Another column beside", 10, 200, 92), plain("them on its own rows", 10, 200, 105)]),
    );
    expect(md).not.toContain("\\\n");
  });

  it("leaves a line running on into the next (a comma at its end) alone", async () => {
    const md = await markdownOf(slidePage([TITLE, plain("showheader Shows the headline,", 10, 31.6, 92), plain("red Dark red variant", 10, 66.4, 107)]));
    expect(md).not.toContain("\\\n");
  });

  it("leaves a portrait page's narrow lines alone", async () => {
    const md = await markdownOf(slidePage([TITLE, plain("showheader Shows the headline", 10, 31.6, 92), plain("red Dark red variant", 10, 66.4, 107)], [], BEAMER_HEIGHT, BEAMER_WIDTH));
    expect(md).not.toContain("\\\n");
  });
});
