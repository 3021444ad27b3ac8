// Starting a purchase and the sandbox's hosted checkout: limits refused before any checkout
// exists (the message names the limit and by how much), a top-up smaller than the debt
// refused naming the pack required, and the sandbox page whose Pay grants the pack (+ bonus,
// rounded up) exactly once, by a signed notification over HTTP.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packByUsd, packCredits } from "../../src/config/rate_card.js";
import { startCheckout } from "../../src/payments/checkout.js";
import { SandboxProcessor } from "../../src/payments/sandbox.js";
import { placeHold, settleHold } from "../../src/store/credits.js";
import { reversePurchase } from "../../src/store/payments.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { expectEnvelope } from "../support/api_checks.js";
import { freePort, orgRow, paymentsApp, purchaseRow, TEST_SANDBOX_SECRET } from "./support.js";

const DAY_MS = 24 * 60 * 60 * 1000;
let nowMs = Date.now();
const now = () => nowMs;
let api: TestApi;
// Pages served over real HTTP: Pay posts the notification to {base_url}/webhooks/sandbox.
let live: { app: FastifyInstance; sandbox: SandboxProcessor; baseUrl: string };
// The harness's base URL (http://svc.test) cannot be reached: Pay falls back to in-process.
let offline: { app: FastifyInstance; sandbox: SandboxProcessor };

beforeAll(async () => {
  api = await startTestApi({ now });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const liveSandbox = new SandboxProcessor(TEST_SANDBOX_SECRET, { baseUrl, now });
  const liveApp = await paymentsApp({ ...api.deps, baseUrl }, liveSandbox);
  await liveApp.listen({ port, host: "127.0.0.1" });
  live = { app: liveApp, sandbox: liveSandbox, baseUrl };
  const offlineSandbox = new SandboxProcessor(TEST_SANDBOX_SECRET, { baseUrl: api.deps.baseUrl, now });
  offline = { app: await paymentsApp(api.deps, offlineSandbox), sandbox: offlineSandbox };
});
afterAll(async () => {
  await live?.app.close();
  await offline?.app.close();
  await api?.close();
});

const start = (sandbox: SandboxProcessor, orgId: string, packUsd: number) =>
  startCheckout({ store: api.store, baseUrl: api.deps.baseUrl, processor: sandbox }, { orgId, email: "buyer@example.com", packUsd });

async function purchaseCount(orgId: string): Promise<number> {
  return Number((await api.store.db.query<{ n: number }>("SELECT count(*)::int AS n FROM purchases WHERE org_id = $1", [orgId])).rows[0].n);
}

describe("startCheckout: limits before checkout", () => {
  it("refuses over the trust tier's top-up limit, naming the limit and the excess, with no purchase recorded", async () => {
    const { orgId } = await api.account();
    const r = await start(offline.sandbox, orgId, 500);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toBe("purchase_over_top_up_limit");
    expect(r.message).toBe("Trust tier 1 allows top-ups of at most 100 USD; 500 USD is 400 USD over.");
    expect(await purchaseCount(orgId)).toBe(0);
    const odd = await start(offline.sandbox, orgId, 30);
    expect(odd).toMatchObject({ ok: false, reason: "purchase_not_a_pack" });
  });

  it("refuses past the 24-hour limit once a purchase settled", async () => {
    const { orgId } = await api.account();
    const first = await start(offline.sandbox, orgId, 100);
    if (!first.ok) throw new Error(first.message);
    await pay(offline.app, first.url, "usd");
    const r = await start(offline.sandbox, orgId, 25);
    expect(r).toMatchObject({ ok: false, reason: "purchase_over_daily_limit" });
    if (!r.ok) expect(r.message).toContain("Trust tier 1 allows 100 USD per 24 hours; 100 USD settled in the last 24 hours plus 25 USD is 25 USD over.");
  });

  it("refuses a top-up smaller than the debt, naming the amount required", async () => {
    const { orgId } = await api.account();
    const first = await start(offline.sandbox, orgId, 100);
    if (!first.ok) throw new Error(first.message);
    await pay(offline.app, first.url, "usd");
    // A week on (past the new-account burn cap), spend 60,000 of the 220,000; then the
    // payment is reversed: 60,000 owed.
    nowMs += 8 * DAY_MS;
    for (let left = 60_000; left > 0; left -= 200) {
      const h = await placeHold(api.store, { orgId, requestId: "req_spend", credits: 200, rateCardVersion: 1 });
      if (!h.ok) throw new Error(h.code);
      await settleHold(api.store, h.holdId, { charged: 200, reference: null });
    }
    const reversed = await reversePurchase(api.store, first.purchaseId, "reversal");
    expect(reversed).toMatchObject({ ok: true, debtAfter: 60_000 });
    const r = await start(offline.sandbox, orgId, 25);
    expect(r).toMatchObject({ ok: false, reason: "purchase_below_debt", code: "account_delinquent", details: { debt_credits: 60_000, pack_usd_required: 100 } });
    if (!r.ok) expect(r.message).toBe("The account owes 60,000 credits; the 25 USD pack grants 50,000, 10,000 short. Buy the 100 USD pack or a larger one.");
  });
});

/** Submits the checkout page's form as a browser would. */
async function pay(app: FastifyInstance, url: string, currency: string, action: "pay" | "cancel" = "pay") {
  const u = new URL(url);
  const form = new URLSearchParams({ session: u.searchParams.get("session") ?? "", currency });
  return app.inject({ method: "POST", url: `${u.pathname}/${action}`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: form.toString() });
}

describe("the sandbox's hosted checkout", () => {
  it("renders the pack, the USD amount and a currency selector defaulting to USD", async () => {
    const { orgId } = await api.account();
    const r = await start(live.sandbox, orgId, 100);
    if (!r.ok) throw new Error(r.message);
    expect(r.url.startsWith(`${live.baseUrl}/sandbox/checkout/${r.processorRef}?session=`)).toBe(true);
    const page = await fetch(r.url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const text = await page.text();
    expect(text).toContain("Sandbox payments");
    expect(text).toContain("100.00 USD");
    expect(text).toContain("220,000 credits (200,000 + 20,000 bonus)");
    expect(text).toMatch(/<option value="usd" selected>USD<\/option>/);
    expect(text).toContain('<option value="eur">EUR</option>');
    expect(text).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
  });

  it("Pay sends the signed notification over HTTP and grants the pack + bonus exactly once", async () => {
    const { orgId } = await api.account();
    const r = await start(live.sandbox, orgId, 100);
    if (!r.ok) throw new Error(r.message);
    const expected = packCredits(packByUsd(100)!).total;
    expect(expected).toBe(220_000);
    const arrived: string[] = [];
    const seen = (req: { url?: string }) => void arrived.push(req.url ?? "");
    live.app.server.on("request", seen);
    for (let i = 0; i < 2; i++) {
      const res = await pay(live.app, r.url, "usd");
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`${api.deps.baseUrl}/console/credits/return?purchase=${r.purchaseId}`);
    }
    live.app.server.off("request", seen);
    // Both notifications came in over the socket (the second a redelivery of the same event).
    expect(arrived).toEqual(["/webhooks/sandbox", "/webhooks/sandbox"]);
    expect(await orgRow(api.store, orgId)).toMatchObject({ credit_balance: expected, debt_credits: 0 });
    expect(await purchaseRow(api.store, r.purchaseId)).toMatchObject({ status: "settled", processor: "sandbox", processor_ref: r.processorRef });
  });

  it("without a reachable base URL Pay delivers in-process; EUR is refunded and grants nothing", async () => {
    const { orgId } = await api.account();
    const r = await start(offline.sandbox, orgId, 25);
    if (!r.ok) throw new Error(r.message);
    expect((await pay(offline.app, r.url, "eur")).statusCode).toBe(303);
    expect(await purchaseRow(api.store, r.purchaseId)).toMatchObject({ status: "rejected_currency", currency: "eur" });
    expect(offline.sandbox.refunds.get(r.processorRef)).toBe(2_500);
    expect(await orgRow(api.store, orgId)).toMatchObject({ credit_balance: 0 });
  });

  it("Cancel returns to the cancel URL and grants nothing; a tampered or unknown session is 404", async () => {
    const { orgId } = await api.account();
    const r = await start(offline.sandbox, orgId, 25);
    if (!r.ok) throw new Error(r.message);
    const cancel = await pay(offline.app, r.url, "usd", "cancel");
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`${api.deps.baseUrl}/console/credits?checkout=cancelled`);
    expect(await purchaseRow(api.store, r.purchaseId)).toMatchObject({ status: "pending" });

    const tampered = r.url.replace(/session=./, (m) => (m.endsWith("A") ? "session=B" : "session=A"));
    const page = await offline.app.inject({ method: "GET", url: tampered.slice(api.deps.baseUrl.length) });
    expect(page.statusCode).toBe(404);
    expectEnvelope(page, "resource_not_found");
    const other = await offline.app.inject({ method: "GET", url: new URL(r.url).pathname.replace(r.processorRef, "pay_sbx_other") + new URL(r.url).search });
    expect(other.statusCode).toBe(404);
    const badCurrency = await pay(offline.app, r.url, "xyz");
    expect(badCurrency.statusCode).toBe(400);
    expect(expectEnvelope(badCurrency, "invalid_parameter_type").param).toBe("currency");
    expect(await orgRow(api.store, orgId)).toMatchObject({ credit_balance: 0 });
  });
});
