// Text drawn inside a framed figure: a diagram's labels ("Quantity of phenomenon", "Mandatory")
// are often set larger and bolder than the body, so the heading rules take them for headings.
// A figure is recognised by its caption below it ("Figure 1 – …"): the short blocks just above
// the caption that sit inside a drawn box (the figure's frame, or a filled shape behind the
// label) are its labels. The Markdown holds no figures, so it holds none of their labels
// either, as for figures drawn without a frame (figure_text.ts). A section heading set just
// above a figure stays: it is outside the figure's drawing. A caption is never a heading.
import type { Drawing, Line, Mark, PaintedImage, Rule } from "../model.js";
import { type Block, paragraphBlock } from "./blocks.js";
import { type Box, centreInside } from "./box.js";
import { FIGURE_CAPTION } from "./captions.js";
import { boxHolds, figureBoxes, figureFrames, insideFrame } from "./figure_frames.js";
import { lineText } from "./lines.js";
import { isSpaceCode } from "./whitespace.js";

/** A block longer than this is text, not a label, and ends the walk up from a caption. */
export const FIGURE_LABEL_CHARS_MAX = 40;
/** Blocks looked through above a caption for its figure's labels. */
const FIGURE_LABEL_BLOCKS_MAX = 30;

type AnyBlock = Block | { kind: "table" };

/** The letters FIGURE_CAPTION's words start with (Figure, Fig., Scheme, Chart, Diagram,
 *  Illustration, Abbildung, Figura), in lower case: its "i" flag matches them in either case
 *  and no other character outside Unicode mode. */
const FIGURE_WORD_INITIALS = "fscdia";

/** Whether the line's first character after white space is one a figure's word starts
 *  with: most paragraphs are ruled out without their first line's text being built. */
function opensFigureWord(line: Line): boolean {
  for (const span of line.spans) {
    const text = span.text;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      // An ASCII letter's lower case is its code with bit 0x20 set.
      if (!isSpaceCode(c)) return c < 0x80 && FIGURE_WORD_INITIALS.includes(String.fromCharCode(c | 0x20));
    }
  }
  return false;
}

/** What of the page a framed label's box may hold besides the label (boxedAlone). */
export interface FramedPage {
  width: number;
  height: number;
  drawings?: readonly Drawing[];
  marks?: readonly Mark[];
  images?: readonly PaintedImage[];
}

export function dropFramedFigureLabels(blocks: AnyBlock[], rules: readonly Rule[], page: FramedPage, textOf: (lines: readonly Line[]) => string): void {
  let boxes: Rule[] | null = null;
  const labels = new Set<AnyBlock>();
  for (let i = 0; i < blocks.length; i++) {
    const caption = blocks[i];
    if (caption.kind !== "heading" && caption.kind !== "paragraph") continue;
    // A caption names its figure on its first line: that line is read, not the whole block
    // (every paragraph of every page comes through here).
    if (!opensFigureWord(caption.lines[0]) || !FIGURE_CAPTION.test(lineText(caption.lines[0]).trimStart())) continue;
    if (caption.kind === "heading") blocks[i] = paragraphBlock(caption.lines);
    boxes ??= figureBoxes(rules, page);
    if (boxes.length === 0) continue;
    const found: Block[] = [];
    for (let j = i - 1; j >= 0 && j >= i - FIGURE_LABEL_BLOCKS_MAX; j--) {
      const label = blocks[j];
      if (label.kind !== "heading" && label.kind !== "paragraph") break;
      if (label.kind === "paragraph" && label.running) break;
      if (textOf(label.lines).length > FIGURE_LABEL_CHARS_MAX) break;
      if (!label.lines.every((line) => insideFrame(line, boxes!))) break;
      found.push(label);
    }
    // A figure that is one framed line of text and nothing else is that text: it stays.
    if (found.length === 1 && boxedAlone(found[0], caption.lines[0], blocks, rules, page)) continue;
    for (const label of found) labels.add(label);
  }
  if (labels.size === 0) return;
  let kept = 0;
  for (const block of blocks) if (!labels.has(block)) blocks[kept++] = block;
  blocks.length = kept;
}

/**
 * Whether the label, alone above its caption, is a line of text in a box of its own and no
 * figure's label: the box that holds it is the caption's figure's frame (figureFrames: it
 * ends just above the caption), and it holds nothing else, no other rule or box (its own
 * border or fill drawn again over it aside), no drawing, mark or image, no other block's
 * line (technion-thesis' sample figure, "A rectangle" framed over its caption, and revtex's
 * "Test Figure" had been left out). A diagram's boxes each hold a label, and the walk up from
 * its caption finds several; a shape behind a label in a diagram's frame is held by the
 * frame with the rest.
 */
function boxedAlone(label: Block, captionLine: Line, blocks: readonly AnyBlock[], rules: readonly Rule[], page: FramedPage): boolean {
  let holders = 0;
  for (const box of figureFrames([captionLine], rules, page)) {
    if (!label.lines.every((line) => boxHolds(box, line))) continue;
    holders++;
    for (const rule of rules) if (rule !== box && centreInside(rule, box) && !boxHolds(rule, box)) return false;
    if (holdsAny(box, page.drawings) || holdsAny(box, page.marks) || holdsAny(box, page.images)) return false;
    for (const block of blocks) {
      if (block === label || (block.kind !== "heading" && block.kind !== "paragraph")) continue;
      for (const line of (block as Block).lines) if (centreInside(line, box)) return false;
    }
  }
  return holders > 0;
}

/** Whether the box holds the centre of one of the parts. */
function holdsAny(box: Box, parts: readonly Box[] | undefined): boolean {
  if (parts) for (const part of parts) if (centreInside(part, box)) return true;
  return false;
}
