// Credit holds (SPEC.md §Credit hold): a request takes a hold on admission and settles the
// real figure on completion, or releases the hold. Charged ≤ held, always.
//
//   none ──placeHold──▶ held ──settleHold──▶ settled   (charge entry, lots consumed)
//                         └──releaseHold / sweepHolds──▶ released
//
// placeHold is one conditional UPDATE on the organization row (balance, debt and status
// checked in the statement that reserves), so concurrent admissions can never over-reserve.
// Settle and release lock the organization row first, then move the hold with a guard on
// state = 'held': whichever comes second finds it ended and changes nothing.
//
// A request's own code settles or releases its hold. When the instance dies, its holds are
// released by any other instance's sweep once its heartbeat is stale; a hold past its
// expiry (the request wall clock) is released by the sweep as well.
import { limits } from "../config/limits.js";
import { rateCardVersions } from "../config/rate_card.js";
import { errorEntry } from "../errors/catalogue.js";
import { orgLimits, paidLimitDefaults, storedOverrides } from "./account_limits.js";
import { assert, assertCredits } from "./assert.js";
import type { StoreContext } from "./context.js";
import type { Queryable } from "./db.js";
import { newId } from "./ids.js";
import { LedgerBook, lockedOrgColumns, type LockedOrg } from "./ledger.js";
import { commitBook, spend } from "./lots.js";
import { refuse, type Refusal } from "./refusal.js";

/** Hold refusals are API errors as they are: `reason` and `code` are the same catalogue code. */
export type HoldRefusal = Refusal<"account_suspended" | "account_delinquent" | "insufficient_credits" | "rate_limit_new_account">;
export type PlaceHoldResult = { ok: true; holdId: string; credits: number; expiresAtMs: number } | HoldRefusal;

const iso = (ms: number) => new Date(ms).toISOString();

/** Thrown inside the transaction to roll the reservation back; never leaves this module. */
class BurnCapExceeded extends Error {
  constructor(readonly seen: { caps: BurnCap[]; used: number; heldBefore: number }) {
    super("burn cap exceeded");
  }
}

export async function placeHold(
  ctx: StoreContext,
  input: { orgId: string; requestId: string; credits: number; rateCardVersion: number },
): Promise<PlaceHoldResult> {
  const { orgId, credits } = input;
  assert(Number.isSafeInteger(credits) && credits >= 1 && credits <= limits.holdCreditsMax, `hold of ${credits} credits`);
  assert(rateCardVersions.includes(input.rateCardVersion), `unknown rate card version ${input.rateCardVersion}`);
  const now = ctx.now();
  const expiresAtMs = now + limits.requestWallMsMax;
  const holdId = newId("hold", now);
  const holdRow = [holdId, orgId, input.requestId, ctx.instanceId, credits, input.rateCardVersion, iso(now), iso(expiresAtMs)];
  if (await placeUncappedHold(ctx, holdRow, now)) return { ok: true, holdId, credits, expiresAtMs };
  try {
    const placed = await ctx.db.transaction(async (tx) => {
      const r = await tx.query<{ credits_held: number; created_at: Date; limits: unknown }>(
        `UPDATE orgs SET credits_held = credits_held + $2
          WHERE id = $1 AND status = 'active' AND debt_credits = 0 AND credit_balance - credits_held >= $2
          RETURNING credits_held, created_at, limits`,
        [orgId, credits],
      );
      if (r.rows.length === 0) return false;
      const caps = burnCaps(r.rows[0], now);
      if (caps.length > 0) {
        // The row is locked by the UPDATE: this read sees every settled charge, so the cap is exact.
        const used = await chargedSince(tx, orgId, now - limits.burnCapWindowMs);
        if (caps.some((cap) => used + r.rows[0].credits_held > cap.credits)) {
          throw new BurnCapExceeded({ caps, used, heldBefore: r.rows[0].credits_held - credits });
        }
      }
      await tx.query(
        `INSERT INTO holds (id, org_id, request_id, instance_id, credits, rate_card_version, state, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'held', $7, $8)`,
        holdRow,
      );
      return true;
    });
    if (placed) return { ok: true, holdId, credits, expiresAtMs };
  } catch (err) {
    if (!(err instanceof BurnCapExceeded)) throw err;
    return burnCapRefusal(ctx, orgId, credits, now, err.seen);
  }
  return holdRefusal(ctx.db, orgId, credits);
}

// placeHold's reservation and hold row as ONE statement, for an organization no burn cap
// applies to (issue 10 item 5: BEGIN, UPDATE, INSERT, COMMIT were four round trips). The
// UPDATE's WHERE carries every check of the transaction's, plus "no cap": past its first week
// and no burn_cap_credits_per_day of its own (0 = none; $10 the published default, applying
// when the organization sets none). A statement is atomic, and the UPDATE re-checks the row
// as locked, so the reservation is as exact as the transaction's. No row: a cap applies or
// the hold is refused — the transaction decides, and words the refusal.
// $1 hold id, $2 org, $3 request, $4 instance, $5 credits, $6 rate card, $7 now, $8 expires
// at, $9 the first week's start for an organization created then, $10 the default burn cap.
const PLACE_UNCAPPED_HOLD_SQL = `
  WITH reserved AS (
    UPDATE orgs SET credits_held = credits_held + $5
     WHERE id = $2 AND status = 'active' AND debt_credits = 0 AND credit_balance - credits_held >= $5
       AND created_at <= $9::timestamptz
       AND COALESCE((limits->>'burn_cap_credits_per_day')::bigint, $10::bigint) = 0
    RETURNING id
  )
  INSERT INTO holds (id, org_id, request_id, instance_id, credits, rate_card_version, state, created_at, expires_at)
  SELECT $1, id, $3, $4, $5, $6::int, 'held', $7::timestamptz, $8::timestamptz FROM reserved
  RETURNING id`;

async function placeUncappedHold(ctx: StoreContext, holdRow: unknown[], now: number): Promise<boolean> {
  const { rows } = await ctx.db.query(PLACE_UNCAPPED_HOLD_SQL, [...holdRow, iso(now - limits.newAccountBurnCapMs), paidLimitDefaults.burn_cap_credits_per_day]);
  return rows.length === 1;
}

interface BurnCap {
  credits: number;
  /** When the cap stops applying (the new-account cap lifts after the first week). */
  untilMs: number;
  kind: "new_account" | "burn_cap";
}

function burnCaps(org: { created_at: Date; limits: unknown }, now: number): BurnCap[] {
  const caps: BurnCap[] = [];
  const weekEndMs = new Date(org.created_at).getTime() + limits.newAccountBurnCapMs;
  if (now < weekEndMs) caps.push({ credits: limits.newAccountBurnCapCreditsPerDay, untilMs: weekEndMs, kind: "new_account" });
  const perDay = orgLimits(storedOverrides(org.limits, "organization")).burn_cap_credits_per_day;
  // 0 means no burn cap (SPEC.md §Account limits).
  if (perDay > 0) caps.push({ credits: perDay, untilMs: Number.POSITIVE_INFINITY, kind: "burn_cap" });
  return caps;
}

async function chargedSince(q: Queryable, orgId: string, sinceMs: number): Promise<number> {
  const r = await q.query<{ used: number }>(
    `SELECT COALESCE(-SUM(credits), 0)::bigint AS used FROM ledger_entries
      WHERE org_id = $1 AND kind = 'charge' AND created_at > $2`,
    [orgId, iso(sinceMs)],
  );
  return Number(r.rows[0].used);
}

/**
 * 429 rate_limit_new_account. Retry-After is when the oldest charges will have left the
 * trailing window enough for this hold to fit (or the first week ends, for the new-account
 * cap). Credits now held are counted as charged now: most of them will be.
 */
async function burnCapRefusal(
  ctx: StoreContext,
  orgId: string,
  credits: number,
  now: number,
  seen: { caps: BurnCap[]; used: number; heldBefore: number },
): Promise<HoldRefusal> {
  // The figures seen under the row lock, so the message agrees with the decision.
  const { caps, used, heldBefore: held } = seen;
  const windowStart = now - limits.burnCapWindowMs;
  let waitMs = 0;
  for (const cap of caps) {
    const excess = used + held + credits - cap.credits;
    if (excess <= 0) continue;
    let capWaitMs = limits.burnCapWindowMs;
    if (excess <= used) {
      // The charge at which the running total of the oldest charges reaches the excess.
      const r = await ctx.db.query<{ created_at: Date }>(
        `SELECT created_at FROM (
           SELECT created_at, SUM(-credits) OVER (ORDER BY created_at, seq) AS through FROM ledger_entries
            WHERE org_id = $1 AND kind = 'charge' AND created_at > $2) c
          WHERE through >= $3 ORDER BY through LIMIT 1`,
        [orgId, iso(windowStart), excess],
      );
      if (r.rows.length > 0) capWaitMs = new Date(r.rows[0].created_at).getTime() + limits.burnCapWindowMs - now;
    }
    waitMs = Math.max(waitMs, Math.min(capWaitMs, cap.untilMs - now));
  }
  const binding = caps.reduce((a, b) => (b.credits < a.credits ? b : a));
  const what = binding.kind === "new_account" ? "new-account spending cap" : "organization's burn cap";
  const retryAfterMs = Math.max(1, waitMs);
  return refuse(
    "rate_limit_new_account",
    "rate_limit_new_account",
    null,
    `The ${what} of ${binding.credits.toLocaleString("en-US")} credits per 24 hours is reached: ${used.toLocaleString("en-US")} charged and ${held.toLocaleString("en-US")} held, and this request holds ${credits.toLocaleString("en-US")}. ${binding.kind === "new_account" ? "It lifts after the first week. " : ""}Wait for the Retry-After interval, then retry.`,
    { burn_cap_credits: binding.credits, credits_charged_24h: used, credits_held: held, credits_required: credits, retry_after_ms: retryAfterMs },
    retryAfterMs,
  );
}

/** Why the reservation UPDATE matched no row, read after the fact for the refusal only. */
async function holdRefusal(db: Queryable, orgId: string, credits: number): Promise<HoldRefusal> {
  const org = (await db.query<{ status: string; credit_balance: number; credits_held: number; debt_credits: number }>(
    "SELECT status, credit_balance, credits_held, debt_credits FROM orgs WHERE id = $1",
    [orgId],
  )).rows[0];
  assert(org !== undefined, `no organization ${orgId}`);
  if (org.status !== "active") return refuse("account_suspended", "account_suspended", null, errorEntry("account_suspended").message, {});
  if (org.debt_credits > 0) {
    return refuse("account_delinquent", "account_delinquent", null, errorEntry("account_delinquent").message, {
      debt_credits: org.debt_credits,
      credits_required_to_resume: org.debt_credits,
    });
  }
  return refuse("insufficient_credits", "insufficient_credits", null, errorEntry("insufficient_credits").message, {
    credits_required: credits,
    credits_available: Math.max(0, org.credit_balance - org.credits_held),
  });
}

export interface HoldOutcome {
  ok: true;
  holdId: string;
  state: "settled" | "released";
  charged: number;
  balanceAfter: number;
  /** False when an earlier settle or release had already ended the hold. */
  changed: boolean;
}

/**
 * Settles a hold at `charged` (≤ the hold). A hold already ended returns what it ended with
 * and changes nothing: a second settle never charges twice, and a hold released first
 * (the sweep) stays unbilled, which favours the customer.
 */
export async function settleHold(
  ctx: StoreContext,
  holdId: string,
  input: { charged: number; reference: string | null; requestId?: string },
): Promise<HoldOutcome> {
  assertCredits(input.charged, "charged");
  return endHold(ctx, holdId, "settled", input.charged, input.reference, input.requestId);
}

/** Releases a hold unbilled (any 4xx, 5xx or timeout). Idempotent. */
export async function releaseHold(ctx: StoreContext, holdId: string): Promise<HoldOutcome> {
  return endHold(ctx, holdId, "released", 0, null);
}

async function endHold(
  ctx: StoreContext,
  holdId: string,
  to: "settled" | "released",
  charged: number,
  reference: string | null,
  requestId?: string,
): Promise<HoldOutcome> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // The organization row is locked through the hold, in one statement: every credit writer
    // locks the organization before the rows that hang off it.
    const locked = (await tx.query<LockedOrg & { hold_credits: number }>(
      `SELECT ${lockedOrgColumns("o")}, h.credits AS hold_credits FROM holds h JOIN orgs o ON o.id = h.org_id
        WHERE h.id = $1 FOR NO KEY UPDATE OF o`,
      [holdId],
    )).rows[0];
    assert(locked !== undefined, `no hold ${holdId}`);
    const { hold_credits: holdCredits, ...org } = locked;
    assert(charged <= holdCredits, `charged ${charged} exceeds the hold of ${holdCredits}`);
    // What commitBook will leave: the charge, then freed credits paying any debt.
    const freed = org.credit_balance - charged - (org.credits_held - holdCredits);
    const balanceAfter = org.credit_balance - charged - Math.min(org.debt_credits, freed);
    const r = await tx.query<{ rate_card_version: number; request_id: string }>(
      `UPDATE holds SET state = $2, charged = $3, ended_at = $4, balance_after = $5 WHERE id = $1 AND state = 'held'
       RETURNING rate_card_version, request_id`,
      [holdId, to, charged, iso(now), balanceAfter],
    );
    if (r.rows.length === 0) {
      const ended = (await tx.query<{ state: "settled" | "released"; charged: number | null; balance_after: number | null }>(
        "SELECT state, charged, balance_after FROM holds WHERE id = $1",
        [holdId],
      )).rows[0];
      return { ok: true, holdId, state: ended.state, charged: ended.charged ?? 0, balanceAfter: ended.balance_after ?? org.credit_balance, changed: false };
    }
    const hold = r.rows[0];
    assert(requestId === undefined || requestId === hold.request_id, `settle for ${requestId} of a hold taken by ${hold.request_id}`);
    const book = new LedgerBook(tx, org, now);
    book.held -= holdCredits;
    if (charged > 0) {
      await spend(book, "charge", charged, { reference, requestId: hold.request_id, rateCardVersion: hold.rate_card_version });
      book.lifetimeChargedAdded = charged;
    }
    await commitBook(book);
    assert(book.balance === balanceAfter, `hold ${holdId} recorded balance ${balanceAfter}, the book ended at ${book.balance}`);
    return { ok: true, holdId, state: to, charged, balanceAfter: book.balance, changed: true };
  });
}

/** Registers this instance (at start); its heartbeat keeps its holds from the sweep. */
export async function registerInstance(ctx: StoreContext): Promise<void> {
  const now = iso(ctx.now());
  await ctx.db.query(
    `INSERT INTO instances (id, started_at, heartbeat_at) VALUES ($1, $2, $2)
     ON CONFLICT (id) DO UPDATE SET heartbeat_at = EXCLUDED.heartbeat_at`,
    [ctx.instanceId, now],
  );
}

export async function heartbeat(ctx: StoreContext): Promise<void> {
  const r = await ctx.db.query("UPDATE instances SET heartbeat_at = $2 WHERE id = $1", [ctx.instanceId, iso(ctx.now())]);
  // Swept as dead after a long pause (a suspended VM): register again rather than fail.
  if (r.rowCount === 0) await registerInstance(ctx);
}

/** Graceful shutdown, after in-flight requests ended: release what is still held, then leave. */
export async function retireInstance(ctx: StoreContext): Promise<number> {
  let released = 0;
  // Bounded: each round releases up to a batch; a retiring instance admits nothing new.
  for (let round = 0; round < limits.holdSweepBatchMax; round++) {
    const ids = await heldIds(ctx.db, "instance_id = $1", [ctx.instanceId]);
    for (const id of ids) if ((await releaseHold(ctx, id)).changed) released++;
    if (ids.length < limits.holdSweepBatchMax) break;
  }
  await ctx.db.query("DELETE FROM instances WHERE id = $1", [ctx.instanceId]);
  return released;
}

/**
 * Releases holds past their expiry and holds of instances whose heartbeat is stale (they
 * died mid-request), up to one batch; forgets dead instances that hold nothing.
 */
export async function sweepHolds(ctx: StoreContext): Promise<{ released: number }> {
  const now = ctx.now();
  const staleBefore = iso(now - limits.instanceHeartbeatStaleMs);
  const ids = await heldIds(
    ctx.db,
    "(expires_at <= $1 OR instance_id IN (SELECT id FROM instances WHERE heartbeat_at < $2))",
    [iso(now), staleBefore],
  );
  let released = 0;
  for (const id of ids) if ((await releaseHold(ctx, id)).changed) released++;
  await ctx.db.query(
    `DELETE FROM instances i WHERE heartbeat_at < $1
        AND NOT EXISTS (SELECT 1 FROM holds h WHERE h.instance_id = i.id AND h.state = 'held')
        AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.instance_id = i.id AND k.state = 'in_progress')
        AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.instance_id = i.id)`,
    [staleBefore],
  );
  return { released };
}

async function heldIds(db: Queryable, where: string, params: unknown[]): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM holds WHERE state = 'held' AND ${where} ORDER BY expires_at LIMIT ${limits.holdSweepBatchMax}`,
    params,
  );
  return r.rows.map((row) => row.id);
}

export type TestPagesResult = { ok: true; testPagesUsed: number } | Refusal<"rate_limit_test_pages">;

/** The calendar month (UTC) test-key pages are counted in, as test_usage.month. */
export function testUsageMonth(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 7);
}

/**
 * Test keys never hold credits (DECISIONS.md): they count pages against 5,000 per
 * organization per calendar month (UTC) in one atomic upsert that refuses, changing
 * nothing, when the pages would pass the cap. Retry-After runs to the month's end.
 */
export async function consumeTestPages(ctx: StoreContext, orgId: string, pages: number): Promise<TestPagesResult> {
  assertCredits(pages, "test pages");
  const now = ctx.now();
  const month = testUsageMonth(now);
  const cap = limits.testKeyPagesPerMonthMax;
  const r = await ctx.db.query<{ pages: number }>(
    `INSERT INTO test_usage (org_id, month, pages) SELECT $1, $2, $3 WHERE $3::bigint <= $4::bigint
     ON CONFLICT (org_id, month) DO UPDATE SET pages = test_usage.pages + EXCLUDED.pages
      WHERE test_usage.pages + EXCLUDED.pages <= $4::bigint
     RETURNING pages`,
    [orgId, month, pages, cap],
  );
  if (r.rows.length === 1) return { ok: true, testPagesUsed: Number(r.rows[0].pages) };
  const used = await testPagesUsed(ctx, orgId);
  const d = new Date(now);
  const retryAfterMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - now;
  return refuse(
    "rate_limit_test_pages",
    "rate_limit_test_pages",
    null,
    `${errorEntry("rate_limit_test_pages").message} ${used.toLocaleString("en-US")} used; this request needs ${pages.toLocaleString("en-US")}.`,
    { test_pages_used: used, test_pages_limit: cap, pages_requested: pages, retry_after_ms: retryAfterMs },
    retryAfterMs,
  );
}

/** Test-key pages used this month (GET /v1/account `test_pages_used`). */
export async function testPagesUsed(ctx: StoreContext, orgId: string): Promise<number> {
  const r = await ctx.db.query<{ pages: number }>("SELECT pages FROM test_usage WHERE org_id = $1 AND month = $2", [orgId, testUsageMonth(ctx.now())]);
  return r.rows.length === 0 ? 0 : Number(r.rows[0].pages);
}
