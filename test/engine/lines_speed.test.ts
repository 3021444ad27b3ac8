// Speed work on the joiner and the page digest (docs/benchmarks.md, s13-lines) that must leave
// the output as it was:
// - column_starts.ts copies a page's boxes into arrays kept from page to page.
// - leaders.ts reads a span's dots in one pass and a roman digit from a table.
// - leaders.ts reads a contents title's first letter before its text is built.
// - bidi.ts keeps each character's bidi type once asked.
// - furniture.ts asks its words of furniture as one pattern per set of flags (pattern_alternation.ts).
// - line_joining.ts joins the lines page_layout.ts hands over in place, without copying them first,
//   and reads a section number's first and last characters before its pattern.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { isRtlText, logicalText } from "../../src/engine/layout/bidi.js";
import { findColumnStarts } from "../../src/engine/layout/column_starts.js";
import { isContentsEntry } from "../../src/engine/layout/leaders.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { alternationsByFlags } from "../../src/engine/layout/pattern_alternation.js";
import type { Line } from "../../src/engine/model.js";
import { line, proseRows } from "../support/layout.js";


describe("column_starts.ts findColumnStarts: the boxes in arrays kept from page to page", () => {
  it("keeps a page's two columns apart after a page of more fragments than the arrays first held (1,024)", () => {
    // 600 rows of two columns: 1,200 fragments, the arrays grown to hold them.
    const long = prepareLines(proseRows(100, 600));
    expect(long).toHaveLength(1200);
    expect(long.every((l) => !lineText(l).includes("adding It"))).toBe(true);
    // The next page, smaller, reads its own boxes, not the longer page's left behind.
    const number = line("3", { x: 290, y: 300 });
    const heading = line("Extending the hook concept", { x: 314, y: 300, size: 12 });
    expect(prepareLines([...proseRows(100, 4), number, heading]).filter((l) => l.y0 === 300).map(lineText)).toEqual(["3", "Extending the hook concept"]);
    expect(prepareLines([number, heading]).map(lineText)).toEqual(["3 Extending the hook concept"]);
  });

  it("answers a page's questions once its starts are found, after the next page's boxes were copied", () => {
    const rows = proseRows(100, 4);
    const first = findColumnStarts(rows);
    expect(first.separates(rows[0], rows[1])).toBe(true);
    findColumnStarts([line("another page", { x: 72, y: 100 })]);
    expect(first.separates(rows[0], rows[1])).toBe(true);
    expect(first.gutterBetween(rows[0], rows[1])).toBe(true);
  });

  it("refuses a page's first question asked after the next page's boxes were copied (they are gone)", () => {
    const rows = proseRows(100, 4);
    const first = findColumnStarts(rows);
    findColumnStarts([line("another page", { x: 72, y: 100 })]);
    expect(() => first.separates(rows[0], rows[1])).toThrow(/next page/);
  });
});

describe("leaders.ts isContentsEntry: dots read in one pass, roman digits from a table", () => {
  it("takes entries whose leader has two dots together, a dot, a space and a dot, or an ellipsis", () => {
    expect(isContentsEntry(line("Introduction .......... 5"))).toBe(true);
    expect(isContentsEntry(line("Introduction . . . . . . 5"))).toBe(true);
    expect(isContentsEntry(line("Introduction …… 5"))).toBe(true);
    // The dots in a span of their own, the title and number in others.
    expect(isContentsEntry(line([{ text: "Introduction " }, { text: ". . . . . ." }, { text: " 12" }]))).toBe(true);
  });

  it("ends an entry with a roman page number of either case, and nothing else but a figure", () => {
    expect(isContentsEntry(line("Preface . . . . . . xiv"))).toBe(true);
    expect(isContentsEntry(line("Preface . . . . . . XIV"))).toBe(true);
    expect(isContentsEntry(line("Preface . . . . . . xyz"))).toBe(false);
  });

  it("leaves lines whose dots stand alone: a dot at a text's end, dots two spaces apart", () => {
    expect(isContentsEntry(line("See section 5. It ends at 12"))).toBe(false);
    expect(isContentsEntry(line("Introduction .  .  .  .  .  5"))).toBe(false);
    expect(isContentsEntry(line("Introduction ."))).toBe(false);
  });
});

describe("leaders.ts contentsTitle: the title's first letter before its text is built", () => {
  /** A two-column contents page without leaders under `title` (pracjourn's): entries end in their page numbers. */
  function contentsPage(title: string): Line[] {
    const entries = ["Description and usage 1", "Active class 1", "Document preamble 2", "Option processing 6"];
    return [line(title, { x: 250, y: 80, size: 14 }), ...entries.map((t, i) => line(t, { x: 72, y: 110 + 14 * i }))];
  }
  const marked = (title: string) => prepareLines(contentsPage(title)).filter((l) => l.contentsEntry).length;

  it("finds contents titles in each language and case, after white space", () => {
    for (const title of ["Contents", "  Table of Contents", "INHALT", "Índice", "sumário", "Obsah", "Содержание", "оглавление", "目次", "차례", "목차", "Sommaire"]) expect(marked(title), title).toBe(4);
  });

  it("finds a title that starts with a long s, which the title pattern reads as an s ('ſommaire')", () => {
    expect(marked("ſommaire")).toBe(4);
  });

  it("finds none under a short line that starts with another letter, or a title longer than a contents title", () => {
    expect(marked("Summary")).toBe(0);
    expect(marked("Foreword")).toBe(0);
    expect(marked("Contents of the second volume")).toBe(0);
  });
});

describe("bidi.ts: each character's bidi type asked of bidi-js once", () => {
  // bidi-js as baseDirection asked it before: a string for each code point.
  const bidi = (createRequire(import.meta.url)("bidi-js") as () => { getBidiCharTypeName(ch: string): string })();
  function referenceRtl(text: string): boolean {
    if (!/[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/.test(text)) return false;
    let rtl = 0;
    let ltr = 0;
    for (const ch of text) {
      const type = bidi.getBidiCharTypeName(ch);
      if (type === "R" || type === "AL") rtl++;
      else if (type === "L") ltr++;
    }
    return rtl >= ltr;
  }

  it("reads a line's base direction as code point by code point, astral letters and lone surrogates too", () => {
    const texts = ["שלום עולם", "Hello שלום", "Hello world שלום", "مرحبا abc", "ISO 9001 תקן", "𝐀𝐁𝐂 שלום", "𝐀𝐁𝐂𝐃 שלום", "\ud835 שלום ab", "שלום \udc00\udc00 a", "12345 ש", "", "abc"];
    for (const text of texts) {
      expect(isRtlText(text), text).toBe(referenceRtl(text));
      // Asked again: the types kept answer as the first asking did.
      expect(isRtlText(text), text).toBe(referenceRtl(text));
    }
  });

  it("puts Arabic numbers back in writing order by the nearest strong letter either side", () => {
    // Visual strings, as drawn. After an Arabic letter on the right only, the group was laid
    // out right to left.
    expect(logicalText("118-2026 عجرم")).toBe("مرجع 2026-118");
    // A Latin letter on its left: European numbers all along.
    expect(logicalText("abc 118-2026 عجرم")).toBe("مرجع abc 118-2026");
    expect(logicalText("2026-118 abc")).toBe("2026-118 abc");
  });
});

describe("pattern_alternation.ts alternationsByFlags: one pattern per set of flags", () => {
  const patterns = [/\bpage\s+\d{1,5}$/i, /^(?:©|\(c\)|copyright\b)/i, /(?:^|\s)©\s*\p{Lu}[\p{L}.]{1,60}$/u, /^generated by doxygen\b/i];
  const anyOf = (text: string) => patterns.some((re) => re.test(text));
  const combined = alternationsByFlags(patterns);

  it("makes one pattern for each set of flags, keeping each set's flags", () => {
    expect(combined.map((re) => re.flags)).toEqual(["i", "u"]);
  });

  it("matches a text where one of the patterns does, each with its own anchors", () => {
    const texts = ["Page 4", "page 4 of the manual", "Copyright 2020", "the copyright", "Confidential © Acme", "Confidential © acme", "Generated by Doxygen 1.9", "see generated by doxygen", "(c) Someone", "PAGE 12", ""];
    for (const text of texts) expect(combined.some((re) => re.test(text)), text).toBe(anyOf(text));
    // The case-sensitive pattern stays so: a capital is wanted after ©.
    expect(combined.some((re) => re.test("Confidential © acme"))).toBe(false);
  });

  it("refuses a pattern with the g or y flag, whose lastIndex the alternation would move", () => {
    expect(() => alternationsByFlags([/a/g])).toThrow();
    expect(() => alternationsByFlags([/a/y])).toThrow();
  });
});

describe("line_joining.ts prepareLines: the caller's lines joined in place where it hands them over (PrepareOptions.inPlace)", () => {
  /** A row of two fragments a word space apart, and a line under it. */
  const page = () => [line("Results of the", { x: 72, y: 100 }), line("second run", { x: 147, y: 100 }), line("A line below", { x: 72, y: 120 })];

  it("joins the fragments as a copy does", () => {
    expect(prepareLines(page(), { inPlace: true }).map(lineText)).toEqual(prepareLines(page()).map(lineText));
    expect(prepareLines(page(), { inPlace: true }).map(lineText)).toEqual(["Results of the second run", "A line below"]);
  });

  it("returns the caller's own lines, the row's first grown by the fragment it took", () => {
    const input = page();
    const lines = prepareLines(input, { inPlace: true });
    expect(lines[0]).toBe(input[0]);
    expect(lines[1]).toBe(input[2]);
    expect(lineText(input[0])).toBe("Results of the second run");
  });

  it("leaves the input as it was without the option (tests and tools that lay a page out twice)", () => {
    const input = page();
    const before = input.map((l) => ({ text: lineText(l), spans: l.spans.length, x1: l.x1 }));
    const lines = prepareLines(input);
    expect(lines.some((l) => input.includes(l))).toBe(false);
    expect(input.map((l) => ({ text: lineText(l), spans: l.spans.length, x1: l.x1 }))).toEqual(before);
  });
});

describe("line_joining.ts isSectionNumber: the number's first and last characters read before its pattern", () => {
  /** A number and a title 1.5 ems apart: joined only as a section number and its title (2 ems), not as words (1.1). */
  function row(number: string, title = "Results and discussion"): string[] {
    const head = line(number, { x: 72, y: 100 });
    return prepareLines([head, line(title, { x: head.x1 + 15, y: 100 })]).map(lineText);
  }

  it("joins section numbers of figures, of a capital and figures, and roman ones with their stop, white space around them", () => {
    for (const number of ["2", "2.1", "3.1.1.", "A.2", "II.", "II.1.", " 4.2 "]) expect(row(number), number).toHaveLength(1);
  });

  it("keeps apart what starts or ends otherwise: a word, a lower-case letter, a number after a word", () => {
    for (const number of ["a.1", "Fig. 2", "2.1a", "IV", "(2.1)", "§2"]) expect(row(number), number).toHaveLength(2);
  });
});
