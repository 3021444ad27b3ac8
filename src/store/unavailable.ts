// The answer while the database is unreachable (docs/store.md §Database loss): 503
// `overloaded`, retryable, with Retry-After — never a 500 and never a hung request.
import { limits } from "../config/limits.js";
import { ApiError } from "../errors/catalogue.js";
export { isStoreUnavailable } from "./db.js";

export function storeUnavailableError(cause?: unknown): ApiError {
  return new ApiError("overloaded", {
    message: `The service's database is not reachable right now (connect limit ${limits.storeConnectMsMax} ms, statement limit ${limits.storeStatementMsMax} ms); nothing was billed. Retry after Retry-After.`,
    retryAfterMs: limits.storeRetryAfterMs,
    cause,
  });
}
