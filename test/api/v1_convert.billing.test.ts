// POST /v1/convert billing: SPEC §Cost function, §Credit hold, §Where credit information is
// reported, the result cache (behaviour rule 4, DECISIONS §Conversion) and test keys
// (SPEC §Authentication rule 7, DECISIONS §Auth). Holds are observed in flight by gating the
// engine pool's next extract call (test/support/convert.ts): by then the hold is placed.
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api.js";
import {
  criticalPages,
  failPoolOnce,
  filePart,
  fixturePdf,
  gateCommit,
  jsonBody,
  ledger,
  multipart,
  optionsPart,
  orgCredits,
  passwordPart,
  raw,
} from "../support/convert.js";
import { bookPdf, noTextLayerPdf } from "../support/documents.js";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

type Inject = InjectOptions;

/** Runs `request` with the next extract gated; returns the org's hold while it waits. */
async function heldDuring(orgId: string, request: Inject): Promise<{ held: number; res: LightMyRequestResponse }> {
  const gate = gateCommit();
  const pending = api.app.inject(request);
  await gate.reached;
  const { held } = await orgCredits(api, orgId);
  gate.release();
  return { held, res: await pending };
}

describe("SPEC §Cost function", () => {
  it("charged = pages_billed; page_has_no_text_layer pages are not billed and appear in usage.pages_not_billed (the invariant both ways)", async () => {
    const { key, orgId } = await api.account({ credits: 500 });
    const res = await api.app.inject(raw(key, fixturePdf("blank-middle-page.pdf"), { query: "page_markers=none" }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const noText = body.warnings.find((w: { code: string }) => w.code === "page_has_no_text_layer");
    expect(noText).toMatchObject({ severity: "critical", scope: "page", pages: [2], billed: false });
    expect(criticalPages(body.warnings)).toEqual(body.usage.pages_not_billed);
    expect(body.usage).toMatchObject({ pages_processed: 3, pages_billed: 2, pages_not_billed: [2], credits_charged: 2, credit_balance_after: 498 });
    expect(body.usage.line_items).toEqual([{ kind: "page_convert", quantity: 2, credits: 2 }]);
    expect(body.document.quality.text_layer_coverage).toBe(0.6667);
    expect(body.pages.map((p: { page: number }) => p.page)).toEqual([1, 2, 3]);
    expect(await orgCredits(api, orgId)).toEqual({ balance: 498, held: 0 });
  });

  it("a document with no text on any page → 422 document_has_no_text_layer, billed 0", async () => {
    const { key, orgId } = await api.account({ credits: 500 });
    const res = await api.app.inject(raw(key, noTextLayerPdf()));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ type: "document_error", code: "document_has_no_text_layer" });
    expect(await orgCredits(api, orgId)).toEqual({ balance: 500, held: 0 });
  });

  it("DECISIONS §Clarifications: a selection in which no page has text (page 2 of blank-middle-page) → 422 document_has_no_text_layer, billed 0", async () => {
    const { key, orgId } = await api.account({ credits: 500 });
    const res = await api.app.inject(raw(key, fixturePdf("blank-middle-page.pdf"), { query: "pages=2" }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("document_has_no_text_layer");
    expect(await orgCredits(api, orgId)).toEqual({ balance: 500, held: 0 });
  });

  it("every 4xx and 5xx bills 0 and leaves credits_held at 0 (SPEC Cost function table; Credit hold state table)", async () => {
    const { key, orgId } = await api.account({ credits: 300 });
    const pdf = fixturePdf("running-headers.pdf");
    const cases: [Inject, number, string][] = [
      [{ ...raw(key, pdf), headers: { authorization: `Bearer ${key}`, "content-type": "text/plain" } }, 415, "unsupported_content_type"],
      [raw(key, pdf, { query: "colour=blue" }), 400, "unknown_parameter"],
      [jsonBody(key, { source: { type: "file_id", file_id: "file_x" } }), 404, "file_not_found"],
      [raw(key, pdf, { query: "engine=svc-md-0" }), 404, "engine_not_found"],
      [raw(key, pdf, { query: "pages=3-1" }), 422, "page_range_reversed"],
      [raw(key, pdf, { query: "pages=7" }), 422, "page_range_out_of_bounds"],
      [raw(key, pdf, { headers: { accept: "image/png" } }), 406, "unsupported_accept"],
      [raw(key, fixturePdf("encrypted.pdf")), 422, "pdf_encrypted"],
      [multipart(key, [filePart(fixturePdf("encrypted.pdf")), passwordPart("nope")]), 422, "pdf_password_incorrect"],
      [raw(key, fixturePdf("permissions-no-copy.pdf")), 403, "pdf_extraction_not_permitted"],
      [raw(key, fixturePdf("blank-middle-page.pdf"), { query: "pages=2" }), 422, "document_has_no_text_layer"],
      [raw(key, Buffer.from("not a pdf")), 422, "pdf_invalid"],
    ];
    for (const [request, status, code] of cases) {
      const res = await api.app.inject(request);
      expect({ status: res.statusCode, code: res.json().error?.code }).toEqual({ status, code });
      expect(res.headers["x-credits-charged"]).toBeUndefined();
      expect(await orgCredits(api, orgId)).toEqual({ balance: 300, held: 0 });
    }
    // A server fault after the hold was placed: 500 internal_error, hold released, billed 0.
    // (More pages than one layout task: a smaller selection is converted with the open,
    // before the hold, so its layout round is the open.)
    failPoolOnce(api.deps.pool, "layOut");
    const fault = await api.app.inject(raw(key, bookPdf(), { query: "pages=1-10" }));
    expect(fault.statusCode).toBe(500);
    expect(fault.json().error).toMatchObject({ code: "internal_error", type: "api_error", retryable: true });
    expect(await orgCredits(api, orgId)).toEqual({ balance: 300, held: 0 });
    // The same in the render round, once every page was laid out (a selection of more than
    // one layout task renders in a round of its own).
    failPoolOnce(api.deps.pool, "render");
    const late = await api.app.inject(raw(key, bookPdf(), { query: "pages=1-12" }));
    expect(late.statusCode).toBe(500);
    expect(late.json().error).toMatchObject({ code: "internal_error", retryable: true });
    expect(await orgCredits(api, orgId)).toEqual({ balance: 300, held: 0 });
    // The ledger saw no movement but the grant.
    expect((await ledger(api, key)).map((e) => e.kind)).toEqual(["goodwill"]);
  });
});

describe("SPEC §Credit hold", () => {
  it("a bounded expression holds exactly its count, clipped or not: `1-10` on a 3-page document holds 10, charges 3, then holds 0", async () => {
    const { key, orgId } = await api.account({ credits: 500 });
    const { held, res } = await heldDuring(orgId, raw(key, fixturePdf("running-headers.pdf"), { query: "pages=1-10" }));
    expect(held).toBe(10);
    expect(res.statusCode).toBe(200);
    expect(res.json().usage).toMatchObject({ pages_billed: 3, credits_charged: 3, credit_balance_after: 497 });
    expect(await orgCredits(api, orgId)).toEqual({ balance: 497, held: 0 });
  });

  it("a bounded expression with overlaps holds its unique count: `1-2,2-3` holds 3", async () => {
    const { key, orgId } = await api.account({ credits: 500 });
    const { held, res } = await heldDuring(orgId, raw(key, fixturePdf("running-headers.pdf"), { query: "pages=1-2,2-3" }));
    expect(held).toBe(3);
    expect(res.json().usage.credits_charged).toBe(3);
  });

  it("pages omitted, or an open range (`2-last`), holds 200", async () => {
    const { key, orgId } = await api.account({ credits: 500 });
    const omitted = await heldDuring(orgId, raw(key, fixturePdf("running-headers.pdf")));
    expect(omitted.held).toBe(200);
    expect(omitted.res.json().usage.credits_charged).toBe(3);
    const open = await heldDuring(orgId, raw(key, fixturePdf("running-headers.pdf"), { query: "pages=2-last" }));
    expect(open.held).toBe(200);
    expect(open.res.json().usage.credits_charged).toBe(2);
    expect(await orgCredits(api, orgId)).toEqual({ balance: 495, held: 0 });
  });

  it("balance below the hold → 402 insufficient_credits; details.credits_required is the bounded count (`1-5,3-7` → 7), not the true cost", async () => {
    const { key, orgId } = await api.account({ credits: 5 });
    const res = await api.app.inject(raw(key, fixturePdf("running-headers.pdf"), { query: "pages=1-5,3-7" }));
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({
      type: "payment_required_error",
      code: "insufficient_credits",
      retryable: false,
      details: { credits_required: 7, credits_available: 5, top_up_url: expect.stringMatching(/^http/) },
    });
    expect(await orgCredits(api, orgId)).toEqual({ balance: 5, held: 0 });
    // The same document with a hold that fits converts: 3 pages held and charged.
    const fits = await api.app.inject(raw(key, fixturePdf("running-headers.pdf"), { query: "pages=1-3" }));
    expect(fits.json().usage).toMatchObject({ credits_charged: 3, credit_balance_after: 2 });
  });

  it("an unbounded request with less than 200 credits → 402 with credits_required 200, even for a 3-page document", async () => {
    const { key } = await api.account({ credits: 199 });
    const res = await api.app.inject(raw(key, fixturePdf("running-headers.pdf")));
    expect(res.statusCode).toBe(402);
    expect(res.json().error.details).toMatchObject({ credits_required: 200, credits_available: 199 });
  });
});

describe("SPEC §Where credit information is reported: the ledger", () => {
  it("one charge entry per billed conversion, reference = the conversion id, balance_after = usage.credit_balance_after; none for failures", async () => {
    const { key } = await api.account({ credits: 1_000 });
    const first = (await api.app.inject(raw(key, fixturePdf("blank-middle-page.pdf")))).json();
    const failed = await api.app.inject(raw(key, fixturePdf("running-headers.pdf"), { query: "pages=9" }));
    expect(failed.statusCode).toBe(422);
    const second = (await api.app.inject(raw(key, fixturePdf("running-headers.pdf"), { query: "pages=1-2" }))).json();
    const entries = await ledger(api, key);
    expect(entries.map((e) => e.kind)).toEqual(["goodwill", "charge", "charge"]);
    const charges = entries.filter((e) => e.kind === "charge");
    expect(charges[0]).toMatchObject({ reference: first.id, credits: -first.usage.credits_charged, balance_after: first.usage.credit_balance_after });
    expect(charges[1]).toMatchObject({ reference: second.id, credits: -second.usage.credits_charged, balance_after: second.usage.credit_balance_after });
    expect(charges.map((e) => e.credits)).toEqual([-2, -2]);
    expect(charges[1].balance_after).toBe(1_000 - 4);
    for (const c of charges) expect(c.request_id).toMatch(/^req_/);
  });
});

describe("SPEC behaviour rule 4 and DECISIONS §Conversion: the result cache", () => {
  it("the same PDF and options again → usage.cache hit, billed at full rate, a new conversion id; GET /v1/conversions/{id} returns each stored body", async () => {
    const { key } = await api.account({ credits: 1_000 });
    const request = raw(key, fixturePdf("blank-middle-page.pdf"), { query: "page_markers=rule" });
    const miss = await api.app.inject(request);
    const hit = await api.app.inject(request);
    const a = miss.json();
    const b = hit.json();
    expect(a.usage).toMatchObject({ cache: "miss", pages_billed: 2, credits_charged: 2, credit_balance_after: 998 });
    expect(b.usage).toMatchObject({ cache: "hit", pages_billed: 2, pages_not_billed: [2], credits_charged: 2, credit_balance_after: 996 });
    expect(b.usage.line_items).toEqual([{ kind: "page_convert", quantity: 2, credits: 2 }]);
    expect(b.id).not.toBe(a.id);
    expect(b.markdown).toBe(a.markdown);
    expect(b.document).toEqual(a.document);
    expect(b.warning_summary).toEqual(a.warning_summary);
    expect(hit.headers["x-credits-charged"]).toBe("2");
    for (const [res, original] of [[miss, a], [hit, b]] as const) {
      const got = await api.app.inject({ method: "GET", url: `/v1/conversions/${original.id}`, headers: { authorization: `Bearer ${key}` } });
      expect(got.statusCode).toBe(200);
      expect(got.json()).toEqual(res.json());
    }
    const charges = (await ledger(api, key)).filter((e) => e.kind === "charge");
    expect(charges.map((e) => e.reference)).toEqual([a.id, b.id]);
  });

  it("SPEC §Credit hold: a cache hit holds what the request shape holds (pages omitted → 200), as a miss would", async () => {
    // 201 credits: the first (a miss) holds 200 and charges 1, leaving 200; the second (a hit)
    // holds 200 and charges 1, leaving 199; the third cannot hold 200 → 402, hit or not.
    const { key, orgId } = await api.account({ credits: 201 });
    const pdf = fixturePdf("headings.pdf");
    expect((await api.app.inject(raw(key, pdf))).json().usage).toMatchObject({ cache: "miss", credit_balance_after: 200 });
    const second = await api.app.inject(raw(key, pdf));
    expect(second.json().usage).toMatchObject({ cache: "hit", credit_balance_after: 199 });
    const third = await api.app.inject(raw(key, pdf));
    expect(third.statusCode).toBe(402);
    expect(third.json().error.details).toMatchObject({ credits_required: 200, credits_available: 199 });
    expect(await orgCredits(api, orgId)).toEqual({ balance: 199, held: 0 });
  });

  it("a password-protected upload is never served from the cache", async () => {
    const { key } = await api.account({ credits: 1_000 });
    const request = multipart(key, [filePart(fixturePdf("encrypted.pdf")), passwordPart("secret")]);
    const first = (await api.app.inject(request)).json();
    const second = (await api.app.inject(request)).json();
    expect([first.usage.cache, second.usage.cache]).toEqual(["miss", "miss"]);
    expect(second.usage.credits_charged).toBe(1);
  });

  it("the cache is never shared across organizations", async () => {
    const one = await api.account({ credits: 500 });
    const two = await api.account({ credits: 500 });
    const pdf = fixturePdf("code-block.pdf");
    expect((await api.app.inject(raw(one.key, pdf))).json().usage.cache).toBe("miss");
    expect((await api.app.inject(raw(one.key, pdf))).json().usage.cache).toBe("hit");
    expect((await api.app.inject(raw(two.key, pdf))).json().usage.cache).toBe("miss");
  });

  it("different options are a different result: no hit", async () => {
    const { key } = await api.account({ credits: 1_000 });
    const pdf = fixturePdf("table-ruled.pdf");
    expect((await api.app.inject(raw(key, pdf, { query: "tables=gfm" }))).json().usage.cache).toBe("miss");
    expect((await api.app.inject(raw(key, pdf, { query: "tables=html" }))).json().usage.cache).toBe("miss");
    expect((await api.app.inject(multipart(key, [filePart(pdf), optionsPart({ tables: "html" })]))).json().usage.cache).toBe("hit");
  });
});

describe("SPEC §Authentication rule 7 and DECISIONS: test keys", () => {
  it("bill 0 credits whatever the balance (even 0), and report pages_billed and pages_not_billed as a live key would", async () => {
    const { key, orgId } = await api.account({ env: "test" });
    const res = await api.app.inject(raw(key, fixturePdf("blank-middle-page.pdf")));
    expect(res.statusCode).toBe(200);
    expect(res.json().usage).toMatchObject({ pages_processed: 3, pages_billed: 2, pages_not_billed: [2], credits_charged: 0, credit_balance_after: 0 });
    expect(res.json().usage.line_items).toEqual([{ kind: "page_convert", quantity: 2, credits: 0 }]);
    expect(res.headers["x-credits-charged"]).toBe("0");
    expect(res.headers["x-svc-pages-billed"]).toBe("2");
    expect(await orgCredits(api, orgId)).toEqual({ balance: 0, held: 0 });
  });

  it("a funded organization's test key charges 0 and holds nothing", async () => {
    const test = await api.account({ env: "test", credits: 50 });
    const orgId = test.orgId;
    const gate = gateCommit();
    const pending = api.app.inject(raw(test.key, fixturePdf("running-headers.pdf")));
    await gate.reached;
    expect(await orgCredits(api, orgId)).toEqual({ balance: 50, held: 0 });
    gate.release();
    const res = await pending;
    expect(res.json().usage).toMatchObject({ pages_billed: 3, credits_charged: 0, credit_balance_after: 50 });
    expect((await ledger(api, test.key)).map((e) => e.kind)).toEqual(["goodwill"]);
  });

  it("more than 5 selected pages → 413 too_many_pages with details.max_selected_pages 5; 5 pages pass", async () => {
    const { key } = await api.account({ env: "test" });
    const book = bookPdf();
    const res = await api.app.inject(raw(key, book, { query: "pages=11-16" }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: "too_many_pages", details: { pages_selected_count: 6, max_selected_pages: 5 } });
    const five = await api.app.inject(raw(key, book, { query: "pages=11-15" }));
    expect(five.statusCode).toBe(200);
    expect(five.json().usage).toMatchObject({ pages_billed: 5, credits_charged: 0 });
  });

  describe("X-Svc-Simulate", () => {
    let testKey: string;
    beforeAll(async () => {
      ({ key: testKey } = await api.account({ env: "test" }));
    });
    const simulate = (code: string, key = testKey) => api.app.inject(raw(key, fixturePdf("headings.pdf"), { headers: { "x-svc-simulate": code } }));

    it("insufficient_credits → 402 payment_required_error with details credits_required, credits_available, top_up_url", async () => {
      const res = await simulate("insufficient_credits");
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toMatchObject({
        type: "payment_required_error",
        code: "insufficient_credits",
        retryable: false,
        details: { credits_required: expect.any(Number), credits_available: expect.any(Number), top_up_url: expect.any(String) },
      });
    });

    it("rate_limit_requests → 429 with Retry-After and the x-ratelimit-* set; retry_after_ms agrees", async () => {
      const res = await simulate("rate_limit_requests");
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatchObject({ type: "rate_limit_error", code: "rate_limit_requests", retryable: true });
      expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(res.json().error.retry_after_ms).toBe(Number(res.headers["retry-after"]) * 1000);
      for (const h of ["limit-requests", "remaining-requests", "reset-requests", "limit-pages", "remaining-pages", "reset-pages", "limit-concurrency", "remaining-concurrency", "scope"]) {
        expect(res.headers[`x-ratelimit-${h}`]).toBeDefined();
      }
    });

    it("the 401 codes carry WWW-Authenticate", async () => {
      for (const code of ["missing_api_key", "invalid_api_key", "revoked_api_key", "expired_api_key"]) {
        const res = await simulate(code);
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toMatchObject({ type: "authentication_error", code });
        expect(res.headers["www-authenticate"]).toBe('Bearer realm="svc", error="invalid_token"');
      }
    });

    it("other codes answer their own status and type: account_delinquent (details), conversion_timeout 504, overloaded 503 (Retry-After), method_not_allowed 405 (Allow)", async () => {
      const delinquent = await simulate("account_delinquent");
      expect(delinquent.statusCode).toBe(402);
      expect(delinquent.json().error.details).toMatchObject({ debt_credits: expect.any(Number), credits_required_to_resume: expect.any(Number) });
      const timeout = await simulate("conversion_timeout");
      expect(timeout.statusCode).toBe(504);
      expect(timeout.json().error).toMatchObject({ type: "timeout_error", details: { pages_completed: expect.any(Number) } });
      const overloaded = await simulate("overloaded");
      expect(overloaded.statusCode).toBe(503);
      expect(overloaded.json().error.type).toBe("overloaded_error");
      expect(overloaded.headers["retry-after"]).toBeDefined();
      const method = await simulate("method_not_allowed");
      expect(method.statusCode).toBe(405);
      expect(method.headers.allow).toBeDefined();
      const tooMany = await simulate("too_many_pages");
      expect(tooMany.json().error.details).toMatchObject({ max_selected_pages: 5 });
    });

    it("an unknown value → 422 unsupported_option_value, param headers.x-svc-simulate", async () => {
      const res = await simulate("not_a_code");
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code: "unsupported_option_value", param: "headers.x-svc-simulate" });
    });

    it("a simulated error bills 0 (no hold, no charge)", async () => {
      const { key, orgId } = await api.account({ env: "test", credits: 10 });
      await api.app.inject(raw(key, fixturePdf("headings.pdf"), { headers: { "x-svc-simulate": "internal_error" } }));
      expect(await orgCredits(api, orgId)).toEqual({ balance: 10, held: 0 });
    });

    it("on a live key the header is ignored, not refused: the conversion runs and bills", async () => {
      const { key } = await api.account({ credits: 300 });
      for (const code of ["insufficient_credits", "not_a_code"]) {
        const res = await simulate(code, key);
        expect(res.statusCode).toBe(200);
      }
    });
  });
});
