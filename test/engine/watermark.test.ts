// A watermark laid across a page at a slant ("DRAFT", "CONFIDENTIAL") is no text of the
// page's flow; a short slanted line (an angled column head) is (issue 9: TUGboat's
// preliminary "draft" articles, pdf.js's issue17069 "test pdf watermark"). MuPDF reads the
// slant from the line's direction (extract/mupdf_page.ts); layout leaves the watermark out
// (layout/page_layout.ts).
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { layOutPage } from "../../src/engine/layout/page_layout.js";
import { WATERMARKED_BODY, watermarkedPdf } from "../support/documents.js";
import { line, page } from "../support/layout.js";

describe("a slanted watermark", () => {
  it("is read as slanted lines: the watermark and the angled head, not the body", () => {
    const opened = openDocument(watermarkedPdf());
    try {
      const model = extractPageMupdf(opened.doc, 0);
      const slanted = model.lines.filter((line) => line.slanted).map(lineText);
      expect(slanted.sort()).toEqual(["DRAFT COPY", "Quarter"]);
    } finally {
      opened.doc.destroy();
    }
  });

  it("is left out of the Markdown, while the body and the short angled head stay", async () => {
    const result = await convertDocument(openInProcess, { bytes: watermarkedPdf(), options: defaultRenderOptions });
    expect(result.markdown).not.toContain("DRAFT");
    for (const text of WATERMARKED_BODY) expect(result.markdown).toContain(text);
    expect(result.markdown).toContain("Quarter");
  });

  it("stays where all the page's text runs at a slant (pdf.js's bug946506, a page of rotated type)", () => {
    const big = { ...line("placerat metus nunc arcu", { x: 98, y: 197, size: 77.6 }), x1: 560, y1: 597, slanted: true as const };
    const small = { ...line("nsequat, id luctus quam", { x: 15, y: 382, size: 19.4 }), slanted: true as const };
    const { page: laid } = layOutPage(page(1, [big, small]), false);
    expect(laid!.lines.map(lineText).sort()).toEqual(["nsequat, id luctus quam", "placerat metus nunc arcu"]);
  });

  // pdfTeX's sample p. 11: "Skewed text" at 49.8 pt, its box 68.7-335.1 by 458.8-656.9 on a
  // letter page (a quarter of its height), under "Scaled text" at 122 pt.
  const skewed = () => ({ ...line("Skewed text", { x: 68.7, y: 458.8, size: 49.8 }), x1: 335.1, y1: 656.9, slanted: true as const });
  const display = () => [line("Rotated text", { x: 72, y: 72, size: 49.8 }), line("Scaled text", { x: 68.7, y: 354.7, size: 122 })];

  it("stays where a large slanted line stands off the page's centre, alone (WATERMARK_CENTRE_SHARE_MAX: pdfTeX's sample, 'Skewed text')", () => {
    const { page: laid } = layOutPage(page(1, [...display(), skewed()]), false);
    expect(laid!.lines.map(lineText)).toContain("Skewed text");
  });

  it("is left out centred on the page, or tiled over it off its centre (WATERMARK_TILES_MIN: xduts' 'XDUTS XDUTS …')", () => {
    const centred = { ...line("DRAFT COPY", { x: 140, y: 230, size: 48 }), x1: 470, y1: 560, slanted: true as const };
    expect(layOutPage(page(1, [...display(), centred]), false).page!.lines.map(lineText)).not.toContain("DRAFT COPY");
    const tile = (y: number) => ({ ...line("XDUTS XDUTS", { x: 0, y, size: 20 }), x1: 300, y1: y + 300, slanted: true as const });
    const tiled = layOutPage(page(1, [...display(), tile(0), tile(200), tile(480)]), false).page!.lines.map(lineText);
    expect(tiled).not.toContain("XDUTS XDUTS");
  });
});
