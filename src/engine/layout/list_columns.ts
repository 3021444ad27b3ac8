// Step 5, each page: a short list set in two columns (LaTeX's multicols: ltxdoc's change
// history, "v1.0" over "General: Initial version . . . 1" at the left, "v1.0a" over "General:
// Documentation update . . 1" at the right) is read one column after the other. Both columns
// hold entries of one shape, so each line shares its row with the other column's: the
// reading-order kernels cut a page into columns only where each side holds three lines or
// more, and side_stacks.ts leaves stacks that pair up row by row alone (a form's labels and
// values), so the list was read across its rows, its entries interleaved. Two columns of one
// list are told from a form's labels and values by their shape, which repeats: the columns
// are as wide as each other (multicols sets equal columns), and each row's line is set in
// from its column's left edge by the same amount on both sides, one row at least by an em or
// more (an entry's heading at the edge, its items set in under it). A form's labels and
// values start flush at their columns' edges. Done on the kernels' groups, as side_stacks.ts
// is, so that every kernel gives the same order.
import type { Line } from "../model.js";
import { type Box, byLeftEdge, byTopThenLeft, type OrderedGroup } from "./box.js";
import { readBandsInTwo } from "./column_bands.js";
import { onOneBaseline } from "./row_order.js";
import { sortNumbers } from "./number_sort.js";
import { sortInPlace } from "../sort_in_place.js";

/** Each column holds at least this many lines (an entry's heading and an item under it) ... */
const COLUMN_LINES_MIN = 2;
/** ... and at most this many: longer columns are the kernels' to cut. */
const COLUMN_LINES_MAX = 8;
/** The empty strip between the columns is at least this many ems wide (multicols' gutter is
 *  about one em: stellenbosch's 9.9 pt at 9 pt type); words of one line stand closer. */
const GUTTER_EMS_MIN = 0.5;
/** The columns are as wide as each other within this many ems. */
const WIDTH_EMS_MAX = 0.5;
/** A row's lines are set in from their columns' left edges by the same amount within this
 *  many ems ... */
const INDENT_MATCH_EMS = 0.5;
/** ... and one row at least is set in by this many ems or more: an entry's item under its
 *  heading. */
const INDENT_EMS_MIN = 1;

/**
 * The groups with each single-column group's bands that are a list in two columns (a strip no
 * line crosses between them, COLUMN_LINES_MIN to COLUMN_LINES_MAX lines of words a side, row
 * by row, the columns as wide as each other and each row set in alike on both sides, one row
 * by INDENT_EMS_MIN at least) read as two groups, the left column first, in place of the band.
 */
export function readListColumnsApart<T extends Box>(groups: OrderedGroup<T>[], isTextLine: (item: T) => item is T & Line): OrderedGroup<T>[] {
  return readBandsInTwo(groups, isTextLine, 2 * COLUMN_LINES_MIN, 2 * COLUMN_LINES_MAX, (items, start, end) => {
    const band = items.slice(start, end);
    // Lines only (a version number, "v1.0", holds no two letters in a row: no line of words),
    // words in one of them at least.
    return band.every(isLineItem) && band.some(isTextLine) ? listColumns(band as unknown as (T & Line)[]) : null;
  });
}

/** The band's left and right columns, each top to bottom, when they are one list's two
 *  columns (readListColumnsApart); otherwise null. */
export function listColumns<T extends Line>(band: readonly T[]): [T[], T[]] | null {
  const byLeft = sortInPlace(band.slice(), byLeftEdge);
  const em = medianSize(band);
  if (em <= 0) return null;
  // The cut: the one strip GUTTER_EMS_MIN wide or more that no line crosses.
  let reach = -Infinity;
  let cut = -1;
  for (let i = 0; i < byLeft.length; i++) {
    if (i > 0 && byLeft[i].x0 - reach >= GUTTER_EMS_MIN * em) {
      if (cut !== -1) return null;
      cut = i;
    }
    reach = Math.max(reach, byLeft[i].x1);
  }
  if (cut < COLUMN_LINES_MIN || byLeft.length - cut !== cut || cut > COLUMN_LINES_MAX) return null;
  const left = sortInPlace(byLeft.slice(0, cut), byTopThenLeft);
  const right = sortInPlace(byLeft.slice(cut), byTopThenLeft);
  const [leftEdge, leftWidth] = extent(left);
  const [rightEdge, rightWidth] = extent(right);
  if (Math.abs(leftWidth - rightWidth) > WIDTH_EMS_MAX * em) return null;
  let setIn = false;
  for (let k = 0; k < left.length; k++) {
    if (!onOneBaseline(left[k], right[k])) return null;
    const indent = left[k].x0 - leftEdge;
    if (Math.abs(indent - (right[k].x0 - rightEdge)) > INDENT_MATCH_EMS * em) return null;
    if (indent >= INDENT_EMS_MIN * em) setIn = true;
  }
  return setIn ? [left, right] : null;
}

/** Whether a reading-order item is a line (no table or float: a line's spans). */
function isLineItem(item: Box): boolean {
  const flow = item as unknown as { spans?: unknown; table?: unknown; float?: unknown };
  return Array.isArray(flow.spans) && !flow.table && !flow.float;
}

/** The lines' left edge and width. */
function extent(lines: readonly Box[]): [number, number] {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const line of lines) {
    x0 = Math.min(x0, line.x0);
    x1 = Math.max(x1, line.x1);
  }
  return [x0, x1 - x0];
}

/** The median of the lines' first spans' sizes (the upper one of an even count); 0 for none. */
function medianSize(lines: readonly Line[]): number {
  const sizes: number[] = [];
  for (const line of lines) if (line.spans.length > 0) sizes.push(line.spans[0].size);
  if (sizes.length === 0) return 0;
  sortNumbers(sizes);
  return sizes[sizes.length >> 1];
}
