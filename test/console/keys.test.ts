// API keys in the console (SPEC.md §API key, §Authentication 3-4).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { parseExpiresAt, parseIpAllow } from "../../src/console/keys_routes.js";
import { purgeKeyReveals } from "../../src/store/key_reveals.js";
import { authenticate, createKey, listKeys } from "../../src/store/keys.js";
import { createOrg, findOrgByEmail } from "../../src/store/orgs.js";
import { Browser, newEmail, startConsole, testId, type ConsoleUnderTest } from "./support.js";

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(async () => {
  await c.close();
});

async function signedIn(): Promise<{ b: Browser; orgId: string }> {
  const b = new Browser(c);
  const email = newEmail("keys");
  await b.signIn(email);
  return { b, orgId: (await findOrgByEmail(c.clock, email))!.id };
}

/** Posts the form; a created key answers 303 to its one-time page, which is followed. */
async function create(b: Browser, fields: Record<string, string | string[]>) {
  const csrf = await b.csrfFrom("/console/keys");
  const res = await b.post("/console/keys", { csrf, ...fields });
  if (res.statusCode !== 303) return res;
  expect(String(res.headers.location)).toMatch(/^\/console\/keys\/created\/[0-9A-Za-z]{32}$/);
  return b.get(String(res.headers.location));
}

describe("creating a key", () => {
  it("shows the plaintext once; the list shows only the hint; the key works", async () => {
    const { b, orgId } = await signedIn();
    const res = await create(b, { name: "CI runner", env: "live", scopes: ["convert:write"] });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const plaintext = testId(res.body, "key-plaintext")!;
    expect(plaintext).toMatch(/^svc_sk_live_[0-9A-Za-z]{38}$/);
    expect(res.body).toContain('data-testid="copy-key"');

    const list = await b.get("/console/keys");
    expect(list.body).not.toContain(plaintext);
    const hint = testId(list.body, "key-hint")!;
    expect(hint).toBe(`svc_sk_live_${plaintext.slice(-4)}`);
    expect(testId(list.body, "key-state")).toBe("active");
    expect(testId(list.body, "active-key-count")).toBe("1");

    const auth = await authenticate(c.clock, plaintext);
    expect(auth.ok).toBe(true);
    if (auth.ok) {
      expect(auth.key.org_id).toBe(orgId);
      expect(auth.key.name).toBe("CI runner");
      expect(auth.key.scopes).toEqual(["account:read", "convert:write"]); // account:read always
    }
  });

  // Issue 12 item 6: POST-redirect-GET through a one-time slot in the database, bound to the
  // session; a reload shows the key no more and mints nothing.
  it("redirects to a one-time page: shown once, from the database, to this session only; a reload mints nothing", async () => {
    const { b, orgId } = await signedIn();
    const csrf = await b.csrfFrom("/console/keys");
    const posted = await b.post("/console/keys", { csrf, name: "once", env: "live" });
    expect(posted.statusCode).toBe(303);
    expect(posted.body).not.toMatch(/svc_sk_/);
    const location = String(posted.headers.location);
    // The slot is a database row (any instance can serve the GET), not process memory.
    expect((await c.clock.db.query<{ n: number }>("SELECT count(*)::int AS n FROM key_reveals")).rows[0].n).toBeGreaterThanOrEqual(1);
    const row = JSON.stringify((await c.clock.db.query("SELECT * FROM key_reveals WHERE id = $1", [location.split("/").pop()])).rows[0]);
    // Another session cannot take it.
    const other = new Browser(c);
    await other.signIn(newEmail("keys-other"));
    const stolen = await other.get(location);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).not.toMatch(/svc_sk_live_[0-9A-Za-z]{38}/);
    const shown = await b.get(location);
    expect(shown.statusCode).toBe(200);
    const plaintext = testId(shown.body, "key-plaintext")!;
    expect(plaintext).toMatch(/^svc_sk_live_[0-9A-Za-z]{38}$/);
    expect((await authenticate(c.clock, plaintext)).ok).toBe(true);
    // The row held the key sealed (AES-256-GCM under a key derived from the console secret):
    // neither the key nor its secret part was in it.
    expect(row).toContain("sealed");
    expect(row).not.toContain(plaintext);
    expect(row).not.toContain(plaintext.slice("svc_sk_live_".length));
    // A reload: gone, and no second key.
    const again = await b.get(location);
    expect(again.statusCode).toBe(404);
    expect(again.body).not.toContain(plaintext);
    expect(await listKeys(c.clock, orgId)).toHaveLength(1);
  });

  it("an unshown slot expires after limits.keyRevealMsMax", async () => {
    const { b } = await signedIn();
    const csrf = await b.csrfFrom("/console/keys");
    const posted = await b.post("/console/keys", { csrf, name: "late", env: "live" });
    expect(posted.statusCode).toBe(303);
    c.clock.advance(limits.keyRevealMsMax + 1);
    // The background sweep deletes it: no plaintext outlives its expiry in the database.
    expect(await purgeKeyReveals(c.clock)).toBeGreaterThanOrEqual(1);
    expect((await c.clock.db.query<{ n: number }>("SELECT count(*)::int AS n FROM key_reveals WHERE expires_at <= $1", [new Date(c.clock.now()).toISOString()])).rows[0].n).toBe(0);
    const late = await b.get(String(posted.headers.location));
    expect(late.statusCode).toBe(404);
    expect(late.body).not.toMatch(/svc_sk_live_[0-9A-Za-z]{38}/);
  });

  it("stores env, expiry (UTC) and the IP allowlist", async () => {
    const { b, orgId } = await signedIn();
    const expires = new Date(c.clock.now() + 30 * 86_400_000).toISOString().slice(0, 16);
    const res = await create(b, { name: "test key", env: "test", expires_at: expires, scopes: ["convert:write", "usage:read"], ip_allow: "203.0.113.0/24\n2001:db8::/32" });
    expect(res.statusCode).toBe(200);
    expect(testId(res.body, "key-plaintext")).toMatch(/^svc_sk_test_/);
    const [key] = await listKeys(c.clock, orgId);
    expect(key.env).toBe("test");
    expect(key.expires_at).toBe(`${expires}:00.000Z`);
    expect(key.ip_allow).toEqual(["203.0.113.0/24", "2001:db8::/32"]);
    expect(key.scopes).toEqual(["account:read", "convert:write", "usage:read"]);
  });

  it("refuses bad input with the store's message and keeps the form", async () => {
    const { b, orgId } = await signedIn();
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: "", env: "live" }, "name must be 1 to 60 characters"],
      [{ name: "x".repeat(limits.keyNameCharsMax + 1), env: "live" }, "name must be 1 to 60 characters"],
      [{ name: "ok", env: "prod" }, "env must be one of live, test"],
      [{ name: "ok", env: "live", expires_at: "tomorrow" }, "Expires at must be a date and time"],
      [{ name: "ok", env: "live", expires_at: "2001-01-01T00:00" }, "expires_at must be a valid time in the future"],
      [{ name: "ok", env: "live", ip_allow: "10.1.2.3/8" }, "has host bits set"],
    ];
    for (const [fields, message] of cases) {
      const res = await create(b, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.body).toContain(message);
      expect(res.body).toContain('data-testid="key-error"');
    }
    expect(await listKeys(c.clock, orgId)).toEqual([]);
  });

  it("escapes what the customer typed", async () => {
    const { b } = await signedIn();
    const res = await create(b, { name: '<script>alert("x")</script>', env: "live" });
    expect(res.statusCode).toBe(200);
    const list = await b.get("/console/keys");
    expect(list.body).not.toContain("<script>alert");
    expect(list.body).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("the 21st active key is refused with a clear message", async () => {
    const { b, orgId } = await signedIn();
    for (let i = 0; i < limits.activeKeysPerOrgMax; i++) {
      const made = await createKey(c.clock, { orgId, name: `k${i}`, env: "live" });
      expect(made.ok).toBe(true);
    }
    const res = await create(b, { name: "one too many", env: "live" });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain(`The organization has ${limits.activeKeysPerOrgMax} active keys, the maximum. Revoke a key you no longer use`);
    expect(res.body).not.toContain('data-testid="key-plaintext"');
    expect((await listKeys(c.clock, orgId)).length).toBe(limits.activeKeysPerOrgMax);
  });
});

describe("revoking a key", () => {
  it("needs the confirmation step, then is irreversible", async () => {
    const { b, orgId } = await signedIn();
    const made = await createKey(c.clock, { orgId, name: "to revoke", env: "live" });
    if (!made.ok) throw new Error(made.message);
    const confirm = await b.get(`/console/keys/${made.key_id}/revoke`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain("cannot be undone");
    expect(confirm.body).toContain('data-testid="revoke-confirm"');
    const csrf = /name="csrf" value="([^"]+)"/.exec(confirm.body)![1];

    const unconfirmed = await b.post(`/console/keys/${made.key_id}/revoke`, { csrf });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.body).toContain("Tick the box to confirm");
    expect((await authenticate(c.clock, made.key)).ok).toBe(true);

    const done = await b.post(`/console/keys/${made.key_id}/revoke`, { csrf, confirm: "yes" });
    expect(done.statusCode).toBe(303);
    const list = await b.get(String(done.headers.location));
    expect(list.body).toContain("was revoked");
    expect(testId(list.body, "key-state")).toBe("revoked");
    expect(list.body).not.toContain(`data-testid="revoke-${made.key_id}"`);
    const auth = await authenticate(c.clock, made.key);
    expect(auth.ok === false && auth.reason).toBe("revoked_api_key");

    // Nothing brings it back: the confirm page sends back to the list, a second revoke changes nothing.
    expect((await b.get(`/console/keys/${made.key_id}/revoke`)).statusCode).toBe(303);
    expect((await b.post(`/console/keys/${made.key_id}/revoke`, { csrf, confirm: "yes" })).statusCode).toBe(303);
    expect(c.app.hasRoute({ method: "POST", url: "/console/keys/:id/unrevoke" })).toBe(false);
    const [row] = await listKeys(c.clock, orgId);
    expect(row.state).toBe("revoked");
  });

  it("another organization's key is not found", async () => {
    const { b } = await signedIn();
    const other = await createOrg(c.clock, { email: newEmail("other-org") });
    if (!other.ok) throw new Error(other.message);
    const key = await createKey(c.clock, { orgId: other.org.id, name: "theirs", env: "live" });
    if (!key.ok) throw new Error(key.message);
    expect((await b.get(`/console/keys/${key.key_id}/revoke`)).statusCode).toBe(404);
    const csrf = await b.csrfFrom("/console/keys");
    expect((await b.post(`/console/keys/${key.key_id}/revoke`, { csrf, confirm: "yes" })).statusCode).toBe(404);
    expect((await authenticate(c.clock, key.key)).ok).toBe(true);
  });
});

describe("form parsing", () => {
  it("reads datetime-local as UTC and splits allowlists", () => {
    expect(parseExpiresAt("")).toBeNull();
    expect(parseExpiresAt("2030-05-01T12:30")!.toISOString()).toBe("2030-05-01T12:30:00.000Z");
    expect(parseExpiresAt("2030-05-01T12:30:15")!.toISOString()).toBe("2030-05-01T12:30:15.000Z");
    expect(parseExpiresAt("2030-05-01T12:30:00+02:00")!.toISOString()).toBe("2030-05-01T10:30:00.000Z");
    expect(Number.isNaN(parseExpiresAt("2030-02-30T00:00")!.getTime())).toBe(true);
    expect(parseIpAllow(" 10.0.0.0/8,\n 192.0.2.1  \n\n")).toEqual(["10.0.0.0/8", "192.0.2.1"]);
  });
});
