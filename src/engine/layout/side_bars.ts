// A slide's sidebar: the deck's outline (its title, author, sections and subsections) set in
// small type in a strip down the slide's left or right side, repeated on every slide (beamer's
// sidebar themes: hitszbeamer's blue strip at the left, BFH's strip right of a drawn rule).
// It is navigation, like the navigation bar across the top (furniture.ts HEADLINE_*): on a
// slide converted alone no repetition shows it, and its names had been read into the body,
// one paragraph or table cell of section names beside the slide's text. A page alone
// shows it by its shape: a strip bleeding off the side of a landscape page, bounded by a
// filled box or by a rule drawn down the page, whose lines are all small against the text
// beside it and the text clear of it.
import type { Line, PageModel } from "../model.js";
import { isBlankLine, lineText, medianOfLines } from "./lines.js";
import { trimmedLength } from "./whitespace.js";

/** A slide is landscape: this many times wider than tall at least (4:3 is 1.33, 16:9 1.78).
 *  A portrait page's coloured side column (a CV's contact details and skills) is text. */
export const SLIDE_ASPECT_MIN = 1.2;
/** The strip is at most this share of the slide's width (hitszbeamer's 52 pt of 363: 14 %,
 *  BFH's 56 pt of 454: 12 %) ... */
const SIDEBAR_WIDTH_SHARE_MAX = 0.25;
/** ... and runs down this share of its height at least (hitszbeamer's, between the head and
 *  foot bars: 76 %). */
const SIDEBAR_HEIGHT_SHARE_MIN = 0.6;
/** A filled box within this many points of the page's side bleeds off it. */
const BLEED_SLACK_PT = 1;
/** A rule drawn down the page is this many points thick at most (BFH's: 1.4 pt). */
const SIDEBAR_RULE_THICKNESS_MAX_PT = 2;
/** A line in the strip may reach this many points past its inner edge. */
const EDGE_SLACK_PT = 1;
/** The strip holds this many lines of text at least (a title, an author, a section). */
const SIDEBAR_LINES_MIN = 3;
/** Each names a section or the deck in a few words. */
const SIDEBAR_LINE_CHARS_MAX = 40;
/** Its type is this much smaller than the text beside it at most (beamer's 6 pt against the
 *  slide's 10–12 pt), measured against the median of that text's lines. */
const SIDEBAR_SIZE_RATIO_MAX = 0.75;

/** The strip's side and its inner edge, and where it runs down the page. */
interface Strip {
  left: boolean;
  edge: number;
  y0: number;
  y1: number;
}

/** The strips a page draws down its sides: a narrow filled box bleeding off a side, or a
 *  rule drawn down the page near one, the strip then running from it to the side. */
function stripsOf(page: PageModel): Strip[] {
  const strips: Strip[] = [];
  const widthMax = SIDEBAR_WIDTH_SHARE_MAX * page.width;
  const heightMin = SIDEBAR_HEIGHT_SHARE_MIN * page.height;
  for (const rule of page.rules) {
    if (rule.y1 - rule.y0 < heightMin) continue;
    const thin = rule.x1 - rule.x0 <= SIDEBAR_RULE_THICKNESS_MAX_PT;
    if (rule.kind === "fill" && !thin && rule.x1 - rule.x0 <= widthMax) {
      if (rule.x0 <= BLEED_SLACK_PT) strips.push({ left: true, edge: rule.x1, y0: rule.y0, y1: rule.y1 });
      else if (rule.x1 >= page.width - BLEED_SLACK_PT) strips.push({ left: false, edge: rule.x0, y0: rule.y0, y1: rule.y1 });
    } else if (thin) {
      if (rule.x1 <= widthMax) strips.push({ left: true, edge: rule.x0, y0: rule.y0, y1: rule.y1 });
      else if (rule.x0 >= page.width - widthMax) strips.push({ left: false, edge: rule.x1, y0: rule.y0, y1: rule.y1 });
    }
  }
  return strips;
}

/** The median of the lines' largest span sizes. */
function medianSize(lines: readonly Line[]): number {
  return medianOfLines(lines, largestSize)!;
}

function largestSize(line: Line): number {
  let size = 0;
  for (const span of line.spans) if (trimmedLength(span.text) > 0) size = Math.max(size, span.size);
  return size;
}

/** The lines of the strip's sidebar, or none: every line of text within the strip, at least
 *  SIDEBAR_LINES_MIN short ones in small type, every other line beside the strip clear of it,
 *  some of them (the slide's text) outside the head and foot bands (`inBand`). */
function stripLines(strip: Strip, lines: readonly Line[], inBand: (line: Line) => boolean): Line[] {
  // The strip's own lines and the lines across its edge first, by their boxes alone; the
  // lines beside it (asked whether blank and whether in a band) only for a strip that holds
  // enough lines: most strips hold none, and each line of the page had been asked both, in
  // code run too seldom to be optimised (issue 9: speed).
  const members: Line[] = [];
  for (const line of lines) {
    if (inStrip(strip, line)) {
      if (!isBlankLine(line)) members.push(line);
      continue;
    }
    // A line across the strip's edge beside it: the strip is no sidebar (a picture's label,
    // a table running to the page's side).
    if (crossesStrip(strip, line) && !isBlankLine(line)) return [];
  }
  if (members.length < SIDEBAR_LINES_MIN) return [];
  const beside: Line[] = [];
  for (const line of lines) if (!inStrip(strip, line) && !isBlankLine(line) && !inBand(line)) beside.push(line);
  if (beside.length === 0) return [];
  for (const line of members) if (trimmedLength(lineText(line)) > SIDEBAR_LINE_CHARS_MAX) return [];
  const sizeMax = SIDEBAR_SIZE_RATIO_MAX * medianSize(beside);
  for (const line of members) if (largestSize(line) > sizeMax) return [];
  return members;
}

/** Whether the line lies within the strip, down its length and on its side of its edge. */
function inStrip(strip: Strip, line: Line): boolean {
  const downStrip = line.y0 >= strip.y0 - EDGE_SLACK_PT && line.y1 <= strip.y1 + EDGE_SLACK_PT;
  const onSide = strip.left ? line.x1 <= strip.edge + EDGE_SLACK_PT : line.x0 >= strip.edge - EDGE_SLACK_PT;
  return downStrip && onSide && line.wmode === 0;
}

/** Whether the line, not in the strip, runs across the strip's edge beside it. */
function crossesStrip(strip: Strip, line: Line): boolean {
  const across = strip.left ? line.x0 < strip.edge - EDGE_SLACK_PT : line.x1 > strip.edge + EDGE_SLACK_PT;
  return across && line.y1 > strip.y0 && line.y0 < strip.y1;
}

/**
 * The lines of a slide's sidebar: an outline in small type down a strip at the slide's side
 * (stripsOf), clear of the text beside it (stripLines). `inBand` says which lines stand in the
 * page's head or foot bands: they are not the text the sidebar's size is measured against.
 * Empty for a page that is not landscape.
 */
export function sideBarLines(page: PageModel, lines: readonly Line[], inBand: (line: Line) => boolean): Line[] {
  if (page.width < SLIDE_ASPECT_MIN * page.height) return [];
  const found: Line[] = [];
  for (const strip of stripsOf(page)) for (const line of stripLines(strip, lines, inBand)) if (!found.includes(line)) found.push(line);
  return found;
}
