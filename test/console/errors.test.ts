// The console inside the API's own plugins: its failures are plain HTML pages (never a
// stack trace, never the JSON envelope), while /v1 keeps answering with the envelope.
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from "../../src/api/plugins/error_handler.js";
import { requestIdPlugin, requestIdServerOptions } from "../../src/api/plugins/request_id.js";
import { routeRegistryPlugin } from "../../src/api/plugins/route_registry.js";
import { parseEnv } from "../../src/config/env.js";
import { registerConsole } from "../../src/console/routes.js";
import { listOutbox } from "../../src/store/outbox.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";
import { Browser, csrfOf, FakeProcessor, type ConsoleUnderTest } from "./support.js";

let db: TestDb;
let app: FastifyInstance;
let c: ConsoleUnderTest;

beforeAll(async () => {
  db = await freshDb();
  const clock = manualClock(db.db, Date.now());
  app = Fastify({ ...requestIdServerOptions, frameworkErrors, clientErrorHandler });
  requestIdPlugin(app);
  errorHandlerPlugin(app, { docsUrl: "http://svc.test/docs" });
  routeRegistryPlugin(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
  const env = parseEnv({ LOG_LEVEL: "silent" } as NodeJS.ProcessEnv);
  const checkout = async (): Promise<never> => {
    throw new Error("processor down at /srv/secret/path.ts:12");
  };
  registerConsole(app, { store: clock, pool: null as never, env, baseUrl: "http://svc.test" }, new FakeProcessor(), { checkout, secret: "s".repeat(32) });
  await app.ready();
  c = { app, clock, lastLink: async (to: string) => (await listOutbox(clock, { to, limit: 1 }))[0]?.links[0] } as ConsoleUnderTest;
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

it("an unexpected failure is an HTML 500 quoting the request id, with nothing internal", async () => {
  const b = new Browser(c);
  await b.signIn("failure@example.com");
  const csrf = csrfOf((await b.get("/console/credits")).body)!;
  const res = await b.post("/console/credits/checkout", { csrf, pack_usd: "25" });
  expect(res.statusCode).toBe(500);
  expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(res.body).toContain(String(res.headers["x-request-id"]));
  expect(res.body).not.toContain("/srv/secret");
  expect(res.body).not.toContain("processor down");
});

it("unknown console paths are HTML; unknown API paths keep the JSON envelope", async () => {
  const page = await app.inject({ method: "DELETE", url: "/console/keys" });
  expect(page.statusCode).toBe(404);
  expect(page.headers["content-type"]).toMatch(/^text\/html/);
  const api = await app.inject({ method: "GET", url: "/v1/nothing" });
  expect(api.statusCode).toBe(404);
  expect(api.json().error.code).toBe("unknown_endpoint");
  expect((await app.inject({ method: "GET", url: "/console/" })).headers.location).toBe("/console");
});
