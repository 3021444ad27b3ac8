// The ruled detector: each grid whose cells hold table-like text becomes a table. A grid
// shaped like a diagram marks its lines, so that the aligned detector leaves them alone too.
import { type Line, newLine, type Span } from "../model.js";
import { holdShape } from "../held_shapes.js";
import { detectAligned } from "./aligned_detector.js";
import { splitsIntoPieces, textRow } from "./cell_gaps.js";
import { cutSpan } from "./span_cut.js";
import { ALIGNED_ROWS_MIN } from "./reads_as_table.js";
import { bandIndex, findGrids, mergeCells, type Grid } from "./grid.js";
import { isHeaderBand } from "./header_bands.js";
import { detectHeader } from "./header_row.js";
import { prependRowLabels, ROW_LABELS_MIN, rowLabels } from "./row_labels.js";
import { lowerBound, median, orderByKey } from "./sorted_search.js";
import { type Box, type BuiltRow, newTable, type Table, type TableCell, tableOf } from "./model.js";
import { makeLine } from "../layout/lines.js";
import { groupRows, hasText, readingOrder } from "./rows.js";
import { SNAP_PT, type Rulings } from "./rulings.js";

/** Charts and forms draw grids whose cells are mostly empty; real tables fill most cells. */
const FILLED_CELL_FRACTION_MIN = 0.25;
/** A framed page layout (columns in boxes) is a "grid" whose cells hold whole paragraphs. */
const CELL_LINES_MEDIAN_MAX = 10;
/** In a table nearly every border between neighbouring grid cells is drawn (merged cells
 *  are few); boxes of a diagram leave most of the grid their edges span unruled. A framed
 *  grid whose merged cells are all rectangles is a table whatever this share (many spans). */
const RULED_BORDER_SHARE_MIN = 0.8;
/** Diagrams (boxes joined by connectors) and scattered form fields make grids whose rows
 *  and columns hold one text each; in a table most rows and columns hold two or more. */
const MULTI_CELL_SHARE_MIN = 0.5;
/** A field table (isFieldGrid) has at least this many rows: two labelled boxes are a form's
 *  scattered fields as often as a table. */
const FIELD_GRID_ROWS_MIN = 3;
/** A field's label is a line or two; a box of paragraphs beside an empty one is a layout. */
const FIELD_LABEL_LINES_MAX = 2;
/** Past this many boxes in one diagram, every line in it is marked without looking for the
 *  box that holds it (bounds the lines × boxes scan on hatched or tiled artwork). */
const DIAGRAM_BOXES_SCAN_MAX = 500;
/** A diagram's box holds a label of a few lines; a band holding more is a table's column. */
const DIAGRAM_BOX_LINES_MAX = 6;
/** A ruled cell holding this many lines, beside another such cell in its row, may be a run
 *  of rows and sub-columns the rules do not separate. */
const COARSE_CELL_LINES_MIN = 4;
/** The finer table from alignment must take this share of the grid's lines: the rest would
 *  fall out of the table into the text flow. */
const FINER_COVER_MIN = 0.9;
/** A grid in which at least this many bands below the first, and this share of them, hold a
 *  single text row rules every row: a band with two text rows there is one row with wrapped
 *  cells (us-017's project titles), not two rows. Booktabs-like grids, ruled round the
 *  header and the body only, or round groups of rows, have no such bands. */
const ROW_RULED_SINGLE_BANDS_MIN = 2;
const ROW_RULED_SINGLE_BAND_SHARE_MIN = 1 / 3;
/** Sub-columns inside ruled cells must show in this share of the rows: a few cells with a
 *  wide space inside are no hidden columns. */
const SUB_COLUMN_ROW_SHARE_MIN = 0.5;

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const itemLine = (item: { line: Line }) => item.line;

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const byArea = (p: Grid, q: Grid) => p.area - q.area;
const withCentreY = (line: Line) => ({ line, cy: (line.y0 + line.y1) / 2 });
const byCentreY = (p: { cy: number }, q: { cy: number }) => p.cy - q.cy;
const entryLine = (e: { line: Line }) => e.line;
const entryCentre = (e: { cy: number }) => e.cy;

/** The lines sorted by their centres' y, ties in their order (the stable sort's order), and
 *  those centres in that order. Sorted as numbers (sorted_search.ts orderByKey: most pages'
 *  lines come nearly in order), with no object made per line; a NaN centre, which the two
 *  sorts may place apart, goes to the sort of the lines as before. */
function byCentreYOrder(lines: readonly Line[]): { byY: Line[]; cys: ArrayLike<number> } {
  // Arrays on V8's heap and a kept order, not new typed arrays: past 64 bytes each of those
  // is allocated outside the heap, three a page with a grid.
  const keys: number[] = [];
  let nan = false;
  for (let i = 0; i < lines.length; i++) {
    const cy = (lines[i].y0 + lines[i].y1) / 2;
    keys.push(cy);
    if (cy !== cy) nan = true;
  }
  if (nan) {
    const entries = lines.map(withCentreY).sort(byCentreY);
    return { byY: entries.map(entryLine), cys: entries.map(entryCentre) };
  }
  const n = keys.length;
  if (centreOrder.length < n) centreOrder = new Int32Array(Math.max(n, 2 * centreOrder.length));
  const order = centreOrder;
  orderByKey(keys, n, order);
  const byY: Line[] = [];
  const cys: number[] = [];
  for (let k = 0; k < n; k++) {
    byY.push(lines[order[k]]);
    cys.push(keys[order[k]]);
  }
  return { byY, cys };
}
/** byCentreYOrder's order, kept from call to call and read only within the call. */
let centreOrder = new Int32Array(64);

export function detectRuled(lines: Line[], rulings: Rulings, taken: Set<Line>, inDiagrams: Set<Line>, tables: Table[]): void {
  const grids = findGrids(rulings);
  if (grids.length === 0) return;
  // Smallest first: a table inside a framed panel claims its lines before the frame does.
  grids.sort(byArea);
  const { byY, cys } = byCentreYOrder(lines);
  for (const grid of grids) {
    const inside: Line[] = [];
    // Lines wholly left of the grid within its height: its rows' labels, perhaps (row_labels.ts).
    const beside: Line[] = [];
    // Lines that start left of the grid and end inside it: a totals row's label and first sum.
    const straddling: Line[] = [];
    const x0 = grid.xs[0];
    const x1 = grid.xs[grid.xs.length - 1];
    const yEnd = grid.ys[grid.ys.length - 1];
    for (let k = lowerBound(cys, grid.ys[0]); k < byY.length && cys[k] <= yEnd; k++) {
      const line = byY[k];
      if (taken.has(line) || line.spans.length === 0) continue;
      const cx = (line.x0 + line.x1) / 2;
      if (cx >= x0 && cx <= x1) inside.push(line);
      else if (line.x1 <= x0 + SNAP_PT) beside.push(line);
      else if (cx < x0) straddling.push(line);
    }
    let labels: Line[] = [];
    let verdict = gridTable(grid, inside, rulings, beside, labels);
    // A ruled header band over an unruled body is the table's header (header_bands.ts).
    if (verdict === "diagram" && !isHeaderBand(grid, inside, byY, cys)) markDiagram(grid, inside, rulings.frames, inDiagrams);
    if (typeof verdict === "string") continue;
    if (finerByAlignment(verdict, inside, rulings, taken, tables)) continue;
    const relabelled = withLabelsSplitOff(grid, inside, straddling, rulings, beside);
    if (relabelled !== null) {
      ({ table: verdict, labels } = relabelled);
      for (const line of straddling) taken.add(line);
    }
    for (const line of inside) taken.add(line);
    for (const line of labels) taken.add(line);
    tables.push(verdict);
  }
}

// The two results below are classes, one instance of each held (held_shapes.ts): as object
// literals, made for one table of the A/B pages, their second, in the second pass, threw away
// detectRuled's optimised code.

/** A table read again with its rows' labels split off, and those labels. */
class RelabelledTable {
  constructor(
    readonly table: Table,
    readonly labels: Line[],
  ) {}
}
holdShape(new RelabelledTable(tableOf(0, 0, 0, 0, [], false, 0), []));

/** A line cut at a grid's left edge: the label left of it and the rest inside. */
class LabelSplit {
  constructor(
    readonly label: Line,
    readonly rest: Line,
  ) {}
}
holdShape(new LabelSplit(newLine([], 0, 0, 0, 0, 0), newLine([], 0, 0, 0, 0, 0)));

/**
 * The table again, with each line that starts left of the grid in spans of its own and goes on
 * inside it (labelLeftOf; in `inside`, or in `straddling` when its centre is left of the grid)
 * read as a row's label and the rest of its row: null when there is no such line, when one
 * does not split, or when the table does not take every such label as a row's name.
 */
function withLabelsSplitOff(grid: Grid, inside: readonly Line[], straddling: readonly Line[], rulings: Rulings, beside: readonly Line[]): RelabelledTable | null {
  const x0 = grid.xs[0];
  // Asked of every ruled table: most have no line starting left of them.
  if (straddling.length === 0 && !inside.some((line) => line.x0 < x0 - SNAP_PT)) return null;
  const split: Line[] = [];
  const insideNow: Line[] = [];
  const besideNow = [...beside];
  for (const line of straddling) {
    const parts = labelLeftOf(line, x0);
    if (parts === null) return null;
    split.push(parts.label);
    besideNow.push(parts.label);
    insideNow.push(parts.rest);
  }
  for (const line of inside) {
    const parts = line.x0 < x0 - SNAP_PT ? labelLeftOf(line, x0) : null;
    if (parts === null) {
      insideNow.push(line);
      continue;
    }
    split.push(parts.label);
    besideNow.push(parts.label);
    insideNow.push(parts.rest);
  }
  if (split.length === 0) return null;
  const labels: Line[] = [];
  const table = gridTable(grid, insideNow, rulings, besideNow, labels);
  if (typeof table === "string" || !split.every((label) => labels.includes(label))) return null;
  return new RelabelledTable(table, labels);
}

/**
 * A line that starts left of the grid in spans of its own and goes on inside it: a totals
 * row's label set against the grid, then the first sums ("Totals 9237" beside the boxed
 * "3396 …"). Its spans left of the grid's edge are a line of their own, beside the grid; the
 * rest is inside. Null when a span crosses the edge, or nothing but space stands inside.
 */
function labelLeftOf(line: Line, x0: number): LabelSplit | null {
  const left: Span[] = [];
  const rest: Span[] = [];
  for (const span of line.spans) {
    if (span.x1 <= x0 + SNAP_PT) left.push(span);
    else if (span.x0 >= x0 - SNAP_PT) rest.push(span);
    else if (span.text.trim() === "") continue;
    else return null;
  }
  if (left.length === 0 || rest.every((span) => span.text.trim() === "")) return null;
  return new LabelSplit(makeLine(left, line.wmode), makeLine(rest, line.wmode));
}

/**
 * A grid that rules only groups of columns, or only the header (a ruled header over a
 * borderless body, as statistical abstracts print them), leaves cells holding whole runs of
 * rows, or rows of sub-columns. When the aligned detector finds a finer table covering nearly all of
 * the grid's text, that table replaces the coarse one.
 */
const isCrowdedCell = (cell: TableCell) => cell.lines.length >= COARSE_CELL_LINES_MIN;
const hasTwoCrowdedCells = (row: TableCell[]) => row.filter(isCrowdedCell).length >= 2;

function finerByAlignment(coarse: Table, inside: Line[], rulings: Rulings, taken: Set<Line>, tables: Table[]): boolean {
  const crowded = coarse.rows.some(hasTwoCrowdedCells);
  if (!crowded && !subColumns(coarse)) return false;
  const took = new Set<Line>();
  const finer: Table[] = [];
  detectAligned(inside, rulings, took, new Set<Line>(), finer);
  if (finer.length === 0 || took.size < FINER_COVER_MIN * inside.length) return false;
  const cells = (ts: Table[]) => ts.reduce((n, t) => n + t.rows.length * (t.rows[0]?.length ?? 0), 0);
  if (cells(finer) <= cells([coarse])) return false;
  for (const line of took) taken.add(line);
  tables.push(...finer);
  return true;
}

/** Whether the cell's text falls apart into two pieces or more, asked without cutting it where
 *  the spans run left to right (splitsIntoPieces). */
const fallsApart = (cell: TableCell): boolean => cell.lines.length > 0 && (splitsIntoPieces(cell.lines) ?? textRow(cell.lines).cells.length >= 2);

/** Whether most rows (and at least three) hold a cell whose text falls apart at a
 *  cell-sized gap: sub-columns the rules do not separate. */
function subColumns(table: Table): boolean {
  const needed = Math.max(ALIGNED_ROWS_MIN, Math.ceil(SUB_COLUMN_ROW_SHARE_MIN * table.rows.length));
  let split = 0;
  for (let r = 0; r < table.rows.length; r++) {
    if (split + (table.rows.length - r) < needed) return false;
    if (table.rows[r].some(fallsApart)) split++;
    if (split >= needed) return true;
  }
  return false;
}

/**
 * Marks the lines a diagram's boxes hold. When the grid is made of stroked boxes, only the
 * lines inside one are the diagram's labels: some producers stroke slim invisible boxes
 * between the columns of a borderless table, and the table's text lies outside them. Boxes
 * drawn as separate strokes are the grid's merged cells: boxes holding a few labels each are
 * a diagram's, while a band holding a long run of rows makes the grid a table ruled only
 * between its columns (and round its header cells), left to the aligned detector.
 */
function anyHolds(boxes: readonly Box[], x: number, y: number): boolean {
  for (const f of boxes) if (x >= f.x0 && x <= f.x1 && y >= f.y0 && y <= f.y1) return true;
  return false;
}

function markDiagram(grid: Grid, inside: Line[], frames: Box[], inDiagrams: Set<Line>): void {
  const x0 = grid.xs[0] - SNAP_PT;
  const x1 = grid.xs[grid.xs.length - 1] + SNAP_PT;
  const y0 = grid.ys[0] - SNAP_PT;
  const y1 = grid.ys[grid.ys.length - 1] + SNAP_PT;
  // Loops, not closures over the grid's box: a closure made per call loses its optimised code
  // at each full garbage collection.
  const boxes: Box[] = [];
  for (const f of frames) if (f.x0 >= x0 && f.x1 <= x1 && f.y0 >= y0 && f.y1 <= y1) boxes.push(f);
  if (boxes.length > DIAGRAM_BOXES_SCAN_MAX) {
    for (const line of inside) inDiagrams.add(line);
    return;
  }
  if (boxes.length > 0) {
    for (const line of inside) {
      const cx = (line.x0 + line.x1) / 2;
      const cy = (line.y0 + line.y1) / 2;
      if (anyHolds(boxes, cx, cy)) inDiagrams.add(line);
    }
    return;
  }
  const { anchors } = mergeCells(grid);
  const cols = grid.xs.length - 1;
  const anchorOf = (line: Line) =>
    anchors[bandIndex(grid.ys, (line.y0 + line.y1) / 2) * cols + bandIndex(grid.xs, (line.x0 + line.x1) / 2)];
  const counts = new Map<number, number>();
  for (const line of inside) counts.set(anchorOf(line), (counts.get(anchorOf(line)) ?? 0) + 1);
  for (const n of counts.values()) if (n > DIAGRAM_BOX_LINES_MAX) return;
  for (const line of inside) inDiagrams.add(line);
}

/** A table, or why the grid is none: `diagram` when its shape is a drawing's. */
function gridTable(grid: Grid, inside: Line[], rulings: Rulings, beside: readonly Line[] = [], labels: Line[] = []): Table | "diagram" | "rejected" {
  if (inside.length === 0) return "rejected";
  const cols = grid.xs.length - 1;
  const { anchors, ruledShare, closedTiling } = mergeCells(grid);
  if (ruledShare < RULED_BORDER_SHARE_MIN && !closedTiling) return "diagram";
  const cellLines: Line[][] = [];
  for (let a = 0; a < anchors.length; a++) cellLines.push([]);
  for (const line of inside) placeLine(line, grid, anchors, cellLines);
  lowerFromBlankBands(grid, anchors, cellLines);
  if (edgeColumnHoldsOnlyOutside(grid, cellLines)) return "rejected";
  const built: BuiltRow[] = [];
  const splitting = !rulesEveryRow(grid, cellLines);
  for (let r = 0; r + 1 < grid.ys.length; r++) {
    const sub = splitting ? splitBand(grid, anchors, cellLines, r) : null;
    if (sub !== null) {
      built.push(...sub);
      continue;
    }
    const cells: TableCell[] = [];
    for (let c = 0; c < cols; c++) cells.push({ lines: readingOrder(cellLines[r * cols + c]) });
    built.push({ cells, y0: grid.ys[r], y1: grid.ys[r + 1] });
  }
  // A form's field table keeps its blank columns: they are the fields.
  const labelled = built.filter((row) => row.cells.some(hasText));
  const fieldGrid = isFieldGrid(labelled);
  const blankForm = !fieldGrid && isBlankForm(built);
  const rows = fieldGrid ? labelled : blankForm ? built : dropEmpty(built);
  const box = { x0: grid.xs[0], y0: grid.ys[0], x1: grid.xs[cols], y1: grid.ys[grid.ys.length - 1] };
  const verdict = fieldGrid || blankForm ? "table" : judgeGrid(rows);
  if (verdict !== "table" && !(verdict === "diagram" && isNamedTally(rows, box, rulings, beside))) return verdict;
  const headerRows = detectHeader(rows, box, rulings);
  const named = fieldGrid || blankForm ? null : prependRowLabels(rows, headerRows, beside, box.x0);
  if (named !== null) {
    labels.push(...named);
    for (const line of named) box.x0 = Math.min(box.x0, line.x0);
  }
  return newTable(box, rows, true, headerRows);
}

/**
 * A tally sheet: a grid judged a diagram for its blank cells, whose rows are named left of it
 * (row_labels.ts), and which holds enough text once those names count as its first column:
 * an election's sheet for a party with two candidates, most of its columns' counts left
 * blank, had come out as a heading per township and its counts as paragraphs.
 */
function isNamedTally(rows: BuiltRow[], box: Box, rulings: Rulings, beside: readonly Line[]): boolean {
  if (beside.length < ROW_LABELS_MIN || rows.length < 2) return false;
  const names = rowLabels(rows, detectHeader(rows, box, rulings), beside, box.x0);
  return names !== null && judgeGrid(rows, names) === "table";
}

/** Whether the grid's rows read as a table's, `names` (when given) its first column. */
function judgeGrid(rows: BuiltRow[], names: readonly Line[][] | null = null): "table" | "diagram" | "rejected" {
  const cols = (rows.length > 0 ? rows[0].cells.length : 0) + (names === null ? 0 : 1);
  if (rows.length < 2 || cols < 2) return "rejected";
  let filled = 0;
  let multiRows = 0;
  const perColumn = new Array<number>(cols).fill(0);
  const lineCounts: number[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    let inRow = 0;
    if (names !== null && names[r].length > 0) {
      inRow++;
      perColumn[cols - 1]++;
      lineCounts.push(names[r].length);
    }
    // A loop, not forEach with a closure made per row.
    for (let c = 0; c < row.cells.length; c++) {
      const cell = row.cells[c];
      if (!hasText(cell)) continue;
      inRow++;
      perColumn[c]++;
      lineCounts.push(cell.lines.length);
    }
    filled += inRow;
    if (inRow >= 2) multiRows++;
  }
  if (filled < FILLED_CELL_FRACTION_MIN * rows.length * cols) return "diagram";
  if (multiRows < MULTI_CELL_SHARE_MIN * rows.length) return "diagram";
  if (perColumn.filter((n) => n >= 2).length < MULTI_CELL_SHARE_MIN * cols) return "diagram";
  return median(lineCounts) <= CELL_LINES_MEDIAN_MAX ? "table" : "rejected";
}

/**
 * A form's field table: a label in every row of the first column and every other column
 * blank, the fields a reader fills in (a permit application's "Name of vessel", "Beam (m)").
 * Mostly empty like a chart's grid, but a table of label and field, and read as one.
 */
function isFieldGrid(rows: readonly BuiltRow[]): boolean {
  if (rows.length < FIELD_GRID_ROWS_MIN || rows[0].cells.length < 2) return false;
  return rows.every((row) => row.cells.length === rows[0].cells.length && hasText(row.cells[0]) && row.cells[0].lines.length <= FIELD_LABEL_LINES_MAX && row.cells.every((cell, c) => c === 0 || !hasText(cell)));
}

/**
 * A table to fill in: a header row with a short heading in every column over rows left blank
 * (a report's "Key word | Description" with an empty row under it). Its blank rows are what
 * the page shows, so they are kept.
 */
function isBlankForm(rows: readonly BuiltRow[]): boolean {
  if (rows.length < 2 || rows[0].cells.length < 2) return false;
  const cols = rows[0].cells.length;
  return (
    rows[0].cells.every((cell) => hasText(cell) && cell.lines.length <= FIELD_LABEL_LINES_MAX) &&
    rows.every((row, r) => row.cells.length === cols && (r === 0 || !row.cells.some(hasText)))
  );
}

/** Puts a line into the merged cell under it, cutting it where it crosses a cell border. */
function placeLine(line: Line, grid: Grid, anchors: Int32Array, cellLines: Line[][]): void {
  const cols = grid.xs.length - 1;
  const row = bandIndex(grid.ys, (line.y0 + line.y1) / 2);
  // Most lines cross no border and sit in one cell: placed whole, with no piece made.
  const whole = wholeLineAnchor(line, grid, anchors, row, cols);
  if (whole >= 0) {
    cellLines[whole].push(line);
    return;
  }
  const pieces: { anchor: number; span: Span }[] = [];
  for (const span of line.spans) {
    let s = span;
    // Each pass cuts off one crossed border, so at most `cols` passes.
    for (let guard = 0; guard < cols; guard++) {
      const border = crossedBorder(s, grid, anchors, row, cols);
      if (border < 0) break;
      const cut = cutSpan(s, grid.xs[border]);
      if (cut === null) break;
      pieces.push({ anchor: anchorAt(anchors, grid, row, cols, center(cut[0])), span: cut[0] });
      s = cut[1];
    }
    pieces.push({ anchor: anchorAt(anchors, grid, row, cols, center(s)), span: s });
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
    const spans: Span[] = [];
    for (let j = start; j < k; j++) spans.push(pieces[j].span);
    cellLines[pieces[start].anchor].push(makeLine(spans, line.wmode));
    start = k;
  }
}


/**
 * Whether the grid's first or last column holds text, none of it inside the grid: pieces of
 * lines set outside its edge, which placeLine puts in the nearest column. A listing that
 * draws each line's background as a box of its own (the listings package's backgroundcolor)
 * makes a grid of one band a line, a sliver of frame at its left; its line numbers, set left
 * of the boxes, filled the sliver, and the listing had been a table of numbers and code.
 */
function edgeColumnHoldsOnlyOutside(grid: Grid, cellLines: Line[][]): boolean {
  const cols = grid.xs.length - 1;
  const x0 = grid.xs[0] - SNAP_PT;
  const x1 = grid.xs[cols] + SNAP_PT;
  for (const c of cols > 1 ? [0, cols - 1] : [0]) {
    let outside = 0;
    let within = 0;
    for (let i = c; i < cellLines.length; i += cols) {
      for (const line of cellLines[i]) {
        const cx = (line.x0 + line.x1) / 2;
        if (cx >= x0 && cx <= x1) within++;
        else outside++;
      }
    }
    if (outside > 0 && within === 0) return true;
  }
  return false;
}

/**
 * Moves down the text of a cell merged over several bands when it all lies in a lower band and
 * the top band holds no other text: the band is a blank gap over a row boxed apart, not the
 * cell's row. A totals row's first sum, set outside the box in the cell that runs up through
 * the gap, had been a row of its own above the row of the other sums.
 */
function lowerFromBlankBands(grid: Grid, anchors: Int32Array, cellLines: Line[][]): void {
  const cols = grid.xs.length - 1;
  for (let a = 0; a < cellLines.length; a++) {
    if (cellLines[a].length === 0 || anchors[a] !== a) continue;
    const row = Math.floor(a / cols);
    if (row + 1 >= grid.ys.length - 1 || anchors[a + cols] !== a) continue;
    const band = bandIndex(grid.ys, (cellLines[a][0].y0 + cellLines[a][0].y1) / 2);
    if (band === row || anchors[band * cols + (a % cols)] !== a) continue;
    if (!cellLines[a].every((line) => bandIndex(grid.ys, (line.y0 + line.y1) / 2) === band)) continue;
    let alone = true;
    for (let c = 0; c < cols && alone; c++) if (row * cols + c !== a && cellLines[row * cols + c].length > 0) alone = false;
    if (!alone) continue;
    cellLines[band * cols + (a % cols)] = cellLines[a];
    cellLines[a] = [];
  }
}

/** Whether the grid draws a rule under every row: enough of its bands below the first (a
 *  header) hold one table row each, one text row or one with wrapped cells' lines under it. */
function rulesEveryRow(grid: Grid, cellLines: Line[][]): boolean {
  const cols = grid.xs.length - 1;
  let bands = 0;
  let single = 0;
  for (let r = 1; r + 1 < grid.ys.length; r++) {
    const items: { line: Line; col: number }[] = [];
    for (let c = 0; c < cols; c++) for (const line of cellLines[r * cols + c]) items.push({ line, col: c });
    if (items.length === 0) continue;
    bands++;
    // One line is one text row, grouped or not (most bands of a grid ruled under every row).
    if (items.length === 1) {
      single++;
      continue;
    }
    const textRows = groupRows(items, itemLine);
    if (textRows.length === 1 || wrapsOnly(textRows, items)) single++;
  }
  return single >= ROW_RULED_SINGLE_BANDS_MIN && single >= ROW_RULED_SINGLE_BAND_SHARE_MIN * bands;
}

/** The columns a band's text row must fill to be a table row of its own (splitBand): half the
 *  band's `filled` columns, two at least. */
function rowColumnsNeeded(filled: number): number {
  return Math.max(2, Math.ceil(filled / 2));
}

/** Whether a band's text rows are one table row with wrapped cells: the first a row of its
 *  own (from the band's first filled column, filling rowColumnsNeeded), each after it filling
 *  fewer. A bank statement's every date wraps in its narrow column ("01" over "Oct"), each
 *  band two text rows, the second the date's alone. A band whose first text row is a wrapped
 *  cell's line over the row's label set lower (array's "Can be used before an l, …" over
 *  ">{decl.}") is no such row: a grid ruling some rows, not every one. */
function wrapsOnly(textRows: readonly { col: number }[][], items: readonly { col: number }[]): boolean {
  const filled = new Set<number>();
  for (const e of items) filled.add(e.col);
  const needed = rowColumnsNeeded(filled.size);
  const firstCol = Math.min(...filled);
  for (let k = 0; k < textRows.length; k++) {
    const cols = new Set<number>();
    for (const e of textRows[k]) cols.add(e.col);
    if (k === 0 ? !cols.has(firstCol) || cols.size < needed : cols.size >= needed) return false;
  }
  return true;
}

/**
 * Splits one grid band into several table rows when the band holds several text rows that
 * each start in the band's first column and fill at least half its columns. Booktabs-like
 * grids rule only the header and the outside, leaving the body one band. A text row that
 * leaves the first column empty is a wrapped cell's line: it joins the row above
 * (longtable's "p" column beside "Some lines may take up a lot of space", then seven rows of
 * "Lots of lines | like this." in one band, had been one cell each). Not in the first band,
 * a header's place: a header of wrapped cells ("Serial" over "No.") stays one row.
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
  const textRows = groupRows(items, itemLine);
  if (textRows.length < 2) return null;
  const usedCols = new Set(items.map((e) => e.col));
  const firstCol = Math.min(...usedCols);
  const needed = rowColumnsNeeded(usedCols.size);
  // Each table row's items: a text row starting in the first column, and its wrapped lines.
  const groups: { line: Line; col: number }[][] = [];
  for (const tr of textRows) {
    const colsHere = new Set(tr.map((e) => e.col));
    if (!colsHere.has(firstCol)) {
      // The first band is the header's place, whose wrapped lines split no row.
      if (groups.length === 0 || r === 0) return null;
      groups[groups.length - 1].push(...tr);
      continue;
    }
    if (colsHere.size < needed) return null;
    groups.push([...tr]);
  }
  if (groups.length < 2) return null;
  return groups.map((group) => {
    const cells: TableCell[] = Array.from({ length: cols }, () => ({ lines: [] as Line[] }));
    let y0 = Infinity;
    let y1 = -Infinity;
    for (const e of group) {
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
  const out: typeof kept = [];
  for (const row of kept) {
    const cells: typeof row.cells = [];
    for (const c of used) cells.push(row.cells[c]);
    out.push({ ...row, cells });
  }
  return out;
}

/** The merged cell holding x on grid row `row` (module functions, not a closure per line:
 *  see wholeLineAnchor). */
function anchorAt(anchors: Int32Array, grid: Grid, row: number, cols: number, x: number): number {
  return anchors[row * cols + bandIndex(grid.xs, x)];
}

/** The first border between two merged cells that the span crosses on grid row `row`, or -1. */
function crossedBorder(s: Span, grid: Grid, anchors: Int32Array, row: number, cols: number): number {
  const c0 = bandIndex(grid.xs, s.x0 + SNAP_PT);
  const c1 = bandIndex(grid.xs, s.x1 - SNAP_PT);
  for (let c = c0 + 1; c <= c1; c++) if (anchors[row * cols + c - 1] !== anchors[row * cols + c]) return c;
  return -1;
}

/** The merged cell a line goes into whole: none of its spans crosses a border and all their
 *  centres lie in one cell; -1 otherwise (placeLine then cuts it). What the cutting loop gives
 *  such a line, without its pieces (one object per span, a page's every ruled line). */
function wholeLineAnchor(line: Line, grid: Grid, anchors: Int32Array, row: number, cols: number): number {
  let anchor = -1;
  for (const span of line.spans) {
    if (crossedBorder(span, grid, anchors, row, cols) >= 0) return -1;
    const here = anchorAt(anchors, grid, row, cols, center(span));
    if (anchor >= 0 && here !== anchor) return -1;
    anchor = here;
  }
  return anchor;
}

function center(s: Span): number {
  return (s.x0 + s.x1) / 2;
}
