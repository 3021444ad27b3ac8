// extract/mupdf_page.ts markLetterGaps: letter-spaced text (CSS letter-spacing on a web page's
// capitals, a designer's tracked title, an OCR layer that places each glyph where the scan had
// it) gets a space MuPDF made up between every two letters; where the line's words are parted
// by spaces the page drew, the made-up spaces much narrower than those word gaps are gaps
// between letters and go: "ABOUT OUR COMPANY", not "A B O U T O U R C O M P A N Y" (issue 9:
// real pages; pypdf's indirect-rotation.pdf, an EPSON Scan OCR layer, had "C O S C O
// Container L i n e s"). svc-md-1.1.27.
import { describe, expect, it } from "vitest";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { markdownOf } from "../support/markdown_of.js";

/** A page with `title` (a TJ array's content) at `size` pt and a sentence of body text under it. */
function titledPdf(title: string, size = 16, baseline = 720): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const font = new mupdf.Font("Helvetica");
  const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(font, "Latin") } });
  const content = `BT /F1 ${size} Tf 72 ${baseline} Td [${title}] TJ ET\n`
    + "BT /F1 11 Tf 72 690 Td (We build reliable tools for document processing in Lisbon and Berlin.) Tj ET\n";
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, content));
  return doc.saveToBuffer("").asUint8Array().slice();
}

/** `text` with every glyph, spaces included, set `thousandths` of an em after the one before. */
function tracked(text: string, thousandths: number): string {
  return [...text].map((c) => `(${c})`).join(` -${thousandths} `);
}

describe("letter-spaced text (markLetterGaps)", () => {
  it("reads tracked capitals whose words a drawn space parts as words", async () => {
    const md = await markdownOf(titledPdf(tracked("ABOUT OUR COMPANY", 200)));
    expect(md).toMatch(/^# ABOUT OUR COMPANY$/m);
  });

  it("keeps a wider gap with no space drawn as a word space between letter-spaced words", async () => {
    // Every glyph 0.2 em after the one before, and "FU" and "XING" 0.8 em apart with no space
    // drawn between them (an OCR layer's "Fu Xing"), drawn spaces around them.
    const md = await markdownOf(titledPdf(`${tracked("158 FU", 200)} -800 ${tracked("XING AVENUE", 200)}`));
    expect(md).toMatch(/^# 158 FU XING AVENUE$/m);
  });

  it("leaves words set apart with no space drawn as words (TeX draws no spaces)", async () => {
    const md = await markdownOf(titledPdf("(Words) -330 (set) -330 (by) -330 (TeX)"));
    expect(md).toMatch(/^# Words set by TeX$/m);
  });

  it("leaves single letters set a word space apart with no space drawn as words (an alphabet, variables)", async () => {
    const md = await markdownOf(titledPdf("(A) -330 (B) -330 (C) -330 (D) -330 (and) -330 (E)"));
    expect(md).toMatch(/^# A B C D and E$/m);
  });

  it("leaves a line's normal made-up spaces alone when its letters are not spaced", async () => {
    // Drawn spaces, and three words placed by offsets as wide as a word space.
    const md = await markdownOf(titledPdf("(Annual report ) (of) -280 (the) -280 (harbour) -280 (office)"));
    expect(md).toMatch(/^# Annual report of the harbour office$/m);
  });

  it("reads a tracked word whole where MuPDF made up a space at some of its letter gaps only (TRACKED_GAP_EMS_MIN)", async () => {
    // 0.15 em tracking at 9 pt, a web page's navigation link: MuPDF makes up a space where a
    // gap passes its threshold, and not at the others ("H OM E", "C ON TAC T U S").
    for (const word of ["HOME", "CONTACT US", "PRODUCTS"]) {
      // Below the top band, where a line of small type alone would be a running head.
      const md = await markdownOf(titledPdf(tracked(word, 150), 9, 500));
      expect(md.split("\n")).toContain(word);
    }
  });
});
