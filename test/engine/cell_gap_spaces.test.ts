// A space MuPDF made up for a gap far wider than the line's word spaces ends the span there
// (extract/mupdf_page.ts, CELL_SPACE_EMS_MIN and CELL_SPACE_WORD_SPACES_MIN), so that a header
// line's cells set closer than the row splitter's cell gap can be cut at it (tables/
// aligned_detector.ts splitAtHeaderGaps). docs/engine.md, "Cell gaps inside a line".
// svc-md-1.1.19; a line's only space since svc-md-1.1.37 (LONE_SPACE_WORD_SPACE_EMS).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
// The engine's MuPDF, whose heap the stext reader reads (mupdf imported first would load
// a module of its own, read through the portable path).
import { hasFastStext, mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { defaultRenderOptions } from "../../src/engine/result.js";

/** A one-page PDF with one text object per entry of `rows`, each a TJ array at its baseline
 *  (TJ's numbers are thousandths of an em: -700 sets a gap of 0.7 em with no space glyph). */
function tjPdf(rows: { tj: string; y: number; font?: "Helvetica" | "Courier" }[]): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({
    Font: { F1: doc.addSimpleFont(new mupdf.Font("Helvetica"), "Latin"), F2: doc.addSimpleFont(new mupdf.Font("Courier"), "Latin") },
  });
  let content = "";
  for (const row of rows) content += `BT /${row.font === "Courier" ? "F2" : "F1"} 10 Tf 72 ${row.y} Td [${row.tj}] TJ ET\n`;
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, content));
  return doc.saveToBuffer("").asUint8Array();
}

function pageLines(bytes: Uint8Array): Line[] {
  const opened = openDocument(bytes);
  try {
    return extractPageMupdf(opened.doc, 0).lines;
  } finally {
    opened.doc.destroy();
  }
}

const spanTexts = (l: Line) => l.spans.map((s) => s.text);
const lineStarting = (lines: Line[], start: string) => lines.find((l) => lineText(l).startsWith(start))!;

describe("a made-up space far wider than the line's word spaces ends the span (CELL_SPACE_EMS_MIN, CELL_SPACE_WORD_SPACES_MIN)", () => {
  it("is read by the fast stext reader", () => expect(hasFastStext).toBe(true));

  it("parts a header's two cells set 0.7 em apart, their words a space glyph apart", () => {
    const lines = pageLines(tjPdf([{ tj: "(Reading A) -700 (Reading B)", y: 700 }]));
    expect(spanTexts(lineStarting(lines, "Reading"))).toEqual(["Reading A", " ", "Reading B"]);
  });

  it("parts Calc's header 'Reading A' | 'Reading B' (fixtures/real/gen-calc-readings)", () => {
    const lines = pageLines(new Uint8Array(readFileSync(new URL("../../fixtures/real/gen-calc-readings.pdf", import.meta.url))));
    const header = lineStarting(lines, "Reading A");
    expect(spanTexts(header)).toEqual(["Reading A", " ", "Reading B"]);
    // The cells' boxes end and start at their ink, the space between them.
    expect(header.spans[1].x0).toBeCloseTo(header.spans[0].x1, 3);
    expect(header.spans[2].x0).toBeCloseTo(header.spans[1].x1, 3);
  });

  it("leaves a line whose gaps are all alike one span: loosely set words, a stop's wider space, code", () => {
    const lines = pageLines(
      tjPdf([
        // Every word 0.7 em apart, with no space glyph (a loose line set word by word).
        { tj: "(one) -700 (two) -700 (three) -700 (four)", y: 700 },
        // A sentence's stop before a wider gap than the words' spaces.
        { tj: "(The end.) -700 (A new one)", y: 680 },
        // Code: a listing's aligned comment.
        { tj: "(x = 1;) -700 (/* one */)", y: 660, font: "Courier" },
        // The only space of its line, under 2.5 word spaces of 0.3 em (LONE_SPACE_WORD_SPACE_EMS).
        { tj: "(Reading) -700 (Value)", y: 640 },
      ]),
    );
    for (const start of ["one", "The end.", "x = 1;", "Reading"]) expect(lineStarting(lines, start).spans.filter((s) => s.text.trim() !== "")).toHaveLength(1);
  });
});

describe("a line's only space, made up, judged against a word space of 0.3 em (LONE_SPACE_WORD_SPACE_EMS, svc-md-1.1.37)", () => {
  it("parts two heads 0.79 em apart, the only words of their line (Calc's 'Region' | 'Qty')", () => {
    const lines = pageLines(tjPdf([{ tj: "(Region) -790 (Qty)", y: 700 }]));
    expect(spanTexts(lineStarting(lines, "Region"))).toEqual(["Region", " ", "Qty"]);
  });

  it("leaves a wide space beside a bracket one span (listings aligns '{ do nothing }' in columns)", () => {
    const lines = pageLines(tjPdf([{ tj: "(nothing) -790 (})", y: 700 }]));
    expect(lineStarting(lines, "nothing").spans.filter((s) => s.text.trim() !== "")).toHaveLength(1);
  });

  it("gives Calc's order sheet one head per column (fixtures/excerpts/calc-orders-export.pdf)", async () => {
    const bytes = new Uint8Array(readFileSync(new URL("../../fixtures/excerpts/calc-orders-export.pdf", import.meta.url)));
    const { markdown } = await convertDocument(openInProcess, { bytes, pages: "1", options: defaultRenderOptions });
    // Before: "| Order | Date | Customer | Region Qty |  | Unit price | Total |".
    expect(markdown.split("\n")[0]).toBe("| Order | Date | Customer | Region | Qty | Unit price | Total |");
  });
});

describe("a Calc sheet's header row whose cells MuPDF joins into one line (fixtures/real/gen-calc-readings)", () => {
  it("is the table's header row, one cell per heading", async () => {
    const bytes = new Uint8Array(readFileSync(new URL("../../fixtures/real/gen-calc-readings.pdf", import.meta.url)));
    const { markdown } = await convertDocument(openInProcess, { bytes, options: { ...defaultRenderOptions, headersFooters: "strip" } });
    const rows = markdown.trim().split("\n");
    expect(rows[0]).toBe("| Sample | Reading A | Reading B |");
    expect(rows[2]).toBe("| S-01 | 12.4 | 12.9 |");
    expect(rows).toHaveLength(10);
  });
});
