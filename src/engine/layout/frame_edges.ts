// Step 4, each page: a frame's edge between two fragments of a row. A text frame floated
// beside a paragraph (Writer's frame, a shape holding text) sets its lines on the
// paragraph's baselines, an em or so right of them: read as one row, "The pontoons were
// replaced in" ⇥ "Key figure: 84 % of the berths" became one line, the frame's words inside
// the paragraph's sentence. A fragment inside a drawn box holding two lines or more, beside
// one outside it, both words of prose, is no part of its line.
import type { Drawing, Line, Rule } from "../model.js";
import { boxHolds, INSIDE_SLACK_PT } from "./figure_frames.js";

/** A frame is a drawn box at least this many points on each side (a rule or a dot is none) ... */
const FRAME_SIDE_MIN_PT = 20;
/** ... covering at most this share of the page (a page's or a panel's background is none) ... */
const FRAME_PAGE_SHARE_MAX = 0.25;
/** ... and at least this many times as tall as the fragment inside it: a frame holds lines,
 *  where a highlight behind a word (a mark, a shaded key) is one line tall. */
const FRAME_LINE_HEIGHTS_MIN = 1.8;
/** Boxes looked at per page at most: a chart's many bars are artwork, no frames. */
const FRAMES_MAX = 100;

/** Whether a frame's edge stands between two fragments of a row. */
export type FrameEdgeBetween = (left: Line, right: Line) => boolean;

const NONE: FrameEdgeBetween = () => false;

export function frameEdgesBetween(rules: readonly Rule[], drawings: readonly Drawing[], page: { width: number; height: number }): FrameEdgeBetween {
  const frames: Drawing[] = [];
  const area = FRAME_PAGE_SHARE_MAX * page.width * page.height;
  for (const boxes of [rules, drawings]) {
    for (const b of boxes) {
      const w = b.x1 - b.x0;
      const h = b.y1 - b.y0;
      if (w >= FRAME_SIDE_MIN_PT && h >= FRAME_SIDE_MIN_PT && w * h <= area) frames.push(b);
    }
  }
  if (frames.length === 0 || frames.length > FRAMES_MAX) return NONE;
  return (left, right) => {
    for (const frame of frames) {
      const leftIn = holds(frame, left);
      if (leftIn === holds(frame, right)) continue;
      // The fragment outside lies clear of the frame, across its edge.
      if (leftIn ? right.x0 < frame.x1 - INSIDE_SLACK_PT : left.x1 > frame.x0 + INSIDE_SLACK_PT) continue;
      // Words counted last: a page's frames hold few of its fragments.
      return isProse(left) && isProse(right);
    }
    return false;
  };
}

/** Both fragments are words of prose, three at least, none in a code face: a listing's line
 *  numbers beside its framed code, a diagram's labels by its boxes are read as they were. */
const PROSE_WORDS_MIN = 3;
const WORD = /\p{L}{2,}/gu;

function isProse(line: Line): boolean {
  for (const span of line.spans) if (span.monospace) return false;
  let words = 0;
  for (const span of line.spans) words += span.text.match(WORD)?.length ?? 0;
  return words >= PROSE_WORDS_MIN;
}

function holds(frame: Drawing, line: Line): boolean {
  if (frame.y1 - frame.y0 < FRAME_LINE_HEIGHTS_MIN * (line.y1 - line.y0)) return false;
  return boxHolds(frame, line);
}
