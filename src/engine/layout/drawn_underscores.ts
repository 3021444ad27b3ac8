// Underscores drawn as rules. Fonts without an underscore glyph (TeX's roman and italic
// faces, in which texinfo sets a function's argument types) get one drawn as a short stroke
// at the baseline: "struct sha256_ctx *ctx, size_t length" comes out of the extractor as
// "struct sha256", "ctx *ctx, size", "t length" and three strokes. Each stroke set between two
// fragments of a row, touching both, becomes an "_" that joins them; one touching a single
// fragment's end or start becomes its last or first character.
import { type Line, type Rule, spanPiece } from "../model.js";
import { makeLine } from "./lines.js";
import { indicesByKey, lowerBound } from "../tables/sorted_search.js";

/** An underscore's stroke is thin, and about half an em wide (a quarter to one and a quarter). */
const UNDERSCORE_HEIGHT_MAX_PT = 1.2;
const UNDERSCORE_WIDTH_EMS_MIN = 0.25;
const UNDERSCORE_WIDTH_EMS_MAX = 1.25;
/** It touches the fragment beside it: closer than this many points. */
const TOUCH_PT = 1.2;
/** It lies at the foot of the fragment's box: its middle below this share of the box's
 * height from the top (a strike-through runs at mid height), and above the box's bottom
 * by no more than this share below it. */
const FOOT_SHARE_MIN = 0.55;
const BELOW_SHARE_MAX = 0.25;
/** An underscore joins words: the fragment it touches ends or starts with a letter or digit
 * there (a radical's bar touches its "√", a visible space's mark a parenthesis). */
const WORD_END = /[\p{L}\p{N}]$/u;
const WORD_START = /^[\p{L}\p{N}]/u;
/** Pages with more candidate strokes than this are drawings, not text with underscores. */
const STROKES_MAX = 400;

/** The page's fragments with the underscores drawn between or beside them written in. The
 * input is not modified; fragments that took an underscore are new lines. */
export function writeDrawnUnderscores(lines: readonly Line[], rules: readonly Rule[]): readonly Line[] {
  if (rules.length === 0 || lines.length === 0) return lines;
  // Every page is asked: the strokes are sought among its rules first, and each stroke then
  // looks only at the lines whose tops lie within a line's height above it.
  let tallest = 0;
  for (const line of lines) tallest = Math.max(tallest, line.y1 - line.y0);
  const widest = UNDERSCORE_WIDTH_EMS_MAX * tallest;
  const strokes = rules.filter((r) => r.y1 - r.y0 <= UNDERSCORE_HEIGHT_MAX_PT && r.x1 > r.x0 && r.x1 - r.x0 <= widest);
  if (strokes.length === 0 || strokes.length > STROKES_MAX) return lines;
  const y0s = new Float64Array(lines.length);
  for (let i = 0; i < lines.length; i++) y0s[i] = lines[i].y0;
  const order = indicesByKey(y0s);
  const tops = new Float64Array(order.length);
  for (let k = 0; k < order.length; k++) tops[k] = y0s[order[k]];
  let out: Line[] | null = null;
  let removed: Set<Line> | null = null;
  for (const stroke of strokes) {
    const current: readonly Line[] = out ?? lines;
    const middle = (stroke.y0 + stroke.y1) / 2;
    let left = -1;
    let right = -1;
    let under = false;
    for (let k = lowerBound(tops, middle - (1 + BELOW_SHARE_MAX) * tallest); k < order.length && tops[k] <= middle; k++) {
      const i = order[k];
      const line = current[i];
      if (line.wmode !== 0 || removed?.has(line) || !atFoot(stroke, line)) continue;
      if (Math.abs(line.x1 - stroke.x0) <= TOUCH_PT) {
        if (WORD_END.test(line.spans[line.spans.length - 1].text)) left = i;
      } else if (Math.abs(line.x0 - stroke.x1) <= TOUCH_PT) {
        if (WORD_START.test(line.spans[0].text)) right = i;
      }
      // A stroke under a word is its underline (a link's), not a character of its own.
      else if (Math.min(line.x1, stroke.x1) - Math.max(line.x0, stroke.x0) > TOUCH_PT) under = true;
    }
    if (under || (left < 0 && right < 0)) continue;
    if (inUnderline(stroke, rules, current, order, tops, tallest)) continue;
    const beside = current[left >= 0 ? left : right];
    const size = sizeAt(beside, left >= 0 ? "end" : "start");
    const width = stroke.x1 - stroke.x0;
    if (width < UNDERSCORE_WIDTH_EMS_MIN * size || width > UNDERSCORE_WIDTH_EMS_MAX * size) continue;
    out ??= lines.slice();
    const template = left >= 0 ? beside.spans[beside.spans.length - 1] : beside.spans[0];
    const underscore = spanPiece(template, "_", stroke.x0, stroke.x1);
    if (left >= 0 && right >= 0) {
      out[left] = makeLine([...out[left].spans, underscore, ...out[right].spans], 0);
      (removed ??= new Set()).add(out[right]);
    } else if (left >= 0) {
      out[left] = makeLine([...out[left].spans, underscore], 0);
    } else {
      out[right] = makeLine([underscore, ...out[right].spans], 0);
    }
  }
  if (!out) return lines;
  return removed ? out.filter((line) => !removed.has(line)) : out;
}

/** Strokes whose tops and bottoms lie within this many points of each other are one rule's pieces. */
const COLLINEAR_PT = 0.3;

/**
 * Whether the stroke is a piece of an underline drawn word by word (ulem's \uline, which
 * strokes each word and each space apart, the pieces overlapping): a thin rule on its line
 * touching it lies under a word. An invoice's underlined account number, "BE95 0011 8359
 * 9858", had become "BE95_0011_8359_9858"; a code face's "__init__" has no word underlined
 * beside its strokes.
 */
function inUnderline(stroke: Rule, rules: readonly Rule[], lines: readonly Line[], order: ArrayLike<number>, tops: Float64Array, tallest: number): boolean {
  for (const other of rules) {
    if (other === stroke || other.y1 - other.y0 > UNDERSCORE_HEIGHT_MAX_PT) continue;
    if (Math.abs(other.y0 - stroke.y0) > COLLINEAR_PT || Math.abs(other.y1 - stroke.y1) > COLLINEAR_PT) continue;
    if (other.x0 > stroke.x1 + TOUCH_PT || other.x1 < stroke.x0 - TOUCH_PT) continue;
    if (liesUnderWord(other, lines, order, tops, tallest)) return true;
  }
  return false;
}

/** Whether a line on the stroke's row has its letters over the stroke (the stroke runs under
 *  more of it than a touch). */
function liesUnderWord(stroke: Rule, lines: readonly Line[], order: ArrayLike<number>, tops: Float64Array, tallest: number): boolean {
  const middle = (stroke.y0 + stroke.y1) / 2;
  for (let k = lowerBound(tops, middle - (1 + BELOW_SHARE_MAX) * tallest); k < order.length && tops[k] <= middle; k++) {
    const line = lines[order[k]];
    if (line.wmode === 0 && atFoot(stroke, line) && Math.min(line.x1, stroke.x1) - Math.max(line.x0, stroke.x0) > TOUCH_PT) return true;
  }
  return false;
}

/** Whether the stroke lies at the foot of the line's box, on its row. */
function atFoot(stroke: Rule, line: Line): boolean {
  const height = line.y1 - line.y0;
  if (height <= 0) return false;
  const middle = (stroke.y0 + stroke.y1) / 2;
  return middle >= line.y0 + FOOT_SHARE_MIN * height && middle <= line.y1 + BELOW_SHARE_MAX * height;
}

function sizeAt(line: Line, side: "start" | "end"): number {
  const span = side === "end" ? line.spans[line.spans.length - 1] : line.spans[0];
  return Math.max(span?.size ?? 1, 1);
}
