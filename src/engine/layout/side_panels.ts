// Step 5, each page, reading order: a side column of short lines. A CV or a data sheet sets
// its contact details, skills or key figures on a shaded band down one side of the page,
// beside the main text; a documentation site printed from the browser keeps its menu down the
// left side. Such a column's lines are short (an address, a list of skills, "Agents",
// "Pipelines"), too few of them wide enough to make a text column for the gutter search of
// reading_order.ts, so they were read row by row with the main text beside them. The shading,
// or for a menu its own leading (its lines share no baselines with the text beside them, as a
// form's labels and values do), says what the page is: the column is read on its own.
import type { Line, Rule } from "../model.js";
import { type Box, centreInside, compareNumbers, type OrderedGroup, orderedGroup, unionOf } from "./box.js";
import { lineText } from "./lines.js";
import { lowerBound } from "../tables/sorted_search.js";
import { sortInPlace } from "../sort_in_place.js";

const byBoxTop = (a: Box, b: Box) => compareNumbers(a.y0, b.y0);

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const baselineOf = (other: Box) => other.y1;

/** A panel is shaded: a filled rectangle wider and taller than this (points), not a drawn rule. */
const PANEL_SIDE_MIN_PT = 24;
/** Fills of a panel's size looked at on a page, at most. */
const PANEL_CANDIDATES_MAX = 64;
/** A fill covering more of the page than this is the page's background (rulings.ts's limit). */
const PANEL_PAGE_SHARE_MAX = 0.5;
/** The panel holds this many items at least, and as many stand beside it: a table's shaded
 *  header cell ("Persons" | "tested" | "for HIV" beside the other header cells) holds fewer. */
const PANEL_ITEMS_MIN = 5;
/** A menu has at least this many lines beside it. */
const MENU_BESIDE_MIN = 3;
/** Items beside the panel stand within its height, give or take this many points. */
const PANEL_HEIGHT_SLACK_PT = 2;

export interface SidePanel {
  box: Box;
  /** The panel stands left of the text beside it. */
  left: boolean;
  /** `shaded`: a fill, the text beside it within its height; `menu`: a stack of short lines
   *  at the page's left edge, the text beside it running on below. */
  kind: "shaded" | "menu";
}

/** A menu holds this many lines at least ... */
const MENU_LINES_MIN = 5;
/** ... each at most this share of the page wide, ... */
const MENU_LINE_PAGE_SHARE_MAX = 0.3;
/** ... starting within this many points of the page's left text edge; ... */
const MENU_EDGE_SLACK_PT = 1;
/** ... one under another, each at most this many line heights under the last; ... */
const MENU_GAP_LINES_MAX = 1;
/** ... the text beside it starts this many points right of its widest line at least, ... */
const MENU_GUTTER_MIN_PT = 12;
/** ... the text beside it starting at most this many of its line heights above its top, ... */
const MENU_TOP_LINES_MAX = 2;
/** ... at most this share of its lines ending at its right edge (justified text ends most
 * there), ... */
const MENU_FLUSH_END_SHARE_MAX = 0.5;
/** ... and at most this share of its lines share a baseline (their boxes' bottoms within
 * 1.5 pt) with that text. */
const MENU_SHARED_ROWS_SHARE_MAX = 1 / 3;
const BASELINE_TOLERANCE_PT = 1.5;

/** The items inside the panel and the others: the page's regions read apart (tables are
 *  searched in each alone, tables/detect.ts). */
export function splitAtPanel<T extends Box>(items: readonly T[], panel: SidePanel): T[][] {
  const inside: T[] = [];
  const outside: T[] = [];
  for (const item of items) (centreInside(item, panel.box) ? inside : outside).push(item);
  return [inside, outside];
}

/**
 * Orders the page's items with `order` (reading_order.ts's orderForReading), reading a side
 * column (findSidePanel on the page's lines) as a column: the items above it, then a shaded
 * panel and the text beside it, left to right, then the items below; or a menu, then the
 * text beside and below it as one region. Without a side column, or when the page's items
 * (its tables in place of their lines) no longer stand so around it, `order(items)`.
 */
export function orderWithSidePanel<T extends Box>(items: readonly T[], found: SidePanel | null, order: (items: readonly T[]) => OrderedGroup<T>[]): OrderedGroup<T>[] {
  const panel = found && (found.kind === "menu" ? menuOf(items, found.box, found.left) : sidePanelOf(items, found.box));
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
  const columns = (groups: OrderedGroup<T>[]) => groups.map((group) => orderedGroup(group.items, Math.max(2, group.columns)));
  // The text beside a menu runs on below it: one column, read whole after a menu on the
  // left, before one on the right (a page's "On this page" links, read after the page).
  if (panel.kind === "menu" && panel.left) return [...part(above, order), ...columns(part(inside, order)), ...columns(part([...beside, ...below], order))];
  if (panel.kind === "menu") return [...part(above, order), ...columns(part([...beside, ...below], order)), ...columns(part(inside, order))];
  const sides = panel.left ? [inside, beside] : [beside, inside];
  return [...part(above, order), ...columns(part(sides[0], order)), ...columns(part(sides[1], order)), ...part(below, order)];
}

/** A menu's entries are one a line, whatever room each leaves (a set of short lines is
 *  judged by the room its lines leave, and "Getting started" left too little for
 *  "Installation"): a line break after each of its lines. */
export function breakMenuEntries(lines: readonly Line[], panel: SidePanel | null): void {
  if (panel?.kind !== "menu" || !menuOf(lines, panel.box, panel.left)) return;
  for (const line of lines) if (centreInside(line, panel.box)) line.breakAfter = true;
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
  return findShadedPanel(items, rules, page) ?? findMenu(items, page) ?? findRightMenu(items, page);
}

function findShadedPanel(items: readonly Box[], rules: readonly Rule[], page: { width: number; height: number }): SidePanel | null {
  let candidates = 0;
  for (const rule of rules) {
    if (rule.kind !== "fill") continue;
    // Measured before a box is made: most fills are a table's shading or a chart's bars.
    const w = Math.max(rule.x0, rule.x1) - Math.min(rule.x0, rule.x1);
    const h = Math.max(rule.y0, rule.y1) - Math.min(rule.y0, rule.y1);
    if (w < PANEL_SIDE_MIN_PT || h < PANEL_SIDE_MIN_PT || w * h > PANEL_PAGE_SHARE_MAX * page.width * page.height) continue;
    const box = { x0: Math.min(rule.x0, rule.x1), y0: Math.min(rule.y0, rule.y1), x1: Math.max(rule.x0, rule.x1), y1: Math.max(rule.y0, rule.y1) };
    // Each candidate walks the page's lines: a map or a chart of thousands of filled shapes
    // is no page with a side panel, and is not walked thousands of times.
    if (++candidates > PANEL_CANDIDATES_MAX) return null;
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
  if (right >= PANEL_ITEMS_MIN) return { box, left: true, kind: "shaded" };
  if (left >= PANEL_ITEMS_MIN) return { box, left: false, kind: "shaded" };
  return null;
}

/**
 * A menu down the page's left edge: the short lines that start there, MENU_LINES_MIN or more,
 * with every line beside them (overlapping their height) starting MENU_GUTTER_MIN_PT right of
 * the widest, at least three such lines, few of them on a menu line's baseline. A text column
 * at the left edge has long lines there, which reach into the gutter: no menu.
 */
function findMenu(items: readonly Box[], page: { width: number }): SidePanel | null {
  let edge = Infinity;
  for (const item of items) edge = Math.min(edge, item.x0);
  // A loop and a comparator made once: a closure made per call loses its optimised code at
  // each full garbage collection.
  const short: Box[] = [];
  for (const item of items) if (item.x0 <= edge + MENU_EDGE_SLACK_PT && item.x1 - item.x0 <= MENU_LINE_PAGE_SHARE_MAX * page.width) short.push(item);
  // Too few short lines at the edge make no stack long enough: nothing to sort.
  if (short.length < MENU_LINES_MIN) return null;
  sortInPlace(short, byBoxTop);
  // The longest stack: each line within a line's height of the one above (a menu's entries
  // follow one another; a page's margin notes and a form's labels stand apart).
  const best = longestStack(short, MENU_GAP_LINES_MAX);
  if (best.length < MENU_LINES_MIN) return null;
  return menuOf(items, { ...unionOf(best), x0: edge }, true);
}

/** The longest run of `sorted` (by top) in which each box stands at most `gapLines` line
 *  heights (the taller of the two) under the one before it. */
function longestStack(sorted: readonly Box[], gapLines: number): Box[] {
  let best: Box[] = [];
  let run: Box[] = [];
  for (const item of sorted) {
    const last = run[run.length - 1];
    if (last && item.y0 - last.y1 > gapLines * Math.max(item.y1 - item.y0, last.y1 - last.y0)) run = [];
    run.push(item);
    if (run.length > best.length) best = run;
  }
  return best;
}

/** A menu on the right starts this share of the page's width from its left edge at least. */
const RIGHT_MENU_START_SHARE_MIN = 0.55;
/** A right-hand menu's entries stand at most this many line heights apart: its groups
 *  ("On this page", "Related") are set a blank line apart. */
const RIGHT_MENU_GAP_LINES_MAX = 2;

/**
 * A menu down the page's right side, as documentation sites print their "On this page"
 * links: short lines in the page's right part that start at one x (MENU_LINES_MIN of them or
 * more) or are indented from it (a section's subsections), one under another with at most
 * RIGHT_MENU_GAP_LINES_MAX line heights between, and the text beside them ending
 * MENU_GUTTER_MIN_PT left of that x at least (menuOf). A two-column page's right column has
 * lines too long for it; a form's values share their labels' baselines.
 */
function findRightMenu(items: readonly Box[], page: { width: number }): SidePanel | null {
  const starts: number[] = [];
  for (const item of items) if (item.x0 >= RIGHT_MENU_START_SHARE_MIN * page.width && item.x1 - item.x0 <= MENU_LINE_PAGE_SHARE_MAX * page.width) starts.push(item.x0);
  if (starts.length < MENU_LINES_MIN) return null;
  sortInPlace(starts, ascendingNumbers);
  // The x the most of them start at, within MENU_EDGE_SLACK_PT.
  let edge = 0;
  let most = 0;
  for (let i = 0, j = 0; i < starts.length; i++) {
    while (starts[i] - starts[j] > MENU_EDGE_SLACK_PT) j++;
    if (i - j + 1 > most) (most = i - j + 1), (edge = starts[j]);
  }
  if (most < MENU_LINES_MIN) return null;
  const column: Box[] = [];
  for (const item of items) if (item.x0 >= edge - MENU_EDGE_SLACK_PT) column.push(item);
  sortInPlace(column, byBoxTop);
  const best = longestStack(column, RIGHT_MENU_GAP_LINES_MAX);
  if (best.length < MENU_LINES_MIN) return null;
  let numbered = 0;
  for (const item of best) {
    if (item.x1 - item.x0 > MENU_LINE_PAGE_SHARE_MAX * page.width) return null;
    if (holdsDigit(item)) numbered++;
  }
  // A contents page's right column ends its entries in page numbers, a letter's sender column
  // holds telephone numbers, a room and a postcode: each read in its place, not after the page.
  if (numbered > RIGHT_MENU_NUMBERED_SHARE_MAX * best.length) return null;
  return menuOf(items, { ...unionOf(best), x0: edge }, false);
}

/** At most this share of a right-hand menu's lines hold a digit. */
const RIGHT_MENU_NUMBERED_SHARE_MAX = 0.2;
const HAS_NUMBER = /\p{N}/u;

function holdsDigit(item: Box): boolean {
  return "spans" in item && HAS_NUMBER.test(lineText(item as Line));
}

const ascendingNumbers = compareNumbers;

/** The menu in `box` (on the page's left side or its right), when the items still stand so
 *  around it (menu lines inside, the text beside it clear of its gutter, few shared
 *  baselines), or null. */
function menuOf(items: readonly Box[], box: Box, left: boolean): SidePanel | null {
  const menu: Box[] = [];
  const beside: Box[] = [];
  for (const item of items) {
    if (item.y1 <= box.y0 || item.y0 >= box.y1) continue;
    if (centreInside(item, box) && item.x1 <= box.x1) menu.push(item);
    else if (left ? item.x0 >= box.x1 + MENU_GUTTER_MIN_PT : item.x1 <= box.x0 - MENU_GUTTER_MIN_PT) beside.push(item);
    else return null;
  }
  if (menu.length < MENU_LINES_MIN || beside.length < MENU_BESIDE_MIN) return null;
  // A menu's entries end where their words do; a narrow column of justified text ends most of
  // its lines at one x (a newsletter's first of three columns, its lines 0.296 of the page
  // wide, had been a menu, each of its lines a paragraph's line break).
  let right = -Infinity;
  for (const line of menu) right = Math.max(right, line.x1);
  let flush = 0;
  for (const line of menu) if (right - line.x1 <= MENU_EDGE_SLACK_PT) flush++;
  if (flush > MENU_FLUSH_END_SHARE_MAX * menu.length) return null;
  // The text beside a menu starts about where the menu does: a stack of short lines halfway
  // down a column (a listing, a list) has the other column's text beside it from the top.
  const lineHeight = box.y1 - box.y0 > 0 ? (menu[0].y1 - menu[0].y0) : 0;
  if (left) {
    for (const item of items) if (item.x0 >= box.x1 + MENU_GUTTER_MIN_PT && item.y0 < box.y0 - MENU_TOP_LINES_MAX * lineHeight) return null;
  } else {
    // A menu on the right starts its column: a stack of short lines down a right-hand column
    // of text (a list in a paper's right column) has that column's lines above it.
    for (const item of items) if (item.y1 <= box.y0 && item.x1 > box.x0 - MENU_GUTTER_MIN_PT) return null;
  }
  // The text's baselines sorted once: each menu line asks a binary search, so a page of
  // thousands of lines on either side stays linear-logarithmic.
  const baselines = Float64Array.from(beside, baselineOf).sort();
  let shared = 0;
  for (const line of menu) {
    const at = lowerBound(baselines, line.y1 - BASELINE_TOLERANCE_PT);
    if (at < baselines.length && baselines[at] <= line.y1 + BASELINE_TOLERANCE_PT && ++shared > MENU_SHARED_ROWS_SHARE_MAX * menu.length) return null;
  }
  return { box, left, kind: "menu" };
}
