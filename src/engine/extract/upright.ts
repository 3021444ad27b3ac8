// Pages whose text runs sideways: a landscape table printed on a portrait page, a whole page
// set at 90° inside its content stream (no /Rotate for the viewer to undo). A reader turns
// the page; the model turns with them, so that rows, columns and reading order are found in
// the text's own frame. Camelot does the same for its lattice and stream tables: it reads
// the characters' direction and rotates the layout before looking for rulings.
import { type Line, lineLike, type Mark, newSpan, type PageModel, type Rule, type Span } from "../model.js";

/** Quarter turns clockwise of a line's baseline from left-to-right: 0 upright, 1 reads top
 *  to bottom, 2 upside down, 3 reads bottom to top. */
export type Quarter = 0 | 1 | 2 | 3;

/** A baseline this close to an axis (cosine) has that axis's direction; slanted text has none. */
const AXIS_COSINE_MIN = 0.9;
/** The page turns when this share of its characters runs in one other direction: a page with
 *  a sideways table under an upright caption turns, an upright page with a sideways margin
 *  note does not. */
const TURN_CHAR_SHARE_MIN = 2 / 3;

/** The quarter of a baseline direction (dx, dy) in page space (y down), or -1 when slanted. */
export function quarterOf(dx: number, dy: number): Quarter | -1 {
  if (dx >= AXIS_COSINE_MIN) return 0;
  if (dy >= AXIS_COSINE_MIN) return 1;
  if (dx <= -AXIS_COSINE_MIN) return 2;
  if (dy <= -AXIS_COSINE_MIN) return 3;
  return -1;
}

/** The quarter to turn the page by, from the characters counted per baseline quarter. */
export function pageTurn(charsByQuarter: readonly number[]): Quarter {
  const total = charsByQuarter[0] + charsByQuarter[1] + charsByQuarter[2] + charsByQuarter[3];
  if (total === 0) return 0;
  for (const q of [1, 2, 3] as const) if (charsByQuarter[q] >= TURN_CHAR_SHARE_MIN * total) return q;
  return 0;
}

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The page turned so that text running in `quarter` reads left to right. */
export function turnUpright(model: PageModel, quarter: Quarter): PageModel {
  if (quarter === 0) return model;
  const { width: w, height: h } = model;
  const lines: Line[] = [];
  for (const line of model.lines) lines.push(turnedLine(line, quarter, w, h));
  const rules: Rule[] = [];
  for (const rule of model.rules) rules.push(turnedKind(rule, quarter, w, h));
  let marks: Mark[] | undefined;
  if (model.marks) {
    marks = [];
    for (const mark of model.marks) marks.push(turnedKind(mark, quarter, w, h));
  }
  const sideways = quarter !== 2;
  return {
    page: model.page,
    width: sideways ? h : w,
    height: sideways ? w : h,
    lines,
    rules,
    marks,
    drawings: model.drawings ? turnedAll(model.drawings, quarter, w, h) : undefined,
    images: model.images ? turnedAll(model.images, quarter, w, h) : undefined,
    links: turnedAll(model.links, quarter, w, h),
    chars: model.chars,
    unmappedChars: model.unmappedChars,
    extraction: model.extraction,
    producerHyphenates: model.producerHyphenates,
    rightToLeft: model.rightToLeft,
    checkWidgets: model.checkWidgets,
  };
}

// Lines, spans, rules and marks are written out in their one shape (model.ts), as the
// extractor made them: a spread copy would be of a hidden class of its own. Module functions,
// not closures made per page: a full garbage collection drops a dead closure's optimised code.

function turnedSpan(span: Span, q: Quarter, w: number, h: number): Span {
  const { x0, y0, x1, y1 } = turnRect(span, q, w, h);
  return newSpan(span.text, x0, y0, x1, y1, span.font, span.size, span.bold, span.italic, span.monospace, span.invisible, span.leader);
}

function turnedLine(line: Line, q: Quarter, w: number, h: number): Line {
  const { x0, y0, x1, y1 } = turnRect(line, q, w, h);
  const spans: Span[] = [];
  for (const span of line.spans) spans.push(turnedSpan(span, q, w, h));
  return lineLike(line, spans, x0, y0, x1, y1);
}

/** Each of `items` turned, its other fields kept, in an array made by push. Not `items.map`:
 *  the built-in map makes a packed array and its optimised, inlined form a holey one, so the
 *  turned pages' drawings, images and links changed kind once turnUpright was optimised (two
 *  passes into a process) and every reader of them (figure text, covering boxes, navigation
 *  icons, the inline renderer's links) lost its optimised code to a "wrong map" and was
 *  compiled again. */
function turnedAll<T extends Rect>(items: readonly T[], q: Quarter, w: number, h: number): T[] {
  const turned: T[] = [];
  for (const r of items) turned.push({ ...r, ...turnRect(r, q, w, h) });
  return turned;
}

function turnedKind<T extends Rule | Mark>(r: T, q: Quarter, w: number, h: number): T {
  const { x0, y0, x1, y1 } = turnRect(r, q, w, h);
  return { x0, y0, x1, y1, kind: r.kind } as T;
}

/** A box under the turn that brings baseline quarter `q` to left-to-right, on a w × h page. */
function turnRect(r: Rect, q: Quarter, w: number, h: number): Rect {
  switch (q) {
    case 1: // (x, y) → (y, w − x)
      return { x0: r.y0, y0: w - r.x1, x1: r.y1, y1: w - r.x0 };
    case 2: // (x, y) → (w − x, h − y)
      return { x0: w - r.x1, y0: h - r.y1, x1: w - r.x0, y1: h - r.y0 };
    case 3: // (x, y) → (h − y, x)
      return { x0: h - r.y1, y0: r.x0, x1: h - r.y0, y1: r.x1 };
    default:
      return { x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1 };
  }
}
