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

/** Strong validators: browsers revalidate and get 304 while the text is unchanged. */
export const CONSOLE_CSS_ETAG = `"${createHash("sha256").update(CONSOLE_CSS).digest("hex").slice(0, 16)}"`;
export const CONSOLE_JS_ETAG = `"${createHash("sha256").update(CONSOLE_JS).digest("hex").slice(0, 16)}"`;
