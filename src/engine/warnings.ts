// The warning catalogue: every warning the engine or the API attaches to a result, with its
// severity, scope, billing and message (SPEC.md §Warning, DECISIONS.md §Conversion and
// §POST /v1/toc). Owned by the engine because the engine decides which pages a warning
// takes off the bill; the API adds only each code's doc_url (src/errors/warnings.ts).
// Retired codes must not be reused: clients match on them.
import { limits } from "../config/limits.js";
import { canonicalSelection } from "./page_select.js";

export type WarningCode =
  | "engine_alias_floating"
  | "metadata_unavailable"
  | "page_has_no_text_layer"
  | "page_render_failed"
  | "page_budget_exceeded"
  | "result_truncated"
  | "outline_missing"
  | "page_text_unmapped";

export type WarningSeverity = "info" | "critical";
export type WarningScope = "document" | "page";

export interface EngineWarning {
  code: WarningCode;
  severity: WarningSeverity;
  scope: WarningScope;
  message: string;
  pages: number[];
  billed: boolean;
}

export interface WarningEntry {
  readonly severity: WarningSeverity;
  readonly scope: WarningScope;
  /** The `billed` flag: false when the pages concerned are kept off the bill. */
  readonly billed: boolean;
  /** The message for the pages concerned (sorted, unique; empty for document scope). */
  readonly message: (pages: readonly number[]) => string;
}

function pagesText(pages: readonly number[]): string {
  return `${pages.length === 1 ? "Page" : "Pages"} ${canonicalSelection(pages)}`;
}

const MIB = 1024 * 1024;

// Keyed by WarningCode: a code without an entry fails to compile.
const catalogue: Readonly<Record<WarningCode, WarningEntry>> = {
  engine_alias_floating: {
    severity: "info",
    scope: "document",
    billed: true,
    message: () => "The engine alias was used, so output may change when the engine is updated. Pin a version in options.engine for reproducible output.",
  },
  metadata_unavailable: {
    severity: "info",
    scope: "document",
    billed: true,
    message: () => "This release does not read the document's metadata dictionary; the document block carries measured values only.",
  },
  page_has_no_text_layer: {
    severity: "critical",
    scope: "page",
    billed: false,
    message: (pages) => `${pagesText(pages)}: no extractable text layer (scanned or image-only) and OCR is not available, so nothing was produced and nothing billed.`,
  },
  page_render_failed: {
    severity: "critical",
    scope: "page",
    billed: false,
    message: (pages) => `${pagesText(pages)}: the page could not be converted (neither extractor could read it, or laying out its text failed), so it was skipped and not billed.`,
  },
  page_budget_exceeded: {
    severity: "critical",
    scope: "page",
    billed: false,
    message: (pages) =>
      `${pagesText(pages)}: over the per-page budget (${limits.pageWallMsMax / 1000} s of extraction or ${limits.pageCharsMax.toLocaleString("en-US")} characters) or cut from a result over ${limits.resultMarkdownBytesMax / MIB} MiB, so not delivered and not billed.`,
  },
  result_truncated: {
    severity: "info",
    scope: "document",
    billed: false,
    message: (pages) =>
      `The Markdown passed ${limits.resultMarkdownBytesMax / MIB} MiB and was cut at a page boundary; ${pagesText(pages).toLowerCase()} were not delivered and not billed. Select fewer pages to receive them.`,
  },
  page_text_unmapped: {
    severity: "info",
    scope: "page",
    billed: true,
    message: (pages) =>
      `${pagesText(pages)}: ${limits.unmappedShareMin * 100} % or more of the characters have no Unicode mapping in the PDF's fonts and appear as U+FFFD; the text cannot be recovered from the text layer (OCR the page image instead).`,
  },
  outline_missing: {
    severity: "info",
    scope: "document",
    billed: false,
    message: () => "The document has no outline, so no entries were produced and nothing was billed.",
  },
};

export const warningCodes = Object.keys(catalogue) as readonly WarningCode[];

/**
 * The warnings that take their pages off the bill (SPEC.md §Cost function). Declared, not
 * derived, so the type narrows; test/errors/catalogue.test.ts checks it against the catalogue.
 */
export const criticalPageWarningCodes = ["page_has_no_text_layer", "page_render_failed", "page_budget_exceeded"] as const satisfies readonly WarningCode[];
export type CriticalPageWarningCode = (typeof criticalPageWarningCodes)[number];

export function isCriticalPageWarning(code: WarningCode): code is CriticalPageWarningCode {
  return (criticalPageWarningCodes as readonly WarningCode[]).includes(code);
}

export function warningEntry(code: WarningCode): WarningEntry {
  return catalogue[code];
}

/** A warning with the catalogue's severity, scope, billing and message; pages sorted and unique. */
export function createWarning(code: WarningCode, pages: readonly number[] = []): EngineWarning {
  const entry = catalogue[code];
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  return { code, severity: entry.severity, scope: entry.scope, message: entry.message(sorted), pages: sorted, billed: entry.billed };
}
