// Engine speed on the pages customers send (issue 10 item 7), with the floors measured in the
// same run: MuPDF's WASM structured-text extraction alone and native `mutool draw -F txt`.
//   corpora: the mixed corpus (fixtures/mixed: reports, financial tables, two-column papers,
//            code, Chinese and Japanese, forms; built into artifacts/mixed on demand) and the
//            real PDFs in ../shared/pdfs (skipped with a message when absent);
//   per corpus: MuPDF stext alone, stext read into the page model, the engine in process, the
//            engine on a 1-thread pool and on an N-thread pool, and mutool;
//   whole process: `svc convert` (default pool and --threads 1) against `mutool draw -F txt`
//            on the merged mixed document (artifacts/mixed/mixed-all.pdf).
// Every figure carries wall time and CPU time (the machine is shared: CPU time moves less);
// the ratios are taken within this run. Results: artifacts/bench_mixed.json and .md.
// Run: npm run bench:mixed   (BENCH_ITERATIONS per task, default 3; BENCH_THREADS, default
//      the CPUs; WHOLE_RUNS, default 3; BENCH_CORPUS=mixed|shared to run one corpus)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import path from "node:path";
import { Bench } from "tinybench";
import { convertDocument, openInProcess, openWithPool } from "../src/engine/convert.js";
import { extractPageMupdf } from "../src/engine/extract/mupdf_page.js";
import { openDocument } from "../src/engine/extract/open.js";
import { EnginePool } from "../src/engine/pool/pool.js";
import { defaultRenderOptions } from "../src/engine/result.js";
import { buildMixedCorpus, MIXED_ALL, mixedCorpusDir } from "../fixtures/mixed/generate.js";
import { childrenCpuMs, median, ownCpuMs, type ProcessCommand, round, timeProcesses } from "./cpu.js";

const root = path.resolve(import.meta.dirname, "../..");
const sharedDir = path.resolve(root, "../shared/pdfs");
const threads = Number(process.env.BENCH_THREADS ?? availableParallelism());
const iterations = Number(process.env.BENCH_ITERATIONS ?? 3);
const wholeRuns = Number(process.env.WHOLE_RUNS ?? 3);
const onlyCorpus = process.env.BENCH_CORPUS ?? "";
/** Pages taken from each real PDF: enough for a document's character, and no single book
 * (freeculture has 352 pages) outweighs the other 170 files. */
const SHARED_PAGES_PER_FILE_MAX = 40;
/** The engine's stext options (src/engine/extract/mupdf_page.ts STEXT_OPTIONS): the floor
 * must extract what the engine extracts. */
const STEXT_OPTIONS = "mediabox-clip,vectors,preserve-images";
/** mutool has no budgets: on the corpus's decompression bomb (bomb_giant.pdf) it runs for
 * minutes and takes gigabytes. A file it cannot convert in this long is left out. */
const MUTOOL_SETUP_MS_MAX = 20_000;

interface Doc {
  name: string;
  file: string;
  bytes: Uint8Array;
  first: number;
  last: number;
  pages: number;
}

function docOf(name: string, file: string, first: number, last: number): Doc {
  return { name, file, bytes: new Uint8Array(readFileSync(file)), first, last, pages: last - first + 1 };
}

function mixedCorpus(): Doc[] {
  const dir = mixedCorpusDir(root);
  const manifest = buildMixedCorpus(dir);
  return manifest.filter((e) => e.id !== MIXED_ALL).map((e) => docOf(e.id, path.join(dir, e.file), 1, e.pages));
}

/** The real PDFs that the engine, MuPDF and mutool all convert; the rest are named and skipped
 * (encrypted, damaged beyond repair, no pages), so every task converts the same pages. */
async function sharedCorpus(): Promise<{ docs: Doc[]; skipped: Record<string, number> }> {
  const manifest = readFileSync(path.join(sharedDir, "MANIFEST.tsv"), "utf8").trim().split("\n").slice(1);
  const docs: Doc[] = [];
  const skipped: Record<string, number> = {};
  const skip = (why: string) => (skipped[why] = (skipped[why] ?? 0) + 1);
  for (const line of manifest) {
    const rel = line.split("\t")[0];
    const file = path.join(sharedDir, rel);
    if (!existsSync(file)) continue;
    const bytes = new Uint8Array(readFileSync(file));
    let pageCount: number;
    try {
      const opened = openDocument(bytes);
      pageCount = opened.pageCount;
      opened.doc.destroy();
    } catch (err) {
      skip(`open: ${(err as { code?: string }).code ?? "error"}`);
      continue;
    }
    if (pageCount === 0) {
      skip("no pages");
      continue;
    }
    const last = Math.min(pageCount, SHARED_PAGES_PER_FILE_MAX);
    try {
      await convertDocument(openInProcess, { bytes, pages: `1-${last}`, options: defaultRenderOptions });
    } catch (err) {
      skip(`engine: ${(err as { code?: string }).code ?? "error"}`);
      continue;
    }
    if (spawnSync("mutool", ["draw", "-q", "-F", "txt", "-o", "/dev/null", file, `1-${last}`], { timeout: MUTOOL_SETUP_MS_MAX }).status !== 0) {
      skip("mutool failed or overran");
      continue;
    }
    docs.push(docOf(rel, file, 1, last));
  }
  return { docs, skipped };
}

const hasMutool = spawnSync("mutool", ["-v"]).status !== null;
const pool1 = new EnginePool({ threads: 1 });
const poolN = new EnginePool({ threads });

interface Row {
  task: string;
  iterations: number;
  mean_ms: number;
  pages_per_s: number;
  cpu_ms_per_page: number;
  pages_per_cpu_s: number;
}

async function runCorpus(name: string, docs: Doc[]) {
  const pages = docs.reduce((n, d) => n + d.pages, 0);
  const cpu = new Map<string, { ms: number; runs: number }>();
  const bench = new Bench({ iterations, time: 0, warmupIterations: 1, throws: true });
  /** Adds a task whose CPU time is counted for the measured iterations only (the warm-up
   * phase's beforeAll resets, then the run phase's). */
  const add = (task: string, clock: () => number, fn: () => Promise<void> | void) => {
    let before = 0;
    bench.add(task, fn, {
      beforeAll: () => void cpu.set(task, { ms: 0, runs: 0 }),
      beforeEach: () => void (before = clock()),
      afterEach: () => {
        const c = cpu.get(task)!;
        c.ms += clock() - before;
        c.runs += 1;
      },
    });
  };
  const convertAll = async (open: Parameters<typeof convertDocument>[0]) => {
    for (const d of docs) await convertDocument(open, { bytes: d.bytes, pages: `${d.first}-${d.last}`, options: defaultRenderOptions });
  };
  add("mupdf stext alone (WASM)", ownCpuMs, () => {
    for (const d of docs) {
      const opened = openDocument(d.bytes);
      for (let p = d.first; p <= d.last; p++) {
        const page = opened.doc.loadPage(p - 1);
        page.toStructuredText(STEXT_OPTIONS).destroy();
        page.destroy();
      }
      opened.doc.destroy();
    }
  });
  add("stext read into the page model", ownCpuMs, () => {
    for (const d of docs) {
      const opened = openDocument(d.bytes);
      for (let p = d.first; p <= d.last; p++) extractPageMupdf(opened.doc, p - 1);
      opened.doc.destroy();
    }
  });
  add("engine in process, 1 thread", ownCpuMs, () => convertAll(openInProcess));
  add("engine on the pool, 1 thread", ownCpuMs, () => convertAll(openWithPool(pool1)));
  add(`engine on the pool, ${threads} threads`, ownCpuMs, () => convertAll(openWithPool(poolN)));
  if (hasMutool) {
    add("mutool draw -F txt (native)", childrenCpuMs, () => {
      for (const d of docs) {
        const r = spawnSync("mutool", ["draw", "-q", "-F", "txt", "-o", "/dev/null", d.file, `${d.first}-${d.last}`]);
        if (r.status !== 0) throw new Error(`mutool failed on ${d.name}`);
      }
    });
  }
  await bench.run();
  const rows: Row[] = bench.tasks.map((t) => {
    const r = t.result as unknown as { latency?: { mean: number } };
    const meanMs = r.latency?.mean ?? NaN;
    const c = cpu.get(t.name)!;
    const cpuPerPage = c.ms / c.runs / pages;
    return { task: t.name, iterations: c.runs, mean_ms: round(meanMs, 1), pages_per_s: round(pages / (meanMs / 1000), 1), cpu_ms_per_page: round(cpuPerPage, 3), pages_per_cpu_s: round(1000 / cpuPerPage, 1) };
  });
  const rate = (prefix: string, key: "pages_per_s" | "pages_per_cpu_s") => rows.find((r) => r.task.startsWith(prefix))?.[key] ?? NaN;
  const speedup = rate(`engine on the pool, ${threads}`, "pages_per_s") / rate("engine on the pool, 1 thread", "pages_per_s");
  const ratios = {
    engine_vs_stext_wall: round(rate("engine in process", "pages_per_s") / rate("mupdf stext", "pages_per_s")),
    engine_vs_stext_cpu: round(rate("engine in process", "pages_per_cpu_s") / rate("mupdf stext", "pages_per_cpu_s")),
    engine_vs_mutool_wall: hasMutool ? round(rate("engine in process", "pages_per_s") / rate("mutool", "pages_per_s")) : null,
    engine_vs_mutool_cpu: hasMutool ? round(rate("engine in process", "pages_per_cpu_s") / rate("mutool", "pages_per_cpu_s")) : null,
    [`pool_${threads}_vs_1_thread`]: round(speedup),
    // What each thread past the first adds, as a share of one thread: 1 is linear scaling.
    efficiency_per_added_thread: threads > 1 ? round((speedup - 1) / (threads - 1)) : null,
  };
  console.log(`\n${name}: ${docs.length} documents, ${pages} pages, ${iterations} iterations per task`);
  console.table(rows);
  console.log(JSON.stringify(ratios));
  return { corpus: name, documents: docs.length, pages, rows, ratios };
}

interface WholeRun {
  command: string;
  runs: number;
  median_wall_s: number;
  median_cpu_s: number;
  pages_per_s: number;
}

/** Whole processes on one document, interleaved run by run so each sees the same machine. */
function wholeProcess(file: string, pages: number) {
  const cli = path.join(root, "dist/src/cli/main.js");
  const commands: ProcessCommand[] = [
    { name: "svc convert (default pool)", argv: [process.execPath, cli, "convert", file, "--out", "/dev/null"] },
    { name: "svc convert --threads 1", argv: [process.execPath, cli, "convert", file, "--out", "/dev/null", "--threads", "1"] },
  ];
  if (hasMutool) commands.push({ name: "mutool draw -F txt", argv: ["mutool", "draw", "-q", "-F", "txt", "-o", "/dev/null", file] });
  const samples = timeProcesses(commands, wholeRuns);
  const rows: WholeRun[] = commands.map((c, i) => {
    const wall = median(samples[i].wall);
    return { command: c.name, runs: wholeRuns, median_wall_s: round(wall, 3), median_cpu_s: round(median(samples[i].cpu), 3), pages_per_s: round(pages / wall, 1) };
  });
  const wallOf = (prefix: string) => rows.find((r) => r.command.startsWith(prefix))?.median_wall_s ?? NaN;
  const cpuOf = (prefix: string) => rows.find((r) => r.command.startsWith(prefix))?.median_cpu_s ?? NaN;
  // mutool's time ÷ svc's: the share of mutool's speed that svc convert reaches.
  const ratios = hasMutool
    ? {
        svc_default_vs_mutool: round(wallOf("mutool") / wallOf("svc convert (default")),
        svc_threads1_vs_mutool: round(wallOf("mutool") / wallOf("svc convert --threads 1")),
        svc_default_vs_mutool_cpu: round(cpuOf("mutool") / cpuOf("svc convert (default")),
        svc_threads1_vs_mutool_cpu: round(cpuOf("mutool") / cpuOf("svc convert --threads 1")),
      }
    : null;
  console.log(`\nwhole process, ${path.basename(file)} (${pages} pages), median of ${wholeRuns}`);
  console.table(rows);
  if (ratios) console.log(JSON.stringify(ratios));
  return { file: path.relative(root, file), pages, rows, ratios };
}

const corpora: Array<Awaited<ReturnType<typeof runCorpus>>> = [];
const skippedShared: Record<string, number> = {};
let whole: ReturnType<typeof wholeProcess> | null = null;
if (onlyCorpus !== "shared") {
  const docs = mixedCorpus();
  corpora.push(await runCorpus("mixed corpus (fixtures/mixed)", docs));
  const merged = path.join(mixedCorpusDir(root), `${MIXED_ALL}.pdf`);
  whole = wholeProcess(merged, docs.reduce((n, d) => n + d.pages, 0));
}
if (onlyCorpus !== "mixed") {
  if (!existsSync(path.join(sharedDir, "MANIFEST.tsv"))) {
    console.log(`\nshared corpus skipped: ${sharedDir}/MANIFEST.tsv not found (the real PDFs sit beside the repository in ../shared/pdfs)`);
  } else {
    const { docs, skipped } = await sharedCorpus();
    Object.assign(skippedShared, skipped);
    console.log(`\nshared corpus: skipped ${JSON.stringify(skipped)}`);
    corpora.push(await runCorpus(`real PDFs (../shared/pdfs, first ${SHARED_PAGES_PER_FILE_MAX} pages of each)`, docs));
  }
}
await pool1.close();
await poolN.close();

const machine = { date: new Date().toISOString(), cpus: availableParallelism(), cpu_model: cpus()[0]?.model ?? "?", node: process.version, pool_threads: threads, mutool: hasMutool };
const summary = { machine, corpora, shared_skipped: skippedShared, whole_process: whole };
mkdirSync(path.join(root, "artifacts"), { recursive: true });
writeFileSync(path.join(root, "artifacts", "bench_mixed.json"), JSON.stringify(summary, null, 2) + "\n");
writeFileSync(path.join(root, "artifacts", "bench_mixed.md"), markdown());
console.log(`\nwrote artifacts/bench_mixed.json and artifacts/bench_mixed.md`);

function markdown(): string {
  const out = [`# bench:mixed, ${machine.date.slice(0, 16)}Z`, "", `${machine.cpus} CPUs (${machine.cpu_model}), Node ${machine.node}, pool of ${threads} threads.`, ""];
  for (const c of corpora) {
    out.push(`## ${c.corpus}: ${c.documents} documents, ${c.pages} pages`, "", "| task | pages/s (wall) | CPU ms/page | pages per CPU-s |", "| --- | ---: | ---: | ---: |");
    for (const r of c.rows) out.push(`| ${r.task} | ${r.pages_per_s} | ${r.cpu_ms_per_page} | ${r.pages_per_cpu_s} |`);
    out.push("", "| ratio | value |", "| --- | ---: |");
    for (const [k, v] of Object.entries(c.ratios)) out.push(`| ${k} | ${v ?? "n/a"} |`);
    out.push("");
  }
  if (whole) {
    out.push(`## Whole process: ${whole.file} (${whole.pages} pages), median of ${wholeRuns}`, "", "| command | wall s | CPU s | pages/s |", "| --- | ---: | ---: | ---: |");
    for (const r of whole.rows) out.push(`| ${r.command} | ${r.median_wall_s} | ${r.median_cpu_s} | ${r.pages_per_s} |`);
    if (whole.ratios) {
      const r = whole.ratios;
      out.push("", `mutool's time ÷ svc's, wall: default pool ${r.svc_default_vs_mutool}, --threads 1 ${r.svc_threads1_vs_mutool}; CPU: default pool ${r.svc_default_vs_mutool_cpu}, --threads 1 ${r.svc_threads1_vs_mutool_cpu}.`);
    }
    out.push("");
  }
  return out.join("\n");
}
