// Issue 11 items 5 and 6: the documentation the service serves itself. /docs is the API
// reference (Swagger UI over /v1/openapi.json, its assets from this server), /docs/errors and
// /docs/warnings carry one anchor per catalogue code, / redirects to /docs, and every doc_url
// the service sends is built on the configured docs base (DOCS_URL, else {base_url}/docs).
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/api/app.js";
import type { ApiDeps } from "../../src/api/types.js";
import { parseEnv } from "../../src/config/env.js";
import { EnginePool } from "../../src/engine/pool/pool.js";
import { warningCodes } from "../../src/engine/warnings.js";
import { errorCodes } from "../../src/errors/catalogue.js";
import { freshDb, type TestDb } from "../support/db.js";

const BASE_URL = "http://svc.test";

interface Running {
  app: FastifyInstance;
  close(): Promise<void>;
}

async function start(extraEnv: Record<string, string> = {}): Promise<Running> {
  const db: TestDb = await freshDb();
  const pool = new EnginePool({ threads: 1, warmUp: false });
  const env = parseEnv({ LOG_LEVEL: "silent", DATA_DIR: "/nonexistent-in-tests", ...extraEnv } as NodeJS.ProcessEnv);
  const deps: ApiDeps = { store: { db: db.db, now: Date.now, instanceId: "inst_docs_test" }, pool, env, baseUrl: BASE_URL };
  const app = await buildApp(deps);
  return {
    app,
    async close() {
      await app.close();
      await pool.close();
      await db.drop();
    },
  };
}

/** The ids of the elements of a page. */
function ids(page: string): string[] {
  return [...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
}

function cspOf(headers: Record<string, unknown>): string {
  return String(headers["content-security-policy"] ?? "");
}

describe("documentation served by the service (default docs base)", () => {
  let svc: Running;
  beforeAll(async () => {
    svc = await start();
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("GET /docs renders the reference's root and loads every asset from this server", async () => {
    const res = await svc.app.inject({ method: "GET", url: "/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="swagger-ui"></div>');
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset, "same origin, under /docs").toMatch(/^\/docs\//);
      const got = await svc.app.inject({ method: "GET", url: asset });
      expect(got.statusCode, asset).toBe(200);
    }
    // The initializer loads the document from /docs/json: the same document as /v1/openapi.json.
    const init = await svc.app.inject({ method: "GET", url: "/docs/static/swagger-initializer.js" });
    expect(init.body).toContain("resolveUrl('./json')");
    const [json, openapi] = await Promise.all([svc.app.inject({ method: "GET", url: "/docs/json" }), svc.app.inject({ method: "GET", url: "/v1/openapi.json" })]);
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual(openapi.json());
    // No script or style from anywhere but this origin, none inline.
    const csp = cspOf(res.headers);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toMatch(/https?:/);
  });

  it("GET /docs/errors has one element with id=<code> for every catalogue code, with status, type, retryable and what to do", async () => {
    const res = await svc.app.inject({ method: "GET", url: "/docs/errors" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(cspOf(res.headers)).toContain("script-src 'self'");
    expect(res.body).not.toContain("<script");
    const found = ids(res.body);
    expect(new Set(found).size, "ids are unique").toBe(found.length);
    expect([...found].sort()).toEqual([...errorCodes].sort());
    const section = res.body.slice(res.body.indexOf('id="page_range_invalid"'));
    expect(section.slice(0, section.indexOf("</section>"))).toMatch(/422[\s\S]*invalid_request_error[\s\S]*Retryable[\s\S]*no[\s\S]*What it means and what to do:[\s\S]*1-5,9,12-last/);
  });

  it("GET /docs/warnings has one element with id=<code> for every warning code, with severity, scope and billing", async () => {
    const res = await svc.app.inject({ method: "GET", url: "/docs/warnings" });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("<script");
    expect([...ids(res.body)].sort()).toEqual([...warningCodes].sort());
    const section = res.body.slice(res.body.indexOf('id="page_has_no_text_layer"'));
    expect(section.slice(0, section.indexOf("</section>"))).toMatch(/critical[\s\S]*page[\s\S]*not billed/);
  });

  it("the stylesheet is this server's, cached by ETag", async () => {
    const res = await svc.app.inject({ method: "GET", url: "/docs/assets/docs.css" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/css/);
    const again = await svc.app.inject({ method: "GET", url: "/docs/assets/docs.css", headers: { "if-none-match": String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("GET / redirects (302) to /docs", async () => {
    const res = await svc.app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/docs");
  });

  it("every doc_url of the OpenAPI document's catalogue lands on an anchor of /docs/errors", async () => {
    const doc = (await svc.app.inject({ method: "GET", url: "/v1/openapi.json" })).json() as { "x-error-catalogue": { code: string; doc_url: string }[] };
    const anchors = new Set(ids((await svc.app.inject({ method: "GET", url: "/docs/errors" })).body));
    for (const { code, doc_url } of doc["x-error-catalogue"]) {
      expect(doc_url).toBe(`${BASE_URL}/docs/errors#${code}`);
      expect(anchors.has(new URL(doc_url).hash.slice(1)), code).toBe(true);
    }
  });

  it("error envelopes link to {base_url}/docs/errors#<code>, and the anchor exists", async () => {
    const anchors = new Set(ids((await svc.app.inject({ method: "GET", url: "/docs/errors" })).body));
    const cases: [string, string, string][] = [
      ["GET", "/v1/account", "missing_api_key"],
      ["GET", "/v1/nowhere", "unknown_endpoint"],
      ["DELETE", "/v1/convert", "method_not_allowed"],
    ];
    for (const [method, url, code] of cases) {
      const res = await svc.app.inject({ method: method as "GET", url });
      const { error } = res.json() as { error: { code: string; doc_url: string } };
      expect(error.code).toBe(code);
      expect(error.doc_url).toBe(`${BASE_URL}/docs/errors#${code}`);
      expect(new URL(error.doc_url).pathname).toBe("/docs/errors");
      expect(anchors.has(code)).toBe(true);
    }
  });

  it("docs routes keep the API's 404 and 405 envelopes, and need no API key", async () => {
    const missing = await svc.app.inject({ method: "GET", url: "/docs/nope" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe("unknown_endpoint");
    const post = await svc.app.inject({ method: "POST", url: "/docs/errors" });
    expect(post.statusCode).toBe(405);
    expect(post.json().error.code).toBe("method_not_allowed");
    expect(post.headers.allow).toBe("GET, HEAD");
    const root = await svc.app.inject({ method: "POST", url: "/" });
    expect(root.statusCode).toBe(405);
  });

  it("is never rate-limited as API requests: more than a minute's request allowance all answer 200", async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) statuses.add((await svc.app.inject({ method: "GET", url: "/docs/errors" })).statusCode);
    expect([...statuses]).toEqual([200]);
  });
});

describe("DOCS_URL overrides the docs base", () => {
  let svc: Running;
  beforeAll(async () => {
    svc = await start({ DOCS_URL: "https://reference.example.test/svc/" });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("changes doc_url in an error envelope and in the OpenAPI document", async () => {
    const res = await svc.app.inject({ method: "GET", url: "/v1/account" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.doc_url).toBe("https://reference.example.test/svc/errors#missing_api_key");
    const doc = (await svc.app.inject({ method: "GET", url: "/v1/openapi.json" })).json() as { "x-error-catalogue": { code: string; doc_url: string }[] };
    expect(doc["x-error-catalogue"][0].doc_url).toBe(`https://reference.example.test/svc/errors#${doc["x-error-catalogue"][0].code}`);
  });
});
