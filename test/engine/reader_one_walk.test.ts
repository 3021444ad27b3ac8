// extract/mupdf_page.ts readLineSpans: a line's characters are counted as they are read, in one
// walk in stream order; a line that turns out to hold a right-to-left letter is read again,
// whole, in visual order (collectLineChars), and what the first reading had counted of it must
// not stay counted (docs/benchmarks.md, s16-reader).
import { describe, expect, it } from "vitest";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { pdfOfObjects } from "../support/documents.js";

/** A ToUnicode map sending the codes of A-E to the Hebrew letters alef-he (U+05D0-U+05D4). */
const HEBREW_CMAP = [
  "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
  "/CMapName /Hebrew-Test def /CMapType 2 def",
  "1 begincodespacerange <00> <FF> endcodespacerange",
  "1 beginbfrange <41> <45> <05D0> endbfrange",
  "1 beginbfchar <20> <0020> endbfchar",
  "endcmap CMapName currentdict /CMap defineresource pop end end",
].join("\n");

/** One page, a line per string of text shown in Helvetica: F1 reads as Latin, F2 (the same
 * glyphs) reads A-E as Hebrew letters through its ToUnicode map. */
function linesPdf(lines: readonly string[]): Buffer {
  let content = "";
  lines.forEach((show, i) => (content += `BT 72 ${700 - 40 * i} Td ${show} ET\n`));
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 7 0 R >>",
    `<< /Length ${HEBREW_CMAP.length} >>\nstream\n${HEBREW_CMAP}\nendstream`,
  ];
  return pdfOfObjects(objects);
}

function extracted(lines: readonly string[]) {
  const opened = openDocument(linesPdf(lines));
  try {
    return extractPageMupdf(opened.doc, 0);
  } finally {
    opened.doc.destroy();
  }
}

describe("the reader's one walk over a line (readLineSpans)", () => {
  it("counts a right-to-left line's characters once: the Latin read before its first Hebrew letter is not kept counted", () => {
    const page = extracted(["/F1 20 Tf (abc xyz ) Tj /F2 20 Tf (ABC) Tj"]);
    expect(page.rightToLeft).toBe(true);
    expect(page.chars).toBe(9);
    expect(page.unmappedChars).toBe(0);
    const text = page.lines.map(lineText).join("\n");
    expect(text).toContain("abc xyz");
    expect(text.match(/abc/g)).toHaveLength(1);
    expect([...text].filter((c) => c >= "\u05d0" && c <= "\u05d4")).toHaveLength(3);
  });

  it("counts a line of Latin alone as it reads it, with no right-to-left flag set", () => {
    const page = extracted(["/F1 20 Tf (abc xyz) Tj", "/F1 20 Tf (Hello, world) Tj"]);
    expect(page.rightToLeft).toBe(false);
    expect(page.chars).toBe(6 + 11);
    expect(page.lines.map(lineText)).toEqual(["abc xyz", "Hello, world"]);
  });
});
