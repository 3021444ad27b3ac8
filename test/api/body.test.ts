// readPdfRequest against a real listening Fastify server and bare sockets, one block per
// SPEC.md §POST /v1/convert rule: the three encodings, 415, 400s, 413 file_too_large
// (by Content-Length and while streaming) and 408 request_timeout (body deadline).
import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lingerBytesMax, readPdfRequest } from "../../src/api/body.js";
import { optionsPartBytesMax } from "../../src/api/multipart.js";
import { limits as specLimits } from "../../src/config/limits.js";
import { ApiError, isApiError } from "../../src/errors/catalogue.js";
import { mustCloseConnection, type BodyLimits } from "../../src/http/body_pump.js";
import { chunkFrame, lastChunk, multipartBody, RawExchange, sendRequest, streamChunked, type RawResponse } from "../support/http.js";

const maxBytes = 64 * 1024; // small, so the size rules are cheap to exercise
const testLimits: BodyLimits = { maxBytes, bodyDeadlineMs: 2_000 };
const shortLimits: BodyLimits = { maxBytes, bodyDeadlineMs: 300 };
const boundary = "----svcTestBoundary7MA4YWxkTrZu0gW";
const multipartType = `multipart/form-data; boundary=${boundary}`;

interface Outcome {
  code: string;
  socketBytesAtError: number;
  /** Set when the server's socket closes: what the lingering close read in all. */
  socketBytesAtClose?: number;
}
const outcomes = new Map<string, Outcome>();

let app: FastifyInstance;
let port: number;

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

beforeAll(async () => {
  app = Fastify();
  // The way the app leaves the body unread (src/api/body.ts module comment).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
  const route = (path: string, bodyLimits: BodyLimits, signal?: () => AbortSignal) =>
    app.post(path, async (request, reply) => {
      try {
        const body = await readPdfRequest(request, bodyLimits, signal?.());
        return { encoding: body.encoding, bytes: body.pdf.length, sha256: sha256(body.pdf), password: body.password ?? null, options: body.options ?? null, query: body.query, bytesRead: body.bytesRead };
      } catch (err) {
        if (!isApiError(err)) throw err;
        const socketBytesAtError = request.raw.socket.bytesRead;
        const id = request.headers["x-test-id"];
        if (typeof id === "string") {
          const outcome: Outcome = { code: err.code, socketBytesAtError };
          outcomes.set(id, outcome);
          request.raw.socket.once("close", () => (outcome.socketBytesAtClose = request.raw.socket.bytesRead));
        }
        reply.code(err.status).headers(err.headers);
        return err.toEnvelope("req_test", "http://svc.test/docs");
      }
    });
  route("/convert", testLimits);
  route("/convert-short", shortLimits);
  route("/convert-spec", { maxBytes: specLimits.uploadBytesMax, bodyDeadlineMs: 2_000 });
  route("/convert-abort", testLimits, () => AbortSignal.timeout(150));
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  port = typeof address === "object" && address !== null ? address.port : 0;
});

afterAll(() => app.close());

function expectError(res: RawResponse, status: number, code: string, param: string | null = null) {
  const body = res.json();
  expect({ status: res.status, code: body.error.code, param: body.error.param }).toEqual({ status, code, param });
  expect(body.error.request_id).toBe("req_test");
  return body.error;
}

const pdfLike = (size: number): Buffer => {
  // Random bytes with a PDF header and things a sloppy parser would trip on: CRLFs,
  // boundary-like dashes, NULs.
  const bytes = randomBytes(size);
  Buffer.from("%PDF-1.7\r\n--").copy(bytes, 0);
  Buffer.from(`\r\n--${boundary.slice(0, -1)}X\r\n\0\0`).copy(bytes, Math.floor(size / 2));
  return bytes;
};

describe("encoding: raw bytes (application/pdf)", () => {
  it("returns the body byte for byte, with query parameters for the caller", async () => {
    const pdf = pdfLike(40_000);
    const res = await sendRequest(port, { path: "/convert?pages=1-3&debug=true&tag=a&tag=b", headers: { "content-type": "application/pdf" } }, pdf);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ encoding: "raw", bytes: pdf.length, sha256: sha256(pdf), password: null, options: null, query: { pages: "1-3", debug: "true", tag: ["a", "b"] }, bytesRead: pdf.length });
  });

  it("reads a chunked body, and a body of exactly maxBytes", async () => {
    const pdf = pdfLike(maxBytes);
    const exchange = await RawExchange.open(port, { path: "/convert", headers: { "content-type": "application/pdf; charset=binary", "transfer-encoding": "chunked" } });
    for (const part of [pdf.subarray(0, 1000), pdf.subarray(1000, 30_000), pdf.subarray(30_000)]) await exchange.write(chunkFrame(part));
    await exchange.write(lastChunk);
    const res = await exchange.response;
    exchange.destroy();
    expect(res.json()).toMatchObject({ encoding: "raw", bytes: maxBytes, sha256: sha256(pdf) });
  });

  it("rule 4: an empty application/pdf body is 400 missing_source", async () => {
    const res = await sendRequest(port, { path: "/convert", headers: { "content-type": "application/pdf" } }, "");
    expectError(res, 400, "missing_source");
  });

  it("rule 4: an empty POST with no Content-Type is 400 missing_source, not 415", async () => {
    const res = await sendRequest(port, { path: "/convert", headers: { "content-length": 0 } });
    expectError(res, 400, "missing_source");
  });
});

describe("rule 2: other Content-Types are 415 unsupported_content_type", () => {
  it.each(["text/plain", "multipart/mixed; boundary=x", "application/x-www-form-urlencoded", "application/octet-stream"])("%s", async (contentType) => {
    const res = await sendRequest(port, { path: "/convert", headers: { "content-type": contentType } }, "%PDF-1.7");
    const error = expectError(res, 415, "unsupported_content_type");
    expect(error.message).toContain(contentType.split(";")[0]);
    expect(res.headers.connection).toBe("close");
  });

  it("a body with no Content-Type", async () => {
    const res = await sendRequest(port, { path: "/convert" }, "%PDF-1.7");
    expectError(res, 415, "unsupported_content_type");
  });
});

describe("encoding: multipart (parts file, options, password)", () => {
  it("returns the file byte for byte, the options object and the UTF-8 password", async () => {
    const pdf = pdfLike(30_000);
    const body = multipartBody(boundary, [
      { name: "options", data: JSON.stringify({ pages: "1-2", normalize: { unicode: "nfc" } }), contentType: "application/json" },
      { name: "password", data: "pässwörd ✓" },
      { name: "file", data: pdf, filename: "report.pdf", contentType: "application/pdf" },
    ]);
    const res = await sendRequest(port, { path: "/convert", headers: { "content-type": multipartType } }, body);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ encoding: "multipart", bytes: pdf.length, sha256: sha256(pdf), password: "pässwörd ✓", options: { pages: "1-2", normalize: { unicode: "nfc" } }, query: {}, bytesRead: body.length });
  });

  it("accepts the file part with any filename or content type, and options typed text/plain", async () => {
    const pdf = pdfLike(5_000);
    const body = multipartBody(boundary, [
      { name: "file", data: pdf },
      { name: "options", data: "{}", contentType: "text/plain; charset=utf-8" },
    ]);
    const res = await sendRequest(port, { path: "/convert", headers: { "content-type": multipartType } }, body);
    expect(res.json()).toMatchObject({ encoding: "multipart", sha256: sha256(pdf), options: {}, password: null });
  });

  it("another part name is 400 unknown_parameter naming the part", async () => {
    const body = multipartBody(boundary, [{ name: "file", data: pdfLike(1000) }, { name: "pages", data: "1-5" }]);
    const res = await sendRequest(port, { path: "/convert", headers: { "content-type": multipartType } }, body);
    expectError(res, 400, "unknown_parameter", "pages");
  });

  it("rule 4: two file parts are 400 multiple_sources", async () => {
    const body = multipartBody(boundary, [{ name: "file", data: pdfLike(1000) }, { name: "file", data: pdfLike(1000) }]);
    const res = await sendRequest(port, { path: "/convert", headers: { "content-type": multipartType } }, body);
    expectError(res, 400, "multiple_sources", "file");
  });

  it("rule 4: no file part, or an empty one, is 400 missing_source", async () => {
    const noFile = multipartBody(boundary, [{ name: "options", data: "{}" }]);
    expectError(await sendRequest(port, { path: "/convert", headers: { "content-type": multipartType } }, noFile), 400, "missing_source");
    const empty = multipartBody(boundary, [{ name: "file", data: "" }]);
    expectError(await sendRequest(port, { path: "/convert", headers: { "content-type": multipartType } }, empty), 400, "missing_source", "file");
  });

  it.each([["{pages: 1", "malformed_json"], ["\xff\xfe{}", "malformed_json"], ["[1,2]", "invalid_parameter_type"], ["null", "invalid_parameter_type"], ['"1-5"', "invalid_parameter_type"]])(
    "rule 5: options part %j is 400 %s, param options",
    async (text, code) => {
      const data = Buffer.from(text, "latin1");
      const body = multipartBody(boundary, [{ name: "options", data, contentType: "application/json" }, { name: "file", data: pdfLike(1000) }]);
      const res = await sendRequest(port, { path: "/convert", headers: { "content-type": multipartType } }, body);
      expectError(res, 400, code, "options");
    },
  );

  it("part faults: a non-UTF-8 password, a repeated options part, an encoded part, a nameless part", async () => {
    const send = (parts: Parameters<typeof multipartBody>[1]) =>
      sendRequest(port, { path: "/convert", headers: { "content-type": multipartType } }, multipartBody(boundary, [...parts, { name: "file", data: pdfLike(500) }]));
    expectError(await send([{ name: "password", data: Buffer.from([0x70, 0xff, 0x77]) }]), 400, "invalid_parameter_type", "password");
    expectError(await send([{ name: "options", data: "{}" }, { name: "options", data: "{}" }]), 400, "invalid_parameter_type", "options");
    expectError(await send([{ name: "password", data: "cHc=", headers: { "Content-Transfer-Encoding": "base64" } }]), 400, "multipart_malformed", "password");
    expectError(await send([{ name: "", data: "x" }]), 400, "multipart_malformed");
  });

  it("a huge options part is refused at its cap, before the rest of the body is read", async () => {
    const exchange = await RawExchange.open(port, { path: "/convert", headers: { "content-type": multipartType, "transfer-encoding": "chunked", "x-test-id": "huge-options" } });
    let answered = false;
    void exchange.response.then(() => (answered = true), () => {});
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="options"\r\nContent-Type: application/json\r\n\r\n{"metadata": "`);
    await exchange.write(chunkFrame(head));
    await streamChunked(exchange, 4 * 1024 * 1024, 8 * 1024, () => answered);
    const res = await exchange.response;
    exchange.destroy();
    const error = expectError(res, 400, "invalid_parameter_type", "options");
    expect(error.details).toEqual({ max_bytes: optionsPartBytesMax });
    expect(res.headers.connection).toBe("close");
    // Node reads the socket up to 64 KiB at a time: a read or so past the cap, not 4 MiB.
    expect(outcomes.get("huge-options")!.socketBytesAtError).toBeLessThanOrEqual(optionsPartBytesMax + 128 * 1024);
  });

  it("rule 5: a truncated multipart body is 400 multipart_malformed", async () => {
    const whole = multipartBody(boundary, [{ name: "file", data: pdfLike(20_000) }]);
    const res = await sendRequest(port, { path: "/convert", headers: { "content-type": multipartType } }, whole.subarray(0, 12_000));
    expectError(res, 400, "multipart_malformed");
  });

  it("rule 5: a body that is not multipart, or a Content-Type with no boundary, is 400 multipart_malformed", async () => {
    const garbage = await sendRequest(port, { path: "/convert", headers: { "content-type": multipartType } }, "%PDF-1.7 this is not multipart");
    expectError(garbage, 400, "multipart_malformed");
    const noBoundary = await sendRequest(port, { path: "/convert", headers: { "content-type": "multipart/form-data" } }, multipartBody(boundary, [{ name: "file", data: "x" }]));
    expect(expectError(noBoundary, 400, "multipart_malformed").message).toContain("boundary");
  });

  it("never hangs or crashes on damaged multipart: truncations and byte flips all get an answer", async () => {
    const whole = multipartBody(boundary, [
      { name: "options", data: '{"pages": "1"}', contentType: "application/json" },
      { name: "password", data: "pw" },
      { name: "file", data: pdfLike(2_000), filename: "a.pdf" },
    ]);
    const seen = new Set<number>();
    for (let round = 0; round < 40; round++) {
      const damaged = Buffer.from(whole.subarray(0, 1 + ((round * 7919) % whole.length)));
      for (let flip = 0; flip < round % 4; flip++) damaged[(round * 104_729 + flip * 31) % damaged.length] ^= 0x5a;
      const res = await sendRequest(port, { path: "/convert", headers: { "content-type": multipartType } }, damaged);
      seen.add(res.status);
      if (res.status !== 200) expect(res.json().error.type).toBe("invalid_request_error");
    }
    expect([...seen].every((status) => status === 200 || status === 400)).toBe(true);
  });

  it("rule 1: query parameters with a multipart body are 400 query_options_not_allowed, before the body is read", async () => {
    const exchange = await RawExchange.open(port, { path: "/convert?pages=1-5", headers: { "content-type": multipartType, "content-length": 50_000 } });
    const res = await exchange.response; // no body byte was sent
    exchange.destroy();
    expectError(res, 400, "query_options_not_allowed", "pages");
    expect(res.headers.connection).toBe("close");
  });
});

describe("encoding: JSON (source.type file_id)", () => {
  const post = (body: string, path = "/convert") => sendRequest(port, { path, headers: { "content-type": "application/json" } }, body);

  it("a file_id source is 404 file_not_found: no upload exists in this release", async () => {
    const res = await post(JSON.stringify({ source: { type: "file_id", file_id: "file_abc" }, options: { pages: "1" } }));
    expect(expectError(res, 404, "file_not_found", "source.file_id").message).toContain("file_abc");
    expect(res.headers.connection).not.toBe("close");
  });

  it.each(["base64", "url"])("rule 3: source type %s is 400 unsupported_source_type", async (type) => {
    expectError(await post(JSON.stringify({ source: { type, data: "JVBERi0=" } })), 400, "unsupported_source_type", "source.type");
  });

  it("rule 5: unparseable JSON is 400 malformed_json", async () => {
    expectError(await post('{"source": {"type": "file_id",'), 400, "malformed_json");
  });

  it("rule 4: no source is 400 missing_source", async () => {
    expectError(await post("{}"), 400, "missing_source", "source");
    expectError(await post(""), 400, "missing_source");
  });

  it("other fields are unknown_parameter or invalid_parameter_type, with their paths", async () => {
    expectError(await post(JSON.stringify({ source: { type: "file_id", file_id: "f" }, pages: "1" })), 400, "unknown_parameter", "pages");
    expectError(await post(JSON.stringify({ source: { type: "file_id", file_id: "f", extra: 1 } })), 400, "unknown_parameter", "source.extra");
    expectError(await post(JSON.stringify({ source: { type: 7 } })), 400, "invalid_parameter_type", "source.type");
    expectError(await post(JSON.stringify({ source: { type: "file_id" } })), 400, "invalid_parameter_type", "source.file_id");
    expectError(await post(JSON.stringify({ source: "file_abc" })), 400, "invalid_parameter_type", "source");
    expectError(await post(JSON.stringify({ source: { type: "file_id", file_id: "f" }, options: [] })), 400, "invalid_parameter_type", "options");
    expectError(await post("[1]"), 400, "invalid_parameter_type");
  });

  it("rule 1: query parameters with a JSON body are 400 query_options_not_allowed", async () => {
    const res = await post(JSON.stringify({ source: { type: "file_id", file_id: "f" } }), "/convert?pages=1");
    expectError(res, 400, "query_options_not_allowed", "pages");
  });
});

describe("rule 7: uploads over the limit are 413 file_too_large without buffering them", () => {
  it("refuses at once when Content-Length says more, with Connection: close", async () => {
    const exchange = await RawExchange.open(port, { path: "/convert", headers: { "content-type": "application/pdf", "content-length": 100 * 1024 * 1024 } });
    const res = await exchange.response; // no body byte was sent
    exchange.destroy();
    expect(expectError(res, 413, "file_too_large").details).toEqual({ max_bytes: maxBytes });
    expect(res.headers.connection).toBe("close");
  });

  it("uses the 32 MiB SPEC limit: one byte over is refused by Content-Length", async () => {
    const exchange = await RawExchange.open(port, { path: "/convert-spec", headers: { "content-type": multipartType, "content-length": specLimits.uploadBytesMax + 1 } });
    const res = await exchange.response;
    exchange.destroy();
    expect(expectError(res, 413, "file_too_large").details).toEqual({ max_bytes: 32 * 1024 * 1024 });
  });

  it.each([["raw", "application/pdf"], ["multipart", multipartType]])("stops reading a chunked %s body at the limit", async (label, contentType) => {
    const id = `chunked-413-${label}`;
    const exchange = await RawExchange.open(port, { path: "/convert", headers: { "content-type": contentType, "transfer-encoding": "chunked", "x-test-id": id } });
    let answered = false;
    void exchange.response.then(() => (answered = true), () => {});
    if (label === "multipart") {
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n`);
      await exchange.write(chunkFrame(head));
    }
    await streamChunked(exchange, 16 * 1024 * 1024, 16 * 1024, () => answered);
    const res = await exchange.response;
    exchange.destroy();
    expect(expectError(res, 413, "file_too_large").details).toEqual({ max_bytes: maxBytes });
    expect(res.headers.connection).toBe("close");
    // Node reads the socket up to 64 KiB at a time: the server stopped within a read or two of
    // the limit, and its lingering close read at most lingerBytesMax more.
    const outcome = outcomes.get(id)!;
    expect(outcome.socketBytesAtError).toBeLessThan(maxBytes + 192 * 1024);
    for (let i = 0; i < 300 && outcome.socketBytesAtClose === undefined; i++) await sleep(10);
    expect(outcome.socketBytesAtClose).toBeLessThan(maxBytes + 192 * 1024 + lingerBytesMax);
  });
});

describe("rule 6: the body completes within the deadline of its first byte, else 408", () => {
  it("a body that stalls halfway is 408 request_timeout, answered with Connection: close", async () => {
    const pdf = pdfLike(20_000);
    const exchange = await RawExchange.open(port, { path: "/convert-short", headers: { "content-type": "application/pdf", "content-length": pdf.length } });
    const started = performance.now();
    await exchange.write(pdf.subarray(0, 10_000));
    const res = await exchange.response;
    const elapsedMs = performance.now() - started;
    exchange.destroy();
    expect(expectError(res, 408, "request_timeout").details).toEqual({ deadline_ms: 300, bytes_read: 10_000 });
    expect(res.headers.connection).toBe("close");
    expect(elapsedMs).toBeGreaterThanOrEqual(250);
    expect(elapsedMs).toBeLessThan(2_000);
  });

  it("a body trickled slower than the deadline is 408 even though bytes keep coming", async () => {
    const exchange = await RawExchange.open(port, { path: "/convert-short", headers: { "content-type": "application/pdf", "content-length": 1000 } });
    let answered = false;
    void exchange.response.then(() => (answered = true), () => {});
    for (let i = 0; i < 20 && !answered && !exchange.closed; i++) {
      await exchange.write("x");
      await sleep(50);
    }
    const res = await exchange.response;
    exchange.destroy();
    expectError(res, 408, "request_timeout");
  });

  it("headers and then nothing: 408 after the deadline counted from when reading started", async () => {
    const exchange = await RawExchange.open(port, { path: "/convert-short", headers: { "content-type": "application/pdf", "content-length": 5000 } });
    const res = await exchange.response;
    exchange.destroy();
    expect(expectError(res, 408, "request_timeout").message).toContain("No byte");
  });
});

describe("the reading stops when the client or the caller gives up", () => {
  it("a client that hangs up mid-body rejects the read with an ApiError", async () => {
    const exchange = await RawExchange.open(port, { path: "/convert", headers: { "content-type": "application/pdf", "content-length": 50_000, "x-test-id": "hangup" } });
    await exchange.write(pdfLike(10_000));
    await sleep(50);
    exchange.destroy();
    for (let i = 0; i < 100 && !outcomes.has("hangup"); i++) await sleep(10);
    expect(outcomes.get("hangup")?.code).toBe("request_timeout");
  });

  it("the caller's AbortSignal stops the read", async () => {
    const exchange = await RawExchange.open(port, { path: "/convert-abort", headers: { "content-type": "application/pdf", "content-length": 50_000 } });
    await exchange.write(pdfLike(10_000));
    const res = await exchange.response;
    exchange.destroy();
    expectError(res, 408, "request_timeout");
    expect(res.headers.connection).toBe("close");
  });

  it("the server still answers after all of the above", async () => {
    const pdf = pdfLike(1000);
    const res = await sendRequest(port, { path: "/convert", headers: { "content-type": "application/pdf" } }, pdf);
    expect(res.json()).toMatchObject({ encoding: "raw", sha256: sha256(pdf) });
  });
});

describe("mustCloseConnection", () => {
  it("is true only for errors raised with the body unread", () => {
    expect(mustCloseConnection(new ApiError("file_too_large", { headers: { connection: "close" } }))).toBe(true);
    expect(mustCloseConnection(new ApiError("file_not_found"))).toBe(false);
    expect(mustCloseConnection(new Error("x"))).toBe(false);
  });
});
