// ZapfDingbats' glyphs as the characters they draw (extract/dingbats.ts). MuPDF reads a glyph
// of ZapfDingbats that no ToUnicode map covers by its name "aN" as the code N: ReportLab's
// user guide p. 97 drew its square bullets "n" (a73, ■) and they came out as "I".
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { dingbatsText, isDingbatsFont } from "../../src/engine/extract/dingbats.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { pdfOfObjects } from "../support/documents.js";

/** A one-page PDF with a list whose bullets are ZapfDingbats' (not embedded) `bullet`, and a
 * line of ZapfDingbats codes `codes` (PDF string syntax). */
function dingbatsPdf(bullet: string, codes: string): Uint8Array {
  const objs = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>",
  ];
  const items = ["Isolate the station.", "Inspect the pumps.", "Test the link."];
  let content = "BT /F1 11 Tf 40 260 Td (The steps at each site:) Tj ET\n";
  items.forEach((item, k) => {
    const y = 236 - 18 * k;
    content += `BT /F2 8 Tf 44 ${y} Td (${bullet}) Tj ET\nBT /F1 11 Tf 58 ${y} Td (${item}) Tj ET\n`;
  });
  content += `BT /F1 11 Tf 40 160 Td (Marks: ) Tj /F2 11 Tf (${codes}) Tj ET\n`;
  objs.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  return new Uint8Array(pdfOfObjects(objs));
}

describe("ZapfDingbats without a ToUnicode map (dingbats.ts)", () => {
  it("reads its square bullet as ■ and the items as a list", async () => {
    const { markdown } = await convertDocument(openInProcess, { bytes: dingbatsPdf("n", ""), options: defaultRenderOptions });
    expect(markdown).toContain("- Isolate the station.\n- Inspect the pumps.\n- Test the link.");
    expect(markdown).not.toContain("I Isolate");
  });

  it("reads check marks, a disc, an arrow and a circled number as the characters they draw", async () => {
    // "3" a19 ✓, "4" a20 ✔, "l" a71 ●, "\\325" a161 →, "\\254" a120 ①.
    const { markdown } = await convertDocument(openInProcess, { bytes: dingbatsPdf("l", "34 l \\325 \\254"), options: defaultRenderOptions });
    expect(markdown).toContain("Marks: ✓✔ ● → ①");
  });

  it("names only ZapfDingbats and URW's Dingbats, and leaves a space, U+FFFD and mapped characters alone", () => {
    expect(isDingbatsFont("ZapfDingbats")).toBe(true);
    expect(isDingbatsFont("Dingbats")).toBe(true);
    expect(isDingbatsFont("Helvetica")).toBe(false);
    expect(isDingbatsFont("Wingdings")).toBe(false);
    expect(dingbatsText("I \uFFFD\u2192")).toBe("■ \uFFFD\u2192");
  });
});
