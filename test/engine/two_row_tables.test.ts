// A table of two rows (tables/aligned_detector.ts takeTwoRowGrids, isTwoRowGrid): R's
// reference manual describes a data set of two variables as two rows of four cells ("[,1]
// carb numeric Carbohydrate (ml)" over "[,2] optden numeric Optical Density"), too short for
// the aligned detector's three agreeing rows, and each cell had been a paragraph of its own.
// docs/engine.md, "Tables of two rows". svc-md-1.1.25.
import { describe, expect, it } from "vitest";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { markdownOf } from "../support/markdown_of.js";

const COLUMNS_X = [150, 190, 245, 300];

/**
 * A sentence, then `rows` rows of cells at COLUMNS_X (Times, 10 pt, 12 pt apart), then a
 * heading further down; with `boxes`, a check box drawn as four rules just left of each cell
 * (an exam's choices), the cells at `xs`.
 * PDF points, y up.
 */
function pairPdf(rows: string[][], { boxes = false, xs = COLUMNS_X } = {}): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(new mupdf.Font("Times-Roman"), "Latin"), F2: doc.addSimpleFont(new mupdf.Font("Times-Bold"), "Latin") } });
  let content = "BT /F1 10 Tf 100 700 Td (A data frame with 6 observations on 2 variables.) Tj ET\n";
  rows.forEach((cells, r) => {
    const y = 676 - 12 * r;
    cells.forEach((text, c) => {
      content += `BT /F1 10 Tf ${xs[c]} ${y} Td (${text.replace(/([()\\])/g, "\\$1")}) Tj ET\n`;
      if (boxes) {
        const x = xs[c] - 12;
        content += `0.5 w ${x} ${y - 1} m ${x + 8} ${y - 1} l S ${x} ${y + 7} m ${x + 8} ${y + 7} l S ${x} ${y - 1} m ${x} ${y + 7} l S ${x + 8} ${y - 1} m ${x + 8} ${y + 7} l S\n`;
      }
    });
  });
  content += "BT /F2 11 Tf 72 600 Td (Source) Tj ET\nBT /F1 10 Tf 100 585 Td (Bennett and Franklin, Statistical Analysis in Chemistry.) Tj ET\n";
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, content));
  return doc.saveToBuffer("").asUint8Array();
}

const R_ROWS = [
  ["[,1]", "carb", "numeric", "Carbohydrate (ml)"],
  ["[,2]", "optden", "numeric", "Optical Density"],
];

describe("a table of two rows (aligned_detector.ts takeTwoRowGrids)", () => {
  it("reads two rows of cells flush left in columns as a table", async () => {
    const md = await markdownOf(pairPdf(R_ROWS));
    expect(md).toContain("| \\[,1\\] | carb | numeric | Carbohydrate (ml) |");
    expect(md).toContain("| \\[,2\\] | optden | numeric | Optical Density |");
  });

  it("leaves choices with a check box before each (CHOICE_BOX_EMS_MAX) as text", async () => {
    const md = await markdownOf(pairPdf([["Djibouti", "Dhaka", "Doha"], ["Dublin", "Dili", "Dakar"]], { boxes: true, xs: [150, 250, 350] }));
    expect(md).not.toMatch(/^\|/m);
  });

  it("leaves two rows ending in page numbers, a contents, as text", async () => {
    const md = await markdownOf(pairPdf([["1.1", "Introduction", "basics", "12"], ["1.2", "Usage", "notes", "14"]], { xs: [150, 200, 300, 400] }));
    expect(md).not.toMatch(/^\|/m);
  });

  it("leaves a third row at the pair's pitch to the table detector: no table of its first two rows", async () => {
    const md = await markdownOf(pairPdf([...R_ROWS, ["a note on the variables above"]]));
    expect(md).not.toMatch(/^\|/m);
  });
});
