// Text no field of the service can hold: PostgreSQL text refuses U+0000, and a lone UTF-16
// surrogate has no UTF-8 form (JSON encoders and the database replace or reject it). Such
// text is refused where it enters (SPEC.md §Errors: 400 invalid_parameter_type, `param`
// naming the field), never carried to the store to fail there as a 500.

// A NUL, or a surrogate half without its partner (no `u` flag: it must see code units).
const unholdableRe = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `s` holds a NUL or a lone surrogate. */
export function isUnholdable(s: string): boolean {
  return unholdableRe.test(s);
}

/** Property names that address an object's prototype machinery: refused as names everywhere. */
export const reservedNames: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Percent-decodes one URL component; null when it is not valid UTF-8 percent-encoding (an
 * encoded surrogate such as %ED%A0%80 is not) or decodes to unholdable text.
 */
export function decodeHoldable(component: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(component.replace(/\+/g, " "));
  } catch {
    return null;
  }
  return isUnholdable(decoded) ? null : decoded;
}
