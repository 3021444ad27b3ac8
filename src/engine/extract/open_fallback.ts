// Step 1, open (docs/engine.md): the DocumentSource every path reads pages through. When
// MuPDF cannot open a damaged file at all, pdf.js gets one try at the whole
// document before the MuPDF verdict stands. pdf.js repairs some files MuPDF gives up on
// (brotli-compressed streams, broken page trees), and a partial text layer is worth more to
// the customer than an error. Encryption, permission and size verdicts are final: they are
// not damage.
import { limits } from "../../config/limits.js";
import { DocumentError, isDocumentError, type DocumentErrorCode } from "../errors.js";
import type { PageOutcome } from "../model.js";
import type { TocEntry } from "../result.js";
import { readOutline } from "./outline.js";
import { extractPages, type ExtractBudget } from "./pages.js";
import type { PdfjsDocument } from "./pdfjs/page.js";
import { openDocument, type OpenedDocument } from "./open.js";

const RESCUABLE: ReadonlySet<DocumentErrorCode> = new Set(["pdf_corrupt", "pdf_parse_failed", "pdf_no_pages", "pdf_read_error"]);
/** pdf.js's permission flag for copying text (PDF 32000-1, Table 22, bit 5). */
const PDFJS_PERMISSION_COPY = 16;

export type OpenedSource =
  /** MuPDF opened it; pdf.js is opened lazily for pages MuPDF fails on. */
  | { kind: "mupdf"; opened: OpenedDocument; pageCount: number; hasXfa: boolean }
  /** Only pdf.js could open it: every page is extracted by pdf.js. */
  | { kind: "pdfjs"; opened: null; pageCount: number; hasXfa: false; pdfjs: PdfjsDocument };

export async function openWithFallback(bytes: Uint8Array, password: string | undefined): Promise<OpenedSource> {
  try {
    const opened = openDocument(bytes, password);
    return { kind: "mupdf", opened, pageCount: opened.pageCount, hasXfa: opened.hasXfa };
  } catch (err) {
    if (!isDocumentError(err) || !RESCUABLE.has(err.code)) throw err;
    const rescued = await openWithPdfjs(bytes, password);
    if (!rescued) throw err;
    return rescued;
  }
}

async function openWithPdfjs(bytes: Uint8Array, password: string | undefined): Promise<OpenedSource | null> {
  const { openPdfjsDocument, destroyPdfjsDocument } = await import("./pdfjs/page.js");
  let doc: PdfjsDocument;
  try {
    doc = await openPdfjsDocument(bytes, password);
  } catch {
    return null;
  }
  const pageCount = doc.numPages;
  if (pageCount < 1) {
    await destroyPdfjsDocument(doc).catch(() => undefined);
    return null;
  }
  try {
    const permissions = await doc.getPermissions().catch(() => null);
    if (permissions && !permissions.includes(PDFJS_PERMISSION_COPY)) {
      throw new DocumentError(
        "pdf_extraction_not_permitted",
        "The PDF's permission settings forbid copying its text. Send the owner password, or a copy without that restriction.",
      );
    }
    if (pageCount > limits.documentPagesMax) {
      throw new DocumentError(
        "too_many_pages",
        `The PDF has ${pageCount.toLocaleString("en-US")} pages; at most ${limits.documentPagesMax.toLocaleString("en-US")} pages per document are accepted. Split the document.`,
        { page_count: pageCount, max_document_pages: limits.documentPagesMax },
      );
    }
  } catch (err) {
    await destroyPdfjsDocument(doc).catch(() => undefined);
    throw err;
  }
  return { kind: "pdfjs", opened: null, pageCount, hasXfa: false, pdfjs: doc };
}

/**
 * An opened document with its pdf.js fallback: the one way to read a document, in this
 * thread (convert.ts) and in a pool worker (worker.ts). pdf.js is loaded and the document
 * opened with it only when a page needs it: most documents never do.
 */
export class DocumentSource {
  // A failed pdf.js open is kept too: every later fallback page fails at once instead of
  // parsing the file again.
  #pdfjs: Promise<PdfjsDocument> | null;

  constructor(
    readonly source: OpenedSource,
    private readonly bytes: Uint8Array,
    private readonly password: string | undefined,
  ) {
    this.#pdfjs = source.kind === "pdfjs" ? Promise.resolve(source.pdfjs) : null;
  }

  get pageCount(): number {
    return this.source.pageCount;
  }

  get hasXfa(): boolean {
    return this.source.hasXfa;
  }

  /** The document outline, when MuPDF opened the file (pdf.js's outline is not read). */
  outline(): TocEntry[] | null {
    return this.source.kind === "mupdf" ? readOutline(this.source.opened.doc, this.source.pageCount) : null;
  }

  extract(pages: readonly number[], budget: ExtractBudget, onPageStart?: (page: number) => void): Promise<PageOutcome[]> {
    return extractPages(this.source.opened, pages, (page) => this.#extractWithPdfjs(page), budget, onPageStart);
  }

  async close(): Promise<void> {
    if (this.source.kind === "mupdf") this.source.opened.doc.destroy();
    const pdfjs = this.#pdfjs;
    if (!pdfjs) return;
    const { destroyPdfjsDocument } = await import("./pdfjs/page.js");
    await pdfjs.then(destroyPdfjsDocument).catch(() => undefined);
  }

  async #extractWithPdfjs(page: number) {
    const { openPdfjsDocument, extractPagePdfjs } = await import("./pdfjs/page.js");
    this.#pdfjs ??= openPdfjsDocument(this.bytes, this.password);
    return extractPagePdfjs(await this.#pdfjs, page);
  }
}

export async function openDocumentSource(bytes: Uint8Array, password: string | undefined): Promise<DocumentSource> {
  return new DocumentSource(await openWithFallback(bytes, password), bytes, password);
}
