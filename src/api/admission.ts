// Admission (issue 4, item 6): the steps every metered request takes before any work, in
// order — authenticate, meter the request, honour a test key's simulation, check the
// organization may spend, take a concurrency lease. Everything admission takes is handed
// back in `Admitted` so the caller releases it on every path.
import type { FastifyRequest } from "fastify";
import { limits } from "../config/limits.js";
import { ApiError } from "../errors/catalogue.js";
import type { AccountLimitName } from "../store/account_limits.js";
import { gcraAdvance, gcraPeek, gcraTake, gcraTakeAndPeek, type GcraParams, type GcraResult } from "../store/gcra.js";
import { acquireLease, countActiveLeases, releaseLease } from "../store/leases.js";
import { meterCatalogue, meterParams, type MeterName } from "../store/meters.js";
import type { Scope } from "../store/keys.js";
import { pendingReleases } from "../store/pending_releases.js";
import { authenticateCaller } from "./auth.js";
import { applySimulation } from "./simulate.js";
import type { ApiDeps, Caller } from "./types.js";

export interface Admitted {
  caller: Caller;
  /** The concurrency slot this request holds, or null for endpoints without one. */
  leaseId: string | null;
}

export type Endpoint = "convert" | "toc" | "read";

/** Who calls, when not a bearer key: the console's session (src/console/playground_routes.ts). */
export type Authenticate = (request: FastifyRequest) => Promise<Caller>;

/** Effective limit of a meter for this caller: the org's, or a fixed one (meters.ts). */
function meterLimit(caller: Caller, name: MeterName, which: "org" | "key"): number {
  const def = meterCatalogue[name];
  if (def.limitField === null) return def.fixedLimit!;
  const field = def.limitField as AccountLimitName;
  return which === "org" ? caller.orgLimits[field] : caller.limits[field];
}

type MeterCall = typeof gcraTake;

/**
 * Runs a meter at the organization's limit and, when the key's sub-limit is lower, at the
 * key's as well (sub-limits only lower: rule 7 of the rate-limit mechanics). The stricter
 * reading is returned.
 *
 * A take runs the key's meter first: a request its key's sub-limit refuses is not admitted,
 * so it must not consume the organization's allowance (a sub-limited key hammering away
 * would otherwise starve the organization's other keys). Peeks and advances read or move
 * both meters whatever the first one says (rule 5: the page meter moves on every outcome).
 */
export async function runMeter(deps: ApiDeps, caller: Caller, name: MeterName, cost: number, call: MeterCall): Promise<GcraResult> {
  const orgLimit = meterLimit(caller, name, "org");
  const orgParams = { ...meterParams(name, caller.org.id, orgLimit), cost };
  const keyLimit = meterLimit(caller, name, "key");
  if (keyLimit >= orgLimit) return call(deps.store, orgParams);
  const keyParams = { ...meterParams(name, caller.org.id, keyLimit, caller.key.key_id), cost };
  if (call === gcraTake) {
    const key = await call(deps.store, keyParams);
    if (!key.allowed) return key;
    const org = await call(deps.store, orgParams);
    return org.allowed ? { ...key, limit: org.limit } : org;
  }
  const org = await call(deps.store, orgParams);
  const key = await call(deps.store, keyParams);
  if (!org.allowed) return org;
  return key.allowed ? { ...key, limit: org.limit } : key;
}

export function meterRefusal(name: MeterName, reading: GcraResult): ApiError {
  const def = meterCatalogue[name];
  return new ApiError(def.code, {
    message: `Rate limit reached: ${def.description} (${reading.limit.toLocaleString("en-US")}). Retry after the interval in Retry-After; the meter refills continuously.`,
    retryAfterMs: reading.retryAfterMs ?? limits.leaseRetryAfterMsMin,
    details: { meter: name, limit: reading.limit, reset_at: reading.resetAt },
  });
}

export async function takeMeter(deps: ApiDeps, caller: Caller, name: MeterName, cost: number): Promise<GcraResult> {
  const reading = await runMeter(deps, caller, name, cost, gcraTake);
  if (!reading.allowed) throw meterRefusal(name, reading);
  return reading;
}

/** For meters that move after the fact: refuse while the meter is over its burst. */
export async function checkMeter(deps: ApiDeps, caller: Caller, name: MeterName): Promise<GcraResult> {
  const reading = await runMeter(deps, caller, name, 0, gcraPeek);
  if (!reading.allowed) throw meterRefusal(name, reading);
  return reading;
}

export function advanceMeter(deps: ApiDeps, caller: Caller, name: MeterName, cost: number): Promise<GcraResult> {
  return runMeter(deps, caller, name, cost, gcraAdvance);
}

/** A peek's reading at the organization's limit and, below it, the key's: as runMeter gives. */
function strictestPeek(org: GcraResult, key: GcraResult | undefined): GcraResult {
  if (key === undefined || !org.allowed) return org;
  return key.allowed ? { ...key, limit: org.limit } : key;
}

/**
 * The requests meter at admission (rule 3: cost 1) and reads of the meters admission checks
 * afterwards (`peeks`, at the organization's limit and a key's lower one), in one round trip
 * where runMeter and checkMeter took one per meter (issue 10 item 5). The take keeps
 * runMeter's order: the key's meter first, the organization's only when the key's admits.
 * The readings are left on the request before a refusal is thrown, so a 429 shows the meter
 * that refused it rather than an idle one.
 */
export async function takeRequestsMeter(deps: ApiDeps, request: FastifyRequest, caller: Caller, peeks: readonly MeterName[] = ["pages"]): Promise<Map<MeterName, GcraResult>> {
  const peekParams: GcraParams[] = [];
  const peekIndex = peeks.map((name) => {
    const orgLimit = meterLimit(caller, name, "org");
    const keyLimit = meterLimit(caller, name, "key");
    const org = peekParams.push({ ...meterParams(name, caller.org.id, orgLimit), cost: 0 }) - 1;
    const key = keyLimit < orgLimit ? peekParams.push({ ...meterParams(name, caller.org.id, keyLimit, caller.key.key_id), cost: 0 }) - 1 : null;
    return { name, org, key };
  });
  const orgLimit = meterLimit(caller, "requests", "org");
  const keyLimit = meterLimit(caller, "requests", "key");
  const orgParams = { ...meterParams("requests", caller.org.id, orgLimit), cost: 1 };
  const keyParams = keyLimit < orgLimit ? { ...meterParams("requests", caller.org.id, keyLimit, caller.key.key_id), cost: 1 } : null;
  const first = await gcraTakeAndPeek(deps.store, keyParams ?? orgParams, peekParams);
  let requests = first.taken;
  if (keyParams !== null && requests.allowed) {
    const org = await gcraTake(deps.store, orgParams);
    requests = org.allowed ? { ...requests, limit: org.limit } : org;
  }
  const readings = new Map<MeterName, GcraResult>();
  for (const { name, org, key } of peekIndex) readings.set(name, strictestPeek(first.peeked[org], key === null ? undefined : first.peeked[key]));
  request.rate.requests = requests;
  if (readings.has("pages")) request.rate.pages = readings.get("pages")!;
  if (!requests.allowed) throw meterRefusal("requests", requests);
  return readings;
}

/** Admission's check of a meter metered after the fact, on a reading takeRequestsMeter made. */
function checkReading(name: MeterName, reading: GcraResult): void {
  if (!reading.allowed) throw meterRefusal(name, reading);
}

/**
 * Authenticates and meters a request. For conversions (`convert`, `toc`) it also checks the
 * organization may spend and takes a concurrency lease; `read` endpoints are free.
 */
export async function admit(deps: ApiDeps, request: FastifyRequest, scope: Scope, endpoint: Endpoint, authenticate?: Authenticate): Promise<Admitted> {
  const caller = authenticate ? await authenticate(request) : await authenticateCaller(deps, request, scope);
  request.caller = caller;
  // A conversion's admission checks three meters metered after the fact; a read shows pages only.
  const peeks: MeterName[] = endpoint === "read" ? ["pages"] : ["pages", "no_value_conversions", "unbilled_compute"];
  const readings = await takeRequestsMeter(deps, request, caller, peeks);
  applySimulation(request.headers, caller, deps.baseUrl);
  if (endpoint === "read") {
    const active = await countActiveLeases(deps.store, caller.org.id);
    request.rate.concurrency = { limit: caller.limits.concurrency, remaining: Math.max(0, caller.limits.concurrency - active) };
    return { caller, leaseId: null };
  }
  if (endpoint === "toc") await takeMeter(deps, caller, "toc", 1);
  if (caller.env === "live" && caller.org.debt_credits > 0) {
    throw new ApiError("account_delinquent", {
      message: `Spending is frozen: this organization owes ${caller.org.debt_credits.toLocaleString("en-US")} credits after a reversed payment. Buy credits in the console to clear the debt.`,
      details: { debt_credits: caller.org.debt_credits, credits_required_to_resume: caller.org.debt_credits },
    });
  }
  if (endpoint === "convert") checkReading("pages", readings.get("pages")!);
  checkReading("no_value_conversions", readings.get("no_value_conversions")!);
  checkReading("unbilled_compute", readings.get("unbilled_compute")!);
  // A lease this organization's finished request could not give back while the database was
  // away is given back first: a client within its limits is never refused for it.
  const pending = pendingReleases(deps.store);
  if (pending.hasLease(caller.org.id)) await pending.drain({ leasesOf: caller.org.id });
  const lease = await acquireLease(deps.store, {
    orgId: caller.org.id,
    limit: caller.limits.concurrency,
    keyId: caller.key.key_id,
    ttlMs: limits.requestWallMsMax,
  });
  if (!lease.ok) {
    request.rate.concurrency = { limit: lease.limit, remaining: 0 };
    throw new ApiError("rate_limit_concurrency", {
      message: `This organization already has ${lease.limit} requests in flight, its concurrency limit. Retry when one finishes.`,
      retryAfterMs: lease.retryAfterMs,
      details: { limit: lease.limit },
    });
  }
  request.rate.concurrency = { limit: lease.limit, remaining: lease.remaining };
  return { caller, leaseId: lease.leaseId };
}

export async function releaseAdmission(deps: ApiDeps, admitted: Admitted | null): Promise<void> {
  if (admitted?.leaseId) await releaseLease(deps.store, admitted.leaseId);
}
