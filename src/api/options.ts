// The options of POST /v1/convert and POST /v1/toc (SPEC.md "Options", DECISIONS.md
// "Options: values and defaults"). One zod schema is the single source: it validates both
// encodings (query string and the multipart `options` part) and src/api/openapi.ts derives
// the published JSON Schema from it, so the document cannot drift from what is enforced.
// zod issues are mapped to catalogue codes here, and the first fault is chosen by a fixed
// rule (400s before value faults, then by param path), so a request with several faults
// gets the same answer whatever order its fields were written in.
import { isUnholdable, reservedNames } from "../text/unholdable.js";
import { z } from "zod";
import { limits } from "../config/limits.js";
import { isDocumentError } from "../engine/errors.js";
import { parsePageExpression, type ParsedSelection } from "../engine/page_select.js";
import type { RenderOptions } from "../engine/result.js";
import { ENGINE_ALIAS, ENGINE_VERSIONS, resolveEngine } from "../engine/version.js";
import { ApiError, errorEntry, sanitizeCallerString, type ErrorCode } from "../errors/catalogue.js";

/** Values SPEC.md names as valid but unavailable in this release: 422, not 400. */
export const unavailableValues: Readonly<Record<string, readonly string[]>> = {
  tables: ["auto"],
  flavor: ["commonmark"],
  fallback: ["headings"],
};

function codePoints(s: string, max: number): number {
  // A string of at most `max` UTF-16 units cannot hold more code points; skip the walk.
  return s.length <= max ? s.length : [...s].length;
}

const metadataKey = z.string().min(1).meta({ maxLength: limits.metadataKeyCharsMax });

const MetadataSchema = z
  .record(metadataKey, z.string().meta({ maxLength: limits.metadataValueCharsMax }))
  .superRefine((m, ctx) => {
    const keys = Object.keys(m);
    const tooLarge = (path: string[], fault: string, limit: number, actual: number) =>
      ctx.addIssue({ code: "custom", path, message: fault, params: { metadata: fault, limit, actual } });
    if (keys.length > limits.metadataKeysMax) return tooLarge([], "keys", limits.metadataKeysMax, keys.length);
    for (const k of keys.sort()) {
      const kc = codePoints(k, limits.metadataKeyCharsMax);
      if (kc > limits.metadataKeyCharsMax) tooLarge([k], "key_chars", limits.metadataKeyCharsMax, kc);
      const vc = codePoints(m[k], limits.metadataValueCharsMax);
      if (vc > limits.metadataValueCharsMax) tooLarge([k], "value_chars", limits.metadataValueCharsMax, vc);
    }
    const bytes = Buffer.byteLength(JSON.stringify(m), "utf8");
    if (bytes > limits.metadataSerializedBytesMax) tooLarge([], "serialized_bytes", limits.metadataSerializedBytesMax, bytes);
  })
  .meta({
    description: `Client metadata, echoed as \`metadata\` on the result and stored on the usage record: string keys to string values, at most ${limits.metadataKeysMax} keys of ${limits.metadataKeyCharsMax} characters, values of ${limits.metadataValueCharsMax} characters, ${limits.metadataSerializedBytesMax} bytes as JSON; over any of these: 400 metadata_too_large.`,
    examples: [{ invoice: "inv_1042", customer: "acme" }],
    maxProperties: limits.metadataKeysMax,
    "x-serialized-bytes-max": limits.metadataSerializedBytesMax,
  });

/** A string option whose first value is the default. */
const choice = <const T extends readonly [string, ...string[]]>(field: string, values: T, description: string) => {
  const unavailable = unavailableValues[field];
  return z
    .enum(values)
    .default(values[0] as never)
    .meta({ description, examples: [values[values.length - 1]], ...(unavailable ? { "x-unavailable-values": unavailable } : {}) });
};

/** The options object of POST /v1/convert. Defaults are applied on parse. */
export const ConvertOptionsSchema = z
  .strictObject({
    pages: z.string().nullable().default(null).meta({
      description: `Page expression: comma-separated pages and ascending ranges, 1-based, \`last\` for the last page; at most ${limits.pageExpressionCharsMax} characters and ${limits.pageExpressionRangesMax} ranges. Omitted or null selects every page (at most ${limits.selectedPagesMax}).`,
      examples: ["1-5,9,12-last"],
    }),
    page_markers: choice("page_markers", ["none", "rule"], "`rule` puts a thematic break `---` between consecutive pages."),
    headers_footers: choice("headers_footers", ["strip", "keep"], "`strip` (the default since svc-md-1.1.0) removes running headers, footers, page numbers and page furniture such as \"Downloaded from …\" banners, also on a one-page selection; `keep` leaves them in reading order."),
    normalize: z
      .strictObject({
        dehyphenate: z.boolean().default(true).meta({ description: "Join a word broken by a hyphen at a line end (the default since svc-md-1.1.0); false keeps the hyphen.", examples: [false] }),
        unicode: choice("unicode", ["none", "nfc"], "`nfc` applies Unicode normalization form C to the text."),
      })
      .prefault({})
      .meta({ description: "Text normalization. An object, so multipart or JSON only: it cannot be sent in the query string.", examples: [{ dehyphenate: true, unicode: "nfc" }] }),
    tables: choice("tables", ["gfm", "html", "off"], "`gfm` pipe tables, `html` table elements, `off` cells as plain text. `auto` is not available in this release (422 unsupported_option_value)."),
    flavor: choice("flavor", ["gfm"], "Markdown dialect. `commonmark` is not available in this release (422 unsupported_option_value)."),
    fallback: choice("fallback", ["none"], "`headings` is not available in this release (422 unsupported_option_value)."),
    ocr: choice("ocr", ["off"], "There is no OCR in this release; any value other than `off` gives 422 ocr_not_available."),
    engine: z.string().default(ENGINE_ALIAS).meta({
      description: `Engine identifier: \`${ENGINE_ALIAS}\` floats to the newest ${ENGINE_ALIAS}.x and adds the warning engine_alias_floating; a pinned version (${ENGINE_VERSIONS.join(", ")}) makes document.content_sha256 reproducible. Any other value: 404 engine_not_found.`,
      examples: [ENGINE_VERSIONS[ENGINE_VERSIONS.length - 1]],
    }),
    debug: z.boolean().default(false).meta({
      description: "Add a `debug` object (per-page timings, extraction path, layout decisions). 403 debug_not_permitted when the organization's debug policy is disabled; 422 option_conflict with Accept: text/markdown. In the query string: `true` or `false`.",
      examples: [true],
    }),
    metadata: MetadataSchema.optional(),
  })
  .meta({ description: "Options of POST /v1/convert. Every field is optional; unknown fields give 400 unknown_parameter." });

/** /v1/toc reads the whole outline, so no page or engine choice applies: metadata only. */
export const TocOptionsSchema = ConvertOptionsSchema.pick({ metadata: true }).meta({
  description: "Options of POST /v1/toc: only `metadata`. `engine`, `pages` and every other /v1/convert option give 400 unknown_parameter.",
});

const convertOptionNames = Object.keys(ConvertOptionsSchema.shape);
const nestedOptionNames = new Set(["normalize", "metadata"]);
/** Options the raw encoding can carry in its query string (scalars only). */
export const queryOptionNames: readonly string[] = convertOptionNames.filter((n) => !nestedOptionNames.has(n));

export type Endpoint = "convert" | "toc";
export type OptionsInput =
  | { kind: "query"; query: Record<string, string | string[] | undefined> }
  /** The multipart `options` part, JSON-parsed; `undefined` when the part is absent. */
  | { kind: "object"; value: unknown };

export interface ParsedOptions {
  endpoint: Endpoint;
  /** `options.` or, for the query string, empty: how this request's params are named. */
  paramPrefix: string;
  pages: string | null;
  /** The parsed `pages` expression, null when every page is selected. */
  selection: ParsedSelection | null;
  engineRequested: string;
  /** Always a pinned version. */
  engine: string;
  /** The request did not pin an engine: the result carries engine_alias_floating. */
  engineFloating: boolean;
  render: RenderOptions;
  debug: boolean;
  metadata: Record<string, string> | null;
  /** No option at all was sent: the conversion's `pages` and `links` are null. */
  shortestForm: boolean;
  /** Effective options with defaults filled, for the idempotency fingerprint. */
  canonical: Record<string, unknown>;
}

interface Fault {
  code: ErrorCode;
  param: string;
  message: string;
  details?: Record<string, unknown>;
}

const quote = (s: string) => `"${sanitizeCallerString(s)}"`;
const show = (s: string) => sanitizeCallerString(s);
const list = (values: readonly string[]) => values.join(", ");

function kindOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const k of path) v = v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

const expectedText: Record<string, string> = {
  pages: "a string (a page expression such as \"1-5,9\") or null",
  normalize: "an object such as {\"dehyphenate\": true}",
  metadata: "an object of string keys to string values",
  debug: "a boolean, true or false",
  "normalize.dehyphenate": "a boolean, true or false",
  engine: `a string such as "${ENGINE_ALIAS}"`,
};

function unknownFault(endpoint: Endpoint, prefix: string, path: string): Fault {
  const param = prefix + path;
  if (endpoint === "toc" && convertOptionNames.includes(path)) {
    return { code: "unknown_parameter", param, message: `${show(param)} is a /v1/convert option; /v1/toc reads the whole outline and accepts only metadata. Remove ${show(path)}.` };
  }
  const dot = path.lastIndexOf(".");
  const parent = dot < 0 ? null : path.slice(0, dot);
  const known = parent === "normalize" ? "dehyphenate, unicode" : endpoint === "toc" ? "metadata" : list(convertOptionNames);
  return { code: "unknown_parameter", param, message: `${show(param)} is not a recognised option. Remove it or correct its name; the accepted options${parent ? ` of ${parent}` : ""} are ${known}.` };
}

function metadataFault(issue: z.core.$ZodIssue, prefix: string): Fault {
  const params = (issue as { params?: { metadata?: string; limit?: number; actual?: number } }).params ?? {};
  const param = prefix + issue.path.map(String).join(".");
  const key = issue.path.length > 1 ? quote(String(issue.path[1])) : "";
  const what: Record<string, string> = {
    keys: `has ${params.actual} keys, over the limit of ${params.limit}`,
    key_chars: `key ${key} is ${params.actual} characters, over the limit of ${params.limit}`,
    value_chars: `value of ${key} is ${params.actual} characters, over the limit of ${params.limit}`,
    serialized_bytes: `is ${params.actual} bytes as JSON, over the limit of ${params.limit}`,
  };
  return {
    code: "metadata_too_large",
    param,
    message: `${prefix}metadata ${what[params.metadata ?? "keys"]}. Send fewer or shorter entries (at most ${limits.metadataKeysMax} keys of ${limits.metadataKeyCharsMax} characters, values of ${limits.metadataValueCharsMax} characters, ${limits.metadataSerializedBytesMax} bytes in all).`,
    details: { limit: params.metadata, max: params.limit, actual: params.actual },
  };
}

function issueFaults(issue: z.core.$ZodIssue, input: unknown, endpoint: Endpoint, prefix: string): Fault[] {
  const path = issue.path.map(String).join(".");
  const param = prefix + path;
  const value = valueAt(input, issue.path);
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((k) => unknownFault(endpoint, prefix, path ? `${path}.${k}` : k));
  }
  if (issue.code === "custom" && (issue as { params?: { metadata?: string } }).params?.metadata) return [metadataFault(issue, prefix)];
  if (issue.code === "invalid_key") {
    return [{ code: "invalid_parameter_type", param, message: `${show(param)} is not a usable metadata key: keys are 1 to ${limits.metadataKeyCharsMax} characters. Rename it.` }];
  }
  if (issue.code === "invalid_value") {
    const field = String(issue.path[issue.path.length - 1]);
    const accepted = issue.values.map(String);
    if (typeof value === "string" && unavailableValues[field]?.includes(value)) {
      return [{ code: "unsupported_option_value", param, message: `${show(param)} ${quote(value)} is not available in this release. Use ${list(accepted)}, or omit ${field} for the default ${accepted[0]}.`, details: { accepted_values: accepted } }];
    }
    if (typeof value === "string" && field === "ocr") {
      return [{ code: "ocr_not_available", param, message: `${show(param)} ${quote(value)}: there is no OCR in this release. Set ocr to off, or omit it.`, details: { accepted_values: accepted } }];
    }
    const got = typeof value === "string" ? quote(value) : kindOf(value);
    return [{ code: "invalid_parameter_type", param, message: `${show(param)} is ${got}, which is not an accepted value. Use one of: ${list(accepted)}.`, details: { accepted_values: accepted } }];
  }
  const expected = expectedText[path] ?? (issue.code === "invalid_type" ? `a ${issue.expected}` : "a valid value");
  return [{ code: "invalid_parameter_type", param, message: `${show(param)} must be ${expected}, not ${kindOf(value)}. Correct its type.` }];
}

function fromQuery(query: Record<string, string | string[] | undefined>, endpoint: Endpoint, faults: Fault[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const scalarNames = endpoint === "convert" ? queryOptionNames : [];
  for (const name of Object.keys(query).sort()) {
    const raw = query[name];
    if (raw === undefined) continue;
    if (name === "password") {
      faults.push({ code: "unknown_parameter", param: name, message: "A document password is not accepted in the query string. Send it in the multipart part named password, with the PDF in the part named file." });
    } else if (/[.[\]]/.test(name) || nestedOptionNames.has(name)) {
      const top = name.split(/[.[]/)[0];
      const known = endpoint === "convert" ? nestedOptionNames.has(top) : top === "metadata";
      faults.push(known
        ? { code: "unknown_parameter", param: name, message: `${show(name)} is part of a nested option, which the query string cannot carry. Nested options need multipart: send the PDF in the part named file and {"${top}": {...}} in the part named options (application/json).` }
        : unknownFault(endpoint, "", name));
    } else if (!scalarNames.includes(name)) {
      faults.push(unknownFault(endpoint, "", name));
    } else if (Array.isArray(raw) && raw.length !== 1) {
      faults.push({ code: "invalid_parameter_type", param: name, message: `${show(name)} is given ${raw.length} times. Send each option once.` });
    } else {
      const value = Array.isArray(raw) ? raw[0] : raw;
      if (name !== "debug") out[name] = value;
      else if (value === "true" || value === "false") out[name] = value === "true";
      else faults.push({ code: "invalid_parameter_type", param: name, message: `debug is ${quote(value)}, which is not a boolean. Use debug=true or debug=false.`, details: { accepted_values: ["true", "false"] } });
    }
  }
  return out;
}

/** Strings (names and values, at any depth) no field can hold: NUL, lone surrogates. */
function unholdableFaults(root: unknown, rootPath: string, faults: Fault[]): void {
  const where = (path: string) => path.replace(/\.$/, "") || "options";
  // A stack, not recursion: a body of deeply nested arrays must not exhaust the call stack.
  const stack: Array<[unknown, string]> = [[root, rootPath]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === "string") {
      if (isUnholdable(value)) faults.push({ code: "invalid_parameter_type", param: where(path), message: `${show(where(path))} holds a NUL character or a lone UTF-16 surrogate, which no field can hold. Remove it.` });
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push([item, `${path}${i}.`]));
    } else if (isPlainObject(value)) {
      for (const [name, item] of Object.entries(value)) {
        if (isUnholdable(name)) faults.push({ code: "invalid_parameter_type", param: where(path), message: `A name in ${show(where(path))} holds a NUL character or a lone UTF-16 surrogate, which no field can hold. Rename it.` });
        else stack.push([item, `${path}${name}.`]);
      }
    }
  }
}

/** 400s say the request is malformed; they outrank value faults, then param order decides. */
function firstFault(faults: Fault[]): Fault | undefined {
  const rank = (f: Fault) => (errorEntry(f.code).status === 400 ? 0 : 1);
  return [...faults].sort((a, b) => rank(a) - rank(b) || (a.param < b.param ? -1 : a.param > b.param ? 1 : 0))[0];
}

function throwFault(f: Fault): never {
  throw new ApiError(f.code, { message: f.message, param: f.param, details: f.details });
}

/**
 * Validates and defaults the options of one request. Throws ApiError: 400 unknown_parameter,
 * invalid_parameter_type, metadata_too_large; 422 unsupported_option_value, ocr_not_available,
 * page_range_*; 404 engine_not_found.
 */
export function parseConvertOptions(input: OptionsInput, endpoint: Endpoint): ParsedOptions {
  const faults: Fault[] = [];
  const prefix = input.kind === "query" ? "" : "options.";
  let raw: unknown;
  if (input.kind === "query") raw = fromQuery(input.query, endpoint, faults);
  else raw = input.value === undefined ? {} : input.value;
  if (!isPlainObject(raw)) {
    throwFault({ code: "invalid_parameter_type", param: "options", message: `The options part is ${kindOf(raw)}; it must be a JSON object such as {"pages": "1-5"}. Correct the options part.` });
  }
  const schema = endpoint === "convert" ? ConvertOptionsSchema : TocOptionsSchema;
  const result = schema.safeParse(raw);
  if (!result.success) for (const issue of result.error.issues) faults.push(...issueFaults(issue, raw, endpoint, prefix));
  const given = raw as Record<string, unknown>;
  // zod's record drops a `__proto__` key without an issue (it would replace the prototype);
  // refuse it, and `constructor` and `prototype` alike, rather than lose or keep them.
  if (isPlainObject(given.metadata)) {
    for (const name of reservedNames) {
      if (Object.hasOwn(given.metadata, name)) faults.push({ code: "invalid_parameter_type", param: `${prefix}metadata.${name}`, message: `${prefix}metadata.${name} is a reserved name, not a usable metadata key. Rename it.` });
    }
  }
  unholdableFaults(given, prefix, faults);
  let selection: ParsedSelection | null = null;
  if (typeof given.pages === "string" && endpoint === "convert") {
    try {
      selection = parsePageExpression(given.pages);
    } catch (err) {
      if (!isDocumentError(err)) throw err;
      faults.push({ code: err.code, param: `${prefix}pages`, message: err.message, details: err.details });
    }
  }
  // /v1/toc takes no engine option (DECISIONS.md): it always runs the alias.
  const engineRequested = endpoint === "convert" && typeof given.engine === "string" ? given.engine : ENGINE_ALIAS;
  const engine = resolveEngine(engineRequested);
  if (engine === null) {
    faults.push({ code: "engine_not_found", param: `${prefix}engine`, message: `${prefix}engine ${quote(engineRequested)} is not an engine of this service. Use ${ENGINE_ALIAS} (the floating alias) or a pinned version: ${list(ENGINE_VERSIONS)}.`, details: { accepted_values: [ENGINE_ALIAS, ...ENGINE_VERSIONS] } });
  }
  const fault = firstFault(faults);
  if (fault) throwFault(fault);
  // No fault means the schema accepted the input; both are now defined.
  const c = endpoint === "convert" ? (result.data as ConvertOptions) : defaults;
  return build(endpoint, prefix, c, selection, engineRequested, engine as string, Object.keys(given).length === 0, (result.data as { metadata?: Record<string, string> }).metadata);
}

type ConvertOptions = z.output<typeof ConvertOptionsSchema>;
const defaults: ConvertOptions = ConvertOptionsSchema.parse({});

function build(endpoint: Endpoint, paramPrefix: string, c: ConvertOptions, selection: ParsedSelection | null, engineRequested: string, engine: string, shortestForm: boolean, parsedMetadata: Record<string, string> | undefined): ParsedOptions {
  const metadata = parsedMetadata === undefined ? null : { ...parsedMetadata };
  const render: RenderOptions = {
    pageMarkers: c.page_markers,
    headersFooters: c.headers_footers,
    dehyphenate: c.normalize.dehyphenate,
    unicode: c.normalize.unicode,
    tables: c.tables,
    debug: c.debug,
  };
  const canonical: Record<string, unknown> =
    endpoint === "toc"
      ? { metadata }
      : {
          pages: c.pages,
          page_markers: c.page_markers,
          headers_footers: c.headers_footers,
          normalize: { dehyphenate: c.normalize.dehyphenate, unicode: c.normalize.unicode },
          tables: c.tables,
          flavor: c.flavor,
          fallback: c.fallback,
          ocr: c.ocr,
          // As requested, not resolved: the alias answers with engine_alias_floating, a pin
          // does not, so the two are different requests. The cache key adds the pinned one.
          engine: engineRequested,
          debug: c.debug,
          metadata,
          // The shortest form answers pages: null and links: null, a different body.
          shortest_form: shortestForm,
        };
  return { endpoint, paramPrefix, pages: c.pages, selection, engineRequested, engine, engineFloating: engineRequested !== engine, render, debug: c.debug, metadata, shortestForm, canonical };
}

/**
 * The options part of the result-cache key: the canonical options without `metadata`.
 * Metadata does not change the conversion, so a hit must rewrite `metadata` on the stored
 * body with the current request's, as it rewrites `usage`.
 */
export function cacheOptions(parsed: ParsedOptions): Record<string, unknown> {
  const { metadata: _metadata, ...rest } = parsed.canonical;
  return rest;
}

/**
 * DECISIONS.md option_conflict: `debug: true` adds an object to the JSON body, which a
 * Markdown response cannot carry. Checked by the caller, which knows the negotiated format.
 */
export function checkOptionConflicts(parsed: ParsedOptions, accept: "json" | "markdown"): void {
  if (parsed.debug && accept === "markdown") {
    throw new ApiError("option_conflict", {
      param: `${parsed.paramPrefix}debug`,
      message: `${parsed.paramPrefix}debug is true, but Accept asks for text/markdown, which cannot carry the debug object. Remove debug, or accept application/json.`,
      details: { conflicting: [`${parsed.paramPrefix}debug`, "headers.accept"] },
    });
  }
}
