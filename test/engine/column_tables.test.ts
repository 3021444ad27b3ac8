// render/page.ts placeColumnTable: a titled side table that reading order made a column of
// its own (an infobox taller than the text beside it up to a heading; Chromium prints of
// fixtures/real/src/gen-wiki.html with a two-line caption, or floated left) goes after the
// paragraph beside its top (docs/engine.md §Floats; Markdown in reading order). Blocks are
// built by hand as the page's groups leave them.
import { describe, expect, it } from "vitest";
import { lineSize, lineText } from "../../src/engine/layout/lines.js";
import type { Line, Rule } from "../../src/engine/model.js";
import { type PageBlock, placeColumnTable, putUntitledSideTablesAfterLevelParagraphs, renderPage, textRunsAcross } from "../../src/engine/render/page.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import type { Table } from "../../src/engine/tables/model.js";
import { line, page } from "../support/layout.js";

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

// render/page.ts putUntitledSideTablesAfterLevelParagraphs: Chromium's print of a web page
// whose infobox has no caption, its first row level with the first line of the paragraph
// beside it (docs/engine.md §Floats; Markdown in reading order).
describe("renderPage: an untitled side table level with the paragraph beside it", () => {
  const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };
  const render = (lines: Line[], rules: Rule[] = []) => {
    const prepared = prepareLines(lines);
    return renderPage({ ...page(1, prepared), rules }, prepared, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
  };
  const facts = [
    ["Length", "190 km"],
    ["Locks", "58"],
    ["Opened", "1832"],
    ["Start", "Sjötorp, Vänern"],
    ["End", "Mem, Baltic Sea"],
  ];
  /** The infobox's rows from `top`, its labels at x, its values 58 pt right of them. */
  const infoboxLines = (x: number, top: number) => facts.flatMap(([label, value], r) => [line(label, { x, y: top + 17 * r, size: 9, bold: true }), line(value, { x: x + 58, y: top + 17 * r, size: 9 })]);
  const beside = (x: number, top: number) =>
    [
      "The Göta Canal is a Swedish canal built in the early nineteenth",
      "century. It links a series of lakes and rivers to give a waterway",
      "of about 614 km from Gothenburg on the west coast to Söderköping",
      "on the Baltic Sea, through the Göta älv and Lake Vättern.",
    ].map((t, k) => line(t, { x, y: top + 14 * k }));
  const under = [
    line("The canal was dug by some 58,000 soldiers over twenty-two years. It was a great work of its time, but the", { x: 50, y: 190 }),
    line("railways soon took most of its trade, and today it carries mostly pleasure boats.", { x: 50, y: 204 }),
  ];
  const title = line("Göta Canal", { x: 50, y: 52, size: 22, bold: true });

  it("writes the table after the paragraph beside it", () => {
    const md = render([title, ...beside(50, 92), ...infoboxLines(409, 91.4), ...under]);
    const table = md.indexOf("| **Length**");
    expect(table).toBeGreaterThan(md.indexOf("through the Göta älv and Lake Vättern."));
    expect(table).toBeLessThan(md.indexOf("The canal was dug"));
  });

  it("measures a line beside the table's frame, under its last row, against the lines beside it (docs/engine.md, Blocks)", () => {
    // The frame drawn round the infobox reaches a padding below its last row's text; the next
    // paragraph's first line stands level with that padding, ending a sentence short of the
    // full-width lines under it.
    const frame: Rule = { x0: 404, y0: 88, x1: 562, y1: 175, kind: "fill" };
    const second = [
      line("The canal was dug by some 58,000 soldiers over twenty-two years.", { x: 50, y: 172 }),
      line("It was a great work of its time, but the railways soon took most of its trade, and today it carries", { x: 50, y: 186 }),
      line("mostly pleasure boats.", { x: 50, y: 200 }),
    ];
    const md = render([title, ...beside(50, 92), ...infoboxLines(409, 91.4), ...second], [frame]);
    expect(md).toContain("over twenty-two years. It was a great work");
    // Without the frame the line is under the table, and its sentence ends the paragraph.
    expect(render([title, ...beside(50, 92), ...infoboxLines(409, 91.4), ...second])).toContain("over twenty-two years.\n\nIt was");
  });

  it("keeps the page's title a heading over an infobox floated left, and the paragraph going on under the infobox one paragraph (docs/engine.md, Floats)", () => {
    // Chromium's print of the same page with the infobox floated left: the title's underline
    // runs across the page over it; the second paragraph's first line stands beside the
    // frame's foot and goes on at the margin under it, one leading down.
    const frame: Rule = { x0: 50, y0: 88, x1: 208, y1: 175, kind: "fill" };
    const underline: Rule = { x0: 50, y0: 81, x1: 562, y1: 81.8, kind: "fill" };
    const besideRight = [
      "The Göta Canal is a Swedish canal built in the early nineteenth",
      "century. It links a series of lakes and rivers to give a waterway of",
      "about 614 km from Gothenburg on the west coast to Söderköping",
      "on the Baltic Sea, through the Göta älv, Lake Vänern and Lake",
      "Vättern.",
    ].map((t, k) => line(t, { x: 220, y: 92 + 14.1 * k, size: 9.5 }));
    const second = [
      line("The canal was dug by some 58,000 soldiers over twenty-two years.", { x: 220, y: 172, size: 9.5 }),
      line("It was a great work of its time, but the railways soon took most of its trade, and today it carries", { x: 50, y: 186.5, size: 9.5 }),
      line("mostly pleasure boats.", { x: 50, y: 200, size: 9.5 }),
      line("History", { x: 50, y: 228, size: 15, bold: true }),
      line("Bishop Hans Brask of Linköping first proposed a canal across Sweden in the sixteenth century. Baltzar", { x: 50, y: 260.7, size: 9.5 }),
      line("von Platen led the work that began in 1810, with the Scottish engineer Thomas Telford as adviser.", { x: 50, y: 275, size: 9.5 }),
    ];
    const md = render([title, ...besideRight, ...infoboxLines(55, 91.4), ...second], [underline, frame]);
    expect(md.startsWith("**Göta Canal**\n\nThe Göta Canal is")).toBe(true);
    expect(md).toContain("over twenty-two years. It was a great work");
    expect(md.indexOf("| **Length**")).toBeGreaterThan(md.indexOf("The Göta Canal is"));
    // A paragraph's gap under the float (a paragraph of its own) parts them.
    const apart = second.map((l, k) => (k === 0 ? l : line(lineText(l), { x: l.x0, y: l.y0 + 10, size: lineSize(l), bold: l.spans[0].bold })));
    expect(render([title, ...besideRight, ...infoboxLines(55, 91.4), ...apart], [underline, frame])).toContain("over twenty-two years.\n\nIt was a great work");
  });

  it("leaves it where no text runs on at full width over or under it (the text beside it a column of its own)", () => {
    const column = [line("The canal was dug by some 58,000 soldiers", { x: 50, y: 190 }), line("over twenty-two years.", { x: 50, y: 204 })];
    const md = render([title, ...beside(50, 92), ...infoboxLines(409, 91.4), ...column]);
    expect(md.indexOf("| **Length**")).toBeGreaterThan(0);
    expect(md.indexOf("| **Length**")).toBeLessThan(md.indexOf("The Göta Canal is"));
  });
});

describe("putUntitledSideTablesAfterLevelParagraphs", () => {
  const table = infobox(416);
  const fullWidth = [line("Vänern is divided into two basins, Dalbosjön in the west and Värmlandssjön in the east, by the", { x: 50, y: 260 })];

  it("puts the table after a paragraph of running text level with its top", () => {
    const blocks: PageBlock[] = [heading("Lake Vänern", 50, 52), { kind: "table", table }, para(50, 128, "Vänern is the largest lake in Sweden and the", "third-largest lake in Europe after Ladoga.")];
    putUntitledSideTablesAfterLevelParagraphs(blocks, new Map(), fullWidth);
    expect(text(blocks)).toEqual(["Lake Vänern", "Vänern is th", "TABLE"]);
  });

  it("leaves it before a narrow stack of lines beside it (an invoice's third address), a single line, or a paragraph starting lower", () => {
    const cases: PageBlock[] = [para(300, 128, "Intervention", "Voir factur."), para(50, 128, "Vänern is the largest lake in Sweden."), para(50, 150, "Vänern is the largest lake in Sweden and the", "third-largest lake in Europe after Ladoga.")];
    for (const after of cases) {
      const blocks: PageBlock[] = [{ kind: "table", table }, after];
      putUntitledSideTablesAfterLevelParagraphs(blocks, new Map(), fullWidth);
      expect(blocks[0].kind).toBe("table");
    }
  });

  it("joins the paragraph it cut on the line level with its top, a sentence going on, and follows it", () => {
    // mentis's "Sofern Sie keine Pakete einbinden, die den" | "Satzspiegel beeinflussen, …".
    const blocks: PageBlock[] = [para(50, 120, "Sofern Sie keine Pakete einbinden, die den"), { kind: "table", table }, para(50, 134, "Satzspiegel beeinflussen, sollte Ihr Dokument", "jetzt bereits die richtigen Maße aufweisen.")];
    putUntitledSideTablesAfterLevelParagraphs(blocks, new Map(), fullWidth);
    expect(text(blocks)).toEqual(["Sofern Sie k", "TABLE"]);
    expect(blocks[0].kind === "paragraph" && blocks[0].lines).toHaveLength(3);
    // A paragraph ending its sentence there is one of its own.
    const ended: PageBlock[] = [para(50, 120, "Sofern Sie keine Pakete einbinden."), { kind: "table", table }, para(50, 134, "Satzspiegel beeinflussen, sollte Ihr Dokument", "jetzt bereits die richtigen Maße aufweisen.")];
    putUntitledSideTablesAfterLevelParagraphs(ended, new Map(), fullWidth);
    expect(text(ended)).toEqual(["Sofern Sie k", "Satzspiegel ", "TABLE"]);
  });

  it("leaves a titled table to its title", () => {
    const blocks: PageBlock[] = [{ kind: "table", table }, para(50, 128, "Vänern is the largest lake in Sweden and the", "third-largest lake in Europe after Ladoga.")];
    putUntitledSideTablesAfterLevelParagraphs(blocks, new Map([[table, titleAt(416)]]), fullWidth);
    expect(blocks[0].kind).toBe("table");
  });
});
