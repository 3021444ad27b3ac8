// The account console under /console (DECISIONS.md §Console and payments): server-rendered
// pages served by the API's own process, no build step, no external assets.
//
// app.ts calls, after its content-type setup:
//   registerConsole(app, deps, processor);
// with the same PaymentProcessor it gives registerPaymentRoutes. The console's routes live
// in their own encapsulated scope, so its error handler (plain HTML pages, never a stack
// trace, never the API's JSON envelope) applies to console routes only.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ApiDeps } from "../api/types.js";
import { limits } from "../config/limits.js";
import { isStoreUnavailable } from "../store/db.js";
import { startCheckout } from "../payments/checkout.js";
import type { PaymentProcessor } from "../payments/processor.js";
import { CONSOLE_CSS, CONSOLE_CSS_ETAG, CONSOLE_JS, CONSOLE_JS_ETAG, PLAYGROUND_JS, PLAYGROUND_JS_ETAG } from "./assets.js";
import { sendHtml, type CheckoutFn, type ConsoleDeps } from "./context.js";
import { registerCreditRoutes } from "./credits_routes.js";
import { Csrf } from "./csrf.js";
import { registerKeyRoutes } from "./keys_routes.js";
import { registerPlaygroundRoutes } from "./playground_routes.js";
import { createMailer, type Mailer } from "./mailer.js";
import { errorPage } from "./pages/layout.js";
import { registerReportRoutes } from "./reports_routes.js";
import { registerSignInRoutes } from "./sign_in.js";

export interface ConsoleOptions {
  /** Replaces SMTP/outbox delivery (tests). */
  mailer?: Mailer;
  /** Replaces startCheckout (tests). */
  checkout?: CheckoutFn;
  /** Replaces CONSOLE_SECRET. */
  secret?: string;
}

/** Assets change only with a deploy; an hour of caching, then a cheap 304 by ETag. */
const ASSET_MAX_AGE_S = 3_600;

function serveAsset(request: FastifyRequest, reply: FastifyReply, body: string, etag: string, type: string): FastifyReply {
  reply.headers({ etag, "cache-control": `public, max-age=${ASSET_MAX_AGE_S}`, "x-content-type-options": "nosniff" });
  if (request.headers["if-none-match"] === etag) return reply.code(304).send();
  return reply.code(200).type(type).send(body);
}

function requestIdOf(request: FastifyRequest): string {
  // requestId is set by the API's request-id plugin; a bare test app has only Fastify's id.
  return (request.requestId as string | undefined) ?? request.id;
}

export function registerConsole(app: FastifyInstance, deps: ApiDeps, processor: PaymentProcessor, options: ConsoleOptions = {}): void {
  const consoleDeps: ConsoleDeps = {
    store: deps.store,
    baseUrl: deps.baseUrl,
    secure: deps.baseUrl.startsWith("https:"),
    csrf: new Csrf(options.secret ?? deps.env.CONSOLE_SECRET),
    mailer: options.mailer ?? createMailer({ store: deps.store, smtpUrl: deps.env.SMTP_URL, from: deps.env.MAIL_FROM, log: app.log }),
    checkout: options.checkout ?? ((input) => startCheckout({ store: deps.store, baseUrl: deps.baseUrl, processor }, input)),
  };
  app.register(async (scope) => {
    scope.setErrorHandler((err: FastifyError, request, reply) => {
      // The database away (issue 12 item 1): an operating condition, said so, not a 500.
      if (isStoreUnavailable(err)) {
        reply.header("retry-after", String(Math.ceil(limits.storeRetryAfterMs / 1000)));
        return sendHtml(reply, 503, errorPage({ title: "Temporarily unavailable", message: "The service cannot reach its database right now. Nothing was changed; try again in a few seconds." }));
      }
      const status = typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status === 500) request.log.error({ err }, "console request failed");
      const message =
        status === 500
          ? `Something went wrong on our side. Try again; if it keeps happening, contact support and quote ${requestIdOf(request)}.`
          : "The request could not be understood. Go back and try again.";
      return sendHtml(reply, status, errorPage({ title: status === 500 ? "Something went wrong" : "Bad request", message }));
    });

    scope.get("/console/assets/console.css", (request, reply) => serveAsset(request, reply, CONSOLE_CSS, CONSOLE_CSS_ETAG, "text/css; charset=utf-8"));
    scope.get("/console/assets/console.js", (request, reply) => serveAsset(request, reply, CONSOLE_JS, CONSOLE_JS_ETAG, "text/javascript; charset=utf-8"));
    scope.get("/console/assets/playground.js", (request, reply) => serveAsset(request, reply, PLAYGROUND_JS, PLAYGROUND_JS_ETAG, "text/javascript; charset=utf-8"));

    registerSignInRoutes(scope, consoleDeps);
    registerReportRoutes(scope, consoleDeps);
    registerKeyRoutes(scope, consoleDeps);
    registerCreditRoutes(scope, consoleDeps);
    registerPlaygroundRoutes(scope, consoleDeps, deps);

    // Anything else under /console is an HTML 404, not the API's JSON unknown_endpoint.
    scope.all("/console/*", async (request, reply) => {
      if (request.url === "/console/" && request.method === "GET") return reply.code(308).header("location", "/console").send();
      return sendHtml(reply, 404, errorPage({ title: "Page not found", message: "There is no console page at this address." }));
    });
  });
}
