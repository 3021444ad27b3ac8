// Store refusals become API errors as they are: the store already names the catalogue code,
// the message, the param and the details (src/store/refusal.ts).
import { ApiError } from "../errors/catalogue.js";
import type { Refusal } from "../store/refusal.js";

export function refusalError(r: Refusal): ApiError {
  return new ApiError(r.code, { message: r.message, param: r.param, details: r.details, retryAfterMs: r.retryAfterMs ?? null });
}
