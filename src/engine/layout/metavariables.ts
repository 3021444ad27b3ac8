// A syntax display's metavariables: TeX documentation writes a command's arguments as a name
// in the text face between angle brackets from its symbol font ("\title * ⟨title⟩ *",
// "adjscore ⟨pattern⟩ = ⟨score adjustment⟩"), one command a line in the code face. Such a line
// is a line of code; a line holding only metavariables between lines of code
// ("⟨body of article⟩" between "\article" and "\makesignature") is one too.
import type { Span } from "../model.js";

/** Spans in another face than the code's, run together: metavariables, with the brackets,
 * braces and bars of a syntax around them ("[ ⟨rule spec⟩ ]", "{⟨author number⟩}"). */
const METAVARIABLES = /^\s*(?:[[\]{}|]\s*)*(?:[⟨〈][^⟨⟩〈〉]+[⟩〉]\s*(?:[[\]{}|]\s*)*)+$/u;
/** A metavariable's opening angle bracket; and the test for it, made once (a pattern and an
 *  arrow written in the function were new objects on each call). */
const ANGLE_BRACKET = /[⟨〈]/u;
const hasAngleBracket = (span: Span) => ANGLE_BRACKET.test(span.text);

/**
 * Which spans of a line are parts of metavariables: each run of spans out of the code face
 * whose text, joined, is metavariables and syntax signs only. All false when the line has no
 * angle bracket.
 */
export function metavariableSpans(spans: readonly Span[]): boolean[] {
  const inside = new Array<boolean>(spans.length).fill(false);
  if (!spans.some(hasAngleBracket)) return inside;
  let k = 0;
  while (k < spans.length) {
    if (spans[k].monospace) {
      k++;
      continue;
    }
    let end = k;
    let text = "";
    while (end < spans.length && !spans[end].monospace) text += spans[end++].text;
    if (METAVARIABLES.test(text)) inside.fill(true, k, end);
    k = end;
  }
  return inside;
}

/** Whether the line holds metavariables and syntax signs only (no code, no words besides). */
export function isMetavariableLine(spans: readonly Span[]): boolean {
  return spans.length > 0 && metavariableSpans(spans).every(Boolean);
}
