// The x-ratelimit-* set on every response (SPEC.md §Rate-limit mechanics), success or error,
// 404 and 405 included. Admission (src/api/admission.ts) leaves its meter readings on
// `request.rate`; this hook turns them into headers when the response is sent, so no handler
// or error path has to remember them.
//
// Parts admission did not read are filled as an idle meter: at the organization's own limits
// when the caller is known (a 402 refused before the page meter was peeked still shows the
// organization's pages limit, not a default it does not have), else at the published paid
// defaults with nothing consumed (DECISIONS.md: responses with no organization).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { paidLimitDefaults } from "../../store/account_limits.js";
import { gcraIdle } from "../../store/gcra.js";
import {
  meterParams,
  publishedDefaultHeaders,
  rateLimitHeaders,
  type MeterName,
  type PublishedDefaults,
  type RateLimitHeaderName,
} from "../../store/meters.js";
import type { RateReadings } from "../types.js";
import { appWide } from "./request_id.js";

export interface RateHeaderDeps {
  /** The limits shown when no organization is known; the paid defaults unless a test says otherwise. */
  defaults?: PublishedDefaults;
  /** Clock for the idle meters' reset time. */
  nowMs?: () => number;
}

function idle(name: MeterName, limitPerPeriod: number, nowMs: number) {
  // The organization id only names stored state; an idle reading touches none.
  return gcraIdle(meterParams(name, "", limitPerPeriod), nowMs);
}

/** The header set from whatever admission read, the rest idle at `limits`. */
export function rateHeaderValues(
  rate: RateReadings | null,
  limits: PublishedDefaults,
  nowMs: number,
): Record<RateLimitHeaderName, string> {
  const r = rate ?? {};
  if (!r.requests && !r.pages && !r.concurrency) return publishedDefaultHeaders(limits, nowMs);
  return rateLimitHeaders({
    requests: r.requests ?? idle("requests", limits.requests_per_min, nowMs),
    pages: r.pages ?? idle("pages", limits.pages_per_min, nowMs),
    concurrency: r.concurrency ?? { limit: limits.concurrency, remaining: limits.concurrency },
  });
}

/** The headers for this request now; never throws (it runs while a response is being sent). */
export function rateHeadersFor(request: FastifyRequest, deps: RateHeaderDeps = {}): Record<RateLimitHeaderName, string> {
  const defaults = deps.defaults ?? paidLimitDefaults;
  const nowMs = (deps.nowMs ?? Date.now)();
  // Decorations are null on paths that bypassed the onRequest hook.
  const caller = (request.caller as typeof request.caller | undefined) ?? null;
  const rate = (request.rate as RateReadings | null | undefined) ?? null;
  try {
    return rateHeaderValues(rate, caller ? caller.limits : defaults, nowMs);
  } catch (err) {
    // A limit the meter arithmetic rejects is a programmer error elsewhere; the response
    // still goes out with a complete, truthful-as-possible set rather than failing.
    request.log.error({ err }, "rate-limit headers fell back to the published defaults");
    return publishedDefaultHeaders(defaults, nowMs);
  }
}

/** Sets the full set on `reply`, replacing any partial values a handler left. */
export function applyRateHeaders(request: FastifyRequest, reply: FastifyReply, deps: RateHeaderDeps = {}): void {
  reply.headers(rateHeadersFor(request, deps));
}

/**
 * Register after request_id. The hook runs on send, after the handler and any error
 * handler, so it sees the final readings (the page meter is advanced on settlement).
 */
export const rateHeadersPlugin = appWide(
  "svc-rate-headers",
  (app: FastifyInstance, deps?: RateHeaderDeps, done?: (err?: Error) => void): void => {
    const options: RateHeaderDeps = { defaults: deps?.defaults, nowMs: deps?.nowMs };
    app.addHook("onSend", (request, reply, payload, next) => {
      applyRateHeaders(request, reply, options);
      next(null, payload);
    });
    done?.();
  },
);
