// The angle brackets of a tag drawn from another face than its name: dblatex takes an XML
// listing's "<" and ">" from TeX's math italic around a name in the code face ("<family>",
// "<!--", "</dir>"). Such a bracket belongs to the code: a line of them is code, and in
// running text it goes into the name's code span.
import type { Span } from "../model.js";
import { isBlankText, isSpaceCode } from "./whitespace.js";

/** A tag's brackets: "<", "</", ">", "/>", or a closing and an opening one together ("><"
 * between "<family>" and "<string>"). The word space before an opening bracket, or after a
 * closing one, or a space doxygen sets inside the brackets ("< T >"), comes in the bracket's
 * span: the extractor gives a space to the span of the glyph after it (fontconfig-user's "a
 * list of" | " <" | "family" | ">" | " elements"). */
const TAG_BRACKET = /^(?:\s*<\/?\s*|\/?>\s*|\/?><\/?)$/;
/** The bracket text opens a tag ("<", "</") at its end (or before the space after it, which
 *  doxygen's LaTeX sets in "circulator< T >"), or closes one (">", "/>") at its start. */
const OPENING_BRACKET_END = /<\/?\s*$/;
const CLOSING_BRACKET_START = /^\/?>/;
/** The bracket touches the name it encloses: closer than this share of its size. */
const TAG_BRACKET_GAP_SIZES = 0.15;

/** Whether spans[k], not in the code face, is a tag's bracket set against the code-face
 * name it encloses (after an opening bracket, before a closing one). */
export function isTagBracket(spans: readonly Span[], k: number): boolean {
  const span = spans[k];
  if (span.monospace || !TAG_BRACKET.test(span.text)) return false;
  const opens = OPENING_BRACKET_END.test(span.text);
  const closes = CLOSING_BRACKET_START.test(span.text);
  // Spaced, an opening bracket may be a comparison's sign ("0.0 < 0.5 < 0.10", maint-guide's
  // versions in the code face): it opens a tag only where the name it touches is closed.
  if (opens && touchesName(span, spans[k + 1], span.size)) return !holdsSpace(span.text) || closesName(spans, k + 2);
  return closes && touchesName(span, spans[k - 1], span.size);
}

/** Whether the bracket's text starts or ends with a space. */
function holdsSpace(text: string): boolean {
  return isSpaceCode(text.charCodeAt(0)) || isSpaceCode(text.charCodeAt(text.length - 1));
}

/** Whether spans[k] is a tag's closing bracket set against the name before it: what an opening
 *  bracket whose span holds a space needs to be a tag's (the extractor gives a comparison's
 *  "<" its spaces too, and a metavariable's brackets, "\newmarks <control sequence …>
 *  assigns", enclose a name in many spans and end in a span of words). */
function closesName(spans: readonly Span[], k: number): boolean {
  const span = spans[k];
  return span !== undefined && !span.monospace && TAG_BRACKET.test(span.text) && CLOSING_BRACKET_START.test(span.text) && touchesName(span, spans[k - 1], span.size);
}

function touchesName(bracket: Span, name: Span | undefined, size: number): boolean {
  if (!name?.monospace || isBlankText(name.text)) return false;
  const gap = name.x0 >= bracket.x1 ? name.x0 - bracket.x1 : bracket.x0 - name.x1;
  return gap <= TAG_BRACKET_GAP_SIZES * size;
}
