// The API on a real listening socket (SPEC.md §POST /v1/convert behaviour rules 6-7,
// §Rate-limit mechanics rule 6, §Credit hold): oversized uploads refused without being read,
// the body deadline, concurrent conversions, a client that hangs up, and `svc serve`'s
// graceful shutdown (src/api/serve.ts) draining an in-flight conversion and settling it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../src/config/env.js";
import { serve } from "../../src/api/serve.js";
import { createKey } from "../../src/store/keys.js";
import { grantGoodwill } from "../../src/store/lots.js";
import { createOrg } from "../../src/store/orgs.js";
import { openStore } from "../../src/store/open_store.js";
import type { StoreContext } from "../../src/store/context.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { bearer, expectCommonHeaders, expectEnvelope, fixturePdf, pdfHeaders } from "../support/api_checks.js";
import { bookPdf } from "../support/documents.js";
import { freshDb, type TestDb } from "../support/db.js";
import { RawExchange, streamChunked, type RawResponse } from "../support/http.js";

const heavy = process.env.SVC_HEAVY === "1";
const MiB = 1024 * 1024;

let api: TestApi;
let port: number;
let base: string;
beforeAll(async () => {
  api = await startTestApi();
  base = await api.app.listen({ port: 0, host: "127.0.0.1" });
  port = Number(new URL(base).port);
});
afterAll(async () => {
  await api.close();
});

const book = bookPdf(); // 352 generated pages of text (test/support/documents.ts)
const headings = fixturePdf("headings.pdf");

async function orgRow(store: StoreContext, orgId: string) {
  const r = await store.db.query<{ credit_balance: number; credits_held: number }>("SELECT credit_balance, credits_held FROM orgs WHERE id = $1", [orgId]);
  return r.rows[0];
}
async function leaseCount(store: StoreContext, orgId: string) {
  const r = await store.db.query<{ n: number }>("SELECT count(*)::int AS n FROM leases WHERE org_id = $1", [orgId]);
  return r.rows[0].n;
}

function asInject(res: RawResponse) {
  return { statusCode: res.status, headers: res.headers, body: res.body.toString("utf8") };
}

describe("SPEC behaviour rule 7: uploads over 32 MiB → 413 file_too_large without reading them", () => {
  it("by Content-Length: refused after the headers, with Connection: close, while the client has sent almost nothing", async () => {
    const { key, orgId } = await api.account({ credits: 1_000 });
    const exchange = await RawExchange.open(port, { path: "/v1/convert", headers: { ...pdfHeaders(key), "content-length": 33 * MiB } });
    await exchange.write(Buffer.alloc(64 * 1024, 0x25));
    const res = await exchange.response;
    exchange.destroy();
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe("close");
    expectCommonHeaders(res.headers);
    const e = expectEnvelope(asInject(res), "file_too_large");
    expect(e.details).toMatchObject({ max_bytes: 32 * MiB });
    expect(await orgRow(api.store, orgId)).toEqual({ credit_balance: 1_000, credits_held: 0 });
    expect(await leaseCount(api.store, orgId)).toBe(0);
  });

  it.each([33, 512])("chunked (no Content-Length), %i MiB offered: 413 once 32 MiB were read; the rest is never taken", async (offeredMiB) => {
    const { key, orgId } = await api.account({ credits: 1_000 });
    const exchange = await RawExchange.open(port, { path: "/v1/convert", headers: { ...pdfHeaders(key), "transfer-encoding": "chunked" } });
    let answered = false;
    void exchange.response.then(() => (answered = true), () => {});
    const sent = await streamChunked(exchange, offeredMiB * MiB, 64 * 1024, () => answered);
    const res = await exchange.response;
    exchange.destroy();
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe("close");
    expectCommonHeaders(res.headers);
    expectEnvelope(asInject(res), "file_too_large");
    // The server stopped at the limit: the client could hand over no more than 32 MiB plus
    // the socket buffers and the 1 MiB the lingering close discards.
    expect(sent).toBeLessThan(32 * MiB + 8 * MiB);
    expect(await orgRow(api.store, orgId)).toEqual({ credit_balance: 1_000, credits_held: 0 });
    expect(await leaseCount(api.store, orgId)).toBe(0);
    // The service is still up and serving.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});

describe("Refusals before the body is read do not read the rest of the upload (body.ts: Connection: close)", () => {
  it.each([
    ["401 missing_api_key", 401, "missing_api_key", "none"],
    ["403 insufficient_scope", 403, "insufficient_scope", "scope"],
    ["429 rate_limit_concurrency", 429, "rate_limit_concurrency", "busy"],
  ] as const)("%s on a 64 MiB chunked upload: answered with Connection: close, the client cannot push it all", async (_label, status, code, setup) => {
    const { key, orgId } = await api.account({ credits: 1_000, scopes: setup === "scope" ? ["usage:read"] : undefined });
    let blocker: Promise<Response> | null = null;
    if (setup === "busy") {
      await api.db.db.query("UPDATE orgs SET limits = limits || '{\"concurrency\": 1}'::jsonb WHERE id = $1", [orgId]);
      blocker = fetch(`${base}/v1/convert?pages=1-200`, { method: "POST", headers: pdfHeaders(key), body: book });
      for (let i = 0; i < 200 && (await leaseCount(api.store, orgId)) === 0; i++) await sleep(10);
    }
    const headers: Record<string, string> = setup === "none" ? { "content-type": "application/pdf" } : pdfHeaders(key);
    const exchange = await RawExchange.open(port, { path: "/v1/convert", headers: { ...headers, "transfer-encoding": "chunked" } });
    // A client that keeps sending after the answer (as many do): the server must hang up
    // rather than swallow the rest of the upload.
    const sent = await streamChunked(exchange, 64 * MiB, 64 * 1024, () => false);
    const res = await exchange.response;
    exchange.destroy();
    expect(res.status).toBe(status);
    expectEnvelope(asInject(res), code);
    expectCommonHeaders(res.headers);
    expect(sent).toBeLessThan(16 * MiB);
    expect(res.headers.connection).toBe("close");
    if (blocker) expect((await blocker).status).toBe(200);
  });
});

describe("SPEC behaviour rule 6: the body completes within 20 s of its first byte, else 408 (unit-tested with short deadlines in body.test.ts)", () => {
  it.skipIf(!heavy)("heavy: a body that stalls → 408 request_timeout after 20 s, billed 0, lease released", async () => {
    const { key, orgId } = await api.account({ credits: 1_000 });
    const exchange = await RawExchange.open(port, { path: "/v1/convert", headers: { ...pdfHeaders(key), "content-length": headings.length } });
    const started = performance.now();
    await exchange.write(headings.subarray(0, 1_000));
    const res = await exchange.response;
    const elapsed = performance.now() - started;
    exchange.destroy();
    expect(res.status).toBe(408);
    expectCommonHeaders(res.headers);
    const e = expectEnvelope(asInject(res), "request_timeout");
    expect(e.type).toBe("timeout_error");
    expect(e.details).toMatchObject({ deadline_ms: 20_000, bytes_read: 1_000 });
    expect(elapsed).toBeGreaterThanOrEqual(19_500);
    expect(elapsed).toBeLessThan(25_000);
    expect(await orgRow(api.store, orgId)).toEqual({ credit_balance: 1_000, credits_held: 0 });
    expect(await leaseCount(api.store, orgId)).toBe(0);
  }, 40_000);
});

describe("SPEC rate-limit mechanics rule 6 on a real server: concurrent conversions", () => {
  it("six simultaneous slow conversions of one organization (limit 4) → four 200, two 429; another organization is unaffected", async () => {
    const a = await api.account({ credits: 5_000 });
    const b = await api.account({ credits: 5_000 });
    const send = (key: string) => fetch(`${base}/v1/convert?pages=1-100`, { method: "POST", headers: pdfHeaders(key), body: book });
    const responses = await Promise.all([...Array.from({ length: 6 }, () => send(a.key)), send(b.key)]);
    const statusesA = responses.slice(0, 6).map((r) => r.status).sort();
    expect(statusesA).toEqual([200, 200, 200, 200, 429, 429]);
    expect(responses[6].status).toBe(200);
    let charged = 0;
    for (const r of responses.slice(0, 6)) {
      const body = await r.json();
      if (r.status === 200) charged += body.usage.credits_charged;
      else expect(body.error.code).toBe("rate_limit_concurrency");
    }
    await responses[6].text();
    expect(await orgRow(api.store, a.orgId)).toEqual({ credit_balance: 5_000 - charged, credits_held: 0 });
    expect(await leaseCount(api.store, a.orgId)).toBe(0);
  });

  it("SPEC Credit hold: a client that hangs up mid-conversion bills 0; its hold and lease are given back", async () => {
    const { key, orgId } = await api.account({ credits: 1_000 });
    const abort = new AbortController();
    const pending = fetch(`${base}/v1/convert?pages=1-200`, { method: "POST", headers: pdfHeaders(key), body: book, signal: abort.signal }).catch((e: unknown) => e);
    // Wait until the hold is placed (the conversion is running), then hang up.
    for (let i = 0; i < 200 && (await orgRow(api.store, orgId)).credits_held === 0; i++) await sleep(10);
    expect((await orgRow(api.store, orgId)).credits_held).toBe(200);
    abort.abort();
    expect(await pending).toBeInstanceOf(Error);
    let row = await orgRow(api.store, orgId);
    for (let i = 0; i < 500 && (row.credits_held !== 0 || (await leaseCount(api.store, orgId)) !== 0); i++) {
      await sleep(20);
      row = await orgRow(api.store, orgId);
    }
    expect(row).toEqual({ credit_balance: 1_000, credits_held: 0 });
    expect(await leaseCount(api.store, orgId)).toBe(0);
    const ledger = await fetch(`${base}/v1/credits/ledger`, { headers: bearer(key) }).then((r) => r.json());
    expect(ledger.data.map((e: { kind: string }) => e.kind)).toEqual(["goodwill"]);
  });
});

describe("svc serve (src/api/serve.ts): graceful shutdown", () => {
  let dataDir: string;
  let db: TestDb | null = null;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "svc-serve-"));
    if (process.env.DATABASE_URL) db = await freshDb();
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The service's own database, opened from this process (PGlite: only while the service is down). */
  async function withStore<T>(fn: (store: StoreContext) => Promise<T>): Promise<T> {
    if (db) return fn({ db: db.db, now: Date.now, instanceId: "inst_test_setup" });
    const opened = await openStore({ DATA_DIR: dataDir });
    try {
      return await fn(opened.ctx);
    } finally {
      await opened.close();
    }
  }

  it("PORT 0 works; close() lets the in-flight conversion finish with 200 and settle; new connections are refused", async () => {
    const setup = await withStore(async (store) => {
      const org = await createOrg(store, { email: `serve-${Date.now()}@example.com` });
      if (!org.ok) throw new Error(org.message);
      await grantGoodwill(store, org.org.id, 1_000);
      const key = await createKey(store, { orgId: org.org.id, name: "serve", env: "live" });
      if (!key.ok) throw new Error(key.message);
      return { orgId: org.org.id, key: key.key };
    });
    const env = parseEnv({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: db?.url ?? undefined,
      LOG_LEVEL: "silent",
      ENGINE_THREADS: "2",
    } as NodeJS.ProcessEnv);
    const service = await serve(env, () => undefined);
    const url = new URL(service.url);
    expect(Number(url.port)).toBeGreaterThan(0);
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);

    const inFlight = fetch(`${service.url}/v1/convert?pages=1-200`, { method: "POST", headers: pdfHeaders(setup.key), body: book });
    if (db) {
      // On PostgreSQL the test can watch the hold appear.
      for (let i = 0; i < 300 && (await orgRow({ db: db.db, now: Date.now, instanceId: "x" }, setup.orgId)).credits_held === 0; i++) await sleep(10);
      expect((await orgRow({ db: db.db, now: Date.now, instanceId: "x" }, setup.orgId)).credits_held).toBe(200);
    } else {
      await sleep(300); // admitted and converting: 200 pages take well over this
    }
    const closing = service.close();
    await sleep(50);
    const refused = await fetch(`${service.url}/healthz`).then(
      (r) => `status ${r.status}`,
      (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message,
    );
    expect(refused).toBe("ECONNREFUSED");

    const res = await inFlight;
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.usage.pages_processed).toBe(200);
    const charged = body.usage.credits_charged as number;
    expect(charged).toBeGreaterThan(0);
    expect(body.usage.credit_balance_after).toBe(1_000 - charged);
    // The drain ends with the last request, not at a keep-alive timeout or the 65 s cap.
    const drainedAt = performance.now();
    await closing;
    expect(performance.now() - drainedAt).toBeLessThan(5_000);

    await withStore(async (store) => {
      expect(await orgRow(store, setup.orgId)).toEqual({ credit_balance: 1_000 - charged, credits_held: 0 });
      expect(await leaseCount(store, setup.orgId)).toBe(0);
      const holds = await store.db.query<{ n: number }>("SELECT count(*)::int AS n FROM holds WHERE org_id = $1 AND state = 'held'", [setup.orgId]);
      expect(holds.rows[0].n).toBe(0);
    });
  });
});
