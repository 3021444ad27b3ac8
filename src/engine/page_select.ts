// The `pages` expression (SPEC.md "Page expression grammar", DECISIONS.md "Grammar"):
//
//   expression := range ("," range)*
//   range      := bound ("-" bound)?
//   bound      := digits | "last"
//
// with ASCII whitespace allowed around every token and leading zeros allowed. Parsing
// checks what the text alone decides (syntax, size, page 0, a descending numeric range);
// resolution against the page count decides the rest (`last-N`, clipping, bounds, the
// per-request ceiling). Selections are handled as merged intervals so a span of a billion
// pages costs the same as a span of two; pages are listed only once under the ceiling.
import { limits } from "../config/limits.js";
import { sanitizeCallerString } from "../text/caller_string.js";
import { DocumentError } from "./errors.js";

export const LAST = "last";
export type PageBound = number | typeof LAST;

export interface PageRange {
  readonly start: PageBound;
  readonly end: PageBound;
  /** The range as the caller wrote it, for messages. */
  readonly text: string;
}

export interface ParsedSelection {
  /** The expression exactly as given: `document.pages_selected` echoes it. */
  readonly expression: string;
  readonly ranges: readonly PageRange[];
}

// Numbers beyond this stand for "beyond any document": clamping keeps interval arithmetic
// exact (a union inside [1, MAX_SAFE_INTEGER] sums to a safe integer) without rejecting
// input the grammar allows.
const pageNumberMax = Number.MAX_SAFE_INTEGER;
const maxSafeDigits = String(pageNumberMax).length - 1;

const example = "Write pages and ranges separated by commas, such as 1-5,9,12-last.";

function quote(expression: string): string {
  return `"${sanitizeCallerString(expression)}"`;
}

function isSpace(code: number): boolean {
  // space, \t, \n, \v, \f, \r
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function skipSpace(s: string, pos: number): number {
  while (pos < s.length && isSpace(s.charCodeAt(pos))) pos += 1;
  return pos;
}

interface Bound {
  value: PageBound;
  /** Digits without leading zeros ("0" for zero); null for `last`. */
  digits: string | null;
  next: number;
}

function readBound(s: string, pos: number): Bound | null {
  if (s.startsWith(LAST, pos)) return { value: LAST, digits: null, next: pos + LAST.length };
  let end = pos;
  while (end < s.length && isDigit(s.charCodeAt(end))) end += 1;
  if (end === pos) return null;
  const digits = s.slice(pos, end).replace(/^0+(?=\d)/, "");
  const value = digits.length > maxSafeDigits ? pageNumberMax : Math.min(Number(digits), pageNumberMax);
  return { value, digits, next: end };
}

// Exact comparison on the digits, so two numbers that both clamp still order correctly.
function compareDigits(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function describeAt(s: string, pos: number): string {
  if (pos >= s.length) return "the end";
  const ch = String.fromCodePoint(s.codePointAt(pos) as number);
  const shown = sanitizeCallerString(ch);
  return shown === "" ? `U+${(ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}` : `"${shown}"`;
}

function invalid(s: string, pos: number, expected: string): DocumentError {
  if (s.trim() === "") {
    return new DocumentError("page_range_invalid", `The pages expression ${quote(s)} is empty. Omit it to select every page, or ${example.charAt(0).toLowerCase()}${example.slice(1)}`, { position: 1, expected });
  }
  return new DocumentError(
    "page_range_invalid",
    `The pages expression ${quote(s)} does not parse at character ${pos + 1}: expected ${expected}, found ${describeAt(s, pos)}. ${example}`,
    { position: pos + 1, expected },
  );
}

function countRanges(s: string): number {
  let n = 1;
  for (let i = 0; i < s.length; i += 1) if (s.charCodeAt(i) === 0x2c) n += 1;
  return n;
}

export function parsePageExpression(expression: string): ParsedSelection {
  // Size first: a huge input is refused for its size before any work is spent on it.
  if (expression.length > limits.pageExpressionCharsMax) {
    throw new DocumentError(
      "page_range_too_complex",
      `The pages expression (${expression.length} characters) is over ${limits.pageExpressionCharsMax} characters. Merge adjacent pages into ranges, or split the work across requests.`,
      { expression_chars: expression.length, max_chars: limits.pageExpressionCharsMax },
    );
  }
  const rangeCount = countRanges(expression);
  if (rangeCount > limits.pageExpressionRangesMax) {
    throw new DocumentError(
      "page_range_too_complex",
      `The pages expression ${quote(expression)} has ${rangeCount} ranges, over ${limits.pageExpressionRangesMax}. Merge adjacent pages into ranges, or split the work across requests.`,
      { range_count: rangeCount, max_ranges: limits.pageExpressionRangesMax },
    );
  }

  const ranges: PageRange[] = [];
  // A syntax error anywhere outranks a semantic one: an expression that does not parse
  // has no page 0 or reversed range to speak of.
  let firstFault: DocumentError | null = null;
  let pos = 0;
  for (;;) {
    pos = skipSpace(expression, pos);
    const from = pos;
    const start = readBound(expression, pos);
    if (start === null) throw invalid(expression, pos, "a page number or last");
    let end = start;
    pos = skipSpace(expression, start.next);
    if (expression.charCodeAt(pos) === 0x2d) {
      pos = skipSpace(expression, pos + 1);
      const bound = readBound(expression, pos);
      if (bound === null) throw invalid(expression, pos, "a page number or last after -");
      end = bound;
      pos = skipSpace(expression, bound.next);
    }
    const text = expression.slice(from, end.next);
    firstFault ??= rangeFault(expression, text, start, end);
    ranges.push({ start: start.value, end: end.value, text });
    if (pos === expression.length) break;
    if (expression.charCodeAt(pos) !== 0x2c) throw invalid(expression, pos, "a comma, a dash or the end");
    pos += 1;
  }
  if (firstFault !== null) throw firstFault;
  return { expression, ranges };
}

function rangeFault(expression: string, text: string, start: Bound, end: Bound): DocumentError | null {
  if (start.digits === "0" || end.digits === "0") {
    return new DocumentError(
      "page_range_zero",
      `The pages expression ${quote(expression)} names page 0 in ${quote(text)}; pages are numbered from 1. Start at page 1.`,
      { range: sanitizeCallerString(text) },
    );
  }
  if (start.digits !== null && end.digits !== null && compareDigits(start.digits, end.digits) > 0) {
    return new DocumentError(
      "page_range_reversed",
      `The pages expression ${quote(expression)} has the descending range ${quote(text)}. Write it in ascending order, such as ${sanitizeCallerString(`${end.digits}-${start.digits}`)}.`,
      { range: sanitizeCallerString(text) },
    );
  }
  return null;
}

/** True when no range involves `last`, so the selection is known without the document. */
export function isBounded(parsed: ParsedSelection): boolean {
  return parsed.ranges.every((r) => r.start !== LAST && r.end !== LAST);
}

type Interval = [lo: number, hi: number];

// Sorted, disjoint, non-adjacent intervals covering exactly the input's pages.
function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const merged: Interval[] = [];
  for (const [lo, hi] of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  return merged;
}

function pagesIn(merged: readonly Interval[]): number {
  return merged.reduce((sum, [lo, hi]) => sum + (hi - lo + 1), 0);
}

/**
 * Unique pages a bounded expression selects before the document is known: the credit
 * hold for it (`1-5,3-7` → 7). Pages past the document's end count, as the hold does.
 */
export function boundedCount(parsed: ParsedSelection): number {
  const intervals: Interval[] = [];
  for (const r of parsed.ranges) {
    if (r.start === LAST || r.end === LAST) {
      throw new TypeError(`boundedCount needs a bounded selection; ${JSON.stringify(r.text)} involves last (check isBounded first)`);
    }
    intervals.push([r.start, r.end]);
  }
  return pagesIn(mergeIntervals(intervals));
}

function selectedIntervals(parsed: ParsedSelection | null, pageCount: number): Interval[] {
  if (parsed === null) return [[1, pageCount]];
  const intervals: Interval[] = [];
  for (const r of parsed.ranges) {
    const lo = r.start === LAST ? pageCount : r.start;
    const hi = r.end === LAST ? pageCount : r.end;
    if (r.start === LAST && lo > hi) {
      // `last-N` is only known to be descending once `last` is: here it is.
      throw new DocumentError(
        "page_range_reversed",
        `The pages expression ${quote(parsed.expression)} has the range ${quote(r.text)}, which runs backwards on this ${pageCount}-page document (last is page ${pageCount}). Write ${hi}-last, or end the range at or after page ${pageCount}.`,
        { range: sanitizeCallerString(r.text), page_count: pageCount },
      );
    }
    // Ranges starting past the end contribute nothing; ranges running past it are clipped.
    if (lo <= pageCount) intervals.push([lo, Math.min(hi, pageCount)]);
  }
  return mergeIntervals(intervals);
}

/**
 * The selected pages, 1-based, sorted and unique. A null selection is every page. Throws
 * `page_range_out_of_bounds` when nothing lies within the document, and `too_many_pages`
 * when more than `maxSelectedPages` would be converted (5 with a test key).
 */
export function resolveSelection(
  parsed: ParsedSelection | null,
  pageCount: number,
  maxSelectedPages: number = limits.selectedPagesMax,
): number[] {
  if (!Number.isSafeInteger(pageCount) || pageCount < 1) {
    throw new RangeError(`pageCount must be a positive integer, got ${pageCount}; a document without pages is pdf_no_pages`);
  }
  const merged = selectedIntervals(parsed, pageCount);
  if (merged.length === 0) {
    throw new DocumentError(
      "page_range_out_of_bounds",
      `The pages expression ${quote(parsed?.expression ?? "")} lies entirely beyond this ${pageCount}-page document. Select pages from 1 to ${pageCount}.`,
      { page_count: pageCount },
    );
  }
  // Counted on intervals, so a billion-page selection is refused without being listed.
  const selectedCount = pagesIn(merged);
  if (selectedCount > maxSelectedPages) {
    const what = parsed === null ? "No pages expression was given, which selects every page:" : `The pages expression ${quote(parsed.expression)} selects`;
    throw new DocumentError(
      "too_many_pages",
      `${what} ${selectedCount} pages of this ${pageCount}-page document, over the limit of ${maxSelectedPages} per request. Select at most ${maxSelectedPages} pages, such as 1-${maxSelectedPages}, and convert the rest in further requests.`,
      { page_count: pageCount, pages_selected_count: selectedCount, max_selected_pages: maxSelectedPages },
    );
  }
  const pages: number[] = [];
  for (const [lo, hi] of merged) for (let p = lo; p <= hi; p += 1) pages.push(p);
  return pages;
}

/** A compact expression for a page list (`1-5,9`): `document.pages_selected` when none was given. */
export function canonicalSelection(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const parts: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j += 1;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(",");
}
