// reading_order.ts sweepOrder: the gutter search's sweep puts its events in the order the
// stable comparator sort `x[a] - x[b] || end[a] - end[b]` left them (by x, an end before a
// start at one x, then by index), with a merge sort in place of the comparator's call-backs.
// The order must be the comparator's exactly: the Rust kernel mirrors the sweep, and the
// reading order of every page follows from it.
import { describe, expect, it } from "vitest";
import { sweepOrder } from "../../src/engine/layout/reading_order.js";

function comparatorOrder(xs: Float64Array, ends: Int8Array): number[] {
  const order = Array.from({ length: xs.length }, (_, i) => i);
  return order.sort((a, b) => (xs[a] < xs[b] ? -1 : xs[a] > xs[b] ? 1 : ends[a] - ends[b]));
}

/** sweepOrder's answer: the first `count` entries of the buffer it returns. */
function orderOf(xs: Float64Array, ends: Int8Array, count: number): number[] {
  return Array.from(sweepOrder(xs, ends, count).subarray(0, count));
}

/** Events of `n` items, a start and an end each, drawn from few x's (ties), signed zeros and
 *  infinities among them; deterministic. */
function events(n: number, seed: number, withNaN: boolean): { xs: Float64Array; ends: Int8Array } {
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pool = [0, -0, 1.5, 72, 72.25, 310, Infinity, -Infinity];
  const xs = new Float64Array(2 * n);
  const ends = new Int8Array(2 * n);
  for (let k = 0; k < n; k++) {
    const x0 = next() < 0.5 ? pool[Math.floor(next() * pool.length)] : Math.round(next() * 2400) / 4;
    const x1 = x0 + Math.round(next() * 50);
    xs[2 * k] = x0;
    ends[2 * k] = 1;
    xs[2 * k + 1] = Number.isNaN(x1) ? x0 : x1;
    ends[2 * k + 1] = -1;
  }
  if (withNaN && n > 0) xs[Math.floor(next() * 2 * n)] = NaN;
  return { xs, ends };
}

describe("gutter sweep order (reading_order.ts sweepOrder)", () => {
  it("orders events as the stable comparator sort did, ties, signed zeros and infinities included", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const n = seed % 7 === 0 ? 150 + seed : 1 + (seed % 40);
      const { xs, ends } = events(n, seed, false);
      expect(orderOf(xs, ends, xs.length)).toEqual(comparatorOrder(xs, ends));
    }
  });

  it("leaves a sweep with a NaN x to the comparator sort, in its order", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const { xs, ends } = events(1 + seed, seed, true);
      expect(orderOf(xs, ends, xs.length)).toEqual(comparatorOrder(xs, ends));
    }
  });

  it("orders only the first `count` events of longer arrays", () => {
    const xs = Float64Array.from([5, 1, 3, 3, 0, 0]);
    const ends = Int8Array.from([1, -1, 1, -1, 1, 1]);
    expect(orderOf(xs, ends, 4)).toEqual([1, 3, 2, 0]);
  });
});
