// What an extractor counts of a page's text for the bill and the warnings: its characters
// (whitespace excluded) and, of those, the ones no font mapped to Unicode. MuPDF's reader
// counts them as it reads each character; this counts them from the lines of an extractor
// that builds its lines first (pdf.js).
import type { Line } from "../model.js";

const REPLACEMENT_CHARACTER = "\ufffd";

export function countCharacters(lines: readonly Line[]): { chars: number; unmappedChars: number } {
  let chars = 0;
  let unmappedChars = 0;
  for (const line of lines) {
    for (const span of line.spans) {
      chars += span.text.match(/\S/gu)?.length ?? 0;
      for (let at = span.text.indexOf(REPLACEMENT_CHARACTER); at >= 0; at = span.text.indexOf(REPLACEMENT_CHARACTER, at + 1)) unmappedChars++;
    }
  }
  return { chars, unmappedChars };
}
