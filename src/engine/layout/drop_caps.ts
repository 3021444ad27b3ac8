// Drop caps: a paragraph's first letter set large and sunk into its first lines (IEEEtran's
// journals open every paper so, lettrine, magazines). MuPDF reads the letter as a line of its
// own, which the line joiner then built into the paragraph's second line ("THIS demo file" came
// out "**T**for IEEE journal papers …" after "HIS demo file …"). The letter goes back to the
// head of its word, and the lines it indented go back to the margin it stands at.
import { type Line, lineLike, type Span, spanPiece } from "../model.js";
import { isBlankText, isSpaceCode, trimmedLength } from "./whitespace.js";

/** A drop cap is set at least this many times the size of the text beside it ... */
const DROP_CAP_SIZE_RATIO_MIN = 2;
/** ... is one letter (after an opening quote, maybe) ... */
const DROP_CAP_TEXT = /^["“‘']?\p{Lu}$/u;
/** Its UTF-16 units at most, trimmed: a quote and a capital beyond the BMP. */
const DROP_CAP_UNITS_MAX = 3;
/** ... with the paragraph's first line starting at most this many of its ems right of it ... */
const TEXT_GAP_EMS_MAX = 1.5;
/** ... and its top within this many of the line's ems of the letter's top. */
const TOP_TOLERANCE_EMS = 0.8;
/** The lines under the first that the letter indents start within this many points of it. */
const INDENT_TOLERANCE_PT = 1.5;

/** The page's lines with each drop cap put back at the head of its paragraph's first word;
 *  the same array when the page has none. */
export function joinDropCaps(lines: readonly Line[]): readonly Line[] {
  let out: Line[] | null = null;
  for (const cap of lines) {
    // A letter's box is taller than wide or about square; a line of words is wide.
    if (cap.spans.length > 3 || cap.x1 - cap.x0 > 2 * (cap.y1 - cap.y0)) continue;
    const span = soleSpan(cap);
    // A letter, after a quote maybe, is at most three UTF-16 units (a capital beyond the
    // BMP takes two): most lines are ruled out before their text is trimmed.
    if (span === null || trimmedLength(span.text) > DROP_CAP_UNITS_MAX || !endsInCapital(span.text) || !DROP_CAP_TEXT.test(span.text.trim())) continue;
    const current: readonly Line[] = out ?? lines;
    const first = firstBeside(current, cap, span.size);
    if (first === undefined) continue;
    const letter = span.text.trim();
    const head = first.spans.findIndex((s) => !isBlankText(s.text));
    const joined = lineLike(first, withSpanMoved(first.spans, head, head < 0 ? "" : letter + first.spans[head].text.trimStart(), cap.x0), cap.x0, Math.min(first.y0, cap.y0), first.x1, first.y1);
    // The lines the letter sinks into start where the first did: back to the margin.
    const indented = (line: Line) => line !== first && line.y0 > first.y0 && line.y0 < cap.y1 && Math.abs(line.x0 - first.x0) <= INDENT_TOLERANCE_PT;
    // Loops, not map and flatMap: those make holey arrays once optimised, and lines or spans
    // of two elements kinds sent every pass that reads them back to the interpreter. The page's
    // lines are copied once, at its first cap, and each cap's changes made in that copy: a
    // copy a cap made the pass's garbage on pages of many (a formula's large capital Sigma
    // beside its terms reads as one).
    const next: Line[] = out ?? lines.slice();
    let kept = 0;
    for (let r = 0; r < next.length; r++) {
      const line = next[r];
      if (line === cap) continue;
      if (line === first) next[kept++] = joined;
      else if (!indented(line)) next[kept++] = line;
      else {
        const k = line.spans.findIndex((s) => !isBlankText(s.text));
        next[kept++] = lineLike(line, withSpanMoved(line.spans, k, k < 0 ? "" : line.spans[k].text, cap.x0), cap.x0, line.y0, line.x1, line.y1);
      }
    }
    next.length = kept;
    out = next;
  }
  return out ?? lines;
}

/** A copy of `spans` whose `k`th span holds `text` and starts at `x0` (none changed when `k`
 *  is -1). */
function withSpanMoved(spans: readonly Span[], k: number, text: string, x0: number): Span[] {
  const out: Span[] = [];
  for (let j = 0; j < spans.length; j++) out.push(j === k ? spanPiece(spans[j], text, x0, spans[j].x1) : spans[j]);
  return out;
}

/** Whether the text's last character before white space may be a capital: an ASCII one is
 *  read by its code (a table's "12", a bullet, a lone "x" fail here), any other is left to
 *  DROP_CAP_TEXT. Spares most short lines a trimmed copy and a pattern. */
function endsInCapital(text: string): boolean {
  let k = text.length - 1;
  while (k >= 0 && isSpaceCode(text.charCodeAt(k))) k--;
  if (k < 0) return false;
  const c = text.charCodeAt(k);
  return c >= 0x80 || (c >= 0x41 && c <= 0x5a);
}

/** The line's one span with ink, or null when it has none or several. */
function soleSpan(line: Line): Line["spans"][number] | null {
  let found: Line["spans"][number] | null = null;
  for (const span of line.spans) {
    if (isBlankText(span.text)) continue;
    if (found !== null) return null;
    found = span;
  }
  return found;
}

/** The first of `lines` (the cap aside) that is beside the cap; undefined when none is. A
 *  loop, where `find` made a closure for every candidate letter. */
function firstBeside(lines: readonly Line[], cap: Line, capSize: number): Line | undefined {
  for (const line of lines) if (line !== cap && beside(cap, capSize, line)) return line;
  return undefined;
}

/** Whether `line` is the first line of the paragraph the letter opens: right of it, its top at
 *  the letter's, set at most half the letter's size. The tests that need no size come first:
 *  most lines stand elsewhere, and their spans are not read. */
function beside(cap: Line, capSize: number, line: Line): boolean {
  if (line.wmode !== 0 || !(line.y1 < cap.y1)) return false;
  const gap = line.x0 - cap.x1;
  if (!(gap >= -1)) return false;
  const size = inkSize(line);
  if (size === 0 || capSize < DROP_CAP_SIZE_RATIO_MIN * size) return false;
  return gap <= TEXT_GAP_EMS_MAX * size && Math.abs(line.y0 - cap.y0) <= TOP_TOLERANCE_EMS * size;
}

/** The largest size among the line's spans with ink; 0 when none has ink. */
function inkSize(line: Line): number {
  let max = 0;
  for (const s of line.spans) if (!isBlankText(s.text)) max = Math.max(max, s.size);
  return max;
}
