// Step 5, each page: a listing that ends a column is the column's, not a footnote, and so is
// a section over it set in the body's size. The
// reading-order kernels (reading_order.ts and its Rust port) see boxes only: a column's last
// paragraphs set smaller than its body are its footnotes, read after both columns. A listing
// in the code face is set smaller too, and so elbioimp's "\author{First Author…}" at the foot
// of its left column was read after the right column's text. The lines' styles settle it
// here, on the kernels' groups, so every kernel gives the same order.
import { type Box, type OrderedGroup, unionOf } from "./box.js";
import type { Line } from "../model.js";
import { isCodeLine } from "./lines.js";

/**
 * The groups with each group of code lines that the kernel put after the next column (a
 * side-by-side group wholly right of it, read before it) moved back to follow its own
 * column's group: the group before that one, which it lies under, within its x-range.
 */
export function keepColumnFootCode<T extends Box & { spans?: Line["spans"] }>(groups: OrderedGroup<T>[]): OrderedGroup<T>[] {
  let bodyHeight = -1;
  for (let g = 2; g < groups.length; g++) {
    const foot = groups[g];
    if (foot.columns < 2 || !foot.items.every((it) => it.spans !== undefined)) continue;
    // A listing; or a section with its heading and paragraph over a listing, set in the
    // body's size (mnras's "8.1 Basic examples" over its \begin{figure} code): the listing's
    // small lines made it a footnote to the kernels, but footnotes are set small throughout.
    if (!foot.items.every((it) => isCodeLine(it as unknown as Line))) {
      if (bodyHeight < 0) bodyHeight = medianLineHeight(groups);
      if (codeLines(foot.items) < FOOT_CODE_LINES_MIN || bodyLines(foot.items, bodyHeight) < FOOT_BODY_LINES_MIN) continue;
    }
    const own = unionOf(foot.items);
    // The group just before: the next column, wholly right of the listing ...
    const next = groups[g - 1];
    if (next.columns < 2 || unionOf(next.items).x0 < own.x1) continue;
    // ... and before it the listing's column, which it lies under.
    let column = g - 2;
    while (column >= 0 && groups[column].columns >= 2 && unionOf(groups[column].items).x0 >= own.x1) column--;
    if (column < 0 || groups[column].columns < 2) continue;
    const above = unionOf(groups[column].items);
    if (above.y1 > own.y0 || above.x1 < own.x0 || above.x0 > own.x1) continue;
    groups.splice(g, 1);
    groups.splice(column + 1, 0, foot);
  }
  return groups;
}

/** A column's foot group over a listing of this many lines at least ... */
const FOOT_CODE_LINES_MIN = 2;
/** ... with this many lines or more set in the body's size, out of the code face, is the
 *  column's text, not its footnotes. */
const FOOT_BODY_LINES_MIN = 2;
/** ... a line in the body's size being at least this share of the page's median line height
 *  (the kernels' footnote test, reading_order.ts FOOTNOTE_HEIGHT_SHARE). */
const BODY_HEIGHT_SHARE_MIN = 0.85;

function codeLines(items: readonly Box[]): number {
  let count = 0;
  for (const it of items) if (isCodeLine(it as unknown as Line)) count++;
  return count;
}

function bodyLines(items: readonly Box[], bodyHeight: number): number {
  let count = 0;
  for (const it of items) if (it.y1 - it.y0 > BODY_HEIGHT_SHARE_MIN * bodyHeight && !isCodeLine(it as unknown as Line)) count++;
  return count;
}

/** The median height of the page's lines (every group's items). */
function medianLineHeight(groups: readonly OrderedGroup<Box>[]): number {
  const heights: number[] = [];
  for (const group of groups) for (const it of group.items) heights.push(it.y1 - it.y0);
  const sorted = Float64Array.from(heights).sort();
  return sorted.length === 0 ? 0 : sorted[sorted.length >> 1];
}
