// Cutting one span in two where a cell border crosses it: the model keeps no character
// positions, so the cut falls at the word space nearest the border's estimated place.
import { isRtlText } from "../layout/bidi.js";
import { type Span, spanPiece } from "../model.js";

/**
 * Splits a span that runs across a column border at the whitespace nearest to it, the parts
 * returned left to right on the page. Character positions are not in the model, so they are
 * interpolated along the span: exact for monospace, within a character or two otherwise, and
 * the cell gap is wider than that. A right-to-left span holds its text in logical order, so
 * its first characters are at its right edge.
 */
export function cutSpan(span: Span, x: number): [Span, Span] | null {
  const text = span.text;
  const n = text.length;
  const width = span.x1 - span.x0;
  if (n < 3 || width <= 0) return null;
  const rtl = isRtlText(text);
  const ideal = Math.round(((rtl ? span.x1 - x : x - span.x0) / width) * n);
  // The first and last words bound the search: a space before the first word leaves
  // nothing on one side.
  const first = n - text.trimStart().length;
  const last = text.trimEnd().length;
  const canCut = (i: number) => i > first && i < last && isSpace(text, i);
  let at = -1;
  for (let d = 0; d < n; d++) {
    if (canCut(ideal - d)) {
      at = ideal - d;
      break;
    }
    if (canCut(ideal + d)) {
      at = ideal + d;
      break;
    }
  }
  if (at < 0) return null;
  const head = text.slice(0, at).trimEnd();
  const tail = text.slice(at + 1).trimStart();
  // Each part keeps its side of the border: interpolated boxes can put a part's centre
  // across it (Arabic letters vary in width far more than Latin ones).
  const [left, right] = rtl ? [tail, head] : [head, tail];
  return [
    spanPiece(span, left, span.x0, Math.min(x, span.x0 + (width * left.length) / n)),
    spanPiece(span, right, Math.max(x, span.x1 - (width * right.length) / n), span.x1),
  ];
}

function isSpace(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const c = text.charCodeAt(i);
  return c === 32 || c === 9 || c === 0xa0;
}
