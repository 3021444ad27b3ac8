// The Stripe adapter without Stripe: webhooks signed here with the SDK's own
// generateTestHeaderString and verified against the raw body with the 300 s tolerance; API
// calls (Checkout Session, refund, the dispute's session lookup) answered by a fake
// transport injected through the SDK's `httpClient` option.
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { startCheckout } from "../../src/payments/checkout.js";
import { selectProcessor } from "../../src/payments/select.js";
import { StripeProcessor } from "../../src/payments/stripe.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { expectEnvelope } from "../support/api_checks.js";
import { orgRow, paymentEvents, paymentsApp, purchaseRow, riskEvents } from "./support.js";

const WEBHOOK_SECRET = "whsec_test_0123456789abcdefghijklmnopqrstuv";

interface Call { method: string; path: string; headers: Record<string, unknown>; body: URLSearchParams }

/** Answers Stripe API calls from `routes` (method + path prefix → JSON), recording each. */
class FakeStripeHttp implements Stripe.HttpClient {
  readonly calls: Call[] = [];
  constructor(private readonly routes: Array<[string, (call: Call) => unknown]>) {}
  getClientName(): string {
    return "fake";
  }
  async makeRequest(_host: string, _port: string, path: string, method: string, headers: object, requestData: string): Promise<Stripe.HttpClientResponse> {
    const call: Call = { method, path, headers: headers as Record<string, unknown>, body: new URLSearchParams(requestData ?? "") };
    this.calls.push(call);
    const route = this.routes.find(([key]) => `${method} ${path}`.startsWith(key));
    const json = route ? route[1](call) : { error: { type: "invalid_request_error", message: `no fake for ${method} ${path}` } };
    const status = route ? 200 : 404;
    return {
      getStatusCode: () => status,
      getHeaders: () => ({ "request-id": "req_fake" }),
      // The SDK hangs the response headers on this object (lastResponse).
      getRawResponse: () => ({}),
      toStream: () => null,
      toJSON: async () => json,
    };
  }
}

let api: TestApi;
let app: FastifyInstance;
let http: FakeStripeHttp;
let stripe: StripeProcessor;
const sessions = new Map<string, { id: string; payment_intent: string; amount_total: number }>();

beforeAll(async () => {
  api = await startTestApi();
  http = new FakeStripeHttp([
    ["POST /v1/checkout/sessions", (c) => {
      const id = `cs_test_${sessions.size + 1}`;
      sessions.set(id, { id, payment_intent: `pi_test_${sessions.size + 1}`, amount_total: Number(c.body.get("line_items[0][price_data][unit_amount]")) });
      return { id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` };
    }],
    ["GET /v1/checkout/sessions?", (c) => {
      const pi = new URL(`https://x${c.path}`).searchParams.get("payment_intent");
      return { object: "list", has_more: false, data: [...sessions.values()].filter((s) => s.payment_intent === pi).map((s) => ({ ...s, object: "checkout.session" })) };
    }],
    ["GET /v1/checkout/sessions/", (c) => ({ ...sessions.get(c.path.split("/").pop()!), object: "checkout.session" })],
    ["POST /v1/refunds", () => ({ id: "re_test_1", object: "refund" })],
  ]);
  stripe = selectProcessor({
    baseUrl: api.deps.baseUrl,
    env: { PAYMENTS_PROCESSOR: "stripe", STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    stripeHttpClient: http,
  }) as StripeProcessor;
  app = await paymentsApp(api.deps, stripe);
});
afterAll(async () => {
  await app?.close();
  await api?.close();
});

function signed(event: object, timestampSec = Math.floor(Date.now() / 1000), secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSec }) };
}

const post = (s: { payload: string; header: string }) =>
  app.inject({ method: "POST", url: "/webhooks/stripe", headers: { "content-type": "application/json", "stripe-signature": s.header }, payload: s.payload });

function completed(eventId: string, sessionId: string, orgId: string, packUsd: number, currency = "usd") {
  return {
    id: eventId, object: "event", type: "checkout.session.completed",
    data: { object: { id: sessionId, object: "checkout.session", payment_status: "paid", currency, amount_total: packUsd * 100, metadata: { org_id: orgId, pack_usd: String(packUsd) } } },
  };
}

async function checkout(packUsd: number) {
  const { orgId } = await api.account();
  const r = await startCheckout({ ...api.deps, processor: stripe }, { orgId, email: "buyer@example.com", packUsd });
  if (!r.ok) throw new Error(r.message);
  return { orgId, ...r };
}

describe("Stripe adapter", () => {
  it("selectProcessor refuses stripe without its keys", () => {
    expect(() => selectProcessor({ baseUrl: "", env: { PAYMENTS_PROCESSOR: "stripe" } })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
  });

  it("createCheckout makes a payment-mode Checkout Session with one line item and our metadata", async () => {
    const c = await checkout(100);
    expect(c.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(await purchaseRow(api.store, c.purchaseId)).toMatchObject({ status: "pending", processor: "stripe", processor_ref: c.processorRef });
    const call = http.calls.find((x) => x.method === "POST" && x.path === "/v1/checkout/sessions")!;
    expect(Object.fromEntries(call.body)).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "10000",
      client_reference_id: c.purchaseId,
      customer_email: "buyer@example.com",
      "metadata[org_id]": c.orgId,
      "metadata[purchase_id]": c.purchaseId,
      "metadata[pack_usd]": "100",
      success_url: `${api.deps.baseUrl}/console/credits/return?purchase=${c.purchaseId}`,
    });
    expect(call.body.has("line_items[1][quantity]")).toBe(false);
    expect(call.headers["Idempotency-Key"] ?? call.headers["idempotency-key"]).toBe(`svc_checkout_${c.purchaseId}`);
  });

  it("a signed checkout.session.completed grants once; a replay is 200 and grants nothing more", async () => {
    const c = await checkout(100);
    const s = signed(completed("evt_paid_1", c.processorRef, c.orgId, 100));
    expect((await post(s)).statusCode).toBe(200);
    expect((await post(s)).json()).toEqual({ received: true });
    expect(await orgRow(api.store, c.orgId)).toMatchObject({ credit_balance: 220_000 });
    expect(await purchaseRow(api.store, c.purchaseId)).toMatchObject({ status: "settled" });
  });

  it("a bad signature and a stale timestamp are 400 and grant nothing", async () => {
    const c = await checkout(25);
    const forged = signed(completed("evt_forged", c.processorRef, c.orgId, 25), undefined, "whsec_someone_else_entirely_000000000");
    const res = await post(forged);
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res, "invalid_parameter_type")).toMatchObject({ param: "headers.stripe-signature", details: { reason: "bad_signature" } });
    const stale = signed(completed("evt_stale", c.processorRef, c.orgId, 25), Math.floor(Date.now() / 1000) - limits.webhookSignatureAgeMsMax / 1000 - 5);
    expect(expectEnvelope(await post(stale), "invalid_parameter_type").details).toMatchObject({ reason: "stale_timestamp" });
    expect(await orgRow(api.store, c.orgId)).toMatchObject({ credit_balance: 0 });
  });

  it("an unknown event type (charge.refunded) is 200 and ignored", async () => {
    const s = signed({ id: "evt_refunded_1", object: "event", type: "charge.refunded", data: { object: { id: "ch_1", object: "charge" } } });
    expect((await post(s)).statusCode).toBe(200);
    expect((await paymentEvents(api.store, "stripe")).find((e) => e.event_id === "evt_refunded_1")).toMatchObject({ kind: "ignored" });
  });

  it("a session paid in EUR is refunded through the PaymentIntent, once per payment, and grants nothing", async () => {
    const c = await checkout(25);
    expect((await post(signed(completed("evt_eur_1", c.processorRef, c.orgId, 25, "eur")))).statusCode).toBe(200);
    const refund = http.calls.filter((x) => x.path === "/v1/refunds");
    expect(refund).toHaveLength(1);
    expect(refund[0].body.get("payment_intent")).toBe(sessions.get(c.processorRef)!.payment_intent);
    expect(refund[0].body.has("amount")).toBe(false); // the whole payment
    expect(refund[0].headers["Idempotency-Key"] ?? refund[0].headers["idempotency-key"]).toBe(`svc_refund_${c.processorRef}`);
    expect(await purchaseRow(api.store, c.purchaseId)).toMatchObject({ status: "rejected_currency" });
    expect(await orgRow(api.store, c.orgId)).toMatchObject({ credit_balance: 0 });
  });

  it("charge.dispute.created finds the session by PaymentIntent and claws back, leaving debt 0 when unspent", async () => {
    const c = await checkout(25);
    await post(signed(completed("evt_paid_d", c.processorRef, c.orgId, 25)));
    const pi = sessions.get(c.processorRef)!.payment_intent;
    const dispute = signed({ id: "evt_dispute_1", object: "event", type: "charge.dispute.created", data: { object: { id: "dp_1", object: "dispute", charge: "ch_1", payment_intent: pi } } });
    expect((await post(dispute)).statusCode).toBe(200);
    expect((await post(dispute)).statusCode).toBe(200);
    expect(await purchaseRow(api.store, c.purchaseId)).toMatchObject({ status: "reversed" });
    expect(await orgRow(api.store, c.orgId)).toMatchObject({ credit_balance: 0, debt_credits: 0 });
    expect(await riskEvents(api.store, c.orgId)).toEqual(["dispute"]);
    const warning = signed({ id: "evt_efw_1", object: "event", type: "radar.early_fraud_warning.created", data: { object: { id: "issfr_1", object: "radar.early_fraud_warning", charge: "ch_1", payment_intent: pi } } });
    expect((await post(warning)).statusCode).toBe(200);
    expect((await riskEvents(api.store, c.orgId)).sort()).toEqual(["dispute", "fraud_warning"]);
  });
});
