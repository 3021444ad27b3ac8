// Step 5, each page, after blocks: a slide's title repeated by the block under it. A beamer
// frame whose one block is titled as the frame is (thubeamer's "Scheduling" in the frame's
// title bar and again on the block's title bar under it, "Results" likewise) came out as the
// same heading twice, one under the other. A reader sees the frame's title once: the block's
// title under it says nothing more and is dropped. Only on a slide (a page wider than tall),
// only the page's first block and the heading right under it, at one level, with one text
// that holds a word: a drawing's two rooms labelled alike, a chart's axis numbers or a
// portrait page's repeated contents title are left alone.
import type { Block, BlockOrTable } from "./blocks.js";
import { lineText } from "./lines.js";

/** A repeated title is a word at least: letters, this many or more. */
const TITLE_LETTERS_MIN = 2;

/** A heading's text, its lines joined, spaces collapsed. */
function headingText(block: Extract<Block, { kind: "heading" }>): string {
  return block.lines.map(lineText).join(" ").replace(/\s+/g, " ").trim();
}

/**
 * Drops, in place, the heading right under a slide's first block when both are headings of
 * one level and one text. `page`: the page's size (a slide is wider than tall).
 */
export function dropRepeatedSlideTitle(blocks: BlockOrTable[], page: { width: number; height: number }): void {
  if (page.width <= page.height || blocks.length < 2) return;
  const [title, under] = blocks;
  if (title.kind !== "heading" || under.kind !== "heading" || title.level !== under.level) return;
  const text = headingText(title);
  if ((text.match(/\p{L}/gu)?.length ?? 0) < TITLE_LETTERS_MIN || headingText(under) !== text) return;
  blocks.splice(1, 1);
}
