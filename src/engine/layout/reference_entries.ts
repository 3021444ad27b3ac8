// A bibliography's entries, each a paragraph set with a hanging indent: its label ("[12]", or
// a raised number as revtex's aip style sets it, "¹²") hangs left of the entry's text, and the
// entry's later lines go on under that text. blocks.ts startsNewBlock asks these two questions
// of a line: does it go on the entry above (hangsUnderEntryLabel), and does it start the next
// entry (startsReferenceEntry). Both read the label's place on the line, not what the line
// before ended with: an entry breaks after a quotation's closing mark (`… computer art,”` |
// "Vernier Art Center, …") or a year ("… 12-16 May 2005" | "(Wiley, New York, 2001) …") as
// readily as after a word.
import type { Line } from "../model.js";
import { lineText, textSpanFrom } from "./lines.js";
import { startsWithFootnoteMark } from "./superscripts.js";
import { firstInkedUnit } from "./whitespace.js";

/** A numbered reference's label: "[12] " (a number in brackets, then a space). */
const NUMBERED_REFERENCE_LABEL = /^\s*\[(\d{1,4})\]\s+/;

/** Whether the text's first character that is no white space is an opening square bracket,
 *  as NUMBERED_REFERENCE_LABEL starts (isSpaceCode is \s's white space and trimStart's): read
 *  by code, without the pattern or a trimmed copy. */
function startsWithBracket(text: string): boolean {
  return firstInkedUnit(text) === LEFT_SQUARE_BRACKET;
}
const LEFT_SQUARE_BRACKET = 0x5b;

/**
 * How far right of where the label's text is estimated to start (in ems) an entry's hanging
 * line may start. The estimate (the label's characters' share of the line's span) runs right of
 * the truth where the label sits in a box of the widest label's width and the line is justified:
 * apssamp's "[33] J. C. Knvth, …" put its text 5.3 pt (0.6 em) right of where its next line
 * hangs.
 */
const LABEL_TEXT_TOLERANCE_EMS = 0.5;

/** How much further left than the entry tail above it (in ems) a labelled line must start to be
 *  the next entry hanging its label in the margin. */
const LABEL_OUTDENT_EMS_MIN = 0.8;

/**
 * Whether `line`, set in from the first line of an entry (`prev`, the only line of its block so
 * far, which ran full width), hangs under that entry's text: right of the entry's label and no
 * further right than where the label's text starts. The label is a number in brackets, or a
 * raised mark whose text span starts where the hanging lines do (aip's "¹⁷Y. Burstyn, …" over
 * "(2004), (unpublished).").
 */
export function hangsUnderEntryLabel(prev: Line, prevText: string, line: Line, em: number, xAfterChars: (line: Line, count: number) => number): boolean {
  if (line.x0 <= prev.x0) return false;
  const label = NUMBERED_REFERENCE_LABEL.exec(prevText);
  if (label !== null) return line.x0 <= xAfterChars(prev, label[0].length) + LABEL_TEXT_TOLERANCE_EMS * em;
  if (!startsWithFootnoteMark(prev)) return false;
  const spans = prev.spans;
  const text = textSpanFrom(spans, textSpanFrom(spans, 0, 1) + 1, 1);
  return text < spans.length && Math.abs(line.x0 - spans[text].x0) <= LABEL_TEXT_TOLERANCE_EMS * em;
}

/**
 * Whether `line` starts the next numbered entry of a bibliography whose entry the block
 * (`blockLines`) is: the line's label numbers one more than the block's first line's, at that
 * line's x (single-line entries "[25] Y. M. Zalkins, …" | "[26] J. Nelson, …" had run into one
 * paragraph), or the block is the tail of an entry begun in another column or on another page,
 * its lines at the x where this line's text starts, and this line's label hangs left of them
 * (apssamp's "… is a relative classic" | "[3] E. Beutler, in Williams Hematology, …").
 */
export function startsReferenceEntry(blockLines: readonly Line[], line: Line, text: string, em: number, xAfterChars: (line: Line, count: number) => number): boolean {
  // The bracket first: startsNewBlock asks every pair of lines, and few start with one.
  if (!startsWithBracket(text)) return false;
  const label = NUMBERED_REFERENCE_LABEL.exec(text);
  if (label === null) return false;
  const first = blockLines[0];
  const firstLabel = NUMBERED_REFERENCE_LABEL.exec(lineText(first));
  if (firstLabel !== null) return Number(label[1]) === Number(firstLabel[1]) + 1 && Math.abs(line.x0 - first.x0) <= LABEL_TEXT_TOLERANCE_EMS * em;
  if (line.x0 > first.x0 - LABEL_OUTDENT_EMS_MIN * em || first.x0 > xAfterChars(line, label[0].length) + LABEL_TEXT_TOLERANCE_EMS * em) return false;
  for (const other of blockLines) if (Math.abs(other.x0 - first.x0) > LABEL_TEXT_TOLERANCE_EMS * em) return false;
  return true;
}

/**
 * Whether `line` goes on the entry the block (`blockLines`) is: its first line starts with a
 * numbered label ("[3] "), `line` hangs under that label's text (hangsUnderEntryLabel) and so
 * do all the block's lines after the first, wherever the line above ended. Beamer sets a
 * bibliography ragged right, so an entry's lines fall short of the frame's edge mid-entry and
 * after a colon (thubeamer's "[3] McMahan W, … Design and" | "Implementation of a
 * Multi-section Continuum Robot:" | "Air-Octor[C] // … 2005 :" | "2578-2585." had split at
 * every line). A line that starts with a label of its own is none of it.
 */
export function goesOnUnderEntryLabel(blockLines: readonly Line[], line: Line, text: string, em: number, xAfterChars: (line: Line, count: number) => number): boolean {
  // Asked of every pair of lines: the cheap tests first, and only the block's second and last
  // lines measured (a page of thousands of lines in one block had run over its time budget).
  const first = blockLines[0];
  if (line.x0 <= first.x0 || first.spans.length === 0 || !startsWithBracket(first.spans[0].text)) return false;
  const firstText = lineText(first);
  if (!NUMBERED_REFERENCE_LABEL.test(firstText) || NUMBERED_REFERENCE_LABEL.test(text)) return false;
  if (!hangsUnderEntryLabel(first, firstText, line, em, xAfterChars)) return false;
  const tolerance = LABEL_TEXT_TOLERANCE_EMS * em;
  if (blockLines.length > 1 && (Math.abs(blockLines[1].x0 - line.x0) > tolerance || Math.abs(blockLines[blockLines.length - 1].x0 - line.x0) > tolerance)) return false;
  return true;
}
