// Step 5, each page, after blocks: a web page's horizontal navigation bar printed over its text.
// A site's header sets its brand and its links on one row, an em or more apart ("Acme
// Engineering" | "Home" | "Blog" | "Careers" | "Open Source" | "About"); no table takes one row,
// so each item became a block of its own: a paragraph each, the brand, set larger and bold, a
// heading over the article's title. A reader sees one bar: its items are one line, in order,
// a middle dot between them (no space alone tells "Open Source" | "About" from "Open" |
// "Source About").
import type { Line } from "../model.js";
import { copyLine, copySpan } from "../model.js";
import type { BlockOrTable } from "./blocks.js";
import { lineText, shareRow } from "./lines.js";
import { paragraphBlock } from "./blocks.js";

/** A bar holds at least this many items (a brand and three links, or four links): a row of
 *  two or three short blocks is a page's running head, a form's labels. */
const NAV_ITEMS_MIN = 4;
/** Each item is a link's few words, at most this many. */
const NAV_ITEM_WORDS_MAX = 3;
/** Neighbouring items stand at least this many ems apart: a row's cells, not words. */
const NAV_ITEM_GAP_EMS_MIN = 1;
/** What a reader reads between two items. */
const NAV_SEPARATOR = "· ";
/** An item ends with no stop, colon or comma: a bar holds names, not a sentence's parts. */
const SENTENCE_PART_END = /[.:;,!?]$/;

/** The block's one line when it is a paragraph or heading of one line, else null. */
function oneLine(block: BlockOrTable): Line | null {
  if (block.kind !== "paragraph" && block.kind !== "heading") return null;
  return block.lines.length === 1 ? block.lines[0] : null;
}

/**
 * Makes, in place, the blocks of one line on the page's top row one paragraph of one line, in
 * their order across the row with NAV_SEPARATOR between them, when there are NAV_ITEMS_MIN or
 * more, each of NAV_ITEM_WORDS_MAX words or fewer ending no sentence part, NAV_ITEM_GAP_EMS_MIN
 * apart, and no block stands above the row: a site's navigation bar.
 */
export function joinNavigationBars(blocks: BlockOrTable[]): void {
  if (blocks.length < NAV_ITEMS_MIN) return;
  // The page's top line among its one-line blocks, and whether any other block stands higher.
  let top: Line | null = null;
  let highest = Infinity;
  for (const block of blocks) {
    if (block.kind === "table") continue;
    const line = oneLine(block);
    const y = block.lines[0].y0;
    if (y < highest) highest = y;
    if (line !== null && (top === null || line.y0 < top.y0)) top = line;
  }
  if (top === null) return;
  const row: { index: number; line: Line }[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const line = oneLine(blocks[i]);
    if (line !== null && shareRow(line, top)) row.push({ index: i, line });
  }
  if (row.length < NAV_ITEMS_MIN) return;
  // Nothing above the bar: the row's top is the page's.
  let rowTop = Infinity;
  for (const { line } of row) rowTop = Math.min(rowTop, line.y0);
  if (highest < rowTop) return;
  row.sort((a, b) => a.line.x0 - b.line.x0);
  for (let k = 0; k < row.length; k++) {
    const line = row[k].line;
    const text = lineText(line).trim();
    if (text === "" || text.split(/\s+/).length > NAV_ITEM_WORDS_MAX || SENTENCE_PART_END.test(text)) return;
    if (k > 0) {
      const before = row[k - 1].line;
      const em = Math.min(line.spans[0]?.size ?? 0, before.spans[0]?.size ?? 0);
      if (line.x0 - before.x1 < NAV_ITEM_GAP_EMS_MIN * em) return;
    }
  }
  const lines = row.map(({ line }, k) => (k === 0 ? line : separated(line)));
  const first = Math.min(...row.map((r) => r.index));
  const bar = paragraphBlock(lines);
  const gone = new Set(row.map((r) => r.index));
  const kept = blocks.filter((_, i) => !gone.has(i) || i === first);
  kept[kept.indexOf(blocks[first])] = bar;
  blocks.splice(0, blocks.length, ...kept);
}

/** A copy of the item's line, NAV_SEPARATOR before its words in a span of its own, plain. */
function separated(line: Line): Line {
  const mark = copySpan(line.spans[0]);
  mark.text = NAV_SEPARATOR;
  mark.bold = mark.italic = mark.monospace = false;
  mark.x1 = mark.x0;
  return copyLine(line, [mark, ...line.spans]);
}
