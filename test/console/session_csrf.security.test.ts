// Console sessions and CSRF: cookie flags, hashed storage, expiry, sign-out, every POST
// verified, and the pages' own protections (headers, escaping, plain error pages).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { tokenDigest } from "../../src/console/csrf.js";
import { Browser, csrfOf, newEmail, startConsole, type ConsoleUnderTest } from "./support.js";

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(async () => {
  await c.close();
});

function setCookies(headers: Record<string, unknown>): string[] {
  const raw = headers["set-cookie"];
  return raw === undefined ? [] : Array.isArray(raw) ? (raw as string[]) : [raw as string];
}

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/console, without Secure on an http base URL", async () => {
    const b = new Browser(c);
    const asked = await b.get("/console/sign-in");
    const link = setCookies(asked.headers).find((s) => s.startsWith("svc_link="))!;
    expect(link).toMatch(/; HttpOnly/);
    expect(link).toMatch(/; SameSite=Lax/);
    expect(link).toMatch(/; Path=\/console/);
    const email = newEmail("flags");
    await b.post("/console/sign-in", { csrf: csrfOf(asked.body)!, email });
    const linkUrl = (await c.lastLink(email))!;
    const done = await b.useLink(linkUrl);
    const session = setCookies(done.headers).find((s) => s.startsWith("svc_session="))!;
    expect(session).toMatch(/^svc_session=[A-Za-z0-9_-]{43}; /);
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\/console/);
    expect(session).toMatch(new RegExp(`; Max-Age=${limits.consoleSessionAbsoluteMs / 1000}`));
    expect(session).not.toMatch(/Secure/);
  });

  it("carries Secure when the base URL is https", async () => {
    const tls = await startConsole({ baseUrl: "https://svc.example" });
    try {
      const res = await tls.app.inject({ method: "GET", url: "/console/sign-in" });
      expect(setCookies(res.headers)[0]).toMatch(/; Secure$/);
    } finally {
      await tls.close();
    }
  });

  it("is stored only as its SHA-256", async () => {
    const b = new Browser(c);
    await b.signIn(newEmail("stored"));
    const token = b.cookies.get("svc_session")!;
    const hit = await c.clock.db.query("SELECT 1 FROM console_sessions WHERE token_hash = $1", [tokenDigest(token)]);
    expect(hit.rows).toHaveLength(1);
    const plain = await c.clock.db.query("SELECT 1 FROM console_sessions WHERE token_hash = $1", [token]);
    expect(plain.rows).toHaveLength(0);
  });

  it("a new sign-in gets a new token (no fixation)", async () => {
    const b = new Browser(c);
    const planted = "P".repeat(43);
    b.cookies.set("svc_session", planted);
    const email = newEmail("fixation");
    await b.signIn(email);
    const first = b.cookies.get("svc_session");
    expect(first).not.toBe(planted);
    await b.post("/console/sign-out", { csrf: await b.csrfFrom("/console") });
    await b.signIn(email);
    expect(b.cookies.get("svc_session")).not.toBe(first);
  });
});

describe("session lifetime", () => {
  it("pages need a session: 303 to sign-in", async () => {
    for (const url of ["/console", "/console/keys", "/console/credits", "/console/ledger", "/console/usage"]) {
      const res = await new Browser(c).get(url);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe("/console/sign-in");
    }
  });

  it("ends after 12 hours idle, and is kept alive by use", async () => {
    const b = new Browser(c);
    await b.signIn(newEmail("idle"));
    c.clock.advance(limits.consoleSessionIdleMs - 60_000);
    expect((await b.get("/console")).statusCode).toBe(200);
    c.clock.advance(limits.consoleSessionIdleMs - 60_000);
    expect((await b.get("/console")).statusCode).toBe(200);
    c.clock.advance(limits.consoleSessionIdleMs);
    const res = await b.get("/console");
    expect(res.statusCode).toBe(303);
    expect(b.cookies.has("svc_session")).toBe(false); // the dead cookie is cleared
  });

  it("ends 7 days after sign-in whatever the activity", async () => {
    const b = new Browser(c);
    await b.signIn(newEmail("absolute"));
    // Steps well inside the idle limit, so only the absolute one can end it.
    const stepMs = limits.consoleSessionIdleMs / 4;
    let elapsed = 0;
    while (elapsed + stepMs < limits.consoleSessionAbsoluteMs) {
      c.clock.advance(stepMs);
      elapsed += stepMs;
      expect((await b.get("/console")).statusCode).toBe(200);
    }
    c.clock.advance(limits.consoleSessionAbsoluteMs - elapsed);
    expect((await b.get("/console")).statusCode).toBe(303);
  });

  it("sign-out deletes the session: the old cookie no longer works", async () => {
    const b = new Browser(c);
    await b.signIn(newEmail("signout"));
    const token = b.cookies.get("svc_session")!;
    const csrf = await b.csrfFrom("/console");
    const out = await b.post("/console/sign-out", { csrf });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe("/console/sign-in");
    expect(setCookies(out.headers).some((s) => s.startsWith("svc_session=;") && s.includes("Max-Age=0"))).toBe(true);
    const row = await c.clock.db.query("SELECT 1 FROM console_sessions WHERE token_hash = $1", [tokenDigest(token)]);
    expect(row.rows).toHaveLength(0);
    const replay = await c.app.inject({ method: "GET", url: "/console", headers: { cookie: `svc_session=${token}` } });
    expect(replay.statusCode).toBe(303);
  });
});

describe("CSRF", () => {
  it("missing or wrong token → 403 plain page, and nothing happens", async () => {
    const b = new Browser(c);
    await b.signIn(newEmail("csrf"));
    const good = await b.csrfFrom("/console/keys");
    for (const csrf of [undefined, "", "A".repeat(43), good.slice(0, -2) + (good.endsWith("AA") ? "BB" : "AA")]) {
      const res = await b.post("/console/keys", csrf === undefined ? { name: "x", env: "live" } : { csrf, name: "x", env: "live" });
      expect(res.statusCode).toBe(403);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body).toContain('data-testid="error-page"');
      expect(res.body).not.toMatch(/at .*\.ts:\d+/); // never a stack trace
    }
    const keys = await b.get("/console/keys");
    expect(keys.body).toContain('data-testid="no-keys"');
    expect((await b.post("/console/sign-out", { csrf: "A".repeat(43) })).statusCode).toBe(403);
    expect((await b.get("/console")).statusCode).toBe(200); // still signed in
  });

  it("a token is bound to its session: another session's token is refused", async () => {
    const a = new Browser(c);
    const b = new Browser(c);
    await a.signIn(newEmail("csrf-a"));
    await b.signIn(newEmail("csrf-b"));
    const aToken = await a.csrfFrom("/console/keys");
    expect((await b.post("/console/keys", { csrf: aToken, name: "x", env: "live" })).statusCode).toBe(403);
  });

  it("the sign-in form's token is bound to the browser nonce", async () => {
    const a = new Browser(c);
    const aToken = await a.csrfFrom("/console/sign-in");
    const b = new Browser(c);
    await b.get("/console/sign-in");
    expect((await b.post("/console/sign-in", { csrf: aToken, email: newEmail("x") })).statusCode).toBe(403);
    expect((await new Browser(c).post("/console/sign-in", { csrf: aToken, email: newEmail("x") })).statusCode).toBe(403);
    // A signed-out token is not valid once signed in, even in the same browser.
    await a.signIn(newEmail("same"));
    expect((await a.post("/console/keys", { csrf: aToken, name: "x", env: "live" })).statusCode).toBe(403);
  });
});

describe("pages", () => {
  it("carry no-store, a strict CSP, no framing, no referrer", async () => {
    const b = new Browser(c);
    await b.signIn(newEmail("headers"));
    const res = await b.get("/console");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.body).not.toMatch(/<script>|style="/); // nothing inline for the CSP to block
  });

  it("serve the stylesheet and script from the process, with ETags", async () => {
    const css = await c.app.inject({ method: "GET", url: "/console/assets/console.css" });
    expect(css.statusCode).toBe(200);
    expect(css.headers["content-type"]).toMatch(/^text\/css/);
    const again = await c.app.inject({ method: "GET", url: "/console/assets/console.css", headers: { "if-none-match": String(css.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const js = await c.app.inject({ method: "GET", url: "/console/assets/console.js" });
    expect(js.headers["content-type"]).toMatch(/^text\/javascript/);
  });

  it("unknown console paths are an HTML 404", async () => {
    const res = await c.app.inject({ method: "GET", url: "/console/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("refuse bodies that are not forms (415) or too large (413)", async () => {
    const b = new Browser(c);
    await b.get("/console/sign-in");
    const json = await c.app.inject({ method: "POST", url: "/console/sign-in", headers: { "content-type": "application/json", cookie: `svc_link=${b.cookies.get("svc_link")}` }, payload: "{}" });
    expect(json.statusCode).toBe(415);
    const big = await b.post("/console/sign-in", { csrf: "x", email: "a".repeat(limits.consoleFormBytesMax + 1) });
    expect(big.statusCode).toBe(413);
    expect(big.headers.connection).toBe("close");
  });
});
