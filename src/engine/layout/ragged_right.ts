// Step 4 (blocks.ts startsNewBlock), each pair of lines of a paragraph: in text set ragged
// right (a word processor's or a browser's default: left-aligned, not justified), a line ends
// where its next word would not fit, so a line short of the column's edge says nothing of a
// paragraph's end unless the next line's first word would have fitted in the room it left.
// A newsletter's column "… need a quiet place to study after school." | "Volunteers are still
// needed …" had split one paragraph in two: the line ended a sentence 3 em short of the
// column's edge, and "Volunteers" was 4.7 em wide. Justified text fills every line but a
// paragraph's last, so there a short line ending a sentence still ends the paragraph.
import type { Line } from "../model.js";
import { isEastAsianWide } from "./east_asian.js";

/** A paragraph reads as ragged right only when at least this many of its lines above the one
 *  asked about are known: one line above says nothing of how the others end. */
export const RAGGED_LINES_ABOVE_MIN = 2;

/** The lines above end at least this many ems apart (the widest and the narrowest): a
 *  justified paragraph's full lines end together within a rounding, a ragged one's by the
 *  width of the words that did not fit. Two ragged lines ending within an em by chance leave
 *  the paragraph justified, as before. */
export const RAGGED_END_SPREAD_EMS_MIN = 1;

/**
 * Whether `prev`, the last line of the paragraph `lines` so far, wrapped only because the next
 * line's first word (with its space: `nextWordWidth`) would not fit in the `room` it left, in a
 * paragraph whose lines above `prev`, each long (LONG_LINE_SHARE_MIN of the column's `width`),
 * end ragged: the paragraph goes on under it, however the line ended. A first word with a
 * Chinese or Japanese character is no unit that wraps whole (seuthesix's "⑥正文中…" item under
 * "⑤页码…"): those lines are left alone.
 */
export function wrappedInRaggedParagraph(lines: readonly Line[], prev: Line, room: number, nextWordWidth: number, nextText: string, em: number, width: number): boolean {
  if (room > nextWordWidth || startsWithEastAsianWord(nextText)) return false;
  let count = 0;
  let lowest = Infinity;
  let highest = -Infinity;
  for (const line of lines) {
    if (line === prev) continue;
    // A set of short lines joined by line breaks (a copyright block's "ACM ISBN …" over its
    // DOI) wrapped nothing: each line above a wrapped one is long.
    if (line.x1 - line.x0 < LONG_LINE_SHARE_MIN * width) return false;
    count++;
    if (line.x1 < lowest) lowest = line.x1;
    if (line.x1 > highest) highest = line.x1;
  }
  return count >= RAGGED_LINES_ABOVE_MIN && highest - lowest >= RAGGED_END_SPREAD_EMS_MIN * em;
}

/** A column is read as ragged right only with at least this many long lines (LONG_LINE_SHARE_MIN
 *  of its width) to judge by. */
export const RAGGED_LONG_LINES_MIN = 4;

/** A line this share of its column's width or wider is a long line: a paragraph's full line
 *  in justified text, a wrapped one in ragged text; headings and short lines say nothing. */
export const LONG_LINE_SHARE_MIN = 0.5;

/** A line ending within this many points of its right edge ends at the edge (the tolerance
 *  blocks.ts reads a justified line's end with). */
export const EDGE_TOLERANCE_PT = 0.5;

/** At most this share of a ragged column's long lines end at its right edge: in justified
 *  text nearly all do, in ragged text the widest line and the odd one by chance. */
export const RAGGED_EDGE_SHARE_MAX = 0.25;

/**
 * Whether the column's text is set ragged right: of its long lines not in the code face
 * (`code[i]`), at least RAGGED_LONG_LINES_MIN, no more than RAGGED_EDGE_SHARE_MAX end at
 * their right edge (`rights[i]`, the column's, or beside a float its band's).
 */
export function isRaggedRightColumn(column: readonly Line[], rights: Float64Array, left: number, code: readonly boolean[]): boolean {
  let long = 0;
  let atEdge = 0;
  for (let i = 0; i < column.length; i++) {
    if (code[i]) continue;
    const line = column[i];
    if (line.x1 - line.x0 < LONG_LINE_SHARE_MIN * (rights[i] - left)) continue;
    long++;
    if (rights[i] - line.x1 <= EDGE_TOLERANCE_PT) atEdge++;
  }
  return long >= RAGGED_LONG_LINES_MIN && atEdge <= RAGGED_EDGE_SHARE_MAX * long;
}

/** Whether the first word of `text` (up to its first space) holds a Chinese, Japanese or Korean
 *  character. */
function startsWithEastAsianWord(text: string): boolean {
  for (const char of text.trimStart()) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0x20 || code === 0x09 || code === 0xa0) return false;
    if (isEastAsianWide(code)) return true;
  }
  return false;
}
