// Text drawn inside a figure: a diagram's labels ("Quantity of phenomenon", "Mandatory") are
// often set larger and bolder than the body, so the heading rules take them for headings. A
// figure is recognised by its caption below it ("Figure 1 – …"): the short blocks just above
// the caption that sit inside a drawn box (the figure's frame, or a filled shape behind the
// label) are its labels, and are kept as plain paragraphs. A section heading set just above
// a figure stays a heading: it is outside the figure's drawing. A caption is never a heading.
import type { Line, Rule } from "../model.js";
import type { Block } from "./blocks.js";
import { FIGURE_CAPTION } from "./captions.js";
import { lineText } from "./line_joining.js";

/** A block longer than this is text, not a label, and ends the walk up from a caption. */
export const FIGURE_LABEL_CHARS_MAX = 40;
/** Blocks looked through above a caption for its figure's labels. */
const FIGURE_LABEL_BLOCKS_MAX = 30;
/** A drawn box covering more than this share of the page is a page background, not a figure. */
const FIGURE_BOX_PAGE_SHARE_MAX = 0.5;
/** A figure's frame ends at most this many of its caption's ems above the caption. */
const FRAME_CAPTION_GAP_EMS_MAX = 3;
/** Slack around a line's box, in points, when asking whether a drawn box holds it. */
const INSIDE_SLACK_PT = 1;

type AnyBlock = Block | { kind: "table" };

export function demoteFigureLabels(blocks: AnyBlock[], rules: readonly Rule[], page: { width: number; height: number }, textOf: (lines: readonly Line[]) => string): void {
  let boxes: Rule[] | null = null;
  for (let i = 0; i < blocks.length; i++) {
    const caption = blocks[i];
    if (caption.kind !== "heading" && caption.kind !== "paragraph") continue;
    // A caption names its figure on its first line: that line is read, not the whole block
    // (every paragraph of every page comes through here).
    if (!FIGURE_CAPTION.test(lineText(caption.lines[0]).trimStart())) continue;
    if (caption.kind === "heading") blocks[i] = { kind: "paragraph", lines: caption.lines };
    boxes ??= figureBoxes(rules, page);
    if (boxes.length === 0) continue;
    for (let j = i - 1; j >= 0 && j >= i - FIGURE_LABEL_BLOCKS_MAX; j--) {
      const label = blocks[j];
      if (label.kind !== "heading" && label.kind !== "paragraph") break;
      if (label.kind === "paragraph" && label.running) break;
      if (textOf(label.lines).length > FIGURE_LABEL_CHARS_MAX) break;
      if (!label.lines.every((line) => insideFrame(line, boxes!))) break;
      if (label.kind === "heading") blocks[j] = { kind: "paragraph", lines: label.lines };
    }
  }
}

/** Drawn rectangles that could be a figure's frame or a shape behind a label: larger than a
 * rule (both sides over a few points), smaller than the page's background. */
function figureBoxes(rules: readonly Rule[], page: { width: number; height: number }): Rule[] {
  const pageArea = page.width * page.height;
  return rules.filter((r) => {
    const w = r.x1 - r.x0;
    const h = r.y1 - r.y0;
    return w > 4 && h > 4 && w * h < FIGURE_BOX_PAGE_SHARE_MAX * pageArea;
  });
}

/** Whether a drawn box holds the line. */
export function insideFrame(line: Line, boxes: readonly Rule[]): boolean {
  for (const b of boxes) {
    if (line.x0 >= b.x0 - INSIDE_SLACK_PT && line.x1 <= b.x1 + INSIDE_SLACK_PT && line.y0 >= b.y0 - INSIDE_SLACK_PT && line.y1 <= b.y1 + INSIDE_SLACK_PT) return true;
  }
  return false;
}

/** How FIGURE_CAPTION's words start: a line whose first span starts otherwise is not read. */
const CAPTION_INITIAL = /^\s*(?:fig|sch|cha|dia|ill|abb)/i;

/**
 * The drawn frames of the page's figures: a box (figureBoxes) that ends just above a figure
 * caption and spans the caption's centre. The document pass leaves their text out of the
 * style tallies: a diagram's labels, set large and bold, would otherwise make a heading level
 * of their own and push the document's sections down one.
 */
export function figureFrames(lines: readonly Line[], rules: readonly Rule[], page: { width: number; height: number }): Rule[] {
  let boxes: Rule[] | null = null;
  const frames: Rule[] = [];
  for (const line of lines) {
    if (line.spans.length === 0 || !CAPTION_INITIAL.test(line.spans[0].text)) continue;
    if (!FIGURE_CAPTION.test(lineText(line).trimStart())) continue;
    boxes ??= figureBoxes(rules, page);
    const centre = (line.x0 + line.x1) / 2;
    const reach = FRAME_CAPTION_GAP_EMS_MAX * (line.y1 - line.y0);
    for (const box of boxes) {
      if (box.y1 <= line.y0 + INSIDE_SLACK_PT && line.y0 - box.y1 <= reach && box.x0 <= centre && centre <= box.x1 && !frames.includes(box)) frames.push(box);
    }
  }
  return frames;
}
