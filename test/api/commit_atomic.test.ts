// Billing atomic with the result (issue 12 item 2; SPEC.md §Cost function "every 4xx and 5xx
// bills 0", §Credit hold state table, §States and transitions "Idempotency record"): a
// failure injected after each step of a conversion's commit (the store's test-only fault
// hook, StoreContext.faults) leaves no charge, no ledger entry, no stored conversion, no
// cached result and a released hold, and a retry with the same Idempotency-Key bills once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommitStep } from "../../src/store/context.js";
import { verifyLedger } from "../../src/store/ledger.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { fixturePdf, ledger, orgCredits, raw } from "../support/convert.js";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const STEPS: CommitStep[] = ["settle", "conversion", "cache", "usage", "idempotency"];

async function count(sql: string, params: unknown[]): Promise<number> {
  const r = await api.store.db.query<{ n: unknown }>(sql, params);
  return Number(r.rows[0].n);
}

/** Balance = the ledger's sum, the chain verifies, and nothing is held. */
async function expectBooksBalanced(orgId: string, key: string): Promise<{ balance: number; charges: number }> {
  const entries = await ledger(api, key);
  const sum = entries.reduce((s, e) => s + e.credits, 0);
  const { balance, held } = await orgCredits(api, orgId);
  expect(balance).toBe(sum);
  expect(held).toBe(0);
  expect((await verifyLedger(api.store.db, orgId)).ok).toBe(true);
  return { balance, charges: entries.filter((e) => e.kind === "charge").length };
}

describe("SPEC §Cost function: a failure after any commit step bills 0", () => {
  for (const step of STEPS) {
    for (const cached of [false, true]) {
      it(`fault after "${step}" (${cached ? "cache hit" : "fresh conversion"}): 500, no charge, hold released, nothing stored; the same-key retry bills once`, async () => {
        const { key, orgId } = await api.account({ credits: 1000 });
        const pdf = fixturePdf("running-headers.pdf");
        if (cached) expect((await api.app.inject(raw(key, pdf))).statusCode).toBe(200);
        const before = await expectBooksBalanced(orgId, key);
        const conversionsBefore = await count("SELECT count(*) AS n FROM conversions WHERE org_id = $1", [orgId]);
        const idemKey = `commit-fault-${step}-${cached ? "hit" : "miss"}`;
        const headers = { "idempotency-key": idemKey };
        let fired = false;
        api.store.faults = (s) => {
          if (s === step && !fired) {
            fired = true;
            throw new Error(`injected fault after ${s}`);
          }
        };
        try {
          const res = await api.app.inject(raw(key, pdf, { headers }));
          // A step the path does not take (a hit stores no cache entry) never fires.
          if (!fired) {
            expect(step).toBe("cache");
            expect(res.statusCode).toBe(200);
            return;
          }
          expect(res.statusCode).toBe(500);
          expect(res.json().error.code).toBe("internal_error");
        } finally {
          api.store.faults = undefined;
        }
        const after = await expectBooksBalanced(orgId, key);
        expect(after).toEqual(before);
        expect(await count("SELECT count(*) AS n FROM conversions WHERE org_id = $1", [orgId])).toBe(conversionsBefore);
        expect(await count("SELECT count(*) AS n FROM holds WHERE org_id = $1 AND state = 'held'", [orgId])).toBe(0);
        expect(await count("SELECT count(*) AS n FROM idempotency_keys WHERE org_id = $1 AND key = $2", [orgId, idemKey])).toBe(0);

        // The retry converts and bills once; a second retry replays without billing.
        const retry = await api.app.inject(raw(key, pdf, { headers }));
        expect(retry.statusCode).toBe(200);
        const replay = await api.app.inject(raw(key, pdf, { headers }));
        expect(replay.statusCode).toBe(200);
        expect(replay.headers["idempotency-replayed"]).toBe("true");
        const final = await expectBooksBalanced(orgId, key);
        expect(final.charges).toBe(before.charges + 1);
        expect(final.balance).toBe(before.balance - retry.json().usage.credits_charged);
        const stored = await api.store.db.query<{ hold_id: string | null }>("SELECT hold_id FROM idempotency_keys WHERE org_id = $1 AND key = $2", [orgId, idemKey]);
        expect(stored.rows[0].hold_id).toMatch(/^hold_/);
      });
    }
  }
});
