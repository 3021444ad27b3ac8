// The Generic Cell Rate Algorithm: every rate meter of SPEC.md §Limits (leaky-bucket style,
// continuous refill, no minute boundary). A meter with `limit` per `period` has the emission
// interval T = period / limit and admits `burst` cost units at once from idle. Its whole
// state is one number per (organization, meter): the theoretical arrival time (TAT), the
// moment the meter would be empty again. A take of `cost` moves TAT to
// max(TAT, now) + cost·T and is admitted when that lands at most burst·T ahead of now.
//
// Several service instances share one PostgreSQL, so every take is ONE statement (an upsert
// whose DO UPDATE … WHERE carries the admission test): the row lock serializes concurrent
// takes of one meter and no read-modify-write window exists between instances.
//
// Units: TAT is stored in epoch microseconds. The upload meter's interval is 0.11 µs per byte
// (512 MiB per minute) and the page meter's 5 ms, so milliseconds would round small costs to
// nothing. Increments are computed exactly with BigInt as floor(cost · period_us / limit):
// the rounding is at most 1 µs per call, always in the customer's favour, and never
// accumulates into the state beyond that (TAT is absolute time, not a sum of intervals
// measured from an earlier rounding). The tolerance burst·T is floored the same way, so
// `burst` cost-1 takes always fit: burst·floor(T) <= floor(burst·T).
import assert from "node:assert/strict";
import type { StoreContext } from "./context.js";

export interface GcraMeter {
  orgId: string;
  /** The state's name within the organization (src/store/meters.ts names them). */
  meter: string;
  /** The effective limit per period: the account's value, lowered by a key's sub-limit. */
  limitPerPeriod: number;
  periodMs: number;
  /** Cost units admitted at once from idle. */
  burst: number;
}

export interface GcraParams extends GcraMeter {
  /** Cost units of this call: 1 for a request, pages, bytes, vCPU-ms. */
  cost: number;
}

export interface GcraResult {
  /** Take: admitted. Advance and peek: the meter is within its burst (see each function). */
  allowed: boolean;
  limit: number;
  /** Cost units a take could consume right now (0 to burst). */
  remaining: number;
  /** RFC 3339 UTC: the moment the meter is fully replenished (SPEC rule 1 of the mechanics). */
  resetAt: string;
  /** Wait until the refused call would be admitted; null when allowed. */
  retryAfterMs: number | null;
}

const US_PER_MS = 1_000;

/** The meter's arithmetic in exact integers (microseconds and cost units). */
interface Rates {
  limit: bigint;
  periodUs: bigint;
  burst: bigint;
  /** cost · T, floored. */
  incrementUs: bigint;
  /** burst · T, floored: how far TAT may run ahead of now. */
  toleranceUs: bigint;
}

function isWhole(n: number, min: number): boolean {
  return Number.isSafeInteger(n) && n >= min;
}

function ratesOf(p: GcraParams): Rates {
  // Programmer errors: the meter catalogue and the account limits produce these values.
  assert(isWhole(p.limitPerPeriod, 1), `gcra: limitPerPeriod must be a positive integer (${p.limitPerPeriod})`);
  assert(isWhole(p.periodMs, 1), `gcra: periodMs must be a positive integer (${p.periodMs})`);
  assert(isWhole(p.burst, 1), `gcra: burst must be a positive integer (${p.burst})`);
  assert(isWhole(p.cost, 0), `gcra: cost must be a non-negative integer (${p.cost})`);
  const limit = BigInt(p.limitPerPeriod);
  const periodUs = BigInt(p.periodMs) * BigInt(US_PER_MS);
  const burst = BigInt(p.burst);
  return {
    limit,
    periodUs,
    burst,
    incrementUs: (BigInt(p.cost) * periodUs) / limit,
    toleranceUs: (burst * periodUs) / limit,
  };
}

function nowUsOf(ctx: StoreContext): bigint {
  return BigInt(Math.floor(ctx.now() * US_PER_MS));
}

function toBigInt(value: unknown): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number") return BigInt(value);
  if (typeof value === "string") return BigInt(value);
  throw new TypeError(`gcra: unexpected tat_us value ${String(value)}`);
}

const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);
const ceilDiv = (a: bigint, b: bigint) => (a <= 0n ? a / b : (a + b - 1n) / b);

/**
 * The result for a meter whose TAT is `tatUs` (null: never used) at `nowUs`. `overUs` is how
 * far the refused call lands beyond the tolerance; it is the wait until it would fit.
 */
function resultOf(p: GcraParams, r: Rates, tatUs: bigint | null, nowUs: bigint, allowed: boolean, overUs: bigint): GcraResult {
  const fullAtUs = maxBig(tatUs ?? nowUs, nowUs);
  const aheadUs = fullAtUs - nowUs;
  // remaining = floor(burst − ahead/T), computed from the exact burst·period (not the floored
  // tolerance) so that an idle meter reports exactly `burst`.
  const spare = r.burst * r.periodUs - aheadUs * r.limit;
  const remaining = spare <= 0n ? 0n : spare / r.periodUs;
  return {
    allowed,
    limit: p.limitPerPeriod,
    remaining: Number(remaining > r.burst ? r.burst : remaining),
    resetAt: new Date(Number(ceilDiv(fullAtUs, BigInt(US_PER_MS)))).toISOString(),
    retryAfterMs: allowed ? null : Math.max(1, Number(ceilDiv(overUs, BigInt(US_PER_MS)))),
  };
}

async function readTat(ctx: StoreContext, orgId: string, meter: string): Promise<bigint | null> {
  const { rows } = await ctx.db.query<{ tat_us: unknown }>("SELECT tat_us FROM meters WHERE org_id = $1 AND meter = $2", [orgId, meter]);
  return rows.length === 0 ? null : toBigInt(rows[0].tat_us);
}

// $1 org, $2 meter, $3 now_us, $4 increment_us, $5 tolerance_us. The INSERT branch carries the
// test too, so a first call whose cost alone exceeds the tolerance inserts nothing.
const TAKE_SQL = `
  INSERT INTO meters AS m (org_id, meter, tat_us)
  SELECT $1, $2, $3::bigint + $4::bigint WHERE $4::bigint <= $5::bigint
  ON CONFLICT (org_id, meter) DO UPDATE
    SET tat_us = GREATEST(m.tat_us, $3::bigint) + $4::bigint
    WHERE GREATEST(m.tat_us, $3::bigint) + $4::bigint - $3::bigint <= $5::bigint
  RETURNING tat_us`;

// Metering after the fact never refuses: the cost was already incurred.
const ADVANCE_SQL = `
  INSERT INTO meters AS m (org_id, meter, tat_us) VALUES ($1, $2, $3::bigint + $4::bigint)
  ON CONFLICT (org_id, meter) DO UPDATE SET tat_us = GREATEST(m.tat_us, $3::bigint) + $4::bigint
  RETURNING tat_us`;

/**
 * Admission: consumes `cost` when it fits within the burst, else refuses and consumes nothing.
 * One statement when admitted; a refusal reads the current TAT for the retry-after (a second
 * round trip, on the 429 path only).
 */
export async function gcraTake(ctx: StoreContext, p: GcraParams): Promise<GcraResult> {
  const r = ratesOf(p);
  // A cost above the burst could never be admitted; meters.ts keeps every burst at least the
  // largest single request, so this is a programmer error, not a 429.
  assert(r.incrementUs <= r.toleranceUs, `gcra: cost ${p.cost} exceeds the burst ${p.burst} of meter ${p.meter}`);
  const nowUs = nowUsOf(ctx);
  const params = [p.orgId, p.meter, nowUs.toString(), r.incrementUs.toString(), r.toleranceUs.toString()];
  const { rows } = await ctx.db.query<{ tat_us: unknown }>(TAKE_SQL, params);
  if (rows.length === 1) return resultOf(p, r, toBigInt(rows[0].tat_us), nowUs, true, 0n);
  const tatUs = await readTat(ctx, p.orgId, p.meter);
  const overUs = maxBig(tatUs ?? nowUs, nowUs) + r.incrementUs - nowUs - r.toleranceUs;
  return resultOf(p, r, tatUs, nowUs, false, overUs);
}

// The take of TAKE_SQL with reads of other meters of the same organization, in ONE statement
// (issue 10 item 5: admission's requests take and its peeks were four round trips). The reads
// see the statement's snapshot, as a separate SELECT just before would; they never touch the
// taken row, so the take stays the one atomic upsert above. $6… the peeked meters' names.
function takeAndPeekSql(peeks: number): string {
  const names = Array.from({ length: peeks }, (_, i) => `$${i + 6}`).join(", ");
  return `
  WITH taken AS (${TAKE_SQL})
  SELECT true AS taken, NULL::text AS meter, tat_us FROM taken
  UNION ALL
  SELECT false, meter, tat_us FROM meters WHERE org_id = $1 AND meter IN (${names})`;
}

/**
 * gcraTake of `take` and gcraPeek of each of `peeks` (meters of the same organization) in one
 * round trip; the readings are those the separate calls would give. A refused take reads its
 * TAT again for the retry-after, as gcraTake does.
 */
export async function gcraTakeAndPeek(ctx: StoreContext, take: GcraParams, peeks: readonly GcraParams[]): Promise<{ taken: GcraResult; peeked: GcraResult[] }> {
  if (peeks.length === 0) return { taken: await gcraTake(ctx, take), peeked: [] };
  const r = ratesOf(take);
  assert(r.incrementUs <= r.toleranceUs, `gcra: cost ${take.cost} exceeds the burst ${take.burst} of meter ${take.meter}`);
  for (const p of peeks) assert(p.orgId === take.orgId && p.meter !== take.meter, `gcra: peek ${p.meter} must be another meter of org ${take.orgId}`);
  const nowUs = nowUsOf(ctx);
  const params = [take.orgId, take.meter, nowUs.toString(), r.incrementUs.toString(), r.toleranceUs.toString(), ...peeks.map((p) => p.meter)];
  const { rows } = await ctx.db.query<{ taken: boolean; meter: string | null; tat_us: unknown }>(takeAndPeekSql(peeks.length), params);
  const tats = new Map<string, bigint>();
  let takenTat: bigint | null = null;
  for (const row of rows) {
    if (row.taken) takenTat = toBigInt(row.tat_us);
    else tats.set(row.meter!, toBigInt(row.tat_us));
  }
  const peeked = peeks.map((p) => {
    const pr = ratesOf(p);
    const tatUs = tats.get(p.meter) ?? null;
    const overUs = maxBig(tatUs ?? nowUs, nowUs) + pr.incrementUs - nowUs - pr.toleranceUs;
    return resultOf(p, pr, tatUs, nowUs, overUs <= 0n, overUs);
  });
  if (takenTat !== null) return { taken: resultOf(take, r, takenTat, nowUs, true, 0n), peeked };
  const tatUs = await readTat(ctx, take.orgId, take.meter);
  const overUs = maxBig(tatUs ?? nowUs, nowUs) + r.incrementUs - nowUs - r.toleranceUs;
  return { taken: resultOf(take, r, tatUs, nowUs, false, overUs), peeked };
}

/**
 * After the fact (pages on settlement, SPEC rules 4 and 5; zero-value conversions; unbilled
 * compute): always moves TAT by `cost`, even past the burst. `allowed` then says whether the
 * meter is still within its burst, i.e. whether the next admission check passes, and
 * `retryAfterMs` how long until it does.
 */
export async function gcraAdvance(ctx: StoreContext, p: GcraParams): Promise<GcraResult> {
  const r = ratesOf(p);
  const nowUs = nowUsOf(ctx);
  let tatUs: bigint | null;
  if (r.incrementUs === 0n) {
    tatUs = await readTat(ctx, p.orgId, p.meter);
  } else {
    const params = [p.orgId, p.meter, nowUs.toString(), r.incrementUs.toString()];
    const { rows } = await ctx.db.query<{ tat_us: unknown }>(ADVANCE_SQL, params);
    tatUs = toBigInt(rows[0].tat_us);
  }
  const overUs = maxBig(tatUs ?? nowUs, nowUs) - nowUs - r.toleranceUs;
  return resultOf(p, r, tatUs, nowUs, overUs <= 0n, overUs);
}

/**
 * Reads without consuming: header values, and the admission check of meters metered after
 * the fact. `allowed` says whether a take of `cost` would be admitted now; with cost 0 that
 * is "the meter is not over its burst", the check SPEC rule 4 implies for pages.
 */
export async function gcraPeek(ctx: StoreContext, p: GcraParams): Promise<GcraResult> {
  const r = ratesOf(p);
  const nowUs = nowUsOf(ctx);
  const tatUs = await readTat(ctx, p.orgId, p.meter);
  const overUs = maxBig(tatUs ?? nowUs, nowUs) + r.incrementUs - nowUs - r.toleranceUs;
  return resultOf(p, r, tatUs, nowUs, overUs <= 0n, overUs);
}

/** The values of a meter nothing has touched: full burst, replenished now. No database. */
export function gcraIdle(p: GcraMeter, nowMs: number): GcraResult {
  const q: GcraParams = { ...p, cost: 0 };
  const nowUs = BigInt(Math.floor(nowMs * US_PER_MS));
  return resultOf(q, ratesOf(q), null, nowUs, true, 0n);
}
