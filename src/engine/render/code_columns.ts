// A code block's columns with East Asian text in it: an ideograph or a kana is set a full em
// wide, nearly two characters of the code's typewriter face, and a terminal or an editor shows
// it in two cells (Unicode's East Asian Width, W and F). A code line's text counted one column
// for it, so a span after East Asian text was padded far to the right to reach its x
// (hitszbeamer's "% 模板编译：手动编译方法参看            README.md").
import { EAST_ASIAN_WIDE_MIN, isEastAsianWide } from "../layout/east_asian.js";

/** The columns East Asian wide characters take beyond one each: one more per character. */
export function extraWideColumns(text: string): number {
  let extra = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // Most code is ASCII: one comparison a character.
    if (unit < EAST_ASIAN_WIDE_MIN) continue;
    const code = text.codePointAt(i) ?? unit;
    // A supplementary ideograph is two UTF-16 units already: its two columns.
    if (code > 0xffff) {
      i++;
      continue;
    }
    if (isEastAsianWide(code)) extra++;
  }
  return extra;
}
