// Two dates of a spreadsheet's row run together: a date set flush right in its cell and the
// next column's date, set flush right in a cell barely wider than it ("05/01/2026" |
// "16/01/2026", one word space apart).
//
// Calc sets dates flush right like figures, and a column sized to its dates leaves the next
// date a word space after the last one ends: the reader gives both one span. The row splitter's
// cell gap cannot part them, every row held the two as one cell, and an order sheet's Ordered
// and Shipped dates came out as one column under a head for two (its header then fitted no
// column: "Ordered" and "Shipped" over one). What parts them is the first date's end, measured
// by its glyphs (Span.wordEnd), at one x on row after row: the column's right edge.
//
// Likewise a date and the text cell after it (since svc-md-1.1.36): Calc sizes a column to its
// dates, so on a sheet's continuation pages, where no header row's cell starts cut the rows, an
// order's date and its customer ("2026-05-25" | "Acme BV", 3 pt apart) were one cell, and the
// page's table had a column fewer than the first page's.
import type { Line, Span } from "../model.js";
import { NO_WORD_END, WORD_END_UNITS_PER_PT } from "../model.js";
import { cutAfterFirstWord, type FigureNoteCuts, hasRowCell } from "./figure_notes.js";

/** A date written with figures: day, month and year (or year, month and day) parted by
 *  slashes, dots or hyphens ("05/01/2026", "5.1.26", "2026-01-05"). */
const DATE = /^(?:\d{1,2}[./-]\d{1,2}[./-]\d{2}(?:\d{2})?|\d{4}-\d{1,2}-\d{1,2})$/;
/** Other rows' date pairs whose first dates end within this many ems of the span's: the
 *  column's right edge. */
const DATE_COLUMN_EDGE_EMS = 0.3;
/** ... at least this many of them: one pair ending there may be chance. */
const DATE_COLUMN_MATES_MIN = 2;
/** ... on lines within this many of the span's line heights above or below it. */
const DATE_COLUMN_REACH_LINES = 20;

/** What may follow a date in a cell of its own: a letter starts a text cell ("Acme BV"). */
const TEXT_START = /^\p{L}/u;

/** A span that is a date and, one space after it, a second date or a text cell, with where the
 *  first date's glyphs end. */
interface DatePair {
  line: Line;
  span: Span;
  /** Where the first date's ink ends (Span.wordEnd). */
  end: number;
  /** The index of the space between the dates in span.text. */
  space: number;
}

/**
 * Cuts each span of `lines` that is two dates, or a date and a text, one space apart into two
 * spans of its line, the first date ending where its glyphs do, when a cell of its row stands
 * beside it and DATE_COLUMN_MATES_MIN other rows' pairs have their first dates end there too. Records the
 * cuts in `cuts` (made when null) as cutFigureNotes does (restoreUncut gives a line no table
 * took its span back), and returns it.
 */
export function cutDatePairs(lines: readonly Line[], cuts: FigureNoteCuts | null): FigureNoteCuts | null {
  let pairs: DatePair[] | null = null;
  for (const line of lines) {
    if (line.wmode !== 0) continue;
    for (const span of line.spans) {
      const pair = datePairOf(line, span);
      if (pair !== null) (pairs ??= []).push(pair);
    }
  }
  if (pairs === null || pairs.length <= DATE_COLUMN_MATES_MIN) return cuts;
  // Every pair judged against the others as the reader made them, then cut.
  const cut = pairs.filter((p) => hasRowCell(lines, p.line, p.span, "either") && edgeMates(pairs!, p) >= DATE_COLUMN_MATES_MIN);
  for (const { line, span, end, space } of cut) cuts = cutAfterFirstWord(cuts, line, span, end, space);
  return cuts;
}

/** The span as a date and a second date or a text one space after it, the date's end measured
 *  by its glyphs. */
function datePairOf(line: Line, span: Span): DatePair | null {
  const text = span.text;
  const first = text.charCodeAt(0);
  // A date starts with a digit: most spans end here.
  if (!(first >= 0x30 && first <= 0x39)) return null;
  const units = span.wordEnd;
  if (units === undefined || units === NO_WORD_END) return null;
  const space = text.indexOf(" ");
  if (space < 0 || !DATE.test(text.slice(0, space))) return null;
  const after = text.slice(space + 1).trimEnd();
  if (!DATE.test(after) && !TEXT_START.test(after)) return null;
  const end = units / WORD_END_UNITS_PER_PT;
  if (end <= span.x0 || end >= span.x1) return null;
  return { line, span, end, space };
}

/** How many other rows' pairs have their first dates end where this one's does. */
function edgeMates(pairs: readonly DatePair[], p: DatePair): number {
  const reach = DATE_COLUMN_EDGE_EMS * p.span.size;
  const height = p.line.y1 - p.line.y0;
  const lo = p.line.y0 - DATE_COLUMN_REACH_LINES * height;
  const hi = p.line.y1 + DATE_COLUMN_REACH_LINES * height;
  let mates = 0;
  for (const o of pairs) {
    if (o === p || o.line === p.line || o.line.y0 < lo || o.line.y1 > hi) continue;
    if (Math.abs(o.end - p.end) <= reach) mates++;
  }
  return mates;
}
