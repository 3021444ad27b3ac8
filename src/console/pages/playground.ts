// The Try it page (issue 13): the form; the results are drawn by /console/assets/playground.js
// from the JSON of POST /console/try/convert.
import { limits } from "../../config/limits.js";
import { formatInt, html } from "../html.js";
import { renderPage, type SignedIn } from "./layout.js";

function formatMiB(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
}

export function playgroundPage(o: { who: SignedIn; csrf: string; maxUploadBytes: number; balance: number }): string {
  const freeMax = limits.testKeySelectedPagesMax;
  return renderPage({
    title: "Try it",
    active: "try",
    who: o.who,
    script: "/console/assets/playground.js",
    body: html`<h1>Try it</h1>
<p class="hint">Drop a PDF to see each page beside its Markdown. This is the same conversion as <code>POST /v1/convert</code>, and it is listed in your usage as from the console.</p>
<form class="card" id="try-form" data-testid="try-form" data-csrf="${o.csrf}" data-max-upload-bytes="${o.maxUploadBytes}" novalidate>
  <label for="try-file">PDF</label>
  <div class="dropzone" id="try-drop" data-testid="try-drop">
    <input type="file" id="try-file" name="file" accept="application/pdf,.pdf" data-testid="try-file">
    <p class="hint" id="try-file-name" data-testid="try-file-name">Drop a PDF here or choose one (at most ${formatMiB(o.maxUploadBytes)}).</p>
  </div>
  <label for="try-password">Password <span class="hint">(only for a password-protected PDF)</span></label>
  <input type="text" id="try-password" name="password" autocomplete="off" data-testid="try-password">
  <fieldset>
    <legend>Mode</legend>
    <label class="inline"><input type="radio" name="mode" value="free" checked data-testid="try-mode-free"> Free: at most ${freeMax} pages a request and ${formatInt(limits.testKeyPagesPerMonthMax)} a month, as a test key; nothing is billed</label>
    <label class="inline"><input type="radio" name="mode" value="credits" data-testid="try-mode-credits"> Credits: any number of pages, billed from your balance (<span data-testid="try-balance">${formatInt(o.balance)}</span> credits)</label>
  </fieldset>
  <fieldset>
    <legend>Options</legend>
    <label for="try-pages">Pages <span class="hint">(e.g. 1-3,7; empty for all)</span></label>
    <input type="text" id="try-pages" name="pages" data-testid="try-pages">
    <label for="try-tables">Tables</label>
    <select id="try-tables" name="tables" data-testid="try-tables"><option value="gfm">gfm (pipe tables)</option><option value="html">html</option><option value="off">off (cells as text)</option></select>
    <label for="try-page-markers">Page markers</label>
    <select id="try-page-markers" name="page_markers" data-testid="try-page-markers"><option value="none">none</option><option value="rule">rule (--- between pages)</option></select>
    <label for="try-headers-footers">Headers and footers</label>
    <select id="try-headers-footers" name="headers_footers" data-testid="try-headers-footers"><option value="strip">strip</option><option value="keep">keep</option></select>
    <label class="inline"><input type="checkbox" id="try-dehyphenate" name="dehyphenate" checked data-testid="try-dehyphenate"> Join words hyphenated at line ends (normalize.dehyphenate)</label>
  </fieldset>
  <p><button type="submit" id="try-convert" data-testid="try-convert">Convert</button> <span class="hint" id="try-status" role="status" data-testid="try-status"></span></p>
</form>
<div class="notice error" id="try-error" role="alert" data-testid="try-error" hidden></div>
<section id="try-result" data-testid="try-result" hidden>
  <div class="stats">
    <div class="stat"><div class="label">Pages billed</div><div class="value" data-testid="try-pages-billed"></div></div>
    <div class="stat"><div class="label">Pages not billed</div><div class="value" data-testid="try-pages-not-billed"></div></div>
    <div class="stat"><div class="label">Credits charged</div><div class="value" data-testid="try-credits-charged"></div></div>
    <div class="stat"><div class="label">Balance after</div><div class="value" data-testid="try-balance-after"></div></div>
  </div>
  <p><button type="button" class="secondary" id="try-copy" data-testid="try-copy">Copy Markdown</button>
     <a class="button secondary" id="try-download" data-testid="try-download" href="#">Download Markdown</a>
     <span class="hint" data-testid="try-conversion-id"></span></p>
  <div id="try-document-warnings"></div>
  <div id="try-pages-list" data-testid="try-pages-list"></div>
  <h2>The same request with curl</h2>
  <div class="secret"><code id="try-curl" class="curl" data-testid="try-curl"></code><button type="button" class="secondary" data-copy="try-curl">Copy</button></div>
</section>`,
  });
}
