// What the pool schedules, and in which order. A request is one job; a job is split into
// units, each one Piscina task (an open, or a chunk of pages).
//
// Fairness. Piscina's own queue is FIFO: a 200-page document submitted as 25 chunks would
// run all 25 before a one-page request behind it. So the pool keeps at most `slots` units
// with Piscina and holds the rest in FairScheduler, serving jobs in rotation, one unit per
// turn. A newly arrived job takes the next turn, so its first unit waits for at most one
// running unit per thread. Units of one job keep their order (earlier pages first).
//
// Crashes. A thread that dies (out of memory, WASM abort, retiring itself) fails its task.
// The page it was on gets one more try; if that kills a thread too, it becomes
// `page_render_failed`. A task that fails outside any page (while opening, or handed to a
// thread in the moment it retired) is resubmitted as it was, at most
// limits.poolCrashRetriesMax times, then the request fails with EngineCrashed. The count is
// per task, not per request: a long request may meet several retiring threads.
import { limits } from "../../config/limits.js";
import { DeadlineExceeded, DocumentError, documentTooComplex, documentWallExceeded, EngineCrashed } from "../errors.js";
import type { LaidOutOutcome } from "../layout/page_layout.js";
import type { PageOutcome } from "../model.js";
import type { RenderedPage } from "../render/page.js";
import type { ExtractOptions, OpenedInfo, OpenReply, ProgressViews, TrimReply, WireDocumentError, WorkerReply, WorkerTask } from "./protocol.js";

interface Turn<J, U> {
  job: J;
  units: U[];
}

export class FairScheduler<J, U> {
  readonly #rotation: Turn<J, U>[] = [];
  #waiting = 0;
  #running = 0;

  /**
   * `run` must settle when the unit's work is over and must never reject. `ready` says whether
   * a unit can start now (a render unit waits for the thread that holds its pages); a unit
   * not ready is passed over, not reordered, and tried again when a running unit ends.
   */
  constructor(
    readonly slots: number,
    private readonly run: (unit: U) => Promise<void>,
    private readonly ready: (unit: U) => boolean = () => true,
  ) {}

  /** Units waiting for a slot, across all jobs. */
  get waiting(): number {
    return this.#waiting;
  }

  /** Queues a new job's units; the job takes the next free slot. */
  add(job: J, units: readonly U[]): void {
    if (units.length === 0) return;
    this.#rotation.unshift({ job, units: [...units] });
    this.#waiting += units.length;
    this.#pump();
  }

  /** Puts a unit back at the head of its job's queue (its pages come before the rest). */
  requeue(job: J, unit: U): void {
    const turn = this.#rotation.find((entry) => entry.job === job);
    if (turn) turn.units.unshift(unit);
    else this.#rotation.push({ job, units: [unit] });
    this.#waiting += 1;
    this.#pump();
  }

  /** Whether any waiting unit satisfies `test`. */
  someWaiting(test: (unit: U) => boolean): boolean {
    return this.#rotation.some((turn) => turn.units.some(test));
  }

  /** Forgets a job's waiting units; its running units finish on their own. */
  drop(job: J): void {
    const index = this.#rotation.findIndex((entry) => entry.job === job);
    if (index === -1) return;
    this.#waiting -= this.#rotation[index].units.length;
    this.#rotation.splice(index, 1);
  }

  #pump(): void {
    while (this.#running < this.slots) {
      const unit = this.#next();
      if (unit === null) return;
      this.#running += 1;
      const done = (): void => {
        this.#running -= 1;
        this.#pump();
      };
      this.run(unit).then(done, done);
    }
  }

  /** The first ready unit in rotation order; its job goes to the back of the rotation. */
  #next(): U | null {
    for (let t = 0; t < this.#rotation.length; t++) {
      const turn = this.#rotation[t];
      const index = turn.units.findIndex((unit) => this.ready(unit));
      if (index === -1) continue;
      const [unit] = turn.units.splice(index, 1);
      this.#rotation.splice(t, 1);
      if (turn.units.length > 0) this.#rotation.push(turn);
      this.#waiting -= 1;
      return unit;
    }
    return null;
  }
}


/** What the pool and its watchdog see of a request's job. */
export interface PoolJob {
  /** Date.now() when the job got its answer; null while it waits for one. */
  readonly settledAtMs: number | null;
  onReply(unit: Unit, reply: WorkerReply): void;
  onPageOverBudget(unit: Unit, page: number, pageMs: number): void;
  onCrash(unit: Unit, page: number, pageMs: number, err: unknown): void;
  fail(err: unknown): void;
}

/** One Piscina task: an open, or a chunk of pages. */
export interface Unit {
  job: PoolJob;
  task: WorkerTask;
  /** Pages of an extract chunk; empty for an open. */
  pages: number[];
  progress: ProgressViews;
  /** Times a thread died under this task outside any page. */
  crashes: number;
  /** The thread (threadId) this unit should run on, for a render unit: the one holding its pages. */
  pin: number | null;
  /** The thread it runs on, once Piscina has placed it. */
  thread: number | null;
}

export interface JobHost {
  requeue(job: PoolJob, unit: Unit): void;
  /** Drops the job's waiting units and asks its running ones to stop. */
  cancel(job: PoolJob): void;
}

function toDocumentError(error: WireDocumentError): DocumentError {
  return new DocumentError(error.code, error.message, error.details);
}

/** One request's work: settles once, on success, failure, deadline or abort. */
abstract class Job<R> implements PoolJob {
  settledAtMs: number | null = null;
  readonly promise: Promise<R>;
  #resolve!: (value: R) => void;
  #reject!: (err: unknown) => void;
  readonly #timer: NodeJS.Timeout;
  readonly #detachSignal: () => void = () => undefined;

  constructor(
    protected readonly host: JobHost,
    deadlineMs: number,
    signal: AbortSignal | undefined,
  ) {
    if (!Number.isFinite(deadlineMs)) throw new Error("EnginePool: deadlineMs must be a finite epoch time");
    this.promise = new Promise<R>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    this.#timer = setTimeout(() => this.fail(this.deadlineError()), Math.max(0, deadlineMs - Date.now()));
    if (signal) {
      const onAbort = (): void => this.fail(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      this.#detachSignal = () => signal.removeEventListener("abort", onAbort);
      if (signal.aborted) onAbort();
    }
  }

  abstract onReply(unit: Unit, reply: WorkerReply): void;

  /** The watchdog terminated `unit` because `page` ran past its budget. */
  abstract onPageOverBudget(unit: Unit, page: number, pageMs: number): void;

  /** The thread running `unit` died after `pageMs` on `page` (0: outside any page). */
  onCrash(unit: Unit, _page: number, _pageMs: number, err: unknown): void {
    unit.crashes += 1;
    if (unit.crashes > limits.poolCrashRetriesMax) this.fail(new EngineCrashed("Worker threads kept crashing on this request.", { cause: err }));
    else this.host.requeue(this, unit);
  }

  protected abstract deadlineError(): Error;

  protected succeed(value: R): void {
    if (this.#settle()) this.#resolve(value);
  }

  fail(err: unknown): void {
    if (this.#settle()) this.#reject(err);
  }

  #settle(): boolean {
    if (this.settledAtMs !== null) return false;
    this.settledAtMs = Date.now();
    clearTimeout(this.#timer);
    this.#detachSignal();
    this.host.cancel(this);
    return true;
  }
}

export class OpenJob extends Job<OpenedInfo> {
  constructor(
    host: JobHost,
    deadlineMs: number,
    signal: AbortSignal | undefined,
    /** The open alone, for when converting with it (OpenTask.convert) met a page it could not finish. */
    private readonly plainUnit: () => Unit,
  ) {
    super(host, deadlineMs, signal);
  }

  override onReply(_unit: Unit, reply: WorkerReply): void {
    const opened = reply as OpenReply;
    if (!opened.ok) return this.fail(toDocumentError(opened.error));
    const { pageCount, hasXfa, repaired, outline, converted } = opened;
    this.succeed({ pageCount, hasXfa, repaired, outline, ...(converted ? { converted } : {}) });
  }

  /** Only an open converting its selection has pages: the pages go the two-round way (pool.ts open). */
  override onPageOverBudget(): void {
    this.host.requeue(this, this.plainUnit());
  }

  override onCrash(unit: Unit, page: number, pageMs: number, err: unknown): void {
    if (page === 0) return super.onCrash(unit, page, pageMs, err);
    this.host.requeue(this, this.plainUnit());
  }

  protected override deadlineError(): Error {
    return new DeadlineExceeded(0);
  }
}

/** Extracted pages (`extract` tasks), or extracted and laid out (`layout` tasks). */
type ChunkOutcome = PageOutcome | LaidOutOutcome;

function pageOf(outcome: ChunkOutcome): number {
  if (!outcome.ok) return outcome.page;
  return "model" in outcome ? outcome.model.page : outcome.summary.page;
}

export class ExtractJob<O extends ChunkOutcome = PageOutcome> extends Job<O[]> {
  readonly #outcomes = new Map<number, O>();
  /** For layout tasks: the thread that holds each laid-out page (its threadId). */
  readonly holders = new Map<number, number>();
  /** For a layout task that rendered the whole selection too (LayoutTask.renderAll). */
  rendered: Map<number, RenderedPage> | null = null;
  /** Pages that were running when a thread died; a second death makes them page_render_failed. */
  readonly #struck = new Set<number>();
  /** The pages' extraction time so far, summed across threads (limits.documentWallMsMax). */
  #wallMs = 0;

  constructor(
    host: JobHost,
    private readonly pages: readonly number[],
    private readonly options: ExtractOptions,
    private readonly chunkUnit: (pages: number[]) => Unit,
  ) {
    super(host, options.deadlineMs, options.signal);
  }

  override onReply(unit: Unit, reply: WorkerReply): void {
    if (!reply.ok) return this.fail(toDocumentError(reply.error));
    const { outcomes } = reply as unknown as { outcomes: O[] };
    for (const outcome of outcomes) this.#record(outcome);
    if ("thread" in reply) for (const outcome of outcomes) if (outcome.ok) this.holders.set(pageOf(outcome), reply.thread);
    if ("rendered" in reply && reply.rendered) this.rendered = new Map(reply.rendered.map((page) => [page.page, page]));
    // The worker stops early only at the deadline (its cancel flag is set only once this
    // job has settled, and then no reply reaches here): the deadline timer is a tick behind.
    if (outcomes.length < unit.pages.length) return this.fail(this.deadlineError());
    this.finishIfComplete();
  }

  override onPageOverBudget(unit: Unit, page: number, pageMs: number): void {
    this.#record({ ok: false, page, code: "page_budget_exceeded", wallMs: pageMs } as O);
    this.#resubmitRest(unit);
  }

  override onCrash(unit: Unit, page: number, pageMs: number, err: unknown): void {
    if (page === 0) return super.onCrash(unit, page, pageMs, err);
    if (this.#struck.has(page)) this.#record({ ok: false, page, code: "page_render_failed", wallMs: pageMs } as O);
    else this.#struck.add(page);
    this.#resubmitRest(unit);
  }

  /** Reports progress, and answers once every page has an outcome. */
  finishIfComplete(): void {
    this.options.onProgress?.(this.#outcomes.size, this.pages.length);
    if (this.#outcomes.size === this.pages.length) this.succeed(this.pages.map((page) => this.#outcomes.get(page)!));
  }

  protected override deadlineError(): Error {
    return new DeadlineExceeded(this.#outcomes.size);
  }

  #record(outcome: O): void {
    this.#outcomes.set(pageOf(outcome), outcome);
    this.#wallMs += outcome.wallMs;
    if (this.#wallMs > limits.documentWallMsMax) this.fail(documentWallExceeded());
  }

  #resubmitRest(unit: Unit): void {
    const rest = unit.pages.filter((page) => !this.#outcomes.has(page));
    if (rest.length > 0) this.host.requeue(this, this.chunkUnit(rest));
    this.finishIfComplete();
  }
}

/** The idle trim: one task per thread, each pinned to its thread (pool.ts). */
export class TrimJob extends Job<TrimReply[]> {
  readonly #replies: TrimReply[] = [];

  constructor(
    host: JobHost,
    private readonly threads: number,
  ) {
    super(host, Date.now() + limits.pageWallMsMax, undefined);
  }

  override onReply(_unit: Unit, reply: WorkerReply): void {
    this.#add(reply as TrimReply);
  }

  override onPageOverBudget(): void {
    throw new Error("EnginePool: a trim task has no page");
  }

  /** A thread that dies while trimming is replaced by a fresh one anyway. */
  override onCrash(): void {
    this.#add({ ok: true, thread: 0, wasmBytes: 0, heapBytes: 0, retiring: true });
  }

  #add(reply: TrimReply): void {
    this.#replies.push(reply);
    if (this.#replies.length === this.threads) this.succeed(this.#replies);
  }

  protected override deadlineError(): Error {
    return new DeadlineExceeded(0);
  }
}

/** One request's render tasks: every page with text rendered, or the request fails. */
export class RenderJob extends Job<Map<number, RenderedPage>> {
  readonly #rendered = new Map<number, RenderedPage>();
  /** Pages rendered by a thread that did not hold them, and so laid out again. */
  laidOutAgain = 0;

  constructor(
    host: JobHost,
    private readonly pages: readonly number[],
    deadlineMs: number,
    signal: AbortSignal | undefined,
  ) {
    super(host, deadlineMs, signal);
  }

  override onReply(unit: Unit, reply: WorkerReply): void {
    if (!reply.ok) return this.fail(toDocumentError(reply.error));
    const { rendered, laidOutAgain } = reply as { rendered: RenderedPage[]; laidOutAgain: number };
    for (const page of rendered) this.#rendered.set(page.page, page);
    this.laidOutAgain += laidOutAgain;
    if (rendered.length < unit.pages.length) return this.fail(this.deadlineError());
    this.finishIfComplete();
  }

  /** Rendering is our code, not MuPDF's: a page that takes a page budget to render is a document too complex. */
  override onPageOverBudget(_unit: Unit, page: number, pageMs: number): void {
    this.fail(documentTooComplex(`took more than ${limits.pageWallMsMax / 1000} s to render page ${page} (${Math.round(pageMs)} ms)`, { page }));
  }

  finishIfComplete(): void {
    if (this.#rendered.size === this.pages.length) this.succeed(this.#rendered);
  }

  protected override deadlineError(): Error {
    return new DeadlineExceeded(this.pages.length);
  }
}
