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
  if (values.length <= INSERTION_SORT_MAX) return middleOfSorted(insertionSorted(values));
  return selectedMedian(values);
}

/** The middle value of sorted values, or the mean of the two middle ones for an even count. */
function middleOfSorted(sorted: ArrayLike<number>): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Values the typed array of selectedMedian holds at first; a longer call grows it. */
const SCRATCH_VALUES_INITIAL = 256;
let scratch = new Float64Array(SCRATCH_VALUES_INITIAL);

/**
 * The median of more than INSERTION_SORT_MAX values by selection: the middle value (and, for
 * an even count, the largest below it) found by partitioning a copy, with no sort of the whole
 * (the runs of prose the aligned detector judges ask it of all their cells' word counts, 89
 * values on average). A value no partition orders as a sort does, NaN or a zero (the sort puts
 * -0 before 0), sends the values to the typed array's sort, whose order the median had.
 */
function selectedMedian(values: readonly number[]): number {
  const n = values.length;
  if (n > scratch.length) scratch = new Float64Array(Math.max(n, 2 * scratch.length));
  const a = scratch;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v === 0 || v !== v) return sortedMedian(values);
    a[i] = v;
  }
  const mid = n >> 1;
  selectInPlace(a, n, mid);
  if (n % 2 === 1) return a[mid];
  // Every value before `mid` is at most a[mid]: the largest of them is the one below it.
  let below = a[0];
  for (let i = 1; i < mid; i++) if (a[i] > below) below = a[i];
  return (below + a[mid]) / 2;
}

/** The median as a sort of a typed array copy gives it. */
function sortedMedian(values: readonly number[]): number {
  return middleOfSorted(new Float64Array(values).sort());
}

/** Puts the k-th smallest of a[0..n) at a[k], the values before it at most it and those after
 *  it at least it (Hoare's selection, the middle of three as pivot); a holds no NaN. */
function selectInPlace(a: Float64Array, n: number, k: number): void {
  let lo = 0;
  let hi = n - 1;
  while (hi > lo) {
    const m = (lo + hi) >> 1;
    // The middle of a[lo], a[m], a[hi] as pivot: sorted runs (most columns' counts) split evenly.
    if (a[m] < a[lo]) swap(a, m, lo);
    if (a[hi] < a[lo]) swap(a, hi, lo);
    if (a[hi] < a[m]) swap(a, hi, m);
    const pivot = a[m];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    // a[lo..j] <= pivot <= a[i..hi], and a[j+1..i-1] equal the pivot.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
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
  orderByKey(keys, keys.length, order);
  return order;
}

/** indicesByKey of keys[0..n), written into order[0..n) (the rest of both read by no one): a
 *  caller that consumes the order at once hands in typed arrays it keeps from call to call
 *  (rows.ts byTop), where a new one past 64 bytes is allocated outside V8's heap. */
export function orderByKey(keys: ArrayLike<number>, n: number, order: Int32Array): void {
  for (let i = 0; i < n; i++) order[i] = i;
  // Keys mostly arrive in order already (four calls in five on the A/B corpus: a page's lines
  // by their tops): the stable sort would leave the indices as they are.
  if (isAscending(keys, n)) return;
  // Or nearly in order (a page's lines come by their middles, and a taller line's top sorts a
  // place or two earlier): an insertion sort moves those few, with no comparator called back.
  if (insertionOrdered(keys, n, order)) return;
  for (let i = 0; i < n; i++) order[i] = i;
  // Finite keys have one stable order, which a merge of the indices gives with no comparator
  // called back (the callback was a heap number a comparison: 114,000 a pass of the A/B pages).
  if (allFinite(keys, n)) {
    mergeSortIndices(keys, n, order);
    return;
  }
  sortKeys = keys;
  try {
    order.subarray(0, n).sort(byKeyAscending);
  } finally {
    sortKeys = [];
  }
}

/** Whether every key is a finite number. A NaN, or two infinities (whose difference is NaN),
 *  makes the comparator sort's answers inconsistent, and only that sort places them as it has. */
function allFinite(keys: ArrayLike<number>, n: number): boolean {
  for (let i = 0; i < n; i++) if (keys[i] - keys[i] !== 0) return false;
  return true;
}

/** Blocks of this many indices are ordered by insertion before mergeSortIndices merges them. */
const MERGE_BLOCK = 16;

/** mergeSortIndices' second buffer, kept from call to call and grown (no call reads it after). */
let mergeBuffer = new Int32Array(0);

/**
 * Orders order[0..n) (the indices in order) by their finite keys ascending, ties in index
 * order: the stable sort's one order. Blocks sorted by insertion, then merged pairwise, a merge
 * taking from the right-hand block only a key strictly smaller, so equal keys keep their order.
 */
function mergeSortIndices(keys: ArrayLike<number>, n: number, order: Int32Array): void {
  for (let lo = 0; lo < n; lo += MERGE_BLOCK) {
    const hi = Math.min(lo + MERGE_BLOCK, n);
    for (let i = lo + 1; i < hi; i++) {
      const index = order[i];
      const key = keys[index];
      let j = i;
      while (j > lo && keys[order[j - 1]] > key) {
        order[j] = order[j - 1];
        j--;
      }
      order[j] = index;
    }
  }
  if (mergeBuffer.length < n) mergeBuffer = new Int32Array(Math.max(n, 2 * mergeBuffer.length));
  let from: Int32Array = order;
  let to: Int32Array = mergeBuffer;
  for (let width = MERGE_BLOCK; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) to[k++] = keys[from[j]] < keys[from[i]] ? from[j++] : from[i++];
      while (i < mid) to[k++] = from[i++];
      while (j < hi) to[k++] = from[j++];
    }
    const t = from;
    from = to;
    to = t;
  }
  if (from !== order) for (let i = 0; i < n; i++) order[i] = from[i];
}

/** Insertion moves per key past which insertionOrdered gives up on the keys for the comparator
 *  sort: keys far out of order would make insertion quadratic. */
const INSERTION_SHIFTS_PER_KEY_MAX = 8;

/**
 * Orders order[0..n) (the indices in order) by their keys with an insertion sort, ties in index
 * order: the one order the stable sort gives. False, `order` left part sorted, where the keys
 * are too far out of order (INSERTION_SHIFTS_PER_KEY_MAX) or hold a NaN, which the comparator
 * sort alone places as it has (its comparisons with a NaN say neither before nor after).
 */
function insertionOrdered(keys: ArrayLike<number>, n: number, order: Int32Array): boolean {
  for (let i = 0; i < n; i++) if (keys[i] !== keys[i]) return false;
  const shiftsMax = INSERTION_SHIFTS_PER_KEY_MAX * n;
  let shifts = 0;
  for (let i = 1; i < n; i++) {
    const key = keys[i];
    let j = i;
    while (j > 0 && keys[order[j - 1]] > key) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = i;
    shifts += i - j;
    if (shifts > shiftsMax) return false;
  }
  return true;
}

/** Whether each of keys[0..n) is at least the one before it (a NaN is not, so it goes to the sort). */
function isAscending(keys: ArrayLike<number>, n: number): boolean {
  for (let i = 1; i < n; i++) if (!(keys[i - 1] <= keys[i])) return false;
  return true;
}
