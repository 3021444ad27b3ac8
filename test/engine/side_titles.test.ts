// tables/side_titles.ts: the title line set over a table floated beside the text (a web
// page's infobox, fixtures/real/gen-wiki-p1) goes with the table (docs/engine.md §Tables).
import { describe, expect, it } from "vitest";
import type { Line } from "../../src/engine/model.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { sideTableTitle } from "../../src/engine/tables/side_titles.js";
import type { Table } from "../../src/engine/tables/model.js";
import { line } from "../support/layout.js";

/** An infobox of three rows in 9 pt at x 420–550 from y 113, on the right of the text. */
function infobox(): Table {
  const row = (label: string, value: string, y: number) => [{ lines: [line(label, { x: 420, y, size: 9, bold: true })] }, { lines: [line(value, { x: 480, y, size: 9 })] }];
  return { x0: 420, y0: 113, x1: 550, y1: 160, rows: [row("Location", "Västergötland", 113), row("Type", "Glacial lake", 130), row("Islands", "22,000", 147)], ruled: false, headerRows: 0 };
}

/** Paragraph lines left of the infobox, from y 92 at a 14 pt pitch. */
const TEXT = ["Vänern is the largest lake in Sweden and the third", "largest lake in Europe after Ladoga and Onega. It lies", "in the west of the country, between the provinces of", "Västergötland, Dalsland and Värmland. The lake drains"].map((t, k) => line(t, { x: 50, y: 92 + 14 * k }));

const titleOf = (table: Table, lines: Line[]) => sideTableTitle(table, lines).map(lineText);

describe("sideTableTitle", () => {
  it("takes a bold line centred over a table floated beside the text, on the text's first row", () => {
    const title = line("Lake Vänern", { x: 457, y: 92, size: 11, bold: true });
    expect(titleOf(infobox(), [...TEXT, title])).toEqual(["Lake Vänern"]);
  });

  it("takes a title wrapped onto two lines in one style", () => {
    const first = line("Vänern, the largest", { x: 440, y: 80, size: 11, bold: true });
    const second = line("lake of Sweden", { x: 446, y: 93, size: 11, bold: true });
    expect(titleOf(infobox(), [...TEXT, first, second])).toEqual(["Vänern, the largest", "lake of Sweden"]);
  });

  it("leaves the page's title above the float's title out (another style, a heading's gap)", () => {
    const pageTitle = line("Lake Vänern", { x: 420, y: 60, size: 22, bold: true });
    const title = line("Lake Vänern", { x: 457, y: 92, size: 11, bold: true });
    expect(titleOf(infobox(), [pageTitle, ...TEXT, title])).toEqual(["Lake Vänern"]);
  });

  it("takes no page title whose underline runs on past the table into the text (an infobox floated left under the page's title)", () => {
    // Chromium's print of a web page: the title's border runs across the page between the
    // title and the infobox set at the left margin under it.
    const left: Table = { ...infobox(), x0: 55, x1: 185 };
    const beside = TEXT.map((l, k) => line(lineText(l), { x: 220, y: 92 + 14 * k }));
    const pageTitle = line("Göta Canal", { x: 50, y: 88, size: 22, bold: true });
    const underline = { pos: 110.5, a: 50, b: 562 };
    expect(sideTableTitle(left, [pageTitle, ...beside], false, [underline]).map(lineText)).toEqual([]);
    // Without the rule it would be taken; a rule that stops within the table's width (a
    // border of the infobox's own caption) parts nothing.
    expect(sideTableTitle(left, [pageTitle, ...beside], false, []).map(lineText)).toEqual(["Göta Canal"]);
    expect(sideTableTitle(left, [pageTitle, ...beside], false, [{ pos: 110.5, a: 55, b: 185 }]).map(lineText)).toEqual(["Göta Canal"]);
  });

  it("takes nothing from a table with no text beside it (a caption over a table in its column)", () => {
    const caption = line("Table 2: Lakes", { x: 455, y: 96, size: 10, bold: true });
    expect(titleOf(infobox(), [caption])).toEqual([]);
  });

  it("takes nothing from a table with text on both sides (a form's boxes between its columns)", () => {
    const right = ["7. (8 points) Proof", "of the second claim"].map((t, k) => line(t, { x: 600, y: 113 + 14 * k }));
    const title = line("Lake Vänern", { x: 457, y: 92, size: 11, bold: true });
    expect(titleOf(infobox(), [...TEXT.slice(1), ...right, title])).toEqual([]);
  });

  it("takes nothing from a row of fields running on both sides of the table", () => {
    const row = [line("Name", { x: 50, y: 99, size: 11 }), line("Number", { x: 470, y: 99, size: 11, bold: true }), line("Date", { x: 600, y: 99, size: 11 })];
    expect(titleOf(infobox(), [...TEXT.slice(1), ...row])).toEqual([]);
  });

  it("takes nothing set further than an em over the table, nor a plain line off its centre", () => {
    expect(titleOf(infobox(), [...TEXT, line("Lake Vänern", { x: 457, y: 80, size: 11, bold: true })])).toEqual([]);
    expect(titleOf(infobox(), [...TEXT, line("see below", { x: 420, y: 100, size: 9 })])).toEqual([]);
  });

  describe("centred only (the table a column of its own, the text beside it looked for on the whole page)", () => {
    it("takes a bold title centred over the table", () => {
      expect(sideTableTitle(infobox(), [...TEXT, line("Lake Vänern", { x: 457, y: 92, size: 11, bold: true })], true).map(lineText)).toEqual(["Lake Vänern"]);
    });

    it("leaves a heading at the table's left edge to its section, and a plain centred line (a list's item) to its text", () => {
      expect(sideTableTitle(infobox(), [...TEXT, line("Options", { x: 420, y: 92, size: 11, bold: true })], true)).toEqual([]);
      expect(sideTableTitle(infobox(), [...TEXT, line("3. Vectors of the exam", { x: 435, y: 100, size: 9 })], true)).toEqual([]);
      // Either is a title where the table's own group holds the text beside it.
      expect(sideTableTitle(infobox(), [...TEXT, line("Options", { x: 420, y: 92, size: 11, bold: true })]).map(lineText)).toEqual(["Options"]);
    });
  });
});
