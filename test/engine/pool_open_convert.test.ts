// Issue 10 item 5 (the HTTP path): a conversion whose selection fits one layout chunk
// (limits.pagesPerChunkMax) is opened, laid out and rendered by ONE pool task, and its
// Markdown is byte-identical to the in-process path (SPEC.md: `content_sha256` is
// reproducible for a pinned engine); a larger selection keeps the two-round design. The
// pool's protections hold for the one-task path: a page past pageWallMsMax gets its thread
// terminated, a page that kills its thread does not fail the request, and in both cases the
// pages go the two-round way, which gives such a page its own outcome.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { convertDocument, openInProcess, openWithPool } from "../../src/engine/convert.js";
import { EnginePool } from "../../src/engine/pool/pool.js";
import { parsePageExpression } from "../../src/engine/page_select.js";
import { defaultRenderOptions, type RenderOptions } from "../../src/engine/result.js";
import { bookPdf } from "../support/documents.js";

const fixturesDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../fixtures/pdf");
const hooksEnv = { ...process.env, SVC_TEST_HOOKS: "1" };
const options: RenderOptions = { ...defaultRenderOptions, pageMarkers: "rule" };

/** The pool, counting the calls that mean a second round of tasks after the open. */
function counted(pool: EnginePool): { pool: EnginePool; rounds: { layOut: number; render: number } } {
  const rounds = { layOut: 0, render: 0 };
  const proxy = new Proxy(pool, {
    get(target, name) {
      if (name === "layOut" || name === "render") rounds[name] += 1;
      const value = Reflect.get(target, name, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { pool: proxy, rounds };
}

function sharedCopy(bytes: Uint8Array): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  return buffer;
}

describe("a small selection is converted by the open task (issue 10 item 5)", () => {
  const pool = new EnginePool({ threads: 2 });
  afterAll(() => pool.close());

  it("converts every one-page fixture in one task, byte-identical to in-process", async () => {
    const files = readdirSync(fixturesDir).filter((name) => name.endsWith(".pdf") && name !== "encrypted.pdf");
    expect(files.length).toBeGreaterThan(10);
    for (const name of files) {
      const bytes = readFileSync(resolve(fixturesDir, name));
      const { pool: watched, rounds } = counted(pool);
      const local = await convertDocument(openInProcess, { bytes: new Uint8Array(bytes), options }).catch((err: Error) => err);
      const pooled = await convertDocument(openWithPool(watched), { bytes: new Uint8Array(bytes), options }).catch((err: Error) => err);
      if (local instanceof Error) {
        expect(pooled instanceof Error && pooled.message, name).toBe(local.message);
        continue;
      }
      if (pooled instanceof Error) throw pooled;
      expect(rounds, name).toEqual({ layOut: 0, render: 0 });
      expect(pooled.markdown === local.markdown, name).toBe(true);
      expect(pooled.content_sha256, name).toBe(local.content_sha256);
    }
  });

  it("converts selections of up to pagesPerChunkMax pages of a book in one task, and a larger one in two rounds, all identical to in-process", async () => {
    const full = `1-${limits.pagesPerChunkMax}`;
    const cases: { pages: string; oneTask: boolean }[] = [
      { pages: "3", oneTask: true },
      { pages: "2,5,40", oneTask: true },
      { pages: full, oneTask: true },
      { pages: `1-${limits.pagesPerChunkMax + 1}`, oneTask: false },
    ];
    for (const { pages, oneTask } of cases) {
      const { pool: watched, rounds } = counted(pool);
      const pooled = await convertDocument(openWithPool(watched), { bytes: new Uint8Array(bookPdf()), pages, options });
      const local = await convertDocument(openInProcess, { bytes: new Uint8Array(bookPdf()), pages, options });
      expect(rounds.layOut === 0 && rounds.render === 0, pages).toBe(oneTask);
      expect(pooled.markdown === local.markdown, pages).toBe(true);
      expect(pooled.content_sha256, pages).toBe(local.content_sha256);
    }
  });

  it("does not convert with the open a selection the main thread refuses (too many pages)", async () => {
    const info = await pool.open("refused", sharedCopy(bookPdf()), undefined, {
      withOutline: true,
      convert: { selection: parsePageExpression("1-3"), maxSelectedPages: 2, options },
    });
    expect(info.pageCount).toBeGreaterThan(3);
    expect(info.converted).toBeUndefined();
  });
});

describe("the one-task path keeps the pool's protections (issue 10 item 5)", () => {
  // No warm-up: the hooks end threads, and each replacement would warm in the background (pool_warm_up.test.ts covers it).
  const pool = new EnginePool({ threads: 2, env: hooksEnv, warmUp: false });
  afterAll(() => pool.close());

  it("terminates a thread stuck on a page past pageWallMsMax and answers the open without the pages", async () => {
    const started = Date.now();
    const info = await pool.open("hang", sharedCopy(bookPdf()), undefined, {
      withOutline: true,
      convert: { selection: parsePageExpression("1-3"), maxSelectedPages: 200, options, testHooks: { hangPage: 2 } },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(limits.pageWallMsMax);
    expect(info.pageCount).toBeGreaterThan(3);
    expect(info.converted).toBeUndefined();
    expect(pool.stats().running).toBe(0);
  });

  it("answers the open without the pages when a page kills its thread", async () => {
    const info = await pool.open("crash", sharedCopy(bookPdf()), undefined, {
      withOutline: true,
      convert: { selection: parsePageExpression("1-3"), maxSelectedPages: 200, options, testHooks: { crashPage: 2 } },
    });
    expect(info.pageCount).toBeGreaterThan(3);
    expect(info.converted).toBeUndefined();
    const again = await pool.open("after-crash", sharedCopy(bookPdf()), undefined, {
      withOutline: true,
      convert: { selection: parsePageExpression("1-3"), maxSelectedPages: 200, options },
    });
    expect(again.converted?.pages).toEqual([1, 2, 3]);
  });
});
