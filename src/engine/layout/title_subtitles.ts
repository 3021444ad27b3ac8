// A title's subtitle set in a heading style of its own, between the title and its author.
//
// A book's title page sets its subtitle right under the title, smaller, and its author under
// both, larger than the subtitle (Free Culture, p. v: "FREE CULTURE" at 34 pt, "HOW BIG MEDIA
// USES TECHNOLOGY AND" | "THE LAW TO LOCK DOWN CULTURE" | "AND CONTROL CREATIVITY" in bold at
// 10 pt, "LAWRENCE LESSIG" at 17 pt). Converted with the rest of the book, the subtitle's bold
// 10 pt is the book's least heading style, and it came out "#####" between "# FREE CULTURE"
// and "## LAWRENCE LESSIG": deeper than the heading after it, which no section is. Right
// under the title and over a shallower heading, it is the title's subtitle: the level under
// the title.

import type { Line } from "../model.js";
import { unionOf } from "./box.js";
import { isBlankText } from "./whitespace.js";

/** The subtitle's first line stands under the title's last within this many of its own ems. */
export const TITLE_SUBTITLE_GAP_EMS_MAX = 2;
/** ... and within the title's width, by this many of its own ems at most either side. */
const TITLE_SUBTITLE_OVERHANG_EMS_MAX = 1;

/** The title is the document's, at level 1: an e-mail address under an author's name at level
 *  2 over the first section (shared-mime-info's "tal197 at users.sf.net"), or a thesis' course
 *  under its faculty, are none of its subtitles. */
const SUBTITLED_TITLE_LEVEL = 1;

interface HeadingLike {
  kind: string;
  level?: number;
  lines?: readonly Line[];
}

/** A line's size: its first span's with text (the first span's otherwise). */
function sizeOf(line: Line): number {
  for (const span of line.spans) if (!isBlankText(span.text)) return span.size;
  return line.spans[0]?.size ?? 0;
}

/**
 * The indices of the headings that are a title's subtitle: a heading right after a heading
 * at level 1 (the title) and right before another (its author), deeper than both by more than one level
 * (its level under the title's would be the title's + 1), its first line within
 * TITLE_SUBTITLE_GAP_EMS_MAX of its size under the title's last, within the title's width.
 * The caller sets each at the level under its title. A heading between two sections is a
 * section's title at its own level: the one after it is never shallower and right under it.
 */
export function titleSubtitles(blocks: readonly HeadingLike[]): number[] {
  const found: number[] = [];
  for (let i = 1; i + 1 < blocks.length; i++) {
    const block = blocks[i];
    if (block.kind !== "heading" || block.lines === undefined || block.lines.length === 0) continue;
    const title = blocks[i - 1];
    const next = blocks[i + 1];
    if (title.kind !== "heading" || next.kind !== "heading" || title.lines === undefined || title.lines.length === 0) continue;
    const level = block.level ?? 0;
    const titleLevel = title.level ?? 0;
    if (titleLevel !== SUBTITLED_TITLE_LEVEL || level <= titleLevel + 1 || (next.level ?? 0) >= level) continue;
    const first = block.lines[0];
    const above = title.lines[title.lines.length - 1];
    const em = sizeOf(first);
    if (em <= 0 || sizeOf(above) <= em) continue;
    const gap = first.y0 - above.y1;
    if (gap < 0 || gap > TITLE_SUBTITLE_GAP_EMS_MAX * em) continue;
    const extent = unionOf(block.lines);
    const titleExtent = unionOf(title.lines);
    if (extent.x0 < titleExtent.x0 - TITLE_SUBTITLE_OVERHANG_EMS_MAX * em || extent.x1 > titleExtent.x1 + TITLE_SUBTITLE_OVERHANG_EMS_MAX * em) continue;
    found.push(i);
  }
  return found;
}
