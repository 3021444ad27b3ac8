// Step 4 (blocks.ts markShortLineSets), each column: a set of short lines (a list of names with
// their institutions, an address) is read pair by pair, and a pair goes on only where the first
// line leaves room for the next line's first word. In a narrow column, measured to its own
// widest line, a line of the set may come within a word of the edge: TAMReview's editorial
// board ("Michel Avital, University of Amsterdam" | "Kevin Crowston, Syracuse University", the
// first 23 pt short of the edge and "Kevin" 25 pt wide) and an invoice's "Bill to" address
// ("Oakfield Dental Practice" | "Attn: Dr. Sarah Lewis" | "3 Elm Grove, Bath BA2 6JP") had run
// their lines together as if wrapped. Such a line bridges the set where the set goes on on both
// sides of it: the line after it is short too (it leaves room for its own next line's first
// word, or a gap or the column's end follows), and the set either has two lines already or goes
// on after it. Prose wraps every line but its last: a full line between two short ones
// without a paragraph's gap is a set's.
import type { Line } from "../model.js";
import { firstWordWidth, lineSize } from "./lines.js";

/** Lines further apart than this many ems (of the lower's size) stand a paragraph apart: a
 *  set's lines are at one leading (blocks.ts's PARAGRAPH_GAP_SHORT_BOX_EMS). */
export const BRIDGE_GAP_EMS_MAX = 0.9;

/** The set so far holds at least this many lines (a label and a line, or two lines) for a
 *  line to bridge it on the set's side alone. */
export const BRIDGE_SET_LINES_MIN = 2;

/**
 * Whether the pair of lines i - 1 and i, which failed markShortLineSets' room test, goes on in
 * the set begun at `start`: the pair stands as a set's (`aligned(i)`), at the leading, and line i
 * is short (room for line i + 1's first word, or a gap under it); and either the set holds
 * BRIDGE_SET_LINES_MIN lines already or the pair i, i + 1 goes on as a set's (aligned, at the
 * leading, room for the word) and the set opens at line i - 1 (the column's top, a gap, a line
 * in a heading's style (`headingStyle`) or one ending a sentence or a label above it).
 */
export function bridgesSet(
  i: number,
  start: number,
  column: readonly Line[],
  texts: readonly string[],
  roomOf: (k: number) => number,
  spaceOf: (k: number) => number,
  aligned: (k: number) => boolean,
  headingStyle: (k: number) => boolean,
): boolean {
  if (!atLeading(column[i - 1], column[i])) return false;
  const last = i + 1 >= column.length;
  const nextFits = !last && roomOf(i) > firstWordWidth(column[i + 1]) + spaceOf(i + 1);
  const nextPartsAtGap = last || !atLeading(column[i], column[i + 1]);
  if (!nextFits && !nextPartsAtGap) return false;
  if (!aligned(i)) return false;
  if (i - start >= BRIDGE_SET_LINES_MIN) return true;
  // Bridged from the set's first line, the set must open there: at the column's top, under a
  // gap, a heading's style or a line ending a sentence or a label ("Bill to:"). Ragged prose
  // in a narrow column wraps onto a name now and then ("Huifen Chan, Tsinghua" | "University,
  // 30 Shuangqing", acmart's authors' addresses in the margin, the line above ending "India;").
  const k = i - 1;
  const opens = k === 0 || !atLeading(column[k - 1], column[k]) || SET_OPENER_END.test(texts[k - 1].trimEnd()) || headingStyle(k - 1);
  return opens && nextFits && !nextPartsAtGap && aligned(i + 1);
}

/** A line ending so closes what was above it: a sentence's stop or a label's colon. */
const SET_OPENER_END = /[.!?:]$/;

function atLeading(upper: Line, lower: Line): boolean {
  return lower.y0 - upper.y1 <= BRIDGE_GAP_EMS_MAX * lineSize(lower);
}
