// The pool's warm-up (src/engine/pool/warm_up.ts, docs/benchmarks.md "s14-warm"): every
// thread converts the built-in warm set before its first task, within
// limits.workerWarmUpPagesMax and limits.workerWarmUpWallMsMax; the first real task stops
// it, so a request arriving meanwhile is served at once; the pool reports the warm-ups
// (PoolStats, /readyz's `engine`); a thread replaced by the idle trim warms too; and the
// output is byte-identical with and without warm-up. The workers run the compiled dist/.
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { convertDocument, openWithPool } from "../../src/engine/convert.js";
import { EnginePool } from "../../src/engine/pool/pool.js";
import { WARM_UP_FILES, readWarmUpSet } from "../../src/engine/pool/warm_up.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { bookPdf } from "../support/documents.js";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const convert = (pool: EnginePool, bytes: Uint8Array, pages: string) =>
  convertDocument(openWithPool(pool), { bytes, pages, options: defaultRenderOptions, maxSelectedPages: 1000 });

/** A page the engine spends a second on at most; the warm set's longest document is three pages. */
const WARM_DOCUMENT_PAGES_MAX = 3;

describe("the pool's warm-up (warm_up.ts)", () => {
  it("ships its pages with the repository: every file of the warm set is committed under fixtures/", async () => {
    for (const file of WARM_UP_FILES) expect(existsSync(resolve(repoRoot, file)), file).toBe(true);
    expect(await readWarmUpSet()).toHaveLength(WARM_UP_FILES.length);
  });

  it("with the default budget, warms every thread before saying it is warm, and reports it in its stats", async () => {
    const pool = new EnginePool({ threads: 2 });
    try {
      expect(pool.stats().threadsWarming).toBe(2);
      await pool.warmedUp();
      const stats = pool.stats();
      expect(stats.threadsWarming).toBe(0);
      expect(stats.threadsWarmedUp).toBe(2);
      expect(stats.warmUpPages).toBeGreaterThan(0);
      // Bounded: neither thread went past its pages.
      expect(stats.warmUpPages).toBeLessThanOrEqual(2 * limits.workerWarmUpPagesMax);
    } finally {
      await pool.close();
    }
  });

  it("stops at its page budget, and at its time budget", async () => {
    const byPages = new EnginePool({ threads: 2, warmUp: { pagesMax: 4, wallMsMax: 60_000 } });
    const byTime = new EnginePool({ threads: 2, warmUp: { pagesMax: 10_000, wallMsMax: 1 } });
    try {
      await Promise.all([byPages.warmedUp(), byTime.warmedUp()]);
      expect(byPages.stats().threadsWarmedUp).toBe(2);
      expect(byPages.stats().warmUpPages).toBe(2 * 4);
      expect(byTime.stats().threadsWarmedUp).toBe(2);
      // The clock is read before each document: at most one document a thread.
      expect(byTime.stats().warmUpPages).toBeLessThanOrEqual(2 * WARM_DOCUMENT_PAGES_MAX);
    } finally {
      await Promise.all([byPages.close(), byTime.close()]);
    }
  });

  it("serves a request that arrives during the warm-up at once: its first task stops the warm-up", async () => {
    // A budget of a minute: were the request to wait for it, the test would time out.
    const pool = new EnginePool({ threads: 2, warmUp: { pagesMax: 100_000, wallMsMax: 60_000 } });
    const plain = new EnginePool({ threads: 2, warmUp: false });
    try {
      const bytes = new Uint8Array(bookPdf());
      const during = await convert(pool, bytes, "1-30");
      await pool.warmedUp();
      const stats = pool.stats();
      expect(stats.threadsWarmedUp).toBe(2);
      expect(stats.warmUpsStoppedByTask).toBe(2);
      expect(stats.warmUpPages).toBeLessThan(100_000);
      expect(during.content_sha256).toBe((await convert(plain, bytes, "1-30")).content_sha256);
    } finally {
      await Promise.all([pool.close(), plain.close()]);
    }
  }, 40_000);

  it("converts the same bytes with and without warm-up (SPEC.md: content_sha256 is reproducible for a pinned engine)", async () => {
    const warm = new EnginePool({ threads: 2, warmUp: { pagesMax: 44, wallMsMax: 60_000 } });
    const cold = new EnginePool({ threads: 2, warmUp: false });
    try {
      await warm.warmedUp();
      expect(warm.stats().warmUpPages).toBe(2 * 44);
      expect(cold.stats().threadsWarming).toBe(0);
      const inputs: [Uint8Array, string][] = [[new Uint8Array(bookPdf()), "1-40"]];
      for (const file of WARM_UP_FILES.slice(0, 6)) inputs.push([readFileSync(resolve(repoRoot, file)), "1-3"]);
      for (const [bytes, pages] of inputs) {
        const [a, b] = await Promise.all([convert(warm, bytes, pages), convert(cold, bytes, pages)]);
        expect(a.markdown).toBe(b.markdown);
        expect(a.content_sha256).toBe(b.content_sha256);
      }
    } finally {
      await Promise.all([warm.close(), cold.close()]);
    }
  }, 60_000);

  it("warms a thread the idle trim replaced (issue 12 item 9), before it takes work", async () => {
    // A WebAssembly limit every thread is past, so that the trim replaces both.
    const pool = new EnginePool({ threads: 2, wasmIdleBytesMax: 1, warmUp: { pagesMax: 4, wallMsMax: 60_000 } });
    try {
      await pool.warmedUp();
      expect((await pool.trim()).every((reply) => reply.retiring)).toBe(true);
      const start = Date.now();
      while (pool.stats().threadsWarmedUp < 4 && Date.now() - start < 20_000) await new Promise((r) => setTimeout(r, 50));
      await pool.warmedUp();
      expect(pool.stats().threadsTrimmed).toBe(2);
      expect(pool.stats().threadsWarmedUp).toBe(4);
      expect(pool.stats().warmUpPages).toBe(4 * 4);
    } finally {
      await pool.close();
    }
  }, 40_000);
});
