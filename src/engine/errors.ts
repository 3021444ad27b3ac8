// Typed engine failures. The engine knows nothing of HTTP: it throws a DocumentError
// carrying the SPEC.md code, and the API maps the code through the error catalogue.
// Page-level failures are not thrown: they become critical page warnings.
import { limits } from "../config/limits.js";

export const documentErrorCodes = [
  "pdf_invalid",
  "pdf_corrupt",
  "pdf_read_error",
  "pdf_parse_failed",
  "pdf_encrypted",
  "pdf_password_incorrect",
  "pdf_unsupported_security",
  "pdf_no_pages",
  "pdf_is_xfa",
  "pdf_extraction_not_permitted",
  "pdf_too_complex",
  "too_many_pages",
  "document_has_no_text_layer",
  "document_too_complex",
  "page_range_invalid",
  "page_range_zero",
  "page_range_reversed",
  "page_range_out_of_bounds",
  "page_range_too_complex",
  "conversion_timeout",
  "overloaded",
] as const;

export type DocumentErrorCode = (typeof documentErrorCodes)[number];

export class DocumentError extends Error {
  override readonly name = "DocumentError";
  constructor(
    readonly code: DocumentErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** 422 document_too_complex: the selection passed a document budget of DECISIONS.md §Conversion. */
export function documentTooComplex(what: string, details: Record<string, unknown>): DocumentError {
  return new DocumentError("document_too_complex", `The selection ${what}, past the document budget. Select fewer pages.`, details);
}

/** The pages' extraction time added up past limits.documentWallMsMax. */
export function documentWallExceeded(): DocumentError {
  return documentTooComplex(`took more than ${limits.documentWallMsMax / 1000} s of page extraction`, { extraction_ms_max: limits.documentWallMsMax });
}

export function isDocumentError(err: unknown): err is DocumentError {
  return err instanceof Error && (err as DocumentError).name === "DocumentError" && typeof (err as DocumentError).code === "string";
}

/** The request's deadline passed before every page was extracted (SPEC: 504 conversion_timeout). */
export class DeadlineExceeded extends DocumentError {
  constructor(readonly pagesCompleted: number) {
    super("conversion_timeout", "The conversion did not finish within the request's time limit.", {
      pages_completed: pagesCompleted,
    });
  }
}

/** Worker threads kept dying on this request: a server fault, not the document's (500). */
export class EngineCrashed extends Error {
  override readonly name = "EngineCrashed";
}
