// API keys in the database (SPEC.md §Authentication, §API key states; DECISIONS.md §Auth,
// keys, scopes and the expired_api_key clarification). PGlite by default; a fresh
// PostgreSQL database with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { paidLimitDefaults } from "../../src/store/account_limits.js";
import { keyDigest } from "../../src/store/key_format.js";
import {
  authenticate,
  checkIp,
  createKey,
  getKey,
  hasScope,
  keyLimits,
  listKeys,
  revokeKey,
  touchLastUsed,
  type CreateKeyInput,
  type CreatedKey,
} from "../../src/store/keys.js";
import { createOrg, setOrgLimits, type Org } from "../../src/store/orgs.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";

let t: TestDb;
let ctx: ReturnType<typeof manualClock>;
let seq = 0;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  t = await freshDb();
  ctx = manualClock(t.db);
});
afterAll(async () => {
  await t.drop();
});

async function newOrg(): Promise<Org> {
  const r = await createOrg(ctx, { email: `keys${++seq}@example.com` });
  if (!r.ok) throw new Error(r.message);
  return r.org;
}

async function mint(org: Org, extra: Partial<CreateKeyInput> = {}): Promise<CreatedKey> {
  const r = await createKey(ctx, { orgId: org.id, name: "ci", env: "live", ...extra });
  if (!r.ok) throw new Error(r.message);
  return r;
}

describe("creation: plaintext shown once, stored as a digest", () => {
  it("returns key_id, the plaintext and its hint; the prefix names the environment", async () => {
    const org = await newOrg();
    const live = await mint(org);
    const test = await mint(org, { env: "test" });
    expect(live.key_id).toMatch(/^key_/);
    expect(live.key.startsWith("svc_sk_live_")).toBe(true);
    expect(test.key.startsWith("svc_sk_test_")).toBe(true);
    expect(live.hint).toBe(`svc_sk_live_${live.key.slice(-4)}`);
  });

  it("the plaintext is never stored: the row holds its SHA-256 and no column contains the key or its secret part", async () => {
    const org = await newOrg();
    const created = await mint(org);
    const row = (await t.db.query("SELECT to_jsonb(k)::text AS j, digest FROM api_keys k WHERE id = $1", [created.key_id])).rows[0] as { j: string; digest: string };
    expect(row.digest).toBe(keyDigest(created.key));
    expect(row.j.includes(created.key)).toBe(false);
    expect(row.j.includes(created.key.slice(12, 44))).toBe(false);
  });

  it("the database refuses a digest column that is not a SHA-256 (a plaintext cannot land there)", async () => {
    const org = await newOrg();
    const created = await mint(org);
    await expect(t.db.query("UPDATE api_keys SET digest = $2 WHERE id = $1", [created.key_id, created.key])).rejects.toThrow();
  });

  it("names of 0 and 61 characters are refused; 1 and 60 are accepted; names are trimmed", async () => {
    const org = await newOrg();
    for (const name of ["", "   ", "x".repeat(61), ` ${"x".repeat(61)} `]) {
      expect(await createKey(ctx, { orgId: org.id, name, env: "live" })).toMatchObject({ ok: false, reason: "name_invalid", param: "name", code: "invalid_parameter_type" });
    }
    expect((await createKey(ctx, { orgId: org.id, name: "a", env: "live" })).ok).toBe(true);
    const sixty = await mint(org, { name: `  ${"é".repeat(60)}  ` });
    expect((await getKey(ctx, sixty.key_id))?.name).toBe("é".repeat(60));
  });

  it("a name with control characters is refused", async () => {
    const org = await newOrg();
    expect(await createKey(ctx, { orgId: org.id, name: "ci\nprod", env: "live" })).toMatchObject({ ok: false, reason: "name_invalid" });
  });

  it("an unknown organization or environment is refused", async () => {
    expect(await createKey(ctx, { orgId: "org_missing", name: "x", env: "live" })).toMatchObject({ ok: false, reason: "org_not_found" });
    const org = await newOrg();
    expect(await createKey(ctx, { orgId: org.id, name: "x", env: "prod" as never })).toMatchObject({ ok: false, reason: "env_invalid" });
  });
});

describe("scopes (SPEC.md §Authentication 6, DECISIONS.md scopes)", () => {
  it("default to all three", async () => {
    const org = await newOrg();
    const key = await getKey(ctx, (await mint(org)).key_id);
    expect(key?.scopes).toEqual(["account:read", "convert:write", "usage:read"]);
  });

  it("fewer can be chosen; account:read is carried by every key; duplicates collapse", async () => {
    const org = await newOrg();
    const key = await getKey(ctx, (await mint(org, { scopes: ["usage:read", "usage:read"] })).key_id);
    expect(key?.scopes).toEqual(["account:read", "usage:read"]);
    expect(key && hasScope(key, "usage:read")).toBe(true);
    expect(key && hasScope(key, "convert:write")).toBe(false);
  });

  it("an unknown scope is refused, naming its position", async () => {
    const org = await newOrg();
    expect(await createKey(ctx, { orgId: org.id, name: "x", env: "live", scopes: ["convert:write", "admin"] })).toMatchObject({
      ok: false,
      reason: "scope_unknown",
      param: "scopes[1]",
    });
  });
});

describe("authenticate (SPEC.md 401 codes)", () => {
  it("a live key resolves to its key and organization", async () => {
    const org = await newOrg();
    const created = await mint(org);
    const r = await authenticate(ctx, created.key);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.key).toMatchObject({ key_id: created.key_id, org_id: org.id, env: "live", hint: created.hint });
    expect(r.org).toMatchObject({ id: org.id, status: "active", credit_balance: 0 });
    expect(Object.keys(r.key)).not.toContain("digest");
  });

  it("a one-character change fails the checksum: invalid_api_key", async () => {
    const org = await newOrg();
    const { key } = await mint(org);
    const changed = key.slice(0, 20) + (key[20] === "a" ? "b" : "a") + key.slice(21);
    expect(await authenticate(ctx, changed)).toMatchObject({ ok: false, code: "invalid_api_key" });
  });

  it("malformed and well-formed unknown keys are invalid_api_key", async () => {
    const { generateKey } = await import("../../src/store/key_format.js");
    for (const k of ["", "Bearer", "svc_sk_live_short", generateKey("live")]) {
      expect(await authenticate(ctx, k)).toMatchObject({ ok: false, code: "invalid_api_key", reason: "invalid_api_key" });
    }
  });

  it("revoke → revoked_api_key; revocation is irreversible and revoking twice is a no-op", async () => {
    const org = await newOrg();
    const created = await mint(org);
    const first = await revokeKey(ctx, created.key_id);
    expect(first).toMatchObject({ ok: true, already_revoked: false });
    expect(await authenticate(ctx, created.key)).toMatchObject({ ok: false, code: "revoked_api_key" });
    ctx.advance(MINUTE);
    const second = await revokeKey(ctx, created.key_id);
    expect(second).toMatchObject({ ok: true, already_revoked: true });
    expect(second.ok && first.ok && second.revoked_at).toBe(first.ok && first.revoked_at);
    // Even SQL written around the store cannot un-revoke or re-date a revocation.
    await expect(t.db.query("UPDATE api_keys SET revoked_at = NULL WHERE id = $1", [created.key_id])).rejects.toThrow(/revoked/);
    await expect(t.db.query("UPDATE api_keys SET revoked_at = now() WHERE id = $1", [created.key_id])).rejects.toThrow(/revoked/);
    expect(await authenticate(ctx, created.key)).toMatchObject({ ok: false, code: "revoked_api_key" });
  });

  it("revoking an unknown key, or another organization's key, is key_not_found", async () => {
    const a = await newOrg();
    const b = await newOrg();
    const created = await mint(a);
    expect(await revokeKey(ctx, "key_missing")).toMatchObject({ ok: false, reason: "key_not_found" });
    expect(await revokeKey(ctx, created.key_id, { orgId: b.id })).toMatchObject({ ok: false, reason: "key_not_found" });
    expect(await authenticate(ctx, created.key)).toMatchObject({ ok: true });
    expect(await revokeKey(ctx, created.key_id, { orgId: a.id })).toMatchObject({ ok: true });
  });

  it("revoked wins over expired", async () => {
    const org = await newOrg();
    const created = await mint(org, { expiresAt: new Date(ctx.now() + MINUTE) });
    await revokeKey(ctx, created.key_id);
    ctx.advance(2 * MINUTE);
    expect(await authenticate(ctx, created.key)).toMatchObject({ ok: false, code: "revoked_api_key" });
  });
});

describe("expiry: expired_api_key names the replacement (DECISIONS.md Clarifications)", () => {
  it("expires_at must be in the future", async () => {
    const org = await newOrg();
    for (const expiresAt of [new Date(ctx.now()), new Date(ctx.now() - 1), new Date(Number.NaN)]) {
      expect(await createKey(ctx, { orgId: org.id, name: "x", env: "live", expiresAt })).toMatchObject({ ok: false, reason: "expires_at_invalid", param: "expires_at" });
    }
  });

  it("a key works until expires_at and is expired_api_key from that instant", async () => {
    const org = await newOrg();
    const created = await mint(org, { expiresAt: new Date(ctx.now() + DAY) });
    ctx.advance(DAY - 1);
    expect((await authenticate(ctx, created.key)).ok).toBe(true);
    ctx.advance(1);
    expect(await authenticate(ctx, created.key)).toMatchObject({ ok: false, code: "expired_api_key", details: { replacement_hint: null } });
  });

  it("with no newer active key of the same environment, the hint is null and the message says to create one", async () => {
    const org = await newOrg();
    const older = await mint(org); // active, but created before the expired key
    ctx.advance(1);
    const expiring = await mint(org, { expiresAt: new Date(ctx.now() + MINUTE) });
    ctx.advance(1);
    await mint(org, { env: "test" }); // newer, but the other environment
    ctx.advance(2 * MINUTE);
    const r = await authenticate(ctx, expiring.key);
    expect(r).toMatchObject({ ok: false, code: "expired_api_key", details: { replacement_hint: null } });
    expect(!r.ok && r.message).toMatch(/create a key in the console/i);
    expect(!r.ok && r.message).not.toContain(older.hint);
  });

  it("the hint is the newest active key of the same environment created after the expired one", async () => {
    const org = await newOrg();
    const expiring = await mint(org, { expiresAt: new Date(ctx.now() + MINUTE) });
    ctx.advance(1);
    const newer = await mint(org);
    ctx.advance(1);
    const newest = await mint(org);
    ctx.advance(1);
    const revoked = await mint(org);
    await revokeKey(ctx, revoked.key_id);
    ctx.advance(1);
    const alsoExpiring = await mint(org, { expiresAt: new Date(ctx.now() + MINUTE / 2) });
    ctx.advance(2 * MINUTE);
    const r = await authenticate(ctx, expiring.key);
    expect(r).toMatchObject({ ok: false, code: "expired_api_key", details: { replacement_hint: newest.hint } });
    expect(!r.ok && r.message).toContain(newest.hint);
    // Revoke the newest: the next newest active one is named instead.
    await revokeKey(ctx, newest.key_id);
    expect(await authenticate(ctx, expiring.key)).toMatchObject({ details: { replacement_hint: newer.hint } });
    expect(await authenticate(ctx, alsoExpiring.key)).toMatchObject({ details: { replacement_hint: null } });
  });
});

describe("IP allowlist (SPEC.md §Authentication 4: 403 ip_not_allowed)", () => {
  it("entries are stored canonical, and checkIp admits only listed addresses", async () => {
    const org = await newOrg();
    const created = await mint(org, { ipAllow: ["192.0.2.0/24", "2001:DB8::/32", "192.0.2.0/24", "203.0.113.5"] });
    const auth = await authenticate(ctx, created.key);
    if (!auth.ok) throw new Error(auth.message);
    expect(auth.key.ip_allow).toEqual(["192.0.2.0/24", "2001:db8::/32", "203.0.113.5/32"]);
    expect(checkIp(auth.key, "192.0.2.9")).toEqual({ ok: true });
    expect(checkIp(auth.key, "::ffff:203.0.113.5")).toEqual({ ok: true });
    expect(checkIp(auth.key, "2001:db8::7")).toEqual({ ok: true });
    expect(checkIp(auth.key, "198.51.100.1")).toMatchObject({ ok: false, code: "ip_not_allowed" });
  });

  it("a key without an allowlist admits every address", async () => {
    const org = await newOrg();
    const auth = await authenticate(ctx, (await mint(org)).key);
    expect(auth.ok && checkIp(auth.key, "198.51.100.1")).toEqual({ ok: true });
  });

  it("an invalid entry, or too many, is refused", async () => {
    const org = await newOrg();
    expect(await createKey(ctx, { orgId: org.id, name: "x", env: "live", ipAllow: ["10.0.0.0/8", "10.0.0.1/8"] })).toMatchObject({ ok: false, reason: "ip_allow_invalid", param: "ip_allow[1]" });
    const many = Array.from({ length: limits.keyIpAllowEntriesMax + 1 }, (_, i) => `10.0.${i}.0/24`);
    expect(await createKey(ctx, { orgId: org.id, name: "x", env: "live", ipAllow: many })).toMatchObject({ ok: false, reason: "ip_allow_invalid", param: "ip_allow" });
  });
});

describe("sub-limits only lower the organization's limits (SPEC.md §Authentication 4)", () => {
  it("a lower sub-limit applies; a higher one has no effect, also after the org's limit changes", async () => {
    const org = await newOrg();
    const created = await mint(org, { subLimits: { requests_per_min: 60, concurrency: 10 } });
    let auth = await authenticate(ctx, created.key);
    if (!auth.ok) throw new Error(auth.message);
    expect(keyLimits(auth.org, auth.key)).toEqual({ ...paidLimitDefaults, requests_per_min: 60 });
    await setOrgLimits(ctx, org.id, { concurrency: 16, requests_per_min: 30 });
    auth = await authenticate(ctx, created.key);
    if (!auth.ok) throw new Error(auth.message);
    expect(keyLimits(auth.org, auth.key)).toMatchObject({ requests_per_min: 30, concurrency: 10 });
  });

  it("unknown names and out-of-range values are refused", async () => {
    const org = await newOrg();
    expect(await createKey(ctx, { orgId: org.id, name: "x", env: "live", subLimits: { rpm: 5 } })).toMatchObject({ ok: false, reason: "sub_limit_unknown", param: "sub_limits.rpm" });
    expect(await createKey(ctx, { orgId: org.id, name: "x", env: "live", subLimits: { concurrency: 0 } })).toMatchObject({ ok: false, reason: "sub_limit_invalid" });
  });
});

describe("listing and last use", () => {
  it("lists hints, env, scopes and timestamps, active keys first, never a digest or plaintext", async () => {
    const org = await newOrg();
    const a = await mint(org, { name: "first" });
    ctx.advance(1);
    const b = await mint(org, { name: "second", env: "test", expiresAt: new Date(ctx.now() + DAY) });
    ctx.advance(1);
    const c = await mint(org, { name: "third" });
    await revokeKey(ctx, c.key_id);
    const list = await listKeys(ctx, org.id);
    expect(list.map((k) => [k.key_id, k.state])).toEqual([
      [b.key_id, "active"],
      [a.key_id, "active"],
      [c.key_id, "revoked"],
    ]);
    expect(list[0]).toMatchObject({ name: "second", env: "test", hint: b.hint, last_used_at: null, revoked_at: null, expires_at: new Date(ctx.now() - 1 + DAY).toISOString() });
    expect(Object.keys(list[0]).sort()).toEqual(
      ["created_at", "env", "expires_at", "hint", "ip_allow", "key_id", "last_used_at", "name", "org_id", "revoked_at", "scopes", "state", "sub_limits"],
    );
    const text = JSON.stringify(list);
    for (const k of [a, b, c]) {
      expect(text).not.toContain(k.key);
      expect(text).not.toContain(keyDigest(k.key));
    }
    expect(await listKeys(ctx, "org_missing")).toEqual([]);
  });

  it("touchLastUsed writes at most once a minute per key", async () => {
    const org = await newOrg();
    const created = await mint(org);
    expect(await touchLastUsed(ctx, created.key_id)).toBe(true);
    const firstUse = (await getKey(ctx, created.key_id))?.last_used_at;
    expect(firstUse).toBe(new Date(ctx.now()).toISOString());
    ctx.advance(limits.keyLastUsedWriteIntervalMs - 1);
    expect(await touchLastUsed(ctx, created.key_id)).toBe(false);
    expect((await getKey(ctx, created.key_id))?.last_used_at).toBe(firstUse);
    ctx.advance(1);
    expect(await touchLastUsed(ctx, created.key_id)).toBe(true);
    expect((await getKey(ctx, created.key_id))?.last_used_at).toBe(new Date(ctx.now()).toISOString());
    expect(await touchLastUsed(ctx, "key_missing")).toBe(false);
  });
});
