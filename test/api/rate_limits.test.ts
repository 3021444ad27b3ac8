// SPEC.md §Limits (meters and rate-limit mechanics) and DECISIONS.md through the real app:
// the requests meter's burst of 40 and its refill, the page meter moved on settlement by
// pages_processed, account limits and per-key sub-limits, the concurrency lease on a real
// listening server, and 503 overloaded when the engine's queue is full.
//
// The store's clock can be frozen (`frozenMs`), so meter arithmetic is exact and nothing
// refills behind the test's back.
process.env.SVC_TEST_HOOKS = "1"; // the pool's workers honour test hooks (503 test below)

import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey } from "../../src/store/keys.js";
import { meterBurst } from "../../src/store/meters.js";
import { setOrgLimits } from "../../src/store/orgs.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { bearer, expectCommonHeaders, expectEnvelope, fixturePdf, pdfHeaders } from "../support/api_checks.js";
import { bookPdf } from "../support/documents.js";

let api: TestApi;
let frozenMs: number | null = null;
beforeAll(async () => {
  api = await startTestApi({ now: () => frozenMs ?? Date.now() });
});
afterAll(async () => {
  frozenMs = null;
  await api.close();
});

const blankMiddle = fixturePdf("blank-middle-page.pdf"); // 3 pages, page 2 without text
const book = bookPdf(); // 352 generated pages of text (test/support/documents.ts)

function account(key: string) {
  return api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(key) });
}
function convert(key: string, payload: Buffer, query = "") {
  return api.app.inject({ method: "POST", url: `/v1/convert${query}`, headers: pdfHeaders(key), payload });
}
async function orgRow(orgId: string) {
  const r = await api.store.db.query<{ credit_balance: number; credits_held: number }>("SELECT credit_balance, credits_held FROM orgs WHERE id = $1", [orgId]);
  return r.rows[0];
}
function expect429(res: { statusCode: number; headers: Record<string, unknown>; body: string }, code: string) {
  expect(res.statusCode, res.body).toBe(429);
  expectCommonHeaders(res.headers as never, code);
  const e = expectEnvelope(res as never, code);
  expect(e.type).toBe("rate_limit_error");
  expect(e.retryable).toBe(true);
  expect(String(res.headers["retry-after"])).toMatch(/^\d+$/);
  expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
  expect(e.retry_after_ms).toBe(Number(res.headers["retry-after"]) * 1000);
  return e;
}

describe("SPEC rate-limit mechanics rule 2: the requests meter (120/min: burst 40, one per 500 ms)", () => {
  it("40 requests at once are admitted; the 41st → 429 rate_limit_requests with Retry-After and the full header set", async () => {
    frozenMs = Date.now();
    try {
      const { key, orgId } = await api.account({ credits: 10 });
      const burst = await Promise.all(Array.from({ length: 40 }, () => account(key)));
      expect(burst.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
      const remaining = burst.map((r) => Number(r.headers["x-ratelimit-remaining-requests"])).sort((a, b) => a - b);
      expect(remaining).toEqual(Array.from({ length: 40 }, (_, i) => i));
      for (const r of burst) expect(r.headers["x-ratelimit-limit-requests"]).toBe("120");

      const refused = await account(key);
      const e = expect429(refused, "rate_limit_requests");
      expect(refused.headers["x-ratelimit-remaining-requests"]).toBe("0");
      expect(e.retry_after_ms).toBe(1000); // 500 ms to the next slot, in whole seconds
      expect(e.details).toMatchObject({ meter: "requests", limit: 120 });
      // A conversion is refused the same way, and bills nothing.
      expect429(await convert(key, blankMiddle), "rate_limit_requests");
      expect(await orgRow(orgId)).toEqual({ credit_balance: 10, credits_held: 0 });

      // 500 ms later one more is admitted; 10 idle seconds re-earn 20.
      frozenMs += 500;
      expect((await account(key)).statusCode).toBe(200);
      expect((await account(key)).statusCode).toBe(429);
      frozenMs += 10_000;
      const again = await Promise.all(Array.from({ length: 20 }, () => account(key)));
      expect(again.every((r) => r.statusCode === 200)).toBe(true);
      expect((await account(key)).statusCode).toBe(429);
    } finally {
      frozenMs = null;
    }
  });

  it("DECISIONS: GET /v1/account costs 1 on the requests meter; x-ratelimit-reset-requests names the full refill", async () => {
    frozenMs = Date.now();
    try {
      const { key } = await api.account();
      const first = await account(key);
      const second = await account(key);
      expect(first.headers["x-ratelimit-remaining-requests"]).toBe("39");
      expect(second.headers["x-ratelimit-remaining-requests"]).toBe("38");
      expect(Date.parse(String(second.headers["x-ratelimit-reset-requests"]))).toBe(frozenMs + 2 * 500);
    } finally {
      frozenMs = null;
    }
  });
});

describe("SPEC rate-limit mechanics rules 4-5: the page meter moves on settlement by pages_processed", () => {
  it("x-ratelimit-remaining-pages drops by the pages processed (not billed), 4xx included", async () => {
    frozenMs = Date.now();
    try {
      const { key } = await api.account({ credits: 1000 });
      const burst = meterBurst("pages", 12_000);
      expect((await account(key)).headers["x-ratelimit-remaining-pages"]).toBe(String(burst));
      const ok = await convert(key, blankMiddle);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().usage).toMatchObject({ pages_processed: 3, pages_billed: 2 });
      expect(ok.headers["x-ratelimit-remaining-pages"]).toBe(String(burst - 3));
      expect((await account(key)).headers["x-ratelimit-remaining-pages"]).toBe(String(burst - 3));
      // Page 2 alone has no text: 422, billed 0, but the page was processed.
      const none = await convert(key, blankMiddle, "?pages=2");
      expect(none.statusCode).toBe(422);
      expectEnvelope(none, "document_has_no_text_layer");
      expectCommonHeaders(none.headers);
      expect(none.headers["x-ratelimit-remaining-pages"]).toBe(String(burst - 4));
      expect((await account(key)).json()).toMatchObject({ credit_balance: 998, credits_held: 0 });
    } finally {
      frozenMs = null;
    }
  });

  it("with a low pages_per_min, the conversion after the meter went over its burst → 429 rate_limit_pages, billed 0", async () => {
    frozenMs = Date.now();
    try {
      const { key, orgId } = await api.account({ credits: 1000 });
      const set = await setOrgLimits(api.store, orgId, { pages_per_min: 60 });
      expect(set.ok).toBe(true);
      const burst = meterBurst("pages", 60); // never below one request's 200 pages
      expect(burst).toBe(200);
      const big = await convert(key, book, "?pages=1-200");
      expect(big.statusCode, big.body.slice(0, 300)).toBe(200);
      expect(big.json().usage.pages_processed).toBe(200);
      expect(big.headers["x-ratelimit-remaining-pages"]).toBe("0");
      expect(big.headers["x-ratelimit-limit-pages"]).toBe("60");
      // Exactly at the burst the meter still admits; this conversion takes it over.
      const over = await convert(key, blankMiddle);
      expect(over.statusCode).toBe(200);
      const before = await orgRow(orgId);
      const refused = await convert(key, blankMiddle);
      const e = expect429(refused, "rate_limit_pages");
      expect(refused.headers["x-ratelimit-remaining-pages"]).toBe("0");
      expect(e.retry_after_ms).toBe(3_000); // 3 pages over at 1 page per second
      expect(e.details).toMatchObject({ meter: "pages", limit: 60 });
      expect(await orgRow(orgId)).toEqual({ ...before, credits_held: 0 });
      // Reads are not gated by the page meter.
      expect((await account(key)).statusCode).toBe(200);
      // DECISIONS: a request refused for limits has a usage record.
      const records = (await api.app.inject({ method: "GET", url: "/v1/usage/records", headers: bearer(key) })).json().data;
      expect(records.find((r: { request_id: string }) => r.request_id === refused.headers["x-request-id"])).toMatchObject({ status: 429, error_code: "rate_limit_pages", credits_charged: 0 });
      // Once the meter drains back within its burst, conversions are admitted again.
      frozenMs += 3_000;
      expect((await convert(key, blankMiddle)).statusCode).toBe(200);
    } finally {
      frozenMs = null;
    }
  });
});

describe("SPEC Limits: account limits and per-key sub-limits (rule 7: sub-limits only lower)", () => {
  it("account overrides replace the defaults, show in GET /v1/account limits and in the headers, and are enforced", async () => {
    frozenMs = Date.now();
    try {
      const { key, orgId } = await api.account();
      await setOrgLimits(api.store, orgId, { requests_per_min: 30, concurrency: 2, pages_per_min: 50_000 });
      const res = await account(key);
      expect(res.json().limits).toMatchObject({ requests_per_min: 30, concurrency: 2, pages_per_min: 50_000, toc_per_min: 60 });
      expect(res.headers).toMatchObject({ "x-ratelimit-limit-requests": "30", "x-ratelimit-limit-concurrency": "2", "x-ratelimit-limit-pages": "50000", "x-ratelimit-remaining-requests": "9" });
      const rest = await Promise.all(Array.from({ length: 9 }, () => account(key)));
      expect(rest.every((r) => r.statusCode === 200)).toBe(true);
      const e = expect429(await account(key), "rate_limit_requests");
      expect(e.retry_after_ms).toBe(2_000); // 2 s per request at 30 per minute
    } finally {
      frozenMs = null;
    }
  });

  it("a key sub-limit lower than the organization's confines that key only", async () => {
    frozenMs = Date.now();
    try {
      const { key: orgKey, orgId } = await api.account();
      const low = await createKey(api.store, { orgId, name: "low", env: "live", subLimits: { requests_per_min: 6 } });
      if (!low.ok) throw new Error(low.message);
      expect((await account(low.key)).statusCode).toBe(200);
      expect((await account(low.key)).statusCode).toBe(200);
      expect429(await account(low.key), "rate_limit_requests"); // burst 2 at 6 per minute
      // The organization's other key still has the organization's allowance (40 - 2 used).
      const other = await Promise.all(Array.from({ length: 38 }, () => account(orgKey)));
      expect(other.every((r) => r.statusCode === 200)).toBe(true);
      expect429(await account(orgKey), "rate_limit_requests");
      // GET /v1/account describes the organization, not the key.
      frozenMs += 60_000;
      expect((await account(low.key)).json().limits.requests_per_min).toBe(120);
    } finally {
      frozenMs = null;
    }
  });

  it("a key sub-limit higher than the organization's raises nothing", async () => {
    frozenMs = Date.now();
    try {
      const { orgId } = await api.account();
      await setOrgLimits(api.store, orgId, { requests_per_min: 15 });
      const high = await createKey(api.store, { orgId, name: "high", env: "live", subLimits: { requests_per_min: 6_000, concurrency: 100 } });
      if (!high.ok) throw new Error(high.message);
      const burst = await Promise.all(Array.from({ length: 5 }, () => account(high.key)));
      expect(burst.every((r) => r.statusCode === 200)).toBe(true);
      expect(burst[0].headers["x-ratelimit-limit-concurrency"]).toBe("4");
      expect429(await account(high.key), "rate_limit_requests");
    } finally {
      frozenMs = null;
    }
  });
});

describe("SPEC rate-limit mechanics rule 6: concurrency is a lease (real listening server)", () => {
  it("limit 1: two simultaneous slow conversions → one 429 rate_limit_concurrency; the lease is released after each request", async () => {
    const address = await api.app.listen({ port: 0, host: "127.0.0.1" });
    const { key, orgId } = await api.account({ credits: 2_000 });
    await setOrgLimits(api.store, orgId, { concurrency: 1 });
    const send = () => fetch(`${address}/v1/convert?pages=1-200`, { method: "POST", headers: pdfHeaders(key), body: book });
    const [a, b] = await Promise.all([send(), send()]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 429]);
    const refused = a.status === 429 ? a : b;
    const headers = Object.fromEntries(refused.headers.entries());
    const body = await refused.text();
    const e = expect429({ statusCode: refused.status, headers, body }, "rate_limit_concurrency");
    expect(headers["x-ratelimit-remaining-concurrency"]).toBe("0");
    expect(headers["x-ratelimit-limit-concurrency"]).toBe("1");
    expect(e.details).toMatchObject({ limit: 1 });
    const charged1 = (await (a.status === 200 ? a : b).json()).usage.credits_charged as number;
    // The lease went back with the response: a third request is admitted.
    const third = await send();
    expect(third.status).toBe(200);
    expect(third.headers.get("x-ratelimit-remaining-concurrency")).toBe("0");
    const charged2 = (await third.json()).usage.credits_charged as number;
    const after = await fetch(`${address}/v1/account`, { headers: bearer(key) });
    expect(after.headers.get("x-ratelimit-remaining-concurrency")).toBe("1");
    const leases = await api.store.db.query<{ n: number }>("SELECT count(*)::int AS n FROM leases WHERE org_id = $1", [orgId]);
    expect(leases.rows[0].n).toBe(0);
    expect(await orgRow(orgId)).toEqual({ credit_balance: 2_000 - charged1 - charged2, credits_held: 0 });
  });
  it("limit 1: a client sending each request the moment the last one's answer arrives is never refused (the slot goes back before the response, replays included)", async () => {
    const address = api.app.server.listening ? `http://127.0.0.1:${(api.app.server.address() as { port: number }).port}` : await api.app.listen({ port: 0, host: "127.0.0.1" });
    const { key, orgId } = await api.account({ credits: 2_000 });
    await setOrgLimits(api.store, orgId, { concurrency: 1 });
    // A release that takes a while (a pool reconnecting after a restart does): were it sent
    // after the response, the next request would find the slot still held.
    const db = api.store.db;
    const query = db.query;
    db.query = (async (sql: string, params?: readonly unknown[]) => {
      if (sql.startsWith("DELETE FROM leases WHERE lease_id")) await sleep(50);
      return query.call(db, sql, params);
    }) as typeof db.query;
    const statuses: number[] = [];
    try {
      for (let n = 0; n < 12; n++) {
        // Every third request repeats the last Idempotency-Key: a replay gives its slot back first too.
        const idem = `seq-${orgId}-${n - (n % 3 === 2 ? 1 : 0)}`;
        const res = await fetch(`${address}/v1/convert`, { method: "POST", headers: { ...pdfHeaders(key), "idempotency-key": idem }, body: blankMiddle });
        statuses.push(res.status);
        void res.body?.cancel(); // the next request goes out before this body is read
      }
    } finally {
      db.query = query;
    }
    expect(statuses.filter((s) => s !== 200), JSON.stringify(statuses)).toEqual([]);
  });
});

describe("SPEC Errors: 503 overloaded when the engine's queue is full (not 429: the fleet, not the organization)", () => {
  it("a conversion arriving at a full pool queue → 503 overloaded with Retry-After, billed 0; /readyz reports not ready", async () => {
    const { key, orgId } = await api.account({ credits: 1_000 });
    const pool = api.deps.pool;
    const shared = new SharedArrayBuffer(blankMiddle.byteLength);
    new Uint8Array(shared).set(blankMiddle);
    const stop = new AbortController();
    const deadlineMs = Date.now() + 30_000;
    const fillers: Promise<unknown>[] = [];
    // Occupy every thread with a chunk stuck on its first page (the test hook spins)…
    for (let t = 0; t < pool.threads; t++) {
      const pages = Array.from({ length: 8 }, (_, i) => 1_000 * (t + 1) + i);
      fillers.push(pool.extract(randomUUID(), shared, undefined, pages, { deadlineMs, signal: stop.signal, testHooks: { hangPage: pages[0] } }).catch(() => undefined));
    }
    for (let i = 0; i < 100 && pool.stats().running < pool.threads; i++) await sleep(20);
    expect(pool.stats()).toMatchObject({ running: pool.threads, queued: 0 });
    // …then fill the queue to its maximum (512 chunks of 8 pages).
    const queued = Array.from({ length: 512 * 8 }, (_, i) => 10_000 + i);
    fillers.push(pool.extract(randomUUID(), shared, undefined, queued, { deadlineMs, signal: stop.signal }).catch(() => undefined));
    try {
      expect(pool.stats().queued).toBe(512);
      const res = await convert(key, blankMiddle);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(503);
      expectCommonHeaders(res.headers);
      const e = expectEnvelope(res, "overloaded");
      expect(e.type).toBe("overloaded_error");
      expect(e.retryable).toBe(true);
      expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      const ready = await api.app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expectEnvelope(ready, "overloaded");
      expect(await orgRow(orgId)).toEqual({ credit_balance: 1_000, credits_held: 0 });
    } finally {
      stop.abort();
      await Promise.all(fillers);
    }
  });
});
