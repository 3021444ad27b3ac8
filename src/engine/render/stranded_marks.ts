// Step 5, each page: a combining accent with no letter under it. A typesetter may draw a
// spacing accent as a space and the accent's combining mark (XeTeX's \`{} in a Unicode font:
// amc's "lines beginning with a `#’", where the grave stands before the "#" on the page), and
// the extractor reads the mark after white space. Written as read, the mark sits on the space,
// or on the letter before it once the spaces are collapsed; Unicode writes a spacing accent as
// a space and its mark (´ is <compat> 0020 0301), so the mark is written as its spacing
// accent, which is what the page shows.
import { spacingAccentOf } from "../extract/placed_accents.js";

/** White space and a combining accent after it: U+0300–U+0328 holds every mark that
 *  placed_accents.ts knows a spacing accent of (grave to ogonek). */
const STRANDED_MARK = /(\s)([\u0300-\u0328])/g;

/** `text` with each combining accent after white space written as its spacing accent (the
 *  white space kept: it may be the word's space as well as the accent's). */
export function writeStrandedMarks(text: string): string {
  return text.replace(STRANDED_MARK, (stranded: string, space: string, mark: string) => {
    const accent = spacingAccentOf(mark.charCodeAt(0));
    return accent === 0 ? stranded : space + String.fromCharCode(accent);
  });
}
