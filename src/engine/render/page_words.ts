// Step 5, each page: the words a page writes, which decide what a line-end hyphen is. A
// hyphen before a capital goes where the page also writes the word whole (TraceMonkey); one
// before a small letter stays where the word is a compound the page writes elsewhere.
import type { Line } from "../model.js";
import { lineText } from "../layout/line_joining.js";

export interface PageWords {
  /** Whether the page writes this word whole somewhere, as written (TraceMonkey). */
  writes(word: string): boolean;
  /** Whether a word broken at a line-end hyphen ("mixed-" | "mode") is a compound whose hyphen
   * stays: the page writes it with its hyphen on one line, or writes both halves as words
   * of their own, each COMPOUND_PART_LETTERS_MIN letters or more, and never the two joined. */
  isCompound(left: string, right: string): boolean;
}

/** Compound halves are this long at least: shorter ones are more often syllables (it-self). */
const COMPOUND_PART_LETTERS_MIN = 3;
const LETTERS = /[\p{L}\p{M}]+/gu;
const TOKEN = /[\p{L}\p{M}]+(?:[-\u2010][\p{L}\p{M}]+)*/gu;
const ENDS_WITH_BREAK = /[\p{L}\p{M}][-\u2010]\s*$/u;
const HYPHENS = /[-\u2010]/;
const LOWER_START = /^\s*\p{Ll}/u;

/** The page's words, read from its lines on the first question. */
export function pageWords(lines: readonly Line[]): PageWords {
  let whole: Set<string> | null = null;
  const apart = new Set<string>();
  const compounds = new Set<string>();
  const read = (): Set<string> => {
    if (whole) return whole;
    whole = new Set();
    for (const line of lines) {
      const text = lineText(line);
      for (const w of text.match(LETTERS) ?? []) whole.add(w);
      const endsWithBreak = ENDS_WITH_BREAK.test(text);
      const tokens = text.match(TOKEN) ?? [];
      tokens.forEach((token, t) => {
        const lower = token.toLowerCase();
        const parts = lower.split(HYPHENS);
        if (parts.length > 1) compounds.add(lower);
        // The halves of words broken at line ends are not words written apart: the line's last
        // word before its hyphen, and a line's first word in small letters, which may be the
        // rest of a word broken on any line (the lines are not in reading order here).
        const first = t === 0 && LOWER_START.test(text) ? 1 : 0;
        const last = t === tokens.length - 1 && endsWithBreak ? parts.length - 1 : parts.length;
        for (let p = first; p < last; p++) apart.add(parts[p]);
      });
    }
    return whole;
  };
  return {
    writes: (word) => read().has(word),
    isCompound(left, right) {
      read();
      const a = left.toLowerCase();
      const b = right.toLowerCase();
      if (compounds.has(`${a}-${b}`) || compounds.has(`${a}\u2010${b}`)) return true;
      if (a.length < COMPOUND_PART_LETTERS_MIN || b.length < COMPOUND_PART_LETTERS_MIN) return false;
      return apart.has(a) && apart.has(b) && !apart.has(a + b);
    },
  };
}
