// Step 5, each page: a section slide, the page a slide deck shows where a section starts
// (beamer's \sectionpage, the themes' \AtBeginSection frame): the section's number and title
// centred on the slide, often with the subsection's title centred under it, and no other
// text. Converted alone, its title "3. Regular slides" had come out as an ordered list's item
// and its subsection as a heading over it (the University of Antwerp theme's user guide,
// pages 12, 20, 29 and 31): a reader sees the section's title over its subsection's.
//
// Told by the page's text alone: the column is the whole text between the page's text edges,
// its first line a numbered title, set bold or larger than the line under it, and the line
// under it (if any) centred on the title's axis and no larger. A slide's numbered list has
// more lines, or starts its lines at one edge.
import type { Line } from "../model.js";
import { lineStyle } from "./document_stats.js";
import { everyTextSpan, lineText } from "./lines.js";

/** A section slide holds its title and a subsection's title at most. */
const SECTION_SLIDE_LINES_MAX = 2;
/** The column's text edges meet the page's text edges within this many points: the column is
 *  the page's whole text. */
const PAGE_TEXT_EDGE_SLACK_PT = 1;
/** The subsection's title is centred on the title's axis within this many of the title's ems ... */
const SUBTITLE_AXIS_EMS_MAX = 0.5;
/** ... with its left edge this many ems at least from the title's and from where the title's
 *  text starts after its number (lines of other widths centred on one axis; a list item's
 *  next line starts at its edge or its text's) ... */
const SUBTITLE_EDGE_SHIFT_EMS_MIN = 0.25;
/** ... stands at most this many of the title's ems under it ... */
const SUBTITLE_GAP_EMS_MAX = 4;
/** ... and is a title's length, a few words. */
const SUBTITLE_CHARS_MAX = 80;
/** The section's title is a few words too. */
const SECTION_TITLE_CHARS_MAX = 80;
/** Sizes within this many points are one size. */
const SIZE_SLACK_PT = 0.5;
/** A title ends with no stop (a list's item may be a sentence). */
const SENTENCE_END = /[.!?:;,]\s*$/;

/** A draft of blocks.ts as this test reads it: its lines and whether it starts with an
 *  ordered list's number. */
export interface SlideDraft {
  lines: readonly Line[];
  numbered: boolean;
  marked: boolean;
  /** Where the text starts after its marker (its first line's left edge without one). */
  textX: number;
}

/**
 * The heading depth of each draft of a section slide's column (1 the section's numbered
 * title, 2 the subsection's under it), or null when the column is no section slide.
 * `pageLeft`/`pageRight`: the page's text edges (Infinity/-Infinity when unknown: no slide).
 */
export function sectionSlideDepths(drafts: readonly SlideDraft[], column: readonly Line[], pageLeft: number, pageRight: number): number[] | null {
  if (column.length === 0 || column.length > SECTION_SLIDE_LINES_MAX || drafts.length !== column.length) return null;
  const [title, subtitle] = drafts;
  if (!title.numbered || title.lines.length !== 1) return null;
  const titleLine = title.lines[0];
  const titleText = lineText(titleLine).trim();
  if (titleText.length > SECTION_TITLE_CHARS_MAX || SENTENCE_END.test(titleText)) return null;
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const line of column) (x0 = Math.min(x0, line.x0)), (x1 = Math.max(x1, line.x1));
  if (Math.abs(x0 - pageLeft) > PAGE_TEXT_EDGE_SLACK_PT || Math.abs(x1 - pageRight) > PAGE_TEXT_EDGE_SLACK_PT) return null;
  const titleSize = lineStyle(titleLine).size;
  const bold = everyTextSpan(titleLine, isBold);
  if (subtitle === undefined) return bold ? [1] : null;
  if (subtitle.marked || subtitle.lines.length !== 1) return null;
  const under = subtitle.lines[0];
  const em = Math.max(1, titleSize);
  const underText = lineText(under).trim();
  const underSize = lineStyle(under).size;
  if (underText.length === 0 || underText.length > SUBTITLE_CHARS_MAX || SENTENCE_END.test(underText)) return null;
  if (under.y0 < titleLine.y1 || under.y0 - titleLine.y1 > SUBTITLE_GAP_EMS_MAX * em) return null;
  if (Math.abs((under.x0 + under.x1) / 2 - (titleLine.x0 + titleLine.x1) / 2) > SUBTITLE_AXIS_EMS_MAX * em) return null;
  const shift = SUBTITLE_EDGE_SHIFT_EMS_MIN * em;
  if (Math.abs(under.x0 - titleLine.x0) < shift || Math.abs(under.x0 - title.textX) < shift) return null;
  if (underSize > titleSize + SIZE_SLACK_PT || !(bold || titleSize > underSize + SIZE_SLACK_PT)) return null;
  return [1, 2];
}

/** A span set bold (everyTextSpan's test: a function made once, not a closure a call). */
function isBold(span: Line["spans"][number]): boolean {
  return span.bold;
}
