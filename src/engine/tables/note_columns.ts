// A spreadsheet's notes column, filled on a few rows only: each note starts a word space after
// its row's figure, which figure_notes.ts cut it from ("1.9%" | "Part shipment").
//
// Calc prints a sheet whose last column holds a note on one row in five. Each noted row then
// held one piece more than the table's columns, inside the run's window (the note starts a
// word space after the last column, nearer than a gutter), so the run broke at every noted
// row: the sheet came out as eight tables and the noted rows as paragraphs. And the notes,
// a few rows apart, were no late column (aligned_detector.ts addLateColumn wants a block of
// rows from the run's first or to its last, so that a text column beside a table stays out).
// A note cut from its row's figure is that row's cell by the reader's own word: the figure
// and the note came out of it as one span.
import type { Span } from "../model.js";
import { type PageRows, type Piece, pieceText } from "./cell_gaps.js";

/** Whether the piece's last span is a figure cut from the note after it (figure_notes.ts). */
export function endsAtFigureCut(piece: Piece, cellEnds: ReadonlySet<Span> | null): boolean {
  return cellEnds !== null && cellEnds.has(piece.items[piece.items.length - 1].span);
}

/**
 * Whether `cells[i]` is a note past a window's right edge `x1`: it starts at or right of it, and
 * the piece before it ends at a figure cut from it. A run's row with such a note is the run's
 * row; the note is a later column's cell (addLateColumn), not one more piece in the window.
 */
export function isNotePastWindow(cells: readonly Piece[], i: number, x1: number, cellEnds: ReadonlySet<Span> | null): boolean {
  return i > 0 && cells[i].x0 >= x1 && endsAtFigureCut(cells[i - 1], cellEnds);
}

/**
 * Whether every piece offered as a late column's cell is a note cut from its row's last figure
 * (`lastCells[i]`, the row's cell before the candidate): then the column stands however few
 * rows hold a note, and wherever they lie.
 */
export function allNotesAfterFigures(candidates: readonly (Piece | null)[], lastCells: readonly (Piece | undefined)[], cellEnds: ReadonlySet<Span> | null): boolean {
  if (cellEnds === null) return false;
  let any = false;
  for (let i = 0; i < candidates.length; i++) {
    if (candidates[i] === null) continue;
    const before = lastCells[i];
    if (before === undefined || !endsAtFigureCut(before, cellEnds)) return false;
    any = true;
  }
  return any;
}

/** A notes column's head has at most this many words ("Notes", "Remarks", "Comment"). */
const NOTE_HEAD_WORDS_MAX = 3;

/**
 * The head of a notes column added to a table whose header lines (page rows `fromRow` up to
 * `toRow`) gave it none: the one piece no table took on those rows that starts at or right of
 * the table's last column's edge `right`, overlaps the column and holds NOTE_HEAD_WORDS_MAX
 * words at most. A head centred in a two-row band (Calc's "Notes" beside "Order" over
 * "Ordered" | "Shipped") stands on a page row between the header's slices, none of whose
 * rows holds it. Null when there is no such piece, or more than one.
 */
export function headOverNotes(rows: PageRows, fromRow: number, toRow: number, right: number, column: { x0: number; x1: number }, used: ReadonlySet<Piece>): Piece | null {
  let head: Piece | null = null;
  for (let r = fromRow; r < toRow; r++) {
    for (const p of rows.at(r).cells) {
      if (used.has(p) || p.x0 < right || p.x1 <= column.x0 || p.x0 >= column.x1) continue;
      if (head !== null || pieceText(p).trim().split(/\s+/).length > NOTE_HEAD_WORDS_MAX) return null;
      head = p;
    }
  }
  return head;
}
