// Line-end hyphens before a compound's head: English writes an adjective made of a word and
// one of a few heads with a hyphen ("photon-like", "language-specific", "machine-dependent",
// "Debian-based", "bookmark-related"), and the closed forms of these heads after a word of its
// own are few ("childlike", "lifelike"). A page that breaks such a compound at its hyphen writes
// neither half elsewhere often enough for page_words.ts's test (both halves apart on the page
// and never joined): elsarticle's "photon-" | "like" had read "photonlike", R-ints' "system-" |
// "specific" "systemspecific", R-admin's "architecture-" | "independent" and tracemonkey's
// "language-" | "independent" the same way. A syllable before such a head ("in-" | "dependent",
// "un-" | "like", "dis-" | "like") is no word the page writes on its own, and stays joined.
import type { PageWords } from "./page_words.js";

/** The heads: adjective-forming words that follow a noun with a hyphen. Not "wide", "free",
 *  "style" or "level", whose closed compounds are common ("worldwide", "carefree",
 *  "lifestyle"). */
export const COMPOUND_HEADS: ReadonlySet<string> = new Set(["like", "based", "specific", "dependent", "independent", "oriented", "related"]);
/** The word before the head has this many letters at least, or is an acronym in capitals of
 *  two letters at least ("OS-" | "dependent", "DBMS-" | "specific"). */
export const HEAD_LEFT_LETTERS_MIN = 3;
const ACRONYM = /^\p{Lu}{2,}$/u;

/**
 * Whether the hyphen between `left` (the letters before a line-end hyphen) and `right` (the
 * next line's first word, in small letters) is a compound's before its head: `right` is one of
 * COMPOUND_HEADS, `left` a word the page writes on its own (HEAD_LEFT_LETTERS_MIN letters at
 * least) or an acronym, and the page does not write the two joined.
 */
export function isHeadedCompound(left: string, right: string, words: PageWords): boolean {
  if (!COMPOUND_HEADS.has(right)) return false;
  const acronym = ACRONYM.test(left);
  if (!acronym && (left.length < HEAD_LEFT_LETTERS_MIN || !words.writesApart(left))) return false;
  return !words.writes(left + right) && !words.writes((left + right).toLowerCase());
}
