// A line's text, its size and its overlap with another, and fragments joined into it: what
// the joiner (line_joining.ts), the contents passes (leaders.ts) and the rest of layout read
// of a Line.
import { type Line, lineLike, newLine, NO_WORD_END, type Span, spanPiece, WORD_END_UNITS_PER_PT } from "../model.js";
import { compareNumbers, unionOf } from "./box.js";
import { isBlankText, isSpaceCode, trimmedLength, wordCount } from "./whitespace.js";

/** Text that opens a C or C++ comment ("/* The context ‘type’ */", "// …"). */
export const COMMENT_START = /^\s*(?:\/\*|\/\/)/;
/** A remark in parentheses and nothing else, set in the text face after code on its row
 * (texinfo's @r{}: R-lang's operator table "- +" … "(unary)", "=" … "(as assignment)"). */
export const PARENTHESISED_REMARK = /^\s*\([^()]{1,40}\)\s*$/;
/** Two fragments are on one baseline when their vertical overlap is this share of the shorter. */
export const SAME_ROW_OVERLAP = 0.6;
/** How many preceding fragments are examined for a join; rows rarely hold more. */
export const JOIN_LOOKBACK_MAX = 12;
/** Whether every span of the line is blank: a loop, for every line of every page is asked. */
export function isBlankLine(line: Line): boolean {
  for (const span of line.spans) if (!isBlankText(span.text)) return false;
  return true;
}

/** A space is inserted between joined fragments separated by more than this many ems. */
const SPACE_GAP_EMS = 0.15;

export function lineText(line: Line): string {
  let text = "";
  for (const span of line.spans) text += span.text;
  return text;
}

/** The lines' texts joined by single spaces (what `lines.map(lineText).join(" ")` makes),
 *  with no array between: map's array is holey where it runs optimised, and the join of a
 *  function that ran optimised met that kind ('wrong map', sectionTitleDepth in the second
 *  pass of a process). */
export function joinedLineTexts(lines: readonly Line[]): string {
  let text = "";
  for (let k = 0; k < lines.length; k++) text += k === 0 ? lineText(lines[k]) : " " + lineText(lines[k]);
  return text;
}

/** Whether the line has text and every span with text passes `test` (all bold, all italic). */
export function everyTextSpan(line: Line, test: (span: Span) => boolean): boolean {
  let any = false;
  for (const span of line.spans) {
    if (isBlankText(span.text)) continue;
    if (!test(span)) return false;
    any = true;
  }
  return any;
}

/** Whether the line has text and every span with text is in the code face. */
export function isCodeLine(line: Line): boolean {
  return everyTextSpan(line, isMonospace);
}

function isMonospace(span: Span): boolean {
  return span.monospace;
}

/** The index of the first span with text from spans[from] on, stepping by `step` (1 forwards,
 *  -1 backwards); past the end (spans.length, or -1) when there is none. */
export function textSpanFrom(spans: readonly Span[], from: number, step: 1 | -1): number {
  let k = from;
  while (k >= 0 && k < spans.length && isBlankText(spans[k].text)) k += step;
  return k;
}

/** The upper median (the middle value, the higher of two) of a measure of the lines: one per
 *  line, sorted; undefined for no lines. The size rules that compare a stack of lines with its
 *  neighbours each measure a line their own way (its main size, its largest, its mean). */
export function medianOfLines(lines: readonly Line[], measure: (line: Line) => number): number | undefined {
  const values: number[] = [];
  for (const line of lines) values.push(measure(line));
  values.sort(compareNumbers);
  return values[values.length >> 1];
}

export function lineSize(line: Line): number {
  // The size carrying most characters: superscripts and symbols must not decide.
  let best = 0;
  let bestChars = -1;
  for (const span of line.spans) {
    const chars = trimmedLength(span.text);
    if (chars > bestChars) {
      best = span.size;
      bestChars = chars;
    }
  }
  return best;
}

/** Whether two lines stand on one row: each one's middle within the other's height. */
export function shareRow(a: Line, b: Line): boolean {
  const am = (a.y0 + a.y1) / 2;
  const bm = (b.y0 + b.y1) / 2;
  return am >= b.y0 && am <= b.y1 && bm >= a.y0 && bm <= a.y1;
}

/** The words of all the line's spans (wordCount of each). */
export function lineWordCount(line: Line): number {
  let words = 0;
  for (const span of line.spans) words += wordCount(span.text);
  return words;
}

export function verticalOverlap(a: Line, b: Line): number {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  const shorter = Math.min(a.y1 - a.y0, b.y1 - b.y0);
  return shorter > 0 ? overlap / shorter : 0;
}

/** Appends `fragment`, right of `target` on its row, to `target`: a space between them where
 * they stand apart, the box grown over both. `em`: the larger of their sizes (at least 1),
 * passed by a caller that measured them already to judge the join. */
export function appendFragment(target: Line, fragment: Line, em = Math.max(lineSize(target), lineSize(fragment), 1), spaced = true): void {
  const gap = fragment.x0 - target.x1;
  const last = target.spans[target.spans.length - 1];
  const first = fragment.spans[0];
  // The ends' white space read by code (/\s$/ and /^\s/ ran for every join): an empty text's
  // code is NaN, no space, as the patterns found none.
  if (spaced && gap > SPACE_GAP_EMS * em && !isSpaceCode(last.text.charCodeAt(last.text.length - 1)) && !isSpaceCode(first.text.charCodeAt(0))) {
    target.spans.push(spaceSpan(last, target.x1, fragment.x0));
  }
  // One push a span, no spread: the count is read once, as the spread read it.
  const spans = fragment.spans;
  for (let k = 0, n = spans.length; k < n; k++) target.spans.push(spans[k]);
  target.x0 = Math.min(target.x0, fragment.x0);
  target.x1 = Math.max(target.x1, fragment.x1);
  target.y0 = Math.min(target.y0, fragment.y0);
  target.y1 = Math.max(target.y1, fragment.y1);
}

/** A space in `last`'s style from x0 to x1: the copy `{ ...last, text: " ", x0, x1 }` made,
 *  written out (a spread costs a property walk every join, and makes a hidden class of its own). */
function spaceSpan(last: Span, x0: number, x1: number): Span {
  return spanPiece(last, " ", x0, x1);
}

/** `line` holding `spans`, its box the union of theirs, its marks kept (what
 *  `{ ...line, ...makeLine(spans, line.wmode) }` made). */
export function remadeLine(line: Line, spans: Span[]): Line {
  const { x0, y0, x1, y1 } = unionOf(spans);
  return lineLike(line, spans, x0, y0, x1, y1);
}

/** A line of `spans`, its box the union of theirs. */
export function makeLine(spans: Span[], wmode: 0 | 1): Line {
  const { x0, y0, x1, y1 } = unionOf(spans);
  return newLine(spans, x0, y0, x1, y1, wmode);
}

/** The horizontal fragment nearest left of `lines[i]` on its row (the one whose right edge
 * lies furthest right, left of its start), among the JOIN_LOOKBACK_MAX fragments either side
 * in the row-sorted order and not in `skip`; null when there is none. */
export function nearestLeftOnRow(lines: readonly Line[], i: number, skip?: ReadonlySet<Line> | null): Line | null {
  const line = lines[i];
  let nearest: Line | null = null;
  for (let j = Math.max(0, i - JOIN_LOOKBACK_MAX); j <= Math.min(lines.length - 1, i + JOIN_LOOKBACK_MAX); j++) {
    const other = lines[j];
    if (j === i || other.wmode !== 0 || skip?.has(other) || other.x1 > line.x0 || verticalOverlap(line, other) < SAME_ROW_OVERLAP) continue;
    if (!nearest || other.x1 > nearest.x1) nearest = other;
  }
  return nearest;
}

/** Drops the lines of `gone` from `lines`, in place. */
export function removeLines(lines: Line[], gone: ReadonlySet<Line>): void {
  let k = 0;
  for (const line of lines) if (!gone.has(line)) lines[k++] = line;
  lines.length = k;
}

/** The width of a line's first word, which may run over several spans (the LaTeX logo's
 * letters), each span's part measured by its share of the span's characters: narrower than
 * the word where its letters are wider than the span's (the short-line sets of blocks.ts are
 * judged by it, and read an address's or a CV's lines as set by hand with its slack). */
export function firstWordWidth(line: Line): number {
  let start = NaN;
  for (const span of line.spans) {
    const text = span.text;
    const perChar = (span.x1 - span.x0) / Math.max(text.length, 1);
    let k = 0;
    if (Number.isNaN(start)) {
      while (k < text.length && isSpaceCode(text.charCodeAt(k))) k++;
      if (k === text.length) continue;
      start = span.x0 + k * perChar;
    }
    while (k < text.length && !isSpaceCode(text.charCodeAt(k))) k++;
    if (k < text.length) return span.x0 + k * perChar - start;
    if (span === line.spans[line.spans.length - 1]) return span.x1 - start;
  }
  return 0;
}

/** The width of a line's first word where its glyphs put its end (Span.wordEnd: the reader
 * measured it, the word starting its first span and a space following it there); elsewhere
 * firstWordWidth's. A wide word ("download" in "download it from") measured by its share of
 * its span's characters comes out a sixth too narrow. */
export function measuredFirstWordWidth(line: Line): number {
  const first = line.spans[0];
  const units = first?.wordEnd;
  if (units === undefined || units === NO_WORD_END || line.wmode !== 0 || isSpaceCode(first.text.charCodeAt(0))) return firstWordWidth(line);
  // Rounded to the unit: it may pass the span's edge by half of one.
  const end = units / WORD_END_UNITS_PER_PT;
  return end > first.x0 && end <= first.x1 + 1 / WORD_END_UNITS_PER_PT ? end - first.x0 : firstWordWidth(line);
}
