// A page's head line: a running header the page alone cannot tell from text (a selection of
// one page has no other page to repeat it), set above the page's columns. The paragraph the
// first column starts with goes on from the page before, not from that line: a paragraph's
// line stands a leading under the one before it, not a blank line's height or more.
import type { Line } from "../model.js";

/** How many of the next line's heights the gap under a page's first line must exceed for that
 *  line to stand apart from the paragraph under it (a DAFx paper's "Proc. of the 9th Int.
 *  Conference …" stands 21.6 pt over its first column's 11.9 pt line; a paragraph's lines
 *  stand a leading, a fifth of a line or so, apart). */
const PAGE_HEAD_GAP_LINES_MIN = 1;

/**
 * Whether the page's first block (`head`) is a single line standing apart above the paragraph
 * `under` starts: below it by more than PAGE_HEAD_GAP_LINES_MIN of that paragraph's first
 * line's height. Such a paragraph does not go on the line, whatever the line ended with and
 * however the paragraph starts (joinAcrossColumnBreak had run "Proc. … September 18-20,
 * 2006" into "tal Audio Effects, …", the rest of a word the page before cut).
 */
export function standsApartAbove(head: readonly Line[], under: readonly Line[]): boolean {
  if (head.length !== 1 || under.length === 0) return false;
  const first = under[0];
  return first.y0 - head[0].y1 > PAGE_HEAD_GAP_LINES_MIN * (first.y1 - first.y0);
}
