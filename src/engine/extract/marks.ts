// Step 3, extract: the small drawn shapes both extractors keep as possible list bullets
// (PageModel.marks). Layout decides which of them are bullets; this only bounds what is kept.
import type { Mark } from "../model.js";

/** Both sides of a mark are at most this many points: a bullet is glyph-sized (slide decks
 * set text at 28 pt, whose bullets stay under this), anything larger is a figure or a box. */
export const MARK_SIZE_MAX_PT = 16;
/** The longer side is at least this many points: smaller specks are dots of a dotted rule or
 * anti-aliasing debris, never a bullet a reader sees. */
export const MARK_SIZE_MIN_PT = 1;
/** Marks kept per page. Vector art (maps, plots, outlined text) holds thousands of tiny
 * paths; a page of lists holds a few dozen bullets. */
export const MARKS_PER_PAGE_MAX = 2_000;

/** The mark for a shape's box, or null when it is not glyph-sized. */
export function markOf(x0: number, y0: number, x1: number, y1: number, kind: Mark["kind"]): Mark | null {
  const w = x1 - x0;
  const h = y1 - y0;
  if (!(w >= 0 && h >= 0) || w > MARK_SIZE_MAX_PT || h > MARK_SIZE_MAX_PT || Math.max(w, h) < MARK_SIZE_MIN_PT) return null;
  return { x0, y0, x1, y1, kind };
}

/** Adds a mark for the box to the list unless it is full or the box is not glyph-sized. */
export function pushMark(marks: Mark[], x0: number, y0: number, x1: number, y1: number, kind: Mark["kind"]): void {
  if (marks.length >= MARKS_PER_PAGE_MAX) return;
  const mark = markOf(x0, y0, x1, y1, kind);
  if (mark) marks.push(mark);
}
