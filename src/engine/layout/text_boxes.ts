// Step 5, each page, after blocks: a few large words in a small drawn box. An office template
// sets a placeholder in a filled shape ("Put your" / "LOGO" / "here" in a box at the top right
// of LibreOffice's business letter), each line larger than the body and so a heading of its
// own, three headings for one phrase. Headings alone in one small box, holding no other text,
// short together, are the box's words: one paragraph. A title over a box's text (a tip's
// "Note" over its sentence) is no such run: a paragraph among the blocks ends it.
import type { Drawing, Line, Rule } from "../model.js";
import { type Block, paragraphBlock } from "./blocks.js";
import { boxHolds, figureBoxes } from "./figure_frames.js";
import { overlaps } from "./box.js";

/** The box is at most this share of the page's width: a shape beside the text, not a band or
 *  a panel across the page. */
const TEXT_BOX_WIDTH_SHARE_MAX = 0.3;
/** Its headings hold this many characters at most together: a phrase, not a sidebar. */
const TEXT_BOX_CHARS_MAX = 40;
/** Two headings at least: one heading in a box is a title on a shaded band. */
const TEXT_BOX_HEADINGS_MIN = 2;
type AnyBlock = Block | { kind: "table" };

/** Joins, in place, each run of headings that is all a small drawn box holds into one paragraph. */
export function joinBoxedHeadings(blocks: AnyBlock[], rules: readonly Rule[], drawings: readonly Drawing[], page: { width: number; height: number }, textOf: (lines: readonly Line[]) => string): void {
  let boxes: Drawing[] | null = null;
  for (let i = 0; i < blocks.length; i++) {
    const first = blocks[i];
    if (first.kind !== "heading") continue;
    // A shape's outline that does not start at a corner (LibreOffice's starts mid-edge) is
    // no rectangle to the extractor: a drawing, its box the same.
    boxes ??= [...figureBoxes(rules, page), ...drawings].filter((b) => b.x1 - b.x0 <= TEXT_BOX_WIDTH_SHARE_MAX * page.width);
    if (boxes.length === 0) return;
    const box = boxes.find((b) => first.lines.every((line) => boxHolds(b, line)));
    if (box === undefined) continue;
    let end = i + 1;
    while (end < blocks.length) {
      const next = blocks[end];
      if (next.kind !== "heading" || !next.lines.every((line) => boxHolds(box, line))) break;
      end++;
    }
    if (end - i < TEXT_BOX_HEADINGS_MIN) continue;
    const lines: Line[] = [];
    for (let k = i; k < end; k++) lines.push(...(blocks[k] as Block).lines);
    if (textOf(lines).length > TEXT_BOX_CHARS_MAX) continue;
    // The run is all the box holds: no other block's line lies in it.
    let alone = true;
    for (let k = 0; k < blocks.length && alone; k++) {
      const other = blocks[k];
      if ((k >= i && k < end) || other.kind === "table") continue;
      if (other.lines.some((line) => overlaps(box, line))) alone = false;
    }
    if (!alone) continue;
    blocks.splice(i, end - i, paragraphBlock(lines));
  }
}
