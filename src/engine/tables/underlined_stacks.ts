// Stacks under underlined labels: blocks of lines side by side, each under a label with a
// rule of its own drawn under it, as a Belgian invoice (facture-belge-simple-sans-tva) sets
// its addresses: "Expédition" | "Facturation" | "Livraison", each underlined, over "Prénom
// Nom" | "Fbg Bgf" | "Voir facturation" and the lines under them. The stacks run to different
// lengths, so most rows fill one or two of the columns and the aligned detector, which wants
// mostly full rows, left them: the first two stacks came out as a two-column table, the third
// as a line over it. Written as one table, the labels its header, the lines that pair up
// across (street beside street, town beside town) stay side by side.
import type { Line } from "../model.js";
import { type Table, type TableCell, tableOf } from "./model.js";
import { lowerBound } from "./sorted_search.js";
import { pieceLines, pieceText, type Piece, textRow, type TextRow } from "./cell_gaps.js";
import { lineBox, linesByTop, readingOrder, type RowStarts, sortedRowStarts } from "./rows.js";
import type { Rulings } from "./rulings.js";

/** Labels side by side, at least this many. */
const LABELS_MIN = 2;
/** A label is a few words. */
const LABEL_WORDS_MAX = 4;
/** Its rule runs at most this many points under the label's box (or as far inside it, where
 *  the descenders reach it). */
const UNDERLINE_GAP_PT = 3;
/** ... and ends within this many points of the label's ends: the label's own rule, not a
 *  rule across the page. */
const UNDERLINE_FIT_PT = 2;
/** A stack's lines start where its label starts, within this many points. */
const STACK_ALIGN_PT = 1;
/** The stacks' rows follow one another at most this many line heights apart. */
const ROW_GAP_LINE_HEIGHTS_MAX = 1;
/** Under the labels, at least this many rows. */
const STACK_ROWS_MIN = 2;

/** Adds a table for each row of underlined labels over the stacks of lines under them.
 *  `byTop`: `lines` sorted by their tops (rows.ts linesByTop), when the caller has them. */
export function detectUnderlinedStacks(lines: Line[], rulings: Rulings, taken: Set<Line>, inDiagrams: Set<Line>, tables: Table[], byTop?: readonly Line[]): void {
  if (rulings.h.length < LABELS_MIN) return;
  // A loop, not a filter with a closure made per page.
  const free: Line[] = [];
  for (const l of byTop ?? lines) if (!taken.has(l) && !inDiagrams.has(l) && l.wmode === 0 && l.spans.length > 0) free.push(l);
  // groupRows sorts the lines by their tops as linesByTop does; a subset of byTop is sorted.
  // Rows as ranges of `sorted` (rows.ts sortedRowStarts): a row's lines are taken out only
  // for a row that may hold labels, where every row of the page was an array of its own.
  const sorted = byTop ? free : linesByTop(free);
  const rows = sortedRowStarts(sorted, lineBox);
  for (let i = 0; i + STACK_ROWS_MIN < rows.length; i++) {
    // Most rows of a page are one line: no row of labels.
    if (rows.starts[i + 1] - rows.starts[i] < LABELS_MIN) continue;
    // Nor, most often, any rule under the row: its pieces are cut only when one runs there.
    if (!ruleUnderRow(sorted, rows.starts[i], rows.starts[i + 1], rulings)) continue;
    const labels = textRow(rowLines(sorted, rows, i));
    if (labels.cells.length < LABELS_MIN || !labels.cells.every((piece) => isLabel(piece) && underlined(piece, rulings))) continue;
    const stacks = rowsUnder(labels, sorted, rows, i + 1);
    if (stacks.length < STACK_ROWS_MIN) continue;
    tables.push(stackTable(labels, stacks));
    for (const row of [labels, ...stacks]) for (const line of row.lines) taken.add(line);
    i += stacks.length;
  }
}

function isLabel(piece: Piece): boolean {
  return pieceText(piece).split(/\s+/).length <= LABEL_WORDS_MAX;
}

/** Row r's lines (rows.ts sortedRowStarts). */
function rowLines(sorted: readonly Line[], rows: RowStarts, r: number): Line[] {
  return sorted.slice(rows.starts[r], rows.starts[r + 1]);
}

/** Whether a horizontal rule runs within UNDERLINE_GAP_PT of some span's bottom in the row
 *  (sorted[from..to)): a piece's bottom is one of its spans', so a row without one has no
 *  underlined piece. */
function ruleUnderRow(sorted: readonly Line[], from: number, to: number, rulings: Rulings): boolean {
  let lo = Infinity;
  let hi = -Infinity;
  for (let l = from; l < to; l++) {
    for (const span of sorted[l].spans) {
      if (span.y1 < lo) lo = span.y1;
      if (span.y1 > hi) hi = span.y1;
    }
  }
  const k = lowerBound(rulings.hPos, lo - UNDERLINE_GAP_PT);
  return k < rulings.h.length && rulings.h[k].pos <= hi + UNDERLINE_GAP_PT;
}

/** Whether a rule runs right under the piece, from its start to its end and no further. */
function underlined(piece: Piece, rulings: Rulings): boolean {
  const h = rulings.h;
  for (let k = lowerBound(rulings.hPos, piece.y1 - UNDERLINE_GAP_PT); k < h.length && h[k].pos <= piece.y1 + UNDERLINE_GAP_PT; k++) {
    if (Math.abs(h[k].a - piece.x0) <= UNDERLINE_FIT_PT && Math.abs(h[k].b - piece.x1) <= UNDERLINE_FIT_PT) return true;
  }
  return false;
}

/** The rows from `start` down whose pieces each start where a label starts, one a label at
 *  most, each row close under the last. */
function rowsUnder(labels: TextRow, sorted: readonly Line[], rows: RowStarts, start: number): TextRow[] {
  const out: TextRow[] = [];
  let above = labels;
  for (let j = start; j < rows.length; j++) {
    const row = textRow(rowLines(sorted, rows, j));
    if (row.y0 - above.y1 > ROW_GAP_LINE_HEIGHTS_MAX * (above.y1 - above.y0) || columnsOf(labels, row) === null) break;
    out.push(row);
    above = row;
  }
  return out;
}

/** The label each piece starts under, in order, or null when one starts under none or two
 *  pieces start under one, or a piece runs into the next label's column. */
function columnsOf(labels: TextRow, row: TextRow): number[] | null {
  const at: number[] = [];
  for (const piece of row.cells) {
    const c = labels.cells.findIndex((label) => Math.abs(label.x0 - piece.x0) <= STACK_ALIGN_PT);
    if (c < 0 || (at.length > 0 && c <= at[at.length - 1])) return null;
    if (c + 1 < labels.cells.length && piece.x1 > labels.cells[c + 1].x0) return null;
    at.push(c);
  }
  return at;
}

function stackTable(labels: TextRow, stacks: TextRow[]): Table {
  const k = labels.cells.length;
  const rows: TableCell[][] = [labels.cells.map((piece) => ({ lines: readingOrder(pieceLines(piece)) }))];
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const piece of labels.cells) (x0 = Math.min(x0, piece.x0)), (x1 = Math.max(x1, piece.x1));
  for (const row of stacks) {
    const cells: TableCell[] = [];
    for (let c = 0; c < k; c++) cells.push({ lines: [] });
    const at = columnsOf(labels, row) as number[];
    row.cells.forEach((piece, n) => {
      cells[at[n]].lines = readingOrder(pieceLines(piece));
      x1 = Math.max(x1, piece.x1);
    });
    rows.push(cells);
  }
  return tableOf(x0, labels.y0, x1, stacks[stacks.length - 1].y1, rows, false, 1);
}
