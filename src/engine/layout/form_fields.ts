// Step 5, each page: a form's fields drawn between two pieces of text on one row. A form
// sets "Telephone: ________ E-mail: ________" and "☐ Visitor ☐ Winter contract ☐ Yearly
// berth" as pieces of a row, with a fill-in rule or a check box between them; such a row
// reads as one line (gen-handbook-p6), where pieces of a row without one (a contents
// entry and its page number, an option and its description) stay blocks of their own.
import type { Line, Rule } from "../model.js";
import { sortInPlace } from "../sort_in_place.js";

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const isThin = (r: Rule) => r.y1 - r.y0 <= RULE_THICKNESS_MAX || r.x1 - r.x0 <= RULE_THICKNESS_MAX;
const byTop = (a: Rule, b: Rule) => a.y0 - b.y0;

/** A fill-in rule is at least this many ems long ... */
const FILL_IN_EMS_MIN = 2;
/** ... and lies at most this many ems below its row's box. */
const FILL_IN_BELOW_EMS_MAX = 0.3;
/** A check box's side is at most this many times its row's height. */
const BOX_HEIGHT_SHARE_MAX = 1.5;
/** Rules are drawn hairlines at most this thick (points). */
const RULE_THICKNESS_MAX = 2;

/** Whether a fill-in rule or a check box's side lies between two pieces of one row. */
export type FieldBetween = (left: Line, right: Line) => boolean;

export function formFieldsBetween(rules: readonly Rule[]): FieldBetween {
  // Sorted by top edge on the first question (most pages ask none), so a row looks only at
  // rules near its height.
  let sorted: Rule[] | null = null;
  return (left, right) => {
    sorted ??= sortInPlace(rules.filter(isThin), byTop);
    if (sorted.length === 0) return false;
    const y0 = Math.min(left.y0, right.y0);
    const y1 = Math.max(left.y1, right.y1);
    const height = y1 - y0;
    const em = Math.max(1, height);
    const from = firstFrom(sorted, y0 - BOX_HEIGHT_SHARE_MAX * height);
    for (let i = from; i < sorted.length && sorted[i].y0 <= y1 + FILL_IN_BELOW_EMS_MAX * em; i++) {
      const r = sorted[i];
      if (r.x1 <= left.x1 - RULE_THICKNESS_MAX || r.x0 >= right.x0) continue;
      const horizontal = r.y1 - r.y0 <= RULE_THICKNESS_MAX;
      if (horizontal) {
        // A fill-in rule after the left piece, on its baseline or just below it.
        if (r.x0 >= left.x1 - RULE_THICKNESS_MAX && r.x1 - r.x0 >= FILL_IN_EMS_MIN * em && r.y0 >= y0 + height / 2 && r.y0 <= y1 + FILL_IN_BELOW_EMS_MAX * em) return true;
      } else if (r.y1 - r.y0 <= BOX_HEIGHT_SHARE_MAX * height && r.y0 < y1 && r.y1 > y0) {
        // A check box's side, about as tall as the row.
        return true;
      }
    }
    return false;
  };
}

function firstFrom(rules: readonly Rule[], y: number): number {
  let lo = 0;
  let hi = rules.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rules[mid].y0 < y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
