// A browser's print sets a face that has no bold (a CJK fallback font: Droid Sans Fallback,
// Noto Sans CJK's regular alone) in bold by thickening its glyphs' outlines, and Skia writes
// each glyph so made as a Type 3 glyph of a font without a name. Its bold is then nowhere in
// the font: a heading "2026年11月 月次報告書" came out "**2026**年**11**月 月次報告書", its
// Latin figures in the bold face and its ideographs plain, and no heading (a heading is set in
// one style). Such a span takes the bold of a span next to it on its line, set at its size.

import type { Line } from "../model.js";
import { isBlankText } from "../layout/whitespace.js";

/** The name MuPDF gives a Type 3 font without one: "Type3 (5 0 R)", after its object. */
const UNNAMED_TYPE3 = "Type3 (";
/** A neighbour of the same size: within this many points. */
const SAME_SIZE_PT = 0.5;

/**
 * Marks bold, in place, every span of a browser's print in an unnamed Type 3 font that stands
 * next to a bold span of its size on its line (across blank spans), the bold passing along a
 * run of such spans in both directions. Lines without such a span are left as they are.
 */
export function boldenSyntheticBold(lines: readonly Line[]): void {
  for (const line of lines) {
    const spans = line.spans;
    if (spans.length < 2 || !spans.some((s) => s.font.startsWith(UNNAMED_TYPE3)) || !spans.some((s) => s.bold)) continue;
    // Left to right, then right to left: a run of such spans takes the bold from either end.
    for (const order of [1, -1]) {
      let last: { bold: boolean; size: number } | null = null;
      for (let k = order === 1 ? 0 : spans.length - 1; k >= 0 && k < spans.length; k += order) {
        const span = spans[k];
        // A space between two spans passes the bold on.
        if (isBlankText(span.text)) continue;
        if (!span.bold && span.font.startsWith(UNNAMED_TYPE3) && last !== null && last.bold && Math.abs(last.size - span.size) <= SAME_SIZE_PT) span.bold = true;
        last = span;
      }
    }
  }
}
