// Line numbers in a page's margins: a manuscript under review (lineno, AASTeX's and acmart's
// review modes, most journals' submission templates), pleading paper, a numbered draft. They
// number the page's lines, not its text, and are left out at layout, as a watermark is
// (page_layout.ts): kept, they were read as paragraphs of their own between the text's lines
// ("12" | "This example manuscript …" | "13"), cut every paragraph and table they stood beside,
// and MuPDF built the left margin's numbers into the lines beside them ("118 any ACM …").
import { type Line, lineLike, type Span } from "../model.js";
import { textSpanFrom } from "./lines.js";
import { isBlankText, isSpaceCode } from "./whitespace.js";
import { sortInPlace } from "../sort_in_place.js";

/** A margin holds at least this many numbers ... */
export const LINE_NUMBERS_MIN = 5;
/** ... each of at most this many digits ... */
const LINE_NUMBER = /^\s*\d{1,5}\s*$/;
/** ... aligned on one edge, within this many points ... */
const EDGE_TOLERANCE_PT = 1.5;
/** ... rising down the page, by one step (LINE_NUMBER_STEPS) at this share of the rises at
 *  least ... */
const UNIT_STEP_SHARE_MIN = 0.5;
/** ... standing clear of every other piece of text on the page by this many points: in the
 *  left margin everything else starts right of them (a table's row numbers have text at their
 *  left) ... */
const MARGIN_GAP_MIN_PT = 4;
/** ... and elsewhere (the right margin, a gutter), set smaller than the text, at most this
 *  share of its size: a contents page's page numbers, rising one a chapter right of their
 *  entries, are its size. */
const RIGHT_MARGIN_SIZE_RATIO_MAX = 0.8;
/** A column that numbers every fifth line, each number a multiple of FIFTH_LINE_STEP (a bill's
 *  line numbers, ukbill's "5", "10", … "35" right of the text), may be set larger, up to this
 *  share of the text's size (10 pt beside 12 pt): a contents page's page numbers rise by other
 *  steps, and are the text's size. */
const FIFTHS_SIZE_RATIO_MAX = 0.85;
const FIFTH_LINE_STEP = 5;

/** A number that may be a line number: a whole line, or the first or last span of a line
 *  MuPDF built out of it and the text line beside it. */
interface Piece {
  line: number;
  /** The number's span, or -1 for a whole line. */
  span: number;
  value: number;
  x0: number;
  x1: number;
  y0: number;
  size: number;
}

// Callbacks made once here rather than on each call: a closure made per call loses its
// optimised code at each full garbage collection, and was compiled again every few passes.
const isWholeLine = (p: Piece) => p.span < 0;
const lineOf = (p: Piece) => p.line;
const isSpanOfLine = (p: Piece) => p.span >= 0;
const byLine = (p: Piece): [number, Piece] => [p.line, p];
const rightEdge = (p: Piece) => p.x1;
const leftEdge = (p: Piece) => p.x0;
const MARGIN_EDGES = [rightEdge, leftEdge];
const byRightEdge = (a: Piece, b: Piece) => a.x1 - b.x1;
const byLeftEdge = (a: Piece, b: Piece) => a.x0 - b.x0;
const largestFirst = (a: Piece[], b: Piece[]) => b.length - a.length;
const topDown = (a: Piece, b: Piece) => a.y0 - b.y0 || a.value - b.value;

/** The page's lines without the line numbers in its margins; the same array when it has none. */
export function withoutLineNumbers(lines: readonly Line[]): readonly Line[] {
  const pieces = numberPieces(lines);
  if (pieces.length < LINE_NUMBERS_MIN) return lines;
  // Cheap bounds first, one pass over the page: a column in the left margin ends left of the
  // leftmost line that is no number; one elsewhere is set smaller than the text. Most pages
  // with five numbers (a table's figures) fail both, and no column is walked.
  const numberLines = new Set(pieces.filter(isWholeLine).map(lineOf));
  const leading = new Map(pieces.filter(isSpanOfLine).map(byLine));
  let textLeft = Infinity;
  let largest = 0;
  // Loops, not closures over the page's bounds: a closure made per call loses its optimised
  // code at each full garbage collection, and was compiled again every few passes.
  for (let i = 0; i < lines.length; i++) {
    if (numberLines.has(i)) continue;
    const line = lines[i];
    const lead = leading.get(i);
    const first = lead && lead.x0 <= line.x0 + 0.5 ? lead : undefined;
    textLeft = Math.min(textLeft, first ? first.x1 + MARGIN_GAP_MIN_PT : line.x0);
    for (const span of line.spans) if (span.size > largest) largest = span.size;
  }
  const leftPieces: Piece[] = [];
  for (const p of pieces) if (p.x1 + MARGIN_GAP_MIN_PT <= textLeft) leftPieces.push(p);
  const left = leftPieces.length < LINE_NUMBERS_MIN ? [] : marginColumn(lines, leftPieces, "left");
  const smaller: Piece[] = [];
  for (const p of pieces) if (!left.includes(p) && (p.size <= RIGHT_MARGIN_SIZE_RATIO_MAX * largest || (p.size <= FIFTHS_SIZE_RATIO_MAX * largest && p.value % FIFTH_LINE_STEP === 0))) smaller.push(p);
  const right = smaller.length < LINE_NUMBERS_MIN ? [] : marginColumn(lines, smaller, "elsewhere");
  const found = [...left, ...right];
  if (found.length === 0) return lines;
  const wholeLines = new Set(found.filter((p) => p.span < 0).map((p) => p.line));
  const spans = new Map(found.filter((p) => p.span >= 0).map((p) => [p.line, p.span]));
  const out: Line[] = [];
  lines.forEach((line, i) => {
    if (wholeLines.has(i)) return;
    const span = spans.get(i);
    out.push(span === undefined ? line : withoutSpan(line, span));
  });
  return out;
}

function numberPieces(lines: readonly Line[]): Piece[] {
  const pieces: Piece[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.wmode !== 0 || line.slanted || line.contentsEntry) continue;
    const spans = line.spans;
    const first = textSpanFrom(spans, 0, 1);
    const last = textSpanFrom(spans, spans.length - 1, -1);
    if (first > last) continue;
    // Most lines start and end with a word: two character tests, and the next line.
    const startsWithDigit = isDigitStart(spans[first].text);
    if (!startsWithDigit && !(last > first && isDigitStart(spans[last].text))) continue;
    if (!startsWithDigit) {
      if (LINE_NUMBER.test(spans[last].text) && spans[last].x0 - previousInk(spans, last) >= MARGIN_GAP_MIN_PT) pieces.push(spanPiece(line, i, spans[last], last));
      continue;
    }
    let onlyNumbers = true;
    for (let k = first; k <= last && onlyNumbers; k++) onlyNumbers = LINE_NUMBER.test(spans[k].text) || isBlankText(spans[k].text);
    if (onlyNumbers) {
      let text = "";
      for (let k = first; k <= last; k++) text += spans[k].text;
      if (LINE_NUMBER.test(text)) pieces.push({ line: i, span: -1, value: Number(text.trim()), x0: line.x0, x1: line.x1, y0: line.y0, size: spans[first].size });
      // Numbers of two lines MuPDF read as one ("4 5" beside a line and a half of text).
      else for (let k = first; k <= last; k++) if (!isBlankText(spans[k].text)) pieces.push({ ...spanPiece(line, i, spans[k], k), span: -1 });
      continue;
    }
    if (LINE_NUMBER.test(spans[first].text) && nextInk(spans, first) - spans[first].x1 >= MARGIN_GAP_MIN_PT) pieces.push(spanPiece(line, i, spans[first], first));
  }
  return pieces;
}

/** The number of `span`, the `k`th of `line` (the page's `i`th): a function of the module, where
 *  a closure was made for every line starting or ending with a digit. */
function spanPiece(line: Line, i: number, span: Span, k: number): Piece {
  return { line: i, span: k, value: Number(span.text.trim()), x0: span.x0, x1: span.x1, y0: line.y0, size: span.size };
}

/** Whether the text's first character after white space is a digit: every line of the page
 * is asked, so no trimmed copy is made. */
function isDigitStart(text: string): boolean {
  let k = 0;
  while (k < text.length && isSpaceCode(text.charCodeAt(k))) k++;
  const c = text.charCodeAt(k);
  return c >= 48 && c <= 57;
}

/** Where the first span with ink after spans[k] starts. */
function nextInk(spans: readonly Span[], k: number): number {
  const j = textSpanFrom(spans, k + 1, 1);
  return j < spans.length ? spans[j].x0 : Infinity;
}

/** Where the last span with ink before spans[k] ends. */
function previousInk(spans: readonly Span[], k: number): number {
  const j = textSpanFrom(spans, k - 1, -1);
  return j >= 0 ? spans[j].x1 : -Infinity;
}

/**
 * The largest run of pieces aligned on one edge (lineno sets them flush right, acmart flush
 * left) that numbers lines and stands clear of the rest of the page's text on that side;
 * none when no run does.
 */
function marginColumn(lines: readonly Line[], pieces: readonly Piece[], side: "left" | "elsewhere"): Piece[] {
  for (const edge of MARGIN_EDGES) {
    const column = alignedColumn(lines, pieces, side, edge);
    if (column.length > 0) return column;
  }
  return [];
}

function alignedColumn(lines: readonly Line[], pieces: readonly Piece[], side: "left" | "elsewhere", edge: (p: Piece) => number): Piece[] {
  const sorted = [...pieces].sort(edge === rightEdge ? byRightEdge : edge === leftEdge ? byLeftEdge : (a, b) => edge(a) - edge(b));
  const groups: Piece[][] = [];
  for (const p of sorted) {
    const group = groups[groups.length - 1];
    if (group && edge(p) - edge(group[0]) <= EDGE_TOLERANCE_PT) group.push(p);
    else groups.push([p]);
  }
  for (const group of groups.sort(largestFirst)) {
    if (group.length < LINE_NUMBERS_MIN) break;
    if (numbersLines(group) && clearOfText(lines, group, side) && !numbersCode(lines, group)) return group;
  }
  return [];
}

/** Steps a margin's numbers may rise by: every line, or every 2nd, 5th or 10th (revtex's
 *  lineno numbers every fifth line). */
const LINE_NUMBER_STEPS = [1, 2, 5, 10];

/** Whether the pieces' numbers rise down the page, mostly by one step, every rise a multiple
 *  of it (a display or a figure between numbered lines skips some). */
function numbersLines(group: Piece[]): boolean {
  sortInPlace(group, topDown);
  const steps: number[] = [];
  for (let k = 1; k < group.length; k++) {
    const step = group[k].value - group[k - 1].value;
    if (step <= 0) return false;
    steps.push(step);
  }
  return LINE_NUMBER_STEPS.some((unit) => steps.every((step) => step % unit === 0) && steps.filter((step) => step === unit).length >= UNIT_STEP_SHARE_MIN * steps.length);
}

/** Whether every other piece of text on the page stands clear of the column: right of it in
 *  the left margin; elsewhere (the right margin, the gutter between two columns: revtex
 *  numbers the right column's lines there) on either side, the numbers set smaller than the
 *  text. */
function clearOfText(lines: readonly Line[], group: readonly Piece[], side: "left" | "elsewhere"): boolean {
  const bySpan = new Map(group.map((p) => [p.line, p.span]));
  // A line of several numbers is the column's only when all of them are.
  for (const p of group) {
    if (p.span !== -1) continue;
    const inked = inkedSpans(lines[p.line]);
    if (inked > 1 && group.filter((q) => q.line === p.line).length !== inked) return false;
  }
  let left = Infinity;
  let right = -Infinity;
  let numberSize = 0;
  for (const p of group) (left = Math.min(left, p.x0)), (right = Math.max(right, p.x1)), (numberSize = Math.max(numberSize, p.size));
  // The text's size: the one most characters are set in.
  const chars = new Map<number, number>();
  for (let i = 0; i < lines.length; i++) {
    const own = bySpan.get(i);
    if (own === -1) continue;
    const spans = lines[i].spans;
    for (let k = 0; k < spans.length; k++) {
      if (k === own || isBlankText(spans[k].text)) continue;
      const s = spans[k];
      if (side === "left" ? s.x0 < right + MARGIN_GAP_MIN_PT : s.x1 > left - MARGIN_GAP_MIN_PT && s.x0 < right + MARGIN_GAP_MIN_PT) return false;
      chars.set(s.size, (chars.get(s.size) ?? 0) + s.text.length);
    }
  }
  if (side === "left") return true;
  let textSize = 0;
  for (const [size, n] of chars) if (n > (chars.get(textSize) ?? 0)) textSize = size;
  return numberSize <= RIGHT_MARGIN_SIZE_RATIO_MAX * textSize || (numberSize <= FIFTHS_SIZE_RATIO_MAX * textSize && numbersEveryFifthLine(group));
}

/** Whether every number of the column is a multiple of FIFTH_LINE_STEP: the lines are numbered
 *  every fifth (numbersLines has checked that they rise by a step). */
function numbersEveryFifthLine(group: readonly Piece[]): boolean {
  for (const p of group) if (p.value % FIFTH_LINE_STEP !== 0) return false;
  return true;
}

/** How many of the line's spans hold ink. */
function inkedSpans(line: Line): number {
  let n = 0;
  for (const span of line.spans) if (!isBlankText(span.text)) n++;
  return n;
}

/** Whether the text beside the numbers is mostly code: a listing's own numbers (listings'
 * `numbers=left`) are part of the listing, which numbered_listings.ts reads as code. */
function numbersCode(lines: readonly Line[], group: readonly Piece[]): boolean {
  const own = new Set(group.map((p) => p.line));
  let code = 0;
  let text = 0;
  for (const p of group) {
    const top = p.y0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if ((own.has(i) && i !== p.line) || line.y1 <= top || line.y0 >= top + p.size * 2) continue;
      for (const s of line.spans) {
        if (isBlankText(s.text) || (i === p.line && s.x0 <= p.x1 && s.x1 >= p.x0)) continue;
        if (s.monospace) code += s.text.length;
        else text += s.text.length;
      }
    }
  }
  return code > text;
}

/** The line without one of its spans and the blank spans beside it. */
function withoutSpan(line: Line, k: number): Line {
  const spans = line.spans.filter((_, j) => j !== k);
  while (spans.length > 0 && isBlankText(spans[0].text)) spans.shift();
  while (spans.length > 0 && isBlankText(spans[spans.length - 1].text)) spans.pop();
  if (spans.length === 0) return line;
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const s of spans) (x0 = Math.min(x0, s.x0)), (x1 = Math.max(x1, s.x1));
  return lineLike(line, spans, x0, line.y0, x1, line.y1);
}
