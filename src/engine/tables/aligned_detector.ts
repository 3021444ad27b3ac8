// The aligned detector: runs of rows whose text pieces line up in columns without any
// ruling, grown to the neighbouring rows that fit the same columns.
import type { Line } from "../model.js";
import { detectHeader } from "./header_row.js";
import type { Box, BuiltRow, Table, TableCell } from "./model.js";
import { groupRows, readingOrder } from "./rows.js";
import type { Rulings } from "./rulings.js";
import { ALIGNED_ROWS_MIN, runLooksTabular } from "./reads_as_table.js";
import { pieceLines, textRow, type TextRow } from "./cell_gaps.js";

/** The empty channel between two columns, over all rows, must be at least this wide. */
const GUTTER_EM_MIN = 0.5;
/** Rows further apart than this many line heights belong to different blocks. */
const ROW_GAP_LINE_HEIGHTS_MAX = 1.5;

interface Column {
  x0: number;
  x1: number;
}

export function detectAligned(lines: Line[], rulings: Rulings, taken: Set<Line>, inDiagrams: Set<Line>, tables: Table[]): void {
  const free = lines.filter((l) => l.wmode === 0 && l.spans.length > 0 && !taken.has(l) && !inDiagrams.has(l));
  if (free.length < ALIGNED_ROWS_MIN) return;
  const rows = groupRows(free, (l) => l).map(textRow);
  let floor = 0;
  let i = 0;
  while (i < rows.length) {
    if (rows[i].cells.length < 2) {
      i++;
      continue;
    }
    const end = growRun(rows, i);
    if (end - i < ALIGNED_ROWS_MIN || !runLooksTabular(rows, i, end) || splitByFrames(rows, i, end, rulings.frames)) {
      i = Math.max(i + 1, end);
      continue;
    }
    const columns = columnsOf(rows, i, end);
    let top = i;
    while (top - 1 >= floor && near(rows[top - 1], rows[top]) && fitColumns(rows[top - 1], columns)) top--;
    let bottom = end;
    while (bottom < rows.length && near(rows[bottom - 1], rows[bottom]) && fitColumns(rows[bottom], columns)) {
      bottom++;
    }
    const run = rows.slice(top, bottom);
    tables.push(alignedTable(run, columns, rulings));
    for (const row of run) for (const line of row.lines) taken.add(line);
    floor = bottom;
    i = bottom;
  }
}

/** End (exclusive) of the longest run from `start` of rows with the same cells, each
 *  overlapping its column, while every gutter between columns stays open. */
function growRun(rows: TextRow[], start: number): number {
  const first = rows[start];
  const k = first.cells.length;
  const left = first.cells.map((c) => c.x0);
  const right = first.cells.map((c) => c.x1);
  const gutter = GUTTER_EM_MIN * first.em;
  let j = start + 1;
  for (; j < rows.length; j++) {
    const row = rows[j];
    if (row.cells.length !== k || !near(rows[j - 1], row)) break;
    let ok = true;
    for (let c = 0; c < k && ok; c++) {
      const cell = row.cells[c];
      ok = cell.x1 >= left[c] && cell.x0 <= right[c];
      if (ok && c + 1 < k) {
        ok = Math.max(right[c], cell.x1) + gutter <= Math.min(left[c + 1], row.cells[c + 1].x0);
      }
    }
    if (!ok) break;
    for (let c = 0; c < k; c++) {
      left[c] = Math.min(left[c], row.cells[c].x0);
      right[c] = Math.max(right[c], row.cells[c].x1);
    }
  }
  return j;
}

/** Whether a stroked rectangle holds some cells of a row but not the others: the columns
 *  are boxes of a diagram (class boxes side by side), not columns of one table. */
function splitByFrames(rows: TextRow[], start: number, end: number, frames: Box[]): boolean {
  if (frames.length === 0) return false;
  const y0 = rows[start].y0;
  const y1 = rows[end - 1].y1;
  const local = frames.filter((f) => f.y1 > y0 && f.y0 < y1);
  for (const f of local) {
    for (let r = start; r < end; r++) {
      const cells = rows[r].cells;
      let inside = 0;
      for (const cell of cells) {
        const cx = (cell.x0 + cell.x1) / 2;
        const cy = (cell.y0 + cell.y1) / 2;
        if (cx >= f.x0 && cx <= f.x1 && cy >= f.y0 && cy <= f.y1) inside++;
      }
      if (inside > 0 && inside < cells.length) return true;
    }
  }
  return false;
}

function columnsOf(rows: TextRow[], start: number, end: number): Column[] {
  const k = rows[start].cells.length;
  const columns: Column[] = [];
  for (let c = 0; c < k; c++) {
    let x0 = Infinity;
    let x1 = -Infinity;
    for (let r = start; r < end; r++) {
      x0 = Math.min(x0, rows[r].cells[c].x0);
      x1 = Math.max(x1, rows[r].cells[c].x1);
    }
    columns.push({ x0, x1 });
  }
  return columns;
}

/** Column of each cell when every cell overlaps exactly one column and no two cells share
 *  one (a header wider than its numbers, a row with an empty cell); otherwise null. */
function fitColumns(row: TextRow, columns: Column[]): number[] | null {
  if (row.cells.length < 2) return null;
  const at: number[] = [];
  let previous = -1;
  for (const cell of row.cells) {
    let hit = -1;
    for (let c = 0; c < columns.length; c++) {
      if (cell.x1 < columns[c].x0 || cell.x0 > columns[c].x1) continue;
      if (hit >= 0) return null;
      hit = c;
    }
    if (hit <= previous) return null;
    at.push(hit);
    previous = hit;
  }
  return at;
}

function near(above: TextRow, below: TextRow): boolean {
  return below.y0 - above.y1 <= ROW_GAP_LINE_HEIGHTS_MAX * (above.y1 - above.y0);
}

function alignedTable(run: TextRow[], columns: Column[], rulings: Rulings): Table {
  const built: BuiltRow[] = [];
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const row of run) {
    const cells: TableCell[] = columns.map(() => ({ lines: [] as Line[] }));
    // Core rows map cell to column by position; extension rows were checked by fitColumns.
    const at = fitColumns(row, columns) ?? row.cells.map((_, c) => c);
    row.cells.forEach((piece, c) => {
      cells[at[c]].lines = readingOrder(pieceLines(piece));
      x0 = Math.min(x0, piece.x0);
      x1 = Math.max(x1, piece.x1);
    });
    built.push({ cells, y0: row.y0, y1: row.y1 });
  }
  const box = { x0, y0: run[0].y0, x1, y1: run[run.length - 1].y1 };
  const headerRows = detectHeader(built, box, rulings);
  return { ...box, rows: built.map((r) => r.cells), ruled: false, headerRows };
}
