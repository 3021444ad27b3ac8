// What rate limiting adds to every request, in time and database round trips:
//   admission   requests-meter take (cost 1) + concurrency lease acquire
//   settlement  pages-meter advance (pages_processed) + lease release
//   refused     requests-meter take on an exhausted meter (the 429 path: take + TAT read)
// on embedded PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL database on that
// server (created and dropped here). Round trips are counted by wrapping Db.query, over
// separate runs of each operation so the tinybench hooks do not blur them.
// Run: npm run build && node dist/bench/store_admission.bench.js   (BENCH_TIME_MS per task, default 2000)
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Bench } from "tinybench";
import { onEachDatabase } from "./store_databases.js";
import { limits } from "../src/config/limits.js";
import type { StoreContext } from "../src/store/context.js";
import type { Db } from "../src/store/db.js";
import { gcraAdvance, gcraTake } from "../src/store/gcra.js";
import { acquireLease, releaseLease } from "../src/store/leases.js";
import { meterParams } from "../src/store/meters.js";
import { migrate } from "../src/store/migrations.js";

const root = path.resolve(import.meta.dirname, "../..");
const timeMs = Number(process.env.BENCH_TIME_MS ?? 2000);
const ROUND_TRIP_SAMPLES = 200;
// High enough that the admitted path never turns into a refusal during the run; the refused
// path is measured on its own organization with the paid default.
const BENCH_REQUESTS_PER_MIN = 1_000_000_000;
const PAID_REQUESTS_PER_MIN = 120;
const PAID_PAGES_PER_MIN = 12_000;
const PAID_CONCURRENCY = 4;
const PAGES_PROCESSED = 12;

interface Counted {
  db: Db;
  count(): number;
}

/** The same Db, counting statements sent (each is one round trip). */
function counting(db: Db): Counted {
  let n = 0;
  const wrapped: Db = {
    kind: db.kind,
    query: (sql, params) => {
      n++;
      return db.query(sql, params);
    },
    transaction: db.transaction.bind(db),
    exec: db.exec.bind(db),
    close: db.close.bind(db),
  };
  return { db: wrapped, count: () => n };
}

interface Row {
  db: string;
  task: string;
  mean_ms: number;
  p99_ms: number;
  rme_percent: number;
  ops_per_s: number;
  round_trips: number;
}

async function benchOne(label: string, raw: Db): Promise<Row[]> {
  await migrate(raw);
  const counted = counting(raw);
  const ctx: StoreContext = { db: counted.db, now: () => Date.now(), instanceId: "inst_bench" };
  const org = `org_bench_${label}`;
  const requests = meterParams("requests", org, BENCH_REQUESTS_PER_MIN);
  const pages = meterParams("pages", org, PAID_PAGES_PER_MIN);
  const lease = { orgId: org, limit: PAID_CONCURRENCY, keyId: "key_bench", ttlMs: limits.requestWallMsMax };
  // The refused path runs on a stopped clock, so the exhausted meter never refills mid-run.
  const stopped: StoreContext = { ...ctx, now: () => 0 };
  const exhausted = meterParams("requests", `${org}_exhausted`, PAID_REQUESTS_PER_MIN);
  for (let i = 0; i < exhausted.burst; i++) await gcraTake(stopped, { ...exhausted, cost: 1 });

  let held: string | null = null;
  const admission = async () => {
    await gcraTake(ctx, { ...requests, cost: 1 });
    const r = await acquireLease(ctx, lease);
    if (!r.ok) throw new Error("bench: lease refused; a previous iteration leaked its slot");
    held = r.leaseId;
  };
  const settlement = async () => {
    await gcraAdvance(ctx, { ...pages, cost: PAGES_PROCESSED });
    await releaseLease(ctx, held as string);
    held = null;
  };
  const refused = async () => {
    const r = await gcraTake(stopped, { ...exhausted, cost: 1 });
    if (r.allowed) throw new Error("bench: the exhausted meter admitted a request");
  };

  // Round trips per operation, counted outside the timed runs.
  const tripsOf = async (before: (() => Promise<void>) | null, op: () => Promise<void>, after: (() => Promise<void>) | null) => {
    let total = 0;
    for (let i = 0; i < ROUND_TRIP_SAMPLES; i++) {
      if (before) await before();
      const start = counted.count();
      await op();
      total += counted.count() - start;
      if (after) await after();
    }
    return total / ROUND_TRIP_SAMPLES;
  };
  const trips: Record<string, number> = {
    admission: await tripsOf(null, admission, settlement),
    settlement: await tripsOf(admission, settlement, null),
    refused: await tripsOf(null, refused, null),
  };

  // Baselines: one read round trip, and one single-row write (a commit) on a scratch meter
  // row. Machines are shared and noisy: compare the rows of one run with these, not runs.
  const selectOne = async () => {
    await counted.db.query("SELECT 1");
  };
  const oneWrite = async () => {
    await counted.db.query(
      "INSERT INTO meters (org_id, meter, tat_us) VALUES ($1, 'baseline', 0) ON CONFLICT (org_id, meter) DO UPDATE SET tat_us = meters.tat_us + 1",
      [org],
    );
  };
  trips.baselineRead = await tripsOf(null, selectOne, null);
  trips.baselineWrite = await tripsOf(null, oneWrite, null);

  const bench = new Bench({ time: timeMs, warmupIterations: 20 });
  bench.add("admission: requests take + lease acquire", admission, { afterEach: settlement });
  bench.add("settlement: pages advance + lease release", settlement, { beforeEach: admission });
  bench.add("refused: requests take on an exhausted meter (429)", refused);
  bench.add("baseline: SELECT 1", selectOne);
  bench.add("baseline: one single-row upsert (one commit)", oneWrite);
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
      round_trips: [trips.admission, trips.settlement, trips.refused, trips.baselineRead, trips.baselineWrite][i],
    };
  });
}

const rows = await onEachDatabase(benchOne);

console.table(rows);
const summary = { node: process.version, bench_time_ms_per_task: timeMs, pages_processed_per_settlement: PAGES_PROCESSED, rows };
mkdirSync(path.join(root, "artifacts"), { recursive: true });
writeFileSync(path.join(root, "artifacts", "store_bench.json"), JSON.stringify(summary, null, 2));
