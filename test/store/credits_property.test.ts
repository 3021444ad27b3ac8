// Property: whatever sequence of credit operations runs — goodwill grants, purchases (some
// in another currency), holds, settles (charged ≤ held), releases, refunds, reversals,
// goodwill expiry and hold sweeps, some of them concurrently — the organization ends with
// balance = SUM(ledger credits), held = SUM(open holds), lots summing to the balance, debt
// only when nothing is spendable, and a ledger chain that verifies.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeHold, releaseHold, settleHold, sweepHolds } from "../../src/store/credits.js";
import { expireGoodwill, grantGoodwill } from "../../src/store/lots.js";
import { refundPurchase, reversePurchase, settlePurchase } from "../../src/store/payments.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";
import { creditState, DAY_MS, expectInvariants, insertOrg } from "./credits.fixtures.js";

let t: TestDb;
let ctx: ReturnType<typeof manualClock>;

beforeAll(async () => {
  t = await freshDb();
  ctx = manualClock(t.db);
});
afterAll(async () => t?.drop());

type Op =
  | { op: "grant"; credits: number }
  | { op: "buy"; packUsd: number; currency: string }
  | { op: "hold"; credits: number }
  | { op: "settle"; pick: number; percent: number }
  | { op: "release"; pick: number }
  | { op: "refund"; pick: number }
  | { op: "reverse"; pick: number; reason: "reversal" | "dispute" }
  | { op: "expire"; days: number }
  | { op: "sweep"; seconds: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant("grant" as const), credits: fc.integer({ min: 1, max: 5_000 }) }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant("buy" as const), packUsd: fc.constantFrom(25, 25, 100, 500), currency: fc.constantFrom("usd", "usd", "usd", "eur") }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant("hold" as const), credits: fc.integer({ min: 1, max: 200 }) }), weight: 4 },
  { arbitrary: fc.record({ op: fc.constant("settle" as const), pick: fc.nat(), percent: fc.integer({ min: 0, max: 100 }) }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant("release" as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant("refund" as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("reverse" as const), pick: fc.nat(), reason: fc.constantFrom("reversal" as const, "dispute" as const) }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("expire" as const), days: fc.integer({ min: 0, max: 400 }) }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("sweep" as const), seconds: fc.integer({ min: 0, max: 90 }) }), weight: 1 },
);

interface World {
  orgId: string;
  holds: Array<{ id: string; credits: number }>;
  purchases: string[];
  n: number;
}

const pick = <T>(items: T[], i: number): T | undefined => (items.length === 0 ? undefined : items[i % items.length]);

/** Ended holds leave the pool, so later picks mostly find open ones (a group may still pick one twice). */
function forget(w: World, h: { id: string } | undefined): void {
  if (h) w.holds = w.holds.filter((x) => x.id !== h.id);
}

async function run(w: World, o: Op, solo: boolean): Promise<void> {
  switch (o.op) {
    case "grant":
      await grantGoodwill(ctx, w.orgId, o.credits);
      return;
    case "buy": {
      const n = ++w.n;
      const r = await settlePurchase(ctx, { orgId: w.orgId, packUsd: o.packUsd, currency: o.currency, processor: "sandbox", processorRef: `pi_${w.orgId}_${n}`, eventId: `evt_${w.orgId}_${n}` });
      expect(r.refund).toBe(o.currency !== "usd");
      w.purchases.push(r.purchaseId);
      return;
    }
    case "hold": {
      const r = await placeHold(ctx, { orgId: w.orgId, requestId: `req_${++w.n}`, credits: o.credits, rateCardVersion: 1 });
      if (r.ok) w.holds.push({ id: r.holdId, credits: o.credits });
      else expect(["insufficient_credits", "account_delinquent"]).toContain(r.code);
      // Alone, nothing can change the balance between the refusal and the read behind its details.
      if (!r.ok && solo && r.code === "insufficient_credits") expect(r.details.credits_available).toBeLessThan(o.credits);
      return;
    }
    case "settle": {
      const h = pick(w.holds, o.pick);
      if (h) await settleHold(ctx, h.id, { charged: Math.floor((h.credits * o.percent) / 100), reference: null });
      forget(w, h);
      return;
    }
    case "release": {
      const h = pick(w.holds, o.pick);
      if (h) await releaseHold(ctx, h.id);
      forget(w, h);
      return;
    }
    case "refund": {
      const p = pick(w.purchases, o.pick);
      if (p) await refundPurchase(ctx, p);
      return;
    }
    case "reverse": {
      const p = pick(w.purchases, o.pick);
      if (p) await reversePurchase(ctx, p, o.reason);
      return;
    }
    case "expire":
      ctx.advance(o.days * DAY_MS);
      await expireGoodwill(ctx);
      return;
    case "sweep":
      ctx.advance(o.seconds * 1_000);
      await sweepHolds(ctx);
      return;
  }
}

describe("credit invariants hold under any sequence of operations", () => {
  it("balance = SUM(ledger credits), held = SUM(open holds), lots = balance, the chain verifies", async () => {
    // Operations run in groups of 1 to 3 started together: real concurrency on PostgreSQL.
    const groups = fc.array(fc.array(opArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(groups, async (plan) => {
        const w: World = { orgId: await insertOrg(t.db, ctx.now()), holds: [], purchases: [], n: 0 };
        for (const group of plan) {
          await Promise.all(group.map((o) => run(w, o, group.length === 1)));
          const s = await creditState(t.db, w.orgId);
          expect(s.balance).toBe(s.ledgerSum);
          expect(s.held).toBe(s.openHolds);
          expect(s.lotsSum).toBe(s.balance);
        }
        await expectInvariants(t.db, w.orgId);
      }),
      // SVC_PROPERTY_RUNS raises the count for a long local soak; CI keeps the default.
      { numRuns: Number(process.env.SVC_PROPERTY_RUNS ?? 60) },
    );
  });
});
