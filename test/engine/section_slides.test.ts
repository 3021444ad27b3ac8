// A section slide (beamer's \sectionpage: the section's number and title centred on the slide,
// the subsection's title centred under it) converted alone is the section's heading over the
// subsection's, not an ordered list's item under a heading (the University of Antwerp theme's
// user guide, pages 12, 20, 29 and 31). layout/section_slides.ts; docs/engine.md, "Section
// slides". svc-md-1.1.25.
import { describe, expect, it } from "vitest";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { markdownOf } from "../support/markdown_of.js";

/** A slide's size (beamer's 16:9 at 160 mm: 453.5 × 283.5 pt). */
const WIDTH = 453.5;
const HEIGHT = 283.5;

interface SlideLine {
  text: string;
  size: number;
  bold?: boolean;
  /** Left edge; centred on the slide when absent. */
  x?: number;
  /** Baseline, PDF points from the top. */
  y: number;
}

/** One slide with `lines` in Helvetica (bold where asked) on a filled background box. */
function slidePdf(lines: readonly SlideLine[]): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const regular = new mupdf.Font("Helvetica");
  const bold = new mupdf.Font("Helvetica-Bold");
  const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(regular, "Latin"), F2: doc.addSimpleFont(bold, "Latin") } });
  // The slide's background, as the theme fills it.
  let content = "0.7 0 0.6 rg 20 20 413.5 243.5 re f\n1 g\n";
  for (const line of lines) {
    const font = line.bold ? bold : regular;
    let width = 0;
    for (const c of line.text) width += font.advanceGlyph(font.encodeCharacter(c.codePointAt(0)!), 0) * line.size;
    const x = line.x ?? (WIDTH - width) / 2;
    const text = line.text.replace(/([()\\])/g, "\\$1");
    content += `BT /${line.bold ? "F2" : "F1"} ${line.size} Tf ${x.toFixed(2)} ${(HEIGHT - line.y).toFixed(2)} Td (${text}) Tj ET\n`;
  }
  doc.insertPage(-1, doc.addPage([0, 0, WIDTH, HEIGHT], 0, resources, content));
  return doc.saveToBuffer("").asUint8Array();
}

describe("a section slide converted alone (section_slides.ts sectionSlideDepths)", () => {
  it("is the section's numbered title as a heading over its subsection's, not a list item", async () => {
    const md = await markdownOf(slidePdf([
      { text: "3. Regular slides", size: 14.3, bold: true, y: 132 },
      { text: "With graphic eye candy", size: 12, bold: true, y: 159 },
    ]));
    expect(md.trim()).toBe("# 3. Regular slides\n\n## With graphic eye candy");
  });

  it("is a heading when the numbered title stands alone in bold", async () => {
    const md = await markdownOf(slidePdf([{ text: "4. Intermission slides", size: 14.3, bold: true, y: 132 }]));
    expect(md.trim()).toBe("# 4. Intermission slides");
  });

  it("keeps a slide's numbered list a list: items at one edge, an item with its text under it, a numbered line alone in regular weight", async () => {
    const list = await markdownOf(slidePdf([
      { text: "1. Curabitur dictum gravida", size: 11, x: 60, y: 120 },
      { text: "2. Nam arcu libero eget", size: 11, x: 60, y: 136 },
    ]));
    expect(list).toMatch(/^1\. Curabitur dictum gravida$/m);
    expect(list).toMatch(/^2\. Nam arcu libero eget$/m);
    expect(list).not.toMatch(/^#/m);
    // An item and a line under it at the item's edge: the list's, however short.
    const item = await markdownOf(slidePdf([
      { text: "1. Curabitur dictum gravida", size: 11, bold: true, x: 60, y: 120 },
      { text: "Nulla et lectus vestibulum", size: 11, x: 60, y: 140 },
    ]));
    expect(item).toMatch(/^1\. \*\*Curabitur dictum gravida\*\*$/m);
    expect(item).not.toMatch(/^#/m);
    const plain = await markdownOf(slidePdf([{ text: "3. Regular slides", size: 14.3, y: 132 }]));
    expect(plain.trim()).toBe("3. Regular slides");
  });
});
