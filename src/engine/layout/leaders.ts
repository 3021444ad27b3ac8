// Dot leaders: the dots ("Introduction ........ 5", ". . . . ." or "……") that lead the eye
// across a contents page or an index to a page number. Five dots at least, so an ellipsis
// and the period after it ("wait....") are not one. And the joiner's passes that put a
// contents entry's title and page number on one line (line_joining.ts runs them last).
import { type Line, newSpan, type Span, spanPiece } from "../model.js";
import type { ColumnStarts } from "./column_starts.js";
import { appendFragment, JOIN_LOOKBACK_MAX, lineSize, lineText, nearestLeftOnRow, removeLines, SAME_ROW_OVERLAP, verticalOverlap } from "./lines.js";
import { isBlankText, isSpaceCode, startsWithDot } from "./whitespace.js";
import { isAsciiDigit, startsWithDigit } from "./word_chars.js";

/** A page number: arabic, or a well-formed roman numeral of any length ("clxxviii", the
 * valgrind manual's FAQ, is eight letters). */
const PAGE_NUMBER = String.raw`(?:\d{1,5}|(?=[ivxlcdm])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3}))`;
/** An entry of a contents page or an index: a title, a dot leader and a page number, or an
 * index's list of them ("cat . . . . 4, 27"). Five dots, or two spaced ones at least: an
 * index's leader runs to a column of numbers (IEEEconf's "latex8 . . . . 1–3, 6, 10",
 * "\section . . 140, 142"), and an ellipsis and its period ("wait.... 5") are not spaced. */
const LEADER_PAGE_END = new RegExp(String.raw`(?:(?:\.\s?){4,}\.|(?:\.\s)+\.|…(?:\s?…)+)\s*${PAGE_NUMBER}(?:\s*[,–-]\s*${PAGE_NUMBER}){0,20}\s*$`, "i");

/** The letters of roman page numbers, either case. */
const ROMAN_DIGITS = "ivxlcdmIVXLCDM";

/** A dot leader and page numbers, nothing else: the tail of an entry set apart from its
 * title (an index's ". . . 126, 137, 9"). Three dots do here, the numbers after them making
 * them a leader. */
const LEADER_AND_PAGES = new RegExp(String.raw`^\s*(?:(?:\.\s?){3,}|…+)\s*${PAGE_NUMBER}(?:\s*[,–-]\s*${PAGE_NUMBER}){0,20}\s*$`, "i");

export function isLeaderAndPages(text: string): boolean {
  return LEADER_AND_PAGES.test(text);
}

/** Page numbers and nothing else after a fragment that ends in a dot leader: the two halves
 *  of one entry ("\c@subsection . . . . ." | "158"), whose numbers stand right-aligned one
 *  under another and so start where many rows have a fragment to their left, as a column
 *  does. The leader first: it reads the left fragment's last character, where the numbers'
 *  test builds the right one's text, and few fragments end in a dot. */
export function isPagesAfterLeader(left: Line, right: Line): boolean {
  return endsWithLeader(left) && pagesGoOn(lineText(right));
}

export function isContentsEntryText(text: string): boolean {
  // LEADER_PAGE_END ends in a page number and white space: the last character that is no
  // space (isSpaceCode is what \s matches) is a digit or a roman one. Most texts asked (every
  // heading candidate's, every line's in the paragraph breaker) end otherwise, and the
  // unanchored pattern, tried at each of their characters, is not run (issue 9: speed).
  let end = text.length - 1;
  while (end >= 0 && isSpaceCode(text.charCodeAt(end))) end--;
  if (end < 0) return false;
  const final = text.charCodeAt(end);
  if (!((final >= 0x30 && final <= 0x39) || isRomanDigitCode(final))) return false;
  return LEADER_PAGE_END.test(text);
}

/** Page numbers alone, maybe led by dots and ending in a comma: the rest of an index entry
 * (". . . . 1–6, 9, 13–15", ". 40, 42, 44, 46,", "48, 50, 52, 54, 56"). The dots end in a
 * space: ".1" is a number of its own (a price list's last column). */
const PAGES_GO_ON = new RegExp(String.raw`^\s*(?:(?:\.\s?)*\.\s+)?${PAGE_NUMBER}(?:\s*[,–-]\s*${PAGE_NUMBER}){0,20}\s*,?\s*$`, "i");
/** PAGES_GO_ON's test, the text's ends read first: past white space it starts with a full
 *  stop, a digit or a roman one, and ends with a digit, a roman one or a comma (PAGE_NUMBER's
 *  roman part takes one letter at least). startsNewBlock asks it of every pair of lines, of a
 *  line as the line and again as the one before, and nearly all are prose. */
function pagesGoOn(text: string): boolean {
  let start = 0;
  while (start < text.length && isSpaceCode(text.charCodeAt(start))) start++;
  if (start === text.length) return false;
  const first = text.charCodeAt(start);
  if (first !== 0x2e && !isAsciiDigit(first) && !isRomanDigitCode(first)) return false;
  let end = text.length - 1;
  while (isSpaceCode(text.charCodeAt(end))) end--;
  const last = text.charCodeAt(end);
  if (last !== 0x2c && !isAsciiDigit(last) && !isRomanDigitCode(last)) return false;
  return PAGES_GO_ON.test(text);
}
/** A leader at the line's start: three dots at least, spaced or not. */
const LEADER_START = /^\s*(?:\.\s?){2,}\./;
/** A leader at the line's end: dots set after a space, one at least ("topcapt (package) .");
 *  a sentence's period follows its word. */
const LEADER_AT_END = /(?:\s\.)+\s*$/;
/** Numbers going on after a comma. */
const TRAILING_COMMA = /,\s*$/;
/** An entry's numbers going on: a page number and a comma at the line's end. */
const PAGES_OPEN_END = new RegExp(String.raw`(?:\.\s?){1,}.*${PAGE_NUMBER}\s*,\s*$`, "i");
/** The line under an index entry's name holds its wrapped rest this near under it, in ems. */
const WRAPPED_ENTRY_GAP_EMS_MAX = 0.8;

/**
 * An index in narrow columns wraps an entry whose name and leader fill the row: the leader
 * and the page numbers go on the next line, set in under the name (IEEEconf's "IEEEconf" |
 * ". . . . 1–6, 9, 13–15"), or the numbers do after a leader that ended the row
 * ("\RequirePackage . . ." | ". 18, 36–38, 57, 139"), or a long list of numbers goes on
 * after a comma. The line under is page numbers alone (PAGES_GO_ON), under the line above
 * and a line's gap from it at most; the line above is no whole entry already.
 */
export function wrapsIndexEntry(prev: Line, prevText: string, line: Line, text: string, em: number): boolean {
  if (!pagesGoOn(text)) return false;
  if (line.y0 - prev.y1 > WRAPPED_ENTRY_GAP_EMS_MAX * em || line.x0 < prev.x0 - em || line.x0 > prev.x1) return false;
  if (LEADER_START.test(text)) return !isContentsEntryText(prevText) && !pagesGoOn(prevText);
  return LEADER_AT_END.test(prevText) || PAGES_OPEN_END.test(prevText);
}

/** An index entry wrapped (wrapsIndexEntry) ends with its numbers: the line after its last
 * numbers, without a comma after them, starts a block. `lines` are the block's so far. */
export function endsWrappedEntry(lines: readonly Line[], lastText: string): boolean {
  if (lines.length < 2 || !pagesGoOn(lastText) || TRAILING_COMMA.test(lastText)) return false;
  const before = lineText(lines[lines.length - 2]);
  return LEADER_START.test(lastText) || LEADER_AT_END.test(before) || PAGES_OPEN_END.test(before);
}

/** A contents entry: a line joinContentsEntries marked (a page number set flush right with
 * no leader), or isContentsEntryText of the line's text. */
export function isContentsEntryLine(line: Line, text: string): boolean {
  return line.contentsEntry === true || isContentsEntryText(text);
}

/** isContentsEntryLine, the text built only for a line that has the dots and ends in a digit
 * or a letter (every line of every page is asked). */
// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const hasDots = (span: Span) => holdsDots(span.text);

/** `text.includes("..") || text.includes(". .") || text.includes("…")`, read in one pass by
 *  code: the three searches ran over every span of every line asked. */
function holdsDots(text: string): boolean {
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    if (code === ELLIPSIS) return true;
    if (code !== DOT) continue;
    const next = text.charCodeAt(k + 1);
    if (next === DOT || (next === SPACE && text.charCodeAt(k + 2) === DOT)) return true;
  }
  return false;
}
const DOT = 0x2e;
const SPACE = 0x20;
const ELLIPSIS = 0x2026;


export function isContentsEntry(line: Line): boolean {
  if (line.contentsEntry === true) return true;
  const spans = line.spans;
  // The last character that is no space, read in place: most lines end in a letter or a stop.
  let final = 0;
  for (let k = spans.length - 1; k >= 0 && final === 0; k--) {
    const text = spans[k].text;
    for (let c = text.length - 1; c >= 0; c--) {
      const code = text.charCodeAt(c);
      if (!isSpaceCode(code)) {
        final = code;
        break;
      }
    }
  }
  if (!((final >= 0x30 && final <= 0x39) || isRomanDigitCode(final))) return false;
  // Dots in some span before the line's text is built: most lines ending in a letter have none.
  if (!spans.some(hasDots)) return false;
  return LEADER_PAGE_END.test(lineText(line));
}

/** Whether a UTF-16 code unit is one of ROMAN_DIGITS, read without making it a string: a
 *  table of the ASCII codes, where the digits were compared one by one for every line. */
function isRomanDigitCode(code: number): boolean {
  return code < ROMAN_DIGIT_CODES.length && ROMAN_DIGIT_CODES[code] === 1;
}
/** 1 at the code of each of ROMAN_DIGITS (all ASCII). */
const ROMAN_DIGIT_CODES = romanDigitCodes();

function romanDigitCodes(): Uint8Array {
  const codes = new Uint8Array(0x80);
  for (let k = 0; k < ROMAN_DIGITS.length; k++) codes[ROMAN_DIGITS.charCodeAt(k)] = 1;
  return codes;
}

/** A contents page's entries put together: a title ending in a dot leader with its page
 * number, then a page number set flush right with no leader with its title. */
export function joinContentsEntries(joined: Line[], columns: ColumnStarts): void {
  joinLeaders(joined);
  joinTitlesToLeaders(joined, columns);
  // Looked for once: both passes below start from it, and most pages have none.
  const title = contentsTitle(joined);
  joinFlushRightNumbers(joined, columns, title);
  // A contents title the pass above joined to a page number of its own reads as one no more.
  if (title && CONTENTS_TITLE.test(lineText(title))) markTitledEntries(joined, title);
}

/** A title at most this many ems left of its leader joins it. */
const TITLE_LEADER_GAP_EMS = 3;
/** Dots, ellipses and white space only, and a dot or ellipsis in it: a leader's span. */
const DOTS_AND_SPACES_ONLY = /^[\s.…]+$/;
const HAS_DOT = /[.…]/;

/**
 * A leader and its page number standing apart from the title on their row (LaTeX's
 * subsection entries, their dots starting at a column of their own: "6.1.1 Version
 * Information" | ". . . . . 12") join the title: the entry is one line, marked a contents
 * entry. So do page numbers after a title whose leader ran short, to a dot or two. Not across
 * a column's gutter.
 */
function joinTitlesToLeaders(joined: Line[], columns: ColumnStarts): void {
  let removed: Set<Line> | null = null;
  for (let i = 0; i < joined.length; i++) {
    const tail = joined[i];
    if (tail.wmode !== 0 || removed?.has(tail)) continue;
    // A leader, or the page numbers after a title whose leader ran to a dot or two (an index
    // in narrow columns: "topcapt (package) ." | "6, 11", "\thesubsubsection" | ". 147").
    const first = tail.spans[0]?.text ?? "";
    const dotted = startsWithDot(first);
    if ((!dotted && !startsWithDigit(first)) || !onlyLeaderAndPageUnits(tail)) continue;
    const tailText = lineText(tail);
    if (!(dotted && isLeaderAndPages(tailText)) && !pagesGoOn(tailText)) continue;
    const title = nearestLeftOnRow(joined, i, removed);
    if (!title || removed?.has(title) || isContentsEntry(title) || PAGE_NUMBER_ONLY.test(lineText(title))) continue;
    if (!dotted && !LEADER_AT_END.test(lineText(title))) continue;
    const em = Math.max(lineSize(title), lineSize(tail), 1);
    if (tail.x0 - title.x1 > TITLE_LEADER_GAP_EMS * em || columns.gutterBetween(title, tail)) continue;
    tail.spans = tail.spans.map((span) => (DOTS_AND_SPACES_ONLY.test(span.text) && HAS_DOT.test(span.text) ? leaderPiece(span, span.text, span.x0, span.x1) : span));
    if (!dotted) markLeaderTail(title);
    appendFragment(title, tail);
    title.contentsEntry = true;
    (removed ??= new Set()).add(tail);
  }
  if (removed) removeLines(joined, removed);
}

/** Whether every UTF-16 unit of the line is one that LEADER_AND_PAGES and PAGES_GO_ON read (white
 *  space, dots and ellipses, figures, roman digits, commas and dashes): read by code before the
 *  line's text is built for them, for most lines that start with a figure hold words. */
function onlyLeaderAndPageUnits(line: Line): boolean {
  for (const span of line.spans) {
    const text = span.text;
    for (let k = 0; k < text.length; k++) {
      const code = text.charCodeAt(k);
      if (!(isAsciiDigit(code) || isRomanDigitCode(code) || code === DOT || code === ELLIPSIS || code === COMMA || code === HYPHEN_MINUS || code === EN_DASH || isSpaceCode(code))) return false;
    }
  }
  return true;
}
const COMMA = 0x2c;
const HYPHEN_MINUS = 0x2d;
const EN_DASH = 0x2013;

/** Three dots at least at the end: an index's short leader ("\RequirePackage . . ."). */
const SHORT_LEADER_END = /(?:\.\s?){2,}\.\s*$/;
/** A leader of the fragment's own starts this near right of it, in ems. */
const OWN_LEADER_GAP_EMS_MAX = 3;

/** Whether `fragment` is the title of an entry of its own: its row goes on right of it in a
 *  leader (an index's next column: "\RequirePackage" | ". . ."), or it ends in one, or it
 *  is a whole entry ("\thispagestyle . . . . 13"). Words after a leader that are no entry
 *  (a nomenclature's unit "[ m/s2 ]", a proof's "□") join. Asked only of a leader's words:
 *  few lines end in a leader. */
function titlesOwnEntry(joined: readonly Line[], fragment: Line): boolean {
  const text = lineText(fragment);
  if (SHORT_LEADER_END.test(text) || isContentsEntryText(text)) return true;
  const reach = OWN_LEADER_GAP_EMS_MAX * Math.max(lineSize(fragment), 1);
  for (const other of joined) {
    const gap = other.x0 - fragment.x1;
    if (other !== fragment && gap >= 0 && gap <= reach && verticalOverlap(other, fragment) >= SAME_ROW_OVERLAP && startsWithDot(other.spans[0]?.text ?? "")) return true;
  }
  return false;
}

/** A fragment ending in a dot leader leads to the page number at the row's end (LaTeX sets the
 * number apart from the leader, at the right margin, where the numbers' left edges line up like
 * a column's): it joins the next fragment on its row within this many ems. */
const LEADER_GAP_EMS = 30;
/** Characters of a fragment's last span enough to hold a leader; a shorter span is read with the line's text. */
const LEADER_TAIL_CHARS = 12;
/** Four dots at least, spaced or not, or two ellipses: an ellipsis ends no fragment as a leader does. */
const LEADER_END = /(?:\.\s?){3,}\.\s*$|…\s?…\s*$/;

/** What a leader leads to: a page number first ("12", "xiv", an appendix's "A-3"), or words
 * that are no entry of their own. An index in three narrow columns sets an entry's numbers on
 * the next row when its leader fills the row ("IEEEconf . . . . . . ." over ". . . . 1–6,
 * 9"), and the next column's entry on the row ("\RequirePackage") is no page number. */
const LEADS_TO_PAGE = new RegExp(String.raw`^\s*(?:[A-Z][-.–])?${PAGE_NUMBER}(?![\p{L}\\])`, "iu");

/**
 * A fragment ending in a dot leader takes the nearest fragment right of it on its row (the
 * page number), however far, unless it is the title of another entry (titlesOwnEntry). A
 * pass of its own: the number's box is often a little off the title's centre line, so the
 * row sort can put it first.
 */
function joinLeaders(joined: Line[]): void {
  let removed: Set<Line> | null = null;
  for (let i = 0; i < joined.length; i++) {
    const line = joined[i];
    if (line.wmode !== 0 || removed?.has(line) || !endsWithLeader(line)) continue;
    let best: Line | null = null;
    let bestGap = Infinity;
    const from = Math.max(0, i - JOIN_LOOKBACK_MAX);
    const to = Math.min(joined.length - 1, i + JOIN_LOOKBACK_MAX);
    for (let j = from; j <= to; j++) {
      const other = joined[j];
      if (j === i || other.wmode !== 0 || removed?.has(other) || verticalOverlap(line, other) < SAME_ROW_OVERLAP) continue;
      const em = Math.max(lineSize(line), lineSize(other), 1);
      const gap = other.x0 - line.x1;
      if (gap >= -0.5 * em && gap <= LEADER_GAP_EMS * em && gap < bestGap) {
        best = other;
        bestGap = gap;
      }
    }
    if (best && (LEADS_TO_PAGE.test(lineText(best)) || !titlesOwnEntry(joined, best))) {
      appendToLeader(line, best);
      (removed ??= new Set()).add(best);
    }
  }
  if (removed) removeLines(joined, removed);
}

/** What a fragment ending in a leader takes in, on its end: a page number alone makes the
 *  line a contents entry whose leader the Markdown leaves out. */
export function appendToLeader(line: Line, next: Line): void {
  if (PAGE_NUMBER_ONLY.test(lineText(next))) {
    markLeaderTail(line);
    line.contentsEntry = true;
  }
  appendFragment(line, next);
}

/** A page number alone: arabic or roman. */
const PAGE_NUMBER_ONLY = new RegExp(String.raw`^\s*${PAGE_NUMBER}\s*$`, "i");
/** Right edges this many points apart are one edge (numbers set flush right). */
const FLUSH_RIGHT_TOLERANCE = 1.5;
/** Entries with a leader ending at one edge that make it a contents page's page-number edge. */
const LEADER_ENTRIES_MIN = 2;
/** An entry's row lies within this many of its line heights of another entry's (a chapter's
 * entry has a blank line above it; the foot's folio is further off). */
const ENTRY_ROWS_REACH = 4;

/**
 * A contents page sets some entries with a dot leader and others (LaTeX's chapters and
 * sections, a newsletter's main topics) with the page number alone, flush right at the
 * same edge. Where two entries with leaders end at an edge, a page number alone ending
 * there joins the nearest fragment left of it on its row, its title, and the line is
 * marked as a contents entry: when its row lies within reach of another entry's, so that
 * the folio in the page's foot, flush right too, stays apart. Never across a column's edge.
 */
function joinFlushRightNumbers(joined: Line[], columns: ColumnStarts, title: Line | null): void {
  // Entries with a leader: the joiner marked those it put together; a few came whole. Two at
  // least, or a contents title over page numbers, or the page is no contents page (most pages
  // stop here).
  let entries = 0;
  for (const line of joined) if (line.wmode === 0 && isContentsEntry(line) && ++entries >= LEADER_ENTRIES_MIN) break;
  const seeds = entries >= LEADER_ENTRIES_MIN ? leaderSeeds(joined) : title ? contentsTitleSeeds(joined, title) : null;
  if (!seeds) return;
  const { edges, rows } = seeds;
  const atEdge = (x: number) => {
    let count = 0;
    for (const edge of edges) if (Math.abs(edge - x) <= FLUSH_RIGHT_TOLERANCE && ++count >= LEADER_ENTRIES_MIN) return true;
    return false;
  };
  const pairs: { number: Line; title: Line }[] = [];
  for (let i = 0; i < joined.length; i++) {
    const number = joined[i];
    if (number.wmode !== 0 || !atEdge(number.x1) || !PAGE_NUMBER_ONLY.test(lineText(number))) continue;
    const title = nearestLeftOnRow(joined, i);
    if (title && !PAGE_NUMBER_ONLY.test(lineText(title)) && !columns.gutterBetween(title, number)) pairs.push({ number, title });
  }
  // Entries within reach of an entry's row, growing from those with leaders.
  const taken = new Set<Line>();
  for (const { number, title } of withinReach(pairs, rows, (pair) => pair.number)) {
    taken.add(number);
    markLeaderTail(title);
    appendFragment(title, number);
    title.contentsEntry = true;
  }
  if (taken.size > 0) removeLines(joined, taken);
  // An entry whose page number the row's joiner took in already (set small right after its
  // title, with no leader: ReportLab's "8.3 DocPara(…, escape=True)" "91") ends at the edge
  // in a span that is a page number alone: an entry too, within reach of one.
  const whole: Line[] = [];
  for (const line of joined) if (line.wmode === 0 && line.contentsEntry !== true && atEdge(line.x1) && endsInPageNumberSpan(line)) whole.push(line);
  for (const line of withinReach(whole, rows, (entry) => entry)) line.contentsEntry = true;
}

/** Whether the line's last span with ink is a page number alone (PAGE_NUMBER_ONLY) after
 *  another span with ink: a title and its number, the number a span of its own. */
function endsInPageNumberSpan(line: Line): boolean {
  const spans = line.spans;
  let k = spans.length - 1;
  while (k > 0 && isBlankText(spans[k].text)) k--;
  if (k === 0 || !startsWithDigit(spans[k].text.trimStart()) || !PAGE_NUMBER_ONLY.test(spans[k].text)) return false;
  for (let j = 0; j < k; j++) if (!isBlankText(spans[j].text)) return true;
  return false;
}

/**
 * The items whose line (`lineOf`) lies within ENTRY_ROWS_REACH of its height of one of `rows`
 * (row centres, doubled: y0 + y1), growing: each item taken adds its row. In the order taken.
 */
function withinReach<T>(items: readonly T[], rows: number[], lineOf: (item: T) => Line): T[] {
  const taken: T[] = [];
  const done = new Set<T>();
  for (let grown = true; grown; ) {
    grown = false;
    for (const item of items) {
      if (done.has(item)) continue;
      const line = lineOf(item);
      const centre = line.y0 + line.y1;
      const reach = 2 * ENTRY_ROWS_REACH * (line.y1 - line.y0);
      if (!rows.some((row) => Math.abs(row - centre) <= reach)) continue;
      rows.push(centre);
      done.add(item);
      taken.push(item);
      grown = true;
    }
  }
  return taken;
}

/** The edges and rows entries grow from: those of the entries with a leader. */
function leaderSeeds(joined: readonly Line[]): { edges: number[]; rows: number[] } {
  const edges: number[] = [];
  const rows: number[] = [];
  for (const line of joined) {
    if (line.wmode !== 0 || !isContentsEntry(line)) continue;
    edges.push(line.x1);
    rows.push(line.y0 + line.y1);
  }
  return { edges, rows };
}

/** A contents page's title, in the languages of the documents we see. */
const CONTENTS_TITLE =
  /^\s*(?:(?:table\s+of\s+)?contents|inhalt(?:sverzeichnis)?|table\s+des\s+mati[èe]res|sommaire|[íi]ndice|sum[áa]rio|contenidos?|spis\s+tre[śs]ci|obsah|inneh[åa]ll|inhoud|indholdsfortegnelse|sis[äa]llys|содержание|оглавление|目次|目录|目錄|차례|목차)\s*$/iu;
/** A title longer than this many characters is no contents title: the test runs on few lines. */
const CONTENTS_TITLE_CHARS_MAX = 24;
/** Page numbers alone at one edge under a contents title that make it the page-number edge. */
const TITLED_ENTRIES_MIN = 3;

/**
 * Without leaders (revtex sets every entry so: "I. Introduction" and its "1" flush right, two
 * fragments apart), the page's contents title seeds the rows, and page numbers alone under it
 * that end at one edge, three at least, make that edge. Null when there are none.
 */
function contentsTitleSeeds(joined: readonly Line[], title: Line): { edges: number[]; rows: number[] } | null {
  const below: number[] = [];
  for (const line of joined) {
    if (line.wmode === 0 && line.y0 >= title.y1 && line.x1 > title.x0 && PAGE_NUMBER_ONLY.test(lineText(line))) below.push(line.x1);
  }
  const edges = below.filter((x) => below.filter((other) => Math.abs(other - x) <= FLUSH_RIGHT_TOLERANCE).length >= TITLED_ENTRIES_MIN);
  if (edges.length === 0) return null;
  return { edges, rows: [title.y0 + title.y1] };
}

/** The letters CONTENTS_TITLE's titles start with, in either case as its flags (`iu`) match
 *  them (ſ is an s to it). */
const CONTENTS_TITLE_FIRST = "tTcCiIsSſíÍoOсСоО目차목";

/** The page's contents title, if it has one. */
function contentsTitle(joined: readonly Line[]): Line | null {
  for (const line of joined) {
    if (line.wmode !== 0) continue;
    let chars = 0;
    for (const span of line.spans) chars += span.text.length;
    // The first letter before the line's text is built: most short lines are numbers, labels
    // and words that start otherwise.
    if (chars <= CONTENTS_TITLE_CHARS_MAX && CONTENTS_TITLE_FIRST.includes(firstInkedChar(line)) && CONTENTS_TITLE.test(lineText(line))) return line;
  }
  return null;
}

/** The line's first UTF-16 unit that is not white space, as a string; "" for a blank line. */
function firstInkedChar(line: Line): string {
  for (const span of line.spans) {
    const text = span.text;
    for (let k = 0; k < text.length; k++) if (!isSpaceCode(text.charCodeAt(k))) return text[k];
  }
  return "";
}

/** A fragment this many ems right of such a line, on its row, makes the line its label. */
const ENTRY_LABEL_GAP_EMS = 3;
/** A title, then its page number after a space, as a contents entry without a leader ends. */
const TITLE_THEN_PAGE = new RegExp(String.raw`\p{L}\S*\s+${PAGE_NUMBER}\s*$`, "iu");

/**
 * Under a contents title, entries whose page number follows the title after a space (ltxdoc's
 * and KOMA's two-column contents under multicol: "2.1 Active 2006 class 1") are contents
 * entries too, growing row by row from the title as joinFlushRightNumbers grows them. Marked,
 * they are lines of their own, never a table's rows nor headings.
 */
function markTitledEntries(joined: readonly Line[], title: Line): void {
  const rows = [title.y0 + title.y1];
  // The number ends the entry: "Chapter 1" an em before "Conclusions . . . 1" is its label
  // (the next column's entry on the row stands further off).
  const endsRow = (line: Line) => {
    const reach = line.x1 + ENTRY_LABEL_GAP_EMS * lineSize(line);
    return !joined.some((other) => other !== line && other.x0 >= line.x1 && other.x0 <= reach && verticalOverlap(line, other) >= SAME_ROW_OVERLAP);
  };
  const candidates = joined.filter((line) => line.wmode === 0 && line.contentsEntry !== true && line.y0 >= title.y1 && TITLE_THEN_PAGE.test(lineText(line)) && endsRow(line));
  for (const line of joined) if (line.contentsEntry === true && line.y0 >= title.y1) rows.push(line.y0 + line.y1);
  const entries = withinReach(candidates, rows, (line) => line);
  // Three entries at least: "Table of Contents" in a list of a thesis's parts, then "Chapter
  // 1" and "Chapter 2", is no contents page.
  if (entries.length < TITLED_ENTRIES_MIN) return;
  for (const line of entries) line.contentsEntry = true;
}

/** A contents entry's leader before its page number: dots after a space ("hooks . ." and the
 * lone "documents ." of a leader cut short by the number), or four in a row. */
const LEADER_TAIL = /(?:\s(?:\s*\.)+|(?:\.\s?){4,})\s*$/;

/** Marks the leader ending a contents entry's title as such (Span.leader), in spans of its own
 * (render/inline.ts's dropLeaders takes long leaders out of any text; a short one is known
 * only here). The text stays: the table detector reads a leader as leading to the next cell. */
/** A piece of `span` marked as a leader (what `{ ...span, text, x0, x1, leader: true }` made). */
function leaderPiece(span: Span, text: string, x0: number, x1: number): Span {
  return newSpan(text, x0, span.y0, x1, span.y1, span.font, span.size, span.bold, span.italic, span.monospace, span.invisible, true);
}

function markLeaderTail(line: Line): void {
  const match = LEADER_TAIL.exec(lineText(line));
  if (!match) return;
  let at = match.index;
  const spans: Span[] = [];
  for (const span of line.spans) {
    const n = span.text.length;
    if (at >= n) spans.push(span);
    else if (at <= 0) spans.push(leaderPiece(span, span.text, span.x0, span.x1));
    else {
      // Split at the leader's first character, the box in proportion to the characters.
      const x = span.x0 + ((span.x1 - span.x0) * at) / n;
      spans.push(spanPiece(span, span.text.slice(0, at), span.x0, x), leaderPiece(span, span.text.slice(at), x, span.x1));
    }
    at -= n;
  }
  line.spans = spans;
}

function endsWithLeader(line: Line): boolean {
  let k = line.spans.length - 1;
  while (k > 0 && isBlankText(line.spans[k].text)) k--;
  const last = line.spans[k];
  let end = last.text.length;
  while (end > 0 && isSpaceCode(last.text.charCodeAt(end - 1))) end--;
  // Only a fragment ending in a dot or an ellipsis can; the pattern runs on few.
  const final = end > 0 ? last.text.charCodeAt(end - 1) : 0;
  if (final !== 0x2e && final !== 0x2026) return false;
  return LEADER_END.test(last.text.length >= LEADER_TAIL_CHARS ? last.text : lineText(line));
}

/** An index's entry without a leader: words, a comma, then its pages, each a number, a
 *  roman numeral or a range ("eliminate_if, 147", "invariant, 95, 96, 99", "preface, xii",
 *  "tables, 12–14"). */
const INDEX_ENTRY_END = /\p{L}[^,]*,\s*(?:\d{1,4}|[ivxlc]{1,7})(?:\s*[-–]\s*\d{1,4})?(?:\s*,\s*(?:\d{1,4}|[ivxlc]{1,7})(?:\s*[-–]\s*\d{1,4})?)*\s*$/u;
/** Whether a line or a cell ends as an index's entry without a leader: words, a comma, its
 *  pages (INDEX_ENTRY_END). */
export function endsInIndexPages(text: string): boolean {
  // The last comma's pages first: most lines have no comma or words after it, and the
  // pattern, tried at each letter of a long line, is not run on them (it was 1 % of a pass).
  const comma = text.lastIndexOf(",");
  return comma >= 0 && LAST_PAGES.test(text.slice(comma + 1)) && INDEX_ENTRY_END.test(text);
}
/** What INDEX_ENTRY_END ends with after its last comma: one page, roman numeral or range. */
const LAST_PAGES = /^\s*(?:\d{1,4}|[ivxlc]{1,7})(?:\s*[-–]\s*\d{1,4})?\s*$/u;
