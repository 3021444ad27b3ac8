// The read endpoints and the common response rules (SPEC.md §Endpoints, §Errors, §Resources;
// DECISIONS.md §Ledger and usage, §Endpoints the release does not enable), through the real
// app over a fresh database: GET /v1/account, /v1/credits/ledger, /v1/usage,
// /v1/usage/records, /v1/conversions/{id}, the disabled routes, openapi, health, metrics.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paidLimitDefaults } from "../../src/store/account_limits.js";
import { createKey } from "../../src/store/keys.js";
import { grantGoodwill } from "../../src/store/lots.js";
import { settlePurchase } from "../../src/store/payments.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { bearer, expectCommonHeaders, expectEnvelope, fixturePdf, pdfHeaders } from "../support/api_checks.js";

let api: TestApi;
/** The store's clock runs `skewMs` ahead of real time (24-hour retention without waiting). */
let skewMs = 0;
beforeAll(async () => {
  api = await startTestApi({ now: () => Date.now() + skewMs });
});
afterAll(async () => {
  await api.close();
});

const headings = fixturePdf("headings.pdf");
const blankMiddle = fixturePdf("blank-middle-page.pdf"); // 3 pages, page 2 has no text layer

function convert(key: string, payload: Buffer = blankMiddle, url = "/v1/convert") {
  return api.app.inject({ method: "POST", url, headers: pdfHeaders(key), payload });
}

function get(key: string | null, url: string) {
  return api.app.inject({ method: "GET", url, headers: key === null ? {} : bearer(key) });
}

// ---------------------------------------------------------------------------------------------
// SPEC.md §Endpoints, common rules
// ---------------------------------------------------------------------------------------------

describe("SPEC Endpoints common rules: x-request-id and the x-ratelimit-* set on every response", () => {
  it("on 200, 4xx (400, 401, 402, 403, 404, 405, 406, 413, 415, 422) and 5xx (500, 503), each non-2xx an envelope", async () => {
    const { key } = await api.account({ credits: 1 });
    const testKey = await api.account({ env: "test" });
    const fenced = await api.account({ ipAllow: ["192.0.2.0/24"] });
    const cases: Array<{ status: number; res: Awaited<ReturnType<typeof get>> }> = [
      { status: 200, res: await get(key, "/v1/account") },
      { status: 200, res: await convert(key, headings, "/v1/convert?pages=1") },
      { status: 400, res: await get(key, "/v1/credits/ledger?limit=0") },
      { status: 401, res: await get(null, "/v1/account") },
      { status: 402, res: await convert(key) },
      { status: 403, res: await get(fenced.key, "/v1/account") },
      { status: 404, res: await get(key, "/v1/nowhere") },
      { status: 404, res: await get(key, "/v1/conversions/conv_unknown") },
      { status: 405, res: await api.app.inject({ method: "DELETE", url: "/v1/account", headers: bearer(key) }) },
      { status: 406, res: await api.app.inject({ method: "POST", url: "/v1/convert", headers: pdfHeaders(key, { accept: "image/png" }), payload: headings }) },
      { status: 413, res: await api.app.inject({ method: "POST", url: "/v1/convert", headers: pdfHeaders(testKey.key, { "x-svc-simulate": "file_too_large" }), payload: headings }) },
      { status: 415, res: await api.app.inject({ method: "POST", url: "/v1/convert", headers: { ...bearer(key), "content-type": "text/plain" }, payload: "hello" }) },
      { status: 422, res: await api.app.inject({ method: "POST", url: "/v1/inspect", headers: pdfHeaders(key), payload: headings }) },
      { status: 500, res: await api.app.inject({ method: "POST", url: "/v1/convert", headers: pdfHeaders(testKey.key, { "x-svc-simulate": "internal_error" }), payload: headings }) },
      { status: 503, res: await api.app.inject({ method: "POST", url: "/v1/convert", headers: pdfHeaders(testKey.key, { "x-svc-simulate": "overloaded" }), payload: headings }) },
    ];
    for (const { status, res } of cases) {
      expect(res.statusCode, `${status}: ${res.body.slice(0, 300)}`).toBe(status);
      expectCommonHeaders(res.headers, String(status));
      if (status >= 300) {
        expect(res.body.trimStart().startsWith("<")).toBe(false);
        expectEnvelope(res);
      }
      // retry-after appears on 429 and 503 only (SPEC §Rate-limit mechanics).
      if (status === 503) expect(res.headers["retry-after"]).toMatch(/^\d+$/);
      else expect(res.headers["retry-after"]).toBeUndefined();
    }
  });

  it("404 unknown_endpoint and 405 method_not_allowed with Allow, as envelopes with the full header set", async () => {
    const { key } = await api.account();
    const unknown = await get(key, "/v1/convertx");
    expect(unknown.statusCode).toBe(404);
    expectCommonHeaders(unknown.headers);
    expect(expectEnvelope(unknown, "unknown_endpoint").type).toBe("not_found_error");
    for (const [method, url, allow] of [["GET", "/v1/convert", /POST/], ["PUT", "/v1/account", /GET/], ["GET", "/v1/inspect", /POST/], ["GET", "/v1/files", /POST/], ["POST", "/v1/credits/ledger", /GET/]] as const) {
      const res = await api.app.inject({ method, url, headers: bearer(key) });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(String(res.headers.allow)).toMatch(allow);
      expectCommonHeaders(res.headers, url);
      expect(expectEnvelope(res, "method_not_allowed").type).toBe("invalid_request_error");
    }
  });

  it("SPEC Errors message rules: a 1,000-character unknown query parameter is quoted capped at 128, no control characters", async () => {
    const { key } = await api.account({ credits: 1000 });
    const name = "\u0001\u001b[31m" + "q".repeat(1_000);
    const query = `?${encodeURIComponent(name)}=1`;
    const responses = [
      await get(key, `/v1/account${query}`),
      await get(key, `/v1/credits/ledger${query}`),
      await get(key, `/v1/usage${query}`),
      await get(key, `/v1/usage/records${query}`),
      await get(key, `/v1/conversions/conv_abc${query}`),
      await convert(key, headings, `/v1/convert${query}`),
    ];
    for (const res of responses) {
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      const e = expectEnvelope(res, "unknown_parameter");
      expect(e.param).not.toBeNull();
      expect([...e.param!].length).toBeLessThanOrEqual(128);
      expect(e.param).not.toMatch(/[\u0000-\u001f\u007f]/);
      expect(e.message).not.toMatch(/[\u0000-\u001f\u007f]/);
      expect(e.message).not.toContain("q".repeat(129));
      expect(e.message.length).toBeLessThan(128 + 400);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v1/account
// ---------------------------------------------------------------------------------------------

const accountFields = [
  "object", "account_id", "status", "env", "credit_balance", "credits_held", "debt_credits", "credit_unit",
  "lifetime_credits_charged", "trust_tier", "rate_card_version", "test_pages_used", "test_pages_limit", "limits",
];

describe("SPEC GET /v1/account: an Account object, free", () => {
  it("every SPEC field, the paid-default limits, env = the caller's key environment", async () => {
    const { key, orgId } = await api.account({ credits: 500 });
    const res = await get(key, "/v1/account");
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers);
    const a = res.json();
    expect(Object.keys(a).sort()).toEqual([...accountFields].sort());
    expect(a).toEqual({
      object: "account",
      account_id: orgId,
      status: "active",
      env: "live",
      credit_balance: 500,
      credits_held: 0,
      debt_credits: 0,
      credit_unit: "page",
      lifetime_credits_charged: 0,
      trust_tier: 0,
      rate_card_version: 1,
      test_pages_used: 0,
      test_pages_limit: 5_000,
      limits: { ...paidLimitDefaults },
    });
    expect(a.limits).toEqual({
      requests_per_min: 120, pages_per_min: 12_000, concurrency: 4, upload_bytes_per_min: 536_870_912,
      inspect_per_min: 30, toc_per_min: 60, inspect_sample_pages_per_day: 2_000, unbilled_vcpu_ms_per_hour: 60_000,
      burn_cap_credits_per_day: 0, max_upload_bytes: 33_554_432, max_selected_pages: 200,
    });
    for (const field of accountFields) if (field !== "limits" && typeof a[field] === "number") expect(Number.isInteger(a[field])).toBe(true);
  });

  it("moves with conversions: balance, lifetime_credits_charged; test-key pages in test_pages_used; env test", async () => {
    const { key, orgId } = await api.account({ credits: 500 });
    const testKey = await createKey(api.store, { orgId, name: "test", env: "test" });
    if (!testKey.ok) throw new Error(testKey.message);
    expect((await convert(key)).statusCode).toBe(200); // 3 pages, 2 billed
    expect((await convert(testKey.key, blankMiddle, "/v1/convert?pages=1-3")).statusCode).toBe(200); // 3 test pages
    const live = (await get(key, "/v1/account")).json();
    expect(live).toMatchObject({ env: "live", credit_balance: 498, credits_held: 0, lifetime_credits_charged: 2, test_pages_used: 3 });
    const test = (await get(testKey.key, "/v1/account")).json();
    expect(test).toMatchObject({ env: "test", account_id: orgId, credit_balance: 498, test_pages_used: 3, test_pages_limit: 5_000 });
  });

  it("SPEC Trust tier: 0 before any settled payment, 1 after the first settles", async () => {
    const { key, orgId } = await api.account();
    expect((await get(key, "/v1/account")).json().trust_tier).toBe(0);
    await settlePurchase(api.store, { orgId, packUsd: 25, currency: "usd", processor: "sandbox", processorRef: `pay_${orgId}`, eventId: `evt_${orgId}` });
    expect((await get(key, "/v1/account")).json()).toMatchObject({ trust_tier: 1, credit_balance: 50_000 });
  });

  it("bills nothing: the balance is untouched by reads", async () => {
    const { key } = await api.account({ credits: 7 });
    for (let i = 0; i < 3; i++) expect((await get(key, "/v1/account")).json().credit_balance).toBe(7);
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v1/credits/ledger
// ---------------------------------------------------------------------------------------------

/** DECISIONS.md: JSON with keys sorted at every depth, no whitespace. Written independently of src. */
function sortedJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])]));
    }
    return v;
  };
  return JSON.stringify(sort(value));
}

interface WireEntry {
  id: string;
  seq: number;
  kind: string;
  credits: number;
  balance_after: number;
  debt_after: number;
  reference: string | null;
  request_id: string | null;
  prev_hash: string;
  entry_hash: string;
  [k: string]: unknown;
}

/** Recomputes every entry_hash and the prev_hash chain (DECISIONS.md §Ledger and usage). */
function verifyChain(entries: WireEntry[], startPrev = "0".repeat(64)): void {
  let prev = startPrev;
  for (const e of entries) {
    const { entry_hash, ...rest } = e;
    expect(e.prev_hash, `prev_hash of seq ${e.seq}`).toBe(prev);
    const h = createHash("sha256").update(`${e.prev_hash}\n${sortedJson(rest)}`, "utf8").digest("hex");
    expect(h, `entry_hash of seq ${e.seq}`).toBe(entry_hash);
    prev = entry_hash;
  }
}

const entryFields = ["object", "id", "seq", "created_at", "kind", "credits", "balance_after", "debt_after", "rate_card_version", "reference", "request_id", "prev_hash", "entry_hash"];

describe("DECISIONS GET /v1/credits/ledger: list, paging, hash chain", () => {
  it("entries carry the DECISIONS fields; every entry_hash recomputes; prev_hash chains from 64 zeros; sum = balance", async () => {
    const { key, orgId } = await api.account({ credits: 300 });
    await grantGoodwill(api.store, orgId, 50);
    const conv = await convert(key);
    expect(conv.statusCode).toBe(200);
    const res = await get(key, "/v1/credits/ledger");
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers);
    const list = res.json() as { object: string; data: WireEntry[]; has_more: boolean; next_cursor: string | null };
    expect(list).toMatchObject({ object: "list", has_more: false, next_cursor: null });
    expect(list.data.map((e) => e.kind)).toEqual(["goodwill", "goodwill", "charge"]);
    for (const e of list.data) {
      expect(Object.keys(e).sort()).toEqual([...entryFields].sort());
      expect(e.object).toBe("ledger_entry");
      expect(e.id).toMatch(/^led_[0-9A-Za-z]+$/);
      expect(e.entry_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(e.rate_card_version).toBe(1);
    }
    expect(list.data.map((e) => e.seq)).toEqual([1, 2, 3]);
    verifyChain(list.data);
    const charge = list.data[2];
    expect(charge).toMatchObject({ credits: -2, balance_after: 348, debt_after: 0, reference: conv.json().id, request_id: conv.headers["x-request-id"] });
    const sum = list.data.reduce((s, e) => s + e.credits, 0);
    expect(sum).toBe((await get(key, "/v1/account")).json().credit_balance);
  });

  it("limit defaults to 100; starting_after pages through with has_more and next_cursor; the chain holds across pages", async () => {
    const { key, orgId } = await api.account();
    for (let i = 0; i < 104; i++) await grantGoodwill(api.store, orgId, i + 1);
    const first = (await get(key, "/v1/credits/ledger")).json();
    expect(first.data).toHaveLength(100);
    expect(first.has_more).toBe(true);
    expect(first.next_cursor).toBe(first.data[99].id);
    const all = (await get(key, "/v1/credits/ledger?limit=1000")).json();
    expect(all.data).toHaveLength(104);
    expect(all.has_more).toBe(false);
    verifyChain(all.data);

    const paged: WireEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(key, `/v1/credits/ledger?limit=30${cursor ? `&starting_after=${cursor}` : ""}`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      paged.push(...page.data);
      expect(page.has_more).toBe(page.next_cursor !== null);
      cursor = page.next_cursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(4);
    expect(paged.map((e) => e.id)).toEqual(all.data.map((e: WireEntry) => e.id));
    // A page verifies on its own given the hash that precedes it.
    const tail = (await get(key, `/v1/credits/ledger?limit=1&starting_after=${all.data[50].id}`)).json();
    expect(tail.data[0].seq).toBe(52);
    verifyChain(tail.data, all.data[50].entry_hash);
    expect((await get(key, "/v1/credits/ledger?limit=1")).json()).toMatchObject({ has_more: true, next_cursor: all.data[0].id });
    expect((await get(key, "/v1/credits/ledger?limit=1000")).json().data.reduce((s: number, e: WireEntry) => s + e.credits, 0)).toBe(104 * 105 / 2);
  });

  it("DECISIONS: limit 0, 1001, x, -1, 1.5 or repeated → 400 invalid_parameter_type param limit; a foreign cursor → 400 starting_after", async () => {
    const { key } = await api.account({ credits: 5 });
    for (const limit of ["0", "1001", "x", "-1", "1.5", "", "1&limit=2"]) {
      const res = await get(key, `/v1/credits/ledger?limit=${limit}`);
      expect(res.statusCode, `limit=${limit}`).toBe(400);
      expectCommonHeaders(res.headers);
      expect(expectEnvelope(res, "invalid_parameter_type").param).toBe("limit");
    }
    for (const limit of ["1", "1000"]) expect((await get(key, `/v1/credits/ledger?limit=${limit}`)).statusCode).toBe(200);
    const other = await api.account({ credits: 9 });
    const foreign = (await get(other.key, "/v1/credits/ledger")).json().data[0].id;
    const res = await get(key, `/v1/credits/ledger?starting_after=${foreign}`);
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res, "invalid_parameter_type").param).toBe("starting_after");
    // Each organization's chain is its own: this one has only its own goodwill entry.
    const own = (await get(key, "/v1/credits/ledger")).json().data;
    expect(own).toHaveLength(1);
    verifyChain(own);
  });

  it("GET /v1/usage/records: limit out of range is 400 param limit too", async () => {
    const { key } = await api.account();
    for (const limit of ["0", "1001", "x"]) {
      const res = await get(key, `/v1/usage/records?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(expectEnvelope(res, "invalid_parameter_type").param).toBe("limit");
    }
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v1/usage and /v1/usage/records
// ---------------------------------------------------------------------------------------------

describe("DECISIONS GET /v1/usage/records and /v1/usage", () => {
  it("one record per request that reached the converter or was refused for billing; none for reads or 401s", async () => {
    const { key, orgId, hint } = await api.account({ credits: 100 });
    const ok = await convert(key, blankMiddle, "/v1/convert?pages=1-3"); // 200, 3 processed, 2 billed
    const broke = await convert(key, headings); // 402: 100 < the 200-credit hold
    const beyond = await convert(key, headings, "/v1/convert?pages=50-60"); // 422 out of bounds
    await get(key, "/v1/account");
    await api.app.inject({ method: "POST", url: "/v1/convert", headers: { "content-type": "application/pdf" }, payload: headings });
    expect([ok.statusCode, broke.statusCode, beyond.statusCode]).toEqual([200, 402, 422]);

    const res = await get(key, "/v1/usage/records");
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers);
    const list = res.json();
    expect(list).toMatchObject({ object: "list", has_more: false, next_cursor: null });
    expect(list.data).toHaveLength(3);
    const [r1, r2, r3] = list.data;
    expect(r1).toMatchObject({ object: "usage_record", request_id: ok.headers["x-request-id"], endpoint: "POST /v1/convert", status: 200, pages_processed: 3, pages_billed: 2, credits_charged: 2, key_hint: hint, env: "live" });
    expect(r2).toMatchObject({ request_id: broke.headers["x-request-id"], endpoint: "POST /v1/convert", status: 402, error_code: "insufficient_credits", pages_billed: 0, credits_charged: 0, key_hint: hint });
    expect(r3).toMatchObject({ request_id: beyond.headers["x-request-id"], status: 422, error_code: "page_range_out_of_bounds", pages_billed: 0, credits_charged: 0, key_hint: hint });
    expect(hint.endsWith(key.slice(-4))).toBe(true);

    // Paging.
    const p1 = (await get(key, "/v1/usage/records?limit=2")).json();
    expect(p1.data.map((r: { id: string }) => r.id)).toEqual([r1.id, r2.id]);
    expect(p1).toMatchObject({ has_more: true, next_cursor: r2.id });
    const p2 = (await get(key, `/v1/usage/records?limit=2&starting_after=${p1.next_cursor}`)).json();
    expect(p2).toMatchObject({ has_more: false, next_cursor: null });
    expect(p2.data.map((r: { id: string }) => r.id)).toEqual([r3.id]);

    // The summary, grouped by endpoint and by day, agrees with the records.
    const byEndpoint = (await get(key, "/v1/usage?group_by=endpoint")).json();
    expect(byEndpoint).toMatchObject({ object: "usage_summary", group_by: "endpoint" });
    expect(byEndpoint.data).toEqual([{ endpoint: "POST /v1/convert", requests: 3, pages_processed: 3, pages_billed: 2, credits_charged: 2 }]);
    expect(byEndpoint.totals).toEqual({ requests: 3, pages_processed: 3, pages_billed: 2, credits_charged: 2 });
    const byDay = (await get(key, "/v1/usage?group_by=day")).json();
    expect(byDay.data).toEqual([{ day: new Date().toISOString().slice(0, 10), requests: 3, pages_processed: 3, pages_billed: 2, credits_charged: 2 }]);
    const charged = (await get(key, "/v1/credits/ledger")).json().data.filter((e: WireEntry) => e.kind === "charge").reduce((s: number, e: WireEntry) => s - e.credits, 0);
    expect(byDay.totals.credits_charged).toBe(charged);
    expect(orgId).toBeTruthy();
  });

  it("from/to select the window; bad group_by, from or to → 400 naming the parameter", async () => {
    const { key } = await api.account({ credits: 100 });
    expect((await convert(key, blankMiddle, "/v1/convert?pages=1")).statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const inside = (await get(key, `/v1/usage?group_by=endpoint&from=${today}&to=${tomorrow}`)).json();
    expect(inside.totals.requests).toBe(1);
    expect(inside.from).toBe(`${today}T00:00:00.000Z`);
    const before = (await get(key, `/v1/usage?group_by=endpoint&from=${yesterday}&to=${today}`)).json();
    expect(before.totals).toEqual({ requests: 0, pages_processed: 0, pages_billed: 0, credits_charged: 0 });
    expect(before.data).toEqual([]);
    const stamp = (await get(key, `/v1/usage?from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).json();
    expect(stamp.totals.requests).toBe(1);
    for (const [query, param] of [["group_by=key", "group_by"], ["from=yesterday", "from"], [`from=${today}&to=${yesterday}`, "to"], ["to=2026-02-30", "to"]]) {
      const res = await get(key, `/v1/usage?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(expectEnvelope(res, "invalid_parameter_type").param).toBe(param);
    }
  });

  it("records and summaries are per environment: a test key sees the test records only", async () => {
    const { key, orgId } = await api.account({ credits: 100 });
    const testKey = await createKey(api.store, { orgId, name: "test", env: "test" });
    if (!testKey.ok) throw new Error(testKey.message);
    expect((await convert(key, blankMiddle, "/v1/convert?pages=1")).statusCode).toBe(200);
    const t = await convert(testKey.key, blankMiddle, "/v1/convert?pages=1-2");
    expect(t.statusCode).toBe(200);
    const records = (await get(testKey.key, "/v1/usage/records")).json().data;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ env: "test", request_id: t.headers["x-request-id"], credits_charged: 0, key_hint: testKey.hint, pages_processed: 2 });
    expect((await get(key, "/v1/usage/records")).json().data).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v1/conversions/{id}
// ---------------------------------------------------------------------------------------------

describe("DECISIONS GET /v1/conversions/{id}", () => {
  it("200 with the same body as the original response, free; unknown id → 404; after 24 h → 410 result_expired", async () => {
    const { key } = await api.account({ credits: 300 });
    const made = await convert(key);
    expect(made.statusCode).toBe(200);
    const id = made.json().id as string;
    expect(id).toMatch(/^conv_[0-9A-Za-z]+$/);
    const again = await get(key, `/v1/conversions/${id}`);
    expect(again.statusCode).toBe(200);
    expectCommonHeaders(again.headers);
    expect(again.json()).toEqual(made.json());
    expect(again.body).toBe(made.body);
    expect((await get(key, "/v1/account")).json().credit_balance).toBe(298); // the fetch billed nothing

    const unknown = await get(key, "/v1/conversions/conv_doesnotexist");
    expect(unknown.statusCode).toBe(404);
    expect(expectEnvelope(unknown).type).toBe("not_found_error");

    skewMs = 24 * 3_600_000 + 60_000;
    try {
      const gone = await get(key, `/v1/conversions/${id}`);
      expect(gone.statusCode).toBe(410);
      expectCommonHeaders(gone.headers);
      const e = expectEnvelope(gone, "result_expired");
      expect(e.type).toBe("not_found_error");
    } finally {
      skewMs = 0;
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Routes the release does not enable; openapi, health, metrics
// ---------------------------------------------------------------------------------------------

describe("DECISIONS: POST /v1/inspect and POST /v1/files → 422 feature_not_enabled, billed 0; other methods 405", () => {
  it("both routes", async () => {
    const { key, orgId } = await api.account({ credits: 50 });
    for (const url of ["/v1/inspect", "/v1/files"]) {
      const res = await api.app.inject({ method: "POST", url, headers: pdfHeaders(key), payload: headings });
      expect(res.statusCode, url).toBe(422);
      expectCommonHeaders(res.headers, url);
      const e = expectEnvelope(res, "feature_not_enabled");
      expect(e.type).toBe("invalid_request_error");
      for (const method of ["GET", "PUT", "DELETE"] as const) {
        const wrong = await api.app.inject({ method, url, headers: bearer(key) });
        expect(wrong.statusCode, `${method} ${url}`).toBe(405);
        expect(wrong.headers.allow).toBe("POST");
        expectEnvelope(wrong, "method_not_allowed");
      }
    }
    const unauth = await api.app.inject({ method: "POST", url: "/v1/inspect", headers: { "content-type": "application/pdf" }, payload: headings });
    expect(unauth.statusCode).toBe(401);
    const row = await api.store.db.query<{ credit_balance: number; credits_held: number }>("SELECT credit_balance, credits_held FROM orgs WHERE id = $1", [orgId]);
    expect(row.rows[0]).toEqual({ credit_balance: 50, credits_held: 0 });
  });
});

describe("Service routes: /v1/openapi.json, /healthz, /readyz, /metrics", () => {
  it("/v1/openapi.json is valid JSON with openapi 3.1.x", async () => {
    const res = await api.app.inject({ method: "GET", url: "/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["content-type"])).toMatch(/^application\/json/);
    expectCommonHeaders(res.headers);
    const doc = JSON.parse(res.body);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/convert", "/v1/account", "/v1/credits/ledger"]));
  });

  it("/healthz and /readyz answer 200; /metrics carries svc_http_requests_total", async () => {
    const health = await api.app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    expectCommonHeaders(health.headers);
    const ready = await api.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready" });
    const metrics = await api.app.inject({ method: "GET", url: "/metrics" });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain("svc_http_requests_total");
    expect(metrics.body).toMatch(/svc_http_requests_total\{[^}]*\} \d+/);
  });
});
