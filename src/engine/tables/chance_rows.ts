// Blocks of lines side by side that rows pair only by chance: an invoice's letterhead (a
// name in a large type over its address) beside the invoice's number and dates set flush
// right, each block's lines at its own leading. Their lines happen to lie level enough to
// make rows, and the rows a table whose cells take two lines of one block beside one of the
// other ("14 Canal Street Manchester M1 3HE" | "PO number 44-A19"). A table's columns are no
// such stacks: where one column's cell wraps, the other columns leave a gap under their
// cells, and where every column runs on with no gap, each row holds as many lines in each.
// Left out of tables, the stacks are read one after the other (layout/side_stacks.ts).
import type { Line } from "../model.js";
import type { TextRow } from "./cell_gaps.js";
import { isBlankText } from "../layout/whitespace.js";

/**
 * A column is a stack when no gap between its consecutive lines is taller than this share of
 * their median height: lines at their leading, boxes touching or overlapping. A table's rows
 * are padded apart, or leave a gap beside a wrapped cell.
 */
const STACK_GAP_HEIGHT_SHARE = 0.25;

/**
 * Whether the rows' columns are blocks set side by side rather than a table's: every column
 * a stack of lines with no gap (STACK_GAP_HEIGHT_SHARE), and some row holding more lines in
 * one cell than in another. Rows are full (one cell a column).
 */
export function stacksSideBySide(full: readonly TextRow[]): boolean {
  if (full.length === 0) return false;
  const columns = full[0].cells.length;
  let unequal = false;
  for (const row of full) {
    if (row.cells.length !== columns) return false;
    const lines = linesOfCell(row, 0).length;
    for (let c = 1; c < columns && !unequal; c++) unequal = linesOfCell(row, c).length !== lines;
  }
  if (!unequal) return false;
  for (let c = 0; c < columns; c++) {
    const lines: Line[] = [];
    for (const row of full) lines.push(...linesOfCell(row, c));
    if (!isStack(lines)) return false;
  }
  return true;
}

/** A line under the run starts within this many of its ems of a column's left edge. */
const STACK_EDGE_EMS = 0.5;

/**
 * Whether the rows' columns are stacks of lines (isStack) under a row of bold labels, and
 * one of them goes on under the last row, a line of its own there in that column touching the stack, the other columns
 * empty: two address blocks side by side under their labels ("Bill to" | "Ship to"), the
 * left one a line longer, whose lines pair exactly row by row. As a table the longer block's
 * last line was left out of its cell and read after the table ("5013 Bergen, Norway").
 * `next`: the row under the run, if any.
 */
export function stackGoesOnUnder(full: readonly TextRow[], next: TextRow | null): boolean {
  if (full.length < 2 || next === null || next.cells.length !== 1) return false;
  const columns = full[0].cells.length;
  for (const row of full) if (row.cells.length !== columns) return false;
  // Each block under its label: the first row's cells in bold, the rest not (a two-column
  // list of codes, a form's labels beside their values are no such blocks).
  for (const cell of full[0].cells) if (!cell.items.every((item) => item.span.bold || isBlankText(item.span.text))) return false;
  for (let r = 1; r < full.length; r++) for (const cell of full[r].cells) if (cell.items.some((item) => item.span.bold && !isBlankText(item.span.text))) return false;
  const under = next.cells[0];
  const last = full[full.length - 1];
  let column = -1;
  for (let c = 0; c < columns; c++) if (Math.abs(under.x0 - last.cells[c].x0) <= STACK_EDGE_EMS * next.em) column = c;
  if (column < 0) return false;
  for (let c = 0; c < columns; c++) {
    const lines: Line[] = [];
    for (const row of full) lines.push(...linesOfCell(row, c));
    if (c === column) for (const item of under.items) if (!lines.includes(item.line)) lines.push(item.line);
    if (!isStack(lines)) return false;
  }
  return true;
}

/** The distinct lines of the row's cell `c`, in their order. */
function linesOfCell(row: TextRow, c: number): Line[] {
  const out: Line[] = [];
  for (const item of row.cells[c].items) if (!out.includes(item.line)) out.push(item.line);
  return out;
}

/** Whether the lines, top to bottom, follow each other with no gap (STACK_GAP_HEIGHT_SHARE). */
function isStack(lines: Line[]): boolean {
  lines.sort((a, b) => a.y0 - b.y0);
  const heights = lines.map((l) => l.y1 - l.y0).sort((a, b) => a - b);
  const median = heights[heights.length >> 1];
  for (let i = 1; i < lines.length; i++) if (lines[i].y0 - lines[i - 1].y1 > STACK_GAP_HEIGHT_SHARE * median) return false;
  return true;
}
