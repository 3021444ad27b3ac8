// The joiner's order of a page's fragments (line_joining.ts prepareLines): rows by their
// centre, top to bottom, then fragments left to right, ties as they came. `lines.sort` with a
// comparator computed both centres for each of its comparisons, called back from the built-in
// sort: a fifth of prepareLines' own time in bf65878's profile (every page's fragments, a few
// hundred comparisons a page). The keys are read once into typed arrays and the indices merged.
import type { Line } from "../model.js";

/**
 * Rows by their centre, top to bottom, then fragments left to right: the order of
 * `(a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2 || a.x0 - b.x0`, answered as -1, 0 or 1. A difference
 * of two coordinates is a fraction that the engine boxes on the heap for every comparison
 * (a fifth of the joiner's allocation); a small integer is not boxed. Unordered (NaN)
 * centres fall through to the x test, and unordered x to 0, as the subtraction did.
 */
export function byCentreThenLeft(a: Line, b: Line): number {
  const ca = (a.y0 + a.y1) / 2;
  const cb = (b.y0 + b.y1) / 2;
  if (ca < cb) return -1;
  if (ca > cb) return 1;
  if (a.x0 < b.x0) return -1;
  if (a.x0 > b.x0) return 1;
  return 0;
}

/** Blocks of this many indices are ordered by insertion before they are merged. */
const MERGE_BLOCK = 16;

/** The keys and the index buffers, kept from page to page and grown: a typed array past 64
 *  bytes made for each page is allocated outside V8's heap. */
let centres = new Float64Array(1024);
let lefts = new Float64Array(1024);
let order = new Int32Array(1024);
let merged = new Int32Array(1024);

/**
 * Sorts `lines` in place by byCentreThenLeft, ties in their order: what the stable
 * `lines.sort(byCentreThenLeft)` leaves. Where every centre and left edge is a finite number
 * the comparator is a total order, whose one stable order a merge of the indices gives with no
 * comparator called back; otherwise (a NaN, an infinite edge) the built-in sort places them as
 * it always has. Lines already in order (a page whose extractor gave its rows top to bottom,
 * one fragment each) are left as they are after one look at each pair.
 */
export function sortByCentreThenLeft(lines: Line[]): Line[] {
  const n = lines.length;
  if (n < 2) return lines;
  if (centres.length < n) {
    const capacity = Math.max(n, 2 * centres.length);
    centres = new Float64Array(capacity);
    lefts = new Float64Array(capacity);
    order = new Int32Array(capacity);
    merged = new Int32Array(capacity);
  }
  let inOrder = true;
  for (let i = 0; i < n; i++) {
    const line = lines[i];
    const centre = (line.y0 + line.y1) / 2;
    const left = line.x0;
    if (centre - centre !== 0 || left - left !== 0) return lines.sort(byCentreThenLeft);
    centres[i] = centre;
    lefts[i] = left;
    if (inOrder && i > 0 && precedes(i, i - 1)) inOrder = false;
  }
  if (inOrder) return lines;
  for (let lo = 0; lo < n; lo += MERGE_BLOCK) {
    const hi = Math.min(lo + MERGE_BLOCK, n);
    for (let i = lo; i < hi; i++) {
      let j = i;
      while (j > lo && precedes(i, order[j - 1])) {
        order[j] = order[j - 1];
        j--;
      }
      order[j] = i;
    }
  }
  let from = order;
  let to = merged;
  for (let width = MERGE_BLOCK; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      // From the right-hand run only an index that strictly precedes: equal keys keep their order.
      while (i < mid && j < hi) to[k++] = precedes(from[j], from[i]) ? from[j++] : from[i++];
      while (i < mid) to[k++] = from[i++];
      while (j < hi) to[k++] = from[j++];
    }
    const t = from;
    from = to;
    to = t;
  }
  const copy = lines.slice();
  for (let k = 0; k < n; k++) lines[k] = copy[from[k]];
  return lines;
}

/** Whether line `a` comes strictly before line `b` (finite keys): a smaller centre, or one
 *  centre and a smaller left edge. */
function precedes(a: number, b: number): boolean {
  const ca = centres[a];
  const cb = centres[b];
  return ca < cb || (ca === cb && lefts[a] < lefts[b]);
}
