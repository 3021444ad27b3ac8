// Step 5, each page: the text inside a box drawn round it is read as one unit, in its place
// among the page's other items. Reading order sees boxes of text only: two bordered boxes side
// by side (a bank statement's "Account holder" and its address beside "Summary" and its table
// of balances) hold too few items a side for a column gutter, and their rows were read across
// both boxes ("Ms Priya Raman", then "Summary", then the balances, then "22 Elm Grove").
import type { Box, OrderedGroup } from "./box.js";
import { centreInside, unionOf } from "./box.js";
import { lowerBound } from "../tables/sorted_search.js";

/** A frame is a drawn rectangle at least this tall and wide (thinner is a rule). */
const FRAME_SIDE_PT_MIN = 3;
/** A frame holds this many items at least: a lone item in a box reads as itself. */
const FRAME_ITEMS_MIN = 2;
/** Frames are read as units where they stand in a row: two or more whose tops lie within
 *  this many points of each other (cards a page sets side by side, as a browser's flex row
 *  sets them) ... */
const FRAME_ROW_TOP_PT = 3;
/** ... and that together span this share of the width of the items around them at least: a
 *  row of boxes across the page, not a diagram's small boxes (a UML package's name in a box
 *  beside another), nor one box round a listing beside its text. */
const FRAME_ROW_WIDTH_SHARE_MIN = 0.8;
/** A frame of such a row is at least this share of the items' width (asked first: a page of
 *  a diagram draws many small boxes, each of which would be asked of every item). */
const FRAME_WIDTH_SHARE_MIN = 0.2;

/**
 * Orders the items with `order`, each frame's items (see framesOf) stood in for by the frame's
 * box and then read in its place by `order` on their own. Where that reads the items in the
 * order `order(items)` reads them, or there is no frame, `order(items)`.
 */
export function orderWithFrames<T extends Box>(items: readonly T[], boxes: readonly Box[], order: (items: readonly T[]) => OrderedGroup<T>[]): OrderedGroup<T>[] {
  const frames = framesOf(items, boxes);
  if (frames.length === 0) return order(items);
  const whole = order(items);
  // A row of frames stands in as one box across them, its frames read left to right: as a
  // box of its own each, a gutter between two frames of a row of four ran on up through the
  // title over them and down through the heading under them, and reading order made a column
  // of the title, two frames and the heading (a dashboard's tiles).
  const held = new Map<T, T[][]>();
  const inFrame = new Set<T>();
  const stand: T[] = [];
  for (const row of frameRows(frames)) {
    const box = unionOf(row.map((frame) => frame.box));
    const proxy = { x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1 } as T;
    held.set(proxy, row.map((frame) => frame.items));
    for (const frame of row) for (const it of frame.items) inFrame.add(it);
    stand.push(proxy);
  }
  for (const it of items) if (!inFrame.has(it)) stand.push(it);
  const out: OrderedGroup<T>[] = [];
  for (const group of order(stand)) {
    let run: T[] = [];
    for (const it of group.items) {
      const inside = held.get(it);
      if (inside === undefined) {
        run.push(it);
        continue;
      }
      if (run.length > 0) out.push({ ...group, items: run });
      run = [];
      for (const frameItems of inside) out.push(...order(frameItems));
    }
    if (run.length > 0) out.push({ ...group, items: run });
  }
  return sameOrder(whole, out) ? whole : out;
}

/** The frames among `boxes` that hold FRAME_ITEMS_MIN items or more (by their centres) but
 *  not all, that no other item reaches into, that share no item with a larger one, and that
 *  stand in a row of frames across the items (inRows). */
function framesOf<T extends Box>(items: readonly T[], boxes: readonly Box[]): { box: Box; items: T[] }[] {
  const found: { box: Box; items: T[] }[] = [];
  const extent = unionOf(items);
  const width = extent.x1 - extent.x0;
  for (const box of boxes) {
    if (box.x1 - box.x0 < Math.max(FRAME_SIDE_PT_MIN, FRAME_WIDTH_SHARE_MIN * width) || box.y1 - box.y0 < FRAME_SIDE_PT_MIN) continue;
    const inside: T[] = [];
    let reached = false;
    for (const it of items) {
      if (centreInside(it, box)) inside.push(it);
      else if (it.x0 < box.x1 && it.x1 > box.x0 && it.y0 < box.y1 && it.y1 > box.y0) {
        reached = true;
        break;
      }
    }
    if (reached || inside.length < FRAME_ITEMS_MIN || inside.length === items.length) continue;
    found.push({ box, items: inside });
  }
  // The outermost frames only, none sharing an item with another: an inner frame is read
  // within its outer frame's items, and of two that overlap the larger is kept.
  found.sort((a, b) => b.items.length - a.items.length);
  const kept: { box: Box; items: T[] }[] = [];
  const taken = new Set<T>();
  for (const frame of found) {
    if (frame.items.some((it) => taken.has(it))) continue;
    kept.push(frame);
    for (const it of frame.items) taken.add(it);
  }
  return inRows(kept, items);
}

/** The frames that stand in a row of frames across the items (FRAME_ROW_TOP_PT,
 *  FRAME_ROW_WIDTH_SHARE_MIN). */
function inRows<F extends { box: Box }>(frames: readonly F[], items: readonly Box[]): F[] {
  if (frames.length < 2) return [];
  const { x0, x1 } = unionOf(items);
  const out: F[] = [];
  for (const frame of frames) {
    const row = frames.filter((f) => Math.abs(f.box.y0 - frame.box.y0) <= FRAME_ROW_TOP_PT);
    if (row.length < 2) continue;
    let left = Infinity;
    let right = -Infinity;
    for (const f of row) {
      left = Math.min(left, f.box.x0);
      right = Math.max(right, f.box.x1);
    }
    if (Math.min(right, x1) - Math.max(left, x0) >= FRAME_ROW_WIDTH_SHARE_MIN * (x1 - x0)) out.push(frame);
  }
  return out;
}

/** Cards in a row: this many at least. */
const CARD_ROW_MIN = 3;
/** Cards of a row: their tops and bottoms within this many points of each other's. */
const CARD_ROW_EDGE_PT = 3;

/**
 * The drawings that stand in a row of CARD_ROW_MIN or more of one height, side by side; a
 * box drawn twice (filled, then outlined) counts once. A page holds up to 2,000 drawings (a
 * diagram's): each one's row mates are found by top in a sorted copy, and its row is counted
 * only up to CARD_ROW_MIN.
 */
export function cardRows(drawings: readonly Box[]): Box[] {
  if (drawings.length < CARD_ROW_MIN) return [];
  const byTop = [...drawings].sort((a, b) => a.y0 - b.y0);
  const tops = Float64Array.from(byTop, (box) => box.y0);
  const cards: Box[] = [];
  for (const d of drawings) {
    // A window a point wider than the tolerance, then the test itself: the row as before.
    const mates: Box[] = [];
    for (let k = lowerBound(tops, d.y0 - CARD_ROW_EDGE_PT - 1); k < byTop.length && tops[k] <= d.y0 + CARD_ROW_EDGE_PT + 1; k++) {
      const other = byTop[k];
      if (Math.abs(other.y0 - d.y0) <= CARD_ROW_EDGE_PT && Math.abs(other.y1 - d.y1) <= CARD_ROW_EDGE_PT) mates.push(other);
    }
    if (rowThrough(d, mates) >= CARD_ROW_MIN) cards.push(d);
  }
  return cards;
}

/** The boxes of a row through `d`, up to CARD_ROW_MIN: from it rightwards each next mate
 *  starting past the last one counted, then leftwards each previous one ending before it. */
function rowThrough(d: Box, mates: readonly Box[]): number {
  let row = 1;
  let right = d.x1;
  while (row < CARD_ROW_MIN) {
    let next: Box | null = null;
    for (const other of mates) if (other.x0 >= right && (next === null || other.x0 < next.x0)) next = other;
    if (next === null) break;
    row++;
    right = next.x1;
  }
  let left = d.x0;
  while (row < CARD_ROW_MIN) {
    let previous: Box | null = null;
    for (const other of mates) if (other.x1 <= left && (previous === null || other.x1 > previous.x1)) previous = other;
    if (previous === null) break;
    row++;
    left = previous.x0;
  }
  return row;
}

/** The frames in rows (tops within FRAME_ROW_TOP_PT of the row's first), each row left to
 *  right. */
function frameRows<F extends { box: Box }>(frames: readonly F[]): F[][] {
  const rows: F[][] = [];
  for (const frame of [...frames].sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0)) {
    const row = rows.find((r) => Math.abs(r[0].box.y0 - frame.box.y0) <= FRAME_ROW_TOP_PT);
    if (row) row.push(frame);
    else rows.push([frame]);
  }
  for (const row of rows) row.sort((a, b) => a.box.x0 - b.box.x0);
  return rows;
}

/** Whether both orders read the same items in the same sequence. */
function sameOrder<T extends Box>(a: readonly OrderedGroup<T>[], b: readonly OrderedGroup<T>[]): boolean {
  const flat = (groups: readonly OrderedGroup<T>[]) => groups.flatMap((g) => g.items);
  const x = flat(a);
  const y = flat(b);
  return x.length === y.length && x.every((it, k) => it === y[k]);
}
