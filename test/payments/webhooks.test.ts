// Webhook security (issue: payments): a notification grants credits only when its signature
// matches the raw body and its timestamp is fresh; a replayed event id changes nothing; an
// unknown type is acknowledged and ignored; a non-USD settlement is refunded and grants
// nothing; a reversal after spending claws back, leaves debt, freezes spending and drops the
// trust tier to 1.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { limits } from "../../src/config/limits.js";
import { startCheckout } from "../../src/payments/checkout.js";
import { SANDBOX_SIGNATURE_HEADER, SandboxProcessor } from "../../src/payments/sandbox.js";
import { verifyLedger } from "../../src/store/ledger.js";
import { trustTier } from "../../src/store/payments.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { expectEnvelope, fixturePdf, pdfHeaders } from "../support/api_checks.js";
import { orgRow, paymentEvents, paymentsApp, purchaseRow, riskEvents, TEST_SANDBOX_SECRET } from "./support.js";

const DAY_MS = 24 * 60 * 60 * 1000;
let nowMs = Date.now();
let api: TestApi;
let app: FastifyInstance;
let sandbox: SandboxProcessor;

beforeAll(async () => {
  api = await startTestApi({ now: () => nowMs });
  sandbox = new SandboxProcessor(TEST_SANDBOX_SECRET, { baseUrl: api.deps.baseUrl, now: () => nowMs });
  app = await paymentsApp(api.deps, sandbox);
});
afterAll(async () => {
  await app?.close();
  await api?.close();
});

/** A funded-by-nothing organization with a pending checkout for `packUsd`. */
async function checkout(packUsd = 100) {
  const { orgId, key } = await api.account();
  const started = await startCheckout({ ...api.deps, processor: sandbox }, { orgId, email: "buyer@example.com", packUsd });
  if (!started.ok) throw new Error(started.message);
  return { orgId, key, purchaseId: started.purchaseId, ref: started.processorRef };
}

function post(body: Buffer, headers: Record<string, string>) {
  return app.inject({ method: "POST", url: "/webhooks/sandbox", headers, payload: body });
}

describe("POST /webhooks/sandbox: verification", () => {
  it("a bad signature is 400 and grants nothing", async () => {
    const c = await checkout();
    const note = sandbox.notification({ type: "payment.settled", processorRef: c.ref, orgId: c.orgId, packUsd: 100, currency: "usd" }, nowMs);
    const forged = new SandboxProcessor("another-secret-of-at-least-32-characters!!", { baseUrl: "", now: () => nowMs });
    const res = await post(note.rawBody, forged.notification({ type: "payment.settled", processorRef: c.ref, orgId: c.orgId, packUsd: 100, currency: "usd" }, nowMs).headers);
    expect(res.statusCode).toBe(400);
    const e = expectEnvelope(res, "invalid_parameter_type");
    expect(e).toMatchObject({ param: `headers.${SANDBOX_SIGNATURE_HEADER}`, details: { reason: "bad_signature" } });

    // A body changed after signing (a bigger pack) fails the same way.
    const tampered = Buffer.from(note.rawBody.toString().replace('"pack_usd":100', '"pack_usd":500'));
    expect((await post(tampered, note.headers)).statusCode).toBe(400);
    // No header at all.
    expect(expectEnvelope(await post(note.rawBody, { "content-type": "application/json" }), "invalid_parameter_type").details).toMatchObject({ reason: "bad_signature" });

    expect(await orgRow(api.store, c.orgId)).toMatchObject({ credit_balance: 0, debt_credits: 0 });
    expect(await purchaseRow(api.store, c.purchaseId)).toMatchObject({ status: "pending" });
  });

  it("a stale timestamp is 400; inside the tolerance it is accepted", async () => {
    const c = await checkout();
    const tolerance = limits.webhookSignatureAgeMsMax;
    const old = sandbox.notification({ type: "payment.settled", processorRef: c.ref, orgId: c.orgId, packUsd: 100, currency: "usd" }, nowMs - tolerance - 1_000);
    const res = await post(old.rawBody, old.headers);
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res, "invalid_parameter_type").details).toMatchObject({ reason: "stale_timestamp" });
    const future = sandbox.notification({ type: "payment.settled", processorRef: c.ref, orgId: c.orgId, packUsd: 100, currency: "usd" }, nowMs + tolerance + 1_000);
    expect((await post(future.rawBody, future.headers)).statusCode).toBe(400);
    expect(await orgRow(api.store, c.orgId)).toMatchObject({ credit_balance: 0 });

    const fresh = sandbox.notification({ type: "payment.settled", processorRef: c.ref, orgId: c.orgId, packUsd: 100, currency: "usd" }, nowMs - tolerance + 5_000);
    expect((await post(fresh.rawBody, fresh.headers)).statusCode).toBe(200);
    expect(await orgRow(api.store, c.orgId)).toMatchObject({ credit_balance: 220_000 });
  });

  it("a signed body that is not JSON is 400 malformed_json; not an event, 400 invalid_parameter_type", async () => {
    const junk = Buffer.from("{not json");
    const res = await post(junk, { [SANDBOX_SIGNATURE_HEADER]: sandbox.sign(junk, nowMs) });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res, "malformed_json");
    const shapeless = Buffer.from(JSON.stringify({ hello: "world" }));
    const res2 = await post(shapeless, { [SANDBOX_SIGNATURE_HEADER]: sandbox.sign(shapeless, nowMs) });
    expect(expectEnvelope(res2, "invalid_parameter_type")).toMatchObject({ param: "body", details: { reason: "malformed" } });
  });

  it("a body over the cap is 413", async () => {
    const big = Buffer.alloc(limits.webhookBodyBytesMax + 1, 0x20);
    const res = await post(big, { [SANDBOX_SIGNATURE_HEADER]: sandbox.sign(big, nowMs) });
    expect(res.statusCode).toBe(413);
    expectEnvelope(res, "file_too_large");
  });
});

describe("POST /webhooks/sandbox: idempotent dispatch", () => {
  it("a replayed event id is 200 and grants once (pack + bonus)", async () => {
    const c = await checkout(100);
    const note = sandbox.notification({ type: "payment.settled", processorRef: c.ref, orgId: c.orgId, packUsd: 100, currency: "usd" }, nowMs);
    for (let i = 0; i < 3; i++) {
      const res = await post(note.rawBody, note.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    // Re-signed later with the same id: still the same event.
    nowMs += 60_000;
    const again = sandbox.notification({ type: "payment.settled", eventId: note.eventId, processorRef: c.ref, orgId: c.orgId, packUsd: 100, currency: "usd" }, nowMs);
    expect((await post(again.rawBody, again.headers)).statusCode).toBe(200);
    expect(await orgRow(api.store, c.orgId)).toMatchObject({ credit_balance: 220_000, debt_credits: 0 });
    expect(await purchaseRow(api.store, c.purchaseId)).toMatchObject({ status: "settled" });
    expect((await paymentEvents(api.store, "sandbox")).filter((e) => e.event_id === note.eventId)).toHaveLength(1);
    expect((await verifyLedger(api.store.db, c.orgId)).ok).toBe(true);
  });

  it("the same notification delivered concurrently grants once", async () => {
    const c = await checkout(25);
    const note = sandbox.notification({ type: "payment.settled", processorRef: c.ref, orgId: c.orgId, packUsd: 25, currency: "usd" }, nowMs);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(note.rawBody, note.headers)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await orgRow(api.store, c.orgId)).toMatchObject({ credit_balance: 50_000 });
    expect((await verifyLedger(api.store.db, c.orgId)).ok).toBe(true);
  });

  it("an unknown event type is 200, recorded and ignored", async () => {
    const c = await checkout();
    const note = sandbox.notification({ type: "payment.refund_requested", processorRef: c.ref }, nowMs);
    const res = await post(note.rawBody, note.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await paymentEvents(api.store, "sandbox")).find((e) => e.event_id === note.eventId)).toMatchObject({ kind: "ignored" });
    expect(await orgRow(api.store, c.orgId)).toMatchObject({ credit_balance: 0 });
    expect(await purchaseRow(api.store, c.purchaseId)).toMatchObject({ status: "pending" });
  });

  it("a settlement in EUR is refunded through the processor, grants nothing, and stays rejected on replay", async () => {
    const c = await checkout(25);
    const refund = vi.spyOn(sandbox, "refund");
    const note = sandbox.notification({ type: "payment.settled", processorRef: c.ref, orgId: c.orgId, packUsd: 25, currency: "eur" }, nowMs);
    expect((await post(note.rawBody, note.headers)).statusCode).toBe(200);
    expect(refund).toHaveBeenCalledWith(c.ref, 2_500);
    expect((await post(note.rawBody, note.headers)).statusCode).toBe(200);
    expect(sandbox.refunds.get(c.ref)).toBe(2_500);
    expect(await purchaseRow(api.store, c.purchaseId)).toMatchObject({ status: "rejected_currency", currency: "eur" });
    expect(await orgRow(api.store, c.orgId)).toMatchObject({ credit_balance: 0, debt_credits: 0 });
    expect(await trustTier(api.store, c.orgId)).toBe(0);
    refund.mockRestore();
  });

  it("a fraud warning, replayed, adds one risk event", async () => {
    const c = await checkout(25);
    const settle = sandbox.notification({ type: "payment.settled", processorRef: c.ref, orgId: c.orgId, packUsd: 25, currency: "usd" }, nowMs);
    await post(settle.rawBody, settle.headers);
    const warning = sandbox.notification({ type: "payment.fraud_warning", processorRef: c.ref }, nowMs);
    expect((await post(warning.rawBody, warning.headers)).statusCode).toBe(200);
    expect((await post(warning.rawBody, warning.headers)).statusCode).toBe(200);
    expect(await riskEvents(api.store, c.orgId)).toEqual(["fraud_warning"]);
  });
});

describe("a reversal after spending", () => {
  it("claws back what is left (rounded down), leaves debt, freezes spending with 402, drops the tier to 1", async () => {
    const c = await checkout(25);
    const settle = sandbox.notification({ type: "payment.settled", processorRef: c.ref, orgId: c.orgId, packUsd: 25, currency: "usd" }, nowMs);
    expect((await post(settle.rawBody, settle.headers)).statusCode).toBe(200);
    nowMs += 8 * DAY_MS; // tier 2 after 7 days without risk events
    expect(await trustTier(api.store, c.orgId)).toBe(2);

    const convert = () => api.app.inject({ method: "POST", url: "/v1/convert", headers: pdfHeaders(c.key), payload: fixturePdf("headings.pdf") });
    const spent = await convert();
    expect(spent.statusCode).toBe(200);
    const charged = spent.json().usage.credits_charged as number;
    expect(charged).toBeGreaterThan(0);

    const reversal = sandbox.notification({ type: "payment.reversed", processorRef: c.ref }, nowMs);
    expect((await post(reversal.rawBody, reversal.headers)).statusCode).toBe(200);
    expect((await post(reversal.rawBody, reversal.headers)).statusCode).toBe(200);
    expect(await orgRow(api.store, c.orgId)).toEqual({ credit_balance: 0, credits_held: 0, debt_credits: charged });
    expect(await purchaseRow(api.store, c.purchaseId)).toMatchObject({ status: "reversed" });
    expect(await trustTier(api.store, c.orgId)).toBe(1);
    expect(await riskEvents(api.store, c.orgId)).toEqual(["reversal"]);
    // A dispute of the same, already reversed payment takes nothing more.
    const dispute = sandbox.notification({ type: "payment.disputed", processorRef: c.ref }, nowMs);
    expect((await post(dispute.rawBody, dispute.headers)).statusCode).toBe(200);
    expect(await orgRow(api.store, c.orgId)).toMatchObject({ debt_credits: charged });

    const refused = await convert();
    expect(refused.statusCode).toBe(402);
    expect(expectEnvelope(refused, "account_delinquent").details).toMatchObject({ debt_credits: charged });
    expect((await verifyLedger(api.store.db, c.orgId)).ok).toBe(true);
  });

  it("a reversal of a payment that is not ours is acknowledged and ignored", async () => {
    const note = sandbox.notification({ type: "payment.reversed", processorRef: "pay_sbx_unknown" }, nowMs);
    expect((await post(note.rawBody, note.headers)).statusCode).toBe(200);
    expect((await paymentEvents(api.store, "sandbox")).find((e) => e.event_id === note.eventId)).toMatchObject({ kind: "ignored" });
  });
});
