// What MuPDF gives as a character's code is not always a code point: some fonts' glyphs come
// back past Unicode's last (arabi's Type 1 Arabic fonts: 0x38800000). Such a glyph is an
// unmapped one's (U+FFFD); String.fromCodePoint throws on it, and a page whose reader threw
// went to pdf.js as a whole.

/** Unicode's last code point: a larger code is none. */
const LAST_CODE_POINT = 0x10ffff;

/** Whether a code MuPDF read is a code point at all (0 to U+10FFFF). */
export function isCodePoint(code: number): boolean {
  return code >= 0 && code <= LAST_CODE_POINT;
}
