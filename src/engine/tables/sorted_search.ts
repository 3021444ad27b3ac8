// Numeric helpers the table detectors share (and layout's edge counts: column_starts.ts,
// justified_rows.ts).

/** First index whose value is >= x. */
export function lowerBound(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Up to this many values an insertion sort beats a comparator sort and a typed-array sort
 *  (measured: 3–5× faster at 5–10 values, the usual column or row count). */
const INSERTION_SORT_MAX = 32;

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  // Past it, a typed array sorts numbers natively, with no comparator called back.
  const sorted = values.length <= INSERTION_SORT_MAX ? insertionSorted(values) : new Float64Array(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A sorted copy, ties in their order (as the stable comparator sort had them). */
function insertionSorted(values: readonly number[]): number[] {
  const sorted = values.slice();
  for (let i = 1; i < sorted.length; i++) {
    const x = sorted[i];
    let j = i;
    while (j > 0 && sorted[j - 1] > x) {
      sorted[j] = sorted[j - 1];
      j--;
    }
    sorted[j] = x;
  }
  return sorted;
}

// The keys indicesByKey sorts by, set for the one synchronous sort that reads them.
let sortKeys: ArrayLike<number> = [];
const byKeyAscending = (a: number, b: number) => sortKeys[a] - sortKeys[b];

/** Indices 0..keys.length-1 ordered by their key ascending, ties in index order (the sort is
 *  stable): what sorting the indices with a comparator over the keys gave, with a comparator
 *  made once. */
export function indicesByKey(keys: ArrayLike<number>): Int32Array {
  const order = new Int32Array(keys.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  // Keys mostly arrive in order already (four calls in five on the A/B corpus: a page's lines
  // by their tops): the stable sort would leave the indices as they are.
  if (isAscending(keys)) return order;
  sortKeys = keys;
  try {
    order.sort(byKeyAscending);
  } finally {
    sortKeys = [];
  }
  return order;
}

/** Whether each key is at least the one before it (a NaN is not, so it goes to the sort). */
function isAscending(keys: ArrayLike<number>): boolean {
  for (let i = 1; i < keys.length; i++) if (!(keys[i - 1] <= keys[i])) return false;
  return true;
}
