// The error and warning reference pages: one anchor per code (`id` = the code), rendered from
// the catalogues (src/errors/catalogue.ts, src/engine/warnings.ts) when the app starts, so
// every doc_url the service sends (`{docs_url}/errors#<code>`, `{docs_url}/warnings#<code>`)
// lands on an entry that exists. Plain server-rendered HTML: no script at all.
import { errorCodes, errorEntry, type ErrorCode } from "../errors/catalogue.js";
import { warningCodes, warningEntry } from "../engine/warnings.js";
import { html, type SafeHtml } from "../console/html.js";

/** Where the docs pages and the stylesheet live on this service. */
export const DOCS_PATH = "/docs";
export const DOCS_CSS_PATH = `${DOCS_PATH}/assets/docs.css`;

/** Pages to show the messages that name their pages with. */
const EXAMPLE_PAGES = [3, 4];

type Current = "reference" | "errors" | "warnings";

function layout(title: string, current: Current, body: SafeHtml): string {
  const link = (href: string, label: string, name: Current) => html`<a href="${href}"${name === current ? html` aria-current="page"` : ""}>${label}</a>`;
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · svc-md</title>
<link rel="stylesheet" href="${DOCS_CSS_PATH}">
</head>
<body>
<header class="top"><nav aria-label="Documentation">
<a class="brand" href="${DOCS_PATH}">svc-md</a>
${link(DOCS_PATH, "API reference", "reference")}
${link(`${DOCS_PATH}/errors`, "Errors", "errors")}
${link(`${DOCS_PATH}/warnings`, "Warnings", "warnings")}
<a href="/console">Console</a>
</nav></header>
<main>
${body}
</main>
</body>
</html>
`.value;
}

const yesNo = (flag: boolean) => (flag ? "yes" : "no");

function errorSection(code: ErrorCode): SafeHtml {
  const e = errorEntry(code);
  return html`<section class="entry" id="${code}">
<h3><a href="#${code}"><code>${code}</code></a></h3>
<dl class="facts">
<div><dt>HTTP status</dt><dd>${e.status}</dd></div>
<div><dt>Type</dt><dd><code>${e.type}</code></dd></div>
<div><dt>Retryable</dt><dd>${yesNo(e.retryable)}</dd></div>
</dl>
<p class="what"><strong>What it means and what to do:</strong> ${e.message}</p>
</section>
`;
}

/** Codes grouped by status, statuses ascending, codes in catalogue order. */
function byStatus(): [number, ErrorCode[]][] {
  const groups = new Map<number, ErrorCode[]>();
  for (const code of errorCodes) {
    const { status } = errorEntry(code);
    groups.set(status, [...(groups.get(status) ?? []), code]);
  }
  return [...groups].sort((a, b) => a[0] - b[0]);
}

/** GET /docs/errors: every error code of the catalogue. */
export function errorsPage(): string {
  const groups = byStatus();
  return layout(
    "Errors",
    "errors",
    html`<h1>Errors</h1>
<p class="lead">Every response that is not 2xx carries the error envelope <code>{"error": {type, code, message, param, retryable, retry_after_ms, doc_url, request_id, details}}</code>. Match on <code>code</code>; its <code>doc_url</code> points to its entry below. Every error bills 0 credits.</p>
<nav class="index" aria-label="Codes by status">
${groups.map(([status, codes]) => html`<div><strong>${status}</strong><ul>${codes.map((c) => html`<li><a href="#${c}"><code>${c}</code></a></li>`)}</ul></div>`)}
</nav>
${groups.map(([status, codes]) => html`<h2 class="group">${status}</h2>
${codes.map(errorSection)}`)}`,
  );
}

/** GET /docs/warnings: every warning code of the engine's catalogue. */
export function warningsPage(): string {
  return layout(
    "Warnings",
    "warnings",
    html`<h1>Warnings</h1>
<p class="lead">A 200 result lists every degradation in <code>warnings</code>: <code>{code, severity, scope, message, pages, billed, doc_url}</code>. Critical page-scope warnings take their pages off the bill.</p>
<nav class="index" aria-label="Codes"><ul>${warningCodes.map((c) => html`<li><a href="#${c}"><code>${c}</code></a></li>`)}</ul></nav>
${warningCodes.map((code) => {
  const w = warningEntry(code);
  return html`<section class="entry" id="${code}">
<h3><a href="#${code}"><code>${code}</code></a></h3>
<dl class="facts">
<div><dt>Severity</dt><dd>${w.severity}</dd></div>
<div><dt>Scope</dt><dd>${w.scope}</dd></div>
<div><dt>Billed</dt><dd>${w.billed ? "yes" : "no: its pages are not billed"}</dd></div>
</dl>
<p class="what"><strong>Meaning</strong> (as sent, for pages 3-4 where it names pages): ${w.message(EXAMPLE_PAGES)}</p>
</section>
`;
})}`,
  );
}
