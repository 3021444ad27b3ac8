// Row labels set left of a ruled grid, outside its rules, are the table's first column
// (tables/row_labels.ts, called by tables/ruled_detector.ts): camelot's election results name
// each township beside its boxed row of counts, and the names had become a paragraph after
// the table. docs/engine.md, "Row labels beside a ruled grid". svc-md-1.1.24.
import { describe, expect, it } from "vitest";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import type { BuiltRow } from "../../src/engine/tables/model.js";
import { ROW_LABELS_MIN, prependRowLabels } from "../../src/engine/tables/row_labels.js";
import { line } from "../support/layout.js";
import { markdownOf } from "../support/markdown_of.js";

const NAMES = ["Alcona", "Caledonia", "Curtis", "Greenbush"];

/** A ruled grid of a header row and four rows of two counts from x = 150 to 300, each row's
 *  name set left of the grid at `labelX` (PDF points, y up). */
function gridPdf({ labelX = 100, names = NAMES } = {}): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(new mupdf.Font("Helvetica"), "Latin") } });
  let content = "0 g\n";
  const tops = [700, 680, 660, 640, 620, 600];
  for (const y of tops) content += `150 ${y} 150 0.6 re f\n`;
  for (const x of [150, 225, 300]) content += `${x} 600 0.6 100.6 re f\n`;
  content += "BT /F1 10 Tf 155 686 Td (Voters) Tj ET\nBT /F1 10 Tf 230 686 Td (Ballots) Tj ET\n";
  for (let r = 0; r < 4; r++) {
    const y = 666 - 20 * r;
    content += `BT /F1 10 Tf 155 ${y} Td (${900 + r}) Tj ET\nBT /F1 10 Tf 230 ${y} Td (${400 + r}) Tj ET\n`;
    if (r < names.length) content += `BT /F1 10 Tf ${labelX} ${y} Td (${names[r]}) Tj ET\n`;
  }
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, content));
  return doc.saveToBuffer("").asUint8Array();
}

describe("row labels beside a ruled grid (tables/row_labels.ts; issue 9, camelot vertical_header p. 1)", () => {
  it("makes the names set left of the grid its first column, one per row", async () => {
    const md = await markdownOf(gridPdf());
    expect(md).toContain("| Alcona | 900 | 400 |");
    expect(md).toContain("| Greenbush | 903 | 403 |");
    expect(md).not.toMatch(/^Alcona/m);
  });

  it("leaves names set far from the grid (more than ROW_LABEL_GAP_EMS_MAX) out of it", async () => {
    const md = await markdownOf(gridPdf({ labelX: 20 }));
    expect(md).toContain("| 900 | 400 |");
    expect(md).not.toContain("| Alcona |");
  });

  it(`leaves fewer than ROW_LABELS_MIN (${ROW_LABELS_MIN}) names out of it`, async () => {
    const md = await markdownOf(gridPdf({ names: ["Alcona", "Caledonia"] }));
    expect(md).toContain("| 900 | 400 |");
    expect(md).not.toContain("| Alcona |");
  });
});

describe("prependRowLabels", () => {
  const rows = (): BuiltRow[] =>
    // Bands 14 pt tall with 6 pt between them (a grid's shaded separator rows, dropped empty).
    [0, 1, 2, 3, 4].map((r) => ({ y0: 100 + 20 * r, y1: 114 + 20 * r, cells: [{ lines: [line(String(r), { x: 160, y: 102 + 20 * r })] }] }));

  it("takes lines set flush left or flush right, each in a row's band", () => {
    const left = [1, 2, 3, 4].map((r) => line(NAMES[r - 1], { x: 110, y: 102 + 20 * r }));
    const built = rows();
    expect(prependRowLabels(built, 1, left, 150)).toHaveLength(4);
    expect(built[0].cells).toHaveLength(2);
    expect(built[0].cells[0].lines).toHaveLength(0);
    const right = [1, 2, 3, 4].map((r) => line(NAMES[r - 1], { x: 145 - NAMES[r - 1].length * 5, y: 102 + 20 * r }));
    expect(prependRowLabels(rows(), 1, right, 150)).toHaveLength(4);
  });

  it("takes none when one line stands between rows, or the lines are set ragged", () => {
    const between = [1, 2, 3].map((r) => line(NAMES[r - 1], { x: 110, y: 102 + 20 * r }));
    between.push(line("a note", { x: 110, y: 171 }));
    const built = rows();
    expect(prependRowLabels(built, 1, between, 150)).toBeNull();
    expect(built[0].cells).toHaveLength(1);
    const ragged = [1, 2, 3, 4].map((r) => line("Name", { x: 100 + 8 * r, y: 102 + 20 * r }));
    expect(prependRowLabels(rows(), 1, ragged, 150)).toBeNull();
  });
});
