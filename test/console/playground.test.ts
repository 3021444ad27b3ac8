// The console's Try it routes over HTTP (issue 13), on the real app (buildApp: the engine
// pool, PGlite or PostgreSQL with DATABASE_URL): the session gate, the CSRF header, a
// conversion through POST /v1/convert's own path billed from the organization's credits
// (SPEC.md §Credit hold, §Cost function: one credit per billed page; the ledger charge) and
// marked source = console in usage, the free mode's caps (DECISIONS.md §Test keys: at most
// 5 selected pages, 413 too_many_pages), the same errors as the API, and the page images.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSource, buildPdf } from "../../fixtures/build.js";
import { limits } from "../../src/config/limits.js";
import { createSession } from "../../src/console/sessions.js";
import { renderMarkdown } from "../../src/console/markdown.js";
import { multipartBody } from "../support/http.js";
import { startTestApi, type TestApi } from "../support/api.js";

const threePages = readFileSync(path.resolve(import.meta.dirname, "../../fixtures/pdf/blank-middle-page.pdf"));

function pdfOf(id: string, body: string): Buffer {
  return Buffer.from(buildPdf(parseSource(id, body)).pdf);
}

const sixPages = pdfOf("six", Array.from({ length: 6 }, (_, i) => `# Part ${i + 1}\n\nText of part ${i + 1}.`).join("\n\n<!-- pagebreak -->\n\n"));

interface Signed {
  orgId: string;
  cookie: string;
  csrf: string;
}

describe("console Try it routes (issue 13)", () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ threads: 1 });
  });
  afterAll(async () => {
    await api?.close();
  });

  async function signedIn(credits = 100): Promise<Signed> {
    const { orgId } = await api.account({ credits });
    const session = await createSession(api.store, orgId);
    const cookie = `svc_session=${session.token}`;
    const page = await api.app.inject({ method: "GET", url: "/console/try", headers: { cookie } });
    expect(page.statusCode).toBe(200);
    const csrf = /data-csrf="([^"]+)"/.exec(page.body)?.[1] ?? "";
    return { orgId, cookie, csrf };
  }

  function convert(s: Pick<Signed, "cookie"> & { csrf?: string }, mode: string, pdf: Buffer, options: object = { page_markers: "none" }, password?: string) {
    const boundary = "try-boundary-0123";
    const parts = [
      { name: "options", data: JSON.stringify(options), contentType: "application/json" },
      ...(password === undefined ? [] : [{ name: "password", data: password }]),
      { name: "file", data: pdf, filename: "doc.pdf", contentType: "application/pdf" },
    ];
    const headers: Record<string, string> = { cookie: s.cookie, "content-type": `multipart/form-data; boundary=${boundary}`, accept: "application/json", "x-file-name": "doc.pdf" };
    if (s.csrf !== undefined) headers["x-csrf-token"] = s.csrf;
    return api.app.inject({ method: "POST", url: `/console/try/convert/${mode}`, headers, payload: multipartBody(boundary, parts) });
  }

  async function usageOf(orgId: string) {
    return (await api.store.db.query<{ source: string; key_id: string | null; env: string; status: number; credits_charged: number }>("SELECT source, key_id, env, status, credits_charged FROM usage_records WHERE org_id = $1 ORDER BY created_at", [orgId])).rows;
  }

  it("signed out: the page and every route send the browser to sign in", async () => {
    for (const [method, url] of [["GET", "/console/try"], ["POST", "/console/try/convert/free"], ["GET", "/console/try/conversions/conv_x/pages/1.png"]] as const) {
      const res = await api.app.inject({ method, url });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location).toBe("/console/sign-in");
    }
  });

  it("the page is in the navigation, loads its script from a file, and carries the CSP", async () => {
    const s = await signedIn();
    const res = await api.app.inject({ method: "GET", url: "/console/try", headers: { cookie: s.cookie } });
    expect(res.body).toContain('data-testid="nav-try"');
    expect(res.body).toContain('<script src="/console/assets/playground.js" defer></script>');
    expect(res.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.body).toContain(`data-max-upload-bytes="${limits.uploadBytesMax}"`);
    const js = await api.app.inject({ method: "GET", url: "/console/assets/playground.js" });
    expect(js.statusCode).toBe(200);
    expect(js.headers["content-type"]).toContain("text/javascript");
  });

  it("CSRF: without the session's token in X-CSRF-Token the conversion is refused 403 and nothing is recorded", async () => {
    const s = await signedIn();
    for (const csrf of [undefined, "x".repeat(43)]) {
      const res = await convert({ cookie: s.cookie, csrf }, "credits", threePages);
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.body).error.code).toBe("form_expired");
    }
    // Another session's token is no good either.
    const other = await signedIn();
    expect((await convert({ cookie: s.cookie, csrf: other.csrf }, "credits", threePages)).statusCode).toBe(403);
    expect(await usageOf(s.orgId)).toEqual([]);
  });

  it("credits mode: three pages, one without text; billed 2 from the org's credits, ledger charge, usage source console, page images", async () => {
    // SPEC.md §Credit hold: no pages option holds the 200-credit ceiling, so the balance covers it.
    const s = await signedIn(500);
    const res = await convert(s, "credits", threePages);
    expect(res.statusCode, res.body).toBe(200);
    const r = JSON.parse(res.body);
    expect(r.pages.map((p: { page: number }) => p.page)).toEqual([1, 2, 3]);
    // SPEC.md §Cost function: a page without a text layer is not billed.
    expect(r.billing).toMatchObject({ pages_billed: 2, pages_not_billed: [2], credits_charged: 2, credit_balance_after: 498 });
    expect(r.pages[1].warnings.map((w: { code: string }) => w.code)).toContain("page_has_no_text_layer");
    expect(r.pages[0].markdown).toContain("Site Survey");
    expect(r.pages[0].html).toContain("<h1");
    expect(r.curl).toContain("http://svc.test/v1/convert");
    expect(r.curl).toContain("file=@doc.pdf");
    const ledger = await api.store.db.query<{ kind: string; credits: number; balance_after: number; reference: string | null }>("SELECT kind, credits, balance_after, reference FROM ledger_entries WHERE org_id = $1 AND kind = 'charge'", [s.orgId]);
    expect(ledger.rows.map((row) => [Number(row.credits), Number(row.balance_after), row.reference])).toEqual([[-2, 498, r.conversion_id]]);
    const usage = await usageOf(s.orgId);
    expect(usage).toEqual([{ source: "console", key_id: null, env: "live", status: 200, credits_charged: 2 }]);
    for (const p of r.pages) {
      const img = await api.app.inject({ method: "GET", url: p.image_url, headers: { cookie: s.cookie } });
      expect(img.statusCode).toBe(200);
      expect(img.headers["content-type"]).toBe("image/png");
      const width = img.rawPayload.readUInt32BE(16);
      const height = img.rawPayload.readUInt32BE(20);
      expect(width).toBeLessThanOrEqual(limits.playgroundImageWidthMax);
      expect(width * height).toBeLessThanOrEqual(limits.playgroundImagePixelsMax);
    }
    // Another organization's session cannot read the images.
    const other = await signedIn();
    expect((await api.app.inject({ method: "GET", url: r.pages[0].image_url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
  });

  it("free mode: as a test key — nothing billed, at most 5 pages a request (413 too_many_pages)", async () => {
    const s = await signedIn(0);
    const over = await convert(s, "free", sixPages);
    expect(over.statusCode, over.body).toBe(413);
    const err = JSON.parse(over.body).error;
    expect(err.code).toBe("too_many_pages");
    expect(err.details.max_selected_pages).toBe(limits.testKeySelectedPagesMax);
    const five = await convert(s, "free", sixPages, { pages: "1-5" });
    expect(five.statusCode, five.body).toBe(200);
    expect(JSON.parse(five.body).billing).toMatchObject({ pages_billed: 5, credits_charged: 0 });
    const usage = await usageOf(s.orgId);
    expect(usage.map((u) => [u.source, u.env, u.status])).toEqual([["console", "test", 413], ["console", "test", 200]]);
    const month = await api.store.db.query<{ pages: number }>("SELECT pages FROM test_usage WHERE org_id = $1", [s.orgId]);
    expect(Number(month.rows[0].pages)).toBe(5);
  });

  it("credits mode without credits: 402 insufficient_credits, the API's envelope", async () => {
    const s = await signedIn(0);
    const res = await convert(s, "credits", threePages);
    expect(res.statusCode).toBe(402);
    expect(JSON.parse(res.body).error.code).toBe("insufficient_credits");
  });

  it("bad input gets the API's own errors: not a PDF, a wrong option value", async () => {
    const s = await signedIn(10);
    const { key } = await api.account({ credits: 10 });
    const notPdf = Buffer.from("hello, this is not a PDF");
    const viaConsole = await convert(s, "credits", notPdf);
    const boundary = "b0123";
    const viaApi = await api.app.inject({
      method: "POST",
      url: "/v1/convert",
      headers: { authorization: `Bearer ${key}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: multipartBody(boundary, [{ name: "options", data: '{"page_markers":"none"}', contentType: "application/json" }, { name: "file", data: notPdf, filename: "doc.pdf" }]),
    });
    expect(viaConsole.statusCode).toBe(viaApi.statusCode);
    expect(JSON.parse(viaConsole.body).error.code).toBe(JSON.parse(viaApi.body).error.code);
    const badOption = await convert(s, "credits", threePages, { tables: "auto" });
    expect(badOption.statusCode).toBe(422);
  });

  it("Markdown is rendered without any HTML or script from the document", () => {
    const out = renderMarkdown('# T <script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[a](javascript:alert(1)) [b](https://example.com)\n');
    expect(out).not.toMatch(/<script|<img|javascript:/i);
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain('<a href="https://example.com"');
  });

  it("a PDF whose text holds HTML and script tags comes back as text", async () => {
    const s = await signedIn(500);
    const pdf = pdfOf("xss", "# Hostile &lt;script&gt;window.pwned=1&lt;/script&gt;\n\nA paragraph with &lt;img src=x onerror=alert(1)&gt; and &lt;b&gt;bold&lt;/b&gt; tags.");
    const res = await convert(s, "credits", pdf);
    expect(res.statusCode, res.body).toBe(200);
    const r = JSON.parse(res.body);
    expect(r.markdown).toContain("<script>");
    expect(r.pages[0].html).not.toMatch(/<script|<img|<b>/i);
    expect(r.pages[0].html).toContain("&lt;script&gt;");
  });
});
