// texinfo's definitions: a function, variable or constant set on a row of its own with its
// category flush right ("void sha256_update (struct sha256_ctx *ctx, size_t length, const"
// … "[Function]"), its prototype wrapped onto lines indented under it ("uint8_t *data)"), and
// its description indented less below them ("Hash some more data.").
import { type Line, spanPiece } from "../model.js";
import type { ColumnStarts } from "./column_starts.js";
import { appendFragment, lineSize, lineText, makeLine, nearestLeftOnRow, removeLines } from "./lines.js";
import { isBlankText } from "./whitespace.js";

/** A definition's category in brackets, set flush right on its row: the row's last words,
 * whatever the gap up to this many ems, though never across a column's edge. */
const CATEGORY_GAP_EMS_MAX = 40;
const CATEGORY_LABEL = /^\s*\[[A-Z][A-Za-z]+(?: [A-Za-z][\w<>:*&,]*){0,3}\]\s*$/;
/** A category label is a span or three ("[Method on " "Array<T>" "]": a class name in the code face). */
const CATEGORY_SPANS_MAX = 3;
/** A label ending this close to the text's right edge (points) is set flush right there. */
const FLUSH_RIGHT_TOLERANCE = 1.5;

/** Joins each category label to the line left of it on its row, once the row's other
 * fragments are one line (a pass of its own, as the leaders' is, so it goes at the end),
 * and marks that line a definition's head. */
export function joinRowEndCategories(joined: Line[], columns: ColumnStarts): void {
  let taken: Set<Line> | null = null;
  let textRight = -Infinity;
  for (let i = 0; i < joined.length; i++) {
    const label = joined[i];
    // The opening bracket first: every fragment of the page is asked.
    if (label.wmode !== 0 || label.spans.length > CATEGORY_SPANS_MAX || !label.spans[0]?.text.includes("[") || !CATEGORY_LABEL.test(lineText(label))) continue;
    const left = nearestLeftOnRow(joined, i, taken);
    if (!left || label.x0 - left.x1 > CATEGORY_GAP_EMS_MAX * Math.max(lineSize(left), lineSize(label), 1)) continue;
    // Labels of one length start at one x row after row (liboctave's "[Constructor]"), which
    // reads as a column's start: one flush right at the text's edge is its row's end all the same.
    if (textRight === -Infinity) for (const line of joined) textRight = Math.max(textRight, line.x1);
    if (label.x1 < textRight - FLUSH_RIGHT_TOLERANCE && columns.gutterBetween(left, label)) continue;
    appendFragment(left, label);
    left.definition = true;
    (taken ??= new Set()).add(label);
  }
  if (taken) removeLines(joined, taken);
}

/** A line under a definition's head goes on its prototype when indented this many ems
 * past the head's start: texinfo indents a wrapped prototype 4.6 em, the description 2.6. */
const CONTINUATION_INDENT_EMS = 3.5;

/** Whether `line`, right under a definition's head, goes on its prototype. */
export function continuesDefinition(head: Line, line: Line, em: number): boolean {
  return line.x0 >= head.x0 + CONTINUATION_INDENT_EMS * em;
}

/**
 * Moves the head's category to the end of the prototype's last line, so that the prototype
 * reads whole before it ("… const uint8_t *data) [Function]", not "… const [Function]
 * uint8_t *data)"). The lines are the block's own; the head's box shrinks to what is left.
 */
export function moveCategoryToEnd(head: Line, last: Line): void {
  for (let k = head.spans.length - 1, taken = 0; k > 0 && taken < CATEGORY_SPANS_MAX; k--) {
    if (isBlankText(head.spans[k].text)) continue;
    taken++;
    const label = head.spans.slice(k).map((span) => span.text).join("");
    if (!CATEGORY_LABEL.test(label)) continue;
    const category = head.spans.splice(k);
    // The space the joiner set before the label goes with it.
    while (head.spans.length > 1 && isBlankText(head.spans[head.spans.length - 1].text)) head.spans.pop();
    Object.assign(head, makeLine(head.spans, head.wmode));
    const x1 = category[category.length - 1].x1;
    last.spans.push(spanPiece(category[0], " " + label.trim(), category[0].x0, x1));
    last.x1 = Math.max(last.x1, x1);
    return;
  }
}
