// A ruled table beside a text column: the lines of running text level with the table's rows
// belong to the page's other column, not to the table, when the table's rules stop short of
// them.
//
// A two-column paper or newsletter sets a table in one column, with rules over and under its
// header (booktabs, a Writer table's top and header borders). The other column's lines stand
// level with the table's rows, so the aligned detector read them as a first column of cells:
// "and education to biodiversity and social cohesion. Yet | Crop group | Share | kg/plot",
// and the paragraph lost the lines the table took.

import { lowerBound } from "./sorted_search.js";
import type { Rulings } from "./rulings.js";

interface Extent {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

type PieceLike = Extent & { items: readonly { span: { text: string } }[] };

interface RunRow<P extends PieceLike> {
  cells: readonly P[];
  y0: number;
  y1: number;
}

/** The table's rules lie within this many of its rows' line heights above or below them (a
 *  run found may start under its header, whose rules are one or two lines above). */
export const BESIDE_RULE_LINE_HEIGHTS_MAX = 3;
/** A rule spans the other columns to within this many points at each end. */
export const BESIDE_RULE_SHORT_PT = 2;

/**
 * The pieces of the run's first (or last) column when that column is running text beside a
 * ruled table: one of its pieces holds `proseChars` characters or more, a horizontal rule near
 * the run spans every other column and stops before this one, and no rule near the run reaches
 * into it from the other columns (a real table's top and bottom rules run under its label
 * column too; a \cmidrule over the figures alone does not make the labels a neighbour; a rule
 * lying in the text column alone, a pull quote's, is that column's). Null otherwise.
 */
export function besideColumnPieces<P extends PieceLike>(run: readonly RunRow<P>[], columns: readonly { x0: number; x1: number }[], rulings: Rulings, proseChars: number): P[] | null {
  if (columns.length < 3 || rulings.h.length === 0 || run.length === 0) return null;
  let y0 = Infinity, y1 = -Infinity, height = Infinity;
  for (const s of run) (y0 = Math.min(y0, s.y0)), (y1 = Math.max(y1, s.y1)), (height = Math.min(height, s.y1 - s.y0));
  const reach = BESIDE_RULE_LINE_HEIGHTS_MAX * height;
  const last = columns.length - 1;
  for (const side of [0, last]) {
    const col = columns[side];
    const pieces: P[] = [];
    let prose = false;
    for (const s of run) {
      for (const p of s.cells) {
        if (p.x1 <= col.x0 || p.x0 >= col.x1) continue;
        pieces.push(p);
        let chars = 0;
        for (const it of p.items) chars += it.span.text.length;
        if (chars >= proseChars) prose = true;
      }
    }
    if (!prose) continue;
    const tx0 = side === 0 ? columns[1].x0 : columns[0].x0;
    const tx1 = side === 0 ? columns[last].x1 : columns[last - 1].x1;
    let spans = false;
    let reaches = false;
    const h = rulings.h;
    for (let k = lowerBound(rulings.hPos, y0 - reach); k < h.length && h[k].pos <= y1 + reach; k++) {
      const r = h[k];
      if (r.a < col.x1 && r.b > col.x0) {
        // A rule of the text column's own, lying in it alone (a pull quote's, a heading's), is
        // none of the table's: only one running on under the other columns joins them.
        if (side === 0 ? r.b > tx0 : r.a < tx1) reaches = true;
      } else if (r.a <= tx0 + BESIDE_RULE_SHORT_PT && r.b >= tx1 - BESIDE_RULE_SHORT_PT) spans = true;
    }
    if (spans && !reaches) return pieces;
  }
  return null;
}
