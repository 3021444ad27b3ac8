// Pool throughput A/B (issue 9's speed clause on the service's path, issue 10 item 3): the
// engine_ab pages converted on this build's worker pool and on another build's (BASE=path of
// that checkout, built with `npx tsc -p tsconfig.json`), CONCURRENCY conversions in flight,
// passes alternating between the builds in ONE process. Reports pages per second (wall) and
// CPU per page of the whole process, main thread and workers together. The machine must have
// THREADS free cores for the wall figures to mean anything: check the load average first.
//
// Each pool is made as `svc serve` makes it: EnginePool({ threads }), and, for a build whose
// pool warms its threads (EnginePool.warmedUp, src/engine/pool/warm_up.ts), the pool is
// awaited warm before anything else runs, as `svc serve` awaits it before it listens. That
// warm-up is not in the measured passes, so the output says what it cost: `warm_up` gives its
// wall time and the whole process's CPU over it (thread start and MuPDF's load included),
// and the pages the threads converted. WARM_UP_PAGES and WARM_UP_MS override the pool's
// budget (limits.workerWarmUpPagesMax / workerWarmUpWallMsMax) to measure what warming is
// worth; WARM_UP_PAGES=0 turns it off. A base build without warm-up starts its threads in its
// first warm-up pass instead.
//
// YOUNG_MB sets this build's workers' V8 young generation (EnginePool's youngGenerationMb, by
// default limits.workerYoungGenerationMbMax) to compare sizes against a base that keeps its
// own; the output gives the size each build's threads run with (`young_generation_mb`, V8's
// default of 48 where a build sets none; V8 rounds a semi-space, a third of it, up to a power
// of two: docs/benchmarks.md "s15-heap").
// Run: npx tsc -p tsconfig.json && BASE=/work/tmp/base THREADS=2 node dist/bench/pool_ab.js [reps]
import path from "node:path";
import { pathToFileURL } from "node:url";
import { abDocuments } from "./ab_pages.js";
import { median, ownCpuMs, round } from "./cpu.js";

const here = path.resolve(import.meta.dirname, "../..");
const shared = path.resolve(here, "../shared");
const base = process.env.BASE;
const threads = Number(process.env.THREADS ?? 2);
/** Conversions in flight: two per thread keeps every worker busy between a document's rounds. */
const concurrency = Number(process.env.CONCURRENCY ?? 2 * threads);
const reps = Number(process.argv[2] ?? 5);
/** Passes of real work per build before measuring (WARMUP_PASSES), after the pool's own
 * warm-up where the build has one (above): JIT, MuPDF's font caches, the workers' start. Each
 * worker sees 1/THREADS of a pass and compiles the layout and render code itself, and V8 goes
 * on compiling and deoptimising the engine's functions for several thousand pages: 1 pass
 * measures a pool that has served its first ~230 pages a thread (a fresh or scaled-out
 * instance, a replaced thread), 2 a young pool, 8 one still warming (about 1,800 pages a
 * worker of the A/B set), 24 a settled one, as a long-running `svc serve` is
 * (docs/benchmarks.md, "svc-md-1.1.23" and "s14-warm"). */
const WARMUP_PASSES = Number(process.env.WARMUP_PASSES ?? 2);

/** The young generation a pool's threads were given (EnginePool.threadResourceLimits, where the build has it). */
function youngGenerationMb(pool: { threadResourceLimits?: () => { maxYoungGenerationSizeMb?: number }[] }): number | null {
  return pool.threadResourceLimits?.()[0]?.maxYoungGenerationSizeMb ?? null;
}

/** The pool's warm-up budget override (WARM_UP_PAGES, WARM_UP_MS), or undefined: the build's defaults. */
function warmUpOption(): { pagesMax: number; wallMsMax: number } | false | undefined {
  const pages = process.env.WARM_UP_PAGES;
  const ms = process.env.WARM_UP_MS;
  if (pages === undefined && ms === undefined) return undefined;
  if (pages === "0") return false;
  return { pagesMax: Number(pages ?? Infinity), wallMsMax: Number(ms ?? Infinity) };
}

/** What a pool's warm-up cost before the measured passes. */
interface WarmUpCost {
  wall_ms: number;
  /** The whole process's CPU over the warm-up: the threads' start, MuPDF's load, the warm pages. */
  cpu_ms: number;
  pages: number;
  threads_warmed_up: number;
}

interface Build {
  name: string;
  /** The young generation its threads run with, in MB (null: the build cannot say). */
  youngGenerationMb: number | null;
  warmUp: WarmUpCost | null;
  convert: (bytes: Uint8Array, pages: string) => Promise<number>;
  close: () => Promise<void>;
  wallMs: number[];
  cpuMs: number[];
}

async function load(name: string, root: string): Promise<Build> {
  const url = (rel: string) => pathToFileURL(path.join(root, "dist/src/engine", rel)).href;
  const convert = await import(url("convert.js"));
  const { EnginePool } = await import(url("pool/pool.js"));
  const { defaultRenderOptions } = await import(url("result.js"));
  const youngMb = name === "this" && process.env.YOUNG_MB !== undefined ? Number(process.env.YOUNG_MB) : undefined;
  const pool = new EnginePool({ threads, warmUp: warmUpOption(), youngGenerationMb: youngMb });
  let warmUp: WarmUpCost | null = null;
  if (typeof pool.warmedUp === "function") {
    const wall0 = performance.now();
    const cpu0 = ownCpuMs();
    await pool.warmedUp();
    const stats = pool.stats();
    warmUp = { wall_ms: Math.round(performance.now() - wall0), cpu_ms: Math.round(ownCpuMs() - cpu0), pages: stats.warmUpPages, threads_warmed_up: stats.threadsWarmedUp };
  }
  return {
    name,
    warmUp,
    youngGenerationMb: youngGenerationMb(pool),
    async convert(bytes, pages) {
      const result = await convert.convertDocument(convert.openWithPool(pool), { bytes, pages, options: defaultRenderOptions, maxSelectedPages: 1000 });
      return (result.pages as unknown[]).length;
    },
    close: () => pool.close(),
    wallMs: [],
    cpuMs: [],
  };
}

/** The process is quiet when it used less than this share of one core over a probe interval. */
const QUIET_CPU_SHARE_MAX = 0.05;
const QUIET_PROBE_MS = 250;
/** Gives up waiting for quiet after this long (a thread start takes about a second). */
const QUIET_WAIT_MS_MAX = 15_000;

/**
 * Waits until this process's threads are idle: a pool starts its threads (and they load
 * MuPDF's WebAssembly) in the background after its constructor returns, and that CPU must not
 * be charged to the first measured pass of the build that runs next.
 */
async function quiet(): Promise<void> {
  const start = performance.now();
  for (;;) {
    const cpu0 = ownCpuMs();
    await new Promise((resolve) => setTimeout(resolve, QUIET_PROBE_MS));
    if (ownCpuMs() - cpu0 < QUIET_CPU_SHARE_MAX * QUIET_PROBE_MS || performance.now() - start > QUIET_WAIT_MS_MAX) return;
  }
}

const docs = abDocuments(here, shared);
const builds = [await load("this", here)];
if (base) builds.push(await load("base", path.resolve(base)));
await quiet();

/** Why documents were refused, over all passes of both builds (encrypted fixtures, …). */
const refusals = new Map<string, number>();

/** One pass over every document; returns the pages converted. */
async function pass(build: Build): Promise<number> {
  const queue = [...docs];
  let pages = 0;
  const worker = async () => {
    for (let d = queue.shift(); d; d = queue.shift()) {
      try {
        // Awaited first, then added: `pages += await …` would read `pages` before the wait and
        // lose the other workers' additions.
        const converted = await build.convert(new Uint8Array(d.bytes), `${d.first}-${d.last}`);
        pages += converted;
      } catch (err) {
        // A refused document (encrypted, no text) costs what it costs in both builds.
        const code = (err as { code?: string }).code ?? String(err);
        refusals.set(code, (refusals.get(code) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return pages;
}

for (const b of builds) for (let i = 0; i < WARMUP_PASSES; i++) await pass(b);
let pages = 0;
for (let rep = 0; rep < reps; rep++) {
  for (const b of rep % 2 === 0 ? builds : [...builds].reverse()) {
    const wall0 = performance.now();
    const cpu0 = ownCpuMs();
    pages = await pass(b);
    b.wallMs.push(performance.now() - wall0);
    b.cpuMs.push(ownCpuMs() - cpu0);
  }
}
const out: Record<string, unknown> = { documents: docs.length, pages, threads, concurrency, reps, warmup_passes: WARMUP_PASSES, refusals: Object.fromEntries(refusals) };
for (const b of builds) out[b.name] = { pages_per_s: round((pages / median(b.wallMs)) * 1000, 1), cpu_ms_per_page: round(median(b.cpuMs) / pages, 3), young_generation_mb: b.youngGenerationMb, warm_up: b.warmUp };
if (builds.length === 2) {
  const [t, bs] = builds;
  out.pages_per_s_this_over_base = round(median(bs.wallMs) / median(t.wallMs), 3);
  out.cpu_this_over_base = round(median(t.cpuMs) / median(bs.cpuMs), 3);
}
console.log(JSON.stringify(out, null, 1));
for (const b of builds) await b.close();
process.exit(0);
