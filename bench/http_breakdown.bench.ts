// Where a one-page POST /v1/convert spends its time (issue 10 item 5): the service's own app
// (buildApp, the routes of `svc serve`) on PGlite in a temporary directory, over loopback,
// with a live key, one request at a time. Every database call is counted and timed through
// a wrapper around the store's Db, so each request's time splits into
//   store   the awaited database round trips (admission, meters, lease, cache, hold,
//           the commit's transaction, the meters after it, the lease's release);
//   engine  the engine alone on the same document, measured interleaved on a pool of the
//           same size (its p50 is the reference for "adds ≤ 5 ms p50");
//   rest    everything else: HTTP parsing, the body, options, JSON, fetch on the client side.
// PROFILE=1 adds a CPU profile of the main thread over the measured requests, self time
// grouped by where the code lives.
// Run: npm run bench:http   (HTTP_N requests, default 200; ENGINE_THREADS, default 2)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../src/api/app.js";
import { parseEnv } from "../src/config/env.js";
import { convertDocument, openInProcess, openWithPool } from "../src/engine/convert.js";
import { EnginePool } from "../src/engine/pool/pool.js";
import { defaultRenderOptions } from "../src/engine/result.js";
import { registerInstance } from "../src/store/credits.js";
import type { Db, Queryable } from "../src/store/db.js";
import { createKey } from "../src/store/keys.js";
import { grantGoodwill } from "../src/store/lots.js";
import { createOrg, setOrgLimits } from "../src/store/orgs.js";
import { openStore } from "../src/store/open_store.js";
import { median, ownCpuMs, round } from "./cpu.js";

const root = path.resolve(import.meta.dirname, "../..");
const n = Number(process.env.HTTP_N ?? 200);
const threads = Number(process.env.ENGINE_THREADS ?? 2);
const profile = process.env.PROFILE === "1";
const WARMUP_REQUESTS = 20;

const onePage = ["code-block", "headings", "hyphenation", "inline-emphasis", "links", "lists-bullet", "lists-nested", "lists-numbered", "markdown-literal", "scripts-non-latin", "table-ruled", "two-column"].map((name) =>
  readFileSync(path.join(root, "fixtures/pdf", `${name}.pdf`)),
);
let unique = 0;
/** A unique trailing comment: a new SHA-256, so no request is a result-cache hit. */
const fresh = (pdf: Buffer) => Buffer.concat([pdf, Buffer.from(`\n%http-breakdown ${process.pid} ${++unique}\n`)]);

/** Counts and times the database calls the request makes; queries inside a transaction are
 * counted, and timed as part of their transaction (one awaited round trip to the caller). */
interface StoreTally {
  queries: number;
  transactions: number;
  ms: number;
  /** CPU time of the process during the round trips: PGlite runs on this thread, and nothing
   * else runs while a lone request waits for its database. */
  cpuMs: number;
  bySql: Map<string, { n: number; ms: number }>;
}
const tally: StoreTally = { queries: 0, transactions: 0, ms: 0, cpuMs: 0, bySql: new Map() };
function note(sql: string, ms: number) {
  const key = sql.replace(/\s+/g, " ").trim().slice(0, 70);
  const e = tally.bySql.get(key) ?? { n: 0, ms: 0 };
  e.n += 1;
  e.ms += ms;
  tally.bySql.set(key, e);
}
function countingDb(db: Db): Db {
  const inner = (tx: Queryable): Queryable => ({
    query: (sql, params) => {
      tally.queries += 1;
      note(`tx: ${sql}`, 0);
      return tx.query(sql, params);
    },
  });
  return {
    kind: db.kind,
    async query(sql, params) {
      const started = performance.now();
      const cpuStarted = ownCpuMs();
      try {
        return await db.query(sql, params);
      } finally {
        const ms = performance.now() - started;
        tally.queries += 1;
        tally.ms += ms;
        tally.cpuMs += ownCpuMs() - cpuStarted;
        note(sql, ms);
      }
    },
    async transaction(fn) {
      const started = performance.now();
      const cpuStarted = ownCpuMs();
      try {
        return await db.transaction((tx) => fn(inner(tx)));
      } finally {
        const ms = performance.now() - started;
        tally.transactions += 1;
        tally.ms += ms;
        tally.cpuMs += ownCpuMs() - cpuStarted;
        note("(transaction)", ms);
      }
    },
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "svc-http-breakdown-"));
const store = await openStore({ DATA_DIR: dataDir });
await registerInstance(store.ctx);
const org = await createOrg(store.ctx, { email: `breakdown-${Date.now()}@bench.example` });
if (!org.ok) throw new Error(org.message);
await store.ctx.db.query("UPDATE orgs SET created_at = created_at - interval '30 days' WHERE id = $1", [org.org.id]);
await grantGoodwill(store.ctx, org.org.id, 5_000_000);
const limitsSet = await setOrgLimits(store.ctx, org.org.id, { requests_per_min: 100_000, pages_per_min: 10_000_000 });
if (!limitsSet.ok) throw new Error(limitsSet.message);
const key = await createKey(store.ctx, { orgId: org.org.id, name: "breakdown", env: "live" });
if (!key.ok) throw new Error(key.message);
const bearer = key.key;

const env = parseEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent", ENGINE_THREADS: String(threads) } as NodeJS.ProcessEnv);
const servicePool = new EnginePool({ threads });
const ctx = { ...store.ctx, db: countingDb(store.ctx.db) };
const app = await buildApp({ store: ctx, pool: servicePool, env, baseUrl: "http://127.0.0.1" });
const base = await app.listen({ port: 0, host: "127.0.0.1" });
const referencePool = new EnginePool({ threads });

interface Sample {
  http_ms: number;
  engine_ms: number;
  store_ms: number;
  /** CPU of every thread of this process (server, its pool, the client) over the request. */
  http_cpu_ms: number;
  engine_cpu_ms: number;
  /** The engine in this thread, no pool: what the pool's open and extract round trips cost. */
  engine_in_process_ms: number;
  store_cpu_ms: number;
  queries: number;
  transactions: number;
  server_total_ms: number;
}
async function one(i: number): Promise<Sample> {
  const pdf = onePage[i % onePage.length];
  tally.queries = 0;
  tally.transactions = 0;
  tally.ms = 0;
  tally.cpuMs = 0;
  const started = performance.now();
  const cpuStarted = ownCpuMs();
  const res = await fetch(`${base}/v1/convert`, { method: "POST", headers: { authorization: `Bearer ${bearer}`, "content-type": "application/pdf" }, body: fresh(pdf) });
  const body = (await res.json()) as { usage?: { cache: string }; timings_ms?: { total: number } };
  const httpMs = performance.now() - started;
  if (res.status !== 200 || body.usage?.cache !== "miss") throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  // The lease's release and the meters after the response may still be running: let them
  // finish before the engine sample, so they are counted here and do not overlap it.
  await new Promise((r) => setTimeout(r, 2));
  const httpCpuMs = ownCpuMs() - cpuStarted;
  const storeMs = tally.ms;
  const storeCpuMs = tally.cpuMs;
  const { queries, transactions } = tally;
  const engineStarted = performance.now();
  const engineCpuStarted = ownCpuMs();
  await convertDocument(openWithPool(referencePool), { bytes: fresh(pdf), pages: null, options: defaultRenderOptions });
  const engineMs = performance.now() - engineStarted;
  const engineCpuMs = ownCpuMs() - engineCpuStarted;
  const inProcessStarted = performance.now();
  await convertDocument(openInProcess, { bytes: fresh(pdf), pages: null, options: defaultRenderOptions });
  const inProcessMs = performance.now() - inProcessStarted;
  return { http_ms: httpMs, engine_ms: engineMs, store_ms: storeMs, http_cpu_ms: httpCpuMs, engine_cpu_ms: engineCpuMs, engine_in_process_ms: inProcessMs, store_cpu_ms: storeCpuMs, queries, transactions, server_total_ms: body.timings_ms?.total ?? NaN };
}

for (let i = 0; i < WARMUP_REQUESTS; i++) await one(i);
tally.bySql.clear();
const session = profile ? new Session() : null;
if (session) {
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
}
const samples: Sample[] = [];
for (let i = 0; i < n; i++) samples.push(await one(i));
const cpuProfile = session ? ((await session.post("Profiler.stop")).profile as Profile) : null;

await app.close();
await servicePool.close();
await referencePool.close();
await store.close();
rmSync(dataDir, { recursive: true, force: true });

const p50 = (k: keyof Sample) => round(median(samples.map((s) => s[k])), 2);
const summary = {
  date: new Date().toISOString(),
  requests: n,
  engine_threads: threads,
  p50_ms: { http: p50("http_ms"), engine_alone: p50("engine_ms"), engine_in_process: p50("engine_in_process_ms"), store: p50("store_ms"), server_timings_total: p50("server_total_ms") },
  http_adds_p50_ms: round(p50("http_ms") - p50("engine_ms"), 2),
  // CPU time moves far less than wall time when others load the machine.
  cpu_p50_ms: { http: p50("http_cpu_ms"), engine_alone: p50("engine_cpu_ms"), store: p50("store_cpu_ms") },
  http_adds_cpu_p50_ms: round(p50("http_cpu_ms") - p50("engine_cpu_ms"), 2),
  store_round_trips_per_request: { queries: p50("queries"), transactions: p50("transactions") },
  // What the request adds over the engine, less the database: HTTP, JSON, our own code.
  rest_p50_ms: round(p50("http_ms") - p50("engine_ms") - p50("store_ms"), 2),
  by_statement: [...tally.bySql.entries()].sort((a, b) => b[1].ms - a[1].ms).map(([sql, e]) => ({ sql, per_request: round(e.n / n, 2), ms_per_request: round(e.ms / n, 3) })),
  profile_self_time: cpuProfile ? selfTimeByPlace(cpuProfile) : null,
};
console.log(JSON.stringify({ ...summary, by_statement: undefined, profile_self_time: undefined }, null, 2));
console.table(summary.by_statement);
if (summary.profile_self_time) {
  console.table(summary.profile_self_time.by_place);
  console.table(summary.profile_self_time.top_functions);
}
mkdirSync(path.join(root, "artifacts"), { recursive: true });
writeFileSync(path.join(root, "artifacts", "http_breakdown.json"), JSON.stringify(summary, null, 2) + "\n");

interface Profile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
}
/** Self time by the package or source folder that owns the code, and the top functions. */
function selfTimeByPlace(p: Profile) {
  const counts = new Map<number, number>();
  for (const id of p.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const place = (url: string, fn: string) => {
    if (!url) return fn.startsWith("(") ? fn : "(native)";
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (pkg) return pkg[1];
    const src = /dist\/(src\/[^/]+(?:\/[^/]+)?)\//.exec(url);
    if (src) return src[1];
    if (url.startsWith("node:")) return url.split("/")[0];
    return url.split("/").slice(-2).join("/");
  };
  const byPlace = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const node of p.nodes) {
    const c = counts.get(node.id) ?? 0;
    if (!c) continue;
    const f = node.callFrame;
    const where = place(f.url, f.functionName);
    byPlace.set(where, (byPlace.get(where) ?? 0) + c);
    const fn = `${f.functionName || "(anonymous)"} ${f.url.split("/").slice(-2).join("/")}:${f.lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + c);
  }
  const total = p.samples.length;
  const pct = (v: number) => round((100 * v) / total, 1);
  return {
    by_place: [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([where, v]) => ({ where, self_percent: pct(v) })),
    top_functions: [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([fn, v]) => ({ fn, self_percent: pct(v) })),
  };
}
