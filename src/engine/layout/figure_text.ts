// Text drawn as part of a figure that has no frame: a diagram's box labels, a plot's tick
// labels and axis titles. They come out of the text layer as a run of two-word paragraphs
// ("Interpret", "Bytecodes", "loop edge", "−2", "−1") that breaks the page's reading for
// nothing a reader can use without the drawing; the Markdown holds no figures, so it holds
// none of their labels either (the real-page truth leaves them out the same way). Captions stay.
//
// A figure is found by its drawings (PageModel.drawings and .marks: curves, arrows, a plot's points) and
// the labels set among them in small print. Drawings, rules and label lines that lie within
// LINK_EMS of each other make one group; a group with FIGURE_DRAWINGS_MIN drawings or more (a
// shape filled and stroked counts once) is a figure, and its labels are left out, unless its
// box holds running text (a callout box drawn around a paragraph is no figure, nor a slide's
// content box holding a list).
import type { Drawing, Line, Mark, Rule } from "../model.js";
import { type Box, centreInside, overlaps } from "./box.js";
import { INSIDE_SLACK_PT } from "./figure_frames.js";
import { FLOAT_CAPTION } from "./captions.js";
import { FIGURE_LABEL_CHARS_MAX } from "./figure_labels.js";
import { leadingBulletLength } from "./bullet_glyphs.js";
import { lineText } from "./lines.js";
import { isBlankText, trimmedLength } from "./whitespace.js";
import { orderByKey } from "../tables/sorted_search.js";

/** A group of this many drawings or more is a figure: a diagram has its boxes and arrows, a
 * plot its points; a vector bullet or an underline is one drawing. */
const FIGURE_DRAWINGS_MIN = 4;
/** The drawings of a figure cover at least this many body ems each way: a logo or a symbol
 * drawn as a few paths ("printed on acid-free paper" beside its sign) is no figure. */
const FIGURE_SIDE_EMS_MIN = 3;
/** A label is set this much smaller than the body at most: plots and diagrams label in small
 * print (6-7 pt under a 10 pt body), while a form's labels or a heading over a figure are
 * set at body size and stay. */
const LABEL_SIZE_RATIO_MAX = 0.85;
/** Elements this many body ems apart or closer are one group: an axis title sits about an em
 * below its tick labels, a box label inside its box. */
const LINK_EMS = 1;
/** Labels and rules further than this many body ems from every drawing's box are not looked
 * at: a plot's axis title sits about two ems beyond its outermost point. */
const NEAR_DRAWINGS_EMS = 5;
/** A figure's longer lines of small print come among this many times as many labels; fewer
 * labels around them make running text in a box. */
const LABELS_PER_LONG_LINE_MIN = 3;
/** Rules longer than this share of the page's side are a page's structure (a column rule, a
 * header's rule), not part of a figure: they would link a figure to everything around it. */
const RULE_PAGE_SHARE_MAX = 0.5;

/** The lines that are labels of a figure without a frame, to be left out of the page. */
export function figureTextLines(
  lines: readonly Line[],
  paths: { drawings?: readonly Drawing[]; marks?: readonly Mark[] },
  rules: readonly Rule[],
  bodySize: number,
  page: { width: number; height: number },
): Set<Line> {
  const found = new Set<Line>();
  // Paths larger than a glyph, and glyph-sized ones (a plot's points, an arrow's head); an
  // image is no stroke of a drawing.
  if ((paths.drawings?.length ?? 0) + (paths.marks?.length ?? 0) < FIGURE_DRAWINGS_MIN || !(bodySize > 0)) return found;
  // A literal filled in a loop, not a spread: a spread of no drawings is an array of small
  // integers, and the push of a mark below bailed out on it.
  const drawings: Box[] = [];
  for (const drawing of paths.drawings ?? []) drawings.push(drawing);
  for (const mark of paths.marks ?? []) if (mark.kind !== "image") drawings.push(mark);
  if (drawings.length < FIGURE_DRAWINGS_MIN) return found;
  // Only what lies near the drawings can join a figure: a table's thousand rules and its
  // small print elsewhere on the page are not grouped at all.
  const near = emptyBox();
  for (const d of drawings) extend(near, d);
  const reach = NEAR_DRAWINGS_EMS * bodySize;
  const isNear = (b: Box) => b.x1 >= near.x0 - reach && b.x0 <= near.x1 + reach && b.y1 >= near.y0 - reach && b.y0 <= near.y1 + reach;
  // Small print first; a line drawn in among the strokes is a label only of a figure that
  // holds no other text (below).
  const labels: Line[] = [];
  const drawnIn = new Set<Line>();
  for (const line of lines) {
    if (!isNear(line)) continue;
    if (isLabel(line, bodySize)) labels.push(line);
    else if (isDrawnIn(line, paths.drawings ?? [], rules, lines, bodySize)) {
      labels.push(line);
      drawnIn.add(line);
    }
  }
  if (labels.length === 0) return found;
  // The parts, in one list of boxes: the drawings first, then the rules near them, then the
  // labels (no part objects: built three ways, their shapes made the grouping deoptimise).
  const boxes: Box[] = drawings.slice();
  for (const r of rules) if (isNear(r) && r.x1 - r.x0 <= RULE_PAGE_SHARE_MAX * page.width && r.y1 - r.y0 <= RULE_PAGE_SHARE_MAX * page.height) boxes.push(r);
  const firstLabel = boxes.length;
  for (const line of labels) boxes.push(line);
  const groupOf = linkedGroups(boxes, LINK_EMS * bodySize);
  const groups = new Map<number, { shapes: Box[]; drawn: Box; labels: Line[]; box: Box }>();
  for (let i = 0; i < boxes.length; i++) {
    const root = groupOf[i];
    let group = groups.get(root);
    if (!group) groups.set(root, (group = { shapes: [], drawn: emptyBox(), labels: [], box: emptyBox() }));
    if (i < drawings.length) {
      if (!group.shapes.some((shape) => sameBox(shape, boxes[i]))) group.shapes.push(boxes[i]);
      extend(group.drawn, boxes[i]);
    }
    if (i >= firstLabel) group.labels.push(labels[i - firstLabel]);
    extend(group.box, boxes[i]);
  }
  const labelSet = new Set(labels);
  const sideMin = FIGURE_SIDE_EMS_MIN * bodySize;
  for (const group of groups.values()) {
    // Shapes, not paths: a box filled and stroked is drawn twice (Impress's content boxes).
    if (group.shapes.length < FIGURE_DRAWINGS_MIN || group.labels.length === 0) continue;
    if (group.drawn.x1 - group.drawn.x0 < sideMin || group.drawn.y1 - group.drawn.y0 < sideMin) continue;
    // Running text inside the box makes it no figure (a callout around a paragraph); longer
    // lines in the labels' small print, among many more labels, are the figure's own (a UML
    // class's listed values).
    // A loop, not a closure over the group: a closure made per call loses its optimised code
    // at each full garbage collection, and was compiled again every few passes.
    const inside: Line[] = [];
    for (const line of lines) if (!labelSet.has(line) && centreInside(line, group.box) && (trimmedLength(lineText(line)) > FIGURE_LABEL_CHARS_MAX || isBulletItem(line))) inside.push(line);
    if (inside.length > 0 && (inside.some((line) => !isSmallPrint(line, bodySize)) || group.labels.length < LABELS_PER_LONG_LINE_MIN * inside.length)) continue;
    if (framesTextEach(group.shapes, lines, labelSet, bodySize)) continue;
    // Names drawn in go only from a figure with no other text in it or a link's reach of it
    // but a caption: a flowchart's node of two lines (its box holds both) keeps the whole
    // chart's text, and a logo's words under its drawing ("Communauté" over "d’Universités et
    // Établissements") keep theirs.
    let stray = false;
    if (drawnIn.size > 0) {
      const link = LINK_EMS * bodySize;
      const reach = { x0: group.box.x0 - link, y0: group.box.y0 - link, x1: group.box.x1 + link, y1: group.box.y1 + link };
      for (const line of lines) if (!labelSet.has(line) && overlaps(line, reach) && !FLOAT_CAPTION.test(lineText(line).trim())) stray = true;
    }
    for (const line of group.labels) if (!stray || !drawnIn.has(line)) found.add(line);
    for (const line of inside) found.add(line);
  }
  return found;
}

/**
 * Whether every shape frames text set in the body's size or larger that is no label: a
 * dashboard's tiles, each a figure over its small caption ("18,240" over "Tickets
 * received"), are cards, not a diagram, and their captions their text. A diagram's shapes
 * are its strokes, points and arrows, which frame nothing, or boxes around labels in small
 * print or names drawn in (isDrawnIn), which are labels.
 */
function framesTextEach(shapes: readonly Box[], lines: readonly Line[], labels: ReadonlySet<Line>, bodySize: number): boolean {
  for (const shape of shapes) {
    let framed = false;
    for (const line of lines) {
      if (!labels.has(line) && centreInside(line, shape) && !isSmallPrint(line, bodySize)) {
        framed = true;
        break;
      }
    }
    if (!framed) return false;
  }
  return true;
}

/** A line that starts with a bullet glyph and goes on in words: a list's item, running text
 * however short. Impress draws a content box as a filled and stroked frame (two drawings a
 * box); a slide of two such boxes, its bullets of 3-6 words, read as a figure, and its
 * second-level items, set smaller, were dropped as the figure's labels. */
function isBulletItem(line: Line): boolean {
  const bullet = leadingBulletLength(line);
  if (bullet === 0) return false;
  const rest = lineText(line).slice(bullet).trimStart();
  return WORD_START.test(rest);
}
const WORD_START = /^\p{L}\p{L}/u;

/** A short line in small print that names no float: the caption under a figure stays. Code
 * stays too: a listing set small beside a drawing (a slide's example next to its output) is
 * content, and a diagram labels in a text face. */
function isLabel(line: Line, bodySize: number): boolean {
  if (!isSmallPrint(line, bodySize)) return false;
  const text = lineText(line).trim();
  return text.length > 0 && text.length <= FIGURE_LABEL_CHARS_MAX && !FLOAT_CAPTION.test(text);
}

/** A name drawn in among a figure's strokes is set this many times the body's size at least:
 *  larger than the text, it would read as a heading. */
const DRAWN_NAME_SIZE_RATIO_MIN = 1.15;

/**
 * A short line set among a diagram's strokes, whatever its size and face: a node's name alone
 * in its drawn box, an edge's name beside the stroke of its arrow (Doxygen's collaboration
 * diagrams label both in Courier at 12 pt over 9 pt text: "siscone::Cmomentum", "v", "ref",
 * each had been a `##` heading), set larger than the body. A stroke that holds a whole span
 * is a shape behind its words (a browser's rounded box behind inline code, a type's pill),
 * no arrow. The group the line joins must still be a figure (figureTextLines).
 */
function isDrawnIn(line: Line, drawings: readonly Drawing[], rules: readonly Rule[], lines: readonly Line[], bodySize: number): boolean {
  // Only what would read as a heading: a form's labels, set at the body's size, stay.
  for (const span of line.spans) if (!isBlankText(span.text) && span.size < DRAWN_NAME_SIZE_RATIO_MIN * bodySize) return false;
  let drawn = false;
  for (const d of drawings) if (overlaps(line, d) && !holdsASpan(d, line)) drawn = true;
  if (!drawn) for (const r of rules) if (r.kind === "stroke" && holds(r, line) && holdsOnly(r, line, lines)) drawn = true;
  if (!drawn) return false;
  const text = lineText(line).trim();
  return text.length > 0 && text.length <= FIGURE_LABEL_CHARS_MAX && !FLOAT_CAPTION.test(text);
}

function holds(outer: Box, inner: Box): boolean {
  return outer.x0 <= inner.x0 + INSIDE_SLACK_PT && outer.x1 >= inner.x1 - INSIDE_SLACK_PT && outer.y0 <= inner.y0 + INSIDE_SLACK_PT && outer.y1 >= inner.y1 - INSIDE_SLACK_PT;
}

function holdsASpan(box: Box, line: Line): boolean {
  for (const span of line.spans) if (!isBlankText(span.text) && holds(box, span)) return true;
  return false;
}

/** No other line's centre lies in the box: a node's box holds its name alone. */
function holdsOnly(box: Box, line: Line, lines: readonly Line[]): boolean {
  for (const other of lines) if (other !== line && centreInside(other, box)) return false;
  return true;
}

/** Set in a figure's small print, in a text face, naming no float. */
function isSmallPrint(line: Line, bodySize: number): boolean {
  let size = 0;
  for (const span of line.spans) {
    if (span.monospace) return false;
    size = Math.max(size, span.size);
  }
  return size <= LABEL_SIZE_RATIO_MAX * bodySize && !FLOAT_CAPTION.test(lineText(line).trim());
}

/** Boxes this close on every edge are one shape drawn twice (its fill, then its outline). */
const SAME_SHAPE_PT = 0.5;

function sameBox(a: Box, b: Box): boolean {
  return Math.abs(a.x0 - b.x0) <= SAME_SHAPE_PT && Math.abs(a.y0 - b.y0) <= SAME_SHAPE_PT && Math.abs(a.x1 - b.x1) <= SAME_SHAPE_PT && Math.abs(a.y1 - b.y1) <= SAME_SHAPE_PT;
}

function emptyBox(): Box {
  return { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
}

function extend(box: Box, by: Box): void {
  box.x0 = Math.min(box.x0, by.x0);
  box.y0 = Math.min(box.y0, by.y0);
  box.x1 = Math.max(box.x1, by.x1);
  box.y1 = Math.max(box.y1, by.y1);
}

/** Each box's group (the index of its group's root): boxes `gap` apart or closer are linked,
 * and links chain. A sweep over the boxes sorted by their left edge compares only boxes whose
 * spans across x come within `gap`. The boxes are lines, rules, marks and drawings, objects
 * of four shapes: their edges are copied into one typed array first, so the sweep's many
 * comparisons (a table's rules meet every box below them) read one shape. The typed arrays are
 * LinkScratch's, kept from page to page. */
function linkedGroups(boxes: readonly Box[], gap: number): number[] {
  const n = boxes.length;
  const { edges, parent, lefts, order } = linkScratch(n);
  for (let i = 0; i < n; i++) {
    const b = boxes[i];
    edges[4 * i] = b.x0;
    edges[4 * i + 1] = b.y0;
    edges[4 * i + 2] = b.x1;
    edges[4 * i + 3] = b.y1;
  }
  for (let i = 0; i < n; i++) parent[i] = i;
  for (let i = 0; i < n; i++) lefts[i] = edges[4 * i];
  orderByKey(lefts, n, order);
  for (let a = 0; a < n; a++) {
    const p = 4 * order[a];
    const reachX = edges[p + 2] + gap;
    const top = edges[p + 1] - gap;
    const bottom = edges[p + 3] + gap;
    // a's root, found once: only a union here moves it, to the root it was joined under.
    let ra = -1;
    for (let b = a + 1; b < n; b++) {
      const q = 4 * order[b];
      if (edges[q] > reachX) break;
      if (edges[q + 1] > bottom || edges[q + 3] < top) continue;
      if (ra < 0) ra = rootOf(parent, order[a]);
      const rb = rootOf(parent, order[b]);
      if (ra !== rb) {
        parent[ra] = rb;
        ra = rb;
      }
    }
  }
  const roots: number[] = [];
  for (let i = 0; i < n; i++) roots.push(rootOf(parent, i));
  return roots;
}

/** linkedGroups' typed arrays (each box's edges, its group's parent, its left edge and the boxes'
 *  order by it), of which a call reads the first n entries: kept from page to page and grown
 *  when a page has more boxes, where four were made for every page asked (past 64 bytes each a
 *  buffer allocated outside V8's heap). */
interface LinkScratch {
  edges: Float64Array;
  parent: Int32Array;
  lefts: Float64Array;
  order: Int32Array;
}
/** Boxes the scratch holds at first. */
const LINK_BOXES_INITIAL = 256;
let linkArrays: LinkScratch = newLinkScratch(LINK_BOXES_INITIAL);

function newLinkScratch(capacity: number): LinkScratch {
  return { edges: new Float64Array(4 * capacity), parent: new Int32Array(capacity), lefts: new Float64Array(capacity), order: new Int32Array(capacity) };
}

/** The scratch, with room for `n` boxes. */
function linkScratch(n: number): LinkScratch {
  const capacity = linkArrays.parent.length;
  if (capacity < n) linkArrays = newLinkScratch(Math.max(n, 2 * capacity));
  return linkArrays;
}

/** The root of i's group in `parent` (linkedGroups), halving the path on the way: a module
 *  function, where a closure over `parent` made per call lost its optimised code at each full
 *  garbage collection, in the sweep's inner loop. */
function rootOf(parent: Int32Array, i: number): number {
  while (parent[i] !== i) i = parent[i] = parent[parent[i]];
  return i;
}
