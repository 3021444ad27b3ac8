// Signed-out pages: the sign-in form, "check your inbox", the link's confirmation page and
// the reasons a link can fail.
import { limits } from "../../config/limits.js";
import { html } from "../html.js";
import type { LinkRefusal } from "../magic_links.js";
import { csrfField, errorPage, notice, renderPage } from "./layout.js";

export function signInPage(options: { csrf: string; email?: string; error?: string }): string {
  return renderPage({
    title: "Sign in",
    body: html`<div class="card narrow">
      <h1>Sign in or create an account</h1>
      ${options.error ? notice("error", options.error, "sign-in-error") : ""}
      <p>Enter your e-mail address. We send you a link that signs you in, or creates your account if you are new. There is no password.</p>
      <form method="post" action="/console/sign-in" data-testid="sign-in-form">
        ${csrfField(options.csrf)}
        <label for="email">E-mail address</label>
        <input type="email" id="email" name="email" required autocomplete="email" maxlength="${limits.orgEmailCharsMax}" value="${options.email ?? ""}" data-testid="sign-in-email">
        <p><button type="submit" data-testid="sign-in-submit">E-mail me a sign-in link</button></p>
      </form>
    </div>`,
  });
}

/**
 * The answer to every accepted sign-in request, whether or not the address has an account
 * and whether or not a mail was sent (the per-address limit): byte for byte the same page.
 */
export function checkInboxPage(): string {
  const minutes = limits.magicLinkTtlMs / 60_000;
  return renderPage({
    title: "Check your inbox",
    body: html`<div class="card narrow" data-testid="check-inbox">
      <h1>Check your inbox</h1>
      <p>If the address can receive mail, a sign-in link is on its way. It works once, for ${minutes} minutes, in this browser only.</p>
      <p class="hint">Nothing arrived? Check the spam folder, or <a href="/console/sign-in">ask for another link</a>.</p>
    </div>`,
  });
}

/** The page the mailed link opens: a button, so that fetching the link (mail scanners) spends nothing. */
export function confirmSignInPage(options: { csrf: string; token: string; email: string }): string {
  return renderPage({
    title: "Confirm sign-in",
    body: html`<div class="card narrow">
      <h1>Sign in to svc</h1>
      <p>Continue as <strong data-testid="confirm-email">${options.email}</strong>.</p>
      <form method="post" action="/console/auth">
        ${csrfField(options.csrf)}
        <input type="hidden" name="token" value="${options.token}">
        <button type="submit" data-testid="confirm-sign-in">Sign in</button>
      </form>
    </div>`,
  });
}

const LINK_REFUSALS: Readonly<Record<LinkRefusal, string>> = {
  unknown: "This sign-in link is not valid. Links must be copied whole from the mail.",
  used: "This sign-in link was already used. Each link works once.",
  expired: `This sign-in link has expired. Links work for ${limits.magicLinkTtlMs / 60_000} minutes.`,
  other_browser: "This sign-in link was requested from another browser. Open it in the browser where you asked for it, or ask for a new link here.",
};

export function linkRefusedPage(reason: LinkRefusal): string {
  return errorPage({
    title: "Sign-in link not accepted",
    message: LINK_REFUSALS[reason],
    next: { href: "/console/sign-in", label: "Request a new link" },
  });
}

export function tooManyRequestsPage(retryAfterS: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
  return errorPage({
    title: "Too many sign-in requests",
    message: `Too many sign-in requests came from your network. Try again in about ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    next: { href: "/console/sign-in", label: "Back to sign-in" },
  });
}
