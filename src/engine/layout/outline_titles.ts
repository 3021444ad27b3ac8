// The PDF's outline (bookmarks) against the headings its pages set: which heading level the
// outline's level 1 stands at. Decided once for the selection in the document pass, so that
// every page shifts the outline's levels alike: acmart's sections are outline level 1 under
// a title the outline leaves out, and page 1 (title, authors, "1 INTRODUCTION") had kept them
// at `#` while page 2 ("2 TEMPLATE OVERVIEW" over "2.1 Template Styles") put them at `##`.
import type { Line } from "../model.js";
import { lineText } from "./lines.js";

/** Outline titles by page, normalized, with their outline level: headings the PDF names itself. */
export type OutlineHints = Map<number, Map<string, number>>;

/** Runs of characters neither letters nor digits (global: replace starts each search at 0). */
const NON_WORD_RUNS = /[^\p{L}\p{N}]+/gu;

export function normalizeTitle(text: string): string {
  const ascii = normalizeAsciiTitle(text);
  return ascii ?? text.toLowerCase().replace(NON_WORD_RUNS, " ").trim();
}

/**
 * normalizeTitle of a text all in ASCII, read by code (a paragraph's text is normalized for
 * every block of a page whose document has an outline, and the Unicode pattern showed in
 * profiles); null for a text with any other character, which the pattern reads. In ASCII, \p{L}
 * and \p{N} are the letters and digits, and each run of anything else becomes one space.
 */
function normalizeAsciiTitle(text: string): string | null {
  let out = "";
  let gap = false;
  for (let k = 0; k < text.length; k++) {
    let c = text.charCodeAt(k);
    if (c >= 0x80) return null;
    const upper = c >= 0x41 && c <= 0x5a;
    if (upper || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) {
      if (gap && out !== "") out += " ";
      gap = false;
      if (upper) c += 0x20;
      out += String.fromCharCode(c);
    } else gap = true;
  }
  return out;
}

/** A section's number before its title, normalized: "1 ", "2 3 ", "iv ". */
const SECTION_NUMBER = /^(?:\d+(?: \d+)*|[ivx]{1,5}) (?=\S)/;

/**
 * The outline level of a heading's text (normalized), or undefined. An outline often names a
 * section without the number its heading prints (AASTeX's "1. INTRODUCTION" is "Introduction"
 * in the outline, IEEE's "I. Introduction" too), so the text is tried without it as well.
 */
export function outlineLevelOf(titles: ReadonlyMap<string, number>, text: string): number | undefined {
  const level = titles.get(text);
  if (level !== undefined) return level;
  const bare = text.replace(SECTION_NUMBER, "");
  if (bare !== text) {
    const bareLevel = titles.get(bare);
    if (bareLevel !== undefined) return bareLevel;
  }
  return chapterLevelOf(titles, text);
}

/**
 * A chapter's number before its title, normalized: an optional division word, then the number
 * in digits, in roman numerals or in English words, then the title ("chapter four pirates",
 * "4 pirates", "chapter 1 creators", "iv results", "part two property"). Group 1 is the
 * division's word, group 2 the number, group 3 the title.
 */
const CHAPTER_NUMBER = /^(?:(chapter|part|book|lecture|appendix) )?(\d{1,3}|[ivxlc]{1,7}|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?: (?:one|two|three|four|five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen) (\S.*)$/;

/** English number words to twenty, then the tens (CHAPTER_NUMBER's words). */
const NUMBER_WORDS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS_WORDS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const ROMAN_DIGITS: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10, l: 50, c: 100 };

/** The value of CHAPTER_NUMBER's number (group 1), or null for a malformed roman numeral. */
function chapterNumberValue(number: string): number | null {
  if (/^\d/.test(number)) return Number(number);
  const [tens, unit] = number.split(" ");
  const word = NUMBER_WORDS.indexOf(tens);
  if (word > 0) return word;
  const ten = TENS_WORDS.indexOf(tens);
  if (ten > 0) return ten * 10 + (unit ? NUMBER_WORDS.indexOf(unit) : 0);
  let value = 0;
  for (let k = 0; k < number.length; k++) {
    const digit = ROMAN_DIGITS[number[k]];
    const next = ROMAN_DIGITS[number[k + 1]] ?? 0;
    value += digit < next ? -digit : digit;
  }
  return toRoman(value) === number ? value : null;
}

function toRoman(value: number): string {
  const numerals: [number, string][] = [[100, "c"], [90, "xc"], [50, "l"], [40, "xl"], [10, "x"], [9, "ix"], [5, "v"], [4, "iv"], [1, "i"]];
  let out = "";
  for (const [n, s] of numerals) for (; value >= n; value -= n) out += s;
  return out;
}

/** A chapter's number as a normalized title spells it. */
interface ChapterNumber {
  /** The division's word ("chapter", "part"), or null. */
  word: string | null;
  value: number;
  /** How the number is written: in digits, roman numerals or English words. */
  spelling: "digits" | "roman" | "words";
  title: string;
}

/** A normalized title's chapter number and title, or null where it starts with none. */
function chapterNumbered(text: string): ChapterNumber | null {
  const match = CHAPTER_NUMBER.exec(text);
  if (!match) return null;
  const number = match[2];
  const value = chapterNumberValue(number);
  if (value === null) return null;
  const spelling = /^\d/.test(number) ? "digits" : /^[ivxlc]+$/.test(number) ? "roman" : "words";
  return { word: match[1] ?? null, value, spelling, title: match[3] };
}

/** A page that the outline points more entries at than this names none by a number spelt
 *  otherwise: the outline is not the page's own (a page cut from Free Culture keeps the book's
 *  outline of 57 entries, every one sent to its one page, and its chapter's title stands
 *  alone there). A page's own headings are fewer. */
const CHAPTER_MATCH_ENTRIES_MAX = 24;

/**
 * The outline level of an entry that is the heading's text with its chapter number spelt
 * otherwise: Free Culture's outline has "4: “Pirates”" and "Chapter 1: Creators" where the
 * page sets "CHAPTER FOUR: “Pirates”" and "CHAPTER ONE: Creators". The numbers must be equal
 * and spelt otherwise (digits, roman numerals, words), the titles after them the same, and a
 * division's word, where both name one, the same. A heading that only adds the word to the
 * entry's digits is not its entry: langsci's "Chapter 1 Introduction" is the chapter over the
 * section its outline calls "1 Introduction".
 */
function chapterLevelOf(titles: ReadonlyMap<string, number>, text: string): number | undefined {
  if (titles.size > CHAPTER_MATCH_ENTRIES_MAX) return undefined;
  const heading = chapterNumbered(text);
  if (heading === null) return undefined;
  for (const [entry, level] of titles) {
    const numbered = chapterNumbered(entry);
    if (numbered === null || numbered.value !== heading.value || numbered.title !== heading.title || numbered.spelling === heading.spelling) continue;
    if (numbered.word !== null && heading.word !== null && numbered.word !== heading.word) continue;
    return level;
  }
  return undefined;
}

/** A line of a page that may be a heading the outline names, with the style it is set in. */
export interface TitleLine {
  /** One line, or up to TITLE_LINES_MAX consecutive lines of one style, as set (normalized only
   *  where the document has an outline: most have none). */
  text: string;
  size: number;
  bold: boolean;
  /** Index of its first line among the page's lines, and how many lines it joins. */
  start: number;
  lines: number;
}

/** A title line (TitleLine) made by a class: the lines live in the page's digest until the
 *  document pass, and an object literal's site was pretenured (document_stats.ts StyleMemo). */
class TitleEntry implements TitleLine {
  constructor(
    readonly text: string,
    readonly size: number,
    readonly bold: boolean,
    readonly start: number,
    readonly lines: number,
  ) {}
}

/** Levels an outline that leaves out the document's title is shifted by. */
export const TITLE_LEVELS = 1;
/** A heading the outline names spans at most this many lines (render/page.ts reads as many). */
export const TITLE_LINES_MAX = 3;
/** A line longer than this is no heading. */
const TITLE_CHARS_MAX = 160;
/** At most this many title lines a page are kept for the document pass. */
const TITLE_LINES_PER_PAGE_MAX = 48;

/**
 * The page's lines that could be headings, as the document pass needs them: short lines set
 * in a style other than the page's most common one (`isHeadingStyle`), each alone and joined
 * with the lines of its style right after it.
 */
export function pageTitleLines(
  lines: readonly Line[],
  styleOf: ((line: Line, index: number) => { size: number; bold: boolean }) | readonly { size: number; bold: boolean }[],
  isHeadingStyle: (style: { size: number; bold: boolean }) => boolean,
): TitleLine[] {
  const out: TitleLine[] = [];
  // Each line's style once: a line is read alone and as the next of up to two lines above it.
  // The caller may give them computed (layout's digest has them, and a closure made per call
  // to look them up loses its optimised code at each full garbage collection).
  const styles = typeof styleOf === "function" ? lines.map(styleOf) : styleOf;
  for (let i = 0; i < lines.length && out.length < TITLE_LINES_PER_PAGE_MAX; i++) {
    const style = styles[i];
    if (!isHeadingStyle(style)) continue;
    let text = "";
    for (let k = i; k < Math.min(lines.length, i + TITLE_LINES_MAX); k++) {
      if (k > i && (styles[k].size !== style.size || styles[k].bold !== style.bold)) break;
      text += (k > i ? " " : "") + lineText(lines[k]);
      if (text.length > TITLE_CHARS_MAX) break;
      out.push(new TitleEntry(text, style.size, style.bold, i, k - i + 1));
    }
  }
  return out;
}

/** What the outline says of the selection's heading styles. */
export interface OutlineLevels {
  /** Levels the outline's headings go down by (TITLE_LEVELS or 0). */
  shift: number;
  /** The level of each heading style whose named headings all stand at one outline level,
   *  shift included, by `${size}|${bold}`: the style's other headings, whose text the outline
   *  spells otherwise ("How to compile a texttt {.tex} file …"), take it too. */
  byStyle: Map<string, number>;
}

export function styleKeyOf(style: { size: number; bold: boolean }): string {
  return `${style.size}|${style.bold}`;
}

/**
 * How the selection's headings stand against the outline. The shift is TITLE_LEVELS where the
 * outline leaves out the document's title: its headings sit exactly one style level under
 * theirs somewhere in the selection, or page 1 sets a line in the top heading style that the
 * outline does not name over outline level 1 headings set smaller (acmsmall's sections and
 * subsections, all bold at 10 pt under its 14.5 pt title). It is 0 otherwise: deeper by more,
 * the styles' levels count display type that is no heading (a book's chapter numbers), which
 * the outline sets right. Where no heading the outline names was found, page 1 may still show
 * the title the outline leaves out over sections set at the body's size
 * (titleOverBodySections); null otherwise: each page then decides alone. `bodySize`: the
 * document's body size (none: no title found so).
 */
export function outlineLevels(pages: readonly { page: number; titleLines: readonly TitleLine[] }[], hints: OutlineHints, levelOf: (style: { size: number; bold: boolean }) => number | null, bodySize = Infinity): OutlineLevels | null {
  let deeper = Infinity;
  /** The highest style level of a heading at outline level 1. */
  let topNamed = Infinity;
  let titleUnnamed = false;
  /** Page 1's title lines, where the selection holds it. */
  let firstPage: readonly TitleLine[] | null = null;
  /** Outline levels by style; -1 once a style is seen at two levels. */
  const levels = new Map<string, number>();
  for (const { page, titleLines } of pages) {
    const titles = hints.get(page);
    const named = new Set<number>();
    for (const line of titles ? titleLines : []) {
      const level = outlineLevelOf(titles!, normalizeTitle(line.text));
      if (level === undefined) continue;
      for (let k = line.start; k < line.start + line.lines; k++) named.add(k);
      const styleLevel = levelOf(line);
      if (styleLevel === null) continue;
      deeper = Math.min(deeper, styleLevel - level);
      if (level === 1) topNamed = Math.min(topNamed, styleLevel);
      const key = styleKeyOf(line);
      const seen = levels.get(key);
      levels.set(key, seen === undefined || seen === level ? level : -1);
    }
    if (page === 1) {
      titleUnnamed = titleLines.some((line) => line.lines === 1 && !named.has(line.start) && levelOf(line) === 1);
      firstPage = titleLines;
    }
  }
  if (deeper === Infinity) return firstPage === null ? null : titleOverBodySections(firstPage, hints.get(1), levelOf, bodySize);
  const shift = deeper === TITLE_LEVELS || (titleUnnamed && topNamed > 1 && topNamed !== Infinity) ? TITLE_LEVELS : 0;
  const byStyle = new Map<string, number>();
  for (const [key, level] of levels) if (level > 0) byStyle.set(key, level + shift);
  return { shift, byStyle };
}

/** A title the outline leaves out is set this many times the body's size at least
 *  (HEADING_SIZE_RATIO_MIN's 1.12): a bold line at the body's size is a subsection's or a
 *  contents' title ("Contents of this document" in amsfndoc), no document's. */
export const UNNAMED_TITLE_SIZE_RATIO_MIN = 1.12;

/**
 * The outline's shift where it names no line set in a heading style, only titles set at or
 * under the body's size (acmcp's sections, bold at 9 pt; ltxdoc's small capitals at 10), which
 * say nothing of the styles' levels: where page 1 sets, above the first of them, the
 * document's title (its first line in a heading style, one line, at a display size: larger
 * than UNNAMED_TITLE_SIZE_RATIO_MIN times the body) that the outline does not name, in the
 * page's top heading style but under level TITLE_LEVELS, the title stands over the sections:
 * its style at level TITLE_LEVELS, the outline's levels shifted by TITLE_LEVELS, on every page
 * alike. Without it each page decided alone, and acmcp's 12 pt title, under 1.25 times a body
 * measured at its authors' 10 pt lines (document_stats.ts TOP_LEVEL_SIZE_RATIO_MIN), stood at
 * `##` over its sections' `#`. Null otherwise: each page decides alone, as before.
 */
function titleOverBodySections(titleLines: readonly TitleLine[], pageOneTitles: Map<string, number> | undefined, levelOf: (style: { size: number; bold: boolean }) => number | null, bodySize: number): OutlineLevels | null {
  if (pageOneTitles === undefined || pageOneTitles.size === 0) return null;
  // The first line of page 1 that the outline names at its level 1.
  let firstNamed = -1;
  for (const line of titleLines) {
    if (outlineLevelOf(pageOneTitles, normalizeTitle(line.text)) !== 1) continue;
    firstNamed = line.start;
    break;
  }
  if (firstNamed < 0) return null;
  let title: TitleLine | null = null;
  let titleLevel = Infinity;
  for (const line of titleLines) {
    const level = levelOf(line);
    if (level === null) continue;
    if (title === null) {
      if (line.lines !== 1 || line.start >= firstNamed) return null;
      title = line;
      titleLevel = level;
    } else if (level < titleLevel) return null;
  }
  if (title === null || titleLevel <= TITLE_LEVELS || title.size < UNNAMED_TITLE_SIZE_RATIO_MIN * bodySize) return null;
  return { shift: TITLE_LEVELS, byStyle: new Map([[styleKeyOf(title), TITLE_LEVELS]]) };
}
