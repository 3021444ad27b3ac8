// Row labels set left of a ruled grid, outside its rules: a spreadsheet printed with its first
// column unboxed (camelot's election results: each township's name beside its boxed row of
// counts). They are the table's first column; read apart, they became a paragraph of names
// after the table, and its rows had no names.
import type { Line } from "../model.js";
import { medianOfLines } from "../layout/lines.js";
import type { BuiltRow, TableCell } from "./model.js";

/** Labels needed: fewer rows named from outside the grid are text beside a table. */
export const ROW_LABELS_MIN = 3;
/** ... and at least this share of the rows below the header that hold text. */
export const ROW_LABEL_ROW_SHARE_MIN = 0.5;
/** The labels' right edge is at most this many ems (their size) left of the grid's edge. */
export const ROW_LABEL_GAP_EMS_MAX = 4;
/** The labels start (or end) within this many ems of each other: one column, set flush. */
export const ROW_LABEL_EDGE_EMS = 1;
/** Beside a column set flush left, at most this many labels set against the grid instead: a
 *  totals row's; more are a ragged column, no labels. */
export const ROW_LABELS_AGAINST_GRID_MAX = 1;

/**
 * The label each row of `rows` gets from `beside` (lines left of the grid, within its height,
 * not in another table), or null when they name no rows: every such line lies in one row's
 * band, one column set flush left or right, close to the grid (a line set against the grid
 * may stand beside a column set flush left).
 */
export function rowLabels(rows: readonly BuiltRow[], headerRows: number, beside: readonly Line[], gridX0: number): Line[][] | null {
  if (beside.length < ROW_LABELS_MIN) return null;
  const em = medianSize(beside);
  // A label set right, against the grid, beside labels set flush left: a totals row's "Totals"
  // ends where its boxed sums begin, under a column of names set flush left.
  const againstGrid = (line: Line) => gridX0 - line.x1 <= ROW_LABEL_EDGE_EMS * em;
  let right = -Infinity;
  let leftMost = Infinity;
  for (const line of beside) {
    if (!againstGrid(line)) leftMost = Math.min(leftMost, line.x0);
    right = Math.max(right, line.x1);
  }
  if (right < gridX0 - ROW_LABEL_GAP_EMS_MAX * em) return null;
  let setApart = 0;
  for (const line of beside) if (line.x0 - leftMost > ROW_LABEL_EDGE_EMS * em) setApart++;
  const flushLeft = setApart <= ROW_LABELS_AGAINST_GRID_MAX && beside.every((line) => line.x0 - leftMost <= ROW_LABEL_EDGE_EMS * em || againstGrid(line));
  const flushRight = beside.every((line) => right - line.x1 <= ROW_LABEL_EDGE_EMS * em);
  if (!flushLeft && !flushRight) return null;
  const labels: Line[][] = rows.map(() => []);
  for (const line of beside) {
    const cy = (line.y0 + line.y1) / 2;
    const r = rows.findIndex((row) => row.y0 <= cy && cy <= row.y1);
    // A line between rows (a note, a group's title) is no row's label.
    if (r < 0) return null;
    labels[r].push(line);
  }
  let named = 0;
  let bodyRows = 0;
  for (let r = headerRows; r < rows.length; r++) {
    if (rows[r].cells.some((cell) => cell.lines.length > 0)) bodyRows++;
    if (labels[r].length > 0) named++;
  }
  if (named < ROW_LABELS_MIN || named < ROW_LABEL_ROW_SHARE_MIN * bodyRows) return null;
  for (const row of labels) row.sort((a, b) => a.y0 - b.y0);
  return labels;
}

/** Prepends the label column to `rows` when `beside` names its rows (rowLabels). Returns the
 *  lines taken, or null when they name no rows (rows unchanged). */
export function prependRowLabels(rows: BuiltRow[], headerRows: number, beside: readonly Line[], gridX0: number): Line[] | null {
  const labels = rowLabels(rows, headerRows, beside, gridX0);
  if (labels === null) return null;
  for (let r = 0; r < rows.length; r++) {
    const cell: TableCell = { lines: labels[r] };
    rows[r].cells.unshift(cell);
  }
  return [...beside];
}

/** The median of the lines' first spans' sizes; 1 where there is none. */
function medianSize(lines: readonly Line[]): number {
  return medianOfLines(lines, firstSpanSize) || 1;
}

function firstSpanSize(line: Line): number {
  return line.spans[0]?.size ?? 0;
}
