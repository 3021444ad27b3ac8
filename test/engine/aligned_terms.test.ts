// A description list whose terms are set flush right before definitions that start together
// (layout/aligned_terms.ts; beamer's Verona theme, beamer-verona-default p. 13 converted alone:
// "one Duis eget orci sit amet two Orci dignissim rutrum three Sodales, …" had been one paragraph).
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

/** A 10 pt row whose first word ends at `termEnd` (5 pt a character, a space after it). */
function row(text: string, termEnd: number, y: number): Line {
  const term = text.split(" ")[0];
  return line(text, { x: termEnd - term.length * 5, y });
}

/** A paragraph's full line over the rows, setting the column's right edge at 354 pt (Verona's). */
const PROSE = line("Aenean faucibus. Morbi dolor nulla, malesuada eu, pulvinar at, mollis ac and more.", { x: 8.5, y: 90 });

function paragraphs(lines: Line[]): string[] {
  return buildBlocks([PROSE, ...lines], STATS).slice(1).map((b) => b.lines.map((l) => l.spans.map((s) => (s.bold ? `**${s.text.trim()}**` : s.text)).join("").trim()).join(" | "));
}

describe("a description list's terms set flush right (aligned_terms.ts alignedTermStarts)", () => {
  it("makes each row an item of its own, its term in bold, where the terms end together and start apart", () => {
    const rows = [row("one Duis eget orci sit amet", 65.2, 121.2), row("two Orci dignissim rutrum", 65.2, 136.1), row("three Sodales, sollicitudin vel, wisi", 65.2, 151.1)];
    expect(paragraphs(rows)).toEqual(["**one** Duis eget orci sit amet", "**two** Orci dignissim rutrum", "**three** Sodales, sollicitudin vel, wisi"]);
  });

  it("leaves lines that start together, first words ending apart, or a lone row as they were", () => {
    // A paragraph's lines start together: their first words end together only when as long.
    const together = [line("one Duis eget orci sit amet and more", { x: 50, y: 121.2 }), line("two Orci dignissim rutrum and more", { x: 50, y: 134 })];
    expect(paragraphs(together)).toEqual(["one Duis eget orci sit amet and more | two Orci dignissim rutrum and more"]);
    // Ragged rows whose first words end apart.
    const ragged = [row("one Duis eget orci sit amet", 65.2, 121.2), row("three Sodales, sollicitudin vel, wisi", 80, 134)];
    expect(paragraphs(ragged).join(" ")).not.toContain("**");
    // A paragraph's indented first line over a full line: their first words end together by
    // chance (btxdoc's "This" 1 em in over "versions").
    const indented = [line("This document has three parts: Section 2 describes the differences between", { x: 30, y: 121.2 }), line("versions 0.98i and 0.99b of BibTEX and between the corresponding versions of", { x: 10, y: 134 })];
    expect(paragraphs(indented).join(" ")).not.toContain("**");
    // Two rows: a paragraph's two lines meet so by chance too often (TERM_ROWS_MIN).
    expect(paragraphs([row("one Duis eget orci sit amet", 65.2, 121.2), row("three Sodales, sollicitudin vel, wisi", 65.2, 136.1)]).join(" ")).not.toContain("**");
    // A paragraph's lines beside margin notes, names set flush right in the margin: two full
    // lines ending together (apa6e), or a sentence going on in a small letter (uiucthesis).
    const justified = [row("\\subsubsection For levels 3–5, we add no extra vertical spacing, but we do", 65.2, 121.2), row("\\paragraph Little bit of extra horizontal space between the name and the", 65.2, 133), row("\\subparagraph Course, we need to handle the period.", 65.2, 145)];
    justified[1] = { ...justified[1], x1: justified[0].x1 };
    expect(paragraphs(justified).join(" ")).not.toContain("**");
    const runOn = [line("Use the phdthesis or msthesis to set the thesis type. If your thesis", { x: 84, y: 108 }), row("one isn't for a Ph.D. or M.S., you can set", 65.2, 121.2), row("two Orci dignissim rutrum", 65.2, 136.1), row("three Sodales, sollicitudin vel, wisi", 65.2, 151.1)];
    expect(paragraphs(runOn).join(" ")).not.toContain("**");
    // Inside the list a definition may start in a small letter (uantwerpen's "normal the
    // ordinary white background slide" | "negativefill a reverse video slide …").
    const lower = [row("normal the ordinary white background slide", 65.2, 121.2), row("negativefill a reverse video slide", 65.2, 136.1), row("graphic a graphic canvas", 65.2, 151.1)];
    expect(paragraphs(lower)).toEqual(["**normal** the ordinary white background slide", "**negativefill** a reverse video slide", "**graphic** a graphic canvas"]);
    // A wrapped line whose first word ends where bold terms do, in the definitions' face
    // (asaetr's "(source for this document)" under "asaetr.tex: example usage of …").
    const bold = (text: string, y: number) => line([{ text: text.split(" ")[0], bold: true }, { text: text.slice(text.indexOf(" ")) }], { x: 10, y });
    const wrapped = [bold("asaetr.bst: BibTEX style", 121.2), bold("asaetr.tex: example usage of and documentation for", 133), row("(source for this document)", 65, 145), bold("asaetr.bib: part of the above example", 157)];
    expect(paragraphs(wrapped).join(" ")).not.toContain("(source**");
    // A row ending in a hyphen goes on in the next (tudscr's "… zur Versionsan-" | "gabe. …").
    const hyphen = [row("one Duis eget orci sit amet Versionsan-", 65.2, 121.2), row("two Gabe dignissim rutrum", 65.2, 136.1), row("three Sodales, sollicitudin vel, wisi", 65.2, 151.1)];
    expect(paragraphs(hyphen).join(" ")).not.toContain("**");
    // One row alone.
    expect(paragraphs([row("three Sodales, sollicitudin vel, wisi", 65.2, 121.2)]).join(" ")).not.toContain("**");
  });
});
