// Step 3, extract: extract a run of pages into page models. MuPDF first; a page on which MuPDF
// throws is retried with pdf.js into the same model; a page on which both fail, or which
// passes its budget, becomes a critical page outcome instead of a model.
import { limits } from "../../config/limits.js";
import type { PageOutcome } from "../model.js";
import { extractPageMupdf } from "./mupdf_page.js";
import type { OpenedDocument } from "./open.js";

/** Opens the pdf.js fallback lazily: most documents never need it. */
export type PdfjsPageExtractor = (page: number) => Promise<import("../model.js").PageModel>;

export interface ExtractBudget {
  /** Epoch ms after which no further page is started. */
  deadlineMs: number;
  /** No further page is started once the pages' wall time adds up past this (absent: no cap). */
  wallMsMax?: number;
}

/** `opened` is null when only pdf.js could open the document: every page goes to the fallback. */
export async function extractPages(
  opened: OpenedDocument | null,
  pages: readonly number[],
  fallback: PdfjsPageExtractor,
  budget: ExtractBudget,
  onPageStart?: (page: number) => void,
): Promise<PageOutcome[]> {
  const outcomes: PageOutcome[] = [];
  let wallMs = 0;
  for (const page of pages) {
    if (Date.now() > budget.deadlineMs || wallMs > (budget.wallMsMax ?? Infinity)) break;
    onPageStart?.(page);
    const outcome = await extractOnePage(opened, page, fallback);
    wallMs += outcome.wallMs;
    outcomes.push(outcome);
  }
  return outcomes;
}

async function extractOnePage(opened: OpenedDocument | null, page: number, fallback: PdfjsPageExtractor): Promise<PageOutcome> {
  const started = performance.now();
  let model;
  try {
    if (!opened) throw new Error("MuPDF could not open this document");
    model = extractPageMupdf(opened.doc, page - 1, opened.hyphenates);
  } catch {
    try {
      model = await fallback(page);
    } catch {
      return { ok: false, page, code: "page_render_failed", wallMs: performance.now() - started };
    }
  }
  const wallMs = performance.now() - started;
  // A page that ran past its budget is not billed even when it finished: the budget is the
  // promise of what a page may cost, and a page this large is almost always generated junk.
  if (wallMs > limits.pageWallMsMax || model.chars > limits.pageCharsMax) {
    return { ok: false, page, code: "page_budget_exceeded", wallMs };
  }
  return { ok: true, model, wallMs };
}
