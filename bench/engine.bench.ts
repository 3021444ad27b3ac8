// Engine throughput: pages per second on one thread and on the worker pool, with MuPDF's
// text extraction alone and native `mutool draw -F txt` measured side by side in the same
// run (machines are shared and noisy: compare ratios within one run, not across runs).
// Run: npm run bench   (BENCH_TIME_MS sets the time per task, default 3000)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Bench } from "tinybench";
import { convertDocument, openInProcess, openWithPool } from "../src/engine/convert.js";
import { extractPageMupdf } from "../src/engine/extract/mupdf_page.js";
import { openDocument } from "../src/engine/extract/open.js";
import { EnginePool } from "../src/engine/pool/pool.js";
import { defaultRenderOptions } from "../src/engine/result.js";

const root = path.resolve(import.meta.dirname, "../..");
const corpus = path.resolve(root, "../shared/pdfs");
const timeMs = Number(process.env.BENCH_TIME_MS ?? 3000);

interface Doc {
  name: string;
  file: string;
  /** 1-based first and last page benchmarked. */
  first: number;
  last: number;
}

// Ordinary text pages: a book, a two-column paper, a report, a UML data model, and the
// generated fixtures.
const candidates: Doc[] = [
  { name: "freeculture 1-200 (book)", file: path.join(corpus, "pdf.js/freeculture.pdf"), first: 1, last: 200 },
  { name: "tracemonkey (2-col paper)", file: path.join(corpus, "pdf.js/tracemonkey.pdf"), first: 1, last: 14 },
  { name: "TAMReview (report)", file: path.join(corpus, "pdf.js/TAMReview.pdf"), first: 1, last: 23 },
  { name: "pdkids", file: path.join(corpus, "pdf.js/pdkids.pdf"), first: 1, last: 55 },
  { name: "GeoBase (tables)", file: path.join(corpus, "pypdf/GeoBase_NHNC1_Data_Model_UML_EN.pdf"), first: 1, last: 19 },
  { name: "fixture two-column", file: path.join(root, "fixtures/pdf/two-column.pdf"), first: 1, last: 1 },
  { name: "fixture running-headers", file: path.join(root, "fixtures/pdf/running-headers.pdf"), first: 1, last: 3 },
];
const docs = candidates.filter((d) => existsSync(d.file)).map((d) => ({ ...d, bytes: readFileSync(d.file), pages: d.last - d.first + 1 }));
const totalPages = docs.reduce((n, d) => n + d.pages, 0);
const threads = availableParallelism();
const pool = new EnginePool({ threads });
const hasMutool = spawnSync("mutool", ["-v"], { encoding: "utf8" }).status !== null;

async function convertAll(open: Parameters<typeof convertDocument>[0]): Promise<void> {
  for (const d of docs) {
    await convertDocument(open, { bytes: d.bytes, pages: `${d.first}-${d.last}`, options: defaultRenderOptions });
  }
}

const bench = new Bench({ time: timeMs, warmupIterations: 2 });
bench.add("mupdf stext only, 1 thread", () => {
  for (const d of docs) {
    const opened = openDocument(d.bytes);
    for (let p = d.first; p <= d.last; p++) extractPageMupdf(opened.doc, p - 1);
    opened.doc.destroy();
  }
});
bench.add("engine (extract + layout + Markdown), 1 thread", () => convertAll(openInProcess));
bench.add(`engine on the pool, ${threads} threads`, () => convertAll(openWithPool(pool)));
if (hasMutool) {
  bench.add("mutool draw -F txt (native), 1 process", () => {
    for (const d of docs) {
      const r = spawnSync("mutool", ["draw", "-q", "-F", "txt", "-o", "/dev/null", d.file, `${d.first}-${d.last}`]);
      if (r.status !== 0) throw new Error(`mutool failed on ${d.name}`);
    }
  });
}
const big = docs.find((d) => d.pages === 200);
if (big) {
  bench.add(`one 200-page document on the pool, ${threads} threads`, () =>
    convertDocument(openWithPool(pool), { bytes: big.bytes, pages: "1-200", options: defaultRenderOptions }).then(() => undefined),
  );
}

await bench.run();
await pool.close();

const rows = bench.tasks.map((task) => {
  const r = task.result as unknown as { latency?: { mean: number; rme: number }; totalTime?: number };
  const meanMs = r.latency?.mean ?? NaN;
  const pages = task.name.startsWith("one 200-page") ? 200 : totalPages;
  return { task: task.name, mean_ms: Math.round(meanMs * 10) / 10, rme_percent: Math.round((r.latency?.rme ?? 0) * 10) / 10, pages_per_s: Math.round(pages / (meanMs / 1000)) };
});
const rate = (prefix: string) => rows.find((r) => r.task.startsWith(prefix))?.pages_per_s ?? NaN;
const summary = {
  machine: { threads, node: process.version },
  pages_per_iteration: totalPages,
  documents: docs.map((d) => `${d.name}: ${d.pages} pages`),
  rows,
  ratios: {
    engine_vs_stext_only: Math.round((rate("engine (") / rate("mupdf stext")) * 100) / 100,
    engine_vs_mutool: hasMutool ? Math.round((rate("engine (") / rate("mutool")) * 100) / 100 : null,
    pool_vs_one_thread: Math.round((rate("engine on the pool") / rate("engine (")) * 100) / 100,
  },
};
console.table(rows);
console.log(JSON.stringify(summary.ratios));
mkdirSync(path.join(root, "artifacts"), { recursive: true });
writeFileSync(path.join(root, "artifacts", "bench.json"), JSON.stringify(summary, null, 2));
