// SPEC.md §Credit purchase, §Account (debt), §Trust tier and §Purchase limits: credits
// granted from the settlement notification only, non-USD refunded, refunds within 30 days
// at most twice, reversals creating debt that freezes spending, tiers moving with time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { placeHold, releaseHold, settleHold } from "../../src/store/credits.js";
import { listLedger } from "../../src/store/ledger.js";
import { expireGoodwill, grantGoodwill } from "../../src/store/lots.js";
import {
  checkPurchaseAllowed, openPurchase, recordFraudWarning, refundPurchase, reversePurchase, settlePurchase, trustTier,
} from "../../src/store/payments.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";
import { creditState, DAY_MS, expectInvariants, insertOrg } from "./credits.fixtures.js";

let t: TestDb;
let ctx: ReturnType<typeof manualClock>;
let seq = 0;

beforeAll(async () => {
  t = await freshDb();
  ctx = manualClock(t.db);
});
afterAll(async () => t?.drop());

async function buy(orgId: string, packUsd: number, currency = "usd") {
  seq++;
  return settlePurchase(ctx, { orgId, packUsd, currency, processor: "sandbox", processorRef: `pi_${seq}_${orgId}`, eventId: `evt_${seq}_${orgId}` });
}

async function kinds(orgId: string): Promise<Array<[string, number]>> {
  const r = await listLedger(t.db, orgId, { limit: 1_000 });
  return r.ok ? r.list.data.map((e) => [e.kind, e.credits]) : [];
}

async function spendCredits(orgId: string, credits: number): Promise<void> {
  for (let left = credits; left > 0; left -= Math.min(left, limits.holdCreditsMax)) {
    const n = Math.min(left, limits.holdCreditsMax);
    const h = await placeHold(ctx, { orgId, requestId: "req_spend", credits: n, rateCardVersion: 1 });
    if (!h.ok) throw new Error(h.code);
    await settleHold(ctx, h.holdId, { charged: n, reference: null });
  }
}

describe("settlement notifications grant pack credits with bonus", () => {
  it("purchase + bonus entries (bonus rounded up), a purchase lot, first_settled_at, tier 1", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    expect(await trustTier(ctx, orgId)).toBe(0);
    const r = await buy(orgId, 500);
    expect(r).toMatchObject({ ok: true, status: "settled", refund: false, duplicate: false, creditsGranted: 1_150_000, balanceAfter: 1_150_000, debtAfter: 0 });
    expect(await kinds(orgId)).toEqual([["purchase", 1_000_000], ["bonus", 150_000]]);
    expect(await trustTier(ctx, orgId)).toBe(1);
    await expectInvariants(t.db, orgId);
  });

  it("the 25 USD pack has no bonus entry", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    await buy(orgId, 25);
    expect(await kinds(orgId)).toEqual([["purchase", 50_000]]);
  });

  it("is idempotent by event id: redelivered, concurrently or later, it grants once", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    const notice = { orgId, packUsd: 100, currency: "usd", processor: "sandbox", processorRef: `pi_dup_${orgId}`, eventId: `evt_dup_${orgId}` };
    const results = await Promise.all(Array.from({ length: 5 }, () => settlePurchase(ctx, notice)));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.purchaseId)).size).toBe(1);
    expect(await settlePurchase(ctx, notice)).toMatchObject({ duplicate: true, status: "settled", creditsGranted: 220_000 });
    // A second notification of the same payment under another event id (processors send several).
    expect(await settlePurchase(ctx, { ...notice, eventId: `evt_other_${orgId}` })).toMatchObject({ duplicate: true });
    expect(await expectInvariants(t.db, orgId)).toMatchObject({ balance: 220_000 });
  });

  it("settles the pending purchase opened at checkout", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    const pending = await openPurchase(ctx, { orgId, packUsd: 100, currency: "usd", processor: "sandbox", processorRef: `pi_open_${orgId}` });
    expect(await creditState(t.db, orgId)).toMatchObject({ balance: 0 });
    const r = await settlePurchase(ctx, { orgId, packUsd: 100, currency: "usd", processor: "sandbox", processorRef: `pi_open_${orgId}`, eventId: `evt_open_${orgId}` });
    expect(r).toMatchObject({ purchaseId: pending, status: "settled", creditsGranted: 220_000 });
  });

  it("a currency other than USD is refunded automatically, not converted: no credits, no tier", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    const r = await buy(orgId, 100, "EUR");
    expect(r).toMatchObject({ ok: true, status: "rejected_currency", refund: true, creditsGranted: 0, balanceAfter: 0 });
    expect(await buy(orgId, 100, "eur").then((x) => x.refund)).toBe(true);
    expect(await kinds(orgId)).toEqual([]);
    expect(await trustTier(ctx, orgId)).toBe(0);
    await expectInvariants(t.db, orgId);
  });
});

describe("refunds: unspent share, within 30 days, at most twice, cash rounded up", () => {
  it("claws back the lot's remaining and refunds ceil(amount × remaining / granted) cents", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    const p = await buy(orgId, 100);
    await spendCredits(orgId, 1); // 219,999 of 220,000 left: 9,999.95… cents → 10,000
    const r = await refundPurchase(ctx, p.purchaseId);
    expect(r).toMatchObject({ ok: true, cashCents: 10_000, credits: 219_999, balanceAfter: 0, duplicate: false });
    expect(await refundPurchase(ctx, p.purchaseId)).toMatchObject({ ok: true, duplicate: true, cashCents: 10_000 });
    expect((await kinds(orgId)).at(-1)).toEqual(["refund", -219_999]);
    expect(await trustTier(ctx, orgId)).toBe(1);
    await expectInvariants(t.db, orgId);
  });

  it("goodwill is spent before purchased credits, so it never shrinks a refund", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    const p = await buy(orgId, 25);
    await grantGoodwill(ctx, orgId, 1_000);
    await spendCredits(orgId, 1_500);
    const r = await refundPurchase(ctx, p.purchaseId);
    expect(r).toMatchObject({ ok: true, credits: 49_500, cashCents: 2_475 });
  });

  it("credits held by requests in flight are not refunded; those holds still settle", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    const p = await buy(orgId, 25);
    const h = await placeHold(ctx, { orgId, requestId: "req_f", credits: 200, rateCardVersion: 1 });
    expect(await refundPurchase(ctx, p.purchaseId)).toMatchObject({ ok: true, credits: 49_800, cashCents: 2_490 });
    if (h.ok) expect(await settleHold(ctx, h.holdId, { charged: 150, reference: null })).toMatchObject({ balanceAfter: 50 });
    await expectInvariants(t.db, orgId);
  });

  it("after 30 days, and beyond 2 per account lifetime, a refund is refused", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    const [a, b, c] = [await buy(orgId, 25), await buy(orgId, 25), await buy(orgId, 25)];
    ctx.advance(limits.refundWindowMs);
    expect((await refundPurchase(ctx, a.purchaseId)).ok).toBe(true);
    expect((await refundPurchase(ctx, b.purchaseId)).ok).toBe(true);
    expect(await refundPurchase(ctx, c.purchaseId)).toMatchObject({ ok: false, reason: "refund_limit_reached" });
    const d = await buy(orgId, 25);
    ctx.advance(limits.refundWindowMs + 1);
    expect(await refundPurchase(ctx, d.purchaseId)).toMatchObject({ ok: false, reason: "refund_window_passed", message: expect.stringMatching(/30 days/) });
    await expectInvariants(t.db, orgId);
  });
});

describe("reversals: claw back, the rest becomes debt, spending frozen until paid", () => {
  it("claws back base + bonus from the available balance; the shortfall is debt (402 account_delinquent)", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    const p = await buy(orgId, 100);
    await spendCredits(orgId, 2_000);
    const r = await reversePurchase(ctx, p.purchaseId, "dispute");
    expect(r).toMatchObject({ ok: true, clawedBack: 218_000, debtAdded: 2_000, balanceAfter: 0, debtAfter: 2_000 });
    expect((await kinds(orgId)).at(-1)).toEqual(["clawback", -218_000]);
    expect(await reversePurchase(ctx, p.purchaseId, "dispute")).toMatchObject({ ok: true, duplicate: true });
    expect(await placeHold(ctx, { orgId, requestId: "req_x", credits: 1, rateCardVersion: 1 })).toMatchObject({
      ok: false, code: "account_delinquent", details: { debt_credits: 2_000, credits_required_to_resume: 2_000 },
    });
    expect(await trustTier(ctx, orgId)).toBe(1);
    await expectInvariants(t.db, orgId);
  });

  it("a top-up smaller than the debt is refused at checkout, naming the amount required", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    // Only the checkout check reads this: a debt set directly, without its ledger history.
    await t.db.query("UPDATE orgs SET debt_credits = 60000 WHERE id = $1", [orgId]);
    expect(await checkPurchaseAllowed(ctx, orgId, 25)).toMatchObject({
      ok: false, reason: "purchase_below_debt", details: { debt_credits: 60_000, pack_usd_required: 100 },
      message: expect.stringMatching(/owes 60,000 credits; the 25 USD pack grants 50,000, 10,000 short\. Buy the 100 USD pack/),
    });
    expect(await checkPurchaseAllowed(ctx, orgId, 100)).toEqual({ ok: true, tier: 0 });
    await t.db.query("UPDATE orgs SET debt_credits = 7000000 WHERE id = $1", [orgId]);
    expect(await checkPurchaseAllowed(ctx, orgId, 2_500)).toMatchObject({ ok: false, reason: "purchase_below_debt", message: expect.stringMatching(/invoice/) });
  });

  it("a purchase pays the debt first (debt_settlement) and spending resumes", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    const p = await buy(orgId, 25);
    await spendCredits(orgId, 400);
    expect(await reversePurchase(ctx, p.purchaseId, "reversal")).toMatchObject({ clawedBack: 49_600, debtAdded: 400 });
    const q = await buy(orgId, 25);
    expect(q).toMatchObject({ balanceAfter: 49_600, debtAfter: 0 });
    expect((await kinds(orgId)).slice(-2)).toEqual([["purchase", 50_000], ["debt_settlement", -400]]);
    expect((await placeHold(ctx, { orgId, requestId: "req_ok", credits: 1, rateCardVersion: 1 })).ok).toBe(true);
    await expectInvariants(t.db, orgId);
  });

  it("in-flight holds stay valid through a reversal; credits they free pay the debt", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    const p = await buy(orgId, 25);
    const h = await placeHold(ctx, { orgId, requestId: "req_h", credits: 200, rateCardVersion: 1 });
    const r = await reversePurchase(ctx, p.purchaseId, "dispute");
    expect(r).toMatchObject({ clawedBack: 49_800, debtAdded: 200 });
    expect(await creditState(t.db, orgId)).toMatchObject({ balance: 200, held: 200, debt: 200 });
    if (h.ok) await settleHold(ctx, h.holdId, { charged: 120, reference: null });
    expect(await expectInvariants(t.db, orgId)).toMatchObject({ balance: 0, held: 0, debt: 120 });
    expect((await kinds(orgId)).slice(-2)).toEqual([["charge", -120], ["debt_settlement", -80]]);
  });

  it("a reversal after a refund claws back only the unrefunded share, rounded down", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    const p = await buy(orgId, 100);
    await spendCredits(orgId, 3_400);
    const refund = await refundPurchase(ctx, p.purchaseId); // 216,600 credits: 9,845.45… cents → 9,846
    expect(refund).toMatchObject({ credits: 216_600, cashCents: 9_846 });
    const r = await reversePurchase(ctx, p.purchaseId, "dispute");
    // 154 cents were not refunded: 220,000 × 154 / 10,000 = 3,388 owed; nothing left to take: all debt.
    expect(r).toMatchObject({ clawedBack: 0, debtAdded: 3_388, debtAfter: 3_388 });
    expect((await kinds(orgId)).at(-1)).toEqual(["clawback", 0]);
    await expectInvariants(t.db, orgId);
  });
});

describe("goodwill credits expire after 12 months; paid and bonus credits never", () => {
  it("an expiry entry removes the unspent remainder, capped so holds stay covered", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    await buy(orgId, 25);
    const g = await grantGoodwill(ctx, orgId, 1_000);
    await spendCredits(orgId, 300);
    ctx.set(g.expiresAtMs - 1);
    expect((await expireGoodwill(ctx)).credits).toBe(0);
    ctx.set(g.expiresAtMs);
    const r = await expireGoodwill(ctx);
    expect(r.credits).toBeGreaterThanOrEqual(700);
    expect((await kinds(orgId)).at(-1)).toEqual(["expiry", -700]);
    expect(await expectInvariants(t.db, orgId)).toMatchObject({ balance: 50_000 });
    expect((await expireGoodwill(ctx)).credits).toBe(0);
  });
});

describe("trust tiers move with time and risk events (SPEC.md §Trust tier)", () => {
  it("0 → 1 on first settle → 2 after 7 days → 3 after 30 days with 250 USD → 1 on a refund → back after 90 days", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    expect(await trustTier(ctx, orgId)).toBe(0);
    const first = await buy(orgId, 25);
    expect(await trustTier(ctx, orgId)).toBe(1);
    ctx.advance(limits.trustTier2AfterFirstSettleMs - 1);
    expect(await trustTier(ctx, orgId)).toBe(1);
    ctx.advance(1);
    expect(await trustTier(ctx, orgId)).toBe(2);
    ctx.advance(limits.trustTier3AfterFirstSettleMs - limits.trustTier2AfterFirstSettleMs);
    expect(await trustTier(ctx, orgId)).toBe(2); // 25 USD settled: not enough for 3
    await buy(orgId, 100);
    await buy(orgId, 100);
    expect(await trustTier(ctx, orgId)).toBe(2); // 225 USD
    await buy(orgId, 25);
    expect(await trustTier(ctx, orgId)).toBe(3); // 250 USD
    ctx.advance(DAY_MS);
    await recordFraudWarning(ctx, orgId, first.purchaseId);
    expect(await trustTier(ctx, orgId)).toBe(1);
    ctx.advance(limits.riskEventWindowMs);
    expect(await trustTier(ctx, orgId)).toBe(3);
  });

  it("manual tier 4 (invoice customers); a dispute still returns it to 1 at once", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    const p = await buy(orgId, 25);
    await t.db.query("UPDATE orgs SET trust_tier_manual = 4 WHERE id = $1", [orgId]);
    expect(await trustTier(ctx, orgId)).toBe(4);
    expect(await checkPurchaseAllowed(ctx, orgId, 2_500)).toEqual({ ok: true, tier: 4 });
    await reversePurchase(ctx, p.purchaseId, "dispute");
    expect(await trustTier(ctx, orgId)).toBe(1);
  });
});

describe("purchase limits by trust tier (checkout)", () => {
  it("minimum 25 USD, self-serve maximum 2,500 USD, packs only", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    expect(await checkPurchaseAllowed(ctx, orgId, 10)).toMatchObject({ ok: false, reason: "purchase_below_minimum", message: expect.stringMatching(/15 USD short/) });
    expect(await checkPurchaseAllowed(ctx, orgId, 3_000)).toMatchObject({ ok: false, reason: "purchase_above_self_serve_maximum", message: expect.stringMatching(/500 USD over/) });
    expect(await checkPurchaseAllowed(ctx, orgId, 50)).toMatchObject({ ok: false, reason: "purchase_not_a_pack" });
  });

  it("tier 0 buys under tier 1's limits: 100 USD single top-up, 100 USD per 24 h, 400,000 credits", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    expect(await checkPurchaseAllowed(ctx, orgId, 100)).toEqual({ ok: true, tier: 0 });
    expect(await checkPurchaseAllowed(ctx, orgId, 500)).toMatchObject({ ok: false, reason: "purchase_over_top_up_limit", message: expect.stringMatching(/at most 100 USD; 500 USD is 400 USD over/) });
    await buy(orgId, 100);
    expect(await checkPurchaseAllowed(ctx, orgId, 25)).toMatchObject({ ok: false, reason: "purchase_over_daily_limit", message: expect.stringMatching(/25 USD over/) });
    ctx.advance(limits.purchaseWindowMs);
    expect(await checkPurchaseAllowed(ctx, orgId, 25)).toEqual({ ok: true, tier: 1 });
    expect(await checkPurchaseAllowed(ctx, orgId, 100)).toMatchObject({ ok: false, reason: "purchase_over_balance_limit", message: expect.stringMatching(/440,000, 40,000 over/) });
  });

  it("tier 2 allows 500 USD top-ups, 1,000 USD per 24 hours", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    await buy(orgId, 25);
    ctx.advance(limits.trustTier2AfterFirstSettleMs);
    expect(await checkPurchaseAllowed(ctx, orgId, 500)).toEqual({ ok: true, tier: 2 });
    expect(await checkPurchaseAllowed(ctx, orgId, 2_500)).toMatchObject({ ok: false, reason: "purchase_over_top_up_limit" });
    await buy(orgId, 500);
    await buy(orgId, 500);
    expect(await checkPurchaseAllowed(ctx, orgId, 25)).toMatchObject({ ok: false, reason: "purchase_over_daily_limit" });
  });
});

describe("holds released through the sweep keep the invariants after payments", () => {
  it("release after a reversal pays the debt from the freed credits", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    const p = await buy(orgId, 25);
    const h = await placeHold(ctx, { orgId, requestId: "req_r", credits: 200, rateCardVersion: 1 });
    await reversePurchase(ctx, p.purchaseId, "reversal");
    if (h.ok) await releaseHold(ctx, h.holdId);
    expect(await expectInvariants(t.db, orgId)).toMatchObject({ balance: 0, held: 0, debt: 0 });
  });
});
