// Issue 13, end to end in headless Chromium against the real service (serve() on a socket,
// the engine pool, PGlite or PostgreSQL with DATABASE_URL): sign up, buy credits in the
// sandbox, open Try it, drop a 3-page PDF whose middle page has no text, and see three page
// images beside three Markdown panes, the no-text warning on page 2, the billing facts and
// the charge in the ledger view (SPEC.md §Cost function: pages without a text layer are not
// billed). Then: a PDF whose text holds HTML and script tags is shown as text and runs
// nothing; the free mode refuses a 6-page selection (DECISIONS.md §Test keys: at most 5
// pages, 413 too_many_pages) with a message on the page; a file over the upload limit is
// refused in the browser before it is sent. Screenshots: artifacts/screenshots/playground-*.png.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { buildPdf, parseSource } from "../../fixtures/build.js";
import { limits } from "../../src/config/limits.js";
import { chromiumMissing, eventually, screenshot, watchProblems, useBrowserStage } from "./support.js";

const threePages = readFileSync(path.resolve(import.meta.dirname, "../../fixtures/pdf/blank-middle-page.pdf"));
const hostile = Buffer.from(buildPdf(parseSource("xss", "# Hostile &lt;script&gt;window.pwned=1&lt;/script&gt;\n\nA paragraph with &lt;img src=x onerror=window.pwned=2&gt; and &lt;b&gt;bold&lt;/b&gt; tags.")).pdf);
const sixPages = Buffer.from(buildPdf(parseSource("six", Array.from({ length: 6 }, (_, i) => `# Part ${i + 1}\n\nText of part ${i + 1}.`).join("\n\n<!-- pagebreak -->\n\n"))).pdf);

/** Drops `bytes` as a file named `name` on the Try it page's drop zone, as a person would. */
async function dropFile(page: Page, name: string, bytes: Buffer | { zeros: number }): Promise<void> {
  const dt = await page.evaluateHandle(
    ({ name, b64, zeros }) => {
      const data = zeros > 0 ? new Uint8Array(zeros) : Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: "application/pdf" }));
      return transfer;
    },
    { name, b64: Buffer.isBuffer(bytes) ? bytes.toString("base64") : "", zeros: Buffer.isBuffer(bytes) ? 0 : bytes.zeros },
  );
  await page.dispatchEvent('[data-testid="try-drop"]', "drop", { dataTransfer: dt });
}

describe("console Try it in headless Chromium (issue 13)", () => {
  const stage = useBrowserStage({ viewport: { width: 1280, height: 900 }, timeoutMs: 20_000 });

  it("sign in → Try it → 3 pages beside their Markdown, warning on the page without text, charge in the ledger; XSS inert; free cap; oversize refused in the browser", async (ctx) => {
    if (chromiumMissing !== null) return ctx.skip(chromiumMissing);
    const { svc, context } = stage();
    const { origin } = svc;
    const page: Page = await context.newPage();
    const problems = watchProblems(page);
    const byId = (id: string) => page.getByTestId(id);
    const converts: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/console/try/convert")) converts.push(r.url());
    });

    // Sign up by the mailed link.
    await page.goto(`${origin}/console/sign-in`);
    const email = `try-${Date.now()}@example.com`;
    await byId("sign-in-email").fill(email);
    await byId("sign-in-submit").click();
    await expect.poll(() => byId("check-inbox").isVisible()).toBe(true);
    const mail = await eventually("the sign-in mail", () => svc.lastMail(email));
    await page.goto(mail.links[0]);
    await byId("confirm-sign-in").click();
    await page.waitForURL(`${origin}/console?welcome=1`);

    // Credits: the 25 USD pack through the sandbox checkout.
    await byId("nav-credits").click();
    await byId("buy-25").click();
    await page.waitForURL((u) => u.pathname.startsWith("/sandbox/checkout/pay_sbx_"));
    await page.getByRole("button", { name: "Pay 25.00" }).click();
    await page.waitForURL((u) => u.pathname === "/console/credits/return");
    await expect.poll(() => byId("purchase-status").getAttribute("data-state"), { timeout: 15_000 }).toBe("settled");

    // Try it, from the navigation.
    await byId("nav-try").click();
    await page.waitForURL(`${origin}/console/try`);
    expect(await byId("nav-try").getAttribute("aria-current")).toBe("page");
    await screenshot(page, "playground-form");

    await dropFile(page, "survey.pdf", threePages);
    expect(await byId("try-file-name").textContent()).toContain("survey.pdf");
    await byId("try-mode-credits").check();
    await byId("try-convert").click();
    await expect.poll(() => byId("try-page").count(), { timeout: 30_000 }).toBe(3);
    const images = byId("try-page-image");
    expect(await images.count()).toBe(3);
    await expect.poll(() => images.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
    const widths = await images.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
    for (const w of widths) expect(w).toBeLessThanOrEqual(limits.playgroundImageWidthMax);
    expect(await byId("try-page-rendered").count()).toBe(3);
    expect(await byId("try-page-source").count()).toBe(3);
    expect(await page.locator('[data-testid="try-page"][data-page="1"] [data-testid="try-page-rendered"] h1').textContent()).toContain("Site Survey");
    const page2Warnings = page.locator('[data-testid="try-page"][data-page="2"] [data-testid="try-page-warning"]');
    expect(await page2Warnings.getAttribute("data-code")).toBe("page_has_no_text_layer");
    expect(await page.locator('[data-testid="try-page"][data-page="1"] [data-testid="try-page-warning"]').count()).toBe(0);
    expect(await byId("try-pages-billed").textContent()).toBe("2");
    expect(await byId("try-pages-not-billed").textContent()).toBe("2");
    expect(await byId("try-credits-charged").textContent()).toBe("2");
    expect(await byId("try-balance-after").textContent()).toBe("49,998");
    expect(await byId("try-curl").textContent()).toContain(`curl -sS ${origin}/v1/convert`);
    expect(await byId("try-download").getAttribute("download")).toBe("survey.md");
    // The source view shows page 1's Markdown as text.
    await page.locator('[data-testid="try-page"][data-page="1"] [data-testid="try-show-source"]').click();
    expect(await page.locator('[data-testid="try-page"][data-page="1"] [data-testid="try-page-source"]').textContent()).toContain("# Site Survey");
    await screenshot(page, "playground-result");
    const conversionId = (await byId("try-conversion-id").textContent()) ?? "";
    expect(conversionId).toMatch(/^conv_/);

    // The ledger shows the charge, the conversion's id as its reference.
    await byId("nav-ledger").click();
    await page.waitForURL(`${origin}/console/ledger`);
    const rows: string[][] = [];
    for (const r of await byId("ledger-row").all()) rows.push((await r.locator("td").allTextContents()).map((t) => t.trim()));
    const charge = rows.find((cells) => cells[2] === "charge");
    expect(charge, JSON.stringify(rows)).toBeDefined();
    expect(charge![3]).toBe("-2");
    expect(charge![4]).toBe("49,998");
    expect(charge![6]).toBe(conversionId);
    await screenshot(page, "playground-ledger");

    // Usage lists the request like any other, its key column naming the console.
    await byId("nav-usage").click();
    await page.waitForURL(`${origin}/console/usage`);
    const usageRows: string[][] = [];
    for (const r of await byId("usage-record").all()) usageRows.push((await r.locator("td").allTextContents()).map((t) => t.trim()));
    expect(usageRows.map((cells) => [cells[2], cells[3], cells[8], cells[9]]), JSON.stringify(usageRows)).toEqual([["POST /v1/convert", "live", "2", "console"]]);
    await screenshot(page, "playground-usage");

    // A PDF whose text is HTML and script: shown as text, nothing runs (free mode).
    await byId("nav-try").click();
    await page.waitForURL(`${origin}/console/try`);
    await dropFile(page, "hostile.pdf", hostile);
    await byId("try-convert").click();
    await expect.poll(() => byId("try-page").count(), { timeout: 30_000 }).toBe(1);
    const rendered = byId("try-page-rendered");
    expect(await rendered.textContent()).toContain("<script>window.pwned=1</script>");
    expect(await rendered.locator("script, img, b").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await byId("try-credits-charged").textContent()).toBe("0");
    await screenshot(page, "playground-xss");

    // The free mode's cap: 6 pages selected is 413 too_many_pages, said on the page.
    await dropFile(page, "six.pdf", sixPages);
    await byId("try-convert").click();
    const error = byId("try-error");
    await expect.poll(() => error.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await error.textContent()).toContain("too_many_pages");
    expect(await error.textContent()).toContain(`at most ${limits.testKeySelectedPagesMax} pages`);
    await screenshot(page, "playground-free-cap");

    // Over the upload limit: refused before sending.
    const sent = converts.length;
    await dropFile(page, "huge.pdf", { zeros: limits.uploadBytesMax + 1 });
    await expect.poll(() => error.textContent()).toContain("over the 32 MiB upload limit");
    await byId("try-convert").click();
    expect(converts.length).toBe(sent);
    await screenshot(page, "playground-too-large");

    // Nothing broke along the way but the one refusal asked for.
    expect(problems.filter((p) => !p.startsWith("HTTP 413: POST") && !p.includes("413 (Payload Too Large)"))).toEqual([]);
    await page.close();
  });
});
