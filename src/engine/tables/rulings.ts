// Rulings: a page's vector rules as merged horizontal and vertical segments, with the
// filled and stroked rectangles the detectors also consult (shading, frames).
import type { PaintedImage, Rule } from "../model.js";
import type { Box } from "./model.js";
import { lowerBound, orderByKey } from "./sorted_search.js";
import { sortInPlace } from "../sort_in_place.js";

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const byPos = (p: Seg, q: Seg) => p.pos - q.pos;

/** A merged ruling: `pos` is y for a horizontal, x for a vertical; [a, b] its extent. */
export interface Seg {
  pos: number;
  a: number;
  b: number;
  /** Stroke thickness when known, 0 for rectangle edges whose stroke width is unknown. */
  thick: number;
  /** Two parallel rulings merged into one (a double border). */
  double: boolean;
}

export interface Rulings {
  /** Sorted by `pos`. */
  h: Seg[];
  /** `pos` of each of `h`, for binary search. */
  hPos: number[];
  /** Sorted by `pos`. */
  v: Seg[];
  /** Filled rectangles too large to be drawn rules: cell and row shading. */
  fills: Box[];
  /** Stroked rectangles: table frames, or the boxes of a diagram. */
  frames: Box[];
}

/** Filled rectangles up to this thickness are drawn rules; Word and HTML borders are 0.5–2 pt.
 *  The one measure of a rule's thickness: the extractor's rulings, its cell borders
 *  (extract/cell_borders.ts) and the furniture's ruled cells read it too. */
export const RULE_THICKNESS_MAX_PT = 3;
/** Rulings closer than this are one: double borders sit ~1.5–2 pt apart and stroke
 *  boxes include half the line width. Text rows are never this thin. */
export const SNAP_PT = 3;
/** A ruling stopping this short of another still meets it: producers leave hairline gaps
 *  at corners, and collinear pieces of one border are drawn cell by cell. */
export const JOIN_PT = 3;
/** Merged parallel rulings further apart than this were a double line, not one line. */
const DOUBLE_RULE_GAP_MIN_PT = 1;
/** Fills covering more of the page than this are page or panel backgrounds, not cells. */
const BACKGROUND_PAGE_FRACTION_MAX = 0.5;
/** Insertion moves per segment past which the ordering of merge candidates falls back to a
 *  sort: clusters drawn out of order (artwork, hatching) would make insertion quadratic. */
const INSERTION_SHIFTS_PER_SEG_MAX = 8;
/** More vector rules than this is artwork (maps, hatching): no table search at all. */
const RULES_MAX = 20_000;

/** `page.images`: the images painted among the rules (PageModel.images), which hide the rules
 *  painted before them as filled boxes do. */
export function collectRulings(rules: Rule[], page: { width: number; height: number; images?: readonly PaintedImage[] }): Rulings {
  const h: Seg[] = [];
  const v: Seg[] = [];
  const fills: Box[] = [];
  const frames: Box[] = [];
  /** Filled and stroked boxes, whose edges are borders (the boxes of `fills` and `frames`
   *  themselves), and which of them are filled. */
  const edges: Box[] = [];
  const edgeFilled: boolean[] = [];
  if (rules.length === 0 || rules.length > RULES_MAX) return { h, hPos: [], v, fills, frames };
  const backgroundAreaMin = page.width * page.height * BACKGROUND_PAGE_FRACTION_MAX;
  // Made at the page's first thin rule, the only kind a box hides: a page of boxes alone (a
  // page's shaded words, a slide's panels) needs none.
  let covers: readonly Cover[] | null = null;
  for (let k = 0; k < rules.length; k++) {
    const r = rules[k];
    const x0 = Math.min(r.x0, r.x1);
    const x1 = Math.max(r.x0, r.x1);
    const y0 = Math.min(r.y0, r.y1);
    const y1 = Math.max(r.y0, r.y1);
    const w = x1 - x0;
    const ht = y1 - y0;
    if (w <= RULE_THICKNESS_MAX_PT && ht <= RULE_THICKNESS_MAX_PT) continue; // a dot
    if (ht <= RULE_THICKNESS_MAX_PT) {
      const pos = (y0 + y1) / 2;
      const parts = visibleParts(x0, x1, pos, (covers ??= coveringBoxes(rules, page.images ?? [], backgroundAreaMin)), k, true);
      if (parts === null) h.push({ pos, a: x0, b: x1, thick: ht, double: false });
      else for (const [a, b] of parts) h.push({ pos, a, b, thick: ht, double: false });
    } else if (w <= RULE_THICKNESS_MAX_PT) {
      const pos = (x0 + x1) / 2;
      const parts = visibleParts(y0, y1, pos, (covers ??= coveringBoxes(rules, page.images ?? [], backgroundAreaMin)), k, false);
      if (parts === null) v.push({ pos, a: y0, b: y1, thick: w, double: false });
      else for (const [a, b] of parts) v.push({ pos, a, b, thick: w, double: false });
    } else {
      const box = { x0, y0, x1, y1 };
      if (r.kind === "fill") {
        if (w * ht > backgroundAreaMin) continue;
        fills.push(box);
      } else {
        frames.push(box);
      }
      // A stroked rectangle is its outline; a shaded cell's edges are its borders.
      edges.push(box);
      edgeFilled.push(r.kind === "fill");
    }
  }
  const checked = edges.length <= INLINE_FILLS_CHECKED_MAX;
  // Built at the first fill to check, before any box's edges (unknown stroke, never a cell's
  // rule) join the rulings.
  let drawn: DrawnRules | null = null;
  for (let e = 0; e < edges.length; e++) {
    const box = edges[e];
    if (checked && edgeFilled[e] && (isInsideRuledCell(box, (drawn ??= drawnRules(h, v))) || isOverfullMark(box, drawn))) continue;
    h.push({ pos: box.y0, a: box.x0, b: box.x1, thick: 0, double: false });
    h.push({ pos: box.y1, a: box.x0, b: box.x1, thick: 0, double: false });
    v.push({ pos: box.x0, a: box.y0, b: box.y1, thick: 0, double: false });
    v.push({ pos: box.x1, a: box.y0, b: box.y1, thick: 0, double: false });
  }
  if (fills.length >= STRIPED_FILLS_MIN && fills.length <= INLINE_FILLS_CHECKED_MAX) bridgeStripedRows(fills, v);
  const merged = mergeCollinear(h);
  const hPos: number[] = [];
  for (const seg of merged) hPos.push(seg.pos);
  return { h: merged, hPos, v: mergeCollinear(v), fills, frames };
}

/** Striped rows: a shaded head and a shaded row, of two cells each at least. */
const STRIPED_FILLS_MIN = 4;
/** An unshaded row between two shaded ones is at most this many times as tall as the shaded
 *  row above it: its text wraps to a second line (1.5 times a row of one line, its cell's
 *  padding counted once), and two unshaded rows, twice as tall, are no stripe's gap (colortbl's
 *  \hiderowcolors rows, whose rules cannot be told from the text). */
const STRIPE_GAP_ROWS_MAX = 1.8;

/**
 * A browser's striped table under a shaded head (`thead th { background: … }`,
 * `tr:nth-child(even) td { background: … }`) shades the head and every other row cell by
 * cell, with no borders: the shaded cells' edges are the table's columns, but only in the
 * shaded rows, and each unshaded row between them read as one cell across the table ("Chat
 * 5,870 32.2% 0h 03m 97.9%"), the table ending at the next. Each column's shaded cells, from
 * a head cell with the first row's cell right under it, carry their side edges down across
 * the unshaded rows between them (vertical rulings of unknown stroke, as their own edges
 * are), as far as the stripes go on. A striped table under an unshaded head is left to the
 * aligned detector, which reads its head's columns from the text.
 */
function bridgeStripedRows(fills: readonly Box[], v: Seg[]): void {
  const cells = fills.filter((box) => hasRowNeighbour(box, fills));
  const done = new Set<Box>();
  for (const top of cells) {
    if (done.has(top)) continue;
    // The column's shaded cells, edge for edge with this one, top to bottom.
    const column = cells.filter((box) => Math.abs(box.x0 - top.x0) <= SNAP_PT && Math.abs(box.x1 - top.x1) <= SNAP_PT);
    for (const box of column) done.add(box);
    sortInPlace(column, byTop);
    if (column.length < 3 || column[1].y0 - column[0].y1 > SNAP_PT) continue;
    for (let k = 1; k + 1 < column.length; k++) {
      const upper = column[k];
      const lower = column[k + 1];
      const gap = lower.y0 - upper.y1;
      if (gap <= SNAP_PT) continue;
      if (gap > STRIPE_GAP_ROWS_MAX * (upper.y1 - upper.y0)) break;
      v.push({ pos: upper.x0, a: upper.y1, b: lower.y0, thick: 0, double: false });
      v.push({ pos: upper.x1, a: upper.y1, b: lower.y0, thick: 0, double: false });
    }
  }
}

const byTop = (a: Box, b: Box) => a.y0 - b.y0;

/** Whether another fill abuts the box on its row: its top and bottom edge for edge, its side
 *  against the box's within JOIN_PT. */
function hasRowNeighbour(box: Box, fills: readonly Box[]): boolean {
  for (const other of fills) {
    if (other === box || Math.abs(other.y0 - box.y0) > SNAP_PT || Math.abs(other.y1 - box.y1) > SNAP_PT) continue;
    if (Math.abs(other.x0 - box.x1) <= JOIN_PT || Math.abs(other.x1 - box.x0) <= JOIN_PT) return true;
  }
  return false;
}

/** TeX's overfull-line mark (draft mode's \overfullrule) is this wide: 5 pt, and a line tall. */
const OVERFULL_MARK_WIDTH_MAX_PT = 6;
/** ... at least this many times as tall as it is wide ... */
const OVERFULL_MARK_HEIGHT_TO_WIDTH_MIN = 2;
/** ... and no taller than a line of large type. */
const OVERFULL_MARK_HEIGHT_MAX_PT = 24;
/** A rule touches a box within this many points of its edge. */
const TOUCH_TOLERANCE_PT = 1;

/**
 * Whether a filled box is TeX's mark of an overfull line, set at the line's end: a narrow black
 * box a line tall. In a ruled table it falls on or against a column's rule along its height
 * (h2020proposal's deliverable list, beside "WP1" and "Delivery"). It is neither a rule nor a
 * shaded cell, which fills its cell: its edges would cut the cell, and the table, apart.
 */
function isOverfullMark(box: Box, drawn: DrawnRules): boolean {
  const w = box.x1 - box.x0;
  const ht = box.y1 - box.y0;
  if (w > OVERFULL_MARK_WIDTH_MAX_PT || ht < OVERFULL_MARK_HEIGHT_TO_WIDTH_MIN * w || ht > OVERFULL_MARK_HEIGHT_MAX_PT) return false;
  for (const seg of drawn.v) {
    if (seg.a > box.y0 + TOUCH_TOLERANCE_PT || seg.b < box.y1 - TOUCH_TOLERANCE_PT) continue;
    if (seg.pos >= box.x0 - TOUCH_TOLERANCE_PT && seg.pos <= box.x1 + TOUCH_TOLERANCE_PT) return true;
  }
  return false;
}

/** Fills looked at for lying inside a ruled cell, on a page with this many boxes at most (a
 *  chart's bars past it are artwork). */
const INLINE_FILLS_CHECKED_MAX = 256;
/** A fill inside a ruled cell stands clear of the cell's rules by this many points at least. */
const CELL_CLEARANCE_MIN_PT = 1;

/**
 * Whether a filled box lies inside one ruled cell, clear of its rules: a thin rule above and
 * one below it, each within the box's height and across its width, and one left and one
 * right of it across its height. Such a fill is the background of what the cell holds (a
 * documentation site's inline code, `default`, on a grey box in a bordered table), not a
 * cell: its edges would cut the cell into columns and rows of their own. A shaded cell fills
 * its cell to the rules.
 */
function isInsideRuledCell(box: Box, drawn: DrawnRules): boolean {
  const reach = box.y1 - box.y0;
  if (!ruleWithin(drawn.h, drawn.hPos, box, box.y0 - reach, box.y0 - CELL_CLEARANCE_MIN_PT, true)) return false;
  if (!ruleWithin(drawn.h, drawn.hPos, box, box.y1 + CELL_CLEARANCE_MIN_PT, box.y1 + reach, false)) return false;
  let left = false;
  let right = false;
  for (const seg of drawn.v) {
    if (seg.a > box.y0 || seg.b < box.y1) continue;
    left ||= box.x0 - seg.pos >= CELL_CLEARANCE_MIN_PT;
    right ||= seg.pos - box.x1 >= CELL_CLEARANCE_MIN_PT;
    if (left && right) return true;
  }
  return false;
}

/** The rules drawn with a known stroke, the only ones that bound a cell here: horizontals
 *  sorted by position, so that a fill's look above and below it is a search, not a walk over
 *  every rule of the page (a chart's hundreds of grid lines, for each of its bars). */
interface DrawnRules {
  h: Seg[];
  hPos: Float64Array;
  v: Seg[];
}

function drawnRules(h: readonly Seg[], v: readonly Seg[]): DrawnRules {
  const drawnH: Seg[] = [];
  for (const seg of h) if (seg.thick !== 0) drawnH.push(seg);
  // Sorted as numbers (sortByPos), not by a comparator called back on the segments: a chart's
  // page holds hundreds of them, and this sort was most of collectRulings' cost.
  sortByPos(drawnH);
  const hPos = new Float64Array(drawnH.length);
  for (let i = 0; i < drawnH.length; i++) hPos[i] = drawnH[i].pos;
  const drawnV: Seg[] = [];
  for (const seg of v) if (seg.thick !== 0) drawnV.push(seg);
  return { h: drawnH, hPos, v: drawnV };
}

/** Whether a horizontal rule across the box's width lies at [lo, hi] (above the box when
 *  `above`, its clearance measured from the box's top; else below, from its bottom). The
 *  search starts a point early and the tests are the clearance's own, so a position at the
 *  limit is judged as the walk over every rule judged it. */
function ruleWithin(h: readonly Seg[], hPos: Float64Array, box: Box, lo: number, hi: number, above: boolean): boolean {
  const reach = box.y1 - box.y0;
  for (let k = lowerBound(hPos, lo - SEARCH_SLACK_PT); k < h.length && hPos[k] <= hi + SEARCH_SLACK_PT; k++) {
    const seg = h[k];
    if (seg.a > box.x0 || seg.b < box.x1) continue;
    const clearance = above ? box.y0 - seg.pos : seg.pos - box.y1;
    if (clearance >= CELL_CLEARANCE_MIN_PT && clearance <= reach) return true;
  }
  return false;
}
/** Slack on the search window's ends: far beyond any rounding of y0 - pos against pos. */
const SEARCH_SLACK_PT = 1;

/** Filled boxes and images painted over earlier rules are looked for among this many at most (a
 *  chart's bars past it are artwork, whose rules make no table anyway). */
const COVERING_BOXES_MAX = 200;
/** A fill hides a rule running this far inside it at least, clear of its edges: a shaded
 *  cell's own border lies on its edge and stays. */
const COVER_INSET_PT = SNAP_PT;
/** A rule's visible part shorter than this is gone. */
const VISIBLE_PART_MIN_PT = JOIN_PT;
/** A rule passing under a box stops this far short of the box's edge, further than JOIN_PT:
 *  it goes on under the box, and meets nothing drawn on that edge (a floated picture's frame,
 *  which a heading's underline running under the picture had joined as a ruled grid). */
const CUT_END_CLEARANCE_PT = JOIN_PT + 1;

/**
 * Filled boxes and images (not thin enough to be rules, not the page's background) with their
 * place in paint order: a box's index among the rules, or the number of rules painted before
 * an image. A box painted over a rule hides it there: a web page's heading underline runs
 * under a floated infobox, whose background covers it, or under a floated picture in a thin
 * frame, and the underline had met the float's borders as one ruled grid around the text
 * beside it. None past COVERING_BOXES_MAX.
 */
function coveringBoxes(rules: readonly Rule[], images: readonly PaintedImage[], backgroundAreaMin: number): readonly Cover[] {
  const covers: Cover[] = [];
  for (let k = 0; k < rules.length && covers.length <= COVERING_BOXES_MAX; k++) if (rules[k].kind === "fill") addCover(covers, k, rules[k], backgroundAreaMin);
  if (images.length === 0) return covers.length > COVERING_BOXES_MAX ? [] : covers;
  const frames = strokedBoxes(rules);
  for (let k = 0; k < images.length && covers.length <= COVERING_BOXES_MAX; k++) addCover(covers, images[k].rulesBefore, framedPicture(images[k], frames), backgroundAreaMin);
  return covers.length > COVERING_BOXES_MAX ? [] : covers;
}

/** A box painted `index`th, as coveringBoxes keeps it. */
interface Cover {
  index: number;
  box: Box;
}

/** Adds the box `r` when it is neither a rule nor the page's background (a module function,
 *  not a closure made per page). */
function addCover(covers: Cover[], index: number, r: Box, backgroundAreaMin: number): void {
  const box = { x0: Math.min(r.x0, r.x1), y0: Math.min(r.y0, r.y1), x1: Math.max(r.x0, r.x1), y1: Math.max(r.y0, r.y1) };
  const w = box.x1 - box.x0;
  const ht = box.y1 - box.y0;
  if (w > RULE_THICKNESS_MAX_PT && ht > RULE_THICKNESS_MAX_PT && w * ht <= backgroundAreaMin) covers.push({ index, box });
}

/** Stroked rectangles looked at as pictures' frames, at most: a page of more is a diagram's
 *  boxes, whose pictures are framed by none of them. */
const PICTURE_FRAMES_MAX = 200;

/** The page's stroked rectangles (not rules), none past PICTURE_FRAMES_MAX. */
function strokedBoxes(rules: readonly Rule[]): readonly Rule[] {
  const boxes: Rule[] = [];
  for (const r of rules) {
    if (r.kind !== "stroke" || r.x1 - r.x0 <= RULE_THICKNESS_MAX_PT || r.y1 - r.y0 <= RULE_THICKNESS_MAX_PT) continue;
    if (boxes.length === PICTURE_FRAMES_MAX) return [];
    boxes.push(r);
  }
  return boxes;
}

/** A frame stands at most this far (points) outside the picture it holds: its padding. */
const FRAME_PADDING_MAX_PT = 6;

/**
 * The picture with its frame: each edge of the image moved out to the edge of a stroked
 * rectangle drawn round it within FRAME_PADDING_MAX_PT. A rule under a framed picture is hidden
 * up to the frame (a floated thumbnail's border and padding), where it had run on into the
 * padding and across the frame's edge.
 */
function framedPicture(image: Box, frames: readonly Rule[]): Box {
  for (const r of frames) {
    if (r.x0 > image.x0 || r.y0 > image.y0 || r.x1 < image.x1 || r.y1 < image.y1) continue;
    const p = FRAME_PADDING_MAX_PT;
    return {
      x0: image.x0 - r.x0 <= p ? r.x0 : image.x0,
      y0: image.y0 - r.y0 <= p ? r.y0 : image.y0,
      x1: r.x1 - image.x1 <= p ? r.x1 : image.x1,
      y1: r.y1 - image.y1 <= p ? r.y1 : image.y1,
    };
  }
  return image;
}

/** The parts of a rule from `a` to `b` at `pos` (a y for a horizontal), painted `index`th,
 *  that no box painted after it hides; null when none touches it (the whole rule shows), the
 *  common case, which allocates nothing. */
function visibleParts(a: number, b: number, pos: number, fills: readonly Cover[], index: number, horizontal: boolean): [number, number][] | null {
  let parts: [number, number][] | null = null;
  for (let f = 0; f < fills.length; f++) {
    if (fills[f].index <= index) continue;
    const box = fills[f].box;
    const across0 = horizontal ? box.y0 : box.x0;
    const across1 = horizontal ? box.y1 : box.x1;
    if (pos <= across0 + COVER_INSET_PT || pos >= across1 - COVER_INSET_PT) continue;
    const lo = horizontal ? box.x0 : box.y0;
    const hi = horizontal ? box.x1 : box.y1;
    if (parts === null) {
      if (b <= lo || a >= hi) continue;
      parts = [[a, b]];
    }
    parts = cutParts(parts, lo, hi);
  }
  return parts;
}

/** The parts less what lies between lo and hi and CUT_END_CLEARANCE_PT beyond, pieces shorter
 *  than VISIBLE_PART_MIN_PT gone. */
function cutParts(parts: readonly [number, number][], lo: number, hi: number): [number, number][] {
  const kept: [number, number][] = [];
  for (const [p, q] of parts) {
    if (q <= lo || p >= hi) {
      kept.push([p, q]);
      continue;
    }
    const before = lo - CUT_END_CLEARANCE_PT;
    const after = hi + CUT_END_CLEARANCE_PT;
    if (before - p >= VISIBLE_PART_MIN_PT) kept.push([p, before]);
    if (q - after >= VISIBLE_PART_MIN_PT) kept.push([after, q]);
  }
  return kept;
}

/** byClusterThenStart's fallback, a stable sort of the indices by (cluster, start). The keys
 *  sit in module scratch for a module-level comparator: a closure made per call loses its
 *  optimised code at each full garbage collection. */
let sortCluster: Int32Array = new Int32Array(0);
let sortSegs: readonly Seg[] = [];
const byClusterThenA = (p: number, q: number) => sortCluster[p] - sortCluster[q] || sortSegs[p].a - sortSegs[q].a;

function byClusterThenStartSorted(segs: readonly Seg[], cluster: Int32Array): Int32Array {
  sortCluster = cluster;
  sortSegs = segs;
  try {
    return Int32Array.from(sortInPlace(Array.from(segs.keys()), byClusterThenA));
  } finally {
    sortCluster = new Int32Array(0);
    sortSegs = [];
  }
}

/**
 * Sorts the segments by position in place, ties in their order (what the stable sort by
 * `byPos` gives): their positions sorted as numbers (sorted_search.ts indicesByKey, an
 * insertion sort where they come nearly in order, as a page's rules are drawn), with no
 * comparator called back on the segments. A NaN position goes to the comparator sort, which
 * alone places it as before.
 */
function sortByPos(segs: Seg[]): void {
  const n = segs.length;
  keepScratchFor(n);
  const keys = scratchPos;
  for (let i = 0; i < n; i++) {
    keys[i] = segs[i].pos;
    if (keys[i] !== keys[i]) {
      sortInPlace(segs, byPos);
      return;
    }
  }
  const order = scratchOrder;
  orderByKey(keys, n, order);
  const copy = segs.slice();
  for (let k = 0; k < n; k++) segs[k] = copy[order[k]];
}

// Typed arrays kept from call to call for mergeCollinear's sorts and clusters, grown when a
// page has more segments: a new typed array past 64 bytes is allocated outside V8's heap, and
// each of a page's two merges made four. Each is read only within the merge that fills it.
let scratchPos = new Float64Array(64);
let scratchOrder = new Int32Array(64);
let scratchCluster = new Int32Array(64);
let scratchClusterOrder = new Int32Array(64);

function keepScratchFor(n: number): void {
  if (scratchPos.length >= n) return;
  const size = Math.max(n, 2 * scratchPos.length);
  scratchPos = new Float64Array(size);
  scratchOrder = new Int32Array(size);
  scratchCluster = new Int32Array(size);
  scratchClusterOrder = new Int32Array(size);
}

/** Merges rulings on (nearly) the same line whose extents touch. Output sorted by `pos`. */
function mergeCollinear(segs: Seg[]): Seg[] {
  if (segs.length === 0) return segs;
  sortByPos(segs);
  // Cluster ids by position, each cluster anchored on its first position so that a ladder
  // of close lines (hatching) cannot chain into one wide cluster; then one sort by
  // (cluster, start) lets a single pass join touching extents.
  keepScratchFor(segs.length);
  const cluster = scratchCluster;
  cluster[0] = 0;
  let anchor = segs[0].pos;
  for (let i = 1; i < segs.length; i++) {
    if (segs[i].pos - anchor > SNAP_PT) {
      cluster[i] = cluster[i - 1] + 1;
      anchor = segs[i].pos;
    } else {
      cluster[i] = cluster[i - 1];
    }
  }
  const order = byClusterThenStart(segs, cluster);
  const out: Seg[] = [];
  let cur: Seg | null = null;
  let curCluster = -1;
  let lo = 0;
  let hi = 0;
  for (let k = 0; k < segs.length; k++) {
    const i = order[k];
    const g = segs[i];
    if (cur !== null && cluster[i] === curCluster && g.a <= cur.b + JOIN_PT) {
      const overlap = Math.min(cur.b, g.b) - Math.max(cur.a, g.a);
      if (overlap > 0 && Math.abs(g.pos - cur.pos) >= DOUBLE_RULE_GAP_MIN_PT) cur.double = true;
      cur.b = Math.max(cur.b, g.b);
      cur.thick = Math.max(cur.thick, g.thick);
      cur.double ||= g.double;
      lo = Math.min(lo, g.pos);
      hi = Math.max(hi, g.pos);
      continue;
    }
    if (cur !== null) out.push(withPos(cur, lo, hi));
    // Written out, not spread: a spread copy is of a hidden class of its own, and the
    // segments' readers would see two. A copy, not `g` itself: the merged segments, made here
    // alone, are of one hidden class, where those collectRulings makes at its sites see their
    // fields' kinds change (the grid's readers were deoptimised on 'wrong map').
    cur = { pos: g.pos, a: g.a, b: g.b, thick: g.thick, double: g.double };
    curCluster = cluster[i];
    lo = hi = g.pos;
  }
  if (cur !== null) out.push(withPos(cur, lo, hi));
  // Clusters come out in position order, so out is mostly sorted already; the sort is
  // stable, so skipping it when it is changes nothing.
  for (let i = 1; i < out.length; i++) if (out[i].pos < out[i - 1].pos) return sortInPlace(out, byPos);
  return out;
}

/**
 * Indices of segs ordered by (cluster, start), ties in index order: what a stable sort by
 * that key gives, in its first segs.length slots. Clusters are runs of consecutive indices
 * (segs are sorted by position) and hold a few segments each, so an insertion sort inside
 * each run is linear in practice.
 */
function byClusterThenStart(segs: Seg[], cluster: Int32Array): Int32Array {
  const order = scratchClusterOrder;
  let shifts = 0;
  const shiftsMax = INSERTION_SHIFTS_PER_SEG_MAX * segs.length;
  let runStart = 0;
  for (let i = 0; i < segs.length; i++) {
    if (i > 0 && cluster[i] !== cluster[i - 1]) runStart = i;
    let j = i;
    while (j > runStart && segs[order[j - 1]].a > segs[i].a) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = i;
    shifts += i - j;
    if (shifts > shiftsMax) {
      return byClusterThenStartSorted(segs, cluster);
    }
  }
  return order;
}

/** A merged ruling sits midway between the outermost rulings merged into it. */
function withPos(seg: Seg, lo: number, hi: number): Seg {
  seg.pos = (lo + hi) / 2;
  return seg;
}
