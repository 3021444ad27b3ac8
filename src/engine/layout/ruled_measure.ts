// A column's measure from the rules drawn in it. The blocks step takes a column's right edge
// from its widest line, which a column of short lines never fills: a CV's sidebar ("Swedish
// (native)" | "English (fluent)" | "German (good)" under "Languages") had its measure from its
// widest bullet item, left each line too little room for the next line's first word, and read
// its three languages as one wrapped line. A rule drawn from the column's left edge under one
// of its headings (a browser's heading border, a report's section rule) shows the measure.
import type { Box } from "./box.js";
import type { Line } from "../model.js";

/** A rule this thin or thinner is a line drawn across the column, not a shape. */
const MEASURE_RULE_HEIGHT_PT_MAX = 2;
/** It starts within this many points of the column's left edge and of the line over it ... */
const MEASURE_RULE_START_PT = 2;
/** ... lies under that line by at most this share of the line's height (a heading's border) ... */
const MEASURE_RULE_UNDER_LINE_SHARE_MAX = 0.6;
/** ... which is at most this share of the rule's length: a short head over a rule across the
 *  column, not a table's header row over its rule nor a page's running head over its own. */
const MEASURE_HEAD_SHARE_MAX = 0.5;
/** The rule reaches at most this many times the column's width from its left edge (a page-wide
 *  rule over a narrow column is the page's, not the column's). */
const MEASURE_RULE_WIDTH_RATIO_MAX = 2;

/** The thin horizontal rules of a page that may show a column's measure. */
export function measureRules(rules: readonly Box[]): Box[] {
  const out: Box[] = [];
  for (const r of rules) if (r.y1 - r.y0 <= MEASURE_RULE_HEIGHT_PT_MAX && r.x1 - r.x0 > r.y1 - r.y0) out.push(r);
  return out;
}

/** The column's right edge: `right` (its widest line's), or further right to the end of the
 *  widest rule drawn under one of its short lines from the column's left edge: a heading's
 *  border across the column (see the constants above). */
export function ruledRight(column: readonly Line[], left: number, right: number, rules: readonly Box[]): number {
  if (rules.length === 0 || column.length === 0) return right;
  let measure = right;
  for (const r of rules) {
    if (Math.abs(r.x0 - left) > MEASURE_RULE_START_PT || r.x1 <= measure || r.x1 - left > MEASURE_RULE_WIDTH_RATIO_MAX * (right - left)) continue;
    if (headOver(column, r)) measure = r.x1;
  }
  return measure;
}

/** Whether a short line of the column, starting where the rule starts, stands right over it,
 *  alone on its row: a table's header cells over their rule (unimath-symbols' "USV" | "L" | …
 *  read as lines) are no heading. */
function headOver(column: readonly Line[], rule: Box): boolean {
  for (const line of column) {
    const height = line.y1 - line.y0;
    if (rule.y0 < line.y1 - MEASURE_RULE_HEIGHT_PT_MAX || rule.y0 > line.y1 + MEASURE_RULE_UNDER_LINE_SHARE_MAX * height) continue;
    if (Math.abs(line.x0 - rule.x0) > MEASURE_RULE_START_PT || line.x1 - line.x0 > MEASURE_HEAD_SHARE_MAX * (rule.x1 - rule.x0)) continue;
    if (!hasRowMate(column, line, rule)) return true;
  }
  return false;
}

/** Whether another line of the column stands on `line`'s row over the rule. */
function hasRowMate(column: readonly Line[], line: Line, rule: Box): boolean {
  for (const other of column) if (other !== line && other.y0 < line.y1 && other.y1 > line.y0 && other.x1 > rule.x0 && other.x0 < rule.x1) return true;
  return false;
}
