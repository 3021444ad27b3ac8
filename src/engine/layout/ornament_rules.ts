// A rule set in type: a run of the dingbat vertical bars ❘ ❙ ❚ (U+2758–U+275A) laid across a
// page as an ornament. Free Culture closes each front-matter page with a "barcode" of them,
// and each came out as a paragraph of 70 bar characters. It says nothing to a reader and goes
// before layout, as a drawn rule does.
import type { Line } from "../model.js";
import { shareRow } from "./lines.js";

/** The ornament's characters: LIGHT, MEDIUM and HEAVY VERTICAL BAR of the Dingbats block. */
const ORNAMENT_BAR_FIRST = 0x2758;
const ORNAMENT_BAR_LAST = 0x275a;

/** A line of this many bars at least is an ornament: fewer may be a symbol shown in a table of
 *  dingbats or a rating ("❚❚❚ of 5"), which is text. */
const ORNAMENT_BARS_MIN = 8;

function isOrnamentBar(c: number): boolean {
  return c >= ORNAMENT_BAR_FIRST && c <= ORNAMENT_BAR_LAST;
}

/** The number of bars in a line of bars and spaces alone; 0 for any other line. */
function ornamentBars(line: Line): number {
  let bars = 0;
  for (const span of line.spans) {
    const text = span.text;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      if (isOrnamentBar(c)) bars++;
      else if (c !== 0x20 && c !== 0xa0 && c !== 0x09) return 0;
    }
  }
  return bars;
}

/** Whether the line's first character is a bar: the cheap test that lets all other lines by. */
function startsWithBar(line: Line): boolean {
  const text = line.spans[0]?.text;
  return text !== undefined && isOrnamentBar(text.charCodeAt(0));
}

/**
 * The page's lines less its ornament rules (the same array where it has none): lines of
 * ORNAMENT_BARS_MIN bars at least, with the shorter pieces of bars on their row (the text
 * extractor cut Free Culture's rule in two where its bars stand apart).
 */
export function withoutOrnamentRules(lines: readonly Line[]): readonly Line[] {
  let rules: Line[] | null = null;
  for (const line of lines) if (startsWithBar(line) && ornamentBars(line) >= ORNAMENT_BARS_MIN) (rules ??= []).push(line);
  if (rules === null) return lines;
  const ornaments = rules;
  return lines.filter((line) => !(startsWithBar(line) && ornamentBars(line) > 0 && ornaments.some((rule) => rule === line || shareRow(rule, line))));
}
