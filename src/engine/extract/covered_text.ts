// Step 3, extract: text hidden under a later filled shape and drawn again on it. A designer's
// page may set a text, cover it with an opaque box, then set the text again over the box in
// another colour, size or measure: Free Culture's title page (pdf.js's freeculture.pdf, p. 6)
// sets its subtitle in 13 pt white ("HOW BIG MEDIA USES TECHNOLOGY AND THE" | "LAW TO LOCK
// DOWN CULTURE AND CONTROL" | "CREATIVITY"), fills a black box over it, and sets it again in 10
// pt bold white on the box ("HOW BIG MEDIA USES TECHNOLOGY AND" | "THE LAW TO LOCK DOWN
// CULTURE" | "AND CONTROL CREATIVITY"): the subtitle came out twice. MuPDF's structured text
// keeps its blocks in drawing order (text, vector and image blocks interleaved), so a line
// drawn before a filled rectangle lies under it. A line mostly under an opaque filled
// rectangle drawn after it (COVERED_SHARE_MIN of its box), all of whose words the text drawn
// after the rectangle inside it holds again, is that text's hidden copy and is dropped. A
// highlight drawn over text is translucent (or drawn before the text, under it) and a box
// over text with nothing drawn again on it (a redaction) leaves the text alone.
import type { Line } from "../model.js";
import { lineText } from "../layout/lines.js";

/** An opaque filled rectangle and its place in the page's drawing order (its stext block). */
export interface CoverFill {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  order: number;
}

/** A line is under a fill when this share of its box lies inside the fill's: a line set in
 *  a larger size than its copy runs past the box (Free Culture's 13 pt subtitle, 85 % under). */
const COVERED_SHARE_MIN = 0.5;
/** A hidden line holds this many letters or figures at least: a lone sign or number under a
 *  box matches any text on it. */
const LINE_WORD_CHARS_MIN = 4;

const WORD = /[\p{L}\p{N}]+/gu;

/** From this many fills on a page, each fill looks only at the lines whose tops lie near it
 *  (LinesByTop) instead of at every line drawn before it: a table shading each of its cells
 *  made the page's fills times its lines most of this module's cost. */
const FILLS_FOR_INDEX_MIN = 8;

/**
 * The lines without those hidden under a later fill and drawn again on it; `orders[i]` is
 * lines[i]'s place in the drawing order (nondecreasing: the lines in the order they were
 * read). The lines themselves when no line is hidden.
 */
export function dropCoveredRedrawnLines(lines: Line[], orders: readonly number[], fills: readonly CoverFill[]): Line[] {
  if (fills.length === 0) return lines;
  const byTop = fills.length >= FILLS_FOR_INDEX_MIN ? new LinesByTop(lines) : null;
  let hidden: Set<number> | null = null;
  for (const fill of fills) {
    let words: Set<string> | null = null;
    // The lines drawn before the fill (a run from the first: orders is nondecreasing), and of
    // them those whose tops lie near it, where a window is known.
    const before = countBefore(orders, fill.order);
    const window = byTop?.window(fill) ?? null;
    const count = window === null ? before : window.to - window.from + byTop!.unsorted.length;
    for (let k = 0; k < count; k++) {
      const i = window === null ? k : byTop!.lineAt(window, k);
      if (i >= before || hidden?.has(i) || coveredShare(lines[i], fill) < COVERED_SHARE_MIN) continue;
      // The text drawn again on the fill: the lines after it whose centres lie inside it.
      words ??= wordsDrawnOn(lines, orders, fill);
      if (words.size === 0) break;
      const own = lineText(lines[i]).toLowerCase().match(WORD) ?? [];
      if (own.join("").length < LINE_WORD_CHARS_MIN || !own.every((word) => words!.has(word))) continue;
      (hidden ??= new Set()).add(i);
    }
  }
  return hidden === null ? lines : lines.filter((_, i) => !hidden!.has(i));
}

/** How many of `orders` (nondecreasing) are below `order`. */
function countBefore(orders: readonly number[], order: number): number {
  let lo = 0;
  let hi = orders.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (orders[mid] < order) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A page's lines in bands by their tops, each band at least as tall as the tallest line (a
 * counting sort: sorting the lines by comparison cost as much as the loop it saves). A line a
 * fill covers at all (coveredShare above 0) overlaps it vertically: its top lies above the
 * fill's bottom and less than the tallest line's height above the fill's top, so it is in one
 * of the bands from a band's height (and a point, for rounding) above the fill's top down to
 * its bottom. Lines whose top or bottom is not a finite number are in no band (their share may
 * come out NaN, which the caller takes for covered) and go with every window; a fill whose top
 * or bottom is not finite gets no window (every line drawn before it is looked at).
 */
class LinesByTop {
  /** The banded lines' indices, band by band: band b's are order[starts[b]] to order[starts[b + 1] - 1]. */
  readonly order: Int32Array;
  readonly starts: Int32Array;
  readonly unsorted: number[] = [];
  readonly top: number = Infinity;
  readonly bandHeight: number;

  constructor(lines: readonly Line[]) {
    let tallest = 0;
    let lowestTop = -Infinity;
    for (let i = 0; i < lines.length; i++) {
      const { y0, y1 } = lines[i];
      if (!banded(y0, y1)) {
        this.unsorted.push(i);
        continue;
      }
      if (y0 < this.top) this.top = y0;
      if (y0 > lowestTop) lowestTop = y0;
      if (y1 - y0 > tallest) tallest = y1 - y0;
    }
    const count = lines.length - this.unsorted.length;
    // No more bands than lines, however far apart the tops lie.
    this.bandHeight = count === 0 ? 1 : Math.max(tallest + TOP_WINDOW_SLACK_PT, (lowestTop - this.top) / count);
    const bands = count === 0 ? 0 : this.bandOf(lowestTop) + 1;
    this.starts = new Int32Array(bands + 1);
    this.order = new Int32Array(count);
    for (const { y0, y1 } of lines) if (banded(y0, y1)) this.starts[this.bandOf(y0) + 1]++;
    for (let b = 0; b < bands; b++) this.starts[b + 1] += this.starts[b];
    const next = this.starts.slice(0, bands);
    for (let i = 0; i < lines.length; i++) {
      const { y0, y1 } = lines[i];
      if (banded(y0, y1)) this.order[next[this.bandOf(y0)]++] = i;
    }
  }

  private bandOf(y: number): number {
    return Math.floor((y - this.top) / this.bandHeight);
  }

  /** The run of `order` whose lines may overlap the fill vertically, or null for no window. */
  window(fill: CoverFill): { from: number; to: number } | null {
    if (!Number.isFinite(fill.y0) || !Number.isFinite(fill.y1)) return null;
    const bands = this.starts.length - 1;
    if (bands === 0) return { from: 0, to: 0 };
    const first = Math.min(bands, Math.max(0, this.bandOf(fill.y0 - this.bandHeight - TOP_WINDOW_SLACK_PT)));
    const last = Math.min(bands - 1, this.bandOf(fill.y1));
    return { from: this.starts[first], to: last < first ? this.starts[first] : this.starts[last + 1] };
  }

  /** The k-th line of `window`, the lines with no finite top or bottom after it. Which line of
   *  a window comes first does not matter: whether a line is hidden depends only on it and
   *  the fill. */
  lineAt(window: { from: number; to: number }, k: number): number {
    const length = window.to - window.from;
    return k < length ? this.order[window.from + k] : this.unsorted[k - length];
  }
}

/** Whether a line with this top and bottom goes in a band (both finite). */
function banded(y0: number, y1: number): boolean {
  return Number.isFinite(y0) && Number.isFinite(y1);
}

/** Points a window reaches past the tallest line's height: rounding in the heights' subtraction. */
const TOP_WINDOW_SLACK_PT = 1;

function wordsDrawnOn(lines: readonly Line[], orders: readonly number[], fill: CoverFill): Set<string> {
  const words = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (orders[i] <= fill.order) continue;
    const cx = (line.x0 + line.x1) / 2;
    const cy = (line.y0 + line.y1) / 2;
    if (cx < fill.x0 || cx > fill.x1 || cy < fill.y0 || cy > fill.y1) continue;
    for (const word of lineText(line).toLowerCase().match(WORD) ?? []) words.add(word);
  }
  return words;
}

/** The share of the line's box inside the fill's. */
function coveredShare(line: Line, fill: CoverFill): number {
  const area = (line.x1 - line.x0) * (line.y1 - line.y0);
  if (area <= 0) return 0;
  const w = Math.min(line.x1, fill.x1) - Math.max(line.x0, fill.x0);
  const h = Math.min(line.y1, fill.y1) - Math.max(line.y0, fill.y0);
  return w <= 0 || h <= 0 ? 0 : (w * h) / area;
}
