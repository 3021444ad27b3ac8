// Engine CPU A/B in separate processes (issue 9's speed clause), as a worker thread of the
// service runs the engine: alone in its heap, paying for its own garbage collection and its
// own optimising compiler. engine_ab.ts runs both builds in ONE process, taking turns document
// by document, which shares out machine noise fairly but not the heap: a scavenge or a
// background compile that one build's work made can fall, and be counted, in the other's turn.
// Here each round starts one child process per build (the order flips from round to round), and
// each child converts the A/B pages WARM_PASSES times unmeasured, then MEASURED_PASSES times
// measured (process.cpuUsage: its main thread and V8's helper threads alike). The ratio is the
// median over rounds of the children's CPU per measured pass, this build over the base.
// Run: npx tsc -p tsconfig.json && BASE=/path/of/built/checkout node dist/bench/engine_ab_processes.js [rounds]
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { abDocuments } from "./ab_pages.js";

const here = path.resolve(import.meta.dirname, "../..");
const shared = path.resolve(here, "../shared");
/** Passes each child makes before it measures: V8 is still compiling and re-optimising the
 *  engine's larger functions through the first two or three passes over the set. */
const WARM_PASSES = Number(process.env.WARM_PASSES ?? 3);
/** Passes each child measures. */
const MEASURED_PASSES = Number(process.env.MEASURED_PASSES ?? 3);
/** Rounds (one child per build each): enough for a median on a shared two-core machine. */
const DEFAULT_ROUNDS = 5;
/** A child that takes longer than this is stuck: the bench fails rather than hangs. */
const CHILD_TIMEOUT_MS = 15 * 60_000;

interface ChildResult {
  documents: number;
  pages: number;
  passes_ms: number[];
}

/** The child: converts the A/B pages with the build at `root`, prints its per-pass CPU. */
async function child(root: string): Promise<void> {
  const convert = await import(pathToFileURL(path.join(root, "dist/src/engine/convert.js")).href);
  const result = await import(pathToFileURL(path.join(root, "dist/src/engine/result.js")).href);
  const docs = abDocuments(here, shared);
  const pass = async (): Promise<number> => {
    const u0 = process.cpuUsage();
    for (const d of docs) {
      try {
        await convert.convertDocument(convert.openInProcess, { bytes: new Uint8Array(d.bytes), pages: `${d.first}-${d.last}`, options: result.defaultRenderOptions, maxSelectedPages: 1000 });
      } catch {
        // A refused document (encrypted, no text) costs what it costs in both builds.
      }
    }
    const u = process.cpuUsage(u0);
    return (u.user + u.system) / 1000;
  };
  for (let i = 0; i < WARM_PASSES; i++) await pass();
  const passes: number[] = [];
  for (let i = 0; i < MEASURED_PASSES; i++) passes.push(Math.round(await pass()));
  const out: ChildResult = { documents: docs.length, pages: docs.reduce((n, d) => n + d.last - d.first + 1, 0), passes_ms: passes };
  console.log(JSON.stringify(out));
}

function runChild(root: string): ChildResult {
  const stdout = execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--child", root], { encoding: "utf8", timeout: CHILD_TIMEOUT_MS, env: process.env, maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split("\n").pop()!) as ChildResult;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function parent(): Promise<void> {
  const base = process.env.BASE;
  if (!base) throw new Error("BASE=path of the other build (a checkout built with `npx tsc -p tsconfig.json`) is required");
  const rounds = Number(process.argv[2] ?? DEFAULT_ROUNDS);
  const builds = [
    { name: "this", root: here },
    { name: "base", root: path.resolve(base) },
  ];
  const perPass = new Map<string, number[]>(builds.map((b) => [b.name, []]));
  const ratios: number[] = [];
  let pages = 0;
  let documents = 0;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    const got = new Map<string, number>();
    for (const b of order) {
      const r = runChild(b.root);
      pages = r.pages;
      documents = r.documents;
      got.set(b.name, mean(r.passes_ms));
      perPass.get(b.name)!.push(Math.round(mean(r.passes_ms)));
    }
    ratios.push(got.get("this")! / got.get("base")!);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  console.log(
    JSON.stringify(
      {
        documents,
        pages,
        rounds,
        warm_passes: WARM_PASSES,
        measured_passes: MEASURED_PASSES,
        base: path.resolve(base),
        median_cpu_ms_per_pass: Object.fromEntries([...perPass].map(([k, v]) => [k, median(v)])),
        // CPU ratio this/base: ≤ 1.00 means this build is at least as fast as the base.
        cpu_this_over_base: r3(median(ratios)),
        cpu_this_over_base_quartiles: [sorted[Math.floor(sorted.length / 4)], sorted[Math.floor((3 * sorted.length) / 4)]].map(r3),
        rounds_ms: Object.fromEntries(perPass),
      },
      null,
      1,
    ),
  );
}

if (process.argv[2] === "--child") await child(path.resolve(process.argv[3]));
else await parent();
process.exit(0);
