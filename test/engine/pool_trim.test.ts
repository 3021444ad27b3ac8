// Issue 12 item 9: idle workers are trimmed. After limits.poolIdleTrimMs without work every
// thread drops its documents and laid-out pages, and a thread whose WebAssembly memory (which
// never shrinks) passed the idle limit is replaced by a fresh one; conversions after a trim
// give the same bytes.
import { afterAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { convertDocument, openWithPool } from "../../src/engine/convert.js";
import { EnginePool } from "../../src/engine/pool/pool.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { bookPdf } from "../support/documents.js";

const convert = (pool: EnginePool) => convertDocument(openWithPool(pool), { bytes: new Uint8Array(bookPdf()), pages: "1-30", options: defaultRenderOptions });

describe("the pool's idle trim (issue 12 item 9)", () => {
  const small = new EnginePool({ threads: 2 });
  // A limit every thread is past, so that every trim replaces its threads; without warm-up,
  // which each replacement would run in the background (pool_warm_up.test.ts covers it).
  const strict = new EnginePool({ threads: 2, wasmIdleBytesMax: 1, warmUp: false });
  afterAll(async () => {
    await small.close();
    await strict.close();
  });

  it("keeps threads whose WebAssembly memory is under limits.workerWasmIdleBytesMax, reporting each thread's memory", async () => {
    const before = await convert(small);
    const replies = await small.trim();
    expect(replies).toHaveLength(2);
    for (const reply of replies) {
      expect(reply.wasmBytes).toBeGreaterThan(0);
      expect(reply.wasmBytes).toBeLessThanOrEqual(limits.workerWasmIdleBytesMax);
      expect(reply.retiring).toBe(false);
    }
    expect(small.stats().threadsTrimmed).toBe(0);
    // The documents were dropped: the next conversion reopens them, with the same bytes.
    expect((await convert(small)).content_sha256).toBe(before.content_sha256);
  });

  it("trims by itself once the pool has been idle for its idle time, once per idle spell", async () => {
    const idle = new EnginePool({ threads: 2, wasmIdleBytesMax: 1, idleTrimMs: 200, warmUp: false });
    try {
      await convert(idle);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(idle.stats().threadsTrimmed).toBe(2);
      // The trim's own tasks do not start another idle spell.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(idle.stats().threadsTrimmed).toBe(2);
    } finally {
      await idle.close();
    }
  });

  it("replaces a thread whose V8 heap is past limits.workerHeapIdleBytesMax, its WebAssembly memory under its own bound (s14-warm)", async () => {
    // A heap bound every thread is past; WebAssembly memory under its bound.
    const heapy = new EnginePool({ threads: 1, warmUp: false, heapIdleBytesMax: 1, wasmIdleBytesMax: Number.MAX_SAFE_INTEGER });
    try {
      const before = await convert(heapy);
      const [reply] = await heapy.trim();
      expect(reply.heapBytes).toBeGreaterThan(1);
      expect(reply.retiring).toBe(true);
      expect((await convert(heapy)).content_sha256).toBe(before.content_sha256);
    } finally {
      await heapy.close();
    }
  });

  it("replaces threads past the limit, and converts the same bytes on the fresh ones", async () => {
    const before = await convert(strict);
    const replies = await strict.trim();
    expect(replies.every((r) => r.retiring)).toBe(true);
    expect(strict.stats().threadsTrimmed).toBe(2);
    expect((await convert(strict)).content_sha256).toBe(before.content_sha256);
  });
});
