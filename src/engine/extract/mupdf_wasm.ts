// MuPDF's WebAssembly module, compiled here instead of by mupdf.js. Two start-up costs go:
// mupdf.js copies the 10 MB file into a fresh array before compiling it (one more copy and
// 2,500 page faults), and it compiles only when mupdf.js is imported, after the engine's own
// modules have loaded. `compileMupdfWasm()` can be called first (the CLI does, src/cli/
// convert.ts): V8 then decodes the module on a background thread while this one loads the
// engine. mupdf_runtime.ts hands the compiled module to mupdf.js through Emscripten's
// `instantiateWasm` hook. Nothing else changes: same file, same instance, same output.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/** The slice of the WebAssembly global used here (this project's lib settings declare none). */
export interface WebAssemblyApi {
  compile(bytes: Uint8Array): Promise<object>;
  Instance: new (module: object, imports: object) => { exports: unknown };
}
export const webAssembly = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

let compiled: Promise<object> | null = null;

/** The file next to mupdf.js that mupdf.js itself would load. */
function wasmFile(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve("mupdf")), "mupdf-wasm.wasm");
}

/**
 * Starts compiling MuPDF's WebAssembly once per thread; the same promise afterwards. The file
 * is read off this thread and V8 compiles asynchronously, so a caller that goes on loading
 * modules overlaps both. A failure is reported to whoever awaits (mupdf_runtime.ts), not as
 * an unhandled rejection of an early start.
 */
export function compileMupdfWasm(): Promise<object> {
  if (compiled === null) {
    compiled = readFile(wasmFile()).then((bytes) => webAssembly.compile(bytes));
    compiled.catch(() => {});
  }
  return compiled;
}
