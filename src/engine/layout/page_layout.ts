// Step 3b, each page in the thread that extracted it: the lines tidied (line_joining.ts),
// vector bullets attached, and the page digested for the document pass. The laid-out page
// stays in that thread until step 5 renders it there; only its summary crosses threads, so
// the main thread never copies, nor walks, a page's lines.
import { isXfaPlaceholder } from "../extract/open.js";
import type { ExtractionPath, Line, PageModel, PageOutcome } from "../model.js";
import { withoutButtonLabels } from "./button_labels.js";
import { digestPage, type PageDigest } from "./document_stats.js";
import { joinDropCaps } from "./drop_caps.js";
import { writeDrawnUnderscores } from "./drawn_underscores.js";
import { writeEuroSigns } from "./euro_font.js";
import { lineText } from "./lines.js";
import { withoutLineNumbers } from "./line_numbers.js";
import { frameEdgesBetween } from "./frame_edges.js";
import { prepareLines } from "./line_joining.js";
import { withoutOrnamentRules } from "./ornament_rules.js";
import { withoutTextShadows } from "./text_shadows.js";
import { attachMarks } from "./vector_bullets.js";
import { attachDrawnCheckBoxes } from "./drawn_check_boxes.js";

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

/**
 * Lays out an extracted page. The model's lines are the layout's from here on: they are
 * joined and changed in place (nothing reads `model.lines` after this), so a model is laid out
 * once; to lay a page out again, extract it again (the worker's layOutAgain does).
 */
export function layOutPage(model: PageModel, hasXfa: boolean): { page: LaidOutPage | null; summary: PageSummary } {
  const facts = { page: model.page, chars: model.chars, unmappedChars: model.unmappedChars, extraction: model.extraction };
  if (model.chars === 0) return { page: null, summary: { ...facts, digest: null, xfaPlaceholder: false } };
  const lines = prepareLines(writeDrawnUnderscores(joinDropCaps(writeEuroSigns(flowLines(model))), model.rules), {
    rightToLeft: model.rightToLeft,
    frameEdgeBetween: frameEdgesBetween(model.rules, model.drawings ?? [], model),
    inPlace: true,
  });
  // Drawn check boxes first: the marks they take are no bullets. A form field's box may be
  // ticked by its widget, which the text does not show: left as it was.
  attachMarks(lines, model.checkWidgets ? model.marks : attachDrawnCheckBoxes(lines, model.marks, model.rules));
  const xfaPlaceholder = hasXfa && isXfaPlaceholder(lines.map(lineText).join(" "));
  return { page: { model, lines }, summary: { ...facts, digest: digestPage(model, lines), xfaPlaceholder } };
}

/** A slanted line whose box spans this share of the page's width and of its height at least
 * is laid across the page: a watermark ("DRAFT", "test pdf watermark"). */
const WATERMARK_PAGE_SHARE_MIN = 0.25;

/** The page's lines less the second copy of text drawn twice (text_shadows.ts), the line
 * numbers in its margins (line_numbers.ts), rules set in dingbat bars (ornament_rules.ts), the labels of buttons on its listings
 * (button_labels.ts) and a watermark
 * laid across them at a slant. A short slanted line (a table's angled column head, a
 * demonstration of rotated type) is text of the page and stays, and so does the text of a
 * page that runs all at a slant. */
function flowLines(model: PageModel): readonly Line[] {
  const lines = withoutButtonLabels(withoutLineNumbers(withoutOrnamentRules(withoutTextShadows(model.lines))), model.rules);
  // Loops, not a closure over the page's size: a closure made per call loses its optimised
  // code at each full garbage collection, and was compiled again every few passes.
  let anyAcross = false;
  let slantedLines = 0;
  for (const line of lines) {
    if (line.slanted) slantedLines++;
    if (liesAcross(line, model)) anyAcross = true;
  }
  // A page whose text all runs at a slant (a test of rotated type) is read as it is.
  if (!anyAcross || lines.every(isSlanted)) return lines;
  const tiled = slantedLines >= WATERMARK_TILES_MIN;
  const kept: Line[] = [];
  for (const line of lines) if (!liesAcross(line, model) || !(tiled || centredOn(line, model))) kept.push(line);
  return kept.length === lines.length ? lines : kept;
}

/** A watermark is laid across the page's centre: its box's centre lies within this share of
 * the page's width and height of the page's centre ("DRAFT", pdf.js's "test pdf watermark",
 * kdgcoursetext's "Copyright 2010 …", each within 2 %). Skewed display type set off the centre
 * (pdfTeX's sample, "Skewed text" at 49.8 pt, 17 % left of it and 20 % below, its box a
 * quarter of the page's height) is text of the page. */
const WATERMARK_CENTRE_SHARE_MAX = 0.1;
/** … or tiled over the page, this many slanted lines or more (xduts' "XDUTS XDUTS …"). */
const WATERMARK_TILES_MIN = 3;

function centredOn(line: Line, page: { width: number; height: number }): boolean {
  return Math.abs((line.x0 + line.x1) / 2 - page.width / 2) <= WATERMARK_CENTRE_SHARE_MAX * page.width && Math.abs((line.y0 + line.y1) / 2 - page.height / 2) <= WATERMARK_CENTRE_SHARE_MAX * page.height;
}

const isSlanted = (line: Line) => line.slanted;

function liesAcross(line: Line, page: { width: number; height: number }): boolean {
  return line.slanted === true && line.x1 - line.x0 >= WATERMARK_PAGE_SHARE_MIN * page.width && line.y1 - line.y0 >= WATERMARK_PAGE_SHARE_MIN * page.height;
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
