// src/api/openapi.ts: an OpenAPI 3.1 document, valid against the OpenAPI 3.1 schema, whose
// options schemas are the zod schemas' JSON Schema, whose error responses come from the
// catalogue, and which has every path SPEC.md names and every route the app registers.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openApiDocument } from "../../src/api/openapi.js";
import { registeredRoutes } from "../../src/api/plugins/route_registry.js";
import { ConvertOptionsSchema, TocOptionsSchema, queryOptionNames } from "../../src/api/options.js";
import { errorCodes, errorEntry } from "../../src/errors/catalogue.js";
import { startTestApi, type TestApi } from "../support/api.js";

type Json = Record<string, any>;

const doc = openApiDocument("https://api.example.test", "https://api.example.test/docs") as Json;
const specPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/SPEC.md");
const methods = ["get", "post", "put", "patch", "delete"];

function walk(node: unknown, visit: (n: Json) => void): void {
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const n = stack.pop();
    if (n === null || typeof n !== "object") continue;
    visit(n as Json);
    stack.push(...Object.values(n as Json));
  }
}

function operations(): [string, string, Json][] {
  return Object.entries(doc.paths as Json).flatMap(([p, item]) => methods.filter((m) => (item as Json)[m]).map((m) => [p, m, (item as Json)[m]] as [string, string, Json]));
}

describe("document shape", () => {
  it("is OpenAPI 3.1.0 and survives a JSON round trip unchanged", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: "https://api.example.test" }]);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("validates against the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator)", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(validator.version).toBe("3.1");
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2_000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("every $ref resolves inside the document", () => {
    const refs: string[] = [];
    walk(doc, (n) => {
      if (typeof n.$ref === "string") refs.push(n.$ref);
    });
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) {
      const target = ref.replace(/^#\//, "").split("/").reduce<any>((node, key) => node?.[key], doc);
      expect(target, ref).toBeTruthy();
    }
  });

  it("every operation has an operationId (unique), responses and the bearer scheme", () => {
    const ids = operations().map(([, , op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [p, m, op] of operations()) expect(Object.keys(op.responses ?? {}).length, `${m} ${p}`).toBeGreaterThan(0);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });
});

describe("paths (SPEC.md §Endpoints, DECISIONS.md)", () => {
  const expected = [
    ["post", "/v1/convert"], ["post", "/v1/toc"], ["post", "/v1/inspect"], ["post", "/v1/files"], ["get", "/v1/account"],
    ["get", "/v1/credits/ledger"], ["get", "/v1/usage"], ["get", "/v1/usage/records"], ["get", "/v1/conversions/{id}"],
  ];

  it.each(expected)("%s %s is present", (method, p) => {
    expect(doc.paths[p]?.[method]).toBeTruthy();
  });

  it.skipIf(!existsSync(specPath))("every `### METHOD /v1/…` heading of SPEC.md is a path", () => {
    const spec = readFileSync(specPath, "utf8");
    const headings = spec.split("\n").filter((l) => l.startsWith("### ") && /(GET|POST) \/v1\//.test(l));
    expect(headings.length).toBeGreaterThanOrEqual(7);
    for (const line of headings) {
      for (const m of line.matchAll(/(GET|POST) (\/v1\/[a-z/_]+)/g)) expect(doc.paths[m[2]]?.[m[1].toLowerCase()], m[0]).toBeTruthy();
    }
  });

  it("POST /v1/convert takes the three encodings; multipart has file, options (JSON) and password", () => {
    const body = doc.paths["/v1/convert"].post.requestBody.content;
    expect(Object.keys(body).sort()).toEqual(["application/json", "application/pdf", "multipart/form-data"]);
    const multipart = body["multipart/form-data"];
    expect(Object.keys(multipart.schema.properties)).toEqual(["file", "options", "password"]);
    expect(multipart.schema.required).toEqual(["file"]);
    expect(multipart.schema.properties.options).toEqual({ $ref: "#/components/schemas/ConvertOptions" });
    expect(multipart.encoding.options.contentType).toBe("application/json");
    // JSON: {source, options?}; source is a file_id, and base64 or url are documented as refused.
    const json = body["application/json"];
    expect(json.schema.properties.options).toEqual({ $ref: "#/components/schemas/ConvertOptions" });
    expect(json.schema.required).toEqual(["source"]);
    const source = doc.components.schemas.Source;
    expect(source.oneOf[0].properties.type.const).toBe("file_id");
    expect(source.oneOf[1].properties.type.enum).toEqual(["base64", "url"]);
    expect(source.oneOf[1].description).toContain("unsupported_source_type");
    expect(Object.keys(json.examples)).toEqual(["file_id", "base64"]);
    expect(body["application/pdf"].schema.contentMediaType).toBe("application/pdf");
    expect(multipart.schema.properties.file.contentMediaType).toBe("application/pdf");
  });

  it("the raw encoding's query parameters are exactly the scalar options", () => {
    const query = doc.paths["/v1/convert"].post.parameters.filter((p: Json) => p.in === "query").map((p: Json) => p.name);
    expect(query).toEqual([...queryOptionNames]);
    expect(query).not.toContain("password");
    expect(query).not.toContain("normalize");
  });

  it("200 on convert is a Conversion in JSON or Markdown, with the SPEC response headers", () => {
    const ok = doc.paths["/v1/convert"].post.responses["200"];
    expect(Object.keys(ok.content)).toEqual(["application/json", "text/markdown"]);
    for (const h of ["x-request-id", "x-svc-engine", "x-svc-page-count", "x-svc-pages-processed", "x-svc-pages-billed", "x-svc-warning-count", "x-svc-warning-summary", "x-credits-charged", "x-credits-balance", "x-credits-unit", "Idempotency-Replayed", "x-ratelimit-limit-requests", "x-ratelimit-scope"]) {
      expect(ok.headers[h], h).toBeTruthy();
    }
    const conversion = doc.components.schemas.Conversion;
    expect(Object.keys(conversion.properties)).toEqual(expect.arrayContaining(["id", "object", "engine", "created_at", "document", "markdown", "pages", "links", "warnings", "warning_summary", "timings_ms", "usage"]));
    expect(conversion.properties.pages.type).toEqual(["array", "null"]);
  });

  it("/v1/toc takes the same three encodings, answers JSON or Markdown", () => {
    const op = doc.paths["/v1/toc"].post;
    expect(Object.keys(op.requestBody.content).sort()).toEqual(["application/json", "application/pdf", "multipart/form-data"]);
    expect(Object.keys(op.responses["200"].content)).toEqual(["application/json", "text/markdown"]);
  });

  it("health, readiness, metrics and the document itself are described, without an API key", () => {
    for (const p of ["/healthz", "/readyz", "/metrics", "/v1/openapi.json"]) {
      expect(doc.paths[p]?.get?.security, p).toEqual([]);
      expect(doc.paths[p].get.responses["200"], p).toBeTruthy();
    }
    expect(Object.keys(doc.paths["/metrics"].get.responses["200"].content)).toEqual(["text/plain"]);
    expect(doc.paths["/readyz"].get.responses["503"]).toEqual({ $ref: "#/components/responses/Error503" });
  });

  it("list endpoints take limit and starting_after; usage takes from, to, group_by", () => {
    const names = (p: string) => doc.paths[p].get.parameters.map((x: Json) => x.name);
    expect(names("/v1/credits/ledger")).toEqual(["limit", "starting_after"]);
    expect(names("/v1/usage/records")).toEqual(["limit", "starting_after"]);
    expect(names("/v1/usage")).toEqual(["from", "to", "group_by"]);
  });

  it("inspect and files document 422 feature_not_enabled", () => {
    for (const p of ["/v1/inspect", "/v1/files"]) {
      const ref = doc.paths[p].post.responses["422"].$ref.split("/").pop();
      expect(doc.components.responses[ref]["x-error-codes"]).toContain("feature_not_enabled");
    }
  });
});

describe("errors come from the catalogue", () => {
  it("every catalogue code appears in a response's x-error-codes and description, under its own status", () => {
    const responses = doc.components.responses as Json;
    for (const code of errorCodes) {
      const { status } = errorEntry(code);
      const r = responses[`Error${status}`];
      expect(r?.["x-error-codes"], code).toContain(code);
      expect(r.description).toContain(code);
    }
  });

  it("every documented error status of every operation is the envelope, with codes of that status", () => {
    for (const [p, m, op] of operations()) {
      const statuses = Object.keys(op.responses as Json).filter((s) => !s.startsWith("2"));
      expect(statuses.length, `${m} ${p}`).toBeGreaterThan(0);
      for (const status of statuses) {
        const resolved = doc.components.responses[(op.responses[status] as Json).$ref.split("/").pop()];
        expect(resolved, `${m} ${p} ${status}`).toBeTruthy();
        for (const code of resolved["x-error-codes"]) expect(String(errorEntry(code).status)).toBe(status);
      }
    }
  });

  it("doc_url of every catalogue entry is {docs_url}/errors#<code>", () => {
    for (const e of doc["x-error-catalogue"]) expect(e.doc_url).toBe(`https://api.example.test/docs/errors#${e.code}`);
  });

  it("every error response used by an operation is the envelope", () => {
    for (const [, , op] of operations()) {
      for (const [status, r] of Object.entries(op.responses as Json)) {
        if (status.startsWith("2")) continue;
        const resolved = doc.components.responses[(r as Json).$ref.split("/").pop()];
        expect(resolved.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
  });

  it("the envelope's code enum is the catalogue, and x-error-catalogue lists every code once", () => {
    const error = doc.components.schemas.Error.properties.error;
    expect(error.properties.code.enum).toEqual([...errorCodes]);
    expect(error.required).toEqual(["type", "code", "message", "param", "retryable", "retry_after_ms", "doc_url", "request_id", "details"]);
    expect(doc["x-error-catalogue"].map((e: Json) => e.code)).toEqual([...errorCodes]);
  });

  it("401 documents WWW-Authenticate, 405 Allow, 429 and 503 Retry-After", () => {
    const r = doc.components.responses;
    expect(r.Error401.headers["WWW-Authenticate"]).toBeTruthy();
    expect(r.Error405.headers.Allow).toBeTruthy();
    expect(r.Error429.headers["Retry-After"]).toBeTruthy();
    expect(r.Error503.headers["Retry-After"]).toBeTruthy();
  });
});

describe("the options schema is the zod schema", () => {
  const fromZod = z.toJSONSchema(ConvertOptionsSchema, { io: "input" }) as Json;
  const published = doc.components.schemas.ConvertOptions;

  it("is z.toJSONSchema of ConvertOptionsSchema (without $schema)", () => {
    const { $schema: _marker, ...rest } = fromZod;
    expect(published).toEqual(rest);
    expect(doc.components.schemas.TocOptions.properties).toEqual((z.toJSONSchema(TocOptionsSchema, { io: "input" }) as Json).properties);
  });

  it("has the option names and enums of DECISIONS.md", () => {
    expect(Object.keys(published.properties)).toEqual(["pages", "page_markers", "headers_footers", "normalize", "tables", "flavor", "fallback", "ocr", "engine", "debug", "metadata"]);
    expect(published.additionalProperties).toBe(false);
    const p = published.properties;
    expect(p.pages.type).toEqual(["string", "null"]);
    expect(p.page_markers.enum).toEqual(["none", "rule"]);
    expect(p.headers_footers.enum).toEqual(["strip", "keep"]);
    // DECISIONS.md §Conversion: the defaults changed in svc-md-1.1.0.
    expect(p.headers_footers.default).toBe("strip");
    expect(p.normalize.properties.unicode.enum).toEqual(["none", "nfc"]);
    expect(p.normalize.properties.dehyphenate.type).toBe("boolean");
    expect(p.tables.enum).toEqual(["gfm", "html", "off"]);
    expect(p.tables["x-unavailable-values"]).toEqual(["auto"]);
    expect(p.flavor.enum).toEqual(["gfm"]);
    expect(p.fallback.enum).toEqual(["none"]);
    expect(p.ocr.enum).toEqual(["off"]);
    expect(p.debug.type).toBe("boolean");
    expect(p.metadata).toMatchObject({ type: "object", maxProperties: 16, propertyNames: { maxLength: 40 }, additionalProperties: { type: "string", maxLength: 500 } });
  });

  it("every field has a description and an example", () => {
    const fields: [string, Json][] = [...Object.entries(published.properties as Json), ...Object.entries(published.properties.normalize.properties as Json)];
    for (const [name, schema] of fields) {
      expect(schema.description, name).toBeTruthy();
      expect(schema.examples?.length, name).toBeGreaterThan(0);
    }
  });

  const require = createRequire(import.meta.url);
  const hasAjv = (() => {
    try {
      require.resolve("ajv/dist/2020");
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!hasAjv)("a JSON Schema validator agrees with zod on sample inputs", () => {
    const Ajv2020 = require("ajv/dist/2020").default;
    const validate = new Ajv2020({ strict: false }).compile(published);
    const samples: unknown[] = [
      {}, { pages: "1-5" }, { pages: null }, { tables: "html" }, { normalize: { unicode: "nfc" } }, { metadata: { a: "b" } },
      { foo: 1 }, { pages: [] }, { debug: "yes" }, { tables: "markdown" }, { normalize: { bar: 1 } }, { metadata: { a: 1 } },
      { metadata: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"])) }, { metadata: { ["k".repeat(41)]: "v" } },
    ];
    for (const sample of samples) expect(validate(sample), JSON.stringify(sample)).toBe(ConvertOptionsSchema.safeParse(sample).success);
  });
});

describe("every route the app registers is in the document it serves", () => {
  // Routes that are not the API: pages for people (the console, this reference and its
  // assets, / → /docs, the sandbox processor's stand-in checkout) and the payment processor's
  // signed webhook. Everything else must be a path of the document. HEAD is Fastify's twin
  // of every GET (docs/api.md), not listed.
  const notApi = [/^\/$/, /^\/console(\/|$)/, /^\/docs(\/|$)/, /^\/webhooks\//, /^\/sandbox\//];
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ threads: 1 });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("walks the route registry: each method of each API route is an operation of /v1/openapi.json", async () => {
    const served = (await api.app.inject({ method: "GET", url: "/v1/openapi.json" })).json() as Json;
    const routes = [...registeredRoutes(api.app)];
    expect(routes.length).toBeGreaterThan(20);
    const missing: string[] = [];
    let checked = 0;
    for (const [url, methods] of routes) {
      if (notApi.some((re) => re.test(url))) continue;
      // Fastify's `:id` is OpenAPI's `{id}`.
      const openapiPath = url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");
      for (const method of methods) {
        if (method === "HEAD") continue;
        checked += 1;
        if (!served.paths[openapiPath]?.[method.toLowerCase()]) missing.push(`${method} ${url}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(13);
  });

  it("has no path the app does not route (the document describes only what exists)", async () => {
    const served = (await api.app.inject({ method: "GET", url: "/v1/openapi.json" })).json() as Json;
    const routed = new Set([...registeredRoutes(api.app)].flatMap(([url, methods]) => [...methods].map((m) => `${m.toLowerCase()} ${url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}")}`)));
    for (const [p, item] of Object.entries(served.paths as Json)) {
      for (const m of methods.filter((x) => (item as Json)[x])) expect(routed.has(`${m} ${p}`), `${m} ${p}`).toBe(true);
    }
  });
});
