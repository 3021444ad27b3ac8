// Gates and keys s15-layout put before work that most lines or pages do not need (docs/benchmarks.md,
// s15-layout): each answers as what it stands before.
import { describe, expect, it } from "vitest";
import { headingStyles, type StyleTally } from "../../src/engine/layout/document_stats.js";
import { startsWithNoteMark } from "../../src/engine/layout/footnote_area.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { withoutTextShadows } from "../../src/engine/layout/text_shadows.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

describe("footnote_area.ts startsWithNoteMark: the superscript digit read by code, as /^\\s*[¹²³⁴⁵⁶⁷⁸⁹⁰]/u read it", () => {
  it("takes a line starting with any superscript digit, after white space of any kind", () => {
    for (const digit of "¹²³⁴⁵⁶⁷⁸⁹⁰") {
      expect(startsWithNoteMark(line(`${digit}See the appendix.`)), digit).toBe(true);
      expect(startsWithNoteMark(line(`\u00a0\u2003${digit} See the appendix.`)), digit).toBe(true);
    }
  });

  it("leaves a line starting with a plain figure or a letter, or with a superscript digit later on", () => {
    for (const text of ["1 See the appendix.", "See¹ the appendix.", "ⁿ-th root", "₁ subscript", "½ of it"]) {
      expect(startsWithNoteMark(line(text)), text).toBe(false);
    }
  });
});

describe("document_stats.ts headingStyles: tallies merged by size for each weight, in the order they first appear", () => {
  const tally = (size: number, bold: boolean, chars: number, lines = 10): StyleTally => ({ size, bold, chars, lines, longLines: 0, codeLines: 0, codeChars: 0 });

  it("merges one style across pages and tells the weights apart", () => {
    const { body, headings } = headingStyles([[tally(10, false, 500), tally(14, true, 20, 1)], [tally(10, false, 600), tally(14, false, 10, 1), tally(14, true, 15, 1)]]);
    expect(body).toEqual({ size: 10, bold: false });
    expect(headings).toEqual([
      { size: 14, bold: true, level: 1 },
      { size: 14, bold: false, level: 1 },
    ]);
  });

  it("breaks a tie for the body by the style seen first, and keeps NaN sizes one style", () => {
    expect(headingStyles([[tally(9, false, 300)], [tally(11, false, 300)]]).body).toEqual({ size: 9, bold: false });
    expect(headingStyles([[tally(11, false, 300)], [tally(9, false, 300)]]).body).toEqual({ size: 11, bold: false });
    expect(headingStyles([[tally(Number.NaN, false, 200)], [tally(Number.NaN, false, 200), tally(10, false, 300)]]).body.size).toBeNaN();
  });
});

describe("text_shadows.ts twinsByPairs: the spans' edges read into an array kept from page to page", () => {
  /** A page of `rows` rows of four words each, 12 pt apart, and a heading over its shadow last. */
  const pageOf = (rows: number): Line[] => {
    const lines: Line[] = [];
    for (let r = 0; r < rows; r++) for (let c = 0; c < 4; c++) lines.push(line(`cell ${r}.${c}`, { x: 72 + 120 * c, y: 100 + 12 * r }));
    const bottom = 100 + 12 * rows + 20;
    lines.push(line("Abstract", { y: bottom + 0.8, size: 21.6 }), line("Abstract", { y: bottom, size: 21.6 }));
    return lines;
  };

  it("finds the shadow on a page of more spans than the array first holds, and again on a small page after it", () => {
    for (const rows of [400, 3, 700]) {
      const kept = withoutTextShadows(pageOf(rows)).map(lineText);
      expect(kept.filter((text) => text === "Abstract"), String(rows)).toEqual(["Abstract"]);
      expect(kept.length, String(rows)).toBe(4 * rows + 1);
    }
  });
});
