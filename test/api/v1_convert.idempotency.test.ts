// Idempotency-Key on POST /v1/convert: SPEC §States and transitions (Idempotency record),
// §Authentication rule 10 (scoped to the organization), DECISIONS §Requests (header
// validation, "same request"). A request in flight is made to wait before its commit
// (test/support/convert.ts gateCommit): by then it has claimed its key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantGoodwill } from "../../src/store/lots.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { bookPdf } from "../support/documents.js";
import { failPoolOnce, filePart, fixturePdf, gateCommit, ledger, multipart, optionsPart, orgCredits, raw } from "../support/convert.js";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const withKey = (idempotencyKey: string, extra: Record<string, string> = {}) => ({ "idempotency-key": idempotencyKey, ...extra });

describe("SPEC Idempotency record: completed → replay", () => {
  it("same key + same request → the original response with Idempotency-Replayed: true, not billed again (ledger unchanged)", async () => {
    const { key, orgId } = await api.account({ credits: 1_000 });
    const request = raw(key, fixturePdf("blank-middle-page.pdf"), { query: "page_markers=rule", headers: withKey("order-1234") });
    const first = await api.app.inject(request);
    expect(first.statusCode).toBe(200);
    expect(first.headers["idempotency-replayed"]).toBeUndefined();
    const ledgerAfterFirst = await ledger(api, key);
    const creditsAfterFirst = await orgCredits(api, orgId);

    const replay = await api.app.inject(request);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotency-replayed"]).toBe("true");
    expect(replay.body).toBe(first.body);
    for (const h of ["content-type", "x-svc-engine", "x-svc-pages-billed", "x-credits-charged", "x-credits-balance", "x-credits-unit", "x-svc-warning-summary"]) {
      expect(replay.headers[h]).toBe(first.headers[h]);
    }
    expect(replay.headers["x-request-id"]).toMatch(/^req_/);
    expect(await ledger(api, key)).toEqual(ledgerAfterFirst);
    expect(await orgCredits(api, orgId)).toEqual(creditsAfterFirst);
  });

  it("DECISIONS: the same request through another encoding (same canonical options, same PDF bytes) is the same request: replayed", async () => {
    const { key } = await api.account({ credits: 1_000 });
    const pdf = fixturePdf("headings.pdf");
    const first = await api.app.inject(raw(key, pdf, { query: "tables=html", headers: withKey("enc-1") }));
    const again = await api.app.inject(multipart(key, [filePart(pdf), optionsPart({ tables: "html" })], { headers: withKey("enc-1") }));
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotency-replayed"]).toBe("true");
    expect(again.json().id).toBe(first.json().id);
  });

  it("a replay of Accept: text/markdown returns the Markdown body and its headers", async () => {
    const { key } = await api.account({ credits: 1_000 });
    const request = raw(key, fixturePdf("headings.pdf"), { headers: withKey("md-1", { accept: "text/markdown" }) });
    const first = await api.app.inject(request);
    const replay = await api.app.inject(request);
    expect(replay.headers["idempotency-replayed"]).toBe("true");
    expect(replay.headers["content-type"]).toMatch(/^text\/markdown/);
    expect(replay.body).toBe(first.body);
    expect(replay.headers["x-credits-charged"]).toBe("1");
  });
});

describe("SPEC Idempotency record: completed → conflict", () => {
  it("same key + different options → 409 idempotency_conflict, billed 0", async () => {
    const { key, orgId } = await api.account({ credits: 1_000 });
    const pdf = fixturePdf("running-headers.pdf");
    expect((await api.app.inject(raw(key, pdf, { query: "pages=1", headers: withKey("conflict-1") }))).statusCode).toBe(200);
    const before = await orgCredits(api, orgId);
    const res = await api.app.inject(raw(key, pdf, { query: "pages=2", headers: withKey("conflict-1") }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ type: "invalid_request_error", code: "idempotency_conflict", param: "headers.idempotency-key" });
    expect(await orgCredits(api, orgId)).toEqual(before);
  });

  it("same key + a different PDF → 409 idempotency_conflict", async () => {
    const { key } = await api.account({ credits: 1_000 });
    expect((await api.app.inject(raw(key, fixturePdf("headings.pdf"), { headers: withKey("conflict-2") }))).statusCode).toBe(200);
    const res = await api.app.inject(raw(key, fixturePdf("code-block.pdf"), { headers: withKey("conflict-2") }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("idempotency_conflict");
  });
});

describe("SPEC Idempotency record: in progress", () => {
  it("a duplicate while the first runs → 409 idempotency_in_progress with Retry-After: 1 at once; the first then completes and is replayed", async () => {
    const { key, orgId } = await api.account({ credits: 1_000 });
    const request = raw(key, fixturePdf("running-headers.pdf"), { query: "pages=1-3", headers: withKey("slow-1") });
    const gate = gateCommit();
    const first = api.app.inject(request);
    await gate.reached; // the first has claimed the key and holds 3 credits, and is waiting
    try {
      const started = Date.now();
      const second = await api.app.inject(request);
      expect(Date.now() - started).toBeLessThan(5_000); // answered at once, not after the first
      expect(second.statusCode).toBe(409);
      expect(second.headers["retry-after"]).toBe("1");
      expect(second.json().error).toMatchObject({ code: "idempotency_in_progress", retryable: true, retry_after_ms: 1_000 });
      // A different body with the key in flight is not run either.
      const other = await api.app.inject(raw(key, fixturePdf("headings.pdf"), { headers: withKey("slow-1") }));
      expect(other.statusCode).toBe(409);
      expect(await orgCredits(api, orgId)).toEqual({ balance: 1_000, held: 3 });
    } finally {
      gate.release();
    }
    const done = await first;
    expect(done.statusCode).toBe(200);
    expect(done.json().usage.credits_charged).toBe(3);
    const replay = await api.app.inject(request);
    expect(replay.headers["idempotency-replayed"]).toBe("true");
    expect(replay.json().id).toBe(done.json().id);
    expect((await ledger(api, key)).filter((e) => e.kind === "charge")).toHaveLength(1);
    expect(await orgCredits(api, orgId)).toEqual({ balance: 997, held: 0 });
  });
});

describe("DECISIONS: invalid Idempotency-Key → 400 invalid_parameter_type, param headers.idempotency-key", () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await api.account({ credits: 1_000 }));
  });

  it.each([
    ["empty", ""],
    ["256 characters", "k".repeat(256)],
    ["non-ASCII", "clé-1"],
    ["a control character", "key\u0007bell"],
  ])("%s", async (_label, value) => {
    const res = await api.app.inject(raw(key, fixturePdf("headings.pdf"), { headers: withKey(value) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "invalid_parameter_type", param: "headers.idempotency-key" });
  });

  it("255 printable ASCII characters (spaces and symbols included) are accepted", async () => {
    const value = `a b~!${"z".repeat(250)}`;
    expect(value).toHaveLength(255);
    const res = await api.app.inject(raw(key, fixturePdf("headings.pdf"), { headers: withKey(value) }));
    expect(res.statusCode).toBe(200);
  });
});

describe("SPEC §Authentication rule 10: idempotency records are scoped to the organization", () => {
  it("the same key in two organizations is two independent records", async () => {
    const one = await api.account({ credits: 500 });
    const two = await api.account({ credits: 500 });
    const a = await api.app.inject(raw(one.key, fixturePdf("headings.pdf"), { headers: withKey("shared-key") }));
    const b = await api.app.inject(raw(two.key, fixturePdf("code-block.pdf"), { headers: withKey("shared-key") }));
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.headers["idempotency-replayed"]).toBeUndefined();
    expect(b.json().id).not.toBe(a.json().id);
    expect((await orgCredits(api, two.orgId)).balance).toBe(499);
  });
});

describe("Retryable failures are not stored: the retry the retry rules invite can succeed", () => {
  it("402 insufficient_credits, then a top-up, then the same key + request → 200, not a replay of the 402", async () => {
    const { key, orgId } = await api.account({ credits: 0 });
    const request = raw(key, fixturePdf("running-headers.pdf"), { query: "pages=1-2", headers: withKey("topup-1") });
    const refused = await api.app.inject(request);
    expect(refused.statusCode).toBe(402);
    await grantGoodwill(api.store, orgId, 10);
    const retried = await api.app.inject(request);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers["idempotency-replayed"]).toBeUndefined();
    expect(retried.json().usage).toMatchObject({ credits_charged: 2, credit_balance_after: 8 });
    // Now completed: replayed from here on, billed once.
    const replay = await api.app.inject(request);
    expect(replay.headers["idempotency-replayed"]).toBe("true");
    expect(await orgCredits(api, orgId)).toEqual({ balance: 8, held: 0 });
  });

  it("a 500 from the engine is not stored either: the retry converts", async () => {
    const { key } = await api.account({ credits: 100 });
    // More pages than one layout task, so that a layout round follows the open (pool.ts).
    const request = raw(key, bookPdf(), { query: "pages=1-10", headers: withKey("fault-1") });
    failPoolOnce(api.deps.pool, "layOut");
    expect((await api.app.inject(request)).statusCode).toBe(500);
    const retried = await api.app.inject(request);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers["idempotency-replayed"]).toBeUndefined();
  });
});
