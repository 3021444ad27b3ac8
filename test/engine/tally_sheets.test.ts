// Tally sheets and boxed totals rows (tables/ruled_detector.ts isNamedTally, tables/grid.ts
// joinBoxedLastRows, tables/row_labels.ts): camelot's election results print each party's
// counts in a ruled grid whose rows are named left of it, most columns blank for a small
// party, and the sums in a one-row box under the grid, "Totals" set against it. The blank
// grid had been judged a diagram (a heading per township, its counts as paragraphs), and the
// boxed sums a heading and a paragraph of numbers. docs/engine.md, "Tally sheets and boxed
// totals". svc-md-1.1.25.
import { describe, expect, it } from "vitest";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import type { BuiltRow } from "../../src/engine/tables/model.js";
import { prependRowLabels } from "../../src/engine/tables/row_labels.js";
import { line } from "../support/layout.js";
import { markdownOf } from "../support/markdown_of.js";

const COLUMNS = 16;
const BODY_ROWS = 14;
const COLUMN_WIDTH = 30;
const BAND = 16;
const GRID_X0 = 110;

/**
 * A ruled grid of COLUMNS columns: two header bands naming every column, BODY_ROWS rows with
 * counts in the first two columns only (the rest blank), each row named left of the grid when
 * `named`; and, when `totalsGap` is given, a one-row box that far under the grid holding a
 * sum in every column, "Totals" set against its left side. PDF points, y up.
 */
function tallyPdf({ named = true, totalsGap = null as number | null, firstSumOutside = false } = {}): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({
    Font: { F1: doc.addSimpleFont(new mupdf.Font("Helvetica"), "Latin"), F2: doc.addSimpleFont(new mupdf.Font("Helvetica-Bold"), "Latin") },
  });
  const top = 740;
  const bands = 2 + BODY_ROWS;
  const bottom = top - bands * BAND;
  const x1 = GRID_X0 + COLUMNS * COLUMN_WIDTH;
  let content = "0 g\n";
  for (let b = 0; b <= bands; b++) content += `${GRID_X0} ${top - b * BAND} ${COLUMNS * COLUMN_WIDTH} 0.6 re f\n`;
  for (let c = 0; c <= COLUMNS; c++) content += `${GRID_X0 + c * COLUMN_WIDTH} ${bottom} 0.6 ${bands * BAND + 0.6} re f\n`;
  const text = (x: number, y: number, s: string) => `BT /F1 8 Tf ${x} ${y} Td (${s}) Tj ET\n`;
  for (let c = 0; c < COLUMNS; c++) {
    content += text(GRID_X0 + c * COLUMN_WIDTH + 3, top - BAND + 5, `G${c + 1}`);
    content += text(GRID_X0 + c * COLUMN_WIDTH + 3, top - 2 * BAND + 5, `C${c + 1}`);
  }
  for (let r = 0; r < BODY_ROWS; r++) {
    const y = top - (3 + r) * BAND + 5;
    content += text(GRID_X0 + 3, y, String(10 + r)) + text(GRID_X0 + COLUMN_WIDTH + 3, y, String(40 + r));
    if (named) content += text(70, y, `Town${String.fromCharCode(65 + r)}`);
  }
  if (totalsGap !== null) {
    const boxTop = bottom - totalsGap;
    // With the first sum outside, the box starts at the second column and the first column's
    // rules run on down past the gap to the box's foot: the sum stands in that column's cell,
    // on one text line with the label (two fonts, so two spans).
    const boxX0 = GRID_X0 + (firstSumOutside ? COLUMN_WIDTH : 0);
    const boxWidth = x1 - boxX0;
    content += `${boxX0} ${boxTop} ${boxWidth} 0.6 re f\n${boxX0} ${boxTop - BAND} ${boxWidth} 0.6 re f\n`;
    for (let x = boxX0; x <= x1; x += COLUMN_WIDTH) content += `${x} ${boxTop - BAND} 0.6 ${BAND + 0.6} re f\n`;
    if (firstSumOutside) content += `${GRID_X0} ${boxTop - BAND} 0.6 ${totalsGap + BAND} re f\n${GRID_X0 + COLUMN_WIDTH} ${boxTop} 0.6 ${totalsGap} re f\n`;
    const y = boxTop - BAND + 5;
    for (let c = firstSumOutside ? 1 : 0; c < COLUMNS; c++) content += text(GRID_X0 + c * COLUMN_WIDTH + 3, y, String(c === 0 ? 301 : c === 1 ? 704 : 0));
    if (firstSumOutside) content += `BT /F1 8 Tf ${GRID_X0 - 25} ${y} Td (Totals) Tj /F2 8 Tf 28 0 Td (301) Tj ET\n`;
    else content += text(GRID_X0 - 28, y, "Totals");
  }
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, content));
  return doc.saveToBuffer("").asUint8Array();
}

describe("tally sheets: a blank-heavy ruled grid whose rows are named left of it (ruled_detector.ts isNamedTally; issue 9, camelot vertical_header p. 3)", () => {
  it("reads the grid as a table, the names its first column", async () => {
    const md = await markdownOf(tallyPdf());
    expect(md).toMatch(/^\| TownA \| 10 \| 40 \|( +\|)+$/m);
    expect(md).toMatch(/^\| TownN \| 23 \| 53 \|/m);
    expect(md).not.toMatch(/^#+ TownA/m);
  });

  it("leaves the same grid with no names beside it a diagram (FILLED_CELL_FRACTION_MIN)", async () => {
    const md = await markdownOf(tallyPdf({ named: false }));
    expect(md).not.toMatch(/^\| 10 \| 40 \|/m);
  });
});

describe("a totals row boxed apart under its table (grid.ts joinBoxedLastRows; issue 9, camelot vertical_header pp. 2-4)", () => {
  it("is the table's last row, its label set against the box the row's name", async () => {
    const md = await markdownOf(tallyPdf({ totalsGap: 12 }));
    expect(md).toMatch(/^\| Totals \| 301 \| 704 \| 0 \| 0 \|/m);
    expect(md).not.toMatch(/^#+ Totals/m);
  });

  it("takes the first sum, set on the label's line in the column that runs down past the gap, into the row (withLabelsSplitOff, lowerFromBlankBands)", async () => {
    const md = await markdownOf(tallyPdf({ totalsGap: 12, firstSumOutside: true }));
    expect(md).toMatch(/^\| Totals \| \*\*301\*\* \| 704 \| 0 \| 0 \|/m);
    expect(md).not.toMatch(/Totals \*\*301/);
  });

  it("stays apart when it stands further under the table than BOXED_ROW_GAP_PT_MAX", async () => {
    const md = await markdownOf(tallyPdf({ totalsGap: 60 }));
    expect(md).not.toMatch(/^\| Totals \| 301 \|/m);
  });
});

describe("rowLabels: a label set against the grid beside names set flush left", () => {
  const rows = (): BuiltRow[] => [0, 1, 2, 3, 4].map((r) => ({ y0: 100 + 20 * r, y1: 114 + 20 * r, cells: [{ lines: [line(String(r), { x: 160, y: 102 + 20 * r })] }] }));

  it("takes a line ending within ROW_LABEL_EDGE_EMS of the grid with the flush-left column", () => {
    const names = [1, 2, 3].map((r) => line(`Town${r}`, { x: 20, y: 102 + 20 * r }));
    names.push(line("Totals", { x: 120, y: 182 }));
    const built = rows();
    expect(prependRowLabels(built, 1, names, 150)).toHaveLength(4);
    expect(built[4].cells[0].lines[0].spans[0].text).toBe("Totals");
  });

  it("takes none when the odd line neither starts with the column nor ends at the grid", () => {
    const names = [1, 2, 3].map((r) => line(`Town${r}`, { x: 20, y: 102 + 20 * r }));
    names.push(line("Totals", { x: 70, y: 182 }));
    expect(prependRowLabels(rows(), 1, names, 150)).toBeNull();
  });
});
