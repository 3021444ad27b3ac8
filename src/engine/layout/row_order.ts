// Pieces of one row in reading order. Reading order sorts a region's lines by their tops, and
// pieces of one row set in different faces have different tops: a manual's term in a
// typewriter face sits 1.5 pt lower than its definition in a roman one, so the definition
// was read first ("Kill the text from the current cursor position …" | "C-k", octave's
// readline keys). Such a term is put before its definition again.
import type { Line } from "../model.js";
import type { Box } from "./box.js";
import { isRtlText } from "./bidi.js";
import { lineText } from "./lines.js";

/** Two pieces share a row when their bottoms (near the baseline, for text of one size) lie
 * within this share of the shorter's height: overlapping alone is no row (a diagram's label
 * of two lines beside one of one line, a table's cells of several lines). */
const BASELINE_SHARE_MAX = 0.15;

function isLine(item: object): item is Line {
  return "spans" in item;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The face of a line's words: "code", "bold", or "text" for regular or mixed type. */
function face(line: Line): "code" | "bold" | "text" {
  let code = true;
  let bold = true;
  let words = false;
  for (const span of line.spans) {
    // Words decide: a bullet before a term in the code face ("• pdf:obj @name") is no text.
    if (!WORD_CHAR.test(span.text)) continue;
    words = true;
    code &&= span.monospace;
    bold &&= span.bold;
  }
  return !words ? "text" : code ? "code" : bold ? "bold" : "text";
}

/** Whether `later` is a term in its own face (code or bold) left of `earlier`, its definition
 * in running text, on one baseline. Pieces of one face keep the order reading gave them: on
 * a table's or a diagram's row they may be cells or labels of several lines. */
function rowMateLeftOf(later: Line, earlier: Line, overTable: boolean, items: readonly object[]): boolean {
  if (later.x1 > earlier.x0 || later.wmode !== 0 || earlier.wmode !== 0) return false;
  if (overTable && setAsOneRow(later, earlier)) return !isRtlText(lineText(later)) && !isRtlText(lineText(earlier));
  if (numbersFormulaBeside(earlier, later, items)) return true;
  if (labelsEntryBeside(later, earlier)) return true;
  const laterFace = face(later);
  const earlierFace = face(earlier);
  // A line of code left of a bold label on its row goes first too: a browser's "COPY" button
  // set at the right of a listing's last line, its box a hair higher (nodejs's API pages),
  // had cut the listing in two.
  const codeBeforeLabel = laterFace === "code" && earlierFace === "bold";
  if (!codeBeforeLabel && (laterFace === "text" || earlierFace !== "text")) return false;
  if (!onOneBaseline(later, earlier) && !(nestsIn(later, earlier) && face(later) === "code" && LETTER_START.test(lineText(earlier)))) return false;
  // A right-to-left row reads from the right: its order is not left to right.
  return !isRtlText(lineText(later)) && !isRtlText(lineText(earlier));
}

/** A bibliography's label alone, in brackets: "[Nie88a]", "[12]", "[PFT99]". */
const BRACKET_LABEL = /^\s*\[[^[\]]{1,24}\]\s*$/;

/** Whether `label` is a bibliography's label (BRACKET_LABEL) set left of its entry's first
 *  line, on its baseline: set a column's width apart, the two are lines of their own, and when
 *  their tops are equal to print precision the sort's rounding decided which came first
 *  (iodhbwm's alphabetic bibliography: "Friedrich Nietzsche. Sämtliche Werke …" read before
 *  "[Nie88a]", the label then cutting the entry in two). */
function labelsEntryBeside(label: Line, entry: Line): boolean {
  if (!onOneBaseline(label, entry) || !BRACKET_LABEL.test(lineText(label))) return false;
  // An entry's words in running text (a syntax's "[...]" in the code face beside a bracketed
  // metavariable is no entry).
  const text = lineText(entry);
  return face(label) === "text" && face(entry) === "text" && LETTER_START.test(text) && !isRtlText(text);
}

/** A display equation's number, alone on its line: "(2.1)", "(12)", "(A.3)", "(3b)", "(S1)",
 *  "(4′)". Letters alone ("(a)", "(ii)") are an item's label as often, and stay. */
export const EQUATION_NUMBER = /^\s*\((?:[A-Z]{1,2}[.\-]?)?\d{1,3}(?:[.\-–]\d{1,3}){0,2}[a-z]?[′']?\)\s*$/;
/** A formula's line stands on its number's row when their boxes overlap by this share of
 *  the shorter's height at least: the number's box is a little taller than a formula in
 *  italics (technion-thesis' "(2.1)" 1.2 pt higher than "g(y) = y."), and sits level with
 *  the middle line of a formula of three (a fraction's numerator above it and denominator
 *  below, which overlap it less). */
const EQUATION_ROW_OVERLAP_SHARE_MIN = 0.5;

/** Whether `number` is a display equation's number (EQUATION_NUMBER) set right of `formula`,
 *  on its row: reading order sorts by tops, and the number's box, of upright digits and
 *  parentheses, starts higher than most formulas', so the number was read first, a
 *  paragraph of its own before its equation. A number set left of its formula (leqno) is
 *  read first, as it is set. */
function numbersFormulaBeside(number: Line, formula: Line, row: readonly object[]): boolean {
  if (formula.x1 > number.x0 || !onNumbersRow(number, formula)) return false;
  if (!EQUATION_NUMBER.test(lineText(number))) return false;
  const text = lineText(formula);
  if (isRtlText(text)) return false;
  return !BARE_NUMBER.test(text) || formulaLeftOf(number, row);
}

/** A number alone: a formula's digits set apart (a fraction's numerators, cmpj's "12"
 *  under "(2.2)"'s row), or a line's number in the margin left of an equation's number set
 *  left of its formula (aomsample's "5" beside "(55)"), which stays where reading order put
 *  it: the number goes after one only when a line of more than digits stands left of it on
 *  its row. */
export const BARE_NUMBER = /^\s*\d+\s*$/;

/** Whether a line of more than a number stands left of the equation's number on its row. */
function formulaLeftOf(number: Line, row: readonly object[]): boolean {
  for (const item of row) {
    if (item === number || !isLine(item) || item.x1 > number.x0 || !onNumbersRow(number, item)) continue;
    if (!BARE_NUMBER.test(lineText(item))) return true;
  }
  return false;
}

/** Whether `formula`'s box stands on the row of `number`'s (EQUATION_ROW_OVERLAP_SHARE_MIN). */
export function onNumbersRow(number: Box, formula: Box): boolean {
  const overlap = Math.min(number.y1, formula.y1) - Math.max(number.y0, formula.y0);
  const shorter = Math.min(number.y1 - number.y0, formula.y1 - formula.y0);
  return overlap >= EQUATION_ROW_OVERLAP_SHARE_MIN * shorter;
}

/** Boxes whose tops and bottoms differ by no more than this were set on one row: a
 * producer's rounding, not a line set higher (srdp-mathematik's two captions side by side,
 * "mit \setcounter{Antworten}{0}:" and "…{1}:", tops 0.0006 pt apart). */
const ONE_ROW_NOISE_PT = 0.01;

/** Whether two lines stand on one row to a rounding: pieces of one row, whatever their
 * faces, read left to right. Asked only of two lines over a table that reading order reads
 * next (captions side by side over their floats): elsewhere lines on one row are as often
 * two columns' lines that reading order read column by column (an index's entries, a
 * bibliography's), and moving them had reordered 33 documents of the review corpus. */
function setAsOneRow(a: Line, b: Line): boolean {
  return Math.abs(a.y0 - b.y0) <= ONE_ROW_NOISE_PT && Math.abs(a.y1 - b.y1) <= ONE_ROW_NOISE_PT;
}

/** A definition's first word, perhaps after an opening bracket or quote (kpathsea's "(TEX
 *  source, see …)" beside its term 'tex'): a list's bullet or a formula before it is no
 *  definition's. */
const LETTER_START = /^\s*[(\[“‘"']?\p{L}/u;

/** Whether a box lies within another's height: a term in the code face beside a line in a
 *  face of taller ascenders and descenders (uwa-pcf's "\uwapcf@sig@labeloffset" in the margin,
 *  its box's bottom 1.7 pt over its description's in Source Sans). */
function nestsIn(inner: Box, outer: Box): boolean {
  return inner.y0 >= outer.y0 && inner.y1 <= outer.y1;
}

/** Whether two boxes stand on one baseline: their bottoms within BASELINE_SHARE_MAX of the
 *  shorter one's height (also side_stacks.ts's rows). */
export function onOneBaseline(a: Box, b: Box): boolean {
  const shorter = Math.min(a.y1 - a.y0, b.y1 - b.y0);
  return Math.abs(a.y1 - b.y1) <= BASELINE_SHARE_MAX * shorter;
}

/** Puts each line that reading order placed after a piece of its row to its right before it
 * (in place); other items (tables) stay where they are and stop the move. */
export function putRowMatesLeftToRight<T extends object>(items: T[]): void {
  for (let i = 1; i < items.length; i++) {
    // The line that reading order read last of the row is followed by a table.
    const overTable = i + 1 < items.length && !isLine(items[i + 1]);
    let j = i;
    while (j > 0) {
      const later = items[j];
      const earlier = items[j - 1];
      if (!isLine(later) || !isLine(earlier) || !rowMateLeftOf(later, earlier, overTable, items)) break;
      items[j] = earlier;
      items[j - 1] = later;
      j--;
    }
  }
}
