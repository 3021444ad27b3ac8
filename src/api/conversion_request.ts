// The steps /v1/convert and /v1/toc share, in the order SPEC.md and issue 4 give them:
// admission → upload metering → body and options → idempotency claim, then the route's own
// work, then the success or failure bookkeeping and the lease's release. A route supplies
// only what differs: its work, from a parsed request to the response it stores and sends.
import type { FastifyReply, FastifyRequest } from "fastify";
import { limits } from "../config/limits.js";
import { isDocumentError } from "../engine/errors.js";
import { ApiError, apiErrorFromDocumentError, isApiError } from "../errors/catalogue.js";
import { requestFingerprint } from "../store/canonical.js";
import { claimIdempotencyKey } from "../store/idempotency.js";
import { pendingReleases } from "../store/pending_releases.js";
import { isStoreUnavailable, storeUnavailableError } from "../store/unavailable.js";
import { negotiate, type ResponseFormat } from "./accept.js";
import { admit, releaseAdmission, takeMeter, type Admitted, type Authenticate } from "./admission.js";
import { readPdfRequest, type PdfRequestBody } from "./body.js";
import { sha256Hex } from "../store/canonical.js";
import { readIdempotencyKey } from "./idempotency_header.js";
import { checkOptionConflicts, parseConvertOptions, type ParsedOptions } from "./options.js";
import { RequestSettlement, type StoredResponse } from "./settlement.js";
import { docsUrlOf } from "./plugins/error_handler.js";
import { errorResponse, recordRefusal, replayStored, sendStored } from "./routes/responses.js";
import type { ApiDeps, Caller } from "./types.js";

export interface ConversionRequest {
  caller: Caller;
  settlement: RequestSettlement;
  body: PdfRequestBody;
  options: ParsedOptions;
  pdfSha256: string;
  accept: ResponseFormat;
  /** Aborted when the client goes away: the engine stops. */
  signal: AbortSignal;
  /** Epoch ms of the 60 s wall clock's end (SPEC §Limits). */
  deadlineMs: number;
}

export interface WorkResult<T> {
  response: StoredResponse;
  pagesBilled: number;
  credits: number;
  cache: "hit" | "miss";
  /** The request produced nothing (no-value meter). */
  producedNothing: boolean;
  value: T;
}

export interface RouteSpec {
  /** `POST /v1/convert`: the usage record's endpoint and the fingerprint's. */
  endpoint: string;
  kind: "convert" | "toc";
  /** Replaces the bearer key: the console's Try it page admits its session's organization. */
  authenticate?: Authenticate;
}

/** Failures that mean the document produced nothing: they count on the no-value meter. */
const PRODUCED_NOTHING: ReadonlySet<string> = new Set(["document_has_no_text_layer", "pdf_is_xfa"]);

/** Runs a conversion request; resolves to the work's value, or null for a replayed response. */
export async function runConversionRequest<T>(
  deps: ApiDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: RouteSpec,
  work: (r: ConversionRequest) => Promise<WorkResult<T>>,
): Promise<T | null> {
  const deadlineMs = request.receivedAtMs + limits.requestWallMsMax;
  const accept = negotiate(request.headers.accept);
  const idempotencyKey = readIdempotencyKey(request);
  const signal = clientGone(reply);
  let admitted: Admitted | null = null;
  let settlement: RequestSettlement | null = null;
  // The slot goes back before the response does: a client that sends its next request the
  // moment this one's answer arrives, at its concurrency limit, must find the slot free
  // (SPEC §Rate-limit mechanics rule 6). Released once; the finally covers every other path.
  const releaseSlot = async (): Promise<void> => {
    const held = admitted?.leaseId ? admitted : null;
    if (!held) return;
    admitted = { ...held, leaseId: null };
    await releaseAdmission(deps, held).catch((e: unknown) => {
      // The database is away: the release waits in the store's pending releases until it
      // answers, or the slot would block the organization until its lease expires.
      pendingReleases(deps.store).add({ kind: "lease", id: held.leaseId!, orgId: held.caller.org.id, run: () => releaseAdmission(deps, held) });
      request.log.warn({ err: e }, "failed to release a concurrency lease; retrying when the database answers");
    });
  };
  try {
    admitted = await admit(deps, request, "convert:write", spec.kind, spec.authenticate);
    const { caller } = admitted;
    settlement = new RequestSettlement(deps, caller, request.requestId, spec.endpoint, request.rate);
    // Upload bytes are metered before the body is read when Content-Length announces them
    // (an over-limit size is refused by the body reader instead), else once it is read.
    const contentLength = Number(request.headers["content-length"] ?? NaN);
    const announced = Number.isSafeInteger(contentLength) && contentLength > 0 && contentLength <= caller.limits.max_upload_bytes;
    if (announced) await takeMeter(deps, caller, "uploads", contentLength);
    const body = await readPdfRequest(request, { maxBytes: caller.limits.max_upload_bytes, bodyDeadlineMs: limits.requestBodyMsMax }, signal);
    if (!announced) await takeMeter(deps, caller, "uploads", body.bytesRead);

    const options = parseConvertOptions(body.encoding === "raw" ? { kind: "query", query: body.query } : { kind: "object", value: body.options ?? {} }, spec.kind);
    settlement.metadata = options.metadata;
    checkOptionConflicts(options, accept);
    if (options.debug && caller.org.debug_policy === "disabled") {
      throw new ApiError("debug_not_permitted", { param: `${options.paramPrefix}debug`, message: "This organization's debug policy is disabled, so `debug: true` is refused. Send the request without it." });
    }
    const pdfSha256 = sha256Hex(body.pdf);
    if (idempotencyKey) {
      const claim = await claimIdempotencyKey(deps.store, {
        orgId: caller.org.id,
        key: idempotencyKey,
        fingerprint: requestFingerprint({ endpoint: spec.endpoint, canonicalOptions: options.canonical, pdfSha256, env: caller.env }),
      });
      if (claim.state === "replay") {
        await releaseSlot();
        replayStored(reply, claim);
        return null;
      }
      if (claim.state === "in_progress") {
        throw new ApiError("idempotency_in_progress", { message: "A request with this Idempotency-Key is still running. Retry after Retry-After for its result.", retryAfterMs: claim.retryAfterMs });
      }
      if (claim.state === "conflict") {
        throw new ApiError("idempotency_conflict", { param: "headers.idempotency-key", message: "This Idempotency-Key was used for a different request in the last 25 hours. Use a new key for a new request." });
      }
      settlement.holdsIdempotency(idempotencyKey, claim.claimId);
    }

    const done = await work({ caller, settlement, body, options, pdfSha256, accept, signal, deadlineMs });
    await settlement.succeed(done.response, { pagesBilled: done.pagesBilled, credits: done.credits, cache: done.cache, producedNothing: done.producedNothing });
    await releaseSlot();
    sendStored(reply, done.response);
    return done.value;
  } catch (err) {
    const apiErr = toApiError(err);
    if (settlement) {
      await settlement.fail(apiErr, errorResponse(apiErr, request.requestId, docsUrlOf(request.server)), PRODUCED_NOTHING.has(apiErr.code)).catch((e: unknown) => request.log.error({ err: e }, "failed to close a failed request's bookkeeping"));
    } else {
      await recordRefusal(deps, request, spec.endpoint, apiErr).catch((e: unknown) => request.log.error({ err: e }, "failed to record a refused request"));
    }
    throw apiErr;
  } finally {
    // An error's response is sent after this, by the error handler.
    await releaseSlot();
  }
}

function toApiError(err: unknown): ApiError {
  if (isApiError(err)) return err;
  if (isDocumentError(err)) return apiErrorFromDocumentError(err);
  if (isStoreUnavailable(err)) return storeUnavailableError(err);
  return new ApiError("internal_error", { message: "The service failed while converting this document. Nothing was billed; retry the request.", cause: err });
}

/** Aborts when the client goes away before the response is written: the work stops. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort(new Error("client closed the connection"));
  });
  return controller.signal;
}
