// Step 5, each page: reading order, by recursive whitespace segmentation (the XY-cut family).
// A region is cut vertically at a column gutter (a strip no narrow line crosses, with text
// columns on both sides); the lines that do cross it (titles, banners, wide figures) cut it
// into horizontal bands, and each band is read column by column. A region with no gutter of
// its own (a code figure crossing the gutter makes the page-wide search fail) is cut
// horizontally at its empty rows; bands whose gutters line up are read as one columnar band
// again, so a gap that happens to fall at the same height in both columns does not cut the
// columns. Footnotes at the foot of a column are read after the band's last column. Works on
// any boxed item, so tables take their place in the flow like lines do. Iterative, with a
// depth cap: no recursion.
//
// This TypeScript is the reference. native/layout-core/src/lib.rs is a port of it, run as a
// native addon or WebAssembly when layout_kernel.ts selects one; a change here must be made
// there too (test/engine/layout_kernel.test.ts fails until both agree).
import { type Box, byTopThenLeft, compareNumbers, type OrderedGroup, orderedGroup } from "./box.js";
import { decodeGroups, layoutKernel } from "./kernel.js";
import { sortInPlace } from "../sort_in_place.js";

// The sweep's events, set for the one synchronous sort that reads them (findGutter): each
// event's x, and +1 where an item starts, -1 where it ends. Typed arrays and an index order,
// where an array of three numbers an event (two an item) was most of the sweep's allocation.
let eventXs = new Float64Array(0);
let eventEnds = new Int8Array(0);
/** Each event's item: 1 narrow, 0 wide (gutterOf). */
let eventKinds = new Uint8Array(0);
// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const byTopEdge = (a: Box, b: Box) => compareNumbers(a.y0, b.y0);

export type { Box, OrderedGroup } from "./box.js";


/** Lines wider than this share of the region are full-width and never define a gutter. */
const SPANNING_WIDTH_SHARE = 0.6;
/** Narrowest gutter, in points: word gaps sit inside lines, so this only has to beat kerning noise. */
export const GUTTER_WIDTH_MIN = 6;
/** Share of narrow items that may cross a gutter (centred lines in a two-column page). */
const GUTTER_CROSSING_SHARE = 0.15;
/** A column needs at least this many items on each side of the gutter. */
const COLUMN_ITEMS_MIN = 3;
/** … of which at least this many text-width lines (a slide's column: a heading over two bullets). */
const COLUMN_TEXT_LINES_MIN = 2;
/** A line at least this share of the region wide is a line of running text. */
const COLUMN_TEXT_WIDTH_SHARE = 0.2;
/** Both sides must overlap vertically by this share of the shorter side's height. */
const COLUMN_VERTICAL_OVERLAP = 0.3;
/**
 * A side of a candidate gutter with at most this many items may be rows, not a column: a
 * mail thread's dates set flush right on their senders' lines, a CV's dates on their
 * titles' lines. Full-width body lines between them cut the page into bands in which only
 * those rows stand beside the gutter, so the column tests alone take the dates for a column.
 */
const ROW_SIDE_ITEMS_MAX = 6;
/** … when each of its items is at most this share of the region wide (a date, a name) … */
const ROW_ITEM_WIDTH_SHARE = 0.4;
/**
 * … each overlaps some line of the other side by at least this share of the shorter one's
 * height (level with it: on its baseline, or a larger font's line beside a smaller one) …
 */
const ROW_LEVEL_OVERLAP_SHARE = 0.8;
/** … consecutive ones stand apart by at least this many of the taller one's heights … */
const ROW_ITEMS_GAP_HEIGHTS = 2;
/**
 * … and the line each is level with starts a paragraph: an empty row at least this share of
 * its height stands above it (a line inside a paragraph is spaced a fifth of a line or less).
 * A note in the margin beside a paragraph's middle, read as a row, would cut the paragraph.
 */
const ROW_START_GAP_SHARE = 0.5;
/** Nested column splits considered (page → columns → sub-columns …). */
const SPLIT_DEPTH_MAX = 4;
/**
 * An empty row at least this share of the region's median line height tall cuts a region
 * without a gutter into bands. Line spacing inside a paragraph is a fifth of a line or
 * less; the space around a figure, its caption or a heading is most of a line or more.
 */
const ROW_GAP_HEIGHT_SHARE = 0.8;
/** Slack, in points, for an item touching a gutter's edge (rounding of glyph boxes). */
const GUTTER_EDGE_SLACK = 1;
/**
 * Footnotes: the items at a column's foot are footnotes when an empty row at least this
 * share of the column's median line height tall stands above them …
 */
const FOOTNOTE_GAP_HEIGHT_SHARE = 1;
/**
 * … most of their lines are at most this share of the body lines' median height (footnotes
 * are set at 8 pt under 10 pt, 7 under 9: about 0.8; a caption at \small, 9 under 10, is not) …
 */
const FOOTNOTE_HEIGHT_SHARE = 0.85;
/** … and they are at most this share of the column's items (a footnote is not the column). */
const FOOTNOTE_ITEMS_SHARE = 0.4;

export interface Gutter {
  x0: number;
  x1: number;
}

interface Region<T extends Box> {
  items: T[];
  /** Vertical splits above this region. */
  depth: number;
  /** Side-by-side columns of the band the region belongs to (1 = full width). */
  columns: number;
  /** The gutter to cut at, already found (a run of bands whose gutters line up). */
  gutter: Gutter | null;
  /** Read as it is: no further cut (a line crossing a gutter, a band without gaps or gutter). */
  leaf: boolean;
}

/**
 * The best x-interval crossed by few narrow items, with real columns on both sides. A few
 * narrow items may cross it (centred affiliations, short captions): they become the
 * lines at which the page is cut into bands.
 */
function findGutter<T extends Box>(items: readonly T[]): Gutter | null {
  // The gutter depends on the items' boxes alone, in their order: render/page.ts asks for the
  // page's (columnGutter) and reading order asks again for the same lines on most pages, which
  // have no table, footnote or float between the two questions (issue 9: speed).
  if (!sameBoxes(lastGutterBoxes, lastGutterItems, items)) {
    lastGutter = gutterOf(items);
    lastGutterBoxes = boxesOf(items, lastGutterBoxes);
    lastGutterItems = items.length;
  }
  return lastGutter === null ? null : { x0: lastGutter.x0, x1: lastGutter.x1 };
}

/** The last items findGutter was asked about: how many, their boxes (x0, y0, x1, y1 each) in
 *  order at the start of a buffer kept from call to call, and its answer. */
let lastGutterBoxes: Float64Array = new Float64Array(0);
let lastGutterItems = 0;
let lastGutter: Gutter | null = null;

function sameBoxes(boxes: Float64Array, count: number, items: readonly Box[]): boolean {
  if (count !== items.length) return false;
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (boxes[4 * i] !== it.x0 || boxes[4 * i + 1] !== it.y0 || boxes[4 * i + 2] !== it.x1 || boxes[4 * i + 3] !== it.y1) return false;
  }
  return true;
}

/** The items' boxes in order, at the start of `into` when it holds them, else of a new buffer
 *  with room to spare: a buffer a call of another length had allocated a backing store on most
 *  calls. */
function boxesOf(items: readonly Box[], into: Float64Array): Float64Array {
  const boxes = into.length >= 4 * items.length ? into : new Float64Array(8 * items.length);
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    boxes[4 * i] = it.x0;
    boxes[4 * i + 1] = it.y0;
    boxes[4 * i + 2] = it.x1;
    boxes[4 * i + 3] = it.y1;
  }
  return boxes;
}

// The sweep's order and a second buffer its merges write into (sweepOrder), kept from call to
// call like the events.
let eventOrder = new Uint32Array(0);
let mergeBuffer = new Uint32Array(0);

/** Runs of this many events are put in order by insertion before the merges start. */
const SWEEP_INSERTION_RUN = 8;

/**
 * Events 0..count-1 (each with its x in `xs` and +1 for an item's start, -1 for its end in
 * `ends`), at the start of a buffer kept from call to call, in the order the stable sort by
 * `xs[a] - xs[b] || ends[a] - ends[b]` leaves them: by x, an end before a start at one x, then
 * by index. A merge sort, stable as that sort is, compares the events in place (eventBefore),
 * where the comparator sort called back a function some n·log n times: it was a third of the
 * gutter search. With no NaN among the x's the order is total, so any stable sort gives that
 * order; an x that is NaN, which the comparator orders by its end alone, sends the events to
 * the comparator sort. The buffer is the caller's until the next call.
 */
export function sweepOrder(xs: Float64Array, ends: Int8Array, count: number): Uint32Array {
  if (eventOrder.length < count) {
    eventOrder = new Uint32Array(count);
    mergeBuffer = new Uint32Array(count);
  }
  let from = eventOrder;
  let to = mergeBuffer;
  if (hasNaN(xs, count)) {
    const sorted: number[] = [];
    for (let e = 0; e < count; e++) sorted.push(e);
    // Answered as -1 or 1 where the x's differ (a difference of two coordinates is a fraction
    // boxed on the heap); unordered (NaN) x's fall through to the ends, as the subtraction did.
    sorted.sort((a, b) => (xs[a] < xs[b] ? -1 : xs[a] > xs[b] ? 1 : ends[a] - ends[b]));
    for (let i = 0; i < count; i++) from[i] = sorted[i];
    return from;
  }
  for (let e = 0; e < count; e++) from[e] = e;
  for (let lo = 0; lo < count; lo += SWEEP_INSERTION_RUN) {
    const hi = Math.min(lo + SWEEP_INSERTION_RUN, count);
    for (let i = lo + 1; i < hi; i++) {
      const event = from[i];
      let j = i;
      for (; j > lo && eventBefore(xs, ends, event, from[j - 1]); j--) from[j] = from[j - 1];
      from[j] = event;
    }
  }
  for (let width = SWEEP_INSERTION_RUN; width < count; width *= 2) {
    for (let lo = 0; lo < count; lo += 2 * width) {
      const mid = Math.min(lo + width, count);
      const hi = Math.min(lo + 2 * width, count);
      let i = lo;
      let j = mid;
      let k = lo;
      // The left run's event goes first unless the right one's comes strictly before it.
      while (i < mid && j < hi) to[k++] = eventBefore(xs, ends, from[j], from[i]) ? from[j++] : from[i++];
      while (i < mid) to[k++] = from[i++];
      while (j < hi) to[k++] = from[j++];
    }
    const done = to;
    to = from;
    from = done;
  }
  // The order is wherever the last merge left it; the two buffers swap roles.
  eventOrder = from;
  mergeBuffer = to;
  return from;
}

/** Whether event `a` comes strictly before event `b` in the sweep: a smaller x, or at one x
 *  an end before a start (neither x NaN). */
function eventBefore(xs: Float64Array, ends: Int8Array, a: number, b: number): boolean {
  const xa = xs[a];
  const xb = xs[b];
  return xa < xb || (xa === xb && ends[a] < ends[b]);
}

function hasNaN(values: Float64Array, count: number): boolean {
  for (let k = 0; k < count; k++) if (Number.isNaN(values[k])) return true;
  return false;
}

function gutterOf<T extends Box>(items: readonly T[]): Gutter | null {
  const { x0: rx0, x1: rx1 } = xExtent(items);
  const width = rx1 - rx0;
  if (width <= 0) return null;
  let narrow = 0;
  for (const it of items) if (it.x1 - it.x0 < SPANNING_WIDTH_SHARE * width) narrow++;
  if (narrow < 2 * COLUMN_ITEMS_MIN) return null;
  const crossingsAllowed = Math.floor(GUTTER_CROSSING_SHARE * narrow);
  // Sweep the items' x-extents, tracking how many narrow and how many wide ones cover each x.
  // Only narrow ones block a gutter; wide ones crossing it become cuts between bands, and of
  // two strips the one fewer of them cross is the gutter (a text column's right edge, not
  // its short lines' ends, faces the notes in its margin).
  // Event 2k is item k's start, 2k + 1 its end, sorted by x, a start before an end at one x.
  const count = 2 * items.length;
  if (eventXs.length < count) {
    eventXs = new Float64Array(count);
    eventEnds = new Int8Array(count);
    eventKinds = new Uint8Array(count);
  }
  const kinds = eventKinds;
  for (let k = 0; k < items.length; k++) {
    const it = items[k];
    const kind = it.x1 - it.x0 < SPANNING_WIDTH_SHARE * width ? 1 : 0;
    eventXs[2 * k] = it.x0;
    eventEnds[2 * k] = 1;
    kinds[2 * k] = kind;
    eventXs[2 * k + 1] = it.x1;
    eventEnds[2 * k + 1] = -1;
    kinds[2 * k + 1] = kind;
  }
  const events = sweepOrder(eventXs, eventEnds, count);
  let best: { x0: number; x1: number; crossings: number; wide: number } | null = null;
  // The items by top, sorted once for every candidate's side-by-side test.
  let byTop: T[] | null = null;
  const sortedByTop = (): T[] => (byTop ??= sortInPlace(items.slice(), byTopEdge));
  // The items' median height, as byTop, taken once for all the candidates that get so far.
  let median = NaN;
  const medianOfItems = (): number => (Number.isNaN(median) ? (median = medianHeight(items)) : median);
  let depth = 0;
  let wideDepth = 0;
  for (let i = 0; i < count - 1; i++) {
    const event = events[i];
    if (kinds[event] === 1) depth += eventEnds[event];
    else wideDepth += eventEnds[event];
    const x0 = eventXs[event];
    const x1 = eventXs[events[i + 1]];
    if (depth > crossingsAllowed || x1 - x0 < GUTTER_WIDTH_MIN || x0 <= rx0 || x1 >= rx1) continue;
    const better =
      !best ||
      depth < best.crossings ||
      (depth === best.crossings && (wideDepth < best.wide || (wideDepth === best.wide && x1 - x0 > best.x1 - best.x0)));
    if (!better) continue;
    // The candidate is made only for a strip that would beat the best so far.
    const candidate = { x0, x1, crossings: depth, wide: wideDepth };
    if (isColumnGutter(items, candidate, width, sortedByTop, medianOfItems)) best = candidate;
  }
  return best ? { x0: best.x0, x1: best.x1 } : null;
}

/**
 * Whether the items fully on each side of a candidate gutter make two text columns. Every
 * item counts, wide ones too: a text column beside narrow marginal notes is made of lines
 * wider than the spanning share, and they must not be read line by line with the notes.
 */
function isColumnGutter<T extends Box>(items: readonly T[], gutter: Gutter, width: number, sortedByTop: () => readonly T[], medianOfItems: () => number): boolean {
  // Each side needs several text-width lines: a column of labels, line numbers or figure
  // fragments alone does not make a text column (figures inside a column do not unmake one).
  const minWidth = COLUMN_TEXT_WIDTH_SHARE * width;
  const left = { items: 0, text: 0, y0: Infinity, y1: -Infinity };
  const right = { items: 0, text: 0, y0: Infinity, y1: -Infinity };
  // One pass, no spread: Math.min(...xs) over a page of 100k lines overflows the call stack.
  for (const it of items) {
    const side = it.x1 <= gutter.x0 ? left : it.x0 >= gutter.x1 ? right : null;
    if (!side) continue;
    side.items++;
    if (it.x1 - it.x0 >= minWidth) side.text++;
    side.y0 = Math.min(side.y0, it.y0);
    side.y1 = Math.max(side.y1, it.y1);
  }
  if (left.items < COLUMN_ITEMS_MIN || right.items < COLUMN_ITEMS_MIN) return false;
  if (left.text < COLUMN_TEXT_LINES_MIN || right.text < COLUMN_TEXT_LINES_MIN) return false;
  const overlap = Math.min(left.y1, right.y1) - Math.max(left.y0, right.y0);
  if (!(overlap > COLUMN_VERTICAL_OVERLAP * Math.min(left.y1 - left.y0, right.y1 - right.y0))) return false;
  if (left.items <= ROW_SIDE_ITEMS_MAX && isRowSide(sortedByTop(), gutter, LEFT, width)) return false;
  if (right.items <= ROW_SIDE_ITEMS_MAX && isRowSide(sortedByTop(), gutter, RIGHT, width)) return false;
  if (!sideBySide(sortedByTop(), gutter)) return false;
  const median = medianOfItems();
  if (headsBand(sortedByTop(), gutter, LEFT, median) || headsBand(sortedByTop(), gutter, RIGHT, median)) return false;
  return !gridOfBlocks(sortedByTop(), gutter, width, median);
}

/**
 * A side of a band of blocks has at most this many items: a letterhead's address, an
 * invoice's number and dates, a "Bill to" block (a column of text between two empty rows
 * that cross the page is longer).
 */
const BLOCK_SIDE_ITEMS_MAX = 12;
/**
 * Two bands' sides are one column when their edges facing the gutter (a right side's left
 * edge, a left side's right edge) lie within this share of the region's width of each other.
 */
const SAME_COLUMN_EDGE_SHARE = 0.25;
/**
 * The empty row between two bands of blocks is at least this many of the items' median
 * heights tall (the space a designer leaves between an invoice's letterhead and its
 * addresses), where a paragraph's or a heading's space in a column is about one.
 */
const BLOCK_ROW_GAP_HEIGHTS = 2;

/** One side of a gutter within one band: its item count and its edge facing the gutter. */
interface BandSide {
  items: number;
  /** The left side's rightmost right edge, the right side's leftmost left edge. */
  edge: number;
  /** The widest item's width. */
  widest: number;
}

/** The two sides of a gutter within the items byTop[from..to). */
function bandSides(byTop: readonly Box[], from: number, to: number, gutter: Gutter): [BandSide, BandSide] {
  const left: BandSide = { items: 0, edge: -Infinity, widest: 0 };
  const right: BandSide = { items: 0, edge: Infinity, widest: 0 };
  for (let i = from; i < to; i++) {
    const it = byTop[i];
    const side = sideOf(it, gutter);
    if (side === LEFT) {
      left.items++;
      left.edge = Math.max(left.edge, it.x1);
      left.widest = Math.max(left.widest, it.x1 - it.x0);
    } else if (side === RIGHT) {
      right.items++;
      right.edge = Math.min(right.edge, it.x0);
      right.widest = Math.max(right.widest, it.x1 - it.x0);
    }
  }
  return [left, right];
}

/** Whether two bands' sides of a gutter are blocks of one column: both there, with their edges
 *  facing the gutter in line (SAME_COLUMN_EDGE_SHARE). */
function sameColumn(a: BandSide, b: BandSide, width: number): boolean {
  return a.items > 0 && b.items > 0 && Math.abs(a.edge - b.edge) <= SAME_COLUMN_EDGE_SHARE * width;
}

/**
 * Whether the gutter runs between blocks set in rows rather than between columns: an empty
 * row across the whole region parts two bands of few items a side (BLOCK_SIDE_ITEMS_MAX), one
 * side of which is no column from band to band (present in one band only, or its edge facing
 * the gutter far from the other band's). An invoice sets its letterhead beside "INVOICE" and
 * its dates, then "Bill to" beside "Ship to" under both: the gutter between the first two
 * runs on past the second pair, and reading it column by column read "INVOICE" after the
 * addresses. Cut at the rows instead (splitAtRows), the bands are read one after the other.
 * Text columns are longer than that between rows that happen to line up, and stay in line.
 */
function gridOfBlocks(byTop: readonly Box[], gutter: Gutter, width: number, median: number): boolean {
  const cuts = rowCuts(byTop, ROW_GAP_HEIGHT_SHARE * median);
  if (cuts.length === 0) return false;
  let previous: [BandSide, BandSide] | null = null;
  let bottom = -Infinity;
  for (let k = 0; k <= cuts.length; k++) {
    const from = k === 0 ? 0 : cuts[k - 1];
    const to = k === cuts.length ? byTop.length : cuts[k];
    const sides = bandSides(byTop, from, to, gutter);
    if (previous && isBlockPair(previous, sides, width, byTop[from].y0 - bottom, median)) return true;
    for (let i = from; i < to; i++) bottom = Math.max(bottom, byTop[i].y1);
    previous = sides;
  }
  return false;
}

/** Whether two consecutive bands' sides are blocks in rows (gridOfBlocks). */
function isBlockPair(upper: [BandSide, BandSide], lower: [BandSide, BandSide], width: number, gap: number, median: number): boolean {
  if (gap < BLOCK_ROW_GAP_HEIGHTS * median) return false;
  for (const s of [0, 1]) {
    if (upper[s].items > BLOCK_SIDE_ITEMS_MAX || lower[s].items > BLOCK_SIDE_ITEMS_MAX) return false;
    if (upper[s].widest > ROW_ITEM_WIDTH_SHARE * width || lower[s].widest > ROW_ITEM_WIDTH_SHARE * width) return false;
  }
  // Blocks side by side above, each of a column's items (splitAtRows finds their gutter),
  // and below at least one block again: a band of one side alone is a column's tail or a
  // heading, which the run joins back on (splitAtRows).
  if (upper[0].items < COLUMN_ITEMS_MIN || upper[1].items < COLUMN_ITEMS_MIN || lower[0].items + lower[1].items === 0) return false;
  if ((lower[0].items > 0 && lower[0].items < COLUMN_ITEMS_MIN) || (lower[1].items > 0 && lower[1].items < COLUMN_ITEMS_MIN)) return false;
  return !sameColumn(upper[0], lower[0], width) || !sameColumn(upper[1], lower[1], width);
}

/** A heading is this many times the items' median height at least. */
const BAND_HEADING_HEIGHT_RATIO = 1.3;

/**
 * Whether a heading on `side` of the gutter heads a band of the page rather than a column
 * (`median`: the items' median line height, medianHeight): it
 * starts at the region's left edge, is wider than any line of the other side (no heading of
 * a column is), and the other side has a column's items above and below it but none on its
 * row. A newsletter's second story, "Spring repairs planned" over three
 * columns, is set across the first two only: the gutter between the second and the third
 * runs past it, and cutting there first read the third columns of both stories after the
 * rest. Without this gutter, the page is cut at the one the heading crosses.
 */
function headsBand(byTop: readonly Box[], gutter: Gutter, side: number, median: number): boolean {
  let otherWidest = 0;
  let left = Infinity;
  for (const it of byTop) {
    left = Math.min(left, it.x0);
    if (sideOf(it, gutter) === -side) otherWidest = Math.max(otherWidest, it.x1 - it.x0);
  }
  for (const heading of byTop) {
    const height = heading.y1 - heading.y0;
    // Flush with the region's left edge, as a story's heading starts its first column: a
    // display formula, as tall, is set in from it.
    if (sideOf(heading, gutter) !== side || height < BAND_HEADING_HEIGHT_RATIO * median || heading.x1 - heading.x0 <= otherWidest || heading.x0 > left + GUTTER_EDGE_SLACK) continue;
    let above = 0;
    let below = 0;
    let beside = false;
    for (const it of byTop) {
      if (sideOf(it, gutter) !== -side) continue;
      if (it.y1 <= heading.y0) above++;
      if (it.y0 >= heading.y1) below++;
      if (it.y1 > heading.y0 && it.y0 < heading.y1) beside = true;
    }
    // A column's worth above and below: a title page's title beside its department's address
    // over a name heads no band.
    if (above >= COLUMN_ITEMS_MIN && below >= COLUMN_ITEMS_MIN && !beside) return true;
  }
  return false;
}

const LEFT = -1;
const RIGHT = 1;

/** Which side of a candidate gutter an item lies fully on: LEFT, RIGHT, or 0 (across it). */
function sideOf(it: Box, gutter: Gutter): number {
  return it.x1 <= gutter.x0 ? LEFT : it.x0 >= gutter.x1 ? RIGHT : 0;
}

/**
 * Whether a gutter's side is a few rows' ends rather than a column: short items far apart
 * top to bottom, each level with a line on the other side (a sender's line and its date).
 * Read as rows, each end follows the line it stands on.
 */
function isRowSide<T extends Box>(byTop: readonly T[], gutter: Gutter, side: number, width: number): boolean {
  let previous: T | null = null;
  for (const it of byTop) {
    if (sideOf(it, gutter) !== side) continue;
    if (it.x1 - it.x0 > ROW_ITEM_WIDTH_SHARE * width) return false;
    if (previous) {
      const tallest = Math.max(previous.y1 - previous.y0, it.y1 - it.y0);
      if (it.y0 - previous.y1 < ROW_ITEMS_GAP_HEIGHTS * tallest) return false;
    }
    if (!hasLevelLine(byTop, gutter, -side, it)) return false;
    previous = it;
  }
  return true;
}

/** Whether some item on `side` of the gutter is level with `it` and starts a paragraph. */
function hasLevelLine(byTop: readonly Box[], gutter: Gutter, side: number, it: Box): boolean {
  for (const other of byTop) if (sideOf(other, gutter) === side && isLevelWith(it, other) && startsParagraph(byTop, gutter, -side, other)) return true;
  return false;
}

/**
 * Whether `line` has an empty row above it, among the items not on `rowSide` of the gutter
 * (the rows' ends themselves do not count), or nothing above it at all.
 */
function startsParagraph(byTop: readonly Box[], gutter: Gutter, rowSide: number, line: Box): boolean {
  let bottom = -Infinity;
  for (const it of byTop) {
    if (it.y0 >= line.y0) break;
    if (sideOf(it, gutter) !== rowSide) bottom = Math.max(bottom, it.y1);
  }
  return line.y0 - bottom >= ROW_START_GAP_SHARE * (line.y1 - line.y0);
}

/** Whether two boxes stand on one row: they overlap by most of the shorter one's height. */
function isLevelWith(a: Box, b: Box): boolean {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return overlap >= ROW_LEVEL_OVERLAP_SHARE * Math.min(a.y1 - a.y0, b.y1 - b.y0);
}

/**
 * Whether some item left of the gutter and some item right of it share a row. Columns stand
 * side by side; a form's widgets indented below one line and above the next ("Other stuff." |
 * r1-a … Check Box | "Adsadfasdf") make two sides that overlap as a whole, yet no line of one
 * side stands beside a line of the other: the page reads top to bottom.
 */
function sideBySide<T extends Box>(byTop: readonly T[], gutter: Gutter): boolean {
  // Sorted by top: an item shares a row with an earlier one of the other side when that
  // side's lowest bottom so far is below its top.
  let leftBottom = -Infinity;
  let rightBottom = -Infinity;
  for (const it of byTop) {
    if (it.x1 <= gutter.x0) {
      if (rightBottom > it.y0) return true;
      leftBottom = Math.max(leftBottom, it.y1);
    } else if (it.x0 >= gutter.x1) {
      if (leftBottom > it.y0) return true;
      rightBottom = Math.max(rightBottom, it.y1);
    }
  }
  return false;
}

function isLeftOf(it: Box, gutter: Gutter): boolean {
  return it.x1 <= gutter.x0 + GUTTER_EDGE_SLACK;
}

function isRightOf(it: Box, gutter: Gutter): boolean {
  return it.x0 >= gutter.x1 - GUTTER_EDGE_SLACK;
}

/** The median of the items' heights (the upper one of an even count). */
function medianHeight<T extends Box>(items: readonly T[]): number {
  // A typed array sorts numbers natively, with no comparator called n log n times, and is
  // filled in a loop, with no closure made per call. One kept from call to call: a typed array
  // of more than eight numbers gets a backing store of its own, about a microsecond to make.
  if (heightsScratch.length < items.length) heightsScratch = new Float64Array(2 * items.length);
  const heights = heightsScratch.subarray(0, items.length);
  for (let i = 0; i < items.length; i++) heights[i] = items[i].y1 - items[i].y0;
  heights.sort();
  return heights[heights.length >> 1];
}
let heightsScratch = new Float64Array(0);

/**
 * Cuts items sorted top to bottom at every empty row at least `gapMin` tall. Returns the
 * index at which each band after the first starts.
 */
function rowCuts<T extends Box>(sorted: readonly T[], gapMin: number): number[] {
  const cuts: number[] = [];
  let bottom = -Infinity;
  for (let i = 0; i < sorted.length; i++) {
    if (i > 0 && sorted[i].y0 - bottom >= gapMin) cuts.push(i);
    bottom = Math.max(bottom, sorted[i].y1);
  }
  return cuts;
}

/**
 * A column's footnotes: its last paragraphs (runs of items, sorted top to bottom, between
 * empty rows at least a body line tall) whose items are mostly set smaller than the body,
 * while they are a small part of the column (the first line of a footnote is taller than the
 * rest when a superscript marker starts it, hence "mostly"). `next` is the column to the right: when it
 * starts in small type too, the small text runs on across the columns (a bibliography), and
 * it is not footnotes. Returns where the footnotes start, or the item count when there are none.
 */
function footnoteStart<T extends Box>(column: readonly T[], next: T | undefined): number {
  const n = column.length;
  if (n < COLUMN_ITEMS_MIN) return n;
  const bodyHeight = medianHeight(column);
  const small = (it: Box) => it.y1 - it.y0 <= FOOTNOTE_HEIGHT_SHARE * bodyHeight;
  if (next && small(next)) return n;
  // bottoms[i]: the lowest bottom edge among column[0..i].
  const bottoms: number[] = [];
  let bottom = -Infinity;
  for (const it of column) {
    bottom = Math.max(bottom, it.y1);
    bottoms.push(bottom);
  }
  // Walk up the column's paragraphs (runs of items between such empty rows), from the foot.
  let start = n;
  let paragraphItems = 0;
  let paragraphSmall = 0;
  for (let i = n - 1; i >= 1; i--) {
    paragraphItems++;
    if (small(column[i])) paragraphSmall++;
    if (column[i].y0 - bottoms[i - 1] < FOOTNOTE_GAP_HEIGHT_SHARE * bodyHeight) continue;
    if (2 * paragraphSmall < paragraphItems || n - i > FOOTNOTE_ITEMS_SHARE * n) break;
    start = i;
    paragraphItems = 0;
    paragraphSmall = 0;
  }
  return start;
}

/**
 * Cuts a region at its gutter: into bands at the items crossing it, each band into its left
 * and right column. Footnotes at the foot of the last band's columns follow both columns.
 */
function cutAtGutter<T extends Box>(region: Region<T>, gutter: Gutter): Region<T>[] {
  const sorted = sortInPlace(region.items.slice(), byTopThenLeft);
  const pieces: Region<T>[] = [];
  const depth = region.depth + 1;
  // A band with text on one side of the gutter only (a list's wrapped line and a nested item
  // between two lines that cross the gutter above a two-column section) is no column: read
  // as full width, it stays one run with the bands around it.
  const column = (items: T[], columns: number): Region<T> => ({ items, depth, columns, gutter: null, leaf: false });
  let left: T[] = [];
  let right: T[] = [];
  const flush = () => {
    const columns = left.length > 0 && right.length > 0 ? 2 : 1;
    if (left.length > 0) pieces.push(column(left, columns));
    if (right.length > 0) pieces.push(column(right, columns));
    left = [];
    right = [];
  };
  for (const it of sorted) {
    if (isLeftOf(it, gutter)) left.push(it);
    else if (isRightOf(it, gutter)) right.push(it);
    else {
      // A spanning item may start above the bottom of a column: only cut when it lies below.
      flush();
      pieces.push({ items: [it], depth, columns: 1, gutter: null, leaf: true });
    }
  }
  // The last band: its columns, then the footnotes at the left one's foot, then the right one's.
  const leftNotes = left.splice(footnoteStart(left, right[0]));
  const rightNotes = leftNotes.length > 0 ? right.splice(footnoteStart(right, undefined)) : [];
  flush();
  if (leftNotes.length > 0) pieces.push({ items: leftNotes, depth, columns: 2, gutter: null, leaf: true });
  if (rightNotes.length > 0) pieces.push({ items: rightNotes, depth, columns: 2, gutter: null, leaf: true });
  return pieces;
}

/**
 * Cuts a region without a gutter into bands at its empty rows, then joins consecutive
 * bands into runs that share a gutter: bands whose gutters overlap, and bands without one
 * whose items all stay clear of it (a column's last lines, a heading inside a column).
 * Null when no run has a gutter: the region is then read as one piece, as it would be
 * without the cut.
 */
function splitAtRows<T extends Box>(region: Region<T>): Region<T>[] | null {
  // In place: the region's items are its own array, and when it is left whole they are read
  // in this order (orderForReadingTs).
  const sorted = sortInPlace(region.items, byTopThenLeft);
  const median = medianHeight(sorted);
  const cuts = rowCuts(sorted, ROW_GAP_HEIGHT_SHARE * median);
  if (cuts.length === 0) return null;
  const runs: { items: T[]; gutter: Gutter | null; last: T[] }[] = [];
  const extent = xExtent(sorted);
  const regionWidth = extent.x1 - extent.x0;
  for (let k = 0; k <= cuts.length; k++) {
    const band = sorted.slice(k === 0 ? 0 : cuts[k - 1], k === cuts.length ? sorted.length : cuts[k]);
    const gutter = findGutter(band);
    const run = runs[runs.length - 1];
    const clear = (items: readonly T[], g: Gutter) => items.every((it) => isLeftOf(it, g) || isRightOf(it, g));
    const shared = run && run.gutter && gutter && gutter.x0 < run.gutter.x1 && run.gutter.x0 < gutter.x1 ? { x0: Math.max(run.gutter.x0, gutter.x0), x1: Math.min(run.gutter.x1, gutter.x1) } : null;
    if (run && shared && !isBlockPair(bandSides(run.last, 0, run.last.length, shared), bandSides(band, 0, band.length, shared), regionWidth, band[0].y0 - bottomOf(run.last), median)) {
      run.gutter = shared;
      run.items.push(...band);
    } else if (run && run.gutter && !gutter && clear(band, run.gutter)) {
      run.items.push(...band);
    } else if (run && !run.gutter && gutter && clear(run.items, gutter)) {
      run.gutter = gutter;
      run.items.push(...band);
    } else {
      runs.push({ items: band, gutter, last: band });
      continue;
    }
    run.last = band;
  }
  if (!runs.some((run) => run.gutter)) return null;
  return runs.map((run) => ({ items: run.items, depth: region.depth, columns: region.columns, gutter: run.gutter, leaf: !run.gutter }));
}

/** The lowest bottom edge of the items. */
function bottomOf(items: readonly Box[]): number {
  let y1 = -Infinity;
  for (const it of items) if (it.y1 > y1) y1 = it.y1;
  return y1;
}

/** The left and right edges of the items' bounding box. */
function xExtent(items: readonly Box[]): { x0: number; x1: number } {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const it of items) {
    if (it.x0 < x0) x0 = it.x0;
    if (it.x1 > x1) x1 = it.x1;
  }
  return { x0, x1 };
}

/** The page's column gutter, the first cut reading order makes (TypeScript, whichever
 * kernel orders the page): tables/detect.ts looks for tables inside each column. */
export function columnGutter<T extends Box>(items: readonly T[]): Gutter | null {
  return findGutter(items);
}

/**
 * Orders items for reading. Returns groups in reading order; each group is one column of
 * one band (or a full-width band), its items top to bottom. Runs the selected layout
 * kernel (layout_kernel.ts); the TypeScript one below when none is, or when a coordinate
 * is not finite.
 */
export function orderForReading<T extends Box>(items: readonly T[]): OrderedGroup<T>[] {
  const kernel = layoutKernel();
  const encoded = kernel?.orderEncoded(items) ?? null;
  return encoded ? decodeGroups(items, encoded) : orderForReadingTs(items);
}

/** The reference implementation of `orderForReading`, whichever kernel is selected. */
export function orderForReadingTs<T extends Box>(items: readonly T[]): OrderedGroup<T>[] {
  const out: OrderedGroup<T>[] = [];
  // A stack of work in reverse reading order: pop = next region to read.
  const stack: Region<T>[] = [{ items: items.slice(), depth: 0, columns: 1, gutter: null, leaf: false }];
  while (stack.length > 0) {
    const region = stack.pop()!;
    let pieces: Region<T>[] | null = null;
    // splitAtRows sorts the region's items as the group below would: a region it leaves whole
    // (most pages' one region) is not sorted twice.
    let sorted = false;
    if (!region.leaf && region.depth < SPLIT_DEPTH_MAX) {
      const gutter = region.gutter ?? findGutter(region.items);
      // A run of bands arrives with its gutter; without one, its bands were leaves already.
      pieces = gutter ? cutAtGutter(region, gutter) : splitAtRows(region);
      sorted = !gutter;
    }
    if (pieces) {
      for (let i = pieces.length - 1; i >= 0; i--) stack.push(pieces[i]);
      continue;
    }
    if (!sorted) sortInPlace(region.items, byTopThenLeft);
    if (region.items.length > 0) out.push(orderedGroup(region.items, region.columns));
  }
  return mergeAdjacentFullWidth(out);
}

// Consecutive single spanning items come out as one group each; rejoin them so paragraph
// grouping sees them together.
function mergeAdjacentFullWidth<T extends Box>(groups: OrderedGroup<T>[]): OrderedGroup<T>[] {
  const merged: OrderedGroup<T>[] = [];
  for (const g of groups) {
    const prev = merged[merged.length - 1];
    if (prev && prev.columns === 1 && g.columns === 1) prev.items.push(...g.items);
    else merged.push(orderedGroup(g.items.slice(), g.columns));
  }
  return merged;
}
