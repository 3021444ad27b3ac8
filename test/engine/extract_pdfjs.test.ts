// The pdf.js extractor (the fallback for pages and files MuPDF cannot read): on generated
// and checked-in PDFs, and on real documents of ../shared/pdfs when it is present.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { isDocumentError } from "../../src/engine/errors.js";
import { openDocument } from "../../src/engine/extract/open.js";
import {
  destroyPdfjsDocument,
  extractPagePdfjs,
  openPdfjsDocument,
  type PdfjsDocument,
} from "../../src/engine/extract/pdfjs/page.js";
import type { Line, PageModel } from "../../src/engine/model.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { corpus } from "../support/corpus.js";
import { brotliRotatedPdf, noTextLayerPdf, SHEET_INDEX_ROWS } from "../support/documents.js";

const fixturesDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../fixtures/pdf");

/** A file of ../shared/pdfs: only inside the corpus suites. */
function pdf(name: string): Uint8Array {
  return new Uint8Array(corpus.pdf(name));
}

function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(resolve(fixturesDir, name)));
}

function lineText(line: Line): string {
  return line.spans.map((s) => s.text).join("");
}

function expectInsidePage(model: PageModel): void {
  const boxes = [...model.lines, ...model.lines.flatMap((l) => l.spans), ...model.rules, ...model.links];
  for (const b of boxes) {
    expect(b.x0).toBeGreaterThanOrEqual(0);
    expect(b.y0).toBeGreaterThanOrEqual(0);
    expect(b.x1).toBeLessThanOrEqual(model.width);
    expect(b.y1).toBeLessThanOrEqual(model.height);
    expect(b.x0).toBeLessThanOrEqual(b.x1);
    expect(b.y0).toBeLessThanOrEqual(b.y1);
  }
}

async function withDocument<T>(bytes: Uint8Array, fn: (doc: PdfjsDocument) => Promise<T>, password?: string): Promise<T> {
  const doc = await openPdfjsDocument(bytes, password);
  try {
    return await fn(doc);
  } finally {
    await destroyPdfjsDocument(doc);
  }
}

describe.skipIf(!corpus.available)("extractPagePdfjs on a two-column paper (tracemonkey.pdf, page 1)", () => {
  let doc: PdfjsDocument;
  let model: PageModel;
  beforeAll(async () => {
    doc = await openPdfjsDocument(pdf("pdf.js/tracemonkey.pdf"));
    model = await extractPagePdfjs(doc, 1);
  });
  afterAll(async () => {
    await destroyPdfjsDocument(doc);
  });

  it("describes the page in the shared model", () => {
    expect(model.extraction).toBe("pdfjs");
    expect(model.page).toBe(1);
    expect(model.width).toBeCloseTo(612, 1);
    expect(model.height).toBeCloseTo(792, 1);
    expect(model.chars).toBeGreaterThan(3_000);
    expectInsidePage(model);
  });

  it("puts the bold title first, larger than the body, at the top of the page", () => {
    const [first, second] = model.lines;
    expect(lineText(first)).toBe("Trace-based Just-in-Time Type Specialization for Dynamic");
    expect(lineText(second)).toBe("Languages");
    const title = first.spans[0];
    expect(title.size).toBeGreaterThan(17);
    expect(title.size).toBeLessThan(19);
    expect(title.bold).toBe(true);
    expect(title.italic).toBe(false);
    expect(title.font).toBe("NimbusRomNo9L-Medi");
    expect(first.y0).toBeLessThan(100);

    const sizes = model.lines.flatMap((l) => l.spans.map((s) => s.size)).sort((a, b) => a - b);
    const median = sizes[Math.floor(sizes.length / 2)];
    expect(median).toBeLessThan(title.size / 1.5);
  });

  it("keeps footnote marks on their line and splits the columns", () => {
    const authors = model.lines.find((l) => lineText(l).startsWith("Andreas Gal"));
    expect(authors && lineText(authors)).toContain("Andreas Gal∗+, Brendan Eich∗");
    // Below the centred title block (affiliations end near y = 280).
    const body = model.lines.filter((l) => l.y0 > 330 && l.spans.every((s) => s.size < 10));
    expect(body.some((l) => l.x1 < 306)).toBe(true);
    expect(body.some((l) => l.x0 > 306)).toBe(true);
    // No body line bridges the gutter between the columns (x ≈ 293–317).
    expect(body.filter((l) => l.x0 < 290 && l.x1 > 320)).toEqual([]);
  });

  it("marks typewriter fonts as monospace, but not TeX symbol fonts", () => {
    const spans = model.lines.flatMap((l) => l.spans);
    const email = spans.find((s) => s.text.includes("@mozilla.com"));
    expect(email?.monospace).toBe(true);
    const star = spans.find((s) => s.text === "∗");
    expect(star?.font).toBe("CMSY8");
    expect(star?.monospace).toBe(false);
    expect(spans.every((s) => !/^[A-Z]{6}\+/.test(s.font))).toBe(true);
  });

  it("reads the rest of the document too", async () => {
    const page2 = await extractPagePdfjs(doc, 2);
    expect(page2.page).toBe(2);
    expect(page2.chars).toBeGreaterThan(3_000);
    expectInsidePage(page2);
  });
});

describe.skipIf(!corpus.available)("extractPagePdfjs on a single-column report (TAMReview.pdf, page 1)", () => {
  it("returns lines top to bottom, with the URI link and its underline", async () => {
    const model = await withDocument(pdf("pdf.js/TAMReview.pdf"), (doc) => extractPagePdfjs(doc, 1));
    expectInsidePage(model);
    for (let i = 1; i < model.lines.length; i++) {
      expect(model.lines[i].y0).toBeGreaterThanOrEqual(model.lines[i - 1].y0 - 5);
    }
    const heading = model.lines.find((l) => lineText(l).startsWith("Overview of the Technology"));
    expect(heading?.spans[0].bold).toBe(true);
    expect(heading?.spans[0].size).toBeGreaterThan(16);

    expect(model.links).toHaveLength(1);
    const link = model.links[0];
    expect(link.uri).toBe("http://creativecommons.org/licenses/by-nc-nd/3.0/");
    const licence = model.lines.find((l) => lineText(l).includes("Creative Commons Attribution"));
    expect(licence).toBeDefined();
    expect(link.y0).toBeLessThan(licence!.y1);
    expect(link.y1).toBeGreaterThan(licence!.y0);

    // The link is underlined with stroked segments just below the text.
    expect(model.rules.length).toBeGreaterThan(0);
    for (const rule of model.rules) {
      expect(rule.kind).toBe("stroke");
      expect(rule.y1 - rule.y0).toBeLessThan(2);
      expect(rule.y0).toBeGreaterThan(licence!.y0);
    }
  });

  it("replaces glyph codes without a Unicode mapping by U+FFFD", async () => {
    const model = await withDocument(pdf("pdf.js/TAMReview.pdf"), (doc) => extractPagePdfjs(doc, 2));
    const text = model.lines.map(lineText).join("\n");
    expect(text).toContain("\uFFFD");
    expect(/[\u0000-\u0008\u000e-\u001f]/.test(text)).toBe(false);
  });
});

describe("extractPagePdfjs on generated pages", () => {
  it("reads a rotated (270°) page that MuPDF cannot open (page tree in a Brotli object stream)", async () => {
    const bytes = new Uint8Array(brotliRotatedPdf());
    let mupdfError: unknown;
    try {
      openDocument(bytes.slice()).doc.destroy();
    } catch (err) {
      mupdfError = err;
    }
    expect(isDocumentError(mupdfError) ? mupdfError.code : mupdfError).toMatch(/^pdf_(corrupt|parse_failed|no_pages|read_error)$/);
    const model = await withDocument(bytes, (doc) => extractPagePdfjs(doc, 1));
    expect(model.extraction).toBe("pdfjs");
    expect(model.width).toBeGreaterThan(model.height);
    expect(model.lines.map(lineText)).toEqual(["SHEET INDEX", ...SHEET_INDEX_ROWS]);
    expect(model.rules).toHaveLength(SHEET_INDEX_ROWS.length + 1 + 3);
    for (const rule of model.rules) expect(rule.kind).toBe("stroke");
    expectInsidePage(model);
  });

  it("the engine falls back to pdf.js for the whole file: the conversion carries its text", async () => {
    const result = await convertDocument(openInProcess, { bytes: new Uint8Array(brotliRotatedPdf()), options: defaultRenderOptions });
    expect(result.pages_processed).toBe(1);
    for (const text of ["SHEET INDEX", ...SHEET_INDEX_ROWS]) expect(result.markdown).toContain(text);
  });

  it("reports no text layer as chars 0", async () => {
    const model = await withDocument(new Uint8Array(noTextLayerPdf()), (doc) => extractPagePdfjs(doc, 1));
    expect(model.chars).toBe(0);
    expect(model.lines).toEqual([]);
  });
});

describe.skipIf(!corpus.available)("extractPagePdfjs on real layouts beyond a plain page", () => {
  it("reads a rotated (270°) page that MuPDF cannot open", async () => {
    const model = await withDocument(pdf("pdf.js/Brotli-Prototype-FileA.pdf"), (doc) => extractPagePdfjs(doc, 1));
    expect(model.width).toBeGreaterThan(model.height);
    expect(model.lines.map(lineText)).toContain("SHEET INDEX");
    expect(model.rules.length).toBeGreaterThan(100);
    expectInsidePage(model);
  });

  it("marks vertical CJK writing with wmode 1", async () => {
    const model = await withDocument(pdf("pdf.js/vertical.pdf"), (doc) => extractPagePdfjs(doc, 1));
    expect(model.lines.map(lineText)).toEqual(["あいうえお", "日本語"]);
    for (const line of model.lines) {
      expect(line.wmode).toBe(1);
      expect(line.y1 - line.y0).toBeGreaterThan(line.x1 - line.x0);
    }
  });

  it("joins right-to-left text drawn piece by piece into one line", async () => {
    const model = await withDocument(pdf("pdf.js/issue11656.pdf"), (doc) => extractPagePdfjs(doc, 1));
    const mixed = model.lines.find((l) => lineText(l).includes("15"));
    expect(mixed && lineText(mixed)).toContain("לחיוב");
    expect(mixed && lineText(mixed)).toContain("המדינה");
  });

  it("reports no text layer as chars 0 (tagged_stamp.pdf)", async () => {
    const model = await withDocument(pdf("pdf.js/tagged_stamp.pdf"), (doc) => extractPagePdfjs(doc, 1));
    expect(model.chars).toBe(0);
    expect(model.lines).toEqual([]);
  });

  it("caps rules and links on a page full of them", async () => {
    // bug1978317.pdf page 1 carries 32,768 link annotations and hundreds of thousands of paths.
    const model = await withDocument(pdf("pdf.js/bug1978317.pdf"), (doc) => extractPagePdfjs(doc, 1));
    expect(model.rules).toHaveLength(5_000);
    expect(model.links).toHaveLength(5_000);
  });
});

describe("openPdfjsDocument", () => {
  it("leaves the caller's bytes intact", async () => {
    const bytes = fixture("headings.pdf");
    const copy = bytes.slice();
    const model = await withDocument(bytes, (doc) => extractPagePdfjs(doc, 1));
    expect(bytes).toEqual(copy);
    expect(lineText(model.lines[0])).toBe("Field Guide to Coastal Birds");
    expect(model.chars).toBeGreaterThan(500);
  });

  it("opens an encrypted file with its password (fixtures/pdf/encrypted.pdf, AES-256)", async () => {
    const model = await withDocument(fixture("encrypted.pdf"), (doc) => extractPagePdfjs(doc, 1), "secret");
    expect(lineText(model.lines[0])).toBe("Confidential Memo");
  });

  it("fails with pdf_encrypted without the password", async () => {
    await expect(openPdfjsDocument(fixture("encrypted.pdf"))).rejects.toMatchObject({ code: "pdf_encrypted" });
  });

  it("fails with pdf_password_incorrect for a wrong password", async () => {
    await expect(openPdfjsDocument(fixture("encrypted.pdf"), "wrong")).rejects.toMatchObject({
      code: "pdf_password_incorrect",
    });
  });

  it.skipIf(!corpus.available)("opens real files: issue6010_1.pdf with its password, pypdf/unencrypted.pdf", async () => {
    const model = await withDocument(pdf("pdf.js/issue6010_1.pdf"), (doc) => extractPagePdfjs(doc, 1), "abc");
    expect(model.lines.map(lineText)).toEqual(["Issue 6010"]);
    const bytes = pdf("pypdf/unencrypted.pdf");
    const plain = await withDocument(bytes, (doc) => extractPagePdfjs(doc, 1));
    expect(plain.lines.map(lineText)).toEqual(["pdf encryption test", "password: asdfzxcv"]);
    expect(plain.chars).toBe("pdfencryptiontestpassword:asdfzxcv".length);
  });

  it("lets other pdf.js failures through unchanged", async () => {
    await expect(openPdfjsDocument(new TextEncoder().encode("%PDF-1.7\nnot a pdf"))).rejects.toMatchObject({
      name: "InvalidPDFException",
    });
  });
});
