// A glyph MuPDF gives a code past Unicode's last (0x10FFFF) is an unmapped glyph's, U+FFFD
// (extract/mupdf_page.ts pushUnits, isUnmapped, rtlVisualOrder; placed_accents.ts takesAccent):
// arabi's Type 1 Arabic fonts give their ornate brackets 0x38800000, String.fromCodePoint
// threw, and the whole page went to pdf.js, which wrote its Arabic reversed ("ميحرلا نمحرلا"
// for "الرحمن الرحيم"). Robustness: a page MuPDF reads is read by MuPDF. svc-md-1.1.35.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

/** The title lines of arabi's user guide p. 9 (fixtures/excerpts/SOURCES.tsv). */
const excerpt = () => new Uint8Array(readFileSync(new URL("../../fixtures/excerpts/arabi-user-guide-p9-title.pdf", import.meta.url)));

describe("codes past Unicode's last (mupdf_page.ts LAST_CODE_POINT; arabi's user guide p. 9)", () => {
  it("reads the page with MuPDF, such a glyph unmapped", () => {
    const opened = openDocument(excerpt());
    try {
      const page = extractPageMupdf(opened.doc, 0);
      expect(page.unmappedChars).toBeGreaterThan(0);
      expect(page.lines.some((l) => l.spans.some((s) => s.text.includes("\ufffd")))).toBe(true);
    } finally {
      opened.doc.destroy();
    }
  });

  it("writes the Arabic in its logical order", async () => {
    const result = await convertDocument(openInProcess, { bytes: excerpt(), options: defaultRenderOptions });
    expect(result.pages[0].extraction).toBe("mupdf");
    expect(result.markdown).toContain("الرحمن الرحيم");
    expect(result.markdown).not.toContain("ميحرلا");
  });
});
