// API key pages: the list with the create form, the one-time plaintext, and the revoke
// confirmation (SPEC.md §API key: plaintext shown once; revocation irreversible).
import { limits } from "../../config/limits.js";
import type { KeyEnv } from "../../store/key_format.js";
import { scopes, type KeySummary } from "../../store/keys.js";
import { attrIf, formatTime, html, type SafeHtml } from "../html.js";
import { csrfField, notice, renderPage, type SignedIn } from "./layout.js";

/** What the create form shows again after a refusal. */
export interface KeyFormValues {
  name: string;
  env: KeyEnv;
  expiresAt: string;
  scopes: string[];
  ipAllow: string;
}

export const emptyKeyForm: KeyFormValues = { name: "", env: "live", expiresAt: "", scopes: [...scopes], ipAllow: "" };

const SCOPE_HELP: Readonly<Record<(typeof scopes)[number], string>> = {
  "account:read": "GET /v1/account (every key has it)",
  "convert:write": "POST /v1/convert, POST /v1/toc, GET /v1/conversions/{id}",
  "usage:read": "ledger, usage and usage records",
};

function keyRow(k: KeySummary): SafeHtml {
  const action =
    k.state === "active"
      ? html`<a href="/console/keys/${k.key_id}/revoke" data-testid="revoke-${k.key_id}">Revoke…</a>`
      : html`<span class="hint">—</span>`;
  return html`<tr data-testid="key-row" data-key-id="${k.key_id}">
    <td>${k.name}</td>
    <td><code data-testid="key-hint">${k.hint}</code></td>
    <td>${k.env}</td>
    <td>${k.scopes.join(", ")}</td>
    <td>${k.ip_allow.length === 0 ? "any" : k.ip_allow.join(", ")}</td>
    <td>${formatTime(k.created_at)}</td>
    <td>${formatTime(k.last_used_at)}</td>
    <td>${formatTime(k.expires_at)}</td>
    <td><span class="state-${k.state}" data-testid="key-state">${k.state}</span></td>
    <td>${action}</td>
  </tr>`;
}

function createForm(csrf: string, v: KeyFormValues): SafeHtml {
  return html`<form method="post" action="/console/keys" class="card" data-testid="create-key-form">
    ${csrfField(csrf)}
    <h2>Create a key</h2>
    <label for="key-name">Name</label>
    <input type="text" id="key-name" name="name" required maxlength="${limits.keyNameCharsMax}" value="${v.name}" data-testid="key-name">
    <p class="hint">1 to ${limits.keyNameCharsMax} characters, for you to recognise the key.</p>
    <fieldset>
      <legend>Environment</legend>
      <label class="inline"><input type="radio" name="env" value="live"${attrIf(v.env === "live", "checked")} data-testid="key-env-live"> Live: bills credits</label>
      <label class="inline"><input type="radio" name="env" value="test"${attrIf(v.env === "test", "checked")} data-testid="key-env-test"> Test: free, 5 pages per request, 5,000 per month</label>
    </fieldset>
    <fieldset>
      <legend>Scopes</legend>
      ${scopes.map(
        (s) => html`<label class="inline"><input type="checkbox" name="scopes" value="${s}"${attrIf(s === "account:read" || v.scopes.includes(s), "checked")}${attrIf(s === "account:read", "disabled")} data-testid="key-scope-${s}"> <code>${s}</code> <span class="hint">${SCOPE_HELP[s]}</span></label><br>`,
      )}
    </fieldset>
    <label for="key-expires">Expires at (UTC, optional)</label>
    <input type="datetime-local" id="key-expires" name="expires_at" value="${v.expiresAt}" data-testid="key-expires">
    <label for="key-ip">IP allowlist (optional)</label>
    <textarea id="key-ip" name="ip_allow" data-testid="key-ip-allow" aria-describedby="key-ip-hint">${v.ipAllow}</textarea>
    <p class="hint" id="key-ip-hint">Addresses or CIDR ranges, one per line, IPv4 or IPv6 (e.g. 203.0.113.0/24). Empty allows every address.</p>
    <p><button type="submit" data-testid="create-key">Create key</button></p>
  </form>`;
}

export function keysPage(options: { who: SignedIn; keys: KeySummary[]; form?: KeyFormValues; error?: string; flash?: string }): string {
  const active = options.keys.filter((k) => k.state === "active").length;
  const table =
    options.keys.length === 0
      ? html`<p data-testid="no-keys">No keys yet.</p>`
      : html`<table data-testid="keys-table">
          <thead><tr><th>Name</th><th>Hint</th><th>Env</th><th>Scopes</th><th>IP allowlist</th><th>Created</th><th>Last used</th><th>Expires</th><th>State</th><th></th></tr></thead>
          <tbody>${options.keys.map(keyRow)}</tbody>
        </table>`;
  return renderPage({
    title: "API keys",
    active: "keys",
    who: options.who,
    body: html`<h1>API keys</h1>
      ${options.flash ? notice("ok", options.flash, "keys-flash") : ""}
      ${options.error ? notice("error", options.error, "key-error") : ""}
      <p><span data-testid="active-key-count">${active}</span> of ${limits.activeKeysPerOrgMax} active keys. A key's full value is shown once, when it is created; the list shows only its hint.</p>
      ${table}
      ${createForm(options.who.csrf, options.form ?? emptyKeyForm)}`,
  });
}

/** The one and only time the plaintext is shown. The response is no-store. */
export function keyCreatedPage(options: { who: SignedIn; name: string; key: string; hint: string }): string {
  return renderPage({
    title: "Key created",
    active: "keys",
    who: options.who,
    body: html`<h1>Key created</h1>
      ${notice("warn", "Copy the key now. It is shown only this once; we store only a digest of it. If you lose it, revoke it and create another.")}
      <div class="card">
        <p><strong>${options.name}</strong> (<code>${options.hint}</code>)</p>
        <div class="secret">
          <code id="new-key" data-testid="key-plaintext">${options.key}</code>
          <button type="button" class="secondary" data-copy="new-key" data-testid="copy-key">Copy</button>
        </div>
        <p class="hint">Send it as <code>Authorization: Bearer &lt;key&gt;</code>.</p>
      </div>
      <p><a class="button secondary" href="/console/keys" data-testid="done">Done</a></p>`,
  });
}

export function revokeConfirmPage(options: { who: SignedIn; key: KeySummary; error?: string }): string {
  const k = options.key;
  return renderPage({
    title: "Revoke key",
    active: "keys",
    who: options.who,
    body: html`<h1>Revoke key</h1>
      ${options.error ? notice("error", options.error, "revoke-error") : ""}
      <div class="card narrow">
        <p>Revoke <strong>${k.name}</strong> (<code>${k.hint}</code>, ${k.env})?</p>
        <p>Requests with this key will fail with 401 <code>revoked_api_key</code>. <strong>Revocation cannot be undone.</strong></p>
        <form method="post" action="/console/keys/${k.key_id}/revoke">
          ${csrfField(options.who.csrf)}
          <label class="inline"><input type="checkbox" name="confirm" value="yes" required data-testid="revoke-confirm"> I understand this key stops working for good.</label>
          <p><button type="submit" class="danger" data-testid="revoke-submit">Revoke key</button>
          <a href="/console/keys">Cancel</a></p>
        </form>
      </div>`,
  });
}
