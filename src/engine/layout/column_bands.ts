// Step 5, each page: a one-column group's bands read as two columns side by side. The reading-
// order kernels cut a page into columns only where each side holds three lines or more; two
// rules look again at the bands they leave in one column (runs of lines parted by an empty
// row): side_stacks.ts for a letterhead's two stacks of short lines, list_columns.ts for a
// short list set in two columns. Each says whether a band is its two columns; this module
// cuts the bands and puts the columns in the band's place.
import type { Line } from "../model.js";
import { type Box, type OrderedGroup, orderedGroup } from "./box.js";
import { sortNumbers } from "./number_sort.js";

/** An empty row this share of the group's median line height tall bounds a band, as it cuts
 *  a region into bands in reading_order.ts. */
export const BAND_GAP_HEIGHT_SHARE = 0.8;

/** A band's two columns, left then right, each in reading order; or null when the band of
 *  items[start, end) is not two columns. `lineHeight` is the group's median text line height. */
export type TwoColumnsOf<T> = (items: T[], start: number, end: number, lineHeight: number) => [T[], T[]] | null;

/**
 * The groups with each one-column group's bands of `minItems` to `maxItems` items that
 * `twoColumns` reads as two columns replaced by those two (groups of two columns, the left
 * first); the items between such bands stay one-column groups.
 */
export function readBandsInTwo<T extends Box>(groups: OrderedGroup<T>[], isTextLine: (item: T) => item is T & Line, minItems: number, maxItems: number, twoColumns: TwoColumnsOf<T>): OrderedGroup<T>[] {
  const out: OrderedGroup<T>[] = [];
  for (const group of groups) {
    if (group.columns !== 1 || group.items.length < minItems) {
      out.push(group);
      continue;
    }
    out.push(...splitGroup(group.items, isTextLine, minItems, maxItems, twoColumns));
  }
  return out;
}

function splitGroup<T extends Box>(items: T[], isTextLine: (item: T) => item is T & Line, minItems: number, maxItems: number, twoColumns: TwoColumnsOf<T>): OrderedGroup<T>[] {
  const lineHeight = medianTextLineHeight(items, isTextLine);
  if (lineHeight <= 0) return [orderedGroup(items, 1)];
  const gap = BAND_GAP_HEIGHT_SHARE * lineHeight;
  // Bands as index ranges of the items, not arrays: on most pages no band is two columns, and
  // the group is handed on whole (issue 9: speed). A band outside the sizes is not copied to
  // be looked at.
  const out: OrderedGroup<T>[] = [];
  let restFrom = 0;
  let start = 0;
  let bottom = -Infinity;
  for (let i = 0; i <= items.length; i++) {
    if (i < items.length && (i === 0 || !(items[i].y0 - bottom >= gap))) {
      bottom = Math.max(bottom, items[i].y1);
      continue;
    }
    // items[start, i) is a band.
    const size = i - start;
    const columns = size >= minItems && size <= maxItems ? twoColumns(items, start, i, lineHeight) : null;
    if (columns !== null) {
      if (start > restFrom) out.push(orderedGroup(items.slice(restFrom, start), 1));
      restFrom = i;
      out.push(orderedGroup(columns[0], 2), orderedGroup(columns[1], 2));
    }
    if (i < items.length) {
      start = i;
      bottom = Math.max(bottom, items[i].y1);
    }
  }
  if (restFrom < items.length) out.push(orderedGroup(items.slice(restFrom), 1));
  return out;
}

/** The median height of the text lines among the items (the upper one of an even count); 0 for none. */
export function medianTextLineHeight<T extends Box>(items: readonly T[], isTextLine: (item: T) => item is T & Line): number {
  const heights: number[] = [];
  for (const it of items) if (isTextLine(it)) heights.push(it.y1 - it.y0);
  if (heights.length === 0) return 0;
  sortNumbers(heights);
  return heights[heights.length >> 1];
}
