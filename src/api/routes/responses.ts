// Responses as data: what a conversion request answered is stored for idempotent replays
// (SPEC.md §Idempotency record: the original response, with Idempotency-Replayed: true),
// so the route builds the response once and both sends and stores it.
import type { FastifyReply } from "fastify";
import type { ApiError } from "../../errors/catalogue.js";
import type { StoredResponse } from "../request_book.js";

export function errorResponse(err: ApiError, requestId: string): StoredResponse {
  return {
    status: err.status,
    headers: { ...err.headers, "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify(err.toEnvelope(requestId)),
  };
}

export function sendStored(reply: FastifyReply, stored: StoredResponse): void {
  reply.code(stored.status).headers(stored.headers).send(stored.body);
}

export function replayStored(reply: FastifyReply, stored: { status: number; headers: Record<string, string>; body: string }): void {
  reply.code(stored.status).headers({ ...stored.headers, "idempotency-replayed": "true" }).send(stored.body);
}
