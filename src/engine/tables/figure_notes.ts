// Spreadsheet figures run into the notes beside them: a span that starts with a figure set flush
// right in its cell and goes on with the words of the next cell, set flush left.
//
// Calc writes a row's cells as separate strings, but a figure ending a cell's padding before a
// text cell that starts after the next cell's padding ("-6,690" | "Two vacancies unfilled in
// Q2", 2.5 pt apart: a word space) comes out of the reader as one span. The row splitter's
// cell gap (an em) cannot part them, the aligned detector then read "-6,690 Two vacancies…" as
// one cell wider than its column, and the sheet's Variance and Notes columns fell out of the
// table into a paragraph. What parts them is the figures' column: other rows' figures, alone
// in their cells ("-8,130", "-15,720"), end where this span's first word ends, as the glyphs
// measured it (Span.wordEnd).
import type { Line, Span } from "../model.js";
import { NO_WORD_END, spanPiece, WORD_END_UNITS_PER_PT } from "../model.js";
import { isSpaceCode } from "../layout/whitespace.js";
import { FIGURE_CELL } from "./figure_cell.js";
import { inkRight } from "./cell_gaps.js";
import type { TopWindow } from "./top_window.js";

/** Figures of other rows, alone in their spans, ending within
 *  this many ems of the span's first word: the column of figures it ends. */
const FIGURE_COLUMN_EDGE_EMS = 0.3;
/** ... at least this many of them: one figure ending there may be chance. */
const FIGURE_COLUMN_MATES_MIN = 2;
/** ... on lines within this many of the span's line heights above or below it. */
const FIGURE_COLUMN_REACH_LINES = 20;
/** A cell of its row stands left of the span, ending at least this many ems before it: the
 *  span is a row's later cell, not a line of text that starts with a number ("2 The method").
 *  overflow_cells.ts asks its cells beside a span through hasRowCell too. */
const ROW_CELL_GAP_EMS = 1;
/** The words after the figure hold three letters in a row: a note, not a unit ("16 cm", a
 *  typeblock's size in suftesi's option table), a ratio's words ("1 in 5", acmart's sample
 *  table) or another figure (two figures set one space apart are aligned_detector's
 *  cutAtTheSpace's). */
const NOTE_WORDS = /\p{L}{3}/u;

/** A word space, in ems: where the note starts after the figure's ink (and where
 *  overflow_cells.ts ends a clipped cell's first part before the next column). */
export const WORD_SPACE_EMS = 0.25;

/** A span's first word and the rest, where the first is a figure and the rest a note. */
interface Candidate {
  line: Line;
  span: Span;
  /** Where the figure's ink ends, from its glyphs. */
  end: number;
  /** The index of the space after the figure in span.text. */
  space: number;
}

/** The cuts made: the figures' spans, after which a row's piece ends (cell_gaps.ts textRow),
 *  and each cut line's spans as they were, for restoreUncut. */
export interface FigureNoteCuts {
  figures: Set<Span>;
  before: Map<Line, Span[]>;
}

/**
 * Cuts each span of `lines` that is a figure followed by a note into two spans of its line, the
 * figure and the note, where the figure's measured end lies on the right edge of a column of
 * figures (FIGURE_COLUMN_MATES_MIN other rows' figures, alone in their spans, ending there) and
 * a cell of the same row stands left of it. Null when nothing was cut. The cut is the aligned
 * detector's alone: restoreUncut gives every line no table took its spans back, so the rest of
 * the page reads them as the reader made them (a numbered heading's "7.5 Changing", one span).
 */
export function cutFigureNotes(lines: readonly Line[]): FigureNoteCuts | null {
  let candidates: Candidate[] | null = null;
  for (const line of lines) {
    if (line.wmode !== 0) continue;
    for (const span of line.spans) {
      const c = candidateOf(line, span);
      if (c !== null) (candidates ??= []).push(c);
    }
  }
  if (candidates === null) return null;
  let cuts: FigureNoteCuts | null = null;
  for (const c of candidates) {
    if (!hasRowCell(lines, c.line, c.span, "left")) continue;
    if (figureMates(lines, c) < FIGURE_COLUMN_MATES_MIN && candidateMates(candidates, c) < NOTED_FIGURE_MATES_MIN) continue;
    cuts = cutAfterFirstWord(cuts, c.line, c.span, c.end, c.space);
  }
  return cuts;
}

/** Other rows' figures that each lead a note of words, ending where a candidate's does, at
 *  least this many of them: a column of figures every row of which runs into its note (a
 *  browser's amounts set flush right one cell's padding before a status column set flush
 *  left: "100.00 Paid", "237.50 Open"). */
const NOTED_FIGURE_MATES_MIN = 3;

/** How many other candidates on other lines, within the reach (columnReach), have their
 *  figure end where `c`'s does. */
function candidateMates(candidates: readonly Candidate[], c: Candidate): number {
  if (!AMOUNT.test(c.span.text.slice(0, c.space))) return 0;
  const { reach, lo, hi } = columnReach(c);
  let mates = 0;
  for (const other of candidates) {
    if (other === c || other.line === c.line || other.line.y0 < lo || other.line.y1 > hi) continue;
    if (Math.abs(other.end - c.end) <= reach && AMOUNT.test(other.span.text.slice(0, other.space))) mates++;
  }
  return mates;
}

/** An amount: figures with a decimal part ("100.00", "4,912.50", "(315,00)"). A count or a
 *  day before words ("287 suggestions", "3 June 2001") is a cell of its own. */
const AMOUNT = /^[-−+(]?\d[\d,.\u202f\u00a0]*[.,]\d{1,3}\)?$/u;

/**
 * Cuts `span` of `line` after its first word (its text up to `space`) where that word's ink
 * ends (`end`): the next piece starts a word space (a quarter em) on. The first piece keeps
 * its space, so a line read as text after all reads as the reader made it. The line's spans
 * before its first cut are kept for restoreUncut, and the first piece goes into `figures`.
 */
export function cutAfterFirstWord(cuts: FigureNoteCuts | null, line: Line, span: Span, end: number, space: number): FigureNoteCuts {
  const text = span.text;
  const first = spanPiece(span, text.slice(0, space + 1), span.x0, end);
  const rest = spanPiece(span, text.slice(space + 1), Math.min(span.x1, end + WORD_SPACE_EMS * span.size), span.x1);
  cuts ??= { figures: new Set(), before: new Map() };
  if (!cuts.before.has(line)) cuts.before.set(line, line.spans.slice());
  line.spans.splice(line.spans.indexOf(span), 1, first, rest);
  cuts.figures.add(first);
  return cuts;
}

/** Gives each cut line no table took (not in `taken`) its spans as the reader made them. */
export function restoreUncut(cuts: FigureNoteCuts | null, taken: ReadonlySet<Line>): void {
  if (cuts === null) return;
  for (const [line, spans] of cuts.before) if (!taken.has(line)) line.spans = spans;
}

/** The span as a candidate: its first word a figure measured by its glyphs, a space after it,
 *  then a note's words. */
function candidateOf(line: Line, span: Span): Candidate | null {
  const text = span.text;
  const first = text.charCodeAt(0);
  // Digits, signs and brackets only start a figure: most spans end here.
  if (!(first >= 0x30 && first <= 0x39) && first !== 0x2d && first !== 0x2212 && first !== 0x2b && first !== 0x28) return null;
  const units = span.wordEnd;
  if (units === undefined || units === NO_WORD_END) return null;
  let space = 0;
  while (space < text.length && !isSpaceCode(text.charCodeAt(space))) space++;
  if (space >= text.length - 1 || isSpaceCode(text.charCodeAt(space + 1))) return null;
  const end = units / WORD_END_UNITS_PER_PT;
  if (end <= span.x0 || end >= span.x1) return null;
  if (!FIGURE_CELL.test(text.slice(0, space)) || !NOTE_WORDS.test(text.slice(space + 1))) return null;
  return { line, span, end, space };
}

/** Whether another line on the span's row stands a cell's gap (ROW_CELL_GAP_EMS) or more
 *  from it: left of it, right of it, or on either side. With `window` (top_window.ts, over
 *  `lines`), only the lines that may cross the span's row are read. */
export function hasRowCell(lines: readonly Line[], line: Line, span: Span, side: "left" | "right" | "either", window?: TopWindow): boolean {
  const mid = (line.y0 + line.y1) / 2;
  const gap = ROW_CELL_GAP_EMS * span.size;
  // Only lines that may cross the middle (top_window.ts); all of them without a window.
  const end = window ? window.to(mid) : lines.length;
  for (let k = window ? window.fromCrossing(mid) : 0; k < end; k++) {
    const other = lines[k];
    if (other === line || other.wmode !== 0 || other.y0 > mid || other.y1 < mid) continue;
    if ((side !== "right" && other.x1 <= span.x0 - gap) || (side !== "left" && other.x0 >= span.x1 + gap)) return true;
  }
  return false;
}

/**
 * Whether some line of `lines` may have another crossing its middle, as hasRowCell asks of
 * every cell beside a span: false proves hasRowCell(lines, line, span, side) false for each of
 * the lines, any span and any side, so none of the aligned detector's cuts (cutFigureNotes,
 * overflow_cells.ts, date_pairs.ts: each cuts only a span with such a cell on its row) can be
 * made. Most pages are that (a column of prose: each line alone on its row). `lines` sorted
 * by their tops (rows.ts linesByTop); lines not so sorted, or with a top or bottom not a
 * number, answer true. Speed (issue 9), no rule: one pass, where the cuts read every span.
 */
export function mayHaveRowCells(lines: readonly Line[]): boolean {
  // A line before (its top no lower than this one's, so above the middle) crosses the middle
  // only when its bottom reaches it: the lowest of their bottoms is the test. A line after crosses
  // it only when its top is no lower than the middle, and the next line's top is the highest
  // of theirs.
  let bottomBefore = -Infinity;
  let lastTop = -Infinity;
  for (let k = 0; k < lines.length; k++) {
    const { y0, y1 } = lines[k];
    if (!Number.isFinite(y0) || !Number.isFinite(y1) || y0 < lastTop || y1 < y0) return true;
    lastTop = y0;
    // As hasRowCell takes the middle.
    const mid = (y0 + y1) / 2;
    if (bottomBefore >= mid || (k + 1 < lines.length && lines[k + 1].y0 <= mid)) return true;
    if (y1 > bottomBefore) bottomBefore = y1;
  }
  return false;
}

/** How many other rows' figures, alone in their spans, end where the candidate's figure does:
 *  figures that each lead a note are not enough (acmart's "1 in 1,000", "1 in 5", "4 in 5" are
 *  one cell each). */
function figureMates(lines: readonly Line[], c: Candidate): number {
  const { reach, lo, hi } = columnReach(c);
  const mid = (c.line.y0 + c.line.y1) / 2;
  let mates = 0;
  for (const line of lines) {
    if (line === c.line || line.wmode !== 0 || line.y0 < lo || line.y1 > hi || (line.y0 <= mid && line.y1 >= mid)) continue;
    for (const span of line.spans) {
      if (Math.abs(span.x1 - c.end) > reach + span.size) continue;
      const text = span.text.trim();
      if (text === "" || !FIGURE_CELL.test(text)) continue;
      if (Math.abs(inkRight(span, line) - c.end) <= reach) mates++;
    }
  }
  return mates;
}

/** Where a candidate's column mates are looked for: their figures' ends within `reach`
 *  (FIGURE_COLUMN_EDGE_EMS) of its figure's, their lines between `lo` and `hi`
 *  (FIGURE_COLUMN_REACH_LINES of its line's heights above and below). */
function columnReach(c: Candidate): { reach: number; lo: number; hi: number } {
  const height = c.line.y1 - c.line.y0;
  return { reach: FIGURE_COLUMN_EDGE_EMS * c.span.size, lo: c.line.y0 - FIGURE_COLUMN_REACH_LINES * height, hi: c.line.y1 + FIGURE_COLUMN_REACH_LINES * height };
}
