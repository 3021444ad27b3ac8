// A numbered listing's names set in the margin (layout/margin_labels.ts): ltxdoc's macro
// environment sets each name flush right left of the listing's numbers, level with a line of
// the code or a line above it. Read by row, the names had been lines of the listing, pushing
// its code right by the margin's width (uwa-pif's "\uwapif@closing" | "1 \newif…" |
// "\uwapif@calibrifont" | "2 \newif…"; kdgdocs' "\copyrightnotices" over "154 ⟨∗ct⟩").
// docs/engine.md, "Numbered listings".
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { marginLabelsFirst } from "../../src/engine/layout/margin_labels.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };
/** Where the listing's lines start, and the margin's names end. */
const CODE_X = 148;
const NAMES_END = 132;

const PROSE = line("Define conditionals for the class options of the package, one for each option.", { x: CODE_X, y: 80 });

/** A name in the code face, flush right at NAMES_END. */
function name(text: string, y: number): Line {
  return line(text, { x: NAMES_END - 5 * text.length, y, mono: true });
}

/** A listing's line: its number in 7 pt, then the code. */
function numbered(n: number, code: string, y: number): Line {
  return line([{ text: String(n), size: 7 }, { text: ` ${code}`, mono: true }], { x: CODE_X, y });
}

function blocks(lines: Line[]): string[] {
  return buildBlocks(lines, STATS).map((b) => `${b.kind}: ${b.lines.map(lineText).join(" | ")}`);
}

describe("a listing's names in the margin (margin_labels.ts)", () => {
  it("come before the listing as a paragraph of their own, the listing after them", () => {
    const lines = [PROSE, name("\\alpha@one", 95.5), numbered(1, "\\newif\\ifalpha@one", 96), name("\\alpha@two", 106.5), numbered(2, "\\newif\\ifalpha@two", 107), numbered(3, "\\newif\\ifalpha@three", 118)];
    expect(blocks(lines)).toEqual([
      `paragraph: ${lineText(PROSE)}`,
      "paragraph: \\alpha@one | \\alpha@two",
      "code: 1 \\newif\\ifalpha@one | 2 \\newif\\ifalpha@two | 3 \\newif\\ifalpha@three",
    ]);
  });

  it("are read so also when the name stands a line above the listing", () => {
    const lines = [PROSE, name("\\copyrightnotices", 94), numbered(154, "\\newcommand{\\@copyrightnotices}{}", 106), numbered(155, "\\def\\x{}", 117)];
    expect(blocks(lines).slice(1)).toEqual(["paragraph: \\copyrightnotices", "code: 154 \\newcommand{\\@copyrightnotices}{} | 155 \\def\\x{}"]);
  });

  it("leave a column without them as it is, and code that only starts left of a listing", () => {
    const plain = [PROSE, numbered(1, "\\newif\\ifa", 96), numbered(2, "\\newif\\ifb", 107)];
    expect(marginLabelsFirst(plain).column).toBe(plain);
    // Two words are a line of code, not a name.
    const code = [PROSE, line("\\let \\x", { x: NAMES_END - 35, y: 95.5, mono: true }), numbered(1, "\\newif\\ifa", 96), numbered(2, "\\newif\\ifb", 107)];
    expect(marginLabelsFirst(code).labels.size).toBe(0);
    // A page number alone under a contents entry's title in the code face is no listing's line.
    const contents = [PROSE, name("\\glet", 95.5), line("32", { x: CODE_X, y: 107 })];
    expect(marginLabelsFirst(contents).labels.size).toBe(0);
  });
});
