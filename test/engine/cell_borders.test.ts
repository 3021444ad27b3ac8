// A vertical border drawn between two glyphs of a line with no space ends the span there
// (extract/cell_borders.ts, read by extract/mupdf_page.ts): a spreadsheet clips a cell's
// overflowing text at its border and the next cell's text follows right after, and the line
// had read as one word across two cells (tabula-schools p. 1: "Elizab2165 | Princeton Ave").
// docs/engine.md, "Cell borders inside a line". svc-md-1.1.24.
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { CELL_BORDERS_PER_PAGE_MAX, CellBorders, LINE_BAND_PT, LINE_INDEX_BORDERS_MIN } from "../../src/engine/extract/cell_borders.js";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
// The engine's MuPDF, whose heap the stext reader reads.
import { mupdf, wasm } from "../../src/engine/extract/mupdf_runtime.js";
import { readFileSync } from "node:fs";
import { openDocument } from "../../src/engine/extract/open.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

/** Helvetica 10 pt: "Elizab" is 27.23 pt wide (its AFM widths), so set at x = 52 it ends at
 *  79.23, and a border at 79.5 passes between its "b" and the next cell's "2" at 79.8. */
const ROWS = [
  { y: 690, left: "Name", right: "Address" },
  { y: 676, left: "Elizab", right: "2165 Princeton Ave" },
  { y: 662, left: "Roger", right: "4852 Emerson Ave" },
];

/** A ruled table of two columns, the second row's first cell filled to its border. Without
 *  `middleBorder` the column border is left out (the same glyphs, no border between them). */
function tablePdf({ middleBorder = true, rightAt = 79.8, borderAt = 79.2 } = {}): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(new mupdf.Font("Helvetica"), "Latin") } });
  let content = "0 g\n";
  for (const y of [700, 686, 672, 658]) content += `50 ${y} 200 0.6 re f\n`;
  for (const x of middleBorder ? [50, borderAt, 250] : [50, 250]) content += `${x} 658 0.6 42.6 re f\n`;
  for (const row of ROWS) {
    content += `BT /F1 10 Tf 52 ${row.y} Td (${row.left}) Tj ET\n`;
    content += `BT /F1 10 Tf ${row.left === "Elizab" ? rightAt : 81} ${row.y} Td (${row.right}) Tj ET\n`;
  }
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, content));
  return doc.saveToBuffer("").asUint8Array();
}

function overflowLine(bytes: Uint8Array) {
  const opened = openDocument(bytes);
  try {
    const line = extractPageMupdf(opened.doc, 0).lines.find((l) => lineText(l).includes("Elizab"));
    if (!line) throw new Error("no line with Elizab");
    return line;
  } finally {
    opened.doc.destroy();
  }
}

describe("a cell border between two glyphs ends the span (extract/cell_borders.ts; issue 9, tabula-schools p. 1)", () => {
  it("cuts the clipped cell's text from the next cell's, and puts no space in the line's text", () => {
    const line = overflowLine(tablePdf());
    expect(line.spans.map((s) => s.text)).toEqual(["Elizab", "2165 Princeton Ave"]);
    expect(lineText(line)).toBe("Elizab2165 Princeton Ave");
  });

  it("cuts where the next cell's text starts inside the clipped glyph's box, and ends the clipped span at the border (LibreOffice Calc's 'Melvin W. & W|405')", () => {
    // The border at 77.3 runs through the "b" (73.67-79.23); "2165" starts at 78, under it.
    const bytes = tablePdf({ borderAt: 77, rightAt: 78 });
    const line = overflowLine(bytes);
    expect(line.spans.map((s) => s.text)).toEqual(["Elizab", "2165 Princeton Ave"]);
    expect(line.spans[0].x1).toBeCloseTo(77.3, 1);
  });

  it("leaves the run whole where no border stands between the glyphs", () => {
    const line = overflowLine(tablePdf({ middleBorder: false }));
    expect(line.spans.map((s) => s.text)).toEqual(["Elizab2165 Princeton Ave"]);
  });

  it("puts each part in its cell of the ruled table", async () => {
    const { markdown } = await convertDocument(openInProcess, { bytes: tablePdf(), options: defaultRenderOptions });
    expect(markdown).toContain("| Elizab | 2165 Princeton Ave |");
    expect(markdown).toContain("| Roger | 4852 Emerson Ave |");
  });
});

describe("CellBorders", () => {
  /** Level rules at y = 0, 50 and 100 from x = 0 to 300: rows a cell's borders close. */
  function rows(borders: CellBorders): void {
    for (const y of [0, 50, 100]) borders.addPath(0, y, 300, y + 0.5, false, true, false);
  }

  it("finds a cell's border between two points at a height it covers, whatever order the borders came in", () => {
    const borders = new CellBorders();
    rows(borders);
    borders.addPath(200, 0, 200.5, 100, false, true, false);
    borders.addPath(100, 0, 100.5, 50, true, false, false);
    expect(borders.count).toBe(2);
    expect(borders.crossingAt(90, 110, 20)).not.toBeNaN();
    // Below the shorter border's end, and left of both.
    expect(borders.crossingAt(90, 110, 70)).toBeNaN();
    expect(borders.crossingAt(10, 90, 20)).toBeNaN();
    expect(borders.crossingAt(190, 210, 70)).not.toBeNaN();
  });

  it("takes no upright line for a cell's border unless level rules meet it above and below the text (a diagram's line through a label)", () => {
    const borders = new CellBorders();
    borders.addPath(100, 0, 100.5, 100, false, true, false);
    expect(borders.crossingAt(90, 110, 20)).toBeNaN();
    // A rule above only.
    borders.addPath(0, 0, 300, 0.5, false, true, false);
    expect(borders.crossingAt(90, 110, 20)).toBeNaN();
    // A rule below that stops short of the border.
    borders.addPath(0, 50, 90, 50.5, false, true, false);
    expect(borders.crossingAt(90, 110, 20)).toBeNaN();
    borders.addPath(99, 50, 300, 50.5, false, true, false);
    expect(borders.crossingAt(90, 110, 20)).not.toBeNaN();
  });

  it("reads a stroked box's four sides and no filled box's, nor a short or white path", () => {
    const borders = new CellBorders();
    borders.addPath(50, 0, 150, 100, true, true, false);
    expect(borders.crossingAt(40, 60, 50)).toBe(50);
    expect(borders.crossingAt(140, 160, 50)).toBe(150);
    expect(borders.crossingAt(60, 140, 50)).toBeNaN();
    borders.clear();
    rows(borders);
    borders.addPath(50, 0, 150, 100, false, true, false);
    borders.addPath(100, 0, 100.5, 4, false, true, false);
    borders.addPath(100, 0, 100.5, 100, false, true, true);
    expect(borders.count).toBe(0);
  });

  it("forLine and lineMayCross: where no border of the line stands between two points, crossingAt finds none at any height of the line (the reader asks crossingAt only where one does)", () => {
    const borders = new CellBorders();
    rows(borders);
    // Out of order, of several heights: the row from 0 to 50, the one below, the whole table.
    for (const [x, y0, y1] of [[200, 0, 100], [100, 0, 50], [150, 50, 100], [20, 0, 100], [250, 0, 50]]) borders.addPath(x, y0, x + 0.5, y1, false, true, false);
    for (const [y0, y1] of [[10, 20], [60, 70], [45, 55], [120, 130], [Number.NaN, 20]]) {
      const count = borders.forLine(y0, y1);
      // Glyph pairs along the line, left to right and then back, a NaN left among them.
      const pairs: [number, number][] = [];
      for (let x = 0; x <= 300; x += 3.7) pairs.push([x, x + 4]);
      for (let x = 300; x >= 0; x -= 11.3) pairs.push([x - 6, x]);
      pairs.push([Number.NaN, 260], [-Infinity, 30]);
      for (const [left, right] of pairs) {
        const may = count > 0 && borders.lineMayCross(left, right);
        for (const y of [y0, (y0 + y1) / 2, y1]) if (!may) expect(borders.crossingAt(left, right, y)).toBeNaN();
      }
    }
    // The row from 0 to 50 has its borders at 20.25, 100.25, 200.25 and 250.25; the next row's at 20.25, 150.25, 200.25.
    expect(borders.forLine(10, 20)).toBe(4);
    expect(borders.lineMayCross(95, 105)).toBe(true);
    expect(borders.lineMayCross(140, 160)).toBe(false);
    expect(borders.forLine(60, 70)).toBe(3);
    expect(borders.lineMayCross(140, 160)).toBe(true);
    expect(borders.lineMayCross(95, 105)).toBe(false);
    expect(borders.forLine(120, 130)).toBe(0);
  });

  it(`forLine's band index (LINE_BAND_PT ${LINE_BAND_PT}, from LINE_INDEX_BORDERS_MIN ${LINE_INDEX_BORDERS_MIN} borders) keeps for each line what a scan of every border keeps, in x order`, () => {
    // A seeded page of tables: full-height verticals, a row's short ones, stroked boxes, borders
    // in any order, lines of every height (a band's, taller, none) above, in and below them.
    let seed = 17;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let page = 0; page < 40; page++) {
      const borders = new CellBorders();
      const uprights: [number, number, number][] = [];
      const count = LINE_INDEX_BORDERS_MIN + Math.floor(random() * 60);
      for (let k = 0; k < count; k++) {
        const x = Math.round(random() * 600 * 4) / 4;
        const y0 = random() * 700 + (page % 5 === 0 ? -50 : 0);
        const y1 = y0 + (random() < 0.3 ? 6 + random() * 700 : 6 + random() * 40);
        borders.addPath(x, y0, x + 0.5, y1, false, true, false);
        uprights.push([x + 0.25, y0, y1]);
      }
      expect(borders.count).toBe(uprights.length);
      const sorted = uprights.sort((a, b) => a[0] - b[0]);
      for (let l = 0; l < 200; l++) {
        const y0 = random() * 800 - 60;
        const y1 = l % 50 === 0 ? Number.NaN : y0 + (l % 7 === 0 ? random() * 60 : random() * LINE_BAND_PT);
        const kept = sorted.filter(([, b0, b1]) => !(y0 <= y1) || (b0 <= y1 && b1 >= y0)).map(([x]) => x);
        expect(borders.forLine(y0, y1)).toBe(kept.length);
        for (let x = -5; x < 610; x += 2.5 + random() * 10) expect(borders.lineMayCross(x, x + 3)).toBe(kept.some((b) => x < b && b < x + 3));
      }
    }
  });

  it(`keeps at most CELL_BORDERS_PER_PAGE_MAX (${CELL_BORDERS_PER_PAGE_MAX}) borders a page`, () => {
    const borders = new CellBorders();
    for (let k = 0; k < CELL_BORDERS_PER_PAGE_MAX + 10; k++) borders.addPath(k, 0, k + 0.5, 100, false, true, false);
    expect(borders.count).toBe(CELL_BORDERS_PER_PAGE_MAX);
  });
});

describe("MuPDF's line box (the reader takes a line's borders and links by it, mupdf_page.ts readTextLine)", () => {
  it("holds every glyph's box and centre, as the reader measures them, on a ruled table, links and non-Latin scripts", () => {
    const files = [tablePdf(), ...["table-ruled", "links", "scripts-non-latin", "two-column"].map((name) => new Uint8Array(readFileSync(`fixtures/pdf/${name}.pdf`)))];
    let glyphs = 0;
    for (const bytes of files) {
      const opened = openDocument(bytes);
      try {
        for (let p = 0; p < opened.pageCount; p++) {
          const page = opened.doc.loadPage(p);
          const stext = page.toStructuredText("mediabox-clip,vectors,preserve-images");
          try {
            const H = wasm.HEAPF32;
            for (let block = wasm._wasm_stext_page_get_first_block(stext.pointer); block; block = wasm._wasm_stext_block_get_next(block)) {
              if (wasm._wasm_stext_block_get_type(block) !== 0) continue;
              for (let line = wasm._wasm_stext_block_get_first_line(block); line; line = wasm._wasm_stext_line_get_next(line)) {
                const b = wasm._wasm_stext_line_get_bbox(line) >> 2;
                for (let ch = wasm._wasm_stext_line_get_first_char(line); ch; ch = wasm._wasm_stext_char_get_next(ch)) {
                  const q = wasm._wasm_stext_char_get_quad(ch) >> 2;
                  const x0 = Math.min(H[q], H[q + 4]);
                  const x1 = Math.max(H[q + 2], H[q + 6]);
                  const y0 = Math.min(H[q + 1], H[q + 3]);
                  const y1 = Math.max(H[q + 5], H[q + 7]);
                  expect(x0 >= H[b] && x1 <= H[b + 2] && y0 >= H[b + 1] && y1 <= H[b + 3] && (y0 + y1) / 2 >= H[b + 1] && (y0 + y1) / 2 <= H[b + 3]).toBe(true);
                  glyphs++;
                }
              }
            }
          } finally {
            stext.destroy();
            page.destroy();
          }
        }
      } finally {
        opened.doc.destroy();
      }
    }
    expect(glyphs).toBeGreaterThan(1000);
  });
});
