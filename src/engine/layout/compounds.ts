// Step 3b/4: the hyphenated compounds a document writes whole on one line ("floating-point",
// "mixed-mode"). A word broken at a line-end hyphen on another page keeps its hyphen when the
// document writes it so (render/page_words.ts): a page alone often does not.
import type { Line } from "../model.js";
import { lineText } from "./lines.js";

/** Compounds read from one page, at most: a page of hyphenated word lists is generated junk. */
export const COMPOUNDS_PER_PAGE_MAX = 500;
/** Compounds the document pass keeps, at most. */
export const COMPOUNDS_PER_DOCUMENT_MAX = 20_000;
// Both patterns match from a word's first letter only (the lookbehind): the leftmost match
// starts there anyway, and without it the engine tried again from each letter inside every
// word, reading the word's rest each time.
const COMPOUND = /(?<![\p{L}\p{M}])[\p{L}\p{M}]+(?:[-\u2010][\p{L}\p{M}]+)+/gu;
const ENDS_WITH_BREAK = /[\p{L}\p{M}][-\u2010]\s*$/u;
/** The broken word at the end of a line that ENDS_WITH_BREAK matched, with the space after it. */
const BROKEN_WORD_END = /(?<![\p{L}\p{M}\u2010-])[\p{L}\p{M}\u2010-]+\s*$/u;

/** The page's compounds, lower-cased, written whole on one line (not the one broken at its end). */
export function pageCompounds(lines: readonly Line[]): string[] {
  const found = new Set<string>();
  for (const line of lines) {
    // Most spans hold no hyphen: the native search first.
    if (!line.spans.some((s) => s.text.includes("-") || s.text.includes("\u2010"))) continue;
    let text = lineText(line);
    // The last word of a line ending in a hyphen is a broken word, not a compound written whole.
    if (ENDS_WITH_BREAK.test(text)) text = text.replace(BROKEN_WORD_END, "");
    for (const m of text.matchAll(COMPOUND)) {
      found.add(m[0].toLowerCase());
      if (found.size >= COMPOUNDS_PER_PAGE_MAX) return [...found];
    }
  }
  return [...found];
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
