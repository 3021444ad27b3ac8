// A listing that draws each line's background as a box of its own (LaTeX's listings package
// with backgroundcolor and a frame) makes a ruled grid of one band a line, and its line
// numbers, set left of the boxes, had filled the frame's sliver column: the listing came out
// as a table of numbers and code (unbtex-example p. 30). tables/ruled_detector.ts
// edgeColumnHoldsOnlyOutside; docs/engine.md, "Listings drawn line by line". svc-md-1.1.25.
import { describe, expect, it } from "vitest";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { markdownOf } from "../support/markdown_of.js";

const CODE = ["/**", " * Sets the axis.", " */", "  move(axis, 1);", "  speed[0] := 0.0;", "  done := 1;"];

/**
 * A listing of CODE in Courier over grey boxes, one per line, from x = 82 to 540, a 3 pt
 * darker strip at their left (the frame); each line numbered in Helvetica at `numberX`.
 * PDF points, y up.
 */
function listingPdf({ numberX = 71 } = {}): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({
    Font: { F1: doc.addSimpleFont(new mupdf.Font("Helvetica"), "Latin"), F2: doc.addSimpleFont(new mupdf.Font("Courier"), "Latin") },
  });
  let content = "";
  const band = 13.5;
  const top = 700;
  for (let i = 0; i < CODE.length; i++) {
    const y = top - (i + 1) * band;
    // Three grey boxes a line (the frame's slivers either side), the frame's sides a line too.
    content += `0.9 g 82 ${y} 3 ${band} re f 85 ${y} 453.3 ${band} re f 538.3 ${y} 2.9 ${band} re f\n`;
    content += `0 g 81.6 ${y - 0.2} 0.4 ${band + 0.4} re f 541.2 ${y - 0.2} 0.4 ${band + 0.4} re f\n`;
  }
  // The frame's top and bottom rules, drawn in two pieces as the listings package does.
  for (const y of [top, top - CODE.length * band]) content += `0 g 81.8 ${y - 0.2} 3.4 0.4 re f 84.8 ${y - 0.2} 453.7 0.4 re f\n`;
  content += "0 g\n";
  for (let i = 0; i < CODE.length; i++) {
    const y = top - (i + 1) * band + 3.5;
    const text = CODE[i].replace(/([()\\])/g, "\\$1");
    content += `BT /F1 8 Tf ${numberX} ${y} Td (${i + 1}) Tj ET\nBT /F2 10 Tf 85.5 ${y} Td (${text}) Tj ET\n`;
  }
  content += "BT /F1 10 Tf 72 740 Td (A listing of the servo's set-up follows.) Tj ET\n";
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, content));
  return doc.saveToBuffer("").asUint8Array();
}

describe("a listing drawn line by line over boxes, numbered left of them (ruled_detector.ts edgeColumnHoldsOnlyOutside)", () => {
  it("is a code block with its numbers, not a table of numbers and code", async () => {
    const md = await markdownOf(listingPdf());
    expect(md).not.toMatch(/^\|/m);
    expect(md).toMatch(/^```\n\s*1\s+\/\*\*$/m);
    expect(md).toMatch(/^\s*5\s+speed\[0\] := 0\.0;$/m);
  });
});
