// The meter catalogue against SPEC.md §Limits (meters table, 429 table) and the header set of
// §Rate-limit mechanics; DECISIONS.md's published defaults on responses with no organization.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { errorEntry } from "../../src/errors/catalogue.js";
import { gcraAdvance, gcraTake } from "../../src/store/gcra.js";
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  meterBurst,
  meterCatalogue,
  meterNames,
  meterParams,
  publishedDefaultHeaders,
  rateLimitHeaderNames,
  rateLimitHeaders,
} from "../../src/store/meters.js";
import { dbKind, freshDb, manualClock, type TestDb } from "../support/db.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const specPath = path.resolve(repoRoot, "../shared/SPEC.md");
const hasSpec = existsSync(specPath);

// The published paid defaults (SPEC.md §Account limits), as the caller passes them.
const PAID = { requests_per_min: 120, pages_per_min: 12_000, concurrency: 4, upload_bytes_per_min: 536_870_912, inspect_per_min: 30, toc_per_min: 60, inspect_sample_pages_per_day: 2_000, unbilled_vcpu_ms_per_hour: 60_000 } as const;
const limitOf = (name: (typeof meterNames)[number]) => {
  const def = meterCatalogue[name];
  return def.fixedLimit ?? PAID[def.limitField as keyof typeof PAID];
};

describe("meter catalogue: SPEC.md §Limits meters table", () => {
  it("each meter denies with its 429 code, a rate_limit_error that is retryable", () => {
    const codes = Object.fromEntries(meterNames.map((n) => [n, meterCatalogue[n].code]));
    expect(codes).toEqual({
      requests: "rate_limit_requests",
      pages: "rate_limit_pages",
      uploads: "rate_limit_uploads",
      inspect: "rate_limit_inspect",
      inspect_sample_pages: "rate_limit_inspect",
      toc: "rate_limit_toc",
      no_value_conversions: "rate_limit_no_value_conversions",
      unbilled_compute: "rate_limit_unbilled_work",
    });
    for (const n of meterNames) expect(errorEntry(meterCatalogue[n].code)).toMatchObject({ status: 429, type: "rate_limit_error", retryable: true });
  });

  it("periods: per minute, per hour (zero-value, unbilled compute), per day (inspect sample pages)", () => {
    expect(meterNames.map((n) => [n, meterCatalogue[n].periodMs])).toEqual([
      ["requests", MINUTE_MS], ["pages", MINUTE_MS], ["uploads", MINUTE_MS], ["inspect", MINUTE_MS],
      ["inspect_sample_pages", DAY_MS], ["toc", MINUTE_MS], ["no_value_conversions", HOUR_MS], ["unbilled_compute", HOUR_MS],
    ]);
    expect(meterCatalogue.no_value_conversions.fixedLimit).toBe(60);
  });

  it("SPEC rules 3-5: requests, uploads, inspect and toc move on admission; pages and after-the-fact meters on settlement", () => {
    const at = Object.fromEntries(meterNames.map((n) => [n, meterCatalogue[n].meteredAt]));
    expect(at).toMatchObject({ requests: "admission", uploads: "admission", inspect: "admission", toc: "admission", pages: "settlement", no_value_conversions: "settlement", unbilled_compute: "settlement" });
  });

  it("SPEC rule 2: requests burst 40 at 120/min; every other burst is limit/3 rounded up, never below one request's largest cost", () => {
    const bursts = Object.fromEntries(meterNames.map((n) => [n, meterBurst(n, limitOf(n))]));
    expect(bursts).toEqual({
      requests: 40,
      pages: 4_000,
      uploads: Math.ceil(536_870_912 / 3),
      inspect: 10,
      inspect_sample_pages: 667,
      toc: 20,
      no_value_conversions: 20,
      unbilled_compute: limits.documentWallMsMax, // 20,000 would be below one request's 45 s of CPU
    });
    // Lowered limits keep the floor: a 300 pages/min key still admits a 200-page request's worth.
    expect(meterBurst("pages", 300)).toBe(limits.selectedPagesMax);
    expect(meterBurst("uploads", 1024)).toBe(limits.uploadBytesMax);
    expect(meterBurst("requests", 1)).toBe(1);
    for (const n of meterNames) expect(meterBurst(n, 1)).toBeGreaterThanOrEqual(meterCatalogue[n].requestCostMax);
  });

  it("a key's sub-limit gets its own state beside the organization's", () => {
    expect(meterParams("requests", "org_1", 60).meter).toBe("requests");
    expect(meterParams("requests", "org_1", 30, "key_1")).toMatchObject({ meter: "requests:key_1", burst: 10, periodMs: MINUTE_MS });
  });
});

describe("x-ratelimit-* headers: SPEC.md §Rate-limit mechanics", () => {
  it.skipIf(!hasSpec)("the set is exactly SPEC's list", () => {
    const spec = readFileSync(specPath, "utf8");
    const line = spec.split("\n").find((l) => l.startsWith("Response headers on every response:"));
    const named = [...(line ?? "").matchAll(/`(x-ratelimit-[a-z-]+)`/g)].map((m) => m[1]);
    expect(named.length).toBe(9);
    expect([...rateLimitHeaderNames].sort()).toEqual(named.sort());
  });

  it("DECISIONS.md: no organization → the published defaults, nothing consumed, replenished now", () => {
    const now = Date.UTC(2026, 0, 15, 12, 0, 0);
    expect(publishedDefaultHeaders(PAID, now)).toEqual({
      "x-ratelimit-limit-requests": "120",
      "x-ratelimit-remaining-requests": "40",
      "x-ratelimit-reset-requests": "2026-01-15T12:00:00.000Z",
      "x-ratelimit-limit-pages": "12000",
      "x-ratelimit-remaining-pages": "4000",
      "x-ratelimit-reset-pages": "2026-01-15T12:00:00.000Z",
      "x-ratelimit-limit-concurrency": "4",
      "x-ratelimit-remaining-concurrency": "4",
      "x-ratelimit-scope": "org",
    });
  });
});

describe(`headers from live meters (${dbKind})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await freshDb();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("after one admitted request that settled 12 pages, with one lease held of 4", async () => {
    const clock = manualClock(t.db);
    const t0 = clock.now();
    const requests = await gcraTake(clock, { ...meterParams("requests", "org_h", 120), cost: 1 });
    clock.advance(1_000);
    const pages = await gcraAdvance(clock, { ...meterParams("pages", "org_h", 12_000), cost: 12 });
    const headers = rateLimitHeaders({ requests, pages, concurrency: { limit: 4, remaining: 3 } });
    expect(headers).toEqual({
      "x-ratelimit-limit-requests": "120",
      "x-ratelimit-remaining-requests": "39",
      "x-ratelimit-reset-requests": new Date(t0 + 500).toISOString(),
      "x-ratelimit-limit-pages": "12000",
      "x-ratelimit-remaining-pages": "3988",
      "x-ratelimit-reset-pages": new Date(t0 + 1_000 + 12 * 5).toISOString(),
      "x-ratelimit-limit-concurrency": "4",
      "x-ratelimit-remaining-concurrency": "3",
      "x-ratelimit-scope": "org",
    });
  });
});
