// X-Svc-Simulate (SPEC.md §Authentication rule 7, DECISIONS.md): a test key may force any
// error code of the catalogue, answered with that code's status, type, envelope, required
// headers and details, so integrations can exercise their error handling. Live keys ignore it.
import { ApiError, errorEntry, isErrorCode, type ErrorCode } from "../errors/catalogue.js";
import { limits } from "../config/limits.js";
import type { Caller } from "./types.js";

const HEADER = "x-svc-simulate";
/** The wait a simulated rate limit or overload announces. */
const SIMULATED_RETRY_AFTER_MS = 1_000;

/** Details SPEC.md requires with some codes, filled with plausible values for the caller. */
function simulatedDetails(code: ErrorCode, caller: Caller, baseUrl: string): Record<string, unknown> {
  switch (code) {
    case "insufficient_credits":
      return { credits_required: limits.holdCreditsMax, credits_available: Math.max(0, caller.org.credit_balance - caller.org.credits_held), top_up_url: `${baseUrl}/console/credits` };
    case "account_delinquent":
      return { debt_credits: 1_000, credits_required_to_resume: 1_000 };
    case "conversion_timeout":
      return { pages_completed: 0 };
    case "too_many_pages":
      return { page_count: 6_000, pages_selected_count: 6_000, max_selected_pages: caller.env === "test" ? limits.testKeySelectedPagesMax : limits.selectedPagesMax };
    case "file_too_large":
      return { max_bytes: limits.uploadBytesMax };
    default:
      return {};
  }
}

/** Throws the simulated error when a test key asks for one; returns otherwise. */
export function applySimulation(headers: Record<string, string | string[] | undefined>, caller: Caller, baseUrl: string): void {
  const value = headers[HEADER];
  if (caller.env !== "test" || value === undefined) return;
  const code = Array.isArray(value) ? value[0] : value;
  if (!isErrorCode(code)) {
    throw new ApiError("unsupported_option_value", {
      param: `headers.${HEADER}`,
      message: `X-Svc-Simulate names no error code of the catalogue. Send one of the codes listed in the error reference, for example insufficient_credits.`,
    });
  }
  const status = errorEntry(code).status;
  throw new ApiError(code, {
    message: `Simulated ${code} (X-Svc-Simulate on a test key): this request did nothing and billed 0.`,
    details: { ...simulatedDetails(code, caller, baseUrl), simulated: true },
    retryAfterMs: status === 429 || status === 503 ? SIMULATED_RETRY_AFTER_MS : null,
    headers: code === "method_not_allowed" ? { allow: "POST" } : {},
  });
}
