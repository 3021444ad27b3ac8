// The payment routes under test: startTestApi() builds (and readies) the app without them,
// so each test file builds a small Fastify app with the same plugins and content-type setup
// as src/api/app.ts, plus registerPaymentRoutes, over the harness's deps and database.
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from "../../src/api/plugins/error_handler.js";
import { rateHeadersPlugin } from "../../src/api/plugins/rate_headers.js";
import { requestIdPlugin, requestIdServerOptions } from "../../src/api/plugins/request_id.js";
import { routeRegistryPlugin } from "../../src/api/plugins/route_registry.js";
import type { ApiDeps } from "../../src/api/types.js";
import type { PaymentProcessor } from "../../src/payments/processor.js";
import { registerPaymentRoutes } from "../../src/payments/webhooks.js";
import type { StoreContext } from "../../src/store/context.js";

export const TEST_SANDBOX_SECRET = "test-sandbox-webhook-secret-0123456789abcdef";

export async function paymentsApp(deps: ApiDeps, processor: PaymentProcessor): Promise<FastifyInstance> {
  const app = Fastify({ ...requestIdServerOptions, frameworkErrors, clientErrorHandler, logger: false });
  requestIdPlugin(app);
  rateHeadersPlugin(app);
  errorHandlerPlugin(app, { docsUrl: `${deps.baseUrl}/docs` });
  routeRegistryPlugin(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
  registerPaymentRoutes(app, deps, processor);
  await app.ready();
  return app;
}

/** A port nothing listens on yet, so a base URL can be known before the app listens. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function orgRow(store: StoreContext, orgId: string) {
  const r = await store.db.query<{ credit_balance: number; credits_held: number; debt_credits: number }>(
    "SELECT credit_balance, credits_held, debt_credits FROM orgs WHERE id = $1",
    [orgId],
  );
  return r.rows[0];
}

export async function purchaseRow(store: StoreContext, purchaseId: string) {
  return (await store.db.query<{ status: string; processor: string; processor_ref: string | null; currency: string }>(
    "SELECT status, processor, processor_ref, currency FROM purchases WHERE id = $1",
    [purchaseId],
  )).rows[0];
}

export async function paymentEvents(store: StoreContext, processor: string) {
  return (await store.db.query<{ event_id: string; kind: string; reference: string | null }>(
    "SELECT event_id, kind, reference FROM payment_events WHERE processor = $1 ORDER BY processed_at, event_id",
    [processor],
  )).rows;
}

export async function riskEvents(store: StoreContext, orgId: string) {
  return (await store.db.query<{ kind: string }>("SELECT kind FROM risk_events WHERE org_id = $1", [orgId])).rows.map((r) => r.kind);
}
