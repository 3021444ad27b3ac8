// Step 5, each page: the words a page writes, which decide what a line-end hyphen is. A
// hyphen before a capital goes where the page also writes the word whole (TraceMonkey); one
// before a small letter stays where the word is a compound the page writes elsewhere.
//
// A page has tens of broken words and thousands of words: each question searches the page's
// text for its words (indexOf) rather than building the page's vocabulary first.
import type { Line } from "../model.js";
import { lineText } from "../layout/lines.js";

export interface PageWords {
  /** Whether the page writes this word whole somewhere, as written (TraceMonkey). */
  writes(word: string): boolean;
  /** Whether a word broken at a line-end hyphen ("mixed-" | "mode") is a compound whose hyphen
   * stays: the page (or another page of the selection) writes it with its hyphen on one line, or the page writes both halves as words
   * of their own, each COMPOUND_PART_LETTERS_MIN letters or more, and never the two joined. */
  isCompound(left: string, right: string): boolean;
  /** Whether the page writes this word on its own, in any case, other than as a half of a
   * word broken at a line end. */
  writesApart(word: string): boolean;
}

/** Compound halves are this long at least: shorter ones are more often syllables (it-self). */
const COMPOUND_PART_LETTERS_MIN = 3;
const WORD_CHAR = /[\p{L}\p{M}]/u;
const HYPHENS = "-\u2010";
const HYPHEN_2010 = "\u2010";
const LOWER = /\p{Ll}/u;

function isWordChar(text: string, at: number): boolean {
  if (at < 0 || at >= text.length) return false;
  const code = text.charCodeAt(at);
  // ASCII without the regular expression: most of a page's characters.
  if (code < 0x80) return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return WORD_CHAR.test(text[at]);
}

/** The page's words, searched in its text (lines joined by "\n"), read on the first question;
 * `documentCompounds`: the compounds the whole selection writes whole (layout/compounds.ts). */
export function pageWords(lines: readonly Line[], documentCompounds?: ReadonlySet<string>): PageWords {
  let text: string | null = null;
  let lower = "";
  // Whether the page writes U+2010 at all: most pages do not, and need not be searched for
  // each broken word spelled with it.
  let hasHyphen2010 = false;
  const read = (): string => {
    if (text === null) {
      text = joinedText(lines);
      hasHyphen2010 = text.indexOf(HYPHEN_2010) >= 0;
      lower = text.toLowerCase();
      // Positions found in the lower-cased text are read in the text itself: where lower-casing
      // changes a length (İ), search the text as written.
      if (lower.length !== text.length) lower = text;
    }
    return text;
  };
  /** Whether `word` stands in `haystack` as a whole word (`apart`: not one half of a word
   * broken at a line end, which is the word the question is about or one like it). */
  const stands = (haystack: string, word: string, apart: boolean): boolean => {
    if (word === "") return false;
    for (let at = haystack.indexOf(word); at >= 0; at = haystack.indexOf(word, at + 1)) {
      const end = at + word.length;
      if (isWordChar(haystack, at - 1) || isWordChar(haystack, end)) continue;
      if (apart && isBreakHalf(read(), at, end)) continue;
      return true;
    }
    return false;
  };
  // A page asks about the same halves again ("ing", "tion"), which its text holds inside many words.
  const standsApart = new Map<string, boolean>();
  const apart = (word: string): boolean => {
    let found = standsApart.get(word);
    if (found === undefined) standsApart.set(word, (found = stands(lower, word, true)));
    return found;
  };
  return {
    writes: (word) => stands(read(), word, false),
    writesApart(word) {
      read();
      return apart(word.toLowerCase());
    },
    isCompound(left, right) {
      read();
      const a = left.toLowerCase();
      const b = right.toLowerCase();
      if (documentCompounds?.has(a + "-" + b) || stands(lower, a + "-" + b, false)) return true;
      if (documentCompounds?.has(a + HYPHEN_2010 + b) || (hasHyphen2010 && stands(lower, a + HYPHEN_2010 + b, false))) return true;
      if (a.length < COMPOUND_PART_LETTERS_MIN || b.length < COMPOUND_PART_LETTERS_MIN) return false;
      // The word written joined is rare text and settles most breaks: test it first.
      return !stands(lower, a + b, false) && apart(a) && apart(b);
    },
  };
}

/** The lines' text, joined by "\n". */
function joinedText(lines: readonly Line[]): string {
  let text = "";
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) text += "\n";
    text += lineText(lines[i]);
  }
  return text;
}

/** Whether the word at [at, end) of the page's text is a half of a word broken at a line end:
 * the last word of a line that ends with its hyphen, or the first word of a line in small
 * letters, which may be the rest of a word broken on any line (lines are not in reading
 * order here). */
function isBreakHalf(text: string, at: number, end: number): boolean {
  if (end < text.length && HYPHENS.includes(text[end])) {
    let k = end + 1;
    while (k < text.length && text[k] !== "\n" && /\s/.test(text[k])) k++;
    if (k >= text.length || text[k] === "\n") return true;
  }
  let k = at - 1;
  while (k >= 0 && text[k] !== "\n" && /\s/.test(text[k])) k--;
  return (k < 0 || text[k] === "\n") && LOWER.test(text[at]);
}
