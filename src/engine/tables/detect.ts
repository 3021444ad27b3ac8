// Step 5, each page: table detection, before reading order. Three detectors share one output shape:
//  - ruled: a grid built from ruling lines, stroked rectangle outlines and filled rectangles;
//  - label rows: a row of labels over a row of their values (label_rows.ts);
//  - underlined stacks: blocks of lines side by side under underlined labels (underlined_stacks.ts);
//  - anchored rows: a header over rows of an anchored first line and wrapped cells (anchored_rows.ts);
//  - aligned: rows of short text pieces whose columns line up without any ruling.
// Ruled grids go first because their rulings are explicit; the aligned detector only sees
// the lines they left. All are conservative: a missed table still reads as text, while a
// false one scrambles prose.
import type { Line, PaintedImage, Rule } from "../model.js";
import { detectAligned } from "./aligned_detector.js";
import { detectAnchoredRows } from "./anchored_rows.js";
import { detectFigureColumns } from "./figure_column.js";
import type { Table } from "./model.js";
import { detectLabelRows } from "./label_rows.js";
import { detectRuled } from "./ruled_detector.js";
import { detectUnderlinedStacks } from "./underlined_stacks.js";
import { lineText } from "../layout/lines.js";
import { pageNumbersNeverGoDown } from "./reads_as_table.js";
import { collectRulings, type Rulings } from "./rulings.js";
import { linesByTop } from "./rows.js";
import { cutAtSectionLabels } from "./section_labels.js";
import { splitFieldBlocks } from "./fields_beside_stack.js";

export type { Table, TableCell } from "./model.js";

/** A page's tables and the lines they left, with what a second look inside one column of
 *  the page needs (detectColumnTables). */
export interface PageTables {
  tables: Table[];
  rest: Line[];
  rulings: Rulings;
  /** Lines inside drawn diagrams: their labels line up in columns but are no table. */
  inDiagrams: Set<Line>;
}

/** `parts`: regions of the page read apart (a shaded side panel and the rest of the page,
 *  layout/side_panels.ts), each searched alone, so that no table runs across them. */
export function detectTables(lines: Line[], rules: Rule[], page: { width: number; height: number; images?: readonly PaintedImage[] }, parts: Line[][] = [lines]): PageTables {
  const rulings = collectRulings(rules, page);
  const taken = new Set<Line>();
  const inDiagrams = new Set<Line>();
  const tables: Table[] = [];
  for (const part of parts) {
    detectRuled(part, rulings, taken, inDiagrams, tables);
    // Sorted by their tops once for the three detectors that group the part's free lines
    // into rows, each keeping those still free in this order.
    const byTop = linesByTop(part);
    detectLabelRows(part, rulings, taken, inDiagrams, tables, byTop);
    detectUnderlinedStacks(part, rulings, taken, inDiagrams, tables, byTop);
    detectAnchoredRows(part, taken, inDiagrams, tables, byTop);
    detectAligned(part, rulings, taken, inDiagrams, tables, byTop);
    detectFigureColumns(part, taken, tables);
  }
  if (tables.length === 0) return { tables, rest: lines.slice(), rulings, inDiagrams };
  tables.sort((p, q) => p.y0 - q.y0 || p.x0 - q.x0);
  const rest = lines.filter((l) => !taken.has(l));
  const cut = splitFieldBlocks(cutAtSectionLabels(tables, rest), rest);
  // Labels and stacks given back go where their rows sort among the page's lines.
  if (cut !== tables) rest.sort(byCentreThenLeft);
  return { tables: cut, rest, rulings, inDiagrams };
}

/** Lines by their centre, top to bottom, then left to right (line_joining.ts's order). */
function byCentreThenLeft(a: Line, b: Line): number {
  return a.y0 + a.y1 - b.y0 - b.y1 || a.x0 - b.x0;
}

/** A contents page's entries: page numbers in the last column that never go down. */
function isContents(table: Table): boolean {
  return pageNumbersNeverGoDown(table.rows.map((row) => row[row.length - 1].lines.map(lineText).join(" ")));
}

/**
 * Aligned tables inside the columns of a two-column page, each column looked at alone: page
 * wide, a table's rows share their rows with the other column's prose (a paper's results
 * table in its right column, beside the left column's lines at another leading), and the run
 * of both columns' lines reads as prose. Adds them to `page`.
 */
// Loops rather than closures over the gutter: a closure made per call loses its optimised
// code at each full garbage collection, and was compiled again every few passes.
function linesEndingBy(lines: readonly Line[], x: number): Line[] {
  const out: Line[] = [];
  for (const l of lines) if (l.x1 <= x) out.push(l);
  return out;
}

function linesStartingFrom(lines: readonly Line[], x: number): Line[] {
  const out: Line[] = [];
  for (const l of lines) if (l.x0 >= x) out.push(l);
  return out;
}

export function detectColumnTables(page: PageTables, gutter: { x0: number; x1: number }): void {
  const taken = new Set<Line>();
  const found: Table[] = [];
  for (const side of [linesEndingBy(page.rest, gutter.x0), linesStartingFrom(page.rest, gutter.x1)]) {
    const tables: Table[] = [];
    const lines = new Set<Line>();
    detectAligned(side, page.rulings, lines, page.inDiagrams, tables);
    // Only a table with a header row: a column's index or contents entries line up too.
    for (const table of tables) {
      if (table.headerRows === 0 || isContents(table)) continue;
      found.push(table);
      for (const line of lines) if (line.y0 < table.y1 && line.y1 > table.y0 && line.x0 < table.x1 && line.x1 > table.x0) taken.add(line);
    }
  }
  if (found.length === 0) return;
  page.tables = [...page.tables, ...found].sort((p, q) => p.y0 - q.y0 || p.x0 - q.x0);
  page.rest = page.rest.filter((l) => !taken.has(l));
}
