// Every limit of SPEC.md and DECISIONS.md, once. Units are the last word of each name.
// Error messages and docs quote these constants; test/config/limits.test.ts checks how
// they relate (a page's budget fits in the document's, which fits in the wall clock).

export const limits = {
  // Request shape (SPEC.md §Limits, request-shape limits)
  uploadBytesMax: 32 * 1024 * 1024, // 32 MiB, /v1/convert
  fileUploadBytesMax: 128 * 1024 * 1024, // 128 MiB, /v1/files (not enabled)
  documentPagesMax: 5_000, // pages per document on a paid account
  selectedPagesMax: 200, // pages selected per /v1/convert request
  testKeySelectedPagesMax: 5, // pages selected per request with a test key
  testKeyPagesPerMonthMax: 5_000, // test-key pages per organization per calendar month
  requestWallMsMax: 60_000, // 60 s hard wall clock
  requestBodyMsMax: 20_000, // 20 s from the first byte of the body
  pageExpressionCharsMax: 2_048,
  pageExpressionRangesMax: 1_000,
  holdCreditsMax: 200, // the synchronous ceiling: hold for an unbounded selection
  callerStringCharsMax: 128, // caller-supplied text quoted in an error message (SPEC.md §Errors)

  // Conversion budgets (DECISIONS.md §Conversion)
  pageCpuMsMax: 5_000, // 5 s of CPU for one page's extraction
  pageCharsMax: 2_000_000, // characters on one page
  documentCharsMax: 50_000_000, // characters across a request
  documentCpuMsMax: 45_000, // 45 s of CPU across a request
  resultMarkdownBytesMax: 16 * 1024 * 1024, // 16 MiB; beyond it the result is cut at a page boundary

  // Engine internals
  warningsPerDocumentMax: 1_000, // distinct warning objects kept per document
  outlineEntriesMax: 10_000, // outline entries walked for /v1/toc and heading hints
  outlineDepthMax: 32,
  pdfHeaderSearchBytesMax: 1_024, // `%PDF-` must start within the first 1,024 bytes
  workerHeapMbMax: 1_024, // V8 old generation of one worker thread
  poolQueueMax: 512, // page chunks waiting in the pool before the service answers 503
  pagesPerChunkMax: 8, // pages a worker extracts per task
  workerWasmBytesMax: 1_536 * 1024 * 1024, // 1.5 GiB of MuPDF's WASM memory (it can grow to 2 GiB and never shrinks)
  workerDocumentsCachedMax: 2, // opened documents a worker keeps between chunks of the same document
  poolCrashRetriesMax: 4, // resubmissions of one task whose thread died outside any page
} as const;

export type Limits = typeof limits;

/** Objects in a PDF's cross-reference table beyond which it is `pdf_too_complex`. */
export const pdfObjectsMax = 2_000_000;
