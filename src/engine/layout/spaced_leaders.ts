// Dot leaders set with wide spaces: ReportLab's table of contents draws an entry's leader as
// a fragment of its own, " .  .  .  . 94", two spaces between its dots (the user guide of
// python-reportlab). The leader passes (leaders.ts) and the renderer's (render/inline.ts
// dropLeaders) read a leader as dots with one space at most between them, as LaTeX, Word
// and DocBook set it: these leaders were read as words, so an entry's title and its leader
// were kept apart where the leaders started at one x row after row (a column's start), and
// the entries of a contents page ran into one paragraph, their dots kept. The joiner closes
// the spaces up before any pass reads the fragment.
import { copySpan, type Line, type Span } from "../model.js";
import { remadeLine } from "./lines.js";
import { isSpaceCode } from "./whitespace.js";

const FULL_STOP = 0x2e;

/** Dots with a run of two white-space units or more between them: the spaces one space. */
const WIDE_DOT_SPACING = /\.\s{2,}(?=\.)/g;

/** Dot-space pairs, two at least with wide spaces, before a leader's spaces are closed up: a
 *  sentence ending in "." and a space pair before another dot is no leader. */
const WIDE_GAPS_MIN = 2;
/** One such gap does where the span ends in a figure, a page number: a leader the title left
 *  two dots' room for (ReportLab's "9.2 XPreformatted(text, …, frags=None)" | " .  . 92"). */
const WIDE_GAPS_BEFORE_NUMBER_MIN = 1;

/**
 * The line with the spaces inside its wide-spaced leaders closed up to one space, or the
 * line itself when it has none. A leader is a span starting with a dot (past white space)
 * in which dots stand two white-space units apart or more, WIDE_GAPS_MIN times at least, or
 * once where the span ends in a figure (WIDE_GAPS_BEFORE_NUMBER_MIN).
 * The caller asks only of a line one of whose spans starts with a dot (few lines do).
 */
export function withLeadersClosedUp(line: Line): Line {
  let spans: Span[] | null = null;
  for (let k = 0; k < line.spans.length; k++) {
    const span = line.spans[k];
    if (!isWideSpacedLeader(span.text)) continue;
    spans ??= line.spans.slice();
    const closed = copySpan(span);
    closed.text = span.text.replace(WIDE_DOT_SPACING, ". ");
    spans[k] = closed;
  }
  return spans === null ? line : remadeLine(line, spans);
}

/** Whether the text starts with a dot past white space and has WIDE_GAPS_MIN dots at least
 *  followed by two white-space units or more and another dot. Read by code: no pattern runs
 *  on a span that is no such leader. */
function isWideSpacedLeader(text: string): boolean {
  let k = 0;
  while (k < text.length && isSpaceCode(text.charCodeAt(k))) k++;
  if (text.charCodeAt(k) !== FULL_STOP) return false;
  let wide = 0;
  for (; k < text.length; k++) {
    if (text.charCodeAt(k) !== FULL_STOP) continue;
    let m = k + 1;
    while (m < text.length && isSpaceCode(text.charCodeAt(m))) m++;
    if (m - k - 1 >= 2 && text.charCodeAt(m) === FULL_STOP && ++wide >= WIDE_GAPS_MIN) return true;
  }
  return wide >= WIDE_GAPS_BEFORE_NUMBER_MIN && endsInFigure(text);
}

/** Whether the text's last character that is no white space is an ASCII figure. */
function endsInFigure(text: string): boolean {
  let end = text.length - 1;
  while (end >= 0 && isSpaceCode(text.charCodeAt(end))) end--;
  const code = text.charCodeAt(end);
  return code >= 0x30 && code <= 0x39;
}
