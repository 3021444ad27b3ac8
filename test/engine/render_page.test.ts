// render/page.ts: a paragraph broken at a column's foot goes on below the floats (figure,
// caption, labels) set at the top of the next column (issue 9, item 2: reading order on real
// multi-column papers; fixtures/real/paper-tracemonkey-p2), and code lines keep their spans'
// spacing. Synthetic lines (test/support/layout.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { frameEdgesBetween } from "../../src/engine/layout/frame_edges.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import type { Line } from "../../src/engine/model.js";
import { liesUnder, ownerDepth, renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };
const PITCH = 12;
/** A line of running text filling the left column (220 pt at 10 pt, half an em a character), 20 pt short of the right one. */
const FULL = "Word " + "word ".repeat(7) + "text";

/** Lines from `top`, one pitch apart; an empty string leaves a blank line (a block gap). */
function column(texts: string[], x: number, top: number): Line[] {
  return texts.flatMap((t, i) => (t === "" ? [] : [line(t, { x, y: top + i * PITCH })]));
}

function render(right: string[]): string {
  const left = column([FULL, FULL, FULL, FULL, "we evaluate our compiler based on"], 72, 100);
  const lines = prepareLines([...left, ...column(right, 312, 100)]);
  return renderPage(page(1, lines), lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
}

describe("renderPage: a paragraph broken by a column break goes on below the next column's floats", () => {
  it("joins the rest set below a figure's labels and caption, and keeps the floats after it", () => {
    const md = render(["Monitor", "", "Compiled Trace", "", "Figure 2. State machine describing the", "activities of the tracer.", "", "a set of industry benchmarks and the", "paper ends with conclusions in", "Section 9 and an outlook on future", "work in Section 10."]);
    expect(md).toContain("based on a set of industry benchmarks");
    expect(md.indexOf("based on a set")).toBeLessThan(md.indexOf("Figure 2."));
  });

  it("leaves a column alone that starts with running text (a figure inside the column, not at its top)", () => {
    const md = render([FULL, FULL, "Running text ends here.", "", "Figure 3. A figure inside the column.", "", "which the text goes on about after the", "figure, as it does in this column.", FULL, FULL]);
    expect(md).not.toContain("based on which");
    expect(md).toContain("based on\n\n");
  });
});

describe("renderPage: code lines keep their spans' spacing", () => {
  function code(spans: { text: string; x: number; font: string; bold?: boolean }[], y: number): Line {
    const parts = spans.map((s) => line([{ text: s.text, mono: true, font: s.font, bold: s.bold }], { x: s.x, y }).spans[0]);
    return { spans: parts, x0: parts[0].x0, y0: parts[0].y0, x1: parts[parts.length - 1].x1, y1: parts[0].y1, wmode: 0 };
  }

  it("writes spans set against each other without a space, whatever their fonts (scrguide's \\KOMAoptions{DIV=last})", () => {
    // "\" in the regular face, the command name in a bold one a hair wider: each span starts
    // where the one before ends, though behind the column its x position gives.
    const backslash = code([{ text: "\\", x: 122.5, font: "LMMono10-Regular" }], 100).spans[0];
    const name = { ...code([{ text: "KOMAoptions", x: backslash.x1, font: "LMMonoLt10-Bold", bold: true }], 100).spans[0] };
    name.x1 = name.x0 + 11 * 5.04;
    const rest = code([{ text: "{DIV=last}", x: name.x1, font: "LMMono10-Regular" }], 100).spans[0];
    const first: Line = { spans: [backslash, name, rest], x0: backslash.x0, y0: backslash.y0, x1: rest.x1, y1: backslash.y1, wmode: 0 };
    const second = code([{ text: "\\typearea[current]{last}", x: 122.5, font: "LMMono10-Regular" }], 112);
    const md = renderPage(page(1, [first, second]), [first, second], STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(md).toBe("```\n\\KOMAoptions{DIV=last}\n\\typearea[current]{last}\n```");
  });
});

describe("renderPage: code keeps the blank lines the page sets (book-r-intro-p45)", () => {
  it("counts blank lines by the closest pitch, even where they are as many as the set lines", () => {
    // R's output: a command, a blank line, a title, a blank line, then two lines at the pitch.
    const at = (text: string, row: number) => line(text, { mono: true, x: 90, y: 100 + row * PITCH });
    const lines = prepareLines([at("> shapiro.test(long)", 0), at("    Shapiro-Wilk normality test", 2), at("data:  long", 4), at("W = 0.9793, p-value = 0.01052", 5)]);
    const md = renderPage(page(1, lines), lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(md).toBe("```\n> shapiro.test(long)\n\n    Shapiro-Wilk normality test\n\ndata:  long\nW = 0.9793, p-value = 0.01052\n```");
  });
});

describe("renderPage: blocks set under a list item's text belong to it (issue 9: R-intro p9, R-data p9)", () => {
  const renderLines = (input: Line[]) => {
    const lines = prepareLines(input);
    return renderPage(page(1, lines), lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
  };

  it("indents a listing and a paragraph under the item's text, up to the next item", () => {
    const md = renderLines([
      line("In using R the suggested procedure is as follows:", { x: 90, y: 100 }),
      line("1. Create a separate sub-directory, say work, to hold data files.", { x: 96, y: 118 }),
      line("$ mkdir work", { x: 130, y: 136, mono: true }),
      line("$ cd work", { x: 130, y: 148, mono: true }),
      line("The directory is where R keeps its files for this problem.", { x: 112, y: 166 }),
      line("2. Start the R program with the command", { x: 96, y: 184 }),
      line("$ R", { x: 130, y: 202, mono: true }),
    ]);
    expect(md).toBe(
      [
        "In using R the suggested procedure is as follows:",
        "1. Create a separate sub-directory, say work, to hold data files.",
        "   ```\n   $ mkdir work\n   $ cd work\n   ```",
        "   The directory is where R keeps its files for this problem.",
        "2. Start the R program with the command",
        "   ```\n   $ R\n   ```",
      ].join("\n\n"),
    );
  });

  it("nests the next sub-item after a listing and a paragraph under the one before it (R-ints p32: \"a.\" and its table of names, then \"b.\" and \"c.\" under \"3.\")", () => {
    const md = renderLines([
      line("3. Low level functions which belong to one of the following groups:", { x: 96, y: 100 }),
      line("a. Basic mathematical functions with a single argument, i.e.,", { x: 118, y: 118 }),
      line("abs   sign   sqrt", { x: 162, y: 136, mono: true }),
      line("log is a primitive function of one or two arguments.", { x: 133, y: 154 }),
      line("b. Functions rarely used outside of programming, such as", { x: 118, y: 172 }),
      line("nargs   missing", { x: 162, y: 190, mono: true }),
      line("c. The programming and session management utilities", { x: 118, y: 208 }),
      line("4. The following basic replacement and extractor functions", { x: 96, y: 226 }),
    ]);
    expect(md).toBe(
      [
        "3. Low level functions which belong to one of the following groups:\n   1. Basic mathematical functions with a single argument, i.e.,",
        "      ```\n      abs   sign   sqrt\n      ```",
        "      log is a primitive function of one or two arguments.",
        "   2. Functions rarely used outside of programming, such as",
        "      ```\n      nargs   missing\n      ```",
        "   3. The programming and session management utilities\n4. The following basic replacement and extractor functions",
      ].join("\n\n"),
    );
  });

  it("leaves a line set flush right under the list out of its last item (facture-belge-simple-sans-tva p1: \"A payer au compte bancaire …\")", () => {
    const item = "— The second delivery runs over two months, one quantity a week,";
    const lines = [
      line(item, { x: 86, y: 100 }),
      line("one quantity per week.", { x: 101, y: 112 }),
      line("Pay into account BE95 before the date.", { x: 320, y: 124 }),
    ];
    // The item's first line ends where the flush-right line ends: the column's edge.
    const right = lines[0].x1;
    lines[2] = line("Pay into account BE95 before the date.", { x: right - (lines[2].x1 - lines[2].x0), y: 124 });
    expect(renderLines(lines)).toMatch(/\n\nPay into account BE95 before the date\.$/);
    // The line in two pieces on its row, apart where its account number's underline ran
    // (svc-md-1.1.18): the row's last piece ends at the edge.
    const tail = line("before the date.", { x: 0, y: 124 });
    const tailWidth = tail.x1 - tail.x0;
    const head = line("Pay into account BE95", { x: 0, y: 124 });
    const headX = right - tailWidth - 3 - (head.x1 - head.x0);
    const pieces = [line("Pay into account BE95", { x: headX, y: 124 }), line("before the date.", { x: right - tailWidth, y: 124 })];
    const itemBody = { left: 100, right, bottom: 122, indent: "  " };
    expect(liesUnder(pieces, itemBody)).toBe(false);
    expect(liesUnder([pieces[0]], itemBody)).toBe(true);
    // A paragraph under the item's text, as far right as the column's edge, stays the item's.
    const under = [line(item, { x: 86, y: 100 }), line("one quantity per week.", { x: 101, y: 112 }), line("A note on the delivery, set under the item text.", { x: 101, y: 130 })];
    expect(renderLines(under)).toMatch(/\n\n {2}A note on the delivery/);
    // A contents entry reaches the edge with its page number and stays under its chapter's
    // (revtex's author guide: "Collaborations 6" under "IV.3. Specifying authors …").
    const entry = line("Collaborations 6", { x: 0, y: 124 });
    const contents = [line(item, { x: 86, y: 100 }), line("one quantity per week.", { x: 101, y: 112 }), line("Collaborations 6", { x: right - (entry.x1 - entry.x0), y: 124 })];
    expect(renderLines(contents)).toMatch(/\n\n {2}Collaborations 6$/);
  });

  it("ends the list at a table after an item (a table has no lines to lie under the item)", () => {
    const md = renderLines([
      line("1. Prices at the market:", { x: 96, y: 100 }),
      ...[["Apples", "3"], ["Pears", "12"], ["Plums", "100"]].flatMap(([name, n], r) => [line(name, { x: 112, y: 118 + 14 * r }), line(n, { x: 300, y: 118 + 14 * r })]),
      line("2. Next item", { x: 96, y: 170 }),
    ]);
    expect(md).toContain("| Apples | 3 |");
    expect(md).toMatch(/\|\n\n2\. Next item$/);
  });

  it("gives a paragraph under an item's text after the items nested in it to that item (ownerDepth: Chromium's FAQ)", () => {
    // "You can renew …" is set under "2. How long …"'s text, left of its sub-items' text: it
    // had come out at the margin, ending the list before "3.".
    const md = renderLines([
      line("1. How many items can I borrow?", { x: 96, y: 100 }),
      line("2. How long can I keep them?", { x: 96, y: 114 }),
      line("- Books and audiobooks: three weeks.", { x: 126, y: 128 }),
      line("- DVDs and passes: one week.", { x: 126, y: 142 }),
      line("You can renew an item twice unless someone has reserved it.", { x: 111, y: 162 }),
      line("3. What if I return something late?", { x: 96, y: 182 }),
    ]);
    expect(md).toContain("  - DVDs and passes: one week.\n\n   You can renew an item twice");
    expect(md).toMatch(/reserved it\.\n\n3\. What if/);
  });

  it("leaves a paragraph back at the margin after a nested list out of every item", () => {
    // Guard: the parents are asked too, and the margin lies under none of them.
    const md = renderLines([
      line("1. How long can I keep them?", { x: 96, y: 100 }),
      line("- Books and audiobooks: three weeks.", { x: 126, y: 114 }),
      line("The list ended and the text goes on at the margin.", { x: 90, y: 134 }),
    ]);
    expect(md).toMatch(/three weeks\.\n\nThe list ended/);
  });

  it("leaves a paragraph back at the margin after the list, and a block in the next column, out of the item", () => {
    const md = renderLines([
      line("1. Create a separate sub-directory.", { x: 96, y: 118 }),
      line("The list ended and the text goes on at the margin.", { x: 90, y: 136 }),
    ]);
    expect(md).toBe("1. Create a separate sub-directory.\n\nThe list ended and the text goes on at the margin.");
  });

  it("takes a number in the body's weight before a bold title for an item's, not a numbered heading ('4. **Missing values**')", () => {
    const stats: DocumentStats = { body: { size: 10, bold: false }, headings: [{ size: 10, bold: true, level: 3 }], running: new Set() };
    const lines = prepareLines([line([{ text: "4. " }, { text: "Missing values", bold: true }], { x: 96, y: 100 }), line("By default missing values are output as NA.", { x: 112, y: 116 })]);
    const md = renderPage(page(1, lines), lines, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(md).toBe("4. **Missing values**\n\n   By default missing values are output as NA.");
    const heading = prepareLines([line([{ text: "1. ", bold: true }, { text: "Introduction", bold: true }], { x: 96, y: 100 })]);
    expect(renderPage(page(1, heading), heading, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown).toBe("### 1. Introduction");
  });
});

describe("renderPage: outline levels under a title the outline leaves out (issue 9: LibreOffice's minutes, whose Heading 1 the outline lists at level 1)", () => {
  const stats: DocumentStats = {
    body: { size: 10.5, bold: false },
    headings: [
      { size: 24, bold: true, level: 1 },
      { size: 16, bold: true, level: 2 },
      { size: 13, bold: true, level: 3 },
    ],
    running: new Set(),
  };
  const lines = prepareLines([
    line("Minutes of the Management Meeting", { x: 91, y: 80, size: 24, bold: true }),
    line("1 Attendance", { x: 62, y: 140, size: 16, bold: true }),
    line("Present: the board.", { x: 62, y: 170, size: 10.5 }),
    line("3.1 Harbour Library Extension", { x: 62, y: 200, size: 13, bold: true }),
  ]);
  const render = (outline: [string, number][]) =>
    renderPage(page(1, lines), lines, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map([[1, new Map(outline)]])).markdown;

  it("goes one level deeper where every heading the outline names sits one deeper by its style, so the sections stay under the title", () => {
    expect(render([["1 attendance", 1], ["3 1 harbour library extension", 2]])).toBe(
      "# Minutes of the Management Meeting\n\n## 1 Attendance\n\nPresent: the board.\n\n### 3.1 Harbour Library Extension",
    );
  });

  it("takes the outline's levels as they are where the styles sit deeper by more: display type, no title (freeculture's 'CONTENTS')", () => {
    const deep: DocumentStats = { ...stats, headings: stats.headings.map((h) => ({ ...h, level: h.level + 2 })) };
    const md = renderPage(page(1, lines), lines, deep, { ...defaultRenderOptions, headersFooters: "keep" }, new Map([[1, new Map([["1 attendance", 1]])]])).markdown;
    expect(md).toContain("\n\n# 1 Attendance\n\n");
  });

  it("takes the outline's levels as they are where it names the title too", () => {
    expect(render([["minutes of the management meeting", 1], ["1 attendance", 1], ["3 1 harbour library extension", 2]])).toBe(
      "# Minutes of the Management Meeting\n\n# 1 Attendance\n\nPresent: the board.\n\n## 3.1 Harbour Library Extension",
    );
  });
});

describe("renderPage: lines their author broke (issue 9: a letter's signature, ltnews33's outline titles)", () => {
  const stats: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };
  // The page's widest line sets the column's right edge far right of the short lines.
  const lines = prepareLines([
    line("Thank you for your enquiry of 21 October and for showing us around your head office.", { x: 72, y: 100 }),
    line("Additions to tracingall", { x: 72, y: 130, italic: true }),
    line("The command now also traces the font changes.", { x: 72, y: 142 }),
  ]);
  const render = (outline: [string, number][]) => renderPage(page(1, lines), lines, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map([[1, new Map(outline)]])).markdown;

  it("writes a line break as a backslash at the line's end", () => {
    expect(render([])).toBe(
      "Thank you for your enquiry of 21 October and for showing us around your head office.\n\n*Additions to tracingall*\\\nThe command now also traces the font changes.",
    );
  });

  it("splits off the lines before a paragraph's first break where they name an outline entry: a heading", () => {
    expect(render([["additions to tracingall", 3]])).toContain("\n\n### Additions to tracingall\n\nThe command now also traces the font changes.");
  });
});

describe("renderPage: justified text whose last line at a column's foot runs full goes on at the next column's top (issue 9: an office newsletter, 'retires at the end of October.' | 'Margaret has seen …')", () => {
  /** Two justified columns: every line of the left one ends at 297, of the right one at 537. */
  const justified = (text: string, x: number, y: number, x1: number, style: { bold?: boolean; size?: number } = {}): Line => {
    const l = line(text, { x, y, ...style });
    return { ...l, x1, spans: l.spans.map((s, k) => (k === l.spans.length - 1 ? { ...s, x1 } : s)) };
  };
  const leftColumn = [
    justified("Farewell to our bookkeeper who served the members", 72, 100, 297),
    justified("of the cooperative for many years in the office of", 72, 112, 297),
    justified("the press house, where she kept every account right.", 72, 124, 297),
    justified("After 22 years as the bookkeeper she retires in October.", 72, 136, 297),
  ];
  const renderRight = (first: Line) => {
    const lines = [
      ...leftColumn,
      first,
      justified("to 118 members and has introduced the system we use.", 312, 112, 537),
      justified("We thank her warmly and wish her many happy years in", 312, 124, 537),
      justified("her own orchard.", 312, 136, 400),
    ];
    return renderPage(page(1, lines), lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
  };

  it("joins the two parts into one paragraph", () => {
    expect(renderRight(justified("Margaret has seen the cooperative grow from 40 up", 312, 100, 537))).toBe(
      "Farewell to our bookkeeper who served the members of the cooperative for many years in the office of the press house, where she kept every account right. After 22 years as the bookkeeper she retires in October. Margaret has seen the cooperative grow from 40 up to 118 members and has introduced the system we use. We thank her warmly and wish her many happy years in her own orchard.",
    );
  });

  it("leaves them apart where the next column's paragraph starts with a bold lead-in, or with an indent", () => {
    const bold = line([{ text: "Note.", bold: true }, { text: " The harbour master may refuse entry to a" }], { x: 312, y: 100 });
    expect(renderRight({ ...bold, x1: 537 })).toContain("October.\n\n**Note.**");
    expect(renderRight(justified("Margaret has seen the cooperative grow from", 330, 100, 537))).toContain("October.\n\nMargaret");
  });

  it("leaves them apart where the first column ends in lines set flush right, which start where they may (svc-md-1.1.15: a letter's sender block)", () => {
    const flushRight = [
      justified("Port of Vila Nova, Harbour Office", 180, 100, 297),
      justified("Cais Norte 1, east pontoon", 190, 112, 297),
      justified("4480-000 Vila Nova, Portugal", 150, 124, 297),
      justified("Telephone +351 252 000 000", 200, 136, 297),
    ];
    const lines = [
      ...flushRight,
      justified("Margaret has seen the cooperative grow from 40 up", 312, 100, 537),
      justified("to 118 members and has introduced the system we use.", 312, 112, 537),
      justified("We thank her warmly and wish her many happy years in", 312, 124, 537),
      justified("her own orchard.", 312, 136, 400),
    ];
    const md = renderPage(page(1, lines), lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(md).toContain("Telephone +351 252 000 000\n\nMargaret has seen");
  });

  it("leaves them apart where the next group stands under the paragraph at another measure (svc-md-1.1.39: a Writer section of two columns under full-width text, 'the price review.' | 'The Board met …')", () => {
    const across = [
      justified("None of this would have been possible without the work of our staff and volunteers, and I", 72, 100, 537),
      justified("thank them on behalf of the Board and our regulator for its challenge during the price review.", 72, 112, 537),
    ];
    const columns = [
      justified("The Board met eleven times during the year, and its", 72, 130, 297),
      justified("committees on audit and capital investment met on", 72, 142, 297),
      justified("a further fourteen occasions during the year.", 72, 154, 260),
      justified("Our priorities for the coming year are to begin the", 312, 130, 537),
      justified("reservoir programme and to extend smart metering", 312, 142, 537),
      justified("to a further twelve thousand homes.", 312, 154, 480),
    ];
    const lines = [...across, ...columns];
    const md = renderPage(page(1, lines), lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(md).toContain("the price review.\n\nThe Board met");
    // At one measure, the same page's paragraph going on at a column's top is still joined.
    expect(renderRight(justified("Margaret has seen the cooperative grow from 40 up", 312, 100, 537))).toContain("October. Margaret");
  });
});

describe("renderPage: a title's byline on the first page (issue 9: dvipdfm's 'Mark A. Wicks', 'Version 0.12.4b', 'September 19, 1999')", () => {
  const stats: DocumentStats = {
    body: { size: 10, bold: false },
    headings: [
      { size: 17, bold: false, level: 1 },
      { size: 12, bold: true, level: 2 },
      { size: 12, bold: false, level: 3 },
    ],
    running: new Set(),
  };
  const render = (pageNumber: number, extra: Line[] = []) => {
    const lines = prepareLines([
      line("Dvipdfm User’s Manual", { x: 108, y: 105, size: 17 }),
      line("Mark A. Wicks", { x: 108, y: 140, size: 12 }),
      line("Version 0.12.4b", { x: 108, y: 180, size: 12 }),
      line("September 19, 1999", { x: 108, y: 220, size: 12 }),
      ...extra,
      line("1. Introduction", { x: 108, y: 300, size: 12, bold: true }),
      ...["This package is a DVI to PDF conversion utility, having", "the following features: outlines, named destinations,", "annotations, images and a set of specials that work", "with most of the macro packages in common use."].map((text, k) =>
        line(text, { x: 108, y: 322 + 12 * k }),
      ),
    ]);
    return renderPage(page(pageNumber, lines), lines, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
  };

  it("makes the names, version and date under the title paragraphs, not headings", () => {
    expect(render(1)).toBe(
      "# Dvipdfm User’s Manual\n\nMark A. Wicks\n\nVersion 0.12.4b\n\nSeptember 19, 1999\n\n## 1. Introduction\n\nThis package is a DVI to PDF conversion utility, having the following features: outlines, named destinations, annotations, images and a set of specials that work with most of the macro packages in common use.",
    );
  });

  it("reads a name with its note marks as a byline ('Michael Shell∗†', 'Boris Veytsman†')", () => {
    expect(render(1, [line([{ text: "Boris Veytsman", size: 12 }, { text: "†", size: 8 }], { x: 108, y: 255 })])).toContain("\n\nBoris Veytsman<sup>†</sup>\n\n");
  });

  it("leaves them headings on a later page, and leaves a section's title under the title a heading ('What’s New')", () => {
    expect(render(2)).toContain("### Mark A. Wicks");
    expect(render(1, [line("What’s New", { x: 108, y: 260, size: 12 })])).toContain("### What’s New");
  });

  it("reads a line over an e-mail address alone as its author's, whatever its words (ekaia's 'Edorta Ibarra and the Ekaia Journal (UPV/EHU)')", () => {
    const byline = [line("Edorta Ibarra and the Ekaia Journal (UPV/EHU)", { x: 108, y: 250, size: 12 }), line("ekaia@ehu.eus", { x: 108, y: 266 })];
    expect(render(1, byline)).toContain("\n\nEdorta Ibarra and the Ekaia Journal (UPV/EHU)\n\nekaia@ehu.eus\n\n");
    // Over a name and its address, a title's line stays one (emisa's wrapped title).
    const subtitle = [line("International Journal of Conceptual Modeling", { x: 108, y: 250, size: 12 }), line("Stefan Strecker (stefan@fernuni-hagen.de)", { x: 108, y: 266 })];
    expect(render(1, subtitle)).toContain("### International Journal of Conceptual Modeling");
  });

  it("reads authors with their affiliation, and an institution's name alone, as the byline (JACoW's 'A. N. Author†, …, Name of Institute or Affiliation, City, Country'; cascadilla's 'University of Somewhere'; svc-md-1.1.28)", () => {
    const jacow = line("A. N. Author, H. Coauthor, Name of Institute or Affiliation, City, Country", { x: 108, y: 255, size: 12 });
    expect(render(1, [jacow])).toContain("\n\nA. N. Author, H. Coauthor, Name of Institute or Affiliation, City, Country\n\n");
    expect(render(1, [line("University of Somewhere", { x: 108, y: 255, size: 12 })])).toContain("\n\nUniversity of Somewhere\n\n");
    expect(render(1, [line("Université de Bordeaux", { x: 108, y: 255, size: 12 })])).toContain("\n\nUniversité de Bordeaux\n\n");
  });

  it("guard: a longer line naming a university, a numbered one, or one without an institution stays a heading", () => {
    expect(render(1, [line("A thesis presented to Ryerson University and Hogwarts University", { x: 108, y: 255, size: 12 })])).toContain("### A thesis presented to Ryerson University and Hogwarts University");
    expect(render(1, [line("Department 2 Annual Review", { x: 108, y: 255, size: 12 })])).toContain("### Department 2 Annual Review");
    expect(render(1, [line("Getting Started, Setup, Usage", { x: 108, y: 255, size: 12 })])).toContain("### Getting Started, Setup, Usage");
  });
});

describe("renderPage: an IEEE paper's first page (issue 9: IEEEtran's bare_jrnl)", () => {
  const stats: DocumentStats = { body: { size: 10, bold: false }, headings: [{ size: 24, bold: false, level: 1 }, { size: 10, bold: true, level: 2 }], running: new Set() };
  const body = (y: number, n: number) => ["This demo file is intended to serve as a starter file for IEEE journal", "papers produced under LaTeX using IEEEtran.cls version 1.8b and later,", "and we wish you the best of success with your paper and its review.", "This is the last line of the paragraph."].slice(0, n).map((text, k) => line(text, { x: 49, y: y + 12 * k }));
  const render = (lines: Line[]) => {
    const prepared = prepareLines(lines);
    return renderPage(page(1, prepared), prepared, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
  };

  it("reads the authors with their grades as a byline, and a centred 'I. INTRODUCTION' as a section's heading, not a list's item or a name", () => {
    const md = render([
      line("Bare Demo of IEEEtran.cls", { x: 150, y: 60, size: 24 }),
      line([{ text: "Michael Shell, " }, { text: "Member, IEEE, ", italic: true }, { text: "and Jane Doe, " }, { text: "Life Fellow, IEEE", italic: true }], { x: 150, y: 100, size: 11 }),
      ...body(140, 4),
      line("I. INTRODUCTION", { x: 189, y: 210 }),
      ...body(230, 4),
      line("II. CONCLUSION", { x: 191, y: 300 }),
      ...body(320, 2),
    ]);
    expect(md).toContain("\n\nMichael Shell, *Member, IEEE,* and Jane Doe, *Life Fellow, IEEE*\n\n");
    expect(md).toContain("\n\n## I. INTRODUCTION\n\n");
    expect(md).toContain("\n\n## II. CONCLUSION\n\n");
  });

  it("reads a centred 'REFERENCES' and an italic lettered 'A. Page Costs' flush with the text as headings", () => {
    const md = render([
      line("Bare Demo of IEEEtran.cls", { x: 150, y: 60, size: 24 }),
      ...body(100, 4),
      line([{ text: "A. Page Costs", italic: true }], { x: 49, y: 160 }),
      // Its text's first line is indented, as IEEE sets every paragraph's.
      line("The cost of a page depends on the number of characters and", { x: 59, y: 172 }),
      ...body(184, 3),
      line("REFERENCES", { x: 201, y: 240 }),
      ...body(256, 2),
    ]);
    expect(md).toContain("\n\n### A. Page Costs\n\n");
    expect(md).toContain("\n\n## REFERENCES\n\n");
  });

  it("makes a bold label run into its text after a dash a paragraph ('Abstract—The abstract goes here.')", () => {
    const md = render([line("Bare Demo of IEEEtran.cls", { x: 150, y: 60, size: 24 }), ...body(100, 4), line("Index Terms—IEEE, IEEEtran, journal, LaTeX, paper.", { x: 49, y: 200, bold: true }), ...body(230, 4)]);
    expect(md).toContain("\n\n**Index Terms—IEEE, IEEEtran, journal, LaTeX, paper.**\n\n");
  });
});

describe("renderPage: a revtex paper's section titles (issue 9: APS's author guides and apssamp)", () => {
  // revtex's title is 12 pt bold over 10 pt text: no larger than the top level asks, so it
  // is level 2; sections are 9 pt bold capitals centred in their column.
  const stats: DocumentStats = { body: { size: 10, bold: false }, headings: [{ size: 12, bold: true, level: 2 }, { size: 10, bold: true, level: 3 }], running: new Set() };
  // The column's text, x 54 to 309 (its axis at 181.5).
  const body = (y: number, n: number) => Array.from({ length: n }, (_, k) => line("Articles published in American Physical Society and", { x: 54, y: y + 11.5 * k }));
  const render = (lines: Line[]) => {
    const prepared = prepareLines(lines);
    return renderPage(page(1, prepared), prepared, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
  };

  it("joins the roman number set more than an em before its title, and puts the section under the document's title level", () => {
    const md = render([
      line("APS Author Guide for REVTeX 4.2", { x: 199, y: 54, size: 12, bold: true }),
      ...body(80, 3),
      // 1.2 em apart, centred: 13.5 + 10.8 + 45 points wide.
      line("II.", { x: 147, y: 130, size: 9, bold: true }),
      line("FORMATTING", { x: 171.3, y: 130, size: 9, bold: true }),
      ...body(150, 4),
    ]);
    expect(md).toContain("\n\n### II. FORMATTING\n\n");
  });

  it("reads a centred title wrapped over two lines, and one that fills its column, as sections' titles", () => {
    const md = render([
      line("What's New in REVTeX 4.1", { x: 199, y: 54, size: 12, bold: true }),
      ...body(80, 3),
      line("I. NEW SYNTAX AND FEATURES IN", { x: 116.25, y: 130, size: 9, bold: true }),
      line("REVTEX 4.1", { x: 159, y: 141, size: 9, bold: true }),
      ...body(160, 4),
      // Within 1.5 em of the column's edges.
      line("III. REVTEX 4 BACKWARDS COMPATIBILITY WITH OLD SYNTAX", { x: 62.25, y: 220, size: 9, bold: true }),
      ...body(240, 3),
    ]);
    expect(md).toContain("\n\n### I. NEW SYNTAX AND FEATURES IN REVTEX 4.1\n\n");
    expect(md).toContain("\n\n### III. REVTEX 4 BACKWARDS COMPATIBILITY WITH OLD SYNTAX\n\n");
  });
});

describe("renderPage: a title page's subtitle and authors (issue 9: geobase's 'Edition 1.0', R's 'The R Core Team' and R-intro's authors)", () => {
  const stats: DocumentStats = {
    body: { size: 10, bold: false },
    headings: [
      { size: 18, bold: true, level: 1 },
      { size: 14, bold: true, level: 2 },
      { size: 14, bold: false, level: 2 },
    ],
    running: new Set(),
  };
  const render = (lines: Line[]) => {
    const prepared = prepareLines(lines);
    return renderPage(page(1, prepared), prepared, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
  };

  it("sets the edition and the date in the title's bold face one level under it: a document has one title", () => {
    expect(
      render([
        line("National Hydro Network, Canada, Level 1", { x: 131, y: 204, size: 18, bold: true }),
        line("Data Model", { x: 258, y: 225, size: 18, bold: true }),
        line("Edition 1.0", { x: 260, y: 294, size: 18, bold: true }),
        line("2004-08", { x: 273, y: 356, size: 18, bold: true }),
        line("Service à la clientèle de GéoGratis", { x: 208, y: 500 }),
        line("Téléphone : +01-819-564-4857", { x: 223, y: 512 }),
      ]),
    ).toBe("# National Hydro Network, Canada, Level 1 Data Model\n\n## Edition 1.0\n\n## 2004-08\n\nService à la clientèle de GéoGratis Téléphone : +01-819-564-4857");
  });

  it("makes a team's name, and a list of authors in bold after a subtitle, paragraphs", () => {
    expect(render([line("R: A Language and Environment", { x: 100, y: 100, size: 18, bold: true }), line("The R Core Team", { x: 100, y: 160, size: 14 })])).toBe(
      "# R: A Language and Environment\n\nThe R Core Team",
    );
    expect(
      render([
        line("An Introduction to R", { x: 100, y: 100, size: 18, bold: true }),
        line("Notes on R: A Programming Environment for Data Analysis", { x: 100, y: 140 }),
        line("W. N. Venables, D. M. Smith and the R Core Team", { x: 100, y: 200, size: 14, bold: true }),
      ]),
    ).toBe("# An Introduction to R\n\nNotes on R: A Programming Environment for Data Analysis\n\n**W. N. Venables, D. M. Smith and the R Core Team**");
  });

  it("reads the byline on after a version line under the title (R-lang's 'Version 4.2.2 Patched (2022-11-10)' over 'R Core Team')", () => {
    expect(
      render([
        line("R Language Definition", { x: 100, y: 100, size: 18, bold: true }),
        line("Version 4.2.2 Patched (2022-11-10)", { x: 300, y: 140 }),
        line("R Core Team", { x: 100, y: 500, size: 14 }),
      ]),
    ).toBe("# R Language Definition\n\nVersion 4.2.2 Patched (2022-11-10)\n\nR Core Team");
  });

  it("leaves a section's title after the title a heading, and two capitalized words after a paragraph ('Winter Moorings')", () => {
    expect(render([line("An Introduction to R", { x: 100, y: 100, size: 18, bold: true }), line("Why the model matters here", { x: 100, y: 160, size: 14 })])).toContain(
      "## Why the model matters here",
    );
    expect(
      render([
        line("Harbourmaster Notice", { x: 100, y: 100, size: 18, bold: true }),
        line("The harbour will close its outer basin for the winter.", { x: 100, y: 140 }),
        line("Winter Moorings", { x: 100, y: 200, size: 14 }),
      ]),
    ).toContain("## Winter Moorings");
  });

  it("makes a date alone a paragraph also after an author's line with an address (caption's '2022/02/20', ctable's 'October 18, 2015')", () => {
    expect(
      render([
        line("The ctable package", { x: 100, y: 100, size: 18, bold: true }),
        line("Wybo Dekker wybo@dekkerdocumenten.nl", { x: 100, y: 140, size: 14 }),
        line("October 18, 2015", { x: 100, y: 180, size: 14 }),
        line("Results for 2015", { x: 100, y: 225, size: 14 }),
        line("The package sets tables in floats with notes under them.", { x: 100, y: 250 }),
        line("Its options name the caption, the label and the width.", { x: 100, y: 262 }),
      ]),
    ).toBe(
      "# The ctable package\n\nWybo Dekker wybo@dekkerdocumenten.nl\n\nOctober 18, 2015\n\n## Results for 2015\n\nThe package sets tables in floats with notes under them. Its options name the caption, the label and the width.",
    );
  });
});

describe("renderPage: footnotes under a footnote rule (issue 9: a two-column paper's footnote at the foot of the left column)", () => {
  it("reads the note after the page's text, and the paragraph broken by the column break whole", () => {
    // The left column ends mid-sentence at its foot, over the note; the right one goes on.
    const left = column([FULL, FULL, FULL, FULL, FULL, "Word word word word Table 1 summarises the"], 72, 500);
    const note = line("1Corresponding author: a.devries@example.org", { x: 72, y: 720, size: 9 });
    const right = column(["results by city. The gains are largest", FULL, FULL, FULL, FULL, "during the day."], 312, 500);
    const lines = prepareLines([...left, note, ...right]);
    const model = { ...page(1, lines), rules: [{ x0: 72, y0: 712, x1: 160, y1: 712.5, kind: "fill" as const }] };
    const md = renderPage(model, lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(md).toContain("Table 1 summarises the results by city.");
    expect(md.trimEnd().endsWith("<sup>1</sup>Corresponding author: a.devries@example.org")).toBe(true);
  });
});

describe("renderPage: a glyph set apart inside code (shared-mime-info's spec)", () => {
  it("keeps a listing's line whose letter TeX drew smaller and raised in another face in the code block, without a blank line for its taller box", () => {
    const at = (text: string, row: number) => line(text, { mono: true, x: 90, y: 100 + row * PITCH });
    // '<comment xml:lang="af">verskille tussen lÃ' | 'a' in 6 pt, raised, in the text face | 'ers</comment>'.
    const head = at('<comment xml:lang="af">verskille tussen lÃ', 1).spans[0];
    const raised = { ...head, text: "a", font: "Times-Roman", monospace: false, size: 6, x0: head.x1, x1: head.x1 + 3, y0: head.y0 - 3, y1: head.y0 + 3 };
    const tail = { ...head, text: "ers</comment>", x0: raised.x1, x1: raised.x1 + 13 * 5 };
    const accented: Line = { spans: [head, raised, tail], x0: head.x0, y0: raised.y0, x1: tail.x1, y1: head.y1, wmode: 0 };
    const lines = [at("<comment>Differences between files</comment>", 0), accented, at("...", 2)];
    const md = renderPage(page(1, lines), lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(md).toBe('```\n<comment>Differences between files</comment>\n<comment xml:lang="af">verskille tussen lÃaers</comment>\n...\n```');
  });

  it("leaves a line number in the text face between a margin's entry and the code (a .dtx listing) to the listing rules", () => {
    const entry = line([{ text: "\\NomItmMrg", mono: true }, { text: " " }, { text: "10", size: 7 }, { text: " " }, { text: "\\newlength{\\NomItmSep}", mono: true }], { y: 100 });
    const md = renderPage(page(1, [entry]), [entry], STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(md).not.toContain("```");
  });
});

describe("renderPage: a title wrapped onto a short second line (svc-md-1.1.14)", () => {
  // A browser's article: a 20 pt title over a text column and a narrow aside, its second line
  // set 0.2 pt into the first, short enough to stand in the text column's band alone.
  const stats: DocumentStats = { body: { size: 10, bold: false }, headings: [{ size: 20, bold: true, level: 1 }], running: new Set() };
  const title = [line("City to test electric ferries on the harbour", { x: 50, y: 50, size: 20, bold: true }), line("line", { x: 50, y: 69.8, size: 20, bold: true })];
  const text = Array.from({ length: 8 }, (_, k) => line(k === 7 ? "the end." : "The city will run two battery ferries on the", { x: 50, y: 110 + 12 * k }));
  const aside = ["Related stories of the week", "New timetable for the harbour", "Bus lane on Ringvägen opens", "Why the ferries run late"].map((t, k) => line(t, { x: 330, y: 110 + 12 * k, size: 9 }));

  it("is one heading, its lines joined, also when its lines overlap a little", () => {
    const lines = prepareLines([...title, ...text, ...aside]);
    const md = renderPage(page(1, lines), lines, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(md.startsWith("# City to test electric ferries on the harbour line\n")).toBe(true);
  });
});

describe("renderPage: a table floated beside the text (fixtures/real/gen-wiki-p1, svc-md-1.1.14)", () => {
  it("follows the paragraph it stands beside, which goes on whole", async () => {
    const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/real/gen-wiki-p1.pdf")));
    const { markdown } = await convertDocument(openInProcess, { bytes, options: defaultRenderOptions });
    expect(markdown).toContain("It lies in the west of the country, between the provinces of Västergötland, Dalsland and Värmland. The lake drains into the Göta älv, which flows to the sea at Gothenburg.\n\n**Lake Vänern**\n\n| **Location** |");
  });

  it("takes the table's title, set over it beside the paragraph's first line, with the table (svc-md-1.1.15)", async () => {
    const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/real/gen-wiki-p1.pdf")));
    const { markdown } = await convertDocument(openInProcess, { bytes, options: defaultRenderOptions });
    expect(markdown.startsWith("# Lake Vänern\n\n**Vänern** is the largest lake")).toBe(true);
    expect(markdown).not.toContain("### Lake Vänern");
  });

  it("keeps a paragraph beside the table whole where a line ends a sentence short of the full-width lines below (svc-md-1.1.15)", async () => {
    const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/real/gen-wiki-p1.pdf")));
    const { markdown } = await convertDocument(openInProcess, { bytes, options: defaultRenderOptions });
    expect(markdown).toContain("a depression that filled with water. For a time it was connected to the sea on both sides.\n\n## Geography");
  });
});

// docs/engine.md "Frames beside the text" (svc-md-1.1.20: frame_edges.ts, side_floats.ts's
// drawings, blocks.ts FLUSH_LINES_BESIDE_FLOAT_MIN, page.ts startsBesideBox).
describe("renderPage: a Writer text frame floated beside a paragraph's first lines (fixtures/real/gen-writer-report-p2)", () => {
  it("reads the paragraph whole, then the frame's text on its own", async () => {
    const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/real/gen-writer-report-p2.pdf")));
    const { markdown } = await convertDocument(openInProcess, { bytes, options: defaultRenderOptions });
    // The frame's lines stand on the paragraph's baselines an em off: they had joined its lines
    // ("replaced in Key figure: 84 % of the berths 2019 and show …").
    expect(markdown).toContain("# 2. Findings\n\nMost of the harbour is in good repair. The pontoons were replaced in 2019 and show little wear; the fuel berth needs new hoses, and two swing moorings have chains worn past their limit.<sup>2</sup> The slipway's lower end is undercut by the current and should be repaired before the next spring tides. The table below gives the results by area.\n\nKey figure: 84 % of the berths passed every test.\n\n| ");
  });
});

describe("prepareLines: a text frame's edge between two fragments of a row (frame_edges.ts)", () => {
  // The frame: 144 pt wide right of a paragraph's column ending at 384, two lines tall.
  const frame = { x0: 396, y0: 101.5, x1: 540, y1: 127, kind: "fill" as const };
  const edges = frameEdgesBetween([], [frame], { width: 612, height: 792 });
  const join = (left: Line, right: Line) => prepareLines([left, right], { frameEdgeBetween: edges }).map((l) => l.spans.map((s) => s.text).join(""));

  it("leaves apart prose outside a frame and prose inside it, an em apart on one baseline", () => {
    const text = line("swing moorings have chains worn", { x: 214.5, y: 103, size: 11 });
    const boxed = line("Key figure: 84 % of", { x: 396.5, y: 103, size: 11 });
    expect(join(text, boxed)).toHaveLength(2);
    // Without the frame they join (its gap, 1 em, is a word space's at this size).
    expect(prepareLines([text, boxed]).length).toBe(1);
  });

  it("still joins a listing's line number to its framed code, a label to its boxed neighbour, and a highlighted word", () => {
    expect(join(line("5", { x: 384, y: 103, size: 11 }), line([{ text: "int c;", mono: true }], { x: 397, y: 103, size: 11 }))).toHaveLength(1);
    expect(join(line("phi", { x: 384, y: 103, size: 11 }), line("phi0", { x: 397, y: 103, size: 11 }))).toHaveLength(1);
    // A highlight one line tall behind the words is no frame.
    const mark = frameEdgesBetween([], [{ x0: 396, y0: 102, x1: 540, y1: 116 }], { width: 612, height: 792 });
    expect(prepareLines([line("swing moorings have chains worn", { x: 214.5, y: 103, size: 11 }), line("Key figure: 84 % of", { x: 396.5, y: 103, size: 11 })], { frameEdgeBetween: mark })).toHaveLength(1);
  });
});

describe("renderPage: a side table's title where reading order makes the table a column of its own (svc-md-1.1.15)", () => {
  const words = "the lake was formed after the last ice age about ten thousand years ago when the melting ice sheet left a depression".split(" ");
  const text = Array.from({ length: 11 }, (_, k) => line(words.slice(k % 7, (k % 7) + 9).join(" "), { x: 50, y: 92 + 14 * k }));
  const rows = ["Location", "Type", "Surface", "Depth", "Islands", "Shores", "Towns"].flatMap((label, k) => [line(label, { x: 416, y: 128 + 17 * k, size: 9, bold: true }), line(`Value ${k} here`, { x: 477, y: 128 + 17 * k, size: 9 })]);
  const under = [line("Värmlandssjön in the east, separated by the peninsulas of Kållandsö and Värmlandsnäs, the largest", { x: 50, y: 260 }), line("towns on its shores are Karlstad and Vänersborg.", { x: 50, y: 274 })];
  const stats: DocumentStats = { body: { size: 10, bold: false }, headings: [{ size: 11, bold: true, level: 3 }], running: new Set() };
  const render = (title: Line[]) => {
    const lines = prepareLines([...text, ...title, ...rows, ...under]);
    return renderPage(page(1, lines), lines, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
  };

  it("takes a bold title centred over the table, the text beside it in another column", () => {
    // Centred over the table's text, x 416–531.
    const md = render([line("Lake Vänern, the", { x: 429.5, y: 92, size: 11, bold: true }), line("largest lake of Sweden", { x: 413, y: 106, size: 11, bold: true })]);
    expect(md).toContain("**Lake Vänern, the largest lake of Sweden**\n\n| **Location** |");
  });
});


describe("check boxes set as glyphs starting lines (blocks.ts TASK_BOX: a checklist typed with ☐ and ☒; svc-md-1.1.22)", () => {
  const renderAlone = (texts: string[]) => {
    const lines = prepareLines(texts.map((text, k) => line(text, { x: 72, y: 100 + 14 * k })));
    return renderPage(page(1, lines), lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
  };

  it("writes each line as a task list item, ticked where the box is", () => {
    expect(renderAlone(["☐ Book the crane for the 14th", "☒ Send the berth plan to the harbour master", "☐ Order fenders for the north quay"])).toBe(
      "- [ ] Book the crane for the 14th\n- [x] Send the berth plan to the harbour master\n- [ ] Order fenders for the north quay",
    );
  });

  it("leaves a row of choices, a box before each, as text ('☐ Yes ☐ No')", () => {
    expect(renderAlone(["☐ Visitor ☐ Winter contract ☐ Yearly berth"])).not.toMatch(/^- \[/);
  });
});

describe("ownerDepth (render/page.ts): the item a block set under a list belongs to", () => {
  const body = (left: number, bottom: number) => ({ left, right: 400, bottom, indent: "" });
  it("asks the last item first, then its parents, deepest first", () => {
    const chain = [body(100, 140), body(130, 140)];
    expect(ownerDepth([line("Under the sub-item's text.", { x: 131, y: 150 })], chain)).toBe(1);
    expect(ownerDepth([line("Under the parent's text.", { x: 101, y: 150 })], chain)).toBe(0);
    expect(ownerDepth([line("At the margin.", { x: 60, y: 150 })], chain)).toBe(-1);
    // Right of a parent's text but no item's (too far below): none, not a parent's.
    expect(ownerDepth([line("Far below.", { x: 131, y: 260 })], chain)).toBe(-1);
  });

  it("asks no parent whose marker hangs out left of the page's text margin (schule's '✓ Aufgabe 2')", () => {
    // The parent's text starts at the margin, where the next task's title starts too.
    const chain = [{ ...body(100, 140), markerX: 88 }, { ...body(130, 140), markerX: 115 }];
    const title = [line("Aufgabe 3 (10 (+5) Punkte)", { x: 101, y: 150 })];
    expect(ownerDepth(title, chain, 101)).toBe(-1);
    // Guard: the same parent with its marker inside the margin takes the block.
    expect(ownerDepth(title, [{ ...chain[0], markerX: 101 }, chain[1]], 101)).toBe(0);
    // Guard: the last item itself is asked whatever its marker (a hanging bullet's own paragraph).
    expect(ownerDepth(title, [chain[0]], 101)).toBe(0);
  });
});
