// A listing's callout: DocBook (dblatex) marks a line of code with a number in a disc, set
// small in the text face after the code, often followed by the callout's reference in the
// code face ("%\usepackage[french]{babel} ❶ [1]", auto-multiple-choice's manuals). The number
// was a span out of the code face, which made the line no line of code (blocks.ts isMonoLine):
// the listing broke into fenced pieces around a paragraph of inline code. A listing's line
// number in a .dtx file's margin is no callout: code follows it.
import type { Span } from "../model.js";
import { textSpanFrom } from "./lines.js";

/** A callout's number has at most this many digits. */
export const CALLOUT_DIGITS_MAX = 2;
/** A callout's number is set at most this share of the code's size (5 pt in 9 pt code). */
export const CALLOUT_SIZE_SHARE_MAX = 0.8;

/** A callout's number alone. */
const CALLOUT_NUMBER = new RegExp(`^\\s*\\d{1,${CALLOUT_DIGITS_MAX}}\\s*$`);
/** What may follow a callout's number on its line: nothing, or its reference in brackets. */
const AFTER_CALLOUT = /^\s*(?:\[\d+\]|\(\d+\))?\s*$/;

/** Whether spans[k], out of the code face, is a callout's number after code on its line. */
export function isCodeCallout(spans: readonly Span[], k: number): boolean {
  const span = spans[k];
  if (!CALLOUT_NUMBER.test(span.text)) return false;
  const before = textSpanFrom(spans, k - 1, -1);
  if (before < 0 || !spans[before].monospace || span.size > CALLOUT_SIZE_SHARE_MAX * spans[before].size) return false;
  let rest = "";
  for (let j = k + 1; j < spans.length; j++) rest += spans[j].text;
  return AFTER_CALLOUT.test(rest);
}
