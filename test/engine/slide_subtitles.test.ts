// A title slide's centred subtitle keeps its author's lines (layout/slide_phrases.ts
// underCentredTitle): an Impress title slide's 32 pt "Northern Harbour Operations" | "Prepared
// by the Planning Office", centred under its 44 pt title, had run into one paragraph, for the
// lines are nearly as wide as each other and the wider leaves no room for the next line's
// first word. docs/engine.md, "A slide's short lines".
import { describe, expect, it } from "vitest";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { markdownOf } from "../support/markdown_of.js";
import { plain, slidePage, type SlideLine } from "../support/slide_pages.js";

const WIDTH = 793.7;
const HEIGHT = 446.5;
const AXIS = WIDTH / 2;
const helvetica = new mupdf.Font("Helvetica");
/** A line of Helvetica centred on the slide. */
function centred(text: string, size: number, y: number): SlideLine {
  let width = 0;
  for (const ch of text) width += helvetica.advanceGlyph(helvetica.encodeCharacter(ch.codePointAt(0)!), false);
  return plain(text, size, AXIS - (width * size) / 2, y);
}

describe("a title slide's subtitle (slide_phrases.ts underCentredTitle)", () => {
  it("keeps the subtitle's two centred lines apart under the title", async () => {
    const md = await markdownOf(slidePage([centred("Quarterly Shipping Review", 44, 158), centred("Northern Harbour Operations", 32, 262), centred("Prepared by the Planning Office", 32, 305)], [], WIDTH, HEIGHT));
    expect(md).toContain("Northern Harbour Operations\\\nPrepared by the Planning Office");
  });

  it("guard: joins a centred line going on in small letters (a wrapped sentence)", async () => {
    const md = await markdownOf(slidePage([centred("Quarterly Shipping Review", 44, 158), centred("A review of the northern harbour", 32, 262), centred("and of its planning office", 32, 305)], [], WIDTH, HEIGHT));
    expect(md).toContain("northern harbour and of its");
  });

  it("guard: joins two centred lines under no larger title", async () => {
    const md = await markdownOf(slidePage([plain("Quarterly Shipping Review", 32, 40, 100), centred("Northern Harbour Operations", 32, 262), centred("Prepared by the Planning Office", 32, 305)], [], WIDTH, HEIGHT));
    expect(md).toContain("Operations Prepared");
  });
});
