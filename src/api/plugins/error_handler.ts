// Every non-2xx response is the SPEC.md error envelope (§Errors), whoever raised it: an
// ApiError from a handler, a DocumentError from the engine, Fastify's own body and routing
// errors, a bug, or a connection Fastify could not even parse. This file maps each of them to
// a catalogue code once; status, type, retryability and required headers then come from
// src/errors/catalogue.ts, never from the throw site.
//
// What leaves the process is built from the catalogue and the ApiError's own fields only.
// An unexpected error's message, stack, paths, hosts or SQL go to the log (with the request
// id the client sees), never into the response.
import { isStoreUnavailable, storeUnavailableError } from "../../store/unavailable.js";
import type { Socket } from "node:net";
import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isDocumentError } from "../../engine/errors.js";
import {
  ApiError,
  apiErrorFromDocumentError,
  errorEnvelope,
  isApiError,
  isErrorCode,
  type ErrorCode,
} from "../../errors/catalogue.js";
import { limits } from "../../config/limits.js";
import { paidLimitDefaults } from "../../store/account_limits.js";
import { publishedDefaultHeaders } from "../../store/meters.js";
import { closeIfBodyUnread } from "../body.js";
import { applyRateHeaders } from "./rate_headers.js";
import { appWide, ensureRequestState, genReqId, REQUEST_ID_HEADER } from "./request_id.js";

declare module "fastify" {
  interface FastifyInstance {
    /** {docs_url}: the base of every doc_url this app sends (errorHandlerPlugin's option). */
    svcDocsUrl: string;
  }
}

export interface ErrorHandlerOptions {
  /** {docs_url}, from the configuration (src/config/env.ts `docsBaseUrl`). */
  docsUrl: string;
}

/** The docs base of the app `instance` belongs to; a programmer error if the plugin is missing. */
export function docsUrlOf(instance: FastifyInstance): string {
  const docsUrl = (instance as Partial<FastifyInstance>).svcDocsUrl;
  if (typeof docsUrl !== "string") throw new Error("errorHandlerPlugin(app, { docsUrl }) was not installed on this app");
  return docsUrl;
}

/** A whole message is catalogue text plus caller strings capped at 128; this only stops runaways. */
const messageCharsMax = 1_024;

// The same characters sanitizeCallerString drops: they forge or reorder log lines and
// terminals, and lone surrogates are invalid UTF-8 downstream.
const unsafeChars = /[\p{Cc}\p{Cs}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** SPEC.md message rules applied to the final message, whoever composed it. */
export function cleanMessage(message: string): string {
  const stripped = message.replace(unsafeChars, "");
  const points = Array.from(stripped);
  return points.length <= messageCharsMax ? stripped : `${points.slice(0, messageCharsMax - 1).join("")}…`;
}

// The code each response carried, for metrics and the access log. A WeakMap, not a request
// decoration: it is bookkeeping of this plugin, not part of the request's API.
const codes = new WeakMap<FastifyRequest, ErrorCode>();

/** The error code this request was answered with, if it was answered with an envelope. */
export function responseErrorCode(request: FastifyRequest): ErrorCode | undefined {
  return codes.get(request);
}

/**
 * Renders `err` as the envelope with its status and headers, plus x-request-id and the rate
 * headers (set here too, because framework-error replies run no hooks). For handlers that
 * answer early instead of throwing.
 */
export function sendError(reply: FastifyReply, request: FastifyRequest, err: ApiError): FastifyReply {
  ensureRequestState(request);
  if (reply.sent) {
    request.log.warn({ code: err.code }, "error raised after the response was sent");
    return reply;
  }
  const envelope = errorEnvelope(err.code, {
    message: cleanMessage(err.message),
    param: err.param,
    details: err.details,
    retry_after_ms: err.retryAfterMs,
    request_id: request.requestId,
    docs_url: docsUrlOf(request.server),
  });
  codes.set(request, err.code);
  // An envelope must not keep headers that describe a body it replaced (a handler that set
  // text/markdown or a Content-Disposition, then failed).
  reply.removeHeader("content-disposition");
  reply.removeHeader("content-encoding");
  reply.code(err.status).headers(err.headers);
  // Refused with the upload still arriving: hang up rather than read the rest of it (body.ts
  // already did so for the refusals it raises itself, which carry Connection: close).
  if (err.headers.connection !== "close" && closeIfBodyUnread(request.raw)) reply.header("connection", "close");
  reply.header(REQUEST_ID_HEADER, request.requestId);
  applyRateHeaders(request, reply);
  reply.type("application/json; charset=utf-8");
  return reply.send(envelope);
}

// Fastify's own errors that are the client's doing, by FST code. Messages name the fault
// and the fix, as the catalogue's do; none quotes Fastify's text.
function fromFastifyCode(code: string): ApiError | null {
  switch (code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError("unsupported_content_type");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError("file_too_large");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new ApiError("malformed_json", {
        message: "The JSON body is empty. Send a JSON object, or send the PDF as application/pdf.",
      });
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new ApiError("malformed_json");
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new ApiError("invalid_parameter_type", {
        param: "headers.content-length",
        message: "The body's length differs from its Content-Length header. Send the whole body, or correct the header.",
      });
    // A path the router cannot decode or with an over-long segment names no endpoint.
    case "FST_ERR_NOT_FOUND":
    case "FST_ERR_BAD_URL":
    case "FST_ERR_MAX_PARAM_LENGTH":
      return new ApiError("unknown_endpoint");
    case "FST_ERR_VALIDATION":
      return new ApiError("invalid_parameter_type", {
        message: "A parameter has the wrong type or value. Correct it against the API reference.",
      });
    default:
      return null;
  }
}

// Stream errors while the body is read: the client went away or broke the connection.
const bodyStreamCodes = new Set(["ECONNRESET", "ECONNABORTED", "ERR_STREAM_PREMATURE_CLOSE"]);

const unreadable = () =>
  new ApiError("invalid_parameter_type", {
    message: "The request could not be read. Check its headers and that the whole body was sent.",
  });

export interface MappedError {
  error: ApiError;
  /** True when this is a fault of the service: logged at error level with the original. */
  internal: boolean;
}

/** Any thrown value → the ApiError the client sees. Unknown values become internal_error. */
export function apiErrorFrom(err: unknown): MappedError {
  // `overloaded` is an operating condition (the database away, a full queue; /readyz answers
  // it every probe during an outage), logged as a refusal, not as a failure with its stack.
  if (isApiError(err)) return { error: err, internal: err.status >= 500 && err.code !== "overloaded" };
  // The engine's refusals are operating errors (a 504 or 503 among them), never bugs.
  if (isDocumentError(err)) return { error: apiErrorFromDocumentError(err), internal: false };
  if (isStoreUnavailable(err)) return { error: storeUnavailableError(), internal: false };
  const e = (err ?? {}) as Partial<FastifyError> & { code?: unknown; statusCode?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  const status = typeof e.statusCode === "number" ? e.statusCode : 0;
  const client = status >= 400 && status < 500;
  const mapped = fromFastifyCode(code);
  if (mapped) return { error: mapped, internal: false };
  // A custom JSON parser (or an older Fastify) reports bad JSON as a SyntaxError with 400.
  if (client && err instanceof SyntaxError) return { error: new ApiError("malformed_json"), internal: false };
  if (client && (code.startsWith("FST_") || bodyStreamCodes.has(code) || e.message === "aborted")) {
    return { error: unreadable(), internal: false };
  }
  return { error: new ApiError("internal_error"), internal: true };
}

function logMapped(request: FastifyRequest, original: unknown, mapped: MappedError): void {
  if (mapped.internal) {
    // The only place the real error is kept: support finds it by the request id.
    request.log.error({ err: original, code: mapped.error.code }, "request failed");
  } else {
    request.log.info({ code: mapped.error.code, status: mapped.error.status }, "request refused");
  }
}

/** The function app.ts gives `setErrorHandler` (the plugin below does it). */
export function errorHandler(err: unknown, request: FastifyRequest, reply: FastifyReply): void {
  try {
    if (reply.raw.headersSent) {
      // A streamed body failed midway: no envelope can follow the bytes already sent.
      request.log.error({ err }, "response failed after its headers were sent");
      reply.raw.destroy();
      return;
    }
    const mapped = apiErrorFrom(err);
    logMapped(request, err, mapped);
    sendError(reply, request, mapped.error);
  } catch (failure) {
    // Throwing here would hand the error to Fastify's default handler and its non-SPEC
    // body; answer a bare internal_error instead.
    request.log.error({ err: failure, original: err }, "the error handler failed");
    if (!reply.sent) sendError(reply, request, new ApiError("internal_error"));
  }
}

/**
 * Fastify's `frameworkErrors` server option: errors raised before routing (an undecodable
 * URL, an over-long path parameter). These replies run no hooks, so sendError sets every
 * header itself.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  errorHandler(err, request, reply);
}

/** What a raw socket answer needs: the envelope's code and Node's error for the log. */
function clientErrorCode(err: { code?: string }, socket: Socket): ApiError {
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    // Node answers here for both deadlines. A request still without its response object
    // had not finished its headers: that is the header deadline, not the body's.
    const headersDone = Boolean((socket as Socket & { _httpMessage?: unknown })._httpMessage);
    if (headersDone) return new ApiError("request_timeout");
    return new ApiError("request_timeout", {
      message: `The request line and headers did not arrive within ${limits.requestHeadersMsMax / 1000} s. Retry from a faster connection.`,
    });
  }
  if (err.code === "HPE_HEADER_OVERFLOW") {
    // 431 is not a status SPEC.md allows; a 400 naming the headers says the same.
    return new ApiError("invalid_parameter_type", {
      param: "headers",
      message: "The request headers are over the server's size limit. Send fewer or shorter headers.",
    });
  }
  return new ApiError("invalid_parameter_type", {
    message: "The request is not valid HTTP/1.1. Check the client or proxy that sent it.",
  });
}

/**
 * A refusal written before any request object exists (a bad request line, an oversized
 * announced body): the envelope with a fresh request id, the published-default rate headers,
 * and `connection: close`, since the rest of the request is never read.
 */
export function wireRefusal(app: FastifyInstance, error: ApiError): { body: string; headers: Record<string, string> } {
  const requestId = genReqId();
  const body = JSON.stringify(error.toEnvelope(requestId, docsUrlOf(app)));
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
    [REQUEST_ID_HEADER]: requestId,
    ...publishedDefaultHeaders(paidLimitDefaults, Date.now()),
    ...error.headers,
  };
  return { body, headers };
}

/**
 * Fastify's `clientErrorHandler` server option: Node could not parse the request (or it
 * timed out) and there is no request object, only the socket. Same envelope, a fresh request
 * id, the published-default rate headers, then the connection closes as Node's does.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) {
    const error = clientErrorCode(err, socket);
    // Fastify calls this bound to the root instance, where the docs base is decorated.
    const { body, headers } = wireRefusal(this, error);
    const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("");
    socket.write(`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(err);
}

// Envelopes sent without sendError (an idempotent replay of a stored error response) still
// get their code recorded, for metrics and the access log. Only small JSON error bodies are
// looked at.
const envelopeSniffBytesMax = 16 * 1024;

function recordEnvelopeCode(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  if (reply.statusCode < 400 || codes.has(request)) return;
  if (typeof payload !== "string" || payload.length > envelopeSniffBytesMax || !payload.startsWith("{")) return;
  try {
    const code = (JSON.parse(payload) as { error?: { code?: unknown } }).error?.code;
    if (isErrorCode(code)) codes.set(request, code);
  } catch {
    // Not JSON: nothing to record.
  }
}

/**
 * Installs the error handler on the instance it is given (the root: errors everywhere), with
 * the docs base every envelope's doc_url is built on.
 */
export const errorHandlerPlugin = appWide(
  "svc-error-handler",
  (app: FastifyInstance, opts: ErrorHandlerOptions, done?: (err?: Error) => void): void => {
    if (typeof opts?.docsUrl !== "string") throw new Error("errorHandlerPlugin needs { docsUrl }");
    app.decorate("svcDocsUrl", opts.docsUrl);
    app.setErrorHandler(errorHandler);
    app.addHook("onSend", (request, reply, payload, next) => {
      recordEnvelopeCode(request, reply, payload);
      next(null, payload);
    });
    done?.();
  },
);
