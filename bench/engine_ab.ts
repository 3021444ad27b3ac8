// Engine CPU A/B (issue 9: the round's engine work must not cost throughput): converts the
// same customer-like pages with this build and with another build of the engine (BASE=path
// of that checkout, built with `npx tsc -p tsconfig.json`) in ONE process, the two builds
// taking turns document by document, and measures CPU time (process.cpuUsage) per pass, so
// machine noise hits both builds alike; the ratio is the median of the passes' ratios.
// MuPDF's text extraction alone (what engine.bench.ts calls "stext only") is measured in the
// same loop, giving the engine's overhead over the extraction it cannot avoid.
// Run: npx tsc -p tsconfig.json && BASE=/work/tmp/base node dist/bench/engine_ab.js [reps]
import path from "node:path";
import { pathToFileURL } from "node:url";
import { extractPageMupdf } from "../src/engine/extract/mupdf_page.js";
import { openDocument } from "../src/engine/extract/open.js";
import { abDocuments } from "./ab_pages.js";

const here = path.resolve(import.meta.dirname, "../..");
const shared = path.resolve(here, "../shared");
const base = process.env.BASE;
// Five alternating passes: enough for a stable median on a shared two-core machine while
// the whole run stays near two minutes.
const defaultReps = 5;
const reps = Number(process.argv[2] ?? defaultReps);

const loaded = abDocuments(here, shared);
const totalPages = loaded.reduce((n, d) => n + d.last - d.first + 1, 0);

type Convert = (open: unknown, request: unknown) => Promise<unknown>;
interface Build {
  name: string;
  convertDocument: Convert;
  openInProcess: unknown;
  options: unknown;
}
async function load(name: string, root: string): Promise<Build> {
  const convert = await import(pathToFileURL(path.join(root, "dist/src/engine/convert.js")).href);
  const result = await import(pathToFileURL(path.join(root, "dist/src/engine/result.js")).href);
  return { name, convertDocument: convert.convertDocument, openInProcess: convert.openInProcess, options: result.defaultRenderOptions };
}

type Doc = (typeof loaded)[number];

/** CPU milliseconds of one conversion of `d` by `build`. */
async function engineCpuMs(build: Build, d: Doc): Promise<number> {
  const u0 = process.cpuUsage();
  try {
    await build.convertDocument(build.openInProcess, { bytes: new Uint8Array(d.bytes), pages: `${d.first}-${d.last}`, options: build.options, maxSelectedPages: 1000 });
  } catch {
    // A refused document (encrypted, no text) costs what it costs in both builds.
  }
  const u = process.cpuUsage(u0);
  return (u.user + u.system) / 1000;
}

/** CPU milliseconds of MuPDF's extraction of `d` read into the page model, nothing more. */
function stextCpuMs(d: Doc): number {
  const u0 = process.cpuUsage();
  try {
    const opened = openDocument(d.bytes);
    for (let p = d.first; p <= d.last; p++) extractPageMupdf(opened.doc, p - 1);
    opened.doc.destroy();
  } catch {
    // Same refusals as the engine passes.
  }
  const u = process.cpuUsage(u0);
  return (u.user + u.system) / 1000;
}

const builds = [await load("this", here)];
if (base) builds.push(await load("base", path.resolve(base)));
const samples = new Map<string, number[]>([["stext", []], ...builds.map((b) => [b.name, []] as [string, number[]])]);
// Warm-up pass: JIT and MuPDF's font caches.
for (const d of loaded) {
  for (const b of builds) await engineCpuMs(b, d);
  stextCpuMs(d);
}
for (let rep = 0; rep < reps; rep++) {
  // The builds take turns document by document, so a burst of load from elsewhere on the
  // machine (seconds long) falls on both alike; the order flips from document to document
  // so neither always runs right after the other's garbage.
  const totals = new Map<string, number>([...samples.keys()].map((k) => [k, 0]));
  for (let i = 0; i < loaded.length; i++) {
    const d = loaded[i];
    const order = (i + rep) % 2 === 0 ? builds : [...builds].reverse();
    for (const b of order) totals.set(b.name, totals.get(b.name)! + (await engineCpuMs(b, d)));
    totals.set("stext", totals.get("stext")! + stextCpuMs(d));
  }
  for (const [k, v] of totals) samples.get(k)!.push(v);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const med = Object.fromEntries([...samples].map(([k, v]) => [k, Math.round(median(v))]));
const out: Record<string, unknown> = {
  documents: loaded.length,
  pages: totalPages,
  reps,
  median_cpu_ms: med,
  ms_per_page: Object.fromEntries(Object.entries(med).map(([k, v]) => [k, Math.round((v / totalPages) * 100) / 100])),
  // Throughput ratio engine/stext-alone = stext CPU / engine CPU (1.0 would be free layout).
  engine_throughput_vs_stext: Math.round((med.stext / med.this) * 100) / 100,
};
if (base) {
  out.base = path.resolve(base);
  // CPU ratio this/base: ≤ 1.00 means this build is at least as fast as the base. Taken pass
  // by pass (both builds converted the same documents, interleaved), then the median.
  const ratios = samples.get("this")!.map((v, i) => v / samples.get("base")![i]).sort((a, b) => a - b);
  out.cpu_this_over_base = Math.round(median(ratios) * 1000) / 1000;
  out.cpu_this_over_base_quartiles = [ratios[Math.floor(ratios.length / 4)], ratios[Math.floor((3 * ratios.length) / 4)]].map((r) => Math.round(r * 1000) / 1000);
  out.base_throughput_vs_stext = Math.round((med.stext / med.base) * 100) / 100;
}
out.samples_ms = Object.fromEntries([...samples].map(([k, v]) => [k, v.map(Math.round)]));
console.log(JSON.stringify(out, null, 1));
process.exit(0);
