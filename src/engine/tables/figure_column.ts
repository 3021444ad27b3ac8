// A column of figures alone under its heading: what a spreadsheet prints on the page after
// the columns that fit across the first (LibreOffice Calc's "Total (SEK)" over 38 amounts on
// page 2 of an expense sheet). Read as prose, the figures ran together into one line of
// numbers; a one-column table keeps each figure on its row under its heading. Runs after the
// other detectors, on the lines they left.
import type { Line } from "../model.js";
import { isCodeLine, lineText } from "../layout/lines.js";
import { FIGURE_CELL } from "./figure_cell.js";
import { type Table, type TableCell, tableOf } from "./model.js";
import { sortInPlace } from "../sort_in_place.js";
import { isSpaceCode } from "../layout/whitespace.js";

/** A column holds this many figures at least: fewer are a few numbers set apart. */
const FIGURE_COLUMN_ROWS_MIN = 5;
/** The figures share their right edge (flush right) or their left edge within this many points. */
const FLUSH_EDGE_PT = 1;
/** The rows are set at one pitch: each step within this share of the median step. */
const PITCH_SPREAD_SHARE = 0.15;
/** ... a pitch of at most this many line heights: figures further apart are no column. */
const PITCH_LINE_HEIGHTS_MAX = 2;
/** The heading over the figures is a label of this many words at most ("Total (SEK)"). */
const HEADING_WORDS_MAX = 4;

export function detectFigureColumns(lines: readonly Line[], taken: Set<Line>, tables: Table[]): void {
  // Counted once per page before the free lines are gathered and sorted: a column needs
  // FIGURE_COLUMN_ROWS_MIN figure lines in a row, and most pages hold fewer in all.
  let figureLines = 0;
  for (const line of lines) if (!taken.has(line) && isFigureLine(line)) figureLines++;
  if (figureLines < FIGURE_COLUMN_ROWS_MIN) return;
  const free: Line[] = [];
  for (const line of lines) if (!taken.has(line)) free.push(line);
  sortInPlace(free, byTop);
  let i = 1;
  while (i < free.length) {
    if (!isFigureLine(free[i])) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < free.length && isFigureLine(free[j])) j++;
    const table = figureColumn(free, i, j);
    if (table !== null) {
      for (const row of table.rows) for (const line of row[0].lines) taken.add(line);
      tables.push(table);
    }
    i = j;
  }
}

/** The table of figures free[from..to) under the heading free[from - 1], or null. */
function figureColumn(free: readonly Line[], from: number, to: number): Table | null {
  const figures = free.slice(from, to);
  const heading = free[from - 1];
  if (figures.length < FIGURE_COLUMN_ROWS_MIN || !isHeading(heading)) return null;
  if (!sharesAnEdge(figures)) return null;
  const pitch = onePitch([heading, ...figures]);
  if (pitch === null) return null;
  // Alone in its rows: a line beside the column (a page's other text) would sort among the
  // figures and end the run, but one set level with the heading or the last figure would not.
  const box = { x0: Math.min(heading.x0, ...figures.map((l) => l.x0)), x1: Math.max(heading.x1, ...figures.map((l) => l.x1)), y0: heading.y0, y1: figures[figures.length - 1].y1 };
  // The heading stands over the figures, not beside them.
  if (heading.x1 <= figures[0].x0 || heading.x0 >= figures[0].x1) return null;
  for (const line of free) {
    if (line === heading || figures.includes(line)) continue;
    if (line.y1 > box.y0 && line.y0 < box.y1) return null;
  }
  const rows: TableCell[][] = [[{ lines: [heading] }]];
  for (const line of figures) rows.push([{ lines: [line] }]);
  return tableOf(box.x0, box.y0, box.x1, box.y1, rows, false, 1);
}

function byTop(a: Line, b: Line): number {
  return a.y0 - b.y0 || a.x0 - b.x0;
}

function isFigureLine(line: Line): boolean {
  return endsLikeFigure(line) && startsLikeFigure(line) && !isCodeLine(line) && FIGURE_CELL.test(lineText(line).trim());
}

/** Whether the line's first character other than white space is one a figure (FIGURE_CELL)
 *  can start with: a digit, a sign, an opening bracket, or a currency sign ($ the only one in
 *  ASCII); any character past ASCII is left to the pattern. Asked after endsLikeFigure and
 *  before the line's text is built: a line of prose ending in a stop or a comma ends like a
 *  figure, and starts with a letter. Exported for its guard test (table_speed_s17). */
export function startsLikeFigure(line: Line): boolean {
  const spans = line.spans;
  for (let s = 0; s < spans.length; s++) {
    const text = spans[s].text;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (isSpaceCode(c)) continue;
      return c >= 0x80 || (c >= 0x30 && c <= 0x39) || c === 0x28 || c === 0x2d || c === 0x2b || c === 0x24;
    }
  }
  return false;
}

/** Whether the line's last character other than white space is one a figure (FIGURE_CELL)
 *  can end in: a digit, a stop, a comma, a per cent or a closing bracket. Asked before the
 *  line's text is built: every free line of every page is asked, and most end in a letter. */
function endsLikeFigure(line: Line): boolean {
  const spans = line.spans;
  for (let s = spans.length - 1; s >= 0; s--) {
    const text = spans[s].text;
    for (let i = text.length - 1; i >= 0; i--) {
      const c = text.charCodeAt(i);
      if (isSpaceCode(c)) continue;
      return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2c || c === 0x25 || c === 0x29;
    }
  }
  return false;
}

function isHeading(line: Line): boolean {
  const text = lineText(line).trim();
  return !isCodeLine(line) && /\p{L}/u.test(text) && !FIGURE_CELL.test(text) && text.split(/\s+/).length <= HEADING_WORDS_MAX;
}

function sharesAnEdge(figures: readonly Line[]): boolean {
  let minRight = Infinity, maxRight = -Infinity, minLeft = Infinity, maxLeft = -Infinity;
  for (const line of figures) {
    minRight = Math.min(minRight, line.x1);
    maxRight = Math.max(maxRight, line.x1);
    minLeft = Math.min(minLeft, line.x0);
    maxLeft = Math.max(maxLeft, line.x0);
  }
  return maxRight - minRight <= FLUSH_EDGE_PT || maxLeft - minLeft <= FLUSH_EDGE_PT;
}

/** The lines' common pitch (top to top), or null where they are not set at one. */
function onePitch(column: readonly Line[]): number | null {
  const steps: number[] = [];
  for (let k = 1; k < column.length; k++) steps.push(column[k].y0 - column[k - 1].y0);
  const sorted = Float64Array.from(steps).sort();
  const median = sorted[sorted.length >> 1];
  const height = column[1].y1 - column[1].y0;
  if (!(median > 0) || median > PITCH_LINE_HEIGHTS_MAX * height) return null;
  for (const step of steps) if (Math.abs(step - median) > PITCH_SPREAD_SHARE * median) return null;
  return median;
}
