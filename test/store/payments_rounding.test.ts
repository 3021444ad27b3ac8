// SPEC.md §Credit purchase rule 8 ("rounding always favours the customer: bonus credits
// round up, refunded cash rounds up, credit clawback rounds down"), the pack table and the
// rate card, checked as properties of the functions the store uses. No database.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import {
  BASE_CREDITS_PER_USD, bonusCredits, effectivePricePer1000Usd, lineItemCredits, packCredits, packs, rateCardV1, smallestPackCovering,
} from "../../src/config/rate_card.js";
import { goodwillExpiresAtMs } from "../../src/store/lots.js";
import { computeTrustTier, refundCashCents, reversalCredits, tierPurchaseLimits } from "../../src/store/payments.js";

describe("packs: SPEC.md's table is what the rate card computes", () => {
  it("price, base, bonus, total and effective price per 1,000 pages", () => {
    const rows = packs.map((p) => [p.usd, packCredits(p).base, p.bonusPercent, packCredits(p).total, effectivePricePer1000Usd(p)]);
    expect(rows).toEqual([
      [25, 50_000, 0, 50_000, "0.5000"],
      [100, 200_000, 10, 220_000, "0.4545"],
      [500, 1_000_000, 15, 1_150_000, "0.4348"],
      [2_500, 5_000_000, 20, 6_000_000, "0.4167"],
    ]);
    for (const p of packs) expect(p.baseCredits).toBe(p.usd * BASE_CREDITS_PER_USD);
    expect(packs[0].usd).toBe(limits.purchaseUsdMin);
    expect(packs[packs.length - 1].usd).toBe(limits.purchaseUsdSelfServeMax);
    expect(smallestPackCovering(50_001)?.usd).toBe(100);
    expect(smallestPackCovering(6_000_001)).toBeUndefined();
  });

  it("tier purchase limits follow SPEC.md and grow with the tier", () => {
    expect(tierPurchaseLimits).toEqual({
      1: { topUpUsdMax: 100, usdPerDayMax: 100, balanceCreditsMax: 400_000 },
      2: { topUpUsdMax: 500, usdPerDayMax: 1_000, balanceCreditsMax: 4_000_000 },
      3: { topUpUsdMax: 2_500, usdPerDayMax: 5_000, balanceCreditsMax: 20_000_000 },
    });
    const [t1, t2, t3] = [tierPurchaseLimits[1], tierPurchaseLimits[2], tierPurchaseLimits[3]];
    for (const k of ["topUpUsdMax", "usdPerDayMax", "balanceCreditsMax"] as const) expect(t1[k] <= t2[k] && t2[k] <= t3[k]).toBe(true);
    // Tier 1 can buy the smallest pack, tier 3 the largest; each tier's day allows its top-up.
    expect(t1.topUpUsdMax).toBeGreaterThanOrEqual(limits.purchaseUsdMin);
    expect(t3.topUpUsdMax).toBe(limits.purchaseUsdSelfServeMax);
    for (const t of [t1, t2, t3]) expect(t.usdPerDayMax).toBeGreaterThanOrEqual(t.topUpUsdMax);
  });

  it("credit limits relate as SPEC.md needs", () => {
    expect(limits.trustTier2AfterFirstSettleMs).toBeLessThan(limits.trustTier3AfterFirstSettleMs);
    expect(limits.refundWindowMs).toBeLessThan(limits.riskEventWindowMs);
    // A new account can always place the largest hold; a dead instance's holds go within 60 s.
    expect(limits.newAccountBurnCapCreditsPerDay).toBeGreaterThan(limits.holdCreditsMax);
    expect(limits.instanceHeartbeatIntervalMs).toBeLessThan(limits.instanceHeartbeatStaleMs);
    expect(limits.instanceHeartbeatIntervalMs + limits.instanceHeartbeatStaleMs + limits.holdSweepIntervalMs).toBeLessThanOrEqual(60_000);
    expect(limits.ledgerListLimitDefault).toBeLessThanOrEqual(limits.ledgerListLimitMax);
  });
});

describe("rate card version 1", () => {
  it("page_convert and toc_infer never round; page_probe is 1 per 100 pages rounded up; toc_outline 1 per request", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
      expect(lineItemCredits("page_convert", n)).toBe(n);
      expect(lineItemCredits("toc_infer", n)).toBe(n);
      expect(lineItemCredits("toc_outline", n)).toBe(n);
      expect(lineItemCredits("page_probe", n)).toBe(Math.ceil(n / 100));
    }));
    expect([lineItemCredits("page_probe", 100), lineItemCredits("page_probe", 101)]).toEqual([1, 2]);
    expect(Object.values(rateCardV1).filter((r) => r.enabled).map((r) => r.kind)).toEqual(["page_convert", "toc_outline"]);
  });
});

describe("rounding favours the customer", () => {
  it("bonus credits round up", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 100 }), (base, pct) => {
      const bonus = bonusCredits(base, pct);
      expect(Number.isInteger(bonus)).toBe(true);
      expect(bonus * 100).toBeGreaterThanOrEqual(base * pct);
      expect((bonus - 1) * 100).toBeLessThan(base * pct);
    }));
  });

  it("refunded cash rounds up and never exceeds what was paid", () => {
    const purchase = fc.constantFrom(...packs).chain((p) => fc.record({ p: fc.constant(p), credits: fc.integer({ min: 0, max: packCredits(p).total }) }));
    fc.assert(fc.property(purchase, ({ p, credits }) => {
      const granted = packCredits(p).total;
      const amount = p.usd * 100;
      const cash = refundCashCents(amount, credits, granted);
      expect(cash * granted).toBeGreaterThanOrEqual(amount * credits);
      expect((cash - 1) * granted).toBeLessThan(amount * credits);
      expect(cash).toBeLessThanOrEqual(amount);
    }));
  });

  it("credit clawback rounds down and never exceeds what was granted", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 250_000 }), fc.nat(), (granted, amount, r) => {
      const refunded = r % (amount + 1);
      const owed = reversalCredits(granted, amount, refunded);
      expect(owed * amount).toBeLessThanOrEqual(granted * (amount - refunded));
      expect((owed + 1) * amount).toBeGreaterThan(granted * (amount - refunded));
      expect(owed).toBeLessThanOrEqual(granted);
    }));
  });
});

describe("goodwill expires 12 calendar months after the grant (UTC)", () => {
  it("same day of month a year later, clamped to the month's end", () => {
    expect(new Date(goodwillExpiresAtMs(Date.UTC(2026, 0, 15, 12))).toISOString()).toBe("2027-01-15T12:00:00.000Z");
    expect(new Date(goodwillExpiresAtMs(Date.UTC(2028, 1, 29, 8))).toISOString()).toBe("2029-02-28T08:00:00.000Z");
  });
});

describe("trust tier as a function of time (SPEC.md §Trust tier)", () => {
  const DAY = 86_400_000;
  it("never decreases with time alone, and a risk event in the trailing 90 days caps it at 1", () => {
    const facts = fc.record({
      firstSettledAtMs: fc.option(fc.integer({ min: 0, max: 400 * DAY })),
      settledUsdCents: fc.integer({ min: 0, max: 1_000_000 }),
      manualTier: fc.option(fc.integer({ min: 0, max: 4 })),
      lastRiskEventAtMs: fc.constant(null),
    });
    fc.assert(fc.property(facts, fc.integer({ min: 400 * DAY, max: 800 * DAY }), fc.integer({ min: 0, max: 100 * DAY }), fc.integer({ min: 0, max: 89 * DAY }), (f, now, later, riskAge) => {
      const tier = computeTrustTier(f, now);
      expect(computeTrustTier(f, now + later)).toBeGreaterThanOrEqual(tier);
      expect(computeTrustTier({ ...f, lastRiskEventAtMs: now - riskAge }, now)).toBe(Math.min(tier, 1));
      expect(computeTrustTier({ ...f, lastRiskEventAtMs: now - limits.riskEventWindowMs }, now)).toBe(tier);
      if (f.manualTier === null && f.firstSettledAtMs === null) expect(tier).toBe(0);
    }));
  });
});
