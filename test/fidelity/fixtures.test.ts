// Checks the checked-in fidelity fixtures: that they are what fixtures/src generates
// (so nobody edits a source without regenerating), and that each PDF really carries the
// feature it is named for, read back through MuPDF as the engine will read it.

import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as mupdf from "mupdf";
import { describe, expect, it } from "vitest";
import { buildFixture, parseSource, sha256Hex, type ManifestEntry } from "../../fixtures/build.js";
import { extractStructure, tokenize } from "./score.js";

const root = fileURLToPath(new URL("../../fixtures/", import.meta.url));
const manifest: ManifestEntry[] = JSON.parse(readFileSync(`${root}manifest.json`, "utf8"));
const sourceIds = readdirSync(`${root}src`)
  .filter((f) => f.endsWith(".md"))
  .map((f) => f.slice(0, -3))
  .sort();
const byId = new Map(manifest.map((e) => [e.id, e]));
const markdownCases = manifest.filter((e) => e.expect === "markdown");

interface Char {
  c: string;
  x: number;
  y: number;
  size: number;
  bold: boolean;
  italic: boolean;
  mono: boolean;
}

interface PageRead {
  text: string;
  chars: Char[];
  links: string[];
  rules: number;
}

function open(e: ManifestEntry): mupdf.Document {
  const doc = mupdf.Document.openDocument(readFileSync(`${root}${e.file}`), "application/pdf");
  if (doc.needsPassword()) expect(doc.authenticatePassword(e.password ?? "")).toBeGreaterThan(0);
  return doc;
}

function readPages(e: ManifestEntry): PageRead[] {
  const doc = open(e);
  const pages: PageRead[] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    const page = doc.loadPage(i);
    const st = page.toStructuredText("preserve-whitespace");
    const chars: Char[] = [];
    st.walk({
      onChar(c, origin, font, size) {
        chars.push({ c, x: origin[0], y: origin[1], size, bold: font.isBold(), italic: font.isItalic(), mono: font.isMono() });
      },
    });
    let rules = 0;
    const dev = new mupdf.Device({
      fillPath() {
        rules++;
      },
      strokePath() {
        rules++;
      },
    });
    page.run(dev, mupdf.Matrix.identity);
    dev.close();
    pages.push({ text: st.asText(), chars, links: page.getLinks().map((l) => l.getURI()), rules });
    st.destroy();
  }
  doc.destroy();
  return pages;
}

function expectedOf(e: ManifestEntry): string {
  return readFileSync(`${root}${e.expected_markdown}`, "utf8");
}

describe("fixture manifest", () => {
  it("lists every source and its variants, with files that match their hashes", () => {
    const ids = sourceIds.flatMap((id) => {
      const src = parseSource(id, readFileSync(`${root}src/${id}.md`, "utf8"));
      return [id, ...src.variants.map((v) => v.id)];
    });
    expect(manifest.map((e) => e.id).sort()).toEqual(ids.sort());
    for (const e of manifest) {
      const bytes = readFileSync(`${root}${e.file}`);
      expect(sha256Hex(bytes), e.id).toBe(e.sha256);
      expect(bytes.length, e.id).toBe(e.bytes);
      expect(bytes.length, `${e.id} should stay small`).toBeLessThan(64 * 1024);
      if (e.expect === "markdown") expect(expectedOf(e).length).toBeGreaterThan(0);
    }
  });

  it.each(sourceIds)("%s regenerates to the checked-in files", (id) => {
    const f = buildFixture(id, readFileSync(`${root}src/${id}.md`, "utf8"));
    const e = byId.get(id)!;
    if (f.source.build.encrypt) expect(sha256Hex(f.built.unencrypted)).toBe(e.unencrypted_sha256);
    else expect(sha256Hex(f.built.pdf)).toBe(e.sha256);
    expect(f.built.pages).toBe(e.pages);
    if (e.expect === "markdown") expect(f.expectedMarkdown).toBe(expectedOf(e));
  });
});

describe("fixture PDFs", () => {
  it.each(manifest.map((e) => [e.id, e] as const))("%s opens as its expectation says", (_id, e) => {
    const doc = mupdf.Document.openDocument(readFileSync(`${root}${e.file}`), "application/pdf");
    switch (e.expect) {
      case "pdf_encrypted":
        expect(doc.needsPassword()).toBe(true);
        break;
      case "pdf_password_incorrect":
        expect(doc.needsPassword()).toBe(true);
        expect(doc.authenticatePassword(e.password ?? "")).toBe(0);
        break;
      case "pdf_extraction_not_permitted":
        expect(doc.needsPassword()).toBe(false);
        expect(doc.hasPermission("copy")).toBe(false);
        break;
      case "markdown":
        if (doc.needsPassword()) expect(doc.authenticatePassword(e.password ?? "")).toBeGreaterThan(0);
        expect(doc.hasPermission("copy")).toBe(true);
        break;
      default:
        throw new Error(`unhandled expectation ${e.expect}`);
    }
    expect(doc.countPages()).toBe(e.pages);
    doc.destroy();
  });

  it.each(markdownCases.map((e) => [e.id, e] as const))("%s carries the expected text", (_id, e) => {
    const pages = readPages(e);
    const text = pages
      .map((p) => p.text)
      .join("\n")
      .replace(/(\p{L})-\n(\p{L})/gu, "$1$2");
    expect(text).not.toContain("\uFFFD");
    const have = new Map<string, number>();
    for (const t of tokenize(text)) have.set(t, (have.get(t) ?? 0) + 1);
    const missing = tokenize(extractStructure(expectedOf(e)).plainText).filter((t) => {
      const n = have.get(t) ?? 0;
      have.set(t, n - 1);
      return n <= 0;
    });
    expect(missing).toEqual([]);
    for (const w of e.warnings ?? []) {
      if (w.code === "page_has_no_text_layer") for (const p of w.pages) expect(pages[p - 1].chars.length).toBe(0);
    }
  });

  it("links: every expected link is a link annotation", () => {
    const e = byId.get("links")!;
    const uris = readPages(e).flatMap((p) => p.links);
    const want = extractStructure(expectedOf(e)).links.map((l) => l.url);
    expect(want.length).toBe(6);
    expect(uris.sort()).toEqual(want.sort());
  });

  it("headings: three sizes above the body text, all bold", () => {
    const chars = readPages(byId.get("headings")!)[0].chars;
    const sizes = [...new Set(chars.map((c) => Math.round(c.size)))].sort((a, b) => b - a);
    expect(sizes.length).toBe(4);
    const bodySize = Math.min(...sizes);
    expect(chars.filter((c) => Math.round(c.size) > bodySize && c.c.trim()).every((c) => c.bold)).toBe(true);
  });

  it("inline-emphasis and code-block use bold, italic and monospace fonts", () => {
    const emph = readPages(byId.get("inline-emphasis")!)[0].chars.filter((c) => c.size < 15);
    expect(emph.some((c) => c.bold && !c.italic)).toBe(true);
    expect(emph.some((c) => c.italic && !c.bold)).toBe(true);
    expect(emph.some((c) => c.italic && c.bold)).toBe(true);
    const code = readPages(byId.get("code-block")!)[0].chars;
    expect(code.filter((c) => c.mono).length).toBeGreaterThan(200);
  });

  it("table-ruled has ruling lines and other fixtures have none", () => {
    expect(readPages(byId.get("table-ruled")!)[0].rules).toBeGreaterThanOrEqual(16);
    expect(readPages(byId.get("headings")!)[0].rules).toBe(0);
  });

  it("two-column sets two columns side by side under a full-width title", () => {
    const page = readPages(byId.get("two-column")!)[0];
    const mid = 306;
    const body = page.chars.filter((c) => c.size < 15 && c.c.trim());
    const left = body.filter((c) => c.x < mid);
    const right = body.filter((c) => c.x > mid);
    expect(left.length).toBeGreaterThan(500);
    expect(right.length).toBeGreaterThan(500);
    // Side by side: the right column starts well above where the left one ends.
    expect(Math.min(...right.map((c) => c.y))).toBeLessThan(Math.max(...left.map((c) => c.y)) - 200);
  });

  it("running-headers repeats its header and numbered footer on every page", () => {
    const pages = readPages(byId.get("running-headers")!);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((p, i) => {
      expect(p.text).toContain("Harbour Authority - Annual Maintenance Report");
      expect(p.text).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(byId.get("running-headers")!.options).toEqual({ headers_footers: "strip" });
  });

  it("hyphenation has lines that end in a hyphen inside a word", () => {
    const text = readPages(byId.get("hyphenation")!)[0].text;
    expect(text.split("\n").filter((l) => /\p{L}-$/u.test(l.trimEnd())).length).toBeGreaterThanOrEqual(3);
    expect(byId.get("hyphenation")!.options).toEqual({ normalize: { dehyphenate: true } });
  });

  it("scripts-non-latin holds Greek, Cyrillic, Han and kana text", () => {
    const text = readPages(byId.get("scripts-non-latin")!)[0].text;
    for (const re of [/\p{Script=Greek}/u, /\p{Script=Cyrillic}/u, /\p{Script=Han}/u, /\p{Script=Hiragana}/u]) expect(text).toMatch(re);
  });

  it("markdown-literal keeps Markdown-looking characters as plain text at line starts", () => {
    const lines = readPages(byId.get("markdown-literal")!)[0].text.split("\n").map((l) => l.trim());
    for (const start of ["# This line", "* This line", "- This line", "1. This line", "> This line", "| this |"]) {
      expect(lines.some((l) => l.startsWith(start)), start).toBe(true);
    }
  });
});
