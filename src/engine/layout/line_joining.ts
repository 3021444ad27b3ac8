// Step 4, document pass: tidy a page's lines before layout. Extractors split one visual line into
// several fragments (a bullet and its text, a label and a tab-stopped value, a font
// change); fragments on one baseline that nearly touch are joined back into one line.
// A scan's invisible OCR layer (words placed one by one on jittered baselines) is first
// rebuilt into rows by vertical overlap and read left to right. Lines holding right-to-left
// letters are then put in logical order (layout/bidi.ts).
import { copyLine, copySpan, type Line, type Span } from "../model.js";
import { leadingBulletLength } from "./bullet_glyphs.js";
import { isRtlText, toLogicalOrder } from "./bidi.js";
import { isEastAsianWide } from "./east_asian.js";
import { type ColumnStarts, findColumnStarts } from "./column_starts.js";
import { sortByCentreThenLeft } from "./centre_order.js";
import { firstInkedUnit, isBlankText, isSpaceCode, lastInkedUnit, startsWithDot, trimmedLength } from "./whitespace.js";
import { isWrapMarkerAtEnd } from "./wrap_markers.js";
import { appendToLeader, isLeaderAndPages, isPagesAfterLeader, joinContentsEntries } from "./leaders.js";
import { joinJustifiedRows } from "./justified_rows.js";
import { withLeadersClosedUp } from "./spaced_leaders.js";
import { joinRowEndCategories } from "./definitions.js";
import type { FrameEdgeBetween } from "./frame_edges.js";
import { appendFragment, COMMENT_START, JOIN_LOOKBACK_MAX, lineSize, lineText, PARENTHESISED_REMARK, remadeLine, SAME_ROW_OVERLAP, textSpanFrom, verticalOverlap } from "./lines.js";

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
// `trim() !== ""` read by code, without the trimmed copy.
const hasInk = (s: Span) => !isBlankText(s.text);
const bySize = (a: Span, b: Span) => a.size - b.size;

/** Fragments closer than this many ems on one baseline are one line (run-in headings sit
 * about one em from their text; column gutters are wider than this). */
const JOIN_GAP_EMS = 1.1;
/** A list marker may sit this many ems left of its text (tab stops after bullets). */
const MARKER_GAP_EMS = 4;
/** A section number may sit this many ems left of its title: Word's hanging indent after "2.1"
 * is a tab to about 2 em, and tables of contents set their entries' numbers the same way. */
const SECTION_NUMBER_GAP_EMS = 2;
/** A bold lead-in may sit this many ems left of its text in the text's face: a quad and a
 * word space after it (resumecls's "**Organization**\quad Department"). */
const RUN_IN_HEAD_GAP_EMS = 1.5;
/** ... a lead-in of a few words, in the text's size. */
const RUN_IN_HEAD_WORDS_MAX = 3;
const RUN_IN_HEAD_SIZE_TOLERANCE_PT = 0.5;
/** A row's items may stand this many ems apart after a comma or a semicolon: a quad and the
 * separator's space (tug2003's centred "Chinese中國, Japanese日本, Korean韓國", 1.25 em). */
const LIST_SEPARATOR_GAP_EMS = 1.5;
/** What ends such an item: a comma or a semicolon, Latin or East Asian, after a word (after a
 *  figure it may end a table's cell, or a date's part). */
const LIST_SEPARATOR_END = /[\p{L}\p{M})][,;，；、]\s*$/u;
/** The separators LIST_SEPARATOR_END reads. */
const LIST_SEPARATORS = ",;，；、";
/** Monospace fragments on one row (a listing's line number and its code, an aligned comment)
 * join across this many ems. */
const MONO_GAP_EMS = 12;
/** A fragment that is a dot leader and page numbers, nothing else (an index's
 * "\@if@newcommand" | ". . . 126, 137, 9"), goes on the entry left of it across this many ems. */
const LEADER_TAIL_GAP_EMS = 3;
/** The widest of the join gaps above: a pair further apart is never joined. */
/** A section number and its title both bold, in one font and size, may stand this many ems
 *  apart: a bill's section number in its own box left of the title (ukbill's "8" ⇥
 *  "Disapplication", 2.3 em), each had been a heading of its own. */
const BOLD_SECTION_NUMBER_GAP_EMS = 3;
/** The widest of the join gaps above outside code: a pair of text further apart is joined by
 *  none of them. */
const WORDS_GAP_EMS_MAX = Math.max(BOLD_SECTION_NUMBER_GAP_EMS, JOIN_GAP_EMS, RUN_IN_HEAD_GAP_EMS, LIST_SEPARATOR_GAP_EMS, MARKER_GAP_EMS, SECTION_NUMBER_GAP_EMS, LEADER_TAIL_GAP_EMS);
const JOIN_GAP_EMS_MAX = Math.max(BOLD_SECTION_NUMBER_GAP_EMS, JOIN_GAP_EMS, RUN_IN_HEAD_GAP_EMS, LIST_SEPARATOR_GAP_EMS, MARKER_GAP_EMS, SECTION_NUMBER_GAP_EMS, MONO_GAP_EMS, LEADER_TAIL_GAP_EMS);

/** OCR words are one row when their vertical extents overlap by this share of the shorter:
 * OCR engines place each word on its own baseline, jittered by a fraction of the x-height,
 * while the next line is a full line pitch away (no overlap at all). */
const OCR_SAME_ROW_OVERLAP = 0.35;
/** OCR words of one row closer than this many ems are one line: word spaces of loosely
 * justified scans stay under it, column gutters and table cell gaps are wider. */
const OCR_JOIN_GAP_EMS = 1.5;
/** OCR fragments of a row whose type sizes differ by more than this factor (larger over
 * smaller) are two texts side by side, not one printed line: ocr-vicksburg-p3's caption in
 * 8.6 pt runs beside the 11.2 pt body column 2 to 5 pt away, its lines level with the column's
 * (a ratio of 1.3). One line's words differ by a few tenths of a point. */
const OCR_SIDE_BY_SIDE_SIZE_RATIO = 1.2;
/** ... each fragment carrying this many letters at least: a short word's size, measured from
 * its few pixels, strays further. */
const OCR_SIZED_CHARS_MIN = 8;

const LIST_MARKER_ONLY = /^\s*(?:[•◦▪▫‣⁃∙·●○■□►▶❖➢✓✔\-–—*]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)]|\(?[ivxlcdm]{1,5}[.)])\s*$/;

/** A section number and nothing else: "1", "2.1", "3.1.1", "A.2", and roman ones with their
 * stop (revtex's "II." and "II.1.", set more than an em before a centred title). */
const SECTION_NUMBER_ONLY = /^\s*(?:(?:\d{1,3}(?:\.\d{1,3}){0,4}|[A-Z](?:\.\d{1,3}){1,4})\.?|[IVXL]{1,6}(?:\.\d{1,3}){0,4}\.)\s*$/;
/** A section number is a span or two (the number, a space or tab drawn in another font): more is a line of text. */
const SECTION_NUMBER_SPANS_MAX = 3;
/** The most units other than white space SECTION_NUMBER_ONLY reads: "XXXVII.100.100.100.100.". */
const SECTION_NUMBER_INK_MAX = 23;
/** A title after a section number starts with a letter (a number after a number is a table's
 *  next cell), or a command's backslash before one in the code face (srdp-mathematik's "2.1"
 *  ⇥ "\multiplechoice" had been two headings). */
const TITLE_START = /^\s*\p{L}/u;
const COMMAND_TITLE_START = /^\s*\\\p{L}/u;

/** The most units other than white space a marker alone holds: LIST_MARKER_ONLY's longest,
 *  "(xviii)", and a bullet glyph's one or two. */
const MARKER_INK_MAX = 7;

/** A fragment that is a list marker and nothing else ("•", "3.", a Wingdings "§"). */
function isMarkerOnly(line: Line): boolean {
  // Its length first: every pair of fragments a little apart asks of the left one, most of
  // them words, and their text was built and matched to learn it.
  if (inkedUnitsOver(line, MARKER_INK_MAX)) return false;
  const text = lineText(line);
  if (LIST_MARKER_ONLY.test(text)) return true;
  const bullet = leadingBulletLength(line);
  return bullet > 0 && isBlankText(text.slice(bullet));
}

/** An ordered item's number as a right-to-left line draws it, in visual order: its stop or
 * bracket left of the digits (".1", ")2", "(3)"). */
const RTL_NUMBER_ONLY = /^\s*(?:[.)]\d{1,3}|\(\d{1,3}\))\s*$/;

/** `right` is an item's number alone set right of `left`, a line of right-to-left text
 * (Chromium prints an RTL `<ol>` so: "1." a fragment of its own right of the item). */
function isRtlNumberAfter(left: Line, right: Line): boolean {
  // The number first: a look at a few characters rules out nearly every pair.
  if (right.spans.length > 2 || !RTL_NUMBER_ONLY.test(lineText(right))) return false;
  return isRtlText(lineText(left));
}

/** Centres of two fragments of a row at most this share of the shorter's height apart: one
 * box grown by a raised or lowered glyph, not fragments set at different heights (math, labels). */
const LEVEL_CENTRE_SHARE = 0.2;

function centresLevel(a: Line, b: Line): boolean {
  const shorter = Math.min(a.y1 - a.y0, b.y1 - b.y0);
  return Math.abs(a.y0 + a.y1 - b.y0 - b.y1) / 2 <= LEVEL_CENTRE_SHARE * shorter;
}

/** A note's mark set smaller than its text, at most this share of the text's size, raises the
 *  top of its fragment's box (raisedMarkLevel). */
const RAISED_MARK_SIZE_SHARE_MAX = 0.8;
/** A note's mark: figures, circled figures, asterisks, daggers. */
const NOTE_MARK = /^[\d\u2460-\u2473*†‡§¶]+[.]?$/u;

/**
 * Whether `right` goes on `left`'s row after a note's mark that raises its box: pkuthss'
 * "项目主页的issue tracker" and "①上提出，…" (the mark 7.2 pt beside 12 pt text), whose
 * centres stand 3.4 pt apart, so the mark's fragment had been read first, as a list item
 * "1.". Their bottoms lie within LEVEL_CENTRE_SHARE of the shorter's height, and `right`
 * starts with the mark, raised over `left`'s top. Formula pieces, whose sub- and superscripts
 * raise and lower boxes all over, keep the centre test.
 */
function raisedMarkLevel(left: Line, right: Line): boolean {
  const shorter = Math.min(left.y1 - left.y0, right.y1 - right.y0);
  if (right.y0 >= left.y0 || Math.abs(left.y1 - right.y1) > LEVEL_CENTRE_SHARE * shorter) return false;
  const mark = markAfterSeparator(right.spans);
  if (mark === undefined || mark.y0 >= left.y0 || mark.size > RAISED_MARK_SIZE_SHARE_MAX * lineSize(right)) return false;
  return NOTE_MARK.test(mark.text.trim());
}

/** Whether the fragment starts with a separator alone and a note's mark raised after it: a
 *  byline's ",¹" after a name, with an ORCID icon drawn in the gap before the comma
 *  (aastex631's "Greg J. Schwarz" ⇥ ",¹ August Muench", 1.2 em apart). */
function startsWithSeparatedMark(line: Line): boolean {
  const spans = line.spans;
  const at = separatedMarkAt(spans);
  if (at < 0) return false;
  const separator = spans[textSpanFrom(spans, 0, 1)];
  if (separator.text.length > SEPARATOR_SPAN_CHARS_MAX) return false;
  const mark = spans[at];
  return mark.y0 < separator.y0 && mark.size <= RAISED_MARK_SIZE_SHARE_MAX * separator.size && NOTE_MARK.test(mark.text.trim());
}

/** The first span with ink, or the one after it where that is a separator alone
 *  (separatedMarkAt): an ORCID icon drawn between a name and its comma splits aastex631's
 *  byline there, so the mark's fragment starts with the comma. */
function markAfterSeparator(spans: readonly Span[]): Span | undefined {
  const at = separatedMarkAt(spans);
  return at >= 0 ? spans[at] : firstInked(spans);
}

/** Where the spans start with a separator alone (isMarkSeparator), the index of the next span
 *  with ink: the mark's place in a byline's ",¹"; -1 otherwise. */
function separatedMarkAt(spans: readonly Span[]): number {
  const first = textSpanFrom(spans, 0, 1);
  if (first >= spans.length || !isMarkSeparator(spans[first].text)) return -1;
  const at = textSpanFrom(spans, first + 1, 1);
  return at < spans.length ? at : -1;
}

/** Whether the text is a separator alone, white space aside: a comma or a semicolon, which may
 *  stand before the mark at a fragment's start (a byline's comma after a name, whose
 *  affiliation mark follows: "Greg J. Schwarz" ⇥ ",¹ August Muench"). Read by code, as
 *  isCommaAlone is: every join asks it (startsWithSeparatedMark). */
function isMarkSeparator(text: string): boolean {
  const first = firstInkedUnit(text);
  return (first === COMMA || first === SEMICOLON) && trimmedLength(text) === 1;
}
const SEMICOLON = 0x3b;
/** A byline's separator span holds the separator with a space either side at most. */
const SEPARATOR_SPAN_CHARS_MAX = 3;

/** `prev` is a section number alone and `next` the title after it ("2.1" ⇥ "LRS model"). */
function isSectionNumber(prev: Line, next: Line): boolean {
  if (prev.spans.length > SECTION_NUMBER_SPANS_MAX || !endsLikeSectionNumber(prev) || inkedUnitsOver(prev, SECTION_NUMBER_INK_MAX) || !SECTION_NUMBER_ONLY.test(lineText(prev))) return false;
  const title = lineText(next);
  // A command's number has a stop in it ("2.1"): a figure alone before a command is an
  // index's page number in the column beside (ucdavisthesis' "\degreeyear 4" | "\secfontsize").
  return TITLE_START.test(title) || (COMMAND_TITLE_START.test(title) && lineText(prev).includes(".") && firstInked(next.spans)?.monospace === true);
}

/** Whether every span with ink of both fragments is bold, not in the code face, in one font
 *  and size: a heading's row (isSectionNumber has read `left` as a number and `right` as a title). */
function isBoldHeadingRow(left: Line, right: Line): boolean {
  const first = firstInked(left.spans);
  if (first === undefined) return false;
  for (const line of [left, right]) {
    for (const s of line.spans) {
      if (isBlankText(s.text)) continue;
      if (!s.bold || s.monospace || s.font !== first.font || s.size !== first.size) return false;
    }
  }
  return true;
}

/** Whether the fragment's first and last characters that are no white space are those
 *  SECTION_NUMBER_ONLY's numbers start and end with: a figure or a capital (a letter's or a
 *  roman number's), then a figure or a stop. Read by code before the fragment's text is built
 *  for the pattern: most fragments the joiner asks about start or end with a word's letters. */
function endsLikeSectionNumber(line: Line): boolean {
  const first = firstInkedUnit(firstInked(line.spans)?.text ?? "");
  if (!((first >= 0x30 && first <= 0x39) || (first >= 0x41 && first <= 0x5a))) return false;
  let last = -1;
  for (let k = line.spans.length - 1; k >= 0 && last < 0; k--) last = lastInkedUnit(line.spans[k].text);
  return (last >= 0x30 && last <= 0x39) || last === FULL_STOP;
}
const FULL_STOP = 0x2e;

/**
 * A few words all bold, then words in the regular weight at the same size and in the same
 * script. A Chinese header cell beside a Latin one is a table's (njuvisual's "选项名称" |
 * "emblem"); a bold head ending in a stop is a run-in heading that starts its own paragraph
 * (APA's "***Face validity.***"), which a line begun further left would join.
 */
function isRunInHead(left: Line, right: Line): boolean {
  // The spans' styles first, the texts' copies last: most pairs asked fail on a weight or a
  // size (issue 9: speed).
  const text = firstInked(right.spans);
  if (text === undefined || text.bold) return false;
  let head = false;
  for (const span of left.spans) {
    if (isBlankText(span.text)) continue;
    if (!span.bold || span.monospace || !(Math.abs(span.size - text.size) <= RUN_IN_HEAD_SIZE_TOLERANCE_PT)) return false;
    head = true;
  }
  if (!head) return false;
  const headText = lineText(left).trim();
  const textStart = text.text.trim();
  if (!/^\p{L}/u.test(textStart) || headText.endsWith(".")) return false;
  if (isEastAsianWide(headText.codePointAt(0) ?? 0) !== isEastAsianWide(textStart.codePointAt(0) ?? 0)) return false;
  return headText.split(/\s+/).length <= RUN_IN_HEAD_WORDS_MAX;
}

/** The next item starts with a word: a letter alone is a formula's variable ("x = 0,  i, j =
 *  1, …, n", its conditions set a quad after the equation). */
const ITEM_WORD_START = /^\s*\p{L}{2}/u;

/** `left` ends an item with its separator and `right` starts the next one, a word in the same
 *  size: items set a quad apart along a row. */
function isListSeparatorGap(left: Line, right: Line): boolean {
  if (startsWithSeparatedMark(right)) return true;
  const last = left.spans[left.spans.length - 1];
  // The separator first: a look at the last span's last character rules out nearly every pair.
  if (!holdsUnit(LIST_SEPARATORS, lastInkedUnit(last.text)) || !LIST_SEPARATOR_END.test(lineText(left))) return false;
  return ITEM_WORD_START.test(right.spans[0].text) && Math.abs(last.size - right.spans[0].size) <= RUN_IN_HEAD_SIZE_TOLERANCE_PT;
}

/** Whether the line's text holds more than `max` units that are not white space: counted span
 *  by span up to `max`, without building the text. */
function inkedUnitsOver(line: Line, max: number): boolean {
  let inked = 0;
  for (const span of line.spans) {
    const text = span.text;
    for (let i = 0; i < text.length; i++) if (!isSpaceCode(text.charCodeAt(i)) && ++inked > max) return true;
  }
  return false;
}

/** The first span with ink, or undefined: a loop, where `find` made a closure. */
function firstInked(spans: readonly Span[]): Span | undefined {
  for (const span of spans) if (!isBlankText(span.text)) return span;
  return undefined;
}

/** A remark in parentheses and nothing else, no word of it in the code face (langsci-avm's
 * "( ⟨structure⟩ )" beside its margin label "(...)" is syntax). */
function isRemark(line: Line): boolean {
  for (const s of line.spans) if (s.monospace && !isBlankText(s.text)) return false;
  return PARENTHESISED_REMARK.test(lineText(line));
}

function isMono(line: Line): boolean {
  // A loop, where `every` made a closure for every pair of fragments asked.
  const spans = line.spans;
  for (let k = 0; k < spans.length; k++) if (!spans[k].monospace && !isBlankText(spans[k].text) && !isWrapMarkerAtEnd(spans, k)) return false;
  return true;
}

/** A listing's line number in the text face, set smaller than the code ("12" in 7 pt left of
 * 9 pt code, as LaTeX's docstrip sets it): one span of digits. A digit in the code's size
 * beside code is a glyph shown in a font table (lm-info's "0" before "84 x54"). */
const LINE_NUMBER = /^\s*\d{1,5}\s*$/;
/** A line number is set at least this many points smaller than its code. */
const LINE_NUMBER_SMALLER_PT = 0.5;

function isLineNumber(line: Line, code: Line): boolean {
  return line.spans.length <= 2 && lineSize(line) <= lineSize(code) - LINE_NUMBER_SMALLER_PT && LINE_NUMBER.test(lineText(line));
}

/** A listing's line number and the first of its code in the code face, set apart from the
 *  rest ("822" in 7 pt, " %" in 9 pt, the line's code 3 em right: ltxutil's commented-out
 *  lines, whose "%" stands at the margin). */
function isNumberedCode(line: Line, code: Line): boolean {
  const first = firstInked(line.spans);
  if (first === undefined || !LINE_NUMBER.test(first.text) || first.size > lineSize(code) - LINE_NUMBER_SMALLER_PT) return false;
  let rest = false;
  for (const s of line.spans) {
    if (s === first || isBlankText(s.text)) continue;
    if (!s.monospace) return false;
    rest = true;
  }
  return rest;
}

/** A name in the code face set in the margin left of a listing's numbered line (doc.sty's
 *  macro and environment names right-aligned 5.7 pt left of the number: navydocs'
 *  "\navy@ReportTitle" | "135 \newcommand…") is the margin's, not the line's: joined, the
 *  line was no listing's (it started with code, not a number) and came out as inline code in
 *  a paragraph. */
function isMarginNameBeforeNumberedCode(left: Line, right: Line): boolean {
  return isMono(left) && isNumberedCode(right, right);
}

/** Whether two fragments of a row, `gap` apart, are one line of text. `rightToLeft`: false when
 *  the page holds no right-to-left letter (PrepareOptions.rightToLeft). */
function joins(left: Line, right: Line, gap: number, em: number, columns: ColumnStarts, rightToLeft: boolean): boolean {
  // The gap first: it rules out most pairs of a table row before any text is looked at.
  if (gap < -0.5 * em || gap > JOIN_GAP_EMS_MAX * em) return alignedComment(left, right, gap, em, columns) || bracketed(left, right, gap, em) || commaAfterBlank(left, right, gap, em);
  // A right-to-left item's number right of its text: the numbers of a list start at one x row
  // after row, which reads as a column's start, but they are the items' first words.
  if (rightToLeft && gap <= MARKER_GAP_EMS * em && isRtlNumberAfter(left, right)) return true;
  // Never across a column gutter, however narrow. Code keeps its aligned comments and its
  // line numbers, which start at one x row after row as a column does, and an entry keeps its
  // leader and page numbers wherever they start (DocBook's contents: "3.1.1. Low-level
  // summary" | ". . . 9"); prose columns start where prose stands to their left, so two
  // listings side by side in two columns, or a contents entry's page number beside the next
  // column's heading, stay apart.
  // A C comment set in the text face after code goes on the code's line (texinfo's @r{}:
  // R-ints' "int callflag;" … "/* The context ‘type’ */").
  // So does a remark in parentheses, all in the text face (R-lang's "- +" … "(unary)").
  const code = (isMono(right) || (isMono(left) && (COMMENT_START.test(right.spans[0].text) || isRemark(right)))) && (isMono(left) || isLineNumber(left, right) || (isMono(right) && isNumberedCode(left, right)));
  // An index's right-aligned page numbers start at one x row after row, as a column does: the
  // leader on their left keeps them, and the next column's entry beside them is not theirs
  // (active-conf's index: "\c@subsection . . . ." | "158" | "figure (environment) . . . 104").
  const leaderTail = !code && (startsWithDot(right.spans[0].text) ? isLeaderAndPages(lineText(right)) : isPagesAfterLeader(left, right));
  if (!code && !leaderTail && columns.separates(left, right)) return false;
  if (columns.gutterBetween(left, right)) return false;
  // A listing's line number starts its line: a name in the code face left of it is the
  // margin's (isMarginNameBeforeNumberedCode).
  if (isMarginNameBeforeNumberedCode(left, right)) return false;
  if (gap <= JOIN_GAP_EMS * em) return true;
  // Wider than any limit the rules below could give: none of them is asked (their tests build
  // and match the texts of most pairs of a table's row; issue 9: speed).
  if (!code && gap > WORDS_GAP_EMS_MAX * em) return bracketed(left, right, gap, em) || commaAfterBlank(left, right, gap, em);
  const limit = isMarkerOnly(left)
    ? MARKER_GAP_EMS * em
    : code
      ? MONO_GAP_EMS * em
      : leaderTail
        ? LEADER_TAIL_GAP_EMS * em
        : isSectionNumber(left, right)
          ? (isBoldHeadingRow(left, right) ? BOLD_SECTION_NUMBER_GAP_EMS : SECTION_NUMBER_GAP_EMS) * em
          : isRunInHead(left, right)
            ? RUN_IN_HEAD_GAP_EMS * em
            : isListSeparatorGap(left, right)
              ? LIST_SEPARATOR_GAP_EMS * em
              : JOIN_GAP_EMS * em;
  return gap <= limit || bracketed(left, right, gap, em) || commaAfterBlank(left, right, gap, em);
}

/** A comment aligned far right of a short line of code (luatex's "{ "push" }," … "-- remember
 * where we are", 12.6 em apart, its column set for the rows' longest code): a fragment of code
 * that opens a line comment goes on the code left of it across this many ems. */
const ALIGNED_COMMENT_GAP_EMS = 24;
/** What opens a line comment: Lua's and SQL's "--", C's "//" and "/*", TeX's "%", the shell's
 * and Python's "#", Lisp's ";". */
const LINE_COMMENT_START = /^\s*(?:--|\/\/|\/\*|%|#|;)/;

function alignedComment(left: Line, right: Line, gap: number, em: number, columns: ColumnStarts): boolean {
  return gap <= ALIGNED_COMMENT_GAP_EMS * em && isMono(left) && isMono(right) && LINE_COMMENT_START.test(right.spans[0].text) && !columns.gutterBetween(left, right);
}

/** A salutation's comma after a blank left for a name (a letter template's "Dear" ⇥ "," with
 * an empty placeholder field between, LibreOffice's business letters): a fragment that is a
 * comma alone goes on the words left of it across at most this many ems. */
const BLANK_FIELD_GAP_EMS_MAX = 30;
/** ... when those words are a few at most (a salutation, a form's label), so that a comma
 * set apart in a formula's row ("x = 0 ⇥ ,") or a table's cell keeps its place. */
const BLANK_FIELD_WORDS_MAX = 3;
/** ... and stand on the comma's baseline, in its font and size, within this many points. */
const BLANK_FIELD_BASELINE_PT = 0.5;
/** The words before the blank: letters only, each starting a word (no figure, no formula). */
const BLANK_FIELD_WORDS = /^\s*\p{L}{2,}(?:\s+\p{L}+)*\s*$/u;

function commaAfterBlank(left: Line, right: Line, gap: number, em: number): boolean {
  // The comma first: a look at one span rules out nearly every pair (read by code, without
  // the span's trimmed copy).
  if (right.spans.length !== 1 || !isCommaAlone(right.spans[0].text) || gap > BLANK_FIELD_GAP_EMS_MAX * em) return false;
  const comma = right.spans[0];
  const last = left.spans[left.spans.length - 1];
  if (comma.font !== last.font || Math.abs(comma.size - last.size) > RUN_IN_HEAD_SIZE_TOLERANCE_PT || last.monospace) return false;
  if (Math.abs(comma.y1 - last.y1) > BLANK_FIELD_BASELINE_PT || Math.abs(comma.y0 - last.y0) > BLANK_FIELD_BASELINE_PT) return false;
  const text = lineText(left);
  return BLANK_FIELD_WORDS.test(text) && text.trim().split(/\s+/).length <= BLANK_FIELD_WORDS_MAX;
}

/** `text.trim() === ","`. */
function isCommaAlone(text: string): boolean {
  return firstInkedUnit(text) === COMMA && trimmedLength(text) === 1;
}
const COMMA = 0x2c;

/** A bracket opened on the left and closed on the right holds what stands between them
 * (words the page draws as images, or not at all: 【 Java の場合】), whatever the gap. */
function bracketed(left: Line, right: Line, gap: number, em: number): boolean {
  if (gap < 0 || gap > BRACKETED_GAP_EMS_MAX * em) return false;
  // The bracket stands at the gap: a look at two characters rules out nearly every pair (read
  // by code: the trimmed copies of both texts were most of the look, asked of every pair of a
  // table's row).
  if (!holdsUnit(OPENING, lastInkedUnit(left.spans[left.spans.length - 1].text)) && !holdsUnit(CLOSING, firstInkedUnit(right.spans[0].text))) return false;
  return closesBracket(left, right);
}

/** Whether `units` (a string of single-unit characters) holds the unit `unit`. */
function holdsUnit(units: string, unit: number): boolean {
  for (let k = 0; k < units.length; k++) if (units.charCodeAt(k) === unit) return true;
  return false;
}

/** Brackets whose pair joins two fragments of a row across a gap this many ems wide at most
 * (a product name missing from a Japanese page between 「 and 」 spans 11.5 em). */
const BRACKETED_GAP_EMS_MAX = 12;
const OPENING = "(（[［{｛【「『〈《〔";
const CLOSING = ")）]］}｝】」』〉》〕";

/** Whether `left` ends inside a bracket that `right` closes, both in one size, with the
 * bracket at the gap: `left` ends with it or `right` starts with its pair (a parenthesis
 * left open at the end of a line of prose is closed further on, not across a gap). */
function closesBracket(left: Line, right: Line): boolean {
  if (Math.abs(lineSize(left) - lineSize(right)) > 0.5) return false;
  const leftText = lineText(left).trimEnd();
  const open = unclosedBracket(leftText);
  if (open < 0) return false;
  const text = lineText(right).trimStart();
  const want = CLOSING[open];
  if (leftText[leftText.length - 1] !== OPENING[open] && text[0] !== want) return false;
  for (const c of text) {
    if (c === want) return true;
    if (OPENING.includes(c)) return false;
  }
  return false;
}

/** Index in OPENING of the last bracket the text leaves open, or -1. */
function unclosedBracket(text: string): number {
  const stack: number[] = [];
  for (const c of text) {
    const o = OPENING.indexOf(c);
    if (o >= 0) stack.push(o);
    else {
      const k = CLOSING.indexOf(c);
      if (k >= 0 && stack.length > 0 && stack[stack.length - 1] === k) stack.pop();
    }
  }
  return stack.length > 0 ? stack[stack.length - 1] : -1;
}

/** A fragment this many characters long at most is a glyph drawn apart, not text. */
const INSIDE_FRAGMENT_CHARS_MAX = 2;

/** Whether `fragment` is a glyph or two set within `line`'s extent on its row, in its size. */
function liesWithin(fragment: Line, line: Line): boolean {
  if (fragment.x0 < line.x0 || fragment.x1 > line.x1 || !centresLevel(line, fragment)) return false;
  if (trimmedLength(lineText(fragment)) > INSIDE_FRAGMENT_CHARS_MAX) return false;
  return Math.abs(lineSize(fragment) - lineSize(line)) < 1;
}

/** Puts `fragment`'s spans into `line` at their x, dropping the spaces they cover. */
function insertFragment(line: Line, fragment: Line): void {
  const covered = (span: Span) => isBlankText(span.text) && span.x0 >= fragment.x0 - 1 && span.x1 <= fragment.x1 + 1;
  const spans = line.spans.filter((span) => !covered(span));
  let at = spans.findIndex((span) => span.x0 > fragment.x0);
  if (at < 0) at = spans.length;
  spans.splice(at, 0, ...fragment.spans);
  line.spans = spans;
}

/** A span narrower than this many points draws nothing. */
const ZERO_WIDTH = 0.01;

/** LaTeX's picture-mode fonts: their glyphs are the slopes of lines and the arcs of circles
 * that draw a figure (\line, \circle, \vector), with no Unicode mapping; as text they are
 * a row of U+FFFD. */
const PICTURE_FONT = /^(?:line|linew|lcircle|lcirclew)10$/i;

/**
 * The line without the parts of a figure that come out as text:
 * - the replacement text of a figure: an image or drawing marked with an ActualText ("PDF
 *   Association logo", "Wake-Sleep Calendar") comes out of MuPDF as its words all at one
 *   point, a span of zero width as tall as the figure. Nothing of it is drawn on the page,
 *   and the Markdown holds no figures. A single zero-width character (a combining mark) stays.
 * - glyphs of a picture font (PICTURE_FONT): lines and circles, not letters.
 * A new line: the caller asks only of a line that holds some (spanFacts).
 */
function withoutFigureText(line: Line): Line {
  const spans = line.spans.filter((span) => !isFigureText(span));
  return spans.length === 0 ? copyLine(line, spans) : remadeLine(line, spans);
}

function isFigureText(span: Span): boolean {
  if (span.x1 - span.x0 < ZERO_WIDTH && trimmedLength(span.text) > 1) return true;
  // Every span of every page is asked: the pattern runs only on a font named l….
  const initial = span.font.charCodeAt(0) | 0x20;
  return initial === 0x6c && PICTURE_FONT.test(span.font);
}

/** spanFacts: every span is blank. */
const ALL_BLANK = 1;
/** spanFacts: every span that is not blank is invisible (a word of an OCR layer). */
const ALL_INVISIBLE = 2;
/** spanFacts: some span is part of a figure (withoutFigureText). */
const HAS_FIGURE_TEXT = 4;
/** spanFacts: some span starts with a dot, past white space (a leader, maybe wide-spaced:
 *  spaced_leaders.ts). */
const HAS_DOT_START = 8;

/** What the joiner asks of a line's spans, from one pass over them: every line of the page
 * passes here, and three passes over the spans cost a seventh of the joiner (issue 9: speed). */
function spanFacts(line: Line): number {
  let facts = ALL_BLANK | ALL_INVISIBLE;
  for (const span of line.spans) {
    // The first unit that is no space, read once: blank spans have none, leaders a dot.
    const first = firstInkedUnit(span.text);
    if (first < 0) continue;
    if (first === FULL_STOP) facts |= HAS_DOT_START;
    facts &= ~ALL_BLANK;
    if (span.invisible !== true) facts &= ~ALL_INVISIBLE;
    if (isFigureText(span)) facts |= HAS_FIGURE_TEXT;
  }
  return facts;
}

export interface PrepareOptions {
  /** Whether a text frame's edge stands between two fragments of a row (frame_edges.ts):
   *  they are then never joined. Absent: no frames on the page. */
  frameEdgeBetween?: FrameEdgeBetween;
  /** False when the extractor found no right-to-left letter on the page: no line then needs
   * the bidirectional pass, and none is searched for one. */
  rightToLeft?: boolean;
  /** The input lines are the caller's to change, read by nothing after this call but through
   * the lines returned (layout/page_layout.ts layOutPage's, made for the page by its
   * extractor): they are joined in place, not copied first. Absent: the input is left as it was. */
  inPlace?: true;
}

/**
 * Returns the page's lines with empty lines dropped and same-baseline fragments joined,
 * sorted top to bottom, then left to right. Input lines are not modified, unless the caller
 * hands them over (PrepareOptions.inPlace).
 */
export function prepareLines(input: readonly Line[], options: PrepareOptions = {}): Line[] {
  // Three phases, each a function of its own: the fragments kept, the rows joined, the passes
  // over the joined lines. One function had held the first two, and a rare path met late (an
  // OCR layer's words, a figure's text, a vertical line) sent all of it back to be compiled
  // again: V8 compiled prepareLines nine times in a fresh worker.
  const lines = drawnLines(input, options.inPlace === true);
  sortByCentreThenLeft(lines);
  const columns = findColumnStarts(lines);
  // Asked once for the page: every pair of fragments a little apart had asked its line.
  const rightToLeft = options.rightToLeft !== false;
  const joined = joinedRows(lines, columns, rightToLeft, options.frameEdgeBetween);
  joinRowEndCategories(joined, columns);
  joinContentsEntries(joined, columns);
  joinJustifiedRows(joined, columns);
  if (rightToLeft) for (let i = 0; i < joined.length; i++) joined[i] = toLogicalOrder(joined[i]);
  return joined;
}

/** The page's fragments with text, blank ones dropped, a figure's text taken out of them, and
 *  an OCR layer's words rebuilt into rows (prepareLines). `inPlace`: PrepareOptions.inPlace. */
function drawnLines(input: readonly Line[], inPlace: boolean): Line[] {
  const lines: Line[] = [];
  // Words of an invisible OCR layer, rebuilt into rows of their own below.
  const words: Line[] = [];
  // Each line copied, spans array and all, where the caller keeps the input: the copies were
  // 7 MB a pass of the A/B pages, each kept with the page until it was rendered.
  for (const line of input) {
    if (line.wmode === 1) {
      lines.push(inPlace ? line : copyLine(line, line.spans.slice()));
      continue;
    }
    let facts = spanFacts(line);
    let drawn = line;
    if (facts & HAS_FIGURE_TEXT) {
      drawn = withoutFigureText(line);
      facts = spanFacts(drawn);
    }
    if (facts & ALL_BLANK) continue;
    if (facts & HAS_DOT_START) drawn = withLeadersClosedUp(drawn);
    if (facts & ALL_INVISIBLE) words.push(...splitOcrLine(drawn));
    else lines.push(drawn === line && !inPlace ? copyLine(line, line.spans.slice()) : drawn);
  }
  if (words.length > 0) lines.push(...ocrRows(words));
  return lines;
}

/** The sorted fragments with those of one row joined into lines (prepareLines): each joins
 *  the fragment it continues among the last JOIN_LOOKBACK_MAX kept. */
function joinedRows(lines: readonly Line[], columns: ColumnStarts, rightToLeft: boolean, frameEdgeBetween: FrameEdgeBetween | undefined): Line[] {
  const joined: Line[] = [];
  for (const input of lines) {
    let line = input;
    let merged = false;
    // The fragment's size, measured once for the fragments it is compared with, until it takes
    // one in (null then).
    let lineEm: number | null = null;
    let from = Math.max(0, joined.length - JOIN_LOOKBACK_MAX);
    for (let i = joined.length - 1; i >= from; i--) {
      const prev = joined[i];
      if (prev.wmode !== 0 || line.wmode !== 0) continue;
      // Most fragments looked back at lie on rows above: no overlap at all, no ratio needed.
      if (prev.y1 <= line.y0 || prev.y0 >= line.y1 || verticalOverlap(prev, line) < SAME_ROW_OVERLAP) continue;
      // A glyph or two drawn on their own inside a joined line (XeTeX's mirrored "E" between
      // "X" and "TEX") go in at their place.
      if (liesWithin(line, prev)) {
        insertFragment(prev, line);
        merged = true;
        break;
      }
      // Rows sort by their centre, so a fragment a little higher (a raised "A" in "LaTeX")
      // can come first although it stands right of the one that follows: join either way.
      const reversed = line.x0 < prev.x0;
      if (reversed && !centresLevel(prev, line) && !raisedMarkLevel(line, prev)) continue;
      const left = reversed ? line : prev;
      const right = reversed ? prev : line;
      lineEm ??= lineSize(line);
      const em = Math.max(lineSize(prev), lineEm, 1);
      const gap = right.x0 - left.x1;
      // The gap first: it rules out most pairs of a table row before any text is looked at.
      if (!joins(left, right, gap, em, columns, rightToLeft)) continue;
      if (frameEdgeBetween !== undefined && frameEdgeBetween(left, right)) continue;
      // A comma held off its name by an icon drawn between them takes no space.
      if (isPagesAfterLeader(left, right)) appendToLeader(left, right);
      else appendFragment(left, right, em, !startsWithSeparatedMark(right));
      if (!reversed) {
        takeLaterOnRow(joined, i, columns, rightToLeft);
        merged = true;
        break;
      }
      // The fragment on the left took the earlier one in: it may join what lies left of it
      // on the row in turn ("1.3.3" ⇥ "pdfLaTeX" ← ". . . 7"), so it is looked at again.
      lineEm = null;
      joined.splice(i, 1);
      from = Math.max(0, joined.length - JOIN_LOOKBACK_MAX);
      i = joined.length;
    }
    if (!merged) joined.push(line);
  }
  return joined;
}

/**
 * The fragment at `joined[at]` has grown rightwards: a fragment right of it on its row that
 * sorted before it (its box a little higher or lower, as an old-style page number in a
 * contents entry: "Option processing" ⇥ "6", the "6" looked at when only "3.1" stood there,
 * too far off) joins it now when it would have joined the whole line.
 */
function takeLaterOnRow(joined: Line[], at: number, columns: ColumnStarts, rightToLeft: boolean): void {
  const line = joined[at];
  for (let j = Math.max(0, at - JOIN_LOOKBACK_MAX); j < at; j++) {
    const other = joined[j];
    if (other.wmode !== 0 || other.x0 < line.x1 || other.y1 <= line.y0 || other.y0 >= line.y1 || verticalOverlap(other, line) < SAME_ROW_OVERLAP) continue;
    if (!centresLevel(line, other)) continue;
    const em = Math.max(lineSize(line), lineSize(other), 1);
    if (!joins(line, other, other.x0 - line.x1, em, columns, rightToLeft)) continue;
    appendFragment(line, other, em);
    joined.splice(j, 1);
    return;
  }
}

/** A word of an OCR layer that is only vertical bars (| ¦ │ ┃, between white space): the
 * engine's reading of a table's vertical rule, not text. */
function isOcrBarCode(code: number): boolean {
  return code === 0x7c || code === 0xa6 || code === 0x2502 || code === 0x2503;
}

/**
 * An OCR line cut into the words ocrRows rebuilds rows from: at its bars, each bar a word of
 * its own (ocrRows drops it and cuts the row there: each side is a cell), and at a blank
 * wider than a word space (the engine joined a figure's caption in the margin to the body
 * line beside it with one space glyph 70 pt wide).
 */
function splitOcrLine(line: Line): Line[] {
  // The size of the last word before a blank measures it.
  let em = 0;
  let cuts = false;
  for (const span of line.spans) {
    if (isOcrRule(span) || isWideBlank(span, em)) cuts = true;
    else if (!isBlankText(span.text)) em = span.size;
  }
  if (!cuts) return [copyLine(line, line.spans.slice())];
  const out: Line[] = [];
  let run: Span[] = [];
  const flush = () => {
    if (run.length > 0) out.push(remadeLine(line, run));
    run = [];
  };
  em = 0;
  for (const span of line.spans) {
    if (isOcrRule(span)) {
      flush();
      run.push(span);
      flush();
    } else if (isWideBlank(span, em)) {
      flush();
    } else {
      if (!isBlankText(span.text)) em = span.size;
      run.push(span);
    }
  }
  flush();
  return out;
}

/** A blank wider than a word space of the last word's size `em` (none before a word): a
 *  function of the module, not a closure made per line, which lost its optimised code at each
 *  full garbage collection. */
function isWideBlank(span: Span, em: number): boolean {
  return em > 0 && isBlankText(span.text) && span.x1 - span.x0 > OCR_JOIN_GAP_EMS * em;
}

/** `/^[|¦│┃]+$/.test(span.text.trim())` read by code (isSpaceCode is what trim removes):
 *  every span of an OCR layer's lines is asked, and a trimmed copy and a pattern were made
 *  for each. */
function isOcrRule(span: Span): boolean {
  const text = span.text;
  let start = 0;
  let end = text.length;
  while (start < end && isSpaceCode(text.charCodeAt(start))) start++;
  while (end > start && isSpaceCode(text.charCodeAt(end - 1))) end--;
  if (start === end) return false;
  for (let k = start; k < end; k++) if (!isOcrBarCode(text.charCodeAt(k))) return false;
  return true;
}

/**
 * An OCR layer's words rebuilt into lines: rows of words whose vertical extents overlap
 * (each against the row's first word, so a slow drift does not chain rows together), each
 * row read left to right and cut where a gap is wider than a word space. Sorting by top edge
 * then sweeping keeps it O(n log n) plus the open rows a word is compared with, which are
 * only those still overlapping it vertically.
 */
function ocrRows(words: Line[]): Line[] {
  words.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const rows: { head: Line; words: Line[] }[] = [];
  let open = 0;
  for (const word of words) {
    while (open < rows.length && rows[open].head.y1 < word.y0) open++;
    let row: { head: Line; words: Line[] } | null = null;
    let best = OCR_SAME_ROW_OVERLAP;
    for (let r = open; r < rows.length; r++) {
      const overlap = verticalOverlap(rows[r].head, word);
      if (overlap >= best) {
        best = overlap;
        row = rows[r];
      }
    }
    if (row) row.words.push(word);
    else rows.push({ head: word, words: [word] });
  }
  const out: Line[] = [];
  for (const row of rows) {
    row.words.sort((a, b) => a.x0 - b.x0);
    let current: Line | null = null;
    for (let j = 0; j < row.words.length; j++) {
      const word = row.words[j];
      if (word.spans.every(isOcrRule)) {
        current = null;
        continue;
      }
      const em = Math.max(lineSize(word), current ? lineSize(current) : 0, 1);
      if (current && word.x0 - current.x1 <= OCR_JOIN_GAP_EMS * em && word.x0 - current.x1 >= -0.5 * em && !(inTwoSizes(row.words[j - 1].spans, word.spans, 0) && inTwoSizes(current.spans, spansFrom(row.words, j), OCR_SIZED_CHARS_MIN))) {
        appendFragment(current, word, em);
        continue;
      }
      current = copyLine(word, word.spans.slice());
      out.push(current);
    }
  }
  for (const line of out) evenOcrSize(line);
  return out;
}

/** Whether two texts, each of `charsMin` letters or more, are set in sizes more than
 *  OCR_SIDE_BY_SIDE_SIZE_RATIO apart. Two texts of a row side by side are when the words at
 *  the join are (the cut falls between them, not a short word off) and the text left of it
 *  and the text from it on, of OCR_SIZED_CHARS_MIN letters each, are. */
function inTwoSizes(left: readonly Span[], right: readonly Span[], charsMin: number): boolean {
  const a = medianInkSize(left);
  const b = medianInkSize(right);
  if (a.chars < charsMin || b.chars < charsMin || a.chars === 0 || b.chars === 0) return false;
  return Math.max(a.size, b.size) > OCR_SIDE_BY_SIDE_SIZE_RATIO * Math.min(a.size, b.size);
}

/** The spans of a row's words from the `from`th on, up to OCR_SIZED_CHARS_MIN letters: a layer
 *  placed word by word sizes the text right of a join by its first words, not by its first
 *  word alone. */
function spansFrom(words: readonly Line[], from: number): Span[] {
  const spans: Span[] = [];
  let chars = 0;
  for (let k = from; k < words.length && chars < OCR_SIZED_CHARS_MIN; k++) {
    for (const span of words[k].spans) {
      spans.push(span);
      chars += trimmedLength(span.text);
    }
  }
  return spans;
}

/** The size most of the spans' characters carry (the character-weighted median of the inked
 *  ones), and how many characters they are. */
function medianInkSize(spans: readonly Span[]): { size: number; chars: number } {
  // A word of one span (most of an OCR layer's, each asked as the word before a join and as
  // the word after it) is its own median: no list of the inked ones to make and sort.
  if (spans.length === 1) {
    const only = spans[0];
    return hasInk(only) ? { size: only.size, chars: trimmedLength(only.text) } : { size: 0, chars: 0 };
  }
  const sized = spans.filter(hasInk).sort(bySize);
  let total = 0;
  for (const s of sized) total += trimmedLength(s.text);
  let seen = 0;
  let size = 0;
  for (const s of sized) {
    seen += trimmedLength(s.text);
    size = s.size;
    if (seen * 2 >= total) break;
  }
  return { size, chars: total };
}

/**
 * OCR engines size each word from its own pixels, so one printed line carries sizes a few
 * tenths of a point apart (more for short words): the line takes the size most of its
 * characters carry (the character-weighted median), so headings and body keep one style each.
 */
function evenOcrSize(line: Line): void {
  const { size } = medianInkSize(line.spans);
  // A loop, not map: an optimised map makes a holey array, and a line's spans of two
  // elements kinds sent every reader of spans back to the interpreter (see model.ts).
  const spans: Span[] = [];
  for (const s of line.spans) {
    if (s.size === size) {
      spans.push(s);
      continue;
    }
    const sized = copySpan(s);
    sized.size = size;
    spans.push(sized);
  }
  line.spans = spans;
}
