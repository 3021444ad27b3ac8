// Rows of a borderless table set with its cells centred on the row (a web page's table: a
// cell's vertical-align is middle unless the page says otherwise). A cell whose text wraps
// onto two lines makes its row that tall; the other cells of the row, a line each,
// stand centred beside it, between its lines. Rows grouped line by line then hold the
// wrapped cell's first line alone ("" | "Pt100, Pt1000 (2-, 3- or") and its next line with
// the centred cells ("Input" | "4-wire)"). These rows are one.
import { unionOf } from "../layout/box.js";
import { firstWordWidth, lineText } from "../layout/lines.js";
import type { Line } from "../model.js";
import type { BuiltRow, TableCell } from "./model.js";

/** A line ending so ends its cell's text: the next line is another cell's (a form's questions
 *  one a row, "… soothing or relaxing music?" | "Did you watch any TV? …"). */
const CELL_TEXT_ENDS = /[.!?:;]\s*$/;
/** A space between words, in ems of the line's height. */
const WORD_SPACE_LINE_SHARE = 0.25;
/** A wrapped cell's lines stand at most this share of a line's height apart ... */
const WRAP_GAP_LINE_SHARE_MAX = 0.5;
/** ... and start within this share of a line's height of one another (or end so: text set
 *  flush right). */
const WRAP_EDGE_LINE_SHARE_MAX = 0.5;
/** A cell beside them is centred on them when its middle lies within this share of a line's
 *  height of theirs. */
const CENTRE_LINE_SHARE_MAX = 0.25;
/** Rows joined at once: a cell wrapped onto two lines. Beside three, a centred cell stands on
 *  the middle line, where a top-aligned table's row stands under the line that ends the row
 *  above (a LaTeX table's "… (default)" | "`draft` Uses single-spacing …" | "ment"). */
const WRAPPED_LINES_MAX = 2;

/** The rows with each run of rows that make one centred row (see above) joined. */
export function joinCentredRows(rows: BuiltRow[]): BuiltRow[] {
  const out: BuiltRow[] = [];
  const widths = columnWidths(rows);
  for (let r = 0; r < rows.length; ) {
    let joined = 1;
    for (let n = Math.min(WRAPPED_LINES_MAX, rows.length - r); n >= 2; n--) {
      if (isCentredRow(rows.slice(r, r + n), widths)) {
        joined = n;
        break;
      }
    }
    out.push(joined === 1 ? rows[r] : joinRows(rows.slice(r, r + joined)));
    r += joined;
  }
  return out;
}

/** Whether the rows are one row: some column holds a line in each of them, one cell wrapped
 *  (its lines close and at one edge), and every other column with text holds it in one row
 *  only, centred on the wrapped cell's lines. */
function isCentredRow(rows: readonly BuiltRow[], widths: readonly number[]): boolean {
  const columns = rows[0].cells.length;
  let wrapped: Line[] | null = null;
  const single: Line[][] = [];
  for (let c = 0; c < columns; c++) {
    // Loops, not closures over the column index (see columnWidths).
    const filled: BuiltRow[] = [];
    for (const row of rows) if (row.cells[c].lines.length > 0) filled.push(row);
    if (filled.length === 0) continue;
    if (filled.length === rows.length) {
      const column: Line[] = [];
      for (const row of rows) {
        if (row.cells[c].lines.length !== 1) return false;
        column.push(row.cells[c].lines[0]);
      }
      if (!isWrappedCell(column, widths[c])) return false;
      wrapped ??= column;
    } else if (filled.length === 1) {
      single.push(filled[0].cells[c].lines);
    } else {
      return false;
    }
  }
  if (wrapped === null || single.length === 0) return false;
  const middle = (wrapped[0].y0 + wrapped[wrapped.length - 1].y1) / 2;
  const height = wrapped[0].y1 - wrapped[0].y0;
  return single.every((lines) => {
    const { y0, y1 } = unionOf(lines);
    return Math.abs((y0 + y1) / 2 - middle) <= CENTRE_LINE_SHARE_MAX * height;
  });
}

/** Lines one under another, close, at one left or right edge, each but the last ending no
 *  sentence and too full for the next line's first word in the column's width (a cell wraps
 *  where its text does not fit; the fonts one a line of a LaTeX cell, "Tex Gyre Heros" over
 *  "Amiri,", would): one cell's wrapped text. */
function isWrappedCell(lines: readonly Line[], width: number): boolean {
  for (let k = 1; k < lines.length; k++) {
    const [above, below] = [lines[k - 1], lines[k]];
    const height = above.y1 - above.y0;
    // The lines' boxes first, then the first word's width, then the text: each test only
    // turns the pair away, so their order changes no answer, and most rows of a table (asked
    // of every pair of rows) stand too far apart for their text to be joined.
    if (below.y0 - above.y1 > WRAP_GAP_LINE_SHARE_MAX * height || below.y0 < above.y0) return false;
    const tolerance = WRAP_EDGE_LINE_SHARE_MAX * height;
    if (Math.abs(below.x0 - above.x0) > tolerance && Math.abs(below.x1 - above.x1) > tolerance) return false;
    if (above.x1 - above.x0 + WORD_SPACE_LINE_SHARE * height + firstWordWidth(below) <= width) return false;
    if (CELL_TEXT_ENDS.test(lineText(above))) return false;
  }
  return true;
}

function joinRows(rows: readonly BuiltRow[]): BuiltRow {
  // Each cell a literal and its lines gathered in a loop: a spread copy is a cell of another
  // hidden class, and flatMap makes a holey array, which sent the table's readers back to the
  // interpreter.
  const cells: TableCell[] = [];
  for (let c = 0; c < rows[0].cells.length; c++) {
    const lines: Line[] = [];
    for (const row of rows) for (const line of row.cells[c].lines) lines.push(line);
    cells.push({ lines });
  }
  return {
    cells,
    y0: Math.min(...rows.map((row) => row.y0)),
    y1: Math.max(...rows.map((row) => row.y1)),
  };
}

/** Each column's width: from the leftmost start to the rightmost end of its lines. */
function columnWidths(rows: readonly BuiltRow[]): number[] {
  // Loops, not closures over the rows: a closure made per call loses its optimised code at
  // each full garbage collection, and was compiled again every few passes.
  const widths: number[] = [];
  for (let c = 0; c < rows[0].cells.length; c++) {
    const { x0, x1 } = unionOf(columnLines(rows, c));
    widths.push(x1 - x0);
  }
  return widths;
}

/** The lines of column c, row by row. */
function columnLines(rows: readonly BuiltRow[], c: number): Line[] {
  const lines: Line[] = [];
  for (const row of rows) for (const line of row.cells[c].lines) lines.push(line);
  return lines;
}
