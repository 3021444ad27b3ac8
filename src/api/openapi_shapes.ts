// The shapes of the v1 OpenAPI document that SPEC.md and DECISIONS.md describe in prose
// (Conversion, Warning, Usage, Toc, Account, ledger entries, usage records), with the compact
// JSON Schema builders they and src/api/openapi.ts are written with. The options and the
// error envelope are not here: they come from their zod schemas and the catalogue.
import { ENGINE_VERSION } from "../engine/version.js";
import { warningCodes } from "../engine/warnings.js";
import { keyEnvs } from "../store/key_format.js";

export type Json = Record<string, unknown>;

// Compact builders for the prose-described shapes.
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const str = (description?: string, extra: Json = {}) => ({ type: "string", ...(description ? { description } : {}), ...extra });
export const int = (description?: string) => ({ type: "integer", minimum: 0, ...(description ? { description } : {}) });
export const nullable = (schema: Json) => ({ ...schema, type: [schema.type, "null"] });
export const arr = (items: Json, description?: string) => ({ type: "array", items, ...(description ? { description } : {}) });
export const obj = (properties: Record<string, Json>, description?: string, optional: readonly string[] = []) => ({
  type: "object",
  properties,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  ...(description ? { description } : {}),
});
export const list = (item: string) => obj({ object: str(undefined, { const: "list" }), data: arr(ref(item)), has_more: { type: "boolean" }, next_cursor: nullable(str("Pass as starting_after for the next page; null on the last page.")) });
export const metadataOut = { type: "object", additionalProperties: { type: "string" }, description: "The request's `metadata` option, echoed when given." };

export const usage = obj({
  pages_processed: int("Pages the converter worked on."),
  pages_billed: int(),
  pages_not_billed: arr({ type: "integer", minimum: 1 }, "Pages removed from the bill; exactly the pages of critical page-scope warnings."),
  credits_charged: int("0 on any 4xx or 5xx, and on test keys."),
  credit_balance_after: int(),
  line_items: arr(obj({ kind: str(undefined, { enum: ["page_convert", "toc_outline"] }), quantity: int(), credits: int() })),
  cache: str(undefined, { enum: ["miss", "hit"] }),
});

export const warning = obj({
  code: str("Stable; the warnings page of the reference describes each.", { enum: [...warningCodes] }),
  severity: str(undefined, { enum: ["info", "critical"] }),
  scope: str(undefined, { enum: ["document", "page"] }),
  message: str(),
  pages: arr({ type: "integer", minimum: 1 }, "Pages concerned; empty for document scope."),
  billed: { type: "boolean", description: "false when the pages concerned were not billed." },
  doc_url: str("`{docs_url}/warnings#<code>`: the code's entry in the reference."),
});

export const conversion = obj(
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

export const toc = obj(
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
export const account = obj({
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

export const ledgerEntry = obj({
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

export const usageRecord = obj({
  object: str(undefined, { const: "usage_record" }),
  id: str(), request_id: str(), created_at: str(undefined, { format: "date-time" }), env: str(undefined, { enum: [...keyEnvs] }),
  endpoint: str(), status: int(), error_code: nullable(str()), pages_processed: int(), pages_billed: int(), credits_charged: int(),
  key_hint: nullable(str()), cache: nullable(str(undefined, { enum: ["hit", "miss"] })), metadata: nullable({ type: "object", additionalProperties: { type: "string" } }),
});
const totals = { requests: int(), pages_processed: int(), pages_billed: int(), credits_charged: int() };
export const usageSummary = obj({ object: str(undefined, { const: "usage_summary" }), from: str(), to: str(), group_by: str(undefined, { enum: ["endpoint", "day"] }), data: arr({ type: "object", properties: { ...totals, endpoint: str(), day: str() } }), totals: obj(totals) });
