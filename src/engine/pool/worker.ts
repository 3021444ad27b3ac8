// The Piscina worker: one thread, one MuPDF WASM instance, a few opened documents, and the
// pages it laid out, held until their render task comes back to this thread (pool.ts routes
// it here; a page it does not hold is laid out again, so the routing is a saving, never a
// condition of correctness).
//
// Error policy. A DocumentError (the file's fault) is returned as data, because Piscina
// structured-clones a thrown error into a plain Error and its code would be lost. Anything
// else is a fault of the engine, not of the file: it is rethrown so the pool sees a crash,
// and the thread retires itself, since after a WASM abort ("RuntimeError: Aborted") MuPDF's
// state cannot be trusted for the next task.
//
// Retiring: process.exit() inside a worker thread ends only that thread; Piscina sees the
// exit and starts a replacement. The exit is deferred (limits.workerRetireExitDelayMs) so the
// reply of the current task reaches the pool first. That needs the event loop to turn between
// tasks, which is why the pool runs Piscina with `atomics: "disabled"` (with the default
// "sync" mode the thread blocks in Atomics.wait between tasks and the exit never runs). A task Piscina hands
// this thread in the moment before it exits fails with "worker exited"; the pool resubmits it.
import { getHeapStatistics } from "node:v8";
import { parentPort, threadId, workerData } from "node:worker_threads";
import { limits } from "../../config/limits.js";
import { isDocumentError } from "../errors.js";
import type { ExtractBudget } from "../extract/pages.js";
import { wasm } from "../extract/mupdf_runtime.js";
import { DocumentSource, openDocumentSource } from "../extract/open_fallback.js";
import { planDocument } from "../layout/document_stats.js";
import { type LaidOutOutcome, type LaidOutPage, layOutOutcomes } from "../layout/page_layout.js";
import type { PageOutcome } from "../model.js";
import { outlineHints } from "../render/document.js";
import type { OutlineHints } from "../layout/outline_titles.js";
import { type RenderedPage, renderLaidOutPage } from "../render/page.js";
import { resolveSelection } from "../page_select.js";
import { defaultRenderOptions, type RenderOptions } from "../result.js";
import {
  PROGRESS_CANCEL,
  PROGRESS_PAGE,
  PROGRESS_STARTED_MS,
  progressViews,
  type ExtractReply,
  type ExtractTask,
  type LayoutReply,
  type LayoutTask,
  type OpenReply,
  type RenderReply,
  type RenderTask,
  type TrimReply,
  type OpenConvert,
  type OpenTask,
  type TestHooks,
  type WireDocumentError,
  type WorkerReply,
  type WorkerTask,
} from "./protocol.js";
import { type WarmUpBudget, type WarmUpReport, warmUp } from "./warm_up.js";

const testHooksEnabled = process.env.SVC_TEST_HOOKS === "1";

interface CachedDocument {
  docId: string;
  password: string | undefined;
  /** Read from a view on the shared upload: MuPDF copied it into WASM memory, pdf.js copies it on open. */
  document: DocumentSource;
}

/** Least recently used first. */
const cache: CachedDocument[] = [];
/** Laid-out pages by document, oldest document first; at most limits.workerLaidOutPagesMax pages in all. */
const held = new Map<string, Map<number, LaidOutPage>>();
let heldPages = 0;
let retiring = false;

/** What the pool asks of this thread at its start (pool.ts passes it as Piscina's workerData). */
export interface WorkerStart {
  /** Warm up before the first task within this budget; null: do not. */
  warmUp: WarmUpBudget | null;
}

/** Set by the first task: the warm-up stops before its next document. */
let taskArrived = false;
/** The warm-up running since the thread started, until it ends. */
let warming: Promise<void> | null = startWarmUp((workerData as WorkerStart | undefined)?.warmUp ?? null);

/** Warms this thread (warm_up.ts) and tells the pool how it went, once. */
function startWarmUp(budget: WarmUpBudget | null): Promise<void> | null {
  if (budget === null) return null;
  return warmUp(budget, convertForWarmUp, () => taskArrived).then((done) => {
    const report: WarmUpReport = { kind: "warmed_up", thread: threadId, ...done };
    parentPort?.postMessage(report);
    warming = null;
  });
}

/**
 * One warm document through the path a small request takes (runOpen with `convert`):
 * extract, lay out, plan and render, all here. The document is closed after, and nothing
 * of it is kept: only what V8 and MuPDF learned stays.
 */
async function convertForWarmUp(bytes: Uint8Array, pagesMax: number): Promise<number> {
  const document = await openDocumentSource(bytes, undefined);
  try {
    const pages = Array.from({ length: Math.min(document.pageCount, pagesMax, limits.pagesPerChunkMax) }, (_, i) => i + 1);
    const budget: ExtractBudget = { deadlineMs: Date.now() + limits.pageWallMsMax * pages.length };
    const laidOut = new Map<number, LaidOutPage>();
    const laid = layOutOutcomes(await document.extract(pages, budget, () => undefined), document.hasXfa, laidOut);
    renderWhole(laid, laidOut, defaultRenderOptions, outlineHints(document.outline()));
    return pages.length;
  } finally {
    await document.close();
  }
}

export default async function handleTask(task: WorkerTask): Promise<WorkerReply> {
  if (warming) {
    // A real task comes first: the warm-up stops after the document it is on.
    taskArrived = true;
    await warming;
  }
  try {
    switch (task.kind) {
      case "open":
        return await runOpen(task);
      case "extract":
        return await runExtract(task);
      case "layout":
        return await runLayout(task);
      case "render":
        return await runRender(task);
      case "trim":
        return trim(task.wasmBytesMax, task.heapBytesMax);
      case "test_hang":
        return spinForTest();
    }
  } catch (err) {
    retire();
    throw err;
  } finally {
    retireIfWasmTooLarge();
  }
}

async function runOpen(task: OpenTask): Promise<OpenReply> {
  const entry = await acquireFor(task);
  if ("error" in entry) return entry;
  const { document } = entry;
  const { pageCount, hasXfa } = document;
  const repaired = document.source.kind === "pdfjs" || document.source.opened.repaired;
  const outline = task.withOutline ? document.outline() : null;
  const opened = { ok: true as const, pageCount, hasXfa, repaired, outline };
  const pages = task.convert ? smallSelection(task.convert, pageCount) : null;
  if (!task.convert || !pages) return opened;
  const held = new Map<number, LaidOutPage>();
  const laid = layOutOutcomes(await extractWatched(entry, task.convert, pages), hasXfa, held);
  // Stopped short by the deadline: the job fails on its own timer, a tick behind.
  if (laid.length < pages.length) return opened;
  const hints = outlineHints(outline ?? document.outline());
  return { ...opened, converted: { pages, outcomes: laid, rendered: renderWhole(laid, held, task.convert.options, hints) } };
}

/** The selection when it fits one layout task; null when it does not or is refused (the main thread raises the same error). */
function smallSelection(convert: OpenConvert, pageCount: number): number[] | null {
  try {
    const pages = resolveSelection(convert.selection, pageCount, convert.maxSelectedPages);
    return pages.length <= limits.pagesPerChunkMax ? pages : null;
  } catch {
    return null;
  }
}

async function runExtract(task: ExtractTask): Promise<ExtractReply> {
  const entry = await acquireFor(task);
  if ("error" in entry) return entry;
  return { ok: true, outcomes: await extractWatched(entry, task, task.pages) };
}

async function runLayout(task: LayoutTask): Promise<LayoutReply> {
  const entry = await acquireFor(task);
  if ("error" in entry) return entry;
  const outcomes = await extractWatched(entry, task, task.pages);
  const pages = new Map<number, LaidOutPage>();
  const laid = layOutOutcomes(outcomes, entry.document.hasXfa, pages);
  if (task.renderAll && laid.length === task.pages.length) {
    const { options, hints } = task.renderAll;
    return { ok: true, outcomes: laid, thread: threadId, rendered: renderWhole(laid, pages, options, hints) };
  }
  hold(task.docId, pages);
  return { ok: true, outcomes: laid, thread: threadId };
}

/**
 * Plans and renders a whole selection laid out in this task: the same document pass the main
 * thread runs (render/document.ts planDocumentPass), on the same digests in the same order,
 * gives the same plan, so the pages come out as the two-round path renders them.
 */
function renderWhole(laid: readonly LaidOutOutcome[], pages: ReadonlyMap<number, LaidOutPage>, options: RenderOptions, hints: OutlineHints): RenderedPage[] {
  const plan = planDocument(laid.flatMap((o) => (o.ok && o.summary.digest ? [o.summary.digest] : [])), hints);
  return [...pages.values()].map((page) => renderLaidOutPage(page, plan, options, hints.get(page.model.page)));
}

async function runRender(task: RenderTask): Promise<RenderReply> {
  const own = held.get(task.docId);
  const { ints, times } = progressViews(task.progress);
  const rendered: RenderedPage[] = [];
  let laidOutAgain = 0;
  try {
    for (const page of task.pages) {
      if (Atomics.load(ints, PROGRESS_CANCEL) === 1 || Date.now() >= task.deadlineMs) break;
      let laid = own?.get(page);
      if (!laid) {
        const again = await layOutAgain(task, page);
        if (!again.ok) return again;
        laid = again.page;
        laidOutAgain += 1;
      }
      times[PROGRESS_STARTED_MS] = Date.now();
      Atomics.store(ints, PROGRESS_PAGE, page);
      rendered.push(renderLaidOutPage(laid, task.plan, task.options, task.hints.get(page)));
      Atomics.store(ints, PROGRESS_PAGE, 0);
      if (own?.delete(page)) heldPages -= 1;
    }
  } finally {
    Atomics.store(ints, PROGRESS_PAGE, 0);
    if (own?.size === 0) held.delete(task.docId);
  }
  return { ok: true, rendered, laidOutAgain };
}

/** A page this thread does not hold, extracted and laid out again for its render task. */
async function layOutAgain(task: RenderTask, page: number): Promise<{ ok: true; page: LaidOutPage } | { ok: false; error: WireDocumentError }> {
  const entry = await acquireFor(task);
  if ("error" in entry) return entry;
  const pages = new Map<number, LaidOutPage>();
  const [outcome] = layOutOutcomes(await extractWatched(entry, task, [page]), entry.document.hasXfa, pages);
  const laid = pages.get(page);
  // It was laid out once with text, so anything else now is the engine failing, not the file.
  if (!outcome?.ok || !laid) throw new Error(`page ${page} could not be laid out again for rendering (${outcome?.ok === false ? outcome.code : "no text"})`);
  return { ok: true, page: laid };
}

/** Forgets every document and page (the next request reopens what it needs), and retires a thread grown past the idle limit. */
function trim(wasmBytesMax: number, heapBytesMax: number): TrimReply {
  for (const entry of cache.splice(0)) void entry.document.close();
  held.clear();
  heldPages = 0;
  const wasmBytes = (wasm.HEAPU8 as Uint8Array).byteLength;
  // The V8 heap a thread committed under load is returned to the system slowly if at all;
  // a thread that exits returns all of it, and a fresh one costs one MuPDF instantiation
  // and its warm-up, and runs young (slower) for a while. (Collecting the heap before judging
  // it would need V8's --expose-gc set at run time, which Node documents as unsafe once the
  // VM runs; it took 0.5-4 MiB off, docs/benchmarks.md "s14-warm".)
  const heapBytes = getHeapStatistics().total_heap_size;
  const retiring = wasmBytes > wasmBytesMax || heapBytes > heapBytesMax;
  if (retiring) retire();
  return { ok: true, thread: threadId, wasmBytes, heapBytes, retiring };
}

/** Keeps a chunk's laid-out pages for their render task, dropping the oldest documents' pages past the limit. */
function hold(docId: string, pages: ReadonlyMap<number, LaidOutPage>): void {
  let own = held.get(docId);
  if (!own) held.set(docId, (own = new Map()));
  for (const [page, laid] of pages) {
    if (!own.has(page)) heldPages += 1;
    own.set(page, laid);
  }
  for (const [oldId, oldPages] of held) {
    if (heldPages <= limits.workerLaidOutPagesMax) break;
    for (const page of oldPages.keys()) {
      if (heldPages <= limits.workerLaidOutPagesMax) break;
      oldPages.delete(page);
      heldPages -= 1;
    }
    if (oldPages.size === 0) held.delete(oldId);
  }
}

/** Extracts `pages` with the pool's watchdog and cancel flag wired to the task's progress buffer. */
async function extractWatched(entry: CachedDocument, task: Pick<ExtractTask, "deadlineMs" | "progress" | "testHooks">, pages: readonly number[]): Promise<PageOutcome[]> {
  const { ints, times } = progressViews(task.progress);
  // extractPages reads the deadline before every page, so folding the pool's cancel flag
  // into it stops the loop at the next page boundary without a second check there.
  const budget: ExtractBudget = {
    get deadlineMs() {
      return Atomics.load(ints, PROGRESS_CANCEL) === 1 ? -Infinity : task.deadlineMs;
    },
  };
  const hooks = task.testHooks;
  const onPageStart = (page: number): void => {
    times[PROGRESS_STARTED_MS] = Date.now();
    Atomics.store(ints, PROGRESS_PAGE, page);
    if (testHooksEnabled && hooks) runTestHooks(hooks, page);
  };
  try {
    return await entry.document.extract(pages, budget, onPageStart);
  } finally {
    Atomics.store(ints, PROGRESS_PAGE, 0);
    if (testHooksEnabled && hooks?.retire) retire();
  }
}

/** The cached document for `docId`, opened (and the oldest evicted) when absent. */
async function acquire(docId: string, bytes: SharedArrayBuffer, password: string | undefined): Promise<CachedDocument> {
  const index = cache.findIndex((entry) => entry.docId === docId && entry.password === password);
  if (index !== -1) {
    const [entry] = cache.splice(index, 1);
    cache.push(entry);
    return entry;
  }
  const entry: CachedDocument = { docId, password, document: await openDocumentSource(new Uint8Array(bytes), password) };
  cache.push(entry);
  while (cache.length > limits.workerDocumentsCachedMax) void cache.shift()!.document.close();
  return entry;
}

/** The task's document, or the document error that opening it gave, as a reply. */
async function acquireFor(task: { docId: string; bytes: SharedArrayBuffer; password?: string }): Promise<CachedDocument | { ok: false; error: WireDocumentError }> {
  try {
    return await acquire(task.docId, task.bytes, task.password);
  } catch (err) {
    return { ok: false, error: asWireError(err) };
  }
}

function asWireError(err: unknown): WireDocumentError {
  if (!isDocumentError(err)) throw err;
  return { code: err.code, message: err.message, details: err.details };
}

// WebAssembly memory only grows: MuPDF freeing its store or our documents makes room for
// later allocations but never returns pages to the OS. Past the limit only a fresh thread
// gives the memory back, so the thread retires after replying.
function retireIfWasmTooLarge(): void {
  if ((wasm.HEAPU8 as Uint8Array).byteLength > limits.workerWasmBytesMax) retire();
}

function retire(): void {
  if (retiring) return;
  retiring = true;
  // Not at the next turn of the loop: on a loaded machine the thread could end before the
  // pool had the reply of the task that failed ("worker exited with code: 0" instead of its
  // error). A task handed to the thread meanwhile fails with "worker exited" and is resubmitted.
  setTimeout(() => process.exit(0), limits.workerRetireExitDelayMs);
}

function runTestHooks(hooks: TestHooks, page: number): void {
  if (page === hooks.crashPage) process.exit(1);
  if (page === hooks.hangPage) spinForTest();
}

function spinForTest(): never {
  if (!testHooksEnabled) throw new Error("test hooks are disabled in this worker (SVC_TEST_HOOKS is not 1)");
  for (;;) {
    // A page stuck inside WASM looks like this from the outside: no await, no exit.
  }
}
