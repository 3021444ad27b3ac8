// A heading matches its outline entry where the two spell the chapter's number otherwise
// (layout/outline_titles.ts chapterLevelOf, CHAPTER_NUMBER; docs/engine.md "Outline titles"):
// Free Culture's outline has "4: “Pirates”" and "Chapter 1: Creators" where its pages set
// "CHAPTER FOUR: “Pirates”" and "CHAPTER ONE: Creators", and each chapter's title had taken a
// level from its size alone (`#####` under `###` sections). svc-md-1.1.27.
import { describe, expect, it } from "vitest";
import type { TocEntry } from "../../src/engine/result.js";
import type { Line } from "../../src/engine/model.js";
import { normalizeTitle, outlineLevelOf } from "../../src/engine/layout/outline_titles.js";
import { analyseDocument } from "../../src/engine/render/document.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, ok, page, stack } from "../support/layout.js";

const body = (y: number, n = 8) => stack(Array.from({ length: n }, (_, i) => `Body text line ${i} of the chapter, set in the running text of the book here.`), { y, size: 10 });

function convert(pages: Line[][], outline: TocEntry[]): string {
  const selected = pages.map((_, i) => i + 1);
  const outcomes = pages.map((lines, i) => ok(page(i + 1, lines)));
  return analyseDocument({ pageCount: pages.length, selected, selectionExpression: `1-${pages.length}`, outcomes, outline, hasXfa: false, options: defaultRenderOptions }).markdown;
}

const titles = (entries: [string, number][]) => new Map(entries.map(([title, level]) => [normalizeTitle(title), level]));
const levelOf = (map: Map<string, number>, text: string) => outlineLevelOf(map, normalizeTitle(text));

describe("a chapter's number spelt otherwise in the outline (outline_titles.ts chapterLevelOf)", () => {
  it("matches words to digits, 'Chapter 4' to '4:', roman numerals to digits", () => {
    expect(levelOf(titles([["4: “Pirates”", 2]]), "CHAPTER FOUR: “Pirates”")).toBe(2);
    expect(levelOf(titles([["Chapter 1: Creators", 2]]), "CHAPTER ONE: Creators")).toBe(2);
    expect(levelOf(titles([["14: Eldred II", 2]]), "CHAPTER FOURTEEN: Eldred II")).toBe(2);
    expect(levelOf(titles([["Chapter 4 Results", 1]]), "IV. Results")).toBe(1);
    expect(levelOf(titles([["Part Two: Property", 1]]), "2 Property")).toBe(1);
    expect(levelOf(titles([["21: Us", 1]]), "Chapter Twenty-One: Us")).toBe(1);
  });

  it("guard: another number, another title, or a word that is no numeral is no match", () => {
    expect(levelOf(titles([["5: “Pirates”", 2]]), "CHAPTER FOUR: “Pirates”")).toBeUndefined();
    expect(levelOf(titles([["4: Piracy", 2]]), "CHAPTER FOUR: “Pirates”")).toBeUndefined();
    // "ill" reads as roman letters but is no numeral.
    expect(levelOf(titles([["99 Health", 1]]), "Ill Health")).toBeUndefined();
    expect(levelOf(titles([["4: “Pirates”", 2]]), "Pirates")).toBeUndefined();
    // The chapter over its first section, which the outline names with the same digits.
    expect(levelOf(titles([["1 Introduction", 2]]), "Chapter 1 Introduction")).toBeUndefined();
    // An outline that sends more entries to the page than it has headings is not the page's
    // (a page cut from the book, its outline kept, every entry on its one page).
    const many = titles([["4: “Pirates”", 2], ...Array.from({ length: 30 }, (_, i): [string, number] => [`Entry ${i}`, 3])]);
    expect(levelOf(many, "CHAPTER FOUR: “Pirates”")).toBeUndefined();
    // A part is no chapter.
    expect(levelOf(titles([["Chapter 2: Property", 2]]), "Part Two: Property")).toBeUndefined();
  });

  it("puts Free Culture's chapter title at its outline level, under the part, over its sections", () => {
    // The cover's display type, which the outline does not name, puts the chapter's size five
    // style levels down.
    const cover = [line("FREE CULTURE", { y: 100, size: 34 }), line("HOW BIG MEDIA USES TECHNOLOGY", { y: 160, size: 20 }), line("LAWRENCE LESSIG", { y: 200, size: 17 }), line("THE PENGUIN PRESS", { y: 240, size: 15 })];
    const part = [line("“PIRACY”", { y: 200, size: 24 }), ...body(260, 4)];
    const chapter = [line("CHAPTER FOUR: “Pirates”", { y: 200, size: 13, mono: true }), ...body(230, 4), line("Film", { y: 330, size: 12, bold: true }), ...body(350, 6)];
    const md = convert([cover, part, chapter], [
      { title: "“PIRACY”", level: 1, page: 2 },
      { title: "4: “Pirates”", level: 2, page: 3 },
      { title: "Film", level: 3, page: 3 },
    ]);
    // The cover's title over the outline's levels: the part at `##`, so its chapter at `###`.
    expect(md).toContain("\n## “PIRACY”\n");
    expect(md).toContain("\n### CHAPTER FOUR: “Pirates”\n");
    expect(md).toContain("\n#### Film\n");
  });
});
