// @svc-md/client: the official TypeScript client of svc-md (README.md).
export { SvcClient } from "./client.js";
export type { CallInfo, CallOptions, ConvertCallOptions, MarkdownConversion, SvcClientOptions } from "./client.js";
export { convertMany } from "./batch.js";
export type { BatchProgress, BatchResult, ConvertManyOptions } from "./batch.js";
export { verifyLedger } from "./verify_ledger.js";
export type { LedgerVerification } from "./verify_ledger.js";
export {
  ApiError,
  AuthenticationError,
  DocumentError,
  errorFromResponse,
  InvalidRequestError,
  isErrorCode,
  isSvcError,
  NotFoundError,
  OverloadedError,
  PaymentRequiredError,
  PermissionError,
  RateLimitError,
  SvcConnectionError,
  SvcError,
  TimeoutError,
} from "./errors.js";
export type { CodeOfType, ErrorBody, ErrorCode, ErrorEnvelope, ErrorType } from "./errors.js";
export { errorCatalogue } from "./generated/catalogue.js";
export { canonicalJson } from "./generated/canonical.js";
export { entryHash, GENESIS_HASH, ledgerKinds } from "./generated/ledger.js";
export type { LedgerEntry, LedgerKind } from "./generated/ledger.js";
export type { Account, Conversion, ConvertOptions, Toc, TocEntry, TocOptions, UsageRecordPage, UsageSummary, Warning } from "./generated/types.js";
export { defaultRetryPolicy } from "./retry.js";
export type { RetryEvent, RetryPolicy } from "./retry.js";
export type { PdfInput } from "./input.js";
