// Step 4, document pass, beside line_joining.ts: where text columns start on a page, so that
// a line of one column is not joined to the line beside it in the next column. Two-column
// pages set with a narrow gutter (LaTeX multicol's 10 pt at 10 pt type, office documents'
// 0.4 cm) leave a gap of about one em between the columns, which the joiner takes for the gap
// before a run-in value; the columns' own left edges give them away: many rows have a
// fragment starting at the same x with text to its left. Two listings set side by side in
// the two columns are told from a listing's aligned comments the same way: a column of
// running text starts between them.
import type { Line, Span } from "../model.js";
import { lowerBound } from "../tables/sorted_search.js";
import { sortNumbers } from "./number_sort.js";
import { startsWithDot } from "./whitespace.js";

/** Fragments whose left edges lie within this many points start at one x. */
const START_TOLERANCE = 1;
/** Rows that must start a fragment at one x, each with text to its left, to make it a column start. */
const START_ROWS_MIN = 3;
/** Fragments on one row overlap vertically by at least this share of the shorter (as the joiner). */
const SAME_ROW_OVERLAP = 0.6;
/** Neighbours looked at on each side of a fragment in the row-sorted order: rows rarely hold more. */
const ROW_NEIGHBOURS_MAX = 12;
/** A fragment at least this share of the page's text width wide is a line of running text. */
const TEXT_WIDTH_SHARE = 0.2;
/** Prose has words or numbers in a text face (an index's entry in the code face has its page
 * numbers) and is no dot leader on its way to a page number. */
const HAS_WORD = /[\p{L}\p{N}]/u;

/** HAS_WORD.test(text), ASCII letters and digits read by code: most spans start with one. */
function hasWord(text: string): boolean {
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39)) return true;
    if (code >= 0x80) return HAS_WORD.test(text.slice(k));
  }
  return false;
}
/** Points added to the reach of the row scan, so that rounding never ends it early. */
const ROW_REACH_SLACK = 1;

export interface ColumnStarts {
  /**
   * Whether joining `right` to `left` (same row, `left` first) would join two text columns:
   * `right` starts at a column start and `left` is a line of running text.
   */
  separates(left: Line, right: Line): boolean;
  /**
   * Whether a column of running text starts between two fragments of a row (`left` first):
   * a start where rows of prose, not code, have a line of running text to its left. Code
   * fragments are joined across wide gaps (a listing's aligned comments); two listings side
   * by side in two columns are not one line.
   */
  gutterBetween(left: Line, right: Line): boolean;
}

/**
 * The column starts of a page's fragments, sorted by row as the joiner sorts them (centre y,
 * then x). O(n log n): each fragment is compared with a bounded number of neighbours. The
 * boxes are copied now and the starts found on the first question: the joiner grows the
 * fragments it joins, while the starts are those of the fragments as extracted, and on more
 * than half of the pages no pair of fragments comes close enough to ask (issue 9: speed).
 */
export function findColumnStarts(sorted: readonly Line[]): ColumnStarts {
  const n = sorted.length;
  const scratch = fragmentScratch(n);
  const { boxes, spanCounts, horizontal } = scratch;
  // Each fragment's spans as extracted, for the prose test asked on the first question: the
  // joiner appends to a fragment's span array and replaces others, never changing the
  // first `spanCounts[i]` entries of the array held here.
  const spans: Span[][] = new Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    const line = sorted[i];
    boxes[4 * i] = line.x0;
    boxes[4 * i + 1] = line.y0;
    boxes[4 * i + 2] = line.x1;
    boxes[4 * i + 3] = line.y1;
    horizontal[i] = line.wmode === 0 ? 1 : 0;
    spans[i] = line.spans;
    spanCounts[i] = line.spans.length;
  }
  return new LazyColumnStarts({ count: n, boxes, horizontal, spans, spanCounts }, ++scratch.generation);
}

/** The typed arrays findColumnStarts copies a page's boxes into, kept from page to page and
 *  grown when a page has more fragments: a buffer made for every page (a backing store off
 *  the JS heap, zeroed and registered with the collector) was two thirds of findColumnStarts'
 *  time. A page's starts are asked only while its lines are joined (line_joining.ts
 *  prepareLines, synchronously), before the next page's are found: `generation` counts the
 *  pages, and a page's starts asked after the next page's boxes were written throw. */
class FragmentScratch {
  boxes = new Float64Array(4 * FRAGMENTS_INITIAL);
  spanCounts = new Uint32Array(FRAGMENTS_INITIAL);
  horizontal = new Uint8Array(FRAGMENTS_INITIAL);
  generation = 0;
}
/** Fragments the scratch holds at first; a page with more doubles it. */
const FRAGMENTS_INITIAL = 1_024;
const scratch = new FragmentScratch();

/** The scratch, with room for `n` fragments. */
function fragmentScratch(n: number): FragmentScratch {
  let capacity = scratch.horizontal.length;
  if (capacity >= n) return scratch;
  while (capacity < n) capacity *= 2;
  scratch.boxes = new Float64Array(4 * capacity);
  scratch.spanCounts = new Uint32Array(capacity);
  scratch.horizontal = new Uint8Array(capacity);
  return scratch;
}

/** The fragments as extracted: boxes (x0, y0, x1, y1 each), writing mode, spans; the first
 *  `count` entries of each are the page's (the typed arrays are FragmentScratch's). */
interface Fragments {
  count: number;
  boxes: Float64Array;
  horizontal: Uint8Array;
  spans: Span[][];
  spanCounts: Uint32Array;
}

/** Classes, not closures made per page: V8 recompiles a per-call closure's code after the
 *  closures die at a full GC. */
class LazyColumnStarts implements ColumnStarts {
  private starts: ColumnStarts | null = null;
  constructor(
    private readonly fragments: Fragments,
    private readonly generation: number,
  ) {}
  separates(left: Line, right: Line): boolean {
    this.starts ??= this.found();
    return this.starts.separates(left, right);
  }
  gutterBetween(left: Line, right: Line): boolean {
    this.starts ??= this.found();
    return this.starts.gutterBetween(left, right);
  }
  private found(): ColumnStarts {
    if (this.generation !== scratch.generation) throw new Error("column starts asked after the next page's fragments were copied");
    return startsOf(this.fragments);
  }
}

/** Fragment `i` holds running text: a word outside code, not a leader's start. */
function isProse(fragments: Fragments, i: number): boolean {
  const own = fragments.spans[i];
  const count = fragments.spanCounts[i];
  if (count === 0 || startsWithDot(own[0].text)) return false;
  for (let k = 0; k < count; k++) if (!own[k].monospace && hasWord(own[k].text)) return true;
  return false;
}

/** Fragment `k` is a line of running text: prose at least `minWidth` wide. */
function isRunning(fragments: Fragments, minWidth: number, k: number): boolean {
  const boxes = fragments.boxes;
  return boxes[4 * k + 2] - boxes[4 * k] >= minWidth && isProse(fragments, k);
}

/** Fragment `a` and `b` (indices into the boxes) overlap vertically as one row's do. */
function sameRow(boxes: Float64Array, a: number, b: number): boolean {
  const overlap = Math.min(boxes[4 * a + 3], boxes[4 * b + 3]) - Math.max(boxes[4 * a + 1], boxes[4 * b + 1]);
  const shorter = Math.min(boxes[4 * a + 3] - boxes[4 * a + 1], boxes[4 * b + 3] - boxes[4 * b + 1]);
  return shorter > 0 && overlap / shorter >= SAME_ROW_OVERLAP;
}

/** Fragment `line` starts right of fragment `other`, on its row: the sign of a column start. */
function startsRightOf(boxes: Float64Array, horizontal: Uint8Array, other: number, line: number): boolean {
  const x0 = boxes[4 * line];
  return horizontal[other] === 1 && boxes[4 * other + 2] <= x0 + START_TOLERANCE && boxes[4 * other] < x0 && sameRow(boxes, other, line);
}

function startsOf(fragments: Fragments): ColumnStarts {
  const { boxes, horizontal } = fragments;
  const n = fragments.count;
  const starts: number[] = [];
  /** The starts of lines of running text with another such line to their left. */
  const proseStarts: number[] = [];
  let rx0 = Infinity;
  let rx1 = -Infinity;
  let tallest = 0;
  for (let i = 0; i < n; i++) {
    tallest = Math.max(tallest, boxes[4 * i + 3] - boxes[4 * i + 1]);
    rx0 = Math.min(rx0, boxes[4 * i]);
    rx1 = Math.max(rx1, boxes[4 * i + 2]);
  }
  const minWidth = TEXT_WIDTH_SHARE * (rx1 - rx0);
  for (let i = 0; i < n; i++) {
    const x0 = boxes[4 * i];
    const y0 = boxes[4 * i + 1];
    const y1 = boxes[4 * i + 3];
    // Centres further apart than half of this line's height and the tallest's cannot share a
    // row, nor can any fragment beyond them in the centre-sorted order: the scan stops there
    // (on a page of running text, at the next line).
    const centre = y0 + y1;
    const reach = y1 - y0 + tallest + 2 * ROW_REACH_SLACK;
    const from = Math.max(0, i - ROW_NEIGHBOURS_MAX);
    const to = Math.min(n - 1, i + ROW_NEIGHBOURS_MAX);
    // A running line with another to its left starts a column of prose. The scan goes on
    // past other neighbours for one.
    let found = false;
    let foundProse = false;
    for (let j = i - 1; j >= from && !foundProse; j--) {
      if (centre - (boxes[4 * j + 1] + boxes[4 * j + 3]) > reach) break;
      if (!startsRightOf(boxes, horizontal, j, i)) continue;
      found = true;
      foundProse = isRunning(fragments, minWidth, i) && isRunning(fragments, minWidth, j);
    }
    for (let j = i + 1; j <= to && !foundProse; j++) {
      if (boxes[4 * j + 1] + boxes[4 * j + 3] - centre > reach) break;
      if (!startsRightOf(boxes, horizontal, j, i)) continue;
      found = true;
      foundProse = isRunning(fragments, minWidth, i) && isRunning(fragments, minWidth, j);
    }
    if (found) starts.push(x0);
    if (foundProse) proseStarts.push(x0);
  }
  sortNumbers(starts);
  const edges = columnEdges(proseStarts, minWidth);
  return new FoundColumnStarts(starts, edges, minWidth);
}

class FoundColumnStarts implements ColumnStarts {
  constructor(
    private readonly starts: number[],
    private readonly edges: number[],
    private readonly minWidth: number,
  ) {}
  separates(left: Line, right: Line): boolean {
    if (this.starts.length < START_ROWS_MIN || left.x1 - left.x0 < this.minWidth) return false;
    return startsWithin(this.starts, right.x0, right.x0) >= START_ROWS_MIN;
  }
  gutterBetween(left: Line, right: Line): boolean {
    const lo = left.x1 - START_TOLERANCE;
    const hi = right.x0 + START_TOLERANCE;
    for (const x of this.edges) if (x >= lo && x <= hi) return true;
    return false;
  }
}

/**
 * The left edges of the text columns after the first: the x's where prose starts on
 * START_ROWS_MIN rows at least, left to right, less those within `widthMin` right of an edge
 * kept (a column's paragraph indents, its indented titles after their numbers).
 */
function columnEdges(proseStarts: number[], widthMin: number): number[] {
  sortNumbers(proseStarts);
  const edges: number[] = [];
  for (let k = 0; k < proseStarts.length; k++) {
    const x = proseStarts[k];
    let m = k;
    while (m < proseStarts.length && proseStarts[m] <= x + 2 * START_TOLERANCE) m++;
    if (m - k < START_ROWS_MIN) continue;
    if (edges.length === 0 || x - edges[edges.length - 1] >= widthMin) edges.push(x);
    k = m - 1;
  }
  return edges;
}

/**
 * The most starts at one x (within twice the tolerance of the first of them) in [from -
 * tolerance, to + tolerance], counted up to START_ROWS_MIN; `starts` sorted, searched by
 * bisection. With `from` = `to` = x: the starts within the tolerance of x.
 */
function startsWithin(starts: readonly number[], from: number, to: number): number {
  let best = 0;
  for (let k = lowerBound(starts, from - START_TOLERANCE); k < starts.length && starts[k] <= to + START_TOLERANCE && best < START_ROWS_MIN; k++) {
    let count = 0;
    const end = Math.min(starts[k] + 2 * START_TOLERANCE, to + START_TOLERANCE);
    for (let m = k; m < starts.length && starts[m] <= end && count < START_ROWS_MIN; m++) count++;
    best = Math.max(best, count);
  }
  return best;
}
