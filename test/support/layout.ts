// Small builders for synthetic page models: spans, lines and pages laid out with a fixed
// advance (half an em per character), so layout tests state geometry in a few numbers.
import type { Line, PageLink, PageModel, PageOutcome, Span } from "../../src/engine/model.js";
import { countCharacters } from "../../src/engine/extract/char_counts.js";
import { lineText } from "../../src/engine/layout/lines.js";

/** Width of one character, as a share of the font size. */
export const CHAR_WIDTH_EMS = 0.5;

export interface StyleSpec {
  size?: number;
  bold?: boolean;
  italic?: boolean;
  mono?: boolean;
  font?: string;
}

export interface SpanSpec extends StyleSpec {
  text: string;
}

export interface LineSpec extends StyleSpec {
  /** Left edge of the first span, in points. */
  x?: number;
  /** Top of the line, in points (y grows downwards). */
  y?: number;
}

function fontFor(style: StyleSpec): string {
  if (style.font) return style.font;
  if (style.mono) return "Courier";
  return style.bold && style.italic ? "Times-BoldItalic" : style.bold ? "Times-Bold" : style.italic ? "Times-Italic" : "Times-Roman";
}

/** A span of `text` starting at (x, y), its width from the character count. */
export function span(text: string, x: number, y: number, style: StyleSpec = {}): Span {
  const size = style.size ?? 10;
  return {
    text,
    x0: x,
    y0: y,
    x1: x + text.length * size * CHAR_WIDTH_EMS,
    y1: y + size,
    font: fontFor(style),
    size,
    bold: style.bold ?? false,
    italic: style.italic ?? false,
    monospace: style.mono ?? false,
  };
}

/** A line of spans set one after another from (x, y); a string is one span in the line's style. */
export function line(content: string | SpanSpec[], spec: LineSpec = {}): Line {
  const pieces: SpanSpec[] = typeof content === "string" ? [{ text: content }] : content;
  let x = spec.x ?? 72;
  const y = spec.y ?? 100;
  const spans: Span[] = [];
  for (const piece of pieces) {
    const s = span(piece.text, x, y, { ...spec, ...piece });
    spans.push(s);
    x = s.x1;
  }
  return lineOfSpans(spans);
}

/** A line of spans placed by hand, its box the union of theirs. */
export function lineOfSpans(spans: Span[]): Line {
  return {
    spans,
    x0: Math.min(...spans.map((s) => s.x0)),
    y0: Math.min(...spans.map((s) => s.y0)),
    x1: Math.max(...spans.map((s) => s.x1)),
    y1: Math.max(...spans.map((s) => s.y1)),
    wmode: 0,
  };
}

/** A block's lines as text, " | " between them, a line break its author made written as "\\"
 *  after the line (Line.breakAfter on any line but the last). */
export function withLineBreaks(block: { lines: readonly Line[] }): string {
  return block.lines.map((l, k) => lineText(l).trim() + (l.breakAfter && k + 1 < block.lines.length ? "\\" : "")).join(" | ");
}

/** Lines of `texts` stacked from `y` with a fixed pitch (baseline to baseline). */
export function stack(texts: readonly string[], spec: LineSpec & { pitch?: number } = {}): Line[] {
  const pitch = spec.pitch ?? (spec.size ?? 10) * 1.2;
  const y = spec.y ?? 100;
  return texts.map((text, i) => line(text, { ...spec, y: y + i * pitch }));
}

export interface PageSpec {
  width?: number;
  height?: number;
  links?: PageLink[];
  /** Overrides the character count (0 makes a page without a text layer). */
  chars?: number;
}

/** A US Letter page model holding `lines`. */
export function page(pageNumber: number, lines: Line[], spec: PageSpec = {}): PageModel {
  return {
    page: pageNumber,
    width: spec.width ?? 612,
    height: spec.height ?? 792,
    lines,
    rules: [],
    links: spec.links ?? [],
    ...countCharacters(lines),
    ...(spec.chars === undefined ? {} : { chars: spec.chars }),
    extraction: "mupdf",
  };
}

/** A successful extraction outcome. */
export function ok(model: PageModel, wallMs = 1): PageOutcome {
  return { ok: true, model, wallMs };
}

/** A failed extraction outcome (the critical warning that replaces the page). */
export function failed(pageNumber: number, code: "page_render_failed" | "page_budget_exceeded", wallMs = 1): PageOutcome {
  return { ok: false, page: pageNumber, code, wallMs };
}

/** Rows of running text in both columns of a two-column page: left from x = 72 to 282, right
 *  from 314, 12 pt apart from `from` down. */
export function proseRows(from: number, rows: number): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < rows; i++) {
    const y = from + i * 12;
    out.push(line("We describe the special command for adding", { x: 72, y }));
    out.push(line("It is not possible to specify the location in an abs", { x: 314, y }));
  }
  return out;
}
