// Step 5, each page: a rule drawn across the text parts the page into bands read one after the
// other. Reading order sees boxes only, so a gutter that runs from a letterhead's two sides on
// down between two boxes under its rule (a bank statement's "Carrow Bank" beside "Current
// Account Statement", then "Account holder" beside "Summary") made one pair of columns of
// both, and the statement's heading was read after the account holder's address. The author
// drew the rule to end the band above it.
import { type Box, type OrderedGroup, unionOf } from "./box.js";

/** A divider is a thin rule: at most this tall (a browser's 3 px border is 2.25 pt) ... */
const DIVIDER_HEIGHT_PT_MAX = 3;
/** ... across at least this share of the width of the text it parts. */
const DIVIDER_WIDTH_SHARE_MIN = 0.9;
/** Each band holds this many items at least, and so does each column on each side of the
 *  divider: a rule under a lone title, over a lone footer line or under a table's head cells
 *  parts nothing worth a band. */
const DIVIDER_BAND_ITEMS_MIN = 2;

/**
 * Orders the items with `order`, band by band between the page's dividers (rules across the
 * text that no item crosses, with DIVIDER_BAND_ITEMS_MIN items above and below), where
 * `order(items)` reads a pair of columns across one of them; otherwise `order(items)`.
 */
export function orderBetweenDividers<T extends Box>(items: readonly T[], rules: readonly Box[], order: (items: readonly T[]) => OrderedGroup<T>[]): OrderedGroup<T>[] {
  const cuts = dividerCuts(items, rules);
  const whole = order(items);
  // Only a gutter that runs across a divider reads otherwise than the author parted the page:
  // bands read one after the other read so already.
  if (cuts.length === 0 || !columnsAcross(whole, cuts)) return whole;
  const bands: T[][] = Array.from({ length: cuts.length + 1 }, () => []);
  for (const item of items) {
    let k = 0;
    while (k < cuts.length && item.y0 >= cuts[k]) k++;
    bands[k].push(item);
  }
  const out: OrderedGroup<T>[] = [];
  for (const band of bands) if (band.length > 0) out.push(...order(band));
  return out;
}

/** Whether two groups read as columns side by side both hold DIVIDER_BAND_ITEMS_MIN items
 *  above and below one of the cuts: a gutter that runs across the divider, blocks of each
 *  column on both sides of it (a table's head cell over its rule is one item). */
function columnsAcross<T extends Box>(groups: readonly OrderedGroup<T>[], cuts: readonly number[]): boolean {
  for (const y of cuts) {
    let crossing = 0;
    for (const group of groups) {
      if (group.columns < 2) continue;
      let above = 0;
      let below = 0;
      for (const it of group.items) {
        if (it.y1 <= y) above++;
        else below++;
      }
      if (above >= DIVIDER_BAND_ITEMS_MIN && below >= DIVIDER_BAND_ITEMS_MIN && ++crossing >= 2) return true;
    }
  }
  return false;
}

/** The y of each divider, top to bottom (see orderBetweenDividers). */
function dividerCuts(items: readonly Box[], rules: readonly Box[]): number[] {
  if (items.length < 2 * DIVIDER_BAND_ITEMS_MIN) return [];
  const { x0, x1 } = unionOf(items);
  const width = x1 - x0;
  const cuts: number[] = [];
  for (const rule of rules) {
    if (rule.y1 - rule.y0 > DIVIDER_HEIGHT_PT_MAX || Math.min(rule.x1, x1) - Math.max(rule.x0, x0) < DIVIDER_WIDTH_SHARE_MIN * width) continue;
    const y = (rule.y0 + rule.y1) / 2;
    let above = 0;
    let below = 0;
    let crossed = false;
    for (const it of items) {
      if (it.y1 <= y) above++;
      else if (it.y0 >= y) below++;
      else {
        crossed = true;
        break;
      }
    }
    if (!crossed && above >= DIVIDER_BAND_ITEMS_MIN && below >= DIVIDER_BAND_ITEMS_MIN) cuts.push(y);
  }
  cuts.sort((a, b) => a - b);
  return cuts;
}
