// Letters and digits in a text: whether it holds one (`/[\p{L}\p{N}]/u`), the question layout
// asks of every span and line it sorts into words and marks, and whether it starts with a
// digit, asked before a pattern anchored at a number. Read by code over ASCII, where nearly
// every span of prose meets its first letter within a character or two, and by the pattern
// only from the first character past ASCII on (issue 9: speed).
import { firstInkedUnit } from "./whitespace.js";

/** A letter or a digit, in Unicode's sense. */
const WORD_CHAR = /[\p{L}\p{N}]/u;
/** The replacement character, a glyph that maps to no character: neither, and most spans
 *  that reach the pattern are made of it (a font without a map to Unicode). */
const REPLACEMENT_CHAR = 0xfffd;

/** Whether a UTF-16 code unit is one of the digits 0–9 (what \d matches). */
export function isAsciiDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** Whether a UTF-16 code unit is an ASCII letter or digit: the only letters and digits under 0x80. */
export function isAsciiLetterOrDigit(code: number): boolean {
  return isAsciiDigit(code) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** Whether a character's code (a UTF-16 unit, or a code point) is a letter or a digit of any
 *  script: ASCII by code, the rest by the pattern; a negative code or one past Unicode is
 *  neither. */
export function isWordCharCode(code: number): boolean {
  if (code < 0x80) return code >= 0 && isAsciiLetterOrDigit(code);
  return code <= LAST_CODE_POINT && WORD_CHAR.test(String.fromCodePoint(code));
}
const LAST_CODE_POINT = 0x10ffff;

/** `/[\p{L}\p{N}]/u.test(text)`: ASCII and the replacement character read by code, the
 *  rest by the pattern. */
export function hasWordChar(text: string): boolean {
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    if (code === REPLACEMENT_CHAR) continue;
    if (code >= 0x80) return WORD_CHAR.test(text);
    if (isAsciiLetterOrDigit(code)) return true;
  }
  return false;
}

/** Whether the text's first character past white space (as \s reads it) is a digit 0 to 9:
 *  read before a pattern anchored at a number ("1.2 Title", a listing's "12"), which most
 *  lines, starting with a word, are not run through. */
export function startsWithDigit(text: string): boolean {
  return isAsciiDigit(firstInkedUnit(text));
}
