// Step 3b, after the joiner's passes (line_joining.ts): a justified line in a narrow column
// that holds an unbreakable address is set with word spaces several ems wide (tracemonkey's
// references: "[4] SpiderMonkey     (JavaScript-C)     Engine     -"). Its words come as
// fragments too far apart to join as a line's do, and each would read as a paragraph of its
// own. Such a row is told from a table's by its gaps, all alike, and by its end at the
// column's right edge, where the lines around it end; a table's cells line up with the
// cells of other rows, which justified words do not. A row in two pieces has a single gap:
// it must be a stretched space after a sentence or a clause, or inside a sentence.
import type { Line } from "../model.js";
import { compareNumbers } from "./box.js";
import type { ColumnStarts } from "./column_starts.js";
import { lowerBound } from "../tables/sorted_search.js";
import { appendFragment, JOIN_LOOKBACK_MAX, lineSize, lineText, removeLines, SAME_ROW_OVERLAP, verticalOverlap } from "./lines.js";
import { sortInPlace } from "../sort_in_place.js";

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const NO_LINES: ReadonlySet<Line> = new Set();
const byX0 = (a: Line, b: Line) => compareNumbers(a.x0, b.x0);

/** Word spaces stretched up to this many ems; wider is another column or a table's gap. */
const JUSTIFIED_GAP_EMS_MAX = 8;
/** A row in two pieces has one gap, which says less: the space after a sentence or a clause
 * stretched up to this many ems, or a gap inside a sentence going on in small letters
 * (bzip2's manual: "… and testing." | "Files are decompressed and tested"). */
const TWO_PIECE_GAP_EMS_MAX = 2.5;
const CLAUSE_END = /[.!?:;,]\s*$/;
const LOWER_START = /^\s*\p{Ll}/u;
/** The gaps of one justified row differ by at most this many points … */
const GAP_SPREAD_PT = 1.5;
/** … or this share of the widest, whichever is more. */
const GAP_SPREAD_SHARE = 0.15;
/** TeX stretches the space after a punctuation mark more than a word space (its space factor:
 * 1.25 after a comma, 1.5 after a semicolon, 2 after a colon, 3 after a sentence's stop). A
 * gap after one may be up to this many times the widest gap between words, and no narrower
 * than the narrowest (R-ints' "to  using  skipWith = TRUE,   suppressPartialMatchArgs = FALSE
 * and": 13.9 pt between words, 16.5 pt after the comma). */
const PUNCTUATED_GAP_SHARE_MAX = 3;
/** A piece ending in a punctuation mark, a closing quote or bracket maybe after it. */
const PUNCTUATED_END = /[.!?:;,]['"’”)\]]*\s*$/;
/** Edges within this many points are one: a column's right edge, a table column's start. */
const EDGE_TOLERANCE = 1;
/** Lines ending at one x that make it a column's right edge. */
const RIGHT_EDGE_LINES_MIN = 3;

export function joinJustifiedRows(joined: Line[], columns: ColumnStarts): void {
  let ends: Float64Array | null = null;
  let starts: Float64Array | null = null;
  let taken: Set<Line> | null = null;
  // The rows this pass joined: not a paragraph's full lines (startsTableColumn).
  let rowsJoined: Set<Line> | null = null;
  for (let i = 0; i < joined.length; ) {
    // A row: the fragments after joined[i] in the centre-sorted order that overlap it.
    let j = i + 1;
    // (Most next fragments lie wholly below: no overlap to measure.)
    while (j < joined.length && j - i < JOIN_LOOKBACK_MAX && joined[j].y0 < joined[i].y1 && verticalOverlap(joined[i], joined[j]) >= SAME_ROW_OVERLAP) j++;
    // Most rows of two or more are a two-column page's two lines, a gutter apart: that pair
    // is let go before the row is copied.
    if (j - i === 2 && !closePair(joined[i], joined[i + 1], columns)) {
      i = j;
      continue;
    }
    if (j - i >= 2) {
      // One array a row, and sorted in place: a copy filtered, then sorted by the built-in
      // (which sets up a kilobyte of working state a call), made the most garbage of the pass.
      const row: Line[] = [];
      for (let k = i; k < j; k++) if (joined[k].wmode === 0) row.push(joined[k]);
      sortInPlace(row, byX0);
      for (const run of runsOf(row, columns)) {
        if (!gapsAlike(run)) continue;
        // The page's edges, sorted once, on the first row that gets this far.
        ends ??= sortedEdges(joined, rightEdge, rightEdgesScratch);
        starts ??= sortedEdges(joined, leftEdge, leftEdgesScratch);
        if (!atColumnEdges(run, ends, starts, joined, rowsJoined ?? NO_LINES)) continue;
        for (let k = 1; k < run.length; k++) appendFragment(run[0], run[k]);
        taken ??= new Set();
        for (let k = 1; k < run.length; k++) taken.add(run[k]);
        rowsJoined ??= new Set();
        rowsJoined.add(run[0]);
      }
    }
    i = j;
  }
  if (taken) removeLines(joined, taken);
}

/** Whether two fragments of a row stand close enough, and on one side of every column's
 * edge, to be pieces of one justified line. */
function closePair(a: Line, b: Line, columns: ColumnStarts): boolean {
  // Two names, not a pair destructured: an array a row of two, on every two-column page.
  const left = a.x0 <= b.x0 ? a : b;
  const right = left === a ? b : a;
  const gap = right.x0 - left.x1;
  return gap > 0 && gap <= TWO_PIECE_GAP_EMS_MAX * Math.max(left.y1 - left.y0, right.y1 - right.y0) && !columns.gutterBetween(left, right);
}

/** The row's runs of two fragments or more in one size, cut at column gutters and at gaps
 * wider than a stretched word space. (Code alone on a row the joiner took whole already.) */
function runsOf(row: readonly Line[], columns: ColumnStarts): Line[][] {
  const runs: Line[][] = [];
  let run: Line[] = [];
  // A run ends (flushed below, with no closure made per row): kept when it has two pieces.
  // Sizes are read only for pieces a gap and the columns leave together.
  let prevSize = NaN;
  for (const line of row) {
    const prev = run[run.length - 1];
    let size = NaN;
    if (prev) {
      const gap = line.x0 - prev.x1;
      // A line's box is about 1.2 of its size high: the height bounds the gap before sizes are read.
      const roughEm = Math.max(prev.y1 - prev.y0, line.y1 - line.y0);
      let ends = gap <= 0 || gap > JUSTIFIED_GAP_EMS_MAX * roughEm || columns.gutterBetween(prev, line);
      if (!ends) {
        if (Number.isNaN(prevSize)) prevSize = lineSize(prev);
        size = lineSize(line);
        ends = gap > JUSTIFIED_GAP_EMS_MAX * Math.max(prevSize, size, 1) || Math.abs(prevSize - size) >= 0.5;
      }
      if (ends) {
        if (run.length >= 2) runs.push(run);
        run = [];
      }
    }
    run.push(line);
    prevSize = size;
  }
  if (run.length >= 2) runs.push(run);
  return runs;
}

/** Whether the run's gaps are alike: all within GAP_SPREAD of each other, or, in two pieces,
 * a stretched space after a sentence or a clause, or inside a sentence. */
function gapsAlike(run: readonly Line[]): boolean {
  if (run.length === 2) {
    const [left, right] = run;
    const em = Math.max(lineSize(left), lineSize(right), 1);
    if (right.x0 - left.x1 > TWO_PIECE_GAP_EMS_MAX * em) return false;
    return CLAUSE_END.test(lineText(left)) || LOWER_START.test(lineText(right));
  }
  // Gaps between words, and gaps after a punctuation mark, which TeX stretches more.
  let least = Infinity;
  let most = -Infinity;
  let leastPunctuated = Infinity;
  let mostPunctuated = -Infinity;
  for (let k = 1; k < run.length; k++) {
    const gap = run[k].x0 - run[k - 1].x1;
    if (PUNCTUATED_END.test(lineText(run[k - 1]))) {
      leastPunctuated = Math.min(leastPunctuated, gap);
      mostPunctuated = Math.max(mostPunctuated, gap);
    } else {
      least = Math.min(least, gap);
      most = Math.max(most, gap);
    }
  }
  // All after punctuation, or none: the gaps are alike, as words' are.
  if (least === Infinity || leastPunctuated === Infinity) {
    least = Math.min(least, leastPunctuated);
    most = Math.max(most, mostPunctuated);
    return most - least <= Math.max(GAP_SPREAD_PT, GAP_SPREAD_SHARE * most);
  }
  const spread = Math.max(GAP_SPREAD_PT, GAP_SPREAD_SHARE * most);
  return most - least <= spread && leastPunctuated >= least - spread && mostPunctuated <= PUNCTUATED_GAP_SHARE_MAX * most;
}

/** Whether the run ends at the column's right edge, where other lines end too, and none of
 * its pieces after the first starts where another fragment of the page does (a table's column). */
function atColumnEdges(run: readonly Line[], ends: Float64Array, starts: Float64Array, lines: readonly Line[], rowsJoined: ReadonlySet<Line>): boolean {
  // The run's last fragment is one of the lines ending there.
  if (countNear(ends, run[run.length - 1].x1) < RIGHT_EDGE_LINES_MIN + 1) return false;
  // (The page's lines are looked through only when another fragment starts at a piece's x.)
  let aligned = false;
  for (let k = 1; k < run.length; k++) {
    if (countNear(starts, run[k].x0) <= 1 || !startsTableColumn(run, k, lines, rowsJoined)) continue;
    if (aligned) return false;
    aligned = true;
  }
  return !aligned || alignedByChance(run);
}

/** A row of this many words or more that shares one start past its first word with another
 * fragment shares it by chance: a table's columns line up in many places. */
const CHANCE_ROW_PIECES_MIN = 5;

/**
 * Whether the one piece of the run that starts where another fragment does lines up with it
 * by chance: the run is a row of CHANCE_ROW_PIECES_MIN words or more, stretched alike, and
 * none of its other words lines up with anything (revtex's auguide, two underfull lines in
 * a row: "The basic formatting of the manuscript" over "is controlled by setting class
 * options using", "of" at 196.8 and "class" at 197.4; its summary's table cell "Invoke
 * emergency processing to avoid the LaTeX error", "emergency" under "[preprintnumbers]"
 * 0.6 pt off: each word had read as a paragraph of its own).
 */
function alignedByChance(run: readonly Line[]): boolean {
  return run.length >= CHANCE_ROW_PIECES_MIN;
}

/**
 * Whether another fragment starts where the run's piece `k` does with no full line of the
 * run's paragraph between their rows: a table's column. A paragraph's lines, from the run's
 * start to its end, run across the x, so a justified piece that starts by chance where
 * another does a few lines off stays a piece (R-ints' "for analyzing package code." |
 * "E.g., use …" at x 312.1, "suppressPartialMatchArgs" at 311.4 three lines below, two full
 * lines between). A row joined by this pass is no such line: a table's header row, its
 * cells spread as evenly as a justified line's words, had let its column's cells be
 * joined too (revtex's "Left | Centered | Decimal | Right" over "10 | 20 | 30 | 40").
 */
function startsTableColumn(run: readonly Line[], k: number, lines: readonly Line[], rowsJoined: ReadonlySet<Line>): boolean {
  const piece = run[k];
  const x = piece.x0;
  for (const other of lines) {
    if (other === piece || Math.abs(other.x0 - x) > EDGE_TOLERANCE) continue;
    if (!fullLineBetween(piece, other, run[0].x0, run[run.length - 1].x1, lines, rowsJoined)) return true;
  }
  return false;
}

/** Whether a line whose row lies between the rows of `a` and `b` runs from `x0` to `x1`. */
function fullLineBetween(a: Line, b: Line, x0: number, x1: number, lines: readonly Line[], rowsJoined: ReadonlySet<Line>): boolean {
  const upper = a.y0 + a.y1 <= b.y0 + b.y1 ? a : b;
  const lower = upper === a ? b : a;
  for (const line of lines) {
    if (line.wmode !== 0 || line.y0 < upper.y1 || line.y1 > lower.y0 || rowsJoined.has(line)) continue;
    if (Math.abs(line.x0 - x0) <= EDGE_TOLERANCE && Math.abs(line.x1 - x1) <= EDGE_TOLERANCE) return true;
  }
  return false;
}

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const rightEdge = (line: Line) => line.x1;
const leftEdge = (line: Line) => line.x0;

/** The lines' edges, sorted, in `scratch` when it has room (the two edges' buffers are kept
 *  from page to page: a typed array of more than eight numbers gets a backing store of its
 *  own, about a microsecond to make). joinJustifiedRows reads them until it returns. */
function sortedEdges(lines: readonly Line[], edge: (line: Line) => number, scratch: EdgeScratch): Float64Array {
  if (scratch.buffer.length < lines.length) scratch.buffer = new Float64Array(2 * lines.length);
  const xs = scratch.buffer.subarray(0, lines.length);
  for (let i = 0; i < lines.length; i++) xs[i] = edge(lines[i]);
  return xs.sort();
}
interface EdgeScratch {
  buffer: Float64Array;
}
const rightEdgesScratch: EdgeScratch = { buffer: new Float64Array(0) };
const leftEdgesScratch: EdgeScratch = { buffer: new Float64Array(0) };

/** How many of the sorted `xs` lie within EDGE_TOLERANCE of `x`. */
function countNear(xs: Float64Array, x: number): number {
  let count = 0;
  for (let k = lowerBound(xs, x - EDGE_TOLERANCE); k < xs.length && xs[k] <= x + EDGE_TOLERANCE; k++) count++;
  return count;
}
