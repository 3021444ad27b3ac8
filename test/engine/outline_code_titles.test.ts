// A title set alone in a typewriter face, which the document's outline names, is a heading
// (render/page.ts applyOutlineHints, isTitleInCode; docs/engine.md "Outline titles"): Free
// Culture sets its sections' titles ("Film", "Recorded Music", "Why Hollywood Is Right") in
// Monospace 821, and each had come out as a line of code. svc-md-1.1.26.
import { describe, expect, it } from "vitest";
import { markdownOf } from "../support/markdown_of.js";
import { pdfOfObjects } from "../support/documents.js";

const PROSE = [
  "The record industry was born of another kind of piracy, though to see how requires a bit",
  "of detail about the way the law regulates music, and a few more words to fill the line.",
];

/** One page: two paragraphs of Helvetica (F1) at 10.5 pt with `title` centred between them in
 *  Courier (F2) at 10 pt; the outline holds one entry, `entry`, for the page. */
function titledPdf(title: string | string[], entry: string): Uint8Array {
  let content = "";
  PROSE.forEach((text, k) => (content += `BT /F1 10.5 Tf 72 ${700 - 14 * k} Td (${text}) Tj ET\n`));
  (typeof title === "string" ? [title] : title).forEach((piece, k) => (content += `BT /F2 10 Tf ${250 + 30 * k} ${640 - 12 * k} Td (${piece}) Tj ET\n`));
  PROSE.forEach((text, k) => (content += `BT /F1 10.5 Tf 72 ${600 - 14 * k} Td (${text}) Tj ET\n`));
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R /Outlines 7 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>",
    "<< /Type /Outlines /First 8 0 R /Last 8 0 R /Count 1 >>",
    `<< /Title (${entry}) /Parent 7 0 R /Dest [3 0 R /XYZ 0 792 0] >>`,
  ];
  return new Uint8Array(pdfOfObjects(objects));
}

describe("a title in the code face that the outline names (page.ts isTitleInCode)", () => {
  it("makes Free Culture's 'Recorded Music', set alone in Monospace, a heading", async () => {
    const md = await markdownOf(titledPdf("Recorded Music", "Recorded Music"));
    expect(md).toMatch(/^#{1,6} Recorded Music$/m);
    expect(md).not.toContain("```");
  });

  it("makes a title in two lines of the code face a heading ('Rebuilding Freedoms Previously' | 'Presumed: Examples', svc-md-1.1.27)", async () => {
    const md = await markdownOf(titledPdf(["Rebuilding Freedoms Previously", "Presumed: Examples"], "Rebuilding Freedoms Previously Presumed: Examples"));
    expect(md).toMatch(/^#{1,6} Rebuilding Freedoms Previously Presumed: Examples$/m);
    expect(md).not.toContain("```");
  });

  it("guard: keeps a line of code the outline names as a topic a line of code (R's '.Machine' under 'Usage')", async () => {
    const md = await markdownOf(titledPdf(".Machine", ".Machine"));
    expect(md).not.toMatch(/^#{1,6} \.Machine$/m);
  });

  it("guard: keeps a line of code the outline does not name a line of code", async () => {
    const md = await markdownOf(titledPdf("Recorded Music", "Radio"));
    expect(md).not.toMatch(/^#{1,6} Recorded Music$/m);
  });
});
