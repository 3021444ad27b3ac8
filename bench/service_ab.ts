// The service's engine against another build's, each as it is deployed (issue 9's speed
// clause on the path customers take): this build's worker pool with the WebAssembly tier
// `svc serve` sets (ENGINE_WASM_TIER, default optimised) against BASE's pool with V8's default
// tiering, which is what `svc serve` ran before ENGINE_WASM_TIER existed. The tier is a
// process's flag, so each side runs pool_ab.ts in a child process of its own; the two
// alternate run by run (and which goes first alternates too), and the ratios are the medians
// of each pair's ratios. bench/engine_ab.ts compares the two engines' JavaScript in one
// process at one tier; bench/wasm_tier_ab.ts this build at the two tiers.
// Run: npx tsc -p tsconfig.json && BASE=/path/of/base/checkout node dist/bench/service_ab.js [runs] [passes per run]
import { spawnSync } from "node:child_process";
import path from "node:path";
import { median, round } from "./cpu.js";

const base = process.env.BASE;
if (!base) throw new Error("service_ab: BASE=<checkout of the other build, built with npx tsc -p tsconfig.json> is required");
const runs = Number(process.argv[2] ?? 4);
const passes = process.argv[3] ?? "3";
const poolAb = path.join(import.meta.dirname, "pool_ab.js");
const sides = ["base", "this"] as const;
type Side = (typeof sides)[number];

interface Run {
  pagesPerS: number;
  cpuMsPerPage: number;
}

function runPool(side: Side): Run {
  const env = { ...process.env, BASE: base, ONLY: side === "base" ? "base" : "this", WASM_TIER: side === "this" ? (process.env.ENGINE_WASM_TIER ?? "optimised") : "baseline" };
  const child = spawnSync(process.execPath, [poolAb, passes], { env, encoding: "utf8", maxBuffer: 16 << 20 });
  if (child.status !== 0) throw new Error(`pool_ab (${side}) failed: ${child.stderr}`);
  const out = JSON.parse(child.stdout) as Record<string, { pages_per_s: number; cpu_ms_per_page: number }>;
  const mine = out[side];
  return { pagesPerS: mine.pages_per_s, cpuMsPerPage: mine.cpu_ms_per_page };
}

const results: Record<Side, Run[]> = { base: [], this: [] };
for (let r = 0; r < runs; r++) {
  for (const side of r % 2 === 0 ? sides : [...sides].reverse()) results[side].push(runPool(side));
  process.stderr.write(`run ${r + 1}/${runs}: ${sides.map((s) => `${s} ${results[s][r].pagesPerS} pages/s, ${results[s][r].cpuMsPerPage} ms CPU/page`).join("; ")}\n`);
}
const pairs = results.base.map((b, i) => ({ b, t: results.this[i] }));
console.log(
  JSON.stringify(
    {
      base,
      runs,
      passes_per_run: Number(passes),
      this_wasm_tier: process.env.ENGINE_WASM_TIER ?? "optimised",
      this: { pages_per_s: median(results.this.map((r) => r.pagesPerS)), cpu_ms_per_page: median(results.this.map((r) => r.cpuMsPerPage)) },
      base_build: { pages_per_s: median(results.base.map((r) => r.pagesPerS)), cpu_ms_per_page: median(results.base.map((r) => r.cpuMsPerPage)) },
      pages_per_s_this_over_base: round(median(pairs.map(({ b, t }) => t.pagesPerS / b.pagesPerS)), 3),
      cpu_this_over_base: round(median(pairs.map(({ b, t }) => t.cpuMsPerPage / b.cpuMsPerPage)), 3),
    },
    null,
    1,
  ),
);
