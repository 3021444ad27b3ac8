// outline_numbers.ts: multi-level item numbers ("1.1.", "1.2.1") are a nested numbered
// list's markers inside one (docs/engine.md, Lists: "Multi-level numbers"), and text
// elsewhere (a contract's clauses, a contents page, a decimal).
import { describe, expect, it } from "vitest";
import { type Block, buildBlocks, nestListItems } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { outlineNumber } from "../../src/engine/layout/outline_numbers.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const STATS: DocumentStats = {
  body: { size: 10, bold: false },
  headings: [
    { size: 18, bold: true, level: 1 },
    { size: 14, bold: true, level: 2 },
  ],
  running: new Set(),
};

/** Lines top to bottom, 14 pt apart (a Writer list's spacing). */
function column(...rows: [string, number, { size?: number; bold?: boolean }?][]): Line[] {
  return rows.map(([text, x, style], k) => line(text, { x, y: 100 + k * 14, ...style }));
}

/** Each block as "depth marker text" for items, else its kind and text. */
function outline(blocks: Block[]): string[] {
  nestListItems(blocks);
  return blocks.map((b) => (b.kind === "list_item" ? `${b.depth} ${b.marker} ${b.lines.map(lineText).join(" ").trim()}` : `${b.kind}: ${b.lines.map(lineText).join(" ")}`));
}

describe("outlineNumber", () => {
  it.each([
    ["1.1. Survey of the site", [1, 1]],
    ["1.2.1 Ground floor", [1, 2, 1]],
    ["12.10. Annex", [12, 10]],
  ])("%j starts with a multi-level number", (text, path) => {
    expect(outlineNumber(text)?.path).toEqual(path);
  });

  it.each([["1. One level"], ["0.5 litres"], ["1.05 m of rope"], ["1.1."], ["1.1.Joined"]])("%j starts with none", (text) => {
    expect(outlineNumber(text)).toBeNull();
  });
});

describe("multi-level numbers in a numbered list (Writer's Numbering 1, 1.1, 1.1.1)", () => {
  it("nests each level under its parent's item, numbered by its last part", () => {
    const blocks = buildBlocks(
      column(
        ["1. Design of the terminal building", 72],
        ["1.1. Survey of the site", 100],
        ["1.2. Drawings for the planning office", 100],
        ["1.2.1. Ground floor and waiting hall", 130],
        ["1.2.2. Ticket office", 130],
        ["a) with the harbour master", 160],
        ["b) with a diver", 160],
        ["1.3. Approval by the harbour board", 100],
        ["2. Construction", 72],
      ),
      STATS,
    );
    expect(outline(blocks)).toEqual([
      "0 1. Design of the terminal building",
      "1 1. Survey of the site",
      "1 2. Drawings for the planning office",
      "2 1. Ground floor and waiting hall",
      "2 2. Ticket office",
      "3 1. with the harbour master",
      "3 2. with a diver",
      "1 3. Approval by the harbour board",
      "0 2. Construction",
    ]);
  });

  it("leaves a contract's clauses at the margin under a numbered heading as paragraphs", () => {
    const blocks = buildBlocks(
      column(
        ["1. Definitions", 72, { size: 14, bold: true }],
        ["1.1 Confidential Information means any information disclosed by one Party.", 72],
        ["1.2 Purpose means the evaluation of a possible joint development.", 72],
      ),
      STATS,
    );
    expect(blocks.every((b) => b.kind !== "list_item" || !b.lines.some((l) => lineText(l).includes("Party")))).toBe(true);
    expect(outline(blocks).filter((b) => b.includes("Confidential") || b.includes("Purpose"))).toEqual([
      "paragraph: 1.1 Confidential Information means any information disclosed by one Party.",
      "paragraph: 1.2 Purpose means the evaluation of a possible joint development.",
    ]);
  });

  it("leaves a contents page's regular sections under its bold chapter as text", () => {
    const blocks = buildBlocks(
      column(
        ["1. Allgemeines zum Paket 4", 72, { bold: true }],
        ["1.1. Wichtiger Hinweis zur neuen Version 4", 90],
        ["1.2. Manuelle Installation 4", 90],
      ),
      STATS,
    );
    expect(outline(blocks).some((b) => b.startsWith("1 "))).toBe(false);
  });

  it("leaves a lone first child, or a decimal starting an item's wrapped line, as text", () => {
    const blocks = buildBlocks(
      column(
        ["1. Mix the flour with the water and knead the dough until it is smooth, then add", 72],
        ["1.5 litres of water and knead again.", 100],
        ["2. Bake it.", 72],
      ),
      STATS,
    );
    expect(outline(blocks).filter((b) => b.includes("litres")).every((b) => !b.startsWith("1 "))).toBe(true);
  });

  it("leaves entries wrapped back left of their numbers as paragraphs (Chromium's print of valgrind's FAQ contents)", () => {
    const blocks = buildBlocks(
      column(
        ["1. Background", 24, { size: 9 }],
        ["1.1. How do you pronounce Valgrind?", 44, { size: 9 }],
        ["1.2. Where does the name Valgrind come from?", 44, { size: 9 }],
        ["3. Valgrind aborts unexpectedly", 24, { size: 9 }],
        ["3.1. Programs run OK on Valgrind, but at exit produce a bunch of errors involving __libc_freeres and then", 44, { size: 9 }],
        ["die with a segmentation fault.", 24, { size: 9 }],
        ["3.2. My (buggy) program dies like this:", 44, { size: 9 }],
      ),
      STATS,
    );
    expect(outline(blocks).filter((b) => !b.startsWith("0 "))).toEqual([
      "paragraph: 1.1. How do you pronounce Valgrind?",
      "paragraph: 1.2. Where does the name Valgrind come from?",
      "paragraph: 3.1. Programs run OK on Valgrind, but at exit produce a bunch of errors involving __libc_freeres and then die with a segmentation fault.",
      "paragraph: 3.2. My (buggy) program dies like this:",
    ]);
  });
});
