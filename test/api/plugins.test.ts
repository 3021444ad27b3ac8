// The cross-cutting API plugins against SPEC.md §Endpoints (common rules), §Errors and
// §Rate-limit mechanics, and DECISIONS.md's clarifications, through `app.inject` on a small
// app with stand-in routes (the real routes are tested beside them).
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, errorEntry, type ErrorCode } from "../../src/errors/catalogue.js";
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors, sendError } from "../../src/api/plugins/error_handler.js";
import { loggerOptions, safeUrl } from "../../src/api/plugins/logging.js";
import { rateHeadersPlugin } from "../../src/api/plugins/rate_headers.js";
import { requestIdPlugin, requestIdServerOptions } from "../../src/api/plugins/request_id.js";
import { registeredRoutes, routeRegistryPlugin } from "../../src/api/plugins/route_registry.js";
import type { Caller } from "../../src/api/types.js";
import { paidLimitDefaults } from "../../src/store/account_limits.js";
import { meterBurst, rateLimitHeaderNames } from "../../src/store/meters.js";

const BODY_LIMIT_BYTES = 1_024;
/** The docs base the error handler is configured with: every doc_url is built on it. */
const DOCS_URL = "http://svc.test/docs";
const internalDetail = "connect ECONNREFUSED 10.0.0.7:5432 at /srv/svc/src/store/db.ts: SELECT secret FROM api_keys";

interface TestApp {
  app: FastifyInstance;
  /** onRequest calls of a stand-in for authentication, registered after the plugins. */
  authCalls: () => number;
  handlerCalls: () => number;
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function buildApp(logStream?: { write(line: string): void }): Promise<TestApp> {
  const app = Fastify({
    ...requestIdServerOptions,
    frameworkErrors,
    clientErrorHandler,
    logger: logStream ? loggerOptions({ level: "info", stream: logStream }) : false,
  });
  apps.push(app);
  // The order app.ts uses: ids, rate headers, errors, 404/405, then everything else.
  requestIdPlugin(app);
  await app.register(rateHeadersPlugin, { defaults: paidLimitDefaults });
  errorHandlerPlugin(app, { docsUrl: DOCS_URL });
  routeRegistryPlugin(app);
  let auth = 0;
  let handlers = 0;
  app.addHook("onRequest", async () => {
    auth += 1;
  });

  app.get("/v1/account", async (request) => {
    handlers += 1;
    // What admission leaves: the requests meter read, the organization's own limits known.
    request.caller = { limits: { ...paidLimitDefaults, pages_per_min: 600 } } as unknown as Caller;
    request.rate.requests = { allowed: true, limit: 120, remaining: 39, resetAt: "2030-01-01T00:00:00.500Z", retryAfterMs: null };
    return { object: "account" };
  });
  app.get("/v1/conversions/:id", async (request) => ({ id: (request.params as { id: string }).id }));
  app.addContentTypeParser("application/pdf", { parseAs: "buffer", bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));
  app.post("/v1/convert", async (request) => {
    handlers += 1;
    return { bytes: (request.body as Buffer).length };
  });
  app.post("/v1/json", async (request) => ({ echo: request.body }));
  app.get("/v1/boom", async () => {
    throw new Error(internalDetail);
  });
  app.get("/v1/fail/:code", async (request) => {
    const { code } = request.params as { code: ErrorCode };
    throw new ApiError(code, { retryAfterMs: 2_500 });
  });
  app.get("/v1/early", async (request, reply) => sendError(reply, request, new ApiError("insufficient_scope")));
  app.get("/v1/markdown-then-fail", async (_request, reply) => {
    reply.type("text/markdown; charset=utf-8");
    throw new ApiError("conversion_timeout", { details: { pages_completed: 3 } });
  });
  app.get("/v1/control", async () => {
    throw new ApiError("unknown_parameter", { message: "bad \u001b[31mname\r\nforged: line\u202e here", param: "x\u0000y" });
  });
  app.get("/v1/log", async (request) => {
    // A careless log call: headers and a password must still not reach the log.
    request.log.info({
      headers: request.headers,
      options: { password: "hunter2", nested: [{ deeper: { document_password: "hunter2" } }] },
      pdf: Buffer.from("%PDF-1.7 SECRETBYTES"),
    }, "dump");
    request.log.warn({ err: new Error("rejected key svc_sk_test_ERRKEY42") }, "key in an error");
    return { ok: true };
  });
  await app.ready();
  return { app, authCalls: () => auth, handlerCalls: () => handlers };
}

function envelopeOf(body: string) {
  return JSON.parse(body) as { error: Record<string, unknown> };
}

describe("SPEC Endpoints: every response carries x-request-id", () => {
  it("on 200, 404, 405, 500 and 413, matching error.request_id", async () => {
    const { app } = await buildApp();
    const responses = await Promise.all([
      app.inject({ method: "GET", url: "/v1/account" }),
      app.inject({ method: "GET", url: "/v1/nowhere" }),
      app.inject({ method: "DELETE", url: "/v1/account" }),
      app.inject({ method: "GET", url: "/v1/boom" }),
      app.inject({ method: "POST", url: "/v1/convert", headers: { "content-type": "application/pdf" }, payload: Buffer.alloc(BODY_LIMIT_BYTES * 2) }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 404, 405, 500, 413]);
    const ids = new Set<string>();
    for (const r of responses) {
      const id = r.headers["x-request-id"] as string;
      expect(id).toMatch(/^req_[0-9A-Za-z]{24}$/);
      ids.add(id);
      if (r.statusCode >= 400) expect(envelopeOf(r.body).error.request_id).toBe(id);
    }
    expect(ids.size).toBe(responses.length);
    // A caller's own id is never adopted.
    const forged = await app.inject({ method: "GET", url: "/v1/account", headers: { "x-request-id": "req_forged" } });
    expect(forged.headers["x-request-id"]).not.toBe("req_forged");
  });

  it("on errors raised before routing (an undecodable URL), through frameworkErrors", async () => {
    const { app } = await buildApp();
    const r = await app.inject({ method: "GET", url: "/v1/conversions/%E0%A4%A" });
    expect(r.statusCode).toBe(404);
    expect(r.headers["content-type"]).toMatch(/^application\/json/);
    expect(envelopeOf(r.body).error.code).toBe("unknown_endpoint");
    expect(envelopeOf(r.body).error.request_id).toBe(r.headers["x-request-id"]);
    for (const name of rateLimitHeaderNames) expect(r.headers[name]).toBeDefined();
  });

  it("on requests Node cannot parse, through clientErrorHandler (JSON envelope on the socket)", async () => {
    const { app } = await buildApp();
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.write("NOT HTTP AT ALL\r\n\r\n"));
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("end", () => resolve(data));
      socket.on("close", () => resolve(data));
      socket.on("error", reject);
    });
    const [head, body] = raw.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/x-request-id: req_[0-9A-Za-z]{24}/);
    expect(head).toMatch(/x-ratelimit-scope: org/);
    expect(envelopeOf(body).error.code).toBe("invalid_parameter_type");
  });
});

describe("SPEC Endpoints: unknown route → 404 unknown_endpoint; wrong method → 405 with Allow", () => {
  it("answers 404 unknown_endpoint as the JSON envelope, under /v1 and anywhere", async () => {
    const { app } = await buildApp();
    for (const url of ["/v1/nowhere", "/v1/conversions", "/", "/index.html", "/v2/convert?x=1"]) {
      const r = await app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(r.statusCode, url).toBe(404);
      expect(r.headers["content-type"]).toMatch(/^application\/json/);
      const { error } = envelopeOf(r.body);
      expect(error).toMatchObject({ type: "not_found_error", code: "unknown_endpoint", retryable: false, param: null });
      expect(r.body).not.toMatch(/<html|Route .* not found/i);
    }
  });

  it("answers 405 method_not_allowed with Allow for a known path, HEAD listed with GET", async () => {
    const { app } = await buildApp();
    const cases: [string, string, string][] = [
      ["DELETE", "/v1/conversions/conv_123", "GET, HEAD"],
      ["POST", "/v1/account", "GET, HEAD"],
      ["OPTIONS", "/v1/account", "GET, HEAD"],
      ["GET", "/v1/convert", "POST"],
      ["PUT", "/v1/convert?pages=1", "POST"],
    ];
    for (const [method, url, allow] of cases) {
      const r = await app.inject({ method: method as "GET", url });
      expect(r.statusCode, `${method} ${url}`).toBe(405);
      expect(r.headers.allow).toBe(allow);
      expect(envelopeOf(r.body).error).toMatchObject({ type: "invalid_request_error", code: "method_not_allowed" });
    }
    const head = await app.inject({ method: "HEAD", url: "/v1/account" });
    expect(head.statusCode).toBe(200);
    expect([...(registeredRoutes(app).get("/v1/conversions/:id") ?? [])].sort()).toEqual(["GET", "HEAD"]);
  });

  it("runs neither authentication nor any handler for a 404 or 405", async () => {
    const { app, authCalls, handlerCalls } = await buildApp();
    await app.inject({ method: "GET", url: "/v1/convert" });
    await app.inject({ method: "POST", url: "/v1/nowhere" });
    expect(authCalls()).toBe(0);
    expect(handlerCalls()).toBe(0);
    await app.inject({ method: "GET", url: "/v1/account" });
    expect(authCalls()).toBe(1);
  });

  it("quotes the caller's path capped and stripped of control characters", async () => {
    const { app } = await buildApp();
    const r = await app.inject({ method: "GET", url: `/v1/${"a".repeat(300)}%1B%5B31m` });
    const message = envelopeOf(r.body).error.message as string;
    expect(message).not.toMatch(/[\u0000-\u001f]/);
    expect(message.length).toBeLessThan(300);
  });
});

describe("SPEC Errors: ApiError rendering", () => {
  it("renders status, type, retryable, doc_url and every envelope field", async () => {
    const { app } = await buildApp();
    const r = await app.inject({ method: "GET", url: "/v1/fail/insufficient_credits" });
    expect(r.statusCode).toBe(402);
    const { error } = envelopeOf(r.body);
    expect(Object.keys(error).sort()).toEqual(["code", "details", "doc_url", "message", "param", "request_id", "retry_after_ms", "retryable", "type"]);
    expect(error).toMatchObject({ type: "payment_required_error", code: "insufficient_credits", retryable: false, message: errorEntry("insufficient_credits").message });
    expect(error.doc_url).toBe(`${DOCS_URL}/errors#insufficient_credits`);
  });

  it("401s carry WWW-Authenticate", async () => {
    const { app } = await buildApp();
    for (const code of ["missing_api_key", "invalid_api_key", "revoked_api_key", "expired_api_key"]) {
      const r = await app.inject({ method: "GET", url: `/v1/fail/${code}` });
      expect(r.statusCode).toBe(401);
      expect(r.headers["www-authenticate"]).toBe('Bearer realm="svc", error="invalid_token"');
      expect(envelopeOf(r.body).error.type).toBe("authentication_error");
    }
  });

  it("429, 503 and 409 idempotency_in_progress carry Retry-After that agrees with retry_after_ms", async () => {
    const { app } = await buildApp();
    for (const [code, status] of [["rate_limit_requests", 429], ["overloaded", 503], ["idempotency_in_progress", 409]] as const) {
      const r = await app.inject({ method: "GET", url: `/v1/fail/${code}` });
      expect(r.statusCode).toBe(status);
      const { error } = envelopeOf(r.body);
      expect(r.headers["retry-after"]).toBe("3"); // 2.5 s rounded up to whole seconds
      expect(error.retry_after_ms).toBe(Number(r.headers["retry-after"]) * 1_000);
      expect(error.retryable).toBe(true);
    }
    const noWait = await app.inject({ method: "GET", url: "/v1/fail/pdf_invalid" });
    expect(noWait.headers["retry-after"]).toBeUndefined();
  });

  it("sendError answers early with the same envelope", async () => {
    const { app } = await buildApp();
    const r = await app.inject({ method: "GET", url: "/v1/early" });
    expect(r.statusCode).toBe(403);
    expect(envelopeOf(r.body).error).toMatchObject({ type: "permission_error", code: "insufficient_scope" });
    expect(r.headers["x-ratelimit-scope"]).toBe("org");
  });

  it("replaces a handler's Markdown content type with JSON when it fails", async () => {
    const { app } = await buildApp();
    const r = await app.inject({ method: "GET", url: "/v1/markdown-then-fail" });
    expect(r.statusCode).toBe(504);
    expect(r.headers["content-type"]).toMatch(/^application\/json/);
    expect(envelopeOf(r.body).error.details).toEqual({ pages_completed: 3 });
  });

  it("message rules: control and bidi characters are stripped from the final message and param", async () => {
    const { app } = await buildApp();
    const { error } = envelopeOf((await app.inject({ method: "GET", url: "/v1/control" })).body);
    expect(error.message).toBe("bad [31mnameforged: line here");
    expect(error.param).toBe("xy");
  });
});

describe("SPEC Errors: internal failures and Fastify's own errors", () => {
  it("an unexpected exception is 500 internal_error with no stack, path, host or SQL", async () => {
    const { app } = await buildApp();
    const r = await app.inject({ method: "GET", url: "/v1/boom" });
    expect(r.statusCode).toBe(500);
    const { error } = envelopeOf(r.body);
    expect(error).toMatchObject({ type: "api_error", code: "internal_error", retryable: true, message: errorEntry("internal_error").message });
    for (const leak of ["10.0.0.7", "/srv/", "SELECT", "ECONNREFUSED", "stack", "db.ts"]) expect(r.body).not.toContain(leak);
  });

  it("a body over Fastify's limit is 413 file_too_large", async () => {
    const { app } = await buildApp();
    const r = await app.inject({ method: "POST", url: "/v1/convert", headers: { "content-type": "application/pdf" }, payload: Buffer.alloc(BODY_LIMIT_BYTES + 1) });
    expect(r.statusCode).toBe(413);
    expect(envelopeOf(r.body).error).toMatchObject({ type: "invalid_request_error", code: "file_too_large" });
  });

  it("bad or empty JSON is 400 malformed_json; an unknown media type is 415", async () => {
    const { app } = await buildApp();
    const bad = await app.inject({ method: "POST", url: "/v1/json", headers: { "content-type": "application/json" }, payload: '{"source":' });
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad.body).error.code).toBe("malformed_json");
    const empty = await app.inject({ method: "POST", url: "/v1/json", headers: { "content-type": "application/json" }, payload: "" });
    expect(empty.statusCode).toBe(400);
    expect(envelopeOf(empty.body).error.code).toBe("malformed_json");
    const xml = await app.inject({ method: "POST", url: "/v1/json", headers: { "content-type": "application/xml" }, payload: "<a/>" });
    expect(xml.statusCode).toBe(415);
    expect(envelopeOf(xml.body).error).toMatchObject({ type: "invalid_request_error", code: "unsupported_content_type" });
  });
});

describe("SPEC Limits: the x-ratelimit-* set on every response", () => {
  it("carries all nine headers on successes and errors alike", async () => {
    const { app } = await buildApp();
    for (const [method, url] of [["GET", "/v1/account"], ["GET", "/v1/nowhere"], ["PATCH", "/v1/account"], ["GET", "/v1/boom"], ["GET", "/v1/fail/invalid_api_key"]] as const) {
      const r = await app.inject({ method, url });
      for (const name of rateLimitHeaderNames) expect(r.headers[name], `${name} on ${method} ${url}`).toBeDefined();
      expect(r.headers["x-ratelimit-scope"]).toBe("org");
    }
  });

  it("DECISIONS: with no organization, the published defaults with nothing consumed", async () => {
    const { app } = await buildApp();
    const before = Date.now();
    const r = await app.inject({ method: "GET", url: "/v1/fail/missing_api_key" });
    expect(r.headers).toMatchObject({
      "x-ratelimit-limit-requests": "120",
      "x-ratelimit-remaining-requests": "40",
      "x-ratelimit-limit-pages": "12000",
      "x-ratelimit-remaining-pages": String(meterBurst("pages", 12_000)),
      "x-ratelimit-limit-concurrency": "4",
      "x-ratelimit-remaining-concurrency": "4",
    });
    for (const name of ["x-ratelimit-reset-requests", "x-ratelimit-reset-pages"]) {
      const reset = Date.parse(r.headers[name] as string);
      expect(r.headers[name]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      expect(reset).toBeGreaterThanOrEqual(before - 1_000);
      expect(reset).toBeLessThanOrEqual(Date.now() + 1_000);
    }
  });

  it("uses admission's readings, and fills the parts it did not read at the organization's limits", async () => {
    const { app } = await buildApp();
    const r = await app.inject({ method: "GET", url: "/v1/account" });
    expect(r.headers).toMatchObject({
      "x-ratelimit-limit-requests": "120",
      "x-ratelimit-remaining-requests": "39",
      "x-ratelimit-reset-requests": "2030-01-01T00:00:00.500Z",
      "x-ratelimit-limit-pages": "600",
      "x-ratelimit-remaining-pages": String(meterBurst("pages", 600)),
      "x-ratelimit-limit-concurrency": "4",
    });
  });
});

describe("Logging: request id on every line, secrets redacted", () => {
  it("never writes the Authorization value, cookies, x-api-key, a query password or a key in the query", async () => {
    const lines: string[] = [];
    const { app } = await buildApp({ write: (line) => void lines.push(line) });
    const r = await app.inject({
      method: "GET",
      url: "/v1/log?pages=913-917&password=hunter2&k=svc_sk_live_QUERYKEY",
      headers: { authorization: "Bearer svc_sk_live_SECRETKEY123", cookie: "session=COOKIEVAL", "x-api-key": "XAPIKEYVAL" },
    });
    expect(r.statusCode).toBe(200);
    await app.inject({ method: "GET", url: "/v1/boom" });
    const text = lines.join("");
    for (const secret of ["hunter2", "SECRETKEY123", "COOKIEVAL", "XAPIKEYVAL", "QUERYKEY", "SECRETBYTES", "ERRKEY42"]) {
      expect(text).not.toContain(secret);
    }
    // Bytes are logged as their size only, and logging them does not fail the request.
    expect(text).toContain('"pdf":"[20 bytes]"');
    const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.every((rec) => rec.reqId === undefined || /^req_/.test(rec.reqId as string))).toBe(true);
    const mine = records.filter((rec) => rec.reqId === r.headers["x-request-id"]);
    expect(mine.map((rec) => rec.msg)).toEqual(expect.arrayContaining(["incoming request", "dump", "request completed"]));
    // Query values are logged by name only (issue 12 item 8).
    expect(JSON.stringify(mine)).toContain("/v1/log?pages&password&k");
    // A value no timestamp holds: "1-3" was found in "2026-11-30T…" and failed the test that day.
    expect(JSON.stringify(mine)).not.toContain("913-917");
    // The real error of a 500 is in the log (and only there), bound to its request id.
    const failure = records.find((rec) => rec.msg === "request failed");
    expect(JSON.stringify(failure)).toContain("ECONNREFUSED");
  });

  it("safeUrl logs query parameters by name only and masks keys in the path to their hint", () => {
    expect(safeUrl("/v1/convert?pages=1-5&engine=svc-md-1")).toBe("/v1/convert?pages&engine");
    expect(safeUrl("/v1/convert?Password=x&api_key=y&token=z&q=svc_sk_test_abc")).toBe("/v1/convert?Password&api_key&token&q");
    const key = `svc_sk_live_${"A".repeat(32)}Zz9Yx8`;
    expect(safeUrl(`/v1/conversions/${key}?${key}=1`)).toBe("/v1/conversions/svc_sk_live_Yx8?svc_sk_live_Yx8".replace(/Yx8/g, "9Yx8"));
    expect(safeUrl(`/v1/${"x".repeat(2_000)}`).length).toBeLessThanOrEqual(513);
  });
});
