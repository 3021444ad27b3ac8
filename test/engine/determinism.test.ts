// SPEC.md (engine pinning, `content_sha256` "reproducible only when the engine is pinned")
// and the rule: the same input, options and engine give byte-for-byte the same
// output, whether pages are extracted in this thread or across the worker pool.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { convertDocument, openInProcess, openWithPool } from "../../src/engine/convert.js";
import { EnginePool } from "../../src/engine/pool/pool.js";
import { type ConversionResult, defaultRenderOptions, type RenderOptions } from "../../src/engine/result.js";
import { corpus } from "../support/corpus.js";
import { bookPdf } from "../support/documents.js";

/** Everything but the timings, which measure the run rather than the document. */
function output(result: ConversionResult) {
  const { timings_ms: _timings, ...rest } = result;
  return rest;
}

describe.skipIf(!corpus.available)("determinism on pdf.js/tracemonkey.pdf (14 pages, two columns)", () => {
  const bytes = () => new Uint8Array(readFileSync(corpus.path("pdf.js/tracemonkey.pdf")));
  const options: RenderOptions = { ...defaultRenderOptions, pageMarkers: "rule" };
  let pool: EnginePool | null = null;
  afterAll(async () => {
    await pool?.close();
  });

  it("gives identical markdown and content_sha256 twice in-process and once through a 2-thread EnginePool", async () => {
    const first = await convertDocument(openInProcess, { bytes: bytes(), options });
    const second = await convertDocument(openInProcess, { bytes: bytes(), options });
    pool = new EnginePool({ threads: 2 });
    const pooled = await convertDocument(openWithPool(pool), { bytes: bytes(), options });

    expect(first.pages_processed).toBe(14);
    expect(first.markdown.length).toBeGreaterThan(20_000);
    for (const other of [second, pooled]) {
      expect(other.markdown === first.markdown).toBe(true);
      expect(other.content_sha256).toBe(first.content_sha256);
      expect(output(other)).toEqual(output(first));
    }
  });
});

describe("determinism on generated documents (the book's pages 1-40, the two-column fixture)", () => {
  const options: RenderOptions = { ...defaultRenderOptions, pageMarkers: "rule" };
  let pool: EnginePool | null = null;
  afterAll(async () => {
    await pool?.close();
  });

  it.each([
    ["book 1-40", () => new Uint8Array(bookPdf()), "1-40", 40],
    ["two-column.pdf", () => new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/pdf/two-column.pdf"))), null, 1],
  ] as const)("%s: identical output twice in-process and once through a 2-thread EnginePool", async (_name, bytes, pages, count) => {
    const first = await convertDocument(openInProcess, { bytes: bytes(), pages, options });
    const second = await convertDocument(openInProcess, { bytes: bytes(), pages, options });
    pool ??= new EnginePool({ threads: 2 });
    const pooled = await convertDocument(openWithPool(pool), { bytes: bytes(), pages, options });

    expect(first.pages_processed).toBe(count);
    for (const other of [second, pooled]) {
      expect(other.markdown === first.markdown).toBe(true);
      expect(other.content_sha256).toBe(first.content_sha256);
      expect(output(other)).toEqual(output(first));
    }
  });
});
