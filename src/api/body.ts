// The request body of POST /v1/convert and /v1/toc (SPEC.md §POST /v1/convert, encodings):
// which of the three encodings was used, and the PDF bytes read under the size limit and the
// body deadline. Options are returned unparsed; src/api/options.ts reads them.
//
// Fastify must leave the body unread. Its built-in parsers for application/json and
// text/plain buffer the whole body (up to bodyLimit, 1 MiB) before any handler runs, and a
// catch-all "*" parser does not replace them: getParser() tries the exact media type first.
// So the scope that registers these routes does, before they are added:
//   app.removeAllContentTypeParsers();
//   app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
// The "*" parser also runs for a body sent with no Content-Type. A body-less request with no
// Content-Type skips parsing; a Content-Type Fastify cannot parse as a media type is refused
// by Fastify itself with FST_ERR_CTP_INVALID_MEDIA_TYPE (415), which the error handler maps
// to unsupported_content_type. This module then reads request.raw itself (pumpBody, in
// src/http/body_pump.ts), so no preParsing hook may replace the payload stream on these routes.
//
// An error raised while the body is still unread carries `Connection: close` in its headers
// (mustCloseConnection), and the response must send it: keeping the connection alive would
// mean reading the rest of a refused upload, as long as the client cares to send. The socket
// then closes gently (closeGently) so that a client still sending can read the error.
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { FastifyRequest } from "fastify";
import { ApiError, formatBytes, sanitizeCallerString } from "../errors/catalogue.js";
import { collectSink, mustCloseConnection, pumpBody, type BodyLimits } from "../http/body_pump.js";
import { createMultipartSink } from "./multipart.js";

export interface PdfRequestBody {
  encoding: "raw" | "multipart" | "json";
  /** The PDF bytes; never null on success (JSON file_id sources are refused). */
  pdf: Buffer;
  /** Multipart `password` part (UTF-8 text), else undefined. */
  password?: string;
  /** Multipart `options` part parsed as JSON (must be an object), else undefined. */
  options?: unknown;
  /** Query parameters as given (raw encoding only; the caller parses them as scalar options). */
  query: Record<string, string | string[]>;
  bytesRead: number;
}

export async function readPdfRequest(
  request: FastifyRequest,
  limits: BodyLimits,
  signal?: AbortSignal,
): Promise<PdfRequestBody> {
  try {
    return await readBody(request, limits, signal);
  } catch (err) {
    if (mustCloseConnection(err)) closeGently(request.raw);
    throw err;
  }
}

async function readBody(request: FastifyRequest, limits: BodyLimits, signal?: AbortSignal): Promise<PdfRequestBody> {
  const raw = request.raw;
  const contentType = request.headers["content-type"];
  const query = queryOf(request.query);
  const hasBody = bodyAnnounced(raw);
  // Refusals before reading close the connection only when a body follows them.
  const refuse = (code: ApiError["code"], options: ErrorOptions): ApiError =>
    new ApiError(code, hasBody ? { ...options, headers: { connection: "close" } } : options);
  if (contentType === undefined) {
    // Nothing at all was sent: that is "no PDF supplied", not a wrong encoding.
    if (!hasBody) throw new ApiError("missing_source");
    throw refuse("unsupported_content_type", { message: "The request has a body but no Content-Type. Send the PDF with Content-Type: application/pdf, or as multipart/form-data." });
  }
  const mediaType = contentType.split(";", 1)[0].trim().toLowerCase();
  const encoding = encodingOf(mediaType);
  if (encoding === null) {
    throw refuse("unsupported_content_type", {
      message: `Content-Type "${sanitizeCallerString(mediaType)}" is not application/pdf, multipart/form-data or application/json. Send the PDF in one of these encodings.`,
    });
  }
  // SPEC.md encoding rule 1, checked before a byte of the body is read.
  const firstQueryKey = Object.keys(query)[0];
  if (encoding !== "raw" && firstQueryKey !== undefined) {
    throw refuse("query_options_not_allowed", {
      param: firstQueryKey,
      message: encoding === "multipart"
        ? "Query parameters cannot accompany a multipart body. Move the options into the part named options."
        : "Query parameters cannot accompany a JSON body. Remove the query string.",
    });
  }
  const declared = Number(raw.headers["content-length"]);
  if (Number.isSafeInteger(declared) && declared > limits.maxBytes) {
    throw refuse("file_too_large", {
      message: `Content-Length ${declared} is over ${formatBytes(limits.maxBytes)}, the upload limit. Send a smaller PDF, or split it into parts.`,
      details: { max_bytes: limits.maxBytes },
    });
  }
  if (encoding === "multipart") {
    const { value, bytesRead } = await pumpBody(raw, limits, signal, (control) => createMultipartSink(contentType, limits.maxBytes, control));
    return { encoding, pdf: value.pdf, password: value.password, options: value.options, query, bytesRead };
  }
  const { value, bytesRead } = await pumpBody(raw, limits, signal, () => collectSink());
  if (encoding === "json") return refuseJsonSource(value);
  if (bytesRead === 0) throw new ApiError("missing_source", { message: "The application/pdf body is empty. Send the PDF bytes as the body." });
  return { encoding, pdf: value, query, bytesRead };
}

function encodingOf(mediaType: string): PdfRequestBody["encoding"] | null {
  if (mediaType === "application/pdf") return "raw";
  if (mediaType === "multipart/form-data") return "multipart";
  if (mediaType === "application/json") return "json";
  return null;
}

function bodyAnnounced(raw: IncomingMessage): boolean {
  const length = raw.headers["content-length"];
  return raw.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

type ErrorOptions = ConstructorParameters<typeof ApiError>[1];

/** Fastify's default query parser gives strings and arrays of strings; anything else is coerced. */
function queryOf(value: unknown): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  if (typeof value !== "object" || value === null) return query;
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    query[key] = Array.isArray(item) ? item.map(String) : String(item);
  }
  return query;
}

function ignore(): void {}

/** After refusing an unread body: how long, and how many more bytes, we wait for the client to hang up. */
export const lingerMsMax = 2_000; // 2 s: ample for a client to read a small error response
export const lingerBytesMax = 1024 * 1024; // 1 MiB read and discarded at most

/**
 * Node ends a `Connection: close` response with socket.destroySoon(): close() while upload
 * bytes sit unread makes the kernel send RST, and a client still writing its body then loses
 * the error response (it sees ECONNRESET, not the 413). So this socket half-closes instead
 * (a lingering close, as nginx does) and is destroyed when the client hangs up, after
 * lingerMsMax, or once lingerBytesMax more bytes arrived.
 */
function closeGently(raw: IncomingMessage): void {
  const socket = raw.socket;
  if (socket.destroyed) return;
  socket.destroySoon = function lingeringClose(this: Socket): void {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), lingerMsMax).unref();
    this.once("close", () => clearTimeout(timer));
    let discarded = 0;
    // Reading, and dropping, is what lets us see the client's FIN.
    raw.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > lingerBytesMax) this.destroy();
    });
    raw.on("error", ignore);
    raw.resume();
  };
}

/**
 * For an error answered before the body was read to its end by anyone — a refusal at
 * admission (401, 403, 402, 429) or on a route that never reads it: closes the connection
 * gently, as this module's own refusals do, instead of letting Node read and discard the
 * rest of the upload (however long a chunked one runs) to keep the connection alive. True
 * when the response must carry `Connection: close`.
 */
export function closeIfBodyUnread(raw: IncomingMessage): boolean {
  // `complete` is Node's own flag (false until the whole message arrived); injected test
  // requests lack it and are never closed here.
  if (!bodyAnnounced(raw) || raw.complete !== false || raw.readableEnded) return false;
  closeGently(raw);
  return true;
}

// JSON encoding: `{source: {type: "file_id", file_id}}` (SPEC.md). No upload exists in this
// release, so every well-formed body ends in 404 file_not_found (DECISIONS.md), billed 0.
// `options` is accepted beside `source` (SPEC.md puts JSON options "none in query", i.e. in
// the body); it is only type-checked, since no JSON request reaches conversion yet.
function refuseJsonSource(bytes: Buffer): never {
  if (bytes.length === 0) throw new ApiError("missing_source", { message: "The JSON body is empty. Send {\"source\": {\"type\": \"file_id\", \"file_id\": \"...\"}}, or send the PDF as application/pdf." });
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new ApiError("malformed_json");
  }
  if (!isPlainObject(body)) {
    throw new ApiError("invalid_parameter_type", { message: `The JSON body is ${typeName(body)}, not an object. Send {"source": {"type": "file_id", "file_id": "..."}}.` });
  }
  rejectUnknownKeys(body, ["source", "options"], "", "The JSON body has only source and options.");
  if (body.options !== undefined && !isPlainObject(body.options)) {
    throw new ApiError("invalid_parameter_type", { param: "options", message: `options is ${typeName(body.options)}, not an object. Send options as a JSON object.` });
  }
  const source = body.source;
  if (source === undefined || source === null) throw new ApiError("missing_source", { param: "source" });
  if (!isPlainObject(source)) {
    throw new ApiError("invalid_parameter_type", { param: "source", message: `source is ${typeName(source)}, not an object. Send {"type": "file_id", "file_id": "..."}.` });
  }
  const type = source.type;
  if (type === "base64" || type === "url") {
    throw new ApiError("unsupported_source_type", { param: "source.type", message: `Source type ${type} is not supported. Send the PDF bytes as application/pdf or multipart/form-data.` });
  }
  if (type !== "file_id") {
    const given = typeof type === "string" ? `"${sanitizeCallerString(type)}"` : typeName(type);
    throw new ApiError("invalid_parameter_type", { param: "source.type", message: `source.type is ${given}; the accepted value is "file_id".` });
  }
  rejectUnknownKeys(source, ["type", "file_id"], "source.", "A file_id source has only type and file_id.");
  const fileId = source.file_id;
  if (typeof fileId !== "string" || fileId.length === 0) {
    throw new ApiError("invalid_parameter_type", { param: "source.file_id", message: `source.file_id is ${typeName(fileId)}; send the identifier as a non-empty string.` });
  }
  const message = `No file has the file_id "${sanitizeCallerString(fileId)}": uploads are not enabled in this release. Send the PDF as application/pdf or multipart/form-data.`;
  throw new ApiError("file_not_found", { param: "source.file_id", message });
}

function rejectUnknownKeys(value: Record<string, unknown>, known: readonly string[], prefix: string, fix: string): void {
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown === undefined) return;
  const param = prefix + unknown;
  throw new ApiError("unknown_parameter", { param, message: `The JSON field ${sanitizeCallerString(param)} is not recognised. ${fix}` });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function typeName(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string" && value.length === 0) return "an empty string";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
