// blocks.ts: grouping a column of lines into headings, paragraphs, list items and code,
// and list markers and nesting, on synthetic lines.
import { describe, expect, it } from "vitest";
import { type Block, buildBlocks, isContactOnly, lineMarker, listMarker, nestListItems, stripLeadingChars } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { computeDocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { type Line, WORD_END_UNITS_PER_PT } from "../../src/engine/model.js";
import { formFieldsBetween } from "../../src/engine/layout/form_fields.js";
import { line, lineOfSpans, page, span, stack, withLineBreaks } from "../support/layout.js";

/** A document set in 10 pt with headings at 18 pt (1), 14 pt (2) and bold 10 pt (3). */
const STATS: DocumentStats = {
  body: { size: 10, bold: false },
  headings: [
    { size: 18, bold: false, level: 1 },
    { size: 14, bold: true, level: 2 },
    { size: 10, bold: true, level: 3 },
  ],
  running: new Set(),
};

const FULL = "a line of running text that fills the column from margin to margin ok";

function texts(block: Block): string {
  return block.lines.map(lineText).join(" | ");
}


function kinds(blocks: Block[]): string[] {
  return blocks.map((b) => (b.kind === "heading" ? `h${b.level}` : b.kind));
}

/** A line of `text` from x to x1 at y, its one span stretched to that width (a justified
 * line, or one of known length). */
function lineTo(text: string, x: number, y: number, x1: number, size = 10): Line {
  const l = line(text, { x, y, size });
  return { ...l, x1, spans: l.spans.map((s) => ({ ...s, x1 })) };
}

/** Lines laid top to bottom with a 12 pt pitch (2 pt leading for 10 pt text). */
function column(...lines: ((y: number) => Line)[]): Line[] {
  return lines.map((make, i) => make(100 + i * 12));
}

describe("listMarker", () => {
  it.each([
    ["• Apples", false, "-"],
    ["- Apples", false, "-"],
    ["– Apples", false, "-"],
    ["* Apples", false, "-"],
    ["◦ Apples", false, "-"],
    ["1. Apples", true, "1."],
    ["2) Apples", true, "2."],
    ["(3) Apples", true, "3."],
    ["10. Apples", true, "10."],
    // A zero alone still numbers an item (a list counted from 0).
    ["0. Apples", true, "0."],
    ["▸ Apples", false, "-"],
    ["▷ Apples", false, "-"],
    ["➢ Apples", false, "-"],
    ["✓ Apples", false, "-"],
    // Letters and roman numerals are ordered items numbered by their ordinal (docs/engine.md).
    ["a) Apples", true, "1."],
    ["(c) Apples", true, "3."],
    ["B) Apples", true, "2."],
    ["(iv) Apples", true, "4."],
    ["ii. Apples", true, "2."],
    ["XII) Apples", true, "12."],
    ["B. Apples, pears and plums", true, "2."],
    ["C. Kline reports", true, "3."],
  ])("%j is a list marker (ordered %s, written %s)", (text, ordered, marker) => {
    expect(listMarker(text)).toMatchObject({ ordered, marker });
  });

  it.each([
    ["-5 degrees below zero"],
    ["*emphasis* in text"],
    ["2024 was a good year"],
    ["1.5 million people"],
    ["•"],
    ["1."],
    ["Apples"],
    ["mix) words"],
    ["(ab) words"],
    // An author's initial at a reference's start (issue 9: R-data's references).
    ["J. M. Chambers (1998) Programming with Data."],
    ["J. Bowman, S. Emberson and M. Darnovsky (1996)"],
    ["K. Kline and D. Kline (2001) SQL in a Nutshell."],
    // A middle dot before a digit is a decimal point (dcolumn's "·4 ,4 .4").
    ["·4 ,4 .4"],
    // A number with a leading zero is a code (docs/engine.md, LEADING_ZERO): a telephone's area
    // code in a CV's contact lines (LibreOffice's Resume1page), a German date's day.
    ["(000) 000 000"],
    ["(020) 7946 0958"],
    ["05. 02. 2019)."],
  ])(
    "%j is not a list marker",
    (text) => {
      expect(listMarker(text)).toBeNull();
    },
  );

  it("marks letters and numerals as weak (a sentence or a drawing's label may start so), numbers not", () => {
    expect(listMarker("A. Smith wrote")).toMatchObject({ style: "upper-alpha", value: 1, weak: true });
    expect(listMarker("(E) Residence")).toMatchObject({ style: "upper-alpha", value: 5, weak: true });
    expect(listMarker("I. Introduction")).toMatchObject({ style: "upper-roman", value: 1, weak: true });
    expect(listMarker("1. Introduction")?.weak).toBeFalsy();
  });

  it("reads a letter that is also a numeral both ways, numeral first only for i", () => {
    expect(listMarker("i) Apples")).toMatchObject({ style: "lower-roman", value: 1, alt: { style: "lower-alpha", value: 9 } });
    expect(listMarker("v) Apples")).toMatchObject({ style: "lower-alpha", value: 22, alt: { style: "lower-roman", value: 5 } });
  });

  it("takes a right-to-left item's marker without a space before its text", () => {
    expect(listMarker("1.תיקון הרציף")).toMatchObject({ ordered: true, marker: "1." });
    expect(listMarker("1.5 million")).toBeNull();
  });

  it("measures the marker with the whitespace after it", () => {
    expect(listMarker("•   Apples")?.length).toBe(4);
    expect(listMarker("12.  Apples")?.length).toBe(5);
  });
});

/** A line whose first span, `marker` in `markerSize` pt, touches `text` in `size` pt, the
 * marker's box ending `lift` pt above the text's (0: both on one baseline, as LibreOffice
 * Impress sets a small number against its item). */
function touching(marker: string, markerSize: number, text: string, size: number, lift = 0, y = 100): Line {
  const bottom = y + size;
  const m = span(marker, 72, bottom - markerSize - lift, { size: markerSize });
  return lineOfSpans([m, span(text, m.x1, y, { size })]);
}

describe("lineMarker: a bullet before bullets alone (apa6's scatter plot, its points ZapfDingbats' ●)", () => {
  it("starts no item where only bullets follow the bullet", () => {
    const dots = line("● ●● ●●●");
    expect(lineMarker(dots, lineText(dots))).toBeNull();
  });

  it("starts an item where a word follows, or signs that are no bullets (a list of TeX's special characters)", () => {
    const item = line("● Isolate the station.");
    expect(lineMarker(item, lineText(item))).toMatchObject({ ordered: false, marker: "-" });
    const signs = line("• $ & % # _ { }");
    expect(lineMarker(signs, lineText(signs))).toMatchObject({ ordered: false, marker: "-" });
  });
});

describe("lineMarker: a number touching its item's text, set apart by its style (issue 9: LibreOffice Impress)", () => {
  it("reads a 9 pt '1.' on the baseline of 20 pt text as the item's number", () => {
    const l = touching("1.", 9, "Confirm the Leeds lease by April", 20);
    expect(lineMarker(l, lineText(l))).toMatchObject({ ordered: true, marker: "1.", length: 2, value: 1 });
  });

  it("leaves '1.Introduction' in one style as text as typed", () => {
    const l = line([{ text: "1." }, { text: "Introduction", bold: true }], { font: "Times-Roman" });
    const same = line("1.Introduction");
    expect(lineMarker(same, lineText(same))).toBeNull();
    // Another weight in the same face (the same font name here) sets nothing apart either.
    expect(lineMarker(l, lineText(l))).toBeNull();
  });

  it("leaves a raised 'a)' (a footnote's mark, revtex's front matter) as text", () => {
    const l = touching("a)", 7, "Footnote to title of article.", 10, 4);
    expect(lineMarker(l, lineText(l))).toBeNull();
  });

  it("makes three such lines three list items, not one paragraph", () => {
    const lines = ["Confirm the Leeds lease by April", "Hire two dispatchers for Utrecht", "Review fuel contracts in June"].map((t, i) => touching(`${i + 1}.`, 9, t, 20, 0, 100 + i * 22));
    const blocks = buildBlocks(lines, STATS);
    expect(kinds(blocks)).toEqual(["list_item", "list_item", "list_item"]);
    expect(blocks.map((b) => (b.kind === "list_item" ? b.marker : ""))).toEqual(["1.", "2.", "3."]);
  });
});

describe("lineMarker: symbol-font bullets", () => {
  it.each([
    ["\uf0b7", "Symbol"],
    ["\uf0a7", "Wingdings-Regular"],
    ["\uf0d8", "Wingdings"],
    ["\uf076", "Wingdings"],
    ["\uf0b7", "ABCDEF"],
    ["\uf0a7", "XYZ"],
    ["l", "Wingdings"],
    ["§", "Wingdings"],
    ["n", "ZapfDingbats"],
    ["·", "Symbol"],
    ["o", "CourierNewPSMT"],
    // LibreOffice Impress's default bullet as it exports it (issue 9: gen-impress-slides-p2).
    ["\uf095", "DAAAAA+OpenSymbol"],
  ])("%j in %s is a bullet", (glyph, font) => {
    const l = line([{ text: glyph, font }, { text: " " }, { text: "Apples" }]);
    expect(lineMarker(l, lineText(l))).toMatchObject({ ordered: false, marker: "-", length: 2 });
  });

  it.each([
    ["\uf076", "MTExtra"],
    ["\uf02b", "Symbol"],
    ["\uf095", "MTExtra"],
    ["l", "Times-Roman"],
    ["o", "Times-Roman"],
  ])("%j in %s is not a bullet", (glyph, font) => {
    const l = line([{ text: glyph, font }, { text: " " }, { text: "Apples" }]);
    expect(lineMarker(l, lineText(l))).toBeNull();
  });

  it("does not take an o in Courier followed by more Courier (code, not Word's bullet)", () => {
    const l = line([{ text: "o", font: "Courier" }, { text: " " }, { text: "= 1", font: "Courier" }]);
    expect(lineMarker(l, lineText(l))).toBeNull();
  });
});

describe("stripLeadingChars", () => {
  it("removes the marker's characters across spans and moves the line's left edge", () => {
    const l = line([{ text: "•" }, { text: " " }, { text: "Apples", bold: true }], { x: 72 });
    const stripped = stripLeadingChars(l, 2);
    expect(lineText(stripped)).toBe("Apples");
    expect(stripped.spans[0].bold).toBe(true);
    expect(stripped.x0).toBe(l.spans[2].x0);
    expect(lineText(l)).toBe("• Apples");
  });
});

describe("buildBlocks: headings", () => {
  it("makes a line in a heading style a heading of that style's level", () => {
    const blocks = buildBlocks(
      [line("Results", { size: 18, y: 80 }), ...stack([FULL, FULL, "end."], { y: 110 })],
      STATS,
    );
    expect(kinds(blocks)).toEqual(["h1", "paragraph"]);
    expect(texts(blocks[0])).toBe("Results");
  });

  it("makes a bold body-size line a lower-level heading", () => {
    const blocks = buildBlocks([line("Data collection", { bold: true, y: 80 }), ...stack([FULL, "end."], { y: 100 })], STATS);
    expect(kinds(blocks)).toEqual(["h3", "paragraph"]);
  });

  it("never makes a contents entry a heading, though it is set in one's style (issue 9: report-geobase-p4)", () => {
    const entries = stack(
      ["OVERVIEW", "LRS", "MODEL", "LRS MODEL", "Logical view"].map((title, i) => `${i + 1} ${title} ${".".repeat(40)} ${6 + i}`),
      { bold: true, y: 120, pitch: 20 },
    );
    const blocks = buildBlocks([line("TABLE OF CONTENTS", { bold: true, y: 80 }), ...entries], STATS);
    expect(kinds(blocks)).toEqual(["h3", "paragraph", "paragraph", "paragraph", "paragraph", "paragraph"]);
  });

  it("makes a display line a heading in its title's style, its label set smaller (issue 9: book-freeculture-p35)", () => {
    const head = line([{ text: "CHAPTER ONE: ", size: 11 }, { text: "Creators", size: 18 }], { y: 80 });
    const blocks = buildBlocks([head, ...stack([FULL, "end."], { y: 110 })], STATS);
    expect(kinds(blocks)).toEqual(["h1", "paragraph"]);
  });

  it("makes a run-in bold lead ('Keywords JavaScript, …') a paragraph, not a heading", () => {
    // The bold lead carries most of the line's characters, so the line's style is bold:
    // only the share of text in the heading style (< 85 %) tells it from a heading.
    const runIn = line([
      { text: "Categories and Subject Descriptors", bold: true },
      { text: " D.3.4 [Processors]: Compilers" },
    ]);
    const blocks = buildBlocks([runIn], STATS);
    expect(kinds(blocks)).toEqual(["paragraph"]);
    const keywords = line([{ text: "Keywords", bold: true }, { text: " JavaScript, just-in-time compilation, trace trees" }]);
    expect(kinds(buildBlocks([keywords], STATS))).toEqual(["paragraph"]);
  });

  it("makes '1. Introduction' in a heading style a numbered heading, not a list item", () => {
    const blocks = buildBlocks([line("1. Introduction", { size: 14, bold: true, y: 80 }), ...stack([FULL, "end."], { y: 110 })], STATS);
    expect(kinds(blocks)).toEqual(["h2", "paragraph"]);
    expect(texts(blocks[0])).toBe("1. Introduction");
  });

  it("goes on with an item's short last line hanging at its text under a first row in pieces (issue 9: schule's 'd) (5)' | 'Stellen Sie … Objektdiagramm' | 'dar.')", () => {
    const text = "Stellen Sie die Beziehungen der Objekte untereinander als Objekt";
    const first = line([{ text: "1. ", bold: true }, { text: "(5)" }], { x: 99, y: 100 });
    const rest = line(text, { x: 140, y: 100 });
    const last = line("dar.", { x: 114, y: 112 });
    const blocks = buildBlocks([...stack([FULL], { x: 89, y: 70 }), first, rest, last], STATS);
    expect(kinds(blocks)).toEqual(["paragraph", "list_item"]);
    expect(texts(blocks[1])).toBe(`(5) | ${text} | dar.`);
    // A line at the marker's x under a row that ends in a piece far right (jnuexam's "5. …
    // · · · ( )" over its choices "(A) …") starts a block, as under any line it misses.
    const blank = line(")", { x: 470, y: 100 });
    const choice = line("(A) the mean is stable", { x: 99, y: 112 });
    const blocks2 = buildBlocks([...stack([FULL], { x: 89, y: 70 }), first, rest, blank, choice], STATS);
    expect(texts(blocks2[blocks2.length - 1])).toBe("(A) the mean is stable");
  });

  it("makes two heading lines flush left, the first leaving room for the second's first word, two headings (issue 9: sugconf's empty sections 'INTRODUCTION' | 'FIRST MAIN TOPIC')", () => {
    const heads = [line("INTRODUCTION", { size: 14, bold: true, y: 80 }), line("FIRST MAIN TOPIC", { size: 14, bold: true, y: 102 })];
    const blocks = buildBlocks([...heads, ...stack([FULL, "end."], { y: 130 })], STATS);
    expect(kinds(blocks)).toEqual(["h2", "h2", "paragraph"]);
    expect(texts(blocks[1])).toBe("FIRST MAIN TOPIC");
  });

  it("keeps one heading whose lines are set as a wrapped heading's: close, its words unfinished, or starting small under small letters", () => {
    const wrapped = (first: string, second: string, gap: number) =>
      kinds(buildBlocks([line(first, { size: 14, bold: true, y: 80 }), line(second, { size: 14, bold: true, y: 94 + gap }), ...stack([FULL, "end."], { y: 140 })], STATS));
    // Set closer than half an em: a wrapped line, as joinWrappedHeadings reads it.
    expect(wrapped("Results of the survey", "Second Part", 3)).toEqual(["h2", "paragraph"]);
    // Ending in a small word, or the next line starting small under small letters.
    expect(wrapped("Conceptual Foundations of", "Language Science", 8)).toEqual(["h2", "paragraph"]);
    expect(wrapped("US Army Corps", "of Engineers", 8)).toEqual(["h2", "paragraph"]);
    // Under capitals a line in small letters is a heading of its own (sugconf's "lower case").
    expect(wrapped("STILL UPPER CASE", "lower case", 8)).toEqual(["h2", "h2", "paragraph"]);
  });

  it("makes a number set smaller than its title an item's number, not a numbered heading (issue 9: beamer's numbered balls, thubeamer's contents)", () => {
    // The ball's number is 8 pt before a 14 pt entry; the same number at 14 pt heads a section.
    const entry = line([{ text: "1. ", size: 8, bold: true }, { text: "Research Contents", size: 14, bold: true }], { y: 80 });
    const blocks = buildBlocks([entry, ...stack([FULL, "end."], { y: 110 })], STATS);
    expect(kinds(blocks)).toEqual(["list_item", "paragraph"]);
    const heading = line([{ text: "1. ", size: 13.5, bold: true }, { text: "Research Contents", size: 14, bold: true }], { y: 80 });
    expect(kinds(buildBlocks([heading, ...stack([FULL, "end."], { y: 110 })], STATS))).toEqual(["h2", "paragraph"]);
  });

  it("takes at least the outline depth of a section number as the level (issue 9: '6.3.2' is level 3)", () => {
    // A subsection alone on its page has the top style rank; its number says where it sits.
    const blocks = buildBlocks([line("6.3.2 Working with data frames", { size: 18, y: 80 }), ...stack([FULL, "end."], { y: 110 })], STATS);
    expect(kinds(blocks)).toEqual(["h3", "paragraph"]);
    // A number never lifts a heading: "2.1" in a level-3 style stays level 3.
    expect(kinds(buildBlocks([line("2.1 Discounts", { bold: true, y: 80 })], STATS))).toEqual(["h3"]);
    // A figure in a heading ("2.5 million tonnes") has no title after it: no depth read.
    expect(kinds(buildBlocks([line("1.5 2.5 Results", { size: 18, y: 80 })], STATS))).toEqual(["h1"]);
    // A title may start with a path or a quote (the FHS's "3.5. /boot : Static files of the boot
    // loader"; svc-md-1.1.21), never with a sign: "1.5 -2.0" is no section.
    expect(kinds(buildBlocks([line("3.5. /boot : Static files of the boot loader", { size: 18, y: 80 })], STATS))).toEqual(["h2"]);
    expect(kinds(buildBlocks([line("6.3.1.3 ‘-T’: Changing both encodings", { size: 18, y: 80 })], STATS))).toEqual(["h4"]);
    expect(kinds(buildBlocks([line("1.5 -2.0 Results", { size: 18, y: 80 })], STATS))).toEqual(["h1"]);
  });

  it("starts a paragraph at an OCR line set in from both its neighbours after a sentence's end, though the indent is under 0.8 em (Vicksburg p. 3; svc-md-1.1.21)", () => {
    const ocr = (text: string, x: number, y: number): Line => {
      const l = line(text, { x, y, size: 11 });
      for (const sp of l.spans) sp.invisible = true;
      return l;
    };
    const FULL_OCR = "a line of the scanned column that runs on to its edge as the text does";
    // The scan wanders: the column's lines start within half a point; the indent is 7.7 pt,
    // and the paragraph's last line runs full (justified), as on the page.
    const lines = (indentX: number, end: string) => [ocr(FULL_OCR, 208.8, 100), ocr(`${FULL_OCR.slice(0, -5)}them${end}`, 209.2, 113), ocr("It is rumored in camp that Grant is getting reinforcements ok", indentX, 126), ocr(FULL_OCR, 208.5, 139)];
    expect(buildBlocks(lines(216.5, "."), STATS).length).toBe(2);
    // Not after a sentence's end, nor at the column's edge, nor in printed text.
    expect(buildBlocks(lines(216.5, ","), STATS).length).toBe(1);
    expect(buildBlocks(lines(209, "."), STATS).length).toBe(1);
    const printed = lines(216.5, ".").map((l) => line(l.spans.map((sp) => sp.text).join(""), { x: l.x0, y: l.y0, size: 11 }));
    expect(buildBlocks(printed, STATS).length).toBe(1);
  });

  it("ends a paragraph at a short line ending in a Chinese or Japanese full stop (CJK lines run full to the column's edge but a paragraph's last; svc-md-1.1.21)", () => {
    const full = "吾輩は猫である名前はまだ無いどこで生れたかとんと見当がつかぬ何でも薄暗いじめじめした所で泣いていた事だけは記憶している吾輩はここで始";
    const lines = (end: string) => [line(full, { y: 100 }), line(`事だけは記憶している${end}`, { y: 112 }), line(full, { y: 124 })];
    expect(buildBlocks(lines("。"), STATS).length).toBe(2);
    expect(buildBlocks(lines("！"), STATS).length).toBe(2);
    // A short line ending mid-sentence goes on.
    expect(buildBlocks(lines("、"), STATS).length).toBe(1);
  });

  it("ends a paragraph at a short line ending a sentence and a note's mark after it (Debian Policy's '… removed again.⁶' | 'A directory will never be …'; svc-md-1.1.21)", () => {
    // The mark is set at 7 pt, its top 3 pt over the text's.
    const marked = (text: string) => {
      const words = span(text, 72, 112);
      return lineOfSpans([words, span("6", words.x1, 109, { size: 7 })]);
    };
    const lines = (text: string) => [line(FULL, { y: 100 }), marked(text), line(FULL, { y: 124 }), line("end.", { y: 136 })];
    expect(buildBlocks(lines("and is then removed again."), STATS).length).toBe(2);
    // Without the full stop the mark's line goes on: "… is then removed⁶" | "from the system".
    expect(buildBlocks(lines("and is then removed"), STATS).length).toBe(1);
  });

  it("joins a centred title wrapped onto a second, shorter line into one heading (issue 9: gen-paper-2col)", () => {
    // The title block of a paper, above its columns: the second line's centring reads as an indent.
    const title = [line("Measuring Silt Accumulation in Small Harbours", { size: 18, x: 120, y: 68 }), line("with Low-Cost Echo Sounders", { size: 18, x: 190, y: 91 })];
    const blocks = buildBlocks([...title, line("Ana Ferreira, Tomas Lind and Mei Okada", { x: 230, y: 130 })], STATS);
    expect(kinds(blocks)).toEqual(["h1", "paragraph"]);
    expect(texts(blocks[0])).toBe("Measuring Silt Accumulation in Small Harbours | with Low-Cost Echo Sounders");
    // A title page's title and edition, a line's height apart, stay two headings.
    const spaced = [line("National Hydro Network", { size: 18, x: 120, y: 68 }), line("Edition 1.0", { size: 18, x: 190, y: 110 })];
    expect(kinds(buildBlocks(spaced, STATS))).toEqual(["h1", "h1"]);
  });

  it("joins a centred title's subtitle after a colon, in small letters; not a heading set flush left over a term (issue 9: an office paper's title, microtype's 'driver:')", () => {
    const title = [line("Dynamic re-routing of delivery vans:", { size: 18, x: 144, y: 68 }), line("evidence from a field trial", { size: 18, x: 184.5, y: 91 })];
    const blocks = buildBlocks(title, STATS);
    expect(kinds(blocks)).toEqual(["h1"]);
    expect(texts(blocks[0])).toBe("Dynamic re-routing of delivery vans: | evidence from a field trial");
    const flushLeft = [line("The modules in this file are:", { size: 18, y: 68 }), line("driver: the documentation driver", { size: 18, y: 91 }), line(FULL, { y: 130 })];
    expect(kinds(buildBlocks(flushLeft, STATS))).toEqual(["h1", "h1", "paragraph"]);
  });

  it("makes a heading with code in it a heading, whatever the code font's weight (issue 9: r-intro '6.3.2 attach() and detach()')", () => {
    const heading = line([
      { text: "6.3.2 ", size: 18, bold: true },
      { text: "attach()", size: 18, mono: true },
      { text: " and ", size: 18, bold: true },
      { text: "detach()", size: 18, mono: true },
    ], { y: 80 });
    const stats: DocumentStats = { ...STATS, headings: [...STATS.headings, { size: 18, bold: true, level: 1 }] };
    const blocks = buildBlocks([heading, ...stack([FULL, "end."], { y: 110 })], stats);
    expect(kinds(blocks)).toEqual(["h3", "paragraph"]);
  });

  it("keeps a bulleted line in a heading style a list item", () => {
    const blocks = buildBlocks([line("• Key point", { size: 14, bold: true })], STATS);
    expect(kinds(blocks)).toEqual(["list_item"]);
  });

  it("does not make a long block (more than 3 lines) in a heading style a heading", () => {
    const lines = stack(["Bold one", "Bold two", "Bold three", "Bold four"], { bold: true });
    expect(kinds(buildBlocks(lines, STATS))).toEqual(["paragraph"]);
  });

  it("reads a title's raised note marks as notes on it, not a change of style (issue 9: elsarticle's 'title⋆,⋆⋆')", () => {
    const title = line([{ text: "This is a specimen title", size: 18 }, { text: "⋆,⋆⋆", size: 10 }], { y: 100 });
    expect(kinds(buildBlocks([title], STATS))).toEqual(["h1"]);
    // Words in another size are still a change of style.
    const mixed = line([{ text: "This is a specimen title", size: 18 }, { text: "and more words", size: 10 }], { y: 100 });
    expect(kinds(buildBlocks([mixed], STATS))).toEqual(["paragraph"]);
  });

  it("makes a wrapped sentence in bold at the body's size a paragraph, not a heading (issue 9: acmart's 'Your document will be returned …')", () => {
    const sentence = stack(["Your document will be returned to you for revision if", "modifications are discovered."], { bold: true, y: 100 });
    expect(kinds(buildBlocks(sentence, STATS))).toEqual(["paragraph"]);
    const title = stack(["Template Parameters and Other Options for", "Conference Proceedings"], { bold: true, y: 100 });
    expect(kinds(buildBlocks(title, STATS))).toEqual(["h3"]);
    const question = stack(["What is the difference between the two", "kinds of template parameters here?"], { bold: true, y: 100 });
    expect(kinds(buildBlocks(question, STATS))).toEqual(["h3"]);
  });

  it("takes heading levels from the document statistics (integration with computeDocumentStats)", () => {
    const body = stack(Array.from({ length: 20 }, () => FULL), { y: 200 });
    const lines = [line("Title of the Paper", { size: 20, y: 100 }), line("1. Introduction", { size: 12, bold: true, y: 160 }), ...body];
    const stats = computeDocumentStats([page(1, lines)], [lines]);
    const blocks = buildBlocks(lines, stats);
    expect(kinds(blocks).slice(0, 3)).toEqual(["h1", "h2", "paragraph"]);
  });
});

describe("buildBlocks: paragraphs", () => {
  it("joins lines with the usual leading into one paragraph and starts another after a gap", () => {
    const first = stack([FULL, FULL, "short end."], { y: 100 });
    const second = stack([FULL, "last line."], { y: 150 });
    const blocks = buildBlocks([...first, ...second], STATS);
    expect(kinds(blocks)).toEqual(["paragraph", "paragraph"]);
    expect(blocks.map((b) => b.lines.length)).toEqual([3, 2]);
  });

  it("starts a paragraph at an indented first line", () => {
    const lines = [...stack([FULL, "ends here"], { y: 100 }), line(FULL, { x: 90, y: 124 }), line(FULL, { y: 136 })];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => b.lines.length)).toEqual([2, 2]);
  });
});

describe("buildBlocks: an OCR layer's lines, boxed taller than their pitch (issue 9: ocr-vicksburg-p3)", () => {
  /** A line of an OCR layer: every span invisible, its box `height` tall from `y`. */
  function ocrLine(text: string, y: number, height: number, size = 8.6): Line {
    const l = line(text, { x: 66, y, size });
    for (const s of l.spans) {
      s.invisible = true;
      s.y1 = y + height;
    }
    return { ...l, y1: y + height };
  }

  it("measures the leading on lines whose boxes overlap by two fifths, and parts the captions a blank apart", () => {
    // A caption's lines, 10.6 pt boxes at a 6.5 pt pitch, then two figures' one-line captions
    // 136 and 116 pt under it: without the caption's leading, the blanks were the leading.
    const caption = ["Cannister shot is a tin cylinder", "iron heads, filled with balls", "with saw-dust. The heads are", "cast iron, and are 28 in number."].map((t, k) => ocrLine(t, 234.7 + 6.5 * k, 10.6));
    const grape = ocrLine("Grape Shot.", 439.7, 10.6);
    const solid = ocrLine("Solid Shot strapped on a Sabot.", 566.6, 10.6);
    expect(buildBlocks([...caption, grape, solid], STATS).map(texts)).toEqual([caption.map(lineText).join(" | "), "Grape Shot.", "Solid Shot strapped on a Sabot."]);
  });

  it("leaves a printed text layer's lines overlapping as much out of the leading", () => {
    const printed = ["Cannister shot is a tin cylinder", "iron heads, filled with balls", "with saw-dust. The heads are", "cast iron, and are 28 in number."].map((t, k) => {
      const l = line(t, { x: 66, y: 234.7 + 6.5 * k, size: 8.6 });
      return { ...l, y1: l.y0 + 10.6 };
    });
    const grape = { ...line("Grape Shot.", { x: 66, y: 439.7, size: 8.6 }) };
    const solid = line("Solid Shot strapped on a Sabot.", { x: 66, y: 566.6, size: 8.6 });
    // Lines of a printed layer overlapping so much are set over one another (a formula's
    // pieces, a shadow), no leading sample: the column measures its blanks alone, as before.
    expect(buildBlocks([...printed, grape, solid], STATS).map(texts)).toEqual([[...printed, grape].map(lineText).join(" | "), "Solid Shot strapped on a Sabot."]);
  });
});

describe("buildBlocks: a line short only because the next line's first word would not fit", () => {
  // shared-mime-info's spec: "… `/usr/local/share/mime/text/html.xml`, and" |
  // "`~/.local/share/mime/text/html.xml` (if they exist …": the paths in the code face are set a
  // point smaller, so the short line's style is 9 pt against the next line's 10 pt.
  const codeLine = (y: number) => line([{ text: "/usr/share/mime/text/html.xml, /usr/local/share/mime", mono: true, size: 9 }, { text: ", and" }], { y });
  const next = (first: string, y: number) => line([{ text: first, mono: true, size: 9 }, { text: " (if they exist, and in this order). Information in" }], { y });

  it("goes on with the paragraph when that word, a path in the code face, is wider than the room left", () => {
    const blocks = buildBlocks([line(FULL, { y: 100 }), codeLine(112), next("~/.local/share/mime/", 124)], STATS);
    expect(kinds(blocks)).toEqual(["paragraph"]);
    expect(blocks[0].lines).toHaveLength(3);
  });

  it("reads no first word in Chinese, which breaks anywhere (thuthesis: a paragraph's short last line and the next)", () => {
    const last = line("本节介绍几种常见的生成论文的方法。", { y: 112 });
    const nextParagraph = line([{ text: "在撰写论文时" }, { text: "thuthesis-example.tex,thesis.tex,main.tex,data/chap01.tex,ref.b", mono: true, size: 9 }], { y: 124 });
    const blocks = buildBlocks([line(FULL, { y: 100 }), last, nextParagraph], STATS);
    expect(blocks.map((b) => b.lines.length)).toEqual([2, 1]);
  });

  it("starts a block at the change of size when the word would have fit", () => {
    const blocks = buildBlocks([line(FULL, { y: 100 }), codeLine(112), next("~/x", 124)], STATS);
    expect(blocks.map((b) => b.lines.length)).toEqual([2, 1]);
  });
});

describe("buildBlocks: a piece of a display formula is no heading (elsarticle's bold vector over a fraction's bar)", () => {
  const before = stack([FULL, FULL, FULL, "the interaction is written as:"], { y: 100 });
  const after = (y: number) => stack([FULL, FULL, "end."], { y });

  it("reads a bold line a fifth or more in math fonts at its size as a paragraph", () => {
    const formula = line([{ text: "E", bold: true }, { text: "i", italic: true, size: 7 }, { text: ",", font: "RTXMI", size: 7 }, { text: "s", italic: true, size: 7 }, { text: " · ", font: "TXSY" }, { text: "pq", bold: true }], { x: 200, y: 170 });
    const blocks = buildBlocks([...before, formula, ...after(200)], STATS);
    expect(blocks.filter((b) => b.kind === "heading")).toEqual([]);
    expect(blocks.some((b) => b.lines.some((l) => lineText(l).includes("·")))).toBe(true);
  });

  it("keeps a title whose letters a symbol font sets as a logo, or whose footnote mark is a math symbol, a heading", () => {
    const logo = line([{ text: "XDU", font: "MSBM10", size: 18 }, { text: "-", size: 18 }, { text: "T HESIS", font: "CMSY10", size: 18 }, { text: " Thesis Template", size: 18 }], { x: 100, y: 60 });
    expect(kinds(buildBlocks([logo, ...after(100)], STATS))[0]).toBe("h1");
    const marked = line([{ text: "A specimen title", size: 18 }, { text: "⋆,⋆⋆", font: "CMSY10", size: 12 }], { x: 100, y: 60 });
    expect(kinds(buildBlocks([marked, ...after(100)], STATS))[0]).toBe("h1");
  });
});

describe("buildBlocks: list items", () => {
  it.each([["•"], ["-"], ["–"], ["*"]])("makes '%s item' lines unordered list items with the marker removed", (bullet) => {
    const lines = column(
      (y) => line(`${bullet} Apples`, { y }),
      (y) => line(`${bullet} Pears`, { y }),
    );
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => b.kind)).toEqual(["list_item", "list_item"]);
    expect(blocks.map((b) => (b.kind === "list_item" ? [b.ordered, b.marker, texts(b)] : null))).toEqual([
      [false, "-", "Apples"],
      [false, "-", "Pears"],
    ]);
  });

  it("makes '1.' and '2)' lines ordered list items numbered as written", () => {
    const lines = column(
      (y) => line("1. First step", { y }),
      (y) => line("2) Second step", { y }),
    );
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => (b.kind === "list_item" ? [b.ordered, b.marker, texts(b)] : b.kind))).toEqual([
      [true, "1.", "First step"],
      [true, "2.", "Second step"],
    ]);
  });

  it("joins continuation lines (hanging under the item's text) to their item", () => {
    const lines = column(
      (y) => line("• The first item is long enough to wrap onto", { y }),
      (y) => line("a second line under its text", { x: 82, y }),
      (y) => line("• Second item", { y }),
    );
    const blocks = buildBlocks(lines, STATS);
    expect(kinds(blocks)).toEqual(["list_item", "list_item"]);
    expect(texts(blocks[0])).toBe("The first item is long enough to wrap onto | a second line under its text");
    expect(texts(blocks[1])).toBe("Second item");
  });

  it("ends a list item at a line starting at its marker after a short line (a paragraph, not a wrap)", () => {
    const lines = column(
      (y) => line("• A short item.", { x: 72, y }),
      (y) => line("A paragraph that starts at the marker's x.", { x: 72, y }),
    );
    expect(kinds(buildBlocks(lines, STATS))).toEqual(["list_item", "paragraph"]);
  });

  it("ends an item of one line at a sentence starting at its marker where the item left room for its first word, whatever the item ends with (lm-info's '• Text Companion for ec (fonts aka ts1; ts1-*.tfm)' over 'The LaTeX support …'); a longer item goes on by its own width", () => {
    const lines = column(
      (y) => line(FULL, { x: 72, y }),
      (y) => line("• Text Companion for ec (fonts aka ts1; ts1-*.tfm)", { x: 72, y }),
      (y) => line("The LaTeX support for all the encodings is provided.", { x: 72, y }),
    );
    expect(kinds(buildBlocks(lines, STATS))).toEqual(["paragraph", "list_item", "paragraph"]);
    // A ragged item of several lines, narrower than the column: "A Few" | "Facts Concerning
    // GMT …" wraps back at a capital (pdfium's standard_symbols).
    const ragged = column(
      (y) => line(FULL, { x: 72, y }),
      (y) => line("• Z. A time zone of 'Z' indicates the time zone is 'zero", { x: 72, y }),
      (y) => line("meridian'. Another helpful document is A Few", { x: 72, y }),
      (y) => line("Facts Concerning GMT, UT, and the RGO, by R.", { x: 72, y }),
    );
    const blocks = buildBlocks(ragged, STATS);
    expect(kinds(blocks)).toEqual(["paragraph", "list_item"]);
    expect(texts(blocks[1])).toContain("Facts Concerning");
  });

  it("joins a line wrapped back to the marker when the line before ran the column's full width", () => {
    const lines = column(
      (y) => line("• " + FULL, { x: 72, y }),
      (y) => line("and the item goes on under its marker.", { x: 72, y }),
      (y) => line("A closing paragraph.", { x: 60, y: y + 20 }),
    );
    const blocks = buildBlocks(lines, STATS);
    expect(kinds(blocks)).toEqual(["list_item", "paragraph"]);
    expect(texts(blocks[0])).toContain("under its marker");
  });

  it("ends a right-to-left item at a line reaching right of its text (the marker sits at the right)", () => {
    const lines = column(
      (y) => line("1.תיקון הרציף הצפוני", { x: 300, y }),
      (y) => line("לשאלות יש לפנות למשרד הנמל", { x: 250, y }),
    );
    // The paragraph ends at the right margin, beyond the item's text.
    lines[1].x1 = lines[0].x1 + 10;
    expect(kinds(buildBlocks(lines, STATS))).toEqual(["list_item", "paragraph"]);
  });

  it("numbers letters and roman numerals by their ordinal and settles i as a letter after h", () => {
    const lines = column(
      (y) => line("a. Apples", { y }),
      (y) => line("b. Pears", { y }),
      (y) => line("(i) Conference", { x: 90, y }),
      (y) => line("(ii) Williams", { x: 90, y }),
      (y) => line("g) Grapes", { y }),
      (y) => line("h) Dates", { y }),
      (y) => line("i) Figs", { y }),
    );
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => (b.kind === "list_item" ? [b.marker, texts(b)] : b.kind))).toEqual([
      ["1.", "Apples"],
      ["2.", "Pears"],
      ["1.", "Conference"],
      ["2.", "Williams"],
      ["7.", "Grapes"],
      ["8.", "Dates"],
      ["9.", "Figs"],
    ]);
  });

  it("keeps a lone '(E)' label as text", () => {
    const blocks = buildBlocks(column((y) => line("(E) RESIDENCE", { y }), (y) => line("GRAVEL DRIVEWAY", { y: y + 30 })), STATS);
    expect(kinds(blocks)).not.toContain("list_item");
  });

  it("keeps 'A.' and 'I.' starting a sentence as text unless a sequence follows", () => {
    const prose = buildBlocks(column((y) => line("A. Smith wrote the first report.", { y }), (y) => line("I. Newton read it.", { y: y + 30 })), STATS);
    expect(kinds(prose)).not.toContain("list_item");
    const list = buildBlocks(
      column(
        (y) => line("A. Planning", { y }),
        (y) => line("B. Building", { y }),
        (y) => line("I. Scope", { y: y + 30 }),
        (y) => line("II. Budget", { y: y + 30 }),
      ),
      STATS,
    );
    expect(list.map((b) => (b.kind === "list_item" ? b.marker : b.kind))).toEqual(["1.", "2.", "1.", "2."]);
  });

  it("ends a list item at a line starting left of the item", () => {
    const lines = column(
      (y) => line("• An item", { x: 90, y }),
      (y) => line(FULL, { x: 72, y }),
    );
    const blocks = buildBlocks(lines, STATS);
    expect(kinds(blocks)).toEqual(["list_item", "paragraph"]);
  });

  it("nests list items by marker x: deeper right of the parent, back out when the marker returns", () => {
    const lines = column(
      (y) => line("• Fruit", { x: 72, y }),
      (y) => line("– Apples", { x: 90, y }),
      (y) => line("– Pears", { x: 90, y }),
      (y) => line("· Conference", { x: 108, y }),
      (y) => line("• Vegetables", { x: 72, y }),
      (y) => line("– Leeks", { x: 91, y }),
    );
    const blocks = buildBlocks(lines, STATS);
    nestListItems(blocks);
    expect(blocks.map((b) => (b.kind === "list_item" ? [texts(b), b.depth] : b.kind))).toEqual([
      ["Fruit", 0],
      ["Apples", 1],
      ["Pears", 1],
      ["Conference", 2],
      ["Vegetables", 0],
      ["Leeks", 1],
    ]);
  });

  it("nests right-to-left items by their right edge, not by where their text happens to end (SPEC.md §Output: lists nest as set)", () => {
    /** A Hebrew item whose marker (logically first) sits at the right edge `right`. */
    const rtlItem = (text: string, right: number, y: number) => line("• " + text, { x: right - (text.length + 2) * 5, y });
    const lines = column(
      (y) => rtlItem("ניתן לשלם בכרטיס או באפליקציה", 500, y),
      (y) => rtlItem("הטענת הכרטיס בתחנה", 482, y),
      (y) => rtlItem("תשלום בטלפון בזמן הנסיעה", 482, y),
      (y) => rtlItem("הזמנים בשעות העומס עשויים להשתנות בעד עשר דקות", 500, y),
      (y) => rtlItem("מוקד שירות", 500, y),
    );
    const blocks = buildBlocks(lines, STATS);
    nestListItems(blocks);
    expect(blocks.map((b) => (b.kind === "list_item" ? b.depth : b.kind))).toEqual([0, 1, 1, 0, 0]);
  });

  it("starts nesting afresh at an item above the one before: the next column's items (docs/engine.md, Lists: nesting)", () => {
    // A CV's skills in two columns of bullets, read column by column; a paper's list going
    // on at the top of the right column.
    const blocks = buildBlocks(
      [
        line("• Welding inspection", { x: 242, y: 465 }),
        line("• Finite elements", { x: 242, y: 487 }),
        line("• Python", { x: 242, y: 509 }),
        line("• Swedish and English", { x: 399, y: 465 }),
        line("• Project planning", { x: 399, y: 487 }),
      ],
      STATS,
    );
    nestListItems(blocks);
    expect(blocks.map((b) => (b.kind === "list_item" ? b.depth : b.kind))).toEqual([0, 0, 0, 0, 0]);
  });

  it("still nests an item below the one before and right of it", () => {
    const blocks = buildBlocks([line("• Python", { x: 242, y: 509 }), line("• Swedish and English", { x: 399, y: 531 })], STATS);
    nestListItems(blocks);
    expect(blocks.map((b) => (b.kind === "list_item" ? b.depth : b.kind))).toEqual([0, 1]);
  });

  it("restarts nesting after a non-list block", () => {
    const blocks = buildBlocks(
      [line("• Outer", { x: 90, y: 100 }), line("Between the lists a paragraph.", { x: 72, y: 130 }), line("• Next list", { x: 110, y: 160 })],
      STATS,
    );
    nestListItems(blocks);
    expect(blocks.map((b) => (b.kind === "list_item" ? b.depth : b.kind))).toEqual([0, "paragraph", 0]);
  });
});

describe("buildBlocks: weight changes between lines", () => {
  it("runs a caption with a long bold lead-in on into its next line (issue 9: tracemonkey 'Figure 1.')", () => {
    const lines = [line([{ text: "Figure 1. Sample program: sieve of Eratosthenes.", bold: true }, { text: " primes is" }], { y: 100 }), line("initialized to an array of 100 false values.", { y: 112 })];
    expect(kinds(buildBlocks(lines, STATS))).toEqual(["paragraph"]);
  });

  it("still ends a bold line's block before regular text, and a regular paragraph before a bold line", () => {
    const boldThenText = [line("A bold line of its own", { bold: true, y: 100 }), line("and the text after it.", { y: 112 })];
    expect(buildBlocks(boldThenText, STATS)).toHaveLength(2);
    const textThenBold = [line("The text before it ends here", { y: 100 }), line([{ text: "1.2 " }, { text: "A bold title that follows", bold: true }], { y: 112 })];
    expect(buildBlocks(textThenBold, STATS)).toHaveLength(2);
  });
});

describe("buildBlocks: text set flush right", () => {
  /** A line of `text` whose right edge is at x = 500 (half an em per character at 10 pt). */
  const flushRight = (text: string, y: number) => line(text, { x: 500 - text.length * 5, y });

  it("does not take a ragged left edge for paragraph indents (issue 9: pdkids, a tale set flush right)", () => {
    const lines = [
      flushRight("In my old Granny's days, long, long ago, Carland was just a", 100),
      flushRight("collection of bogs. Pools of black water lay in the hollows,", 112),
      flushRight("and little green rivulets scurried away here and there", 124),
      flushRight("like long lizards trying to escape from their tails, while", 136),
      flushRight("every tuft squirted up at you. I give you my word.", 148),
      flushRight("Now, I've heard my Granny say that a long time before her", 172),
      flushRight("day the Moon got trapped and buried in the bog.", 184),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(kinds(blocks)).toEqual(["paragraph", "paragraph"]);
    expect(blocks[0].lines).toHaveLength(5);
  });

  it("still reads indents in text set flush left with a ragged right edge", () => {
    const lines = [line(FULL, { y: 100 }), line("and ends here", { y: 112 }), line(FULL.slice(4), { x: 92, y: 124 }), line(FULL, { y: 136 }), line("the end", { y: 148 })];
    expect(kinds(buildBlocks(lines, STATS))).toEqual(["paragraph", "paragraph"]);
  });
});

describe("buildBlocks: code", () => {
  it("makes monospace lines one code block, kept apart from the text around it", () => {
    const lines = [
      line("Run the following:", { y: 100 }),
      line("npm install", { mono: true, y: 112 }),
      line("npm test -- --run", { mono: true, y: 124 }),
      line("and check the output.", { y: 136 }),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(kinds(blocks)).toEqual(["paragraph", "code", "paragraph"]);
    expect(texts(blocks[1])).toBe("npm install | npm test -- --run");
  });

  it("keeps a blank line inside a code block, and does not read '- x' or '1.' in code as list items", () => {
    const lines = [line("- x = 1", { mono: true, y: 100 }), line("1. y = 2", { mono: true, y: 124 })];
    const blocks = buildBlocks(lines, STATS);
    expect(kinds(blocks)).toEqual(["code"]);
    expect(blocks[0].lines).toHaveLength(2);
  });

  it("does not make a typewriter chapter head code: a quarter of its letters at a heading size (issue 9: freeculture 'CHAPTER ONE: Creators')", () => {
    const head = line([{ text: "CHAPTER ONE: ", size: 11, mono: true }, { text: "Creators", size: 15, mono: true }]);
    expect(kinds(buildBlocks([head], STATS))).toEqual(["paragraph"]);
  });

  it("keeps code a line of code with one glyph set larger (an em dash in a dedication's typewriter face)", () => {
    const code = line([{ text: "To Eric Eldred", mono: true }, { text: "—", size: 12.2, mono: true }, { text: "whose work first drew me", mono: true }]);
    expect(kinds(buildBlocks([code], STATS))).toEqual(["code"]);
  });

  it("does not make a line with monospace and proportional text code", () => {
    const blocks = buildBlocks([line([{ text: "Call " }, { text: "main()", mono: true }, { text: " first." }])], STATS);
    expect(kinds(blocks)).toEqual(["paragraph"]);
  });
});

describe("buildBlocks: edge cases", () => {
  it("returns nothing for an empty column", () => {
    expect(buildBlocks([], STATS)).toEqual([]);
  });
});

describe("buildBlocks: contents pages (issue 9: the table-of-contents page)", () => {
  it("ends a block after each entry that ends in a dot leader and a page number", () => {
    const entries = ["3.1.1 Logical view ............................ 9", "3.1.2 Hydro network ......................... 10", "3.1.3 Hydro events ..................... xii"];
    const blocks = buildBlocks(stack(entries, { y: 100 }), STATS);
    expect(blocks.map((b) => b.lines.map(lineText))).toEqual(entries.map((e) => [e]));
  });
});

describe("buildBlocks: a paragraph cut by a float beside it (issue 9: ocr-vicksburg-p2)", () => {
  // Body lines from x 250, wrapped round a figure on the left whose caption sits on the row
  // of the paragraph's next line.
  const body = [
    "The balls of lead as they fall are found bent and flat-",
    "tened in every conceiva-",
  ];
  const rest = ["ble shape. A friend from the 96th Ohio, on a visit to me,", "met a rebel bullet which took a piece out of his arm."];

  it("joins the paragraph again and puts the caption after it", () => {
    const lines = [...stack(body, { x: 250, y: 100 }), line("Sibley Tent.", { x: 134, y: 124 }), ...stack(rest, { x: 250, y: 124 })];
    lines.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
    const blocks = buildBlocks(lines, STATS);
    expect(kinds(blocks)).toEqual(["paragraph", "paragraph"]);
    expect(texts(blocks[0])).toBe([...body, ...rest].join(" | "));
    expect(texts(blocks[1])).toBe("Sibley Tent.");
  });

  it("joins a paragraph cut twice by margin notes, the notes after it (scrguide-en's v3.00 and v3.12)", () => {
    const text = [
      "In addition to the values in table 2.5, you can also use the value semi. This value results",
      "in two-sided printing with one-sided margins and one-sided, that is non-alternating, marginal",
      "notes. Beginning with version 3.12, binding corrections (see BCOR, page 33) will",
      "be part of the left margin on odd pages but part of the right margin on even pages.",
    ];
    const lines = [...stack(text, { x: 61, y: 100, pitch: 14 }), line("v3.00", { x: 28, y: 106, size: 6 }), line("v3.12", { x: 28, y: 134, size: 6 })];
    lines.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => texts(b))).toEqual([text.join(" | "), "v3.00", "v3.12"]);
  });

  it("joins a short rest that goes on with a command, and leaves one that starts with a number (scrguide-en p60; pdfium's standard_symbols)", () => {
    const before = "dedication page after the main title, i.e., the argument of \\dedication when";
    const lines = [line(before, { x: 61, y: 100 }), line("v3.12", { x: 28, y: 113, size: 6 }), line("\\maketitle is used (see page 70)", { x: 61, y: 113 })];
    expect(buildBlocks(lines, STATS).map((b) => texts(b))).toEqual([`${before} | \\maketitle is used (see page 70)`, "v3.12"]);
    const entry = [line("1 or 2 digit hour of the meridiem, expressed as a 12-hour clock. time{hh}", { x: 61, y: 100 }), line("HH", { x: 28, y: 113 }), line("2 digit hour of the meridiem", { x: 61, y: 113 })];
    expect(buildBlocks(entry, STATS)).toHaveLength(3);
  });

  it("leaves the order alone where the lines before the float end a sentence, or the float sits across the column", () => {
    const ended = [...stack(["The balls of lead as they fall are found bent and flat-", "tened in every way they could be."], { x: 250, y: 100 }), line("Sibley Tent.", { x: 134, y: 124 }), ...stack(rest, { x: 250, y: 124 })];
    ended.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
    expect(texts(buildBlocks(ended, STATS)[1])).toBe("Sibley Tent.");
    const across = [...stack(body, { x: 250, y: 100 }), line("A note set across the column", { x: 240, y: 124, bold: true }), ...stack(rest, { x: 250, y: 138 })];
    expect(texts(buildBlocks(across, STATS)[1])).toBe("A note set across the column");
  });
});

describe("buildBlocks: a page of few lines with a blank line after each (issue 9: gen-handbook-p5, a letter)", () => {
  it("takes the usual gap from the leading, not from the blank lines that are most of the gaps", () => {
    // 12 pt type on a 14.5 pt pitch (2.5 pt leading), and an 18 pt blank line between blocks.
    const at = (text: string, y: number) => line(text, { x: 74, y, size: 12 });
    const lines = [
      at("Joanna Public", 100),
      at("1 Hillside", 114.5),
      at("SAMPLESTEAD", 129),
      at("Dear Madam Chair,", 159),
      at("The last general meeting was more than a year ago. I would like to remind you that the", 189),
      at("articles of our club stipulate that one should be held every six months.", 203.5),
      at("Anticipating an invitation", 233.5),
      at("Enclosure: Excerpt from the articles governing general meetings", 263.5),
      at("cc: executive board", 293.5),
    ];
    const blocks = buildBlocks(lines, STATS);
    // The address's three lines are lines their author broke short (the rule of "lines their
    // author broke short" below): one block, a line break after each; the letter's paragraph
    // stays whole.
    expect(blocks.map((b) => b.lines.length)).toEqual([3, 1, 2, 1, 1, 1]);
    expect(withLineBreaks(blocks[0])).toBe("Joanna Public\\ | 1 Hillside\\ | SAMPLESTEAD");
  });
});


describe("buildBlocks: a paragraph's margin of one em under a line box taller than its type (svc-md-1.1.15: a letter printed by Chromium)", () => {
  // 11 pt type in 12.8 pt boxes on a 12.8 pt pitch (no gap), and 10.4 pt between paragraphs:
  // the margins are less than a line's box, so they count among the leading gaps.
  const at = (text: string, y: number): Line => {
    const l = line(text, { x: 73, y, size: 11 });
    return { ...l, y1: y + 12.8, spans: l.spans.map((s) => ({ ...s, y1: y + 12.8 })) };
  };
  const para = (lines: string[], y: number) => lines.map((text, k) => at(text, y + k * 12.8));

  it("ends a paragraph at each margin where the margins are half the gaps (SPEC.md §Output: paragraphs)", () => {
    const lines = [
      at("Dear Ms Ek,", 264.3),
      ...para(["We hereby give notice of termination of our lease of warehouse 4 at Arendal", "(contract no. 2019-114), with effect from 31 May 2027, in accordance with clause", "12 of the contract."], 287.5),
      ...para(["We would like to arrange a joint inspection of the premises in April. Please let us", "know which dates suit you."], 337),
      at("Yours sincerely,", 373.8),
    ];
    expect(buildBlocks(lines, STATS).map((b) => b.lines.length)).toEqual([1, 3, 2, 1]);
  });

  it("keeps the usual gap where one tight pair stands apart from lines set 8 pt apart", () => {
    // Lines set open, 8 pt between boxes, and one pair set solid: one pair is no cluster of
    // leading, and the 8 pt gaps stay the paragraph's.
    const ys = [100, 120.8, 133.6, 154.4, 175.2, 196];
    const lines = ys.map((y, k) => at(`line ${k + 1} of a paragraph set open that runs on and on across the column`, y));
    expect(buildBlocks(lines, STATS)).toHaveLength(1);
  });
});

describe("buildBlocks: a letter's address blocks (svc-md-1.1.15: a letter printed by Chromium)", () => {
  // 11 pt type on a 12.8 pt pitch; each line's box is its text's, from x0 to x1.
  const at = (text: string, x0: number, x1: number, y: number) => lineTo(text, x0, y, x1, 11);

  it("writes a sender block set flush right one line each, its second and third lines starting near one x (SPEC.md §Output: line breaks)", () => {
    const lines = [at("Hamngatan 7", 463.5, 539.2, 65.5), at("411 06 Göteborg", 445, 539.2, 78.3), at("Tel. 031-55 01 00", 442.1, 539.2, 91.1), at("info@nordfrakt.example", 403.8, 539.2, 103.9)];
    // The page's text starts at 72.8 pt, where the recipient's block and the letter's text do.
    expect(buildBlocks(lines, STATS, undefined, 72.8, 539.2).map(withLineBreaks)).toEqual(["Hamngatan 7\\ | 411 06 Göteborg\\ | Tel. 031-55 01 00\\ | info@nordfrakt.example"]);
  });

  it("writes telephone numbers one under another one line each, though they hold no small letter (a CV's contact block, the Resume template filled in)", () => {
    const lines = [at("+46 31 555 0142", 72.8, 140, 146.5), at("+46 70 555 0199", 72.8, 140, 159.3), at("+46 31 555 0100", 72.8, 140, 172.1)];
    expect(buildBlocks(lines, STATS, undefined, 72.8, 539.2).map(withLineBreaks)).toEqual(["+46 31 555 0142\\ | +46 70 555 0199\\ | +46 31 555 0100"]);
  });

  it("writes a CV's contact lines one line each where its web addresses are written without their scheme ('Product Designer danielosei.design' had been one line)", () => {
    const lines = [at("Product Designer", 72.8, 160.2, 140), at("danielosei.design", 72.8, 158.9, 152.8), at("daniel@osei.com · +44 20 7946 0000", 72.8, 262.4, 165.6), at("linkedin.com/in/danielosei", 72.8, 214.6, 178.4)];
    expect(buildBlocks(lines, STATS, undefined, 72.8, 539.2).map(withLineBreaks)).toEqual(["Product Designer\\ | danielosei.design\\ | daniel@osei.com · +44 20 7946 0000\\ | linkedin.com/in/danielosei"]);
  });

  it("writes a web address with its scheme on a line of its own in a CV's contact lines (the whole address read, not its first letter: ACM's 'ACM ISBN … $15.00' | 'https://doi.org/…' too)", () => {
    const lines = [at("Product Designer", 72.8, 160.2, 140), at("https://osei.design", 72.8, 162, 152.8), at("daniel@osei.com · +44 20 7946 0000", 72.8, 262.4, 165.6)];
    expect(buildBlocks(lines, STATS, undefined, 72.8, 539.2).map(withLineBreaks)).toEqual(["Product Designer\\ | https://osei.design\\ | daniel@osei.com · +44 20 7946 0000"]);
  });

  it.each([["setup.py"], ["options.h"], ["config.sh"], ["index.ts"]])("still runs a file's name %j on a line of its own into the line above", (name) => {
    const lines = [at("Product Designer", 72.8, 160.2, 140), at(name, 72.8, 130, 152.8), at("daniel@osei.com · +44 20 7946 0000", 72.8, 262.4, 165.6)];
    expect(buildBlocks(lines, STATS, undefined, 72.8, 539.2).map(withLineBreaks)[0]).toMatch(new RegExp(`^Product Designer \\| ${name.replace(".", "\\.")} \\|`));
  });

  it("still runs a column of figures without small letters into one line", () => {
    const lines = [at("12 500 3 200", 72.8, 140, 146.5), at("14 100 3 900", 72.8, 140, 159.3), at("15 800 4 300", 72.8, 140, 172.1)];
    expect(buildBlocks(lines, STATS, undefined, 72.8, 539.2).map(withLineBreaks)).toEqual(["12 500 3 200 | 14 100 3 900 | 15 800 4 300"]);
  });

  // Made afresh for each test: buildBlocks marks its lines' breaks.
  const recipient = () => [at("Västkustens Fastigheter AB", 72.8, 226.1, 146.5), at("Att: Karin Ek", 72.8, 145.3, 159.3), at("Box 2213", 72.8, 125.1, 172.1), at("403 14 Göteborg", 72.8, 167, 184.9)];

  it("writes a narrow column of short lines one line each, its widest line first", () => {
    expect(buildBlocks(recipient(), STATS, undefined, 72.8, 539.2).map(withLineBreaks)).toEqual(["Västkustens Fastigheter AB\\ | Att: Karin Ek\\ | Box 2213\\ | 403 14 Göteborg"]);
  });

  it("still measures the widest line against the column where the column is as wide as the page's text", () => {
    // A page-wide line over short ones (a trademark notice: "… trademarks of SAS" | "Institute
    // Inc. in the USA …" | "Other brand and product names …") is a paragraph's.
    expect(buildBlocks(recipient(), STATS, undefined, 72.8, 300).map(withLineBreaks)[0]).toMatch(/^Västkustens Fastigheter AB \| Att: Karin Ek/);
  });
});

describe("buildBlocks: lines that each start with a section number (svc-md-1.1.15: cleanthesis's '1.1 About cleanthesis' | '1.2 Donation')", () => {
  it("makes two headings of two numbered heading lines over a short paragraph, whose leading is too little to sample", () => {
    const lines = [
      line("1.1 About cleanthesis", { x: 128, y: 337.8, size: 12, bold: true }),
      line("1.2 Donation", { x: 128, y: 359.6, size: 12, bold: true }),
      line("If you like the Clean Thesis style, or you have used it for one of your own documents", { x: 128, y: 381.5, size: 10.9 }),
      line("successfully there are (at least) three different but pretty easy ways of saying thank", { x: 128, y: 394.8, size: 10.9 }),
    ];
    expect(buildBlocks(lines, STATS).map(texts)).toEqual(["1.1 About cleanthesis", "1.2 Donation", lineText(lines[2]) + " | " + lineText(lines[3])]);
  });

  it("keeps code lines that start with such numbers one listing (R's data frame rows '1.1 P 23646')", () => {
    const rows = ["1.1      P 23646   1 45190  1", "2.1     CC 26174   1 35535  2", "3.1     CC 27723   1 25691  3"];
    const lines = rows.map((t, k) => line(t, { x: 72, y: 100 + 11 * k, mono: true }));
    expect(buildBlocks(lines, STATS)).toHaveLength(1);
  });
});

describe("buildBlocks: a rights block's lines (issue 9: ACM's first page, gen-acm-sigconf)", () => {
  it("breaks a venue's line before a line that starts with the copyright sign, which wraps on into the next", () => {
    // The left column's foot, 240 pt wide at 7 pt.
    const at = (text: string, y: number, x1: number, italic = false) => {
      const l = lineTo(text, 54, y, x1, 7);
      for (const s of l.spans) s.italic = italic;
      return l;
    };
    const lines = [
      at("SDC ’26, June 8–11, 2026, Lisbon, Portugal", 700, 190, true),
      at("© 2026 Copyright held by the owner/author(s). Publication rights", 708, 294),
      at("licensed to ACM.", 716, 106),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map(withLineBreaks)).toEqual(["SDC ’26, June 8–11, 2026, Lisbon, Portugal", "© 2026 Copyright held by the owner/author(s). Publication rights | licensed to ACM."]);
  });
});

describe("buildBlocks: a blank of half a line parts blocks (issue 9: paper-tracemonkey p1 and p6)", () => {
  it("ends a list item where a paragraph follows two thirds of a line lower, though it starts at the item's text", () => {
    // 9 pt type on a 10 pt pitch; the paragraph after the item starts 6.8 pt below it.
    const at = (text: string, x: number, y: number) => line(text, { x, y, size: 9 });
    const lines = [
      at("• There is at least one hot side exit for which the VM cannot", 59, 100),
      at("complete a trace.", 67, 110),
      at("• The loop body is short.", 59, 120),
      at("In this case, the VM will repeatedly pass the loop header, search", 66, 135.8),
      at("for a trace, find it, execute it, and fall back to the interpreter.", 54, 145.8),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(kinds(blocks)).toEqual(["list_item", "list_item", "paragraph"]);
    expect(texts(blocks[2])).toBe("In this case, the VM will repeatedly pass the loop header, search | for a trace, find it, execute it, and fall back to the interpreter.");
  });

  it("parts a title page's affiliations, each two lines set 6.5 pt below the last", () => {
    const at = (text: string, x: number, y: number) => line(text, { x, y, size: 9 });
    const mozilla = "{gal,brendan,shaver,danderson,dmandelin,mrbkap,graydon,bz}@mozilla.com";
    const lines = [at("Mozilla Corporation", 266, 180), at(mozilla, 91, 191.2), at("Adobe Corporation", 267, 206.7), at("{edwsmith,rreitmai}@adobe.com", 237, 217.9)];
    expect(buildBlocks(lines, STATS).map(texts)).toEqual([`Mozilla Corporation | ${mozilla}`, "Adobe Corporation | {edwsmith,rreitmai}@adobe.com"]);
  });

  it("keeps joining lines whose boxes are shorter than their type (the pdfTeX manual's TeX Gyre Pagella: 5 pt boxes for 11 pt type)", () => {
    const short = (text: string, y: number): Line => {
      const l = line(text, { x: 71, y, size: 11 });
      return { ...l, y1: y + 5, spans: l.spans.map((s) => ({ ...s, y1: y + 5 })) };
    };
    // Lines holding a typewriter word have full boxes, so the usual gap is the leading of those.
    const full = (text: string, y: number): Line => line(text, { x: 71, y, size: 11 });
    const lines = [
      full("A pdf file consists of objects. The object 9 0 obj holds the document's catalog", 100),
      full("and the object 5 0 R the tree of its pages; in this small document they are few", 113.8),
      full("and easy to follow by reading the file in a text editor, as we invite users to", 127.6),
      short("do: the trailer names the catalog, and the catalog names everything else in", 141.4),
      short("the document. Just follow the thread, from the trailer to the catalog to each", 155.2),
      short("page, and from each page to its content stream.", 169),
    ];
    expect(buildBlocks(lines, STATS)).toHaveLength(1);
  });
});

describe("buildBlocks: a bold lead-in that wraps (issue 9: tracemonkey's Figure 11 caption)", () => {
  it("keeps a caption whose bold lead-in fills its first line and runs on into the second as one paragraph", () => {
    const full = "Figure 11. Fraction of dynamic bytecodes executed by inter-";
    const lines = [line(full, { y: 100, bold: true }), line([{ text: "preter and on native traces.", bold: true }, { text: " The speedup vs. interpreter is" }], { y: 112 }), line("shown next to each test.", { y: 124 })];
    const blocks = buildBlocks(lines, STATS);
    expect(kinds(blocks)).toEqual(["paragraph"]);
  });

  it("still ends a short bold heading above a paragraph that starts with a bold term", () => {
    const lines = [line("Results", { y: 100, bold: true }), line([{ text: "TraceMonkey", bold: true }, { text: " runs the benchmarks in a fraction of the time the interpreter" }], { y: 112 })];
    expect(buildBlocks(lines, STATS)).toHaveLength(2);
  });
});

describe("buildBlocks: the usual gap from the main text size (issue 9: ocr-handbook-p2)", () => {
  it("parts one-line entries set a blank apart, where a heading's and a table's gaps outnumber the paragraphs' leading", () => {
    // 9 pt text, 10 pt boxes on a 14 pt pitch inside paragraphs; the entries 12.5 pt apart.
    const at = (text: string, y: number, size = 9) => line(text, { x: 62, y, size });
    const wide = (text: string) => text.padEnd(100, " x");
    const lines = [
      at(wide("Dues are charged per night and depend on the length of the vessel. A night starts"), 100),
      at("the next day.", 114),
      at(wide("The high season runs from 1 June to 30 September. Fishing vessels registered"), 160),
      at("instead of nightly dues.", 174),
      at("2.1 Discounts", 210, 11),
      at("Weekly stay The seventh night is free.", 236),
      at(wide("Club members Members of a sailing club affiliated with the national federation").slice(0, 96) + " off.", 258.5),
      at(wide("Winter contract Vessels that stay from October to March pay a fixed fee").slice(0, 96) + " office.", 281),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => lineText(b.lines[0]).slice(0, 12))).toEqual(["Dues are cha", "The high sea", "2.1 Discount", "Weekly stay ", "Club members", "Winter contr"]);
  });
});

describe("buildBlocks: footnotes one under another (issue 9: list-pypdf-example)", () => {
  it("starts a block at each line that starts with a raised footnote mark", () => {
    const note = (mark: string, text: string, y: number) => line([{ text: mark, size: 6 }, { text: ` ${text}` }], { y });
    const blocks = buildBlocks([note("1", "2021 estimate", 100), note("2", "2020 estimate", 112), note("3", "2020 estimate", 124)], STATS);
    expect(blocks.map(texts)).toEqual(["1 2021 estimate", "2 2020 estimate", "3 2020 estimate"]);
  });

  it("keeps a footnote's wrapped lines, and a line starting with a digit of body size, in its paragraph", () => {
    const lines = [line([{ text: "1", size: 6 }, { text: " A note long enough to wrap onto the next line, which goes" }], { y: 100 }), line("on here, and", { y: 112 }), line("2 more words", { y: 124 })];
    expect(buildBlocks(lines, STATS)).toHaveLength(1);
  });
});

describe("buildBlocks: a set of lines that each end a sentence (issue 9: list-pypdf-example)", () => {
  it("breaks after every line of the set, also those that run the column's full width", () => {
    const lines = column(
      () => line("Beautiful is better than ugly.", { y: 100 }),
      () => line("Explicit is better than implicit.", { y: 112 }),
      () => line("There should be one-- and preferably only one --obvious way to do it.", { y: 124 }),
      () => line("Although that way may not be obvious at first unless you're Dutch.", { y: 136 }),
      () => line("Now is better than never.", { y: 148 }),
    );
    const blocks = buildBlocks(lines, STATS);
    expect(blocks).toHaveLength(1);
    expect(blocks[0].lines.map((l) => l.breakAfter === true)).toEqual([true, true, true, true, false]);
  });

  it("breaks a form's sentence from the labels under it, which end in a colon (gen-handbook-p6)", () => {
    const lines = [line("Please fill in this form in capital letters and hand it in at the harbour office.", { y: 100 }), line("Name of owner:", { y: 120 }), line("Address:", { y: 140 }), line("Telephone:", { y: 160 })];
    expect(buildBlocks(lines, STATS).map(withLineBreaks)).toEqual(["Please fill in this form in capital letters and hand it in at the harbour office.\\ | Name of owner:\\ | Address:\\ | Telephone:"]);
  });

  it("keeps a paragraph whose full lines end sentences now and then", () => {
    const lines = [
      line("A paragraph of prose sets its words to the full width of the column.", { y: 100 }),
      line("Some of its lines end where a sentence ends, as this one does here.", { y: 112 }),
      line("Three in a row is rare but happens in text with short sentences, ok.", { y: 124 }),
      line("and the paragraph goes on after them to its end.", { y: 136 }),
    ];
    expect(buildBlocks(lines, STATS)).toHaveLength(1);
  });
});

describe("buildBlocks: boxes taller than the line pitch (issue 9: form-qpdf-filled)", () => {
  it("counts lines whose boxes overlap a little as set solid, so a blank of most of a line parts blocks", () => {
    // 12 pt type in 13.3 pt boxes: the w lines on a 12.7 pt pitch, the sentences 25.4 pt apart.
    const at = (text: string, y: number): Line => {
      const l = line(text, { x: 57, y, size: 12 });
      return { ...l, y1: y + 13.3, spans: l.spans.map((s) => ({ ...s, y1: y + 13.3 })) };
    };
    const lines = [at("Text Field abc potato", 85.7), at("Other stuff.", 115.1), at("Adsadfasdf", 331), at("here's some more stuff after.", 356.4), at("I need another page", 381.8)];
    for (let k = 0; k < 12; k++) lines.push(at("w", 394.5 + 12.7 * k));
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => lineText(b.lines[0]))).toEqual(["Text Field abc potato", "Other stuff.", "Adsadfasdf", "here's some more stuff after.", "I need another page"]);
    expect(blocks[4].lines).toHaveLength(13);
  });

  it("goes on with a list item's text set a little lower at its hanging indent, in small letters (luaharfbuzz's options)", () => {
    const at = (text: string, x: number, y: number, size = 9.9): Line => {
      const l = line(text, { x, y, size });
      return { ...l, y1: y + 12.6, spans: l.spans.map((s) => ({ ...s, y1: y + 12.6 })) };
    };
    const lines = [at("• font: Font to use for shaping", 64.3, 533.8), at("• buffer: Buffer to shape", 64.3, 546.1), at("• options:", 64.3, 558.8), at("table containing one or more supported options:", 70.3, 577.8, 9.4)];
    const blocks = buildBlocks(lines, STATS);
    expect(kinds(blocks)).toEqual(["list_item", "list_item", "list_item"]);
    expect(texts(blocks[2])).toBe("options: | table containing one or more supported options:");
  });
});

describe("buildBlocks: a chapter's label over its title (qpdf issue-202, LaTeX's report class)", () => {
  it("makes 'Chapter 1' and the title set 0.65 em below it one heading", () => {
    const body = stack(["To process the files you may need a TeX system with the", "packages this template loads, and a viewer for the result", "of each run, which shows the pages as they will be printed", "on paper of the size the class sets."], { y: 300 });
    const lines = [line("Chapter 1", { y: 193, size: 24, bold: true }), line("Template", { y: 233, size: 24, bold: true }), ...body];
    const stats: DocumentStats = { ...STATS, headings: [{ size: 24, bold: true, level: 1 }, ...STATS.headings] };
    const blocks = buildBlocks(lines, stats);
    expect(blocks.map((b) => [b.kind, texts(b).slice(0, 20)])).toEqual([
      ["heading", "Chapter 1 | Template"],
      ["paragraph", "To process the files"],
    ]);
    // A heading that is no chapter's label stays apart from one set that far below it.
    const apart = buildBlocks([line("Overview", { y: 193, size: 24, bold: true }), line("Template", { y: 233, size: 24, bold: true }), ...body], stats);
    expect(kinds(apart)).toEqual(["h1", "h1", "paragraph"]);
  });
});

describe("buildBlocks: pieces of a form's row with a field between them (issue 9: gen-handbook-p6)", () => {
  const rule = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1, kind: "stroke" as const });
  // Fill-in rules on the row's baseline after "Telephone:" and "E-mail:"; check boxes drawn as four rules.
  const box = (x: number, y: number) => [rule(x, y, x + 12, y + 0.4), rule(x, y, x + 0.4, y + 11.5), rule(x + 11.6, y, x + 12, y + 11.5), rule(x, y + 11.3, x + 12, y + 11.7)];
  const fields = formFieldsBetween([rule(113.9, 107.6, 256, 108), rule(305.3, 107.6, 447.5, 108), ...box(205.9, 149.7), ...box(312.6, 149.7)]);
  const at = (text: string, x: number, y: number) => line(text, { x, y, size: 10 });

  it("reads 'Telephone: ____ E-mail: ____' and check boxes' labels as one line each", () => {
    const lines = [at("Telephone:", 62, 100), at("E-mail:", 269, 100), at("Type of permit requested:", 62, 130), at("Visitor (up to 30 nights)", 76, 150), at("Winter contract", 220, 150), at("Yearly berth", 327, 150)];
    const blocks = buildBlocks(lines, STATS, fields);
    expect(blocks.map(texts)).toEqual(["Telephone: | E-mail:", "Type of permit requested:", "Visitor (up to 30 nights) | Winter contract | Yearly berth"]);
  });

  it("keeps pieces of a row apart where no field lies between them (a contents entry and its page number)", () => {
    const lines = [at("Preface to KOMA-Script 3.36 and 3.37", 62, 300), at("7", 400, 300)];
    expect(buildBlocks(lines, STATS, fields)).toHaveLength(2);
    expect(buildBlocks(lines, STATS)).toHaveLength(2);
  });
});

describe("buildBlocks: a paragraph after a list, its first line indented as far as the items' text (issue 9: dvipdfm p17, nameref p3)", () => {
  /** A line of the page as MuPDF reads it: its box from x0 to x1, 11.5 pt tall. */
  const at = (content: string | { text: string; bold?: boolean }[], x0: number, x1: number, y: number): Line => {
    const l = line(content, { x: x0, y, size: 10 });
    const spans = l.spans.map((s, k) => (k === l.spans.length - 1 ? { ...s, x1, y1: y + 11.5 } : { ...s, y1: y + 11.5 }));
    return { ...l, spans, x1, y1: y + 11.5 };
  };

  it("starts the paragraph at its indented line when the item ended a sentence short and the paragraph goes on left of the marker", () => {
    const lines = [
      at("3. Run dvipdfm with the -t or -dt option.", 115.9, 323.6, 368.2),
      at("The dvipdfm distribution includes a sample shell script called dvipdft which", 129.8, 504, 381.7),
      at("is a wrapper for dvipdfm that generates thumbnails.", 108, 358.7, 394.8),
      at("Dvipdfm searches for the thumbnail images in the directory specified by the", 129.8, 504, 408.4),
      at("TMP or TEMP environment variables, or in the current directory. The thumbnails", 108, 504.1, 421.5),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => [b.kind, texts(b).slice(0, 24)])).toEqual([
      ["list_item", "Run dvipdfm with the -t "],
      ["paragraph", "The dvipdfm distribution"],
      ["paragraph", "Dvipdfm searches for the"],
    ]);
    // An item whose last line runs nearly full, its sentence ended (dvipdfmx-special's
    // "… XƎTEX (via XDVIPDFMX).³" over "The TODO list …"), ends there too.
    const nearlyFull = [at("3. Run dvipdfm with the -t or -dt option, and more of its text here.", 115.9, 495, 368.2), ...lines.slice(1)];
    expect(buildBlocks(nearlyFull, STATS).map((b) => b.kind)).toEqual(["list_item", "paragraph", "paragraph"]);
    expect(buildBlocks(nearlyFull, STATS)[0].lines).toHaveLength(1);
    // The same line under an item that goes on mid-sentence is the item's.
    const midSentence = [at("3. Run dvipdfm with the -t or -dt option, and", 115.9, 340, 368.2), ...lines.slice(1)];
    expect(buildBlocks(midSentence, STATS).map((b) => b.kind)).toEqual(["list_item", "paragraph", "paragraph"]);
    expect(texts(buildBlocks(midSentence, STATS)[0])).toContain("The dvipdfm distribution");
  });

  it("keeps an item's second line at its text when the next line is a bold run-in label, or when the line is short", () => {
    const lines = [
      at("• \\lst@MakeCaption (from the listings package)", 178.8, 393.1, 307.6),
      at("This patch can be disabled by defining \\NR@nopatch@listings", 191.6, 468.4, 321.8),
      at([{ text: "lists", bold: true }, { text: " The following command is patched" }], 144.7, 321.5, 336.2),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => [b.kind, b.lines.length])).toEqual([
      ["list_item", 2],
      ["paragraph", 1],
    ]);
    // Full width, the line is still the item's when the paragraph under it starts bold.
    const full = [lines[0], at("This patch can be disabled by defining \\NR@nopatch@listings and more", 191.6, 504, 321.8), lines[2]];
    expect(buildBlocks(full, STATS).map((b) => b.lines.length)).toEqual([2, 1]);
  });
});

describe("buildBlocks: an address in the code face withLineBreaks onto a line of its own (issue 9: dvipdfmx-special's footnote 5)", () => {
  it("keeps the address's tail in its paragraph instead of a code block under it", () => {
    const lines = [
      line([{ text: "5 " }, { text: "http://mirror.ctan.org/macros/latex/contrib/", mono: true }], { y: 702.4, size: 8 }),
      line([{ text: "beamer/base/beamerbasenavigation.sty", mono: true }], { y: 712, size: 8, x: 60 }),
    ];
    expect(kinds(buildBlocks(lines, STATS))).toEqual(["paragraph"]);
    // A line of code after a paragraph ending in code that is no address is a code block.
    const code = [line([{ text: "run " }, { text: "make", mono: true }], { y: 100 }), line([{ text: "make install", mono: true }], { y: 112 })];
    expect(kinds(buildBlocks(code, STATS))).toEqual(["paragraph", "code"]);
  });
});

describe("buildBlocks: lines their author broke short (issue 9: form-sleep-study's napping times, gen-handbook-p5's address)", () => {
  const at = (text: string, x1: number, y: number): Line => {
    const l = line(text, { x: 11.2, y, size: 10 });
    return { ...l, x1, spans: l.spans.map((s) => ({ ...s, x1 })) };
  };
  // The page's widest line sets the column's right edge at 554.7.
  const widest = at("Having consistent sleep and wake times is a great way to stabilize your sleep cycles and improve the quality of your sleep.", 554.7, 546.4);

  it("breaks after each of three or more lines that each leave room for the next line's first word and start with a capital", () => {
    const lines = [widest, at("To quickly shed sleepiness - 1 to 5 minutes", 201.2, 632), at("To increase performance after nap - 5 to 30 minutes", 240.7, 644), at("To make up for lost sleep (weekend) - 90+ minutes", 238.2, 656)];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map(withLineBreaks).slice(1)).toEqual(["To quickly shed sleepiness - 1 to 5 minutes\\ | To increase performance after nap - 5 to 30 minutes\\ | To make up for lost sleep (weekend) - 90+ minutes"]);
  });

  it("breaks between lines bold throughout in no heading's style (web2c's authors 'Karl Berry' | 'Olaf Weber'), not between a bold lead-in and its text", () => {
    const stats: DocumentStats = { ...STATS, headings: [{ size: 18, bold: false, level: 1 }] };
    const bold = (t: string, x1: number, y: number) => {
      const l = line([{ text: t, bold: true }], { x: 11.2, y, size: 10 });
      return { ...l, x1, spans: l.spans.map((sp) => ({ ...sp, x1 })) };
    };
    expect(buildBlocks([widest, bold("Karl Berry", 90, 632), bold("Olaf Weber", 92, 644)], stats).map(withLineBreaks)).toEqual([lineText(widest).trim(), "Karl Berry\\ | Olaf Weber"]);
    // In a heading's style (STATS: bold 10 pt is level 3) they keep the heading rules.
    expect(buildBlocks([widest, bold("Karl Berry", 90, 632), bold("Olaf Weber", 92, 644)], STATS).map(withLineBreaks)).toEqual([lineText(widest).trim(), "Karl Berry | Olaf Weber"]);
  });

  it("ends the block after a set's line that ends a sentence, as prose does; and before a set's last line that wraps into a paragraph", () => {
    const sentences = [widest, at("Lorem ipsum dolor sit amet.", 201.2, 632), at("Aliquam vitae felis ac lectus", 240.7, 644), at("Morbi id porttitor quam", 238.2, 656)];
    expect(buildBlocks(sentences, STATS).map(withLineBreaks).slice(1)).toEqual(["Lorem ipsum dolor sit amet.", "Aliquam vitae felis ac lectus\\ | Morbi id porttitor quam"]);
    const wraps = [widest, at("Marta Sousa", 90, 632), at("Harbour Master", 100, 644), at("Please write to the harbour office for a permit to moor your boat in the basin over the", 554, 656), at("winter months.", 140, 668)];
    expect(buildBlocks(wraps, STATS).map(withLineBreaks).slice(1)).toEqual(["Marta Sousa\\ | Harbour Master", "Please write to the harbour office for a permit to moor your boat in the basin over the | winter months."]);
  });

  it("breaks two lines when the first leaves a quarter of the column empty (a signature: name over title), not where a ragged edge leaves a word's room", () => {
    const signature = [widest, at("Richard Okafor", 90, 632), at("Business Development Manager", 160, 644)];
    expect(buildBlocks(signature, STATS).map(withLineBreaks)).toEqual([lineText(widest).trim(), "Richard Okafor\\ | Business Development Manager"]);
    // tabula-us-007's ragged column: "… This notice includes the" | "2011 Percentage Method …".
    const ragged = [widest, at("2011 withholding tables. This notice includes the", 470, 632), at("2011 Percentage Method Tables for Income Tax", 460, 644)];
    expect(buildBlocks(ragged, STATS)).toHaveLength(2);
  });

  it("breaks after a first line in small letters that leaves half the column empty over a short line starting a sentence (blocks.ts SMALL_START_ROOM_SHARE: Doxygen's 'variable for split-merge' | 'Definition at line 71 of file options.h.'; svc-md-1.1.22)", () => {
    const doxygen = [widest, at("variable for split-merge", 160, 632), at("Definition at line 71 of file options.h.", 212, 644)];
    expect(buildBlocks(doxygen, STATS).map(withLineBreaks).slice(1)).toEqual(["variable for split-merge\\ | Definition at line 71 of file options.h."]);
    // A paragraph's last line over a full line of the next (R-FAQ's references) is no set ...
    const references = [widest, at("edu/~jmc4/Rbook/.", 213, 632), at("Peter Dalgaard (2008), Introductory Statistics with R, 2nd edition, Springer,", 554, 644), at("ISBN 978-0-387-79053-4.", 240, 656)];
    expect(buildBlocks(references, STATS).map(withLineBreaks).join(" / ")).not.toContain("\\");
    // ... nor a line that stops inside a bracket ("(besucht am" | "05. 02. 2019).").
    const bracket = [widest, at("script/doc/scrguide.pdf (besucht am", 200, 632), at("05. 02. 2019).", 90, 644)];
    expect(buildBlocks(bracket, STATS).map(withLineBreaks).join(" / ")).not.toContain("\\");
  });

  it("keeps prose in a narrow box and text in capitals only as they were", () => {
    const prose = [widest, at("The harbour office keeps a list of", 201.2, 632), at("berths and of the boats that lie", 195, 644), at("in them over the winter months.", 190, 656)];
    expect(buildBlocks(prose, STATS)).toHaveLength(2);
    const capitals = [widest, at("NOTE: MINIMIZE SOIL", 120, 632), at("DISTURBANCE WITHIN", 118, 644), at("7' OF TREE TRUNK", 110, 656)];
    expect(buildBlocks(capitals, STATS)).toHaveLength(2);
    // Lines of prose ending in a comma go on (ltnews03's address in running text) ...
    const commas = [widest, at("Group, P. O. Box 869, Santa Barbara,", 190, 632), at("CA 93102-0869, USA, Fax: +1 805 963 8358,", 230, 644), at("EMail: tug@tug.org.", 120, 656)];
    expect(buildBlocks(commas, STATS)).toHaveLength(2);
    // ... and lines of a numbered listing so ending are lines of their own, in one code block.
    const listing = [widest, ...["590 list = list,", "591 data = data,", "592 exclusive = exclusive,"].map((text, k) => {
      const l = line([{ text: text.slice(0, 4) }, { text: text.slice(4), mono: true }], { x: 11.2, y: 632 + 12 * k, size: 10 });
      return l;
    })];
    expect(buildBlocks(listing, STATS).map((b) => `${b.kind}:${b.lines.length}`)).toEqual(["paragraph:1", "code:3"]);
  });

  /** A line ending at x1 = 554.7, the column's right edge, starting at x. */
  const right = (text: string, x: number, y: number): Line => lineTo(text, x, y, 554.7);

  it("breaks after each line of a set flush right, its room on the left, also after a comma (octave's title page, pdkids' verse)", () => {
    const title = [widest, right("A high-level interactive language for numerical computations", 263, 632), right("Edition 7 for Octave version 7.3.0", 394, 644), right("November 2022", 481, 656)];
    expect(buildBlocks(title, STATS).map(withLineBreaks).slice(1)).toEqual(["A high-level interactive language for numerical computations\\ | Edition 7 for Octave version 7.3.0\\ | November 2022"]);
    const verse = [widest, right("And the forests, dark and lonely,", 385.8, 632), right("Moved through all their depths of darkness", 326, 644), right("Sighed, Farewell, O Hiawatha", 390.1, 656)];
    expect(buildBlocks(verse, STATS).map(withLineBreaks).slice(1)).toEqual(["And the forests, dark and lonely,\\ | Moved through all their depths of darkness\\ | Sighed, Farewell, O Hiawatha"]);
  });

  it("goes on after a company's abbreviation in a set, where a sentence's end would end the block (a letterhead's 'Northwind Logistics B.V.' | 'Havenweg 12')", () => {
    const address = [widest, at("Northwind Logistics B.V.", 130, 632), at("Havenweg 12", 70, 644), at("3089 KM Rotterdam", 100, 656)];
    expect(buildBlocks(address, STATS).map(withLineBreaks).slice(1)).toEqual(["Northwind Logistics B.V.\\ | Havenweg 12\\ | 3089 KM Rotterdam"]);
  });

  it("measures a flush-right set's room up to the page's text when the set is a column of its own (an invoice's 'Invoice no.: …' | 'Date: …' | 'Due: …')", () => {
    const block = [lineTo("Invoice no.: NWL-2025-1043", 410.5, 58, 530.2), lineTo("Date: 31 October 2025", 438.8, 70, 530.1), lineTo("Due: 30 November 2025", 431.1, 82, 530.2)];
    expect(buildBlocks(block, STATS, undefined, 62.5).map(withLineBreaks)).toEqual(["Invoice no.: NWL-2025-1043\\ | Date: 31 October 2025\\ | Due: 30 November 2025"]);

  });

  it("keeps a label with its bold value in a flush-right set, though bold carries most of its characters (bold_values.ts: a Chromium invoice's 'Invoice no. **INV-2026-0418**' | 'Date: …')", () => {
    /** A line of spans set so that it ends at 530.2, flush right. */
    const flushRight = (pieces: { text: string; bold?: boolean }[], y: number): Line => {
      const l = line(pieces, { y, size: 10 });
      const shift = 530.2 - l.x1;
      return { ...l, x0: l.x0 + shift, x1: l.x1 + shift, spans: l.spans.map((s) => ({ ...s, x0: s.x0 + shift, x1: s.x1 + shift })) };
    };
    const block = [flushRight([{ text: "Invoice no. " }, { text: "INV-2026-0418", bold: true }], 58), flushRight([{ text: "Date: 12 March 2026" }], 70), flushRight([{ text: "Due: 11 April 2026" }], 82)];
    expect(buildBlocks(block, STATS, undefined, 62.5).map(withLineBreaks)).toEqual(["Invoice no. INV-2026-0418\\ | Date: 12 March 2026\\ | Due: 11 April 2026"]);
  });

  it("keeps the lines of a flush-right set of nearly one length apart, each ending at one x (endsAllAtOneEdge, svc-md-1.1.37: Chromium's invoice, starts 1.2-4.4 pt apart)", () => {
    // Under an em apart, the starts read as one left edge; every line, the last too, ends at 554.2.
    const block = [lineTo("Invoice no. NT-2026-0481", 448.3, 82, 554.2), lineTo("Date: 14 November 2026", 449.5, 92, 554.2), lineTo("Due: 14 December 2026", 452.7, 102, 554.2)];
    expect(buildBlocks(block, STATS, undefined, 57.8).map(withLineBreaks)).toEqual(["Invoice no. NT-2026-0481\\ | Date: 14 November 2026\\ | Due: 14 December 2026"]);
  });

  it("keeps a justified paragraph whose last line falls short one paragraph", () => {
    const short = [lineTo("The records are kept for the period", 448.3, 82, 554.2), lineTo("the contract names, and no longer", 449.5, 92, 554.2), lineTo("than that.", 448.3, 102, 490)];
    expect(buildBlocks(short, STATS, undefined, 57.8).map(withLineBreaks)).toEqual(["The records are kept for the period | the contract names, and no longer | than that."]);
  });

  it("keeps a justified paragraph whose first line is indented whole (ltluatex's 'This file contains code for both TEX … and' | 'Lua (to be loaded …')", () => {
    // The paragraph is set at 160, right of the column's left edge (a margin note's, line numbers').
    const indented = [widest, right("This file contains code for both TeX (to be stored as part of the format) and", 175, 632), right("Lua (to be loaded at the start of each job). In the Lua code, the kernel uses the", 160, 644), lineTo("namespace luatexbase.", 160, 656, 260)];
    expect(buildBlocks(indented, STATS).map(withLineBreaks).slice(1)).toEqual(["This file contains code for both TeX (to be stored as part of the format) and | Lua (to be loaded at the start of each job). In the Lua code, the kernel uses the | namespace luatexbase."]);
  });
});

describe("buildBlocks: a term in the code face with its definition beside it (issue 9: octave's readline keys, R-FAQ's mailing lists)", () => {
  it("makes the term the first words of its definition's paragraph, not a code block", () => {
    const lines = [
      line([{ text: "C-k", mono: true }], { x: 90, y: 232 }),
      line("Kill the text from the current cursor position to the end of the line.", { x: 147.6, y: 232 }),
      line([{ text: "M-d", mono: true }], { x: 90, y: 251.5 }),
      line("Kill from the cursor to the end of the current word, or if between words, to the", { x: 147.6, y: 251.5 }),
      line("end of the next word.", { x: 147.6, y: 263.5 }),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => [b.kind, texts(b)])).toEqual([
      ["paragraph", "C-k | Kill the text from the current cursor position to the end of the line."],
      ["paragraph", "M-d | Kill from the cursor to the end of the current word, or if between words, to the | end of the next word."],
    ]);
  });

  it("keeps a listing's row with aligned columns, and code beside glyphs, as code", () => {
    const aligned = [line([{ text: "\\:       \\medspace       \\negmedspace", mono: true }], { x: 90, y: 100 }), line("thin space and more", { x: 400, y: 100 })];
    expect(kinds(buildBlocks(aligned, STATS))[0]).toBe("code");
    const glyphs = [line([{ text: "\\quad", mono: true }], { x: 90, y: 100 }), line("⇒ ⇐", { x: 400, y: 100 })];
    expect(kinds(buildBlocks(glyphs, STATS))[0]).toBe("code");
  });
});

describe("buildBlocks: a paragraph's line mostly in another size or weight (issue 9: hyperref's paper p17, an office newsletter)", () => {
  const full = "document. They support the navigation through the document, if the viewer supports";

  it("goes on with a last line mostly in small capitals after a line run full width mid-sentence", () => {
    const lines = [
      line("Thumbnails are small images, pictograms or reduced images from the pages of a ok ok", { x: 44.7, y: 353.4 }),
      line(full + " ok", { x: 44.7, y: 365.4 }),
      line([{ text: "it (e. g." }, { text: " AcrobatReader", size: 9 }, { text: ")." }], { x: 44.7, y: 377.4 }),
      line("8.1 Restrictions", { x: 44.7, y: 405, size: 14, bold: true }),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => b.lines.length)).toEqual([3, 1]);
    // After a line that ended a sentence, the change of size still parts them.
    const ended = [lines[0], line(full + " it.", { x: 44.7, y: 365.4 }), lines[2]];
    expect(buildBlocks(ended, STATS).map((b) => b.lines.length)).toEqual([2, 1]);
  });

  it("goes on after a line of prose whose smaller inline code outweighs it (isProseOutweighedByCode; issue 9: gcc's NEWS printed by Chromium)", () => {
    const code = "m32r-*-linux*, m32rle-*-linux*, m68k*-*-openbsd* and vax-*-openbsd*";
    const lines = [
      line(FULL, { x: 72, y: 100 }),
      line([{ text: "The support for the " }, { text: code, mono: true, size: 8 }], { x: 72, y: 112 }),
      line("configurations has been removed.", { x: 72, y: 124 }),
    ];
    expect(buildBlocks(lines, STATS).map((b) => b.lines.length)).toEqual([3]);
    // After a line that ended a sentence, the change of size still parts them.
    const ended = [lines[0], line([{ text: "The support for the " }, { text: code.slice(0, -1) + ".", mono: true, size: 8 }], { x: 72, y: 112 }), lines[2]];
    expect(buildBlocks(ended, STATS).map((b) => b.lines.length)).toEqual([2, 1]);
    // A line mostly in a smaller text face (a footnote's size) is no prose with inline code.
    const small = [lines[0], line([{ text: "The support for the " }, { text: code, size: 8 }], { x: 72, y: 112 }), lines[2]];
    expect(buildBlocks(small, STATS).map((b) => b.lines.length)).toEqual([2, 1]);
  });

  it("goes on with a bold phrase wrapped from a full line onto the next", () => {
    const lines = [
      line([{ text: "Members can book storage space through the office. The price for the first season is " }, { text: "£18 per", bold: true }], { x: 57, y: 100 }),
      line([{ text: "pallet per month", bold: true }, { text: "." }], { x: 57, y: 112 }),
      line("Questions for the Board", { x: 57, y: 140, size: 18 }),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => [b.kind, b.lines.length])).toEqual([
      ["paragraph", 2],
      ["heading", 1],
    ]);
  });
});

describe("buildBlocks: a paragraph of one line at a first-line indent (issue 9: tracemonkey's 'Closing the loop. Trace recording can end in several ways.', web2c's 'For a list of options … page 17.')", () => {
  const at = (text: string, x: number, y: number, x1: number) => lineTo(text, x, y, x1, 9);

  it("starts a paragraph at the next line at the indent, where the indent's lines are paragraphs' first lines", () => {
    const lines = [
      at("Starting a tree. Tree trees always start at loop headers, because", 329, 100, 556),
      at("they are a natural place to look for hot paths. In TraceMonkey, loop", 317, 110, 556),
      at("headers are easy to detect and the rest of the paragraph runs here.", 317, 120, 520),
      at("Closing the loop. Trace recording can end in several ways.", 329, 130, 541),
      at("Ideally, the trace reaches the loop header where it started with", 329, 140, 556),
      at("the same type map as on entry. This is called a type-stable loop", 317, 150, 556),
      at("iteration, and the paragraph goes on to its end here.", 317, 160, 480),
    ];
    expect(buildBlocks(lines, STATS).map((b) => b.lines.length)).toEqual([3, 1, 3]);
  });

  it("keeps a paragraph whose lines all start at one x (a definition's description, a paragraph under an item) whole, though its first line ends a sentence", () => {
    const lines = [
      at("void arcfour_crypt (struct arcfour_ctx *ctx, size_t length)", 90, 100, 500),
      at("Encrypt some data. The same function is used for both encryption and decryption.", 118.8, 110, 522),
      at("Unlike the block ciphers, this function modifies the context, so you can split the", 118.8, 120, 522),
      at("data into arbitrary chunks and encrypt them one after another.", 118.8, 130, 400),
      at("void arcfour_set_key (struct arcfour_ctx *ctx, size_t length)", 90, 145, 500),
      at("Initialize the cipher. The same function is used for both encryption and decryption.", 118.8, 155, 522),
      at("Unlike the block ciphers, this key may be of any length from one to many octets.", 118.8, 165, 522),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => b.lines.length)).toEqual([1, 3, 1, 2]);
  });

  // tabularx p1: the syntax line of \DescribeEnv, set at the indent, over its description.
  const display = [
    at("for such an environment seem to occur quite regularly in comp.text.tex.", 144.7, 100, 466.5),
    at("\\begin{tabularx}{⟨width⟩}[⟨pos⟩]{⟨preamble⟩}", 159.7, 112, 375),
    at("The arguments of tabularx are essentially the same as those of the standard", 144.7, 124, 498.4),
    at("tabular* environment. However rather than adding space between the columns", 144.7, 136, 498.4),
    at("to achieve the desired width, it adjusts the widths of some of the columns.", 144.7, 148, 420),
  ];

  it("ends a paragraph of one line at the indent that its author broke short, whatever its last character, before a sentence at the margin", () => {
    expect(buildBlocks(display, STATS).map((b) => b.lines.length)).toEqual([1, 1, 3]);
  });

  it("keeps it going where the next line is no longer than it (a ragged OCR column beside a picture) or goes on in small letters", () => {
    const ragged = display.map((l, k) => (k === 2 ? at("The arguments of tabularx are essentially", 144.7, 124, 376) : l));
    expect(buildBlocks(ragged, STATS).map((b) => b.lines.length)).toEqual([1, 4]);
    const small = display.map((l, k) => (k === 2 ? at("where the arguments of tabularx are essentially the same as those of the", 144.7, 124, 498.4) : l));
    expect(buildBlocks(small, STATS).map((b) => b.lines.length)).toEqual([1, 4]);
  });
});

describe("buildBlocks: paragraphs under a list item's text (issue 9: the GPL's '0. Definitions.' and its definitions, in liboctave's manual)", () => {
  const at = lineTo;

  it("starts a paragraph under the item's text where the line before ended a sentence and left room for this line's first word", () => {
    const lines = [
      at("0. Definitions.", 98, 100, 160),
      at("“This License” refers to version 3 of the GNU General Public License.", 112, 112, 380),
      at("“Copyright” also means copyright-like laws that apply to other kinds of works, such as", 112, 124, 504.4),
      at("semiconductor masks.", 112, 136, 200),
      at("1. Source Code.", 98, 148, 165),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => `${b.kind}:${b.lines.length}`)).toEqual(["list_item:1", "paragraph:1", "paragraph:2", "list_item:1"]);
  });

  it("goes on with an item whose line ended a sentence but was full, or goes on in small letters", () => {
    const lines = [
      at("1. The first sentence of the item fills its line up to the column’s edge here.", 98, 100, 504.4),
      at("The second sentence goes on in the item as its text.", 112, 112, 350),
    ];
    expect(buildBlocks(lines, STATS).map((b) => b.kind)).toEqual(["list_item"]);
    const small = [at("1. Definitions.", 98, 100, 160), at("and more words of the item.", 112, 112, 260)];
    expect(buildBlocks(small, STATS).map((b) => b.kind)).toEqual(["list_item"]);
  });
});

describe("buildBlocks: a reference's label hangs (issue 9: an office paper's and TeX manuals' bibliographies)", () => {
  it("goes on under the text after the label, though the first line ended a sentence; an indent elsewhere starts a paragraph", () => {
    const refs = [lineTo("[1] Bektas, T., Laporte, G. (2011). The pollution-routing problem.", 309.1, 100, 532.5, 8.5), lineTo("Transportation Research Part B 45, 1232-1250.", 323.3, 110, 484.9, 8.5), lineTo("[2] Pillac, V., Gendreau, M. (2013). A review of dynamic routing.", 309.1, 121, 532.2, 8.5)];
    expect(buildBlocks(refs, STATS).map((b) => b.lines.length)).toEqual([2, 1]);
    const prose = [lineTo("The first paragraph of the section ends here with its last sentence.", 309.1, 100, 532.5, 8.5), lineTo("Transportation research is what the next paragraph is about.", 323.3, 110, 484.9, 8.5)];
    expect(buildBlocks(prose, STATS).map((b) => b.lines.length)).toEqual([1, 1]);
  });

  it("so does a clause's number: the clause goes on under its text though its first line ended a sentence (a contract's '3.1 This Agreement … Effective Date.' | 'Either Party may …')", () => {
    const clause = [lineTo("3.1 This Agreement remains in force for two (2) years from the Effective Date.", 90.1, 651.8, 511.3, 10.5), lineTo("Either Party may terminate it by thirty (30) days' written notice.", 113.2, 666, 455.6, 10.5), lineTo("3.2 The obligations in Section 2 survive termination for five (5) years.", 90.1, 684.8, 464.6, 10.5)];
    expect(buildBlocks(clause, STATS).map((b) => b.lines.length)).toEqual([2, 1]);
    // A number with few words after it is a table's row, not a clause.
    const rows = [lineTo("1 in 1,000 of them.", 90.1, 100, 511.3, 10.5), lineTo("Either Party may terminate it by thirty (30) days' written notice.", 102.4, 114, 455.6, 10.5)];
    expect(buildBlocks(rows, STATS).map((b) => b.lines.length)).toEqual([1, 1]);
  });

  it("goes on after a first line withLineBreaks inside a word, short of a column a wider line above widens (issue 9: an IEEE paper's '… multithreaded compu-' | 'tations …')", () => {
    const title = lineTo("Marta Sousa, Member, IEEE, Jonas Berg, Student Member, IEEE, and Priya Raman", 61, 40, 543, 11);
    const refs = [lineTo("[1] R. D. Blumofe and C. E. Leiserson, “Scheduling multithreaded compu-", 49, 100, 300, 8), lineTo("tations by work stealing,” J. ACM, vol. 46, no. 5, pp. 720–748, 1999.", 63.2, 109, 291.6, 8)];
    expect(buildBlocks([title, ...refs], STATS).map((b) => b.lines.length)).toEqual([1, 2]);
  });
});

describe("buildBlocks: paragraphs set with a hanging indent (issue 9: amsldoc's package list, tracemonkey's references)", () => {
  const at = (text: string, x: number, y: number, x1?: number): Line => (x1 === undefined ? line(text, { x, y, size: 10 }) : lineTo(text, x, y, x1));

  it("keeps an item's hanging lines with its first and starts the next item back at the first line's x", () => {
    const lines = [
      at("amstext Provides a \\text command for typesetting a fragment of text inside", 160.7, 126.9, 504.4),
      at("a display.", 185.6, 138.9, 226.3),
      at("amsopn Provides \\DeclareMathOperator for defining new ‘operator names’ like", 160.7, 154, 504.4),
      at("\\sin and \\lim.", 185.6, 166, 252.9),
      at("amsbsy For backward compatibility this package continues to exist but use of", 160.7, 181.1, 504.4),
      at("the newer bm package that comes with LATEX is recommended instead.", 185.6, 193, 491.6),
      at("amscd Provides a CD environment for simple commutative diagrams (no support", 160.7, 208.2, 504.4),
      at("for diagonal arrows).", 185.6, 220.1, 276),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => b.lines.length)).toEqual([2, 2, 2, 2]);
  });

  it("keeps a hanging line with its item where the document's body was measured in smaller type (backref's 10 pt \"verbose: … that is found\" | \"for back citing.\" under a 9 pt body)", () => {
    const lines = [
      at("verbose: A message is written into the .aux file for each reference that is found", 144.7, 223, 498.4),
      at("for back citing.", 169.6, 235.1, 235.3),
      at("enable, disable: If a citation should not be back cited, then the recording can", 144.7, 254.9, 498.4),
      at("be turned off by option disable and enabled again afterwards, e.g.:", 169.6, 266.9, 466),
    ];
    const smallBody: DocumentStats = { ...STATS, body: { size: 9, bold: false } };
    expect(buildBlocks(lines, smallBody).map((b) => b.lines.length)).toEqual([2, 2]);
  });

  it("ends such a paragraph at a line further out than its first, after a sentence's end (hyperref's '*Unicode* is a 16bit encoding …' over 'PDF strings are used …'), not mid-sentence", () => {
    const hanging = [
      at("Unicode is a 16bit encoding and tries to match all possible characters in the", 190, 100, 504.4),
      at("world. AcrobatReader versions below four do not support this encoding.", 210, 112, 490),
      at("PDF strings are used at many different places: general document information, book-", 160.7, 124, 504.4),
      at("marks, text annotations, information dictionary of threads, . . .", 160.7, 136, 420),
    ];
    expect(buildBlocks(hanging, STATS).map((b) => b.lines.length)).toEqual([2, 2]);
    // A list of names going on: the line before ends in a comma.
    const names = [hanging[0], at("Lucas Hart, Lars Hecking, Péter Juhász, Thomas Koenig, David Kotz,", 210, 112, 490), hanging[2]];
    expect(buildBlocks(names, STATS)).toHaveLength(1);
  });

  it("still starts a paragraph at an indented first line after a sentence's end, and keeps contents entries apart", () => {
    const lines = [
      at("packages separately and one more line of text that runs to the right edge.", 160.7, 299.8, 504.4),
      at("The independent mathtools package [10] provides some enhancements to", 175.6, 312.3, 504.4),
      at("amsmath; mathtools loads amsmath automatically, so there is no need to sep-", 160.7, 324.3, 504.4),
    ];
    expect(buildBlocks(lines, STATS).map((b) => b.lines.length)).toEqual([1, 2]);
    const contents = [at("Functions . . . . . . . . . . . . . . . . . . . . . . . . . . 37", 160.7, 100, 504.4), at("Elliptic integrals . . . . . . . . . . . . . . . . . . 39", 185.6, 112, 504.4)];
    expect(buildBlocks(contents, STATS)).toHaveLength(2);
  });
});

describe("buildBlocks: a numbered heading wrapped onto a second line (issue 9: R-FAQ p42, tabula eu-017)", () => {
  it("joins the line without a number to the numbered heading whose level its number sets", () => {
    const stats: DocumentStats = { ...STATS, headings: [{ size: 14.5, bold: true, level: 1 }, ...STATS.headings] };
    const lines = [
      line("7.32 How can I capture or ignore errors in a long", { x: 90, y: 140.5, size: 14.5, bold: true }),
      line("simulation?", { x: 126.8, y: 157.5, size: 14.5, bold: true }),
      line("Use try() or tryCatch() around the code that may fail, and go on with the next case.", { x: 90, y: 185 }),
    ];
    const blocks = buildBlocks(lines, stats);
    expect(blocks.map((b) => [b.kind === "heading" ? `h${b.level}` : b.kind, b.lines.length])).toEqual([
      ["h2", 2],
      ["paragraph", 1],
    ]);
  });
});

describe("buildBlocks: a bold label at the body's size ending in a colon (issue 9: an office invoice's 'Bill to:')", () => {
  it("is a paragraph over what follows, not a heading; a bold line without the colon stays a heading", () => {
    const lines = [line("Bill to:", { x: 57, y: 100, bold: true }), line("Greenfield Community Trust", { x: 57, y: 112 }), line("Attn: Mr Daniel Osei", { x: 57, y: 124 })];
    expect(kinds(buildBlocks(lines, STATS))[0]).toBe("paragraph");
    const heading = [line("Delivery terms", { x: 57, y: 100, bold: true }), line("Goods are shipped within ten days of the order.", { x: 57, y: 118 })];
    expect(kinds(buildBlocks(heading, STATS))[0]).toBe("h3");
  });
});

describe("buildBlocks: a bold line at the body's size ending in a sum of money (issue 9: an invoice's 'Total GBP 2,502.00'; svc-md-1.1.38)", () => {
  it("is a paragraph, not a heading; a bold title ending in a version number stays a heading", () => {
    for (const total of ["Total GBP 2,502.00", "Amount due 1.416,00 €", "Balance €1,250.00"]) {
      const lines = [line(total, { x: 450, y: 100, bold: true }), line("Payment is due within thirty days of the invoice date.", { x: 57, y: 124 })];
      expect(kinds(buildBlocks(lines, STATS))[0]).toBe("paragraph");
    }
    const version = [line("Changes in Release 1.10", { x: 57, y: 100, bold: true }), line("The parser now reads files of any size.", { x: 57, y: 118 })];
    expect(kinds(buildBlocks(version, STATS))[0]).toBe("h3");
  });
});

describe("buildBlocks: lines that each start with a bold label ending in a colon (issue 9: an office memo's header)", () => {
  it("breaks after each labelled line, however full it runs", () => {
    const field = (label: string, value: string, y: number) => line([{ text: label, bold: true }, { text: " " + value }], { x: 57, y });
    const lines = [
      field("To:", "All employees of Northwind Logistics GmbH and of its subsidiaries in all countries", 100),
      field("From:", "Petra Hoffmann, Head of People Operations", 112),
      field("Date:", "14 March 2024", 124),
      field("Subject:", "Updated rules for working from home, effective 1 April 2024, and the equipment", 136),
      line("that employees may take home.", { x: 57, y: 148 }),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks).toHaveLength(1);
    expect(blocks[0].lines.map((l) => l.breakAfter === true)).toEqual([true, true, true, false, false]);
    // One bold lead-in ending in a colon, in a paragraph, parts nothing.
    const one = [field("Note:", "the office closes at noon on Fridays from May to September, and", 100), line("the car park is locked at six.", { x: 57, y: 112 })];
    expect(buildBlocks(one, STATS)).toHaveLength(1);
  });

  it("breaks after each of three fields or more whose names are in the text's face (afparticle's 'Received: …' | 'Revision Received: …' | 'Accepted: …', a statement's 'IBAN: …'), and not after two", () => {
    const full = (text: string, y: number) => line(text, { x: 57, y });
    const lines = [
      full("Received: April 1, 2013 at the editorial office of the journal in its Paris branch", 100),
      full("Revision Received: May 20, 2013 after the first round of reviews by three referees", 112),
      full("Accepted: July 30, 2013 by the handling editor after the second round of reviews", 124),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks).toHaveLength(1);
    expect(blocks[0].lines.map((l) => l.breakAfter === true)).toEqual([true, true, false]);
    // Two lines of a paragraph that happen to start so stay one paragraph.
    const two = [full("Example: the office closes at noon on Fridays from May to September and in the", 100), full("Summer: holidays the car park is locked at six in the evening on every weekday", 112)];
    expect(buildBlocks(two, STATS)[0].lines.map((l) => l.breakAfter === true)).toEqual([false, false]);
  });
});

describe("buildBlocks: authors' lines, each a name in capitals over its affiliation (issue 9: ACM's journals, acmtog's narrow column)", () => {
  const author = (name: string, affiliation: string, y: number, nameSize = 12) => line([{ text: name, size: nameSize }, { text: " " + affiliation, size: 10 }], { x: 52, y });

  it("breaks after each line whose name in capitals, set larger, ends in a comma", () => {
    // Each as wide as the column: a narrow column leaves no room for the next name.
    const lines = [
      author("LARS THØRVÄLD,", "The Thørväld Group, Reykjavik, Iceland", 118),
      author("VALERIE BÉRANGER,", "Inria Paris-Rocquencourt, Le Chesnay", 132),
      author("JOHN SMITH and G. TOBIN,", "Institute for Clarity, USA", 146),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks).toHaveLength(1);
    expect(blocks[0].lines.map((l) => l.breakAfter === true)).toEqual([true, true, false]);
  });

  it("leaves prose whose lines start with a capitalised word alone, and a name at the text's size", () => {
    const prose = [author("NASA,", "the agency, announced on Monday that the mission", 118), line("would be delayed by a week.", { x: 52, y: 132 })];
    expect(buildBlocks(prose, STATS)[0].lines.map((l) => l.breakAfter === true)).toEqual([false, false]);
    const same = [author("LARS THØRVÄLD,", "The Thørväld Group, Iceland", 118, 10), author("VALERIE BÉRANGER,", "Inria Paris-Rocquencourt, France", 132, 10)];
    expect(buildBlocks(same, STATS)[0].lines.map((l) => l.breakAfter === true)).toEqual([false, false]);
  });
});

describe("buildBlocks: a full line of mixed weights (issue 9: acmtog's CCS concepts, revtex's and JACoW's bold terms)", () => {
  it("goes on into the next line whatever weight holds more of either", () => {
    // Bold holds more of the first line, regular more of the second; the first is full.
    const lines = [
      line([{ text: "CCS Concepts: • " }, { text: "Computer systems organization → Embedded systems;", bold: true }], { x: 52, y: 286 }),
      line([{ text: "Redundancy", italic: true }, { text: "; Robotics; • " }, { text: "Networks", bold: true }, { text: " → Network reliability." }], { x: 52, y: 296 }),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map(texts)).toEqual(["CCS Concepts: • Computer systems organization → Embedded systems; | Redundancy; Robotics; • Networks → Network reliability."]);
  });

  it("parts where it ends a sentence before a line that starts bold (APA's run-in '***Face validity.***')", () => {
    const validity = line([{ text: "Validity.", bold: true }, { text: " We now discuss the validity of our instrument." }], { x: 65, y: 502 });
    // The run-in title is a fragment of its own, its text beside it on the row.
    const face = line([{ text: "Face validity.", bold: true, italic: true }], { x: 65, y: 515 });
    const rest = line("The face validity is exceptionally strong.", { x: 140, y: 515 });
    expect(buildBlocks([validity, face, rest], STATS).map(texts)[0]).toBe("Validity. We now discuss the validity of our instrument.");
  });
});

describe("buildBlocks: a run-in heading at the first-line indent (issue 9: APA's '***Face validity.***' joined on its row by justified_rows.ts)", () => {
  /** A line of spans from `x` to `x1`, its spans' widths scaled to fit. */
  function spansTo(pieces: { text: string; bold?: boolean; italic?: boolean }[], x: number, y: number, x1: number): Line {
    const l = line(pieces, { x, y });
    const scale = (x1 - x) / (l.x1 - x);
    const spans = l.spans.map((s) => ({ ...s, x0: x + (s.x0 - x) * scale, x1: x + (s.x1 - x) * scale }));
    return { ...l, x1, spans };
  }
  const before = () => [
    lineTo("dinary and the reliability of this instrument is extraor-", 54, 490, 295),
    // Ends 3.5 pt short of the column's right edge: a full line.
    spansTo([{ text: "Validity.", bold: true }, { text: " We now discuss the validity of our instrument." }], 65, 502, 291.5),
  ];
  const after = () => lineTo("Everyone should be impressed and the face validity holds.", 54, 526, 295);

  it("starts a paragraph after a line that ends a sentence, however near the column's edge that line ends", () => {
    const face = spansTo([{ text: "Face validity.", bold: true, italic: true }, { text: " The face validity is exceptionally strong." }], 65, 514, 295);
    expect(buildBlocks([...before(), face, after()], STATS).map(texts)).toEqual([
      "dinary and the reliability of this instrument is extraor- | Validity. We now discuss the validity of our instrument.",
      "Face validity. The face validity is exceptionally strong. | Everyone should be impressed and the face validity holds.",
    ]);
  });

  it("leaves a line going on that starts with a term in bold ending in no stop ('**Rcpp** provides …')", () => {
    const term = spansTo([{ text: "Rcpp", bold: true }, { text: " provides the face validity, which is exceptionally strong." }], 65, 514, 295);
    expect(buildBlocks([...before(), term, after()], STATS)[0].lines).toHaveLength(3);
  });
});

describe("buildBlocks: a paragraph's last word in the code face (issue 9: texinfo's @table, R-ints' '… Default: same as' | '_R_CHECK_CRAN_INCOMING_')", () => {
  const prose = () => [
    lineTo("Make the checks of compiled code more accurate by recording the symbol", 147.6, 460.8, 522),
    lineTo("tables for objects at installation in a file, only currently supported", 147.6, 473.9, 522),
    lineTo("Check whether package is suitable for publication on CRAN. Default:", 147.6, 487, 522),
    lineTo("false, except for CRAN submission checks and others which are run.", 147.6, 500.1, 522),
    lineTo("Include checks that require remote access among the above. Default: same as", 147.6, 513.2, 522),
  ];
  const term = (y: number) => line("_R_CHECK_XREFS_USE_ALIASES_FROM_CRAN_", { x: 90, y, mono: true });

  it("goes on in the paragraph, wrapped back to its margin after a full line that ends mid-sentence", () => {
    const lines = [...prose(), line("_R_CHECK_CRAN_INCOMING_", { x: 147.6, y: 526.3, mono: true }), term(544.8)];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks[0].lines.map(lineText).slice(-2)).toEqual(["Include checks that require remote access among the above. Default: same as", "_R_CHECK_CRAN_INCOMING_"]);
    expect(blocks.map((b) => b.lines.length)).toEqual([6, 1]);
  });

  it("leaves a line of code displayed under the paragraph apart: space above it, or code going on under it", () => {
    const displayed = [...prose(), line("_R_CHECK_CRAN_INCOMING_", { x: 147.6, y: 531, mono: true }), term(549.5)];
    expect(buildBlocks(displayed, STATS)[0].lines).toHaveLength(5);
    const listing = [...prose(), line("@Unpublished{Ginsparg:1988ui,", { x: 147.6, y: 526.3, mono: true }), line("author = \"Ginsparg, Paul H.\",", { x: 160, y: 539.4, mono: true })];
    expect(buildBlocks(listing, STATS)[0].lines).toHaveLength(5);
  });
});

describe("buildBlocks: a justified block set in from the column's edge (issue 9: LNCS's abstract, llncsconf)", () => {
  it("goes on after a line ending a sentence where the next line ends at the same x", () => {
    // The page's text runs from 135 to 480; the abstract from 163 to 452.
    const lines = [
      lineTo("Born-digital PDF files keep their text but lose its structure.", 163, 249, 452.3, 9),
      lineTo("We present a method that recovers paragraphs, headings and lists from", 163, 260, 452.3, 9),
      lineTo("the positions of glyphs, and evaluate it on 500 pages.", 163, 271, 377, 9),
      lineTo("Portable documents are the common currency of scholarly publishing. Their text", 135, 300, 480.6),
      lineTo("can be extracted, but the order in which it is drawn is not the order.", 135, 312, 420),
    ];
    const blocks = buildBlocks(lines, STATS);
    expect(blocks.map((b) => b.lines.length)).toEqual([3, 2]);
  });

  it("parts short lines that end together by chance (a table's notes)", () => {
    const lines = [lineTo("a Note a.", 72, 100, 110), lineTo("b Note b.", 72, 112, 110), lineTo("The results of the study are set out in the following table and text.", 72, 130, 430)];
    expect(buildBlocks(lines, STATS).map((b) => b.lines.length)).toEqual([1, 1, 1]);
  });
});

describe("buildBlocks: an address alone in the code face (issue 9: LNCS's authors' e-mail, texinfo's displayed URLs)", () => {
  it("reads an e-mail or web address on a line of its own between lines of text as text, not code", () => {
    const lines = [line("University of Vienna, Vienna, Austria", { x: 227, y: 171 }), line("anna.berg@univie.ac.at", { x: 256, y: 187, mono: true }), line("Politecnico di Milano, Milan, Italy", { x: 234, y: 203 })];
    expect(kinds(buildBlocks(lines, STATS))).not.toContain("code");
  });

  it("keeps such a line in a listing, among lines of code", () => {
    const lines = [line("\\author{Ben Trovato}", { x: 72, y: 100, mono: true }), line("trovato@corporation.com", { x: 72, y: 112, mono: true }), line("\\maketitle", { x: 72, y: 124, mono: true })];
    expect(kinds(buildBlocks(lines, STATS))).toEqual(["code"]);
  });
});

describe("buildBlocks: a list item's text after a number set before capitals (docs/engine.md Lists, svc-md-1.1.20: aip's bibliography options)", () => {
  it("hangs the item's next line at its text, where digits and a full stop are narrower than the capitals after them", () => {
    const lines = [
      lineTo("21. EDITOR IN COLLECTIONS: b: edby (Booktitle, edited by . . . );", 160.9, 490, 470.2, 10),
      lineTo("22. PUNCTUATION BETWEEN SECTIONS (BLOCKS): c: blk-com (Comma", 160.9, 516.6, 507.4, 10),
      lineTo("between blocks);", 178.6, 528.6, 250.6, 10),
      lineTo("23. ABBREVIATE WORD ‘PAGES’: a: pp (‘Page’ abbreviated);", 160.9, 548.3, 420, 10),
    ];
    expect(buildBlocks(lines, STATS).map((b) => [b.kind, b.lines.length])).toEqual([
      ["list_item", 1],
      ["list_item", 2],
      ["list_item", 1],
    ]);
  });
});

describe("buildBlocks: a piece of a list item's first row beside it (issue 9: dvipdfmx-special's framed commands)", () => {
  it("goes on the item's text when close beside it, and stays apart when far", () => {
    const lines = [
      line([{ text: "• " }, { text: "pdf:obj @name PDFobject", mono: true }], { x: 82, y: 660.7 }),
      line("creates a named", { x: 223.6 + 30, y: 660.7 }),
      line("object that can be referenced later by ‘@name’.", { x: 91.9, y: 672.7 }),
    ];
    const close = [lines[0], { ...lines[1], x0: lines[0].x1 + 9.5, spans: lines[1].spans.map((s) => ({ ...s, x0: lines[0].x1 + 9.5 })) }, lines[2]];
    expect(buildBlocks(close, STATS).map((b) => [b.kind, b.lines.length])).toEqual([["list_item", 3]]);
    const far = [lines[0], line("02-15-15", { x: 500, y: 660.7 })];
    expect(buildBlocks(far, STATS)).toHaveLength(2);
  });
});

describe("isContactOnly: web addresses read whole, with their scheme or without", () => {
  it.each([["danielosei.design"], ["linkedin.com/in/danielosei"], ["Web: example.org/path"], ["example.co.uk"], ["daniel@osei.com · danielosei.design"], ["www.example.com"], ["https://doi.org/10.1145/0000000.0000000"]])("reads %j as contact details alone", (text) => {
    expect(isContactOnly(text)).toBe(true);
  });
  it.each([["setup.py"], ["README.md"], ["config.sh"], ["Makefile.in"], ["options.h"], ["Node.js"], ["e.g."], ["see example.com"], ["Visit www.example.com today"], ["Product Designer"]])("does not read %j as contact details alone", (text) => {
    expect(isContactOnly(text)).toBe(false);
  });
});

describe("buildBlocks: contact details in a heading's size (issue 9: geobase's cover page, 'Téléphone : +01-819-564-4857')", () => {
  it.each([
    ["Téléphone : +01-819-564-4857 1-800-661-2638 (Canada et États-Unis)"],
    ["Courriel : geoginfo@RNCan.gc.ca"],
    ["URL : www.GeoGratis.gc.ca"],
    ["Call 1-800-661-2638"],
  ])("makes %j no heading", (text) => {
    const blocks = buildBlocks([line(text, { x: 200, y: 400, size: 14, bold: true }), line(FULL, { x: 72, y: 440 })], STATS);
    expect(blocks[0].kind).toBe("paragraph");
  });

  it("leaves a heading with a year or a section number a heading", () => {
    const blocks = buildBlocks([line("2024-2025 Budget and Outlook", { x: 72, y: 400, size: 14, bold: true }), line(FULL, { x: 72, y: 440 })], STATS);
    expect(blocks[0]).toMatchObject({ kind: "heading", level: 2 });
  });
});

describe("buildBlocks: a sentence in quotation marks at a heading's size (docs/engine.md Headings: a newsletter's pull quote)", () => {
  it("makes a quoted sentence, wrapped over three centred lines, a paragraph and not a heading", () => {
    const quote = ["“We wanted a place where", "everyone in the village feels at", "home.”"].map((text, i) => line(text, { x: 300 - text.length * 3.5, y: 400 + i * 17, size: 14, bold: true, italic: true }));
    const blocks = buildBlocks([...quote, line(FULL, { x: 72, y: 470 })], STATS);
    expect(blocks[0].kind).toBe("paragraph");
    expect(blocks[0].lines).toHaveLength(3);
  });

  it("leaves a quoted title, which ends without a full stop, a heading", () => {
    const blocks = buildBlocks([line("“Resilience through Innovation & Simplicity”", { x: 72, y: 400, size: 14, bold: true }), line(FULL, { x: 72, y: 440 })], STATS);
    expect(blocks[0]).toMatchObject({ kind: "heading", level: 2 });
  });
});

describe("buildBlocks: a definition list's terms (docs/engine.md Headings: a browser's <dl>, LaTeX's description list with its terms on lines of their own)", () => {
  /** Terms in the body's bold at `termX`, each over a definition set in at `definitionX`. */
  function pairs(terms: readonly string[], termX: number, definitionX: number): Line[] {
    const lines: Line[] = [];
    terms.forEach((term, i) => {
      const y = 100 + i * 40;
      lines.push(line(term, { x: termX, y, bold: true }), line("The desk at the side door where donations are weighed and logged.", { x: definitionX, y: y + 12 }));
    });
    return lines;
  }
  const STATS_BOLD: DocumentStats = { ...STATS, headings: [{ size: 10, bold: true, level: 3 }] };

  it("makes terms over indented definitions bold paragraphs, not headings", () => {
    const blocks = buildBlocks(pairs(["Intake", "Parcel", "Shift lead"], 72, 95), STATS_BOLD);
    expect(kinds(blocks)).toEqual(["paragraph", "paragraph", "paragraph", "paragraph", "paragraph", "paragraph"]);
  });

  it("makes one-word terms in the code face over definitions set in by texinfo's 0.8 inch paragraphs, not code blocks (R-ints' '_R_CHECK_…_' variables; svc-md-1.1.20)", () => {
    const mono = (terms: readonly string[]) => {
      const lines: Line[] = [];
      terms.forEach((term, i) => {
        const y = 100 + i * 40;
        lines.push(line([{ text: term, mono: true }], { x: 90, y, size: 10.9 }), line("If timings are being recorded, set the threshold in seconds.", { x: 147.6, y: y + 12.2, size: 10.9 }));
      });
      return lines;
    };
    expect(kinds(buildBlocks(mono(["_R_CHECK_EXAMPLE_TIMING_THRESHOLD_", "_R_CHECK_CRAN_INCOMING_"]), STATS))).toEqual(["paragraph", "paragraph", "paragraph", "paragraph"]);
    // A statement in the code face, and a lone term, stay code.
    expect(kinds(buildBlocks(mono(["make install", "make check"]), STATS))[0]).toBe("code");
    expect(kinds(buildBlocks(mono(["_R_CHECK_CRAN_INCOMING_"]), STATS))[0]).toBe("code");
  });

  it("leaves headings over text at their own x, a single bold line over indented text, and numbers alone headings", () => {
    expect(kinds(buildBlocks(pairs(["Intake", "Parcel"], 72, 72), STATS_BOLD))).toEqual(["h3", "paragraph", "h3", "paragraph"]);
    expect(kinds(buildBlocks(pairs(["Intake"], 72, 95), STATS_BOLD))).toEqual(["h3", "paragraph"]);
    expect(kinds(buildBlocks(pairs(["1", "1.1"], 72, 95), STATS_BOLD))).toEqual(["h3", "paragraph", "h3", "paragraph"]);
  });
});

describe("buildBlocks: a hanging list's terms beside their descriptions (docs/engine.md Headings, hangingTermsAsText: LaTeX's tools overview, svc-md-1.1.35)", () => {
  // The tools overview's terms are set larger than the text, in bold (14.3 pt over 12 pt;
  // here STATS' 14 pt level-2 style over its 10 pt body), each on the row of its description,
  // which starts at the list's indent and hangs its second line there.
  function terms(names: readonly string[], descriptionX: (i: number) => number, o: { descriptionBold?: boolean } = {}): Line[] {
    const lines: Line[] = [];
    names.forEach((name, i) => {
      const y = 292 + i * 40;
      lines.push(line(name, { x: 72, y, size: 14, bold: true }));
      lines.push(line("Suite of small files which may be used to control the error", { x: descriptionX(i), y: y + 2, size: 10, bold: o.descriptionBold }));
      lines.push(line("loop of the program.", { x: descriptionX(i), y: y + 14, size: 10, bold: o.descriptionBold }));
    });
    return lines;
  }

  it("joins each term to its description as one paragraph, no heading", () => {
    const blocks = buildBlocks(terms(["Fileerr", "Fontsmpl", "Ftnright"], () => 156), STATS);
    expect(kinds(blocks)).toEqual(["paragraph", "paragraph", "paragraph"]);
    expect(texts(blocks[0])).toBe("Fileerr | Suite of small files which may be used to control the error | loop of the program.");
  });

  it("keeps a term wrapped onto a second line beside its description's second line one item (mdwlist's multiline label)", () => {
    // mdwlist's page 3: terms in the body's bold at 10 pt, 12 pt apart, descriptions at x 249.4.
    const STATS_BOLD: DocumentStats = { ...STATS, headings: [{ size: 10, bold: true, level: 3 }] };
    const lines = [
      line("Short label", { x: 164.6, y: 270.8, bold: true }),
      line("This is a short item, although it has quite a lot of", { x: 249.4, y: 270.8 }),
      line("text attached to it.", { x: 249.4, y: 282.8 }),
      line("Slightly longer", { x: 164.6, y: 302.7, bold: true }),
      line("label text", { x: 164.6, y: 314.7, bold: true }),
      line("This is a rather longer piece of text, with a", { x: 249.4, y: 302.7 }),
      line("correspondingly slightly longer label.", { x: 249.4, y: 314.7 }),
    ];
    const blocks = buildBlocks(lines, STATS_BOLD);
    expect(kinds(blocks)).toEqual(["paragraph", "paragraph"]);
    expect(texts(blocks[1])).toBe("Slightly longer | label text | This is a rather longer piece of text, with a | correspondingly slightly longer label.");
  });

  it("guard: leaves headings whose row mates start at different x, a lone pair, and a bold row mate apart", () => {
    expect(kinds(buildBlocks(terms(["Fileerr", "Fontsmpl"], (i) => 156 + i * 20), STATS))).toContain("h2");
    expect(kinds(buildBlocks(terms(["Fileerr"], () => 156), STATS))).toContain("h2");
    expect(kinds(buildBlocks(terms(["Fileerr", "Fontsmpl"], () => 156, { descriptionBold: true }), STATS))).toContain("h2");
  });
});

describe("buildBlocks: a row's bold first cell beside a line set flush right (docs/engine.md Headings, rowHeadsAsText: resumecls's CV)", () => {
  const STATS_BOLD: DocumentStats = { ...STATS, headings: [{ size: 10, bold: true, level: 3 }] };
  /** A CV's entry: its bold name, `beside` set flush right on its row at x 553, a line of the
   *  entry under it, and a line of text across the column. */
  function entry(name: string, beside: string | null, o: { bold?: boolean } = {}): Line[] {
    const lines = [line(name, { x: 36, y: 100, bold: true })];
    if (beside !== null) lines.push(lineTo(beside, 553 - beside.length * 5, 100, 553));
    if (beside !== null && o.bold) lines[1] = { ...lines[1], spans: lines[1].spans.map((s) => ({ ...s, bold: true })) };
    lines.push(line("Degree1 College1", { x: 60, y: 120 }), lineTo(FULL, 36, 140, 553));
    return lines;
  }

  it("makes the name a paragraph, not a heading, when its place and dates stand flush right on its row", () => {
    const blocks = buildBlocks(entry("School", "City Time Period"), STATS_BOLD);
    expect(blocks.some((b) => b.kind === "heading")).toBe(false);
    expect(texts(blocks[0])).toBe("School | City Time Period");
  });

  it("puts a row's end set flush right on the paragraph its row starts (docs/engine.md joinRowEnds, svc-md-1.1.20: the dates had been a paragraph under the name)", () => {
    const row = [lineOfSpans([span("Organization", 36, 100, { bold: true }), span(" Department", 96, 100)]), lineTo("Position Time Period", 453, 100, 553), line("Description1", { x: 60, y: 120 }), lineTo(FULL, 36, 140, 553)];
    const blocks = buildBlocks(row, STATS);
    expect(texts(blocks[0])).toBe("Organization Department | Position Time Period");
  });

  it("leaves apart a row end that is a formula's number, a margin's line number after a sentence, a long line, or Chinese", () => {
    const first = (start: Line, end: Line) => texts(buildBlocks([start, end], STATS)[0]);
    expect(first(line("Thesis Advisor", { x: 36, y: 100 }), lineTo("(3.1)", 523, 100, 553))).toBe("Thesis Advisor");
    expect(first(line("the paragraph has ended.", { x: 36, y: 100 }), lineTo("75", 541, 100, 553))).toBe("the paragraph has ended.");
    expect(first(line("Institution or Company Name,", { x: 36, y: 100 }), lineTo("This paper is an example and template for the class", 300, 100, 553))).toBe("Institution or Company Name,");
    expect(first(line("国内图书分类号：TM301.2", { x: 36, y: 100 }), lineTo("学校代码：10213", 480, 100, 553))).toBe("国内图书分类号：TM301.2");
    // ... and a contents entry's page number joins its title.
    expect(first(line("2.9 Boxes, rules and leaders", { x: 36, y: 100 }), lineTo("34", 541, 100, 553))).toBe("2.9 Boxes, rules and leaders | 34");
  });

  it("leaves a bold line alone on its row, beside a bold row end, a sign or under a letter alone a heading", () => {
    expect(kinds(buildBlocks(entry("School", null), STATS_BOLD))[0]).toBe("h3");
    // A contents page's chapter entry with its bold page number, a table's bold header row.
    expect(kinds(buildBlocks(entry("Bibliography", "Page 42", { bold: true }), STATS_BOLD))[0]).toBe("h3");
    // schule's solution title with its link's arrow; an index's group letter.
    expect(kinds(buildBlocks(entry("Solution 0.1", "←"), STATS_BOLD))[0]).toBe("h3");
    expect(kinds(buildBlocks(entry("E", "organization 22"), STATS_BOLD))[0]).toBe("h3");
  });
});

describe("buildBlocks: contents entries (issue 9: R-FAQ's and gnuplot's contents pages)", () => {
  it("keeps each entry apart, its wrapped title with it, whatever the indents", () => {
    const at = (text: string, x: number, y: number) => line(text, { x, y, size: 10.9 });
    const lines = [
      at("7 R Miscellanea . . . . . . . . . . . . . . . . . . . . . . . . . 30", 90, 60),
      at("7.33 Why are powers of negative numbers wrong?. . . . . . . . . . 38", 104.9, 74),
      at("7.34 How can I save the result of each iteration in", 104.9, 100.7),
      at("a loop into a separate file?. . . . . . . . . . . . . . . . . . . 38", 115.9, 113.8),
      at("7.35 Why are p-values not displayed when using lmer()? . . . . . 39", 104.9, 127),
    ];
    expect(buildBlocks(lines, STATS).map((b) => b.lines.length)).toEqual([1, 1, 2, 1]);
  });

  it("keeps an index's entries apart, one with a list of pages too (R-data's index: 'cat … 4, 27')", () => {
    const at = (text: string, y: number) => line(text, { x: 90, y, size: 10 });
    const lines = [at("cat . . . . . . . . . . . . . . . . . . . 4, 27", 100), at("close . . . . . . . . . . . . . . . . . 22, 26", 112), at("close.socket . . . . . . . . . . . . . 31", 124)];
    expect(buildBlocks(lines, STATS)).toHaveLength(3);
  });

  it("ends a list item at its contents entry (bzip2's manual: '2. How to use bzip2 . . . 2' over '2.1. NAME . . . 2')", () => {
    const at = (text: string, y: number) => line(text, { x: 72, y, size: 10 });
    const lines = [at("1. Introduction . . . . . . . . . . . . . . . . . . . . . . . . 1", 98), at("2. How to use bzip2 . . . . . . . . . . . . . . . . . . . 2", 110), at("2.1. NAME . . . . . . . . . . . . . . . . . . . . . . . . . 2", 122), at("2.2. SYNOPSIS . . . . . . . . . . . . . . . . . . . . . . 2", 134)];
    expect(buildBlocks(lines, STATS)).toHaveLength(4);
  });

  it("keeps entries apart whose page numbers are long roman numerals (valgrind's 'Valgrind FAQ … clxxviii')", () => {
    const at = (text: string, y: number) => line(text, { x: 90, y, size: 10 });
    const lines = [at("Valgrind User Manual .................................... iv", 100), at("Valgrind FAQ ...................................... clxxviii", 112), at("Valgrind Technical Documentation ...................... viii", 124)];
    expect(buildBlocks(lines, STATS)).toHaveLength(3);
  });
});

describe("buildBlocks: lines beside a float measure their room against the float's band (docs/engine.md §Blocks; fixtures/real/gen-wiki-p1)", () => {
  // Ragged text wrapping left of an infobox (x 300–450, y 100–160) and going on full width
  // under it: the lines beside it end near x 260, those under it near x 440.
  const INFOBOX = { x0: 300, y0: 100, x1: 450, y1: 160 };
  const beside = (lastBeside: Line) => [
    lineTo("The lake was formed after the last ice age, about", 72, 100, 262),
    lineTo("ten thousand years ago, when the melting ice sheet", 72, 112, 258),
    lineTo("left a depression that filled with water.", 72, 124, 240),
    lastBeside,
    lineTo("Vänern is divided into two basins, Dalbosjön in the west and the east", 72, 160, 440),
    lineTo("separated by the peninsulas of the lake, as the maps show.", 72, 172, 300),
  ];

  it("goes on after a line beside the float that ends a sentence near the float's edge", () => {
    const lines = beside(lineTo("For a time it was connected to the sea.", 72, 136, 230));
    // Split at "with water." against the full-width lines below; whole against the band's edge.
    expect(buildBlocks(lines, STATS).map(texts)).toHaveLength(3);
    const blocks = buildBlocks(lines, STATS, undefined, Infinity, -Infinity, [INFOBOX]);
    expect(blocks.map(texts)[0]).toContain("filled with water. | For a time it was connected to the sea.");
  });

  it("still ends a paragraph at a line beside the float that falls short of its band", () => {
    const blocks = buildBlocks(beside(lineTo("On both sides.", 72, 136, 140)), STATS, undefined, Infinity, -Infinity, [INFOBOX]);
    expect(blocks.map(texts)[0].endsWith("On both sides.")).toBe(true);
    expect(blocks.map(texts)[1].startsWith("Vänern is divided")).toBe(true);
  });

  it("leaves the column's edge alone when too few lines stand beside the float (their own short ends)", () => {
    const lines = [lineTo("A paragraph ends here in a short line.", 72, 100, 240), lineTo("Another paragraph runs the column's full width, to the right edge.", 72, 112, 440), lineTo("and ends.", 72, 124, 120)];
    const blocks = buildBlocks(lines, STATS, undefined, Infinity, -Infinity, [{ x0: 300, y0: 96, x1: 450, y1: 110 }]);
    expect(blocks).toHaveLength(2);
  });
});

describe("buildBlocks: a paragraph margin of just the paragraph gap (svc-md-1.1.16: a mail printed by Chromium, 6 pt margins under 10 pt type)", () => {
  it("parts 'Dear Karin,' from the paragraph under it where the margin is 0.6 em less a rounding, and keeps lines closer than that together", () => {
    const box = lineTo("x", 0, 0, 1).y1 - lineTo("x", 0, 0, 1).y0;
    // Lines from the top, each `gap` under the one before: a gap of 0 is a paragraph's leading.
    // `later`: the gap before the later paragraphs (a margin that recurs is the column's
    // paragraph skip, paragraph_skips.ts, whatever its size).
    const mail = (gap: number, later = gap) => {
      const texts: [string, number, number][] = [
        ["Dear Karin,", 129.3, 0],
        ["Thank you for the draft. We are happy with the three-year term, but we would like the rent review to", 516.4, gap],
        ["follow the consumer price index rather than a fixed 3 per cent a year.", 382.2, 0],
        ["That works for us. The revised draft is attached; clause 4.2 now refers to the index published by", 500.9, later],
        ["Statistics Sweden each October.", 222.7, 0],
        ["Could you send a revised draft by Friday?", 263.8, later],
      ];
      let y = 100 - box;
      return texts.map(([text, x1, before]) => lineTo(text, 78.8, (y += box + before), x1));
    };
    expect(buildBlocks(mail(5.98), STATS).map((b) => b.lines.length)).toEqual([1, 2, 2, 1]);
    expect(buildBlocks(mail(4, 0), STATS).map((b) => b.lines.length)[0]).toBeGreaterThan(1);
  });
});

describe("buildBlocks: an entry numbered under its block's number (blocks.ts isEntryUnder: DocBook's FAQ contents, valgrind's faq.html printed by Chromium)", () => {
  // 9 pt text: "1. Background" at the list's marker, its entries indented under its text.
  const faq = () => [
    line("1. Background", { x: 24, y: 80, size: 9 }),
    line("1.1. How do you pronounce \"Valgrind\"?", { x: 44, y: 92, size: 9 }),
    line("1.2. Where does the name \"Valgrind\" come from?", { x: 44, y: 104, size: 9 }),
    line("3. Valgrind aborts unexpectedly", { x: 24, y: 124, size: 9 }),
    line("3.1. Programs run OK on Valgrind, but at exit produce a bunch of errors involving __libc_freeres and then", { x: 44, y: 136, size: 9 }),
    line("die with a segmentation fault.", { x: 24, y: 148, size: 9 }),
    line("3.2. My (buggy) program dies like this:", { x: 44, y: 160, size: 9 }),
  ];

  it("starts a block at each entry, where it had run into its parent's line or the entry before", () => {
    const lines = faq();
    // (A list item's text is without its marker.)
    expect(buildBlocks(lines, STATS).map(texts)).toEqual([
      "Background",
      lineText(lines[1]),
      lineText(lines[2]),
      "Valgrind aborts unexpectedly",
      lineText(lines[4]) + " | " + lineText(lines[5]),
      lineText(lines[6]),
    ]);
  });

  it("leaves a wrapped sentence that goes on with a number of another section in its paragraph", () => {
    const lines = [line("The options are described in", { x: 24, y: 80, size: 9 }), line("2.1. Building and installing, below.", { x: 24, y: 92, size: 9 })];
    expect(buildBlocks(lines, STATS)).toHaveLength(1);
  });
});

describe("buildBlocks: a listing's line set past the margin (issue 9: texinfo's overfull @example, R-exts p. 160 'the GNU linker (e.g.' | 'Linux) and some others …')", () => {
  const prose = () => [
    lineTo("the path to the directory containing the dynamic library can be hardcoded", 90, 465.2, 522.1, 10.9),
    lineTo("(which assumes that the location of package packB will not be changed nor", 90, 478.3, 522, 10.9),
    lineTo("updated to a changed API). On systems with gcc and the GNU linker (e.g.", 90, 491.5, 522, 10.9),
    lineTo("Linux) and some others this can be done by e.g.", 90, 504.6, 320.4, 10.9),
  ];
  // TeX's overfull box: the code line runs 38 pt past the prose's right margin at 522.
  const listing = (x1: number) => [line("PKGB_PATH=‘echo ’library(packB);", { x: 118.8, y: 525, mono: true, size: 10.9 }), lineTo("PKG_LIBS=-L\"$(PKGB_PATH)$(R_ARCH)\" -Wl,-rpath -lpackB", 118.8, 538.1, x1, 10.9)];
  const monoTo = (l: Line): Line => ({ ...l, spans: l.spans.map((s) => ({ ...s, monospace: true })) });

  it("goes on after a line ending in an abbreviation at the prose's margin, however far the code runs past it", () => {
    const blocks = buildBlocks([...prose(), ...listing(559.8).map(monoTo)], STATS);
    expect(blocks.map((b) => b.lines.length)).toEqual([4, 2]);
  });

  it("still ends a paragraph at a sentence's end short of the margin, and measures a column of prose alone by its widest line", () => {
    const short = [...prose().slice(0, 2), lineTo("updated to a changed API. On systems with gcc and the GNU linker.", 90, 491.5, 500, 10.9), prose()[3]];
    expect(buildBlocks([...short, ...listing(559.8).map(monoTo)], STATS).map((b) => b.lines.length)).toEqual([3, 1, 2]);
    // Prose past the margin (a margin's note) leaves the code's edge the column's.
    const note = lineTo("EdN:1", 530, 478.3, 559.8, 10.9);
    expect(buildBlocks([...prose(), note, ...listing(559.8).map(monoTo)].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0), STATS)[0].lines.map(lineText)).not.toContain("Linux) and some others this can be done by e.g.");
  });
});

describe("buildBlocks: a ragged line's room against the next line's first word as its glyphs measure it (lines.ts measuredFirstWordWidth, Span.wordEnd; svc-md-1.1.23)", () => {
  // A browser's print: "… licensed under the **MIT/X Consortium license**. You may" |
  // "download it from **the Expat home page**.", the link bold. The room the first line leaves
  // (50 pt) holds "download" by its share of its span's characters (40 pt), not by its glyphs (55 pt).
  const full = line(FULL, { x: 72, y: 100 });
  const prevLine = (end: string) => line([{ text: "This is free software, licensed under " }, { text: "MIT/X license", bold: true }, { text: end }], { x: 72, y: 112 });
  const next = (measured: boolean) => {
    const l = line([{ text: "download it from " }, { text: "the Expat home page", bold: true }, { text: "." }], { x: 72, y: 124 });
    if (measured) l.spans[0].wordEnd = Math.round((l.spans[0].x0 + 55) * WORD_END_UNITS_PER_PT);
    return l;
  };

  it("goes on from a line of mixed weights stopping mid-sentence that could not hold the word", () => {
    expect(buildBlocks([full, prevLine(". You may"), next(true)], STATS).map(texts)).toHaveLength(1);
  });

  it("parts where the word was measured by its characters, or the line ends in a brace (a listing's '… \\end{tabular}' | '\\begin{tabular}')", () => {
    expect(buildBlocks([full, prevLine(". You may"), next(false)], STATS)).toHaveLength(2);
    expect(buildBlocks([full, prevLine(". {tabular}"), next(true)], STATS)).toHaveLength(2);
  });
});
