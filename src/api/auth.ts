// Who is calling (SPEC.md §Authentication): a bearer key in the Authorization header and
// nowhere else, its organization's standing, the caller's address and the key's scopes.
import type { FastifyRequest } from "fastify";
import { limits } from "../config/limits.js";
import { ApiError } from "../errors/catalogue.js";
import { orgLimits } from "../store/account_limits.js";
import { authenticate, checkIp, hasScope, keyLimits, touchLastUsed, type Scope } from "../store/keys.js";
import { refusalError } from "./refusal.js";
import type { ApiDeps, Caller } from "./types.js";

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/** Keys whose last_used_at this process has written, per store, with when: the store writes
 * at most once per keyLastUsedWriteIntervalMs anyway, so within that interval the UPDATE is a
 * round trip that changes nothing (about a twentieth of a one-page request on PGlite). */
const touchedAt = new WeakMap<object, Map<string, number>>();
/** Bounds the memory of touchedAt: past this many keys it starts over (one extra write each). */
const TOUCHED_KEYS_MAX = 10_000;

async function touchKey(deps: ApiDeps, keyId: string): Promise<void> {
  let touched = touchedAt.get(deps.store);
  if (!touched) touchedAt.set(deps.store, (touched = new Map()));
  const nowMs = deps.store.now();
  const last = touched.get(keyId);
  if (last !== undefined && nowMs >= last && nowMs - last < limits.keyLastUsedWriteIntervalMs) return;
  if (touched.size >= TOUCHED_KEYS_MAX) touched.clear();
  await touchLastUsed(deps.store, keyId);
  touched.set(keyId, nowMs);
}

export async function authenticateCaller(deps: ApiDeps, request: FastifyRequest, scope: Scope): Promise<Caller> {
  const header = request.headers.authorization;
  const match = typeof header === "string" ? BEARER.exec(header) : null;
  // A key in a query parameter or another header counts as missing (rule 1): it is never read.
  if (!match) {
    throw new ApiError("missing_api_key", {
      message: "No API key: send it as `Authorization: Bearer <key>` (a key in the query string or another header is not read). Create keys in the console.",
    });
  }
  const auth = await authenticate(deps.store, match[1]);
  if (!auth.ok) throw refusalError(auth);
  const { key, org } = auth;
  if (org.status === "suspended") {
    throw new ApiError("account_suspended", { message: "This organization is suspended. Contact support to restore access." });
  }
  const ip = checkIp(key, request.ip);
  if (!ip.ok) throw refusalError(ip);
  if (!hasScope(key, scope)) {
    throw new ApiError("insufficient_scope", {
      message: `The key ${key.hint} lacks the scope ${scope} that this endpoint requires. Create a key with that scope in the console.`,
      details: { required_scope: scope, key_scopes: key.scopes },
    });
  }
  await touchKey(deps, key.key_id);
  return { org, key, env: key.env, limits: keyLimits(org, key), orgLimits: orgLimits(org.limits) };
}
