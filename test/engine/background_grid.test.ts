// A background grid of thin lines closer together than any text is tall (graph paper behind a
// slide: beamertheme-epyt's millimetre grid) rules no table and cuts no word: its lines are
// neither rulings nor cell borders (extract/background_grid.ts). Before, epyt-demo's p. 21
// came out as a table of one glyph a cell ("| O |  | r | d |"). docs/engine.md, "Background
// grids". svc-md-1.1.34.
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { backgroundGridLines, GRID_LINES_MIN, GRID_PITCH_MAX_PT } from "../../src/engine/extract/background_grid.js";
import { extractPageMupdf, readStextFast, readStextPublic, STEXT_OPTIONS } from "../../src/engine/extract/mupdf_page.js";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

/** A slide-sized page: a grid of stroked lines `pitch` apart over its whole area, a title and
 *  two lines of text set over it. */
function gridPagePdf(pitch: number): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(new mupdf.Font("Helvetica"), "Latin") } });
  let content = "0.2 0.6 0.2 RG 0.4 w\n";
  for (let y = 0; y <= 272; y += pitch) content += `0 ${y.toFixed(2)} m 362.8 ${y.toFixed(2)} l S\n`;
  for (let x = 0; x <= 362.8; x += pitch) content += `${x.toFixed(2)} 0 m ${x.toFixed(2)} 272 l S\n`;
  content += "0 g\n";
  content += "BT /F1 14 Tf 22 245 Td (Ordered Lists) Tj ET\n";
  content += "BT /F1 12 Tf 22 175 Td (A Beamer theme consists of the following four parts:) Tj ET\n";
  content += "BT /F1 12 Tf 28 155 Td (1. outer theme, with a command of its own;) Tj ET\n";
  doc.insertPage(-1, doc.addPage([0, 0, 362.8, 272], 0, resources, content));
  return doc.saveToBuffer("").asUint8Array();
}

async function markdownOf(bytes: Uint8Array): Promise<string> {
  return (await convertDocument(openInProcess, { bytes, options: defaultRenderOptions })).markdown;
}

describe("a background grid is no table (extract/background_grid.ts; issue 9, epyt-demo p. 21)", () => {
  it("reads the text over a millimetre grid as prose, a word a span, with no table", async () => {
    const bytes = gridPagePdf(2.83);
    const opened = openDocument(bytes);
    try {
      const page = extractPageMupdf(opened.doc, 0);
      expect(page.rules).toEqual([]);
      const line = page.lines.find((l) => l.spans.some((s) => s.text.includes("Beamer")));
      expect(line?.spans.map((s) => s.text)).toEqual(["A Beamer theme consists of the following four parts:"]);
    } finally {
      opened.doc.destroy();
    }
    const md = await markdownOf(bytes);
    expect(md).not.toContain("|");
    expect(md).toContain("A Beamer theme consists of the following four parts:");
  });

  it("is left out of the rulings by the stand-in reader too (readStextPublic), as by the fast one", () => {
    const doc = mupdf.Document.openDocument(gridPagePdf(2.83), "application/pdf");
    try {
      const page = doc.loadPage(0);
      const stext = page.toStructuredText(STEXT_OPTIONS);
      try {
        const fast = readStextFast(stext.pointer as unknown as number, []);
        const walked = readStextPublic(stext);
        expect(fast.rules).toEqual([]);
        expect(walked.rules).toEqual([]);
        expect(walked.drawings.length).toBe(fast.drawings.length);
      } finally {
        stext.destroy();
        page.destroy();
      }
    } finally {
      doc.destroy();
    }
  });

  it("keeps lines as far apart as a table's rows as rulings (GRID_PITCH_MAX_PT)", () => {
    const opened = openDocument(gridPagePdf(14));
    try {
      expect(extractPageMupdf(opened.doc, 0).rules.length).toBeGreaterThan(0);
    } finally {
      opened.doc.destroy();
    }
  });

  it("needs GRID_LINES_MIN lines at one even pitch of at most GRID_PITCH_MAX_PT, with the same ends", () => {
    const lines = (ys: number[], x0 = 0, x1 = 300) => ({ x0s: ys.map(() => x0), y0s: ys.map((y) => y - 0.2), x1s: ys.map(() => x1), y1s: ys.map((y) => y + 0.2) });
    const even = Array.from({ length: GRID_LINES_MIN }, (_, k) => 100 + k * 3);
    const grid = lines(even);
    expect(backgroundGridLines(grid.x0s, grid.y0s, grid.x1s, grid.y1s).size).toBe(GRID_LINES_MIN);
    // One line fewer: a few close lines are a double rule or a frame.
    const few = lines(even.slice(1));
    expect(backgroundGridLines(few.x0s, few.y0s, few.x1s, few.y1s).size).toBe(0);
    // A pitch wider than GRID_PITCH_MAX_PT: a table's rows.
    const wide = lines(even.map((y, k) => 100 + k * (GRID_PITCH_MAX_PT + 1)));
    expect(backgroundGridLines(wide.x0s, wide.y0s, wide.x1s, wide.y1s).size).toBe(0);
    // Uneven gaps: no pattern.
    const uneven = lines(even.map((y, k) => 100 + k * 3 + (k % 2) * 1.2));
    expect(backgroundGridLines(uneven.x0s, uneven.y0s, uneven.x1s, uneven.y1s).size).toBe(0);
    // A line left out or drawn twice is still the pattern's.
    const gapped = lines([...even.slice(0, 3), ...even.slice(4), even[5]]);
    expect(backgroundGridLines(gapped.x0s, gapped.y0s, gapped.x1s, gapped.y1s).size).toBe(GRID_LINES_MIN);
  });
});
