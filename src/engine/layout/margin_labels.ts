// Step 6, each column, before its blocks are built (blocks.ts): a numbered listing's names in
// the margin. ltxdoc's macro environment sets the name of each macro the code defines flush
// right in the left margin, level with the code's line or, when the code opens with a skip, a
// line above it; several names stack one under another beside the listing's first lines
// (afparticle's "\@xp" | "\@ifnotempty" beside "8 \let\@xp=\expandafter"). Read by row, each
// name was a line of the listing: the code block's lines were pushed right by the margin's
// width, and a name stood between two lines of code. The names come before the listing as a
// paragraph of their own (each in the code face), and the listing's block starts after them.
import type { Line } from "../model.js";
import { isNumberedListingLine } from "./numbered_listings.js";
import { isBlankText } from "./whitespace.js";

/** Points a margin's name may reach past the left edge of the listing beside it (rounding). */
const MARGIN_LABEL_SLACK_PT = 1;
/** White space between two characters: a name is one word. */
const HAS_INNER_SPACE = /\s/;

/**
 * Whether `label` is a listing's name in the margin beside `line`, a numbered listing's line:
 * one word in the code face, all of it left of where the listing's line starts.
 */
export function isMarginLabelBeside(label: Line, line: Line): boolean {
  if (label.x1 > line.x0 + MARGIN_LABEL_SLACK_PT || label.x0 >= line.x0) return false;
  let words = 0;
  for (const span of label.spans) {
    if (isBlankText(span.text)) continue;
    if (!span.monospace || HAS_INNER_SPACE.test(span.text.trim())) return false;
    words++;
  }
  return words === 1 && isNumberedListingLine(line);
}

/** A column's lines in reading order, and which of them are a listing's names in the margin. */
export interface LabelledColumn {
  column: readonly Line[];
  labels: ReadonlySet<Line>;
}

const NO_LABELS: ReadonlySet<Line> = new Set();

/**
 * The column with each stack of the margin's names moved before the listing's line level with
 * the stack's first name, in their order, and the names; the column itself when no name stands
 * after that line (most columns: no line starts with a listing's number).
 */
export function marginLabelsFirst(column: readonly Line[]): LabelledColumn {
  let moved: Line[] | null = null;
  let labels: Set<Line> | null = null;
  // The stack's last name and where the next name of the stack goes, in `moved` (or the column).
  let last: Line | null = null;
  let insertAt = -1;
  // The listing's line the stack stands beside.
  let anchor: Line | null = null;
  for (let i = 0; i < column.length; i++) {
    const line = column[i];
    const at = moved ? moved.length : i;
    if (anchor !== null && last !== null && stacksUnder(line, last) && isMarginLabelBeside(line, anchor)) {
      // The stack goes on under its last name, between the listing's lines.
      if (insertAt !== at) {
        moved ??= column.slice(0, i);
        moved.splice(insertAt, 0, line);
      } else moved?.push(line);
      insertAt++;
      last = line;
      labels?.add(line);
      continue;
    }
    if (anchor !== null && isNumberedListingLine(line)) {
      // The listing goes on beside the stack.
      moved?.push(line);
      continue;
    }
    last = null;
    anchor = null;
    const before = i > 0 ? (moved ? moved[moved.length - 1] : column[i - 1]) : null;
    const next = i + 1 < column.length ? column[i + 1] : null;
    if (before !== null && isLevel(line, before) && isMarginLabelBeside(line, before)) {
      // The stack's first name, sorted after the listing's line it is level with.
      moved ??= column.slice(0, i);
      moved.splice(at - 1, 0, line);
      (labels ??= new Set()).add(line);
      last = line;
      anchor = before;
      insertAt = at;
    } else if (next !== null && isMarginLabelBeside(line, next)) {
      labels ??= new Set();
      labels.add(line);
      // Names of the stack above it, already before the listing.
      const read = moved ?? column;
      for (let k = at - 1, upper = line; k >= 0 && stacksUnder(upper, read[k]) && isMarginLabelBeside(read[k], next); k--) {
        labels.add(read[k]);
        upper = read[k];
      }
      last = line;
      anchor = next;
      insertAt = at + 1;
      moved?.push(line);
    } else moved?.push(line);
  }
  return { column: moved ?? column, labels: labels ?? NO_LABELS };
}

/** Boxes overlapping vertically by this share of the shorter one are level. */
const LEVEL_OVERLAP_SHARE = 0.5;

function isLevel(a: Line, b: Line): boolean {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return overlap >= LEVEL_OVERLAP_SHARE * Math.min(a.y1 - a.y0, b.y1 - b.y0);
}

/** `line` stands right under `above` in a stack of names: its top within a line's height of
 *  the other's bottom. */
function stacksUnder(line: Line, above: Line): boolean {
  const gap = line.y0 - above.y1;
  return gap > -LEVEL_OVERLAP_SHARE * (above.y1 - above.y0) && gap < above.y1 - above.y0;
}
