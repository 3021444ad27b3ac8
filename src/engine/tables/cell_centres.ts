// The centres of a run's cells, sorted by their y once per run: the aligned detector asks, for
// every stroked frame and shaded box beside a run, whether the box holds some cells of a row
// but not the others (aligned_detector.ts splitByFrames, splitByPanel). Asked cell by cell,
// that was boxes × cells on a ruled page (hundreds of cell frames, each against every cell of
// the run); by the sorted centres, each box looks only at the cells level with it.
import type { Box } from "./model.js";
import type { TextRow } from "./cell_gaps.js";
import { indicesByKey, lowerBound } from "./sorted_search.js";

export class CellCentres {
  /** Built at the first question: most runs are asked about no box. */
  private index: { cy: Float64Array; cx: Float64Array; row: Int32Array; inside: Int32Array } | null = null;

  constructor(private readonly rows: readonly TextRow[]) {}

  /** Whether `box` holds some cells of a row (by their centres, as layout/box.ts centreInside
   *  has them) but not the others. */
  splitsARow(box: Box): boolean {
    // A box with a NaN top or bottom (or upside down) holds no centre.
    if (!(box.y0 <= box.y1)) return false;
    const { cy, cx, row, inside } = (this.index ??= this.build());
    const from = lowerBound(cy, box.y0);
    let to = from;
    for (; to < cy.length && cy[to] <= box.y1; to++) if (cx[to] >= box.x0 && cx[to] <= box.x1) inside[row[to]]++;
    let split = false;
    // Each row's count read at its first cell in the range, then cleared for the next box.
    for (let k = from; k < to; k++) {
      const r = row[k];
      if (inside[r] > 0 && inside[r] < this.rows[r].cells.length) split = true;
      inside[r] = 0;
    }
    return split;
  }

  private build(): { cy: Float64Array; cx: Float64Array; row: Int32Array; inside: Int32Array } {
    const ys: number[] = [];
    const xs: number[] = [];
    const rowOf: number[] = [];
    for (let r = 0; r < this.rows.length; r++) {
      for (const cell of this.rows[r].cells) {
        const y = (cell.y0 + cell.y1) / 2;
        // A NaN centre lies inside no box.
        if (y !== y) continue;
        ys.push(y);
        xs.push((cell.x0 + cell.x1) / 2);
        rowOf.push(r);
      }
    }
    const order = indicesByKey(ys);
    const cy = new Float64Array(order.length);
    const cx = new Float64Array(order.length);
    const row = new Int32Array(order.length);
    for (let k = 0; k < order.length; k++) {
      cy[k] = ys[order[k]];
      cx[k] = xs[order[k]];
      row[k] = rowOf[order[k]];
    }
    return { cy, cx, row, inside: new Int32Array(this.rows.length) };
  }
}
