// What credits add to every billed request, in time and database round trips:
//   hold + settle    placeHold, then settleHold with a charge (lots, ledger entry, chain head)
//   hold + release   placeHold, then releaseHold (a request that bills nothing)
//   refused          placeHold on an empty balance (the 402 path: UPDATE, then the diagnosis read)
//   capped hold      placeHold + release on a new account (the burn-cap read under the row lock)
// on embedded PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL database on that
// server (created and dropped here). Round trips count every statement, BEGIN and COMMIT
// included, over separate runs of each operation.
// Run: npm run build && node dist/bench/store_credits.bench.js   (BENCH_TIME_MS per task, default 2000)
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Bench } from "tinybench";
import { onEachDatabase } from "./store_databases.js";
import type { StoreContext } from "../src/store/context.js";
import { placeHold, releaseHold, settleHold } from "../src/store/credits.js";
import type { Db, Queryable } from "../src/store/db.js";
import { grantGoodwill } from "../src/store/lots.js";
import { migrate } from "../src/store/migrations.js";

const root = path.resolve(import.meta.dirname, "../..");
const timeMs = Number(process.env.BENCH_TIME_MS ?? 2000);
const ROUND_TRIP_SAMPLES = 100;
const HOLD_CREDITS = 12;
const CHARGED_CREDITS = 10;
// Far more than the timed runs can spend, so the settle path never turns into a refusal.
const BENCH_BALANCE_CREDITS = 10_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The same Db, counting statements sent (each is one round trip; a transaction adds BEGIN and COMMIT). */
function counting(db: Db): { db: Db; count(): number } {
  let n = 0;
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      n++;
      return q.query(sql, params);
    },
  });
  const wrapped: Db = {
    kind: db.kind,
    query: wrap(db).query,
    transaction: (fn) => {
      n += 2;
      return db.transaction((tx) => fn(wrap(tx)));
    },
    exec: db.exec.bind(db),
    close: db.close.bind(db),
  };
  return { db: wrapped, count: () => n };
}

async function insertOrg(db: Db, id: string, createdAtMs: number): Promise<void> {
  await db.query("INSERT INTO orgs (id, email, created_at) VALUES ($1, $2, $3)", [id, `${id}@bench.test`, new Date(createdAtMs).toISOString()]);
}

async function benchOne(label: string, raw: Db) {
  await migrate(raw);
  const counted = counting(raw);
  const ctx: StoreContext = { db: counted.db, now: () => Date.now(), instanceId: "inst_bench" };
  const [paid, empty, fresh] = [`org_bench_paid_${label}`, `org_bench_empty_${label}`, `org_bench_new_${label}`];
  await insertOrg(raw, paid, Date.now() - 30 * DAY_MS);
  await insertOrg(raw, empty, Date.now() - 30 * DAY_MS);
  await insertOrg(raw, fresh, Date.now());
  await grantGoodwill(ctx, paid, BENCH_BALANCE_CREDITS);
  await grantGoodwill(ctx, fresh, BENCH_BALANCE_CREDITS);

  const hold = async (orgId: string) => {
    const r = await placeHold(ctx, { orgId, requestId: "req_bench", credits: HOLD_CREDITS, rateCardVersion: 1 });
    if (!r.ok) throw new Error(`bench: hold refused (${r.code})`);
    return r.holdId;
  };
  const holdSettle = async () => {
    await settleHold(ctx, await hold(paid), { charged: CHARGED_CREDITS, reference: "conv_bench" });
  };
  const holdRelease = async () => {
    await releaseHold(ctx, await hold(paid));
  };
  const refused = async () => {
    const r = await placeHold(ctx, { orgId: empty, requestId: "req_bench", credits: HOLD_CREDITS, rateCardVersion: 1 });
    if (r.ok) throw new Error("bench: an empty balance admitted a hold");
  };
  const cappedHold = async () => {
    await releaseHold(ctx, await hold(fresh));
  };

  const tasks: Array<[string, () => Promise<void>]> = [
    ["hold + settle (charge entry)", holdSettle],
    ["hold + release (bills 0)", holdRelease],
    ["refused: insufficient_credits (402)", refused],
    ["hold + release, new account (burn-cap read)", cappedHold],
  ];
  const trips: number[] = [];
  for (const [, op] of tasks) {
    const start = counted.count();
    for (let i = 0; i < ROUND_TRIP_SAMPLES; i++) await op();
    trips.push((counted.count() - start) / ROUND_TRIP_SAMPLES);
  }

  const bench = new Bench({ time: timeMs, warmupIterations: 20 });
  for (const [name, op] of tasks) bench.add(name, op);
  await bench.run();
  return bench.tasks.map((task, i) => {
    const r = task.result as unknown as { latency?: { mean: number; p99: number; rme: number } };
    const meanMs = r.latency?.mean ?? NaN;
    return {
      db: label,
      task: task.name,
      mean_ms: Math.round(meanMs * 1000) / 1000,
      p99_ms: Math.round((r.latency?.p99 ?? NaN) * 1000) / 1000,
      rme_percent: Math.round((r.latency?.rme ?? 0) * 10) / 10,
      ops_per_s: Math.round(1000 / meanMs),
      round_trips: trips[i],
    };
  });
}

const rows = await onEachDatabase(benchOne);

console.table(rows);
const summary = { node: process.version, bench_time_ms_per_task: timeMs, hold_credits: HOLD_CREDITS, charged_credits: CHARGED_CREDITS, rows };
mkdirSync(path.join(root, "artifacts"), { recursive: true });
writeFileSync(path.join(root, "artifacts", "store_credits_bench.json"), JSON.stringify(summary, null, 2));
