// layout/outline_titles.ts: the outline's levels shift alike on every page of a selection
// (issue 9: acmart's sample-sigconf had "# 1 INTRODUCTION" on page 1 and "## 2 TEMPLATE
// OVERVIEW" on page 2, one section style; acmsmall's sections sat at the title's level).
import { describe, expect, it } from "vitest";
import type { TocEntry } from "../../src/engine/result.js";
import type { Line } from "../../src/engine/model.js";
import { outlineLevels, pageTitleLines, TITLE_LEVELS } from "../../src/engine/layout/outline_titles.js";
import { analyseDocument } from "../../src/engine/render/document.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, ok, page, stack } from "../support/layout.js";

const body = (y: number, n = 12) => stack(Array.from({ length: n }, (_, i) => `Body text line ${i} of the section, set in the running text of the paper here.`), { y, size: 9 });

function convert(pages: Line[][], outline: TocEntry[]): string {
  const selected = pages.map((_, i) => i + 1);
  const outcomes = pages.map((lines, i) => ok(page(i + 1, lines)));
  return analyseDocument({ pageCount: pages.length, selected, selectionExpression: `1-${pages.length}`, outcomes, outline, hasXfa: false, options: defaultRenderOptions }).markdown;
}

describe("the outline's level shift, decided once for the selection", () => {
  // Page 1: a 17 pt title, authors at 12 pt (a heading style of their own), a section at 11 pt
  // bold. Page 2: a section and a subsection, both 11 pt bold: only the outline tells them apart.
  const pageOne = [line("The Name of the Title", { y: 60, size: 17, bold: true }), line("Ben Trovato", { y: 90, size: 12 }), line("1 INTRODUCTION", { y: 130, size: 11, bold: true }), ...body(150)];
  const pageTwo = [line("2 TEMPLATE OVERVIEW", { y: 60, size: 11, bold: true }), ...body(80, 8), line("2.1 Template Styles", { y: 200, size: 11, bold: true }), ...body(220, 8)];
  const outline: TocEntry[] = [
    { title: "1 Introduction", level: 1, page: 1 },
    { title: "2 Template Overview", level: 1, page: 2 },
    { title: "2.1 Template Styles", level: 2, page: 2 },
  ];

  it("puts the sections of page 1 and page 2 at one level, under the title the outline leaves out", () => {
    const md = convert([pageOne, pageTwo], outline);
    expect(md).toContain("# The Name of the Title\n");
    expect(md).toContain("\n## 1 INTRODUCTION\n");
    expect(md).toContain("\n## 2 TEMPLATE OVERVIEW\n");
    expect(md).toContain("\n### 2.1 Template Styles\n");
  });

  it("shifts by the title even where no page shows a heading one style level under the outline's (acmsmall)", () => {
    // Sections and subsections one style (10 pt bold) under a 14.5 pt title: style level 2
    // for outline levels 1 and 2, so no page alone sees the title's place.
    const first = [line("The Name of the Title", { y: 60, size: 14.5, bold: true }), line("1 INTRODUCTION", { y: 130, size: 10, bold: true }), ...body(150)];
    const second = [line("2 TEMPLATE OVERVIEW", { y: 60, size: 10, bold: true }), ...body(80, 8), line("2.1 Template Styles", { y: 200, size: 10, bold: true }), ...body(220, 8)];
    const md = convert([first, second], outline);
    expect(md).toContain("\n## 1 INTRODUCTION\n");
    expect(md).toContain("\n## 2 TEMPLATE OVERVIEW\n");
    expect(md).toContain("\n### 2.1 Template Styles\n");
  });

  it("keeps the outline's own levels where the outline names the title", () => {
    const named: TocEntry[] = [{ title: "The Name of the Title", level: 1, page: 1 }, ...outline.map((e) => ({ ...e, level: e.level + 1 }))];
    const md = convert([pageOne, pageTwo], named);
    expect(md).toContain("# The Name of the Title\n");
    expect(md).toContain("\n## 1 INTRODUCTION\n");
    expect(md).toContain("\n## 2 TEMPLATE OVERVIEW\n");
  });
});

describe("outlineLevels", () => {
  const levels = new Map([
    [17, 1],
    [12, 2],
    [11, 3],
  ]);
  const levelOf = (style: { size: number }) => levels.get(style.size) ?? null;
  const t = (text: string, size: number, start: number) => ({ text, size, bold: true, start, lines: 1 });

  it("is null when no heading the outline names is found: each page decides alone", () => {
    expect(outlineLevels([{ page: 1, titleLines: [t("other", 11, 0)] }], new Map([[1, new Map([["intro", 1]])]]), levelOf)).toBeNull();
  });

  it("is TITLE_LEVELS where some named heading sits one style level under its outline level", () => {
    const hints = new Map([[2, new Map([["overview", 1], ["styles", 2]])]]);
    const levels = outlineLevels([{ page: 2, titleLines: [t("overview", 11, 0), t("styles", 11, 5)] }], hints, levelOf);
    expect(levels?.shift).toBe(TITLE_LEVELS);
    // One style named at two levels says nothing of its other headings.
    expect(levels?.byStyle.size).toBe(0);
  });

  it("is 0 where the named headings sit deeper by more and page 1 sets no title the outline leaves out (a book's display type)", () => {
    const hints = new Map([[3, new Map([["chapter one", 1]])]]);
    const levels = outlineLevels([{ page: 3, titleLines: [t("3", 17, 0), t("chapter one", 11, 1)] }], hints, levelOf);
    expect(levels?.shift).toBe(0);
    expect(levels?.byStyle.get("11|true")).toBe(1);
  });
});

describe("the outline's names", () => {
  it("names a section whose heading prints its number, and a numbered title read as a list's item (AASTeX's '1. INTRODUCTION' at body size)", () => {
    const lines = [line("A Paper", { y: 60, size: 17, bold: true }), ...body(100, 6), line("1. INTRODUCTION", { x: 250, y: 200, size: 9 }), ...body(230, 6)];
    const md = convert([lines], [{ title: "Introduction", level: 1, page: 1 }]);
    expect(md).toContain("\n# 1. INTRODUCTION\n");
  });

  it("gives a heading the outline spells otherwise the level of the others in its style (qpdf issue-202's 'texttt {.tex}')", () => {
    const first = [line("Chapter One", { y: 60, size: 20, bold: true }), line("1.1 How to compile a .tex file", { y: 100, size: 14, bold: true }), ...body(120, 6), line("1.2 How to write", { y: 220, size: 14, bold: true }), ...body(240, 6)];
    const md = convert([first], [
      { title: "Chapter One", level: 1, page: 1 },
      { title: "How to compile a texttt {.tex} file", level: 2, page: 1 },
      { title: "How to write", level: 2, page: 1 },
    ]);
    expect(md).toContain("\n## 1.1 How to compile a .tex file\n");
    expect(md).toContain("\n## 1.2 How to write\n");
  });
});

describe("pageTitleLines", () => {
  it("keeps the lines in a heading style, alone and joined with the next of their style", () => {
    const lines = [line("A Title Set", { y: 60, size: 14 }), line("Over Two Lines", { y: 78, size: 14 }), line("Body text.", { y: 100 })];
    const styleOf = (l: Line) => ({ size: l.spans[0].size, bold: false });
    const out = pageTitleLines(lines, styleOf, (s) => s.size > 10);
    expect(out.map((x) => x.text)).toEqual(["A Title Set", "A Title Set Over Two Lines", "Over Two Lines"]);
    expect(out[1]).toMatchObject({ start: 0, lines: 2 });
  });
});

describe("a title over sections set at the body's size (outline_titles.ts titleOverBodySections)", () => {
  // acmcp's page 1: a 12 pt bold title; authors at 10 pt, the most text of the page (the body
  // measures there); sections in bold at 9 pt, under the body, that only the outline names.
  const authors = (y: number) => stack(Array.from({ length: 8 }, (_, i) => `AUTHOR NUMBER ${i}, The Institute for Clarity in Documentation, Dublin, USA`), { y, size: 10 });
  const small = (y: number) => stack(["In this document we discuss how to write an article for the journal."], { y, size: 9 });
  const pageOne = (title: { size: number; y: number }) => [
    line("The Name of the Title Is Hope", { y: title.y, size: title.size, bold: true }),
    ...authors(100),
    line("PROBLEM STATEMENT", { y: 230, size: 9, bold: true }),
    ...small(245),
    line("METHODS", { y: 270, size: 9, bold: true }),
    ...small(285),
  ];
  const outline: TocEntry[] = [
    { title: "PROBLEM STATEMENT", level: 1, page: 1 },
    { title: "METHODS", level: 1, page: 1 },
  ];

  it("sets the title the outline leaves out at level 1 and the sections under it", () => {
    const md = convert([pageOne({ size: 12, y: 60 })], outline);
    expect(md).toContain("# The Name of the Title Is Hope\n");
    expect(md).toContain("\n## PROBLEM STATEMENT\n");
    expect(md).toContain("\n## METHODS\n");
  });

  it("leaves a line at the body's size alone (amsfndoc's bold 'Contents of this document')", () => {
    const md = convert([pageOne({ size: 10, y: 60 })], outline);
    expect(md).not.toMatch(/^# The Name/m);
  });

  const levelOf = (style: { size: number; bold: boolean }) => (style.size === 12 && style.bold ? 2 : style.size === 14 ? 1 : null);
  const t = (text: string, size: number, start: number, bold = true) => ({ text, size, bold, start, lines: 1 });
  const hints = new Map([[1, new Map([["problem statement", 1]])]]);

  it("shifts by TITLE_LEVELS and sets the title's style at level 1", () => {
    const levels = outlineLevels([{ page: 1, titleLines: [t("logo", 11, 0, false), t("the title", 12, 1), t("problem statement", 9, 5)] }], hints, levelOf, 10);
    expect(levels?.shift).toBe(TITLE_LEVELS);
    expect(levels?.byStyle.get("12|true")).toBe(TITLE_LEVELS);
  });

  it("says nothing where the title stands under the first section, another line stands over it, the outline names nothing on page 1, or no body size is given", () => {
    expect(outlineLevels([{ page: 1, titleLines: [t("problem statement", 9, 0), t("the title", 12, 3)] }], hints, levelOf, 10)).toBeNull();
    expect(outlineLevels([{ page: 1, titleLines: [t("the title", 12, 0), t("the cover", 14, 1), t("problem statement", 9, 5)] }], hints, levelOf, 10)).toBeNull();
    expect(outlineLevels([{ page: 1, titleLines: [t("the title", 12, 0), t("problem statement", 9, 5)] }], new Map([[2, new Map([["problem statement", 1]])]]), levelOf, 10)).toBeNull();
    expect(outlineLevels([{ page: 1, titleLines: [t("the title", 12, 0), t("problem statement", 9, 5)] }], hints, levelOf)).toBeNull();
    expect(outlineLevels([{ page: 2, titleLines: [t("the title", 12, 0), t("problem statement", 9, 5)] }], new Map([[2, new Map([["problem statement", 1]])]]), levelOf, 10)).toBeNull();
  });
});
