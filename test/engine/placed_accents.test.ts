// extract/placed_accents.ts: a spacing accent glyph drawn over a neighbouring letter (TeX's
// \accent, "H`an Thˆe´ Th`anh") is that letter's combining mark, composed (NFC).
import { describe, expect, it } from "vitest";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { combiningMarkOf, sitsOver } from "../../src/engine/extract/placed_accents.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { pdfOfObjects } from "../support/documents.js";

/** One page in Helvetica (WinAnsi: ` 0x60, ˆ 0x88, ´ 0xB4; widths H 722, a e h n 556, T 611,
 * accents 333), a line per TJ array: accents kerned over their letters as TeX sets them, and
 * a line whose grave stands between its neighbours. */
function accentsPdf(lines: readonly string[]): Buffer {
  let content = "";
  lines.forEach((tj, i) => (content += `BT /F1 20 Tf 72 ${700 - 40 * i} Td [${tj}] TJ ET\n`));
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  return pdfOfObjects(objects);
}

function extractedLines(lines: readonly string[]): string[] {
  const opened = openDocument(accentsPdf(lines));
  return extractPageMupdf(opened.doc, 0).lines.map(lineText);
}

describe("built accents (extract/placed_accents.ts)", () => {
  it("composes an accent drawn before its letter and one drawn over an accented letter after it", () => {
    // H`an: the grave centred over a (kerned 111 right of H's end, a kerned back under it).
    // Thˆe´: the circumflex over e before it, the acute over ê after it.
    const [han, the] = extractedLines(["(H) -111 (\\140) 444 (an)", "(Th) -111 (\\210) 444 (e) 445 (\\264) -112 ( Th) -111 (\\140) 444 (anh)"]);
    expect(han).toBe("Hàn");
    expect(the).toBe("Thế Thành");
  });

  it("leaves an accent set beside its neighbours as a character of the text", () => {
    const [apart, tight] = extractedLines(["(a \\140 b)", "(don\\140t x\\264y)"]);
    expect(apart).toBe("a ` b");
    expect(tight).toBe("don`t x´y");
  });
});

describe("sitsOver", () => {
  it("takes an accent centred over the letter and not one beside it", () => {
    expect(sitsOver(549.9, 556.8, 548.2, 558.5)).toBe(true);
    expect(sitsOver(558.5, 565.4, 548.2, 558.5)).toBe(false);
    // Kerned tight, overlapping its neighbour by a little, it is still beside it.
    expect(sitsOver(556.0, 562.9, 548.2, 558.5)).toBe(false);
  });

  it("knows the spacing accents and nothing else", () => {
    expect(combiningMarkOf(0x60)).toBe(0x300);
    expect(combiningMarkOf(0xb8)).toBe(0x327);
    expect(combiningMarkOf(0x61)).toBe(0);
  });
});
