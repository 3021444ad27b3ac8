// Step 4, document pass: statistics over every selected page, computed once before any page is
// rendered: the body text style, the heading styles and their levels, and the page
// furniture (furniture.ts).
import { documentCompounds, pageCompounds } from "./compounds.js";
import type { Line, LineMemo, PageModel, Rule, Span } from "../model.js";
import { figureFrames, insideFrame } from "./figure_frames.js";
import { type FurnitureRow, furnitureFromRows, marginFacts, pageFurnitureRows, type PageMargins, runningLineIndices } from "./furniture.js";
import { isContentsEntry } from "./leaders.js";
import { slideNonVoters, type SlideVote } from "./slide_bands.js";
import { lineText } from "./lines.js";
import { type OutlineHints, outlineLevels, pageTitleLines, styleKeyOf, type TitleLine } from "./outline_titles.js";
import { isBlankText, nonSpaceLength } from "./whitespace.js";
import { sortInPlace } from "../sort_in_place.js";

export interface TextStyle {
  /** Font size rounded to half a point. */
  size: number;
  bold: boolean;
}

export interface HeadingStyle extends TextStyle {
  level: number;
}

export interface DocumentStats {
  body: TextStyle;
  headings: HeadingStyle[];
  /** Page furniture (furniture.ts), by identity: running heads and feet, page numbers, banners. */
  running: Set<Line>;
  /** Hyphenated compounds the selection writes whole (layout/compounds.ts), lower-cased. */
  compounds?: ReadonlySet<string>;
  /** Levels the outline's headings go down by in this selection (outline_titles.ts); null or
   *  absent when each page decides alone. */
  outlineShift?: number | null;
  /** The most common baseline pitch of body lines in the selection (bodyPitchOf); null or
   *  absent when too few lines show it. */
  bodyPitch?: number | null;
  /** False when no page of the selection holds a right-to-left letter (the extractor's
   *  PageModel.rightToLeft): blocks.ts then asks no line which way it runs. Absent: unknown,
   *  every line is asked. */
  rightToLeft?: boolean;
}

/** A size at least this much above the body (points and ratio) is a heading size. */
const HEADING_SIZE_DELTA_MIN = 0.9;
const HEADING_SIZE_RATIO_MIN = 1.12;
/** A style carrying more than this share of the text is body text, not a heading. */
const HEADING_CHAR_SHARE_MAX = 0.25;
/** ... unless the style sets this many lines at most, at this many times the body's size at
 *  least (a title page's title; prose lines beside a page of code are no title). */
const SHARE_EXEMPT_LINES_MAX = 2;
const SHARE_EXEMPT_SIZE_RATIO_MIN = 1.5;
/** ... or a style of one line at this many times the body's size at least (a title slide's
 *  44 pt title over its subtitle's two 32 pt lines, a third of the slide's text). */
const ONE_LINE_EXEMPT_SIZE_RATIO_MIN = 1.3;
/** Heading lines are short: longer lines of a large style are display text. */
const HEADING_LINE_CHARS_MAX = 160;
/** Sizes closer than this (points) are one heading level. */
const LEVEL_SIZE_MERGE = 0.6;
/** Level 1 is for headings at least this much larger than the body: titles and chapters are
 *  set at 1.3–2.5× the body, while section heads of papers and reports (bold at body size
 *  up to about 1.2×) sit under a title even on a page that shows none (the real pages of
 *  fixtures/real: tracemonkey's 11 pt sections over 9 pt text, geobase's bold capitals). */
const TOP_LEVEL_SIZE_RATIO_MIN = 1.25;
/** A line whose box is narrower than this share of its font size runs sideways or is
 *  squeezed (a margin label set vertically): its size says nothing about the hierarchy. */
const SIDEWAYS_WIDTH_EMS_MAX = 0.5;
/** Markdown's deepest heading (`######`): levels past it are set at it. */
export const HEADING_LEVELS_MAX = 6;

/** Whether `size` is a heading size over a body set at `bodySize` (HEADING_SIZE_DELTA_MIN and
 *  HEADING_SIZE_RATIO_MIN). */
function isHeadingSizeOver(size: number, bodySize: number): boolean {
  return size >= bodySize + HEADING_SIZE_DELTA_MIN && size >= bodySize * HEADING_SIZE_RATIO_MIN;
}

export function roundHalf(size: number): number {
  return Math.round(size * 2) / 2;
}


export { nonSpaceLength };

// Scratch for lineStyleFacts, reused from call to call: three fresh arrays a call were a
// tenth of the layout's allocation.
const scratchSizes: number[] = [];
const scratchBolds: boolean[] = [];
const scratchChars: number[] = [];

/** A line's dominant style and its non-space characters, counted in one pass. */
export interface LineStyleFacts {
  style: TextStyle;
  chars: number;
  /** Of `chars`, those set in the code face (tallyStyles' code lines). */
  codeChars: number;
  /** A display line's title style (headingStyleOf), or null. */
  display: TextStyle | null;
}

/** A line whose largest type carries this share of its characters, at least this much larger
 * than its dominant type, is display type set in two sizes: a book's chapter head, "CHAPTER
 * ONE: Creators" with the label at 11 pt and the title at 15. The title's style is the
 * line's heading style. */
const DISPLAY_TITLE_SHARE_MIN = 0.3;
const DISPLAY_TITLE_RATIO_MIN = 1.25;

/** lineStyleFacts kept on the line (Line.styleMemo) with the spans it counted: one object, the
 *  facts and their key, where a memo holding the facts had made two a line. Made by a class,
 *  and its styles too (LineStyle), where object literals were: V8 made the literals in a slow
 *  path, and the A/B pages' memos cost 27 ms a pass of CPU, against 9 made so (issue 9: speed). */
class StyleMemo implements LineMemo, LineStyleFacts {
  constructor(
    readonly spans: readonly Span[],
    readonly count: number,
    readonly style: TextStyle,
    readonly chars: number,
    readonly codeChars: number,
    readonly display: TextStyle | null,
  ) {}
}

/** A style counted on a line (StyleMemo): a TextStyle made by one constructor. */
class LineStyle implements TextStyle {
  constructor(
    readonly size: number,
    readonly bold: boolean,
  ) {}
}

/** A heading style at its level, made by one constructor: `{ ...style, level }` (a spread that
 *  adds a property) took V8's slow path, some 2 µs an object, and was most of headingStyles. */
class LevelledStyle implements HeadingStyle {
  constructor(
    readonly size: number,
    readonly bold: boolean,
    readonly level: number,
  ) {}
}

/**
 * A line's dominant style, counted once for the digest (digestPage) and again by blocks.ts and
 * the passes that ask of a line's style: the count is kept on the line while its spans array
 * and their number stay (spans are joined by pushing onto a line's array, or replaced with a
 * new one; no pass after the joiner changes a span's text or size in place). Callers read the
 * facts and change none of them.
 */
export function lineStyleFacts(line: Line): LineStyleFacts {
  const memo = line.styleMemo as StyleMemo | undefined;
  if (memo !== undefined && memo.spans === line.spans && memo.count === line.spans.length) return memo;
  const counted = countLineStyles(line);
  line.styleMemo = counted;
  return counted;
}

/** The line's style facts, counted, with the spans array and length they were counted on. */
function countLineStyles(line: Line): StyleMemo {
  // Most lines carry one or two styles, so a short list beats a Map, and counting beats a
  // regex copy of each span.
  const sizes = scratchSizes;
  const bolds = scratchBolds;
  const chars = scratchChars;
  let styles = 0;
  let best = -1;
  let total = 0;
  let code = 0;
  for (const span of line.spans) {
    const n = nonSpaceLength(span.text);
    if (n === 0) continue;
    total += n;
    if (span.monospace) code += n;
    const size = roundHalf(span.size);
    let k = 0;
    while (k < styles && !(sizes[k] === size && bolds[k] === span.bold)) k++;
    if (k === styles) {
      sizes[k] = size;
      bolds[k] = span.bold;
      chars[k] = 0;
      styles++;
    }
    chars[k] += n;
    if (best === -1 || chars[k] > chars[best]) best = k;
  }
  const spans = line.spans;
  const count = spans.length;
  if (best === -1) return new StyleMemo(spans, count, new LineStyle(0, false), total, code, null);
  let largest = best;
  for (let k = 0; k < styles; k++) if (sizes[k] > sizes[largest]) largest = k;
  const display =
    largest !== best && total <= HEADING_LINE_CHARS_MAX && chars[largest] >= DISPLAY_TITLE_SHARE_MIN * total && sizes[largest] >= DISPLAY_TITLE_RATIO_MIN * sizes[best]
      ? new LineStyle(sizes[largest], bolds[largest])
      : null;
  return new StyleMemo(spans, count, new LineStyle(sizes[best], bolds[best]), total, code, display);
}

/** A text style, a line's style facts (its memo), a style's tally, a pitch's and a heading's level, made at
 * load with every field in its most general form (fractional sizes, a display style and none,
 * two lines' memos) and kept, for the reason model.ts settleShapes gives: the first
 * fractional size after whole ones had changed these classes mid-pass, and V8 threw away the
 * optimised code of the passes reading them (prepareLines, tallyStyles, pitchTallies). */
export const settledStyleShapes: readonly object[] = settleStyleShapes();

function settleStyleShapes(): readonly object[] {
  const style: TextStyle = { size: 0.5, bold: true };
  const facts = new StyleMemo([], 0, new LineStyle(0.5, true), 1, 1, new LineStyle(0.5, true));
  const plain = new StyleMemo([], 1, new LineStyle(1, false), 0, 0, null);
  const tally: StyleTally = { size: 0.5, bold: true, chars: 0, lines: 0, longLines: 0, codeLines: 0, codeChars: 0, abstainChars: 0, frameTitleLines: 0 };
  tally.chars = tally.lines = tally.longLines = tally.codeLines = tally.codeChars = tally.abstainChars = tally.frameTitleLines = 1;
  const pitch: PitchTally = { size: 0.5, bold: true, pitch: 0.5, count: 1 };
  pitch.count = 2;
  return [style, facts, plain, tally, pitch, new LevelledStyle(0.5, true, 1)];
}

/** The style carrying most characters in a line. */
export function lineStyle(line: Line): TextStyle {
  return lineStyleFacts(line).style;
}

/** The style a line would be a heading in: a display line's title style, otherwise the style
 * carrying most characters. */
export function headingStyleOf(line: Line): { style: TextStyle; display: boolean } {
  const facts = lineStyleFacts(line);
  return facts.display ? { style: facts.display, display: true } : { style: facts.style, display: false };
}

/** The characters and lines one text style carries on a page (or, merged, in the document). */
export interface StyleTally {
  size: number;
  bold: boolean;
  chars: number;
  lines: number;
  /** Lines longer than a heading can be. */
  longLines: number;
  /** Lines set mostly in the code face (isCodeLine), and the characters they carry. */
  codeLines: number;
  codeChars: number;
  /** Of `chars`, those of lines that do not vote for the body: a slide's edge bands and its
   *  frame's title (slide_bands.ts). Absent: none. */
  abstainChars?: number;
  /** Of `lines`, a slide's frame title (slide_bands.ts frameTitleOf). Absent: none. */
  frameTitleLines?: number;
}

/** Sizes as the style keys compare them (their text): NaN, from a degenerate font matrix, is one size. */
function sameSize(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/** The styles of a page's lines, in the order they first appear. */
/** `facts`: lineStyleFacts of each line, which the caller reads again (digestPage); `slide`:
 *  which lines abstain from the body's vote and which is a frame's title (slide_bands.ts). */
export function tallyStyles(lines: readonly Line[], figures: readonly Rule[], facts: readonly LineStyleFacts[], slide: SlideVote = NO_SLIDE_VOTE): StyleTally[] {
  const abstains = slide.abstains;
  // A page sets its text in a handful of styles: a short list searched in order beats a key
  // string built for every line.
  const tallies: StyleTally[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const { chars, codeChars, style: main, display } = facts[i];
    const style = display ?? main;
    if (chars === 0) continue;
    if (chars > 1 && line.x1 - line.x0 < SIDEWAYS_WIDTH_EMS_MAX * style.size) continue;
    // A contents page sets its entries in the styles of the headings they name, often bold at
    // body size; they are neither the body nor headings, and must not outvote the page's title.
    if (isContentsEntry(line)) continue;
    // A figure's labels are part of its drawing, not of the text's hierarchy.
    if (figures.length > 0 && insideFrame(line, figures)) continue;
    if (!style.bold && chars <= SUBTITLE_CHARS_MAX && isSubtitle(lines, i, style.size)) continue;
    let entry = tallyOf(tallies, style);
    if (!entry) {
      entry = new PageTally(style.size, style.bold);
      tallies.push(entry);
    }
    entry.chars += chars;
    if (abstains[i] === true) entry.abstainChars = (entry.abstainChars ?? 0) + chars;
    if (i === slide.frameTitle) entry.frameTitleLines = (entry.frameTitleLines ?? 0) + 1;
    entry.lines += 1;
    if (chars > HEADING_LINE_CHARS_MAX) entry.longLines += 1;
    if (isCodeLine(chars, codeChars)) {
      entry.codeLines += 1;
      entry.codeChars += chars;
    }
  }
  return tallies;
}

const NO_SLIDE_VOTE: SlideVote = { abstains: [], frameTitle: -1 };

/** A style's tally on one page, its counts at 0: a class, as StyleMemo is, where an object
 *  literal's allocation site was pretenured (the tallies live in the page's digest). */
class PageTally implements StyleTally {
  chars = 0;
  lines = 0;
  longLines = 0;
  codeLines = 0;
  codeChars = 0;
  abstainChars = 0;
  frameTitleLines = 0;
  constructor(
    readonly size: number,
    readonly bold: boolean,
  ) {}
}

/** A line is code for the body's tally when the code face carries more than this share of its
 *  characters. */
const CODE_LINE_MONO_SHARE_MIN = 0.5;

/** Whether the code face carries most of the line's `chars` non-space characters, `codeChars`
 *  of them (LineStyleFacts, counted with the rest). */
function isCodeLine(chars: number, codeChars: number): boolean {
  return codeChars > CODE_LINE_MONO_SHARE_MIN * chars;
}

/** The tally of `style` among `tallies`, or undefined: a loop, where a closure was made for
 * every line of every page. */
function tallyOf(tallies: readonly StyleTally[], style: TextStyle): StyleTally | undefined {
  for (const t of tallies) if (sameSize(t.size, style.size) && t.bold === style.bold) return t;
  return undefined;
}

/** A subtitle is a short line ... */
const SUBTITLE_CHARS_MAX = 80;
/** ... set under a title at least this much larger ... */
const SUBTITLE_TITLE_RATIO_MIN = 1.25;
/** ... at most this many of its own ems below it. */
const SUBTITLE_GAP_EMS_MAX = 0.25;
/** ... or reaching up into its box by at most this share of the title's size (its descent). */
const SUBTITLE_OVERLAP_TITLE_EMS_MAX = 0.15;
/** ... and by at most this share of its own size (the room above its capitals). */
const SUBTITLE_OVERLAP_OWN_EMS_MAX = 0.25;
/** Lines looked back through for the title above (lines come sorted top to bottom). */
const SUBTITLE_LOOKBACK = 4;

/**
 * Whether lines[i], in regular weight, is a subtitle: set right under a much larger title, as
 * a tagline under a masthead ("PD KIDS" | "Public domain texts for young people.") or a
 * form's subtitle under its name ("Personal Vitality Rebate" | "Power Sleep"). It belongs to
 * the title: it is no heading of its own, and its style makes no heading level that would push
 * the page's sections down one. A numbered line is a section, never a subtitle.
 */
function isSubtitle(lines: readonly Line[], i: number, size: number): boolean {
  const line = lines[i];
  for (let k = i - 1; k >= 0 && k >= i - SUBTITLE_LOOKBACK; k--) {
    const above = lines[k];
    if (line.y0 - above.y1 > SUBTITLE_GAP_EMS_MAX * size) continue;
    if (above.x1 <= line.x0 || above.x0 >= line.x1) continue;
    let aboveSize = 0;
    for (const span of above.spans) if (!isBlankText(span.text)) aboveSize = Math.max(aboveSize, span.size);
    if (aboveSize < SUBTITLE_TITLE_RATIO_MIN * size) continue;
    // The boxes may overlap where both are empty, the title's descent over the room above the
    // subtitle's capitals: a XeLaTeX invoice's "du JJ mois AAAA" (12 pt) set 2.5 pt into
    // "Facture nº X" (24.8 pt), whose letters do not descend.
    const overlap = Math.min(SUBTITLE_OVERLAP_TITLE_EMS_MAX * aboveSize, SUBTITLE_OVERLAP_OWN_EMS_MAX * size);
    if (above.y1 > line.y0 + Math.max(1, overlap)) continue;
    return !SECTION_NUMBER_START.test(lineText(line));
  }
  return false;
}

/** A numbered section's title: "2 Overview", "3.1 Results", "A. Sleep". */
const SECTION_NUMBER_START = /^\s*(?:\d+(?:\.\d+)*|[A-Z])[.)]?\s+\p{L}/u;

/** Body style and heading levels from the pages' style tallies, merged in page order. */
export function headingStyles(tallies: readonly (readonly StyleTally[])[]): { body: TextStyle; headings: HeadingStyle[] } {
  // Merged in page order, a style keeps the place of its first appearance in the document,
  // which is what breaks a tie for the body style.
  // Keyed by size in a map for each weight, where a key string was built for every page's
  // every style (a Map's keys compare as the sizes' text did: NaN is one key, -0 is 0); the
  // merged tallies kept in the order they first appear.
  const merged: StyleTally[] = [];
  const plainBySize = new Map<number, StyleTally>();
  const boldBySize = new Map<number, StyleTally>();
  let totalChars = 0;
  for (const page of tallies) {
    for (const tally of page) {
      const bySize = tally.bold ? boldBySize : plainBySize;
      const entry = bySize.get(tally.size);
      if (entry) {
        entry.chars += tally.chars;
        entry.lines += tally.lines;
        entry.longLines += tally.longLines;
        entry.codeLines += tally.codeLines;
        entry.codeChars += tally.codeChars;
        entry.abstainChars = (entry.abstainChars ?? 0) + (tally.abstainChars ?? 0);
        entry.frameTitleLines = (entry.frameTitleLines ?? 0) + (tally.frameTitleLines ?? 0);
      } else {
        const copy = { ...tally };
        bySize.set(tally.size, copy);
        merged.push(copy);
      }
      totalChars += tally.chars;
    }
  }
  let body = bodyVote(merged, true) ?? bodyVote(merged, false) ?? { size: 10, bold: false };
  body = proseOverCode(merged, body) ?? body;
  body = proseOverCells(merged, body) ?? body;
  const candidates: TextStyle[] = [];
  for (const entry of merged) {
    const style = { size: entry.size, bold: entry.bold };
    // On a page of few lines (a title page: its title is a third of the text) the share says
    // nothing: a style of a line or two is no body text however much of the page it holds.
    if (entry.chars > HEADING_CHAR_SHARE_MAX * totalChars && !(entry.lines <= SHARE_EXEMPT_LINES_MAX && entry.size >= SHARE_EXEMPT_SIZE_RATIO_MIN * body.size) && !(entry.lines === 1 && entry.size >= ONE_LINE_EXEMPT_SIZE_RATIO_MIN * body.size)) continue;
    if (entry.longLines > entry.lines / 2) continue;
    // A slide's frame title is a heading by its place a size step over the body (\large over
    // 11 pt is 12: no heading size by the ratio).
    const frameTitle = (entry.frameTitleLines ?? 0) > 0 && style.size >= body.size + HEADING_SIZE_DELTA_MIN;
    const larger = frameTitle || isHeadingSizeOver(style.size, body.size);
    // Bold from body size up: a bold line slightly larger than the body (12 pt over 11) is
    // a heading as much as one at body size.
    const boldFromBodySize = style.bold && !body.bold && style.size >= body.size - 0.5;
    if (larger || boldFromBodySize) candidates.push(style);
  }
  sortInPlace(candidates, largerFirst);
  const headings: HeadingStyle[] = [];
  const top = candidates[0];
  let level = top !== undefined && top.size < TOP_LEVEL_SIZE_RATIO_MIN * body.size ? 1 : 0;
  let prev: TextStyle | null = null;
  for (const style of candidates) {
    // Above body size, size alone sets the level: scripts without a bold face (CJK in many
    // PDFs) set their headings at the same size without weight.
    const aboveBody = style.size >= body.size + HEADING_SIZE_DELTA_MIN;
    const sameLevel = prev && Math.abs(prev.size - style.size) < LEVEL_SIZE_MERGE && (aboveBody || prev.bold === style.bold);
    if (!sameLevel) level = Math.min(level + 1, HEADING_LEVELS_MAX);
    headings.push(new LevelledStyle(style.size, style.bold, level));
    prev = style;
  }
  return { body, headings };
}

/** Heading candidates' order: larger first, bold before regular at one size. */
const largerFirst = (a: TextStyle, b: TextStyle) => b.size - a.size || Number(b.bold) - Number(a.bold);

/** The style carrying the most characters, the first of a tie; with `votersOnly`, counting
 *  only those of lines that vote (slide_bands.ts), and null when none do. */
function bodyVote(merged: readonly StyleTally[], votersOnly: boolean): TextStyle | null {
  let body: TextStyle | null = null;
  let bodyChars = votersOnly ? 0 : -1;
  for (const entry of merged) {
    const chars = votersOnly ? entry.chars - (entry.abstainChars ?? 0) : entry.chars;
    if (chars > bodyChars) {
      body = { size: entry.size, bold: entry.bold };
      bodyChars = chars;
    }
  }
  return body;
}

/** The body style is code when code lines carry more than this share of its characters ... */
const CODE_BODY_SHARE_MIN = 0.5;
/** ... and a regular style in the text face, at a heading size over the code, that sets this
 *  many lines outside code at least is the body instead. */
const PROSE_BODY_LINES_MIN = 4;

/**
 * The body style of a selection whose most common style is its code: a browser's printout of
 * an API reference (libxslt's module pages) sets its listings in a monospace font at 13 px
 * and its prose at 16 px, and the listings outweigh the prose. The prose is the body: read as
 * a heading size over the code, each of its sentences came out a heading. Only a regular
 * style at a heading size over the code, with lines of its own outside code, is taken (a
 * TeX manual's 10 pt prose over its 9 pt verbatim is no heading size, and its small bold
 * "Abstract" stays a heading over a body of code); a title set in
 * the code face (a class file's name over its listing) is code and stays a heading.
 */
function proseOverCode(entries: Iterable<StyleTally>, body: TextStyle): TextStyle | null {
  const all = [...entries];
  const code = tallyOf(all, body);
  if (code === undefined || code.codeChars <= CODE_BODY_SHARE_MIN * code.chars) return null;
  // The text face's main style: the regular style carrying the most characters outside code,
  // more than the code's own style carries outside code (CJK templates set their prose at the
  // code's size, and their unbolded headings larger).
  let prose: StyleTally | null = null;
  for (const entry of all) {
    if (entry.bold || entry.chars - entry.codeChars <= (prose ?? code).chars - (prose ?? code).codeChars) continue;
    prose = entry;
  }
  if (prose === null || !isHeadingSizeOver(prose.size, body.size) || prose.lines - prose.codeLines < PROSE_BODY_LINES_MIN) return null;
  return { size: prose.size, bold: false };
}

/** The body style's lines are a table's cells when they hold this many characters on average
 *  at most ... */
const CELL_LINE_CHARS_MAX = 30;
/** ... and a regular style at a heading size over them is the body instead when its lines hold
 *  this many characters on average at least (prose across the column; a page's running head
 *  and folio, in the same style, count among them), PROSE_BODY_LINES_MIN lines of it or more. */
const PROSE_LINE_CHARS_MIN = 40;

/**
 * The body style of a selection whose most common style is a table's cells: a user guide's
 * page given alone, two parameter tables in 7 pt under two short paragraphs in 10 pt
 * (ReportLab's p. 61). The cells outweigh the prose, and read as a heading size over them,
 * each paragraph came out a heading. Over a whole document the prose carries the most.
 */
function proseOverCells(entries: readonly StyleTally[], body: TextStyle): TextStyle | null {
  const cells = tallyOf(entries, body);
  if (cells === undefined || cells.chars > CELL_LINE_CHARS_MAX * cells.lines) return null;
  let prose: StyleTally | null = null;
  for (const entry of entries) {
    if (entry.bold || entry.lines < PROSE_BODY_LINES_MIN || entry.chars < PROSE_LINE_CHARS_MIN * entry.lines || !isHeadingSizeOver(entry.size, body.size)) continue;
    if (prose === null || entry.chars > prose.chars) prose = entry;
  }
  return prose === null ? null : { size: prose.size, bold: false };
}

/**
 * What the document pass needs of one page, computed where the page was laid out (a worker
 * thread, or this one): the page's lines stay there, and only this crosses to the pass.
 */
export interface PageDigest {
  page: number;
  styles: StyleTally[];
  margins: PageMargins;
  furnitureRows: FurnitureRow[];
  /** Hyphenated compounds the page writes whole (layout/compounds.ts). */
  compounds: string[];
  /** Lines that may be headings the outline names (outline_titles.ts). */
  titleLines: TitleLine[];
  /** The pitches between the page's paragraph lines (pitchTallies). */
  pitches: PitchTally[];
  /** Whether the page may hold a right-to-left letter: false only where its extractor looked
   *  and found none (PageModel.rightToLeft). */
  rightToLeft: boolean;
}

/** How many pairs of lines of one style are set one pitch apart on a page. */
export interface PitchTally {
  size: number;
  bold: boolean;
  /** Top to top, rounded to half a point. */
  pitch: number;
  count: number;
}

/** A page's pitch tally (PitchTally) made by a class: the tallies live in the page's digest
 *  until the document pass, and an object literal's site was pretenured (StyleMemo). */
class PitchCount implements PitchTally {
  count = 1;
  constructor(
    readonly size: number,
    readonly bold: boolean,
    readonly pitch: number,
  ) {}
}

/** A pair of lines shows the leading when each has this many characters at least (a line of
 *  a paragraph, not a label or a list's short entry) ... */
export const PITCH_LINE_CHARS_MIN = 20;
/** ... and they are at most this many ems apart, top to top (no blank line between them). */
const PITCH_EMS_MAX = 2;
/** The document's body pitch needs this many pairs at least, and this share of the body's
 *  pairs at one pitch: text set at one leading shows it in most of its pairs. */
const BODY_PITCH_PAIRS_MIN = 8;
const BODY_PITCH_SHARE_MIN = 0.4;

/**
 * The pitches of the page's consecutive lines of one style that lie under each other, both
 * long enough to be lines of a paragraph. A run of a paragraph's lines shows its leading; the
 * document's body pitch (bodyPitchOf) stands in where a page's run of lines is too short to
 * measure its own (blocks.ts usualLineGap).
 */
function pitchTallies(lines: readonly Line[], facts: readonly LineStyleFacts[]): PitchTally[] {
  const tallies: PitchTally[] = [];
  for (let i = 1; i < lines.length; i++) {
    const above = lines[i - 1];
    const line = lines[i];
    const style = facts[i].style;
    const prevStyle = facts[i - 1].style;
    if (facts[i].chars < PITCH_LINE_CHARS_MIN || facts[i - 1].chars < PITCH_LINE_CHARS_MIN) continue;
    if (!sameSize(style.size, prevStyle.size) || style.bold !== prevStyle.bold || !(style.size > 0)) continue;
    if (line.x0 >= above.x1 || line.x1 <= above.x0) continue;
    const pitch = roundHalf(line.y0 - above.y0);
    if (pitch < style.size || pitch > PITCH_EMS_MAX * style.size) continue;
    // The contents test last: it reads the line's end, the geometry above reads numbers.
    if (isContentsEntry(line) || isContentsEntry(above)) continue;
    let entry: PitchTally | undefined;
    for (const t of tallies) if (t.pitch === pitch && t.size === style.size && t.bold === style.bold) entry = t;
    if (entry) entry.count++;
    else tallies.push(new PitchCount(style.size, style.bold, pitch));
  }
  return tallies;
}

/** The body style's most common pitch over the pages (pitchTallies), or null when too few
 *  pairs, or too spread a share of them, show one. */
function bodyPitchOf(pages: readonly (readonly PitchTally[])[], body: TextStyle): number | null {
  const counts = new Map<number, number>();
  let pairs = 0;
  for (const page of pages) {
    for (const t of page) {
      if (t.size !== body.size || t.bold !== body.bold) continue;
      counts.set(t.pitch, (counts.get(t.pitch) ?? 0) + t.count);
      pairs += t.count;
    }
  }
  let best: number | null = null;
  let bestCount = 0;
  for (const [pitch, count] of counts) {
    if (count > bestCount || (count === bestCount && best !== null && pitch < best)) {
      best = pitch;
      bestCount = count;
    }
  }
  return pairs >= BODY_PITCH_PAIRS_MIN && bestCount >= BODY_PITCH_SHARE_MIN * pairs ? best : null;
}

/** Each line's style as a heading: a display line's title style, otherwise its dominant one. */
function titleStyles(facts: readonly LineStyleFacts[]): TextStyle[] {
  const styles: TextStyle[] = [];
  for (const f of facts) styles.push(f.display ?? f.style);
  return styles;
}

export function digestPage(page: PageModel, lines: readonly Line[]): PageDigest {
  // Each line's style once: the tally and the title lines both read it.
  // A loop, not map: an optimised map makes a holey array, an interpreted one a packed array,
  // and tallyStyles and titleStyles bailed out at each change.
  const facts: LineStyleFacts[] = [];
  for (const line of lines) facts.push(lineStyleFacts(line));
  const styles = tallyStyles(lines, figureFrames(lines, page.rules, page), facts, slideNonVoters(page, lines, (i) => (facts[i].display ?? facts[i].style).size));
  // The page's own body style, for the lines worth sending to the document pass.
  let main: StyleTally | null = null;
  for (const tally of styles) if (main === null || tally.chars > main.chars) main = tally;
  const headingStyle = (style: TextStyle) => main !== null && ((style.bold && !main.bold) || style.size >= main.size + HEADING_SIZE_DELTA_MIN);
  return {
    page: page.page,
    styles,
    margins: marginFacts(page, lines),
    furnitureRows: pageFurnitureRows(page, lines),
    compounds: pageCompounds(lines),
    // headingStyleOf's style: a display line's title style, otherwise its dominant one.
    titleLines: pageTitleLines(lines, titleStyles(facts), headingStyle),
    pitches: pitchTallies(lines, facts),
    rightToLeft: page.rightToLeft !== false,
  };
}

/**
 * The document pass's verdict, by page and line index so that it can travel to the thread
 * that holds a page's lines: body style, heading levels, and the furniture lines of each page.
 */
export interface DocumentPlan {
  body: TextStyle;
  headings: HeadingStyle[];
  /** Indices into each page's prepared lines. */
  furniture: Map<number, number[]>;
  /** Hyphenated compounds the selection writes whole, lower-cased. */
  compounds: Set<string>;
  /** Levels the outline's headings go down by (outline_titles.ts), null when no page says. */
  outlineShift: number | null;
  /** The body's most common baseline pitch (bodyPitchOf), null when too few lines show it. */
  bodyPitch: number | null;
  /** Whether any page of the selection may hold a right-to-left letter (PageDigest.rightToLeft). */
  rightToLeft: boolean;
}

/** The document pass over the digests of the pages with text, in page order, and the
 *  outline's titles by page (none in tests and tools that have no outline). */
export function planDocument(digests: readonly PageDigest[], hints: OutlineHints = new Map()): DocumentPlan {
  // The digests' fields by push, not map: an optimised map makes a holey array, an interpreted
  // one a packed array, and headingStyles, runningLineIndices and documentCompounds bailed out
  // ("wrong map") when planDocument was optimised after they had been.
  const styles: (readonly StyleTally[])[] = [];
  const margins: PageMargins[] = [];
  const compounds: (readonly string[])[] = [];
  const pitches: (readonly PitchTally[])[] = [];
  for (const d of digests) {
    styles.push(d.styles);
    margins.push(d.margins);
    compounds.push(d.compounds);
    pitches.push(d.pitches);
  }
  const { body, headings } = headingStyles(styles);
  const furniture = runningLineIndices(margins);
  for (const digest of digests) {
    const own = furnitureFromRows(digest.furnitureRows, body.size);
    if (own.length === 0) continue;
    furniture.set(digest.page, [...(furniture.get(digest.page) ?? []), ...own]);
  }
  const outline = hints.size === 0 ? null : outlineLevels(digests, hints, (style) => levelAmong(headings, style), body.size);
  // A heading style the outline names at one level is that level (outline_titles.ts).
  const leveled = outline === null ? headings : outlineLeveled(headings, outline.byStyle);
  return { body, headings: leveled, furniture, compounds: documentCompounds(compounds), outlineShift: outline?.shift ?? null, bodyPitch: bodyPitchOf(pitches, body), rightToLeft: digests.some(mayHoldRtl) };
}

const mayHoldRtl = (digest: PageDigest) => digest.rightToLeft;

/** The heading styles at the levels the outline names them (outline_titles.ts), by push, not
 *  map, for the reason planDocument gives: levelAmong reads both this list and headingStyles'. */
function outlineLeveled(headings: readonly HeadingStyle[], byStyle: ReadonlyMap<string, number>): HeadingStyle[] {
  const leveled: HeadingStyle[] = [];
  for (const h of headings) leveled.push(new LevelledStyle(h.size, h.bold, Math.min(byStyle.get(styleKeyOf(h)) ?? h.level, HEADING_LEVELS_MAX)));
  return leveled;
}

/** The plan as one page's renderer reads it, with the page's furniture as lines. */
export function statsForPage(plan: DocumentPlan, page: number, lines: readonly Line[]): DocumentStats {
  return { body: plan.body, headings: plan.headings, running: new Set((plan.furniture.get(page) ?? []).map((index) => lines[index])), compounds: plan.compounds, outlineShift: plan.outlineShift, bodyPitch: plan.bodyPitch, rightToLeft: plan.rightToLeft };
}

/** The document pass over pages laid out in this thread (tests and tools). */
export function computeDocumentStats(pages: readonly PageModel[], linesByPage: readonly Line[][]): DocumentStats {
  const plan = planDocument(pages.map((page, i) => digestPage(page, linesByPage[i])));
  const running = new Set<Line>();
  pages.forEach((page, i) => {
    for (const line of statsForPage(plan, page.page, linesByPage[i]).running) running.add(line);
  });
  return { body: plan.body, headings: plan.headings, running, bodyPitch: plan.bodyPitch, rightToLeft: plan.rightToLeft };
}

export function headingLevelOf(stats: DocumentStats, style: TextStyle): number | null {
  return levelAmong(stats.headings, style);
}

function levelAmong(headings: readonly HeadingStyle[], style: TextStyle): number | null {
  for (const h of headings) {
    if (h.bold === style.bold && Math.abs(h.size - style.size) < 0.01) return h.level;
  }
  return null;
}
