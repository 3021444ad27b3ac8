// Prose is no heading (layout/blocks.ts headingOf, INNER_SENTENCE_END, PROSE_SENTENCE,
// PROSE_SIZE_RATIO_MAX; docs/engine.md "Headings"): on a page of references converted alone
// the body measures at the references' size, and acmart's dedication "To Robert, for the
// bagels and explaining CMYK and color spaces." and its margin notes, set at the text's size,
// had read as headings. svc-md-1.1.26.
import { describe, expect, it } from "vitest";
import { markdownOf } from "../support/markdown_of.js";
import { pdfOfObjects } from "../support/documents.js";

const REFERENCE = "[n] A. Author and B. Author. 2007. The title of a paper on a subject. Journal 50, 1 (2007), 36-44.";

/** One page: `top` pieces ([font, size, y, text]; F1 Helvetica, F2 Helvetica-Bold), then 20
 *  references at 8 pt under them. */
function pagePdf(top: readonly [1 | 2, number, number, string][]): Uint8Array {
  let content = "";
  for (const [font, size, y, text] of top) content += `BT /F${font} ${size} Tf 72 ${y} Td (${text}) Tj ET\n`;
  for (let k = 0; k < 20; k++) content += `BT /F1 8 Tf 72 ${560 - 11 * k} Td (${REFERENCE.replace("n", String(k + 1))}) Tj ET\n`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
  ];
  return new Uint8Array(pdfOfObjects(objects));
}

describe("prose over references is no heading (blocks.ts headingOf)", () => {
  it("keeps a one-sentence dedication at the text's size a paragraph under its bold heading", async () => {
    const md = await markdownOf(pagePdf([[2, 10, 660, "ACKNOWLEDGMENTS"], [1, 10, 640, "To Robert, for the bagels and explaining CMYK and color spaces."], [2, 10, 600, "REFERENCES"]]));
    expect(md).toMatch(/^#{1,6} ACKNOWLEDGMENTS$/m);
    expect(md).toMatch(/^To Robert, for the bagels and explaining CMYK and color spaces\.$/m);
    expect(md).toMatch(/^#{1,6} REFERENCES$/m);
  });

  it("keeps text of two sentences a paragraph", async () => {
    const md = await markdownOf(pagePdf([[1, 10, 640, "sidebar: Place formatted text in the margin. marginfigure: Place a figure there."]]));
    expect(md).not.toMatch(/^#{1,6} sidebar/m);
  });

  it("guard: keeps a short title at the text's size a heading, and a large sentence a title", async () => {
    const md = await markdownOf(pagePdf([[1, 18, 700, "A LaTeX class for writing proposals to the EU research programme."], [1, 10, 640, "Further reading"]]));
    expect(md).toMatch(/^#{1,6} A LaTeX class for writing proposals/m);
    expect(md).toMatch(/^#{1,6} Further reading$/m);
  });
});
