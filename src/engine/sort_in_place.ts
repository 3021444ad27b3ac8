// Sorting short arrays in place without Array.prototype.sort's fixed cost. V8's sort sets up
// about a kilobyte of working state on every call whatever the array's length (a table of
// pending runs and a copy of the elements): 950 bytes for nine elements, about 14 MB a pass of
// the A/B corpus over some 12,000 calls, most of them on arrays of a few lines or cells.
//
// For arrays shorter than TIMSORT_SINGLE_RUN_MAX + 1, V8's TimSort (third_party/v8/builtins/
// array-sort.tq) is one run: it counts the array's leading ascending or strictly descending
// run (reversing a descending one), then extends it by binary insertion. sortInPlace does the
// same steps with the same comparisons, so it leaves the elements in the order the built-in
// sort leaves them for any comparator, consistent or not: a comparator's NaN counts as 0,
// as the built-in's does (each test below is `< 0`, false for NaN). Longer arrays, and arrays
// holding undefined (which the built-in moves to the end without comparing), go to the built-in.

/** Longest array V8's TimSort sorts as a single run (its minimum run length is the array's
 *  length below 64), which sortInPlace repeats step for step. */
const TIMSORT_SINGLE_RUN_MAX = 63;

/** Sorts `items` in place by `compare` (as `items.sort(compare)` does, same order) and returns it.
 *  Callers hand it packed arrays (built by push, not by map, filter's optimised form or
 *  `new Array(n)`): given one holey array, its optimised code turns the packed arrays it sorts
 *  holey too, and every function they reach is compiled again (docs/benchmarks.md, s14-render). */
export function sortInPlace<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  const n = items.length;
  if (n < 2) return items;
  if (n > TIMSORT_SINGLE_RUN_MAX || hasUndefined(items)) return items.sort(compare);
  const run = leadingRun(items, compare);
  for (let start = run; start < n; start++) {
    const pivot = items[start];
    let left = 0;
    let right = start;
    while (left < right) {
      const mid = left + ((right - left) >> 1);
      if (compare(pivot, items[mid]) < 0) right = mid;
      else left = mid + 1;
    }
    for (let p = start; p > left; p--) items[p] = items[p - 1];
    items[left] = pivot;
  }
  return items;
}

/** Length of the run at the array's start, ascending (each element not less than the one
 *  before) or strictly descending, reversed in place when descending (V8's CountAndMakeRun). */
function leadingRun<T>(items: T[], compare: (a: T, b: T) => number): number {
  const n = items.length;
  const descending = compare(items[1], items[0]) < 0;
  let run = 2;
  for (; run < n; run++) {
    const less = compare(items[run], items[run - 1]) < 0;
    if (less !== descending) break;
  }
  if (descending) {
    for (let i = 0, j = run - 1; i < j; i++, j--) {
      const t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
  }
  return run;
}

function hasUndefined<T>(items: T[]): boolean {
  for (let i = 0; i < items.length; i++) if (items[i] === undefined) return true;
  return false;
}
