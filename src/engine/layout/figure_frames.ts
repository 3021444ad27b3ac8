// Figures' drawn boxes: the frame around a diagram or the shape behind a label, as the
// figure-label rule (figure_labels.ts) and the document pass's style tally (document_stats.ts)
// both need them. Nothing here reads blocks, so the document pass can use it.
import type { Line, Rule } from "../model.js";
import { FIGURE_CAPTION } from "./captions.js";
import type { Box } from "./box.js";
import { lineText } from "./lines.js";

/** A drawn box covering more than this share of the page is a page background, not a figure. */
const FIGURE_BOX_PAGE_SHARE_MAX = 0.5;
/** A figure's frame ends at most this many of its caption's ems above the caption. */
const FRAME_CAPTION_GAP_EMS_MAX = 3;
/** Slack around a line's box, in points, when asking whether a drawn box holds it. */
export const INSIDE_SLACK_PT = 1;

/** Drawn rectangles that could be a figure's frame or a shape behind a label: larger than a
 * rule (both sides over a few points), smaller than the page's background. */
export function figureBoxes(rules: readonly Rule[], page: { width: number; height: number }): Rule[] {
  const pageArea = page.width * page.height;
  // A loop, not a closure over the page's area: a closure made per call loses its optimised
  // code at each full garbage collection, and was compiled again every few passes.
  const boxes: Rule[] = [];
  for (const r of rules) {
    const w = r.x1 - r.x0;
    const h = r.y1 - r.y0;
    if (w > 4 && h > 4 && w * h < FIGURE_BOX_PAGE_SHARE_MAX * pageArea) boxes.push(r);
  }
  return boxes;
}

/** Whether a drawn box holds the line, within INSIDE_SLACK_PT (glyph boxes round). */
export function boxHolds(box: Box, line: Box): boolean {
  return line.x0 >= box.x0 - INSIDE_SLACK_PT && line.x1 <= box.x1 + INSIDE_SLACK_PT && line.y0 >= box.y0 - INSIDE_SLACK_PT && line.y1 <= box.y1 + INSIDE_SLACK_PT;
}

/** Whether one of the drawn boxes holds the line. */
export function insideFrame(line: Line, boxes: readonly Rule[]): boolean {
  for (const b of boxes) if (boxHolds(b, line)) return true;
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
