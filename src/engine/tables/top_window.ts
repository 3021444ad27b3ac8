// Speed (issue 9), no rule: the lines a search by rows may meet, found by their tops. The
// aligned detector's cuts (overflow_cells.ts, figure_notes.ts, date_pairs.ts) ask, for each
// candidate span, which other lines lie on its row or within a reach above and below it, and
// read every line of the page for each: quadratic on a table page of hundreds of cells. They
// are handed the page's lines sorted by their tops (rows.ts linesByTop), so the lines that can
// pass a test on their tops lie in one run of that order, found by binary search. Each search
// still tests every line of the run in full, so it finds what a read of every line found: the
// run only leaves out lines that fail the test's first condition.

import type { Line } from "../model.js";

/** Points of slack each side of a run's bounds: the bounds are sums of coordinates, whose
 *  rounding may differ by an ulp from the test's own; a few lines more are read, never fewer. */
const BOUND_SLACK_PT = 1;

/** Lines sorted by their tops, searchable by a range of tops. Lines not so sorted (or with a
 *  top or bottom not a number, or a bottom above a top) are searched whole, as before. */
export class TopWindow {
  /** Whether `lines` are sorted by finite tops, each with a finite bottom not above its top
   *  (so a line whose bottom lies within a reach has its top there too). */
  private readonly ordered: boolean;
  /** The tallest line's height (bottom less top), 0 at least. */
  private readonly tallest: number;

  constructor(private readonly lines: readonly Line[]) {
    let ordered = true;
    let tallest = 0;
    let last = -Infinity;
    for (let k = 0; k < lines.length; k++) {
      const { y0, y1 } = lines[k];
      if (!Number.isFinite(y0) || !Number.isFinite(y1) || y0 < last || y1 < y0) {
        ordered = false;
        break;
      }
      last = y0;
      if (y1 - y0 > tallest) tallest = y1 - y0;
    }
    this.ordered = ordered;
    this.tallest = tallest;
  }

  /** The first index of a line whose top may be `y` or more (less slack). */
  from(y: number): number {
    if (!this.ordered) return 0;
    const lines = this.lines;
    const bound = y - BOUND_SLACK_PT;
    let lo = 0;
    let hi = lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (lines[mid].y0 < bound) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The index after the last line whose top may be `y` or less (plus slack). */
  to(y: number): number {
    const lines = this.lines;
    if (!this.ordered) return lines.length;
    const bound = y + BOUND_SLACK_PT;
    let lo = 0;
    let hi = lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (lines[mid].y0 <= bound) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first index of a line that may cross the height `y` (its top at most the tallest
   *  line's height above it). */
  fromCrossing(y: number): number {
    return this.from(y - this.tallest);
  }
}
