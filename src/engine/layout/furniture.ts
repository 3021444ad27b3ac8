// Step 4, document pass: page furniture, the lines that belong to the page and not to the
// text: running heads and feet, page numbers, download banners, journal citations and
// copyright stamps in the margins. `headers_footers: strip` (the default) removes them.
//
// Two kinds of evidence, either one enough:
//  - repetition across the selection: a margin line whose text (digits masked) recurs on
//    many pages, or that carries the page's own number at a constant offset;
//  - the page alone, so that a one-page selection is cleaned too (DECISIONS.md §Options,
//    headers_footers): a margin line set apart from the body by white space that reads as
//    furniture by its words (a page number, "Page n of m", "Downloaded from … on …", a
//    journal citation, a DOI or copyright line), or a small line alone above the body.
// Body text is never furniture: a line must sit in a margin band and be separated from the
// nearest body line by a real gap, so a paragraph that starts high on a page stays whole.
//
// Each half is split where the thread boundary falls (docs/engine.md §Where each step runs):
// the page-local facts (`marginFacts`, `pageFurnitureRows`) are computed where the page was
// laid out; the verdicts that need other pages or the body size (`runningLineIndices`,
// `furnitureFromRows`) run in the document pass, and name lines by index.
import type { Line, PageModel, Rule } from "../model.js";
import { type Box, byTopThenLeft, unionOf } from "./box.js";
import { everyTextSpan, isBlankLine, lineText, medianOfLines } from "./lines.js";
import { alternationsByFlags } from "./pattern_alternation.js";
import { SLIDE_ASPECT_MIN, sideBarLines } from "./side_bars.js";
import { slideHeadStack } from "./slide_heads.js";
import { withoutAttachedBullet } from "./vector_bullets.js";
import { wrapsFoot } from "./wrapped_feet.js";
import { isBlankText, isSpaceCode, trimmedLength } from "./whitespace.js";
import { sortInPlace } from "../sort_in_place.js";
// A rule this thin is a cell's border (inRuledCell).
import { RULE_THICKNESS_MAX_PT } from "../tables/rulings.js";
import { isAsciiDigit } from "./word_chars.js";
import { bandTableLines, overlapsRow } from "./band_tables.js";

/** The margin band, as a share of page height, in which running heads and feet live. */
const MARGIN_SHARE = 0.1;
/** Lines carrying the page's number are looked for this far into the page: a reference manual
 * sets its head (topic and folio) an inch down, just below the margin band (R's refman, 73.6
 * pt on a 792 pt page: 10.4 %), the AMS's documentation further (amsldoc: 12.5 %). */
const RUNNING_MARGIN_SHARE = 0.15;
/** A head beside the page's own folio (deepHead) is looked for a little further: the SMF's
 * classes' narrow text block sets it lower still (smf-fdoc: "8 SOCIÉTÉ MATHÉMATIQUE DE FRANCE"
 * ends 127.7 pt down an A4 page, 15.2 %). Only there: the repetition test's band stays
 * RUNNING_MARGIN_SHARE (a band this deep took fcltxdoc's section titles for heads). */
const FOLIO_HEAD_SHARE = 0.16;
/** Below the band, and for the head beside a folio, the folio must keep its offset from the
 * page index on this share of the selection's pages (a contents entry's number meets another
 * page's by chance on two of four). */
const FOLIO_BELOW_BAND_PAGE_SHARE = 0.6;
/** The page's lowest line, a page number alone, is looked at as a folio this far up the page:
 * LaTeX's article class on A4 sets it 17 % up (ekaia's documentation had every page's number
 * in its text). It counts only where it keeps its offset from the page index on most pages. */
const FOLIO_FOOT_SHARE = 0.25;
/** A line holding only a page number counts as in the foot this far up the page. */
const PAGE_NUMBER_MARGIN_SHARE = 0.15;
/** A margin line is running when it repeats on this share of pages (and at least twice). */
const RUNNING_PAGE_SHARE = 0.4;
/** Margin lines longer than this are text, not a running head with a page number. */
const RUNNING_HEAD_CHARS_MAX = 80;
/** The outer strip, as a share of page width, where rotated side stamps (arXiv, download banners) run. */
const SIDE_SHARE = 0.08;
/** A side stamp is rotated text: its box is at least this many times taller than wide. */
const SIDE_ASPECT_MIN = 3;
/**
 * White space between a furniture row and the body, in multiples of the row's font size.
 * Body lines follow each other with a gap of a fifth of their size or less; furniture is set
 * off by most of a blank line.
 */
const SEPARATION_SIZES_MIN = 0.8;
/** A head an inch down is set apart from the body by this many of its font sizes at least. */
const DEEP_HEAD_SEPARATION_SIZES_MIN = 2;
/** A lone line above the body counts as furniture by style when it is this much smaller than the body. */
const SMALL_SIZE_RATIO_MAX = 0.9;
/** …and no longer than this: a small full-width line at the top is a note, not a running head. */
const SMALL_HEAD_CHARS_MAX = 100;
/** A running foot with a page number at its end is short ("“PIRACY” 27"); a footnote rarely is. */
const FOOT_HEAD_CHARS_MAX = 60;
/** A numbered or spread head is set at body size or smaller: a larger line is a heading. */
const NUMBERED_HEAD_SIZE_RATIO_MAX = 1.05;
/** On a page whose body is mostly code (CODE_BODY_CHAR_SHARE_MIN of its characters in the code
 *  face), a head or foot that is not itself code nor bold is set no larger than this many
 *  times the body's size: a page of listing converted alone measures its body at the
 *  listing's size, and TeX sets a listing a size or two under the text (bangorexam's 9 pt
 *  code under its 10 pt running head "bangorexam - Exam Document Class", 11 pt text: \small
 *  under a 10 pt text is 9, \footnotesize 8). A heading over such a page is larger still. */
const CODE_PAGE_HEAD_SIZE_RATIO_MAX = 1.25;
/** A page's body is code when the code face carries more than this share of its characters
 *  (the body's lines, the margin bands' lines aside). */
const CODE_BODY_CHAR_SHARE_MIN = 0.5;
/** A row split to both edges spans at least this share of the page width. */
const SPREAD_WIDTH_SHARE_MIN = 0.5;
/** A head's rule is drawn this many of the head's sizes under it at most (Word's header
 *  border: 1.1 sizes under the text's box on GeoBase's data model) ... */
const HEAD_RULE_GAP_SIZES_MAX = 1.5;
/** ... at most this many points thick (a line, not a bar or a box) ... */
const HEAD_RULE_THICKNESS_MAX_PT = 2;
/** ... and reaches within this many points of the head's ends. */
const HEAD_RULE_END_SLACK_PT = 4;
/** A ruled head spread to both edges is furniture up to this size, whatever the body's: a
 *  page whose text is mostly a diagram's 5.7 pt labels (GeoBase's data model, page 12
 *  converted alone) measures its body at their size, and its 10 pt running head, title left
 *  and date right over the header's rule, had come out as two headings. A title over a rule
 *  is set larger. */
const RULED_HEAD_SIZE_MAX_PT = 12;
/** A head or foot has three pieces at most (left, centre, right): more are the heads of
 * columns (a drawing sheet's "GENERAL NOTES", "CONSTRUCTION NOTES", … over its notes). */
const ROW_PIECES_MAX = 3;
/** A slide's footline has at most this many pieces (beamer's infolines: author, institute,
 *  title, date, slide number) ... */
const FOOTLINE_PIECES_MAX = 5;
/** ... one of them the slide's number of the deck's ("15 / 26"), or the row ending in the
 *  two numbers set apart by a drawn bar (beamer's Verona theme: "3" | "4", slideCountAtEnd) ... */
const SLIDE_OF_SLIDES = /^\d{1,4}\s*\/\s*\d{1,4}$/;
/** A slide's navigation bar names at most this many sections ... */
const HEADLINE_PIECES_MAX = 8;
/** ... each in a few words ... */
const HEADLINE_PIECE_CHARS_MAX = 40;
/** ... in type this much smaller than the page's text at most (beamer's 6 pt over 11 pt). A
 *  drawing sheet's column heads over its notes are set in the notes' size. */
const HEADLINE_SIZE_RATIO_MAX = 0.75;

/** The median of the lines' font sizes (each line's mean over its characters). */
function medianSizeOf(lines: readonly Line[]): number {
  return medianOfLines(lines, meanCharSize) ?? 0;
}

/** A number of up to four figures alone. */
const BARE_COUNT = /^\d{1,4}$/;
/** Two such numbers in one piece, the bar between them drawn ("3 4"). */
const TWO_COUNTS = /^(\d{1,4})\s+(\d{1,4})$/;
/** The slide's number and the deck's stand this many of their ems apart at most. */
const SLIDE_COUNT_GAP_EMS_MAX = 2;

/** Whether the row ends in a slide's number and the deck's, the first no larger: two bare
 *  numbers set close together, or one piece holding both. */
function slideCountAtEnd(row: readonly Line[]): boolean {
  const pieces = sortInPlace(row.slice(), (a, b) => a.x0 - b.x0);
  const n = pieces.length;
  const both = TWO_COUNTS.exec(lineText(pieces[n - 1]).trim());
  if (both !== null) return Number(both[1]) <= Number(both[2]);
  if (n < 2) return false;
  const slide = lineText(pieces[n - 2]).trim();
  const deck = lineText(pieces[n - 1]).trim();
  if (!BARE_COUNT.test(slide) || !BARE_COUNT.test(deck) || Number(slide) > Number(deck)) return false;
  return pieces[n - 1].x0 - pieces[n - 2].x1 <= SLIDE_COUNT_GAP_EMS_MAX * Math.max(meanCharSize(pieces[n - 1]), 1);
}
/** ... and runs across this share of the page's width at least. */
const FOOTLINE_WIDTH_SHARE_MIN = 0.8;

const PAGE_NUMBER = /^(?:page\s*)?[-–—(]?\s*(?:\d{1,5}|[ivxlcdm]{1,7})\s*[-–—)]?(?:\s*(?:of|\/)\s*\d{1,5})?$/i;
/** A number at either edge of a margin line; a section number ("2.1 LRS model") or a list
 * item's ("2. It is recommended …") is none. */
const EDGE_NUMBER = /^(\d{1,4})(?![.)]|,\d)\b|(?<![.,]\d*)\b(\d{1,4})$/;
/** What a line of furniture says, whoever set it: banners, citations, identifiers, stamps. */
const FURNITURE_WORDS: readonly RegExp[] = [
  /\bdownloaded (?:from|by|on)\b/i,
  /\bby guest on\b/i,
  /\bauthorized licensed use limited to\b/i,
  /\b(?:vol\.?|volume)\s*\d+\s*[,(]?\s*(?:no\.?|issue|nr\.?)\s*\d+/i,
  /\bpp?\.\s*\d+\s*[-–]\s*\d+\b/i,
  /\bdoi(?:\.org\/|:\s*)10\.\d{4,}\//i,
  /^(?:©|\(c\)|copyright\b)/i,
  // ... or a copyright notice ending the line, after the work's name and version ("Extension
  // « Facture belge … », V 2.1, 2018/10/27, © Robert Sebille.", "Confidential © 2026 Acme Inc.").
  /(?:^|\s)©\s*(?:(?:19|20)\d{2}[,–-]?\s*)*\p{Lu}[\p{L}\p{M}.,&' -]{1,60}$/u,
  /\barxiv:\d{4}\.\d{4,5}/i,
  /\bpage\s+\d{1,5}\s+(?:of|\/)\s+\d{1,5}\b/i,
  // A head that names its page at its end ("The technical documentation of the Latin Modern
  // family of fonts, page 4"), whatever its size.
  /\bpage\s+\d{1,5}$/i,
  // A browser's print stamp, its date and time alone ("11/28/26, 3:38 PM", "28.11.26, 15:38"):
  // Chromium prints it over the page's title in the head, 4 pt above a page that starts at
  // the top (a web article's navigation bar).
  /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4},?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?$/i,
  // A documentation generator's stamp at every page's foot: Doxygen's "Generated by Doxygen",
  // "Generated on Tue Mar 5 2019 for SISCone by Doxygen".
  /^generated (?:on .{1,80} )?by doxygen\b/i,
];
/** FURNITURE_WORDS as one pattern for each set of flags they are written with: thirteen
 *  patterns run one after another over every margin row's text scanned it thirteen times. */
const FURNITURE_WORDS_BY_FLAGS: readonly RegExp[] = alternationsByFlags(FURNITURE_WORDS);

/** A proceedings' running head, its conference ending in its year ("Proc. of the 9th Int.
 *  Conference on Digital Audio Effects (DAFx-06), Montreal, Canada, September 18-20, 2006":
 *  confproc): furniture alone in its band. A paper's first lines name its conference so too,
 *  over more lines of it ("Proceedings of the ASME 2023" over "International Mechanical
 *  Engineering Congress …": asmeconf), and stay. */
const PROCEEDINGS_HEAD = /^(?:proc\.|proceedings)\s.{0,120}\b(?:19|20)\d{2}$/i;
/** A proceedings' folio, the conference's name before the page's number ("DAFX-29"):
 *  furniture alone in the foot. */
const PREFIXED_FOLIO = /^\p{Lu}{2,8}[-–]\d{1,4}$/u;
/** A folio alone, a bare number (an equation's number "(2)", in parentheses, is no folio). */
const FOLIO_ALONE = /^(?:\d{1,4}|[ivxlcdm]{1,7})$/i;
/** "Page 3", "Page 3 of 9": the foot an office suite prints. */
const PAGE_FOOT = /^page\s+\d{1,5}(?:\s*(?:of|\/)\s*\d{1,5})?$/i;
/** A header over such a foot names its document or sheet in a few words. */
const PAGED_HEAD_CHARS_MAX = 40;
const PAGED_HEAD_WORDS_MAX = 4;
/** Centred on the page: its middle within this share of the page's width of the page's. */
const CENTRED_SHARE = 0.03;

function centredOnPage(line: Line, page: PageModel): boolean {
  return Math.abs((line.x0 + line.x1) / 2 - page.width / 2) <= CENTRED_SHARE * page.width;
}

/** A web address alone on its line: furniture only when set apart from the other margin lines
 * too, for a footnote's address wraps onto a line of its own ("… e-mail: (see" |
 * "http://www.michaelshell.org/contact.html)." under IEEEtran's first column). */
const ADDRESS_ONLY = /^<?https?:\/\/[^\s<>]+>?$/i;

/** A letterhead's foot: three fields or more set apart by middle dots, bars or bullets
 * ("Northwind Logistics B.V. · Havenweg 12 · 3089 KM Rotterdam · www.northwind.example"); a
 * footnote starts with its mark and reads as a sentence. */
const FOOTER_FIELDS = /^[^·|•]*\S\s+[·|•]\s+\S[^·|•]*\s[·|•]\s+\S/u;

type Band = "top" | "bottom" | "side" | null;

function bandOf(line: Line, page: PageModel): Band {
  if (line.y1 <= page.height * MARGIN_SHARE) return "top";
  if (line.y0 >= page.height * (1 - MARGIN_SHARE)) return "bottom";
  // A page number alone may sit higher above the foot (cjk-issue16538's, 98 pt up a letter page).
  if (line.y0 >= page.height * (1 - PAGE_NUMBER_MARGIN_SHARE) && PAGE_NUMBER.test(lineText(line).trim())) return "bottom";
  const width = line.x1 - line.x0;
  const height = line.y1 - line.y0;
  const outer = line.x1 <= page.width * SIDE_SHARE || line.x0 >= page.width * (1 - SIDE_SHARE);
  if (outer && height >= SIDE_ASPECT_MIN * Math.max(width, 1)) return "side";
  return null;
}

/** The line's font size averaged over its characters (line_joining's lineSize is the dominant span's). */
function meanCharSize(line: Line): number {
  let size = 0;
  let chars = 0;
  for (const span of line.spans) {
    const n = trimmedLength(span.text);
    size += span.size * n;
    chars += n;
  }
  return chars === 0 ? 0 : size / chars;
}

/** White space between a row of margin lines and the nearest line of the body, in points (Infinity when there is none). */
function gapToBody(row: readonly Line[], band: Band, body: readonly Line[]): number {
  // The row's box in one loop (box.ts unionOf), where four spreads of four mapped arrays were
  // asked twice a row.
  const box = unionOf(row);
  let gap = Infinity;
  for (const other of body) gap = Math.min(gap, gapBetween(box, band, other));
  return gap;
}

/** gapToBody to the lines of `lines` that are not the row's own (the band's other lines, the
 *  body around a row of its own lines): measured in place, where a list of them was made for
 *  each row asked. */
function gapToOthers(row: readonly Line[], band: Band, lines: readonly Line[]): number {
  const box = unionOf(row);
  let gap = Infinity;
  for (const other of lines) if (!row.includes(other)) gap = Math.min(gap, gapBetween(box, band, other));
  return gap;
}

/** White space between a row's box and a line across the band (left to right in the side
 *  strips, top to bottom otherwise), in points; 0 where they overlap. */
function gapBetween(box: Box, band: Band, other: Line): number {
  if (band === "side") return other.x0 >= box.x1 ? other.x0 - box.x1 : box.x0 >= other.x1 ? box.x0 - other.x1 : 0;
  return other.y0 >= box.y1 ? other.y0 - box.y1 : box.y0 >= other.y1 ? box.y0 - other.y1 : 0;
}

/** Margin lines that share a baseline band (a running head with its page number) form one row.
 * A line joins a row by sharing the row's first line's band, not any line's: in a band full of
 * small lines (a reference card's last rows in three columns), overlaps chained from line to
 * line would make one row of them all, and a copyright foot would take the body's last rows. */
// Comparators and tests made once here, and loops over the page's rows, rather than closures
// made per call: such a closure loses its optimised code at each full garbage collection, and
// was compiled again every few passes.
const byCandidateTopLeft = (a: { line: Line }, b: { line: Line }) => byTopThenLeft(a.line, b.line);

function marginRows(candidates: readonly { line: Line; band: Band }[]): { lines: Line[]; band: Band }[] {
  const rows: { lines: Line[]; band: Band }[] = [];
  for (const { line, band } of sortInPlace(candidates.slice(), byCandidateTopLeft)) {
    const row = band === "side" ? undefined : rowSharedBy(rows, band, line);
    if (row) row.lines.push(line);
    else rows.push({ lines: [line], band });
  }
  return rows;
}

/** The first of `rows` in `band` whose first line shares a row with `line`, or undefined. */
function rowSharedBy(rows: readonly { lines: Line[]; band: Band }[], band: Band, line: Line): { lines: Line[]; band: Band } | undefined {
  for (const r of rows) if (r.band === band && overlapsRow(r.lines[0], line)) return r;
  return undefined;
}

/** A margin piece that carries a page number at its edge: "“PIRACY” 27", "39", "12 FREE CULTURE". */
function numberedHead(text: string, band: Band): boolean {
  if (text.length > RUNNING_HEAD_CHARS_MAX) return false;
  // Footnotes start with their marker, so at the foot a number at the end counts, or one at
  // the start of a title in capitals (Free Culture's "190 FREE CULTURE"): a footnote's text is
  // a sentence. Three digits at most: a four-digit number beside a title is a year ("Annual
  // Report 2024").
  if (band === "bottom") return text.length <= FOOT_HEAD_CHARS_MAX && ((FOLIO_END.test(text) && !NOTE_MARK_START.test(text)) || FOLIO_BEFORE_CAPITALS.test(text));
  // "3. New ladders …" and "2) Scope" are list items and numbered headings, not heads.
  return band === "top" && HEAD_FOLIO.test(text);
}

/** A page number, then a title in capitals, two letters at least and no small letter. */
const FOLIO_BEFORE_CAPITALS = /^\d{1,3}\s+(?=[^\p{Ll}]*\p{Lu}[^\p{Ll}]*\p{Lu})[^\p{Ll}]+$/u;
/** A foot's folio: a number of three figures at most after white space, at the text's end ... */
const FOLIO_END = /\s\d{1,3}$/;
/** ... in a text that does not start as a footnote does (a figure or a note's mark). */
const NOTE_MARK_START = /^[\d*†‡§]/;
/** A head's folio: a number of three figures at most at its start (no list's or section's
 *  number) or at its end. */
const HEAD_FOLIO = /^\d{1,3}(?![.)\d])\b|\b\d{1,3}$/;
/** A page number of three figures at most, then a word. */
const FOLIO_THEN_WORD = /^\d{1,3}\s+\p{L}/u;
const WHITE_SPACE_RUN = /\s+/;

/** A running foot may also start with its page number ("56 Modifications", luatex's manual),
 * set at the body's size in one style: a footnote's number is raised or its text smaller.
 * Spans level at their tops or at their bottoms: the TeX logo's lowered "E" ("26 Basic TeX
 * enhancements") reaches under the line's bottom. */
function footNumberFirst(row: readonly Line[], text: string, band: Band): boolean {
  if (band !== "bottom" || row.length !== 1 || text.length > FOOT_HEAD_CHARS_MAX || !FOLIO_THEN_WORD.test(text)) return false;
  const spans = row[0].spans.filter((s) => !isBlankText(s.text));
  const first = spans[0];
  for (const s of spans) {
    if (Math.abs(s.size - first.size) >= 0.5) return false;
    if (Math.abs(s.y1 - first.y1) >= 0.2 * s.size && Math.abs(s.y0 - first.y0) >= 0.2 * s.size) return false;
  }
  return true;
}

/** A foot starting with its number is set this close to the body's size, at least. */
const FOOT_NUMBER_FIRST_SIZE_RATIO_MIN = 0.95;

/**
 * A margin row that may be furniture, with what the page alone says of it. Whether it is
 * also depends on the document's body size, known only once every page is digested: the
 * size tests wait for `furnitureFromRows`, so a worker can digest its pages alone.
 */
export interface FurnitureRow {
  /** Indices into the page's prepared lines. */
  lines: number[];
  /** The words say furniture ("Page 3 of 9", "Downloaded from …"): enough alone. */
  saysFurniture: boolean;
  /** Set apart from other margin lines as well as from the body, outside the side strips. */
  aloneInBand: boolean;
  numbered: boolean;
  /** A foot that starts with its number, furniture only at about the body's size. */
  numberFirst: boolean;
  spread: boolean;
  /** A short line in the top band: furniture when small against the body. */
  shortTop: boolean;
  /** A name of a few words centred alone at the top over an office suite's "Page n" foot:
   *  furniture at the body's size or under. */
  pagedHead: boolean;
  /** A line set in italic, or over a rule drawn across the text, alone at the top over a page
   *  number alone at the foot (a book's or a specification's running head): furniture at the
   *  body's size or under. */
  runningHead: boolean;
  /** A head spread to both edges with a rule drawn under it across its width (a word
   *  processor's header border): furniture at any size up to RULED_HEAD_SIZE_MAX_PT. */
  ruledHead: boolean;
  /** A foot row wholly under the page's folio (a bare page number alone in the foot):
   *  furniture when smaller than the body (SMALL_SIZE_RATIO_MAX). */
  underFolio: boolean;
  /** The page's body under it is mostly code and the row is neither code nor bold: its size
   *  test allows CODE_PAGE_HEAD_SIZE_RATIO_MAX over the body's size. */
  overCode: boolean;
  /** The largest of the row's mean character sizes. */
  sizeMax: number;
  /** The largest mean character size of the margin lines above a short top row, or 0. */
  sizeAbove: number;
}

/** The share of the lines' non-space characters set in the code face (0 for no text). */
function codeShare(lines: readonly Line[]): number {
  let code = 0;
  let all = 0;
  for (const line of lines) {
    for (const span of line.spans) {
      const n = trimmedLength(span.text);
      all += n;
      if (span.monospace) code += n;
    }
  }
  return all === 0 ? 0 : code / all;
}

/** Whether some span of the lines is in the code face: most pages have none, and their
 *  characters need not be counted (codeShare). */
function hasCodeSpan(lines: readonly Line[]): boolean {
  for (const line of lines) for (const span of line.spans) if (span.monospace) return true;
  return false;
}

/** Whether some span with text in the line is bold: a heading's weight, not a head's. */
function isBoldLine(line: Line): boolean {
  for (const span of line.spans) if (span.bold && !isBlankText(span.text)) return true;
  return false;
}

/** A thumb tab's text is a few characters at most (an article or chapter number). */
const THUMB_CHARS_MAX = 8;
/** A filled box within this many points of the page's side bleeds off it. */
const BLEED_SLACK_PT = 1;
/** A thumb tab's box is at most this share of the page wide (ACM's: 41 pt of 486). */
const THUMB_WIDTH_SHARE_MAX = 0.12;
/** The page holds this many lines of text at least besides the tab. */
const THUMB_TEXT_LINES_MIN = 3;

/**
 * Thumb tabs: a few characters set in a filled box that bleeds off the page's side, beside
 * the text and not in it (ACM's journals print the article's number so, "111", at the
 * right edge of every page). Furniture on a page alone; as text it had come out as a
 * heading, and it widened the column that short lines are measured against.
 */
function thumbTabs(page: PageModel, lines: readonly Line[], body: readonly Line[]): FurnitureRow[] {
  // A tab is narrow: a chapter's heading set in a coloured bar bleeding off the page is wide.
  const tabs: typeof page.rules = [];
  for (const rule of page.rules) if (rule.kind === "fill" && (rule.x0 <= BLEED_SLACK_PT || rule.x1 >= page.width - BLEED_SLACK_PT) && rule.x1 - rule.x0 <= THUMB_WIDTH_SHARE_MAX * page.width) tabs.push(rule);
  // Beside the page's text: a picture's label on a page of its own is its only text.
  if (tabs.length === 0 || body.length < THUMB_TEXT_LINES_MIN) return [];
  const rows: FurnitureRow[] = [];
  for (const line of body) {
    const tab = tabs.find((rule) => line.x0 >= rule.x0 && line.x1 <= rule.x1 && line.y0 >= rule.y0 && line.y1 <= rule.y1);
    if (!tab || trimmedLength(lineText(line)) > THUMB_CHARS_MAX) continue;
    // Beside the text: every other line stands clear of the box's side of the page.
    const beside = body.every((other) => other === line || (tab.x0 <= BLEED_SLACK_PT ? other.x0 >= tab.x1 : other.x1 <= tab.x0));
    if (beside) rows.push(furnitureLine(lines.indexOf(line), meanCharSize(line)));
  }
  return rows;
}

/** Each margin row's texts, trimmed, piece by piece (built in loops, not map: see pageFurnitureRows). */
function rowTextsOf(margins: readonly { lines: Line[] }[]): string[][] {
  const texts: string[][] = [];
  for (const { lines: row } of margins) texts.push(trimmedTexts(row));
  return texts;
}

/** The row's texts, trimmed, piece by piece: pushed, not mapped (see pageFurnitureRows). */
function trimmedTexts(row: readonly Line[]): string[] {
  const texts: string[] = [];
  for (const l of row) texts.push(lineText(l).trim());
  return texts;
}

/** A row of one line that is furniture by the page's shape alone (a thumb tab, a sidebar's line). */
function furnitureLine(index: number, size: number): FurnitureRow {
  return { lines: [index], saysFurniture: true, aloneInBand: true, numbered: false, numberFirst: false, spread: false, shortTop: false, pagedHead: false, runningHead: false, ruledHead: false, underFolio: false, overCode: false, sizeMax: size, sizeAbove: 0 };
}

/** The page's margin rows that could be furniture, set apart from the body by white space. */
export function pageFurnitureRows(page: PageModel, lines: readonly Line[]): FurnitureRow[] {
  const candidates: { line: Line; band: Band }[] = [];
  // The same lines, as the gaps and sizes around a row read them.
  const candidateLines: Line[] = [];
  const body: Line[] = [];
  // Lines an inch down (fancyhdr's "3 Using extramarks … 4" at 10.6 % of an A4 page) are body
  // to every other row, and a row of their own only as a head beside its folio.
  const deep: { line: Line; band: Band }[] = [];
  for (const line of lines) {
    // Blank span by blank span: joining and trimming every line's text to ask this showed in profiles.
    if (isBlankLine(line)) continue;
    // A contents entry (leaders.ts) is the text's, also at the page's foot: gnuplot's "Pause
    // 101" under "Lower 101" reads as a running foot with its page number.
    const band = line.contentsEntry ? null : bandOf(line, page);
    if (band) {
      candidates.push({ line, band });
      candidateLines.push(line);
    }
    else body.push(line);
    if (!band && line.y1 <= page.height * FOLIO_HEAD_SHARE) deep.push({ line, band: "top" });
  }
  const rows: FurnitureRow[] = thumbTabs(page, lines, body);
  // A slide's sidebar outline (side_bars.ts): furniture as its words would say.
  for (const line of sideBarLines(page, lines, (l) => bandOf(l, page) !== null)) rows.push(furnitureLine(lines.indexOf(line), meanCharSize(line)));
  // A slide's headline stacked past the top band (slide_heads.ts): URbeamer's author and institute.
  for (const line of slideHeadStack(page, lines)) rows.push(furnitureLine(lines.indexOf(line), meanCharSize(line)));
  const blank = blankPageRows(candidates, body, lines, page);
  if (blank.length > 0) {
    for (const row of blank) rows.push(row);
    return rows;
  }
  if (candidates.length + deep.length === 0 || body.length === 0) return rows;
  // Asked once, of the first row that gets this far: most pages' rows do not.
  let bodyIsCode: boolean | undefined;
  const margins = marginRows(candidates);
  // An office suite's page foot, "Page 1" centred alone: its header is the document's or the
  // sheet's name, centred alone at the top (LibreOffice Calc prints "budget" over the sheet).
  // Each row's texts built once, here: the feet, the folio rows and the row tests below all
  // read them, and each built them again.
  const marginTexts = rowTextsOf(margins);
  const feet: { line: Line; text: string }[] = [];
  for (let m = 0; m < margins.length; m++) {
    const r = margins[m];
    if (r.band === "bottom" && r.lines.length === 1) feet.push({ line: r.lines[0], text: marginTexts[m][0] });
  }
  let pagedFoot = false;
  for (const foot of feet) if (PAGE_FOOT.test(foot.text) && centredOnPage(foot.line, page)) pagedFoot = true;
  // A page number alone at the foot: the page has a folio, so a head over it is a running one.
  const folioFoot = feet.some((foot) => PAGE_NUMBER.test(foot.text));
  // The foot's rows that hold a page number ("13 / 16"), in a row of a head's few pieces.
  const folioRowLines = new Set<Line>();
  for (let m = 0; m < margins.length; m++) {
    const r = margins[m];
    if (r.band !== "bottom" || r.lines.length > ROW_PIECES_MAX) continue;
    let folio = false;
    for (const t of marginTexts[m]) if (PAGE_NUMBER.test(t)) folio = true;
    if (folio) for (const l of r.lines) folioRowLines.add(l);
  }
  // Where the folio ends: the body and its footnotes stand over it, so a line under it is the
  // foot's (a draft's "Version of May 27, 2020 – Created …" under the page number).
  let folioBottom = Infinity;
  for (const foot of feet) if (FOLIO_ALONE.test(foot.text)) folioBottom = Math.min(folioBottom, foot.line.y1);
  // The lines of letterhead feet found so far (FOOTER_FIELDS), for their wrapped tails (wrapped_feet.ts).
  const fieldFeet: Line[] = [];
  for (let m = 0; m < margins.length; m++) {
    const { lines: row, band } = margins[m];
    const texts = marginTexts[m];
    // A loop, not map: an optimised map makes a holey array and an interpreted one a packed
    // array, and the passes reading them bailed out each time this function changed tier.
    const sizes: number[] = [];
    for (const l of row) sizes.push(meanCharSize(l));
    // Measured in font sizes, not box heights: OCR layers give jittered, oversized boxes.
    const separation = SEPARATION_SIZES_MIN * Math.max(Math.min(...sizes), 1);
    if (gapToBody(row, band, body) < separation) continue;
    // The weaker evidence below (layout, not words) also needs the row to stand alone in its
    // band: list items or a paragraph that start high on the page sit close to each other.
    const alone = gapToOthers(row, band, candidateLines) >= separation;
    // A page has one number: a row with a page number in two pieces and words in another is
    // a table's (an inventory's last row at the page's foot, "1042 | Utrecht depot 3 | 195 |
    // 25.90"), no folio's.
    const numberLike: boolean[] = [];
    for (const t of texts) numberLike.push(band !== "side" && PAGE_NUMBER.test(t));
    const numbers: ReturnType<typeof marginPageNumber>[] = [];
    for (let k = 0; k < texts.length; k++) if (numberLike[k]) numbers.push(marginPageNumber(texts[k]));
    const tableRow = isTableRowAlone(texts, numbers);
    const says: boolean[] = [];
    for (let k = 0; k < texts.length; k++) {
      const t = texts[k];
      says.push((numberLike[k] && !tableRow && !inRuledCell(row[k], page.rules)) || (band === "bottom" && FOOTER_FIELDS.test(t)) || saysFurnitureWord(t) || (alone && ADDRESS_ONLY.test(t)) || (alone && band === "bottom" && row.length === 1 && PREFIXED_FOLIO.test(t)) || (alone && band !== "side" && PROCEEDINGS_HEAD.test(t)));
    }
    // A letterhead foot's wrapped tail ("No. GB 123 4567 89" under "… · VAT") goes with it.
    if (band === "bottom" && row.length === 1 && fieldFeet.some((foot) => wrapsFoot(row[0], foot, meanCharSize))) {
      says[0] = true;
      fieldFeet.push(row[0]);
    } else if (band === "bottom") for (let k = 0; k < texts.length; k++) if (FOOTER_FIELDS.test(texts[k])) fieldFeet.push(row[k]);
    const saysFurniture = says.includes(true);
    // A row of more pieces than a head or foot has (a drawing sheet's "GENERAL NOTES",
    // "CONSTRUCTION NOTES", … over its columns, beside a stamp's letter "i" read as a page
    // number) loses only the pieces whose words say furniture.
    if (row.length > ROW_PIECES_MAX) {
      // Beamer's footline (author | title | date | "15 / 26") is a foot of four or five
      // pieces: one counts the slides, and the row runs across the page, apart from the body.
      const footline = band === "bottom" && alone && row.length <= FOOTLINE_PIECES_MAX && (texts.some((t) => SLIDE_OF_SLIDES.test(t)) || slideCountAtEnd(row)) && rowWidth(row) >= FOOTLINE_WIDTH_SHARE_MIN * page.width;
      // Beamer's navigation bar (the sections' names across the slide's top edge) is a head
      // of short pieces in small type, across the page, apart from the body.
      const headline = band === "top" && alone && row.length <= HEADLINE_PIECES_MAX && texts.every((t) => t.length <= HEADLINE_PIECE_CHARS_MAX) && rowWidth(row) >= FOOTLINE_WIDTH_SHARE_MIN * page.width && Math.max(...sizes) <= HEADLINE_SIZE_RATIO_MAX * medianSizeOf(body);
      const saying = sayingPieces(row, footline || headline ? row.map(() => true) : says, lines, saysFurniture || footline || headline);
      if (saying !== null) rows.push(saying);
      continue;
    }
    const numbered = texts.some((t) => numberedHead(t, band));
    const numberFirst = !numbered && footNumberFirst(row, texts[0], band);
    // A head or foot split to both edges of the text: a title left, a date or edition right.
    const spread = band !== "side" && row.length >= 2 && texts.every((t) => t.length <= RUNNING_HEAD_CHARS_MAX) && rowWidth(row) >= SPREAD_WIDTH_SHARE_MIN * page.width;
    // Footnotes are small and set apart too, so the style rule holds only above the body.
    const shortTop = band === "top" && texts.every((t) => t.length <= SMALL_HEAD_CHARS_MAX);
    // Rotated text along the edge is also how drawings label their frames: there the words decide alone.
    // A foot in two rows, the lower holding the page's number (beamer's split footline:
    // "杨敬轩 … 清华大学" over "报告标题 … 13 / 16"): the upper row, spread to both edges,
    // stands alone in the band but for the folio's row under it.
    const aloneInBand = band !== "side" && (alone || (spread && band === "bottom" && aloneOverFolioRow(row, band, candidates, folioRowLines, separation)));
    const pagedHead = pagedFoot && band === "top" && row.length === 1 && texts[0].length <= PAGED_HEAD_CHARS_MAX && texts[0].split(WHITE_SPACE_RUN).length <= PAGED_HEAD_WORDS_MAX && centredOnPage(row[0], page);
    // A running head set in italic at the body's size, alone over the page's folio
    // (shared-mime-info's spec: "Shared MIME-info Database" flush right over "6"): the style
    // rule above wants it smaller, and a page converted alone shows no repetition.
    // Or set upright over a rule across the text (Apache FOP's DocBook pages: "The Root
    // Filesystem" centred over a hairline, "7" under one at the foot).
    const runningHead = folioFoot && band === "top" && row.length === 1 && texts[0].length <= RUNNING_HEAD_CHARS_MAX && (everyTextSpan(row[0], (span) => span.italic) || ruleUnder(row[0], body, lines, page));
    let underFolio = band === "bottom";
    for (const l of row) if (l.y0 < folioBottom) underFolio = false;
    if (!saysFurniture && !(aloneInBand && (numbered || numberFirst || spread || shortTop || pagedHead || runningHead || underFolio) && !(band === "top" && headsGrid(row, body)))) continue;
    const ruledHead = spread && band === "top" && ruledUnder(row, page.rules, Math.max(...sizes));
    bodyIsCode ??= hasCodeSpan(body) && codeShare(body) > CODE_BODY_CHAR_SHARE_MIN;
    const overCode = bodyIsCode && codeShare(row) <= CODE_BODY_CHAR_SHARE_MIN && !row.some(isBoldLine);
    rows.push({ lines: row.map((l) => lines.indexOf(l)), saysFurniture, aloneInBand, numbered, numberFirst, spread, shortTop, pagedHead, runningHead, ruledHead, underFolio, overCode, sizeMax: Math.max(...sizes), sizeAbove: shortTop ? sizeAbove(row, candidateLines) : 0 });
  }
  for (const { lines: row } of deep.length > 0 ? marginRows(deep) : []) {
    const head = deepHead(row, body, candidateLines, page, lines) ?? deepLoneHead(row, body, candidateLines, page, lines, folioFoot) ?? (folioFoot ? deepCapitalsHead(row, body, candidateLines, page, lines) : null);
    if (head) rows.push(head);
  }
  let footLines = 0;
  for (const c of candidates) if (c.band === "bottom") footLines++;
  const foot = deepCitationFoot(body, footLines, page, lines);
  if (foot) rows.push(foot);
  return rows;
}

/** A head in capitals has this many letters at least (no initials, no roman numeral). */
const CAPITALS_HEAD_LETTERS_MIN = 4;
const SMALL_LETTER = /\p{Ll}/u;
const LETTER_GLOBAL = /\p{L}/gu;

/** Whether a line is words in capitals centred over the text block (within CENTRED_SHARE of
 *  its width): a running head's style, as italic is. */
function centredCapitals(line: Line, block: Box): boolean {
  if (!isCapitals(lineText(line))) return false;
  return Math.abs((line.x0 + line.x1) / 2 - (block.x0 + block.x1) / 2) <= CENTRED_SHARE * (block.x1 - block.x0);
}

/** A head alone on its row ends in the page's number after a bullet, a middle dot or a bar,
 *  an article's number before it maybe (acmart's "The Name of the Title Is Hope • 111:9"), or
 *  starts with it before one (the facing page's "111:8 • Trovato et al."). Group 1 or 2 is
 *  the page's number. */
const HEAD_SEPARATED_FOLIO = /[•·|]\s*(?:\d{1,4}:)?(\d{1,3})$|^(?:\d{1,4}:)?(\d{1,3})\s*[•·|]/u;

/** The page's number that a head alone prints by a separator (HEAD_SEPARATED_FOLIO), or null. */
function separatedFolio(text: string): number | null {
  const match = HEAD_SEPARATED_FOLIO.exec(text);
  return match ? Number(match[1] ?? match[2]) : null;
}

/**
 * The page's first line below the band, alone on its row, set apart from the body by
 * DEEP_HEAD_SEPARATION_SIZES_MIN of its sizes, that ends in the page's own number after a
 * separator (HEAD_SEPARATED_FOLIO) or stands over a rule drawn across the text on a page with
 * a folio alone at its foot (`folioFoot`): acmart's acmlarge sets its head ("The Name of the
 * Title Is Hope • 111:9") 11 % down the page, iodhbwm its ("1.2 Listen" over a rule, "- 20 -"
 * at the foot) 12 %, under the band, and a page converted alone kept them. A title ruled
 * under a line's space down, or ruled over too, is none (classicthesis' "CONTENTS"). Furniture at the
 * body's size or under, as a numbered head in the band (a page of references alone measures
 * its body at the references' size, the head's).
 */
function deepLoneHead(row: readonly Line[], body: readonly Line[], candidateLines: readonly Line[], page: PageModel, lines: readonly Line[], folioFoot: boolean): FurnitureRow | null {
  if (row.length !== 1) return null;
  const text = lineText(row[0]).trim();
  if (text.length > RUNNING_HEAD_CHARS_MAX) return null;
  const folioHead = separatedFolio(text) === page.page;
  if (!folioHead && !(folioFoot && ruleUnder(row[0], body, lines, page) && ruleClose(row[0], page) && !ruleOver(row[0], page))) return null;
  const top = row[0].y0;
  if (candidateLines.some((l) => l.y1 <= top) || body.some((l) => l !== row[0] && l.y1 <= top)) return null;
  const size = meanCharSize(row[0]);
  const others = body.filter((l) => l !== row[0]);
  if (gapToBody(row, "top", others) < DEEP_HEAD_SEPARATION_SIZES_MIN * Math.max(size, 1)) return null;
  return { lines: [lines.indexOf(row[0])], saysFurniture: false, aloneInBand: true, numbered: true, numberFirst: false, spread: false, shortTop: false, pagedHead: false, runningHead: false, ruledHead: false, underFolio: false, overCode: false, sizeMax: size, sizeAbove: 0 };
}

/** A journal's citation at the foot ends within this many characters. */
const FOOT_CITATION_CHARS_MAX = 160;

/**
 * The page's lowest line above the bottom band, within FOLIO_FOOT_SHARE of the page's height,
 * alone on its row, whose words say furniture (a journal's citation: acmart's "Proc. ACM Meas.
 * Anal. Comput. Syst., Vol. 37, No. 4, Article 111. Publication date: August 2018.", 15 % up
 * acmlarge's page) and that stands DEEP_HEAD_SEPARATION_SIZES_MIN of its sizes under the body.
 * Not a footnote (it starts with its mark), and only where the bottom band holds no line
 * (acmtog's head stands in the top band, its citation 10.3 % up the page). Set no
 * larger than the line over it (NUMBERED_HEAD_SIZE_RATIO_MAX): a page of references alone
 * measures its body at their size, the citation's.
 */
function deepCitationFoot(body: readonly Line[], footLines: number, page: PageModel, lines: readonly Line[]): FurnitureRow | null {
  if (footLines > 0 || body.length < 2) return null;
  const foot = lowestLine(body);
  if (foot === null || foot.y0 < page.height * (1 - FOLIO_FOOT_SHARE)) return null;
  const text = lineText(foot).trim();
  if (text.length > FOOT_CITATION_CHARS_MAX || NOTE_MARK_START.test(text) || !saysFurnitureWord(text)) return null;
  const others = body.filter((l) => l !== foot);
  if (others.some((l) => l.y1 > foot.y0)) return null;
  const size = meanCharSize(foot);
  const over = lowestLine(others);
  if (over === null || size > NUMBERED_HEAD_SIZE_RATIO_MAX * meanCharSize(over)) return null;
  if (gapToBody([foot], "bottom", others) < DEEP_HEAD_SEPARATION_SIZES_MIN * Math.max(size, 1)) return null;
  return { lines: [lines.indexOf(foot)], saysFurniture: true, aloneInBand: true, numbered: false, numberFirst: false, spread: false, shortTop: false, pagedHead: false, runningHead: false, ruledHead: false, underFolio: false, overCode: false, sizeMax: size, sizeAbove: 0 };
}

/** A blank page holds a head and a foot at most. */
const BLANK_PAGE_ROWS_MAX = 2;
/** A folio standing above the bottom band, the blank page's one body line: three figures at most (a
 *  page that is a large "C", mcmthesis' example image, reads as a roman numeral). */
const BODY_FOLIO = /^\d{1,3}$/;
/** The folio a head over it needs: three figures at most or a roman numeral ("2024" under a
 *  cover's title is its year). */
const BLANK_PAGE_FOLIO = /^(?:\d{1,3}|[ivxlcdm]{1,7})$/i;

/**
 * The rows of a page that holds nothing but its head and foot: a book's blank page, which
 * prints its running head with the folio ("16 … HOOFDSTUK 5. BESLUIT" over an empty verso
 * before a chapter, uantwerpen's thesis) or the folio alone, or a journal's head over the
 * folio at the foot (nwejm's "Titre de l'article (French)  F. Last1 et al." over "20", the
 * folio a little above the bottom band, so the page's one body line). Converted alone,
 * such a page showed no body to measure a head against, and kept it. Every line must stand
 * in the top or bottom band but a page number alone; each row must say a page (a page
 * number alone, a head with its folio: numberedHead, or a page number among short pieces),
 * or be a head of short pieces over a row that is a page number alone. One row that does
 * neither (a cover's title, a form's caption) keeps them all.
 */
function blankPageRows(candidates: readonly { line: Line; band: Band }[], body: readonly Line[], lines: readonly Line[], page: PageModel): FurnitureRow[] {
  if (candidates.length === 0 && body.length === 0) return [];
  if (body.length > 1 || (body.length === 1 && !BODY_FOLIO.test(lineText(body[0]).trim()))) return [];
  const margins = marginRows(body.length === 0 ? candidates : [...candidates, { line: body[0], band: "bottom" }]);
  if (margins.length > BLANK_PAGE_ROWS_MAX) return [];
  const texts: string[][] = [];
  let folioRow = false;
  for (const { lines: row, band } of margins) {
    if (band === "side" || band === null || row.length > ROW_PIECES_MAX) return [];
    const rowTexts: string[] = [];
    for (const l of row) rowTexts.push(lineText(l).trim());
    texts.push(rowTexts);
    if (rowTexts.length === 1 && BLANK_PAGE_FOLIO.test(rowTexts[0])) folioRow = true;
  }
  const rows: FurnitureRow[] = [];
  const footSize = slideFootSize(margins, texts, page);
  for (let k = 0; k < margins.length; k++) {
    const { lines: row, band } = margins[k];
    const rowTexts = texts[k];
    const short = rowTexts.every((t) => t.length <= RUNNING_HEAD_CHARS_MAX);
    const folio = short && rowTexts.some((t) => PAGE_NUMBER.test(t));
    let sizeMax = 0;
    for (const l of row) sizeMax = Math.max(sizeMax, meanCharSize(l));
    const headOverFolio = (folioRow || sizeMax <= footSize + SLIDE_HEAD_SIZE_SLACK_PT) && band === "top" && short;
    if (!folio && !headOverFolio && !numberedHead(rowTexts.join(" "), band)) return [];
    rows.push({ lines: row.map((l) => lines.indexOf(l)), saysFurniture: true, aloneInBand: true, numbered: !folio, numberFirst: false, spread: false, shortTop: false, pagedHead: false, runningHead: false, ruledHead: false, underFolio: false, overCode: false, sizeMax, sizeAbove: 0 });
  }
  return rows;
}

/** A slide's head over its foot row is set in the foot's type, within this many points: a
 *  frame's title over it is larger (Impress: 40 pt over the footer's 14 pt). */
const SLIDE_HEAD_SIZE_SLACK_PT = 0.5;

/**
 * The largest size of a slide's foot row that holds its number among short pieces (Impress's
 * date | footer | slide number), or -Infinity. On such an empty slide a head row in the
 * foot's type ("Confidential – internal use" at the top) is furniture with it (blankPageRows):
 * an empty slide converted alone had kept its head and foot, four paragraphs, where the foot
 * alone goes. Only on a landscape page (SLIDE_ASPECT_MIN): a portrait page's foot row with a
 * number under a line at the top is a cover's or a form's as often.
 */
function slideFootSize(margins: readonly { lines: Line[]; band: Band }[], texts: readonly string[][], page: PageModel): number {
  if (page.width < SLIDE_ASPECT_MIN * page.height) return -Infinity;
  let size = -Infinity;
  for (let k = 0; k < margins.length; k++) {
    if (margins[k].band !== "bottom" || !texts[k].every((t) => t.length <= RUNNING_HEAD_CHARS_MAX) || !texts[k].some((t) => PAGE_NUMBER.test(t))) continue;
    for (const l of margins[k].lines) size = Math.max(size, meanCharSize(l));
  }
  return size;
}

/** Whether `row` stands apart from every other line of its band but those of a row holding
 *  the page's number under it. */
function aloneOverFolioRow(row: readonly Line[], band: Band, candidates: readonly { line: Line }[], folioRowLines: ReadonlySet<Line>, separation: number): boolean {
  if (folioRowLines.size === 0) return false;
  const bottom = unionOf(row).y1;
  const others: Line[] = [];
  let under = false;
  for (const c of candidates) {
    if (row.includes(c.line)) continue;
    if (folioRowLines.has(c.line) && c.line.y0 >= bottom - 1) under = true;
    else others.push(c.line);
  }
  return under && gapToBody(row, band, others) >= separation;
}

/** A row an inch down that is a running head beside its folio: the page's first text, the
 * page's own number at an edge, pieces spread over half the page, set apart by white space
 * from the body below. The size test waits for the document's body size, as for rows in the band. */
function deepHead(row: readonly Line[], body: readonly Line[], candidateLines: readonly Line[], page: PageModel, lines: readonly Line[]): FurnitureRow | null {
  if (row.length < 2 || row.length > ROW_PIECES_MAX) return null;
  // Pushed, not mapped: the optimised map's holey array bailed deepHead out at its first read.
  const texts = trimmedTexts(row);
  // The words first, which the test below asks anyway: most rows under the band (a two-column
  // page's first lines) hold no piece that could be a folio, and need neither the body's box
  // nor the style tests, which walked the body and built texts for every such row.
  if (texts.some((t) => t.length > RUNNING_HEAD_CHARS_MAX) || !someMayBeFolio(texts, page.page)) return null;
  // A head whose words are set in italic is a running head's style (manptp's "Instruction for
  // Making LATEX Compuscripts Using PTPTEX … 7", R's refman "widthDetails … 1203").
  // So is one in capitals centred over the text (the AMS's "SAMPLE PAPER" in small capitals,
  // its folio "45" at the text's edge on aomart's 29th page), since `svc-md-1.1.27`.
  const block = unionOf(body);
  const italicHead = row.some((l) => !marginPageNumber(lineText(l).trim()) && (everyTextSpan(l, (span) => span.italic) || centredCapitals(l, block)));
  // Weaker evidence than the band's, so the folio must be the page's own number: a contents
  // entry at the page's top ("5 locale directory … 61") has another. An italic head's folio
  // may be printed with an offset from the file's page (R's refman: 1203 on the 1234th).
  // Its folio stands alone and may have four figures.
  const folio = (t: string) => (numberedHead(t, "top") && marginPageNumber(t) === page.page) || (italicHead && PAGE_NUMBER.test(t));
  if (!texts.some(folio) || texts.some((t) => t.length > RUNNING_HEAD_CHARS_MAX)) return null;
  // Set further apart than a table's rows are: a table going on at the page's top, with a
  // number in its last column, is no head.
  // An italic head needs only the band's separation (manptp's, 1.4 sizes over "§5. Figures").
  return spreadHeadAtTop(row, body, block, candidateLines, page, lines, italicHead ? SEPARATION_SIZES_MIN : DEEP_HEAD_SEPARATION_SIZES_MIN);
}

/**
 * The head row below the band that deepHead and deepCapitalsHead have found by its words and
 * style, when it also stands where a running head does, else null: spread over half the page,
 * or over half the text block's width where that is narrower (the SMF's head, "8" at the
 * text's left edge and the journal's name centred over the text, spans 270 pt of a 595 pt page
 * and of a 367 pt text block); the page's first row (under a head in the band it is the
 * text's first line: gnuplot's contents entry "Cd … 87" under "CONTENTS gnuplot 5.4 7"); and
 * `separationSizes` of its smallest size apart from the body's lines and the band's.
 */
function spreadHeadAtTop(row: readonly Line[], body: readonly Line[], block: Box, candidateLines: readonly Line[], page: PageModel, lines: readonly Line[], separationSizes: number): FurnitureRow | null {
  if (rowWidth(row) < SPREAD_WIDTH_SHARE_MIN * Math.min(page.width, block.x1 - block.x0)) return null;
  let top = Infinity;
  for (const l of row) top = Math.min(top, l.y0);
  if (candidateLines.some((l) => l.y1 <= top) || body.some((l) => l.y1 <= top)) return null;
  const sizes = row.map(meanCharSize);
  const separation = separationSizes * Math.max(Math.min(...sizes), 1);
  if (Math.min(gapToOthers(row, "top", body), gapToBody(row, "top", candidateLines)) < separation) return null;
  return { lines: row.map((l) => lines.indexOf(l)), saysFurniture: false, aloneInBand: true, numbered: true, numberFirst: false, spread: true, shortTop: false, pagedHead: false, runningHead: false, ruledHead: false, underFolio: false, overCode: false, sizeMax: Math.max(...sizes), sizeAbove: 0 };
}

/**
 * A row an inch down, on a page with a folio alone at its foot, whose pieces are all set in
 * italic capitals, spread over half the text: LaTeX's running head in the `headings` style
 * with the page number moved to the foot ("1.2. INSTALLATION AND USAGE" | "CHAPTER 1. GETTING
 * STARTED" over dvipdfmx's manual, 11 % down the page; "CONTENTS" | "CONTENTS" over its
 * contents). No folio stands beside it, so deepHead leaves it, and a page converted alone,
 * or a few pages whose heads differ, kept it. The page's first row, set apart from the body
 * as an italic head in deepHead. A table's header row in italic capitals at a page's top
 * would need all three; the size test waits for the document's body size, as in the band.
 */
function deepCapitalsHead(row: readonly Line[], body: readonly Line[], candidateLines: readonly Line[], page: PageModel, lines: readonly Line[]): FurnitureRow | null {
  if (row.length < 2 || row.length > ROW_PIECES_MAX) return null;
  for (const l of row) if (!everyTextSpan(l, (span) => span.italic) || !isCapitals(lineText(l))) return null;
  return spreadHeadAtTop(row, body, unionOf(body), candidateLines, page, lines, SEPARATION_SIZES_MIN);
}

/** Text in capitals: no small letter, CAPITALS_HEAD_LETTERS_MIN letters at least (no initials). */
function isCapitals(text: string): boolean {
  return !SMALL_LETTER.test(text) && (text.match(LETTER_GLOBAL)?.length ?? 0) >= CAPITALS_HEAD_LETTERS_MIN;
}

/** Whether some of deepHead's `texts` could be its folio, its head set in italic or not: a page
 *  number, or the page's own number at an edge of a numbered head. */
function someMayBeFolio(texts: readonly string[], page: number): boolean {
  for (const t of texts) if (PAGE_NUMBER.test(t) || (numberedHead(t, "top") && marginPageNumber(t) === page)) return true;
  return false;
}

/** A running head's rule is drawn across this share of the text's width at least (and is
 * HEAD_RULE_THICKNESS_MAX_PT thick at most) ... */
const HEAD_RULE_TEXT_SHARE_MIN = 0.6;
/** ... and the body starts this many of the head's ems under it at least: a table's caption
 * stands over the table's top rule too, with the head row right under it (asmejour's "Table
 * 2 A table spanning two columns" at the top of a page). */
const HEAD_RULE_BODY_GAP_EMS_MIN = 1;
/** Pieces of one rule meet end to end within this many points, at one height within as many. */
const RULE_PIECE_SLACK_PT = 1;

/** A thin rule lies between the line and the body's first line under it, across most of the
 * text's width and under the whole line: a running head's rule, which a title over its page's
 * text has not. The rule may be drawn in pieces end to end (FOP sets a head as a table of
 * three cells, each drawing its own stretch). */
function ruleUnder(line: Line, body: readonly Line[], lines: readonly Line[], page: PageModel): boolean {
  let left = Infinity;
  let right = -Infinity;
  for (const other of body) {
    left = Math.min(left, other.x0);
    right = Math.max(right, other.x1);
  }
  // The first text under it, in the band or not (a table's head row is in the band too).
  let top = Infinity;
  for (const other of lines) if (other.y0 >= line.y1 && !isBlankLine(other)) top = Math.min(top, other.y0);
  if (top === Infinity) return false;
  const pieces = page.rules.filter((rule) => rule.y1 - rule.y0 <= HEAD_RULE_THICKNESS_MAX_PT && rule.y0 >= line.y1 && rule.y1 <= top);
  for (const rule of pieces) {
    if (rule.x0 > line.x0 || rule.x1 < line.x1) continue;
    let x0 = rule.x0;
    let x1 = rule.x1;
    for (let grew = true; grew; ) {
      grew = false;
      for (const piece of pieces) {
        if (Math.abs(piece.y0 - rule.y0) > RULE_PIECE_SLACK_PT) continue;
        if (piece.x1 >= x0 - RULE_PIECE_SLACK_PT && piece.x0 < x0) (x0 = piece.x0), (grew = true);
        if (piece.x0 <= x1 + RULE_PIECE_SLACK_PT && piece.x1 > x1) (x1 = piece.x1), (grew = true);
      }
    }
    if (x1 - x0 >= HEAD_RULE_TEXT_SHARE_MIN * (right - left) && top - rule.y1 >= HEAD_RULE_BODY_GAP_EMS_MIN * meanCharSize(line)) return true;
  }
  return false;
}

/** A running head's rule is drawn this many of its sizes under it at most: fancyhdr's and
 *  the thesis classes' 0.17–0.44; a title's rule a line's space down (classicthesis'
 *  "CONTENTS", 1.15) is the title's. */
const DEEP_HEAD_RULE_GAP_SIZES_MAX = 0.6;

/** Whether a thin rule across the line's width is drawn right under it (DEEP_HEAD_RULE_GAP_SIZES_MAX). */
function ruleClose(line: Line, page: PageModel): boolean {
  const reach = DEEP_HEAD_RULE_GAP_SIZES_MAX * meanCharSize(line);
  for (const rule of page.rules) if (rule.y1 - rule.y0 <= HEAD_RULE_THICKNESS_MAX_PT && rule.y0 >= line.y1 - RULE_PIECE_SLACK_PT && rule.y0 - line.y1 <= reach && rule.x0 <= line.x0 && rule.x1 >= line.x1) return true;
  return false;
}

/** Whether a thin rule is drawn over the line, across its width (a title ruled over and
 *  under; a running head has nothing over it). */
function ruleOver(line: Line, page: PageModel): boolean {
  for (const rule of page.rules) if (rule.y1 - rule.y0 <= HEAD_RULE_THICKNESS_MAX_PT && rule.y1 <= line.y0 && rule.x0 <= line.x0 && rule.x1 >= line.x1) return true;
  return false;
}

/** A cell's left and top borders stand within this many ems (the piece's size) of its text. */
const CELL_BORDER_NEAR_EMS = 2;
/** Its right and bottom borders within this many: a cell is wider and taller than a number. */
const CELL_BORDER_FAR_EMS = 20;

/**
 * Whether a line stands in a ruled cell: thin rules left and right of it across its middle,
 * and above and under it across its centre, the left and top ones close to it. A number in
 * the band there is a table's (a licence register's row number "1" under its header row,
 * camelot's split_text_lattice: it had gone as the page's folio), not the page's.
 */
function inRuledCell(line: Line, rules: readonly Rule[]): boolean {
  const size = Math.max(meanCharSize(line), 1);
  const cx = (line.x0 + line.x1) / 2;
  const cy = (line.y0 + line.y1) / 2;
  let left = false;
  let right = false;
  let above = false;
  let under = false;
  for (const rule of rules) {
    const upright = rule.x1 - rule.x0 <= RULE_THICKNESS_MAX_PT;
    const level = rule.y1 - rule.y0 <= RULE_THICKNESS_MAX_PT;
    if (upright && rule.y0 <= cy && rule.y1 >= cy) {
      if (rule.x1 <= line.x0 + 1 && rule.x0 >= line.x0 - CELL_BORDER_NEAR_EMS * size) left = true;
      else if (rule.x0 >= line.x1 - 1 && rule.x0 <= line.x1 + CELL_BORDER_FAR_EMS * size) right = true;
    }
    if (level && rule.x0 <= cx && rule.x1 >= cx) {
      if (rule.y1 <= line.y0 + 1 && rule.y0 >= line.y0 - CELL_BORDER_NEAR_EMS * size) above = true;
      else if (rule.y0 >= line.y1 - 1 && rule.y0 <= line.y1 + CELL_BORDER_FAR_EMS * size) under = true;
    }
  }
  return left && right && above && under;
}

/** A piece of a row starts at a piece of the row under it within this many points: one
 *  column's edge. */
const GRID_EDGE_SLACK_PT = 1;

/**
 * Whether a row of two pieces or more in the top band is the first of the page's grid: each
 * piece starts where a piece of the body's first row under it starts (a form's "Single line,
 * unlimited length" | "Lorem ipsum …" over "Single line, center aligned" | its field, pdf.js's
 * annotation-text-widget: its first two rows, set apart in the band, had gone as a spread head
 * and a head numbered "10"). A running head's right piece (a date, a folio, a title flush
 * right) starts at no column of the text.
 */
function headsGrid(row: readonly Line[], body: readonly Line[]): boolean {
  if (row.length < 2) return false;
  let bottom = -Infinity;
  for (const line of row) bottom = Math.max(bottom, line.y1);
  const first = firstLineFrom(body, bottom);
  if (first === null) return false;
  const under: Line[] = [];
  for (const line of body) if (line.y0 >= bottom && overlapsRow(line, first)) under.push(line);
  if (under.length < 2) return false;
  if (row.every((piece) => under.some((line) => Math.abs(line.x0 - piece.x0) <= GRID_EDGE_SLACK_PT))) return true;
  return headsAnchoredRow(row, body, under, first);
}

/** The body's first line starting at `y` or under it. */
function firstLineFrom(body: readonly Line[], y: number): Line | null {
  let first: Line | null = null;
  for (const line of body) if (line.y0 >= y && (first === null || line.y0 < first.y0)) first = line;
  return first;
}

/**
 * Since `svc-md-1.1.34`: whether the row heads a table going on at the page's top whose first
 * row takes two lines (tables/anchored_rows.ts), each head over its column's first line or
 * second: a bank statement's "Datum" flush with the booking date's "(18.12.14)" under
 * "18.12.14", "Betrag (EUR)" flush right with the amount "−19,90". A line under a head flush
 * with its right end stands within the head's width (a running head's folio ends where the
 * text's justified lines do, but they start far left of it).
 */
function headsAnchoredRow(row: readonly Line[], body: readonly Line[], under: readonly Line[], first: Line): boolean {
  const second = firstLineFrom(body, first.y1);
  const lines = under.slice();
  if (second !== null) for (const line of body) if (line.y0 >= first.y1 && overlapsRow(line, second)) lines.push(line);
  for (const piece of row) {
    if (!lines.some((line) => Math.abs(line.x0 - piece.x0) <= GRID_EDGE_SLACK_PT || (Math.abs(line.x1 - piece.x1) <= GRID_EDGE_SLACK_PT && line.x0 >= piece.x0 - GRID_EDGE_SLACK_PT))) return false;
  }
  return true;
}

/** Whether a rule is drawn under the row across its width: within HEAD_RULE_GAP_SIZES_MAX of
 *  its `size` below it, HEAD_RULE_THICKNESS_MAX_PT thick at most, reaching within
 *  HEAD_RULE_END_SLACK_PT of both its ends. */
function ruledUnder(row: readonly Line[], rules: readonly Rule[], size: number): boolean {
  const { x0, x1, y1 } = unionOf(row);
  for (const rule of rules) {
    if (rule.y1 - rule.y0 > HEAD_RULE_THICKNESS_MAX_PT || rule.y0 < y1 - HEAD_RULE_THICKNESS_MAX_PT || rule.y0 - y1 > HEAD_RULE_GAP_SIZES_MAX * size) continue;
    if (rule.x0 <= x0 + HEAD_RULE_END_SLACK_PT && rule.x1 >= x1 - HEAD_RULE_END_SLACK_PT) return true;
  }
  return false;
}

/** The largest mean character size of the margin lines wholly above the row, or 0. Only
 * margin lines are asked: a row in the top band has no body line above it. */
function sizeAbove(row: readonly Line[], candidateLines: readonly Line[]): number {
  let top = Infinity;
  for (const line of row) top = Math.min(top, line.y0);
  let size = 0;
  for (const line of candidateLines) if (line.y1 <= top && !row.includes(line)) size = Math.max(size, meanCharSize(line));
  return size;
}

/** The indices of the rows' lines that are furniture, given the document's body size. */
export function furnitureFromRows(rows: readonly FurnitureRow[], bodySize: number): number[] {
  const found: number[] = [];
  for (const row of rows) {
    const notLarger = row.sizeMax <= (row.overCode ? CODE_PAGE_HEAD_SIZE_RATIO_MAX : NUMBERED_HEAD_SIZE_RATIO_MAX) * bodySize;
    // Under larger type (a letterhead), a small line is a letter's return address, the
    // sender's line over the recipient's; under a small head, a second row of it (beamer's
    // section and subsection bars).
    const smallHead = row.shortTop && row.sizeMax <= SMALL_SIZE_RATIO_MAX * bodySize && row.sizeAbove <= SMALL_SIZE_RATIO_MAX * bodySize;
    const numberFirstFoot = row.numberFirst && row.sizeMax >= FOOT_NUMBER_FIRST_SIZE_RATIO_MIN * bodySize;
    const ruledHead = row.ruledHead && row.sizeMax <= RULED_HEAD_SIZE_MAX_PT;
    if (row.saysFurniture || (row.aloneInBand && ((notLarger && (row.numbered || row.spread || row.pagedHead || row.runningHead || numberFirstFoot)) || (row.underFolio && row.sizeMax <= SMALL_SIZE_RATIO_MAX * bodySize) || smallHead || ruledHead))) found.push(...row.lines);
  }
  return found;
}

/** A margin line's text, without a bullet layout attached to it: a running foot's ornament
 * drawn beside its page number ("• 54 Modifications" on one page of a spread, "56
 * Modifications" on the next). */
function marginText(line: Line): string {
  return withoutAttachedBullet(lineText(line).trim());
}

/** Whether marginText(line) would not be empty: the line's characters other than white space
 *  are more than one, or one that is not a bullet attachMarks puts before a line ("•", "◦").
 *  Read span by span without building the text: topHead asks it of nearly every line. */
function hasMarginText(line: Line): boolean {
  let seen = false;
  for (const span of line.spans) {
    const text = span.text;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (isSpaceCode(c)) continue;
      if (seen || (c !== FILLED_BULLET_CODE && c !== HOLLOW_BULLET_CODE)) return true;
      seen = true;
    }
  }
  return false;
}
/** The bullets withoutAttachedBullet takes off a line's start (vector_bullets.ts). */
const FILLED_BULLET_CODE = 0x2022;
const HOLLOW_BULLET_CODE = 0x25e6;

/** The number at the edge of a margin line's text, when the line is short enough to be a running head. */
function marginPageNumber(text: string): number | null {
  if (text.length > RUNNING_HEAD_CHARS_MAX) return null;
  // EDGE_NUMBER's number stands at the text's first character or ends at its last: a running
  // head's words at both edges are not searched (its second branch, anchored at the end, is
  // tried from each character).
  if (!isAsciiDigit(text.charCodeAt(0)) && !isAsciiDigit(text.charCodeAt(text.length - 1))) return null;
  const m = EDGE_NUMBER.exec(text);
  return m ? Number(m[1] ?? m[2]) : null;
}

/**
 * A margin line's text as pages compare it: lower case, each run of digits one "#", each run
 * of white space one space, trimmed. That is `text.toLowerCase().replace(/\d+/g, "#")
 * .replace(/\s+/g, " ").trim()` in one pass: every margin line of every page is asked, and the
 * two replacements showed in profiles. A text with no digit and only single spaces inside
 * comes back as its lower-cased self. With `maskFigures` false the digits stay as they are
 * (sidePlace: a navigation column repeats its figures too).
 */
function marginSignature(text: string, maskFigures = true): string {
  const lower = text.toLowerCase();
  let start = 0;
  let end = lower.length;
  while (start < end && isSpaceCode(lower.charCodeAt(start))) start++;
  while (end > start && isSpaceCode(lower.charCodeAt(end - 1))) end--;
  let out = "";
  // lower[copied, i) goes to the signature as it is.
  let copied = start;
  let i = start;
  while (i < end) {
    const c = lower.charCodeAt(i);
    const digit = maskFigures && isAsciiDigit(c);
    if (!digit && !isSpaceCode(c)) {
      i++;
      continue;
    }
    let j = i + 1;
    if (digit) while (j < end && isAsciiDigit(lower.charCodeAt(j))) j++;
    else while (j < end && isSpaceCode(lower.charCodeAt(j))) j++;
    // A lone plain space is its own replacement.
    if (!digit && c === 0x20 && j === i + 1) {
      i = j;
      continue;
    }
    out += lower.slice(copied, i) + (digit ? "#" : " ");
    copied = i = j;
  }
  return out + lower.slice(copied, end);
}

/** A page's margin line, as the repetition test across pages needs it. */
export interface MarginLine {
  /** Index into the page's prepared lines. */
  index: number;
  signature: string;
  pageNumberLike: boolean;
  /** The number at the line's edge, when it is short enough to be a running head. */
  number: number | null;
  /** Lines of the page's margin with one row number share a baseline (a head and its folio). */
  row: number;
  /** Below the margin band (within RUNNING_MARGIN_SHARE): counts only by its page number, or
   * as the page's head (topHead). */
  deep: boolean;
  /** The page's head below the band: its top and signature, which repeat where it runs. */
  headAt: string | null;
  /** That head stands over a line of running text. */
  overText: boolean;
  /** A line of the page's navigation column (sideColumn): its place and signature, which
   *  repeat where the column runs. */
  sideAt: string | null;
  /** Asked only as such a line: it lies between the head and foot bands. */
  sideOnly: boolean;
  /** The page's lowest line, a number alone above the foot's band, set apart from the text
   *  over it (lowFolioApart): a folio where the page is the selection's only one. */
  lowFolio?: true;
}

/** A line hanging from the head's band below it, or from the foot's band above it: a header
 * box's lower lines, set a line's gap or less under a line of the band (`from`, line indices).
 * `key` is its place and words, which repeat where the box runs. */
export interface HangingLine {
  index: number;
  key: string;
  from: number[];
}

/** A hanging line (HangingLine) made by a class, as MarginEntry is: the lines live in the
 *  page's digest until the document pass, and an object literal's site was pretenured. */
class HangingEntry implements HangingLine {
  constructor(
    readonly index: number,
    readonly key: string,
    readonly from: number[],
  ) {}
}

/** One page's margin lines: the page-local half of the repetition test. */
export interface PageMargins {
  page: number;
  lines: MarginLine[];
  /** Lines hanging from the bands, from the band outward (the head's down, the foot's up). */
  hanging: HangingLine[];
}

export function marginFacts(page: PageModel, lines: readonly Line[]): PageMargins {
  const top = page.height * RUNNING_MARGIN_SHARE;
  const bottom = page.height * (1 - RUNNING_MARGIN_SHARE);
  const folioFoot = page.height * (1 - FOLIO_FOOT_SHARE);
  const found: MarginLine[] = [];
  const rowBoxes: Line[] = [];
  const head = topHead(lines, top, page.width);
  const lowest = lowestLine(lines);
  const side = sideColumn(page, lines, top, bottom);
  // A table's rows that run on into a band are the table's (band_tables.ts).
  const tableLines = bandTableLines(lines, top, bottom);
  // A loop, not forEach with a closure made per page: a closure made per call loses its
  // optimised code at each full garbage collection, and was compiled again every few passes.
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const sideAt = side !== null && side.has(index) ? sidePlace(line) : null;
    // Above the foot's band, only the page's lowest line, a number alone, is asked (as a
    // folio at a constant offset from the page index, deep below).
    if (line.y1 > top && line.y0 < bottom && !(line === lowest && line.y0 >= folioFoot && PAGE_NUMBER.test(marginText(line)))) {
      if (sideAt !== null) found.push(new MarginEntry(index, sideAt, false, null, rowBoxes.push(line) - 1, true, null, false, sideAt, true));
      continue;
    }
    if (tableLines !== null && tableLines.has(index)) continue;
    const deep = line.y1 > page.height * MARGIN_SHARE && line.y0 < page.height * (1 - MARGIN_SHARE);
    const text = marginText(line);
    if (text === "") continue;
    let row = -1;
    for (let k = 0; k < rowBoxes.length && row < 0; k++) if (overlapsRow(rowBoxes[k], line)) row = k;
    if (row < 0) row = rowBoxes.push(line) - 1;
    const signature = marginSignature(text);
    const isHead = head !== null && line === head.line;
    const margin = new MarginEntry(index, signature, PAGE_NUMBER.test(text), marginPageNumber(text), row, deep, isHead ? `${Math.round(line.y0)}@${signature}` : null, isHead && head.overText, sideAt, false);
    if (line === lowest && line.y0 < bottom && line.y0 >= folioFoot && lowFolioApart(line, lines)) margin.lowFolio = true;
    found.push(margin);
  }
  return { page: page.page, lines: found, hanging: hangingLines(lines, page.height) };
}

/** A page's margin line (MarginLine) made by a class: an object literal's allocation site was
 *  pretenured (the lines live in the page's digest until the document pass), and V8 made them
 *  in old space, more slowly (document_stats.ts StyleMemo). */
class MarginEntry implements MarginLine {
  lowFolio?: true;
  constructor(
    readonly index: number,
    readonly signature: string,
    readonly pageNumberLike: boolean,
    readonly number: number | null,
    readonly row: number,
    readonly deep: boolean,
    readonly headAt: string | null,
    readonly overText: boolean,
    readonly sideAt: string | null,
    readonly sideOnly: boolean,
  ) {}
}

/** A folio above the foot's band stands this many of its sizes at least under every other line
 *  of the page (dvipdfm's "10", 2.8 sizes under the page's last line of code; makeindex's "8",
 *  6.5 under its last paragraph): a list's last item or a table's last figure stands closer. */
const LOW_FOLIO_SEPARATION_SIZES_MIN = 2;

/** Whether the page's lowest line, `foot`, stands LOW_FOLIO_SEPARATION_SIZES_MIN of its sizes
 *  under every other line. */
function lowFolioApart(foot: Line, lines: readonly Line[]): boolean {
  const gap = LOW_FOLIO_SEPARATION_SIZES_MIN * Math.max(meanCharSize(foot), 1);
  for (const line of lines) if (line !== foot && line.y1 > foot.y0 - gap) return false;
  return true;
}

/** A header box runs down from the head's band this share of the page's height at most (and a
 *  footer box up from the foot's). */
const HANGING_BOX_SHARE_MAX = 0.3;
/** A hanging line runs where it repeats on this many pages at least (and on RUNNING_PAGE_SHARE
 *  of them): a two-page test print's title hangs from its rulers' scale on both pages. */
const HANGING_PAGES_MIN = 3;
/** A box's next line hangs from the line over it by this many of its own heights at most: its
 *  leading, and a title's gap to the publisher's name under it (elsarticle's header: "document"
 *  3.3 pt under "way to format your", "Elsevier Ltd" 10.8 pt under it, 14.7 pt high); a
 *  running head stands further above the text. */
const HANGING_GAP_HEIGHTS_MAX = 1;

/**
 * The lines that hang from the head's band (lines wholly within MARGIN_SHARE of the top) line
 * under line, each starting at most HANGING_GAP_HEIGHTS_MAX of its height under one it
 * overlaps across, down to HANGING_BOX_SHARE_MAX of the page; and likewise up from the foot's.
 * A box of lines drawn at each page's head (a title and a grid of links, elsarticle's
 * documentation) reaches below the band: its lines there run where they repeat at their place
 * with their words (runningLineIndices), as the band's own lines do.
 */
function hangingLines(lines: readonly Line[], height: number): HangingLine[] {
  const hanging: HangingLine[] = [];
  const headBand = MARGIN_SHARE * height;
  const headZoneEnd = HANGING_BOX_SHARE_MAX * height;
  const footBand = (1 - MARGIN_SHARE) * height;
  const footZoneEnd = (1 - HANGING_BOX_SHARE_MAX) * height;
  // Both bands' lines and zones sorted out in one walk of the page, where each band walked
  // it; into arrays kept from page to page, read only within this call.
  headMembers.length = 0;
  headZone.length = 0;
  footMembers.length = 0;
  footZone.length = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line.wmode !== 0) continue;
    if (line.y1 <= headBand) headMembers.push(index);
    else if (line.y0 < headZoneEnd) headZone.push(index);
    if (line.y0 >= footBand) footMembers.push(index);
    else if (line.y1 > footZoneEnd) footZone.push(index);
  }
  hangFrom(lines, hanging, headMembers, headZone, 1);
  hangFrom(lines, hanging, footMembers, footZone, -1);
  return hanging;
}

/** hangingLines' working arrays (line indices): a band's lines, and the zone beyond it. */
const headMembers: number[] = [];
const headZone: number[] = [];
const footMembers: number[] = [];
const footZone: number[] = [];

/** Whether `line` hangs from `over`, a line nearer the band (`away` as in hangFrom): it lies
 *  beyond it, at most HANGING_GAP_HEIGHTS_MAX of its own height from it, overlapping it across. */
function hangsUnder(line: Line, over: Line, away: 1 | -1): boolean {
  const gap = away === 1 ? line.y0 - over.y1 : over.y0 - line.y1;
  const beyond = away === 1 ? line.y0 > over.y0 : line.y1 < over.y1;
  return beyond && gap <= HANGING_GAP_HEIGHTS_MAX * (line.y1 - line.y0) && Math.min(line.x1, over.x1) > Math.max(line.x0, over.x0);
}

/** Whether some line of `zone` hangs from a line of `members` (line indices): a line hangs
 *  only from a band's line or from one that hangs, so where none hangs from the band's own
 *  lines none hangs at all (most pages), and the zone need not be sorted. */
function anyHangsFromBand(lines: readonly Line[], members: readonly number[], zone: readonly number[], away: 1 | -1): boolean {
  for (const index of zone) {
    const line = lines[index];
    for (const m of members) if (hangsUnder(line, lines[m], away)) return true;
  }
  return false;
}

/** Adds to `hanging` the lines of `zone` (between the band's edge and the zone's end, line
 *  indices) that hang from the band's lines `members`, going away from the band (`away`: 1
 *  down the page from the head's, -1 up it from the foot's), nearest the band first. Both
 *  arrays are hangingLines' working arrays: `members` grows, `zone` is sorted. */
function hangFrom(lines: readonly Line[], hanging: HangingLine[], members: number[], zone: number[], away: 1 | -1): void {
  if (members.length === 0 || zone.length === 0 || !anyHangsFromBand(lines, members, zone, away)) return;
  const first = hanging.length;
  // Nearest the band first, so a line's own parents are members when it is asked.
  zoneLines = lines;
  try {
    sortInPlace(zone, away === 1 ? topsDown : bottomsUp);
  } finally {
    zoneLines = [];
  }
  for (const index of zone) {
    const line = lines[index];
    // The geometry first: most lines under the band hang from nothing, and need no text.
    let from: number[] | null = null;
    for (const m of members) if (hangsUnder(line, lines[m], away)) (from ??= []).push(m);
    if (from === null) continue;
    const text = marginText(line);
    if (text === "") continue;
    members.push(index);
    hanging.push(new HangingEntry(index, hangingKey(line, text), from));
  }
  // A piece of a hanging line's row hangs with it, under the band or not ("Nachname, Vorname:
  // ____" under TUDaExercise's head, "Matrikelnummer: ____" beside it under nothing).
  const rowEnd = hanging.length;
  if (rowEnd === first) return;
  for (const index of zone) {
    if (hangsAlready(hanging, first, rowEnd, index)) continue;
    const line = lines[index];
    let from: number[] | null = null;
    for (let k = first; k < rowEnd; k++) if (overlapsRow(lines[hanging[k].index], line)) (from ??= []).push(hanging[k].index);
    if (from === null) continue;
    const text = marginText(line);
    if (text !== "") hanging.push(new HangingEntry(index, hangingKey(line, text), from));
  }
}

/** Whether line `index` is one of hanging[first, end): the lines found to hang from the band,
 *  a few. Searched, where a typed array of the page's lines was made to mark them: making one
 *  cost more than the searches of a page's hanging lines. */
function hangsAlready(hanging: readonly HangingLine[], first: number, end: number, index: number): boolean {
  for (let k = first; k < end; k++) if (hanging[k].index === index) return true;
  return false;
}

// The lines whose indices hangFrom sorts, set for the one synchronous sort that reads them: its
// comparators made once, where a closure over the lines was made for each band of each page,
// and sortInPlace's short sort, where the built-in set up its working state for each.
let zoneLines: readonly Line[] = [];
const topsDown = (a: number, b: number) => zoneLines[a].y0 - zoneLines[b].y0;
const bottomsUp = (a: number, b: number) => zoneLines[b].y1 - zoneLines[a].y1;

/** A hanging line's place and words: they repeat where its box runs. */
function hangingKey(line: Line, text: string): string {
  return `${Math.round(line.y0)}:${Math.round(line.x0)}@${marginSignature(text)}`;
}

/** A navigation column (a web page's sidebar that Chromium prints on every page, a beamer
 * theme's sidebar of sections) lies within this share of the page's width from its side ... */
const SIDE_COLUMN_WIDTH_SHARE = 0.3;
/** ... every other line between the head and foot bands starts this many points clear of it
 *  (the column itself may run into the bands) ... */
const SIDE_COLUMN_GUTTER_PT = 6;
/** ... it holds this many lines at least ... */
const SIDE_COLUMN_LINES_MIN = 3;
/** ... and runs down this share of the band between head and foot at least. */
const SIDE_COLUMN_HEIGHT_SHARE = 0.5;

/**
 * The indices of the page's lines that form a column of their own at its left or right side,
 * clear by a gutter of every other line between the head and foot bands (`top`, `bottom`: a
 * head or foot may run across the page over it); null for none. Such a column is furniture
 * only where it repeats, line by line in one place, across the pages (runningLineIndices): a
 * page's own narrow column of text does not.
 */
function sideColumn(page: PageModel, lines: readonly Line[], top: number, bottom: number): Set<number> | null {
  let found: Set<number> | null = null;
  for (const fromRight of [false, true]) {
    const limit = fromRight ? page.width * (1 - SIDE_COLUMN_WIDTH_SHARE) : page.width * SIDE_COLUMN_WIDTH_SHARE;
    let edge = fromRight ? page.width : 0;
    let y0 = Infinity;
    let y1 = -Infinity;
    const members: number[] = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      // Where the line stands first: most lines stand outside the strip, and their spans are not read.
      if (line.wmode !== 0 || (fromRight ? line.x0 < limit : line.x1 > limit) || isBlankLine(line)) continue;
      members.push(i);
      edge = fromRight ? Math.min(edge, line.x0) : Math.max(edge, line.x1);
      y0 = Math.min(y0, line.y0);
      y1 = Math.max(y1, line.y1);
    }
    if (members.length < SIDE_COLUMN_LINES_MIN || y1 - y0 < SIDE_COLUMN_HEIGHT_SHARE * (bottom - top)) continue;
    let others = 0;
    let clear = true;
    // The members come in ascending order, as the walk below: a cursor into them says whether
    // line i is one, where a set of them was made for every page with a strip of short lines.
    let member = 0;
    for (let i = 0; i < lines.length && clear; i++) {
      const line = lines[i];
      while (member < members.length && members[member] < i) member++;
      if ((member < members.length && members[member] === i) || line.wmode !== 0 || line.y1 <= top || line.y0 >= bottom) continue;
      const besideColumn = fromRight ? line.x1 <= edge - SIDE_COLUMN_GUTTER_PT : line.x0 >= edge + SIDE_COLUMN_GUTTER_PT;
      // Whether the line has text decides only for the first line beside the column, and for
      // a line across it: the others' spans are not read.
      if ((besideColumn && others > 0) || isBlankLine(line)) continue;
      others++;
      clear = besideColumn;
    }
    if (!clear || others === 0) continue;
    found ??= new Set();
    for (const i of members) found.add(i);
  }
  return found;
}

/** A navigation column's line as pages compare it: its place, rounded to points, and its words
 *  with their figures, as the column repeats them (a sidebar's "Chapter 3" on every page). Not
 *  the signature, whose figures are masked: a contents page's column of page numbers stands
 *  clear of the titles at the right, on the same grid from page to page, and its "123" and
 *  "138" would have repeated as "#" and been stripped from the contents. */
function sidePlace(line: Line): string {
  return `${Math.round(line.x0)}:${Math.round(line.y0)}@${marginSignature(marginText(line), false)}`;
}

/** The line with text that starts lowest on the page (the first of those that start equally
 *  low), or null. Walked from the end: lines come mostly in reading order, so few lines after
 *  the first with text start lower, and the others' spans are not read. */
function lowestLine(lines: readonly Line[]): Line | null {
  let lowest: Line | null = null;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    if (line.wmode === 0 && (!lowest || line.y0 >= lowest.y0) && !isBlankLine(line)) lowest = line;
  }
  return lowest;
}

/**
 * The page's first line, when it stands alone on its row above the rest, within `top`, set no
 * larger than the line under it: a running head set below the margin band (afparticle's
 * "research title" and "john smith et al", 14 % down the page, on alternate pages). A slide's
 * title, larger than its text, is none. `overText`: the line under it is running text.
 */
function topHead(lines: readonly Line[], top: number, width: number): { line: Line; overText: boolean } | null {
  let first: Line | null = null;
  let next: Line | null = null;
  for (const line of lines) {
    // Every line of every page is asked: its text is read only where it would rank, and not built.
    if (line.wmode !== 0 || (first && next && line.y0 >= next.y0) || !hasMarginText(line)) continue;
    if (!first || line.y0 < first.y0) {
      next = first;
      first = line;
    } else if (!next || line.y0 < next.y0) next = line;
  }
  if (!first || !next || first.y1 > top || next.y0 < first.y1 || meanCharSize(first) > meanCharSize(next) + HEAD_SIZE_SLACK_PT) return null;
  return { line: first, overText: next.x1 - next.x0 >= HEAD_TEXT_WIDTH_SHARE * width };
}
/** A running head is set at most this many points larger than the text under it… */
const HEAD_SIZE_SLACK_PT = 0.5;
/** … over a line of running text at least this share of the page wide: a cover's and a title
 * page's first lines (a university's name, an author's) stand over more short lines. */
const HEAD_TEXT_WIDTH_SHARE = 0.5;

/** A head's row: its folio, and at most two pieces beside it (a section's number and title,
 * "2" … "2. OPTIONS FOR THE AMSMATH PACKAGE"), no other bare number (a table's row has many). */
function saysFurnitureWord(text: string): boolean {
  for (const re of FURNITURE_WORDS_BY_FLAGS) if (re.test(text)) return true;
  return false;
}

/** A page's margin lines by row: entry `row` holds that row's pieces in the page's order
 *  (empty for a row number no line of the list has). */
function piecesByRow(lines: readonly MarginLine[]): MarginLine[][] {
  const rows: MarginLine[][] = [];
  for (const l of lines) {
    while (rows.length <= l.row) rows.push([]);
    rows[l.row].push(l);
  }
  return rows;
}

/** From the row's leftmost piece's left edge to its rightmost piece's right edge. */
function rowWidth(row: readonly Line[]): number {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const l of row) (x0 = Math.min(x0, l.x0)), (x1 = Math.max(x1, l.x1));
  return x1 - x0;
}

/** A crowded row's pieces whose words say furniture, as a row of their own; null for none.
 * Its own function: few pages have such a row, and pageFurnitureRows, optimised before its
 * first, bailed out on the inline code that had no feedback (and was compiled again). */
function sayingPieces(row: readonly Line[], says: readonly boolean[], lines: readonly Line[], saysFurniture: boolean): FurnitureRow | null {
  const saying = row.filter((_, k) => says[k]);
  if (saying.length === 0) return null;
  return { lines: saying.map((l) => lines.indexOf(l)), saysFurniture, aloneInBand: false, numbered: false, numberFirst: false, spread: false, shortTop: false, pagedHead: false, runningHead: false, ruledHead: false, underFolio: false, overCode: false, sizeMax: Math.max(...saying.map(meanCharSize)), sizeAbove: 0 };
}

function isHeadRow(pieces: readonly MarginLine[]): boolean {
  return pieces.length <= HEAD_ROW_PIECES_MAX && pieces.filter((p) => p.pageNumberLike).length === 1;
}
const HEAD_ROW_PIECES_MAX = 3;

/**
 * On a page alone: a row with a page number in two of its pieces and words in another is a
 * table's, a page has one number. (A head or foot may have more pieces than three: beamer's
 * author, title, date and "3 / 17". A row of numbers alone is a ruler's or a chart axis's
 * labels, no text either.) `texts`: the row's pieces' trimmed texts; `numbers`: the numbers of
 * its pieces that read as page numbers. Most rows have one number at most: their pieces'
 * signatures are not made.
 */
function isTableRowAlone(texts: readonly string[], numbers: readonly (number | null)[]): boolean {
  return numbers.length >= 2 && someHasWords(texts) && !isScale(numbers);
}

/** Whether some text's signature holds more than figures (a loop: the texts come from several
 * makers, and a callback's optimised code bailed out on each new array kind). */
function someHasWords(texts: readonly string[]): boolean {
  for (let k = 0; k < texts.length; k++) if (!FIGURES_ONLY.test(marginSignature(texts[k]))) return true;
  return false;
}

/** Numbers counting in equal steps, three at least: a ruler's or an axis's labels ("inch 1 2 3
 * … 8" along a thesis template's edge), no table's row. */
function isScale(numbers: readonly (number | null)[]): boolean {
  if (numbers.length < 3) return false;
  for (let k = 0; k < numbers.length; k++) if (numbers[k] === null) return false;
  const step = numbers[1]! - numbers[0]!;
  for (let k = 1; k < numbers.length; k++) if (numbers[k]! - numbers[k - 1]! !== step) return false;
  return true;
}
/** A signature of figures only: numbers (as "#") and the punctuation between them. */
const FIGURES_ONLY = /^[#\s.,:;%()\-–—/]+$/u;

/** On how many pages a key was seen, and the last of them. A class, not a literal: the counts
 *  of a long selection live through the pass, and a literal's site was pretenured (MarginEntry). */
class PageCount {
  pages = 1;
  constructor(public last: number) {}
}

/** Counts `page` among the pages where `key` was seen. Each page's keys are counted together,
 *  page after page, so a page already counted is the last one: no set of pages is kept for
 *  each key (a set made for every margin line's words was a third of what this pass allocated). */
function addPage<K>(pagesByKey: Map<K, PageCount>, key: K, page: number): void {
  const seen = pagesByKey.get(key);
  if (seen === undefined) pagesByKey.set(key, new PageCount(page));
  else if (seen.last !== page) {
    seen.pages++;
    seen.last = page;
  }
}

/** Whether one of the page's margin lines is a low folio with the page's own number, the only
 *  line that can run in a selection of this page alone (runningLineIndices' lowFolioAlone):
 *  on a page alone each key is seen once, and every other test needs two pages. */
function hasOwnLowFolio({ page, lines }: PageMargins): boolean {
  for (const line of lines) if (line.lowFolio === true && !line.sideOnly && line.number === page) return true;
  return false;
}

/** Margin lines that repeat across the selection, or carry the page's number at a constant offset: line indices by page. */
export function runningLineIndices(pages: readonly PageMargins[]): Map<number, number[]> {
  // Most selections are one page long, and nothing repeats on a page alone: only its low folio
  // can run (lowFolioAlone below), and without one no map need be built.
  if (pages.length === 1 && !hasOwnLowFolio(pages[0])) return new Map();
  const pagesBySignature = new Map<string, PageCount>();
  // Below the band, a page's head runs where it repeats at one height with the same words,
  // over running text on half of those pages at least: a cover's and a title page's first
  // line (a university's, an author's name) stands over more short lines on both.
  const pagesByHead = new Map<string, PageCount>();
  const overTextByHead = new Map<string, number>();
  // A navigation column's line runs where it repeats in one place with the same words.
  const pagesBySide = new Map<string, PageCount>();
  // So does a line hanging from a band that runs (hangingLines).
  const pagesByHanging = new Map<string, PageCount>();
  for (const { page, lines, hanging } of pages) {
    for (const { key } of hanging) addPage(pagesByHanging, key, page);
    for (const { signature, deep, headAt, overText, sideAt, sideOnly } of lines) {
      if (sideAt !== null) {
        addPage(pagesBySide, sideAt, page);
        if (sideOnly) continue;
      }
      const key = deep ? headAt : signature;
      if (key === null) continue;
      const counts = deep ? pagesByHead : pagesBySignature;
      addPage(counts, key, page);
      if (deep && overText) overTextByHead.set(key, (overTextByHead.get(key) ?? 0) + 1);
    }
  }
  const headRepeats = (key: string): number => {
    const repeats = pagesByHead.get(key)!.pages;
    return 2 * (overTextByHead.get(key) ?? 0) >= repeats ? repeats : 0;
  };
  // A margin line carrying the page's number ("18 FREE CULTURE", "“PIRACY” 19") keeps a
  // constant offset between that number and the page index across pages, even where the
  // words beside it change from chapter to chapter.
  // Below the band only a folio of its own counts, alone or beside one other piece (a head):
  // a table's row at a page's top has numbers in many cells, a section's head one at its start.
  const needed = Math.max(2, Math.ceil(RUNNING_PAGE_SHARE * pages.length));
  // Across pages, a row with figures in two of its pieces (numbers, dates, amounts) is a
  // table's where its words change from page to page (a bank statement's last transactions
  // at each page's foot); a footline's author and title run with the pages beside its date
  // and "3 / 17". A page's rows with a page number in two pieces are a table's as on a page alone.
  const isTableRow = (pieces: readonly MarginLine[]): boolean => {
    // Loops, not filter and map: an optimised map makes a holey array, an interpreted one a
    // packed array, and isScale's and isTableRowAlone's readers bailed out at each change.
    const numbers: (number | null)[] = [];
    const signatures: string[] = [];
    let anyDeep = false;
    for (const p of pieces) {
      if (p.pageNumberLike) numbers.push(p.number);
      signatures.push(p.signature);
      if (p.deep) anyDeep = true;
    }
    if (isTableRowAlone(signatures, numbers)) return true;
    // Below the band a head's section number is a figure too ("2" | "2." | "OPTIONS FOR …").
    if (anyDeep || isScale(numbers)) return false;
    const words = pieces.filter((p) => !FIGURES_ONLY.test(p.signature));
    return words.length > 0 && pieces.length - words.length >= 2 && words.every((p) => pagesBySignature.get(p.signature)!.pages < needed);
  };
  // Each page's rows (their pieces, by row number, in page order) and its table rows, decided
  // once a row: the rows were gathered again for each line that asked (countsByNumber), each
  // piece copying the row so far.
  const rowsByPage: MarginLine[][][] = [];
  const tableRowsByPage: Set<number>[] = [];
  for (const { lines } of pages) {
    const rows = piecesByRow(lines);
    const tableRows = new Set<number>();
    for (let row = 0; row < rows.length; row++) if (rows[row].length > 0 && isTableRow(rows[row])) tableRows.add(row);
    rowsByPage.push(rows);
    tableRowsByPage.push(tableRows);
  }
  // No piece of a table's row counts by its number: an inventory's "Utrecht depot 3" and
  // "Leiden depot 4", at the foot of one page and the top of the next, count on with them.
  const countsByNumber = (line: MarginLine, rows: readonly (readonly MarginLine[])[], tableRows: ReadonlySet<number>): boolean =>
    line.number !== null && !tableRows.has(line.row) && (!line.deep || (line.pageNumberLike && isHeadRow(rows[line.row])));
  const pagesByOffset = new Map<number, PageCount>();
  for (let p = 0; p < pages.length; p++) {
    const { page, lines } = pages[p];
    for (const line of lines) {
      const { number } = line;
      if (number === null || !countsByNumber(line, rowsByPage[p], tableRowsByPage[p])) continue;
      const offset = page - number;
      addPage(pagesByOffset, offset, page);
    }
  }
  const neededBelowBand = Math.max(2, Math.ceil(FOLIO_BELOW_BAND_PAGE_SHARE * pages.length));
  const running = new Map<number, number[]>();
  for (let p = 0; p < pages.length; p++) {
    const { page, lines, hanging } = pages[p];
    const rows = rowsByPage[p];
    const found: number[] = [];
    const folioRows = new Set<number>();
    const tableRows = tableRowsByPage[p];
    for (const line of lines) {
      const { index, signature, pageNumberLike, number, row, deep, headAt, sideAt, sideOnly } = line;
      if (sideAt !== null && pagesBySide.get(sideAt)!.pages >= needed) {
        found.push(index);
        continue;
      }
      if (sideOnly) continue;
      // A table's figures at the page's edge (a long table's last rows at every page's foot)
      // repeat their shape ("#.#") and may even count on with the pages (codes 1041, 1042 …
      // 1043): no folio, no running line.
      if (FIGURES_ONLY.test(signature) && tableRows.has(row)) continue;
      const repeats = deep ? (headAt === null ? 0 : headRepeats(headAt)) : pagesBySignature.get(signature)!.pages;
      // Below the band, the folio must run with most pages, not two: a contents page's entry
      // ("5 locale directory … 61") may meet another page's number by chance.
      const numbered = number !== null && countsByNumber(line, rows, tableRows) && pagesByOffset.get(page - number)!.pages >= (deep ? neededBelowBand : 2);
      if (numbered && pageNumberLike && pagesByOffset.get(page - number!)!.pages >= neededBelowBand) folioRows.add(row);
      // A page converted alone: its lowest line, a number alone above the foot's band and set
      // apart, is its folio where it is the page's own number (dvipdfm's "10" on page 10, 15.5 %
      // up the page; makeindex's "8", 20 % up): a selection of one page shows no offset to keep.
      const lowFolioAlone = pages.length === 1 && line.lowFolio === true && number === page && countsByNumber(line, rows, tableRows);
      if (repeats >= needed || numbered || (pageNumberLike && pages.length >= 2 && !deep) || lowFolioAlone) found.push(index);
    }
    // The other piece of a row whose folio alone runs with most pages is its head: a reference
    // manual's topic beside the number ("all.equal … 13"), which changes from page to page.
    // Only a row of two: a table's row at the top of a page has a number in many cells, and a
    // contents entry's number meets another page's by chance on two pages, not on most.
    for (const row of folioRows) {
      const pieces = rows[row];
      if (pieces.length < 2 || !isHeadRow(pieces)) continue;
      for (const { index, signature } of pieces) if (!found.includes(index) && signature.length <= RUNNING_HEAD_CHARS_MAX) found.push(index);
    }
    if (found.length > 0 && hanging.length > 0) {
      const runs = new Set(found);
      for (const { index, key, from } of hanging) {
        if (runs.has(index) || pagesByHanging.get(key)!.pages < Math.max(needed, HANGING_PAGES_MIN) || !from.some((m) => runs.has(m))) continue;
        runs.add(index);
        found.push(index);
      }
    }
    if (found.length > 0) running.set(page, found);
  }
  return running;
}
