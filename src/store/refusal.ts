// A business refusal: what the store answers, as data, when a request is well formed but
// may not be done (a taken e-mail, an unknown limit name, too few credits, a burn cap). A
// thrown error means a bug or an unavailable database instead. `reason` is exact (callers
// and tests branch on it); `code` is the catalogue code an API response renders, and
// `param`, `message`, `details` and `retryAfterMs` go into the envelope as they are
// (src/api/refusal.ts).
import type { ErrorCode } from "../errors/catalogue.js";

export interface Refusal<R extends string = string> {
  ok: false;
  reason: R;
  code: ErrorCode;
  /** Path of the offending input, like the error envelope's `param`. */
  param: string | null;
  message: string;
  details?: Record<string, unknown>;
  retryAfterMs?: number;
}

/** A refusal; `details` and `retryAfterMs` are present only when given. */
export function refuse<R extends string>(
  reason: R,
  code: ErrorCode,
  param: string | null,
  message: string,
  details?: Record<string, unknown>,
  retryAfterMs?: number,
): Refusal<R> {
  const r: Refusal<R> = { ok: false, reason, code, param, message };
  if (details !== undefined) r.details = details;
  if (retryAfterMs !== undefined) r.retryAfterMs = retryAfterMs;
  return r;
}
