// Speed work on page furniture (docs/benchmarks.md, s16-furniture) that must leave the output as
// it was:
// - marginFacts' topHead asks whether a line has text without building it (hasMarginText): a
//   line holding only a bullet attachMarks put there has none, as marginText says.
// - marginFacts' lowestLine walks the page from its end: of lines starting equally low, the
//   first still counts.
// - runningLineIndices counts the pages a key was seen on by the last page counted, not a set:
//   a page where a line's words appear twice still counts once.
import { describe, expect, it } from "vitest";
import { marginFacts, type MarginLine, type PageMargins, runningLineIndices } from "../../src/engine/layout/furniture.js";
import { line, page } from "../support/layout.js";

// A letter page, 792 pt high: the running band (RUNNING_MARGIN_SHARE) ends 118.8 pt down, the
// foot's starts 673.2 pt down, and the lowest line is asked as a folio from 594 pt down.
const BODY = "The quick brown fox jumps over the lazy dog and keeps running far away from here";

describe("furniture.ts topHead: a line's text asked without building it", () => {
  it("passes over a line holding only an attached bullet, and takes the line under it as the page's head", () => {
    const bullet = line("• ", { x: 72, y: 60 });
    const head = line("Research title", { x: 72, y: 100 });
    const body = line(BODY, { x: 72, y: 200 });
    const facts = marginFacts(page(1, []), [bullet, head, body]);
    const asked = facts.lines.find((l) => l.index === 1);
    expect(asked?.headAt).toBe("100@research title");
    // The bullet alone has no margin text: it is no margin line at all.
    expect(facts.lines.some((l) => l.index === 0)).toBe(false);
  });

  it("keeps a line whose bullet stands before words (its text is the words)", () => {
    const head = line("• Research title", { x: 72, y: 100 });
    const body = line(BODY, { x: 72, y: 200 });
    expect(marginFacts(page(1, []), [head, body]).lines[0].headAt).toBe("100@research title");
  });
});

describe("furniture.ts lowestLine: the page walked from its end", () => {
  it("asks the first of two lines starting equally low as the folio above the foot's band", () => {
    const body = line(BODY, { x: 72, y: 300 });
    const folio = line("12", { x: 300, y: 640 });
    const words = line("set beside it", { x: 400, y: 640 });
    expect(marginFacts(page(1, []), [body, folio, words]).lines.map((l) => l.index)).toEqual([1]);
    // The words first: they are the lowest line, and no number.
    expect(marginFacts(page(1, []), [body, words, folio]).lines).toEqual([]);
  });
});

describe("furniture.ts runningLineIndices: pages counted by the last one seen", () => {
  const margin = (index: number, signature: string, row: number): MarginLine => ({ index, signature, pageNumberLike: false, number: null, row, deep: false, headAt: null, overText: false, sideAt: null, sideOnly: false });
  const pageOf = (pageNumber: number, lines: MarginLine[]): PageMargins => ({ page: pageNumber, lines, hanging: [] });

  it("counts a page where the words appear twice once: on one page of five they do not run", () => {
    const pages = [pageOf(1, [margin(0, "draft copy", 0), margin(1, "draft copy", 1)]), pageOf(2, []), pageOf(3, []), pageOf(4, []), pageOf(5, [])];
    expect(runningLineIndices(pages).size).toBe(0);
  });

  it("runs the words on two pages of five (RUNNING_PAGE_SHARE), twice on the first", () => {
    const pages = [pageOf(1, [margin(0, "draft copy", 0), margin(1, "draft copy", 1)]), pageOf(2, [margin(3, "draft copy", 0)]), pageOf(3, []), pageOf(4, []), pageOf(5, [])];
    expect([...runningLineIndices(pages)]).toEqual([
      [1, [0, 1]],
      [2, [3]],
    ]);
  });
});
