// The shapes of table detection: the Table handed on to rendering, and the boxes and rows
// the detectors build one from.
import type { Line } from "../model.js";

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
  /** A paper's authors set side by side (author_grid.ts): written column by column, no table. */
  authorGrid?: true;
}

// One rectangle shape for the whole engine: reading order places tables by the same boxes.
export type { Box } from "../layout/box.js";

/** A table row under construction, with its vertical extent for header detection. */
export interface BuiltRow {
  cells: TableCell[];
  y0: number;
  y1: number;
}
