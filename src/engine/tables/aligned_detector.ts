// The aligned detector: runs of rows whose text pieces line up in columns without any
// ruling, as camelot's stream mode and pdfplumber's text strategy find them (columns are
// white-space gutters that at least three rows agree on). A run may sit beside other text
// (a table in one column of a two-column page: the other column's pieces lie outside the
// table's window and are left alone), may hold rows that fill only some columns (section
// labels, empty cells) and wrapped lines of one cell, and grows upwards into header lines
// whose cells may span several columns.
import { type Line, type Span, spanPiece } from "../model.js";
import { holdShape } from "../held_shapes.js";
import { joinCentredRows } from "./centred_cells.js";
import { detectHeader } from "./header_row.js";
import { joinStackedHeads } from "./stacked_heads.js";
import { type Box, type BuiltRow, newTable, type Table, type TableCell } from "./model.js";
import { centreInside } from "../layout/box.js";
import { lineBox, linesByTop, readingOrder, sortedRowStarts } from "./rows.js";
import { SNAP_PT, type Rulings } from "./rulings.js";
import { ALIGNED_ROWS_MIN, pageNumbersNeverGoDown, runLooksTabular } from "./reads_as_table.js";
import { headsAfterHeadedText } from "./calc_heads.js";
import { besideColumnPieces } from "./ruled_beside.js";
import { stackGoesOnUnder, stacksSideBySide } from "./chance_rows.js";
import { lowerBound, median } from "./sorted_search.js";
import { inkRight, PageRows, pieceLines, pieceText, type Piece, type TextRow } from "./cell_gaps.js";
import { cutSpan } from "./span_cut.js";
import { isBlankText } from "../layout/whitespace.js";
import { FIGURE_CELL } from "./figure_cell.js";
import { cutFigureNotes, mayHaveRowCells, restoreUncut } from "./figure_notes.js";
import { cutOverflowCells } from "./overflow_cells.js";
import { cutDatePairs } from "./date_pairs.js";
import { allNotesAfterFigures, endsAtFigureCut, headOverNotes, isNotePastWindow } from "./note_columns.js";
import { CellCentres } from "./cell_centres.js";
import { hasRtl, isRtlText } from "../layout/bidi.js";
import { isContentsEntry } from "../layout/leaders.js";
import { lineText } from "../layout/lines.js";
import { sortInPlace } from "../sort_in_place.js";
import { isSpaceCode } from "../layout/whitespace.js";
import { isAsciiDigit } from "../layout/word_chars.js";

/** The empty channel between two columns, over all rows, must be at least this wide. */
const GUTTER_EM_MIN = 0.5;
/** Rows further apart than this many line heights belong to different blocks ... */
const ROW_GAP_LINE_HEIGHTS_MAX = 1.5;
/** ... except in a padded table, an office table whose cells are padded (a Writer table's
 *  rows 30 pt apart in 11 pt type): its full rows, every column filled in the run's gutters,
 *  stand up to this many line heights apart ... */
const PADDED_ROW_GAP_LINE_HEIGHTS_MAX = 3;
/** ... all at one pitch: the widest gap at most this many times the narrowest. */
const PADDED_GAP_SPREAD_MAX = 1.2;
/** A padded table's header line stands as far above its body as the body's rows stand apart,
 *  and this share further. */
const HEADER_GAP_PITCH_SLACK = 1.1;
/** Rows that fill only some columns (a section label, an empty cell) may follow one another
 *  this many times inside a table; more in a row is text beside or below a table. */
const PARTIAL_ROWS_RUN_MAX = 2;
/** ... and the table's full rows must be at least this share of its body rows other than its
 *  totals rows (an invoice's five totals and discounts under three items). */
const FULL_ROW_SHARE_MIN = 0.5;
/** Header lines above the first full row, at most: stacked headers run to four or five. */
const HEADER_LINES_MAX = 6;
/** A partial row closer to the row above than this share of the table's row pitch is a
 *  wrapped line of that row's cells (a row label on two lines), not a row of its own. */
const CONTINUATION_PITCH_RATIO = 0.8;
/** A header line holding one piece sits at most this many line heights above the next
 *  line, as the lines of one wrapped cell do; a caption is set further apart. */
const LONE_HEADER_GAP_LINE_HEIGHTS_MAX = 0.5;
/** A header ruled off from the body may sit this many line heights above it. */
const HEADER_RULED_GAP_LINE_HEIGHTS_MAX = 3;
/** ... when the rule spans this share of the table's width. */
const HEADER_RULE_COVER_MIN = 0.5;
/** A header line reaches at most this many ems past the table's outer columns; beyond it
 *  the line is a caption or a paragraph set over the table. */
const HEADER_OVERHANG_EM = 2;
/** A line of the neighbouring text column can share the row with a table's first row: a
 *  first or last piece this long is tried without, as running text rather than a cell. */
const NEIGHBOUR_TEXT_CHARS_MIN = 30;

interface Column {
  x0: number;
  x1: number;
}

/** The pieces of one page row that lie inside a table's window. */
interface Slice extends TextRow {
  /** Index of the page row. */
  row: number;
  /** Every column filled, the row defines the columns; otherwise a partial row. */
  full: boolean;
  /** A partial row ending in an amount flush with the last column (growRun): a table's
   *  totals or discounts, not text the run ran into. */
  totals?: true;
  /** A first column's cell too wide for it, alone on its row, its row's other cells on the
   *  rows under it (growRun, termRunsOver). */
  termOver?: true;
}

// Callbacks and tests made once (not per call): V8 recompiles a per-call closure's code after
// the closures die at a full GC.
const isFullSlice = (s: Slice): boolean => s.full;
const leftEdgeOf = (c: Column): number => c.x0;
const rightEdgeOf = (c: Column): number => c.x1;

/** Each column's edge (leftEdgeOf or rightEdgeOf), in an array made by push. Not map: map's
 *  array is packed from the built-in and holey from its optimised inlined form, so growRun's
 *  stores into its edges, nearInnerLeftEdge, placeSpanning and alignedTable met the other kind
 *  once the function making them ran optimised (the second pass of a process), and each was
 *  deoptimised ('wrong map') and compiled again. */
function edgesOf(columns: readonly Column[], edge: (c: Column) => number): number[] {
  const edges: number[] = [];
  for (let c = 0; c < columns.length; c++) edges.push(edge(columns[c]));
  return edges;
}
const ascending = (a: number, b: number): number => a - b;
const itemSpanText = (item: Piece["items"][number]): string => item.span.text;
const TWO_LETTERS = /\p{L}{2}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The lines a table may take: horizontal, with text, no definition head, not yet taken. */
function freeLines(lines: readonly Line[], taken: Set<Line>, inDiagrams: Set<Line>): Line[] {
  const free: Line[] = [];
  for (const l of lines) if (l.wmode === 0 && l.spans.length > 0 && !l.definition && !taken.has(l) && !inDiagrams.has(l) && !isContentsPageEntry(l)) free.push(l);
  return free;
}

function anyUsed(pieces: readonly Piece[], used: Set<Piece>): boolean {
  for (const p of pieces) if (used.has(p)) return true;
  return false;
}

function unusedPieces(pieces: readonly Piece[], used: Set<Piece>): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) if (!used.has(p)) out.push(p);
  return out;
}

/** Whether `x` lies within `tolerance` of a column's left edge other than the first's. */
function nearInnerLeftEdge(left: readonly number[], x: number, tolerance: number): boolean {
  for (let c = 1; c < left.length; c++) if (Math.abs(x - left[c]) <= tolerance) return true;
  return false;
}

/** Whether the middle of a gutter between two columns lies in [lo, hi]. */
function gutterMiddleWithin(left: readonly number[], right: readonly number[], lo: number, hi: number): boolean {
  for (let c = 1; c < left.length; c++) {
    const mid = (right[c - 1] + left[c]) / 2;
    if (mid >= lo && mid <= hi) return true;
  }
  return false;
}

/** Whether `x` lies in the gutter between two columns, after text whose ink ends by the
 *  left-hand column's right edge (within `reach`). */
function startsInGutter(left: readonly number[], right: readonly number[], ink: number, x: number, reach: number): boolean {
  for (let c = 1; c < left.length; c++) if (x >= right[c - 1] && x < left[c] && ink <= right[c - 1] + reach) return true;
  return false;
}

function someItemMatches(items: Piece["items"], pattern: RegExp): boolean {
  for (const item of items) if (pattern.test(item.span.text)) return true;
  return false;
}

/** `byTop`: `lines` sorted by their tops (rows.ts linesByTop), when the caller has them. */
export function detectAligned(lines: Line[], rulings: Rulings, taken: Set<Line>, inDiagrams: Set<Line>, tables: Table[], byTop?: readonly Line[]): void {
  // A definition's head (texinfo's "void sha224_init (…)" … "[Function]") keeps its category
  // at the right edge row after row, as a table's column would: it is no table's row.
  // Nor is a contents page's entry (leaders.ts): its page numbers line up as a column does.
  const free = freeLines(byTop ?? lines, taken, inDiagrams);
  if (free.length < ALIGNED_ROWS_MIN) return;
  // groupRows sorts the lines by their tops as linesByTop does; a subset of byTop is sorted.
  const sorted = byTop ? free : linesByTop(free);
  // Calc's figures run into the notes beside them: cut where the figures' column ends.
  // And text cells as wide as theirs into the next text column (overflow_cells.ts).
  // And two dates of a row one word space apart (date_pairs.ts).
  // Each cut needs a cell beside it on its row: none on most pages (figure_notes.ts
  // mayHaveRowCells), which are spared the cuts' reading of every span.
  const cuts = mayHaveRowCells(sorted) ? cutDatePairs(sorted, cutOverflowCells(sorted, cutFigureNotes(sorted))) : null;
  const rows = new PageRows(sorted, sortedRowStarts(sorted, lineBox), cuts?.figures ?? null);
  // Pieces already in a table: a later run never takes them again.
  const used = new Set<Piece>();
  let i = 0;
  while (i < rows.length) {
    // A run starts only at a row of two pieces or more (runFrom would skip it).
    if (!rows.splits(i)) {
      i++;
      continue;
    }
    let found = runFrom(rows, i, used, rulings);
    if ("skipTo" in found) {
      i = found.skipTo;
      continue;
    }
    // A header line with no cell over the label column starts a run that leaves the labels
    // beside it; a run from one of the next rows then has more columns, and the header
    // lines join it as such.
    const first = found;
    for (let r = 1; r < Math.min(first.run.length, HEADER_LINES_MAX + 1); r++) {
      // Only a row with pieces beyond the run's columns can start a wider run.
      if (rows.at(first.run[r].row).cells.length <= found.columns.length) continue;
      const next = runFrom(rows, first.run[r].row, used, rulings);
      if (!("run" in next) || next.columns.length <= found.columns.length) continue;
      const before = runAboveWider(rows, first.run, r, next, used, rulings);
      if (before === null) found = next;
      else {
        found = before;
        break;
      }
    }
    // The other text column's lines beside a ruled table are no column of it: set them
    // aside and read the table again without them (ruled_beside.ts).
    const beside = besideColumnPieces(found.run, found.columns, rulings, NEIGHBOUR_TEXT_CHARS_MIN);
    if (beside !== null) {
      for (const p of beside) used.add(p);
      continue;
    }
    const { run, columns } = found;
    splitColumnsAtHeaderStarts(rows, run, columns, used);
    const top = growUp(rows, run, columns, used, rulings);
    const slices = [...top, ...run];
    splitColumnsAtCellEnds(slices, columns);
    while (addLateColumn(rows, slices, top.length, columns, used));
    const kept: Slice[] = [];
    for (const part of cutAtSectionBands(slices, rulings.fills)) {
      if (part.length < SECTION_PART_ROWS_MIN) continue;
      tables.push(alignedTable(part, columns, rulings));
      kept.push(...part);
    }
    const totals = totalsBoxUnder(rows, slices[slices.length - 1], columns, used);
    if (totals !== null) tables.push(alignedTable(totals, columnsOf(totals), rulings));
    const next = nextColumnRows(rows, slices, columns, used);
    if (next !== null) {
      tables.push(alignedTable(next.slices, next.columns, rulings));
      kept.push(...next.slices);
    }
    // Indexed loops: their iterators' results were a visible share of the tables' garbage.
    takePieces(kept, used, taken);
    if (totals !== null) takePieces(totals, used, taken);
    // The rows beside the table (the other column of the page) may hold a table of their own.
    i++;
  }
  takeTwoRowGrids(rows, used, taken, tables, rulings);
  restoreUncut(cuts, taken);
}

/**
 * Last, the pairs of rows left that are a table by their shape alone (isTwoRowGrid), each a
 * block of its own: no row over or under the pair as near as the pair's rows are to each
 * other (a longer table's rows with a wrapped cell, a thesis's committee, are not cut in two).
 */
function takeTwoRowGrids(rows: PageRows, used: Set<Piece>, taken: Set<Line>, tables: Table[], rulings: Rulings): void {
  for (let i = 0; i + 1 < rows.length; i++) {
    if (!rows.splits(i) || !rows.splits(i + 1)) continue;
    const top = rows.at(i);
    const bottom = rows.at(i + 1);
    if (anyUsed(top.cells, used) || anyUsed(bottom.cells, used)) continue;
    const pitch = bottom.y0 - top.y1;
    if (i > 0 && top.y0 - rows.at(i - 1).y1 <= pitch + TWO_ROW_ALIGN_EMS * top.em) continue;
    if (i + 2 < rows.length && rows.at(i + 2).y0 - bottom.y1 <= pitch + TWO_ROW_ALIGN_EMS * bottom.em) continue;
    const run: Slice[] = [sliceOf(top, i, top.cells, true), sliceOf(bottom, i + 1, bottom.cells, true)];
    if (!isTwoRowGrid(run) || boxedChoices(run, rulings)) continue;
    tables.push(alignedTable(run, columnsOf(run), rulings));
    takePieces(run, used, taken);
    i++;
  }
}

/** Marks the slices' pieces used and their lines taken. */
function takePieces(slices: readonly Slice[], used: Set<Piece>, taken: Set<Line>): void {
  for (let s = 0; s < slices.length; s++) {
    const cells = slices[s].cells;
    for (let c = 0; c < cells.length; c++) {
      used.add(cells[c]);
      const items = cells[c].items;
      for (let i = 0; i < items.length; i++) taken.add(items[i].line);
    }
  }
}

/**
 * The run cut above its row `r`, where a wider run starts (`wider`) whose header lines do not
 * reach up to the run's top: the rows above are a block of their own over another table, not
 * that table's header (an order's three address stacks, "Shipping to" | "Billing address" |
 * "Delivery", over its six-column items table, whose header row fell into the addresses'
 * window as one partial row). Null when the rows above do join the wider run as its header,
 * or are too few to be a table by themselves.
 */
function runAboveWider(rows: PageRows, run: Slice[], r: number, wider: { run: Slice[]; columns: Column[] }, used: Set<Piece>, rulings: Rulings): { run: Slice[]; columns: Column[] } | null {
  const header = growUp(rows, wider.run, wider.columns.slice(), used, rulings);
  if (header.length > 0 && header[0].row <= run[0].row) return null;
  const above = run.slice(0, r);
  if (!enoughFullRows(above)) return null;
  const full = above.filter(isFullSlice);
  if (!runLooksTabular(full, 0, full.length)) return null;
  return { run: above, columns: columnsOf(full) };
}

/** A page number ending a line: a few digits or a roman numeral standing alone. A figure
 *  after a statistics table's leader ("possessing. . . . 82,714") is a cell. */
export const PAGE_NUMBER_END = /(?:^|[\s.…])(?:\d{1,4}|[ivxlcdm]{1,7})\s*$/i;

/** A contents entry (leaders.ts) that ends in a page number, not in a figure. */
function isContentsPageEntry(line: Line): boolean {
  // Every free line of every page is asked: PAGE_NUMBER_END read from the line's end first,
  // by code, turns away nearly all (a line ending in "and" ends in a roman digit, and sent
  // isContentsEntry to look through all its spans for dots).
  if (!endsInPageNumberToken(line) || !isContentsEntry(line)) return false;
  const text = lineText(line);
  return PAGE_NUMBER_END.test(text) && !/\d[,.]\d{3}\s*$/.test(text);
}

/** PAGE_NUMBER_END's numbers: up to this many digits, or this many roman digits. */
const PAGE_NUMBER_DIGITS_MAX = 4;
const PAGE_NUMBER_ROMAN_MAX = 7;

/**
 * PAGE_NUMBER_END.test(lineText(line)), read by code from the line's last span backwards:
 * after the trailing white space, a run of 1–PAGE_NUMBER_DIGITS_MAX digits or of
 * 1–PAGE_NUMBER_ROMAN_MAX roman digits (either case), standing at the text's start or after
 * white space, a dot or an ellipsis. A run longer than that has no such boundary inside it
 * (its neighbour is one more digit), so the pattern fails there too. Exported for its guard
 * test (table_speed_s17), which holds it to the pattern.
 */
export function endsInPageNumberToken(line: Line): boolean {
  const spans = line.spans;
  // RUN_NONE until the last character other than white space is read; then the run's kind.
  let kind = RUN_NONE;
  let run = 0;
  for (let k = spans.length - 1; k >= 0; k--) {
    const text = spans[k].text;
    for (let c = text.length - 1; c >= 0; c--) {
      const code = text.charCodeAt(c);
      if (kind === RUN_NONE) {
        if (isSpaceCode(code)) continue;
        kind = isAsciiDigit(code) ? RUN_DIGITS : isRomanCode(code) ? RUN_ROMAN : RUN_OTHER;
        if (kind === RUN_OTHER) return false;
        run = 1;
        continue;
      }
      if (kind === RUN_DIGITS ? isAsciiDigit(code) : isRomanCode(code)) {
        if (++run > (kind === RUN_DIGITS ? PAGE_NUMBER_DIGITS_MAX : PAGE_NUMBER_ROMAN_MAX)) return false;
        continue;
      }
      return isSpaceCode(code) || code === 0x2e || code === 0x2026;
    }
  }
  // The run starts the text (or the text is blank: no number at all).
  return kind !== RUN_NONE;
}
const RUN_NONE = 0;
const RUN_DIGITS = 1;
const RUN_ROMAN = 2;
const RUN_OTHER = 3;

/** One of PAGE_NUMBER_END's roman digits, ivxlcdm in either case. */
function isRomanCode(code: number): boolean {
  const lower = code | 0x20;
  return lower === 0x69 || lower === 0x76 || lower === 0x78 || lower === 0x6c || lower === 0x63 || lower === 0x64 || lower === 0x6d;
}

/** The page's row under the run's last, or null at the page's end. */
function rowAfter(rows: PageRows, run: readonly Slice[]): TextRow | null {
  const next = run[run.length - 1].row + 1;
  return next < rows.length ? rows.at(next) : null;
}

/**
 * The longest tabular run starting at row `start`, trying a few choices of its first pieces;
 * otherwise the row to try next. A run that read as prose is skipped whole, so a long
 * aligned passage is looked at once, not once per row.
 */
function runFrom(rows: PageRows, start: number, used: Set<Piece>, rulings: Rulings): { run: Slice[]; columns: Column[] } | { skipTo: number } {
  const all = rows.at(start).cells;
  const cells = used.size === 0 || !anyUsed(all, used) ? all : unusedPieces(all, used);
  let skipTo = start + 1;
  if (cells.length < 2) return { skipTo };
  const variants = [cells];
  // Only a line of running text is dropped: a short first piece is a list marker or a row
  // label, and the run must be judged with it.
  if (cells.length > 2 && pieceText(cells[0]).length >= NEIGHBOUR_TEXT_CHARS_MIN) variants.push(cells.slice(1));
  if (cells.length > 2 && pieceText(cells[cells.length - 1]).length >= NEIGHBOUR_TEXT_CHARS_MIN) variants.push(cells.slice(0, -1));
  // The row's cells inside one drawn frame, where the frame leaves others out: a table in a
  // box beside another box (a statement's "Summary" box of labels and amounts beside the
  // account holder's address), which splitByFrames refuses whole.
  for (const frame of rulings.frames) {
    const inside = piecesInside(cells, frame);
    if (inside.length >= 2 && inside.length < cells.length) variants.push(inside);
  }
  // Last, the row's pieces cut at each gap of HEADER_CELL_GAP_EMS or more between two spans:
  // the stext reader ends a span at a gap that wide (CELL_SPACE_EMS_MIN), under the row
  // splitter's cell gap. Writer's "P. Marchetti" | "30 Nov 2026", 0.65 em apart, over rows
  // whose owner and date stand further apart, had left the row one column short.
  const cut = cutAtSpanGaps(cells, rows.at(start).em);
  if (cut !== null) variants.push(cut);
  for (const first of variants) {
    if (first.length < 2) continue;
    let run = growRun(rows, start, first, used, false);
    // Rows padded apart (an office table's) are a run only at one pitch: a contents page
    // whose entries stand further apart before each chapter is not a table. Tried only where
    // the run above ended at its first row: a padded run goes on only to a next row that
    // holds pieces in the window and stands further off than `near` allows, and there the
    // run above stops (so a run of two rows or more there means no padded run).
    if (run === null) run = growRun(rows, start, first, used, true);
    if (run === null || !enoughFullRows(run)) continue;
    const full = run.filter(isFullSlice);
    const centres = new CellCentres(full);
    if (!runLooksTabular(full, 0, full.length)) {
      skipTo = Math.max(skipTo, run[run.length - 1].row + 1);
      continue;
    }
    // A run the frames split is tried again from its next row, whose cells inside one frame
    // (the variants above) may start a table of that frame's own.
    if (splitByFrames(full, rulings.frames, centres)) continue;
    if (splitByPanel(full, rows, rulings.fills, centres) || proseBesideItems(full) || stacksSideBySide(full) || stackGoesOnUnder(full, rowAfter(rows, run))) {
      skipTo = Math.max(skipTo, run[run.length - 1].row + 1);
      continue;
    }
    return { run, columns: columnsOf(full) };
  }
  return { skipTo };
}

/** `cells` with each piece cut at each gap of HEADER_CELL_GAP_EMS of the row's `em` or more
 *  between two of its spans (cutAtItemGaps, after a clause mark too: a body row's cell may end
 *  in a stop); null where none is. */
function cutAtSpanGaps(cells: readonly Piece[], em: number): Piece[] | null {
  let out: Piece[] | null = null;
  for (let p = 0; p < cells.length; p++) {
    const cut = cutAtItemGaps(cells[p], HEADER_CELL_GAP_EMS * em, false);
    if (cut === null) {
      out?.push(cells[p]);
      continue;
    }
    out ??= cells.slice(0, p);
    for (const cell of cut) out.push(cell);
  }
  return out;
}

/** The pieces whose centres lie inside `box`. */
function piecesInside(pieces: readonly Piece[], box: Box): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) if (centreInside(p, box)) out.push(p);
  return out;
}

/**
 * Rows from `start` whose pieces inside the window of the first row's pieces fit its columns:
 * full rows (one piece per column, every gutter still open) widen the columns; partial rows
 * (each piece inside one column) are kept between full rows. Rows with nothing inside the
 * window (the other column of the page) are stepped over. Ends on the last full row, or on a
 * trailing row that fills two or more columns or continues the last row's cells.
 */
function growRun(rows: PageRows, start: number, first: Piece[], used: Set<Piece>, padded: boolean): Slice[] | null {
  const k = first.length;
  const left = edgesOf(first, leftEdgeOf);
  const right = edgesOf(first, rightEdgeOf);
  const gutter = GUTTER_EM_MIN * rows.at(start).em;
  const run: Slice[] = [sliceOf(rows.at(start), start, first, true)];
  let lastFull = 0;
  let partials = 0;
  for (let j = start + 1; j < rows.length; j++) {
    // The row read once an iteration: at() builds it the first time and keeps it.
    const row = rows.at(j);
    let inside = windowed(row.cells, left[0], right[k - 1], gutter, used, rows.cellEnds);
    if (inside === null) break;
    // A padded table's rows follow one another: text between them, outside the window (a
    // description under each option of hyperref's table), is more of the table.
    if (inside.length === 0) {
      if (padded) break;
      continue;
    }
    if (inside.length < k) inside = splitAtColumns(inside, left, right, gutter, row.em);
    const slice = sliceOf(row, j, inside, inside.length === k);
    const fits = slice.full && fitsFull(inside, left, right, gutter, rows.cellEnds);
    const last = run[run.length - 1];
    if (padded ? !(fits && last.full && nearPadded(last, slice)) : !near(last, slice)) break;
    if (fits) {
      for (let c = 0; c < k; c++) {
        left[c] = Math.min(left[c], inside[c].x0);
        right[c] = Math.max(right[c], inside[c].x1);
      }
      run.push(slice);
      lastFull = run.length - 1;
      partials = 0;
      continue;
    }
    slice.full = false;
    // Rows filling two of the last columns or more, the first left empty, are a table's
    // totals ("Subtotal" | "2,323.20", "VAT 21%", "Total due"): text below a table fills the
    // first column, or one. So are rows whose label stands in the first column and whose
    // figure ends flush with the last ("Subtotal" … "816.00", "**Total**" … "**816.00**").
    const placed = placeInColumns(inside, left, right);
    const amount = placed !== null && placed.length >= 2 && endsOnLastColumnFigure(inside, placed, right, row.em);
    const totals = amount || (placed !== null && placed.length >= 2 && placed[0] > 0);
    if (amount) slice.totals = true;
    if (placed === null && !padded && termRunsOver(inside, rows, j, left, right)) {
      // Its row's other cells follow: it starts a row, as a full row does.
      slice.termOver = true;
      run.push(slice);
      partials = 0;
      continue;
    }
    if (!totals && ++partials > PARTIAL_ROWS_RUN_MAX) break;
    if (placed === null) {
      // Pieces of one cell split by a gap (a right-to-left label's colon set apart) are one.
      const joined = joinWithinColumns(inside, left, right);
      if (joined === null) break;
      slice.cells = joined;
    }
    run.push(slice);
  }
  if (run.length < 2 || (padded && (!atOnePitch(run) || isContents(run)))) return null;
  let end = lastFull + 1;
  // A trailing partial row stays when it fills two columns or more (a row with an empty
  // cell) or is a wrapped line of the row above, also one set at the rows' own pitch (an
  // office CV's last entry wrapped over three lines); a single trailing piece is text below.
  const pitch = rowPitch(run);
  while (end < run.length) {
    const s = run[end];
    if (s.cells.length < 2 && !continues(run[end - 1], s, pitch, left, right, true)) break;
    end++;
  }
  // Totals rows only: the columns' alignment is read (every full row's cell text built) when
  // some trailing row is there to be judged against it.
  if (end > lastFull + 1 && totalsOnOwnGrid(rows, run.slice(lastFull + 1, end), run.slice(0, lastFull + 1), left, right, gutter, used)) end = lastFull + 1;
  return run.slice(0, end);
}

/** A term's cell starts within this many ems of the first column's left edge, and the next
 *  row's text within this many of the second's. */
const TERM_EDGE_EMS = 0.3;

/**
 * Whether the row's one piece is a first column's cell too wide for it: it starts at the
 * first column's left edge and runs into the second column, and the next row, right under
 * it (within a line's height), starts at the second column's left edge with nothing in the
 * first. Texinfo's @table sets an item wider than its column on a line of its own and its
 * text on the lines under it (kpathsea's "‘opentype fonts’" over "(OpenType fonts)
 * OPENTYPEFONTS.", among "‘ofm’ | (Omega font metrics) …" rows): the run had ended there.
 */
function termRunsOver(inside: readonly Piece[], rows: PageRows, j: number, left: readonly number[], right: readonly number[]): boolean {
  if (inside.length !== 1 || left.length < 2 || j + 1 >= rows.length) return false;
  const term = inside[0];
  const em = rows.at(j).em;
  const reach = TERM_EDGE_EMS * em;
  if (Math.abs(term.x0 - left[0]) > reach || term.x1 <= left[1] || term.x1 >= right[1]) return false;
  const next = rows.at(j + 1);
  if (next.cells.length === 0 || Math.abs(next.cells[0].x0 - left[1]) > reach) return false;
  const height = rows.at(j).y1 - rows.at(j).y0;
  return next.y0 - rows.at(j).y1 <= height;
}

/** Whether a row's last piece is a figure in the table's last column ending flush with its
 *  right edge (within TOTALS_ALIGN_EMS): a totals row's amount. */
function endsOnLastColumnFigure(pieces: readonly Piece[], placed: readonly number[], right: readonly number[], em: number): boolean {
  const last = pieces[pieces.length - 1];
  return placed[placed.length - 1] === right.length - 1 && Math.abs(last.x1 - right[right.length - 1]) <= TOTALS_ALIGN_EMS * em && FIGURE.test(pieceText(last));
}

/** A totals row's pieces line up with the block's rows above within this many ems. */
const TOTALS_ALIGN_EMS = 0.3;

/**
 * Whether the totals rows under a table (`trailing`: every row fills two columns or more, the
 * first left empty) are a block set on a grid of its own, as an order confirmation's totals
 * box is: its rows, together with the rows under them that line up with theirs, set a piece
 * across a gutter of the table ("VAT (25%, included)", labels set flush left from under
 * "Qty" over to "Price"), or run past the edge a column's cells keep to (`alignment`:
 * "Subtotal", "Shipping" set flush left in the gutter after "Qty", whose figures end flush
 * right). Such a block is a table of its own, not rows of this one; totals set in the
 * table's own columns ("Subtotal" flush right in "Unit price") stay. The rows are judged by
 * their pieces before the table's columns cut them ("Discount (AUTUMN10)", whose word space
 * fell in a gutter of the table).
 */
function totalsOnOwnGrid(rows: PageRows, trailing: Slice[], body: readonly Slice[], left: number[], right: number[], gutter: number, used: Set<Piece>): boolean {
  if (trailing.length === 0) return false;
  const x0 = left[0];
  const x1 = right[right.length - 1];
  const first = windowed(rows.at(trailing[0].row).cells, x0, x1, gutter, used);
  if (first === null || first.length < 2) return false;
  const k = first.length;
  const block: Piece[][] = [];
  for (const s of trailing) {
    const placed = placeInColumns(s.cells, left, right);
    const pieces = windowed(rows.at(s.row).cells, x0, x1, gutter, used);
    if (placed === null || placed[0] === 0 || pieces === null || pieces.length !== k) return false;
    block.push(pieces);
  }
  const reach = TOTALS_ALIGN_EMS * trailing[0].em;
  let above: TextRow = trailing[trailing.length - 1];
  for (let j = trailing[trailing.length - 1].row + 1; j < rows.length; j++) {
    const row = rows.at(j);
    if (!near(above, row)) break;
    const pieces = windowed(row.cells, x0, x1, gutter, used);
    if (pieces === null || pieces.length !== k || !everyLined(pieces, first, reach)) break;
    block.push(pieces);
    above = row;
  }
  // The columns' alignment read (every body cell's text built) only for a block that got here.
  const alignment = columnAlignments(body, left.length);
  for (let c = 0; c < k; c++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const pieces of block) (lo = Math.min(lo, pieces[c].x0)), (hi = Math.max(hi, pieces[c].x1));
    const at = soleColumn({ x0: lo, x1: hi }, left, right);
    if (at < 0 || runsPastKeptEdge(lo, hi, alignment[at], left[at], right[at], reach)) return true;
  }
  return false;
}

/** Whether each piece starts or ends within `reach` of the piece in its place in `first`. */
function everyLined(pieces: readonly Piece[], first: readonly Piece[], reach: number): boolean {
  for (let c = 0; c < pieces.length; c++) if (!(Math.abs(pieces[c].x0 - first[c].x0) <= reach || Math.abs(pieces[c].x1 - first[c].x1) <= reach)) return false;
  return true;
}

/** Whether text from x0 to x1 in a column runs past the edge its cells keep to by more than
 *  `reach`: the right edge of figures set flush right, the left edge of text set flush left.
 *  A totals label set in the column stops there; one set on a grid of its own need not. */
function runsPastKeptEdge(x0: number, x1: number, alignment: Alignment, left: number, right: number, reach: number): boolean {
  if (alignment === "figures") return x1 > right + reach;
  if (alignment === "text") return x0 < left - reach;
  return false;
}

/** A totals box holds at least this many rows: under a table, a label and an amount flush
 *  with its last column twice over are no chance alignment, as two rows elsewhere may be. */
const TOTALS_BOX_ROWS_MIN = 2;

/**
 * The totals box right under a table (`last`, its last row), when the rows under it, each a
 * label and an amount alone in their row, the label right of the table's first column, the
 * amount ending flush with its last column, the labels starting (or ending) at one x, make
 * TOTALS_BOX_ROWS_MIN rows or more: a box of "VAT (25%, included)" | "347.00" and "**Total**" |
 * "**1,735.00 SEK**", too few rows to be found as a table of its own, whose labels and amounts
 * read apart were a column of labels, bold ones headings, beside a column of figures.
 */
function totalsBoxUnder(rows: PageRows, last: Slice, columns: Column[], used: Set<Piece>): Slice[] | null {
  const x0 = columns[0].x0;
  const x1 = columns[columns.length - 1].x1;
  const box: Slice[] = [];
  let above: TextRow = last;
  for (let j = last.row + 1; j < rows.length; j++) {
    const row = rows.at(j);
    const reach = TOTALS_ALIGN_EMS * row.em;
    if (!near(above, row) || row.cells.length !== 2 || row.cells.some((piece) => used.has(piece))) break;
    const [label, amount] = row.cells;
    if (label.x0 <= columns[0].x1 || label.x0 < x0 || Math.abs(amount.x1 - x1) > reach) break;
    if (box.length > 0 && Math.abs(label.x0 - box[0].cells[0].x0) > reach && Math.abs(label.x1 - box[0].cells[0].x1) > reach) break;
    box.push(sliceOf(row, j, row.cells, true));
    above = row;
  }
  return box.length >= TOTALS_BOX_ROWS_MIN ? box : null;
}

/** A word space this many ems from the middle of a gutter the span runs across cuts it. */
const GUTTER_SPLIT_EMS = 1.5;
/** A span starting this many ems from a column's left edge starts that column's cell. */
const COLUMN_EDGE_EMS = 0.3;
/** ... and one starting this close to it does after a mere word space. */
const COLUMN_EDGE_EXACT_PT = 0.5;

/**
 * Pieces cut where a span starts at a column's left edge after a gap of at least `gutter`:
 * a long question ran up to its answers ("… before bed? yes no") closer than the row
 * splitter's cell gap, but the columns the other rows drew say where the cell starts.
 */
/** `header`: the row is a header line over the run (growUp), whose cells may run together. */
function splitAtColumns(cells: Piece[], left: readonly number[], right: readonly number[], gutter: number, em: number, header = false, alignment: readonly Alignment[] | null = null): Piece[] {
  const out: Piece[] = [];
  // A piece alone in its row that runs across the columns is a caption or a title over the
  // table, or a line of text under it ("Table 2. Some Typical Commands", centred so that its
  // words may fall in the columns' middles): only a row of other cells too is cut at gutters.
  const withOthers = cells.length > 1;
  for (const piece of cells) {
    if (piece.items.length === 1) {
      pushSplitAtGutter(out, piece, left, right, em, withOthers, header, alignment);
      continue;
    }
    let from = 0;
    for (let i = 1; i < piece.items.length; i++) {
      const span = piece.items[i].span;
      const before = piece.items[i - 1].span;
      const atEdge = nearInnerLeftEdge(left, span.x0, COLUMN_EDGE_EMS * em);
      // None of the cuts below can happen here: a cut by an edge needs the span at one, a cut
      // at a gutter's middle a header line beside other pieces, a cut by a figure's edge a
      // body row's span that is a figure. Most spans of a row go on so, and need no ink, no
      // copy of the pending items, no pattern tried.
      if (!atEdge && !(header && withOthers) && (header || !FIGURE_CELL.test(span.text.trim()))) continue;
      // A span starting exactly at a column's edge after a word space starts its cell too:
      // octave's reference card runs "octave --eval code" up to "Evaluate code using Octave".
      const onEdge = nearInnerLeftEdge(left, span.x0, COLUMN_EDGE_EXACT_PT) && /\s$/.test(before.text);
      const ink = inkRight(before, piece.items[i - 1].line);
      // The items since the last cut, the cell a cut here would end: at a column's edge, a
      // cell of words, not a list marker or a diagram's sign.
      const pending = piece.items.slice(from, i);
      const byEdge = atEdge && (span.x0 - ink >= gutter || onEdge) && someItemMatches(pending, TWO_LETTERS);
      // Or, in a header line, the space between the two spans holds the middle of a gutter the
      // table's columns leave (Calc's header "Q1 2024 Q2 2024 Q3 2024" | "Q4 2024 Total", 8 pt
      // apart over right-aligned figures).
      const reach = GUTTER_EM_MIN * em;
      // Or the next span starts in a gutter after a cell that ends by the column's edge: Calc
      // sets a header's text flush left in its cell, over figures set flush right ("Amount
      // (SEK)" | "VAT (SEK)", 2 pt apart, the second starting where its column's cells begin
      // to the left of their figures).
      const gutterBetween =
        !byEdge && header && withOthers && span.x0 > ink && (gutterMiddleWithin(left, right, ink - reach, span.x0 + reach) || startsInGutter(left, right, ink, span.x0, reach));
      // Or, in a row of the body, a figure ends flush with a column's right edge and the next
      // span, a figure too, starts past it after a gutter: Calc sets its figures flush right,
      // and a wider figure in the last row ("10 | 20.04 | 19.93") leaves its columns under the
      // row splitter's cell gap apart.
      const byFigureEdge = !byEdge && !gutterBetween && !header && span.x0 - ink >= gutter && endsFlushAtColumnRight(pending, ink, span, right, em);
      if (byEdge || byFigureEdge || (gutterBetween && someItemMatches(pending, LETTER_OR_DIGIT))) {
        // The cell ends where its ink does: its last span's box takes in the word space.
        const cell = pieceOfItems(pending);
        cell.x1 = Math.max(cell.x0, Math.min(cell.x1, ink));
        // A gutter's middle alone cuts only a cell set in its column as the column's cells
        // are: a caption or a title over the table ("Table 2. Some Typical Commands") runs
        // across the columns with no regard to them.
        if (!byEdge && (!alignsWithColumn(cell, left, right, em) || /^\p{L}$/u.test(pieceText(cell).trim()))) continue;
        if (cell.items.length === 1) pushSplitAtGutter(out, cell, left, right, em, withOthers, header, alignment);
        else out.push(cell);
        from = i;
      }
    }
    const rest = from === 0 ? piece : pieceOfItems(piece.items.slice(from));
    if (from > 0 && rest.items.length === 1) pushSplitAtGutter(out, rest, left, right, em, withOthers, header, alignment);
    else out.push(rest);
  }
  return out;
}

/** In a header line over a table, spans this many ems apart or more are two cells: Calc sets
 *  a header's cells flush left over figures set flush right, "Setpoint" | "Reading A" |
 *  "Reading B" 0.74-0.89 em apart in a 10 pt sheet, under the row splitter's cell gap (one em)
 *  but nearly three word spaces (the stext reader ends a span at such a gap, CELL_SPACE_EMS_MIN). */
const HEADER_CELL_GAP_EMS = 0.6;
/** ... unless the first ends a sentence or a clause: a caption's label and its title ("Table
 *  2:" | "Typical commands") may be set a quad apart. */
const CLAUSE_END = /[.:;,!?]\s*$/;

/**
 * A header line's pieces, each cut where two of its spans stand HEADER_CELL_GAP_EMS apart or
 * more, each side holding a letter or a digit, and each part set over a column as a head is
 * (headsColumn). The cut pieces are then placed over the columns as any header line's
 * (placeSpanning), which rejects a line whose parts do not sit over them in order.
 */
function splitAtHeaderGaps(pieces: Piece[], left: readonly number[], right: readonly number[], alignment: readonly Alignment[], em: number): Piece[] {
  const out: Piece[] = [];
  for (const piece of pieces) {
    const cells = cutAtItemGaps(piece, HEADER_CELL_GAP_EMS * em, true);
    // Each part heads its column: a caption's label and title ("表1" | "模板的
    // 组成", a quad apart) fall over the columns with no regard to them.
    if (cells !== null && cells.every((cell) => headsColumn(cell, left, right, alignment, em))) out.push(...cells);
    else out.push(piece);
  }
  return out;
}

/**
 * The piece cut between two of its spans whose gap, from the first's ink, is `gap` or more,
 * each side holding a letter or a digit, each part ending where its ink does (its last span's
 * box takes in the word space); with `clauseEnds`, not after a span ending a sentence or a
 * clause (CLAUSE_END: a caption's label and its title). Null where it is not cut.
 */
function cutAtItemGaps(piece: Piece, gap: number, clauseEnds: boolean): Piece[] | null {
  const items = piece.items;
  let cells: Piece[] | null = null;
  let from = 0;
  for (let i = 1; i < items.length; i++) {
    const before = items[i - 1];
    const ink = inkRight(before.span, before.line);
    if (items[i].span.x0 - ink < gap || (clauseEnds && CLAUSE_END.test(before.span.text))) continue;
    if (!someItemMatches(items.slice(from, i), LETTER_OR_DIGIT) || !someItemMatches(items.slice(i), LETTER_OR_DIGIT)) continue;
    const cell = pieceOfItems(items.slice(from, i));
    cell.x1 = Math.max(cell.x0, Math.min(cell.x1, ink));
    (cells ??= []).push(cell);
    from = i;
  }
  if (cells !== null) cells.push(pieceOfItems(items.slice(from)));
  return cells;
}

/** A head over a column of text starts within this many ems of where its cells start. */
const TEXT_HEAD_START_EMS = 0.3;

/**
 * Whether a part cut from a header line is set over the column it overlaps most as a head is
 * over that column's cells: over text set flush left, starting where they start; over figures,
 * ending by where they end (Calc's heads flush left over figures flush right, the first
 * perhaps starting left of the table: headsFiguresFlushLeft) or centred over them (acmart's
 * "A Number" over "100"), within CUT_CELL_ALIGN_EMS; over other cells, set as one
 * of them (setInColumn). A caption's label and title a quad apart ("表1" | "模板的组成") lie
 * over the columns with no regard to them.
 */
function headsColumn(box: { x0: number; x1: number }, left: readonly number[], right: readonly number[], alignment: readonly Alignment[], em: number): boolean {
  const best = mostOverlapped(box, left, right);
  if (best < 0) return false;
  if (alignment[best] === "text") return Math.abs(box.x0 - left[best]) <= TEXT_HEAD_START_EMS * em;
  const reach = CUT_CELL_ALIGN_EMS * em;
  if (alignment[best] === "figures") return box.x1 <= right[best] + reach || Math.abs((box.x0 + box.x1) / 2 - (left[best] + right[best]) / 2) <= reach;
  return setInColumn(box, left, right, reach);
}

/** A figure ending within this many ems of a column's right edge is set flush right in it. */
const FLUSH_RIGHT_FIGURE_EMS = 0.3;

/**
 * Whether `pending` (a cell's spans) is one figure whose ink ends flush with the right edge of
 * a column other than the last, and `next`, a figure too, starts past that edge: the cells of
 * two columns of figures set flush right, closer together than the row splitter's cell gap.
 */
function endsFlushAtColumnRight(pending: Piece["items"], ink: number, next: Span, right: readonly number[], em: number): boolean {
  if (!FIGURE_CELL.test(next.text.trim())) return false;
  let text = "";
  for (const { span } of pending) text += span.text;
  if (!FIGURE_CELL.test(text.trim())) return false;
  const reach = FLUSH_RIGHT_FIGURE_EMS * em;
  for (let c = 0; c + 1 < right.length; c++) if (Math.abs(ink - right[c]) <= reach && next.x0 > right[c]) return true;
  return false;
}


/** Pushes onto `out` the piece's parts cut at the columns' gutters (splitSpanAtGutter), or the
 *  piece itself: no one-piece array made and spread for each piece that stays whole, as
 *  nearly all do (splitAtColumns reads every partial row of every run). */
function pushSplitAtGutter(out: Piece[], piece: Piece, left: readonly number[], right: readonly number[], em: number, withOthers: boolean, header: boolean, alignment: readonly Alignment[] | null = null): void {
  const parts = splitSpanAtGutter(piece, left, right, em, withOthers, header, alignment);
  if (parts === null) out.push(piece);
  else for (let i = 0; i < parts.length; i++) out.push(parts[i]);
}
/**
 * A piece of one span that runs across gutters between columns, cut at each gutter where a
 * word space lies near its middle: a number too wide for its cell set one space from the next
 * (camelot-health's "6,922,900 12,664,000"), or a spreadsheet's row whose figures LibreOffice
 * Calc set one space apart ("1204500 1310200 1288900 1455000", its header "Q1 2024 Q2 2024
 * Q3 2024"), where the producer wrote them as one string. Every gutter crossed needs its
 * space, and each part is a cell's few words: a longer string across gutters is a line of
 * text running under the table. Null where the piece stays whole.
 */
function splitSpanAtGutter(piece: Piece, left: readonly number[], right: readonly number[], em: number, withOthers: boolean, header: boolean, alignment: readonly Alignment[] | null = null): Piece[] | null {
  const { span, line } = piece.items[0];
  const text = span.text.trim();
  if (text.indexOf(" ") < 0) return null;
  const crossed: number[] = [];
  for (let c = 1; c < left.length; c++) if (span.x0 < right[c - 1] && span.x1 > left[c]) crossed.push(c);
  if (crossed.length === 0) return null;
  // A row of other cells too: the span goes on over a wide gap (Span.wideGaps) where each
  // column it crosses starts (Writer's borderless cells, "Central warehouse" | "20").
  if (withOthers && span.wideGaps !== undefined) {
    const parts = cutAtWideGaps(span, span.wideGaps, crossed, left, em);
    if (parts !== null) return piecesOfParts(parts, line);
  }
  // Two words across one gutter are cut whatever else the row holds; more only in a row of
  // other cells too (splitAtColumns).
  // (Not in a header line: a header's words wrap in its cell over the column's gutter.)
  const twoWords = !header && crossed.length === 1 && text.indexOf(" ", text.indexOf(" ") + 1) < 0;
  if (!twoWords && !withOthers) return null;
  const ink = inkRight(span, line);
  const parts = twoWords ? cutAtTheSpace(span, ink, left[crossed[0]], right[crossed[0] - 1], em) : cutAtSpaces(span, ink, crossed, left, right, em);
  if (parts === null) return null;
  // A part of one letter is a letter-spaced word's ("姓 名：", a CJK label set apart), not a cell.
  if (parts.some((part) => part.text.trim().split(/\s+/).length > CUT_CELL_WORDS_MAX || (!twoWords && /^\p{L}$/u.test(part.text.trim())))) return null;
  if (twoWords) return piecesOfParts(parts, line);
  // Words run together over several columns are cut only where the parts are what such
  // tables hold: figures in a row of the body; in the header, headings of a word or two,
  // dated ("Q1 2024" … "Q4 2024" | "Total"). Words of prose fall near the middles of narrow
  // columns' gutters by chance.
  const texts: string[] = [];
  for (const part of parts) texts.push(part.text.trim());
  // Or a header's two heads over one gutter, the first flush right over figures set so and the
  // second flush left over its column's cells ("Amount (EUR)" | "Status", one cell's padding
  // apart: one span to the reader).
  if (header && crossed.length === 1 && alignment?.[crossed[0] - 1] === "figures" && alignment[crossed[0]] === "text" && headsFlushApart(span, ink, crossed[0], left, right, em)) return piecesOfParts(parts, line);
  const cellLike = header ? texts.some((t) => /\d/.test(t)) && texts.every((t) => t.split(/\s+/).length <= HEADER_CUT_WORDS_MAX) : texts.every((t) => FIGURE_CELL.test(t));
  if (!cellLike || !parts.every((part) => alignsWithColumn(part, left, right, em))) return null;
  return piecesOfParts(parts, line);
}

/** A piece for each part of the line's span, in an array made by push. Arrays here are made by
 *  push, not map: map's array is packed from the built-in and holey from its optimised inlined
 *  form, and the readers of `parts` and `texts` (pushSplitAtGutter, some, every) met the other
 *  kind once splitSpanAtGutter was optimised, to be compiled again a pass later. */
function piecesOfParts(parts: readonly Span[], line: Line): Piece[] {
  const pieces: Piece[] = [];
  for (const part of parts) pieces.push(pieceOfItems([{ span: part, line }]));
  return pieces;
}
/**
 * The span cut at its wide gaps (Span.wideGaps, noted by the stext reader with where the ink
 * before each ends and the next glyph starts), one before each crossed column: the glyph after
 * the gap starting within COLUMN_EDGE_EMS of the column's left edge, as its cells start (a
 * head centred in a cell no wider than itself starts there too). Null unless every crossed
 * column has such a gap.
 */
function cutAtWideGaps(span: Span, gaps: readonly number[], crossed: readonly number[], left: readonly number[], em: number): Span[] | null {
  const text = span.text;
  const reach = COLUMN_EDGE_EMS * em;
  const parts: Span[] = [];
  let from = 0;
  let x0 = span.x0;
  let g = 0;
  for (const c of crossed) {
    while (g < gaps.length && Math.abs(gaps[g + 2] - left[c]) > reach) g += 3;
    if (g >= gaps.length) return null;
    const at = gaps[g];
    if (at <= from || text.charCodeAt(at) !== 0x20) return null;
    const part = text.slice(from, at).trim();
    if (part === "") return null;
    parts.push(spanPiece(span, part, x0, gaps[g + 1]));
    from = at + 1;
    x0 = gaps[g + 2];
    g += 3;
  }
  const rest = text.slice(from).trim();
  if (rest === "") return null;
  parts.push(spanPiece(span, rest, x0, span.x1));
  return parts;
}

/** Two words cut at their space when it lies near the gutter's middle (right to left too). */
function cutAtTheSpace(span: Span, ink: number, nextLeft: number, prevRight: number, em: number): Span[] | null {
  const text = span.text.trim();
  const space = text.indexOf(" ");
  const gutterMid = (prevRight + nextLeft) / 2;
  // Where the space is, from its share of the characters up to the ink's right edge.
  const spaceAt = span.x0 + ((ink - span.x0) * (space + 0.5)) / text.length;
  // Two figures set flush right: the first ends at its column's right edge, and the space
  // after it lies there, not at the gutter's middle, when the second, wider than its column's
  // other figures, runs left into the gutter ("10 123456.78" in a sheet's last row).
  if (FIGURE_CELL.test(text.slice(0, space)) && FIGURE_CELL.test(text.slice(space + 1)) && Math.abs(spaceAt - prevRight) <= GUTTER_SPLIT_EMS * em) return cutSpan(span, prevRight);
  if (Math.abs(spaceAt - gutterMid) > GUTTER_SPLIT_EMS * em) return null;
  return cutSpan(span, gutterMid);
}

/** A left-to-right span cut at the word space nearest each crossed gutter's middle, when each
 *  lies within GUTTER_SPLIT_EMS of it; positions from the characters' share of the ink. */
function cutAtSpaces(span: Span, ink: number, crossed: readonly number[], left: readonly number[], right: readonly number[], em: number): Span[] | null {
  const raw = span.text;
  const n = raw.length;
  if (isRtlText(raw)) return null;
  const at = (i: number) => span.x0 + ((ink - span.x0) * i) / n;
  const first = n - raw.trimStart().length;
  const last = raw.trimEnd().length;
  const cuts: number[] = [];
  const mids = crossed.map((c) => (right[c - 1] + left[c]) / 2);
  for (const mid of mids) {
    let best = -1;
    for (let i = Math.max(first + 1, (cuts[cuts.length - 1] ?? 0) + 1); i < last; i++) {
      if (raw.charCodeAt(i) === 32 && (best < 0 || Math.abs(at(i + 0.5) - mid) < Math.abs(at(best + 0.5) - mid))) best = i;
    }
    if (best < 0 || Math.abs(at(best + 0.5) - mid) > GUTTER_SPLIT_EMS * em) return null;
    cuts.push(best);
  }
  const parts: Span[] = [];
  for (let k = 0; k <= cuts.length; k++) {
    const a = k === 0 ? first : cuts[k - 1] + 1;
    const b = k === cuts.length ? last : cuts[k];
    const text = raw.slice(a, b).trim();
    if (text === "") return null;
    // Each part keeps its side of the gutter's middle: interpolated positions can put its
    // edge across it.
    parts.push(spanPiece(span, text, k === 0 ? span.x0 : Math.max(at(a), mids[k - 1]), k === cuts.length ? span.x1 : Math.min(at(b), mids[k])));
  }
  return parts;
}

/** A head set flush with its column's edge lies within this many ems of it, by its
 *  characters' share of the span. */
const FLUSH_HEAD_EMS = 0.5;

/**
 * Whether a header span across the gutter before column `c` has a word space there whose
 * words before it end at column c-1's right edge and whose words after it start at column c's
 * left edge (each within FLUSH_HEAD_EMS, positions by the characters' share of the ink): two
 * heads set flush with their columns, where a caption's or a title's words fall anywhere.
 * Asked only over a column of figures followed by one of text (splitSpanAtGutter).
 */
function headsFlushApart(span: Span, ink: number, c: number, left: readonly number[], right: readonly number[], em: number): boolean {
  const raw = span.text;
  const n = raw.length;
  if (n === 0 || isRtlText(raw)) return false;
  const at = (i: number) => span.x0 + ((ink - span.x0) * i) / n;
  const reach = FLUSH_HEAD_EMS * em;
  for (let i = 1; i < raw.trimEnd().length - 1; i++) {
    if (raw.charCodeAt(i) !== 32) continue;
    if (Math.abs(at(i) - right[c - 1]) <= reach && Math.abs(at(i + 1) - left[c]) <= reach) return true;
  }
  return false;
}

/** A header's part cut so holds at most this many words ("Q4 2024" | "Total"). */
const HEADER_CUT_WORDS_MAX = 2;
/** A part cut from a span across gutters holds at most this many words. */
const CUT_CELL_WORDS_MAX = 4;
/** ... and is set in its column as a cell is: flush left or right, or centred, within this
 *  many ems. */
const CUT_CELL_ALIGN_EMS = 1;

/** Whether a box sits in the table's columns, in the one it overlaps most as a cell does: its
 *  left edge at the column's, its right edge at the column's, or its middle at the column's
 *  middle. A part outside the columns (a contents entry beside a table found in the page's
 *  other column, "4.4.6 学号" before its page number "10") would leave the table with its
 *  line taken. */
function alignsWithColumn(box: { x0: number; x1: number }, left: readonly number[], right: readonly number[], em: number): boolean {
  const reach = CUT_CELL_ALIGN_EMS * em;
  if (box.x0 < left[0] - reach || box.x1 > right[right.length - 1] + reach) return false;
  return setInColumn(box, left, right, reach);
}

/** The column (its edges in `left` and `right`) the box overlaps most, or -1 when it overlaps none. */
function mostOverlapped(box: { x0: number; x1: number }, left: readonly number[], right: readonly number[]): number {
  let best = -1;
  let overlap = 0;
  for (let c = 0; c < left.length; c++) {
    const o = Math.min(box.x1, right[c]) - Math.max(box.x0, left[c]);
    if (o > overlap) (overlap = o), (best = c);
  }
  return best;
}

/** Whether a box is set in the column it overlaps most as a cell is (alignsWithColumn), within
 *  `reach`, wherever it starts or ends. */
function setInColumn(box: { x0: number; x1: number }, left: readonly number[], right: readonly number[], reach: number): boolean {
  const best = mostOverlapped(box, left, right);
  if (best < 0) return false;
  return Math.abs(box.x0 - left[best]) <= reach || Math.abs(box.x1 - right[best]) <= reach || Math.abs((box.x0 + box.x1) / 2 - (left[best] + right[best]) / 2) <= reach;
}

function pieceOfItems(items: Piece["items"]): Piece {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const { span } of items) {
    x0 = Math.min(x0, span.x0);
    x1 = Math.max(x1, span.x1);
    y0 = Math.min(y0, span.y0);
    y1 = Math.max(y1, span.y1);
  }
  return { items, x0, x1, y0, y1, text: null };
}

/** Pieces not separated from [x0, x1] by a gutter: the table's own, or text running into
 *  it, which then fails the column checks. Null at a piece an earlier table took. */
function windowed(cells: Piece[], x0: number, x1: number, gutter: number, used: Set<Piece>, cellEnds: ReadonlySet<Span> | null = null): Piece[] | null {
  const inside: Piece[] = [];
  for (let i = 0; i < cells.length; i++) {
    const p = cells[i];
    if (p.x1 + gutter <= x0 || p.x0 - gutter >= x1) continue;
    // A note cut from the last column's figure is a later column's (note_columns.ts).
    if (isNotePastWindow(cells, i, x1, cellEnds)) continue;
    if (used.has(p)) return null;
    inside.push(p);
  }
  return inside;
}

/** One piece per column, each overlapping its column, every gutter open. */
function fitsFull(cells: Piece[], left: number[], right: number[], gutter: number, cellEnds: ReadonlySet<Span> | null = null): boolean {
  const k = left.length;
  for (let c = 0; c < k; c++) {
    const cell = cells[c];
    if (cell.x1 < left[c] || cell.x0 > right[c]) return false;
    // A figure cut from the note beside it (figure_notes.ts) stands a word space from it.
    const open = cellEnds !== null && endsAtCut(cell, cellEnds) ? 0 : gutter;
    if (c + 1 < k && Math.max(right[c], cell.x1) + open > Math.min(left[c + 1], cells[c + 1].x0)) return false;
  }
  return true;
}

/** Whether the piece's last span is a figure cut from the note after it (figure_notes.ts). */
function endsAtCut(piece: Piece, cellEnds: ReadonlySet<Span>): boolean {
  return cellEnds.has(piece.items[piece.items.length - 1].span);
}

/** Column of each piece when every piece overlaps exactly one column and no two pieces
 *  share one (a header wider than its numbers, a row with an empty cell); otherwise null. */
function placeInColumns(cells: Piece[], left: number[], right: number[]): number[] | null {
  const at: number[] = [];
  let previous = -1;
  for (const cell of cells) {
    const hit = soleColumn(cell, left, right);
    if (hit <= previous) return null;
    at.push(hit);
    previous = hit;
  }
  return at;
}

/** The column the piece overlaps most, or the nearest one when it overlaps none. */
function nearestColumn(piece: Piece, left: number[], right: number[]): number {
  let best = 0;
  let bestScore = -Infinity;
  for (let c = 0; c < left.length; c++) {
    // Overlap when positive, minus the distance when apart.
    const score = Math.min(piece.x1, right[c]) - Math.max(piece.x0, left[c]);
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

/** The one column the piece overlaps; -1 when it overlaps none or several. */
function soleColumn(piece: { x0: number; x1: number }, left: number[], right: number[]): number {
  let hit = -1;
  for (let c = 0; c < left.length; c++) {
    if (piece.x1 < left[c] || piece.x0 > right[c]) continue;
    if (hit >= 0) return -1;
    hit = c;
  }
  return hit;
}

/** The pieces with neighbours inside the same single column joined into one, when every
 *  piece then overlaps one column of its own; otherwise null. */
function joinWithinColumns(cells: Piece[], left: number[], right: number[]): Piece[] | null {
  const out: Piece[] = [];
  let last = -1;
  for (const piece of cells) {
    const c = soleColumn(piece, left, right);
    if (c < 0) return null;
    if (c === last) out[out.length - 1] = pieceOfItems([...out[out.length - 1].items, ...piece.items]);
    else out.push(piece);
    last = c;
  }
  return placeInColumns(out, left, right) === null ? null : out;
}

/** First and last column each piece overlaps, for header lines whose cells may span
 *  columns; null when a piece overlaps none or two pieces share a column. */
function placeSpanning(cells: Piece[], columns: Column[], alignment: readonly Alignment[], flushLeftFigures: readonly boolean[]): [number, number][] | null {
  const out: [number, number][] = [];
  let previous = -1;
  for (const cell of cells) {
    let a = -1;
    let b = -1;
    for (let c = 0; c < columns.length; c++) {
      if (cell.x1 < columns[c].x0 || cell.x0 > columns[c].x1) continue;
      if (a < 0) a = c;
      b = c;
    }
    // A header cell set flush left over figures set flush right, in the gap before their
    // column (an invoice's "Qty" and "Unit price (€)" over "1,840" and "0.85"). After a column
    // of text set flush left, whose header may be centred over its cell past its text
    // (camelot-mexican_towns' "Nombre Municipio"), only when nearer the figures.
    if (a < 0) {
      const c = columns.findIndex((col, k) => cell.x1 < col.x0 && (k === 0 || cell.x0 > columns[k - 1].x1));
      // A text column this line already heads leaves the piece no column but the figures':
      // Calc's "Jan" flush left in its cell, nearer "A. Novak" than "2,212" (calc_heads.ts).
      const afterText = c > 0 && alignment[c - 1] === "text" && columns[c].x0 - cell.x1 >= cell.x0 - columns[c - 1].x1 && !headsAfterHeadedText(previous, c);
      if (c >= 0 && alignment[c] === "figures" && !afterText) a = b = c;
      // Mirrored: a header set flush right over figures set flush left, in the gap after
      // their column (a right-to-left invoice's "المجموع" over "370.00"), where the next
      // column starts its cells at one x, so no header of its own starts before that, or
      // lies further off than the figures.
      else {
        const before = c < 0 ? columns.length - 1 : c - 1;
        const nextStartsAtOne = c >= 0 && alignment[c] === "text";
        if (before >= 0 && cell.x0 > columns[before].x1 && flushLeftFigures[before] && (c < 0 || nextStartsAtOne || cell.x0 - columns[before].x1 < columns[c].x0 - cell.x1)) a = b = before;
      }
    }
    if (a <= previous) return null;
    out.push([a, b]);
    previous = b;
  }
  return out;
}

/** How a column's full-row cells line up: figures ending at one x (set flush right, or all
 *  of one width: "figures"), text starting at one x ("text"), or neither ("mixed"). */
type Alignment = "figures" | "text" | "mixed";

function columnAlignments(slices: readonly Slice[], k: number): Alignment[] {
  return columnReadings(slices, k).alignment;
}

/** Each column's alignment (columnAlignments) and whether its full-row cells are all figures
 *  starting at one x, from one reading of its cells. */
function columnReadings(slices: readonly Slice[], k: number): { alignment: Alignment[]; flushLeftFigures: boolean[] } {
  const alignment: Alignment[] = [];
  const flushLeftFigures: boolean[] = [];
  for (let c = 0; c < k; c++) {
    const spread = columnSpread(slices, k, c);
    const right = spread.x1Spread <= CELL_END_TOLERANCE_PT;
    const left = spread.x0Spread <= CELL_END_TOLERANCE_PT;
    alignment.push(right && (spread.figures || !left) ? "figures" : left ? "text" : "mixed");
    flushLeftFigures.push(spread.cells > 0 && spread.figures && left);
  }
  return { alignment, flushLeftFigures };
}

/** How far apart a column's full-row cells start and end, whether they all hold figures, and
 *  how many there are. */
interface ColumnSpread {
  x0Spread: number;
  x1Spread: number;
  figures: boolean;
  cells: number;
}

function columnSpread(slices: readonly Slice[], k: number, c: number): ColumnSpread {
  let x0Min = Infinity, x0Max = -Infinity, x1Min = Infinity, x1Max = -Infinity;
  let figures = true;
  let cells = 0;
  for (const s of slices) {
    if (!s.full || s.cells.length !== k) continue;
    const p = s.cells[c];
    x0Min = Math.min(x0Min, p.x0), x0Max = Math.max(x0Max, p.x0), x1Min = Math.min(x1Min, p.x1), x1Max = Math.max(x1Max, p.x1);
    cells++;
    if (figures && !FIGURE.test(pieceText(p))) figures = false;
  }
  return { x0Spread: x0Max - x0Min, x1Spread: x1Max - x1Min, figures, cells };
}

/** A cell of figures: digits, signs, separators, a currency or a per cent. */
const FIGURE = /^[\d\s.,:%+\-−–()€$£¥]+$/u;

/** Header lines above a run: near rows (or rows ruled off from the body) whose pieces inside
 *  the table's window each sit over one column or, beside other pieces, span several. */
function growUp(rows: PageRows, run: Slice[], columns: Column[], used: Set<Piece>, rulings: Rulings): Slice[] {
  const out: Slice[] = [];
  // Each header line's pieces' column spans, as placeSpanning gave them.
  const outSpans: [number, number][][] = [];
  const x0 = columns[0].x0;
  const x1 = columns[columns.length - 1].x1;
  const gutter = GUTTER_EM_MIN * rows.at(run[0].row).em;
  let below: Slice = run[0];
  const { alignment, flushLeftFigures: flushLeft } = columnReadings(run, columns.length);
  const lefts = edgesOf(columns, leftEdgeOf);
  const rights = edgesOf(columns, rightEdgeOf);
  for (let j = run[0].row - 1; j >= 0 && out.length < HEADER_LINES_MAX; j--) {
    let inside = windowed(rows.at(j).cells, x0, x1, gutter, used);
    if (inside === null) break;
    if (inside.length === 0) continue;
    // A row above whose cells the producer wrote as one string ("Q1 2024 Q2 2024 Q3 2024"),
    // or set closer than the row splitter's cell gap but far wider than word spaces.
    if (inside.length < columns.length) inside = splitAtHeaderGaps(inside, lefts, rights, alignment, rows.at(j).em);
    if (inside.length < columns.length) inside = splitAtColumns(inside, lefts, rights, gutter, rows.at(j).em, true, alignment);
    const slice = sliceOf(rows.at(j), j, inside, false);
    if (!near(slice, below) && !ruledApart(slice, below, x0, x1, rulings) && !(below === run[0] && atBodyPitch(slice, run))) break;
    // Over a header row of its own (a bold head over every column), a header goes on only
    // as a wrapped cell's line does: text a line gap above it is a block over the table (an
    // order's addresses, "Shipping to" | "Billing address" | "Delivery").
    if (below === run[0] && isBoldHeaderRow(run[0]) && run[0].y0 - slice.y1 > LONE_HEADER_GAP_LINE_HEIGHTS_MAX * (slice.y1 - slice.y0)) break;
    const spans = placeSpanning(inside, columns, alignment, flushLeft);
    // A lone piece is a header only over columns other than the labels', set as close as the
    // lines of one cell: over one column, a stacked header's top line; over several, a group's
    // head over the sub-heads a header line under it has in each ("Provided by" over
    // "Company" and "Employee"). Otherwise it is a caption.
    if (spans === null) break;
    if (spans.length === 1) {
      const [first, last] = spans[0];
      const groupsSubheads = last === first || outSpans.some((under) => everyColumnHeaded(under, first, last));
      if ((first === 0 || !groupsSubheads || below.y0 - slice.y1 > LONE_HEADER_GAP_LINE_HEIGHTS_MAX * (slice.y1 - slice.y0)) && !likeBodyLabel(inside[0], run)) break;
      // A word ending a sentence is a paragraph's last line set over the table's text column
      // (matc3mem's "capitolo." over its environments' descriptions), not a head.
      if (SENTENCE_END.test(pieceText(inside[0]))) break;
    }
    const overhang = HEADER_OVERHANG_EM * rows.at(j).em;
    const leftOverhang = headsFiguresFlushLeft(inside, spans, columns, alignment) ? FLUSH_LEFT_HEAD_OVERHANG_EM * rows.at(j).em : overhang;
    if (inside[0].x0 < x0 - leftOverhang || inside[inside.length - 1].x1 > x1 + overhang) break;
    out.push(slice);
    outSpans.push(spans);
    below = slice;
  }
  return sideBySideHeads(out.reverse(), outSpans.reverse());
}

/** A word of four small letters or more and a full stop: a sentence's end, which no head
 *  has ("Amt." and "No." are abbreviations). */
const SENTENCE_END = /\p{Ll}{4}\.\s*$/u;

/** A header line heading every column, one piece apiece, may start this many ems left of a
 *  first column of figures (headsFiguresFlushLeft). */
const FLUSH_LEFT_HEAD_OVERHANG_EM = 6;

/**
 * Whether a header line heads every column with one piece apiece, its first piece over a first
 * column of figures and ending inside it: Calc sets a text cell flush left and figures flush
 * right in cells of one width, so the first column's head ("Setpoint", 3 em left of "0.5" and
 * "10.25" in a 10 pt sheet) starts further left of its figures than a caption's overhang.
 */
function headsFiguresFlushLeft(inside: readonly Piece[], spans: readonly [number, number][], columns: readonly Column[], alignment: readonly Alignment[]): boolean {
  if (alignment[0] !== "figures" || spans.length !== columns.length || inside.length !== columns.length) return false;
  for (let k = 0; k < spans.length; k++) if (spans[k][0] !== k || spans[k][1] !== k) return false;
  return inside[0].x1 <= columns[0].x1;
}

/**
 * Header lines top down, each one a row, but that a line set beside another, overlapping it
 * from below in columns it leaves empty, is one row with it: a head centred over two header
 * lines ("Item" and "Replacement" beside "Provided by", over "Company" and "Employee").
 */
function sideBySideHeads(lines: Slice[], spans: [number, number][][]): Slice[] {
  const out: Slice[] = [];
  let taken: [number, number][] = [];
  lines.forEach((line, k) => {
    const above = out[out.length - 1];
    if (above !== undefined && line.y0 < above.y1 && spans[k].every(([a, b]) => taken.every(([c, d]) => b < c || a > d))) {
      const lineSet = new Set([...above.lines, ...line.lines]);
      out[out.length - 1] = { ...above, lines: [...lineSet], cells: [...above.cells, ...line.cells].sort((p, q) => p.x0 - q.x0), y0: Math.min(above.y0, line.y0), y1: Math.max(above.y1, line.y1) };
      taken = [...taken, ...spans[k]];
      return;
    }
    out.push(line);
    taken = spans[k];
  });
  return out;
}

/** A label row over a table's first row starts within this many points of the body's ... */
const BODY_LABEL_ALIGN_PT = 1;
/** ... in a size within this many points of theirs ... */
const BODY_LABEL_SIZE_PT = 0.5;
/** ... and the body holds at least this many such rows: a table whose rows fall in groups. */
const BODY_LABELS_MIN = 2;

/**
 * Whether a lone piece over the table is set as the body's label rows are: bold, and at least
 * BODY_LABELS_MIN partial rows of the body hold one bold piece alone, starting at the same x
 * (within BODY_LABEL_ALIGN_PT), in the same size. hyph-utf8's language table heads each
 * language's rows with its name in bold ("Afrikaans" over "af | afrikaans"); the first,
 * "English", had been left over the table as a caption.
 */
function likeBodyLabel(piece: Piece, run: readonly Slice[]): boolean {
  const style = piece.items[0].span;
  if (!style.bold) return false;
  let labels = 0;
  for (const s of run) {
    if (s.full || s.cells.length !== 1) continue;
    const label = s.cells[0];
    const other = label.items[0].span;
    if (other.bold && Math.abs(label.x0 - piece.x0) <= BODY_LABEL_ALIGN_PT && Math.abs(other.size - style.size) <= BODY_LABEL_SIZE_PT) labels++;
  }
  return labels >= BODY_LABELS_MIN;
}

/** Whether every cell of a full row is set bold throughout: a header row over the body. */
function isBoldHeaderRow(row: Slice): boolean {
  return row.full && row.cells.every((piece) => piece.items.every(({ span }) => span.bold || !WORD_CHAR.test(span.text)));
}

/** Whether a header line's pieces (their column spans) head each column from `first` to `last`, one piece apiece. */
function everyColumnHeaded(spans: readonly [number, number][], first: number, last: number): boolean {
  for (let k = first; k <= last; k++) if (!spans.some(([a, b]) => a === k && b === k)) return false;
  return true;
}

/** A header set further above the body than a line gap, with a rule across the table
 *  between them (a ruled header row). */
function ruledApart(above: TextRow, below: TextRow, x0: number, x1: number, rulings: Rulings): boolean {
  if (below.y0 - above.y1 > HEADER_RULED_GAP_LINE_HEIGHTS_MAX * (above.y1 - above.y0)) return false;
  const cover = HEADER_RULE_COVER_MIN * (x1 - x0);
  for (let k = lowerBound(rulings.hPos, above.y1 - SNAP_PT); k < rulings.h.length && rulings.h[k].pos <= below.y0 + SNAP_PT; k++) {
    const s = rulings.h[k];
    if (Math.min(s.b, x1) - Math.max(s.a, x0) >= cover) return true;
  }
  return false;
}

// Every slice is made here with every field, the flags growRun sets later present as
// `undefined`: a slice grown by a flag was of another hidden class, and the passes reading
// slices deoptimised on it ("wrong map") while warming up.
function sliceOf(row: TextRow, index: number, cells: Piece[], full: boolean): Slice {
  if (cells.length === row.cells.length) return { lines: row.lines, cells, y0: row.y0, y1: row.y1, em: row.em, row: index, full, totals: undefined, termOver: undefined };
  let y0 = Infinity;
  let y1 = -Infinity;
  const lines = new Set<Line>();
  for (const p of cells) {
    y0 = Math.min(y0, p.y0);
    y1 = Math.max(y1, p.y1);
    for (const { line } of p.items) lines.add(line);
  }
  return { lines: [...lines], cells, y0, y1, em: row.em, row: index, full, totals: undefined, termOver: undefined };
}

/** Median top-to-top distance between neighbouring full rows. */
function rowPitch(run: Slice[]): number {
  const gaps: number[] = [];
  for (let r = 1; r < run.length; r++) if (run[r].full && run[r - 1].full) gaps.push(run[r].y0 - run[r - 1].y0);
  return median(gaps);
}

/** A partial row set closer under `above` than the row pitch, each piece under a filled cell. */
function continues(above: Slice, s: Slice, pitch: number, left: number[], right: number[], atPitch = false): boolean {
  if (pitch <= 0) return false;
  const mine = placeInColumns(s.cells, left, right);
  const theirs = placeInColumns(above.cells, left, right);
  if (mine === null || theirs === null || !allIncluded(mine, theirs)) return false;
  if (s.y0 - above.y0 < CONTINUATION_PITCH_RATIO * pitch) return true;
  // Asked only of a table found: the run's rows are what they are.
  if (!atPitch) return false;
  // At the rows' own pitch (texinfo's @multitable sets a wrapped cell's line as it sets a
  // row): a line going on in small letters under cells whose text goes on ("Special binary
  // operators, x can be replaced by any valid" | "name").
  // The first column, a row's key, stays empty: a row of its own starts with one.
  if (mine.includes(0)) return false;
  for (let k = 0; k < s.cells.length; k++) {
    const over = above.cells[theirs.indexOf(mine[k])];
    if (!(LOWER_START.test(pieceText(s.cells[k])) && !CELL_TEXT_ENDS.test(pieceText(over).trimEnd()))) return false;
  }
  return true;
}

/**
 * Whether the partial row `above`, text alone in the first column, is the first line of the
 * full row `s`'s first cell, wrapped: Calc sets a cell's lines at the bottom of its row, so a
 * label too long for its column ("Administrative" | "expenses") starts a line above its row's
 * figures. Its first line ends near the column's right edge (WRAPPED_EDGE_EMS) and no
 * sentence, in a proportional face (a listing's keys are set one to a line), and goes on in
 * its face (BODY_LABEL_SIZE_PT) right under (at the rows' pitch, WRAPPED_LABEL_PITCH_RATIO)
 * in a word of small letters; a section label over its rows ("Expenses" over "Salaries")
 * starts its rows' labels in capitals.
 */
function wrapsDownInto(over: Slice | undefined, above: Slice, s: Slice, pitch: number, left: number[], right: number[]): boolean {
  if (!mayWrapDown(above, s, pitch)) return false;
  // Pieces elsewhere than the first column alone: cellsWrapDown's.
  if (above.cells.length !== 1 || placeInColumns(above.cells, left, right)?.[0] !== 0) return cellsWrapDown(over, above, s, pitch, left, right);
  const label = above.cells[0];
  // Wrapped, its line ends near the column's right edge; a key alone on its line ("instance"
  // over "integer" in xtemplate's list of types) ends short of it.
  if (s.y0 - above.y0 > WRAPPED_LABEL_PITCH_RATIO * pitch || right[0] - label.x1 > WRAPPED_EDGE_EMS * above.em) return false;
  if (label.items.some(({ span }) => span.monospace) || s.cells[0].items.some(({ span }) => span.monospace)) return false;
  // One cell's lines share its face: a bold language over its codes ("Ancientgreek" over
  // "grc", hyph-utf8) heads its rows.
  const a = label.items[label.items.length - 1].span;
  const b = s.cells[0].items[0].span;
  if (a.bold !== b.bold || a.italic !== b.italic || Math.abs(a.size - b.size) > BODY_LABEL_SIZE_PT) return false;
  return LOWER_WORD_START.test(pieceText(s.cells[0])) && !CELL_TEXT_ENDS.test(pieceText(label).trimEnd());
}

/** Whether `above` is a partial row of the body's lines (no totals, no term over its row)
 *  right over the row `s`, in a run with a pitch: a row whose cells' first lines it may hold
 *  (wrapsDownInto, cellsWrapDown). */
function mayWrapDown(above: Slice, s: Slice, pitch: number): boolean {
  return !above.full && !above.totals && !above.termOver && s.row === above.row + 1 && pitch > 0;
}

/**
 * Whether the partial row `above`, pieces in columns other than the first, holds the first
 * lines of the full row `s`'s cells in those columns, wrapped and set at the bottom of their
 * row as Calc sets a row's cells: a ledger's "Scaffold hire (4" over "weeks)", "Wexcombe" over
 * "Roofing". Each piece's next line starts with a word that would not have fitted after it
 * before the next column starts (the wrap), in its face, and no piece ends a sentence or a
 * label; the lines stand at the rows' pitch at most (WRAPPED_LABEL_PITCH_RATIO). The caller
 * has asked mayWrapDown.
 */
function cellsWrapDown(over: Slice | undefined, above: Slice, s: Slice, pitch: number, left: number[], right: number[]): boolean {
  if (!s.full || s.y0 - above.y0 > WRAPPED_LABEL_PITCH_RATIO * pitch) return false;
  // Set at the bottom of its row, the first lines stand nearer the row's own line than the
  // row over them: a cell's padding parts the rows, none a cell's lines. Lines at one pitch
  // are a cell's lines wrapped down from the row over them (LaTeX sets its cells at the top:
  // stringenc's "ASCII encoding," | "8bit characters disabled").
  if (over === undefined || above.y0 - over.y0 - (s.y0 - above.y0) < WRAP_PADDING_PT_MIN) return false;
  const placed = placeInColumns(above.cells, left, right);
  if (placed === null || placed.includes(0)) return false;
  for (let k = 0; k < placed.length; k++) {
    const c = placed[k];
    const piece = above.cells[k];
    const under = s.cells[c];
    if (under === undefined || under.items.length === 0) return false;
    const a = piece.items[piece.items.length - 1].span;
    const b = under.items[0].span;
    if (a.monospace || b.monospace || a.bold !== b.bold || a.italic !== b.italic || Math.abs(a.size - b.size) > BODY_LABEL_SIZE_PT) return false;
    const text = pieceText(piece).trimEnd();
    // Right to left, a line wraps leftwards: its right edge tells nothing of the wrap.
    if (CELL_TEXT_ENDS.test(text) || hasRtl(text)) return false;
    // The cell ends a word space before the next column's text (Calc pads its cells).
    const edge = c + 1 < left.length ? left[c + 1] - WORD_SPACE_EMS * a.size : right[c];
    const space = /\s$/.test(a.text) ? 0 : WORD_SPACE_EMS * a.size;
    if (piece.x1 + space + firstWordWidthOf(b) <= edge) return false;
  }
  return true;
}

/**
 * Whether the line over slice `k` (taken over the run as a header line) is a row of the body
 * already: a cell in every column, in the face of the run's first row `s`. Only then is slice
 * `k`, over `s`, a body row's wrapped first lines rather than a head over the body (booktabs'
 * "Item" centred over "Animal" and "Description", the header lines of tabula-us-020).
 */
function bodyRowOver(slices: readonly Slice[], k: number, s: Slice, columns: number): boolean {
  const over = slices[k - 1];
  if (k < 1 || over === undefined || over.cells.length !== columns) return false;
  const a = over.cells[0].items[0]?.span;
  const b = s.cells[0].items[0]?.span;
  return a !== undefined && b !== undefined && a.bold === b.bold && a.italic === b.italic && Math.abs(a.size - b.size) <= BODY_LABEL_SIZE_PT;
}

/** A row's wrapped first lines stand at least this many points nearer its own line than the
 *  row over them (Calc's cell padding: 1.5 pt at 10 pt). */
const WRAP_PADDING_PT_MIN = 0.5;

/** The width of a span's first word, by its characters' share of the span. */
function firstWordWidthOf(span: Span): number {
  const text = span.text;
  let start = 0;
  while (start < text.length && isSpaceCode(text.charCodeAt(start))) start++;
  let end = start;
  while (end < text.length && !isSpaceCode(text.charCodeAt(end))) end++;
  return text.length === 0 ? 0 : ((span.x1 - span.x0) * (end - start)) / text.length;
}

/** A wrapped label's lines are set at most this share of the rows' pitch apart: at it, in a
 *  sheet whose rows are one line tall, give or take the rounding of their positions. */
const WRAPPED_LABEL_PITCH_RATIO = 1.05;
/** A row's figures centred on its two-line label stand this share of a line above the
 *  label's last line at least. */
const CENTRED_FIGURES_LINE_SHARE_MIN = 0.25;

/**
 * Whether the partial row `s`, one piece, is the first line of the full row `next`'s label,
 * whose other cells are set centred on the label's two lines: each stands between the two
 * lines' middles, CENTRED_FIGURES_LINE_SHARE_MIN of a line or more above the second's. A
 * browser centres a table's cells in their rows, so an invoice's "VAT 0% (reverse" | "charge)"
 * has its "0.00" half a line under the first line; read as the row above's wrapped line, the
 * label had been cut in two.
 */
function figuresCentredUnder(s: Slice, next: Slice): boolean {
  if (s.cells.length !== 1 || !next.full || next.row !== s.row + 1 || next.cells.length < 2) return false;
  const label = next.cells[0];
  const height = label.y1 - label.y0;
  const labelMid = (label.y0 + label.y1) / 2;
  const firstMid = (s.cells[0].y0 + s.cells[0].y1) / 2;
  for (let k = 1; k < next.cells.length; k++) {
    const mid = (next.cells[k].y0 + next.cells[k].y1) / 2;
    if (!(mid > firstMid && mid <= labelMid - CENTRED_FIGURES_LINE_SHARE_MIN * height)) return false;
  }
  return true;
}

/** A wrapped label goes on in a word of small letters (not a variable: mathtools' "c = c"
 *  over "d = d"). */
const LOWER_WORD_START = /^\s*\p{Ll}\p{Ll}/u;

function allIncluded(values: readonly number[], among: readonly number[]): boolean {
  for (const v of values) if (!among.includes(v)) return false;
  return true;
}
/** A wrapped cell's line goes on in a small letter ... */
const LOWER_START = /^\s*\p{Ll}/u;
/** ... under text that ends no sentence. */
const CELL_TEXT_ENDS = /[.!?:;]$/;

/** Whether a stroked rectangle holds some cells of a row but not the others: the columns
 *  are boxes of a diagram (class boxes side by side), not columns of one table. `centres`:
 *  the rows' cells by their centres (cell_centres.ts), shared with splitByPanel. */
function splitByFrames(rows: TextRow[], frames: Box[], centres: CellCentres): boolean {
  if (frames.length === 0) return false;
  const y0 = rows[0].y0;
  const y1 = rows[rows.length - 1].y1;
  for (const f of frames) if (f.y1 > y0 && f.y0 < y1 && centres.splitsARow(f)) return true;
  return false;
}

/** A cell's line wraps when it has this many words at least ... */
const WRAPPED_WORDS_MIN = 4;
/** ... and ends within this many ems of its column's right edge. */
const WRAPPED_EDGE_EMS = 2;
/** Cells of one row share a baseline: their boxes' bottoms lie this many points apart at most
 *  (a 9 pt label beside an 8 pt value differ by a fifth of a point). */
const BASELINE_SLACK_PT = 1.5;
/** Two flows side by side show themselves this many times in a run. */
const FLOWS_BESIDE_MIN = 2;

/**
 * Whether one column's text runs on from row to row as prose while the row it runs on into
 * holds cells on other baselines: two flows at their own leading side by side (a
 * documentation site's menu, "Agents" | "Pipelines" | "Dead letters", beside its text; a
 * paper's column of prose beside a table in the other column), not a table, whose row starts
 * its cells on one line.
 */
function proseBesideItems(full: Slice[]): boolean {
  const k = full[0].cells.length;
  const rights = new Array<number>(k).fill(-Infinity);
  for (const row of full) for (let c = 0; c < k; c++) rights[c] = Math.max(rights[c], row.cells[c].x1);
  let seen = 0;
  for (let r = 0; r + 1 < full.length; r++) {
    const above = full[r];
    const below = full[r + 1];
    if (below.row !== above.row + 1 || !apartBaselines(below)) continue;
    let wrapping = false;
    for (let c = 0; c < k && !wrapping; c++) wrapping = wrapsInto(above, below, rights[c], c);
    if (wrapping && ++seen >= FLOWS_BESIDE_MIN) return true;
  }
  return false;
}

/** Whether column `c`'s cell in `above` wraps (many words, ending near the column's right
 *  edge `right`, ending no sentence) into `below`'s cell, which goes on in a small letter. */
function wrapsInto(above: Slice, below: Slice, right: number, c: number): boolean {
  const text = pieceText(above.cells[c]);
  return right - above.cells[c].x1 <= WRAPPED_EDGE_EMS * above.em && text.split(/\s+/).length >= WRAPPED_WORDS_MIN && !CELL_TEXT_ENDS.test(text.trimEnd()) && LOWER_START.test(pieceText(below.cells[c]));
}

/** Whether the row's cells stand on different baselines: two of them whose boxes' bottoms lie
 *  apart, one box not holding the other. A box that holds the other's is a taller font's on
 *  the same baseline: pdftex-a's keywords in Latin Modern Mono, boxed 9.7 pt tall, beside
 *  their meanings in TeX Gyre Pagella, boxed 5.2 pt tall from the baseline up. */
function apartBaselines(row: TextRow): boolean {
  const cells = row.cells;
  for (let a = 0; a < cells.length; a++) {
    for (let b = a + 1; b < cells.length; b++) {
      if (Math.abs(cells[a].y1 - cells[b].y1) > BASELINE_SLACK_PT && !holdsVertically(cells[a], cells[b]) && !holdsVertically(cells[b], cells[a])) return true;
    }
  }
  return false;
}

/** Whether `outer`'s box spans `inner`'s from top to bottom. */
function holdsVertically(outer: Piece, inner: Piece): boolean {
  return outer.y0 <= inner.y0 && outer.y1 >= inner.y1;
}

/** A shaded panel holds at least this many rows of text above or below the run. */
const PANEL_ROWS_OUTSIDE_MIN = 3;

/**
 * Whether a shaded panel holds some cells of a row but not the others, and more text of its
 * own above or below the run: a sidebar (a CV's contact details and skills on a grey band
 * beside its experience, a textbook's box beside the text), so the run's columns are the
 * page's columns. A table whose label column is shaded holds no more than its header there.
 */
function splitByPanel(run: Slice[], rows: PageRows, fills: Box[], centres: CellCentres): boolean {
  if (fills.length === 0) return false;
  const first = run[0].row;
  const last = run[run.length - 1].row;
  for (const f of fills) {
    if (f.y1 <= run[0].y0 || f.y0 >= run[run.length - 1].y1 || !centres.splitsARow(f)) continue;
    let outside = 0;
    for (let j = 0; j < rows.length && outside < PANEL_ROWS_OUTSIDE_MIN; j++) {
      if (j >= first && j <= last) continue;
      if (anyCentreInside(rows.lines(j), f)) outside++;
    }
    if (outside >= PANEL_ROWS_OUTSIDE_MIN) return true;
  }
  return false;
}

function anyCentreInside(lines: readonly Line[], box: Box): boolean {
  for (const line of lines) if (centreInside(line, box)) return true;
  return false;
}

/** A table going on in the page's next column holds at least this many rows of two cells or
 *  more there. */
const NEXT_COLUMN_ROWS_MIN = 2;
/** ... each of its pieces starting within this many points of where the table's cells start,
 *  shifted by one distance. */
const NEXT_COLUMN_ALIGN_PT = 1;

/** The rows nextColumnRows found, and their columns. A class, one instance held
 *  (held_shapes.ts): the A/B pages meet one such block a pass, and as an object literal its
 *  second, in the third pass, threw away detectAligned's optimised code. */
class NextColumnRows {
  constructor(
    readonly slices: Slice[],
    readonly columns: Column[],
  ) {}
}
holdShape(new NextColumnRows([], []));

/**
 * The rows of a table that goes on in the page's next column, beside its rows (multicols
 * sets hyph-utf8's language table down the left column and its last entries, "Farsi" over
 * "fa | farsi | persian", atop the right one): every piece right of the table on its rows,
 * none taken, starts where one of the table's cells starts (within NEXT_COLUMN_ALIGN_PT),
 * all shifted by the one distance from the table's leftmost cell to the block's leftmost
 * piece, and at least NEXT_COLUMN_ROWS_MIN of those rows hold two pieces or more. They are a
 * table of their own, in the table's columns shifted by that distance; read one after the
 * other as paragraphs, their cells had been a paragraph each. Null when there is none.
 */
function nextColumnRows(rows: PageRows, slices: readonly Slice[], columns: readonly Column[], used: Set<Piece>): NextColumnRows | null {
  const inTable = new Set<Piece>();
  const starts: number[] = [];
  let tableRight = -Infinity;
  for (let s = 0; s < slices.length; s++) {
    const cells = slices[s].cells;
    for (let c = 0; c < cells.length; c++) {
      const p = cells[c];
      inTable.add(p);
      starts.push(p.x0);
      tableRight = Math.max(tableRight, p.x1);
    }
  }
  const tableLeft = Math.min(...starts);
  const lastStart = Math.max(...starts);
  const block: { row: number; pieces: Piece[] }[] = [];
  let blockLeft = Infinity;
  for (let j = slices[0].row; j <= slices[slices.length - 1].row; j++) {
    const pieces: Piece[] = [];
    const cells = rows.at(j).cells;
    for (let c = 0; c < cells.length; c++) {
      const p = cells[c];
      if (inTable.has(p) || p.x0 <= lastStart) continue;
      if (used.has(p)) return null;
      pieces.push(p);
      blockLeft = Math.min(blockLeft, p.x0);
    }
    if (pieces.length > 0) block.push({ row: j, pieces });
  }
  let wide = 0;
  for (const b of block) if (b.pieces.length >= 2) wide++;
  if (wide < NEXT_COLUMN_ROWS_MIN) return null;
  const shift = blockLeft - tableLeft;
  for (const b of block) {
    for (const p of b.pieces) if (!starts.some((x) => Math.abs(p.x0 - shift - x) <= NEXT_COLUMN_ALIGN_PT)) return null;
  }
  // Made by push, not map, as edgesOf's: alignedTable and the table's readers take them.
  const shifted: Column[] = [];
  for (const c of columns) shifted.push({ x0: c.x0 + shift, x1: c.x1 + shift });
  const blockSlices: Slice[] = [];
  for (const b of block) blockSlices.push(sliceOf(rows.at(b.row), b.row, b.pieces, b.pieces.length === columns.length));
  return new NextColumnRows(blockSlices, shifted);
}

/** A section band's title is set at least this many times the size of the table's rows. */
const SECTION_BAND_SIZE_RATIO = 1.1;
/** A band reaches within this many points of the table's edges on both sides. */
const SECTION_BAND_REACH_PT = 2;
/** The rows between two section bands (or a band and the run's end) stay a table from this
 *  many rows; a lone row is left to read as text. */
const SECTION_PART_ROWS_MIN = 2;

/**
 * The run cut at its section bands: a row of one piece, set larger than the table's rows, on
 * a shaded band of its own that runs across the whole table (a CV's "Awards" band between
 * "Experience2 | Time Period" and "Award1 | Time", like the page's other section bands). That
 * is the page's heading, not a row of the table, and it is left out; the rows on either side
 * are the tables. A group's label row shaded inside a table (colortbl) is set at the rows' size.
 */
function cutAtSectionBands(slices: Slice[], fills: readonly Box[]): Slice[][] {
  if (fills.length === 0) return [slices];
  let x0 = Infinity;
  let x1 = -Infinity;
  const sizes: number[] = [];
  for (const s of slices) {
    for (const piece of s.cells) (x0 = Math.min(x0, piece.x0)), (x1 = Math.max(x1, piece.x1));
    if (s.full) sizes.push(s.em);
  }
  const body = median(sizes);
  const parts: Slice[][] = [[]];
  for (const s of slices) {
    if (isSectionBand(s, slices, fills, body, x0, x1)) parts.push([]);
    else parts[parts.length - 1].push(s);
  }
  return parts;
}

function isSectionBand(s: Slice, slices: readonly Slice[], fills: readonly Box[], bodyEm: number, x0: number, x1: number): boolean {
  if (s.full || s.cells.length !== 1 || s.em < SECTION_BAND_SIZE_RATIO * bodyEm) return false;
  const piece = s.cells[0];
  for (const f of fills) {
    if (f.x0 > x0 + SECTION_BAND_REACH_PT || f.x1 < x1 - SECTION_BAND_REACH_PT || !centreInside(piece, f)) continue;
    let others = 0;
    for (const o of slices) if (o !== s && o.y1 > f.y0 && o.y0 < f.y1) others++;
    if (others === 0) return true;
  }
  return false;
}

/** A column the first rows leave empty sits at most this many times the table's widest
 *  gutter right of its last column. */
const LATE_COLUMN_GAP_RATIO = 1.5;

/**
 * A column right of the table that its first rows (or its last) leave empty: memman's
 * copyfitting table fills its "40" column from the row "120" down, so the run, its columns
 * drawn by its first rows, had left that column's values to paragraphs under the table. The
 * pieces right of the last column join the table as a column when at least ALIGNED_ROWS_MIN
 * body rows hold one, in one block reaching the run's first or last row, all short, sharing
 * an x (a column's alignment), as near as the table's own gutters, and no text beside the
 * rows just above and below the table goes on there (a neighbouring text column would).
 * Adds the column and its pieces in place; false when there is none.
 */
/** The first piece starting at x or right of it that no column has taken (a loop: a closure
 *  made per call loses its optimised code at each full garbage collection). */
function firstUnusedFrom(cells: readonly Piece[], x: number, used: Set<Piece>): Piece | undefined {
  for (const p of cells) if (p.x0 >= x && !used.has(p)) return p;
  return undefined;
}

/** A late column's cell holds at most this many words when it runs to a line's length
 *  ("usenglish, USenglish, american"): a line of running text holds more. */
const LATE_CELL_WORDS_MAX = 3;

function isShortCell(text: string): boolean {
  return text.length < NEIGHBOUR_TEXT_CHARS_MIN || text.split(/\s+/).length <= LATE_CELL_WORDS_MAX;
}

/** Whether a page row between the table's rows, not one of them, holds text right of the
 *  table reaching the pieces' column: a text column beside the table, at its own leading. */
function textBetweenRows(rows: PageRows, slices: readonly Slice[], right: number, pieces: readonly Piece[]): boolean {
  const inRun = new Set<number>();
  for (const s of slices) inRun.add(s.row);
  let x1 = -Infinity;
  for (const p of pieces) x1 = Math.max(x1, p.x1);
  for (let j = slices[0].row + 1; j < slices[slices.length - 1].row; j++) {
    if (inRun.has(j)) continue;
    for (const p of rows.at(j).cells) if (p.x1 > right && p.x0 < x1) return true;
  }
  return false;
}

/** Whether the pieces start at one x (within CELL_END_TOLERANCE_PT): a column set flush left,
 *  which may leave rows empty (hyph-utf8's language table: a name's aliases, in three rows of
 *  thirty). */
function flushLeft(pieces: readonly Piece[]): boolean {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of pieces) (lo = Math.min(lo, p.x0)), (hi = Math.max(hi, p.x0));
  return hi - lo <= CELL_END_TOLERANCE_PT;
}

function addLateColumn(rows: PageRows, slices: Slice[], bodyStart: number, columns: Column[], used: Set<Piece>): boolean {
  const k = columns.length;
  const right = columns[k - 1].x1;
  let widestGap = 0;
  for (let c = 1; c < k; c++) widestGap = Math.max(widestGap, columns[c].x0 - columns[c - 1].x1);
  const candidates: (Piece | null)[] = [];
  // Pieces within reach too long for a cell: a text column beside the table.
  let long = 0;
  for (const s of slices) {
    const gutter = GUTTER_EM_MIN * s.em;
    // A note cut from the row's last figure starts a word space on, nearer than a gutter.
    const from = endsAtFigureCut(s.cells[s.cells.length - 1], rows.cellEnds) ? right : right + gutter;
    const piece = firstUnusedFrom(rows.at(s.row).cells, from, used);
    if (piece === undefined || piece.x0 > right + Math.max(gutter, LATE_COLUMN_GAP_RATIO * widestGap)) candidates.push(null);
    // A note is its row's cell however long (note_columns.ts).
    else if (isShortCell(pieceText(piece)) || from === right) candidates.push(piece);
    else (candidates.push(null), long++);
  }
  // The body rows holding one: one block (partial rows inside it may lack one) from the
  // run's first row or to its last.
  const holding = [];
  for (let i = bodyStart; i < slices.length; i++) if (candidates[i] !== null) holding.push(i);
  const pieces = candidates.filter((p): p is Piece => p !== null);
  // Notes cut from their rows' figures are the rows' cells however few, wherever they lie
  // (note_columns.ts): left out, a taken row's note would be lost.
  // The header lines' pieces there are the column's heads ("Notes", centred over it).
  const body = candidates.slice(bodyStart);
  const notes = allNotesAfterFigures(body, slices.slice(bodyStart).map((s) => s.cells[s.cells.length - 1]), rows.cellEnds) && flushLeft(body.filter((p): p is Piece => p !== null));
  if (!notes && holding.length < ALIGNED_ROWS_MIN) return false;
  if (holding.length === 0) return false;
  const first = holding[0];
  const last = holding[holding.length - 1];
  if (!notes && first !== bodyStart && last !== slices.length - 1) return false;
  let gaps = false;
  for (let i = first; i <= last; i++) if (candidates[i] === null && slices[i].full) gaps = true;
  if (!notes && gaps && !(flushLeft(pieces) && long === 0 && !textBetweenRows(rows, slices, right, pieces))) return false;
  let x0 = -Infinity;
  let x1 = Infinity;
  for (const p of pieces) (x0 = Math.max(x0, p.x0)), (x1 = Math.min(x1, p.x1));
  if (x0 >= x1) return false;
  const column = { x0: Math.min(...pieces.map((p) => p.x0)), x1: Math.max(...pieces.map((p) => p.x1)) };
  const beside = (row: number, by: Slice) => {
    if (row < 0 || row >= rows.length) return false;
    const r = rows.at(row);
    if (!near(r.y0 < by.y0 ? r : by, r.y0 < by.y0 ? by : r)) return false;
    return r.cells.some((p) => p.x0 > right && p.x0 < column.x1 && p.x1 > column.x0);
  };
  if (beside(slices[0].row - 1, slices[0]) || beside(slices[slices.length - 1].row + 1, slices[slices.length - 1])) return false;
  // A notes column's head left between the header's slices (note_columns.ts headOverNotes).
  if (notes && bodyStart > 0 && candidates.slice(0, bodyStart).every((p) => p === null)) {
    const head = headOverNotes(rows, slices[0].row, slices[bodyStart].row, right, column, used);
    if (head !== null) (candidates[0] = head), (column.x0 = Math.min(column.x0, head.x0)), (column.x1 = Math.max(column.x1, head.x1));
  }
  columns.push(column);
  slices.forEach((s, i) => {
    const p = candidates[i];
    if (p !== null) s.cells.push(p);
  });
  return true;
}

/** Cells end at one x when their right edges lie this many points apart at most. */
const CELL_END_TOLERANCE_PT = 1;
/** A column is cut where this many of its cells end, at least. */
const CELL_ENDS_MIN = 2;

/**
 * Cuts a column in two where some of its cells end at one x, all saying one thing, and every
 * other cell says that thing too, then changes style there and goes on after a space:
 * form-sleep-study's "**no**" (five rows) and "**no** what?____" (three rows) are an answer
 * and a field of its own, which the run's first row, set one space apart, had made one
 * column. The slices' pieces are cut and the columns grow by one, in place.
 */
function splitColumnsAtCellEnds(slices: Slice[], columns: Column[]): void {
  for (let c = 0; c < columns.length; c++) {
    const cells = fullSliceCells(slices, c);
    const edge = commonEnd(cells);
    if (edge === null) continue;
    // The cells that end there all say one thing (an answer: "no"), and the others say it
    // before the cut: a column of options of one width ("-M", "-E", "-O number") is no such.
    const ending = cellsEndingAt(cells, edge);
    const answer = itemsText(ending[0].items);
    if (!ending.every((piece) => itemsText(piece.items) === answer)) continue;
    const cut = (piece: Piece) =>
      piece.items.findIndex(
        (item, i) =>
          i > 0 &&
          Math.abs(piece.items[i - 1].span.x1 - edge) <= CELL_END_TOLERANCE_PT &&
          item.span.x0 > edge &&
          styleChanges(piece.items[i - 1].span, item.span) &&
          itemsText(piece.items.slice(0, i)) === answer,
      );
    if (!cells.every((piece) => ending.includes(piece) || cut(piece) > 0)) continue;
    for (const s of slices) {
      if (!s.full && s.cells.length !== columns.length) continue;
      for (let k = 0; k < s.cells.length; k++) {
        const piece = s.cells[k];
        const at = piece.x0 < edge && piece.x1 > edge + CELL_END_TOLERANCE_PT ? cut(piece) : -1;
        if (at <= 0) continue;
        s.cells.splice(k, 1, pieceOfItems(piece.items.slice(0, at)), pieceOfItems(piece.items.slice(at)));
        break;
      }
    }
    const right = columns[c].x1;
    columns.splice(c, 1, { x0: columns[c].x0, x1: edge }, { x0: edge + CELL_END_TOLERANCE_PT, x1: right });
    // Rows whose cell ended at the edge now lack the new column's: they are partial rows.
    for (const s of slices) if (s.full && s.cells.length < columns.length) s.full = false;
  }
}

/**
 * A column under two header cells, where every full row's cell has a word space under the
 * second one's start, is two columns the producer set a space apart: a Writer table's
 * right-aligned "Change" figures and its "Comment" column ("+8.2% Strong e-commerce volumes;
 * …", one span to MuPDF, row after row). Each such cell is cut at that space; the column's
 * wrapped lines, which start under the second header cell, fall in the new column.
 */
function splitColumnsAtHeaderStarts(rows: PageRows, run: Slice[], columns: Column[], used: Set<Piece>): void {
  if (run[0].row === 0) return;
  const { alignment } = columnReadings(run, columns.length);
  const above = rows.at(run[0].row - 1);
  const em = rows.at(run[0].row).em;
  // Over a padded table the header stands a row's padding above it, as growUp takes it.
  if (!near(above, run[0]) && !atBodyPitch(above, run)) return;
  const header = windowed(above.cells, columns[0].x0, columns[columns.length - 1].x1, GUTTER_EM_MIN * em, used);
  if (header === null) return;
  for (let c = columns.length - 1; c >= 0; c--) {
    const { x0, x1 } = columns[c];
    let over = header.filter((p) => p.x1 > x0 && p.x0 < x1 && (c === 0 || p.x0 > columns[c - 1].x1));
    if (over.length === 1 && c > 0) {
      const gutterHead = headFlushLeftBefore(header, columns, c, alignment);
      if (gutterHead !== null) over = [gutterHead, over[0]];
    }
    if (over.length !== 2 || over[1].x0 <= x0 + HEADER_START_MIN_EMS * em) continue;
    const at = over[1].x0;
    const agreed = agreedCutOffset(run.filter(isFullSlice).map((s) => s.cells[c]), at, em);
    // Figures set flush right under a header set so (a statement's "Balance") start left of
    // the header cell where they are wider: their cut keeps where they start.
    const flushRight = Math.abs(over[1].x1 - x1) <= CELL_END_TOLERANCE_PT && run.every((s) => !s.full || Math.abs(s.cells[c].x1 - x1) <= CELL_END_TOLERANCE_PT);
    const cuts = run.map((s) => (s.full ? cutAtStart(s.cells[c], at, em, agreed, flushRight) : null));
    if (run.some((s, r) => s.full && cuts[r] === null)) continue;
    // One text before the cut in every row is a phrase the cells share ("(Opción estándar) …"),
    // not a column of their own.
    if (new Set(cuts.flatMap((parts) => (parts === null ? [] : [pieceText(parts[0])]))).size === 1) continue;
    // Every other line of the column lies on one side (a wrapped comment starts under it), or
    // is a row's piece cut there as the full rows' are (a statement's last row, whose amount
    // and balance stand apart as two lines: "2026-11-28 Card purchase, Systembolaget").
    const straddling = run.map((s) => (s.full ? -1 : s.cells.findIndex((p) => p.x0 < at - HEADER_START_TOLERANCE_PT && p.x1 > at + HEADER_START_TOLERANCE_PT && p.x0 < x1 && p.x1 > x0)));
    const partialCuts = run.map((s, r) => (straddling[r] < 0 ? null : cutAtStart(s.cells[straddling[r]], at, em, agreed, flushRight)));
    if (run.some((_, r) => straddling[r] >= 0 && partialCuts[r] === null)) continue;
    let headRight = x0;
    run.forEach((s, r) => {
      const k = s.full ? c : straddling[r];
      const parts = s.full ? cuts[r] : partialCuts[r];
      if (parts === null || k < 0) return;
      // The piece cut is the table's: a later run must not read its row again.
      used.add(s.cells[k]);
      s.cells.splice(k, 1, ...parts);
      headRight = Math.max(headRight, parts[0].x1);
    });
    columns.splice(c, 1, { x0, x1: headRight }, { x0: at, x1 });
  }
}
/**
 * The header piece set flush left in the gap before column `c`, a column not of text set flush
 * left (figures set flush right, maybe with the next cell's text run into them), after the
 * column before it ends: Calc's "Year" left in its cell over "5257" right in it. Null when
 * there is none, or more than one.
 */
function headFlushLeftBefore(header: readonly Piece[], columns: readonly Column[], c: number, alignment: readonly Alignment[]): Piece | null {
  if (alignment[c] === "text") return null;
  const inGap = header.filter((p) => p.x0 > columns[c - 1].x1 && p.x1 <= columns[c].x0);
  return inGap.length === 1 ? inGap[0] : null;
}

/** The second header cell starts this many ems into the column, at least. */
const HEADER_START_MIN_EMS = 1;
/** A line of the column starts under the second header cell within this many points. */
const HEADER_START_TOLERANCE_PT = 1;
/** The cut's interpolated place lies within this many ems of the header cell's start (twice
 *  that for the next word's start). */
const HEADER_CUT_EMS_MAX = 0.6;
const WORD_CHAR = /\p{L}|\p{N}/u;
/** A word space, in ems: a cell's ink ends at least this far before the next cell starts. */
const WORD_SPACE_EMS = 0.25;

/** A cell cut in two at the word space under x: at a span starting there after a space, or
 *  inside a span, where the interpolated cut lands near x with words on both sides. `agreed`:
 *  the cut's offset into the cell's text that most of the column's cells can take.
 *  `flushRight`: the part after the cut is set flush right, and may start left of x. */
function cutAtStart(piece: Piece, x: number, em: number, agreed = -1, flushRight = false): [Piece, Piece] | null {
  const items = piece.items;
  let before = 0;
  for (let i = 0; i < items.length; i++) {
    const { span, line } = items[i];
    // At a span starting there after a space, or after another line's text (a row's amount
    // and balance set as two lines: "−4,271.95" | "9,871.25").
    if (i > 0 && Math.abs(span.x0 - x) <= HEADER_START_TOLERANCE_PT && (/\s$/.test(items[i - 1].span.text) || items[i - 1].line !== line)) {
      const head = pieceOfItems(items.slice(0, i));
      head.x1 = Math.max(head.x0, Math.min(head.x1, inkRight(items[i - 1].span, items[i - 1].line)));
      return [head, pieceOfItems(items.slice(i))];
    }
    if (span.x0 >= x || span.x1 <= x) {
      before += span.text.length;
      continue;
    }
    const spaces = spacesNear(span, x, em);
    // The space the column's other cells agree on: interpolation puts a word wider than the
    // span's average (a date's digits) short of where it ends ("2026-11-19 SJ train
    // tickets", whose space after "SJ" looks as near x as the one after the date).
    const space = spaces.includes(agreed - before) ? agreed - before : spaces.length > 0 ? spaces[spaces.length - 1] : -1;
    if (space < 0 || !nextWordNear(span, space, x, em)) return null;
    const pitch = (span.x1 - span.x0) / span.text.length;
    const parts = cutSpan(span, span.x0 + space * pitch);
    if (parts === null || !WORD_CHAR.test(parts[0].text) || !WORD_CHAR.test(parts[1].text)) return null;
    const head = pieceOfItems([...items.slice(0, i), { span: parts[0], line }]);
    // The head's ink ends a word space before the next cell starts at x: an interpolated end
    // at x would reach the column that cell starts, and the header cell over it would lie
    // over both columns.
    head.x1 = Math.max(head.x0, Math.min(head.x1, inkRight(parts[0], line), x - WORD_SPACE_EMS * em));
    // The part after the cut starts at x, where interpolation may put it a little short; a
    // part set flush right starts where interpolation puts it, a word space after the head.
    const tailStart = flushRight ? Math.max(parts[1].x0, head.x1 + WORD_SPACE_EMS * em) : Math.max(parts[1].x0, x);
    return [head, pieceOfItems([{ span: spanPiece(parts[1], parts[1].text, Math.min(tailStart, parts[1].x1), parts[1].x1), line }, ...items.slice(i + 1)])];
  }
  return null;
}

/** The word spaces of a span across x a cut may take, ascending: character positions are
 *  interpolated, so each space that falls left of x, within slack ("−1.8% One contract
 *  lost.": the space after "One" lies nearer x, but the words before it would reach past it). */
function spacesNear(span: Span, x: number, em: number): number[] {
  const pitch = (span.x1 - span.x0) / span.text.length;
  const out: number[] = [];
  for (let k = 1; k < span.text.length - 1; k++) if (span.text[k] === " " && span.text[k - 1] !== " " && span.x0 + k * pitch <= x + HEADER_CUT_EMS_MAX * em) out.push(k);
  return out;
}

/** Whether the word after the span's space at `k` starts within twice the slack of x. */
function nextWordNear(span: Span, k: number, x: number, em: number): boolean {
  const pitch = (span.x1 - span.x0) / span.text.length;
  return Math.abs(span.x0 + (k + 1) * pitch - x) <= HEADER_CUT_EMS_MAX * em * 2;
}

/** A cut offset more than this share of a column's cells can take is the column's. */
const AGREED_CUT_SHARE = 0.5;

/** The offset into the cells' text of the cut under x that more than AGREED_CUT_SHARE of the
 *  cells can take (spacesNear, and the next word within slack of x); -1 when none. */
function agreedCutOffset(cells: readonly Piece[], x: number, em: number): number {
  const votes = new Map<number, number>();
  for (const piece of cells) {
    let before = 0;
    for (const { span } of piece.items) {
      if (span.x0 < x && span.x1 > x) {
        for (const k of spacesNear(span, x, em)) if (nextWordNear(span, k, x, em)) votes.set(before + k, (votes.get(before + k) ?? 0) + 1);
        break;
      }
      before += span.text.length;
    }
  }
  for (const [offset, count] of votes) if (count > AGREED_CUT_SHARE * cells.length) return offset;
  return -1;
}

/** The right edge CELL_ENDS_MIN of the cells or more share, left of the widest cell's. */
function commonEnd(cells: readonly Piece[]): number | null {
  const ends: number[] = [];
  for (const cell of cells) ends.push(cell.x1);
  sortInPlace(ends, ascending);
  for (let i = 0; i + CELL_ENDS_MIN - 1 < ends.length; i++) {
    if (ends[i + CELL_ENDS_MIN - 1] - ends[i] <= CELL_END_TOLERANCE_PT && ends[ends.length - 1] > ends[i] + CELL_END_TOLERANCE_PT) return ends[i + CELL_ENDS_MIN - 1];
  }
  return null;
}

function itemsText(items: Piece["items"]): string {
  // Joined here, not by map and join (as cellText, render/table.ts).
  let text = "";
  for (const item of items) text += itemSpanText(item);
  return text.trim();
}

function styleChanges(a: Span, b: Span): boolean {
  return a.bold !== b.bold || a.italic !== b.italic || a.monospace !== b.monospace || Math.abs(a.size - b.size) >= 0.5;
}

function columnsOf(full: Slice[]): Column[] {
  const k = full[0].cells.length;
  const columns: Column[] = [];
  for (let c = 0; c < k; c++) {
    let x0 = Infinity;
    let x1 = -Infinity;
    for (const s of full) {
      x0 = Math.min(x0, s.cells[c].x0);
      x1 = Math.max(x1, s.cells[c].x1);
    }
    columns.push({ x0, x1 });
  }
  return columns;
}

function near(above: TextRow, below: TextRow): boolean {
  return below.y0 - above.y1 <= ROW_GAP_LINE_HEIGHTS_MAX * (above.y1 - above.y0);
}

/** Rows of a padded table: further apart than near allows, up to the padded limit. */
function nearPadded(above: TextRow, below: TextRow): boolean {
  const gap = below.y0 - above.y1;
  const height = above.y1 - above.y0;
  return gap > ROW_GAP_LINE_HEIGHTS_MAX * height && gap <= PADDED_ROW_GAP_LINE_HEIGHTS_MAX * height;
}

/** Whether the gaps between a padded run's rows agree within PADDED_GAP_SPREAD_MAX. */
function atOnePitch(run: Slice[]): boolean {
  const gaps = run.slice(1).map((s, r) => s.y0 - run[r].y1);
  return Math.max(...gaps) <= PADDED_GAP_SPREAD_MAX * Math.min(...gaps);
}

/** A contents page's chapter entries, set at one pitch as padded rows are: a title and its
 *  page number. */
function isContents(run: Slice[]): boolean {
  return run[0].cells.length === 2 && pageNumbersNeverGoDown(run.map((s) => pieceText(s.cells[1])));
}

/** A table of two rows has this many columns at least ... */
const TWO_ROW_COLUMNS_MIN = 3;
/** ... each column's two cells starting within this many ems of each other ... */
const TWO_ROW_ALIGN_EMS = 0.5;
/** ... each cell of a few words, the last column's a few more ... */
const TWO_ROW_CELL_WORDS_MAX = 4;
const TWO_ROW_LAST_CELL_WORDS_MAX = 8;
/** ... and the rows one under the other, at most this many line heights apart. */
const TWO_ROW_GAP_LINE_HEIGHTS_MAX = 1;

/**
 * A run of two full rows, too short for runLooksTabular's agreement of rows, that is a table
 * by its shape alone: three columns or more, each column's cells flush left together, every
 * cell a few words in the text face, the rows one under the other. R's reference manual
 * describes a data set of two variables so ("[,1] carb numeric Carbohydrate (ml)" over "[,2]
 * optden numeric Optical Density"), and each cell had been a paragraph of its own. Author
 * blocks (names centred over affiliations) are not flush left; code is in the code face.
 */
function isTwoRowGrid(run: Slice[]): boolean {
  if (run.length !== 2 || !run[0].full || !run[1].full) return false;
  const [top, bottom] = run;
  const k = top.cells.length;
  if (k < TWO_ROW_COLUMNS_MIN || bottom.cells.length !== k) return false;
  const em = Math.max(top.em, bottom.em);
  if (bottom.y0 - top.y1 > TWO_ROW_GAP_LINE_HEIGHTS_MAX * (top.y1 - top.y0)) return false;
  for (let c = 0; c < k; c++) {
    if (Math.abs(top.cells[c].x0 - bottom.cells[c].x0) > TWO_ROW_ALIGN_EMS * em) return false;
    const wordsMax = c === k - 1 ? TWO_ROW_LAST_CELL_WORDS_MAX : TWO_ROW_CELL_WORDS_MAX;
    for (const cell of [top.cells[c], bottom.cells[c]]) {
      const text = pieceText(cell);
      if (text.split(WORD_SPACE).length > wordsMax || !TWO_ROW_CELL.test(text) || LEADER_DOTS.test(text)) return false;
      if (c === 0 && TWO_ROW_MARKER.test(text)) return false;
      for (const { span } of cell.items) if (span.monospace) return false;
    }
  }
  // A contents or an index: a title, then its page number. And a row of bare numbers (years
  // over amounts) names nothing: two rows of figures are no table by their shape alone.
  if (NUMBER_ONLY.test(pieceText(top.cells[k - 1])) && NUMBER_ONLY.test(pieceText(bottom.cells[k - 1]))) return false;
  return !top.cells.every(isNumberOnly) && !bottom.cells.every(isNumberOnly);
}
const isNumberOnly = (cell: Piece): boolean => NUMBER_ONLY.test(pieceText(cell));
const WORD_SPACE = /\s+/;

/** A box this many ems wide at most, just left of a cell, is a check box to tick ... */
const CHOICE_BOX_EMS_MAX = 1.5;

/** ... and with one before a cell, the pieces are a form's choices set in columns (an exam's
 *  answers), no table. */
function boxedChoices(run: readonly Slice[], rulings: Rulings): boolean {
  for (const row of run) {
    const reach = CHOICE_BOX_EMS_MAX * row.em;
    for (const cell of row.cells) {
      // A box stroked whole, or its right side drawn as a rule of its own.
      for (const f of rulings.frames) {
        if (f.x1 - f.x0 > reach || f.y1 - f.y0 > reach) continue;
        if (f.x1 <= cell.x0 + 1 && f.x1 >= cell.x0 - reach && f.y1 >= row.y0 && f.y0 <= row.y1) return true;
      }
      for (const v of rulings.v) {
        if (v.b - v.a > reach) continue;
        if (v.pos <= cell.x0 && v.pos >= cell.x0 - reach && v.b >= row.y0 && v.a <= row.y1) return true;
      }
    }
  }
  return false;
}
/** A two-row table's cell: words, figures and the punctuation of labels; no code's signs
 *  (backslash, braces, equals, percent, caret, at). */
const TWO_ROW_CELL = /^[^\\{}=%^@]*[\p{L}\p{N}][^\\{}=%^@]*$/u;
/** Leader dots (a contents or an index entry's). */
const LEADER_DOTS = /\.\s?\.\s?\./;
/** A list's marker starting a first cell (bullet lists set in columns). */
const TWO_ROW_MARKER = /^[•◦▪▫‣⁃∙·●○■□►▶➢✓✔–—*+-]/;
/** A cell holding a number alone. */
const NUMBER_ONLY = /^\d{1,4}$/;

function enoughFullRows(run: Slice[] | null): run is Slice[] {
  if (run === null) return false;
  let full = 0;
  let totals = 0;
  let termRows = 0;
  for (let r = 0; r < run.length; r++) {
    const s = run[r];
    if (s.full) full++;
    else if (s.totals) totals++;
    // A term set over its row and the line under it are one row of the table.
    else if (s.termOver) termRows++;
  }
  return full >= ALIGNED_ROWS_MIN && full + termRows >= FULL_ROW_SHARE_MIN * (run.length - totals - termRows);
}

/** A header line over a padded table's first row, no further from it than the body's first
 *  two rows are apart, and a little more. */
function atBodyPitch(header: TextRow, run: Slice[]): boolean {
  if (run.length < 2 || !run[0].full || !run[1].full || !nearPadded(run[0], run[1])) return false;
  return run[0].y0 - header.y1 <= HEADER_GAP_PITCH_SLACK * (run[1].y0 - run[0].y1);
}

// Loops and module-level helpers rather than closures made per call (in the functions
// every page with a candidate table runs): such a closure loses its optimised code at each
// full garbage collection, and was compiled again every few passes.

/** Column c's cell of each full slice. */
function fullSliceCells(slices: readonly Slice[], c: number): Piece[] {
  const cells: Piece[] = [];
  for (const s of slices) if (s.full) cells.push(s.cells[c]);
  return cells;
}

/** The cells whose right edge lies at `edge`. */
function cellsEndingAt(cells: readonly Piece[], edge: number): Piece[] {
  const ending: Piece[] = [];
  for (const piece of cells) if (Math.abs(piece.x1 - edge) <= CELL_END_TOLERANCE_PT) ending.push(piece);
  return ending;
}

/** 0, 1, …, n - 1. */
function identityIndices(n: number): number[] {
  const indices: number[] = [];
  for (let c = 0; c < n; c++) indices.push(c);
  return indices;
}

/** Each span's first column. */
function firstColumns(spans: readonly [number, number][]): number[] {
  const firsts: number[] = [];
  for (const span of spans) firsts.push(span[0]);
  return firsts;
}

function allBelow(values: readonly number[], limit: number): boolean {
  for (const v of values) if (!(v < limit)) return false;
  return true;
}

function nearestColumns(cells: readonly Piece[], left: number[], right: number[]): number[] {
  const at: number[] = [];
  for (const piece of cells) at.push(nearestColumn(piece, left, right));
  return at;
}

/** Appends each piece's lines, in reading order, to the cell `at` places it in. */
function appendPieceLines(cells: TableCell[], at: readonly number[], pieces: readonly Piece[]): void {
  for (let c = 0; c < pieces.length; c++) {
    const cell = cells[at[c]];
    const lines = readingOrder(pieceLines(pieces[c]));
    // Into an empty cell the piece's lines go as they are: pieceLines and readingOrder give a
    // new array each, which no one else holds.
    cell.lines = cell.lines.length === 0 ? lines : [...cell.lines, ...lines];
  }
}

/**
 * Pieces holding the spans, of the lines the slice's pieces start on, that none of its pieces
 * holds, or null (most slices): the rest of a line whose other part is a cell. A run is judged without a long last
 * or first piece of its first row (runFrom: running text beside the table), and a row's
 * pieces outside the columns' window are left out, but the table takes each line whole:
 * aastex's "\\nomJovianPolarRadius | R | = nominal polar radii of Jupiter" lost its
 * description, which stood past the run's columns on the line of its "=".
 */
export function leftoverPieces(cells: readonly Piece[]): Piece[] | null {
  // The lines the slice's pieces start on, in the order they meet them, and how many spans
  // of each its pieces hold.
  const lines: Line[] = [];
  for (const cell of cells) if (cell.items.length > 0 && !lines.includes(cell.items[0].line)) lines.push(cell.items[0].line);
  const held: number[] = [];
  for (const line of lines) {
    let n = 0;
    for (const cell of cells) for (const item of cell.items) if (item.line === line) n++;
    held.push(n);
  }
  let out: Piece[] | null = null;
  let inCells: Set<Span> | null = null;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k];
    let spans = 0;
    for (const span of line.spans) if (!isBlankText(span.text)) spans++;
    // Every span of the line that is not blank is in a piece (most lines).
    if (held[k] >= spans) continue;
    if (inCells === null) {
      inCells = new Set<Span>();
      for (const cell of cells) for (const item of cell.items) inCells.add(item.span);
    }
    const items: Piece["items"] = [];
    for (const span of line.spans) if (!isBlankText(span.text) && !inCells.has(span)) items.push({ span, line });
    if (items.length > 0) (out ??= []).push(pieceOfItems(items));
  }
  return out;
}

function emptyCells(n: number): TableCell[] {
  const cells: TableCell[] = [];
  for (let c = 0; c < n; c++) cells.push({ lines: [] as Line[] });
  return cells;
}

function alignedTable(slices: Slice[], columns: Column[], rulings: Rulings): Table {
  const left = edgesOf(columns, leftEdgeOf);
  const right = edgesOf(columns, rightEdgeOf);
  const firstBody = slices.findIndex(isFullSlice);
  const { alignment, flushLeftFigures: flushLeft } = columnReadings(slices, columns.length);
  const pitch = rowPitch(slices);
  const built: BuiltRow[] = [];
  const previous: (Slice | null)[] = [];
  let x0 = Infinity;
  let x1 = -Infinity;
  for (let r = 0; r < slices.length; r++) {
    let s = slices[r];
    let placed: number[] | null | undefined;
    if (s.termOver) placed = [0];
    else if (s.full) placed = identityIndices(s.cells.length);
    else if (r < firstBody) {
      const spans = placeSpanning(s.cells, columns, alignment, flushLeft);
      placed = spans === null ? undefined : firstColumns(spans);
    } else placed = placeInColumns(s.cells, left, right);
    // A piece no rule places (across two columns below the header, texlive-en's page 27)
    // goes to the column it overlaps most: its text is never dropped.
    const at = placed && placed.length === s.cells.length && allBelow(placed, columns.length) ? placed : nearestColumns(s.cells, left, right);
    // The rest of a line the run took a part of goes to its nearest column too (see
    // leftoverPieces): the table takes its lines whole.
    const leftover = leftoverPieces(s.cells);
    if (leftover !== null) {
      s = { ...s, cells: [...s.cells, ...leftover] };
      for (const piece of leftover) at.push(nearestColumn(piece, left, right));
    }
    for (const piece of s.cells) (x0 = Math.min(x0, piece.x0)), (x1 = Math.max(x1, piece.x1));
    const above = previous.length > 0 ? previous[previous.length - 1] : null;
    // The lines under a term set over its row (termRunsOver) are that row's other cells.
    const underTerm = above?.termOver === true && !s.full && !s.termOver && !at.includes(0) && s.y0 - slices[r - 1].y1 <= slices[r - 1].y1 - slices[r - 1].y0;
    // A label's first line over figures centred on its two lines starts that row (figuresCentredUnder).
    const startsCentredRow = r > firstBody && !s.full && r + 1 < slices.length && figuresCentredUnder(s, slices[r + 1]);
    // A wrapped line: its text joins the cells of the row above.
    const wrapped = underTerm || (r > firstBody && !s.full && !startsCentredRow && above !== null && continues(above, s, pitch, left, right, true));
    // Or the row's own line under its label's first, its figures on the last (wrapsDownInto):
    // the row stands where its full line does for the rows after it.
    // The body's first row may be one too, its cells' first lines the last line over the run
    // (growUp takes them, in the body's face, as a header line).
    const over = previous.length > 1 ? (previous[previous.length - 2] ?? undefined) : undefined;
    const wrappedLabel = !wrapped && s.full && above !== null && (r > firstBody ? wrapsDownInto(over, above, s, pitch, left, right) : r === firstBody && mayWrapDown(above, s, pitch) && bodyRowOver(slices, r - 1, s, columns.length) && cellsWrapDown(over, above, s, pitch, left, right));
    if (wrapped || wrappedLabel) {
      const row = built[built.length - 1];
      appendPieceLines(row.cells, at, s.cells);
      row.y1 = Math.max(row.y1, s.y1);
      if (wrappedLabel) previous[previous.length - 1] = s;
      continue;
    }
    const cells = emptyCells(columns.length);
    appendPieceLines(cells, at, s.cells);
    built.push({ cells, y0: s.y0, y1: s.y1 });
    previous.push(s);
  }
  const box = { x0, y0: slices[0].y0, x1, y1: slices[slices.length - 1].y1 };
  const rows = joinStackedHeads(joinCentredRows(built));
  const headerRows = detectHeader(rows, box, rulings);
  return newTable(box, rows, false, headerRows);
}
