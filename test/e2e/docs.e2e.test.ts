// Issue 11 items 5 and 6, end to end in real headless Chromium against the real service
// (`serve()` on a socket): / leads to the API reference, which renders its operations from
// assets this service serves (no other origin is ever asked); and for a sample of real error
// responses (401, 404, 405, 422, 400) and a warning, following doc_url lands on a page where
// the element with id=<code> exists and is visible. Screenshots: artifacts/docs-reference.png,
// artifacts/docs-errors.png, artifacts/docs-warnings.png.
//
// Needs /usr/bin/chromium (Debian's chromium; .ci/run installs it). Without it: skipped,
// with the reason. Runs on PGlite, or on a fresh PostgreSQL database with DATABASE_URL.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { chromiumMissing, watchProblems, useBrowserStage } from "./support.js";

const ARTIFACTS = path.resolve(import.meta.dirname, "../../artifacts");
const headingsPdf = readFileSync(path.resolve(import.meta.dirname, "../../fixtures/pdf/headings.pdf"));

interface Envelope {
  error: { code: string; doc_url: string };
}

async function shot(page: Page, name: string, fullPage: boolean): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage });
}

describe("documentation end to end in headless Chromium (issue 11)", () => {
  const stage = useBrowserStage({ viewport: { width: 1280, height: 900 }, timeoutMs: 15_000 });
  let key = "";

  beforeAll(async () => {
    if (chromiumMissing !== null) return;
    const { svc } = stage();
    const { org_id } = (await svc.admin(["org", "create", "--email", `docs-e2e-${Date.now()}@example.com`])) as { org_id: string };
    await svc.admin(["credits", "grant", "--org", org_id, "--credits", "50"]);
    ({ key } = (await svc.admin(["key", "create", "--org", org_id, "--name", "docs-e2e"])) as { key: string });
  });

  it("GET / leads to the API reference, rendered from this server's own assets", { timeout: 120_000 }, async (ctx) => {
    if (chromiumMissing !== null) return ctx.skip(chromiumMissing);
    const { svc, context } = stage();
    const { origin } = svc;
    const page = await context.newPage();
    const problems = watchProblems(page);
    const requested: string[] = [];
    page.on("request", (r) => requested.push(r.url()));

    await page.goto(`${origin}/`);
    await page.waitForURL(`${origin}/docs`);
    // Operations are listed by path and operationId once the bundle has run (a loaded CI
    // machine may take seconds to parse it).
    await page.waitForSelector(".opblock-summary-operation-id", { state: "visible", timeout: 60_000 });
    for (const operationId of ["convert", "toc", "getAccount", "listLedger", "getConversion", "healthz"]) {
      await expect.poll(() => page.locator(".opblock-summary-operation-id", { hasText: new RegExp(`^${operationId}$`) }).first().isVisible(), { message: operationId, timeout: 15_000 }).toBe(true);
    }
    expect(await page.locator(".opblock-summary-path[data-path='/v1/convert']").first().isVisible()).toBe(true);
    expect(await page.getByText("svc-md API", { exact: false }).first().isVisible()).toBe(true);
    await shot(page, "docs-reference", false);

    // Nothing was fetched from another origin (data: URLs are the page's own icons).
    expect(requested.filter((u) => !u.startsWith(`${origin}/`) && !u.startsWith("data:"))).toEqual([]);
    expect(requested).toContain(`${origin}/docs/json`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("following doc_url of real error responses lands on a visible element with id=<code>", async (ctx) => {
    if (chromiumMissing !== null) return ctx.skip(chromiumMissing);
    const { svc, context } = stage();
    const { origin } = svc;
    const auth = { authorization: `Bearer ${key}` };
    const samples: [string, () => Promise<Response>][] = [
      ["missing_api_key", () => fetch(`${origin}/v1/account`)],
      ["unknown_endpoint", () => fetch(`${origin}/v1/nowhere`, { headers: auth })],
      ["method_not_allowed", () => fetch(`${origin}/v1/convert`, { method: "DELETE", headers: auth })],
      ["page_range_invalid", () => fetch(`${origin}/v1/convert?pages=one-two`, { method: "POST", headers: { ...auth, "content-type": "application/pdf" }, body: headingsPdf })],
      ["unknown_parameter", () => fetch(`${origin}/v1/convert?colour=blue`, { method: "POST", headers: { ...auth, "content-type": "application/pdf" }, body: headingsPdf })],
    ];
    const page = await context.newPage();
    const problems = watchProblems(page);
    for (const [code, send] of samples) {
      const res = await send();
      const { error } = (await res.json()) as Envelope;
      expect(error.code).toBe(code);
      expect(error.doc_url).toBe(`${origin}/docs/errors#${code}`);
      await page.goto(error.doc_url);
      const where = await page.evaluate((id) => {
        const el = document.getElementById(id);
        if (!el) return null;
        const box = el.getBoundingClientRect();
        return { top: box.top, height: box.height, viewport: window.innerHeight, target: el.matches(":target") };
      }, code);
      expect(where, code).not.toBeNull();
      expect(where!.target, code).toBe(true);
      expect(where!.height, code).toBeGreaterThan(0);
      // Scrolled into view: the entry starts inside the window.
      expect(where!.top, code).toBeGreaterThanOrEqual(0);
      expect(where!.top, code).toBeLessThan(where!.viewport);
      expect(await page.locator(`[id="${code}"]`).isVisible(), code).toBe(true);
      if (code === "page_range_invalid") await shot(page, "docs-errors", false);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a warning's doc_url lands on its entry of the warnings page", async (ctx) => {
    if (chromiumMissing !== null) return ctx.skip(chromiumMissing);
    const { svc, context } = stage();
    const { origin } = svc;
    // No engine pinned: the result carries engine_alias_floating.
    const res = await fetch(`${origin}/v1/convert?pages=1`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/pdf" }, body: headingsPdf });
    expect(res.status).toBe(200);
    const conversion = (await res.json()) as { warnings: { code: string; doc_url: string }[] };
    const warning = conversion.warnings.find((w) => w.code === "engine_alias_floating");
    expect(warning?.doc_url).toBe(`${origin}/docs/warnings#engine_alias_floating`);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(warning!.doc_url);
    expect(await page.locator("#engine_alias_floating").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.getElementById("engine_alias_floating")?.matches(":target"))).toBe(true);
    await shot(page, "docs-warnings", false);
    expect(problems).toEqual([]);
    await page.close();
  });
});
