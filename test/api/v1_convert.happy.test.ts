// POST /v1/convert, successful requests: the three encodings, every option of DECISIONS.md's
// table changing the output as documented, page expressions through HTTP, and Accept:
// text/markdown. Real app, real store, real engine pool (test/support/api.ts).
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_VERSION } from "../../src/engine/version.js";
import { startTestApi, type TestApi } from "../support/api.js";
import { corpus } from "../support/corpus.js";
import { criticalPages, filePart, fixtureMarkdown, fixturePdf, multipart, optionsPart, passwordPart, raw } from "../support/convert.js";
import { BOOK_PAGES_WITHOUT_TEXT, bookPdf } from "../support/documents.js";

let api: TestApi;
/** One funded live key for the whole file (requests stay under its 40-request burst). */
let key: string;
beforeAll(async () => {
  api = await startTestApi();
  ({ key } = await api.account({ credits: 5_000 }));
});
afterAll(async () => {
  await api.close();
});

/** A fresh funded key: each describe block gets its own organization, so meters stay idle. */
async function freshKey(credits = 2_000): Promise<string> {
  return (await api.account({ credits })).key;
}

describe("SPEC §POST /v1/convert: the three encodings", () => {
  it("raw bytes: application/pdf body with scalar options in the query string → 200 Conversion", async () => {
    const res = await api.app.inject(raw(key, fixturePdf("running-headers.pdf"), { query: "page_markers=rule&headers_footers=keep" }));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const body = res.json();
    expect(body).toMatchObject({ object: "conversion", engine: ENGINE_VERSION, document: { page_count: 3, pages_selected_count: 3 } });
    expect(body.id).toMatch(/^conv_/);
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
    expect(body.markdown).toContain("\n---\n");
    expect(Object.keys(body.timings_ms).sort()).toEqual(["convert", "encode", "parse", "total"]);
  });

  it("multipart: part `file`, part `options` (application/json) and part `password` → 200", async () => {
    const res = await api.app.inject(multipart(key, [filePart(fixturePdf("encrypted.pdf")), optionsPart({ page_markers: "rule" }), passwordPart("secret")]));
    expect(res.statusCode).toBe(200);
    expect(res.json().markdown).toContain("# Confidential Memo");
    expect(res.json().markdown).toContain("The board will meet on the first Monday of next month");
  });

  it("multipart: only the `file` part is the shortest form, like a bare raw body", async () => {
    const res = await api.app.inject(multipart(key, [filePart(fixturePdf("headings.pdf"))]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pages: null, links: null });
    expect(res.json().markdown.trim()).toBe(fixtureMarkdown("headings.md").trim());
  });
});

describe("DECISIONS §Options: every option changes the output as documented", () => {
  let k: string;
  beforeAll(async () => {
    k = await freshKey();
  });

  it("page_markers rule: a thematic break `---` between consecutive pages; none (default): no break", async () => {
    const pdf = fixturePdf("running-headers.pdf");
    const rule = (await api.app.inject(raw(k, pdf, { query: "page_markers=rule" }))).json().markdown as string;
    const none = (await api.app.inject(raw(k, pdf, { query: "page_markers=none" }))).json().markdown as string;
    expect(rule.split("\n").filter((l) => l === "---")).toHaveLength(2); // 3 pages, 2 breaks
    expect(none.split("\n").filter((l) => l === "---")).toHaveLength(0);
    // The same text; without markers a paragraph a page break cuts mid-sentence goes on.
    expect(rule.replace(/\n\n---\n\n/g, " ").replace(/\s+/g, " ")).toBe(none.replace(/\s+/g, " "));
  });

  it("headers_footers strip removes the running header and page numbers of running-headers.pdf; keep (default) leaves them", async () => {
    const pdf = fixturePdf("running-headers.pdf");
    const keep = (await api.app.inject(raw(k, pdf, { query: "headers_footers=keep" }))).json().markdown as string;
    const strip = (await api.app.inject(raw(k, pdf, { query: "headers_footers=strip" }))).json().markdown as string;
    expect(keep.match(/Harbour Authority - Annual Maintenance Report/g)).toHaveLength(3);
    expect(keep).toContain("Page 2 of 3");
    expect(strip).not.toContain("Harbour Authority - Annual Maintenance Report");
    expect(strip).not.toMatch(/Page \d of 3/);
  });

  it("normalize.dehyphenate true (the default, DECISIONS.md) joins words broken at line ends in hyphenation.pdf; false keeps the hyphen", async () => {
    const pdf = fixturePdf("hyphenation.pdf");
    const off = (await api.app.inject(multipart(k, [filePart(pdf), optionsPart({ normalize: { dehyphenate: false } })]))).json().markdown as string;
    const on = (await api.app.inject(multipart(k, [filePart(pdf), optionsPart({ normalize: { dehyphenate: true } })]))).json().markdown as string;
    const byDefault = (await api.app.inject(multipart(k, [filePart(pdf)]))).json().markdown as string;
    expect(off).toContain("impor-tant");
    expect(on).toContain("important");
    expect(on).not.toContain("impor-tant");
    expect(byDefault).toBe(on);
  });

  it.skipIf(!corpus.available)("normalize.unicode nfc returns NFC text; none (default) returns the text as extracted (decomposed here)", async () => {
    const pdf = corpus.pdf("pdf.js/issue8570.pdf"); // Japanese text whose extraction is not NFC
    const none = (await api.app.inject(multipart(k, [filePart(pdf), optionsPart({ normalize: { unicode: "none" } })]))).json().markdown as string;
    const nfc = (await api.app.inject(multipart(k, [filePart(pdf), optionsPart({ normalize: { unicode: "nfc" } })]))).json().markdown as string;
    expect(none).not.toBe(none.normalize("NFC"));
    expect(nfc).toBe(none.normalize("NFC"));
  });

  it("tables gfm (default) → pipe table, html → <table>, off → cells as plain text (table-ruled.pdf)", async () => {
    const pdf = fixturePdf("table-ruled.pdf");
    const md = async (tables: string) => (await api.app.inject(raw(k, pdf, { query: `tables=${tables}` }))).json().markdown as string;
    const gfm = await md("gfm");
    expect(gfm).toContain("| Region | Units sold | Revenue | Growth |");
    expect(gfm).toMatch(/\| --- \| --- \| --- \| --- \|/);
    expect(gfm.trim()).toBe(fixtureMarkdown("table-ruled.md").trim());
    const html = await md("html");
    expect(html).toContain("<table>");
    expect(html).toContain("<th>Region</th>");
    expect(html).toContain("<td>North</td>");
    expect(html).not.toContain("| Region |");
    const off = await md("off");
    expect(off).not.toContain("|");
    expect(off).not.toContain("<table>");
    expect(off).toContain("North 1,240 $48,300 4.2%");
  });

  it("debug true adds a `debug` object (per-page timings, extraction path, layout decisions); without it there is none", async () => {
    const pdf = fixturePdf("headings.pdf");
    const withDebug = (await api.app.inject(raw(k, pdf, { query: "debug=true" }))).json();
    expect(withDebug.debug.pages).toEqual([expect.objectContaining({ page: 1, extraction: "mupdf", wall_ms: expect.any(Number), columns: 1 })]);
    expect(withDebug.debug.heading_levels.length).toBeGreaterThan(0);
    const without = (await api.app.inject(raw(k, pdf, { query: "debug=false" }))).json();
    expect(without).not.toHaveProperty("debug");
  });

  it("engine pinned (the deployed version) → no engine_alias_floating; alias (default) → the warning; both echo the pinned version", async () => {
    const pdf = fixturePdf("code-block.pdf");
    const pinned = await api.app.inject(raw(k, pdf, { query: `engine=${ENGINE_VERSION}` }));
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json().engine).toBe(ENGINE_VERSION);
    expect(pinned.headers["x-svc-engine"]).toBe(ENGINE_VERSION);
    expect(pinned.json().warnings.map((w: { code: string }) => w.code)).not.toContain("engine_alias_floating");
    const alias = await api.app.inject(raw(k, pdf, { query: "engine=svc-md-1" }));
    expect(alias.json().engine).toBe(ENGINE_VERSION);
    expect(alias.json().warnings).toContainEqual(expect.objectContaining({ code: "engine_alias_floating", severity: "info", scope: "document", pages: [] }));
    // SPEC Document block: content_sha256 is the SHA-256 of exactly the Markdown served.
    for (const r of [pinned, alias]) expect(r.json().document.content_sha256).toBe(createHash("sha256").update(r.json().markdown, "utf8").digest("hex"));
  });

  it("a version this deployment no longer serves (svc-md-1.0.0, before the 1.1.0 defaults) → 404 engine_not_found listing what it has (docs/api.md, Engine versions)", async () => {
    const res = await api.app.inject(raw(k, fixturePdf("code-block.pdf"), { query: "engine=svc-md-1.0.0" }));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: "engine_not_found", details: { accepted_values: ["svc-md-1", ENGINE_VERSION] } });
  });

  it("metadata is echoed as `metadata` on the conversion (DECISIONS §Requests)", async () => {
    const metadata = { customer: "acme", batch: "2026-01", "ünïcode key": "välue" };
    const res = await api.app.inject(multipart(k, [filePart(fixturePdf("headings.pdf")), optionsPart({ metadata })]));
    expect(res.statusCode).toBe(200);
    expect(res.json().metadata).toEqual(metadata);
    expect(res.json().pages).not.toBeNull(); // metadata is an option: not the shortest form
  });
});

describe("DECISIONS: `pages` and `links` are null only for the shortest form", () => {
  let k: string;
  beforeAll(async () => {
    k = await freshKey();
  });

  it("no option at all → pages null and links null", async () => {
    const res = await api.app.inject(raw(k, fixturePdf("links.pdf")));
    expect(res.json()).toMatchObject({ pages: null, links: null });
  });

  it("any option, even a default value → links[] {page, url, text} from links.pdf", async () => {
    const res = await api.app.inject(raw(k, fixturePdf("links.pdf"), { query: "page_markers=none" }));
    expect(res.json().links).toEqual([
      { page: 1, url: "https://example.com/docs/install", text: "installation guide" },
      { page: 1, url: "https://example.com/docs/api", text: "API reference" },
      { page: 1, url: "https://forum.example.org/c/help", text: "community forum" },
      { page: 1, url: "https://example.com/releases", text: "Release notes" },
      { page: 1, url: "https://status.example.net/", text: "Status page" },
      { page: 1, url: "https://example.org/changelog", text: "https://example.org/changelog" },
    ]);
    expect(res.json().markdown.trim()).toBe(fixtureMarkdown("links.md").trim());
  });

  it("pages[] = {page, chars, extraction, markdown_offset, markdown_length}; the slices are the pages of `markdown` exactly", async () => {
    // headers_footers=keep: each page's slice is told apart by its own footer, "Page n of 3".
    const res = await api.app.inject(raw(k, fixturePdf("running-headers.pdf"), { query: "page_markers=rule&headers_footers=keep" }));
    const { markdown, pages } = res.json() as { markdown: string; pages: { page: number; chars: number; extraction: string; markdown_offset: number; markdown_length: number }[] };
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    for (const p of pages) {
      expect(p.extraction).toMatch(/^(mupdf|pdfjs)$/);
      expect(p.chars).toBeGreaterThan(0);
    }
    const slices = pages.map((p) => markdown.slice(p.markdown_offset, p.markdown_offset + p.markdown_length));
    slices.forEach((s, i) => {
      expect(s).toContain(`Page ${i + 1} of 3`);
      for (let other = 1; other <= 3; other++) if (other !== i + 1) expect(s).not.toContain(`Page ${other} of 3`);
    });
    expect(pages[0].markdown_offset).toBe(0);
    // Between two pages is exactly the page marker; after the last, nothing but the final newline.
    for (let i = 1; i < pages.length; i++) {
      expect(markdown.slice(pages[i - 1].markdown_offset + pages[i - 1].markdown_length, pages[i].markdown_offset)).toBe("\n\n---\n\n");
    }
    const last = pages[pages.length - 1];
    expect(markdown.slice(last.markdown_offset + last.markdown_length)).toMatch(/^\s*$/);
  });

  it("markdown_offset and markdown_length are UTF-16 offsets (non-Latin scripts slice cleanly)", async () => {
    const res = await api.app.inject(raw(k, fixturePdf("scripts-non-latin.pdf"), { query: "pages=1" }));
    const { markdown, pages } = res.json();
    expect(pages).toHaveLength(1);
    const slice = markdown.slice(pages[0].markdown_offset, pages[0].markdown_offset + pages[0].markdown_length);
    expect(slice.trim()).toBe(markdown.trim());
    expect(slice).toContain("早上海面很平静");
  });
});

describe("SPEC §Cost function and DECISIONS §Requests: page expressions through HTTP", () => {
  let k: string;
  beforeAll(async () => {
    k = await freshKey();
  });

  it("each unique page counts once: `11-15,13-17` selects 7 pages and bills 7 credits", async () => {
    const res = await api.app.inject(raw(k, bookPdf(), { query: "pages=11-15,13-17" }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.document).toMatchObject({ page_count: 352, pages_selected: "11-15,13-17", pages_selected_count: 7 });
    expect(body.usage).toMatchObject({ pages_processed: 7, pages_billed: 7, pages_not_billed: [], credits_charged: 7 });
    expect(body.pages.map((p: { page: number }) => p.page)).toEqual([11, 12, 13, 14, 15, 16, 17]);
  });

  it("`1-5,3-7` selects 7 pages; the bill is 7 minus the pages with a critical page warning (page 2, without text)", async () => {
    const res = await api.app.inject(raw(k, bookPdf(), { query: "pages=1-5,3-7" }));
    const body = res.json();
    expect(body.document.pages_selected_count).toBe(7);
    expect(body.usage.pages_not_billed).toEqual(BOOK_PAGES_WITHOUT_TEXT);
    expect(body.usage.pages_not_billed).toEqual(criticalPages(body.warnings));
    expect(body.usage.pages_billed).toBe(7 - body.usage.pages_not_billed.length);
    expect(body.usage.credits_charged).toBe(body.usage.pages_billed);
  });

  it("a bounded range past the end is clipped: `1-10` on a 3-page document selects 3 and bills 3", async () => {
    const res = await api.app.inject(raw(k, fixturePdf("running-headers.pdf"), { query: "pages=1-10" }));
    expect(res.statusCode).toBe(200);
    expect(res.json().document).toMatchObject({ page_count: 3, pages_selected: "1-10", pages_selected_count: 3 });
    expect(res.json().usage).toMatchObject({ pages_processed: 3, pages_billed: 3, credits_charged: 3 });
  });

  it("grammar: whitespace around tokens, `last` alone and as a range start, leading zeros", async () => {
    const pdf = fixturePdf("running-headers.pdf");
    const selected = async (pages: string) => {
      const res = await api.app.inject(multipart(k, [filePart(pdf), optionsPart({ pages })]));
      expect(res.statusCode).toBe(200);
      return res.json().pages.map((p: { page: number }) => p.page);
    };
    expect(await selected(" 1 - 2 , 3 ")).toEqual([1, 2, 3]);
    expect(await selected("last")).toEqual([3]);
    expect(await selected("last-last")).toEqual([3]);
    expect(await selected("02-last")).toEqual([2, 3]);
    expect(await selected("003")).toEqual([3]);
  });

  it("`pages` null in the options part selects every page", async () => {
    const res = await api.app.inject(multipart(k, [filePart(fixturePdf("running-headers.pdf")), optionsPart({ pages: null })]));
    expect(res.statusCode).toBe(200);
    expect(res.json().document.pages_selected_count).toBe(3);
  });
});

describe("SPEC §Response: Accept: text/markdown", () => {
  let k: string;
  beforeAll(async () => {
    k = await freshKey(1_000);
  });

  it("the body is the Markdown only, and every number is in the headers", async () => {
    const pdf = fixturePdf("blank-middle-page.pdf");
    const json = (await api.app.inject(raw(k, pdf))).json();
    const res = await api.app.inject(raw(k, pdf, { headers: { accept: "text/markdown" } }));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/markdown/);
    expect(res.body).toBe(json.markdown);
    expect(res.headers).toMatchObject({
      "x-svc-engine": ENGINE_VERSION,
      "x-svc-page-count": "3",
      "x-svc-pages-processed": "3",
      "x-svc-pages-billed": "2",
      "x-svc-warning-count": "3",
      "x-credits-charged": "2",
      "x-credits-balance": String(json.usage.credit_balance_after - 2),
      "x-credits-unit": "page",
    });
    expect(res.headers["x-svc-warning-summary"]!.toString().split(",").sort()).toEqual(["engine_alias_floating=1", "metadata_unavailable=1", "page_has_no_text_layer=1"]);
    expect(res.headers["x-request-id"]).toMatch(/^req_/);
  });

  it("the JSON response carries the same headers, matching its body", async () => {
    const res = await api.app.inject(raw(k, fixturePdf("running-headers.pdf"), { query: "pages=1-2" }));
    const body = res.json();
    expect(res.headers["x-svc-page-count"]).toBe(String(body.document.page_count));
    expect(res.headers["x-svc-pages-processed"]).toBe(String(body.usage.pages_processed));
    expect(res.headers["x-svc-pages-billed"]).toBe(String(body.usage.pages_billed));
    expect(res.headers["x-svc-warning-count"]).toBe(String(body.warnings.length));
    expect(res.headers["x-credits-charged"]).toBe(String(body.usage.credits_charged));
    expect(res.headers["x-credits-balance"]).toBe(String(body.usage.credit_balance_after));
    expect(res.headers["x-credits-unit"]).toBe("page");
  });

  it("DECISIONS §Clarifications: `text/*` and q-values choose Markdown; `*/*` and absent choose JSON", async () => {
    const pdf = fixturePdf("headings.pdf");
    const type = async (accept?: string) => (await api.app.inject(raw(k, pdf, { headers: accept ? { accept } : {} }))).headers["content-type"];
    expect(await type("text/*")).toMatch(/^text\/markdown/);
    expect(await type("application/json;q=0.5, text/markdown")).toMatch(/^text\/markdown/);
    expect(await type("*/*")).toMatch(/^application\/json/);
    expect(await type()).toMatch(/^application\/json/);
  });
});
