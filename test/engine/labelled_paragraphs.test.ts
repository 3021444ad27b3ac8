// layout/labelled_paragraphs.ts: labelled lines ("**Gift:** anything of value …") standing a
// paragraph's spacing apart, wider than the column's own line pitch, are paragraphs, not a
// memo's fields broken line by line (docs/engine.md, "Labelled lines a paragraph apart"). A
// Writer handbook's one-line definitions had come out as one paragraph with line breaks.
import { describe, expect, it } from "vitest";
import { type Block, buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { line } from "../support/layout.js";

/** A document set in 11 pt with headings at 16 pt (1) and 13 pt bold (2). */
const STATS: DocumentStats = {
  body: { size: 11, bold: false },
  headings: [
    { size: 16, bold: true, level: 1 },
    { size: 13, bold: true, level: 2 },
  ],
  running: new Set(),
};
/** Writer's 11 pt at 115 % leading, 0.25 cm (7.1 pt) after each paragraph. */
const LEADING = 14.5;
const PARAGRAPH_PITCH = 21.6;

const field = (label: string, value: string, y: number) => line([{ text: label, bold: true, size: 11 }, { text: " " + value, size: 11 }], { x: 57, y, size: 11 });
const plain = (text: string, y: number) => line(text, { x: 57, y, size: 11 });
const texts = (blocks: Block[]) => blocks.map((b) => b.lines.map((l) => lineText(l).trim()).join(" | "));

describe("Labelled lines a paragraph apart (endLabelledParagraphs)", () => {
  it("reads one-line definitions a paragraph's spacing apart as paragraphs, after a wrapped one", () => {
    const lines = [
      field("Confidential information:", "any information about tenants, staff or the Trust's finances that is not", 100),
      plain("already public.", 100 + LEADING),
      field("Gift:", "anything of value offered to you because of your role, including meals.", 100 + LEADING + PARAGRAPH_PITCH),
      field("Line manager:", "the person named in the HR portal as responsible for your work.", 100 + LEADING + 2 * PARAGRAPH_PITCH),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(texts(blocks).slice(-2)).toEqual(["Gift: anything of value offered to you because of your role, including meals.", "Line manager: the person named in the HR portal as responsible for your work."]);
    for (const b of blocks) expect(b.lines.some((l, k) => l.breakAfter === true && k + 1 < b.lines.length)).toBe(false);
  });

  it("keeps a memo's fields at the text's leading one paragraph with a break after each (markLabelledLines)", () => {
    // Guard: the fields stand at the column's line pitch, as its wrapped lines do.
    const lines = [
      field("To:", "All employees of Northwind Logistics GmbH and of its subsidiaries", 100),
      field("From:", "Petra Hoffmann, Head of People Operations", 100 + LEADING),
      field("Date:", "14 March 2024", 100 + 2 * LEADING),
      field("Subject:", "Updated rules for working from home, effective 1 April 2024, and the", 100 + 3 * LEADING),
      plain("equipment that employees may take home.", 100 + 4 * LEADING),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks).toHaveLength(1);
    expect(blocks[0].lines.map((l) => l.breakAfter === true)).toEqual([true, true, true, false, false]);
  });
});
