// What every console handler shares: its dependencies, the response helpers that put the
// security headers on every page, the session gate, and the POST gate (form + CSRF).
import type { FastifyReply, FastifyRequest } from "fastify";
import { limits } from "../config/limits.js";
import type { StoreContext } from "../store/context.js";
import { BROWSER_COOKIE, clearCookie, readCookies, SESSION_COOKIE } from "./cookies.js";
import { isToken, tokenDigest, type Csrf, type CsrfBinding } from "./csrf.js";
import { field, readForm } from "./form.js";
import type { Mailer } from "./mailer.js";
import { errorPage, type SignedIn } from "./pages/layout.js";
import { findSession, type ConsoleSession } from "./sessions.js";

/** The console's view of src/payments/checkout.ts `startCheckout`. */
export type CheckoutOutcome = { ok: true; url: string; purchaseId: string } | { ok: false; message: string };
export type CheckoutFn = (input: { orgId: string; email: string; packUsd: number }) => Promise<CheckoutOutcome>;

export interface ConsoleDeps {
  store: StoreContext;
  /** {base_url}: links in mail are `${baseUrl}/console/…`. */
  baseUrl: string;
  /** Cookies carry Secure when the base URL is https. */
  secure: boolean;
  csrf: Csrf;
  mailer: Mailer;
  checkout: CheckoutFn;
}

// Console pages are HTML for people, so they get the browser protections the JSON API has
// no use for. script-src/style-src 'self': only our own files run (html.ts escapes, this
// makes an escaping mistake inert). No form-action: after the Buy form posts, the browser is
// redirected to the processor's checkout, and Chrome applies form-action to that redirect.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Headers of every console response that carries account data or secrets. */
export function privateHeaders(reply: FastifyReply): FastifyReply {
  return reply.headers({
    "cache-control": "no-store",
    "content-security-policy": CSP,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  });
}

export function sendHtml(reply: FastifyReply, status: number, body: string, cookies: string[] = []): FastifyReply {
  privateHeaders(reply).code(status).type("text/html; charset=utf-8");
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send(body);
}

/** 303 See Other: after a POST the browser GETs the target (no resubmission on reload). */
export function redirect(reply: FastifyReply, location: string, cookies: string[] = []): FastifyReply {
  privateHeaders(reply).code(303).header("location", location);
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send();
}

export interface Authed {
  session: ConsoleSession;
  who: SignedIn;
  /** The session's CSRF token, for the page's forms. */
  csrf: string;
}

function signedIn(deps: ConsoleDeps, session: ConsoleSession): Authed {
  const csrf = deps.csrf.token({ kind: "session", tokenHash: session.tokenHash });
  return { session, csrf, who: { email: session.org.email, csrf } };
}

/** The request's live session, or null without answering. */
export async function currentSession(request: FastifyRequest, deps: ConsoleDeps): Promise<Authed | null> {
  const session = await findSession(deps.store, readCookies(request).get(SESSION_COOKIE));
  return session === null ? null : signedIn(deps, session);
}

/**
 * The session gate of signed-in pages: the session, or null after sending the browser to
 * sign in (an ended session's cookie is cleared on the way).
 */
export async function requireSession(request: FastifyRequest, reply: FastifyReply, deps: ConsoleDeps): Promise<Authed | null> {
  const authed = await currentSession(request, deps);
  if (authed !== null) return authed;
  const stale = readCookies(request).has(SESSION_COOKIE) ? [clearCookie(SESSION_COOKIE, deps.secure)] : [];
  redirect(reply, "/console/sign-in", stale);
  return null;
}

/** The browser nonce of the svc_link cookie, when it is well formed. */
export function browserNonce(request: FastifyRequest): string | undefined {
  const value = readCookies(request).get(BROWSER_COOKIE);
  return isToken(value) ? value : undefined;
}

export function browserBinding(nonce: string): CsrfBinding {
  return { kind: "browser", nonceHash: tokenDigest(nonce) };
}

export function sessionBinding(authed: Authed): CsrfBinding {
  return { kind: "session", tokenHash: authed.session.tokenHash };
}

/**
 * The POST gate: reads the form (bounded) and checks its CSRF token against `binding`
 * (null: the request has no cookie to bind to, which fails the check). Returns the fields,
 * or null after answering with a plain error page.
 */
export async function readPost(
  request: FastifyRequest,
  reply: FastifyReply,
  binding: CsrfBinding | null,
  deps: ConsoleDeps,
  who?: SignedIn,
): Promise<URLSearchParams | null> {
  const form = await readForm(request, limits.consoleFormBytesMax);
  if (!form.ok) {
    // A refused body may still be arriving: close rather than read the rest.
    if (form.status === 413) reply.header("connection", "close");
    sendHtml(reply, form.status, errorPage({ title: "Form not accepted", message: form.message, who }));
    return null;
  }
  if (binding === null || !deps.csrf.verify(binding, field(form.fields, "csrf"))) {
    const next = who ? { href: "/console", label: "Back to the console" } : { href: "/console/sign-in", label: "Go to sign-in" };
    sendHtml(
      reply,
      403,
      errorPage({
        title: "Form expired",
        message: "This form could not be verified: it may be from an older page, another browser, or another site. Reload the page and try again.",
        who,
        next,
      }),
    );
    return null;
  }
  return form.fields;
}
