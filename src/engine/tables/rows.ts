// Row grouping shared by both table detectors: visual rows from boxes and reading order
// inside a cell (the lines rebuilt from spans cut at cell borders are line_joining's makeLine).
import type { Line } from "../model.js";
import type { Box, TableCell } from "./model.js";
import { orderByKey } from "./sorted_search.js";
import { sortInPlace } from "../sort_in_place.js";

/** Two lines share a row when they overlap vertically by this share of the shorter one. */
const ROW_OVERLAP_MIN = 0.5;

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
/** A line as its own box, for groupRows over lines. */
export const lineBox = (line: Line): Line => line;
const byLeft = (p: Line, q: Line) => p.x0 - q.x0;
const leftToRight = (row: Line[]) => sortInPlace(row, byLeft);

/** Groups items into visual rows: vertical overlap with the tallest item of the row so far. */
export function groupRows<T>(items: T[], box: (t: T) => Box): T[][] {
  return groupSortedRows(byTop(items, box), box);
}

/** A page's lines sorted by their tops, ties in their order, as groupRows sorts them: made once
 *  for the detectors that each group some of them (detect.ts). A subset of the lines kept in
 *  this order is the subset sorted, the sort being stable. */
export function linesByTop(lines: readonly Line[]): Line[] {
  return byTop(lines, lineBox);
}

/** groupRows of items already sorted by their tops (byTop, or a subset of linesByTop kept in
 *  its order). */
export function groupSortedRows<T>(sorted: readonly T[], box: (t: T) => Box): T[][] {
  // The starts in kept scratch, read at once: groupRows is asked of every grid cell and band.
  if (scratchStarts.length < sorted.length + 1) scratchStarts = new Int32Array(Math.max(sorted.length + 1, 2 * scratchStarts.length));
  const starts = scratchStarts;
  const length = rowStartsInto(sorted, box, starts);
  const out: T[][] = [];
  for (let r = 0; r < length; r++) out.push(sorted.slice(starts[r], starts[r + 1]));
  return out;
}

/** Where groupSortedRows' rows start: row r is sorted[starts[r] .. starts[r + 1]), for r below
 *  `length` (`starts[length]` is the items' count). */
export interface RowStarts {
  starts: readonly number[];
  length: number;
}

/** The rows of groupSortedRows as ranges of `sorted`, no array made per row: a row is a run of
 *  neighbours there (an item joins the row before it or starts one), and most rows of a page
 *  are asked only whether they can hold a table's row at all. */
export function sortedRowStarts<T>(sorted: readonly T[], box: (t: T) => Box): RowStarts {
  // Found in the kept scratch and copied to an array on V8's heap: the detectors keep the
  // starts while they search the page, and a new typed array past 64 bytes (one a page) is
  // allocated outside the heap, which cost more than the row search itself.
  if (scratchStarts.length < sorted.length + 1) scratchStarts = new Int32Array(Math.max(sorted.length + 1, 2 * scratchStarts.length));
  const length = rowStartsInto(sorted, box, scratchStarts);
  const starts: number[] = [];
  for (let r = 0; r <= length; r++) starts.push(scratchStarts[r]);
  return { starts, length };
}

/** sortedRowStarts written into `starts` (sorted.length + 1 slots at least): the rows' count. */
function rowStartsInto<T>(sorted: readonly T[], box: (t: T) => Box, starts: Int32Array): number {
  let length = 0;
  let anchor: Box | null = null;
  for (let i = 0; i < sorted.length; i++) {
    const b = box(sorted[i]);
    if (anchor !== null) {
      const overlap = Math.min(anchor.y1, b.y1) - Math.max(anchor.y0, b.y0);
      const shorter = Math.min(anchor.y1 - anchor.y0, b.y1 - b.y0);
      if (overlap > 0 && overlap >= ROW_OVERLAP_MIN * shorter) {
        if (b.y1 - b.y0 > anchor.y1 - anchor.y0) anchor = b;
        continue;
      }
    }
    starts[length++] = i;
    anchor = b;
  }
  starts[length] = sorted.length;
  return length;
}

/** Up to this many items an insertion sort on their tops beats a comparator sort that
 *  asks `box` twice a comparison (a cell's lines, a band's: a few each). */
const INSERTION_SORT_MAX = 16;

// Typed arrays kept from call to call for the sorts and row starts here, grown when a call
// needs more: a new typed array past 64 bytes is allocated outside V8's heap (0.3-2 µs each,
// and the collector's accounting of it), and groupRows is asked of every grid cell and band
// (some 4,900 such arrays a pass of the A/B set). Each is read only within the call that fills
// it; the `box` callbacks read a field and call back into nothing here.
let scratchTops = new Float64Array(64);
let scratchOrder = new Int32Array(64);
let scratchStarts = new Int32Array(64);

/** The items sorted by their boxes' tops, ties in their order (as the stable sort has them). */
function byTop<T>(items: readonly T[], box: (t: T) => Box): T[] {
  const n = items.length;
  if (scratchTops.length < n) {
    scratchTops = new Float64Array(Math.max(n, 2 * scratchTops.length));
    scratchOrder = new Int32Array(scratchTops.length);
  }
  const tops = scratchTops;
  if (n > INSERTION_SORT_MAX) {
    // The tops sorted as keys, with a comparator made once (a closure over `box` made per
    // call loses its optimised code at each full garbage collection).
    for (let i = 0; i < n; i++) tops[i] = box(items[i]).y0;
    const order = scratchOrder;
    orderByKey(tops, n, order);
    const out: T[] = [];
    for (let k = 0; k < n; k++) out.push(items[order[k]]);
    return out;
  }
  const sorted = items.slice();
  for (let i = 0; i < n; i++) {
    const item = sorted[i];
    const top = box(item).y0;
    let j = i;
    while (j > 0 && tops[j - 1] > top) {
      tops[j] = tops[j - 1];
      sorted[j] = sorted[j - 1];
      j--;
    }
    tops[j] = top;
    sorted[j] = item;
  }
  return sorted;
}

// Loops, not `some` with closures: asked of every cell of every grid, several times each.
export function hasText(cell: TableCell): boolean {
  for (const line of cell.lines) for (const span of line.spans) if (!isBlank(span.text)) return true;
  return false;
}

export function readingOrder(lines: Line[]): Line[] {
  if (lines.length < 2) return lines;
  return groupRows(lines, lineBox).flatMap(leftToRight);
}


export function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 32 && c !== 0xa0) return false;
  }
  return true;
}
