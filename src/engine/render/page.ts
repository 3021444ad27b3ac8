// Step 5, each page: one page's Markdown. Tidied lines → tables pulled out → figures' labels
// left out → reading order → blocks → Markdown text. Knows the document statistics but
// nothing of other pages.
import { measureRules } from "../layout/ruled_measure.js";
import { contentsOutOfCode } from "./code_contents.js";
import { holdShape } from "../held_shapes.js";
import { centredCodeAsText } from "./centred_code.js";
import { demoteNavigationTitles } from "../layout/navigation_titles.js";
import { dropRepeatedSlideTitle } from "../layout/repeated_titles.js";
import { joinNavigationBars } from "../layout/nav_bars.js";
import { copyLine, type Line, lineLike, type PageLink, type PageModel, spanPiece } from "../model.js";
import type { RenderOptions } from "../result.js";
import { splitNotes, takeFootnoteArea, withPlainMarkApart } from "../layout/footnote_area.js";
import { type Block, buildBlocks, emOf, headingBlock, isContactOnly, ITEM_BODY_TOLERANCE_EMS, joinWrappedHeadings, nestListItems, paragraphBlock, standsInGapOf } from "../layout/blocks.js";
import type { ListHead, ListItemFact, ListTail } from "./list_continuation.js";
import { putMarginNotes, takeMarginNotes } from "../layout/margin_notes.js";
import { type DocumentPlan, type DocumentStats, statsForPage } from "../layout/document_stats.js";
import type { LaidOutPage } from "../layout/page_layout.js";
import { type InlineOptions, renderInline, plainText } from "./inline.js";
import { lineSize, lineText } from "../layout/lines.js";
import { isContentsEntryLine } from "../layout/leaders.js";
import { isBlankText } from "../layout/whitespace.js";
import { type Box, type OrderedGroup, unionOf } from "../layout/box.js";
import { columnGutter, orderForReading } from "../layout/reading_order.js";
import { orderBetweenDividers } from "../layout/divider_bands.js";
import { cardRows, orderWithFrames } from "../layout/framed_blocks.js";
import { keepColumnFootCode } from "../layout/column_foot_code.js";
import { readSmallPrintColumnsApart } from "../layout/small_print_columns.js";
import { detectColumnTables, detectTables, type Table } from "../tables/detect.js";
import { findAuthorGrids } from "../tables/author_grid.js";
import { FLOAT_CAPTION } from "../layout/captions.js";
import { dropFramedFigureLabels, FIGURE_LABEL_CHARS_MAX } from "../layout/figure_labels.js";
import { joinBoxedHeadings } from "../layout/text_boxes.js";
import { figureTextLines } from "../layout/figure_text.js";
import { breakMenuEntries, findSidePanel, orderWithSidePanel, splitAtPanel } from "../layout/side_panels.js";
import { type FieldBetween, formFieldsBetween } from "../layout/form_fields.js";
import { joinSideBySideHeadings } from "../layout/side_by_side.js";
import { putRowMatesLeftToRight } from "../layout/row_order.js";
import { joinEquationNumbers } from "../layout/equation_numbers.js";
import { readRowEndsWithTheirRows } from "../layout/row_ends.js";
import { readLetterheadFirst, readSideStacksApart } from "../layout/side_stacks.js";
import { readListColumnsApart } from "../layout/list_columns.js";
import { demoteLaterBylines } from "./later_bylines.js";
import { innerBulletLines } from "./inner_bullets.js";
import { markSlidePhraseBreaks } from "../layout/slide_phrases.js";
import { levelBlockTitles, slideBlockTitles } from "../layout/block_titles.js";
import { readColumnTailsWithSpanningItems } from "../layout/column_tails.js";
import { titleSubtitles } from "../layout/title_subtitles.js";
import { normalizeTitle, type OutlineHints, outlineLevelOf, TITLE_LEVELS, TITLE_LINES_MAX } from "../layout/outline_titles.js";
import { renderTable } from "./table.js";
import { readStacksBeforeFields } from "../tables/fields_beside_stack.js";
import { type HorizontalRule, sideTableTitle } from "../tables/side_titles.js";
import { drawnExtent, findSideFloats, type SideFloat } from "../layout/side_floats.js";
import { pageWords, type PageWords } from "./page_words.js";
import { findQuoteBars, quoteOf } from "../layout/quote_bars.js";
import { markIndentedQuotes } from "../layout/indented_quotes.js";
import { standsApartAbove } from "./page_head.js";
import { extraWideColumns } from "./code_columns.js";

export interface PageRender {
  markdown: string;
  links: { url: string; text: string }[];
  columns: number;
  /** UTF-16 units of the footnotes the Markdown ends with (after a blank line), or 0. */
  notesLength: number;
  /** The lists the Markdown starts and ends with (list_continuation.ts). */
  lists: PageLists;
}

/** The list a page's Markdown starts with and the one it ends with, where it does: a list the
 *  page break cuts goes on at its depth (list_continuation.ts). */
export interface PageLists {
  head: ListHead | null;
  tail: ListTail | null;
}

/** A line of words, which a stack of text beside another is made of: a plot's tick labels
 *  ("1.0", "0.5") and an equation's pieces ("a = b", "(5a)") stand in stacks too. */
const WORD_LETTERS = /\p{L}{2}/u;

type FlowItem = (Line & { table?: undefined; float?: undefined }) | FlowBox;
/** A table or a side float among a page's lines, read in order with them. */
type FlowBox = (Box & { table: Table; float: undefined }) | (Box & { table: undefined; float: SideFloat });

/** A flow item for a table or a side float: both kinds in one hidden class (its box, then
 *  both fields, one undefined). As two literals of differing fields (a float's spread from
 *  its box) they were two, and every function reading the page's items (renderPage, the
 *  reading passes, the box comparators) met a third kind of object beside the lines on the
 *  rare page with a float, and V8 threw its optimised code away ("wrong map") to compile it
 *  again (issue 9: each worker of a pool pays that compile). */
function flowBox(box: Box, table: Table | undefined, float: SideFloat | undefined): FlowBox {
  return { x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1, table, float } as FlowBox;
}

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const isWordLine = (item: FlowItem): item is FlowItem & Line => !item.table && !item.float && hasWordLetters(item as Line);
type FlowLine = Line & { table?: undefined; float?: undefined };
/** Whether a flow item is a line (no table, no float); made once, as isWordLine. */
const isFlowLine = (item: FlowItem): item is FlowLine => !item.table && !item.float;

/** Whether the line's text holds two letters in a row (WORD_LETTERS on its text). Asked of
 *  every line of a page by the reading passes, most lines more than once: read unit by unit
 *  across the spans, so that letters split across spans (TeX's one-glyph spans) need no text
 *  built. A surrogate (a letter past the Basic Multilingual Plane: a mathematical italic 𝑥 is
 *  one) sends the line to the pattern, which reads code points. (Asked once per line per page
 *  instead, through a set of the page's word lines, it took longer: a lookup costs about what
 *  this scan does.) */
export function hasWordLetters(line: Line): boolean {
  let letter = false;
  for (const span of line.spans) {
    const text = span.text;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= SURROGATE_MIN && c <= SURROGATE_MAX) return WORD_LETTERS.test(lineText(line));
      const isLetter = c < 0x80 ? (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) : isLetterUnit(c);
      if (isLetter && letter) return true;
      letter = isLetter;
    }
  }
  return false;
}
const SURROGATE_MIN = 0xd800;
const SURROGATE_MAX = 0xdfff;
/** A letter of \p{L}, one character. */
const LETTER = /\p{L}/u;
/** Whether each UTF-16 unit past ASCII (no surrogate) is a letter: 1 yes, 2 no, 0 not asked
 *  yet. Filled as units come up, for the pattern costs a string and a match a unit. */
const letterUnits = new Uint8Array(0x10000);

function isLetterUnit(code: number): boolean {
  let kind = letterUnits[code];
  if (kind === 0) letterUnits[code] = kind = LETTER.test(String.fromCharCode(code)) ? 1 : 2;
  return kind === 1;
}

/** The lines not in `left` (a loop: see isWordLine). */
function linesNotIn(lines: readonly Line[], left: ReadonlySet<Line>): Line[] {
  const kept: Line[] = [];
  for (const line of lines) if (!left.has(line)) kept.push(line);
  return kept;
}
export type PageBlock = Block | { kind: "table"; table: Table };

const paragraphPageBlock = (lines: Line[]): PageBlock => paragraphBlock(lines);

/** The empty set of lines, shared: a page with no side float or table title makes none. */
const NO_LINES: ReadonlySet<Line> = new Set();

export function renderPage(
  model: PageModel,
  lines: readonly Line[],
  stats: DocumentStats,
  options: RenderOptions,
  outline: OutlineHints,
): PageRender {
  // No furniture on most pages of a short selection: nothing to look up line by line.
  const kept = options.headersFooters === "strip" && stats.running.size > 0 ? linesNotIn(lines, stats.running) : lines.slice();
  const { grids, rest: gridless } = findAuthorGrids(kept, stats.body.size);
  const panel = findSidePanel(gridless, model.rules, model);
  const pageTables = detectTables(gridless, model.rules, { width: model.width, height: model.height, images: model.images }, panel ? splitAtPanel(gridless, panel) : undefined);
  const gutter = columnGutter(pageTables.rest);
  if (gutter) detectColumnTables(pageTables, gutter);
  if (grids.length > 0) pageTables.tables = [...grids, ...pageTables.tables].sort((p, q) => p.y0 - q.y0 || p.x0 - q.x0);
  const { tables, rest: text } = pageTables;
  const figureText = figureTextLines(text, model, model.rules, stats.body.size, model);
  const { flow: rest, notes: footnotes } = takeFootnoteArea(figureText.size === 0 ? text : linesNotIn(text, figureText), model.rules, stats.body.size, model.height);
  const { notes, replaced } = takeMarginNotes(rest);
  const sideFloats = findSideFloats(rest, model.rules, model, tables, model.drawings);
  // No side float on most pages: no set to make, nor a lookup per line.
  const floated = sideFloats.length === 0 ? NO_LINES : new Set(sideFloats.flatMap((float) => float.lines));
  // Loops, not spreads of filter and map: the tables come from several makers (detectors,
  // a sort of grids and tables) as arrays of differing kinds, and renderPage's optimised
  // code bailed out at each new one, to be compiled again (it is the largest function).
  const items: FlowItem[] = [];
  for (const line of rest) if (floated.size === 0 || !floated.has(line)) items.push(line);
  for (let k = 0; k < tables.length; k++) {
    const table = tables[k];
    items.push(flowBox(table, table, undefined));
  }
  for (let k = 0; k < sideFloats.length; k++) items.push(flowBox(sideFloats[k].box, undefined, sideFloats[k]));
  // The boxes drawn round text (framed_blocks.ts): stroked rectangles.
  const frames: Box[] = [];
  for (const rule of model.rules) if (rule.kind === "stroke") frames.push(rule);
  // Boxes drawn as paths (rounded cards behind a dashboard's figures and their captions)
  // frame their text as stroked rectangles do, in a row of three at least (cardRows): two boxes
  // side by side under a title each (a slide's two lists) read by their columns.
  if (model.drawings !== undefined) frames.push(...cardRows(model.drawings));
  const groups = readRowEndsWithTheirRows(readColumnTailsWithSpanningItems(readLetterheadFirst(readListColumnsApart(readSideStacksApart(readSmallPrintColumnsApart(keepColumnFootCode(orderWithSidePanel(items, panel, (band) => orderBetweenDividers(band, model.rules, (part) => orderWithFrames(part, frames, orderForReading)))), isWordLine), isWordLine), isWordLine), isWordLine)), isWordLine);
  breakMenuEntries(rest, panel);
  if (replaced.size > 0) putBackReplacedLines(groups, replaced);
  const fieldBetween = formFieldsBetween(model.rules);
  markSlidePhraseBreaks(rest, model);
  const blockTitles = slideBlockTitles(rest, model.rules, model);
  let pageLeft = Infinity;
  let pageRight = -Infinity;
  for (const line of rest) {
    pageLeft = Math.min(pageLeft, line.x0);
    pageRight = Math.max(pageRight, line.x1);
  }
  // The footnotes taken out of the flow are the page's text too: they may show its measure
  // where the text above them does not (JACoW's centred collaboration list).
  for (const line of footnotes) {
    pageLeft = Math.min(pageLeft, line.x0);
    pageRight = Math.max(pageRight, line.x1);
  }
  /** Side tables with a title that reading order made a column of their own. */
  const columnOfItsOwn = new Set<Table>();
  const titles = takeSideTableTitles(groups, items, tables, columnOfItsOwn, pageTables.rulings.h);
  // No titled side table on most pages: the spread and flat of an empty map cost a set each page.
  const titleLines = titles.size === 0 ? NO_LINES : new Set([...titles.values()].flat());
  const besideFloats = titleLines.size === 0 ? rest : linesNotIn(rest, titleLines);
  // Loops, as for items above: an empty filter's result is an array of another kind.
  const floats: Box[] = [];
  for (let k = 0; k < tables.length; k++) {
    const table = tables[k];
    if (!table.authorGrid) floats.push(drawnExtent(unionOf([table, ...(titles.get(table) ?? [])]), model.rules, besideFloats, model));
  }
  for (let k = 0; k < sideFloats.length; k++) floats.push(sideFloats[k].box);
  const { blocks, breaks, smallPrint, floatBlocks, titleBlocks, columns } = blocksOfGroups(groups, titles, { stats, fieldBetween, pageLeft, pageRight, floats, blockTitles, measures: measureRules(model.rules) });
  const noteBlocks = footnotes.length > 0 ? putFootnotes(blocks, footnotes, (note) => buildBlocks(note, stats, fieldBetween, pageLeft)) : null;
  for (let k = breaks.length - 1; k >= 0; k--) joinAcrossFloats(blocks, breaks[k]);
  if (smallPrint.size > 0) placeSmallPrint(blocks, smallPrint);
  putUntitledSideTablesAfterLevelParagraphs(blocks, titles, rest);
  readStacksBeforeFields(blocks);
  joinAroundSideTables(blocks, titleBlocks);
  for (const table of columnOfItsOwn) placeColumnTable(blocks, table, titles.get(table) ?? []);
  for (const float of floatBlocks) placeSideFloat(blocks, float);
  // A title wrapped onto a short second line may fall into the band under it (its first line
  // crosses the columns' gutter, the second does not): its lines meet again here.
  const joined = joinWrappedHeadings(blocks as Block[]) as PageBlock[];
  if (joined.length < blocks.length) blocks.splice(0, blocks.length, ...joined);
  putMarginNotes(blocks, notes, (block) => (block.kind === "table" ? null : block.lines), paragraphPageBlock);
  dropFramedFigureLabels(blocks, model.rules, model, plainText);
  joinBoxedHeadings(blocks, model.rules, model.drawings ?? [], model, plainText);
  joinSideBySideHeadings(blocks, kept);
  joinEquationNumbers(blocks);
  applyOutlineHints(blocks, outline.get(model.page), stats.outlineShift ?? null);
  // After the outline's: a frame's title the outline names is a heading from here on.
  levelBlockTitles(blocks, blockTitles);
  contentsOutOfCode(blocks);
  centredCodeAsText(blocks);
  demoteNavigationTitles(blocks, navigationIcons(model));
  dropRepeatedSlideTitle(blocks, model);
  joinNavigationBars(blocks);
  if (model.page === 1) demoteBylines(blocks, outline.get(1));
  else demoteLaterBylines(blocks, TITLE_BLOCK_INDEX_MAX, plainText, isAuthorList, (text) => isOutlineTitle(outline.get(model.page), text));
  captionTablesInParagraphs(blocks, outline.get(model.page));
  for (const i of titleSubtitles(blocks)) {
    const [title, subtitle] = [blocks[i - 1], blocks[i]];
    if (title.kind === "heading" && subtitle.kind === "heading") blocks[i] = headingBlock(title.level + 1, subtitle.lines);
  }
  nestListItems(blocks as Block[]);
  const quoteLefts = new Map<PageBlock, number>();
  const quotes = quotedBlocks(blocks, findQuoteBars(model.rules, kept, tables), quoteLefts);
  markIndentedQuotes(blocks, quotes, model.page === 1);
  const links: { url: string; text: string }[] = [];
  const tail: RenderTail = { block: noteBlocks === null ? null : trailingNotes(blocks, noteBlocks), at: -1 };
  const lists: PageLists = { head: null, tail: null };
  const markdown = renderBlocks(blocks, model.links, options, (url, text) => links.push({ url, text }), pageWords(kept, stats.compounds, model.producerHyphenates !== false), quotes, quoteLefts, tail, lists, stats.rightToLeft !== false);
  return { markdown, links, columns, notesLength: tail.at < 0 ? 0 : markdown.length - tail.at, lists };
}

/** Each group's items with the lines a margin note was cut from (takeMarginNotes) put back
 *  as the lines that replace them. A function of its own, as blocksOfGroups: a path few pages
 *  take, which renderPage's optimised code had not met and was thrown away at. */
function putBackReplacedLines(groups: OrderedGroup<FlowItem>[], replaced: ReadonlyMap<Line, Line | null>): void {
  for (const group of groups) group.items = group.items.flatMap((item) => (item.table || item.float || !replaced.has(item as Line) ? [item] : (replaced.get(item as Line) ?? [])));
}

/** A page's blocks built group by group in reading order, and what the page's later steps
 *  place by them. */
interface GroupBlocks {
  blocks: PageBlock[];
  /** Where each column after the first starts in `blocks`, when its paragraph did not go on there. */
  breaks: number[];
  /** The blocks of small print read after the text beside them (placeSmallPrint). */
  smallPrint: Set<PageBlock>;
  /** Each side float's blocks: the first of them and how many. */
  floatBlocks: FloatBlocks[];
  /** The side tables' titles' blocks. */
  titleBlocks: Set<PageBlock>;
  /** The most side-by-side columns of any group. */
  columns: number;
}

/** A side float's blocks: the first of them, how many, and the float's box. A class, one
 *  instance held (held_shapes.ts): made for the A/B pages' one side float, as an object
 *  literal its second, in the second pass, threw away renderPage's optimised code. */
class FloatBlocks {
  constructor(
    readonly first: PageBlock,
    readonly count: number,
    readonly box: Box,
  ) {}
}
holdShape(new FloatBlocks(paragraphBlock([]), 0, { x0: 0, y0: 0, x1: 0, y1: 0 }));

/** What buildBlocks is given of the page for its runs of lines (a side float's lines get
 *  the statistics, the fields and the text's left edge alone). */
interface PageBlockFacts {
  stats: DocumentStats;
  fieldBetween: FieldBetween;
  pageLeft: number;
  pageRight: number;
  floats: readonly Box[];
  /** A slide's block titles (block_titles.ts). */
  blockTitles: ReadonlySet<Line>;
  /** Thin rules that may show a column's measure (ruled_measure.ts). */
  measures: readonly Box[];
}

/**
 * The blocks of the page's groups, each group's runs of lines built into blocks between its
 * tables (a table's title first) and side floats; a column's first paragraph joined to the
 * last column's where it goes on. Its own function, not renderPage's loop: this is where the
 * items of several kinds meet, and a deopt here recompiles this function alone, not the
 * largest function of the render step (issue 9: each worker of a pool pays that compile).
 */
function blocksOfGroups(
  groups: readonly OrderedGroup<FlowItem>[],
  titles: ReadonlyMap<Table, Line[]>,
  page: PageBlockFacts,
): GroupBlocks {
  const out: GroupBlocks = { blocks: [], breaks: [], smallPrint: new Set(), floatBlocks: [], titleBlocks: new Set(), columns: 1 };
  const blocks = out.blocks;
  for (const group of groups) {
    out.columns = Math.max(out.columns, group.columns);
    putRowMatesLeftToRight(group.items);
    const groupStart = blocks.length;
    let run: Line[] = [];
    for (const item of group.items) {
      if (item.table === undefined && item.float === undefined) {
        run.push(item as Line);
        continue;
      }
      if (run.length > 0) blocks.push(...buildBlocks(run, page.stats, page.fieldBetween, page.pageLeft, page.pageRight, page.floats, page.blockTitles, page.measures));
      run = [];
      if (item.table?.authorGrid) {
        blocks.push(...authorBlocks(item.table));
      } else if (item.table) {
        const title = titles.get(item.table);
        if (title) {
          const block: PageBlock = paragraphBlock(title);
          out.titleBlocks.add(block);
          blocks.push(block);
        }
        blocks.push({ kind: "table", table: item.table });
      } else if (item.float) {
        const built = buildBlocks(item.float.lines, page.stats, page.fieldBetween, page.pageLeft);
        if (built.length > 0) out.floatBlocks.push(new FloatBlocks(built[0], built.length, item.float.box));
        blocks.push(...built);
      }
    }
    if (run.length > 0) blocks.push(...buildBlocks(run, page.stats, page.fieldBetween, page.pageLeft, page.pageRight, page.floats, page.blockTitles, page.measures));
    if (group.smallPrint) {
      for (let k = groupStart; k < blocks.length; k++) out.smallPrint.add(blocks[k]);
      continue;
    }
    if (!joinAcrossColumnBreak(blocks, groupStart, page.floats) && groupStart > 0 && groupStart < blocks.length) out.breaks.push(groupStart);
  }
  return out;
}

/** The first of the footnotes the page's blocks end with, when footnotes alone end them
 *  (nothing kept under them) and text stands before them. */
function trailingNotes(blocks: readonly PageBlock[], notes: ReadonlySet<PageBlock>): PageBlock | null {
  let first = blocks.length;
  while (first > 0 && notes.has(blocks[first - 1])) first--;
  return first > 0 && first < blocks.length ? blocks[first] : null;
}

/** Where a block's Markdown starts in the page's: set by renderBlocks where the block starts
 *  after a blank line, outside any list item or quote; -1 otherwise. */
interface RenderTail {
  block: PageBlock | null;
  at: number;
}

/** The blocks set inside quote bars, with how many bars each stands in; and in `lefts`, where
 *  each one's outermost bar starts. */
function quotedBlocks(blocks: readonly PageBlock[], bars: readonly Box[], lefts: Map<PageBlock, number>): Map<PageBlock, number> {
  const depths = new Map<PageBlock, number>();
  if (bars.length === 0) return depths;
  for (const block of blocks) {
    // A listing framed by a rule down its side is code, not a quote, however short.
    if (block.kind === "table" || block.kind === "code" || allMonospace(block.lines)) continue;
    const { depth, left } = quoteOf(block.lines, bars);
    if (depth === 0) continue;
    depths.set(block, depth);
    lefts.set(block, left);
  }
  return depths;
}

function allMonospace(lines: readonly Line[]): boolean {
  return lines.every((line) => line.spans.every((span) => span.monospace || isBlankText(span.text)));
}

/** `text` written inside `depth` block quotes: each line after "> " that many times. */
function quoted(text: string, depth: number): string {
  const mark = "> ".repeat(depth);
  return text.replace(/^.*$/gm, (line) => (line === "" ? mark.trimEnd() : mark + line));
}

/** An author grid's blocks, row of blocks by row, left to right: each column's lines one
 * paragraph, broken where the page breaks them (a name, an affiliation, an e-mail). */
function authorBlocks(table: Table): PageBlock[] {
  const blocks: PageBlock[] = [];
  for (let c = 0; c < table.rows[0].length; c++) {
    const lines = table.rows.flatMap((row) => row[c].lines);
    if (lines.length === 0) continue;
    lines.forEach((line, k) => {
      if (k + 1 < lines.length) line.breakAfter = true;
    });
    blocks.push(paragraphBlock(lines));
  }
  return blocks;
}

/** Footnotes under a footnote rule come after the page's text, whatever column they foot,
 * and before what stands under them (a page number, a running footer kept in the output). */
function putFootnotes(blocks: PageBlock[], footnotes: readonly Line[], build: (note: Line[]) => PageBlock[]): Set<PageBlock> {
  const foot = footnotes[footnotes.length - 1].y1;
  let at = blocks.length;
  while (at > 0 && blockTop(blocks[at - 1]) >= foot) at--;
  const notes = splitNotes(footnotes).map(withPlainMarkApart).flatMap(build);
  blocks.splice(at, 0, ...notes);
  return new Set(notes);
}

function blockTop(block: PageBlock): number {
  if (block.kind === "table") return block.table.y0;
  let top = Infinity;
  for (const line of block.lines) top = Math.min(top, line.y0);
  return top;
}

const SENTENCE_END = /[.!?:;)"”’]\s*$/u;
const LOWERCASE_START = /^\s*\p{Ll}/u;

/**
 * A paragraph cut by a column break ("… Parks," | "gardens, street trees …") is one
 * paragraph: join it when the column ends mid-sentence and the next starts lowercase, or
 * when justified text runs its last line to the column's edge (a paragraph's last line is
 * set short: the newsletter's "… retires at the end of October." | "Margaret has seen …")
 * and the next column's first line has no indent of its own.
 */
export function joinAcrossColumnBreak(blocks: PageBlock[], groupStart: number, floats: readonly Box[]): boolean {
  if (groupStart === 0 || groupStart >= blocks.length) return false;
  const before = blocks[groupStart - 1];
  const after = blocks[groupStart];
  if (before.kind !== "paragraph" || after.kind !== "paragraph" || before.running || after.running) return false;
  // The page's first line standing apart above the columns (page_head.ts).
  if (groupStart === 1 && standsApartAbove(before.lines, after.lines)) return false;
  // A column of an index or a contents page ends with an entry, whatever the next begins with.
  if (isContentsEntryLine(before.lines[before.lines.length - 1], lineText(before.lines[before.lines.length - 1]))) return false;
  const afterText = plainText(after.lines);
  // A line of contact details alone (an e-mail or web address starts in a small letter) goes
  // on from nothing: a CV's contact lines beside its name, read after the name and title.
  const midSentence = !SENTENCE_END.test(plainText(before.lines)) && LOWERCASE_START.test(afterText) && !isContactOnly(lineText(after.lines[0]));
  if (!midSentence && !(runsToEdge(before.lines) && goesOnAtTop(before.lines, after.lines, afterText)) && !goesOnUnderLeftFloat(before.lines, after.lines, floats)) return false;
  blocks.splice(groupStart - 1, 2, paragraphBlock([...before.lines, ...after.lines]));
  return true;
}

/** A paragraph going on under a float steps down by its own leading: the gap over the next
 *  line is at most this many points more than the widest gap between its lines (those beside
 *  the float, or those under it when one line stands beside it). */
const LEADING_TOLERANCE_PT = 1;

/**
 * Whether the next group's paragraph goes on from one beside a float on its left (a web
 * page's infobox floated left: reading order reads the text beside it as a column of its own,
 * and the lines under it, at full width, as the next): the last line beside the float shares
 * the float's band, the next line starts under the float, left of where the lines beside it
 * start, with no indent of its own, in the same size, one leading below (a paragraph's gap
 * is wider). A sentence ending
 * at the float's foot does not end the paragraph ("… over twenty-two years." | "It was a
 * great work …").
 */
function goesOnUnderLeftFloat(before: readonly Line[], after: readonly Line[], floats: readonly Box[]): boolean {
  const last = before[before.length - 1];
  const first = after[0];
  const float = floats.find((box) => last.x0 >= box.x1 && last.y0 < box.y1 && last.y1 > box.y0 && first.y0 >= box.y1 - LEADING_TOLERANCE_PT && first.x0 < box.x1);
  if (!float || Math.abs(lineSize(last) - lineSize(first)) >= 0.5) return false;
  if (after.length >= 2 && first.x0 - after[1].x0 > FIRST_LINE_INDENT_EMS_MIN * lineSize(first)) return false;
  const lines = before.length >= 2 ? before : after;
  if (lines.length < 2) return false;
  let leading = -Infinity;
  for (let k = 1; k < lines.length; k++) leading = Math.max(leading, lines[k].y0 - lines[k - 1].y1);
  return first.y0 - last.y1 <= leading + LEADING_TOLERANCE_PT;
}

/** Points a justified line's end may fall short of the paragraph's right edge. */
const JUSTIFIED_EDGE_TOLERANCE = 1;
/** A first line starting this many ems right of the second is indented. */
const FIRST_LINE_INDENT_EMS_MIN = 0.5;

/** A paragraph of two lines or more, all of them horizontal, ending at one right edge and,
 * after the first (indented or hanging), starting at one left edge: justified, its last line
 * full. Lines set flush right start where they may (a letter's sender block, set top right
 * over the recipient's). */
function runsToEdge(lines: readonly Line[]): boolean {
  if (lines.length < 2) return false;
  const edge = lines[0].x1;
  const start = lines[1].x0;
  return lines.every((line, k) => line.wmode === 0 && Math.abs(line.x1 - edge) <= JUSTIFIED_EDGE_TOLERANCE && (k === 0 || Math.abs(line.x0 - start) <= JUSTIFIED_EDGE_TOLERANCE));
}

/**
 * Whether the next column's first paragraph can be the rest of one whose last line ran full:
 * set in its size, with no indent of its own, and neither a caption nor a paragraph that
 * starts with a bold lead-in ("**Note.** The harbour master …"), nor the small print at a
 * column's foot (a paper's copyright box).
 */
function goesOnAtTop(before: readonly Line[], after: readonly Line[], afterText: string): boolean {
  const last = before[before.length - 1];
  const first = after[0];
  if (Math.abs(lineSize(last) - lineSize(first)) >= 0.5 || FLOAT_CAPTION.test(afterText)) return false;
  if (first.spans.find((span) => span.text.trim() !== "")?.bold) return false;
  if (first.y0 >= last.y1 - BELOW_TOLERANCE_PT && SENTENCE_END.test(lineText(last)) && !sameMeasure(before, after)) return false;
  return !(after.length >= 2 && first.x0 - after[1].x0 > FIRST_LINE_INDENT_EMS_MIN * lineSize(first));
}

/** A group whose first line starts this few points above the last line before it, or lower,
 *  stands under it: no column's top. */
const BELOW_TOLERANCE_PT = 1;
/** Two paragraphs' widest lines differ by at most this share of the wider one at one measure. */
const MEASURE_TOLERANCE_SHARE = 0.05;

/**
 * Whether two paragraphs are set at one measure, their widest lines as wide as each other. A
 * group that starts under the paragraph before it is no next column's top but a band of its
 * own under it (a Writer section of two columns under full-width text, or full-width text under
 * the columns): a paragraph keeps its measure, and one that ran its last line full ("… during
 * the price review." over the columns' "The Board met eleven times …") ends at the change,
 * where it ends a sentence (a line running on past a name in the margin, wider, goes on).
 */
function sameMeasure(before: readonly Line[], after: readonly Line[]): boolean {
  const widest = (lines: readonly Line[]) => lines.reduce((w, line) => Math.max(w, line.x1 - line.x0), 0);
  const a = widest(before);
  const b = widest(after);
  return Math.abs(a - b) <= MEASURE_TOLERANCE_SHARE * Math.max(a, b);
}

/**
 * A table floated beside the text (a web page's infobox) has no gutter of its own to the
 * reading order, which puts it by its top, inside the paragraph beside it: the paragraph goes
 * on below it and the table follows, as at a column's floats (joinAcrossFloats). Only a table
 * beside the paragraph, starting by its side: a table under a paragraph, or under its
 * caption, broke nothing. The table's title (takeSideTableTitles) floats with it.
 */
function joinAroundSideTables(blocks: PageBlock[], titleBlocks: ReadonlySet<PageBlock>): void {
  for (let k = blocks.length - 2; k >= 1; k--) {
    const float = blocks[k];
    if (float.kind !== "table") continue;
    const start = titleBlocks.has(blocks[k - 1]) ? k - 1 : k;
    const before = blocks[start - 1];
    if (start === 0 || before.kind !== "paragraph") continue;
    const { table } = float;
    const last = before.lines[before.lines.length - 1];
    if (table.y0 < last.y1 && before.lines.every((line) => line.x1 <= table.x0 || line.x0 >= table.x1)) joinAcrossFloats(blocks, start);
  }
}

/** A paragraph a side table floats beside has this many lines in the table's band at least. */
const SIDE_TABLE_LINES_BESIDE_MIN = 2;

/**
 * A side table with no title whose top is level with the first line of the paragraph beside
 * it (a web page's infobox with no caption) is read by its top, before that paragraph: it
 * goes after it, as a titled one does (its title's line stands over the paragraph's first)
 * and as a framed float does (placeSideFloat). The paragraph is running text the table floats
 * in: SIDE_TABLE_LINES_BESIDE_MIN lines or more beside it, and wider than it (a narrow stack
 * of lines beside a table, an invoice's third address or a diary's weather after its date,
 * is read after it). Only on a page whose text goes on at full width over or under the
 * table (textRunsAcross): in a column of a two-column page, the paragraph after a table may
 * stand in the other column, beside it.
 */
export function putUntitledSideTablesAfterLevelParagraphs(blocks: PageBlock[], titles: ReadonlyMap<Table, Line[]>, pageLines: readonly Line[]): void {
  for (let k = 0; k + 1 < blocks.length; k++) {
    const block = blocks[k];
    const after = blocks[k + 1];
    if (block.kind !== "table" || block.table.authorGrid || titles.has(block.table) || !besideBox(after, block.table)) continue;
    const { table } = block;
    const lines = (after as Block).lines;
    if (Math.abs(lines[0].y0 - table.y0) > lineSize(lines[0]) || lines.filter((line) => line.y0 < table.y1).length < SIDE_TABLE_LINES_BESIDE_MIN) continue;
    const text = unionOf(lines);
    if (text.x1 - text.x0 <= table.x1 - table.x0 || !textRunsAcross(table, pageLines)) continue;
    const before = blocks[k - 1];
    if (k > 0 && cutAtTableTop(before, table)) {
      blocks.splice(k - 1, 3, paragraphBlock([...(before as Block).lines, ...lines]), block);
      continue;
    }
    blocks.splice(k, 2, after, block);
    k++;
  }
}

/** Whether a paragraph beside the table breaks off mid-sentence on a line level with the
 *  table's top: reading order put the table between that line and the next (mentis's
 *  "Sofern Sie keine Pakete einbinden, die den" | "Satzspiegel beeinflussen, …"). */
function cutAtTableTop(block: PageBlock, table: Box): boolean {
  if (!besideBox(block, table) || SENTENCE_END.test(plainText((block as Block).lines))) return false;
  const last = lastLine(block as Block);
  return Math.abs(last.y0 - table.y0) <= lineSize(last);
}

/**
 * Whether a line over or under the table runs across its centre and on past it by half its
 * width or more (the text beside a float going on at full width; a table in a column of a
 * two-column page has its column's lines over and under it, within its column).
 */
export function textRunsAcross(table: Box, lines: readonly Line[]): boolean {
  const half = (table.x1 - table.x0) / 2;
  const centre = table.x0 + half;
  return lines.some((line) => (line.y1 <= table.y0 || line.y0 >= table.y1) && line.x0 < centre && line.x1 > centre && (table.x0 - line.x0 >= half || line.x1 - table.x1 >= half));
}

/**
 * A titled side table that reading order made a column of its own (an infobox taller than the
 * text beside it up to a heading: the text became the column left of it) goes after the
 * paragraph beside its top, as in one column (joinAroundSideTables). A paragraph it cut where
 * it stood, its last line beside the table and not ending a sentence, its rest below the table,
 * goes on whole: "… Dalbosjön in the west and" | "Värmlandssjön in the east, …".
 */
export function placeColumnTable(blocks: PageBlock[], table: Table, title: readonly Line[]): void {
  const at = blocks.findIndex((block) => block.kind === "table" && block.table === table);
  if (at < 0) return;
  putBelowTheText(blocks, at, table);
  const start = title.length > 0 && at > 0 && blocks[at - 1].kind === "paragraph" && (blocks[at - 1] as Block).lines[0] === title[0] ? at - 1 : at;
  const top = title.length > 0 ? title[0].y0 : table.y0;
  const target = blocks.findIndex((block) => besideBox(block, table) && (block as Block).lines[0].y0 <= top + lineSize((block as Block).lines[0]) && lastLine(block as Block).y1 > top);
  if (target < 0 || (target >= start && target <= at)) return;
  const moved = blocks.splice(start, at - start + 1);
  const before = blocks[start - 1];
  const after = blocks[start];
  if (start > 0 && before && after && before.kind === "paragraph" && after.kind === "paragraph" && besideBox(before, table) && lastLine(before).y1 > table.y0 && after.lines[0].y0 >= table.y1 && !SENTENCE_END.test(plainText(before.lines))) {
    blocks.splice(start - 1, 2, paragraphBlock([...before.lines, ...after.lines]));
  }
  const paragraph = blocks.findIndex((block) => besideBox(block, table) && (block as Block).lines[0].y0 <= top + lineSize((block as Block).lines[0]) && lastLine(block as Block).y1 > top);
  blocks.splice(paragraph + 1, 0, ...moved);
}

/**
 * Blocks the table's column sets below it (a left infobox's column runs on to the next
 * heading at the margin, under both columns) are read after the text beside the table: they go
 * before the first later block that starts below them.
 */
function putBelowTheText(blocks: PageBlock[], at: number, table: Table): void {
  let end = at + 1;
  while (end < blocks.length && blockTop(blocks[end]) >= table.y1) end++;
  if (end === at + 1 || end === blocks.length) return;
  const under = blocks.splice(at + 1, end - at - 1);
  const top = blockTop(under[0]);
  let to = at + 1;
  while (to < blocks.length && blockTop(blocks[to]) < top) to++;
  blocks.splice(to, 0, ...under);
}

function lastLine(block: Block): Line {
  return block.lines[block.lines.length - 1];
}

/**
 * A framed float beside the text (layout/side_floats.ts) is written after the paragraph
 * beside its top: reading order puts it by its top, inside a paragraph it cuts (which goes
 * on whole before it, as around a side table: joinAroundSideTables) or before a paragraph
 * starting beside it (which it follows).
 */
/**
 * Each block of small print read after the column of text beside it (small_print_columns.ts)
 * put back after the first block before it that reaches down to its top: the text's block
 * beside which it starts, as a caption goes after the paragraph its figure stands beside
 * (ocr-vicksburg-p3: a canister's caption after the paragraph it ends beside, the next two
 * figures' captions after the paragraph beside them). Blocks of small print keep their order.
 */
function placeSmallPrint(blocks: PageBlock[], smallPrint: ReadonlySet<PageBlock>): void {
  const text: PageBlock[] = [];
  const after = new Map<PageBlock, PageBlock[]>();
  for (const block of blocks) {
    if (!smallPrint.has(block)) {
      text.push(block);
      continue;
    }
    const top = block.kind === "table" ? block.table.y0 : block.lines[0].y0;
    const beside = text.find((other) => other.kind !== "table" && other.lines.some((line) => line.y1 >= top));
    if (!beside) {
      text.push(block);
      continue;
    }
    const list = after.get(beside) ?? [];
    list.push(block);
    after.set(beside, list);
  }
  if (after.size === 0) return;
  const placed: PageBlock[] = [];
  for (const block of text) placed.push(block, ...(after.get(block) ?? []));
  blocks.splice(0, blocks.length, ...placed);
}

function placeSideFloat(blocks: PageBlock[], float: { first: PageBlock; count: number; box: Box }): void {
  const start = blocks.indexOf(float.first);
  if (start < 0) return;
  const end = start + float.count;
  const before = blocks[start - 1];
  const after = blocks[end];
  if (!after || after.kind !== "paragraph" || !startsBesideBox(after, float.box)) return;
  if (start > 0 && before.kind === "paragraph" && besideBox(before, float.box) && !SENTENCE_END.test(plainText(before.lines)) && LOWERCASE_START.test(plainText(after.lines))) {
    blocks.splice(end, 1);
    blocks[start - 1] = paragraphBlock([...before.lines, ...after.lines]);
  } else if (after.lines[0].y0 < float.box.y1) {
    blocks.splice(start, 0, ...blocks.splice(end, 1));
  }
}

/** Whether a paragraph of running text starts clear of the box, left or right of it: its
 *  first line (the paragraph may go on under the box at full width, as a Writer frame's
 *  neighbour does). */
function startsBesideBox(block: PageBlock, box: Box): boolean {
  if (block.kind !== "paragraph" || block.running) return false;
  const first = block.lines[0];
  return first.x1 <= box.x0 || first.x0 >= box.x1;
}

/** Whether a paragraph of running text stands clear of the box, left or right of it. */
function besideBox(block: PageBlock, box: Box): boolean {
  return block.kind === "paragraph" && !block.running && block.lines.every((line) => line.x1 <= box.x0 || line.x0 >= box.x1);
}

/**
 * Takes each side table's title line out of its reading-order group (sideTableTitle): it is
 * written just before the table, wherever the group put it by its top. Where reading order
 * made the table a column of its own (no line of its group beside it), the text beside it is
 * looked for on the whole page, and the title must be centred
 * over the table (a docs page's "Options" heading over a table, a navigation bar beside it,
 * is the section's).
 */
function takeSideTableTitles(groups: readonly { items: FlowItem[] }[], items: readonly FlowItem[], tables: readonly Table[], columnOfItsOwn: Set<Table>, rules: readonly HorizontalRule[]): Map<Table, Line[]> {
  const titles = new Map<Table, Line[]>();
  // Most pages have no table: their lines are not sorted out group by group. Asked of the
  // page's tables (`items` holds one item for each), not of its items: every line was asked
  // for a `table` it lacks, a lookup that finds nothing the slow way.
  let anyTable = false;
  for (const table of tables) if (!table.authorGrid) anyTable = true;
  if (!anyTable) return titles;
  const pageLines = items.filter(isFlowLine);
  /** The titles' lines, and how many titles they were gathered from. */
  let taken = new Set<Line>();
  let takenTitles = 0;
  for (const group of groups) {
    // Only a group that holds a table has its lines sorted out.
    let lines: FlowLine[] | null = null;
    for (const item of group.items) {
      if (!item.table || item.table.authorGrid) continue;
      const { table } = item;
      lines ??= group.items.filter(isFlowLine);
      const ownColumn = !lines.some((line) => line.y0 < table.y1 && line.y1 > table.y0 && (line.x1 <= table.x0 || line.x0 >= table.x1));
      const title = sideTableTitle(table, ownColumn ? pageLines : lines, ownColumn, rules);
      if (title.length > 0) titles.set(table, title);
      if (title.length > 0 && ownColumn && textRunsAcross(table, pageLines)) columnOfItsOwn.add(table);
    }
    if (titles.size === 0) continue;
    // Gathered again only when a title was added (each table has one and is read once).
    if (takenTitles !== titles.size) {
      taken = new Set<Line>([...titles.values()].flat());
      takenTitles = titles.size;
    }
    group.items = group.items.filter((item) => item.table || item.float || !taken.has(item as Line));
  }
  return titles;
}

/** Blocks looked through at the top of a column for the paragraph the last column broke off. */
const FLOAT_BLOCKS_MAX = 60;

/**
 * Papers set figures, tables and listings at the top of a column, so a paragraph broken at
 * the foot of one column ("… based on") goes on below the floats at the top of the next ("a
 * set of industry benchmarks."): that paragraph joins the broken one, and the floats follow
 * it. The floats looked through are code, tables, captions (with their wrapped lines) and a
 * figure's short labels, and the paragraph must follow a float's end (a listing, a table or
 * a caption's last sentence); any other block (running text, a heading, a list) stops the
 * search, so a column that starts with text or a figure inside a column is left alone.
 */
function joinAcrossFloats(blocks: PageBlock[], groupStart: number): void {
  const before = blocks[groupStart - 1];
  if (before.kind !== "paragraph" || before.running || SENTENCE_END.test(plainText(before.lines))) return;
  const end = Math.min(blocks.length, groupStart + FLOAT_BLOCKS_MAX);
  /** The block before ended a float; a caption is still open (broken mid-sentence). */
  let floatEnded = false;
  let captionOpen = false;
  // A listing with no caption set within the text's measure is no float: it is displayed in
  // the text's flow, which the paragraph before runs into ("… with some or all of" |
  // "\theauthor {⟨author number⟩}" atop the next column). One in the margin is beside it.
  const inFlow: Block[] = [];
  let captioned = false;
  for (let t = groupStart; t < end; t++) {
    const block = blocks[t];
    if (block.kind === "code" || block.kind === "table") {
      if (block.kind === "code") inFlow.push(block);
      floatEnded = true;
      captionOpen = false;
      continue;
    }
    if ((block.kind !== "paragraph" && block.kind !== "heading") || (block.kind === "paragraph" && block.running)) return;
    const text = plainText(block.lines);
    // A caption set in a heading's style is still a caption; any other heading ends the search.
    if (block.kind === "heading" && !FLOAT_CAPTION.test(text)) return;
    if (block.kind === "paragraph" && LOWERCASE_START.test(text)) {
      // A short one is a label of the float, not the broken paragraph's rest.
      if (floatEnded && text.length > FIGURE_LABEL_CHARS_MAX) {
        if (!captioned && inFlow.some((listing) => isWithinMeasure(listing.lines, block.lines))) return;
        blocks.splice(t, 1);
        blocks[groupStart - 1] = paragraphBlock([...before.lines, ...block.lines]);
        return;
      }
      if (captionOpen) {
        captionOpen = !SENTENCE_END.test(text);
        floatEnded = !captionOpen;
        continue;
      }
    }
    if (FLOAT_CAPTION.test(text)) {
      captioned = true;
      captionOpen = !SENTENCE_END.test(text);
      floatEnded = !captionOpen;
      continue;
    }
    if (text.length > FIGURE_LABEL_CHARS_MAX) return;
    floatEnded = false;
    captionOpen = false;
  }
}

/** Whether lines lie within the left and right edges of a paragraph's lines (an em either side). */
function isWithinMeasure(lines: readonly Line[], paragraph: readonly Line[]): boolean {
  const em = lineSize(paragraph[0]);
  const measure = unionOf(paragraph);
  return lines.every((line) => line.x0 >= measure.x0 - em && line.x1 <= measure.x1 + em);
}

/**
 * A block whose text is an outline title on this page is a heading of the outline's level.
 * An outline often leaves out the document's title (an office export lists Heading 1 and
 * below at level 1, LaTeX's \section at level 1 under \maketitle): where every heading the
 * outline names on the page sits exactly one level deeper by its style, the outline's levels
 * go one deeper, under the title.
 */
/** The title is one of the first blocks of its page. */
const TITLE_BLOCK_INDEX_MAX = 2;
/** A byline under a document's title: its authors' names (two to five capitalized words or
 * initials, "The R Core Team", no possessive: "What's New" is a section), a date (a year, a
 * month), or a version or edition. */
const BYLINE_NAME = /^(?!.*['’]s\b)\s*(?:[Tt]he\s+)?(?:(?:[A-Z]\.\s*)+|[A-Z][\p{L}'’-]*\s+)(?:(?:[A-Z]\.\s*)|[A-Z][\p{L}'’-]*\s*){1,4}$/u;
/** BYLINE_NAME holds at most this many words that are not initials ("A.", "W.N."): "The",
 *  the first name and four more, white space only between them. */
const BYLINE_NAME_WORDS_MAX = 6;

/** BYLINE_NAME's test, after counting the text's words: a line of more words than a name
 *  holds cannot match, and in capitals ("DEPARTMENT OF ELECTRICAL ENGINEERING AND …") the
 *  pattern tried every way of cutting each word into capitalised pieces before it failed
 *  (some 13 µs a line, and more the longer the words; issue 9: speed). */
function isBylineName(text: string): boolean {
  return wordsBeyond(text, BYLINE_NAME_WORDS_MAX) ? false : BYLINE_NAME.test(text);
}

/** Whether the text has more than `max` words other than initials: runs of characters between
 *  white space as the pattern reads it (isPatternSpace), a run of capitals each with its full
 *  stop ("A.", "W.N.") not counted. */
function wordsBeyond(text: string, max: number): boolean {
  let words = 0;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0x20;
    const space = isPatternSpace(c);
    if (!space) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && !isInitials(text, start, i) && ++words > max) return true;
    start = -1;
  }
  return false;
}

/** Whether the unit is white space as a pattern's \s reads it (ECMAScript's WhiteSpace and
 *  LineTerminator), no more and no less. */
function isPatternSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Whether text[from, to) is initials alone: a capital A-Z and a full stop, once or more. */
function isInitials(text: string, from: number, to: number): boolean {
  if ((to - from) % 2 !== 0) return false;
  for (let k = from; k < to; k += 2) {
    const c = text.charCodeAt(k);
    if (c < 0x41 || c > 0x5a || text.charCodeAt(k + 1) !== 0x2e) return false;
  }
  return true;
}
const BYLINE_DATE = /\b(?:1[89]|20)\d\d\b|\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/;
const BYLINE_VERSION = /\b(?:[Vv]ersion|[Ee]dition|[Rr]evision|[Rr]elease)\b|\bv\d/;
/** Authors' names in a list: "W. N. Venables, D. M. Smith and the R Core Team". */
const NAME_SEPARATOR = /\s*(?:,|&|\band\b)\s*/;
/** A byline may follow the title after this many blocks at most (a subtitle in the body's
 * size, R-intro's "Notes on R: …", between them). */
const BYLINE_BLOCKS_MAX = 4;

/** A society's grade or name after an author's: IEEE's "Michael Shell, Member, IEEE, …,
 * Jane Doe, Life Fellow, IEEE", "Fellow, OSA". */
const MEMBERSHIP = /^(?:(?:Student|Graduate Student|Life|Senior|Associate)\s+)?(?:Member|Fellow)$|^[A-Z]{2,6}$/;

/** Whether the text lists two names or more: a byline, in whatever face. */
function isNameList(text: string): boolean {
  const names = text.split(NAME_SEPARATOR).filter((name) => name !== "");
  return names.length > 1 && names.some(isBylineName) && names.every((name) => isBylineName(name) || MEMBERSHIP.test(name));
}

/** A word that names an institution in an author's affiliation. */
// Not \b at the end: "Université" ends in a letter that \b does not count as a word's.
const INSTITUTION = /(?<![\p{L}\p{N}])(?:Institutes?|Institut|Universit(?:y|ies|é|ät|at|à|ad)|College|School|Laborator(?:y|ies)|Department|Dept\.|Faculty|Cent(?:er|re)|Affiliation|Academy|Observatory|Hospital)(?![\p{L}\p{N}])/u;

/** An affiliation alone under its author's name runs to this many words at most ("University
 *  of Somewhere"); a longer line naming a university is a thesis' dedication or a subtitle
 *  ("A thesis presented to Ryerson University and …"). */
const AFFILIATION_WORDS_MAX = 6;

/** Whether the text is an author's affiliation: an author's name followed by an affiliation,
 * in a list ("A. N. Author†, H. Coauthor, Name of Institute or Affiliation, City, Country",
 * JACoW's byline: its first piece a name, BYLINE_NAME, a later piece naming an institution,
 * INSTITUTION), or a short institution's name alone, without figures (cascadilla's "University
 * of Somewhere" under "John Doe"). */
function isAffiliationByline(text: string): boolean {
  if (!INSTITUTION.test(text)) return false;
  const pieces = text.split(NAME_SEPARATOR).filter((piece) => piece !== "");
  if (pieces.length > 2 && isBylineName(pieces[0])) return true;
  return !/\d/.test(text) && text.trim().split(/\s+/).length <= AFFILIATION_WORDS_MAX;
}

/** A date and nothing else: "2022/02/20", "October 18, 2015", "18 October 2015". */
const DATE_ONLY = /^\s*(?:\d{4}[/.-]\d{1,2}[/.-]\d{1,2}|(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},?\s+\d{4}|\d{1,2}\.?\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{4})\s*$/;

/** Whether the heading's text is a byline; after a paragraph, only a list of names or a date
 * alone is: two capitalized words there are as likely a section's title ("Winter Moorings"),
 * and a year in a heading may be its subject ("Results for 2023"). */
function isByline(text: string, afterParagraph: boolean): boolean {
  // An author's note marks after each name ("Michael Shell∗†", "Ben Trovato1,2", "Bil Kleb‡
  // and Bill Wood‡") are no part of it.
  const name = text.replace(NAME_NOTE_MARKS, "");
  if (isNameList(name) || DATE_ONLY.test(text)) return true;
  return !afterParagraph && (BYLINE_DATE.test(text) || BYLINE_VERSION.test(text) || isBylineName(name) || isAffiliationByline(name));
}
const NAME_NOTE_MARKS = /(?<=\p{L})[\d∗†‡§¶*⋆★][\d,∗†‡§¶*⋆★]*(?=\s|$)/gu;

/** Whether the text lists authors: names alone, or a name and an institution (their note
 *  marks aside). Asked of a later page's byline (later_bylines.ts). */
function isAuthorList(text: string): boolean {
  const name = text.replace(NAME_NOTE_MARKS, "");
  return isNameList(name) || isAffiliationByline(name);
}

/** Whether the document's outline names the text a title on the page. */
function isOutlineTitle(titles: Map<string, number> | undefined, text: string): boolean {
  return titles !== undefined && outlineLevelOf(titles, normalizeTitle(text)) !== undefined;
}

/** Whether the block after `i` is a paragraph of contact details alone (an e-mail address):
 * the heading over it is its author's name, however it reads ("Edorta Ibarra and the Ekaia
 * Journal (UPV/EHU)" over "ekaia@ehu.eus"). Over a name and its address, it is a title's or
 * a subtitle's line. */
function overContactDetails(blocks: readonly PageBlock[], i: number): boolean {
  const next = blocks[i + 1];
  return next !== undefined && next.kind === "paragraph" && next.lines.length <= CONTACT_LINES_MAX && isContactOnly(plainText(next.lines));
}
/** Contact details under a name run to a few lines at most (an address, an e-mail, a site). */
const CONTACT_LINES_MAX = 3;

function isBoldText(lines: readonly Line[]): boolean {
  return lines.some((line) => line.spans.some((span) => span.bold && !isBlankText(span.text)));
}

/**
 * The lines under a document's title on its first page, its authors, its date, its version
 * ("Mark A. Wicks", "Version 0.12.4b", "September 19, 1999" under "Dvipdfm User's Manual"),
 * are set larger than the body, and read as headings; they are the title's byline. Such
 * headings after a level-1 title, that the outline does not name, become paragraphs when set
 * in regular weight or when they list names. Bold ones set as the title is (geobase's "Edition
 * 1.0" and "2004-08" under "National Hydro Network, …") are its subtitle, at level 2: a
 * document has one title. Other bold ones stay. Paragraphs may stand between the title and
 * its byline (a subtitle in the body's size) within BYLINE_BLOCKS_MAX blocks.
 */
/**
 * A float's caption set right over or under a table in a heading's style ("Table 2. Measured
 * performance by model", a browser's bold `caption`) is the table's caption: a paragraph, its
 * bold kept, as captions set in the body's style are. GFM has no caption, and a heading would
 * give the table a section of its own. Not where the document's outline names it a title.
 */
function captionTablesInParagraphs(blocks: PageBlock[], titles: Map<string, number> | undefined): void {
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.kind !== "heading" || (blocks[i + 1]?.kind !== "table" && blocks[i - 1]?.kind !== "table")) continue;
    const text = plainText(block.lines);
    if (!FLOAT_CAPTION.test(text) || (titles && outlineLevelOf(titles, normalizeTitle(text)) !== undefined)) continue;
    blocks[i] = paragraphBlock(block.lines);
  }
}

function demoteBylines(blocks: PageBlock[], titles: Map<string, number> | undefined): void {
  const title = blocks.findIndex((block, i) => i <= TITLE_BLOCK_INDEX_MAX && block.kind === "heading" && block.level === 1);
  if (title < 0) return;
  let afterParagraph = false;
  for (let i = title + 1; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.kind !== "heading") {
      if (block.kind !== "paragraph" || i >= title + BYLINE_BLOCKS_MAX) return;
      // A paragraph that is itself a byline (R's "Version 4.2.2 Patched (2022-11-10)") leaves
      // the byline going on under it ("R Core Team").
      afterParagraph ||= !isByline(plainText(block.lines), false);
      continue;
    }
    const text = plainText(block.lines);
    // IEEE's "I. INTRODUCTION" reads as an initial and a name.
    if (block.section || (titles && outlineLevelOf(titles, normalizeTitle(text)) !== undefined) || !(isByline(text, afterParagraph) || overContactDetails(blocks, i))) continue;
    if (!isBoldText(block.lines) || isNameList(text)) blocks[i] = paragraphBlock(block.lines);
    else if (block.level === 1) blocks[i] = headingBlock(2, block.lines, block.section);
  }
}


/** A title's words: a capital first (after a section's number, "1. More Formalities"), then
 *  letters, digits, spaces and a title's punctuation.
 *  A line of code the outline names is more often a topic's usage (R's reference manual:
 *  ".Machine" under "Usage", the topic ".Machine") than a title. */
const TITLE_WORDS = /^(?:\d{1,3}\.\s+)?\p{Lu}[\p{L}\p{N} .:,!?&'’"“”—–-]*$/u;

/** Whether a block is code that reads as a title (TITLE_WORDS) in TITLE_LINES_MAX lines at
 *  most (Free Culture's "Rebuilding Freedoms Previously" | "Presumed: Examples"). */
function isTitleInCode(block: PageBlock): block is Extract<PageBlock, { kind: "code" }> {
  return block.kind === "code" && block.lines.length <= TITLE_LINES_MAX && TITLE_WORDS.test(plainText(block.lines).trim());
}

/** `shift`: the selection's (outline_titles.ts), or null for the page to decide alone. */
function applyOutlineHints(blocks: PageBlock[], titles: Map<string, number> | undefined, shift: number | null): void {
  if (!titles || titles.size === 0) return;
  splitOffTitles(blocks, titles);
  const named: { index: number; level: number; lines: Line[] }[] = [];
  let deeper = Infinity;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    // A numbered section's title set at body size reads as a list's item ("1. INTRODUCTION"
    // under AASTeX's abstract); the outline names it a section. A title set alone in a
    // typewriter face reads as a line of code (Free Culture's "Film", "Recorded Music").
    if (block.kind !== "heading" && block.kind !== "paragraph" && !(block.kind === "list_item" && block.ordered) && !isTitleInCode(block)) continue;
    if (block.lines.length > TITLE_LINES_MAX) continue;
    const text = normalizeTitle(plainText(block.lines));
    const level = block.kind === "list_item" ? outlineLevelOf(titles, normalizeTitle(block.marker) + " " + text) ?? outlineLevelOf(titles, text) : outlineLevelOf(titles, text);
    if (level === undefined) continue;
    named.push({ index: i, level, lines: block.kind === "list_item" ? withMarker(block.lines, block.marker, block.markerX) : block.lines });
    if (block.kind === "heading") deeper = Math.min(deeper, block.level - level);
  }
  // One level: the title's. Deeper by more, the styles' levels count display type that is
  // no heading (a book's chapter numbers, its cover), which the outline sets right.
  const levels = shift ?? (deeper === TITLE_LEVELS ? TITLE_LEVELS : 0);
  for (const { index, level, lines } of named) blocks[index] = headingBlock(Math.min(level + levels, 6), lines);
}

/** An item's lines with its marker written back at the head of the first ("1." of "1. INTRODUCTION"). */
function withMarker(lines: readonly Line[], marker: string, markerX: number): Line[] {
  const [first, ...rest] = lines;
  const head = first.spans[0];
  if (!head) return lines.slice();
  return [lineLike(first, [spanPiece(head, `${marker} `, markerX, head.x0), ...first.spans], markerX, first.y0, first.x1, first.y1), ...rest];
}

/** A paragraph whose lines up to its first line break name an outline entry starts with that
 * title: it is split there (ltnews33's "Additions to \tracingall", set apart from its text
 * only by a line's room). */
function splitOffTitles(blocks: PageBlock[], titles: Map<string, number>): void {
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.kind !== "paragraph" || block.running) continue;
    const k = block.lines.findIndex((line) => line.breakAfter);
    if (k < 0 || k + 1 >= block.lines.length || k >= TITLE_LINES_MAX) continue;
    const head = block.lines.slice(0, k + 1);
    if (outlineLevelOf(titles, normalizeTitle(plainText(head))) === undefined) continue;
    blocks.splice(i, 1, paragraphBlock(head), paragraphBlock(block.lines.slice(k + 1)));
  }
}

function renderBlocks(
  blocks: PageBlock[],
  links: readonly PageLink[],
  options: RenderOptions,
  onLink: (url: string, text: string) => void,
  words: PageWords,
  quotes: ReadonlyMap<PageBlock, number>,
  /** Where each block set in quote bars has its outermost bar: the quote's left edge. */
  quoteLefts: ReadonlyMap<PageBlock, number>,
  tail: RenderTail,
  lists: PageLists,
  /** Whether the document may hold a right-to-left letter (DocumentStats.rightToLeft not
   *  false): its tables' cells are read for one only then (renderTable). */
  mayHoldRtl: boolean,
): string {
  const { dehyphenate } = options;
  // Each written out, none spread from another: spreading these (they hold a function) cost
  // some 30 times as much as writing them out, a page's every render.
  const inline = { dehyphenate, emphasis: true, links, onLink, words };
  const plain = { dehyphenate, emphasis: false, links, onLink, words };
  const cell = { dehyphenate, emphasis: true, links, onLink, words, numbersAsText: true };
  const plainCell = { dehyphenate, emphasis: false, links, onLink, words, numbersAsText: true };
  const headingText = { dehyphenate, emphasis: false, links, onLink, blockStart: false, words };
  let out = "";
  let prevKind: PageBlock["kind"] | null = null;
  // Indentation of each list depth: a child's content starts where its parent's text does.
  const listIndent: string[] = [];
  /** The list item that code and paragraphs set under its text belong to. */
  let item: ItemBody | null = null;
  /** That item's parents by depth while its list goes on, each reaching down to the lowest
   *  item or block written under it (ownerDepth). */
  const itemChain: { body: ItemBody; depth: number }[] = [];
  /** The page's text margin so far: where the leftmost line of the paragraphs and headings
   *  written before, out of any item, starts (ownerDepth); unknown (-Infinity) before one. */
  let margin = Infinity;
  /** The block before was set under an item. */
  let prevInItem = false;
  /** The quote depth of the block before. */
  let prevDepth = 0;
  /** The list the page starts with, while it goes on, and the Markdown line the next block starts on. */
  let head: { items: ListItemFact[] } | null = { items: [] };
  let line = 0;
  /** The last item written and its parents by depth, while the list they are in goes on (null when it ended). */
  let chain: ListItemFact[] | null = null;
  /** Where that list set its markers at each depth. */
  let depthXs: number[] = [];
  for (const block of blocks) {
    let itemIndent = "";
    let text: string;
    // The page's footnotes start after its text, never inside the list it ends with (maint-guide
    // p. 25: a note set at the margin under an item's text had been indented into the item).
    // A quote starts at its bar: one whose bar stands left of an item's text (under its
    // marker) is set after the list, not in the item, though its text lines up with the item's.
    const owner: number = item !== null && block !== tail.block && (block.kind === "code" || (block.kind === "paragraph" && !block.running)) ? ownerDepth(block.lines, itemChain.map((entry) => entry.body), margin === Infinity ? -Infinity : margin, quoteLefts.get(block)) : -1;
    if (owner >= 0) {
      item = itemChain[owner].body;
      truncate(itemChain, owner + 1);
    }
    const inItem = owner >= 0;
    switch (block.kind) {
      case "heading":
        text = "#".repeat(block.level) + " " + renderInline(block.lines, headingText);
        break;
      case "paragraph":
        text = block.running ? renderInline(block.lines, plain) : renderBrokenLines(block.lines, inline);
        break;
      case "list_item": {
        // A block set under the previous item keeps the list going: its next item nests as
        // the item before it did (R-ints' "b." after "a."'s listing and paragraphs).
        if (prevKind !== "list_item" && !prevInItem) truncate(listIndent, 0);
        const indent = block.depth === 0 ? "" : (listIndent[block.depth] ?? listIndent[listIndent.length - 1] ?? "");
        // An ordered item opening with a bullet holds a bulleted list (inner_bullets.ts).
        const inner = block.ordered && block.task === undefined ? innerBulletLines(block.lines) : null;
        text = indent + block.marker + " " + (block.task === undefined ? "" : `[${block.task}] `) + (inner === null ? renderInline(block.lines, inline) : "- " + renderInline(inner, inline));
        itemIndent = indent;
        listIndent.length = block.depth + 1;
        listIndent[block.depth] = indent;
        listIndent[block.depth + 1] = indent + " ".repeat(block.marker.length + 1);
        break;
      }
      case "code":
        text = renderCode(block.lines);
        break;
      case "table":
        // Cells keep their emphasis as paragraphs do: a bold row label or total is bold on the page.
        text = renderTable(block.table, options.tables, (cellLines, plainStyle) => renderInline(cellLines, plainStyle ? plainCell : cell), undefined, mayHoldRtl);
        break;
    }
    if (isBlankText(text)) continue;
    const depth = quotes.get(block) ?? 0;
    if (depth > 0) text = quoted(text, depth);
    if (block.kind === "list_item") {
      item = itemBody(block, listIndent[block.depth + 1]);
      // Its parents are the chain's items of lesser depth.
      while (itemChain.length > 0 && itemChain[itemChain.length - 1].depth >= block.depth) itemChain.pop();
      if (item === null) truncate(itemChain, 0);
      else {
        for (const parent of itemChain) parent.body.bottom = Math.max(parent.body.bottom, item.bottom);
        itemChain.push({ body: item, depth: block.depth });
      }
    } else if (inItem && item && block.kind !== "table") {
      text = text.replace(/^(?=.)/gm, item.indent);
      for (const line of block.lines) {
        item.bottom = Math.max(item.bottom, line.y1);
        item.right = Math.max(item.right, line.x1);
      }
      for (const parent of itemChain) parent.body.bottom = Math.max(parent.body.bottom, item.bottom);
    } else {
      item = null;
      truncate(itemChain, 0);
    }
    // Blocks of one quote stay in it: a quote's blank line between them, not a plain one. A
    // quote in an item and one after the list are two.
    const apart = out === "" ? "" : prevKind === "list_item" && block.kind === "list_item" ? "\n" : depth > 0 && depth === prevDepth && inItem === prevInItem ? `\n${"> ".repeat(depth).trimEnd()}\n` : "\n\n";
    out += apart;
    if (block === tail.block) tail.at = out.endsWith("\n\n") && depth === 0 && !inItem ? out.length : -1;
    if (head !== null) line += countLineBreaks(apart);
    const fact = block.kind === "list_item" && depth === 0 && !block.rtl ? listItemFact(block, itemIndent, head !== null ? line : -1) : null;
    if (block.kind === "list_item" && fact !== null) {
      // A list starts again, or goes on; an item deeper than its parent's depth and one has
      // a chain of parents the page does not tell.
      const goesOn: ListItemFact[] | null = prevKind === "list_item" || prevInItem ? chain : [];
      if (goesOn !== null && goesOn.length === 0) depthXs = [];
      chain = goesOn !== null && goesOn.length >= block.depth ? goesOn.slice(0, block.depth) : null;
      chain?.push(fact);
      depthXs[block.depth] = fact.x;
    } else if (!inItem) chain = null;
    if (head !== null) {
      if (fact !== null) head.items.push(fact);
      else if (!inItem || head.items.length === 0) {
        if (head.items.length > 0) lists.head = { items: head.items, end: line };
        head = null;
      }
      if (head !== null) line += countLineBreaks(text);
    }
    out += text;
    prevKind = block.kind;
    prevDepth = depth;
    prevInItem = inItem && item !== null;
    if (!inItem && (block.kind === "paragraph" || block.kind === "heading")) for (const l of block.lines) margin = Math.min(margin, l.x0);
  }
  if (head !== null && head.items.length > 0) lists.head = { items: head.items, end: line + 1 };
  lists.tail = chain !== null && chain.length > 0 ? { items: chain, xs: depthXs } : null;
  return out;
}

/** Cuts `items` to its first `length` elements. Most blocks are no list item's and find the
 *  chain empty already: the array's length setter, a call into the runtime each time, is
 *  called only where something goes. */
function truncate(items: unknown[], length: number): void {
  if (items.length > length) items.length = length;
}

/** A list item as list_continuation.ts compares it across a page break. */
function listItemFact(block: Extract<PageBlock, { kind: "list_item" }>, indent: string, line: number): ListItemFact {
  return { x: block.markerX, em: emOf(block.lines[0]), ordered: block.ordered, marker: block.marker, indent, line };
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/** Where a list item's body lies: under its text, down from its last line. */
export interface ItemBody {
  /** Its text's left edge, less a tolerance. */
  left: number;
  /** Its lines' right edge, and those of the blocks under it: a block right of it is in the next column. */
  right: number;
  /** The bottom of its last line or of the last block set under it. */
  bottom: number;
  /** The Markdown indentation of the item's content. */
  indent: string;
  /** Where the item's marker starts (absent: not known, as in a test's item). */
  markerX?: number;
}

/** A block under an item starts at most this many of its lines' heights below the item's end. */
const ITEM_BODY_GAP_LINES_MAX = 3;

function itemBody(block: Extract<PageBlock, { kind: "list_item" }>, indent: string): ItemBody | null {
  // A right-to-left item has its marker at the right: what lies under its text is not told so.
  if (block.textX <= block.markerX) return null;
  const em = lineSize(block.lines[0]);
  let right = -Infinity;
  let bottom = -Infinity;
  for (const line of block.lines) {
    right = Math.max(right, line.x1);
    bottom = Math.max(bottom, line.y1);
  }
  return { left: block.textX - ITEM_BODY_TOLERANCE_EMS * em, right, bottom, indent, markerX: block.markerX };
}

/** A parent item's marker further left than this of the page's text margin hangs out of it. */
const MARGIN_SLACK_PT = 1;

/**
 * The depth of the item in `chain` (the last item written and its parents, by depth) that a
 * block belongs to: the last item when the block lies under its text, else the deepest parent
 * under whose text it lies, -1 for none. A paragraph set under an item's text after the items
 * nested in it (Chromium's FAQ: "You can renew an item twice …" under "2. How long can I keep
 * them?", after its two sub-items) starts left of the sub-items' text: it is the parent's, and
 * had come out at the margin, ending the list.
 */
export function ownerDepth(lines: readonly Line[], chain: readonly ItemBody[], margin = -Infinity, quoteLeft?: number): number {
  for (let d = chain.length - 1; d >= 0; d--) {
    // A parent whose marker hangs out left of the page's text margin (schule's "✓ Aufgabe 2")
    // has its text at that margin, where the page's next task title starts too: none of it.
    const hangs = d < chain.length - 1 && (chain[d].markerX ?? Infinity) < margin - MARGIN_SLACK_PT;
    if (!hangs && liesUnder(lines, chain[d]) && (quoteLeft === undefined || quoteLeft >= chain[d].left)) return d;
    // A block right of a parent's text is no parent's: it was the deeper item's to take.
    if (Math.min(lines[0].x0, quoteLeft ?? Infinity) >= chain[d].left) return -1;
  }
  return -1;
}

/**
 * Whether a block belongs to the list item before it: all its lines start under the item's
 * text (a listing set in an item, R-intro's "1. Create a separate sub-directory …" over
 * "$ mkdir work"), within the item's width, and it starts just below the item. A paragraph
 * whose lines go back to the margin, or a block in the next column, is none of the item's.
 */
export function liesUnder(lines: readonly Line[], item: ItemBody): boolean {
  const first = lines[0];
  const height = first.y1 - first.y0;
  if (first.y0 < item.bottom - height / 2 || first.y0 - item.bottom > ITEM_BODY_GAP_LINES_MAX * height) return false;
  // The lines' starts before the flush-right test, which builds the last line's text: a
  // paragraph after a list goes back to the margin, and most blocks under an item end there.
  for (const line of lines) if (!(line.x0 >= item.left && line.x0 < item.right)) return false;
  return !setFlushRightOf(lines, item);
}

/** A line set flush right starts at least this many ems right of an item's text ... */
const FLUSH_RIGHT_ITEM_INDENT_EMS = 4;
/** ... and ends within this many ems of the item's right edge. */
const FLUSH_RIGHT_EDGE_EMS = 0.5;

/** ... and ends a sentence: a contents entry under its chapter's reaches the edge with its
 *  page number, and stays the chapter's. */
const SENTENCE_END_MARK = /[.!?]$/;

/** Whether every line of the block is set flush right, far right of the item's text and
 *  ending at its right edge, the last ending a sentence: a closing line under the list (an
 *  invoice's "A payer au compte bancaire … avant le JJ mois AAAA." under its list of
 *  deliveries), none of the item's. */
function setFlushRightOf(lines: readonly Line[], item: ItemBody): boolean {
  if (!SENTENCE_END_MARK.test(lineText(lines[lines.length - 1]).trimEnd())) return false;
  return lines.every((line, k) => {
    const em = lineSize(line);
    if (line.x0 - item.left < FLUSH_RIGHT_ITEM_INDENT_EMS * em) return false;
    // A piece its row goes on after ends nowhere near the edge: the row's last piece does (an
    // invoice's "A payer au compte bancaire BE95 0011" | "8359 9858 avant le …", apart where
    // the account number's underline was drawn word by word).
    const next = lines[k + 1];
    if (next !== undefined && next.x0 >= line.x1 && Math.abs(next.y0 - line.y0) <= ROW_TOP_SHARE_MAX * (line.y1 - line.y0)) return true;
    return item.right - line.x1 <= FLUSH_RIGHT_EDGE_EMS * em;
  });
}

/** Pieces whose tops lie within this share of a line's height are on one row. */
const ROW_TOP_SHARE_MAX = 0.25;

/** Columns a code line may be indented to: beyond it the geometry is not a listing's. */
const CODE_COLUMN_MAX = 160;

/** A paragraph's lines, with a Markdown line break (a backslash at the line's end, as
 * CommonMark and GFM read it) after each line its author broke (Line.breakAfter). */
function renderBrokenLines(lines: readonly Line[], options: InlineOptions): string {
  // Most paragraphs have no break: one call, no slices.
  let broken = false;
  for (let k = 0; k + 1 < lines.length && !broken; k++) broken = lines[k].breakAfter === true;
  if (!broken) return renderInline(lines, options);
  let out = "";
  let start = 0;
  for (let k = 0; k < lines.length; k++) {
    if (k + 1 < lines.length && !lines[k].breakAfter) continue;
    const piece = renderInline(lines.slice(start, k + 1), options);
    start = k + 1;
    if (!isBlankText(piece)) out += (out === "" ? "" : LINE_BREAK) + piece;
  }
  return out;
}
const LINE_BREAK = "\\\n";

// Code keeps its columns: each span starts at the column its x position says, whether the
// indentation was drawn as spaces or as an offset.

function codeLine(line: Line, left: number, charWidth: number): string {
  let text = "";
  // Columns beyond text.length: an East Asian wide character takes two (code_columns.ts).
  let wide = 0;
  let right = -Infinity;
  for (const span of line.spans) {
    if (span.text.trim() === "") {
      text += span.text;
      wide += extraWideColumns(span.text);
      right = span.x1;
      continue;
    }
    const column = Math.min(CODE_COLUMN_MAX, Math.max(0, Math.round((span.x0 - left) / charWidth)));
    // A span set against the one before goes on from it, whatever column its x says: a sign
    // drawn from a narrower face ("<dir>" with its brackets from TeX's math italic) would
    // otherwise leave a space after it.
    const touching = text !== "" && !/\s$/.test(text) && span.x0 - right <= CODE_SPAN_GAP_CHARS * charWidth;
    if (text.length + wide < column && !touching) text += " ".repeat(column - text.length - wide);
    // Behind its column (a wider face before it), a span set apart from the one before still
    // gets its space; one set against it (\ in one font, KOMAoptions in a bold one) does not.
    else if (text !== "" && !/\s$/.test(text) && !/^\s/.test(span.text) && span.x0 - right > CODE_SPAN_GAP_CHARS * charWidth) text += " ";
    text += span.text;
    wide += extraWideColumns(span.text);
    right = span.x1;
  }
  return text.trimEnd();
}

/** Spans of a code line further apart than this share of a character have a space between. */
const CODE_SPAN_GAP_CHARS = 0.5;

/** Blank lines kept inside a code block between two lines, at most. */
const CODE_BLANK_LINES_MAX = 2;
/** A step between a code block's lines under this share of a line's height is no pitch. */
const CODE_PITCH_HEIGHT_SHARE_MIN = 0.6;

function renderCode(block: readonly Line[]): string {
  const lines = withPiecesInGaps(block);
  const widths: number[] = [];
  for (const line of lines) {
    for (const span of line.spans) {
      const n = span.text.length;
      if (n >= 2) widths.push((span.x1 - span.x0) / n);
    }
  }
  widths.sort((a, b) => a - b);
  const charWidth = widths.length > 0 ? widths[widths.length >> 1] : 6;
  // The block's line pitch is its closest one: in a short listing the blank lines can be as
  // many as the set ones (R's output: a command, a blank, a title, a blank, two lines), so
  // the median pitch would take a blank line for the pitch. Lines closer than a share of their
  // height are pieces of one line, not a pitch.
  // Lines are placed by their code face's top: a glyph set apart in another face (a raised
  // letter, an accent) lifts a line's box, not its row.
  const tops = lines.map(codeTop);
  let pitch = Infinity;
  for (let i = 1; i < lines.length; i++) {
    const step = tops[i] - tops[i - 1];
    if (step >= CODE_PITCH_HEIGHT_SHARE_MIN * (lines[i - 1].y1 - lines[i - 1].y0) && step < pitch) pitch = step;
  }
  if (pitch === Infinity) pitch = 0;
  let left = Infinity;
  for (const l of lines) if (l.x0 < left) left = l.x0;
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (i > 0 && pitch > 0) {
      const blanks = Math.round((tops[i] - tops[i - 1]) / pitch) - 1;
      for (let b = 0; b < Math.min(blanks, CODE_BLANK_LINES_MAX); b++) out.push("");
    }
    out.push(codeLine(line, left, charWidth));
  });
  const body = out.join("\n");
  const longestFence = Math.max(2, ...(body.match(/`{3,}/g) ?? []).map((s) => s.length));
  const fence = "`".repeat(longestFence + 1);
  return `${fence}\n${body}\n${fence}`;
}

/**
 * A code block's lines with each line set in the gap of another on its row written into that
 * line, its spans among the other's by x: a grammar's rule sign in the text face (Sphinx's
 * productionlist, "ret_type" | "::=" | "\"ghost\"? type", layout/blocks.ts isInCodeGap) has a
 * taller box than the code's and sorts as a row of its own. The block itself when no line is.
 */
function withPiecesInGaps(lines: readonly Line[]): readonly Line[] {
  let out: Line[] | null = null;
  for (let i = 0; i < (out ?? lines).length; i++) {
    const now = out ?? lines;
    const at = gapHost(now, i);
    if (at < 0) continue;
    out ??= lines.slice();
    const host = out[at];
    out[at] = copyLine(host, [...host.spans, ...out[i].spans].sort((a, b) => a.x0 - b.x0));
    out.splice(i, 1);
    i--;
  }
  return out ?? lines;
}

/** The index of the line next to `i` in the block in whose gap line `i` is set on its row
 *  (layout/blocks.ts standsInGapOf), or -1. */
function gapHost(lines: readonly Line[], i: number): number {
  for (let j = Math.max(0, i - 1); j <= Math.min(lines.length - 1, i + 1); j++) if (j !== i && standsInGapOf(lines[i], lines[j])) return j;
  return -1;
}

/** The top of a code line's spans in the code face; the line's top when it has none. */
function codeTop(line: Line): number {
  let top = Infinity;
  for (const span of line.spans) if (span.monospace && !isBlankText(span.text) && span.y0 < top) top = span.y0;
  return top === Infinity ? line.y0 : top;
}

/** One page's Markdown and facts, as it crosses back from the thread that rendered it. */
export interface RenderedPage {
  page: number;
  markdown: string;
  columns: number;
  links: { url: string; text: string }[];
  /** Rendering the page threw: it is delivered empty with `page_render_failed` and not billed. */
  failed?: true;
  /** PageModel.producerHyphenates: a word the page break cuts at its hyphen keeps it. */
  producerHyphenates?: false;
  /** UTF-16 units of the footnotes the Markdown ends with, after a blank line (0: none):
   *  a paragraph the page break cuts goes on before them (assembly, document.ts). */
  notesLength: number;
  /** The list the Markdown starts with, and the items it ends with: a nested list the page
   *  break cuts goes on at its depth (list_continuation.ts). */
  listHead?: ListHead;
  listTail?: ListTail;
}

/**
 * Step 5 in the thread that holds the laid-out page: the page rendered with the document plan.
 * A fault in the layout heuristics on one page (texlive-en's page 27 once threw in the table
 * detector) costs that page, never the document: the page comes back failed.
 */
export function renderLaidOutPage(laid: LaidOutPage, plan: DocumentPlan, options: RenderOptions, titles: ReadonlyMap<string, number> | undefined): RenderedPage {
  const { model, lines } = laid;
  const outline: OutlineHints = new Map(titles ? [[model.page, new Map(titles)]] : []);
  let rendered: PageRender;
  try {
    rendered = renderPage(model, lines, statsForPage(plan, model.page, lines), options, outline);
  } catch {
    return { page: model.page, markdown: "", columns: 0, links: [], failed: true, notesLength: 0 };
  }
  const nfc = options.unicode === "nfc";
  const markdown = nfc ? rendered.markdown.normalize("NFC") : rendered.markdown;
  const notes = nfc ? rendered.markdown.slice(rendered.markdown.length - rendered.notesLength).normalize("NFC") : "";
  const notesLength = nfc ? (markdown.endsWith(notes) ? notes.length : 0) : rendered.notesLength;
  const page: RenderedPage = { page: model.page, markdown, columns: rendered.columns, links: rendered.links, notesLength };
  if (model.producerHyphenates === false) page.producerHyphenates = false;
  if (rendered.lists.head !== null) page.listHead = rendered.lists.head;
  if (rendered.lists.tail !== null) page.listTail = rendered.lists.tail;
  return page;
}

/** The page's images and the image marks among its small shapes: where a navigation bar's
 *  arrows may be (layout/navigation_titles.ts). */
function navigationIcons(model: PageModel): Box[] {
  const icons: Box[] = [];
  for (const image of model.images ?? []) icons.push(image);
  for (const mark of model.marks ?? []) if (mark.kind === "image") icons.push(mark);
  return icons;
}
