// SPEC.md §Credit hold and §States and transitions "Credit hold": a hold on admission,
// settled at the real figure (charged ≤ held) or released; refusals 402/403/429; holds of
// dead requests released within 60 seconds; test keys never hold and are capped monthly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { consumeTestPages, heartbeat, placeHold, registerInstance, releaseHold, retireInstance, settleHold, sweepHolds, testPagesUsed } from "../../src/store/credits.js";
import { grantGoodwill } from "../../src/store/lots.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";
import { creditState, DAY_MS, expectInvariants, insertOrg } from "./credits.fixtures.js";

let t: TestDb;
let ctx: ReturnType<typeof manualClock>;

beforeAll(async () => {
  t = await freshDb();
  ctx = manualClock(t.db);
});
afterAll(async () => t?.drop());

async function funded(credits: number, options: Parameters<typeof insertOrg>[2] = {}): Promise<string> {
  const orgId = await insertOrg(t.db, ctx.now(), options);
  if (credits > 0) await grantGoodwill(ctx, orgId, credits);
  return orgId;
}

async function hold(orgId: string, credits: number, c = ctx): Promise<string> {
  const r = await placeHold(c, { orgId, requestId: `req_${Math.random().toString(36).slice(2)}`, credits, rateCardVersion: 1 });
  if (!r.ok) throw new Error(`hold refused: ${r.code}`);
  return r.holdId;
}

describe("placeHold: enough credits for the hold, else 402", () => {
  it("reserves the hold without charging; available = balance − held", async () => {
    const orgId = await funded(100);
    const r = await placeHold(ctx, { orgId, requestId: "req_a", credits: 60, rateCardVersion: 1 });
    expect(r).toMatchObject({ ok: true, credits: 60, expiresAtMs: ctx.now() + limits.requestWallMsMax });
    expect(await creditState(t.db, orgId)).toMatchObject({ balance: 100, held: 60 });
    expect(await placeHold(ctx, { orgId, requestId: "req_b", credits: 41, rateCardVersion: 1 })).toEqual({
      ok: false, reason: "insufficient_credits", code: "insufficient_credits", param: null, message: expect.any(String),
      details: { credits_required: 41, credits_available: 40 },
    });
    await expectInvariants(t.db, orgId);
  });

  it("pins the rate card version into the hold", async () => {
    const orgId = await funded(10);
    const id = await hold(orgId, 5);
    expect((await t.db.query("SELECT rate_card_version, state FROM holds WHERE id = $1", [id])).rows[0]).toEqual({ rate_card_version: 1, state: "held" });
    await expect(placeHold(ctx, { orgId, requestId: "req_v", credits: 1, rateCardVersion: 2 })).rejects.toThrow(/rate card/);
  });

  it("a suspended organization is refused 403 account_suspended", async () => {
    const orgId = await funded(10);
    await t.db.query("UPDATE orgs SET status = 'suspended' WHERE id = $1", [orgId]);
    expect(await placeHold(ctx, { orgId, requestId: "req_s", credits: 1, rateCardVersion: 1 })).toMatchObject({ ok: false, code: "account_suspended" });
  });

  it("holds outside 1..200 credits are programmer errors", async () => {
    const orgId = await funded(1_000);
    await expect(placeHold(ctx, { orgId, requestId: "r", credits: 0, rateCardVersion: 1 })).rejects.toThrow();
    await expect(placeHold(ctx, { orgId, requestId: "r", credits: limits.holdCreditsMax + 1, rateCardVersion: 1 })).rejects.toThrow();
  });

  for (const n of [1, 7, 200]) {
    it(`50 parallel holds of ${n} against a balance covering exactly 10: exactly 10 succeed`, async () => {
      const orgId = await funded(10 * n);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => placeHold(ctx, { orgId, requestId: `req_p${i}`, credits: n, rateCardVersion: 1 })),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(10);
      for (const r of results.filter((r) => !r.ok)) expect(r).toMatchObject({ code: "insufficient_credits", details: { credits_required: n, credits_available: 0 } });
      expect(await expectInvariants(t.db, orgId)).toMatchObject({ balance: 10 * n, held: 10 * n });
    });
  }
});

describe("settleHold / releaseHold: charged ≤ held, never double-counted", () => {
  it("settle charges the real figure, releases the rest, and writes one charge entry", async () => {
    const orgId = await funded(300);
    const id = await hold(orgId, 200);
    const r = await settleHold(ctx, id, { charged: 7, reference: "conv_x1" });
    expect(r).toEqual({ ok: true, holdId: id, state: "settled", charged: 7, balanceAfter: 293, changed: true });
    expect(await expectInvariants(t.db, orgId)).toMatchObject({ balance: 293, held: 0, lifetime: 7 });
  });

  it("a second settle returns the first result and changes nothing", async () => {
    const orgId = await funded(50);
    const id = await hold(orgId, 10);
    const first = await settleHold(ctx, id, { charged: 4, reference: "conv_x2" });
    const again = await settleHold(ctx, id, { charged: 9, reference: "conv_x2" });
    expect(again).toEqual({ ...first, changed: false });
    expect((await releaseHold(ctx, id))).toMatchObject({ state: "settled", charged: 4, changed: false });
    expect(await expectInvariants(t.db, orgId)).toMatchObject({ balance: 46, lifetime: 4 });
  });

  it("charged above the hold is a programmer error and rolls back", async () => {
    const orgId = await funded(50);
    const id = await hold(orgId, 10);
    await expect(settleHold(ctx, id, { charged: 11, reference: null })).rejects.toThrow(/exceeds the hold/);
    expect(await expectInvariants(t.db, orgId)).toMatchObject({ balance: 50, held: 10 });
  });

  it("release bills 0 and is idempotent; a settle after it charges nothing", async () => {
    const orgId = await funded(50);
    const id = await hold(orgId, 10);
    expect(await releaseHold(ctx, id)).toMatchObject({ state: "released", charged: 0, changed: true });
    expect(await releaseHold(ctx, id)).toMatchObject({ state: "released", changed: false });
    expect(await settleHold(ctx, id, { charged: 10, reference: null })).toMatchObject({ state: "released", charged: 0, balanceAfter: 50, changed: false });
    expect(await expectInvariants(t.db, orgId)).toMatchObject({ balance: 50, held: 0 });
  });

  it("concurrent settle and release of one hold, both orders, 40 times: exactly one takes effect", async () => {
    const orgId = await funded(4_000);
    let expectedBalance = 4_000;
    for (let i = 0; i < 40; i++) {
      const id = await hold(orgId, 50);
      const settle = () => settleHold(ctx, id, { charged: 30, reference: null });
      const release = () => releaseHold(ctx, id);
      const [a, b] = i % 2 === 0 ? await Promise.all([settle(), release()]) : await Promise.all([release(), settle()]);
      expect([a, b].filter((r) => r.changed)).toHaveLength(1);
      expect(a.state).toBe(b.state);
      if (a.state === "settled") expectedBalance -= 30;
      expect((await creditState(t.db, orgId)).balance).toBe(expectedBalance);
    }
    expect(await expectInvariants(t.db, orgId)).toMatchObject({ balance: expectedBalance, held: 0 });
  });
});

describe("holds of requests that do not bill are released within 60 seconds", () => {
  it("a dead instance's holds go once its heartbeat is stale; a live instance's stay", async () => {
    const orgId = await funded(100);
    const dead = { ...ctx, instanceId: "inst_dead" };
    const live = { ...ctx, instanceId: "inst_live" };
    await registerInstance(dead);
    await registerInstance(live);
    const deadHold = await hold(orgId, 10, dead);
    const liveHold = await hold(orgId, 10, live);
    ctx.advance(limits.instanceHeartbeatStaleMs - 1);
    await heartbeat(live);
    expect(await sweepHolds(ctx)).toEqual({ released: 0 });
    ctx.advance(2);
    expect(await sweepHolds(ctx)).toEqual({ released: 1 });
    expect((await t.db.query("SELECT id FROM holds WHERE state = 'held' AND org_id = $1", [orgId])).rows).toEqual([{ id: liveHold }]);
    expect((await t.db.query("SELECT state FROM holds WHERE id = $1", [deadHold])).rows[0].state).toBe("released");
    expect((await t.db.query("SELECT id FROM instances WHERE id = 'inst_dead'")).rows).toEqual([]);
    // Worst case within SPEC's 60 s: last heartbeat, then staleness, then one sweep interval.
    expect(limits.instanceHeartbeatIntervalMs + limits.instanceHeartbeatStaleMs + limits.holdSweepIntervalMs).toBeLessThanOrEqual(60_000);
    await expectInvariants(t.db, orgId);
  });

  it("a hold past its expiry (the request wall clock) is released by the sweep", async () => {
    const orgId = await funded(100);
    await registerInstance(ctx);
    const id = await hold(orgId, 10);
    ctx.advance(limits.requestWallMsMax - 1);
    await heartbeat(ctx);
    await sweepHolds(ctx);
    expect((await t.db.query("SELECT state FROM holds WHERE id = $1", [id])).rows[0].state).toBe("held");
    ctx.advance(1);
    await sweepHolds(ctx);
    expect((await t.db.query("SELECT state FROM holds WHERE id = $1", [id])).rows[0].state).toBe("released");
    await expectInvariants(t.db, orgId);
  });

  it("retireInstance releases the instance's own holds at graceful shutdown", async () => {
    const orgId = await funded(100);
    const me = { ...ctx, instanceId: "inst_retiring" };
    await registerInstance(me);
    await hold(orgId, 10, me);
    await hold(orgId, 20, me);
    const other = await hold(orgId, 5);
    expect(await retireInstance(me)).toBe(2);
    expect((await t.db.query("SELECT id FROM holds WHERE state = 'held' AND org_id = $1", [orgId])).rows).toEqual([{ id: other }]);
    await expectInvariants(t.db, orgId);
  });
});

describe("burn caps: 429 rate_limit_new_account", () => {
  it("new-account cap: 20,000 credits per trailing 24 h in the first week, lifted automatically", async () => {
    const orgId = await funded(30_000, { ageMs: 0 });
    for (let i = 0; i < 99; i++) await settleHold(ctx, await hold(orgId, 200), { charged: 200, reference: null });
    ctx.advance(60_000);
    const last = await hold(orgId, 200); // 19,800 charged + 200 held = the cap exactly
    const refused = await placeHold(ctx, { orgId, requestId: "req_cap", credits: 1, rateCardVersion: 1 });
    expect(refused).toMatchObject({
      ok: false, code: "rate_limit_new_account",
      details: { burn_cap_credits: 20_000, credits_charged_24h: 19_800, credits_held: 200, credits_required: 1 },
    });
    // Retry when the first charge (60 s ago) leaves the window.
    if (!refused.ok) expect(refused.retryAfterMs).toBe(DAY_MS - 60_000);
    await releaseHold(ctx, last);
    ctx.advance(DAY_MS - 60_000);
    expect((await placeHold(ctx, { orgId, requestId: "req_cap2", credits: 200, rateCardVersion: 1 })).ok).toBe(true);
    await expectInvariants(t.db, orgId);
  });

  it("after the first week the new-account cap no longer applies", async () => {
    const orgId = await funded(30_000, { ageMs: 7 * DAY_MS - 1_000 });
    for (let i = 0; i < 100; i++) await settleHold(ctx, await hold(orgId, 200), { charged: 200, reference: null });
    const refused = await placeHold(ctx, { orgId, requestId: "req_w", credits: 1, rateCardVersion: 1 });
    expect(refused).toMatchObject({ ok: false, code: "rate_limit_new_account" });
    if (!refused.ok) expect(refused.retryAfterMs).toBeLessThanOrEqual(1_000);
    ctx.advance(1_000);
    expect((await placeHold(ctx, { orgId, requestId: "req_w2", credits: 1, rateCardVersion: 1 })).ok).toBe(true);
  });

  it("limits.burn_cap_credits_per_day caps charged + held + this hold regardless of balance", async () => {
    const orgId = await funded(10_000, { limits: { burn_cap_credits_per_day: 500 } });
    await settleHold(ctx, await hold(orgId, 200), { charged: 150, reference: null });
    ctx.advance(1_000);
    await settleHold(ctx, await hold(orgId, 200), { charged: 150, reference: null });
    await hold(orgId, 150); // 300 + 150 + 50 = 500 still fits
    expect((await placeHold(ctx, { orgId, requestId: "req_b1", credits: 50, rateCardVersion: 1 })).ok).toBe(true);
    const refused = await placeHold(ctx, { orgId, requestId: "req_b2", credits: 1, rateCardVersion: 1 });
    expect(refused).toMatchObject({ ok: false, code: "rate_limit_new_account", details: { burn_cap_credits: 500 }, message: expect.stringMatching(/burn cap of 500/) });
    if (!refused.ok) expect(refused.retryAfterMs).toBe(DAY_MS - 1_000);
    await expectInvariants(t.db, orgId);
  });

  it("concurrent holds cannot pass the cap together", async () => {
    const orgId = await funded(10_000, { limits: { burn_cap_credits_per_day: 1_000 } });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => placeHold(ctx, { orgId, requestId: `req_c${i}`, credits: 100, rateCardVersion: 1 })));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    await expectInvariants(t.db, orgId);
  });
});

describe("account_delinquent: debt freezes spending", () => {
  it("refuses every hold with debt_credits and credits_required_to_resume", async () => {
    const orgId = await funded(0);
    await t.db.query("UPDATE orgs SET debt_credits = 1234 WHERE id = $1", [orgId]);
    expect(await placeHold(ctx, { orgId, requestId: "req_d", credits: 1, rateCardVersion: 1 })).toMatchObject({
      ok: false, code: "account_delinquent", details: { debt_credits: 1234, credits_required_to_resume: 1234 },
    });
  });
});

describe("test keys: no hold, 5,000 pages per organization per calendar month (UTC)", () => {
  it("refuses the request that would pass 5,000 with rate_limit_test_pages until the month ends", async () => {
    const orgId = await funded(0);
    ctx.set(Date.UTC(2026, 2, 31, 23, 0, 0));
    expect(await consumeTestPages(ctx, orgId, 4_998)).toEqual({ ok: true, testPagesUsed: 4_998 });
    const refused = await consumeTestPages(ctx, orgId, 5);
    expect(refused).toMatchObject({ ok: false, code: "rate_limit_test_pages", retryAfterMs: 3_600_000, details: { test_pages_used: 4_998, test_pages_limit: 5_000, pages_requested: 5 } });
    expect(await consumeTestPages(ctx, orgId, 2)).toEqual({ ok: true, testPagesUsed: 5_000 });
    expect(await testPagesUsed(ctx, orgId)).toBe(5_000);
    ctx.set(Date.UTC(2026, 3, 1, 0, 0, 0));
    expect(await testPagesUsed(ctx, orgId)).toBe(0);
    expect(await consumeTestPages(ctx, orgId, 5)).toEqual({ ok: true, testPagesUsed: 5 });
    expect(await creditState(t.db, orgId)).toMatchObject({ balance: 0, held: 0, ledgerSum: 0 });
  });

  it("concurrent requests never pass the monthly cap", async () => {
    const orgId = await funded(0);
    const results = await Promise.all(Array.from({ length: 1_010 }, () => consumeTestPages(ctx, orgId, 5)));
    expect(results.filter((r) => r.ok)).toHaveLength(1_000);
    expect(await testPagesUsed(ctx, orgId)).toBe(5_000);
  });
});
