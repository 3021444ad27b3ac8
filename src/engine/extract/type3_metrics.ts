// Step 3, extract: glyph boxes and sizes MuPDF could not know, for Type 3 fonts that carry no
// true metrics. dvipdfm's bitmap fonts (old TeX documents' pk fonts: minipage-marginpar, metre,
// lettre, octavo) declare FontMatrix [1 0 0 -1 0 0] and FontBBox [0 0 1000 1000], so MuPDF
// sizes their text at 0.1 pt and gives each glyph a box 120 pt tall, standing on its baseline.
// Every em-based rule then misread the page (each word a line, lines read through one
// another). The width of a glyph is still true (the PDF's Widths place the text), so, as
// pdftotext does for Type 3 fonts, the size is judged from the glyphs' widths: a letter is about
// half an em wide. The stext page is mended in the WASM heap before it is read, so every
// reader and rule sees the repaired boxes.
import { wasm } from "./mupdf_runtime.js";
import { CHAR_NEXT_OFFSET, CHAR_SIZE_OFFSET, charLayoutMatches, LINE_FIRST_CHAR_OFFSET, LINE_LAST_CHAR_OFFSET } from "./stext_layout.js";

/** A glyph whose box is this many times taller than its size is given has no true metrics (a
 * glyph box is about one em tall; an accent's or a tall bracket's is under three). */
export const BOGUS_BOX_SIZES = 8;
/** A letter is half an em wide, the median over a text's letters (Computer Modern's lowercase
 * median is 0.53 em, Times' 0.5): pdftotext's guess for a Type 3 font. Its other guess, an "m"
 * 0.6 em wide, made TeX's 10 pt text 14 pt (Computer Modern's "m" is 0.83 em). */
export const LETTER_WIDTH_EMS = 0.5;
/** The mended box stands this many ems above its baseline and this many below it (a text
 * face's ascender and descender). */
export const MENDED_ASCENT_EMS = 0.75;
export const MENDED_DESCENT_EMS = 0.25;
/** Two of MuPDF's lines with mended glyphs are one line of the page when their baselines lie
 * within this many ems of each other and the second starts at most this far past the first's
 * end: MuPDF, judging gaps by the 0.1 pt size, ended a line at every word. */
export const JOINED_BASELINE_EMS = 0.2;
export const JOINED_GAP_EMS = 1.5;
/** Letters measured per font at most. */
const WIDTHS_PER_FONT_MAX = 500;
const BLOCK_TEXT = 0;

/** A font's measured glyph widths: its letters'. */
class FontWidths {
  readonly letters: number[] = [];
}

/**
 * Mends, in the stext page at `stextPtr`, the boxes and sizes of upright glyphs whose boxes are
 * BOGUS_BOX_SIZES times taller than their size, font by font, from the font's glyph widths:
 * each box is redrawn around the glyph's baseline (its origin) and each line's box around its
 * glyphs. A character's size is written where the pinned MuPDF keeps it (stext_layout.ts,
 * checked on the first such character: a MuPDF laid out otherwise is left as it is). The
 * first character of each piece joined onto a line goes into `joinedStarts`: each follows a
 * word's gap with no space between, where the reader puts one (mupdf_page.ts). Returns whether
 * a glyph was mended: most pages have none and cost a look at each block's first line.
 */
export function mendTypeThreeMetrics(stextPtr: number, joinedStarts: Set<number> = new Set()): boolean {
  const H = wasm.HEAPF32;
  if (!someBlockOpensBogus(stextPtr, H)) return false;
  const lines: number[] = [];
  for (let block = wasm._wasm_stext_page_get_first_block(stextPtr); block; block = wasm._wasm_stext_block_get_next(block)) {
    if (wasm._wasm_stext_block_get_type(block) !== BLOCK_TEXT) continue;
    for (let line = wasm._wasm_stext_block_get_first_line(block); line; line = wasm._wasm_stext_line_get_next(line)) {
      const first = wasm._wasm_stext_line_get_first_char(line);
      if (!first) continue;
      const d = wasm._wasm_stext_line_get_dir(line) >> 2;
      // Upright lines only: a turned page's are read turned, and their boxes lie across.
      if (H[d] < 0.99 || Math.abs(H[d + 1]) > 0.01) continue;
      if (isBoxedBogus(line, first, H)) lines.push(line);
    }
  }
  if (lines.length === 0) return false;
  const U32 = new Uint32Array(H.buffer);
  if (!charLayoutMatches(wasm._wasm_stext_line_get_first_char(lines[0]), new Int32Array(H.buffer), U32, H)) return false;
  const widths = new Map<number, FontWidths>();
  for (const line of lines) {
    for (let ch = wasm._wasm_stext_line_get_first_char(line); ch; ch = wasm._wasm_stext_char_get_next(ch)) {
      if (!isBogus(H, ch)) continue;
      const font = wasm._wasm_stext_char_get_font(ch);
      let measured = widths.get(font);
      if (measured === undefined) widths.set(font, (measured = new FontWidths()));
      const code = wasm._wasm_stext_char_get_c(ch);
      const q = wasm._wasm_stext_char_get_quad(ch) >> 2;
      const width = Math.max(H[q + 2], H[q + 6]) - Math.min(H[q], H[q + 4]);
      if (!(width > 0)) continue;
      if (isAsciiLetter(code) && measured.letters.length < WIDTHS_PER_FONT_MAX) measured.letters.push(width);
    }
  }
  const ems = new Map<number, number>();
  for (const [font, measured] of widths) {
    const em = measured.letters.length > 0 ? median(measured.letters) / LETTER_WIDTH_EMS : 0;
    if (em > 0) ems.set(font, em);
  }
  let mended = false;
  for (const line of lines) {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let ch = wasm._wasm_stext_line_get_first_char(line); ch; ch = wasm._wasm_stext_char_get_next(ch)) {
      const q = wasm._wasm_stext_char_get_quad(ch) >> 2;
      const em = isBogus(H, ch) ? ems.get(wasm._wasm_stext_char_get_font(ch)) : undefined;
      if (em !== undefined) {
        const baseline = H[(wasm._wasm_stext_char_get_origin(ch) >> 2) + 1];
        H[q + 1] = H[q + 3] = baseline - MENDED_ASCENT_EMS * em;
        H[q + 5] = H[q + 7] = baseline + MENDED_DESCENT_EMS * em;
        H[(ch + CHAR_SIZE_OFFSET) >> 2] = em;
        mended = true;
      }
      x0 = Math.min(x0, H[q], H[q + 4]);
      x1 = Math.max(x1, H[q + 2], H[q + 6]);
      y0 = Math.min(y0, H[q + 1], H[q + 3], H[q + 5], H[q + 7]);
      y1 = Math.max(y1, H[q + 1], H[q + 3], H[q + 5], H[q + 7]);
    }
    const b = wasm._wasm_stext_line_get_bbox(line) >> 2;
    H[b] = x0;
    H[b + 1] = y0;
    H[b + 2] = x1;
    H[b + 3] = y1;
  }
  if (mended) joinPieces(lines, H, U32, joinedStarts);
  return mended;
}

/** Joins each of `lines` (in MuPDF's order) onto the one before it where the two are pieces of
 * one line of the page (JOINED_BASELINE_EMS, JOINED_GAP_EMS): the piece's characters are
 * linked after the line's, its first one noted in `joinedStarts`, and the piece left with no
 * characters (the readers skip a line without any). */
function joinPieces(lines: readonly number[], H: Float32Array, U32: Uint32Array, joinedStarts: Set<number>): void {
  let into = 0;
  for (const line of lines) {
    const first = U32[(line + LINE_FIRST_CHAR_OFFSET) >> 2];
    if (into !== 0 && first !== 0 && continuesLine(into, line, first, H, U32)) {
      const last = U32[(into + LINE_LAST_CHAR_OFFSET) >> 2];
      U32[(last + CHAR_NEXT_OFFSET) >> 2] = first;
      U32[(into + LINE_LAST_CHAR_OFFSET) >> 2] = U32[(line + LINE_LAST_CHAR_OFFSET) >> 2];
      U32[(line + LINE_FIRST_CHAR_OFFSET) >> 2] = 0;
      U32[(line + LINE_LAST_CHAR_OFFSET) >> 2] = 0;
      joinedStarts.add(first);
      const a = wasm._wasm_stext_line_get_bbox(into) >> 2;
      const b = wasm._wasm_stext_line_get_bbox(line) >> 2;
      H[a] = Math.min(H[a], H[b]);
      H[a + 1] = Math.min(H[a + 1], H[b + 1]);
      H[a + 2] = Math.max(H[a + 2], H[b + 2]);
      H[a + 3] = Math.max(H[a + 3], H[b + 3]);
      continue;
    }
    into = first === 0 ? 0 : line;
  }
}

/** Whether `line` (its first character `first`) goes on from where `into` ends: the next
 * piece of a line MuPDF broke, on its baseline and a word's gap after it. */
function continuesLine(into: number, line: number, first: number, H: Float32Array, U32: Uint32Array): boolean {
  const last = U32[(into + LINE_LAST_CHAR_OFFSET) >> 2];
  const em = wasm._wasm_stext_char_get_size(last);
  const lastBaseline = H[(wasm._wasm_stext_char_get_origin(last) >> 2) + 1];
  const firstBaseline = H[(wasm._wasm_stext_char_get_origin(first) >> 2) + 1];
  if (Math.abs(lastBaseline - firstBaseline) > JOINED_BASELINE_EMS * em) return false;
  const a = wasm._wasm_stext_line_get_bbox(into) >> 2;
  const b = wasm._wasm_stext_line_get_bbox(line) >> 2;
  const gap = H[b] - H[a + 2];
  return gap > -JOINED_BASELINE_EMS * em && gap < JOINED_GAP_EMS * em;
}

/** Whether a text block's first line is boxed BOGUS_BOX_SIZES times taller than its first
 * glyph's size: such fonts set whole pages, so the first lines tell, a few heap reads a block
 * where every line's cost the engine a percent on ordinary pages. */
function someBlockOpensBogus(stextPtr: number, H: Float32Array): boolean {
  for (let block = wasm._wasm_stext_page_get_first_block(stextPtr); block; block = wasm._wasm_stext_block_get_next(block)) {
    if (wasm._wasm_stext_block_get_type(block) !== BLOCK_TEXT) continue;
    const line = wasm._wasm_stext_block_get_first_line(block);
    const first = line ? wasm._wasm_stext_line_get_first_char(line) : 0;
    if (first && isBoxedBogus(line, first, H)) return true;
  }
  return false;
}

/** Whether MuPDF boxed `line` BOGUS_BOX_SIZES times taller than its first glyph's size. */
function isBoxedBogus(line: number, first: number, H: Float32Array): boolean {
  const b = wasm._wasm_stext_line_get_bbox(line) >> 2;
  return H[b + 3] - H[b + 1] > BOGUS_BOX_SIZES * wasm._wasm_stext_char_get_size(first);
}

/** Whether the glyph at `ch` has a box BOGUS_BOX_SIZES times taller than its size. */
function isBogus(H: Float32Array, ch: number): boolean {
  const q = wasm._wasm_stext_char_get_quad(ch) >> 2;
  const height = Math.max(H[q + 1], H[q + 3], H[q + 5], H[q + 7]) - Math.min(H[q + 1], H[q + 3], H[q + 5], H[q + 7]);
  return height > BOGUS_BOX_SIZES * wasm._wasm_stext_char_get_size(ch);
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)];
}
