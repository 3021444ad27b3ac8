// A word space at a change of font that MuPDF leaves out (issue 9: words run together after a
// symbol: "©2009", "a −a = 0"; the review of LaTeX manuals found "60◦in", "→LATEX’s", "⟨wd⟩is").
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

describe("a gap at a change of font is a space (extract/mupdf_page.ts)", () => {
  it("writes tracemonkey p1's '©' from TeX's symbol font and the year after it apart, as the page sets them (fixtures/real/paper-tracemonkey-p1)", async () => {
    const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/real/paper-tracemonkey-p1.pdf")));
    const { markdown } = await convertDocument(openInProcess, { bytes, options: defaultRenderOptions });
    expect(markdown).toContain("Copyright © 2009 ACM");
    // A superscript's mark set close to its word keeps no space: the affiliations' "Mozilla Corporation∗".
    expect(markdown).toMatch(/Mozilla Corporation<sup>∗<\/sup>/);
  });
});
