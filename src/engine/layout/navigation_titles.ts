// Step 5, each page, after blocks: a web page's navigation bar printed over its text. DocBook's
// HTML (Debian's FAQ, maint-guide, valgrind's manual) opens each page with a bar naming the
// page or its book, centred between the "Prev" and "Next" arrows drawn as small images, then
// the page's own title. The bar's name, set bold a little over the body, became a heading one
// level under the title it stands over ("#### Chapter 3. Choosing a Debian distribution" over
// "# Chapter 3. …", "## Valgrind FAQ" over "# Valgrind Frequently Asked Questions"). It is
// the bar's text, a paragraph.
import type { Line } from "../model.js";
import type { Block } from "./blocks.js";
import { paragraphBlock } from "./blocks.js";
import type { Box } from "./box.js";

/** A navigation arrow is a small image: each side at most this many points (DocBook's "Prev"
 *  26 × 11 pt, valgrind's arrows 14 × 16 pt); a picture of the text is larger. */
const NAV_ICON_SIZE_MAX_PT = 36;
/** The arrows stand on the name's row or on the row under it: their tops at most this many of
 *  the name's heights below its bottom (DocBook's: 0.25), their bottoms under its top. */
const NAV_ICON_REACH_LINES = 1;

type AnyBlock = Block | { kind: "table" };

/** Whether a small image stands on the line's row or the row under it. */
function iconBeside(line: Line, icons: readonly Box[]): boolean {
  const height = line.y1 - line.y0;
  for (const icon of icons) {
    if (icon.x1 - icon.x0 > NAV_ICON_SIZE_MAX_PT || icon.y1 - icon.y0 > NAV_ICON_SIZE_MAX_PT) continue;
    if (icon.y1 > line.y0 && icon.y0 < line.y1 + NAV_ICON_REACH_LINES * height) return true;
  }
  return false;
}

/**
 * Makes, in place, the page's first block a paragraph when it is a heading of one line over a
 * heading of a higher rank (a smaller level), with a small image on its row or the row under
 * it: a navigation bar's name over the page's title. A heading over a larger one without
 * arrows beside it (a part's name over a chapter's title) stays.
 */
export function demoteNavigationTitles(blocks: AnyBlock[], icons: readonly Box[]): void {
  if (blocks.length < 2 || icons.length === 0) return;
  const bar = blocks[0];
  const title = blocks[1];
  if (bar.kind !== "heading" || title.kind !== "heading" || bar.lines.length !== 1) return;
  if (title.level >= bar.level || !iconBeside(bar.lines[0], icons)) return;
  blocks[0] = paragraphBlock(bar.lines);
}
