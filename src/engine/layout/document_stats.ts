// Step 4, document pass: statistics over every selected page, computed once before any page is
// rendered: the body text style, the heading styles and their levels, and the running
// headers, footers and page numbers that repeat across pages.
import type { Line, PageModel } from "../model.js";
import { lineText } from "./line_joining.js";

export interface TextStyle {
  /** Font size rounded to half a point. */
  size: number;
  bold: boolean;
}

export interface HeadingStyle extends TextStyle {
  level: number;
}

export interface DocumentStats {
  body: TextStyle;
  headings: HeadingStyle[];
  /** Lines (by identity) that repeat in the top or bottom margin across pages. */
  running: Set<Line>;
}

/** A size at least this much above the body (points and ratio) is a heading size. */
const HEADING_SIZE_DELTA_MIN = 0.9;
const HEADING_SIZE_RATIO_MIN = 1.12;
/** A style carrying more than this share of the text is body text, not a heading. */
const HEADING_CHAR_SHARE_MAX = 0.25;
/** Heading lines are short: longer lines of a large style are display text. */
const HEADING_LINE_CHARS_MAX = 160;
/** Sizes closer than this (points) are one heading level. */
const LEVEL_SIZE_MERGE = 0.6;
const HEADING_LEVELS_MAX = 6;
/** The margin band, as a share of page height, in which running headers and footers live. */
const MARGIN_SHARE = 0.1;
/** A margin line is running when it repeats on this share of pages (and at least twice). */
const RUNNING_PAGE_SHARE = 0.4;
const PAGE_NUMBER = /^(?:page\s*)?[-–—(]?\s*(?:\d{1,5}|[ivxlcdm]{1,7})\s*[-–—)]?(?:\s*(?:of|\/)\s*\d{1,5})?$/i;

export function roundHalf(size: number): number {
  return Math.round(size * 2) / 2;
}

function styleKey(size: number, bold: boolean): string {
  return `${size}|${bold ? "b" : ""}`;
}

/** The style carrying most characters in a line. */
export function lineStyle(line: Line): TextStyle {
  let best: TextStyle = { size: 0, bold: false };
  let bestChars = -1;
  const tally = new Map<string, { style: TextStyle; chars: number }>();
  for (const span of line.spans) {
    const chars = span.text.replace(/\s+/g, "").length;
    if (chars === 0) continue;
    const style = { size: roundHalf(span.size), bold: span.bold };
    const key = styleKey(style.size, style.bold);
    const entry = tally.get(key) ?? { style, chars: 0 };
    entry.chars += chars;
    tally.set(key, entry);
    if (entry.chars > bestChars) {
      best = entry.style;
      bestChars = entry.chars;
    }
  }
  return best;
}

export function computeDocumentStats(pages: readonly PageModel[], linesByPage: readonly Line[][]): DocumentStats {
  const charsByStyle = new Map<string, { style: TextStyle; chars: number; longLines: number; lines: number }>();
  let totalChars = 0;
  for (const lines of linesByPage) {
    for (const line of lines) {
      const style = lineStyle(line);
      const chars = lineText(line).replace(/\s+/g, "").length;
      if (chars === 0) continue;
      const key = styleKey(style.size, style.bold);
      const entry = charsByStyle.get(key) ?? { style, chars: 0, longLines: 0, lines: 0 };
      entry.chars += chars;
      entry.lines += 1;
      if (chars > HEADING_LINE_CHARS_MAX) entry.longLines += 1;
      charsByStyle.set(key, entry);
      totalChars += chars;
    }
  }
  let body: TextStyle = { size: 10, bold: false };
  let bodyChars = -1;
  for (const entry of charsByStyle.values()) {
    if (entry.chars > bodyChars) {
      body = entry.style;
      bodyChars = entry.chars;
    }
  }
  const candidates: TextStyle[] = [];
  for (const entry of charsByStyle.values()) {
    const { style } = entry;
    if (entry.chars > HEADING_CHAR_SHARE_MAX * totalChars) continue;
    if (entry.longLines > entry.lines / 2) continue;
    const larger = style.size >= body.size + HEADING_SIZE_DELTA_MIN && style.size >= body.size * HEADING_SIZE_RATIO_MIN;
    const boldAtBodySize = style.bold && !body.bold && style.size >= body.size - 0.5 && style.size < body.size + HEADING_SIZE_DELTA_MIN;
    if (larger || boldAtBodySize) candidates.push(style);
  }
  candidates.sort((a, b) => b.size - a.size || Number(b.bold) - Number(a.bold));
  const headings: HeadingStyle[] = [];
  let level = 0;
  let prev: TextStyle | null = null;
  for (const style of candidates) {
    // Above body size, size alone sets the level: scripts without a bold face (CJK in many
    // PDFs) set their headings at the same size without weight.
    const aboveBody = style.size >= body.size + HEADING_SIZE_DELTA_MIN;
    const sameLevel = prev && Math.abs(prev.size - style.size) < LEVEL_SIZE_MERGE && (aboveBody || prev.bold === style.bold);
    if (!sameLevel) level = Math.min(level + 1, HEADING_LEVELS_MAX);
    headings.push({ ...style, level });
    prev = style;
  }
  return { body, headings, running: findRunningLines(pages, linesByPage) };
}

export function headingLevelOf(stats: DocumentStats, style: TextStyle): number | null {
  for (const h of stats.headings) {
    if (h.bold === style.bold && Math.abs(h.size - style.size) < 0.01) return h.level;
  }
  return null;
}

/** Margin lines longer than this are text, not a running head with a page number. */
const RUNNING_HEAD_CHARS_MAX = 80;
const EDGE_NUMBER = /^(\d{1,4})\b|\b(\d{1,4})$/;

function marginPageNumber(line: Line, page: PageModel): number | null {
  if (line.y1 > page.height * MARGIN_SHARE && line.y0 < page.height * (1 - MARGIN_SHARE)) return null;
  const text = lineText(line).trim();
  if (text.length > RUNNING_HEAD_CHARS_MAX) return null;
  const m = EDGE_NUMBER.exec(text);
  return m ? Number(m[1] ?? m[2]) : null;
}

function marginSignature(text: string): string {
  return text.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
}

function findRunningLines(pages: readonly PageModel[], linesByPage: readonly Line[][]): Set<Line> {
  const running = new Set<Line>();
  const pagesBySignature = new Map<string, Set<number>>();
  const marginLines: { line: Line; signature: string; pageNumberLike: boolean }[] = [];
  pages.forEach((page, i) => {
    const top = page.height * MARGIN_SHARE;
    const bottom = page.height * (1 - MARGIN_SHARE);
    for (const line of linesByPage[i]) {
      if (line.y1 > top && line.y0 < bottom) continue;
      const text = lineText(line).trim();
      if (text === "") continue;
      const signature = marginSignature(text);
      marginLines.push({ line, signature, pageNumberLike: PAGE_NUMBER.test(text) });
      const seen = pagesBySignature.get(signature) ?? new Set<number>();
      seen.add(page.page);
      pagesBySignature.set(signature, seen);
    }
  });
  // A margin line carrying the page's number ("18 FREE CULTURE", "“PIRACY” 19") keeps a
  // constant offset between that number and the page index across pages, even where the
  // words beside it change from chapter to chapter.
  const pagesByOffset = new Map<number, Set<number>>();
  const offsets = new Map<Line, number>();
  pages.forEach((page, i) => {
    for (const line of linesByPage[i]) {
      const number = marginPageNumber(line, page);
      if (number === null) continue;
      const offset = page.page - number;
      offsets.set(line, offset);
      const seen = pagesByOffset.get(offset) ?? new Set<number>();
      seen.add(page.page);
      pagesByOffset.set(offset, seen);
    }
  });
  const needed = Math.max(2, Math.ceil(RUNNING_PAGE_SHARE * pages.length));
  for (const { line, signature, pageNumberLike } of marginLines) {
    const repeats = pagesBySignature.get(signature)!.size;
    const offset = offsets.get(line);
    const numbered = offset !== undefined && pagesByOffset.get(offset)!.size >= 2;
    if (repeats >= needed || numbered || (pageNumberLike && pages.length >= 2)) running.add(line);
  }
  return running;
}
