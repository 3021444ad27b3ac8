// MuPDF's WebAssembly tiers A/B (ENGINE_WASM_TIER, docs/engine.md "The worker pool"): this
// build's worker pool on the engine_ab pages with V8's default tiering (`baseline`) and with
// every function compiled by TurboFan at its first call (`optimised`, what `svc serve` sets).
// The flag is a process's, so each setting runs pool_ab.ts in a child process of its own, the
// two alternating run by run (and which goes first alternating too), so the machine's drift
// falls on both; the ratios are the medians of each pair's ratios.
// Run: npx tsc -p tsconfig.json && node dist/bench/wasm_tier_ab.js [runs] [passes per run]
import { spawnSync } from "node:child_process";
import path from "node:path";
import { median, round } from "./cpu.js";

const runs = Number(process.argv[2] ?? 4);
const passes = process.argv[3] ?? "3";
const poolAb = path.join(import.meta.dirname, "pool_ab.js");
const tiers = ["baseline", "optimised"] as const;
type Tier = (typeof tiers)[number];

interface Run {
  pagesPerS: number;
  cpuMsPerPage: number;
}

function runPool(tier: Tier): Run {
  const child = spawnSync(process.execPath, [poolAb, passes], { env: { ...process.env, WASM_TIER: tier, BASE: "" }, encoding: "utf8", maxBuffer: 16 << 20 });
  if (child.status !== 0) throw new Error(`pool_ab (${tier}) failed: ${child.stderr}`);
  const out = JSON.parse(child.stdout) as { this: { pages_per_s: number; cpu_ms_per_page: number } };
  return { pagesPerS: out.this.pages_per_s, cpuMsPerPage: out.this.cpu_ms_per_page };
}

const results: Record<Tier, Run[]> = { baseline: [], optimised: [] };
for (let r = 0; r < runs; r++) {
  for (const tier of r % 2 === 0 ? tiers : [...tiers].reverse()) results[tier].push(runPool(tier));
  process.stderr.write(`run ${r + 1}/${runs}: ${tiers.map((t) => `${t} ${results[t][r].pagesPerS} pages/s, ${results[t][r].cpuMsPerPage} ms CPU/page`).join("; ")}\n`);
}
const pairs = results.baseline.map((b, i) => ({ b, o: results.optimised[i] }));
console.log(
  JSON.stringify(
    {
      runs,
      passes_per_run: Number(passes),
      baseline: { pages_per_s: median(results.baseline.map((r) => r.pagesPerS)), cpu_ms_per_page: median(results.baseline.map((r) => r.cpuMsPerPage)) },
      optimised: { pages_per_s: median(results.optimised.map((r) => r.pagesPerS)), cpu_ms_per_page: median(results.optimised.map((r) => r.cpuMsPerPage)) },
      pages_per_s_optimised_over_baseline: round(median(pairs.map(({ b, o }) => o.pagesPerS / b.pagesPerS)), 3),
      cpu_optimised_over_baseline: round(median(pairs.map(({ b, o }) => o.cpuMsPerPage / b.cpuMsPerPage)), 3),
    },
    null,
    1,
  ),
);
