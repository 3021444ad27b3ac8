// Operator list to rules: straight stroked segments and thin filled rectangles, with the
// CTM and line width tracked through save/restore and form XObjects. The same pass keeps the
// glyph-sized shapes (paths, shadings, images) as marks, the possible vector list bullets,
// and the paths of diagrams and plots as drawings.
import { OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Drawing, Mark, PaintedImage, Rule } from "../../model.js";
import { pushDrawing } from "../drawings.js";
import { pushImage } from "../images.js";
import { pushMark } from "../marks.js";
import { apply, clampToPage, emptyBox, extendBox, multiply, toMatrix, type Box, type Bounds, type Matrix, type Vec } from "./geometry.js";

// A page of vector art (maps, plots, text drawn as outlines) can hold millions of path
// segments; a table detector needs the first few thousand at most.
const RULES_PER_PAGE_MAX = 5_000;
// Filled rectangles at most this thick (points) are drawn rules, not shaded areas.
const FILL_RULE_THICKNESS_MAX_PT = 3;
// Shorter segments are glyph outlines or dash patterns, noise to a table detector.
const RULE_LENGTH_MIN_PT = 1;
// Paths are stored as float32; edges within this are treated as axis-aligned.
const AXIS_TOLERANCE_PT = 0.5;

// pdf.js 5 folds every path into one constructPath op: [paintOp, [Float32Array], minMax],
// the buffer holding DrawOPS codes (src/shared/util.js) followed by their coordinates.
const DRAW_MOVE_TO = 0;
const DRAW_LINE_TO = 1;
const DRAW_CURVE_TO = 2;
const DRAW_QUADRATIC_CURVE_TO = 3;
const DRAW_CLOSE_PATH = 4;

const STROKE_OPS = new Set<number>([
  OPS.stroke,
  OPS.closeStroke,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);
const FILL_OPS = new Set<number>([
  OPS.fill,
  OPS.eoFill,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);

const IMAGE_OPS = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintSolidColorImageMask]);

interface GraphicsState {
  ctm: Matrix;
  lineWidth: number;
  /** Box of the innermost clip (a clipping path or a form's bounding box), page space. */
  clip: Box | null;
}

/** The box of a rectangle in the state's user space, in page space. */
function transformedBox(ctm: Matrix, x0: number, y0: number, x1: number, y1: number): Box {
  const box = emptyBox();
  for (const [x, y] of [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ]) {
    const p = apply(ctm, x, y);
    extendBox(box, p[0], p[1]);
  }
  return box;
}

/** Rules of the page; glyph-sized shapes are appended to `marks` on the way, and painted paths
 * with a curve or a slanted segment (a diagram's arrows, a plot's points) to `drawings`. */
export function collectRules(fnArray: number[], argsArray: unknown[], vt: Matrix, bounds: Bounds, marks: Mark[] = [], drawings: Drawing[] = [], images: PaintedImage[] = []): Rule[] {
  const rules: Rule[] = [];
  // The CTM is kept in viewport space (viewport transform already applied) so path points
  // map straight to the page model's top-left coordinates.
  let state: GraphicsState = { ctm: vt, lineWidth: 1, clip: null };
  const stack: GraphicsState[] = [];
  // `W n`: pdf.js emits the clip operator before the path it applies to.
  let clipPending = false;
  for (let i = 0; i < fnArray.length && rules.length < RULES_PER_PAGE_MAX; i++) {
    const args = argsArray[i] as unknown[] | null;
    const fn = fnArray[i];
    if (IMAGE_OPS.has(fn)) {
      // An image fills the unit square of its CTM.
      const box = transformedBox(state.ctm, 0, 0, 1, 1);
      pushMark(marks, box[0], box[1], box[2], box[3], "image");
      pushImage(images, box[0], box[1], box[2], box[3], rules.length);
      continue;
    }
    switch (fn) {
      case OPS.clip:
      case OPS.eoClip:
        clipPending = true;
        break;
      case OPS.shadingFill:
        // `sh` paints its whole clip: a shaded ball (LaTeX beamer's bullets) is a form whose
        // bounding box is the ball's.
        if (state.clip) pushMark(marks, state.clip[0], state.clip[1], state.clip[2], state.clip[3], "image");
        break;
      case OPS.save:
        stack.push(state);
        break;
      case OPS.restore:
      case OPS.paintFormXObjectEnd:
        state = stack.pop() ?? state;
        break;
      case OPS.transform: {
        const m = toMatrix(args);
        if (m) state = { ...state, ctm: multiply(state.ctm, m) };
        break;
      }
      case OPS.paintFormXObjectBegin: {
        stack.push(state);
        const m = toMatrix(args?.[0]);
        if (m) state = { ...state, ctm: multiply(state.ctm, m) };
        const bbox = args?.[1] as ArrayLike<number> | null | undefined;
        if (bbox && bbox.length === 4) state = { ...state, clip: transformedBox(state.ctm, bbox[0], bbox[1], bbox[2], bbox[3]) };
        break;
      }
      case OPS.setLineWidth:
        if (typeof args?.[0] === "number") state = { ...state, lineWidth: args[0] };
        break;
      case OPS.setGState:
        state = { ...state, lineWidth: gStateLineWidth(args?.[0]) ?? state.lineWidth };
        break;
      case OPS.constructPath:
        if (args) {
          const box = addPathRules(args, state, bounds, rules, marks, drawings);
          if (clipPending && box) state = { ...state, clip: box };
          clipPending = false;
        }
        break;
    }
  }
  return rules;
}

function gStateLineWidth(entries: unknown): number | null {
  if (!Array.isArray(entries)) return null;
  let width: number | null = null;
  for (const entry of entries) {
    if (Array.isArray(entry) && entry[0] === "LW" && typeof entry[1] === "number") width = entry[1];
  }
  return width;
}

/** Adds the path's rules (and its mark, when glyph-sized and painted); returns the path's
 * page-space box, or null for an empty path. */
function addPathRules(args: unknown[], state: GraphicsState, bounds: Bounds, rules: Rule[], marks: Mark[], drawings: Drawing[]): Box | null {
  const paintOp = args[0] as number;
  const stroke = STROKE_OPS.has(paintOp);
  const fill = FILL_OPS.has(paintOp);
  const buffer = (args[1] as ArrayLike<number>[] | null)?.[0];
  if (!buffer) return null;
  const { ctm } = state;
  // Every point, curve control points included (their hull holds the curve).
  const all = emptyBox();
  // A curve or a slanted segment makes the path a drawing rather than rules.
  let drawn = false;
  let at: Vec = [0, 0];
  for (let k = 0; k < buffer.length; ) {
    const op = buffer[k++];
    const points = op === DRAW_MOVE_TO || op === DRAW_LINE_TO ? 1 : op === DRAW_CURVE_TO ? 3 : op === DRAW_QUADRATIC_CURVE_TO ? 2 : op === DRAW_CLOSE_PATH ? 0 : -1;
    if (points < 0) return null;
    if (points > 1) drawn = true;
    for (let p = 0; p < points; p++, k += 2) {
      const v = apply(ctm, buffer[k], buffer[k + 1]);
      extendBox(all, v[0], v[1]);
      if (op === DRAW_LINE_TO && Math.abs(v[0] - at[0]) > AXIS_TOLERANCE_PT && Math.abs(v[1] - at[1]) > AXIS_TOLERANCE_PT) drawn = true;
      at = v;
    }
  }
  if (all[0] > all[2]) return null;
  if (!stroke && !fill) return all;
  pushMark(marks, all[0], all[1], all[2], all[3], fill ? "fill" : "stroke");
  if (drawn) pushDrawing(drawings, all[0], all[1], all[2], all[3]);
  const half = (Math.max(state.lineWidth, 0) * Math.sqrt(Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]))) / 2;
  let corners: number[] = [];
  let straight = true;
  let start: Vec = [0, 0];
  let current: Vec = [0, 0];
  const flush = (): void => {
    if (fill && straight) addFillRule(corners, bounds, rules);
    corners = [];
    straight = true;
  };
  for (let k = 0; k < buffer.length && rules.length < RULES_PER_PAGE_MAX; ) {
    switch (buffer[k++]) {
      case DRAW_MOVE_TO:
        flush();
        current = start = apply(ctm, buffer[k], buffer[k + 1]);
        corners.push(current[0], current[1]);
        k += 2;
        break;
      case DRAW_LINE_TO: {
        const to = apply(ctm, buffer[k], buffer[k + 1]);
        if (stroke) addStrokeRule(current, to, half, bounds, rules);
        corners.push(to[0], to[1]);
        current = to;
        k += 2;
        break;
      }
      case DRAW_CURVE_TO:
        current = apply(ctm, buffer[k + 4], buffer[k + 5]);
        straight = false;
        k += 6;
        break;
      case DRAW_QUADRATIC_CURVE_TO:
        current = apply(ctm, buffer[k + 2], buffer[k + 3]);
        straight = false;
        k += 4;
        break;
      case DRAW_CLOSE_PATH:
        if (stroke) addStrokeRule(current, start, half, bounds, rules);
        current = start;
        break;
      default:
        // An unknown code means the buffer layout changed; reading on would misalign.
        return all;
    }
  }
  flush();
  return all;
}

function addStrokeRule(from: Vec, to: Vec, half: number, bounds: Bounds, rules: Rule[]): void {
  const dx = Math.abs(to[0] - from[0]);
  const dy = Math.abs(to[1] - from[1]);
  if (Math.max(dx, dy) < RULE_LENGTH_MIN_PT) return;
  if (dy <= AXIS_TOLERANCE_PT) {
    const y = (from[1] + to[1]) / 2;
    pushRule(rules, bounds, Math.min(from[0], to[0]), y - half, Math.max(from[0], to[0]), y + half, "stroke");
  } else if (dx <= AXIS_TOLERANCE_PT) {
    const x = (from[0] + to[0]) / 2;
    pushRule(rules, bounds, x - half, Math.min(from[1], to[1]), x + half, Math.max(from[1], to[1]), "stroke");
  }
}

function addFillRule(corners: number[], bounds: Bounds, rules: Rule[]): void {
  let n = corners.length / 2;
  if (n === 5 && corners[0] === corners[8] && corners[1] === corners[9]) n = 4;
  if (n !== 4) return;
  const box = emptyBox();
  for (let i = 0; i < 4; i++) {
    const dx = Math.abs(corners[2 * i] - corners[(2 * i + 2) % 8]);
    const dy = Math.abs(corners[2 * i + 1] - corners[(2 * i + 3) % 8]);
    if (dx > AXIS_TOLERANCE_PT && dy > AXIS_TOLERANCE_PT) return;
    extendBox(box, corners[2 * i], corners[2 * i + 1]);
  }
  const thin = Math.min(box[2] - box[0], box[3] - box[1]);
  const long = Math.max(box[2] - box[0], box[3] - box[1]);
  if (thin <= 0 || thin > FILL_RULE_THICKNESS_MAX_PT || long < RULE_LENGTH_MIN_PT || long < 2 * thin) return;
  pushRule(rules, bounds, box[0], box[1], box[2], box[3], "fill");
}

function pushRule(rules: Rule[], bounds: Bounds, x0: number, y0: number, x1: number, y1: number, kind: Rule["kind"]): void {
  if (rules.length >= RULES_PER_PAGE_MAX) return;
  const box = clampToPage(x0, y0, x1, y1, bounds);
  if (box !== null) rules.push({ ...box, kind });
}
