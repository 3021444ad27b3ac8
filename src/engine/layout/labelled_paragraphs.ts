// Labelled lines a paragraph's spacing apart: a policy's definitions, each a paragraph with a
// bold lead-in ("**Gift:** anything of value …" | "**Line manager:** the person …").
//
// blocks.ts markLabelledLines breaks the lines of a memo's fields ("**To:** …" | "**From:**
// …"), one under another at the text's leading, each a field. Two one-line definitions of a
// Writer handbook, set with its paragraph spacing under each, were read so too: one paragraph
// with a line break between them, where the page shows two paragraphs. Where the wrapped lines
// near them stand closer than the two labelled lines, the lines are paragraphs: each ends
// its block. (The column's paragraph skip, paragraph_skips.ts, says so where it is measured;
// a page of short paragraphs between headings often leaves it unmeasured.)
import type { Line } from "../model.js";

/** Labelled lines stand a paragraph apart when their pitch is this many times the line pitch
 *  near them at least: Writer's 115 % leading with 0.25 cm after a paragraph is 1.49 times. */
const PARAGRAPH_PITCH_RATIO = 1.3;
/** Lines whose heights differ by this share at most are set in one size (their pitch is the
 *  column's leading). */
const SAME_HEIGHT_SHARE = 0.1;
/** The line pitch near two labelled lines: the smallest between lines of one height on the
 *  pairs this many lines before or after them. Near, not the column's: a column's 70 lines
 *  hold a table's or a list's tighter rows somewhere (acmart's sigconf page 5). */
const PITCH_REACH_LINES = 4;

/**
 * Clears the line break markLabelledLines set between two labelled lines (`labelled`) standing
 * PARAGRAPH_PITCH_RATIO times the line pitch near them apart or more, and ends a block there
 * (`setEnds`).
 */
export function endLabelledParagraphs(breaks: boolean[], setEnds: boolean[], column: readonly Line[], labelled: (line: Line) => boolean): void {
  for (let i = 0; i + 1 < column.length; i++) {
    if (!breaks[i]) continue;
    const step = column[i + 1].y0 - column[i].y0;
    if (step < PARAGRAPH_PITCH_RATIO * pitchNear(column, i) || !labelled(column[i]) || !labelled(column[i + 1])) continue;
    breaks[i] = false;
    setEnds[i] = true;
  }
}

/** The smallest pitch between consecutive lines of one height on pairs within
 *  PITCH_REACH_LINES of pair `i`, not counting pair `i`; Infinity when there is none. */
function pitchNear(column: readonly Line[], i: number): number {
  let pitch = Infinity;
  for (let j = Math.max(0, i - PITCH_REACH_LINES); j + 1 < column.length && j <= i + PITCH_REACH_LINES; j++) {
    if (j === i) continue;
    const a = column[j];
    const b = column[j + 1];
    const ha = a.y1 - a.y0;
    const hb = b.y1 - b.y0;
    const step = b.y0 - a.y0;
    // Lines that overlap are pieces of one row, not a pitch.
    if (step >= Math.max(ha, hb) && Math.abs(ha - hb) <= SAME_HEIGHT_SHARE * Math.max(ha, hb)) pitch = Math.min(pitch, step);
  }
  return pitch;
}
