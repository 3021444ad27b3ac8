// The console's two cookies, read and written without a dependency (the API itself uses no
// cookies, so no cookie plugin is registered app-wide).
//
// Attributes, and why:
// - HttpOnly: no script, ours or injected, can read a session or the browser nonce.
// - SameSite=Lax: the cookies travel on top-level GET navigations (the link in the sign-in
//   mail, the processor's return) but not on cross-site POSTs; CSRF tokens cover the rest.
// - Path=/console: the API under /v1 never receives them.
// - Secure when the public base URL is https. Plain http stays possible for local
//   development (http://localhost), where browsers would drop a Secure cookie.
import type { FastifyRequest } from "fastify";

export const SESSION_COOKIE = "svc_session";
/** The browser nonce: binds sign-in links and the signed-out forms' CSRF tokens to one browser. */
export const BROWSER_COOKIE = "svc_link";
export const COOKIE_PATH = "/console";

/** A cookie header longer than this is not parsed: browsers send far less, and parsing is linear. */
const COOKIE_HEADER_CHARS_MAX = 8 * 1024;

/** The request's cookies by name; the first of duplicate names wins, as browsers order the most specific first. */
export function readCookies(request: FastifyRequest): Map<string, string> {
  const header = request.headers.cookie;
  const out = new Map<string, string>();
  if (typeof header !== "string" || header.length > COOKIE_HEADER_CHARS_MAX) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (!out.has(name)) out.set(name, value);
  }
  return out;
}

export interface CookieOptions {
  secure: boolean;
  /** Seconds; 0 deletes the cookie. */
  maxAgeS: number;
}

/** A Set-Cookie value. Values here are base64url, so they need no quoting or encoding. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) throw new Error(`cookie ${name}: value must be base64url`);
  const parts = [`${name}=${value}`, `Path=${COOKIE_PATH}`, `Max-Age=${Math.max(0, Math.floor(options.maxAgeS))}`, "HttpOnly", "SameSite=Lax"];
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearCookie(name: string, secure: boolean): string {
  return serializeCookie(name, "", { secure, maxAgeS: 0 });
}
