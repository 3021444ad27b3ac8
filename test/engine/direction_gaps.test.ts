// Where a line's direction changes, a right-to-left letter and a Latin letter or figure a word
// space apart (no space glyph between them) are two words (extract/mupdf_page.ts
// DIRECTION_CHANGE_GAP_SPACE_EMS, 0.15 em): MuPDF's stream order jumps there and it put no
// space, so parsa's manual read "بسته یXEPersianرا" (0.22 em each side) and thesis-qom's "باBibTeX".
// docs/engine.md, "Words and spaces". svc-md-1.1.34.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

/** Two lines of parsa-doc p. 2 (fixtures/excerpts/SOURCES.tsv): Persian with a Latin name and
 *  a typewriter option inside. */
const excerpt = () => new Uint8Array(readFileSync(new URL("../../fixtures/excerpts/parsa-doc-p2-xepersian.pdf", import.meta.url)));

describe("a word space where the direction changes (mupdf_page.ts changesDirection; issue 9, parsa-doc p. 2)", () => {
  it("parts a Latin name from the Persian words on both sides of it", async () => {
    const md = (await convertDocument(openInProcess, { bytes: excerpt(), options: defaultRenderOptions })).markdown;
    expect(md).toContain("اکنون بسته ی XEPersian را");
    expect(md).not.toMatch(/یXEPersian|XEPersianرا/);
  });
});
