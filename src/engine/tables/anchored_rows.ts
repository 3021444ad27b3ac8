// Anchored rows: a borderless table whose rows are one anchored first line and the lines
// under it, as a bank statement sets "Datum | Verwendungszweck | Betrag (EUR)" over rows whose
// date ("01.12.14" over "(29.11.14)") and amount ("−2,50") stand on the row's first line and
// whose purpose runs on for up to six lines (booking type, IBAN, payee, references), the rows
// parted by white space only. The aligned detector asks for full rows close together and
// takes at most PARTIAL_ROWS_RUN_MAX rows filling only some columns in a row: a purpose's
// wrapped lines are more, and the statement came out as headings and loose paragraphs, the
// amounts out of order. Here a row starts where its first column holds a figure (the
// anchor) and takes every line down to the next anchor, each line in the column its header
// cell stands over.
import type { Line } from "../model.js";
import { type Table, type TableCell, tableOf } from "./model.js";
import { pieceLines, pieceText, type Piece, textRow, type TextRow } from "./cell_gaps.js";
import { lineBox, linesByTop, readingOrder, sortedRowStarts } from "./rows.js";

/** A header names three columns at least: with two, a numbered list under a line of two
 *  words ("No. Description") has the same shape. */
const HEADER_CELLS_MIN = 3;
/** A header cell is a few words, starting with a letter: a longer piece is a sentence. */
const HEADER_WORDS_MAX = 4;
const HEADER_TEXT = /^\p{L}/u;
/** An anchor, the first column's piece on a row's first line, starts with a figure: a date,
 *  a number, an amount. */
const ANCHOR_TEXT = /^[\p{N}]/u;
/** A row with no anchor, its other columns filled and the last with a figure (a sign allowed
 *  before it), starts a row too: an opening or closing balance ("Anfangssaldo −12,34"). */
const BALANCE_TEXT = /^[−\-+]?\p{N}/u;
/** Rows with an anchor, at least: fewer may be a heading and a note that line up by chance. */
const ANCHORED_ROWS_MIN = 3;
/** A row's next line starts at most this many line heights under the one before it (a
 *  wrapped cell's lines are set at their leading: half a line height apart in the statement);
 *  a line further down is past the table. */
const CONTINUATION_GAP_LINE_HEIGHTS_MAX = 1;
/** A row's first line starts at most this many line heights under the row above (the
 *  statement parts rows by one to one and a half, and its header by two and a half above a
 *  rule). */
const ROW_GAP_LINE_HEIGHTS_MAX = 3;
/** The white space between two rows exceeds the most between two lines of one row by this
 *  many line heights at least: the rows stand apart as the statement's do (a line's height
 *  and a half against half a line), where a table's rows of one line at one pitch, with a
 *  note or a row's sign-led figures under them, would read as one row's wrapped lines. */
const ROW_SPACE_EXTRA_LINE_HEIGHTS_MIN = 0.3;
/** Each column keeps this many ems of white space clear of the next, over all the table's
 *  lines: columns that touch are prose's words. */
const GUTTER_EMS_MIN = 1;
/** Each column holds text in this share of the body's rows at least: a column mostly empty
 *  is a margin note or a heading's word, not a column. */
const COLUMN_FILLED_SHARE_MIN = 0.5;

/** A table row being gathered: each column's pieces. */
interface Gathered {
  cells: Piece[][];
  y0: number;
  y1: number;
  /** A first line only: the shape of a row the aligned detector takes. */
  lines: number;
  /** The white space above the row's first line, and the most above one of its other lines. */
  gapAbove: number;
  lineGapMax: number;
}

/** Adds a table for each header row over anchored rows with wrapped cells (see above).
 *  `byTop`: `lines` sorted by their tops (rows.ts linesByTop), when the caller has them. */
export function detectAnchoredRows(lines: Line[], taken: Set<Line>, inDiagrams: Set<Line>, tables: Table[], byTop?: readonly Line[]): void {
  const free: Line[] = [];
  for (const l of byTop ?? lines) if (l.wmode === 0 && l.spans.length > 0 && !l.definition && !taken.has(l) && !inDiagrams.has(l)) free.push(l);
  if (free.length < HEADER_CELLS_MIN + ANCHORED_ROWS_MIN) return;
  const sorted = byTop ? free : linesByTop(free);
  const { starts, length } = sortedRowStarts(sorted, lineBox);
  const rowLines = (r: number) => sorted.slice(starts[r], starts[r + 1]);
  for (let i = 0; i + ANCHORED_ROWS_MIN < length; i++) {
    // Most rows of a page are one line of prose: a header's cells are lines of their own.
    if (starts[i + 1] - starts[i] < HEADER_CELLS_MIN) continue;
    const header = textRow(rowLines(i));
    if (!isHeader(header)) continue;
    const found = anchoredTable(header, i, length, rowLines);
    if (found === null) continue;
    tables.push(found.table);
    for (let r = i; r < found.end; r++) for (const line of rowLines(r)) taken.add(line);
    i = found.end - 1;
  }
}

function isHeader(row: TextRow): boolean {
  if (row.cells.length < HEADER_CELLS_MIN) return false;
  for (const piece of row.cells) {
    const text = pieceText(piece);
    if (!HEADER_TEXT.test(text) || text.split(/\s+/).length > HEADER_WORDS_MAX) return false;
  }
  return true;
}

/** The header's table over the page rows after row `h`, with the row after its last; null
 *  when they are not anchored rows with a wrapped cell, in clear columns. */
function anchoredTable(header: TextRow, h: number, length: number, rowLines: (r: number) => Line[]): { table: Table; end: number } | null {
  const k = header.cells.length;
  const height = header.y1 - header.y0;
  const rows: Gathered[] = [];
  let bottom = header.y1;
  let r = h + 1;
  for (; r < length; r++) {
    const row = textRow(rowLines(r));
    const columns = columnsOf(row, header);
    if (columns === null) break;
    const starts = startsRow(columns, k);
    const gap = row.y0 - bottom;
    if (gap > (starts ? ROW_GAP_LINE_HEIGHTS_MAX : CONTINUATION_GAP_LINE_HEIGHTS_MAX) * height) break;
    if (starts) rows.push({ cells: columns, y0: row.y0, y1: row.y1, lines: 1, gapAbove: gap, lineGapMax: -Infinity });
    else if (rows.length === 0) break;
    else {
      const last = rows[rows.length - 1];
      for (let c = 0; c < k; c++) last.cells[c].push(...columns[c]);
      last.y1 = row.y1;
      last.lines++;
      last.lineGapMax = Math.max(last.lineGapMax, gap);
    }
    bottom = row.y1;
  }
  if (!isAnchoredTable(header, rows, height)) return null;
  const cells: TableCell[][] = [header.cells.map((piece) => ({ lines: readingOrder(pieceLines(piece)) }))];
  for (const row of rows) cells.push(row.cells.map(cellOf));
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const piece of header.cells) (x0 = Math.min(x0, piece.x0)), (x1 = Math.max(x1, piece.x1));
  for (const row of rows) for (const pieces of row.cells) for (const piece of pieces) (x0 = Math.min(x0, piece.x0)), (x1 = Math.max(x1, piece.x1));
  return { table: tableOf(x0, header.y0, x1, rows[rows.length - 1].y1, cells, false, 1), end: r };
}

/** A body cell: its lines each a line of its own, as the row's lines were set apart. */
function cellOf(pieces: readonly Piece[]): TableCell {
  const lines = readingOrder(pieces.flatMap(pieceLines));
  return lines.length > 1 ? { lines, linesApart: true } : { lines };
}

/** The row's pieces by the header cell each stands under (overlapping it, and no other);
 *  null when a piece stands under none or under two. */
function columnsOf(row: TextRow, header: TextRow): Piece[][] | null {
  const columns: Piece[][] = header.cells.map(() => []);
  for (const piece of row.cells) {
    let column = -1;
    for (let c = 0; c < header.cells.length; c++) {
      const cell = header.cells[c];
      if (piece.x1 <= cell.x0 || piece.x0 >= cell.x1) continue;
      if (column >= 0) return null;
      column = c;
    }
    if (column < 0) return null;
    columns[column].push(piece);
  }
  return columns;
}

/** Whether a page row starts a table row: an anchor in the first column beside another
 *  cell, or no anchor, a label and a balance in the last. */
function startsRow(columns: Piece[][], k: number): boolean {
  const first = columns[0];
  let others = 0;
  for (let c = 1; c < k; c++) if (columns[c].length > 0) others++;
  if (first.length > 0) return others > 0 && ANCHOR_TEXT.test(pieceText(first[0]));
  const last = columns[k - 1];
  return last.length > 0 && others > 1 && BALANCE_TEXT.test(pieceText(last[0]));
}

function isAnchoredTable(header: TextRow, rows: readonly Gathered[], height: number): boolean {
  let anchored = 0;
  let wrapped = false;
  let rowGapMin = Infinity;
  let lineGapMax = -Infinity;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (row.cells[0].length > 0) anchored++;
    if (row.lines > 1) wrapped = true;
    if (r > 0) rowGapMin = Math.min(rowGapMin, row.gapAbove);
    lineGapMax = Math.max(lineGapMax, row.lineGapMax);
  }
  // Rows of one line each are the aligned detector's to take, as before.
  if (anchored < ANCHORED_ROWS_MIN || !wrapped) return false;
  if (rowGapMin - lineGapMax < ROW_SPACE_EXTRA_LINE_HEIGHTS_MIN * height) return false;
  const k = header.cells.length;
  const gutter = GUTTER_EMS_MIN * header.em;
  let prevRight = -Infinity;
  for (let c = 0; c < k; c++) {
    let left = header.cells[c].x0;
    let right = header.cells[c].x1;
    let filled = 0;
    for (const row of rows) {
      const pieces = row.cells[c];
      if (pieces.length > 0) filled++;
      for (const piece of pieces) (left = Math.min(left, piece.x0)), (right = Math.max(right, piece.x1));
    }
    if (filled < COLUMN_FILLED_SHARE_MIN * rows.length || left - prevRight < gutter) return false;
    prevRight = right;
  }
  return true;
}
