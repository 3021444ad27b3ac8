// Inputs no layer below can hold are refused where they enter, before any route reads them
// (SPEC.md §Errors: 400 invalid_parameter_type with `param` naming the field; an unrecognised
// name is 400 unknown_parameter). What this refuses, on every route:
// - a path parameter, a path segment, a query name or value that is not valid UTF-8
//   percent-encoding or decodes to a NUL or a lone surrogate (src/text/unholdable.ts): the
//   database cannot store or compare it, and it used to surface as a 500;
// - a query name that addresses the prototype (`__proto__`, `constructor`, `prototype`):
//   refused alike, as an unrecognised parameter, wherever it appears;
// - a header value holding a NUL;
// - an HTTP/1.1 request without Host (RFC 9112 §3.2), which Node would otherwise answer with
//   a bare 400 of its own (the server turns that check off so the envelope is sent here).
// Option bodies (JSON and multipart `options`) are checked by src/api/options.ts.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError, sanitizeCallerString } from "../../errors/catalogue.js";
import { decodeHoldable, isUnholdable, reservedNames } from "../../text/unholdable.js";

const unholdableMessage = (what: string) =>
  `${what} holds a NUL character, a lone UTF-16 surrogate or invalid percent-encoding, which no field can hold. Remove it and send valid UTF-8.`;

function refuseUnholdable(param: string, what: string): ApiError {
  return new ApiError("invalid_parameter_type", { param, message: unholdableMessage(what) });
}

/** The first refusal `request` earns, or null when its line and headers are holdable. */
export function inputFault(request: FastifyRequest): ApiError | null {
  const raw = request.raw;
  if (raw.httpVersion === "1.1" && raw.headers.host === undefined) {
    return new ApiError("invalid_parameter_type", { param: "headers.host", message: "An HTTP/1.1 request needs a Host header. Send one naming this service." });
  }
  for (const [name, value] of Object.entries(raw.headers)) {
    const values = Array.isArray(value) ? value : [value ?? ""];
    if (values.some((v) => v.includes("\u0000"))) return refuseUnholdable(`headers.${name}`, `The ${sanitizeCallerString(name)} header`);
  }
  const url = raw.url ?? "/";
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === "string" && isUnholdable(value)) return refuseUnholdable(name, sanitizeCallerString(name));
  }
  for (const segment of path.split("/")) {
    if (decodeHoldable(segment) === null) return refuseUnholdable("path", "The path");
  }
  if (q === -1) return null;
  for (const pair of url.slice(q + 1).split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const name = decodeHoldable(eq === -1 ? pair : pair.slice(0, eq));
    if (name === null) return refuseUnholdable("query", "A query parameter's name");
    if (reservedNames.has(name)) {
      return new ApiError("unknown_parameter", { param: name, message: `The query parameter ${name} is a reserved name, not a parameter of this service. Remove it.` });
    }
    if (eq !== -1 && decodeHoldable(pair.slice(eq + 1)) === null) {
      return refuseUnholdable(sanitizeCallerString(name), `The query parameter ${sanitizeCallerString(name)}`);
    }
  }
  return null;
}

/** Installs the check as the first onRequest hook of `app` (install it before the routes). */
export function inputGuardPlugin(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    const fault = inputFault(request);
    // statusCode: the console's own error handler (HTML pages) reads the status from it.
    if (fault) throw Object.assign(fault, { statusCode: fault.status });
  });
}
