// Issue 5, end to end in real headless Chromium against the real service (`serve()` on a
// socket, the sandbox processor, the engine pool): sign up through the link read from the
// outbox, create a key, buy a pack in the sandbox checkout, see the credits after the
// notification, convert a PDF with the key over HTTP, see the charge in the ledger view,
// revoke the key and see the API answer 401 revoked_api_key. Screenshots of the main pages
// are saved as artifacts/screenshots/*.png.
//
// Needs /usr/bin/chromium (Debian's chromium; .ci/run installs it). Without it: skipped,
// with the reason. Runs on PGlite, or on a fresh PostgreSQL database with DATABASE_URL.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { chromiumMissing, eventually, screenshot, watchProblems, useBrowserStage } from "./support.js";

const headingsPdf = readFileSync(path.resolve(import.meta.dirname, "../../fixtures/pdf/headings.pdf"));

describe("console end to end in headless Chromium (issue 5)", () => {
  const stage = useBrowserStage({ viewport: { width: 1280, height: 800 }, timeoutMs: 10_000 });

  it("sign up by mailed link → key → sandbox purchase → credits → convert → ledger charge → revoke → 401", async (ctx) => {
    if (chromiumMissing !== null) return ctx.skip(chromiumMissing);
    const { svc, context } = stage();
    const { origin } = svc;
    const page: Page = await context.newPage();
    const problems = watchProblems(page);
    const byId = (id: string) => page.getByTestId(id);

    // Signed out, /console sends the browser to the sign-in form.
    await page.goto(`${origin}/console`);
    await page.waitForURL(`${origin}/console/sign-in`);
    await screenshot(page, "01-sign-in");

    const email = `e2e-${Date.now()}@example.com`;
    await byId("sign-in-email").fill(email);
    await byId("sign-in-submit").click();
    await expect.poll(() => byId("check-inbox").isVisible()).toBe(true);
    await screenshot(page, "02-check-inbox");

    // The mail is in the outbox (no SMTP_URL); its link names the base URL the browser is on.
    const mail = await eventually("the sign-in mail", () => svc.lastMail(email));
    const link = mail.links[0];
    expect(link.startsWith(`${origin}/console/auth?token=`), link).toBe(true);

    // Same browser context: the link is bound to this browser's svc_link cookie.
    await page.goto(link);
    expect(await byId("confirm-email").textContent()).toBe(email);
    await screenshot(page, "03-confirm");
    await byId("confirm-sign-in").click();
    await page.waitForURL(`${origin}/console?welcome=1`);
    expect(await byId("welcome").isVisible()).toBe(true);
    expect(await byId("balance").textContent()).toBe("0");
    expect(await byId("signed-in-email").textContent()).toBe(email);
    await screenshot(page, "04-dashboard");

    // A live key, scopes as the form defaults them; the plaintext is shown this once.
    await byId("nav-keys").click();
    await page.waitForURL(`${origin}/console/keys`);
    await byId("key-name").fill("e2e key");
    expect(await byId("key-env-live").isChecked()).toBe(true);
    await byId("create-key").click();
    const key = ((await byId("key-plaintext").textContent()) ?? "").trim();
    expect(key).toMatch(/^svc_sk_live_/);
    await screenshot(page, "05-key-created");
    await byId("done").click();
    await page.waitForURL(`${origin}/console/keys`);
    const row = byId("key-row");
    await expect.poll(() => row.count()).toBe(1);
    const keyId = (await row.getAttribute("data-key-id")) ?? "";
    expect(await row.getByTestId("key-state").textContent()).toBe("active");
    expect(await page.content()).not.toContain(key);
    await screenshot(page, "06-keys");

    // Buy the 25 USD pack: the sandbox's hosted checkout, Pay, back to the return page.
    await byId("nav-credits").click();
    await page.waitForURL(`${origin}/console/credits`);
    expect(await byId("pack-25").getByTestId("pack-total").textContent()).toBe("50,000");
    await screenshot(page, "07-credits");
    await byId("buy-25").click();
    await page.waitForURL((u) => u.pathname.startsWith("/sandbox/checkout/pay_sbx_"));
    expect(page.url().startsWith(`${origin}/sandbox/checkout/`)).toBe(true);
    await expect.poll(() => page.getByRole("heading", { name: "25 USD credit pack" }).isVisible()).toBe(true);
    await screenshot(page, "08-sandbox-checkout");
    await page.getByRole("button", { name: "Pay 25.00" }).click();
    await page.waitForURL((u) => u.pathname === "/console/credits/return");
    const status = byId("purchase-status");
    await expect.poll(() => status.getAttribute("data-state"), { timeout: 15_000 }).toBe("settled");
    await expect.poll(() => status.getByTestId("balance").textContent()).toBe("50,000");
    expect(await status.textContent()).toContain("Payment of 25 USD settled: 50,000 credits were added");
    await screenshot(page, "09-return-settled");

    // The settlement came as a signed notification over HTTP to /webhooks/sandbox, answered 200.
    const metrics = await (await fetch(`${origin}/metrics`)).text();
    expect(metrics).toMatch(/svc_http_requests_total\{route="\/webhooks\/sandbox",method="POST",status_code="200"[^}]*\} 1\b/);

    // Convert a page with the key, over HTTP from Node.
    const converted = await fetch(`${origin}/v1/convert?pages=1`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/pdf" },
      body: headingsPdf,
    });
    const conversion = (await converted.json()) as { id: string; object: string; usage: { credits_charged: number; credit_balance_after: number } };
    expect(converted.status, JSON.stringify(conversion)).toBe(200);
    expect(conversion.object).toBe("conversion");
    expect(conversion.usage.credits_charged).toBe(1);
    expect(conversion.usage.credit_balance_after).toBe(49_999);

    // The ledger shows the charge: -1, the conversion's id as its reference.
    await byId("nav-ledger").click();
    await page.waitForURL(`${origin}/console/ledger`);
    const ledgerRows: string[][] = [];
    for (const r of await byId("ledger-row").all()) ledgerRows.push((await r.locator("td").allTextContents()).map((t) => t.trim()));
    const charge = ledgerRows.find((cells) => cells[2] === "charge");
    expect(charge, JSON.stringify(ledgerRows)).toBeDefined();
    expect(charge![3]).toBe("-1");
    expect(charge![4]).toBe("49,999");
    expect(charge![6]).toBe(conversion.id);
    await screenshot(page, "10-ledger");

    await byId("nav-usage").click();
    await page.waitForURL(`${origin}/console/usage`);
    expect(await byId("usage-total").textContent()).toBe("1");
    await expect.poll(() => byId("usage-record").count()).toBe(1);
    await screenshot(page, "11-usage");

    // Revoke, through the confirmation step; the API then refuses the key.
    await byId("nav-keys").click();
    await page.waitForURL(`${origin}/console/keys`);
    await byId(`revoke-${keyId}`).click();
    await page.waitForURL(`${origin}/console/keys/${keyId}/revoke`);
    await screenshot(page, "12-revoke-confirm");
    await byId("revoke-confirm").check();
    await byId("revoke-submit").click();
    await page.waitForURL((u) => u.pathname === "/console/keys" && u.searchParams.get("revoked") === keyId);
    expect(await byId("key-state").textContent()).toBe("revoked");
    expect(await byId("keys-flash").isVisible()).toBe(true);
    await screenshot(page, "13-keys-revoked");

    const account = await fetch(`${origin}/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    const refusal = (await account.json()) as { error: { code: string } };
    expect(account.status).toBe(401);
    expect(refusal.error.code).toBe("revoked_api_key");
    expect(account.headers.get("www-authenticate")).toBe('Bearer realm="svc", error="invalid_token"');

    // No script error, CSP violation or failed load on any page along the way.
    expect(problems).toEqual([]);
    await page.close();
  });
});
