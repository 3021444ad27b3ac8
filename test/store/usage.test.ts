// DECISIONS.md §Ledger and usage: GET /v1/usage/records (limit 1..1000, default 100,
// starting_after) and GET /v1/usage (from, to, group_by endpoint|day), over records written
// by recordUsage. SPEC.md §Errors: every 4xx and 5xx bills 0.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import type { KeyEnv } from "../../src/store/key_format.js";
import { listUsageRecords, parseInstant, recordUsage, usageSummary, type UsageInput, type UsageRecord } from "../../src/store/usage.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";

const ORG = "org_usage_a";
const OTHER_ORG = "org_usage_b";
const SUMMARY_ORG = "org_usage_sum";
const CONVERT = "POST /v1/convert";
const TOC = "POST /v1/toc";

let t: TestDb;
let ctx: ReturnType<typeof manualClock>;
let requestSeq = 0;

beforeAll(async () => {
  t = await freshDb();
  await t.db.query("INSERT INTO orgs (id, email) VALUES ($1, $2), ($3, $4), ($5, $6)", [
    ORG, "a@usage.test", OTHER_ORG, "b@usage.test", SUMMARY_ORG, "s@usage.test",
  ]);
  ctx = manualClock(t.db);
});
afterAll(async () => t?.drop());

function usage(over: Partial<UsageInput> = {}): UsageInput {
  return {
    orgId: ORG, env: "live", requestId: `req_${++requestSeq}`, endpoint: CONVERT, status: 200,
    pagesProcessed: 5, pagesBilled: 4, creditsCharged: 4, keyHint: "svc_sk_live_…a1B2", cache: "miss", computeMs: 120,
    ...over,
  };
}

async function listAll(orgId: string, env: KeyEnv | undefined, limit: number): Promise<UsageRecord[]> {
  const out: UsageRecord[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1_000; page++) {
    const r = await listUsageRecords(ctx, orgId, env, { limit, startingAfter: cursor });
    if (!r.ok) throw new Error(r.message);
    out.push(...r.list.data);
    if (!r.list.has_more) {
      expect(r.list.next_cursor).toBeNull();
      return out;
    }
    expect(r.list.data).toHaveLength(limit);
    cursor = r.list.next_cursor;
  }
  throw new Error("pagination did not end");
}

describe("usage records: wire shape and pagination", () => {
  it("a record comes back in the wire shape, compute and key id kept internal", async () => {
    const { id } = await recordUsage(ctx, usage({ metadata: { order: "42" }, keyId: "key_x", requestId: "req_shape" }));
    const r = await listUsageRecords(ctx, ORG, "live", { limit: 1 });
    expect(r).toEqual({
      ok: true,
      list: {
        object: "list",
        has_more: false,
        next_cursor: null,
        data: [{
          object: "usage_record", id, request_id: "req_shape", created_at: "2026-01-15T12:00:00.000Z", env: "live",
          endpoint: CONVERT, status: 200, error_code: null, pages_processed: 5, pages_billed: 4, credits_charged: 4,
          key_hint: "svc_sk_live_…a1B2", cache: "miss", metadata: { order: "42" },
        }],
      },
    });
  });

  it("pages of any size concatenate to the whole list, oldest first, ties in one millisecond included", async () => {
    for (let i = 0; i < 12; i++) {
      // Every third record shares its millisecond with the previous one.
      if (i % 3 !== 0) ctx.advance(1_000);
      await recordUsage(ctx, usage({ status: i % 4 === 0 ? 422 : 200, errorCode: i % 4 === 0 ? "page_range_invalid" : null, creditsCharged: i % 4 === 0 ? 0 : 4 }));
    }
    const all = await listAll(ORG, "live", limits.usageListLimitMax);
    expect(all).toHaveLength(13);
    const sorted = [...all].sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1));
    expect(all).toEqual(sorted);
    for (const size of [1, 2, 3, 5, 13]) expect(await listAll(ORG, "live", size)).toEqual(all);
  });

  it("default page size is 100; limit outside 1..1000 or not an integer is refused with param limit", async () => {
    expect(limits.usageListLimitDefault).toBe(100);
    for (const limit of [0, -1, limits.usageListLimitMax + 1, 1.5, Number.NaN]) {
      expect(await listUsageRecords(ctx, ORG, "live", { limit })).toMatchObject({ ok: false, code: "invalid_parameter_type", param: "limit" });
    }
    expect((await listUsageRecords(ctx, ORG, "live", { limit: limits.usageListLimitMax })).ok).toBe(true);
  });

  it("starting_after of another organization or environment is refused, not read as the start", async () => {
    const theirs = await recordUsage(ctx, usage({ orgId: OTHER_ORG }));
    const testRecord = await recordUsage(ctx, usage({ env: "test", creditsCharged: 0 }));
    expect(await listUsageRecords(ctx, ORG, "live", { startingAfter: theirs.id })).toMatchObject({ ok: false, param: "starting_after" });
    expect(await listUsageRecords(ctx, ORG, "live", { startingAfter: testRecord.id })).toMatchObject({ ok: false, param: "starting_after" });
    expect(await listUsageRecords(ctx, ORG, "live", { startingAfter: "use_unknown" })).toMatchObject({ ok: false, param: "starting_after" });
  });

  it("lists one organization only; env narrows to one environment, absent lists both", async () => {
    const live = await listAll(ORG, "live", 100);
    const test = await listAll(ORG, "test", 100);
    const both = await listAll(ORG, undefined, 100);
    expect(live.every((r) => r.env === "live")).toBe(true);
    expect(test.length).toBeGreaterThan(0);
    expect(test.every((r) => r.env === "test")).toBe(true);
    expect(both).toHaveLength(live.length + test.length);
    const theirs = await listAll(OTHER_ORG, undefined, 100);
    expect(theirs).toHaveLength(1);
    expect(both.some((r) => r.id === theirs[0].id)).toBe(false);
  });

  it("refuses records that break billing rules (programmer errors upstream)", async () => {
    await expect(recordUsage(ctx, usage({ status: 500, creditsCharged: 3 }))).rejects.toThrow(RangeError);
    await expect(recordUsage(ctx, usage({ pagesBilled: -1 }))).rejects.toThrow(RangeError);
    await expect(recordUsage(ctx, usage({ creditsCharged: 1.5 }))).rejects.toThrow(RangeError);
  });
});

describe("usage summary: GET /v1/usage?from&to&group_by", () => {
  const JAN_15_END = Date.UTC(2026, 0, 15, 23, 59, 59, 999);

  beforeAll(async () => {
    const s = (over: Partial<UsageInput>) => recordUsage(ctx, usage({ orgId: SUMMARY_ORG, ...over }));
    ctx.set(Date.UTC(2026, 0, 15, 9, 0, 0));
    await s({ endpoint: CONVERT, pagesProcessed: 10, pagesBilled: 9, creditsCharged: 9 });
    await s({ endpoint: TOC, pagesProcessed: 0, pagesBilled: 0, creditsCharged: 1 });
    ctx.set(JAN_15_END);
    await s({ endpoint: CONVERT, pagesProcessed: 3, pagesBilled: 3, creditsCharged: 3 });
    ctx.set(JAN_15_END + 1); // 2026-01-16T00:00:00.000Z: the next UTC day
    await s({ endpoint: CONVERT, pagesProcessed: 7, pagesBilled: 7, creditsCharged: 7, cache: "hit" });
    await s({ endpoint: CONVERT, status: 429, errorCode: "rate_limit_pages", pagesProcessed: 0, pagesBilled: 0, creditsCharged: 0 });
    ctx.set(Date.UTC(2026, 0, 17, 8, 0, 0));
    await s({ endpoint: TOC, env: "test", pagesProcessed: 0, pagesBilled: 0, creditsCharged: 0 });
  });

  it("by day: a record one millisecond before UTC midnight and one at midnight fall on different days", async () => {
    const r = await usageSummary(ctx, SUMMARY_ORG, { from: "2026-01-15", to: "2026-01-18", groupBy: "day" });
    expect(r).toEqual({
      ok: true,
      summary: {
        object: "usage_summary", from: "2026-01-15T00:00:00.000Z", to: "2026-01-18T00:00:00.000Z", group_by: "day",
        data: [
          { day: "2026-01-15", requests: 3, pages_processed: 13, pages_billed: 12, credits_charged: 13 },
          { day: "2026-01-16", requests: 2, pages_processed: 7, pages_billed: 7, credits_charged: 7 },
          { day: "2026-01-17", requests: 1, pages_processed: 0, pages_billed: 0, credits_charged: 0 },
        ],
        totals: { requests: 6, pages_processed: 20, pages_billed: 19, credits_charged: 20 },
      },
    });
  });

  it("days are UTC whatever offset from and to are written in", async () => {
    const r = await usageSummary(ctx, SUMMARY_ORG, { from: "2026-01-15T19:00:00-05:00", to: "2026-01-16T01:00:00+00:00", groupBy: "day" });
    if (!r.ok) throw new Error(r.message);
    expect(r.summary.data.map((g) => ("day" in g ? g.day : null))).toEqual(["2026-01-16"]);
  });

  it("by endpoint, in byte order, with env narrowing to one environment", async () => {
    const r = await usageSummary(ctx, SUMMARY_ORG, { from: "2026-01-15", to: "2026-01-18", groupBy: "endpoint", env: "live" });
    if (!r.ok) throw new Error(r.message);
    expect(r.summary.data).toEqual([
      { endpoint: CONVERT, requests: 4, pages_processed: 20, pages_billed: 19, credits_charged: 19 },
      { endpoint: TOC, requests: 1, pages_processed: 0, pages_billed: 0, credits_charged: 1 },
    ]);
  });

  it("from is inclusive and to exclusive", async () => {
    const r = await usageSummary(ctx, SUMMARY_ORG, { from: "2026-01-15T23:59:59.999Z", to: "2026-01-16T00:00:00Z", groupBy: "endpoint" });
    if (!r.ok) throw new Error(r.message);
    expect(r.summary.totals).toEqual({ requests: 1, pages_processed: 3, pages_billed: 3, credits_charged: 3 });
  });

  it("another organization's records never count", async () => {
    const r = await usageSummary(ctx, OTHER_ORG, { from: "2026-01-15", to: "2026-01-18", groupBy: "day" });
    if (!r.ok) throw new Error(r.message);
    expect(r.summary.data.every((g) => "day" in g && g.day === "2026-01-15")).toBe(true);
    expect(r.summary.totals.requests).toBe(1);
  });

  it("refuses to ≤ from, a range over 366 days, dates that do not exist and unknown group_by", async () => {
    const refused = (from: string, to: string, groupBy = "day") => usageSummary(ctx, SUMMARY_ORG, { from, to, groupBy });
    expect(await refused("2026-01-15", "2026-01-15")).toMatchObject({ ok: false, code: "invalid_parameter_type", param: "to" });
    expect(await refused("2026-01-16", "2026-01-15")).toMatchObject({ ok: false, param: "to" });
    expect(await refused("2025-01-01", "2026-01-03")).toMatchObject({ ok: false, param: "to" });
    expect((await refused("2024-01-01", "2025-01-01")).ok).toBe(true); // 366 days, a leap year
    expect(await refused("2026-02-30", "2026-03-05")).toMatchObject({ ok: false, param: "from" });
    expect(await refused("2026-01-01", "yesterday")).toMatchObject({ ok: false, param: "to" });
    expect(await refused("2026-01-01", "2026-01-02", "month")).toMatchObject({ ok: false, param: "group_by" });
  });

  it("parseInstant: dates are UTC midnight; offsets apply; impossible fields are refused", () => {
    expect(parseInstant("2026-01-16")).toBe(Date.UTC(2026, 0, 16));
    expect(parseInstant("2026-01-15T19:00:00-05:00")).toBe(Date.UTC(2026, 0, 16));
    expect(parseInstant("2026-01-16T00:00:00.5Z")).toBe(Date.UTC(2026, 0, 16) + 500);
    for (const bad of ["2026-1-16", "2026-01-16T24:00:00Z", "2026-01-16T10:00:00", "2026-13-01", "2025-02-29", "2026-01-16T10:00:00+24:00"]) {
      expect(parseInstant(bad), bad).toBeNull();
    }
  });
});
