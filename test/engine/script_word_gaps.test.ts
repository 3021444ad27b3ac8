// Word spaces MuPDF put no space glyph in, in scripts other than Latin (extract/mupdf_page.ts
// SCRIPT_WORD_GAP_EMS): XeLaTeX's Amharic in polyglossia's examples sets its words 0.48 em
// apart with no space, and had come out as one run of letters a line ("አማርኛየኢትዮጵያመደበኛ").
// The page is fixtures/real/multiscript-polyglossia-am-p4 (its truth written from the image).
// docs/engine.md, "Words and spaces". svc-md-1.1.35.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { lineText } from "../../src/engine/layout/lines.js";

const PAGE = path.resolve(import.meta.dirname, "../../fixtures/real/multiscript-polyglossia-am-p4.pdf");

function pageLines(): string[] {
  const opened = openDocument(readFileSync(PAGE));
  try {
    return extractPageMupdf(opened.doc, 0).lines.map(lineText);
  } finally {
    opened.doc.destroy();
  }
}

describe("word gaps in other scripts than Latin (mupdf_page.ts SCRIPT_WORD_GAP_EMS)", () => {
  it("reads a gap of 0.48 em between Ethiopic words as a space, after a word's last letter and after its full stop", () => {
    const text = pageLines().join("\n");
    expect(text).toContain("አማርኛ የኢትዮጵያ መደበኛ ቋንቋ ነው።");
    expect(text).toContain("ነው። ከሴማዊ ቋንቋዎች");
  });

  it("puts a space between an Ethiopic word and a figure set a word space apart", () => {
    expect(pageLines().join("\n")).toContain("እንዲያውም 27 ሚሊዮን");
  });

  it("guard: leaves the letters of a word together (their glyphs touch)", () => {
    const words = pageLines().join(" ").split(/\s+/);
    expect(words).toContain("የኢትዮጵያ");
    expect(words).toContain("ክዓረብኛና");
  });
});
