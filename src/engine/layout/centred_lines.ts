// Step 5, each page: lines set centred one under another that their author broke. A cover
// page stacks names on a common axis ("Gouvernement du Canada" | "Ressources naturelles
// Canada" | "Centre canadien de la cartographie et d'observation de la Terre"), each a line
// of its own; read as prose they ran into one paragraph.
import type { Line } from "../model.js";
import type { TextStyle } from "./document_stats.js";
import { firstWordWidth } from "./lines.js";
import { underTitle } from "./subtitle_pairs.js";
import { hasWordChar } from "./word_chars.js";

/** Two lines share an axis when their centres lie this many ems apart at most: word
 *  processors centre exactly, glyph boxes add a little on either side. */
const AXIS_TOLERANCE_EMS = 0.2;
/** Centred lines of different widths start at different x: left edges this many ems apart at
 *  least (lines that start together are left-aligned or justified, which the short-line
 *  rules of blocks.ts read). */
const LEFT_EDGE_SHIFT_EMS_MIN = 0.5;
/** The room a line leaves must hold the next line's first word, a space of this many ems and
 *  this much slack for glyph boxes: a centred paragraph wraps when the word does not fit. */
const WORD_SPACE_EMS = 0.3;
const SLACK_EMS = 0.5;
/** Lines of one run share a size within this many points. */
const SIZE_TOLERANCE_PT = 1;
/** A field's label at a line's start: up to three words and a colon ("Courriel :", "Fax:"). */
const FIELD_LABEL = /^\s*\p{L}[\p{L}.'’-]*(?:\s+[\p{L}.'’-]+){0,2}\s?[:：]\s/u;
/** A line spans its column when it comes this many ems near both of its edges. */
const SPAN_MARGIN_EMS = 1;
/** Lines of one run overlap by this many ems at most, and stand this many apart at most. */
const OVERLAP_EMS_MAX = 0.5;
const LEADING_GAP_EMS_MAX = 0.8;
const LOWER_START = /^\s*\p{Ll}/u;
/** A line ending in a hyphen goes on in the next, whatever room it leaves. */
const HYPHEN_END = /[-‐]\s*$/u;

/**
 * Marks, in `breaks`, each line of a centred run after which its author broke the text: a
 * run is lines one under another on one axis, in one size; the widest of them is at most the
 * width the text was set in, so a line that leaves room there for the next line's first word
 * was not filled before it wrapped. Only lines starting at different x count as centred.
 * `stacked`, where given, marks the lines of a stack broken by hand (markRun) after which the
 * stack's next line, set alike, goes on in its paragraph.
 */
export function markCentredBreaks(
  breaks: boolean[],
  column: readonly Line[],
  styles: readonly TextStyle[],
  texts: readonly string[],
  edges: { left: number; right: number },
  skips: readonly boolean[],
  stacked?: boolean[],
  measureEdges: { left: number; right: number } = edges,
): void {
  // Justified lines share an axis too, so most lines are asked twice, as the line below and as
  // the line above: the answer is kept.
  const open: (boolean | undefined)[] = new Array(column.length);
  // Text with a letter or a digit: glyphs that map to no character (U+FFFD) measure nothing.
  const mayCentre = (i: number) => (open[i] ??= !skips[i] && hasWordChar(texts[i]));
  let start = 0;
  for (let i = 1; i <= column.length; i++) {
    const goesOn = i < column.length && onOneAxis(column[i - 1], column[i], styles[i - 1], styles[i]) && mayCentre(i - 1) && mayCentre(i);
    if (goesOn) continue;
    // Two lines share an axis by chance when one spans the column: a display equation or a
    // caption's label centred over a paragraph's full line.
    const pair = i - start === 2;
    // Not under a title of their face, though: a title slide's subtitle (subtitle_pairs.ts).
    if (i - start >= 3 || (pair && ((!spansColumn(column[start], styles[start], edges) && !spansColumn(column[start + 1], styles[start + 1], edges)) || underTitle(column, styles, start)))) {
      markRun(breaks, column, styles, texts, start, i, measureEdges, stacked);
    }
    start = i;
  }
}

/** A line is centred among centred lines when it stands in a stack of this many lines at least,
 *  each on the axis of the one above ... */
const CENTRED_STACK_LINES_MIN = 3;
/** ... and starts this many ems at least from where the lines next to it in the stack start:
 *  a list aligns its markers, a justified block its lines, within a fraction of a point;
 *  centred names and institutes of near widths start a few points apart (3.5 pt at 12 pt). */
const RAGGED_EDGE_EMS_MIN = 0.2;

/**
 * Whether line `i` is centred among centred lines: it and the lines about it, one under
 * another, share an axis (onOneAxis), CENTRED_STACK_LINES_MIN of them at least, and it starts
 * at another x than the stack's lines next to it. A lettered list aligns its markers at one
 * x, so a line that starts with a letter and a stop here ("L. Serani, Centre d'Etudes …",
 * "M. Marx, Deutsches …" in JACoW's centred list of names and institutes) starts with an
 * initial, no item. Asked only of lines a weak marker starts (few).
 */
export function centredAmongCentred(column: readonly Line[], styles: readonly TextStyle[], i: number): boolean {
  const axis = (j: number) => onOneAxis(column[j - 1], column[j], styles[j - 1], styles[j]);
  const ragged = (j: number) => Math.abs(column[j].x0 - column[i].x0) >= RAGGED_EDGE_EMS_MIN * Math.max(1, styles[i].size);
  const above = i > 0 && axis(i);
  const below = i + 1 < column.length && axis(i + 1);
  if ((above && !ragged(i - 1)) || (below && !ragged(i + 1))) return false;
  let lines = 1 + (above ? 1 : 0) + (below ? 1 : 0);
  // A stack of two about the line goes on above or below.
  if (lines < CENTRED_STACK_LINES_MIN && above && i > 1 && axis(i - 1)) lines++;
  if (lines < CENTRED_STACK_LINES_MIN && below && i + 2 < column.length && axis(i + 2)) lines++;
  return lines >= CENTRED_STACK_LINES_MIN;
}

function spansColumn(line: Line, style: TextStyle, { left, right }: { left: number; right: number }): boolean {
  const em = Math.max(1, style.size);
  return line.x0 - left < SPAN_MARGIN_EMS * em && right - line.x1 < SPAN_MARGIN_EMS * em;
}

function onOneAxis(above: Line, below: Line, styleAbove: TextStyle, style: TextStyle): boolean {
  const em = Math.max(1, style.size);
  if (Math.abs(styleAbove.size - style.size) >= SIZE_TOLERANCE_PT) return false;
  // Set under each other at a paragraph's leading: a group set apart by a wider gap may have
  // its own measure (a copyright page's cataloguing data under its credits).
  const gap = below.y0 - above.y1;
  if (gap < -OVERLAP_EMS_MAX * em || gap > LEADING_GAP_EMS_MAX * em) return false;
  const tolerance = AXIS_TOLERANCE_EMS * em;
  if (Math.abs(above.x0 + above.x1 - below.x0 - below.x1) / 2 <= tolerance) return true;
  // Some classes centre an affiliation's text and hang its mark left of it (aastex631), others
  // centre the two together (revtex): either way is one axis.
  return Math.abs(centredLeft(above) + above.x1 - centredLeft(below) - below.x1) / 2 <= tolerance;
}

/** A mark raised before a centred line, at most this share of its text's size ... */
const LEADING_MARK_SIZE_SHARE_MAX = 0.8;
/** ... its foot at least this many of the text's ems over the text's: */
const LEADING_MARK_RAISE_EMS_MIN = 0.15;
/** ... an affiliation's or a note's mark: a figure or two, a small letter, a dagger. */
const LEADING_MARK = /^\s*(?:\d{1,2}|[a-z]|[*†‡§¶])\s*$/u;

/** Where the line's centred text starts: after an affiliation's raised mark, where that hangs
 *  left of the centred text (aastex631's "¹American Astronomical Society" over "1667 K Street NW,
 *  Suite 800": the mark moves its centre 2 pt, past AXIS_TOLERANCE_EMS). */
function centredLeft(line: Line): number {
  const spans = line.spans;
  if (spans.length < 2) return line.x0;
  const mark = spans[0];
  const text = spans[1];
  if (mark.size > LEADING_MARK_SIZE_SHARE_MAX * text.size || mark.y1 > text.y1 - LEADING_MARK_RAISE_EMS_MIN * text.size || !LEADING_MARK.test(mark.text)) return line.x0;
  return text.x0;
}

/** A run is a stack its author broke by hand when this share of its pairs of lines at least
 *  break against its widest line (a centred paragraph that wrapped breaks none but by its
 *  labels) ... */
const HAND_BROKEN_SHARE_MIN = 0.5;
/** ... in a run of this many lines at least. */
const HAND_BROKEN_LINES_MIN = 4;

function markRun(breaks: boolean[], column: readonly Line[], styles: readonly TextStyle[], texts: readonly string[], start: number, end: number, edges: { left: number; right: number }, stacked: boolean[] | undefined): void {
  let widest = 0;
  let axis = 0;
  for (let i = start; i < end; i++) {
    const width = column[i].x1 - column[i].x0;
    if (width > widest) [widest, axis] = [width, (column[i].x0 + column[i].x1) / 2];
  }
  let broken = 0;
  for (let i = start; i + 1 < end; i++) {
    // Lines that start together are a justified block's inside the run (a contents entry's
    // run-on sub-entries under it).
    if (breaksAfter(column, styles, texts, i, widest, LEFT_EDGE_SHIFT_EMS_MIN)) {
      breaks[i] = true;
      broken++;
    }
  }
  // A stack broken by hand (JACoW's collaboration list: names and institutes, each institute a
  // line) is set in a measure centred on its axis that holds the column's lines: it reaches as
  // far from the axis as the column's farther edge, past the widest line where nothing of the
  // column fills the measure ("Y. H. Chin, … Ibaraki 305-0801, Japan" | "P. Snopok, …", 15 pt
  // short of the widest line, 58 pt of the measure). Lines of near widths start a few points
  // apart there ("P. Dyer, … NY 11973, USA" | "M. V. Kuzin, …", 3.5 pt at 12 pt).
  if (end - start < HAND_BROKEN_LINES_MIN || broken < HAND_BROKEN_SHARE_MIN * (end - start - 1)) return;
  const measure = Math.max(widest, 2 * (axis - edges.left), 2 * (edges.right - axis));
  for (let i = start; i + 1 < end; i++) if (!breaks[i] && breaksAfter(column, styles, texts, i, measure, HAND_BROKEN_SHIFT_EMS_MIN)) breaks[i] = true;
  // Such a stack is one paragraph of lines where they are set alike and at its leading
  // (`stacked`): where its lines start tells no paragraph's indent, nor where its author's
  // short lines end a set. A wider gap parts its groups (tracemonkey's affiliations, each a
  // name over its addresses, 0.5 em further apart).
  if (!stacked) return;
  let leading = Infinity;
  for (let i = start; i + 1 < end; i++) leading = Math.min(leading, column[i + 1].y0 - column[i].y1);
  for (let i = start; i + 1 < end; i++) {
    const em = Math.max(1, styles[i + 1].size);
    stacked[i] = breaks[i] && styles[i].bold === styles[i + 1].bold && styles[i].size === styles[i + 1].size && column[i + 1].y0 - column[i].y1 <= leading + STACK_GAP_EMS_MAX * em;
  }
}

/** A stack's lines one paragraph stand at most this many ems further apart than its closest
 *  pair (JACoW's lines a superscript's 0.16 pt; tracemonkey's affiliations' groups 0.5 em). */
const STACK_GAP_EMS_MAX = 0.25;

/** In a stack broken by hand, lines whose left edges stand this many ems apart at least are
 *  centred (a justified block's lines start within a fraction of a point). */
const HAND_BROKEN_SHIFT_EMS_MIN = 0.2;

/** Whether the author broke the run after line `i`: it starts `shiftMin` ems or more from the
 *  next and leaves room in `measure` for the next line's first word, or both are fields. */
function breaksAfter(column: readonly Line[], styles: readonly TextStyle[], texts: readonly string[], i: number, measure: number, shiftMin: number): boolean {
  const em = Math.max(1, styles[i + 1].size);
  if (Math.abs(column[i + 1].x0 - column[i].x0) < shiftMin * em) return false;
  const room = measure - (column[i].x1 - column[i].x0);
  // A line going on in small letters is a wrapped sentence's rest, whatever room it leaves.
  const roomForWord = room > firstWordWidth(column[i + 1]) + (WORD_SPACE_EMS + SLACK_EMS) * em && !HYPHEN_END.test(texts[i]) && !LOWER_START.test(texts[i + 1]);
  // Fields one under another, each after its label ("Courriel : …" | "URL : …"), also where
  // the first is the widest line.
  return roomForWord || (FIELD_LABEL.test(texts[i]) && FIELD_LABEL.test(texts[i + 1]));
}
