// Step 3, extract: the drawn strokes of diagrams and plots both extractors keep
// (PageModel.drawings). A path larger than a glyph that is neither a rule (a straight line or
// a rectangle, which the table detector reads) nor invisible: curves, arrows, diagonals,
// polygons. Layout finds figures drawn without a frame by them and by the glyph-sized marks
// (layout/figure_text.ts).
import type { Drawing } from "../model.js";
import { MARK_SIZE_MAX_PT } from "./marks.js";

/** Drawings kept per page. A diagram or a plot holds a few hundred paths; a map or vector
 * art holds thousands, of which the first few thousand show where the figure is. */
export const DRAWINGS_PER_PAGE_MAX = 2_000;
/** The longer side is at least this many points: smaller specks are anti-aliasing debris. */
const DRAWING_SIZE_MIN_PT = 1;

/** Adds the path's box to the list unless the list is full, or the box is a speck or
 * glyph-sized: a path that small is kept as a mark already (marks.ts), and layout reads the
 * marks as drawings too (a plot's points, an arrow's head). */
export function pushDrawing(drawings: Drawing[], x0: number, y0: number, x1: number, y1: number): void {
  if (drawings.length >= DRAWINGS_PER_PAGE_MAX) return;
  const w = x1 - x0;
  const h = y1 - y0;
  if (!(w >= 0 && h >= 0) || Math.max(w, h) < DRAWING_SIZE_MIN_PT) return;
  if (w <= MARK_SIZE_MAX_PT && h <= MARK_SIZE_MAX_PT) return;
  drawings.push({ x0, y0, x1, y1 });
}
