// Step 5, each page: block quotes drawn as a bar down their left side (a browser's
// `blockquote` with a left border, a README's "Note", a docs site's callout, an e-mail's quoted
// reply). The blocks whose lines stand just right of such a bar are the quote's: the renderer
// writes them after "> ", one "> " for each bar they stand in.
import type { Line, Rule } from "../model.js";
import type { Box } from "./box.js";
import { lineSize, lineText } from "./lines.js";

/** A quote's bar is a drawn rule this wide at least (a hairline is a table's or a frame's)… */
export const QUOTE_BAR_WIDTH_MIN_PT = 1.5;
/** …and this wide at most (wider, it is a swatch or a filled box's edge). */
export const QUOTE_BAR_WIDTH_MAX_PT = 6;
/** A bar is at least this many times as tall as it is wide. */
const QUOTE_BAR_ASPECT_MIN = 3;
/** The quote's text starts within this many of its ems right of the bar (a browser's padding
 *  is about one em). */
export const QUOTE_TEXT_OFFSET_EMS_MAX = 3;
/** Text ending within this many ems left of a bar stands beside it: the bar is a rule between
 *  columns or table cells, not a quote's. */
const BESIDE_TEXT_EMS = 2;
/** A bar runs at most this many of its text's ems above its first line and below its last
 *  (a browser's padding, a callout's). */
const BAR_OVERHANG_EMS_MAX = 1.5;
/** A frame's or a grid's corner: a horizontal rule meets the bar's end within this many points. */
const CORNER_TOLERANCE_PT = 2;
/** A line belongs to the bar's rows when its middle lies within this many points of them. */
const ROW_TOLERANCE_PT = 1;
/** Bars looked at per page, at most: a page of hundreds of thin boxes is a chart. */
export const QUOTE_BARS_PER_PAGE_MAX = 40;

/**
 * The page's quote bars: thin vertical rules with text just right of them, none just left of
 * them, no rule meeting their ends (a frame or a grid), no rule going with them (a frame's
 * other side, a listing's frame drawn line by line), and beside no table; and text of the
 * same column above or below them starting at the bar, so the quote's text is set in from it
 * (a side menu's border down the page has no text of its column elsewhere).
 */
export function findQuoteBars(rules: readonly Rule[], lines: readonly Line[], tables: readonly Box[]): Box[] {
  const bars: Box[] = [];
  let looked = 0;
  for (const rule of rules) {
    const width = rule.x1 - rule.x0;
    if (width < QUOTE_BAR_WIDTH_MIN_PT || width > QUOTE_BAR_WIDTH_MAX_PT || rule.y1 - rule.y0 < QUOTE_BAR_ASPECT_MIN * width) continue;
    if (++looked > QUOTE_BARS_PER_PAGE_MAX) break;
    if (meetsRuleAtEnd(rule, rules) || hasPartner(rule, rules) || tables.some((table) => besideTable(rule, table))) continue;
    if (isQuoteBar(rule, lines)) bars.push(rule);
  }
  return bars;
}

/** Whether a horizontal rule meets the bar's top or bottom: a frame's or a grid's side. */
function meetsRuleAtEnd(bar: Rule, rules: readonly Rule[]): boolean {
  for (const rule of rules) {
    const height = rule.y1 - rule.y0;
    if (rule === bar || height > QUOTE_BAR_WIDTH_MAX_PT || rule.x1 - rule.x0 < QUOTE_BAR_ASPECT_MIN * height) continue;
    if (rule.x0 > bar.x1 + CORNER_TOLERANCE_PT || rule.x1 < bar.x0 - CORNER_TOLERANCE_PT) continue;
    const y = (rule.y0 + rule.y1) / 2;
    if (Math.abs(y - bar.y0) <= CORNER_TOLERANCE_PT || Math.abs(y - bar.y1) <= CORNER_TOLERANCE_PT) return true;
  }
  return false;
}

/**
 * Whether another vertical rule goes with the bar: one as tall right of it (a frame's other
 * side) or one continuing it at the same x (a listing's frame drawn line by line).
 */
function hasPartner(bar: Rule, rules: readonly Rule[]): boolean {
  for (const rule of rules) {
    if (rule === bar || rule.x1 - rule.x0 > QUOTE_BAR_WIDTH_MAX_PT || rule.y1 - rule.y0 < QUOTE_BAR_ASPECT_MIN * (rule.x1 - rule.x0)) continue;
    const sameRows = Math.abs(rule.y0 - bar.y0) <= CORNER_TOLERANCE_PT && Math.abs(rule.y1 - bar.y1) <= CORNER_TOLERANCE_PT;
    if (sameRows && rule.x0 > bar.x1) return true;
    const sameX = Math.abs(rule.x0 - bar.x0) <= CORNER_TOLERANCE_PT;
    if (sameX && (Math.abs(rule.y0 - bar.y1) <= CORNER_TOLERANCE_PT || Math.abs(rule.y1 - bar.y0) <= CORNER_TOLERANCE_PT)) return true;
  }
  return false;
}

function besideTable(bar: Box, table: Box): boolean {
  return bar.y0 < table.y1 && bar.y1 > table.y0 && bar.x1 >= table.x0 - CORNER_TOLERANCE_PT && bar.x0 <= table.x1 + CORNER_TOLERANCE_PT;
}

function inRows(line: Box, bar: Box): boolean {
  const middle = (line.y0 + line.y1) / 2;
  return middle >= bar.y0 - ROW_TOLERANCE_PT && middle <= bar.y1 + ROW_TOLERANCE_PT;
}

function isQuoteBar(bar: Box, lines: readonly Line[]): boolean {
  let top = Infinity;
  let bottom = -Infinity;
  let em = 0;
  let columnElsewhere = false;
  for (const line of lines) {
    const size = lineSize(line);
    if (inRows(line, bar)) {
      // Text beside the bar or across it: a rule between columns or cells, a draft's
      // overfull-box slug at a line's end.
      if (line.x1 >= bar.x0 - BESIDE_TEXT_EMS * size && line.x0 <= bar.x1) return false;
      // A line of words set across the page (a turned label beside a diagram's line is taller than wide).
      if (line.x0 >= bar.x1 && line.x0 <= bar.x1 + QUOTE_TEXT_OFFSET_EMS_MAX * size && line.y1 - line.y0 < line.x1 - line.x0 && WORD.test(lineText(line))) {
        top = Math.min(top, line.y0);
        bottom = Math.max(bottom, line.y1);
        em = Math.max(em, size);
      }
    } else if (line.x0 <= bar.x1 && line.x0 >= bar.x0 - QUOTE_TEXT_OFFSET_EMS_MAX * size && line.x1 > bar.x1 + QUOTE_TEXT_OFFSET_EMS_MAX * size) {
      columnElsewhere = true;
    }
  }
  // The bar runs the height of its text and its padding: a longer one is a drawing's (a
  // diagram's dashed line beside a rotated label, a ruler's tick beside its numbers).
  return columnElsewhere && em > 0 && top - bar.y0 <= BAR_OVERHANG_EMS_MAX * em && bar.y1 - bottom <= BAR_OVERHANG_EMS_MAX * em;
}

/** A line of words: two letters in a row. */
const WORD = /\p{L}{2}/u;

/** How many bars stand left of all of these lines, in their rows (the lines' quote depth), and
 *  where the outermost of them starts: the quote's left edge on the page, left of its text (the
 *  lines' own left edge when in none). The innermost bar stands within a few ems of the text,
 *  each outer one within a few ems of the next (a quoted reply inside a quote). */
export function quoteOf(lines: readonly Line[], bars: readonly Box[]): { depth: number; left: number } {
  if (lines.length === 0 || bars.length === 0) return { depth: 0, left: lines[0]?.x0 ?? 0 };
  const left = bars.filter((bar) => lines.every((line) => inRows(line, bar) && line.x0 >= bar.x1)).sort((a, b) => b.x0 - a.x0);
  const reach = QUOTE_TEXT_OFFSET_EMS_MAX * lineSize(lines[0]);
  let edge = lines[0].x0;
  let depth = 0;
  for (const bar of left) {
    if (edge - bar.x1 > reach) break;
    depth++;
    edge = bar.x0;
  }
  return { depth, left: edge };
}
