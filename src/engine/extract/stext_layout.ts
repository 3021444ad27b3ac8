// Step 3, extract: the pinned MuPDF's structured-text structs as they lie in the WASM heap, for
// the page reader (mupdf_page.ts), which reads characters and lines straight from the heap
// instead of one WASM call per field; and the checks, against MuPDF's accessors, that the
// layout holds for the MuPDF loaded (a MuPDF whose layout differs is read through them).
import { wasm } from "./mupdf_runtime.js";

/** fz_stext_char of the pinned MuPDF: { int c; uint16 bidi; uint16 flags; uint32 argb; … }.
 * The flags have no accessor; their low byte is read at this offset (checked by
 * test/engine/line_joining.test.ts on a render-mode-3 fixture and a filled page). */
export const CHAR_FLAGS_OFFSET = 6;
/** FZ_STEXT_SYNTHETIC: a space MuPDF inserted for a gap, not drawn by the page. */
export const CHAR_SYNTHETIC = 4;
export const CHAR_FILLED = 16;
export const CHAR_STROKED = 32;
/** The rest of that struct: { …; uint32 argb @8; fz_point origin @12; fz_quad quad @20;
 * float size @52; fz_font *font @56; fz_stext_char *next @60 }. Read straight from the heap
 * instead of one WASM call per field: the calls were a fifth of the reader's time on text
 * pages. Checked against the accessors on each page's first character (charLayoutMatches);
 * a MuPDF whose layout differs is read through the accessors, same model. */
export const CHAR_ARGB_OFFSET = 8;
export const CHAR_QUAD_OFFSET = 20;
export const CHAR_SIZE_OFFSET = 52;
export const CHAR_FONT_OFFSET = 56;
export const CHAR_NEXT_OFFSET = 60;

/** fz_stext_line of the pinned MuPDF: { uint8 wmode; uint8 flags; fz_point dir @4; fz_rect
 * bbox @12; fz_stext_char *first_char @28, *last_char @32; fz_stext_line *prev @36, *next @40 }
 * (an older MuPDF's int wmode has the same low byte). Read straight from the heap like the
 * characters: the accessors were five WASM calls a line. Checked against them on each page's
 * first line (lineLayoutMatches); a MuPDF whose layout differs is read through them. */
export const LINE_DIR_OFFSET = 4;
export const LINE_BBOX_OFFSET = 12;
export const LINE_FIRST_CHAR_OFFSET = 28;
export const LINE_LAST_CHAR_OFFSET = 32;
export const LINE_NEXT_OFFSET = 40;

/** Whether the heap layout above holds for this line. */
export function lineLayoutMatches(line: number, U8: Uint8Array, U32: Uint32Array): boolean {
  return (
    U8 instanceof Uint8Array &&
    U32 instanceof Uint32Array &&
    U8[line] === wasm._wasm_stext_line_get_wmode(line) &&
    wasm._wasm_stext_line_get_dir(line) === line + LINE_DIR_OFFSET &&
    wasm._wasm_stext_line_get_bbox(line) === line + LINE_BBOX_OFFSET &&
    U32[(line + LINE_FIRST_CHAR_OFFSET) >> 2] === wasm._wasm_stext_line_get_first_char(line) >>> 0 &&
    U32[(line + LINE_NEXT_OFFSET) >> 2] === wasm._wasm_stext_line_get_next(line) >>> 0
  );
}

/** Whether the heap layout above holds for this character (the pinned MuPDF's struct). */
export function charLayoutMatches(ch: number, I32: Int32Array, U32: Uint32Array, H: Float32Array): boolean {
  return (
    I32 instanceof Int32Array &&
    U32 instanceof Uint32Array &&
    I32[ch >> 2] === wasm._wasm_stext_char_get_c(ch) &&
    U32[(ch + CHAR_ARGB_OFFSET) >> 2] === wasm._wasm_stext_char_get_argb(ch) >>> 0 &&
    wasm._wasm_stext_char_get_quad(ch) === ch + CHAR_QUAD_OFFSET &&
    Object.is(H[(ch + CHAR_SIZE_OFFSET) >> 2], wasm._wasm_stext_char_get_size(ch)) &&
    U32[(ch + CHAR_FONT_OFFSET) >> 2] === wasm._wasm_stext_char_get_font(ch) >>> 0 &&
    U32[(ch + CHAR_NEXT_OFFSET) >> 2] === wasm._wasm_stext_char_get_next(ch) >>> 0
  );
}
