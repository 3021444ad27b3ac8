// render/page.ts placeColumnTable: a titled side table that reading order made a column of
// its own (an infobox taller than the text beside it up to a heading; Chromium prints of
// fixtures/real/src/gen-wiki.html with a two-line caption, or floated left) goes after the
// paragraph beside its top (docs/engine.md §Floats; Markdown in reading order). Blocks are
// built by hand as the page's groups leave them.
import { describe, expect, it } from "vitest";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { type PageBlock, placeColumnTable, textRunsAcross } from "../../src/engine/render/page.js";
import type { Table } from "../../src/engine/tables/model.js";
import { line } from "../support/layout.js";

const para = (x: number, y: number, ...texts: string[]): PageBlock => ({ kind: "paragraph", lines: texts.map((t, k) => line(t, { x, y: y + 14 * k })) });
const heading = (text: string, x: number, y: number): PageBlock => ({ kind: "heading", level: 2, lines: [line(text, { x, y, size: 15, bold: true })] });
const infobox = (x: number): Table => ({ x0: x, y0: 128, x1: x + 136, y1: 245, rows: [[{ lines: [line("Location", { x, y: 128, size: 9 })] }]], ruled: false, headerRows: 0 });
const titleAt = (x: number): Line[] => [line("Lake Vänern", { x: x + 40, y: 108, size: 11, bold: true })];
const text = (blocks: PageBlock[]) => blocks.map((b) => (b.kind === "table" ? "TABLE" : lineText(b.lines[0]).slice(0, 12)));

describe("placeColumnTable", () => {
  it("puts a table on the right after the paragraph beside its top, and the paragraph it cut goes on whole", () => {
    const table = infobox(416);
    const title = titleAt(416);
    const blocks: PageBlock[] = [
      para(50, 92, "Vänern is the largest lake", "in Europe after Ladoga and Onega."),
      para(50, 158, "The lake was formed after", "the last ice age."),
      heading("Geography", 50, 214),
      para(50, 232, "Vänern is divided into two basins, and"),
      { kind: "paragraph", lines: title },
      { kind: "table", table },
      para(50, 260, "Värmlandssjön in the east, separated by the peninsulas of Kållandsö and Värmlandsnäs."),
    ];
    placeColumnTable(blocks, table, title);
    expect(text(blocks)).toEqual(["Vänern is th", "Lake Vänern", "TABLE", "The lake was", "Geography", "Vänern is di"]);
    expect(blocks[5].kind === "paragraph" && blocks[5].lines.map(lineText).join(" ")).toBe("Vänern is divided into two basins, and Värmlandssjön in the east, separated by the peninsulas of Kållandsö and Värmlandsnäs.");
  });

  it("reads a left table's column under it (a heading at the margin) after the text beside the table", () => {
    const table = infobox(54);
    const title = titleAt(54);
    const blocks: PageBlock[] = [
      heading("Lake Vänern", 50, 52),
      { kind: "paragraph", lines: title },
      { kind: "table", table },
      heading("Shipping", 50, 354),
      para(212, 92, "Vänern is the largest lake", "in Europe after Ladoga and Onega."),
      para(212, 158, "The lake was formed after", "the last ice age."),
      para(50, 387, "Vänern is linked to the Kattegat by the Trollhätte canal and to Lake Vättern."),
    ];
    placeColumnTable(blocks, table, title);
    expect(text(blocks)).toEqual(["Lake Vänern", "Vänern is th", "Lake Vänern", "TABLE", "The lake was", "Shipping", "Vänern is li"]);
  });

  it("leaves a table alone where no paragraph stands beside its top", () => {
    const table = infobox(416);
    const title = titleAt(416);
    const blocks: PageBlock[] = [para(50, 300, "A paragraph under the table,", "running on."), { kind: "paragraph", lines: title }, { kind: "table", table }];
    placeColumnTable(blocks, table, title);
    expect(text(blocks)).toEqual(["A paragraph ", "Lake Vänern", "TABLE"]);
  });
});

describe("textRunsAcross (only such a table is moved: a table in a column of a two-column page is not)", () => {
  it("finds the text going on at full width under the float", () => {
    expect(textRunsAcross(infobox(416), [line("Värmlandssjön in the east, separated by the peninsulas of Kållandsö and Värmlandsnäs, the", { x: 50, y: 260 })])).toBe(true);
  });

  it("finds no such line where the lines under the table keep to its column", () => {
    expect(textRunsAcross(infobox(416), [line("Värmlandssjön in the east, separated", { x: 410, y: 260 }), line("Text of the left column under the table's band.", { x: 50, y: 260 })])).toBe(false);
  });
});
