// Sign-in by e-mailed link (SPEC.md rule 4; issue: "Magic-link security: reuse, expiry,
// token from another browser session, enumeration-safe responses").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { findOrgByEmail } from "../../src/store/orgs.js";
import { listKeys } from "../../src/store/keys.js";
import { Browser, csrfOf, newEmail, pathOf, startConsole, testId, type ConsoleUnderTest } from "./support.js";

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(async () => {
  await c.close();
});

function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token") ?? "";
}

describe("the link", () => {
  it("signs up a new address: an organization with zero credits and no key, then the dashboard", async () => {
    const email = newEmail("new");
    const b = new Browser(c);
    await b.signIn(email);
    const org = await findOrgByEmail(c.clock, email);
    expect(org).not.toBeNull();
    expect(org!.credit_balance).toBe(0);
    expect(org!.debt_credits).toBe(0);
    expect(await listKeys(c.clock, org!.id)).toEqual([]);
    const home = await b.get("/console?welcome=1");
    expect(home.statusCode).toBe(200);
    expect(testId(home.body, "balance")).toBe("0");
    expect(testId(home.body, "active-keys")).toBe("0");
    expect(home.body).toContain('data-testid="welcome"');
  });

  it("signs in an existing address to the same organization", async () => {
    const email = newEmail("again");
    await new Browser(c).signIn(email);
    const first = await findOrgByEmail(c.clock, email);
    await new Browser(c).signIn(email.toUpperCase());
    const second = await findOrgByEmail(c.clock, email);
    expect(second!.id).toBe(first!.id);
  });

  it("is stored only as a hash, with its browser nonce hashed too", async () => {
    const email = newEmail("hash");
    const b = new Browser(c);
    await b.requestLink(email);
    const token = tokenOf((await c.lastLink(email))!);
    const rows = await c.clock.db.query<{ token_hash: string; browser_hash: string; expires_at: Date; created_at: Date }>(
      "SELECT token_hash, browser_hash, expires_at, created_at FROM magic_links WHERE email = $1",
      [email],
    );
    expect(rows.rows).toHaveLength(1);
    const row = rows.rows[0];
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);
    expect(row.browser_hash).not.toBe(b.cookies.get("svc_link"));
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(limits.magicLinkTtlMs);
  });

  it("opening the link (GET) spends nothing: a mail scanner fetching it leaves it usable", async () => {
    const email = newEmail("scanner");
    const b = new Browser(c);
    await b.requestLink(email);
    const link = (await c.lastLink(email))!;
    for (let i = 0; i < 3; i++) {
      const page = await b.get(pathOf(link));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('data-testid="confirm-sign-in"');
    }
    // A scanner has no svc_link cookie: it is told the link belongs to another browser, and spends nothing.
    const scanner = await c.app.inject({ method: "GET", url: pathOf(link) });
    expect(scanner.statusCode).toBe(400);
    const done = await b.useLink(link);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/console?welcome=1");
  });

  it("reuse is refused, and the refusal offers a new link", async () => {
    const email = newEmail("reuse");
    const b = new Browser(c);
    await b.requestLink(email);
    const link = (await c.lastLink(email))!;
    const page = await b.get(pathOf(link));
    const csrf = csrfOf(page.body)!;
    expect((await b.post("/console/auth", { csrf, token: tokenOf(link) })).statusCode).toBe(303);
    const again = await b.post("/console/auth", { csrf, token: tokenOf(link) });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("already used");
    expect(again.body).toContain('href="/console/sign-in"');
    expect(again.headers["set-cookie"]).toBeUndefined(); // no session from a spent link
    const reopened = await b.get(pathOf(link));
    expect(reopened.statusCode).toBe(400);
    expect(reopened.body).toContain("already used");
  });

  it("expiry: refused 15 minutes after it was sent, usable just before", async () => {
    const email = newEmail("expiry");
    const b = new Browser(c);
    await b.requestLink(email);
    const early = (await c.lastLink(email))!;
    c.clock.advance(limits.magicLinkTtlMs - 1_000);
    expect((await b.useLink(early)).statusCode).toBe(303);

    const email2 = newEmail("expiry");
    const b2 = new Browser(c);
    await b2.requestLink(email2);
    const late = (await c.lastLink(email2))!;
    const page = await b2.get(pathOf(late));
    const csrf = csrfOf(page.body)!;
    c.clock.advance(limits.magicLinkTtlMs);
    const res = await b2.post("/console/auth", { csrf, token: tokenOf(late) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("expired");
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await findOrgByEmail(c.clock, email2)).toBeNull();
  });

  it("a token used from another browser session is refused (different nonce, and no nonce)", async () => {
    const email = newEmail("other");
    const asker = new Browser(c);
    await asker.requestLink(email);
    const link = (await c.lastLink(email))!;

    // Another browser that has its own svc_link nonce (it visited the sign-in page).
    const other = new Browser(c);
    const otherCsrf = await other.csrfFrom("/console/sign-in");
    const shown = await other.get(pathOf(link));
    expect(shown.statusCode).toBe(400);
    expect(shown.body).toContain("another browser");
    const posted = await other.post("/console/auth", { csrf: otherCsrf, token: tokenOf(link) });
    expect(posted.statusCode).toBe(400);
    expect(posted.body).toContain("another browser");
    expect(other.cookies.has("svc_session")).toBe(false);
    // The attempt spent the link: not even the right browser can use it now.
    const reopened = await asker.get(pathOf(link));
    expect(reopened.statusCode).toBe(400);
    expect(reopened.body).toContain("already used");
    expect((await asker.useLink(link)).statusCode).not.toBe(303);
    expect(await findOrgByEmail(c.clock, email)).toBeNull();

    // No cookie at all: the form cannot be verified, so nothing is spent or opened.
    const email2 = newEmail("other");
    const asker2 = new Browser(c);
    await asker2.requestLink(email2);
    const link2 = (await c.lastLink(email2))!;
    const bare = new Browser(c);
    const res = await bare.post("/console/auth", { csrf: "x".repeat(43), token: tokenOf(link2) });
    expect(res.statusCode).toBe(403);
    expect(bare.cookies.has("svc_session")).toBe(false);
    expect((await asker2.useLink(link2)).statusCode).toBe(303);
  });

  it("a made-up or malformed token is refused", async () => {
    const b = new Browser(c);
    const csrf = await b.csrfFrom("/console/sign-in");
    for (const token of ["", "abc", "A".repeat(43), "<script>"]) {
      const res = await b.post("/console/auth", { csrf, token });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain("not valid");
    }
  });
});

describe("POST /console/sign-in is enumeration-safe", () => {
  it("known and unknown addresses get the same status and the same page, and both get a mail", async () => {
    const known = newEmail("known");
    await new Browser(c).signIn(known);
    const unknown = newEmail("unknown");
    const a = await new Browser(c).requestLink(known);
    const b = await new Browser(c).requestLink(unknown);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(a.headers["content-type"]).toBe(b.headers["content-type"]);
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    expect(a.body).toContain('data-testid="check-inbox"');
    expect(await c.mails(unknown)).toBe(1);
    expect(await c.mails(known)).toBe(2);
    // Asking creates nothing: the organization appears only when the link is used.
    expect(await findOrgByEmail(c.clock, unknown)).toBeNull();
  });

  it("an invalid address is a 400 with the form again", async () => {
    const res = await new Browser(c).requestLink("not-an-address");
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("valid e-mail address");
    expect(csrfOf(res.body)).toBeDefined();
  });
});

describe("rate limits", () => {
  it("per address: after 5 in 15 minutes, the same page but no mail; one more after the interval", async () => {
    const email = newEmail("limited");
    const pages: string[] = [];
    for (let i = 0; i < limits.signInEmailRequestsMax + 2; i++) {
      // A new browser (and address) each time: the address's own limit is what is tested.
      const res = await new Browser(c).requestLink(email);
      expect(res.statusCode).toBe(200);
      pages.push(res.body);
    }
    expect(new Set(pages).size).toBe(1);
    expect(await c.mails(email)).toBe(limits.signInEmailRequestsMax);
    c.clock.advance(limits.signInEmailWindowMs / limits.signInEmailRequestsMax);
    await new Browser(c).requestLink(email);
    expect(await c.mails(email)).toBe(limits.signInEmailRequestsMax + 1);
  });

  it("meters that are full again are deleted, so they do not pile up", async () => {
    const count = async () => (await c.clock.db.query<{ n: number }>("SELECT count(*)::int AS n FROM meters WHERE meter = 'signin_email'")).rows[0].n;
    await new Browser(c).requestLink(newEmail("meter"));
    expect(await count()).toBeGreaterThan(0);
    c.clock.advance(limits.signInIpWindowMs + limits.signInEmailWindowMs);
    await new Browser(c).requestLink(newEmail("meter"));
    expect(await count()).toBe(1); // only the one just taken
  });

  it("per client address: 20 an hour, then 429 with Retry-After", async () => {
    const b = new Browser(c, "192.0.2.77");
    for (let i = 0; i < limits.signInIpRequestsMax; i++) expect((await b.requestLink(newEmail("ip"))).statusCode).toBe(200);
    const refused = await b.requestLink(newEmail("ip"));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.body).toContain("Too many sign-in requests");
    // Another network is unaffected.
    expect((await new Browser(c, "192.0.2.78").requestLink(newEmail("ip"))).statusCode).toBe(200);
  });
});
