// A listing that breaks a line too long for the page sets an arrow at the break, in a symbol
// font, and goes on under it: l3doc's and the .dtx classes' "↙", listings' "↪" or "↩". The
// arrow is the only glyph of its line out of the code face, so by font the line was prose:
// it left its listing as a paragraph, and its line number stood apart from it.
import type { Span } from "../model.js";
import { isBlankText, isSpaceCode } from "./whitespace.js";

/** Arrows a listing sets at the end of a line it breaks, to say the code goes on under it:
 *  ↙ ↩ ↪ ↲ ↵ ⇙ ⤶ ⤷ ⏎. */
const WRAP_MARKER_CODES: ReadonlySet<number> = new Set([0x2199, 0x21a9, 0x21aa, 0x21b2, 0x21b5, 0x21d9, 0x2936, 0x2937, 0x23ce]);

/** Whether spans[k] is a wrap marker ending a line of code: one arrow (WRAP_MARKER_CODES),
 *  the line's last text, after a span in the code face (filehook's "\filehook@csuse{…@\" |
 *  "↙" in Fourier's symbols over "filehook@ensureext{#1}}%"). Asked of spans out of the code
 *  face in every line, so the arrow is tested first, without a copy of the text. */
export function isWrapMarkerAtEnd(spans: readonly Span[], k: number): boolean {
  if (!isOneWrapMarker(spans[k].text)) return false;
  for (let j = k + 1; j < spans.length; j++) if (!isBlankText(spans[j].text)) return false;
  for (let j = k - 1; j >= 0; j--) if (!isBlankText(spans[j].text)) return spans[j].monospace;
  return false;
}

/** Whether the text is one wrap marker, white space around it maybe. */
function isOneWrapMarker(text: string): boolean {
  let marker = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpaceCode(c)) continue;
    if (marker || !WRAP_MARKER_CODES.has(c)) return false;
    marker = true;
  }
  return marker;
}
