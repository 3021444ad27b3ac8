// Listings whose lines carry numbers in the text face: LaTeX's docstrip sets a small roman
// number left of each line of a package's code ("4 \NeedsTeXFormat{LaTeX2e}"), as the
// listings package does with numbers=left. Only the code is in the code face, so by font the
// lines are prose that starts with a number, and each came out as a paragraph of its own.
import type { Line } from "../model.js";
import { textSpanFrom } from "./lines.js";
import { isBlankText } from "./whitespace.js";
import { startsWithDigit } from "./word_chars.js";
import { isWrapMarkerAtEnd } from "./wrap_markers.js";

/** A listing's line number: digits alone in their span. */
const LINE_NUMBER = /^\s*(\d{1,5})\s*$/;
/** A docstrip guard in a listing's line ("⟨∗example⟩", "⟨/driver⟩"): which file the lines
 * after it go to, set in the text face between angle brackets. */
const DOCSTRIP_GUARD = /^\s*⟨[^⟨⟩]{1,40}⟩\s*$/;
/** A line number stands this many ems (of the code's size) apart from its code, or a space. */
const NUMBER_GAP_EMS_MIN = 0.25;
/** A run of numbered lines is a listing when this many of them hold code. */
const NUMBERED_CODE_LINES_MIN = 2;

/** `code`: the rest holds code; `guard`: it is a docstrip guard; neither: it is empty. */
type NumberedLine = { number: number; code: boolean; guard: boolean } | null;

/** Whether the line starts with a listing's number and the rest is code or a guard (a number
 *  alone may be a page's). */
export function isNumberedListingLine(line: Line): boolean {
  const numbered = numberedLine(line);
  return numbered !== null && (numbered.code || numbered.guard);
}

/** The line's number, when it starts with one and the rest is code, a guard or nothing. */
function numberedLine(line: Line): NumberedLine {
  const spans = line.spans;
  const first = textSpanFrom(spans, 0, 1);
  // The digit first: every line of prose is asked, and LINE_NUMBER is not run on its words.
  if (first === spans.length || spans[first].monospace || !startsWithDigit(spans[first].text)) return null;
  const match = LINE_NUMBER.exec(spans[first].text);
  if (!match) return null;
  let rest = "";
  let code = false;
  let prose = false;
  for (let i = first + 1; i < spans.length; i++) {
    const span = spans[i];
    if (isBlankText(span.text)) continue;
    // The number stands apart from the code, as a footnote's mark does not ("¹http://…").
    if (rest === "" && !SPACE_END.test(spans[i - 1].text) && !SPACE_START.test(span.text) && span.x0 - spans[first].x1 < NUMBER_GAP_EMS_MIN * span.size) return null;
    if (span.monospace) code = true;
    else if (!isWrapMarkerAtEnd(spans, i)) prose = true;
    rest += span.text;
  }
  if (prose && (code || !DOCSTRIP_GUARD.test(rest))) return null;
  return { number: Number(match[1]), code, guard: prose };
}

/** A listing's number stands on the code's baseline: its box's top no more than this many
 * points above the top of the code's box (a footnote's mark is raised above the text). */
const LISTING_NUMBER_RAISE_PT_MAX = 0.5;

/**
 * Whether the line is a numbered listing's (a number before code: numberedLine) with its
 * number set on the code's line, not raised above it. Such a number is no footnote's mark,
 * though its box's bottom may stand well above the code's: old-style figures in a font whose
 * box ends at the baseline (pracjourn's, ut-thesis', icsv's and active-conf's small-caps
 * Palatino, "135" 7 pt beside 9 pt code, its bottom 1.9 pt above the code's descenders) read
 * as raised, and each line of the listing came out a code block of its own.
 */
export function startsWithListingNumber(line: Line): boolean {
  const numbered = numberedLine(line);
  if (numbered === null || !numbered.code) return false;
  const first = line.spans[textSpanFrom(line.spans, 0, 1)];
  let top = Infinity;
  for (const span of line.spans) if (span !== first && span.monospace && !isBlankText(span.text)) top = Math.min(top, span.y0);
  return first.y0 >= top - LISTING_NUMBER_RAISE_PT_MAX;
}

/** White space at a text's end, at its start. */
const SPACE_END = /\s$/;
const SPACE_START = /^\s/;

/**
 * Marks, in `monos`, the lines of each numbered listing of the column as code: a run of
 * lines one under another, each a number before code, a guard or nothing (an empty line of
 * the listing), or a line of code without a number (listings numbers every fifth line),
 * with the numbers rising, and at least NUMBERED_CODE_LINES_MIN of them numbering code.
 */
export function markNumberedListings(monos: boolean[], column: readonly Line[]): void {
  let start = -1;
  let last = -Infinity;
  let withCode = 0;
  const close = (end: number) => {
    if (start >= 0 && withCode >= NUMBERED_CODE_LINES_MIN) monos.fill(true, start, end);
    start = -1;
    last = -Infinity;
    withCode = 0;
  };
  for (let i = 0; i < column.length; i++) {
    const numbered = monos[i] ? null : numberedLine(column[i]);
    if (numbered === null) {
      // A line of code without a number goes on the run; anything else ends it.
      if (!monos[i]) close(i);
      continue;
    }
    if (start >= 0 && numbered.number <= last) close(i);
    if (start < 0) start = i;
    last = numbered.number;
    if (numbered.code) withCode++;
  }
  close(column.length);
}
