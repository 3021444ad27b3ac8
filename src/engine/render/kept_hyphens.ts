// Line-end hyphens that are the text's own: TeX hyphenates only words made of letters, and a
// word that holds a hyphen only at that hyphen. So a hyphen ending a line after a token with
// a digit or a sign of code in it ("3d-" | "raytrace", tracemonkey p. 11's benchmark
// names; "x_axis-" | "label") is the token's own, and so is one before the rest of a
// compound that goes on past a hyphen of its own ("interpreter-" | "to-trace", tracemonkey
// p. 9; "régua-" | "de-cálculo"). Dehyphenation had written "3draytrace", "interpreterto-trace".

/** Characters TeX's hyphenation never breaks a word holding: digits and the signs of code
 *  (an identifier's underscore, a command's backslash, a hash). Not an apostrophe (French
 *  "l’inter-" | "national" is hyphenated), nor an address's signs: a typesetter breaks an
 *  address in the text face with a hyphen of its own (se2thesis' "https://git-" | "hub.com"). */
const NON_WORD_CHAR = /[\p{N}_\\#]/u;

/** Whether the token broken at `tail`'s final hyphen holds a NON_WORD_CHAR right before
 *  `left`, the letters before the hyphen: reads back over letters and those characters only.
 *  Any other sign ends the token: TeX hyphenates a word after a slash or a stop ("2014/Cen-" |
 *  "tOS", "1.Zo-" | "ne:" are the typesetter's breaks). */
export function brokenTokenHoldsNonWord(tail: string, left: string): boolean {
  let at = tail.length - 2 - left.length;
  let found = false;
  while (at >= 0) {
    const char = tail[at];
    if (NON_WORD_CHAR.test(char)) found = true;
    else if (!LETTER.test(char)) break;
    at--;
  }
  return found;
}

/** A letter or a mark, inside the token. */
const LETTER = /[\p{L}\p{M}]/u;

/** A compound's part has at least this many letters: a syllable's break ("dissem-" |
 *  "i-nation", a template's visible hyphenation points) leaves one. */
export const COMPOUND_PART_LETTERS_MIN = 2;

/** A word that goes on past a hyphen of its own after a compound's part ("to-trace"). */
const COMPOUND_GOES_ON = new RegExp(`^[\\p{L}\\p{M}]{${COMPOUND_PART_LETTERS_MIN},}[-\\u2010][\\p{L}\\p{M}]`, "u");

/** Whether `after`, the next line's text, starts with a compound's part and its hyphen. */
export function compoundGoesOn(after: string): boolean {
  return COMPOUND_GOES_ON.test(after);
}
