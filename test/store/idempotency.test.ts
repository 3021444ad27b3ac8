// SPEC.md §States and transitions, "Idempotency record", row by row, on PGlite and (with
// DATABASE_URL) PostgreSQL. Concurrency lives in idempotency_concurrency.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { requestFingerprint, sha256Hex } from "../../src/store/canonical.js";
import type { KeyEnv } from "../../src/store/key_format.js";
import {
  abandonIdempotencyKey,
  claimIdempotencyKey,
  completeIdempotencyKey,
  idempotencyDisposition,
  idempotencyLeaseMs,
  purgeIdempotency,
} from "../../src/store/idempotency.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";

const HOUR_MS = 60 * 60 * 1000;
const ORG = "org_idem_a";
const OTHER_ORG = "org_idem_b";

const fingerprint = (pages: string, env: KeyEnv = "live") =>
  requestFingerprint({ endpoint: "POST /v1/convert", canonicalOptions: { pages }, pdfSha256: sha256Hex("pdf"), env });
const FP = fingerprint("1-5");
const FP_OTHER_BODY = fingerprint("1-6");

const RESPONSE = { status: 200, headers: { "content-type": "application/json", "x-credits-charged": "5" }, body: '{"id":"conv_1","object":"conversion"}' };

let t: TestDb;
let ctx: ReturnType<typeof manualClock>;
let seq = 0;
let key = "";

beforeAll(async () => {
  t = await freshDb();
  await t.db.query("INSERT INTO orgs (id, email) VALUES ($1, $2), ($3, $4)", [ORG, "a@idem.test", OTHER_ORG, "b@idem.test"]);
  ctx = manualClock(t.db);
});
afterAll(async () => t?.drop());
beforeEach(() => {
  key = `key-${++seq}`;
});

async function claimed(orgId = ORG, fp = FP): Promise<string> {
  const r = await claimIdempotencyKey(ctx, { orgId, key, fingerprint: fp });
  if (r.state !== "claimed") throw new Error(`expected claimed, got ${r.state}`);
  return r.claimId;
}

describe("SPEC.md idempotency record: none → in progress → completed", () => {
  it("none → in progress: the first POST with a key claims it", async () => {
    await claimed();
    const row = await t.db.query<{ state: string }>("SELECT state FROM idempotency_keys WHERE org_id = $1 AND key = $2", [ORG, key]);
    expect(row.rows).toEqual([{ state: "in_progress" }]);
  });

  it("in progress, second request with the same key → in_progress at once with Retry-After 1 s", async () => {
    await claimed();
    const started = Date.now();
    const second = await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP });
    expect(second).toEqual({ state: "in_progress", retryAfterMs: 1_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("in progress, second request with a different body → conflict", async () => {
    await claimed();
    expect(await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP_OTHER_BODY })).toEqual({ state: "conflict" });
  });

  it("completed, replay of the same request within 25 h → the stored response", async () => {
    const claimId = await claimed();
    expect(await completeIdempotencyKey(ctx, { orgId: ORG, key, claimId, ...RESPONSE })).toEqual({ ok: true });
    ctx.advance(limits.idempotencyWindowMs - 1);
    expect(await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP })).toEqual({ state: "replay", ...RESPONSE });
  });

  it("completed, same key with a different request body within 25 h → conflict", async () => {
    const claimId = await claimed();
    await completeIdempotencyKey(ctx, { orgId: ORG, key, claimId, ...RESPONSE });
    ctx.advance(24 * HOUR_MS);
    expect(await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP_OTHER_BODY })).toEqual({ state: "conflict" });
  });

  it("completed, same key from the other environment → conflict (env is part of the request)", async () => {
    const claimId = await claimed();
    await completeIdempotencyKey(ctx, { orgId: ORG, key, claimId, ...RESPONSE });
    expect(await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: fingerprint("1-5", "test") })).toEqual({ state: "conflict" });
  });

  it("completed, 25 h elapsed → record gone: the key is claimable again, by any request", async () => {
    const claimId = await claimed();
    await completeIdempotencyKey(ctx, { orgId: ORG, key, claimId, ...RESPONSE });
    ctx.advance(limits.idempotencyWindowMs);
    const again = await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP_OTHER_BODY });
    if (again.state !== "claimed") throw new Error(again.state);
    const second = { ...RESPONSE, body: '{"id":"conv_2","object":"conversion"}' };
    await completeIdempotencyKey(ctx, { orgId: ORG, key, claimId: again.claimId, ...second });
    // The new record runs its own 25 hours from the new claim, and replays the new response.
    ctx.advance(limits.idempotencyWindowMs - 1);
    expect(await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP_OTHER_BODY })).toEqual({ state: "replay", ...second });
  });

  it("a replayed non-JSON body (Accept: text/markdown) comes back byte for byte", async () => {
    const claimId = await claimed();
    const markdown = { status: 200, headers: { "content-type": "text/markdown; charset=utf-8" }, body: "# Title\n\nété — 😀\n" };
    await completeIdempotencyKey(ctx, { orgId: ORG, key, claimId, ...markdown });
    expect(await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP })).toEqual({ state: "replay", ...markdown });
  });
});

describe("in-progress lease: a request that died does not hold its key for 25 hours", () => {
  it("the lease is the wall clock plus a grace, far inside the 25-hour window", () => {
    expect(idempotencyLeaseMs()).toBe(limits.requestWallMsMax + limits.idempotencyLeaseGraceMs);
    expect(idempotencyLeaseMs()).toBeLessThan(limits.idempotencyWindowMs);
  });

  it("before the lease passes the key stays in progress; after it, the key is reclaimed", async () => {
    const first = await claimed();
    ctx.advance(idempotencyLeaseMs() - 1);
    expect((await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP })).state).toBe("in_progress");
    ctx.advance(1);
    const second = await claimed();
    expect(second).not.toBe(first);
  });

  it("issue 12 item 4: a claim whose instance's heartbeat is stale is taken over within the hold sweep's window, long before its lease", async () => {
    const dead = { ...ctx, instanceId: `inst_dead_${key}` };
    await t.db.query("INSERT INTO instances (id, started_at, heartbeat_at) VALUES ($1, $2, $2)", [dead.instanceId, new Date(ctx.now()).toISOString()]);
    const first = await claimIdempotencyKey(dead, { orgId: ORG, key, fingerprint: FP });
    expect(first.state).toBe("claimed");
    // The holder is alive: in progress.
    expect((await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP })).state).toBe("in_progress");
    // Its heartbeat stops: after the stale window (seconds, the hold sweep's), the key is taken over.
    ctx.advance(limits.instanceHeartbeatStaleMs + 1);
    expect(limits.instanceHeartbeatStaleMs).toBeLessThan(idempotencyLeaseMs());
    expect((await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP })).state).toBe("claimed");
  });

  it("a stale lease is reclaimed whatever the fingerprint, as an abandoned record would be", async () => {
    await claimed();
    ctx.advance(idempotencyLeaseMs());
    expect((await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP_OTHER_BODY })).state).toBe("claimed");
  });

  it("the request that lost its lease can neither complete nor abandon the new claim", async () => {
    const stale = await claimed();
    ctx.advance(idempotencyLeaseMs());
    const fresh = await claimed();
    expect(await completeIdempotencyKey(ctx, { orgId: ORG, key, claimId: stale, ...RESPONSE })).toEqual({ ok: false, code: "claim_lost" });
    expect(await abandonIdempotencyKey(ctx, { orgId: ORG, key, claimId: stale })).toEqual({ ok: false, code: "claim_lost" });
    expect(await completeIdempotencyKey(ctx, { orgId: ORG, key, claimId: fresh, ...RESPONSE })).toEqual({ ok: true });
  });

  it("a completed record has no lease: it replays long after the lease would have passed", async () => {
    const claimId = await claimed();
    await completeIdempotencyKey(ctx, { orgId: ORG, key, claimId, ...RESPONSE });
    ctx.advance(2 * HOUR_MS);
    expect((await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP })).state).toBe("replay");
  });
});

describe("abandon: responses that must not be replayed free the key at once", () => {
  it("an abandoned key is claimable immediately, by any request", async () => {
    const claimId = await claimed();
    expect(await abandonIdempotencyKey(ctx, { orgId: ORG, key, claimId })).toEqual({ ok: true });
    expect((await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP_OTHER_BODY })).state).toBe("claimed");
  });

  it("a completed record cannot be abandoned or completed twice", async () => {
    const claimId = await claimed();
    await completeIdempotencyKey(ctx, { orgId: ORG, key, claimId, ...RESPONSE });
    expect(await abandonIdempotencyKey(ctx, { orgId: ORG, key, claimId })).toEqual({ ok: false, code: "claim_lost" });
    expect(await completeIdempotencyKey(ctx, { orgId: ORG, key, claimId, ...RESPONSE, body: "{}" })).toEqual({ ok: false, code: "claim_lost" });
    expect(await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP })).toEqual({ state: "replay", ...RESPONSE });
  });

  it("stores 200 and errors the request determines; abandons retryable and account-state outcomes", () => {
    const store: Array<[number, Parameters<typeof idempotencyDisposition>[1]]> = [
      [200, null], [422, "page_range_invalid"], [422, "pdf_encrypted"], [422, "document_has_no_text_layer"],
      [413, "too_many_pages"], [404, "engine_not_found"], [403, "pdf_extraction_not_permitted"], [422, "option_conflict"],
    ];
    const abandon: Array<[number, Parameters<typeof idempotencyDisposition>[1]]> = [
      [429, "rate_limit_requests"], [429, "rate_limit_concurrency"], [503, "overloaded"], [500, "internal_error"],
      [504, "conversion_timeout"], [409, "idempotency_in_progress"], [402, "insufficient_credits"],
      [402, "account_delinquent"], [403, "account_suspended"], [403, "debug_not_permitted"], [422, "feature_not_enabled"],
      [502, null], [400, null],
    ];
    for (const [status, code] of store) expect(idempotencyDisposition(status, code), `${status} ${code}`).toBe("complete");
    for (const [status, code] of abandon) expect(idempotencyDisposition(status, code), `${status} ${code}`).toBe("abandon");
  });
});

describe("SPEC.md Authentication rule 10: records are scoped to the organization", () => {
  it("the same key in two organizations is two independent records", async () => {
    const a = await claimed(ORG, FP);
    expect((await claimIdempotencyKey(ctx, { orgId: OTHER_ORG, key, fingerprint: FP_OTHER_BODY })).state).toBe("claimed");
    await completeIdempotencyKey(ctx, { orgId: ORG, key, claimId: a, ...RESPONSE });
    expect((await claimIdempotencyKey(ctx, { orgId: ORG, key, fingerprint: FP })).state).toBe("replay");
    expect((await claimIdempotencyKey(ctx, { orgId: OTHER_ORG, key, fingerprint: FP_OTHER_BODY })).state).toBe("in_progress");
  });

  it("an organization cannot complete another organization's claim", async () => {
    const a = await claimed(ORG, FP);
    expect(await completeIdempotencyKey(ctx, { orgId: OTHER_ORG, key, claimId: a, ...RESPONSE })).toEqual({ ok: false, code: "claim_lost" });
  });
});

describe("purge: records past 25 hours are deleted in bounded batches", () => {
  it("deletes expired records only; an invalid key is refused by the code and by the table", async () => {
    const fresh = await freshDb();
    try {
      const c = manualClock(fresh.db);
      await fresh.db.query("INSERT INTO orgs (id, email) VALUES ($1, $2)", [ORG, "a@idem.test"]);
      const count = limits.purgeBatchRowsMax + 7;
      await fresh.db.query(
        `INSERT INTO idempotency_keys (org_id, key, fingerprint, claim_id, state, lease_until, created_at, expires_at)
         SELECT $1, 'old-' || g, $2, 'c', 'in_progress', $3::timestamptz, $3::timestamptz, $3::timestamptz
           FROM generate_series(1, $4::int) g`,
        [ORG, FP, new Date(c.now()).toISOString(), count],
      );
      c.advance(1);
      const keep = await claimIdempotencyKey(c, { orgId: ORG, key: "keep", fingerprint: FP });
      expect(keep.state).toBe("claimed");
      expect(await purgeIdempotency(c)).toEqual({ deleted: count, more: false });
      const left = await fresh.db.query<{ key: string }>("SELECT key FROM idempotency_keys");
      expect(left.rows).toEqual([{ key: "keep" }]);
      // Key validity is checked on the write path in code and again by the table itself.
      const tooLong = "k".repeat(limits.idempotencyKeyCharsMax + 1);
      await expect(claimIdempotencyKey(c, { orgId: ORG, key: tooLong, fingerprint: FP })).rejects.toThrow(TypeError);
      await expect(claimIdempotencyKey(c, { orgId: ORG, key: "caf\u00e9", fingerprint: FP })).rejects.toThrow(TypeError);
      await expect(
        fresh.db.query(
          `INSERT INTO idempotency_keys (org_id, key, fingerprint, claim_id, state, lease_until, created_at, expires_at)
           VALUES ($1, $2, $3, 'c', 'in_progress', now(), now(), now())`,
          [ORG, tooLong, FP],
        ),
      ).rejects.toThrow();
    } finally {
      await fresh.drop();
    }
  });
});
