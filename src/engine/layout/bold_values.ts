// Step 5, each page: a label in the text's weight with its value in bold after it, on a line of
// its own ("Invoice no. **INV-2026-0418**" over "Date: 12 March 2026" in an invoice's header).
// Bold carries most of such a line's characters, so its style reads as a bold heading's; but a
// heading is bold from its first word, and this line is one of a set of short lines.
import type { Line } from "../model.js";
import { hasWordChar } from "./word_chars.js";

/** Letters in the label: a heading's number in the text's weight before its bold title
 *  ("1.2 **Results**") is no label. */
const LABEL_LETTER = /\p{L}/u;

/** Whether the line's first word is set in the text's weight and holds a letter, and its last
 *  word in bold: a label and its bold value. */
export function isLabelWithBoldValue(line: Line): boolean {
  const spans = line.spans;
  let first = -1;
  let last = -1;
  for (let k = 0; k < spans.length; k++) {
    if (!hasWordChar(spans[k].text)) continue;
    if (first < 0) first = k;
    last = k;
  }
  return first >= 0 && first < last && !spans[first].bold && LABEL_LETTER.test(spans[first].text) && spans[last].bold;
}
