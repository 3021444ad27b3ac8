// Step 4, each page: the wrapped tail of a letterhead's foot. furniture.ts drops a foot of
// three fields or more set apart by middle dots, bars or bullets (FOOTER_FIELDS: "Northwind
// Engineering Ltd · Registered in England and Wales No. 08123456 · Registered office: … ·
// VAT"), but a company's registration details run long and wrap: the tail ("No. GB 123 4567
// 89"), centred under it in the same small type, says nothing by itself and had stayed, the
// page's last paragraph a VAT number cut from its label. A line set directly under a dropped
// foot's line, in its size and within its width, alone on its row, is that foot's too.
import type { Line } from "../model.js";

/** The tail starts at most this many of its font sizes under the foot line's bottom: the
 *  foot's own leading (Chromium's 7 pt type: 0.9 pt), never a paragraph's space. */
const WRAP_GAP_SIZES_MAX = 0.6;
/** The two lines' sizes differ by at most this share: one paragraph of small type. */
const SAME_SIZE_SHARE = 0.1;
/** The tail lies within the foot line's left and right edges, give or take this many points
 *  (centred or set flush left under it). */
const WITHIN_WIDTH_SLACK_PT = 2;

/** Whether `tail` is the wrapped continuation of `foot`, a foot line furniture.ts dropped:
 *  directly under it, in its size, within its width. `size` gives a line's font size. */
export function wrapsFoot(tail: Line, foot: Line, size: (line: Line) => number): boolean {
  const footSize = size(foot);
  const tailSize = size(tail);
  if (!(footSize > 0) || Math.abs(tailSize - footSize) > SAME_SIZE_SHARE * footSize) return false;
  const gap = tail.y0 - foot.y1;
  if (gap < -WRAP_GAP_SIZES_MAX * footSize || gap > WRAP_GAP_SIZES_MAX * footSize) return false;
  if (tail.y0 <= foot.y0) return false;
  return tail.x0 >= foot.x0 - WITHIN_WIDTH_SLACK_PT && tail.x1 <= foot.x1 + WITHIN_WIDTH_SLACK_PT;
}
