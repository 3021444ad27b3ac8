// set_bridges.ts (blocks.ts markShortLineSets): a line of a set of short lines that comes within
// a word of the column's edge goes on in the set where the set goes on around it; prose, whose
// full lines wrap, keeps its lines joined.
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import type { Line } from "../../src/engine/model.js";
import { stack, withLineBreaks } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

/** The page's text runs from 72 to 560 pt: a column up to 244 pt wide is narrow (blocks.ts
 *  NARROW_COLUMN_SHARE_MAX). */
const PAGE_RIGHT = 560;

/** Lines of `texts` at x = 72, 12 pt apart (5 pt a character at 10 pt), from y = 100. */
const lines = (texts: readonly string[], y = 100): Line[] => stack(texts, { x: 72, y, pitch: 12 });


describe("set bridges (set_bridges.ts, SPEC docs/engine.md 'Set bridges')", () => {
  it("a list of names: the widest line, leaving no room for the next name, still breaks", () => {
    const column = lines([
      "Michel Avital, University of Amsterdam",
      "Kevin Crowston, Syracuse University",
      "Kalle Lyytinen, Case Western Reserve University",
      "Sue Conger, University of Dallas",
    ]);
    const blocks = buildBlocks(column, STATS, undefined, 72, PAGE_RIGHT);
    expect(blocks.map(withLineBreaks)).toEqual([
      "Michel Avital, University of Amsterdam\\ | Kevin Crowston, Syracuse University\\ | Kalle Lyytinen, Case Western Reserve University\\ | Sue Conger, University of Dallas",
    ]);
  });

  it("an address whose first line comes within a word of the edge: the set goes on after it", () => {
    const column = lines(["Oakfield Dental Practice", "Attn: Dr. Sarah Lewis", "3 Elm Grove, Bath BA2 6JP"]);
    const blocks = buildBlocks(column, STATS, undefined, 72, PAGE_RIGHT);
    expect(blocks.map(withLineBreaks)).toEqual(["Oakfield Dental Practice\\ | Attn: Dr. Sarah Lewis\\ | 3 Elm Grove, Bath BA2 6JP"]);
  });

  it("guard: prose's full lines starting in capitals, one under another, stay one paragraph", () => {
    const column = lines([
      "Short opening line",
      "Prose that runs on to the very edge of the column here",
      "Another line that runs on to the very edge of the colum",
      "End of it.",
    ]);
    const blocks = buildBlocks(column, STATS, undefined, 72, PAGE_RIGHT);
    expect(blocks.map(withLineBreaks)[0]).not.toContain("here\\");
    expect(blocks.map(withLineBreaks).join(" ")).not.toContain("colum\\");
  });

  it("guard: a column as wide as the page's text is prose's: its lines are not bridged", () => {
    const column = lines(["Oakfield Dental Practice", "Attn: Dr. Sarah Lewis", "3 Elm Grove, Bath BA2 6JP"]);
    const blocks = buildBlocks(column, STATS, undefined, 72, 200);
    expect(blocks.map(withLineBreaks).join(" || ")).not.toContain("Practice\\");
  });

  it("guard: a last line ending a sentence is a wrapped paragraph's, not bridged", () => {
    const column = lines(["Oakfield Dental Practice", "Attn: Dr. Sarah Lewis.", "3 Elm Grove, Bath BA2 6JP"]);
    const blocks = buildBlocks(column, STATS, undefined, 72, PAGE_RIGHT);
    expect(blocks.map(withLineBreaks).join(" || ")).not.toContain("Practice\\");
  });

  it("guard: ragged prose wrapping onto a name under a line going on ('India;') bridges nothing", () => {
    const column = lines(["Doimukh, Arunachal Pradesh, India;", "Huifen Chan, Tsinghua University", "Rd, Haidian Qu, Beijing", "Shi, China"]);
    const blocks = buildBlocks(column, STATS, undefined, 72, PAGE_RIGHT);
    expect(blocks.map(withLineBreaks).join(" || ")).not.toContain("University\\");
  });

  it("guard: a line under a paragraph's gap bridges nothing", () => {
    const column = [...lines(["Oakfield Dental Practice"]), ...lines(["Attn: Dr. Sarah Lewis", "3 Elm Grove, Bath BA2 6JP"], 124)];
    const blocks = buildBlocks(column, STATS, undefined, 72, PAGE_RIGHT);
    expect(blocks.map(withLineBreaks).join(" || ")).not.toContain("Practice\\");
  });
});
