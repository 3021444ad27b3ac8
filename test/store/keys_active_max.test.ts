// SPEC.md §API key states / §Limits: an organization holds at most 20 active keys (active =
// neither revoked nor expired). On PostgreSQL the concurrent test runs creates on separate
// pooled connections, so it checks the row lock, not JavaScript's single thread.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { createKey, listKeys, revokeKey, type CreatedKey } from "../../src/store/keys.js";
import { createOrg, type Org } from "../../src/store/orgs.js";
import { dbKind, freshDb, manualClock, type TestDb } from "../support/db.js";

let t: TestDb;
let ctx: ReturnType<typeof manualClock>;
let seq = 0;

beforeAll(async () => {
  t = await freshDb();
  ctx = manualClock(t.db);
});
afterAll(async () => {
  await t.drop();
});

async function newOrg(): Promise<Org> {
  const r = await createOrg(ctx, { email: `max${++seq}@example.com` });
  if (!r.ok) throw new Error(r.message);
  return r.org;
}

async function mintMany(org: Org, count: number): Promise<CreatedKey[]> {
  const out: CreatedKey[] = [];
  for (let i = 0; i < count; i++) {
    const r = await createKey(ctx, { orgId: org.id, name: `k${i}`, env: i % 2 === 0 ? "live" : "test" });
    if (!r.ok) throw new Error(r.message);
    out.push(r);
  }
  return out;
}

const activeCount = async (org: Org) => (await listKeys(ctx, org.id)).filter((k) => k.state === "active").length;

describe("at most 20 active keys per organization", () => {
  it("the limit constant is SPEC's 20", () => {
    expect(limits.activeKeysPerOrgMax).toBe(20);
  });

  it("the 21st key is refused with active_keys_max, live and test keys counted together", async () => {
    const org = await newOrg();
    await mintMany(org, 20);
    const r = await createKey(ctx, { orgId: org.id, name: "one too many", env: "live" });
    expect(r).toMatchObject({ ok: false, reason: "active_keys_max", details: { active_keys_max: 20 } });
    expect(await activeCount(org)).toBe(20);
  });

  it("revoking one allows another", async () => {
    const org = await newOrg();
    const keys = await mintMany(org, 20);
    await revokeKey(ctx, keys[7].key_id);
    expect((await createKey(ctx, { orgId: org.id, name: "replacement", env: "live" })).ok).toBe(true);
    expect((await createKey(ctx, { orgId: org.id, name: "again", env: "live" })).ok).toBe(false);
  });

  it("an expired key no longer counts", async () => {
    const org = await newOrg();
    await mintMany(org, 19);
    const r = await createKey(ctx, { orgId: org.id, name: "short-lived", env: "live", expiresAt: new Date(ctx.now() + 60_000) });
    expect(r.ok).toBe(true);
    expect((await createKey(ctx, { orgId: org.id, name: "no room", env: "live" })).ok).toBe(false);
    ctx.advance(60_000);
    expect((await createKey(ctx, { orgId: org.id, name: "room again", env: "live" })).ok).toBe(true);
  });

  it("the limit is per organization", async () => {
    const a = await newOrg();
    const b = await newOrg();
    await mintMany(a, 20);
    expect((await createKey(ctx, { orgId: b.id, name: "other org", env: "live" })).ok).toBe(true);
  });

  it(`30 concurrent creates never exceed 20 active keys (${dbKind})`, async () => {
    const org = await newOrg();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createKey(ctx, { orgId: org.id, name: `race ${i}`, env: "live" })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(20);
    expect(results.filter((r) => !r.ok && r.reason === "active_keys_max")).toHaveLength(10);
    const rows = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM api_keys WHERE org_id = $1", [org.id]);
    expect(rows.rows[0].n).toBe(20);
  });

  it("concurrent creates mixed with revocations keep the count at or below 20", async () => {
    const org = await newOrg();
    const first = await mintMany(org, 20);
    const ops = await Promise.all([
      ...first.slice(0, 5).map((k) => revokeKey(ctx, k.key_id)),
      ...Array.from({ length: 15 }, (_, i) => createKey(ctx, { orgId: org.id, name: `mix ${i}`, env: "test" })),
    ]);
    const created = ops.slice(5).filter((r) => r.ok).length;
    expect(created).toBeLessThanOrEqual(5);
    expect(await activeCount(org)).toBe(15 + created);
    expect(await activeCount(org)).toBeLessThanOrEqual(20);
  });
});
