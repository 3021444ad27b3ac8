// The OpenAPI 3.1 document of the v1 API, served at GET /v1/openapi.json. Nothing in it is
// typed twice: the options schemas come from the zod schemas that validate requests
// (src/api/options.ts), and the error envelope, the error codes and the statuses they
// answer with come from the catalogue (src/errors/catalogue.ts). Shapes SPEC.md and
// DECISIONS.md describe in prose (Conversion, Account, ledger entries…) are written here.
import { z } from "zod";
import { limits } from "../config/limits.js";
import { ENGINE_ALIAS, ENGINE_VERSION } from "../engine/version.js";
import { DOCS_BASE_URL, ErrorCode, errorCodes, errorDocUrl, errorEntry, errorTypes } from "../errors/catalogue.js";
import { keyEnvs } from "../store/key_format.js";
import { ConvertOptionsSchema, TocOptionsSchema, queryOptionNames } from "./options.js";

type Json = Record<string, unknown>;

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
      doc_url: z.string().meta({ description: `Reference page of the code, under ${DOCS_BASE_URL}.` }),
      request_id: z.string().meta({ description: "`req_<id>`, as in x-request-id." }),
      details: z.record(z.string(), z.unknown()).meta({ description: "Code-specific and additive: ignore unknown keys." }),
    }),
  })
  .meta({ description: "Every non-2xx response on every endpoint. Billing: every 4xx and 5xx bills 0 credits." });

// Compact builders for the prose-described shapes.
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = (description?: string, extra: Json = {}) => ({ type: "string", ...(description ? { description } : {}), ...extra });
const int = (description?: string) => ({ type: "integer", minimum: 0, ...(description ? { description } : {}) });
const nullable = (schema: Json) => ({ ...schema, type: [schema.type, "null"] });
const arr = (items: Json, description?: string) => ({ type: "array", items, ...(description ? { description } : {}) });
const obj = (properties: Record<string, Json>, description?: string, optional: readonly string[] = []) => ({
  type: "object",
  properties,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  ...(description ? { description } : {}),
});
const list = (item: string) => obj({ object: str(undefined, { const: "list" }), data: arr(ref(item)), has_more: { type: "boolean" }, next_cursor: nullable(str("Pass as starting_after for the next page; null on the last page.")) });
const metadataOut = { type: "object", additionalProperties: { type: "string" }, description: "The request's `metadata` option, echoed when given." };

const usage = obj({
  pages_processed: int("Pages the converter worked on."),
  pages_billed: int(),
  pages_not_billed: arr({ type: "integer", minimum: 1 }, "Pages removed from the bill; exactly the pages of critical page-scope warnings."),
  credits_charged: int("0 on any 4xx or 5xx, and on test keys."),
  credit_balance_after: int(),
  line_items: arr(obj({ kind: str(undefined, { enum: ["page_convert", "toc_outline"] }), quantity: int(), credits: int() })),
  cache: str(undefined, { enum: ["miss", "hit"] }),
});

const warning = obj({
  code: str("engine_alias_floating, metadata_unavailable, page_has_no_text_layer, page_render_failed, page_budget_exceeded, result_truncated, outline_missing."),
  severity: str(undefined, { enum: ["info", "critical"] }),
  scope: str(undefined, { enum: ["document", "page"] }),
  message: str(),
  pages: arr({ type: "integer", minimum: 1 }, "Pages concerned; empty for document scope."),
  billed: { type: "boolean", description: "false when the pages concerned were not billed." },
  doc_url: str(),
});

const conversion = obj(
  {
    id: str("`conv_<id>`."),
    object: str(undefined, { const: "conversion" }),
    engine: str("The resolved, always pinned, engine version.", { examples: [ENGINE_VERSION] }),
    created_at: str("ISO 8601 UTC.", { format: "date-time" }),
    document: obj({
      page_count: int("Pages in the whole document."),
      pages_selected: str("The selection expression."),
      pages_selected_count: int(),
      content_sha256: str("Lowercase hex SHA-256 of exactly the Markdown served; reproducible when the engine is pinned."),
      quality: obj({ text_layer_coverage: { type: "number", minimum: 0, maximum: 1, description: "Selected pages with extractable text ÷ selected pages, 4 decimals." } }),
    }),
    markdown: str("The converted Markdown."),
    pages: nullable(arr(obj({ page: int(), chars: int(), extraction: nullable(str(undefined, { enum: ["mupdf", "pdfjs", null] })), markdown_offset: int("UTF-16 offset into markdown."), markdown_length: int("UTF-16 length.") }), "null in answer to the shortest form of request (no option at all).")),
    links: nullable(arr(obj({ page: int(), url: str(), text: str() }), "null in answer to the shortest form of request.")),
    warnings: arr(ref("Warning"), "Every degradation, at page granularity."),
    warning_summary: { type: "object", additionalProperties: { type: "integer" }, description: "Warning code → count." },
    timings_ms: obj({ parse: int(), convert: int(), encode: int(), total: int() }),
    usage: ref("Usage"),
    metadata: metadataOut,
    debug: { type: "object", description: "Present with `debug: true`: per-page timings, extraction path, layout decisions." },
  },
  "A conversion. There is no status field: 200 means a result was produced; all imperfection is in warnings.",
  ["metadata", "debug"],
);

const toc = obj(
  {
    object: str(undefined, { const: "toc" }),
    id: str("`toc_<id>`."),
    engine: str(),
    created_at: str(undefined, { format: "date-time" }),
    document: obj({ page_count: int() }),
    entries: arr(obj({ title: str(), level: { type: "integer", minimum: 1 }, page: nullable(int("1-based; null when the target is not a page of the document.")) }), "In document order; empty (with outline_missing, 0 credits) when the document has no outline."),
    warnings: arr(ref("Warning")),
    warning_summary: { type: "object", additionalProperties: { type: "integer" } },
    usage: ref("Usage"),
    metadata: metadataOut,
  },
  "A document's outline.",
  ["metadata", "warning_summary"],
);

const accountLimits = ["requests_per_min", "pages_per_min", "concurrency", "upload_bytes_per_min", "inspect_per_min", "toc_per_min", "inspect_sample_pages_per_day", "unbilled_vcpu_ms_per_hour", "burn_cap_credits_per_day", "max_upload_bytes", "max_selected_pages"];
const account = obj({
  object: str(undefined, { const: "account" }),
  account_id: str(),
  status: str(undefined, { enum: ["active", "suspended"] }),
  env: str("The calling key's environment.", { enum: [...keyEnvs] }),
  credit_balance: int(),
  credits_held: int(),
  debt_credits: int(),
  credit_unit: str(undefined, { const: "page" }),
  lifetime_credits_charged: int(),
  trust_tier: { type: "integer", minimum: 0, maximum: 4 },
  rate_card_version: int(),
  test_pages_used: int(),
  test_pages_limit: int(),
  limits: obj(Object.fromEntries(accountLimits.map((k) => [k, int()])), "The account's own limits; burn_cap_credits_per_day 0 means none."),
});

const ledgerEntry = obj({
  object: str(undefined, { const: "ledger_entry" }),
  id: str("`led_<id>`."),
  seq: int(),
  created_at: str(undefined, { format: "date-time" }),
  kind: str(undefined, { enum: ["purchase", "bonus", "charge", "refund", "clawback", "goodwill", "expiry", "debt_settlement"] }),
  credits: { type: "integer", description: "Signed: positive adds to the balance." },
  balance_after: int(),
  debt_after: int(),
  rate_card_version: int(),
  reference: nullable(str("conv_, toc_ or pur_ identifier.")),
  request_id: nullable(str()),
  prev_hash: str("The previous entry's entry_hash; 64 zeros for the first."),
  entry_hash: str('Lowercase hex SHA-256 of prev_hash + "\\n" + the entry\'s JSON, keys sorted, entry_hash left out.'),
});

const usageRecord = obj({
  object: str(undefined, { const: "usage_record" }),
  id: str(), request_id: str(), created_at: str(undefined, { format: "date-time" }), env: str(undefined, { enum: [...keyEnvs] }),
  endpoint: str(), status: int(), error_code: nullable(str()), pages_processed: int(), pages_billed: int(), credits_charged: int(),
  key_hint: nullable(str()), cache: nullable(str(undefined, { enum: ["hit", "miss"] })), metadata: nullable({ type: "object", additionalProperties: { type: "string" } }),
});
const totals = { requests: int(), pages_processed: int(), pages_billed: int(), credits_charged: int() };
const usageSummary = obj({ object: str(undefined, { const: "usage_summary" }), from: str(), to: str(), group_by: str(undefined, { enum: ["endpoint", "day"] }), data: arr({ type: "object", properties: { ...totals, endpoint: str(), day: str() } }), totals: obj(totals) });

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
        schema: obj({ source: obj({ type: str("Only `file_id`; `base64` and `url` give 400 unsupported_source_type.", { const: "file_id" }), file_id: str() }) }, "Conversion of an uploaded file. No upload exists in this release: 404 file_not_found."),
      },
    },
  };
}

function queryPages(schema: Json): Json {
  const { default: _null, ...rest } = schema;
  return { ...rest, type: "string" };
}

/** The v1 OpenAPI document for a deployment at `baseUrl` ({base_url}). */
export function openApiDocument(baseUrl: string): Json {
  const convertOptions = inputJsonSchema(ConvertOptionsSchema);
  return {
    openapi: "3.1.0",
    info: { title: "svc-md API", version: "1", description: `PDF to Markdown conversion. 1 credit = 1 converted page. Engine alias ${ENGINE_ALIAS}.` },
    servers: [{ url: baseUrl }],
    security: [{ bearerAuth: [] }],
    paths: { ...conversionPaths(queryOptionParams(convertOptions)), ...disabledPaths(), ...readPaths() },
    components: components(convertOptions),
    // The whole catalogue, for clients generating code tables: code → type, status, retryable.
    "x-error-catalogue": errorCatalogue(),
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
        operationId: "convert",
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
        operationId: "toc",
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

/** Endpoints of SPEC.md not enabled in this release. */
function disabledPaths(): Json {
  return {
    "/v1/inspect": { post: { operationId: "inspect", summary: "Document probe (scan=sample|full). Not enabled in this release: 422 feature_not_enabled, billed 0.", responses: errors([401, 403, 405, 422, 429, 500, 503]) } },
    "/v1/files": { post: { operationId: "uploadFile", summary: "Upload for later conversion by file_id. Not enabled in this release: 422 feature_not_enabled, billed 0.", responses: errors([401, 403, 405, 422, 429, 500, 503]) } },
  };
}

/** The read endpoints: account, ledger, usage, stored conversions. */
function readPaths(): Json {
  return {
    "/v1/account": { get: { operationId: "getAccount", summary: "The caller's account. Free; scope account:read.", responses: { "200": jsonOk("The account.", ref("Account")), ...errors(readStatuses) } } },
    "/v1/credits/ledger": {
      get: { operationId: "listLedger", summary: "The authoritative, hash-chained credit history, ascending. Scope usage:read.", parameters: listParams(limits.ledgerListLimitMax, limits.ledgerListLimitDefault), responses: { "200": jsonOk("A page of ledger entries.", list("LedgerEntry")), ...errors(readStatuses) } },
    },
    "/v1/usage": {
      get: {
        operationId: "usageSummary",
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
      get: { operationId: "listUsageRecords", summary: "One record per request that reached the converter or was refused for billing or limits, oldest first. Scope usage:read.", parameters: listParams(limits.usageListLimitMax, limits.usageListLimitDefault), responses: { "200": jsonOk("A page of usage records.", list("UsageRecord")), ...errors(readStatuses) } },
    },
    "/v1/conversions/{id}": {
      get: {
        operationId: "getConversion",
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

function errorCatalogue(): Json[] {
  return errorCodes.map((code) => {
    const { type, status, retryable } = errorEntry(code);
    return { code, type, status, retryable, doc_url: errorDocUrl(code) };
  });
}
