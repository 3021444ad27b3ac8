// The Conversion object of SPEC.md §Resources and the response headers that repeat its
// numbers, built from the engine's result and the settlement's figures.
import type { ConversionResult, EngineWarning } from "../engine/result.js";
import { createWarning } from "../engine/warnings.js";
import { toWireWarning, type WireWarning } from "../errors/warnings.js";

export interface Billing {
  creditsCharged: number;
  balanceAfter: number;
  cache: "miss" | "hit";
}

export interface ConversionView {
  id: string;
  object: "conversion";
  engine: string;
  created_at: string;
  document: {
    page_count: number;
    pages_selected: string;
    pages_selected_count: number;
    content_sha256: string;
    quality: { text_layer_coverage: number };
  };
  markdown: string;
  pages: ConversionResult["pages"] | null;
  links: ConversionResult["links"] | null;
  warnings: WireWarning[];
  warning_summary: Record<string, number>;
  timings_ms: ConversionResult["timings_ms"];
  usage: {
    pages_processed: number;
    pages_billed: number;
    pages_not_billed: number[];
    credits_charged: number;
    credit_balance_after: number;
    line_items: { kind: string; quantity: number; credits: number }[];
    cache: "miss" | "hit";
  };
  metadata?: Record<string, string>;
  debug?: ConversionResult["debug"];
}

export interface ViewOptions {
  id: string;
  createdAtMs: number;
  /** The request pinned no engine: SPEC adds engine_alias_floating. */
  engineFloating: boolean;
  /** DECISIONS.md: pages and links are null for a request that carried no option at all. */
  shortestForm: boolean;
  metadata: Record<string, string> | null;
  debug: boolean;
  /** {docs_url}: the base of the warnings' doc_url. */
  docsUrl: string;
}

export function warningSummary(warnings: readonly { code: string }[]): Record<string, number> {
  const summary: Record<string, number> = {};
  for (const w of warnings) summary[w.code] = (summary[w.code] ?? 0) + 1;
  return summary;
}

export function conversionView(result: ConversionResult, billing: Billing, o: ViewOptions): ConversionView {
  const engineWarnings: EngineWarning[] = o.engineFloating ? [createWarning("engine_alias_floating"), ...result.warnings] : [...result.warnings];
  const warnings = engineWarnings.map((w) => toWireWarning(w, o.docsUrl));
  const view: ConversionView = {
    id: o.id,
    object: "conversion",
    engine: result.engine,
    created_at: new Date(o.createdAtMs).toISOString(),
    document: {
      page_count: result.page_count,
      pages_selected: result.pages_selected,
      pages_selected_count: result.pages_selected_count,
      content_sha256: result.content_sha256,
      quality: { text_layer_coverage: result.text_layer_coverage },
    },
    markdown: result.markdown,
    pages: o.shortestForm ? null : result.pages,
    links: o.shortestForm ? null : result.links,
    warnings,
    warning_summary: warningSummary(warnings),
    timings_ms: result.timings_ms,
    usage: {
      pages_processed: result.pages_processed,
      pages_billed: result.pages_billed,
      pages_not_billed: result.pages_not_billed,
      credits_charged: billing.creditsCharged,
      credit_balance_after: billing.balanceAfter,
      line_items: [{ kind: "page_convert", quantity: result.pages_billed, credits: billing.creditsCharged }],
      cache: billing.cache,
    },
  };
  if (o.metadata) view.metadata = o.metadata;
  if (o.debug && result.debug) view.debug = result.debug;
  return view;
}

/** SPEC.md's response headers: every number of the conversion, for Accept: text/markdown. */
export function conversionHeaders(view: ConversionView): Record<string, string> {
  return {
    "x-svc-engine": view.engine,
    "x-svc-page-count": String(view.document.page_count),
    "x-svc-pages-processed": String(view.usage.pages_processed),
    "x-svc-pages-billed": String(view.usage.pages_billed),
    "x-svc-warning-count": String(view.warnings.length),
    "x-svc-warning-summary": Object.entries(view.warning_summary)
      .map(([code, n]) => `${code}=${n}`)
      .join(","),
    "x-credits-charged": String(view.usage.credits_charged),
    "x-credits-balance": String(view.usage.credit_balance_after),
    "x-credits-unit": "page",
  };
}
