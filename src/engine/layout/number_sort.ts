// Numbers sorted ascending in place, the layout passes' medians and edge lists (column starts,
// line heights, gaps): what `sortInPlace(values, compareNumbers)` leaves, without a comparator
// called back for each comparison. sortInPlace is shared by every comparator of the engine, so
// its call of `compare` is never inlined; and past its single-run length it hands the array to
// the built-in sort, which calls compareNumbers from its own code (a table page's hundreds of
// column starts: compareNumbers 2.6 ms a pass of the A/B pages in bf65878's profile, all but
// a tenth of it from column_starts.ts).
import { compareNumbers } from "./box.js";
import { sortInPlace } from "../sort_in_place.js";

/** Up to this many values an insertion sort of the array itself (V8's TimSort is a single run
 *  of binary insertion up to 63); longer arrays go through a typed array's sort. */
const INSERTION_SORT_MAX = 63;

/** sortNumbers' typed array, kept from call to call and grown: a new one past 64 bytes is
 *  allocated outside V8's heap. */
let scratch = new Float64Array(256);

/**
 * Sorts `values` ascending in place and returns it: the order `sortInPlace(values,
 * compareNumbers)` leaves. Equal values keep their order (the insertion moves a value only past
 * larger ones); a typed array's sort orders the same values alike where no two equal values
 * can be told apart, which only -0 and 0 can (it puts -0 first, the stable sort keeps them as
 * they came), so an array holding a zero or a NaN (which compareNumbers answers as equal to
 * everything) goes to sortInPlace as before.
 */
export function sortNumbers(values: number[]): number[] {
  const n = values.length;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v !== v) return sortInPlace(values, compareNumbers);
  }
  if (n <= INSERTION_SORT_MAX) {
    for (let i = 1; i < n; i++) {
      const x = values[i];
      let j = i;
      while (j > 0 && values[j - 1] > x) {
        values[j] = values[j - 1];
        j--;
      }
      values[j] = x;
    }
    return values;
  }
  for (let i = 0; i < n; i++) if (values[i] === 0) return sortInPlace(values, compareNumbers);
  if (scratch.length < n) scratch = new Float64Array(Math.max(n, 2 * scratch.length));
  for (let i = 0; i < n; i++) scratch[i] = values[i];
  const sorted = scratch.subarray(0, n).sort();
  for (let i = 0; i < n; i++) values[i] = sorted[i];
  return values;
}
