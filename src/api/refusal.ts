// Store refusals become API errors as they are: the store already names the catalogue code,
// the message, the param and the details.
import { ApiError, type ErrorCode } from "../errors/catalogue.js";

export interface StoreRefusal {
  ok: false;
  code: ErrorCode;
  message: string;
  param?: string | null;
  details?: Record<string, unknown>;
  retryAfterMs?: number | null;
}

export function refusalError(r: StoreRefusal): ApiError {
  return new ApiError(r.code, { message: r.message, param: r.param ?? null, details: r.details, retryAfterMs: r.retryAfterMs ?? null });
}
