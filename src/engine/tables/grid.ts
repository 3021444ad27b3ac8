// Grids: rulings that touch are joined into connected groups, each group becomes the grid
// of lines its rulings lie on, and grid cells merge wherever the border between them is
// not drawn.
import { ascendingNumbers as ascending } from "../layout/box.js";
import { bandOverRowRules } from "./band_rows.js";
import { lowerBound } from "./sorted_search.js";
import { JOIN_PT, SNAP_PT, type Rulings, type Seg } from "./rulings.js";
import { sortInPlace } from "../sort_in_place.js";

export interface Grid {
  xs: number[];
  ys: number[];
  /** Vertical segments snapped to each `xs` index; horizontals to each `ys` index. */
  vAt: Seg[][];
  hAt: Seg[][];
  area: number;
  /** Where the grid's own rules ended before an open row was added over or under them
   *  (openRows): the rows part there though no rule runs along it. */
  openEdges: number[];
}

/** Bounds the segment-intersection pass, which is O(h × v) in the worst case. */
const SEGMENTS_MAX = 1_500;
/** Grid lines per axis; beyond it the region is graph paper or a chart, and the cell
 *  count (its square) would make the merge pass costly. */
const GRID_LINES_MAX = 200;

/** The horizontals' positions, then each vertical's ends (a loop: a closure made per call
 *  loses its optimised code at each full garbage collection). */
function rowAndColumnEnds(hs: readonly Seg[], vs: readonly Seg[]): number[] {
  const values: number[] = [];
  for (let k = 0; k < hs.length; k++) values.push(hs[k].pos);
  for (let k = 0; k < vs.length; k++) values.push(vs[k].a, vs[k].b);
  return values;
}

export function findGrids(rulings: Rulings): Grid[] {
  const { h, v } = rulings;
  if (h.length < 2 || v.length < 1 || h.length + v.length > SEGMENTS_MAX) return [];
  const n = h.length + v.length;
  const groups = groupArrays(n);
  const parent = groups.parent;
  for (let i = 0; i < n; i++) parent[i] = i;
  // The verticals' positions, ascending (the rulings come merged in position order), searched
  // by lowerBound: a view of the kept array's first v.length slots.
  const vPos = groups.vPos.subarray(0, v.length);
  for (let k = 0; k < v.length; k++) vPos[k] = v[k].pos;
  for (let i = 0; i < h.length; i++) {
    const s = h[i];
    for (let k = lowerBound(vPos, s.a - JOIN_PT); k < v.length && vPos[k] <= s.b + JOIN_PT; k++) {
      if (s.pos >= v[k].a - JOIN_PT && s.pos <= v[k].b + JOIN_PT) union(parent, i, h.length + k);
    }
  }
  connectedGroups(groups, n, h.length);
  // Horizontals that meet no vertical: a rule over or under a grid whose verticals stop
  // short of it may still close the grid (openRows).
  const open: Seg[] = [];
  for (let root = 0; root < n; root++) {
    if (groups.size[root] === 0 || groups.hasVertical[root] === 1) continue;
    for (let k = groups.start[root]; k < groups.start[root] + groups.size[root]; k++) open.push(h[groups.members[k]]);
  }
  const groupRules: { hs: Seg[]; vs: Seg[] }[] = [];
  for (let root = 0; root < n; root++) {
    if (groups.size[root] < 3) continue;
    // Indexed loops: an iterator or a spread over these lists had deoptimised the whole
    // search (again and again while warming up).
    const hs: Seg[] = [];
    const vs: Seg[] = [];
    for (let k = groups.start[root]; k < groups.start[root] + groups.size[root]; k++) {
      const i = groups.members[k];
      if (i < h.length) hs.push(h[i]);
      else vs.push(v[i - h.length]);
    }
    groupRules.push({ hs, vs });
  }
  const grids: Grid[] = [];
  for (const { hs, vs } of joinBoxedLastRows(groupRules)) {
    // Only a grid of two rows or more closes an open row: one band of rules is a row's own
    // box (a zebra-striped table's filled row, xcolor's "wave" over its table's note).
    const twoRows = open.length > 0 && clusterValues(rowAndColumnEnds(hs, vs)).length >= 3;
    // A band of heads over rows parted by rules alone (band_rows.ts): its columns run on down.
    const band = twoRows ? null : bandOverRowRules(hs, vs, open);
    if (band !== null) {
      for (let k = 0; k < band.rules.length; k++) hs.push(band.rules[k]);
      for (let k = 0; k < band.columns.length; k++) vs.push(band.columns[k]);
    }
    const edges = twoRows ? openRows(hs, vs, open) : { rules: [], edges: [] };
    for (let k = 0; k < edges.rules.length; k++) hs.push(edges.rules[k]);
    const grid = buildGrid(hs, vs, edges.edges);
    if (grid !== null) grids.push(grid);
  }
  return grids;
}

/** A last row boxed apart from its table (an election sheet's "Totals") is at most this tall:
 *  one row of text. */
const BOXED_ROW_HEIGHT_PT_MAX = 30;
/** ... and stands at most this far under the table's bottom rule: a row's height or so. */
const BOXED_ROW_GAP_PT_MAX = 24;
/** ... and is at least this share of the table's width: a row of its columns, not a field. */
const BOXED_ROW_WIDTH_SHARE_MIN = 0.5;

/** The extent of a group of rulings. */
function extentOf(hs: readonly Seg[], vs: readonly Seg[]): { x0: number; x1: number; y0: number; y1: number } {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const s of hs) (x0 = Math.min(x0, s.a)), (x1 = Math.max(x1, s.b)), (y0 = Math.min(y0, s.pos)), (y1 = Math.max(y1, s.pos));
  for (const s of vs) (x0 = Math.min(x0, s.pos)), (x1 = Math.max(x1, s.pos)), (y0 = Math.min(y0, s.a)), (y1 = Math.max(y1, s.b));
  return { x0, x1, y0, y1 };
}

/**
 * Joins to a table's rulings a one-row box drawn just under it, apart, within its width and at
 * least half as wide, whose every column border (its sides too) stands on one of the table's:
 * a spreadsheet's totals row, boxed with a gap above it (camelot's election results). Read
 * alone, a box of one row is no table, and its sums became a heading and a paragraph of
 * numbers after the table.
 */
function joinBoxedLastRows(groups: { hs: Seg[]; vs: Seg[] }[]): { hs: Seg[]; vs: Seg[] }[] {
  if (groups.length < 2) return groups;
  // Made by push, not map: map's array is packed from the built-in and holey from its
  // optimised inlined form, and the reads below met the other kind once this was optimised.
  const extents: ReturnType<typeof extentOf>[] = [];
  for (const g of groups) extents.push(extentOf(g.hs, g.vs));
  const joined = new Array<boolean>(groups.length).fill(false);
  for (let t = 0; t < groups.length; t++) {
    const box = extents[t];
    if (box.y1 - box.y0 > BOXED_ROW_HEIGHT_PT_MAX) continue;
    for (let g = 0; g < groups.length; g++) {
      const table = extents[g];
      if (g === t || joined[g] || table.y1 - table.y0 <= BOXED_ROW_HEIGHT_PT_MAX) continue;
      const gap = box.y0 - table.y1;
      if (gap < -SNAP_PT || gap > BOXED_ROW_GAP_PT_MAX) continue;
      if (box.x0 < table.x0 - SNAP_PT || box.x1 > table.x1 + SNAP_PT) continue;
      if (box.x1 - box.x0 < BOXED_ROW_WIDTH_SHARE_MIN * (table.x1 - table.x0)) continue;
      const columns = groups[g].vs;
      if (!groups[t].vs.every((s) => columns.some((c) => Math.abs(c.pos - s.pos) <= SNAP_PT))) continue;
      for (const s of groups[t].hs) groups[g].hs.push(s);
      for (const s of groups[t].vs) groups[g].vs.push(s);
      joined[t] = true;
      break;
    }
  }
  return groups.filter((_, k) => !joined[k]);
}

/** findGrids' union-find and the rulings' connected groups, in typed arrays kept from page to
 *  page and grown when a page has more rulings (a new typed array past 64 bytes is allocated
 *  outside V8's heap: eight a page with rules). Read only within the findGrids call that fills
 *  them, at indices below its rulings' count. */
interface GroupArrays {
  parent: Int32Array;
  vPos: Float64Array;
  /** Each group's indices ascending, the groups by their roots ascending. */
  members: Int32Array;
  /** Where group `root` starts in `members`. */
  start: Int32Array;
  /** Its count, 0 for an index that is no root. */
  size: Int32Array;
  /** 1 when a vertical is in it. */
  hasVertical: Uint8Array;
  rootOf: Int32Array;
  filled: Int32Array;
}

let groupScratch: GroupArrays = newGroupArrays(64);

function newGroupArrays(n: number): GroupArrays {
  return { parent: new Int32Array(n), vPos: new Float64Array(n), members: new Int32Array(n), start: new Int32Array(n), size: new Int32Array(n), hasVertical: new Uint8Array(n), rootOf: new Int32Array(n), filled: new Int32Array(n) };
}

/** The kept arrays, grown to hold `n` rulings. */
function groupArrays(n: number): GroupArrays {
  if (groupScratch.parent.length < n) groupScratch = newGroupArrays(Math.max(n, 2 * groupScratch.parent.length));
  return groupScratch;
}

/** The rulings' connected groups from `groups.parent` (indices below `n`): `members` holds each
 *  group's indices ascending, the groups by their roots ascending, group `root` at
 *  `start[root]` for `size[root]` (0 for an index that is no root); `hasVertical[root]` is 1
 *  when a vertical (index `firstVertical` or past) is in it. A root is its group's smallest
 *  index (union), so this is the order in which the indices ascending first meet each group,
 *  with no list made per group (most are one rule). */
function connectedGroups(groups: GroupArrays, n: number, firstVertical: number): void {
  const { parent, rootOf, size, hasVertical, start, members, filled } = groups;
  size.fill(0, 0, n);
  hasVertical.fill(0, 0, n);
  filled.fill(0, 0, n);
  for (let i = 0; i < n; i++) {
    const root = find(parent, i);
    rootOf[i] = root;
    size[root]++;
    if (i >= firstVertical) hasVertical[root] = 1;
  }
  for (let root = 0, at = 0; root < n; root++) {
    start[root] = at;
    at += size[root];
  }
  for (let i = 0; i < n; i++) {
    const root = rootOf[i];
    members[start[root] + filled[root]++] = i;
  }
}

/** A rule closing a row over or under the grid lies at most this far beyond its last line:
 *  a spanning header or footer row of one or two lines. */
const OPEN_ROW_PT_MAX = 30;

/**
 * Rules that meet no vertical but run the grid's full width just above or below it, each
 * within OPEN_ROW_PT_MAX of the last: the grid's rows over or under the ones its verticals
 * divide, a spanning cell's (longtable's "This part appears at the top of every other page"
 * under the table's top rule, above the columns' double rule, had been left out of the
 * table). Taken from `open`, so no other grid takes them again.
 */
function openRows(hs: Seg[], vs: Seg[], open: Seg[]): { rules: Seg[]; edges: number[] } {
  const extent = extentOf(hs, vs);
  const { x0, x1 } = extent;
  let top = extent.y0;
  let bottom = extent.y1;
  const out: Seg[] = [];
  const edges: number[] = [];
  for (let grew = true; grew; ) {
    grew = false;
    for (let i = 0; i < open.length; i++) {
      const s = open[i];
      if (Math.abs(s.a - x0) > SNAP_PT || Math.abs(s.b - x1) > SNAP_PT) continue;
      const above = s.pos < top - SNAP_PT && s.pos >= top - OPEN_ROW_PT_MAX;
      const below = s.pos > bottom + SNAP_PT && s.pos <= bottom + OPEN_ROW_PT_MAX;
      if (!above && !below) continue;
      out.push(s);
      open.splice(i--, 1);
      // The grid's own extent is the open row's edge; a second rule further out closes a
      // second open row (or doubles the first's rule, a sliver without text).
      edges.push(above ? top : bottom);
      if (above) top = s.pos;
      else bottom = s.pos;
      grew = true;
    }
  }
  return { rules: out, edges };
}

function buildGrid(hs: Seg[], vs: Seg[], openEdges: number[]): Grid | null {
  if (hs.length < 2 || vs.length < 1) return null;
  // Tables often leave their outer sides open: the horizontals' ends are column edges too,
  // and the verticals' ends are row edges.
  let hMin = Infinity;
  let hMax = -Infinity;
  for (const s of hs) (hMin = Math.min(hMin, s.a)), (hMax = Math.max(hMax, s.b));
  let vMin = Infinity;
  let vMax = -Infinity;
  for (const s of vs) (vMin = Math.min(vMin, s.a)), (vMax = Math.max(vMax, s.b));
  const xs = clusterValues(positionsAnd(vs, hMin, hMax));
  const ys = clusterValues(positionsAnd(hs, vMin, vMax));
  if (xs.length < 3 || ys.length < 3) return null;
  if (xs.length > GRID_LINES_MAX || ys.length > GRID_LINES_MAX) return null;
  // Loops, not map: an optimised map makes a holey array, an interpreted one a packed array,
  // and the pushes below bailed out at each change.
  const vAt: Seg[][] = [];
  for (let k = 0; k < xs.length; k++) vAt.push([]);
  const hAt: Seg[][] = [];
  for (let k = 0; k < ys.length; k++) hAt.push([]);
  for (const s of vs) vAt[nearestIndex(xs, s.pos)].push(s);
  for (const s of hs) hAt[nearestIndex(ys, s.pos)].push(s);
  const area = (xs[xs.length - 1] - xs[0]) * (ys[ys.length - 1] - ys[0]);
  return { xs, ys, vAt, hAt, area, openEdges };
}

/** The segments' positions, then `first` and `last` (a loop: a spread of a map made an
 *  iterator and its results on every grid). */
function positionsAnd(segs: readonly Seg[], first: number, last: number): number[] {
  const values: number[] = [];
  for (let k = 0; k < segs.length; k++) values.push(segs[k].pos);
  values.push(first, last);
  return values;
}

/** Which merged cell each grid cell belongs to (the row-major index of its top-left cell),
 *  the share of interior cell borders that are actually ruled, and whether the grid is a
 *  closed tiling: its outside ruled all round and every merged cell a rectangle. A table's
 *  spanning cells are rectangles inside its frame (pdfplumber and camelot's lattice take a
 *  cell to be a rectangle whose four sides are drawn); the free space between a diagram's
 *  boxes is not. */
export function mergeCells(grid: Grid): { anchors: Int32Array; ruledShare: number; closedTiling: boolean } {
  const rows = grid.ys.length - 1;
  const cols = grid.xs.length - 1;
  const parent = new Int32Array(rows * cols);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  let borders = 0;
  let ruled = 0;
  for (let r = 0; r < rows; r++) {
    const midY = (grid.ys[r] + grid.ys[r + 1]) / 2;
    // An open row spans the columns by design: its missing borders say nothing against it.
    const openRow = grid.openEdges.length > 0 && !grid.vAt.some((segs, c) => c > 0 && c < cols && covers(segs, midY));
    for (let c = 1; c < cols; c++) {
      if (!openRow) borders++;
      if (covers(grid.vAt[c], midY)) ruled++;
      else union(parent, r * cols + c - 1, r * cols + c);
    }
  }
  for (let r = 1; r < rows; r++) {
    // At an open row's edge the rows part though no rule runs there: the spanning row over
    // the columns is a row of its own.
    const columnsEnd = grid.openEdges.some((y) => Math.abs(grid.ys[r] - y) <= SNAP_PT);
    for (let c = 0; c < cols; c++) {
      const midX = (grid.xs[c] + grid.xs[c + 1]) / 2;
      if (columnsEnd && !covers(grid.hAt[r], midX)) continue;
      borders++;
      if (covers(grid.hAt[r], midX)) ruled++;
      else union(parent, (r - 1) * cols + c, r * cols + c);
    }
  }
  const anchors = new Int32Array(parent.length);
  for (let i = 0; i < parent.length; i++) anchors[i] = find(parent, i);
  const ruledShare = borders > 0 ? ruled / borders : 0;
  return { anchors, ruledShare, closedTiling: ruledShare < 1 && framed(grid) && rectangles(anchors, rows, cols) };
}

/** Whether the grid's outside is ruled along every row and column. */
function framed(grid: Grid): boolean {
  const rows = grid.ys.length - 1;
  const cols = grid.xs.length - 1;
  for (let c = 0; c < cols; c++) {
    const midX = (grid.xs[c] + grid.xs[c + 1]) / 2;
    if (!covers(grid.hAt[0], midX) || !covers(grid.hAt[rows], midX)) return false;
  }
  for (let r = 0; r < rows; r++) {
    const midY = (grid.ys[r] + grid.ys[r + 1]) / 2;
    if (!covers(grid.vAt[0], midY) || !covers(grid.vAt[cols], midY)) return false;
  }
  return true;
}

/** Whether every merged cell fills the rectangle of grid cells its extent spans. */
function rectangles(anchors: Int32Array, rows: number, cols: number): boolean {
  // Per anchor: its last row and column, and how many grid cells it holds. The anchor is
  // the merged cell's first cell in row-major order, so its row is the top one; the leftmost
  // column is tracked separately since a non-rectangular shape can reach further left below.
  const lastRow = new Int32Array(anchors.length);
  const minCol = new Int32Array(anchors.length).fill(cols);
  const maxCol = new Int32Array(anchors.length).fill(-1);
  const count = new Int32Array(anchors.length);
  for (let i = 0; i < anchors.length; i++) {
    const a = anchors[i];
    const c = i % cols;
    lastRow[a] = Math.floor(i / cols);
    if (c < minCol[a]) minCol[a] = c;
    if (c > maxCol[a]) maxCol[a] = c;
    count[a]++;
  }
  for (let a = 0; a < anchors.length; a++) {
    if (count[a] === 0) continue;
    const height = lastRow[a] - Math.floor(a / cols) + 1;
    if (count[a] !== height * (maxCol[a] - minCol[a] + 1)) return false;
  }
  return rows > 0;
}

// A loop, not `some` with a closure over `p`: asked for every border of every grid cell.
function covers(segs: readonly Seg[], p: number): boolean {
  for (const s of segs) if (p >= s.a - JOIN_PT && p <= s.b + JOIN_PT) return true;
  return false;
}

/** Sorted values merged when within SNAP_PT of their cluster's first value; means returned. */
function clusterValues(values: number[]): number[] {
  sortInPlace(values, ascending);
  const out: number[] = [];
  let i = 0;
  while (i < values.length) {
    let j = i;
    let sum = 0;
    while (j < values.length && values[j] - values[i] <= SNAP_PT) sum += values[j++];
    out.push(sum / (j - i));
    i = j;
  }
  return out;
}

/** Index of the band [edges[i], edges[i+1]) holding x, clamped to the outer bands. */
export function bandIndex(edges: number[], x: number): number {
  const i = lowerBound(edges, x) - 1;
  return Math.min(Math.max(i, 0), edges.length - 2);
}

function nearestIndex(sorted: number[], x: number): number {
  const i = lowerBound(sorted, x);
  if (i === 0) return 0;
  if (i === sorted.length) return sorted.length - 1;
  return x - sorted[i - 1] <= sorted[i] - x ? i - 1 : i;
}

/** Union-find keeping the smaller index as the root, so a root is its set's first cell. */
function union(parent: Int32Array, a: number, b: number): void {
  const ra = find(parent, a);
  const rb = find(parent, b);
  if (ra < rb) parent[rb] = ra;
  else if (rb < ra) parent[ra] = rb;
}

function find(parent: Int32Array, i: number): number {
  let x = i;
  while (parent[x] !== x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}
