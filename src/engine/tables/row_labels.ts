// Row labels set left of a ruled grid, outside its rules: a spreadsheet printed with its first
// column unboxed (camelot's election results: each township's name beside its boxed row of
// counts). They are the table's first column; read apart, they became a paragraph of names
// after the table, and its rows had no names.
import type { Line } from "../model.js";
import type { BuiltRow, TableCell } from "./model.js";

/** Labels needed: fewer rows named from outside the grid are text beside a table. */
export const ROW_LABELS_MIN = 3;
/** ... and at least this share of the rows below the header that hold text. */
export const ROW_LABEL_ROW_SHARE_MIN = 0.5;
/** The labels' right edge is at most this many ems (their size) left of the grid's edge. */
export const ROW_LABEL_GAP_EMS_MAX = 4;
/** The labels start (or end) within this many ems of each other: one column, set flush. */
export const ROW_LABEL_EDGE_EMS = 1;

/**
 * Prepends the label column to `rows` when `beside` (lines left of the grid, within its
 * height, not in another table) names its rows: every such line lies in one row's band,
 * one column set flush left or right, close to the grid. Returns the lines taken, or null
 * when they name no rows (rows unchanged).
 */
export function prependRowLabels(rows: BuiltRow[], headerRows: number, beside: readonly Line[], gridX0: number): Line[] | null {
  if (beside.length < ROW_LABELS_MIN) return null;
  const em = medianSize(beside);
  let right = -Infinity;
  let leftMost = Infinity;
  for (const line of beside) {
    leftMost = Math.min(leftMost, line.x0);
    right = Math.max(right, line.x1);
  }
  if (right < gridX0 - ROW_LABEL_GAP_EMS_MAX * em) return null;
  const flushLeft = beside.every((line) => line.x0 - leftMost <= ROW_LABEL_EDGE_EMS * em);
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
  for (let r = 0; r < rows.length; r++) {
    const cell: TableCell = { lines: labels[r].sort((a, b) => a.y0 - b.y0) };
    rows[r].cells.unshift(cell);
  }
  return [...beside];
}

function medianSize(lines: readonly Line[]): number {
  const sizes = lines.map((line) => line.spans[0]?.size ?? 0).sort((a, b) => a - b);
  return sizes[sizes.length >> 1] || 1;
}
