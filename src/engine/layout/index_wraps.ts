// Step 5, each column of an index: an entry wrapped onto a line hung in from it. A book's
// index (Free Culture's, pp. 333–346; LaTeX's theindex with its \hangindent) sets its main
// entries at the column's edge, subentries a step in, and hangs every wrapped line of either
// at one deeper indent ("advertising, 36, 45–46, 127, 145–46, 167–" | "68, 321n", "Congress,
// U.S.:" | "on cable television, 61, 74–75" | "challenge of CTEA legislation of," | "228–48").
// The wrapped line, set in from the line above, had started a paragraph of its own (or run
// into the next entries), and the subentries each a paragraph. The hang is read from the
// column itself: the indent of the lines that follow a line ending mid-entry (a comma, a
// dash, a hyphen), where two such lines or more share it. A line at the hang, set in from the
// line above or under another wrapped line, goes on the entry above; a subentry stands
// shallower than the hang and keeps a line of its own.
import type { Line } from "../model.js";
import { endsInIndexPages } from "./leaders.js";
import { isAsciiDigit } from "./word_chars.js";

/** A line ending so goes on in the next: its pages or its words wrapped ("167–", "pur-", "in,"). */
export const ENTRY_GOES_ON = /[,\-–]\s*$/;
/** An entry's last locators may be notes: a page and "n" ("321n", "329n–30n", "310n-11n",
 *  Chicago's style), after a comma and the entry's words. */
/** One locator: a page, a note's page or a roman page, maybe a range ("321n", "329n–30n", "xiv"). */
const LOCATOR = String.raw`(?:\d{1,4}n?|[ivxlc]{1,7})(?:\s*[-–]\s*\d{1,4}n?)?`;
/** Locators parted by commas. */
const LOCATORS = String.raw`${LOCATOR}(?:\s*,\s*${LOCATOR})*`;
const NOTE_PAGES_END = new RegExp(String.raw`\p{L}[^,]*,\s*${LOCATORS}\s*$`, "u");

/** Whether a line of an index ends as an entry: its pages after a comma (leaders.ts
 *  endsInIndexPages), the last of them a note's page ("Bush, George W., 323n"). */
export function endsInIndexLocators(text: string): boolean {
  if (endsInIndexPages(text)) return true;
  // Only a line ending in a note's "n" after a digit is asked again.
  const end = text.trimEnd();
  return end.length > 1 && end.charCodeAt(end.length - 1) === 0x6e && isAsciiDigit(end.charCodeAt(end.length - 2)) && NOTE_PAGES_END.test(end);
}

/** A line of locators alone: pages, notes' pages, ranges ("228–48", "197, 294, 324n"). */
const LOCATORS_ALONE = new RegExp(String.raw`^\s*${LOCATORS}\s*$`);

/** Whether line i of a column ends an index's entry: it ends in its locators
 *  (endsInIndexLocators), or it is the locators alone that the line above, ending mid-entry
 *  (ENTRY_GOES_ON), wrapped onto it ("Congress, U.S.: … challenge of CTEA legislation of," |
 *  "228–48"): a column of subentries with long lists of pages has as many of those. */
export function endsIndexEntry(texts: readonly string[], i: number): boolean {
  if (endsInIndexLocators(texts[i])) return true;
  // Every line of a column may be asked: only one starting with a digit or a roman numeral's
  // letter is read further.
  return i > 0 && startsAsLocator(texts[i]) && ENTRY_GOES_ON.test(texts[i - 1]) && LOCATORS_ALONE.test(texts[i]);
}

/** Whether the text's first character after white space is a digit or a lower-case roman
 *  numeral's letter. */
function startsAsLocator(text: string): boolean {
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    if (code === 0x20 || code === 0x09 || code === 0xa0) continue;
    return isAsciiDigit(code) || code === 0x69 || code === 0x76 || code === 0x78 || code === 0x6c || code === 0x63;
  }
  return false;
}

/** A wrapped line stands at least this many of its ems in from the line above it. */
const WRAP_SHIFT_EMS_MIN = 0.5;
/** Lines this many ems apart or less start at one indent. */
const HANG_TOLERANCE_EMS = 0.3;
/** This many lines at least start at the hang. */
const HANG_LINES_MIN = 2;
/** A wrapped line lies under the line above within this many ems: the index's leading, not
 *  the blank between two letters' groups. */
const WRAP_GAP_EMS_MAX = 0.8;

/** The column's hang: the deepest start of its lines that run on under the line above (at the
 *  index's leading, at its size), where two lines or more (HANG_LINES_MIN) start, one of them
 *  set in (WRAP_SHIFT_EMS_MIN) under a line ending mid-entry (ENTRY_GOES_ON); NaN without one.
 *  A subentry, or LaTeX's subsubentry, starts shallower than the wrapped lines: a head over
 *  subentries ends in its pages, a colon or its words, and the deepest subentries are no
 *  wrapped lines unless one follows a comma at that depth. */
function hangOf(column: readonly Line[], texts: readonly string[], ems: readonly number[]): number {
  let deepest = -Infinity;
  for (let i = 1; i < column.length; i++) if (runsOn(column, ems, i)) deepest = Math.max(deepest, column[i].x0);
  if (deepest === -Infinity) return NaN;
  let count = 0;
  let afterComma = false;
  for (let i = 1; i < column.length; i++) {
    if (!runsOn(column, ems, i) || deepest - column[i].x0 > HANG_TOLERANCE_EMS * ems[i]) continue;
    count++;
    if (ENTRY_GOES_ON.test(texts[i - 1]) && column[i].x0 - column[i - 1].x0 >= WRAP_SHIFT_EMS_MIN * ems[i]) afterComma = true;
  }
  return count >= HANG_LINES_MIN && afterComma ? deepest : NaN;
}

/** Whether line i runs on under the line above: at the index's leading and its size. */
function runsOn(column: readonly Line[], ems: readonly number[], i: number): boolean {
  return goesOnInIndex(column[i - 1], column[i], ems[i - 1], ems[i]);
}

/**
 * Which lines of an index's column go on the entry above (wraps[i]: line i is the rest of
 * line i - 1's entry), or null where the column hangs no wrapped lines at one indent. `ems`
 * are the lines' sizes.
 */
export function indexWraps(column: readonly Line[], texts: readonly string[], ems: readonly number[]): boolean[] | null {
  const hang = hangOf(column, texts, ems);
  if (Number.isNaN(hang)) return null;
  const wraps = new Array<boolean>(column.length).fill(false);
  for (let i = 1; i < column.length; i++) {
    const line = column[i];
    const prev = column[i - 1];
    const em = ems[i];
    if (Math.abs(line.x0 - hang) > HANG_TOLERANCE_EMS * em || line.y0 - prev.y1 > WRAP_GAP_EMS_MAX * em) continue;
    wraps[i] = wraps[i - 1] || line.x0 - prev.x0 >= WRAP_SHIFT_EMS_MIN * em;
  }
  return wraps;
}

/** Whether line i of an index's column goes on in the block of the line above: under it at
 *  the index's leading (WRAP_GAP_EMS_MAX), at its size. Entries, subentries and wrapped lines
 *  are one block a group, each entry a line (blocks.ts markIndexEntries breaks them); the
 *  blank between two letters' groups ends it. */
export function goesOnInIndex(prev: Line, line: Line, prevSize: number, size: number): boolean {
  return Math.abs(prevSize - size) < 1 && line.y0 - prev.y1 <= WRAP_GAP_EMS_MAX * Math.max(1, size);
}
