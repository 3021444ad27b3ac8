// Step 5, each page: inline Markdown for a run of lines: emphasis, code spans and links from span
// styles and link areas, with every character that Markdown would read as syntax escaped
// so that text stays text.
import type { Line, PageLink, Span } from "../model.js";
import { pointLinkLocator } from "../extract/links.js";
import { isEastAsianWide, joinsLinesWithoutSpace } from "../layout/east_asian.js";
import { breaksAtEastAsianPunctuation } from "../layout/east_asian_punctuation.js";
import { superscripts } from "../layout/superscripts.js";
import { textSpanFrom } from "../layout/lines.js";
import { isTagBracket } from "../layout/tag_brackets.js";
import { ADDRESS_TAIL_CHARS_MAX, addressGoesOn } from "../layout/url_breaks.js";
import { brokenTokenHoldsNonWord, compoundGoesOn } from "./kept_hyphens.js";
import { isHeadedCompound } from "./compound_heads.js";
import type { PageWords } from "./page_words.js";
import { writeStrandedMarks } from "./stranded_marks.js";
import { isBlankText, isSpaceCode } from "../layout/whitespace.js";
import { isAsciiDigit } from "../layout/word_chars.js";

export interface InlineOptions {
  dehyphenate: boolean;
  /** Headings drop emphasis: the style is the block's, not the words'. Paragraphs, list items
   * and table cells keep theirs (a bold row label, an italic title, a total set bold). */
  emphasis: boolean;
  /** A number set in a typewriter face is text, not a code span: a table whose figures are all
   * set so (cjk-pypdf-issue914's codes and amounts) holds numbers, not code. For table cells. */
  numbersAsText?: boolean;
  links: readonly PageLink[];
  /** Escape what would start a block; off for headings, whose text follows `# `. */
  blockStart?: boolean;
  /** Receives every link rendered, for the conversion's `links` list. */
  onLink?: (url: string, text: string) => void;
  /** The words the page writes (render/page_words.ts), which decide a line-end hyphen. */
  words?: PageWords;
}

interface Run {
  text: string;
  /** The piece `text` ends with, appended last (pushRun), or the whole text where it was cut
   *  (setRunText). A line's end asks for the run's last characters: read from `text`, a string
   *  built by appending, they made V8 copy the run so far into one string at every line. */
  tail: string;
  bold: boolean;
  italic: boolean;
  mono: boolean;
  uri: string | null;
  /** A footnote mark, an exponent or an ordinal's letters, set small and raised. */
  sup: boolean;
}

/** A number: digits with a sign, separators, a decimal point or a percent sign. */
const NUMBER = /^\s*[-+\u2212]?[\d.,'\u00a0 ]*\d[\d.,'\u00a0 ]*%?\s*$/;
/** A link area is grown by this many points: link rectangles are drawn tight to glyphs. */
const LINK_SLOP = 0.5;
/** A letter and a hyphen, the two characters a line ends with: tested on those two alone, as
 * a pattern anchored at the end is tried from every letter of the paragraph's run before. */
const HYPHEN_END = /[A-Za-zÀ-ɏͰ-ϿЀ-ӿ][-\u00ad\u2010]$/;
const LOWER_START = /^[a-zà-ɏα-ωа-я]/;
const UPPER_START = /^[A-ZÀ-ÞΑ-ΩА-Я]/;
const LETTER_START = new RegExp(`${LOWER_START.source}|${UPPER_START.source}`);
/** The letters of a word's first half at the end of a line before its hyphen, and of its
 * second half at the start of the next. */
/** Characters before a line-end hyphen looked at for the word it breaks. */
const WORD_TAIL_CHARS = 64;

/** The letters (and marks) right before `tail`'s final hyphen, or "": the match of
 * /[\p{L}\p{M}]+(?=[-\u2010]$)/u, read back from the hyphen, where that pattern, not
 * anchored at its start, was tried from each letter of the tail. A surrogate pair is one
 * character, as the pattern's `u` reads it; a lone surrogate is no letter. */
export function wordBeforeEndHyphen(tail: string): string {
  const hyphenAt = tail.length - 1;
  const last = tail.charCodeAt(hyphenAt);
  if (last !== HYPHEN_MINUS && last !== HYPHEN) return "";
  let start = hyphenAt;
  while (start > 0) {
    const unit = tail.charCodeAt(start - 1);
    const pair = start >= 2 && isLowSurrogate(unit) && isHighSurrogate(tail.charCodeAt(start - 2));
    const width = pair ? 2 : 1;
    if (!isWordLetter(tail, start - width, width)) break;
    start -= width;
  }
  return tail.slice(start, hyphenAt);
}

/** Whether the character of `width` units at `at` is a letter or mark (WORD_LETTER). */
function isWordLetter(text: string, at: number, width: number): boolean {
  const code = text.charCodeAt(at);
  // ASCII without the regular expression: most words.
  if (width === 1 && code < 0x80) return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return WORD_LETTER.test(text.slice(at, at + width));
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
/** A compound's part between two hyphens has this many letters at least ("-and-", "-to-"). */
const COMPOUND_PART_LETTERS_MIN = 2;

/** Whether `part`, the word `tail` ends with before its line-end hyphen, follows a hyphen
 * after a letter: a compound's part ("apple-and-"). Read by position: every broken word asks. */
function followsHyphen(tail: string, part: string): boolean {
  if (part.length < COMPOUND_PART_LETTERS_MIN) return false;
  const at = tail.length - 2 - part.length;
  if (at < 1) return false;
  const code = tail.charCodeAt(at);
  return (code === HYPHEN_MINUS || code === HYPHEN) && WORD_LETTER.test(tail[at - 1]);
}
const WORD_LETTER = /[\p{L}\p{M}]/u;
const WORD_START = /^[\p{L}\p{M}]+/u;
const SOFT_HYPHEN = 0xad;
const HYPHEN_MINUS = 0x2d;
const HYPHEN = 0x2010;
const EN_DASH = 0x2013;
const LOW_LINE = 0x5f;

/** Each page's link lookup, made once per page's links for all its paragraphs and cells. */
const locators = new WeakMap<readonly PageLink[], (point: Float64Array) => number>();
/** Where a span's link is looked up (its centre), handed to the lookup in a typed array's two
 *  slots: two numbers handed to a call that is not inlined are two heap numbers, a span each. */
const spanCentre = new Float64Array(2);

/** The page's link lookup (made on the first question about its links), or null when it has
 *  none: asked once per paragraph or cell, not per span. */
function linkLookup(links: readonly PageLink[]): ((point: Float64Array) => number) | null {
  if (links.length === 0) return null;
  let locate = locators.get(links);
  if (!locate) locators.set(links, (locate = pointLinkLocator(links, LINK_SLOP)));
  return locate;
}

/** The address of the link the span's centre lies in, or null; `locate` is linkLookup(links). */
function linkAt(span: Span, links: readonly PageLink[], locate: ((point: Float64Array) => number) | null = linkLookup(links)): string | null {
  if (locate === null) return null;
  spanCentre[0] = (span.x0 + span.x1) / 2;
  spanCentre[1] = (span.y0 + span.y1) / 2;
  const i = locate(spanCentre);
  return i === -1 ? null : links[i].uri;
}

/**
 * Dot leaders ("Introduction ........ 5", ". . . . ." or "……") lead the eye across a contents
 * page or an index to its page number: they are drawing, not words, and go. Five dots at
 * least, so an ellipsis and the period after it ("wait...." ) stay.
 */
const LEADER = /\s*(?:\.\s?){4,}\.|\s*…(?:\s?…)+/g;

/**
 * The text with its dot leaders dropped. `before`: the code of the last character written
 * before the text (0 for none); `after`: the text after it on its line. A run of dots after
 * East Asian text that leads to no page number is Chinese's ellipsis ("高速、……",
 * "可压缩性，. . . . . .。", set as two ellipses or six dots): it stays (hitszthesis' sample
 * chapter had lost every one, "可压缩性， 。").
 */
export function dropLeaders(text: string, before = 0, after = ""): string {
  if (text.indexOf("..") < 0 && text.indexOf(". .") < 0 && text.indexOf("…") < 0) return text;
  return text.replace(LEADER, (dots: string, at: number) => (isEastAsianEllipsis(text, at, dots.length, before, after) ? dots : " "));
}

/** A page number a leader leads to: a figure, or a roman numeral as a word. */
const LEADS_TO_PAGE_NUMBER = /^(?:\d|[ivxlcdm]+(?:\s|$))/i;

/** Whether the dots text[at, at + length) follow East Asian text (in the text, or `before`)
 *  and lead to no page number (in the text after them, or `after`). */
function isEastAsianEllipsis(text: string, at: number, length: number, before: number, after: string): boolean {
  let k = at;
  while (k > 0 && isSpaceCode(text.charCodeAt(k - 1))) k--;
  if (!isEastAsianWide(k > 0 ? text.charCodeAt(k - 1) : before)) return false;
  const rest = text.slice(at + length).trimStart();
  return !LEADS_TO_PAGE_NUMBER.test(rest === "" ? after.trimStart() : rest);
}

/** Two white-space units in a row, or one other than a plain space. */
const NOT_COLLAPSED = /\s\s|[^\S ]/;

/**
 * `text.replace(/\s+/g, " ").trim()`: every run of white space one space, none at the ends.
 * Scanned per UTF-16 unit and returned as is when already so (most paragraphs are), since
 * every paragraph, cell and link text passes here (issue 9: rendering must not cost throughput).
 */
export function collapseWhitespace(text: string): string {
  const n = text.length;
  // Already collapsed: the native class scan is a fifth cheaper than the loop below.
  if (n > 0 && !isSpaceCode(text.charCodeAt(0)) && !isSpaceCode(text.charCodeAt(n - 1)) && !NOT_COLLAPSED.test(text)) return text;
  let start = 0;
  let end = text.length;
  while (start < end && isSpaceCode(text.charCodeAt(start))) start++;
  while (end > start && isSpaceCode(text.charCodeAt(end - 1))) end--;
  let out = "";
  let from = start;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!isSpaceCode(c) || (c === 0x20 && !isSpaceCode(text.charCodeAt(i + 1)))) continue;
    // The unit at end - 1 is not white space, so the run stops inside the text.
    let j = i + 1;
    while (isSpaceCode(text.charCodeAt(j))) j++;
    out += text.slice(from, i) + " ";
    from = j;
    i = j - 1;
  }
  if (from === 0 && end === text.length) return text;
  return out + text.slice(from, end);
}

/** Whether writeStrandedMarks or dropLeaders can change the text: it holds a combining accent
 *  (stranded_marks.ts STRANDED_MARK's, U+0300 to U+0328), "..", ". ." or "…". The pattern
 *  /[\u0300-\u0328…]|\.\.|\. \./ read unit by unit: asked of every span of every paragraph,
 *  whose few characters cost less to read than the pattern's call (a third of its time). */
function mayNeedGlyphFixes(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === FULL_STOP) {
      const next = text.charCodeAt(i + 1);
      if (next === FULL_STOP || (next === 0x20 && text.charCodeAt(i + 2) === FULL_STOP)) return true;
    } else if (c >= 0x300 && (c <= 0x328 || c === ELLIPSIS)) return true;
  }
  return false;
}
const FULL_STOP = 0x2e;
const ELLIPSIS = 0x2026;

/** A span's text with a combining accent after white space written as its spacing accent and
 *  dot leaders dropped. A spacing accent is not composed with the letter after it here: the
 *  reader composes one set over its letter (extract/placed_accents.ts), and one it left is set
 *  beside its letters ("toc´s", hobete). */
function fixGlyphs(text: string, before = 0, after = ""): string {
  // One test instead of the two helpers' four: most spans hold none of these.
  return mayNeedGlyphFixes(text) ? dropLeaders(writeStrandedMarks(text), before, after) : text;
}

/** fixGlyphs of spans[k]'s text, written after `runs` on its line. */
function fixSpanGlyphs(runs: readonly Run[], spans: readonly Span[], k: number): string {
  const text = spans[k].text;
  if (!mayNeedGlyphFixes(text)) return text;
  return fixGlyphs(text, runs.length > 0 ? lastVisibleCode(runs[runs.length - 1]) : 0, textAhead(spans, k + 1));
}

/** Whether a line-end hyphen goes when the word is joined: `before` ends with it ("Trace-"),
 * `after` is the next line's text ("Monkey is"). */
function hyphenGoes(before: string, after: string, words: PageWords | undefined): boolean {
  // The run's tail only: a paragraph's run grows line by line, and a word is short.
  const tail = before.slice(-WORD_TAIL_CHARS);
  const left = wordBeforeEndHyphen(tail);
  const right = after.match(WORD_START)?.[0] ?? "";
  // A compound broken at one of its own hyphens ("apple-and-" | "elderflower"): the word
  // before the line-end hyphen follows a hyphen and is one the page writes on its own. A
  // syllable of a compound's part is not ("well-estab-" | "lished").
  // A producer that hyphenates no word breaks lines at the text's own hyphens: the hyphen
  // stays unless the page writes the word joined ("hull-" | "monitoring").
  if (words !== undefined && !words.hyphenates) return words.writes(left + right);
  // A token's own hyphen, or a compound's before its next hyphen, stays (kept_hyphens.ts).
  if (brokenTokenHoldsNonWord(tail, left)) return false;
  const lower = LOWER_START.test(after);
  if (lower && compoundGoesOn(after)) return false;
  if (lower && followsHyphen(tail, left) && (words?.writesApart(left) ?? false)) return false;
  // A compound's hyphen before its head stays too ("photon-" | "like", compound_heads.ts).
  if (lower) return !(words !== undefined && (words.isCompound(left, right) || isHeadedCompound(left, right, words)));
  return words?.writes(left + right) ?? false;
}

/** Whether a line break between these two characters is dropped: between two East Asian
 * wide characters (Chinese and Japanese break lines anywhere, without spaces), or between
 * one and a digit (10月 / 5日 broken after 月). */
function breakIsNotASpace(before: number, after: number): boolean {
  const wideBefore = joinsLinesWithoutSpace(before);
  const wideAfter = joinsLinesWithoutSpace(after);
  // Beside East Asian punctuation, Latin text too (east_asian_punctuation.ts).
  return (wideBefore && (wideAfter || isAsciiDigit(after))) || (wideAfter && isAsciiDigit(before)) || ((wideBefore || wideAfter) && breaksAtEastAsianPunctuation(before, after));
}

/** Characters of a line's end that decide whether the next line joins it without a space:
 * an address's tail is the longest looked at, and a paragraph's run is not copied whole at
 * each line. */
const JOIN_TAIL_CHARS = ADDRESS_TAIL_CHARS_MAX;

/** A hyphen or dash after a letter or digit at a line's end, before a number on the next:
 * one word or range broken there ("base-" | "85", "pp. 12–" | "15"), written without a space. */
const DASH_BEFORE_NUMBER = /[\p{L}\p{N}][-\u2010\u2013]$/u;
const NUMBER_START = /^\p{N}/u;

/** A hyphen after a digit at a line's end: no hyphenation breaks a word after a digit, so the
 * hyphen is the compound's own ("3-" | "dimensional", "64-" | "bit", a package's "bzip2-" |
 * "libs" in R-admin p. 42), kept, and the line joins without a space before a letter. */
const NUMBER_HYPHEN_END = /\p{N}[-\u2010]$/u;
const WORD_LETTER_START = /^\p{L}/u;
const IDENTIFIER_UNDERSCORE_END = /[\p{L}\p{N}]_$/u;
const IDENTIFIER_START = /^[\p{L}\p{N}_.]/u;

/** A command-line option's dashes broken from its name, in the code face ("--" | "fullpath-after=…"). */
const OPTION_DASHES_END = /(?:^|\s)--$/;
/** An option's one dash broken from its name, the whole of the line's last span in the code
 *  face (Chromium breaks gcc's NEWS at "-" | "Wc++17-extensions"): a minus inside code ("(1 -"
 *  | "double.neg.eps)", R's refman) is no option's. */
const OPTION_DASH_ALONE = /^\s*-\s*$/;
const OPTION_NAME_START = /^\p{L}/u;

/** Whether the next line's first span goes on the last run without a space: a number after a
 * line-end hyphen, or an address broken at a line end, in the code face on both sides or
 * inside one link (url_breaks.ts). */
function joinsWithoutSpace(last: Run, before: string, lastSpan: Span | undefined, first: Span | undefined, options: InlineOptions): boolean {
  if (!first) return false;
  const after = first.text.trimStart();
  // The patterns below end in a hyphen, a dash or an underscore: tried only where `before`
  // does (its last character, not a stop or a colon as most lines end with), as each,
  // anchored at its end alone, is tried from every character of `before`.
  const final = before.charCodeAt(before.length - 1);
  const hyphen = final === HYPHEN_MINUS || final === HYPHEN;
  if ((hyphen || final === EN_DASH) && DASH_BEFORE_NUMBER.test(before) && NUMBER_START.test(after)) return true;
  // A compound broken at its hyphen after a digit: "3-" | "dimensional", "bzip2-" | "libs".
  if (hyphen && NUMBER_HYPHEN_END.test(before) && WORD_LETTER_START.test(after)) return true;
  const code = last.mono && first.monospace;
  if (code && ((final === HYPHEN_MINUS && OPTION_DASHES_END.test(before)) || (lastSpan !== undefined && OPTION_DASH_ALONE.test(lastSpan.text))) && OPTION_NAME_START.test(after)) return true;
  // An identifier broken after its underscore ("pkg_" | "version.tar.gz").
  if (code && final === LOW_LINE && IDENTIFIER_UNDERSCORE_END.test(before) && IDENTIFIER_START.test(after)) return true;
  return addressBrokenAt(last, before, first, after, options);
}

/** Characters each side of a line-end hyphen looked for in a link's address. */
const HYPHEN_CONTEXT_CHARS = 12;

/**
 * Whether the hyphen ending the last run is an address's own, broken at a line's end: url.sty
 * breaks an address after its hyphen and adds none (bath-bst's "…/vishaan-chakrabarti-pau-" |
 * "curbed-appeal-podcast"). Inside a link, the link's address says so; a hyphenated address in
 * the text face ("https://git-" | "hub.com/…", a link to github.com) loses the hyphen.
 */
function isAddressHyphen(last: Run, first: Span, next: string, options: InlineOptions): boolean {
  const tail = last.text.slice(Math.max(0, last.text.length - JOIN_TAIL_CHARS));
  if (!addressBrokenAt(last, tail, first, next, options)) return false;
  if (last.uri === null) return true;
  const before = (tail.match(/\S*$/)?.[0] ?? "").slice(-HYPHEN_CONTEXT_CHARS);
  const around = before + (next.match(/^\S+/)?.[0] ?? "").slice(0, HYPHEN_CONTEXT_CHARS);
  return last.uri.includes(around);
}

/** Whether an address in the code face, or inside one link, is broken between the last run's
 *  `before` and the next line's first span, whose text is `after` (url_breaks.ts). */
function addressBrokenAt(last: Run, before: string, first: Span, after: string, options: InlineOptions): boolean {
  const oneFace = (last.mono && first.monospace) || (last.uri !== null && linkAt(first, options.links) === last.uri);
  return oneFace && addressGoesOn(before, after);
}

/** Whether a line ending in this character can join the next without a space at all: every
 * rule of joinsWithoutSpace needs a dash, a hyphen, an underscore or a character an address
 * breaks after (url_breaks.ts) at the line's end. Asked of every line: the cheap test first. */
function mayJoinWithoutSpace(final: number): boolean {
  switch (final) {
    case 0x2d: // - (DASH_BEFORE_NUMBER, NUMBER_HYPHEN_END, OPTION_DASHES_END, an address)
    case 0x2010: // ‐
    case 0x2013: // –
    case 0x5f: // _ (IDENTIFIER_UNDERSCORE_END, an address)
    case 0x2f: // the rest: where an address breaks (url_breaks.ts's BREAK_AFTER)
    case 0x3a:
    case 0x2e:
    case 0x7e:
    case 0x23:
    case 0x3f:
    case 0x3d:
    case 0x26:
    case 0x25:
      return true;
    default:
      return false;
  }
}

/** Appends text to `runs`. A span joins the open run when it has its style (most spans of a
 *  paragraph do), so the run object is made only for a span that starts a new one. A module
 *  function, not a closure per paragraph: V8 recompiles a per-call closure's code after the
 *  closures die at a full GC. */
function pushRun(runs: Run[], text: string, bold: boolean, italic: boolean, mono: boolean, uri: string | null, sup: boolean): void {
  // Not runs[-1] for a paragraph's first run: an index below 0 is a named property to V8, looked
  // up the slow way (some ten times a guarded read), once per paragraph and cell.
  const prev = runs.length > 0 ? runs[runs.length - 1] : undefined;
  // A superscript and a code span are written without emphasis, so weight and slant do
  // not part them (a footnote's ∗ from a math font, flagged italic, and the + beside it;
  // \typearea[BCOR] with its argument in italic type): two code spans side by side would
  // read as one with a doubled backtick.
  const sameStyle = prev && prev.uri === uri && prev.sup === sup && prev.mono === mono && (sup || mono || (prev.bold === bold && prev.italic === italic));
  // Whitespace carries no style: it joins whatever run it sits in.
  if (prev && (sameStyle || (uri === prev.uri && isBlankText(text)))) {
    prev.text += text;
    prev.tail = text;
  } else runs.push({ text, tail: text, bold, italic, mono, uri, sup });
}

/** Sets a run's text where it is cut or trimmed: its tail is then the whole of it. */
function setRunText(run: Run, text: string): void {
  run.text = text;
  run.tail = text;
}

/** The code of the run's last character that is not white space, or 0 when it has none:
 *  read in its tail, and in its text only where the tail is white space alone. */
function lastVisibleCode(run: Run): number {
  const { tail } = run;
  for (let k = tail.length; k > 0; k--) {
    const c = tail.charCodeAt(k - 1);
    if (!isSpaceCode(c)) return c;
  }
  const { text } = run;
  for (let k = text.length - tail.length; k > 0; k--) {
    const c = text.charCodeAt(k - 1);
    if (!isSpaceCode(c)) return c;
  }
  return 0;
}

/** Whether the run's text ends with white space (read in its tail unless that is empty). */
function endsInSpace(run: Run): boolean {
  const end = run.tail.length > 0 ? run.tail : run.text;
  return isSpaceCode(end.charCodeAt(end.length - 1));
}

/** Whether a line ending in this character (its last visible one) may join the next other
 *  than by a space: a soft hyphen, a hyphen, a dash, a break between wide characters (before
 *  `next`, the next line's first), or an address's or an identifier's break. Most lines end
 *  in a letter or a stop: only for the rest is the run's text read (joinAtLineEnd). */
function mayJoinAtLineEnd(final: number, next: number): boolean {
  return final === SOFT_HYPHEN || breakIsNotASpace(final, next) || mayJoinWithoutSpace(final);
}

/** Joins the last run to the line `lines[index]` where a rule says how (a hyphen that goes or
 *  stays, a break with no space): true; false where a space goes between them. */
function joinAtLineEnd(last: Run, final: number, lines: readonly Line[], index: number, options: InlineOptions): boolean {
  const line = lines[index];
  const prevText = last.text;
  // The text is read (a copy of the paragraph so far, built by appending) only where a rule
  // needs it: most lines that reach here end in a stop, which joinsWithoutSpace reads only
  // in the code face or inside a link.
  if (final === SOFT_HYPHEN) {
    // A soft hyphen marks where the typesetter broke a word: it always goes, and the
    // halves join whatever the next letter's case.
    setRunText(last, prevText.slice(0, visibleEnd(prevText) - 1));
    return true;
  }
  if (final === HYPHEN_MINUS || final === HYPHEN) {
    const end = visibleEnd(prevText);
    if (HYPHEN_END.test(prevText.slice(Math.max(0, end - 2), end)) && LETTER_START.test(line.spans[0]?.text.trimStart() ?? "")) {
      setRunText(last, prevText.slice(0, end));
      const next = line.spans[0].text.trimStart();
      // A hard hyphen goes only when the caller asks for dehyphenation. Before a capital the
      // word is a name set in two parts (Trace-|Monkey) or a compound (Smith-|Jones): the
      // hyphen goes only where the page also writes the word whole (TraceMonkey). Before a
      // small letter it goes unless the word is a compound the page writes (mixed-|mode).
      if (options.dehyphenate && !isAddressHyphen(last, line.spans[0], next, options) && hyphenGoes(last.text, next, options.words)) setRunText(last, last.text.slice(0, -1));
      return true;
    }
  }
  if (breakIsNotASpace(final, line.spans[0]?.text.charCodeAt(0) ?? 0)) {
    setRunText(last, prevText.slice(0, visibleEnd(prevText)));
    return true;
  }
  if (mayJoinWithoutSpace(final) && (last.mono || last.uri !== null || endsJoinPattern(final))) {
    const end = visibleEnd(prevText);
    if (joinsWithoutSpace(last, prevText.slice(Math.max(0, end - JOIN_TAIL_CHARS), end), lastTextSpan(lines[index - 1]), line.spans[0], options)) {
      setRunText(last, prevText.slice(0, end));
      return true;
    }
  }
  return false;
}

/** Where the text's white space at its end starts. */
function visibleEnd(text: string): number {
  let end = text.length;
  while (end > 0 && isSpaceCode(text.charCodeAt(end - 1))) end--;
  return end;
}

/** Whether a line ending in this character may join by one of joinsWithoutSpace's patterns of
 *  plain text (a hyphen, a dash, an underscore): its other rules need the code face or a link. */
function endsJoinPattern(final: number): boolean {
  return final === HYPHEN_MINUS || final === HYPHEN || final === EN_DASH || final === LOW_LINE;
}

/** Whether text starts as every tag bracket does ("<", "/" or ">"): isTagBracket's pattern is
 *  tried on such spans only, not on every span of every paragraph. */
function opensLikeTagBracket(text: string): boolean {
  // Past a word space the extractor put in the bracket's span (tag_brackets.ts).
  const c = text.charCodeAt(isSpaceCode(text.charCodeAt(0)) ? text.length - text.trimStart().length : 0);
  return c === 0x3c || c === 0x2f || c === 0x3e;
}

/** The line's last span with text, if any. */
function lastTextSpan(line: Line): Span | undefined {
  const k = textSpanFrom(line.spans, line.spans.length - 1, -1);
  return k >= 0 ? line.spans[k] : undefined;
}

function collectRuns(lines: readonly Line[], options: InlineOptions): Run[] {
  const runs: Run[] = [];
  const locate = linkLookup(options.links);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (index > 0) {
      const last = runs.length > 0 ? runs[runs.length - 1] : null;
      // The previous line's last visible character decides.
      const final = last === null ? 0 : lastVisibleCode(last);
      const joined = last !== null && mayJoinAtLineEnd(final, line.spans[0]?.text.charCodeAt(0) ?? 0) && joinAtLineEnd(last, final, lines, index, options);
      if (!joined && (last === null || !endsInSpace(last))) pushRun(runs, " ", false, false, false, last?.uri ?? null, false);
    }
    const raised = line.spans.length > 1 ? superscripts(line) : null;
    // A paragraph's opening words set in the typewriter face as a book's design sets them.
    const leadInEnd = index === 0 && line.spans.length > 1 ? leadInWordsEnd(line.spans) : -1;
    for (let k = 0; k < line.spans.length; k++) {
      const span = line.spans[k];
      if (span.leader) {
        pushRun(runs, " ", false, false, false, runs[runs.length - 1]?.uri ?? null, false);
        continue;
      }
      const code = (span.monospace || (opensLikeTagBracket(span.text) && isTagBracket(line.spans, k))) && !(options.numbersAsText === true && NUMBER.test(span.text)) && k >= leadInEnd;
      // Text after code (the previous span set in the code face): rare, and in helpers of
      // their own, so that collectRuns' optimised code is not thrown away on the page that
      // first meets them (issue 9: a fresh worker compiled collectRuns again and again).
      if (!code && k > 0 && line.spans[k - 1].monospace) trimSpaceBeforeStop(runs, line.spans, k);
      if (!code && k > 0 && isSpaceCode(span.text.charCodeAt(0)) && spaceAfterCodeBeforeStop(runs, line.spans, k, options, locate, raised)) continue;
      // A ligature from an upright font inside an italic word takes the word's slant: the
      // theorem's "e" | "ff" | "ectively" had come out "e*ff*ectively" inside its emphasis.
      const slant = wordSlant(line.spans, k);
      // A figure's sign from a math font (no bold, flagged italic) takes the figure's style.
      const sign = !code && signOfBoldFigure(line.spans, k);
      pushRun(
        runs,
        code ? span.text : fixSpanGlyphs(runs, line.spans, k),
        options.emphasis && (span.bold || sign),
        options.emphasis && (sign ? line.spans[k + 1].italic : (slant ?? span.italic)),
        options.emphasis && code,
        linkAt(span, options.links, locate),
        raised !== null && raised[k],
      );
    }
  }
  return runs;
}

/** A browser pads inline code, and the extractor reads the padding before a stop or a comma
 *  as a space: "`require('node:console')` ." on every paragraph of nodejs's API pages. No text
 *  sets a space between a word and its stop. The extractor may also put that space at the end
 *  of the code's span ("XML::Parser " | ", Python's", expat's reference): the last run, in
 *  the code face, loses it when spans[k] (after a span in the code face) starts a stop. */
function trimSpaceBeforeStop(runs: Run[], spans: readonly Span[], k: number): void {
  const lastRun = runs.length > 0 ? runs[runs.length - 1] : null;
  if (lastRun !== null && lastRun.mono && STOP_AFTER_CODE.test(textAhead(spans, k)) && endsInSpace(lastRun)) setRunText(lastRun, lastRun.text.trimEnd());
}

/** Where spans[k], not code, starts with white space after a span in the code face and a stop
 *  follows (trimSpaceBeforeStop): a blank span is dropped, and a span with text is pushed
 *  without its leading white space. True when spans[k] was so handled. */
function spaceAfterCodeBeforeStop(runs: Run[], spans: readonly Span[], k: number, options: InlineOptions, locate: ((point: Float64Array) => number) | null, raised: boolean[] | null): boolean {
  if (!spans[textSpanFrom(spans, k - 1, -1)]?.monospace) return false;
  const span = spans[k];
  const blank = isBlankText(span.text);
  const after = blank ? spans[k + 1] : undefined;
  // The next span too: an index's leader ". " before its page number "24".
  const next = blank ? (after !== undefined && !after.monospace ? textAhead(spans, k + 1) : undefined) : textAhead(spans, k).trimStart();
  if (next === undefined || !STOP_AFTER_CODE.test(next)) return false;
  if (!blank) pushRun(runs, fixGlyphs(span.text.trimStart()), options.emphasis && span.bold, options.emphasis && (wordSlant(spans, k) ?? span.italic), false, linkAt(span, options.links, locate), raised !== null && raised[k]);
  return true;
}

/** A paragraph's opening words in the typewriter face, the sentence going on in the text's
 *  face: a book that sets its chapters' and sections' first words so (Free Culture's "Jon Else
 *  is a filmmaker", "In February 2003, …", in Monospace 821 like its headings) sets no code
 *  there. Two to five words of letters or figures (a hyphen inside), the first a capital and
 *  small letters or none, a comma after any, no other sign a code's. */
const LEAD_IN_WORDS = /^[A-Z][a-z\u2019']*,?(?: [A-Za-z\d][a-z\d\u2019'-]*,?){1,4}$/;

/** What goes on after lead-in words: a word, a figure or an opening quote, no code's sign. */
const LEAD_IN_GOES_ON = /^[A-Za-z\d\u201c\u2018"]/;

/**
 * The index of the span after a line's opening run of typewriter-face spans when that run
 * reads as a book's lead-in words (LEAD_IN_WORDS) and the next span, in the text's face, goes
 * on with a word, a figure or an opening quote (LEAD_IN_GOES_ON); -1 otherwise.
 */
function leadInWordsEnd(spans: readonly Span[]): number {
  let k = textSpanFrom(spans, 0, 1);
  if (k >= spans.length || !spans[k].monospace) return -1;
  let text = "";
  while (k < spans.length && (spans[k].monospace || isBlankText(spans[k].text))) text += spans[k++].text;
  if (k >= spans.length || !LEAD_IN_WORDS.test(text.trim().replace(/\s+/g, " "))) return -1;
  // The sentence goes on: a word, a figure or an opening quote, no code's sign.
  return LEAD_IN_GOES_ON.test(spans[k].text.trimStart()) ? k : -1;
}

/** Spans whose text textAhead reads: enough for a leader's dot, its space and a page number. */
const TEXT_AHEAD_SPANS = 3;

/** The text of spans[k] and the few after it (TEXT_AHEAD_SPANS). */
function textAhead(spans: readonly Span[], k: number): string {
  let text = "";
  for (let j = k; j < spans.length && j < k + TEXT_AHEAD_SPANS; j++) text += spans[j].text;
  return text;
}

/** A full stop or a comma, set against the word before it; not an ellipsis ("\\begin{abstract}
 *  ... \\end{abstract}", ". . .", an index's leaders, ". 24" before a page number: their spaces are the text's), nor
 *  a bracket, which may be spaced both sides ("( \\ )"). */
const STOP_AFTER_CODE = /^(?:,|\.(?!\s*[.\d]))/;

/** A ligature's letters, as a span holds them (spelled out or as the Unicode ligature), which
 *  a font may set from another face. */
const LIGATURE = /^(?:ff|fi|fl|ffi|ffl|ft|st|ﬀ|ﬁ|ﬂ|ﬃ|ﬄ|ﬅ|ﬆ)$/;

/** The slant of the word around spans[k] when spans[k] is a ligature set upright or slanted
 *  inside it, the spans on both sides of one style and touching it letter to letter; null
 *  otherwise. Weight stays as set: "**f**oot**n**ote" marks letters on purpose. */
function wordSlant(spans: readonly Span[], k: number): boolean | null {
  // Asked of every span, a line's first among them: spans[-1] would be a slow named lookup (pushRun).
  if (k === 0 || k + 1 >= spans.length) return null;
  const span = spans[k];
  const before = spans[k - 1];
  const after = spans[k + 1];
  if (before.italic === span.italic || before.bold !== span.bold || !LIGATURE.test(span.text)) return null;
  if (before.italic !== after.italic || before.bold !== after.bold || before.monospace || after.monospace || span.monospace) return null;
  if (!/\p{L}$/u.test(before.text) || !/^\p{L}/u.test(after.text)) return null;
  return before.italic;
}

/** A sign a figure may start with: a minus (U+2212, a hyphen, an en dash) or a plus. */
const FIGURE_SIGN = /^[−\-–+±]$/;
/** A sign touches its figure when the gap between them is under this share of its size. */
const SIGN_TOUCH_EMS = 0.1;

/** Whether spans[k] is a sign alone in its span, set in the text's weight, touching a bold
 *  figure after it: the figure's sign, from a math font with no bold (a XeLaTeX invoice's
 *  total "−157,54", whose minus had come out outside the bold run, "−**157,54**"). */
function signOfBoldFigure(spans: readonly Span[], k: number): boolean {
  if (k + 1 >= spans.length) return false;
  const span = spans[k];
  const after = spans[k + 1];
  if (!after.bold || span.bold || !FIGURE_SIGN.test(span.text)) return false;
  return isAsciiDigit(after.text.charCodeAt(0)) && Math.abs(after.x0 - span.x1) <= SIGN_TOUCH_EMS * span.size;
}

const INLINE_SPECIALS = /[\\`*[\]~]|_(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])_|<(?=[A-Za-z/!?])|&(?=#?[A-Za-z0-9]+;)/gu;

/** A character INLINE_SPECIALS can start with. */
const MAY_BE_INLINE_SPECIAL = /[\\`*[\]~_<&]/;

/** Escapes characters that Markdown would read as inline syntax. */
export function escapeInline(text: string): string {
  // Most runs hold none of the characters: a plain class test is cheaper than the Unicode
  // regex with its lookarounds (about half the time on a book's paragraphs).
  if (!MAY_BE_INLINE_SPECIAL.test(text)) return text;
  return text.replace(INLINE_SPECIALS, (m) => "\\" + m);
}

type BlockStartSpecial = [RegExp, (m: string) => string];
const ATX_HEADING: BlockStartSpecial = [/^(#{1,6})(?=\s|$)/, (m) => "\\" + m];
const QUOTE: BlockStartSpecial = [/^>/, () => "\\>"];
const BULLET: BlockStartSpecial = [/^([-+*])(?=\s|$)/, (m) => "\\" + m];
const ORDERED_MARKER: BlockStartSpecial = [/^(\d{1,9})([.)])(?=\s|$)/, (m) => m.slice(0, -1) + "\\" + m.slice(-1)];
const SETEXT_UNDERLINE: BlockStartSpecial = [/^(=+|-+)\s*$/, (m) => "\\" + m];
// A backtick fence's info string has no backticks: "```x``y```" is a code span, not a fence.
const FENCE: BlockStartSpecial = [/^(`{3,})(?=[^`]*$)|^~{3,}/, (m) => "\\" + m];
const TABLE_PIPE: BlockStartSpecial = [/^\|/, () => "\\|"];
/** Markdown's block starts in the order they are tried, by the character each starts with. */
const BLOCK_START_SPECIALS: ReadonlyMap<number, readonly BlockStartSpecial[]> = new Map([
  [0x23, [ATX_HEADING]], // #
  [0x3e, [QUOTE]], // >
  [0x2d, [BULLET, SETEXT_UNDERLINE]], // -
  [0x2b, [BULLET]], // +
  [0x2a, [BULLET]], // *
  [0x3d, [SETEXT_UNDERLINE]], // =
  [0x60, [FENCE]], // `
  [0x7e, [FENCE]], // ~
  [0x7c, [TABLE_PIPE]], // |
]);
const DIGIT_START: readonly BlockStartSpecial[] = [ORDERED_MARKER];

/** Escapes what would start a block (heading, quote, list, rule, fence) at the start of text. */
export function escapeBlockStart(text: string): string {
  // Most paragraphs start with a letter, and most table cells with a digit: only the patterns
  // that can start with the text's first character are tried.
  const c = text.charCodeAt(0);
  const specials = c >= 0x30 && c <= 0x39 ? DIGIT_START : BLOCK_START_SPECIALS.get(c);
  if (specials === undefined) return text;
  for (const [pattern, fix] of specials) {
    if (pattern.test(text)) return text.replace(pattern, fix);
  }
  return text;
}

function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((s) => s.length));
  const fence = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return fence + pad + text + pad + fence;
}

function linkDestination(uri: string): string {
  return /[\s()<>]/.test(uri) ? "<" + uri.replace(/[<>]/g, encodeURIComponent) + ">" : uri;
}

/** A run's core split into the punctuation at its edges and the words between. White space
 * next to that punctuation goes with it: "Men (" is "Men" and " (", or the closing delimiter
 * would follow a space ("*Men *(") and CommonMark would not read it as one. */
const EDGE_PUNCTUATION = /^([\p{P}\p{S}][\p{P}\p{S}\s]*|)(.*?[\p{L}\p{N}].*?)(|[\p{P}\p{S}\s]*[\p{P}\p{S}])$/su;

/** Whether the text before run i is whitespace (or the paragraph's edge). */
function spaceBefore(runs: readonly Run[], i: number): boolean {
  return i === 0 || isSpaceCode(runs[i - 1].text.charCodeAt(runs[i - 1].text.length - 1));
}

/** Whether the text after run i is whitespace (or the paragraph's edge). */
function spaceAfter(runs: readonly Run[], i: number): boolean {
  return i === runs.length - 1 || isSpaceCode(runs[i + 1].text.charCodeAt(0));
}

/** A letter or a digit: what makes a run or a word more than symbols. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function styleRun(runs: readonly Run[], i: number): string {
  const run = runs[i];
  // A plain run is its text escaped: the escapes' lookarounds read the white space at its
  // ends as they read the ends of the trimmed text, so there is nothing to split off.
  if (run.sup) return supRun(run.text);
  if (!run.bold && !run.italic && !run.mono) return escapeInline(run.text);
  const text = run.text;
  let start = 0;
  let end = text.length;
  while (start < end && isSpaceCode(text.charCodeAt(start))) start++;
  if (start === end) return text;
  while (isSpaceCode(text.charCodeAt(end - 1))) end--;
  const core = text.slice(start, end);
  const lead = text.slice(0, start);
  const trail = text.slice(end);
  // Emphasis on symbols alone (math fonts flag themselves italic) says nothing: keep them plain.
  if (!LETTER_OR_DIGIT.test(core)) return lead + escapeInline(core) + trail;
  if (run.mono) return lead + (lead === "" && endsInPlainLetter(runs, i - 1) ? codeAfterGluedSymbols(core) : codeSpan(core)) + trail;
  const marker = run.bold && run.italic ? "***" : run.bold ? "**" : run.italic ? "*" : "";
  if (marker === "") return lead + escapeInline(core) + trail;
  // Against a letter, punctuation goes outside the delimiters: "**Note:**the" cannot close
  // in CommonMark, "**Note**:the" can. Against whitespace it stays inside, where it reads best.
  const outerBefore = lead === "" && !spaceBefore(runs, i);
  const outerAfter = trail === "" && !spaceAfter(runs, i);
  // Split only where a letter may stand against the run: most runs have white space each side.
  const m = outerBefore || outerAfter ? EDGE_PUNCTUATION.exec(core)! : null;
  const before = outerBefore ? m![1] : "";
  const after = outerAfter ? m![3] : "";
  const inner = core.slice(before.length, core.length - after.length);
  return lead + escapeInline(before) + marker + escapeInline(inner) + marker + escapeInline(after) + trail;
}

/** Whether run i is plain text (no emphasis, code or raised mark) ending in a letter or a digit. */
function endsInPlainLetter(runs: readonly Run[], i: number): boolean {
  if (i < 0) return false;
  const run = runs[i];
  return !run.bold && !run.italic && !run.mono && !run.sup && LETTER_OR_DIGIT.test(run.text[run.text.length - 1] ?? " ");
}

/**
 * A run in the code face glued to a plain word before it, whose first word is symbols alone:
 * that word finishes the word before it and the rest is the code. Texinfo sets C++'s signs in
 * typewriter, so "C" | "++ new/delete" (R-exts p. 124) reads "C++ `new/delete`", as "C" | "++ "
 * alone already reads "C++" by the symbols-alone rule of styleRun. After a quote, a bracket or
 * a metavariable in italic, the signs are the code's own ("‘" | "+ file LICENSE", "*date*" |
 * "} \revised{").
 */
function codeAfterGluedSymbols(core: string): string {
  let wordEnd = 0;
  while (wordEnd < core.length && !isSpaceCode(core.charCodeAt(wordEnd))) wordEnd++;
  if (wordEnd === core.length) return codeSpan(core);
  const word = core.slice(0, wordEnd);
  if (LETTER_OR_DIGIT.test(word)) return codeSpan(core);
  let codeStart = wordEnd;
  while (isSpaceCode(core.charCodeAt(codeStart))) codeStart++;
  return escapeInline(word) + core.slice(wordEnd, codeStart) + codeSpan(core.slice(codeStart));
}

/** A superscript as CommonMark's inline HTML, which renderers show raised (273.879.750<sup>1</sup>,
 * where the plain digit would read as part of the number); white space stays outside. */
function supRun(text: string): string {
  const core = text.trim();
  if (core === "") return text;
  const start = text.indexOf(core);
  return text.slice(0, start) + "<sup>" + escapeInline(core) + "</sup>" + text.slice(start + core.length);
}

/** CommonMark's e-mail autolink (spec 6.5): what may stand between "<" and ">" as an address. */
const EMAIL_AUTOLINK = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** A closing bracket ending a link's text with no opening one inside the link. */
const UNMATCHED_CLOSER = /[)\]]\s*$/;

/**
 * A link area drawn loosely over the bracket that closes round it ("(name@host.org)", the
 * area taking the ")") leaves that bracket out of the link: the link's last run gives it up
 * to a run of its own outside the link. `from` is the link's first run; runs change in place.
 */
function releaseUnmatchedCloser(runs: Run[], from: number): void {
  const uri = runs[from].uri;
  let end = from;
  let opens = 0;
  let closes = 0;
  for (; end < runs.length && runs[end].uri === uri; end++) {
    const text = runs[end].text;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      if (c === 0x28 || c === 0x5b) opens++;
      else if (c === 0x29 || c === 0x5d) closes++;
    }
  }
  const last = runs[end - 1];
  if (closes <= opens || !UNMATCHED_CLOSER.test(last.text)) return;
  const cut = last.text.trimEnd().length - 1;
  if (cut === 0 && end - 1 === from) return;
  const closerText = last.text.slice(cut);
  const closer: Run = { ...last, text: closerText, tail: closerText, uri: null };
  if (cut === 0) runs[end - 1] = closer;
  else {
    setRunText(last, last.text.slice(0, cut));
    runs.splice(end, 0, closer);
  }
}

/** Renders lines as one paragraph of inline Markdown (no line breaks). */
export function renderInline(lines: readonly Line[], options: InlineOptions): string {
  const runs = collectRuns(lines, options);
  let out = "";
  let i = 0;
  while (i < runs.length) {
    const uri = runs[i].uri;
    if (uri === null) {
      out += styleRun(runs, i);
      i++;
      continue;
    }
    releaseUnmatchedCloser(runs, i);
    let inner = "";
    let plain = "";
    while (i < runs.length && runs[i].uri === uri) {
      inner += styleRun(runs, i);
      plain += runs[i].text;
      i++;
    }
    const lead = inner.slice(0, inner.length - inner.trimStart().length);
    const trail = inner.slice(inner.trimEnd().length);
    const text = collapseWhitespace(plain);
    options.onLink?.(uri, text);
    // A link whose text is its own address reads best as an autolink.
    const autolink = (text === uri || "mailto:" + text === uri) && /^[a-z][a-z0-9+.-]*:[^\s<>]*$/i.test(uri);
    // An e-mail address is written as the page shows it: CommonMark's e-mail autolink adds
    // the "mailto:" itself.
    const target = autolink && uri === "mailto:" + text && EMAIL_AUTOLINK.test(text) ? text : uri;
    out += autolink ? `${lead}<${target}>${trail}` : `${lead}[${inner.trim()}](${linkDestination(uri)})${trail}`;
  }
  const text = foldEnclosedLetters(collapseWhitespace(out));
  return options.blockStart === false ? text : escapeBlockStart(text);
}

// TeX draws © and ® as a letter inside a circle ("c" and the symbol font's big circle), which
// comes out as the letter and U+20DD COMBINING ENCLOSING CIRCLE: "Copyright c⃝2009".
const ENCLOSED_LETTER = /([cCrR])\u20dd/g;

/** The signs TeX builds from a letter in a circle, written as the signs: "c⃝" is ©, "R⃝" is ®. */
export function foldEnclosedLetters(text: string): string {
  if (text.indexOf("\u20dd") < 0) return text;
  return text.replace(ENCLOSED_LETTER, (_, letter: string) => (letter === "c" || letter === "C" ? "©" : "®"));
}

/** Plain text of lines joined as a paragraph (for HTML table cells and headings' matching). */
export function plainText(lines: readonly Line[]): string {
  let text = "";
  // The text's last character, kept as it grows: read from the text, built by appending, it
  // was a copy of the text so far at every line. NaN while it is empty, as charCodeAt says.
  let final = NaN;
  for (let i = 0; i < lines.length; i++) {
    if (i > 0 && !breakIsNotASpace(final, lines[i].spans[0]?.text.charCodeAt(0) ?? 0)) {
      text += " ";
      final = 0x20;
    }
    for (const span of lines[i].spans) {
      text += span.text;
      if (span.text.length > 0) final = span.text.charCodeAt(span.text.length - 1);
    }
  }
  return foldEnclosedLetters(collapseWhitespace(text));
}
