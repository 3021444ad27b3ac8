// Step 1, each page: ZapfDingbats' glyphs as the characters they draw. MuPDF reads a glyph of
// ZapfDingbats (or URW's Dingbats) that no ToUnicode map covers by its glyph name "aN" as the
// code N: ReportLab's square bullet "a73" comes out as "I" (U+0049), nwejm's cross-reference
// arrow "a161" as "¡" (U+00A1), a check mark "a20" as a control character. The glyph names are
// the font's standard ones (Adobe's ZapfDingbats glyph list), so N gives the character back.
import type { Line } from "../model.js";

/** Font names (a subset's tag already taken off) of the fonts whose glyphs are so read. */
const DINGBATS_FONT = /^(?:Zapf)?Dingbats$/;
/** The shortest and longest of those names: most spans' fonts are ruled out by length. */
const DINGBATS_NAME_MIN = "Dingbats".length;
const DINGBATS_NAME_MAX = "ZapfDingbats".length;
/** The lowest N read so: "a1" to "a9" come out as U+FFFD, and stay so. */
const FIRST_NUMBERED = 10;
/** The character of glyph "aN" for N from FIRST_NUMBERED on (Adobe's glyph list for
 *  ZapfDingbats); "\0" where the font has no such glyph. */
const DINGBATS_BY_NUMBER = "✡☛☞✌✍✎✏✑✒✓✔✕✖✗✘✙✚✛✜✢✣✤✥✦✧★✩✪✫✬✭✮✯✰✱✲✳✴✵✶✷✸✹✺✻✼✽✾✿❀❁❂❃❄❅❆❇❈❉❊❋●❍■❏❑▲▼◆❖\0◗❘❙❚❯❱❲❳❨❩❬❭❪❫❴❵❛❜❝❞❡❢❣❤✐❥❦❧♠♥♦♣\0\0\0\0✉✈✇①②③④⑤⑥⑦⑧⑨⑩❶❷❸❹❺❻❼❽❾❿➀➁➂➃➄➅➆➇➈➉➊➋➌➍➎➏➐➑➒➓➔→➣↔↕➙➛➜➝➞➟➠➡➢➤➥➦➧➨➩➫➭➯➲➳➵➸➺➻➼➽➾➚➪➶➹➘➴➷➬➮➱✃❐❒❮❰";
/** "a32" reads as a space, as the font's own space does: a space stays one. */
const SPACE = 0x20;

/** Whether spans in this font have their dingbats read by number. */
export function isDingbatsFont(font: string): boolean {
  return font.length >= DINGBATS_NAME_MIN && font.length <= DINGBATS_NAME_MAX && DINGBATS_FONT.test(font);
}

/** The lines' spans in ZapfDingbats with each glyph read by number written as its character. */
export function restoreDingbats(lines: readonly Line[]): void {
  for (const line of lines) for (const span of line.spans) if (isDingbatsFont(span.font)) span.text = dingbatsText(span.text);
}

/** The text with each code N that names glyph "aN" replaced by that glyph's character. */
export function dingbatsText(text: string): string {
  let out = "";
  for (let k = 0; k < text.length; k++) out += String.fromCharCode(dingbatCode(text.charCodeAt(k)));
  return out;
}

/** The character glyph "aN" draws for the code N MuPDF read for it; any other code as it is.
 *  The page reader asks it of control codes (N below 32, and from 127 to 159), which it would
 *  otherwise write as U+FFFD; restoreDingbats of the rest. */
export function dingbatCode(code: number): number {
  const n = code - FIRST_NUMBERED;
  if (code === SPACE || n < 0 || n >= DINGBATS_BY_NUMBER.length) return code;
  const glyph = DINGBATS_BY_NUMBER.charCodeAt(n);
  return glyph === 0 ? code : glyph;
}
