// gcraTake, gcraAdvance and gcraPeek against the reference leaky bucket of
// test/support/gcra_model.ts (SPEC rule 2: leaky-bucket style, continuous refill), over
// random schedules on the manual clock. Limits are drawn from the divisors of the period in
// microseconds, where the emission interval is exact and the two formulations must agree on
// every decision, remaining count, reset moment and retry-after.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gcraAdvance, gcraPeek, gcraTake, type GcraResult } from "../../src/store/gcra.js";
import { runModel, type ModelEvent, type ModelOp } from "../support/gcra_model.js";
import { dbKind, freshDb, manualClock, type TestDb } from "../support/db.js";

let t: TestDb;
let orgSeq = 0;

beforeAll(async () => {
  t = await freshDb();
});
afterAll(async () => {
  await t?.drop();
});

const START_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
/** Per-minute limits whose interval 60,000,000 µs / limit is whole. */
const exactLimits = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 16, 20, 24, 30, 40, 60, 64, 100, 120, 125, 600, 1_000, 12_000, 60_000];

const meterArb = fc
  .record({
    limitPerPeriod: fc.constantFrom(...exactLimits),
    periodMs: fc.constantFrom(60_000, 3_600_000),
    burst: fc.integer({ min: 1, max: 50 }),
  })
  .filter((m) => ((m.periodMs * 1000) % m.limitPerPeriod) === 0);

const scheduleArb = (burst: number) =>
  fc.array(
    fc.record({
      gapMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 120_000 })),
      op: fc.constantFrom<ModelOp>("take", "take", "take", "advance", "peek"),
      cost: fc.integer({ min: 0, max: burst }),
    }),
    { minLength: 1, maxLength: 40 },
  );

describe(`SPEC rule 2: the GCRA agrees with a continuous leaky bucket (${dbKind})`, () => {
  it("every decision, remaining, reset and retry-after match the reference model", async () => {
    await fc.assert(
      fc.asyncProperty(
        meterArb.chain((m) => fc.tuple(fc.constant(m), scheduleArb(m.burst))),
        async ([m, steps]) => {
          const clock = manualClock(t.db, START_MS);
          const meter = { ...m, orgId: `org_prop_${++orgSeq}`, meter: "requests" };
          let atMs = START_MS;
          const events: ModelEvent[] = steps.map((s) => ({ atMs: (atMs += s.gapMs), op: s.op, cost: s.cost }));
          const expected = runModel(m, events);
          for (let i = 0; i < events.length; i++) {
            const e = events[i];
            clock.set(e.atMs);
            const call = e.op === "take" ? gcraTake : e.op === "advance" ? gcraAdvance : gcraPeek;
            const got: GcraResult = await call(clock, { ...meter, cost: e.cost });
            const want = expected[i];
            expect({ i, op: e.op, allowed: got.allowed, remaining: got.remaining, resetAt: got.resetAt, retryAfterMs: got.retryAfterMs }).toEqual({
              i,
              op: e.op,
              allowed: want.allowed,
              remaining: want.remaining,
              resetAt: new Date(want.resetAtMs).toISOString(),
              retryAfterMs: want.retryAfterMs,
            });
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
