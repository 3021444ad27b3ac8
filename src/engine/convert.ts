// The engine's front door: open → select pages → extract (in this thread or across the
// worker pool) → analyse and render. Knows nothing of HTTP, keys or credits.
import { limits } from "../config/limits.js";
import { analyseDocument } from "./render/document.js";
import { DocumentError, documentWallExceeded } from "./errors.js";
import { randomUUID } from "node:crypto";
import type { PageOutcome } from "./model.js";
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
   * Called once the selection is known and before any page is extracted: the service takes
   * its credit hold here. Throwing stops the conversion before it costs anything.
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
  /** `onProgress` receives the number of pages completed so far. */
  extract(pages: readonly number[], deadlineMs: number, onProgress?: (completed: number) => void): Promise<PageOutcome[]>;
  close(): Promise<void>;
}

export type SessionOpener = (bytes: Uint8Array, password: string | undefined) => Promise<DocumentSession>;

export async function convertDocument(open: SessionOpener, request: ConvertRequest): Promise<ConversionResult> {
  const started = performance.now();
  const deadlineMs = request.deadlineMs ?? Date.now() + limits.requestWallMsMax;
  // Parse the expression before opening: a bad expression needs no document.
  const parsed = request.pages === undefined || request.pages === null ? null : parsePageExpression(request.pages);
  const session = await open(request.bytes, request.password);
  try {
    const selected = resolveSelection(parsed, session.pageCount, request.maxSelectedPages ?? limits.selectedPagesMax);
    await request.onSelected?.({ pageCount: session.pageCount, selected, parsed });
    const parsedAt = performance.now();
    const outcomes = await session.extract(selected, deadlineMs, (done) => request.onProgress?.(done, selected.length));
    checkDocumentWall(outcomes);
    if (outcomes.length < selected.length) {
      throw new DocumentError(
        "conversion_timeout",
        `The conversion passed the ${limits.requestWallMsMax / 1000} s wall clock after ${outcomes.length} of ${selected.length} pages. Select fewer pages per request.`,
        { pages_completed: outcomes.length },
      );
    }
    const result = analyseDocument({
      pageCount: session.pageCount,
      selected,
      selectionExpression: parsed ? parsed.expression : canonicalSelection(selected),
      outcomes,
      outline: session.outline,
      hasXfa: session.hasXfa,
      options: request.options,
    });
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
function checkDocumentWall(outcomes: readonly PageOutcome[]): void {
  const wallMs = outcomes.reduce((sum, o) => sum + o.wallMs, 0);
  if (wallMs > limits.documentWallMsMax) throw documentWallExceeded();
}

/** Opens a document in this thread: for `svc convert`, tests and benchmarks of one core. */
export const openInProcess: SessionOpener = async (bytes, password) => {
  const source = await openDocumentSource(bytes, password);
  return {
    pageCount: source.pageCount,
    hasXfa: source.hasXfa,
    outline: source.outline(),
    async extract(pages, deadlineMs, onProgress) {
      let started = 0;
      const outcomes = await source.extract(pages, { deadlineMs, wallMsMax: limits.documentWallMsMax }, () => onProgress?.(started++));
      onProgress?.(outcomes.length);
      return outcomes;
    },
    close: () => source.close(),
  };
};

/**
 * Opens a document on the worker pool: the bytes are copied once into shared memory that
 * every worker reads, pages are extracted in chunks across the pool, and `signal` (the
 * client going away) cancels the work.
 */
export function openWithPool(pool: EnginePool, signal?: AbortSignal, deadlineMs?: number): SessionOpener {
  return async (bytes, password) => {
    const shared = new SharedArrayBuffer(bytes.byteLength);
    new Uint8Array(shared).set(bytes);
    const docId = randomUUID();
    // Opening counts against the request's wall clock too, not a fresh one of its own.
    const info = await pool.open(docId, shared, password, { withOutline: true, signal, deadlineMs });
    return {
      pageCount: info.pageCount,
      hasXfa: info.hasXfa,
      outline: info.outline,
      extract(pages, deadlineMs, onProgress) {
        return pool.extract(docId, shared, password, [...pages], { deadlineMs, signal, onProgress: (done) => onProgress?.(done) });
      },
      async close() {},
    };
  };
}
