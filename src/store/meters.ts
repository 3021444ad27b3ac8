// The meter catalogue of SPEC.md §Limits: for each rate meter its period, its 429 code, the
// account limit that sets it, when it moves, and its burst; plus the `x-ratelimit-*` header
// set every response carries. Limit values are parameters here: the caller resolves the
// organization's effective limits (published default → organization override → key
// sub-limit, src/store/account_limits.ts) and passes the numbers in.
//
// Bursts. SPEC shows only the requests meter's (40 at 120 per minute, i.e. limit / 3). Every
// other meter uses the same rule, rounded up, but never less than the largest cost one
// request can put on the meter: a take larger than the burst could never be admitted, and a
// meter metered after the fact would lock the organization out for longer than one
// request's worth.
import { limits } from "../config/limits.js";
import type { ErrorCode } from "../errors/catalogue.js";
import type { GcraMeter, GcraResult } from "./gcra.js";
import { gcraIdle } from "./gcra.js";

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export type MeterName =
  | "requests"
  | "pages"
  | "uploads"
  | "inspect"
  | "inspect_sample_pages"
  | "toc"
  | "no_value_conversions"
  | "unbilled_compute";

/**
 * - `admission`: gcraTake with the request's cost when it is admitted; refused → the 429.
 * - `settlement`: gcraPeek (cost 0) at admission, refused while the meter is over its burst;
 *   gcraAdvance with the real figure when the request ends, on every outcome.
 */
export type MeteredAt = "admission" | "settlement";

export interface MeterDefinition {
  readonly name: MeterName;
  /** SPEC.md's 429 table. */
  readonly code: ErrorCode;
  readonly periodMs: number;
  readonly meteredAt: MeteredAt;
  /** What one cost unit is. */
  readonly unit: "request" | "page" | "byte" | "conversion" | "vcpu_ms";
  /** The account limit field that sets the meter (GET /v1/account `limits`), or null when fixed. */
  readonly limitField: string | null;
  /** The limit when `limitField` is null. */
  readonly fixedLimit: number | null;
  /** The largest cost one request can put on the meter: the burst's floor. */
  readonly requestCostMax: number;
  readonly description: string;
}

function define(d: MeterDefinition): MeterDefinition {
  return Object.freeze(d);
}

export const meterCatalogue: Readonly<Record<MeterName, MeterDefinition>> = Object.freeze({
  // SPEC rule 3: metered on admission at a cost of 1, every authenticated request
  // (DECISIONS.md: GET /v1/account included).
  requests: define({
    name: "requests", code: "rate_limit_requests", periodMs: MINUTE_MS, meteredAt: "admission", unit: "request",
    limitField: "requests_per_min", fixedLimit: null, requestCostMax: 1,
    description: "requests per minute",
  }),
  // SPEC rules 4 and 5: advanced on settlement by pages_processed, on every terminal outcome.
  pages: define({
    name: "pages", code: "rate_limit_pages", periodMs: MINUTE_MS, meteredAt: "settlement", unit: "page",
    limitField: "pages_per_min", fixedLimit: null, requestCostMax: limits.selectedPagesMax,
    description: "pages per minute",
  }),
  // Body bytes are known when the upload is admitted (Content-Length or the bytes read).
  uploads: define({
    name: "uploads", code: "rate_limit_uploads", periodMs: MINUTE_MS, meteredAt: "admission", unit: "byte",
    limitField: "upload_bytes_per_min", fixedLimit: null, requestCostMax: limits.uploadBytesMax,
    description: "upload bytes per minute",
  }),
  inspect: define({
    name: "inspect", code: "rate_limit_inspect", periodMs: MINUTE_MS, meteredAt: "admission", unit: "request",
    limitField: "inspect_per_min", fixedLimit: null, requestCostMax: 1,
    description: "/v1/inspect requests per minute",
  }),
  // SPEC's second inspect meter (scan=sample pages per day); /v1/inspect is not enabled in
  // this release, so nothing moves it yet. Its floor assumes a sample within one selection.
  inspect_sample_pages: define({
    name: "inspect_sample_pages", code: "rate_limit_inspect", periodMs: DAY_MS, meteredAt: "settlement", unit: "page",
    limitField: "inspect_sample_pages_per_day", fixedLimit: null, requestCostMax: limits.selectedPagesMax,
    description: "/v1/inspect scan=sample pages per day",
  }),
  toc: define({
    name: "toc", code: "rate_limit_toc", periodMs: MINUTE_MS, meteredAt: "admission", unit: "request",
    limitField: "toc_per_min", fixedLimit: null, requestCostMax: 1,
    description: "/v1/toc requests per minute",
  }),
  // Whether a conversion produced nothing is known only at its end.
  no_value_conversions: define({
    name: "no_value_conversions", code: "rate_limit_no_value_conversions", periodMs: HOUR_MS, meteredAt: "settlement",
    unit: "conversion", limitField: null, fixedLimit: limits.noValueConversionsPerHourMax, requestCostMax: 1,
    description: "conversions per hour that produced nothing",
  }),
  // vCPU-ms of requests that billed zero, known at their end; one request can use the whole
  // document CPU budget.
  unbilled_compute: define({
    name: "unbilled_compute", code: "rate_limit_unbilled_work", periodMs: HOUR_MS, meteredAt: "settlement", unit: "vcpu_ms",
    limitField: "unbilled_vcpu_ms_per_hour", fixedLimit: null, requestCostMax: limits.documentWallMsMax,
    description: "unbilled compute (vCPU-ms) per hour",
  }),
});

export const meterNames = Object.keys(meterCatalogue) as readonly MeterName[];

/** limit / 3 rounded up, at least the largest single request, at least 1. */
export function meterBurst(name: MeterName, limitPerPeriod: number): number {
  const def = meterCatalogue[name];
  return Math.max(1, Math.ceil(limitPerPeriod / limits.meterBurstDivisor), def.requestCostMax);
}

/**
 * The GCRA parameters of one organization's meter at its effective limit. `keyId` names a
 * separate state for a key whose sub-limit lowers this meter below the organization's (the
 * caller then checks both: the organization's meter at its limit, the key's at its own).
 */
export function meterParams(name: MeterName, orgId: string, limitPerPeriod: number, keyId?: string): GcraMeter {
  return {
    orgId,
    meter: keyId ? `${name}:${keyId}` : name,
    limitPerPeriod,
    periodMs: meterCatalogue[name].periodMs,
    burst: meterBurst(name, limitPerPeriod),
  };
}

/** What the concurrency headers need: the effective limit and the free slots. */
export interface ConcurrencyValues {
  limit: number;
  remaining: number;
}

export interface RateLimitHeaderValues {
  requests: Pick<GcraResult, "limit" | "remaining" | "resetAt">;
  pages: Pick<GcraResult, "limit" | "remaining" | "resetAt">;
  concurrency: ConcurrencyValues;
}

/** SPEC.md §Rate-limit mechanics: exactly this set, on every response. */
export const rateLimitHeaderNames = [
  "x-ratelimit-limit-requests",
  "x-ratelimit-remaining-requests",
  "x-ratelimit-reset-requests",
  "x-ratelimit-limit-pages",
  "x-ratelimit-remaining-pages",
  "x-ratelimit-reset-pages",
  "x-ratelimit-limit-concurrency",
  "x-ratelimit-remaining-concurrency",
  "x-ratelimit-scope",
] as const;
export type RateLimitHeaderName = (typeof rateLimitHeaderNames)[number];

/**
 * `limit` is the per-period limit (the value GET /v1/account shows); `remaining` is how many
 * cost units would be admitted right now, so it tops out at the burst (40 of 120 requests).
 */
export function rateLimitHeaders(v: RateLimitHeaderValues): Record<RateLimitHeaderName, string> {
  return {
    "x-ratelimit-limit-requests": String(v.requests.limit),
    "x-ratelimit-remaining-requests": String(v.requests.remaining),
    "x-ratelimit-reset-requests": v.requests.resetAt,
    "x-ratelimit-limit-pages": String(v.pages.limit),
    "x-ratelimit-remaining-pages": String(v.pages.remaining),
    "x-ratelimit-reset-pages": v.pages.resetAt,
    "x-ratelimit-limit-concurrency": String(v.concurrency.limit),
    "x-ratelimit-remaining-concurrency": String(Math.max(0, v.concurrency.remaining)),
    "x-ratelimit-scope": "org",
  };
}

/** The published defaults the no-organization headers show (pass the paid defaults). */
export interface PublishedDefaults {
  requests_per_min: number;
  pages_per_min: number;
  concurrency: number;
}

/**
 * DECISIONS.md: a response with no organization (401, 404 before authentication) carries the
 * set with the published defaults and nothing consumed: full bursts, every slot free,
 * replenished now. No database access.
 */
export function publishedDefaultHeaders(defaults: PublishedDefaults, nowMs: number): Record<RateLimitHeaderName, string> {
  const none = "";
  return rateLimitHeaders({
    requests: gcraIdle(meterParams("requests", none, defaults.requests_per_min), nowMs),
    pages: gcraIdle(meterParams("pages", none, defaults.pages_per_min), nowMs),
    concurrency: { limit: defaults.concurrency, remaining: defaults.concurrency },
  });
}
