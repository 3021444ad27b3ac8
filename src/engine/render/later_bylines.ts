// Step 5, each page: a title's byline on a page after the first. demoteBylines (page.ts) reads
// the lines under a document's title on its first page as its byline; an annex or a reprinted
// paper may open a later page with a title of its own and its authors under it (JACoW's
// template, p. 6: "THE JACoW COLLABORATION", then some sixty centred lines of authors with
// their affiliations, "C. Petit-Jean-Genaz, J. Poole1, T. Baron, …", "P. Dyer, C. Hoffman,
// Brookhaven National Laboratory, Upton, NY 11973, USA"), set at 12 pt over a 10 pt body: they
// read as headings, a dozen of them, each several authors' lines run together. A page after
// the first has a heading in a byline's style under its title more often as a section's
// (a chapter's title over its first section), so the byline is asked for more here: its first
// heading lists authors (`isAuthorList`: names, or a name and an institution), set in regular
// weight, and the headings that follow it in its level and weight, each a list of pieces
// parted by commas (an author's name, an institution, a city, a country), are its lines too,
// through paragraphs that list authors, or such pieces, themselves. Each of those headings becomes a paragraph
// whose lines are broken where the page breaks them (a byline's centred lines are set one by
// one, as on a first page they are read: centred_lines.ts).
import type { Block } from "../layout/blocks.js";
import { paragraphBlock } from "../layout/blocks.js";
import type { Line } from "../model.js";

/** A byline's heading after its first lists this many pieces parted by commas at least: an
 *  author, an institution, a place ("M. McAteer, Helmholtz-Zentrum Berlin, 14109 Berlin,
 *  Germany"); a section's title holds one or two. */
const LIST_PIECES_MIN = 3;

/**
 * Demotes, in place, the byline under a title that opens a page after the first (the title a
 * level-1 heading among the page's first `titleIndexMax + 1` blocks): its first heading, which
 * `isAuthorList`, in regular weight, and the headings after it in its level and weight that
 * list LIST_PIECES_MIN pieces or more, through paragraphs that are author lists or such lists
 * too (their lines broken as the headings' are); none the
 * outline names (`isNamed`). Stops at the first block that is none of those.
 */
export function demoteLaterBylines<B extends { kind: string }>(
  blocks: (B | Block)[],
  titleIndexMax: number,
  text: (lines: readonly Line[]) => string,
  isAuthorList: (text: string) => boolean,
  isNamed: (text: string) => boolean,
): void {
  const title = blocks.findIndex((block, i) => i <= titleIndexMax && isHeading(block) && block.level === 1);
  if (title < 0) return;
  let level = -1;
  for (let i = title + 1; i < blocks.length; i++) {
    const block = blocks[i];
    if (isParagraph(block)) {
      const words = text(block.lines);
      if (level < 0 || !(isAuthorList(words) || isPieceList(words))) return;
      breakLines(block.lines);
      if (joinsAbove(blocks, i, title)) i--;
      continue;
    }
    if (!isHeading(block) || block.level === 1 || isBold(block.lines)) return;
    const words = text(block.lines);
    if (isNamed(words)) return;
    if (level < 0 ? !isAuthorList(words) : block.level !== level || !isPieceList(words)) return;
    level = block.level;
    breakLines(block.lines);
    blocks[i] = paragraphBlock(block.lines);
    if (joinsAbove(blocks, i, title)) i--;
  }
}

/** A byline's block goes on the one above at the byline's leading: this many ems at most
 *  further apart than the closest two lines of the two blocks (a superscript lifts a line's
 *  box a fraction of a point; a group set apart stands half a line further). */
const LEADING_TOLERANCE_EMS = 0.25;

/**
 * Joins the byline's block at `i` to the byline's paragraph above it when it stands at their
 * leading (JACoW's p. 6: its sixty centred lines one stack, read as six headings by where
 * their lines start, had become six paragraphs parted at "… M. Kołodziejski," | "A. Mönnich,
 * …", "… Campinas, Brazil" | "P. Dyer, …"). Returns whether it did.
 */
function joinsAbove<B extends { kind: string }>(blocks: (B | Block)[], i: number, title: number): boolean {
  const above = blocks[i - 1];
  const below = blocks[i];
  if (i - 1 <= title || !isParagraph(above) || !isParagraph(below)) return false;
  let leading = Infinity;
  for (const lines of [above.lines, below.lines]) for (let k = 0; k + 1 < lines.length; k++) leading = Math.min(leading, lines[k + 1].y0 - lines[k].y1);
  const last = above.lines[above.lines.length - 1];
  const first = below.lines[0];
  const em = Math.max(1, first.spans[0]?.size ?? 0);
  if (leading === Infinity || first.y0 <= last.y0 || first.y0 - last.y1 > leading + LEADING_TOLERANCE_EMS * em) return false;
  last.breakAfter = true;
  above.lines.push(...below.lines);
  blocks.splice(i, 1);
  return true;
}

/** Whether the text lists LIST_PIECES_MIN pieces or more parted by commas, and ends no
 *  sentence (prose under a byline does: "… the following list.", "… as follows:"). */
function isPieceList(words: string): boolean {
  return !SENTENCE_END.test(words) && words.split(",").filter((piece) => piece.trim() !== "").length >= LIST_PIECES_MIN;
}
const SENTENCE_END = /[.!?:;]\s*$/;

/** Marks a line break after each of the lines but the last: a byline's centred lines are set
 *  one by one. */
function breakLines(lines: readonly Line[]): void {
  for (let k = 0; k + 1 < lines.length; k++) lines[k].breakAfter = true;
}

function isHeading(block: { kind: string }): block is Extract<Block, { kind: "heading" }> {
  return block.kind === "heading";
}

function isParagraph(block: { kind: string }): block is Extract<Block, { kind: "paragraph" }> {
  return block.kind === "paragraph";
}

/** Whether a span of words in the lines is bold: a section's title, not a byline. */
function isBold(lines: readonly Line[]): boolean {
  return lines.some((line) => line.spans.some((span) => span.bold && span.text.trim() !== ""));
}
