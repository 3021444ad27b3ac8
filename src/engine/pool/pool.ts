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
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { limits } from "../../config/limits.js";
import { DocumentError } from "../errors.js";
import type { PageOutcome } from "../model.js";
import { ExtractJob, FairScheduler, OpenJob, type JobHost, type PoolJob, type Unit } from "./scheduler.js";
import {
  PROGRESS_CANCEL,
  PROGRESS_PAGE,
  PROGRESS_STARTED_MS,
  newProgressBuffer,
  progressViews,
  type ExtractOptions,
  type OpenedInfo,
  type WorkerReply,
  type WorkerTask,
} from "./protocol.js";

export { DeadlineExceeded, EngineCrashed } from "../errors.js";
export type { ExtractOptions, OpenedInfo } from "./protocol.js";

// Often enough that a stuck page is caught within a few percent of its budget; rarely
// enough that the timer costs nothing next to extraction.
const WATCHDOG_INTERVAL_MS = 100;

export interface EnginePoolOptions {
  /** Worker threads; defaults to the CPUs available to this process. */
  threads?: number;
  /** The workers' environment; defaults to a copy of process.env. Tests set SVC_TEST_HOOKS here. */
  env?: NodeJS.Dict<string>;
}

export interface OpenOptions {
  withOutline?: boolean;
  signal?: AbortSignal;
  /** Epoch ms; defaults to limits.requestWallMsMax from now. */
  deadlineMs?: number;
}


export interface PoolStats {
  threads: number;
  /** Tasks on worker threads. */
  running: number;
  /** Chunks waiting for a thread. */
  queued: number;
}

export class EnginePool {
  readonly threads: number;
  readonly #piscina: Piscina<WorkerTask, WorkerReply>;
  readonly #scheduler: FairScheduler<PoolJob, Unit>;
  readonly #running = new Map<Unit, AbortController>();
  readonly #jobs = new Set<PoolJob>();
  readonly #host: JobHost;
  #watchdog: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(options: EnginePoolOptions = {}) {
    this.threads = options.threads ?? availableParallelism();
    this.#piscina = new Piscina<WorkerTask, WorkerReply>({
      filename: workerFilename(),
      minThreads: this.threads,
      maxThreads: this.threads,
      maxQueue: limits.poolQueueMax,
      concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMbMax },
      // The worker retires itself with a deferred process.exit(), which needs its event
      // loop to turn between tasks; "sync" atomics block it there (see worker.ts).
      atomics: "disabled",
      env: options.env,
    });
    // Piscina reports a thread error that no task is waiting on as an 'error' event, which
    // would end the process if unheard. The thread is replaced already; tasks see their own.
    this.#piscina.on("error", () => undefined);
    this.#scheduler = new FairScheduler<PoolJob, Unit>(this.threads, (unit) => this.#run(unit));
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

  /** Opens the document on a worker (which keeps it for the chunks that follow). */
  async open(docId: string, bytes: SharedArrayBuffer, password: string | undefined, options: OpenOptions = {}): Promise<OpenedInfo> {
    const task: WorkerTask = { kind: "open", docId, bytes, password, withOutline: options.withOutline ?? false };
    const job = new OpenJob(this.#host, options.deadlineMs ?? Date.now() + limits.requestWallMsMax, options.signal);
    this.#admit(job, [this.#unit(job, [], () => task)]);
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
    if (new Set(pages).size !== pages.length) throw new Error("EnginePool.extract: pages must be distinct");
    const { deadlineMs, testHooks } = options;
    const chunkUnit = (chunk: number[]): Unit =>
      this.#unit(job, chunk, (progress) => ({ kind: "extract", docId, bytes, password, pages: chunk, deadlineMs, progress, testHooks }));
    const job: ExtractJob = new ExtractJob(this.#host, pages, options, chunkUnit);
    const units: Unit[] = [];
    for (let start = 0; start < pages.length; start += limits.pagesPerChunkMax) {
      units.push(chunkUnit(pages.slice(start, start + limits.pagesPerChunkMax)));
    }
    this.#admit(job, units);
    if (units.length === 0) job.finishIfComplete();
    return job.promise;
  }

  stats(): PoolStats {
    return { threads: this.threads, running: this.#running.size, queued: this.#scheduler.waiting };
  }

  /** Fails every pending request and ends the threads. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of [...this.#jobs]) job.fail(new Error("The engine pool was closed."));
    this.#stopWatchdog();
    await this.#piscina.destroy();
  }

  #admit(job: PoolJob, units: Unit[]): void {
    if (job.settledAtMs !== null) return; // its signal was aborted before it got here
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
    return { job, task: task(progress), pages, progress: progressViews(progress), crashes: 0 };
  }

  /** Runs one unit on Piscina; never rejects (the scheduler counts on it). */
  async #run(unit: Unit): Promise<void> {
    if (unit.job.settledAtMs !== null) return;
    const controller = new AbortController();
    this.#running.set(unit, controller);
    this.#startWatchdog();
    try {
      const reply = await this.#piscina.run(unit.task, { signal: controller.signal });
      if (unit.job.settledAtMs === null) unit.job.onReply(unit, reply);
    } catch (err) {
      // An aborted task was already accounted for by the watchdog or by the job's cancel.
      if (!controller.signal.aborted && unit.job.settledAtMs === null) {
        const { page, pageMs } = currentPage(unit, Date.now());
        unit.job.onCrash(unit, page, pageMs, err);
      }
    } finally {
      this.#running.delete(unit);
      if (this.#running.size === 0) this.#stopWatchdog();
    }
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

