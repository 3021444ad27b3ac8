// The messages between EnginePool (main thread) and worker.ts (Piscina threads). Piscina
// structured-clones them, which drops error classes, so document errors travel as data.
import type { DocumentErrorCode } from "../errors.js";
import type { DocumentPlan } from "../layout/document_stats.js";
import type { LaidOutOutcome } from "../layout/page_layout.js";
import type { PageOutcome } from "../model.js";
import type { ParsedSelection } from "../page_select.js";
import type { RenderedPage } from "../render/page.js";
import type { RenderOptions, TocEntry } from "../result.js";

/** A DocumentError flattened for structured clone. */
export interface WireDocumentError {
  code: DocumentErrorCode;
  message: string;
  details: Record<string, unknown>;
}

export interface OpenTask {
  kind: "open";
  /** Names one upload; the worker caches the opened document under it for later chunks. */
  docId: string;
  /** Shared by every task of the document, so the pool holds one copy however many threads read it. */
  bytes: SharedArrayBuffer;
  password?: string;
  withOutline: boolean;
  /**
   * Set by a conversion: when the selection this resolves to fits one layout chunk
   * (limits.pagesPerChunkMax), the worker lays out and renders it in this same task, so a
   * small document costs one thread hop instead of two (pool.ts). Anything else, or a
   * selection the main thread will refuse, gets the plain open reply.
   */
  convert?: OpenConvert;
}

/** What an open task needs to convert a small selection at once. */
export interface OpenConvert {
  selection: ParsedSelection | null;
  maxSelectedPages: number;
  options: RenderOptions;
  deadlineMs: number;
  /** The watchdog's view of the pages being laid out (PROGRESS_*). */
  progress: SharedArrayBuffer;
  testHooks?: TestHooks;
}

/** The selection an open task converted (OpenTask.convert): laid out and rendered, in page order. */
export interface ConvertedAtOpen {
  pages: number[];
  outcomes: LaidOutOutcome[];
  rendered: RenderedPage[];
}

/** Test-only faults, honoured only when the worker's env has SVC_TEST_HOOKS=1. */
export interface TestHooks {
  /** Spin forever when this page starts, as a page stuck inside WASM would. */
  hangPage?: number;
  /** End the thread when this page starts, as an out-of-memory abort would. */
  crashPage?: number;
  /** Retire the thread after the task, as one past limits.workerWasmBytesMax does. */
  retire?: boolean;
}

export interface ExtractTask {
  kind: "extract";
  docId: string;
  bytes: SharedArrayBuffer;
  password?: string;
  /** 1-based page numbers, in output order. */
  pages: number[];
  /** Epoch ms after which the worker starts no further page. */
  deadlineMs: number;
  /** See PROGRESS_* below: the worker's live state, readable while it is inside WASM. */
  progress: SharedArrayBuffer;
  testHooks?: TestHooks;
}

/**
 * Extract and lay out pages, keep the laid-out pages in the thread for the render task that
 * follows, and answer with their summaries (layout/page_layout.ts).
 */
export interface LayoutTask extends Omit<ExtractTask, "kind"> {
  kind: "layout";
  /**
   * Set when `pages` is the whole selection: the document pass over one chunk needs no other
   * thread, so the worker plans and renders the pages in the same task (one thread hop fewer).
   */
  renderAll?: { options: RenderOptions; hints: Map<number, Map<string, number>> };
}

/**
 * Render pages with the document plan: pages this thread laid out are taken from its store;
 * any other (laid out by a thread that died since, or evicted) is extracted and laid out again.
 */
export interface RenderTask {
  kind: "render";
  docId: string;
  bytes: SharedArrayBuffer;
  password?: string;
  pages: number[];
  /** The plan, its furniture narrowed to `pages`. */
  plan: DocumentPlan;
  /** Outline titles by page, for `pages` only. */
  hints: Map<number, Map<string, number>>;
  options: RenderOptions;
  deadlineMs: number;
  progress: SharedArrayBuffer;
}

/**
 * The pool has been idle for limits.poolIdleTrimMs: drop cached documents and held pages,
 * and retire the thread (Piscina starts a fresh one) when its WebAssembly memory, which never
 * shrinks, passed limits.workerWasmIdleBytesMax.
 */
export interface TrimTask {
  kind: "trim";
  /** Retire past this many bytes of WebAssembly memory (EnginePoolOptions.wasmIdleBytesMax). */
  wasmBytesMax: number;
  /** …or of V8 heap, after the documents and pages are dropped (limits.workerHeapIdleBytesMax). */
  heapBytesMax: number;
}

/** Test-only: spins forever so a test can prove that abort replaces a stuck thread. */
export interface TestHangTask {
  kind: "test_hang";
}

export type WorkerTask = OpenTask | ExtractTask | LayoutTask | RenderTask | TrimTask | TestHangTask;

export type OpenReply =
  | { ok: true; pageCount: number; hasXfa: boolean; repaired: boolean; outline: TocEntry[] | null; converted?: ConvertedAtOpen }
  | { ok: false; error: WireDocumentError };

/** `outcomes` is shorter than `pages` when the deadline or a cancel stopped the worker. */
export type ExtractReply = { ok: true; outcomes: PageOutcome[] } | { ok: false; error: WireDocumentError };

/** `thread` is the worker's threadId: the render task for these pages is best sent back to it. */
export type LayoutReply = { ok: true; outcomes: LaidOutOutcome[]; thread: number; rendered?: RenderedPage[] } | { ok: false; error: WireDocumentError };

/** `rendered` is shorter than `pages` when the deadline or a cancel stopped the worker. */
/** `laidOutAgain` counts the pages this thread did not hold and laid out again. */
export type RenderReply = { ok: true; rendered: RenderedPage[]; laidOutAgain: number } | { ok: false; error: WireDocumentError };

/** The thread's WebAssembly memory when it was trimmed, and whether it retires to give it back. */
export type TrimReply = { ok: true; thread: number; wasmBytes: number; heapBytes: number; retiring: boolean };

export type WorkerReply = OpenReply | ExtractReply | LayoutReply | RenderReply | TrimReply;

// Progress buffer layout. Int32 slots are read and written with Atomics; the start time
// needs 64 bits, so it sits in a Float64 slot after them, written before the page slot so a
// reader that sees a page also sees its start time.
export const PROGRESS_BYTES = 16;
/** Int32 index: the 1-based page being extracted, 0 while none is. */
export const PROGRESS_PAGE = 0;
/** Int32 index: set to 1 by the pool to ask the worker to stop at the next page boundary. */
export const PROGRESS_CANCEL = 1;
/** Float64 index (byte offset 8): Date.now() when the current page started. */
export const PROGRESS_STARTED_MS = 1;

export interface ProgressViews {
  ints: Int32Array;
  times: Float64Array;
}

export function progressViews(buffer: SharedArrayBuffer): ProgressViews {
  return { ints: new Int32Array(buffer, 0, 2), times: new Float64Array(buffer, 0, 2) };
}

export function newProgressBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(PROGRESS_BYTES);
}

/** What an open task tells the main thread about the document. */
export interface OpenedInfo {
  pageCount: number;
  hasXfa: boolean;
  repaired: boolean;
  outline: TocEntry[] | null;
  /** The selection, converted with the open when OpenTask.convert asked and it fitted one chunk. */
  converted?: ConvertedAtOpen;
}

/** How a request asks the pool for its pages. */
export interface ExtractOptions {
  /** Epoch ms after which the request fails with DeadlineExceeded. */
  deadlineMs: number;
  signal?: AbortSignal;
  onProgress?: (pagesCompleted: number, pagesTotal: number) => void;
  /** Ignored unless the workers run with SVC_TEST_HOOKS=1. */
  testHooks?: TestHooks;
  /** For `layOut`: render with these when the selection fits one task (LayoutTask.renderAll). */
  renderWith?: { options: RenderOptions; hints: Map<number, Map<string, number>> };
}
