// The page model: what every extractor (MuPDF first, pdf.js as the fallback) produces for
// one page, and what document analysis consumes. Coordinates are PDF points in the page's
// visual space: origin top-left, y grows downwards, after rotation and the crop box.

/** A run of characters on one line sharing one font, size and style. */
export interface Span {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Font name without the subset prefix (`ABCDEF+`). */
  font: string;
  /** Font size in points, rounded to 0.1. */
  size: number;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
  /** Drawn invisibly (text render mode 3, or fully transparent): a scan's OCR text layer.
   * Its font says nothing about how the page looks, so it is never code. Absent when visible. */
  invisible?: boolean;
  /** A contents entry's dot leader before its page number (layout/leaders.ts): drawing
   * that leads the eye, not words. Absent on text. */
  leader?: true;
  /** Where the span's first word ends, from its glyphs, when a space follows it in the span
   * and the span starts with it (extract/mupdf_page.ts), in WORD_END_UNITS_PER_PT; NO_WORD_END
   * where no reader measured it (a span cut, turned or made up), and absent on spans the tests
   * write. Measuring the word by its share of the span's characters misjudges wide words
   * ("download" in "download it from"). An integer: a field holding fractions is a boxed number
   * on every span (docs/benchmarks.md, svc-md-1.1.23: the pool converted 8 % fewer pages a
   * second with the point as a float here). */
  wordEnd?: number;
  /** The wide word gaps inside the span (extract/mupdf_page.ts WIDE_GAP_EMS_MIN), as triples:
   *  the index in `text` of the space that stands for the gap, where the ink before it ends and
   *  where the next glyph starts (points). A cell gap the reader did not end the span at: a
   *  table's columns (tables/aligned_detector.ts) may cut there. Absent on most spans. */
  wideGaps?: number[];
}

/** A visual line of text: spans in logical (reading) order along one baseline. */
export interface Line {
  spans: Span[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0 horizontal, 1 vertical writing. */
  wmode: 0 | 1;
  /** Its baseline runs neither across nor up or down the page but at a slant: a diagonal
   * "DRAFT" watermark laid across the page (layout/page_layout.ts leaves it out), a table's
   * angled column head. */
  slanted?: true;
  /** A contents page's entry: a title and its page number, joined (layout/leaders.ts).
   * One set flush right with no leader is known by this mark; its text does not say so. */
  contentsEntry?: true;
  /** A definition's head: its row ends with the category texinfo sets flush right
   * ("[Function]"); lines indented under it go on its prototype (layout/definitions.ts). */
  definition?: true;
  /** The author broke the text after this line, inside its paragraph (a cover page's centred
   * lines, layout/centred_lines.ts): rendered as a Markdown line break. */
  breakAfter?: true;
  /** A footnote's first line whose mark, its first span, is set plain at the text's size and
   *  baseline (Writer's "1The original …", layout/footnote_area.ts): written raised, as a
   *  mark set small and high is (layout/superscripts.ts). */
  plainNoteMark?: true;
  /** Layout's count of the line's styles (layout/document_stats.ts lineStyleFacts), kept with
   *  the spans array it counted and their number so that a line whose spans change is counted
   *  again. A memo, not the line's content: absent until asked. */
  styleMemo?: LineMemo;
}

/** A fact computed from a line's spans, and the spans array and length it was computed on. */
export interface LineMemo {
  readonly spans: readonly Span[];
  readonly count: number;
}

/** A straight ruling line or a filled rectangle, as a table detector needs them. */
export interface Rule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** `stroke`: a stroked path; `fill`: a filled rectangle (thin ones are drawn rules). */
  kind: "stroke" | "fill";
}

/**
 * A small drawn shape: a filled or stroked path, a shading or an image no larger than a
 * glyph (both sides at most `MARK_SIZE_MAX_PT` of the extractor). Office exports, Chromium's
 * print-to-PDF and LaTeX themes draw list bullets this way instead of as text; layout turns a
 * mark just left of a line into that line's bullet (layout/vector_bullets.ts `attachMarks`).
 */
export interface Mark {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** `fill`: a filled path (disc, square, diamond); `stroke`: an outline (circle, open box,
   * or one side of it); `image`: an image or a shading. */
  kind: "fill" | "stroke" | "image";
}

/**
 * A drawn path that is not a rule: a curve, an arrow, a diagonal, a polygon, a plot's point.
 * Diagrams and plots are made of them; layout finds a figure drawn without a frame by them and
 * leaves its labels out (layout/figure_text.ts).
 */
export interface Drawing {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * An image painted on the page larger than a glyph, in paint order among the page's rules: a
 * rule painted before it lies under it, hidden where the image covers it (a web page's heading
 * underline running under a floated picture, tables/rulings.ts).
 */
export interface PaintedImage {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** How many of the page's rules (PageModel.rules, in order) were painted before it. */
  rulesBefore: number;
}

/** A URI link annotation with the area it covers. */
export interface PageLink {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  uri: string;
}

export type ExtractionPath = "mupdf" | "pdfjs";

export interface PageModel {
  /** 1-based page number in the document. */
  page: number;
  width: number;
  height: number;
  lines: Line[];
  rules: Rule[];
  /** Small drawn shapes that may be list bullets, at most a few thousand per page. Optional:
   * a model without it (an older worker, a test) simply has no vector bullets. */
  marks?: Mark[];
  /** Drawn paths that are not rules, at most a few thousand per page. Optional like marks: a
   * model without it has no figures drawn without a frame. */
  drawings?: Drawing[];
  /** Images larger than a glyph, at most a few hundred per page. Optional like marks: a model
   * without it has no rule hidden under an image. */
  images?: PaintedImage[];
  links: PageLink[];
  /** Extractable characters on the page (whitespace excluded). 0 means no text layer. */
  chars: number;
  /** Of those, the ones no font mapped to Unicode (U+FFFD). */
  unmappedChars: number;
  extraction: ExtractionPath;
  /** False where the document's producer breaks lines only at hyphens its text has (a
   *  browser's print: extract/producers.ts): a line-end hyphen is the text's. Absent where it
   *  may hyphenate words (TeX, office suites) or is not known. */
  producerHyphenates?: false;
  /** Whether any line holds a right-to-left letter (Hebrew, Arabic); absent when the extractor
   * did not look, and layout then searches every line for one. */
  rightToLeft?: boolean;
  /** True where the page holds a check box or radio button widget, whose tick its text does
   *  not show (extract/widgets.ts hasCheckWidgets); absent otherwise or where not looked for. */
  checkWidgets?: true;
}

/** Per-page outcome of extraction: a model, or the critical warning that replaces it. */
export type PageOutcome =
  | { ok: true; model: PageModel; wallMs: number }
  | { ok: false; page: number; code: "page_render_failed" | "page_budget_exceeded"; wallMs: number };

// Every Span and every Line is made by these functions: one object literal each, with every
// field present (an absent flag is `undefined`) in the interface's order. Objects of one kind
// built at many sites, by spread, or grown by a flag set after creation each get their own
// hidden class, and the layout passes that read them all went polymorphic (V8 deoptimised
// them again and again as a new class reached them). Nothing reads a flag's presence (`in`,
// Object.keys, JSON): a flag left `undefined` reads as the flag left out.

/** A span with every field given; the flags default to absent. */
export function newSpan(
  text: string,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  font: string,
  size: number,
  bold: boolean,
  italic: boolean,
  monospace: boolean,
  invisible: boolean | undefined = undefined,
  leader: true | undefined = undefined,
  wordEnd = NO_WORD_END,
): Span {
  return { text, x0, y0, x1, y1, font, size, bold, italic, monospace, invisible, leader, wordEnd, wideGaps: undefined };
}

/** Span.wordEnd's unit: a sixty-fourth of a point. */
export const WORD_END_UNITS_PER_PT = 64;
/** Span.wordEnd where no reader measured the word: below any page's coordinates, and a small
 *  integer still (31 bits), as every value of the field must be. */
export const NO_WORD_END = -(2 ** 30);

/** A copy of `span` (what `{ ...span }` made), for the caller to change fields of. */
export function copySpan(span: Span): Span {
  const copy = newSpan(span.text, span.x0, span.y0, span.x1, span.y1, span.font, span.size, span.bold, span.italic, span.monospace, span.invisible, span.leader, span.wordEnd);
  copy.wideGaps = span.wideGaps;
  return copy;
}

/** `span` with other text and horizontal extent, in its style: a piece of it. */
export function spanPiece(span: Span, text: string, x0: number, x1: number): Span {
  return newSpan(text, x0, span.y0, x1, span.y1, span.font, span.size, span.bold, span.italic, span.monospace, span.invisible, span.leader);
}

/** A line with its box given; the marks default to absent. */
export function newLine(spans: Span[], x0: number, y0: number, x1: number, y1: number, wmode: 0 | 1): Line {
  return { spans, x0, y0, x1, y1, wmode, slanted: undefined, contentsEntry: undefined, definition: undefined, breakAfter: undefined, plainNoteMark: undefined, styleMemo: undefined };
}

/** A copy of `line` with other spans and box, its marks kept (what `{ ...line, spans, x0, ... }` made). */
export function lineLike(line: Line, spans: Span[], x0: number, y0: number, x1: number, y1: number): Line {
  return { spans, x0, y0, x1, y1, wmode: line.wmode, slanted: line.slanted, contentsEntry: line.contentsEntry, definition: line.definition, breakAfter: line.breakAfter, plainNoteMark: line.plainNoteMark, styleMemo: undefined };
}

/** A copy of `line` holding `spans` in its box, its marks kept (what `{ ...line, spans }` made). */
export function copyLine(line: Line, spans: Span[]): Line {
  return lineLike(line, spans, line.x0, line.y0, line.x1, line.y1);
}

// V8 keeps, for each hidden class, every field's representation (small integer, double or
// reference), the class of object it holds and whether it was ever written after creation, and
// optimised code is compiled against all three. Left to the pages, the first span of a
// fractional size, the first line whose spans array holds objects or which is marked a
// definition, the first span narrowed after it was made each changed them mid-pass, and V8 threw
// away the optimised code of every function that had read a line or a span (some 140 functions
// of a fresh process, three times over in its first pass over the A/B pages) and compiled it
// again. One span and one line made and rewritten here, at load, before anything is optimised,
// give both classes their final form from the start (docs/benchmarks.md, warm-up). The objects
// are kept: V8 holds a hidden class only while something has it, and the general classes made
// here would go with a garbage collection, leaving the pages to start over.
/** The spans and lines settleShapes made, held for their hidden classes; nothing reads them. */
export const settledShapes: readonly object[] = settleShapes();

/** Makes two spans and two lines with every field written in its most general form: numbers
 * that are not small integers, flags set and cleared, arrays and memos of two classes each;
 * returns them, to be kept alive. */
function settleShapes(): readonly object[] {
  const a = newSpan("a", 0.5, 0.5, 0.5, 0.5, "a", 0.5, true, true, true, true, true);
  const b = newSpan("b", 1, 1, 1, 1, "b", 1, false, false, false);
  for (const span of [a, b]) {
    span.text = "c";
    span.x0 = span.y0 = span.x1 = span.y1 = span.size = 0.25;
    span.font = "c";
    span.bold = span.italic = span.monospace = false;
    span.invisible = undefined;
    span.leader = undefined;
    span.wordEnd = 0;
    span.wordEnd = NO_WORD_END;
  }
  const lines = [newLine([], 0.5, 0.5, 0.5, 0.5, 0), newLine([a, b], 1, 1, 1, 1, 1)];
  for (const line of lines) {
    line.spans = [a];
    line.x0 = line.y0 = line.x1 = line.y1 = 0.25;
    line.wmode = 0;
    line.slanted = line.contentsEntry = line.definition = line.breakAfter = line.plainNoteMark = true;
    line.styleMemo = { spans: [], count: 0 };
    line.styleMemo = { count: 1, spans: [a] };
    line.slanted = line.contentsEntry = line.definition = line.breakAfter = line.plainNoteMark = undefined;
    line.styleMemo = undefined;
  }
  return [a, b, ...lines];
}
