// `svc admin payment settle|reverse` (DECISIONS.md §Command line): sandbox operations that
// go through the same signed notification, verification and dispatch as the webhook route.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runAdminCommand } from "../../src/admin/commands.js";
import { SandboxProcessor } from "../../src/payments/sandbox.js";
import { placeHold, settleHold } from "../../src/store/credits.js";
import { verifyLedger } from "../../src/store/ledger.js";
import { trustTier } from "../../src/store/payments.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";
import { orgRow, paymentEvents, purchaseRow, TEST_SANDBOX_SECRET } from "./support.js";

let t: TestDb;
let ctx: ReturnType<typeof manualClock>;
const savedSecret = process.env.SANDBOX_WEBHOOK_SECRET;

beforeAll(async () => {
  // The sandbox key from the environment, so the test writes nothing under DATA_DIR.
  process.env.SANDBOX_WEBHOOK_SECRET = TEST_SANDBOX_SECRET;
  t = await freshDb();
  ctx = manualClock(t.db, Date.now());
});
afterAll(async () => {
  if (savedSecret === undefined) delete process.env.SANDBOX_WEBHOOK_SECRET;
  else process.env.SANDBOX_WEBHOOK_SECRET = savedSecret;
  await t?.drop();
});
afterEach(() => vi.restoreAllMocks());

async function newOrg(): Promise<string> {
  const r = await runAdminCommand(ctx, ["org", "create", "--email", `pay${Math.random().toString(36).slice(2)}@example.com`]);
  return (r.output as { org_id: string }).org_id;
}

describe("svc admin payment settle", () => {
  it("opens a sandbox purchase and settles it through a signed, verified notification", async () => {
    const orgId = await newOrg();
    const verify = vi.spyOn(SandboxProcessor.prototype, "verifyWebhook");
    const r = await runAdminCommand(ctx, ["payment", "settle", "--org", orgId, "--pack", "500"]);
    expect(r.exitCode).toBe(0);
    const out = r.output as { purchase_id: string; event_id: string };
    expect(r.output).toMatchObject({ status: "settled", credits_granted: 1_150_000, balance_after: 1_150_000, debt_after: 0 });
    // The notification was verified against its raw bytes and signature header.
    expect(verify).toHaveBeenCalledTimes(1);
    const [rawBody, headers] = verify.mock.calls[0];
    expect(JSON.parse(rawBody.toString())).toMatchObject({ id: out.event_id, type: "payment.settled", data: { org_id: orgId, pack_usd: 500, currency: "usd" } });
    expect(headers["svc-sandbox-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await paymentEvents(ctx, "sandbox")).toContainEqual({ event_id: out.event_id, kind: "settlement", reference: out.purchase_id });
    expect(await purchaseRow(ctx, out.purchase_id)).toMatchObject({ status: "settled", processor: "sandbox", processor_ref: expect.stringMatching(/^pay_sbx_/) });
  });

  it("--currency eur is refunded by the sandbox and grants nothing", async () => {
    const orgId = await newOrg();
    const refund = vi.spyOn(SandboxProcessor.prototype, "refund");
    const r = await runAdminCommand(ctx, ["payment", "settle", "--org", orgId, "--pack", "25", "--currency", "EUR"]);
    expect(r.output).toMatchObject({ status: "rejected_currency", credits_granted: 0, balance_after: 0 });
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await orgRow(ctx, orgId)).toMatchObject({ credit_balance: 0 });
  });

  it("refuses an unknown organization", async () => {
    const r = await runAdminCommand(ctx, ["payment", "settle", "--org", "org_nope", "--pack", "25"]);
    expect(r).toMatchObject({ exitCode: 1, output: { error: { reason: "org_not_found" } } });
  });
});

describe("svc admin payment reverse", () => {
  it("sends a signed sandbox reversal: clawback, debt, tier 1; a second reverse changes nothing", async () => {
    const orgId = await newOrg();
    const settled = await runAdminCommand(ctx, ["payment", "settle", "--org", orgId, "--pack", "25"]);
    const purchaseId = (settled.output as { purchase_id: string }).purchase_id;
    // Spend 1,000 credits, so the reversal leaves 1,000 owed.
    for (let i = 0; i < 5; i++) {
      const h = await placeHold(ctx, { orgId, requestId: "req_x", credits: 200, rateCardVersion: 1 });
      if (!h.ok) throw new Error(h.code);
      await settleHold(ctx, h.holdId, { charged: 200, reference: null });
    }
    const verify = vi.spyOn(SandboxProcessor.prototype, "verifyWebhook");
    const r = await runAdminCommand(ctx, ["payment", "reverse", "--purchase", purchaseId]);
    expect(r.exitCode).toBe(0);
    expect(r.output).toMatchObject({ purchase_id: purchaseId, clawed_back: 49_000, debt_added: 1_000, balance_after: 0, debt_after: 1_000, duplicate: false });
    expect(verify).toHaveBeenCalledTimes(1);
    const eventId = (r.output as { event_id: string }).event_id;
    expect(await paymentEvents(ctx, "sandbox")).toContainEqual({ event_id: eventId, kind: "reversal", reference: purchaseId });
    expect(await trustTier(ctx, orgId)).toBe(1);

    const again = await runAdminCommand(ctx, ["payment", "reverse", "--purchase", purchaseId]);
    expect(again.output).toMatchObject({ duplicate: true, debt_after: 1_000 });
    expect((await verifyLedger(t.db, orgId)).ok).toBe(true);
  });

  it("refuses an unknown purchase and one that granted nothing", async () => {
    expect(await runAdminCommand(ctx, ["payment", "reverse", "--purchase", "pur_nope"])).toMatchObject({ exitCode: 1, output: { error: { reason: "purchase_not_found" } } });
    const orgId = await newOrg();
    const eur = await runAdminCommand(ctx, ["payment", "settle", "--org", orgId, "--pack", "25", "--currency", "eur"]);
    const r = await runAdminCommand(ctx, ["payment", "reverse", "--purchase", (eur.output as { purchase_id: string }).purchase_id]);
    expect(r).toMatchObject({ exitCode: 1, output: { error: { reason: "purchase_not_reversible" } } });
  });
});

// Issue 12 item 7 (SPEC.md §Account: a refund returns the cash and takes back the unspent
// credits): `svc admin refund` asks the processor for the cash in the same bookkeeping as
// the credit reversal; a processor failure leaves the credits untouched and says so.
describe("svc admin refund", () => {
  it("returns the cash through the processor (the sandbox records it) and takes back the credits", async () => {
    const orgId = await newOrg();
    const settled = await runAdminCommand(ctx, ["payment", "settle", "--org", orgId, "--pack", "25"]);
    const purchaseId = (settled.output as { purchase_id: string }).purchase_id;
    const refund = vi.spyOn(SandboxProcessor.prototype, "refund");
    const r = await runAdminCommand(ctx, ["refund", "--purchase", purchaseId]);
    expect(r.exitCode, JSON.stringify(r.output)).toBe(0);
    const out = r.output as { cash_cents: number; credits: number; balance_after: number };
    expect(out.cash_cents).toBe(2_500);
    expect(out.balance_after).toBe(0);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0]).toEqual([(await purchaseRow(ctx, purchaseId)).processor_ref, 2_500]);
    expect(await purchaseRow(ctx, purchaseId)).toMatchObject({ status: "refunded" });
  });

  it("a processor failure refuses with processor_refund_failed and leaves credits and purchase as they were", async () => {
    const orgId = await newOrg();
    const settled = await runAdminCommand(ctx, ["payment", "settle", "--org", orgId, "--pack", "25"]);
    const purchaseId = (settled.output as { purchase_id: string; balance_after: number }).purchase_id;
    const before = await orgRow(ctx, orgId);
    vi.spyOn(SandboxProcessor.prototype, "refund").mockRejectedValue(new Error("processor unreachable"));
    const r = await runAdminCommand(ctx, ["refund", "--purchase", purchaseId]);
    expect(r.exitCode).toBe(1);
    expect(r.output).toMatchObject({ error: { reason: "processor_refund_failed" } });
    expect(JSON.stringify(r.output)).toContain("no credits were taken back");
    expect(await orgRow(ctx, orgId)).toEqual(before);
    expect(await purchaseRow(ctx, purchaseId)).toMatchObject({ status: "settled" });
    expect(await verifyLedger(ctx.db, orgId)).toMatchObject({ ok: true });
  });
});
