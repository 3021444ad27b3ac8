// The error catalogue: every code of SPEC.md §Errors (plus the DECISIONS.md additions) with
// its type, status, retryability and default message, once. Handlers throw ApiError with a
// code; the error handler renders the envelope from here, so no status or type is ever
// chosen at a throw site. test/errors/catalogue.test.ts checks this file against SPEC.md
// both ways.
import { z } from "zod";
import { limits } from "../config/limits.js";
import { sanitizeCallerString } from "../text/caller_string.js";

export { sanitizeCallerString };
import type { DocumentError } from "../engine/errors.js";
import { ENGINE_ALIAS, ENGINE_VERSION } from "../engine/version.js";

// SPEC.md's type table: the ten types and the statuses each may answer with.
const typeStatusTable = {
  invalid_request_error: [400, 405, 406, 409, 413, 415, 422],
  authentication_error: [401],
  permission_error: [403],
  not_found_error: [404, 410],
  payment_required_error: [402],
  rate_limit_error: [429],
  document_error: [422],
  timeout_error: [408, 504],
  overloaded_error: [503],
  api_error: [500],
};
export type ErrorType = keyof typeof typeStatusTable;
export const typeStatuses: Readonly<Record<ErrorType, readonly number[]>> = typeStatusTable;
export const errorTypes = Object.keys(typeStatusTable) as readonly ErrorType[];

export const ErrorCode = z.enum([
  // 400
  "malformed_json", "multipart_malformed", "missing_source", "multiple_sources",
  "unsupported_source_type", "unknown_parameter", "invalid_parameter_type",
  "query_options_not_allowed", "metadata_too_large",
  // 401
  "missing_api_key", "invalid_api_key", "revoked_api_key", "expired_api_key",
  // 402
  "insufficient_credits", "account_delinquent",
  // 403
  "insufficient_scope", "ip_not_allowed", "account_suspended", "pdf_extraction_not_permitted",
  "debug_not_permitted",
  // 404, 410
  "file_not_found", "engine_not_found", "unknown_endpoint", "file_expired", "result_expired",
  // 404 where SPEC and DECISIONS are silent: an identifier of no object the caller can see
  "resource_not_found",
  // 405, 406, 409, 415
  "method_not_allowed", "unsupported_accept", "idempotency_conflict", "idempotency_in_progress",
  "unsupported_content_type",
  // 413
  "file_too_large", "too_many_pages", "storage_quota_exceeded", "pdf_too_complex",
  // 422 invalid_request_error
  "page_range_invalid", "page_range_zero", "page_range_reversed", "page_range_out_of_bounds",
  "page_range_too_complex", "unsupported_option_value", "option_conflict", "ocr_not_available",
  "feature_not_enabled",
  // 422 document_error
  "pdf_invalid", "pdf_corrupt", "pdf_read_error", "pdf_parse_failed", "pdf_encrypted",
  "pdf_password_incorrect", "pdf_unsupported_security", "pdf_no_pages", "pdf_is_xfa",
  "document_has_no_text_layer", "document_too_complex",
  // 429 (rate_limit_test_pages comes from DECISIONS.md, test keys)
  "rate_limit_requests", "rate_limit_pages", "rate_limit_concurrency", "rate_limit_uploads",
  "rate_limit_inspect", "rate_limit_toc", "rate_limit_no_value_conversions",
  "rate_limit_unbilled_work", "rate_limit_new_account", "rate_limit_test_pages",
  // 408, 504, 500, 503
  "request_timeout", "conversion_timeout", "internal_error", "overloaded",
]);
export type ErrorCode = z.infer<typeof ErrorCode>;
export const errorCodes: readonly ErrorCode[] = ErrorCode.options;

export interface ErrorEntry {
  readonly type: ErrorType;
  readonly status: number;
  /** Whether retrying the exact request could succeed (`error.retryable`). */
  readonly retryable: boolean;
  /** Default message: the fault and the fix. Throw sites that know the input pass their own. */
  readonly message: string;
}

const MiB = 1024 * 1024;

/** Byte counts as people read them in messages: `32 MiB`, `4 KiB`, `1,000 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${count(bytes / MiB)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${count(bytes / 1024)} KiB`;
  return `${count(bytes)} bytes`;
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}

function entry(type: ErrorType, status: number, retryable: boolean, message: string): ErrorEntry {
  return { type, status, retryable, message };
}

const bad = (message: string) => entry("invalid_request_error", 400, false, message);
const auth = (message: string) => entry("authentication_error", 401, false, message);
const forbidden = (message: string) => entry("permission_error", 403, false, message);
const unprocessable = (message: string) => entry("invalid_request_error", 422, false, message);
const badDocument = (message: string) => entry("document_error", 422, false, message);
const rateLimited = (message: string) => entry("rate_limit_error", 429, true, message);

const wait = "Wait for the Retry-After interval, then retry.";

// A Record keyed by ErrorCode: adding a code to the enum without an entry fails to compile.
const catalogue: Readonly<Record<ErrorCode, ErrorEntry>> = {
  malformed_json: bad("The JSON body does not parse. Send a valid JSON object, or send the PDF as application/pdf."),
  multipart_malformed: bad("The multipart body does not parse. Check the boundary in Content-Type and that every part is terminated."),
  missing_source: bad("No PDF was supplied. Send it as the body with Content-Type: application/pdf, or as the multipart part named file."),
  multiple_sources: bad("More than one PDF source was supplied. Send exactly one: the raw body, one multipart part named file, or one source object."),
  unsupported_source_type: bad("Source types base64 and url are not supported. Send the PDF bytes as application/pdf or multipart form data."),
  unknown_parameter: bad("A parameter is not recognised. Remove it or correct its name; param gives its path."),
  invalid_parameter_type: bad("A parameter has the wrong type or value. Correct it; param gives its path."),
  query_options_not_allowed: bad("Query parameters cannot accompany a multipart or JSON body. Move the options into the options part."),
  metadata_too_large: bad("The metadata option is over its size limit. Send fewer or shorter entries; doc_url lists the limits."),

  missing_api_key: auth("No API key was found. Send it as Authorization: Bearer <API_KEY>; keys in query parameters or other headers are not read."),
  invalid_api_key: auth("The API key is malformed or unknown. Check that the whole key was copied, or create a key in the console."),
  revoked_api_key: auth("The API key was revoked. Use another active key, or create one in the console."),
  expired_api_key: auth("The API key has expired. Use its replacement, or create a key in the console."),

  insufficient_credits: entry("payment_required_error", 402, false, "The credit balance is below this request's hold. Buy credits in the console, or select fewer pages with options.pages."),
  account_delinquent: entry("payment_required_error", 402, false, "Spending is frozen: the account owes credits after a reversed payment. Buy at least the credits owed in the console to resume."),

  insufficient_scope: forbidden("The API key lacks the scope this endpoint needs. Use a key with that scope, or create one in the console."),
  ip_not_allowed: forbidden("The request came from outside the API key's IP allowlist. Call from an allowed address, or change the allowlist in the console."),
  account_suspended: forbidden("The organization is suspended. Contact support."),
  pdf_extraction_not_permitted: forbidden("The document's permissions forbid text extraction; nothing was billed. Ask its owner for a copy that permits extraction."),
  debug_not_permitted: forbidden("debug is disabled by the organization's debug policy. Remove debug: true, or ask an administrator to enable it."),

  file_not_found: entry("not_found_error", 404, false, "No file has this file_id in this organization and environment. Check the identifier; uploads are not enabled in this release."),
  engine_not_found: entry("not_found_error", 404, false, `No engine has this identifier. Use ${ENGINE_ALIAS}, or a pinned version such as ${ENGINE_VERSION}.`),
  unknown_endpoint: entry("not_found_error", 404, false, "No endpoint exists at this path. Check the path against the API reference."),
  resource_not_found: entry("not_found_error", 404, false, "No object with this identifier exists in this organization and environment. Check the identifier."),
  file_expired: entry("not_found_error", 410, false, "The file's retention window has passed. Upload it again."),
  result_expired: entry("not_found_error", 410, false, "The stored result is older than 24 hours and was deleted. Convert the document again."),

  method_not_allowed: entry("invalid_request_error", 405, false, "This endpoint does not accept this method. Use a method listed in the Allow header."),
  unsupported_accept: entry("invalid_request_error", 406, false, "The Accept header names no format this endpoint produces. Accept application/json or text/markdown."),
  idempotency_conflict: entry("invalid_request_error", 409, false, "This Idempotency-Key was used for a different request. Use a new key for a new request."),
  idempotency_in_progress: entry("invalid_request_error", 409, true, "A request with this Idempotency-Key is still running. Retry after the Retry-After interval."),
  unsupported_content_type: entry("invalid_request_error", 415, false, "The Content-Type is not application/pdf, multipart/form-data or application/json. Send the PDF in one of these encodings."),

  file_too_large: entry("invalid_request_error", 413, false, `The upload is over ${formatBytes(limits.uploadBytesMax)}, the /v1/convert limit. Send a smaller PDF, or split it into parts.`),
  too_many_pages: entry("invalid_request_error", 413, false, `The selection is over ${limits.selectedPagesMax} pages, the per-request limit. Select fewer pages with options.pages and convert the rest in further requests.`),
  storage_quota_exceeded: entry("invalid_request_error", 413, false, "The organization's stored-bytes limit is full. Delete stored files or wait for them to expire."),
  pdf_too_complex: entry("invalid_request_error", 413, false, "The document's structure is beyond what the parser accepts. Re-save or print the document to a simpler PDF."),

  page_range_invalid: unprocessable("The pages expression does not parse. Write pages and ranges separated by commas, such as 1-5,9,12-last."),
  page_range_zero: unprocessable("Pages are numbered from 1; page 0 does not exist. Start at page 1."),
  page_range_reversed: unprocessable("A page range runs backwards. Write it in ascending order, such as 2-5."),
  page_range_out_of_bounds: unprocessable("The selection lies entirely beyond the document's last page; nothing was billed. Select pages within the document."),
  page_range_too_complex: unprocessable(`The pages expression is over ${count(limits.pageExpressionCharsMax)} characters or ${count(limits.pageExpressionRangesMax)} ranges. Merge adjacent pages into ranges.`),
  unsupported_option_value: unprocessable("This option value is not available in this release. Omit the option to use its default."),
  option_conflict: unprocessable("Two options cannot both be honoured. Remove one of them."),
  ocr_not_available: unprocessable("OCR is not available in this release. Set ocr to off, or omit it."),
  feature_not_enabled: unprocessable("This feature is not enabled for the organization; nothing was billed. Use POST /v1/convert with the PDF bytes."),

  pdf_invalid: badDocument(`The upload is not a PDF: no %PDF- header in its first ${count(limits.pdfHeaderSearchBytesMax)} bytes. Send a PDF file.`),
  pdf_corrupt: badDocument("The PDF is damaged beyond repair. Export it again from its source application."),
  pdf_read_error: badDocument("The PDF ends before the structure it declares. Check that the whole file was uploaded."),
  pdf_parse_failed: badDocument("An object in the PDF fails to parse. Export the document again from its source application."),
  pdf_encrypted: badDocument("The PDF is encrypted and no password was supplied. Send the password in the multipart part named password."),
  pdf_password_incorrect: badDocument("The supplied password does not open the PDF. Check the password."),
  pdf_unsupported_security: badDocument("The PDF uses an encryption handler the service does not support. Remove the encryption and send it again."),
  pdf_no_pages: badDocument("The PDF has no pages. Send a document with at least one page."),
  pdf_is_xfa: badDocument("The PDF is an XFA form, whose content is not stored as pages. Flatten it or print it to PDF first."),
  document_has_no_text_layer: badDocument("No selected page has extractable text and OCR is not available; nothing was billed. Send a PDF with a text layer."),
  document_too_complex: badDocument(`The document exhausted the work budget (${count(limits.documentCharsMax)} characters or ${count(limits.documentWallMsMax / 1000)} s of page extraction summed over the pages). Select fewer pages with options.pages.`),

  rate_limit_requests: rateLimited(`The organization's requests-per-minute limit is reached. ${wait}`),
  rate_limit_pages: rateLimited(`The organization's pages-per-minute limit is reached. ${wait}`),
  rate_limit_concurrency: rateLimited(`The organization has its maximum number of requests in flight. Wait for one to finish, then retry.`),
  rate_limit_uploads: rateLimited(`The organization's upload-bytes-per-minute limit is reached. ${wait}`),
  rate_limit_inspect: rateLimited(`The organization's inspect limit is reached. ${wait}`),
  rate_limit_toc: rateLimited(`The organization's toc-requests-per-minute limit is reached. ${wait}`),
  rate_limit_no_value_conversions: rateLimited(`Too many conversions this hour produced nothing. Check that documents have a text layer, then retry after the interval.`),
  rate_limit_unbilled_work: rateLimited(`The organization's hourly budget of unbilled compute is used up. ${wait}`),
  rate_limit_new_account: rateLimited(`The new-account spending cap for 24 hours is reached; it lifts after the first week. ${wait}`),
  rate_limit_test_pages: rateLimited(`The organization used its ${count(limits.testKeyPagesPerMonthMax)} test-key pages this month. Use a live key, or retry when the month ends (UTC).`),

  request_timeout: entry("timeout_error", 408, true, `The request body did not finish within ${limits.requestBodyMsMax / 1000} s of its first byte. Retry from a faster connection, or send a smaller file.`),
  conversion_timeout: entry("timeout_error", 504, true, `The conversion passed the ${limits.requestWallMsMax / 1000} s wall clock; nothing was billed. Select fewer pages with options.pages and retry.`),
  internal_error: entry("api_error", 500, true, "The service failed on its side; nothing was billed. Retry with the same Idempotency-Key."),
  overloaded: entry("overloaded_error", 503, true, `The service is at capacity; nothing was billed. ${wait}`),
};

export function errorEntry(code: ErrorCode): ErrorEntry {
  return catalogue[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return ErrorCode.safeParse(value).success;
}

/**
 * The reference link of a code: its anchor on the errors page under {docs_url}, the base the
 * configuration decides (src/config/env.ts `docsBaseUrl`), which the caller passes in.
 */
export function errorDocUrl(docsUrl: string, code: ErrorCode): string {
  return `${docsUrl}/errors#${code}`;
}

// SPEC.md: 429 and 503 carry Retry-After; DECISIONS.md adds idempotency_in_progress (value 1).
export function sendsRetryAfter(code: ErrorCode): boolean {
  const { status } = catalogue[code];
  return status === 429 || status === 503 || code === "idempotency_in_progress";
}

/** Used when a code that must carry Retry-After is raised without a known wait. */
export const retryAfterMsDefault = 1_000;

const WWW_AUTHENTICATE = 'Bearer realm="svc", error="invalid_token"';

/**
 * The wait `error.retry_after_ms` reports. Where a Retry-After header is sent it is whole
 * seconds, so the wait is rounded up to them: DECISIONS.md wants the two to agree.
 */
export function effectiveRetryAfterMs(code: ErrorCode, retryAfterMs: number | null | undefined): number | null {
  if (!sendsRetryAfter(code)) return retryAfterMs ?? null;
  const ms = retryAfterMs ?? retryAfterMsDefault;
  return Math.max(1, Math.ceil(ms / 1000)) * 1000;
}

/** Headers SPEC.md requires with a code, merged under any the throw site adds (`allow`). */
export function errorHeaders(
  code: ErrorCode,
  retryAfterMs?: number | null,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (catalogue[code].status === 401) headers["www-authenticate"] = WWW_AUTHENTICATE;
  if (sendsRetryAfter(code)) {
    headers["retry-after"] = String((effectiveRetryAfterMs(code, retryAfterMs) as number) / 1000);
  }
  return { ...headers, ...extra };
}


export interface ErrorEnvelope {
  error: {
    type: ErrorType;
    code: ErrorCode;
    message: string;
    param: string | null;
    retryable: boolean;
    retry_after_ms: number | null;
    doc_url: string;
    request_id: string;
    details: Record<string, unknown>;
  };
}

export interface EnvelopeOptions {
  message?: string;
  param?: string | null;
  details?: Record<string, unknown>;
  retry_after_ms?: number | null;
  request_id: string;
  /** {docs_url}, the configured docs base: doc_url is its errors page's anchor for the code. */
  docs_url: string;
}

/** The SPEC.md error envelope, with every field present. */
export function errorEnvelope(code: ErrorCode, options: EnvelopeOptions): ErrorEnvelope {
  const spec = catalogue[code];
  return {
    error: {
      type: spec.type,
      code,
      message: options.message ?? spec.message,
      // param may echo a caller-chosen name (an unknown field or multipart part).
      param: options.param == null ? null : sanitizeCallerString(options.param),
      retryable: spec.retryable,
      retry_after_ms: effectiveRetryAfterMs(code, options.retry_after_ms),
      doc_url: errorDocUrl(options.docs_url, code),
      request_id: options.request_id,
      details: options.details ?? {},
    },
  };
}

export interface ApiErrorOptions {
  message?: string;
  param?: string | null;
  details?: Record<string, unknown>;
  retryAfterMs?: number | null;
  /** Headers beyond those the catalogue adds, such as `allow` on 405. */
  headers?: Readonly<Record<string, string>>;
  cause?: unknown;
}

/** An operating error bound for the client: the error handler renders it from the catalogue. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly code: ErrorCode;
  readonly param: string | null;
  readonly details: Record<string, unknown>;
  readonly retryAfterMs: number | null;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    super(options.message ?? catalogue[code].message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.param = options.param ?? null;
    this.details = options.details ?? {};
    this.retryAfterMs = effectiveRetryAfterMs(code, options.retryAfterMs);
    this.headers = errorHeaders(code, this.retryAfterMs, options.headers);
  }

  get status(): number {
    return catalogue[this.code].status;
  }

  get type(): ErrorType {
    return catalogue[this.code].type;
  }

  get retryable(): boolean {
    return catalogue[this.code].retryable;
  }

  /** The envelope, its doc_url under `docsUrl` ({docs_url}). */
  toEnvelope(requestId: string, docsUrl: string): ErrorEnvelope {
    return errorEnvelope(this.code, {
      docs_url: docsUrl,
      message: this.message,
      param: this.param,
      details: this.details,
      retry_after_ms: this.retryAfterMs,
      request_id: requestId,
    });
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof Error && err.name === "ApiError" && isErrorCode((err as ApiError).code);
}

// Compiles only while every DocumentErrorCode is also a catalogue code.
export function apiErrorFromDocumentError(err: DocumentError): ApiError {
  return new ApiError(err.code, { message: err.message, details: err.details, cause: err });
}
