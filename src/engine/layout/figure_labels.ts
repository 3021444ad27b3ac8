// Text drawn inside a framed figure: a diagram's labels ("Quantity of phenomenon", "Mandatory")
// are often set larger and bolder than the body, so the heading rules take them for headings.
// A figure is recognised by its caption below it ("Figure 1 – …"): the short blocks just above
// the caption that sit inside a drawn box (the figure's frame, or a filled shape behind the
// label) are its labels. The Markdown holds no figures, so it holds none of their labels
// either, as for figures drawn without a frame (figure_text.ts). A section heading set just
// above a figure stays: it is outside the figure's drawing. A caption is never a heading.
import type { Line, Rule } from "../model.js";
import { type Block, paragraphBlock } from "./blocks.js";
import { FIGURE_CAPTION } from "./captions.js";
import { figureBoxes, insideFrame } from "./figure_frames.js";
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

export function dropFramedFigureLabels(blocks: AnyBlock[], rules: readonly Rule[], page: { width: number; height: number }, textOf: (lines: readonly Line[]) => string): void {
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
    for (let j = i - 1; j >= 0 && j >= i - FIGURE_LABEL_BLOCKS_MAX; j--) {
      const label = blocks[j];
      if (label.kind !== "heading" && label.kind !== "paragraph") break;
      if (label.kind === "paragraph" && label.running) break;
      if (textOf(label.lines).length > FIGURE_LABEL_CHARS_MAX) break;
      if (!label.lines.every((line) => insideFrame(line, boxes!))) break;
      labels.add(label);
    }
  }
  if (labels.size === 0) return;
  let kept = 0;
  for (const block of blocks) if (!labels.has(block)) blocks[kept++] = block;
  blocks.length = kept;
}
