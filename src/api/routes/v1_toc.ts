// POST /v1/toc (SPEC.md, DECISIONS.md §POST /v1/toc): the document's outline. Same
// encodings and password handling as /v1/convert; 1 credit (`toc_outline`) when an outline
// is returned, 0 and an `outline_missing` warning when the document has none.
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { limits } from "../../config/limits.js";
import { ENGINE_VERSION } from "../../engine/version.js";
import { isDocumentError } from "../../engine/errors.js";
import { ApiError, apiErrorFromDocumentError, isApiError } from "../../errors/catalogue.js";
import { createWarning, toWireWarning } from "../../errors/warnings.js";
import { requestFingerprint } from "../../store/canonical.js";
import { claimIdempotencyKey } from "../../store/idempotency.js";
import { newId } from "../../store/ids.js";
import { negotiate } from "../accept.js";
import { admit, releaseAdmission, takeMeter, type Admitted } from "../admission.js";
import { readPdfRequest } from "../body.js";
import { sha256Hex, warningSummary } from "../conversion_view.js";
import { parseConvertOptions } from "../options.js";
import { RequestBook, type StoredResponse } from "../request_book.js";
import type { ApiDeps } from "../types.js";
import { readIdempotencyKey } from "../idempotency_header.js";
import { errorResponse, recordRefusal, replayStored, sendStored } from "./responses.js";
import type { TocEntry } from "../../engine/result.js";

const ENDPOINT = "POST /v1/toc";
const TOC_HOLD_CREDITS = 1;

export function registerTocRoute(app: FastifyInstance, deps: ApiDeps): void {
  app.post("/v1/toc", (request, reply) => handleToc(deps, request, reply));
}

async function handleToc(deps: ApiDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const accept = negotiate(request.headers.accept);
  const idempotencyKey = readIdempotencyKey(request);
  let admitted: Admitted | null = null;
  let book: RequestBook | null = null;
  try {
    admitted = await admit(deps, request, "convert:write", "toc");
    const { caller } = admitted;
    book = new RequestBook(deps, caller, request.requestId, ENDPOINT, request.rate);
    const body = await readPdfRequest(request, { maxBytes: caller.limits.max_upload_bytes, bodyDeadlineMs: limits.requestBodyMsMax });
    await takeMeter(deps, caller, "uploads", body.bytesRead);
    const options = parseConvertOptions(body.encoding === "raw" ? { kind: "query", query: body.query } : { kind: "object", value: body.options ?? {} }, "toc");
    book.metadata = options.metadata;
    if (idempotencyKey) {
      const claim = await claimIdempotencyKey(deps.store, {
        orgId: caller.org.id,
        key: idempotencyKey,
        fingerprint: requestFingerprint({ endpoint: ENDPOINT, canonicalOptions: options.canonical, pdfSha256: sha256Hex(body.pdf), env: caller.env }),
      });
      if (claim.state === "replay") return replayStored(reply, claim);
      if (claim.state === "in_progress") throw new ApiError("idempotency_in_progress", { retryAfterMs: claim.retryAfterMs });
      if (claim.state === "conflict") throw new ApiError("idempotency_conflict", { param: "headers.idempotency-key" });
      book.holdsIdempotency(idempotencyKey, claim.claimId);
    }
    await book.reserve(TOC_HOLD_CREDITS, 0);
    const started = performance.now();
    const shared = new SharedArrayBuffer(body.pdf.byteLength);
    new Uint8Array(shared).set(body.pdf);
    const info = await deps.pool.open(randomUUID(), shared, body.password, { withOutline: true, deadlineMs: request.receivedAtMs + limits.requestWallMsMax });
    book.computeMs = performance.now() - started;
    const entries: TocEntry[] = info.outline ?? [];
    const id = newId("toc");
    const charge = entries.length > 0 && caller.env === "live" ? TOC_HOLD_CREDITS : 0;
    const billing = await book.settle(charge, id);
    const warnings = [createWarning("metadata_unavailable"), ...(entries.length === 0 ? [createWarning("outline_missing")] : [])].map(toWireWarning);
    const view = {
      object: "toc",
      id,
      engine: ENGINE_VERSION,
      created_at: new Date().toISOString(),
      document: { page_count: info.pageCount },
      entries,
      warnings,
      warning_summary: warningSummary(warnings),
      usage: {
        pages_processed: 0,
        pages_billed: 0,
        pages_not_billed: [],
        credits_charged: billing.charged,
        credit_balance_after: billing.balanceAfter,
        line_items: [{ kind: "toc_outline", quantity: entries.length > 0 ? 1 : 0, credits: billing.charged }],
        cache: "miss",
      },
      ...(options.metadata ? { metadata: options.metadata } : {}),
    };
    const stored: StoredResponse =
      accept === "markdown"
        ? { status: 200, headers: { "content-type": "text/markdown; charset=utf-8", "x-svc-engine": ENGINE_VERSION, "x-credits-charged": String(billing.charged), "x-credits-balance": String(billing.balanceAfter), "x-credits-unit": "page" }, body: outlineMarkdown(entries) }
        : { status: 200, headers: { "content-type": "application/json; charset=utf-8", "x-svc-engine": ENGINE_VERSION, "x-credits-charged": String(billing.charged), "x-credits-balance": String(billing.balanceAfter), "x-credits-unit": "page" }, body: JSON.stringify(view) };
    await book.succeed(stored, { pagesBilled: 0, credits: billing.charged, cache: "miss", producedNothing: entries.length === 0 });
    sendStored(reply, stored);
  } catch (err) {
    const apiErr = isApiError(err) ? err : isDocumentError(err) ? apiErrorFromDocumentError(err) : new ApiError("internal_error", { cause: err });
    if (book) await book.fail(apiErr, errorResponse(apiErr, request.requestId), false).catch((e: unknown) => request.log.error({ err: e }, "failed to close a failed request's bookkeeping"));
    else await recordRefusal(deps, request, ENDPOINT, apiErr).catch((e: unknown) => request.log.error({ err: e }, "failed to record a refused request"));
    throw apiErr;
  } finally {
    await releaseAdmission(deps, admitted).catch((e: unknown) => request.log.error({ err: e }, "failed to release a concurrency lease"));
  }
}

/** The outline as a nested Markdown list, for Accept: text/markdown. */
function outlineMarkdown(entries: readonly TocEntry[]): string {
  return entries.map((e) => `${"  ".repeat(e.level - 1)}- ${e.title.replace(/[\\`*_[\]<>]/g, (m) => "\\" + m)}${e.page ? ` (p. ${e.page})` : ""}`).join("\n") + (entries.length > 0 ? "\n" : "");
}
