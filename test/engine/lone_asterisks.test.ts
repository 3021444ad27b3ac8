// blocks.ts: an asterisk starting a line is a list's bullet only where another asterisk at its
// x confirms it (docs/engine.md, "Lone asterisks"), and a note's raised mark starts no heading.
// Debian's documentation had lost text to one-item lists: tubguide's paragraph wrapped before a
// literal "*", amsfndoc's footnote, libtasn1's prototype wrapped before a pointer's star.
import { describe, expect, it } from "vitest";
import { type Block, buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { line, stack } from "../support/layout.js";

const STATS: DocumentStats = {
  body: { size: 10, bold: false },
  headings: [
    { size: 18, bold: false, level: 1 },
    { size: 8, bold: false, level: 4 },
  ],
  running: new Set(),
};

const FULL = "a line of running text that fills the column from margin to margin ok";

function shapes(blocks: Block[]): string[] {
  return blocks.map((b) => `${b.kind === "heading" ? `h${b.level}` : b.kind}:${b.lines.map(lineText).join(" | ")}`);
}

describe("a lone asterisk at a line's start", () => {
  it("goes on the paragraph whose last line's words go on (tubguide: '… an unexpected' | '* has disrupted things.')", () => {
    const lines = stack([FULL, "debug those situations in which an unexpected", "* has disrupted things."], { y: 100 });
    expect(shapes(buildBlocks(lines, STATS))).toEqual([`paragraph:${FULL} | debug those situations in which an unexpected | * has disrupted things.`]);
  });

  it("starts a paragraph of its own, not a list item, after a line that ended (a note's mark)", () => {
    const lines = [...stack([FULL, "the end of the body text."], { y: 100 }), line("* Maintainer, bug reports and enquiries: the author", { y: 150 })];
    expect(shapes(buildBlocks(lines, STATS))).toEqual([`paragraph:${FULL} | the end of the body text.`, "paragraph:* Maintainer, bug reports and enquiries: the author"]);
  });

  it("reads a dinkus ('* * *') set apart by blank lines as a paragraph, not an item", () => {
    const lines = [...stack([FULL, FULL, "the end of a scene."], { y: 100 }), line("* * *", { x: 250, y: 150 }), ...stack([FULL, FULL, "the next scene."], { y: 180 })];
    expect(shapes(buildBlocks(lines, STATS)).map((s) => s.split(":")[0])).toEqual(["paragraph", "paragraph", "paragraph"]);
  });

  it("keeps a list typed with asterisks, two items or more at one x, a list", () => {
    const lines = [line("Things to bring:", { y: 100 }), ...stack(["* a tent and a sleeping bag", "* a stove and some food"], { x: 80, y: 124 })];
    expect(shapes(buildBlocks(lines, STATS))).toEqual(["paragraph:Things to bring:", "list_item:a tent and a sleeping bag", "list_item:a stove and some food"]);
  });

  it("leaves a lone typeset bullet or dash an item", () => {
    for (const bullet of ["•", "–"]) {
      const lines = [line("Only one thing matters:", { y: 100 }), line(`${bullet} the tide table`, { x: 80, y: 124 })];
      expect(shapes(buildBlocks(lines, STATS))).toEqual(["paragraph:Only one thing matters:", "list_item:the tide table"]);
    }
  });
});

describe("a note's raised mark", () => {
  const note = (mark: string, text: string, y: number) =>
    line(
      [
        { text: mark, size: 5 },
        { text, size: 8 },
      ],
      { y },
    );

  it("starts a note, no heading, though the note is set in a heading's size (fcltxdoc's '* This documentation …')", () => {
    const raised = note("*", " This documentation is produced with the DocStrip utility.", 700);
    raised.spans[0].y0 -= 3;
    raised.spans[0].y1 -= 3;
    raised.y0 = raised.spans[0].y0;
    expect(shapes(buildBlocks([raised], STATS))[0]).toMatch(/^paragraph:/);
  });

  it("leaves a heading that starts with a raised word (an icon's name, limecv's 'STAR' before 'Skills') a heading", () => {
    const icon = note("STAR", " Skills", 700);
    icon.spans[0].y0 -= 3;
    icon.spans[0].y1 -= 3;
    icon.y0 = icon.spans[0].y0;
    expect(shapes(buildBlocks([icon], STATS))[0]).toMatch(/^h4:/);
  });
});
