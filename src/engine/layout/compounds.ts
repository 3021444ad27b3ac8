// Step 3b/4: the hyphenated compounds a document writes whole on one line ("floating-point",
// "mixed-mode"). A word broken at a line-end hyphen on another page keeps its hyphen when the
// document writes it so (render/page_words.ts): a page alone often does not.
import type { Line } from "../model.js";
import { lineText } from "./lines.js";
import { isSpaceCode } from "./whitespace.js";

/** Compounds read from one page, at most: a page of hyphenated word lists is generated junk. */
export const COMPOUNDS_PER_PAGE_MAX = 500;
/** Compounds the document pass keeps, at most. */
export const COMPOUNDS_PER_DOCUMENT_MAX = 20_000;
// A compound is what /(?<![\p{L}\p{M}])[\p{L}\p{M}]+(?:[-\u2010][\p{L}\p{M}]+)+/gu matches:
// a word's letters, then a hyphen and letters, once or more. The line is read from hyphen to
// hyphen by hand (pageCompounds), not with that pattern: its lookbehind and Unicode classes
// were tried at every character of every line holding a hyphen.
/** A letter or a mark, read at a code point's start (sticky: only there). */
const WORD_CHAR = /[\p{L}\p{M}]/uy;
const HYPHEN_MINUS = 0x2d;
const HYPHEN = 0x2010;

function isHyphen(code: number): boolean {
  return code === HYPHEN_MINUS || code === HYPHEN;
}

/** The UTF-16 length of the letter or mark that starts at `at` (a code point's start), or 0. */
function wordCharAt(text: string, at: number): number {
  if (at >= text.length) return 0;
  const code = text.charCodeAt(at);
  // ASCII without the regular expression: most of a page's characters.
  if (code < 0x80) return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) ? 1 : 0;
  WORD_CHAR.lastIndex = at;
  return WORD_CHAR.test(text) ? WORD_CHAR.lastIndex - at : 0;
}

/** The UTF-16 length of the letter or mark that ends at `end`, or 0. */
function wordCharBefore(text: string, end: number): number {
  if (end <= 0) return 0;
  const code = text.charCodeAt(end - 1);
  // A surrogate pair's second half: the code point starts one unit earlier.
  const pair = code >= 0xdc00 && code <= 0xdfff && end >= 2 && text.charCodeAt(end - 2) >= 0xd800 && text.charCodeAt(end - 2) <= 0xdbff;
  const at = pair ? end - 2 : end - 1;
  return wordCharAt(text, at) === end - at ? end - at : 0;
}

/** Where the letters from `at` end (`at` itself when none start there). */
function lettersEnd(text: string, at: number): number {
  for (let n = wordCharAt(text, at); n > 0; n = wordCharAt(text, at)) at += n;
  return at;
}

/** The line's text less the word broken at its end: the last word of a line ending in a
 * hyphen after a letter (white space after it allowed) is a broken word, not a compound
 * written whole; it goes with its hyphens, its letters and the white space after it. */
function withoutBrokenWord(text: string): string {
  let end = text.length;
  while (end > 0 && isSpaceCode(text.charCodeAt(end - 1))) end--;
  if (end < 2 || !isHyphen(text.charCodeAt(end - 1)) || wordCharBefore(text, end - 1) === 0) return text;
  let start = end;
  for (;;) {
    if (start > 0 && isHyphen(text.charCodeAt(start - 1))) start--;
    else {
      const n = wordCharBefore(text, start);
      if (n === 0) break;
      start -= n;
    }
  }
  return text.slice(0, start);
}

/** The page's compounds, lower-cased, written whole on one line (not the one broken at its end). */
export function pageCompounds(lines: readonly Line[]): string[] {
  const found = new Set<string>();
  for (const line of lines) {
    // Most spans hold no hyphen: the native search first.
    if (!hasHyphenSpan(line)) continue;
    const text = withoutBrokenWord(lineText(line));
    // From hyphen to hyphen: a compound holds one at least, with a letter on each side, and
    // starts at the first letter of the word before it.
    for (let at = nextHyphen(text, 0); at >= 0; at = nextHyphen(text, at + 1)) {
      if (wordCharBefore(text, at) === 0 || wordCharAt(text, at + 1) === 0) continue;
      let start = at;
      for (let n = wordCharBefore(text, start); n > 0; n = wordCharBefore(text, start)) start -= n;
      const end = compoundEnd(text, at);
      found.add(text.slice(start, end).toLowerCase());
      if (found.size >= COMPOUNDS_PER_PAGE_MAX) return [...found];
      // Its own hyphens are read with it: the search goes on after it.
      at = end;
    }
  }
  return [...found];
}

/** Whether a span of the line holds a hyphen (- or \u2010). A loop, not `some` with an arrow:
 *  that made a closure for every line of every page. */
function hasHyphenSpan(line: Line): boolean {
  for (const span of line.spans) if (span.text.includes("-") || span.text.includes("\u2010")) return true;
  return false;
}

/** The index of the first hyphen (- or \u2010) at or after `from`, or -1. */
function nextHyphen(text: string, from: number): number {
  const minus = text.indexOf("-", from);
  const hyphen = text.indexOf("\u2010", from);
  return minus < 0 ? hyphen : hyphen < 0 ? minus : Math.min(minus, hyphen);
}

/** Where a compound ends whose first hyphen is at `hyphen`, a letter after it: after each
 * hyphen that letters follow, and those letters. */
function compoundEnd(text: string, hyphen: number): number {
  let end = hyphen;
  while (end + 1 < text.length && isHyphen(text.charCodeAt(end))) {
    const next = lettersEnd(text, end + 1);
    if (next === end + 1) break;
    end = next;
  }
  return end;
}

/** The document's compounds, from its pages' lists in page order, up to the limit. */
export function documentCompounds(pages: readonly (readonly string[])[]): Set<string> {
  const all = new Set<string>();
  for (const list of pages) {
    for (const compound of list) {
      if (all.size >= COMPOUNDS_PER_DOCUMENT_MAX) return all;
      all.add(compound);
    }
  }
  return all;
}
