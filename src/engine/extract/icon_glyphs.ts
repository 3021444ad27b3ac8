// Step 3, each page: pictures drawn from an icon font, which are no text. An icon font
// (FontAwesome, Academicons, …) draws a book, a gear or a warning sign; where it maps its
// glyphs to no Unicode, MuPDF reads each as U+FFFD, and the Markdown carried the replacement
// character before the text the icon marks (bath-bst's guide: "� Soper, D., 1972. …" for
// each reference style's sample, crossreftools' "� **hyperref**"). The span goes, as a picture
// would: an icon mapped to a character of its own (a private-use code) is left as it is.
import type { Line } from "../model.js";
import { isBlankText } from "../layout/whitespace.js";

/** An icon font's name, its subset tag already taken off. */
const ICON_FONT = /awesome|academicons|icomoon|material.?icons|glyphicons/i;
/** MuPDF's character for a glyph its font maps to no Unicode, and a space beside it. */
const UNMAPPED_ONLY = /^[\ufffd\s]+$/;

/**
 * Takes out of `lines` the spans of an icon font that hold only unmapped glyphs (and spaces),
 * each line's box shrunk to the spans left and a line left empty dropped. Returns how many
 * unmapped glyphs went (the page counts them no longer).
 */
export function dropIconGlyphs(lines: Line[]): number {
  let dropped = 0;
  let kept = 0;
  for (const line of lines) {
    let k = 0;
    for (const span of line.spans) {
      if (span.text.includes("\ufffd") && UNMAPPED_ONLY.test(span.text) && ICON_FONT.test(span.font)) {
        for (const ch of span.text) if (ch === "\ufffd") dropped++;
        continue;
      }
      line.spans[k++] = span;
    }
    if (k === line.spans.length) {
      lines[kept++] = line;
      continue;
    }
    line.spans.length = k;
    // A blank span left at the line's start (the space after the icon) goes too.
    while (line.spans.length > 0 && isBlankText(line.spans[0].text)) line.spans.shift();
    if (line.spans.length === 0) continue;
    line.x0 = Math.min(...line.spans.map((s) => s.x0));
    line.x1 = Math.max(...line.spans.map((s) => s.x1));
    lines[kept++] = line;
  }
  lines.length = kept;
  return dropped;
}
