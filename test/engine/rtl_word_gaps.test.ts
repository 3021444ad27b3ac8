// Between two right-to-left letters read in visual order, a gap of 0.25 em with no space glyph
// is a word space (extract/mupdf_page.ts RTL_GAP_SPACE_EMS): MuPDF put no space between
// XeLaTeX's Syriac words, 0.35 em apart, so polyglossia's examples read "ܠܫܢܐܐܪܡܝܐ" for
// "ܠܫܢܐ ܐܪܡܝܐ"; the 0.4 em other visual-order gaps need is kept for Japanese spacing beside
// Latin text. docs/engine.md, "Words and spaces". svc-md-1.1.35.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

/** The Syriac paragraph of polyglossia's examples p. 2 (fixtures/excerpts/SOURCES.tsv). */
const excerpt = () => new Uint8Array(readFileSync(new URL("../../fixtures/excerpts/polyglossia-examples-p2-syriac.pdf", import.meta.url)));

describe("word gaps between right-to-left letters (mupdf_page.ts RTL_GAP_SPACE_EMS; polyglossia's examples p. 2)", () => {
  it("parts Syriac words set 0.35 em apart without a space glyph", async () => {
    const md = (await convertDocument(openInProcess, { bytes: excerpt(), options: defaultRenderOptions })).markdown;
    expect(md).toContain("ܠܫܢܐ ܐܪܡܝܐ ܐܘ");
    expect(md).toContain("ܗܘܐ ܠܫܢܐ");
  });

  it("guard: keeps a word's letters together", async () => {
    const words = (await convertDocument(openInProcess, { bytes: excerpt(), options: defaultRenderOptions })).markdown.split(/\s+/);
    expect(words).toContain("ܐܪܡܝܐ");
    expect(words).toContain("ܥܒܪܝܐ܄");
  });
});
