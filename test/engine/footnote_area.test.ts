// footnote_area.ts: footnotes under a footnote rule, taken out of the page's flow (issue 9:
// a two-column paper's footnote read between a paragraph and its rest in the next column).
import { describe, expect, it } from "vitest";
import { startsNote, takeFootnoteArea } from "../../src/engine/layout/footnote_area.js";
import type { Line, Rule } from "../../src/engine/model.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { line, stack } from "../support/layout.js";

const PAGE_HEIGHT = 842;
const BODY = 10;

/** A two-column page: body lines at 62–286 and 309–533 in 10 pt, a note in 9 pt under a
 *  rule at the foot of the left column. */
function page(note: Line[], rule: Rule): { lines: Line[]; rules: Rule[] } {
  const left = stack(["Dynamic routing reduced the distance driven by", "7.9 per cent. Table 1 summarises the"], { x: 62, y: 640 });
  const right = stack(["results by city. The gains are largest where", "congestion varies most during the day."], { x: 309, y: 220 });
  return { lines: [...left, ...right, ...note], rules: [rule] };
}
const footRule: Rule = { x0: 62, y0: 764, x1: 180, y1: 764.5, kind: "fill" };
const note = line("1Corresponding author: a.devries@example.org", { x: 62, y: 768, size: 9 });

describe("takeFootnoteArea (issue 9: footnotes under a footnote rule)", () => {
  it("takes the notes under a short rule at the foot of a column, set smaller than the body, out of the flow", () => {
    const { lines, rules } = page([note], footRule);
    const area = takeFootnoteArea(lines, rules, BODY, PAGE_HEIGHT);
    expect(area.notes.map(lineText)).toEqual(["1Corresponding author: a.devries@example.org"]);
    expect(area.flow).toHaveLength(4);
  });

  it("leaves lines under a rule alone when the rule starts away from the column's edge, runs across the text, or stands over body text", () => {
    const fraction = page([note], { ...footRule, x0: 120, x1: 200 });
    expect(takeFootnoteArea(fraction.lines, fraction.rules, BODY, PAGE_HEIGHT).notes).toEqual([]);
    const across = page([note], { ...footRule, x1: 533 });
    expect(takeFootnoteArea(across.lines, across.rules, BODY, PAGE_HEIGHT).notes).toEqual([]);
    const signature = page([line("Marta Sousa, Harbour Master", { x: 62, y: 768, size: 10 })], footRule);
    expect(takeFootnoteArea(signature.lines, signature.rules, BODY, PAGE_HEIGHT).notes).toEqual([]);
    const unmarked = page([line("Printed on recycled paper.", { x: 62, y: 768, size: 9 })], footRule);
    expect(takeFootnoteArea(unmarked.lines, unmarked.rules, BODY, PAGE_HEIGHT).notes).toEqual([]);
  });

  it("stops at a gap: the small print further down the page's foot is not a note (ltnews' copyright line)", () => {
    const small = line("LaTeX News is brought to you by the LaTeX Project Team; all rights reserved.", { x: 62, y: 800, size: 8 });
    const { lines, rules } = page([note, small], footRule);
    const area = takeFootnoteArea(lines, rules, BODY, PAGE_HEIGHT);
    expect(area.notes).toEqual([note]);
    expect(area.flow).toContain(small);
  });

  it("starts a note at its mark, raised, a superscript digit or a number set against a capital or a space before it", () => {
    expect(startsNote(line("1Figures are audited.", { size: 9 }))).toBe(true);
    expect(startsNote(line("¹See the specification.", { size: 9 }))).toBe(true);
    expect(startsNote(line([{ text: "2", size: 6 }, { text: "Flares are accepted only on Saturdays.", size: 9 }], { y: 100 }))).toBe(true);
    expect(startsNote(line("6pt. of space", { size: 9 }))).toBe(false);
    // Writer and KOMA-Script set the number a space before the note (svc-md-1.1.17).
    expect(startsNote(line("1 The supplier has since added a second warehouse.", { size: 9 }))).toBe(true);
    expect(startsNote(line("12 the figures are audited.", { size: 9 }))).toBe(false);
    // elsarticle's title notes are stars, set against the note or raised.
    expect(startsNote(line("⋆This document is the results of the research project.", { size: 9 }))).toBe(true);
    expect(startsNote(line([{ text: "⋆⋆", size: 6 }, { text: "The second title footnote.", size: 9 }], { y: 100 }))).toBe(true);
  });
});
