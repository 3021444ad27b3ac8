// Account limits (SPEC.md §Account `limits`, §Authentication rule 4, §Limits rule 7):
// published defaults, organization overrides that replace them, key sub-limits that only
// lower them. Pure functions; orgs.test.ts covers the stored overrides.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import {
  accountLimitNames,
  checkLimits,
  effectiveLimits,
  limitRange,
  orgLimits,
  paidLimitDefaults,
  storedOverrides,
  type AccountLimitName,
} from "../../src/store/account_limits.js";

describe("published paid defaults (SPEC.md §Account limits table)", () => {
  it("are exactly the SPEC table, field for field", () => {
    expect(paidLimitDefaults).toEqual({
      requests_per_min: 120,
      pages_per_min: 12000,
      concurrency: 4,
      upload_bytes_per_min: 536870912,
      inspect_per_min: 30,
      toc_per_min: 60,
      inspect_sample_pages_per_day: 2000,
      unbilled_vcpu_ms_per_hour: 60000,
      burn_cap_credits_per_day: 0,
      max_upload_bytes: 33554432,
      max_selected_pages: 200,
    });
    expect(Object.isFrozen(paidLimitDefaults)).toBe(true);
  });

  it("per-request ceilings are the service's own request-shape limits", () => {
    expect(paidLimitDefaults.max_upload_bytes).toBe(limits.uploadBytesMax);
    expect(paidLimitDefaults.max_selected_pages).toBe(limits.selectedPagesMax);
    expect(limitRange("max_upload_bytes").max).toBe(limits.uploadBytesMax);
    expect(limitRange("max_selected_pages").max).toBe(limits.selectedPagesMax);
  });

  it("every default lies within its settable range", () => {
    for (const name of accountLimitNames) {
      const { min, max } = limitRange(name);
      expect(min).toBeLessThanOrEqual(paidLimitDefaults[name]);
      expect(paidLimitDefaults[name]).toBeLessThanOrEqual(max);
      expect(Number.isSafeInteger(max)).toBe(true);
    }
  });
});

describe("organization overrides replace the defaults", () => {
  it("an override replaces its default; the others stay published", () => {
    const l = orgLimits({ pages_per_min: 50_000, concurrency: 2 });
    expect(l.pages_per_min).toBe(50_000);
    expect(l.concurrency).toBe(2);
    expect(l.requests_per_min).toBe(120);
  });

  it("an override may lower or raise a default within its range", () => {
    expect(orgLimits({ requests_per_min: 10 }).requests_per_min).toBe(10);
    expect(orgLimits({ requests_per_min: 10_000 }).requests_per_min).toBe(10_000);
  });
});

describe("key sub-limits only lower (SPEC.md §Authentication rule 4)", () => {
  it("a sub-limit below the organization's value lowers it; above it changes nothing", () => {
    expect(effectiveLimits({}, { requests_per_min: 30 }).requests_per_min).toBe(30);
    expect(effectiveLimits({}, { requests_per_min: 500 }).requests_per_min).toBe(120);
    expect(effectiveLimits({ requests_per_min: 1_000 }, { requests_per_min: 500 }).requests_per_min).toBe(500);
  });

  it("no sub-limits means the organization's limits", () => {
    expect(effectiveLimits({ concurrency: 9 })).toEqual(orgLimits({ concurrency: 9 }));
  });

  it("burn cap: 0 is 'no cap', so a key's cap applies under an uncapped org and a key's 0 never lifts an org's cap", () => {
    expect(effectiveLimits({}, { burn_cap_credits_per_day: 5_000 }).burn_cap_credits_per_day).toBe(5_000);
    expect(effectiveLimits({ burn_cap_credits_per_day: 8_000 }, { burn_cap_credits_per_day: 0 }).burn_cap_credits_per_day).toBe(8_000);
    expect(effectiveLimits({ burn_cap_credits_per_day: 8_000 }, { burn_cap_credits_per_day: 3_000 }).burn_cap_credits_per_day).toBe(3_000);
    expect(effectiveLimits({ burn_cap_credits_per_day: 8_000 }, { burn_cap_credits_per_day: 9_000 }).burn_cap_credits_per_day).toBe(8_000);
  });

  it("property: for every limit, effective ≤ organization's (0 burn cap read as unlimited) and = the org's without a sub-limit", () => {
    const valueFor = (name: AccountLimitName) => fc.integer(limitRange(name));
    const overrides = fc.record(
      Object.fromEntries(accountLimitNames.map((n) => [n, valueFor(n)])) as Record<AccountLimitName, fc.Arbitrary<number>>,
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(overrides, overrides, (org, sub) => {
        const base = orgLimits(org);
        const eff = effectiveLimits(org, sub);
        for (const name of accountLimitNames) {
          const unlimited = (v: number) => (name === "burn_cap_credits_per_day" && v === 0 ? Infinity : v);
          expect(unlimited(eff[name])).toBeLessThanOrEqual(unlimited(base[name]));
          if (sub[name] === undefined) expect(eff[name]).toBe(base[name]);
          else expect(unlimited(eff[name])).toBeLessThanOrEqual(unlimited(sub[name]));
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("validation of limit values", () => {
  it("unknown names are refused", () => {
    const r = checkLimits({ requests_per_hour: 5 }, { allowNull: false });
    expect(r).toMatchObject({ ok: false, problem: "unknown_name", name: "requests_per_hour" });
  });

  it.each([[0], [-1], [1.5], ["120"], [Number.NaN], [100_001], [null]])("requests_per_min = %s is refused", (value) => {
    expect(checkLimits({ requests_per_min: value }, { allowNull: false })).toMatchObject({ ok: false, problem: "out_of_range" });
  });

  it("null clears an override only where allowed", () => {
    expect(checkLimits({ concurrency: null }, { allowNull: true })).toEqual({ ok: true, values: { concurrency: null } });
  });

  it("a stored value outside its range is corruption and throws on read", () => {
    expect(() => storedOverrides({ concurrency: 0 }, "test")).toThrow(/concurrency/);
    expect(storedOverrides({ concurrency: 3 }, "test")).toEqual({ concurrency: 3 });
  });
});
