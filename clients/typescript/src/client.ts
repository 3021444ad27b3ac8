// SvcClient: the service's endpoints with the types the service itself uses
// (src/generated/types.ts). Retries, idempotency keys and pacing live in transport.ts;
// batches in batch.ts; the ledger check in verify_ledger.ts.
import { convertMany, type BatchResult, type ConvertManyOptions } from "./batch.js";
import type { LedgerEntry } from "./generated/ledger.js";
import type { Account, Conversion, ConvertOptions, Toc, TocOptions, UsageRecordPage, UsageSummary } from "./generated/types.js";
import { encodePdfRequest, readPdfInput, type PdfInput } from "./input.js";
import { defaultRetryPolicy, type RetryEvent, type RetryPolicy } from "./retry.js";
import { Transport, type CallResult } from "./transport.js";

export interface SvcClientOptions {
  /** `svc_sk_live_…` or `svc_sk_test_…`. */
  apiKey: string;
  /** The service's address, e.g. `https://api.svc-md.dev` (paths `/v1/…` are added). */
  baseUrl: string;
  /** Retries after the first attempt (default 5). */
  maxRetries?: number;
  /** No retry is started that would end later than this after the call began (default 120,000 ms). */
  maxElapsedMs?: number;
  /** Requests in flight at once; default the organization's `limits.concurrency` (GET /v1/account). */
  concurrency?: number;
  /** Called before each retry's wait. */
  onRetry?: (event: RetryEvent) => void;
  /** The fetch to use (default the global one): for proxies, tests and instrumentation. */
  fetch?: typeof fetch;
}

/** What every call may add. */
export interface CallOptions {
  /** Sent on every attempt of this call; a UUID v4 is generated when absent (POST only). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `x-svc-simulate` with a test key. */
  headers?: Record<string, string>;
  onRetry?: (event: RetryEvent) => void;
}

export interface ConvertCallOptions extends ConvertOptions, CallOptions {
  /** `json` (default): the Conversion object; `markdown`: the Markdown and its numbers. */
  accept?: "json" | "markdown";
  /** The document password, sent in the multipart part named `password`. */
  password?: string;
}

/** A Markdown response: the body, and the numbers SPEC.md carries in its headers. */
export interface MarkdownConversion {
  markdown: string;
  request_id: string;
  engine: string;
  page_count: number;
  pages_processed: number;
  pages_billed: number;
  warning_count: number;
  /** From `x-svc-warning-summary`: code → count. */
  warning_summary: Record<string, number>;
  credits_charged: number;
  credit_balance: number;
  credit_unit: string;
  /** The response replayed an earlier one with the same Idempotency-Key. */
  replayed: boolean;
}

/** A call's result with how it was obtained. */
export interface CallInfo {
  idempotencyKey: string | null;
  attempts: number;
}

const CLIENT_KEYS = new Set(["accept", "password", "idempotencyKey", "signal", "headers", "onRetry"]);
const USER_AGENT = "svc-md-client-typescript/1.0.0";

function splitOptions<T extends object>(all: T): { options: Record<string, unknown>; call: CallOptions & { accept?: string; password?: string } } {
  const options: Record<string, unknown> = {};
  const call: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(all)) {
    if (v === undefined) continue;
    (CLIENT_KEYS.has(k) ? call : options)[k] = v;
  }
  return { options, call };
}

function int(headers: Headers, name: string): number {
  return Number(headers.get(name) ?? NaN);
}

function markdownOf(r: CallResult): MarkdownConversion {
  const h = r.headers;
  const summary: Record<string, number> = {};
  for (const pair of (h.get("x-svc-warning-summary") ?? "").split(",")) {
    const [code, n] = pair.split("=");
    if (code && n) summary[code.trim()] = Number(n);
  }
  return {
    markdown: r.text,
    request_id: h.get("x-request-id") ?? "",
    engine: h.get("x-svc-engine") ?? "",
    page_count: int(h, "x-svc-page-count"),
    pages_processed: int(h, "x-svc-pages-processed"),
    pages_billed: int(h, "x-svc-pages-billed"),
    warning_count: int(h, "x-svc-warning-count"),
    warning_summary: summary,
    credits_charged: int(h, "x-credits-charged"),
    credit_balance: int(h, "x-credits-balance"),
    credit_unit: h.get("x-credits-unit") ?? "page",
    replayed: h.get("idempotency-replayed") === "true",
  };
}

export class SvcClient {
  readonly #transport: Transport;
  readonly #fixedConcurrency: number | null;
  /** The idempotency key and attempt count of each result returned, for logs and tests. */
  readonly #info = new WeakMap<object, CallInfo>();

  readonly conversions = {
    /** GET /v1/conversions/{id}: a stored conversion (24 hours), free. */
    get: async (id: string, call: CallOptions = {}): Promise<Conversion> =>
      this.#json<Conversion>(await this.#transport.call({ method: "GET", path: `v1/conversions/${encodeURIComponent(id)}`, kind: "read", ...call })),
  };

  constructor(options: SvcClientOptions) {
    if (typeof options.apiKey !== "string" || options.apiKey === "") throw new TypeError("options.apiKey must be a non-empty string");
    if (typeof options.baseUrl !== "string" || !/^https?:\/\//.test(options.baseUrl)) throw new TypeError("options.baseUrl must be an http(s) URL");
    const positive = (name: string, v: number | undefined) => {
      if (v !== undefined && !(Number.isInteger(v) && v >= 0)) throw new TypeError(`options.${name} must be a non-negative integer`);
    };
    positive("maxRetries", options.maxRetries);
    positive("maxElapsedMs", options.maxElapsedMs);
    if (options.concurrency !== undefined && !(Number.isInteger(options.concurrency) && options.concurrency >= 1)) throw new TypeError("options.concurrency must be a positive integer");
    const retry: RetryPolicy = { ...defaultRetryPolicy, maxRetries: options.maxRetries ?? defaultRetryPolicy.maxRetries, maxElapsedMs: options.maxElapsedMs ?? defaultRetryPolicy.maxElapsedMs };
    this.#fixedConcurrency = options.concurrency ?? null;
    this.#transport = new Transport({
      apiKey: options.apiKey,
      baseUrl: options.baseUrl,
      fetch: options.fetch ?? globalThis.fetch,
      retry,
      userAgent: USER_AGENT,
      onRetry: options.onRetry,
      discoverLimits: () => this.#discoverLimits(),
    });
  }

  /** Requests this client sends at once: the organization's limit until told otherwise. */
  get concurrency(): number {
    return this.#transport.slots.size;
  }

  /** Learns the organization's concurrency limit (GET /v1/account) unless it was given. */
  ready(): Promise<void> {
    return this.#transport.ready();
  }

  /** Converts many documents; see batch.ts. Every input gets a result, in input order. */
  convertMany(inputs: readonly PdfInput[], options: ConvertManyOptions = {}): Promise<BatchResult[]> {
    return convertMany(this, inputs, options);
  }

  /** The Idempotency-Key and attempts behind a result this client returned. */
  callInfo(result: object): CallInfo | undefined {
    return this.#info.get(result);
  }

  /** POST /v1/convert. `input` is a path, bytes, or a readable stream. */
  convert(input: PdfInput, options?: ConvertCallOptions & { accept?: "json" }): Promise<Conversion>;
  convert(input: PdfInput, options: ConvertCallOptions & { accept: "markdown" }): Promise<MarkdownConversion>;
  async convert(input: PdfInput, all: ConvertCallOptions = {}): Promise<Conversion | MarkdownConversion> {
    const { options, call } = splitOptions(all);
    const pdf = await readPdfInput(input);
    const { body, contentType } = encodePdfRequest(pdf, options, call.password);
    const markdown = call.accept === "markdown";
    const r = await this.#transport.call({
      method: "POST",
      path: "v1/convert",
      kind: "convert",
      body,
      contentType,
      accept: markdown ? "text/markdown" : "application/json",
      idempotencyKey: call.idempotencyKey,
      headers: call.headers,
      signal: call.signal,
      onRetry: call.onRetry,
    });
    const result = markdown ? markdownOf(r) : this.#json<Conversion>(r);
    this.#info.set(result, { idempotencyKey: r.idempotencyKey, attempts: r.attempts });
    return result;
  }

  /** POST /v1/toc: the document's outline (1 credit when there is one). */
  async toc(input: PdfInput, all: TocOptions & CallOptions & { password?: string } = {}): Promise<Toc> {
    const { options, call } = splitOptions(all);
    const { body, contentType } = encodePdfRequest(await readPdfInput(input), options, call.password);
    const r = await this.#transport.call({ method: "POST", path: "v1/toc", kind: "toc", body, contentType, ...call });
    const toc = this.#json<Toc>(r);
    this.#info.set(toc, { idempotencyKey: r.idempotencyKey, attempts: r.attempts });
    return toc;
  }

  /** GET /v1/account (free). */
  async account(call: CallOptions = {}): Promise<Account> {
    return this.#json<Account>(await this.#transport.call({ method: "GET", path: "v1/account", kind: "read", ...call }));
  }

  /** GET /v1/usage: totals, grouped by `day` (default) or `endpoint`. */
  async usage(query: { from?: string; to?: string; group_by?: "day" | "endpoint" } = {}, call: CallOptions = {}): Promise<UsageSummary> {
    return this.#json<UsageSummary>(await this.#transport.call({ method: "GET", path: "v1/usage", kind: "read", query, ...call }));
  }

  /** Every entry of GET /v1/credits/ledger, oldest first, following the cursor page by page. */
  ledger(query: { limit?: number; starting_after?: string } = {}, call: CallOptions = {}): AsyncIterableIterator<LedgerEntry> {
    return this.#pages<LedgerEntry>("v1/credits/ledger", query, call);
  }

  /** Every record of GET /v1/usage/records, following the cursor. */
  usageRecords(query: { limit?: number; starting_after?: string } = {}, call: CallOptions = {}): AsyncIterableIterator<UsageRecordPage["data"][number]> {
    return this.#pages<UsageRecordPage["data"][number]>("v1/usage/records", query, call);
  }

  async *#pages<T>(path: string, query: { limit?: number; starting_after?: string }, call: CallOptions): AsyncIterableIterator<T> {
    let cursor = query.starting_after;
    // Bounded by the list itself: each page moves the cursor forward or ends the walk.
    for (;;) {
      const page = this.#json<{ data: T[]; has_more: boolean; next_cursor: string | null }>(
        await this.#transport.call({ method: "GET", path, kind: "read", query: { limit: query.limit ?? 1000, starting_after: cursor }, ...call }),
      );
      yield* page.data;
      if (!page.has_more || page.next_cursor === null || page.next_cursor === cursor) return;
      cursor = page.next_cursor;
    }
  }

  async #discoverLimits(): Promise<void> {
    if (this.#fixedConcurrency !== null) {
      this.#transport.slots.resize(this.#fixedConcurrency);
      return;
    }
    const account = await this.account();
    this.#transport.slots.resize(account.limits.concurrency);
  }

  #json<T>(r: CallResult): T {
    return JSON.parse(r.text) as T;
  }
}
