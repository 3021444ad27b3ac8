// Speed work on block building (docs/benchmarks.md, s17-blocks) that must leave the output as
// it was:
// - blocks.ts markShortLineSets asks each line of a column once whether it is contact details
//   alone and whether it is kept out of sets (SetLineQuestions), its answers kept in arrays
//   reused from column to column: a column built after another must get its own answers.
// - document_stats.ts lineStyleFacts counts a line's code-face characters with the rest
//   (LineStyleFacts.codeChars), which tallyStyles reads for its code lines.
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import { type DocumentStats, lineStyleFacts, tallyStyles } from "../../src/engine/layout/document_stats.js";
import type { Line } from "../../src/engine/model.js";
import { line, span, withLineBreaks } from "../support/layout.js";

/** A document set in 11 pt with headings at 18 pt (1) and bold 11 pt (2). */
const STATS: DocumentStats = {
  body: { size: 11, bold: false },
  headings: [
    { size: 18, bold: false, level: 1 },
    { size: 11, bold: true, level: 2 },
  ],
  running: new Set(),
};

/** A line of `text` from x0 to x1 at y in 11 pt, its one span stretched to that width. */
function at(text: string, x0: number, x1: number, y: number, bold = false): Line {
  const l = line(text, { x: x0, y, size: 11, bold });
  return { ...l, x1, spans: l.spans.map((s) => ({ ...s, x1 })) };
}


describe("blocks.ts SetLineQuestions: each column's sets of short lines read with its own answers (s17-blocks)", () => {
  const contacts = () => [at("+46 31 555 0142", 72.8, 146.5, 140), at("+46 70 555 0199", 72.8, 146.5, 152.8), at("+46 31 555 0100", 72.8, 146.5, 165.6)];
  const figures = () => [at("12 500 3 200", 72.8, 146.5, 140), at("14 100 3 900", 72.8, 146.5, 152.8), at("15 800 4 300", 72.8, 146.5, 165.6)];
  const CONTACTS = ["+46 31 555 0142\\ | +46 70 555 0199\\ | +46 31 555 0100"];
  const FIGURES = ["12 500 3 200 | 14 100 3 900 | 15 800 4 300"];

  it("writes telephone numbers one a line, and a column of figures at the same places as one line, in either order", () => {
    expect(buildBlocks(contacts(), STATS, undefined, 72.8, 539.2).map(withLineBreaks)).toEqual(CONTACTS);
    expect(buildBlocks(figures(), STATS, undefined, 72.8, 539.2).map(withLineBreaks)).toEqual(FIGURES);
    expect(buildBlocks(contacts(), STATS, undefined, 72.8, 539.2).map(withLineBreaks)).toEqual(CONTACTS);
  });

  it("reads a line in a heading's style between telephone numbers as a block of its own, however the column before was read", () => {
    const column = (bold: boolean) => [at("+46 31 555 0142", 72.8, 146.5, 140), at("+46 70 555 0199", 72.8, 146.5, 152.8), at("Phone Numbers", 72.8, 146.5, 165.6, bold), at("+46 31 555 0100", 72.8, 146.5, 178.4), at("+46 31 555 0101", 72.8, 146.5, 191.2)];
    const expected = ["+46 31 555 0142 | +46 70 555 0199", "Phone Numbers", "+46 31 555 0100 | +46 31 555 0101"];
    expect(buildBlocks(column(true), STATS, undefined, 72.8, 539.2).map(withLineBreaks)).toEqual(expected);
    // A longer column of plain short lines first: the answers kept for its lines are not this one's.
    const plain = Array.from({ length: 300 }, (_, k) => at(`Line ${k} of a list`, 72.8, 150, 100 + 12.8 * k));
    buildBlocks(plain, STATS, undefined, 72.8, 539.2);
    expect(buildBlocks(column(true), STATS, undefined, 72.8, 539.2).map(withLineBreaks)).toEqual(expected);
    // The same line in the text's face goes on with the numbers.
    expect(buildBlocks(column(false), STATS, undefined, 72.8, 539.2)).toHaveLength(1);
  });
});

describe("document_stats.ts LineStyleFacts.codeChars: the code face's characters, counted with the line's style", () => {
  it("counts the non-space characters of the line's code-face spans, and counts again once its spans change", () => {
    const l = line([{ text: "Call " }, { text: "foo(bar) ", mono: true }, { text: "now" }]);
    const facts = lineStyleFacts(l);
    expect(facts.chars).toBe("Callfoo(bar)now".length);
    expect(facts.codeChars).toBe("foo(bar)".length);
    l.spans.push(span(" x = 1;", 200, 100, { mono: true }));
    expect(lineStyleFacts(l).codeChars).toBe("foo(bar)x=1;".length);
  });

  it("makes a line a code line of its style's tally where the code face carries more than half its characters, and not at half", () => {
    const code = line([{ text: "int " }, { text: "main(void) {", mono: true }]);
    const half = line([{ text: "abcd " }, { text: "efgh", mono: true }], { y: 120 });
    const lines = [code, half];
    const [tally] = tallyStyles(lines, [], lines.map(lineStyleFacts));
    expect(tally.lines).toBe(2);
    expect(tally.codeLines).toBe(1);
    expect(tally.codeChars).toBe("intmain(void){".length);
  });
});
