// POST /v1/toc: SPEC §POST /v1/toc (1 credit per request, hold 1, toc_outline line item),
// DECISIONS §POST /v1/toc (response shape, no outline → entries [] + outline_missing and
// 0 credits, options `engine` and `pages` refused, same encodings and password handling).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_VERSION } from "../../src/engine/version.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { filePart, fixturePdf, gatePool, ledger, multipart, optionsPart, orgCredits, passwordPart, raw } from "../support/convert.js";
import { BOOK_PAGES, bookDocument, bookPdf } from "../support/documents.js";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const toc = { endpoint: "/v1/toc" as const };

describe("a document with an outline (the generated 352-page book, test/support/documents.ts)", () => {
  it("200 {object: toc, id toc_…, entries [{title, level, page}]} in document order; 1 credit, line item toc_outline", async () => {
    const { key, orgId } = await api.account({ credits: 10 });
    const res = await api.app.inject(raw(key, bookPdf(), toc));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ object: "toc", engine: ENGINE_VERSION, document: { page_count: BOOK_PAGES } });
    expect(body.id).toMatch(/^toc_/);
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
    expect(body.entries[0]).toEqual({ title: "COVER", level: 1, page: 1 });
    expect(body.entries).toContainEqual({ title: "Chapter 1: Creators", level: 2, page: 24 });
    expect(body.entries).toEqual(bookDocument().outline);
    for (const e of body.entries) {
      expect(Object.keys(e).sort()).toEqual(["level", "page", "title"]);
      expect(e.level).toBeGreaterThanOrEqual(1);
      if (e.page !== null) expect(e.page).toBeGreaterThanOrEqual(1);
      if (e.page !== null) expect(e.page).toBeLessThanOrEqual(BOOK_PAGES);
    }
    const pages = body.entries.map((e: { page: number | null }) => e.page).filter((p: number | null) => p !== null);
    expect(pages).toEqual([...pages].sort((a: number, b: number) => a - b)); // document order
    expect(body.warnings.map((w: { code: string }) => w.code)).not.toContain("outline_missing");
    expect(body.usage).toMatchObject({ credits_charged: 1, credit_balance_after: 9, line_items: [{ kind: "toc_outline", quantity: 1, credits: 1 }] });
    expect(res.headers["x-credits-charged"]).toBe("1");
    expect(res.headers["x-credits-balance"]).toBe("9");
    expect(res.headers["x-credits-unit"]).toBe("page");
    expect(await orgCredits(api, orgId)).toEqual({ balance: 9, held: 0 });
    const charges = (await ledger(api, key)).filter((e) => e.kind === "charge");
    expect(charges).toEqual([expect.objectContaining({ credits: -1, reference: body.id, balance_after: 9 })]);
  });

  it("SPEC: the request holds 1 credit while it runs, whatever the document's length", async () => {
    const { key, orgId } = await api.account({ credits: 10 });
    const gate = gatePool(api.deps.pool, "open");
    const pending = api.app.inject(raw(key, bookPdf(), toc));
    await gate.reached;
    expect(await orgCredits(api, orgId)).toEqual({ balance: 10, held: 1 });
    gate.release();
    expect((await pending).statusCode).toBe(200);
    expect(await orgCredits(api, orgId)).toEqual({ balance: 9, held: 0 });
  });

  it("SPEC §Authentication rule 7: a test key gets the outline and is charged 0", async () => {
    const { key } = await api.account({ env: "test" });
    const res = await api.app.inject(raw(key, bookPdf(), toc));
    expect(res.statusCode).toBe(200);
    expect(res.json().entries.length).toBeGreaterThan(20);
    expect(res.json().usage).toMatchObject({ credits_charged: 0, line_items: [{ kind: "toc_outline", quantity: 1, credits: 0 }] });
  });
});

describe("a document without an outline", () => {
  it("DECISIONS: 200 with entries [], an outline_missing warning (info, document) and 0 credits", async () => {
    const { key, orgId } = await api.account({ credits: 10 });
    const res = await api.app.inject(raw(key, fixturePdf("headings.pdf"), toc));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.entries).toEqual([]);
    expect(body.document).toEqual({ page_count: 1 });
    expect(body.warnings).toContainEqual(expect.objectContaining({ code: "outline_missing", severity: "info", scope: "document", pages: [] }));
    expect(body.warning_summary).toMatchObject({ outline_missing: 1 });
    expect(body.usage).toMatchObject({ credits_charged: 0, credit_balance_after: 10 });
    expect(body.usage.line_items.every((l: { credits: number }) => l.credits === 0)).toBe(true);
    expect(await orgCredits(api, orgId)).toEqual({ balance: 10, held: 0 });
    expect((await ledger(api, key)).map((e) => e.kind)).toEqual(["goodwill"]);
  });

  it("DECISIONS: same encodings and password handling as /v1/convert: multipart with `password`", async () => {
    const { key } = await api.account({ credits: 10 });
    const ok = await api.app.inject(multipart(key, [filePart(fixturePdf("encrypted.pdf")), passwordPart("secret")], toc));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().entries).toEqual([]);
    const locked = await api.app.inject(multipart(key, [filePart(fixturePdf("encrypted.pdf"))], toc));
    expect(locked.statusCode).toBe(422);
    expect(locked.json().error.code).toBe("pdf_encrypted");
  });
});

describe("DECISIONS: options `pages` and `engine` are not accepted on /v1/toc", () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await api.account({ credits: 10 }));
  });

  it.each(["pages=1-2", "engine=svc-md-1.0.0"])("query %s → 400 unknown_parameter", async (query) => {
    const res = await api.app.inject(raw(key, fixturePdf("headings.pdf"), { ...toc, query }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "unknown_parameter", param: query.split("=")[0] });
  });

  it.each([{ pages: "1" }, { engine: "svc-md-1" }])("options part %o → 400 unknown_parameter naming options.<name>", async (options) => {
    const res = await api.app.inject(multipart(key, [filePart(fixturePdf("headings.pdf")), optionsPart(options)], toc));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "unknown_parameter", param: `options.${Object.keys(options)[0]}` });
  });

  it("refusals bill 0", async () => {
    const res = await api.app.inject(raw(key, fixturePdf("headings.pdf"), toc));
    expect(res.json().usage.credit_balance_after).toBe(10);
  });
});

describe("SPEC Credit hold state table: balance below the hold", () => {
  it("0 credits on a live key → 402 insufficient_credits with credits_required 1, billed 0", async () => {
    const { key, orgId } = await api.account({ credits: 0 });
    const res = await api.app.inject(raw(key, fixturePdf("headings.pdf"), toc));
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: "insufficient_credits", details: { credits_required: 1, credits_available: 0 } });
    expect(await orgCredits(api, orgId)).toEqual({ balance: 0, held: 0 });
  });
});
