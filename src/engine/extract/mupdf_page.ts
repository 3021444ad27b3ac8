// Step 3, extract: one page's structured text from MuPDF, read into the page model.
// Reads the stext structures through the raw WASM accessors (see mupdf_runtime.ts): one
// call per field, no per-character allocation beyond the text itself.
import { type CoverFill, dropCoveredRedrawnLines } from "./covered_text.js";
import { restoreAstralGlyphs, TRUNCATED_MATH_FIRST, TRUNCATED_MATH_LAST } from "./astral_glyph_names.js";
import { type FontFacts, factsOfFont, fontFacts, nameFacts } from "./font_facts.js";
import { dingbatCode, isDingbatsFont, restoreDingbats } from "./dingbats.js";
import { dropIconGlyphs } from "./icon_glyphs.js";
import { type Drawing, type Line, type Mark, newLine, newSpan, type PageLink, type PageModel, type PaintedImage, type Rule, type Span, WORD_END_UNITS_PER_PT } from "../model.js";
import { CELL_BORDER_INSIDE_GLYPH_EMS, CellBorders } from "./cell_borders.js";
// A stroked path this thin is a ruling line rather than a drawing.
import { RULE_THICKNESS_MAX_PT } from "../tables/rulings.js";
import { PathBoxes } from "./background_grid.js";
import { mendTypeThreeMetrics } from "./type3_metrics.js";
import { pushDrawing } from "./drawings.js";
import { MATH_NAME } from "./font_names.js";
import { pushImage } from "./images.js";
import { LINKS_PER_PAGE_MAX, linkMayMeet, linkUri, pointLinkLocator } from "./links.js";
import { pushMark } from "./marks.js";
import { baseLetter, combiningMarkOf, sitsOver, takesAccent } from "./placed_accents.js";
import { isCodePoint } from "./code_points.js";
import { isWordCharCode } from "../layout/word_chars.js";
import { hasFastStext, hasRawObjects, mupdf, wasm } from "./mupdf_runtime.js";
import {
  CHAR_ARGB_OFFSET,
  CHAR_FILLED,
  CHAR_FLAGS_OFFSET,
  CHAR_FONT_OFFSET,
  CHAR_NEXT_OFFSET,
  CHAR_QUAD_OFFSET,
  CHAR_SIZE_OFFSET,
  CHAR_STROKED,
  CHAR_SYNTHETIC,
  charLayoutMatches,
  LINE_BBOX_OFFSET,
  LINE_DIR_OFFSET,
  LINE_FIRST_CHAR_OFFSET,
  LINE_NEXT_OFFSET,
  lineLayoutMatches,
} from "./stext_layout.js";
import { hasRtl, isRtlCode, type PlacedChar, visualOrder } from "../layout/bidi.js";
import { EAST_ASIAN_WIDE_MIN, isEastAsianWide } from "../layout/east_asian.js";
import { pageTurn, quarterOf, turnUpright } from "./upright.js";
import { joinGlyphRows, verticalChars } from "./vertical_writing.js";
import { hasCheckWidgets, pageWidgets, widgetCheckLines, widgetValueLines } from "./widgets.js";
import { annotationContent } from "./annotation_text.js";
import { boldenSyntheticBold } from "./synthetic_bold.js";

type MupdfDocument = InstanceType<typeof mupdf.Document>;
type MupdfPage = ReturnType<MupdfDocument["loadPage"]>;

// MuPDF's stext options: keep ligatures expanded and whitespace as spaces (defaults), clip
// to the media box so off-page text does not leak in, collect vector blocks so the
// table detector sees ruling lines and filled rectangles, and keep image blocks (shadings
// become images too) so glyph-sized pictures drawn as bullets are seen: MuPDF keeps the
// image undecoded, so this costs nothing measurable.
export const STEXT_OPTIONS = "mediabox-clip,vectors,preserve-images";
const RULES_PER_PAGE_MAX = 5_000;
const BLOCK_TEXT = 0;
const BLOCK_IMAGE = 1;
const BLOCK_VECTOR = 3;
const V_FLAG_STROKED = 1;
const V_FLAG_RECTANGLE = 2;
/** A vector block's alpha (its colour's top byte) when it is opaque. */
const OPAQUE = 255;
/** A filled rectangle whose red, green and blue are all at least this (of 255) is white:
 * invisible on the page, so no ruling. Word and report writers paint white cell backgrounds
 * inset from the drawn borders, whose edges would otherwise split every cell. */
const WHITE_CHANNEL_MIN = 250;

/** In a line with right-to-left letters, or next to an East Asian wide character, a gap this
 * many ems wide between two characters in visual order is a space (glyphs of one word touch;
 * word spaces are about 0.25 em; the spacing a typesetter adds between Japanese and Latin
 * text, 0.2-0.25 em, stays under it). */
const GAP_SPACE_EMS = 0.4;
/** ... and between two right-to-left letters, a gap this many ems wide: no Japanese spacing
 * falls between them, and a word's letters touch, joined or not (Persian's zero-width
 * non-joiner parts no glyphs). MuPDF put no space between XeLaTeX's Syriac words, 0.35 em
 * apart (polyglossia's examples: "ܠܫܢܐܐܪܡܝܐ" for "ܠܫܢܐ ܐܪܡܝܐ"); pdftotext does. */
const RTL_GAP_SPACE_EMS = 0.25;
/** ... and between a right-to-left letter and a Latin letter or figure (either way round), a
 * gap this many ems wide: where the direction changes MuPDF's stream order jumps, and it puts
 * no space there, while the writer set a word space (thesis-qom's Persian "با" | "BibTeX",
 * 0.22 em, as wide as its spaces between Persian words). Letters of one word touch. */
const DIRECTION_CHANGE_GAP_SPACE_EMS = 0.15;
/** Two East Asian wide characters are set edge to edge (their boxes are their advances): a
 * gap of this many ems between them is a space the writer set (TeX: 標準 マーケット). */
const WIDE_GAP_SPACE_EMS = 0.2;
/** In any line, a gap this many ems wide after a full stop, comma, colon, semicolon, or
 * exclamation or question mark is a space: pdftotext's word break is 0.1 em, and glyphs
 * after punctuation are kerned closer, never apart. */
const STOP_GAP_SPACE_EMS = 0.12;
/** ... and a gap this many ems wide after a sentence's stop (a full stop, exclamation or
 * question mark after a small letter or a figure) before a capital: a justified line set tight
 * by a page-layout program with no space glyph (Free Culture's "law.The better-known", 0.11 em)
 * narrows its word spaces below the other stops' gap, where an abbreviation's or a file name's
 * stop ("i.e.", "scrguide.pdf", "0.5cm") is followed by no capital. pdftotext's word break. */
const SENTENCE_GAP_SPACE_EMS = 0.1;
/** Between two letters of one font with no space glyph between them, a gap this many ems wide
 * is a word space where the glyphs before it were set edge to edge (their gap under
 * TIGHT_PAIR_GAP_EMS): TeX shrinks a word space to 0.13 em in Source Sans (its space is 0.2
 * em), below MuPDF's threshold, so pdfpagediff's manual read "Thisisnotacharacterbycharacter";
 * pdftotext's word break is 0.1 em. Letters of a word touch or kern closer; tracked letters
 * stand apart evenly (microtype's small capitals 0.1 em: "L P P L"), so a pair set apart
 * before the gap, or overlapping (a logo's letters), keeps the rule off, as does a math font
 * (font_names.ts MATH_NAME): a formula spaces its letters by their roles and italic
 * corrections ("Mary" as M·ary), which is no word space. */
const TIGHT_WORD_GAP_EMS = 0.11;
const TIGHT_PAIR_GAP_EMS = 0.03;
/** Between two letters of one font, one of them of a script other than Latin (Ethiopic, Thai,
 * Greek, Cyrillic; a Thai word beside a Latin one), with no space glyph between them, a gap
 * this many ems wide is a word space where the glyphs before it were set edge to edge
 * (TIGHT_PAIR_GAP_EMS). MuPDF put no space in XeTeX's Amharic (polyglossia's example: word
 * gaps of 0.48 em, "አማርኛየኢትዮጵያመደበኛ" for "አማርኛ የኢትዮጵያ መደበኛ") nor between Thai and
 * "World" (0.38 em); pdftotext does. TIGHT_WORD_GAP_EMS keeps to Latin letters; a kern or a
 * mark between letters of a word stays far under this, and tracked letters stand apart
 * evenly, which the pair before rules out. */
const SCRIPT_WORD_GAP_EMS = 0.25;
/** Between two pieces of a line joined back by type3_metrics.ts, a gap this many ems wide (of
 * the mended size) is a word space: a kern between letters stays under 0.1 em. */
const JOINED_PIECE_GAP_SPACE_EMS = 0.12;
/** After a letter that carries an accent, a gap this many ems wide before the next word is a
 * space: MuPDF measures its gaps from where the glyph's advance ends, and TeX draws a
 * Vietnamese or polytonic Greek letter as its base and accents, so MuPDF puts no space after
 * "Tuỳ" in "Tuỳ chọn" (0.37 em) or "ὁ" in "ὁ κέραυνος"; pdftotext does. An interword space
 * shrinks to 0.22 em at most, a kern stays under 0.1 em. */
const ACCENTED_GAP_SPACE_EMS = 0.25;
/** A made-up space between a code span and a stop after it is at most this many ems wide (a
 *  browser's 3 px of background padding at 9 pt is 0.25 em; a word space of the text is
 *  wider, with the padding each side of it). */
const CODE_PADDING_EMS_MAX = 0.35;
/** The stops and closing brackets that follow a code span with no space: , ; : ! ? ) ]. Not
 *  the full stop, which also starts a contents page's dot leader after a command's name
 *  ("`\include` . . . 2"); nor a colon before "=" (kvsetkeys' "`\kv@key` := ⟨key⟩"). */
const CLOSES_AFTER_CODE: ReadonlySet<number> = new Set([0x2c, 0x3b, 0x3a, 0x21, 0x3f, 0x29, 0x5d]);
/** At a change of font, a gap this many ems wide (of the larger size) is a space: TeX's word
 * space shrinks to 0.22 em at most, while kerns and italic corrections between fonts stay
 * under 0.1 em. */
const FONT_CHANGE_GAP_SPACE_EMS = 0.2;
/** ... and a gap this many ems wide, even beside a space, separates what the page set apart
 * (two cells of a right-to-left table, whose line MuPDF joined with a space each side of a
 * gap of many ems): the span ends there, so its box stays true for table cells. */
const GAP_SPAN_BREAK_EMS = 1.5;
/** A space MuPDF made up for a gap (no space glyph drawn there) at least this many ems wide,
 * after no stop or comma, may be a cell boundary: a spreadsheet's header cells set flush left
 * over figures set flush right ("Reading A" | "Reading B", 0.74 em apart in LibreOffice Calc's
 * 10 pt sheet, its word spaces 0.28 em), which MuPDF joins into one line with that space. */
const CELL_SPACE_EMS_MIN = 0.6;
/** ... when it is also at least this many times the line's median space (the other spaces
 * drawn or made up, its own aside): a justified or loosely set line widens all its spaces
 * alike (TeX's stretched glue, Word's words placed one by one), while a cell gap stands out
 * from the words' spaces beside it. The span ends there, so the cell's box is its own. */
const CELL_SPACE_WORD_SPACES_MIN = 2.5;
/** A space at least this many ems wide, and WIDE_GAP_WORD_SPACES_MIN times the line's other
 * spaces, that ends no span (under CELL_SPACE_EMS_MIN, or its rule not met) is noted on its
 * span (Span.wideGaps): a table's cell gap, where the table's columns may cut the span.
 * Writer sets an HTML table's cells 0.5 em apart with no borders ("Dock doors" | "Utilisation"
 * | "Staff", "Central warehouse" | "20"), its word spaces 0.28 em. */
const WIDE_GAP_EMS_MIN = 0.45;
const WIDE_GAP_WORD_SPACES_MIN = 1.7;
/** A space MuPDF made up next to an East Asian wide character and narrower than this many ems
 * is the typesetter's spacing between scripts (0.2-0.25 em), not a word space. */
const AUTOSPACE_EMS_MAX = 0.3;
/** A decimal point or thousands comma that MuPDF read with no width (a glyph drawn under an
 * ActualText span: MuPDF sets the text at the glyph's start and leaves its advance as a gap)
 * between two figures: the space MuPDF made up in that gap is the point's own advance, not a
 * word space, where the next figure starts within this many points of the space's end. The
 * US Statistical Abstract's bold totals read "11,062. 6". */
const STAND_IN_POINT_GAP_PT = 0.05;
/** Letter-spaced text (CSS letter-spacing on a web page's capitals, a designer's tracked title,
 * an OCR layer placing each glyph where the scan had it) has gaps between its letters wide
 * enough that MuPDF makes up a space in each: "A B O U T  U S". In a line read left to right
 * whose words are parted by spaces the page drew, a made-up space beside a letter standing
 * alone between spaces, and narrower than this share of the narrowest gap across a drawn
 * space, is a gap between letters, not words, and goes ("ABOUT US"). Words of several letters
 * on both sides of a made-up space (TeX's, an Arabic line's) are words. */
const LETTER_GAP_OF_WORD_GAP_MAX = 0.5;
/** ... once the line holds at least this many such gaps: one narrow gap is a kern or a word
 * the writer placed by itself; letter spacing parts every letter of a word. */
const LETTER_GAPS_MIN = 3;
/** Letters set apart by tracking show it between letters MuPDF made no space between too
 * (at 0.15 em, a 9 pt navigation bar's "H OM E": MuPDF makes up a space only where a gap
 * passes its own threshold). Where the median gap between two glyphs with no space between
 * them is at least this many ems, the line's letters are tracked … */
const TRACKED_GAP_EMS_MIN = 0.1;
/** ... and a made-up space at most this many times that median gap is one of its letter gaps
 * ("HOME", "CONTACT US"); a word space of tracked text is a space's width wider. Tracking is
 * even: the line's narrower gaps (its lower quartile) are at least TRACKED_GAP_EVENNESS_MIN of
 * the median, where a formula's gaps (operators' spaces, italic letters' overhangs) scatter;
 * and the space parts two letters of an alphabet (below U+2000: no CJK, no mathematical
 * italic), not "2 + 2" or "UNIVERSITEIT • STELLENBOSCH". */
const LETTER_GAP_OF_TRACKED_GAP_MAX = 1.5;
const TRACKED_GAP_EVENNESS_MIN = 0.5;
/** Alphabets' letters end below this code point (General Punctuation starts here). */
const ALPHABETIC_LETTER_END = 0x2000;
/** A letter, read at a code's start (sticky). */
const LETTER = /\p{L}/uy;

/** Scripts other than Latin start here (Greek and Coptic; IPA and the combining marks come
 *  before it). */
const NON_LATIN_START = 0x370;
/** A letter, a mark or a figure of any script, read at a code's start (sticky) ... */
const WORD_START = /[\p{L}\p{M}\p{N}]/uy;
/** ... or that, or a sign of punctuation: the end of a word or sentence (Ethiopic's "።"). */
const WORD_END = /[\p{L}\p{M}\p{N}\p{P}]/uy;

/** Whether the code starts a word in SCRIPT_WORD_GAP_EMS's rule: a letter, a mark (a vowel
 *  sign drawn before its consonant) or a figure of any script (the reader's codes are UTF-16
 *  units: Basic Multilingual Plane). */
function startsScriptWord(code: number): boolean {
  if (code < 0x80) return isLatinOrFigure(code);
  WORD_START.lastIndex = 0;
  return WORD_START.test(String.fromCharCode(code));
}

/** Whether the code ends a word in SCRIPT_WORD_GAP_EMS's rule: a letter, a figure or, out of
 *  Latin's scripts (whose stops STOP_GAP_SPACE_EMS reads), a mark (Devanagari's vowel signs)
 *  or a sign of punctuation. */
function endsWord(code: number): boolean {
  if (code < NON_LATIN_START) return isLatinOrFigure(code);
  WORD_END.lastIndex = 0;
  return WORD_END.test(String.fromCharCode(code));
}

/** Whether a code is a letter of an alphabet (ALPHABETIC_LETTER_END). */
function isAlphabetLetter(code: number): boolean {
  if (code >= ALPHABETIC_LETTER_END) return false;
  if (code < 0x80) return isLetterCode(code);
  LETTER.lastIndex = 0;
  return LETTER.test(String.fromCharCode(code));
}
/** Whether a glyph of code `a` beside one of code `b` changes the text's direction: a
 * right-to-left letter beside a Latin letter or an ASCII figure. */
function changesDirection(a: number, b: number): boolean {
  return (isRtlCode(a) && isLatinOrFigure(b)) || (isRtlCode(b) && isLatinOrFigure(a));
}

/** A Latin letter (ASCII, Latin-1's and Latin Extended's: isLetterCode) or an ASCII figure. */
function isLatinOrFigure(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || isLetterCode(code);
}

/** Whether a code is a precomposed letter with an accent: Latin-1's and Latin Extended's
 * (U+00C0-U+024F, the multiplication and division signs aside), Latin Extended Additional
 * (Vietnamese, U+1E00-U+1EFF) and Greek Extended (polytonic Greek, U+1F00-U+1FFF). */
function isAccentedLetter(code: number): boolean {
  return code >= 0xc0 && (isLetterCode(code) || (code >= 0x1e00 && code <= 0x1fff));
}
/** U+FFFD: MuPDF's character for a glyph its font maps to no Unicode. */
const REPLACEMENT_CHARACTER = 0xfffd;
/** A character box narrower than this (points) has no width: a ligature's further letter. */
const ZERO_WIDTH_PT = 0.01;

export function extractPageMupdf(doc: MupdfDocument, pageIndex: number, producerHyphenates = true): PageModel {
  const page = doc.loadPage(pageIndex);
  try {
    const [bx0, by0, bx1, by1] = page.getBounds();
    const stext = page.toStructuredText(STEXT_OPTIONS);
    try {
      // Pieces of lines MuPDF broke at every word, joined back (type3_metrics.ts): where each starts.
      const joinedStarts = new Set<number>();
      if (hasFastStext) mendTypeThreeMetrics(stext.pointer as unknown as number, joinedStarts);
      const links = readLinks(page);
      const { lines, rules, marks, drawings, images, chars, unmappedChars: unmappedRead, charsByQuarter, rightToLeft, mayHoldTruncatedMath, dingbatsFont } = hasFastStext ? readStextFast(stext.pointer as unknown as number, links, joinedStarts) : readStextPublic(stext);
      // Icons a font maps to no character are pictures, not unmapped text (icon_glyphs.ts).
      const unmappedChars = unmappedRead > 0 ? unmappedRead - dropIconGlyphs(lines) : 0;
      // Only a page with a span in such a font has glyphs to read by number.
      if (dingbatsFont !== false) restoreDingbats(lines);
      // A browser's print draws a face without a bold in bold as unnamed Type 3 glyphs.
      if (!producerHyphenates) boldenSyntheticBold(lines);
      // Vertical writing was counted upright, line by line: its columns read as the page turned.
      const vertical = verticalChars(lines);
      charsByQuarter[0] -= vertical;
      charsByQuarter[1] += vertical;
      // Only a page whose reader saw a character where such glyphs fall looks for them.
      if (mayHoldTruncatedMath !== false) restoreAstralGlyphs(page, lines);
      // Text added over the page, an annotation's or a form field's: read after the page's own,
      // so a field's value is not written where an annotation's text already stands.
      const annotated = annotationContent(page, STEXT_OPTIONS, (stext) => (hasFastStext ? readStextFast(stext.pointer as unknown as number, links) : readStextPublic(stext)));
      restoreDingbats(annotated.lines);
      lines.push(...annotated.lines);
      images.push(...annotated.images);
      const widgets = pageWidgets(page);
      const values = [...widgetValueLines(widgets, lines), ...widgetCheckLines(widgets, lines)];
      lines.push(...values);
      const turn = pageTurn(charsByQuarter);
      const upright = turnUpright({
        page: pageIndex + 1,
        width: bx1 - bx0,
        height: by1 - by0,
        lines,
        rules,
        marks,
        drawings,
        images,
        links,
        chars,
        unmappedChars,
        extraction: "mupdf",
        producerHyphenates: producerHyphenates ? undefined : false,
        rightToLeft: rightToLeft === undefined ? undefined : rightToLeft || holdsRtl(annotated.lines) || holdsRtl(values),
        checkWidgets: hasCheckWidgets(widgets) ? true : undefined,
      }, turn);
      if (turn === 1 && vertical > 0) upright.lines = joinGlyphRows(upright.lines);
      return upright;
    } finally {
      stext.destroy();
    }
  } finally {
    page.destroy();
  }
}

/** Whether a line of added text (an annotation's, a field's value) holds a right-to-left letter. */
function holdsRtl(lines: readonly Line[]): boolean {
  return lines.some((l) => l.spans.some((s) => hasRtl(s.text)));
}

/** A letter or digit (any script past Latin-1 counts), or an opening quote or bracket. */
function startsWord(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || (code >= 0xc0 && code !== 0x2026 && !(code >= 0x2000 && code <= 0x206f)) || code === 0x201c || code === 0x2018 || code === 0x28
  );
}

function roundSize(size: number): number {
  return Math.round(size * 10) / 10;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 0xa0 || (code >= 0x2000 && code <= 0x200b) || code === 0x3000;
}


export interface StextRead {
  lines: Line[];
  rules: Rule[];
  marks: Mark[];
  drawings: Drawing[];
  images: PaintedImage[];
  chars: number;
  /** Characters no font mapped to Unicode (U+FFFD). */
  unmappedChars: number;
  /** Characters of horizontal-writing lines per baseline quarter (upright.ts). */
  charsByQuarter: number[];
  /** Whether a line holds a right-to-left letter; undefined from a reader that does not look. */
  rightToLeft?: boolean;
  /** Whether some span's text may hold a unit where a math character's truncated code falls
   *  (astral_glyph_names.ts); undefined from a reader that does not look. */
  mayHoldTruncatedMath?: boolean;
  /** Whether some span may be in ZapfDingbats (dingbats.ts isDingbatsFont): false when no font
   *  read on the page is; undefined from a reader that does not look. */
  dingbatsFont?: boolean;
}

/** The quarter of a line's baseline, its direction at H[dir] (-1 when slanted); vertical
 * writing (CJK) is upright. */
// The direction is read here, not passed: numbers handed to a call that is not inlined are
// boxed, a few heap numbers a line.
function lineQuarter(wmode: number, H: Float32Array, dir: number): number {
  return wmode === 1 ? 0 : quarterOf(H[dir], H[dir + 1]);
}

/** A line of `spans` in the box at H[b], in writing mode `wmode` (1 vertical). */
// The box is read here, not passed (numbers handed to a call that is not inlined are boxed).
function lineOfBox(spans: Span[], H: Float32Array, b: number, wmode: number): Line {
  return newLine(spans, H[b], H[b + 1], H[b + 2], H[b + 3], wmode === 1 ? 1 : 0);
}

/** One page's reading state, kept from line to line (readTextLine reads each line with it). */
class StextReader {
  // MuPDF allocates nothing while the page is read, so the heap views stay valid throughout.
  readonly H: Float32Array = wasm.HEAPF32;
  readonly U8: Uint8Array = wasm.HEAPU8;
  readonly I32: Int32Array = wasm.HEAP32;
  readonly U32: Uint32Array = wasm.HEAPU32;
  readonly fonts = new Map<number, FontFacts>();
  // The font of the span opened last and its facts: the page's fonts stay alive while it is read.
  lastFont = 0;
  lastFacts: FontFacts | null = null;
  // One line's character pointers, reused from line to line and page to page (grown when a line is longer).
  ptrs: Int32Array = linePointers;
  // The open span's UTF-16 units, turned into its text once when the span closes: a string
  // grown a character at a time is a rope that every later reader of the text (layout asks
  // of each span whether it is blank, how long it is) would have to flatten first.
  readonly units = spanUnits;
  // The line's spans holding a built accent's combining mark: composed (NFC) once the line is read.
  readonly composed: Span[] = [];
  // A right-to-left line's spaces that MuPDF made up where a letter's box is missing.
  readonly standIns = new Set<number>();
  readonly charsByQuarter = [0, 0, 0, 0];
  // The right edge of the line's ink so far, in a typed array's slot: a number variable carried
  // from character to character that also goes to a call (gapSpaceSpan) is kept boxed by the
  // optimiser, one heap number per character read.
  readonly rightEdge = lineRightEdge;
  chars = 0;
  unmappedChars = 0;
  rightToLeft = false;
  // The spaces of the line last read in stream order: made up by MuPDF, and drawn by the page.
  lineMadeUpSpaces = 0;
  lineDrawnSpaces = 0;
  // ... and its neighbouring glyphs with no space between them, and of those the ones set at
  // least TRACKED_GAP_EMS_MIN apart.
  lineGlyphPairs = 0;
  lineTrackedPairs = 0;
  // markLetterGaps's made-up spaces of a line, and those of them that part letters.
  readonly madeUpSpaces: { ch: number; width: number; before: number; after: number; letters: boolean }[] = [];
  // ... and the line's gaps between glyphs with no space between them, sorted natively (a
  // typed array's sort, where an array's took a comparator call per comparison).
  trackedGaps: Float64Array = trackedGapsScratch;
  readonly letterGapSpaces = new Set<number>();
  // Whether a character read lies where astral_glyph_names.ts looks for truncated math, or a
  // span was composed (NFC may join conjoining jamo into a syllable there).
  mayHoldTruncatedMath = false;
  // null until the page's first character has been checked against the accessors.
  raw: boolean | null = null;
  // ... and the page's first line against the line accessors (lineLayoutMatches).
  rawLines: boolean | null = null;
  // Which link holds a character's centre: spans break where links start and end.
  readonly linkIndexAt: (point: Float64Array) => number;
  // The centre asked of linkIndexAt, in a typed array's slots: numbers handed to a call that is
  // not inlined are boxed, two heap numbers a character on a page with links.
  readonly centre = glyphCentre;
  // The page's vertical borders, read before its text: a span ends where one passes between
  // two glyphs (cell_borders.ts).
  readonly borders = pageBorders;

  constructor(
    readonly links: readonly PageLink[],
    // The first characters of pieces of a line joined back (type3_metrics.ts), where a word
    // space's gap gets a space (JOINED_PIECE_GAP_SPACE_EMS).
    readonly joinedStarts: ReadonlySet<number>,
  ) {
    // A page without links (most) asks no lookup: no line of it meets a link (linkMayMeet).
    this.linkIndexAt = links.length > 0 ? pointLinkLocator(links) : noLink;
  }
}

/** StextReader's scratch slots, kept from page to page (a page is read to its end with no
 * await): a typed array made for each page cost more than the page's use of it. */
const lineRightEdge = new Float64Array(1);
/** Gaps markLetterGaps' scratch holds at first; a longer line doubles it. */
const TRACKED_GAPS_INITIAL = 256;
let trackedGapsScratch: Float64Array = new Float64Array(TRACKED_GAPS_INITIAL);
const glyphCentre = new Float64Array(2);

/** The link lookup of a page without links. */
function noLink(): number {
  return -1;
}

/** The joined pieces' starts of a page with none (most, and every annotation's text). */
const NO_JOINED_STARTS: ReadonlySet<number> = new Set<number>();

/** One reader's borders, reused from page to page. */
const pageBorders = new CellBorders();

/** Notes the page's vertical borders (cell_borders.ts): its vector blocks, which MuPDF may
 * list after the text they cross. Returns the blocks that draw a background grid
 * (background_grid.ts): neither borders nor rules. */
function readBorders(stextPtr: number, borders: CellBorders): ReadonlySet<number> {
  borders.clear();
  const H = wasm.HEAPF32;
  const boxes = new PathBoxes();
  for (let block = wasm._wasm_stext_page_get_first_block(stextPtr); block; block = wasm._wasm_stext_block_get_next(block)) {
    if (wasm._wasm_stext_block_get_type(block) !== BLOCK_VECTOR || isWhite(wasm._wasm_stext_block_get_v_argb(block))) continue;
    const b = wasm._wasm_stext_block_get_bbox(block) >> 2;
    boxes.push(block, H[b], H[b + 1], H[b + 2], H[b + 3]);
  }
  const grid = boxes.gridKeys();
  for (let k = 0; k < boxes.keys.length; k++) {
    const block = boxes.keys[k];
    if (grid.size > 0 && grid.has(block)) continue;
    const flags = wasm._wasm_stext_block_get_v_flags(block);
    borders.addPath(boxes.x0s[k], boxes.y0s[k], boxes.x1s[k], boxes.y1s[k], (flags & V_FLAG_STROKED) !== 0, (flags & V_FLAG_RECTANGLE) !== 0, false);
  }
  return grid;
}

// The page loop, each line read by readTextLine and the rare cases by functions of their own:
// one function holding all of it used up the optimiser's inlining budget, so the small helpers
// of the per-character loop were called, their number arguments boxed, instead of inlined.
export function readStextFast(stextPtr: number, links: readonly PageLink[], joinedStarts: ReadonlySet<number> = NO_JOINED_STARTS): StextRead {
  const r = new StextReader(links, joinedStarts);
  const grid = readBorders(stextPtr, r.borders);
  // A page whose reading threw (a failed page) may have left a span's units behind.
  r.units.count = 0;
  const H = r.H;
  const lines: Line[] = [];
  const rules: Rule[] = [];
  const marks: Mark[] = [];
  const drawings: Drawing[] = [];
  const images: PaintedImage[] = [];
  // Each line's block, in drawing order, and the opaque filled rectangles (covered_text.ts).
  const orders: number[] = [];
  const fills: CoverFill[] = [];
  let order = 0;
  for (let block = wasm._wasm_stext_page_get_first_block(stextPtr); block; block = wasm._wasm_stext_block_get_next(block), order++) {
    const type = wasm._wasm_stext_block_get_type(block);
    if (type === BLOCK_VECTOR) {
      const b = wasm._wasm_stext_block_get_bbox(block) >> 2;
      const flags = wasm._wasm_stext_block_get_v_flags(block);
      const argb = wasm._wasm_stext_block_get_v_argb(block) >>> 0;
      const white = isWhite(argb);
      if ((flags & (V_FLAG_STROKED | V_FLAG_RECTANGLE)) === V_FLAG_RECTANGLE && argb >>> 24 === OPAQUE && !white) fills.push({ x0: H[b], y0: H[b + 1], x1: H[b + 2], y1: H[b + 3], order });
      const rule = grid.size > 0 && grid.has(block) ? null : vectorRule(H[b], H[b + 1], H[b + 2], H[b + 3], flags, white);
      if (rule) {
        if (rules.length < RULES_PER_PAGE_MAX) rules.push(rule);
      } else if (!white) {
        // A white path is invisible on the page: no part of a figure a reader sees.
        pushDrawing(drawings, H[b], H[b + 1], H[b + 2], H[b + 3]);
      }
      pushMark(marks, H[b], H[b + 1], H[b + 2], H[b + 3], flags & V_FLAG_STROKED ? "stroke" : "fill");
      continue;
    }
    if (type === BLOCK_IMAGE) {
      const b = wasm._wasm_stext_block_get_bbox(block) >> 2;
      pushMark(marks, H[b], H[b + 1], H[b + 2], H[b + 3], "image");
      pushImage(images, H[b], H[b + 1], H[b + 2], H[b + 3], rules.length);
      continue;
    }
    if (type !== BLOCK_TEXT) continue;
    for (let line = wasm._wasm_stext_block_get_first_line(block); line; line = r.rawLines === true ? r.U32[(line + LINE_NEXT_OFFSET) >> 2] : wasm._wasm_stext_line_get_next(line)) {
      const read = readTextLine(r, line);
      if (read !== null) {
        lines.push(read);
        orders.push(order);
      }
    }
  }
  // Kept for the next page, grown if a line was longer.
  linePointers = r.ptrs;
  // Only a fill with text drawn after it can hide a line drawn again on it.
  const lastText = orders.length === 0 ? -1 : orders[orders.length - 1];
  const covers = fills.length === 0 ? fills : fills.filter((fill) => fill.order < lastText);
  return { lines: dropCoveredRedrawnLines(lines, orders, covers), rules, marks, drawings, images, chars: r.chars, unmappedChars: r.unmappedChars, charsByQuarter: r.charsByQuarter, rightToLeft: r.rightToLeft, mayHoldTruncatedMath: r.mayHoldTruncatedMath, dingbatsFont: someDingbatsFont(r.fonts) };
}

/** Whether one of the page's fonts (by pointer, their facts) is ZapfDingbats: a span's font is
 * always one of them. A page has a few fonts and many spans. */
function someDingbatsFont(fonts: ReadonlyMap<number, FontFacts>): boolean {
  for (const facts of fonts.values()) if (isDingbatsFont(facts.name)) return true;
  return false;
}

/** Puts the characters of a right-to-left line from `first` on in r.ptrs, in stream order,
 * counts them and the unmapped ones; returns how many there are. Such a line is read in visual
 * order (layout/bidi.ts), which needs them all first: readLineSpans counts the characters of
 * every other line as it reads them. */
function collectLineChars(r: StextReader, first: number, raw: boolean): number {
  const { I32, U32 } = r;
  let ptrs = r.ptrs;
  let chars = r.chars;
  let count = 0;
  for (let ch = first; ch; ch = raw ? U32[(ch + CHAR_NEXT_OFFSET) >> 2] : wasm._wasm_stext_char_get_next(ch)) {
    const code = raw ? I32[ch >> 2] : wasm._wasm_stext_char_get_c(ch);
    // Printable ASCII but the space (most of a page): counted, and never unmapped.
    if (code > SPACE && code < DEL) {
      chars++;
    } else if (!isSpace(code)) {
      chars++;
      if (isUnmapped(code)) r.unmappedChars++;
      if (code >= TRUNCATED_MATH_FIRST && code <= TRUNCATED_MATH_LAST) r.mayHoldTruncatedMath = true;
    }
    if (count === ptrs.length) ptrs = grown(ptrs);
    ptrs[count++] = ch;
  }
  r.ptrs = ptrs;
  r.chars = chars;
  r.rightToLeft = true;
  return count;
}

/** Whether a character read is one no font mapped to Unicode: U+FFFD, a noncharacter, or a
 * control code that is none of TeX's ligatures. */
function isUnmapped(code: number): boolean {
  return code === REPLACEMENT_CHARACTER || !isCodePoint(code) || isNoncharacter(code) || (isControl(code) && !TEX_LIGATURES.has(code));
}

/** readLineSpans's state of a span's first word. */
const WORD_GOING_ON = 1;
const WORD_ENDED = 2;

/** Characters the span units are made room for at a time (SpanUnits.reserve), as a line is read. */
const UNITS_RESERVED_CHARS = 64;

/** One line of the page, or null when it holds no span. */
function readTextLine(r: StextReader, line: number): Line | null {
  const { H, I32, U32, links, units, composed, borders } = r;
  const charsBefore = r.chars;
  if (r.rawLines === null) r.rawLines = lineLayoutMatches(line, r.U8, U32);
  const rawLine = r.rawLines;
  const first = rawLine ? U32[(line + LINE_FIRST_CHAR_OFFSET) >> 2] : wasm._wasm_stext_line_get_first_char(line);
  if (r.raw === null && first) r.raw = charLayoutMatches(first, I32, U32, H);
  const raw = r.raw === true;
  const b = rawLine ? (line + LINE_BBOX_OFFSET) >> 2 : wasm._wasm_stext_line_get_bbox(line) >> 2;
  const dir = rawLine ? (line + LINE_DIR_OFFSET) >> 2 : wasm._wasm_stext_line_get_dir(line) >> 2;
  // The page's borders that can cut this line: none on most pages, few on a table's.
  const lineBorders = borders.count > 0 ? borders.forLine(H[b + 1], H[b + 3]) : 0;
  // Whether a link may hold one of the line's glyphs: most lines of a page with links meet none.
  const lineLinks = links.length > 0 && linkMayMeet(links, H[b], H[b + 1], H[b + 2], H[b + 3]);
  // In stream order, counting the characters as they are read: one walk over the line.
  const unmappedBefore = r.unmappedChars;
  let spans = readLineSpans(r, first, raw, null, 0, lineBorders, lineLinks, false);
  if (spans !== null && mayBeLetterSpaced(r) && readsLeftToRight(H, dir) && markLetterGaps(r, first, raw)) {
    // Letter-spaced words: the line is read again without the spaces MuPDF made up between
    // their letters.
    r.chars = charsBefore;
    r.unmappedChars = unmappedBefore;
    units.count = 0;
    composed.length = 0;
    spans = readLineSpans(r, first, raw, null, 0, lineBorders > 0 ? borders.forLine(H[b + 1], H[b + 3]) : 0, lineLinks, true);
  }
  if (spans === null) {
    // A right-to-left letter: the line is read again, whole, in visual order.
    units.count = 0;
    composed.length = 0;
    const count = collectLineChars(r, first, raw);
    // Emptied only when a right-to-left line filled it: clearing a set makes it a new table.
    if (r.standIns.size > 0) r.standIns.clear();
    const order = rtlVisualOrder(H, I32, raw, r.ptrs.subarray(0, count), r.standIns);
    // Its borders taken afresh: the first reading moved their cursor.
    spans = readLineSpans(r, first, raw, order, count, lineBorders > 0 ? borders.forLine(H[b + 1], H[b + 3]) : 0, lineLinks, false);
  }
  if (spans === null || spans.length === 0) return null;
  const wmode = rawLine ? r.U8[line] : wasm._wasm_stext_line_get_wmode(line);
  // The line's characters counted under its baseline's quarter (upright.ts pageTurn).
  const quarter = lineQuarter(wmode, H, dir);
  if (quarter >= 0) r.charsByQuarter[quarter] += r.chars - charsBefore;
  const read = lineOfBox(spans, H, b, wmode);
  if (quarter < 0) read.slanted = true;
  return read;
}

/**
 * The spans of the line whose first character is at `first`: in stream order (`order` null),
 * counting its characters into r.chars and r.unmappedChars as they are read, or null, having
 * counted none, at a right-to-left letter; or in the visual `order` of the `count` characters
 * collectLineChars put in r.ptrs (and counted). With `letterGaps`, the spaces markLetterGaps
 * put in r.letterGapSpaces are left out: gaps between letters.
 */
function readLineSpans(r: StextReader, first: number, raw: boolean, order: readonly number[] | null, count: number, lineBorders: number, lineLinks: boolean, letterGaps: boolean): Span[] | null {
  const { H, U8, I32, U32, linkIndexAt, centre, units, composed, standIns, rightEdge, fonts, borders, ptrs } = r;
  const spans: Span[] = [];
  let chars = r.chars;
  let unmapped = r.unmappedChars;
  let span: Span | null = null;
  let spanFont = 0;
  let spanLink = -1;
  // The open span's size, visibility and box, as it has them: read for every character that
  // may go on in it, from locals rather than from the span's fields (each a load of a boxed
  // number); the box is written to the span as it grows, so the span always has it too.
  let spanSize = 0;
  let spanInvisible = false;
  let spanX0 = 0;
  let spanX1 = 0;
  let spanY0 = 0;
  let spanY1 = 0;
  let madeUpSpaces = 0;
  let drawnSpaces = 0;
  let glyphPairs = 0;
  let trackedPairs = 0;
  // The right edge of the line's ink so far: a local, copied to rightEdge[0] only for the rare
  // paths that read it there (gapSpaceSpan, cutAtBorder), so the number never goes to a call.
  let edge = -Infinity;
  let afterSpace = true;
  let afterWide = false;
  let afterStop = false;
  // The stop just read ends a sentence: a full stop, exclamation or question mark after a
  // small letter or a figure (SENTENCE_GAP_SPACE_EMS).
  let afterSentenceStop = false;
  let lastCode = 0;
  // The glyph just read is a decimal point with no width after a figure (STAND_IN_POINT_GAP_PT).
  let afterStandInPoint = false;
  // The gap between the last two glyphs read with no space between them, leaving out a gap
  // taken for a word space (TIGHT_WORD_GAP_EMS); Infinity after a space.
  let pairGap = Infinity;
  let tightSpace = false;
  // A built accent's combining mark, waiting for the letter it sits over (the next glyph).
  let pendingMark = 0;
  /** The open span's first word: not begun (it opened with a space), going on, or ended
   * (measured, or not to be: right-to-left text). */
  let firstWord = WORD_ENDED;
  // The glyph after the one read (0 past the line's end) and the one before it, in reading order.
  let next = order === null ? first : count > 0 ? ptrs[order[0]] : 0;
  let before = 0;
  // Characters the span units have room for: reserved a few at a time.
  let reserved = 0;
  for (let k = 0; next !== 0; k++) {
    const ch = next;
    const i = order === null ? k : order[k];
    if (order === null) next = raw ? U32[(ch + CHAR_NEXT_OFFSET) >> 2] : wasm._wasm_stext_char_get_next(ch);
    else next = k + 1 < count ? ptrs[order[k + 1]] : 0;
    const previous = before;
    before = ch;
    if (k === reserved) {
      units.reserve(UNITS_RESERVED_CHARS);
      reserved += UNITS_RESERVED_CHARS;
    }
    const read = raw ? I32[ch >> 2] : wasm._wasm_stext_char_get_c(ch);
    // Tab, line feed and carriage return too: a carriage return inside a word is TeX's "fl".
    const code = read < 0x20 || isControl(read) ? controlCodeBetween(r, read, ch, previous, next, raw) : read;
    const space = isSpace(code);
    if (order === null) {
      // Printable ASCII but the space (most of a page): counted, and neither unmapped nor right to left.
      // Counted by the code read, not the code it stands for: a carriage return that stands
      // for TeX's "fl" counts as white space.
      if (read > SPACE && read < DEL) {
        chars++;
      } else if (!isSpace(read)) {
        if (isRtlCode(read)) return null;
        chars++;
        if (isUnmapped(read)) unmapped++;
        if (read >= TRUNCATED_MATH_FIRST && read <= TRUNCATED_MATH_LAST) r.mayHoldTruncatedMath = true;
      }
    }
    const fontPtr = raw ? U32[(ch + CHAR_FONT_OFFSET) >> 2] : wasm._wasm_stext_char_get_font(ch);
    const size = charSize(H, ch, raw);
    const q = raw ? (ch + CHAR_QUAD_OFFSET) >> 2 : wasm._wasm_stext_char_get_quad(ch) >> 2;
    const argb = raw ? U32[(ch + CHAR_ARGB_OFFSET) >> 2] : wasm._wasm_stext_char_get_argb(ch) >>> 0;
    // Invisible (render mode 3, OCR layers): neither filled nor stroked. MuPDF gives such
    // text colour 0, as it does text filled with a pattern, so the flags decide.
    const invisible = argb >>> 24 === 0 && (U8[ch + CHAR_FLAGS_OFFSET] & (CHAR_FILLED | CHAR_STROKED)) === 0;
    // quad = ul, ur, ll, lr
    const x0 = Math.min(H[q], H[q + 4]);
    const x1 = Math.max(H[q + 2], H[q + 6]);
    const y0 = Math.min(H[q + 1], H[q + 3]);
    const y1 = Math.max(H[q + 5], H[q + 7]);
    if (order !== null && standIns.has(i)) {
      // A space MuPDF made up where a letter's box is missing: its box is the letter's.
      edge = Math.max(edge, x1);
      continue;
    }
    if (space) {
      if ((U8[ch + CHAR_FLAGS_OFFSET] & CHAR_SYNTHETIC) === 0) drawnSpaces++;
      else if (letterGaps && r.letterGapSpaces.has(ch)) continue;
      else madeUpSpaces++;
    } else if (!afterSpace && order === null) {
      glyphPairs++;
      if (x0 - edge >= TRACKED_GAP_EMS_MIN * size) trackedPairs++;
    }
    // Asked of every glyph read in stream order: a letter leaves combiningMarkOf by its first
    // comparisons, as it left the line gate that asked it before.
    const mark = order === null ? combiningMarkOf(code) : 0;
    if (mark !== 0) {
      // A built accent (extract/placed_accents.ts): the mark goes after its letter.
      const over = placeBuiltAccent(r, previous, next, q, raw, span, mark);
      if (over === 1) {
        pendingMark = mark;
        continue;
      }
      if (over === -1) continue;
    }
    // The gap a typesetter leaves between Chinese or Japanese and Latin letters or digits
    // (2025年 set as 2025 年) is spacing, not a space of the text: MuPDF's space there is
    // one it made up from the gap, and goes. Between two wide characters a gap is the
    // writer's (TeX sets a source space as one), and stays.
    if (space && x1 - x0 < AUTOSPACE_EMS_MAX * size && (U8[ch + CHAR_FLAGS_OFFSET] & CHAR_SYNTHETIC) !== 0 && next !== 0 && afterWide !== nextIsWide(next, raw, I32)) continue;
    // A browser pads an inline code span's background: the gap MuPDF made a space of between
    // the code and a stop or closing bracket set after it in the text's font ("Run `npm
    // test`; all tests") is the padding.
    if (space && span !== null && (U8[ch + CHAR_FLAGS_OFFSET] & CHAR_SYNTHETIC) !== 0 && next !== 0 && codePaddingBefore(span, spanFont, next, x1 - x0, size, raw, I32, U32)) continue;
    // A decimal point read with no width between figures (STAND_IN_POINT_GAP_PT): the space
    // after it is the point's advance; the next figure starts where the point's ink ended.
    if (space && afterStandInPoint && (U8[ch + CHAR_FLAGS_OFFSET] & CHAR_SYNTHETIC) !== 0 && next !== 0 && figureStartsAt(next, x1, raw, I32, H)) {
      edge = x1;
      afterStandInPoint = false;
      continue;
    }
    // East Asian glyphs: stream order is visual order, and MuPDF leaves some gaps between
    // them unspaced (a table's cell gap between 一月 and 61).
    const wide = code >= EAST_ASIAN_WIDE_MIN && isEastAsianWide(code);
    if (order !== null || wide || afterWide) {
      // A gap MuPDF left without a space (it judges gaps in stream order): a word or cell
      // boundary (visualGapEnds).
      if (span !== null) {
        rightEdge[0] = edge;
        if (visualGapEnds(r, spans, span, ch, q, raw, !afterSpace && !space, wide && afterWide, changesDirection(lastCode, code), isRtlCode(lastCode) && isRtlCode(code))) span = null;
      }
    } else if (!afterSpace && !space && span !== null && fontPtr !== spanFont && x0 - edge > FONT_CHANGE_GAP_SPACE_EMS * Math.max(size, span.size) && x1 - x0 >= ZERO_WIDTH_PT && !codePaddingBefore(span, spanFont, ch, x0 - edge, size, raw, I32, U32)) {
      // A gap at a change of font that MuPDF left without a space: after a glyph of a math
      // or symbol font ("60°" | "in", "→" | "LaTeX", "⟨wd⟩" | "is a"), whose space width
      // it does not know, a word space of the text.
      rightEdge[0] = edge;
      span = endWithGapSpace(spans, span, units, rightEdge, H, q);
    } else if (space && !afterStop && span !== null && !span.monospace && x1 - x0 >= CELL_SPACE_EMS_MIN * size && (U8[ch + CHAR_FLAGS_OFFSET] & CHAR_SYNTHETIC) !== 0 && x1 - x0 >= CELL_SPACE_WORD_SPACES_MIN * lineSpaceMedian(r, first, ch, raw, loneSpaceWidth(r, lastCode, next, raw, span.size))) {
      // A gap far wider than the line's word spaces, which MuPDF spanned with a space of its
      // own (CELL_SPACE_EMS_MIN): the space becomes a span of its own between two spans. Not
      // in code: a listing's gaps are its columns, which the code renderer keeps from where
      // each span starts, and a span there per gap would widen them.
      closeSpan(span, units);
      spans.push(cellGapSpan(span, H, q));
      span = null;
      edge = x1;
      afterSpace = true;
      afterWide = false;
      afterStop = false;
      continue;
    } else if (afterStop && span !== null && x0 - edge > (afterSentenceStop && code >= 0x41 && code <= 0x5a ? SENTENCE_GAP_SPACE_EMS : STOP_GAP_SPACE_EMS) * Math.max(size, spanSize) && x1 - x0 >= ZERO_WIDTH_PT && startsWord(code)) {
      // A sentence's stop and the next word set with no space between them, only a gap
      // (a justified line: "afternoon.There"): the gap is the space. Dots set apart (an
      // ellipsis, "\ldots") and a stop before a bracket are no word's start.
      rightEdge[0] = edge;
      span = endWithGapSpace(spans, span, units, rightEdge, H, q);
    } else if (!afterSpace && !space && x0 - edge > TIGHT_WORD_GAP_EMS * size && span !== null && order === null && fontPtr === spanFont && Math.abs(pairGap) < TIGHT_PAIR_GAP_EMS * size && isLetterCode(lastCode) && isLetterCode(code) && !span.monospace && !span.italic && !MATH_NAME.test(span.font)) {
      // Two letters of one font apart by a word space shrunk below MuPDF's threshold, after
      // letters set edge to edge: a tight justified line's word space.
      rightEdge[0] = edge;
      span = endWithGapSpace(spans, span, units, rightEdge, H, q);
      tightSpace = true;
    } else if (!afterSpace && !space && span !== null && order === null && x0 - edge > SCRIPT_WORD_GAP_EMS * size && fontPtr === spanFont && Math.abs(pairGap) < TIGHT_PAIR_GAP_EMS * size && (lastCode >= NON_LATIN_START || code >= NON_LATIN_START) && endsWord(lastCode) && startsScriptWord(code) && !span.monospace && !MATH_NAME.test(span.font)) {
      // Two letters of one font, one of another script than Latin, apart by a word space
      // MuPDF put no space in (SCRIPT_WORD_GAP_EMS).
      rightEdge[0] = edge;
      span = endWithGapSpace(spans, span, units, rightEdge, H, q);
      tightSpace = true;
    } else if (!afterSpace && !space && span !== null && order === null && r.joinedStarts.size > 0 && r.joinedStarts.has(ch) && x0 - edge > JOINED_PIECE_GAP_SPACE_EMS * size) {
      // A word MuPDF had put on a line of its own, joined back on (type3_metrics.ts).
      rightEdge[0] = edge;
      span = endWithGapSpace(spans, span, units, rightEdge, H, q);
    } else if (!afterSpace && !space && span !== null && order === null && x0 - edge > ACCENTED_GAP_SPACE_EMS * size && isAccentedLetter(lastCode) && x1 - x0 >= ZERO_WIDTH_PT && startsWord(code)) {
      // A word space after a letter TeX built from its base and accents (ACCENTED_GAP_SPACE_EMS).
      rightEdge[0] = edge;
      span = endWithGapSpace(spans, span, units, rightEdge, H, q);
    }
    // A cell's border between this glyph and the last, with no space: the cell's clipped text
    // and the next cell's (cell_borders.ts). The span ends there, with no space put in, and its
    // box at the border: what lies past it is clipped away. After the gap rules, which may
    // have ended it already with a space of the text.
    if (lineBorders > 0 && span !== null && !space && !afterSpace && order === null) {
      rightEdge[0] = edge;
      if (cutAtBorder(borders, span, ch, q, raw, H, rightEdge)) {
        closeSpan(span, units);
        span = null;
      }
    }
    // A wide gap the span goes on over (WIDE_GAP_EMS_MIN), noted where its space goes in.
    if (space && span !== null && order === null && !afterStop && !span.monospace && x1 - x0 >= WIDE_GAP_EMS_MIN * size && next !== 0 && x1 - x0 >= WIDE_GAP_WORD_SPACES_MIN * lineSpaceMedian(r, first, ch, raw, loneSpaceWidth(r, lastCode, next, raw, span.size))) {
      noteWideGap(span, units.count, edge, next, raw, H);
    }
    if (tightSpace) tightSpace = false;
    else pairGap = space || afterSpace ? Infinity : x0 - edge;
    if (x1 - x0 >= ZERO_WIDTH_PT) edge = order === null ? x1 : Math.max(edge, x1);
    afterSpace = space;
    afterWide = wide;
    afterStop = code === 0x2e || code === 0x2c || code === 0x3b || code === 0x3a || code === 0x21 || code === 0x3f;
    afterSentenceStop = (code === 0x2e || code === 0x21 || code === 0x3f) && ((lastCode >= 0x61 && lastCode <= 0x7a) || (lastCode >= 0x30 && lastCode <= 0x39));
    afterStandInPoint = (code === 0x2e || code === 0x2c) && order === null && x1 - x0 < ZERO_WIDTH_PT && lastCode >= 0x30 && lastCode <= 0x39;
    lastCode = code;
    let link = -1;
    if (lineLinks) {
      centre[0] = (x0 + x1) / 2;
      centre[1] = (y0 + y1) / 2;
      link = linkIndexAt(centre);
    }
    if (span && (fontPtr === spanFont || space) && link === spanLink && invisible === spanInvisible && Math.abs(size - spanSize) < 0.05) {
      // The first word ends at the span's right edge so far, before this space.
      if (firstWord === WORD_GOING_ON && space) {
        span.wordEnd = Math.round(spanX1 * WORD_END_UNITS_PER_PT);
        firstWord = WORD_ENDED;
      }
      pushCode(units, space ? SPACE : code);
      if (pendingMark !== 0) pendingMark = pushPendingMark(units, pendingMark, span, composed);
      if (x1 > spanX1) span.x1 = spanX1 = x1;
      if (x0 < spanX0) span.x0 = spanX0 = x0;
      if (!space) {
        if (y0 < spanY0) span.y0 = spanY0 = y0;
        if (y1 > spanY1) span.y1 = spanY1 = y1;
      }
      continue;
    }
    // Most spans open in the font of the span before them (a size, link or gap ended that one).
    if (fontPtr !== r.lastFont || r.lastFacts === null) {
      r.lastFacts = fontFacts(fonts, fontPtr);
      r.lastFont = fontPtr;
    }
    const facts = r.lastFacts;
    closeSpan(span, units);
    pushCode(units, space ? SPACE : code);
    span = glyphSpan(r, ch, q, raw, facts, invisible);
    spanSize = size;
    spanInvisible = invisible;
    spanX0 = span.x0;
    spanX1 = span.x1;
    spanY0 = span.y0;
    spanY1 = span.y1;
    firstWord = space || order !== null ? WORD_ENDED : WORD_GOING_ON;
    if (pendingMark !== 0) pendingMark = pushPendingMark(units, pendingMark, span, composed);
    spanFont = fontPtr;
    spanLink = link;
    spans.push(span);
  }
  closeSpan(span, units);
  if (composed.length > 0) {
    r.mayHoldTruncatedMath = true;
    for (const accented of composed) accented.text = accented.text.normalize("NFC");
    composed.length = 0;
  }
  if (order === null) {
    r.chars = chars;
    r.unmappedChars = unmapped;
    r.lineMadeUpSpaces = madeUpSpaces;
    r.lineDrawnSpaces = drawnSpaces;
    r.lineGlyphPairs = glyphPairs;
    r.lineTrackedPairs = trackedPairs;
  }
  return spans;
}

/** Whether a line's direction (its unit vector at H[dir]) is left to right along the x axis:
 * the only lines whose gaps markLetterGaps measures. */
function readsLeftToRight(H: Float32Array, dir: number): boolean {
  return H[dir] > 0.99 && Math.abs(H[dir + 1]) < 0.01;
}

/** Whether the line last read in stream order may be letter-spaced (markLetterGaps): several
 * made-up spaces beside drawn ones, or a made-up space in a line whose glyphs stand apart. */
function mayBeLetterSpaced(r: StextReader): boolean {
  if (r.lineMadeUpSpaces === 0) return false;
  return (r.lineDrawnSpaces > 0 && r.lineMadeUpSpaces >= LETTER_GAPS_MIN) || (r.lineGlyphPairs > 0 && 2 * r.lineTrackedPairs >= r.lineGlyphPairs);
}

/** Puts into r.letterGapSpaces the spaces MuPDF made up in the line at `first` that are gaps
 * between letters, and says whether it put any. A made-up space is one (LETTER_GAPS_MIN of
 * them at least) when it is narrower than LETTER_GAP_OF_WORD_GAP_MAX of the narrowest gap
 * across a space the page drew and beside a glyph standing alone between spaces; or (any
 * number) when the median gap between glyphs with no space between them is at least
 * TRACKED_GAP_EMS_MIN of their size and the space is at most LETTER_GAP_OF_TRACKED_GAP_MAX of
 * that gap. Read only for a line mayBeLetterSpaced: out of the per-character loop. */
function markLetterGaps(r: StextReader, first: number, raw: boolean): boolean {
  const { H, U8, I32, U32 } = r;
  // The line's runs of glyphs between spaces: for each made-up space, its pointer, its width,
  // and the lengths of the runs before and after it.
  const madeUp = r.madeUpSpaces;
  madeUp.length = 0;
  let tracked = r.trackedGaps;
  let trackedCount = 0;
  let trackedNaN = false;
  let wordGapMin = Infinity;
  let sizeSum = 0;
  // The right edge of the last glyph that is no space, whether a drawn space followed it, and
  // the glyphs of the run going on.
  let inkEdge = -Infinity;
  let afterDrawnSpace = false;
  let run = 0;
  // The last glyph's code, and the made-up space waiting for the glyph after it.
  let lastCode = 0;
  let waiting: (typeof madeUp)[number] | null = null;
  for (let ch = first; ch; ch = raw ? U32[(ch + CHAR_NEXT_OFFSET) >> 2] : wasm._wasm_stext_char_get_next(ch)) {
    const q = raw ? (ch + CHAR_QUAD_OFFSET) >> 2 : wasm._wasm_stext_char_get_quad(ch) >> 2;
    const x0 = Math.min(H[q], H[q + 4]);
    const x1 = Math.max(H[q + 2], H[q + 6]);
    const code = raw ? I32[ch >> 2] : wasm._wasm_stext_char_get_c(ch);
    if (isSpace(code)) {
      if (run > 0 && madeUp.length > 0 && madeUp[madeUp.length - 1].after < 0) madeUp[madeUp.length - 1].after = run;
      waiting = null;
      if ((U8[ch + CHAR_FLAGS_OFFSET] & CHAR_SYNTHETIC) === 0) afterDrawnSpace = true;
      else {
        waiting = { ch, width: x1 - x0, before: run, after: -1, letters: run > 0 && isAlphabetLetter(lastCode) };
        madeUp.push(waiting);
      }
      run = 0;
      continue;
    }
    if (waiting !== null) {
      waiting.letters &&= isAlphabetLetter(code);
      waiting = null;
    }
    lastCode = code;
    if (afterDrawnSpace && inkEdge > -Infinity) wordGapMin = Math.min(wordGapMin, x0 - inkEdge);
    else if (run > 0) {
      if (trackedCount === tracked.length) r.trackedGaps = trackedGapsScratch = tracked = grownFloats(tracked);
      const gap = x0 - inkEdge;
      if (gap !== gap) trackedNaN = true;
      tracked[trackedCount++] = gap;
      sizeSum += charSize(H, ch, raw);
    }
    afterDrawnSpace = false;
    inkEdge = x1;
    run++;
  }
  if (run > 0 && madeUp.length > 0 && madeUp[madeUp.length - 1].after < 0) madeUp[madeUp.length - 1].after = run;
  const gaps = r.letterGapSpaces;
  gaps.clear();
  if (wordGapMin > 0 && wordGapMin < Infinity) {
    const gapMax = LETTER_GAP_OF_WORD_GAP_MAX * wordGapMin;
    for (const space of madeUp) if (space.width < gapMax && (space.before === 1 || space.after === 1)) gaps.add(space.ch);
    if (gaps.size < LETTER_GAPS_MIN) gaps.clear();
  }
  if (trackedCount > 0) {
    // A NaN gap (a glyph with no box) is sorted as the comparator a - b sorts it.
    const sorted = trackedNaN ? Array.from(tracked.subarray(0, trackedCount)).sort((a, b) => a - b) : tracked.subarray(0, trackedCount).sort();
    const trackedGap = sorted[(trackedCount - 1) >> 1];
    const even = sorted[(trackedCount - 1) >> 2] >= TRACKED_GAP_EVENNESS_MIN * trackedGap;
    if (even && trackedGap >= TRACKED_GAP_EMS_MIN * (sizeSum / trackedCount)) {
      for (const space of madeUp) if (space.letters && space.width <= LETTER_GAP_OF_TRACKED_GAP_MAX * trackedGap) gaps.add(space.ch);
    }
  }
  return gaps.size > 0;
}

const SPACE = 0x20;
const DEL = 0x7f;
/** A line's only space, made up between a letter or figure and another, is judged against a
 * word space this many ems wide (a proportional face's is 0.25-0.33 em): Calc's header line
 * "Region Qty", two cells 0.79 em apart, has no other space to be judged against. */
const LONE_SPACE_WORD_SPACE_EMS = 0.3;

/** The word space a line's only space is judged against (LONE_SPACE_WORD_SPACE_EMS), between
 * the code read before it and the glyph at `next`; Infinity (never a cell gap) beside anything
 * but a letter or a figure: listings aligns "nothing" | "}" in columns a wide space apart. */
function loneSpaceWidth(r: StextReader, before: number, next: number, raw: boolean, size: number): number {
  if (next === 0 || !isWordCharCode(before)) return Infinity;
  return isWordCharCode(raw ? r.I32[next >> 2] : wasm._wasm_stext_char_get_c(next)) ? LONE_SPACE_WORD_SPACE_EMS * size : Infinity;
}

/** The median width of the spaces of the line whose first character is at `first`, but the
 * one at `skip`, drawn or made up; `lone` when it has no other. Read only at a space wide
 * enough to be a cell gap (CELL_SPACE_EMS_MIN): out of the per-character loop. */
function lineSpaceMedian(r: StextReader, first: number, skip: number, raw: boolean, lone: number): number {
  const { H, I32, U32 } = r;
  const widths: number[] = [];
  for (let ch = first; ch; ch = raw ? U32[(ch + CHAR_NEXT_OFFSET) >> 2] : wasm._wasm_stext_char_get_next(ch)) {
    if (ch === skip) continue;
    if (!isSpace(raw ? I32[ch >> 2] : wasm._wasm_stext_char_get_c(ch))) continue;
    const q = raw ? (ch + CHAR_QUAD_OFFSET) >> 2 : wasm._wasm_stext_char_get_quad(ch) >> 2;
    widths.push(Math.max(H[q + 2], H[q + 6]) - Math.min(H[q], H[q + 4]));
  }
  if (widths.length === 0) return lone;
  widths.sort((a, b) => a - b);
  return widths[(widths.length - 1) >> 1];
}

/** A control character (C0 but tab, line feed and carriage return, DEL, C1): what MuPDF
 * gives for a glyph of a font with no Unicode mapping whose code is one (TeX's bitmap fonts,
 * Type 3 with no names: a bullet at 0x88). Nothing a page draws is one: it is written as
 * U+FFFD and counted unmapped, never put into Markdown, but for TeX's ligatures. */
function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);
}

/** A Unicode noncharacter (U+FDD0-U+FDEF, and the last two code points of every plane): what
 * some fonts map an unnamed glyph to (Latin Modern's slashed zero, U+FFFF). No text holds one:
 * written as U+FFFD and counted unmapped, as a control code is. */
function isNoncharacter(code: number): boolean {
  return (code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe;
}

/** TeX's ligatures at their codes in its two text encodings, OT1 (0x0B-0x0F) and T1
 * (0x1B-0x1F), as their presentation forms: each range holds only rare signs in the other
 * encoding (T1's cedilla and guillemets, OT1's œ, ø, Æ, Œ, Ø), while "ﬁgures" and
 * "deﬁníciók" are on every page of a document set in TeX's bitmap fonts. */
const TEX_LIGATURES = new Map<number, number>([
  [0x0b, 0xfb00], [0x0c, 0xfb01], [0x0d, 0xfb02], [0x0e, 0xfb03], [0x0f, 0xfb04],
  [0x1b, 0xfb00], [0x1c, 0xfb01], [0x1d, 0xfb02], [0x1e, 0xfb03], [0x1f, 0xfb04],
]);
const LIGATURE_FF = 0xfb00;
const LIGATURE_FFL = 0xfb04;
/** The letters of U+FB00-U+FB04, written out as MuPDF writes the ligatures it knows. */
const LIGATURE_LETTERS = ["ff", "fi", "fl", "ffi", "ffl"];

/** The code to read for a control code at a glyph with `before` and `after` beside it (0 past
 * the line's ends): TeX's bullet at a line's start; a TeX ligature's presentation form inside a
 * word (a letter on either side: "\x1cgures", "o\x0b"); elsewhere the code itself (carriage
 * return, a space; anything else, unmapped). A chart's label ending in a carriage return
 * ("14\r") is no ligature. */
function controlCode(code: number, before: number, after: number): number {
  // TeX's bullet (OMS's 0x0F in cmsy, TS1's 0x88) opening a line before a space: an item's.
  if ((code === 0x0f || code === 0x88) && before === 0 && isSpace(after)) return BULLET;
  const ligature = TEX_LIGATURES.get(code);
  return ligature !== undefined && (isLetterCode(before) || isLetterCode(after)) ? ligature : code;
}
const BULLET = 0x2022;

function isLetterCode(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0xc0 && code <= 0x24f && code !== 0xd7 && code !== 0xf7);
}

/** Appends a character's code: printable ASCII (most of a page) and the rest of the Basic
 * Multilingual Plane up to the ligatures (no control code, noncharacter or ligature among
 * them) as they are, anything else by pushUnits, kept out of line: small enough to inline. */
function pushCode(units: SpanUnits, code: number): void {
  if ((code >= SPACE && code < 0x7f) || (code >= NO_BREAK_SPACE && code < LIGATURE_FF)) units.push(code);
  else pushUnits(units, code);
}
const NO_BREAK_SPACE = 0xa0;

/** Appends a code point's UTF-16 units (String.fromCodePoint's); a code that is no code point
 * is an unmapped glyph's (U+FFFD). */
function pushUnits(units: SpanUnits, code: number): void {
  if (code >= 0 && code < 0x10000) {
    const ligature = code >= LIGATURE_FF && code <= LIGATURE_FFL ? LIGATURE_LETTERS[code - LIGATURE_FF] : null;
    if (ligature !== null) for (let k = 0; k < ligature.length; k++) units.push(ligature.charCodeAt(k));
    else units.push(isControl(code) || isNoncharacter(code) ? REPLACEMENT_CHARACTER : code);
    return;
  }
  // MuPDF gives some glyphs a code past Unicode's last (arabi's Type 1 Arabic fonts: 0x38800000):
  // String.fromCodePoint threw, and the whole page went to pdf.js, which wrote it reversed.
  if (!isCodePoint(code) || isNoncharacter(code)) {
    units.push(REPLACEMENT_CHARACTER);
    return;
  }
  const pair = String.fromCodePoint(code);
  units.push(pair.charCodeAt(0));
  units.push(pair.charCodeAt(1));
}

/** The code to read for the control code `code` of the glyph at `ch`, between the glyphs at
 * `before` and `after` in reading order (controlCode, with its neighbours), or the dingbat a
 * ZapfDingbats glyph numbered below 32 or from 127 to 159 draws (dingbats.ts). Out of the
 * per-character loop: control codes are rare. */
function controlCodeBetween(r: StextReader, code: number, ch: number, before: number, after: number, raw: boolean): number {
  const fontPtr = raw ? r.U32[(ch + CHAR_FONT_OFFSET) >> 2] : (wasm._wasm_stext_char_get_font(ch) as number);
  if (isDingbatsFont(fontFacts(r.fonts, fontPtr).name)) {
    const glyph = dingbatCode(code);
    if (glyph !== code) return glyph;
  }
  return controlCode(code, codeOf(before, raw, r.I32), codeOf(after, raw, r.I32));
}

/** The code of the glyph at `ch` (0 for no glyph, past either end of the line): a control
 * code's neighbours tell a TeX ligature from a carriage return. */
function codeOf(ch: number, raw: boolean, I32: Int32Array): number {
  if (ch === 0) return 0;
  return raw ? I32[ch >> 2] : wasm._wasm_stext_char_get_c(ch);
}

// A span is made by newSpan (model.ts), all its fields in one order, not grown field by field
// nor spread from another: copying by spread, or adding `invisible` after creation, costs far
// more per span, and gives the layout passes spans of more than one hidden class.

/** A span opened by the glyph at `ch` (its quad at H[q]) in the font `facts` tell of, its text
 * still to come. An invisible layer's font (GlyphLessFont is fixed-pitch) is not what the page
 * shows: such text is never monospace, so never code. */
// The glyph's box and size are read here again, not passed: the optimiser does not inline this
// (its budget goes to the per-character helpers), and numbers handed to it were boxed, five
// heap numbers a span on top of the span's own.
function glyphSpan(r: StextReader, ch: number, q: number, raw: boolean, facts: FontFacts, invisible: boolean): Span {
  const H = r.H;
  const x0 = Math.min(H[q], H[q + 4]);
  const x1 = Math.max(H[q + 2], H[q + 6]);
  const y0 = Math.min(H[q + 1], H[q + 3]);
  const y1 = Math.max(H[q + 5], H[q + 7]);
  const size = roundSize(charSize(H, ch, raw));
  return invisible ? newSpan("", x0, y0, x1, y1, facts.name, size, facts.bold, facts.italic, false, true) : newSpan("", x0, y0, x1, y1, facts.name, size, facts.bold, facts.italic, facts.monospace);
}

/** The space MuPDF left out in the gap from the line's right edge so far (`rightEdge[0]`) to
 * the left edge of the glyph whose quad is at H[q] after span `last`: a span of its own, in
 * `last`'s font and height. */
// The gap's ends are read here, not passed: a glyph's coordinates handed to a call that is
// not inlined are boxed, and the optimiser made that heap number once per character, before
// the branch that calls this (the same for placeBuiltAccent).
function gapSpaceSpan(last: Span, rightEdge: Float64Array, H: Float32Array, q: number): Span {
  return newSpan(" ", rightEdge[0], last.y0, Math.min(H[q], H[q + 4]), last.y1, last.font, last.size, last.bold, last.italic, last.monospace, last.invisible === true ? true : undefined);
}

/** Closes `span` at a gap that is a space of the text, puts that space's span (gapSpaceSpan)
 * after it, and returns null: no span open. */
function endWithGapSpace(spans: Span[], span: Span, units: SpanUnits, rightEdge: Float64Array, H: Float32Array, q: number): null {
  closeSpan(span, units);
  spans.push(gapSpaceSpan(span, rightEdge, H, q));
  return null;
}

/** A space MuPDF made up across a cell's gap (the glyph whose quad is at H[q]): a span of its
 * own after `last`, in `last`'s font and height. */
function cellGapSpan(last: Span, H: Float32Array, q: number): Span {
  return newSpan(" ", Math.min(H[q], H[q + 4]), last.y0, Math.max(H[q + 2], H[q + 6]), last.y1, last.font, last.size, last.bold, last.italic, last.monospace, last.invisible === true ? true : undefined);
}

/** The size of the glyph at `ch`. */
function charSize(H: Float32Array, ch: number, raw: boolean): number {
  return raw ? H[(ch + CHAR_SIZE_OFFSET) >> 2] : wasm._wasm_stext_char_get_size(ch);
}

/**
 * In a line read in visual order or beside an East Asian wide character, ends the open `span`
 * at a gap from the line's right edge so far (rightEdge[0]) to the glyph at `ch` (its quad at
 * H[q]) that MuPDF left without a space (it judges gaps in stream order): a word or cell
 * boundary, with a space put in (gapSpaceSpan) where the glyph follows a glyph (`afterGlyph`:
 * neither it nor the one before is a space) past GAP_SPACE_EMS (WIDE_GAP_SPACE_EMS between two
 * `wideNeighbours`), or none past GAP_SPAN_BREAK_EMS. The span ends there, so its box stays
 * true for table cells. A ligature's further letter has no width and sits on its glyph's edge:
 * no gap to judge. Says whether the span ended. Out of the per-character loop: most lines hold
 * no such glyph.
 */
function visualGapEnds(r: StextReader, spans: Span[], span: Span, ch: number, q: number, raw: boolean, afterGlyph: boolean, wideNeighbours: boolean, directionChange: boolean, rtlNeighbours: boolean): boolean {
  const { H, units, rightEdge } = r;
  const x0 = Math.min(H[q], H[q + 4]);
  if (Math.max(H[q + 2], H[q + 6]) - x0 < ZERO_WIDTH_PT) return false;
  const size = charSize(H, ch, raw);
  const gap = x0 - rightEdge[0];
  if (afterGlyph && gap > (wideNeighbours ? WIDE_GAP_SPACE_EMS : directionChange ? DIRECTION_CHANGE_GAP_SPACE_EMS : rtlNeighbours ? RTL_GAP_SPACE_EMS : GAP_SPACE_EMS) * size) {
    endWithGapSpace(spans, span, units, rightEdge, H, q);
    return true;
  }
  if (gap > GAP_SPAN_BREAK_EMS * size) {
    closeSpan(span, units);
    return true;
  }
  return false;
}

/** Whether a cell's border stands between the line's right edge so far (rightEdge[0]) and the
 * glyph at `ch` (its quad at H[q]), with no space between them (cell_borders.ts): the open
 * `span`'s box then ends at the border (what lies past it is clipped away), and the caller
 * ends the span. Out of the per-character loop: only a line that borders cut asks it. */
function cutAtBorder(borders: CellBorders, span: Span, ch: number, q: number, raw: boolean, H: Float32Array, rightEdge: Float64Array): boolean {
  const x0 = Math.min(H[q], H[q + 4]);
  const size = charSize(H, ch, raw);
  const left = Math.min(rightEdge[0], x0) - CELL_BORDER_INSIDE_GLYPH_EMS * size;
  const right = x0 + CELL_BORDER_INSIDE_GLYPH_EMS * size;
  if (!borders.lineMayCross(left, right)) return false;
  const border = borders.crossingAt(left, right, (Math.min(H[q + 1], H[q + 3]) + Math.max(H[q + 5], H[q + 7])) / 2);
  if (Number.isNaN(border)) return false;
  if (span.x1 > border && border > span.x0) span.x1 = border;
  return true;
}

/** Which letter the spacing accent drawn from `x0` to `x1`, between the glyphs at `before` and
 * `after` (0 past the line's ends), sits over: 1 the next glyph (TeX draws the accent first),
 * -1 the one before (an accent over an accented letter, Thˆe´), 0 neither: the accent is a
 * character of the text. */
function accentedNeighbour(before: number, after: number, x0: number, x1: number, raw: boolean, I32: Int32Array, H: Float32Array): number {
  for (const step of ACCENT_NEIGHBOUR_STEPS) {
    const ch = step === 1 ? after : before;
    if (ch === 0) continue;
    if (!takesAccent(raw ? I32[ch >> 2] : wasm._wasm_stext_char_get_c(ch))) continue;
    const q = raw ? (ch + CHAR_QUAD_OFFSET) >> 2 : wasm._wasm_stext_char_get_quad(ch) >> 2;
    if (sitsOver(x0, x1, Math.min(H[q], H[q + 4]), Math.max(H[q + 2], H[q + 6]))) return step;
  }
  return 0;
}
const ACCENT_NEIGHBOUR_STEPS = [1, -1] as const;

/** Places the built accent `mark` at the glyph (its quad at H[q]) between the glyphs at
 * `before` and `after`: 1 when it waits for the next glyph, -1 when written after the letter
 * before it (the open span's last), 0 when the accent is a character of the text. Out of the
 * per-character loop: accents are rare. */
function placeBuiltAccent(r: StextReader, before: number, after: number, q: number, raw: boolean, span: Span | null, mark: number): number {
  const H = r.H;
  const over = accentedNeighbour(before, after, Math.min(H[q], H[q + 4]), Math.max(H[q + 2], H[q + 6]), raw, r.I32, H);
  if (over === 1) return 1;
  const units = r.units;
  if (over === -1 && span !== null && units.count > 0) {
    const last = units.count - 1;
    units.codes[last] = baseLetter(units.codes[last]);
    pushCode(units, mark);
    r.composed.push(span);
    return -1;
  }
  return 0;
}

/** Writes a waiting accent's mark after the letter just written (dotless i and j made dotted)
 * and returns 0, the mark no longer waiting. */
function pushPendingMark(units: SpanUnits, mark: number, span: Span, composed: Span[]): number {
  const last = units.count - 1;
  units.codes[last] = baseLetter(units.codes[last]);
  pushCode(units, mark);
  composed.push(span);
  return 0;
}

/**
 * Whether a gap of `gap` points between the code span `span` (its font `font`) and the glyph
 * at `ch` is a browser's padding of the code's background (CODE_PADDING_EMS_MAX): the glyph a
 * stop or closing bracket (CLOSES_AFTER_CODE) in another font, and no colon that starts ":=".
 */
function codePaddingBefore(span: Span, font: number, ch: number, gap: number, size: number, raw: boolean, I32: Int32Array, U32: Uint32Array): boolean {
  if (span.monospace !== true || gap >= CODE_PADDING_EMS_MAX * size) return false;
  const code = raw ? I32[ch >> 2] : wasm._wasm_stext_char_get_c(ch);
  if (!CLOSES_AFTER_CODE.has(code) || (raw ? U32[(ch + CHAR_FONT_OFFSET) >> 2] : wasm._wasm_stext_char_get_font(ch)) === font) return false;
  if (code !== COLON) return true;
  const after = raw ? U32[(ch + CHAR_NEXT_OFFSET) >> 2] : wasm._wasm_stext_char_get_next(ch);
  return after === 0 || (raw ? I32[after >> 2] : wasm._wasm_stext_char_get_c(after)) !== EQUALS;
}
const COLON = 0x3a;
const EQUALS = 0x3d;

/** Whether the character at `ch` is East Asian wide. */
/** Notes on `span` a wide gap (WIDE_GAP_EMS_MIN) whose space goes in at `index` of its text,
 *  after ink ending at `inkEnd`, before the glyph at `next`. */
function noteWideGap(span: Span, index: number, inkEnd: number, next: number, raw: boolean, H: Float32Array): void {
  const q = raw ? (next + CHAR_QUAD_OFFSET) >> 2 : wasm._wasm_stext_char_get_quad(next) >> 2;
  const gaps = (span.wideGaps ??= []);
  gaps.push(index, inkEnd, Math.min(H[q], H[q + 4]));
}

/** Whether the glyph at `ch` is an ASCII figure whose box starts within STAND_IN_POINT_GAP_PT of `x`. */
function figureStartsAt(ch: number, x: number, raw: boolean, I32: Int32Array, H: Float32Array): boolean {
  const code = raw ? I32[ch >> 2] : wasm._wasm_stext_char_get_c(ch);
  if (code < 0x30 || code > 0x39) return false;
  const q = raw ? (ch + CHAR_QUAD_OFFSET) >> 2 : wasm._wasm_stext_char_get_quad(ch) >> 2;
  return Math.abs(Math.min(H[q], H[q + 4]) - x) <= STAND_IN_POINT_GAP_PT;
}

function nextIsWide(ch: number, raw: boolean, I32: Int32Array): boolean {
  return isEastAsianWide(raw ? I32[ch >> 2] : wasm._wasm_stext_char_get_c(ch));
}

/**
 * The open span's UTF-16 units in an array kept from span to span: only its length is cut to
 * the span's count when the text is made. Emptied with `length = 0`, an array gives up its
 * storage, and was grown again from nothing for every span.
 */
class SpanUnits {
  // UTF-16 units in a buffer kept for the whole page and read out as a string in one call:
  // a JS array emptied by setting its length is trimmed, and regrown allocation by
  // allocation for the next span.
  bytes = Buffer.allocUnsafe(SPAN_UNITS_INITIAL * 2);
  codes = new Uint16Array(this.bytes.buffer, this.bytes.byteOffset, SPAN_UNITS_INITIAL);
  count = 0;

  /** Appends a unit, in room made by reserve (a typed array drops a unit written past its end). */
  // No check here: the push of every character of the page looked at the capacity.
  push(unit: number): void {
    this.codes[this.count++] = unit;
  }

  /** Makes room for the units of `chars` more characters (UNITS_PER_CHAR_MAX each): asked once a line. */
  reserve(chars: number): void {
    while (this.count + chars * UNITS_PER_CHAR_MAX > this.codes.length) this.grow();
  }

  private grow(): void {
    const bytes = Buffer.allocUnsafe(this.bytes.length * 2);
    this.bytes.copy(bytes);
    this.bytes = bytes;
    this.codes = new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
  }
}

/** The most units one character of a line writes: a ligature's three letters (pushUnits) and
 * a built accent's mark after it (pushPendingMark). */
const UNITS_PER_CHAR_MAX = 4;

/** Units a span's buffer holds at first; a longer span doubles it. */
const SPAN_UNITS_INITIAL = 1_024;

/** Characters a line's pointer buffer holds at first; a longer line doubles it. */
const LINE_CHARS_INITIAL = 256;

// The span's units and the line's character pointers, kept from page to page (a page is read
// to its end with no await): made for each page they were a buffer and a typed array with
// storage of its own, off the JS heap, a page.
const spanUnits = new SpanUnits();
let linePointers: Int32Array = new Int32Array(LINE_CHARS_INITIAL);

/** Gives the open span its text, built once from its units, and empties the units. */
function closeSpan(span: Span | null, units: SpanUnits): void {
  if (span === null || units.count === 0) return;
  // A span of one unit (a glyph of a symbol font, a figure, a Chinese character alone) is most
  // spans a page closes, and one of a few units most others: their characters, without the
  // buffer's call into Node.
  span.text = units.count <= SHORT_SPAN_UNITS_MAX ? shortText(units.codes, units.count) : units.bytes.toString("utf16le", 0, units.count * 2);
  units.count = 0;
}

/** Spans of up to this many units (72 % of the A/B pages' spans, 54 % of one unit) take their
 * text from String.fromCharCode: at this length it is about 5 times as fast as the buffer's
 * toString, whose call into Node costs the same for a span of 2 units as of 20. */
const SHORT_SPAN_UNITS_MAX = 8;

/** The text of the first `count` units (1 to SHORT_SPAN_UNITS_MAX) of `c`. */
function shortText(c: Uint16Array, count: number): string {
  switch (count) {
    case 1:
      return String.fromCharCode(c[0]);
    case 2:
      return String.fromCharCode(c[0], c[1]);
    case 3:
      return String.fromCharCode(c[0], c[1], c[2]);
    case 4:
      return String.fromCharCode(c[0], c[1], c[2], c[3]);
    case 5:
      return String.fromCharCode(c[0], c[1], c[2], c[3], c[4]);
    case 6:
      return String.fromCharCode(c[0], c[1], c[2], c[3], c[4], c[5]);
    case 7:
      return String.fromCharCode(c[0], c[1], c[2], c[3], c[4], c[5], c[6]);
    default:
      return String.fromCharCode(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]);
  }
}

function grownFloats(buffer: Float64Array): Float64Array {
  const bigger = new Float64Array(buffer.length * 2);
  bigger.set(buffer);
  return bigger;
}

function grown(buffer: Int32Array): Int32Array {
  const bigger = new Int32Array(buffer.length * 2);
  bigger.set(buffer);
  return bigger;
}

/** Visual order (indices into `ptrs`) of a line's characters: positions from their quads. */
function rtlVisualOrder(H: Float32Array, I32: Int32Array, raw: boolean, ptrs: Int32Array, standIns: Set<number>): number[] {
  const placed: PlacedChar[] = [];
  for (let i = 0; i < ptrs.length; i++) {
    const q = wasm._wasm_stext_char_get_quad(ptrs[i]) >> 2;
    const read = raw ? I32[ptrs[i] >> 2] : wasm._wasm_stext_char_get_c(ptrs[i]);
    // A code past Unicode's last is an unmapped glyph's (pushUnits).
    const code = isCodePoint(read) ? read : REPLACEMENT_CHARACTER;
    placed.push({ code, x0: Math.min(H[q], H[q + 4]), x1: Math.max(H[q + 2], H[q + 6]) });
  }
  return visualOrder(placed, standIns);
}

/** Whether an 0xAARRGGBB colour is white (alpha aside). */
function isWhite(argb: number): boolean {
  return ((argb >>> 16) & 255) >= WHITE_CHANNEL_MIN && ((argb >>> 8) & 255) >= WHITE_CHANNEL_MIN && (argb & 255) >= WHITE_CHANNEL_MIN;
}

function vectorRule(x0: number, y0: number, x1: number, y1: number, flags: number, white: boolean): Rule | null {
  const w = x1 - x0;
  const h = y1 - y0;
  if (!(w >= 0 && h >= 0)) return null;
  if (flags & V_FLAG_STROKED) {
    if (flags & V_FLAG_RECTANGLE || w <= RULE_THICKNESS_MAX_PT || h <= RULE_THICKNESS_MAX_PT) return { x0, y0, x1, y1, kind: "stroke" };
    return null;
  }
  if (flags & V_FLAG_RECTANGLE && !white) return { x0, y0, x1, y1, kind: "fill" };
  return null;
}

// The portable path for a MuPDF build without the raw accessors: slower, same model.
/** The page's text through MuPDF.js's public walk: the stand-in for readStextFast where this
 * MuPDF's structures are not the ones the fast reader knows (hasFastStext). */
export function readStextPublic(stext: ReturnType<MupdfPage["toStructuredText"]>): StextRead {
  const lines: Line[] = [];
  const rules: Rule[] = [];
  const marks: Mark[] = [];
  const drawings: Drawing[] = [];
  const images: PaintedImage[] = [];
  const charsByQuarter = [0, 0, 0, 0];
  let chars = 0;
  let unmappedChars = 0;
  let lineChars = 0;
  let lineQuarter = -1;
  let current: Line | null = null;
  let span: Span | null = null;
  const grid = publicGridVectors(stext);
  let vector = 0;
  stext.walk({
    onImageBlock(bbox) {
      pushMark(marks, bbox[0], bbox[1], bbox[2], bbox[3], "image");
      pushImage(images, bbox[0], bbox[1], bbox[2], bbox[3], rules.length);
    },
    onVector(bbox, flags: { isStroked: boolean; isRectangle: boolean }, color: number[]) {
      pushMark(marks, bbox[0], bbox[1], bbox[2], bbox[3], flags.isStroked ? "stroke" : "fill");
      const white = isWhiteColour(color);
      const rule = grid.has(vector++) ? null : vectorRule(bbox[0], bbox[1], bbox[2], bbox[3], (flags.isStroked ? 1 : 0) | (flags.isRectangle ? 2 : 0), white);
      if (rule) {
        if (rules.length < RULES_PER_PAGE_MAX) rules.push(rule);
      } else if (!white) {
        pushDrawing(drawings, bbox[0], bbox[1], bbox[2], bbox[3]);
      }
    },
    beginLine(bbox, wmode, dir) {
      lineQuarter = wmode === 1 ? 0 : quarterOf(dir[0], dir[1]);
      lineChars = 0;
      current = newLine([], bbox[0], bbox[1], bbox[2], bbox[3], wmode === 1 ? 1 : 0);
      span = null;
    },
    onChar(glyph, _origin, font, size, quad) {
      if (!current) return;
      // No neighbours here: a control code is unmapped (this reader stands in only for a
      // MuPDF whose structures the fast reader does not know).
      const first = glyph.codePointAt(0) ?? 0;
      const c = isControl(first) || isNoncharacter(first) ? "\ufffd" : glyph;
      // The name for every character (cached by name); the faces only for a span begun.
      const fullName = font.getName();
      const name = nameFacts(fullName).name;
      const space = c.trim() === "";
      if (!space) {
        chars++;
        lineChars++;
        if (c === "\ufffd") unmappedChars++;
      }
      const x0 = Math.min(quad[0], quad[4]);
      const x1 = Math.max(quad[2], quad[6]);
      if (span && (span.font === name || space) && Math.abs(span.size - size) < 0.05) {
        span.text += space ? " " : c;
        span.x1 = Math.max(span.x1, x1);
        return;
      }
      const facts = factsOfFont(fullName, font.isBold(), font.isItalic(), font.isMono());
      span = newSpan(
        space ? " " : c,
        x0,
        Math.min(quad[1], quad[3]),
        x1,
        Math.max(quad[5], quad[7]),
        name,
        roundSize(size),
        facts.bold,
        facts.italic,
        facts.monospace,
      );
      current.spans.push(span);
    },
    endLine() {
      if (current && current.spans.length > 0) {
        if (lineQuarter < 0) current.slanted = true;
        lines.push(current);
      }
      if (lineQuarter >= 0) charsByQuarter[lineQuarter] += lineChars;
      current = null;
    },
  });
  return { lines, rules, marks, drawings, images, chars, unmappedChars, charsByQuarter };
}

/** Whether a vector's colour, as MuPDF.js's walk gives it, is white (WHITE_CHANNEL_MIN). */
function isWhiteColour(color: readonly number[]): boolean {
  return color.length === 3 && color.every((v) => v * 255 >= WHITE_CHANNEL_MIN);
}

/** readBorders' background grid for the public walk: the ordinals, among the page's vector
 * blocks, of the ones that draw a background grid (background_grid.ts). */
function publicGridVectors(stext: ReturnType<MupdfPage["toStructuredText"]>): ReadonlySet<number> {
  const boxes = new PathBoxes();
  let vector = 0;
  stext.walk({
    onVector(bbox, _flags, color: number[]) {
      const k = vector++;
      if (!isWhiteColour(color)) boxes.push(k, bbox[0], bbox[1], bbox[2], bbox[3]);
    },
  });
  return boxes.gridKeys();
}

/** A link's URI that names a scheme (MuPDF.js's Link.isExternal): a web or mail address, not a place in the document. */
const EXTERNAL_URI = /^\w[\w+-.]*:/;

// Through the raw accessors: MuPDF.js's getLinks() wraps each link in an object registered
// with a finalizer, and reads its URI twice (issue 9: speed).
function readLinks(page: MupdfPage): PageLink[] {
  if (!hasRawObjects) return readLinksByWrappers(page);
  const links: PageLink[] = [];
  const first = wasm._wasm_load_links(page.pointer) as number;
  try {
    for (let link = first; link && links.length < LINKS_PER_PAGE_MAX; link = wasm._wasm_link_get_next(link)) {
      const uriPtr = wasm._wasm_link_get_uri(link) as number;
      if (!uriPtr) continue;
      const uri = wasm.UTF8ToString(uriPtr);
      if (!EXTERNAL_URI.test(uri)) continue;
      const r = wasm._wasm_link_get_rect(link) >> 2;
      const H = wasm.HEAPF32;
      links.push({ x0: H[r], y0: H[r + 1], x1: H[r + 2], y1: H[r + 3], uri: linkUri(uri) });
    }
  } finally {
    // The list is the caller's to drop (fz_load_links hands over a reference).
    if (first) wasm._wasm_drop_link(first);
  }
  return links;
}

/** readLinks through MuPDF.js's objects, where the raw accessors are not this thread's. */
function readLinksByWrappers(page: MupdfPage): PageLink[] {
  const links: PageLink[] = [];
  for (const link of page.getLinks()) {
    try {
      if (links.length >= LINKS_PER_PAGE_MAX || !link.isExternal()) continue;
      const uri = link.getURI();
      if (!uri) continue;
      const [x0, y0, x1, y1] = link.getBounds();
      links.push({ x0, y0, x1, y1, uri: linkUri(uri) });
    } finally {
      link.destroy();
    }
  }
  return links;
}
