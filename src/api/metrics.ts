// Prometheus metrics for operators: request outcomes by route and error code, pages and
// credits, the engine pool's load, conversion latency, and Node's process metrics.
//
// Each app gets its own Registry rather than prom-client's global one, so tests (and a
// process hosting several apps) can build many without "metric already registered" errors.
//
// GET /metrics is served by the API process, outside /v1 and without authentication, as
// scrapers expect. It reveals traffic volumes and error rates, not customer data; operators
// must still keep it off the public internet (block /metrics at the load balancer, or scrape
// the instance directly on its private address).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { KeyEnv } from "../store/key_format.js";
import { responseErrorCode } from "./plugins/error_handler.js";
import { appWide } from "./plugins/request_id.js";

/** What the engine pool reports (EnginePool.stats() has these and more). */
export interface PoolLoad {
  running: number;
  queued: number;
}

export interface RequestObservation {
  /** The route's pattern (`/v1/conversions/:id`), never the raw path: bounded label values. */
  route: string;
  method: string;
  statusCode: number;
  /** The error code, or "ok" below 400. */
  code: string;
}

export interface MetricsOptions {
  /** Node process metrics (`svc_process_*`, `svc_nodejs_*`); on unless a test turns them off. */
  processMetrics?: boolean;
}

export interface Metrics {
  readonly registry: Registry;
  observeRequest(o: RequestObservation): void;
  /** Pages converted by a finished conversion, by key environment. */
  addPages(env: KeyEnv, pages: number): void;
  /** Credits settled as charged (test keys charge 0 and add nothing). */
  addCredits(credits: number): void;
  /** Wall time of one conversion from admission to its result or failure. */
  observeConversion(seconds: number, outcome?: "ok" | "error"): void;
  /** The text exposition, as GET /metrics serves it. */
  exposition(): Promise<string>;
}

// SPEC.md's wall clock is 60 s; the buckets resolve the fast single-page requests as well as
// the tail that approaches the limit.
const conversionBucketsSeconds = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 45, 60];

const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Counts are whole and non-negative; anything else is a caller bug, not a metric. */
function countable(n: number): boolean {
  return Number.isFinite(n) && n > 0;
}

export function createMetrics(poolStats?: () => PoolLoad, options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry, prefix: "svc_" });

  // Read from the pool at scrape time; a closed or failing pool keeps the last value rather
  // than failing the whole scrape.
  const readPool = (pick: (s: PoolLoad) => number) =>
    function collect(this: Gauge) {
      if (!poolStats) return;
      try {
        this.set(pick(poolStats()));
      } catch {
        // Keep the previous reading.
      }
    };

  const requests = new Counter({
    name: "svc_http_requests_total",
    help: "HTTP responses by route pattern, method, status code and error code (ok below 400).",
    labelNames: ["route", "method", "status_code", "code"] as const,
    registers: [registry],
  });
  const pages = new Counter({
    name: "svc_pages_converted_total",
    help: "Pages converted, by key environment.",
    labelNames: ["env"] as const,
    registers: [registry],
  });
  const credits = new Counter({
    name: "svc_credits_charged_total",
    help: "Credits charged on settlement.",
    registers: [registry],
  });
  new Gauge({
    name: "svc_engine_queue_depth",
    help: "Page chunks waiting for an engine worker thread.",
    registers: [registry],
    collect: readPool((s) => s.queued),
  });
  new Gauge({
    name: "svc_engine_running_tasks",
    help: "Engine tasks running on worker threads.",
    registers: [registry],
    collect: readPool((s) => s.running),
  });
  const conversions = new Histogram({
    name: "svc_conversion_duration_seconds",
    help: "Conversion wall time from admission to result or failure.",
    labelNames: ["outcome"] as const,
    buckets: conversionBucketsSeconds,
    registers: [registry],
  });

  return {
    registry,
    observeRequest(o) {
      requests.inc({
        route: o.route,
        // Unknown methods would mint label values at a client's will.
        method: knownMethods.has(o.method) ? o.method : "OTHER",
        status_code: String(o.statusCode),
        code: o.code,
      });
    },
    addPages(env, n) {
      if (countable(n)) pages.inc({ env }, n);
    },
    addCredits(n) {
      if (countable(n)) credits.inc(n);
    },
    observeConversion(seconds, outcome = "ok") {
      if (Number.isFinite(seconds) && seconds >= 0) conversions.observe({ outcome }, seconds);
    },
    exposition: () => registry.metrics(),
  };
}

/** The labels of one finished request. */
export function requestObservation(request: FastifyRequest, reply: FastifyReply): RequestObservation {
  const status = reply.statusCode;
  // 404s and 405s have no route; their raw paths would be unbounded label values.
  const route = request.is404 ? "unmatched" : (request.routeOptions.url ?? "unmatched");
  const code = status < 400 ? "ok" : (responseErrorCode(request) ?? "unknown");
  return { route, method: request.method, statusCode: status, code };
}

/** The onResponse hook feeding svc_http_requests_total; register it with the other plugins. */
export const requestMetricsPlugin = appWide(
  "svc-request-metrics",
  (app: FastifyInstance, metrics: Metrics, done?: (err?: Error) => void): void => {
    app.addHook("onResponse", (request, reply, next) => {
      metrics.observeRequest(requestObservation(request, reply));
      next();
    });
    done?.();
  },
);

/** GET /metrics in the Prometheus text format (not under /v1, not authenticated: see top). */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics): void {
  app.get("/metrics", async (_request, reply) => {
    const body = await metrics.exposition();
    reply.header("cache-control", "no-store").type(metrics.registry.contentType);
    return body;
  });
}
