// Step 3, extract: TeX's \accent (and other typesetters' built accents) draws a spacing accent
// glyph over a letter as a glyph of its own, before the letter (H`an) or, over a letter that
// already carries one, after it (Thˆe´). Where the accent's box sits over a neighbouring
// letter's, it is that letter's combining mark (Hàn Thế).
import { isCodePoint } from "./code_points.js";

/** Spacing accent code → its combining mark. */
const COMBINING_OF_SPACING = new Map<number, number>([
  [0x60, 0x300], // ` grave
  [0xb4, 0x301], // ´ acute
  [0x2c6, 0x302], // ˆ circumflex
  [0x5e, 0x302], // ^ (OT1's circumflex glyph is named as ASCII's in some fonts)
  [0x2dc, 0x303], // ˜ tilde
  [0x7e, 0x303], // ~
  [0xaf, 0x304], // ¯ macron
  [0x2c9, 0x304], // ˉ modifier macron
  [0x2d8, 0x306], // ˘ breve
  [0x2d9, 0x307], // ˙ dot above
  [0xa8, 0x308], // ¨ diaeresis
  [0x2da, 0x30a], // ˚ ring
  [0x2dd, 0x30b], // ˝ double acute
  [0x2c7, 0x30c], // ˇ caron
  [0xb8, 0x327], // ¸ cedilla
  [0x2db, 0x328], // ˛ ogonek
]);

/** Combining mark → its spacing accent: the map above read backwards, the first spacing accent
 * of a mark winning (` ´ ˆ ˜ ¯ before ASCII's ^ ~ and the modifier macron), so a mark comes back
 * as the accent TeX's fonts name. */
const SPACING_OF_COMBINING = new Map<number, number>();
for (const [spacing, mark] of COMBINING_OF_SPACING) if (!SPACING_OF_COMBINING.has(mark)) SPACING_OF_COMBINING.set(mark, spacing);

/** The accent's centre must sit this far (a share of the letter's width) inside the letter's
 * box on both sides: glyphs set side by side, even kerned tight, never reach it, while a
 * built accent is centred over its letter. */
const CENTRE_INSET_SHARE = 0.15;

const DOTLESS_I = 0x131;
const DOTLESS_J = 0x237;

/** The combining mark for a spacing accent's code, 0 when it is none. */
export function combiningMarkOf(code: number): number {
  // Asked of every character of a page: letters (most of them) leave by the comparisons.
  if (code < 0x5e || (code > 0x7e && code < 0xa8) || code > 0x2dd || (code > 0x60 && code < 0x7e)) return 0;
  return COMBINING_OF_SPACING.get(code) ?? 0;
}

/** The spacing accent of a combining mark, 0 when it has none: Unicode's spacing accents are
 * a space and the mark (´ is <compat> 0020 0301). */
export function spacingAccentOf(mark: number): number {
  return SPACING_OF_COMBINING.get(mark) ?? 0;
}

/** Whether an accent drawn from `ax0` to `ax1` sits over a glyph drawn from `lx0` to `lx1`. */
export function sitsOver(ax0: number, ax1: number, lx0: number, lx1: number): boolean {
  const inset = (lx1 - lx0) * CENTRE_INSET_SHARE;
  const centre = (ax0 + ax1) / 2;
  return lx1 > lx0 && centre > lx0 + inset && centre < lx1 - inset;
}

/** Whether a code is a letter an accent can sit over. */
export function takesAccent(code: number): boolean {
  return code > 0x40 && isCodePoint(code) && LETTER.test(String.fromCodePoint(code));
}
const LETTER = /^\p{L}$/u;

/** The letter to write under an accent: TeX accents i and j in their dotless forms, whose
 * dot the accent replaces (ı + ´ is í). */
export function baseLetter(code: number): number {
  return code === DOTLESS_I ? 0x69 : code === DOTLESS_J ? 0x6a : code;
}
