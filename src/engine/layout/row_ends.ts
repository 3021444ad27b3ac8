// Step 5, each page: a row's end set flush right, alone, that the reading-order kernels
// read as a column of its own goes back to its row. LibreOffice's Resume template sets each
// job's dates at the right of its title ("Egg Inspector" … "Jan 2013 – Mar 2014"), and the
// skills under them in two columns of bullets: with those bullets under them, the dates
// stood on the right of a column gutter, and were read at the page's end, after every job.
// Done here, on the kernels' groups, so that every kernel gives the same order; the row is
// then one row of its column, which blocks.ts's joinRowEnds writes as one line.
import type { Line } from "../model.js";
import type { Box, OrderedGroup } from "./box.js";
import { onOneBaseline } from "./row_order.js";
import { lineSize } from "./lines.js";
import { leadingBulletLength } from "./bullet_glyphs.js";

/** Nothing else of the row end's column lies within this many of its line heights above
 *  or below it: a column's own lines (a paragraph's, an equation's number beside its
 *  formula) stand closer. */
const ROW_END_ISOLATION_LINE_HEIGHTS = 2;
/** The row end is at most this share of the row's width (from its start's left to its end's
 *  right): a column's line of text is wider. */
const ROW_END_WIDTH_SHARE_MAX = 1 / 3;
/** The row end ends within this many ems of its column's right edge: it is set flush right. */
const ROW_END_FLUSH_EMS = 1;
/** The row's start and end are set within this share of one another's size. */
const ROW_SIZE_SHARE_MAX = 0.1;

/**
 * The groups with the row ends that a column reading order read on its own opens with put
 * back, each after the line its row starts with, in the column before it: the column's
 * lines of words (`isTextLine`) up to the first that is none, each a short line (no bullet,
 * nothing in the code face) that ends at the column's right edge, with nothing of the column within
 * ROW_END_ISOLATION_LINE_HEIGHTS above or below it, on one baseline with a line of the
 * column before, in its size and not in the code face. The rest of the column stays; a
 * group left empty is dropped.
 */
export function readRowEndsWithTheirRows<T extends Box>(groups: OrderedGroup<T>[], isTextLine: (item: T) => item is T & Line): OrderedGroup<T>[] {
  let changed = false;
  for (let g = 1; g < groups.length; g++) {
    const group = groups[g];
    const before = groups[g - 1];
    if (group.columns < 2 || before.columns < 2) continue;
    const moves = rowEnds(group.items, before.items, isTextLine);
    if (moves === null) continue;
    // From the last, so that each row start's index still holds.
    for (let k = moves.length - 1; k >= 0; k--) before.items.splice(moves[k].at + 1, 0, moves[k].end);
    const moved = new Set(moves.map((move) => move.end));
    group.items = group.items.filter((item) => !moved.has(item));
    changed = true;
  }
  return changed ? groups.filter((group) => group.items.length > 0) : groups;
}

/** Each row end the column `items` opens with (its lines of words before any other) with
 *  the index in `before` of the line its row starts with, or null when it opens with none.
 *  The rest of the column stays: a second column of bullets under the row ends (the
 *  Resume's skills, filled in) is read as the kernels read it. */
function rowEnds<T extends Box>(items: readonly T[], before: readonly T[], isTextLine: (item: T) => item is T & Line): { end: T; at: number }[] | null {
  let right = -Infinity;
  for (const item of items) right = Math.max(right, item.x1);
  const moves: { end: T; at: number }[] = [];
  for (let i = 0; i < items.length; i++) {
    const end = items[i];
    if (!isTextLine(end)) continue;
    // A line in the code face is a listing's, whatever stands beside it, and so is a row
    // starting with one (scripture's example listings, their typeset verse in a box beside
    // them, its reference "John 1:18 (KJV)" flush right on a listing's row; texdoc's
    // configuration items).
    if (!isolated(items, i) || right - end.x1 > ROW_END_FLUSH_EMS * lineSize(end) || leadingBulletLength(end) > 0 || end.spans.some((span) => span.monospace)) break;
    const at = rowStart(before, end, isTextLine);
    if (at < 0) break;
    moves.push({ end, at });
  }
  return moves.length > 0 ? moves : null;
}

/** Whether nothing of the column stands within ROW_END_ISOLATION_LINE_HEIGHTS of its i-th item. */
function isolated<T extends Box>(items: readonly T[], i: number): boolean {
  const item = items[i];
  const room = ROW_END_ISOLATION_LINE_HEIGHTS * (item.y1 - item.y0);
  for (let k = 0; k < items.length; k++) {
    if (k === i) continue;
    const other = items[k];
    if (other.y1 > item.y0 - room && other.y0 < item.y1 + room) return false;
  }
  return true;
}

/** The index of the line in `items` the row `end` ends starts with, or -1. */
function rowStart<T extends Box>(items: readonly T[], end: Line, isTextLine: (item: T) => item is T & Line): number {
  const size = lineSize(end);
  for (let k = 0; k < items.length; k++) {
    const start = items[k];
    if (!isTextLine(start) || start.x1 >= end.x0 || !onOneBaseline(start, end) || start.spans.some((span) => span.monospace)) continue;
    if (Math.abs(lineSize(start) - size) > ROW_SIZE_SHARE_MAX * size) continue;
    if (end.x1 - end.x0 > ROW_END_WIDTH_SHARE_MAX * (end.x1 - start.x0)) continue;
    return k;
  }
  return -1;
}
