// The GCRA meters, named by SPEC.md §Rate-limit mechanics rule. Each test runs on the
// database of the run: PGlite, or a fresh PostgreSQL database when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { effectiveRetryAfterMs, errorHeaders } from "../../src/errors/catalogue.js";
import { gcraAdvance, gcraPeek, gcraTake, gcraTakeAndPeek, type GcraMeter } from "../../src/store/gcra.js";
import { meterParams } from "../../src/store/meters.js";
import { runModel, type ModelEvent } from "../support/gcra_model.js";
import { dbKind, freshDb, manualClock, type TestDb } from "../support/db.js";

let t: TestDb;
let orgSeq = 0;
const nextOrg = () => `org_gcra_${++orgSeq}`;

beforeAll(async () => {
  t = await freshDb();
});
afterAll(async () => {
  await t?.drop();
});

/** The paid default requests meter: 120 per minute, burst 40, T = 500 ms. */
const requestsMeter = (orgId: string): GcraMeter => meterParams("requests", orgId, 120);
const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe(`SPEC rule 2: requests meter, 120/min, burst 40, emission interval 500 ms (${dbKind})`, () => {
  it("from idle 40 are admitted at once; the 41st is refused with retry_after_ms 500, Retry-After 1 s", async () => {
    const clock = manualClock(t.db);
    const m = requestsMeter(nextOrg());
    for (let i = 0; i < 40; i++) {
      const r = await gcraTake(clock, { ...m, cost: 1 });
      expect(r.allowed, `request ${i + 1}`).toBe(true);
      expect(r.remaining).toBe(39 - i);
      expect(r.limit).toBe(120);
      expect(r.retryAfterMs).toBeNull();
    }
    const refused = await gcraTake(clock, { ...m, cost: 1 });
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterMs: 500 });
    // The header is whole seconds, rounded up; error.retry_after_ms agrees with it.
    expect(errorHeaders("rate_limit_requests", refused.retryAfterMs)["retry-after"]).toBe("1");
    expect(effectiveRetryAfterMs("rate_limit_requests", refused.retryAfterMs)).toBe(1000);
  });

  it("then one per 500 ms: at +499 ms still refused, at +500 ms one admitted and the next refused", async () => {
    const clock = manualClock(t.db);
    const m = requestsMeter(nextOrg());
    for (let i = 0; i < 40; i++) await gcraTake(clock, { ...m, cost: 1 });
    clock.advance(499);
    expect((await gcraTake(clock, { ...m, cost: 1 })).retryAfterMs).toBe(1);
    for (let step = 0; step < 10; step++) {
      clock.advance(step === 0 ? 1 : 500);
      expect((await gcraTake(clock, { ...m, cost: 1 })).allowed, `step ${step}`).toBe(true);
      expect((await gcraTake(clock, { ...m, cost: 1 })).allowed).toBe(false);
    }
  });

  it("10 idle seconds re-earn 20 of the burst", async () => {
    const clock = manualClock(t.db);
    const m = requestsMeter(nextOrg());
    for (let i = 0; i < 40; i++) await gcraTake(clock, { ...m, cost: 1 });
    clock.advance(10_000);
    expect((await gcraPeek(clock, { ...m, cost: 1 })).remaining).toBe(20);
    for (let i = 0; i < 20; i++) expect((await gcraTake(clock, { ...m, cost: 1 })).allowed).toBe(true);
    expect((await gcraTake(clock, { ...m, cost: 1 })).allowed).toBe(false);
  });

  it("continuous refill, no minute boundary: the first minute from idle admits 40 + 120 - 1, paced", async () => {
    const clock = manualClock(t.db);
    const m = requestsMeter(nextOrg());
    let admitted = 0;
    // A client retrying every 100 ms for 60 s (the last attempt at +59.9 s).
    for (let ms = 0; ms < 60_000; ms += 100) {
      clock.set(Date.UTC(2026, 0, 15, 12, 0, 0) + ms);
      if ((await gcraTake(clock, { ...m, cost: 1 })).allowed) admitted++;
    }
    // 40 at once, then one per 500 ms at +0.5 s … +59.5 s.
    expect(admitted).toBe(40 + 119);
  });
});

describe(`SPEC rule 1: reset = the moment the meter is fully replenished, RFC 3339 UTC (${dbKind})`, () => {
  it("40 takes at t0 → reset t0 + 20 s; after 10 s idle the reset has not moved; idle → reset is now", async () => {
    const clock = manualClock(t.db);
    const t0 = clock.now();
    const m = requestsMeter(nextOrg());
    expect((await gcraPeek(clock, { ...m, cost: 0 })).resetAt).toBe(new Date(t0).toISOString());
    let last = await gcraTake(clock, { ...m, cost: 1 });
    for (let i = 1; i < 40; i++) last = await gcraTake(clock, { ...m, cost: 1 });
    expect(last.resetAt).toMatch(RFC3339_UTC);
    expect(last.resetAt).toBe(new Date(t0 + 20_000).toISOString());
    clock.advance(10_000);
    expect((await gcraPeek(clock, { ...m, cost: 0 })).resetAt).toBe(new Date(t0 + 20_000).toISOString());
    clock.advance(30_000);
    const idle = await gcraPeek(clock, { ...m, cost: 0 });
    expect(idle).toMatchObject({ remaining: 40, resetAt: new Date(t0 + 40_000).toISOString() });
  });
});

describe(`SPEC rules 4 and 5: pages metered on settlement by pages_processed (${dbKind})`, () => {
  // 12,000 per minute: T = 5 ms, burst 4,000 pages.
  const pages = (orgId: string) => meterParams("pages", orgId, 12_000);

  it("advance never refuses; the next admission is refused while the meter is over, until it drains", async () => {
    const clock = manualClock(t.db);
    const m = pages(nextOrg());
    expect(m.burst).toBe(4_000);
    // Earlier requests settled 3,900 pages: admission (cost 0) passes, 100 pages remain.
    const settled = await gcraAdvance(clock, { ...m, cost: 3_900 });
    expect(settled).toMatchObject({ allowed: true, remaining: 100 });
    expect((await gcraPeek(clock, { ...m, cost: 0 })).allowed).toBe(true);
    // That admitted request processes 200 pages and fails (a 5xx bills 0 but still advances).
    const over = await gcraAdvance(clock, { ...m, cost: 200 });
    expect(over).toMatchObject({ allowed: false, remaining: 0, retryAfterMs: 500 });
    const next = await gcraPeek(clock, { ...m, cost: 0 });
    expect(next).toMatchObject({ allowed: false, retryAfterMs: 500 });
    clock.advance(499);
    expect((await gcraPeek(clock, { ...m, cost: 0 })).allowed).toBe(false);
    clock.advance(1);
    expect((await gcraPeek(clock, { ...m, cost: 0 })).allowed).toBe(true);
    // Fully replenished 4,100 pages × 5 ms after t0 (the reset header's moment).
    expect(next.resetAt).toBe(new Date(clock.now() - 500 + 20_500).toISOString());
  });

  it("x-ratelimit-remaining-pages reflects the state after the request settled", async () => {
    const clock = manualClock(t.db);
    const m = pages(nextOrg());
    expect((await gcraAdvance(clock, { ...m, cost: 7 })).remaining).toBe(3_993);
    expect((await gcraAdvance(clock, { ...m, cost: 0 })).remaining).toBe(3_993);
  });
});

describe(`emission intervals that are not whole microseconds (${dbKind})`, () => {
  it("requests at 7/min (T = 8,571,428.57 µs, burst 3): agrees with the exact model for 10 minutes of 1 s polling", async () => {
    const clock = manualClock(t.db);
    const m = meterParams("requests", nextOrg(), 7);
    expect(m.burst).toBe(3);
    const t0 = clock.now();
    const events: ModelEvent[] = [];
    for (let s = 0; s <= 600; s++) events.push({ atMs: t0 + s * 1000, op: "take", cost: 1 });
    const expected = runModel(m, events).map((d) => d.allowed);
    const got: boolean[] = [];
    for (const e of events) {
      clock.set(e.atMs);
      got.push((await gcraTake(clock, { ...m, cost: 1 })).allowed);
    }
    expect(got).toEqual(expected);
    expect(got.filter(Boolean).length).toBe(3 + 70);
  });

  it("uploads at 512 MiB/min (0.11 µs per byte): five 32 MiB uploads fit the burst, the sixth waits", async () => {
    const clock = manualClock(t.db);
    const m = meterParams("uploads", nextOrg(), 536_870_912);
    const mib32 = 32 * 1024 * 1024;
    for (let i = 0; i < 5; i++) expect((await gcraTake(clock, { ...m, cost: mib32 })).allowed).toBe(true);
    const refused = await gcraTake(clock, { ...m, cost: mib32 });
    expect(refused.allowed).toBe(false);
    // 160 MiB in, burst 170.67 MiB: 21.33 MiB more must drain, 21.33/512 min = 2.5 s.
    expect(refused.retryAfterMs).toBe(2_500);
    expect(refused.remaining).toBe(m.burst - 5 * mib32);
    clock.advance(2_500);
    expect((await gcraTake(clock, { ...m, cost: mib32 })).allowed).toBe(true);
  });

  it("a cost above the burst is a programmer error, not a refusal", async () => {
    const clock = manualClock(t.db);
    await expect(gcraTake(clock, { ...requestsMeter(nextOrg()), cost: 41 })).rejects.toThrow(/exceeds the burst/);
  });
});

describe(`meters are per organization and per meter (${dbKind})`, () => {
  it("exhausting one organization's requests meter leaves another's and its own toc meter untouched", async () => {
    const clock = manualClock(t.db);
    const a = nextOrg();
    const b = nextOrg();
    for (let i = 0; i < 40; i++) await gcraTake(clock, { ...requestsMeter(a), cost: 1 });
    expect((await gcraTake(clock, { ...requestsMeter(a), cost: 1 })).allowed).toBe(false);
    expect((await gcraTake(clock, { ...requestsMeter(b), cost: 1 })).allowed).toBe(true);
    expect((await gcraTake(clock, { ...meterParams("toc", a, 60), cost: 1 })).allowed).toBe(true);
  });
});

describe(`issue 10 item 5: the requests take and admission's peeks in one statement read what separate calls read (${dbKind})`, () => {
  it("gcraTakeAndPeek agrees with gcraTake and gcraPeek: admitted, refused, and meters over their burst or never used", async () => {
    const clock = manualClock(t.db);
    const orgId = nextOrg();
    const requests = { ...meterParams("requests", orgId, 3), cost: 1 }; // burst 1: the second take is refused
    const pages = { ...meterParams("pages", orgId, 60), cost: 0 };
    const noValue = { ...meterParams("no_value_conversions", orgId, 60), cost: 0 };
    const keyPages = { ...meterParams("pages", orgId, 30, "key_1"), cost: 0 }; // never used
    await gcraAdvance(clock, { ...pages, cost: 500 }); // over its burst of 200
    await gcraAdvance(clock, { ...noValue, cost: 3 });
    const peeks = [pages, noValue, keyPages];
    for (const expectTaken of [true, false]) {
      const alone = await Promise.all(peeks.map((p) => gcraPeek(clock, p)));
      const both = await gcraTakeAndPeek(clock, requests, peeks);
      expect(both.taken.allowed).toBe(expectTaken);
      expect(both.peeked).toEqual(alone);
      expect(both.peeked.map((r) => r.allowed)).toEqual([false, true, true]);
      expect(both.peeked[0].retryAfterMs).toBe(300_000); // 300 pages over at 1 page per second
    }
    // The refused take consumed nothing and reports the wait gcraTake would.
    const refused = await gcraTake(clock, requests);
    expect(refused).toMatchObject({ allowed: false, retryAfterMs: 20_000 });
  });
});
