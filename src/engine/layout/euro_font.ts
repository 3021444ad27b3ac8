// The euro sign of TeX's eurosym fonts. eurosym (\euro, \officialeuro) sets the sign as the
// letter "e" of its own Type 1 fonts (feymr10, feybr10 and their oblique and outline shapes,
// geymr10 … for the generic ones), which carry no Unicode mapping: MuPDF and pdf.js read the
// glyph's code, and a Belgian invoice's amount column was headed "e" where the page shows "€".
import { copyLine, type Line, type Span, spanPiece } from "../model.js";
import { SUBSET_PREFIX } from "../extract/font_names.js";

/** eurosym's fonts by name, as a TeX-made PDF embeds them ("IFMIER+TeX-feymr10"). */
const EUROSYM_FONT = /^(?:TeX-)?[fg]ey[bm][lor]10$/i;
/** How every eurosym font's name ends (EUROSYM_FONT): a span in any other font is passed by
 *  without stripping its subset prefix for the pattern, and nearly every span holds an "e". */
const EUROSYM_FONT_END = "10";
/** The code at which those fonts draw the euro sign. */
const EURO_CODE = "e";
const EURO_SIGN = "€";

function isEuroSpan(span: Span): boolean {
  return span.font.endsWith(EUROSYM_FONT_END) && span.text.includes(EURO_CODE) && EUROSYM_FONT.test(span.font.replace(SUBSET_PREFIX, ""));
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
