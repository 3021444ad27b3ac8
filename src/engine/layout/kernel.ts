// The layout kernel: which implementation of reading order runs. The TypeScript one in
// reading_order.ts is the reference; native/layout-core is a port of it, loaded here as a
// Node-API addon (native/svc-layout.<platform>.node) or as WebAssembly
// (wasm/svc_layout.wasm). All three give identical results (test/engine/layout_kernel.test.ts);
// docs/native.md has the build, the encoding and the measurements behind the default.
//
// The choice is made once per thread, at first use: SVC_LAYOUT_KERNEL=native|wasm|ts forces
// one (and a forced kernel that cannot load is an error, not a silent fallback); otherwise
// the first of AUTO_ORDER that loads.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type Box, type OrderedGroup, orderedGroup } from "./box.js";

export type LayoutKernelName = "native" | "wasm" | "ts";

/**
 * Without SVC_LAYOUT_KERNEL, the first of these that loads. Measured (docs/native.md,
 * "Measurements"): on the corpus pages the addon and the wasm module both take about a
 * third of the TypeScript time (level with each other), and on dense pages the addon
 * takes about half the wasm time.
 */
const AUTO_ORDER: readonly LayoutKernelName[] = ["native", "wasm", "ts"];

/** Version of the call interface, encoding and ordering rules; layout_core::KERNEL_ABI must
 *  match it (a stale build that orders otherwise than reading_order.ts is refused). */
export const LAYOUT_KERNEL_ABI = 6;
/** Integers before the permutation in the encoding: n and g (native/layout-core/src/encode.rs). */
const HEADER_LEN = 2;
const COORDS_PER_BOX = 4;
/** How far up from this file the package root (with native/ and wasm/) is looked for. */
const ROOT_SEARCH_LEVELS_MAX = 5;

/** A compiled kernel: orders boxes into the encoding of encode.rs. */
export interface CompiledLayoutKernel {
  readonly name: "native" | "wasm";
  /**
   * The encoding `[n, g, order × n, (end, columns) × g]` for `items`, or null when a
   * coordinate is not finite (the reference's comparators are inconsistent there, so the
   * caller keeps the TypeScript path). The array is valid until the next call.
   */
  orderEncoded(items: readonly Box[]): Int32Array | null;
}

export class LayoutKernelUnavailable extends Error {
  override name = "LayoutKernelUnavailable";
}

function packageRoot(): string {
  let dir = import.meta.dirname;
  for (let level = 0; level < ROOT_SEARCH_LEVELS_MAX; level++) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    dir = path.dirname(dir);
  }
  throw new LayoutKernelUnavailable(`layoutKernel - no package.json within ${ROOT_SEARCH_LEVELS_MAX} levels above ${import.meta.dirname}`);
}

/**
 * Where the addon may be, in napi-rs's naming (svc-layout.linux-x64-gnu.node,
 * …darwin-arm64.node, …win32-x64-msvc.node). On Linux both C libraries are candidates: the
 * build names the file for its own, and asking Node which one runs costs a process report.
 */
function nativeArtifactCandidates(): string[] {
  const base = `${process.platform}-${process.arch}`;
  const suffixes = process.platform === "linux" ? [`${base}-gnu`, `${base}-musl`] : process.platform === "win32" ? [`${base}-msvc`] : [base];
  const root = packageRoot();
  return suffixes.map((suffix) => path.join(root, "native", `svc-layout.${suffix}.node`));
}

/** The addon this platform would load (the first candidate when none is built). */
export function nativeArtifactPath(): string {
  const candidates = nativeArtifactCandidates();
  return candidates.find((file) => existsSync(file)) ?? candidates[0];
}

export function wasmArtifactPath(): string {
  return path.join(packageRoot(), "wasm", "svc_layout.wasm");
}

/** Copies the boxes' coordinates into `into` (length ≥ 4n); false if one is not finite. */
function packBoxes(items: readonly Box[], into: Float64Array): boolean {
  let o = 0;
  for (const it of items) {
    const { x0, y0, x1, y1 } = it;
    if (!(Number.isFinite(x0) && Number.isFinite(y0) && Number.isFinite(x1) && Number.isFinite(y1))) return false;
    into[o] = x0;
    into[o + 1] = y0;
    into[o + 2] = x1;
    into[o + 3] = y1;
    o += COORDS_PER_BOX;
  }
  return true;
}

interface NativeAddon {
  abi: number;
  orderForReading(coords: Float64Array): Int32Array;
  orderForReadingInto(coords: Float64Array, n: number, out: Int32Array): number;
}

export function loadNativeKernel(): CompiledLayoutKernel {
  const file = nativeArtifactPath();
  if (!existsSync(file)) throw new LayoutKernelUnavailable(`${file} is not built (npm run build:native)`);
  const addon = createRequire(import.meta.url)(file) as NativeAddon;
  if (addon.abi !== LAYOUT_KERNEL_ABI) {
    throw new LayoutKernelUnavailable(`${file} has kernel ABI ${addon.abi}, this build needs ${LAYOUT_KERNEL_ABI}: rebuild it (npm run build:native)`);
  }
  // Both arrays are reused from page to page: a page costs one call and no allocation.
  let coords = new Float64Array(0);
  let out = new Int32Array(0);
  return {
    name: "native",
    orderEncoded(items) {
      const n = items.length;
      if (coords.length < n * COORDS_PER_BOX) coords = new Float64Array(Math.max(n * COORDS_PER_BOX, 2 * coords.length));
      if (out.length < HEADER_LEN + 3 * n) out = new Int32Array(Math.max(HEADER_LEN + 3 * n, 2 * out.length));
      if (!packBoxes(items, coords)) return null;
      const written = addon.orderForReadingInto(coords, n, out);
      return out.subarray(0, written);
    },
  };
}

/** The slice of the WebAssembly global used here (this project's lib settings declare none). */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}
const webAssembly = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

interface WasmExports {
  memory: { buffer: ArrayBuffer };
  abi(): number;
  alloc(bytes: number): number;
  free(ptr: number, bytes: number): void;
  order_for_reading(ptr: number, n: number, outPtr: number): number;
}

/** One growable block of the module's linear memory, kept between calls. */
interface WasmBlock {
  ptr: number;
  bytes: number;
}

function ensureBlock(wasm: WasmExports, block: WasmBlock, bytes: number): void {
  if (block.bytes >= bytes) return;
  if (block.bytes > 0) wasm.free(block.ptr, block.bytes);
  const size = Math.max(bytes, 2 * block.bytes);
  const ptr = wasm.alloc(size) >>> 0;
  if (ptr === 0) throw new RangeError(`layoutKernel - the wasm kernel could not allocate ${size} bytes`);
  block.ptr = ptr;
  block.bytes = size;
}

interface WasmInstance {
  wasm: WasmExports;
  input: WasmBlock;
  output: WasmBlock;
}

export function loadWasmKernel(): CompiledLayoutKernel {
  const file = wasmArtifactPath();
  if (!existsSync(file)) throw new LayoutKernelUnavailable(`${file} is not built (npm run build:wasm)`);
  const module = new webAssembly.Module(readFileSync(file));
  const instantiate = (): WasmInstance => {
    const wasm = new webAssembly.Instance(module, {}).exports as unknown as WasmExports;
    return { wasm, input: { ptr: 0, bytes: 0 }, output: { ptr: 0, bytes: 0 } };
  };
  let current: WasmInstance | null = instantiate();
  const abi = current.wasm.abi();
  if (abi !== LAYOUT_KERNEL_ABI) {
    throw new LayoutKernelUnavailable(`${file} has kernel ABI ${abi}, this build needs ${LAYOUT_KERNEL_ABI}: rebuild it (npm run build:wasm)`);
  }
  return {
    name: "wasm",
    orderEncoded(items) {
      current ??= instantiate();
      const { wasm, input, output } = current;
      const n = items.length;
      try {
        ensureBlock(wasm, input, Math.max(8, n * COORDS_PER_BOX * 8));
        ensureBlock(wasm, output, (HEADER_LEN + 3 * n) * 4);
        // Views are made after allocating: memory growth detaches the old buffer.
        if (!packBoxes(items, new Float64Array(wasm.memory.buffer, input.ptr, n * COORDS_PER_BOX))) return null;
        const written = wasm.order_for_reading(input.ptr, n, output.ptr);
        if (written < 0) throw new Error(`layoutKernel - the wasm kernel refused ${n} boxes (code ${written})`);
        return new Int32Array(wasm.memory.buffer, output.ptr, written);
      } catch (err) {
        // A trap (out of memory) can leave the module's allocator mid-update: the next page
        // gets a fresh instance, and its memory goes with this one.
        current = null;
        throw err;
      }
    },
  };
}

/**
 * The groups an encoding describes, over `items`. Checks the encoding's shape on the way
 * (count, group ends, index range): a kernel bug must not become a wrong page silently.
 */
export function decodeGroups<T extends Box>(items: readonly T[], encoded: Int32Array): OrderedGroup<T>[] {
  const n = encoded[0];
  const g = encoded[1];
  assert(n === items.length && encoded.length === HEADER_LEN + n + 2 * g, "decodeGroups - encoding does not match the input");
  const groups: OrderedGroup<T>[] = [];
  let start = 0;
  for (let k = 0; k < g; k++) {
    const end = encoded[HEADER_LEN + n + 2 * k];
    assert(end > start && end <= n, "decodeGroups - group ends must increase within the permutation");
    // Pushed, not written into `new Array(n)`: that array is holey, another hidden class than
    // the TypeScript reading order's arrays of items, for every function reading a group.
    const groupItems: T[] = [];
    for (let i = start; i < end; i++) {
      const index = encoded[HEADER_LEN + i];
      assert(index >= 0 && index < n, "decodeGroups - box index out of range");
      groupItems.push(items[index]);
    }
    groups.push(orderedGroup(groupItems, encoded[HEADER_LEN + n + 2 * k + 1]));
    start = end;
  }
  assert(start === n, "decodeGroups - the groups must cover every box");
  return groups;
}

const loaders: Record<"native" | "wasm", () => CompiledLayoutKernel> = { native: loadNativeKernel, wasm: loadWasmKernel };

let selected: { name: LayoutKernelName; kernel: CompiledLayoutKernel | null } | null = null;

function parseChoice(raw: string | undefined): LayoutKernelName | "auto" {
  const value = (raw ?? "").trim().toLowerCase();
  if (value === "" || value === "auto") return "auto";
  if (value === "native" || value === "wasm" || value === "ts") return value;
  throw new LayoutKernelUnavailable(`SVC_LAYOUT_KERNEL must be native, wasm, ts or auto, not "${raw}"`);
}

function select(): { name: LayoutKernelName; kernel: CompiledLayoutKernel | null } {
  const choice = parseChoice(process.env.SVC_LAYOUT_KERNEL);
  if (choice === "ts") return { name: "ts", kernel: null };
  if (choice !== "auto") {
    try {
      return { name: choice, kernel: loaders[choice]() };
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new LayoutKernelUnavailable(`SVC_LAYOUT_KERNEL=${choice}, but the ${choice} layout kernel cannot load: ${reason}`, { cause: err });
    }
  }
  for (const name of AUTO_ORDER) {
    if (name === "ts") return { name, kernel: null };
    try {
      return { name, kernel: loaders[name]() };
    } catch {
      // Not built here: the next in AUTO_ORDER.
    }
  }
  return { name: "ts", kernel: null };
}

/** The compiled kernel in use, or null for the TypeScript one. Chosen at first call. */
export function layoutKernel(): CompiledLayoutKernel | null {
  selected ??= select();
  return selected.kernel;
}

/** Which kernel orders this thread's pages, for debug output. */
export function layoutKernelName(): LayoutKernelName {
  selected ??= select();
  return selected.name;
}

/** Forgets the choice, so the next use reads SVC_LAYOUT_KERNEL again (tests, benchmarks). */
export function resetLayoutKernel(): void {
  selected = null;
}
