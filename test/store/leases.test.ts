// Concurrency leases, SPEC.md §Rate-limit mechanics rule 6 (a slot per in-flight request,
// released when it ends, expiring at the endpoint's wall clock) and 429
// `rate_limit_concurrency`. On PostgreSQL the acquires run on separate connection pools, so
// the database really interleaves them; on PGlite (one connection) they queue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import type { StoreContext } from "../../src/store/context.js";
import { openDb, type Db } from "../../src/store/db.js";
import { acquireLease, countActiveLeases, releaseInstanceLeases, releaseLease, type AcquireLeaseResult } from "../../src/store/leases.js";
import { dbKind, freshDb, manualClock, type TestDb } from "../support/db.js";

const POOLS = 4;
const TTL_MS = limits.requestWallMsMax;

let t: TestDb;
const extraDbs: Db[] = [];
let dbs: Db[] = [];
let orgSeq = 0;
const nextOrg = () => `org_lease_${++orgSeq}`;

beforeAll(async () => {
  t = await freshDb();
  dbs = [t.db];
  if (t.url) {
    for (let i = 1; i < POOLS; i++) {
      const db = await openDb({ databaseUrl: t.url, poolSize: 8 });
      extraDbs.push(db);
      dbs.push(db);
    }
  }
});
afterAll(async () => {
  for (const db of extraDbs) await db.close();
  await t?.drop();
});

type Ok = Extract<AcquireLeaseResult, { ok: true }>;
type Refused = Extract<AcquireLeaseResult, { ok: false }>;
const acquire = (ctx: StoreContext, orgId: string, limit = 4, keyId: string | null = "key_a") => acquireLease(ctx, { orgId, limit, keyId, ttlMs: TTL_MS });
function ok(r: AcquireLeaseResult): Ok {
  if (!r.ok) throw new Error(`expected a lease, got ${JSON.stringify(r)}`);
  return r;
}

describe(`SPEC rule 6 and 429 rate_limit_concurrency (${dbKind})`, () => {
  it("20 simultaneous acquires at concurrency 4: exactly 4 succeed, on slots 0-3; the rest are refused", async () => {
    const clock = manualClock(t.db);
    const orgId = nextOrg();
    const contexts = dbs.map((db, i) => ({ ...clock, db, instanceId: `inst_${i}` }));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => acquire(contexts[i % contexts.length], orgId)));
    const granted = results.filter((r): r is Ok => r.ok);
    expect(granted.length).toBe(4);
    expect(granted.map((r) => r.slot).sort()).toEqual([0, 1, 2, 3]);
    for (const r of results.filter((x): x is Refused => !x.ok)) {
      // Issue 12 item 4: a running request may end any moment, so not the wall clock's 60 s.
      expect(r).toMatchObject({ code: "rate_limit_concurrency", limit: 4, remaining: 0, retryAfterMs: limits.leaseRetryAfterMsMax });
    }
    expect(await countActiveLeases(clock, orgId)).toBe(4);
  });

  it("release frees a slot for the next request; releasing twice is a no-op", async () => {
    const clock = manualClock(t.db);
    const orgId = nextOrg();
    const held = [];
    for (let i = 0; i < 4; i++) held.push(ok(await acquire(clock, orgId)));
    expect(held.map((l) => l.remaining)).toEqual([3, 2, 1, 0]);
    expect((await acquire(clock, orgId)).ok).toBe(false);
    expect(await releaseLease(clock, held[2].leaseId)).toBe(true);
    expect(await releaseLease(clock, held[2].leaseId)).toBe(false);
    expect(await countActiveLeases(clock, orgId)).toBe(3);
    const again = ok(await acquire(clock, orgId));
    expect(again).toMatchObject({ slot: 2, remaining: 0 });
  });

  it("a lease expires at the wall clock: the slot is reusable, and the late release does not free the new holder", async () => {
    const clock = manualClock(t.db);
    const orgId = nextOrg();
    const stale = [];
    for (let i = 0; i < 4; i++) stale.push(ok(await acquire(clock, orgId)));
    clock.advance(TTL_MS - 1);
    expect((await acquire(clock, orgId)).ok).toBe(false);
    clock.advance(1);
    expect(await countActiveLeases(clock, orgId)).toBe(0);
    const fresh = ok(await acquire(clock, orgId));
    expect(fresh.slot).toBe(0);
    expect(await releaseLease(clock, stale[0].leaseId)).toBe(false);
    expect(await countActiveLeases(clock, orgId)).toBe(1);
  });

  it("retry-after runs until the earliest slot can free — the earliest lease's expiry, at most leaseRetryAfterMsMax — and is at least 1 s", async () => {
    const clock = manualClock(t.db);
    const orgId = nextOrg();
    ok(await acquire(clock, orgId, 2));
    clock.advance(5_000);
    ok(await acquire(clock, orgId, 2));
    clock.advance(40_000);
    expect(await acquire(clock, orgId, 2)).toMatchObject({ ok: false, retryAfterMs: limits.leaseRetryAfterMsMax });
    clock.advance(TTL_MS - 45_000 - 3_000);
    expect(await acquire(clock, orgId, 2)).toMatchObject({ ok: false, retryAfterMs: 3_000 });
    clock.advance(2_700);
    expect(await acquire(clock, orgId, 2)).toMatchObject({ ok: false, retryAfterMs: limits.leaseRetryAfterMsMin });
  });

  it("issue 12 item 4: the slots of an instance whose heartbeat is stale are taken over within the hold sweep's window, not at expiry", async () => {
    const clock = manualClock(t.db);
    const orgId = nextOrg();
    const dead = { ...clock, instanceId: `inst_dead_${orgId}` };
    await t.db.query("INSERT INTO instances (id, started_at, heartbeat_at) VALUES ($1, $2, $2)", [dead.instanceId, new Date(clock.now()).toISOString()]);
    ok(await acquire(dead, orgId, 1));
    expect((await acquire(clock, orgId, 1)).ok).toBe(false);
    // The holder's heartbeat stops; once it is stale the slot is free, long before the lease's 60 s.
    clock.advance(limits.instanceHeartbeatStaleMs + 1);
    expect(ok(await acquire(clock, orgId, 1)).slot).toBe(0);
    expect(limits.instanceHeartbeatStaleMs).toBeLessThan(TTL_MS);
  });

  it("issue 10 item 5: an acquire reads heartbeats only when every slot looks taken — a dead holder's slot is taken over before any refusal", async () => {
    const clock = manualClock(t.db);
    const orgId = nextOrg();
    const dead = { ...clock, instanceId: `inst_dead2_${orgId}` };
    await t.db.query("INSERT INTO instances (id, started_at, heartbeat_at) VALUES ($1, $2, $2)", [dead.instanceId, new Date(clock.now()).toISOString()]);
    expect(ok(await acquire(dead, orgId, 3)).slot).toBe(0);
    clock.advance(limits.instanceHeartbeatStaleMs + 1);
    // Free slots remain: taken without looking at heartbeats (the dead slot still counts in `remaining`).
    expect(ok(await acquire(clock, orgId, 3))).toMatchObject({ slot: 1, remaining: 1 });
    expect(ok(await acquire(clock, orgId, 3))).toMatchObject({ slot: 2, remaining: 0 });
    // Every slot looks taken: the dead holder's is taken over, not refused.
    expect(ok(await acquire(clock, orgId, 3))).toMatchObject({ slot: 0, remaining: 0 });
    expect((await acquire(clock, orgId, 3)).ok).toBe(false);
  });

  it("SPEC rule 7: a key's lower sub-limit confines it to that many slots; the organization keeps its own", async () => {
    const clock = manualClock(t.db);
    const orgId = nextOrg();
    // A key limited to 2 of the organization's 4.
    ok(await acquire(clock, orgId, 2, "key_small"));
    ok(await acquire(clock, orgId, 2, "key_small"));
    expect((await acquire(clock, orgId, 2, "key_small")).ok).toBe(false);
    // Another key at the organization's limit gets the remaining two, then the org is full.
    expect(ok(await acquire(clock, orgId, 4, "key_big")).slot).toBe(2);
    expect(ok(await acquire(clock, orgId, 4, "key_big")).slot).toBe(3);
    expect((await acquire(clock, orgId, 4, "key_big")).ok).toBe(false);
  });

  it("organizations do not share slots", async () => {
    const clock = manualClock(t.db);
    const a = nextOrg();
    const b = nextOrg();
    for (let i = 0; i < 4; i++) ok(await acquire(clock, a));
    expect(ok(await acquire(clock, b)).remaining).toBe(3);
  });

  it("graceful shutdown releases this instance's leases and no one else's", async () => {
    const clock = manualClock(t.db);
    const orgId = nextOrg();
    const mine = { ...clock, instanceId: "inst_leaving" };
    const theirs = { ...clock, instanceId: "inst_staying" };
    ok(await acquire(mine, orgId));
    ok(await acquire(mine, orgId));
    ok(await acquire(theirs, orgId));
    expect(await releaseInstanceLeases(mine)).toBe(2);
    expect(await countActiveLeases(clock, orgId)).toBe(1);
  });

  it("rejects a non-positive limit or ttl (programmer error)", async () => {
    const clock = manualClock(t.db);
    await expect(acquireLease(clock, { orgId: nextOrg(), limit: 0, keyId: null, ttlMs: TTL_MS })).rejects.toThrow(RangeError);
    await expect(acquireLease(clock, { orgId: nextOrg(), limit: 4, keyId: null, ttlMs: 0 })).rejects.toThrow(RangeError);
  });
});
