// Request identity: every request gets a `req_<id>` before anything else runs, and every
// response carries it in `x-request-id` (SPEC.md §Endpoints, common rules), so a client can
// quote one id that matches the error envelope, the logs and the usage records.
//
// The id is made by Fastify's `genReqId` server option (exported below) rather than in a hook,
// so Fastify's child logger binds the same value as `reqId` from the first log line; the hook
// copies it onto `request.requestId`, the name the rest of the API reads.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { newId } from "../../store/ids.js";

export const REQUEST_ID_HEADER = "x-request-id";

/** Fastify's `genReqId` option: ids are ours, sortable and unguessable. */
export function genReqId(): string {
  return newId("req");
}

/**
 * Server options app.ts spreads into `Fastify({...})`. `requestIdHeader: false` means a
 * caller's own x-request-id is never adopted: ids must be unique and unforgeable, because
 * support looks requests up by them.
 */
export const requestIdServerOptions = {
  genReqId,
  requestIdHeader: false,
} as const satisfies Pick<FastifyServerOptions, "genReqId" | "requestIdHeader">;

const ourId = /^req_[0-9A-Za-z]{24}$/;

/**
 * Fills the request's decorations when they are still unset. The onRequest hook calls it
 * first thing; paths that bypass the hooks (Fastify's `frameworkErrors` for unparseable
 * URLs) call it before answering, so no response goes out without an id.
 */
export function ensureRequestState(request: FastifyRequest): void {
  // Decorations start as null (see below), whatever their declared types say; requests
  // Fastify builds for framework errors are not of the decorated class and lack them.
  if ((request.requestId as string | null | undefined) == null) {
    // Without the genReqId option Fastify's ids are `req-1`, `req-2`: not ours, not unique
    // across instances. The log binding then differs, which is why app.ts must pass it.
    request.requestId = ourId.test(request.id) ? request.id : genReqId();
  }
  if ((request.receivedAtMs as number | null | undefined) == null) request.receivedAtMs = Date.now();
  if ((request.rate as object | null | undefined) == null) request.rate = {};
  // `caller` stays null until authentication sets it.
  if (request.caller === undefined) request.caller = null;
}

/**
 * Marks a plugin function so that `app.register(fn)` adds its hooks to the registering
 * instance itself instead of an encapsulated child (what fastify-plugin does, without the
 * dependency). Calling the function directly on the root instance works the same.
 */
export function appWide<F extends (...args: never[]) => void>(name: string, fn: F): F {
  return Object.assign(fn, {
    [Symbol.for("skip-override")]: true,
    [Symbol.for("fastify.display-name")]: name,
  });
}

function decorateOnce(app: FastifyInstance, name: "requestId" | "receivedAtMs" | "caller" | "rate"): void {
  // Fastify 5 refuses object initial values on requests (one object would be shared by all
  // of them): decorate with null and assign per request in the hook.
  if (!app.hasRequestDecorator(name)) app.decorateRequest(name, null);
}

function onRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  ensureRequestState(request);
  // Set here, not only on send, so errors rendered later keep it: Fastify's error path
  // drops only content-type and content-length.
  reply.header(REQUEST_ID_HEADER, request.requestId);
  done();
}

function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void {
  // A handler may have replaced the headers wholesale; the id is not negotiable.
  if (!reply.hasHeader(REQUEST_ID_HEADER)) {
    ensureRequestState(request);
    reply.header(REQUEST_ID_HEADER, request.requestId);
  }
  done(null, payload);
}

/** Register first: every later hook, handler and log line may read `request.requestId`. */
export const requestIdPlugin = appWide(
  "svc-request-id",
  (app: FastifyInstance, _opts?: object, done?: (err?: Error) => void): void => {
    decorateOnce(app, "requestId");
    decorateOnce(app, "receivedAtMs");
    decorateOnce(app, "caller");
    decorateOnce(app, "rate");
    app.addHook("onRequest", onRequest);
    app.addHook("onSend", onSend);
    done?.();
  },
);
