// Resident memory of `svc serve` (src/api/serve.ts) per engine thread (issue 12 item 9), on an
// embedded PGlite database in a temporary DATA_DIR, in this process (so process RSS is the
// service's): (a) idle after start; (b) the peak under load, MEM_CONCURRENCY clients (default
// 2 × threads) posting 20-page conversions of freeculture.pdf for MEM_SECONDS (default 30),
// each a cache miss; (c) idle again MEM_SETTLE_SECONDS (default 10) after the load, to see
// what the workers keep. RSS is sampled from /proc/self/status every 100 ms. The process also
// holds the embedded database (PGlite, WASM), so one engine thread's share is the difference
// between runs with ENGINE_THREADS=N+1 and N at the same phase, not a run's absolute figure.
// Run: npm run build && ENGINE_THREADS=1 node dist/bench/memory.bench.js   (then 2, …)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { serve } from "../src/api/serve.js";
import { parseEnv } from "../src/config/env.js";
import { createKey } from "../src/store/keys.js";
import { grantGoodwill } from "../src/store/lots.js";
import { createOrg, setOrgLimits } from "../src/store/orgs.js";
import { openStore } from "../src/store/open_store.js";

const root = path.resolve(import.meta.dirname, "../..");
const threads = Number(process.env.ENGINE_THREADS ?? 2);
const seconds = Number(process.env.MEM_SECONDS ?? 30);
const settleSeconds = Number(process.env.MEM_SETTLE_SECONDS ?? 10);
const concurrency = Number(process.env.MEM_CONCURRENCY ?? 2 * threads);
const freeculture = readFileSync(path.resolve(root, "../shared/pdfs/pdf.js/freeculture.pdf"));
const MiB = 1024 * 1024;

function rssBytes(): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
  return m ? Number(m[1]) * 1024 : process.memoryUsage().rss;
}
const mib = (b: number) => Math.round((b / MiB) * 10) / 10;

const dataDir = mkdtempSync(path.join(tmpdir(), "svc-mem-"));
const setup = await openStore({ DATA_DIR: dataDir });
const org = await createOrg(setup.ctx, { email: `mem-${Date.now()}@bench.example` });
if (!org.ok) throw new Error(org.message);
await setup.ctx.db.query("UPDATE orgs SET created_at = created_at - interval '30 days' WHERE id = $1", [org.org.id]);
await grantGoodwill(setup.ctx, org.org.id, 5_000_000);
const limited = await setOrgLimits(setup.ctx, org.org.id, { requests_per_min: 100_000, pages_per_min: 10_000_000, concurrency: concurrency });
if (!limited.ok) throw new Error(limited.message);
const created = await createKey(setup.ctx, { orgId: org.org.id, name: "mem", env: "live" });
if (!created.ok) throw new Error(created.message);
await setup.close();

const before = rssBytes();
const service = await serve(parseEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent", ENGINE_THREADS: String(threads) } as NodeJS.ProcessEnv), () => undefined);
await sleep(2_000);
const idle = rssBytes();

let peak = idle;
const sampler = setInterval(() => (peak = Math.max(peak, rssBytes())), 100);
let unique = 0;
let done = 0;
let failed = 0;
const until = Date.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (Date.now() < until) {
      unique += 1;
      const res = await fetch(`${service.url}/v1/convert?pages=1-20`, {
        method: "POST",
        headers: { authorization: `Bearer ${created.key}`, "content-type": "application/pdf" },
        body: Buffer.concat([freeculture, Buffer.from(`\n%mem-bench ${process.pid} ${unique}\n`)]),
      });
      await res.arrayBuffer();
      if (res.status === 200) done += 1;
      else failed += 1;
    }
  }),
);
clearInterval(sampler);
const loadedPeak = peak;
await sleep(settleSeconds * 1000);
const after = rssBytes();
await service.close();
rmSync(dataDir, { recursive: true, force: true });

console.log(JSON.stringify({
  engine_threads: threads,
  concurrency,
  load_seconds: seconds,
  requests_ok: done,
  requests_failed: failed,
  rss_mib: { before_serve: mib(before), idle: mib(idle), peak_under_load: mib(loadedPeak), idle_after_load: mib(after) },
}, null, 2));
