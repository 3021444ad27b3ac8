// Where two pages' Markdown meets (assembly, document.ts, without page markers): a paragraph,
// a word, a list, a listing or a table that the page break cuts goes on across it. Each test
// reads only the last page's last line or block and this page's first.

import { MID_SENTENCE_END } from "../layout/blocks.js";
import { CAPTION_LABEL_START } from "../layout/captions.js";
import { wordBeforeEndHyphen } from "./inline.js";

/** Between a paragraph's part at a page's end and its rest on the next page. */
export const PARAGRAPH_GOES_ON = " ";
/** The next page's first line going on a sentence: a small letter, or a code span that a word
 *  in small letters follows ("… and" | "`~/.local/share/mime/text/html.xml` (if they exist
 *  …", "(… with" | "`install.packages`) pre-builds …"). (Not a code span alone, nor one that
 *  its arguments follow: a command displayed on a line of its own may follow "… with the
 *  commands" | "`\altaffilmark{`*numbers*`}`".)  A mathematical letter (𝑟, 𝐧) starts a formula, not words. */
const GOES_ON_START = /^(?:(?![\u{1D400}-\u{1D7FF}])\p{Ll}|`[^`\n]+`[)\]]?[,;:]?\s+\(?\p{Ll})/u;
/** A paragraph that starts with a code span and words after it: an option's or a command's
 *  entry in a list of them (ksp-thesis's "`=17x24` … for publication release" | "`=official`
 *  two-sided layout …"), which the next entry does not go on. */
const CODE_TERM_START = /^`[^`\n]+`\s/;
/** Lines that are no paragraph's: a heading, a table row, a fence, a list item, a quote, a
 *  rule, an HTML line. */
const NOT_PARAGRAPH_LINE = /^(?:#|\||```|~~~|[-+*] |\d{1,9}[.)] |>|---|<)/;

/**
 * Whether the page's text goes on the paragraph the document's Markdown so far ends with: a
 * paragraph's line ending mid-sentence, then a paragraph starting with a small letter (a book's
 * or a report's sentence broken by the page, "… Information found in a" | "directory is added
 * …"). Footnotes and running text put after the page's text end it otherwise, and keep the
 * pages apart. Only without page markers: a marker stands between the pages.
 */
export function goesOnAcrossPages(last: string, first: string): boolean {
  if (!MID_SENTENCE_END.test(last) || last.startsWith("    ")) return false;
  // A list item's text goes on as a paragraph's does (a report's "1. Replace the drainage on
  // the north face that" | "leaked in February."); the rest is a paragraph on the next page.
  if (NOT_PARAGRAPH_LINE.test(last) && !ITEM_LINE.test(last)) return false;
  if (CODE_TERM_START.test(last) && CODE_TERM_START.test(first)) return false;
  if (GOES_ON_START.test(first)) return true;
  // After an article, a preposition or a conjunction the sentence goes on whatever the next
  // word starts with: a name or a number ("… seated in" | "Stockholm.", "… in" | "2026 the").
  // The next page's first paragraph must be a paragraph's length: a figure's caption, a running
  // line or a letter's signature standing first on the page is not the sentence's rest.
  const word = linkingWordAtEnd(last);
  if (word === undefined || first.length < LINKED_PARAGRAPH_CHARS_MIN || CAPTION_LABEL_START.test(first)) return false;
  // An article comes before no pronoun "I" (a sample of a book's non-consecutive pages).
  if (ARTICLES.has(word) && /^I\s/.test(first)) return false;
  return ANY_WORD_START.test(first) && !NOT_PARAGRAPH_LINE.test(first);
}

/** Characters at least in the next page's first paragraph that goes on a sentence after a
 *  linking word: more than a caption's label line or a running line. */
const LINKED_PARAGRAPH_CHARS_MIN = 80;
const ARTICLES = new Set(["a", "an", "the"]);

/** The next page's first line starting a word: a letter, a digit or an opening quote. */
const ANY_WORD_START = /^["“‘«„(]?(?![\u{1D400}-\u{1D7FF}])[\p{L}\p{N}]/u;
/** Words that never end a sentence, in the languages our customers' documents are mostly in:
 *  articles, prepositions and conjunctions, as written in small letters. */
const LINKING_WORDS = new Set([
  ...["a", "an", "the", "of", "in", "on", "at", "to", "for", "from", "by", "with", "and", "or", "nor", "into", "onto", "upon", "than", "between", "under", "via", "per", "whose"],
  ...["der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "und", "oder", "von", "zu", "zum", "zur", "mit", "für", "auf", "im", "bei", "nach", "aus"],
  ...["le", "la", "les", "de", "des", "du", "un", "une", "et", "ou", "au", "aux", "en", "pour", "par", "sur", "dans", "avec"],
  ...["el", "los", "las", "y", "con", "por", "para", "del"],
  ...["och", "att", "av", "för", "på", "med", "till", "ett"],
]);
/** A line's last word, when it is a linking word as written. */
function linkingWordAtEnd(line: string): string | undefined {
  const word = /(?:^|\s)(\p{Ll}{1,8})$/u.exec(line)?.[1];
  return word !== undefined && LINKING_WORDS.has(word) ? word : undefined;
}

/** A paragraph's last line ending in a word the page break cuts at its hyphen ("… the content
 *  indus-"). */
const BROKEN_WORD_END = /\p{L}[-\u2010]$/u;
const SMALL_START = /^\p{Ll}/u;
/** Between a word's halves the page break cuts: nothing. */
export const WORD_GOES_ON = "";

/**
 * Whether the page's text goes on a word the page break cut at its hyphen: the paragraph's
 * line ends in a letter and a hyphen, and the page starts with a small letter (a book's "… if
 * the content indus-" | "try directs its guns …"). Only without page markers.
 */
export function wordGoesOn(last: string, first: string): boolean {
  return BROKEN_WORD_END.test(last) && !NOT_PARAGRAPH_LINE.test(last) && !last.startsWith("    ") && SMALL_START.test(first);
}

/** Whether the hyphen of a word the page break cut goes (with dehyphenation): unless the
 *  document writes the halves as a compound elsewhere ("mixed-" | "mode"), as inside a page. */
export function brokenHyphenGoes(last: string, first: string, compounds: ReadonlySet<string>): boolean {
  // Read back from the hyphen: the pattern /[\p{L}\p{M}]+(?=[-\u2010]$)/u, unanchored, was
  // tried from each letter of the line, a whole paragraph's.
  const left = wordBeforeEndHyphen(last);
  const right = /^[\p{L}\p{M}]+/u.exec(first)?.[0] ?? "";
  const halves = `${left}-${right}`.toLowerCase();
  return !compounds.has(halves) && !compounds.has(halves.replace("-", "\u2010"));
}

/** The last line of a page's Markdown, and the first: where the pages meet. */
export function lastLineOf(markdown: string): string {
  return markdown.slice(markdown.lastIndexOf("\n") + 1);
}
export function firstLineOf(markdown: string): string {
  const end = markdown.indexOf("\n");
  return end < 0 ? markdown : markdown.slice(0, end);
}

/** Between the items of a list a page break cuts: one line break, so the list stays tight. */
export const LIST_GOES_ON = "\n";
/** A list item's first line: its indentation, and its bullet or its number and delimiter. */
const ITEM_LINE = /^( *)(?:([-*+])|(\d{1,9})([.)])) /;

/**
 * Whether the page's text starts with the next item of the list the text before it ends with:
 * the same bullet at the same indentation, or the next number with the same delimiter (a
 * list of types or steps the page break cuts: libtasn1's "- `BMPString`;" | "- `UTF8String`;").
 * A blank line there would make the whole list loose, every item a paragraph of its own.
 */
export function listGoesOn(lastLine: string, firstLine: string): boolean {
  const last = ITEM_LINE.exec(lastLine);
  const first = ITEM_LINE.exec(firstLine);
  if (!last || !first || last[1] !== first[1]) return false;
  if (last[2] !== undefined) return first[2] === last[2];
  return first[4] === last[4] && Number(first[3]) === Number(last[3]) + 1;
}

/** A fence line alone: a code block's opening or closing, indented inside a list item or not. */
const FENCE_LINE = /^ *`{3,}$/;

/**
 * The fence a page's text opens with when the text before it ends by closing a code block
 * with that same fence (one listing the page break cut: shared-mime-info's hex dump, a
 * manual's long example); null otherwise.
 */
export function listingGoesOn(last: string, text: string): string | null {
  if (!FENCE_LINE.test(last) || firstLineOf(text) !== last || text.length === last.length) return null;
  // The page's first block is the listing, not a block that ends in one.
  return text.indexOf("\n" + last, last.length) > last.length ? last : null;
}

/** An indented fence line: a code block's fence inside a list item, and its indentation. */
const ITEM_FENCE_LINE = /^( +)(`{3,})$/;

/**
 * The page's text with the listing it opens set in at the list item's indentation, where the
 * text before it ends by closing a listing inside an item with that fence indented: the page
 * break cut a list item's example, and the page alone knew of no item (R-exts' "The
 * `configure` script will need to contain something like" | ": ${R_HOME=…}" … "  exit 1" |
 * "fi" over the break, whose rest had become a listing of its own outside the item). The text
 * as it is otherwise. Only the listing is set in: the lines after its closing fence are the
 * page's.
 */
export function listingInItem(last: string, text: string): string {
  const fence = ITEM_FENCE_LINE.exec(last);
  if (fence === null || firstLineOf(text) !== fence[2]) return text;
  const closing = closingFenceEnd(text, fence[2]);
  if (closing < 0) return text;
  const indent = fence[1];
  const listing = text.slice(0, closing).replace(/^(?=.)/gm, indent);
  return listing + text.slice(closing);
}

/** Where the line of `fence` alone that closes the listing `text` opens with ends; -1 when
 * no such line follows. */
function closingFenceEnd(text: string, fence: string): number {
  let at = text.indexOf("\n" + fence, fence.length);
  while (at >= 0) {
    const end = at + 1 + fence.length;
    if (end === text.length || text[end] === "\n") return end;
    at = text.indexOf("\n" + fence, end);
  }
  return -1;
}

/** Between the rows of a table a page break cuts: one line break, so the rows stay one table. */
export const TABLE_GOES_ON = "\n";
/** A GFM table's delimiter row: each column's dashes, with its alignment's colons. */
const DELIMITER_ROW = /^\|(?: *:?-{3,}:? *\|)+$/;
/** A cell border: a pipe no backslash escapes (table.ts escapes a cell's own). */
const CELL_BORDER = /(?<!\\)\|/g;

function columnsOf(row: string): number {
  return (row.match(CELL_BORDER)?.length ?? 1) - 1;
}

/** The header row of the GFM table a page's Markdown ends with, or null when it ends otherwise
 * (or with rows alone, which went on a table of an earlier page's). */
export function lastTableHeader(markdown: string): string | null {
  // The rows are walked by position, and only the header and the row under it cut out: a
  // long table's every row had been copied out to be asked for its first character.
  let end = markdown.length;
  /** Where the topmost row found so far starts and ends, and the one under it (-1: none). */
  let headerStart = -1;
  let headerEnd = -1;
  let secondStart = -1;
  let secondEnd = -1;
  while (end > 0) {
    const start = markdown.lastIndexOf("\n", end - 1) + 1;
    if (start === end || markdown.charCodeAt(start) !== PIPE) break;
    secondStart = headerStart;
    secondEnd = headerEnd;
    headerStart = start;
    headerEnd = end;
    end = start - 1;
  }
  return secondStart >= 0 && DELIMITER_ROW.test(markdown.slice(secondStart, secondEnd)) ? markdown.slice(headerStart, headerEnd) : null;
}
const PIPE = 0x7c;

/**
 * This page's text going on the table the Markdown so far ends with (`header`, its header
 * row; null when it ends otherwise), or null: the page opens with a table of as many columns
 * (a long table a page break cuts, an inventory or a price list). The rows go on in one table: a header row repeated over the page's part (Chromium's
 * and Word's "repeat header rows") goes with its delimiter row; a part with no header of its
 * own, whose first row the page made its header, keeps that row and loses the delimiter row.
 */
export function tableGoesOn(header: string | null, text: string, heads: string | null = null): string | null {
  if (header === null) return null;
  const end = text.indexOf("\n");
  const second = end < 0 ? -1 : text.indexOf("\n", end + 1);
  if (end < 0 || !text.startsWith("|")) return null;
  const first = text.slice(0, end);
  const delimiter = text.slice(end + 1, second < 0 ? text.length : second);
  if (!DELIMITER_ROW.test(delimiter)) return null;
  if (columnsOf(header) !== columnsOf(first)) return null;
  const rest = second < 0 ? "" : text.slice(second + 1);
  if (first !== header) return rest === "" ? first : `${first}\n${rest}`;
  // Under a title row repeated, the column heads repeated with it go too (headsUnderTitleRow).
  const body = heads !== null && rest.startsWith(heads) && (rest.length === heads.length || rest.charCodeAt(heads.length) === NEWLINE) ? rest.slice(heads.length + 1) : rest;
  // A repeated header alone on the page leaves nothing to join.
  return body.startsWith("|") ? body : null;
}
const NEWLINE = 0x0a;

/** A table's title row: text in its first cell alone, the others empty (a table whose caption
 *  is its first row, spanning it: "| canvas.acroform.radio parameters |  |  |"). */
const TITLE_ROW = /^\|[^|]*[^|\s][^|]*\|(?: *\|)+$/;

/**
 * The row under the header of the table the page's Markdown ends with (`header`, as
 * lastTableHeader found it), when the header is a title row (TITLE_ROW) and that row holds
 * the column heads; else null. ReportLab repeats a table's two head rows, its title and its
 * column heads, over each page the table runs onto (the python-reportlab user guide's
 * parameter tables, pp. 61-63): the title went as a repeated header, and the heads had stayed,
 * a row of column heads in the middle of the table.
 */
export function headsUnderTitleRow(markdown: string, header: string): string | null {
  if (!TITLE_ROW.test(header)) return null;
  const at = markdown.lastIndexOf(header);
  const delimiterEnd = markdown.indexOf("\n", markdown.indexOf("\n", at) + 1);
  if (delimiterEnd < 0) return null;
  const end = markdown.indexOf("\n", delimiterEnd + 1);
  const row = markdown.slice(delimiterEnd + 1, end < 0 ? markdown.length : end);
  return row.startsWith("|") && !TITLE_ROW.test(row) ? row : null;
}
