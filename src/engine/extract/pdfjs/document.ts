// Opening and closing documents with pdf.js: where its worker, CMaps and fonts live, the
// options that keep it to text and vectors, and its password failures as DocumentErrors.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { getDocument, GlobalWorkerOptions, PasswordResponses, type PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { DocumentError } from "../../errors.js";

export type PdfjsDocument = PDFDocumentProxy;

const pdfjsRequire = createRequire(import.meta.url);
const pdfjsRoot = dirname(pdfjsRequire.resolve("pdfjs-dist/package.json"));

// In Node pdf.js runs its "worker" in-process, loading it with a dynamic import of
// workerSrc. Its default ("./pdf.worker.mjs") only resolves while pdf.mjs stays in place
// beside it; the absolute URL of the installed module survives bundling and test runners.
GlobalWorkerOptions.workerSrc = pathToFileURL(join(pdfjsRoot, "legacy/build/pdf.worker.mjs")).href;

/** Opens a document with pdf.js. Password failures become DocumentErrors. */
export async function openPdfjsDocument(bytes: Uint8Array, password?: string): Promise<PdfjsDocument> {
  const task = getDocument({
    // pdf.js transfers (detaches) the buffer it is given; the caller's bytes must survive.
    data: new Uint8Array(bytes),
    password,
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    useWorkerFetch: false,
    verbosity: 0,
    stopAtErrors: false,
    // In Node these are read with fs.readFile, so plain directory paths with a trailing
    // slash are what the factories expect; without them CJK CMaps and the 14 standard fonts
    // fail to load and their text comes out empty.
    cMapUrl: join(pdfjsRoot, "cmaps") + "/",
    cMapPacked: true,
    standardFontDataUrl: join(pdfjsRoot, "standard_fonts") + "/",
    wasmUrl: join(pdfjsRoot, "wasm") + "/",
    iccUrl: join(pdfjsRoot, "iccs") + "/",
    // Text and rules never need pixels: skipping image decoding keeps getOperatorList cheap.
    maxImageSize: 0,
    // Node has neither; saying so here keeps a polyfilled global from switching them on.
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    // MuPDF reads the static page content of XFA files, not the form; the fallback must too.
    enableXfa: false,
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy();
    throw mapOpenError(err);
  }
}

function mapOpenError(err: unknown): unknown {
  if (!(err instanceof Error) || err.name !== "PasswordException") return err;
  const code = (err as Error & { code?: unknown }).code;
  if (code === PasswordResponses.INCORRECT_PASSWORD) {
    return new DocumentError("pdf_password_incorrect", "The password does not open this PDF.");
  }
  return new DocumentError("pdf_encrypted", "The PDF is encrypted and needs a password.");
}

export async function destroyPdfjsDocument(doc: PdfjsDocument): Promise<void> {
  await doc.loadingTask.destroy();
}
