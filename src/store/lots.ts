// Credit lots: where an organization's balance came from, so that refunds know a purchase's
// unspent share and the expiry sweep knows what goodwill is left. Invariant, kept under the
// organization's row lock by every writer: SUM(remaining) over its lots = credit_balance.
//
// Spending order (charges, debt settlement, the part of a clawback its own lot cannot
// cover): goodwill first, soonest expiry first (it is the only credit that expires, so the
// customer loses least), then purchases oldest first. A caller may name one lot to take
// from before that order: a debt is paid from the purchase that settles it, and a reversal
// claws back its own purchase's credits first.
//
// Goodwill grants and the goodwill expiry sweep live here too: goodwill is the one kind of
// credit whose lot decides what happens to it (SPEC.md rule 6).
import { limits } from "../config/limits.js";
import { assert, assertCredits } from "./assert.js";
import type { StoreContext } from "./context.js";
import type { Queryable } from "./db.js";
import { newId } from "./ids.js";
import { LedgerBook, lockOrg, type LedgerEntry, type LedgerKind } from "./ledger.js";

export type LotKind = "purchase" | "goodwill";

export async function addLot(
  tx: Queryable,
  lot: { orgId: string; kind: LotKind; purchaseId: string | null; credits: number; expiresAtMs: number | null; nowMs: number },
): Promise<string> {
  assertCredits(lot.credits, "lot credits");
  assert(lot.credits > 0, "a lot holds at least one credit");
  assert((lot.kind === "goodwill") === (lot.expiresAtMs !== null), "goodwill lots expire and only they do");
  const id = newId("lot", lot.nowMs);
  await tx.query(
    `INSERT INTO credit_lots (id, org_id, kind, purchase_id, credits, remaining, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7)`,
    [id, lot.orgId, lot.kind, lot.purchaseId, lot.credits,
      lot.expiresAtMs === null ? null : new Date(lot.expiresAtMs).toISOString(), new Date(lot.nowMs).toISOString()],
  );
  return id;
}

/**
 * Takes `credits` from the organization's lots in spending order (`firstLotId` first) in one
 * statement: a running total over the ordered lots decides how much each gives.
 */
export async function takeFromLots(tx: Queryable, orgId: string, credits: number, firstLotId: string | null = null): Promise<void> {
  assertCredits(credits, "credits taken from lots");
  if (credits === 0) return;
  const r = await tx.query<{ taken: number }>(
    `WITH ordered AS (
       SELECT id, remaining,
              (SUM(remaining) OVER (ORDER BY COALESCE(id = $3::text, false) DESC, (kind = 'goodwill') DESC,
                                            expires_at ASC NULLS LAST, created_at ASC, id ASC
                                   ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))::bigint AS through
         FROM credit_lots WHERE org_id = $1 AND remaining > 0
     )
     UPDATE credit_lots l
        SET remaining = l.remaining - LEAST(o.remaining, $2::bigint - (o.through - o.remaining))
       FROM ordered o
      WHERE l.id = o.id AND o.through - o.remaining < $2::bigint
     RETURNING LEAST(o.remaining, $2::bigint - (o.through - o.remaining))::bigint AS taken`,
    [orgId, credits, firstLotId],
  );
  const taken = r.rows.reduce((sum, row) => sum + Number(row.taken), 0);
  // Lots sum to the balance and callers never take more than it: a shortfall is a bug.
  assert(taken === credits, `took ${taken} of ${credits} credits from the lots of ${orgId}`);
}

/** Takes up to `credits` from one lot; returns how many it had to give. */
export async function takeFromLot(tx: Queryable, lotId: string, credits: number): Promise<number> {
  assertCredits(credits, "credits taken from a lot");
  const r = await tx.query<{ taken: number }>(
    `WITH before AS (SELECT remaining FROM credit_lots WHERE id = $1)
     UPDATE credit_lots SET remaining = remaining - LEAST(remaining, $2::bigint)
      WHERE id = $1
     RETURNING (SELECT remaining FROM before) - remaining AS taken`,
    [lotId, credits],
  );
  assert(r.rows.length === 1, `no credit lot ${lotId}`);
  return Number(r.rows[0].taken);
}

/** A movement that takes credits: lots first, then the ledger entry, in the same transaction. */
export async function spend(
  book: LedgerBook,
  kind: Extract<LedgerKind, "charge" | "refund" | "clawback" | "expiry" | "debt_settlement">,
  credits: number,
  options: { reference?: string | null; requestId?: string | null; rateCardVersion?: number; firstLotId?: string | null; debtAdded?: number } = {},
): Promise<LedgerEntry> {
  assert(credits <= book.available, `${kind} of ${credits} exceeds the ${book.available} credits available`);
  await takeFromLots(book.tx, book.org.id, credits, options.firstLotId ?? null);
  // A clawback of 0 (everything became debt) is written as 0, never -0.
  return book.append({ kind, credits: credits === 0 ? 0 : -credits, ...options });
}

/**
 * Ends every credit-moving transaction: credits that became available while debt is owed
 * pay it first (a debt_settlement entry), then the book is saved. Spending stays frozen
 * until the debt is 0, and nothing is left spendable beside a debt (orgs_debt_freezes_balance).
 */
export async function commitBook(book: LedgerBook, options: { reference?: string | null; firstLotId?: string | null } = {}): Promise<void> {
  const pay = Math.min(book.debt, book.available);
  if (pay > 0) await spend(book, "debt_settlement", pay, { reference: options.reference ?? null, firstLotId: options.firstLotId ?? null });
  await book.save();
}

/** Goodwill lot expiry: `goodwillLifetimeMonths` calendar months later, UTC (SPEC.md rule 6). */
export function goodwillExpiresAtMs(nowMs: number): number {
  const d = new Date(nowMs);
  const target = new Date(nowMs);
  target.setUTCMonth(d.getUTCMonth() + limits.goodwillLifetimeMonths);
  // 29 Feb + 12 months rolls to 1 Mar; clamp to the month's last day instead.
  if (target.getUTCDate() !== d.getUTCDate()) target.setUTCDate(0);
  return target.getTime();
}

export type GoodwillResult = { ok: true; lotId: string; credits: number; expiresAtMs: number; balanceAfter: number };

/** A support grant (`svc admin credits grant`): a goodwill entry and a lot expiring in 12 months. */
export async function grantGoodwill(ctx: StoreContext, orgId: string, credits: number): Promise<GoodwillResult> {
  assert(Number.isSafeInteger(credits) && credits >= 1 && credits <= limits.goodwillGrantCreditsMax, `goodwill grant of ${credits}`);
  const now = ctx.now();
  const expiresAtMs = goodwillExpiresAtMs(now);
  return ctx.db.transaction(async (tx) => {
    const org = await lockOrg(tx, orgId);
    assert(org !== null, `no organization ${orgId}`);
    const book = new LedgerBook(tx, org, now);
    await book.append({ kind: "goodwill", credits });
    const lotId = await addLot(tx, { orgId, kind: "goodwill", purchaseId: null, credits, expiresAtMs, nowMs: now });
    await commitBook(book, { firstLotId: lotId });
    return { ok: true, lotId, credits, expiresAtMs, balanceAfter: book.balance };
  });
}

/**
 * The goodwill expiry sweep: an `expiry` entry removes each expired lot's unspent remainder,
 * capped at the available balance so in-flight holds stay covered; a remainder left by that
 * cap is taken by a later sweep (or spent first by those holds, being the soonest-expiring).
 */
export async function expireGoodwill(ctx: StoreContext): Promise<{ lots: number; credits: number }> {
  const now = ctx.now();
  const due = (await ctx.db.query<{ id: string; org_id: string }>(
    `SELECT id, org_id FROM credit_lots WHERE kind = 'goodwill' AND remaining > 0 AND expires_at <= $1
      ORDER BY org_id, expires_at LIMIT ${limits.goodwillExpiryBatchMax}`,
    [new Date(now).toISOString()],
  )).rows;
  const byOrg = new Map<string, string[]>();
  for (const lot of due) byOrg.set(lot.org_id, [...(byOrg.get(lot.org_id) ?? []), lot.id]);
  let lots = 0;
  let expired = 0;
  for (const [orgId, lotIds] of byOrg) {
    expired += await ctx.db.transaction(async (tx) => {
      const org = await lockOrg(tx, orgId);
      assert(org !== null, `no organization ${orgId}`);
      const book = new LedgerBook(tx, org, now);
      let taken = 0;
      for (const lotId of lotIds) {
        const lot = (await tx.query<{ remaining: number }>("SELECT remaining FROM credit_lots WHERE id = $1 FOR UPDATE", [lotId])).rows[0];
        const credits = Math.min(Number(lot.remaining), book.available);
        if (credits === 0) continue;
        assert((await takeFromLot(tx, lotId, credits)) === credits, `goodwill lot ${lotId} gave less than asked`);
        await book.append({ kind: "expiry", credits: -credits });
        await tx.query("UPDATE credit_lots SET expired_at = $2 WHERE id = $1 AND remaining = 0", [lotId, new Date(now).toISOString()]);
        lots++;
        taken += credits;
      }
      await commitBook(book);
      return taken;
    });
  }
  return { lots, credits: expired };
}
