// line_joining.ts and leaders.ts isPagesAfterLeader: an index set in two columns with a narrow
// gutter, its entries in the code face, each leader and its right-aligned page numbers set
// apart (active-conf's index: "\c@subsection . . . . ." | "158" | "figure (environment) . . .
// 104"). The numbers start at one x row after row, as a column does, and their old-style
// figures' boxes sit a little higher than the leader's, so they sort first on the row: the
// leader has to keep its numbers, or the numbers took the next column's entry beside them
// and the page was read row by row across its gutter. docs/engine.md, "Leaders".
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

/** The gutter: the left column's numbers end at 315, the right column starts at 325. */
const GUTTER_X = 320;

function indexPage(): Line[] {
  const lines: Line[] = [];
  for (let i = 0; i < 6; i++) {
    const y = 100 + 12 * i;
    lines.push(
      line([{ text: `\\leftentry${i}`, mono: true }, { text: " . . . . . . . ." }], { x: 144, y }),
      // Old-style figures: a shorter box, its centre half a point above the leader's.
      line(String(150 + i), { x: 303, y: y + 0.5, size: 8 }),
      line([{ text: `\\rightentry${i}`, mono: true }, { text: " . . . . . . 104" }], { x: 325, y: y + 1 }),
    );
  }
  return lines;
}

describe("an index's page numbers end its entry (leaders.ts isPagesAfterLeader)", () => {
  it("stay with their leader, not with the next column's entry beside them", () => {
    const joined = prepareLines(indexPage());
    expect(joined.filter((l) => l.x0 < GUTTER_X && l.x1 > GUTTER_X).map(lineText)).toEqual([]);
    const left = joined.filter((l) => l.x1 < GUTTER_X).map(lineText);
    expect(left).toHaveLength(6);
    for (const [i, text] of left.entries()) expect(text).toMatch(new RegExp(`^\\\\leftentry${i} .*${150 + i}$`));
  });

  it("leave the leader out of the entry, as a leader joined later is", () => {
    const joined = prepareLines(indexPage());
    const entry = joined.find((l) => lineText(l).startsWith("\\leftentry0"));
    expect(entry?.contentsEntry).toBe(true);
    expect(entry?.spans.filter((s) => s.leader).map((s) => s.text.trim().replace(/\s/g, "")).join("")).toMatch(/^\.{5,}$/);
  });

  it("do not keep a chapter's number, first on its row, off its title", () => {
    // "1" | "Introduction . . . 5": the number starts the row, no leader before it.
    const rows = [0, 1, 2].flatMap((i) => [line(String(i + 1), { x: 144, y: 100 + 14 * i }), line(`Chapter title ${i} . . . . . . . . . ${i + 5}`, { x: 156, y: 100 + 14 * i })]);
    expect(prepareLines(rows).map(lineText)).toEqual([0, 1, 2].map((i) => `${i + 1} Chapter title ${i} . . . . . . . . . ${i + 5}`));
  });
});

describe("an entry after an index's entry that ends in its pages is a block of its own (blocks.ts; svc-md-1.1.33)", () => {
  const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };
  it("does not go on in the paragraph of an entry whose numbers filled the column's line", () => {
    const lines = [
      line([{ text: "\\belowcaptionskip", mono: true }, { text: " 137, 143, 144, 147, 148" }], { x: 144, y: 100 }),
      line([{ text: "\\bfdefault", mono: true }, { text: " . . . . . . . . . . 350, 353–357" }], { x: 144, y: 112 }),
    ];
    expect(buildBlocks(lines, STATS).map((b) => b.lines.length)).toEqual([1, 1]);
  });
});
