// Concurrency leases (SPEC.md §Rate-limit mechanics, rule 6): a request takes a slot when it
// starts and gives it back when it ends; a slot whose holder vanished (crash, lost
// connection) frees itself when its lease expires at the endpoint's wall clock.
//
// The leases table has PRIMARY KEY (org_id, slot) and an acquire only ever writes a slot in
// [0, limit), so the database itself makes more than `limit` live leases impossible, across
// every instance sharing it. An acquire is ONE statement: it picks the lowest slot that is
// free or expired and inserts into it, overwriting an expired row only (ON CONFLICT … DO
// UPDATE … WHERE expired). Two acquires racing for the same slot: PostgreSQL makes the
// second wait for the first and then finds the slot live, so it returns nothing; the same
// statement also reports how many slots its snapshot saw live, and when some were free the
// acquire tries again (bounded: each lost race is a slot someone else won).
//
// Per-key sub-limits (SPEC.md §Authentication 4) arrive as a lower `limit`: the key is then
// confined to the lowest `limit` slots, which keeps both the key and the organization within
// their limits, at the price that a sub-limited key can be refused while slots above its
// range are free.
import type { StoreContext } from "./context.js";
import { newId } from "./ids.js";
import { limits } from "../config/limits.js";

export interface AcquireLeaseParams {
  orgId: string;
  /** The effective concurrency limit: the organization's, lowered by the key's sub-limit. */
  limit: number;
  keyId: string | null;
  /** The endpoint's wall clock (limits.requestWallMsMax): the lease expires then. */
  ttlMs: number;
}

export type AcquireLeaseResult =
  | {
      ok: true;
      leaseId: string;
      slot: number;
      limit: number;
      /** Slots still free after this one (x-ratelimit-remaining-concurrency). */
      remaining: number;
      expiresAtMs: number;
    }
  | {
      ok: false;
      code: "rate_limit_concurrency";
      limit: number;
      remaining: 0;
      /** Until the earliest live lease in range expires, at least limits.leaseRetryAfterMsMin. */
      retryAfterMs: number;
    };

interface AcquireRow {
  slot: number | null;
  live_in_range: unknown;
  live_total: unknown;
  earliest_ms: unknown;
}

/**
 * The end both acquire statements share: take the lowest slot below the limit that no `live`
 * lease holds (a row still there is overwritten when `reclaimable`), and answer the slot
 * with the `state` counts.
 */
function takeFreeSlot(reclaimable: string): string {
  return `taken AS (
    INSERT INTO leases AS l (org_id, slot, lease_id, instance_id, key_id, expires_at)
    SELECT $1, s.slot, $2, $3, $4, $7::timestamptz
    FROM generate_series(0, $6::int - 1) AS s(slot)
    WHERE NOT EXISTS (SELECT 1 FROM live f WHERE f.slot = s.slot)
    ORDER BY s.slot
    LIMIT 1
    ON CONFLICT (org_id, slot) DO UPDATE
      SET lease_id = EXCLUDED.lease_id, instance_id = EXCLUDED.instance_id,
          key_id = EXCLUDED.key_id, expires_at = EXCLUDED.expires_at
      WHERE ${reclaimable}
    RETURNING slot
  )
  SELECT (SELECT slot FROM taken) AS slot, live_in_range, live_total, earliest_ms FROM state`;
}

// $1 org, $2 lease id, $3 instance, $4 key, $5 now, $6 limit, $7 expires at, $8 stale
// before (an instance whose heartbeat is older is dead: its leases are free, as its holds
// are), $9 the stale window as an interval (when a live-looking holder would be dead).
// The `state` CTE and the INSERT read the same snapshot (taken when the statement starts),
// so `live_in_range` never counts the slot this statement takes.
const ACQUIRE_SQL = `
  WITH dead AS (
    SELECT id, heartbeat_at FROM instances WHERE heartbeat_at < $8::timestamptz
  ), live AS (
    SELECT l.slot, l.expires_at,
           (SELECT i.heartbeat_at FROM instances i WHERE i.id = l.instance_id) AS heartbeat_at
      FROM leases l WHERE l.org_id = $1 AND l.expires_at > $5::timestamptz AND l.instance_id NOT IN (SELECT id FROM dead)
  ), state AS (
    SELECT count(*) FILTER (WHERE slot < $6::int) AS live_in_range,
           count(*) AS live_total,
           floor(extract(epoch FROM min(LEAST(expires_at, COALESCE(heartbeat_at + $9::interval, expires_at))) FILTER (WHERE slot < $6::int)) * 1000) AS earliest_ms
    FROM live
  ), ${takeFreeSlot("l.expires_at <= $5::timestamptz OR l.instance_id IN (SELECT id FROM instances WHERE heartbeat_at < $8::timestamptz)")}`;

// The same acquire without the instances table (issue 10 item 5: the heartbeat lookups were
// most of the statement's cost on every request): a dead instance's lease counts as live
// here. Only a refusal depends on that, so acquireLease runs ACQUIRE_SQL, which takes such
// leases over, before it refuses — a client is never refused for a dead holder's slot. The
// price: while a dead instance holds slots, an admitted request's `remaining` counts them.
// $1 org, $2 lease id, $3 instance, $4 key, $5 now, $6 limit, $7 expires at.
const ACQUIRE_LIVE_SQL = `
  WITH live AS (
    SELECT slot, expires_at FROM leases WHERE org_id = $1 AND expires_at > $5::timestamptz
  ), state AS (
    SELECT count(*) FILTER (WHERE slot < $6::int) AS live_in_range, count(*) AS live_total,
           floor(extract(epoch FROM min(expires_at) FILTER (WHERE slot < $6::int)) * 1000) AS earliest_ms
    FROM live
  ), ${takeFreeSlot("l.expires_at <= $5::timestamptz")}`;

const iso = (ms: number) => new Date(ms).toISOString();

export async function acquireLease(ctx: StoreContext, p: AcquireLeaseParams): Promise<AcquireLeaseResult> {
  if (!Number.isSafeInteger(p.limit) || p.limit < 1) throw new RangeError(`acquireLease: limit must be a positive integer (${p.limit})`);
  if (!Number.isSafeInteger(p.ttlMs) || p.ttlMs < 1) throw new RangeError(`acquireLease: ttlMs must be a positive integer (${p.ttlMs})`);
  let earliestMs: number | null = null;
  let nowMs = ctx.now();
  // Every slot looked live without the heartbeats: from then on, with them (ACQUIRE_LIVE_SQL).
  let withHeartbeats = false;
  for (let attempt = 0; attempt < limits.leaseAcquireAttemptsMax; attempt++) {
    nowMs = ctx.now();
    const leaseId = newId("lease", nowMs);
    const expiresAtMs = nowMs + p.ttlMs;
    const staleMs = limits.instanceHeartbeatStaleMs;
    const base = [p.orgId, leaseId, ctx.instanceId, p.keyId, iso(nowMs), p.limit, iso(expiresAtMs)];
    const { rows } = withHeartbeats
      ? await ctx.db.query<AcquireRow>(ACQUIRE_SQL, [...base, iso(nowMs - staleMs), `${staleMs} milliseconds`])
      : await ctx.db.query<AcquireRow>(ACQUIRE_LIVE_SQL, base);
    const row = rows[0];
    const liveInRange = Number(row.live_in_range);
    earliestMs = row.earliest_ms === null ? null : Number(row.earliest_ms);
    if (row.slot !== null) {
      const remaining = Math.max(0, p.limit - Number(row.live_total) - 1);
      return { ok: true, leaseId, slot: Number(row.slot), limit: p.limit, remaining, expiresAtMs };
    }
    if (liveInRange >= p.limit) {
      // Every slot in range was live when the statement began, its holders alive: a genuine refusal.
      if (withHeartbeats) break;
      withHeartbeats = true;
      attempt--; // the look at the heartbeats is not a lost race
      continue;
    }
    // Otherwise a concurrent acquire took the slot this one chose: look again.
  }
  const untilExpiryMs = earliestMs === null ? 0 : earliestMs - nowMs;
  // The earliest a slot can free: a lease's expiry, or its holder being taken for dead; and
  // since a running request may end at any moment, never more than leaseRetryAfterMsMax.
  const retryAfterMs = Math.min(limits.leaseRetryAfterMsMax, Math.max(limits.leaseRetryAfterMsMin, untilExpiryMs));
  return { ok: false, code: "rate_limit_concurrency", limit: p.limit, remaining: 0, retryAfterMs };
}

/** Ends a lease. False when it had already ended or expired and its slot was taken over. */
export async function releaseLease(ctx: StoreContext, leaseId: string): Promise<boolean> {
  const { rowCount } = await ctx.db.query("DELETE FROM leases WHERE lease_id = $1", [leaseId]);
  return rowCount > 0;
}

/**
 * Graceful shutdown: ends every lease this instance holds, so its slots free at once rather
 * than at expiry. A sequential scan: it runs once per instance lifetime and the table holds at
 * most `concurrency` rows per organization.
 */
export async function releaseInstanceLeases(ctx: StoreContext): Promise<number> {
  const { rowCount } = await ctx.db.query("DELETE FROM leases WHERE instance_id = $1", [ctx.instanceId]);
  return rowCount;
}

/** Live leases of an organization (for x-ratelimit-remaining-concurrency outside admission). */
export async function countActiveLeases(ctx: StoreContext, orgId: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: unknown }>(
    "SELECT count(*) AS n FROM leases WHERE org_id = $1 AND expires_at > $2::timestamptz",
    [orgId, iso(ctx.now())],
  );
  return Number(rows[0].n);
}
