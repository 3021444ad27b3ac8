// Builds the Fastify application: the cross-cutting plugins in their order, then the
// routes. Handlers only parse, call and reply; the request's path is in admission.ts and
// the route files.
import Fastify, { type FastifyInstance } from "fastify";
import { docsBaseUrl } from "../config/env.js";
import { limits } from "../config/limits.js";
import { registerDocs } from "../docs/routes.js";
import { createMetrics, registerMetricsRoute, requestMetricsPlugin } from "./metrics.js";
import { openApiDocument } from "./openapi.js";
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from "./plugins/error_handler.js";
import { expectContinuePlugin } from "./plugins/expect_continue.js";
import { inputGuardPlugin } from "./plugins/input_guard.js";
import { loggerOptions, type LogLevelName } from "./plugins/logging.js";
import { rateHeadersPlugin } from "./plugins/rate_headers.js";
import { requestIdPlugin, requestIdServerOptions } from "./plugins/request_id.js";
import { routeRegistryPlugin } from "./plugins/route_registry.js";
import { registerConvertRoute } from "./routes/v1_convert.js";
import { registerDisabledRoutes } from "./routes/v1_disabled.js";
import { registerHealthRoutes } from "./routes/health.js";
import { registerReadRoutes } from "./routes/v1_read.js";
import { registerTocRoute } from "./routes/v1_toc.js";
import type { ApiDeps } from "./types.js";
import { registerConsole } from "../console/routes.js";
import { registerPaymentRoutes } from "../payments/webhooks.js";
import { selectProcessor } from "../payments/select.js";

export async function buildApp(deps: ApiDeps, options: { logStream?: { write(line: string): void } } = {}): Promise<FastifyInstance> {
  // {docs_url}: every doc_url the app sends (envelopes, warnings, the OpenAPI document).
  const docsUrl = docsBaseUrl(deps.env, deps.baseUrl);
  const metrics = createMetrics(() => deps.pool.stats());
  const app = Fastify({
    ...requestIdServerOptions,
    frameworkErrors,
    clientErrorHandler,
    logger: loggerOptions({ level: deps.env.LOG_LEVEL as LogLevelName, stream: options.logStream }),
    // Bodies are read by body.ts with their own limits; Fastify's own cap is a backstop.
    bodyLimit: limits.uploadBytesMax + 1024 * 1024,
    // A request may take the whole conversion wall clock plus the body deadline.
    requestTimeout: limits.requestWallMsMax + limits.requestBodyMsMax,
    http: {
      // The request line and headers have their own deadline, apart from the body's (a client
      // trickling header bytes holds a connection at most this long), checked every second.
      headersTimeout: limits.requestHeadersMsMax,
      connectionsCheckingInterval: limits.connectionsCheckMsMax,
      // A request without Host is refused by the input guard with the envelope, not by Node.
      requireHostHeader: false,
    },
    return503OnClosing: true,
  });
  requestIdPlugin(app);
  rateHeadersPlugin(app);
  errorHandlerPlugin(app, { docsUrl });
  routeRegistryPlugin(app);
  inputGuardPlugin(app);
  expectContinuePlugin(app);
  requestMetricsPlugin(app, metrics);
  registerMetricsRoute(app, metrics);

  // body.ts reads conversion bodies itself: Fastify must leave every body unread.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

  registerHealthRoutes(app, deps);
  const openapiDocument = openApiDocument(deps.baseUrl, docsUrl);
  const openapi = JSON.stringify(openapiDocument);
  app.get("/v1/openapi.json", (_request, reply) => reply.type("application/json; charset=utf-8").send(openapi));
  // The reference, errors and warnings pages, and / → /docs (public, not metered).
  await registerDocs(app, { openapi: openapiDocument });
  registerConvertRoute(app, deps, metrics);
  registerTocRoute(app, deps);
  registerReadRoutes(app, deps);
  registerDisabledRoutes(app, deps);

  // The console and the payment processor (SPEC: accounts, keys and credits are the
  // console's, not the API's); credits come only from the processor's webhook.
  const processor = selectProcessor({ baseUrl: deps.baseUrl, log: app.log });
  registerPaymentRoutes(app, deps, processor);
  registerConsole(app, deps, processor);
  await app.ready();
  return app;
}
