// Step 4, document pass: which glyphs are list bullets. Unicode bullets are plain; symbol
// fonts draw theirs at codes that mean letters in Unicode ("l" is Wingdings' "●", "·" is
// Symbol's "•"), or at U+F000 + code when the font carries no Unicode mapping (Word's
// bullets: U+F0B7 Symbol "•", U+F0A7 Wingdings "▪", U+F0D8 Wingdings "➢"). pymupdf4llm and
// Word's own bullet library use the same code points; the codes below are from the fonts'
// published charts.
import type { Line } from "../model.js";
import { isSpaceCode } from "./whitespace.js";

/** Unicode bullets, the ones layout's marker patterns accept too. */
export const UNICODE_BULLET_CHARS = "•◦▪▫‣⁃∙·●○■□►▶▸▷▹❖➢➤➔✓✔◆◇♦❑❒";

/** Symbol: · (•), ¨ (♦). */
const SYMBOL_BULLETS = new Set([0xb7, 0xa8]);
/** Wingdings: l ● m ❍ n ■ o □ p ◻ q ❑ r ❒ s ⬧ t ⧫ u ◆ v ❖ w ⬥, 0x9F •, ¡ ○, § ▪, ¨ ◻,
 * Ø ➢, è ➔, ü ✓, þ ☑. */
const WINGDINGS_BULLETS = new Set([0x6c, 0x6d, 0x6e, 0x6f, 0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77, 0x9f, 0xa1, 0xa7, 0xa8, 0xd8, 0xe8, 0xfc, 0xfe]);
/** ZapfDingbats: 3 ✓ 4 ✔ l ● m ❍ n ■ o ❏ p ❐ q ❑ r ❒ u ◆ v ❖, Õ ➔. */
const DINGBATS_BULLETS = new Set([0x33, 0x34, 0x6c, 0x6d, 0x6e, 0x6f, 0x70, 0x71, 0x72, 0x75, 0x76, 0xd5]);
/** OpenSymbol, LibreOffice's bullet font, at U+F000 + its Windows code (Impress's default
 * bullet as LibreOffice exports it: U+F095 •, and U+F0B7 ·). */
const OPENSYMBOL_BULLETS = new Set([0x95, 0xb7]);
/** Private-use codes read as bullets whatever the font is called (producers rename subset
 * fonts): only Word's own bullets, since other symbol fonts (MT Extra, Symbol's math) put
 * operators in the same range. */
const PRIVATE_USE_BULLETS = new Set([0xb7, 0xa7, 0xd8, 0xfc]);
const PRIVATE_USE_SYMBOL_BASE = 0xf000;
const PRIVATE_USE_SYMBOL_LAST = 0xf0ff;
const UNICODE_BULLETS = new Set([...UNICODE_BULLET_CHARS].map((c) => c.codePointAt(0)!));
const LETTER_O = 0x6f;
/** Every code some table above holds: most lines start with none, and skip the font tests.
 *  A table by code (all are under 0x100), not a set: every line's first character is asked. */
const ANY_SYMBOL_CODE = new Uint8Array(0x100);
for (const code of [...SYMBOL_BULLETS, ...WINGDINGS_BULLETS, ...DINGBATS_BULLETS, ...OPENSYMBOL_BULLETS]) ANY_SYMBOL_CODE[code] = 1;
/** The lowest Unicode bullet: a character under it (most lines' first letter) is none. */
const UNICODE_BULLET_MIN = Math.min(...UNICODE_BULLETS);

function isBlank(code: number): boolean {
  return code <= 0x20 || code === 0xa0 || (code >= 0x2000 && code <= 0x200b) || code === 0x3000;
}

/** A font name any of the symbol fonts' tests below can match. */
const SYMBOL_FONT = /wingding|dingbat|symbol/i;
/** Each symbol font by its name. */
const WINGDINGS_FONT = /wingding/i;
const DINGBATS_FONT = /dingbat/i;
const SYMBOL_FONT_NAME = /symbol/i;
const OPENSYMBOL_FONT = /opensymbol/i;

/** The symbol faces a font's name names, one bit each (SYMBOL_FONT, WINGDINGS_FONT, …). */
const SYMBOL_FACE = 1;
const WINGDINGS_FACE = 2;
const DINGBATS_FACE = 4;
const SYMBOL_NAME_FACE = 8;
const OPENSYMBOL_FACE = 16;
/** The faces of each font name met, kept by name: every line starting with a letter from "l"
 *  to "w" (codes a symbol face's bullets share) had asked the patterns of its font again. */
const symbolFaces = new Map<string, number>();
/** A document names a few fonts; the map is emptied past this many (a long-running service). */
const SYMBOL_FACES_KEPT_MAX = 512;

function symbolFacesOf(font: string): number {
  let faces = symbolFaces.get(font);
  if (faces === undefined) {
    faces = (SYMBOL_FONT.test(font) ? SYMBOL_FACE : 0) | (WINGDINGS_FONT.test(font) ? WINGDINGS_FACE : 0) | (DINGBATS_FONT.test(font) ? DINGBATS_FACE : 0) | (SYMBOL_FONT_NAME.test(font) ? SYMBOL_NAME_FACE : 0) | (OPENSYMBOL_FONT.test(font) ? OPENSYMBOL_FACE : 0);
    if (symbolFaces.size >= SYMBOL_FACES_KEPT_MAX) symbolFaces.clear();
    symbolFaces.set(font, faces);
  }
  return faces;
}

/** Whether a character drawn in the named font is a bullet. */
export function isBulletGlyph(cp: number, font: string): boolean {
  const privateUse = cp >= PRIVATE_USE_SYMBOL_BASE && cp <= PRIVATE_USE_SYMBOL_LAST;
  const code = privateUse ? cp - PRIVATE_USE_SYMBOL_BASE : cp;
  if (code >= 0x100 || ANY_SYMBOL_CODE[code] === 0) return cp >= UNICODE_BULLET_MIN && UNICODE_BULLETS.has(cp);
  // Lines starting with the letters l to w get here: one look-up of the font rules out most.
  const faces = symbolFacesOf(font);
  if ((faces & SYMBOL_FACE) !== 0) {
    if ((faces & WINGDINGS_FACE) !== 0) return WINGDINGS_BULLETS.has(code);
    if ((faces & DINGBATS_FACE) !== 0) return DINGBATS_BULLETS.has(code);
    if ((faces & SYMBOL_NAME_FACE) !== 0 && (faces & OPENSYMBOL_FACE) === 0 && SYMBOL_BULLETS.has(code)) return true;
  }
  if (privateUse && OPENSYMBOL_BULLETS.has(code) && (faces & OPENSYMBOL_FACE) !== 0) return true;
  if (privateUse) return PRIVATE_USE_BULLETS.has(code);
  return UNICODE_BULLETS.has(cp);
}

/**
 * Length (UTF-16 units of the line's text, leading spaces included) of the bullet glyph that
 * starts the line, or 0. Besides the glyphs above, Word's second-level bullet: an "o" set
 * alone in Courier New before text in another font.
 */
export function leadingBulletLength(line: Line): number {
  let offset = 0;
  for (let i = 0; i < line.spans.length; i++) {
    const span = line.spans[i];
    const text = span.text;
    let start = 0;
    while (start < text.length && isBlank(text.charCodeAt(start))) start++;
    if (start === text.length) {
      offset += text.length;
      continue;
    }
    const cp = text.codePointAt(start)!;
    const length = offset + start + (cp > 0xffff ? 2 : 1);
    if (isBulletGlyph(cp, span.font)) return length;
    // The span's text past the "o" read in place first (`span.text.trim() === "o"`): lines
    // starting with "of", "on", "or" … had each run the font's pattern and trimmed a copy.
    if (cp === LETTER_O && isSpaceOnly(text, 0, start) && isSpaceOnly(text, start + 1, text.length) && /courier/i.test(span.font)) {
      for (let j = i + 1; j < line.spans.length; j++) {
        if (line.spans[j].text.trim() !== "") return /courier/i.test(line.spans[j].font) ? 0 : length;
      }
    }
    return 0;
  }
  return 0;
}

/** Whether the text from `from` to `to` is white space only (isSpaceCode, trim's white
 *  space; isBlank above also passes control characters, which trim keeps). */
function isSpaceOnly(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!isSpaceCode(text.charCodeAt(k))) return false;
  return true;
}
