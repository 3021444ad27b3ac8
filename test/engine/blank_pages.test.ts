// A book's blank page converted alone (layout/furniture.ts blankPageRows, docs/engine.md
// "Blank pages"): its running head with the folio, or the folio alone, is furniture although
// the page has no body to measure it against. uantwerpen's thesis p. 22, an empty verso
// before a chapter, had come out as "16 *HOOFDSTUK 5. BESLUIT*". svc-md-1.1.26.
import { describe, expect, it } from "vitest";
import { markdownOf } from "../support/markdown_of.js";
import { pdfOfObjects } from "../support/documents.js";

/** An A4 page of Helvetica (F1) and Helvetica-Oblique (F2) at 10 pt: each piece [font, x, y, text]. */
function pagePdf(pieces: readonly [1 | 2, number, number, string][]): Uint8Array {
  let content = "";
  for (const [font, x, y, text] of pieces) content += `BT /F${font} 10 Tf ${x} ${y} Td (${text}) Tj ET\n`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Oblique /Encoding /WinAnsiEncoding >>",
  ];
  return new Uint8Array(pdfOfObjects(objects));
}

describe("a blank page's running head and folio (furniture.ts blankPageRows)", () => {
  it("strips a head with its folio, the page's only line (uantwerpen's '16 … HOOFDSTUK 5. BESLUIT')", async () => {
    const md = await markdownOf(pagePdf([[1, 72, 790, "16"], [2, 390, 790, "HOOFDSTUK 5. BESLUIT"]]));
    expect(md.trim()).toBe("");
  });

  it("strips a folio alone at the foot of an empty page", async () => {
    const md = await markdownOf(pagePdf([[1, 290, 40, "17"]]));
    expect(md.trim()).toBe("");
  });

  it("strips a journal's head of short pieces over the folio alone, the folio a little above the bottom band (nwejm's issue p. 22)", async () => {
    const md = await markdownOf(pagePdf([[2, 55, 790, "Titre de l'article (French)"], [1, 359, 790, "F. Last et al."], [1, 290, 110, "20"]]));
    expect(md.trim()).toBe("");
  });

  it("guard: keeps a page that is one large letter (mcmthesis' example image 'C', no folio though a roman numeral)", async () => {
    const md = await markdownOf(pagePdf([[1, 72, 790, "Example image"], [1, 290, 420, "C"]]));
    expect(md).toContain("C");
  });

  it("guard: keeps a cover's title in the top band and a year at its foot", async () => {
    const md = await markdownOf(pagePdf([[1, 72, 790, "Annual Report of the Building Research Group"], [1, 280, 40, "2024"]]));
    expect(md).toContain("Annual Report of the Building Research Group");
    expect(md).toContain("2024");
  });

  it("guard: keeps a head with its folio over a page of body text", async () => {
    const body: [1, number, number, string][] = [];
    for (let k = 0; k < 10; k++) body.push([1, 72, 700 - 14 * k, `Line ${k + 1} of the body of this page, which goes on for a while here.`]);
    const md = await markdownOf(pagePdf([[1, 72, 790, "16"], [2, 390, 790, "HOOFDSTUK 5. BESLUIT"], ...body]));
    expect(md).toContain("Line 1 of the body");
  });
});
