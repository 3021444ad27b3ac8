// extract/covered_text.ts: a line hidden under an opaque filled rectangle drawn after it, its
// words drawn again on the rectangle, is read once (Free Culture's title page, pdf.js's
// freeculture.pdf p. 6: the subtitle set in white, covered by a black box, set again on it).
// Highlights and boxes that hide nothing drawn again leave the text alone.
import { describe, expect, it } from "vitest";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { type CoverFill, dropCoveredRedrawnLines } from "../../src/engine/extract/covered_text.js";
import type { Line } from "../../src/engine/model.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { pdfOfObjects } from "../support/documents.js";
import { line } from "../support/layout.js";

/** One page of Helvetica drawn by `content`, with an ExtGState /T40 of 40 % fill opacity. */
function pageOf(content: string): string[] {
  const pdf = pdfOfObjects([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /ExtGState << /T40 6 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /ExtGState /ca 0.4 /CA 0.4 >>",
  ]);
  const opened = openDocument(pdf);
  try {
    return extractPageMupdf(opened.doc, 0).lines.map((l) => lineText(l).trim());
  } finally {
    opened.doc.destroy();
  }
}

const text = (size: number, x: number, y: number, s: string, colour = "1 1 1 rg") => `${colour} BT /F1 ${size} Tf ${x} ${y} Td (${s}) Tj ET\n`;
/** The subtitle set in 13 pt white, as the first copy. */
const FIRST = text(13, 54, 600, "HOW BIG MEDIA USES TECHNOLOGY") + text(13, 54, 584, "AND THE LAW");
/** The subtitle set again in 10 pt on the box. */
const AGAIN = text(10, 62, 596, "HOW BIG MEDIA USES TECHNOLOGY AND") + text(10, 62, 584, "THE LAW");
const BOX = "0 0 0 rg 50 575 250 45 re f\n";
const TITLE = text(24, 54, 640, "FREE CULTURE", "0 0 0 rg");

describe("dropCoveredRedrawnLines: text hidden under a later box and drawn again on it", () => {
  it("reads the subtitle once: the copy under the box is dropped, the one drawn on it kept", () => {
    expect(pageOf(TITLE + FIRST + BOX + AGAIN)).toEqual(["FREE CULTURE", "HOW BIG MEDIA USES TECHNOLOGY AND", "THE LAW"]);
  });

  it("leaves text under a translucent box (a highlight drawn over it) alone", () => {
    const lines = pageOf(TITLE + FIRST + "/T40 gs " + BOX + AGAIN);
    expect(lines).toContain("HOW BIG MEDIA USES TECHNOLOGY");
    expect(lines).toContain("AND THE LAW");
  });

  it("leaves text drawn on a box drawn before it alone", () => {
    expect(pageOf(TITLE + BOX + FIRST + AGAIN)).toHaveLength(5);
  });

  it("leaves text under a later box alone when other words are drawn on it (a label on a box, a redaction)", () => {
    expect(pageOf(TITLE + FIRST + BOX + text(10, 62, 596, "REDACTED"))).toEqual(["FREE CULTURE", "HOW BIG MEDIA USES TECHNOLOGY", "AND THE LAW", "REDACTED"]);
  });

  it("leaves a line of fewer than four letters or figures alone", () => {
    const under = line("A 1", { x: 60, y: 600, size: 10 });
    const again = line("A 1 and more", { x: 60, y: 600, size: 10 });
    expect(dropCoveredRedrawnLines([under, again], [0, 2], [{ x0: 50, y0: 590, x1: 300, y1: 620, order: 1 }])).toHaveLength(2);
  });

  it("with many fills (each looking only at the lines near it), hides what looking at every line hides", () => {
    // A table of shaded cells: a fill under each cell's text, some cells' text drawn again on
    // a later box over them, and lines of several heights, one reaching far down.
    const lines = [];
    const orders: number[] = [];
    const fills = [];
    let order = 0;
    for (let row = 0; row < 12; row++) {
      for (let col = 0; col < 3; col++) {
        const x = 60 + col * 150;
        const y = 700 - row * 30;
        fills.push({ x0: x - 4, y0: y - 4, x1: x + 140, y1: y + 16, order: order++ });
        lines.push(line(`cell ${row} ${col} words`, { x, y, size: 8 + (row % 3) * 4 }));
        orders.push(order++);
      }
      if (row % 4 === 1) {
        fills.push({ x0: 50, y0: 700 - row * 30 - 6, x1: 520, y1: 700 - row * 30 + 20, order: order++ });
        for (let col = 0; col < 3; col++) {
          lines.push(line(`cell ${row} ${col} words`, { x: 62 + col * 150, y: 700 - row * 30, size: 9 }));
          orders.push(order++);
        }
      }
    }
    lines.push(line("a tall line of words", { x: 60, y: 300, size: 200 }));
    orders.push(order++);
    const kept = dropCoveredRedrawnLines(lines, orders, fills);
    expect(kept.length).toBeLessThan(lines.length);
    expect(kept).toEqual(everyLineScan(lines, orders, fills));
  });
});

/** dropCoveredRedrawnLines as it was written first: every fill against every line drawn before it. */
function everyLineScan(lines: Line[], orders: readonly number[], fills: readonly CoverFill[]): Line[] {
  const hidden = new Set<number>();
  const wordsOf = (l: Line) => lineText(l).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const fill of fills) {
    const words = new Set<string>();
    lines.forEach((l, i) => {
      const cx = (l.x0 + l.x1) / 2;
      const cy = (l.y0 + l.y1) / 2;
      if (orders[i] > fill.order && cx >= fill.x0 && cx <= fill.x1 && cy >= fill.y0 && cy <= fill.y1) for (const w of wordsOf(l)) words.add(w);
    });
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      const area = (l.x1 - l.x0) * (l.y1 - l.y0);
      const w = Math.min(l.x1, fill.x1) - Math.max(l.x0, fill.x0);
      const h = Math.min(l.y1, fill.y1) - Math.max(l.y0, fill.y0);
      const share = area <= 0 || w <= 0 || h <= 0 ? 0 : (w * h) / area;
      if (orders[i] >= fill.order || hidden.has(i) || share < 0.5) continue;
      if (words.size === 0) break;
      const own = wordsOf(l);
      if (own.join("").length >= 4 && own.every((word) => words.has(word))) hidden.add(i);
    }
  }
  return lines.filter((_, i) => !hidden.has(i));
}
