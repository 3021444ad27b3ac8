// Step 5, each page, for render/page.ts: the footnotes under a footnote rule, the short rule
// at the foot of a page or column that LaTeX (\footnoterule), Writer and Word draw over them.
// Reading order finds footnotes by their small type (reading_order.ts); footnotes set only a
// point under the body (9 pt under 10) pass that test, and in a two-column page they were
// read as the left column's last lines, between its paragraph and that paragraph's rest at
// the top of the right column ("… Table 1 summarises the" | "1Corresponding author: …" |
// "results by city."). Taken out of the flow, they are read after everything else on the page.
import { copyLine, copySpan, type Line, NO_WORD_END, type Rule } from "../model.js";
import { byTopThenLeft } from "./box.js";
import { lineStyle } from "./document_stats.js";
import { lineText, textSpanFrom } from "./lines.js";
import { startsWithFootnoteMark } from "./superscripts.js";
import { isSpaceCode } from "./whitespace.js";
import { sortInPlace } from "../sort_in_place.js";

const byTopLeft = byTopThenLeft;

/** A footnote rule is a horizontal stroke at most this thick ... */
const RULE_THICKNESS_MAX_PT = 1.5;
/** ... at least this long (a dash or an underline is shorter) ... */
const RULE_LENGTH_MIN_PT = 20;
/** ... and at most this share of the text's width on the page: a rule across the text is a
 *  table's or a section's. */
const RULE_WIDTH_SHARE_MAX = 0.45;
/** ... in the lower part of the page, below this share of its height. */
const RULE_TOP_SHARE_MIN = 0.5;
/** At most this many rules of a footnote rule's shape on a page are looked under. */
const FOOTNOTE_RULES_MAX = 32;
/** The first footnote starts at most this many body sizes under the rule. */
const FIRST_NOTE_GAP_SIZES_MAX = 3;
/** A footnote starts at most this many body sizes right of the rule's left end (a note's
 *  mark hangs, its text may be indented). */
const NOTE_INDENT_SIZES_MAX = 3;
/** Notes stand at most this many body sizes apart (a display inside a note, a note's gap). */
const NOTE_GAP_SIZES_MAX = 2;
/** Footnotes are set smaller than the body, by this many points at least. */
const NOTE_SIZE_UNDER_BODY_MIN = 0.5;
/** The rule starts at the left edge of the text above it, within this many points. */
const RULE_EDGE_TOLERANCE_PT = 2;
/** Two footnote rules, one per column, are as long as each other within this many points. */
const PAIR_LENGTH_TOLERANCE_PT = 1;
/** A footnote's mark when it is not raised: a superscript digit or sign, or a number or sign
 *  against the note's first word or a space before it, a capital (Writer's "1Figures are
 *  audited …" and "1 The supplier has …", not "6pt."), or a number whose first digits came
 *  through plain and its last as superscripts before a capital (dblatex's Liberation Serif
 *  maps its raised one, two and three to ASCII digits: maint-guide's "1⁸The following …"). */
const PLAIN_MARK = /^\s*(?:[¹²³⁴⁵⁶⁷⁸⁹⁰*†‡§¶∗⋆★]+\s*\S|\d{1,3}\s?\p{Lu}|\d{1,2}[¹²³⁴⁵⁶⁷⁸⁹⁰]+\s?\p{Lu})/u;

export interface FootnoteArea {
  /** The page's lines without the footnotes, in their order. */
  flow: Line[];
  /** The footnotes, top to bottom; empty when the page has no footnote rule over them. */
  notes: Line[];
}

export function takeFootnoteArea(lines: readonly Line[], rules: readonly Rule[], bodySize: number, pageHeight: number): FootnoteArea {
  const none = { flow: lines as Line[], notes: [] };
  if (rules.length === 0 || lines.length === 0) return none;
  const candidates = rules.filter((rule) => rule.y1 - rule.y0 <= RULE_THICKNESS_MAX_PT && rule.x1 - rule.x0 >= RULE_LENGTH_MIN_PT && rule.y0 >= RULE_TOP_SHARE_MIN * pageHeight);
  // A page has a footnote rule per column; many short rules are a drawing's or a form's.
  if (candidates.length === 0 || candidates.length > FOOTNOTE_RULES_MAX) return none;
  let left = Infinity;
  let right = -Infinity;
  for (const line of lines) (left = Math.min(left, line.x0)), (right = Math.max(right, line.x1));
  const widthMax = RULE_WIDTH_SHARE_MAX * (right - left);
  let found: { rule: Rule; notes: Line[]; placed: boolean }[] | null = null;
  for (const rule of candidates) {
    if (rule.x1 - rule.x0 > widthMax) continue;
    // The rule starts at the left edge of the column's text above it (a fraction bar, a box's
    // or a table's rule starts elsewhere), or a partner beside it places it (hasColumnPartner).
    const placed = startsAtTextEdge(rule, lines);
    if (!placed && !hasColumnPartner(rule, candidates)) continue;
    const notes = notesUnder(rule, lines, bodySize);
    if (notes !== null) (found ??= []).push({ rule, notes, placed });
  }
  if (found === null) return none;
  const withNotes: Rule[] = [];
  for (const group of found) withNotes.push(group.rule);
  const groups: { rule: Rule; notes: Line[]; placed: boolean }[] = [];
  for (const group of found) if (group.placed || hasColumnPartner(group.rule, withNotes)) groups.push(group);
  if (groups.length === 0) return none;
  // Each rule's notes in turn, a column's before the next column's (byRuleColumn): a
  // two-column page's notes had been read row by row across the gutter, the left column's
  // note, the right's, the left's next (JACoW's p. 6).
  sortInPlace(groups, byRuleColumn);
  const taken = new Set<Line>();
  const notes: Line[] = [];
  for (const group of groups) {
    sortInPlace(group.notes, byTopLeft);
    for (const line of group.notes) {
      if (taken.has(line)) continue;
      taken.add(line);
      notes.push(line);
    }
  }
  // Loops and a comparator made once: a closure made per call loses its optimised code at
  // each full garbage collection, and was compiled again every few passes.
  const flow: Line[] = [];
  for (const line of lines) if (!taken.has(line)) flow.push(line);
  return { flow, notes };
}

/** Rules in reading order: a column's (their left ends within RULE_EDGE_TOLERANCE_PT) top to
 *  bottom, columns left to right. */
function byRuleColumn(a: { rule: Rule }, b: { rule: Rule }): number {
  return Math.abs(a.rule.x0 - b.rule.x0) <= RULE_EDGE_TOLERANCE_PT ? a.rule.y0 - b.rule.y0 : a.rule.x0 - b.rule.x0;
}

/**
 * Whether another rule (with notes under it, once they are found) stands beside this one as
 * its column's partner: the same length within PAIR_LENGTH_TOLERANCE_PT (LaTeX's \footnoterule is a share of the
 * column's width, the same in each column), wholly left or right of it. A two-column page whose
 * text above its notes spans both columns, centred (JACoW's collaboration list on its p. 6,
 * a title block), shows neither column's left edge above either rule; the pair shows both.
 */
function hasColumnPartner(rule: Rule, others: readonly Rule[]): boolean {
  const length = rule.x1 - rule.x0;
  for (const o of others) {
    if (o === rule || Math.abs(o.x1 - o.x0 - length) > PAIR_LENGTH_TOLERANCE_PT) continue;
    if (o.x0 >= rule.x1 || o.x1 <= rule.x0) return true;
  }
  return false;
}

/** The footnotes, one note each: a note starts at its mark, raised or not ("15The added …" |
 *  "16Extended …"). */
export function splitNotes(footnotes: readonly Line[]): Line[][] {
  const notes: Line[][] = [];
  for (const line of footnotes) {
    if (notes.length === 0 || startsNote(line)) notes.push([line]);
    else notes[notes.length - 1].push(line);
  }
  return notes;
}

/** A note's mark set plain: a number of up to three digits, before its text's capital with a
 *  space between or none (PLAIN_MARK's numbers). */
const PLAIN_NUMBER_MARK = /^(\s*)(\d{1,3})(?=\s?\p{Lu})/u;

/**
 * The note with its mark apart, when the mark is a plain number (Writer sets a footnote's
 * number at the note's size, on its baseline: "1The original completion date …"): the
 * number becomes a span of its own and the line is marked (Line.plainNoteMark), so that the
 * note reads as a note whose mark is raised does, "<sup>1</sup>The original …", not as a
 * word "1The". A note whose mark is raised already, or a symbol, is returned as it is.
 */
export function withPlainMarkApart(note: readonly Line[]): Line[] {
  const first = note[0];
  if (first === undefined || startsWithFootnoteMark(first)) return note as Line[];
  const k = textSpanFrom(first.spans, 0, 1);
  if (k >= first.spans.length) return note as Line[];
  const span = first.spans[k];
  const match = PLAIN_NUMBER_MARK.exec(span.text);
  if (match === null) return note as Line[];
  const end = match[1].length + match[2].length;
  if (end >= span.text.length) return note as Line[];
  // Where the number ends, by its share of the span's characters: digits are set at one width.
  const split = span.x0 + ((span.x1 - span.x0) * end) / span.text.length;
  const mark = copySpan(span);
  mark.text = span.text.slice(0, end);
  mark.x1 = split;
  const rest = copySpan(span);
  rest.text = span.text.slice(end);
  rest.x0 = split;
  // Each part's first word was not measured (a span cut); the line's style memo, kept with
  // its spans array, is not read for the new array.
  if (span.wordEnd !== undefined) mark.wordEnd = rest.wordEnd = NO_WORD_END;
  // Copied and marked, not spread with the mark: a line of another hidden class sends every
  // pass that reads lines back to V8's compiler (model.ts).
  const line = copyLine(first, [...first.spans.slice(0, k), mark, rest, ...first.spans.slice(k + 1)]);
  line.plainNoteMark = true;
  return [line, ...note.slice(1)];
}

/** Whether a footnote's line starts a note: with its mark, raised or not. */
export function startsNote(line: Line): boolean {
  return startsWithFootnoteMark(line) || PLAIN_MARK.test(lineText(line));
}

/** Whether a line starts with a footnote's mark, raised or a superscript digit ("¹See …").
 *  Asked of every line a paragraph meets: its first span is looked at, not its whole text. */
export function startsWithNoteMark(line: Line): boolean {
  // A loop, where `find` made a closure for every line.
  const k = textSpanFrom(line.spans, 0, 1);
  if (k >= line.spans.length) return false;
  return startsWithSuperscriptDigit(line.spans[k].text) || startsWithFootnoteMark(line);
}

/** Whether the text's first character that is no white space is a superscript digit (what
 *  /^\s*[¹²³⁴⁵⁶⁷⁸⁹⁰]/u matched), read by code: every line a paragraph meets is asked. */
function startsWithSuperscriptDigit(text: string): boolean {
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    if (isSpaceCode(code)) continue;
    return code === 0xb9 || code === 0xb2 || code === 0xb3 || code === 0x2070 || (code >= 0x2074 && code <= 0x2079);
  }
  return false;
}

/** The lines under a rule that read as its footnotes: starting at its left end (or a little
 *  right of it), the first close under it, all of them in type smaller than the body. Null
 *  when a line there is body text, or none is close enough. */
function notesUnder(rule: Rule, lines: readonly Line[], bodySize: number): Line[] | null {
  const indentMax = NOTE_INDENT_SIZES_MAX * bodySize;
  // Everything under the rule in its column: notes only, at the page's foot.
  const under: Line[] = [];
  // Under it: the box's top within a point of the rule, or its middle under the rule (LaTeX
  // sets the first note 2.6 pt under \footnoterule, and a face's ascender box may reach over
  // it: JACoW's right column's "§ jan.chrin@psi.ch" starts 1.8 pt over its rule).
  for (const line of lines) if ((line.y0 >= rule.y1 - 1 || line.y0 + line.y1 >= 2 * rule.y1) && line.x1 > rule.x0 && line.x0 < rule.x0 + indentMax && line.wmode === 0) under.push(line);
  if (under.length === 0) return null;
  sortInPlace(under, byTopLeft);
  if (under[0].y0 - rule.y1 > FIRST_NOTE_GAP_SIZES_MAX * bodySize || !startsNote(under[0])) return null;
  // The notes run on without a gap wider than a few lines; what stands further down is
  // something else (the small print across the page's foot: ltnews' copyright line).
  let end = 1;
  while (end < under.length && under[end].y0 - under[end - 1].y1 <= NOTE_GAP_SIZES_MAX * bodySize) end++;
  const notes = under.slice(0, end);
  // A line there in the body's size makes the rule something else (a signature line, a
  // form's field, a box).
  if (notes.some((line) => line.x0 < rule.x0 - RULE_EDGE_TOLERANCE_PT || lineStyle(line).size > bodySize - NOTE_SIZE_UNDER_BODY_MIN)) return null;
  return notes;
}

/** Whether the rule starts at the left edge of the text above it, within RULE_EDGE_TOLERANCE_PT. */
function startsAtTextEdge(rule: Rule, lines: readonly Line[]): boolean {
  let edge = Infinity;
  for (const line of lines) if (line.y1 <= rule.y0 && line.x1 > rule.x0 && line.x0 < rule.x1) edge = Math.min(edge, line.x0);
  return Math.abs(edge - rule.x0) <= RULE_EDGE_TOLERANCE_PT;
}
