// The shapes of table detection: the Table handed on to rendering, and the boxes and rows
// the detectors build one from.
import type { Line } from "../model.js";

export interface TableCell {
  /** Lines, or fragments of lines cut at column boundaries, in reading order. */
  lines: Line[];
  /** Each line a line of its own, not wrapped text (tables/anchored_rows.ts: a statement's
   *  booking type, IBAN, payee and references, one under the other): written apart. */
  linesApart?: true;
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
  /** A paper's authors set side by side (author_grid.ts): written column by column, no table. */
  authorGrid?: true;
}

/** A table with every field given, in Table's order (authorGrid undefined unless given), its
 *  rows the built rows' cells: the detectors made tables by spreading a box, each by its own
 *  literal, and the passes reading tables (placement, rendering) went polymorphic. The rows
 *  are gathered in a loop: an optimised map makes a holey array, an interpreted one a packed
 *  array, and the readers bailed out as a detector changed tier. */
export function newTable(box: { x0: number; y0: number; x1: number; y1: number }, rows: readonly { cells: TableCell[] }[], ruled: boolean, headerRows: number, authorGrid?: true): Table {
  const cells: TableCell[][] = [];
  for (const row of rows) cells.push(row.cells);
  return tableOf(box.x0, box.y0, box.x1, box.y1, cells, ruled, headerRows, authorGrid);
}

/** A table of the given rows of cells (see newTable). */
export function tableOf(x0: number, y0: number, x1: number, y1: number, rows: TableCell[][], ruled: boolean, headerRows: number, authorGrid?: true): Table {
  return { x0, y0, x1, y1, rows, ruled, headerRows, authorGrid };
}

// One rectangle shape for the whole engine: reading order places tables by the same boxes.
export type { Box } from "../layout/box.js";

/** A table row under construction, with its vertical extent for header detection. */
export interface BuiltRow {
  cells: TableCell[];
  y0: number;
  y1: number;
}
