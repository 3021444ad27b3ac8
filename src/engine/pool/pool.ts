// EnginePool: extraction on Piscina worker threads, shared fairly between requests, with a
// watchdog for pages stuck inside WASM (where no JS check can run).
//
// Watchdog. Every task gets a small shared progress buffer (worker_protocol.ts) in which the
// worker writes the page it is on and when it started. A timer reads them; a page past its
// CPU budget gets its task aborted, which makes Piscina terminate that thread and start a
// fresh one. The page becomes `page_budget_exceeded` and the rest of the chunk is submitted
// again, including pages the killed thread had finished: its results die with it, and
// redoing at most a chunk of pages is simpler than streaming each page back.
//
// Cancel. When a request's deadline passes or its signal aborts, its waiting chunks are
// dropped and its running chunks are asked (through the same buffer) to stop at the next
// page boundary; a chunk still running a page budget later is terminated. A thread is
// killed only when it is stuck, since a replacement must load MuPDF's WASM again.
//
// Crashes (a thread dying under a task) are handled per request: see scheduler.ts.
//
// Warm-up. Every thread, the first ones and every replacement (after a crash, a retirement,
// the idle trim), converts a small built-in set of pages before its first task
// (warm_up.ts), so that its first real pages do not pay for V8 compiling the engine. The
// first task a thread is handed stops its warm-up after the document it is on, so a request
// never waits for more than that. Each thread reports its warm-up here (PoolStats), and
// `warmedUp()` resolves once no thread is warming: `svc serve` listens only then.
//
// Two rounds per conversion. `layOut` extracts and lays out the pages in chunks; each worker
// keeps the pages it laid out and answers with their summaries. The document pass runs on
// the main thread over the summaries alone (render/document.ts), and `render` sends each
// worker the plan for the pages it holds: a render unit is pinned to that thread and waits
// for it (FairScheduler `ready`), and the load balancer places it there. When that thread
// has died since, the unit runs anywhere and the pages are laid out again. So the main
// thread never receives or walks a page's lines: what it does per page is a few hundred
// bytes of summary and the page's Markdown, which keeps it from limiting the pool as
// threads are added.
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import type { ResourceLimits } from "node:worker_threads";
import { Piscina } from "piscina";
import { limits } from "../../config/limits.js";
import { DocumentError } from "../errors.js";
import type { PageOutcome } from "../model.js";
import type { DocumentPlan } from "../layout/document_stats.js";
import type { LaidOutOutcome } from "../layout/page_layout.js";
import type { RenderedPage } from "../render/page.js";
import type { RenderOptions } from "../result.js";
import { type WarmUpBudget, type WarmUpReport, isWarmUpReport } from "./warm_up.js";
import type { WorkerStart } from "./worker.js";
import { ExtractJob, FairScheduler, OpenJob, RenderJob, TrimJob, type JobHost, type PoolJob, type Unit } from "./scheduler.js";
import {
  PROGRESS_CANCEL,
  PROGRESS_PAGE,
  PROGRESS_STARTED_MS,
  newProgressBuffer,
  progressViews,
  type ExtractOptions,
  type OpenConvert,
  type OpenedInfo,
  type WorkerReply,
  type WorkerTask,
} from "./protocol.js";

export { DeadlineExceeded, EngineCrashed } from "../errors.js";
export type { ExtractOptions, OpenedInfo } from "./protocol.js";

// Often enough that a stuck page is caught within a few percent of its budget; rarely
// enough that the timer costs nothing next to extraction.
const WATCHDOG_INTERVAL_MS = 100;

/**
 * `warmedUp()` waits at most this long past limits.workerWarmUpWallMsMax: a thread's start
 * (loading MuPDF's WebAssembly, reading the warm set) before it begins warming, with room
 * for a loaded machine. A warm-up is bounded inside the thread; this only bounds the wait.
 */
const WARM_UP_THREAD_START_MS_MAX = 10_000;

/** What the load balancer reads of one of Piscina's threads. */
interface BalancedThread {
  /** Its threadId. */
  id: number;
  currentUsage: number;
  terminating: boolean;
  destroyed: boolean;
}

/** What the load balancer reads of a task (Piscina hands it the task's queue options). */
interface Placement {
  unit: Unit;
}

export interface EnginePoolOptions {
  /** Worker threads; defaults to the CPUs available to this process. */
  threads?: number;
  /** The workers' environment; defaults to a copy of process.env. Tests set SVC_TEST_HOOKS here. */
  env?: NodeJS.Dict<string>;
  /** The idle trim replaces a thread whose WebAssembly memory passed this; defaults to limits.workerWasmIdleBytesMax. */
  wasmIdleBytesMax?: number;
  /** The idle trim replaces a thread whose V8 heap stays past this; defaults to limits.workerHeapIdleBytesMax. */
  heapIdleBytesMax?: number;
  /** Each thread's V8 young generation in MB (Worker resourceLimits); defaults to limits.workerYoungGenerationMbMax. Benchmarks set it. */
  youngGenerationMb?: number;
  /** Idle time before the trim; defaults to limits.poolIdleTrimMs. */
  idleTrimMs?: number;
  /**
   * Each thread's warm-up before its first task (warm_up.ts); defaults to
   * limits.workerWarmUpPagesMax and limits.workerWarmUpWallMsMax. `false`: no warm-up (tests
   * that make many pools and do not measure speed; output is the same either way).
   */
  warmUp?: WarmUpBudget | false;
}

export interface OpenOptions {
  withOutline?: boolean;
  signal?: AbortSignal;
  /** Epoch ms; defaults to limits.requestWallMsMax from now. */
  deadlineMs?: number;
  /** Convert a small selection with the open (OpenTask.convert). */
  convert?: Omit<OpenConvert, "deadlineMs" | "progress">;
}


export interface PoolStats {
  threads: number;
  /** Tasks on worker threads. */
  running: number;
  /** Chunks waiting for a thread. */
  queued: number;
  /** Threads replaced by the idle trim since start, to hand their grown WebAssembly memory back. */
  threadsTrimmed: number;
  /** Pages rendered since start by a thread that no longer held them (it had died, or dropped them at its limit), and so extracted twice. */
  pagesLaidOutAgain: number;
  /** Live threads still warming up (warm_up.ts); 0 once the pool is warm, or with warm-up off. */
  threadsWarming: number;
  /** Warm-ups finished since start: one per thread started, replacements included. */
  threadsWarmedUp: number;
  /** Warm-ups a thread's first task stopped before their budget ran out (so that thread started young). */
  warmUpsStoppedByTask: number;
  /** Pages the warm-ups converted, over all threads since start. */
  warmUpPages: number;
  /** Wall time the warm-ups took, summed over threads since start. */
  warmUpWallMs: number;
}

export class EnginePool {
  readonly threads: number;
  readonly #wasmIdleBytesMax: number;
  readonly #heapIdleBytesMax: number;
  readonly #idleTrimMs: number;
  readonly #piscina: Piscina<WorkerTask, WorkerReply>;
  readonly #scheduler: FairScheduler<PoolJob, Unit>;
  readonly #running = new Map<Unit, AbortController>();
  readonly #jobs = new Set<PoolJob>();
  readonly #host: JobHost;
  #watchdog: NodeJS.Timeout | null = null;
  #closed = false;
  #pagesLaidOutAgain = 0;
  #threadsTrimmed = 0;
  readonly #warmUp: WarmUpBudget | null;
  /** The warm-up report of each live thread that finished warming, by threadId. */
  readonly #warmedThreads = new Map<number, WarmUpReport>();
  #threadsWarmedUp = 0;
  #warmUpPages = 0;
  #warmUpsStoppedByTask = 0;
  #warmUpWallMs = 0;
  /** `warmedUp()` callers, resolved once no thread is warming. */
  #warmWaiters: (() => void)[] = [];
  #idleTimer: NodeJS.Timeout | null = null;
  /** Whether the threads were trimmed since the last request's work: one trim per idle spell. */
  #trimmed = true;

  constructor(options: EnginePoolOptions = {}) {
    this.threads = options.threads ?? availableParallelism();
    this.#wasmIdleBytesMax = options.wasmIdleBytesMax ?? limits.workerWasmIdleBytesMax;
    this.#idleTrimMs = options.idleTrimMs ?? limits.poolIdleTrimMs;
    this.#heapIdleBytesMax = options.heapIdleBytesMax ?? limits.workerHeapIdleBytesMax;
    this.#warmUp = options.warmUp === false ? null : (options.warmUp ?? { pagesMax: limits.workerWarmUpPagesMax, wallMsMax: limits.workerWarmUpWallMsMax });
    const workerStart: WorkerStart = { warmUp: this.#warmUp };
    this.#piscina = new Piscina<WorkerTask, WorkerReply>({
      filename: workerFilename(),
      loadBalancer: (task, workers) => this.#place((task as unknown as Record<symbol, Placement | null>)[Piscina.queueOptionsSymbol], workers),
      minThreads: this.threads,
      maxThreads: this.threads,
      maxQueue: limits.poolQueueMax,
      concurrentTasksPerWorker: 1,
      // Every thread Piscina starts, replacements included, gets these (docs/benchmarks.md "s15-heap").
      resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMbMax, maxYoungGenerationSizeMb: options.youngGenerationMb ?? limits.workerYoungGenerationMbMax },
      // The worker retires itself with a deferred process.exit(), which needs its event
      // loop to turn between tasks; "sync" atomics block it there (see worker.ts).
      atomics: "disabled",
      env: options.env,
      workerData: workerStart,
    });
    // Piscina reports a thread error that no task is waiting on as an 'error' event, which
    // would end the process if unheard. The thread is replaced already; tasks see their own.
    this.#piscina.on("error", () => undefined);
    this.#piscina.on("message", (message: unknown) => {
      if (isWarmUpReport(message)) this.#onWarmedUp(message);
    });
    // A thread that dies while warming is no longer waited for (its replacement is).
    this.#piscina.on("workerDestroy", () => this.#resolveIfWarm());
    this.#scheduler = new FairScheduler<PoolJob, Unit>(this.threads, (unit) => this.#run(unit), (unit) => this.#ready(unit));
    this.#host = {
      requeue: (job, unit) => {
        if (job.settledAtMs === null) this.#scheduler.requeue(job, unit);
      },
      cancel: (job) => {
        this.#jobs.delete(job);
        this.#scheduler.drop(job);
        for (const unit of this.#running.keys()) {
          if (unit.job === job) Atomics.store(unit.progress.ints, PROGRESS_CANCEL, 1);
        }
      },
    };
  }

  /**
   * Opens the document on a worker (which keeps it for the chunks that follow). With
   * `options.convert`, a selection that fits one layout chunk is laid out and rendered in the
   * same task (OpenedInfo.converted). Should that task run a page past its budget or die on
   * a page, the open is sent again without it, and the pages go the two-round way, which
   * gives such a page its page_budget_exceeded or page_render_failed outcome.
   */
  async open(docId: string, bytes: SharedArrayBuffer, password: string | undefined, options: OpenOptions = {}): Promise<OpenedInfo> {
    const deadlineMs = options.deadlineMs ?? Date.now() + limits.requestWallMsMax;
    const openTask = (convert?: OpenConvert): WorkerTask => ({ kind: "open", docId, bytes, password, withOutline: options.withOutline ?? false, convert });
    const plainUnit = (): Unit => this.#unit(job, [], () => openTask());
    const job = new OpenJob(this.#host, deadlineMs, options.signal, plainUnit);
    const { convert } = options;
    this.#admit(job, [convert ? this.#unit(job, [], (progress) => openTask({ ...convert, deadlineMs, progress })) : plainUnit()]);
    return job.promise;
  }

  /** Extracts `pages` (1-based, distinct) and returns their outcomes in the same order. */
  async extract(
    docId: string,
    bytes: SharedArrayBuffer,
    password: string | undefined,
    pages: readonly number[],
    options: ExtractOptions,
  ): Promise<PageOutcome[]> {
    const { deadlineMs, testHooks } = options;
    const job = this.#chunked<PageOutcome>(pages, options, (chunk, progress) => ({ kind: "extract", docId, bytes, password, pages: chunk, deadlineMs, progress, testHooks }));
    return job.promise;
  }

  /**
   * Extracts and lays out `pages`; each worker keeps what it laid out for `render`. Returns
   * the pages' summaries in order, and which thread holds each page with text.
   */
  async layOut(
    docId: string,
    bytes: SharedArrayBuffer,
    password: string | undefined,
    pages: readonly number[],
    options: ExtractOptions,
  ): Promise<{ outcomes: LaidOutOutcome[]; holders: Map<number, number>; rendered: Map<number, RenderedPage> | null }> {
    const { deadlineMs, testHooks, renderWith } = options;
    // Only a task holding the whole selection may render it (a resubmitted rest never does).
    const renderAll = (chunk: number[]) => (renderWith && chunk.length === pages.length ? renderWith : undefined);
    const job = this.#chunked<LaidOutOutcome>(pages, options, (chunk, progress) => ({ kind: "layout", docId, bytes, password, pages: chunk, deadlineMs, progress, testHooks, renderAll: renderAll(chunk) }));
    return { outcomes: await job.promise, holders: job.holders, rendered: job.rendered };
  }

  /** A job over `pages` (1-based, distinct) in chunks of limits.pagesPerChunkMax, admitted. */
  #chunked<O extends PageOutcome | LaidOutOutcome>(pages: readonly number[], options: ExtractOptions, task: (chunk: number[], progress: SharedArrayBuffer) => WorkerTask): ExtractJob<O> {
    if (new Set(pages).size !== pages.length) throw new Error("EnginePool: pages must be distinct");
    const chunkUnit = (chunk: number[]): Unit => this.#unit(job, chunk, (progress) => task(chunk, progress));
    const job = new ExtractJob<O>(this.#host, pages, options, chunkUnit);
    const units: Unit[] = [];
    for (let start = 0; start < pages.length; start += limits.pagesPerChunkMax) {
      units.push(chunkUnit(pages.slice(start, start + limits.pagesPerChunkMax)));
    }
    this.#admit(job, units);
    if (units.length === 0) job.finishIfComplete();
    return job;
  }

  /** Renders laid-out pages with the document plan, each on the thread that holds it where that thread still lives. */
  async render(
    docId: string,
    bytes: SharedArrayBuffer,
    password: string | undefined,
    request: { pages: readonly number[]; holders: ReadonlyMap<number, number>; plan: DocumentPlan; hints: ReadonlyMap<number, Map<string, number>>; options: RenderOptions },
    options: { deadlineMs: number; signal?: AbortSignal },
  ): Promise<Map<number, RenderedPage>> {
    const { deadlineMs, signal } = options;
    const job = new RenderJob(this.#host, request.pages, deadlineMs, signal);
    const byThread = new Map<number | null, number[]>();
    for (const page of request.pages) {
      const thread = request.holders.get(page) ?? null;
      const threadPages = byThread.get(thread);
      if (threadPages) threadPages.push(page);
      else byThread.set(thread, [page]);
    }
    const units: Unit[] = [];
    for (const [thread, threadPages] of byThread) {
      for (let start = 0; start < threadPages.length; start += limits.pagesPerRenderTaskMax) {
        const chunk = threadPages.slice(start, start + limits.pagesPerRenderTaskMax);
        const plan: DocumentPlan = { ...request.plan, furniture: onlyPages(request.plan.furniture, chunk) };
        const hints = onlyPages(request.hints, chunk);
        const unit = this.#unit(job, chunk, (progress) => ({ kind: "render", docId, bytes, password, pages: chunk, plan, hints, options: request.options, deadlineMs, progress }));
        unit.pin = thread;
        units.push(unit);
      }
    }
    this.#admit(job, units);
    if (units.length === 0) job.finishIfComplete();
    try {
      return await job.promise;
    } finally {
      this.#pagesLaidOutAgain += job.laidOutAgain;
    }
  }

  stats(): PoolStats {
    return {
      threads: this.threads,
      running: this.#running.size,
      queued: this.#scheduler.waiting,
      pagesLaidOutAgain: this.#pagesLaidOutAgain,
      threadsTrimmed: this.#threadsTrimmed,
      threadsWarming: this.#threadsWarming(),
      threadsWarmedUp: this.#threadsWarmedUp,
      warmUpsStoppedByTask: this.#warmUpsStoppedByTask,
      warmUpPages: this.#warmUpPages,
      warmUpWallMs: this.#warmUpWallMs,
    };
  }

  /**
   * Resolves once no live thread is warming up (at once with warm-up off, or once the pool is
   * closed). Requests need not wait for it: a thread's first task stops its warm-up.
   */
  warmedUp(): Promise<void> {
    return new Promise((resolve) => {
      // Never waits past the budget and a thread's start: a report that never comes (a thread
      // stuck in its start) must not keep `svc serve` from listening. The timer is not
      // unref'd: whoever awaits this wants the process to live until it resolves (Piscina's
      // idle threads do not hold it).
      const bound = this.#warmUp === null ? 0 : this.#warmUp.wallMsMax + WARM_UP_THREAD_START_MS_MAX;
      const timer = setTimeout(() => settle(), bound);
      const settle = () => {
        clearTimeout(timer);
        this.#warmWaiters = this.#warmWaiters.filter((waiter) => waiter !== settle);
        resolve();
      };
      this.#warmWaiters.push(settle);
      this.#resolveIfWarm();
    });
  }

  /** Live threads that have not reported their warm-up (worker.ts posts it when it ends). */
  #threadsWarming(): number {
    if (this.#warmUp === null) return 0;
    return this.#piscina.threads.filter((worker) => !this.#warmedThreads.has(worker.threadId)).length;
  }

  #onWarmedUp(report: WarmUpReport): void {
    this.#warmedThreads.set(report.thread, report);
    this.#threadsWarmedUp += 1;
    this.#warmUpPages += report.pages;
    if (report.endedBy === "task") this.#warmUpsStoppedByTask += 1;
    this.#warmUpWallMs += report.wallMs;
    // Dead threads' reports go: threadIds are not reused, but the map must not grow forever.
    const live = new Set(this.#piscina.threads.map((worker) => worker.threadId));
    for (const thread of this.#warmedThreads.keys()) if (!live.has(thread)) this.#warmedThreads.delete(thread);
    this.#resolveIfWarm();
  }

  #resolveIfWarm(): void {
    if (this.#warmWaiters.length === 0 || (!this.#closed && this.#threadsWarming() > 0)) return;
    for (const settle of [...this.#warmWaiters]) settle();
  }

  /**
   * The idle trim (limits.poolIdleTrimMs): every thread drops its documents and laid-out
   * pages, and a thread whose WebAssembly memory grew past limits.workerWasmIdleBytesMax, or
   * whose V8 heap stays past limits.workerHeapIdleBytesMax, retires: WebAssembly memory never
   * shrinks, V8 gives its heap back slowly, and a fresh thread starts small.
   * Runs by itself once the pool has been idle that long; returns the threads' replies.
   */
  async trim(): Promise<{ wasmBytes: number; heapBytes: number; retiring: boolean }[]> {
    const threads = this.#piscina.threads.map((worker) => worker.threadId);
    const job = new TrimJob(this.#host, threads.length);
    const units = threads.map((thread) => {
      const unit = this.#unit(job, [], () => ({ kind: "trim", wasmBytesMax: this.#wasmIdleBytesMax, heapBytesMax: this.#heapIdleBytesMax }));
      unit.pin = thread;
      return unit;
    });
    this.#admit(job, units, { trim: true });
    const replies = await job.promise;
    this.#threadsTrimmed += replies.filter((r) => r.retiring).length;
    return replies.map(({ wasmBytes, heapBytes, retiring }) => ({ wasmBytes, heapBytes, retiring }));
  }

  /**
   * The V8 heap bounds each live thread runs with (Node's Worker.resourceLimits: what the
   * thread's isolate was configured with, V8's defaults filled in where the pool set none).
   */
  threadResourceLimits(): ResourceLimits[] {
    return this.#piscina.threads.map((worker) => ({ ...worker.resourceLimits }));
  }

  /** Fails every pending request and ends the threads. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#cancelIdleTrim();
    for (const job of [...this.#jobs]) job.fail(new Error("The engine pool was closed."));
    this.#stopWatchdog();
    this.#resolveIfWarm();
    await this.#piscina.destroy();
  }

  #admit(job: PoolJob, units: Unit[], how: { trim?: boolean } = {}): void {
    if (job.settledAtMs !== null) return; // its signal was aborted before it got here
    this.#cancelIdleTrim();
    if (!how.trim) this.#trimmed = false;
    if (this.#closed) {
      job.fail(new Error("The engine pool is closed."));
      return;
    }
    if (this.#scheduler.waiting + units.length > limits.poolQueueMax) {
      job.fail(
        new DocumentError("overloaded", "The conversion service is at capacity. Retry after the interval in Retry-After.", {
          queue_max: limits.poolQueueMax,
        }),
      );
      return;
    }
    this.#jobs.add(job);
    this.#scheduler.add(job, units);
  }

  /** Each unit gets its own progress buffer, so a resubmitted chunk starts from a clean one. */
  #unit(job: PoolJob, pages: number[], task: (progress: SharedArrayBuffer) => WorkerTask): Unit {
    const progress = newProgressBuffer();
    return { job, task: task(progress), pages, progress: progressViews(progress), crashes: 0, pin: null, thread: null };
  }

  /** A unit pinned to a live thread waits until that thread runs nothing else. */
  #ready(unit: Unit): boolean {
    if (unit.pin === null || !this.#piscina.threads.some((w) => w.threadId === unit.pin)) return true;
    for (const running of this.#running.keys()) if (running.thread === unit.pin) return false;
    return true;
  }

  /** Piscina's load balancer: an idle thread, the pinned one when it is idle. */
  #place<W extends BalancedThread>(placement: Placement | null, workers: W[]): W | null {
    const idle = workers.filter((w) => w.currentUsage === 0 && !w.terminating && !w.destroyed);
    if (idle.length === 0) return null;
    const pin = placement?.unit.pin ?? null;
    // An unpinned unit leaves the threads that pinned units wait for to them where it can.
    const chosen = (pin !== null ? idle.find((w) => w.id === pin) : undefined) ?? idle.find((w) => !this.#awaited(w.id)) ?? idle[0];
    if (placement) placement.unit.thread = chosen.id;
    return chosen;
  }

  /** Whether a waiting unit is pinned to thread `id`. */
  #awaited(id: number): boolean {
    return this.#scheduler.someWaiting((unit) => unit.pin === id);
  }

  /** Runs one unit on Piscina; never rejects (the scheduler counts on it). */
  async #run(unit: Unit): Promise<void> {
    if (unit.job.settledAtMs !== null) return;
    const controller = new AbortController();
    this.#running.set(unit, controller);
    this.#startWatchdog();
    try {
      const placement: Placement = { unit };
      const reply = await this.#piscina.run(Object.assign(unit.task, { [Piscina.queueOptionsSymbol]: placement }), { signal: controller.signal });
      if (unit.job.settledAtMs === null) unit.job.onReply(unit, reply);
    } catch (err) {
      // An aborted task was already accounted for by the watchdog or by the job's cancel.
      if (!controller.signal.aborted && unit.job.settledAtMs === null) {
        const { page, pageMs } = currentPage(unit, Date.now());
        unit.job.onCrash(unit, page, pageMs, err);
      }
    } finally {
      unit.thread = null;
      this.#running.delete(unit);
      if (this.#running.size === 0) this.#stopWatchdog();
      this.#armIdleTrim();
    }
  }

  /** Once nothing runs or waits, the trim is due after limits.poolIdleTrimMs. */
  #armIdleTrim(): void {
    if (this.#trimmed || this.#closed || this.#idleTimer !== null || this.#running.size > 0 || this.#scheduler.waiting > 0) return;
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      this.#trimmed = true;
      this.trim().catch(() => undefined);
    }, this.#idleTrimMs);
    this.#idleTimer.unref();
  }

  #cancelIdleTrim(): void {
    if (this.#idleTimer === null) return;
    clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
  }

  #startWatchdog(): void {
    if (this.#watchdog !== null) return;
    this.#watchdog = setInterval(() => this.#watch(), WATCHDOG_INTERVAL_MS);
    this.#watchdog.unref();
  }

  #stopWatchdog(): void {
    if (this.#watchdog === null) return;
    clearInterval(this.#watchdog);
    this.#watchdog = null;
  }

  #watch(): void {
    const nowMs = Date.now();
    for (const [unit, controller] of this.#running) {
      if (controller.signal.aborted) continue;
      const { page, pageMs } = currentPage(unit, nowMs);
      const { settledAtMs } = unit.job;
      if (settledAtMs !== null) {
        // Asked to stop at a page boundary; it gets one page budget to reach one.
        if (pageMs > limits.pageWallMsMax || nowMs - settledAtMs > limits.pageWallMsMax) controller.abort();
      } else if (pageMs > limits.pageWallMsMax) {
        controller.abort();
        unit.job.onPageOverBudget(unit, page, pageMs);
      }
    }
  }
}

/** The entries of a by-page map for `pages` only: what one task needs of it. */
function onlyPages<V>(byPage: ReadonlyMap<number, V>, pages: readonly number[]): Map<number, V> {
  const picked = new Map<number, V>();
  for (const page of pages) {
    const value = byPage.get(page);
    if (value !== undefined) picked.set(page, value);
  }
  return picked;
}

/** The page the unit's thread is on (0: none) and for how long, from its progress buffer. */
function currentPage(unit: Unit, nowMs: number): { page: number; pageMs: number } {
  const page = Atomics.load(unit.progress.ints, PROGRESS_PAGE);
  return { page, pageMs: page === 0 ? 0 : nowMs - unit.progress.times[PROGRESS_STARTED_MS] };
}

function workerFilename(): string {
  const here = import.meta.url;
  // Under vitest this module is the TypeScript source, but a worker thread cannot load
  // TypeScript: it runs the compiled worker, so tests need `npm run build` first.
  const url = here.endsWith(".ts") ? new URL("../../../dist/src/engine/pool/worker.js", here) : new URL("./worker.js", here);
  return fileURLToPath(url);
}

