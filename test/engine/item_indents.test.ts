// blocks.ts: a list item whose lines wrap back to its marker hangs nowhere, so a line set in
// from them by a paragraph's indent after a sentence's end starts the next paragraph (docs/
// engine.md, "Paragraphs under a list item"). etex_man's "(2) when hyphenation …" had
// swallowed the paragraph under it, "ε-TeX introduces …", whose first letter is no capital.
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };
const LEFT = 133.7;
const RIGHT = 477.4;
const PITCH = 12;

/** A line from x to x1 (a justified line's right edge), `row` pitches down the column. */
function at(text: string, x: number, row: number, x1?: number): Line {
  const l = line(text, { x, y: 100 + row * PITCH });
  if (x1 === undefined) return l;
  const last = l.spans.length - 1;
  return { ...l, x1, spans: l.spans.map((s, k) => (k === last ? { ...s, x1 } : s)) };
}

function blocks(lines: Line[]): string[] {
  return buildBlocks(lines, STATS).map((b) => `${b.kind}:${b.lines.map(lineText).join(" | ")}`);
}

describe("a list item wrapped back to its marker", () => {
  it("ends where a line indented as a paragraph's first follows a sentence's end (etex_man: '(2) when …' | 'ε-TeX introduces …')", () => {
    const lines = [
      at("(1) when \\lowercase converts character tokens to their lower-case equivalents", LEFT, 0, RIGHT),
      at("(in the same way as \\uppercase uses the \\uccode values); and", LEFT, 1),
      at("(2) when hyphenation patterns or exceptions are read, and when words are", LEFT, 2, RIGHT),
      at("hyphenated during the line-breaking algorithm.", LEFT, 3),
      at("ε-TeX introduces the concept of (language-dependent) hyphenation codes", LEFT + 15, 4, RIGHT),
      at("that are used instead of the \\lccode values for hyphenation purposes.", LEFT, 5),
    ];
    const out = blocks(lines);
    expect(out).toHaveLength(3);
    expect(out[1]).toMatch(/^list_item:when hyphenation .* \| hyphenated during the line-breaking algorithm\.$/);
    expect(out[2]).toMatch(/^paragraph:ε-TeX introduces/);
  });

  it("leaves an item that hangs at its text alone: its next line at the hang goes on", () => {
    const lines = [
      at("(1) a first item whose text wraps under itself, hanging at the text's left", LEFT, 0, RIGHT),
      at("edge, and ends its sentence here.", LEFT + 15, 1),
      at("(2) a second item that runs on for a while and wraps under its own text as", LEFT, 2, RIGHT),
      at("well, to a second line that ends a sentence.", LEFT + 15, 3, RIGHT),
      at("and a third line of the same item, at the same hang.", LEFT + 15, 4),
    ];
    expect(blocks(lines).map((b) => b.split(" | ").length)).toEqual([2, 3]);
  });
});
