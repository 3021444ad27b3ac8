// SPEC.md §Authentication and DECISIONS.md §Auth, keys, scopes, through the real app: the
// four 401 codes and their WWW-Authenticate, scopes, IP allowlists, suspended and
// delinquent organizations, and identifiers of other organizations or environments (404).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateKey } from "../../src/store/key_format.js";
import { createKey, revokeKey } from "../../src/store/keys.js";
import { setOrgStatus } from "../../src/store/orgs.js";
import { settlePurchase, reversePurchase } from "../../src/store/payments.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { bearer, expectCommonHeaders, expectEnvelope, fixturePdf, pdfHeaders, WWW_AUTHENTICATE } from "../support/api_checks.js";

let api: TestApi;
/** The store's clock runs `skewMs` ahead of real time: expiry without waiting. */
let skewMs = 0;
beforeAll(async () => {
  api = await startTestApi({ now: () => Date.now() + skewMs });
});
afterAll(async () => {
  await api.close();
});

const pdf = fixturePdf("headings.pdf");

async function convert(key: string | null, extra: { url?: string; headers?: Record<string, string> } = {}) {
  const headers = key === null ? { "content-type": "application/pdf", ...extra.headers } : pdfHeaders(key, extra.headers);
  return api.app.inject({ method: "POST", url: extra.url ?? "/v1/convert", headers, payload: pdf });
}

async function orgRow(orgId: string) {
  const r = await api.store.db.query<{ credit_balance: number; credits_held: number; debt_credits: number }>(
    "SELECT credit_balance, credits_held, debt_credits FROM orgs WHERE id = $1",
    [orgId],
  );
  return r.rows[0];
}

/** A 401 as SPEC.md §Authentication rule 5 and DECISIONS.md (no organization: defaults) want it. */
function expect401(res: Awaited<ReturnType<typeof convert>>, code: string) {
  expect(res.statusCode, res.body).toBe(401);
  expect(res.headers["www-authenticate"]).toBe(WWW_AUTHENTICATE);
  expectCommonHeaders(res.headers, code);
  expect(res.headers["x-ratelimit-limit-requests"]).toBe("120");
  expect(res.headers["x-ratelimit-remaining-requests"]).toBe("40");
  const e = expectEnvelope(res, code);
  expect(e.type).toBe("authentication_error");
  expect(e.retryable).toBe(false);
  return e;
}

/** Resolves once Date.now() has moved past the millisecond it was called in. */
async function nextMillisecond(): Promise<void> {
  const start = Date.now();
  while (Date.now() === start) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe("SPEC Authentication rule 1: missing_api_key", () => {
  it("no Authorization header → 401 missing_api_key, billed nothing", async () => {
    const { orgId } = await api.account({ credits: 1000 });
    expect401(await convert(null), "missing_api_key");
    expect401(await api.app.inject({ method: "GET", url: "/v1/account" }), "missing_api_key");
    expect(await orgRow(orgId)).toMatchObject({ credit_balance: 1000, credits_held: 0 });
  });

  it("a valid key in the query string (?api_key=) counts as missing", async () => {
    const { key } = await api.account({ credits: 1000 });
    expect401(await convert(null, { url: `/v1/convert?api_key=${key}` }), "missing_api_key");
    for (const url of ["/v1/account", "/v1/credits/ledger", "/v1/usage", "/v1/usage/records", "/v1/conversions/conv_abc"]) {
      expect401(await api.app.inject({ method: "GET", url: `${url}?api_key=${key}` }), "missing_api_key");
    }
  });

  it("a valid key in x-api-key (or any header but Authorization) counts as missing", async () => {
    const { key } = await api.account({ credits: 1000 });
    expect401(await convert(null, { headers: { "x-api-key": key } }), "missing_api_key");
    expect401(await api.app.inject({ method: "GET", url: "/v1/account", headers: { "x-api-key": key } }), "missing_api_key");
    expect401(await api.app.inject({ method: "GET", url: "/v1/account", headers: { "api-key": key, cookie: `api_key=${key}` } }), "missing_api_key");
  });

  it("an Authorization header that is not a bearer credential counts as missing", async () => {
    const { key } = await api.account({ credits: 1000 });
    for (const authorization of [`Basic ${Buffer.from(`${key}:`).toString("base64")}`, key, "Bearer", "Bearer "]) {
      expect401(await api.app.inject({ method: "GET", url: "/v1/account", headers: { authorization } }), "missing_api_key");
    }
  });
});

describe("SPEC Authentication rule 2: invalid_api_key (malformed, bad checksum, unknown)", () => {
  it("malformed keys", async () => {
    for (const bad of ["svc_sk_live_abc", "sk_live_" + "a".repeat(40), "svc_sk_prod_" + "a".repeat(38), "x".repeat(500)]) {
      const e = expect401(await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(bad) }), "invalid_api_key");
      expect(e.message).not.toContain("x".repeat(129));
    }
  });

  it("a failing checksum", async () => {
    const { key } = await api.account({ credits: 1000 });
    const last = key.at(-1)!;
    const flipped = key.slice(0, -1) + (last === "a" ? "b" : "a");
    expect401(await convert(flipped), "invalid_api_key");
    // One character of the random part changed: the checksum no longer matches.
    const body = key.slice(0, 20) + (key[20] === "Z" ? "Y" : "Z") + key.slice(21);
    expect401(await convert(body), "invalid_api_key");
  });

  it("a well-formed key with a valid checksum that no organization holds", async () => {
    expect401(await convert(generateKey("live")), "invalid_api_key");
    expect401(await convert(generateKey("test")), "invalid_api_key");
  });
});

describe("SPEC API key states: revoked_api_key, expired_api_key", () => {
  it("a revoked key → 401 revoked_api_key, irreversibly", async () => {
    const { key, keyId, orgId } = await api.account({ credits: 1000 });
    expect((await convert(key)).statusCode).toBe(200);
    await revokeKey(api.store, keyId);
    expect401(await convert(key), "revoked_api_key");
    expect401(await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(key) }), "revoked_api_key");
    const after = await orgRow(orgId);
    expect(after.credits_held).toBe(0);
  });

  it("DECISIONS: expired_api_key names the newest active key of the same environment created after it", async () => {
    const { orgId } = await api.account({ credits: 1000 });
    const expiring = await createKey(api.store, { orgId, name: "expiring", env: "live", expiresAt: new Date(Date.now() + skewMs + 60_000) });
    if (!expiring.ok) throw new Error(expiring.message);
    // "Created after" is to the millisecond (created_at, and the ids' time part): keys made
    // within one millisecond have no creation order, so each is made in a later one.
    await nextMillisecond();
    const older = await createKey(api.store, { orgId, name: "replacement-1", env: "live" });
    await nextMillisecond();
    const newer = await createKey(api.store, { orgId, name: "replacement-2", env: "live" });
    const otherEnv = await createKey(api.store, { orgId, name: "test-env", env: "test" });
    if (!older.ok || !newer.ok || !otherEnv.ok) throw new Error("createKey");
    expect((await convert(expiring.key)).statusCode).toBe(200);
    skewMs = 120_000;
    try {
      const e = expect401(await convert(expiring.key), "expired_api_key");
      expect(e.message).toContain(expiring.hint);
      expect(e.message).toContain(newer.hint);
      expect(e.message).not.toContain(older.hint);
      expect(e.message).not.toContain(otherEnv.hint);
      // The replacement works.
      expect((await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(newer.key) })).statusCode).toBe(200);
    } finally {
      skewMs = 0;
    }
  });

  it("DECISIONS: with no newer active key of its environment, the message says to create one", async () => {
    const { orgId, key: olderLive } = await api.account({ credits: 1000 });
    // The account's key must be older to the millisecond: made within the same one, it has
    // no creation order against the expiring key, and the id may rank it newer.
    await nextMillisecond();
    const expiring = await createKey(api.store, { orgId, name: "expiring", env: "live", expiresAt: new Date(Date.now() + skewMs + 60_000) });
    // A newer key of the other environment, and a newer live key that is revoked, are no replacement.
    const testKey = await createKey(api.store, { orgId, name: "test-env", env: "test" });
    const revoked = await createKey(api.store, { orgId, name: "revoked", env: "live" });
    if (!expiring.ok || !testKey.ok || !revoked.ok) throw new Error("createKey");
    await revokeKey(api.store, revoked.key_id);
    skewMs = 120_000;
    try {
      const e = expect401(await convert(expiring.key), "expired_api_key");
      expect(e.message).toContain(expiring.hint);
      expect(e.message).toMatch(/create a key in the console/i);
      expect(e.message).not.toContain(testKey.hint);
      expect(e.message).not.toContain(revoked.hint);
      expect(e.message).not.toContain(olderLive.slice(-4)); // a key created before it is no replacement
    } finally {
      skewMs = 0;
    }
  });
});

describe("SPEC Authentication rule 6, DECISIONS scopes: 403 insufficient_scope", () => {
  it("a key without convert:write cannot convert or read conversions; account:read is always present", async () => {
    const { key, orgId } = await api.account({ credits: 1000, scopes: ["usage:read"] });
    const res = await convert(key);
    expect(res.statusCode).toBe(403);
    expectCommonHeaders(res.headers);
    const e = expectEnvelope(res, "insufficient_scope");
    expect(e.type).toBe("permission_error");
    expect(e.message).toContain("convert:write");
    const read = await api.app.inject({ method: "GET", url: "/v1/conversions/conv_abc", headers: bearer(key) });
    expect(read.statusCode).toBe(403);
    expectEnvelope(read, "insufficient_scope");
    const account = await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(key) });
    expect(account.statusCode).toBe(200);
    expect((await api.app.inject({ method: "GET", url: "/v1/credits/ledger", headers: bearer(key) })).statusCode).toBe(200);
    expect(await orgRow(orgId)).toMatchObject({ credit_balance: 1000, credits_held: 0 });
  });

  it("a key without usage:read cannot read the ledger, usage or usage records", async () => {
    const { key } = await api.account({ credits: 1000, scopes: ["convert:write"] });
    for (const url of ["/v1/credits/ledger", "/v1/usage", "/v1/usage/records"]) {
      const res = await api.app.inject({ method: "GET", url, headers: bearer(key) });
      expect(res.statusCode, url).toBe(403);
      expectCommonHeaders(res.headers, url);
      expect(expectEnvelope(res, "insufficient_scope").message).toContain("usage:read");
    }
    expect((await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(key) })).statusCode).toBe(200);
    expect((await convert(key)).statusCode).toBe(200);
  });

  it("a key created with no scope at all still reads the account", async () => {
    const { key } = await api.account({ scopes: [] });
    expect((await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(key) })).statusCode).toBe(200);
    expect((await convert(key)).statusCode).toBe(403);
  });
});

describe("SPEC Authentication rule 4: 403 ip_not_allowed", () => {
  it("a key whose allowlist excludes the caller (127.0.0.1) is refused everywhere, billed nothing", async () => {
    const { key, orgId } = await api.account({ credits: 1000, ipAllow: ["10.0.0.0/8", "2001:db8::/32"] });
    for (const res of [await convert(key), await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(key) })]) {
      expect(res.statusCode).toBe(403);
      expectCommonHeaders(res.headers);
      expect(expectEnvelope(res, "ip_not_allowed").type).toBe("permission_error");
    }
    expect(await orgRow(orgId)).toMatchObject({ credit_balance: 1000, credits_held: 0 });
  });

  it("a key whose allowlist includes the caller works", async () => {
    const { key } = await api.account({ credits: 1000, ipAllow: ["10.0.0.0/8", "127.0.0.1/32"] });
    expect((await convert(key)).statusCode).toBe(200);
    const other = await api.account({ credits: 1000, ipAllow: ["127.0.0.0/8"] });
    expect((await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(other.key) })).statusCode).toBe(200);
    // A forwarding header does not move the caller (no trusted proxy is configured).
    const spoof = await api.account({ credits: 1000, ipAllow: ["10.1.2.3"] });
    const res = await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(spoof.key, { "x-forwarded-for": "10.1.2.3" }) });
    expect(res.statusCode).toBe(403);
  });
});

describe("SPEC States: 403 account_suspended", () => {
  it("a suspended organization is refused on conversions and reads; unsuspended it works again", async () => {
    const { key, orgId } = await api.account({ credits: 1000 });
    await setOrgStatus(api.store, orgId, "suspended");
    for (const res of [await convert(key), await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(key) })]) {
      expect(res.statusCode).toBe(403);
      expectCommonHeaders(res.headers);
      expectEnvelope(res, "account_suspended");
    }
    expect(await orgRow(orgId)).toMatchObject({ credit_balance: 1000, credits_held: 0 });
    await setOrgStatus(api.store, orgId, "active");
    expect((await convert(key)).statusCode).toBe(200);
  });
});

describe("SPEC States: 402 account_delinquent after a reversed payment leaves debt", () => {
  it("details carry debt_credits and credits_required_to_resume; reads stay free; billed nothing", async () => {
    const { key, orgId } = await api.account();
    const settled = await settlePurchase(api.store, { orgId, packUsd: 25, currency: "usd", processor: "sandbox", processorRef: `pay_${orgId}`, eventId: `evt_${orgId}` });
    expect(settled.creditsGranted).toBe(50_000);
    const spent = await convert(key);
    expect(spent.statusCode).toBe(200);
    const charged = spent.json().usage.credits_charged as number;
    expect(charged).toBeGreaterThan(0);
    const reversed = await reversePurchase(api.store, settled.purchaseId, "reversal");
    if (!reversed.ok) throw new Error("reversePurchase");
    expect(reversed.debtAfter).toBe(charged);

    const res = await convert(key);
    expect(res.statusCode).toBe(402);
    expectCommonHeaders(res.headers);
    const e = expectEnvelope(res, "account_delinquent");
    expect(e.type).toBe("payment_required_error");
    expect(e.details).toMatchObject({ debt_credits: charged, credits_required_to_resume: expect.any(Number) });
    expect(e.details.credits_required_to_resume as number).toBeGreaterThanOrEqual(charged);
    expect(Number.isInteger(e.details.credits_required_to_resume)).toBe(true);

    const account = await api.app.inject({ method: "GET", url: "/v1/account", headers: bearer(key) });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({ credit_balance: 0, credits_held: 0, debt_credits: charged });
    expect(await orgRow(orgId)).toEqual({ credit_balance: 0, credits_held: 0, debt_credits: charged });
  });
});

describe("SPEC Authentication rule 8: other organizations' and environments' ids are 404, never 403", () => {
  it("another organization's conversion id, and the same organization's other environment", async () => {
    const owner = await api.account({ credits: 1000 });
    const made = await convert(owner.key);
    expect(made.statusCode).toBe(200);
    const id = made.json().id as string;
    const own = await api.app.inject({ method: "GET", url: `/v1/conversions/${id}`, headers: bearer(owner.key) });
    expect(own.statusCode).toBe(200);

    const stranger = await api.account({ credits: 1000 });
    const sameOrgTest = await createKey(api.store, { orgId: owner.orgId, name: "test", env: "test" });
    if (!sameOrgTest.ok) throw new Error(sameOrgTest.message);
    const unknown = await api.app.inject({ method: "GET", url: "/v1/conversions/conv_0000000000000000000000", headers: bearer(owner.key) });
    expect(unknown.statusCode).toBe(404);
    const unknownError = expectEnvelope(unknown);
    for (const key of [stranger.key, sameOrgTest.key]) {
      const res = await api.app.inject({ method: "GET", url: `/v1/conversions/${id}`, headers: bearer(key) });
      expect(res.statusCode).toBe(404);
      expectCommonHeaders(res.headers);
      const e = expectEnvelope(res);
      expect(e.type).toBe("not_found_error");
      // Indistinguishable from an id that does not exist.
      expect({ code: e.code, message: e.message, param: e.param }).toEqual({ code: unknownError.code, message: unknownError.message, param: unknownError.param });
    }
  });

  it("a test key's conversion is not readable with a live key of the same organization", async () => {
    const owner = await api.account({ credits: 1000, env: "test" });
    const made = await convert(owner.key, { url: "/v1/convert?pages=1" });
    expect(made.statusCode).toBe(200);
    const live = await createKey(api.store, { orgId: owner.orgId, name: "live", env: "live" });
    if (!live.ok) throw new Error(live.message);
    const res = await api.app.inject({ method: "GET", url: `/v1/conversions/${made.json().id}`, headers: bearer(live.key) });
    expect(res.statusCode).toBe(404);
  });
});
