// Text inside a figure is not a heading, and is left out (issue 9: "cells are never rendered
// as headings", and a report's diagram labels came out as headings that outranked the
// sections; fixtures/real/README.md: the truth leaves out text inside diagrams, captions stay).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import type { Block } from "../../src/engine/layout/blocks.js";
import { dropFramedFigureLabels } from "../../src/engine/layout/figure_labels.js";
import type { Rule } from "../../src/engine/model.js";
import { plainText } from "../../src/engine/render/inline.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line } from "../support/layout.js";

const PAGE = { width: 612, height: 792 };
/** The figure's frame: a stroked box from y 200 to 400. */
const FRAME: Rule = { x0: 120, y0: 200, x1: 480, y1: 400, kind: "stroke" };

const heading = (text: string, x: number, y: number): Block => ({ kind: "heading", level: 1, lines: [line(text, { x, y, size: 16, bold: true })] });
const paragraph = (text: string, x: number, y: number): Block => ({ kind: "paragraph", lines: [line(text, { x, y })] });
const kinds = (blocks: Block[]) => blocks.map((b) => b.kind);

describe("dropFramedFigureLabels", () => {
  it("leaves out the labels inside a figure's frame above its caption, and makes the caption a paragraph", () => {
    const blocks = [
      heading("1 Overview", 72, 100),
      paragraph("Body text that introduces the figure below, long enough to be prose here.", 72, 130),
      heading("Mandatory", 200, 250),
      heading("Optional", 300, 330),
      heading("Figure 1 – Specifications expansion", 180, 410),
    ];
    dropFramedFigureLabels(blocks, [FRAME], PAGE, plainText);
    expect(kinds(blocks)).toEqual(["heading", "paragraph", "paragraph"]);
    expect(blocks.map((b) => plainText(b.lines))).toEqual(["1 Overview", "Body text that introduces the figure below, long enough to be prose here.", "Figure 1 – Specifications expansion"]);
  });

  it("keeps a section heading set just above a figure, outside its drawing", () => {
    const blocks = [heading("2 Results", 72, 180), heading("Label", 200, 250), paragraph("Figure 2: Throughput.", 180, 410)];
    // The figure's drawing, under its label in the frame.
    dropFramedFigureLabels(blocks, [FRAME], { ...PAGE, drawings: [{ x0: 150, y0: 280, x1: 450, y1: 390 }] }, plainText);
    expect(kinds(blocks)).toEqual(["heading", "paragraph"]);
    expect(plainText(blocks[0].lines)).toBe("2 Results");
  });

  it("leaves headings alone where no caption follows, even inside a drawn box (a heading on a coloured band)", () => {
    const blocks = [heading("Mandatory", 200, 250), paragraph("Text in the box, and no caption after it.", 130, 300)];
    dropFramedFigureLabels(blocks, [FRAME], PAGE, plainText);
    expect(kinds(blocks)).toEqual(["heading", "paragraph"]);
  });

  it("keeps a line of text framed alone over its caption (figure_labels.ts boxedAlone: technion-thesis' \"A rectangle\", revtex's \"Test Figure\")", () => {
    const blocks = [paragraph("Body text that introduces the figure below, long enough to be prose here.", 72, 130), paragraph("A rectangle", 270, 290), paragraph("Figure 2.1: A very long caption.", 180, 410)];
    dropFramedFigureLabels(blocks, [FRAME], PAGE, plainText);
    expect(blocks.map((b) => plainText(b.lines))).toEqual(["Body text that introduces the figure below, long enough to be prose here.", "A rectangle", "Figure 2.1: A very long caption."]);
  });

  it("still leaves out a framed label whose box holds a shape, a rule or an image too, and the boxes' labels of a diagram (GeoBase's packages, one to a box)", () => {
    const shape = [paragraph("A rectangle", 270, 290), paragraph("Figure 2.1: A caption.", 180, 410)];
    dropFramedFigureLabels(shape, [FRAME], { ...PAGE, marks: [{ x0: 200, y0: 320, x1: 210, y1: 330, kind: "fill" }] }, plainText);
    expect(shape.map((b) => plainText(b.lines))).toEqual(["Figure 2.1: A caption."]);
    const arrow: Rule = { x0: 200, y0: 350, x1: 400, y1: 351, kind: "stroke" };
    const ruled = [paragraph("A rectangle", 270, 290), paragraph("Figure 2.1: A caption.", 180, 410)];
    dropFramedFigureLabels(ruled, [FRAME, arrow], PAGE, plainText);
    expect(ruled.map((b) => plainText(b.lines))).toEqual(["Figure 2.1: A caption."]);
    const boxes: Rule[] = [
      { x0: 120, y0: 300, x1: 260, y1: 400, kind: "stroke" },
      { x0: 300, y0: 300, x1: 480, y1: 400, kind: "stroke" },
    ];
    const diagram = [paragraph("Metadata", 150, 340), paragraph("Hydrography", 320, 340), paragraph("Figure 2 – Packages", 180, 410)];
    dropFramedFigureLabels(diagram, boxes, PAGE, plainText);
    expect(diagram.map((b) => plainText(b.lines))).toEqual(["Figure 2 – Packages"]);
  });

  it("does not take a box as large as the page for a figure", () => {
    const background: Rule = { x0: 0, y0: 0, x1: 612, y1: 792, kind: "fill" };
    const blocks = [heading("Results", 72, 250), paragraph("Figure 3. A plot.", 180, 410)];
    dropFramedFigureLabels(blocks, [background], PAGE, plainText);
    expect(kinds(blocks)).toEqual(["heading", "paragraph"]);
  });
});

describe("a report page with a framed diagram (fixtures/real/report-geobase-p6)", () => {
  it("has its sections as the only headings, and none of the diagram's labels", async () => {
    const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/real/report-geobase-p6.pdf")));
    const { markdown } = await convertDocument(openInProcess, { bytes, options: defaultRenderOptions });
    const headings = markdown.split("\n").filter((l) => l.startsWith("#"));
    expect(headings.map((h) => h.replace(/^#+ /, ""))).toEqual(["1 Overview", "2 LRS"]);
    for (const label of ["Quantity of phenomenon", "Number of characteristics", "Mandatory", "Optional"]) expect(markdown).not.toContain(label);
    expect(markdown).toContain("**Figure 1 – Specifications expansion**");
  });
});
