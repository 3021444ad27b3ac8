// Steps 4 and 6, the document pass and assembly: the whole selection's extracted pages in, one Conversion out. Checks
// the document verdicts (budget, XFA placeholder, no text at all), tidies every page's lines,
// computes the document statistics once (body style, heading levels, running heads), renders
// each page (page.ts), and joins the pages into one Markdown document with per-page offsets,
// warnings and billing facts.
import { createHash } from "node:crypto";
import { limits } from "../../config/limits.js";
import { DocumentError, documentTooComplex } from "../errors.js";
import type { Line, PageModel, PageOutcome } from "../model.js";
import { isXfaPlaceholder } from "../extract/open.js";
import { computeDocumentStats } from "../layout/document_stats.js";
import { lineText, prepareLines } from "../layout/line_joining.js";
import { attachMarks } from "../layout/vector_bullets.js";
import { normalizeTitle, type OutlineHints, renderPage } from "./page.js";
import type { ConversionResult, DebugInfo, LinkFact, PageFacts, RenderOptions, TocEntry } from "../result.js";
import { createWarning, criticalPageWarningCodes, type CriticalPageWarningCode, type EngineWarning } from "../warnings.js";
import { ENGINE_VERSION } from "../version.js";

export interface AnalyseInput {
  pageCount: number;
  /** Selected pages, ascending. */
  selected: readonly number[];
  /** The selection as the caller wrote it (or the canonical form when omitted). */
  selectionExpression: string;
  /** One outcome per selected page that was processed, in page order. */
  outcomes: readonly PageOutcome[];
  outline: readonly TocEntry[] | null;
  hasXfa: boolean;
  options: RenderOptions;
}

export type AnalyseOutput = Omit<ConversionResult, "timings_ms">;

const PAGE_SEPARATOR = "\n\n";
const FINAL_NEWLINE_BYTES = 1;
const RULE_SEPARATOR = "\n\n---\n\n";

function outlineHints(outline: readonly TocEntry[] | null): OutlineHints {
  const hints: OutlineHints = new Map();
  for (const entry of outline ?? []) {
    if (entry.page === null || entry.title === "") continue;
    const byTitle = hints.get(entry.page) ?? new Map<string, number>();
    byTitle.set(normalizeTitle(entry.title), entry.level);
    hints.set(entry.page, byTitle);
  }
  return hints;
}

/** The extracted pages sorted by what became of them. */
interface Outcomes {
  models: PageModel[];
  /** Models with at least one character, in page order. */
  withText: PageModel[];
  /** Pages kept off the bill, by the critical warning that says why. */
  failed: Map<CriticalPageWarningCode, number[]>;
  wallByPage: Map<number, number>;
}

function sortOutcomes(outcomes: readonly PageOutcome[]): Outcomes {
  const models: PageModel[] = [];
  const failed = new Map<CriticalPageWarningCode, number[]>();
  const wallByPage = new Map<number, number>();
  const noteFailure = (code: CriticalPageWarningCode, page: number) => failed.set(code, [...(failed.get(code) ?? []), page]);
  for (const outcome of outcomes) {
    wallByPage.set(outcome.ok ? outcome.model.page : outcome.page, outcome.wallMs);
    if (outcome.ok) models.push(outcome.model);
    else noteFailure(outcome.code, outcome.page);
  }
  for (const m of models) if (m.chars === 0) noteFailure("page_has_no_text_layer", m.page);
  return { models, withText: models.filter((m) => m.chars > 0), failed, wallByPage };
}

/** The verdicts on the whole selection that end the conversion with a document error. */
function checkDocument(input: AnalyseInput, withText: readonly PageModel[], prepared: ReadonlyMap<number, Line[]>, failed: ReadonlyMap<CriticalPageWarningCode, number[]>): void {
  const documentChars = withText.reduce((sum, m) => sum + m.chars, 0);
  if (documentChars > limits.documentCharsMax) {
    throw documentTooComplex(`holds more than ${limits.documentCharsMax.toLocaleString("en-US")} characters`, { chars_max: limits.documentCharsMax });
  }
  if (input.hasXfa && withText.every((m) => isXfaPlaceholder(prepared.get(m.page)!.map(lineText).join(" ")))) {
    throw new DocumentError(
      "pdf_is_xfa",
      "The PDF is a dynamic XFA form: its pages hold only a placeholder and the content lives in the XFA stream, which this release does not render. Flatten the form to a regular PDF first.",
    );
  }
  // No page with text because the pages were lost to the page budget or to render failures
  // is not a missing text layer: the verdict names what happened (issue 12 item 4b).
  const overBudget = failed.get("page_budget_exceeded") ?? [];
  const renderFailed = failed.get("page_render_failed") ?? [];
  if (withText.length === 0 && overBudget.length > 0) {
    throw documentTooComplex(
      `lost every page with content to the per-page budget (${limits.pageWallMsMax / 1000} s or ${limits.pageCharsMax.toLocaleString("en-US")} characters a page): ${overBudget.length} page(s) over it${renderFailed.length > 0 ? `, ${renderFailed.length} failed to render` : ""}`,
      { pages_over_budget: overBudget, pages_render_failed: renderFailed },
    );
  }
  if (withText.length === 0 && renderFailed.length > 0 && (failed.get("page_has_no_text_layer") ?? []).length === 0) {
    throw new DocumentError(
      "pdf_parse_failed",
      `No selected page could be rendered (${renderFailed.length} page(s) failed); the document's page content could not be parsed. Re-export the document from its source application.`,
      { pages_render_failed: renderFailed },
    );
  }
  if (withText.length === 0) {
    throw new DocumentError(
      "document_has_no_text_layer",
      "No selected page has an extractable text layer (the document looks scanned or image-only), and this release has no OCR. Nothing was billed.",
    );
  }
}

/** The pages joined into one document, and the pages cut because the result grew too large. */
interface Assembled {
  markdown: string;
  pages: PageFacts[];
  links: LinkFact[];
  debugPages: DebugInfo["pages"];
  cut: number[];
}

interface PageRenderer {
  (model: PageModel): { markdown: string; columns: number; links: { url: string; text: string }[] };
}

function assemblePages(input: AnalyseInput, sorted: Outcomes, render: PageRenderer): Assembled {
  const separator = input.options.pageMarkers === "rule" ? RULE_SEPARATOR : PAGE_SEPARATOR;
  const out: Assembled = { markdown: "", pages: [], links: [], debugPages: [], cut: [] };
  const modelByPage = new Map(sorted.models.map((m) => [m.page, m]));
  let markdownBytes = 0;
  for (const page of input.selected) {
    const model = modelByPage.get(page);
    if (!model && !sorted.wallByPage.has(page)) continue; // not processed (deadline)
    // Once a page has been cut, every later page is cut too: the result ends at a page boundary.
    if (out.cut.length > 0) {
      out.cut.push(page);
      continue;
    }
    const rendered = model && model.chars > 0 ? render(model) : { markdown: "", columns: 0, links: [] };
    const text = rendered.markdown;
    const separatorBytes = out.markdown === "" ? 0 : separator.length;
    const textBytes = Buffer.byteLength(text, "utf8");
    // The final newline counts too: the delivered Markdown never passes the limit.
    if (text !== "" && markdownBytes + separatorBytes + textBytes + FINAL_NEWLINE_BYTES > limits.resultMarkdownBytesMax) {
      out.cut.push(page);
      continue;
    }
    let offset = out.markdown.length;
    if (text !== "") {
      out.markdown += out.markdown === "" ? "" : separator;
      offset = out.markdown.length;
      out.markdown += text;
      markdownBytes += separatorBytes + textBytes;
    }
    for (const l of rendered.links) out.links.push({ page, url: l.url, text: l.text });
    out.pages.push({ page, chars: model?.chars ?? 0, extraction: model?.extraction ?? null, markdown_offset: offset, markdown_length: text.length });
    out.debugPages.push({ page, extraction: model?.extraction ?? null, wall_ms: Math.round(sorted.wallByPage.get(page) ?? 0), columns: rendered.columns });
  }
  if (out.markdown !== "") out.markdown += "\n";
  return out;
}

/** metadata_unavailable always; one critical warning per code with its pages; result_truncated when cut. */
function documentWarnings(failed: ReadonlyMap<CriticalPageWarningCode, number[]>, cut: readonly number[]): EngineWarning[] {
  const warnings = [createWarning("metadata_unavailable")];
  for (const code of criticalPageWarningCodes) {
    const pages = failed.get(code);
    if (pages && pages.length > 0) warnings.push(createWarning(code, pages));
  }
  if (cut.length > 0) warnings.push(createWarning("result_truncated", cut));
  return warnings;
}

export function analyseDocument(input: AnalyseInput): AnalyseOutput {
  const { options } = input;
  const sorted = sortOutcomes(input.outcomes);
  const prepared = new Map<number, Line[]>(
    sorted.withText.map((m) => {
      const lines = prepareLines(m.lines);
      attachMarks(lines, m.marks);
      return [m.page, lines];
    }),
  );
  checkDocument(input, sorted.withText, prepared, sorted.failed);

  const stats = computeDocumentStats(sorted.withText, sorted.withText.map((m) => prepared.get(m.page)!));
  const hints = outlineHints(input.outline);
  const assembled = assemblePages(input, sorted, (model) => {
    const rendered = renderPage(model, prepared.get(model.page)!, stats, options, hints);
    return { ...rendered, markdown: options.unicode === "nfc" ? rendered.markdown.normalize("NFC") : rendered.markdown };
  });
  for (const page of assembled.cut) sorted.failed.set("page_budget_exceeded", [...(sorted.failed.get("page_budget_exceeded") ?? []), page]);

  const warnings = documentWarnings(sorted.failed, assembled.cut);
  const notBilled = new Set(warnings.filter((w) => !w.billed && w.scope === "page").flatMap((w) => w.pages));
  const pagesNotBilled = [...notBilled].sort((a, b) => a - b);
  const processed = input.outcomes.length;
  const result: AnalyseOutput = {
    engine: ENGINE_VERSION,
    markdown: assembled.markdown,
    content_sha256: createHash("sha256").update(assembled.markdown, "utf8").digest("hex"),
    page_count: input.pageCount,
    pages_selected: input.selectionExpression,
    pages_selected_count: input.selected.length,
    pages_processed: processed,
    pages_billed: processed - pagesNotBilled.length,
    pages_not_billed: pagesNotBilled,
    text_layer_coverage: Math.round((sorted.withText.length / Math.max(1, input.selected.length)) * 10_000) / 10_000,
    pages: assembled.pages,
    links: assembled.links,
    warnings,
  };
  if (options.debug) {
    result.debug = {
      pages: assembled.debugPages,
      heading_levels: stats.headings.map((h) => ({ size: h.size, bold: h.bold, level: h.level })),
      body_size: stats.body.size,
    };
  }
  return result;
}
