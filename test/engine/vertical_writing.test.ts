// Vertical writing (縦書き): columns read top to bottom, the columns right to left. The page
// turns a quarter so that each column reads as a row (extract/vertical_writing.ts,
// upright.ts), whether a font in vertical mode sets the columns or each glyph is placed on
// its own (Chromium's and LibreOffice's vertical pages). docs/engine.md "Vertical writing",
// issue 9 (CJK pages), svc-md-1.1.21.
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { joinGlyphRows, verticalChars } from "../../src/engine/extract/vertical_writing.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, lineOfSpans, span } from "../support/layout.js";

const W = 595;
const H = 842;
const SIZE = 14;

/** UTF-16BE hex of a string, for a CJK font's UTF-16 CMap. */
function hex(text: string): string {
  return [...text].map((c) => c.charCodeAt(0).toString(16).padStart(4, "0")).join("");
}

/** A page of columns, the first at the right; `perGlyph` places each glyph on its own in a
 *  horizontal font, the way a browser sets a vertical page, else a font in vertical mode sets
 *  each column in one string. `nudge` moves a glyph's x by a hair (punctuation set off centre). */
function verticalPdf(columns: readonly string[], perGlyph: boolean, extra = ""): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const font = doc.addCJKFont(new mupdf.Font("ja"), "ja", perGlyph ? 0 : 1, false);
  const resources = doc.addObject({ Font: { F1: font } });
  let content = `BT /F1 ${SIZE} Tf\n`;
  columns.forEach((column, c) => {
    const x = 520 - c * 1.6 * SIZE;
    if (!perGlyph) {
      content += `1 0 0 1 ${x} 780 Tm <${hex(column)}> Tj\n`;
      return;
    }
    [...column].forEach((glyph, g) => {
      const nudge = glyph === "。" ? 0.3 : 0;
      content += `1 0 0 1 ${(x - SIZE / 2 + nudge).toFixed(2)} ${(780 - (g + 1) * SIZE).toFixed(2)} Tm <${hex(glyph)}> Tj\n`;
    });
  });
  content += `ET\n${extra}`;
  doc.insertPage(-1, doc.addPage([0, 0, W, H], 0, resources, content));
  return doc.saveToBuffer("").asUint8Array();
}

async function markdownOf(bytes: Uint8Array): Promise<string> {
  const { markdown } = await convertDocument(openInProcess, { bytes, options: defaultRenderOptions });
  return markdown;
}

// Two paragraphs: the first fills two columns and ends short in the third.
const COLUMNS = ["吾輩は猫である。名前はまだ無い。どこで生", "れたかとんと見当がつかぬ。何でも薄暗い", "所で泣いていた。", "吾輩はここで始めて人間というものを見た。"];
const FIRST = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗い所で泣いていた。";
const SECOND = "吾輩はここで始めて人間というものを見た。";

describe("vertical writing (issue 9: CJK pages; svc-md-1.1.21)", () => {
  it("reads a font's vertical columns right to left, each paragraph whole, ending at a column left short after a full stop", async () => {
    const markdown = await markdownOf(verticalPdf(COLUMNS, false));
    expect(markdown.trim().split(/\n\n+/)).toEqual([FIRST, SECOND]);
  });

  it("reads glyphs placed one by one down the page (a browser's or office suite's vertical page) the same way, a full stop set a hair off the column's centre in its place", async () => {
    const markdown = await markdownOf(verticalPdf(COLUMNS, true));
    expect(markdown.trim().split(/\n\n+/)).toEqual([FIRST, SECOND]);
  });

  it("leaves a horizontal Japanese page and a few stacked glyphs beside its text upright", async () => {
    const doc = new mupdf.PDFDocument();
    const font = doc.addCJKFont(new mupdf.Font("ja"), "ja", 0, false);
    const resources = doc.addObject({ Font: { F1: font } });
    let content = `BT /F1 ${SIZE} Tf\n`;
    const rows = ["吾輩は猫である。名前はまだ無い。", "どこで生れたかとんと見当がつかぬ。", "何でも薄暗い所で泣いていた。"];
    rows.forEach((row, r) => (content += `1 0 0 1 100 ${700 - r * 1.6 * SIZE} Tm <${hex(row)}> Tj\n`));
    // A label of two glyphs stacked in the margin (a table's side head: 合計).
    ["合", "計"].forEach((glyph, g) => (content += `1 0 0 1 40 ${700 - g * SIZE} Tm <${hex(glyph)}> Tj\n`));
    content += "ET\n";
    doc.insertPage(-1, doc.addPage([0, 0, W, H], 0, resources, content));
    const markdown = await markdownOf(doc.saveToBuffer("").asUint8Array());
    // Each row reads along itself, the rows down the page.
    for (const row of rows) expect(markdown).toContain(row);
    expect(markdown.indexOf(rows[0])).toBeLessThan(markdown.indexOf(rows[2]));
  });
});

describe("vertical_writing.ts", () => {
  // Glyph boxes as MuPDF gives them, 14 pt, a column at x = 500 and one at x = 478.
  const glyph = (text: string, x: number, y: number): Line => {
    const box = span(text, x, y, { size: SIZE });
    box.x1 = x + SIZE;
    return lineOfSpans([box]);
  };

  it("counts the glyphs that stack into columns, not glyphs set alone apart", () => {
    const column = [..."吾輩は猫"].map((c, k) => glyph(c, 500, 100 + k * SIZE));
    expect(verticalChars(column)).toBe(4);
    // The same glyphs spread over a row and far apart down the page stack into nothing.
    const apart = [..."吾輩は猫"].map((c, k) => glyph(c, 100 + k * 60, 100 + k * 60));
    expect(verticalChars(apart)).toBe(0);
    // Two single characters one over the other (a table's cells) are no column.
    expect(verticalChars([glyph("合", 500, 100), glyph("計", 500, 100 + SIZE)])).toBe(0);
    // A glyph a hair off the column's centre is still in it, in its place.
    const jittered = [..."吾輩は猫"].map((c, k) => glyph(c, 500 + (k === 2 ? -0.3 : 0), 100 + k * SIZE));
    expect(verticalChars(jittered)).toBe(4);
    // Boxes taller than the pitch (Chromium's Droid Sans Fallback: 18 pt boxes, 13 pt wide,
    // 13.9 pt apart) still stack.
    const tall = [..."吾輩は猫で"].map((c, k) => {
      const g = glyph(c, 514, 30 + k * 13.9);
      g.x1 = g.spans[0].x1 = 527;
      g.y1 = g.spans[0].y1 = g.y0 + 18;
      return g;
    });
    expect(verticalChars(tall)).toBe(5);
    // Latin letters set alone are no vertical writing.
    expect(verticalChars([..."abcd"].map((c, k) => glyph(c, 500, 100 + k * SIZE)))).toBe(0);
  });

  it("joins a turned page's glyphs into their rows, taking in a word set sideways in the row with a space each side", () => {
    // A spine as it reads once turned: 清华 | LaTeX | 模板 along one row.
    const row: Line[] = [glyph("模", 166, 30), glyph("清", 100, 30), glyph("板", 180, 30), glyph("华", 114, 30), line("LaTeX", { x: 132, y: 31.5, size: 12 })];
    const joined = joinGlyphRows(row);
    expect(joined.map(lineText)).toEqual(["清华 LaTeX 模板"]);
    // A glyph far along the row is a row of its own.
    expect(joinGlyphRows([glyph("薛", 100, 30), glyph("瑞", 160, 30)]).map(lineText)).toEqual(["薛", "瑞"]);
  });
});
