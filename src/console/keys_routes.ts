// API keys in the console (SPEC.md §API key, §Authentication 3-4):
//   GET  /console/keys               list (hints only) and the create form
//   POST /console/keys               create; the answer is the one page showing the plaintext
//   GET  /console/keys/:id/revoke    the confirmation step
//   POST /console/keys/:id/revoke    revoke (confirm=yes required); irreversible
// The store enforces the rules (name 1-60, 20 active keys atomically, scopes, allowlist,
// revocation for good in the database); these handlers only parse, call and render.
import type { FastifyInstance } from "fastify";
import { limits } from "../config/limits.js";
import { createKey, getKey, keyState, listKeys, revokeKey, type KeySummary } from "../store/keys.js";
import type { KeyEnv } from "../store/key_format.js";
import { putKeyReveal, REVEAL_KEY_BYTES, takeKeyReveal } from "../store/key_reveals.js";
import { parseInstant } from "../store/usage.js";
import { readPost, redirect, requireSession, sendHtml, sessionBinding, type Authed, type ConsoleDeps } from "./context.js";
import { field } from "./form.js";
import { errorPage } from "./pages/layout.js";
import { keyCreatedPage, keysPage, revokeConfirmPage, type KeyFormValues } from "./pages/keys.js";

// <input type="datetime-local"> sends `YYYY-MM-DDTHH:MM` (seconds optional) with no zone;
// the form labels it UTC.
const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** The expiry the form asks for: null for none, NaN-dated for text that is no time. */
export function parseExpiresAt(text: string): Date | null {
  if (text === "") return null;
  const normalized = LOCAL_DATETIME.test(text) ? `${text.length === 16 ? `${text}:00` : text}Z` : text;
  const ms = parseInstant(normalized);
  return new Date(ms ?? Number.NaN);
}

/** Allowlist entries from the textarea: one per line (commas and spaces also separate). */
export function parseIpAllow(text: string): string[] {
  return text.split(/[\s,]+/).filter((s) => s.length > 0);
}

async function findOwnKey(deps: ConsoleDeps, authed: Authed, keyId: string): Promise<KeySummary | null> {
  const key = await getKey(deps.store, keyId);
  // Another organization's key id answers exactly as an unknown one (SPEC.md §Authentication 8).
  if (key === null || key.org_id !== authed.session.org.id) return null;
  return { ...key, state: keyState(key, deps.store.now()) };
}

const keyNotFound = (authed: Authed) =>
  errorPage({ title: "Key not found", message: "No API key of this organization has that id.", who: authed.who, next: { href: "/console/keys", label: "Back to API keys" } });

export function registerKeyRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  // Seals a created key in its one-time slot: the database holds no live key.
  const revealKey = deps.csrf.subkey("key-reveal", REVEAL_KEY_BYTES);
  app.get("/console/keys", async (request, reply) => {
    const authed = await requireSession(request, reply, deps);
    if (authed === null) return reply;
    const keys = await listKeys(deps.store, authed.session.org.id);
    const revokedId = (request.query as Record<string, unknown>).revoked;
    const revoked = typeof revokedId === "string" ? keys.find((k) => k.key_id === revokedId && k.state === "revoked") : undefined;
    const flash = revoked ? `Key ${revoked.name} (${revoked.hint}) was revoked.` : undefined;
    return sendHtml(reply, 200, keysPage({ who: authed.who, keys, flash }));
  });

  app.post("/console/keys", async (request, reply) => {
    const authed = await requireSession(request, reply, deps);
    if (authed === null) return reply;
    const fields = await readPost(request, reply, sessionBinding(authed), deps, authed.who);
    if (fields === null) return reply;
    const env = field(fields, "env");
    const values: KeyFormValues = {
      name: field(fields, "name").slice(0, limits.keyNameCharsMax * 2),
      env: env === "test" ? "test" : "live",
      expiresAt: field(fields, "expires_at").slice(0, 64),
      scopes: fields.getAll("scopes"),
      ipAllow: (fields.get("ip_allow") ?? "").slice(0, limits.consoleFormBytesMax),
    };
    const refuse = async (status: number, message: string) =>
      sendHtml(reply, status, keysPage({ who: authed.who, keys: await listKeys(deps.store, authed.session.org.id), form: values, error: message }));
    const expiresAt = parseExpiresAt(values.expiresAt);
    if (expiresAt !== null && Number.isNaN(expiresAt.getTime())) {
      return refuse(400, "Expires at must be a date and time (UTC), such as 2027-01-31T12:00.");
    }
    const created = await createKey(deps.store, {
      orgId: authed.session.org.id,
      name: values.name,
      env: env as KeyEnv,
      scopes: values.scopes,
      expiresAt,
      ipAllow: parseIpAllow(values.ipAllow),
    });
    if (!created.ok) return refuse(created.reason === "active_keys_max" ? 409 : 400, created.message);
    // POST-redirect-GET: the plaintext waits in a one-time slot for the page that shows it.
    const slot = await putKeyReveal(deps.store, revealKey, authed.session.tokenHash, { keyId: created.key_id, name: values.name.trim(), plaintext: created.key, hint: created.hint });
    return redirect(reply, `/console/keys/created/${slot}`);
  });

  app.get<{ Params: { slot: string } }>("/console/keys/created/:slot", async (request, reply) => {
    const authed = await requireSession(request, reply, deps);
    if (authed === null) return reply;
    const reveal = await takeKeyReveal(deps.store, revealKey, authed.session.tokenHash, request.params.slot);
    if (reveal === null) {
      return sendHtml(reply, 404, errorPage({ title: "Key already shown", message: "A new key is shown once, on the page right after it is created. This one was shown already or has expired; if you did not copy it, revoke it and create another.", who: authed.who, next: { href: "/console/keys", label: "Back to API keys" } }));
    }
    return sendHtml(reply, 200, keyCreatedPage({ who: authed.who, name: reveal.name, key: reveal.plaintext, hint: reveal.hint }));
  });

  app.get<{ Params: { id: string } }>("/console/keys/:id/revoke", async (request, reply) => {
    const authed = await requireSession(request, reply, deps);
    if (authed === null) return reply;
    const key = await findOwnKey(deps, authed, request.params.id);
    if (key === null) return sendHtml(reply, 404, keyNotFound(authed));
    if (key.state === "revoked") return redirect(reply, `/console/keys?revoked=${encodeURIComponent(key.key_id)}`);
    return sendHtml(reply, 200, revokeConfirmPage({ who: authed.who, key }));
  });

  app.post<{ Params: { id: string } }>("/console/keys/:id/revoke", async (request, reply) => {
    const authed = await requireSession(request, reply, deps);
    if (authed === null) return reply;
    const fields = await readPost(request, reply, sessionBinding(authed), deps, authed.who);
    if (fields === null) return reply;
    const key = await findOwnKey(deps, authed, request.params.id);
    if (key === null) return sendHtml(reply, 404, keyNotFound(authed));
    // The confirmation step is enforced here, not only by the checkbox's `required`.
    if (field(fields, "confirm") !== "yes") {
      return sendHtml(reply, 400, revokeConfirmPage({ who: authed.who, key, error: "Tick the box to confirm: revocation cannot be undone." }));
    }
    const done = await revokeKey(deps.store, key.key_id, { orgId: authed.session.org.id });
    if (!done.ok) return sendHtml(reply, 404, keyNotFound(authed));
    return redirect(reply, `/console/keys?revoked=${encodeURIComponent(key.key_id)}`);
  });
}
