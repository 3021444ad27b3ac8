// The OpenAPI 3.1 document of the v1 API, served at GET /v1/openapi.json. Nothing in it is
// typed twice: the options schemas come from the zod schemas that validate requests
// (src/api/options.ts), and the error envelope, the error codes and the statuses they
// answer with come from the catalogue (src/errors/catalogue.ts). Shapes SPEC.md and
// DECISIONS.md describe in prose (Conversion, Account, ledger entries…) are in
// openapi_shapes.ts. Every route the app registers is a path here, apart from the pages for
// people (console, docs) and the processor's webhook: test/api/openapi.test.ts walks the
// route registry to keep it so.
import { z } from "zod";
import { limits } from "../config/limits.js";
import { ENGINE_ALIAS } from "../engine/version.js";
import { ErrorCode, errorCodes, errorDocUrl, errorEntry, errorTypes } from "../errors/catalogue.js";
import { ConvertOptionsSchema, TocOptionsSchema, queryOptionNames } from "./options.js";
import {
  account, conversion, ledgerEntry, list, obj, ref, str, toc, usage, usageRecord, usageSummary, warning, type Json,
} from "./openapi_shapes.js";

/** JSON Schema of what a client sends (defaults optional), without the `$schema` marker. */
export function inputJsonSchema(schema: z.ZodType): Json {
  const { $schema: _marker, ...rest } = z.toJSONSchema(schema, { io: "input", target: "draft-2020-12" }) as Json;
  return rest;
}

const ErrorEnvelopeSchema = z
  .strictObject({
    error: z.strictObject({
      type: z.enum(errorTypes).meta({ description: "Coarse class; lets a client branch on a code it does not know." }),
      code: ErrorCode.meta({ description: "Stable; clients match on this, not on the message." }),
      message: z.string().meta({ description: "Names the offending input, the fault and the fix." }),
      param: z.string().nullable().meta({ description: "Path of the offending field, such as `options.pages`; null when not field-specific." }),
      retryable: z.boolean().meta({ description: "Whether retrying the exact request could succeed." }),
      retry_after_ms: z.number().int().nullable().meta({ description: "Wait before retrying, when known; agrees with Retry-After." }),
      doc_url: z.string().meta({ description: "`{docs_url}/errors#<code>`: the code's entry in the reference (type, status, retryable, what to do)." }),
      request_id: z.string().meta({ description: "`req_<id>`, as in x-request-id." }),
      details: z.record(z.string(), z.unknown()).meta({ description: "Code-specific and additive: ignore unknown keys." }),
    }),
  })
  .meta({ description: "Every non-2xx response on every endpoint. Billing: every 4xx and 5xx bills 0 credits." });


// Response headers (SPEC.md): the rate-limit set is on every response.
const h = (description: string, schema: Json = { type: "string" }) => ({ description, schema });
const rateHeaders = Object.fromEntries(
  ["requests", "pages", "concurrency"].flatMap((m) => [
    [`x-ratelimit-limit-${m}`, h(`Limit of the ${m} meter.`, { type: "integer" })],
    [`x-ratelimit-remaining-${m}`, h(`Remaining on the ${m} meter.`, { type: "integer" })],
    ...(m === "concurrency" ? [] : [[`x-ratelimit-reset-${m}`, h(`RFC 3339 UTC moment the ${m} meter is full again.`)]]),
  ]),
);
const commonHeaders = { "x-request-id": h("`req_<id>`."), ...rateHeaders, "x-ratelimit-scope": h("Always `org`.") };
const resultHeaders = {
  ...commonHeaders,
  "x-svc-engine": h("Resolved (pinned) engine."),
  "x-svc-page-count": h("Pages in the document.", { type: "integer" }),
  "x-svc-pages-processed": h("Pages the converter worked on.", { type: "integer" }),
  "x-svc-pages-billed": h("Pages billed.", { type: "integer" }),
  "x-svc-warning-count": h("Number of warnings.", { type: "integer" }),
  "x-svc-warning-summary": h("Comma-separated `<code>=<count>` pairs."),
  "x-credits-charged": h("Credits charged.", { type: "integer" }),
  "x-credits-balance": h("Balance after.", { type: "integer" }),
  "x-credits-unit": h("Always `page`."),
  "Idempotency-Replayed": h("`true` on a replay."),
};

/** Statuses of the catalogue, each with its codes, in ascending order. */
function codesByStatus(): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodes) {
    const { status } = errorEntry(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort((a, b) => a[0] - b[0]));
}

function errorResponse(status: number, codes: readonly ErrorCode[]): Json {
  const extra: Json = {};
  if (status === 401) extra["WWW-Authenticate"] = h('`Bearer realm="svc", error="invalid_token"`.');
  if (status === 405) extra.Allow = h("Methods the path accepts.");
  if (status === 429 || status === 503 || status === 409) extra["Retry-After"] = h("Whole seconds to wait (429, 503 and 409 idempotency_in_progress).", { type: "integer" });
  return {
    description: `Error envelope. Codes: ${codes.join(", ")}.`,
    headers: { ...commonHeaders, ...extra },
    content: { "application/json": { schema: ref("Error") } },
    "x-error-codes": codes,
  };
}

const allStatuses = [...codesByStatus().keys()];
const readStatuses = [400, 401, 403, 404, 405, 429, 500, 503];
const errors = (statuses: readonly number[]) => Object.fromEntries(statuses.map((s) => [String(s), { $ref: `#/components/responses/Error${s}` }]));
const jsonOk = (description: string, schema: Json) => ({ description, headers: commonHeaders, content: { "application/json": { schema } } });

const headerParam = (name: string, description: string, schema: Json = { type: "string" }) => ({ name, in: "header", required: false, description, schema });
const queryParam = (name: string, description: string, schema: Json) => ({ name, in: "query", required: false, description, schema });
const postHeaders = [
  headerParam("Accept", "`application/json` (default) or `text/markdown`; q-values are honoured; anything else: 406 unsupported_accept.", { type: "string", examples: ["text/markdown"] }),
  headerParam("Idempotency-Key", `1 to ${limits.idempotencyKeyCharsMax} printable ASCII characters; a replay within 25 hours returns the original response, unbilled.`, { type: "string", minLength: 1, maxLength: limits.idempotencyKeyCharsMax }),
  headerParam("X-Svc-Simulate", "Test keys only: an error code to force; ignored on live keys.", { type: "string", enum: errorCodes }),
];
const listParams = (max: number, fallback: number) => [
  queryParam("limit", `Page size, 1 to ${max}; default ${fallback}. Out of range: 400 invalid_parameter_type.`, { type: "integer", minimum: 1, maximum: max, default: fallback }),
  queryParam("starting_after", "An id from the previous page (its next_cursor).", { type: "string" }),
];

/** The three encodings of a PDF request: raw bytes, multipart, JSON source. */
function pdfRequestBody(optionsSchema: string): Json {
  const pdf = { type: "string", contentMediaType: "application/pdf", description: `At most ${limits.uploadBytesMax / 1024 / 1024} MiB.` };
  return {
    required: true,
    content: {
      "application/pdf": { schema: { ...pdf, description: `${pdf.description} Options go in the query string (scalar options only).` } },
      "multipart/form-data": {
        schema: obj({ file: pdf, options: ref(optionsSchema), password: str("The document password.") }, "No query parameters may accompany it (400 query_options_not_allowed); any other part: 400 unknown_parameter.", ["options", "password"]),
        encoding: { file: { contentType: "application/pdf" }, options: { contentType: "application/json" }, password: { contentType: "text/plain" } },
      },
      "application/json": {
        schema: obj({ source: ref("Source"), options: ref(optionsSchema) }, "Conversion of an uploaded file by its file_id; options beside source, none in the query (400 query_options_not_allowed). No upload exists in this release: 404 file_not_found.", ["options"]),
        examples: {
          file_id: { summary: "A file uploaded earlier", value: { source: { type: "file_id", file_id: "file_123" }, options: { pages: "1-5" } } },
          base64: { summary: "Base64 bytes: refused, 400 unsupported_source_type", value: { source: { type: "base64", data: "JVBERi0xLjcK..." } } },
        },
      },
    },
  };
}

/**
 * The JSON encoding's `source`: `file_id` is the one type accepted; `base64` and `url` are
 * named by SPEC.md only to be refused with 400 unsupported_source_type (send the bytes as
 * application/pdf or multipart instead).
 */
const source = {
  description: "Where the PDF comes from. Only `file_id` is accepted; `base64` and `url` give 400 unsupported_source_type.",
  oneOf: [
    obj({ type: str("An uploaded file.", { const: "file_id" }), file_id: str("`file_<id>` from POST /v1/files.") }, "A file uploaded earlier (404 file_not_found in this release)."),
    {
      type: "object",
      properties: { type: str("Not supported: 400 unsupported_source_type.", { enum: ["base64", "url"] }) },
      required: ["type"],
      description: "Inline base64 bytes or a URL: refused with 400 unsupported_source_type.",
    },
  ],
};

function queryPages(schema: Json): Json {
  const { default: _null, ...rest } = schema;
  return { ...rest, type: "string" };
}

/** The v1 OpenAPI document for a deployment at `baseUrl` ({base_url}) whose doc_url links are under `docsUrl` ({docs_url}). */
export function openApiDocument(baseUrl: string, docsUrl: string): Json {
  const convertOptions = inputJsonSchema(ConvertOptionsSchema);
  return {
    openapi: "3.1.0",
    info: {
      title: "svc-md API",
      version: "1",
      description: `PDF to Markdown conversion. 1 credit = 1 converted page. Engine alias ${ENGINE_ALIAS}. Every error code is explained in the [error reference](${docsUrl}/errors), every warning code in the [warning reference](${docsUrl}/warnings).`,
    },
    externalDocs: { description: "Error and warning reference", url: `${docsUrl}/errors` },
    servers: [{ url: baseUrl }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: "Conversion", description: "PDF in, Markdown or an outline out; billed in credits." },
      { name: "Account", description: "Balance, ledger, usage and stored results; free." },
      { name: "Service", description: "Health, readiness, metrics and this document; no API key." },
    ],
    paths: { ...conversionPaths(queryOptionParams(convertOptions)), ...disabledPaths(), ...readPaths(), ...servicePaths() },
    components: components(convertOptions),
    // The whole catalogue, for clients generating code tables: code → type, status, retryable.
    "x-error-catalogue": errorCatalogue(docsUrl),
  };
}

/** The scalar options as query parameters of the raw encoding. */
function queryOptionParams(convertOptions: Json): Json[] {
  const optionProps = convertOptions.properties as Record<string, Json>;
  // The query string cannot say null: there `pages` is a string, omitted to select every page.
  return queryOptionNames.map((name) =>
    queryParam(name, `application/pdf only. ${optionProps[name].description}`, name === "pages" ? queryPages(optionProps[name]) : optionProps[name]),
  );
}

/** POST /v1/convert and /v1/toc. */
function conversionPaths(queryOptions: Json[]): Json {
  return {
    "/v1/convert": {
      post: {
        tags: ["Conversion"], operationId: "convert",
        summary: "Convert a PDF to Markdown.",
        description: `Synchronous. Three encodings that cannot be mixed. Scope convert:write. Billed 1 credit per billable page; hold = the bounded selection, else ${limits.holdCreditsMax}.`,
        parameters: [...postHeaders, ...queryOptions],
        requestBody: pdfRequestBody("ConvertOptions"),
        responses: {
          "200": { description: "The conversion: JSON by default, Markdown only with Accept: text/markdown (numbers in headers).", headers: resultHeaders, content: { "application/json": { schema: ref("Conversion") }, "text/markdown": { schema: { type: "string" } } } },
          ...errors(allStatuses),
        },
      },
    },
    "/v1/toc": {
      post: {
        tags: ["Conversion"], operationId: "toc",
        summary: "Read a PDF's outline as a table of contents.",
        description: "Same encodings and password handling as /v1/convert; the only option is metadata, so the raw encoding takes no query parameter. 1 credit per request, 0 when the document has no outline. Scope convert:write.",
        parameters: postHeaders,
        requestBody: pdfRequestBody("TocOptions"),
        responses: {
          "200": { description: "The outline: JSON, or a Markdown list with Accept: text/markdown.", headers: resultHeaders, content: { "application/json": { schema: ref("Toc") }, "text/markdown": { schema: { type: "string" } } } },
          ...errors(allStatuses),
        },
      },
    },
  };
}

/** Probes, metrics and this document: no API key, never metered. */
function servicePaths(): Json {
  const open = { security: [], tags: ["Service"] };
  const text = (description: string, type: string) => ({ description, content: { [type]: { schema: { type: "string" } } } });
  return {
    "/healthz": { get: { ...open, operationId: "healthz", summary: "Liveness: 200 while the process runs.", responses: { "200": { description: "Alive.", content: { "application/json": { schema: obj({ status: str(undefined, { const: "ok" }) }) } } }, ...errors([405, 500]) } } },
    "/readyz": {
      get: {
        ...open,
        operationId: "readyz",
        summary: "Readiness: the database answers and the engine queue has room; else 503 overloaded.",
        responses: { "200": { description: "Ready.", content: { "application/json": { schema: { type: "object", properties: { status: str(undefined, { const: "ready" }), database: str(), engine: { type: "object" } }, required: ["status"] } } } }, ...errors([405, 500, 503]) },
      },
    },
    "/metrics": { get: { ...open, operationId: "metrics", summary: "Operator metrics in the Prometheus text exposition format.", responses: { "200": text("The exposition.", "text/plain"), ...errors([405, 500]) } } },
    "/v1/openapi.json": { get: { ...open, operationId: "openapi", summary: "This OpenAPI 3.1 document.", responses: { "200": { description: "The document.", content: { "application/json": { schema: { type: "object" } } } }, ...errors([405, 500]) } } },
  };
}

/** Endpoints of SPEC.md not enabled in this release. */
function disabledPaths(): Json {
  return {
    "/v1/inspect": { post: { tags: ["Conversion"], operationId: "inspect", summary: "Document probe (scan=sample|full). Not enabled in this release: 422 feature_not_enabled, billed 0.", responses: errors([401, 403, 405, 422, 429, 500, 503]) } },
    "/v1/files": { post: { tags: ["Conversion"], operationId: "uploadFile", summary: "Upload for later conversion by file_id. Not enabled in this release: 422 feature_not_enabled, billed 0.", responses: errors([401, 403, 405, 422, 429, 500, 503]) } },
  };
}

/** The read endpoints: account, ledger, usage, stored conversions. */
function readPaths(): Json {
  return {
    "/v1/account": { get: { tags: ["Account"], operationId: "getAccount", summary: "The caller's account. Free; scope account:read.", responses: { "200": jsonOk("The account.", ref("Account")), ...errors(readStatuses) } } },
    "/v1/credits/ledger": {
      get: { tags: ["Account"], operationId: "listLedger", summary: "The authoritative, hash-chained credit history, ascending. Scope usage:read.", parameters: listParams(limits.ledgerListLimitMax, limits.ledgerListLimitDefault), responses: { "200": jsonOk("A page of ledger entries.", list("LedgerEntry")), ...errors(readStatuses) } },
    },
    "/v1/usage": {
      get: {
        tags: ["Account"], operationId: "usageSummary",
        summary: "Usage totals over [from, to), grouped by endpoint or day. Scope usage:read.",
        parameters: [
          queryParam("from", "Inclusive start: YYYY-MM-DD (UTC) or RFC 3339; default 30 days ago.", { type: "string" }),
          queryParam("to", `Exclusive end, same forms; at most ${limits.usageSummaryRangeDaysMax} days after from; default tomorrow.`, { type: "string" }),
          queryParam("group_by", "Grouping.", { type: "string", enum: ["day", "endpoint"], default: "day" }),
        ],
        responses: { "200": jsonOk("Usage totals.", ref("UsageSummary")), ...errors(readStatuses) },
      },
    },
    "/v1/usage/records": {
      get: { tags: ["Account"], operationId: "listUsageRecords", summary: "One record per request that reached the converter or was refused for billing or limits, oldest first. Scope usage:read.", parameters: listParams(limits.usageListLimitMax, limits.usageListLimitDefault), responses: { "200": jsonOk("A page of usage records.", list("UsageRecord")), ...errors(readStatuses) } },
    },
    "/v1/conversions/{id}": {
      get: {
        tags: ["Account"], operationId: "getConversion",
        summary: "A stored conversion, for 24 hours (then 410 result_expired). Free; scope convert:write.",
        parameters: [{ name: "id", in: "path", required: true, description: "`conv_<id>`.", schema: { type: "string" } }],
        responses: { "200": jsonOk("The original 200 body, usage.cache unchanged.", ref("Conversion")), ...errors([...readStatuses, 410]) },
      },
    },
  };
}

function components(convertOptions: Json): Json {
  const statuses = codesByStatus();
  return {
    securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "Authorization: Bearer svc_sk_live_… or svc_sk_test_…; a key anywhere else counts as missing." } },
    schemas: {
      ConvertOptions: convertOptions,
      TocOptions: inputJsonSchema(TocOptionsSchema),
      Error: inputJsonSchema(ErrorEnvelopeSchema),
      Source: source,
      Conversion: conversion,
      Warning: warning,
      Usage: usage,
      Toc: toc,
      Account: account,
      LedgerEntry: ledgerEntry,
      UsageRecord: usageRecord,
      UsageSummary: usageSummary,
    },
    responses: Object.fromEntries([...statuses].map(([status, codes]) => [`Error${status}`, errorResponse(status, codes)])),
  };
}

function errorCatalogue(docsUrl: string): Json[] {
  return errorCodes.map((code) => {
    const { type, status, retryable } = errorEntry(code);
    return { code, type, status, retryable, doc_url: errorDocUrl(docsUrl, code) };
  });
}
