// Table detection on one page. Two detectors share one output shape:
//  - ruled: a grid built from ruling lines, stroked rectangle outlines and filled rectangles;
//  - aligned: rows of short text pieces whose columns line up without any ruling.
// Ruled grids go first because their rulings are explicit; the aligned detector only sees
// the lines they left. Both are conservative: a missed table still reads as text, while a
// false one scrambles prose.
import type { Line, Rule, Span } from "./model.js";

export interface TableCell {
  /** Lines, or fragments of lines cut at column boundaries, in reading order. */
  lines: Line[];
}

export interface Table {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Every row has the same number of cells; a merged cell keeps its text in its first cell. */
  rows: TableCell[][];
  ruled: boolean;
  /** 1 when the first row is marked as a header (bold, a distinct rule, or its own shading). */
  headerRows: number;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A merged ruling: `pos` is y for a horizontal, x for a vertical; [a, b] its extent. */
interface Seg {
  pos: number;
  a: number;
  b: number;
  /** Stroke thickness when known, 0 for rectangle edges whose stroke width is unknown. */
  thick: number;
  /** Two parallel rulings merged into one (a double border). */
  double: boolean;
}

interface Rulings {
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

interface Grid {
  xs: number[];
  ys: number[];
  /** Vertical segments snapped to each `xs` index; horizontals to each `ys` index. */
  vAt: Seg[][];
  hAt: Seg[][];
  area: number;
}

/** A table row under construction, with its vertical extent for header detection. */
interface BuiltRow {
  cells: TableCell[];
  y0: number;
  y1: number;
}

// ---- Rulings ----------------------------------------------------------------------------

/** Filled rectangles up to this thickness are drawn rules; Word and HTML borders are 0.5–2 pt. */
const RULE_THICKNESS_MAX_PT = 3;
/** Rulings closer than this are one: double borders sit ~1.5–2 pt apart and stroke
 *  boxes include half the line width. Text rows are never this thin. */
const SNAP_PT = 3;
/** A ruling stopping this short of another still meets it: producers leave hairline gaps
 *  at corners, and collinear pieces of one border are drawn cell by cell. */
const JOIN_PT = 3;
/** Merged parallel rulings further apart than this were a double line, not one line. */
const DOUBLE_RULE_GAP_MIN_PT = 1;
/** Fills covering more of the page than this are page or panel backgrounds, not cells. */
const BACKGROUND_PAGE_FRACTION_MAX = 0.5;
/** More vector rules than this is artwork (maps, hatching): no table search at all. */
const RULES_MAX = 20_000;
/** Bounds the segment-intersection pass, which is O(h × v) in the worst case. */
const SEGMENTS_MAX = 1_500;
/** Grid lines per axis; beyond it the region is graph paper or a chart, and the cell
 *  count (its square) would make the merge pass costly. */
const GRID_LINES_MAX = 200;

// ---- Ruled grids ------------------------------------------------------------------------

/** Charts and forms draw grids whose cells are mostly empty; real tables fill most cells. */
const FILLED_CELL_FRACTION_MIN = 0.25;
/** A framed page layout (columns in boxes) is a "grid" whose cells hold whole paragraphs. */
const CELL_LINES_MEDIAN_MAX = 10;
/** In a table nearly every border between neighbouring grid cells is drawn (merged cells
 *  are few); boxes of a diagram leave most of the grid their edges span unruled. */
const RULED_BORDER_SHARE_MIN = 0.8;
/** Diagrams (boxes joined by connectors) and scattered form fields make grids whose rows
 *  and columns hold one text each; in a table most rows and columns hold two or more. */
const MULTI_CELL_SHARE_MIN = 0.5;

// ---- Aligned tables ---------------------------------------------------------------------

/** Two lines share a row when they overlap vertically by this share of the shorter one. */
const ROW_OVERLAP_MIN = 0.5;
/** A horizontal gap wider than this many ems separates cells; word spaces are ~0.25–0.6 em
 *  even in loosely justified text. */
const CELL_GAP_EM_MIN = 1;
/** ... and wider than this many average character widths: wide faces (monospace, extended)
 *  set their word spaces wider than an em-based limit expects. */
const CELL_GAP_CHAR_WIDTHS_MIN = 2;
/** The empty channel between two columns, over all rows, must be at least this wide. */
const GUTTER_EM_MIN = 0.5;
/** Rows further apart than this many line heights belong to different blocks. */
const ROW_GAP_LINE_HEIGHTS_MAX = 1.5;
/** Two aligned rows happen by chance (a heading and a date); three rarely do. */
const ALIGNED_ROWS_MIN = 3;
/** Column edges agree within this many ems: glyph side bearings differ by a fraction. */
const ALIGN_TOLERANCE_EM = 0.3;
/** Share of a column's rows that must agree on a left, right or centre edge. */
const ALIGNED_ROW_FRACTION_MIN = 0.6;
/** Table cells are short: a label, a number. Lines of prose run 6–15 words. */
const CELL_WORDS_MEDIAN_MAX = 5;
/** One descriptive column is fine; a column of prose lines is a text column. */
const COLUMN_WORDS_MEDIAN_MAX = 8;
/** The same limits in characters, for scripts without spaces and text in unmapped fonts. */
const CELL_CHARS_MEDIAN_MAX = 30;
const COLUMN_CHARS_MEDIAN_MAX = 60;
/** A first column of labels this short before text this long is a list's hanging markers. */
const HANGING_MARKER_CHARS_MAX = 3;
const HANGING_TEXT_CHARS_MIN = 30;
/** Code listings align their comments in a column; the code renderer keeps them verbatim. */
const MONOSPACE_SHARE_MAX = 0.5;
/** Justified prose fills its column on nearly every line; table cells rarely do. */
const PROSE_FILL_RATIO_MIN = 0.9;
const PROSE_FULL_ROW_FRACTION_MIN = 0.8;
/** ... and has several words per line, where a column of equal-width numbers has one. */
const PROSE_WORDS_MEDIAN_MIN = 3;

// ---- Headers ----------------------------------------------------------------------------

/** A rule under the first row must span this share of the table to mark a header. */
const HEADER_RULE_COVER_MIN = 0.5;
/** A header rule drawn thicker than the other row rules by this factor marks a header. */
const HEADER_RULE_THICK_RATIO_MIN = 1.5;
/** Shading must cover this share of the first row's width to count as a header band. */
const HEADER_FILL_COVER_MIN = 0.5;

/** A cell that is only a list marker: `1.`, `a)`, `(iv)`, `4-`, `2.3`, a bullet. */
const LIST_MARKER = /^(?:[([]?(?:\d{1,3}|[a-z]|[ivxlcdm]{1,6})[.)\]-]|\d{1,3}(?:\.\d{1,3})+\.?|[•◦▪▫‣⁃∙·●○■□►▶➢✓✔–—*+-])$/i;
/** Dot leaders belong to tables of contents and indexes, which read better as lines. */
const LEADER_DOTS = /(?:\.\s?){5,}|…{2,}/;

export function detectTables(
  lines: Line[],
  rules: Rule[],
  page: { width: number; height: number },
): { tables: Table[]; rest: Line[] } {
  const rulings = collectRulings(rules, page);
  const taken = new Set<Line>();
  // Lines inside drawn diagrams: their labels line up in columns but are no table.
  const inDiagrams = new Set<Line>();
  const tables: Table[] = [];
  detectRuled(lines, rulings, taken, inDiagrams, tables);
  detectAligned(lines, rulings, taken, inDiagrams, tables);
  if (tables.length === 0) return { tables, rest: lines.slice() };
  tables.sort((p, q) => p.y0 - q.y0 || p.x0 - q.x0);
  return { tables, rest: lines.filter((l) => !taken.has(l)) };
}

// ======================================================================== rulings ====

function collectRulings(rules: Rule[], page: { width: number; height: number }): Rulings {
  const h: Seg[] = [];
  const v: Seg[] = [];
  const fills: Box[] = [];
  const frames: Box[] = [];
  if (rules.length === 0 || rules.length > RULES_MAX) return { h, hPos: [], v, fills, frames };
  const backgroundAreaMin = page.width * page.height * BACKGROUND_PAGE_FRACTION_MAX;
  for (const r of rules) {
    const x0 = Math.min(r.x0, r.x1);
    const x1 = Math.max(r.x0, r.x1);
    const y0 = Math.min(r.y0, r.y1);
    const y1 = Math.max(r.y0, r.y1);
    const w = x1 - x0;
    const ht = y1 - y0;
    if (w <= RULE_THICKNESS_MAX_PT && ht <= RULE_THICKNESS_MAX_PT) continue; // a dot
    if (ht <= RULE_THICKNESS_MAX_PT) {
      h.push({ pos: (y0 + y1) / 2, a: x0, b: x1, thick: ht, double: false });
    } else if (w <= RULE_THICKNESS_MAX_PT) {
      v.push({ pos: (x0 + x1) / 2, a: y0, b: y1, thick: w, double: false });
    } else {
      if (r.kind === "fill") {
        if (w * ht > backgroundAreaMin) continue;
        fills.push({ x0, y0, x1, y1 });
      } else {
        frames.push({ x0, y0, x1, y1 });
      }
      // A stroked rectangle is its outline; a shaded cell's edges are its borders.
      h.push({ pos: y0, a: x0, b: x1, thick: 0, double: false });
      h.push({ pos: y1, a: x0, b: x1, thick: 0, double: false });
      v.push({ pos: x0, a: y0, b: y1, thick: 0, double: false });
      v.push({ pos: x1, a: y0, b: y1, thick: 0, double: false });
    }
  }
  const merged = mergeCollinear(h);
  return { h: merged, hPos: merged.map((s) => s.pos), v: mergeCollinear(v), fills, frames };
}

/** Merges rulings on (nearly) the same line whose extents touch. Output sorted by `pos`. */
function mergeCollinear(segs: Seg[]): Seg[] {
  if (segs.length === 0) return segs;
  segs.sort((p, q) => p.pos - q.pos);
  // Cluster ids by position, each cluster anchored on its first position so that a ladder
  // of close lines (hatching) cannot chain into one wide cluster; then one sort by
  // (cluster, start) lets a single pass join touching extents.
  const cluster = new Int32Array(segs.length);
  let anchor = segs[0].pos;
  for (let i = 1; i < segs.length; i++) {
    if (segs[i].pos - anchor > SNAP_PT) {
      cluster[i] = cluster[i - 1] + 1;
      anchor = segs[i].pos;
    } else {
      cluster[i] = cluster[i - 1];
    }
  }
  const order = Array.from(segs.keys()).sort((p, q) => cluster[p] - cluster[q] || segs[p].a - segs[q].a);
  const out: Seg[] = [];
  let cur: Seg | null = null;
  let curCluster = -1;
  let lo = 0;
  let hi = 0;
  for (const i of order) {
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
    cur = { ...g };
    curCluster = cluster[i];
    lo = hi = g.pos;
  }
  if (cur !== null) out.push(withPos(cur, lo, hi));
  return out.sort((p, q) => p.pos - q.pos);
}

/** A merged ruling sits midway between the outermost rulings merged into it. */
function withPos(seg: Seg, lo: number, hi: number): Seg {
  seg.pos = (lo + hi) / 2;
  return seg;
}

// ====================================================================== ruled grids ====

function detectRuled(lines: Line[], rulings: Rulings, taken: Set<Line>, inDiagrams: Set<Line>, tables: Table[]): void {
  const grids = findGrids(rulings);
  if (grids.length === 0) return;
  // Smallest first: a table inside a framed panel claims its lines before the frame does.
  grids.sort((p, q) => p.area - q.area);
  const byY = lines
    .map((line) => ({ line, cy: (line.y0 + line.y1) / 2 }))
    .sort((p, q) => p.cy - q.cy);
  const cys = byY.map((e) => e.cy);
  for (const grid of grids) {
    const inside: Line[] = [];
    const x0 = grid.xs[0];
    const x1 = grid.xs[grid.xs.length - 1];
    const yEnd = grid.ys[grid.ys.length - 1];
    for (let k = lowerBound(cys, grid.ys[0]); k < byY.length && cys[k] <= yEnd; k++) {
      const line = byY[k].line;
      const cx = (line.x0 + line.x1) / 2;
      if (cx >= x0 && cx <= x1 && !taken.has(line) && line.spans.length > 0) inside.push(line);
    }
    const verdict = gridTable(grid, inside, rulings);
    if (verdict === "diagram") for (const line of inside) inDiagrams.add(line);
    if (typeof verdict === "string") continue;
    for (const line of inside) taken.add(line);
    tables.push(verdict);
  }
}

function findGrids(rulings: Rulings): Grid[] {
  const { h, v } = rulings;
  if (h.length < 2 || v.length < 1 || h.length + v.length > SEGMENTS_MAX) return [];
  const parent = new Int32Array(h.length + v.length);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  const vPos = v.map((s) => s.pos);
  for (let i = 0; i < h.length; i++) {
    const s = h[i];
    for (let k = lowerBound(vPos, s.a - JOIN_PT); k < v.length && vPos[k] <= s.b + JOIN_PT; k++) {
      if (s.pos >= v[k].a - JOIN_PT && s.pos <= v[k].b + JOIN_PT) union(parent, i, h.length + k);
    }
  }
  const members = new Map<number, number[]>();
  for (let i = 0; i < parent.length; i++) {
    const root = find(parent, i);
    const list = members.get(root);
    if (list) list.push(i);
    else members.set(root, [i]);
  }
  const grids: Grid[] = [];
  for (const list of members.values()) {
    if (list.length < 3) continue;
    const hs = list.filter((i) => i < h.length).map((i) => h[i]);
    const vs = list.filter((i) => i >= h.length).map((i) => v[i - h.length]);
    const grid = buildGrid(hs, vs);
    if (grid !== null) grids.push(grid);
  }
  return grids;
}

function buildGrid(hs: Seg[], vs: Seg[]): Grid | null {
  if (hs.length < 2 || vs.length < 1) return null;
  // Tables often leave their outer sides open: the horizontals' ends are column edges too,
  // and the verticals' ends are row edges.
  let hMin = Infinity;
  let hMax = -Infinity;
  for (const s of hs) (hMin = Math.min(hMin, s.a)), (hMax = Math.max(hMax, s.b));
  let vMin = Infinity;
  let vMax = -Infinity;
  for (const s of vs) (vMin = Math.min(vMin, s.a)), (vMax = Math.max(vMax, s.b));
  const xs = clusterValues([...vs.map((s) => s.pos), hMin, hMax]);
  const ys = clusterValues([...hs.map((s) => s.pos), vMin, vMax]);
  if (xs.length < 3 || ys.length < 3) return null;
  if (xs.length > GRID_LINES_MAX || ys.length > GRID_LINES_MAX) return null;
  const vAt: Seg[][] = xs.map(() => []);
  const hAt: Seg[][] = ys.map(() => []);
  for (const s of vs) vAt[nearestIndex(xs, s.pos)].push(s);
  for (const s of hs) hAt[nearestIndex(ys, s.pos)].push(s);
  const area = (xs[xs.length - 1] - xs[0]) * (ys[ys.length - 1] - ys[0]);
  return { xs, ys, vAt, hAt, area };
}

/** Which merged cell each grid cell belongs to (the row-major index of its top-left cell),
 *  and the share of interior cell borders that are actually ruled. */
function mergeCells(grid: Grid): { anchors: Int32Array; ruledShare: number } {
  const rows = grid.ys.length - 1;
  const cols = grid.xs.length - 1;
  const parent = new Int32Array(rows * cols);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  let borders = 0;
  let ruled = 0;
  for (let r = 0; r < rows; r++) {
    const midY = (grid.ys[r] + grid.ys[r + 1]) / 2;
    for (let c = 1; c < cols; c++) {
      borders++;
      if (covers(grid.vAt[c], midY)) ruled++;
      else union(parent, r * cols + c - 1, r * cols + c);
    }
  }
  for (let r = 1; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const midX = (grid.xs[c] + grid.xs[c + 1]) / 2;
      borders++;
      if (covers(grid.hAt[r], midX)) ruled++;
      else union(parent, (r - 1) * cols + c, r * cols + c);
    }
  }
  const anchors = new Int32Array(parent.length);
  for (let i = 0; i < parent.length; i++) anchors[i] = find(parent, i);
  return { anchors, ruledShare: borders > 0 ? ruled / borders : 0 };
}

/** A table, or why the grid is none: `diagram` when its shape is a drawing's. */
function gridTable(grid: Grid, inside: Line[], rulings: Rulings): Table | "diagram" | "rejected" {
  if (inside.length === 0) return "rejected";
  const cols = grid.xs.length - 1;
  const { anchors, ruledShare } = mergeCells(grid);
  if (ruledShare < RULED_BORDER_SHARE_MIN) return "diagram";
  const cellLines: Line[][] = Array.from({ length: anchors.length }, () => []);
  for (const line of inside) placeLine(line, grid, anchors, cellLines);
  const built: BuiltRow[] = [];
  for (let r = 0; r + 1 < grid.ys.length; r++) {
    const sub = splitBand(grid, anchors, cellLines, r);
    if (sub !== null) {
      built.push(...sub);
      continue;
    }
    const cells: TableCell[] = [];
    for (let c = 0; c < cols; c++) cells.push({ lines: readingOrder(cellLines[r * cols + c]) });
    built.push({ cells, y0: grid.ys[r], y1: grid.ys[r + 1] });
  }
  const rows = dropEmpty(built);
  const verdict = judgeGrid(rows);
  if (verdict !== "table") return verdict;
  const box = { x0: grid.xs[0], y0: grid.ys[0], x1: grid.xs[cols], y1: grid.ys[grid.ys.length - 1] };
  const headerRows = detectHeader(rows, box, rulings);
  return { ...box, rows: rows.map((r) => r.cells), ruled: true, headerRows };
}

function judgeGrid(rows: BuiltRow[]): "table" | "diagram" | "rejected" {
  const cols = rows.length > 0 ? rows[0].cells.length : 0;
  if (rows.length < 2 || cols < 2) return "rejected";
  let filled = 0;
  let multiRows = 0;
  const perColumn = new Array<number>(cols).fill(0);
  const lineCounts: number[] = [];
  for (const row of rows) {
    let inRow = 0;
    row.cells.forEach((cell, c) => {
      if (!hasText(cell)) return;
      inRow++;
      perColumn[c]++;
      lineCounts.push(cell.lines.length);
    });
    filled += inRow;
    if (inRow >= 2) multiRows++;
  }
  if (filled < FILLED_CELL_FRACTION_MIN * rows.length * cols) return "diagram";
  if (multiRows < MULTI_CELL_SHARE_MIN * rows.length) return "diagram";
  if (perColumn.filter((n) => n >= 2).length < MULTI_CELL_SHARE_MIN * cols) return "diagram";
  return median(lineCounts) <= CELL_LINES_MEDIAN_MAX ? "table" : "rejected";
}

/** Puts a line into the merged cell under it, cutting it where it crosses a cell border. */
function placeLine(line: Line, grid: Grid, anchors: Int32Array, cellLines: Line[][]): void {
  const cols = grid.xs.length - 1;
  const row = bandIndex(grid.ys, (line.y0 + line.y1) / 2);
  const anchorAt = (x: number) => anchors[row * cols + bandIndex(grid.xs, x)];
  const pieces: { anchor: number; span: Span }[] = [];
  for (const span of line.spans) {
    let s = span;
    // Each pass cuts off one crossed border, so at most `cols` passes.
    for (let guard = 0; guard < cols; guard++) {
      const c0 = bandIndex(grid.xs, s.x0 + SNAP_PT);
      const c1 = bandIndex(grid.xs, s.x1 - SNAP_PT);
      let border = -1;
      for (let c = c0 + 1; c <= c1; c++) {
        if (anchors[row * cols + c - 1] !== anchors[row * cols + c]) {
          border = c;
          break;
        }
      }
      if (border < 0) break;
      const cut = cutSpan(s, grid.xs[border]);
      if (cut === null) break;
      pieces.push({ anchor: anchorAt(center(cut[0])), span: cut[0] });
      s = cut[1];
    }
    pieces.push({ anchor: anchorAt(center(s)), span: s });
  }
  if (pieces.every((p) => p.anchor === pieces[0].anchor)) {
    if (pieces.length === line.spans.length) {
      cellLines[pieces[0].anchor].push(line);
      return;
    }
  }
  let start = 0;
  for (let k = 1; k <= pieces.length; k++) {
    if (k < pieces.length && pieces[k].anchor === pieces[start].anchor) continue;
    const spans = pieces.slice(start, k).map((p) => p.span);
    cellLines[pieces[start].anchor].push(makeLine(spans, line.wmode));
    start = k;
  }
}

/**
 * Splits a span that runs across a column border at the whitespace nearest to it. Character
 * positions are not in the model, so they are interpolated along the span: exact for
 * monospace, within a character or two otherwise, and the cell gap is wider than that.
 */
function cutSpan(span: Span, x: number): [Span, Span] | null {
  const text = span.text;
  const n = text.length;
  const width = span.x1 - span.x0;
  if (n < 3 || width <= 0) return null;
  const ideal = Math.round(((x - span.x0) / width) * n);
  let at = -1;
  for (let d = 0; d < n; d++) {
    if (isSpace(text, ideal - d)) {
      at = ideal - d;
      break;
    }
    if (isSpace(text, ideal + d)) {
      at = ideal + d;
      break;
    }
  }
  if (at < 0) return null;
  const left = text.slice(0, at).trimEnd();
  const right = text.slice(at + 1).trimStart();
  if (left.length === 0 || right.length === 0) return null;
  const perChar = width / n;
  const rightStart = n - right.length;
  return [
    { ...span, text: left, x1: span.x0 + perChar * left.length },
    { ...span, text: right, x0: span.x0 + perChar * rightStart },
  ];
}

function isSpace(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const c = text.charCodeAt(i);
  return c === 32 || c === 9 || c === 0xa0;
}

/**
 * Splits one grid band into several table rows when the band holds several text rows that
 * each start in the band's first column and fill at least half its columns. Booktabs-like
 * grids rule only the header and the outside, leaving the body one band; a wrapped cell
 * adds text rows that leave the first column empty, so it stays one row.
 */
function splitBand(grid: Grid, anchors: Int32Array, cellLines: Line[][], r: number): BuiltRow[] | null {
  const cols = grid.xs.length - 1;
  const rows = grid.ys.length - 1;
  const items: { line: Line; col: number }[] = [];
  for (let c = 0; c < cols; c++) {
    const i = r * cols + c;
    // Merged cells across bands keep their band structure.
    if (Math.floor(anchors[i] / cols) !== r) return null;
    if (r + 1 < rows && Math.floor(anchors[i + cols] / cols) === r) return null;
    for (const line of cellLines[i]) items.push({ line, col: c });
  }
  if (items.length < 4) return null;
  const textRows = groupRows(items, (e) => e.line);
  if (textRows.length < 2) return null;
  const usedCols = new Set(items.map((e) => e.col));
  const firstCol = Math.min(...usedCols);
  const needed = Math.max(2, Math.ceil(usedCols.size / 2));
  for (const tr of textRows) {
    const colsHere = new Set(tr.map((e) => e.col));
    if (!colsHere.has(firstCol) || colsHere.size < needed) return null;
  }
  return textRows.map((tr) => {
    const cells: TableCell[] = Array.from({ length: cols }, () => ({ lines: [] as Line[] }));
    let y0 = Infinity;
    let y1 = -Infinity;
    for (const e of tr) {
      cells[e.col].lines.push(e.line);
      y0 = Math.min(y0, e.line.y0);
      y1 = Math.max(y1, e.line.y1);
    }
    for (const cell of cells) cell.lines = readingOrder(cell.lines);
    return { cells, y0, y1 };
  });
}

/** Removes rows and columns with no text: spacer bands, slivers between double borders,
 *  and the parts of merged cells that never hold text. */
function dropEmpty(rows: BuiltRow[]): BuiltRow[] {
  const kept = rows.filter((row) => row.cells.some(hasText));
  if (kept.length === 0) return kept;
  const cols = kept[0].cells.length;
  const used: number[] = [];
  for (let c = 0; c < cols; c++) {
    if (kept.some((row) => hasText(row.cells[c]))) used.push(c);
  }
  if (used.length === cols) return kept;
  return kept.map((row) => ({ ...row, cells: used.map((c) => row.cells[c]) }));
}

// ==================================================================== aligned tables ====

/** A run of spans on one row with no cell-sized gap inside. */
interface Piece {
  items: { span: Span; line: Line }[];
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Cell text, built only for rows that reach the content checks. */
  text: string | null;
}

interface TextRow {
  lines: Line[];
  cells: Piece[];
  y0: number;
  y1: number;
  em: number;
}

interface Column {
  x0: number;
  x1: number;
}

function detectAligned(lines: Line[], rulings: Rulings, taken: Set<Line>, inDiagrams: Set<Line>, tables: Table[]): void {
  const free = lines.filter((l) => l.wmode === 0 && l.spans.length > 0 && !taken.has(l) && !inDiagrams.has(l));
  if (free.length < ALIGNED_ROWS_MIN) return;
  const rows = groupRows(free, (l) => l).map(textRow);
  let floor = 0;
  let i = 0;
  while (i < rows.length) {
    if (rows[i].cells.length < 2) {
      i++;
      continue;
    }
    const end = growRun(rows, i);
    if (end - i < ALIGNED_ROWS_MIN || !runLooksTabular(rows, i, end) || splitByFrames(rows, i, end, rulings.frames)) {
      i = Math.max(i + 1, end);
      continue;
    }
    const columns = columnsOf(rows, i, end);
    let top = i;
    while (top - 1 >= floor && near(rows[top - 1], rows[top]) && fitColumns(rows[top - 1], columns)) top--;
    let bottom = end;
    while (bottom < rows.length && near(rows[bottom - 1], rows[bottom]) && fitColumns(rows[bottom], columns)) {
      bottom++;
    }
    const run = rows.slice(top, bottom);
    tables.push(alignedTable(run, columns, rulings));
    for (const row of run) for (const line of row.lines) taken.add(line);
    floor = bottom;
    i = bottom;
  }
}

function textRow(lines: Line[]): TextRow {
  const items: { span: Span; line: Line }[] = [];
  let sizeSum = 0;
  let chars = 0;
  let width = 0;
  for (const line of lines) {
    for (const span of line.spans) {
      if (isBlank(span.text)) continue;
      items.push({ span, line });
      sizeSum += span.size * span.text.length;
      chars += span.text.length;
      width += span.x1 - span.x0;
    }
  }
  items.sort((p, q) => p.span.x0 - q.span.x0);
  const em = chars > 0 ? sizeSum / chars : 0;
  const gapMin = Math.max(CELL_GAP_EM_MIN * em, chars > 0 ? (CELL_GAP_CHAR_WIDTHS_MIN * width) / chars : 0);
  const cells: Piece[] = [];
  let cur: Piece | null = null;
  for (const item of items) {
    if (cur !== null && item.span.x0 - cur.x1 <= gapMin) {
      cur.items.push(item);
      cur.x1 = Math.max(cur.x1, item.span.x1);
      cur.y0 = Math.min(cur.y0, item.span.y0);
      cur.y1 = Math.max(cur.y1, item.span.y1);
      continue;
    }
    cur = { items: [item], x0: item.span.x0, x1: item.span.x1, y0: item.span.y0, y1: item.span.y1, text: null };
    cells.push(cur);
  }
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const line of lines) (y0 = Math.min(y0, line.y0)), (y1 = Math.max(y1, line.y1));
  return { lines, cells, y0, y1, em };
}

/** End (exclusive) of the longest run from `start` of rows with the same cells, each
 *  overlapping its column, while every gutter between columns stays open. */
function growRun(rows: TextRow[], start: number): number {
  const first = rows[start];
  const k = first.cells.length;
  const left = first.cells.map((c) => c.x0);
  const right = first.cells.map((c) => c.x1);
  const gutter = GUTTER_EM_MIN * first.em;
  let j = start + 1;
  for (; j < rows.length; j++) {
    const row = rows[j];
    if (row.cells.length !== k || !near(rows[j - 1], row)) break;
    let ok = true;
    for (let c = 0; c < k && ok; c++) {
      const cell = row.cells[c];
      ok = cell.x1 >= left[c] && cell.x0 <= right[c];
      if (ok && c + 1 < k) {
        ok = Math.max(right[c], cell.x1) + gutter <= Math.min(left[c + 1], row.cells[c + 1].x0);
      }
    }
    if (!ok) break;
    for (let c = 0; c < k; c++) {
      left[c] = Math.min(left[c], row.cells[c].x0);
      right[c] = Math.max(right[c], row.cells[c].x1);
    }
  }
  return j;
}

function runLooksTabular(rows: TextRow[], start: number, end: number): boolean {
  const run = rows.slice(start, end);
  const k = run[0].cells.length;
  const tolerance = ALIGN_TOLERANCE_EM * median(run.map((r) => r.em));
  const agreeing = Math.max(ALIGNED_ROWS_MIN, Math.ceil(ALIGNED_ROW_FRACTION_MIN * run.length));
  const allWords: number[] = [];
  const allChars: number[] = [];
  let proseColumns = 0;
  for (let c = 0; c < k; c++) {
    const cells = run.map((r) => r.cells[c]);
    const aligned =
      agree(cells.map((p) => p.x0), tolerance) >= agreeing ||
      agree(cells.map((p) => p.x1), tolerance) >= agreeing ||
      agree(cells.map((p) => (p.x0 + p.x1) / 2), tolerance) >= agreeing;
    if (!aligned) return false;
    const words = cells.map((p) => countWords(pieceText(p)));
    const wordsMedian = median(words);
    if (wordsMedian > COLUMN_WORDS_MEDIAN_MAX) return false;
    const chars = cells.map((p) => pieceText(p).length);
    if (median(chars) > COLUMN_CHARS_MEDIAN_MAX) return false;
    allWords.push(...words);
    allChars.push(...chars);
    const x0 = cells.reduce((m, p) => Math.min(m, p.x0), Infinity);
    const width = cells.reduce((m, p) => Math.max(m, p.x1), -Infinity) - x0;
    const full = cells.filter((p) => p.x1 - p.x0 >= PROSE_FILL_RATIO_MIN * width).length;
    if (full >= PROSE_FULL_ROW_FRACTION_MIN * cells.length && wordsMedian >= PROSE_WORDS_MEDIAN_MIN) {
      proseColumns++;
    }
  }
  if (median(allWords) > CELL_WORDS_MEDIAN_MAX || median(allChars) > CELL_CHARS_MEDIAN_MAX) return false;
  if (proseColumns === k || monospaceShare(run) > MONOSPACE_SHARE_MAX) return false;
  // A numbered or bulleted list lays its markers out as a column of its own; markers the
  // pattern misses (unmapped fonts, unusual glyphs) still show as tiny labels before long text.
  if (run.every((r) => LIST_MARKER.test(pieceText(r.cells[0])))) return false;
  if (k === 2 && run.every((r) => pieceText(r.cells[0]).length <= HANGING_MARKER_CHARS_MAX)) {
    if (median(run.map((r) => pieceText(r.cells[1]).length)) >= HANGING_TEXT_CHARS_MIN) return false;
  }
  return !run.some((r) => r.cells.some((p) => LEADER_DOTS.test(pieceText(p))));
}

function pieceText(piece: Piece): string {
  piece.text ??= piece.items.map((e) => e.span.text.trim()).join(" ");
  return piece.text;
}

/** Whether a stroked rectangle holds some cells of a row but not the others: the columns
 *  are boxes of a diagram (class boxes side by side), not columns of one table. */
function splitByFrames(rows: TextRow[], start: number, end: number, frames: Box[]): boolean {
  if (frames.length === 0) return false;
  const y0 = rows[start].y0;
  const y1 = rows[end - 1].y1;
  const local = frames.filter((f) => f.y1 > y0 && f.y0 < y1);
  for (const f of local) {
    for (let r = start; r < end; r++) {
      const cells = rows[r].cells;
      let inside = 0;
      for (const cell of cells) {
        const cx = (cell.x0 + cell.x1) / 2;
        const cy = (cell.y0 + cell.y1) / 2;
        if (cx >= f.x0 && cx <= f.x1 && cy >= f.y0 && cy <= f.y1) inside++;
      }
      if (inside > 0 && inside < cells.length) return true;
    }
  }
  return false;
}

function monospaceShare(run: TextRow[]): number {
  let mono = 0;
  let all = 0;
  for (const row of run) {
    for (const cell of row.cells) {
      for (const { span } of cell.items) {
        all += span.text.length;
        if (span.monospace) mono += span.text.length;
      }
    }
  }
  return all > 0 ? mono / all : 0;
}

/** How many values sit within `tolerance` of their median. */
function agree(values: number[], tolerance: number): number {
  const m = median(values);
  let n = 0;
  for (const v of values) if (Math.abs(v - m) <= tolerance) n++;
  return n;
}

function columnsOf(rows: TextRow[], start: number, end: number): Column[] {
  const k = rows[start].cells.length;
  const columns: Column[] = [];
  for (let c = 0; c < k; c++) {
    let x0 = Infinity;
    let x1 = -Infinity;
    for (let r = start; r < end; r++) {
      x0 = Math.min(x0, rows[r].cells[c].x0);
      x1 = Math.max(x1, rows[r].cells[c].x1);
    }
    columns.push({ x0, x1 });
  }
  return columns;
}

/** Column of each cell when every cell overlaps exactly one column and no two cells share
 *  one (a header wider than its numbers, a row with an empty cell); otherwise null. */
function fitColumns(row: TextRow, columns: Column[]): number[] | null {
  if (row.cells.length < 2) return null;
  const at: number[] = [];
  let previous = -1;
  for (const cell of row.cells) {
    let hit = -1;
    for (let c = 0; c < columns.length; c++) {
      if (cell.x1 < columns[c].x0 || cell.x0 > columns[c].x1) continue;
      if (hit >= 0) return null;
      hit = c;
    }
    if (hit <= previous) return null;
    at.push(hit);
    previous = hit;
  }
  return at;
}

function near(above: TextRow, below: TextRow): boolean {
  return below.y0 - above.y1 <= ROW_GAP_LINE_HEIGHTS_MAX * (above.y1 - above.y0);
}

function alignedTable(run: TextRow[], columns: Column[], rulings: Rulings): Table {
  const built: BuiltRow[] = [];
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const row of run) {
    const cells: TableCell[] = columns.map(() => ({ lines: [] as Line[] }));
    // Core rows map cell to column by position; extension rows were checked by fitColumns.
    const at = fitColumns(row, columns) ?? row.cells.map((_, c) => c);
    row.cells.forEach((piece, c) => {
      cells[at[c]].lines = readingOrder(pieceLines(piece));
      x0 = Math.min(x0, piece.x0);
      x1 = Math.max(x1, piece.x1);
    });
    built.push({ cells, y0: row.y0, y1: row.y1 });
  }
  const box = { x0, y0: run[0].y0, x1, y1: run[run.length - 1].y1 };
  const headerRows = detectHeader(built, box, rulings);
  return { ...box, rows: built.map((r) => r.cells), ruled: false, headerRows };
}

/** The lines of a piece: whole lines where the piece holds all of a line's spans,
 *  fragments where a line was cut between cells. */
function pieceLines(piece: Piece): Line[] {
  const byLine = new Map<Line, Span[]>();
  for (const { span, line } of piece.items) {
    const spans = byLine.get(line);
    if (spans) spans.push(span);
    else byLine.set(line, [span]);
  }
  const out: Line[] = [];
  for (const [line, spans] of byLine) {
    // Blank spans never reach a piece, so a line is whole when its other spans all did.
    if (spans.length === line.spans.filter((s) => !isBlank(s.text)).length) {
      out.push(line);
      continue;
    }
    const order = new Map(line.spans.map((s, i) => [s, i]));
    spans.sort((p, q) => (order.get(p) ?? 0) - (order.get(q) ?? 0));
    out.push(makeLine(spans, line.wmode));
  }
  return out;
}

// ========================================================================== headers ====

function detectHeader(rows: BuiltRow[], box: Box, rulings: Rulings): number {
  if (rows.length < 2) return 0;
  if (firstRowBold(rows)) return 1;
  if (headerRule(rows, box, rulings)) return 1;
  return headerFill(rows, box, rulings.fills) ? 1 : 0;
}

function firstRowBold(rows: BuiltRow[]): boolean {
  const rowBold = (row: BuiltRow): boolean | null => {
    let seen = false;
    for (const cell of row.cells) {
      for (const line of cell.lines) {
        for (const span of line.spans) {
          if (isBlank(span.text)) continue;
          if (!span.bold) return false;
          seen = true;
        }
      }
    }
    return seen ? true : null;
  };
  if (rowBold(rows[0]) !== true) return false;
  // A table set entirely in bold has no bold header.
  return rows.slice(1).some((row) => rowBold(row) === false);
}

/** The strongest ruling between two rows, spanning enough of the table. */
function ruleBetween(upper: BuiltRow, lower: BuiltRow, box: Box, rulings: Rulings): Seg | null {
  const h = rulings.h;
  const lo = Math.min(upper.y1, lower.y0) - SNAP_PT;
  const hi = Math.max(upper.y1, lower.y0) + SNAP_PT;
  const spanMin = HEADER_RULE_COVER_MIN * (box.x1 - box.x0);
  let best: Seg | null = null;
  for (let k = lowerBound(rulings.hPos, lo); k < h.length && h[k].pos <= hi; k++) {
    const s = h[k];
    if (Math.min(s.b, box.x1) - Math.max(s.a, box.x0) < spanMin) continue;
    if (best === null || s.thick > best.thick || (s.double && !best.double)) best = s;
  }
  return best;
}

function headerRule(rows: BuiltRow[], box: Box, rulings: Rulings): boolean {
  if (rulings.h.length === 0) return false;
  const first = ruleBetween(rows[0], rows[1], box, rulings);
  if (first === null) return false;
  const others: (Seg | null)[] = [];
  for (let r = 1; r + 1 < rows.length; r++) others.push(ruleBetween(rows[r], rows[r + 1], box, rulings));
  const present = others.filter((s): s is Seg => s !== null);
  // Booktabs: a rule under the header and none (or few) between body rows.
  if (others.length > 0 && present.length * 2 < others.length) return true;
  if (present.length === 0) return false;
  const thicknesses = present.map((s) => s.thick).filter((t) => t > 0);
  if (first.thick > 0 && thicknesses.length > 0 && first.thick >= HEADER_RULE_THICK_RATIO_MIN * median(thicknesses)) {
    return true;
  }
  return first.double && !present.some((s) => s.double);
}

function headerFill(rows: BuiltRow[], box: Box, fills: Box[]): boolean {
  const local = fills.filter((f) => f.x1 > box.x0 && f.x0 < box.x1 && f.y1 > box.y0 && f.y0 < box.y1);
  if (local.length === 0) return false;
  const width = box.x1 - box.x0;
  const shaded = (row: BuiltRow): boolean => {
    const mid = (row.y0 + row.y1) / 2;
    let covered = 0;
    for (const f of local) {
      if (f.y0 <= mid && f.y1 >= mid) covered += Math.min(f.x1, box.x1) - Math.max(f.x0, box.x0);
    }
    return covered >= HEADER_FILL_COVER_MIN * width;
  };
  // Zebra striping and whole-table backgrounds shade other rows too.
  return shaded(rows[0]) && !rows.slice(1).some(shaded);
}

// ========================================================================== helpers ====

/** Groups items into visual rows: vertical overlap with the tallest item of the row so far. */
function groupRows<T>(items: T[], box: (t: T) => Box): T[][] {
  const sorted = items.slice().sort((p, q) => box(p).y0 - box(q).y0);
  const out: T[][] = [];
  let anchor: Box | null = null;
  for (const item of sorted) {
    const b = box(item);
    if (anchor !== null) {
      const overlap = Math.min(anchor.y1, b.y1) - Math.max(anchor.y0, b.y0);
      const shorter = Math.min(anchor.y1 - anchor.y0, b.y1 - b.y0);
      if (overlap > 0 && overlap >= ROW_OVERLAP_MIN * shorter) {
        out[out.length - 1].push(item);
        if (b.y1 - b.y0 > anchor.y1 - anchor.y0) anchor = b;
        continue;
      }
    }
    out.push([item]);
    anchor = b;
  }
  return out;
}

function hasText(cell: TableCell): boolean {
  return cell.lines.some((line) => line.spans.some((span) => !isBlank(span.text)));
}

function readingOrder(lines: Line[]): Line[] {
  if (lines.length < 2) return lines;
  return groupRows(lines, (l) => l).flatMap((row) => row.sort((p, q) => p.x0 - q.x0));
}

function makeLine(spans: Span[], wmode: 0 | 1): Line {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const s of spans) {
    x0 = Math.min(x0, s.x0);
    y0 = Math.min(y0, s.y0);
    x1 = Math.max(x1, s.x1);
    y1 = Math.max(y1, s.y1);
  }
  return { spans, x0, y0, x1, y1, wmode };
}

function center(s: Span): number {
  return (s.x0 + s.x1) / 2;
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 32 && c !== 0xa0) return false;
  }
  return true;
}

function countWords(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

function covers(segs: Seg[], p: number): boolean {
  return segs.some((s) => p >= s.a - JOIN_PT && p <= s.b + JOIN_PT);
}

/** Sorted values merged when within SNAP_PT of their cluster's first value; means returned. */
function clusterValues(values: number[]): number[] {
  values.sort((p, q) => p - q);
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
function bandIndex(edges: number[], x: number): number {
  const i = lowerBound(edges, x) - 1;
  return Math.min(Math.max(i, 0), edges.length - 2);
}

function nearestIndex(sorted: number[], x: number): number {
  const i = lowerBound(sorted, x);
  if (i === 0) return 0;
  if (i === sorted.length) return sorted.length - 1;
  return x - sorted[i - 1] <= sorted[i] - x ? i - 1 : i;
}

/** First index whose value is >= x. */
function lowerBound(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = values.slice().sort((p, q) => p - q);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
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
