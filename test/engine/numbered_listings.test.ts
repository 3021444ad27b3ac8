// Issue 9 (the engine on real documents): listings whose line numbers are set in the text
// face, as LaTeX's docstrip sets a package's code (kvoptions p9: "4 \NeedsTeXFormat{LaTeX2e}",
// the number 7 pt roman, the code 9 pt typewriter). Each line had come out as a paragraph of
// its own, the comments (set further right) apart from their numbers and above them.
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { line, lineOfSpans, span } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

/** A docstrip line at row `row`: its number right-aligned before x 160.6, then the code (or
 * a comment, further right) in 9 pt typewriter, or a guard in the text face. */
function docstrip(n: number, code: string, row: number, kind: "code" | "comment" | "guard" = "code"): Line[] {
  const y = 300 + row * 10.9;
  const digits = String(n);
  const number = line(digits, { x: 160.6 - digits.length * 3.5, y, size: 7 });
  if (code === "") return [number];
  const x = kind === "comment" ? 182.1 : 163;
  return [number, line(code, { x, y: y - 1.5, size: 9, mono: kind !== "guard" })];
}

function listing(): Line[] {
  return [
    ...docstrip(1, "⟨∗example⟩", 0, "guard"),
    // The comment is drawn before its number, as the page's content stream has it.
    ...docstrip(2, "% Package identification", 1, "comment").reverse(),
    ...docstrip(3, "\\NeedsTeXFormat{LaTeX2e}", 2),
    ...docstrip(4, "", 3),
    ...docstrip(5, "\\RequirePackage{kvoptions}", 4),
    ...docstrip(6, "family=MCS,", 5),
  ];
}

describe("numbered listings (issue 9: kvoptions' and ltluatex's docstrip code)", () => {
  it("joins a line number in the text face to the code right of it, across a comment's indent", () => {
    const lines = prepareLines(listing());
    expect(lines.map((l) => lineText(l).replace(/\s+/g, " "))).toEqual([
      "1 ⟨∗example⟩",
      "2 % Package identification",
      "3 \\NeedsTeXFormat{LaTeX2e}",
      "4",
      "5 \\RequirePackage{kvoptions}",
      "6 family=MCS,",
    ]);
  });

  it("reads the numbered lines, with the guard and the empty line, as one code block", () => {
    const blocks = buildBlocks(prepareLines(listing()), STATS);
    expect(blocks.map((b) => b.kind)).toEqual(["code"]);
    expect(blocks[0].lines).toHaveLength(6);
  });

  it("a single numbered line of code is no listing", () => {
    const blocks = buildBlocks(prepareLines([...docstrip(3, "\\relax", 0), line("A paragraph of prose follows the line.", { x: 150, y: 320 })]), STATS);
    expect(blocks.map((b) => b.kind)).not.toContain("code");
  });

  it("a number lower than the one before starts a new run, which must hold code of its own; numbers before prose are no listing", () => {
    const blocks = buildBlocks(prepareLines([...docstrip(7, "\\a", 0), ...docstrip(8, "\\b", 1), ...docstrip(2, "\\c", 2)]), STATS);
    expect(blocks.map((b) => `${b.kind}:${b.lines.length}`)).toEqual(["code:2", "paragraph:1"]);
    const prose = buildBlocks(prepareLines([line("1 Introduction to the package", { x: 150, y: 300 }), line("2 Options of the package", { x: 150, y: 312 })]), STATS);
    expect(prose.map((b) => b.kind)).not.toContain("code");
  });

  it("footnotes whose mark touches a URL in the code face are no listing (l3news05's '¹http://…' notes)", () => {
    const notes = [1, 2, 3].map((n, k) => line([{ text: String(n), size: 6 }, { text: `http://www.latex-project.org/papers/${n}`, size: 8, mono: true }], { x: 144.7, y: 700 + 10 * k }));
    // The mark's span ends where the URL's begins: no space, no gap.
    const touching = notes.map((l) => ({ ...l, spans: [{ ...l.spans[0], x1: l.spans[1].x0 }, l.spans[1]] }));
    expect(buildBlocks(prepareLines(touching), STATS).map((b) => b.kind)).not.toContain("code");
  });

  it("joins a commented-out line whose '%' stands at the margin beside its number to the code set further right (line_joining.ts isNumberedCode: ltxutil's '822 %' | '{\\hskip#3…}%', svc-md-1.1.25)", () => {
    const y = 300;
    const numbered = line([{ text: "822", size: 7 }, { text: " %", size: 9, mono: true }], { x: 149.7, y });
    const rest = line("{\\hskip#3\\relax\\H@svsec}{\\Sectionformat{#8}{#1}}%", { x: 197.3, y, size: 9, mono: true });
    const joined = prepareLines([numbered, rest]);
    expect(joined.map((l) => lineText(l).replace(/\s+/g, " "))).toEqual(["822 % {\\hskip#3\\relax\\H@svsec}{\\Sectionformat{#8}{#1}}%"]);
    // A number in the text face before words in the text face is no listing's line.
    const prose = prepareLines([line([{ text: "822", size: 7 }, { text: " see", size: 9 }], { x: 149.7, y }), line("the manual", { x: 197.3, y, size: 9 })]);
    expect(prose).toHaveLength(2);
  });

  it("a digit in the code's size beside code is no line number (lm-info's font table: the glyph '0' before the next cell's '84 x54')", () => {
    const lines = prepareLines([line("0", { x: 157.1, y: 276.2, size: 11 }), line("84 x54", { x: 199.6, y: 277.1, size: 11, mono: true })]);
    expect(lines).toHaveLength(2);
  });
});

describe("a listing's old-style line numbers are no footnote marks (numbered_listings.ts startsWithListingNumber)", () => {
  /** pracjourn's listing (p. 11): the number in 7 pt small-caps Palatino, whose old-style
   * figures' box runs from 3.5 pt above the baseline to the baseline, left of 9 pt code whose
   * box runs 1.9 pt under it; `raise` lifts the number by that many points. */
  function oldStyle(n: number, code: string, row: number, raise = 0): Line[] {
    const y = 192.7 + row * 11.7;
    const number = line(String(n), { x: 151.8, y: y - raise, size: 7 });
    number.spans[0].y1 = number.y1 = y + 3.5 - raise;
    const text = line(code, { x: 173.7, y: y - 1.9, size: 9, mono: true });
    text.spans[0].y1 = text.y1 = y + 5.4;
    return [number, text];
  }

  it("reads the numbered lines as one code block (pracjourn p. 11, each line had been a code block of its own)", () => {
    const lines = [...oldStyle(135, "\\def\\ps@titlepage{%", 0), ...oldStyle(136, "\\def\\@oddhead{\\titlepage@head\\hfil}%", 1), ...oldStyle(137, "\\let\\@evenhead\\@oddhead", 2)];
    const blocks = buildBlocks(prepareLines(lines), STATS);
    expect(blocks.map((b) => `${b.kind}:${b.lines.length}`)).toEqual(["code:3"]);
  });

  it("guard: numbers raised above the code's top still start a note each, as before", () => {
    const lines = [...oldStyle(1, "http://www.latex-project.org/a", 0, 3), ...oldStyle(2, "http://www.latex-project.org/b", 1, 3), ...oldStyle(3, "http://www.latex-project.org/c", 2, 3)];
    const blocks = buildBlocks(prepareLines(lines), STATS);
    expect(blocks).toHaveLength(3);
  });
});

describe("a margin name in the code face left of a numbered line stays apart (line_joining.ts isMarginNameBeforeNumberedCode)", () => {
  /** navydocs p. 15: doc.sty's margin name right-aligned at x 144, 5.7 pt left of the line's
   *  number (7 pt roman) and its 9 pt code. */
  const numberedRow = (name: string, n: number, code: string, y: number): Line[] => [
    line(name, { x: 144 - name.length * 4.5, y, size: 9, mono: true }),
    lineOfSpans([span(String(n), 149.7, y + 1, { size: 7 }), span(` ${code}`, 161.6, y, { size: 9, mono: true })]),
  ];

  it("reads the numbered lines as one code block, the names beside them not joined into them (navydocs' '\\navy@ReportTitle' | '135 \\newcommand…')", () => {
    const lines = prepareLines([...numberedRow("\\navy@ReportTitle", 135, "\\newcommand\\NavyReportTitle[1]{}", 141.2), ...numberedRow("\\navy@Author", 136, "\\newcommand\\navy@ReportTitle{\\relax}", 152.2)]);
    expect(lines.map((l) => lineText(l).trim())).toEqual(["\\navy@ReportTitle", "135 \\newcommand\\NavyReportTitle[1]{}", "\\navy@Author", "136 \\newcommand\\navy@ReportTitle{\\relax}"]);
    // Since svc-md-1.1.33 the names come before the listing, out of its block (margin_labels.ts).
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => `${b.kind}: ${b.lines.map((l) => lineText(l).trim()).join(" | ")}`)).toEqual([
      "paragraph: \\navy@ReportTitle",
      "paragraph: \\navy@Author",
      "code: 135 \\newcommand\\NavyReportTitle[1]{} | 136 \\newcommand\\navy@ReportTitle{\\relax}",
    ]);
  });

  it("guard: code in the code face before code still joins, and a name before prose", () => {
    expect(prepareLines([line("\\def\\x", { x: 100, y: 100, size: 9, mono: true }), line("{\\relax}", { x: 134, y: 100, size: 9, mono: true })]).map(lineText)).toEqual(["\\def\\x {\\relax}"]);
    expect(prepareLines([line("\\countlines", { x: 98.5, y: 100, size: 9, mono: true }), line("The macro counts the lines.", { x: 153.7, y: 99, size: 10 })])).toHaveLength(1);
  });
});

// filehook's code (p. 31): a line too long for the page broken after "↙", an arrow from
// Fourier's symbol font at 5.5 pt, its rest under it without a number. The arrow out of the
// code face made the line prose: its number stood on a line of its own and the line left the
// listing as a paragraph (layout/wrap_markers.ts, svc-md-1.1.35).
describe("a listing's line broken at a wrap marker (wrap_markers.ts)", () => {
  function wrapped(marker: string): Line[] {
    return [
      ...docstrip(410, "\\def\\filehook@input@atbegin#1{%", 0),
      line("411", { x: 150.1, y: 310.9, size: 7 }),
      line([{ text: "\\filehook@csuse{\\filehook@input@atbegin@\\", mono: true, size: 9 }, { text: marker, size: 5.5, italic: true }], { x: 172, y: 309.4, size: 9 }),
      line("filehook@ensureext{#1}}%", { x: 190, y: 320.3, size: 9, mono: true }),
      ...docstrip(412, "\\filehook@input@@atbegin", 3),
    ];
  }

  it("keeps the line with its number and in the listing", () => {
    const lines = prepareLines(wrapped("↙"));
    expect(lines.map((l) => lineText(l).replace(/\s+/g, " "))).toEqual(["410 \\def\\filehook@input@atbegin#1{%", "411 \\filehook@csuse{\\filehook@input@atbegin@\\↙", "filehook@ensureext{#1}}%", "412 \\filehook@input@@atbegin"]);
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => b.kind)).toEqual(["code"]);
    expect(blocks[0].lines).toHaveLength(4);
  });

  it("guard: another glyph out of the code face at the line's end leaves it prose", () => {
    const lines = prepareLines(wrapped("★"));
    expect(lines.map((l) => lineText(l).replace(/\s+/g, " "))).toContain("411");
  });
});
