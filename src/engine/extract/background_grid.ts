// Step 3, extract: a page's background pattern of thin lines (graph paper behind a slide, a
// chart's hatching), which is no table. Beamer's "epyt" theme draws a millimetre grid behind
// every slide: 96 level and 128 upright lines 2.8 pt apart. Read as rulings, the grid made
// each glyph a cell of a table ("| O |  | r | d |"), and as cell borders (cell_borders.ts) it
// cut every word into one span a letter. A table's row or column holds a line of text, so
// lines drawn closer together than any text is tall, at an even pitch, rule no cells.

/** Parallel lines at most this far apart (points, centre to centre) rule no cells: a row of a
 * table holds at least a line of text, 5 pt type with no padding at the least. */
export const GRID_PITCH_MAX_PT = 5;
/** ... when at least this many of them stand side by side at an even pitch: two or three close
 * lines are a double rule or a table's frame. */
export const GRID_LINES_MIN = 8;
/** ... each gap within this share of the run's median gap: a pattern repeats its pitch. */
const GRID_PITCH_TOLERANCE = 0.25;
/** Lines of one run span the same extent across, their ends within this many points. */
const GRID_ENDS_SNAP_PT = 1;
/** A line is at most this thick (points) to be a grid's: a ruling's thickness at most. */
const GRID_LINE_THICKNESS_MAX_PT = 3;
/** Lines looked at per page: a page drawing more keeps them all as they are. */
const GRID_CANDIDATES_MAX = 5_000;

/** A page's visible path boxes, each with its reader's key for it (a vector block's pointer,
 * or its ordinal on MuPDF.js's walk), gathered for backgroundGridLines. */
export class PathBoxes {
  readonly keys: number[] = [];
  readonly x0s: number[] = [];
  readonly y0s: number[] = [];
  readonly x1s: number[] = [];
  readonly y1s: number[] = [];

  push(key: number, x0: number, y0: number, x1: number, y1: number): void {
    this.keys.push(key);
    this.x0s.push(x0);
    this.y0s.push(y0);
    this.x1s.push(x1);
    this.y1s.push(y1);
  }

  /** The keys of the boxes that draw a background grid (backgroundGridLines). */
  gridKeys(): ReadonlySet<number> {
    const grid = backgroundGridLines(this.x0s, this.y0s, this.x1s, this.y1s);
    if (grid.size === 0) return NO_GRID;
    const keys = new Set<number>();
    for (const k of grid) keys.add(this.keys[k]);
    return keys;
  }
}

/** The grid keys of a page without a background grid (most). */
const NO_GRID: ReadonlySet<number> = new Set<number>();

/**
 * The indices of the boxes that are lines of a background grid: thin lines, level or upright,
 * GRID_LINES_MIN or more of them with the same ends across, at an even pitch of at most
 * GRID_PITCH_MAX_PT. `xs0`..`ys1` hold the page's path boxes; most pages have too few thin
 * lines to hold a grid and return at once.
 */
export function backgroundGridLines(x0s: readonly number[], y0s: readonly number[], x1s: readonly number[], y1s: readonly number[]): Set<number> {
  const grid = new Set<number>();
  const n = x0s.length;
  if (n < GRID_LINES_MIN || n > GRID_CANDIDATES_MAX) return grid;
  const level: number[] = [];
  const upright: number[] = [];
  for (let i = 0; i < n; i++) {
    const w = x1s[i] - x0s[i];
    const h = y1s[i] - y0s[i];
    if (h <= GRID_LINE_THICKNESS_MAX_PT && w > h) level.push(i);
    else if (w <= GRID_LINE_THICKNESS_MAX_PT && h > w) upright.push(i);
  }
  if (level.length >= GRID_LINES_MIN) markRuns(level, y0s, y1s, x0s, x1s, grid);
  if (upright.length >= GRID_LINES_MIN) markRuns(upright, x0s, x1s, y0s, y1s, grid);
  return grid;
}

/** Marks the runs of lines among `lines` that form a grid: `a0`/`a1` are the lines' thin
 * extent (their position), `b0`/`b1` their long one (the same for every line of a run). */
function markRuns(lines: number[], a0: readonly number[], a1: readonly number[], b0: readonly number[], b1: readonly number[], grid: Set<number>): void {
  const at = (i: number) => (a0[i] + a1[i]) / 2;
  // By extent across, then position: each run's lines come out together, in order.
  lines.sort((i, j) => Math.round(b0[i] / GRID_ENDS_SNAP_PT) - Math.round(b0[j] / GRID_ENDS_SNAP_PT) || Math.round(b1[i] / GRID_ENDS_SNAP_PT) - Math.round(b1[j] / GRID_ENDS_SNAP_PT) || at(i) - at(j));
  let start = 0;
  for (let k = 1; k <= lines.length; k++) {
    const sameExtent = k < lines.length && Math.abs(b0[lines[k]] - b0[lines[start]]) <= GRID_ENDS_SNAP_PT && Math.abs(b1[lines[k]] - b1[lines[start]]) <= GRID_ENDS_SNAP_PT;
    if (sameExtent) continue;
    if (k - start >= GRID_LINES_MIN) markEvenRun(lines, start, k, at, grid);
    start = k;
  }
}

/** Marks lines[start..end) when they stand at one even pitch of at most GRID_PITCH_MAX_PT. */
function markEvenRun(lines: number[], start: number, end: number, at: (i: number) => number, grid: Set<number>): void {
  const gaps: number[] = [];
  for (let k = start + 1; k < end; k++) gaps.push(at(lines[k]) - at(lines[k - 1]));
  const sorted = [...gaps].sort((a, b) => a - b);
  const pitch = sorted[Math.floor(sorted.length / 2)];
  if (!(pitch > 0 && pitch <= GRID_PITCH_MAX_PT)) return;
  // A line drawn twice (a darker line every few over the fine ones) or one left out is still
  // the pattern's: gaps of none, one or two pitches.
  for (const gap of gaps) {
    const pitches = Math.round(gap / pitch);
    if (pitches > 2 || Math.abs(gap - pitches * pitch) > GRID_PITCH_TOLERANCE * pitch) return;
  }
  for (let k = start; k < end; k++) grid.add(lines[k]);
}
