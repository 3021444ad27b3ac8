// Operator metrics: the exposition carries every metric the service promises, request
// outcomes labelled by route pattern and error code, and the pool gauges read at scrape time.
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createMetrics, registerMetricsRoute, requestMetricsPlugin, type Metrics } from "../../src/api/metrics.js";
import { errorHandlerPlugin, frameworkErrors } from "../../src/api/plugins/error_handler.js";
import { rateHeadersPlugin } from "../../src/api/plugins/rate_headers.js";
import { requestIdPlugin, requestIdServerOptions } from "../../src/api/plugins/request_id.js";
import { routeRegistryPlugin } from "../../src/api/plugins/route_registry.js";
import { rateLimitHeaderNames } from "../../src/store/meters.js";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function buildApp(metrics: Metrics): Promise<FastifyInstance> {
  const app = Fastify({ ...requestIdServerOptions, frameworkErrors, logger: false });
  apps.push(app);
  // Registered through app.register as well as called directly: both must apply app-wide.
  await app.register(requestIdPlugin);
  await app.register(rateHeadersPlugin);
  await app.register(errorHandlerPlugin, { docsUrl: "http://svc.test/docs" });
  await app.register(routeRegistryPlugin);
  await app.register(requestMetricsPlugin, metrics);
  registerMetricsRoute(app, metrics);
  app.get("/v1/account", async () => ({ object: "account" }));
  app.get("/v1/conversions/:id", async () => ({ object: "conversion" }));
  await app.ready();
  return app;
}

describe("metrics exposition", () => {
  it("contains every metric name after some requests, with route patterns and error codes", async () => {
    const metrics = createMetrics(() => ({ running: 2, queued: 5 }));
    const app = await buildApp(metrics);
    await app.inject({ method: "GET", url: "/v1/account" });
    await app.inject({ method: "GET", url: "/v1/conversions/conv_1" });
    await app.inject({ method: "GET", url: "/v1/conversions/conv_2" });
    await app.inject({ method: "GET", url: "/v1/nowhere" });
    await app.inject({ method: "POST", url: "/v1/account" });
    metrics.addPages("live", 7);
    metrics.addPages("test", 2);
    metrics.addCredits(7);
    metrics.observeConversion(1.5);
    metrics.observeConversion(61, "error");

    const r = await app.inject({ method: "GET", url: "/metrics" });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = r.body;
    expect(text).toContain('svc_http_requests_total{route="/v1/account",method="GET",status_code="200",code="ok"} 1');
    expect(text).toContain('svc_http_requests_total{route="/v1/conversions/:id",method="GET",status_code="200",code="ok"} 2');
    expect(text).toContain('svc_http_requests_total{route="unmatched",method="GET",status_code="404",code="unknown_endpoint"} 1');
    expect(text).toContain('svc_http_requests_total{route="unmatched",method="POST",status_code="405",code="method_not_allowed"} 1');
    expect(text).toContain('svc_pages_converted_total{env="live"} 7');
    expect(text).toContain('svc_pages_converted_total{env="test"} 2');
    expect(text).toContain("svc_credits_charged_total 7");
    expect(text).toContain("svc_engine_queue_depth 5");
    expect(text).toContain("svc_engine_running_tasks 2");
    expect(text).toContain('svc_conversion_duration_seconds_bucket{le="2",outcome="ok"} 1');
    expect(text).toContain('svc_conversion_duration_seconds_count{outcome="error"} 1');
    expect(text).toContain("svc_process_cpu_user_seconds_total");
    expect(text).toContain("svc_nodejs_eventloop_lag_seconds");
  });

  it("GET /metrics carries x-request-id and the rate-limit set like every response", async () => {
    const app = await buildApp(createMetrics(undefined, { processMetrics: false }));
    const r = await app.inject({ method: "GET", url: "/metrics" });
    expect(r.headers["x-request-id"]).toMatch(/^req_/);
    for (const name of rateLimitHeaderNames) expect(r.headers[name]).toBeDefined();
    expect((await app.inject({ method: "POST", url: "/metrics" })).headers.allow).toBe("GET, HEAD");
  });

  it("keeps one registry per app, and bounds method labels and counts", async () => {
    const a = createMetrics(undefined, { processMetrics: false });
    const b = createMetrics(undefined, { processMetrics: false });
    a.observeRequest({ route: "/v1/account", method: "BREW", statusCode: 200, code: "ok" });
    a.addCredits(-5);
    a.addPages("live", Number.NaN);
    const textA = await a.exposition();
    expect(textA).toContain('method="OTHER"');
    expect(textA).toContain("svc_credits_charged_total 0");
    expect(await b.exposition()).not.toContain('method="OTHER"');
    // Without a pool the gauges are present at 0.
    expect(await b.exposition()).toContain("svc_engine_queue_depth 0");
  });

  it("a failing pool reader keeps the scrape working", async () => {
    const m = createMetrics(() => {
      throw new Error("pool closed");
    }, { processMetrics: false });
    expect(await m.exposition()).toContain("svc_engine_running_tasks 0");
  });
});
