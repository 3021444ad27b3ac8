// Step 5, each page, after blocks: a web page's navigation bar printed over its text. DocBook's
// HTML (Debian's FAQ, maint-guide, valgrind's manual) and gtk-doc's (libxslt's reference)
// open each page with a bar naming the page or its book between "Prev", "Up" and "Next"
// arrows drawn as small images, then the page's own title. The bar's name, set bold a little
// over the body, became a heading under the title it stands over ("#### Chapter 3. Choosing a
// Debian distribution" over "# Chapter 3. …", "## Valgrind FAQ" over "# Valgrind Frequently
// Asked Questions"), and where it stands right of the short lines under it, reading order
// read it as a column of its own after them (gtk-doc's "libxslt Reference Manual" after the
// page's title and its summary). It is the bar's text: a paragraph, first on the page.
import type { Line } from "../model.js";
import type { Block } from "./blocks.js";
import { paragraphBlock } from "./blocks.js";
import type { Box } from "./box.js";

/** A navigation arrow is a small image: each side at most this many points (DocBook's "Prev"
 *  26 × 11 pt, valgrind's arrows 14 × 16 pt, gtk-doc's 18 × 18 pt); a picture is larger. */
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

/** The top of a block's first line; a table's blocks have none here (Infinity). */
function topOf(block: AnyBlock): number {
  return block.kind === "table" ? Infinity : block.lines[0].y0;
}

/**
 * Makes, in place, the block at the page's top a paragraph and puts it first, when it is a
 * heading of one line with a small image on its row or the row under it, and the block that
 * stands next below it is a heading of a higher rank (a smaller level): a navigation bar's
 * name over the page's title. A heading over a larger one without arrows beside it (a part's
 * name over a chapter's title) stays.
 */
export function demoteNavigationTitles(blocks: AnyBlock[], icons: readonly Box[]): void {
  if (blocks.length < 2 || icons.length === 0) return;
  let bar = -1;
  let title = -1;
  for (let i = 0; i < blocks.length; i++) {
    const top = topOf(blocks[i]);
    if (bar < 0 || top < topOf(blocks[bar])) {
      title = bar;
      bar = i;
    } else if (title < 0 || top < topOf(blocks[title])) {
      title = i;
    }
  }
  const block = blocks[bar];
  const next = blocks[title];
  if (block.kind !== "heading" || next.kind !== "heading" || block.lines.length !== 1) return;
  if (next.level >= block.level || !iconBeside(block.lines[0], icons)) return;
  blocks.splice(bar, 1);
  blocks.unshift(paragraphBlock(block.lines));
}
