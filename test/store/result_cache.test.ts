// DECISIONS.md result cache: keyed by organization, environment, PDF SHA-256, canonical
// options and pinned engine; never shared across organizations (nor environments); no cache
// when a password is given; SPEC.md §Limits: 24-hour TTL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { ENGINE_ALIAS, ENGINE_VERSION } from "../../src/engine/version.js";
import { sha256Hex } from "../../src/store/canonical.js";
import { storeConversion } from "../../src/store/conversions.js";
import { newId } from "../../src/store/ids.js";
import { cacheKey, lookupCache, purgeResultCache, storeCache, type CacheKeyInput } from "../../src/store/result_cache.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";

const ORG = "org_cache_a";
const OTHER_ORG = "org_cache_b";
const PDF = sha256Hex("the pdf");

let t: TestDb;
let ctx: ReturnType<typeof manualClock>;

beforeAll(async () => {
  t = await freshDb();
  await t.db.query("INSERT INTO orgs (id, email) VALUES ($1, $2), ($3, $4)", [ORG, "a@cache.test", OTHER_ORG, "b@cache.test"]);
  ctx = manualClock(t.db);
});
afterAll(async () => t?.drop());

const input = (over: Partial<CacheKeyInput> = {}): CacheKeyInput => ({
  orgId: ORG,
  env: "live",
  pdfSha256: PDF,
  canonicalOptions: { pages: "1-3", normalize: { unicode: "nfc", dehyphenate: false } },
  pinnedEngine: ENGINE_VERSION,
  passwordGiven: false,
  ...over,
});

function keyOf(over: Partial<CacheKeyInput> = {}): string {
  const k = cacheKey(input(over));
  if (k === null) throw new Error("expected a cache key");
  return k;
}

/** A conversion stored and cached the way the API does on a miss. */
async function convertAndCache(over: Partial<CacheKeyInput> = {}): Promise<{ id: string; body: string; key: string }> {
  const i = input(over);
  const id = newId("conv", ctx.now());
  const body = JSON.stringify({ id, object: "conversion", usage: { cache: "miss" } });
  await storeConversion(ctx, { id, orgId: i.orgId, env: i.env, body });
  const key = keyOf(over);
  await storeCache(ctx, { orgId: i.orgId, env: i.env, cacheKey: key, conversionId: id });
  return { id, body, key };
}

describe("cache key", () => {
  it("no cache when a password was given", () => {
    expect(cacheKey(input({ passwordGiven: true }))).toBeNull();
  });

  it("option key order is irrelevant; every other part changes the key", () => {
    const k = keyOf();
    expect(keyOf({ canonicalOptions: { normalize: { dehyphenate: false, unicode: "nfc" }, pages: "1-3" } })).toBe(k);
    expect(keyOf({ orgId: OTHER_ORG })).not.toBe(k);
    expect(keyOf({ env: "test" })).not.toBe(k);
    expect(keyOf({ pdfSha256: sha256Hex("another pdf") })).not.toBe(k);
    expect(keyOf({ canonicalOptions: { pages: "1-4" } })).not.toBe(k);
    expect(keyOf({ pinnedEngine: "svc-md-1.0.1" })).not.toBe(k);
  });

  it("refuses the floating alias: only a pinned engine makes a result reusable", () => {
    expect(() => cacheKey(input({ pinnedEngine: ENGINE_ALIAS }))).toThrow(TypeError);
  });

  it("the TTL fits inside the stored conversion's retention, so a hit always has its body", () => {
    expect(limits.resultCacheTtlMs).toBeLessThanOrEqual(limits.conversionRetentionMs);
  });
});

describe("SPEC.md behaviour rule 4: results are cached for 24 hours", () => {
  it("a second identical request within 24 hours hits, with the stored conversion's id and body", async () => {
    const first = await convertAndCache();
    ctx.advance(limits.resultCacheTtlMs - 1);
    expect(await lookupCache(ctx, { orgId: ORG, env: "live", cacheKey: first.key })).toEqual({ hit: true, conversionId: first.id, body: first.body });
  });

  it("at 24 hours the entry is stale: miss", async () => {
    const first = await convertAndCache({ canonicalOptions: { pages: "9" } });
    ctx.advance(limits.resultCacheTtlMs);
    expect(await lookupCache(ctx, { orgId: ORG, env: "live", cacheKey: first.key })).toEqual({ hit: false });
  });

  it("a newer conversion of the same key replaces the entry and restarts its 24 hours", async () => {
    const over = { canonicalOptions: { pages: "7" } };
    await convertAndCache(over);
    ctx.advance(12 * 60 * 60 * 1000);
    const second = await convertAndCache(over);
    ctx.advance(limits.resultCacheTtlMs - 1);
    expect(await lookupCache(ctx, { orgId: ORG, env: "live", cacheKey: second.key })).toMatchObject({ hit: true, conversionId: second.id });
  });

  it("an entry never outlives its conversion, even when its own row says otherwise", async () => {
    const first = await convertAndCache({ canonicalOptions: { pages: "8" } });
    await t.db.query("UPDATE result_cache SET expires_at = expires_at + interval '10 days' WHERE conversion_id = $1", [first.id]);
    ctx.advance(limits.conversionRetentionMs);
    expect(await lookupCache(ctx, { orgId: ORG, env: "live", cacheKey: first.key })).toEqual({ hit: false });
  });
});

describe("DECISIONS.md: never shared across organizations or environments", () => {
  it("another organization converting the same PDF with the same options misses", async () => {
    const first = await convertAndCache({ canonicalOptions: { pages: "2" } });
    expect(await lookupCache(ctx, { orgId: OTHER_ORG, env: "live", cacheKey: keyOf({ orgId: OTHER_ORG, canonicalOptions: { pages: "2" } }) })).toEqual({ hit: false });
    // Even presenting the first organization's key value finds nothing outside it.
    expect(await lookupCache(ctx, { orgId: OTHER_ORG, env: "live", cacheKey: first.key })).toEqual({ hit: false });
  });

  it("the other environment of the same organization misses", async () => {
    const first = await convertAndCache({ canonicalOptions: { pages: "3" } });
    expect(await lookupCache(ctx, { orgId: ORG, env: "test", cacheKey: keyOf({ env: "test", canonicalOptions: { pages: "3" } }) })).toEqual({ hit: false });
    expect(await lookupCache(ctx, { orgId: ORG, env: "test", cacheKey: first.key })).toEqual({ hit: false });
  });

  it("an entry cannot point at another organization's or environment's conversion", async () => {
    const mine = await convertAndCache({ canonicalOptions: { pages: "4" } });
    const k = keyOf({ orgId: OTHER_ORG, canonicalOptions: { pages: "4" } });
    await expect(storeCache(ctx, { orgId: OTHER_ORG, env: "live", cacheKey: k, conversionId: mine.id })).rejects.toThrow();
    await expect(storeCache(ctx, { orgId: ORG, env: "test", cacheKey: k, conversionId: mine.id })).rejects.toThrow();
  });
});

describe("purge", () => {
  it("deletes expired entries only", async () => {
    const fresh = await convertAndCache({ canonicalOptions: { pages: "5" } });
    const before = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM result_cache");
    const stale = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM result_cache WHERE expires_at <= $1::timestamptz", [new Date(ctx.now()).toISOString()]);
    const r = await purgeResultCache(ctx);
    expect(r).toEqual({ deleted: stale.rows[0].n, more: false });
    const after = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM result_cache");
    expect(after.rows[0].n).toBe(before.rows[0].n - stale.rows[0].n);
    expect((await lookupCache(ctx, { orgId: ORG, env: "live", cacheKey: fresh.key })).hit).toBe(true);
  });
});
