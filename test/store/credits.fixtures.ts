// Shared by the ledger, credits and payments tests: organizations inserted directly (orgs.ts
// is not under test here) and the credit invariants every test ends on.
import { expect } from "vitest";
import type { Db, Queryable } from "../../src/store/db.js";
import { newId } from "../../src/store/ids.js";
import { verifyLedger } from "../../src/store/ledger.js";

const DAY_MS = 24 * 60 * 60 * 1000;
export { DAY_MS };

/**
 * An organization created `ageMs` before `nowMs`. Old enough by default (30 days) that the
 * new-account burn cap does not apply; tests of that cap pass 0.
 */
export async function insertOrg(db: Queryable, nowMs: number, options: { ageMs?: number; limits?: Record<string, number> } = {}): Promise<string> {
  const id = newId("org", nowMs);
  await db.query("INSERT INTO orgs (id, email, created_at, limits) VALUES ($1, $2, $3, $4)", [
    id,
    `${id.toLowerCase()}@credits.test`,
    new Date(nowMs - (options.ageMs ?? 30 * DAY_MS)).toISOString(),
    JSON.stringify(options.limits ?? {}),
  ]);
  return id;
}

export interface CreditState {
  balance: number;
  held: number;
  debt: number;
  lifetime: number;
  ledgerSum: number;
  ledgerDebt: number;
  openHolds: number;
  lotsSum: number;
  charged: number;
}

export async function creditState(db: Queryable, orgId: string): Promise<CreditState> {
  const r = await db.query<Record<string, number>>(
    `SELECT o.credit_balance AS balance, o.credits_held AS held, o.debt_credits AS debt, o.lifetime_credits_charged AS lifetime,
            (SELECT COALESCE(SUM(credits), 0)::bigint FROM ledger_entries WHERE org_id = o.id) AS "ledgerSum",
            COALESCE((SELECT debt_after FROM ledger_entries WHERE org_id = o.id ORDER BY seq DESC LIMIT 1), 0) AS "ledgerDebt",
            (SELECT COALESCE(SUM(credits), 0)::bigint FROM holds WHERE org_id = o.id AND state = 'held') AS "openHolds",
            (SELECT COALESCE(SUM(remaining), 0)::bigint FROM credit_lots WHERE org_id = o.id) AS "lotsSum",
            (SELECT COALESCE(-SUM(credits), 0)::bigint FROM ledger_entries WHERE org_id = o.id AND kind = 'charge') AS charged
       FROM orgs o WHERE o.id = $1`,
    [orgId],
  );
  const row = r.rows[0];
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as CreditState;
}

/** The invariants of docs/store.md §Credits: checked from the database, not from memory. */
export async function expectInvariants(db: Db, orgId: string): Promise<CreditState> {
  const s = await creditState(db, orgId);
  expect(s.balance).toBe(s.ledgerSum);
  expect(s.debt).toBe(s.ledgerDebt);
  expect(s.held).toBe(s.openHolds);
  expect(s.lotsSum).toBe(s.balance);
  expect(s.lifetime).toBe(s.charged);
  expect(s.held).toBeLessThanOrEqual(s.balance);
  if (s.debt > 0) expect(s.balance).toBe(s.held);
  expect(await verifyLedger(db, orgId)).toMatchObject({ ok: true });
  return s;
}
