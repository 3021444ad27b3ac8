// The console's stylesheet and its one small script, served from routes (no build step, no
// external assets). Both are files of our own origin, so the pages' Content-Security-Policy
// can forbid inline script and inline style entirely.
import { createHash } from "node:crypto";

export const CONSOLE_CSS = `
:root { --ink: #1d2433; --muted: #5b6478; --line: #d9dee8; --bg: #f6f7fa; --card: #fff;
  --accent: #2a5bd7; --danger: #b3261e; --ok: #1e7d3a; --warn-bg: #fff4e5; --err-bg: #fdecea; --ok-bg: #e8f5ec; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
a { color: var(--accent); }
header.top { background: var(--card); border-bottom: 1px solid var(--line); }
header.top .bar { max-width: 1040px; margin: 0 auto; padding: 0.6rem 1rem; display: flex; gap: 1.25rem; align-items: center; flex-wrap: wrap; }
header.top .brand { font-weight: 700; text-decoration: none; color: var(--ink); }
nav.main ul { list-style: none; display: flex; gap: 1rem; margin: 0; padding: 0; flex-wrap: wrap; }
nav.main a { text-decoration: none; color: var(--muted); padding: 0.2rem 0; }
nav.main a[aria-current="page"] { color: var(--ink); border-bottom: 2px solid var(--accent); }
header.top .who { margin-left: auto; display: flex; gap: 0.75rem; align-items: center; color: var(--muted); font-size: 0.9rem; }
main { max-width: 1040px; margin: 1.5rem auto; padding: 0 1rem; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
h2 { font-size: 1.15rem; margin: 1.75rem 0 0.75rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 1rem 1.25rem; margin-bottom: 1rem; }
.narrow { max-width: 460px; margin-left: auto; margin-right: auto; }
.stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 0.75rem; margin-bottom: 1rem; }
.stat { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem 1rem; }
.stat .label { color: var(--muted); font-size: 0.85rem; }
.stat .value { font-size: 1.4rem; font-weight: 600; font-variant-numeric: tabular-nums; }
table { width: 100%; border-collapse: collapse; background: var(--card); border: 1px solid var(--line); }
th, td { text-align: left; padding: 0.45rem 0.6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: 0.85rem; color: var(--muted); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
label.inline { display: inline-flex; gap: 0.4rem; font-weight: normal; margin: 0.2rem 1rem 0.2rem 0; align-items: center; }
fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 0.75rem 0; padding: 0.5rem 0.75rem; }
legend { font-weight: 600; padding: 0 0.25rem; }
input[type=text], input[type=email], input[type=datetime-local], textarea { width: 100%; max-width: 460px; padding: 0.45rem 0.55rem; border: 1px solid var(--line); border-radius: 6px; font: inherit; }
textarea { min-height: 5rem; }
.hint { color: var(--muted); font-size: 0.85rem; margin: 0.2rem 0 0; }
button, .button { display: inline-block; background: var(--accent); color: #fff; border: 0; border-radius: 6px; padding: 0.5rem 0.9rem; font: inherit; font-weight: 600; cursor: pointer; text-decoration: none; }
button.secondary, .button.secondary { background: #e8ecf5; color: var(--ink); }
button.danger { background: var(--danger); }
button.link { background: none; color: var(--accent); padding: 0; font-weight: normal; text-decoration: underline; }
form.inline { display: inline; }
.notice { border-radius: 6px; padding: 0.65rem 0.9rem; margin: 0 0 1rem; border: 1px solid var(--line); }
.notice.error { background: var(--err-bg); border-color: #f3b8b2; }
.notice.warn { background: var(--warn-bg); border-color: #f5d199; }
.notice.ok { background: var(--ok-bg); border-color: #a9d8b7; }
.secret { display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; }
.secret code { background: #f0f2f7; border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem 0.6rem; word-break: break-all; }
.state-active { color: var(--ok); font-weight: 600; }
.state-revoked, .state-expired { color: var(--muted); }
.pager { display: flex; gap: 1rem; margin: 0.75rem 0; }
svg.chart { width: 100%; height: auto; background: var(--card); border: 1px solid var(--line); border-radius: 8px; }
svg.chart .bar { fill: var(--accent); }
svg.chart .axis { stroke: var(--line); }
svg.chart text { fill: var(--muted); font-size: 10px; }
select { padding: 0.4rem; border: 1px solid var(--line); border-radius: 6px; font: inherit; }
.dropzone { border: 2px dashed var(--line); border-radius: 8px; padding: 1rem; text-align: center; }
.dropzone.over { border-color: var(--accent); background: #eef3ff; }
.try-page { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1rem; background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem; margin-bottom: 1rem; }
.try-page h3 { grid-column: 1 / -1; margin: 0; font-size: 1rem; }
.try-page .warnings { grid-column: 1 / -1; }
.try-page img { width: 100%; height: auto; border: 1px solid var(--line); }
.try-page .no-image { color: var(--muted); border: 1px dashed var(--line); padding: 2rem 1rem; text-align: center; }
.try-page .md-rendered { overflow-x: auto; }
.try-page .md-rendered table { font-size: 0.9em; }
.try-page pre.md-source { white-space: pre-wrap; word-break: break-word; background: #f0f2f7; border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem; font-size: 0.85em; margin: 0; }
.tabs { display: flex; gap: 0.5rem; margin-bottom: 0.5rem; }
code.curl { white-space: pre-wrap; display: block; flex: 1; }
`;

export const CONSOLE_JS = `"use strict";
// Copy buttons: <button data-copy="ELEMENT_ID">.
document.querySelectorAll("[data-copy]").forEach(function (button) {
  button.addEventListener("click", function () {
    var source = document.getElementById(button.getAttribute("data-copy"));
    if (!source || !navigator.clipboard) return;
    navigator.clipboard.writeText(source.textContent.trim()).then(function () {
      button.textContent = "Copied";
    });
  });
});
// The purchase return page: ask for the status until the settlement lands, then show it.
(function () {
  var box = document.querySelector("[data-poll-url]");
  if (!box) return;
  var url = box.getAttribute("data-poll-url");
  var every = Number(box.getAttribute("data-poll-interval-ms")) || 1000;
  var stopAt = Date.now() + (Number(box.getAttribute("data-poll-max-ms")) || 600000);
  function set(name, text) {
    var el = document.querySelector('[data-field="' + name + '"]');
    if (el) el.textContent = text;
  }
  function tick() {
    fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (s) {
        if (s && s.status !== "pending") {
          set("status", s.message);
          set("balance", s.credit_balance_text);
          box.setAttribute("data-state", s.status);
          return;
        }
        if (Date.now() < stopAt) setTimeout(tick, every);
        else set("status", "Still waiting for the payment processor. Refresh this page in a few minutes.");
      })
      .catch(function () { if (Date.now() < stopAt) setTimeout(tick, every); });
  }
  setTimeout(tick, every);
})();
`;

// The Try it page (src/console/pages/playground.ts): reads the form, refuses an upload over
// the limit before sending it, posts multipart to /console/try/convert with the session's
// CSRF token in a header, and draws each page's image beside its Markdown. The rendered
// Markdown is HTML the server made safe (src/console/markdown.ts); everything else is text.
export const PLAYGROUND_JS = `"use strict";
(function () {
  var form = document.getElementById("try-form");
  if (!form) return;
  var fileInput = document.getElementById("try-file");
  var drop = document.getElementById("try-drop");
  var fileName = document.getElementById("try-file-name");
  var status = document.getElementById("try-status");
  var errorBox = document.getElementById("try-error");
  var result = document.getElementById("try-result");
  var maxBytes = Number(form.getAttribute("data-max-upload-bytes"));
  var chosen = null;
  var markdown = "";
  var downloadUrl = null;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function mib(n) { return (Math.round(n / 104857.6) / 10) + " MiB"; }
  function size(n) { return n < 1048576 ? Math.max(1, Math.round(n / 1024)) + " KiB" : mib(n); }
  function showError(message, link) {
    errorBox.textContent = message;
    if (link) { errorBox.appendChild(document.createTextNode(" ")); errorBox.appendChild(el("a", { href: link.href }, link.label)); }
    errorBox.hidden = false;
  }
  function choose(file) {
    chosen = file || null;
    errorBox.hidden = true;
    fileName.textContent = chosen ? chosen.name + " (" + size(chosen.size) + ")" : "Drop a PDF here or choose one.";
    if (chosen && chosen.size > maxBytes) {
      showError("This file is " + mib(chosen.size) + ", over the " + mib(maxBytes) + " upload limit, so it was not sent. Choose a smaller PDF, or split it into parts.");
    }
  }
  fileInput.addEventListener("change", function () { choose(fileInput.files[0]); });
  ["dragenter", "dragover"].forEach(function (t) {
    drop.addEventListener(t, function (e) { e.preventDefault(); drop.classList.add("over"); });
  });
  ["dragleave", "drop"].forEach(function (t) {
    drop.addEventListener(t, function (e) { e.preventDefault(); drop.classList.remove("over"); });
  });
  drop.addEventListener("drop", function (e) {
    if (e.dataTransfer && e.dataTransfer.files.length > 0) choose(e.dataTransfer.files[0]);
  });

  function options() {
    var o = {
      tables: form.elements.tables.value,
      page_markers: form.elements.page_markers.value,
      headers_footers: form.elements.headers_footers.value,
      normalize: { dehyphenate: form.elements.dehyphenate.checked }
    };
    var pages = form.elements.pages.value.trim();
    if (pages) o.pages = pages;
    return o;
  }

  var HINTS = {
    insufficient_credits: { href: "/console/credits", label: "Buy credits" },
    rate_limit_test_pages: null
  };

  function explain(status, body) {
    var err = body && body.error;
    if (!err) { showError("The conversion failed (HTTP " + status + "). Try again."); return; }
    var text = err.message + (err.code ? " (" + err.code + ")" : "");
    if (err.code === "too_many_pages" && form.elements.mode.value === "free") {
      text += " The free mode converts at most " + (err.details && err.details.max_selected_pages) + " pages a request: choose pages (e.g. 1-5) or the credits mode.";
    }
    showError(text, HINTS[err.code] || null);
  }

  function warningList(warnings) {
    var ul = el("ul", { "class": "warnings" });
    warnings.forEach(function (w) {
      var li = el("li", { "class": "notice warn", "data-testid": "try-page-warning", "data-code": w.code });
      li.appendChild(el("strong", {}, w.code));
      li.appendChild(document.createTextNode(": " + w.message));
      ul.appendChild(li);
    });
    return ul;
  }

  function drawPage(p) {
    var box = el("article", { "class": "try-page", "data-testid": "try-page", "data-page": String(p.page) });
    box.appendChild(el("h3", {}, "Page " + p.page));
    if (p.warnings.length > 0) box.appendChild(warningList(p.warnings));
    var left = el("div", {});
    if (p.image_url) {
      left.appendChild(el("img", { src: p.image_url, alt: "Page " + p.page, "data-testid": "try-page-image" }));
    } else {
      left.appendChild(el("div", { "class": "no-image", "data-testid": "try-page-no-image" },
        p.image_note === "render_failed" ? "This page could not be rendered as an image." : "No image: only the first pages of a conversion are rendered."));
    }
    var right = el("div", {});
    var tabs = el("div", { "class": "tabs" });
    var showRendered = el("button", { type: "button", "class": "secondary", "data-testid": "try-show-rendered" }, "Rendered");
    var showSource = el("button", { type: "button", "class": "secondary", "data-testid": "try-show-source" }, "Source");
    tabs.appendChild(showRendered);
    tabs.appendChild(showSource);
    var rendered = el("div", { "class": "md-rendered", "data-testid": "try-page-rendered" });
    rendered.innerHTML = p.html; // made safe on the server: no raw HTML, only http(s)/mailto links
    var source = el("pre", { "class": "md-source", "data-testid": "try-page-source" }, p.markdown);
    source.hidden = true;
    showRendered.addEventListener("click", function () { rendered.hidden = false; source.hidden = true; });
    showSource.addEventListener("click", function () { rendered.hidden = true; source.hidden = false; });
    right.appendChild(tabs);
    right.appendChild(rendered);
    right.appendChild(source);
    box.appendChild(left);
    box.appendChild(right);
    return box;
  }

  function set(id, text) { document.querySelector('[data-testid="' + id + '"]').textContent = text; }

  function draw(r) {
    markdown = r.markdown;
    set("try-pages-billed", String(r.billing.pages_billed));
    set("try-pages-not-billed", r.billing.pages_not_billed.length ? r.billing.pages_not_billed.join(", ") : "none");
    set("try-credits-charged", r.billing.credits_charged.toLocaleString("en-US"));
    set("try-balance-after", r.mode === "free" ? "free mode" : r.billing.credit_balance_after.toLocaleString("en-US"));
    set("try-conversion-id", r.conversion_id);
    set("try-curl", r.curl);
    var docWarnings = document.getElementById("try-document-warnings");
    docWarnings.textContent = "";
    if (r.document_warnings.length > 0) docWarnings.appendChild(warningList(r.document_warnings));
    var list = document.getElementById("try-pages-list");
    list.textContent = "";
    r.pages.forEach(function (p) { list.appendChild(drawPage(p)); });
    if (downloadUrl) URL.revokeObjectURL(downloadUrl);
    downloadUrl = URL.createObjectURL(new Blob([markdown], { type: "text/markdown" }));
    var a = document.getElementById("try-download");
    a.href = downloadUrl;
    a.setAttribute("download", (chosen ? chosen.name.replace(/\\.pdf$/i, "") : "document") + ".md");
    result.hidden = false;
  }

  document.getElementById("try-copy").addEventListener("click", function () {
    var b = this;
    if (navigator.clipboard) navigator.clipboard.writeText(markdown).then(function () { b.textContent = "Copied"; });
  });

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    errorBox.hidden = true;
    result.hidden = true; // the previous document's result never sits under a new request's error
    if (!chosen) { showError("Choose a PDF first: drop it on the box or use the file button."); return; }
    if (chosen.size > maxBytes) { choose(chosen); return; }
    var body = new FormData();
    body.append("options", new Blob([JSON.stringify(options())], { type: "application/json" }));
    if (form.elements.password.value) body.append("password", form.elements.password.value);
    body.append("file", chosen, chosen.name);
    var button = document.getElementById("try-convert");
    button.disabled = true;
    status.textContent = "Converting…";
    fetch("/console/try/convert/" + encodeURIComponent(form.elements.mode.value), {
      method: "POST",
      credentials: "same-origin",
      headers: { "x-csrf-token": form.getAttribute("data-csrf"), accept: "application/json", "x-file-name": encodeURIComponent(chosen.name) },
      body: body
    }).then(function (res) {
      if (res.redirected && new URL(res.url).pathname === "/console/sign-in") {
        showError("Your session has ended.", { href: "/console/sign-in", label: "Sign in again" });
        return;
      }
      return res.json().then(function (json) {
        if (res.ok) draw(json);
        else explain(res.status, json);
      }, function () { showError("The conversion failed (HTTP " + res.status + "). Try again."); });
    }).catch(function () {
      showError("The request did not reach the service. Check your connection and try again.");
    }).then(function () { button.disabled = false; status.textContent = ""; });
  });
})();
`;

/** Strong validators: browsers revalidate and get 304 while the text is unchanged. */
export const CONSOLE_CSS_ETAG = `"${createHash("sha256").update(CONSOLE_CSS).digest("hex").slice(0, 16)}"`;
export const CONSOLE_JS_ETAG = `"${createHash("sha256").update(CONSOLE_JS).digest("hex").slice(0, 16)}"`;
export const PLAYGROUND_JS_ETAG = `"${createHash("sha256").update(PLAYGROUND_JS).digest("hex").slice(0, 16)}"`;
