// Warm-up of a fresh worker thread (docs/benchmarks.md, "s14-warm").
//
// Since layout and render run in the workers, every thread JIT-compiles the whole engine by
// itself: a young thread spends about a quarter more CPU per page than a settled one, and
// V8 keeps compiling and deoptimising for several passes over real work. A thread therefore
// converts a small built-in set of pages before its first real task, through the same
// extract → layout → render path (worker.ts supplies the conversion), in rounds until
// limits.workerWarmUpPagesMax pages or limits.workerWarmUpWallMsMax have gone by. Repeating
// the set is the point: V8 optimises a function once it has run hot several times.
//
// Warming never delays real work by more than one warm document: the loop yields to the
// event loop between documents, and the first real task the thread is handed stops it
// (worker.ts). A warm-up that fails (a file missing from a trimmed install, an engine error)
// ends quietly: warming is an optimisation, never a condition of serving. The thread is not
// retired for it, unlike after a failed task: a warm set that failed every time would replace
// threads in a loop; a real task that then fails the same way retires the thread as usual.
//
// The pages are files the repository commits (fixtures/pdf: the generated fixtures;
// fixtures/real: real pages with hand-written truth, sources in fixtures/real/SOURCES.tsv),
// read from the package root, so a fresh clone and an npm install have them.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";

/**
 * The warm set, package-relative: the engine's paths a real document takes — paragraphs,
 * two columns, lists (bullets, numbers, nesting), ruled and borderless tables, code,
 * headings, running headers, emphasis, non-Latin scripts and CJK — on generated pages and on
 * real ones (a book, papers, a report, a manual, spreadsheets). One page each (three for
 * running-headers), so a round is about 22 pages and a round's documents are short steps
 * between which a real task can take over.
 */
export const WARM_UP_FILES: readonly string[] = [
  "fixtures/pdf/two-column.pdf",
  "fixtures/pdf/lists-nested.pdf",
  "fixtures/pdf/lists-numbered.pdf",
  "fixtures/pdf/table-ruled.pdf",
  "fixtures/pdf/table-borderless.pdf",
  "fixtures/pdf/code-block.pdf",
  "fixtures/pdf/headings.pdf",
  "fixtures/pdf/running-headers.pdf",
  "fixtures/pdf/inline-emphasis.pdf",
  "fixtures/pdf/scripts-non-latin.pdf",
  "fixtures/real/book-r-intro-p20.pdf",
  "fixtures/real/paper-tracemonkey-p1.pdf",
  "fixtures/real/gen-paper-2col.pdf",
  "fixtures/real/report-geobase-p3.pdf",
  "fixtures/real/code-libtasn1-p14.pdf",
  "fixtures/real/gen-cjk-japanese.pdf",
  "fixtures/real/table-hyph-utf8-p5.pdf",
  "fixtures/real/gen-calc-budget.pdf",
  "fixtures/real/book-freeculture-p35.pdf",
  "fixtures/real/list-btxdoc-p9.pdf",
];

/** How much a thread warms: pages and wall time, whichever runs out first. */
export interface WarmUpBudget {
  pagesMax: number;
  wallMsMax: number;
}

/** What a thread's warm-up did, posted to the pool (pool.ts) when it ends. */
export interface WarmUpReport {
  kind: "warmed_up";
  thread: number;
  /** Pages converted. */
  pages: number;
  /** From the thread's start of warming to its end. */
  wallMs: number;
  /** Why it ended: its budget, a real task arriving, or a failure (warming is best effort). */
  endedBy: "pages" | "time" | "set" | "task" | "error";
}

/** Whether a message from a worker thread is a warm-up report. */
export function isWarmUpReport(message: unknown): message is WarmUpReport {
  return typeof message === "object" && message !== null && (message as { kind?: unknown }).kind === "warmed_up";
}

/** The package root: three levels above this module in src/ (vitest) and in dist/src/ alike, less the dist. */
function packageRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(here, "../../..");
  return path.basename(root) === "dist" ? path.dirname(root) : root;
}

/** The warm set's bytes, read once per thread; a file that is absent is left out. */
export async function readWarmUpSet(): Promise<Uint8Array[]> {
  const root = packageRoot();
  const files = await Promise.all(WARM_UP_FILES.map((file) => readFile(path.join(root, file)).then((bytes) => new Uint8Array(bytes), () => null)));
  return files.filter((bytes) => bytes !== null);
}

/**
 * Converts the warm set in rounds within `budget`. `convert` converts at most `pagesMax`
 * pages of one document and returns how many it converted; `stopRequested` is asked before
 * each document. Yields to the event loop between documents, so that a task message reaches
 * the thread.
 */
export async function warmUp(
  budget: WarmUpBudget,
  convert: (bytes: Uint8Array, pagesMax: number) => Promise<number>,
  stopRequested: () => boolean,
): Promise<Pick<WarmUpReport, "pages" | "wallMs" | "endedBy">> {
  const startMs = performance.now();
  const elapsed = () => performance.now() - startMs;
  let pages = 0;
  let endedBy: WarmUpReport["endedBy"] = "set";
  try {
    const set = await readWarmUpSet();
    if (set.length === 0) endedBy = "error";
    rounds: while (set.length > 0) {
      for (const bytes of set) {
        await yieldToEventLoop();
        if (stopRequested()) {
          endedBy = "task";
          break rounds;
        }
        if (pages >= budget.pagesMax) {
          endedBy = "pages";
          break rounds;
        }
        if (elapsed() >= budget.wallMsMax) {
          endedBy = "time";
          break rounds;
        }
        pages += await convert(bytes, budget.pagesMax - pages);
      }
    }
  } catch {
    endedBy = "error";
  }
  return { pages, wallMs: Math.round(elapsed()), endedBy };
}

/** A macrotask turn: Piscina's task messages arrive as port messages, which promise jobs never let through. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
