// Step 5, each page, after the detectors: a borderless table cut at its section labels. An
// office CV sets its sections ("About me", "Experience", "Education") as bold labels flush
// left over two columns of label and value, all one grid; the aligned detector leaves the
// first label above the table (no row under it yet), or takes it in as its header, and takes
// the others in as rows whose first cell alone holds text, so the first section read as a
// heading and the others as bold rows. A table whose label rows are in the face and size of
// such a label just above it (or of its first row's, two labels at least) is cut at them: each label goes back to the page's lines (to read as the first one does)
// and the rows between two labels stay a table of their own, however few: they were found in
// the whole grid's columns, which a section of two rows alone would not show.
import type { Line } from "../model.js";
import { isBlankLine } from "../layout/lines.js";
import { isBlankText } from "../layout/whitespace.js";
import { newTable, type Table, type TableCell } from "./model.js";

/** A label stands flush with the table's left edge within this many points ... */
const LABEL_ALIGN_PT = 1.5;
/** ... and the label above the table stands at most this many of its line heights above it. */
const LABEL_ABOVE_LINE_HEIGHTS_MAX = 2.5;
/** Its face: the same font, and sizes within this many points. */
const LABEL_SIZE_PT = 0.25;

interface LabelFace {
  font: string;
  size: number;
}

/** A label inside the table stands at least this many of its line heights below the row
 *  above it: a blank line between sections (the CV's empty paragraph, 1.06 line heights). */
const SECTION_GAP_LINE_HEIGHTS_MIN = 0.75;

/** The bottom of the lowest line in the row's cells. */
function bottomOf(row: readonly TableCell[]): number {
  let y1 = -Infinity;
  for (const cell of row) for (const line of cell.lines) y1 = Math.max(y1, line.y1);
  return y1;
}

/** A statement of figures keeps its group labels as rows: its reader compares the amounts
 *  across groups (a fund's key figures, "Investment result" over its lines, read as one table
 *  by camelot's truth). Such a table's cells right of the first are figures, this share of the
 *  filled ones at least. */
const FIGURE_CELL_SHARE_MIN = 0.5;
/** A cell of figures: digits, signs, separators, a currency or a per cent. */
const FIGURE = /^[\d\s.,:%+\-−–()€$£¥]+$/u;

function holdsFigures(table: Table): boolean {
  let filled = 0;
  let figures = 0;
  for (const row of table.rows) {
    for (let c = 1; c < row.length; c++) {
      const text = row[c].lines.map((line) => line.spans.map((span) => span.text).join("")).join(" ").trim();
      if (text === "") continue;
      filled++;
      if (FIGURE.test(text)) figures++;
    }
  }
  return filled > 0 && figures >= FIGURE_CELL_SHARE_MIN * filled;
}

/** A table whose first row is a label (the detector took the first section's label in as
 *  its header) is cut when this many of its rows are labels in that face. */
const FIRST_ROW_LABELS_MIN = 2;

/** The face of the table's first row when it is a label alone in the first cell. */
function firstRowFace(table: Table): LabelFace | null {
  const row = table.rows[0];
  for (let c = 1; c < row.length; c++) if (row[c].lines.some(hasText)) return null;
  const lines = row[0].lines.filter(hasText);
  return lines.length === 1 ? boldFaceOf(lines[0]) : null;
}

/** A line set bold throughout in one font and size: its face, or null. */
function boldFaceOf(line: Line): LabelFace | null {
  let face: LabelFace | null = null;
  for (const span of line.spans) {
    if (isBlankText(span.text)) continue;
    if (!span.bold) return null;
    if (face === null) face = { font: span.font, size: span.size };
    else if (span.font !== face.font || Math.abs(span.size - face.size) > LABEL_SIZE_PT) return null;
  }
  return face;
}

function sameFace(a: LabelFace, b: LabelFace): boolean {
  return a.font === b.font && Math.abs(a.size - b.size) <= LABEL_SIZE_PT;
}

/** The row's label line when only its first cell holds text, one line bold throughout in
 *  `face`, flush with the table's left edge; otherwise null. */
function labelOfRow(row: readonly TableCell[], table: Table, face: LabelFace): Line | null {
  for (let c = 1; c < row.length; c++) if (row[c].lines.some(hasText)) return null;
  const lines = row[0].lines.filter(hasText);
  if (lines.length !== 1) return null;
  const line = lines[0];
  const own = boldFaceOf(line);
  if (own === null || !sameFace(own, face) || Math.abs(line.x0 - table.x0) > LABEL_ALIGN_PT) return null;
  return line;
}

function hasText(line: Line): boolean {
  return !isBlankLine(line);
}

/** The line of `rest` standing just above `table`, flush with its left edge, bold in one
 *  face, with no other line of `rest` between it and the table over the table's width. */
function labelAbove(table: Table, rest: readonly Line[]): Line | null {
  let nearest: Line | null = null;
  for (const line of rest) {
    if (line.y1 > table.y0 || line.x1 < table.x0 || line.x0 > table.x1) continue;
    if (nearest === null || line.y1 > nearest.y1) nearest = line;
  }
  if (nearest === null || Math.abs(nearest.x0 - table.x0) > LABEL_ALIGN_PT) return null;
  if (table.y0 - nearest.y1 > LABEL_ABOVE_LINE_HEIGHTS_MAX * (nearest.y1 - nearest.y0)) return null;
  return boldFaceOf(nearest) === null ? null : nearest;
}

/** The box of the lines in `rows`' cells, across the table's width. */
function tableOfRows(table: Table, rows: TableCell[][], headerRows: number): Table {
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const row of rows)
    for (const cell of row)
      for (const line of cell.lines) {
        y0 = Math.min(y0, line.y0);
        y1 = Math.max(y1, line.y1);
      }
  return newTable({ x0: table.x0, y0, x1: table.x1, y1 }, rows.map((cells) => ({ cells })), table.ruled, headerRows);
}

/**
 * The page's tables with each borderless table cut at its section labels, and the labels
 * added to `rest` (in place). Tables are visited top to bottom: a label face found over one
 * table stands for the tables under it on the page (a CV's grid that the detector broke in
 * two, the second starting at its "Education" label).
 */
export function cutAtSectionLabels(tables: Table[], rest: Line[]): Table[] {
  let face: LabelFace | null = null;
  let out: Table[] | null = null;
  for (let t = 0; t < tables.length; t++) {
    const table = tables[t];
    const cut = cutTable(table, rest, face);
    if (cut === null) {
      out?.push(table);
      continue;
    }
    face = cut.face;
    out ??= tables.slice(0, t);
    out.push(...cut.pieces);
  }
  return out ?? tables;
}

/** `table` cut at its labels in the face of the label above it, or `face` (null: neither
 *  found, or no row is such a label); the labels pushed onto `rest`. */
function cutTable(table: Table, rest: Line[], face: LabelFace | null): { pieces: Table[]; face: LabelFace } | null {
  if (table.ruled || table.authorGrid || table.rows.length === 0 || table.rows[0].length < 2) return null;
  const above = labelAbove(table, rest);
  const want = (above === null ? null : boldFaceOf(above)) ?? face ?? firstRowFace(table);
  if (want === null) return null;
  const labels = table.rows.map((row) => labelOfRow(row, table, want));
  let count = 0;
  for (let r = 0; r < labels.length; r++) {
    const label = labels[r];
    if (label === null) continue;
    // Every label stands apart from the rows above it: group labels set at the rows' pitch
    // (hyph-utf8's languages over their patterns' rows) are rows of the table.
    if (r > 0 && label.y0 - bottomOf(table.rows[r - 1]) < SECTION_GAP_LINE_HEIGHTS_MIN * (label.y1 - label.y0)) return null;
    count++;
  }
  // A label in the first row alone is the table's header: two at least make sections.
  if (count === 0 || (above === null && face === null && count < FIRST_ROW_LABELS_MIN)) return null;
  // Asked last: most tables have no label, and reading every cell's text showed in profiles.
  if (holdsFigures(table)) return null;
  const pieces: Table[] = [];
  let rows: TableCell[][] = [];
  // The table's header rows stay a header only while no label comes before them.
  let headerRows = labels[0] === null ? table.headerRows : 0;
  for (let r = 0; r <= table.rows.length; r++) {
    const label = r < table.rows.length ? labels[r] : null;
    if (r < table.rows.length && label === null) {
      rows.push(table.rows[r]);
      continue;
    }
    if (rows.length > 0) pieces.push(tableOfRows(table, rows, headerRows));
    rows = [];
    headerRows = 0;
    if (label !== null) rest.push(label);
  }
  return { pieces, face: want };
}
