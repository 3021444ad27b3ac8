// Step 5, each page, reading order: a shaded side panel. A CV or a data sheet sets its contact
// details, skills or key figures on a shaded band down one side of the page, beside the main
// text. The panel's lines are short (an address, a list of skills), too few of them wide
// enough to make a text column for the gutter search of reading_order.ts, so its lines were
// read row by row with the main text beside them. The shading says what the page is: the
// panel is read as a column of its own, beside the text it stands next to.
import type { Rule } from "../model.js";
import type { Box, OrderedGroup } from "./box.js";

/** A panel is shaded: a filled rectangle wider and taller than this (points), not a drawn rule. */
const PANEL_SIDE_MIN_PT = 24;
/** A fill covering more of the page than this is the page's background (rulings.ts's limit). */
const PANEL_PAGE_SHARE_MAX = 0.5;
/** The panel holds this many items at least, and as many stand beside it. */
const PANEL_ITEMS_MIN = 3;
/** Items beside the panel stand within its height, give or take this many points. */
const PANEL_HEIGHT_SLACK_PT = 2;

export interface SidePanel {
  box: Box;
  /** The panel stands left of the text beside it. */
  left: boolean;
}

/** The items inside the panel and the others: the page's regions read apart (tables are
 *  searched in each alone, tables/detect.ts). */
export function splitAtPanel<T extends Box>(items: readonly T[], panel: SidePanel): T[][] {
  const inside: T[] = [];
  const outside: T[] = [];
  for (const item of items) (centreInside(item, panel.box) ? inside : outside).push(item);
  return [inside, outside];
}

/**
 * Orders the page's items with `order` (reading_order.ts's orderForReading), reading a shaded
 * side panel (findSidePanel on the page's lines) as a column: the items above the panel, then
 * the panel and the text beside it, left to right, then the items below. Without a panel, or
 * when the page's items (its tables in place of their lines) no longer stand so around it,
 * `order(items)`.
 */
export function orderWithSidePanel<T extends Box>(items: readonly T[], found: SidePanel | null, order: (items: readonly T[]) => OrderedGroup<T>[]): OrderedGroup<T>[] {
  const panel = found && sidePanelOf(items, found.box);
  if (!panel) return order(items);
  const { box } = panel;
  const above: T[] = [];
  const inside: T[] = [];
  const beside: T[] = [];
  const below: T[] = [];
  for (const item of items) {
    if (centreInside(item, box)) inside.push(item);
    else if (item.y1 <= box.y0) above.push(item);
    else if (item.y0 >= box.y1) below.push(item);
    else beside.push(item);
  }
  const columns = (groups: OrderedGroup<T>[]) => groups.map((group) => ({ items: group.items, columns: Math.max(2, group.columns) }));
  const sides = panel.left ? [inside, beside] : [beside, inside];
  return [...part(above, order), ...columns(part(sides[0], order)), ...columns(part(sides[1], order)), ...part(below, order)];
}

function part<T extends Box>(items: readonly T[], order: (items: readonly T[]) => OrderedGroup<T>[]): OrderedGroup<T>[] {
  return items.length === 0 ? [] : order(items);
}

/**
 * The first shaded panel down one side of the text: a fill holding PANEL_ITEMS_MIN items or
 * more, beside as many others that stand wholly on one side of it and within its height, with
 * no item reaching into it from outside. A shaded box inside a column (a textbook's note, a
 * magazine's box beside the other column's text that runs on above and below it) is none.
 */
export function findSidePanel(items: readonly Box[], rules: readonly Rule[], page: { width: number; height: number }): SidePanel | null {
  for (const rule of rules) {
    if (rule.kind !== "fill") continue;
    const box = { x0: Math.min(rule.x0, rule.x1), y0: Math.min(rule.y0, rule.y1), x1: Math.max(rule.x0, rule.x1), y1: Math.max(rule.y0, rule.y1) };
    const w = box.x1 - box.x0;
    const h = box.y1 - box.y0;
    if (w < PANEL_SIDE_MIN_PT || h < PANEL_SIDE_MIN_PT || w * h > PANEL_PAGE_SHARE_MAX * page.width * page.height) continue;
    const panel = sidePanelOf(items, box);
    if (panel) return panel;
  }
  return null;
}

function sidePanelOf(items: readonly Box[], box: Box): SidePanel | null {
  let inside = 0;
  let left = 0;
  let right = 0;
  for (const item of items) {
    if (centreInside(item, box)) {
      inside++;
      continue;
    }
    if (item.y1 <= box.y0 || item.y0 >= box.y1) continue;
    // Beside the panel: wholly on one side of it, and within its height.
    if (item.y0 < box.y0 - PANEL_HEIGHT_SLACK_PT || item.y1 > box.y1 + PANEL_HEIGHT_SLACK_PT) return null;
    if (item.x1 <= box.x0) left++;
    else if (item.x0 >= box.x1) right++;
    else return null;
  }
  if (inside < PANEL_ITEMS_MIN || (left > 0 && right > 0)) return null;
  if (right >= PANEL_ITEMS_MIN) return { box, left: true };
  if (left >= PANEL_ITEMS_MIN) return { box, left: false };
  return null;
}

function centreInside(item: Box, box: Box): boolean {
  const cx = (item.x0 + item.x1) / 2;
  const cy = (item.y0 + item.y1) / 2;
  return cx >= box.x0 && cx <= box.x1 && cy >= box.y0 && cy <= box.y1;
}
