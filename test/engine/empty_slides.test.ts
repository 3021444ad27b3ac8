// An empty slide converted alone (layout/furniture.ts blankPageRows, slideFootSize): an Impress
// slide with nothing on it but a line at its top edge ("Confidential – internal use") and its
// foot row (date | footer | slide number), all in the footer's 14 pt, had kept the four pieces
// as paragraphs; the foot row alone was stripped. docs/engine.md, "Blank pages".
import { describe, expect, it } from "vitest";
import { markdownOf } from "../support/markdown_of.js";
import { plain, slidePage, type SlideLine } from "../support/slide_pages.js";

const WIDTH = 793.7;
const HEIGHT = 446.5;
const FOOT: SlideLine[] = [plain("12/03/2026", 14, 35, 430), plain("Harbour Logistics Review", 14, 317, 430), plain("8", 14, 750, 430)];

describe("an empty slide's head and foot (furniture.ts slideFootSize)", () => {
  it("strips a head row in the foot's type over the foot row holding the slide's number", async () => {
    const md = await markdownOf(slidePage([plain("Confidential - internal use", 14, 315, 28), ...FOOT], [], WIDTH, HEIGHT));
    expect(md.trim()).toBe("");
  });

  it("guard: keeps a title larger than the foot's type at the slide's top", async () => {
    const md = await markdownOf(slidePage([plain("Questions", 24, 40, 32), ...FOOT], [], WIDTH, HEIGHT));
    expect(md).toContain("Questions");
  });

  it("guard: keeps a portrait page's top line over a foot row with a number", async () => {
    const md = await markdownOf(slidePage([plain("Confidential - internal use", 14, 200, 28), plain("12/03/2026", 14, 35, 830), plain("Harbour Logistics Review", 14, 230, 830), plain("8", 14, 550, 830)], [], 595, 842));
    expect(md).toContain("Confidential");
  });
});
