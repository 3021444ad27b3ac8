// A contents page set in a typewriter face reads as a block of code: Free Culture sets its
// contents in Monospace 821 ("PREFACE xiii", "CHAPTER ONE: Creators 21", "Film 53"), and it
// came out as a fenced listing. A reader wants its entries as other contents pages give
// them: one paragraph an entry, in the text's face.
import type { Line, Span } from "../model.js";
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

/** The line in the text's face: its spans no longer code. */
export function inTextFace(line: Line): Line {
  const spans: Span[] = line.spans.map((span) => (span.monospace ? { ...span, monospace: false } : span));
  return remadeLine(line, spans);
}

/** Each code block that is a contents listing becomes its entries, a paragraph each. */
export function contentsOutOfCode(blocks: BlockOrTable[]): void {
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.kind !== "code") continue;
    const entries = contentsEntries(block.lines);
    if (entries === null) continue;
    const paragraphs = entries.map((entry) => paragraphBlock(entry.map(inTextFace)));
    blocks.splice(i, 1, ...paragraphs);
    i += paragraphs.length - 1;
  }
}
