// A word space TeX shrank below MuPDF's threshold (0.13 em in Source Sans, whose space is 0.2
// em) between two letters of one font, after letters set edge to edge, is a space
// (extract/mupdf_page.ts TIGHT_WORD_GAP_EMS): pdfpagediff's manual read "Thisisnotacharacter
// bycharacter". Tracked letters, italic and math faces keep their gaps. docs/engine.md, "Words
// and spaces". svc-md-1.1.34.
import { describe, expect, it } from "vitest";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { lineText } from "../../src/engine/layout/lines.js";

/** One line of `font` at 10 pt, its TJ array as given (no space glyph anywhere). */
function lineOf(font: string, tj: string): string {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(new mupdf.Font(font), "Latin") } });
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, `BT /F1 10 Tf 72 700 Td [${tj}] TJ ET\n`));
  const opened = openDocument(doc.saveToBuffer("").asUint8Array());
  try {
    return extractPageMupdf(opened.doc, 0).lines.map(lineText).join("\n");
  } finally {
    opened.doc.destroy();
  }
}

const words = (gap: number) => ["This", "is", "not", "a", "character"].map((w) => `(${w})`).join(`-${gap}`);

describe("a tight line's word spaces (mupdf_page.ts TIGHT_WORD_GAP_EMS; issue 9, pdfpagediff-doc p. 3)", () => {
  it("reads a gap of 0.13 em between words of letters set edge to edge as a space, a one-letter word too", () => {
    expect(lineOf("Helvetica", words(130))).toBe("This is not a character");
    expect(lineOf("Times-Roman", words(130))).toBe("This is not a character");
  });

  it("leaves a gap under 0.11 em (a kern) inside the word", () => {
    expect(lineOf("Helvetica", words(100))).toBe("Thisisnotacharacter");
  });

  it("leaves tracked letters (every pair 0.13 em apart) and an italic face's gaps as they are", () => {
    const tracked = [..."TRACKED"].map((c) => `(${c})`).join("-130");
    expect(lineOf("Helvetica", tracked)).not.toContain(" ");
    expect(lineOf("Times-Italic", words(130))).toBe("Thisisnotacharacter");
  });
});
