// Superscripts: the raised marks of a line (footnote numbers, exponents, ordinals' endings),
// which inline rendering writes as <sup> and block building reads as a footnote's start.
import type { Line, Span } from "../model.js";
import { textSpanFrom } from "./lines.js";
import { isSpaceCode } from "./whitespace.js";

/** A superscript is set at most this share of the line's text size ... */
const SUPERSCRIPT_SIZE_RATIO_MAX = 0.8;
/** ... with its bottom at least this share of that size above the text's bottom (small text
 * on the baseline, small capitals, sits lower: a descender's difference only) ... */
const SUPERSCRIPT_RAISE_RATIO_MIN = 0.2;
/** ... and holds a mark, not words: a footnote number, an exponent, an ordinal's letters. */
const SUPERSCRIPT_CHARS_MAX = 4;
/** A mark set a little larger still counts when it is raised this much higher: a browser sets
 * <sup> at "font-size: smaller" (83% of the text) raised by "vertical-align: super" (a third of
 * the text's size), so its size alone misses SUPERSCRIPT_SIZE_RATIO_MAX; the larger raise keeps
 * out small text that merely sits a little high (a smaller font's line joined with a larger). */
const RAISED_MARK_SIZE_RATIO_MAX = 0.86;
const RAISED_MARK_RAISE_RATIO_MIN = 0.3;

/** Which of a line's spans are superscripts, or null when none can be (one size). */
export function superscripts(line: Line): boolean[] | null {
  const spans = line.spans;
  if (line.plainNoteMark) return firstTextSpanRaised(spans);
  let largest = 0;
  let smallest = Infinity;
  for (const s of spans) {
    if (s.size > largest) largest = s.size;
    if (s.size < smallest) smallest = s.size;
  }
  if (smallest > RAISED_MARK_SIZE_RATIO_MAX * largest) return null;
  // The text's size is the one most characters carry; its bottom, the lowest of its spans.
  const main = mainSize(spans, largest);
  let bottom = -Infinity;
  for (const s of spans) if (s.size === main && s.y1 > bottom) bottom = s.y1;
  // Loops, not a closure and a map made for every line of several sizes (every caller asks
  // of most lines with a footnote mark or inline code).
  const runs = raisedNumberRuns(spans, main, bottom);
  let raised: boolean[] | null = null;
  for (let k = 0; k < spans.length; k++) {
    if ((runs !== null && runs[k]) || isRaisedMark(spans, k, main, bottom)) (raised ??= new Array<boolean>(spans.length).fill(false))[k] = true;
  }
  return raised;
}

/** A footnote's mark set plain (Line.plainNoteMark): its first span with text. */
function firstTextSpanRaised(spans: readonly Span[]): boolean[] {
  const raised = new Array<boolean>(spans.length).fill(false);
  const first = textSpanFrom(spans, 0, 1);
  if (first < spans.length) raised[first] = true;
  return raised;
}

/** Whether spans[k] is set small and raised against the text's size `main` and bottom. */
function isSmallRaised(s: Span, main: number, bottom: number): boolean {
  if (s.invisible) return false;
  if (s.size <= SUPERSCRIPT_SIZE_RATIO_MAX * main) return s.y1 <= bottom - SUPERSCRIPT_RAISE_RATIO_MIN * main;
  return s.size <= RAISED_MARK_SIZE_RATIO_MAX * main && s.y1 <= bottom - RAISED_MARK_RAISE_RATIO_MIN * main;
}

/** Whether spans[k], small and raised, holds a mark (SUPERSCRIPT_TEXT) and is no letter set
 *  inside a word. */
function isRaisedMark(spans: readonly Span[], k: number, main: number, bottom: number): boolean {
  const s = spans[k];
  if (!isSmallRaised(s, main, bottom)) return false;
  const core = s.text.trim();
  if (core.length === 0 || core.length > SUPERSCRIPT_CHARS_MAX || !SUPERSCRIPT_TEXT.test(core)) return false;
  // Letters right before and after it make it part of a word set that way (the A of the
  // LaTeX logo), not a mark; a footnote's own text starts with its mark ("¹Bookings").
  const prev = spans[k - 1];
  const next = spans[k + 1];
  return !(prev && next && WORD_END_LETTER.test(prev.text) && !isSpaceCode(s.text.charCodeAt(0)) && !isSpaceCode(s.text.charCodeAt(s.text.length - 1)) && WORD_START_LETTER.test(next.text));
}

// A line's sizes in the order first met, and the characters each carries: kept from line to
// line (a line has two or three sizes), where a Map and its entries were made for each line.
const sizes: number[] = [];
const sizeChars: number[] = [];

/** The size most of the spans' characters carry; `largest` unless another carries more, the
 * first met of those that carry most. */
function mainSize(spans: readonly Span[], largest: number): number {
  sizes.length = 0;
  sizeChars.length = 0;
  for (const s of spans) {
    const at = sizeIndex(s.size);
    if (at < 0) {
      sizes.push(s.size);
      sizeChars.push(s.text.length);
    } else sizeChars[at] += s.text.length;
  }
  const largestAt = sizeIndex(largest);
  let main = largest;
  let mainChars = largestAt < 0 ? 0 : sizeChars[largestAt];
  for (let i = 0; i < sizes.length; i++) {
    if (sizeChars[i] > mainChars) {
      main = sizes[i];
      mainChars = sizeChars[i];
    }
  }
  return main;
}

/** Where `size` is among `sizes`, as a Map key is found (NaN is NaN), or -1. */
function sizeIndex(size: number): number {
  for (let i = 0; i < sizes.length; i++) if (sizes[i] === size || (sizes[i] !== sizes[i] && size !== size)) return i;
  return -1;
}

/** A raised run of several spans that is numbers, brackets and dashes only, at most this
 * many characters: an author's affiliation number and ORCID as LNCS sets them,
 * "1[0000−1111−2222−3333]", a span for each piece between its signs. */
const NUMBER_RUN_CHARS_MAX = 24;
const NUMBER_RUN_TEXT = /^[\p{N}[\]()−–,-]+$/u;

/** Which spans belong to a raised run of numbers (NUMBER_RUN_TEXT) over two spans or more;
 * null when none does (most lines: nothing is made for them). */
function raisedNumberRuns(spans: readonly Span[], main: number, bottom: number): boolean[] | null {
  let marks: boolean[] | null = null;
  for (let k = 0; k < spans.length; ) {
    if (!isSmallRaised(spans[k], main, bottom)) {
      k++;
      continue;
    }
    let end = k;
    let text = "";
    while (end < spans.length && isSmallRaised(spans[end], main, bottom)) text += spans[end++].text;
    const core = text.trim();
    if (end - k > 1 && core.length <= NUMBER_RUN_CHARS_MAX && NUMBER_RUN_TEXT.test(core)) (marks ??= new Array<boolean>(spans.length).fill(false)).fill(true, k, end);
    k = end;
  }
  return marks;
}

/** What a superscript holds: digits and letters (footnote numbers, exponents, ordinals'
 * endings), footnote symbols (elsarticle's title notes are stars, "⋆" and "⋆⋆"), and the commas
 * and signs between them, a space after a comma too (aastex631's affiliations "2, 3"). */
const SUPERSCRIPT_TEXT = /^[\p{L}\p{N}*†‡§¶∗⋆★#$,+−-]+(?:(?<=,) [\p{L}\p{N}*†‡§¶∗⋆★#$,+−-]+)*$/u;
const WORD_START_LETTER = /^\p{L}/u;
const WORD_END_LETTER = /\p{L}$/u;

/** A footnote's mark: a number or a footnote symbol, not letters (an ordinal's "th"). */
const FOOTNOTE_MARK = /^\s*[\p{N}*†‡§¶∗⋆★]+\s*$/u;

/** Whether the line starts with a raised footnote mark followed by its text ("¹ 2021 estimate"). */
export function startsWithFootnoteMark(line: Line): boolean {
  const spans = line.spans;
  if (spans.length < 2) return false;
  const first = textSpanFrom(spans, 0, 1);
  if (first >= spans.length - 1 || !FOOTNOTE_MARK.test(spans[first].text)) return false;
  // Most lines start with a word: the size test before the full one, which every line meets.
  let larger = false;
  for (let k = first + 1; k < spans.length && !larger; k++) larger = spans[first].size <= RAISED_MARK_SIZE_RATIO_MAX * spans[k].size;
  if (!larger) return false;
  const raised = superscripts(line);
  return raised !== null && raised[first];
}
