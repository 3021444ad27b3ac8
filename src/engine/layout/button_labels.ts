// A web page's button printed with its listing: nodejs's API pages set a "COPY" button (white
// capitals, letter-spaced, on a green pill) at the bottom right of every code listing, and a
// browser prints it. Its label is no text of the document: "**C O P Y**" stood between each
// listing and the paragraph after it, dozens of times a page. The label goes before layout.
import type { Line, Rule } from "../model.js";
import { boxHolds } from "./figure_frames.js";
import { isCodeLine } from "./lines.js";
import { nonSpaceLength } from "./whitespace.js";

/** A button's label is a word or two: at most this many characters, spaces aside. */
const BUTTON_LABEL_CHARS_MAX = 12;
/** A button is at most this many times its label's height tall (a pill padded a few points
 *  above and below: nodejs's is 13.5 pt round 8.3 pt of type); a shaded cell or a note's box
 *  holding one line runs taller or wider. */
const BUTTON_HEIGHT_LINES_MAX = 2;
/** ... and at most this many of its label's ems wide (nodejs's: 67.5 pt round 7.5 pt type). */
const BUTTON_WIDTH_EMS_MAX = 12;

/** A button stands clear of its listing's edges by at least this much on every side
 *  (nodejs's: 10 pt): a label box flush with a panel's corner is the panel's tab, naming it
 *  (tug2005's slides: "DVIPDFMx" at the bottom right of the example it ran). */
const BUTTON_INSET_MIN_PT = 2;

/** The filled boxes of the page, or none: most pages have no shading at all. */
function fills(rules: readonly Rule[]): Rule[] {
  const out: Rule[] = [];
  for (const rule of rules) if (rule.kind === "fill") out.push(rule);
  return out;
}

/** Whether `inner` lies inside `outer`, clear of its edges by BUTTON_INSET_MIN_PT. */
function standsInside(inner: Rule, outer: Rule): boolean {
  const inset = BUTTON_INSET_MIN_PT;
  return inner.x0 >= outer.x0 + inset && inner.x1 <= outer.x1 - inset && inner.y0 >= outer.y0 + inset && inner.y1 <= outer.y1 - inset;
}

/** Whether the line could be a button's label: a short line in the text face, across. Its
 *  characters are counted span by span, up to one past the most a label has, with no text
 *  built: every line of a page with shading is asked. */
function mayBeLabel(line: Line): boolean {
  if (line.wmode !== 0 || line.spans.length === 0) return false;
  let chars = 0;
  for (const span of line.spans) {
    chars += nonSpaceLength(span.text);
    if (chars > BUTTON_LABEL_CHARS_MAX) return false;
  }
  return chars > 0 && !isCodeLine(line);
}

/** The filled box, button-sized, that holds the line alone, or null. */
function buttonOf(line: Line, boxes: readonly Rule[], lines: readonly Line[]): Rule | null {
  const height = line.y1 - line.y0;
  let size = 1;
  for (const span of line.spans) size = Math.max(size, span.size);
  for (const box of boxes) {
    if (!boxHolds(box, line)) continue;
    if (box.y1 - box.y0 > BUTTON_HEIGHT_LINES_MAX * height || box.x1 - box.x0 > BUTTON_WIDTH_EMS_MAX * size) continue;
    // Held alone: the count stops at a second line.
    let held = 0;
    for (let k = 0; k < lines.length && held < 2; k++) if (boxHolds(box, lines[k])) held++;
    if (held === 1) return box;
  }
  return null;
}

/** Whether a larger filled box holds the button, clear of its edges, and a line of code (one
 *  of the page's `codeLines`): the listing it copies. */
function inListing(button: Rule, boxes: readonly Rule[], codeLines: readonly Line[]): boolean {
  for (const box of boxes) {
    if (!standsInside(button, box)) continue;
    for (const line of codeLines) if (boxHolds(box, line)) return true;
  }
  return false;
}

/** The page's lines of code (isCodeLine), in order. */
function codeLinesOf(lines: readonly Line[]): Line[] {
  const code: Line[] = [];
  for (const line of lines) if (isCodeLine(line)) code.push(line);
  return code;
}

/**
 * The lines less the labels of buttons set on listings: a short line in the text face alone in
 * a filled box about its size (BUTTON_HEIGHT_LINES_MAX, BUTTON_WIDTH_EMS_MAX), that box inside
 * a larger filled box holding code, clear of its edges (BUTTON_INSET_MIN_PT). A label in a shaded box elsewhere (a badge, a shaded table
 * cell, a box on prose, a panel's tab) stays. The lines are returned as they were when there is none.
 */
export function withoutButtonLabels(lines: readonly Line[], rules: readonly Rule[]): readonly Line[] {
  // A button and its listing are two filled boxes: asked first, as most pages have none, and
  // a line's text is built only where the page has them (issue 9: speed).
  const boxes = fills(rules);
  if (boxes.length < 2) return lines;
  // Nor is there a listing on a page without a line of code: asked next, as most shaded pages
  // (a report's table cells, a chart's bars) have none, and each short line was measured
  // against every box.
  const codeLines = codeLinesOf(lines);
  if (codeLines.length === 0) return lines;
  let gone: Set<Line> | null = null;
  for (const line of lines) {
    if (!mayBeLabel(line)) continue;
    const button = buttonOf(line, boxes, lines);
    if (button && inListing(button, boxes, codeLines)) (gone ??= new Set()).add(line);
  }
  if (gone === null) return lines;
  const kept: Line[] = [];
  for (const line of lines) if (!gone.has(line)) kept.push(line);
  return kept;
}
