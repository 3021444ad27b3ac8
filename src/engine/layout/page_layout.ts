// Step 3b, each page in the thread that extracted it: the lines tidied (line_joining.ts),
// vector bullets attached, and the page digested for the document pass. The laid-out page
// stays in that thread until step 5 renders it there; only its summary crosses threads, so
// the main thread never copies, nor walks, a page's lines.
import { isXfaPlaceholder } from "../extract/open.js";
import type { ExtractionPath, Line, PageModel, PageOutcome } from "../model.js";
import { digestPage, type PageDigest } from "./document_stats.js";
import { lineText } from "./lines.js";
import { prepareLines } from "./line_joining.js";
import { attachMarks } from "./vector_bullets.js";

/** A page ready to render: its model and its tidied lines. */
export interface LaidOutPage {
  model: PageModel;
  lines: Line[];
}

/** What the document pass and the bill need of a laid-out page. */
export interface PageSummary {
  page: number;
  /** Extractable characters (whitespace excluded); 0 means no text layer. */
  chars: number;
  /** Of those, the ones no font mapped to Unicode (U+FFFD in the text). */
  unmappedChars: number;
  extraction: ExtractionPath;
  /** Null for a page without text, which is neither analysed nor rendered. */
  digest: PageDigest | null;
  /** In a document with an XFA form: the page holds only the viewer's "please wait" placeholder. */
  xfaPlaceholder: boolean;
}

/** Per-page outcome of extraction and layout: a summary, or the critical warning that replaces the page. */
export type LaidOutOutcome = { ok: true; summary: PageSummary; wallMs: number } | Extract<PageOutcome, { ok: false }>;

export function layOutPage(model: PageModel, hasXfa: boolean): { page: LaidOutPage | null; summary: PageSummary } {
  const facts = { page: model.page, chars: model.chars, unmappedChars: model.unmappedChars, extraction: model.extraction };
  if (model.chars === 0) return { page: null, summary: { ...facts, digest: null, xfaPlaceholder: false } };
  const lines = prepareLines(model.lines, { rightToLeft: model.rightToLeft });
  attachMarks(lines, model.marks);
  const xfaPlaceholder = hasXfa && isXfaPlaceholder(lines.map(lineText).join(" "));
  return { page: { model, lines }, summary: { ...facts, digest: digestPage(model, lines), xfaPlaceholder } };
}

/** Lays out each extracted page, keeping the laid-out pages in `held` by page number. */
export function layOutOutcomes(outcomes: readonly PageOutcome[], hasXfa: boolean, held: Map<number, LaidOutPage>): LaidOutOutcome[] {
  return outcomes.map((outcome) => {
    if (!outcome.ok) return outcome;
    // A fault in the layout heuristics costs its page, not the document (render/page.ts's
    // renderLaidOutPage does the same for step 5).
    let laid: ReturnType<typeof layOutPage>;
    try {
      laid = layOutPage(outcome.model, hasXfa);
    } catch {
      return { ok: false, page: outcome.model.page, code: "page_render_failed", wallMs: outcome.wallMs };
    }
    const { page, summary } = laid;
    if (page) held.set(summary.page, page);
    return { ok: true, summary, wallMs: outcome.wallMs };
  });
}
