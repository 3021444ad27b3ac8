// Spreadsheet text cells that fill their width up to the next cell: Calc clips a text cell's
// overflow at a neighbour that holds text, so a label as wide as its cell ("Metro North") ends
// a word space before the next cell's text ("H. Costa"), and the reader gives both one span.
// The row splitter's cell gap (an em) cannot part them, and the table was cut in two at that
// row: its rows above with a Region and a Manager column, its rows below with one column
// "Metro North H. Costa". What parts them is the column the next cell starts: other rows'
// cells of few words start exactly where the span's later words do, each after a cell of its
// own row.
import type { Line, Span } from "../model.js";
import { spanPiece } from "../model.js";
import { lineWordCount } from "../layout/lines.js";
import { isSpaceCode, wordCount } from "../layout/whitespace.js";
import { type FigureNoteCuts, hasRowCell, WORD_SPACE_EMS } from "./figure_notes.js";
import { TopWindow } from "./top_window.js";
import { ascendingNumbers as ascending } from "../layout/box.js";
import { sortInPlace } from "../sort_in_place.js";

/** Other rows' cells starting within this many points of one another start one column: Calc
 *  sets a column's text cells flush left at one x. */
const COLUMN_START_EXACT_PT = 0.5;
/** ... at least this many of them. */
const COLUMN_START_MATES_MIN = 3;
/** ... on lines within this many of the span's line heights above or below it. */
const COLUMN_START_REACH_LINES = 20;
/** A cell holds at most this many words: the span's parts, and the column's other cells (a
 *  page's second column of prose starts at one x too, its lines long). */
const CELL_WORDS_MAX = 4;
/** The cut, a character boundary by the characters' share of the span (the reader measures
 *  only a span's first word), lies within this many characters' widths of the column's start. */
const CUT_REACH_CHARS = 0.5;
/** A cut inside a word falls between a small letter and a capital or digit. */
const MID_WORD_CUT = /^\p{Ll}[\p{Lu}\p{N}]$/u;
/** ... or a word space within this many ems of it, preferred where there is one. */
const SPACE_REACH_EMS = 1;
/** The later cell starts with a letter, and the first holds one. */
const LETTER_START = /^\p{L}/u;
const LETTER = /\p{L}/u;
const CAPITAL_START = /^\p{Lu}/u;

/** whitespace.ts wordCount(text) up to `max`, and `max + 1` for any count past it: every
 *  single-span line of a page is asked, and a line of prose is turned away after its first
 *  few words rather than read to its end. */
function wordCountUpTo(text: string, max: number): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpaceCode(text.charCodeAt(i));
    if (!space && !inWord && ++n > max) return n;
    inWord = !space;
  }
  return n;
}

/** Whether every bracket opened in `text` is closed in it. */
function bracketsClosed(text: string): boolean {
  let open = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28 || c === 0x5b) open++;
    else if ((c === 0x29 || c === 0x5d) && open > 0) open--;
  }
  return open === 0;
}

/**
 * Cuts each span of `lines` that runs from one cell into the next text column where the
 * column's other cells start (COLUMN_START_MATES_MIN rows, each after a cell of its own), a
 * word space lying just before that start, into two spans of its line; records them in `cuts`
 * (made when null) as cutFigureNotes does, and returns it.
 */
export function cutOverflowCells(lines: readonly Line[], cuts: FigureNoteCuts | null): FigureNoteCuts | null {
  // Every line judged as the reader made it, then the cuts made: a cut line is another's
  // evidence ("Metro North H. Costa" over "Metro South I. Larsen").
  const made: { line: Line; left: Span; right: Span }[] = [];
  // Each search below reads only the lines its tops allow (top_window.ts): the lines come
  // sorted by their tops (aligned_detector.ts), and a table page's every short cell asked
  // every other line of the page.
  // Made at the first line of few words: most pages have none (their lines one span of prose).
  let window: TopWindow | null = null;
  for (const line of lines) {
    if (line.wmode !== 0) continue;
    const span = lastCell(line);
    if (span === null) continue;
    const words = wordCountUpTo(span.text, 2 * CELL_WORDS_MAX);
    if (words < 2 || words > 2 * CELL_WORDS_MAX) continue;
    // A cell of its row stands right of it: Calc clips the overflow only at a neighbour
    // holding text, and the row goes on (a form's option wider than its column, fragebogen's
    // "Warmwasser mit der Heizung", ends its row).
    window ??= new TopWindow(lines);
    if (!hasRowCell(lines, line, span, "right", window)) continue;
    const start = columnStartInside(lines, line, span, window);
    // The span starts where its own column's cells start too ("Metro North" under "North",
    // "South"): a cell centred in its column ("For wider tables" in acmart's sample table)
    // starts where no other does, and its words fall where they may.
    // And its column's other cells all end before the next column starts: the span alone
    // is wider than its cell, as Calc's clipped overflow is ("Professor at ENS Lyon" under
    // "Senior Researcher at CNRS", a LaTeX jury's column, is no such cell).
    if (start === null || startsAlike(lines, line, span.x0, start, window) < COLUMN_START_MATES_MIN) continue;
    // Calc clips the overflow at the border, mid-word as often as not ("Central Plain" of
    // "Central Plains" | "E. Rossi"): the cut falls at the character boundary nearest the
    // column's start, by the characters' share of the span.
    // A word space near the start is where the cells meet ("Metro South" | "I. Larsen", whose
    // narrow "I" puts the share's boundary past it).
    const space = spaceBefore(span, start);
    const at = space >= 0 ? space : boundaryAt(span, start);
    if (at < 0) continue;
    const head = span.text.slice(0, at).trim();
    const tail = span.text.slice(at).trim();
    if (wordCount(head) > CELL_WORDS_MAX || wordCount(tail) > CELL_WORDS_MAX) continue;
    // Text cells both: figures run together are aligned_detector's (cutAtSpaces), and a cut
    // falls inside no brackets ("VAT (25%, included)", an order's totals label).
    if (!LETTER_START.test(tail) || !LETTER.test(head) || !bracketsClosed(head)) continue;
    // A line of cells read as one (lastCell) has its last cut only before a capital: a new
    // cell's text ("Timber, grade C24" | "CC-110"), not a title's going on at the next
    // column (luatex's contents, "7.7" | "Extracting" | "values").
    if (span !== line.spans[0] && !CAPITAL_START.test(tail)) continue;
    // Cut at a space, the head keeps it, so a line read as text after all reads "Metro North
    // H. Costa"; cut inside a word, it keeps none.
    const left = spanPiece(span, space >= 0 ? head + " " : head, span.x0, Math.max(span.x0, start - WORD_SPACE_EMS * span.size));
    made.push({ line, left, right: spanPiece(span, tail, start, span.x1) });
  }
  for (const { line, left, right } of made) {
    cuts ??= { figures: new Set(), before: new Map() };
    if (!cuts.before.has(line)) cuts.before.set(line, line.spans.slice());
    line.spans = [...line.spans.slice(0, -1), left, right];
    cuts.figures.add(left);
  }
  return cuts;
}

/**
 * The span of `line` that may run into the next column: its only span, or its last where the
 * reader set a cell's gap before it (a space span: the cell before it filled its width too,
 * "Brackenridge Ltd" | "Timber, grade C24 CC-110", and the two were read as one line). Null
 * for any other line.
 */
function lastCell(line: Line): Span | null {
  const spans = line.spans;
  if (spans.length === 1) return spans[0];
  if (spans.length < 3) return null;
  const gap = spans[spans.length - 2];
  return gap.text.trim() === "" ? spans[spans.length - 1] : null;
}


/** The x inside the span (past its first word, before its last) where COLUMN_START_MATES_MIN
 *  other rows' short cells start, each after a cell of its row; null when there is none. */
function columnStartInside(lines: readonly Line[], line: Line, span: Span, window: TopWindow): number | null {
  const height = line.y1 - line.y0;
  const lo = line.y0 - COLUMN_START_REACH_LINES * height;
  const hi = line.y1 + COLUMN_START_REACH_LINES * height;
  const mid = (line.y0 + line.y1) / 2;
  const from = span.x0 + span.size;
  const to = span.x1 - span.size;
  let starts: number[] | null = null;
  for (let k = window.from(lo), stop = window.to(hi); k < stop; k++) {
    const other = lines[k];
    if (other === line || other.wmode !== 0 || other.y0 < lo || other.y1 > hi || (other.y0 <= mid && other.y1 >= mid)) continue;
    if (other.x0 <= from || other.x0 >= to) continue;
    (starts ??= []).push(other.x0);
  }
  if (starts === null || starts.length < COLUMN_START_MATES_MIN) return null;
  // sortInPlace with a comparator made once: the built-in sort's order, without a closure made
  // per call (which loses its optimised code at each full garbage collection).
  sortInPlace(starts, ascending);
  for (let i = 0; i + COLUMN_START_MATES_MIN - 1 < starts.length; i++) {
    const x = starts[i];
    if (starts[i + COLUMN_START_MATES_MIN - 1] - x > COLUMN_START_EXACT_PT) continue;
    if (cellMates(lines, line, x, lo, hi, window) >= COLUMN_START_MATES_MIN) return x;
  }
  return null;
}

/** How many other rows' lines of few words start at `x`, each after a cell of its own row. */
function cellMates(lines: readonly Line[], line: Line, x: number, lo: number, hi: number, window: TopWindow): number {
  let mates = 0;
  for (let k = window.from(lo), stop = window.to(hi); k < stop; k++) {
    const other = lines[k];
    if (other === line || other.wmode !== 0 || other.y0 < lo || other.y1 > hi) continue;
    if (Math.abs(other.x0 - x) > COLUMN_START_EXACT_PT) continue;
    if (lineWordCount(other) > CELL_WORDS_MAX || other.spans.length === 0) continue;
    if (hasRowCell(lines, other, other.spans[0], "either", window) && cellLeftOf(lines, other, window)) mates++;
  }
  return mates;
}

/** How many other rows' lines of few words, each with a cell of its row, start at `x` and end
 *  before `end`; 0 when a line starting there runs past `end` with no word space by it. */
function startsAlike(lines: readonly Line[], line: Line, x: number, end: number, window: TopWindow): number {
  const height = line.y1 - line.y0;
  const lo = line.y0 - COLUMN_START_REACH_LINES * height;
  const hi = line.y1 + COLUMN_START_REACH_LINES * height;
  let mates = 0;
  for (let k = window.from(lo), stop = window.to(hi); k < stop; k++) {
    const other = lines[k];
    if (other === line || other.wmode !== 0 || other.y0 < lo || other.y1 > hi || other.spans.length === 0) continue;
    if (Math.abs(other.x0 - x) > COLUMN_START_EXACT_PT) continue;
    // Another row's overflow of the same kind may cross too ("Metro South I. Larsen"); a
    // longer cell with no word space there is the column's own width.
    // A line with no cell on its row is no cell of the column (a sheet's title over it).
    if (other.x1 > end) {
      if (!hasRowCell(lines, other, other.spans[0], "either", window)) continue;
      if (other.spans.length !== 1 || (spaceBefore(other.spans[0], end) < 0 && boundaryAt(other.spans[0], end) < 0) || !hasRowCell(lines, other, other.spans[0], "right", window)) return 0;
      continue;
    }
    if (lineWordCount(other) <= CELL_WORDS_MAX && hasRowCell(lines, other, other.spans[0], "either", window)) mates++;
  }
  return mates;
}

/** Whether a line of the row ends left of `line`. */
function cellLeftOf(lines: readonly Line[], line: Line, window: TopWindow): boolean {
  const mid = (line.y0 + line.y1) / 2;
  for (let k = window.fromCrossing(mid), stop = window.to(mid); k < stop; k++) {
    const other = lines[k];
    if (other !== line && other.y0 <= mid && other.y1 >= mid && other.x1 < line.x0) return true;
  }
  return false;
}

/** The index of the word space nearest `x`, by the characters' share of the span, within
 *  SPACE_REACH_EMS of it; -1 when there is none. */
function spaceBefore(span: Span, x: number): number {
  const text = span.text;
  const n = text.length;
  const per = (span.x1 - span.x0) / n;
  let best = -1;
  for (let i = 1; i < n - 1; i++) {
    if (!isSpaceCode(text.charCodeAt(i)) || isSpaceCode(text.charCodeAt(i - 1))) continue;
    const at = span.x0 + per * (i + 0.5);
    if (Math.abs(at - x) <= SPACE_REACH_EMS * span.size && (best < 0 || Math.abs(at - x) < Math.abs(span.x0 + per * (best + 0.5) - x))) best = i;
  }
  return best;
}

/** The index of the character boundary nearest `x`, by the characters' share of the span,
 *  within CUT_REACH_CHARS of a character's width of it, past the first character and before
 *  the last; -1 when there is none. */
function boundaryAt(span: Span, x: number): number {
  const n = span.text.length;
  const per = (span.x1 - span.x0) / n;
  if (per <= 0) return -1;
  const i = Math.round((x - span.x0) / per);
  if (i < 1 || i > n - 1 || Math.abs(span.x0 + per * i - x) > CUT_REACH_CHARS * per) return -1;
  // Mid-word only where the case changes, small letter to capital or digit ("Central
  // Plain|E. Rossi"): inside a word of one case ("ELECT|RICAL", an all-capitals glossary's
  // line) the share's boundary is chance.
  return MID_WORD_CUT.test(span.text.slice(i - 1, i + 1)) ? i : -1;
}
