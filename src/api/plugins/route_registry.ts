// 404 and 405 (SPEC.md §Endpoints, common rules): an unknown route answers 404
// unknown_endpoint; a known path with the wrong method answers 405 method_not_allowed with an
// `Allow` header listing what the path accepts. Both are the JSON envelope, never Fastify's
// default body.
//
// Fastify routes per method, so a known path with the wrong method simply lands in the
// not-found handler. To tell the two apart we keep the methods every route registers
// (`onRoute`) and ask Fastify's own router (`findRoute`) whether the request's path matches a
// route under each of them. Asking the router rather than re-matching patterns here means
// `:param`, regex parameters, wildcards, decoding, trailing-slash and case options behave
// exactly as they do for routing: a path never gets a 405 that routing would not match.
//
// HEAD: Fastify serves HEAD for every GET route (`exposeHeadRoutes`, default true) and
// registers those HEAD routes through `onRoute` too, so `Allow` lists HEAD exactly when HEAD
// works. OPTIONS is not served (no CORS in this release), so it is a 405 like any other.
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import { ApiError, sanitizeCallerString } from "../../errors/catalogue.js";
import { sendError } from "./error_handler.js";
import { appWide } from "./request_id.js";

// The order `Allow` lists methods in: the conventional one, then anything else by name.
const methodOrder = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The url patterns seen by `onRoute`, with their methods, per instance it was installed on. */
const tables = new WeakMap<FastifyInstance, Map<string, Set<string>>>();

/** Every route pattern registered after the plugin, with its methods (docs, tests, debugging). */
export function registeredRoutes(app: FastifyInstance): ReadonlyMap<string, ReadonlySet<string>> {
  return tables.get(app) ?? new Map();
}

function byConventionalOrder(a: string, b: string): number {
  const ia = methodOrder.indexOf(a);
  const ib = methodOrder.indexOf(b);
  if (ia !== -1 || ib !== -1) return (ia === -1 ? methodOrder.length : ia) - (ib === -1 ? methodOrder.length : ib);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The methods Fastify would route `url` (path and query) under. Empty: no such path. */
export function allowedMethods(app: FastifyInstance, url: string): string[] {
  const table = tables.get(app);
  // The conventional methods are always probed, so a route registered before this plugin
  // (its onRoute never seen) still counts; any other method counts once a route used it.
  const candidates = new Set<string>(methodOrder);
  for (const methods of table?.values() ?? []) for (const m of methods) candidates.add(m);
  const allowed: string[] = [];
  for (const method of candidates) {
    if (app.findRoute({ method: method as HTTPMethods, url })) allowed.push(method);
  }
  return allowed.sort(byConventionalOrder);
}

function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

/** Answers a request no route took: 405 when its path exists under another method, else 404. */
export function answerUnrouted(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // The path and method are the caller's text, quoted under the SPEC message rule.
  const path = sanitizeCallerString(pathOf(request.url));
  const allowed = allowedMethods(app, request.url);
  if (allowed.length === 0) {
    return sendError(reply, request, new ApiError("unknown_endpoint", {
      message: `No endpoint exists at ${path}. Check the path against the API reference; API paths start with /v1.`,
    }));
  }
  const method = sanitizeCallerString(request.method);
  return sendError(reply, request, new ApiError("method_not_allowed", {
    message: `${path} does not accept ${method}. Use ${allowed.join(" or ")}, as the Allow header lists.`,
    headers: { allow: allowed.join(", ") },
  }));
}

/**
 * Register before any route (so `onRoute` sees them all) and before authentication: the
 * onRequest hook below answers unrouted requests before any later onRequest hook, so a 404
 * or 405 never runs auth, admission or a handler, and never costs a metered request.
 */
export const routeRegistryPlugin = appWide(
  "svc-route-registry",
  (app: FastifyInstance, _opts?: object, done?: (err?: Error) => void): void => {
    const table = new Map<string, Set<string>>();
    tables.set(app, table);
    app.addHook("onRoute", (route) => {
      const methods = table.get(route.url) ?? new Set<string>();
      for (const m of Array.isArray(route.method) ? route.method : [route.method]) methods.add(m.toUpperCase());
      table.set(route.url, methods);
    });
    // Requests no route took run the not-found context, whose hooks are the root's: answer
    // in the first of them rather than after auth-like hooks registered later.
    app.addHook("onRequest", async (request, reply) => {
      if (request.is404) {
        answerUnrouted(app, request, reply);
        return reply;
      }
      return undefined;
    });
    // The fallback when the hook above was registered after other onRequest hooks, and the
    // handler Fastify requires for its not-found context.
    app.setNotFoundHandler((request, reply) => answerUnrouted(app, request, reply));
    done?.();
  },
);
