// After a letter that carries an accent, a gap of a word space with no space glyph is a space
// (extract/mupdf_page.ts ACCENTED_GAP_SPACE_EMS): MuPDF put none after Vietnamese words ending
// in a stacked accent ("Tuỳchọn", "sẽđược" in tabularcalc's Vietnamese manual, 0.37 em) or
// polytonic Greek ("ὁκέραυνος"), where pdftotext does. docs/engine.md, "Words and spaces".
// svc-md-1.1.34.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

const page = () => new Uint8Array(readFileSync(new URL("../../fixtures/real/multiscript-tabularcalc-vn-p11.pdf", import.meta.url)));

describe("a word space after an accented letter (mupdf_page.ts isAccentedLetter; issue 9, tabularcalc_doc_vn p. 11)", () => {
  it("puts the space MuPDF left out after a Vietnamese word ending in a stacked accent", () => {
    const opened = openDocument(page());
    try {
      const texts = extractPageMupdf(opened.doc, 0).lines.map(lineText).join("\n");
      expect(texts).toContain("Tuỳ chọn hiển thị");
      expect(texts).toContain("sẽ được gọi. Nó chỉ có một tham số là số chữ số thập phân");
      expect(texts).not.toMatch(/Tuỳchọn|sẽđược|sốlà/);
    } finally {
      opened.doc.destroy();
    }
  });

  it("leaves words whose accented letter is followed by a letter of the same word joined", async () => {
    const md = (await convertDocument(openInProcess, { bytes: page(), options: defaultRenderOptions })).markdown;
    // "được", "mặc định": accented letters inside a word, kerned as a word's letters are.
    expect(md).toContain("Theo mặc định, `\\tcprintvalue` được định nghĩa như sau :");
    expect(md).toContain("## 4.2 Tuỳ chọn hiển thị");
  });
});
