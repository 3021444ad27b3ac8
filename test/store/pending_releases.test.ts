// Give-backs that failed while the database was away (issue 12 item 1; SPEC §Credit hold:
// every hold released within 60 s; §Rate-limit mechanics rule 6: a slot is given back when
// its request ends). They wait in a bounded queue, each until its deadline, and are tried
// again when the database answers; an organization's leases are given back before it takes
// a new one. The end-to-end figures are test/faults' (a real PostgreSQL stopped and restarted).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import type { StoreContext } from "../../src/store/context.js";
import { StoreUnavailableError, type Db } from "../../src/store/db.js";
import { acquireLease, releaseLease } from "../../src/store/leases.js";
import { PendingReleases, pendingReleases, type Dropped } from "../../src/store/pending_releases.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(async () => {
  await t.drop();
});

const away = () => Promise.reject(new StoreUnavailableError("database unavailable: test"));

function clock() {
  let now = Date.UTC(2026, 0, 15);
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("pending releases (issue 12 item 1)", () => {
  it("keeps a give-back while the database is away and drops it once it succeeds", async () => {
    const c = clock();
    const q = new PendingReleases(c.now);
    let up = false;
    let runs = 0;
    q.add({ kind: "hold", id: "hold_1", orgId: "org_1", run: () => (runs++, up ? Promise.resolve() : away()) });
    await q.drain();
    expect(q.size).toBe(1);
    up = true;
    await q.drain();
    expect(q.size).toBe(0);
    expect(runs).toBe(2);
    q.stop();
  });

  it("gives up at its deadline (the expiry sweeps take over), and on an error that is not an outage", async () => {
    const c = clock();
    const dropped: Dropped[] = [];
    const q = new PendingReleases(c.now, (d) => dropped.push(d));
    q.add({ kind: "lease", id: "lease_1", orgId: "org_1", run: away });
    q.add({ kind: "idempotency", id: "claim_1", orgId: "org_1", run: () => Promise.reject(new Error("a bug")) });
    await q.drain();
    // The outage stops the pass at its first entry: the second is not tried yet.
    expect(q.size).toBe(2);
    c.advance(limits.pendingReleaseMsMax);
    await q.drain();
    expect(dropped.map((d) => `${d.release.id}:${d.reason}`)).toEqual(["lease_1:deadline", "claim_1:deadline"]);
    q.add({ kind: "idempotency", id: "claim_2", orgId: "org_1", run: () => Promise.reject(new Error("a bug")) });
    await q.drain();
    expect(dropped.at(-1)).toMatchObject({ reason: "failed", release: { id: "claim_2" } });
    expect(q.size).toBe(0);
    q.stop();
  });

  it("is bounded: past limits.pendingReleasesMax the oldest is pushed out; the same id waits once", () => {
    const c = clock();
    const dropped: Dropped[] = [];
    const q = new PendingReleases(c.now, (d) => dropped.push(d));
    for (let i = 0; i <= limits.pendingReleasesMax; i++) q.add({ kind: "hold", id: `hold_${i}`, orgId: "org_1", run: away });
    q.add({ kind: "hold", id: "hold_5", orgId: "org_1", run: away });
    expect(q.size).toBe(limits.pendingReleasesMax);
    expect(dropped.map((d) => `${d.release.id}:${d.reason}`)).toEqual(["hold_0:full"]);
    q.stop();
  });

  it("tries again by itself every limits.pendingReleaseRetryMs", async () => {
    const q = new PendingReleases(Date.now);
    let up = false;
    q.add({ kind: "lease", id: "lease_t", orgId: "org_1", run: () => (up ? Promise.resolve() : away()) });
    up = true;
    const until = Date.now() + limits.pendingReleaseRetryMs * 3;
    while (q.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(q.size).toBe(0);
    q.stop();
  });

  it("a lease whose release failed is given back before its organization takes a slot again (SPEC rule 6)", async () => {
    let down = false;
    const db: Db = {
      ...t.db,
      kind: t.db.kind,
      query: (sql, params) => (down ? away() : t.db.query(sql, params)),
      transaction: (fn) => t.db.transaction(fn),
    };
    const ctx: StoreContext = { ...manualClock(db), db };
    const orgId = `org_pending_${Date.now()}`;
    const lease = await acquireLease(ctx, { orgId, limit: 1, keyId: null, ttlMs: limits.requestWallMsMax });
    expect(lease.ok).toBe(true);
    if (!lease.ok) return;
    down = true;
    await expect(releaseLease(ctx, lease.leaseId)).rejects.toThrow(StoreUnavailableError);
    const queue = pendingReleases(ctx);
    queue.add({ kind: "lease", id: lease.leaseId, orgId, run: () => releaseLease(ctx, lease.leaseId) });
    down = false;
    // Without the give-back the only slot is still held by the finished request.
    expect((await acquireLease(ctx, { orgId, limit: 1, keyId: null, ttlMs: limits.requestWallMsMax })).ok).toBe(false);
    expect(queue.hasLease(orgId)).toBe(true);
    expect(queue.hasLease("org_other")).toBe(false);
    await queue.drain({ leasesOf: orgId });
    expect(queue.size).toBe(0);
    expect((await acquireLease(ctx, { orgId, limit: 1, keyId: null, ttlMs: limits.requestWallMsMax })).ok).toBe(true);
    queue.stop();
  });
});
