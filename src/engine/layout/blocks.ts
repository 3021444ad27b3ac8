// Step 5, each page: group a reading-ordered column of lines into blocks and say what each block
// is: heading, list item, code, or paragraph. Uses the document statistics so a heading
// is a heading because of how the whole document is set, not one page.
import type { Line } from "../model.js";
import { type DocumentStats, headingLevelOf, lineStyle, roundHalf } from "./document_stats.js";
import { lineText } from "./line_joining.js";

export type Block =
  | { kind: "heading"; level: number; lines: Line[] }
  | { kind: "paragraph"; lines: Line[]; running?: boolean }
  | { kind: "list_item"; ordered: boolean; marker: string; depth: number; markerX: number; lines: Line[] }
  | { kind: "code"; lines: Line[] };

/** A vertical gap larger than this many times the usual line gap starts a new block. */
const PARAGRAPH_GAP_FACTOR = 1.6;
/** Absolute gap (in ems) that always starts a new block, for pages with few lines. */
const PARAGRAPH_GAP_EMS = 0.9;
/** A first line indented by more than this many ems (and less than the max) starts a paragraph. */
const INDENT_EMS_MIN = 0.8;
const INDENT_EMS_MAX = 6;
/** A line ending this many ems short of the column's right edge ends its paragraph. */
const SHORT_LINE_EMS = 3;
/** Headings are at most this many lines and characters. */
const HEADING_LINES_MAX = 3;
const HEADING_CHARS_MAX = 200;
/** Share of a heading's characters that must be set in the heading style. */
const HEADING_STYLE_SHARE_MIN = 0.85;
/** Monospace more than this many points above the body size is display type, not code. */
const CODE_SIZE_OVER_BODY_MAX = 1.5;
/** A code block continues across blank lines up to this many line heights. */
const CODE_GAP_LINES_MAX = 2.5;
/** List items nest when their marker is this many ems right of the enclosing item's. */
const NEST_INDENT_EMS = 0.8;

const BULLET = /^\s*([•◦▪▫‣⁃∙·●○■□►▶❖➢✓✔]|[-–—*](?=\s))\s*/;
const ORDERED = /^\s*(\(?(\d{1,3})[.)]|\((?:[a-z]|[ivx]{1,4})\)|(?:[a-z]|[ivx]{1,4})\))(?=\s)\s*/;

export interface ListMarker {
  ordered: boolean;
  marker: string;
  /** Characters of the first line's text the marker occupies, whitespace included. */
  length: number;
}

export function listMarker(text: string): ListMarker | null {
  const bullet = BULLET.exec(text);
  if (bullet && text.length > bullet[0].length) return { ordered: false, marker: "-", length: bullet[0].length };
  const ordered = ORDERED.exec(text);
  if (ordered && text.length > ordered[0].length) {
    const number = ordered[2];
    // Only numbered markers keep an ordered list; letters and roman numerals become bullets
    // because Markdown's ordered lists are numeric.
    return number !== undefined
      ? { ordered: true, marker: `${Number(number)}.`, length: ordered[0].length }
      : { ordered: false, marker: "-", length: ordered[0].length };
  }
  return null;
}

function isMonoLine(line: Line): boolean {
  let any = false;
  for (const span of line.spans) {
    if (span.text.trim() === "") continue;
    if (!span.monospace) return false;
    any = true;
  }
  return any;
}

function emOf(line: Line): number {
  return Math.max(1, lineStyle(line).size);
}

/** Removes the first `count` characters of a line's text (a list marker) from its spans. */
export function stripLeadingChars(line: Line, count: number): Line {
  const spans = [];
  let remaining = count;
  for (const span of line.spans) {
    if (remaining <= 0) {
      spans.push(span);
      continue;
    }
    if (span.text.length <= remaining) {
      remaining -= span.text.length;
      continue;
    }
    spans.push({ ...span, text: span.text.slice(remaining) });
    remaining = 0;
  }
  const first = spans[0];
  return { ...line, spans, x0: first ? first.x0 : line.x0 };
}

interface Draft {
  lines: Line[];
  mono: boolean;
  marker: ListMarker | null;
  running?: boolean;
}

export function buildBlocks(column: readonly Line[], stats: DocumentStats): Block[] {
  if (column.length === 0) return [];
  let left = Infinity;
  let right = -Infinity;
  const gaps: number[] = [];
  for (let i = 0; i < column.length; i++) {
    left = Math.min(left, column[i].x0);
    right = Math.max(right, column[i].x1);
    if (i > 0) {
      const gap = column[i].y0 - column[i - 1].y1;
      if (gap >= 0) gaps.push(gap);
    }
  }
  gaps.sort((a, b) => a - b);
  const usualGap = gaps.length > 0 ? gaps[gaps.length >> 1] : 0;

  const drafts: Draft[] = [];
  let current: Draft | null = null;
  for (let i = 0; i < column.length; i++) {
    const line = column[i];
    const text = lineText(line);
    // A running header or footer kept in the output is plain text of its own, whatever its
    // font (books set them in monospace or small caps).
    if (stats.running.has(line)) {
      current = null;
      drafts.push({ lines: [line], mono: false, marker: null, running: true });
      continue;
    }
    // Monospace set at a heading size is display type, not code.
    const mono = isMonoLine(line) && lineStyle(line).size < stats.body.size + CODE_SIZE_OVER_BODY_MAX;
    const marker = mono ? null : listMarker(text);
    const prev = i > 0 ? column[i - 1] : null;
    if (!current || !prev || startsNewBlock(prev, line, current, mono, marker, usualGap, left, right)) {
      current = { lines: [line], mono, marker };
      drafts.push(current);
    } else {
      current.lines.push(line);
    }
  }
  return drafts.map((d) => classify(d, stats));
}

function startsNewBlock(
  prev: Line,
  line: Line,
  current: Draft,
  mono: boolean,
  marker: ListMarker | null,
  usualGap: number,
  left: number,
  right: number,
): boolean {
  if (mono !== current.mono) return true;
  if (marker) return true;
  const em = emOf(line);
  const gap = line.y0 - prev.y1;
  // Code keeps its blank lines: only a gap of several lines ends a code block.
  if (mono) return gap > CODE_GAP_LINES_MAX * Math.max(prev.y1 - prev.y0, em);
  if (gap > Math.max(usualGap * PARAGRAPH_GAP_FACTOR, PARAGRAPH_GAP_EMS * em)) return true;
  // Lines above each other that do not overlap horizontally are not one paragraph.
  if (line.x0 > prev.x1 || line.x1 < prev.x0) return true;
  const prevStyle = lineStyle(prev);
  const style = lineStyle(line);
  if (Math.abs(prevStyle.size - style.size) >= 1 || prevStyle.bold !== style.bold) {
    // A bold lead-in inside a paragraph changes the dominant style of one line only when
    // the whole line is bold; a style change at the line level is a block change.
    return true;
  }
  if (current.marker) {
    // Continuation lines of a list item hang at or right of the item's text.
    return line.x0 < current.lines[0].x0 - 0.5 * em;
  }
  const indent = line.x0 - left;
  if (indent > INDENT_EMS_MIN * em && indent < INDENT_EMS_MAX * em && Math.abs(line.x0 - prev.x0) > INDENT_EMS_MIN * em) {
    return line.x0 > prev.x0;
  }
  if (prev.x1 < right - SHORT_LINE_EMS * em && /[.!?:;"”)]$/.test(lineText(prev).trim())) return true;
  return false;
}

function classify(draft: Draft, stats: DocumentStats): Block {
  const lines = draft.lines;
  if (draft.running) return { kind: "paragraph", lines, running: true };
  if (draft.mono) return { kind: "code", lines };
  const heading = headingOf(lines, stats);
  // "1. Introduction" set in a heading style is a numbered heading, not a list.
  if (heading !== null && (!draft.marker || draft.marker.ordered)) return { kind: "heading", level: heading, lines };
  if (draft.marker) {
    const first = stripLeadingChars(lines[0], draft.marker.length);
    return {
      kind: "list_item",
      ordered: draft.marker.ordered,
      marker: draft.marker.marker,
      depth: 0,
      markerX: lines[0].x0,
      lines: [first, ...lines.slice(1)],
    };
  }
  return { kind: "paragraph", lines };
}

function headingOf(lines: Line[], stats: DocumentStats): number | null {
  if (lines.length > HEADING_LINES_MAX) return null;
  const text = lines.map(lineText).join(" ").trim();
  if (text.length > HEADING_CHARS_MAX || !/[\p{L}\p{N}]/u.test(text)) return null;
  const style = lineStyle(lines[0]);
  const level = headingLevelOf(stats, { size: roundHalf(style.size), bold: style.bold });
  if (level === null) return null;
  // A run-in heading ("Keywords  JavaScript, …") starts a paragraph; a heading is set
  // almost entirely in its style.
  let styled = 0;
  let total = 0;
  for (const line of lines) {
    for (const span of line.spans) {
      const chars = span.text.replace(/\s+/g, "").length;
      total += chars;
      if (span.bold === style.bold && Math.abs(span.size - style.size) < 1) styled += chars;
    }
  }
  return styled >= HEADING_STYLE_SHARE_MIN * total ? level : null;
}

/** Assigns nesting depths to consecutive list items from their marker positions. */
export function nestListItems(blocks: Block[]): void {
  let stack: number[] = [];
  for (const block of blocks) {
    if (block.kind !== "list_item") {
      stack = [];
      continue;
    }
    const em = emOf(block.lines[0]);
    while (stack.length > 0 && block.markerX < stack[stack.length - 1] - NEST_INDENT_EMS * em * 0.5) stack.pop();
    if (stack.length === 0 || block.markerX > stack[stack.length - 1] + NEST_INDENT_EMS * em) stack.push(block.markerX);
    block.depth = stack.length - 1;
  }
}
