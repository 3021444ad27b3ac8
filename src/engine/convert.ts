// The engine's front door: open → select pages → extract and lay out (in this thread or
// across the worker pool) → plan the document → render each page where it was laid out →
// assemble. Knows nothing of HTTP, keys or credits.
import { limits } from "../config/limits.js";
import { assembleDocument, type DocumentFacts, outlineHints, planDocumentPass, type PlannedDocument, renderHeldPages } from "./render/document.js";
import { DocumentError, documentWallExceeded } from "./errors.js";
import { randomUUID } from "node:crypto";
import { type LaidOutOutcome, type LaidOutPage, layOutOutcomes } from "./layout/page_layout.js";
import type { RenderedPage } from "./render/page.js";
import { openDocumentSource } from "./extract/open_fallback.js";
import type { EnginePool } from "./pool/pool.js";
import { canonicalSelection, parsePageExpression, resolveSelection, type ParsedSelection } from "./page_select.js";
import type { ConversionResult, RenderOptions, TocEntry } from "./result.js";

export interface ConvertRequest {
  bytes: Uint8Array;
  password?: string;
  /** A page expression; null or undefined selects every page. */
  pages?: string | null;
  options: RenderOptions;
  /** Epoch ms by which the conversion must finish (the request's wall clock). */
  deadlineMs?: number;
  /** At most this many selected pages (200 on /v1/convert, 5 with a test key). */
  maxSelectedPages?: number;
  /** Called as pages finish, for progress reporting. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Called once the selection is known and before any page is laid out here or sent to the
   * pool: the service takes its credit hold here, and throwing stops the conversion before
   * it is billed or counted. (On the pool, a selection of one chunk was converted with the
   * open already: a refusal wastes at most limits.pagesPerChunkMax pages of worker time.)
   */
  onSelected?: (selection: SelectionFacts) => Promise<void>;
}

export interface SelectionFacts {
  pageCount: number;
  selected: readonly number[];
  /** The parsed expression; null when the request selected every page. */
  parsed: ParsedSelection | null;
}

/** An opened document, wherever its pages are extracted. */
export interface DocumentSession {
  pageCount: number;
  hasXfa: boolean;
  outline: TocEntry[] | null;
  /** Extracts and lays out `pages` where the session runs them; `onProgress` receives the number completed so far. */
  layOut(pages: readonly number[], options: RenderOptions, deadlineMs: number, onProgress?: (completed: number) => void): Promise<LaidOutOutcome[]>;
  /** Renders the planned pages (all laid out before) with the document plan. */
  render(planned: PlannedDocument, options: RenderOptions, deadlineMs: number): Promise<Map<number, RenderedPage>>;
  close(): Promise<void>;
}

/** What the conversion will ask of the session: a pool converts a small selection with the open (pool.ts). */
export interface ConversionIntent {
  parsed: ParsedSelection | null;
  maxSelectedPages: number;
  options: RenderOptions;
}

export type SessionOpener = (bytes: Uint8Array, password: string | undefined, intent?: ConversionIntent) => Promise<DocumentSession>;

export async function convertDocument(open: SessionOpener, request: ConvertRequest): Promise<ConversionResult> {
  const started = performance.now();
  const deadlineMs = request.deadlineMs ?? Date.now() + limits.requestWallMsMax;
  // Parse the expression before opening: a bad expression needs no document.
  const parsed = request.pages === undefined || request.pages === null ? null : parsePageExpression(request.pages);
  const maxSelectedPages = request.maxSelectedPages ?? limits.selectedPagesMax;
  const session = await open(request.bytes, request.password, { parsed, maxSelectedPages, options: request.options });
  try {
    const selected = resolveSelection(parsed, session.pageCount, maxSelectedPages);
    await request.onSelected?.({ pageCount: session.pageCount, selected, parsed });
    const parsedAt = performance.now();
    const outcomes = await session.layOut(selected, request.options, deadlineMs, (done) => request.onProgress?.(done, selected.length));
    checkDocumentWall(outcomes);
    if (outcomes.length < selected.length) {
      throw new DocumentError(
        "conversion_timeout",
        `The conversion passed the ${limits.requestWallMsMax / 1000} s wall clock after ${outcomes.length} of ${selected.length} pages. Select fewer pages per request.`,
        { pages_completed: outcomes.length },
      );
    }
    const facts: DocumentFacts = {
      pageCount: session.pageCount,
      selected,
      selectionExpression: parsed ? parsed.expression : canonicalSelection(selected),
      outline: session.outline,
      hasXfa: session.hasXfa,
      options: request.options,
    };
    const planned = planDocumentPass(facts, outcomes);
    const result = assembleDocument(facts, planned, await session.render(planned, request.options, deadlineMs));
    const done = performance.now();
    return {
      ...result,
      timings_ms: {
        parse: Math.round(parsedAt - started),
        convert: Math.round(done - parsedAt),
        encode: 0,
        total: Math.round(done - started),
      },
    };
  } finally {
    await session.close();
  }
}

/** 422 document_too_complex once the pages' extraction time adds up past the document budget. */
function checkDocumentWall(outcomes: readonly LaidOutOutcome[]): void {
  const wallMs = outcomes.reduce((sum, o) => sum + o.wallMs, 0);
  if (wallMs > limits.documentWallMsMax) throw documentWallExceeded();
}

/** Opens a document in this thread: for `svc convert`, tests and benchmarks of one core. */
export const openInProcess: SessionOpener = async (bytes, password) => {
  const source = await openDocumentSource(bytes, password);
  const held = new Map<number, LaidOutPage>();
  return {
    pageCount: source.pageCount,
    hasXfa: source.hasXfa,
    outline: source.outline(),
    async layOut(pages, _options, deadlineMs, onProgress) {
      let started = 0;
      const outcomes = await source.extract(pages, { deadlineMs, wallMsMax: limits.documentWallMsMax }, () => onProgress?.(started++));
      onProgress?.(outcomes.length);
      return layOutOutcomes(outcomes, source.hasXfa, held);
    },
    async render(planned, options) {
      return renderHeldPages(held, planned, options);
    },
    async close() {
      held.clear();
      await source.close();
    },
  };
};

/**
 * Opens a document on the worker pool: the bytes are copied once into shared memory that
 * every worker reads, pages are extracted and laid out in chunks across the pool and
 * rendered where they were laid out, and `signal` (the client going away) cancels the work.
 */
export function openWithPool(pool: EnginePool, signal?: AbortSignal, deadlineMs?: number): SessionOpener {
  return async (bytes, password, intent) => {
    const shared = new SharedArrayBuffer(bytes.byteLength);
    new Uint8Array(shared).set(bytes);
    const docId = randomUUID();
    // Opening counts against the request's wall clock too, not a fresh one of its own.
    const info = await pool.open(docId, shared, password, { withOutline: true, signal, deadlineMs, convert: intent && { selection: intent.parsed, maxSelectedPages: intent.maxSelectedPages, options: intent.options } });
    let holders: ReadonlyMap<number, number> = new Map();
    let rendered: Map<number, RenderedPage> | null = null;
    return {
      pageCount: info.pageCount,
      hasXfa: info.hasXfa,
      outline: info.outline,
      async layOut(pages, options, deadlineMs, onProgress) {
        const early = info.converted;
        // Converted with the open when the selection fitted one chunk, with these options.
        if (early && options === intent?.options && samePages(early.pages, pages)) {
          rendered = new Map(early.rendered.map((page) => [page.page, page]));
          onProgress?.(early.outcomes.length);
          return early.outcomes;
        }
        const hints = outlineHints(info.outline);
        const laid = await pool.layOut(docId, shared, password, [...pages], { deadlineMs, signal, onProgress: (done) => onProgress?.(done), renderWith: { options, hints } });
        holders = laid.holders;
        rendered = laid.rendered;
        return laid.outcomes;
      },
      async render(planned, options, deadlineMs) {
        const { toRender: pages, plan, hints } = planned;
        // Rendered with the layout, in one task, when the selection was one chunk (pool.ts).
        if (rendered && rendered.size === pages.length && pages.every((page) => rendered!.has(page))) return rendered;
        return pool.render(docId, shared, password, { pages, holders, plan, hints, options }, { deadlineMs, signal });
      },
      async close() {},
    };
  };
}

function samePages(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((page, i) => page === b[i]);
}
