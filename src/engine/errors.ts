// Typed engine failures. The engine knows nothing of HTTP: it throws a DocumentError
// carrying the SPEC.md code, and the API maps the code through the error catalogue.
// Page-level failures are not thrown: they become critical page warnings.

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

export function isDocumentError(err: unknown): err is DocumentError {
  return err instanceof Error && (err as DocumentError).name === "DocumentError" && typeof (err as DocumentError).code === "string";
}
