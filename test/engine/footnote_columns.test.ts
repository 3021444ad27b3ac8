// footnote_area.ts: the footnotes of a two-column page, one rule per column, read a column at a
// time (JACoW's p. 6, dvipdfmx-special's p. 1, asmejour's, ltubguid's: the notes had been read
// row by row across the gutter); a pair of equal rules under text that shows neither column's
// edge (JACoW's centred collaboration list); and a note whose box reaches over its rule.
// Synthetic lines (test/support/layout.ts).
import { describe, expect, it } from "vitest";
import { takeFootnoteArea } from "../../src/engine/layout/footnote_area.js";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line, Rule } from "../../src/engine/model.js";
import { line, stack } from "../support/layout.js";

const PAGE_HEIGHT = 842;
const BODY = 10;

/** A rule 94 pt long (LaTeX's \footnoterule, 0.4 of a 235 pt column) from x at y. */
function rule(x: number, y: number, length = 94): Rule {
  return { x0: x, y0: y, x1: x + length, y1: y + 0.4, kind: "fill" };
}
/** A note's line in 8 pt at (x, y). */
function note(text: string, x: number, y: number): Line {
  return line(text, { x, y, size: 8 });
}
/** Left notes: two notes of two lines (rows at 700, 710, 720, 730); right notes, starting a row lower. */
function notes(): Line[] {
  return [note("* As of Dec. 2018, the collaboration's meeting.", 57, 700), note("Templates are managed by the team.", 63, 710), note("† ivan@example.org (OpenDocument)", 57, 720), note("‡ schaa@example.org (LaTeX)", 57, 730), note("§ jan@example.org (MS Word)", 305, 715), note("¶ todd@example.org (MS Word for Mac)", 305, 725)];
}
const ORDER = ["* As of Dec. 2018, the collaboration's meeting.", "Templates are managed by the team.", "† ivan@example.org (OpenDocument)", "‡ schaa@example.org (LaTeX)", "§ jan@example.org (MS Word)", "¶ todd@example.org (MS Word for Mac)"];

describe("takeFootnoteArea: a two-column page's notes, a column at a time", () => {
  it("reads the left column's notes, then the right column's, under two rules at the columns' edges", () => {
    // Body text in two columns above: the rules start at their columns' left edges.
    const body = [...stack(["Running text of the left column that fills it.", "More running text of the left column here."], { x: 57, y: 640 }), ...stack(["Running text of the right column that fills it.", "More running text of the right column here."], { x: 305, y: 640 })];
    const area = takeFootnoteArea([...body, ...notes()], [rule(57, 696), rule(305, 711)], BODY, PAGE_HEIGHT);
    expect(area.notes.map(lineText)).toEqual(ORDER);
    expect(area.flow).toHaveLength(4);
  });

  it("takes a pair of equal rules under centred text that shows neither column's edge (JACoW's collaboration list)", () => {
    const centred = [line("R. Picoreti, S. Marques, Brazilian Synchrotron Light Laboratory, Brazil", { x: 69, y: 640, size: 12 }), line("P. Dyer, C. Hoffman, Brookhaven National Laboratory, USA", { x: 130, y: 654, size: 12 })];
    const area = takeFootnoteArea([...centred, ...notes()], [rule(57, 696), rule(305, 711)], BODY, PAGE_HEIGHT);
    expect(area.notes.map(lineText)).toEqual(ORDER);
  });

  it("leaves a lone rule, or rules of different lengths, under such text alone", () => {
    const centred = [line("R. Picoreti, S. Marques, Brazilian Synchrotron Light Laboratory, Brazil", { x: 69, y: 640, size: 12 })];
    expect(takeFootnoteArea([...centred, ...notes()], [rule(57, 696)], BODY, PAGE_HEIGHT).notes).toEqual([]);
    expect(takeFootnoteArea([...centred, ...notes()], [rule(57, 696), rule(305, 711, 120)], BODY, PAGE_HEIGHT).notes).toEqual([]);
  });

  it("takes a note whose box reaches over its rule (its middle under it), not a line standing over it", () => {
    const body = stack(["Running text of the column that fills it well.", "More running text of the column here."], { x: 57, y: 660 });
    // An 8 pt line's box from 695.2 to 703.2 under a rule at 696: 0.8 pt over it.
    const reaching = note("§ jan@example.org (MS Word)", 57, 695.2);
    expect(takeFootnoteArea([...body, reaching], [rule(57, 696)], BODY, PAGE_HEIGHT).notes).toEqual([reaching]);
    const over = note("§ jan@example.org (MS Word)", 57, 690);
    expect(takeFootnoteArea([...body, over], [rule(57, 696)], BODY, PAGE_HEIGHT).notes).toEqual([]);
  });
});

describe("buildBlocks: a centred stack broken by hand is measured against the page's text (its footnotes)", () => {
  const STATS: DocumentStats = { body: { size: 12, bold: false }, headings: [], running: new Set() };
  // Centred on x 300: the widest line 400 pt (100–500), one 392 pt before "J. Chrin", whose
  // room in the widest line's measure (8 pt) holds no word, and in the page's (460 pt from
  // 70) does. Names and institutes, each broken by hand.
  const centred = (text: string, width: number, y: number): Line => {
    const l = line(text, { x: 300 - width / 2, y, size: 12 });
    const scale = width / (l.x1 - l.x0);
    return { ...l, x1: l.x0 + width, spans: l.spans.map((s) => ({ ...s, x0: 300 - width / 2 + (s.x0 - l.x0) * scale, x1: 300 - width / 2 + (s.x1 - l.x0) * scale })) };
  };
  const stackOf = () => [
    centred("A. Author, B. Author, C. Author, D. Author, E. Author, F. Author, G. Author", 400, 100),
    centred("D. Button, M. Hewes, ANSTO, Lucas Heights NSW 2234, Australia", 300, 114),
    centred("Y.-S. Cheng", 60, 128),
    centred("National Synchrotron Radiation Research Center, Hsinchu 30076, Taiwan", 392, 142),
    centred("J. Chrin, Paul Scherrer Institut, 5232 Villigen PSI, Switzerland", 320, 156),
    centred("D.-E. Kim, G.-H. Kim, K.-S. Kim, N.-Y. Kim, E.-H. Lee", 280, 170),
  ];
  const lineTexts = (pageLeft?: number, pageRight?: number) => {
    const blocks = buildBlocks(stackOf(), STATS, undefined, pageLeft, pageRight);
    return blocks.flatMap((b) => b.lines.map((l) => `${lineText(l)}${l.breakAfter ? "\\" : ""}`));
  };

  it("breaks after a line a word short of the widest where the page's text reaches further", () => {
    expect(lineTexts(70, 500).find((t) => t.startsWith("National"))).toMatch(/\\$/);
  });

  it("leaves the measure at the widest line where the page's text reaches no further", () => {
    expect(lineTexts(100, 500).find((t) => t.startsWith("National"))).not.toMatch(/\\$/);
  });
});
