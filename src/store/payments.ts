// Purchases and what follows them (SPEC.md §Credit purchase, §Trust tier, §Purchase limits):
// settlement notifications, refunds and reversals. The console, the processor webhooks and
// the admin command line all call these functions, so there is one code path per effect.
//
// Rounding always favours the customer: bonus credits round up (rate_card.ts), refunded
// cash rounds up, clawed-back credits round down.
//
// Clawbacks (refund, reversal) and goodwill expiry take only from the available balance
// (balance − held): credits reserved by in-flight requests stay reserved, so every hold
// can still settle. What a reversal cannot take becomes debt_credits, which freezes
// spending; credits that later become available (a hold ends, a purchase settles) pay the
// debt first (lots.ts commitBook).
import { limits } from "../config/limits.js";
import { packByUsd, packCredits, smallestPackCovering } from "../config/rate_card.js";
import { assert } from "./assert.js";
import type { StoreContext } from "./context.js";
import type { Queryable } from "./db.js";
import { newId } from "./ids.js";
import { LedgerBook, lockOrg, type LockedOrg } from "./ledger.js";
import { addLot, commitBook, spend, takeFromLot } from "./lots.js";
import { claimEvent, type ProcessorEventKey, type PurchaseStatus } from "./payment_refs.js";
import { refuse, type Refusal } from "./refusal.js";

const iso = (ms: number) => new Date(ms).toISOString();

interface PurchaseRow {
  id: string;
  org_id: string;
  pack_usd: number;
  amount_cents: number;
  currency: string;
  base_credits: number;
  bonus_credits: number;
  status: PurchaseStatus;
  settled_at: Date | null;
  refunded_cents: number;
  processor: string;
  processor_ref: string | null;
}

export interface SettlementNotice {
  orgId: string;
  packUsd: number;
  currency: string;
  processor: string;
  /** The processor's payment id (unique per processor payment). */
  processorRef: string;
  /** The notification's id: a redelivered notification changes nothing. */
  eventId: string;
}

export interface SettlePurchaseResult {
  ok: true;
  purchaseId: string;
  status: PurchaseStatus;
  /** True when the processor adapter must refund the payment (currency other than USD). */
  refund: boolean;
  /** True when this notification (or another for the same payment) was already applied. */
  duplicate: boolean;
  creditsGranted: number;
  balanceAfter: number;
  debtAfter: number;
}

/**
 * Records a checkout before payment; settlement finds it by processor reference. The
 * reference may be null when the processor names its checkout only once it knows our
 * purchase id (Stripe's session id): attachProcessorRef sets it then.
 */
export async function openPurchase(
  ctx: StoreContext,
  input: { orgId: string; packUsd: number; currency: string; processor: string; processorRef: string | null },
): Promise<string> {
  const pack = packByUsd(input.packUsd);
  assert(pack !== undefined, `no pack of ${input.packUsd} USD`);
  const c = packCredits(pack);
  const id = newId("pur", ctx.now());
  await ctx.db.query(
    `INSERT INTO purchases (id, org_id, pack_usd, amount_cents, currency, base_credits, bonus_credits, status, processor, processor_ref, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $10)`,
    [id, input.orgId, pack.usd, pack.usd * 100, input.currency.toLowerCase(), c.base, c.bonus, input.processor, input.processorRef, iso(ctx.now())],
  );
  return id;
}

/**
 * Applies a processor's settlement notification: purchase and bonus entries and a purchase
 * lot, then the debt (if any) paid from the new credits. The event id is recorded in the
 * same transaction as the effect, so a redelivery, or a crash between the two, can never
 * grant twice. Purchase limits were checked at checkout; money already taken is granted.
 */
export async function settlePurchase(ctx: StoreContext, n: SettlementNotice): Promise<SettlePurchaseResult> {
  const pack = packByUsd(n.packUsd);
  assert(pack !== undefined, `settlement for ${n.packUsd} USD, which is no pack`);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const fresh = await tx.query(
      `INSERT INTO payment_events (processor, event_id, kind, processed_at) VALUES ($1, $2, 'settlement', $3)
       ON CONFLICT (processor, event_id) DO NOTHING RETURNING event_id`,
      [n.processor, n.eventId, iso(now)],
    );
    const org = await lockOrg(tx, n.orgId);
    assert(org !== null, `no organization ${n.orgId}`);
    const existing = (await tx.query<PurchaseRow>(
      "SELECT * FROM purchases WHERE processor_ref = $1 FOR UPDATE",
      [n.processorRef],
    )).rows[0];
    if (fresh.rows.length === 0 || (existing !== undefined && existing.status !== "pending")) {
      assert(existing !== undefined, `event ${n.eventId} recorded without its purchase`);
      await tx.query("UPDATE payment_events SET reference = $3 WHERE processor = $1 AND event_id = $2", [n.processor, n.eventId, existing.id]);
      return purchaseResult(existing, org, true);
    }
    assert(existing === undefined || (existing.org_id === n.orgId && existing.pack_usd === n.packUsd), `settlement does not match checkout ${existing?.id}`);
    const c = packCredits(pack);
    const currency = n.currency.toLowerCase();
    const status: PurchaseStatus = currency === "usd" ? "settled" : "rejected_currency";
    const purchaseId = existing?.id ?? newId("pur", now);
    if (existing === undefined) {
      await tx.query(
        `INSERT INTO purchases (id, org_id, pack_usd, amount_cents, currency, base_credits, bonus_credits, status, processor, processor_ref, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $10)`,
        [purchaseId, n.orgId, pack.usd, pack.usd * 100, currency, c.base, c.bonus, n.processor, n.processorRef, iso(now)],
      );
    }
    await tx.query("UPDATE purchases SET status = $2, currency = $3, settled_at = $4 WHERE id = $1", [purchaseId, status, currency, iso(now)]);
    await tx.query("UPDATE payment_events SET reference = $3 WHERE processor = $1 AND event_id = $2", [n.processor, n.eventId, purchaseId]);
    // SPEC.md rule 5: refunded automatically, never converted; no credits, no tier change.
    if (status === "rejected_currency") return { ok: true, purchaseId, status, refund: true, duplicate: false, creditsGranted: 0, balanceAfter: org.credit_balance, debtAfter: org.debt_credits };
    const book = new LedgerBook(tx, org, now);
    await book.append({ kind: "purchase", credits: c.base, reference: purchaseId });
    if (c.bonus > 0) await book.append({ kind: "bonus", credits: c.bonus, reference: purchaseId });
    const lotId = await addLot(tx, { orgId: n.orgId, kind: "purchase", purchaseId, credits: c.total, expiresAtMs: null, nowMs: now });
    await commitBook(book, { reference: purchaseId, firstLotId: lotId });
    await tx.query(
      `UPDATE orgs SET settled_usd_cents = settled_usd_cents + $2, first_settled_at = COALESCE(first_settled_at, $3) WHERE id = $1`,
      [n.orgId, pack.usd * 100, iso(now)],
    );
    return { ok: true, purchaseId, status, refund: false, duplicate: false, creditsGranted: c.total, balanceAfter: book.balance, debtAfter: book.debt };
  });
}

function purchaseResult(p: PurchaseRow, org: LockedOrg, duplicate: boolean): SettlePurchaseResult {
  const granted = p.status === "rejected_currency" || p.status === "pending" ? 0 : Number(p.base_credits) + Number(p.bonus_credits);
  return { ok: true, purchaseId: p.id, status: p.status, refund: p.status === "rejected_currency", duplicate, creditsGranted: granted, balanceAfter: org.credit_balance, debtAfter: org.debt_credits };
}

export type RefundRefusalCode = "purchase_not_refundable" | "refund_window_passed" | "refund_limit_reached" | "nothing_to_refund" | "processor_refund_failed";

/** Asks the payment processor to return `cashCents` of the purchase's payment; throws on failure. */
export type ReturnCash = (payment: { processor: string; processorRef: string | null }, cashCents: number) => Promise<void>;
export type RefundResult =
  | { ok: true; refundId: string; purchaseId: string; cashCents: number; credits: number; balanceAfter: number; duplicate: boolean }
  | Refusal<RefundRefusalCode>;

/**
 * Refunds a purchase's unspent credits (SPEC.md rule 7): within 30 days of settlement, at
 * most twice per organization. Credits taken = the purchase lot's remaining, except what
 * in-flight requests hold; cash = ceil(amount × credits taken / credits granted).
 */
export async function refundPurchase(ctx: StoreContext, purchaseId: string, returnCash?: ReturnCash): Promise<RefundResult> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { org, p } = await lockPurchase(tx, purchaseId);
    if (p.status === "refunded") {
      const r = (await tx.query<{ id: string; cash_cents: number; credits: number }>("SELECT id, cash_cents, credits FROM refunds WHERE purchase_id = $1", [p.id])).rows[0];
      assert(r !== undefined, `purchase ${p.id} refunded without a refund row`);
      return { ok: true, refundId: r.id, purchaseId: p.id, cashCents: Number(r.cash_cents), credits: Number(r.credits), balanceAfter: org.credit_balance, duplicate: true };
    }
    if (p.status !== "settled") return supportRefusal("purchase_not_refundable", `Purchase ${p.id} is ${p.status}; only a settled purchase can be refunded.`, { status: p.status });
    const settledMs = new Date(p.settled_at as Date).getTime();
    if (now - settledMs > limits.refundWindowMs) {
      return supportRefusal("refund_window_passed", `Purchase ${p.id} settled ${Math.floor((now - settledMs) / 86_400_000)} days ago; refunds are within ${limits.refundWindowMs / 86_400_000} days. Later refunds are discretionary.`, { settled_at: iso(settledMs) });
    }
    const count = Number((await tx.query<{ n: number }>("SELECT count(*)::bigint AS n FROM refunds WHERE org_id = $1", [org.id])).rows[0].n);
    if (count >= limits.refundsPerOrgMax) return supportRefusal("refund_limit_reached", `The organization has had ${count} refunds; at most ${limits.refundsPerOrgMax} are allowed per account lifetime.`, { refunds: count });
    const lot = await purchaseLot(tx, p.id);
    const book = new LedgerBook(tx, org, now);
    const credits = Math.min(lot.remaining, book.available);
    if (credits === 0) return supportRefusal("nothing_to_refund", `Purchase ${p.id} has no unspent credits that are not held by requests in flight.`, { remaining: lot.remaining });
    const granted = Number(p.base_credits) + Number(p.bonus_credits);
    const cashCents = refundCashCents(Number(p.amount_cents), credits, granted);
    // The cash goes back first, in this transaction (the purchase row stays locked): when the
    // processor fails nothing is written and the credits stay where they were. A retry after a
    // failure below asks again; the processor's refund is idempotent per payment.
    if (returnCash) {
      try {
        await returnCash({ processor: p.processor, processorRef: p.processor_ref }, cashCents);
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        return supportRefusal("processor_refund_failed", `The processor did not return the cash for purchase ${p.id} (${why.slice(0, 200)}); no credits were taken back. Retry the refund.`, { cash_cents: cashCents, credits });
      }
    }
    assert((await takeFromLot(tx, lot.id, credits)) === credits, `lot ${lot.id} gave less than its remaining`);
    await book.append({ kind: "refund", credits: -credits, reference: p.id });
    await commitBook(book);
    const refundId = newId("ref", now);
    await tx.query("INSERT INTO refunds (id, org_id, purchase_id, cash_cents, credits, created_at) VALUES ($1, $2, $3, $4, $5, $6)", [refundId, org.id, p.id, cashCents, credits, iso(now)]);
    await tx.query("UPDATE purchases SET status = 'refunded', refunded_cents = $2, refunded_at = $3 WHERE id = $1", [p.id, cashCents, iso(now)]);
    await tx.query("UPDATE orgs SET settled_usd_cents = settled_usd_cents - $2 WHERE id = $1", [org.id, cashCents]);
    await insertRiskEvent(tx, org.id, "refund", p.id, now);
    return { ok: true, refundId, purchaseId: p.id, cashCents, credits, balanceAfter: book.balance, duplicate: false };
  });
}

export type ReverseResult =
  | { ok: true; purchaseId: string; clawedBack: number; debtAdded: number; balanceAfter: number; debtAfter: number; duplicate: boolean }
  | Refusal<"purchase_not_reversible">;

/**
 * A reversed or disputed payment (SPEC.md §Account): claws back the purchase's credits —
 * base + bonus, scaled by the share of the money not already refunded, rounded down — from
 * the available balance; the rest becomes debt_credits. The purchase's own lot gives first.
 */
export async function reversePurchase(ctx: StoreContext, purchaseId: string, reason: "reversal" | "dispute", event?: ProcessorEventKey): Promise<ReverseResult> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { org, p } = await lockPurchase(tx, purchaseId);
    if (p.status !== "settled" && p.status !== "refunded" && p.status !== "reversed") return supportRefusal("purchase_not_reversible", `Purchase ${p.id} is ${p.status}; it granted no credits to reverse.`, { status: p.status });
    // A notification's event id is recorded in the effect's transaction (as settlement does).
    const fresh = event === undefined || (await claimEvent(tx, event, reason, p.id, now));
    if (!fresh || p.status === "reversed") return { ok: true, purchaseId: p.id, clawedBack: 0, debtAdded: 0, balanceAfter: org.credit_balance, debtAfter: org.debt_credits, duplicate: true };
    const amount = Number(p.amount_cents);
    const unrefundedCents = amount - Number(p.refunded_cents);
    const owed = reversalCredits(Number(p.base_credits) + Number(p.bonus_credits), amount, Number(p.refunded_cents));
    const book = new LedgerBook(tx, org, now);
    const covered = Math.min(owed, book.available);
    if (owed > 0) {
      const lot = await purchaseLot(tx, p.id);
      await spend(book, "clawback", covered, { reference: p.id, firstLotId: lot.id, debtAdded: owed - covered });
    }
    await commitBook(book);
    await tx.query("UPDATE purchases SET status = 'reversed', reversed_at = $2 WHERE id = $1", [p.id, iso(now)]);
    await tx.query("UPDATE orgs SET settled_usd_cents = settled_usd_cents - $2 WHERE id = $1", [org.id, unrefundedCents]);
    await insertRiskEvent(tx, org.id, reason, p.id, now);
    return { ok: true, purchaseId: p.id, clawedBack: covered, debtAdded: owed - covered, balanceAfter: book.balance, debtAfter: book.debt, duplicate: false };
  });
}

/**
 * A processor's early fraud warning: no credit movement, but tier 1 for 90 days. With the
 * notification's event id, a redelivery adds no second risk event.
 */
export async function recordFraudWarning(ctx: StoreContext, orgId: string, reference: string | null, event?: ProcessorEventKey): Promise<{ duplicate: boolean }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    if (event !== undefined && !(await claimEvent(tx, event, "fraud_warning", reference, now))) return { duplicate: true };
    await insertRiskEvent(tx, orgId, "fraud_warning", reference, now);
    return { duplicate: false };
  });
}

async function insertRiskEvent(q: Queryable, orgId: string, kind: "refund" | "dispute" | "fraud_warning" | "reversal", reference: string | null, nowMs: number): Promise<void> {
  await q.query("INSERT INTO risk_events (id, org_id, kind, reference, created_at) VALUES ($1, $2, $3, $4, $5)", [newId("risk", nowMs), orgId, kind, reference, iso(nowMs)]);
}

/** Organization row first, then the purchase: the lock order of every credit writer. */
async function lockPurchase(tx: Queryable, purchaseId: string): Promise<{ org: LockedOrg; p: PurchaseRow }> {
  const owner = (await tx.query<{ org_id: string }>("SELECT org_id FROM purchases WHERE id = $1", [purchaseId])).rows[0];
  assert(owner !== undefined, `no purchase ${purchaseId}`);
  const org = await lockOrg(tx, owner.org_id);
  assert(org !== null, `no organization ${owner.org_id}`);
  const p = (await tx.query<PurchaseRow>("SELECT * FROM purchases WHERE id = $1 FOR UPDATE", [purchaseId])).rows[0];
  return { org, p };
}

async function purchaseLot(tx: Queryable, purchaseId: string): Promise<{ id: string; remaining: number }> {
  const lot = (await tx.query<{ id: string; remaining: number }>("SELECT id, remaining FROM credit_lots WHERE purchase_id = $1 FOR UPDATE", [purchaseId])).rows[0];
  assert(lot !== undefined, `settled purchase ${purchaseId} has no credit lot`);
  return { id: lot.id, remaining: Number(lot.remaining) };
}

// Support and console refusals have no API error of their own: `code` is the nearest
// catalogue code (docs/store.md §Credits), `reason` the exact one.
const supportRefusal = <R extends string>(reason: R, message: string, details: Record<string, unknown>) =>
  refuse(reason, "invalid_parameter_type", "purchase_id", message, details);
const purchaseRefusal = <R extends string>(reason: R, message: string, details: Record<string, unknown>) =>
  refuse(reason, reason === "purchase_below_debt" ? "account_delinquent" : "invalid_parameter_type", "pack_usd", message, details);

/** Cash for refunding `credits` of a purchase that granted `granted` for `amountCents`: rounded up. */
export function refundCashCents(amountCents: number, credits: number, granted: number): number {
  return ceilDiv(amountCents * credits, granted);
}

/** Credits a reversal claws back: the share of `granted` whose money was not refunded, rounded down. */
export function reversalCredits(granted: number, amountCents: number, refundedCents: number): number {
  assert(refundedCents >= 0 && refundedCents <= amountCents && Number.isSafeInteger(granted * amountCents), "reversal amounts");
  return Math.floor((granted * (amountCents - refundedCents)) / amountCents);
}

/** ⌈a / b⌉ on non-negative safe integers. */
export function ceilDiv(a: number, b: number): number {
  assert(Number.isSafeInteger(a) && Number.isSafeInteger(b) && a >= 0 && b > 0, `ceilDiv(${a}, ${b})`);
  return Math.floor((a + b - 1) / b);
}

export interface TrustFacts {
  firstSettledAtMs: number | null;
  settledUsdCents: number;
  /** An operator's tier (invoice, wire or ACH customers are 4); overrides the computed one. */
  manualTier: number | null;
  lastRiskEventAtMs: number | null;
}

/**
 * SPEC.md §Trust tier as a function of facts and time, so tiers move without a job: 0
 * until a payment settles, then 1, 2 after 7 days, 3 after 30 days and 250 USD settled
 * (net of refunds and reversals). A refund, dispute, reversal or fraud warning in the
 * trailing 90 days caps the tier at 1 — the manual tier included; afterwards the tier is
 * recomputed from time and money as if the event had not happened.
 */
export function computeTrustTier(f: TrustFacts, nowMs: number): number {
  let tier = 0;
  if (f.manualTier !== null) tier = f.manualTier;
  else if (f.firstSettledAtMs !== null) {
    const ageMs = nowMs - f.firstSettledAtMs;
    tier = 1;
    if (ageMs >= limits.trustTier2AfterFirstSettleMs) tier = 2;
    if (ageMs >= limits.trustTier3AfterFirstSettleMs && f.settledUsdCents >= limits.trustTier3SettledUsdCentsMin) tier = 3;
  }
  const risky = f.lastRiskEventAtMs !== null && nowMs - f.lastRiskEventAtMs < limits.riskEventWindowMs;
  return risky ? Math.min(tier, 1) : tier;
}

async function trustFacts(q: Queryable, orgId: string): Promise<TrustFacts & { balance: number; debt: number }> {
  const r = await q.query<{ first_settled_at: Date | null; settled_usd_cents: number; trust_tier_manual: number | null; last_risk: Date | null; credit_balance: number; debt_credits: number }>(
    `SELECT first_settled_at, settled_usd_cents, trust_tier_manual, credit_balance, debt_credits,
            (SELECT max(created_at) FROM risk_events WHERE org_id = o.id) AS last_risk
       FROM orgs o WHERE id = $1`,
    [orgId],
  );
  const row = r.rows[0];
  assert(row !== undefined, `no organization ${orgId}`);
  const ms = (d: Date | null) => (d === null ? null : new Date(d).getTime());
  return {
    firstSettledAtMs: ms(row.first_settled_at), settledUsdCents: Number(row.settled_usd_cents), manualTier: row.trust_tier_manual,
    lastRiskEventAtMs: ms(row.last_risk), balance: Number(row.credit_balance), debt: Number(row.debt_credits),
  };
}

export async function trustTier(ctx: StoreContext, orgId: string): Promise<number> {
  return computeTrustTier(await trustFacts(ctx.db, orgId), ctx.now());
}

interface TierPurchaseLimits { topUpUsdMax: number; usdPerDayMax: number; balanceCreditsMax: number }

/** SPEC.md §Purchase limits by trust tier; tier 4 has no self-serve limit. */
export const tierPurchaseLimits: Readonly<Record<1 | 2 | 3, TierPurchaseLimits>> = {
  1: { topUpUsdMax: limits.trustTier1TopUpUsdMax, usdPerDayMax: limits.trustTier1UsdPerDayMax, balanceCreditsMax: limits.trustTier1BalanceCreditsMax },
  2: { topUpUsdMax: limits.trustTier2TopUpUsdMax, usdPerDayMax: limits.trustTier2UsdPerDayMax, balanceCreditsMax: limits.trustTier2BalanceCreditsMax },
  3: { topUpUsdMax: limits.trustTier3TopUpUsdMax, usdPerDayMax: limits.trustTier3UsdPerDayMax, balanceCreditsMax: limits.trustTier3BalanceCreditsMax },
};

export type PurchaseRefusalCode =
  | "purchase_below_minimum" | "purchase_above_self_serve_maximum" | "purchase_not_a_pack" | "purchase_below_debt"
  | "purchase_over_top_up_limit" | "purchase_over_daily_limit" | "purchase_over_balance_limit";
export type PurchaseCheck = { ok: true; tier: number } | Refusal<PurchaseRefusalCode>;

const n = (v: number) => v.toLocaleString("en-US");

/**
 * Whether the console may start a checkout for `packUsd`; a refusal's message names the
 * limit and by how much the purchase passes it. Tier 0 (no settled payment yet) buys
 * under tier 1's limits.
 */
export async function checkPurchaseAllowed(ctx: StoreContext, orgId: string, packUsd: number): Promise<PurchaseCheck> {
  if (packUsd < limits.purchaseUsdMin) return purchaseRefusal("purchase_below_minimum", `The minimum purchase is ${limits.purchaseUsdMin} USD; ${n(packUsd)} USD is ${n(limits.purchaseUsdMin - packUsd)} USD short.`, { minimum_usd: limits.purchaseUsdMin });
  if (packUsd > limits.purchaseUsdSelfServeMax) return purchaseRefusal("purchase_above_self_serve_maximum", `Self-serve purchases go up to ${n(limits.purchaseUsdSelfServeMax)} USD; ${n(packUsd)} USD is ${n(packUsd - limits.purchaseUsdSelfServeMax)} USD over. Larger amounts are bought by contract invoice.`, { maximum_usd: limits.purchaseUsdSelfServeMax });
  const pack = packByUsd(packUsd);
  if (pack === undefined) return purchaseRefusal("purchase_not_a_pack", `Packs are 25, 100, 500 and 2,500 USD; ${n(packUsd)} USD is not one of them.`, {});
  const facts = await trustFacts(ctx.db, orgId);
  const granted = packCredits(pack).total;
  if (facts.debt > granted) {
    const needed = smallestPackCovering(facts.debt);
    const fix = needed ? `Buy the ${n(needed.usd)} USD pack or a larger one.` : "No pack covers it: contact support for an invoice.";
    return purchaseRefusal("purchase_below_debt", `The account owes ${n(facts.debt)} credits; the ${n(packUsd)} USD pack grants ${n(granted)}, ${n(facts.debt - granted)} short. ${fix}`, { debt_credits: facts.debt, pack_usd_required: needed?.usd ?? null });
  }
  const now = ctx.now();
  const tier = computeTrustTier(facts, now);
  if (tier === 4) return { ok: true, tier };
  const lim = tierPurchaseLimits[tier === 0 ? 1 : (tier as 1 | 2 | 3)];
  const shownTier = Math.max(tier, 1);
  if (packUsd > lim.topUpUsdMax) return purchaseRefusal("purchase_over_top_up_limit", `Trust tier ${shownTier} allows top-ups of at most ${n(lim.topUpUsdMax)} USD; ${n(packUsd)} USD is ${n(packUsd - lim.topUpUsdMax)} USD over.`, { tier, limit_usd: lim.topUpUsdMax });
  const dayCents = Number((await ctx.db.query<{ c: number }>(
    `SELECT COALESCE(SUM(amount_cents), 0)::bigint AS c FROM purchases
      WHERE org_id = $1 AND status IN ('settled', 'refunded', 'reversed') AND settled_at > $2`,
    [orgId, iso(now - limits.purchaseWindowMs)],
  )).rows[0].c);
  const dayUsd = Math.ceil(dayCents / 100);
  if (dayUsd + packUsd > lim.usdPerDayMax) return purchaseRefusal("purchase_over_daily_limit", `Trust tier ${shownTier} allows ${n(lim.usdPerDayMax)} USD per 24 hours; ${n(dayUsd)} USD settled in the last 24 hours plus ${n(packUsd)} USD is ${n(dayUsd + packUsd - lim.usdPerDayMax)} USD over.`, { tier, limit_usd: lim.usdPerDayMax, settled_usd_24h: dayUsd });
  const balanceAfter = facts.balance + granted - facts.debt;
  if (balanceAfter > lim.balanceCreditsMax) return purchaseRefusal("purchase_over_balance_limit", `Trust tier ${shownTier} allows a balance of at most ${n(lim.balanceCreditsMax)} credits; this pack would bring it to ${n(balanceAfter)}, ${n(balanceAfter - lim.balanceCreditsMax)} over.`, { tier, limit_credits: lim.balanceCreditsMax });
  return { ok: true, tier };
}
