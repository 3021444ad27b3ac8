// The shapes reading order works on: any item with a box (lines, tables), and the groups it
// returns. Their own module because both implementations of reading order share them: the
// TypeScript reference (reading_order.ts) and the compiled kernels' decoder (kernel.ts).

/** A rectangle in page space: PDF points, origin top-left, y grows downwards. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Whether two boxes share some area (touching edges do not). */
export function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** Whether `item`'s centre lies in `box` (edges included): a line or a cell belongs to the
 *  frame, panel or figure holding most of it. */
export function centreInside(item: Box, box: Box): boolean {
  const cx = (item.x0 + item.x1) / 2;
  const cy = (item.y0 + item.y1) / 2;
  return cx >= box.x0 && cx <= box.x1 && cy >= box.y0 && cy <= box.y1;
}

/** The smallest box holding all of `items` (infinite edges when there are none). */
export function unionOf(items: readonly Box[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const it of items) {
    x0 = Math.min(x0, it.x0);
    y0 = Math.min(y0, it.y0);
    x1 = Math.max(x1, it.x1);
    y1 = Math.max(y1, it.y1);
  }
  return { x0, y0, x1, y1 };
}

/**
 * The order of `a - b` for Array.prototype.sort: -1 or 1 when one is less, else the
 * difference itself (0, or NaN for unordered values, as the subtraction gave). A difference
 * of two fractions is a number the engine boxes on the heap for every comparison; -1, 0 and
 * 1 are not (issue 9: a tenth of a page's layout allocation went to comparators).
 */
export function compareNumbers(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : a - b;
}

/** Numbers ascending, for Array.prototype.sort (compareNumbers). */
export const ascendingNumbers = compareNumbers;

/** Top to bottom, then left to right: the order of a region's items once it is cut no more
 *  (`a.y0 - b.y0 || a.x0 - b.x0`, by compareNumbers). */
export function byTopThenLeft(a: Box, b: Box): number {
  return compareNumbers(a.y0, b.y0) || compareNumbers(a.x0, b.x0);
}

/** Left edge first (`a.x0 - b.x0`, by compareNumbers). A module function, made once: a
 *  comparator made per call loses its optimised code at each full garbage collection. */
export function byLeftEdge(a: Box, b: Box): number {
  return compareNumbers(a.x0, b.x0);
}

export interface OrderedGroup<T extends Box> {
  items: T[];
  /** Number of side-by-side columns in the band this group came from (1 = full width). */
  columns: number;
  /** A stack of small print read after the column of text beside it (small_print_columns.ts):
   *  its blocks go back after the text's block beside which each starts (render/page.ts). */
  smallPrint?: true | undefined;
}

/** A group of items in reading order, every field set in one order (smallPrint undefined
 *  where it is none). One hidden class for every group the reading passes make: a group
 *  literal with smallPrint added to some, or spread from another, made several, and the
 *  render step's optimised code (renderPage, the reading passes) was thrown away and compiled
 *  again at each one it had not met (issue 9: V8's "wrong map" deopts, paid by each worker of
 *  a pool). */
export function orderedGroup<T extends Box>(items: T[], columns: number, smallPrint?: true): OrderedGroup<T> {
  return { items, columns, smallPrint };
}
