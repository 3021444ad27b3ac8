// A column whose paragraphs are set a fixed skip apart, a skip smaller than the paragraph gap
// blocks.ts asks of any page: texinfo's parskip (libtasn1's function reference, one-line
// "name: description" items 6.2 pt apart against 3.2 pt of leading), a reference list whose
// entries are 20 pt apart at a 12 pt pitch (bath-bst, in Latin Modern, whose line boxes are
// taller than the pitch). The page's own gaps say so: two tight clusters, the upper one after
// lines that end a paragraph.
import type { Line } from "../model.js";
import { ascending } from "../tables/sorted_search.js";

/** The gap that ends a paragraph in such a column, and the lines it is measured between. */
export interface ParagraphSkip {
  /** A gap between two such lines larger than this ends a paragraph. */
  threshold: number;
  /** The column's main size: only lines of it are measured. */
  size: number;
  /** Line boxes shorter than this are not of the usual height: their gap is no pitch. */
  boxHeightMin: number;
  boxHeightMax: number;
}

/** Lines within this many points of the main size are of it. */
const SIZE_TOLERANCE_PT = 1;
/** A line box within this many ems of the usual line box's height is of that height: a
 *  typewriter word in the line (a taller box by 0.3 pt) leaves its gap a measure of the pitch. */
const BOX_HEIGHT_TOLERANCE_EMS = 0.05;
/** A line starting further right than this many ems of the one above is not its paragraph's
 *  line, nor the next paragraph's (indented) start. */
const SHIFT_EMS_MAX = 3;
/** Gaps under this share of a line box's height are leading or a skip, not blank lines. */
const SKIP_HEIGHT_SHARE_MAX = 1;
/** The skip stands this many ems above the leading at least ... */
const SKIP_JUMP_EMS_MIN = 0.2;
/** ... and each cluster spans at most this share of the jump between them: leading that
 *  varies with the lines' contents makes no two clusters. */
const CLUSTER_SPREAD_SHARE_MAX = 0.5;
/** Gaps each cluster has at least: a skip that recurs, leading of more than one paragraph. */
const CLUSTER_GAPS_MIN = 2;
/** This share of the skips at least follow a line that ends a paragraph: short, or ending a
 *  sentence. Lines a little further apart inside paragraphs (a body set looser than its
 *  quotations) end mid-sentence at the margin. */
const SKIP_AFTER_END_SHARE_MIN = 0.75;
/** ... and this share of the leading follows a line that ran to the column's edge: the
 *  leading is that of paragraphs that wrap, not of a stack of short lines (a form's check
 *  boxes' labels, a little apart by chance). */
const LEADING_AFTER_FULL_SHARE_MIN = 0.75;
/** A line ending this many ems short of the column's right edge is short. */
const SHORT_LINE_EMS = 3;
const SENTENCE_END = /[.!?:;]["”’)]?$/u;

interface MeasuredGap {
  gap: number;
  /** The line above the gap runs to the column's edge: a paragraph's line that wrapped. */
  afterFull: boolean;
  /** The line above the gap ends a paragraph by its look: short, or ending a sentence. */
  afterEnd: boolean;
}

/**
 * The column's paragraph skip, or null when its gaps between lines of its main size and usual
 * box fall in no two tight clusters a skip apart. `texts` are the lines' texts, `sizes` their
 * sizes, `code` whether a line is code (whose blank lines are its own); `right` the column's
 * right edge.
 */
export function paragraphSkip(column: readonly Line[], texts: readonly string[], sizes: readonly number[], code: readonly boolean[], mainSize: number, right: number): ParagraphSkip | null {
  const em = Math.max(1, mainSize);
  const heights: number[] = [];
  for (let i = 0; i < column.length; i++) if (isOfSize(sizes[i], mainSize) && !code[i]) heights.push(column[i].y1 - column[i].y0);
  if (heights.length < 2 * CLUSTER_GAPS_MIN) return null;
  heights.sort(ascending);
  const usualHeight = heights[heights.length >> 1];
  const skip: ParagraphSkip = {
    threshold: Infinity,
    size: mainSize,
    boxHeightMin: usualHeight - BOX_HEIGHT_TOLERANCE_EMS * em,
    boxHeightMax: usualHeight + BOX_HEIGHT_TOLERANCE_EMS * em,
  };
  const gaps: MeasuredGap[] = [];
  for (let i = 1; i < column.length; i++) {
    const prev = column[i - 1];
    const line = column[i];
    if (code[i] || code[i - 1] || !isSkipMeasured(skip, prev, sizes[i - 1], line, sizes[i])) continue;
    // Side by side, or overlapping more than boxes taller than the pitch do: not one above the other.
    if (line.x0 >= prev.x1 || line.x1 <= prev.x0 || line.y0 < prev.y0 + (prev.y1 - prev.y0) / 2) continue;
    const gap = Math.max(0, line.y0 - prev.y1);
    if (gap >= SKIP_HEIGHT_SHARE_MAX * usualHeight) continue;
    const full = prev.x1 >= right - SHORT_LINE_EMS * em;
    gaps.push({ gap, afterFull: full, afterEnd: !full || SENTENCE_END.test(texts[i - 1].trimEnd()) });
  }
  const threshold = skipThreshold(gaps, em);
  if (threshold === null) return null;
  skip.threshold = threshold;
  return skip;
}

/** Whether the gap between `prev` and `line` is one the column's skip measures. */
export function isSkipMeasured(skip: ParagraphSkip, prev: Line, prevSize: number, line: Line, size: number): boolean {
  // A line set far right of the one above is no paragraph's start: a word beside a display
  // ("… statements and change" | "to" between two lines of code, amsfndoc). Back left is
  // (the next term of a list whose descriptions hang right of their terms).
  if (line.x0 - prev.x0 > SHIFT_EMS_MAX * Math.max(1, skip.size)) return false;
  return isMeasured(skip, prev, prevSize) && isMeasured(skip, line, size);
}

function isMeasured(skip: ParagraphSkip, line: Line, size: number): boolean {
  const height = line.y1 - line.y0;
  return isOfSize(size, skip.size) && height >= skip.boxHeightMin && height <= skip.boxHeightMax;
}

function isOfSize(size: number, mainSize: number): boolean {
  return Math.abs(size - mainSize) < SIZE_TOLERANCE_PT;
}

/** The midpoint of the first jump up from the leading that parts two tight clusters, the
 *  lower following wrapped lines, the upper paragraphs' ends. Gaps above the upper cluster
 *  are larger structures (a table's items further apart): they need not be tight. */
function skipThreshold(gaps: MeasuredGap[], em: number): number | null {
  if (gaps.length < 2 * CLUSTER_GAPS_MIN) return null;
  gaps.sort(byGap);
  let cut = 0;
  for (let i = CLUSTER_GAPS_MIN; i <= gaps.length - CLUSTER_GAPS_MIN && cut === 0; i++) {
    const step = gaps[i].gap - gaps[i - 1].gap;
    if (step >= SKIP_JUMP_EMS_MIN * em && gaps[i - 1].gap - gaps[0].gap <= CLUSTER_SPREAD_SHARE_MAX * step) cut = i;
  }
  if (cut === 0) return null;
  const jump = gaps[cut].gap - gaps[cut - 1].gap;
  let end = cut;
  while (end < gaps.length && gaps[end].gap - gaps[cut].gap <= CLUSTER_SPREAD_SHARE_MAX * jump) end++;
  if (end - cut < CLUSTER_GAPS_MIN) return null;
  let afterFulls = 0;
  for (let i = 0; i < cut; i++) if (gaps[i].afterFull) afterFulls++;
  if (afterFulls < LEADING_AFTER_FULL_SHARE_MIN * cut) return null;
  let afterEnds = 0;
  for (let i = cut; i < end; i++) if (gaps[i].afterEnd) afterEnds++;
  if (afterEnds < SKIP_AFTER_END_SHARE_MIN * (end - cut)) return null;
  return (gaps[cut - 1].gap + gaps[cut].gap) / 2;
}

function byGap(a: MeasuredGap, b: MeasuredGap): number {
  return a.gap - b.gap;
}
