// EnginePool on generated PDFs (a 352-page book, the checked-in fixtures) and, where
// ../shared/pdfs is present, on real ones. The workers run the compiled dist/ (`npm run
// build` first). Tests that need a stuck or dying thread use the worker's test hooks
// (SVC_TEST_HOOKS=1).
import { setMaxListeners } from "node:events";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { DocumentError } from "../../src/engine/errors.js";
import { extractPages } from "../../src/engine/extract/pages.js";
import { extractPagePdfjs, openPdfjsDocument } from "../../src/engine/extract/pdfjs/page.js";
import type { PageOutcome } from "../../src/engine/model.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { readOutline } from "../../src/engine/extract/outline.js";
import { DeadlineExceeded, EnginePool } from "../../src/engine/pool/pool.js";
import type { WorkerReply, WorkerTask } from "../../src/engine/pool/protocol.js";
import { corpus } from "../support/corpus.js";
import { BOOK_PAGES, bookDocument, bookPdf } from "../support/documents.js";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const fixturesDir = resolve(repoRoot, "fixtures/pdf");
const workerFile = resolve(repoRoot, "dist/src/engine/pool/worker.js");
const hooksEnv = { ...process.env, SVC_TEST_HOOKS: "1" };

const BOOK = "book"; // generated: 352 pages, a two-level outline (test/support/documents.ts)
const ONE_PAGE = "fixtures/headings.pdf"; // 1 page, no outline
const ENCRYPTED = "fixtures/encrypted.pdf"; // 1 page, user password "secret"
const TRACEMONKEY = "pdf.js/tracemonkey.pdf"; // corpus: 14 pages, two columns
const FREECULTURE = "pdf.js/freeculture.pdf"; // corpus: 352 pages

function fileBytes(file: string): Uint8Array {
  if (file === BOOK) return bookPdf();
  if (file.startsWith("fixtures/")) return readFileSync(resolve(fixturesDir, file.slice("fixtures/".length)));
  return corpus.pdf(file);
}

/** The upload as the API holds it: one shared copy for every thread. */
function shared(file: string): SharedArrayBuffer {
  const bytes = fileBytes(file);
  const buffer = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  return buffer;
}

function pageRange(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

const farDeadline = (): number => Date.now() + 60_000;

/** Everything but the timing, which differs between runs. */
function comparable(outcome: PageOutcome): unknown {
  return outcome.ok ? { ok: true, model: outcome.model } : { ok: false, page: outcome.page, code: outcome.code };
}

async function inProcess(file: string, pages: number[], password?: string): Promise<PageOutcome[]> {
  const bytes = fileBytes(file);
  const opened = openDocument(bytes, password);
  try {
    const fallback = async (page: number) => extractPagePdfjs(await openPdfjsDocument(bytes, password), page);
    return await extractPages(opened, pages, fallback, { deadlineMs: farDeadline() });
  } finally {
    opened.doc.destroy();
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe("EnginePool", () => {
  let pool: EnginePool;
  beforeAll(() => {
    // No warm-up: the hooks end threads, and each replacement would warm in the background (pool_warm_up.test.ts covers it).
    pool = new EnginePool({ threads: 2, env: hooksEnv, warmUp: false });
  });
  afterAll(async () => {
    await pool.close();
  });

  it("extracts the same pages, in the same order, as in-process extraction", async () => {
    for (const [file, pages] of [
      [BOOK, pageRange(1, 200)],
      [ONE_PAGE, [1]],
      ["fixtures/two-column.pdf", [1]],
      ["fixtures/running-headers.pdf", [3, 1, 2]],
      ["fixtures/table-ruled.pdf", [1]],
    ] as const) {
      const viaPool = await pool.extract(`same-${file}`, shared(file), undefined, pages, { deadlineMs: farDeadline() });
      const local = await inProcess(file, [...pages]);
      expect(viaPool.map(comparable)).toEqual(local.map(comparable));
      expect(viaPool.every((outcome) => outcome.ok)).toBe(true);
    }
  });

  describe.skipIf(!corpus.available)("on real documents (../shared/pdfs)", () => {
    it("extracts the same pages, in the same order, as in-process extraction", async () => {
      for (const [file, pages] of [
        [TRACEMONKEY, pageRange(1, 14)],
        [FREECULTURE, pageRange(1, 200)],
      ] as const) {
        const viaPool = await pool.extract(`same-${file}`, shared(file), undefined, pages, { deadlineMs: farDeadline() });
        const local = await inProcess(file, [...pages]);
        expect(viaPool.map(comparable)).toEqual(local.map(comparable));
        expect(viaPool.every((outcome) => outcome.ok)).toBe(true);
      }
    });
  });

  it("keeps the caller's page order and reports progress", async () => {
    const pages = [14, 2, 9, 1, 7, 3, 12, 5, 11];
    const seen: number[] = [];
    const outcomes = await pool.extract("order", shared(BOOK), undefined, pages, {
      deadlineMs: farDeadline(),
      onProgress: (completed, total) => {
        expect(total).toBe(pages.length);
        seen.push(completed);
      },
    });
    expect(outcomes.map((outcome) => (outcome.ok ? outcome.model.page : outcome.page))).toEqual(pages);
    expect(seen.at(-1)).toBe(pages.length);
  });

  it("opens a document with its outline, as readOutline does in-process", async () => {
    const info = await pool.open("outline", shared(BOOK), undefined, { withOutline: true });
    const local = openDocument(fileBytes(BOOK));
    try {
      expect(info).toEqual({ pageCount: BOOK_PAGES, hasXfa: false, repaired: false, outline: readOutline(local.doc, local.pageCount) });
      expect(info.outline).toEqual(bookDocument().outline);
    } finally {
      local.doc.destroy();
    }
    expect((await pool.open("no-outline", shared(ONE_PAGE), undefined)).outline).toBeNull();
  });

  it("returns document errors with their code: pdf_encrypted, pdf_password_incorrect, pdf_invalid", async () => {
    const encrypted = shared(ENCRYPTED);
    const noPassword = await rejection(pool.open("enc", encrypted, undefined));
    expect(noPassword).toBeInstanceOf(DocumentError);
    expect((noPassword as DocumentError).code).toBe("pdf_encrypted");
    const wrong = await rejection(pool.extract("enc", encrypted, "nope", [1], { deadlineMs: farDeadline() }));
    expect((wrong as DocumentError).code).toBe("pdf_password_incorrect");

    const garbage = new SharedArrayBuffer(64);
    expect(((await rejection(pool.open("garbage", garbage, undefined))) as DocumentError).code).toBe("pdf_invalid");

    expect(await pool.open("enc", encrypted, "secret")).toMatchObject({ pageCount: 1 });
    const outcomes = await pool.extract("enc", encrypted, "secret", [1], { deadlineMs: farDeadline() });
    expect(outcomes.map(comparable)).toEqual((await inProcess(ENCRYPTED, [1], "secret")).map(comparable));
  });

  it("fails with DeadlineExceeded (conversion_timeout) carrying the pages completed", async () => {
    const bytes = shared(BOOK);
    const pages = pageRange(1, 200);
    const past = await rejection(pool.extract("late", bytes, undefined, pages, { deadlineMs: Date.now() - 1 }));
    expect(past).toBeInstanceOf(DeadlineExceeded);
    expect((past as DeadlineExceeded).pagesCompleted).toBe(0);

    const short = (await rejection(pool.extract("late", bytes, undefined, pages, { deadlineMs: Date.now() + 20 }))) as DeadlineExceeded;
    expect(short).toBeInstanceOf(DeadlineExceeded);
    expect(short.code).toBe("conversion_timeout");
    expect(short.pagesCompleted).toBeLessThan(pages.length);
    expect(short.details).toEqual({ pages_completed: short.pagesCompleted });
    await until(() => pool.stats().running === 0, 5_000);
  });

  it("runs a one-page request submitted during a 200-page one before the big one finishes", async () => {
    const finished: string[] = [];
    let firstProgress!: () => void;
    const started = new Promise<void>((done) => (firstProgress = done));
    const big = pool
      .extract("fair-big", shared(BOOK), undefined, pageRange(1, 200), { deadlineMs: farDeadline(), onProgress: () => firstProgress() })
      .then(() => finished.push("big"));
    await started;
    const small = pool.extract("fair-small", shared(ONE_PAGE), undefined, [1], { deadlineMs: farDeadline() }).then(() => finished.push("small"));
    await Promise.all([big, small]);
    expect(finished).toEqual(["small", "big"]);
  });

  it("answers overloaded once the waiting chunks would pass poolQueueMax", async () => {
    const single = new EnginePool({ threads: 1 });
    const controller = new AbortController();
    // Every request below listens on this one signal; a server has one signal per request.
    setMaxListeners(limits.poolQueueMax, controller.signal);
    const bytes = shared(BOOK);
    const pages = pageRange(1, 200);
    const chunksPerRequest = Math.ceil(pages.length / limits.pagesPerChunkMax);
    const accepted: Promise<unknown>[] = [];
    try {
      while (single.stats().queued + chunksPerRequest <= limits.poolQueueMax) {
        const request = single.extract(`load-${accepted.length}`, bytes, undefined, pages, { deadlineMs: farDeadline(), signal: controller.signal });
        accepted.push(request.catch((err: unknown) => err));
      }
      const refused = await rejection(single.extract("one-too-many", bytes, undefined, pages, { deadlineMs: farDeadline() }));
      expect(refused).toBeInstanceOf(DocumentError);
      expect((refused as DocumentError).code).toBe("overloaded");
      controller.abort(new Error("client went away"));
      for (const outcome of await Promise.all(accepted)) expect((outcome as Error).message).toBe("client went away");
      expect(single.stats().queued).toBe(0);
    } finally {
      await single.close();
    }
  });

  it("gives a page that kills its thread one retry, then marks it page_render_failed", async () => {
    const outcomes = await pool.extract("crash", shared(BOOK), undefined, pageRange(1, 14), {
      deadlineMs: farDeadline(),
      testHooks: { crashPage: 5 },
    });
    const local = await inProcess(BOOK, pageRange(1, 14));
    expect(outcomes.map(comparable)).toEqual(
      local.map((outcome, index) => (index === 4 ? { ok: false, page: 5, code: "page_render_failed" } : comparable(outcome))),
    );
  });

  it("resubmits chunks handed to a thread in the moment it retired (as past workerWasmBytesMax)", async () => {
    const pages = pageRange(1, 64);
    const outcomes = await pool.extract("retire", shared(BOOK), undefined, pages, {
      deadlineMs: farDeadline(),
      testHooks: { retire: true },
    });
    expect(outcomes.map(comparable)).toEqual((await inProcess(BOOK, pages)).map(comparable));
  });

  it("terminates a thread stuck on a page past pageWallMsMax: page_budget_exceeded, the rest extracted", async () => {
    const started = Date.now();
    const outcomes = await pool.extract("hang", shared(BOOK), undefined, pageRange(1, 14), {
      deadlineMs: farDeadline(),
      testHooks: { hangPage: 3 },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(limits.pageWallMsMax);
    const local = await inProcess(BOOK, pageRange(1, 14));
    expect(outcomes.map(comparable)).toEqual(
      local.map((outcome, index) => (index === 2 ? { ok: false, page: 3, code: "page_budget_exceeded" } : comparable(outcome))),
    );
    expect(outcomes[2].wallMs).toBeGreaterThan(limits.pageWallMsMax);
  });

  it("answers an aborted request at once, ends its stuck thread within a page budget and keeps serving", async () => {
    const controller = new AbortController();
    const request = pool.extract("gone", shared(BOOK), undefined, [1, 2], {
      deadlineMs: farDeadline(),
      signal: controller.signal,
      testHooks: { hangPage: 1 },
    });
    setTimeout(() => controller.abort(new Error("client went away")), 100);
    expect(((await rejection(request)) as Error).message).toBe("client went away");
    expect(pool.stats().running).toBe(1);
    await until(() => pool.stats().running === 0, limits.pageWallMsMax + 2_000);
    const outcomes = await pool.extract("after", shared(BOOK), undefined, pageRange(1, 14), { deadlineMs: farDeadline() });
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
  });
});

describe("worker.ts under Piscina", () => {
  it("an aborted test_hang task terminates its thread, and a fresh thread serves the next task", async () => {
    const piscina = new Piscina<WorkerTask, WorkerReply>({ filename: workerFile, minThreads: 1, maxThreads: 1, atomics: "disabled", env: hooksEnv });
    try {
      const open: WorkerTask = { kind: "open", docId: "a", bytes: shared(ONE_PAGE), withOutline: false };
      expect(await piscina.run(open)).toMatchObject({ ok: true, pageCount: 1 });
      const stuckThread = piscina.threads[0].threadId;
      const controller = new AbortController();
      const hang = piscina.run({ kind: "test_hang" }, { signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      expect(((await rejection(hang)) as Error).name).toBe("AbortError");
      expect(await piscina.run(open)).toMatchObject({ ok: true, pageCount: 1 });
      expect(piscina.threads.map((thread) => thread.threadId)).not.toContain(stuckThread);
    } finally {
      await piscina.destroy();
    }
  });

  it("refuses test_hang unless SVC_TEST_HOOKS=1", async () => {
    const env = { ...process.env };
    delete env.SVC_TEST_HOOKS;
    const piscina = new Piscina<WorkerTask, WorkerReply>({ filename: workerFile, minThreads: 1, maxThreads: 1, atomics: "disabled", env });
    try {
      expect(((await rejection(piscina.run({ kind: "test_hang" }))) as Error).message).toMatch(/test hooks are disabled/);
    } finally {
      await piscina.destroy();
    }
  });
});
