// Credits in the console: the four packs, purchase limits before checkout, the debt rule,
// and the return page that waits for the settlement (SPEC.md §Credit purchase).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { findOrgByEmail } from "../../src/store/orgs.js";
import { settlePurchase } from "../../src/store/payments.js";
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
  const email = newEmail("credits");
  await b.signIn(email);
  return { b, orgId: (await findOrgByEmail(c.clock, email))!.id };
}

async function buy(b: Browser, packUsd: number | string) {
  const csrf = await b.csrfFrom("/console/credits");
  return b.post("/console/credits/checkout", { csrf, pack_usd: String(packUsd) });
}

/** Buys through the console and settles as the processor's notification would. */
async function buyAndSettle(b: Browser, orgId: string, packUsd: number): Promise<string> {
  const res = await buy(b, packUsd);
  expect(res.statusCode).toBe(303);
  const request = c.processor.checkouts[c.processor.checkouts.length - 1];
  const processorRef = String(res.headers.location).split("/").pop()!;
  await settlePurchase(c.clock, { orgId, packUsd, currency: "usd", processor: "sandbox", processorRef, eventId: `evt_${processorRef}` });
  return request.purchaseId;
}

function row(body: string, packUsd: number): string {
  const start = body.indexOf(`data-testid="pack-${packUsd}"`);
  return body.slice(start, body.indexOf("</tr>", start));
}

describe("the credits page", () => {
  it("lists the four packs with their bonuses and effective prices per 1,000 pages", async () => {
    const { b } = await signedIn();
    const res = await b.get("/console/credits");
    expect(res.statusCode).toBe(200);
    const expected: Array<[number, string, string, string]> = [
      [25, "none", "50,000", "0.5000 USD"],
      [100, "+10% (20,000)", "220,000", "0.4545 USD"],
      [500, "+15% (150,000)", "1,150,000", "0.4348 USD"],
      [2500, "+20% (1,000,000)", "6,000,000", "0.4167 USD"],
    ];
    for (const [usd, bonus, total, effective] of expected) {
      const r = row(res.body, usd);
      expect(testId(r, "pack-bonus")).toBe(bonus);
      expect(testId(r, "pack-total")).toBe(total);
      expect(testId(r, "pack-effective")).toBe(effective);
      expect(r).toContain(`data-testid="buy-${usd}"`);
    }
    expect(testId(res.body, "balance")).toBe("0");
    expect(testId(res.body, "trust-tier")).toBe("0");
    expect(res.body).toContain("at most <strong>100 USD</strong>");
  });

  it("says when checkout was cancelled", async () => {
    const { b } = await signedIn();
    expect((await b.get("/console/credits?checkout=cancelled")).body).toContain("Checkout was canceled");
  });
});

describe("checkout", () => {
  it("opens a pending purchase and sends the browser to the processor", async () => {
    const { b, orgId } = await signedIn();
    const res = await buy(b, 25);
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toMatch(/^https:\/\/pay\.example\/checkout\/pay_fake_/);
    const request = c.processor.checkouts[c.processor.checkouts.length - 1];
    expect(request).toMatchObject({ orgId, packUsd: 25, currency: "usd" });
    expect(request.successUrl).toBe(`http://svc.test/console/credits/return?purchase=${request.purchaseId}`);
    const p = await c.clock.db.query<{ status: string }>("SELECT status FROM purchases WHERE id = $1", [request.purchaseId]);
    expect(p.rows[0].status).toBe("pending");
  });

  it("refuses over the trust tier's top-up limit, naming the limit and by how much", async () => {
    const { b, orgId } = await signedIn();
    const before = c.processor.checkouts.length;
    const res = await buy(b, 500);
    expect(res.statusCode).toBe(409);
    expect(testId(res.body, "checkout-error")).toBe("Trust tier 1 allows top-ups of at most 100 USD; 500 USD is 400 USD over.");
    expect(c.processor.checkouts.length).toBe(before);
    const n = await c.clock.db.query<{ n: number }>("SELECT count(*)::int AS n FROM purchases WHERE org_id = $1", [orgId]);
    expect(n.rows[0].n).toBe(0);
  });

  it("refuses over the 24-hour limit after a settled purchase", async () => {
    const { b, orgId } = await signedIn();
    await buyAndSettle(b, orgId, 100);
    const res = await buy(b, 25);
    expect(res.statusCode).toBe(409);
    expect(testId(res.body, "checkout-error")).toBe("Trust tier 1 allows 100 USD per 24 hours; 100 USD settled in the last 24 hours plus 25 USD is 25 USD over.");
  });

  it("refuses a top-up smaller than the debt, naming the amount required", async () => {
    const { b, orgId } = await signedIn();
    // A reversed payment's debt (balance and holds are 0, as the orgs constraints require).
    await c.clock.db.query("UPDATE orgs SET debt_credits = 300000 WHERE id = $1", [orgId]);
    const page = await b.get("/console/credits");
    expect(testId(page.body, "debt")).toBe("300,000");
    expect(page.body).toContain('data-testid="debt-notice"');
    const res = await buy(b, 25);
    expect(res.statusCode).toBe(409);
    expect(testId(res.body, "checkout-error")).toBe(
      "The account owes 300,000 credits; the 25 USD pack grants 50,000, 250,000 short. Buy the 500 USD pack or a larger one.",
    );
  });

  it("refuses anything that is not one of the packs", async () => {
    const { b } = await signedIn();
    for (const v of ["30", "-25", "25.5", "", "2500000"]) {
      const res = await buy(b, v);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain("Choose one of the four packs");
    }
  });
});

describe("the return page", () => {
  it("grants nothing itself; its status endpoint reports pending, then settled with the new balance", async () => {
    const { b, orgId } = await signedIn();
    const res = await buy(b, 25);
    const request = c.processor.checkouts[c.processor.checkouts.length - 1];
    const id = request.purchaseId;

    const page = await b.get(`/console/credits/return?purchase=${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`data-poll-url="/console/credits/purchase/${id}/status"`);
    expect(page.body).toContain(`data-poll-interval-ms="${limits.consolePurchasePollIntervalMs}"`);
    expect(page.body).toMatch(/<noscript><meta http-equiv="refresh"/);
    expect(page.body).toContain('data-testid="refresh"');

    const pending = await b.get(`/console/credits/purchase/${id}/status`);
    expect(pending.statusCode).toBe(200);
    expect(pending.headers["content-type"]).toMatch(/^application\/json/);
    expect(pending.json()).toMatchObject({ id, status: "pending", credits_granted: 0, credit_balance: 0 });
    // Coming back again and again changes nothing.
    await b.get(`/console/credits/return?purchase=${id}`);
    const balance = await c.clock.db.query<{ credit_balance: number }>("SELECT credit_balance FROM orgs WHERE id = $1", [orgId]);
    expect(balance.rows[0].credit_balance).toBe(0);

    const processorRef = String(res.headers.location).split("/").pop()!;
    await settlePurchase(c.clock, { orgId, packUsd: 25, currency: "usd", processor: "sandbox", processorRef, eventId: `evt_${processorRef}` });

    const settled = await b.get(`/console/credits/purchase/${id}/status`);
    expect(settled.json()).toMatchObject({ id, status: "settled", credits_granted: 50_000, credit_balance: 50_000, credit_balance_text: "50,000" });
    const after = await b.get(`/console/credits/return?purchase=${id}`);
    expect(testId(after.body, "balance")).toBe("50,000");
    expect(after.body).toContain('data-state="settled"');
    expect(after.body).not.toContain("data-poll-url");
    expect(after.body).not.toContain("http-equiv");
  });

  it("another organization's purchase is not found; a signed-out poll gets 401 JSON", async () => {
    const owner = await signedIn();
    await buy(owner.b, 25);
    const id = c.processor.checkouts[c.processor.checkouts.length - 1].purchaseId;
    const stranger = await signedIn();
    expect((await stranger.b.get(`/console/credits/purchase/${id}/status`)).statusCode).toBe(404);
    expect((await stranger.b.get(`/console/credits/return?purchase=${id}`)).statusCode).toBe(404);
    const anon = await c.app.inject({ method: "GET", url: `/console/credits/purchase/${id}/status` });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.code).toBe("signed_out");
  });
});
