// Text a caller sent, made safe to quote back in an error message or a log line. Beneath
// every layer: the engine quotes page expressions with it, the error catalogue every param.
import { limits } from "../config/limits.js";

// Caller text can carry terminal escapes, line breaks and bidi overrides that forge or
// reorder log lines and messages; lone surrogates make invalid UTF-8 downstream.
const unsafeChar = /^[\p{Cc}\p{Cs}\u2028\u2029\u202a-\u202e\u2066-\u2069]$/u;

/** SPEC.md message rule: caller text is capped at 128 characters, control characters stripped. */
export function sanitizeCallerString(s: string): string {
  let out = "";
  let kept = 0;
  // Iterating code points keeps surrogate pairs whole and stops early on huge inputs.
  for (const ch of s) {
    if (kept === limits.callerStringCharsMax) break;
    if (unsafeChar.test(ch)) continue;
    out += ch;
    kept += 1;
  }
  return out;
}
