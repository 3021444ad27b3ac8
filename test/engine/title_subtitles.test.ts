// layout/title_subtitles.ts: a title's subtitle set in a heading style of its own, between the
// title and its author (Free Culture's title page, p. v, converted with the rest of the book:
// "# FREE CULTURE" | "##### HOW BIG MEDIA USES …" | "## LAWRENCE LESSIG").
import { describe, expect, it } from "vitest";
import type { Line } from "../../src/engine/model.js";
import { titleSubtitles } from "../../src/engine/layout/title_subtitles.js";
import { analyseDocument } from "../../src/engine/render/document.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, ok, page, stack } from "../support/layout.js";

function convert(pages: Line[][]): string {
  const selected = pages.map((_, i) => i + 1);
  const outcomes = pages.map((lines, i) => ok(page(i + 1, lines)));
  return analyseDocument({ pageCount: pages.length, selected, selectionExpression: `1-${pages.length}`, outcomes, outline: [], hasXfa: false, options: defaultRenderOptions }).markdown;
}

const prose = (y: number, n: number) => stack(Array.from({ length: n }, (_, i) => `Running text of the book, line ${i}, set at the body's size in the chapter here.`), { y, size: 9, x: 72 });

describe("a title's subtitle between the title and its author", () => {
  // The book's styles: a 34 pt title, 17 pt author, bold 12 pt chapter heads, bold 10 pt
  // section heads: the bold 10 pt is the deepest heading level.
  const titlePage = (subtitleGap: number) => [
    line("FREE CULTURE", { x: 72, y: 300, size: 34 }),
    ...stack(["HOW BIG MEDIA USES TECHNOLOGY AND", "THE LAW TO LOCK DOWN CULTURE"], { x: 80, y: 300 + 34 + subtitleGap, size: 10, bold: true, pitch: 14 }),
    line("LAWRENCE LESSIG", { x: 72, y: 400, size: 17 }),
  ];
  // The title page is the book's p. v: page 1 is a notice (a byline under a title on page 1 is
  // made a paragraph by the renderer's demoteBylines).
  const notice = prose(100, 4);
  const chapter = [line("Chapter One Creators", { y: 60, size: 12, bold: true }), ...prose(90, 10), line("A section head", { y: 240, size: 10, bold: true }), ...prose(260, 10)];

  it("sets the subtitle at the level under the title, not deeper than the author after it", () => {
    const md = convert([notice, titlePage(8), chapter]);
    expect(md).toContain("# FREE CULTURE\n");
    expect(md).toContain("\n## HOW BIG MEDIA USES TECHNOLOGY AND THE LAW TO LOCK DOWN CULTURE\n");
    expect(md).toContain("\n## LAWRENCE LESSIG\n");
    // The section heads in the subtitle's style keep their level.
    expect(md).toMatch(/\n#{4} A section head\n/);
  });

  it("leaves a heading set far under the title alone", () => {
    const md = convert([notice, titlePage(60), chapter]);
    expect(md).not.toContain("\n## HOW BIG MEDIA");
  });
});

describe("titleSubtitles", () => {
  const heading = (level: number, lines: Line[]) => ({ kind: "heading", level, lines });
  const title = [line("A TITLE OF A BOOK", { x: 72, y: 100, size: 30 })];
  const subtitle = [line("ITS SUBTITLE", { x: 80, y: 140, size: 10, bold: true })];
  const author = [line("AN AUTHOR", { x: 72, y: 170, size: 17 })];

  it("finds the heading between a level-1 title and a shallower heading, right under the title", () => {
    expect(titleSubtitles([heading(1, title), heading(4, subtitle), heading(2, author)])).toEqual([1]);
  });

  it("leaves it where the title is not at level 1, the heading after it is no shallower, it is next to the title's level, or a paragraph follows", () => {
    expect(titleSubtitles([heading(2, title), heading(4, subtitle), heading(3, author)])).toEqual([]);
    expect(titleSubtitles([heading(1, title), heading(4, subtitle), heading(4, author)])).toEqual([]);
    expect(titleSubtitles([heading(1, title), heading(2, subtitle), heading(1, author)])).toEqual([]);
    expect(titleSubtitles([heading(1, title), heading(4, subtitle), { kind: "paragraph", lines: author }])).toEqual([]);
  });

  it("leaves it where it stands outside the title's width or is set larger than the title", () => {
    expect(titleSubtitles([heading(1, title), heading(4, [line("ITS SUBTITLE SET FAR OFF TO THE RIGHT", { x: 300, y: 140, size: 10, bold: true })]), heading(2, author)])).toEqual([]);
    expect(titleSubtitles([heading(1, title), heading(4, [line("LARGE", { x: 80, y: 140, size: 40 })]), heading(2, author)])).toEqual([]);
  });
});
