// Small capitals a browser synthesises. CSS `font-variant: small-caps` with a font that has no
// small capitals of its own (Georgia, Liberation Serif, most web fonts) makes Chromium draw
// each lower-case letter as a capital at about 0.7 of the size, and the text layer keeps the
// lower-case letter: "The Q" | "u" | "a" | … | "y" | " Review" for "The QUARTERLY Review".
// The letters are the heading's words, not a change of style: a heading whose word is set so
// had been a bold paragraph, its small capitals outside the heading's size. TeX's small
// capitals come from a font of their own, at the text's size, and need nothing here.
import type { Line } from "../model.js";
import { lastInkedUnit } from "./whitespace.js";

/** A synthesised small capital is set at least at this share of the capitals' size … */
export const SMALL_CAPS_SIZE_RATIO_MIN = 0.6;
/** … and at most at this one (Chromium: 0.7). */
export const SMALL_CAPS_SIZE_RATIO_MAX = 0.85;
/** A span's size within this many points of the capitals' is at their size. */
const SAME_SIZE_PT = 1;
/** A span of lower-case letters (an apostrophe, a hyphen or spaces among them), nothing else. */
const LOWER_CASE_RUN = /^[\p{Ll}'’\- ]+$/u;
/** A span that ends in a capital letter, spaces after it allowed. */
const CAPITAL_END = /\p{Lu}\s*$/u;

/**
 * Which spans of the line are synthesised small capitals of text set at `size` in `bold`:
 * lower-case letters at SMALL_CAPS_SIZE_RATIO_MIN–MAX of the size, in its weight, right after
 * a span at the size ending in a capital (the word's first letter) or after another such
 * span. Null when the line has none.
 */
export function smallCapsSpans(line: Line, size: number, bold: boolean): boolean[] | null {
  let found: boolean[] | null = null;
  // Whether the span before may be followed by small capitals: a capital at the size, or small capitals.
  let afterCapital = false;
  for (let k = 0; k < line.spans.length; k++) {
    const span = line.spans[k];
    const ratio = span.size / size;
    if (afterCapital && span.bold === bold && ratio >= SMALL_CAPS_SIZE_RATIO_MIN && ratio <= SMALL_CAPS_SIZE_RATIO_MAX && LOWER_CASE_RUN.test(span.text)) {
      found ??= new Array<boolean>(line.spans.length).fill(false);
      found[k] = true;
      continue;
    }
    afterCapital = Math.abs(span.size - size) < SAME_SIZE_PT && endsInCapital(span.text);
  }
  return found;
}

/** CAPITAL_END.test(text), an ASCII last character read by code: headingOf asks it of every
 *  span at a heading's size, and the pattern, unanchored at its start, was tried at each of
 *  the span's characters. A last character outside ASCII (a capital with an accent, an
 *  astral mathematical capital) goes to the pattern as before. */
function endsInCapital(text: string): boolean {
  const last = lastInkedUnit(text);
  if (last < 0) return false;
  if (last < 0x80) return last >= 0x41 && last <= 0x5a;
  return CAPITAL_END.test(text);
}
