// Step 4, document pass: bullets drawn as shapes. Office exports, Chromium's print-to-PDF and
// LaTeX themes draw list markers as small filled or stroked paths, shadings or images
// (PageModel.marks) instead of glyphs. A mark just left of a line becomes a "•" at the
// start of that line (an outline a "◦"), and a number drawn inside a mark (beamer's numbered
// balls) gets its period, so blocks.ts reads every list the same way. A right-to-left line
// (Hebrew, Arabic) starts at its right end, so its bullet is the mark just right of it.
import { type Line, type Mark, spanPiece } from "../model.js";
import { hasRtl, isRtlText } from "./bidi.js";
import { leadingBulletLength } from "./bullet_glyphs.js";
import { lineSize, lineText, measuredFirstWordWidth } from "./lines.js";
import { sortInPlace } from "../sort_in_place.js";

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const byTopThenLeft = (a: Mark, b: Mark) => a.y0 - b.y0 || a.x0 - b.x0;

/** The text attachMarks puts before a line: a filled mark's bullet, an outline's. */
const FILLED_BULLET = "• ";
const HOLLOW_BULLET = "◦ ";
const ATTACHED_BULLET = /^[•◦]\s*/;

/** A line's text without a bullet attachMarks may have put before it (a running foot's
 * ornament is drawn beside it like a bullet). */
export function withoutAttachedBullet(text: string): string {
  // The first character first: the pattern starts with a bullet, and nearly no text does
  // (furniture.ts asks this of the margin lines of every page).
  const first = text.charCodeAt(0);
  return first === BULLET_CODE || first === HOLLOW_BULLET_CODE ? text.replace(ATTACHED_BULLET, "") : text;
}
/** "•" and "◦", the characters ATTACHED_BULLET starts with. */
const BULLET_CODE = 0x2022;
const HOLLOW_BULLET_CODE = 0x25e6;

/** A bullet's longer side is at most this many ems of its line (LaTeX's boxed bullets reach
 * 0.96 em; a larger shape beside text is an icon or a figure). */
const MARK_EMS_MAX = 1.05;
/** … and at least this many ems (smaller is a dot of a leader or a speck). */
const MARK_EMS_MIN = 0.15;
/** A bullet is about as wide as tall (discs, squares, triangles, diamonds); anything longer
 * is a dash, a rule, an underline or the end of a bar in a chart. */
const MARK_ASPECT_MAX = 1.6;
/** Text smaller than this (points) is a diagram's, a chart's or a drawing's label, whose
 * boxes, connectors and dimension ticks sit beside it like bullets; lists are set at
 * reading sizes (footnotes at 8 pt). */
const LINE_SIZE_MIN_PT = 7.5;
/** Marks this close (points) are one shape: an open box drawn as four rules. */
const MARK_MERGE_PT = 0.6;
/** The mark's centre lies this far into its line's height, from the top: bullets sit on the
 * x-height, never on the descender line or above the cap height. */
const MARK_CENTRE_TOP = 0.1;
const MARK_CENTRE_BOTTOM = 0.95;
/** A bullet sits at most this many ems left of its text (a tab stop after the marker; the
 * same reach line_joining.ts gives a glyph marker). */
const MARK_GAP_EMS = 4;
/** It may reach this many ems into its line's box (extractors pad the first glyph). */
const MARK_OVERLAP_EMS = 0.25;
/** Text on the row ending this close (ems) before the mark, or a like mark this close after
 * the line, makes the row a form's choices ("☐ Yes ☐ No") or a legend, not a list item.
 * A column gutter followed by an indented bullet is wider. */
const MARK_ROW_GAP_EMS = 2.5;
/** ... unless that text is a column's line: more words than a choice's or a legend's label
 *  ("Strongly agree"), ending at least this many ems before the mark (a browser's list in two
 *  CSS columns 30 px apart: "640 × 512 uncooled microbolometer, 12 µm" 2.3 em before the
 *  right column's bullet had cost both columns' items their bullets). */
const COLUMN_GAP_EMS_MIN = 1.5;
const CHOICE_LABEL_WORDS_MAX = 3;
/** A bullet stands clear of other shapes by this many ems: a legend's hatch swatch or a
 * drawing's symbol is many small shapes side by side. */
const MARK_CLEARANCE_EMS = 0.4;
/** A picture whose edge reaches at most this many points past a picture bullet's edge is off
 *  its corner, beside it on no side (thubeamer-example-en p. 5: the block's shadow corner's
 *  top 0.3 pt above the last ball's bottom, 3.3 pt left of it, had cost that item its
 *  bullet, its text run into the item above). */
const CORNER_TOUCH_PT = 0.5;
/** Half the height of the tallest neighbour the clearance test looks for (marks are at most
 * 16 pt; merged ones rarely much more). */
const NEIGHBOUR_HALF_PT = 16;
/** Marks of one row are alike when their sizes differ by at most this share. */
const MARK_SAME_SIZE = 0.35;
/** Lines examined on each side of a line for text on its row; rows rarely hold more. */
const ROW_LINES_MAX = 12;
/** Merged marks a mark is compared with; an open box's sides are drawn one after another. */
const MERGE_LOOKBACK = 8;
const NUMBER_ONLY = /^\s*\d{1,3}\s*$/;
/** A ball holding an item's number (beamer's numbered balls: 1.58 times the number's size,
 * which is smaller than the item's text) is at most this many ems of the number's size. */
const BALL_EMS_MAX = 2;

interface MarkBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  stroke: boolean;
  /** Every mark merged into it is a picture (MuPDF's image blocks, pdf.js's painted images). */
  image: boolean;
}

const centre = (b: { y0: number; y1: number }) => (b.y0 + b.y1) / 2;
const byCentreThenLeft = (a: MarkBox, b: MarkBox) => centre(a) - centre(b) || a.x0 - b.x0;

/** Marks that touch merged into one box each, sorted by vertical centre. */
function mergeMarks(marks: readonly Mark[]): MarkBox[] {
  const sorted = sortInPlace(marks.slice(), byTopThenLeft);
  const merged: MarkBox[] = [];
  for (const m of sorted) {
    let into: MarkBox | null = null;
    for (let i = merged.length - 1; i >= Math.max(0, merged.length - MERGE_LOOKBACK); i--) {
      const o = merged[i];
      if (m.x0 <= o.x1 + MARK_MERGE_PT && m.x1 >= o.x0 - MARK_MERGE_PT && m.y0 <= o.y1 + MARK_MERGE_PT && m.y1 >= o.y0 - MARK_MERGE_PT) {
        into = o;
        break;
      }
    }
    if (into) {
      into.x0 = Math.min(into.x0, m.x0);
      into.y0 = Math.min(into.y0, m.y0);
      into.x1 = Math.max(into.x1, m.x1);
      into.y1 = Math.max(into.y1, m.y1);
      into.stroke = into.stroke && m.kind === "stroke";
      into.image = into.image && m.kind === "image";
    } else {
      merged.push({ x0: m.x0, y0: m.y0, x1: m.x1, y1: m.y1, stroke: m.kind === "stroke", image: m.kind === "image" });
    }
  }
  return sortInPlace(merged, byCentreThenLeft);
}

function sizeOf(b: MarkBox): number {
  return Math.max(b.x1 - b.x0, b.y1 - b.y0);
}

/** First index of `boxes` (sorted by centre) whose centre is at least `y`. */
function firstAtOrBelow(boxes: readonly MarkBox[], y: number): number {
  let lo = 0;
  let hi = boxes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (centre(boxes[mid]) < y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Sets each line's vector bullet before it as a "•" span (a stroked outline as "◦"), and
 * turns a number drawn inside a mark into "1.". `lines` are the page's prepared lines,
 * sorted top to bottom; they are modified in place. O((lines + marks) log marks) plus the
 * few marks on each line's row.
 */
export function attachMarks(lines: Line[], marks: readonly Mark[] | undefined): void {
  if (!marks || marks.length === 0) return;
  const boxes = mergeMarks(marks);
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li];
    if (line.wmode !== 0 || line.spans.length === 0) continue;
    const em = lineSize(line);
    if (em < LINE_SIZE_MIN_PT) continue;
    const fromRight = startsAtRight(line);
    const h = line.y1 - line.y0;
    const first = firstAtOrBelow(boxes, line.y0 + MARK_CENTRE_TOP * h);
    const bottom = line.y0 + MARK_CENTRE_BOTTOM * h;
    let best: MarkBox | null = null;
    let bestIndex = -1;
    let covering: MarkBox | null = null;
    for (let i = first; i < boxes.length && centre(boxes[i]) <= bottom; i++) {
      const b = boxes[i];
      const w = b.x1 - b.x0;
      const bh = b.y1 - b.y0;
      const size = Math.max(w, bh);
      if (size > MARK_ASPECT_MAX * Math.max(Math.min(w, bh), 0.01)) continue;
      if (size > MARK_EMS_MAX * em || size < MARK_EMS_MIN * em) {
        if (size <= BALL_EMS_MAX * line.spans[0].size && b.x0 <= line.x0 + MARK_OVERLAP_EMS * em && b.x1 > line.x0) covering = b;
        continue;
      }
      if (fromRight) {
        if (b.x0 >= line.x1 - MARK_OVERLAP_EMS * em && b.x0 - line.x1 <= MARK_GAP_EMS * em && (!best || b.x0 < best.x0)) {
          best = b;
          bestIndex = i;
        }
      } else if (b.x1 <= line.x0 + MARK_OVERLAP_EMS * em) {
        if (line.x0 - b.x1 <= MARK_GAP_EMS * em && (!best || b.x1 > best.x1)) {
          best = b;
          bestIndex = i;
        }
      } else if (b.x0 <= line.x0 + MARK_OVERLAP_EMS * em) {
        covering = b;
      }
    }
    if (covering && numberInMark(line, covering, em)) continue;
    if (!best || leadingBulletLength(line) > 0 || !clear(boxes, bestIndex, em)) continue;
    if (!aloneOnRow(lines, li, best, boxes, first, em, fromRight)) continue;
    const glyph = spanPiece(line.spans[0], best.stroke ? HOLLOW_BULLET : FILLED_BULLET, best.x0, fromRight ? best.x1 : line.x0);
    glyph.italic = false;
    glyph.monospace = false;
    // Spans are in logical order (bidi.ts), so the bullet leads an RTL line too.
    line.spans.unshift(glyph);
    if (fromRight) line.x1 = Math.max(line.x1, best.x1);
    else line.x0 = Math.min(line.x0, best.x0);
  }
}

/** The line is set from the right: mostly right-to-left letters. */
function startsAtRight(line: Line): boolean {
  // Span by span first: nearly every line has no right-to-left letter, and then needs no joined text.
  let rtl = false;
  for (let i = 0; i < line.spans.length && !rtl; i++) rtl = hasRtl(line.spans[i].text);
  return rtl && isRtlText(lineText(line));
}

/** No other mark comes within the clearance of the mark at `index`, but a picture off the
 *  corner of a picture bullet (offCorner). A drawing's strokes around a symbol count wherever
 *  they stand. */
function clear(boxes: readonly MarkBox[], index: number, em: number): boolean {
  const m = boxes[index];
  const pad = MARK_CLEARANCE_EMS * em;
  const reach = sizeOf(m) / 2 + pad + NEIGHBOUR_HALF_PT;
  const near = (b: MarkBox) => b.x0 < m.x1 + pad && b.x1 > m.x0 - pad && b.y0 < m.y1 + pad && b.y1 > m.y0 - pad && !offCorner(m, b);
  for (let i = index - 1; i >= 0 && centre(m) - centre(boxes[i]) <= reach; i--) if (near(boxes[i])) return false;
  for (let i = index + 1; i < boxes.length && centre(boxes[i]) - centre(m) <= reach; i++) if (near(boxes[i])) return false;
  return true;
}

/** Whether picture `b` stands off the corner of picture bullet `m`, beside it on no side: it
 *  reaches at most CORNER_TOUCH_PT into the bullet's width and into its height. thubeamer
 *  draws its items' balls as pictures and its block's shadow corner as one, 2.5 pt under and
 *  3.3 pt left of the last ball (0.3 pt past its bottom on thubeamer-example-en p. 5). */
function offCorner(m: MarkBox, b: MarkBox): boolean {
  const t = CORNER_TOUCH_PT;
  return m.image && b.image && !(b.x0 < m.x1 - t && b.x1 > m.x0 + t) && !(b.y0 < m.y1 - t && b.y1 > m.y0 + t);
}

/** A number set inside a mark ("1" in a ball) is the item's number: its span becomes "1.". */
function numberInMark(line: Line, mark: MarkBox, em: number): boolean {
  const head = line.spans[0];
  if (line.spans.length < 2 || !NUMBER_ONLY.test(head.text)) return false;
  // The number ends where its glyphs do, not where the span's trailing space does: hobete
  // sets its contents' "1 " in one span reaching 5 pt past its ball, before "Beispiele".
  const numberEnd = Math.min(head.x1, line.x0 + measuredFirstWordWidth(line));
  if (head.x0 < mark.x0 - MARK_OVERLAP_EMS * em || numberEnd > mark.x1 + MARK_OVERLAP_EMS * em) return false;
  // pdf.js may leave no space between the number and its text.
  const space = /^\s/.test(line.spans[1].text) ? "" : " ";
  line.spans[0] = spanPiece(head, head.text.trimEnd() + "." + space, head.x0, head.x1);
  // A span replaced in place leaves the spans array and its length as they were: a style
  // count kept on the line (Line.styleMemo) would no longer be the line's.
  line.styleMemo = undefined;
  line.x0 = Math.min(line.x0, mark.x0);
  return true;
}

/** No text on the mark's row ends just before it, and no like mark follows it on the line
 * or just after: otherwise the row is a form's choices or a legend. For a right-to-left line,
 * whose bullet is right of it (`fromRight`), the same mirrored: no text starts just after the
 * mark, and no like mark sits on the line or just before it. */
function aloneOnRow(lines: readonly Line[], index: number, mark: MarkBox, boxes: readonly MarkBox[], first: number, em: number, fromRight: boolean): boolean {
  const line = lines[index];
  const reach = MARK_ROW_GAP_EMS * em;
  for (let j = Math.max(0, index - ROW_LINES_MAX); j < Math.min(lines.length, index + ROW_LINES_MAX + 1); j++) {
    const other = lines[j];
    if (j === index || other.wmode !== 0 || other.y1 < mark.y0 || other.y0 > mark.y1) continue;
    if (fromRight ? other.x0 >= mark.x1 && other.x0 - mark.x1 < reach : other.x1 <= mark.x0 && mark.x0 - other.x1 < reach) {
      if (!columnLineBefore(other, fromRight ? other.x0 - mark.x1 : mark.x0 - other.x1, em)) return false;
    }
  }
  const size = sizeOf(mark);
  for (let i = first; i < boxes.length && centre(boxes[i]) <= line.y1; i++) {
    const b = boxes[i];
    if (b === mark || Math.abs(sizeOf(b) - size) > MARK_SAME_SIZE * Math.max(sizeOf(b), size)) continue;
    if (fromRight ? b.x1 <= line.x1 && b.x1 >= line.x0 - reach : b.x0 >= line.x0 && b.x0 <= line.x1 + reach) {
      if (!columnLineBefore(line, fromRight ? line.x0 - b.x1 : b.x0 - line.x1, em)) return false;
    }
  }
  return true;
}

/** Whether `line`, `gap` points before a mark on its row, is a column's line rather than a
 *  choice's label (COLUMN_GAP_EMS_MIN, CHOICE_LABEL_WORDS_MAX). */
function columnLineBefore(line: Line, gap: number, em: number): boolean {
  if (gap < COLUMN_GAP_EMS_MIN * em) return false;
  let words = 0;
  for (const word of lineText(line).split(" ")) if (word.length > 0 && ++words > CHOICE_LABEL_WORDS_MAX) return true;
  return false;
}
