// Step 5, each page: a title slide's subtitle in two centred lines. An Impress title slide
// centres its subtitle's lines under the title ("Results of the first quarter" | "Jonas Berg,
// Operations — 3 March 2025"); converted alone, the wider line is the column's width, and a
// pair of centred lines one of which spans the column is taken for a centred line over a
// paragraph's full line (centred_lines.ts), so the two ran into one. Under a title of their
// face, larger and on their axis, they are the author's lines: a paragraph's line is set
// under no such title (a reference's hanging line "com-" | "puter dependency" stands under
// the reference before it, in the text's size).
import type { Line } from "../model.js";
import type { TextStyle } from "./document_stats.js";

/** The title is set this many times the subtitle's size at least (Impress: 44 pt over 32 pt). */
const TITLE_SIZE_RATIO_MIN = 1.2;
/** The title's centre lies this many of the subtitle's ems from the pair's at most. */
const TITLE_AXIS_EMS_MAX = 0.3;

/** A font's family: its name up to the style after a hyphen or comma ("LiberationSans-Bold"). */
export function familyOf(line: Line): string {
  const font = line.spans[0]?.font ?? "";
  const cut = font.search(/[-,]/);
  return cut < 0 ? font : font.slice(0, cut);
}

/** Whether the column's lines `start` and `start + 1`, on one axis, stand right under a title:
 *  the line before them, larger (TITLE_SIZE_RATIO_MIN), centred on their axis, in their face. */
export function underTitle(column: readonly Line[], styles: readonly TextStyle[], start: number): boolean {
  if (start === 0 || start + 1 >= column.length) return false;
  const title = column[start - 1];
  const size = Math.max(styles[start].size, styles[start + 1].size);
  if (styles[start - 1].size < TITLE_SIZE_RATIO_MIN * size) return false;
  const axis = (column[start].x0 + column[start].x1) / 2;
  if (Math.abs((title.x0 + title.x1) / 2 - axis) > TITLE_AXIS_EMS_MAX * Math.max(1, size)) return false;
  const family = familyOf(title);
  return family !== "" && familyOf(column[start]) === family && familyOf(column[start + 1]) === family;
}
