// Hostile inputs against the real app (SPEC.md §Errors: every non-2xx is the envelope;
// `unknown_parameter` names the path of an unrecognised field, `invalid_parameter_type` a
// field of the wrong type; a refused request is not billed, SPEC.md §Billing). Issue 12
// items 3 and 4b: text no layer can hold (NUL, lone surrogates, broken percent-encoding) in
// ids, cursors, query values, headers, options and metadata is a 400 naming the field, never
// a 500; `__proto__`, `constructor` and `prototype` are refused alike; a request without
// Host still gets the envelope. The fuzz loop at the end sends a bounded set of hostile
// inputs to every route and fails on any 500 or non-envelope error.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { bearer, expectEnvelope, fixturePdf, pdfHeaders } from "../support/api_checks.js";
import { multipartBody, sendRequest } from "../support/http.js";

let api: TestApi;
let port: number;
let key: string;
beforeAll(async () => {
  api = await startTestApi();
  await api.app.listen({ port: 0, host: "127.0.0.1" });
  port = (api.app.server.address() as AddressInfo).port;
  key = (await api.account({ credits: 50 })).key;
});
afterAll(async () => {
  await api.close();
});

const headings = fixturePdf("headings.pdf");

function get(url: string, headers: Record<string, string> = bearer(key)) {
  return api.app.inject({ method: "GET", url, headers });
}

async function balance(): Promise<number> {
  const res = await get("/v1/account");
  expect(res.statusCode).toBe(200);
  return (JSON.parse(res.body) as { credit_balance: number }).credit_balance;
}

function multipart(options: string, extra: Record<string, string> = {}) {
  const boundary = "hostileboundary";
  return api.app.inject({
    method: "POST",
    url: "/v1/convert",
    headers: { ...bearer(key), "content-type": `multipart/form-data; boundary=${boundary}`, ...extra },
    payload: multipartBody(boundary, [
      { name: "file", filename: "a.pdf", contentType: "application/pdf", data: headings },
      { name: "options", contentType: "application/json", data: options },
    ]),
  });
}

describe("SPEC Errors: text no field can hold is a 400 naming the field, never a 500", () => {
  it("a conversion id with NUL and control bytes: 400 invalid_parameter_type, param id", async () => {
    const res = await get("/v1/conversions/conv_%00%01");
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res, "invalid_parameter_type").param).toBe("id");
  });

  it("a cursor with NUL: 400 naming starting_after, on the ledger and the usage records", async () => {
    for (const path of ["/v1/credits/ledger", "/v1/usage/records"]) {
      const res = await get(`${path}?starting_after=%00%01`);
      expect(res.statusCode, path).toBe(400);
      expect(expectEnvelope(res, "invalid_parameter_type").param).toBe("starting_after");
    }
  });

  it("an encoded lone surrogate (%ED%A0%80) or a broken escape in a query value or a path: 400", async () => {
    const a = await get("/v1/credits/ledger?starting_after=%ED%A0%80");
    expect(expectEnvelope(a, "invalid_parameter_type").param).toBe("starting_after");
    const b = await get("/v1/credits/ledger?starting_after=%E2%82");
    expect(expectEnvelope(b, "invalid_parameter_type").param).toBe("starting_after");
    // A path the router cannot decode names no endpoint (Fastify refuses it before routing).
    const c = await get("/v1/conversions/conv_%ED%B0%80");
    expect(c.statusCode).toBe(404);
    expectEnvelope(c, "unknown_endpoint");
  });

  it("metadata with a NUL or a lone surrogate (value or key): 400 naming the entry, nothing charged", async () => {
    const before = await balance();
    const cases: Array<[string, string]> = [
      ['{"metadata":{"a":"x\\u0000y"}}', "options.metadata.a"],
      ['{"metadata":{"a":"\\ud800"}}', "options.metadata.a"],
      ['{"metadata":{"b":"\\udc00 tail"}}', "options.metadata.b"],
      ['{"metadata":{"k\\u0000":"v"}}', "options.metadata"],
      ['{"pages":"1\\u0000"}', "options.pages"],
    ];
    for (const [options, param] of cases) {
      const res = await multipart(options);
      expect(res.statusCode, options).toBe(400);
      expect(expectEnvelope(res, "invalid_parameter_type").param, options).toBe(param);
    }
    expect(await balance()).toBe(before);
  });

  it("a raw conversion whose query option holds a NUL: 400 naming the option", async () => {
    const res = await api.app.inject({ method: "POST", url: "/v1/convert?pages=1%00", headers: pdfHeaders(key), payload: headings });
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res, "invalid_parameter_type").param).toBe("pages");
  });

  it("a header value holding a NUL: 400 naming the header", async () => {
    const res = await api.app.inject({ method: "POST", url: "/v1/convert", headers: pdfHeaders(key, { "idempotency-key": "a\u0000b" }), payload: headings });
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res, "invalid_parameter_type").param).toBe("headers.idempotency-key");
  });

  it("well-formed Unicode (an astral character, a surrogate pair) is still accepted in metadata", async () => {
    const res = await multipart('{"pages":"1","metadata":{"emoji":"\\ud83d\\ude00 ok"}}');
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("SPEC Errors: __proto__, constructor and prototype are refused alike (issue 12 item 4b)", () => {
  it("as query names, on every route: 400 unknown_parameter naming them", async () => {
    for (const name of ["__proto__", "constructor", "prototype"]) {
      for (const path of ["/v1/account", "/v1/credits/ledger", "/v1/usage", "/healthz"]) {
        const res = await get(`${path}?${name}=x`);
        expect(res.statusCode, `${path}?${name}`).toBe(400);
        expect(expectEnvelope(res, "unknown_parameter").param).toBe(name);
      }
      const conv = await api.app.inject({ method: "POST", url: `/v1/convert?${name}=x`, headers: pdfHeaders(key), payload: headings });
      expect(conv.statusCode).toBe(400);
      expect(expectEnvelope(conv, "unknown_parameter").param).toBe(name);
    }
  });

  it("as metadata keys: 400 invalid_parameter_type naming the key", async () => {
    for (const name of ["__proto__", "constructor", "prototype"]) {
      const res = await multipart(`{"metadata":{"${name}":"x"}}`);
      expect(res.statusCode, name).toBe(400);
      expect(expectEnvelope(res, "invalid_parameter_type").param).toBe(`options.metadata.${name}`);
    }
  });

  it("as option names: 400 unknown_parameter", async () => {
    for (const name of ["__proto__", "constructor", "prototype"]) {
      const res = await multipart(`{"${name}":{"pages":"1"}}`);
      expect(res.statusCode, name).toBe(400);
      expect(expectEnvelope(res, "unknown_parameter").param, name).toBe(`options.${name}`);
    }
  });
});

describe("SPEC Errors: requests refused on the wire get the envelope and x-request-id", () => {
  it("an HTTP/1.1 request without Host: 400 envelope", async () => {
    const res = await rawWithoutHost(port, "GET /v1/account HTTP/1.1\r\nConnection: close\r\n\r\n");
    expect(res).toMatch(/^HTTP\/1\.1 400 /);
    expect(res).toMatch(/x-request-id: req_/i);
    const body = JSON.parse(res.slice(res.indexOf("\r\n\r\n") + 4)) as { error: { code: string; param: string } };
    expect(body.error.code).toBe("invalid_parameter_type");
    expect(body.error.param).toBe("headers.host");
  });

  it("a request line with a NUL byte: 400 envelope, not Node's bare answer", async () => {
    const res = await rawWithoutHost(port, "GET /v1/acc\u0000ount HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(res).toMatch(/^HTTP\/1\.1 400 /);
    expect(res).toMatch(/x-request-id: req_/i);
    expect(res).toContain('"code":"invalid_parameter_type"');
  });
});

describe("SPEC Limits: connections refused on the wire (issue 12 item 4b)", () => {
  it("Expect: 100-continue with a Content-Length over uploadBytesMax: 413 file_too_large first, never 100 Continue", async () => {
    const res = await rawWithoutHost(port, `POST /v1/convert HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/pdf\r\nContent-Length: ${limits.uploadBytesMax + 1024 * 1024}\r\nExpect: 100-continue\r\n\r\n`);
    expect(res).toMatch(/^HTTP\/1\.1 413 /);
    expect(res).not.toContain("100 Continue");
    expect(res).toMatch(/x-request-id: req_/i);
    const body = JSON.parse(res.slice(res.indexOf("\r\n\r\n") + 4)) as { error: { code: string; param: string } };
    expect(body.error.code).toBe("file_too_large");
  });

  it(`headers trickled one byte a second are cut at requestHeadersMsMax (${limits.requestHeadersMsMax} ms) with a 408 about the headers`, async () => {
    const started = Date.now();
    const { connect } = await import("node:net");
    const res = await new Promise<string>((resolve) => {
      const socket = connect({ host: "127.0.0.1", port }, () => socket.write("GET /v1/account HTTP/1.1\r\nHost: x\r\n"));
      const chunks: Buffer[] = [];
      const drip = setInterval(() => socket.writable && socket.write("X"), 1_000);
      socket.on("data", (c) => chunks.push(c));
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(drip);
        resolve(Buffer.concat(chunks).toString("utf8"));
      });
      setTimeout(() => socket.destroy(), limits.requestHeadersMsMax + 10_000).unref();
    });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(limits.requestHeadersMsMax + limits.connectionsCheckMsMax + 3_000);
    expect(res).toMatch(/^HTTP\/1\.1 408 /);
    expect(res).toMatch(/x-request-id: req_/i);
    expect(res).toContain("headers did not arrive within");
  }, 30_000);
});

async function rawWithoutHost(p: number, text: string): Promise<string> {
  const { connect } = await import("node:net");
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port: p }, () => socket.write(text, "latin1"));
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}

// ---------------------------------------------------------------------------------------------
// The fuzz loop: every route × every hostile input, bounded (a fixed list, no randomness).
// ---------------------------------------------------------------------------------------------

const hostileValues = ["%00", "%00%01", "%ED%A0%80", "%ED%B0%80", "%C0%80", "%FF", "%E2%82", "%", "%zz", "a%0D%0Ab", "%E2%80%AE", "x".repeat(5000), "%F0%9F%98%80", "-1", "1e309", "[]", "{}"];
const hostileNames = ["__proto__", "constructor", "prototype", "%00", "a[b]", "metadata[x]", "%ED%A0%80", "toString", "hasOwnProperty"];
const getRoutes = ["/v1/account", "/v1/credits/ledger", "/v1/usage", "/v1/usage/records", "/v1/conversions/conv_x", "/healthz", "/readyz", "/v1/openapi.json", "/console", "/console/login", "/console/keys", "/v1/nowhere"];

describe("fuzz: no hostile input to any route answers 500 or a non-envelope error", () => {
  it(`${getRoutes.length} GET routes × ${hostileValues.length + hostileNames.length} query inputs, ids, and headers`, async () => {
    const found: string[] = [];
    const check = async (label: string, res: Awaited<ReturnType<typeof get>>) => {
      if (res.statusCode >= 500) found.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400 && res.statusCode !== 404 && !String(res.headers["content-type"]).startsWith("application/json") && !String(res.headers["content-type"]).startsWith("text/html")) {
        found.push(`${label} → ${res.statusCode} non-envelope ${res.headers["content-type"]}`);
      }
    };
    for (const route of getRoutes) {
      for (const v of hostileValues) {
        for (const name of ["starting_after", "limit", "from", "to", "x"]) await check(`${route}?${name}=${v.slice(0, 20)}`, await get(`${route}?${name}=${v}`));
      }
      for (const n of hostileNames) await check(`${route}?${n}=1`, await get(`${route}?${n}=1`));
    }
    for (const v of hostileValues) await check(`/v1/conversions/${v.slice(0, 20)}`, await get(`/v1/conversions/${v}`));
    for (const v of ["\u00ff\u00fe", "a\u0000", " ", "x".repeat(300)]) {
      await check(`idempotency-key ${JSON.stringify(v.slice(0, 10))}`, await api.app.inject({ method: "POST", url: "/v1/convert?pages=1", headers: pdfHeaders(key, { "idempotency-key": v }), payload: headings }));
      await check(`authorization ${JSON.stringify(v.slice(0, 10))}`, await get("/v1/account", { authorization: `Bearer ${v}` }));
      await check(`accept ${JSON.stringify(v.slice(0, 10))}`, await api.app.inject({ method: "POST", url: "/v1/convert?pages=1", headers: pdfHeaders(key, { accept: v }), payload: headings }));
    }
    const optionBodies = [
      '{"metadata":{"a":"\\u0000"}}', '{"metadata":{"a":"\\udfff"}}', '{"metadata":{"\\ud800":"a"}}', '{"metadata":[]}', '{"metadata":{"a":{"b":"c"}}}',
      '{"normalize":{"unicode":"\\u0000"}}', '{"normalize":{"__proto__":{}}}', '{"engine":"\\ud800"}', '{"pages":"\\u0000-2"}', '{"__proto__":{"x":1}}',
      "[]", "null", '"x"', "1", "{", '{"pages":' + "[".repeat(5000) + "]".repeat(5000) + "}",
    ];
    for (const body of optionBodies) await check(`options ${body.slice(0, 40)}`, await multipart(body));
    expect(found, found.join("\n")).toEqual([]);
  });
});

// Issue 12 items 1 and 3 together: the same routes and inputs while the database is away (every
// statement fails as a stopped server's do) answer 503 `overloaded` or a refusal made before
// the store, never a 500, and conversions bill nothing.
describe("fuzz with the database away: no 500, the API answers 503 overloaded", () => {
  it(`${getRoutes.length + 2} routes × hostile inputs, and conversions, while every statement fails`, async () => {
    const { StoreUnavailableError } = await import("../../src/store/db.js");
    const found: string[] = [];
    const statuses = new Map<number, number>();
    // Its own account: the fuzz above spent the shared key's requests meter.
    const own = (await api.account({ credits: 50 })).key;
    const ownBalance = async () => JSON.parse((await get("/v1/account", bearer(own))).body).credit_balance as number;
    const before = await ownBalance();
    const real = api.store.db;
    const away = () => Promise.reject(new StoreUnavailableError("database unavailable: the fuzz stopped it"));
    api.store.db = { ...real, kind: real.kind, query: away, transaction: away, exec: away, close: () => real.close() };
    try {
      const check = async (label: string, res: Awaited<ReturnType<typeof get>>) => {
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500 && res.statusCode !== 503) found.push(`${label} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        // The API's 503 is the retryable envelope; the console's is an HTML page for a person.
        else if (res.statusCode === 503 && !label.startsWith("/console") && (!res.body.includes('"code":"overloaded"') || !res.headers["retry-after"])) found.push(`${label} → 503 ${res.body.slice(0, 160)}`);
      };
      for (const route of [...getRoutes, "/console/keys/created/x", "/console/credits"]) {
        for (const v of hostileValues.slice(0, 6)) await check(`${route}?starting_after=${v}`, await get(`${route}?starting_after=${v}`, bearer(own)));
        await check(route, await get(route, bearer(own)));
      }
      for (const v of hostileValues) await check(`/console/keys/created/${v.slice(0, 20)}`, await get(`/console/keys/created/${v}`, bearer(own)));
      await check("POST /v1/convert", await api.app.inject({ method: "POST", url: "/v1/convert?pages=1", headers: pdfHeaders(own, { "idempotency-key": "fuzz-away" }), payload: headings }));
      await check("POST /v1/toc", await api.app.inject({ method: "POST", url: "/v1/toc", headers: pdfHeaders(own), payload: headings }));
      await check("multipart", await multipart('{"metadata":{"a":"b"}}'));
    } finally {
      api.store.db = real;
    }
    expect(found, found.join("\n")).toEqual([]);
    expect(await ownBalance()).toBe(before);
    // Something reached the store and was refused as an outage, not only refusals made before it.
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
  });
});
