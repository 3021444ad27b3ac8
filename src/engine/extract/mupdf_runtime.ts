// Loads MuPDF's WebAssembly build once per thread and exposes the raw module next to the
// public API. The public StructuredText.walk() allocates a Font wrapper (with a finalizer),
// a quad array and a colour array for every character, which costs more than MuPDF's own
// extraction on text-heavy pages. Handing the Emscripten factory our own module object lets
// extract_mupdf.ts read characters straight from the stext structures. The `mupdf`
// dependency is pinned to an exact version because of this; `hasFastStext` guards it.
// The same module object carries Emscripten's `instantiateWasm` hook, so mupdf.js
// instantiates the module mupdf_wasm.ts compiled (possibly already, in the background)
// instead of reading and compiling the file itself.
import { compileMupdfWasm, webAssembly } from "./mupdf_wasm.js";

type WasmModule = Record<string, any> & { HEAPF32: Float32Array; UTF8ToString(ptr: number): string };
type InstantiateWasm = (imports: object, receive: (instance: object, module: object) => void) => object;

const globals = globalThis as unknown as { $libmupdf_wasm_Module?: Record<string, unknown> };
const moduleObject = (globals.$libmupdf_wasm_Module ??= {});

// Awaited here, before mupdf.js runs, so a compile failure rejects this import: inside the
// hook only a synchronous throw reaches mupdf.js's promise.
const compiledWasm = await compileMupdfWasm();
const instantiateWasm: InstantiateWasm = (imports, receive) => {
  receive(new webAssembly.Instance(compiledWasm, imports), compiledWasm);
  return {};
};
moduleObject.instantiateWasm = instantiateWasm;

export const mupdf = await import("mupdf");
export const wasm = moduleObject as WasmModule;

// No ICC colour management: the engine reads two things of a colour, whether a fill is white
// and whether text is drawn at all (alpha and the fill/stroke flags), and MuPDF's device
// formulas answer both as its ICC links do. Building those links (lcms2 inverting tone
// curves for each document's colour spaces) was a seventh of MuPDF's time on a cold
// 14-page paper (docs/benchmarks.md).
mupdf.disableICC();

const fastStextFunctions = [
  "_wasm_stext_page_get_first_block",
  "_wasm_stext_block_get_next",
  "_wasm_stext_block_get_type",
  "_wasm_stext_block_get_bbox",
  "_wasm_stext_block_get_first_line",
  "_wasm_stext_block_get_v_flags",
  "_wasm_stext_block_get_v_argb",
  "_wasm_stext_line_get_next",
  "_wasm_stext_line_get_wmode",
  "_wasm_stext_line_get_bbox",
  "_wasm_stext_line_get_dir",
  "_wasm_stext_line_get_first_char",
  "_wasm_stext_char_get_next",
  "_wasm_stext_char_get_c",
  "_wasm_stext_char_get_quad",
  "_wasm_stext_char_get_size",
  "_wasm_stext_char_get_font",
  "_wasm_stext_char_get_argb",
  "_wasm_font_get_name",
  "_wasm_font_is_bold",
  "_wasm_font_is_italic",
  "_wasm_font_is_monospaced",
];

/** True when the module object above is the one MuPDF.js runs on, with the accessors the
 * open (open.ts catalogHasXfa) and the reader's links read objects through. It is not when
 * MuPDF.js was loaded before this module (a test may do so): those then go through
 * MuPDF.js's wrappers. */
export const hasRawObjects = ["_wasm_malloc", "_wasm_pdf_trailer", "_wasm_pdf_dict_gets", "_wasm_load_links", "_wasm_link_get_next", "_wasm_link_get_uri", "_wasm_link_get_rect", "_wasm_drop_link", "stringToUTF8", "lengthBytesUTF8"].every((name) => typeof wasm[name] === "function");

/** True when this MuPDF build exposes the stext accessors the fast reader needs. */
export const hasFastStext =
  wasm.HEAPF32 instanceof Float32Array && fastStextFunctions.every((name) => typeof wasm[name] === "function");

/** True when a page's annotations can be walked by pointer (annotation_text.ts): MuPDF.js's
 * getAnnotations() wraps every one of them (highlights, notes, popups) in an object
 * registered with a finalizer, where the reader wants the few that draw text. */
export const hasRawAnnotations = ["_wasm_pdf_first_annot", "_wasm_pdf_next_annot", "_wasm_pdf_annot_type", "_wasm_pdf_annot_flags", "_wasm_pdf_keep_annot"].every((name) => typeof wasm[name] === "function");

// MuPDF prints warnings about damaged files ("repairing PDF document", "unknown crypt
// filter") to the console. The engine reports through warnings and error codes instead, so
// the log is kept in a small ring that open.ts reads to classify a failure.
const LOG_LINES_MAX = 32;
const logRing: string[] = [];
function remember(message: string): void {
  if (logRing.length >= LOG_LINES_MAX) logRing.shift();
  logRing.push(message);
}
mupdf.setLog({ error: remember, warning: remember });

/** Empties the log ring and returns what MuPDF said since the last call. */
export function takeMupdfLog(): string[] {
  return logRing.splice(0, logRing.length);
}
