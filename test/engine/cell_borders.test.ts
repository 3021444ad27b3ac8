// A vertical border drawn between two glyphs of a line with no space ends the span there
// (extract/cell_borders.ts, read by extract/mupdf_page.ts): a spreadsheet clips a cell's
// overflowing text at its border and the next cell's text follows right after, and the line
// had read as one word across two cells (tabula-schools p. 1: "Elizab2165 | Princeton Ave").
// docs/engine.md, "Cell borders inside a line". svc-md-1.1.24.
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { CELL_BORDERS_PER_PAGE_MAX, CellBorders } from "../../src/engine/extract/cell_borders.js";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
// The engine's MuPDF, whose heap the stext reader reads.
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
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

  it(`keeps at most CELL_BORDERS_PER_PAGE_MAX (${CELL_BORDERS_PER_PAGE_MAX}) borders a page`, () => {
    const borders = new CellBorders();
    for (let k = 0; k < CELL_BORDERS_PER_PAGE_MAX + 10; k++) borders.addPath(k, 0, k + 0.5, 100, false, true, false);
    expect(borders.count).toBe(CELL_BORDERS_PER_PAGE_MAX);
  });
});
