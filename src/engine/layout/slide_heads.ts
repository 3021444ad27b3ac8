// Step 3, each page: a slide's headline that reaches below the top band. URbeamer's headline
// prints the author and the institute at its right, "Marei Peischl" at 6 pt over "LATEX-Kurse
// und Support" at 5 pt, the second line ending 12.7 % down the slide, past the band that
// furniture.ts reads as the page's head (10 %). Converted alone, every slide of the deck had
// begun with the two lines in bold, over the frame's 12 pt title and its 10.9 pt text. A
// stack of small lines that starts in the band is the headline's, as a sidebar's outline is
// the sidebar's (side_bars.ts): the slide's text is set two sizes larger.
import type { Line, PageModel } from "../model.js";
import { SLIDE_ASPECT_MIN } from "./side_bars.js";
import { isBlankLine, lineSize, lineText, medianOfLines } from "./lines.js";
import { sortInPlace } from "../sort_in_place.js";

/** The top band, as a share of the slide's height (furniture.ts's margin band). */
const HEAD_BAND_SHARE = 0.1;
/** The headline's lines are set this share of the median size of the slide's other lines at
 *  most (URbeamer: 6 and 5 pt beside 10.9 pt, 0.55 and 0.46; a frame's subtitle under its
 *  title is the text's size or a step under it). */
const HEAD_SIZE_RATIO_MAX = 0.75;
/** The stack holds this many lines at most ... */
const HEAD_LINES_MAX = 3;
/** ... of this many characters at most each (a name, an institute) ... */
const HEAD_LINE_CHARS_MAX = 40;
/** ... each set this many of the line above's sizes under it at most (the frame's title
 *  stands 1.4 of them under URbeamer's). */
const HEAD_LINE_GAP_EMS_MAX = 1;

/**
 * The lines of a slide's (a landscape page, SLIDE_ASPECT_MIN) headline stack: a line wholly in
 * the top band (HEAD_BAND_SHARE) and the lines right under it (HEAD_LINE_GAP_EMS_MAX of the size above),
 * overlapping it across, HEAD_LINES_MAX lines in all at most, each HEAD_LINE_CHARS_MAX
 * characters at most and set HEAD_SIZE_RATIO_MAX of the median size of the slide's other lines
 * at most, where one of them at least reaches past the band (a stack wholly in the band is the
 * band's rows' to judge). `lines`: the page's text lines.
 */
export function slideHeadStack(page: PageModel, lines: readonly Line[]): Line[] {
  if (page.width < SLIDE_ASPECT_MIN * page.height) return [];
  const band = HEAD_BAND_SHARE * page.height;
  // Blank or not asked span by span (isBlankLine): building and trimming every line's text
  // here showed in the furniture pass's profiles.
  const text = lines.filter((line) => line.wmode === 0 && !isBlankLine(line));
  const sorted = [...text];
  sortInPlace(sorted, (a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  for (const first of sorted) {
    if (first.y1 > band) break;
    const stack = [first];
    for (const line of sorted) {
      const last = stack[stack.length - 1];
      if (line.y0 < last.y1 - 1 || stack.includes(line)) continue;
      if (line.y0 - last.y1 > HEAD_LINE_GAP_EMS_MAX * lineSize(last)) break;
      if (line.x0 < last.x1 && line.x1 > last.x0) stack.push(line);
      if (stack.length > HEAD_LINES_MAX) break;
    }
    if (stack.length > HEAD_LINES_MAX || stack.every((line) => line.y1 <= band)) continue;
    const others = text.filter((line) => !stack.includes(line) && line.y1 > band);
    if (others.length === 0) continue;
    const limit = HEAD_SIZE_RATIO_MAX * medianOfLines(others, lineSize)!;
    if (stack.every((line) => lineSize(line) <= limit && lineText(line).trim().length <= HEAD_LINE_CHARS_MAX)) return stack;
  }
  return [];
}
