// A framed box floated beside the text, the text wrapping on its other side and going on
// under it (a web page's figure with its caption in a bordered box, floated right): reading
// order has no gutter for it, so it sorts the box's lines by their tops in among the lines
// beside it, a caption's line between each two of the paragraph's. The box's lines are one
// float, placed as a whole (render/page.ts).
import type { Line, PaintedImage, Rule } from "../model.js";
import { type Box, centreInside, overlaps } from "./box.js";
import { lineSize, lineText } from "./lines.js";
import { sortInPlace } from "../sort_in_place.js";
import { holdShape } from "../held_shapes.js";

/** A side float. A class, one instance held (held_shapes.ts): the A/B pages hold one side
 *  float, and as an object literal its second, in the second pass, threw away renderPage,
 *  blocksOfGroups and sideFloatIn. */
export class SideFloat {
  constructor(
    readonly box: Box,
    /** The lines inside the box, top to bottom. */
    readonly lines: Line[],
  ) {}
}
holdShape(new SideFloat({ x0: 0, y0: 0, x1: 0, y1: 0 }, []));

/** A float's box is at least this many points on each side (a rule or a dot is none). */
const FLOAT_SIDE_MIN_PT = 20;
/** A box covering more than this share of the page is a page or panel background. */
const FLOAT_PAGE_SHARE_MAX = 0.25;
/** A float has this many lines beside it at least, all on one side. */
const LINES_BESIDE_MIN = 2;
/** A line under or over the float starts this close to the text beside it (its margin) ... */
const WRAP_EDGE_TOLERANCE_PT = 2;
/** ... and reaches this far across the float at least (a share of its width from its near edge) ... */
const WRAP_REACH_SHARE_MIN = 0.5;
/** ... or, the line under a float on the text's right, starting at the text's margin, this many
 *  of its ems (a paragraph's short last line going on under a note box: the text runs on there
 *  past the gutter a column beside it would keep). */
const WRAP_UNDER_REACH_EMS_MIN = 2;
/** A float's text is a caption: a line of this many characters at least (a chart's legend,
 *  an exam's mark box, a label in a coloured box are shorter). */
const CAPTION_CHARS_MIN = 20;
/** Boxes looked at per page at most (a chart's many bars are artwork, no floats). */
const BOXES_MAX = 100;
/** A box holding a picture that covers this share of it at least is a framed figure, whose
 *  caption may be short ("The locks in 1916"): no legend or mark box holds one. */
const PICTURE_SHARE_MIN = 0.5;

type Side = "left" | "right";

/**
 * The page's framed boxes floated beside the text: a drawn box (stroked or filled) holding a
 * caption's line (CAPTION_CHARS_MIN), or a picture (`page.images`, PICTURE_SHARE_MIN of it)
 * and a line, no line running into it, 2 lines or more beside it in its band, all on one
 * side, rows of text one under another and none in a box of its own, and the text wrapping
 * around it (wrapsAround). A box overlapping `taken` (a table) is none.
 */
export function findSideFloats(lines: readonly Line[], rules: readonly Rule[], page: { width: number; height: number; images?: readonly PaintedImage[] }, taken: readonly Box[], drawings: readonly Box[] = []): SideFloat[] {
  const floats: SideFloat[] = [];
  const boxes: Box[] = floatSizedRules(rules, page).slice();
  // A shape's outline drawn from the middle of an edge (LibreOffice's frames) is no rectangle
  // to the extractor but a drawing: its box is the frame's.
  for (const drawing of drawings) if (isFloatSized(drawing, page)) boxes.push(drawing);
  // No frame of a float's size on most pages: no line is looked at.
  if (boxes.length === 0 || boxes.length > BOXES_MAX) return floats;
  // Outermost first: a frame holding another (an image's border inside the figure's) is one float.
  sortInPlace(boxes, byAreaDescending);
  const boxed = new BoxedLines(lines, boxes);
  for (const box of boxes) {
    if (taken.some((other) => overlaps(other, box)) || floats.some((float) => overlaps(float.box, box))) continue;
    const float = sideFloatIn(box, lines, boxed, holdsPicture(box, page.images ?? []));
    if (float) floats.push(float);
  }
  return floats;
}

/** The page whose float-sized rules floatSizedRules found last: its rules array, its size, and
 *  those rules. One page's, not a WeakMap by rules array: a page is rendered at once (its side
 *  floats found, then each table's extent), and a WeakMap's entry for each page cost more than
 *  the rules' loop it spared. */
let lastRules: readonly Rule[] | null = null;
let lastWidth = NaN;
let lastHeight = NaN;
let lastFloatSized: readonly Rule[] = [];

/** The rules that are float-sized on the page, in their order, found once for the page being
 *  rendered (a page's rules are not changed after extraction): findSideFloats asks for them,
 *  and drawnExtent once for each table of the page, where each call looked at every rule (the
 *  cell borders of a ruled statement, thousands a page). */
function floatSizedRules(rules: readonly Rule[], page: { width: number; height: number }): readonly Rule[] {
  if (rules === lastRules && page.width === lastWidth && page.height === lastHeight) return lastFloatSized;
  const found: Rule[] = [];
  for (const rule of rules) if (isFloatSized(rule, page)) found.push(rule);
  lastRules = rules;
  lastWidth = page.width;
  lastHeight = page.height;
  lastFloatSized = found;
  return found;
}

function isFloatSized(box: Box, page: { width: number; height: number }): boolean {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  return w >= FLOAT_SIDE_MIN_PT && h >= FLOAT_SIDE_MIN_PT && w * h <= FLOAT_PAGE_SHARE_MAX * page.width * page.height;
}

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const byAreaDescending = (p: Box, q: Box) => area(q) - area(p);

function area(box: Box): number {
  return (box.x1 - box.x0) * (box.y1 - box.y0);
}

function sideOf(line: Line, box: Box): Side | null {
  if (line.x1 <= box.x0) return "left";
  if (line.x0 >= box.x1) return "right";
  return null;
}

function holdsPicture(box: Box, images: readonly PaintedImage[]): boolean {
  return images.some((image) => image.x0 >= box.x0 && image.y0 >= box.y0 && image.x1 <= box.x1 && image.y1 <= box.y1 && area(image) >= PICTURE_SHARE_MIN * area(box));
}

/**
 * Which of the page's lines lie inside any of its float-sized boxes (their centre in one), asked
 * line by line and kept: only lines level with a box are asked, where every line of a page with
 * boxes had been looked for in every box (a page of a hundred boxes asked a hundred times a line).
 */
class BoxedLines {
  /** The answers so far, by line index: few lines are asked, most pages none. */
  private known: Map<number, boolean> | null = null;
  constructor(
    private readonly lines: readonly Line[],
    private readonly boxes: readonly Box[],
  ) {}
  /** Whether `lines[index]` lies inside a box. */
  has(index: number): boolean {
    const known = (this.known ??= new Map());
    let inside = known.get(index);
    if (inside === undefined) {
      const line = this.lines[index];
      inside = false;
      for (let k = 0; k < this.boxes.length && !inside; k++) inside = centreInside(line, this.boxes[k]);
      known.set(index, inside);
    }
    return inside;
  }
}

/** `boxed`: the lines inside any drawn box, by index into `lines`; `picture`: whether the box
 *  holds a picture, whose caption may be short. */
function sideFloatIn(box: Box, lines: readonly Line[], boxed: BoxedLines, picture: boolean): SideFloat | null {
  const inside: Line[] = [];
  const beside: Line[] = [];
  let side: Side | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (centreInside(line, box)) {
      inside.push(line);
      continue;
    }
    if (line.y0 >= box.y1 || line.y1 <= box.y0) continue;
    const at = sideOf(line, box);
    // A line running into the box is text the box sits behind, not a float's neighbour; a
    // line in a box of its own is a neighbouring box's (a poster's boxes side by side).
    if (at === null || (side !== null && at !== side) || boxed.has(index)) return null;
    side = at;
    beside.push(line);
  }
  if (side === null || beside.length < LINES_BESIDE_MIN || !isRowsOfText(beside) || inside.length === 0) return null;
  if (!picture && !inside.some((line) => lineText(line).trim().length >= CAPTION_CHARS_MIN)) return null;
  if (!wrapsAround(box, side, beside, lines)) return null;
  sortInPlace(inside, (p, q) => p.y0 - q.y0 || p.x0 - q.x0);
  return new SideFloat({ x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1 }, inside);
}

/** Lines of one column of text overlap their neighbours by this share of the shorter at most. */
const ROW_OVERLAP_SHARE_MAX = 1 / 3;

/** Whether the lines, top to bottom, are rows of text one under another (no line standing
 *  across others: a page's large artwork lettering beside a box). */
function isRowsOfText(beside: readonly Line[]): boolean {
  const rows = sortInPlace(beside.slice(), (p, q) => p.y0 - q.y0);
  for (let k = 1; k < rows.length; k++) {
    const overlap = rows[k - 1].y1 - rows[k].y0;
    if (overlap > ROW_OVERLAP_SHARE_MAX * Math.min(rows[k - 1].y1 - rows[k - 1].y0, rows[k].y1 - rows[k].y0)) return false;
  }
  return true;
}

/**
 * Whether the beside lines are left-aligned text wrapping around the box: 2 of them or more
 * start at their left margin, and the nearest line under the box, or over it, in the box's
 * width starts left of both and runs across half the box's width and into the text's (the
 * text goes on there at full width; a column under a box in its own column starts at the box).
 */
function wrapsAround(box: Box, side: Side, beside: readonly Line[], lines: readonly Line[]): boolean {
  let margin = Infinity;
  for (const line of beside) margin = Math.min(margin, line.x0);
  if (beside.filter((line) => line.x0 <= margin + WRAP_EDGE_TOLERANCE_PT).length < LINES_BESIDE_MIN) return false;
  let under: Line | null = null;
  let over: Line | null = null;
  for (const line of lines) {
    if (line.x1 <= box.x0 || line.x0 >= box.x1) continue;
    if (line.y0 >= box.y1 && (!under || line.y0 < under.y0)) under = line;
    if (line.y1 <= box.y0 && (!over || line.y1 > over.y1)) over = line;
  }
  const share = WRAP_REACH_SHARE_MIN * (box.x1 - box.x0);
  const wraps = (line: Line | null, reach: number) =>
    line !== null && (side === "left" ? line.x0 <= margin + WRAP_EDGE_TOLERANCE_PT && line.x1 >= box.x0 + reach : line.x0 <= box.x1 - reach && line.x1 >= margin + reach);
  const underReach = under !== null && side === "left" ? Math.min(share, WRAP_UNDER_REACH_EMS_MIN * lineSize(under)) : share;
  return wraps(under, underReach) || wraps(over, share);
}

/** A frame drawn round a float reaches at least this close to its text on each side (points):
 *  the frame's border lies outside the text it holds. */
const FRAME_ENCLOSE_TOLERANCE_PT = 1;

/**
 * The float's extent as drawn: the outermost framed or filled box (float-sized, at most
 * BOXES_MAX looked at) round `box` that holds no line of `lines` (the text beside and under
 * the float), else `box` itself. A web page's infobox table reaches down to its last row's
 * text, its frame a padding further: the line of the text beside it level with that padding
 * is still beside the float.
 */
export function drawnExtent(box: Box, rules: readonly Rule[], lines: readonly Line[], page: { width: number; height: number }): Box {
  let extent = box;
  const framed = floatSizedRules(rules, page);
  for (let k = 0; k < framed.length && k < BOXES_MAX; k++) {
    const rule = framed[k];
    const t = FRAME_ENCLOSE_TOLERANCE_PT;
    if (rule.x0 > box.x0 + t || rule.y0 > box.y0 + t || rule.x1 < box.x1 - t || rule.y1 < box.y1 - t) continue;
    if (area(rule) <= area(extent) || lines.some((line) => centreInside(line, rule))) continue;
    extent = { x0: Math.min(rule.x0, box.x0), y0: Math.min(rule.y0, box.y0), x1: Math.max(rule.x1, box.x1), y1: Math.max(rule.y1, box.y1) };
  }
  return extent;
}
