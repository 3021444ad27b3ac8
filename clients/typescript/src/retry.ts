// SPEC.md §Retry rules, as the client applies them:
// 1. retry on 429, 500, 502, 503, 504, or when the envelope says `retryable: true`; any other
//    4xx fails identically until the request changes, so it is thrown at once;
// 2. 409 idempotency_in_progress is retryable after its Retry-After (1 s);
// 3. with Retry-After, wait at least that long; otherwise exponential backoff, full jitter;
// 4. a POST keeps one Idempotency-Key over all its attempts (client.ts), so a retry after a
//    lost response is replayed, not billed again.
// Attempts and total time are capped (maxRetries, maxElapsedMs): a wait that would pass the
// time cap is not started, and the last error is thrown instead.
import { SvcConnectionError, SvcError } from "./errors.js";

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** No retry starts whose wait would end later than this after the first attempt began. */
  maxElapsedMs: number;
  /** First backoff ceiling; doubles per attempt. */
  backoffBaseMs: number;
  /** Largest backoff ceiling. */
  backoffMaxMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 5,
  maxElapsedMs: 120_000, // 2 minutes: twice the service's 60 s request wall clock
  backoffBaseMs: 500,
  backoffMaxMs: 20_000,
};

const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

export function isRetryable(err: unknown): boolean {
  if (err instanceof SvcConnectionError) return true;
  if (!(err instanceof SvcError)) return false;
  return RETRY_STATUSES.has(err.status) || err.retryable;
}

/** Retry-After in ms from the header (whole seconds, or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null || value.trim() === "") return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/**
 * The wait before retry number `retry` (1-based). The service's own figure is a floor: the
 * larger of Retry-After and `retry_after_ms`. Without one, full jitter: uniform in
 * [0, min(max, base × 2^(retry-1))].
 */
export function retryDelayMs(err: unknown, retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  if (err instanceof SvcError) {
    const announced = Math.max(err.retryAfterHeaderMs ?? 0, err.retry_after_ms ?? 0);
    // A few percent on top, so that clients told the same instant do not return together.
    if (announced > 0) return Math.ceil(announced * (1 + 0.1 * random()));
  }
  const ceiling = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/** What the client tells `onRetry` before it waits. */
export interface RetryEvent {
  method: string;
  path: string;
  /** The attempt that failed, 1-based. */
  attempt: number;
  delayMs: number;
  error: SvcError | SvcConnectionError;
  idempotencyKey: string | null;
}
