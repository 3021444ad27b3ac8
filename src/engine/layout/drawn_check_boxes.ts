// Step 4, each page: check boxes drawn as squares. A form printed from HTML draws its check
// box as a CSS-bordered empty span: a stroked square a little taller than its label's letters,
// which the extractor keeps both as a rule (a stroked rectangle, PageModel.rules) and as a mark
// (PageModel.marks). vector_bullets.ts took such a box for a hollow bullet when it was at
// most 1.05 em and dropped it when it was larger (Chromium rounds a 3 mm box with its border to
// 10 or 10.75 pt by where it falls on the pixel grid, so one list's boxes came out part "◦"
// items and part plain text run together). A stroked square that is a rule rectangle is a box,
// never a round bullet: the line it stands before starts with "☐ ", which blocks.ts reads as a
// task item ("- [ ]") as it does a check box typed as the character.
import { type Line, type Mark, type Rule, spanPiece } from "../model.js";
import { lineSize } from "./lines.js";
import { leadingBulletLength } from "./bullet_glyphs.js";

/** The text put before a line a drawn box stands before: the ballot box blocks.ts's TASK_BOX reads. */
const BOX_TEXT = "☐ ";
/** A check box's side is at least this many ems of its label (smaller is a bullet or a speck) ... */
const BOX_EMS_MIN = 0.6;
/** ... and at most this many (a larger square beside text is a frame, a swatch or an icon). */
const BOX_EMS_MAX = 1.4;
/** Its sides differ by at most this share of the longer: a square, not a field or a button. */
const BOX_SQUARENESS = 0.15;
/** The mark and the rule rectangle are one shape when every edge agrees within this many points. */
const SAME_EDGE_PT = 0.75;
/** The box stands at most this many ems left of its label's first letter (CSS margin-right). */
const BOX_GAP_EMS_MAX = 1.5;
/** … and its vertical centre lies within this many ems of the line's centre. */
const BOX_CENTRE_EMS_MAX = 0.35;
/** Text or another box within this many ems of the box on its row makes the row a form's
 *  choices ("□ Yes □ No"), read by form_fields.ts, or a table's cells, not an item. */
const ROW_CLEAR_EMS = 2.5;
/** Lines looked at on each side of a line for text on its row. */
const ROW_LINES_MAX = 12;

const centreY = (b: { y0: number; y1: number }) => (b.y0 + b.y1) / 2;

/** Whether a stroked rule rectangle has the mark's box: the mark is a drawn square outline. */
function isRuleRectangle(mark: Mark, rules: readonly Rule[]): boolean {
  for (const r of rules) {
    if (r.kind !== "stroke") continue;
    if (Math.abs(r.x0 - mark.x0) <= SAME_EDGE_PT && Math.abs(r.x1 - mark.x1) <= SAME_EDGE_PT && Math.abs(r.y0 - mark.y0) <= SAME_EDGE_PT && Math.abs(r.y1 - mark.y1) <= SAME_EDGE_PT) return true;
  }
  return false;
}

/** The stroked squares among the marks that are rule rectangles: drawn check boxes. */
function drawnSquares(marks: readonly Mark[], rules: readonly Rule[]): Mark[] {
  const squares: Mark[] = [];
  for (const m of marks) {
    if (m.kind !== "stroke") continue;
    const w = m.x1 - m.x0;
    const h = m.y1 - m.y0;
    if (Math.abs(w - h) > BOX_SQUARENESS * Math.max(w, h)) continue;
    if (isRuleRectangle(m, rules)) squares.push(m);
  }
  return squares;
}

/** No text ends just before the box on its row, and no other square stands on the line or just
 *  after it. */
function aloneOnRow(lines: readonly Line[], index: number, box: Mark, squares: readonly Mark[], em: number): boolean {
  const line = lines[index];
  const reach = ROW_CLEAR_EMS * em;
  for (let j = Math.max(0, index - ROW_LINES_MAX); j < Math.min(lines.length, index + ROW_LINES_MAX + 1); j++) {
    const other = lines[j];
    if (j === index || other.wmode !== 0 || other.y1 < box.y0 || other.y0 > box.y1) continue;
    // A piece's trailing space may reach over the box's edge ("Yes " before the box of "No").
    if (other.x0 < box.x0 && box.x0 - other.x1 < reach) return false;
  }
  for (const s of squares) {
    if (s === box || s.y1 < line.y0 || s.y0 > line.y1) continue;
    if (s.x0 >= line.x0 && s.x0 <= line.x1 + reach) return false;
  }
  return true;
}

/**
 * Puts "☐ " before each line a drawn check box stands just left of, alone on its row, and
 * returns the marks left for vector_bullets.ts (the boxes taken out, so none becomes a "◦" as
 * well). `lines` are the page's prepared lines, modified in place.
 */
export function attachDrawnCheckBoxes(lines: Line[], marks: readonly Mark[] | undefined, rules: readonly Rule[]): readonly Mark[] | undefined {
  if (!marks || marks.length === 0 || rules.length === 0) return marks;
  const squares = drawnSquares(marks, rules);
  if (squares.length === 0) return marks;
  const used = new Set<Mark>();
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li];
    if (line.wmode !== 0 || line.spans.length === 0 || leadingBulletLength(line) > 0) continue;
    const em = lineSize(line);
    if (!(em > 0)) continue;
    let best: Mark | null = null;
    for (const s of squares) {
      const side = Math.max(s.x1 - s.x0, s.y1 - s.y0);
      if (side < BOX_EMS_MIN * em || side > BOX_EMS_MAX * em) continue;
      if (Math.abs(centreY(s) - centreY(line)) > BOX_CENTRE_EMS_MAX * em) continue;
      const gap = line.x0 - s.x1;
      if (gap < 0 || gap > BOX_GAP_EMS_MAX * em) continue;
      if (!best || s.x1 > best.x1) best = s;
    }
    if (!best || used.has(best) || !aloneOnRow(lines, li, best, squares, em)) continue;
    used.add(best);
    const glyph = spanPiece(line.spans[0], BOX_TEXT, best.x0, line.x0);
    glyph.italic = false;
    glyph.monospace = false;
    glyph.bold = false;
    line.spans.unshift(glyph);
    line.x0 = Math.min(line.x0, best.x0);
    line.styleMemo = undefined;
  }
  return used.size === 0 ? marks : marks.filter((m) => !used.has(m));
}
