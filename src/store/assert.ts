// Assertions detect programmer errors and broken invariants (a ledger entry whose hash does
// not match, a charge above its hold); they are never used for what a customer can cause,
// which goes through the error catalogue as a refusal. Inside a transaction a failed
// assertion throws, so the transaction rolls back and nothing inconsistent is stored.

export class AssertionError extends Error {
  override readonly name = "AssertionError";
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionError(message);
}

/** A credit quantity: a non-negative safe integer (SPEC.md: no fractional credits). */
export function assertCredits(value: number, what: string): void {
  assert(Number.isSafeInteger(value) && value >= 0, `${what} must be a non-negative integer, got ${value}`);
}
