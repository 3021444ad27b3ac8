// ragged_right.ts (blocks.ts startsNewBlock): in a column set ragged right, a line that ends a
// sentence short of the column's edge ends its paragraph only where the next line's first word
// would have fitted in the room it left; justified text and room to spare end it as before.
import { describe, expect, it } from "vitest";
import { type Block, buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { isRaggedRightColumn, wrappedInRaggedParagraph } from "../../src/engine/layout/ragged_right.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

/** A line of `text` at x = 72, its one span stretched to end at x1, 12 pt below the last. */
function lineTo(text: string, k: number, x1: number): Line {
  const l = line(text, { x: 72, y: 100 + k * 12, size: 10 });
  return { ...l, x1, spans: l.spans.map((s) => ({ ...s, x1 })) };
}

function paragraphs(blocks: Block[]): string[] {
  return blocks.map((b) => b.lines.map(lineText).join(" "));
}

/** A newsletter's column: the fifth line ends a sentence 44 pt short of the edge (300), and
 *  the next line's "Volunteers" is 45.5 pt wide. */
const NEWSLETTER: [string, number][] = [
  ["From October the branch library on Mill Street", 283],
  ["will open until eight in the evening on Tuesdays", 300],
  ["and Thursdays. The extra hours were", 244],
  ["requested by many parents whose children", 270],
  ["need a quiet place to study after school.", 256],
  ["Volunteers are still needed for the Saturday", 272],
  ["reading club; please ask at the front desk.", 265],
];

describe("ragged-right paragraphs (ragged_right.ts, SPEC docs/engine.md 'Ragged-right wraps')", () => {
  it("goes on after a sentence's end where the next word would not have fitted", () => {
    const column = NEWSLETTER.map(([t, x1], k) => lineTo(t, k, x1));
    const blocks = buildBlocks(column, STATS);
    expect(paragraphs(blocks)).toHaveLength(1);
  });

  it("guard: justified text still ends the paragraph at a short line ending a sentence", () => {
    const column = NEWSLETTER.map(([t, x1], k) => lineTo(t, k, k === 4 || k === 6 ? x1 : 300));
    const blocks = buildBlocks(column, STATS);
    expect(paragraphs(blocks)).toHaveLength(2);
    expect(paragraphs(blocks)[1]).toMatch(/^Volunteers/);
  });

  it("guard: a ragged line that left room for the next line's first word ends its paragraph", () => {
    const rows: [string, number][] = NEWSLETTER.map(([t, x1], k) => [k === 5 ? "A volunteer is still needed for the Saturday" : t, x1]);
    const blocks = buildBlocks(rows.map(([t, x1], k) => lineTo(t, k, x1)), STATS);
    expect(paragraphs(blocks)).toHaveLength(2);
    expect(paragraphs(blocks)[1]).toMatch(/^A volunteer/);
  });

  it("isRaggedRightColumn: few long lines at the edge is ragged; most is justified; too few lines say nothing", () => {
    const ragged = NEWSLETTER.map(([t, x1], k) => lineTo(t, k, x1));
    const rights = new Float64Array(ragged.length).fill(300);
    const code = ragged.map(() => false);
    expect(isRaggedRightColumn(ragged, rights, 72, code)).toBe(true);
    const justified = NEWSLETTER.map(([t, x1], k) => lineTo(t, k, k === 4 ? x1 : 300));
    expect(isRaggedRightColumn(justified, rights, 72, code)).toBe(false);
    expect(isRaggedRightColumn(ragged.slice(0, 3), rights, 72, code)).toBe(false);
  });

  it("wrappedInRaggedParagraph: needs two long lines above ending an em apart and a word too wide for the room, not in Chinese", () => {
    const lines = NEWSLETTER.slice(0, 5).map(([t, x1], k) => lineTo(t, k, x1));
    const prev = lines[4];
    expect(wrappedInRaggedParagraph(lines, prev, 44, 48.5, "Volunteers are", 10, 228)).toBe(true);
    expect(wrappedInRaggedParagraph(lines, prev, 44, 20, "Volunteers are", 10, 228)).toBe(false);
    expect(wrappedInRaggedParagraph(lines.slice(3), prev, 44, 48.5, "Volunteers are", 10, 228)).toBe(false);
    const even = lines.map((l, k) => (k < 4 ? { ...l, x1: 300 } : l));
    // A first word in Chinese wraps nowhere whole; short lines above are a set's, not prose.
    expect(wrappedInRaggedParagraph(lines, prev, 44, 48.5, "⑥正文中参考文献", 10, 228)).toBe(false);
    const set = lines.map((l, k) => (k === 1 ? { ...l, x1: l.x0 + 80 } : l));
    expect(wrappedInRaggedParagraph(set, set[4], 44, 48.5, "Volunteers are", 10, 228)).toBe(false);
    expect(wrappedInRaggedParagraph(even, even[4], 44, 48.5, "Volunteers are", 10, 228)).toBe(false);
  });
});
