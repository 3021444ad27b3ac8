// One API call from the first attempt to its answer: an Idempotency-Key for every POST (the
// caller's, or a UUID v4) sent unchanged on each retry; the retry rules of retry.ts; the
// pacing of pacing.ts before each attempt (a concurrency slot for conversions, a token of
// the requests meter for every call, the page meter not over its burst for /v1/convert);
// and the x-ratelimit-* readings of every answer fed back into the pacers.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { errorFromResponse, SvcConnectionError, SvcError } from "./errors.js";
import { MeterPacer, readMeter, Slots } from "./pacing.js";
import { isRetryable, parseRetryAfter, retryDelayMs, type RetryEvent, type RetryPolicy } from "./retry.js";

export interface CallSpec {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: Uint8Array;
  contentType?: string;
  accept?: string;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** `convert` and `toc` hold a concurrency slot on the service; reads do not. */
  kind: "convert" | "toc" | "read";
  signal?: AbortSignal;
  onRetry?: (event: RetryEvent) => void;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  idempotencyKey: string | null;
  attempts: number;
}

export interface TransportOptions {
  apiKey: string;
  baseUrl: string;
  fetch: typeof fetch;
  retry: RetryPolicy;
  userAgent: string;
  onRetry?: (event: RetryEvent) => void;
  /** Called before the first paced call: sizes `slots` from the account. */
  discoverLimits: () => Promise<void>;
}

export class Transport {
  readonly requests = new MeterPacer();
  readonly pages = new MeterPacer();
  readonly slots = new Slots(1);
  #limitsKnown: Promise<void> | null = null;

  constructor(private readonly o: TransportOptions) {}

  async call(spec: CallSpec): Promise<CallResult> {
    if (spec.kind !== "read") await this.#limits();
    const key = spec.method === "POST" ? (spec.idempotencyKey ?? randomUUID()) : null;
    const startedMs = Date.now();
    const { maxRetries, maxElapsedMs } = this.o.retry;
    for (let attempt = 1; ; attempt++) {
      let error: SvcError | SvcConnectionError;
      try {
        const result = await this.#attempt(spec, key);
        if (result.status >= 200 && result.status < 300) return { ...result, idempotencyKey: key, attempts: attempt };
        error = errorFromResponse(result.status, result.text, result.headers, parseRetryAfter(result.headers.get("retry-after"), Date.now()));
      } catch (err) {
        if (!(err instanceof SvcConnectionError)) throw err;
        error = err;
      }
      const delayMs = retryDelayMs(error, attempt, this.o.retry);
      const tooLate = Date.now() + delayMs - startedMs > maxElapsedMs;
      if (!isRetryable(error) || attempt > maxRetries || tooLate) throw error;
      const event: RetryEvent = { method: spec.method, path: spec.path, attempt, delayMs, error, idempotencyKey: key };
      this.o.onRetry?.(event);
      spec.onRetry?.(event);
      await sleep(delayMs, undefined, { signal: spec.signal });
    }
  }

  /** The account's limits, fetched once (a failure is not remembered: the next call retries). */
  ready(): Promise<void> {
    return this.#limits();
  }

  #limits(): Promise<void> {
    this.#limitsKnown ??= this.o.discoverLimits().catch((err: unknown) => {
      this.#limitsKnown = null;
      throw err;
    });
    return this.#limitsKnown;
  }

  async #attempt(spec: CallSpec, key: string | null): Promise<{ status: number; headers: Headers; text: string }> {
    const release = spec.kind === "read" ? () => {} : await this.slots.acquire();
    try {
      await this.requests.take(1, 1, spec.signal);
      if (spec.kind === "convert") await this.pages.take(1, 0, spec.signal);
      const headers: Record<string, string> = {
        ...spec.headers,
        authorization: `Bearer ${this.o.apiKey}`,
        "user-agent": this.o.userAgent,
        accept: spec.accept ?? "application/json",
      };
      if (spec.contentType) headers["content-type"] = spec.contentType;
      if (key !== null) headers["idempotency-key"] = key;
      let response: Response;
      try {
        response = await this.o.fetch(this.#url(spec), { method: spec.method, headers, body: spec.body, signal: spec.signal });
      } catch (err) {
        if (spec.signal?.aborted) throw err;
        throw new SvcConnectionError(`${spec.method} ${spec.path}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
      const text = await response.text();
      this.#observe(response.headers);
      return { status: response.status, headers: response.headers, text };
    } finally {
      release();
    }
  }

  #observe(headers: Headers): void {
    this.requests.observe(readMeter(headers, "requests"));
    this.pages.observe(readMeter(headers, "pages"));
    const concurrency = Number(headers.get("x-ratelimit-limit-concurrency"));
    // The key's own limit, when it is below the organization's (sub-limits only lower).
    if (concurrency > 0 && concurrency < this.slots.size) this.slots.resize(concurrency);
  }

  #url(spec: CallSpec): string {
    const url = new URL(spec.path, this.o.baseUrl.endsWith("/") ? this.o.baseUrl : `${this.o.baseUrl}/`);
    for (const [name, value] of Object.entries(spec.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }
}
