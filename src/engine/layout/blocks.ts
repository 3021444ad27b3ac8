// Step 5, each page: group a reading-ordered column of lines into blocks and say what each block
// is: heading, list item, code, or paragraph. Uses the document statistics so a heading
// is a heading because of how the whole document is set, not one page.
import { ruledRight } from "./ruled_measure.js";
import { endsAddress } from "./postal_lines.js";
import { LETTER_MATH_NAME, MATH_NAME } from "../extract/font_names.js";
import { type Line, lineLike, type Span, spanPiece } from "../model.js";
import { isAuthorLine } from "./author_lines.js";
import { bareNumeralLength } from "./bare_numerals.js";
import { isLabelWithBoldValue } from "./bold_values.js";
import { itemRunPairs } from "./item_runs.js";
import type { Box } from "./box.js";
import { type DocumentStats, HEADING_LEVELS_MAX, headingLevelOf, lineStyle, type LineStyleFacts, lineStyleFacts, nonSpaceLength, PITCH_LINE_CHARS_MIN, roundHalf, type TextStyle } from "./document_stats.js";
import { isRtlText } from "./bidi.js";
import { leadingBulletLength, UNICODE_BULLET_CHARS } from "./bullet_glyphs.js";
import { alignedTermStarts } from "./aligned_terms.js";
import { centredAmongCentred, markCentredBreaks } from "./centred_lines.js";
import { type FirstLineIndents, firstLineIndents } from "./first_line_indents.js";
import { continuesDefinition, moveCategoryToEnd } from "./definitions.js";
import { endsInIndexPages, isContentsEntry, isContentsEntryLine, isContentsEntryText, endsWrappedEntry, wrapsIndexEntry } from "./leaders.js";
import { markTypewriterSubtitles } from "./typewriter_subtitles.js";
import { endsIndexEntry, ENTRY_GOES_ON, goesOnInIndex, indexWraps } from "./index_wraps.js";
import { isEastAsianWide } from "./east_asian.js";
import { markEastAsianCodeLines } from "./east_asian_code.js";
import { isCodeCallout } from "./code_callouts.js";
import { firstWordWidth, joinedLineTexts, lineText, measuredFirstWordWidth, PARENTHESISED_REMARK, textSpanFrom, verticalOverlap } from "./lines.js";
import { markNumberedListings, startsWithListingNumber } from "./numbered_listings.js";
import { marginLabelsFirst } from "./margin_labels.js";
import { sectionSlideDepths, type SlideDraft } from "./section_slides.js";
import { outlineNumber, settleOutlineNumbers } from "./outline_numbers.js";
import type { FieldBetween } from "./form_fields.js";
import { startsWithNoteMark } from "./footnote_area.js";
import { superscripts } from "./superscripts.js";
import { smallCapsSpans } from "./small_caps.js";
import { isTagBracket } from "./tag_brackets.js";
import { isMetavariableLine, metavariableSpans } from "./metavariables.js";
import { type ParagraphSkip, paragraphSkip, skipGap } from "./paragraph_skips.js";
import { endLabelledParagraphs } from "./labelled_paragraphs.js";
import { addressGoesOn, isOneToken } from "./url_breaks.js";
import { isBlankText, isSpaceCode, trimmedLength } from "./whitespace.js";
import { isDashInsideParagraph } from "./dash_starts.js";
import { isWrapMarkerAtEnd } from "./wrap_markers.js";
import { hasWordChar, isAsciiLetterOrDigit, startsWithDigit } from "./word_chars.js";
import { sortNumbers } from "./number_sort.js";
import { isRaggedRightColumn, wrappedInRaggedParagraph } from "./ragged_right.js";
import { bridgesSet } from "./set_bridges.js";
import { goesOnUnderEntryLabel, hangsUnderEntryLabel, startsReferenceEntry } from "./reference_entries.js";

export type Block =
  | { kind: "heading"; level: number; lines: Line[]; /** A section's title by its setting (sectionTitleDepth), never a byline. */ section?: true }
  | { kind: "paragraph"; lines: Line[]; running?: boolean }
  | { kind: "list_item"; ordered: boolean; marker: string; depth: number; markerX: number; textX: number; lines: Line[]; /** Its text runs right to left, its marker at the right edge. */ rtl: boolean; /** A check box's item: "[ ]" or "[x]" after the marker. */ task: " " | "x" | undefined }
  | { kind: "code"; lines: Line[] };

/** A page's block as the render step's later passes see them: a table among the blocks
 *  (render/page.ts PageBlock), which the layout passes over blocks leave where it stands. */
export type BlockOrTable = Block | { kind: "table" };

/** Blocks of a kind are made here, each with its kind's fields in one order (an absent one
 *  undefined): one hidden class per kind, so the passes that read blocks stay monomorphic. */
export function paragraphBlock(lines: Line[], running?: boolean): Extract<Block, { kind: "paragraph" }> {
  return { kind: "paragraph", lines, running };
}

export function headingBlock(level: number, lines: Line[], section?: true): Extract<Block, { kind: "heading" }> {
  return { kind: "heading", level, lines, section };
}

export function codeBlock(lines: Line[]): Extract<Block, { kind: "code" }> {
  return { kind: "code", lines };
}

/** A vertical gap larger than this many times the usual line gap starts a new block. */
const PARAGRAPH_GAP_FACTOR = 1.6;
/** A gap under this share of the line's height is leading, not a blank line ... */
const LEADING_EMS_MAX = 1;
/** ... and the leading gaps set the usual gap when they are at least this share of all. */
const LEADING_SHARE_MIN = 1 / 3;
/** Absolute gap (in ems) that always starts a new block, for pages with few lines: a paper's
 * affiliations, a list item and the paragraph after it, set half a line apart ... */
const PARAGRAPH_GAP_EMS = 0.6;
/** Points a gap may fall short of the paragraph gap and still meet it: coordinates are
 *  rounded by the producer and by the font's box, a margin of exactly the gap is meant. */
const GAP_ROUNDING_PT = 0.05;
/** ... or this many, next to a line whose box is shorter than its type (fullBox). */
const PARAGRAPH_GAP_SHORT_BOX_EMS = 0.9;
/** A line box at least this share of its type's size tall is as tall as its type. */
const LINE_BOX_SIZE_SHARE_MIN = 0.85;
/** A first line indented by more than this many ems (and less than the max) starts a paragraph. */
const INDENT_EMS_MIN = 0.8;
const INDENT_EMS_MAX = 6;
/** A line ending this many ems short of the column's right edge ends its paragraph. */
const SHORT_LINE_EMS = 3;
/** Headings are at most this many lines and characters. */
const HEADING_LINES_MAX = 3;
const HEADING_CHARS_MAX = 200;
/** Share of a heading's characters that must be set in the heading style. */
const HEADING_STYLE_SHARE_MIN = 0.85;
/** A heading numbered "6.3.2 Title": each number is one level of the document's outline,
 *  whatever the style rank on the selected pages says (a subsection alone on its page). The
 *  title may start with a path, a quote or a bracket as well as a letter (the Filesystem
 *  Hierarchy Standard's "3.5. /boot : Static files of the boot loader" over "3.5.1. Purpose"),
 *  never with a figure or a sign: "1.5 -2.0" is a table's row. */
const SECTION_NUMBER = /^\s*(\d{1,3}(?:\.\d{1,3}){1,5})\.?\s+(?:\p{L}|[/\\"“‘'(\[<@_~.]\S)/u;
/** A DocBook contents entry's number: two levels or more, each ending in a full stop ("3.2. ",
 *  "3.2.1. "); the first level is captured. */
const DOTTED_ENTRY_NUMBER = /^\s*(\d{1,3})\.(?:\d{1,3}\.){1,5}\s+\p{L}/u;
/** The number a block's first line starts with ("3. Valgrind …", "3.1. Programs …"): its
 *  first level is captured. */
const BLOCK_NUMBER = /^\s*(\d{1,3})\.(?:\d{1,3}\.){0,5}\s+\p{L}/u;

/** Whether `text` opens an entry numbered under the number the block `current` starts with
 *  (DOTTED_ENTRY_NUMBER, its first level that of BLOCK_NUMBER): "1.1. How do …" under
 *  "1. Background". */
function isEntryUnder(text: string, current: Draft): boolean {
  // Its digit first (startsWithDigit): every pair of lines is asked.
  if (!startsWithDigit(text)) return false;
  const entry = DOTTED_ENTRY_NUMBER.exec(text);
  if (entry === null || current.lines.length === 0) return false;
  const block = BLOCK_NUMBER.exec(lineText(current.lines[0]));
  return block !== null && block[1] === entry[1];
}

/** A heading wrapped onto a second line (a centred title, whose shorter second line reads as
 *  an indent) sits closer than this many ems below its first line; separate headings in one
 *  style are set further apart (a title page's title, edition and date). */
const HEADING_WRAP_GAP_EMS_MAX = 0.5;
/** ... and its glyph box may overlap the first's by this many ems: a browser sets a title's
 *  lines closer than its font's ascent and descent (Chromium's "City to test electric ferries
 *  on the harbour" | "line", 0.2 pt into each other at 20 pt). */
const HEADING_WRAP_OVERLAP_EMS_MAX = 0.25;
/** Monospace more than this many points above the body size is display type, not code. */
const CODE_SIZE_OVER_BODY_MAX = 1.5;
/** A monospace line with this share of its characters at a heading size is display type (a
 * chapter head whose title is set larger than its label); a dash or a symbol set larger in a
 * line of code is not. */
const DISPLAY_SHARE_MIN = 0.25;
/** A code block continues across blank lines up to this many line heights. */
const CODE_GAP_LINES_MAX = 2.5;
/** List items nest when their marker is this many ems right of the enclosing item's. */
export const NEST_INDENT_EMS = 0.8;
/** A list item's wrapped line hangs at its text, give or take this many ems. */
const HANG_TOLERANCE_EMS = 0.5;
/** Lines looked ahead for the next item of a sequence ("b." after "a."); a list item runs
 * a few lines, a list of items rarely runs further without its next marker. */
const SEQUENCE_LOOKAHEAD_LINES = 40;
/** Roman numerals above this are words ("mix", "dim"), not list markers. */
const ROMAN_VALUE_MAX = 50;

// A middle dot before a digit is a decimal point (dcolumn's "·4"), not a bullet.
const BULLET = new RegExp(`^\\s*((?![·∙]\\d)[${UNICODE_BULLET_CHARS}]|[-–—*](?=\\s))\\s*`, "u");
// 1. 1) (1)  a. a) (a)  A. A) (A)  iv. iv) (iv)  IV. IV) (IV), then a space, or directly
// the text in a right-to-left line (its marker sits across the gap, at the right edge).
const ORDERED = /^\s*(?:\((\d{1,3}|[a-zA-Z]|[ivxlcdm]{2,6}|[IVXLCDM]{2,6})\)|(\d{1,3}|[a-zA-Z]|[ivxlcdm]{2,6}|[IVXLCDM]{2,6})([.)]))(?=\s|[\p{Script=Hebrew}\p{Script=Arabic}])\s*/u;
/** Text whose first letter is Hebrew or Arabic runs right to left. */
const RTL_START = /^[^\p{L}]*[\p{Script=Hebrew}\p{Script=Arabic}]/u;
const ROMAN = /^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/;
const ROMAN_DIGITS: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

export type OrderedStyle = "number" | "lower-alpha" | "upper-alpha" | "lower-roman" | "upper-roman";

export interface ListMarker {
  ordered: boolean;
  /** How the Markdown writes it: "-" for a bullet, "N." for an ordered item (letters and
   * roman numerals by their ordinal: "b)" is "2.", "iv." is "4."). */
  marker: string;
  /** Characters of the first line's text the marker occupies, whitespace included. */
  length: number;
  /** Ordered markers: how the page writes the number, and its value. */
  style?: OrderedStyle;
  value?: number;
  /** Letters and roman numerals: "A. Smith wrote" starts a sentence and "(E)" labels a
   * drawing, so such a marker is an item only where a list sequence confirms it (layout
   * checks its neighbours). */
  weak?: boolean;
  /** A letter that is also a roman numeral ("i", "v", "x" …): the other reading, for the
   * sequence to choose ("h." "i." is a letter, "i." "ii." a numeral). */
  alt?: { style: OrderedStyle; value: number; marker: string };
  /** A multi-level number's parts ("1.2.1" is [1, 2, 1]; outline_numbers.ts): written as an
   * ordered item numbered by its last part, nested by indent. */
  path?: number[];
  /** A check box's item (☐, or ☑ ☒ ticked): written as a task list's "[ ]" or "[x]". */
  task?: " " | "x";
}

/** A list marker with every field present, in ListMarker's order: markers made several ways
 *  (spread, with and without their optional fields) were of several hidden classes. */
function newMarker(ordered: boolean, marker: string, length: number, style?: OrderedStyle, value?: number, weak?: boolean, alt?: ListMarker["alt"], path?: number[], task?: " " | "x"): ListMarker {
  return { ordered, marker, length, style, value, weak, alt, path, task };
}

/** A check box starting a line, and a space: an item of a checklist or a multiple choice. */
const TASK_BOX = /^\s*([☐☑☒])\s+/u;
/** Another box later on the line makes it a row of choices ("☐ Yes ☐ No", "☐ Visitor ☐
 *  Winter contract"), no item. */
const BOX_GLYPH = /[☐☑☒□❑❒]/u;

function romanValue(token: string): number | null {
  const lower = token.toLowerCase();
  if (!ROMAN.test(lower)) return null;
  let value = 0;
  for (let i = 0; i < lower.length; i++) {
    const digit = ROMAN_DIGITS[lower[i]];
    const next = i + 1 < lower.length ? ROMAN_DIGITS[lower[i + 1]] : 0;
    value += digit < next ? -digit : digit;
  }
  return value > 0 && value <= ROMAN_VALUE_MAX ? value : null;
}

/** A number of two digits or more starting with a zero is a code, no item's number: a
 *  telephone number's area code in brackets ("(000) 000 000", "(020) 7946 0958" in a CV's
 *  contact lines had been items numbered 0). */
const LEADING_ZERO = /^0\d/;

/** What follows an author's initial: another initial, or a surname and, after a comma or
 * "and", the next author's initial ("Bowman, S. Emberson", "Kline and D. Kline"). */
const AUTHOR_AFTER_INITIAL = /^(?:\p{Lu}\.\s|\p{Lu}[\p{Ll}'’-]+(?:,|\s+(?:and|&))\s+\p{Lu}\.)/u;

/** The most characters an ordered marker's token runs before its full stop or bracket
 *  (ORDERED: "iv", "xviii", "123"). */
const ORDERED_TOKEN_CHARS_MAX = 6;

/**
 * Whether `text` may start with a marker listMarker reads: past white space, a character
 * outside ASCII (a box, a bullet, a dash, for the patterns to tell), a hyphen, an asterisk or
 * an opening bracket, or a letter or digit with a full stop or a closing bracket among the
 * ORDERED_TOKEN_CHARS_MAX characters after it. Every line of every column is asked, most start
 * with a word, and three patterns had been run on each.
 */
function mayStartListMarker(text: string): boolean {
  let p = 0;
  while (p < text.length && isSpaceCode(text.charCodeAt(p))) p++;
  if (p === text.length) return false;
  const c = text.charCodeAt(p);
  if (c >= 0x80 || c === 0x28 || c === 0x2d || c === 0x2a) return true;
  if (!isAsciiLetterOrDigit(c)) return false;
  const last = Math.min(text.length - 1, p + ORDERED_TOKEN_CHARS_MAX);
  for (let k = p + 1; k <= last; k++) {
    const d = text.charCodeAt(k);
    if (d === 0x2e || d === 0x29) return true;
  }
  return false;
}

export function listMarker(text: string): ListMarker | null {
  if (!mayStartListMarker(text)) return null;
  const box = TASK_BOX.exec(text);
  if (box && text.length > box[0].length && !BOX_GLYPH.test(text.slice(box[0].length))) return newMarker(false, "-", box[0].length, undefined, undefined, undefined, undefined, undefined, box[1] === "☐" ? " " : "x");
  const bullet = BULLET.exec(text);
  if (bullet && text.length > bullet[0].length) return newMarker(false, "-", bullet[0].length);
  const ordered = ORDERED.exec(text);
  if (!ordered || text.length <= ordered[0].length) return null;
  const token = ordered[1] ?? ordered[2];
  const length = ordered[0].length;
  const upper = token !== token.toLowerCase();
  const marker = (style: OrderedStyle, value: number, weak?: boolean, alt?: ListMarker["alt"]): ListMarker => newMarker(true, `${value}.`, length, style, value, weak, alt);
  if (DIGIT_START.test(token)) return LEADING_ZERO.test(token) ? null : marker("number", Number(token));
  const weak = true;
  // An author's initial starts a reference as a capital letter's marker does: "J. M. Chambers
  // (1998)", "J. Bowman, S. Emberson and …", "K. Kline and D. Kline" (R-data's references).
  if (upper && token.length === 1 && AUTHOR_AFTER_INITIAL.test(text.slice(length))) return null;
  const roman = romanValue(token);
  if (token.length > 1) return roman === null ? null : marker(upper ? "upper-roman" : "lower-roman", roman, weak);
  const letter = marker(upper ? "upper-alpha" : "lower-alpha", token.toLowerCase().charCodeAt(0) - 96, weak);
  if (roman === null) return letter;
  const numeral = marker(upper ? "upper-roman" : "lower-roman", roman, weak);
  // "i" is far more often the first numeral than the ninth letter; "v", "x", "c" … letters.
  const [first, other] = roman === 1 ? [numeral, letter] : [letter, numeral];
  first.alt = { style: other.style!, value: other.value!, marker: other.marker };
  return first;
}

/** The list marker a line starts with: a symbol font's bullet glyph, or one in its text. */
export function lineMarker(line: Line, text: string): ListMarker | null {
  const glyph = leadingBulletLength(line);
  if (glyph > 0) {
    const length = glyph + (LEADING_SPACE.exec(text.slice(glyph))?.[0].length ?? 0);
    // Bullets alone after the bullet are no item's text: a chart's points plotted as glyphs
    // (apa6's scatter plot, ZapfDingbats' ● in rows, had become nested items of dots), a row
    // of dots. Signs alone are ("• $ & % # _ { }", a list of TeX's special characters).
    return length < text.length && !bulletsAlone(text, length) ? newMarker(false, "-", length) : null;
  }
  return listMarker(text) ?? touchingMarker(line, text) ?? bareNumeralMarker(line, text) ?? outlineMarker(text);
}

/** A roman numeral with no stop or bracket, set apart by its style (bare_numerals.ts): a weak
 *  marker, which its sequence must confirm. */
function bareNumeralMarker(line: Line, text: string): ListMarker | null {
  const length = bareNumeralLength(line, text);
  if (length === 0) return null;
  const marker = listMarker(`${text.slice(0, length).trimEnd()}. ${text.slice(length)}`);
  return marker && newMarker(marker.ordered, marker.marker, length, marker.style, marker.value, true, marker.alt);
}

/** Whether the text from `from` on holds bullet glyphs (UNICODE_BULLET_CHARS) and white space alone. */
function bulletsAlone(text: string, from: number): boolean {
  for (let k = from; k < text.length; k++) {
    const code = text.charCodeAt(k);
    if (!isSpaceCode(code) && !UNICODE_BULLET_CHARS.includes(text[k])) return false;
  }
  return true;
}

/** A multi-level number's marker ("1.2." is item 2 of its level), kept or dropped by
 *  settleOutlineNumbers. */
function outlineMarker(text: string): ListMarker | null {
  const outline = outlineNumber(text);
  if (outline === null) return null;
  const value = outline.path[outline.path.length - 1];
  return newMarker(true, `${value}.`, outline.length, "number", value, undefined, undefined, outline.path);
}

/** An ordered marker alone in a line's first span ("1.", "b)", "iv."). */
const ORDERED_ONLY = /^\s*(?:\d{1,3}|[a-zA-Z]|[ivxlcdm]{2,6}|[IVXLCDM]{2,6})[.)]$/;
/** Whether the text's last character is a full stop or a closing bracket. */
function endsInStopOrBracket(text: string): boolean {
  const c = text.charCodeAt(text.length - 1);
  return c === 0x2e || c === 0x29;
}
/** A marker set this much smaller or larger than the text it touches (a share of the text's size) is set apart by its size. */
const TOUCHING_MARKER_SIZE_SHARE = 0.15;
/** A marker whose box ends this many ems (of the text) above the text's box is raised off the baseline. */
const RAISED_MARKER_EMS = 0.25;

/**
 * A list's number set against its item's text with no space, set apart by its style: a span
 * of its own in another size or font ("1." at 9 pt touching "Confirm the lease" at 20 pt, as
 * LibreOffice Impress sets numbering that has no label width). The same characters in the
 * text's own style ("1.Introduction") are text as typed, and stay so.
 */
function touchingMarker(line: Line, text: string): ListMarker | null {
  // Indexed, not destructured: destructuring walks the array's iterator, and every line
  // without a marker of the text's kind is asked this.
  const first = line.spans[0];
  const second = line.spans[1];
  // ORDERED_ONLY ends in the marker's stop or bracket: a first span ending otherwise (most)
  // is not tested.
  if (!second || !endsInStopOrBracket(first.text) || !ORDERED_ONLY.test(first.text) || !WORD_CHAR_START.test(second.text)) return null;
  const sizeApart = Math.abs(first.size - second.size) >= TOUCHING_MARKER_SIZE_SHARE * second.size;
  if (!sizeApart && first.font === second.font) return null;
  // On the text's baseline: a raised one is a footnote's or an affiliation's mark ("a)Footnote
  // to title", "1)Authors' institution" in revtex's front matter).
  if (first.y1 < second.y1 - RAISED_MARKER_EMS * second.size) return null;
  const marker = listMarker(`${first.text} ${text.slice(first.text.length)}`);
  return marker && newMarker(marker.ordered, marker.marker, first.text.length, marker.style, marker.value, marker.weak, marker.alt);
}

/**
 * Settles ordered markers by their sequence in a column: a letter that is also a numeral
 * takes the reading its neighbours continue, and a weak marker ("A.", "(b)") stays only when
 * the item before it or one shortly after it continues its sequence. Others are dropped.
 */
function settleSequences(markers: (ListMarker | null)[]): void {
  const last = new Map<OrderedStyle, number>();
  const continues = (from: number, style: OrderedStyle, value: number): boolean => {
    for (let j = from + 1; j < Math.min(markers.length, from + 1 + SEQUENCE_LOOKAHEAD_LINES); j++) {
      const m = markers[j];
      if (!m?.style) continue;
      if ((m.style === style && m.value === value + 1) || (m.alt?.style === style && m.alt.value === value + 1)) return true;
    }
    return false;
  };
  for (let i = 0; i < markers.length; i++) {
    let m = markers[i];
    // Multi-level numbers are settled by their place in the list (settleOutlineNumbers).
    if (!m?.style || m.value === undefined || m.path !== undefined) continue;
    if (m.alt) {
      const primaryFits = last.get(m.style) === m.value - 1 || (m.value === 1 && continues(i, m.style, 1));
      const altFits = last.get(m.alt.style) === m.alt.value - 1 || (m.alt.value === 1 && continues(i, m.alt.style, 1));
      m = altFits && !primaryFits ? newMarker(m.ordered, m.alt.marker, m.length, m.alt.style, m.alt.value, m.weak) : newMarker(m.ordered, m.marker, m.length, m.style, m.value, m.weak);
      markers[i] = m;
    }
    if (m.weak && last.get(m.style!) !== m.value! - 1 && !continues(i, m.style!, m.value!)) {
      markers[i] = null;
      continue;
    }
    last.set(m.style!, m.value!);
  }
}

/** A line starting with an asterisk, then a space. */
const ASTERISK_START = /^\s*\*\s/;

/**
 * Drops an asterisk's marker that no other asterisk at its x, within SEQUENCE_LOOKAHEAD_LINES
 * lines, confirms, and returns the lines whose dropped marker still starts a block. Typeset
 * lists draw their bullets; a lone "*" starting a line is text. After a line whose words go on
 * it goes on that line's paragraph (tubguide's "… an unexpected" | "* has disrupted things.",
 * libtasn1's prototype "… int" | "* ret_len, unsigned char * str …"); otherwise it starts a
 * paragraph of its own (a note's mark: "* Maintainer, Bug Reports …" under a title's authors).
 * Lists typed with asterisks have two items at least.
 */
function dropLoneAsterisks(markers: (ListMarker | null)[], column: readonly Line[], texts: readonly string[], styles: readonly TextStyle[]): boolean[] {
  const starts = new Array<boolean>(column.length).fill(false);
  const asterisk = (i: number) => markers[i] !== null && !markers[i]!.ordered && ASTERISK_START.test(texts[i]);
  const lone: number[] = [];
  for (let i = 0; i < column.length; i++) {
    if (!asterisk(i)) continue;
    const tolerance = HANG_TOLERANCE_EMS * emOfStyle(styles[i]);
    let confirmed = false;
    const last = Math.min(column.length - 1, i + SEQUENCE_LOOKAHEAD_LINES);
    for (let j = Math.max(0, i - SEQUENCE_LOOKAHEAD_LINES); j <= last && !confirmed; j++) {
      confirmed = j !== i && asterisk(j) && Math.abs(column[j].x0 - column[i].x0) <= tolerance;
    }
    if (!confirmed) lone.push(i);
  }
  for (const i of lone) {
    markers[i] = null;
    starts[i] = i === 0 || !(column[i - 1].definition || WORD_GOES_ON.test(texts[i - 1].trimEnd()));
  }
  return starts;
}

// Patterns the module's tests share, made once: a pattern written in a function is a new
// object each time the expression runs, for every line (or character) asked.
const HAS_LETTER = /\p{L}/u;
const HAS_CAPITAL = /\p{Lu}/u;
const HAS_DIGIT = /\d/;
const HAS_SPACE = /\s/;
const DIGIT_START = /^\d/;
const WORD_CHAR_START = /^[\p{L}\p{N}]/u;
const LEADING_SPACE = /^\s*/;
const WHITE_SPACE_RUN = /\s+/;
/** Note marks, digits, commas and spaces only: what a name set in capitals may hold smaller. */
const NOTE_MARKS_ONLY = /^[\s\d∗*†‡,]+$/u;
/** A text ending in a stop, a colon, a semicolon, a closing quote or bracket. */
const CLOSED_END = /[.!?:;"”)\]]$/;
/** A sentence's stop, then perhaps white space, at the text's end. */
const SENTENCE_STOP_END = /[.!?]\s*$/;
/** A colon, then perhaps white space, at the text's end. */
const COLON_END = /:\s*$/;

/** Whether the line's last (direction -1) or first (1) span with a letter or digit is bold
 * (punctuation takes no part: "**The Pot Of Gold**," ends a bold title). */
function edgeBold(line: Line, direction: 1 | -1): boolean {
  const spans = line.spans;
  for (let k = direction === 1 ? 0 : spans.length - 1; k >= 0 && k < spans.length; k += direction) {
    if (hasWordChar(spans[k].text)) return spans[k].bold;
  }
  return false;
}

/** Whether a line sets some of its text at `size` (half a point either way). A line mostly in
 * another size still goes on a paragraph whose line before ran full width mid-sentence when
 * it also holds text at that line's size: a last line mostly in small capitals ("it (e. g.
 * AcrobatReader).", "DVIPDFM(x)." in TeX's documentation). */
function hasTextAtSize(line: Line, size: number): boolean {
  // A loop: `some` with an arrow made a closure for every pair of lines in two sizes.
  for (const span of line.spans) if (Math.abs(span.size - size) < 0.5 && !isBlankText(span.text)) return true;
  return false;
}

/** Whether the line is running text at `size` whose inline code, set smaller, carries most of
 * its characters: its dominant style is the code's, and the next line, all prose, seemed set in
 * another size (gcc's NEWS printed by Chromium: "The support for the m32r-*-linux*,
 * m32rle-*-linux*, m68k*-*-openbsd* and vax-*-openbsd*" | "configurations has been removed."
 * had made the item two blocks). Every span with text not at `size` is in the code face.
 * Asked of text at the body's size: a title's words beside a package name in typewriter
 * (langsci-doc's cover, "The langscibook" | "LATEX class") are the heading rules' to read. */
function isProseOutweighedByCode(line: Line, size: number): boolean {
  let prose = false;
  for (const span of line.spans) {
    if (isBlankText(span.text)) continue;
    if (Math.abs(span.size - size) < 0.5) prose ||= !span.monospace;
    else if (!span.monospace) return false;
  }
  return prose;
}

/** Whether the line starts with a run-in heading: words in bold ending in a stop, then words
 * in the regular weight ("***Face validity.*** The face validity is …"). A term in bold
 * that starts a line of running text ends in no stop ("**Rcpp** provides …"). */
function startsWithRunInHead(line: Line): boolean {
  let head = "";
  for (const span of line.spans) {
    if (!hasWordChar(span.text)) {
      if (head !== "") head += span.text;
      continue;
    }
    if (span.bold) head += span.text;
    else return head !== "" && head.trimEnd().endsWith(".");
  }
  return false;
}

/** Whether the line sets words both bold and regular: a line of running text with terms in
 * bold (ACM's "CCS Concepts: • **Computer systems organization** → **Embedded systems**;"),
 * no heading, whichever weight holds more of its characters. */
function mixedWeights(line: Line): boolean {
  let bold = false;
  let regular = false;
  for (const span of line.spans) {
    if (!WORD_LETTERS.test(span.text)) continue;
    if (span.bold) bold = true;
    else regular = true;
    if (bold && regular) return true;
  }
  return false;
}
/** Two letters in a row: a word, not a mark or a stop. */
const WORD_LETTERS = /\p{L}\p{L}/u;

/** Right edges of a justified block's lines agree within this many points… */
const JUSTIFIED_EDGE_TOLERANCE_PT = 0.5;
/** … and they are this share of the column wide at least. */
const JUSTIFIED_WIDTH_SHARE_MIN = 0.6;

/** A line ending in a letter or a comma stops mid-sentence (not a hyphen, which the next line
 *  may or may not go on, nor a listing's brace). Here: filled where it could not hold the next
 *  line's first word, a line of mixed weights goes on into the next as a full one does (a
 *  browser's ragged lines: "… licensed under the **MIT/X Consortium license**. You may" |
 *  "download it from **the Expat home page**."); render/page_joins.ts: a paragraph's part at a
 *  page's end goes on into the next page's. */
export const MID_SENTENCE_END = /[\p{L},]$/u;

/** A full line of mixed weights goes on into the next whatever their weights, unless it ends
 * a sentence before a line that starts bold (APA's run-in "***Face validity.***" after "…
 * the validity of our instrument."). */
function mixedLineGoesOn(prev: Line, prevText: string, line: Line, prevFull: boolean): boolean {
  if (!prevFull || !(mixedWeights(prev) || mixedWeights(line))) return false;
  return !(endsInSentenceStop(prevText) && edgeBold(line, 1));
}

/** A bold phrase wrapped from a full line onto the next ("… first season is **£18 per**" |
 * "**pallet per month.**"): the paragraph goes on, though the next line is mostly bold. */
function boldWraps(prev: Line, line: Line, prevFull: boolean): boolean {
  return prevFull && edgeBold(prev, -1) && edgeBold(line, 1);
}

/**
 * A weight change between lines is a block change (a bold heading over its text) unless the
 * text goes on in the weight it had, after a line set bold by a lead-in:
 * - a bold lead-in longer than the rest of its line ("**Figure 1. Sample program: sieve of
 *   Eratosthenes.** primes is") makes that line's style bold, yet the paragraph runs on into
 *   the next line in the last words' weight;
 * - a bold lead-in wraps, its first line filling the column ("**Figure 11. Fraction of
 *   dynamic bytecodes executed by inter-** | **preter and on native traces.** The speedup").
 */
function boldLeadInGoesOn(prev: Line, line: Line, prevFillsColumn: boolean): boolean {
  const boldOn = edgeBold(line, 1);
  return edgeBold(prev, -1) === boldOn && (!boldOn || prevFillsColumn);
}

/** Lines ending this many points from the right edge are set against it. */
const EDGE_TOLERANCE_PT = 1;
/** Lines starting within this many ems of the left edge start at it: an OCR layer's words
 * jitter by a fraction of an em, a ragged left edge moves by words. */
const LEFT_EDGE_TOLERANCE_EMS = 1;
/** A column of at least this many lines can show how it is set (an invoice's "Invoice no.",
 * "Date" and "Due" lines set flush right at the top of the page). */
const FLUSH_RIGHT_LINES_MIN = 3;
/** Set flush right: this share of the lines end at the right edge ... */
const FLUSH_RIGHT_SHARE_MIN = 0.8;
/** ... and fewer than this share start at the left one (justified text does both). */
const FLUSH_LEFT_SHARE_MAX = 0.5;

function isFlushRight(column: readonly Line[], styles: readonly TextStyle[], left: number, right: number): boolean {
  if (column.length < FLUSH_RIGHT_LINES_MIN) return false;
  let atRight = 0;
  for (const line of column) if (right - line.x1 <= EDGE_TOLERANCE_PT) atRight++;
  if (atRight < FLUSH_RIGHT_SHARE_MIN * column.length) return false;
  if (endsAllAtOneEdge(column, right)) return true;
  let atLeft = 0;
  for (let i = 0; i < column.length; i++) if (column[i].x0 - left <= LEFT_EDGE_TOLERANCE_EMS * emOfStyle(styles[i])) atLeft++;
  return atLeft < FLUSH_LEFT_SHARE_MAX * column.length;
}

/** A short set whose every line, its last too, ends at one x (JUSTIFIED_EDGE_TOLERANCE_PT)
 *  holds at most this many lines ... */
const FLUSH_RIGHT_SET_LINES_MAX = 6;
/** ... and no two of its lines start within this many points of each other: a justified
 *  paragraph's lines start at one x (but a first line's indent), also where a page or column
 *  cuts it after a full line (amsldoc's "… so there is no need to sep-"). */
const FLUSH_RIGHT_START_APART_PT_MIN = 0.5;

/**
 * Whether a short column's lines all end at its right edge, the last one too, and each starts
 * at an x of its own: lines of nearly one length set flush right (an invoice's "Invoice no.
 * NT-2026-0481" | "Date: 14 November 2026" | "Due: 14 December 2026", starting 1.2 and 3.2 pt
 * apart, under the em that tells a ragged left edge from a straight one).
 */
function endsAllAtOneEdge(column: readonly Line[], right: number): boolean {
  if (column.length > FLUSH_RIGHT_SET_LINES_MAX) return false;
  for (let i = 0; i < column.length; i++) {
    if (right - column[i].x1 > JUSTIFIED_EDGE_TOLERANCE_PT) return false;
    for (let k = 0; k < i; k++) if (Math.abs(column[i].x0 - column[k].x0) < FLUSH_RIGHT_START_APART_PT_MIN) return false;
  }
  return true;
}

/** A glyph in another face inside code is at most this many characters ... */
const CODE_GLYPH_CHARS_MAX = 2;
/** ... set at most this share of the code's size. */
const CODE_GLYPH_SIZE_SHARE_MAX = 0.8;

/** Whether spans[k], not in the code face, is a glyph drawn apart inside code: a character or
 * two set smaller between spans in the code face (an accent TeX composes over a letter, a
 * raised letter: shared-mime-info's "<comment xml:lang="af">verskille tussen lÃ" | "a" |
 * "ers</comment>" in 6 pt within 9 pt code), which leaves the line code. */
function isGlyphInCode(spans: readonly Span[], k: number): boolean {
  const span = spans[k];
  // Digits are a listing's line number between a margin's index entry and the code (a .dtx
  // file's documentation): numbered_listings.ts reads those.
  if (trimmedLength(span.text) > CODE_GLYPH_CHARS_MAX || HAS_DIGIT.test(span.text)) return false;
  const before = textSpanFrom(spans, k - 1, -1);
  const after = textSpanFrom(spans, k + 1, 1);
  if (before < 0 || after >= spans.length || !spans[before].monospace || !spans[after].monospace) return false;
  return span.size <= CODE_GLYPH_SIZE_SHARE_MAX * Math.min(spans[before].size, spans[after].size);
}

/** Whether spans[k] is a metavariable's angle bracket around a name set in the code face
 *  (ltxdocext's "%⟨table head rows⟩" between lines of a commented tabular: the name in
 *  slanted typewriter, the brackets from the symbol font), which leaves the line code. */
function isCodeMetavariableBracket(spans: readonly Span[], k: number): boolean {
  const text = spans[k].text.trim();
  const opens = text === "⟨" || text === "〈";
  if (!opens && text !== "⟩" && text !== "〉") return false;
  const name = textSpanFrom(spans, opens ? k + 1 : k - 1, opens ? 1 : -1);
  return name >= 0 && name < spans.length && spans[name].monospace;
}

/** Whether every span out of the code face is a metavariable's bracket around a name in it. */
function isCodeWithMetavariables(spans: readonly Span[]): boolean {
  let brackets = false;
  for (let k = 0; k < spans.length; k++) {
    if (spans[k].monospace || isBlankText(spans[k].text)) continue;
    if (!isCodeMetavariableBracket(spans, k)) return false;
    brackets = true;
  }
  return brackets;
}

/** Whether a span is set in the code face: a loop, where `some` with an arrow made a closure
 *  for every line of every column. */
function hasCodeFaceSpan(spans: readonly Span[]): boolean {
  for (let k = 0; k < spans.length; k++) if (spans[k].monospace) return true;
  return false;
}

/** A line of code: all of it in the code face but for the angle brackets of its tags, set
 * against their names (tag_brackets.ts). Other signs in another face stay what they are (a
 * bullet before a path, braces around a list of addresses, a font table's "<" shown apart
 * from its code). */
function isMonoLine(line: Line): boolean {
  const spans = line.spans;
  // Every line of every column is asked, and prose has no span in the code face: a bracket or
  // a glyph in another face counts only beside one.
  if (!hasCodeFaceSpan(spans)) return false;
  let any = false;
  let comment = false;
  // Where the last span in the code face ends.
  let codeX1 = -Infinity;
  let metavariables: boolean[] | null = null;
  for (let k = 0; k < spans.length; k++) {
    const span = spans[k];
    if (comment || isBlankText(span.text)) continue;
    // After code, a C comment may be set in the text face (texinfo's @r{}: R-ints'
    // "int callflag;  /* The context ‘type’ */"): the line is code to its end.
    if (any && COMMENT_OPEN.test(span.text)) {
      comment = true;
      continue;
    }
    // So may a remark in parentheses, the rest of the line, set apart in a column of its own
    // (R-lang's "- +" … "(unary)", 8 em apart); one a word space after the code is the
    // text's ("`abstract` (*env.*)" in a list of a class's options).
    if (any && !span.monospace && span.text.trimStart().startsWith("(") && span.x0 - codeX1 >= REMARK_GAP_EMS_MIN * span.size && PARENTHESISED_REMARK.test(textFrom(spans, k))) {
      comment = true;
      continue;
    }
    if (!span.monospace) {
      if (!isTagBracket(spans, k) && !isGlyphInCode(spans, k) && !isCodeCallout(spans, k) && !(any && isWrapMarkerAtEnd(spans, k)) && !(metavariables ??= metavariableSpans(spans))[k]) return false;
      continue;
    }
    // The opening in the code face after code, the comment's words in the text face (a line
    // starting "//" is no code's comment: an address's rest, "//github.com/…").
    if (any ? COMMENT_OPEN.test(span.text) : CODE_THEN_COMMENT.test(span.text)) comment = true;
    any = true;
    codeX1 = span.x1;
  }
  return any;
}
/** A remark in parentheses after code on its row stands at least this many ems from it, in
 * a column of remarks (R-lang's operator table: 8 em). */
const REMARK_GAP_EMS_MIN = 2;
/** The text of spans[k] and those after it. */
function textFrom(spans: readonly Span[], k: number): string {
  let text = "";
  for (let j = k; j < spans.length; j++) text += spans[j].text;
  return text;
}
/** A C or C++ comment's opening, after white space. */
const COMMENT_OPEN = /\/\*|(?:^|\s)\/\//;
/** Code, then a comment's opening, in one span. */
const CODE_THEN_COMMENT = /\S.*\s(?:\/\*|\/\/)/;

/** Whether a share of the line's characters is set at `size` or larger: display type. */
function isDisplayLine(line: Line, size: number): boolean {
  let large = 0;
  let all = 0;
  for (const span of line.spans) {
    const chars = nonSpaceLength(span.text);
    all += chars;
    if (span.size >= size) large += chars;
  }
  return all > 0 && large >= DISPLAY_SHARE_MIN * all;
}

export function emOf(line: Line): number {
  return emOfStyle(lineStyle(line));
}

/** A line's em from its dominant style (at least 1 pt, so a degenerate size divides nothing by zero). */
function emOfStyle(style: TextStyle): number {
  return Math.max(1, style.size);
}

/** Whether the line's box is as tall as its type: MuPDF gives some fonts' lines boxes that
 * cover the x-height only (TeX Gyre Pagella's 11 pt lines are 5 pt tall), and the blank
 * between two such boxes is mostly leading. */
function fullBox(line: Line, style: TextStyle): boolean {
  return line.y1 - line.y0 >= LINE_BOX_SIZE_SHARE_MIN * style.size;
}

/** Removes the first `count` characters of a line's text (a list marker) from its spans. */
export function stripLeadingChars(line: Line, count: number): Line {
  const spans = [];
  let remaining = count;
  for (const span of line.spans) {
    if (remaining <= 0) {
      spans.push(span);
      continue;
    }
    if (span.text.length <= remaining) {
      remaining -= span.text.length;
      continue;
    }
    spans.push(spanPiece(span, span.text.slice(remaining), span.x0, span.x1));
    remaining = 0;
  }
  const first = spans[0];
  return lineLike(line, spans, first ? first.x0 : line.x0, line.y0, line.x1, line.y1);
}

interface Draft {
  lines: Line[];
  mono: boolean;
  marker: ListMarker | null;
  /** Where a list item's text starts, right of its marker: wrapped lines hang there. */
  textX?: number;
  /** A list item whose text runs right to left (its marker at the right edge). */
  rtl?: boolean;
  running?: boolean;
  /** Its first line starts with a footnote's mark (footnote_area.ts startsWithNoteMark), read
   *  once a draft: every line after it was asked whether the draft's first line did. */
  noteMark: boolean;
}

/** A draft with every field present, in Draft's order (a running line's and a block's had
 *  been two shapes). Nothing is stored into a draft's fields but its lines: each section
 *  title's depth had been stored after the fact, and that one store sent buildBlocks back to
 *  the interpreter again and again in a pass (--trace-deopt: 95 bailouts at it). */
function newDraft(line: Line, mono: boolean, marker: ListMarker | null, textX: number | undefined, rtl: boolean | undefined, running: boolean | undefined, noteMark: boolean): Draft {
  return { lines: [line], mono, marker, textX, rtl, running, noteMark };
}

/** The x at which the line's text resumes after its first `count` characters. */
function xAfterChars(line: Line, count: number): number {
  let remaining = count;
  for (const span of line.spans) {
    if (remaining < span.text.length) {
      // Shared out evenly, or by the characters' usual widths where that puts it further left:
      // a number's digits and full stop are narrower than capitals after them ("22.
      // PUNCTUATION BETWEEN …" in aip's list had put its text 5.5 pt right of where its next
      // line hangs). Justified text stretches the space after a marker, so the even share
      // stays where it is the smaller.
      const even = span.x0 + ((span.x1 - span.x0) * remaining) / Math.max(1, span.text.length);
      const before = widthOfChars(span.text, 0, remaining);
      const all = before + widthOfChars(span.text, remaining, span.text.length);
      return all > 0 ? Math.min(even, span.x0 + ((span.x1 - span.x0) * before) / all) : even;
    }
    remaining -= span.text.length;
  }
  return line.x1;
}

/** The usual width of text[from..to) in ems, by the kind of each character (charWidthEms). */
function widthOfChars(text: string, from: number, to: number): number {
  let width = 0;
  for (let k = from; k < to; k++) width += charWidthEms(text.charCodeAt(k));
  return width;
}

/** A character's usual advance in ems, by kind: roman type's spaces and punctuation are
 *  narrow, its capitals wide, and Chinese or Japanese characters a full em. */
function charWidthEms(code: number): number {
  if (code === 0x20 || code === 0x2e || code === 0x2c || code === 0x3a || code === 0x3b || code === 0x27 || code === 0x28 || code === 0x29) return 0.3;
  if (code >= 0x30 && code <= 0x39) return 0.5;
  if (code === 0x2014) return 1;
  if (code === 0x4d || code === 0x57 || code === 0x6d || code === 0x77) return 0.85;
  if (code >= 0x41 && code <= 0x5a) return 0.7;
  if (code === 0x69 || code === 0x6c || code === 0x6a || code === 0x66 || code === 0x74 || code === 0x72 || code === 0x49) return 0.3;
  if (isEastAsianWide(code)) return 1;
  return 0.5;
}

/** Lines whose boxes overlap by more than this share of a line's height are not counted. */
const OVERLAP_SHARE_MAX = 0.25;
/** Lines within this many points of the column's main text size show how its paragraphs are set. */
const MAIN_SIZE_TOLERANCE_PT = 1;
/** A column at most this share of the page's text wide is narrow (buildBlocks). */
const NARROW_COLUMN_SHARE_MAX = 0.5;
/** Below a jump of a paragraph's gap among the leading gaps, at least this many gaps ... */
const LEADING_CLUSTER_MIN = 2;
/** ... and this share of them are the leading, the rest paragraphs' margins (leadingCount). */
const LEADING_CLUSTER_SHARE_MIN = 0.25;

/**
 * The gap between two lines of one paragraph. It is the leading's: on a page of few lines with
 * a blank line after each short paragraph (a letter), blank lines are most of the gaps. Where
 * leading is rare among the lines of the column's main size (text set double-spaced, with a
 * single-spaced footnote in smaller type), all gaps decide. Only main-size lines are counted
 * for that choice: on ocr-handbook-p2 the gaps around a heading and a table outnumbered the two
 * paragraphs' leading, and three one-line entries under a blank line each ran together.
 */
function usualLineGap(column: readonly Line[], styles: readonly TextStyle[], facts: readonly LineStyleFacts[], mainSize: number, stats: DocumentStats): number {
  // Whether the line before was of the main size, carried along the loop (no closure made a
  // call, each line's size compared once).
  let prevMain = column.length > 0 && isMainSize(styles[0], mainSize);
  const gaps: number[] = [];
  // Gaps under an em: the leading between a paragraph's lines, not a blank line.
  const leading: number[] = [];
  let mainGaps = 0;
  let mainLeading = 0;
  for (let i = 1; i < column.length; i++) {
    const main = isMainSize(styles[i], mainSize);
    const bothMain = prevMain && main;
    prevMain = main;
    const raw = column[i].y0 - column[i - 1].y1;
    // Boxes taller than the line pitch overlap a little (form-qpdf-filled's Helvetica set
    // solid): no gap, the tightest leading. Lines overlapping more are not one above the other.
    if (raw < -OVERLAP_SHARE_MAX * (column[i].y1 - column[i].y0) && !ocrLinesOneUnderAnother(column[i - 1], column[i])) continue;
    const gap = Math.max(0, raw);
    gaps.push(gap);
    const isLeading = gap < LEADING_EMS_MAX * (column[i].y1 - column[i].y0);
    if (isLeading) leading.push(gap);
    if (bothMain) {
      mainGaps++;
      if (isLeading) mainLeading++;
    }
  }
  const leadingUsual = mainGaps > 0 ? mainLeading >= LEADING_SHARE_MIN * mainGaps : leading.length >= LEADING_SHARE_MIN * gaps.length;
  const sample = leadingUsual ? leading : gaps;
  sortNumbers(sample);
  const count = leadingCount(sample, mainSize);
  const own = count > 0 ? sample[count >> 1] : 0;
  if (mainLeading >= OWN_LEADING_GAPS_MIN) return own;
  const documents = documentLineGap(column, facts, mainSize, stats);
  return documents === null ? own : Math.min(own, documents);
}

/** Whether a line of `style` is of the column's main size (usualLineGap). */
function isMainSize(style: TextStyle, mainSize: number): boolean {
  return Math.abs(style.size - mainSize) < MAIN_SIZE_TOLERANCE_PT;
}

/** Whether two lines of an OCR layer (every span invisible) stand one under the other, the
 *  second's top and bottom below the first's. An OCR engine boxes a line from its ascenders'
 *  top to its descenders' foot and more: ocr-vicksburg-p3's caption lines, 10.6 pt boxes at a
 *  6.5 pt pitch, overlap by two fifths of a box, yet are a paragraph's lines set solid, and a
 *  caption measured without them took the blank between two figures' captions for its leading. */
function ocrLinesOneUnderAnother(upper: Line, lower: Line): boolean {
  return lower.y0 > upper.y0 && lower.y1 > upper.y1 && isOcrLine(upper) && isOcrLine(lower);
}

/** An OCR line's paragraph indent: at least this many ems right of the lines above and below ... */
const OCR_INDENT_EMS_MIN = 0.5;
/** ... which start within this many ems of each other (the scan's wander, not a list's indent). */
const OCR_NEIGHBOURS_EMS_MAX = 0.2;

/** Whether `line` is set in from the lines before and after it, which start together. */
function ocrIndented(prev: Line, line: Line, next: Line, em: number): boolean {
  if (Math.abs(prev.x0 - next.x0) > OCR_NEIGHBOURS_EMS_MAX * em) return false;
  return line.x0 - prev.x0 >= OCR_INDENT_EMS_MIN * em && line.x0 - next.x0 >= OCR_INDENT_EMS_MIN * em && line.x0 - prev.x0 < INDENT_EMS_MAX * em;
}

function isOcrLine(line: Line): boolean {
  for (const span of line.spans) if (span.invisible !== true) return false;
  return true;
}

/** A column with this many gaps of leading between its main-size lines at least measures its
 *  own; a shorter one takes the document's body leading where one of its pairs shows it. */
const OWN_LEADING_GAPS_MIN = 3;
/** Pitches within this many points of the body's are the body's (it is rounded to half a point). */
const BODY_PITCH_TOLERANCE_PT = 0.5;

/**
 * The gap between the column's lines set at the document's body pitch (document_stats.ts
 * bodyPitchOf), when its main size is the body's and a pair of its paragraph lines shows that pitch: a
 * run too short to measure its own leading, which the document's confirms. A page's run of six
 * lines (univie-ling's numbered examples, "(1) Das ist ein mehrzeiliges Beispiel" | "Es kann
 * mehrere Absätze enthalten" | "(2) …" and a two-line paragraph) had two gaps of leading to
 * measure, one of them an example's paragraph margin, and the median took the margin for the
 * leading. A run none of whose pairs is set at the body pitch (a title page's lines, a
 * caption's) keeps its own measure.
 */
function documentLineGap(column: readonly Line[], facts: readonly LineStyleFacts[], mainSize: number, stats: DocumentStats): number | null {
  const pitch = stats.bodyPitch;
  if (pitch === null || pitch === undefined || Math.abs(mainSize - stats.body.size) >= MAIN_SIZE_TOLERANCE_PT) return null;
  const bodySize = stats.body.size;
  let gap: number | null = null;
  for (let i = 1; i < column.length; i++) {
    // Lines of a paragraph, as the document's pitch was measured on (a title page's "by" |
    // "The Graduate College" is no sample, nor a contents entry wrapped under its title).
    if (!isBodyLine(column[i], facts[i], bodySize) || !isBodyLine(column[i - 1], facts[i - 1], bodySize)) continue;
    if (Math.abs(column[i].y0 - column[i - 1].y0 - pitch) > BODY_PITCH_TOLERANCE_PT) continue;
    const own = Math.max(0, column[i].y0 - column[i - 1].y1);
    gap = gap === null ? own : Math.min(gap, own);
  }
  return gap;
}

/** A line of a paragraph at the body's size, as documentLineGap samples the pitch on (a
 *  function, not a closure made a call). */
function isBodyLine(line: Line, facts: LineStyleFacts, bodySize: number): boolean {
  return facts.chars >= PITCH_LINE_CHARS_MIN && Math.abs(facts.style.size - bodySize) < MAIN_SIZE_TOLERANCE_PT && !isContentsEntry(line);
}

/** The size most of the column's characters are set in. */
function mainSizeOf(styles: readonly TextStyle[], texts: readonly string[]): number {
  let mainSize = styles[0].size;
  let oneSize = true;
  for (let i = 1; i < styles.length && oneSize; i++) oneSize = styles[i].size === mainSize;
  if (oneSize) return mainSize;
  // The sizes in the order first met and the characters each carries, in two arrays kept from
  // call to call (a column has a few sizes), where a Map was made for every column.
  columnSizes.length = 0;
  columnSizeChars.length = 0;
  for (let i = 0; i < styles.length; i++) {
    const at = indexOfSize(columnSizes, styles[i].size);
    if (at < 0) {
      columnSizes.push(styles[i].size);
      columnSizeChars.push(texts[i].length);
    } else columnSizeChars[at] += texts[i].length;
  }
  let mainChars = columnSizeChars[indexOfSize(columnSizes, mainSize)];
  for (let k = 0; k < columnSizes.length; k++) {
    if (columnSizeChars[k] > mainChars) {
      mainSize = columnSizes[k];
      mainChars = columnSizeChars[k];
    }
  }
  return mainSize;
}
const columnSizes: number[] = [];
const columnSizeChars: number[] = [];

/** Where `size` is among `sizes`, as a Map finds its key (NaN is NaN), or -1. */
function indexOfSize(sizes: readonly number[], size: number): number {
  for (let k = 0; k < sizes.length; k++) if (sizes[k] === size || (sizes[k] !== sizes[k] && size !== size)) return k;
  return -1;
}

/**
 * How many of the sorted gaps are leading: all of them, unless they fall in two clusters a
 * paragraph's gap apart with enough in the lower one. A browser sets a paragraph's margin of
 * one em under its last line, less than a line's box: a letter's short paragraphs ("Dear Ms
 * Ek," | "We hereby give notice …") leave as many of those gaps as leading ones, and the
 * median fell among the margins, so no margin ended a paragraph.
 */
function leadingCount(sorted: readonly number[], em: number): number {
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] - sorted[i - 1] < PARAGRAPH_GAP_EMS * em - GAP_ROUNDING_PT) continue;
    // The first jump splits them; too few below it are stray tight pairs, not the leading.
    return i >= Math.max(LEADING_CLUSTER_MIN, LEADING_CLUSTER_SHARE_MIN * sorted.length) ? i : sorted.length;
  }
  return sorted.length;
}

/** `pageLeft`: the left edge of the page's text, where a column's flush-right lines leave
 * their room (an invoice's "Invoice no.: …" | "Date: …" block, a column of its own).
 * `pageRight`: the right edge of the page's text, against which a column is narrow
 * (markShortLineSets). `floats`: boxes floated beside the text (side tables, framed figures),
 * whose band gives the lines beside them their right edge (rightEdgesBesideFloats). */
/** No rules drawn: most callers (a footnote, a float) measure by their lines. */
const NO_RULES: readonly Box[] = [];

export function buildBlocks(read: readonly Line[], stats: DocumentStats, fieldBetween?: FieldBetween, pageLeft = Infinity, pageRight = -Infinity, floats: readonly Box[] = [], blockTitles: ReadonlySet<Line> = NO_BLOCK_TITLES, rules: readonly Box[] = NO_RULES): Block[] {
  if (read.length === 0) return [];
  // A listing's names in the margin come before it, not between its lines.
  const { column, labels } = marginLabelsFirst(read);
  // Each line's style and text, once: a line is compared as the line and again as the one before.
  // Loops in this function, not closures over the column: a closure made per call loses its
  // optimised code at each full garbage collection, and was compiled again every few passes.
  // Nor map: an optimised map makes a holey array, an interpreted one a packed array, and the
  // passes given these arrays bailed out each time buildBlocks changed tier.
  // One walk over the column gathers every per-line fact the phases below read (where five
  // loops had each walked it): style facts, text, size, the edges, the code face, display type.
  const facts: LineStyleFacts[] = [];
  const styles: TextStyle[] = [];
  const texts: string[] = [];
  const sizes: number[] = [];
  let left = Infinity;
  // The widest line's end, code set past the margin included: a paragraph's last line falls
  // short of it (startsNewBlock).
  let codeRight = -Infinity;
  // Which lines are set in the code face, asked once: the prose's edge and the code blocks both read it.
  const codeFaces: boolean[] = [];
  // Monospace set at a heading size is display type, not code; so is a line any part of
  // which is (a book's typewriter chapter head, "CHAPTER ONE: Creators" with its title larger).
  const displaySize = stats.body.size + CODE_SIZE_OVER_BODY_MAX;
  const monos: boolean[] = [];
  for (let i = 0; i < column.length; i++) {
    const line = column[i];
    const f = lineStyleFacts(line);
    facts.push(f);
    styles.push(f.style);
    sizes.push(f.style.size);
    texts.push(lineText(line));
    left = Math.min(left, line.x0);
    codeRight = Math.max(codeRight, line.x1);
    const codeFace = isMonoLine(line);
    codeFaces.push(codeFace);
    monos.push(codeFace && !isDisplayLine(line, displaySize));
  }
  const proseEdge = proseEdgeInsideCode(column, codeFaces, left, codeRight);
  // The column's right edge, which its prose fills: not a listing's line set past it; or a
  // rule's drawn in it, wider than its lines (ruled_measure.ts).
  const right = ruledRight(column, left, Number.isNaN(proseEdge) ? codeRight : proseEdge, rules);
  const rights = rightEdgesBesideFloats(column, right, floats);
  const mainSize = mainSizeOf(styles, texts);
  const usualGap = usualLineGap(column, styles, facts, mainSize, stats);
  const indents = firstLineIndents(column, INDENT_EMS_MIN);
  // A line of metavariables alone between lines of code is the syntax's ("\article" |
  // "⟨body of article⟩" | "\makesignature").
  // So is a line in the code face but for a metavariable's brackets ("%⟨table head rows⟩"
  // between "%\toprule" and "%\colrule", its name in slanted typewriter).
  for (let i = 1; i + 1 < column.length; i++) if (!monos[i] && monos[i - 1] && monos[i + 1] && (isMetavariableLine(column[i].spans) || isCodeWithMetavariables(column[i].spans))) monos[i] = true;
  // A listing's lines holding East Asian text, set in a CJK face at the code's size (east_asian_code.ts).
  markEastAsianCodeLines(monos, column, stats.body.size);
  // An address alone in the code face between lines of text (LNCS's authors' e-mail, centred
  // under their institute) is a line of the text, written as inline code, not a code block.
  for (let i = 0; i < column.length; i++) if (monos[i] && !monos[i - 1] && !monos[i + 1] && ADDRESS_ALONE.test(texts[i])) monos[i] = false;
  // A grammar's rule sign in the text face between a rule's name and its right side in the
  // code face (Sphinx's productionlist: "ret_type" | "::=" | "\"ghost\"? type ; …") is the
  // rule's: code, written on the rule's row (render/page.ts renderCode).
  for (let i = 0; i < column.length; i++) if (!monos[i] && texts[i].includes("=") && RULE_SIGN.test(texts[i]) && isInCodeGap(column, monos, i)) monos[i] = true;
  // A typewriter title's subtitle in its face, capitals alone (typewriter_subtitles.ts).
  markTypewriterSubtitles(monos, codeFaces, column, texts);
  markNumberedListings(monos, column);
  // A listing's names in the margin (margin_labels.ts) are a paragraph of names, not code.
  if (labels.size > 0) for (let i = 0; i < column.length; i++) if (labels.has(column[i])) monos[i] = false;
  const skip = paragraphSkip(column, texts, sizes, monos, mainSize, right);
  // Lines their author broke: within a set, a line break inside one paragraph; after a set's
  // last line, a new block.
  const lineBreaks = new Array<boolean>(column.length).fill(false);
  const setEnds = new Array<boolean>(column.length).fill(false);
  markLineSets(lineBreaks, setEnds, column, styles, texts, skip);
  const flushRight = isFlushRight(column, styles, left, right);
  const narrow = right - left <= NARROW_COLUMN_SHARE_MAX * (pageRight - Math.min(left, pageLeft));
  // Heading levels by style: the sets of short lines, the centred lines and the lines under a
  // heading ask them of nearly every line.
  const headingLevels = new HeadingLevelsByStyle(stats);
  markShortLineSets(lineBreaks, setEnds, column, styles, texts, left, right, rights, setLineQuestions(column, texts, headingLevels), Math.min(left, pageLeft), flushRight, narrow);
  markLabelledLines(lineBreaks, texts, column);
  endLabelledParagraphs(lineBreaks, setEnds, column, startsWithBoldLabel);
  markGrammarAlternatives(lineBreaks, texts);
  const indexWrapped = markIndexEntries(lineBreaks, texts, column, sizes);
  // A stack of a listing's names: a name a line.
  if (labels.size > 0) for (let i = 0; i + 1 < column.length; i++) if (labels.has(column[i]) && labels.has(column[i + 1])) lineBreaks[i] = true;

  // A term in the code face with its definition beside it on the row (a manual's "C-k  Kill
  // the text …") is the definition's first words, not a line of code.
  const terms: boolean[] = [];
  for (let i = 0; i < column.length; i++) terms.push(monos[i] && i + 1 < column.length && !monos[i + 1] && isTermBeside(column[i], texts[i], column[i + 1], texts[i + 1]));
  for (let i = 0; i < column.length; i++) if (terms[i]) monos[i] = false;
  const markers: ReturnType<typeof lineMarker>[] = [];
  for (let i = 0; i < column.length; i++) markers.push(monos[i] || stats.running.has(column[i]) ? null : lineMarker(column[i], texts[i]));
  // A number range cut at a line's end goes on in the next line's number, which starts no
  // item (a reference's "discussion 1149-" | "50. Erratum in: …", vancouver's p. 9).
  for (let i = 1; i < column.length; i++) if (markers[i] !== null && startsWithDigit(texts[i]) && RANGE_CUT_END.test(texts[i - 1])) markers[i] = null;
  // A dash starting a line of a justified paragraph under a full line goes on its sentence
  // (dash_starts.ts): no bullet.
  for (let i = 1; i < column.length; i++) if (markers[i] !== null && !markers[i]!.ordered && !monos[i - 1] && isDashInsideParagraph(column[i - 1], texts[i - 1], column[i], texts[i], i + 1 < column.length ? column[i + 1] : null, left, right)) markers[i] = null;
  // A letter and a stop starting a line centred among centred lines is an initial (centred_lines.ts).
  for (let i = 0; i < column.length; i++) if (markers[i]?.weak && centredAmongCentred(column, styles, i)) markers[i] = null;
  settleSequences(markers);
  settleOutlineNumbers(markers, column, styles);
  const noteStarts = dropLoneAsterisks(markers, column, texts, styles);
  // A description list's rows, their terms flush right (aligned_terms.ts): each row an item.
  // Lines no rule of text may take (code, items, notes, running lines, headings' styles):
  // asked once a line, for the aligned terms and the centred lines alike (both had asked it
  // of a closure, the terms nearly every line twice).
  const textRuleSkips: boolean[] = [];
  for (let i = 0; i < column.length; i++) textRuleSkips.push(monos[i] || markers[i] !== null || noteStarts[i] || stats.running.has(column[i]) || headingLevels.of(facts[i]) !== null);
  const termStarts = alignedTermStarts(column, styles, texts, textRuleSkips);
  // A heading's lines keep the heading rules: a title centred over two lines is one title.
  const stacked = new Array<boolean>(column.length).fill(false);
  // A column across the page's middle is set in the page's measure, which the page's other
  // text (its footnotes) may show where the column's own lines do not: a stack broken by hand
  // is measured against it (centred_lines.ts markRun).
  const middle = (pageLeft + pageRight) / 2;
  const edges = { left, right };
  markCentredBreaks(lineBreaks, column, styles, texts, edges, textRuleSkips, stacked, left < middle && right > middle ? { left: Math.min(left, pageLeft), right: Math.max(right, pageRight) } : edges);

  // Text set ragged right wraps where a word does not fit (ragged_right.ts).
  const ragged = isRaggedRightColumn(column, rights, left, monos);
  const drafts: Draft[] = [];
  let current: Draft | null = null;
  // The pair's views, made once a column and filled line by line: three objects a line were a
  // fifth of the pass's allocation. startsNewBlock reads them and keeps none.
  const prevView = { line: column[0], style: styles[0], text: texts[0], setEnd: false, brokenAfter: false };
  const lineView = { line: column[0], style: styles[0], text: texts[0] };
  const afterView: { line: Line; style: TextStyle; marker: ListMarker | null } = { line: column[0], style: styles[0], marker: null };
  for (let i = 0; i < column.length; i++) {
    const line = column[i];
    // A running header or footer kept in the output is plain text of its own, whatever its
    // font (books set them in monospace or small caps).
    if (stats.running.has(line)) {
      current = null;
      // (No line goes on a running line's draft: whether it starts with a note's mark is never asked.)
      drafts.push(newDraft(line, false, null, undefined, undefined, true, false));
      continue;
    }
    const mono = monos[i];
    const marker = markers[i];
    const prev = i > 0 ? column[i - 1] : null;
    const afterTerm = i > 0 && terms[i - 1];
    // The style lookups last: few pairs of lines get past the geometry.
    const underHeading = prev !== null && current !== null && !current.marker && !mono && !marker && headingsOneUnderAnother(prev, styles[i - 1], texts[i - 1], line, styles[i], texts[i], left, rights[i - 1]) && headingLevels.of(facts[i]) !== null && headingLevels.of(facts[i - 1]) !== null;
    // A slide's block title (block_titles.ts) is a block of its own.
    const blockTitleEdge = blockTitles.size > 0 && (blockTitles.has(line) || (prev !== null && blockTitles.has(prev)));
    // An index's column that hangs its wrapped lines (index_wraps.ts): entries, subentries
    // and wrapped lines go on in one block, a line each (markIndexEntries).
    if (indexWrapped !== null && current !== null && prev !== null && !mono && !current.mono && marker === null && goesOnInIndex(prev, line, sizes[i - 1], sizes[i])) {
      current.lines.push(line);
      continue;
    }
    // A centred stack's line broken by hand goes on in the stack's paragraph (centred_lines.ts).
    const stackGoesOn = stacked[i - 1] && !current?.marker && !mono && !marker;
    if (!current || !prev || noteStarts[i] || termStarts[i] || underHeading || blockTitleEdge || (!afterTerm && !stackGoesOn && startsNewBlock(viewOfPrev(prevView, prev, styles[i - 1], texts[i - 1], setEnds[i - 1], lineBreaks[i - 1]), viewOfLine(lineView, line, styles[i], texts[i]), i + 1 < column.length ? viewOfAfter(afterView, column[i + 1], styles[i + 1], markers[i + 1]) : null, current, mono, marker, usualGap, skip, left, rights[i - 1], Number.isNaN(proseEdge) ? rights[i - 1] : codeRight, flushRight, stats.rightToLeft !== false, fieldBetween, stats.body.size, indents, ragged))) {
      // A numbered listing's line number on the code's line is no footnote's mark
      // (numbered_listings.ts startsWithListingNumber): the listing's next line goes on.
      current = newDraft(line, mono, marker, marker ? xAfterChars(line, marker.length) : undefined, marker ? RTL_START.test(texts[i].slice(marker.length)) : undefined, undefined, startsWithNoteMark(line) && !(mono && startsWithListingNumber(line)));
      drafts.push(current);
    } else {
      current.lines.push(line);
    }
  }
  for (const draft of drafts) if (draft.lines.length > 1 && draft.lines[0].definition) moveCategoryToEnd(draft.lines[0], draft.lines[draft.lines.length - 1]);
  markLineBreaks(drafts, lineBreaks);
  // A section's title by its setting (sectionTitleDepth): 1 a section, 2 a subsection.
  const sectionTitles: number[] = [];
  for (const draft of drafts) sectionTitles.push(sectionTitleDepth(draft, column));
  // Or a section slide's titles (section_slides.ts): only a column of a line or two that
  // starts with an ordered item is asked (most runs are longer, or start otherwise).
  const slide = drafts.length <= SECTION_SLIDE_DRAFTS_MAX && column.length <= SECTION_SLIDE_DRAFTS_MAX && drafts[0]?.marker?.ordered === true ? sectionSlideDepths(drafts.map(slideDraftOf), column, pageLeft, pageRight) : null;
  if (slide !== null) for (let i = 0; i < drafts.length; i++) sectionTitles[i] ||= slide[i];
  const blocks: Block[] = [];
  for (let i = 0; i < drafts.length; i++) {
    const block = classify(drafts[i], sectionTitles[i], stats, headingLevels);
    // A slide's block title its style makes no heading is one under the heading above it.
    if (blockTitles.size > 0 && block.kind !== "heading" && drafts[i].lines.length === 1 && blockTitles.has(drafts[i].lines[0])) blocks.push(headingBlock(blockTitleLevel(blocks, stats, blockTitles), drafts[i].lines));
    else blocks.push(block);
  }
  return joinAroundFloats(joinRowEnds(rowHeadsAsText(definitionTermsAsText(hangingTermsAsText(joinWrappedHeadings(blocks)), stats), column, right, stats), left, right));
}

/** A row's end stands at least this share of the column's width right of the row's start ... */
const ROW_END_GAP_SHARE_MIN = 1 / 3;
/** ... and is at most this share of it wide: a column's line is wider. */
const ROW_END_WIDTH_SHARE_MAX = 1 / 3;
/** The row starts within this many ems of the column's left edge: a centred formula does not. */
const ROW_START_EMS_MAX = 1;
/** A display formula's number ("(3.1)", "(10)"): it stays where the formula's layout put it. */
const EQUATION_NUMBER = /^\s*\(\s*[\p{L}\p{N}][\p{L}\p{N}.,\-–]*\s*\)\s*$/u;

/**
 * A row's end set flush right goes on the text its row starts with (a CV's "**School**" …
 * "City  Time Period", "**Organization** Department" … "Position  Time Period", a thesis'
 * "Dr. Advisor" … "Date"): one line of the page, which had come out as two paragraphs, the
 * dates under the name they belong to. Only a lone short line in the text's face, ending at
 * the column's edge (ROW_END_FLUSH_EMS) far from a row that starts at the column's left edge
 * (ROW_END_GAP_SHARE_MIN, ROW_END_WIDTH_SHARE_MAX, ROW_START_EMS_MAX): a column's own
 * paragraph has more lines, or wider ones, and a formula's number stays apart.
 */
function joinRowEnds(blocks: Block[], left: number, right: number): Block[] {
  // A list item's row keeps its far pieces apart (ROW_PIECE_GAP_EMS_MAX): a drawing's title
  // block beside its notes.
  let out: Block[] | null = null;
  for (let i = 1; i < blocks.length; i++) {
    const end = blocks[i];
    const start = out ? out[out.length - 1] : blocks[i - 1];
    const joins = end.kind === "paragraph" && end.lines.length === 1 && start.kind === "paragraph" && isRowEnd(start.lines[start.lines.length - 1], end.lines[0], left, right);
    if (joins) {
      out ??= blocks.slice(0, i);
      start.lines.push(end.lines[0]);
    } else if (out) out.push(end);
  }
  return out ?? blocks;
}

/** Whether `end` ends the row `start` begins (joinRowEnds). */
function isRowEnd(start: Line, end: Line, left: number, right: number): boolean {
  if (!onOneRow(start, end)) return false;
  const em = emOf(end);
  const width = right - left;
  if (start.x0 - left > ROW_START_EMS_MAX * em || right - end.x1 > ROW_END_FLUSH_EMS * em) return false;
  if (end.x0 - start.x1 < Math.max(ROW_END_GAP_EMS_MIN * em, ROW_END_GAP_SHARE_MIN * width) || end.x1 - end.x0 > ROW_END_WIDTH_SHARE_MAX * width) return false;
  if (isMonoLine(end)) return false;
  const text = lineText(end);
  const startText = lineText(start);
  // A page number beside a running head ("2" … ".Device") starts no row of words.
  if (!TWO_WORD_CHARS.test(text) || !TWO_WORD_CHARS.test(startText) || EQUATION_NUMBER.test(text)) return false;
  // A number alone after a sentence is a line's number in the margin, not a contents entry's page.
  if (BARE_NUMBER.test(text) && CLAUSE_END.test(startText)) return false;
  // Chinese and Japanese lines join without a space: a row's pieces would run together.
  return !hasEastAsianWide(startText) && !hasEastAsianWide(text);
}

const BARE_NUMBER = /^\s*\d+\s*$/;
const CLAUSE_END = /[.!?:;,]\s*$/;

function hasEastAsianWide(text: string): boolean {
  for (let k = 0; k < text.length; k++) if (isEastAsianWide(text.charCodeAt(k))) return true;
  return false;
}

/** A hanging term's description starts at most this many of the term's ems right of it (a
 *  LaTeX list's label box: 1.6 em past tools-overview's "fileerr:"); a gutter stands further. */
const HANGING_TERM_GAP_EMS_MAX = 6;
/** A term takes this many lines at most, wrapped (mdwlist's multiline label). */
const HANGING_TERM_LINES_MAX = 2;
/** The descriptions of one list's terms start at one x, within this many points. */
const HANGING_DESCRIPTION_X_SLACK_PT = 1;
/** Terms beside descriptions that start at one x, at least, that make a hanging list. */
const HANGING_TERMS_MIN = 2;

/**
 * A hanging list's terms made text again, each joined to its description (LaTeX's tools
 * overview: "**fileerr:**" in 14 pt bold, "Suite of small files …" beside it at the list's
 * indent, its second line hanging there): headings of a line or two (a wrapped term:
 * HANGING_TERM_LINES_MAX), each with a paragraph beside its first line on its row (onOneRow,
 * within HANGING_TERM_GAP_EMS_MAX) in the text's weight whose lines all start at its first's
 * x, two such pairs at least whose descriptions start at one x. A title stands alone on its
 * row. They had been `##` headings, each over its description.
 */
function hangingTermsAsText(blocks: Block[]): Block[] {
  let pairs: number[] | null = null;
  for (let i = 0; i + 1 < blocks.length; i++) if (isTermBesideDescription(blocks[i], blocks[i + 1])) (pairs ??= []).push(i);
  if (pairs === null || pairs.length < HANGING_TERMS_MIN) return blocks;
  const joined = new Set<number>();
  for (const i of pairs) {
    const x = blocks[i + 1].lines[0].x0;
    let alike = 0;
    for (const j of pairs) if (Math.abs(blocks[j + 1].lines[0].x0 - x) <= HANGING_DESCRIPTION_X_SLACK_PT) alike++;
    if (alike >= HANGING_TERMS_MIN) joined.add(i);
  }
  if (joined.size === 0) return blocks;
  const out: Block[] = [];
  // The term and description of the pair last joined: a term wrapped onto a second line beside
  // its description's second line (mdwlist's multiline label) goes on the same item.
  let last: { term: Line[]; description: Line[]; block: Extract<Block, { kind: "paragraph" }> } | null = null;
  for (let i = 0; i < blocks.length; i++) {
    if (!joined.has(i)) {
      out.push(blocks[i]);
      last = null;
      continue;
    }
    const term = blocks[i].lines;
    const description = blocks[i + 1].lines;
    i++;
    if (last !== null && goesOnBelow(last.term[last.term.length - 1], term[0]) && goesOnBelow(last.description[last.description.length - 1], description[0])) {
      for (const line of term) last.term.push(line);
      for (const line of description) last.description.push(line);
      last.block.lines = [...last.term, ...last.description];
      continue;
    }
    const block = paragraphBlock([...term, ...description]);
    out.push(block);
    last = { term: [...term], description: [...description], block };
  }
  return out;
}

/** A hanging list's item goes on in a line right under `above`: at its x (HANG_TOLERANCE_EMS),
 *  less than a line's height below it (HANGING_ITEM_GAP_EMS_MAX). */
function goesOnBelow(above: Line, line: Line): boolean {
  const em = emOf(above);
  return Math.abs(line.x0 - above.x0) <= HANG_TOLERANCE_EMS * em && line.y0 >= above.y0 && line.y0 - above.y1 <= HANGING_ITEM_GAP_EMS_MAX * em;
}
/** An item's next line stands at most this many ems under its line before. */
const HANGING_ITEM_GAP_EMS_MAX = 0.5;

/** Whether `term` is a one-line heading with the paragraph `description` beside it on its row
 *  (hangingTermsAsText). */
function isTermBesideDescription(term: Block, description: Block): boolean {
  if (term.kind !== "heading" || term.lines.length > HANGING_TERM_LINES_MAX || description.kind !== "paragraph") return false;
  const head = term.lines[0];
  // A term wrapped onto a second line goes on right under its first.
  for (let k = 1; k < term.lines.length; k++) if (!goesOnBelow(term.lines[k - 1], term.lines[k])) return false;
  const first = description.lines[0];
  if (!onOneRow(head, first) || first.x0 - head.x1 > HANGING_TERM_GAP_EMS_MAX * emOf(head)) return false;
  // A bold row is a table's header, or a contents page's chapter entry.
  if (lineStyle(first).bold || !DEFINITION_WORDS.test(lineText(first))) return false;
  const em = emOf(first);
  for (let k = 1; k < description.lines.length; k++) if (Math.abs(description.lines[k].x0 - first.x0) > HANG_TOLERANCE_EMS * em) return false;
  return true;
}

/** A line on a bold line's row ends this close to the column's right edge, in its ems, to be
 *  set flush right there. */
const ROW_END_FLUSH_EMS = 0.5;
/** ... and stands at least this many ems right of the bold line: a gap no title leaves. */
const ROW_END_GAP_EMS_MIN = 3;
/** Two letters or digits, together or apart ("1.1", "Time"). */
const TWO_WORD_CHARS = /[\p{L}\p{N}][^]*[\p{L}\p{N}]/u;

/**
 * A row's first cell made text again (a CV's "**School**" … "City  Time Period", "**Insitute**"
 * … "Time Period"): a one-line heading in the body's bold at its size that shares its row
 * with a line set flush right at the column's edge, well apart from it. A title stands alone
 * on its row; an entry's name with its place and dates set flush right is one line of the
 * entry. They had been `###` headings, each with its dates a paragraph under it.
 */
function rowHeadsAsText(blocks: Block[], column: readonly Line[], right: number, stats: DocumentStats): Block[] {
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.kind !== "heading" || block.lines.length !== 1) continue;
    const head = block.lines[0];
    if (!inBodyBold(head, stats)) continue;
    // A name, a number: a letter alone is an index's group letter over its column.
    if (!TWO_WORD_CHARS.test(lineText(head))) continue;
    const em = emOf(head);
    for (const line of column) {
      if (line === head || !onOneRow(head, line)) continue;
      if (line.x0 - head.x1 < ROW_END_GAP_EMS_MIN * em || right - line.x1 > ROW_END_FLUSH_EMS * em) continue;
      // Set in the text's weight: a bold row is a table's header, or a contents page's
      // chapter entry with its page number.
      if (lineStyle(line).bold) continue;
      // Words or figures ("Time Period", "2019–2021"), not a sign (a link's arrow "←" beside
      // a solution's title).
      if (!TWO_WORD_CHARS.test(lineText(line))) continue;
      blocks[i] = paragraphBlock(block.lines);
      break;
    }
  }
  return blocks;
}

/** buildBlocks' views of a pair of lines and the line after, filled in place. */
function viewOfPrev(view: { line: Line; style: TextStyle; text: string; setEnd: boolean; brokenAfter: boolean }, line: Line, style: TextStyle, text: string, setEnd: boolean, brokenAfter: boolean): typeof view {
  view.line = line;
  view.style = style;
  view.text = text;
  view.setEnd = setEnd;
  view.brokenAfter = brokenAfter;
  return view;
}

function viewOfLine(view: { line: Line; style: TextStyle; text: string }, line: Line, style: TextStyle, text: string): typeof view {
  view.line = line;
  view.style = style;
  view.text = text;
  return view;
}

function viewOfAfter(view: { line: Line; style: TextStyle; marker: ListMarker | null }, line: Line, style: TextStyle, marker: ListMarker | null): typeof view {
  view.line = line;
  view.style = style;
  view.marker = marker;
  return view;
}

/** A definition list's term, or a row's first cell, is set in the text's bold at the body's
 *  size, within this many points of it. */
const TERM_SIZE_TOLERANCE_PT = 0.5;

/** Whether `line` is set in the text's bold at the body's size (TERM_SIZE_TOLERANCE_PT). */
function inBodyBold(line: Line, stats: DocumentStats): boolean {
  const style = lineStyle(line);
  return style.bold && Math.abs(style.size - stats.body.size) <= TERM_SIZE_TOLERANCE_PT;
}
/** Its definition starts right under it (at most this many of the term's ems between them)… */
const DEFINITION_GAP_EMS_MAX = 0.8;
/** …set in by this many ems at least (a browser's `dd` by 40 px, 2 to 3 ems; a paragraph
 *  under a run-in heading starts at its x or a paragraph indent in) and at most this many. */
const DEFINITION_INDENT_EMS_MIN = 1.5;
const DEFINITION_INDENT_EMS_MAX = 5;
/** Terms over indented definitions in a column, at least, that make a definition list: one
 *  bold line over an indented paragraph may be a heading over a quotation. */
const DEFINITION_TERMS_MIN = 2;

/**
 * A definition list's terms made text again (a browser's `<dl>`: "**Intake**" over "The desk
 * at the side door where …" set in under it): one-line headings in the body's bold at its
 * size, or one-word lines in the code face, each right over a paragraph whose lines are all
 * set in from it, two such pairs in the column at least. They had been `###` headings, or
 * code blocks, one per term.
 */
function definitionTermsAsText(blocks: Block[], stats: DocumentStats): Block[] {
  let terms: number[] | null = null;
  for (let i = 0; i + 1 < blocks.length; i++) if (isTermOverDefinition(blocks[i], blocks[i + 1], stats)) (terms ??= []).push(i);
  if (terms === null || terms.length < DEFINITION_TERMS_MIN) return blocks;
  for (const i of terms) blocks[i] = paragraphBlock(blocks[i].lines);
  return blocks;
}

function isTermOverDefinition(term: Block, definition: Block, stats: DocumentStats): boolean {
  if (term.lines.length !== 1 || definition.kind !== "paragraph") return false;
  const head = term.lines[0];
  // A texinfo @table's term in the code face is one too (R-ints' "_R_CHECK_EXAMPLE_TIMING_
  // THRESHOLD_" over "If timings are being recorded, …"): each had been a code block.
  if (term.kind === "code" ? !isCodeTerm(head) : term.kind !== "heading" || !inBodyBold(head, stats)) return false;
  // A term is a word: a number alone over indented text is a contents page's chapter number.
  if (!HAS_LETTER.test(lineText(head))) return false;
  const em = emOf(head);
  const first = definition.lines[0];
  if (first.y0 - head.y1 > DEFINITION_GAP_EMS_MAX * em) return false;
  const indentMax = (term.kind === "code" ? CODE_TERM_INDENT_EMS_MAX : DEFINITION_INDENT_EMS_MAX) * em;
  for (const line of definition.lines) {
    const indent = line.x0 - head.x0;
    if (indent < DEFINITION_INDENT_EMS_MIN * em || indent > indentMax) return false;
  }
  return true;
}

/** A term in the code face sets its definition in by texinfo's 0.8 inch (5.3 ems of 10.9 pt)
 *  at most. */
const CODE_TERM_INDENT_EMS_MAX = 6;

/** A term in the code face is a name or an option, not a statement: no space in it. */
function isCodeTerm(line: Line): boolean {
  return !HAS_SPACE.test(lineText(line).trim());
}

/** A section slide's column holds two drafts at most (its title and its subsection's). */
const SECTION_SLIDE_DRAFTS_MAX = 2;

/** A draft as sectionSlideDepths reads it: numbered by a plain number ("3.", no "1.2"). */
function slideDraftOf(draft: Draft): SlideDraft {
  const marker = draft.marker;
  return { lines: draft.lines, numbered: marker !== null && marker.ordered && marker.style === "number" && marker.path === undefined && !draft.mono, marked: marker !== null, textX: draft.textX ?? draft.lines[0].x0 };
}

/** A centred title stands at least this many ems in from the column's edges, its two sides
 *  within this many ems of each other. */
const SECTION_TITLE_INSET_EMS_MIN = 3;
const SECTION_TITLE_AXIS_EMS = 1.5;
/** The text it is centred over starts within this many ems under it. */
const SECTION_TITLE_BELOW_EMS = 6;
/** A section's title wraps to two lines at most. */
const SECTION_TITLE_LINES_MAX = 2;

/**
 * A section's title known by its setting at the body's size, as IEEE papers set theirs: 1 for
 * a section, numbered in capital roman numerals and centred in capitals or small capitals
 * ("I. INTRODUCTION", "II. CONCLUSION"), or one of the unnumbered sections so set
 * ("REFERENCES", "ACKNOWLEDGMENT"); 2 for a subsection, lettered and set in italics flush
 * with the text under it ("A. Page Costs"); 0 for anything else. Such a title is a heading,
 * not an ordered list's item (which wrote it "1. INTRODUCTION", and nested the next section
 * under the last subsection's item), nor a paragraph.
 */
function sectionTitleDepth(draft: Draft, column: readonly Line[]): number {
  if (draft.lines.length > SECTION_TITLE_LINES_MAX || draft.mono) return 0;
  // Every title so set starts with a capital and a stop or a second capital: most drafts do
  // not, and their text need not be joined.
  if (!mayStartSectionTitle(draft.lines)) return 0;
  const text = joinedLineTexts(draft.lines);
  // A section's title may wrap ("I. NEW SYNTAX AND FEATURES IN" over "REVTEX 4.1"): its
  // lines are each centred, the last over the text under the title.
  if (draft.lines.length > 1) {
    if (!ROMAN_SECTION_NUMBER.test(text) || draft.lines.some((line) => !sectionTitleDepthOfLine(draft, line, text, column, true))) return 0;
    return 1;
  }
  return sectionTitleDepthOfLine(draft, draft.lines[0], text, column, false);
}

/** sectionTitleDepth of a title's line, `text` the whole title's; a wrapped title's line need
 * only share its axis with the text under it (its first line is nearly as wide). */
function sectionTitleDepthOfLine(draft: Draft, line: Line, text: string, column: readonly Line[], wrapped: boolean): number {
  // The words first: most single lines are none of these, and the column need not be walked.
  const lettered = LETTERED_SUBSECTION.test(text) && text.length <= SUBSECTION_CHARS_MAX;
  if (!lettered && !UNNUMBERED_SECTION.test(text) && !ROMAN_SECTION_NUMBER.test(text)) return 0;
  const em = emOf(line);
  // The text under it, in its column (a full-width title above does not widen it).
  let left = Infinity;
  let right = -Infinity;
  for (const other of column) {
    if (other === line || other.y0 < line.y1 || other.y0 > line.y1 + SECTION_TITLE_BELOW_EMS * em || other.x1 <= line.x0 || other.x0 >= line.x1) continue;
    left = Math.min(left, other.x0);
    right = Math.max(right, other.x1);
  }
  if (left === Infinity) return 0;
  const inset = line.x0 - left;
  if (lettered && Math.abs(inset) <= em && line.spans.every((s) => s.italic || isBlankText(s.text))) return 2;
  if (draft.marker !== null && draft.marker.style !== "upper-roman") return 0;
  // Centred, or a title long enough to fill its column (revtex's "III. REVTEX 4 BACKWARDS
  // COMPATIBILITY"), which no inset can tell from flush text: its capitals do, below.
  const centred = inset >= SECTION_TITLE_INSET_EMS_MIN * em || (inset >= 0 && right - line.x1 >= 0 && (wrapped || inset <= SECTION_TITLE_AXIS_EMS * em));
  if (!centred || Math.abs(inset - (right - line.x1)) > SECTION_TITLE_AXIS_EMS * em) return 0;
  if (UNNUMBERED_SECTION.test(text)) return 1;
  // "I." alone is no list marker (a sequence must confirm a letter's); the title says it here.
  const number = ROMAN_SECTION_NUMBER.exec(text);
  if (number === null) return 0;
  const title = text.slice(number[0].length);
  return HAS_CAPITAL.test(title) && !HAS_SMALL_LETTER.test(title) ? 1 : 0;
}
/** Whether the lines' text (joined by spaces), white space aside, starts with a capital A to
 *  Z and then a full stop or another such capital, as each of LETTERED_SUBSECTION ("A. …"),
 *  UNNUMBERED_SECTION ("REFERENCES") and ROMAN_SECTION_NUMBER ("I. …", "IV. …") does. */
function mayStartSectionTitle(lines: readonly Line[]): boolean {
  let capital = false;
  for (const line of lines) {
    // A line ending right after the capital leaves the join's space next.
    if (capital) return false;
    for (const span of line.spans) {
      const text = span.text;
      for (let k = 0; k < text.length; k++) {
        const c = text.charCodeAt(k);
        if (capital) return c === 0x2e || (c >= 0x41 && c <= 0x5a);
        if (isSpaceCode(c)) continue;
        if (c < 0x41 || c > 0x5a) return false;
        capital = true;
      }
    }
  }
  return false;
}
/** An unnumbered section of a paper, in capitals. */
const UNNUMBERED_SECTION = /^\s*(?:REFERENCES|ACKNOWLEDG(?:E)?MENTS?|APPENDIX(?:\s+[A-Z])?|APPENDICES|BIBLIOGRAPHY)\s*$/;
/** A subsection lettered "A." and its title of a few words, no sentence. */
const LETTERED_SUBSECTION = /^\s*[A-Z]\.\s+\p{Lu}[^.!?]*$/u;
const SUBSECTION_CHARS_MAX = 80;
const ROMAN_SECTION_NUMBER = /^\s*(?=[IVXL])L?X{0,3}(?:IX|IV|V?I{0,3})\.\s+/;

/** Flags the lines of a paragraph after which its author broke the text (sets of short lines,
 * labelled fields, centred_lines.ts): the paragraph keeps them as line breaks. A block's last
 * line carries no break. */
function markLineBreaks(drafts: readonly Draft[], breaks: readonly boolean[]): void {
  if (!breaks.includes(true)) return;
  // The drafts hold the column's lines in order, each line in one draft (buildBlocks' loop
  // starts a draft or goes on the last one): a draft's k-th line is the column's line at the
  // draft's start plus k, and its break is read by index (where a set of the broken lines was
  // made for every column with one).
  let start = 0;
  for (const draft of drafts) {
    const lines = draft.lines;
    if (!(draft.mono || draft.running || draft.marker)) for (let k = 0; k + 1 < lines.length; k++) if (breaks[start + k]) lines[k].breakAfter = true;
    start += lines.length;
  }
}

/**
 * A paragraph that floats beside its column cut in two, joined again with the floats after
 * it: the lines before them end mid-sentence (a hyphen, or no closing punctuation), the
 * lines after them go on at the paragraph's left edge (CONTINUATION_START), and the floats,
 * up to FLOATS_MAX short blocks (a caption in the margin, ocr-vicksburg-p2's "Sibley Tent."
 * inside "conceiva- ble"; scrguide-en's margin notes "v3.00", "v3.12"), lie beside the lines
 * they cut between, overlapping neither across.
 */
function joinAroundFloats(blocks: Block[]): Block[] {
  for (let i = 0; i + 2 < blocks.length; i++) {
    const before = blocks[i];
    if (before.kind !== "paragraph" || before.running) continue;
    const last = before.lines[before.lines.length - 1];
    // The floats: short blocks beside the paragraph's column, up to the block that goes on.
    let k = i + 1;
    while (k < blocks.length && k - i - 1 < FLOATS_MAX && isFloatBeside(blocks[k], last)) k++;
    if (k === i + 1 || k >= blocks.length) continue;
    const end = lineText(last).trimEnd();
    if (end === "" || CLOSED_END.test(end) || textLength(before.lines) <= FLOAT_SIDE_CHARS_MIN) continue;
    const after = blocks[k];
    if (after.kind !== "paragraph" || after.running) continue;
    const next = after.lines[0];
    const em = emOf(last);
    // The paragraph's own left edge on both sides of the floats, the floats beside its rows.
    if (Math.abs(next.x0 - last.x0) > em || !CONTINUATION_START.test(lineText(next).trimStart())) continue;
    if (Math.abs(lineStyle(last).size - lineStyle(next).size) >= 1) continue;
    const floats = blocks.slice(i + 1, k);
    if (!floats.every((f) => isFloatBeside(f, next))) continue;
    const lastFloat = floats[floats.length - 1];
    const middle = (floats[0].lines[0].y0 + lastFloat.lines[lastFloat.lines.length - 1].y1) / 2;
    if (middle < before.lines[0].y0 || middle > next.y1) continue;
    blocks.splice(i, k - i + 1, paragraphBlock([...before.lines, ...after.lines]), ...floats);
    // The joined paragraph may be cut again further down, by the floats just moved and more.
    i--;
  }
  return blocks;
}

/** A short paragraph or heading that lies beside the line, overlapping it nowhere across. */
function isFloatBeside(block: Block, line: Line): boolean {
  if ((block.kind !== "paragraph" && block.kind !== "heading") || block.lines.length > FLOAT_LINES_MAX) return false;
  // The block's extent across, read in place (extent's pair was an array a block and line).
  let f0 = Infinity;
  let f1 = -Infinity;
  for (const other of block.lines) {
    f0 = Math.min(f0, other.x0);
    f1 = Math.max(f1, other.x1);
  }
  return f1 <= line.x0 || f0 >= line.x1;
}

function textLength(lines: readonly Line[]): number {
  let n = 0;
  for (const line of lines) n += nonSpaceLength(lineText(line));
  return n;
}

/** A hanging paragraph's second line is body text up to this ratio of the body's size. */
const HANGING_LINE_SIZE_RATIO_MAX = 1.15;

/** How a paragraph's text goes on after a cut: in lower case, or with a command ("when |
 * \maketitle is used"); a capital or a number starts an entry of its own. */
const CONTINUATION_START = /^[\p{Ll}\\]/u;
/** The floats joinAroundFloats moves are short: a caption, a label or a margin note, ... */
const FLOAT_LINES_MAX = 2;
/** ... and few between the two parts of a paragraph. */
const FLOATS_MAX = 3;
/** ... and the paragraph's part before them is longer than a label. */
const FLOAT_SIDE_CHARS_MIN = 40;

/** Whether a line in the code face is a term with its definition beside it on the row: the
 * term is one item (no gap of several spaces, as an aligned listing has), and the definition
 * reads as words (not a table's glyphs beside a listing's row: amsldoc's "\:  \medspace"). */
function isTermBeside(term: Line, termText: string, definition: Line, definitionText: string): boolean {
  return !ALIGNMENT_SPACES.test(termText.trim()) && DEFINITION_WORDS.test(definitionText) && onOneRow(term, definition);
}
const ALIGNMENT_SPACES = /\s{2,}/;
const DEFINITION_WORDS = /\p{L}{3,}\s+\p{L}+/u;

/** Two lines share a row when they overlap by half the shorter's height, the second right of the first. */
function onOneRow(prev: Line, line: Line): boolean {
  const overlap = Math.min(prev.y1, line.y1) - Math.max(prev.y0, line.y0);
  return line.x0 >= prev.x1 && overlap > ROW_OVERLAP_SHARE_MIN * Math.min(prev.y1 - prev.y0, line.y1 - line.y0);
}
const ROW_OVERLAP_SHARE_MIN = 0.5;
/** A piece of an item's row further right than this many ems is another part of the page (a
 * drawing's title block beside its notes). */
const ROW_PIECE_GAP_EMS_MAX = 3;

/** Whether an item's lines after its first start back at its marker's x: it has no hanging indent. */
function wrapsToMarker(lines: readonly Line[], em: number): boolean {
  if (lines.length < 2) return false;
  for (let k = 1; k < lines.length; k++) if (Math.abs(lines[k].x0 - lines[0].x0) > HANG_TOLERANCE_EMS * em) return false;
  return true;
}

/** Whether a line set `shift` points right of the text's edge is indented as a paragraph's first line. */
function isParagraphIndent(shift: number, em: number): boolean {
  return shift >= INDENT_EMS_MIN * em && shift <= INDENT_EMS_MAX * em;
}

/** An item's text goes on in small letters at its hanging indent, up to 0.9 em lower
 * (luaharfbuzz's "• options:" over "table containing one or more supported options:"); a
 * display line in a typewriter face under it is not its text. */
function goesOnInItem(current: Draft, line: Line, text: string, gap: number, em: number): boolean {
  if (current.marker === null || gap > PARAGRAPH_GAP_SHORT_BOX_EMS * em || line.spans[0].monospace) return false;
  return line.x0 >= (current.textX ?? current.lines[0].x0) - HANG_TOLERANCE_EMS * em && CONTINUATION_START.test(text.trimStart());
}

/** A heading's line that ends its words unfinished: a small word of up to three letters
 *  ("of", "and", "für"), a comma, an ampersand or a dash. */
const OPEN_HEADING_END = /(?:(?<!\p{L})\p{Ll}{1,3}|[,&\-–—])\s*$/u;
/** Flush left: a line starts within this many ems of its column's left edge (and two lines
 *  end together within as many). */
const FLUSH_LEFT_EMS = 0.5;

/**
 * Two lines in one of the document's heading styles, each flush left at the column's edge,
 * the first leaving room for the second's first word and the two further apart than a
 * wrapped heading's lines: two headings one under another, not one heading wrapped, for a
 * heading wraps only where its line is full (a skeleton paper's
 * empty sections "INTRODUCTION" | "FIRST MAIN TOPIC", "STILL UPPER CASE" | "lower case").
 * Chinese and Japanese break anywhere: their lines are left alone.
 */
function headingsOneUnderAnother(prev: Line, prevStyle: TextStyle, prevText: string, line: Line, style: TextStyle, text: string, left: number, right: number): boolean {
  if (prevStyle.size !== style.size || prevStyle.bold !== style.bold) return false;
  const em = emOfStyle(style);
  const slack = FLUSH_LEFT_EMS * em;
  if (Math.abs(prev.x0 - left) > slack || Math.abs(line.x0 - left) > slack) return false;
  if (isEastAsianWide(firstCodePoint(text))) return false;
  // A wrapped heading's lines are set closer (joinWrappedHeadings); lines ending together are
  // a justified paragraph's (beside a float, in a size that rounds to a heading's); a line
  // starting in small letters under one not all in capitals goes on its words ("US Army
  // Corps" | "of Engineers®", not "STILL UPPER CASE" | "lower case").
  if (line.y0 - prev.y1 < HEADING_WRAP_GAP_EMS_MAX * em || Math.abs(line.x1 - prev.x1) <= FLUSH_LEFT_EMS * em) return false;
  if (LOWER_START.test(text) && HAS_SMALL_LETTER.test(prevText)) return false;
  // So does a line under one ending in a short small word or a comma, ampersand or dash
  // (langsci's series "Conceptual Foundations of" | "Language Science").
  if (OPEN_HEADING_END.test(prevText)) return false;
  return right - prev.x1 > firstWordWidth(line) + WORD_SPACE_EMS * em;
}

/** A list item's first row in pieces (schule's "d) (5)" | "Stellen Sie …", its gap justified
 *  wide) spans from its marker: a short last line hanging at its text, under the row's last
 *  piece `prev`, goes on. */
function hangsUnderFirstRow(current: Draft, prev: Line, line: Line, em: number): boolean {
  if (current.marker === null || current.textX === undefined || current.lines.length < 2) return false;
  return onOneRow(current.lines[0], prev) && Math.abs(line.x0 - current.textX) <= HANG_TOLERANCE_EMS * em && line.x1 >= current.textX;
}

function startsNewBlock(
  { line: prev, style: prevStyle, text: prevText, setEnd, brokenAfter }: { line: Line; style: TextStyle; text: string; setEnd: boolean; brokenAfter: boolean },
  { line, style, text }: { line: Line; style: TextStyle; text: string },
  after: { line: Line; style: TextStyle; marker: ListMarker | null } | null,
  current: Draft,
  mono: boolean,
  marker: ListMarker | null,
  usualGap: number,
  skip: ParagraphSkip | null,
  left: number,
  right: number,
  codeRight: number,
  flushRight: boolean,
  mayHoldRtl: boolean,
  fieldBetween: FieldBetween | undefined,
  bodySize: number,
  indents: FirstLineIndents,
  ragged: boolean,
): boolean {
  // An index entry whose leader or page numbers wrapped goes on under its name.
  if (!current.mono && wrapsIndexEntry(prev, prevText, line, text, emOfStyle(style))) return false;
  if (!current.mono && endsWrappedEntry(current.lines, prevText)) return true;
  // An address in the code face broken at a line end goes on as a line of its own in that
  // face; it is still the paragraph's (a footnote's "http://mirror.ctan.org/…/contrib/" |
  // "beamer/base/beamerbasenavigation.sty").
  if (mono !== current.mono && !(mono && !current.mono && (addressLineGoesOn(prev, line, text, style) || codeWordGoesOn(prev, prevText, line, text, style, after?.line ?? null, usualGap, right)))) return true;
  if (marker) return true;
  // Two lines that each start with a section number are two headings, not one wrapped ("1.1
  // About cleanthesis" | "1.2 Donation" over a paragraph whose leading is no sample).
  // (The digit SECTION_NUMBER starts with is read first: every pair of lines is asked.)
  if (!mono && startsWithDigit(text) && SECTION_NUMBER.test(text) && SECTION_NUMBER.test(prevText)) return true;
  // An entry numbered under the block's own number ("1.1. How do you pronounce …" under
  // "1. Background", "3.2. My (buggy) program …" after the two lines of "3.1. Programs run
  // OK …"): DocBook's contents lists of a FAQ, nested entries each a line or two, ran into
  // their parent's line.
  if (!mono && isEntryUnder(text, current)) return true;
  // Pieces of one row with a form's field between them read as one line ("Telephone: ____
  // E-mail: ____", "☐ Visitor ☐ Winter contract").
  if (!mono && fieldBetween && onOneRow(prev, line) && fieldBetween(prev, line)) return Math.abs(prevStyle.size - style.size) >= 1;
  // Footnotes set one under another without a blank: each starts with its raised mark.
  if (current.noteMark && startsWithNoteMark(line)) return true;
  const em = emOfStyle(style);
  const gap = line.y0 - prev.y1;
  // Code keeps its blank lines: only a gap of several lines ends a code block.
  if (mono) return gap > CODE_GAP_LINES_MAX * Math.max(prev.y1 - prev.y0, em);
  // A bibliography's next numbered entry (reference_entries.ts).
  if (startsReferenceEntry(current.lines, line, text, em, xAfterChars)) return true;
  const gapEms = fullBox(prev, prevStyle) && fullBox(line, style) ? PARAGRAPH_GAP_EMS : PARAGRAPH_GAP_SHORT_BOX_EMS;
  // A margin of just the threshold is one (a browser's 6 pt paragraph margin under 10 pt type
  // measures 6.0 pt less a rounding): the threshold is met within GAP_ROUNDING_PT.
  if (gap > Math.max(usualGap * PARAGRAPH_GAP_FACTOR, gapEms * em - GAP_ROUNDING_PT) && !goesOnInItem(current, line, text, gap, em)) return true;
  // A column whose paragraphs are a skip apart that is smaller than that (paragraph_skips.ts).
  if (skip !== null && endsAtSkip(skip, prev, prevStyle, line, style) && !goesOnInItem(current, line, text, gap, em)) return true;
  // A definition's prototype goes on in the lines indented under its head; its description,
  // indented less, starts a block.
  const head = current.lines[0];
  if (head.definition) return !continuesDefinition(head, line, em);
  // Lines above each other that do not overlap horizontally are not one paragraph.
  // A piece of a list item's first row, to its right, goes on its text (dvipdfmx-special's
  // "• pdf:obj @name PDFobject" in a framed box, "creates a named" beside it).
  if (current.marker && current.lines.length === 1 && onOneRow(prev, line) && line.x0 - prev.x1 <= ROW_PIECE_GAP_EMS_MAX * em) return false;
  if (line.x0 > prev.x1 || (line.x1 < prev.x0 && !hangsUnderFirstRow(current, prev, line, em))) return true;
  const prevFull = prev.x1 >= right - SHORT_LINE_EMS * em;
  // Short only because this line's first word would not fit in the room it left: a long path
  // in the code face wrapped whole ("… html.xml, and" | "~/.local/share/mime/text/html.xml (if
  // they exist …", shared-mime-info's spec), which also gives the line before the code's size.
  // Chinese and Japanese break lines anywhere: their "first word" is no unit that wraps whole.
  const prevFilled = prevFull || (!isEastAsianWide(firstCodePoint(text)) && right - prev.x1 <= measuredFirstWordWidth(line) + WORD_SPACE_EMS * em);
  if (Math.abs(prevStyle.size - style.size) >= 1 && !(prevFilled && !ITEM_END.test(prevText.trimEnd()) && (hasTextAtSize(line, prevStyle.size) || (Math.abs(style.size - bodySize) < 1 && isProseOutweighedByCode(prev, style.size))))) return true;
  if (prevStyle.bold !== style.bold && !(prevStyle.bold && boldLeadInGoesOn(prev, line, prevFull)) && !boldWraps(prev, line, prevFull) && !mixedLineGoesOn(prev, prevText, line, prevFull || (prevFilled && MID_SENTENCE_END.test(prevText.trimEnd())))) return true;
  // A numbered bibliography entry's lines hanging under its label's text go on, however ragged
  // (reference_entries.ts goesOnUnderEntryLabel).
  if (!current.marker && goesOnUnderEntryLabel(current.lines, line, text, em, xAfterChars)) return false;
  // A contents entry ends its block, also one that starts with a list's number (DocBook's
  // "2. How to use bzip2 . . . 2" over its sections' entries, "2.1. NAME . . . 2").
  if (current.marker && isContentsEntryLine(prev, prevText)) return true;
  if (current.marker) {
    // A wrapped item's lines hang at its text, not at its marker; an item set without a
    // hanging indent wraps back to the marker, and only after a line that ran full width.
    // A right-to-left item has its marker at the right: its lines end left of it.
    if (current.rtl) {
      return line.x1 > current.lines[0].x1 - HANG_TOLERANCE_EMS * em;
    }
    // Asked only where it decides: it measures the item and looks for superscripts.
    const itemEnded = () => {
      let width = line.x1;
      for (const l of current.lines) width = Math.max(width, l.x1);
      return prev.x1 < width - SHORT_LINE_EMS * em && ITEM_END.test(textBeforeMark(prev, prevText));
    };
    // An item whose lines wrapped back to its marker hangs nowhere: a line set in from them
    // by a paragraph's indent, after one that ended a sentence, starts the next paragraph
    // (etex_man's "(2) when hyphenation …" | "hyphenated during the line-breaking algorithm."
    // | "ε-TeX introduces …", whose first letter is no capital).
    if (wrapsToMarker(current.lines, em) && isParagraphIndent(line.x0 - current.lines[0].x0, em) && ITEM_END.test(textBeforeMark(prev, prevText))) return true;
    // A line set in from the item's text after a line its author broke (a slide's contents,
    // slide_phrases.ts: hobete's "1. Beispiele" over its subsections "Listen" | "s.th. else")
    // is nested under the item, no wrap of its text.
    if (prev.breakAfter === true && line.x0 > (current.textX ?? current.lines[0].x0) + HANG_TOLERANCE_EMS * em) return true;
    if (line.x0 >= (current.textX ?? current.lines[0].x0) - HANG_TOLERANCE_EMS * em) {
      // A paragraph of its own under the item's text: the line before ended a sentence and left
      // room for this line's first word, so it was not filled before it wrapped (the GPL's
      // "0. Definitions." | "“This License” refers to …" | "“Copyright” also means …").
      if (
        Math.abs(line.x0 - (current.textX ?? current.lines[0].x0)) <= HANG_TOLERANCE_EMS * em &&
        SENTENCE_END.test(textBeforeMark(prev, prevText)) &&
        PARAGRAPH_START.test(text) &&
        right - prev.x1 > firstWordWidth(line) + ITEM_WORD_SPACE_EMS * em
      ) {
        return true;
      }
      // A paragraph after the list whose first-line indent falls at the items' text (LaTeX's
      // parindent in a narrow column, dvipdfmx-special's "The TODO list …"): the item ended a
      // sentence, the line starts one and runs to the column's edge, and the paragraph's next
      // line goes back left of the item's marker.
      return (
        after !== null &&
        line.x1 >= right - SHORT_LINE_EMS * em &&
        SENTENCE_START.test(text) &&
        paragraphGoesOnLeftOf(current.lines[0].x0, line, style, after, em) &&
        ITEM_END.test(textBeforeMark(prev, prevText))
      );
    }
    // Back at the marker's x: the item goes on unless the line before ended a sentence well
    // short of the item's width, or, an item of one line, left room in the column for this
    // line's first word, a sentence's start: an item wraps back to its marker only after a
    // line it filled (lm-info's last item "• Text Companion for ec (…; ts1-*.tfm)" over "The
    // LaTeX support for all the encodings is provided."). A longer item's own lines say how
    // wide it runs: a column's right edge may lie past a ragged list's.
    const backToMarker = Math.abs(line.x0 - current.lines[0].x0) <= HANG_TOLERANCE_EMS * em;
    if (!backToMarker) return true;
    return (current.lines.length === 1 && !prevFilled && SENTENCE_START.test(text)) || itemEnded();
  }
  // A right-to-left paragraph starts at the right edge; its last line falls short on the left,
  // or on the right where the producer set it flush left. Text set flush right reads the
  // same way: its ragged left edge is no indentation.
  // (A document the extractor found no right-to-left letter in has no line to ask: every
  // pair of lines came here, and each search read the whole line.)
  const rtl = flushRight || (mayHoldRtl && isRtlText(prevText));
  const indent = rtl ? right - line.x1 : line.x0 - left;
  const shift = rtl ? prev.x1 - line.x1 : line.x0 - prev.x0;
  // Lines a pass before broke each (a menu's entries, side_panels.ts breakMenuEntries) are
  // lines of one set: an entry set in under the one above is nested in it, not a paragraph's
  // first line (a documentation page's "On this page": "Configuring a client" | "Per-request
  // overrides" had started a paragraph of its own).
  if (!rtl && prev.breakAfter === true && line.breakAfter === true && shift > 0 && shift < INDENT_EMS_MAX * em) return false;
  // A contents entry is a line of its own, never joined to the next; an entry's title wrapped
  // onto a second line goes on there in small letters, with the leader and page number
  // (R-FAQ's "7.34 How can I save the result of each iteration in" | "a loop into a separate
  // file? . . . 38").
  if (isContentsEntryLine(prev, prevText)) return true;
  if (isContentsEntryLine(line, text) && LOWER_START.test(text)) return false;
  // So is an entry after an index's entry that ended in its pages without a leader, its
  // numbers filling the column's line (active-conf's "\belowcaptionskip 137, 143, 144, 147,
  // 148" over "\bfdefault . . . 350, 353–357", which had gone on in its paragraph).
  if (isContentsEntryLine(line, text) && endsInIndexPages(prevText)) return true;
  // A paragraph set with a hanging indent (a description list's item: "amstext Provides a
  // \text command …" | "a display."): its first line runs full width mid-sentence and the
  // rest hang to its right; the next line back at the first line's x starts the next item.
  if (!rtl && hangs(current, em) && Math.abs(line.x0 - current.lines[0].x0) <= HANG_TOLERANCE_EMS * em && shift < -INDENT_EMS_MIN * em) return true;
  // A line further out than such a paragraph's first line, after a sentence's end, is none of
  // it (hyperref's "*Unicode* is a 16bit encoding …", hanging under a list item, over "PDF
  // strings are used …" at the margin).
  if (!rtl && hangs(current, em) && line.x0 < current.lines[0].x0 - INDENT_EMS_MIN * em && ITEM_END.test(prevText.trimEnd())) return true;
  // A run-in heading set at the first-line indent after a sentence's end starts a paragraph,
  // however full the line before it ran (APA's "***Face validity.*** The face validity is …"
  // under "… the validity of our instrument.", 3.5 pt short of the column's edge).
  if (!rtl && indent > INDENT_EMS_MIN * em && indent < INDENT_EMS_MAX * em && endsInSentenceStop(prevText) && startsWithRunInHead(line)) return true;
  // A paragraph of one line set with a first-line indent, and the next set with it (web2c's
  // "For a list of options … page 17." over "Unlike Metafont and MetaPost, …"): a paragraph's
  // second line goes back to the margin, so a second line at the indent after a sentence's
  // end starts a paragraph of its own.
  if (
    !rtl &&
    current.lines.length === 1 &&
    indent > INDENT_EMS_MIN * em &&
    indent < INDENT_EMS_MAX * em &&
    Math.abs(shift) <= HANG_TOLERANCE_EMS * em &&
    endsInSentenceStop(prevText) &&
    SENTENCE_START.test(text) &&
    indents.isIndent(prev)
  ) {
    return true;
  }
  // An OCR layer's lines wander with the scan's skew, so a small paragraph indent is measured
  // against the lines around it: a line that starts a sentence after one that ended, set in
  // from both its neighbours, which start together (Vicksburg p. 3's "It is rumored in camp
  // …", 7.7 pt in at 11 pt type, had run on after "… worship them.", the engraving's caption
  // beside the paragraph read after both).
  if (!rtl && after !== null && isOcrLine(line) && ocrIndented(prev, line, after.line, em) && SENTENCE_END.test(textBeforeMark(prev, prevText)) && PARAGRAPH_START.test(text)) return true;
  if (indent > INDENT_EMS_MIN * em && indent < INDENT_EMS_MAX * em && Math.abs(shift) > INDENT_EMS_MIN * em) {
    // Text no larger than the body's (footnotes and references are smaller): a title's second
    // line, centred, reads as indented too. A tenth over it is still body text where the
    // document's body was measured in smaller type (backref's 10 pt description list in a
    // document whose 9 pt bibliography outweighs it: "verbose: … that is found" | "for back
    // citing." had split).
    // (A first line broken inside a word, "compu-", goes on however short it looks against a
    // column widened by a full-width title above it.)
    const hangingLine = !rtl && shift > 0 && (prevFull || BROKEN_WORD_END.test(prevText)) && current.lines.length === 1 && style.size < Math.max(bodySize + 1, bodySize * HANGING_LINE_SIZE_RATIO_MAX);
    if (hangingLine && !isContentsEntryLine(prev, prevText) && WORD_GOES_ON.test(textBeforeMark(prev, prevText))) return false;
    // A reference's label hangs: its second line goes on under the text after the label,
    // whatever the first ended with ("[1] Bektaş, T., Laporte, G. (2011). The pollution-routing
    // problem." | "Transportation Research Part B 45, 1232–1250."). So does a contract's clause
    // number ("3.1 This Agreement remains in force … Effective Date." | "Either Party may …").
    const label = hangingLine ? (REFERENCE_LABEL.exec(prevText) ?? clauseLabel(prevText)) : null;
    if (label && Math.abs(line.x0 - xAfterChars(prev, label[0].length)) <= HANG_TOLERANCE_EMS * em) return false;
    if (hangingLine && hangsUnderEntryLabel(prev, prevText, line, em, xAfterChars)) return false;
    // A description list's item hangs too: its term in bold or the code face starts the first
    // line, and its second line goes on whatever the first ended with, where the hang goes on
    // under it or the next item's term comes back at the first line's x (btxdoc's "**manual**
    // Technical documentation. … Optional fields:" | "author, organization, …"). A paragraph
    // indented after a run-in head goes back to the margin in words of the text's face; a
    // term at the hang is a nested list's item (texlive-en's "2021 A previous release.").
    if (hangingLine && startsWithTerm(prev) && !startsWithTerm(line) && hangGoesOn(prev, line, after, em)) return false;
    return shift > 0;
  }
  // A paragraph of one line at the first-line indent that its author broke where the next
  // line's first word would have fitted (in the column and in that line: a ragged OCR column
  // beside a picture is narrower than the page's), over a line back at the margin that starts a
  // sentence, ends there however its line ends (tabularx's display line
  // "\begin{tabularx}{⟨width⟩}…" over "The arguments of tabularx are …").
  if (
    !rtl &&
    current.lines.length === 1 &&
    Math.abs(indent) <= HANG_TOLERANCE_EMS * em &&
    shift < -INDENT_EMS_MIN * em &&
    Math.min(right, line.x1) - prev.x1 > firstWordWidth(line) + ITEM_WORD_SPACE_EMS * em &&
    PARAGRAPH_START.test(text) &&
    indents.isIndent(prev)
  ) {
    return true;
  }
  // A line its author broke goes on in the same paragraph, after a line break.
  if (brokenAfter && !setEnd) return false;
  // A long line ending where the next ends is a justified block's full line, however far in
  // from the column's edge it sets its measure (an abstract indented on both sides); short
  // lines end together by chance (a table's notes, "ᵃ Note a." | "ᵇ Note b.").
  const sameEnd = !rtl && Math.abs(line.x1 - prev.x1) <= JUSTIFIED_EDGE_TOLERANCE_PT && prev.x1 - prev.x0 >= JUSTIFIED_WIDTH_SHARE_MIN * (right - left);
  // Where code runs past the edge the prose is justified at (proseEdgeInsideCode), a line is
  // short against the code's edge, not the prose's: a paragraph's last line ending 1 em short
  // of the margin is short of the code's too; a line ending at the margin is full.
  const atProseEdge = codeRight > right && Math.abs(prev.x1 - right) <= JUSTIFIED_EDGE_TOLERANCE_PT;
  const short = (prev.x1 < codeRight - SHORT_LINE_EMS * em && !sameEnd && !atProseEdge) || (rtl && prev.x0 > left + SHORT_LINE_EMS * em);
  // A note's mark after the full stop is no word of the sentence (Debian Policy's "… and is
  // then removed again.⁶" | "A directory will never be …").
  // In text set ragged right, a line the next word did not fit on wrapped: the paragraph
  // goes on whatever the line ended with (ragged_right.ts).
  if (short && ITEM_END.test(textBeforeMark(prev, prevText)) && !(ragged && !rtl && wrappedInRaggedParagraph(current.lines, prev, right - prev.x1, measuredFirstWordWidth(line) + WORD_SPACE_EMS * em, text, em, right - left))) return true;
  // After a set of lines that each say one thing, a line as wide as the column starts a block.
  return setEnd && SENTENCE_START.test(text);
}

/** Whether `line`, all in the code face, is the rest of an address that `prev` ends with in
 * that face, set under it at the paragraph's leading. */
function addressLineGoesOn(prev: Line, line: Line, text: string, style: TextStyle): boolean {
  let k = prev.spans.length - 1;
  while (k >= 0 && isBlankText(prev.spans[k].text)) k--;
  if (k < 0 || !prev.spans[k].monospace || !isOneToken(text)) return false;
  if (line.y0 - prev.y1 > PARAGRAPH_GAP_SHORT_BOX_EMS * emOfStyle(style)) return false;
  return addressGoesOn(prev.spans[k].text.trimEnd(), text.trimStart());
}

/** Whether `line`, one word in the code face, is the last word of the paragraph that `prev`
 * runs full width in the text's face, mid-sentence after a Latin word: wrapped back to the
 * paragraph's margin at its leading (R-ints' "Include checks … Default: same as" |
 * "_R_CHECK_CRAN_INCOMING_", which had made a code block with the next `@item` term under
 * it). A line of code at or right of it under it makes it a listing's first line (revtex's
 * "@Unpublished{Ginsparg:1988ui," over "author = …"); a heading or a table's figure before
 * it is no sentence that goes on; nor is a line of code displayed under it, a little space
 * above it (DEMO-TUDaBeamer's "… steht das Makro" | "\setupTUDaFrame{logo=true}", 7 pt
 * below where its lines stand 0.3 pt apart). */
function codeWordGoesOn(prev: Line, prevText: string, line: Line, text: string, style: TextStyle, after: Line | null, usualGap: number, right: number): boolean {
  const em = emOfStyle(style);
  if (!isOneToken(text) || Math.abs(line.x0 - prev.x0) > HANG_TOLERANCE_EMS * em || prev.x1 < right - SHORT_LINE_EMS * em) return false;
  if (!WORD_GOES_ON_BEFORE_CODE.test(prevText) || line.y0 - prev.y1 > usualGap + CODE_WORD_GAP_EMS * em) return false;
  // The line before is prose in the code's size: its last word in the text's face.
  let k = prev.spans.length - 1;
  while (k >= 0 && isBlankText(prev.spans[k].text)) k--;
  if (k < 0 || prev.spans[k].monospace || prev.spans[k].bold || Math.abs(prev.spans[k].size - style.size) >= 1) return false;
  return !(after !== null && after.x0 >= line.x0 - HANG_TOLERANCE_EMS * em && isMonoLine(after));
}
/** A code word's box stands at most this many ems further below the line before than the
 * column's lines stand apart (R-ints: 1 pt further, its box a little taller). */
const CODE_WORD_GAP_EMS = 0.25;
/** A Latin word ending the line: a sentence going on. */
const WORD_GOES_ON_BEFORE_CODE = /[A-Za-z]\s*$/;

/** Whether the line starts with a term: its first words (LABEL_CHARS_MAX characters at most)
 * in bold or in the code face, then, after a space, words in the text's face ("**manual**
 * Technical documentation", "`TEXMFVAR` The (personal) tree"; not "`author`, `title`, …"). */
function startsWithTerm(line: Line): boolean {
  const spans = line.spans;
  const first = textSpanFrom(spans, 0, 1);
  if (first >= spans.length || !(spans[first].bold || spans[first].monospace)) return false;
  let term = "";
  for (let k = first; k < spans.length; k++) {
    const span = spans[k];
    if (span.bold || span.monospace || isBlankText(span.text)) {
      term += span.text;
      if (term.length > LABEL_CHARS_MAX) return false;
      continue;
    }
    return TERM_THEN_WORDS.test(term + span.text) && term.trim() !== "";
  }
  return false;
}
/** A term, a space, then a word. */
const TERM_THEN_WORDS = /^\s*\S.*?\s+\p{L}/u;

/** Whether the line after a hanging item's second line goes on at the hang, or starts the next
 * item: a term back at the item's first line's x. The page's last line says nothing against. */
function hangGoesOn(first: Line, hanging: Line, after: { line: Line } | null, em: number): boolean {
  if (after === null) return true;
  if (Math.abs(after.line.x0 - hanging.x0) <= HANG_TOLERANCE_EMS * em) return true;
  return Math.abs(after.line.x0 - first.x0) <= HANG_TOLERANCE_EMS * em && startsWithTerm(after.line);
}

/** A line ending inside a word broken at a hyphen: "multithreaded compu-". */
const BROKEN_WORD_END = /\p{Ll}-\s*$/u;
/** A bibliography entry's label before its text: "[1] ", "[Knu84] ". */
const REFERENCE_LABEL = /^\s*\[[^\]\s]{1,12}\]\s+/;
/** A clause's number before its text, the clause running on for some words (a table's row
 *  "1 in 1,000" over "1 in 5" is no clause). */
function clauseLabel(text: string): RegExpExecArray | null {
  const label = CLAUSE_LABEL.exec(text);
  return label && text.slice(label[0].length).trim().split(WHITE_SPACE_RUN).length >= CLAUSE_WORDS_MIN ? label : null;
}
const CLAUSE_WORDS_MIN = 5;
/** A clause's number before its text: "3.1 ", "12. ", "(b) ", "(iv) ", "§ 4 ". */
const CLAUSE_LABEL = /^\s*(?:\d{1,3}(?:\.\d{1,3}){0,5}[.)]?|\((?:\d{1,3}|[a-z]|[ivx]{1,5})\)|§\s?\d{1,3}(?:\.\d{1,3}){0,3})\s+/u;

/** The end of a line whose words go on in the next: a letter, a comma or a hyphen (not a
 * sentence's end, nor a line of code ending in ";" or "{", nor a contents entry's number). */
const WORD_GOES_ON = /[\p{L},\-–]$/u;

/** Whether a block's lines after its first hang to the first's right (a hanging indent). */
function hangs(current: Draft, em: number): boolean {
  return current.marker === null && current.lines.length >= 2 && current.lines[1].x0 - current.lines[0].x0 > INDENT_EMS_MIN * em;
}

/** A paragraph starts with a capital or a digit, maybe after an opening quote or bracket. */
const PARAGRAPH_START = /^\s*["“‘'(\[]?[\p{Lu}\p{N}]/u;
/** The room a line leaves must hold the next line's first word and a space of this many ems
 * (and a little slack for glyph boxes) for its break to be the author's. */
const ITEM_WORD_SPACE_EMS = 0.5;

/** How a paragraph's or an item's last line ends: a sentence or clause, or a closing bracket
 * or quote; in Chinese and Japanese the full stop, exclamation or question mark (since
 * svc-md-1.1.21: their lines run full to the column's edge but a paragraph's last, and
 * pkuthss's "…加入`openany`选项。" | "如果编译时…" had run on as one paragraph). */
const ITEM_END = /[.!?:;"”)。！？]$/u;

/** A line's text without its raised footnote mark at the end ("… (via XDVIPDFMX).³"). */
function textBeforeMark(line: Line, text: string): string {
  const trimmed = text.trimEnd();
  const raised = superscripts(line);
  if (raised === null) return trimmed;
  let k = line.spans.length - 1;
  while (k >= 0 && isBlankText(line.spans[k].text)) k--;
  if (k < 0 || !raised[k]) return trimmed;
  const mark = line.spans[k].text.trim();
  return trimmed.endsWith(mark) ? trimmed.slice(0, -mark.length).trimEnd() : trimmed;
}

/** Whether the line after `line`, which runs to the column's edge, goes on as its paragraph
 * left of the list's marker: same style (not a run-in label in bold, nameref's "lists The
 * following …"), no marker, set at the usual leading under it. */
function paragraphGoesOnLeftOf(markerX: number, line: Line, style: TextStyle, after: { line: Line; style: TextStyle; marker: ListMarker | null }, em: number): boolean {
  const next = after.line;
  if (after.marker !== null || next.x0 >= markerX - HANG_TOLERANCE_EMS * em) return false;
  if (Math.abs(after.style.size - style.size) >= 1 || after.style.bold !== style.bold || edgeBold(next, 1)) return false;
  return next.y0 - line.y1 <= PARAGRAPH_GAP_SHORT_BOX_EMS * em && next.x1 > line.x0;
}

/** Whether the column's paragraph skip (paragraph_skips.ts) lies between the two lines. */
function endsAtSkip(skip: ParagraphSkip, prev: Line, prevStyle: TextStyle, line: Line, style: TextStyle): boolean {
  const gap = skipGap(skip, prev, prevStyle.size, line, style.size);
  return gap !== null && gap > skip.threshold;
}

/** Lines that each end a sentence, one under another, this many or more, are a set of lines
 * (list-pypdf-example's nineteen aphorisms; gen-handbook-p6's form, whose labels end in a
 * colon), not a paragraph: prose ends few lines so. */
const LINE_SET_LINES_MIN = 4;
const SENTENCE_END = /[.!?:]["”’)]?$/u;
/** The text's first code point past white space (as trimStart reads it), 0 for a blank text:
 *  read in place, where trimStart copied the line for every pair of lines asked. */
function firstCodePoint(text: string): number {
  let p = 0;
  while (p < text.length && isSpaceCode(text.charCodeAt(p))) p++;
  return p < text.length ? text.codePointAt(p)! : 0;
}

/** SENTENCE_END's stops and the closers that may follow them, read by endsInSentenceStop. */
const SENTENCE_END_STOPS = ".!?:";
const SENTENCE_END_CLOSERS = "\"”’)";

/** `SENTENCE_END.test(text.trimEnd())`, read from the text's end: the pattern scanned the
 *  whole line, after a trimmed copy, for every line of every column (markLineSets). */
export function endsInSentenceStop(text: string): boolean {
  let end = text.length;
  while (end > 0 && isSpaceCode(text.charCodeAt(end - 1))) end--;
  if (end > 0 && SENTENCE_END_CLOSERS.includes(text[end - 1])) {
    if (end > 1 && SENTENCE_END_STOPS.includes(text[end - 2])) return true;
  }
  return end > 0 && SENTENCE_END_STOPS.includes(text[end - 1]);
}
/** A capital, a digit, or a copyright or registration sign (a rights block's "© 2026 …"). */
const SENTENCE_START = /^\s*[\p{Lu}\p{N}©®]/u;

/**
 * Sets of lines (LINE_SET_LINES_MIN or more in a row, each ending a sentence, the next
 * starting one, at one left edge and size): marks a line break after each line but the last
 * in `breaks`, and the last in `ends`. Lines that happen to run the column's full width would
 * join the next.
 */
function markLineSets(breaks: boolean[], ends: boolean[], column: readonly Line[], styles: readonly TextStyle[], texts: readonly string[], skip: ParagraphSkip | null): void {
  let start = 0;
  for (let i = 0; i <= column.length; i++) {
    const goesOn =
      i < column.length &&
      endsInSentenceStop(texts[i]) &&
      (i === start ||
        (SENTENCE_START.test(texts[i]) &&
          !(skip !== null && endsAtSkip(skip, column[i - 1], styles[i - 1], column[i], styles[i])) &&
          Math.abs(column[i].x0 - column[start].x0) <= HANG_TOLERANCE_EMS * emOfStyle(styles[i]) &&
          Math.abs(styles[i].size - styles[start].size) < 1));
    if (goesOn) continue;
    if (i - start >= LINE_SET_LINES_MIN) {
      breaks.fill(true, start, i - 1);
      ends[i - 1] = true;
    }
    start = i < column.length && endsInSentenceStop(texts[i]) ? i : i + 1;
  }
}

/** Lines one under another that each start with a bold label ending in a colon (a memo's
 * "**To:** All employees …" | "**From:** Petra Hoffmann …" | "**Date:** …"), or with a name in
 * capitals set larger than the rest and ending in a comma (ACM's journals' authors: "LARS
 * THØRVÄLD, The Thørväld Group, Iceland"), are a field each, however full they run: marks a
 * line break after each but the last. So are three such lines or more whose label is in the
 * text's face: a field's name of a word to three, capitalised, and its colon (a statement's
 * "Account holder: J. de Vries" | "IBAN: NL91 ABNA …" | "Period: 1 March 2025 – …"). */
// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const labelled = (line: Line) => startsWithBoldLabel(line) || startsWithCapitalName(line);

function markLabelledLines(breaks: boolean[], texts: readonly string[], column: readonly Line[]): void {
  let previous = column.length > 0 && labelled(column[0]);
  for (let i = 1; i < column.length; i++) {
    const current = labelled(column[i]);
    if (current && previous) breaks[i - 1] = true;
    previous = current;
  }
  for (let i = 0; i < column.length; ) {
    let end = i;
    // A field holds a colon: most lines have none, and the pattern is not run on them.
    while (end < column.length && texts[end].includes(":") && PLAIN_FIELD.test(texts[end])) end++;
    if (end - i >= PLAIN_FIELD_LINES_MIN) for (let k = i; k < end - 1; k++) breaks[k] = true;
    i = Math.max(end, i + 1);
  }
}
/** A grammar's rule set one alternative a line, each but the last ending in "|" (pdfTeX's
 * "⟨goto-action spec⟩ → … ⟨numid⟩ |" | "[ ⟨file spec⟩ ] … ⟨nameid⟩ |" | …) keeps its lines: a
 * line of metavariables that ends in the alternatives' bar ends there. */
function markGrammarAlternatives(breaks: boolean[], texts: readonly string[]): void {
  // The bar first: a look along the text for one character rules out nearly every line.
  for (let i = 0; i + 1 < texts.length; i++) if (texts[i].includes("|") && GRAMMAR_ALTERNATIVE.test(texts[i])) breaks[i] = true;
}
const GRAMMAR_ALTERNATIVE = /[⟨〈][^⟨⟩〈〉]+[⟩〉].*\|\s*$/u;

/** A grammar's rule sign alone on its line: "::=", ":=". */
const RULE_SIGN = /^\s*:{1,2}=\s*$/;
/** The code on the sign's row is looked for this many lines before and after it in the column. */
const RULE_ROW_REACH = 3;

/** Whether line `i` stands in the gap of a line in the code face on its row: Sphinx sets a
 *  productionlist's rule sign in the text face between the rule's name and its right side in
 *  the code face, which line_joining.ts joins across the sign's gap; the signs had come out as
 *  paragraphs of their own between the rules' code blocks. */
function isInCodeGap(column: readonly Line[], monos: readonly boolean[], i: number): boolean {
  for (let j = Math.max(0, i - RULE_ROW_REACH); j <= Math.min(column.length - 1, i + RULE_ROW_REACH); j++) if (j !== i && monos[j] && standsInGapOf(column[i], column[j])) return true;
  return false;
}

/** Whether `piece` stands in a gap of `host` on its row: the host starts left of it and ends
 *  right of it, the two overlap by more than half the shorter's height
 *  (ROW_OVERLAP_SHARE_MIN), and no span of the host with ink lies under it. A grammar's rule
 *  sign between a rule's name and its right side (isInCodeGap; render/page.ts writes such a
 *  piece into its host's row). */
export function standsInGapOf(piece: Line, host: Line): boolean {
  if (host.x0 >= piece.x0 || host.x1 <= piece.x1 || verticalOverlap(piece, host) <= ROW_OVERLAP_SHARE_MIN) return false;
  for (const span of host.spans) if (span.x1 > piece.x0 && span.x0 < piece.x1 && !isBlankText(span.text)) return false;
  return true;
}

/** A column of an index without leaders (LaTeX's theindex, Sphinx's) holds this many entries
 *  ending in their pages (endsInIndexPages) at least ... */
const INDEX_LINES_MIN = 3;
/** ... on this share of its lines at least: the others are heads over their subentries, a
 *  letter's group title, an entry's wrapped first line. */
const INDEX_LINE_SHARE_MIN = 0.5;

/** An index's column keeps one entry a line (bgteubner's "`mdwlist`-Paket, 31" | "Mediävalziffer,
 * 6, 36", why3's "split_all, 155" | "split_goal, 155"): its entries, read column by column
 * since the columns are no table (tables/reads_as_table.ts isIndexColumns), had run on as one
 * paragraph. A break after each line but one whose entry wraps onto the next. */
// An entry's last page may be a note's ("Bush, George W., 323n", endsInIndexLocators). Where
// the column hangs its wrapped lines at one indent (index_wraps.ts), a break goes after each
// line but one the next line wraps from, whatever it ends with ("CARP (Copyright Arbitration
// Royalty" | "Panel), 324n"); the wraps are returned, null for any other column.
function markIndexEntries(breaks: boolean[], texts: readonly string[], column: readonly Line[], sizes: readonly number[]): boolean[] | null {
  // Counted until the lines left could no longer make up the entries needed: most columns
  // hold none, and half their lines need not be read.
  const needed = Math.max(INDEX_LINES_MIN, INDEX_LINE_SHARE_MIN * texts.length);
  let entries = 0;
  for (let i = 0; i < texts.length && entries + texts.length - i >= needed; i++) if (endsIndexEntry(texts, i)) entries++;
  if (entries < needed) return null;
  const wraps = indexWraps(column, texts, sizes);
  if (wraps !== null) {
    for (let i = 0; i + 1 < texts.length; i++) if (!wraps[i + 1]) breaks[i] = true;
    return wraps;
  }
  for (let i = 0; i + 1 < texts.length; i++) if (!ENTRY_GOES_ON.test(texts[i])) breaks[i] = true;
  return null;
}

/** A field's line with its name in the text's face: "Account holder: J. de Vries". */
const PLAIN_FIELD = /^\s*\p{Lu}[\p{L}\p{M}.'’-]*(?: [\p{L}\p{M}.'’-]+){0,2}: +\S/u;
/** ... three such lines at least, one under another: two may be a paragraph's by chance. */
const PLAIN_FIELD_LINES_MIN = 3;

/** A name in capitals is set at least this many points larger than the text after it. */
const CAPITAL_NAME_STEP_PT = 1;
/** Words a list of names in capitals holds in small letters ("BEN TROVATO and G.K.M. TOBIN"). */
const NAME_JOINERS = /\b(?:and|und|et|y|e)\b/g;

/** Whether the line starts with a name in capitals, larger than the rest of the line, ending in
 * a comma: "BEN TROVATO∗ and G.K.M. TOBIN∗," before "Institute for Clarity …". */
function startsWithCapitalName(line: Line): boolean {
  // The name and the smaller text after it are two spans at least: a line of one span (most
  // lines) has none.
  const spans = line.spans;
  if (spans.length < 2) return false;
  let f = 0;
  while (f < spans.length && !hasWordChar(spans[f].text)) f++;
  if (f === spans.length) return false;
  const first = spans[f];
  // Nor has a line set in one size (most lines of two spans or more): nothing after the name
  // is smaller, and no label need be built.
  let smaller = false;
  for (let k = f + 1; k < spans.length && !smaller; k++) smaller = spans[k].size <= first.size - CAPITAL_NAME_STEP_PT;
  if (!smaller) return false;
  let label = "";
  for (const span of spans) {
    // Note marks and spaces set smaller inside the name belong to it; the text after it is
    // smaller and has words.
    if (span.size <= first.size - CAPITAL_NAME_STEP_PT && hasWordChar(span.text) && !NOTE_MARKS_ONLY.test(span.text)) {
      const name = label.trimEnd();
      return name.endsWith(",") && name.length <= LABEL_CHARS_MAX && !HAS_SMALL_LETTER.test(name.replace(NAME_JOINERS, "")) && HAS_CAPITAL.test(name);
    }
    label += span.text;
    if (label.length > LABEL_CHARS_MAX) return false;
  }
  return false;
}

/** Whether the line's first words are bold and end in a colon ("**Subject:** …"). */
function startsWithBoldLabel(line: Line): boolean {
  let label = "";
  for (const span of line.spans) {
    if (!span.bold) {
      if (hasWordChar(span.text)) break;
      if (label === "") continue;
    }
    label += span.text;
    if (label.length > LABEL_CHARS_MAX) return false;
  }
  return label !== "" && LABEL_END.test(label.trimEnd()) && hasWordChar(label);
}
/** A field's label is short: longer bold text ending in a colon is a lead-in sentence. */
const LABEL_CHARS_MAX = 40;

/** A float needs this many lines of the column beside it before their right edge is its own:
 *  one or two lines there may all be a paragraph's short last lines. */
const LINES_BESIDE_FLOAT_MIN = 3;
/** ... or two when they end flush with one another within this many points: justified lines
 *  wrapped at the float (a Writer frame beside a paragraph's first two lines), where two short
 *  last lines rarely end at one x. */
const FLUSH_BESIDE_FLOAT_PT = 1;
const FLUSH_LINES_BESIDE_FLOAT_MIN = 2;

/** Full lines of prose ending together at their widest this many times or more make the
 * column's justified edge: two are a measure, one may be a line that ran long. */
const MEASURE_LINES_MIN = 2;

/**
 * The edge a column's prose is justified at where only code runs past it (NaN where there is
 * none). TeX sets a listing's line too long for the measure past the margin (an overfull box:
 * R-exts' "PKG_LIBS=-L… -lpackB", 38 pt out), and measured against that line a paragraph's
 * full lines fall 3 em short: one ending "(e.g." ended a paragraph there. Only lines of prose
 * of a justified block's width (JUSTIFIED_WIDTH_SHARE_MIN) make the edge: notes in the
 * margin ending together ("EdN:1", "EdN:2") are no measure; a line of prose past it (a
 * margin's note, a title) leaves the column none. `codeFaces` says which lines are code
 * (isMonoLine).
 */
function proseEdgeInsideCode(column: readonly Line[], codeFaces: readonly boolean[], left: number, right: number): number {
  const fullWidth = JUSTIFIED_WIDTH_SHARE_MIN * (right - left);
  let edge = -Infinity;
  for (let i = 0; i < column.length; i++) if (column[i].x1 - column[i].x0 >= fullWidth && !codeFaces[i]) edge = Math.max(edge, column[i].x1);
  if (edge === -Infinity || edge >= right) return NaN;
  let atEdge = 0;
  for (let i = 0; i < column.length; i++) {
    const line = column[i];
    if (codeFaces[i]) continue;
    if (line.x1 > edge + JUSTIFIED_EDGE_TOLERANCE_PT) return NaN;
    if (line.x1 - line.x0 >= fullWidth && line.x1 >= edge - JUSTIFIED_EDGE_TOLERANCE_PT) atEdge++;
  }
  return atEdge >= MEASURE_LINES_MIN ? edge : NaN;
}

/**
 * The right edge each line's room is measured against. Text wrapping beside a float (a web
 * page's infobox on the right, its text going on full width below it) has its own right edge
 * there, the float's left edge less the gutter: a line beside the float that ends a sentence
 * is no paragraph's last line for falling short of the full-width lines below. That edge is
 * the widest line of the column sharing the float's band and ending left of it.
 */
function rightEdgesBesideFloats(column: readonly Line[], right: number, floats: readonly Box[]): Float64Array {
  // A typed array: made by map, the edges were a holey or a packed array, of small integers
  // or of doubles, by the maker's tier and the page's numbers, and buildBlocks and
  // markShortLineSets (each compiled at length) bailed out at every change. One kept from
  // call to call (buildBlocks reads it until it returns, and is never entered again before
  // that): a typed array of more than eight numbers gets a backing store of its own, about
  // a microsecond to make, on every column of every page.
  // The scratch itself, its first column.length entries the column's, not a subarray of it
  // (a new typed array object a column, a tenth of this function's time): every reader
  // indexes it by the column's lines.
  if (rightsScratch.length < column.length) rightsScratch = new Float64Array(2 * column.length);
  const rights = rightsScratch.fill(right, 0, column.length);
  for (const float of floats) {
    const beside: number[] = [];
    let bandRight = -Infinity;
    let bandShortest = Infinity;
    for (let k = 0; k < column.length; k++) {
      const line = column[k];
      if (line.y1 <= float.y0 || line.y0 >= float.y1 || line.x1 > float.x0) continue;
      beside.push(k);
      bandRight = Math.max(bandRight, line.x1);
      bandShortest = Math.min(bandShortest, line.x1);
    }
    const flush = beside.length >= FLUSH_LINES_BESIDE_FLOAT_MIN && bandRight - bandShortest <= FLUSH_BESIDE_FLOAT_PT;
    if (beside.length < LINES_BESIDE_FLOAT_MIN && !flush) continue;
    for (const k of beside) rights[k] = Math.min(rights[k], bandRight);
  }
  return rights;
}
let rightsScratch = new Float64Array(0);

/** Lines that each leave room for the next line's first word, this many or more in a row and
 * each starting with a capital or a digit, were broken by their author (form-sleep-study's
 * "To quickly shed sleepiness - 1 to 5 minutes" | "To increase performance …", an address's
 * lines): a typesetter fills a line before it wraps. Prose in a box narrower than its column
 * leaves room too, which the capitals at each line's start rule out. */
const SHORT_SET_LINES_MIN = 3;
/** Two such lines are a set when the first leaves this share of the column empty: a ragged
 * right edge leaves room for a short word now and then, not for a quarter of the line. */
const SHORT_PAIR_ROOM_SHARE = 0.25;
/** Text in capitals only wraps as any other (a drawing's "NOTE: MINIMIZE SOIL" | "DISTURBANCE
 * WITHIN"): every line starts with a capital, so the start says nothing. One of two lines in
 * small letters is enough ("Boston, MA 02110-1335" | "USA"). */
const HAS_SMALL_LETTER = /\p{Ll}/u;
/** A line of prose ending in a comma, a dash or a joining sign goes on in the next, whatever
 * room it leaves (ragged text in a narrow box: "P. O. Box 869, Santa Barbara," | "CA 93102-0869,
 * …"); a line of code so ending is a line of its own (a numbered listing's "list = list,"), and
 * so is a line set flush right (verse: pdkids' "And the forests, dark and lonely,"). */
const CLAUSE_GOES_ON = /[,;\-–—&/]\s*$/;
/** The room must hold the word and a space of this many ems. */
const WORD_SPACE_EMS = 0.3;

/** A word in brackets closing a short line ends no sentence: a language's level, "Swedish
 *  (native)", a unit's "(kg)". */
const BRACKETED_END = /\p{L}\)$/u;
/** An initialism or a company's, a street's abbreviation at a line's end: "B.V.", "Ltd.". */
const ABBREVIATION_END = /(?:\b\p{Lu}\.){2,}$|\b(?:Ltd|Inc|Co|Corp|Bros|St|Ave|Rd)\.$/u;

/** Marks the lines of each set of short lines: a line break after each but the last (in
 * `breaks`), and a new block after the last where it leaves room for the next line's first
 * word (in `ends`). */
function markShortLineSets(
  breaks: boolean[],
  ends: boolean[],
  column: readonly Line[],
  styles: readonly TextStyle[],
  texts: readonly string[],
  left: number,
  right: number,
  rights: Float64Array,
  asked: SetLineQuestions,
  pageLeft: number,
  columnFlushRight: boolean,
  narrow: boolean,
): void {
  let start = 0;
  // A set flush right (a title page's "A high-level interactive language …" | "Edition 7 for
  // Octave version 7.3.0" | "November 2022") leaves its room on the left, up to the page's
  // text where it is a column of its own. So does every set of a column set flush right (a
  // letter's sender block top right, whose second and third lines start near one x).
  let flushRight = false;
  // A narrow column of short lines but its widest (a letter's recipient, "Västkustens
  // Fastigheter AB" over "Att: Karin Ek" | "Box 2213" | …, read as a column of its own) has no
  // measure to fill: that line leaves room as the others do. Prose fills its column on every
  // line but the last, and a page-wide line over two short ones is a paragraph's.
  const measureLine = narrow ? widestOfShortLines(column, left, right) : -1;
  // A narrow column's run of capitalised items, most within a word of the edge (item_runs.ts).
  const itemPairs = narrow ? itemRunPairs(column, texts, (k) => asked.excludedStyle(k), (k) => roomOf(k, column, columnFlushRight, pageLeft, rights) > firstWordWidth(column[k + 1]) + WORD_SPACE_EMS * emOfStyle(styles[k + 1])) : null;
  // Each line's room (roomOf, roomAfter) is measured against its own right edge.
  for (let i = 1; i <= column.length; i++) {
    if (i - start === 1 && i < column.length) flushRight = columnFlushRight || isFlushRightPair(column[i - 1], column[i], column[i + 1], styles[i], rights[i - 1]);
    // Cheapest tests first: most pairs of a page are prose lines that fill the column.
    const pairGoesOn =
      (itemPairs !== null && i < column.length && itemPairs[i]) ||
      (i < column.length &&
      // A line that runs to the edge leaves no room: asked before the next line's word is measured.
      ((roomAfter(i - 1, start, measureLine, column, flushRight, pageLeft, rights) > WORD_SPACE_EMS * emOfStyle(styles[i]) &&
        roomAfter(i - 1, start, measureLine, column, flushRight, pageLeft, rights) > firstWordWidth(column[i]) + WORD_SPACE_EMS * emOfStyle(styles[i])) ||
        // No contact detail wraps into another: an e-mail address longer than the room its
        // telephone number leaves is a line of its own all the same.
        (asked.contactOnly(i - 1) && asked.contactOnly(i)) ||
        // Nor does an address's line into its street or town (postal_lines.ts).
        (narrow && endsAddress(texts, i))) &&
      pairSetAlike(i, column, styles, texts, flushRight, asked) &&
      (startsSetLine(i - 1, texts, asked) || opensSetInSmallLetters(i - 1, start, column, texts, left, rights, flushRight)) &&
      // Words, not a column of figures; telephone numbers one under another are contact
      // details (a CV's "+46 31 555 0142" | "+46 70 555 0199" had run into one line).
      (HAS_SMALL_LETTER.test(texts[i - 1]) || HAS_SMALL_LETTER.test(texts[i]) || (asked.contactOnly(i - 1) && asked.contactOnly(i))));
    if (pairGoesOn) continue;
    // A line of a list of names or an address that runs too near the edge for the next line's
    // first word goes on in the set all the same, where the set goes on around it
    // (set_bridges.ts): in a narrow column, measured to its own widest line, over a line that
    // ends no sentence (a wrapped paragraph's last line mostly does).
    if (
      narrow &&
      i < column.length &&
      !ITEM_END.test(texts[i].trimEnd()) &&
      bridgesSet(i, start, column, texts, (k) => roomOf(k, column, flushRight, pageLeft, rights), (k) => WORD_SPACE_EMS * emOfStyle(styles[k]), (k) => setPairAligned(k, column, styles, texts, flushRight, asked), (k) => asked.excludedStyle(k))
    ) {
      continue;
    }
    // A signature's "Richard Okafor" over "Business Development Manager".
    const pair = i - start === 2 && roomOf(start, column, flushRight, pageLeft, rights) > SHORT_PAIR_ROOM_SHARE * (rights[start] - left);
    if (i - start >= SHORT_SET_LINES_MIN || pair) {
      // The set's last line parts from the next too when it leaves room for its first word
      // (an address over the text after it, set at another indent).
      const roomForNext = i < column.length && roomOf(i - 1, column, flushRight, pageLeft, rights) > firstWordWidth(column[i]) + WORD_SPACE_EMS * emOfStyle(styles[i]);
      // A last line that fills the column and goes on at the leading under it starts a
      // paragraph: the set ends before it. A heading under it goes on nothing (a CV's e-mail
      // address, the widest line of its contact details, over "Skills").
      const lastWraps =
        i < column.length &&
        !roomForNext &&
        column[i].y0 - column[i - 1].y1 <= PARAGRAPH_GAP_SHORT_BOX_EMS * emOfStyle(styles[i]) &&
        !asked.excludedStyle(i);
      const last = lastWraps ? i - 2 : i - 1;
      for (let k = start; k < last; k++) {
        // A line that ends a sentence ends its block, as in prose, unless it is one of a set
        // of such lines (markLineSets). A company's abbreviation ends none ("Northwind
        // Logistics B.V." over its street).
        const trimmed = texts[k].trimEnd();
        if (!ITEM_END.test(trimmed) || ABBREVIATION_END.test(trimmed) || BRACKETED_END.test(trimmed)) breaks[k] = true;
        else if (!breaks[k]) ends[k] = true;
      }
      if ((lastWraps || roomForNext) && !breaks[last]) ends[last] = true;
    }
    start = i;
  }
}

/** The index of the column's one line that ends at its right edge where every other line
 * leaves a quarter of the column empty (SHORT_PAIR_ROOM_SHARE), or -1. */
// Functions of the module, not closures over markShortLineSets' state: a closure made per
// call loses its optimised code at each full garbage collection, and was compiled again.

/** Line k's room, measured against its own right edge (beside a float, the float's band's),
 *  or for a flush-right set, left of it. */
function roomOf(k: number, column: readonly Line[], flushRight: boolean, pageLeft: number, rights: Float64Array): number {
  return flushRight ? column[k].x0 - pageLeft : rights[k] - column[k].x1;
}

/** Whether lines k - 1 and k are set alike as two lines of a set of short lines: at one x (or
 *  one right edge, set flush right), in one size, the second starting as a set's line does,
 *  the first not ending in a clause that goes on, neither in a heading's style. What
 *  markShortLineSets' pairGoesOn and setPairAligned both ask besides the room and the words. */
function pairSetAlike(k: number, column: readonly Line[], styles: readonly TextStyle[], texts: readonly string[], flushRight: boolean, asked: SetLineQuestions): boolean {
  return (
    (flushRight ? Math.abs(column[k].x1 - column[k - 1].x1) : Math.abs(column[k].x0 - column[k - 1].x0)) <= HANG_TOLERANCE_EMS * emOfStyle(styles[k]) &&
    Math.abs(styles[k].size - styles[k - 1].size) < 1 &&
    startsSetLine(k, texts, asked) &&
    !(CLAUSE_GOES_ON.test(texts[k - 1]) && !flushRight && !hasCodeFaceSpan(column[k - 1].spans)) &&
    !asked.excludedStyle(k - 1) &&
    !asked.excludedStyle(k)
  );
}

/** Whether lines k - 1 and k stand as two lines of a set of short lines do, room apart: set
 *  alike (pairSetAlike), the first too starting as a set's line does, words not figures, the
 *  first ending no sentence. (markShortLineSets' pairGoesOn less the room; for set_bridges.ts.) */
function setPairAligned(k: number, column: readonly Line[], styles: readonly TextStyle[], texts: readonly string[], flushRight: boolean, asked: SetLineQuestions): boolean {
  return (
    pairSetAlike(k, column, styles, texts, flushRight, asked) &&
    startsSetLine(k - 1, texts, asked) &&
    (HAS_SMALL_LETTER.test(texts[k - 1]) || HAS_SMALL_LETTER.test(texts[k])) &&
    !ITEM_END.test(texts[k - 1].trimEnd())
  );
}

/** Only as a set's first line, and only for the line after it: ended by it, or ended after
 *  it, a set's lines are measured as any. */
function roomAfter(k: number, start: number, measureLine: number, column: readonly Line[], flushRight: boolean, pageLeft: number, rights: Float64Array): number {
  return k === start && k === measureLine && !flushRight ? Infinity : roomOf(k, column, flushRight, pageLeft, rights);
}

function widestOfShortLines(column: readonly Line[], left: number, right: number): number {
  let found = -1;
  for (let k = 0; k < column.length; k++) {
    const room = right - column[k].x1;
    if (room > SHORT_PAIR_ROOM_SHARE * (right - left)) continue;
    if (found >= 0 || room > EDGE_TOLERANCE_PT) return -1;
    found = k;
  }
  return found;
}

/** A set's first line may start in a small letter where it leaves this share of its column
 *  empty at least: a reference manual's brief description ("variable for split-merge") over
 *  "Definition at line 71 of file options.h.", Doxygen's lines set one under another. */
const SMALL_START_ROOM_SHARE = 0.5;
/** An opening bracket with no closing one after it: the line stops inside a remark. */
const OPEN_BRACKET_END = /\([^)]*$/;

/**
 * Whether line k, the set's first, starting in a small letter, opens the set all the same: it
 * leaves SMALL_START_ROOM_SHARE of its column empty, stops inside no bracket ("… (besucht am"
 * | "05. 02. 2019)." wraps), and the line under it is short too (a paragraph's last line,
 * "edu/~jmc4/Rbook/.", over a full line of the next, R-FAQ's references, is no set).
 */
function opensSetInSmallLetters(k: number, start: number, column: readonly Line[], texts: readonly string[], left: number, rights: Float64Array, flushRight: boolean): boolean {
  if (k !== start || flushRight || k + 1 >= column.length) return false;
  if (rights[k] - column[k].x1 <= SMALL_START_ROOM_SHARE * (rights[k] - left)) return false;
  if (rights[k + 1] - column[k + 1].x1 <= SHORT_PAIR_ROOM_SHARE * (rights[k + 1] - left)) return false;
  return !OPEN_BRACKET_END.test(texts[k]);
}

/** A line of a set of short lines starts as a sentence does, or is contact details alone (an
 * address's "+46 31 555 0192" and "maria.lindqvist@example.se" under its street and town). */
function startsSetLine(k: number, texts: readonly string[], asked: SetLineQuestions): boolean {
  return SENTENCE_START.test(texts[k]) || asked.contactOnly(k);
}

/** Two lines ending at the column's right edge, starting at different x's, not in a
 * justified paragraph's shape: the line after them goes on at the second's x (after a
 * first-line indent, a bibliography's hanging one, oldgerm's "Journal für" ending a row
 * beside another line), or there is none and the second is an indent's width from the first.
 * Where the line after starts elsewhere, such lines are flush right (verse: pdkids' "And the
 * forests, dark and lonely," | "Moved through all their depths of darkness^" | "Sighed, …"). */
function isFlushRightPair(prev: Line, line: Line, next: Line | undefined, style: TextStyle, right: number): boolean {
  const em = emOfStyle(style);
  const tolerance = HANG_TOLERANCE_EMS * em;
  if (right - prev.x1 > tolerance || right - line.x1 > tolerance || Math.abs(line.x0 - prev.x0) <= tolerance) return false;
  if (next === undefined) return Math.abs(line.x0 - prev.x0) > INDENT_EMS_MAX * em;
  // A paragraph's lines after its first start at one x to a point (a typesetter's margin);
  // lines set flush right start where their length puts them, two of them within half an em
  // by chance (a letter's sender block: "Falmouth TR11 3HQ" | "Tel. 01326 555 0192", 2.5 pt).
  return Math.abs(next.x0 - line.x0) > PARAGRAPH_START_TOLERANCE_PT;
}
/** The lines of a paragraph after its first start within this many points of each other. */
const PARAGRAPH_START_TOLERANCE_PT = 1;

/** A line kept out of sets of short lines: in a heading's style, or starting with a bold
 * lead-in. A line bold throughout in no heading's style (web2c's authors "Karl Berry" |
 * "Olaf Weber" under its title) is a line of the set: its break keeps it in the paragraph. */
function inSetExcludedStyle(line: Line, headingLevels: HeadingLevelsByStyle): boolean {
  // A label with its bold value (bold_values.ts) is in a heading's style by its characters only.
  if (headingLevels.of(lineStyleFacts(line)) !== null) return !isLabelWithBoldValue(line);
  // (Where the first word is bold the line has text: isAllBold is everyTextSpan's bold.)
  return edgeBold(line, 1) && !isAllBold(line);
}

/**
 * What markShortLineSets asks of a column's lines by index, each answer kept for the column:
 * whether a line is contact details alone (isContactOnly, asked of both lines of every pair
 * whose room turns it away, and of each as a set's line) and whether it is kept out of sets
 * (inSetExcludedStyle, asked of both lines of every pair set alike). Each depends on the line
 * alone; a line is asked as the second of one pair and the first of the next.
 */
class SetLineQuestions {
  constructor(
    private readonly column: readonly Line[],
    private readonly texts: readonly string[],
    private readonly headingLevels: HeadingLevelsByStyle,
    /** Per line: 0 not asked yet, then ANSWER_NO or ANSWER_YES (the scratch's first entries). */
    private readonly contact: Int8Array,
    private readonly excluded: Int8Array,
  ) {}
  contactOnly(k: number): boolean {
    if (this.contact[k] === 0) this.contact[k] = isContactOnly(this.texts[k]) ? ANSWER_YES : ANSWER_NO;
    return this.contact[k] === ANSWER_YES;
  }
  excludedStyle(k: number): boolean {
    if (this.excluded[k] === 0) this.excluded[k] = inSetExcludedStyle(this.column[k], this.headingLevels) ? ANSWER_YES : ANSWER_NO;
    return this.excluded[k] === ANSWER_YES;
  }
}
const ANSWER_NO = 1;
const ANSWER_YES = 2;

/** The questions for a column, their answers kept in arrays reused from column to column (a
 *  typed array past 64 bytes is a buffer allocated outside V8's heap): buildBlocks asks them
 *  of one column at a time, and is not called again before markShortLineSets is done. */
function setLineQuestions(column: readonly Line[], texts: readonly string[], headingLevels: HeadingLevelsByStyle): SetLineQuestions {
  const n = column.length;
  if (contactScratch.length < n) {
    contactScratch = new Int8Array(Math.max(n, 2 * contactScratch.length));
    excludedScratch = new Int8Array(contactScratch.length);
  }
  contactScratch.fill(0, 0, n);
  excludedScratch.fill(0, 0, n);
  return new SetLineQuestions(column, texts, headingLevels, contactScratch, excludedScratch);
}
let contactScratch = new Int8Array(256);
let excludedScratch = new Int8Array(256);

/**
 * headingLevelOf of lines' rounded heading styles (headingStyleOf's style: a display line's
 * title style, otherwise its dominant one; size rounded) in one column, kept by style: a
 * column sets its lines in a handful of styles, and buildBlocks asks of nearly every line
 * (markCentredBreaks' skip, as the line above and below on one axis; the sets of short lines;
 * each draft's heading), where each ask made a style and searched the document's heading styles. The level depends on the style's size
 * and weight alone; a NaN size is asked each time, as it matches no kept size.
 */
class HeadingLevelsByStyle {
  private readonly sizes: number[] = [];
  private readonly bolds: boolean[] = [];
  private readonly levels: (number | null)[] = [];
  constructor(private readonly stats: DocumentStats) {}
  of(facts: LineStyleFacts): number | null {
    const style = facts.display ?? facts.style;
    const size = roundHalf(style.size);
    const bold = style.bold;
    for (let k = 0; k < this.sizes.length; k++) if (this.sizes[k] === size && this.bolds[k] === bold) return this.levels[k];
    const level = headingLevelOf(this.stats, { size, bold });
    this.sizes.push(size);
    this.bolds.push(bold);
    this.levels.push(level);
    return level;
  }
}

const NO_BLOCK_TITLES: ReadonlySet<Line> = new Set();

/** A block title's level: one under the last heading before it in `blocks` but the blocks'
 *  titles (the frame's title), or under the document's top level where there is none. */
function blockTitleLevel(blocks: readonly Block[], stats: DocumentStats, blockTitles: ReadonlySet<Line>): number {
  for (let k = blocks.length - 1; k >= 0; k--) {
    const block = blocks[k];
    if (block.kind === "heading" && !(block.lines.length === 1 && blockTitles.has(block.lines[0]))) return Math.min(block.level + 1, HEADING_LEVELS_MAX);
  }
  return Math.min(topHeadingLevel(stats) + 1, HEADING_LEVELS_MAX);
}

/** The level of the document's top heading style (its title's), 0 when it has none: a section
 * known by its setting goes under it (revtex's 12 pt title is level 2, its sections had been
 * level 1 above it). */
function topHeadingLevel(stats: DocumentStats): number {
  let top = Infinity;
  for (const h of stats.headings) top = Math.min(top, h.level);
  return top === Infinity ? 0 : top;
}

function classify(draft: Draft, sectionTitle: number, stats: DocumentStats, headingLevels: HeadingLevelsByStyle): Block {
  const lines = draft.lines;
  if (draft.running) return paragraphBlock(lines, true);
  if (draft.mono) return codeBlock(lines);
  // Under the document's title when its styles show one, at the top level when they do not.
  const heading = headingOf(lines, stats, headingLevels);
  // A title its style makes no heading (IEEE's are set at the body's size) is one by its setting.
  if (sectionTitle && heading === null) return headingBlock(topHeadingLevel(stats) + sectionTitle, lines, true);
  // "1. Introduction" set in a heading style is a numbered heading, not a list; a number set
  // in another weight than its bold title is an item's (R-data's "1. **Precision**").
  // So is a number set smaller than its text (beamer's numbered balls in a contents list).
  if (heading !== null && (!draft.marker || (draft.marker.ordered && numberSetLikeTitle(lines[0], stripLeadingChars(lines[0], draft.marker.length))))) return headingBlock(Math.max(heading, numberingDepth(lines)), lines);
  if (draft.marker) {
    const first = stripLeadingChars(lines[0], draft.marker.length);
    return {
      kind: "list_item",
      ordered: draft.marker.ordered,
      marker: draft.marker.marker,
      depth: 0,
      markerX: lines[0].x0,
      textX: draft.textX ?? first.x0,
      lines: [first, ...lines.slice(1)],
      rtl: draft.rtl === true,
      task: draft.marker.task,
    };
  }
  return paragraphBlock(lines);
}

/** An item's number is set at most this share of its text's size (beamer's balls: 0.73);
 *  a heading's number is set in its title's size. */
const SMALL_NUMBER_SIZE_RATIO_MAX = 0.9;

/** The number starting `line` is set in the weight and about the size of the text after it
 *  (`title`): a numbered heading's, not a list item's. */
function numberSetLikeTitle(line: Line, title: Line): boolean {
  if (edgeBold(line, 1) !== edgeBold(title, 1)) return false;
  const number = line.spans.find((span) => hasWordChar(span.text));
  const text = title.spans.find((span) => hasWordChar(span.text));
  return !number || !text || number.size > SMALL_NUMBER_SIZE_RATIO_MAX * text.size;
}

/** The outline depth a heading's section number gives ("6.3.2" is 3), or 0 without one. */
function numberingDepth(lines: Line[]): number {
  const m = SECTION_NUMBER.exec(lineText(lines[0]));
  return m === null ? 0 : m[1].split(".").length;
}

/** Joins a heading and the next when the second is the first's wrapped line: same level and
 *  style, right below it, overlapping it, and the first not ended by a full stop or colon. */
/** A chapter's label set above its title ("Chapter 1" | "Template", as LaTeX's book and report
 * classes set it), which makes one heading with the title ... */
const CHAPTER_LABEL = /^\s*(?:chapter|part|appendix|book|lecture|kapitel|teil|anhang|chapitre|partie|annexe|cap[íi]tulo|parte|ap[ée]ndice|capitolo|appendice)\s+(?:\d{1,3}|[ivxlc]{1,6}|[a-z])\s*$/iu;
/** ... set this many ems above it, at most. */
const CHAPTER_LABEL_GAP_EMS_MAX = 2;

export function joinWrappedHeadings(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    const prev = out[out.length - 1];
    // A numbered heading's level comes from its number ("7.32" is level 2); its wrapped line,
    // without one, has its style's level (R-FAQ's "7.32 How can I capture or ignore errors in
    // a long" | "simulation?").
    const sameLevel = prev?.kind === "heading" && block.kind === "heading" && (prev.level === block.level || (block.level < prev.level && numberingDepth(block.lines) === 0 && numberingDepth(prev.lines) > 0));
    if (prev?.kind === "heading" && block.kind === "heading" && sameLevel && prev.lines.length + block.lines.length <= HEADING_LINES_MAX) {
      const above = prev.lines[prev.lines.length - 1];
      const below = block.lines[0];
      const style = lineStyle(above);
      const next = lineStyle(below);
      const gap = below.y0 - above.y1;
      const aboveText = lineText(above);
      const gapMax = (CHAPTER_LABEL.test(aboveText) && prev.lines.length === 1 ? CHAPTER_LABEL_GAP_EMS_MAX : HEADING_WRAP_GAP_EMS_MAX) * emOf(above);
      if (
        style.size === next.size &&
        style.bold === next.bold &&
        gap >= -HEADING_WRAP_OVERLAP_EMS_MAX * emOf(above) &&
        gap < gapMax &&
        below.x0 < above.x1 &&
        below.x1 > above.x0 &&
        // A heading's line ending a sentence or a colon ends it; only a centred title's goes on
        // after a colon, its subtitle in small letters ("Dynamic re-routing of urban delivery
        // vans:" | "evidence from a field trial"; not microtype's "The docstrip modules in this
        // file are:" | "driver: …", set flush left).
        !(SENTENCE_STOP_END.test(aboveText) || (COLON_END.test(aboveText) && !(LOWER_START.test(lineText(below)) && centredUnder(above, below))))
      ) {
        out[out.length - 1] = headingBlock(prev.level, [...prev.lines, ...block.lines], prev.section);
        continue;
      }
    }
    if (prev?.kind === "heading" && block.kind === "heading" && prev.lines.length + block.lines.length <= CAPITALS_TITLE_LINES_MAX && capitalsTitleGoesOn(prev.lines[prev.lines.length - 1], block.lines[0])) {
      out[out.length - 1] = headingBlock(Math.min(prev.level, block.level), [...prev.lines, ...block.lines], prev.section);
      continue;
    }
    out.push(block);
  }
  return out;
}

/** A title in capitals set in two sizes, its small words smaller ("PRACTICAL USE OF" |
 * "SPECIAL" | "COMMANDS" | "IN" | "DVIPDFMx", tug2005's title slide) is one heading, each size
 * a level of its own otherwise: ... */
const CAPITALS_TITLE_LINES_MAX = 6;
/** ... its lines in one face, one weight, centred on one axis, each set under the last within
 * this many ems of the smaller size ... */
const CAPITALS_TITLE_GAP_EMS_MAX = 0.75;
/** ... and this share of their letters capitals at least. */
const CAPITALS_SHARE_MIN = 0.8;

function capitalsTitleGoesOn(above: Line, below: Line): boolean {
  const top = lineStyle(above);
  const next = lineStyle(below);
  if (top.size === next.size || top.bold !== next.bold || above.spans[0].font !== below.spans[0].font) return false;
  const em = Math.min(emOf(above), emOf(below));
  const gap = below.y0 - above.y1;
  if (gap < -HEADING_WRAP_OVERLAP_EMS_MAX * em || gap > CAPITALS_TITLE_GAP_EMS_MAX * em) return false;
  if (Math.abs(above.x0 + above.x1 - below.x0 - below.x1) / 2 > HANG_TOLERANCE_EMS * em) return false;
  return capitalsShare(lineText(above)) >= CAPITALS_SHARE_MIN && capitalsShare(lineText(below)) >= CAPITALS_SHARE_MIN;
}

/** The share of the text's letters that are capitals (0 without letters). */
function capitalsShare(text: string): number {
  let letters = 0;
  let capitals = 0;
  for (const ch of text) {
    if (!HAS_LETTER.test(ch)) continue;
    letters++;
    if (HAS_CAPITAL.test(ch)) capitals++;
  }
  return letters === 0 ? 0 : capitals / letters;
}

/** Two lines centred on one another, starting at different x's. */
function centredUnder(above: Line, below: Line): boolean {
  const em = emOf(above);
  return Math.abs(above.x0 + above.x1 - below.x0 - below.x1) / 2 <= HANG_TOLERANCE_EMS * em && Math.abs(above.x0 - below.x0) > HANG_TOLERANCE_EMS * em;
}

const LABEL_END = /[:：]$/;
/** Whether a trimmed text ends in a semicolon, Latin or fullwidth (what /[;；]\s*$/ matched):
 *  its last character read by code, where the pattern tried each of the text's characters. */
function endsInSemicolon(trimmed: string): boolean {
  const last = trimmed.charCodeAt(trimmed.length - 1);
  return last === SEMICOLON || last === FULLWIDTH_SEMICOLON;
}
const SEMICOLON = 0x3b;
const FULLWIDTH_SEMICOLON = 0xff1b;
/** A figure alone (isKeyFigure): digits, group and decimal separators, a per cent sign, a
 *  fraction's slash, signs, currency signs and unit letters, one at a time ... */
const KEY_FIGURE_CHARS = /^[\d\sA-Za-z.,%/+\-−–$€£¥₹]+$/;
/** ... a figure's mark among them: a separator between digits, a per cent sign, a slash or
 *  a unit letter ... */
const KEY_FIGURE_MARK = /\d[.,]\d|%|\/|\d[A-Za-z]/;
/** ... and no date ("2021/10/28") nor a section's number alone ("1.2", "2.1.3"). */
const DATE_OR_SECTION = /\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}|^\s*\d+(?:\.\d+)+\.?\s*$/;
/** A unit letter follows a digit: "3h 12m", "€2.4m"; a letter after anything else is a word's. */
const LETTER_NOT_AFTER_DIGIT = /(?:^|[^\d])[A-Za-z]/;

/** Whether the text is a figure alone, a key figure's: "18,240", "94.1%", "3h 12m", "4.6 / 5". */
function isKeyFigure(text: string): boolean {
  return KEY_FIGURE_CHARS.test(text) && KEY_FIGURE_MARK.test(text) && !DATE_OR_SECTION.test(text) && !LETTER_NOT_AFTER_DIGIT.test(text);
}

/** A line that ends in an amount: a figure with two decimal places ("2,502.00", "1.416,00"),
 *  a currency's sign or code after it or not. */
const AMOUNT_END = /\d[.,]\d{2}\s*(?:[$€£¥₹]|[A-Z]{3})?$/u;
/** ... that names a currency or a sum: an invoice's total, not a title ("Version 1.10"). */
const SUM_WORDS = /[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|NZD|SEK|NOK|DKK|PLN|CZK|HUF|INR|CNY|total|subtotal|balance|amount|due|sum|summe|gesamt|betrag|montant|totale|importe)\b/iu;
/** A sentence: six words or more, ending in a full stop or an exclamation mark after a word. */
const BOLD_SENTENCE = /^(?:\S+\s+){5,}.*\p{L}[.!]$/u;
/** A label of one to three words, an em dash, and two words or more of text after it. */
const RUN_IN_DASH = /^\p{Lu}\p{L}*(?: \p{L}+){0,2}—\s?\S+\s+\S/u;
/** A sentence's end inside a text of six words or more: a word's four small letters or more
 *  and a full stop or an exclamation mark, then a space and a word. An abbreviation ("Prof.
 *  Dr.", "Dept. of", "dipl. ing.") is shorter; a question goes on in a title ("Do rabbits
 *  predate wolves? The Berlin hypothesis"). */
const INNER_SENTENCE_END = /^(?=(?:\S+\s+){5,}\S).*\p{Ll}{4,}[.!]\s+\p{L}/u;
/** Prose read as a heading is set at most this many times the body's size: text over
 *  references measured as the body (acmart: 10 pt over 7.5–8). */
const PROSE_SIZE_RATIO_MAX = 1.35;
/** A sentence of eight words or more ending in a full stop after a word. */
const PROSE_SENTENCE = /^(?:\S+\s+){7,}.*\p{L}\.$/u;
/** A sentence in quotation marks, its full stop inside them: a pull quote's or an epigraph's
 *  text. A quoted title ("“Title of the Paper”", "«Метод обнаружения …»") ends without one. */
const QUOTED_SENTENCE = /^[“"‘«„].*\p{L}[.!…][”"’»“]$/su;
const LOWER_START = /^\s*\p{Ll}/u;
/** A line ending in a figure and a hyphen or dash: a number range cut at the line's end. */
const RANGE_CUT_END = /\d[-–]\s*$/;
/** Contact details: an e-mail address, a web address, a telephone number in international
 * ("+01-819-564-4857") or North American ("1-800-661-2638") form. A cover page sets its
 * publisher's in a heading's size (geobase's "Téléphone : +01-819-564-4857"). */
const EMAIL_ADDRESS = String.raw`[\w.+-]+@[\w-]+\.[\w.-]+`;
const WEB_ADDRESS_START = String.raw`(?:https?:\/\/|www\.)`;
const CONTACT_DETAIL_SOURCE = String.raw`${EMAIL_ADDRESS}|\b${WEB_ADDRESS_START}\S+|\+\d{1,3}[\s.-]?\(?\d{1,4}\)?(?:[\s.-]?\d{2,4}){2,}|\b1-\d{3}-\d{3}-\d{4}\b`;
const CONTACT_DETAIL = new RegExp(CONTACT_DETAIL_SOURCE, "i");
/** What each alternative of CONTACT_DETAIL_SOURCE cannot match without: "@", "://" or
 *  "www." (any case), "+", "1-". */
const CONTACT_HINT = /[@+]|:\/\/|www\.|1-/i;
/** Every piece of contact details in a text, for taking them out. */
const CONTACT_DETAILS = new RegExp(CONTACT_DETAIL_SOURCE, "gi");

/** A web address written without its scheme ("danielosei.design", "linkedin.com/in/name",
 *  "example.org/path"), as a CV's contact lines give them: names of letters, figures and
 *  hyphens joined by full stops, ending in one of WEB_TOP_LEVEL_DOMAINS in small letters, and
 *  a path after it or nothing; no "@" or word before or after. Only a web address's own
 *  endings count: those that are also a file's extension ("README.md", "setup.py",
 *  "config.sh", "Makefile.in", "x.pl") are left out, and so is every other file's ("Node.js",
 *  "options.h"), since a line holding one alone is a program's file name, not an address. */
const WEB_TOP_LEVEL_DOMAINS = [
  "com", "org", "net", "edu", "gov", "info", "biz", "io", "dev", "app", "design", "me", "co", "ai",
  "site", "online", "tech", "studio", "page", "blog", "art", "name", "pro", "email", "cloud",
  "digital", "agency", "work", "website", "portfolio", "tv", "fm", "ly",
  "uk", "de", "fr", "nl", "se", "dk", "fi", "ch", "at", "eu", "ca", "au", "nz", "jp", "cn", "za",
  "ie", "es", "it", "be", "br", "us", "ru", "gh", "ng", "ke",
];
const BARE_WEB_ADDRESS = new RegExp(
  String.raw`(?<![\w@.\/-])(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+(?:${WEB_TOP_LEVEL_DOMAINS.join("|")})(?![\w@.-])(?:\/\S*)?`,
  "g",
);
/** What BARE_WEB_ADDRESS cannot match without: a full stop before a small letter. */
const BARE_WEB_HINT = /\.[a-z]/;
/** CONTACT_HINT's strings or BARE_WEB_HINT's in one pattern, built from the two (its full stop
 *  before a letter of either case, a pre-test only): a text it finds nothing in has neither. */
const ANY_CONTACT_HINT = new RegExp(`${CONTACT_HINT.source}|${BARE_WEB_HINT.source}`, "i");

/** An e-mail or web address and nothing else. */
const ADDRESS_ALONE = new RegExp(String.raw`^\s*(?:${EMAIL_ADDRESS}|${WEB_ADDRESS_START}\S+)\s*$`);

/** Whether the text is contact details and nothing else, but their labels ("E-mail:"). */
export function isContactOnly(text: string): boolean {
  // Asked of nearly every line of prose (sets of short lines): each kind of detail needs one
  // of CONTACT_HINT's strings, which a pattern of literals finds far faster.
  // A web address without its scheme counts too (BARE_WEB_ADDRESS), after the other details.
  // Both hints in one search first: nearly no line of prose holds either, and it had been
  // searched twice.
  if (!ANY_CONTACT_HINT.test(text)) return false;
  const bare = BARE_WEB_HINT.test(text);
  if (!bare && (!CONTACT_HINT.test(text) || !CONTACT_DETAIL.test(text))) return false;
  let rest = text.replace(CONTACT_DETAILS, " ");
  if (bare) rest = rest.replace(BARE_WEB_ADDRESS, " ");
  if (rest === text) return false;
  return !HAS_LETTER.test(rest.replace(CONTACT_LABEL, " "));
}
const CONTACT_LABEL = /\b(?:e-?mail|mail|tel|phone|fax|web)\b/gi;
/** A label is set at the body's size, within this many points. */
const LABEL_SIZE_TOLERANCE_PT = 0.5;

/** Letters and spaces only: a span of a symbol font's letters. */
const LETTERS_ONLY = /^[\p{L}\s]+$/u;
/** A heading has less than this share of its characters in a math font. */
const HEADING_MATH_SHARE_MAX = 0.2;

/** The share of the lines' characters at `size` (blanks, superscripts and subscripts aside)
 * set in a math font: a title's footnote mark ("title⋆,⋆⋆") is no formula. */
function mathShare(lines: readonly Line[], size: number): number {
  let math = 0;
  let all = 0;
  for (const line of lines) {
    for (const span of line.spans) {
      if (Math.abs(span.size - size) >= 1) continue;
      const chars = trimmedLength(span.text);
      all += chars;
      if (chars > 0 && MATH_NAME.test(span.font) && !(LETTER_MATH_NAME.test(span.font) && LETTERS_ONLY.test(span.text))) math += chars;
    }
  }
  return all === 0 ? 0 : math / all;
}

/** Whether a span is set at the size, within a point. */
function atSize(span: Span, size: number): boolean {
  return Math.abs(span.size - size) < 1;
}

/** Whether a span is set within CODE_HEADING_SIZE_PT_MAX of the size: beside code, a heading's
 * words are set at their own size (a browser scales its monospace font apart: ldoc's "Module
 * `harfbuzz`", 14.9 pt beside 16.3 pt code). */
function nearSize(span: Span, size: number): boolean {
  return Math.abs(span.size - size) < CODE_HEADING_SIZE_PT_MAX;
}
const CODE_HEADING_SIZE_PT_MAX = 2;
/** ... when they are bold display type, this many times the body's size at least: a line of
 * code among regular words is no heading (uwa-pcf's "\author{⟨author⟩}", ukbill's "Call the
 * package with \documentclass{ukbill}", their words a point larger than the code). */
const CODE_HEADING_WORDS_BODY_RATIO_MIN = 1.2;

/** Sizes within this ratio of each other are one heading's, in a heading set all in bold. */
const BOLD_HEADING_SIZE_RATIO_MAX = 1.2;

/** ... and code in one within this ratio: a browser sets monospace at 13/16 of the text around
 *  it (its default 13 px monospace under 16 px text, 1.23), and debian-policy's title
 *  "Machine-readable debian/copyright file" set its name at 14.6 pt in 18 pt, which left the
 *  page's title a bold paragraph. */
const BOLD_HEADING_CODE_SIZE_RATIO_MAX = 1.25;

/** Whether a span is set within BOLD_HEADING_SIZE_RATIO_MAX of the size, either way
 *  (BOLD_HEADING_CODE_SIZE_RATIO_MAX for code). */
function nearRatio(span: Span, size: number): boolean {
  const ratio = span.monospace ? BOLD_HEADING_CODE_SIZE_RATIO_MAX : BOLD_HEADING_SIZE_RATIO_MAX;
  return span.size <= size * ratio && span.size * ratio >= size;
}

/** Whether every span with text of the line is bold. */
function isAllBold(line: Line): boolean {
  for (const span of line.spans) if (!span.bold && !isBlankText(span.text)) return false;
  return true;
}

/** Whether some span of the lines is code set at the size (a loop: a closure made per call
 *  loses its optimised code at each full garbage collection). */
function hasCodeAtSize(lines: readonly Line[], size: number): boolean {
  for (const line of lines) for (const span of line.spans) if (span.monospace && atSize(span, size)) return true;
  return false;
}

/** Whether one of the lines is a contents entry (a loop: a closure made per call loses its
 *  optimised code at each full garbage collection). */
function hasContentsEntry(lines: readonly Line[]): boolean {
  for (const line of lines) if (line.contentsEntry) return true;
  return false;
}

/** `headingLevels`: the column's (buildBlocks), which its drafts' first lines mostly share
 *  styles with. */
function headingOf(lines: Line[], stats: DocumentStats, headingLevels: HeadingLevelsByStyle): number | null {
  if (lines.length > HEADING_LINES_MAX) return null;
  // The style first: most drafts are set in no heading style, and need no text built.
  // (headingStyleOf's style: a display line's title style, otherwise its dominant one.)
  const facts = lineStyleFacts(lines[0]);
  const level = headingLevels.of(facts);
  if (level === null) return null;
  const style = facts.display ?? facts.style;
  const display = facts.display !== null;
  // The lines' texts joined by spaces, in a loop (no array of them made for the join).
  let joined = lineText(lines[0]);
  for (let k = 1; k < lines.length; k++) joined += " " + lineText(lines[k]);
  const text = joined.trim();
  if (text.length > HEADING_CHARS_MAX || !hasWordChar(text)) return null;
  // A contents entry names a heading in the heading's own style; it is not one.
  if (hasContentsEntry(lines) || isContentsEntryText(text)) return null;
  // Nor is a line of contact details, however large a cover page sets it.
  // (CONTACT_HINT's literals first, as isContactOnly reads them: every draft in a heading's
  // style is asked, and nearly none holds any.)
  if (CONTACT_HINT.test(text) && CONTACT_DETAIL.test(text)) return null;
  // Nor is a note or an affiliation, which starts with its raised mark ("* This documentation
  // is produced with …", "ᵃDepartment of Mathematics"): a title's marks come after its words.
  if (startsWithRaisedMark(lines[0])) return null;
  // Nor is an author line, names each with its raised mark (layout/author_lines.ts).
  if (isAuthorLine(lines)) return null;
  // Nor is a line ending in a semicolon: a statement of a program set in bold (METAFONT's
  // "enddef;" typeset by mft) or a clause of a list, never a title.
  if (endsInSemicolon(text)) return null;
  // Nor is a bold line that ends in a small word in the text's weight ("$OPENCL_VENDOR_PATH/
  // $OCL_ICD_VENDORS if", a man page's sentence wrapped after its bold variables at a page's
  // top): a title ends on its own words, not on a conjunction set apart from them.
  if (style.bold && endsInPlainSmallWord(lines[lines.length - 1])) return null;
  // Nor is a piece of a display formula, a fifth of it or more in a math font (a bold vector
  // over a fraction's bar: elsarticle's "Ei,s · p" had been a heading of its own).
  if (mathShare(lines, style.size) >= HEADING_MATH_SHARE_MAX) return null;
  // Bold at the body's size and ending in a colon is a label over what follows ("Bill to:",
  // "Enclosures:" over an address or a list), not a section's title.
  const boldAtBodySize = style.bold && Math.abs(style.size - stats.body.size) < LABEL_SIZE_TOLERANCE_PT;
  if (boldAtBodySize && LABEL_END.test(text)) return null;
  // Nor is a bold line at the body's size that ends in a sum of money: an invoice's total
  // set flush right under its items ("Total GBP 2,502.00"), a figure, never a section's title.
  if (boldAtBodySize && AMOUNT_END.test(text) && SUM_WORDS.test(text)) return null;
  // Nor is a figure alone, however large: a dashboard's or a slide's key figure ("18,240",
  // "94.1%", "3h 12m", "4.6 / 5" over their captions had each been a `##` heading). A year or
  // a section's number alone ("2024", "3") stays one.
  if (isKeyFigure(text)) return null;
  // Nor is a sentence in bold at the body's size that wraps: a paragraph set in bold for
  // emphasis (acmart's "Your document will be returned to you for revision if modifications
  // are discovered."). A wrapped title seldom ends in a full stop, and a question is a title.
  if (style.bold && lines.length > 1 && style.size < stats.body.size + LABEL_SIZE_TOLERANCE_PT && BOLD_SENTENCE.test(text)) return null;
  // Nor is a label run into its text after a dash, IEEE's "Abstract—The abstract goes here."
  // and "Index Terms—IEEE, IEEEtran, journal, …", set in bold at or under the body's size.
  if (style.size < stats.body.size + LABEL_SIZE_TOLERANCE_PT && RUN_IN_DASH.test(text)) return null;
  // Nor is a sentence in quotation marks, however large: a newsletter's pull quote set at its
  // headings' size ("“We wanted a place where everyone in the village feels at home.”").
  if (QUOTED_SENTENCE.test(text)) return null;
  // Nor is text in the regular weight that reads as prose: two sentences or more, or one of
  // eight words or more ending in a full stop. On a page of references converted alone the
  // body measures at the references' size, and a dedication or a paragraph above them at the
  // text's size read as headings (acmart's "To Robert, for the bagels and explaining CMYK and
  // color spaces.", "sidebar: Place formatted text in the margin. marginfigure: …").
  // A title and its subtitle are set larger than that (a class manual's "H2020 Proposal
  // Class" over "A LaTeX class for writing EU RIA H2020 proposals.").
  if (!style.bold && style.size <= PROSE_SIZE_RATIO_MAX * stats.body.size && (INNER_SENTENCE_END.test(text) || PROSE_SENTENCE.test(text))) return null;
  // A display line is a heading in its title's style, its label set smaller.
  if (display && lines.length === 1) return level;
  // A run-in heading ("Keywords  JavaScript, …") starts a paragraph; a heading is set
  // almost entirely in its style. Code in a heading ("6.3.2 attach() and detach()") keeps
  // the heading's size but seldom its weight (code fonts often have no bold): with code at
  // the heading size, weight is no style change.
  const withCode = hasCodeAtSize(lines, style.size);
  // A bold heading whose words are all bold may set some of them at a size of their own (a
  // browser's heading over an element it scales apart: nodejs's "Class: Console", "Class: "
  // at 13.5 pt and "Console" at 15.8): within BOLD_HEADING_SIZE_RATIO_MAX they count as styled.
  const allBold = style.bold && lines.every(isAllBold);
  let styled = 0;
  let total = 0;
  for (const line of lines) {
    // A title's raised marks (elsarticle's "title⋆,⋆⋆", an author's "¹") are notes on it,
    // not a change of style.
    const raised = line.spans.length > 1 ? superscripts(line) : null;
    // A browser's synthesised small capitals are the heading's letters (layout/small_caps.ts).
    const smallCaps = line.spans.length > 1 ? smallCapsSpans(line, style.size, style.bold) : null;
    for (let k = 0; k < line.spans.length; k++) {
      if (raised?.[k]) continue;
      const span = line.spans[k];
      const chars = nonSpaceLength(span.text);
      total += chars;
      if (smallCaps?.[k]) {
        styled += chars;
        continue;
      }
      if (atSize(span, style.size) ? withCode || span.bold === style.bold : (withCode ? style.bold && span.bold && nearSize(span, style.size) : allBold && nearRatio(span, style.size)) && span.size >= CODE_HEADING_WORDS_BODY_RATIO_MIN * stats.body.size) styled += chars;
    }
  }
  if (styled >= HEADING_STYLE_SHARE_MIN * total) return level;
  // A small label after a one-line title is the title's, when the title is the larger part.
  const label = lines.length === 1 ? trailingLabelChars(lines[0], style.size, stats.body.size) : 0;
  return label <= styled && styled + label >= HEADING_STYLE_SHARE_MIN * total ? level : null;
}

/** A label set after a title on its row at this share of the title's size at most, and
 *  smaller than the body (a browser's `<h1>The Expat XML Parser <small>Release 2.5.0</small>`,
 *  9 pt after 30 pt over 12 pt text), is the heading's. A run-in heading's text goes on at the
 *  body's size. */
const TRAILING_LABEL_SIZE_SHARE_MAX = 0.6;

/** Letters and digits (no spaces) of the spans that end the line set at most
 *  TRAILING_LABEL_SIZE_SHARE_MAX of `size` and under `bodySize`; 0 unless the line's first
 *  span with text is at `size` (a drop cap's large letter starts its paragraph the other way
 *  round). */
function trailingLabelChars(line: Line, size: number, bodySize: number): number {
  let chars = 0;
  let k = line.spans.length - 1;
  for (; k >= 0; k--) {
    const span = line.spans[k];
    if (isBlankText(span.text)) continue;
    if (span.size > TRAILING_LABEL_SIZE_SHARE_MAX * size || span.size > bodySize - LABEL_SIZE_TOLERANCE_PT) break;
    chars += nonSpaceLength(span.text);
  }
  return k >= 0 && atSize(line.spans[textSpanFrom(line.spans, 0, 1)], size) ? chars : 0;
}

/** A small word ending a line: one to three small letters after a space or at a span's start. */
const SMALL_WORD_END = /(?:^|\s)\p{Ll}{1,3}\s*$/u;

/** Whether the line's last span with text is out of bold and out of the code face, and ends in
 *  a small word. */
function endsInPlainSmallWord(line: Line): boolean {
  const last = textSpanFrom(line.spans, line.spans.length - 1, -1);
  // A name in the code face ends a title as its own word ("3 The driver module doc").
  if (last < 0 || line.spans[last].bold || line.spans[last].monospace || !SMALL_WORD_END.test(line.spans[last].text)) return false;
  // Some span before it is bold: the line is bold words and then the small word.
  for (let k = 0; k < last; k++) if (line.spans[k].bold && !isBlankText(line.spans[k].text)) return true;
  return false;
}

/** Whether the line's first span with text is a raised note mark (superscripts.ts): a note's
 * sign, a digit or a letter. A raised word is an icon's name (limecv's "STAR" before "Skills"). */
function startsWithRaisedMark(line: Line): boolean {
  if (line.spans.length < 2) return false;
  const first = textSpanFrom(line.spans, 0, 1);
  return first < line.spans.length && NOTE_MARK.test(line.spans[first].text.trim()) && superscripts(line)?.[first] === true;
}
/** A note's mark: one sign, digit or letter, or two digits. */
const NOTE_MARK = /^(?:[*∗†‡§¶⋆\p{L}\d]|\d\d)$/u;

/** Assigns nesting depths to consecutive list items from their marker positions. */
export function nestListItems(blocks: Block[]): void {
  let stack: number[] = [];
  // The last item, while the blocks after it lie under its text (a listing or a paragraph
  // of the item: R-ints' "a. Basic mathematical functions …" over its table of names, with
  // "b." and "c." after them still nested under "3.").
  let last: { textX: number; right: number; em: number } | null = null;
  /** The top of the last item. */
  let top: number | null = null;
  for (const block of blocks) {
    if (block.kind !== "list_item") {
      // (The page's blocks include its tables, which have no lines: a table ends the list.)
      const lines = (block as { lines?: readonly Line[] }).lines;
      if (last !== null && lines !== undefined && lines.every((line) => line.x0 >= last!.textX - ITEM_BODY_TOLERANCE_EMS * last!.em && line.x0 < last!.right)) continue;
      stack = [];
      last = null;
      continue;
    }
    const em = emOf(block.lines[0]);
    const indent = markerIndent(block);
    // An item starting above the one before is in the next column: its x there says
    // nothing of its depth (a CV's skills in two columns of bullets, the second column's
    // items had nested under the first's last).
    if (top !== null && block.lines[0].y1 < top) stack = [];
    top = block.lines[0].y0;
    while (stack.length > 0 && indent < stack[stack.length - 1] - NEST_INDENT_EMS * em * 0.5) stack.pop();
    if (stack.length === 0 || indent > stack[stack.length - 1] + NEST_INDENT_EMS * em) stack.push(indent);
    block.depth = stack.length - 1;
    let right = -Infinity;
    for (const line of block.lines) right = Math.max(right, line.x1);
    last = block.textX > block.markerX ? { textX: block.textX, right, em } : null;
  }
}
/** How far an item's marker is set in, growing with its nesting: its x, or for a
 * right-to-left item (marker at the right, lines ending wherever their text does) its right
 * edge negated, since a deeper item's edge lies further left. */
function markerIndent(block: Extract<Block, { kind: "list_item" }>): number {
  return block.rtl ? -block.lines[0].x1 : block.markerX;
}
/** A line starting this many ems left of an item's text still lies under it (here and in
 *  render/page.ts, which indents such blocks under the item). */
export const ITEM_BODY_TOLERANCE_EMS = 0.5;
