// Stage 4–5 over the whole selection: document statistics, every page rendered, the pages
// joined into one Markdown document with per-page offsets, warnings and billing facts.
import { createHash } from "node:crypto";
import { limits } from "../../config/limits.js";
import { DocumentError } from "../errors.js";
import type { Line, PageModel, PageOutcome } from "../model.js";
import { isXfaPlaceholder } from "../extract/open.js";
import { computeDocumentStats } from "../layout/document_stats.js";
import { lineText, prepareLines } from "../layout/line_joining.js";
import { normalizeTitle, type OutlineHints, renderPage } from "./page.js";
import type { ConversionResult, DebugInfo, EngineWarning, LinkFact, PageFacts, RenderOptions, TocEntry, WarningCode } from "../result.js";
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

const WARNING_TEXT: Record<string, string> = {
  page_has_no_text_layer: "These pages have no extractable text layer (scanned or image-only); they produced nothing and were not billed.",
  page_render_failed: "These pages could not be read by either extractor; they were skipped and not billed.",
  page_budget_exceeded: `These pages exceeded the per-page budget (${limits.pageCpuMsMax / 1000} s of CPU or ${limits.pageCharsMax.toLocaleString("en-US")} characters, or the ${limits.resultMarkdownBytesMax / 1024 / 1024} MiB result size); they were not billed.`,
};

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

export function analyseDocument(input: AnalyseInput): AnalyseOutput {
  const { options } = input;
  const models: PageModel[] = [];
  const failed = new Map<WarningCode, number[]>();
  const noteFailure = (code: WarningCode, page: number) => failed.set(code, [...(failed.get(code) ?? []), page]);
  for (const outcome of input.outcomes) {
    if (outcome.ok) models.push(outcome.model);
    else noteFailure(outcome.code, outcome.page);
  }
  const withText = models.filter((m) => m.chars > 0);
  for (const m of models) if (m.chars === 0) noteFailure("page_has_no_text_layer", m.page);

  const prepared = new Map<number, Line[]>();
  let documentChars = 0;
  for (const m of withText) {
    prepared.set(m.page, prepareLines(m.lines));
    documentChars += m.chars;
  }
  if (documentChars > limits.documentCharsMax) {
    throw new DocumentError(
      "document_too_complex",
      `The selection holds more than ${limits.documentCharsMax.toLocaleString("en-US")} characters, past the document budget. Select fewer pages.`,
      { chars_max: limits.documentCharsMax },
    );
  }
  if (input.hasXfa && withText.every((m) => isXfaPlaceholder(prepared.get(m.page)!.map(lineText).join(" ")))) {
    throw new DocumentError(
      "pdf_is_xfa",
      "The PDF is a dynamic XFA form: its pages hold only a placeholder and the content lives in the XFA stream, which this release does not render. Flatten the form to a regular PDF first.",
    );
  }
  if (withText.length === 0) {
    throw new DocumentError(
      "document_has_no_text_layer",
      "No selected page has an extractable text layer (the document looks scanned or image-only), and this release has no OCR. Nothing was billed.",
    );
  }

  const stats = computeDocumentStats(withText, withText.map((m) => prepared.get(m.page)!));
  const hints = outlineHints(input.outline);
  const separator = options.pageMarkers === "rule" ? RULE_SEPARATOR : PAGE_SEPARATOR;
  const pages: PageFacts[] = [];
  const links: LinkFact[] = [];
  const debugPages: DebugInfo["pages"] = [];
  const modelByPage = new Map(models.map((m) => [m.page, m]));
  const cpuByPage = new Map(input.outcomes.map((o) => [o.ok ? o.model.page : o.page, o.cpuMs]));
  let markdown = "";
  let markdownBytes = 0;
  const cut: number[] = [];
  for (const page of input.selected) {
    const model = modelByPage.get(page);
    if (!model && !cpuByPage.has(page)) continue; // not processed (deadline)
    // Once a page has been cut, every later page is cut too: the result ends at a page boundary.
    if (cut.length > 0) {
      cut.push(page);
      continue;
    }
    let text = "";
    let columns = 0;
    let pageLinks: { url: string; text: string }[] = [];
    if (model && model.chars > 0) {
      const rendered = renderPage(model, prepared.get(page)!, stats, options, hints);
      text = options.unicode === "nfc" ? rendered.markdown.normalize("NFC") : rendered.markdown;
      columns = rendered.columns;
      pageLinks = rendered.links;
    }
    const separatorBytes = markdown === "" ? 0 : separator.length;
    const textBytes = Buffer.byteLength(text, "utf8");
    // The final newline counts too: the delivered Markdown never passes the limit.
    if (text !== "" && markdownBytes + separatorBytes + textBytes + FINAL_NEWLINE_BYTES > limits.resultMarkdownBytesMax) {
      cut.push(page);
      continue;
    }
    let offset = markdown.length;
    if (text !== "") {
      markdown += markdown === "" ? "" : separator;
      offset = markdown.length;
      markdown += text;
      markdownBytes += separatorBytes + textBytes;
    }
    for (const l of pageLinks) links.push({ page, url: l.url, text: l.text });
    pages.push({ page, chars: model?.chars ?? 0, extraction: model?.extraction ?? null, markdown_offset: offset, markdown_length: text.length });
    debugPages.push({ page, extraction: model?.extraction ?? null, cpu_ms: Math.round(cpuByPage.get(page) ?? 0), columns });
  }
  if (markdown !== "") markdown += "\n";
  for (const page of cut) noteFailure("page_budget_exceeded", page);

  const warnings: EngineWarning[] = [
    { code: "metadata_unavailable", severity: "info", scope: "document", message: "This release does not read the document's metadata dictionary; the document block carries measured values only.", pages: [], billed: true },
  ];
  const notBilled = new Set<number>();
  for (const code of ["page_has_no_text_layer", "page_render_failed", "page_budget_exceeded"] as const) {
    const list = failed.get(code);
    if (!list || list.length === 0) continue;
    const sorted = [...new Set(list)].sort((a, b) => a - b);
    sorted.forEach((p) => notBilled.add(p));
    warnings.push({ code, severity: "critical", scope: "page", message: WARNING_TEXT[code], pages: sorted, billed: false });
  }
  if (cut.length > 0) {
    warnings.push({
      code: "result_truncated",
      severity: "info",
      scope: "document",
      message: `The Markdown passed ${limits.resultMarkdownBytesMax / 1024 / 1024} MiB and was cut at a page boundary; the pages listed were not delivered and not billed.`,
      pages: cut,
      billed: false,
    });
  }
  const processed = input.outcomes.length;
  const pagesNotBilled = [...notBilled].sort((a, b) => a - b);
  const result: AnalyseOutput = {
    engine: ENGINE_VERSION,
    markdown,
    content_sha256: createHash("sha256").update(markdown, "utf8").digest("hex"),
    page_count: input.pageCount,
    pages_selected: input.selectionExpression,
    pages_selected_count: input.selected.length,
    pages_processed: processed,
    pages_billed: processed - pagesNotBilled.length,
    pages_not_billed: pagesNotBilled,
    text_layer_coverage: Math.round((withText.length / Math.max(1, input.selected.length)) * 10_000) / 10_000,
    pages,
    links,
    warnings,
  };
  if (options.debug) {
    result.debug = {
      pages: debugPages,
      heading_levels: stats.headings.map((h) => ({ size: h.size, bold: h.bold, level: h.level })),
      body_size: stats.body.size,
    };
  }
  return result;
}
