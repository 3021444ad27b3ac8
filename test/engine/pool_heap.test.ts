// The worker threads' V8 heap bounds (docs/benchmarks.md "s15-heap", docs/engine.md §Budgets):
// every thread the pool starts, the first ones and each replacement, runs with an old
// generation of limits.workerHeapMbMax and a young generation of
// limits.workerYoungGenerationMbMax, which Piscina hands to Node's Worker as resourceLimits.
// The workers run the compiled dist/ (`npm run build` first).
import { describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { convertDocument, openWithPool } from "../../src/engine/convert.js";
import { EnginePool } from "../../src/engine/pool/pool.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { bookPdf } from "../support/documents.js";

const convert = (pool: EnginePool) => convertDocument(openWithPool(pool), { bytes: new Uint8Array(bookPdf()), pages: "1-10", options: defaultRenderOptions });

describe("the worker threads' V8 heap (s15-heap)", () => {
  it("runs every thread with limits.workerYoungGenerationMbMax of young generation and limits.workerHeapMbMax of old, replacements too", async () => {
    // A heap bound every thread is past, so that the trim replaces them.
    const pool = new EnginePool({ threads: 2, warmUp: false, heapIdleBytesMax: 1 });
    try {
      await convert(pool);
      const first = pool.threadResourceLimits();
      expect(first).toHaveLength(2);
      for (const thread of first) {
        expect(thread.maxYoungGenerationSizeMb).toBe(limits.workerYoungGenerationMbMax);
        expect(thread.maxOldGenerationSizeMb).toBe(limits.workerHeapMbMax);
      }
      expect((await pool.trim()).every((reply) => reply.retiring)).toBe(true);
      await convert(pool);
      expect(pool.stats().threadsTrimmed).toBe(2);
      for (const thread of pool.threadResourceLimits()) expect(thread.maxYoungGenerationSizeMb).toBe(limits.workerYoungGenerationMbMax);
    } finally {
      await pool.close();
    }
  });

  it("is a size V8 takes as given: three semi-spaces of a power of two MiB each", () => {
    // V8 sizes the young generation as three semi-spaces and rounds a semi-space up to a power
    // of two, so 64 would run as 96 and 32 as 48: the named size must be one V8 keeps, or the
    // threads would run with another than docs/engine.md states.
    const semiSpaceMb = limits.workerYoungGenerationMbMax / 3;
    expect(Number.isInteger(Math.log2(semiSpaceMb))).toBe(true);
  });

  it("takes another size from EnginePoolOptions.youngGenerationMb (the benchmarks' YOUNG_MB), which leaves the old generation alone", async () => {
    // Not V8's own 48 MB: a pool that stopped handing its size to Piscina fails here.
    const pool = new EnginePool({ threads: 1, warmUp: false, youngGenerationMb: 24 });
    try {
      await convert(pool);
      const [thread] = pool.threadResourceLimits();
      expect(thread.maxYoungGenerationSizeMb).toBe(24);
      expect(thread.maxOldGenerationSizeMb).toBe(limits.workerHeapMbMax);
    } finally {
      await pool.close();
    }
  });
});
