// Step 5, each page: a column's last line that stands below the column beside it and heads a
// full-width item under both (a datasheet's "Ordering information" over its ordering table,
// set after a left column that runs longer than the right one) is read after both columns,
// with the item it heads. The reading-order kernels (reading_order.ts and its Rust port) cut
// a band at a gutter and read its left column whole: the heading came before the right
// column's "Specifications". Done here, on the kernels' groups, so every kernel gives the
// same order.
import { type Box, type OrderedGroup, unionOf } from "./box.js";

/** A tail of at most this many items: headings (a chapter's, a section's and its first
 *  subsection's) or a heading and its one-line lead-in. A longer tail is the column's text
 *  running on below the other (a paper's last page). */
const TAIL_ITEMS_MAX = 4;
/** The tail stands below the rest of its column and below the column beside it by an empty
 *  row this many of its line heights tall at least ... */
const TAIL_GAP_LINE_HEIGHTS_MIN = 0.8;
/** ... and the full-width item under it starts within this many of its line heights. */
const TAIL_TO_ITEM_LINE_HEIGHTS_MAX = 1.5;

/**
 * The groups with each column's tail (TAIL_ITEMS_MAX items at most, below the column beside
 * it, over a full-width item that spans both columns) moved into that item's group, before
 * it.
 */
export function readColumnTailsWithSpanningItems<T extends Box>(groups: OrderedGroup<T>[]): OrderedGroup<T>[] {
  for (let g = 0; g + 2 < groups.length; g++) {
    const [left, right, under] = [groups[g], groups[g + 1], groups[g + 2]];
    if (left.columns < 2 || right.columns < 2 || under.columns !== 1 || left.items.length <= TAIL_ITEMS_MAX) continue;
    const tailStart = spanningItemTail(left.items, unionOf(left.items), unionOf(right.items), under.items[0]);
    if (tailStart < 0) continue;
    under.items.unshift(...left.items.splice(tailStart));
  }
  return groups;
}

/** Where the left column's tail over `item` starts, or -1 when it has none: its last items
 *  below the column beside it, at most TAIL_ITEMS_MAX, from the first with an empty row above
 *  it. */
function spanningItemTail<T extends Box>(items: readonly T[], left: Box, right: Box, item: T): number {
  // Side by side: the right column wholly right of the left one.
  if (right.x0 < left.x1) return -1;
  let below = items.length;
  while (below > 1 && items.length - below < TAIL_ITEMS_MAX && items[below - 1].y0 > right.y1) below--;
  // More of the column below the right one than a tail: its text runs on.
  if (items[below - 1].y0 > right.y1) return -1;
  const bottoms: number[] = [];
  let bottom = -Infinity;
  for (const it of items) bottoms.push((bottom = Math.max(bottom, it.y1)));
  const apart = (k: number) => items[k].y0 - bottoms[k - 1] >= TAIL_GAP_LINE_HEIGHTS_MIN * (items[k].y1 - items[k].y0) && items[k].y0 - right.y1 >= TAIL_GAP_LINE_HEIGHTS_MIN * (items[k].y1 - items[k].y0);
  let k = below;
  while (k < items.length && !apart(k)) k++;
  if (k === items.length) return -1;
  // The item under the tail spans both columns and starts right under it.
  const lineHeight = items[k].y1 - items[k].y0;
  if (item.y0 < bottom || item.y0 - bottom > TAIL_TO_ITEM_LINE_HEIGHTS_MAX * lineHeight) return -1;
  if (item.x0 > left.x1 || item.x1 < right.x0) return -1;
  return k;
}
