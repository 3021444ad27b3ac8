// Step 1, open: open a PDF with MuPDF and classify every way that can fail into the document
// error codes of SPEC.md (DECISIONS.md §Clarifications, "Damaged files").
import { limits, pdfObjectsMax } from "../../config/limits.js";
import { DocumentError } from "../errors.js";
import { hasRawObjects, mupdf, takeMupdfLog, wasm } from "./mupdf_runtime.js";
import { producerHyphenates } from "./producers.js";

type MupdfDocument = InstanceType<typeof mupdf.Document>;

export interface OpenedDocument {
  doc: MupdfDocument;
  pageCount: number;
  /** The catalog carries an XFA form: pages may hold only a "Please wait" placeholder. */
  hasXfa: boolean;
  /** MuPDF rebuilt the cross-reference table to open the file. */
  repaired: boolean;
  /** The producer may have hyphenated words at line ends (extract/producers.ts). */
  hyphenates: boolean;
}

const PDF_MAGIC = "%PDF-";

// MuPDF's messages for the encryption handlers it does not implement (public-key
// security, custom filters, malformed standard-handler dictionaries).
const UNSUPPORTED_SECURITY = /encryption dictionary|crypt filter|crypt handler|unsupported encryption|unknown encryption|encryption revision|security handler/i;

export function hasPdfHeader(bytes: Uint8Array): boolean {
  // The header may start anywhere in the first 1,024 bytes, so read 4 bytes past that.
  const headLength = Math.min(bytes.length, limits.pdfHeaderSearchBytesMax + PDF_MAGIC.length - 1);
  // Byte by byte: it is nearly always at the first, and a Buffer made to search with its
  // indexOf (a call into Node) cost more than the search (issue 9: speed).
  for (let at = 0; at + PDF_MAGIC.length <= headLength; at++) if (startsWithMagic(bytes, at)) return true;
  return false;
}

function startsWithMagic(bytes: Uint8Array, at: number): boolean {
  for (let k = 0; k < PDF_MAGIC.length; k++) if (bytes[at + k] !== PDF_MAGIC.charCodeAt(k)) return false;
  return true;
}

function endsWithEof(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + Math.max(0, bytes.length - 2048), Math.min(2048, bytes.length));
  return tail.indexOf("%%EOF", 0, "latin1") !== -1;
}

// An indirect object's header (`12 0 obj`): the file declares PDF structure.
const OBJECT_HEADER = /\d{1,10}[ \t\r\n\f\0]+\d{1,5}[ \t\r\n\f\0]+obj\b/;
/** How much of a damaged file is searched for an object header. */
const OBJECT_SEARCH_BYTES_MAX = 4 * 1024 * 1024;

function declaresObjects(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, OBJECT_SEARCH_BYTES_MAX));
  return OBJECT_HEADER.test(head.toString("latin1"));
}

function damaged(bytes: Uint8Array, reason: string): DocumentError {
  // Every complete PDF ends with %%EOF. A damaged file that declares objects and has none
  // stopped short of the structure it declares (a truncated upload); a header followed by
  // noise declares nothing, and is corrupt, not cut short (SPEC.md, DECISIONS.md).
  if (!endsWithEof(bytes) && declaresObjects(bytes)) {
    return new DocumentError(
      "pdf_read_error",
      "The PDF ends before the structure it declares is complete (the upload may be truncated). Upload the whole file.",
    );
  }
  return new DocumentError(
    "pdf_corrupt",
    `The PDF structure is damaged beyond repair (${reason}). Re-export the document from its source application.`,
  );
}

/**
 * The bytes as MuPDF.js takes them with one copy: given a Uint8Array it copies the bytes
 * into a new array before copying them into WebAssembly memory, given an ArrayBuffer it only
 * views it. A view of part of a buffer (or of shared memory) goes as it is.
 */
function wholeBuffer(bytes: Uint8Array): Uint8Array | ArrayBuffer {
  return bytes.byteOffset === 0 && bytes.buffer instanceof ArrayBuffer && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes;
}

/**
 * Opens `bytes` as a PDF, authenticating with `password` when the document needs one.
 * Throws DocumentError for every document-level failure; never returns a document that
 * cannot be paged through.
 */
export function openDocument(bytes: Uint8Array, password?: string): OpenedDocument {
  if (!hasPdfHeader(bytes)) {
    throw new DocumentError(
      "pdf_invalid",
      `The upload is not a PDF: no "%PDF-" header in its first ${limits.pdfHeaderSearchBytesMax} bytes. Send the PDF file itself.`,
    );
  }
  takeMupdfLog();
  let doc: MupdfDocument;
  try {
    doc = mupdf.Document.openDocument(wholeBuffer(bytes), "application/pdf");
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    takeMupdfLog();
    if (UNSUPPORTED_SECURITY.test(message)) {
      throw new DocumentError(
        "pdf_unsupported_security",
        "The PDF uses an encryption handler this service cannot open (only the standard password handler is supported). Remove the protection and retry.",
      );
    }
    throw damaged(bytes, "MuPDF could not rebuild its cross-reference table");
  }
  try {
    return inspectOpened(doc, bytes, password);
  } catch (err) {
    doc.destroy();
    throw err;
  }
}

function inspectOpened(doc: MupdfDocument, bytes: Uint8Array, password: string | undefined): OpenedDocument {
  const pdf = doc.asPDF();
  if (doc.needsPassword()) {
    if (password === undefined || password === "") {
      throw new DocumentError(
        "pdf_encrypted",
        "The PDF is password-protected. Send its password in the multipart part named `password`.",
      );
    }
    if (!passwordCandidates(password).some((candidate) => doc.authenticatePassword(candidate) !== 0)) {
      throw new DocumentError(
        "pdf_password_incorrect",
        "The password supplied for this PDF is wrong. Check the `password` part and retry.",
      );
    }
  }
  if (!doc.hasPermission("copy")) {
    throw new DocumentError(
      "pdf_extraction_not_permitted",
      "The PDF's permission settings forbid copying its text. Send the owner password, or a copy without that restriction.",
    );
  }
  if (pdf && pdf.countObjects() > pdfObjectsMax) {
    throw new DocumentError(
      "pdf_too_complex",
      `The PDF holds more than ${pdfObjectsMax.toLocaleString("en-US")} objects, more than this service parses. Split the document.`,
      { objects_max: pdfObjectsMax },
    );
  }
  let pageCount: number;
  try {
    pageCount = doc.countPages();
  } catch (err) {
    throw new DocumentError(
      "pdf_parse_failed",
      `The PDF's page tree could not be parsed (${err instanceof Error ? err.message.slice(0, 80) : "unknown fault"}). Re-export the document.`,
    );
  }
  const repaired = pdf?.wasRepaired() ?? false;
  const log = takeMupdfLog();
  if (pageCount === 0) {
    if (repaired) throw damaged(bytes, "no page survived repair");
    if (log.some((line) => /error/i.test(line))) {
      throw new DocumentError(
        "pdf_parse_failed",
        "The PDF's page tree refers to objects that fail to parse, so no page could be loaded. Re-export the document.",
      );
    }
    throw new DocumentError("pdf_no_pages", "The PDF is valid but has no pages. Send a document with at least one page.");
  }
  if (pageCount > limits.documentPagesMax) {
    throw new DocumentError(
      "too_many_pages",
      `The PDF has ${pageCount.toLocaleString("en-US")} pages; at most ${limits.documentPagesMax.toLocaleString("en-US")} pages per document are accepted. Split the document.`,
      { page_count: pageCount, max_document_pages: limits.documentPagesMax },
    );
  }
  return { doc, pageCount, hasXfa: pdf ? catalogHasXfa(pdf) : false, repaired, hyphenates: producerHyphenates(readProducer(doc)) };
}

// PDF 2.0 (AES-256, revision 6) prepares passwords with SASLprep; older writers did not.
// Trying the typed password first and its prepared form second opens both kinds.
function passwordCandidates(password: string): string[] {
  const prepared = password
    .replace(/[\u00ad\u034f\u1806\u180b-\u180d\u200b-\u200d\u2060\ufe00-\ufe0f\ufeff]/g, "")
    .replace(/[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g, " ")
    .normalize("NFKC");
  return prepared === password ? [password] : [password, prepared];
}

/** The Info dictionary's /Producer; undefined where it has none or it cannot be read. */
function readProducer(doc: MupdfDocument): string | undefined {
  try {
    return doc.getMetaData("info:Producer") || undefined;
  } catch {
    return undefined;
  }
}

/** A C string in MuPDF's heap, made once per thread: a dictionary key catalogHasXfa asks. */
function heapString(text: string): number {
  const size = wasm.lengthBytesUTF8(text) + 1;
  const pointer = wasm._wasm_malloc(size) as number;
  wasm.stringToUTF8(text, pointer, size);
  return pointer;
}
/** The keys catalogHasXfa asks, made on its first call. */
let xfaKeys: { root: number; acroForm: number; xfa: number } | null = null;

function catalogHasXfa(pdf: NonNullable<ReturnType<MupdfDocument["asPDF"]>>): boolean {
  try {
    if (!hasRawObjects) return catalogHasXfaByWrappers(pdf);
    // Through the raw accessors, which lend the objects (MuPDF.js's get() keeps each one and
    // registers it with a finalizer, and allocates its key: issue 9, speed). Step by step:
    // most documents have no form, and an absent object is 0.
    xfaKeys ??= { root: heapString("Root"), acroForm: heapString("AcroForm"), xfa: heapString("XFA") };
    const root = wasm._wasm_pdf_dict_gets(wasm._wasm_pdf_trailer(pdf.pointer), xfaKeys.root) as number;
    if (root === 0) return false;
    const form = wasm._wasm_pdf_dict_gets(root, xfaKeys.acroForm) as number;
    if (form === 0) return false;
    return wasm._wasm_pdf_dict_gets(form, xfaKeys.xfa) !== 0;
  } catch {
    // A damaged trailer or catalog: no XFA form can be read from it either.
    return false;
  }
}

/** catalogHasXfa through MuPDF.js's objects, where the raw accessors are not this thread's. */
function catalogHasXfaByWrappers(pdf: NonNullable<ReturnType<MupdfDocument["asPDF"]>>): boolean {
  try {
    // Step by step: MuPDF.js's null object throws on get(), and most documents have no
    // form, so chaining the gets cost every document an exception (0.14 ms, issue 9: speed).
    const root = pdf.getTrailer().get("Root");
    if (root.isNull()) return false;
    const form = root.get("AcroForm");
    if (form.isNull()) return false;
    return !form.get("XFA").isNull();
  } catch {
    // A damaged trailer or catalog: no XFA form can be read from it either.
    return false;
  }
}

// Dynamic XFA forms carry this placeholder as their only page content.
const XFA_PLACEHOLDER = /Please wait\.{3}[\s\S]{0,40}If this message is not eventually replaced/i;

/** True when a page's text is only the placeholder a dynamic XFA form shows to non-XFA readers. */
export function isXfaPlaceholder(text: string): boolean {
  return XFA_PLACEHOLDER.test(text);
}
