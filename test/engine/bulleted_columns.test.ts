// Lists side by side (tables/reads_as_table.ts bulletedColumns): an Impress slide's two
// content boxes, a title over each box's bullets, line up row by row like a borderless table,
// and had come out as one with a bullet in every cell. docs/engine.md, Tables (aligned).
import { describe, expect, it } from "vitest";
import { detectTables } from "../../src/engine/tables/detect.js";
import type { Line } from "../../src/engine/model.js";
import { line, lineOfSpans, span } from "../support/layout.js";
import { markdownOf } from "../support/markdown_of.js";
import { plain, slidePage, type SlideLine } from "../support/slide_pages.js";

const PAGE = { width: 792, height: 446 };
const LEFT = ["Keeps the original oak shelving", "Closed for four months", "Estimated cost £180k"];
const RIGHT = ["Adds a mezzanine study area", "Closed for nine months", "Estimated cost £410k"];

/** An item of `text` after Impress's OpenSymbol bullet (U+F095), a span of its own. */
function item(text: string, x: number, y: number): Line {
  return line([{ text: "\uf095", font: "OpenSymbol" }, { text: " " + text }], { x, y, size: 18 });
}

function slide(titles: [string, string] | null, cell: (text: string, x: number, y: number) => Line): Line[] {
  const lines: Line[] = [];
  if (titles) lines.push(line(titles[0], { x: 40, y: 110, size: 22, bold: true }), line(titles[1], { x: 420, y: 110, size: 22, bold: true }));
  LEFT.forEach((text, i) => lines.push(cell(text, 40, 150 + 24 * i), cell(RIGHT[i], 420, 150 + 24 * i)));
  return lines;
}

describe("two bulleted lists side by side", () => {
  it("are no table when a title stands over each list and every cell under them is a bulleted item", () => {
    expect(detectTables(slide(["Option A: Refurbish", "Option B: Rebuild"], item), [], PAGE).tables).toEqual([]);
  });

  it("stay a table when bullets start every row, titles missing (a multicol's short items set row by row)", () => {
    expect(detectTables(slide(null, item), [], PAGE).tables).toHaveLength(1);
  });

  it("stay a table when the cells under the titles have no bullets", () => {
    const plain = (text: string, x: number, y: number) => line(text, { x, y, size: 18 });
    expect(detectTables(slide(["Option A: Refurbish", "Option B: Rebuild"], plain), [], PAGE).tables).toHaveLength(1);
  });
});

// docs/engine.md, Tables (aligned), svc-md-1.1.20 listBesideProse: an Impress two-content
// slide with bullets in its left box and a paragraph in its right, the paragraph's wrapped
// lines at the bullets' pitch.
describe("a bulleted list beside a paragraph", () => {
  const ITEMS = ["Hoses: 4,200 EUR", "Chains: 2,900 EUR", "Slipway: 18,500 EUR"];
  const beside = (right: readonly string[]) => ITEMS.flatMap((text, i) => [item(text, 40, 150 + 24 * i), line(right[i], { x: 420, y: 150 + 24 * i, size: 18 })]);

  it("is no table when the paragraph's sentence runs on from one row to the next", () => {
    expect(detectTables(beside(["The slipway is the largest item.", "The board should ask for two", "quotes before the summer."]), [], PAGE).tables).toEqual([]);
  });

  it("stays a table when each cell beside the bullets stands alone (a sentence each, or a capital after a word)", () => {
    expect(detectTables(beside(["Order in May.", "Renew in June.", "Repair in July."]), [], PAGE).tables).toHaveLength(1);
    expect(detectTables(beside(["Supplier Harbour Fuels", "Supplier Chain Works", "Contractor Dock Ltd"]), [], PAGE).tables).toHaveLength(1);
  });
});

// docs/engine.md, Tables (aligned), svc-md-1.1.21 isListOverLine: LibreOffice's Resume
// template filled in, a job's bullets over the next job's title, its two words stretched
// apart where the bullets' gutter is ("Design" | "Engineer").
describe("a bulleted list over a line across its bullets' gutter", () => {
  const ITEMS = ["Surveyed forty hulls a year", "Wrote the inspection manual", "Trained six new inspectors"];
  const list = (): Line[] => ITEMS.flatMap((text, i) => [line("•", { x: 242, y: 263 + 22 * i, size: 10 }), line(text, { x: 260, y: 263 + 22 * i, size: 10 })]);
  /** The line after the list: `first` at x 224 (10 pt, 5 pt a character), `second` at x2. */
  const after = (first: string, second: string, x2: number): Line => lineOfSpans([span(first, 224, 329, { size: 10, bold: true }), span(second, x2, 329, { size: 10, bold: true })]);

  it("is no table when the line's words stand closer than a bullet to its text", () => {
    expect(detectTables([...list(), after("Design", "Engineer", 261)], [], PAGE).tables).toEqual([]);
  });

  it("stays a table when the last row's cells stand apart (a totals row)", () => {
    expect(detectTables([...list(), after("Total", "9", 300)], [], PAGE).tables).toHaveLength(1);
  });
});

// An item wrapped at its box's edge, its second line hanging at its text ("• Fuel surcharge"
// over "doubled"): an Impress two-content slide had stayed a table, each wrapped item split
// across two rows (bulletedColumns' hangsUnderItem).
describe("two bulleted lists side by side, their items wrapped", () => {
  const W = 793.7;
  const H = 446.5;
  const bullet = (text: string, x: number, y: number): SlideLine => ({ pieces: [{ text: "\u2022", bold: true, after: 14 }, { text }], size: 32, x, y });
  const rows = (wrapX: number) => [
    plain("Costs and risks", 44, 243, 65),
    plain("Costs", 32, 39.7, 118),
    plain("Risks", 32, 408.2, 118),
    bullet("Fuel surcharge", 39.7, 168),
    plain("doubled", 32, wrapX, 204),
    bullet("Overtime within", 39.7, 254),
    plain("budget", 32, wrapX, 290),
    bullet("Strike notice for June", 408.2, 168),
    bullet("Dredging permit", 408.2, 218),
    plain("delayed", 32, wrapX + 368.5, 254),
  ];

  it("read column by column, each item whole", async () => {
    const md = await markdownOf(slidePage(rows(39.7 + 11.2 + 14), [], W, H));
    expect(md).not.toContain("|");
    expect(md).toContain("- Fuel surcharge doubled\n- Overtime within budget");
    expect(md).toContain("- Strike notice for June\n- Dredging permit delayed");
  });
});
