// Type 3 fonts with no true metrics (dvipdfm's bitmap fonts in old TeX documents: FontMatrix
// [1 0 0 -1 0 0], FontBBox [0 0 1000 1000]) get their glyph boxes and size from their glyphs'
// widths, and MuPDF's pieces of one line are joined back (extract/type3_metrics.ts). Before,
// MuPDF sized the text at 0.1 pt with boxes 120 pt tall and ended a line at every word:
// minipage-marginpar's and beton's pages came out a word a paragraph. docs/engine.md, "Type 3
// fonts without metrics". svc-md-1.1.34.
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { extractPageMupdf, STEXT_OPTIONS } from "../../src/engine/extract/mupdf_page.js";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { mendTypeThreeMetrics } from "../../src/engine/extract/type3_metrics.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

/** Glyph widths in the font's units (Computer Modern's, in hundredths of an em): at the text
 *  matrix's 0.1 the text is set at 10 pt. */
const WIDTHS: Record<string, number> = { a: 50, b: 56, c: 44, d: 56, e: 44, f: 31, g: 50, h: 56, i: 28, k: 53, l: 28, m: 83, n: 56, o: 50, p: 56, r: 39, s: 39, t: 39, u: 56, w: 72, D: 76, U: 75, K: 78 };

/** A page of `lines` in a dvipdfm-style Type 3 font: each glyph a filled box, each word placed
 *  on its own (no space glyph), a word space of 3.3 pt between them, lines 12 pt apart. */
function type3Pdf(lines: string[][]): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const procs: Record<string, unknown> = {};
  for (const [letter, w] of Object.entries(WIDTHS)) procs[letter] = doc.addStream(`${w} 0 0 0 ${w - 8} 70 d1\n4 0 ${w - 12} 70 re f\n`, {});
  const first = 65;
  const last = 122;
  const widths: number[] = [];
  const differences: unknown[] = [first];
  for (let c = first; c <= last; c++) {
    const letter = String.fromCharCode(c);
    widths.push(WIDTHS[letter] ?? 0);
    differences.push(doc.newName(WIDTHS[letter] ? letter : ".notdef"));
  }
  const font = doc.addObject({ Type: doc.newName("Font"), Subtype: doc.newName("Type3"), FontMatrix: [1, 0, 0, -1, 0, 0], FontBBox: [0, 0, 1000, 1000], Resources: {}, CharProcs: procs, Encoding: { Type: doc.newName("Encoding"), Differences: differences }, FirstChar: first, LastChar: last, Widths: widths });
  let content = "0 g\n";
  let y = 700;
  for (const words of lines) {
    let x = 72;
    for (const word of words) {
      content += `BT /T3 1 Tf 0.1 0 0 -0.1 ${x.toFixed(2)} ${y} Tm (${word}) Tj ET\n`;
      x += [...word].reduce((n, ch) => n + (WIDTHS[ch] ?? 0), 0) * 0.1 + 3.3;
    }
    y -= 12;
  }
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, doc.addObject({ Font: { T3: font } }), content));
  return doc.saveToBuffer("").asUint8Array();
}

const LINES = [
  ["Diese", "Umgebung", "funktioniert", "wie", "die", "minipage"],
  ["aus", "dem", "Kernel", "mit", "dem", "Unterschied"],
];

describe("Type 3 fonts without metrics (extract/type3_metrics.ts; issue 9, minipage-marginpar p. 2)", () => {
  it("reads the lines whole, a space between words, as one paragraph", async () => {
    const md = (await convertDocument(openInProcess, { bytes: type3Pdf(LINES), options: defaultRenderOptions })).markdown;
    expect(md.trim()).toBe("Diese Umgebung funktioniert wie die minipage aus dem Kernel mit dem Unterschied");
  });

  it("sizes the text from its letters' widths (LETTER_WIDTH_EMS) and boxes each line about an em tall", () => {
    const opened = openDocument(type3Pdf(LINES));
    try {
      const lines = extractPageMupdf(opened.doc, 0).lines;
      expect(lines).toHaveLength(2);
      for (const line of lines) {
        expect(line.y1 - line.y0).toBeLessThan(15);
        // The letters' median width is 0.5 em (LETTER_WIDTH_EMS) of Computer Modern's 10 pt.
        for (const span of line.spans) expect(span.size).toBeGreaterThan(8);
        for (const span of line.spans) expect(span.size).toBeLessThan(12);
      }
    } finally {
      opened.doc.destroy();
    }
  });

  it("leaves a page whose fonts have their metrics as it is", () => {
    const doc = new mupdf.PDFDocument();
    const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(new mupdf.Font("Helvetica"), "Latin") } });
    doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, "BT /F1 10 Tf 72 700 Td (Diese Umgebung) Tj ET\n"));
    const page = doc.loadPage(0);
    const stext = page.toStructuredText(STEXT_OPTIONS);
    try {
      expect(mendTypeThreeMetrics(stext.pointer as unknown as number)).toBe(false);
    } finally {
      stext.destroy();
      page.destroy();
    }
  });
});
