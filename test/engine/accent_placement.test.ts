// Accents follow their placement (docs/engine.md, "Built accents" and "Stranded accents"): the
// reader composes a spacing accent set over its letter (extract/placed_accents.ts), the renderer
// composes none by itself, so an accent set beside its letters stays a character of the text
// (hobete's "toc´s", which had come out "tocś"); and a combining accent after white space, drawn
// as a space and the mark, is written as its spacing accent (render/stranded_marks.ts: amc's
// "lines beginning with a `#’", which had come out "a ̀#’").
import { describe, expect, it } from "vitest";
import { spacingAccentOf } from "../../src/engine/extract/placed_accents.js";
import { destroyPdfjsDocument, extractPagePdfjs, openPdfjsDocument } from "../../src/engine/extract/pdfjs/page.js";
import { writeStrandedMarks } from "../../src/engine/render/stranded_marks.js";
import { markdownOf } from "../support/markdown_of.js";
import { pdfOfObjects } from "../support/documents.js";

/** One page, a line per content piece at 20 pt. F1 is Helvetica in WinAnsi (¨ 0xA8, ´ 0xB4,
 * ä 0xE4; widths a e n 556, c s v 500, f t 278, accents 333) with 0x80 its dotless ı (278).
 * F2 is Helvetica in WinAnsi, every glyph 500 wide but the space (278) and, at 0x80,
 * gravecomb (U+0300) with no advance: the space and the mark in the text's font, as XeTeX
 * through xdvipdfmx sets amc's grave in DejaVu Serif. */
function accentPdf(lines: readonly string[]): Uint8Array {
  let content = "";
  lines.forEach((line, i) => (content += `BT /F1 20 Tf 72 ${700 - 40 * i} Td ${line} ET\n`));
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [128 /dotlessi] >> >>",
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 32 /LastChar 146 /Widths [278${" 500".repeat(95)} 0${" 500".repeat(18)}] /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [128 /gravecomb] >> >>`,
  ];
  return new Uint8Array(pdfOfObjects(objects));
}

describe("accents follow their placement: only an accent set over its letter is composed", () => {
  it("leaves an acute set after a letter, beside the next one, as it stands (hobete's 'toc´s')", async () => {
    // The acute's box runs from the c's end to the s's start: over neither.
    const md = await markdownOf(accentPdf(["[(Diese wird \\344hnlich zu toc\\264s in einer Datei.)] TJ"]));
    expect(md.trim()).toBe("Diese wird ähnlich zu toc´s in einer Datei.");
  });

  it("guard: composes accents TeX kerns over their letters (na\\\"{\\i}ve, caf\\'e)", async () => {
    // TeX centres the accent over its letter: a kern to the accent, the accent, a kern back.
    // ¨ over ı: 27.5 left of ı's start (the accent is wider), back 305.5 to it. ´ over e:
    // 111.5 right of e's start, back 444.5.
    const md = await markdownOf(accentPdf(["[(na) 28 (\\250) 306 (\\200ve caf) -111 (\\264) 444 (e)] TJ"]));
    expect(md.trim()).toBe("naïve café");
  });
});

describe("the pdf.js fallback (extract/pdfjs/lines.ts composeAccents)", () => {
  it("composes an accent before its letter, having no glyph places to read (na¨ıve; the acute of caf´e comes after a space pdf.js puts in, as before 1.1.25)", async () => {
    const doc = await openPdfjsDocument(accentPdf(["[(na) 28 (\\250) 306 (\\200ve caf) -111 (\\264) 444 (e)] TJ"]));
    try {
      const page = await extractPagePdfjs(doc, 1);
      expect(page.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ")).toBe("naïve caf é");
    } finally {
      await destroyPdfjsDocument(doc);
    }
  });
});

describe("render/stranded_marks.ts: a combining accent after white space is its spacing accent", () => {
  it("writes amc's grave, a space and a zero-width U+0300 before '#', as the grave the page shows", async () => {
    const md = await markdownOf(accentPdf(["/F2 20 Tf (lines beginning with a \\200#\\222. These lines) Tj"]));
    expect(md.trim()).toBe("lines beginning with a \\`#’. These lines");
  });

  it("writes each mark's spacing accent and leaves a mark on its letter alone", () => {
    expect(writeStrandedMarks("a \u0300# and \u00a0\u0301x")).toBe("a `# and \u00a0´x");
    expect(writeStrandedMarks("e\u0301 and a\u0308")).toBe("e\u0301 and a\u0308");
    // A mark with no spacing accent (U+0305 overline) stays as read.
    expect(writeStrandedMarks("x \u0305y")).toBe("x \u0305y");
  });

  it("knows the spacing accents TeX's fonts name, not ASCII's stand-ins", () => {
    expect(spacingAccentOf(0x300)).toBe(0x60);
    expect(spacingAccentOf(0x302)).toBe(0x2c6);
    expect(spacingAccentOf(0x303)).toBe(0x2dc);
    expect(spacingAccentOf(0x304)).toBe(0xaf);
    expect(spacingAccentOf(0x327)).toBe(0xb8);
    expect(spacingAccentOf(0x61)).toBe(0);
  });
});
