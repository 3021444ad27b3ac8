// DECISIONS.md GET /v1/conversions/{id}: the stored body for 24 hours, 410 result_expired
// after, 404 for another organization's or environment's id (SPEC.md §Authentication rule 8:
// never distinguishable from an unknown id).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { getConversion, purgeConversions, storeConversion } from "../../src/store/conversions.js";
import { newId } from "../../src/store/ids.js";
import type { KeyEnv } from "../../src/store/key_format.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";

const ORG = "org_conv_a";
const OTHER_ORG = "org_conv_b";
const body = (id: string) => JSON.stringify({ id, object: "conversion", markdown: "# été\n", usage: { cache: "miss" } });

let t: TestDb;
let ctx: ReturnType<typeof manualClock>;

beforeAll(async () => {
  t = await freshDb();
  await t.db.query("INSERT INTO orgs (id, email) VALUES ($1, $2), ($3, $4)", [ORG, "a@conv.test", OTHER_ORG, "b@conv.test"]);
  ctx = manualClock(t.db);
});
afterAll(async () => t?.drop());

async function stored(env: KeyEnv = "live"): Promise<string> {
  const id = newId("conv", ctx.now());
  await storeConversion(ctx, { id, orgId: ORG, env, body: body(id) });
  return id;
}

describe("GET /v1/conversions/{id}: 24 hours, then 410", () => {
  it("returns the original body byte for byte within 24 hours", async () => {
    const id = await stored();
    ctx.advance(limits.conversionRetentionMs - 1);
    expect(await getConversion(ctx, { id, orgId: ORG, env: "live" })).toMatchObject({ ok: true, body: body(id) });
  });

  it("answers result_expired at 24 hours, before and after the purge drops the body", async () => {
    const id = await stored();
    ctx.advance(limits.conversionRetentionMs);
    expect(await getConversion(ctx, { id, orgId: ORG, env: "live" })).toEqual({ ok: false, code: "result_expired" });
    const purged = await purgeConversions(ctx);
    expect(purged.tombstoned).toBeGreaterThanOrEqual(1);
    expect(await getConversion(ctx, { id, orgId: ORG, env: "live" })).toEqual({ ok: false, code: "result_expired" });
    const row = await t.db.query<{ body: string | null }>("SELECT body FROM conversions WHERE id = $1", [id]);
    expect(row.rows).toEqual([{ body: null }]);
  });

  it("the tombstone keeps 410 for its retention, then the id is unknown (404)", async () => {
    const id = await stored();
    ctx.advance(limits.conversionRetentionMs + limits.conversionTombstoneRetentionMs - 1);
    await purgeConversions(ctx);
    expect(await getConversion(ctx, { id, orgId: ORG, env: "live" })).toEqual({ ok: false, code: "result_expired" });
    ctx.advance(1);
    const purged = await purgeConversions(ctx);
    expect(purged.deleted).toBeGreaterThanOrEqual(1);
    expect(await getConversion(ctx, { id, orgId: ORG, env: "live" })).toEqual({ ok: false, code: "not_found" });
  });
});

describe("SPEC.md Authentication rule 8: another organization's or environment's id is 404", () => {
  it("an unknown id, another organization's and the other environment's answer the same not_found", async () => {
    const id = await stored("live");
    const unknown = await getConversion(ctx, { id: newId("conv", ctx.now()), orgId: ORG, env: "live" });
    const otherOrg = await getConversion(ctx, { id, orgId: OTHER_ORG, env: "live" });
    const otherEnv = await getConversion(ctx, { id, orgId: ORG, env: "test" });
    expect(unknown).toEqual({ ok: false, code: "not_found" });
    expect(otherOrg).toEqual(unknown);
    expect(otherEnv).toEqual(unknown);
  });

  it("an expired id of another organization is 404, not 410: expiry does not leak existence", async () => {
    const id = await stored("live");
    ctx.advance(limits.conversionRetentionMs);
    expect(await getConversion(ctx, { id, orgId: OTHER_ORG, env: "live" })).toEqual({ ok: false, code: "not_found" });
    expect(await getConversion(ctx, { id, orgId: ORG, env: "test" })).toEqual({ ok: false, code: "not_found" });
    expect(await getConversion(ctx, { id, orgId: ORG, env: "live" })).toEqual({ ok: false, code: "result_expired" });
  });

  it("a test-key conversion is found with the test environment only", async () => {
    const id = await stored("test");
    expect((await getConversion(ctx, { id, orgId: ORG, env: "test" })).ok).toBe(true);
    expect(await getConversion(ctx, { id, orgId: ORG, env: "live" })).toEqual({ ok: false, code: "not_found" });
  });
});

describe("store and purge guards", () => {
  it("refuses an id that is not conv_<base62>, and a duplicate id (programmer errors)", async () => {
    await expect(storeConversion(ctx, { id: "toc_abc", orgId: ORG, env: "live", body: "{}" })).rejects.toThrow(TypeError);
    const id = await stored();
    await expect(storeConversion(ctx, { id, orgId: ORG, env: "live", body: "{}" })).rejects.toThrow();
  });

  it("purges in bounded batches: more than one batch of expired rows all become tombstones", async () => {
    const fresh = await freshDb();
    try {
      const c = manualClock(fresh.db);
      await fresh.db.query("INSERT INTO orgs (id, email) VALUES ($1, $2)", [ORG, "a@conv.test"]);
      const count = limits.purgeBatchRowsMax * 2 + 3;
      const at = new Date(c.now()).toISOString();
      await fresh.db.query(
        `INSERT INTO conversions (id, org_id, env, body, created_at, expires_at)
         SELECT 'conv_' || g, $1, 'live', '{}', $2::timestamptz, $2::timestamptz FROM generate_series(1, $3::int) g`,
        [ORG, at, count],
      );
      const live = newId("conv", c.now());
      c.advance(1);
      await storeConversion(c, { id: live, orgId: ORG, env: "live", body: body(live) });
      expect(await purgeConversions(c)).toEqual({ tombstoned: count, deleted: 0, more: false });
      expect((await getConversion(c, { id: live, orgId: ORG, env: "live" })).ok).toBe(true);
      c.advance(limits.conversionTombstoneRetentionMs);
      expect(await purgeConversions(c)).toEqual({ tombstoned: 1, deleted: count, more: false });
    } finally {
      await fresh.drop();
    }
  });
});
