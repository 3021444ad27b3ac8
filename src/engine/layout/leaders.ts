// Dot leaders: the dots ("Introduction ........ 5", ". . . . ." or "……") that lead the eye
// across a contents page or an index to a page number. Five dots at least, so an ellipsis
// and the period after it ("wait....") are not one.
import type { Line } from "../model.js";

/** An entry of a contents page or an index: a title, a dot leader and a page number, or an
 * index's list of them ("cat . . . . 4, 27", "close . . . 22–26"). */
const LEADER_PAGE_END = /(?:(?:\.\s?){4,}\.|…(?:\s?…)+)\s*(?:\d{1,5}|[ivxlcdm]{1,6})(?:\s*[,–-]\s*(?:\d{1,5}|[ivxlcdm]{1,6})){0,20}\s*$/i;

export function isContentsEntryText(text: string): boolean {
  return LEADER_PAGE_END.test(text);
}

/** A contents entry: a line the joiner marked (a page number set flush right with no leader,
 * line_joining.ts), or isContentsEntryText of the line's text. */
export function isContentsEntryLine(line: Line, text: string): boolean {
  return line.contentsEntry === true || isContentsEntryText(text);
}

/** isContentsEntryLine, the text built only for a line that has the dots and ends in a digit
 * or a letter (every line of every page is asked). */
export function isContentsEntry(line: Line): boolean {
  if (line.contentsEntry === true) return true;
  const spans = line.spans;
  if (spans.length === 0) return false;
  let last = spans[spans.length - 1].text;
  for (let k = spans.length - 2; k >= 0 && last.trim() === ""; k--) last = spans[k].text;
  const end = last.trimEnd();
  if (end === "" || !/[\divxlcdm]$/i.test(end)) return false;
  // Dots in some span before the line's text is built: most lines ending in a letter have none.
  if (!spans.some((span) => span.text.includes("..") || span.text.includes(". .") || span.text.includes("…"))) return false;
  return LEADER_PAGE_END.test(spans.map((span) => span.text).join(""));
}
