// The euro sign of TeX's eurosym fonts. eurosym (\euro, \officialeuro) sets the sign as the
// letter "e" of its own Type 1 fonts (feymr10, feybr10 and their oblique and outline shapes,
// geymr10 … for the generic ones), which carry no Unicode mapping: MuPDF and pdf.js read the
// glyph's code, and a Belgian invoice's amount column was headed "e" where the page shows "€".
import { copyLine, type Line, type Span, spanPiece } from "../model.js";
import { SUBSET_PREFIX } from "../extract/font_names.js";

/** eurosym's fonts by name, as a TeX-made PDF embeds them ("IFMIER+TeX-feymr10"). */
const EUROSYM_FONT = /^(?:TeX-)?[fg]ey[bm][lor]10$/i;
/** The code at which those fonts draw the euro sign. */
const EURO_CODE = "e";
const EURO_SIGN = "€";

/** How far from its end a eurosym font's name holds the "ey" of its family ("…fey" + "m"
 *  + "r" + "10"): every eurosym font's name ends in "10" (EUROSYM_FONT), and so do Computer
 *  Modern's and Latin Modern's (cmr10, lmroman10); a span in any of those is passed by on a
 *  few characters, without stripping its subset prefix for the pattern. */
const EUROSYM_EY_FROM_END = 6;

function isEuroSpan(span: Span): boolean {
  const font = span.font;
  const ey = font.length - EUROSYM_EY_FROM_END;
  // "10" read by code: every span of every page is asked, and a call to endsWith cost more.
  if (ey < 1 || font.charCodeAt(ey + 5) !== 0x30 || font.charCodeAt(ey + 4) !== 0x31 || (font.charCodeAt(ey) | 0x20) !== 0x65 || (font.charCodeAt(ey + 1) | 0x20) !== 0x79) return false;
  return span.text.includes(EURO_CODE) && EUROSYM_FONT.test(font.replace(SUBSET_PREFIX, ""));
}

/** The lines with each eurosym "e" written as the euro sign; the same array when none is. */
export function writeEuroSigns(lines: readonly Line[]): readonly Line[] {
  let out: Line[] | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    let any = false;
    for (const span of line.spans) if (isEuroSpan(span)) any = true;
    if (!any) continue;
    out ??= lines.slice();
    const spans: Span[] = [];
    for (const span of line.spans) spans.push(isEuroSpan(span) ? spanPiece(span, span.text.replaceAll(EURO_CODE, EURO_SIGN), span.x0, span.x1) : span);
    out[i] = copyLine(line, spans);
  }
  return out ?? lines;
}
