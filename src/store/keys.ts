// API keys: minting (console and `svc admin key create`), authentication of a bearer key,
// revocation, listing, scopes, IP allowlists and last-use tracking.
// SPEC.md §Authentication and §API key states; DECISIONS.md §Auth, keys, scopes.
//
// A key is `active` while neither revoked nor past `expires_at`. Only the SHA-256 digest of
// the plaintext is stored (key_format.ts); the plaintext exists once, in createKey's result.
import { limits } from "../config/limits.js";
import { sanitizeCallerString } from "../errors/catalogue.js";
import { checkLimits, effectiveLimits, storedOverrides, type AccountLimitOverrides, type AccountLimits } from "./account_limits.js";
import type { StoreContext } from "./context.js";
import { newId } from "./ids.js";
import { ipAllowed, parseCidr } from "./ip_allow.js";
import { digestsEqual, generateKey, keyDigest, keyEnvs, keyHint, parseKey, type KeyEnv } from "./key_format.js";
import { isoTimestamp, orgFromRow, type Org } from "./orgs.js";
import { refuse, type Refusal } from "./refusal.js";

export const scopes = ["account:read", "convert:write", "usage:read"] as const;
export type Scope = (typeof scopes)[number];

export type KeyState = "active" | "revoked" | "expired";

/** A key as the rest of the service sees it: never the digest, never the plaintext. */
export interface ApiKey {
  key_id: string;
  org_id: string;
  name: string;
  env: KeyEnv;
  hint: string;
  scopes: Scope[];
  ip_allow: string[];
  sub_limits: AccountLimitOverrides;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface KeySummary extends ApiKey {
  state: KeyState;
}

const KEY_COLUMNS = "id, org_id, name, env, hint, scopes, ip_allow, sub_limits, created_at, last_used_at, expires_at, revoked_at";
/** The same columns qualified by the alias `k`, for the join with orgs (which shares names). */
const KEY_COLUMNS_K = KEY_COLUMNS.split(", ").map((c) => `k.${c}`).join(", ");
const ACTIVE_AT = "(revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2))";

function optionalTimestamp(value: unknown): string | null {
  return value === null || value === undefined ? null : isoTimestamp(value);
}

function keyFromRow(row: Record<string, unknown>): ApiKey {
  return {
    key_id: String(row.id),
    org_id: String(row.org_id),
    name: String(row.name),
    env: row.env as KeyEnv,
    hint: String(row.hint),
    scopes: row.scopes as Scope[],
    ip_allow: row.ip_allow as string[],
    sub_limits: storedOverrides(row.sub_limits, `key ${String(row.id)}`),
    created_at: isoTimestamp(row.created_at),
    last_used_at: optionalTimestamp(row.last_used_at),
    expires_at: optionalTimestamp(row.expires_at),
    revoked_at: optionalTimestamp(row.revoked_at),
  };
}

export function keyState(key: ApiKey, nowMs: number): KeyState {
  if (key.revoked_at !== null) return "revoked";
  if (key.expires_at !== null && Date.parse(key.expires_at) <= nowMs) return "expired";
  return "active";
}

export function hasScope(key: Pick<ApiKey, "scopes">, scope: Scope): boolean {
  return key.scopes.includes(scope);
}

/** The limits a request made with this key runs under (sub-limits only lower). */
export function keyLimits(org: Org, key: ApiKey): AccountLimits {
  return effectiveLimits(org.limits, key.sub_limits);
}

export interface CreateKeyInput {
  orgId: string;
  name: string;
  env: KeyEnv;
  /** Default: all three. `account:read` is always included (SPEC.md §Authentication 6). */
  scopes?: readonly string[];
  expiresAt?: Date | null;
  /** Addresses or CIDRs, IPv4 or IPv6; empty or absent allows every address. */
  ipAllow?: readonly string[];
  subLimits?: Readonly<Record<string, number>>;
}

export interface CreatedKey {
  ok: true;
  key_id: string;
  /** The plaintext: returned here once, stored nowhere. */
  key: string;
  hint: string;
}

export type CreateKeyRefusal = Refusal<
  | "org_not_found"
  | "name_invalid"
  | "env_invalid"
  | "scope_unknown"
  | "expires_at_invalid"
  | "ip_allow_invalid"
  | "sub_limit_unknown"
  | "sub_limit_invalid"
  | "active_keys_max"
>;

const controlChars = /\p{Cc}/u;

interface ValidKeyInput {
  name: string;
  scopes: Scope[];
  ipAllow: string[];
  subLimits: Record<string, number>;
}

/** Input checks that need no database; the active-key count is checked under the lock. */
function validateKeyInput(input: CreateKeyInput, nowMs: number): ValidKeyInput | CreateKeyRefusal {
  const name = String(input.name ?? "").trim();
  const nameChars = [...name].length; // code points, as PostgreSQL's char_length counts
  if (nameChars < 1 || nameChars > limits.keyNameCharsMax || controlChars.test(name)) {
    return refuse("name_invalid", "invalid_parameter_type", "name", `name must be 1 to ${limits.keyNameCharsMax} characters after trimming, without control characters.`);
  }
  if (!keyEnvs.includes(input.env)) {
    return refuse("env_invalid", "invalid_parameter_type", "env", `env must be one of ${keyEnvs.join(", ")}.`);
  }
  const requested = input.scopes ?? scopes;
  for (const [i, s] of requested.entries()) {
    if (!(scopes as readonly string[]).includes(s)) {
      return refuse("scope_unknown", "invalid_parameter_type", `scopes[${i}]`, `${sanitizeCallerString(String(s))} is not a scope; scopes are ${scopes.join(", ")}.`);
    }
  }
  // Canonical order, no duplicates; account:read is on every console-issued key.
  const chosen = new Set<string>([...requested, "account:read"]);
  const keyScopes = scopes.filter((s) => chosen.has(s));
  if (input.expiresAt != null) {
    const t = input.expiresAt instanceof Date ? input.expiresAt.getTime() : Number.NaN;
    if (!Number.isFinite(t) || t <= nowMs) {
      return refuse("expires_at_invalid", "invalid_parameter_type", "expires_at", "expires_at must be a valid time in the future.");
    }
  }
  const entries = input.ipAllow ?? [];
  if (entries.length > limits.keyIpAllowEntriesMax) {
    return refuse("ip_allow_invalid", "invalid_parameter_type", "ip_allow", `ip_allow holds at most ${limits.keyIpAllowEntriesMax} entries.`);
  }
  const ipAllow: string[] = [];
  for (const [i, entry] of entries.entries()) {
    const parsed = parseCidr(String(entry));
    if (!parsed.ok) {
      return refuse("ip_allow_invalid", "invalid_parameter_type", `ip_allow[${i}]`, `${sanitizeCallerString(String(entry))} ${parsed.message}.`);
    }
    if (!ipAllow.includes(parsed.text)) ipAllow.push(parsed.text);
  }
  const sub = checkLimits(input.subLimits ?? {}, { allowNull: false });
  if (!sub.ok) {
    const param = `sub_limits.${sanitizeCallerString(sub.name)}`;
    return sub.problem === "unknown_name"
      ? refuse("sub_limit_unknown", "unknown_parameter", param, `${param} ${sub.message}.`)
      : refuse("sub_limit_invalid", "invalid_parameter_type", param, `${param} ${sub.message}.`);
  }
  return { name, scopes: keyScopes, ipAllow, subLimits: sub.values as Record<string, number> };
}

/**
 * Mints a key. At most `activeKeysPerOrgMax` active keys per organization, enforced
 * atomically: the transaction first locks the organization's row, so concurrent creates
 * for one organization run one after another; each then counts active keys in a fresh
 * statement snapshot (READ COMMITTED) that includes every key committed before it got the
 * lock, and inserts only below the maximum. `FOR NO KEY UPDATE` conflicts with itself but
 * not with the KEY SHARE lock that inserts referencing the org (holds, ledger) take.
 * PGlite has one connection, so its transactions are serial anyway.
 */
export async function createKey(ctx: StoreContext, input: CreateKeyInput): Promise<CreatedKey | CreateKeyRefusal> {
  const nowMs = ctx.now();
  const valid = validateKeyInput(input, nowMs);
  if ("ok" in valid) return valid;
  const now = new Date(nowMs);
  const plaintext = generateKey(input.env);
  const keyId = newId("key", nowMs);
  const hint = keyHint(plaintext);
  return ctx.db.transaction(async (tx) => {
    const org = await tx.query("SELECT id FROM orgs WHERE id = $1 FOR NO KEY UPDATE", [input.orgId]);
    if (org.rows.length === 0) {
      return refuse("org_not_found", "invalid_parameter_type", "org_id", `No organization has the id ${sanitizeCallerString(input.orgId)}.`);
    }
    const active = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM api_keys WHERE org_id = $1 AND ${ACTIVE_AT}`, [input.orgId, now]);
    if (active.rows[0].n >= limits.activeKeysPerOrgMax) {
      return refuse(
        "active_keys_max",
        "invalid_parameter_type",
        null,
        `The organization has ${limits.activeKeysPerOrgMax} active keys, the maximum. Revoke a key you no longer use, then create the new one.`,
        { active_keys_max: limits.activeKeysPerOrgMax },
      );
    }
    await tx.query(
      `INSERT INTO api_keys (id, org_id, env, name, digest, hint, scopes, ip_allow, sub_limits, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)`,
      [keyId, input.orgId, input.env, valid.name, keyDigest(plaintext), hint, valid.scopes, valid.ipAllow, JSON.stringify(valid.subLimits), input.expiresAt ?? null, now],
    );
    return { ok: true as const, key_id: keyId, key: plaintext, hint };
  });
}

export type AuthRefusal = Refusal<"invalid_api_key" | "revoked_api_key" | "expired_api_key">;

const INVALID = refuse(
  "invalid_api_key",
  "invalid_api_key",
  null,
  "The API key is malformed or unknown. Check that the whole key was copied, or create a key in the console.",
);

/**
 * Resolves a bearer key. Malformed keys and bad checksums are refused without touching the
 * database. The lookup is by digest (unique index): the index walk sees only a hash of
 * the secret, so its timing tells an attacker nothing usable; the row's digest is then
 * compared in constant time. Revoked wins over expired: it is the irreversible state.
 */
export async function authenticate(ctx: StoreContext, plaintext: string): Promise<{ ok: true; key: ApiKey; org: Org } | AuthRefusal> {
  const parsed = parseKey(plaintext);
  if (parsed === null) return INVALID;
  const digest = keyDigest(plaintext);
  const r = await ctx.db.query(`SELECT ${KEY_COLUMNS_K}, k.digest, to_jsonb(o) AS org FROM api_keys k JOIN orgs o ON o.id = k.org_id WHERE k.digest = $1`, [digest]);
  const row = r.rows[0];
  if (row === undefined || !digestsEqual(String(row.digest), digest)) return INVALID;
  const key = keyFromRow(row);
  // The prefix is part of the digested text, so a match implies the same environment.
  if (key.env !== parsed.env) throw new Error(`key ${key.key_id}: stored env ${key.env} differs from its prefix`);
  const org = orgFromRow(row.org as Record<string, unknown>);
  const nowMs = ctx.now();
  const state = keyState(key, nowMs);
  if (state === "revoked") {
    return refuse("revoked_api_key", "revoked_api_key", null, `The API key ${key.hint} was revoked. Use another active key, or create one in the console.`);
  }
  if (state === "expired") {
    const replacement = await replacementHint(ctx, key, nowMs);
    const fix = replacement === null ? "Create a key in the console." : `Use its replacement, ${replacement}.`;
    return refuse("expired_api_key", "expired_api_key", null, `The API key ${key.hint} expired at ${key.expires_at}. ${fix}`, { replacement_hint: replacement });
  }
  return { ok: true, key, org };
}

/**
 * DECISIONS.md: the replacement of an expired key is the newest active key of the same
 * organization and environment created after it (ties in created_at broken by id, which
 * also sorts by creation), or none.
 */
async function replacementHint(ctx: StoreContext, expired: ApiKey, nowMs: number): Promise<string | null> {
  const r = await ctx.db.query<{ hint: string }>(
    `SELECT hint FROM api_keys
     WHERE org_id = $1 AND ${ACTIVE_AT} AND env = $3 AND (created_at, id) > ($4::timestamptz, $5::text)
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [expired.org_id, new Date(nowMs), expired.env, new Date(expired.created_at), expired.key_id],
  );
  return r.rows[0]?.hint ?? null;
}

/** 403 `ip_not_allowed` unless the caller's address is on the key's allowlist (or it has none). */
export function checkIp(key: Pick<ApiKey, "ip_allow" | "hint">, ip: string): { ok: true } | Refusal<"ip_not_allowed"> {
  if (ipAllowed(key.ip_allow, ip)) return { ok: true };
  return refuse("ip_not_allowed", "ip_not_allowed", null, `The request came from outside the allowlist of API key ${key.hint}. Call from an allowed address, or change the allowlist in the console.`);
}

export type RevokeRefusal = Refusal<"key_not_found">;

/**
 * Revokes a key, for good. Revoking a revoked key changes nothing and reports the original
 * time. With `orgId`, a key of another organization is "not found" (SPEC.md §Authentication 8).
 */
export async function revokeKey(
  ctx: StoreContext,
  keyId: string,
  options: { orgId?: string } = {},
): Promise<{ ok: true; revoked_at: string; already_revoked: boolean } | RevokeRefusal> {
  const org = options.orgId ?? null;
  const r = await ctx.db.query<{ revoked_at: Date }>(
    `UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL AND ($3::text IS NULL OR org_id = $3) RETURNING revoked_at`,
    [keyId, new Date(ctx.now()), org],
  );
  if (r.rows.length === 1) return { ok: true, revoked_at: isoTimestamp(r.rows[0].revoked_at), already_revoked: false };
  const existing = await ctx.db.query<{ revoked_at: Date | null }>(
    `SELECT revoked_at FROM api_keys WHERE id = $1 AND ($2::text IS NULL OR org_id = $2)`,
    [keyId, org],
  );
  const row = existing.rows[0];
  // Only a revoked key reaches here with a row: the UPDATE above took every unrevoked one.
  if (row === undefined || row.revoked_at === null) {
    return refuse("key_not_found", "invalid_parameter_type", "key_id", `No API key has the id ${sanitizeCallerString(keyId)}.`);
  }
  return { ok: true, revoked_at: isoTimestamp(row.revoked_at), already_revoked: true };
}

/** The organization's keys, active first, then newest first; at most `keysListedMax`. */
export async function listKeys(ctx: StoreContext, orgId: string): Promise<KeySummary[]> {
  const nowMs = ctx.now();
  const r = await ctx.db.query(
    `SELECT ${KEY_COLUMNS} FROM api_keys WHERE org_id = $1
     ORDER BY ${ACTIVE_AT} DESC, created_at DESC, id DESC LIMIT $3`,
    [orgId, new Date(nowMs), limits.keysListedMax],
  );
  return r.rows.map((row) => {
    const key = keyFromRow(row);
    return { ...key, state: keyState(key, nowMs) };
  });
}

export async function getKey(ctx: StoreContext, keyId: string): Promise<ApiKey | null> {
  const r = await ctx.db.query(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = $1`, [keyId]);
  return r.rows.length === 0 ? null : keyFromRow(r.rows[0]);
}

/**
 * Records that the key was used. Throttled to one write per key per
 * `keyLastUsedWriteIntervalMs`: the console shows minutes, and a write per request would
 * turn every authenticated request into a row update. Returns whether it wrote.
 */
export async function touchLastUsed(ctx: StoreContext, keyId: string): Promise<boolean> {
  const nowMs = ctx.now();
  const r = await ctx.db.query(
    `UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $3)`,
    [keyId, new Date(nowMs), new Date(nowMs - limits.keyLastUsedWriteIntervalMs)],
  );
  return r.rowCount === 1;
}
