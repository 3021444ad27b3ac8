// Roman numerals that number a list without a stop or a bracket after them. ReportLab's
// ListFlowable with bulletType 'i' sets "vii", "viii", "ix" before its items' text (its
// user guide, p. 97), the numeral a span of its own in Helvetica 12 pt against the items'
// 10 pt, and a space before the text. ORDERED (blocks.ts) wants a stop or a bracket after
// the token, so the items had run into one paragraph ("vii Item no. 2 viii ■ sublist item 1").
// A numeral typed in the text's own style ("I think", "vi is an editor", "XIV Congress") is
// text and stays so: the numeral must be set apart by its style, as touchingMarker asks of a
// number touching its text, and blocks.ts reads it as a weak marker, which an item before or
// after it in the column's sequence must confirm (settleSequences).
import type { Line } from "../model.js";
import { isBlankText, isSpaceCode } from "./whitespace.js";

/** A bare numeral's span: the letters i, v and x, either case, and at most this many
 *  characters (trailing white space included: "viii " is ReportLab's span). "xxxviii" (38)
 *  is the longest numeral of these three letters below 40, more than any list runs to. */
export const BARE_NUMERAL_CHARS_MAX = 8;
/** The numeral is set this much smaller or larger than the text after it (a share of the
 *  text's size), or in another font: touchingMarker's TOUCHING_MARKER_SIZE_SHARE. */
export const BARE_NUMERAL_SIZE_SHARE = 0.15;
/** A numeral whose box ends this many ems (of the text) above the text's box is raised: a
 *  note's mark ("ii" over a word), no item's. */
export const BARE_NUMERAL_RAISED_EMS = 0.25;

/** ASCII codes of i v x I V X. */
function isNumeralLetter(code: number): boolean {
  const lower = code | 0x20;
  return lower === 0x69 || lower === 0x76 || lower === 0x78;
}

/**
 * The characters of `text` (the line's text) that a bare roman numeral and the white space
 * after it take, or 0: the line's first span is the numeral alone (maybe with trailing white
 * space), of one case, and the next span holding text starts after white space (a space in
 * either span, or a span of white space between) in another size or font, on the numeral's
 * baseline. Asked of every line that no other marker starts: a first span longer than
 * BARE_NUMERAL_CHARS_MAX or starting with another letter (nearly all) is passed at once.
 */
export function bareNumeralLength(line: Line, text: string): number {
  const spans = line.spans;
  if (spans.length < 2) return 0;
  const first = spans[0];
  const t = first.text;
  if (t.length > BARE_NUMERAL_CHARS_MAX || t.length === 0 || !isNumeralLetter(t.charCodeAt(0))) return 0;
  let end = 0;
  while (end < t.length && isNumeralLetter(t.charCodeAt(end))) end++;
  for (let k = end; k < t.length; k++) if (!isSpaceCode(t.charCodeAt(k))) return 0;
  const token = t.slice(0, end);
  if (token !== token.toLowerCase() && token !== token.toUpperCase()) return 0;
  // The text after it: past spans of white space, at least one space between.
  let spaced = end < t.length;
  let k = 1;
  while (k < spans.length && isBlankText(spans[k].text)) {
    spaced = true;
    k++;
  }
  if (k === spans.length) return 0;
  const next = spans[k];
  if (!spaced && !isSpaceCode(next.text.charCodeAt(0))) return 0;
  const sizeApart = Math.abs(first.size - next.size) >= BARE_NUMERAL_SIZE_SHARE * next.size;
  if (!sizeApart && first.font === next.font) return 0;
  if (first.y1 < next.y1 - BARE_NUMERAL_RAISED_EMS * next.size) return 0;
  // The line's text starts with the span's: count the white space after the numeral there.
  if (!text.startsWith(token)) return 0;
  let length = end;
  while (length < text.length && isSpaceCode(text.charCodeAt(length))) length++;
  return length > end && length < text.length ? length : 0;
}
