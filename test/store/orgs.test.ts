// Organizations (SPEC.md rules 3-4, §Account, DECISIONS.md account status and debug
// policy) on PGlite by default, on a fresh PostgreSQL database with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { paidLimitDefaults } from "../../src/store/account_limits.js";
import {
  accountView,
  createOrg,
  findOrgByEmail,
  getOrg,
  setDebugPolicy,
  setOrgLimits,
  setOrgStatus,
  type Org,
} from "../../src/store/orgs.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";

let t: TestDb;
let ctx: ReturnType<typeof manualClock>;
let seq = 0;

beforeAll(async () => {
  t = await freshDb();
  ctx = manualClock(t.db);
});
afterAll(async () => {
  await t.drop();
});

async function newOrg(name?: string): Promise<Org> {
  const r = await createOrg(ctx, { email: `owner${++seq}@example.com`, name });
  if (!r.ok) throw new Error(r.message);
  return r.org;
}

describe("createOrg: a new account has zero credits and no key (SPEC.md rule 4)", () => {
  it("creates an active organization with zero balances, rate card 1 and no overrides", async () => {
    const r = await createOrg(ctx, { email: "new@example.com", name: "Acme" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.org).toMatchObject({
      email: "new@example.com",
      name: "Acme",
      status: "active",
      debug_policy: "enabled",
      credit_balance: 0,
      credits_held: 0,
      debt_credits: 0,
      lifetime_credits_charged: 0,
      rate_card_version: 1,
      limits: {},
    });
    expect(r.org.id).toMatch(/^org_[0-9A-Za-z]{24}$/);
    expect(r.org.created_at).toBe(new Date(ctx.now()).toISOString());
  });

  it("e-mail is trimmed and lowercased; lookups ignore case", async () => {
    const r = await createOrg(ctx, { email: "  Mixed.Case@Example.COM " });
    expect(r.ok && r.org.email).toBe("mixed.case@example.com");
    const found = await findOrgByEmail(ctx, "MIXED.case@example.com");
    expect(found?.id).toBe(r.ok ? r.org.id : "");
    expect(await findOrgByEmail(ctx, "nobody@example.com")).toBeNull();
  });

  it("a duplicate e-mail, in any case, is refused with email_taken", async () => {
    await newOrg();
    const r = await createOrg(ctx, { email: `OWNER${seq}@example.com` });
    expect(r).toMatchObject({ ok: false, reason: "email_taken", code: "invalid_parameter_type", param: "email" });
  });

  it("concurrent sign-ups with one e-mail create exactly one organization", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => createOrg(ctx, { email: "race@example.com" })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "email_taken")).toHaveLength(7);
  });

  it.each(["", "plain", "a@b", "a b@example.com", "a@@example.com", `${"x".repeat(250)}@example.com`])("e-mail %j is refused", async (email) => {
    expect(await createOrg(ctx, { email })).toMatchObject({ ok: false, reason: "email_invalid", param: "email" });
  });

  it("a name over the limit or with control characters is refused", async () => {
    expect(await createOrg(ctx, { email: "n1@example.com", name: "x".repeat(limits.orgNameCharsMax + 1) })).toMatchObject({ ok: false, reason: "name_invalid" });
    expect(await createOrg(ctx, { email: "n2@example.com", name: "a\u0007b" })).toMatchObject({ ok: false, reason: "name_invalid" });
  });

  it("the database refuses a mixed-case e-mail written around createOrg", async () => {
    await expect(t.db.query("INSERT INTO orgs (id, email) VALUES ('org_x', 'Upper@example.com')")).rejects.toThrow();
  });

  it("getOrg returns null for an unknown id", async () => {
    expect(await getOrg(ctx, "org_missing")).toBeNull();
  });
});

describe("status and debug policy (DECISIONS.md: status active or suspended)", () => {
  it("an organization can be suspended and reinstated", async () => {
    const org = await newOrg();
    expect(await setOrgStatus(ctx, org.id, "suspended")).toMatchObject({ ok: true, org: { status: "suspended" } });
    expect((await getOrg(ctx, org.id))?.status).toBe("suspended");
    expect(await setOrgStatus(ctx, org.id, "active")).toMatchObject({ ok: true, org: { status: "active" } });
  });

  it("the debug policy can be disabled and enabled", async () => {
    const org = await newOrg();
    expect(await setDebugPolicy(ctx, org.id, "disabled")).toMatchObject({ ok: true, org: { debug_policy: "disabled" } });
    expect(await setDebugPolicy(ctx, org.id, "enabled")).toMatchObject({ ok: true, org: { debug_policy: "enabled" } });
  });

  it("unknown values and unknown organizations are refused", async () => {
    const org = await newOrg();
    expect(await setOrgStatus(ctx, org.id, "closed" as never)).toMatchObject({ ok: false, reason: "value_invalid", param: "status" });
    expect(await setDebugPolicy(ctx, org.id, "on" as never)).toMatchObject({ ok: false, reason: "value_invalid", param: "debug_policy" });
    expect(await setOrgStatus(ctx, "org_missing", "suspended")).toMatchObject({ ok: false, reason: "org_not_found", param: "org_id" });
  });
});

describe("limits: the account's own limits, not the published defaults (SPEC.md §Account)", () => {
  it("an override replaces the default; several can be set at once", async () => {
    const org = await newOrg();
    const r = await setOrgLimits(ctx, org.id, { pages_per_min: 50_000, concurrency: 8 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.org.limits).toEqual({ pages_per_min: 50_000, concurrency: 8 });
    expect(r.limits).toEqual({ ...paidLimitDefaults, pages_per_min: 50_000, concurrency: 8 });
  });

  it("later changes merge with earlier ones; null removes an override", async () => {
    const org = await newOrg();
    await setOrgLimits(ctx, org.id, { pages_per_min: 50_000 });
    await setOrgLimits(ctx, org.id, { concurrency: 8 });
    expect((await getOrg(ctx, org.id))?.limits).toEqual({ pages_per_min: 50_000, concurrency: 8 });
    await setOrgLimits(ctx, org.id, { pages_per_min: null });
    expect((await getOrg(ctx, org.id))?.limits).toEqual({ concurrency: 8 });
  });

  it("an unknown name is refused as unknown_parameter and nothing is written", async () => {
    const org = await newOrg();
    const r = await setOrgLimits(ctx, org.id, { concurrency: 8, pages_per_hour: 5 });
    expect(r).toMatchObject({ ok: false, reason: "limit_unknown", code: "unknown_parameter", param: "limits.pages_per_hour" });
    expect((await getOrg(ctx, org.id))?.limits).toEqual({});
  });

  it.each([
    ["concurrency", 0],
    ["concurrency", 2.5],
    ["max_selected_pages", 201],
    ["max_upload_bytes", 33554433],
    ["burn_cap_credits_per_day", -1],
  ])("%s = %s is out of range", async (name, value) => {
    const org = await newOrg();
    expect(await setOrgLimits(ctx, org.id, { [name]: value })).toMatchObject({ ok: false, reason: "limit_invalid", code: "invalid_parameter_type", param: `limits.${name}` });
  });

  it("an unknown organization is refused", async () => {
    expect(await setOrgLimits(ctx, "org_missing", { concurrency: 2 })).toMatchObject({ ok: false, reason: "org_not_found" });
  });
});

describe("accountView: the Account object's organization fields (SPEC.md §Account)", () => {
  it("has every SPEC field, in order, with the org's own limits and the key's env", async () => {
    const org = await newOrg();
    await setOrgLimits(ctx, org.id, { requests_per_min: 600 });
    await t.db.query("UPDATE orgs SET credit_balance = 900, credits_held = 40, lifetime_credits_charged = 1200 WHERE id = $1", [org.id]);
    const view = await accountView(ctx, org.id, "test", { trust_tier: 2, test_pages_used: 37 });
    expect(view).toEqual({
      object: "account",
      account_id: org.id,
      status: "active",
      env: "test",
      credit_balance: 900,
      credits_held: 40,
      debt_credits: 0,
      credit_unit: "page",
      lifetime_credits_charged: 1200,
      trust_tier: 2,
      rate_card_version: 1,
      test_pages_used: 37,
      test_pages_limit: 5_000,
      limits: { ...paidLimitDefaults, requests_per_min: 600 },
    });
    expect(Object.keys(view ?? {})).toEqual([
      "object", "account_id", "status", "env", "credit_balance", "credits_held", "debt_credits", "credit_unit",
      "lifetime_credits_charged", "trust_tier", "rate_card_version", "test_pages_used", "test_pages_limit", "limits",
    ]);
  });

  it("every credit figure and limit is an integer", async () => {
    const org = await newOrg();
    const view = await accountView(ctx, org.id, "live", { trust_tier: 0, test_pages_used: 0 });
    for (const v of [view?.credit_balance, view?.credits_held, view?.debt_credits, view?.lifetime_credits_charged, ...Object.values(view?.limits ?? {})]) {
      expect(Number.isSafeInteger(v)).toBe(true);
    }
  });

  it("a suspended organization reports status suspended; an unknown one is null", async () => {
    const org = await newOrg();
    await setOrgStatus(ctx, org.id, "suspended");
    expect((await accountView(ctx, org.id, "live", { trust_tier: 0, test_pages_used: 0 }))?.status).toBe("suspended");
    expect(await accountView(ctx, "org_missing", "live", { trust_tier: 0, test_pages_used: 0 })).toBeNull();
  });

  it("a trust tier outside 0-4 is a programmer error", async () => {
    const org = await newOrg();
    await expect(accountView(ctx, org.id, "live", { trust_tier: 5, test_pages_used: 0 })).rejects.toThrow(/trust_tier/);
  });
});
