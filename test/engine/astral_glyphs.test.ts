// Characters past the Basic Multilingual Plane named by a simple font's glyphs (issue 9: a
// Word document's math came out as Hangul, "푏푐푑" for "𝑏𝑐𝑑": MuPDF keeps a simple font's
// encoding in 16 bits; extract/astral_glyph_names.ts gives the characters back their plane).
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { pdfOfObjects } from "../support/documents.js";

/** A one-page PDF whose Helvetica's encoding names codes 65–67 "u1D44F", "u1D450" and
 * "u1D461.st" (a script-size variant), and which shows "ABC" and some plain text. */
function astralPdf(text: string): Uint8Array {
  const objs = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [65 /u1D44F /u1D450 /u1D461.st] >> >>",
  ];
  const content = `BT /F1 20 Tf 20 40 Td (${text}) Tj ET`;
  objs.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  return new Uint8Array(pdfOfObjects(objs));
}

describe("glyph names past the BMP in a simple font's encoding", () => {
  it("reads 'u1D44F' as 𝑏 (U+1D44F), not as the Hangul syllable U+D44F, and a '.st' variant as its character", async () => {
    const { markdown } = await convertDocument(openInProcess, { bytes: astralPdf("ABC and x"), options: defaultRenderOptions });
    expect(markdown).toContain("𝑏𝑐𝑡 and x");
    expect(markdown).not.toMatch(/[\uAC00-\uD7A3]/);
  });
});
