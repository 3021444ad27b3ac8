// Step 5, each page, after the detectors: an invoice's field block taken apart from the address
// set beside it. A business document sets its fields ("Invoice no.", "Date", "Due date",
// "Customer no.", each a label and its value) in two columns to the right of the sender's or
// the customer's address, a stack of short lines. The aligned detector finds the three
// columns line up and makes one table of them: the address's lines paired with the fields row
// by row ("Harbour Lane 14 | Date | 12 Nov 2026"), and where the two blocks keep different
// leadings two fields went into one row ("Due date Customer no. | 12 Dec 2026 C-10382").
// The address is read whole, then the fields as a table of two columns.
import type { Line } from "../model.js";
import { isBlankLine, lineText } from "../layout/lines.js";
import { RUNS_ON, SET_LINE_START } from "../layout/side_stacks.js";
import { isBlankText, wordCount } from "../layout/whitespace.js";
import { newTable, type Table, type TableCell } from "./model.js";
import { groupRows, lineBox } from "./rows.js";

/** The field tables this rule made: the stack beside each is read before it. */
const fieldTables = new WeakSet<Table>();

/** A field's label: at most this many words ... */
const FIELD_LABEL_WORDS_MAX = 3;
/** ... and the field block holds at least this many labels. */
const FIELD_LABELS_MIN = 3;
/** The gutter between the stack and the labels is at least this many times the gutter
 *  between the labels and the values: the fields are a block of their own, set apart, where a
 *  table's columns stand at one pitch. */
const STACK_GUTTER_RATIO_MIN = 2;
/** The stack's lines that read as labels (bold, or ending in a colon) are fewer than this
 *  share of them: a third column of labels is a form's grid, not an address. */
const STACK_LABEL_SHARE_MAX = 0.5;
/** A stack's cell of figures alone makes the table a table of figures. */
const FIGURES = /^[\d\s.,%+\-−–()€$£¥]+$/u;

function textLines(cell: TableCell): Line[] {
  return cell.lines.filter((line) => !isBlankLine(line));
}

/** Bold throughout, or ending in a colon: a label's marks. */
function readsAsLabel(line: Line): boolean {
  const text = lineText(line).trim();
  if (text.endsWith(":")) return true;
  let any = false;
  for (const span of line.spans) {
    if (isBlankText(span.text)) continue;
    if (!span.bold) return false;
    any = true;
  }
  return any;
}

/** Every filled cell of column `c` holds labels only, and at least FIELD_LABELS_MIN of them. */
function isLabelColumn(rows: readonly TableCell[][], c: number): boolean {
  let labels = 0;
  for (const row of rows) {
    for (const line of textLines(row[c])) {
      if (!readsAsLabel(line) || wordCount(lineText(line)) > FIELD_LABEL_WORDS_MAX) return false;
      labels++;
    }
  }
  return labels >= FIELD_LABELS_MIN;
}

/** The stack column: lines of words, few of them labels, no cell of figures alone. */
function isStackColumn(rows: readonly TableCell[][]): boolean {
  let lines = 0;
  let labels = 0;
  for (const row of rows) {
    const cell = textLines(row[0]);
    if (cell.length > 0 && FIGURES.test(cell.map(lineText).join(" "))) return false;
    for (const line of cell) {
      lines++;
      if (readsAsLabel(line)) labels++;
    }
  }
  return lines > 0 && labels < STACK_LABEL_SHARE_MAX * lines;
}

/** The rightmost edge of column `c`'s lines, or the leftmost (`left`). */
function columnEdge(rows: readonly TableCell[][], c: number, left: boolean): number {
  let edge = left ? Infinity : -Infinity;
  for (const row of rows) for (const line of textLines(row[c])) edge = left ? Math.min(edge, line.x0) : Math.max(edge, line.x1);
  return edge;
}

/** The fields' lines as rows of a label and a value, each visual row its own. */
function fieldTable(rows: readonly TableCell[][]): Table {
  const labelSet = new Set<Line>();
  const all: Line[] = [];
  for (const row of rows) {
    for (const line of textLines(row[1])) {
      labelSet.add(line);
      all.push(line);
    }
    for (const line of textLines(row[2])) all.push(line);
  }
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const built: { cells: TableCell[] }[] = [];
  for (const visual of groupRows(all, lineBox)) {
    const label: Line[] = [];
    const value: Line[] = [];
    for (const line of visual) {
      (labelSet.has(line) ? label : value).push(line);
      x0 = Math.min(x0, line.x0);
      y0 = Math.min(y0, line.y0);
      x1 = Math.max(x1, line.x1);
      y1 = Math.max(y1, line.y1);
    }
    built.push({ cells: [{ lines: label }, { lines: value }] });
  }
  const table = newTable({ x0, y0, x1, y1 }, built, false, 0);
  fieldTables.add(table);
  return table;
}

/**
 * A borderless table of three columns whose first column is a stack of lines (an address)
 * and whose other two are labels and their values, set apart from the stack by a gutter
 * wider than STACK_GUTTER_RATIO_MIN times the gutter between the labels and the values: the stack's lines
 * pushed onto `rest` and the fields made a table of two columns, one row per visual row.
 * Null when the table is not such a pair of blocks.
 */
export function splitFieldsBesideStack(table: Table, rest: Line[]): Table | null {
  if (table.ruled || table.authorGrid || table.rows.length === 0 || table.rows[0].length !== 3) return null;
  const rows = table.rows;
  if (!isLabelColumn(rows, 1) || !isStackColumn(rows)) return null;
  const labelsLeft = columnEdge(rows, 1, true);
  const gutter = labelsLeft - columnEdge(rows, 0, false);
  const fieldGutter = Math.max(0, columnEdge(rows, 2, true) - columnEdge(rows, 1, false));
  if (!(gutter > 0) || gutter < STACK_GUTTER_RATIO_MIN * fieldGutter) return null;
  const stack: Line[] = [];
  for (const row of rows) stack.push(...textLines(row[0]));
  // Each of the stack's lines was a row of its own: its author broke it there (an address's
  // lines), as at a stack beside the text (side_stacks.ts), where the next starts as a line of
  // a set does and this one does not run on.
  for (let k = 0; k + 1 < stack.length; k++) if (SET_LINE_START.test(lineText(stack[k + 1])) && !RUNS_ON.test(lineText(stack[k]))) stack[k].breakAfter = true;
  rest.push(...stack);
  return fieldTable(rows);
}

/** The page's tables with each field block split from the stack beside it (see
 *  splitFieldsBesideStack); the stacks' lines added to `rest` (in place). */
export function splitFieldBlocks(tables: Table[], rest: Line[]): Table[] {
  let out: Table[] | null = null;
  for (let t = 0; t < tables.length; t++) {
    const split = splitFieldsBesideStack(tables[t], rest);
    if (split === null) {
      out?.push(tables[t]);
      continue;
    }
    out ??= tables.slice(0, t);
    out.push(split);
  }
  return out ?? tables;
}

/** A page block as the render step sees it: a table, or a block of lines. */
type FieldPageBlock = { kind: "table"; table: Table } | { kind: "heading" | "paragraph" | "list_item" | "code"; lines: Line[] };

/**
 * The stack beside a field table read before it (in place): reading order puts the table by
 * its top, level with the address's first line, and read it first (the fields, then the
 * address), or the address's first line, then the fields, then its other lines. The blocks
 * right after the table whose lines all stand left of it and start above its bottom go
 * before it.
 */
export function readStacksBeforeFields(blocks: FieldPageBlock[]): void {
  for (let k = 0; k < blocks.length; k++) {
    const block = blocks[k];
    if (block.kind !== "table" || !fieldTables.has(block.table)) continue;
    const { table } = block;
    let end = k + 1;
    while (end < blocks.length) {
      const next = blocks[end];
      if (next.kind === "table" || next.lines.length === 0 || next.lines[0].y0 >= table.y1 || next.lines.some((line) => line.x1 > table.x0)) break;
      end++;
    }
    if (end === k + 1) continue;
    const moved = blocks.splice(k + 1, end - k - 1);
    blocks.splice(k, 0, ...moved);
    k += moved.length;
  }
}
