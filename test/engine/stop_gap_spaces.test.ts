// A sentence's stop and the next word set with no space, only a gap, part there (extract/
// mupdf_page.ts STOP_GAP_SPACE_EMS): the gap is measured in ems of the larger of the two
// glyphs' sizes since svc-md-1.1.37. Measured in the next glyph's size alone, Writer's footnote
// mark set 0.8 pt after a sentence's stop in an 11 pt justified line ("contract." | "1", the
// mark at 6.4 pt) was a word space's gap, and the Markdown read "contract. <sup>1</sup>".
// docs/engine.md, "Words and spaces".
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

/** "contract." at 11 pt, then `mark` at 6.4 pt raised 4 pt, `gap` thousandths of its em after
 *  the stop, then " Deletion follows." at 11 pt; and a body paragraph at 11 pt under it. */
function markPdf(mark: string, gap: number): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(new mupdf.Font("Times-Roman"), "Latin") } });
  const body = "BT /F1 11 Tf 72 660 Td (The records are kept for the period the contract names, and no longer.) Tj ET\n";
  const content = `BT /F1 11 Tf 72 700 Td (All records follow the contract.) Tj /F1 6.4 Tf 4 Ts [-${gap} (${mark})] TJ /F1 11 Tf 0 Ts ( Deletion follows.) Tj ET\n${body}`;
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, content));
  return doc.saveToBuffer("").asUint8Array();
}

function firstLine(bytes: Uint8Array): string {
  const opened = openDocument(bytes);
  try {
    return lineText(extractPageMupdf(opened.doc, 0).lines[0]);
  } finally {
    opened.doc.destroy();
  }
}

describe("a footnote mark set just after a sentence's stop (STOP_GAP_SPACE_EMS in the larger size, svc-md-1.1.37)", () => {
  it("keeps no space between the stop and a mark 0.8 pt after it", () => {
    // 125 thousandths of 6.4 pt: 0.8 pt, 0.125 of the mark's em and 0.07 of the text's.
    expect(firstLine(markPdf("1", 125))).toBe("All records follow the contract.1 Deletion follows.");
  });

  it("renders the mark as a superscript right after the stop", async () => {
    const { markdown } = await convertDocument(openInProcess, { bytes: markPdf("1", 125), options: defaultRenderOptions });
    expect(markdown).toContain("contract.<sup>1</sup> Deletion follows.");
  });

  it("still parts a word set a stop's gap of the text's size after the stop", () => {
    // 0.15 em of 11 pt after the stop, a word at the text's size: a justified line's space.
    const doc = new mupdf.PDFDocument();
    const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(new mupdf.Font("Times-Roman"), "Latin") } });
    doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, "BT /F1 11 Tf 72 700 Td [(in the afternoon.) -150 (There it ends.)] TJ ET\n"));
    expect(firstLine(doc.saveToBuffer("").asUint8Array())).toBe("in the afternoon. There it ends.");
  });
});
