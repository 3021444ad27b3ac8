// A table floated beside the text (a web page's infobox) carries its title on a line of its
// own set over it: "Lake Vänern", bold and centred over the infobox's rows. Reading order puts
// that line by its top, beside the text's first line and so before the paragraph the table
// stands beside; it belongs with the table.
import type { Line } from "../model.js";
import type { Box } from "../layout/box.js";
import { lineSize } from "../layout/lines.js";
import { isBlankText } from "../layout/whitespace.js";

/** A title is set at most this many of its ems above the table's first row (a caption's padding). */
const TITLE_GAP_EMS_MAX = 1;
/** ... and may stand out over the table's edges by this many such ems (the table's border and padding). */
const TITLE_OVERHANG_EMS_MAX = 1;
/** A line centred over the table within this many ems is set as its title. */
const CENTRED_TOLERANCE_EMS = 1;
/** A title larger than the table's text by this many points stands out by its size. */
const LARGER_PT_MIN = 0.5;
/** A title wraps onto this many lines at most ... */
const TITLE_LINES_MAX = 2;
/** ... set in one style, at most this many ems apart (the leading; a page's title over a
 *  left-floated infobox is further off, and larger). */
const TITLE_WRAP_GAP_EMS_MAX = 0.5;
/** Sizes within this many points are one style. */
const SIZE_TOLERANCE_PT = 0.5;
/** A table is floated beside the text when this many lines share its band, on one side of it. */
const LINES_BESIDE_MIN = 2;
/** A rule between a line and the table, running on past the table into the text beside it by
 *  this share of the table's width at least, parts them: the line heads the page. */
const PARTING_RULE_REACH_SHARE_MIN = 0.5;

/** A horizontal rule: `pos` its y, from `a` to `b` (tables/rulings.ts). */
export interface HorizontalRule {
  pos: number;
  a: number;
  b: number;
}

/**
 * The title lines set directly over a table floated beside the text, top to bottom: lines
 * within the table's width, each bold, larger than the table's text or centred over it, the
 * lowest at most an em over the table, none but the title between, and any line on the title's
 * row on the text's side. Empty when the table stands beside no text, or beside text on both
 * sides (a table in its column keeps its caption where reading order puts it), or has no such
 * line over it. `centredOnly` asks for a title centred over the table and bold or larger (where
 * the lines looked through are the whole page's, and a heading over the table at its left edge
 * is the section's, a list's item over it the list's). A line with a rule under it, between it
 * and the table, that runs on into the text beside the table is no title (`rules`: a page
 * title's underline over an infobox floated left).
 */
export function sideTableTitle(table: Box & { rows: { lines: Line[] }[][] }, lines: readonly Line[], centredOnly = false, rules: readonly HorizontalRule[] = []): Line[] {
  const side = textSide(table, lines);
  if (side === null) return [];
  const tableSize = tableTextSize(table);
  const title: Line[] = [];
  let top = table.y0;
  while (title.length < TITLE_LINES_MAX) {
    const above = nearestAbove(lines, top, table);
    if (!above || !isTitleLine(above, table, tableSize, centredOnly) || !rowBesideOnSide(above, table, side, lines)) break;
    if (title.length === 0 ? top - above.y1 > TITLE_GAP_EMS_MAX * lineSize(above) || ruledOff(above, table, side, rules) : !wrapsOnto(above, title[0])) break;
    title.unshift(above);
    top = above.y0;
  }
  return title;
}

type Side = "left" | "right";

function sideOf(line: Line, table: Box): Side | null {
  if (line.x1 <= table.x0) return "left";
  if (line.x0 >= table.x1) return "right";
  return null;
}

/** The side the text beside a floated table runs on: enough lines sharing its band, all on
 *  one side of it (a table with text on both sides stands between columns, a form's boxes). */
function textSide(table: Box, lines: readonly Line[]): Side | null {
  let side: Side | null = null;
  let count = 0;
  for (const line of lines) {
    if (line.y0 >= table.y1 || line.y1 <= table.y0) continue;
    const at = sideOf(line, table);
    if (at === null) continue;
    if (side !== null && at !== side) return null;
    side = at;
    count++;
  }
  return count >= LINES_BESIDE_MIN ? side : null;
}

/** Whether the lines sharing a title's row all stand on the text's side of the table (a
 *  form's row of fields runs on both sides of whatever box is under one of them). */
function rowBesideOnSide(title: Line, table: Box, side: Side, lines: readonly Line[]): boolean {
  for (const line of lines) {
    if (line === title || line.y0 >= title.y1 || line.y1 <= title.y0) continue;
    if (sideOf(line, table) !== side) return false;
  }
  return true;
}

/** The size most of the table's characters are set in. */
function tableTextSize(table: { rows: { lines: Line[] }[][] }): number {
  const chars = new Map<number, number>();
  for (const row of table.rows) {
    for (const cell of row) {
      for (const line of cell.lines) {
        for (const span of line.spans) {
          if (isBlankText(span.text)) continue;
          const size = Math.round(span.size * 2) / 2;
          chars.set(size, (chars.get(size) ?? 0) + span.text.length);
        }
      }
    }
  }
  let best = 0;
  let bestCount = -1;
  for (const [size, count] of chars) {
    if (count > bestCount) {
      best = size;
      bestCount = count;
    }
  }
  return best;
}

/** The lowest line ending above `top` that overlaps the table's width. */
function nearestAbove(lines: readonly Line[], top: number, table: Box): Line | null {
  let best: Line | null = null;
  for (const line of lines) {
    if (line.y1 > top || line.x1 <= table.x0 || line.x0 >= table.x1) continue;
    if (!best || line.y1 > best.y1) best = line;
  }
  return best;
}

function isTitleLine(line: Line, table: Box, tableSize: number, centredOnly: boolean): boolean {
  const em = lineSize(line);
  const overhang = TITLE_OVERHANG_EMS_MAX * tableSize;
  if (line.x0 < table.x0 - overhang || line.x1 > table.x1 + overhang) return false;
  const bold = isBold(line);
  const larger = em >= tableSize + LARGER_PT_MIN;
  const centred = Math.abs((line.x0 + line.x1) / 2 - (table.x0 + table.x1) / 2) <= CENTRED_TOLERANCE_EMS * em;
  return centredOnly ? centred && (bold || larger) : bold || larger || centred;
}

function isBold(line: Line): boolean {
  const spans = line.spans.filter((span) => !isBlankText(span.text));
  return spans.length > 0 && spans.every((span) => span.bold);
}

/** Whether a rule under the line, over the table, runs across the table and on into the text
 *  on its side by PARTING_RULE_REACH_SHARE_MIN of the table's width. */
function ruledOff(line: Line, table: Box, side: Side, rules: readonly HorizontalRule[]): boolean {
  const reach = PARTING_RULE_REACH_SHARE_MIN * (table.x1 - table.x0);
  return rules.some((rule) => rule.pos >= (line.y0 + line.y1) / 2 && rule.pos <= table.y0 && rule.a < table.x1 && rule.b > table.x0 && (side === "right" ? rule.b >= table.x1 + reach : rule.a <= table.x0 - reach));
}

/** Whether `above` is a title's first line wrapped onto `below`: one style, at the leading. */
function wrapsOnto(above: Line, below: Line): boolean {
  const em = lineSize(below);
  return Math.abs(lineSize(above) - em) < SIZE_TOLERANCE_PT && isBold(above) === isBold(below) && below.y0 - above.y1 <= TITLE_WRAP_GAP_EMS_MAX * em;
}
