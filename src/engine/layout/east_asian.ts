// East Asian wide characters: ideographs, kana, Hangul, CJK punctuation and the fullwidth
// forms. Their glyphs are set edge to edge with no word spaces, which changes two things: a
// visible gap between two of them is a word or cell boundary even when the PDF holds no
// space there (extract/mupdf_page.ts), and a line break between two of them is not a space
// (render/inline.ts), as CSS Text 3 §4.1.3 removes a segment break between two wide
// characters. Korean is the exception there: it spaces its words, so a break between two
// Hangul syllables stays a space.

/** The first East Asian wide code point (of the ranges below): a caller asking of every
 * character tests this first, so dashes and quotes do not make the full test hot. */
export const EAST_ASIAN_WIDE_MIN = 0x2e80;

/** Whether the code point is East Asian wide (Unicode's W and F classes, in the blocks text uses). */
export function isEastAsianWide(code: number): boolean {
  if (code < EAST_ASIAN_WIDE_MIN) return false;
  return (
    (code >= 0x2e80 && code <= 0x303f) || // radicals, ideographic description, CJK symbols and punctuation
    (code >= 0x3040 && code <= 0x31ff) || // kana, bopomofo, Hangul compatibility jamo, kanbun, CJK strokes
    (code >= 0x3200 && code <= 0x4dbf) || // enclosed CJK, compatibility, extension A
    (code >= 0x4e00 && code <= 0x9fff) || // unified ideographs
    (code >= 0xac00 && code <= 0xd7a3) || // Hangul syllables
    (code >= 0xf900 && code <= 0xfaff) || // compatibility ideographs
    (code >= 0xfe30 && code <= 0xfe4f) || // CJK compatibility forms
    (code >= 0xff01 && code <= 0xff60) || // fullwidth forms
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x20000 && code <= 0x3fffd) // supplementary ideographs (extensions B and later)
  );
}

/** Whether a line break between two characters like this one is dropped rather than spaced. */
export function joinsLinesWithoutSpace(code: number): boolean {
  return isEastAsianWide(code) && !(code >= 0xac00 && code <= 0xd7a3) && !(code >= 0x3130 && code <= 0x318f);
}
