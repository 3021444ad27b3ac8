// Guards for the typed arrays the table detectors keep from call to call (docs/benchmarks.md,
// s15-render): rows.ts byTop and groupSortedRows, and sorted_search.ts orderByKey and its
// merge, each compared with the way that made new arrays per call, call after call, so that a
// longer call's leftovers in the kept arrays show if anything reads them.
import { describe, expect, it } from "vitest";
import type { Line, Rule } from "../../src/engine/model.js";
import { line, span } from "../support/table_rows.js";
import { groupRows, lineBox, linesByTop } from "../../src/engine/tables/rows.js";
import { indicesByKey, orderByKey } from "../../src/engine/tables/sorted_search.js";
import { findGrids } from "../../src/engine/tables/grid.js";
import { collectRulings } from "../../src/engine/tables/rulings.js";
import { comparatorOrder, seededRandom as random } from "../support/seeded.js";

/** groupRows as it read before the kept arrays: a stable sort by top, then each item joins the
 *  row before it when it overlaps that row's tallest item by half the shorter's height. */
function referenceRows(items: readonly Line[]): Line[][] {
  const sorted = items.slice().sort((a, b) => a.y0 - b.y0);
  const rows: Line[][] = [];
  let anchor: Line | null = null;
  for (const b of sorted) {
    if (anchor !== null) {
      const overlap = Math.min(anchor.y1, b.y1) - Math.max(anchor.y0, b.y0);
      const shorter = Math.min(anchor.y1 - anchor.y0, b.y1 - b.y0);
      if (overlap > 0 && overlap >= 0.5 * shorter) {
        rows[rows.length - 1].push(b);
        if (b.y1 - b.y0 > anchor.y1 - anchor.y0) anchor = b;
        continue;
      }
    }
    rows.push([b]);
    anchor = b;
  }
  return rows;
}

describe("orderByKey: indicesByKey of a typed array's first n keys, into kept arrays (sorted_search.ts)", () => {
  const next = random(23);
  const keyings: [string, (i: number, n: number) => number][] = [
    ["in order", (i) => i * 3],
    ["nearly in order", (i) => i * 10 + (next() < 0.2 ? -15 : 0)],
    ["far out of order (merged)", () => next() * 1000],
    ["in ties", () => Math.floor(next() * 4)],
    ["with a NaN (the comparator sort)", (i) => (i === 5 ? NaN : 100 - i)],
  ];
  // Arrays longer than any call, filled with junk first: what is past n must not count.
  const keys = new Float64Array(600).fill(-1);
  const order = new Int32Array(600).fill(99);
  for (const [name, key] of keyings) {
    it(`orders keys ${name} as indicesByKey does, the rest of the arrays left out`, () => {
      for (const n of [0, 1, 7, 17, 300, 40, 513, 5]) {
        const own: number[] = [];
        for (let i = 0; i < n; i++) own.push(key(i, n));
        keys.set(own);
        orderByKey(keys, n, order);
        expect(Array.from(order.subarray(0, n))).toEqual(Array.from(indicesByKey(own)));
        if (!own.some(Number.isNaN)) expect(Array.from(order.subarray(0, n))).toEqual(comparatorOrder(own));
      }
    });
  }
});

describe("groupRows with kept arrays for its tops, order and row starts (rows.ts byTop, groupSortedRows)", () => {
  const next = random(31);
  /** A page's lines in a shuffled order: rows of one to four lines, some taller. */
  function page(rows: number): Line[] {
    const lines: Line[] = [];
    for (let r = 0; r < rows; r++) {
      const y = 60 + r * 13 + (next() < 0.2 ? 6 : 0);
      const n = 1 + Math.floor(next() * 4);
      for (let c = 0; c < n; c++) lines.push(line([span(`w${r}.${c}`, 72 + c * 110, y + next() * 3, next() < 0.1 ? 15 : 10)]));
    }
    for (let i = lines.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [lines[i], lines[j]] = [lines[j], lines[i]];
    }
    return lines;
  }

  it("groups long pages and short cells, one after the other, as the stable sort and the row rule do", () => {
    // A long page first grows the kept arrays; the short ones after it read only their own part.
    for (const rows of [80, 3, 1, 40, 2, 0, 120, 5]) {
      const lines = page(rows);
      expect(groupRows(lines, lineBox)).toEqual(referenceRows(lines));
      expect(linesByTop(lines)).toEqual(lines.slice().sort((a, b) => a.y0 - b.y0));
    }
  });
});

describe("collectRulings' merges and findGrids' groups in kept arrays (rulings.ts mergeCollinear, grid.ts groupArrays)", () => {
  const PAGE = { width: 612, height: 792 };
  const h = (y: number, x0: number, x1: number): Rule => ({ x0, y0: y - 0.25, x1, y1: y + 0.25, kind: "fill" }) as Rule;
  const v = (x: number, y0: number, y1: number): Rule => ({ x0: x - 0.25, y0, x1: x + 0.25, y1, kind: "fill" }) as Rule;
  /** A ruled grid of `rows` by `cols` cells at (x, y), each rule drawn in two touching halves
   *  (merged into one), and a lone underline under it. */
  function grid(x: number, y: number, rows: number, cols: number): Rule[] {
    const rules: Rule[] = [];
    const right = x + cols * 40;
    const bottom = y + rows * 14;
    for (let r = 0; r <= rows; r++) rules.push(h(y + r * 14, x, (x + right) / 2), h(y + r * 14, (x + right) / 2, right));
    for (let c = 0; c <= cols; c++) rules.push(v(x + c * 40, y, (y + bottom) / 2), v(x + c * 40, (y + bottom) / 2, bottom));
    rules.push(h(bottom + 40, x, x + 60));
    return rules;
  }
  const summary = (rules: Rule[]) => {
    const rulings = collectRulings(rules, PAGE);
    return { h: rulings.h.map((s) => [s.pos, s.a, s.b]), v: rulings.v.map((s) => [s.pos, s.a, s.b]), grids: findGrids(rulings).map((g) => [g.xs, g.ys, g.openEdges]) };
  };

  it("gives a small page's grids the same after a page of many rules as before it", () => {
    const small = [...grid(72, 100, 2, 2), ...grid(300, 400, 3, 2)];
    const large = grid(40, 60, 60, 12);
    const first = summary(small);
    expect(first.grids).toHaveLength(2);
    expect(first.grids[0][1]).toEqual([100, 114, 128]);
    const big = summary(large);
    expect(big.grids).toHaveLength(1);
    expect(big.grids[0][0]).toHaveLength(13);
    expect(summary(small)).toEqual(first);
    expect(summary(large)).toEqual(big);
  });
});
