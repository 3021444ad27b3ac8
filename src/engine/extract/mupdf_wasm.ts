// MuPDF's WebAssembly module, compiled here instead of by mupdf.js. Two start-up costs go:
// mupdf.js copies the 10 MB file into a fresh array before compiling it (one more copy and
// 2,500 page faults), and it compiles only when mupdf.js is imported, after the engine's own
// modules have loaded. `compileMupdfWasm()` can be called first (the CLI does, src/cli/
// convert.ts): V8 then decodes the module on a background thread while this one loads the
// engine. mupdf_runtime.ts hands the compiled module to mupdf.js through Emscripten's
// `instantiateWasm` hook. Nothing else changes: same file, same instance, same output.
import { readFile } from "node:fs/promises";
import v8 from "node:v8";
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

/**
 * V8's flag for a long-running process: every WebAssembly function compiled by its optimising
 * compiler (TurboFan) at its first call, instead of first by its baseline compiler (Liftoff)
 * and by TurboFan only after it has run long enough (--wasm-tiering-budget). MuPDF has
 * thousands of functions that a conversion calls only a few times (a font's loading, a
 * content stream's rarer operators), and most of them never run long enough to be moved up:
 * a warm server's MuPDF extraction takes 5-8 % less CPU this way (docs/benchmarks.md,
 * "WebAssembly tiers"). Each function's first call compiles longer, once per process (V8
 * shares compiled WebAssembly between worker threads): about 0.3 s more CPU for a first small
 * conversion, which `svc convert` on one file would pay each run and does not set.
 */
export const OPTIMISED_WASM_FLAG = "--no-liftoff";

/** Sets OPTIMISED_WASM_FLAG for this process: call before any conversion (`svc serve` does). */
export function compileWasmOptimisedAtFirstCall(): void {
  v8.setFlagsFromString(OPTIMISED_WASM_FLAG);
}
