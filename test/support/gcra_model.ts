// A reference model of SPEC.md's meters, written as the other textbook formulation: a leaky
// bucket holding a "water level" that drains continuously at `limit` per `period` and admits
// a take when level + cost fits under `burst`. No TAT, no database, exact integer
// arithmetic: the level is kept multiplied by period_us, so draining for d µs removes
// d · limit and a cost c adds c · period_us. For limits that divide period_us the GCRA in
// src/store/gcra.ts must agree with it decision by decision and value by value.

export type ModelOp = "take" | "advance" | "peek";

export interface ModelEvent {
  /** Manual-clock time in epoch ms; non-decreasing. */
  atMs: number;
  op: ModelOp;
  cost: number;
}

export interface ModelMeter {
  limitPerPeriod: number;
  periodMs: number;
  burst: number;
}

export interface ModelDecision {
  allowed: boolean;
  remaining: number;
  resetAtMs: number;
  retryAfterMs: number | null;
}

const US_PER_MS = 1000n;
const ceilDiv = (a: bigint, b: bigint) => (a <= 0n ? 0n : (a + b - 1n) / b);

export function runModel(meter: ModelMeter, events: readonly ModelEvent[]): ModelDecision[] {
  const limit = BigInt(meter.limitPerPeriod);
  const periodUs = BigInt(meter.periodMs) * US_PER_MS;
  const capacity = BigInt(meter.burst) * periodUs;
  let level = 0n; // water × period_us
  let lastUs: bigint | null = null;
  const out: ModelDecision[] = [];
  for (const e of events) {
    const nowUs = BigInt(e.atMs) * US_PER_MS;
    if (lastUs !== null) {
      const drained = (nowUs - lastUs) * limit;
      level = level > drained ? level - drained : 0n;
    }
    lastUs = nowUs;
    const added = BigInt(e.cost) * periodUs;
    // take: admitted when it fits; advance: always added; peek: nothing added.
    const fits = level + added <= capacity;
    if (e.op === "advance" || (e.op === "take" && fits)) level += added;
    const allowed = e.op === "advance" ? level <= capacity : fits;
    const wantedUs = e.op === "advance" ? ceilDiv(level - capacity, limit) : ceilDiv(level + added - capacity, limit);
    const spare = capacity - level;
    out.push({
      allowed,
      remaining: spare <= 0n ? 0 : Number(spare / periodUs),
      // Empty after level / limit more µs.
      resetAtMs: Number(ceilDiv(nowUs + ceilDiv(level, limit), US_PER_MS)),
      retryAfterMs: allowed ? null : Math.max(1, Number(ceilDiv(wantedUs, US_PER_MS))),
    });
  }
  return out;
}
