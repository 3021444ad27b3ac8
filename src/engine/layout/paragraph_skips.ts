// A column whose paragraphs are set a fixed skip apart, a skip smaller than the paragraph gap
// blocks.ts asks of any page: texinfo's parskip (libtasn1's function reference, one-line
// "name: description" items 6.2 pt apart against 3.2 pt of leading), a reference list whose
// entries are 20 pt apart at a 12 pt pitch (bath-bst, in Latin Modern, whose line boxes are
// taller than the pitch). The page's own gaps say so: two tight clusters, the upper one after
// lines that end a paragraph.
import type { Line } from "../model.js";
import { compareNumbers } from "./box.js";
import { sortNumbers } from "./number_sort.js";
import { isBlankText, isSpaceCode } from "./whitespace.js";
import { sortInPlace } from "../sort_in_place.js";

/** The gap that ends a paragraph in such a column, and the lines it is measured between. */
export interface ParagraphSkip {
  /** A gap between two such lines larger than this ends a paragraph. */
  threshold: number;
  /** The column's main size: only lines of it are measured. */
  size: number;
  /** Line boxes shorter than this are not of the usual height: their gap is no pitch. */
  boxHeightMin: number;
  boxHeightMax: number;
  /** Measured as the pitch between two lines' spans of one font, not as the gap between
   *  their boxes: the column's boxes vary too much in height to say. */
  byPitch: boolean;
}

/** Lines within this many points of the main size are of it. */
const SIZE_TOLERANCE_PT = 1;
/** A line box within this many ems of the usual line box's height is of that height: a
 *  typewriter word in the line (a taller box by 0.3 pt) leaves its gap a measure of the pitch. */
const BOX_HEIGHT_TOLERANCE_EMS = 0.05;
/** A line starting further right than this many ems of the one above is not its paragraph's
 *  line, nor the next paragraph's (indented) start. */
const SHIFT_EMS_MAX = 3;
/** Under this share of the main size's pairs measured by their boxes, the column's boxes vary
 *  too much in height: pitches are measured instead. */
const MEASURED_PAIRS_SHARE_MIN = 0.5;
/** Pitches under this many ems are leading or a skip, not blank lines. */
const PITCH_EMS_MAX = 2;
/** Spans of one font within this many points in size stand alike on their baselines (ConTeXt
 *  stretches a justified line's font from 10.8 to 11.1 pt). */
const SIZE_MATCH_PT = 0.5;
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
/** ... and two in three of the leading follow a line that ran to the column's edge: the
 *  leading is that of paragraphs that wrap, not of a stack of short lines (a form's check
 *  boxes' labels, a little apart by chance). */
const LEADING_AFTER_FULL_SHARE_MIN = 2 / 3;
/** A line ending this many ems short of the column's right edge is short. */
const SHORT_LINE_EMS = 3;
/** What ends a sentence: a stop, then perhaps a closing quote or bracket
 *  (`/[.!?:;]["”’)]?$/u` on the trimmed text, read by endsSentence). */
const SENTENCE_STOPS = ".!?:;";
const SENTENCE_CLOSERS = "\"”’)";

/** Whether `text`, its trailing white space aside, ends a sentence (SENTENCE_STOPS, then perhaps
 *  one of SENTENCE_CLOSERS): read from its end, where trimEnd and a pattern copied and
 *  scanned the whole line for every gap measured. */
function endsSentence(text: string): boolean {
  let end = text.length;
  while (end > 0 && isSpaceCode(text.charCodeAt(end - 1))) end--;
  if (end === 0) return false;
  if (SENTENCE_CLOSERS.includes(text[end - 1])) end--;
  return end > 0 && SENTENCE_STOPS.includes(text[end - 1]);
}

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
  sortNumbers(heights);
  const usualHeight = heights[heights.length >> 1];
  const skip: ParagraphSkip = {
    threshold: Infinity,
    size: mainSize,
    boxHeightMin: usualHeight - BOX_HEIGHT_TOLERANCE_EMS * em,
    boxHeightMax: usualHeight + BOX_HEIGHT_TOLERANCE_EMS * em,
    byPitch: false,
  };
  const gaps = measuredGaps(skip, column, texts, sizes, code, right, usualHeight);
  const threshold = skipThreshold(gaps, em);
  if (threshold !== null) {
    skip.threshold = threshold;
    return skip;
  }
  // Boxes of many heights: a font whose box MuPDF cuts at its baseline beside a typewriter
  // font's full box (pdftex-a's TeX Gyre Pagella, 5.1 pt tall, beside Latin Modern Mono).
  // Their gaps say nothing; the pitch between spans of one font in both lines does.
  if (gaps.length >= MEASURED_PAIRS_SHARE_MIN * mainPairs(column, sizes, code, mainSize)) return null;
  skip.byPitch = true;
  const pitches = measuredGaps(skip, column, texts, sizes, code, right, usualHeight);
  const pitchThreshold = skipThreshold(pitches, em);
  if (pitchThreshold === null) return null;
  skip.threshold = pitchThreshold;
  return skip;
}

/** The column's gaps (or pitches) the skip measures, each with the look of the line above. */
function measuredGaps(skip: ParagraphSkip, column: readonly Line[], texts: readonly string[], sizes: readonly number[], code: readonly boolean[], right: number, usualHeight: number): MeasuredGap[] {
  const em = Math.max(1, skip.size);
  const gaps: MeasuredGap[] = [];
  for (let i = 1; i < column.length; i++) {
    const prev = column[i - 1];
    const line = column[i];
    if (code[i] || code[i - 1]) continue;
    // Side by side, or overlapping more than boxes taller than the pitch do: not one above the other.
    if (line.x0 >= prev.x1 || line.x1 <= prev.x0 || line.y0 < prev.y0 + (prev.y1 - prev.y0) / 2) continue;
    const gap = skipGap(skip, prev, sizes[i - 1], line, sizes[i]);
    if (gap === null || gap >= (skip.byPitch ? PITCH_EMS_MAX * em : SKIP_HEIGHT_SHARE_MAX * usualHeight)) continue;
    const full = prev.x1 >= right - SHORT_LINE_EMS * em;
    gaps.push({ gap, afterFull: full, afterEnd: !full || endsSentence(texts[i - 1]) });
  }
  return gaps;
}

/** Pairs of lines one under another at the main size, neither code. */
function mainPairs(column: readonly Line[], sizes: readonly number[], code: readonly boolean[], mainSize: number): number {
  let n = 0;
  for (let i = 1; i < column.length; i++) if (!code[i] && !code[i - 1] && isOfSize(sizes[i], mainSize) && isOfSize(sizes[i - 1], mainSize)) n++;
  return n;
}

/** The gap between `prev` and `line` as the column's skip measures it (their boxes' gap, or
 *  the pitch between spans of one font), or null where it measures none. */
export function skipGap(skip: ParagraphSkip, prev: Line, prevSize: number, line: Line, size: number): number | null {
  // A line set far right of the one above is no paragraph's start: a word beside a display
  // ("… statements and change" | "to" between two lines of code, amsfndoc). Back left is
  // (the next term of a list whose descriptions hang right of their terms).
  if (line.x0 - prev.x0 > SHIFT_EMS_MAX * Math.max(1, skip.size)) return null;
  if (!isOfSize(prevSize, skip.size) || !isOfSize(size, skip.size)) return null;
  if (skip.byPitch) return fontPitch(prev, line);
  const bottom = isMeasured(skip, prev, prevSize, topOfSize(prev, skip.size)) ? prev.y1 : textEdgeBesideTallCode(skip, prev, false);
  if (Number.isNaN(bottom)) return null;
  // The line's top, read once: it is both measured and the gap's lower end.
  const lineTop = topOfSize(line, skip.size);
  const top = isMeasured(skip, line, size, lineTop) ? lineTop : textEdgeBesideTallCode(skip, line, true);
  if (Number.isNaN(top)) return null;
  return top - bottom;
}

/**
 * The top (or bottom) of a line's spans of the usual box, where every span taller or shorter
 * than it is in the code face: a typewriter font whose box MuPDF reads 1.2 pt taller than the
 * text's (R's reference manual, Inconsolata beside Times) had left every line holding a code
 * word unmeasured, and the skip before "The `repEnds` argument is ignored …" ran the paragraph
 * on. A typewriter word does not move TeX's baselines; a taller formula or glyph in the text
 * face may, and such a line stays unmeasured. NaN where the line is not so.
 */
function textEdgeBesideTallCode(skip: ParagraphSkip, line: Line, top: boolean): number {
  let edge = NaN;
  for (const s of line.spans) {
    const height = s.y1 - s.y0;
    if (isOfSize(s.size, skip.size) && height >= skip.boxHeightMin && height <= skip.boxHeightMax) {
      if (Number.isNaN(edge) || (top ? s.y0 < edge : s.y1 > edge)) edge = top ? s.y0 : s.y1;
    } else if (!s.monospace && !isBlankText(s.text)) return NaN;
  }
  return edge;
}

/**
 * The top of a line's spans not set smaller than the column's main size: a raised footnote
 * mark or exponent set smaller ("… parts.²" in a Writer report) lifts the line's box above its
 * text by 0.6 pt, and the box had fallen outside the usual height, so the skip under a
 * paragraph whose last line holds a footnote mark went unmeasured and the next paragraph ran
 * on. A superscript never lowers a line's bottom, so only the top is read so. Larger spans
 * count: an author's name in capitals over the main size beside an affiliation at it is no
 * mark, and the line's box is its own (acmart's author list stays one block).
 */
function topOfSize(line: Line, size: number): number {
  let top = Infinity;
  for (const s of line.spans) if (s.size > size - SIZE_TOLERANCE_PT && s.y0 < top) top = s.y0;
  return top === Infinity ? line.y0 : Math.max(line.y0, top);
}

/** The distance from a span of `prev` down to one of `line` in the same font and size, whose
 *  boxes stand alike on their baselines: the lines' pitch. Null when they share no font. */
function fontPitch(prev: Line, line: Line): number | null {
  for (const a of prev.spans) {
    for (const b of line.spans) if (a.font === b.font && Math.abs(a.size - b.size) < SIZE_MATCH_PT) return b.y1 - a.y1;
  }
  return null;
}

/** Whether the line, its top `top` (topOfSize), is of the skip's size and usual box. */
function isMeasured(skip: ParagraphSkip, line: Line, size: number, top: number): boolean {
  const height = line.y1 - top;
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
  sortInPlace(gaps, byGap);
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
  return compareNumbers(a.gap, b.gap);
}
