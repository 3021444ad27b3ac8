// Step 5, each page: a slide's short lines, one under another in a narrow stack with nothing
// beside it, are lines their author broke, not a paragraph wrapped at the stack's widest line.
// A slide sets phrases, and wraps a line only where it meets the frame's edge, far right of
// such a stack; the paragraph rules measure the room a line leaves against the stack's own
// widest line, which a short stack's lines all nearly fill. Beamer's contents slide (hobete:
// "1 Beispiele" over its subsections "Listen" | "s.th. else") and a description list of two
// rows ("showheader Shows the headline" | "red Dark red variant", Verona) had each run into
// one paragraph.
import type { Line, PageModel } from "../model.js";
import { SLIDE_ASPECT_MIN } from "./side_bars.js";
import { lineSize, lineText } from "./lines.js";
import { isEastAsianWide } from "./east_asian.js";

/** The stack is this share of the slide's width at most: a column of a two-column slide is
 *  about half of it, and its lines wrap at its edge (Verona's description rows: 36 %). */
const STACK_WIDTH_SHARE_MAX = 0.4;
/** The stack's lines follow each other at a list's leading: gaps of this many ems at most. */
const LINE_GAP_EMS_MAX = 1;
/** Line boxes may overlap by this many ems (a font's ascender and descender reach past a
 *  tight leading: Helvetica's boxes 15 pt tall at 13.6 pt apart). */
const LINE_OVERLAP_EMS_MAX = 0.2;
/** ... in one size, within this many points. */
const SIZE_TOLERANCE_PT = 0.5;
/** A stack of this many lines at most: a longer one is a page's text, not a slide's phrases. */
const STACK_LINES_MAX = 8;
/** A line that runs on into the next (a comma, a joining sign, a word broken at its end). */
const RUNS_ON = /(?:[,;\-–—&/]|\p{Ll}-)\s*$/u;
/** Lines centred on one axis (within this many ems: centring is exact to a point) are a title slide's, which centred_lines.ts reads. */
const AXIS_EMS = 0.5;

/** A title slide's subtitle: its centred lines are this share of the slide's width at most
 *  (Impress's 32 pt "Northern Harbour Operations" | "Prepared by the Planning Office": 52 %
 *  and 57 %; a subtitle wrapped at its frame's edge fills 80 % and more) ... */
const SUBTITLE_WIDTH_SHARE_MAX = 0.65;
/** ... they are this many at most ... */
const SUBTITLE_LINES_MAX = 3;
/** ... under a title this many times their size at least (Impress: 44 pt over 32 pt) ... */
const TITLE_SIZE_RATIO_MIN = 1.2;
/** ... set this many of their ems above them at most (Impress: 2.2), centred on their axis
 *  (AXIS_EMS). */
const TITLE_GAP_EMS_MAX = 4;
/** A centred line going on in small letters is a wrapped sentence's rest. */
const LOWER_START = /^\s*\p{Ll}/u;

/** Whether the line right above the centred stack, over its whole width, is its title: larger
 *  (TITLE_SIZE_RATIO_MIN), near (TITLE_GAP_EMS_MAX), centred on the stack's axis (AXIS_EMS). */
function underCentredTitle(stack: readonly Line[], all: readonly Line[], axis: number, em: number): boolean {
  const top = stack[0].y0;
  let title: Line | null = null;
  for (const line of all) if (!stack.includes(line) && line.y1 <= top + LINE_OVERLAP_EMS_MAX * em && (title === null || line.y1 > title.y1)) title = line;
  if (title === null || top - title.y1 > TITLE_GAP_EMS_MAX * em || lineSize(title) < TITLE_SIZE_RATIO_MIN * em) return false;
  return Math.abs((title.x0 + title.x1) / 2 - axis) < AXIS_EMS * em;
}

/**
 * Sets breakAfter on each line but the last of every stack of a slide's body lines (`lines`:
 * the page's text but its furniture) that is 2 to STACK_LINES_MAX lines one under another
 * (LINE_GAP_EMS_MAX), in one size (SIZE_TOLERANCE_PT), STACK_WIDTH_SHARE_MAX of the slide's
 * width at most, with no other line and no picture on its rows (a column beside it, a figure
 * it wraps at), not centred on one axis (AXIS_EMS), no line running on into the next (RUNS_ON);
 * or a title slide's centred subtitle of SUBTITLE_LINES_MAX lines at most, each
 * SUBTITLE_WIDTH_SHARE_MAX of the slide's width at most, right under a larger title on its
 * axis (underCentredTitle), no line going on in small letters.
 * Only on a landscape page (SLIDE_ASPECT_MIN): a portrait page's narrow column is prose.
 */
export function markSlidePhraseBreaks(lines: readonly Line[], page: PageModel): void {
  if (page.width < SLIDE_ASPECT_MIN * page.height) return;
  const sorted = lines.filter((line) => line.wmode === 0 && !line.slanted).sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  let start = 0;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && followsInStack(sorted[i - 1], sorted[i])) continue;
    if (i - start >= 2 && i - start <= STACK_LINES_MAX) markStack(sorted.slice(start, i), lines, page);
    start = i;
  }
}

function followsInStack(above: Line, line: Line): boolean {
  const em = lineSize(line);
  const gap = line.y0 - above.y1;
  return gap >= -LINE_OVERLAP_EMS_MAX * em && gap <= LINE_GAP_EMS_MAX * em && Math.abs(lineSize(above) - em) <= SIZE_TOLERANCE_PT;
}

function markStack(stack: readonly Line[], all: readonly Line[], page: PageModel): void {
  let x0 = Infinity;
  let x1 = -Infinity;
  let low = Infinity;
  let high = -Infinity;
  for (const line of stack) {
    x0 = Math.min(x0, line.x0);
    x1 = Math.max(x1, line.x1);
    const centre = (line.x0 + line.x1) / 2;
    low = Math.min(low, centre);
    high = Math.max(high, centre);
  }
  const em = lineSize(stack[0]);
  const y0 = stack[0].y0;
  const y1 = stack[stack.length - 1].y1;
  // A centred stack is a title slide's subtitle only under its title; centred_lines.ts reads the rest.
  const subtitle = high - low < AXIS_EMS * em;
  if (subtitle ? x1 - x0 > SUBTITLE_WIDTH_SHARE_MAX * page.width || stack.length > SUBTITLE_LINES_MAX || !underCentredTitle(stack, all, (low + high) / 2, em) : x1 - x0 > STACK_WIDTH_SHARE_MAX * page.width) return;
  for (const line of all) if (!stack.includes(line) && line.y0 < y1 && line.y1 > y0) return;
  for (const image of page.images ?? []) if (image.y0 < y1 && image.y1 > y0 && (image.x0 >= x1 || image.x1 <= x0)) return;
  const texts = stack.map(lineText);
  // Chinese and Japanese wrap anywhere, at any width: a column of vertical writing read on its
  // side, a CJK paragraph in a narrow box, are no set of phrases.
  for (const text of texts) if (isEastAsianWide(text.codePointAt(0) ?? 0)) return;
  for (let k = 0; k + 1 < stack.length; k++) if (RUNS_ON.test(texts[k]) || (subtitle && LOWER_START.test(texts[k + 1]))) return;
  for (let k = 0; k + 1 < stack.length; k++) stack[k].breakAfter = true;
}
