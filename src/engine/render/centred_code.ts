// A book's front matter set in a typewriter face is centred on its page, as a title page's and
// a licence notice's lines are: Free Culture sets its licence note, its half title, its
// "ALSO BY" page and its publisher's imprint in Monospace 821, each line centred, and each came
// out as a fenced listing ("     This PDF version of Free Culture is licensed" | "under a
// Creative Commons license. …"). Code is never set that way: a listing's lines share a left
// edge and indent from it in steps, and their right ends fall where their text ends. A block
// of lines in the code face whose centres stand on one axis while their left edges spread is
// text: it is read again as the text's paragraphs, in the text's face.
import type { Line } from "../model.js";
import type { Block, BlockOrTable } from "../layout/blocks.js";
import { emOf, paragraphBlock } from "../layout/blocks.js";
import { lineText } from "../layout/lines.js";
import { inTextFace } from "./code_contents.js";

/** A centred block has this many lines with text at least: two lines of a listing can stand
 *  on one axis by chance (an indented line half the other's length shorter). */
export const CENTRED_CODE_LINES_MIN = 3;
/** Each line's centre stands within this many ems (of its size) of the lines' median centre:
 *  centring in a fixed-pitch face leaves an odd line half a character (0.3 em) off, and a
 *  line centred by hand with spaces a character or so more (Free Culture's "Buy a copy of
 *  this book:", 0.9 em right of its notice's axis). */
export const CENTRED_CODE_AXIS_EMS_MAX = 1.25;
/** Signs of code: a line holding one is a listing's, however it stands. */
const CODE_SIGNS = /[{};=]/;
/** Centred lines in the code face are prose when they hold this many of English's commonest
 *  short words at least: a centred display of package names ("amsmath, amsthm, amsfonts,"),
 *  commands or addresses has none, and stays the listing a TeX manual means it to be. */
export const CENTRED_PROSE_WORDS_MIN = 3;
const PROSE_WORDS: ReadonlySet<string> = new Set(["a", "an", "the", "of", "to", "in", "is", "are", "was", "be", "and", "or", "for", "on", "at", "by", "as", "with", "this", "that", "it", "so", "not", "from", "your", "you", "we", "our"]);
const WORD = /\p{L}+/gu;

/** How many of PROSE_WORDS the lines hold, counted up to CENTRED_PROSE_WORDS_MIN. */
function proseWords(lines: readonly Line[]): number {
  let count = 0;
  for (const line of lines) {
    for (const word of lineText(line).toLowerCase().match(WORD) ?? []) {
      if (PROSE_WORDS.has(word) && ++count >= CENTRED_PROSE_WORDS_MIN) return count;
    }
  }
  return count;
}
/** The lines' left edges spread over this many ems at least: a block of lines of one length
 *  (a box drawn in characters, a table in code) has every centre on one axis too. */
export const CENTRED_CODE_LEFT_SPREAD_EMS_MIN = 3;

/** Whether the code block's lines are centred prose (above). */
export function isCentredText(lines: readonly Line[]): boolean {
  const texts = lines.filter((line) => lineText(line).trim() !== "");
  if (texts.length < CENTRED_CODE_LINES_MIN || texts.some((line) => CODE_SIGNS.test(lineText(line))) || proseWords(texts) < CENTRED_PROSE_WORDS_MIN) return false;
  const inks = texts.map(inkOf);
  const centres = inks.map((ink) => (ink.x0 + ink.x1) / 2).sort((a, b) => a - b);
  const axis = centres[centres.length >> 1];
  let left = Infinity;
  let leftmost = -Infinity;
  let em = Infinity;
  for (let i = 0; i < texts.length; i++) {
    const lineEm = emOf(texts[i]);
    const ink = inks[i];
    if (Math.abs((ink.x0 + ink.x1) / 2 - axis) > CENTRED_CODE_AXIS_EMS_MAX * lineEm) return false;
    left = Math.min(left, ink.x0);
    leftmost = Math.max(leftmost, ink.x0);
    em = Math.min(em, lineEm);
  }
  return leftmost - left >= CENTRED_CODE_LEFT_SPREAD_EMS_MIN * em;
}

/** Where the line's text stands, its leading and trailing spaces left out. A span's spaces
 *  are measured at its pitch (its width over its characters): the face is fixed-pitch, and
 *  a centred line set with spaces before it ("     Buy a copy of this book:") has them in
 *  its first span's box. */
function inkOf(line: Line): { x0: number; x1: number } {
  const spans = line.spans.filter((span) => span.text.trim() !== "");
  const first = spans[0];
  const last = spans[spans.length - 1];
  const pitch = (span: { x0: number; x1: number; text: string }) => (span.x1 - span.x0) / Math.max(1, span.text.length);
  const leading = first.text.length - first.text.trimStart().length;
  const trailing = last.text.length - last.text.trimEnd().length;
  return { x0: first.x0 + leading * pitch(first), x1: last.x1 - trailing * pitch(last) };
}

/** A gap between two lines of a centred block this many ems (of the upper line) tall or more
 *  parts two paragraphs: centred lines start anywhere, so no indent tells a paragraph's start,
 *  and the blank line a typist leaves between them is what does. */
export const CENTRED_PARAGRAPH_GAP_EMS_MIN = 0.8;

/** Each code block whose lines are centred prose becomes its paragraphs, parted at blank-line
 *  gaps, in the text's face. */
export function centredCodeAsText(blocks: BlockOrTable[]): void {
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.kind !== "code" || !isCentredText(block.lines)) continue;
    const paragraphs: Block[] = [];
    let open: Line[] = [];
    for (const line of block.lines) {
      if (lineText(line).trim() === "") continue;
      const last = open[open.length - 1];
      if (last !== undefined && line.y0 - last.y1 >= CENTRED_PARAGRAPH_GAP_EMS_MIN * emOf(last)) {
        paragraphs.push(paragraphBlock(open));
        open = [];
      }
      open.push(inTextFace(line));
    }
    if (open.length > 0) paragraphs.push(paragraphBlock(open));
    blocks.splice(i, 1, ...paragraphs);
    i += paragraphs.length - 1;
  }
}
