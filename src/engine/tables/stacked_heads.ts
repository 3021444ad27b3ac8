// A borderless table's header set on two lines or more, each line a row of its own. A
// browser or a word processor wraps a long head ("Cyclists per day" over "2019", "Floor area"
// over "(m²)") and sets the short heads on the first line or the last (vertical-align: top
// or bottom). The aligned detector reads each header line as a row: the first rows held the
// heads' halves, the one with the short heads had them alone ("| | (m²) | (MWh) |"), and the
// header row written was the top line only. Header lines bold throughout, one under another
// at a line's pitch, over a body that is not bold, are one header row.
import type { Line } from "../model.js";
import type { BuiltRow, TableCell } from "./model.js";
import { isBlank } from "./rows.js";
import { rowBold } from "./header_row.js";

/** At most this many header lines are joined (a head wrapped onto three lines). */
const STACKED_HEAD_LINES_MAX = 3;
/** A header line starts at most this share of its height under the line above it: the lines
 *  of one cell, not a header row over a bold row of the body. */
const STACKED_HEAD_GAP_SHARE_MAX = 0.6;
/** Each header line heads this share of the columns at least: a group's label over its
 *  sub-heads ("2019" over "Men" | "Women"), or a section label in the first cell alone, is a
 *  row of its own. */
const STACKED_HEAD_FILLED_SHARE_MIN = 0.5;

function filledCells(row: BuiltRow): number {
  let filled = 0;
  for (const cell of row.cells) if (cell.lines.some((line) => line.spans.some((span) => !isBlank(span.text)))) filled++;
  return filled;
}

/** Whether a line of one of the rows above `lines` stands over a line of another column in a
 *  row under it: a head centred over the columns it groups ("Units sold" over "Q1" | "Q2"). */
function spansColumns(rows: readonly BuiltRow[], lines: number): boolean {
  for (let r = 0; r < lines - 1; r++)
    for (let c = 0; c < rows[r].cells.length; c++)
      for (const upper of rows[r].cells[c].lines)
        for (let u = r + 1; u < lines; u++)
          for (let d = 0; d < rows[u].cells.length; d++) {
            if (d === c) continue;
            for (const lower of rows[u].cells[d].lines) if (Math.min(upper.x1, lower.x1) > Math.max(upper.x0, lower.x0)) return true;
          }
  return false;
}

/** A wrapped head's lines start, end or centre within this many points of each other. */
const WRAPPED_HEAD_ALIGN_PT = 1;

/** Whether each of the first `sparse` rows' heads stands over a head of the row under it, in
 *  its column, aligned with it as a cell aligns its lines (left, right or centre): the first
 *  lines of wrapped heads. A group's head centred over sub-heads is not. */
function wrapsOver(rows: readonly BuiltRow[], sparse: number): boolean {
  for (let r = 0; r < sparse; r++)
    for (let c = 0; c < rows[r].cells.length; c++) {
      const upper = inkBox(rows[r].cells[c].lines);
      if (upper === null) continue;
      const lower = inkBox(rows[r + 1].cells[c].lines);
      if (lower === null) return false;
      const near = (a: number, b: number) => Math.abs(a - b) <= WRAPPED_HEAD_ALIGN_PT;
      if (!near(upper.x0, lower.x0) && !near(upper.x1, lower.x1) && !near((upper.x0 + upper.x1) / 2, (lower.x0 + lower.x1) / 2)) return false;
    }
  return true;
}

/** The horizontal extent of the lines' text, or null when they hold none. */
function inkBox(lines: readonly Line[]): { x0: number; x1: number } | null {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const line of lines)
    for (const span of line.spans) {
      if (isBlank(span.text)) continue;
      x0 = Math.min(x0, span.x0);
      x1 = Math.max(x1, span.x1);
    }
  return x0 <= x1 ? { x0, x1 } : null;
}

/** The height of the row's tallest line. */
function lineHeight(row: BuiltRow): number {
  let height = 0;
  for (const cell of row.cells) for (const line of cell.lines) height = Math.max(height, line.y1 - line.y0);
  return height;
}

/**
 * The rows with the table's first rows joined into one header row when they are its header's
 * lines: two to STACKED_HEAD_LINES_MAX rows bold throughout, each heading
 * STACKED_HEAD_FILLED_SHARE_MIN of the columns and one of them leaving a column empty (a
 * wrapped head's other line), each starting within STACKED_HEAD_GAP_SHARE_MAX of a line's
 * height under the one above, no head standing over another column's (a group's head over its
 * sub-heads), and a row under them that is not bold. `rows` itself when not.
 */
export function joinStackedHeads(rows: BuiltRow[]): BuiltRow[] {
  if (rows.length < 3) return rows;
  const columns = rows[0].cells.length;
  let lines = 0;
  let gapped = false;
  // Header lines heading fewer columns than that, each head of theirs over a head of the line
  // under them: a wrapped head's first lines where the short heads are set on the last line
  // (Calc's vertical-align bottom: "Change vs" over "2024", the line of "Region", "Q1" …).
  let sparse = 0;
  while (lines < rows.length && lines <= STACKED_HEAD_LINES_MAX && rowBold(rows[lines]) === true) {
    const row = rows[lines];
    const filled = filledCells(row);
    if (lines > 0 && row.y0 - rows[lines - 1].y1 > STACKED_HEAD_GAP_SHARE_MAX * lineHeight(row)) break;
    if (filled < Math.max(2, STACKED_HEAD_FILLED_SHARE_MIN * columns)) {
      // Only above the lines that head enough columns.
      if (sparse < lines || filled === 0) break;
      sparse++;
    }
    if (filled < columns) gapped = true;
    lines++;
  }
  if (sparse > 0 && (sparse >= lines || !wrapsOver(rows, sparse))) return rows;
  if (lines < 2 || lines > STACKED_HEAD_LINES_MAX || !gapped || lines >= rows.length || rowBold(rows[lines]) !== false || spansColumns(rows, lines)) return rows;
  const cells: TableCell[] = [];
  for (let c = 0; c < columns; c++) {
    const cell: TableCell = { lines: [] };
    for (let r = 0; r < lines; r++) cell.lines.push(...rows[r].cells[c].lines);
    cells.push(cell);
  }
  const head: BuiltRow = { cells, y0: rows[0].y0, y1: rows[lines - 1].y1 };
  return [head, ...rows.slice(lines)];
}
