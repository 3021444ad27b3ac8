// Issue 10 item 3: page layout and rendering run in the workers, each page rendered on the
// thread that laid it out; the main thread runs only the document pass and assembly, and
// the output is byte-identical to the in-process path (SPEC.md: `content_sha256` is
// reproducible for a pinned engine). The thread that held a page may die before its render
// task: the page is then laid out again elsewhere, with the same bytes.
import { afterAll, describe, expect, it } from "vitest";
import { convertDocument, openInProcess, openWithPool } from "../../src/engine/convert.js";
import { EnginePool } from "../../src/engine/pool/pool.js";
import { type DocumentFacts, planDocumentPass } from "../../src/engine/render/document.js";
import { defaultRenderOptions, type RenderOptions } from "../../src/engine/result.js";
import { bookPdf } from "../support/documents.js";

const options: RenderOptions = { ...defaultRenderOptions, pageMarkers: "rule" };
const pages = Array.from({ length: 60 }, (_, i) => i + 1);

describe("the pool renders pages where they were laid out (issue 10 item 3)", () => {
  const pool = new EnginePool({ threads: 2 });
  afterAll(() => pool.close());

  it("converts 60 pages on 2 threads without laying any page out twice, identical to in-process", async () => {
    const before = pool.stats().pagesLaidOutAgain;
    const pooled = await convertDocument(openWithPool(pool), { bytes: new Uint8Array(bookPdf()), pages: "1-60", options });
    const local = await convertDocument(openInProcess, { bytes: new Uint8Array(bookPdf()), pages: "1-60", options });
    expect(pool.stats().pagesLaidOutAgain - before).toBe(0);
    expect(pooled.pages_processed).toBe(60);
    expect(pooled.markdown === local.markdown).toBe(true);
    expect(pooled.content_sha256).toBe(local.content_sha256);
  });

  it("lays a page out again on another thread when its holder is gone, with the same Markdown", async () => {
    const bytes = new Uint8Array(bookPdf());
    const shared = new SharedArrayBuffer(bytes.byteLength);
    new Uint8Array(shared).set(bytes);
    const info = await pool.open("gone-holder", shared, undefined, { withOutline: true });
    const laid = await pool.layOut("gone-holder", shared, undefined, pages, { deadlineMs: Date.now() + 60_000 });
    const facts: DocumentFacts = { pageCount: info.pageCount, selected: pages, selectionExpression: "1-60", outline: info.outline, hasXfa: info.hasXfa, options };
    const planned = planDocumentPass(facts, laid.outcomes);
    const request = { pages: planned.toRender, plan: planned.plan, hints: planned.hints, options };

    // A threadId no worker has: as if the thread that laid the pages out had died since.
    const gone = new Map(planned.toRender.map((page) => [page, -1]));
    const before = pool.stats().pagesLaidOutAgain;
    const again = await pool.render("gone-holder", shared, undefined, { ...request, holders: gone }, { deadlineMs: Date.now() + 60_000 });
    // Unpinned, each task runs on whichever thread is idle: the pages that land on a thread
    // that did not lay them out are laid out again.
    const laidOutAgain = pool.stats().pagesLaidOutAgain - before;
    expect(laidOutAgain).toBeGreaterThan(0);
    expect(laidOutAgain).toBeLessThanOrEqual(planned.toRender.length);

    const local = await convertDocument(openInProcess, { bytes: new Uint8Array(bookPdf()), pages: "1-60", options });
    const localPage = (page: number) => {
      const facts = local.pages.find((p) => p.page === page)!;
      return local.markdown.slice(facts.markdown_offset, facts.markdown_offset + facts.markdown_length);
    };
    for (const page of planned.toRender) expect(again.get(page)!.markdown === localPage(page)).toBe(true);
  });
});
