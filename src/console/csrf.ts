// Secrets of the console: random tokens (sessions, sign-in links, the browser nonce), their
// stored digests, and CSRF tokens.
//
// CSRF: every POST form carries `csrf` = HMAC-SHA-256(server key, binding), where the
// binding is the session's token digest once signed in, or the browser nonce's digest on
// the signed-out forms (sign-in, confirming a link). A cross-site page can make a browser
// send its cookies (only on top-level GETs, given SameSite=Lax, but older browsers and
// same-site subdomains are less strict) yet cannot read the token from our pages, and cannot
// compute it without the key. Tokens are per session, not per form, so the back button and
// several tabs keep working. The key is CONSOLE_SECRET, or random per process.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { sha256Hex } from "../store/canonical.js";

/** Bytes of randomness of every console secret (256 bits). */
const TOKEN_BYTES = 32;
/** base64url of 32 bytes, no padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh secret for a cookie or a link. */
export function randomToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

/** Whether `value` has the shape randomToken makes; anything else is refused before hashing. */
export function isToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}

/** What the database keeps of a token: its SHA-256, lowercase hex. */
export function tokenDigest(token: string): string {
  return sha256Hex(token);
}

export type CsrfBinding = { kind: "session"; tokenHash: string } | { kind: "browser"; nonceHash: string };

export class Csrf {
  private readonly key: Buffer;

  constructor(secret: string | undefined) {
    // Without a configured secret, tokens are valid only in this process: a restart asks the
    // customer to resubmit a form, and several instances must share CONSOLE_SECRET.
    this.key = secret === undefined ? randomBytes(TOKEN_BYTES) : Buffer.from(secret, "utf8");
  }

  /**
   * A key for another use of the console's secret (HKDF-SHA-256, `purpose` as its info): one
   * secret to configure, and no derived key reveals another or the CSRF key.
   */
  subkey(purpose: string, bytes: number): Buffer {
    return Buffer.from(hkdfSync("sha256", this.key, Buffer.alloc(0), `svc-md console ${purpose}`, bytes));
  }

  token(binding: CsrfBinding): string {
    // The kind is part of the message, so a signed-out token is never valid for a session.
    const message = binding.kind === "session" ? `session\n${binding.tokenHash}` : `browser\n${binding.nonceHash}`;
    return createHmac("sha256", this.key).update(message, "utf8").digest("base64url");
  }

  verify(binding: CsrfBinding, given: unknown): boolean {
    if (typeof given !== "string" || !TOKEN_PATTERN.test(given)) return false;
    const expected = Buffer.from(this.token(binding), "base64url");
    return timingSafeEqual(expected, Buffer.from(given, "base64url"));
  }
}
