// API key format (DECISIONS.md §Auth, keys, scopes):
//
//   svc_sk_live_ | 32 random base62 | 6 base62 of CRC32(everything before it)
//   └ prefix ─── ┘ └ ~190 bits ───┘ └ checksum ──────────────────────────┘
//
// The checksum lets the service refuse a mistyped or truncated key (401 `invalid_api_key`)
// without a database lookup, and lets secret scanners recognise a real key. It is not a
// security measure: anyone can compute it, so it is compared plainly.
//
// Keys are stored only as a digest. Decision: plain SHA-256, no server pepper. A pepper
// (HMAC key) protects low-entropy secrets such as passwords against offline guessing after
// a database leak; 190 random bits cannot be guessed either way. A pepper would add a
// secret that every process (service, `svc admin`) must share and that, if lost or
// rotated, silently invalidates every key. DECISIONS.md allows either.
import { createHash, timingSafeEqual } from "node:crypto";
import { crc32 } from "node:zlib";
import { randomBase62, toBase62 } from "./ids.js";

/** A key's environment, and so its account's: live keys bill credits, test keys do not. */
export type KeyEnv = "live" | "test";
export const keyEnvs: readonly KeyEnv[] = ["live", "test"];

/** For values the store writes: anything else is a programmer error. */
export function assertKeyEnv(env: string): asserts env is KeyEnv {
  if (!(keyEnvs as readonly string[]).includes(env)) throw new TypeError(`unknown environment ${JSON.stringify(env)}`);
}

export const keyPrefixes: Readonly<Record<KeyEnv, string>> = {
  live: "svc_sk_live_",
  test: "svc_sk_test_",
};

/** Both prefixes have the same length, so one slice finds either. */
const PREFIX_CHARS = 12;
/** 62^32 ≈ 2^190: unguessable, and far beyond what a pepper would add. */
const RANDOM_CHARS = 32;
/** 62^6 ≈ 5.7e10 > 2^32, so six characters hold any CRC32 value. */
const CHECKSUM_CHARS = 6;
export const KEY_CHARS = PREFIX_CHARS + RANDOM_CHARS + CHECKSUM_CHARS; // 50
/** Characters of the key's end shown in its hint. */
const HINT_TAIL_CHARS = 4;

const base62Only = /^[0-9A-Za-z]+$/;
const sha256Hex = /^[0-9a-f]{64}$/;

function checksum(body: string): string {
  return toBase62(crc32(body), CHECKSUM_CHARS);
}

/** A new key's plaintext. It is shown once and never stored. */
export function generateKey(env: KeyEnv): string {
  const body = keyPrefixes[env] + randomBase62(RANDOM_CHARS);
  return body + checksum(body);
}

/**
 * The environment of a well-formed key, or null when the prefix, length, character set or
 * checksum is wrong. A key that parses may still be unknown: only the database knows.
 */
export function parseKey(s: unknown): { env: KeyEnv } | null {
  if (typeof s !== "string" || s.length !== KEY_CHARS) return null;
  const prefix = s.slice(0, PREFIX_CHARS);
  const env = keyEnvs.find((e) => keyPrefixes[e] === prefix);
  if (env === undefined) return null;
  const rest = s.slice(PREFIX_CHARS);
  if (!base62Only.test(rest)) return null;
  const body = s.slice(0, PREFIX_CHARS + RANDOM_CHARS);
  if (checksum(body) !== s.slice(PREFIX_CHARS + RANDOM_CHARS)) return null;
  return { env };
}

/** What the database stores and looks keys up by: lowercase hex SHA-256 of the whole key. */
export function keyDigest(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/**
 * Constant-time equality of two digests. The lookup by digest already found the row; this
 * second comparison, in constant time, guards against a lookup that matched loosely
 * (collation, truncation) and keeps secret-derived bytes out of early-exit comparisons.
 */
export function digestsEqual(a: string, b: string): boolean {
  // Digest length is public (always 64), so checking it first leaks nothing.
  if (!sha256Hex.test(a) || !sha256Hex.test(b)) return false;
  return timingSafeEqual(Buffer.from(a, "hex"), Buffer.from(b, "hex"));
}

/**
 * The key's hint: prefix + last 4 (DECISIONS.md), e.g. `svc_sk_live_x7Qa`. The last four
 * characters are checksum characters: they tell at most ~24 bits about a 190-bit secret.
 */
export function keyHint(key: string): string {
  return key.slice(0, PREFIX_CHARS) + key.slice(-HINT_TAIL_CHARS);
}
