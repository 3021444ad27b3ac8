// Label rows: a row of labels over a row of their values, each label over its value, as a
// bank statement's summary box sets "Account" | "Period" | "Opening balance" over
// "8327-9 …" | "1–30 November 2026" | …, and a letter its "Ihr Zeichen" | "Ihr Schreiben vom"
// | "Unser Zeichen" | "Datum" over the references. Two rows are too few for the aligned
// detector, which asks for three; read line by line, the labels came out one paragraph each
// and the values after them, each apart from its label. Written as a table of two rows, the
// labels its header.
import type { Line } from "../model.js";
import { type Box, type Table, tableOf } from "./model.js";
import { centreInside, unionOf } from "../layout/box.js";
import { pieceLines, pieceText, type Piece, rowEm, textRow, type TextRow } from "./cell_gaps.js";
import { groupRows, lineBox, linesByTop, readingOrder, sortedRowStarts } from "./rows.js";
import type { Rulings } from "./rulings.js";
import { lowerBound } from "./sorted_search.js";

/** A label and its value start (or end) at one x within this many ems. */
const FIELD_ALIGN_EMS = 0.3;
/** The values stand under their labels at most this many label heights below them. */
const VALUE_GAP_LINE_HEIGHTS_MAX = 1;
/** A label is a few words ... */
const LABEL_WORDS_MAX = 4;
/** ... starting with a letter (not a list's marker), with no figure in it: a row of figures
 *  over another is a table's body, not its head. */
const LABEL_TEXT = /^\p{L}[^\p{N}]*$/u;
/** In a frame, labels over values in this many columns at least ... */
const FRAMED_COLUMNS_MIN = 2;
/** ... elsewhere in this many, the labels set smaller than the values, ... */
const OPEN_COLUMNS_MIN = 3;
/** ... their size at most this share of the values', ... */
const OPEN_LABEL_SIZE_RATIO_MAX = 0.9;
/** ... and no text within this many line heights above or below the two rows. */
const OPEN_CLEARANCE_LINE_HEIGHTS = 1;
/** A row this many line heights under the values at most, its pieces in the values' columns,
 *  is a table going on (a padded table's next row): the two rows are its header and first row. */
const TABLE_GOES_ON_LINE_HEIGHTS = 3;

/** Adds a table for each row of labels over a row of their values: the only two rows inside a
 *  drawn frame, or two rows standing apart whose labels are set smaller. `byTop`: `lines`
 *  sorted by their tops (rows.ts linesByTop), when the caller has them. */
export function detectLabelRows(lines: Line[], rulings: Rulings, taken: Set<Line>, inDiagrams: Set<Line>, tables: Table[], byTop?: readonly Line[]): void {
  const window = rulings.frames.length > 0 && byTop ? TopWindow.of(byTop) : null;
  for (const frame of rulings.frames) {
    const inside = window ? window.linesInFrame(frame, taken, inDiagrams) : linesInFrame(lines, 0, lines.length, frame, taken, inDiagrams);
    if (inside === null) continue;
    const rows = groupRows(inside, lineBox);
    if (rows.length !== 2) continue;
    const labels = textRow(rows[0]);
    const values = textRow(rows[1]);
    if (labels.cells.length < FRAMED_COLUMNS_MIN || !labelsOverValues(labels, values)) continue;
    tables.push(labelTable(labels, values));
    for (const line of inside) taken.add(line);
  }
  const free = freeLines(byTop ?? lines, taken, inDiagrams);
  // groupRows sorts the lines by their tops as linesByTop does; a subset of byTop is sorted.
  const sorted = byTop ? free : linesByTop(free);
  // Rows as ranges of `sorted`: a row's lines are taken out only for a row that may hold labels.
  const { starts, length } = sortedRowStarts(sorted, lineBox);
  for (let i = 0; i + 1 < length; i++) {
    // Most rows of a page are one line: no label row.
    if (starts[i + 1] - starts[i] < OPEN_COLUMNS_MIN) continue;
    // Labels set smaller than their values, the two rows' sizes read first (as textRow reads
    // them) and the rows cut into pieces only then: most rows of three lines or more are a
    // table's, set alike row to row (a page's such rows failed here 29 times in 30, after the
    // labels' row had been cut).
    const labelLines = rowLines(sorted, starts, i);
    const valueLines = rowLines(sorted, starts, i + 1);
    if (rowEm(labelLines) > OPEN_LABEL_SIZE_RATIO_MAX * rowEm(valueLines)) continue;
    const labels = textRow(labelLines);
    if (labels.cells.length < OPEN_COLUMNS_MIN) continue;
    const values = textRow(valueLines);
    if (!labelsOverValues(labels, values)) continue;
    const clearance = OPEN_CLEARANCE_LINE_HEIGHTS * (labels.y1 - labels.y0);
    if ((i > 0 && labels.y0 - unionOf(rowLines(sorted, starts, i - 1)).y1 < clearance) || (i + 2 < length && unionOf(rowLines(sorted, starts, i + 2)).y0 - values.y1 < clearance)) continue;
    if (i + 2 < length && tableGoesOn(values, rowLines(sorted, starts, i + 2))) continue;
    tables.push(labelTable(labels, values));
    for (const line of labelLines) taken.add(line);
    for (const line of valueLines) taken.add(line);
    i++;
  }
}

/** Row r's lines (rows.ts sortedRowStarts). */
function rowLines(sorted: readonly Line[], starts: readonly number[], r: number): Line[] {
  return sorted.slice(starts[r], starts[r + 1]);
}

/** The lines no detector has taken, horizontal, with text (a loop, not a filter with a closure
 *  made per page: every line of every page is asked). */
function freeLines(lines: readonly Line[], taken: Set<Line>, inDiagrams: Set<Line>): Line[] {
  const free: Line[] = [];
  for (const l of lines) if (!taken.has(l) && !inDiagrams.has(l) && l.wmode === 0 && l.spans.length > 0) free.push(l);
  return free;
}

/** Whether `next`, near under the values, holds a piece flush with each of theirs. */
function tableGoesOn(values: TextRow, next: Line[]): boolean {
  if (unionOf(next).y0 - values.y1 > TABLE_GOES_ON_LINE_HEIGHTS * (values.y1 - values.y0)) return false;
  const row = textRow(next);
  return row.cells.length === values.cells.length && row.cells.every((piece, c) => flush(piece, values.cells[c], FIELD_ALIGN_EMS * Math.max(row.em, values.em)));
}

/** Whether two pieces start (or end) at one x within `reach`. */
function flush(a: Piece, b: Piece, reach: number): boolean {
  return Math.abs(a.x0 - b.x0) <= reach || Math.abs(a.x1 - b.x1) <= reach;
}

/** Room above a window's top for rounding: a line's top plus its height may differ from its
 *  bottom in the last place. */
const WINDOW_SLACK_PT = 1;

/**
 * A page's lines sorted by their tops (rows.ts linesByTop), cut to those that may overlap a
 * band of the page: each frame's lines were looked for among all of the page's (frames ×
 * lines: hundreds of boxes on a ruled page). The lines come in their sorted order, which
 * groupRows keeps (it sorts stably by the tops), so the rows made of them are as before.
 */
class TopWindow {
  private constructor(
    private readonly sorted: readonly Line[],
    private readonly tops: Float64Array,
    private readonly tallest: number,
  ) {}

  /** Null where the tops do not ascend (a NaN among them): the caller looks at every line. */
  static of(sorted: readonly Line[]): TopWindow | null {
    const tops = new Float64Array(sorted.length);
    let tallest = 0;
    for (let i = 0; i < sorted.length; i++) {
      const line = sorted[i];
      tops[i] = line.y0;
      if (i > 0 && !(tops[i - 1] <= tops[i])) return null;
      const height = line.y1 - line.y0;
      if (!(height >= 0)) return null;
      if (height > tallest) tallest = height;
    }
    return new TopWindow(sorted, tops, tallest);
  }

  /** linesInFrame over the lines whose top lies above the frame's bottom and that may reach
   *  below its top (a superset of those overlapping it: linesInFrame tests each). */
  linesInFrame(frame: Box, taken: Set<Line>, inDiagrams: Set<Line>): Line[] | null {
    // A frame with a NaN edge is tested against every line, as before.
    if (!(frame.y0 <= frame.y1)) return linesInFrame(this.sorted, 0, this.sorted.length, frame, taken, inDiagrams);
    const from = lowerBound(this.tops, frame.y0 - this.tallest - WINDOW_SLACK_PT);
    const to = lowerBound(this.tops, frame.y1);
    return linesInFrame(this.sorted, from, to, frame, taken, inDiagrams);
  }
}

/** The free lines among lines[from..to) inside the frame; null when there are none, or one is taken already or a
 *  diagram's, or a line runs across the frame's edge (the frame is part of something larger). */
function linesInFrame(lines: readonly Line[], from: number, to: number, frame: Box, taken: Set<Line>, inDiagrams: Set<Line>): Line[] | null {
  const inside: Line[] = [];
  for (let k = from; k < to; k++) {
    const line = lines[k];
    if (line.x1 <= frame.x0 || line.x0 >= frame.x1 || line.y1 <= frame.y0 || line.y0 >= frame.y1) continue;
    if (!centreInside(line, frame) || line.x0 < frame.x0 || line.x1 > frame.x1 || taken.has(line) || inDiagrams.has(line) || line.wmode !== 0) return null;
    inside.push(line);
  }
  return inside.length > 0 ? inside : null;
}

/** As many pieces in each row, the values right under the labels, each value set flush with
 *  its label (left or right), each label a few words. */
function labelsOverValues(labels: TextRow, values: TextRow): boolean {
  const k = labels.cells.length;
  if (values.cells.length !== k) return false;
  if (values.y0 - labels.y1 > VALUE_GAP_LINE_HEIGHTS_MAX * (labels.y1 - labels.y0)) return false;
  const reach = FIELD_ALIGN_EMS * Math.max(labels.em, values.em);
  for (let c = 0; c < k; c++) {
    const label = labels.cells[c];
    const value = values.cells[c];
    if (!flush(label, value, reach) || !isLabel(label)) return false;
  }
  return true;
}

function isLabel(piece: Piece): boolean {
  const text = pieceText(piece);
  return LABEL_TEXT.test(text) && text.split(/\s+/).length <= LABEL_WORDS_MAX;
}

function labelTable(labels: TextRow, values: TextRow): Table {
  const cellsOf = (row: TextRow) => row.cells.map((piece) => ({ lines: readingOrder(pieceLines(piece)) }));
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const piece of [...labels.cells, ...values.cells]) (x0 = Math.min(x0, piece.x0)), (x1 = Math.max(x1, piece.x1));
  return tableOf(x0, labels.y0, x1, values.y1, [cellsOf(labels), cellsOf(values)], false, 1);
}
