// SPEC.md §Retry rules through the official client, against a real server: forced 503 and
// 429 (a test key's X-Svc-Simulate) and a real 500 (the engine failing once) are retried
// with the same Idempotency-Key and billed once; a 422 is thrown at once; every envelope
// field and the status reach the thrown SvcError; verifyLedger finds a changed entry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentError, SvcClient, SvcError, verifyLedger, type LedgerEntry, type RetryEvent } from "@svc-md/client";
import { failPoolOnce, fixturePdf } from "../support/convert.js";
import { recordingFetch, serveTestApi, type ServedApi } from "./support.js";

let served: ServedApi;
beforeAll(async () => {
  served = await serveTestApi();
});
afterAll(async () => {
  await served.api.close();
});

const fast = { maxRetries: 3, maxElapsedMs: 20_000 };
const convertPosts = (attempts: { method: string; path: string }[]) => attempts.filter((a) => a.method === "POST" && a.path === "/v1/convert");

describe("retries keep one Idempotency-Key and bill once", () => {
  for (const [code, status] of [["overloaded", 503], ["rate_limit_requests", 429]] as const) {
    it(`a forced ${status} ${code} is retried after Retry-After with the same key; one conversion is recorded`, async () => {
      const { key } = await served.api.account({ env: "test" });
      const rec = recordingFetch((n) => (n === 1 ? code : null));
      const retries: RetryEvent[] = [];
      const client = new SvcClient({ apiKey: key, baseUrl: served.baseUrl, fetch: rec.fetch, onRetry: (e) => retries.push(e), ...fast });
      const started = Date.now();
      const conversion = await client.convert(fixturePdf("headings.pdf"));
      expect(conversion.object).toBe("conversion");
      const posts = convertPosts(rec.attempts);
      expect(posts.map((p) => p.status)).toEqual([status, 200]);
      expect(posts[0].idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(posts[1].idempotencyKey).toBe(posts[0].idempotencyKey);
      expect(client.callInfo(conversion)).toEqual({ idempotencyKey: posts[0].idempotencyKey, attempts: 2 });
      // Retry-After: 1 was honoured (at least 1 s before the second attempt).
      expect(retries).toHaveLength(1);
      expect(retries[0].delayMs).toBeGreaterThanOrEqual(1_000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      // One conversion billed (a test key reports what a live key would bill, with 0 credits).
      const records: { endpoint: string; status: number; pages_billed: number; credits_charged: number }[] = [];
      for await (const r of client.usageRecords()) records.push(r);
      const converts = records.filter((r) => r.endpoint === "POST /v1/convert");
      expect(converts.filter((r) => r.status === 200).map((r) => r.pages_billed)).toEqual([1]);
      expect(converts.reduce((sum, r) => sum + r.credits_charged, 0)).toBe(0);
    });
  }

  it("a real 500 (the engine fails once) on a live key is retried with the same key and charged once in the ledger", async () => {
    const { key } = await served.api.account({ credits: 1_000 });
    const rec = recordingFetch();
    const client = new SvcClient({ apiKey: key, baseUrl: served.baseUrl, fetch: rec.fetch, ...fast });
    await client.ready();
    failPoolOnce(served.api.deps.pool, "open");
    const conversion = await client.convert(fixturePdf("code-block.pdf"), { tables: "gfm" });
    const posts = convertPosts(rec.attempts);
    expect(posts.map((p) => p.status)).toEqual([500, 200]);
    expect(new Set(posts.map((p) => p.idempotencyKey)).size).toBe(1);
    const entries: LedgerEntry[] = [];
    for await (const e of client.ledger()) entries.push(e);
    const charges = entries.filter((e) => e.kind === "charge");
    expect(charges.map((e) => [e.reference, e.credits])).toEqual([[conversion.id, -1]]);
    expect(await client.account().then((a) => a.credit_balance)).toBe(999);
  });

  it("a 422 is thrown at once, not retried, with every envelope field and the status", async () => {
    const { key } = await served.api.account({ credits: 10 });
    const rec = recordingFetch();
    const client = new SvcClient({ apiKey: key, baseUrl: served.baseUrl, fetch: rec.fetch, ...fast });
    const err = await client.convert(Buffer.from("this is not a PDF at all")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentError);
    expect(err).toBeInstanceOf(SvcError);
    const e = err as DocumentError;
    expect(e.status).toBe(422);
    expect(e.code).toBe("pdf_invalid");
    expect(e.type).toBe("document_error");
    expect(e.retryable).toBe(false);
    expect(e.param).toBeNull();
    expect(e.retry_after_ms).toBeNull();
    expect(e.request_id).toMatch(/^req_/);
    expect(e.doc_url).toMatch(/errors#pdf_invalid$/);
    expect(e.details).toEqual({});
    expect(convertPosts(rec.attempts)).toHaveLength(1);
  });
});

describe("verifyLedger", () => {
  it("accepts the service's chain and reports the first changed entry", async () => {
    const { key } = await served.api.account({ credits: 1_000 });
    const client = new SvcClient({ apiKey: key, baseUrl: served.baseUrl, ...fast });
    await client.convert(fixturePdf("headings.pdf"));
    await client.convert(fixturePdf("links.pdf"));
    const entries: LedgerEntry[] = [];
    for await (const e of client.ledger({ limit: 1 })) entries.push(e);
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(await verifyLedger(entries)).toEqual({ ok: true, entries: entries.length, head: entries[entries.length - 1].entry_hash });
    expect((await verifyLedger(client.ledger())).ok).toBe(true);

    const changed = entries.map((e) => ({ ...e }));
    changed[1].credits -= 1;
    const report = await verifyLedger(changed);
    expect(report).toMatchObject({ ok: false, index: 1, entry_id: entries[1].id, actual: entries[1].entry_hash, field: "entry_hash" });
    expect(report.ok === false && report.expected).toMatch(/^[0-9a-f]{64}$/);
    expect(report.ok === false && report.expected).not.toBe(entries[1].entry_hash);

    // Dropping an entry breaks the next one's link.
    const gap = [entries[0], ...entries.slice(2)];
    expect(await verifyLedger(gap)).toMatchObject({ ok: false, index: 1, entry_id: entries[2].id, field: "prev_hash", expected: entries[0].entry_hash });
  });
});
