// Guard for sorted_search.ts's median by selection (docs/benchmarks.md, s14-tables): past
// INSERTION_SORT_MAX values the middle is found by partitioning a kept typed array, not by
// sorting a new one; the answer must be the sort's, value for value, sign of zero and NaN too.
import { describe, expect, it } from "vitest";
import { median } from "../../src/engine/tables/sorted_search.js";
import { seededRandom as random } from "../support/seeded.js";

/** The median as the typed array's sort gives it: what median returned before selection. */
function sortedMedian(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = new Float64Array(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

describe("median by selection past the insertion sort's limit (sorted_search.ts selectedMedian)", () => {
  const next = random(11);
  const cases: [string, (i: number, n: number) => number][] = [
    ["random figures", () => (next() - 0.5) * 1000],
    ["word counts (many ties)", () => Math.floor(next() * 6) + 1],
    ["ascending", (i) => i + 1],
    ["descending", (i, n) => n - i],
    ["all equal", () => 4],
    ["two values", (i) => (i % 2 === 0 ? 3 : 11)],
    ["font sizes", () => [9, 9.5, 10, 12][Math.floor(next() * 4)]],
  ];
  for (const [name, value] of cases) {
    it(`gives the sort's median of ${name}, odd and even counts, past the kept array's first size`, () => {
      for (const n of [33, 34, 64, 89, 90, 255, 256, 257, 600, 40]) {
        const values = Array.from({ length: n }, (_, i) => value(i, n));
        expect(Object.is(median(values), sortedMedian(values))).toBe(true);
      }
    });
  }

  it("leaves values holding NaN or a zero of either sign to the sort, whose order the median had", () => {
    for (const n of [33, 34, 71]) {
      const withNaN = Array.from({ length: n }, (_, i) => (i % 9 === 0 ? NaN : i % 5));
      const zeros = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? -0 : i % 3 === 1 ? 0 : -1));
      const negativeZeros = Array.from({ length: n }, (_, i) => (i < n / 2 ? -0 : 1));
      for (const values of [withNaN, zeros, negativeZeros]) expect(Object.is(median(values), sortedMedian(values))).toBe(true);
    }
  });

  it("does not change the values it is given", () => {
    const values = Array.from({ length: 50 }, (_, i) => 50 - i);
    const copy = values.slice();
    median(values);
    expect(values).toEqual(copy);
  });
});
