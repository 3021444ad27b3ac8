// Step 5, each page: a description list whose terms are set flush right in a column of their
// own, each definition starting where the others do (beamer's Verona theme: "one" | "two" |
// "three", coloured, ending together before "Duis eget orci sit amet" | "Orci dignissim
// rutrum" | …). The lines start at different x and are not centred, so no rule read them as
// rows: they ran into one paragraph, the terms read as the sentences' first words. Each row
// starts an item of its own, its term in bold, as LaTeX's default description list sets it.
import { copySpan, type Line, NO_WORD_END } from "../model.js";
import type { TextStyle } from "./document_stats.js";
import { measuredFirstWordWidth } from "./lines.js";
import { isSpaceCode } from "./whitespace.js";

/** The terms end together: their first words' ends lie this many ems apart at most (glyph
 *  measured: Verona's three end within 0.01 pt). */
const TERM_END_TOLERANCE_EMS = 0.1;
/** Some terms are shorter than others: the rows' left edges spread this many ems at least
 *  (rows starting together are a paragraph's). */
const TERM_SHIFT_EMS_MIN = 0.5;
/** The rows follow each other at a paragraph's leading or a list's: gaps of this many ems at most. */
const ROW_GAP_EMS_MAX = 1;
/** The rows share a size within this many points. */
const SIZE_TOLERANCE_PT = 0.5;
/** A list of this many rows at least: two lines of a paragraph end their first words together
 *  by chance (an indented first line over the next: btxdoc's "This" over "versions", revtex's
 *  "Now" over "message"). */
const TERM_ROWS_MIN = 3;
/** The rows are not centred lines: their centres spread this many ems at least. */
const AXIS_SPREAD_EMS_MIN = 1;
/** Rows ending this many points from the run's widest at most end together: two such are a
 *  justified paragraph's full lines, a margin note's name beside each (apa6e's "\paragraph" |
 *  "\subparagraph" in the margin of "little bit of extra …" | "course, we need …"). */
const JUSTIFIED_END_TOLERANCE_PT = 1;
/** A first row going on in a small letter's word from a line above that ends no sentence is
 *  a sentence's rest: the rows are a paragraph's lines beside margin notes (uiucthesis'
 *  "\otherdoctorate isn't for a “Ph.D.” …" under "… If your thesis"). */
const LOWER_WORD_START = /^\p{Ll}[\p{Ll}'’-]*[\s,;]/u;
const SENTENCE_END = /[.!?:;。！？：；]["”’)]?\s*$/u;
/** A row ending in a hyphen goes on in the next: the rows are a paragraph's lines (tudscr's
 *  "… zur Versionsan-" | "gabe. …" beside the margin's macro names). */
const HYPHEN_END = /[-‐]\s*$/u;
/** A term is a word or two: its first word at most this many characters. */
const TERM_CHARS_MAX = 24;

/** Where the line's first word ends, or NaN for a line of one word (no definition after it).
 *  The text is read in place, its first word's length found by character codes (isSpaceCode
 *  is String.prototype.trim's and \s's white space): every line of every column is asked,
 *  and a trimmed copy and a search had been made for each. */
function termEnd(line: Line, text: string): number {
  let start = 0;
  while (start < text.length && isSpaceCode(text.charCodeAt(start))) start++;
  let space = start;
  while (space < text.length && !isSpaceCode(text.charCodeAt(space))) space++;
  // A word after the space: white space ending the text is no definition's.
  let after = space;
  while (after < text.length && isSpaceCode(text.charCodeAt(after))) after++;
  if (after === text.length || space - start > TERM_CHARS_MAX) return NaN;
  return line.x0 + measuredFirstWordWidth(line);
}

/**
 * The column's lines that start a description item with its term flush right (true at each),
 * the terms made bold: TERM_ROWS_MIN rows or more one under another in one size, their first
 * words ending together (TERM_END_TOLERANCE_EMS) but their lines starting apart
 * (TERM_SHIFT_EMS_MIN), not all centred on one axis (AXIS_SPREAD_EMS_MIN), not a justified
 * paragraph's lines (endsTogether), a sentence's rest (continuesSentenceAbove) or a hyphenated
 * word's (hyphenBetween), their terms in one face (oneTermFace). `skips` marks lines no rule of text may take (code,
 * list items).
 */
export function alignedTermStarts(column: readonly Line[], styles: readonly TextStyle[], texts: readonly string[], skips: readonly boolean[]): boolean[] {
  const starts = new Array<boolean>(column.length).fill(false);
  // Each line's term end, once: a line that ends one run is asked again as the next one's
  // first, and every line not skipped is asked one way or the other.
  const ends: number[] = [];
  for (let k = 0; k < column.length; k++) ends.push(skips[k] ? NaN : termEnd(column[k], texts[k]));
  let i = 0;
  while (i < column.length) {
    const em = Math.max(1, styles[i].size);
    const end0 = ends[i];
    if (Number.isNaN(end0)) {
      i++;
      continue;
    }
    let j = i + 1;
    let left = column[i].x0;
    let rightmost = column[i].x0;
    while (j < column.length && !skips[j] && Math.abs(styles[j].size - styles[i].size) <= SIZE_TOLERANCE_PT) {
      const gap = column[j].y0 - column[j - 1].y1;
      const end = ends[j];
      if (gap < 0 || gap > ROW_GAP_EMS_MAX * em || Number.isNaN(end) || Math.abs(end - end0) > TERM_END_TOLERANCE_EMS * em) break;
      left = Math.min(left, column[j].x0);
      rightmost = Math.max(rightmost, column[j].x0);
      j++;
    }
    if (j - i >= TERM_ROWS_MIN && rightmost - left >= TERM_SHIFT_EMS_MIN * em && !onOneAxis(column, i, j, em) && !endsTogether(column, i, j) && !continuesSentenceAbove(column, texts, i) && oneTermFace(column, i, j) && !hyphenBetween(texts, i, j)) {
      for (let k = i; k < j; k++) {
        starts[k] = true;
        emboldenTerm(column[k]);
      }
    }
    i = j;
  }
  return starts;
}

/** Whether two of the lines from `start` to `end` end where the widest does (JUSTIFIED_END_TOLERANCE_PT). */
function endsTogether(column: readonly Line[], start: number, end: number): boolean {
  let widest = -Infinity;
  for (let k = start; k < end; k++) widest = Math.max(widest, column[k].x1);
  let full = 0;
  for (let k = start; k < end; k++) if (widest - column[k].x1 <= JUSTIFIED_END_TOLERANCE_PT) full++;
  return full >= 2;
}

/** Whether the run's first row goes on, in a small letter's word, from the line before it,
 *  which ends no sentence (LOWER_WORD_START, SENTENCE_END): the rows are a paragraph's lines.
 *  Inside the run a definition may start so ("normal the ordinary white background slide" |
 *  "negativefill a reverse video slide …", uantwerpen's slide types). */
function continuesSentenceAbove(column: readonly Line[], texts: readonly string[], start: number): boolean {
  if (start === 0) return false;
  const definition = texts[start].trim().replace(/^\S+\s+/, "");
  return LOWER_WORD_START.test(definition) && !SENTENCE_END.test(texts[start - 1]);
}

/** Whether the rows' first spans, their terms, share one font and size: a wrapped line's first
 *  word meets the terms' ends by chance in the definitions' face (asaetr's "(source for this
 *  document)" under bold "asaetr.tex: …"; iftex's "LATEX variants.)" between "\ifetex"'s rows). */
function oneTermFace(column: readonly Line[], start: number, end: number): boolean {
  const first = column[start].spans[0];
  for (let k = start + 1; k < end; k++) {
    const span = column[k].spans[0];
    if (span.font !== first.font || span.size !== first.size || span.bold !== first.bold) return false;
  }
  return true;
}

/** Whether a row but the last ends in a hyphen (HYPHEN_END). */
function hyphenBetween(texts: readonly string[], start: number, end: number): boolean {
  for (let k = start; k + 1 < end; k++) if (HYPHEN_END.test(texts[k])) return true;
  return false;
}

/** Whether the lines from `start` to `end` are centred on one axis (AXIS_SPREAD_EMS_MIN). */
function onOneAxis(column: readonly Line[], start: number, end: number, em: number): boolean {
  let low = Infinity;
  let high = -Infinity;
  for (let k = start; k < end; k++) {
    const centre = (column[k].x0 + column[k].x1) / 2;
    low = Math.min(low, centre);
    high = Math.max(high, centre);
  }
  return high - low < AXIS_SPREAD_EMS_MIN * em;
}

/** Sets the line's first word, the term, in bold: its first span split after the word and the
 *  space after it where the span holds more. */
function emboldenTerm(line: Line): void {
  const first = line.spans[0];
  if (first === undefined || first.bold) return;
  const text = first.text;
  let k = 0;
  while (k < text.length && isSpaceCode(text.charCodeAt(k))) k++;
  while (k < text.length && !isSpaceCode(text.charCodeAt(k))) k++;
  const wordEnd = k;
  while (k < text.length && isSpaceCode(text.charCodeAt(k))) k++;
  if (k === text.length) {
    const term = copySpan(first);
    term.bold = true;
    line.spans[0] = term;
    return;
  }
  const x = line.x0 + measuredFirstWordWidth(line);
  // Pieces copied and rewritten, never spread or with a field deleted: either gives the span
  // another hidden class (model.ts). Neither piece's first word was measured.
  const term = copySpan(first);
  term.text = text.slice(0, wordEnd);
  term.x1 = x;
  term.bold = true;
  term.wordEnd = NO_WORD_END;
  const rest = copySpan(first);
  rest.text = text.slice(wordEnd);
  rest.x0 = x;
  rest.wordEnd = NO_WORD_END;
  line.spans.splice(0, 1, term, rest);
}
