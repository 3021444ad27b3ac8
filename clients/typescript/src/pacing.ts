// Client-side pacing, so that a batch stays inside the organization's limits instead of
// learning them from 429s (SPEC.md §Rate-limit mechanics):
//
// - MeterPacer mirrors one of the service's leaky-bucket meters from the x-ratelimit-*
//   headers every response carries: `limit` per minute gives the refill rate, `remaining`
//   the tokens now, and `reset` (the moment the meter is full) the burst. Between responses
//   the mirror refills at the same rate and is charged locally for what this client sends.
//   A response can only lower the estimate (another process may share the organization);
//   it never raises it, because it was measured before requests this client has since sent.
// - Slots bounds the requests in flight at the organization's concurrency limit.
import { setTimeout as sleep } from "node:timers/promises";

const MS_PER_MIN = 60_000;

export interface MeterReading {
  limit: number;
  remaining: number;
  resetAtMs: number;
}

/** The reading of meter `name` (`requests`, `pages`) in `headers`, or null if incomplete. */
export function readMeter(headers: Headers, name: "requests" | "pages"): MeterReading | null {
  const limit = Number(headers.get(`x-ratelimit-limit-${name}`));
  const remaining = Number(headers.get(`x-ratelimit-remaining-${name}`));
  const resetAtMs = Date.parse(headers.get(`x-ratelimit-reset-${name}`) ?? "");
  if (!(limit > 0) || !Number.isFinite(remaining) || Number.isNaN(resetAtMs)) return null;
  return { limit, remaining, resetAtMs };
}

export class MeterPacer {
  #tokens = Number.POSITIVE_INFINITY;
  #capacity = Number.POSITIVE_INFINITY;
  #ratePerMs = 0;
  #atMs = 0;
  /** Takes run one after another, so waiting callers are served in order. */
  #queue: Promise<void> = Promise.resolve();

  constructor(private readonly now: () => number = Date.now) {}

  /** Known once a response has been observed. */
  get known(): boolean {
    return this.#ratePerMs > 0;
  }

  get tokens(): number {
    this.#refill();
    return this.#tokens;
  }

  observe(reading: MeterReading | null): void {
    if (reading === null) return;
    const now = this.now();
    this.#refill();
    this.#ratePerMs = reading.limit / MS_PER_MIN;
    // The burst: what is left now plus what refills until the meter is full.
    const burst = reading.remaining + Math.max(0, reading.resetAtMs - now) * this.#ratePerMs;
    this.#capacity = Number.isFinite(this.#capacity) ? Math.max(this.#capacity, Math.floor(burst)) : Math.floor(burst);
    this.#tokens = Math.min(this.#tokens, reading.remaining);
    this.#atMs = now;
  }

  /** Charges `cost` now, whatever the balance: for meters moved after the fact (pages). */
  charge(cost: number): void {
    this.#refill();
    if (Number.isFinite(this.#tokens)) this.#tokens -= cost;
  }

  /**
   * Waits until `need` tokens are there, then charges `cost` (0 to only wait: the service
   * admits a conversion while the page meter is not over its burst, and charges after).
   */
  take(need: number, cost: number, signal?: AbortSignal): Promise<void> {
    const turn = this.#queue.then(() => this.#waitFor(need, cost, signal));
    this.#queue = turn.catch(() => {});
    return turn;
  }

  async #waitFor(need: number, cost: number, signal?: AbortSignal): Promise<void> {
    // Bounded: every wait is long enough to refill what is missing.
    for (let round = 0; round < 1_000; round++) {
      this.#refill();
      if (!this.known || this.#tokens >= need) {
        this.charge(cost);
        return;
      }
      await sleep(Math.ceil((need - this.#tokens) / this.#ratePerMs), undefined, { signal });
    }
    throw new Error("MeterPacer: the meter never refilled");
  }

  #refill(): void {
    const now = this.now();
    if (this.known && Number.isFinite(this.#tokens)) {
      this.#tokens = Math.min(this.#capacity, this.#tokens + (now - this.#atMs) * this.#ratePerMs);
    }
    this.#atMs = now;
  }
}

/** A counting semaphore whose size can change (the account's limit arrives later). */
export class Slots {
  #inUse = 0;
  #waiting: (() => void)[] = [];

  constructor(private limit: number) {}

  get size(): number {
    return this.limit;
  }

  resize(limit: number): void {
    this.limit = Math.max(1, limit);
    this.#wake();
  }

  /** Resolves with the function that gives the slot back (calling it twice is harmless). */
  async acquire(): Promise<() => void> {
    if (this.#inUse < this.limit && this.#waiting.length === 0) this.#inUse++;
    // A waiter is handed its slot already counted, so none can be taken in between.
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inUse--;
      this.#wake();
    };
  }

  #wake(): void {
    while (this.#waiting.length > 0 && this.#inUse < this.limit) {
      this.#inUse++;
      this.#waiting.shift()!();
    }
  }
}
