// The layout's sorts s16-layout took off the comparator (docs/benchmarks.md, s16-layout): each
// must leave exactly the order the comparator sort it replaced left, ties and all.
import { describe, expect, it } from "vitest";
import { compareNumbers } from "../../src/engine/layout/box.js";
import { byCentreThenLeft, sortByCentreThenLeft } from "../../src/engine/layout/centre_order.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { sortNumbers } from "../../src/engine/layout/number_sort.js";
import { newLine, type Line } from "../../src/engine/model.js";
import { sortInPlace } from "../../src/engine/sort_in_place.js";
import { line } from "../support/layout.js";
import { seededRandom } from "../support/seeded.js";

/** A fragment's box: only its edges are read. */
function box(x0: number, y0: number, y1: number): Line {
  return newLine([], x0, y0, x0 + 10, y1, 0);
}

describe("centre_order.ts sortByCentreThenLeft: the stable order of lines.sort(byCentreThenLeft)", () => {
  it("orders rows by centre, then fragments by left edge, ties as they came, on pages of every size", () => {
    const random = seededRandom(16);
    for (const n of [0, 1, 2, 5, 15, 16, 17, 33, 100, 257, 1500]) {
      for (let trial = 0; trial < 4; trial++) {
        // Few distinct rows and edges, so that ties of centre, of edge and of both are common;
        // some rows of another height with the same centre.
        const lines: Line[] = [];
        for (let i = 0; i < n; i++) {
          const row = Math.floor(random() * Math.max(1, n / 4));
          const tall = random() < 0.2 ? 2 : 0;
          lines.push(box(Math.floor(random() * 6) * 50, row * 12 - tall, row * 12 + 10 + tall));
        }
        // Half the trials nearly in order already, as most pages come.
        if (trial % 2 === 0) lines.sort((a, b) => a.y0 - b.y0);
        const expected = lines.slice().sort(byCentreThenLeft);
        expect(sortByCentreThenLeft(lines.slice())).toStrictEqual(expected);
        const got = sortByCentreThenLeft(lines.slice());
        for (let i = 0; i < n; i++) expect(got[i], `n=${n} #${i}`).toBe(expected[i]);
      }
    }
  });

  it("leaves lines with a NaN or an infinite edge in the order the comparator sort gives them", () => {
    const lines = [box(5, 20, 30), box(NaN, 0, 10), box(0, 0, 10), box(1, -Infinity, 10), box(3, 20, 30)];
    const expected = lines.slice().sort(byCentreThenLeft);
    const got = sortByCentreThenLeft(lines.slice());
    for (let i = 0; i < lines.length; i++) expect(got[i]).toBe(expected[i]);
  });
});

describe("number_sort.ts sortNumbers: the order of sortInPlace(values, compareNumbers)", () => {
  it("sorts short and long arrays alike, duplicates and all", () => {
    const random = seededRandom(9);
    for (const n of [0, 1, 2, 10, 63, 64, 65, 200, 3000]) {
      const values: number[] = [];
      for (let i = 0; i < n; i++) values.push(Math.round(random() * 40) / 4 - 3);
      const withoutZero = values.map((v) => (v === 0 ? 0.25 : v));
      for (const input of [values, withoutZero]) {
        const expected = sortInPlace(input.slice(), compareNumbers);
        const got = sortNumbers(input.slice());
        expect(got).toEqual(expected);
        for (let i = 0; i < n; i++) expect(Object.is(got[i], expected[i]), `n=${n} #${i}`).toBe(true);
      }
    }
  });

  it("keeps -0 and 0 as they came, and NaN where the comparator sort puts it", () => {
    const long = (head: number[]) => [...head, ...Array.from({ length: 70 }, (_, i) => 70 - i)];
    for (const input of [[0, -0, 3, -0, 1], long([0, -0, 2, -0]), [3, NaN, 1, 2], long([NaN, 5, NaN])]) {
      const expected = sortInPlace(input.slice(), compareNumbers);
      const got = sortNumbers(input.slice());
      for (let i = 0; i < input.length; i++) expect(Object.is(got[i], expected[i]), `#${i}`).toBe(true);
    }
  });
});

describe("line_joining.ts isOcrRule: /^[|¦│┃]+$/ on the trimmed text, read by code", () => {
  /** One OCR word, invisible, as the extractor gives it (line_joining.test.ts's ocrWord). */
  function ocrWord(text: string, x: number): Line {
    const l = line(text, { x, y: 100, size: 10, font: "GlyphLessFont" });
    for (const s of l.spans) s.invisible = true;
    return l;
  }

  it("drops a word of any of the four bars, white space around it, and cuts the row there", () => {
    for (const bar of ["|", "¦", "│", "┃", " \u00a0|| ", "│┃"]) {
      const lines = prepareLines([ocrWord("Length", 164), ocrWord("overall", 197), ocrWord(bar, 239), ocrWord("Low", 246), ocrWord("season", 264)]).sort((a, b) => a.x0 - b.x0);
      expect(lines.map(lineText), JSON.stringify(bar)).toEqual(["Length overall", "Low season"]);
    }
  });

  it("reads bars with text or a space between them as a word of the row", () => {
    for (const word of ["|a", "| |", "a|"]) {
      const lines = prepareLines([ocrWord("Length", 164), ocrWord("overall", 197), ocrWord(word, 231)]);
      expect(lines, word).toHaveLength(1);
      expect(lineText(lines[0]).endsWith(word), word).toBe(true);
    }
  });
});
