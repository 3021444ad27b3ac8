// A title slide converted alone (layout/document_stats.ts ONE_LINE_EXEMPT_SIZE_RATIO_MIN,
// docs/engine.md "Headings"): Impress's 44 pt title over its subtitle's two 32 pt lines holds
// a third of the slide's text, more than a heading style may (HEADING_CHAR_SHARE_MAX), and had
// come out a paragraph. A style of one line at 1.3 times the body's size or more is a heading
// whatever its share. svc-md-1.1.26.
import { describe, expect, it } from "vitest";
import { markdownOf } from "../support/markdown_of.js";
import { pdfOfObjects } from "../support/documents.js";

/** A 16:9 slide of Helvetica lines [size, x, y, text]. */
function slidePdf(lines: readonly [number, number, number, string][]): Uint8Array {
  let content = "";
  for (const [size, x, y, text] of lines) content += `BT /F1 ${size} Tf ${x} ${y} Td (${text}) Tj ET\n`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 793.7 446.5] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  return new Uint8Array(pdfOfObjects(objects));
}

describe("a title slide converted alone (document_stats.ts ONE_LINE_EXEMPT_SIZE_RATIO_MIN)", () => {
  it("makes the 44 pt title over two 32 pt subtitle lines a heading", async () => {
    const md = await markdownOf(slidePdf([[44, 120, 250, "Warehouse Automation Pilot"], [32, 214, 145, "Results of the first quarter"], [32, 106, 110, "Jonas Berg, Operations, 3 March 2025"]]));
    expect(md).toMatch(/^# Warehouse Automation Pilot$/m);
  });

  it("guard: leaves a line only 1.2 times the others' size a paragraph when it holds a third of the text", async () => {
    const md = await markdownOf(slidePdf([[38, 120, 250, "Warehouse Automation Pilot"], [32, 214, 145, "Results of the first quarter"], [32, 106, 110, "Jonas Berg, Operations, 3 March 2025"]]));
    expect(md).not.toMatch(/^#/m);
  });
});
