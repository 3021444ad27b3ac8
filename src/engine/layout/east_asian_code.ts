// East Asian text inside code: a listing in a Chinese or Japanese document writes its strings
// and comments in the language ("\correctchoice{サガルマータ}", a comment line "次の中で標高が
// 一番高いのはどれですか？"), and a typewriter face holds no ideographs, so those characters
// come from a CJK text face. Such a line has spans out of the code face, which made it no line
// of code (blocks.ts isMonoLine): the listing came out as fenced pieces between paragraphs and
// inline code (auto-multiple-choice's Japanese manual, p. 29). The CJK text of a listing is set
// at the code's size, line under line at the code's leading, and mostly closed by code ("}").
import type { Line, Span } from "../model.js";
import { isEastAsianWide } from "./east_asian.js";
import { isBlankText } from "./whitespace.js";

/** The code, with its East Asian text, is set at most this many points above the body's size:
 *  larger is display type (blocks.ts CODE_SIZE_OVER_BODY_MAX reads the code face so too). */
export const EAST_ASIAN_CODE_SIZE_OVER_BODY_MAX = 0.5;
/** Spans of one line of code, and a line and the code beside it, differ in size by at most
 *  this many points (a typewriter face and a CJK face at one nominal size). */
export const EAST_ASIAN_CODE_SIZE_TOLERANCE_PT = 0.25;
/** A listing's lines stand at most this many ems (of the code's size) apart, top to top: a
 *  listing is set solid or nearly (1.2 em), where a line of text between two listings ("or")
 *  stands a paragraph's skip or a box's padding away from each. */
export const EAST_ASIAN_CODE_PITCH_EMS_MAX = 1.6;

/** What a line not in the code face holds: not a candidate; code with East Asian text inside it,
 *  the line ending in the code face (CLOSED: "\\explain{…}"); code then East Asian text to the
 *  line's end (OPEN: a comment, or prose with inline code); East Asian text alone (TEXT_ONLY). */
const NONE = 0;
const CLOSED = 1;
const OPEN = 2;
const TEXT_ONLY = 3;

/** Whether every character of the text but white space is East Asian wide, and one is.
 *  Read by code point in place (no string iterator): every line of every column that is not
 *  code is asked, and nearly all fail at their first letter. */
function isEastAsianText(text: string): boolean {
  let any = false;
  for (let k = 0; k < text.length; ) {
    const code = text.codePointAt(k)!;
    k += code > 0xffff ? 2 : 1;
    if (code === 0x20 || code === 0x09 || code === 0xa0 || code === 0x3000) continue;
    if (!isEastAsianWide(code)) return false;
    any = true;
  }
  return any;
}

/** The size candidateOf found the line's spans to share, when its kind is not NONE. */
let candidateSize = Number.NaN;

/** The line's kind (NONE, CLOSED, OPEN, TEXT_ONLY); the one size its spans share is left in
 *  candidateSize. No object a line: every line that is not code is asked, nearly all NONE. */
function candidateOf(spans: readonly Span[], sizeMax: number): number {
  let size = Number.NaN;
  let mono = false;
  let eastAsian = false;
  let endsInCode = false;
  for (const span of spans) {
    if (isBlankText(span.text)) continue;
    if (Number.isNaN(size)) size = span.size;
    else if (Math.abs(span.size - size) > EAST_ASIAN_CODE_SIZE_TOLERANCE_PT) return NONE;
    if (span.monospace) mono = true;
    else if (isEastAsianText(span.text)) eastAsian = true;
    else return NONE;
    endsInCode = span.monospace;
  }
  if (!eastAsian || !(size <= sizeMax)) return NONE;
  candidateSize = size;
  return !mono ? TEXT_ONLY : endsInCode ? CLOSED : OPEN;
}

/** A listing set below the body's size by at least this many points is told from the text
 *  by its size alone (auto-multiple-choice's 9 pt listings in 10 pt text). */
export const EAST_ASIAN_LISTING_BELOW_BODY_PT = 0.5;
/** A listing with no line all in the code face has at least this many lines. */
export const EAST_ASIAN_LISTING_LINES_MIN = 3;

/** Whether the line's first span with text is in the code face. */
function startsInCode(line: Line): boolean {
  for (const span of line.spans) if (span.text.trim() !== "") return span.monospace;
  return false;
}

/**
 * Whether the run [start, end) of candidates is a listing of its own: set at least
 * EAST_ASIAN_LISTING_BELOW_BODY_PT below the body's size, each line with code starting in the
 * code face, its first and last lines holding code (East Asian text alone there may be a
 * caption or a note) unless code lies beyond them, and next to a line of code or of
 * EAST_ASIAN_LISTING_LINES_MIN lines at least (amc-ja p. 15's "* みなさんは、George" |
 * "Gershwin: （作曲家）を知っています。" | … | "- 1902年", no line all in the code face).
 */
function isSmallListing(column: readonly Line[], kinds: readonly number[], start: number, end: number, size: number, bodySize: number, codeAbove: boolean, codeBelow: boolean): boolean {
  if (!(size <= bodySize - EAST_ASIAN_LISTING_BELOW_BODY_PT)) return false;
  if (!codeAbove && !codeBelow && end - start < EAST_ASIAN_LISTING_LINES_MIN) return false;
  if ((!codeAbove && kinds[0] === TEXT_ONLY) || (!codeBelow && kinds[end - start - 1] === TEXT_ONLY)) return false;
  let code = false;
  for (let k = start; k < end; k++) {
    if (kinds[k - start] === TEXT_ONLY) continue;
    if (!startsInCode(column[k])) return false;
    code = true;
  }
  return code;
}

/** The size of the code face in a line of code. */
function codeSizeOf(line: Line): number {
  for (const span of line.spans) if (span.monospace && span.text.trim() !== "") return span.size;
  return Number.NaN;
}

/** Whether `lower` stands under `upper` at a listing's leading for code of `size`. */
function atListingPitch(upper: Line, lower: Line, size: number): boolean {
  const pitch = lower.y0 - upper.y0;
  return pitch > 0 && pitch <= EAST_ASIAN_CODE_PITCH_EMS_MAX * size;
}

/** Whether column[j], next to a candidate of `size` at column[k], is a line of code of that
 *  size at a listing's leading from it. */
function isCodeNextTo(column: readonly Line[], monos: readonly boolean[], k: number, j: number, size: number): boolean {
  if (j < 0 || j >= column.length || !monos[j]) return false;
  if (Math.abs(codeSizeOf(column[j]) - size) > EAST_ASIAN_CODE_SIZE_TOLERANCE_PT) return false;
  return j < k ? atListingPitch(column[j], column[k], size) : atListingPitch(column[k], column[j], size);
}

/**
 * Marks as code (in `monos`) the lines of a listing that hold East Asian text: runs of lines,
 * each all in the code face or East Asian text at one size, line under line at a listing's
 * leading, next to a line of code of that size. A line of code closed by the code face
 * (CLOSED) joins the listing; lines that end in East Asian text (OPEN: prose with inline code
 * looks so) or hold East Asian text alone (a comment, a string's line) join only between two
 * lines of the listing, so a caption, a note or a line of prose beside a listing stays text,
 * and a line of prose run on into a second ("…1足す1は" | "いくつですか？") stays whole.
 */
export function markEastAsianCodeLines(monos: boolean[], column: readonly Line[], bodySize: number): void {
  const sizeMax = bodySize + EAST_ASIAN_CODE_SIZE_OVER_BODY_MAX;
  const n = column.length;
  const kinds: number[] = [];
  let i = 0;
  while (i < n) {
    if (monos[i]) {
      i++;
      continue;
    }
    // A run of candidates of one size at a listing's leading, [start, end).
    const start = i;
    // The run's kinds, in one array for the column's runs (a run starts at nearly every line).
    kinds.length = 0;
    let size = Number.NaN;
    while (i < n && !monos[i]) {
      const kind = candidateOf(column[i].spans, sizeMax);
      if (kind === NONE) break;
      if (i > start && (Math.abs(candidateSize - size) > EAST_ASIAN_CODE_SIZE_TOLERANCE_PT || !atListingPitch(column[i - 1], column[i], size))) break;
      size = candidateSize;
      kinds.push(kind);
      i++;
    }
    const end = i;
    if (end === start) {
      i++;
      continue;
    }
    const codeAbove = isCodeNextTo(column, monos, start, start - 1, size);
    const codeBelow = isCodeNextTo(column, monos, end - 1, end, size);
    // A listing set smaller than the text, each line starting in the code face, is one
    // whole: its lines that end in East Asian text begin it too ("# AMC-TXTソースファイル").
    if (isSmallListing(column, kinds, start, end, size, bodySize, codeAbove, codeBelow)) {
      for (let j = start; j < end; j++) monos[j] = true;
      continue;
    }
    if (!codeAbove && !codeBelow) continue;
    // Lines closed by code join; the lines between two of those, or between one and the code
    // around the run, join as a piece: a comment of two lines, a string's continued line.
    let k = start;
    while (k < end) {
      if (kinds[k - start] === CLOSED) {
        monos[k++] = true;
        continue;
      }
      const from = k;
      while (k < end && kinds[k - start] !== CLOSED) k++;
      const codeBefore = from > start || codeAbove;
      const codeAfter = k < end || codeBelow;
      if (codeBefore && codeAfter) for (let j = from; j < k; j++) monos[j] = true;
    }
  }
}
