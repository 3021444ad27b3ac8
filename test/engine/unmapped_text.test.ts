// page_text_unmapped (docs/api.md §Warnings): a page whose fonts map most glyphs to no
// character comes out as U+FFFD; the result says so, page by page, so a client can send that
// page to OCR. It is information, not a failure: the page is delivered and billed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

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
