// Errors the client throws: one class per SPEC.md error `type`, each carrying every field of
// the error envelope and the HTTP status. A subclass narrows `code` to the codes of its type
// (from the service's catalogue, src/generated/catalogue.ts), so
// `if (err instanceof RateLimitError) err.code` is a rate_limit_* code.
import { errorCatalogue, type CodeOfType, type ErrorCode, type ErrorEnvelope, type ErrorType } from "./generated/catalogue.js";

export type { CodeOfType, ErrorCode, ErrorEnvelope, ErrorType };

export type ErrorBody = ErrorEnvelope["error"];

/** A non-2xx answer of the service, its envelope's fields as properties. */
export class SvcError<C extends ErrorCode = ErrorCode> extends Error {
  override readonly name: string = "SvcError";
  readonly status: number;
  readonly type: ErrorType;
  readonly code: C;
  readonly param: string | null;
  readonly retryable: boolean;
  readonly retry_after_ms: number | null;
  readonly doc_url: string;
  readonly request_id: string;
  readonly details: Record<string, unknown>;
  /** The Retry-After header in milliseconds, when the response carried one. */
  readonly retryAfterHeaderMs: number | null;

  constructor(status: number, body: ErrorBody & { code: C }, retryAfterHeaderMs: number | null = null) {
    super(body.message);
    this.status = status;
    this.type = body.type;
    this.code = body.code;
    this.param = body.param;
    this.retryable = body.retryable;
    this.retry_after_ms = body.retry_after_ms;
    this.doc_url = body.doc_url;
    this.request_id = body.request_id;
    this.details = body.details;
    this.retryAfterHeaderMs = retryAfterHeaderMs;
  }

  /** The envelope as the service sent it. */
  toJSON(): ErrorEnvelope {
    const { type, code, message, param, retryable, retry_after_ms, doc_url, request_id, details } = this;
    return { error: { type, code, message, param, retryable, retry_after_ms, doc_url, request_id, details } };
  }
}

export class InvalidRequestError extends SvcError<CodeOfType<"invalid_request_error">> {
  override readonly name = "InvalidRequestError";
}
export class AuthenticationError extends SvcError<CodeOfType<"authentication_error">> {
  override readonly name = "AuthenticationError";
}
export class PermissionError extends SvcError<CodeOfType<"permission_error">> {
  override readonly name = "PermissionError";
}
export class NotFoundError extends SvcError<CodeOfType<"not_found_error">> {
  override readonly name = "NotFoundError";
}
export class PaymentRequiredError extends SvcError<CodeOfType<"payment_required_error">> {
  override readonly name = "PaymentRequiredError";
}
export class RateLimitError extends SvcError<CodeOfType<"rate_limit_error">> {
  override readonly name = "RateLimitError";
}
export class DocumentError extends SvcError<CodeOfType<"document_error">> {
  override readonly name = "DocumentError";
}
export class TimeoutError extends SvcError<CodeOfType<"timeout_error">> {
  override readonly name = "TimeoutError";
}
export class OverloadedError extends SvcError<CodeOfType<"overloaded_error">> {
  override readonly name = "OverloadedError";
}
export class ApiError extends SvcError<CodeOfType<"api_error">> {
  override readonly name = "ApiError";
}

/** The request never got an answer from the service (connection refused or reset, DNS). */
export class SvcConnectionError extends Error {
  override readonly name = "SvcConnectionError";
  /** Whether the request reached the network at all is unknown: a POST is retried with its key. */
  readonly retryable = true;
}

type ErrorClass = new (status: number, body: ErrorBody, retryAfterHeaderMs: number | null) => SvcError;

const classOfType: Record<ErrorType, ErrorClass> = {
  invalid_request_error: InvalidRequestError as ErrorClass,
  authentication_error: AuthenticationError as ErrorClass,
  permission_error: PermissionError as ErrorClass,
  not_found_error: NotFoundError as ErrorClass,
  payment_required_error: PaymentRequiredError as ErrorClass,
  rate_limit_error: RateLimitError as ErrorClass,
  document_error: DocumentError as ErrorClass,
  timeout_error: TimeoutError as ErrorClass,
  overloaded_error: OverloadedError as ErrorClass,
  api_error: ApiError as ErrorClass,
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorCatalogue, value);
}

/** Whether `err` is an SvcError, narrowed to `code` when one is given. */
export function isSvcError<C extends ErrorCode>(err: unknown, code?: C): err is SvcError<C> {
  return err instanceof SvcError && (code === undefined || err.code === code);
}

/**
 * The error for a non-2xx response. A body that is not the service's envelope (a proxy's
 * 502 page) becomes the catalogue code its status stands for, with `details.unparsed` set.
 */
export function errorFromResponse(status: number, text: string, headers: Headers, retryAfterHeaderMs: number | null): SvcError {
  let body: ErrorBody | null = null;
  try {
    const parsed = JSON.parse(text) as Partial<ErrorEnvelope>;
    if (parsed.error && isErrorCode(parsed.error.code)) body = parsed.error;
  } catch {
    body = null;
  }
  if (body === null) {
    const code: ErrorCode = status === 503 ? "overloaded" : status === 504 ? "conversion_timeout" : status === 429 ? "rate_limit_requests" : "internal_error";
    const entry = errorCatalogue[code];
    body = {
      type: entry.type,
      code,
      message: `The service answered HTTP ${status} without an error envelope.`,
      param: null,
      retryable: status >= 500 || status === 429,
      retry_after_ms: retryAfterHeaderMs,
      doc_url: "",
      request_id: headers.get("x-request-id") ?? "",
      details: { unparsed: true, body: text.slice(0, 200) },
    };
  }
  return new classOfType[body.type](status, body, retryAfterHeaderMs);
}
