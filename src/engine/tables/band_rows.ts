// A header band of filled cells over rows parted by rules only: a browser's or a report
// writer's table whose heads sit on a dark band (a filled rectangle per head) and whose rows
// are parted by a bottom border each, with no vertical border anywhere (an invoice's items:
// "Item | Description | Qty | Unit price | Amount" white on navy, then a hairline under each
// row). The band alone is one row of cells, no grid (grid.ts buildGrid wants three row
// edges), and the rules under it meet no vertical; the rows' cells, wrapped over several
// lines and centred in their rows, came out as headings and loose paragraphs. The band's
// column edges run on down through the rows its rules close.
import { SNAP_PT, type Seg } from "./rulings.js";

/** The band has at least this many column edges (its sides too): two heads or more. */
const BAND_EDGES_MIN = 3;
/** Rules under it close at least this many rows: one rule under a band is its underline. */
const BAND_BODY_RULES_MIN = 2;
/** Each rule lies at most this far under the last: a row of five or six wrapped lines. */
const BAND_ROW_PT_MAX = 90;

/**
 * For a group of rulings that is a one-row band (two horizontals, its verticals all spanning
 * it), the rules from `open` that close rows under it, each spanning the band's width within
 * SNAP_PT, and the band's inner column edges carried down to the last of them; null when the
 * group is no such band or fewer than BAND_BODY_RULES_MIN rules follow it. The rules taken are
 * removed from `open`.
 */
export function bandOverRowRules(hs: readonly Seg[], vs: readonly Seg[], open: Seg[]): { rules: Seg[]; columns: Seg[] } | null {
  if (hs.length !== 2 || vs.length < BAND_EDGES_MIN || open.length < BAND_BODY_RULES_MIN) return null;
  const top = Math.min(hs[0].pos, hs[1].pos);
  const bottom = Math.max(hs[0].pos, hs[1].pos);
  const x0 = Math.min(hs[0].a, hs[1].a);
  const x1 = Math.max(hs[0].b, hs[1].b);
  for (const v of vs) if (Math.abs(v.a - top) > SNAP_PT || Math.abs(v.b - bottom) > SNAP_PT) return null;
  const below = open.filter((s) => s.pos > bottom + SNAP_PT && Math.abs(s.a - x0) <= SNAP_PT && Math.abs(s.b - x1) <= SNAP_PT).sort((p, q) => p.pos - q.pos);
  const rules: Seg[] = [];
  let last = bottom;
  for (const s of below) {
    if (s.pos - last > BAND_ROW_PT_MAX) break;
    rules.push(s);
    last = s.pos;
  }
  if (rules.length < BAND_BODY_RULES_MIN) return null;
  for (const s of rules) open.splice(open.indexOf(s), 1);
  const columns: Seg[] = [];
  for (const v of vs) if (v.pos > x0 + SNAP_PT && v.pos < x1 - SNAP_PT) columns.push({ pos: v.pos, a: bottom, b: last, thick: 0, double: false });
  return { rules, columns };
}
