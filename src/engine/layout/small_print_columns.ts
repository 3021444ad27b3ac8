// Step 5, each page: a stack of small print beside a column of text, parted from it by a strip
// narrower than reading order's narrowest gutter (GUTTER_WIDTH_MIN), is read as a column of its
// own, after the text: the small print is the captions of the figures floated beside the text,
// and a float is read after the text it stands beside (render/page.ts puts each of its blocks
// after the text's block beside which it starts), so a paragraph running from the lines across
// the page into the column reads whole. A
// scan's OCR layer boxes its words loosely: ocr-vicksburg-p3's figure caption, set in
// 8.6 pt in the left margin, ends 2 to 5 pt before the 11.2 pt column of text beside it, and the
// kernels, finding no gutter, read the two row by row, a caption's line between each two of
// the text's. The two sizes tell the stacks apart where the strip is too narrow to: a form's
// labels and values, a table's cells, a justified paragraph's rivers stand in one size. Done
// here, on the kernels' groups, so that every kernel gives the same order (as side_stacks.ts).
import type { Line } from "../model.js";
import { type Box, byLeftEdge, byTopThenLeft, type OrderedGroup, orderedGroup } from "./box.js";
import { lineSize, medianOfLines } from "./lines.js";
import { GUTTER_WIDTH_MIN } from "./reading_order.js";
import { sortInPlace } from "../sort_in_place.js";


/** The strip between the stacks is this many points wide at least: an OCR layer's word boxes
 *  touch or overlap by less than this within a line, a caption's lines stand 2 pt and more
 *  from the text beside them. (Wider strips, from GUTTER_WIDTH_MIN up, are the kernels'.) */
const NARROW_GUTTER_MIN_PT = 2;
/** Lines as wide as this share of the group's width at least cross the strip: a title or a
 *  paragraph's line over both stacks, which bounds the band the stacks stand in. */
const SPANNING_WIDTH_SHARE = 0.6;
/** Each stack holds this many lines at least: a column, not a label beside a line. */
const STACK_LINES_MIN = 3;
/** The larger type is this many times the smaller at least (sizes the lines' characters
 *  mostly carry, median over each stack): caption beside body, 8.6 pt beside 11.2 pt. */
const SIZE_RATIO_MIN = 1.2;
/** A stack's line stands at the strip when its near edge is this many of its ems from it at
 *  most: a column's lines start at its left edge (an indent is an em or two), a justified
 *  caption's end at its right. */
const AT_STRIP_EMS = 1.5;
/** This share of each stack's lines stands at the strip at least: columns set against it, not a
 *  table's cells that happen to leave a narrow strip between two of them (srdp-mathematik's
 *  code line ending 2 pt before a grade table's "Note"). */
const AT_STRIP_SHARE_MIN = 0.5;
/** The stacks overlap vertically by this share of the shorter one's height at least (side by
 *  side, as reading_order.ts asks of columns). */
const VERTICAL_OVERLAP_SHARE = 0.3;

/**
 * The groups with each single-column group's band of two stacks in two sizes, parted by a
 * narrow strip no line of the band crosses (NARROW_GUTTER_MIN_PT up to GUTTER_WIDTH_MIN), read
 * as two groups, the stack in the larger type first, in place of the band. The band runs between the lines
 * that span the group (SPANNING_WIDTH_SHARE) and cross the strip.
 */
export function readSmallPrintColumnsApart<T extends Box>(groups: OrderedGroup<T>[], isTextLine: (item: T) => item is T & Line): OrderedGroup<T>[] {
  let out: OrderedGroup<T>[] | null = null;
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g];
    const split = group.columns === 1 && group.items.length >= 2 * STACK_LINES_MIN ? splitGroup(group.items, isTextLine) : null;
    if (split === null) {
      out?.push(group);
      continue;
    }
    out ??= groups.slice(0, g);
    out.push(...split);
  }
  return out ?? groups;
}

/** The group's items cut into bands and stacks at the first narrow strip that parts two
 *  stacks in two sizes; null when none does. */
function splitGroup<T extends Box>(items: T[], isTextLine: (item: T) => item is T & Line): OrderedGroup<T>[] | null {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const it of items) {
    x0 = Math.min(x0, it.x0);
    x1 = Math.max(x1, it.x1);
  }
  const narrow: T[] = [];
  for (const it of items) if (it.x1 - it.x0 < SPANNING_WIDTH_SHARE * (x1 - x0)) narrow.push(it);
  sortInPlace(narrow, byLeftEdge);
  let reach = -Infinity;
  for (let i = 0; i < narrow.length; i++) {
    const gap = narrow[i].x0 - reach;
    if (i > 0 && gap >= NARROW_GUTTER_MIN_PT && gap < GUTTER_WIDTH_MIN) {
      const split = splitAt(items, { x0: reach, x1: narrow[i].x0 }, isTextLine);
      if (split) return split;
    }
    reach = Math.max(reach, narrow[i].x1);
  }
  return null;
}

/** The items cut at the strip: runs of items none of which crosses it, each run holding two
 *  stacks in two sizes read as two groups (the text, then the small print), the rest as they
 *  were. */
function splitAt<T extends Box>(items: T[], strip: { x0: number; x1: number }, isTextLine: (item: T) => item is T & Line): OrderedGroup<T>[] | null {
  const out: OrderedGroup<T>[] = [];
  let rest: T[] = [];
  let run: T[] = [];
  let split = false;
  const flushRun = () => {
    const stacks = run.length >= 2 * STACK_LINES_MIN ? twoSizedStacks(run, strip, isTextLine) : null;
    if (stacks) {
      if (rest.length > 0) out.push(orderedGroup(rest, 1));
      rest = [];
      out.push(orderedGroup(stacks[0], 2), orderedGroup(stacks[1], 2, true));
      split = true;
    } else rest.push(...run);
    run = [];
  };
  for (const it of items) {
    if (it.x1 <= strip.x0 || it.x0 >= strip.x1) {
      run.push(it);
      continue;
    }
    flushRun();
    rest.push(it);
  }
  flushRun();
  if (!split) return null;
  if (rest.length > 0) out.push(orderedGroup(rest, 1));
  return out;
}

/** The run's two stacks, the one in the larger type first, each top to bottom, when both are
 *  lines of words only, STACK_LINES_MIN of them at least, set against the strip, side by side,
 *  one in a type SIZE_RATIO_MIN times the other's; otherwise null. */
function twoSizedStacks<T extends Box>(run: readonly T[], strip: { x0: number; x1: number }, isTextLine: (item: T) => item is T & Line): [T[], T[]] | null {
  const left: (T & Line)[] = [];
  const right: (T & Line)[] = [];
  for (const it of run) {
    if (!isTextLine(it)) return null;
    (it.x1 <= strip.x0 ? left : right).push(it);
  }
  if (left.length < STACK_LINES_MIN || right.length < STACK_LINES_MIN) return null;
  if (!setAgainst(left, (line) => strip.x0 - line.x1) || !setAgainst(right, (line) => line.x0 - strip.x1)) return null;
  const a = medianSize(left);
  const b = medianSize(right);
  if (Math.max(a, b) < SIZE_RATIO_MIN * Math.min(a, b)) return null;
  const top = (side: readonly Box[]) => Math.min(...side.map((it) => it.y0));
  const bottom = (side: readonly Box[]) => Math.max(...side.map((it) => it.y1));
  const overlap = Math.min(bottom(left), bottom(right)) - Math.max(top(left), top(right));
  const shorter = Math.min(bottom(left) - top(left), bottom(right) - top(right));
  if (overlap < VERTICAL_OVERLAP_SHARE * shorter) return null;
  sortInPlace(left, byTopThenLeft);
  sortInPlace(right, byTopThenLeft);
  return a < b ? [right, left] : [left, right];
}

/** Whether AT_STRIP_SHARE_MIN of the stack's lines, and STACK_LINES_MIN at least, stand at the
 *  strip: `distance` is a line's near edge's from it. */
function setAgainst(stack: readonly Line[], distance: (line: Line) => number): boolean {
  let at = 0;
  for (const line of stack) if (distance(line) <= AT_STRIP_EMS * lineSize(line)) at++;
  return at >= STACK_LINES_MIN && at >= AT_STRIP_SHARE_MIN * stack.length;
}

/** The median of the lines' sizes (lineSize: the size most of a line's characters carry). */
function medianSize(lines: readonly Line[]): number {
  return medianOfLines(lines, lineSize)!;
}
