// Logger options for Fastify's pino: one JSON object per line, every request line bound to the
// request id (`reqId`, the same `req_<id>` the client sees in x-request-id and the envelope),
// and nothing a log reader must not see.
//
// What is never logged: API keys (Authorization, cookies, x-api-key-like headers, a key a
// client mistakenly put in the query), passwords (a document password anywhere in a logged
// object or the query), the PDF bytes and the Markdown. Fastify logs no bodies and no headers
// by default; the serializers below keep it that way for requests, responses and errors, and
// a scrub of every line's fields catches the same values if some other log call passes them.
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { KEY_CHARS, keyHint } from "../../store/key_format.js";
import { responseErrorCode } from "./error_handler.js";

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions["logger"]>, boolean>;

export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevelName = (typeof logLevels)[number];

export interface LoggingSetup {
  /** Usually env.LOG_LEVEL; else process.env.LOG_LEVEL; else info. */
  level?: string;
  /** Where lines go (tests capture them); stdout by default. */
  stream?: { write(line: string): void };
}

const REDACTED = "[REDACTED]";

/** Logged URLs are cut here: a hostile query string must not fill the log. */
const loggedUrlCharsMax = 512;
/** Logged strings in errors are cut here: no Markdown or document text in the log. */
const loggedStringCharsMax = 2_048;

// Anything shaped like an API key (src/store/key_format.ts: prefix, 32 random, 6 checksum) is
// logged as its hint, the prefix and the last four characters the console shows too; a
// shorter run after a key prefix (a truncated or mistyped key) keeps its prefix only.
const apiKeyPrefixed = /svc_sk_(?:live|test)_[0-9A-Za-z]*/gi;
const apiKeyShaped = new RegExp(`^svc_sk_(?:live|test)_[0-9A-Za-z]{${KEY_CHARS - 12}}$`);

/** `text` with every API key masked to its hint and every other key-prefixed run cut. */
export function maskKeys(text: string): string {
  return text.replace(apiKeyPrefixed, (run) => (apiKeyShaped.test(run) ? keyHint(run) : `${run.slice(0, 12)}${REDACTED}`));
}

/**
 * The path with keys masked, and the query by parameter names only: a value can be a
 * password, a key or caller text, and none of them belongs in the log (issue 12 item 8).
 */
export function safeUrl(url: string): string {
  const q = url.indexOf("?");
  let out = maskKeys(q === -1 ? url : url.slice(0, q));
  if (q !== -1) {
    const names = url.slice(q + 1).split("&").filter((pair) => pair !== "").map((pair) => {
      const eq = pair.indexOf("=");
      return maskKeys(eq === -1 ? pair : pair.slice(0, eq));
    });
    out += `?${names.join("&")}`;
  }
  return out.length <= loggedUrlCharsMax ? out : `${out.slice(0, loggedUrlCharsMax)}…`;
}

function requestSerializer(request: FastifyRequest): Record<string, unknown> {
  const contentLength = request.headers?.["content-length"];
  return {
    method: request.method,
    url: safeUrl(request.url ?? ""),
    contentType: request.headers?.["content-type"],
    contentLength: contentLength === undefined ? undefined : Number(contentLength),
    remoteAddress: request.ip,
  };
}

function responseSerializer(reply: Partial<FastifyReply> & { statusCode: number }): { statusCode: number; [key: string]: unknown } {
  const request = reply.request;
  const code = request ? responseErrorCode(request) : undefined;
  return code === undefined ? { statusCode: reply.statusCode } : { statusCode: reply.statusCode, code };
}

/** Bytes and long text never reach the log; keys quoted in text are cut out. */
function scrub(value: unknown): unknown {
  if (typeof value === "string") {
    const text = maskKeys(value);
    return text.length <= loggedStringCharsMax ? text : `${text.slice(0, loggedStringCharsMax)}…[${text.length} chars]`;
  }
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  return value;
}

// Field names whose values are credentials wherever they appear in a logged object.
const secretField = /authorization|cookie|passw|secret|token|api[-_]?key/i;
/** Logged objects are walked this deep; deeper values are summarised, not followed. */
const scrubDepthMax = 6;
// Fields the serializers own: a Fastify request or reply is not walked, it is serialized.
const serializedFields = new Set(["req", "res", "err"]);

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Plain objects and arrays, copied with secrets, bytes and long text replaced. */
function scrubDeep(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== "object") return scrub(value);
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return scrub(value);
  if (Array.isArray(value)) {
    return depth >= scrubDepthMax ? `[array of ${value.length}]` : value.map((v) => scrubDeep(v, depth + 1));
  }
  // Class instances (errors, dates, streams) are left to pino's own stringify.
  if (!isPlain(value)) return value;
  if (depth >= scrubDepthMax) return "[object]";
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = secretField.test(k) ? REDACTED : scrubDeep(v, depth + 1);
  return out;
}

/**
 * pino's `formatters.log`: runs on every line's own fields before the serializers. We scrub
 * here rather than with pino's `redact` paths: its wildcard paths walk into Buffers and
 * throw (a log call carrying bytes would fail the request), and paths only catch the
 * depths someone thought of.
 */
function scrubLogObject(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(object)) {
    if (serializedFields.has(k)) out[k] = v;
    else out[k] = secretField.test(k) ? REDACTED : scrubDeep(v, 1);
  }
  return out;
}

// Own fields of an error worth keeping. `details`, `headers`, request or response objects a
// library hangs on its errors are left out: they can carry caller data or credentials.
const errorFields = ["code", "statusCode", "status", "param", "errno", "syscall"] as const;
const causeDepthMax = 3;

function errorSerializer(err: Error, depth = 0): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: String(scrub(String(err))), stack: "" };
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: err.name || err.constructor?.name || "Error",
    message: String(scrub(err.message)),
    stack: String(scrub(err.stack ?? "")),
  };
  for (const f of errorFields) {
    const value: unknown = Reflect.get(err, f);
    if (value !== undefined) out[f] = scrub(value);
  }
  if (err.cause !== undefined && depth < causeDepthMax) {
    out.cause = err.cause instanceof Error ? errorSerializer(err.cause, depth + 1) : scrub(err.cause);
  }
  return out;
}

function levelOf(setup: LoggingSetup): LogLevelName {
  const wanted = setup.level ?? process.env.LOG_LEVEL ?? "info";
  // pino throws on an unknown level; a typo in the environment must not stop the service.
  return (logLevels as readonly string[]).includes(wanted) ? (wanted as LogLevelName) : "info";
}

/**
 * Fastify's `logger` option. Request lines carry `reqId`: Fastify's default label, bound to
 * `request.id`, which request_id.ts's `genReqId` makes the `req_<id>`.
 */
export function loggerOptions(setup: LoggingSetup = {}): LoggerOptions {
  const options: LoggerOptions = {
    level: levelOf(setup),
    formatters: { log: scrubLogObject },
    // The message and its format arguments are strings the formatter never sees: mask them too.
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === "string" ? String(scrub(a)) : a)) as Parameters<typeof method>);
      },
    },
    serializers: {
      req: requestSerializer as never,
      res: responseSerializer as never,
      err: errorSerializer as never,
    },
    // Machine-read JSON: ISO times, and no pid or hostname (the platform adds where it runs).
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    base: null,
  };
  if (setup.stream) options.stream = setup.stream;
  return options;
}
