// Header detection: whether a table's first row is marked as its header, by bold type, a
// distinct rule beneath it, or shading of its own.
import { lowerBound, median } from "./sorted_search.js";
import type { Box, BuiltRow } from "./model.js";
import { isBlank } from "./rows.js";
import { SNAP_PT, type Rulings, type Seg } from "./rulings.js";

/** A rule under the first row must span this share of the table to mark a header. */
const HEADER_RULE_COVER_MIN = 0.5;
/** A header rule drawn thicker than the other row rules by this factor marks a header. */
const HEADER_RULE_THICK_RATIO_MIN = 1.5;
/** Shading must cover this share of the first row's width to count as a header band. */
const HEADER_FILL_COVER_MIN = 0.5;

export function detectHeader(rows: BuiltRow[], box: Box, rulings: Rulings): number {
  if (rows.length < 2) return 0;
  if (firstRowBold(rows)) return 1;
  if (headerRule(rows, box, rulings)) return 1;
  return headerFill(rows, box, rulings.fills) ? 1 : 0;
}

// Module functions and loops, not closures made per call: a closure made per call loses its
// optimised code at each full garbage collection (every table's header is asked).
function firstRowBold(rows: BuiltRow[]): boolean {
  if (rowBold(rows[0]) !== true) return false;
  // A table set entirely in bold has no bold header.
  for (let r = 1; r < rows.length; r++) if (rowBold(rows[r]) === false) return true;
  return false;
}

/** Whether every span with text in the row is bold; null when the row has no text. */
export function rowBold(row: BuiltRow): boolean | null {
  let seen = false;
  for (const cell of row.cells) {
    for (const line of cell.lines) {
      for (const span of line.spans) {
        if (isBlank(span.text)) continue;
        if (!span.bold) return false;
        seen = true;
      }
    }
  }
  return seen ? true : null;
}

/** The strongest ruling between two rows, spanning enough of the table. */
function ruleBetween(upper: BuiltRow, lower: BuiltRow, box: Box, rulings: Rulings): Seg | null {
  const h = rulings.h;
  const lo = Math.min(upper.y1, lower.y0) - SNAP_PT;
  const hi = Math.max(upper.y1, lower.y0) + SNAP_PT;
  const spanMin = HEADER_RULE_COVER_MIN * (box.x1 - box.x0);
  let best: Seg | null = null;
  for (let k = lowerBound(rulings.hPos, lo); k < h.length && h[k].pos <= hi; k++) {
    const s = h[k];
    if (Math.min(s.b, box.x1) - Math.max(s.a, box.x0) < spanMin) continue;
    if (best === null || s.thick > best.thick || (s.double && !best.double)) best = s;
  }
  return best;
}

function headerRule(rows: BuiltRow[], box: Box, rulings: Rulings): boolean {
  if (rulings.h.length === 0) return false;
  const first = ruleBetween(rows[0], rows[1], box, rulings);
  if (first === null) return false;
  const others: (Seg | null)[] = [];
  for (let r = 1; r + 1 < rows.length; r++) others.push(ruleBetween(rows[r], rows[r + 1], box, rulings));
  const present = others.filter((s): s is Seg => s !== null);
  // Booktabs: a rule under the header and none (or few) between body rows.
  if (others.length > 0 && present.length * 2 < others.length) return true;
  if (present.length === 0) return false;
  // A loop, not map and filter: map's array is packed from the built-in and holey from its
  // optimised inlined form, and filter (then median) met the other kind once this was optimised.
  const thicknesses: number[] = [];
  for (const s of present) if (s.thick > 0) thicknesses.push(s.thick);
  if (first.thick > 0 && thicknesses.length > 0 && first.thick >= HEADER_RULE_THICK_RATIO_MIN * median(thicknesses)) {
    return true;
  }
  return first.double && !present.some((s) => s.double);
}

function headerFill(rows: BuiltRow[], box: Box, fills: Box[]): boolean {
  const local: Box[] = [];
  for (const f of fills) if (f.x1 > box.x0 && f.x0 < box.x1 && f.y1 > box.y0 && f.y0 < box.y1) local.push(f);
  if (local.length === 0) return false;
  // Zebra striping and whole-table backgrounds shade other rows too.
  if (!isShaded(rows[0], box, local)) return false;
  for (let r = 1; r < rows.length; r++) if (isShaded(rows[r], box, local)) return false;
  return true;
}

/** Whether the fills (`local`, those over the table's box) cover the row's middle across
 *  HEADER_FILL_COVER_MIN of the table's width. */
function isShaded(row: BuiltRow, box: Box, local: readonly Box[]): boolean {
  const mid = (row.y0 + row.y1) / 2;
  let covered = 0;
  for (const f of local) {
    if (f.y0 <= mid && f.y1 >= mid) covered += Math.min(f.x1, box.x1) - Math.max(f.x0, box.x0);
  }
  return covered >= HEADER_FILL_COVER_MIN * (box.x1 - box.x0);
}
