// Step 5, each page: block quotes set by their margins alone, with no bar drawn beside them
// (a book's extract, TeX's quote and quotation, a legal document's cited passage). A paragraph
// whose lines all stand in from both sides of the body text of its column, by the same margin
// line after line, is a quotation: the renderer writes it after "> " as it does a quote whose
// bar is drawn (quote_bars.ts).
import type { Line } from "../model.js";
import type { Block } from "./blocks.js";
import { lineSize, lineText } from "./lines.js";

/** A quotation stands in at least this many of its ems from the body's left edge, and its
 *  lines (all but the last) end this many short of the body's right edge: TeX's quote and
 *  quotation are set in 2.5 em each side, a book's extracts 2–3 em; a paragraph's first-line
 *  indent (1–1.5 em) moves one side only. */
export const QUOTE_MARGIN_EMS_MIN = 1;
/** … and at most this many: further in, the block is a display (a centred motto, an address,
 *  a signature block set at the right). */
const QUOTE_MARGIN_EMS_MAX = 8;
/** A quotation has this many lines at least: one or two lines set in are a display, a caption,
 *  an address or a title page's line as often as a quote. */
const QUOTE_LINES_MIN = 3;
/** … and is at least this share of the body's width: narrower, it is a display. */
const QUOTE_WIDTH_SHARE_MIN = 0.5;
/** Its lines start at one left edge, within this many points (its first line may stand further
 *  in, by a paragraph's indent); a centred block's lines start where their lengths put them. */
const QUOTE_EDGE_TOLERANCE_PT = 1;
/** Its lines but the last end within this many of its ems of its right edge: a paragraph set
 *  justified or ragged, not a stack of short lines (a verse, an address). */
const QUOTE_RAGGED_EMS_MAX = 4;
/** A quotation is set at this share of the body's size at least (a book's extracts a point
 *  smaller, TeX's quote at the body's size); smaller, an indented block is a table's or a
 *  figure's note. */
const QUOTE_SIZE_RATIO_MIN = 0.85;
/** The body that a quotation stands in from: at least this many lines of the page's other
 *  paragraphs, each starting left of the quote's lines and ending right of them by the margin. */
const BODY_LINES_MIN = 4;

/** The paragraphs of `blocks` set as quotations by their margins (QUOTE_MARGIN_EMS_MIN),
 *  each added to `quotes` at depth 1; a block `quotes` holds already (a bar's) is left as it is.
 *  On a document's first page (`firstPage`), paragraphs so set before the body's first are its
 *  abstract (a title page's summary set as LaTeX sets one, without a title). */
export function markIndentedQuotes(blocks: readonly { kind: string; lines?: Line[] }[], quotes: Map<unknown, number>, firstPage: boolean): void {
  const paragraphs = blocks.filter(isParagraph);
  if (paragraphs.length < 2) return;
  // Made by push, not map: map's array is packed from the built-in and holey from its
  // optimised inlined form, and the stores below met the other kind once this was optimised.
  const candidate: boolean[] = [];
  for (let i = 0; i < blocks.length; i++) candidate.push(false);
  // The title of the section the block stands in: an abstract is set as a quotation is.
  let section = "";
  let bodySeen = !firstPage;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.kind === "heading" || (isParagraph(block) && block.lines.length === 1 && ABSTRACT_TITLE.test(lineText(block.lines[0])))) section = lineText((block as Block).lines[0]);
    if (!isParagraph(block) || quotes.has(block) || block.running || block.lines.length < QUOTE_LINES_MIN) continue;
    if (ABSTRACT_TITLE.test(section) || NOT_A_QUOTE_START.test(lineText(block.lines[0]))) continue;
    if (isIndentedQuote(block.lines, paragraphs, block)) candidate[i] = bodySeen;
    else bodySeen = true;
  }
  // A run of such paragraphs is quoted within the text: the text runs on just before it or
  // just after it (a summary or a title page's block has none).
  for (let i = 0; i < blocks.length; i++) {
    if (!candidate[i]) continue;
    let end = i;
    while (end + 1 < blocks.length && candidate[end + 1]) end++;
    const lines = (blocks[i] as Block).lines;
    if (bodyParagraph(blocks[i - 1], lines) || bodyParagraph(blocks[end + 1], lines)) for (let k = i; k <= end; k++) quotes.set(blocks[k], 1);
    i = end;
  }
}

/** A summary's title: its text is set in from both margins as a quotation is (LaTeX's abstract). */
const ABSTRACT_TITLE = /^[\s*_]*(abstract|summary|synopsis|r[ée]sum[ée]|resumo|resumen|riassunto|sommario|zusammenfassung|kurzfassung|samenvatting|streszczenie|abstrakt|аннотация|реферат|摘要|要旨|概要|초록)(?!\p{L})/iu;
/** What opens a block that is no quotation however it is set: a summary's run-in title, a
 *  caption, a keyword list. */
const NOT_A_QUOTE_START = /^\s*\*?(abstract|summary|r[ée]sum[ée]|zusammenfassung|keywords?|key\s+words|index\s+terms|figure|fig\.|table|tab\.|listing|algorithm|chart|plate|exhibit|abbildung|tabelle|tableau)(?!\p{L})/iu;

function isParagraph(block: { kind: string } | undefined): block is Extract<Block, { kind: "paragraph" }> {
  return block !== undefined && block.kind === "paragraph";
}

/** Whether `block` is a paragraph of the body around `quote`: one of its lines reaches past
 *  the quote's lines on both sides by the margin. */
function bodyParagraph(block: { kind: string } | undefined, quote: readonly Line[]): boolean {
  if (!isParagraph(block)) return false;
  const em = Math.max(lineSize(quote[0]), 1);
  const left = quote[1].x0;
  let right = -Infinity;
  for (const line of quote) right = Math.max(right, line.x1);
  return block.lines.some((line) => left - line.x0 >= QUOTE_MARGIN_EMS_MIN * em && line.x1 - right >= QUOTE_MARGIN_EMS_MIN * em);
}

function isIndentedQuote(lines: readonly Line[], paragraphs: readonly Extract<Block, { kind: "paragraph" }>[], self: Block): boolean {
  const em = Math.max(lineSize(lines[0]), 1);
  // Every line but the first starts at one edge; the first at it or further in.
  const left = lines[1].x0;
  let right = -Infinity;
  for (let i = 0; i < lines.length; i++) {
    const x0 = lines[i].x0;
    if (i > 0 ? Math.abs(x0 - left) > QUOTE_EDGE_TOLERANCE_PT : x0 < left - QUOTE_EDGE_TOLERANCE_PT) return false;
    // Lines broken by the author (an address, an author block, a title page's stack) are no
    // paragraph, and a line in the code face is a listing's.
    if (lines[i].breakAfter || lines[i].spans.every((span) => span.monospace)) return false;
    right = Math.max(right, lines[i].x1);
  }
  for (let i = 0; i < lines.length - 1; i++) if (right - lines[i].x1 > QUOTE_RAGGED_EMS_MAX * em) return false;
  const top = lines[0].y0;
  const bottom = lines[lines.length - 1].y1;
  // The body: other paragraphs' lines reaching past the quote on both sides by the margin.
  let body = 0;
  for (const block of paragraphs) {
    if (block === self) continue;
    for (const line of block.lines) {
      if (line.y1 > top && line.y0 < bottom) continue;
      const inLeft = left - line.x0;
      const inRight = line.x1 - right;
      if (inLeft < QUOTE_MARGIN_EMS_MIN * em || inRight < QUOTE_MARGIN_EMS_MIN * em) continue;
      if (inLeft > QUOTE_MARGIN_EMS_MAX * em || inRight > QUOTE_MARGIN_EMS_MAX * em) continue;
      const size = lineSize(line);
      if (size < em - QUOTE_EDGE_TOLERANCE_PT || em < QUOTE_SIZE_RATIO_MIN * size || right - left < QUOTE_WIDTH_SHARE_MIN * (line.x1 - line.x0)) continue;
      if (++body >= BODY_LINES_MIN) return true;
    }
  }
  return false;
}
