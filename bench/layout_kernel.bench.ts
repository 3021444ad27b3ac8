// Reading-order time per page for each layout kernel: the TypeScript reference, the
// WebAssembly module and the native addon, over the corpus pages (../shared/pdfs, first 20
// pages of each file, the boxes markdown.ts hands to orderForReading) and over synthetic
// dense pages, to show where marshalling stops dominating. Each compiled kernel is timed on
// the whole path orderForReading takes: pack the boxes, call, decode the groups.
// Machines are shared and noisy: compare kernels within one run, not across runs.
// Run: npm run bench:layout   (BENCH_TIME_MS sets the time per task, default 2000)
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Bench } from "tinybench";
import { extractPageMupdf } from "../src/engine/extract/mupdf_page.js";
import { type CompiledLayoutKernel, decodeGroups, loadNativeKernel, loadWasmKernel } from "../src/engine/layout/kernel.js";
import { prepareLines } from "../src/engine/layout/line_joining.js";
import { openDocument } from "../src/engine/extract/open.js";
import { type Box, orderForReadingTs } from "../src/engine/layout/reading_order.js";
import { detectTables } from "../src/engine/tables/detect.js";

const root = path.resolve(import.meta.dirname, "../..");
const corpus = path.resolve(root, "../shared/pdfs");
const timeMs = Number(process.env.BENCH_TIME_MS ?? 2000);
const CORPUS_PAGES_PER_FILE_MAX = 20;

function corpusPages(): Box[][] {
  const pages: Box[][] = [];
  const files = readFileSync(path.join(corpus, "MANIFEST.tsv"), "utf8").trim().split("\n").slice(1).map((l) => l.split("\t")[0]);
  for (const file of files) {
    let opened: ReturnType<typeof openDocument>;
    try {
      opened = openDocument(readFileSync(path.join(corpus, file)));
    } catch {
      continue;
    }
    for (let p = 0; p < Math.min(opened.pageCount, CORPUS_PAGES_PER_FILE_MAX); p++) {
      try {
        const model = extractPageMupdf(opened.doc, p);
        const { tables, rest } = detectTables(prepareLines(model.lines), model.rules, model);
        pages.push([...rest, ...tables]);
      } catch {
        // pages MuPDF cannot read are not timed
      }
    }
    opened.doc.destroy();
  }
  return pages;
}

/** A two-column page of `lines` lines under a full-width title, in extraction order. */
function densePage(lines: number): Box[] {
  const boxes: Box[] = [{ x0: 72, y0: 40, x1: 540, y1: 58 }];
  const perColumn = Math.ceil(lines / 2);
  for (let i = 0; i < lines; i++) {
    const left = i < perColumn;
    const y0 = 72 + (i % perColumn) * (700 / perColumn);
    boxes.push({ x0: left ? 72 : 312, y0, x1: (left ? 300 : 540) - (i % 5 === 4 ? 120 : 0), y1: y0 + 9 });
  }
  return boxes;
}

function tryLoad(load: () => CompiledLayoutKernel): CompiledLayoutKernel | null {
  try {
    return load();
  } catch (err) {
    console.log(`skipped: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}

const kernels = [tryLoad(loadWasmKernel), tryLoad(loadNativeKernel)].filter((k): k is CompiledLayoutKernel => k !== null);
const sets = [
  { name: "corpus pages", pages: corpusPages() },
  { name: "dense 2-column pages, 400 lines", pages: [densePage(400)] },
  { name: "dense 2-column pages, 4000 lines", pages: [densePage(4000)] },
];

const bench = new Bench({ time: timeMs, warmupIterations: 5 });
for (const set of sets) {
  bench.add(`ts | ${set.name}`, () => {
    for (const page of set.pages) orderForReadingTs(page);
  });
  for (const kernel of kernels) {
    bench.add(`${kernel.name} | ${set.name}`, () => {
      for (const page of set.pages) decodeGroups(page, kernel.orderEncoded(page)!);
    });
  }
}
await bench.run();

const rows = bench.tasks.map((task) => {
  const r = task.result as unknown as { latency?: { mean: number; rme: number } };
  const [kernel, setName] = task.name.split(" | ");
  const set = sets.find((s) => s.name === setName)!;
  const meanMs = r.latency?.mean ?? NaN;
  return {
    set: setName,
    kernel,
    pages: set.pages.length,
    boxes_per_page: Math.round(set.pages.reduce((n, p) => n + p.length, 0) / set.pages.length),
    us_per_page: Math.round(((meanMs * 1000) / set.pages.length) * 100) / 100,
    rme_percent: Math.round((r.latency?.rme ?? 0) * 10) / 10,
  };
});
const ratios = Object.fromEntries(
  rows
    .filter((r) => r.kernel !== "ts")
    .map((r) => {
      const ts = rows.find((t) => t.kernel === "ts" && t.set === r.set)!;
      return [`${r.kernel} / ts, ${r.set}`, Math.round((r.us_per_page / ts.us_per_page) * 100) / 100];
    }),
);
console.table(rows);
console.log(JSON.stringify(ratios, null, 2));
mkdirSync(path.join(root, "artifacts"), { recursive: true });
writeFileSync(path.join(root, "artifacts", "layout_kernel_bench.json"), JSON.stringify({ node: process.version, rows, ratios }, null, 2));
