// Start-up of `svc convert` on a one-page PDF (issue 10 item 1: whole process ≤ 0.30 s), with
// what the time is made of. Whole processes, interleaved, median of STARTUP_RUNS:
//   node -e 0                      Node's own start, the floor of any Node CLI;
//   node: import the MuPDF runtime  reading, compiling and instantiating MuPDF's 10 MB
//                                   WebAssembly module and loading mupdf.js, nothing else;
//   svc convert one-page.pdf        the whole command (in process: below POOL_PAGES_MIN pages);
//   mutool draw -F txt              native MuPDF, the reference.
// Then, in one child process, the steps of the MuPDF runtime's import timed one by one (read
// the file, compile, instantiate with mupdf.js) and V8 flags that could shorten the compile.
// Run: npm run bench:startup   (STARTUP_RUNS, default 15)
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { median, type ProcessCommand, round, timeProcesses } from "./cpu.js";

const root = path.resolve(import.meta.dirname, "../..");
const runs = Number(process.env.STARTUP_RUNS ?? 15);
const onePage = path.join(root, "fixtures/pdf/code-block.pdf");
const cli = path.join(root, "dist/src/cli/main.js");
const runtime = path.join(root, "dist/src/engine/extract/mupdf_runtime.js");
const wasmFile = path.join(root, "node_modules/mupdf/dist/mupdf-wasm.wasm");
const hasMutool = spawnSync("mutool", ["-v"]).status !== null;
/** The target for the whole one-page command. */
const TARGET_S = 0.3;

const commands: ProcessCommand[] = [
  { name: "node -e 0", argv: [process.execPath, "-e", "0"] },
  { name: "node: import the MuPDF runtime only", argv: [process.execPath, "--input-type=module", "-e", `await import(${JSON.stringify(runtime)})`] },
  { name: "svc convert one-page.pdf", argv: [process.execPath, cli, "convert", onePage, "--out", "/dev/null"] },
  { name: "svc convert one-page.pdf, --wasm-lazy-compilation", argv: [process.execPath, "--wasm-lazy-compilation", cli, "convert", onePage, "--out", "/dev/null"] },
];
if (hasMutool) commands.push({ name: "mutool draw -F txt one-page.pdf", argv: ["mutool", "draw", "-q", "-F", "txt", "-o", "/dev/null", onePage] });

const samples = timeProcesses(commands, runs);
const whole = commands.map((c, i) => ({ command: c.name, wall_s: round(median(samples[i].wall), 3), cpu_s: round(median(samples[i].cpu), 3) }));

// The MuPDF runtime's import, step by step, in a fresh process (what `svc convert` pays once).
const stepsScript = `
import { readFileSync } from "node:fs";
const t0 = performance.now();
const bytes = readFileSync(${JSON.stringify(wasmFile)});
const t1 = performance.now();
await WebAssembly.compile(bytes);
const t2 = performance.now();
await import(${JSON.stringify(runtime)});
const t3 = performance.now();
console.log(JSON.stringify({ process_start_to_script_ms: t0, read_wasm_ms: t1 - t0, compile_wasm_ms: t2 - t1, runtime_import_ms: t3 - t2 }));
`;
const stepRuns: Record<string, number[]> = {};
for (let r = 0; r < runs; r++) {
  const out = spawnSync(process.execPath, ["--input-type=module", "-e", stepsScript], { encoding: "utf8" });
  if (out.status !== 0) throw new Error(`step timing failed: ${out.stderr.slice(0, 300)}`);
  for (const [k, v] of Object.entries(JSON.parse(out.stdout) as Record<string, number>)) (stepRuns[k] ??= []).push(v);
}
const steps: Record<string, number> = Object.fromEntries(Object.entries(stepRuns).map(([k, v]) => [k, round(median(v), 1)]));
// The runtime's import reads and compiles the file again (its own compile, as `svc convert`
// does), then instantiates it and loads mupdf.js: what is left after a read and a compile.
steps.instantiate_and_mupdf_js_ms = round(steps.runtime_import_ms - steps.read_wasm_ms - steps.compile_wasm_ms, 1);

const svc = whole.find((w) => w.command === "svc convert one-page.pdf")!;
const result = { date: new Date().toISOString(), runs, target_s: TARGET_S, whole_process: whole, mupdf_runtime_steps_ms: steps, svc_over_target: round(svc.wall_s / TARGET_S, 2) };
mkdirSync(path.join(root, "artifacts"), { recursive: true });
writeFileSync(path.join(root, "artifacts/startup_bench.json"), JSON.stringify(result, null, 2));
console.table(whole);
console.log("MuPDF runtime import, step by step (ms, median):", steps);
console.log(`svc convert of one page: ${svc.wall_s} s against the ${TARGET_S} s target`);
