// page_text_unmapped (docs/api.md §Warnings): a page whose fonts map most glyphs to no
// character comes out as U+FFFD; the result says so, page by page, so a client can send that
// page to OCR. It is information, not a failure: the page is delivered and billed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { destroyPdfjsDocument, extractPagePdfjs, openPdfjsDocument } from "../../src/engine/extract/pdfjs/page.js";
import { noncharacterFontPdf, texBitmapFontPdf } from "../support/documents.js";

const realPdf = (name: string) => new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/real", name)));

describe("page_text_unmapped", () => {
  it(`warns on a page with ${limits.unmappedShareMin * 100} % or more of its characters unmapped (rtl-arabic-issue5874: an Urdu page whose font has no Unicode map), and bills it`, async () => {
    const result = await convertDocument(openInProcess, { bytes: realPdf("rtl-arabic-issue5874.pdf"), options: defaultRenderOptions });
    const warning = result.warnings.find((w) => w.code === "page_text_unmapped");
    expect(warning).toMatchObject({ severity: "info", scope: "page", pages: [1], billed: true });
    expect(warning?.message).toContain("Page 1:");
    expect(result.markdown).toContain("\ufffd");
  });

  it("says nothing of a page whose text is mapped, nor of a few unmapped glyphs among many", async () => {
    for (const name of ["gen-cjk-japanese.pdf", "paper-tracemonkey-p1.pdf", "rtl-hebrew-issue11656.pdf"]) {
      const result = await convertDocument(openInProcess, { bytes: realPdf(name), options: defaultRenderOptions });
      expect(result.warnings.map((w) => w.code), name).not.toContain("page_text_unmapped");
    }
  });
});

describe("control codes of fonts with no Unicode map (issue 9: TeX's bitmap fonts, elteikthesis's 'gures' and its items, lps's 'modies')", () => {
  it("reads TeX's ligature codes inside a word as the ligature's letters, and writes no control character into the Markdown", async () => {
    const result = await convertDocument(openInProcess, { bytes: new Uint8Array(texBitmapFontPdf()), options: defaultRenderOptions });
    expect(result.markdown).toContain("Images and figures");
    expect(result.markdown).toContain("Staff in off");
    // A carriage return ending a chart's label is no ligature; TS1's bullet opening a line is
    // an item's.
    expect(result.markdown).toContain("A chart label 14");
    expect(result.markdown).not.toContain("14fl");
    expect(result.markdown).toContain("\n- A bulleted line");
    expect(result.markdown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
});

describe("noncharacters a font maps glyphs to (lm-info's font samples: Latin Modern's slashed zero as U+FFFF)", () => {
  it("writes U+FFFD for one and counts it unmapped (MuPDF), and the pdf.js path writes U+FFFD too", async () => {
    const result = await convertDocument(openInProcess, { bytes: new Uint8Array(noncharacterFontPdf()), options: defaultRenderOptions });
    expect(result.markdown).toContain("Zero \ufffd and slashed \ufffd");
    expect(result.markdown).not.toMatch(/[\ufdd0-\ufdef\ufffe\uffff]/);
    const doc = await openPdfjsDocument(new Uint8Array(noncharacterFontPdf()));
    try {
      const model = await extractPagePdfjs(doc, 1);
      const text = model.lines.flatMap((l) => l.spans.map((s) => s.text)).join("");
      expect(text).toContain("\ufffd");
      expect(text).not.toMatch(/[\ufdd0-\ufdef\ufffe\uffff]/);
    } finally {
      await destroyPdfjsDocument(doc);
    }
  });
});
