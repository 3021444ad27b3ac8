// What the engine's property tests share: a seeded generator, so that a failure repeats, and
// the order a stable sort by a comparator gives, which the typed-array sorts must match.

/** A seeded linear congruential generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The indices sorted by a comparator over their keys: the stable sort's one order. */
export function comparatorOrder(keys: readonly number[]): number[] {
  return Array.from(keys.keys()).sort((a, b) => keys[a] - keys[b]);
}
