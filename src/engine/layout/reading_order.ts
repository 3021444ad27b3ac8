// Step 5, each page: reading order. Finds column gutters (vertical strips no narrow line crosses),
// cuts the page into horizontal bands at the lines that span a gutter (titles, wide
// figures), and reads each band column by column. Works on any boxed item, so tables take
// their place in the flow like lines do. Iterative with a depth cap: no recursion.
//
// This TypeScript is the reference. native/layout-core/src/lib.rs is a port of it, run as a
// native addon or WebAssembly when layout_kernel.ts selects one; a change here must be made
// there too (test/engine/layout_kernel.test.ts fails until both agree).
import type { Box, OrderedGroup } from "./box.js";
import { decodeGroups, layoutKernel } from "./kernel.js";

export type { Box, OrderedGroup } from "./box.js";


/** Lines wider than this share of the region are full-width and never define a gutter. */
const SPANNING_WIDTH_SHARE = 0.6;
/** Narrowest gutter, in points: word gaps sit inside lines, so this only has to beat kerning noise. */
const GUTTER_WIDTH_MIN = 6;
/** Share of narrow items that may cross a gutter (centred lines in a two-column page). */
const GUTTER_CROSSING_SHARE = 0.15;
/** A column needs at least this many items on each side of the gutter. */
const COLUMN_ITEMS_MIN = 3;
/** A line at least this share of the region wide is a line of running text. */
const COLUMN_TEXT_WIDTH_SHARE = 0.2;
/** Both sides must overlap vertically by this share of the shorter side's height. */
const COLUMN_VERTICAL_OVERLAP = 0.3;
/** Nested column splits considered (page → columns → sub-columns …). */
const SPLIT_DEPTH_MAX = 4;

interface Region<T extends Box> {
  items: T[];
  depth: number;
}


function byTopThenLeft(a: Box, b: Box): number {
  return a.y0 - b.y0 || a.x0 - b.x0;
}

/**
 * The best x-interval crossed by few narrow items, with real columns on both sides. A few
 * narrow items may cross it (centred affiliations, short captions): they become the
 * lines at which the page is cut into bands.
 */
function findGutter<T extends Box>(items: T[]): { x0: number; x1: number } | null {
  let rx0 = Infinity;
  let rx1 = -Infinity;
  for (const it of items) {
    if (it.x0 < rx0) rx0 = it.x0;
    if (it.x1 > rx1) rx1 = it.x1;
  }
  const width = rx1 - rx0;
  if (width <= 0) return null;
  const narrow = items.filter((it) => it.x1 - it.x0 < SPANNING_WIDTH_SHARE * width);
  if (narrow.length < 2 * COLUMN_ITEMS_MIN) return null;
  const crossingsAllowed = Math.floor(GUTTER_CROSSING_SHARE * narrow.length);
  // Sweep the narrow items' x-extents, tracking how many cover each x.
  const events: [number, number][] = [];
  for (const it of narrow) events.push([it.x0, 1], [it.x1, -1]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let best: { x0: number; x1: number; crossings: number } | null = null;
  let depth = 0;
  for (let i = 0; i < events.length - 1; i++) {
    depth += events[i][1];
    const x0 = events[i][0];
    const x1 = events[i + 1][0];
    if (depth > crossingsAllowed || x1 - x0 < GUTTER_WIDTH_MIN || x0 <= rx0 || x1 >= rx1) continue;
    const candidate = { x0, x1, crossings: depth };
    const better = !best || depth < best.crossings || (depth === best.crossings && x1 - x0 > best.x1 - best.x0);
    if (better && isColumnGutter(narrow, candidate, width)) best = candidate;
  }
  return best;
}

function isColumnGutter<T extends Box>(narrow: T[], gutter: { x0: number; x1: number }, width: number): boolean {
  const left = narrow.filter((it) => it.x1 <= gutter.x0);
  const right = narrow.filter((it) => it.x0 >= gutter.x1);
  if (left.length < COLUMN_ITEMS_MIN || right.length < COLUMN_ITEMS_MIN) return false;
  // Each side needs several text-width lines: a column of labels, line numbers or figure
  // fragments alone does not make a text column (figures inside a column do not unmake one).
  const minWidth = COLUMN_TEXT_WIDTH_SHARE * width;
  const textLines = (xs: T[]) => xs.filter((it) => it.x1 - it.x0 >= minWidth).length;
  if (textLines(left) < COLUMN_ITEMS_MIN || textLines(right) < COLUMN_ITEMS_MIN) return false;
  // A loop, not Math.min(...xs): spreading a page of 100k lines overflows the call stack.
  const span = (xs: T[]) => {
    let y0 = Infinity;
    let y1 = -Infinity;
    for (const it of xs) {
      if (it.y0 < y0) y0 = it.y0;
      if (it.y1 > y1) y1 = it.y1;
    }
    return { y0, y1 };
  };
  const l = span(left);
  const r = span(right);
  const overlap = Math.min(l.y1, r.y1) - Math.max(l.y0, r.y0);
  return overlap > COLUMN_VERTICAL_OVERLAP * Math.min(l.y1 - l.y0, r.y1 - r.y0);
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
  const stack: (Region<T> & { columns: number })[] = [{ items: items.slice(), depth: 0, columns: 1 }];
  while (stack.length > 0) {
    const region = stack.pop()!;
    const gutter = region.depth < SPLIT_DEPTH_MAX ? findGutter(region.items) : null;
    if (!gutter) {
      region.items.sort(byTopThenLeft);
      if (region.items.length > 0) out.push({ items: region.items, columns: region.columns });
      continue;
    }
    // Cut into bands at the items crossing the gutter; read each band's columns in turn.
    const sorted = region.items.slice().sort(byTopThenLeft);
    const pieces: (Region<T> & { columns: number })[] = [];
    let left: T[] = [];
    let right: T[] = [];
    const flush = () => {
      if (left.length > 0) pieces.push({ items: left, depth: region.depth + 1, columns: 2 });
      if (right.length > 0) pieces.push({ items: right, depth: region.depth + 1, columns: 2 });
      left = [];
      right = [];
    };
    for (const it of sorted) {
      if (it.x1 <= gutter.x0 + 1) left.push(it);
      else if (it.x0 >= gutter.x1 - 1) right.push(it);
      else {
        // A spanning item may start above the bottom of a column: only cut when it lies below.
        flush();
        pieces.push({ items: [it], depth: SPLIT_DEPTH_MAX, columns: 1 });
      }
    }
    flush();
    for (let i = pieces.length - 1; i >= 0; i--) stack.push(pieces[i]);
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
    else merged.push({ items: g.items.slice(), columns: g.columns });
  }
  return merged;
}
