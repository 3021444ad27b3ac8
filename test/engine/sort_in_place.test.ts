// sortInPlace (src/engine/sort_in_place.ts), the engine's sort for short arrays: it must leave
// every array in the order Array.prototype.sort leaves it (output byte-identical whichever
// sorts), for consistent comparators with ties and for inconsistent ones (NaN keys), and hand
// long arrays and arrays holding undefined to the built-in.
import { describe, expect, it } from "vitest";
import { sortInPlace } from "../../src/engine/sort_in_place.js";

interface Item {
  id: number;
  y: number;
  x: number;
}

/** A deterministic pseudo-random sequence (no Math.random: a failure must repeat). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function items(n: number, next: () => number, keys: number, nanShare = 0): Item[] {
  const out: Item[] = [];
  for (let i = 0; i < n; i++) out.push({ id: i, y: next() < nanShare ? NaN : Math.floor(next() * keys), x: Math.floor(next() * keys) / 2 });
  return out;
}

const byY = (a: Item, b: Item) => a.y - b.y;
const byYThenX = (a: Item, b: Item) => a.y - b.y || a.x - b.x;
const byYDescending = (a: Item, b: Item) => b.y - a.y;
const ids = (xs: Item[]) => xs.map((i) => i.id);

describe("sortInPlace: the built-in sort's order, without its per-call working state", () => {
  it("orders like Array.prototype.sort for lengths 0-80, with ties, descending runs and NaN keys", () => {
    const next = lcg(9);
    for (let n = 0; n <= 80; n++) {
      for (const keys of [2, 5, 1000]) {
        for (const nanShare of [0, 0.2]) {
          for (const compare of [byY, byYThenX, byYDescending]) {
            const a = items(n, next, keys, nanShare);
            const b = a.slice();
            const returned = sortInPlace(a, compare);
            expect(returned).toBe(a);
            expect(ids(a), `n=${n} keys=${keys} nan=${nanShare}`).toEqual(ids(b.sort(compare)));
          }
        }
      }
    }
  });

  it("reverses a strictly descending start and keeps equal elements in their order", () => {
    const a = [5, 4, 3, 3, 1].map((y, id) => ({ id, y, x: 0 }));
    expect(ids(sortInPlace(a, byY))).toEqual([4, 2, 3, 1, 0]);
  });

  it("leaves arrays holding undefined to the built-in (which puts undefined last)", () => {
    const a: (number | undefined)[] = [3, undefined, 1, 2];
    expect(sortInPlace(a, (p, q) => (p as number) - (q as number))).toEqual([1, 2, 3, undefined]);
  });
});
