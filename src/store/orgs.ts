// Organizations: who owns credits, keys and limits (SPEC.md rule 3), their status and
// debug policy, their limit overrides, and the organization's part of the Account object
// (GET /v1/account). Balances are only read here; ledger and holds move them.
//
// Refusals an operator or the console can cause (a taken e-mail, an unknown limit name)
// come back as `Refusal` results (refusal.ts) carrying a catalogue code; thrown errors mean
// a bug or an unavailable database.
import { z } from "zod";
import { limits } from "../config/limits.js";
import { sanitizeCallerString } from "../errors/catalogue.js";
import { checkLimits, orgLimits, storedOverrides, type AccountLimitOverrides, type AccountLimits } from "./account_limits.js";
import type { StoreContext } from "./context.js";
import type { Queryable } from "./db.js";
import { newId } from "./ids.js";
import type { KeyEnv } from "./key_format.js";
import { refuse, type Refusal } from "./refusal.js";

export const orgStatuses = ["active", "suspended"] as const;
export type OrgStatus = (typeof orgStatuses)[number];
export const debugPolicies = ["enabled", "disabled"] as const;
export type DebugPolicy = (typeof debugPolicies)[number];

export interface Org {
  id: string;
  email: string;
  name: string;
  status: OrgStatus;
  debug_policy: DebugPolicy;
  created_at: string;
  credit_balance: number;
  credits_held: number;
  debt_credits: number;
  lifetime_credits_charged: number;
  rate_card_version: number;
  /** Only the organization's overrides; `orgLimits(org.limits)` gives the full set. */
  limits: AccountLimitOverrides;
}

/** SPEC.md's Account object, in its field order. */
export interface AccountView {
  object: "account";
  account_id: string;
  status: OrgStatus;
  env: KeyEnv;
  credit_balance: number;
  credits_held: number;
  debt_credits: number;
  credit_unit: "page";
  lifetime_credits_charged: number;
  trust_tier: number;
  rate_card_version: number;
  test_pages_used: number;
  test_pages_limit: number;
  limits: AccountLimits;
}

/** The org columns every reader selects, so `orgFromRow` sees the same shape everywhere. */
export const ORG_COLUMNS =
  "id, email, name, status, debug_policy, created_at, credit_balance, credits_held, debt_credits, lifetime_credits_charged, rate_card_version, limits";

/** Timestamps arrive as Date from both drivers, or as text inside a to_jsonb row. */
export function isoTimestamp(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new Error(`not a timestamp: ${String(value)}`);
  return date.toISOString();
}

export function orgFromRow(row: Record<string, unknown>): Org {
  return {
    id: String(row.id),
    email: String(row.email),
    name: String(row.name),
    status: row.status as OrgStatus,
    debug_policy: row.debug_policy as DebugPolicy,
    created_at: isoTimestamp(row.created_at),
    credit_balance: Number(row.credit_balance),
    credits_held: Number(row.credits_held),
    debt_credits: Number(row.debt_credits),
    lifetime_credits_charged: Number(row.lifetime_credits_charged),
    rate_card_version: Number(row.rate_card_version),
    limits: storedOverrides(row.limits, `organization ${String(row.id)}`),
  };
}

// zod's e-mail rule: one @, a dotted domain with a TLD, no quoted local parts or IP
// literals. Stricter than RFC 5322 on purpose: every address must survive SMTP and links.
const emailSchema = z.email().max(limits.orgEmailCharsMax);

/** Addresses compare case-insensitively (the unique index is on lower(email)), so store them lowercase. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const controlChars = /\p{Cc}/u;

export type CreateOrgRefusal = Refusal<"email_invalid" | "email_taken" | "name_invalid">;

export async function createOrg(ctx: StoreContext, input: { email: string; name?: string }): Promise<{ ok: true; org: Org } | CreateOrgRefusal> {
  const email = normalizeEmail(String(input.email ?? ""));
  if (!emailSchema.safeParse(email).success) {
    return refuse("email_invalid", "invalid_parameter_type", "email", "email must be a valid e-mail address, such as ops@example.com.");
  }
  const name = (input.name ?? "").trim();
  if ([...name].length > limits.orgNameCharsMax || controlChars.test(name)) {
    return refuse("name_invalid", "invalid_parameter_type", "name", `name must be at most ${limits.orgNameCharsMax} characters, without control characters.`);
  }
  const now = new Date(ctx.now());
  // ON CONFLICT on the unique index decides duplicates atomically: two sign-ups with the
  // same address at once cannot both create an organization.
  const r = await ctx.db.query(
    `INSERT INTO orgs (id, email, name, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING ${ORG_COLUMNS}`,
    [newId("org", now.getTime()), email, name, now],
  );
  if (r.rows.length === 0) {
    return refuse("email_taken", "invalid_parameter_type", "email", `An organization already uses ${sanitizeCallerString(email)}. Sign in with that address instead.`);
  }
  return { ok: true, org: orgFromRow(r.rows[0]) };
}

export async function getOrg(ctx: StoreContext, orgId: string, q: Queryable = ctx.db): Promise<Org | null> {
  const r = await q.query(`SELECT ${ORG_COLUMNS} FROM orgs WHERE id = $1`, [orgId]);
  return r.rows.length === 0 ? null : orgFromRow(r.rows[0]);
}

export async function findOrgByEmail(ctx: StoreContext, email: string): Promise<Org | null> {
  const r = await ctx.db.query(`SELECT ${ORG_COLUMNS} FROM orgs WHERE lower(email) = $1`, [normalizeEmail(email)]);
  return r.rows.length === 0 ? null : orgFromRow(r.rows[0]);
}

type OrgNotFound = Refusal<"org_not_found">;

function orgNotFound(orgId: string): OrgNotFound {
  return refuse("org_not_found", "invalid_parameter_type", "org_id", `No organization has the id ${sanitizeCallerString(orgId)}.`);
}

export type SetOrgFieldRefusal = OrgNotFound | Refusal<"value_invalid">;

async function setOrgField(
  ctx: StoreContext,
  orgId: string,
  column: "status" | "debug_policy",
  allowed: readonly string[],
  value: string,
): Promise<{ ok: true; org: Org } | SetOrgFieldRefusal> {
  if (!allowed.includes(value)) {
    return refuse("value_invalid", "invalid_parameter_type", column, `${column} must be one of ${allowed.join(", ")}.`);
  }
  // `column` is one of two literals above, never caller text.
  const r = await ctx.db.query(`UPDATE orgs SET ${column} = $2 WHERE id = $1 RETURNING ${ORG_COLUMNS}`, [orgId, value]);
  return r.rows.length === 0 ? orgNotFound(orgId) : { ok: true, org: orgFromRow(r.rows[0]) };
}

/** Suspends (403 `account_suspended` on every request) or reinstates an organization. */
export function setOrgStatus(ctx: StoreContext, orgId: string, status: OrgStatus): Promise<{ ok: true; org: Org } | SetOrgFieldRefusal> {
  return setOrgField(ctx, orgId, "status", orgStatuses, status);
}

/** `disabled` makes `debug: true` a 403 `debug_not_permitted` (organizations with a DPA). */
export function setDebugPolicy(ctx: StoreContext, orgId: string, policy: DebugPolicy): Promise<{ ok: true; org: Org } | SetOrgFieldRefusal> {
  return setOrgField(ctx, orgId, "debug_policy", debugPolicies, policy);
}

export type SetOrgLimitsRefusal = OrgNotFound | Refusal<"limit_unknown" | "limit_invalid">;

/**
 * Sets limit overrides: `{pages_per_min: 50000}` replaces the published default for this
 * organization; `{pages_per_min: null}` removes the override. Unknown names and values
 * outside a limit's range are refused, and nothing is written unless all are valid.
 */
export async function setOrgLimits(
  ctx: StoreContext,
  orgId: string,
  patch: Readonly<Record<string, number | null>>,
): Promise<{ ok: true; org: Org; limits: AccountLimits } | SetOrgLimitsRefusal> {
  const check = checkLimits(patch, { allowNull: true });
  if (!check.ok) {
    const param = `limits.${sanitizeCallerString(check.name)}`;
    return check.problem === "unknown_name"
      ? refuse("limit_unknown", "unknown_parameter", param, `${param} ${check.message}.`)
      : refuse("limit_invalid", "invalid_parameter_type", param, `${param} ${check.message}.`);
  }
  const set: Record<string, number> = {};
  const cleared: string[] = [];
  for (const [name, value] of Object.entries(check.values)) {
    if (value === null) cleared.push(name);
    else set[name] = value as number;
  }
  // One statement merges into the stored object, so concurrent changes to different
  // limits both survive (no read-modify-write in the application).
  const r = await ctx.db.query(
    `UPDATE orgs SET limits = (limits || $2::jsonb) - $3::text[] WHERE id = $1 RETURNING ${ORG_COLUMNS}`,
    [orgId, JSON.stringify(set), cleared],
  );
  if (r.rows.length === 0) return orgNotFound(orgId);
  const org = orgFromRow(r.rows[0]);
  return { ok: true, org, limits: orgLimits(org.limits) };
}

/** What other modules compute for the Account object: trust (payments) and test usage. */
export interface AccountViewExtras {
  trust_tier: number;
  test_pages_used: number;
}

/**
 * The Account object for a caller using a key of `env`, or null for an unknown
 * organization. `limits` is the organization's own set (defaults with its overrides), not
 * the calling key's sub-limits: the account, not the key, is described.
 */
export async function accountView(ctx: StoreContext, orgId: string, env: KeyEnv, extras: AccountViewExtras): Promise<AccountView | null> {
  const org = await getOrg(ctx, orgId);
  return org === null ? null : accountViewOf(org, env, extras);
}

export function accountViewOf(org: Org, env: KeyEnv, extras: AccountViewExtras): AccountView {
  if (!Number.isInteger(extras.trust_tier) || extras.trust_tier < 0 || extras.trust_tier > 4) {
    throw new Error(`trust_tier must be an integer 0-4, got ${extras.trust_tier}`);
  }
  return {
    object: "account",
    account_id: org.id,
    status: org.status,
    env,
    credit_balance: org.credit_balance,
    credits_held: org.credits_held,
    debt_credits: org.debt_credits,
    credit_unit: "page",
    lifetime_credits_charged: org.lifetime_credits_charged,
    trust_tier: extras.trust_tier,
    rate_card_version: org.rate_card_version,
    test_pages_used: extras.test_pages_used,
    test_pages_limit: limits.testKeyPagesPerMonthMax,
    limits: orgLimits(org.limits),
  };
}
