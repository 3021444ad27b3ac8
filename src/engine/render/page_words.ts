// Step 5, each page: the words a page writes, which decide what a line-end hyphen is. A
// hyphen before a capital goes where the page also writes the word whole (TraceMonkey); one
// before a small letter stays where the word is a compound the page writes elsewhere.
//
// A page has tens of broken words and thousands of words: each question searches the page's
// text for its words (indexOf) rather than building the page's vocabulary first, and a broken
// word's ways of being written are read in one search for its left half.
import type { Line } from "../model.js";
import { lineText } from "../layout/lines.js";

export interface PageWords {
  /** The producer may have hyphenated words at line ends (PageModel.producerHyphenates). */
  readonly hyphenates: boolean;
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
const HYPHEN_MINUS_CODE = 0x2d;
const HYPHEN_2010_CODE = 0x2010;
/** What PageText.writtenAfter found: the word with its hyphen, the word joined, its left half apart. */
const WRITTEN_HYPHENATED = 1;
const WRITTEN_JOINED = 2;
const WRITTEN_APART = 4;

function isWordChar(text: string, at: number): boolean {
  if (at < 0 || at >= text.length) return false;
  const code = text.charCodeAt(at);
  // ASCII without the regular expression: most of a page's characters.
  if (code < 0x80) return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return WORD_CHAR.test(text[at]);
}

/** The page's words, searched in its text (lines joined by "\n"), read on the first question;
 * `documentCompounds`: the compounds the whole selection writes whole (layout/compounds.ts). */
export function pageWords(lines: readonly Line[], documentCompounds?: ReadonlySet<string>, hyphenates = true): PageWords {
  return new PageText(lines, documentCompounds, hyphenates);
}

/** A class, not closures made per page: V8 recompiles a per-call closure's code after the
 *  closures die at a full GC. */
class PageText implements PageWords {
  private text: string | null = null;
  private lower = "";
  // A page asks about the same halves again ("ing", "tion"), which its text holds inside many words.
  private readonly standsApart = new Map<string, boolean>();

  constructor(
    private readonly lines: readonly Line[],
    private readonly documentCompounds: ReadonlySet<string> | undefined,
    readonly hyphenates: boolean,
  ) {}

  writes(word: string): boolean {
    return this.stands(this.read(), word, false);
  }

  writesApart(word: string): boolean {
    this.read();
    return this.apart(word.toLowerCase());
  }

  isCompound(left: string, right: string): boolean {
    this.read();
    const a = left.toLowerCase();
    const b = right.toLowerCase();
    const documentCompounds = this.documentCompounds;
    // Most selections write no compound whole: no halves joined for the lookups then.
    if (documentCompounds !== undefined && documentCompounds.size > 0 && (documentCompounds.has(a + "-" + b) || documentCompounds.has(a + HYPHEN_2010 + b))) return true;
    // (No left half, after a sign a line may end with, "×-": searched as written.)
    if (a === "") return this.isCompoundAsWritten(a, b);
    const written = this.writtenAfter(a, b);
    if ((written & WRITTEN_HYPHENATED) !== 0) return true;
    if (a.length < COMPOUND_PART_LETTERS_MIN || b.length < COMPOUND_PART_LETTERS_MIN) return false;
    // The word written joined is rare text and settles most breaks: tested before the halves.
    return (written & WRITTEN_JOINED) === 0 && this.apart(a) && this.apart(b);
  }

  /** isCompound after the selection's compounds, each way of writing the word searched for
   *  in the page's text on its own. */
  private isCompoundAsWritten(a: string, b: string): boolean {
    const lower = this.lower;
    if (this.stands(lower, a + "-" + b, false) || this.stands(lower, a + HYPHEN_2010 + b, false)) return true;
    if (a.length < COMPOUND_PART_LETTERS_MIN || b.length < COMPOUND_PART_LETTERS_MIN) return false;
    return !this.stands(lower, a + b, false) && this.apart(a) && this.apart(b);
  }

  /**
   * How the page writes the word whose halves are `a` (not empty) and `b`, in one pass over
   * the places a word starts with `a`, where a search for each way of writing it read the
   * page's whole text again: with its hyphen (either, WRITTEN_HYPHENATED: the pass ends
   * there), joined (WRITTEN_JOINED), and `a` standing apart, which is kept for apart(a).
   */
  private writtenAfter(a: string, b: string): number {
    const lower = this.lower;
    const askApart = !this.standsApart.has(a);
    let written = 0;
    for (let at = lower.indexOf(a); at >= 0; at = lower.indexOf(a, at + 1)) {
      if (isWordChar(lower, at - 1)) continue;
      const end = at + a.length;
      const next = lower.charCodeAt(end);
      if ((next === HYPHEN_MINUS_CODE || next === HYPHEN_2010_CODE) && lower.startsWith(b, end + 1) && !isWordChar(lower, end + 1 + b.length)) return WRITTEN_HYPHENATED;
      if (!isWordChar(lower, end)) {
        if (askApart && (written & WRITTEN_APART) === 0 && !isBreakHalf(this.read(), at, end)) written |= WRITTEN_APART;
      } else if (lower.startsWith(b, end) && !isWordChar(lower, end + b.length)) {
        written |= WRITTEN_JOINED;
      }
    }
    if (askApart) this.standsApart.set(a, (written & WRITTEN_APART) !== 0);
    return written;
  }

  private read(): string {
    if (this.text === null) {
      const text = joinedText(this.lines);
      this.text = text;
      const lower = text.toLowerCase();
      // Positions found in the lower-cased text are read in the text itself: where lower-casing
      // changes a length (İ), search the text as written.
      this.lower = lower.length !== text.length ? text : lower;
    }
    return this.text;
  }

  /** Whether `word` stands in `haystack` as a whole word (`apart`: not one half of a word
   * broken at a line end, which is the word the question is about or one like it). */
  private stands(haystack: string, word: string, apart: boolean): boolean {
    if (word === "") return false;
    for (let at = haystack.indexOf(word); at >= 0; at = haystack.indexOf(word, at + 1)) {
      const end = at + word.length;
      if (isWordChar(haystack, at - 1) || isWordChar(haystack, end)) continue;
      if (apart && isBreakHalf(this.read(), at, end)) continue;
      return true;
    }
    return false;
  }

  private apart(word: string): boolean {
    let found = this.standsApart.get(word);
    if (found === undefined) this.standsApart.set(word, (found = this.stands(this.lower, word, true)));
    return found;
  }
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
