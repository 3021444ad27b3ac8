// A contents page set in a typewriter face reads as a block of code: Free Culture sets its
// contents in Monospace 821 ("PREFACE xiii", "CHAPTER ONE: Creators 21", "Film 53"), and it
// came out as a fenced listing. A reader wants its entries as other contents pages give
// them: one paragraph an entry, in the text's face.
import { copySpan, type Line, type Span } from "../model.js";
import { lineText, remadeLine } from "../layout/lines.js";
import { type BlockOrTable, paragraphBlock } from "../layout/blocks.js";

/** An entry: words (a letter among them, none of code's punctuation), then its page number in
 *  arabic or roman figures. */
const CONTENTS_ENTRY = /^(?=[^\p{L}]*\p{L})[^{}()[\]<>=;\\$#@|_^~`%&+*/]+?\s+(\d{1,4}|[ivxlcdm]{1,7})$/iu;
/** A title's line wrapped before its page number: words alone, as an entry's. */
const WRAPPED_TITLE = /^(?=[^\p{L}]*\p{L})[^{}()[\]<>=;\\$#@|_^~`%&+*/]+$/u;
/** A contents listing has this many entries at least. */
const CONTENTS_ENTRIES_MIN = 4;
/** At most one line in this many is a wrapped title without its number. */
const WRAPPED_LINES_SHARE_MAX = 0.25;

/** An arabic page number's value, or null for a roman one (front matter's, before them all). */
function arabic(number: string): number | null {
  return /^\d/.test(number) ? Number(number) : null;
}

/**
 * The block's lines grouped into entries (a wrapped title with the line that ends it), or
 * null where the block is no contents listing: CONTENTS_ENTRIES_MIN entries at least, every
 * line an entry or a wrapped title, and the arabic page numbers never going down, as a
 * contents page's do and a listing's figures seldom do.
 */
export function contentsEntries(lines: readonly Line[]): Line[][] | null {
  const entries: Line[][] = [];
  let open: Line[] = [];
  let wrapped = 0;
  let last = -Infinity;
  for (const line of lines) {
    const text = lineText(line).trim();
    if (text === "") continue;
    const entry = CONTENTS_ENTRY.exec(text);
    if (entry === null) {
      if (!WRAPPED_TITLE.test(text)) return null;
      open.push(line);
      wrapped++;
      continue;
    }
    const page = arabic(entry[1]);
    if (page !== null) {
      if (page < last) return null;
      last = page;
    }
    open.push(line);
    entries.push(open);
    open = [];
  }
  if (open.length > 0 || entries.length < CONTENTS_ENTRIES_MIN || wrapped > WRAPPED_LINES_SHARE_MAX * entries.length) return null;
  return entries;
}

/** The line in the text's face: its spans no longer code. Its spans array made by push and
 *  each changed span by copySpan, not by map and a spread: map's array is holey where it runs
 *  optimised (contentsOutOfCode, once it was optimised with this inlined: the third pass of a
 *  process), and every reader of the line's spans (plainText, collectRuns, superscripts …)
 *  met that kind and was deoptimised ('wrong map'); a spread's span is of its own hidden class
 *  (model.ts). */
export function inTextFace(line: Line): Line {
  const spans: Span[] = [];
  for (const span of line.spans) spans.push(span.monospace ? inTextFont(span) : span);
  return remadeLine(line, spans);
}

/** A copy of the span, not in the code face. */
function inTextFont(span: Span): Span {
  const copy = copySpan(span);
  copy.monospace = false;
  return copy;
}

/** Each code block that is a contents listing becomes its entries, a paragraph each. */
export function contentsOutOfCode(blocks: BlockOrTable[]): void {
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.kind !== "code") continue;
    const entries = contentsEntries(block.lines);
    if (entries === null) continue;
    // Made by push, not map: map's array is packed from the built-in and holey from its
    // optimised inlined form, and this function (the splice, the length) and every reader of
    // a paragraph's lines met the other kind once it ran optimised (the second pass of a
    // process: one contents listing in the A/B pages), to be deoptimised ('wrong map').
    const paragraphs: BlockOrTable[] = [];
    for (const entry of entries) {
      const lines: Line[] = [];
      for (const line of entry) lines.push(inTextFace(line));
      paragraphs.push(paragraphBlock(lines));
    }
    blocks.splice(i, 1, ...paragraphs);
    i += paragraphs.length - 1;
  }
}
