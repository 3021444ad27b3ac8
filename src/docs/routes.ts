// Documentation served by the service itself, public (no API key), never metered:
//   GET /                 302 to /docs
//   GET /docs             the API reference: Swagger UI (@fastify/swagger-ui) over the same
//                         OpenAPI document as /v1/openapi.json (also at /docs/json), its
//                         scripts and styles served from the package under /docs/static/
//   GET /docs/errors      one anchor per error code (doc_url of every error envelope)
//   GET /docs/warnings    one anchor per warning code (doc_url of every warning)
// Nothing is fetched from another origin: the Content-Security-Policy below allows only
// this origin (plus data: images, which Swagger UI draws its icons with).
//
// The routes live in their own encapsulated scope, so the CSP hook applies to them only;
// unknown paths under /docs still get the API's 404 envelope from the route registry.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DOCS_CSS, DOCS_CSS_ETAG } from "./assets.js";
import { DOCS_CSS_PATH, DOCS_PATH, errorsPage, warningsPage } from "./pages.js";

// Like the console's: only our own files run or style the page (Swagger UI's bundle sets
// styles through the DOM, which style-src does not govern). connect-src 'self': the
// reference loads its document from /docs/json, and "Try it out" calls this origin.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Docs change only with a deploy: an hour of caching, then a cheap 304 by ETag. */
const DOCS_MAX_AGE_S = 3_600;

function securityHeaders(reply: FastifyReply): FastifyReply {
  return reply.headers({ "content-security-policy": CSP, "x-content-type-options": "nosniff", "referrer-policy": "no-referrer", "x-frame-options": "DENY" });
}

function sendPage(request: FastifyRequest, reply: FastifyReply, body: string, etag: string, type: string): FastifyReply {
  securityHeaders(reply).headers({ etag, "cache-control": `public, max-age=${DOCS_MAX_AGE_S}` });
  if (request.headers["if-none-match"] === etag) return reply.code(304).send();
  return reply.code(200).type(type).send(body);
}

function etagOf(body: string): string {
  return `"${Buffer.from(body).length.toString(16)}-${hash(body)}"`;
}

function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16);
}

export interface DocsOptions {
  /** The OpenAPI document /v1/openapi.json serves (src/api/openapi.ts). */
  openapi: Record<string, unknown>;
}

export async function registerDocs(app: FastifyInstance, options: DocsOptions): Promise<void> {
  // Rendered once: the catalogues are constants of the build.
  const errors = errorsPage();
  const warnings = warningsPage();
  const errorsEtag = etagOf(errors);
  const warningsEtag = etagOf(warnings);

  app.get("/", (_request, reply) => reply.code(302).header("location", DOCS_PATH).send());

  await app.register(async (docs) => {
    docs.addHook("onSend", async (_request, reply, payload) => {
      securityHeaders(reply);
      return payload;
    });
    await docs.register(swagger, { mode: "static", specification: { document: options.openapi as never } });
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      theme: { title: "svc-md API reference" },
      // BaseLayout: no top bar, so no field that loads another origin's document.
      uiConfig: { layout: "BaseLayout", deepLinking: true, docExpansion: "list", defaultModelsExpandDepth: 0, displayOperationId: true },
      // No request to the public validator badge.
      validatorUrl: false,
    });
    docs.get(`${DOCS_PATH}/errors`, (request, reply) => sendPage(request, reply, errors, errorsEtag, "text/html; charset=utf-8"));
    docs.get(`${DOCS_PATH}/warnings`, (request, reply) => sendPage(request, reply, warnings, warningsEtag, "text/html; charset=utf-8"));
    docs.get(DOCS_CSS_PATH, (request, reply) => sendPage(request, reply, DOCS_CSS, DOCS_CSS_ETAG, "text/css; charset=utf-8"));
  });
}
