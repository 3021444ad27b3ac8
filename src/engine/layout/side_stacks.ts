// Step 5, each page: two short stacks of lines side by side in a band of their own are read
// one stack after the other. The reading-order kernels (reading_order.ts and its Rust port)
// cut a page into columns only where each side holds three items or more, two of them lines
// of text, so that a form's rows of label and value are not torn apart; a letterhead's band
// (a shop's name over "Thank you for your order!" at the left, "Order #NF-20931" | "Placed 24
// November 2026" | "Paid by card ending 4411" at the right) fell short of that and was read
// row by row, its two blocks interleaved. Such stacks are told from a form's rows by their
// lines, which do not pair up across the gap one for one. Done here, on the kernels' groups,
// so that every kernel gives the same order.
import type { Line } from "../model.js";
import { type Box, byLeftEdge, byTopThenLeft, type OrderedGroup, orderedGroup, unionOf } from "./box.js";
import { BAND_GAP_HEIGHT_SHARE, readBandsInTwo } from "./column_bands.js";
import { onOneBaseline } from "./row_order.js";
import { lineText } from "./lines.js";
import { sortNumbers } from "./number_sort.js";
import { sortInPlace } from "../sort_in_place.js";


/** Each stack holds at least this many lines (one line beside one is a row: a title and its
 *  date) ... */
const STACK_LINES_MIN = 2;
/** ... and at most this many: a longer pair of stacks is a page's columns, the kernels' work. */
const STACK_LINES_MAX = 8;
/** The empty strip between the stacks is at least this many line heights wide: words and a
 *  form's label and value stand closer. */
const STACK_GAP_LINE_HEIGHTS_MIN = 3;
/** Every line of both stacks is at most this share of the band's width: a letterhead's blocks
 *  are short lines, where a column of text beside a margin note runs wide. */
const STACK_LINE_WIDTH_SHARE_MAX = 0.4;
/** Each stack's lines start, or end, at one x within this many line heights: a block set
 *  flush left or flush right. */
const STACK_EDGE_LINE_HEIGHTS = 0.5;
/** A stack's line is a line of its own, whatever room it leaves, when the next starts as a
 *  line of a set does (a capital, a digit) ... */
export const SET_LINE_START = /^\s*[\p{Lu}\p{N}]/u;
/** ... and it does not run on into it (a comma, a joining sign, a word broken at its end). */
export const RUNS_ON = /(?:[,;\-–—&/]|\p{Ll}-)\s*$/u;

/**
 * The groups with each single-column group's bands of two stacks side by side (a strip no
 * item crosses between them, both of lines of words only (`isTextLine`), short and set
 * flush, STACK_LINES_MIN to STACK_LINES_MAX of them a side, not paired row by row) read as
 * two groups, the left stack first, in place of the band; the stacks' lines broken.
 */
export function readSideStacksApart<T extends Box>(groups: OrderedGroup<T>[], isTextLine: (item: T) => item is T & Line): OrderedGroup<T>[] {
  return readBandsInTwo(groups, isTextLine, 2 * STACK_LINES_MIN, 2 * STACK_LINES_MAX, (items, start, end, lineHeight) => {
    // Most bands are a paragraph's lines, as wide as the band: sideStacks' width test, asked
    // first from the boxes alone, spares reading each line's text for letters.
    if (holdsWideLine(items, start, end)) return null;
    if (!allTextLines(items, start, end, isTextLine)) return null;
    const stacks = sideStacks(items.slice(start, end), STACK_GAP_LINE_HEIGHTS_MIN * lineHeight, STACK_EDGE_LINE_HEIGHTS * lineHeight);
    if (stacks !== null) for (const stack of stacks) breakStackLines(stack.filter(isTextLine));
    return stacks;
  });
}

/** Whether a line of items[from, to) is wider than STACK_LINE_WIDTH_SHARE_MAX of their
 *  extent: sideStacks' width test, which then answers null. False where an x is NaN, whose
 *  order the sort in sideStacks decides. */
function holdsWideLine(items: readonly Box[], from: number, to: number): boolean {
  let left = Infinity;
  let right = -Infinity;
  for (let k = from; k < to; k++) {
    const { x0, x1 } = items[k];
    if (Number.isNaN(x0) || Number.isNaN(x1)) return false;
    if (x0 < left) left = x0;
    if (x1 > right) right = x1;
  }
  const width = right - left;
  for (let k = from; k < to; k++) if (items[k].x1 - items[k].x0 > STACK_LINE_WIDTH_SHARE_MAX * width) return true;
  return false;
}

function allTextLines<T extends Box>(items: readonly T[], from: number, to: number, isTextLine: (item: T) => item is T & Line): boolean {
  for (let k = from; k < to; k++) if (!isTextLine(items[k])) return false;
  return true;
}

/**
 * The groups with a letterhead read across first: where the kernels read a band's left
 * column whole before its right one, and each column opens with a block of short lines on
 * one row with the other's (a company's name at the left, its address set flush right at
 * the right), the right one ending above the left column's next block (the recipient's
 * address under the name), the two opening blocks are read first, the left one before the
 * right, then the rest of each column. A letter had read the recipient before the sender.
 * Both columns must be short lines only, STACK_LINES_MAX × 2 at most each: columns of text
 * run wider than STACK_LINE_WIDTH_SHARE_MAX of the band, and run longer.
 */
export function readLetterheadFirst<T extends Box>(groups: OrderedGroup<T>[], isTextLine: (item: T) => item is T & Line): OrderedGroup<T>[] {
  for (let g = 0; g + 1 < groups.length; g++) {
    // The columns first: most pairs of groups are no two columns, and their items are not read.
    if (groups[g].columns !== 2 || groups[g + 1].columns !== 2) continue;
    const split = letterhead(groups[g].items, groups[g + 1].items, isTextLine);
    if (split === null) continue;
    const [head, block, leftRest, rightRest] = split;
    const read = [head, block, leftRest, rightRest].filter((items) => items.length > 0).map((items) => orderedGroup(items, 2));
    return [...groups.slice(0, g), ...read, ...groups.slice(g + 2)];
  }
  return groups;
}

/** Two columns' first lines of different sizes open one row when their tops are level within
 *  this share of the shorter one's height: a CV's name in large type beside its contact lines,
 *  both set from one top (a grid's or a flex row's items aligned at their start), whose
 *  baselines lie a large line's depth apart. */
const LEVEL_TOPS_HEIGHT_SHARE = 0.5;

function topsLevel(a: Box, b: Box): boolean {
  return Math.abs(a.y0 - b.y0) <= LEVEL_TOPS_HEIGHT_SHARE * Math.min(a.y1 - a.y0, b.y1 - b.y0);
}

/** A telephone number's characters: digits, a plus, brackets, dashes, dots, slashes, spaces. */
const TELEPHONE = /^[\d\s+()\-–./]{6,}$/u;

/** A reading-order item that is a line of figures alone (no table or float: a line's spans). */
function isFigureLine<T extends Box>(item: T): boolean {
  const spans = (item as unknown as Partial<Line>).spans;
  if (!Array.isArray(spans) || (item as { table?: unknown }).table || (item as { float?: unknown }).float) return false;
  return TELEPHONE.test(spans.map((span) => span.text).join("").trim());
}

/** The left column's opening block, the right one's, and the rest of each, when the two
 *  open a letterhead (readLetterheadFirst); otherwise null. */
function letterhead<T extends Box>(left: T[], right: T[], isTextLine: (item: T) => item is T & Line): [T[], T[], T[], T[]] | null {
  if (left.length < 2 || right.length === 0 || left.length > 2 * STACK_LINES_MAX || right.length > 2 * STACK_LINES_MAX) return null;
  if (left[0].x1 >= right[0].x0 || !(onOneBaseline(left[0], right[0]) || topsLevel(left[0], right[0]))) return null;
  const lineHeight = medianHeight(left.concat(right).filter(isTextLine));
  if (lineHeight <= 0) return null;
  const leftBands = bands(left, BAND_GAP_HEIGHT_SHARE * lineHeight);
  const rightBands = bands(right, BAND_GAP_HEIGHT_SHARE * lineHeight);
  if (leftBands.length < 2) return null;
  const [head, block] = [leftBands[0], rightBands[0]];
  if (unionOf(block).y1 >= leftBands[1][0].y0) return null;
  const band = unionOf(left.concat(right));
  // Both columns are blocks of short lines (a letter's head, above its text's band): a
  // column of text or a table beside short lines is the kernels' to order.
  const short = (item: T) => isTextLine(item) && item.x1 - item.x0 <= STACK_LINE_WIDTH_SHARE_MAX * (band.x1 - band.x0);
  // A telephone number counts as a short line in the right column's opening block only (a
  // CV's contact lines beside its name); a number elsewhere (a thesis' committee number under
  // its chair's name) leaves the columns to the kernels.
  const shortOrTelephone = (item: T) => short(item) || (isFigureLine(item) && item.x1 - item.x0 <= STACK_LINE_WIDTH_SHARE_MAX * (band.x1 - band.x0));
  if (!left.every(short) || !block.every(shortOrTelephone) || !right.slice(block.length).every(short)) return null;
  return [head, block, left.slice(head.length), right.slice(block.length)];
}

/**
 * A stack's lines are set one by one (a shop's "Placed 24 November 2026" over "Paid by card
 * ending 4411", a title page's "Relatore" over the name): its box is as wide as its widest
 * line, which then leaves no room for the next line's first word by the measure of nothing
 * else, and would read as a paragraph's full line. Marks a line break after each line that
 * the next does not go on from (SET_LINE_START, RUNS_ON).
 */
function breakStackLines(stack: readonly Line[]): void {
  for (let k = 0; k + 1 < stack.length; k++) {
    if (SET_LINE_START.test(lineText(stack[k + 1])) && !RUNS_ON.test(lineText(stack[k]))) stack[k].breakAfter = true;
  }
}

/** The items, in their order, cut where an empty row at least `gap` tall stands above one. */
function bands<T extends Box>(items: readonly T[], gap: number): T[][] {
  const out: T[][] = [];
  let bottom = -Infinity;
  for (const item of items) {
    if (out.length === 0 || item.y0 - bottom >= gap) out.push([]);
    out[out.length - 1].push(item);
    bottom = Math.max(bottom, item.y1);
  }
  return out;
}

/** The band's left and right stacks, each top to bottom, when a strip at least `gap` wide
 *  parts them, each is set flush (a third block beside them leaves one side ragged: a row of
 *  blocks, "Shipping to" | "Billing address" | "Delivery", is read as the table it makes, or
 *  as the kernels read it) and their lines do not pair up row by row; otherwise null. */
function sideStacks<T extends Box>(band: readonly T[], gap: number, tolerance: number): [T[], T[]] | null {
  const byLeft = sortInPlace(band.slice(), byLeftEdge);
  let reach = -Infinity;
  let cut = -1;
  for (let i = 0; i < byLeft.length; i++) {
    if (i > 0 && byLeft[i].x0 - reach >= gap) cut = i;
    reach = Math.max(reach, byLeft[i].x1);
  }
  const width = byLeft.reduce((x1, item) => Math.max(x1, item.x1), -Infinity) - byLeft[0].x0;
  if (byLeft.some((item) => item.x1 - item.x0 > STACK_LINE_WIDTH_SHARE_MAX * width)) return null;
  if (cut < STACK_LINES_MIN || byLeft.length - cut < STACK_LINES_MIN || cut > STACK_LINES_MAX || byLeft.length - cut > STACK_LINES_MAX) return null;
  const left = sortInPlace(byLeft.slice(0, cut), byTopThenLeft);
  const right = sortInPlace(byLeft.slice(cut), byTopThenLeft);
  if (!flush(left, tolerance) || !flush(right, tolerance)) return null;
  return pairedRowByRow(left, right) ? null : [left, right];
}

/** Whether every line of each side shares its row with a line of the other: a form's labels
 *  and values, read row by row. */
function pairedRowByRow(left: readonly Box[], right: readonly Box[]): boolean {
  if (left.length !== right.length) return false;
  return left.every((line, i) => onOneBaseline(line, right[i]));
}

/** Whether the lines start, or end, at one x within `tolerance`. */
function flush(lines: readonly Box[], tolerance: number): boolean {
  const spread = (edge: (line: Box) => number) => Math.max(...lines.map(edge)) - Math.min(...lines.map(edge));
  return spread((line) => line.x0) <= tolerance || spread((line) => line.x1) <= tolerance;
}

/** medianHeight of the items that are lines of words, without an array of them. */
/** The median of the items' heights (the upper one of an even count); 0 for none. */
function medianHeight(items: readonly Box[]): number {
  if (items.length === 0) return 0;
  const heights: number[] = [];
  for (const it of items) heights.push(it.y1 - it.y0);
  sortNumbers(heights);
  return heights[heights.length >> 1];
}
