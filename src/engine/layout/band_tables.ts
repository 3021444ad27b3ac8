// A table that runs on into a page's head or foot band: its rows there are the table's, not
// furniture. Chromium's print of a long table (an invoice list, a ledger) puts rows in the
// bottom 15 % of one page and the top of the next, and their cells' shapes repeat across pages
// with their digits masked ("INV-1030" | "INV-1032" as "inv-#", dates as "#-#-#"), which made
// the running-line test (furniture.ts runningLineIndices) strip their codes, dates and amounts
// and leave the customer names. A running head or foot stands apart from the text: set off by
// a gap, it does not line up cell by cell with the row next to it.
import type { Line } from "../model.js";
import { isBlankLine } from "./lines.js";

/** A band's row continues the table when at least this many of its pieces line up, each with
 *  a piece of the row next to it toward the body: a table's row has as many cells as the one
 *  before it, a running head's pieces (a title, a folio) meet a column's edge by chance, two
 *  at most (a two-column paper's head over its columns). */
const ALIGNED_CELLS_MIN = 3;
/** Two pieces line up when their left edges, their right edges or their centres lie within
 *  this many points (cells set flush left, figures flush right, centred codes). */
const CELL_EDGE_SLACK_PT = 1.5;
/** ... and the row stands at most this many of its line heights from that row: a table's row
 *  pitch leaves a small gap (Chromium's cell padding: 0.3 heights), a running head stands
 *  apart from the text by a line or more (LaTeX's head 2.5 heights over the text). */
const ROW_GAP_HEIGHTS_MAX = 1.2;

/** One row of a band: its pieces (line indices) and vertical extent. */
class BandRow {
  y0: number;
  y1: number;
  constructor(
    readonly pieces: number[],
    first: Line,
  ) {
    this.y0 = first.y0;
    this.y1 = first.y1;
  }
}

/** The body's rows next to a band that give the table's cell edges: this many at most, from
 *  the band inward ... */
const SEED_ROWS_MAX = 4;
/** ... each within this many points of the band's edge ... */
const SEED_REACH_PT = 80;
/** ... and of this many pieces at least: MuPDF joins a contents entry's number and title where
 *  they stand close ("7.7 Extracting values" | "123"), its next row's stand apart. */
const SEED_CELLS_MIN = 2;

/**
 * The indices of the lines in the head band (bottom edge at or above `top`) and the foot band
 * (top edge at or below `bottom`) that belong to rows of a table running on from the body: row
 * by row from the body outward, each row lines up ALIGNED_CELLS_MIN of its cells with cells of
 * the table's rows next to it (the body's last rows before the band, SEED_ROWS_MAX at most, and
 * the band's rows taken so far: a contents page's levels indent by turns, so one row's number
 * lines up with the title of the row two before it) and stands within ROW_GAP_HEIGHTS_MAX of its
 * height of the row before it. Null when there are none (most pages: the bands' rows have one
 * or two pieces).
 */
export function bandTableLines(lines: readonly Line[], top: number, bottom: number): Set<number> | null {
  let found: Set<number> | null = null;
  for (const head of [true, false]) {
    const band = bandRows(lines, top, bottom, head);
    if (band === null) continue;
    const table = tableRowsNextTo(lines, head ? top : bottom, head);
    if (table.length === 0) continue;
    for (const row of band) {
      if (!continuesTable(lines, row, table, head)) break;
      found ??= new Set();
      for (const i of row.pieces) found.add(i);
      table.push(row);
    }
  }
  return found;
}

/** The band's rows ordered from the body outward, or null where no row holds
 *  ALIGNED_CELLS_MIN pieces. */
function bandRows(lines: readonly Line[], top: number, bottom: number, head: boolean): BandRow[] | null {
  let count = 0;
  for (const line of lines) if (line.wmode === 0 && (head ? line.y1 <= top : line.y0 >= bottom)) count++;
  if (count < ALIGNED_CELLS_MIN) return null;
  const rows = rowsOf(lines, (line) => (head ? line.y1 <= top : line.y0 >= bottom));
  if (!rows.some((r) => r.pieces.length >= ALIGNED_CELLS_MIN)) return null;
  fromEdgeOutward(rows, head);
  return rows;
}

/** The body's rows of a table next to the band's edge `edge` (the head band's bottom, the foot
 *  band's top), the nearest last: from the nearest inward, rows of SEED_CELLS_MIN pieces at
 *  least, each within ROW_GAP_HEIGHTS_MAX of its height of the one before, SEED_ROWS_MAX at most;
 *  empty where the body's row next to the band is no table's. */
function tableRowsNextTo(lines: readonly Line[], edge: number, head: boolean): BandRow[] {
  const near = rowsOf(lines, (line) => (head ? line.y1 > edge && line.y0 < edge + SEED_REACH_PT : line.y0 < edge && line.y1 > edge - SEED_REACH_PT));
  // From the band's edge inward: the head's rows downward, the foot's upward.
  fromEdgeOutward(near, !head);
  const seeds: BandRow[] = [];
  for (const row of near) {
    if (seeds.length === SEED_ROWS_MAX || row.pieces.length < SEED_CELLS_MIN) break;
    if (seeds.length > 0 && !withinRowGap(seeds[seeds.length - 1], row, !head)) break;
    seeds.push(row);
  }
  return seeds.reverse();
}

/** Sorts rows from the body outward: upward for the head band (`up`), downward for the foot's. */
function fromEdgeOutward(rows: BandRow[], up: boolean): void {
  rows.sort(up ? (a, b) => b.y0 - a.y0 : (a, b) => a.y0 - b.y0);
}

/** The lines `member` admits (horizontal, with text), grouped into rows of lines that overlap
 *  one another vertically by more than ROW_OVERLAP_SHARE of the shorter's height. */
function rowsOf(lines: readonly Line[], member: (line: Line) => boolean): BandRow[] {
  const rows: BandRow[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.wmode !== 0 || !member(line) || isBlankLine(line)) continue;
    let row: BandRow | undefined;
    for (const r of rows) if (overlapsRow(line, lines[r.pieces[0]])) row = r;
    if (row === undefined) rows.push(new BandRow([i], line));
    else {
      row.pieces.push(i);
      row.y0 = Math.min(row.y0, line.y0);
      row.y1 = Math.max(row.y1, line.y1);
    }
  }
  return rows;
}

/** Lines overlapping by this share of the shorter's height share a row (a band's rows here,
 *  furniture.ts's margin rows). */
const ROW_OVERLAP_SHARE = 0.3;

export function overlapsRow(a: Line, b: Line): boolean {
  return Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > ROW_OVERLAP_SHARE * Math.min(a.y1 - a.y0, b.y1 - b.y0);
}

/** Whether `row` stands within ROW_GAP_HEIGHTS_MAX of its height beyond `before` (the row next
 *  to it toward the body; `head`: the rows go up the page). */
function withinRowGap(before: BandRow, row: BandRow, head: boolean): boolean {
  const gap = head ? before.y0 - row.y1 : row.y0 - before.y1;
  return gap <= ROW_GAP_HEIGHTS_MAX * Math.min(row.y1 - row.y0, before.y1 - before.y0);
}

/** Whether `row` continues the `table` (its rows nearest the band last) as its next row. */
function continuesTable(lines: readonly Line[], row: BandRow, table: readonly BandRow[], head: boolean): boolean {
  if (row.pieces.length < ALIGNED_CELLS_MIN || !withinRowGap(table[table.length - 1], row, head)) return false;
  let aligned = 0;
  for (const i of row.pieces) if (linesUpWithTable(lines, lines[i], table)) aligned++;
  return aligned >= ALIGNED_CELLS_MIN;
}

/** Whether `cell` lines up with a cell of one of the table's SEED_ROWS_MAX rows nearest the band. */
function linesUpWithTable(lines: readonly Line[], cell: Line, table: readonly BandRow[]): boolean {
  for (let k = Math.max(0, table.length - SEED_ROWS_MAX); k < table.length; k++) for (const j of table[k].pieces) if (cellsLineUp(cell, lines[j])) return true;
  return false;
}

function cellsLineUp(a: Line, b: Line): boolean {
  return Math.abs(a.x0 - b.x0) <= CELL_EDGE_SLACK_PT || Math.abs(a.x1 - b.x1) <= CELL_EDGE_SLACK_PT || Math.abs(a.x0 + a.x1 - b.x0 - b.x1) <= 2 * CELL_EDGE_SLACK_PT;
}
