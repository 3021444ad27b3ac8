// The frame of every console page: the document head, the header with its navigation (the
// same on every signed-in page), notices, and the plain error page.
import { html, type HtmlValue, type SafeHtml } from "../html.js";

export type NavItem = "dashboard" | "try" | "keys" | "credits" | "ledger" | "usage" | null;

const NAV: ReadonlyArray<{ item: Exclude<NavItem, null>; href: string; label: string }> = [
  { item: "dashboard", href: "/console", label: "Dashboard" },
  { item: "try", href: "/console/try", label: "Try it" },
  { item: "keys", href: "/console/keys", label: "API keys" },
  { item: "credits", href: "/console/credits", label: "Credits" },
  { item: "ledger", href: "/console/ledger", label: "Ledger" },
  { item: "usage", href: "/console/usage", label: "Usage" },
];

/** Who is signed in, for the header; absent on signed-out pages. */
export interface SignedIn {
  email: string;
  /** The session's CSRF token (the sign-out form needs it). */
  csrf: string;
}

export interface Frame {
  title: string;
  active?: NavItem;
  who?: SignedIn;
  /** Extra elements for <head> (the return page's no-script refresh). */
  head?: SafeHtml;
  /** A page's own script, a file under /console/assets/ (never inline: the CSP forbids it). */
  script?: string;
  body: SafeHtml;
}

function header(active: NavItem, who: SignedIn | undefined): SafeHtml {
  const nav = who
    ? html`<nav class="main" aria-label="Console"><ul>${NAV.map(
        (n) => html`<li><a href="${n.href}"${n.item === active ? html` aria-current="page"` : ""} data-testid="nav-${n.item}">${n.label}</a></li>`,
      )}</ul></nav>
      <div class="who"><span data-testid="signed-in-email">${who.email}</span>
        <form class="inline" method="post" action="/console/sign-out">${csrfField(who.csrf)}<button type="submit" class="secondary" data-testid="sign-out">Sign out</button></form>
      </div>`
    : "";
  return html`<header class="top"><div class="bar"><a class="brand" href="/console">svc console</a>${nav}</div></header>`;
}

export function renderPage(frame: Frame): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${frame.title} · svc console</title>
<link rel="stylesheet" href="/console/assets/console.css">
${frame.head ?? ""}
</head>
<body>
${header(frame.active ?? null, frame.who)}
<main>
${frame.body}
</main>
<script src="/console/assets/console.js" defer></script>
${frame.script ? html`<script src="${frame.script}" defer></script>` : ""}
</body>
</html>
`.value;
}

/** The hidden field every POST form carries. */
export function csrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="csrf" value="${token}">`;
}

export type NoticeKind = "error" | "warn" | "ok";

/** A message box; errors are announced to screen readers. */
export function notice(kind: NoticeKind, content: HtmlValue, testId?: string): SafeHtml {
  const role = kind === "error" ? html` role="alert"` : html` role="status"`;
  return html`<div class="notice ${kind}"${role}${testId ? html` data-testid="${testId}"` : ""}>${content}</div>`;
}

/**
 * The plain error page: a title, what happened and what to do, and a way on. Never a
 * stack trace: unexpected errors show only the request id to quote to support.
 */
export function errorPage(options: { title: string; message: HtmlValue; who?: SignedIn; next?: { href: string; label: string } }): string {
  const next = options.next ?? { href: "/console", label: "Back to the console" };
  return renderPage({
    title: options.title,
    who: options.who,
    body: html`<div class="card narrow" data-testid="error-page">
      <h1>${options.title}</h1>
      <p data-testid="error-message">${options.message}</p>
      <p><a class="button secondary" href="${next.href}" data-testid="error-next">${next.label}</a></p>
    </div>`,
  });
}
