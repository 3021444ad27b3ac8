// A spreadsheet's ruled header band over an unruled body: Calc draws borders round the header
// cells only (a two-row head, "Dates" over "Ordered" | "Shipped"), and the body's rows stand
// under it with no rules.
//
// The ruled detector reads the band as a grid of its own; holding only heads, a line or two per
// cell, it is judged a drawing's ("diagram") and its lines were marked as a diagram's, which
// the aligned detector never takes: the body came out as a table with no header and every head
// as a heading of its own ("## Dates", "## Quantity", "## Order"). A grid of a few rows, every
// line in it a head's few words, with a row of cells right under it inside its width, is the
// header of the table under it: its lines are left free for the aligned detector's header
// lines (growUp).
//
// Since svc-md-1.1.29 a head's word limit counts per column of the
// ruled cell it stands in: a merged cell over several columns holds a group's head
// ("Quantity issued by quarter" over Q1 to Q4) or the sheet's title over the whole band
// ("Regional Stores — Quarterly Issues 2026"), longer than any one column's head.
import type { Line } from "../model.js";
import { lineWordCount } from "../layout/lines.js";
import type { Grid } from "./grid.js";
import { SNAP_PT } from "./rulings.js";
import { lowerBound } from "./sorted_search.js";

/** A header band has at most this many rows of cells (a head over sub-heads, a wrapped head). */
const HEADER_BAND_ROWS_MAX = 3;
/** ... and each of its lines at most this many words ("Share of", "Ordered Delta") for each
 *  column of the ruled cell it stands in (headCellColumns: a merged cell's group head or the
 *  sheet's title over the band, "Quantity issued by quarter" over four quarters), ... */
const HEADER_BAND_LINE_WORDS_MAX = 3;
/** ... and never more than this many, however wide its cell: a sheet's title is a few words, a
 *  box holding a sentence is a drawing's. */
const HEADER_BAND_SPAN_WORDS_MAX = 8;
/** The body's first row starts within this many of its line heights under the band. */
const BODY_GAP_LINES_MAX = 1;
/** ... and holds at least this many lines (cells) inside the band's width: a table's row,
 *  not a caption or a paragraph under a drawing. */
const BODY_ROW_CELLS_MIN = 3;

/**
 * Whether the grid, judged a diagram, is the ruled header band of a table whose body stands
 * unruled under it: HEADER_BAND_ROWS_MAX rows at most, every line `inside` it of
 * HEADER_BAND_LINE_WORDS_MAX words at most, and a row of BODY_ROW_CELLS_MIN lines or more
 * inside its width starting within BODY_GAP_LINES_MAX line heights under it. `byY` are the
 * page's lines sorted by their centres' y, `cys` those centres.
 */
export function isHeaderBand(grid: Grid, inside: readonly Line[], byY: readonly Line[], cys: ArrayLike<number>): boolean {
  if (grid.ys.length - 1 > HEADER_BAND_ROWS_MAX || inside.length === 0) return false;
  for (const line of inside) {
    const words = lineWordCount(line);
    if (words > HEADER_BAND_SPAN_WORDS_MAX || words > HEADER_BAND_LINE_WORDS_MAX * headCellColumns(grid, line)) return false;
  }
  const x0 = grid.xs[0];
  const x1 = grid.xs[grid.xs.length - 1];
  const bottom = grid.ys[grid.ys.length - 1];
  // The first line whose centre lies under the band, inside its width.
  let first: Line | null = null;
  let k = lowerBound(cys, bottom);
  for (; k < byY.length; k++) {
    const line = byY[k];
    const cx = (line.x0 + line.x1) / 2;
    if (line.wmode === 0 && line.spans.length > 0 && cx >= x0 && cx <= x1) {
      first = line;
      break;
    }
  }
  if (first === null || first.y0 - bottom > BODY_GAP_LINES_MAX * (first.y1 - first.y0)) return false;
  // Its row: the lines whose centres lie within its height, inside the band's width.
  let cells = 0;
  for (let j = k; j < byY.length && cys[j] <= first.y1; j++) {
    const line = byY[j];
    const cx = (line.x0 + line.x1) / 2;
    if (line.wmode === 0 && cx >= x0 && cx <= x1) cells++;
  }
  return cells >= BODY_ROW_CELLS_MIN;
}


/**
 * How many of the grid's columns the ruled cell holding `line` spans: from the last grid edge
 * at or left of its start to the first at or right of its end, each with a vertical rule across
 * the line's middle. 1 when either side has no such rule (an open cell is no merged one).
 */
export function headCellColumns(grid: Grid, line: Line): number {
  const cy = (line.y0 + line.y1) / 2;
  const ruledAt = (i: number) => grid.vAt[i].some((seg) => seg.a <= cy && seg.b >= cy);
  let left = -1;
  for (let i = 0; i < grid.xs.length && grid.xs[i] <= line.x0 + SNAP_PT; i++) if (ruledAt(i)) left = i;
  let right = -1;
  for (let i = grid.xs.length - 1; i >= 0 && grid.xs[i] >= line.x1 - SNAP_PT; i--) if (ruledAt(i)) right = i;
  return left < 0 || right <= left ? 1 : right - left;
}
