// layout/document_stats.ts proseOverCells (issue 9: a one-page selection; SPEC.md §Output:
// Markdown, headings). A user guide's page given alone, two parameter tables in 7 pt under two
// short paragraphs in 10 pt (ReportLab's user guide p. 61): the cells carry the most
// characters, and read as a heading size over them each paragraph had come out a heading.
import { describe, expect, it } from "vitest";
import { headingStyles, type StyleTally } from "../../src/engine/layout/document_stats.js";

const tally = (size: number, bold: boolean, chars: number, lines: number): StyleTally => ({ size, bold, chars, lines, longLines: 0, codeLines: 0, codeChars: 0, abstainChars: 0, frameTitleLines: 0 });

describe("the body of a page whose tables outweigh its prose (proseOverCells)", () => {
  it("is the prose, not the cells: ReportLab p. 61's 10 pt paragraphs over its 7 pt parameter tables", () => {
    // Its tallies as the page gives them: the prose's style also holds the running head and folio.
    const page = [tally(10, false, 370, 7), tally(12, true, 22, 2), tally(10, true, 64, 2), tally(8, true, 46, 6), tally(7, false, 1267, 71), tally(7, true, 276, 36)];
    const { body, headings } = headingStyles([page]);
    expect(body).toEqual({ size: 10, bold: false });
    expect(headings.some((h) => h.size === 10 && !h.bold)).toBe(false);
    expect(headings.some((h) => h.size === 12 && h.bold)).toBe(true);
  });

  it("leaves a body of long lines, and a larger style of a few lines, or of short ones, a heading style", () => {
    // Prose at 9 pt (long lines), a 12 pt subtitle of two lines: the subtitle stays a heading.
    const paper = headingStyles([[tally(9, false, 3000, 40), tally(12, false, 130, 2)]]);
    expect(paper.body).toEqual({ size: 9, bold: false });
    expect(paper.headings.some((h) => h.size === 12)).toBe(true);
    // Short cells under short 10 pt headings (a form's labels): the cells stay the body.
    const form = headingStyles([[tally(7, false, 1200, 70), tally(10, false, 150, 8)]]);
    expect(form.body).toEqual({ size: 7, bold: false });
  });
});
