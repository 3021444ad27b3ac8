// East Asian punctuation at a line break: a Chinese or Japanese comma, stop, colon or bracket
// is set a full em wide, its blank half part of the glyph, and the text puts no space beside
// it, before Latin text either. A break after one ("ES（スペイン語）、" | "FR（フランス語）",
// auto-multiple-choice.ja p. 12) or before one is no space; it had come out "、 FR".

/** Whether the code point is East Asian punctuation: CJK Symbols and Punctuation's marks and
 *  brackets (U+3001–U+3011, U+3014–U+301F) and the fullwidth forms' punctuation. Not Hangul's
 *  (Korean spaces its words and sets Latin punctuation). */
export function isEastAsianPunctuation(code: number): boolean {
  if (code < 0x3001) return false;
  if (code <= 0x3011) return code !== 0x3004 && code !== 0x3005 && code !== 0x3006 && code !== 0x3007; // 、。〃 and brackets; not 〄々〆〇, which are letters and signs
  if (code >= 0x3014 && code <= 0x301f) return true;
  if (code < 0xff01 || code > 0xff65) return false;
  // Fullwidth forms: punctuation, not fullwidth letters and digits.
  return !((code >= 0xff10 && code <= 0xff19) || (code >= 0xff21 && code <= 0xff3a) || (code >= 0xff41 && code <= 0xff5a));
}

/** Whether a line break between these two characters is no space because one of them is East
 *  Asian punctuation, the other not Hangul (a Korean line keeps its space). */
export function breaksAtEastAsianPunctuation(before: number, after: number): boolean {
  if (isEastAsianPunctuation(before)) return !isHangul(after);
  if (isEastAsianPunctuation(after)) return !isHangul(before);
  return false;
}

/** Hangul: East Asian wide, but no character a line joins without a space. */
function isHangul(code: number): boolean {
  return (code >= 0xac00 && code <= 0xd7a3) || (code >= 0x3130 && code <= 0x318f) || (code >= 0x1100 && code <= 0x11ff);
}
