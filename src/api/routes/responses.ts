// Responses as data: what a conversion request answered is stored for idempotent replays
// (SPEC.md §Idempotency record: the original response, with Idempotency-Replayed: true),
// so the route builds the response once and both sends and stores it.
import type { FastifyReply, FastifyRequest } from "fastify";
import { recordUsage } from "../../store/usage.js";
import type { ApiDeps } from "../types.js";
import type { ApiError } from "../../errors/catalogue.js";
import type { StoredResponse } from "../settlement.js";

export function errorResponse(err: ApiError, requestId: string, docsUrl: string): StoredResponse {
  return {
    status: err.status,
    headers: { ...err.headers, "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify(err.toEnvelope(requestId, docsUrl)),
  };
}

export function sendStored(reply: FastifyReply, stored: StoredResponse): void {
  reply.code(stored.status).headers(stored.headers).send(stored.body);
}

export function replayStored(reply: FastifyReply, stored: { status: number; headers: Record<string, string>; body: string }): void {
  reply.code(stored.status).headers({ ...stored.headers, "idempotency-replayed": "true" }).send(stored.body);
}

/**
 * A request refused at admission for billing or limits (402, 429) still gets a usage record
 * (DECISIONS.md: records cover requests "refused for billing or limits"); authentication
 * failures have no organization to record them under.
 */
export async function recordRefusal(deps: ApiDeps, request: FastifyRequest, endpoint: string, err: ApiError): Promise<void> {
  const caller = request.caller;
  if (!caller || (err.status !== 402 && err.status !== 429)) return;
  await recordUsage(deps.store, {
    orgId: caller.org.id,
    env: caller.env,
    requestId: request.requestId,
    endpoint,
    status: err.status,
    errorCode: err.code,
    pagesProcessed: 0,
    pagesBilled: 0,
    creditsCharged: 0,
    keyId: caller.source === "console" ? null : caller.key.key_id,
    keyHint: caller.key.hint,
    computeMs: 0,
    source: caller.source ?? "api",
  });
}
