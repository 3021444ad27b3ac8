// A dash that starts a line inside a justified paragraph: the line broke before a dash that
// joins two parts of a sentence (DocBook's reference, DBLaTeX: "… condition, etc.
// Nameprofile.security" | "— Target profile for security attribute …"). The block builder
// read the dash as a list's bullet: the paragraph was cut there and the dash lost, the rest
// of the paragraph an item. Dashes that start items stand under lines that end short of the
// column's edge or end a sentence, or their items' text hangs after them.
import type { Line } from "../model.js";
import { lineSize } from "./lines.js";
import { firstInkedUnit, lastInkedUnit, wordCount } from "./whitespace.js";
import { isWordCharCode } from "./word_chars.js";

const EM_DASH = 0x2014;
const EN_DASH = 0x2013;

/** Right edges this many ems apart at most are one edge: the line above is full, justified,
 *  and the sentence goes on in the next line. */
const FULL_LINE_SLACK_EMS = 0.5;
/** The line above spans this share of the column's width at least (from its left edge to
 *  its widest line's end): short items of a list ("– small", "– normalsize") end at about one
 *  x too, and are not full. */
const FULL_LINE_SHARE_MIN = 0.85;
/** ... and holds this many words at least: in a narrow column of short items (a page of
 *  "– LARGE" | "– huge" | "– Huge" alone) an item spans the column. */
const FULL_LINE_WORDS_MIN = 6;
/** Left edges this many ems apart at most are one edge: the dash's line is not set in (an
 *  item's marker is, or its text hangs). */
const SAME_EDGE_EMS = 0.3;

/**
 * Whether the dash starting `line` (its marker read as a bullet) goes on the sentence of the
 * line above: `prev` is text that ends in a letter or a figure (no stop, colon or bracket),
 * spans most of the column (`left` to `right`, its widest line's end) in words enough, and ends where `line` or the line after it does (a justified paragraph's lines end at one
 * edge, a list's items do not); `line` starts where `prev` does, and the line after it,
 * if any, too (an item's wrapped text hangs after its dash).
 */
export function isDashInsideParagraph(prev: Line, prevText: string, line: Line, text: string, next: Line | null, left: number, right: number): boolean {
  const dash = firstInkedUnit(text);
  if (dash !== EM_DASH && dash !== EN_DASH) return false;
  if (prev.x1 - left < FULL_LINE_SHARE_MIN * (right - left) || wordCount(prevText) < FULL_LINE_WORDS_MIN) return false;
  const em = Math.max(lineSize(line), 1);
  // Full: it ends where the dash's line or the line after it ends, as justified lines do. Not
  // the column's edge, the widest line's end: that may be the line above itself (a list's
  // longest item), and a line set past the edge (a long name that would not break) moves it.
  const slack = FULL_LINE_SLACK_EMS * em;
  const full = Math.abs(prev.x1 - line.x1) <= slack || (next !== null && (Math.abs(prev.x1 - next.x1) <= slack || overfullAbove(prev, line, next, slack)));
  if (!full || Math.abs(line.x0 - prev.x0) > SAME_EDGE_EMS * em) return false;
  if (next !== null && Math.abs(next.x0 - line.x0) > SAME_EDGE_EMS * em) return false;
  return isWordCharCode(lastInkedUnit(prevText));
}

/** The dash's line and the next end at one edge (justified, full) and the line above ends
 *  past it: a line set past the edge (a long name that would not break). */
function overfullAbove(prev: Line, line: Line, next: Line, slack: number): boolean {
  return Math.abs(line.x1 - next.x1) <= slack && prev.x1 > line.x1;
}

