// The warning catalogue: severity, scope, billing and reference link of every warning code
// (SPEC.md §Warning, DECISIONS.md §Conversion and §POST /v1/toc). The cost function reads
// criticalPageWarningCodes, so the pages a warning removes from the bill are decided here.
// Retired codes must not be reused: clients match on them.
import type { EngineWarning, WarningCode } from "../engine/result.js";
import { canonicalSelection } from "../engine/page_select.js";
import { DOCS_BASE_URL } from "./catalogue.js";

export type WarningSeverity = EngineWarning["severity"];
export type WarningScope = EngineWarning["scope"];

export interface WarningEntry {
  readonly severity: WarningSeverity;
  readonly scope: WarningScope;
  /** The `billed` flag: false when the pages concerned are kept off the bill. */
  readonly billed: boolean;
  /** Default message for the pages concerned (empty for document scope). */
  readonly message: (pages: readonly number[]) => string;
}

function pagesText(pages: readonly number[]): string {
  return `${pages.length === 1 ? "Page" : "Pages"} ${canonicalSelection(pages)}`;
}

// Keyed by the engine's WarningCode: a code the engine can emit without an entry fails to compile.
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
    message: () => "The document's metadata dictionary is not read in this release; the document block carries measured values only.",
  },
  page_has_no_text_layer: {
    severity: "critical",
    scope: "page",
    billed: false,
    message: (pages) => `${pagesText(pages)}: no extractable text layer and OCR is not available, so nothing was produced and nothing billed.`,
  },
  page_render_failed: {
    severity: "critical",
    scope: "page",
    billed: false,
    message: (pages) => `${pagesText(pages)}: extraction failed in both extractors, so nothing was produced and nothing billed.`,
  },
  page_budget_exceeded: {
    severity: "critical",
    scope: "page",
    billed: false,
    message: (pages) => `${pagesText(pages)}: over the per-page work budget or cut from an oversized result, so not delivered and not billed.`,
  },
  result_truncated: {
    severity: "info",
    scope: "document",
    billed: false,
    message: (pages) => `The Markdown result was over its size limit and was cut at a page boundary; pages ${canonicalSelection(pages)} were not delivered. Select fewer pages to receive them.`,
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
 * The warnings that remove their pages from the bill (SPEC.md §Cost function). Declared,
 * not derived, so the type narrows; the test checks it against the catalogue.
 */
export const criticalPageWarningCodes = ["page_has_no_text_layer", "page_render_failed", "page_budget_exceeded"] as const satisfies readonly WarningCode[];
export type CriticalPageWarningCode = (typeof criticalPageWarningCodes)[number];

export function isCriticalPageWarning(code: WarningCode): code is CriticalPageWarningCode {
  return (criticalPageWarningCodes as readonly WarningCode[]).includes(code);
}

export function warningEntry(code: WarningCode): WarningEntry {
  return catalogue[code];
}

export function warningDocUrl(code: WarningCode): string {
  return `${DOCS_BASE_URL}/warnings#${code}`;
}

/** An engine warning with the catalogue's severity, scope and billing; pages sorted and unique. */
export function createWarning(code: WarningCode, pages: readonly number[] = [], message?: string): EngineWarning {
  const spec = catalogue[code];
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  return {
    code,
    severity: spec.severity,
    scope: spec.scope,
    message: message ?? spec.message(sorted),
    pages: sorted,
    billed: spec.billed,
  };
}

export type WireWarning = EngineWarning & { doc_url: string };

/** The SPEC.md Warning object: the engine's warning plus its reference link. */
export function toWireWarning(warning: EngineWarning): WireWarning {
  return { ...warning, doc_url: warningDocUrl(warning.code) };
}
