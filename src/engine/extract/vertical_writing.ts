// Pages set in vertical writing (Chinese and Japanese 縦書き): columns read top to bottom,
// the columns from right to left. A font in vertical mode gives MuPDF lines that run down the
// page; a browser or an office suite that sets a vertical page with upright glyphs places
// each glyph on its own, and MuPDF, which joins characters along a baseline only, makes a line
// of each. Either way the page reads as its lines read once it is turned a quarter
// counter-clockwise (upright.ts, quarter 1): each column becomes a row, the rightmost first.
import { type Line, newLine, newSpan, type Span } from "../model.js";
import { isEastAsianWide } from "../layout/east_asian.js";

/** A glyph set alone is under this many characters (a wide character, or one with a
 *  combining mark or a space MuPDF kept beside it). */
const GLYPH_CHARS_MAX = 2;
/** Glyphs of one column have centres this many ems apart across the column at most ... */
const COLUMN_CENTRE_EMS_MAX = 0.25;
/** ... and follow each other down it this many ems apart at most (edge to edge; Chromium sets
 *  Japanese at its advance, 0 em apart, and a kana's box may be a little short of it). */
const COLUMN_GAP_EMS_MAX = 0.6;
/** ... and overlap by this many ems at most (boxes taller than the advance: a font whose ascent
 *  and descent make 1.4 ems, set at a 1.1 em pitch). */
const COLUMN_OVERLAP_EMS_MAX = 0.6;
/** A column of vertical writing holds this many glyphs at least (pdf.js's sample sets "日本語"). */
const COLUMN_GLYPHS_MIN = 3;

/**
 * The characters of the page that are set in vertical writing: those of lines MuPDF read in
 * vertical mode, and wide characters set alone each that stack into columns of
 * COLUMN_GLYPHS_MIN glyphs or more. upright.ts's pageTurn turns the page when they are most
 * of its characters.
 */
export function verticalChars(lines: readonly Line[]): number {
  let count = 0;
  const glyphs: Line[] = [];
  for (const line of lines) {
    if (line.wmode === 1) {
      for (const span of line.spans) count += span.text.trim().length;
      continue;
    }
    if (isLoneWideGlyph(line)) glyphs.push(line);
  }
  if (glyphs.length < 2) return count;
  // Down each column: by centre across, then from the top. Each glyph's neighbour just below
  // it is looked for either way along the sort, as centres a hair apart sort a column's
  // glyphs out of their order down it.
  glyphs.sort(byCentreThenTop);
  const below = new Int32Array(glyphs.length).fill(-1);
  const hasAbove = new Uint8Array(glyphs.length);
  for (let k = 0; k + 1 < glyphs.length; k++) {
    const a = glyphs[k];
    const em = Math.max(a.x1 - a.x0, 1);
    for (let n = k + 1; n < glyphs.length; n++) {
      const b = glyphs[n];
      if ((b.x0 + b.x1) / 2 - (a.x0 + a.x1) / 2 > COLUMN_CENTRE_EMS_MAX * em) break;
      if (below[k] < 0 && hasAbove[n] === 0 && stacksOn(a, b, em)) (below[k] = n), (hasAbove[n] = 1);
      else if (below[n] < 0 && hasAbove[k] === 0 && stacksOn(b, a, em)) (below[n] = k), (hasAbove[k] = 1);
    }
  }
  // Columns of COLUMN_GLYPHS_MIN glyphs or more, walked down from each column's top: two
  // single characters one over the other (a table's cells, a form's labels) are no vertical
  // writing. Each glyph has one glyph above and one below at most, so the columns are apart.
  for (let k = 0; k < glyphs.length; k++) {
    if (hasAbove[k] === 1) continue;
    let length = 0;
    for (let g = k; g >= 0; g = below[g]) length++;
    if (length >= COLUMN_GLYPHS_MIN) count += length;
  }
  return count;
}

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection.
const byCentreThenTop = (a: Line, b: Line) => a.x0 + a.x1 - (b.x0 + b.x1) || a.y0 - b.y0;

/** Whether `lower` stands right under `upper` in a column: edge to edge within
 *  COLUMN_GAP_EMS_MAX, or overlapping by up to COLUMN_OVERLAP_EMS_MAX. */
function stacksOn(upper: Line, lower: Line, em: number): boolean {
  const gap = lower.y0 - upper.y1;
  return gap <= COLUMN_GAP_EMS_MAX * em && gap >= -COLUMN_OVERLAP_EMS_MAX * em;
}

/** One wide character set alone, its box about as wide as it is tall (an upright glyph). */
function isLoneWideGlyph(line: Line): boolean {
  // Asked of every line of every page: the few characters are looked at, no text is built.
  if (line.spans.length !== 1) return false;
  const text = line.spans[0].text;
  if (text.length > GLYPH_CHARS_MAX + 1) return false;
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > GLYPH_CHARS_MAX) return false;
  if (!isEastAsianWide(trimmed.codePointAt(0) ?? 0)) return false;
  const width = line.x1 - line.x0;
  const height = line.y1 - line.y0;
  return width > 0 && height > 0 && width <= 1.6 * height && height <= 1.6 * width;
}

/**
 * The glyphs set alone on a page turned upright from vertical writing, joined into the rows
 * they now stand in (each a column of the page as printed): one line per run of glyphs edge
 * to edge, one span per run of one style. Left to line joining, a column's glyphs, set on a
 * grid, start at the same x from row to row and read as a table's columns.
 */
export function joinGlyphRows(lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  const glyphs: Line[] = [];
  const others: Line[] = [];
  for (const line of lines) (isLoneWideGlyph(line) ? glyphs : others).push(line);
  if (glyphs.length === 0) return others;
  // Rows by middle down the page, within a quarter em: a column's glyphs have centres a hair
  // apart ("。" and "る"), and sorting by the exact centre first would shuffle them.
  glyphs.sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const taken = new Uint8Array(others.length);
  for (let k = 0; k < glyphs.length; ) {
    const first = glyphs[k];
    const em = Math.max(first.y1 - first.y0, 1);
    const middle = (first.y0 + first.y1) / 2;
    let end = k + 1;
    while (end < glyphs.length && (glyphs[end].y0 + glyphs[end].y1) / 2 - middle <= COLUMN_CENTRE_EMS_MAX * em) end++;
    const row = glyphs.slice(k, end);
    k = end;
    // Words set sideways in the column (Latin, figures: "清华大学学位论文 LATEX 模板…"),
    // upright now, stand in the row too; their boxes may reach into the glyphs' beside them.
    for (let n = 0; n < others.length; n++) {
      const other = others[n];
      if (taken[n] === 1 || Math.abs((other.y0 + other.y1) / 2 - middle) > ROW_MEMBER_CENTRE_EMS_MAX * em) continue;
      taken[n] = 1;
      row.push(other);
    }
    row.sort((a, b) => a.x0 + a.x1 - (b.x0 + b.x1));
    // Runs along the row: a gap wider than glyphs leave ends one.
    let run: Line[] = [row[0]];
    for (let n = 1; n <= row.length; n++) {
      const next = row[n];
      const last = run[run.length - 1];
      if (next && next.x0 - last.x1 <= COLUMN_GAP_EMS_MAX * em) {
        run.push(next);
        continue;
      }
      out.push(run.length === 1 ? run[0] : rowLine(run));
      if (next) run = [next];
    }
  }
  for (let n = 0; n < others.length; n++) if (taken[n] === 0) out.push(others[n]);
  return out;
}

/** A line set sideways in a column stands in its row with its middle this many of the
 *  glyphs' ems off the glyphs' at most (a rotated word is centred in the column). */
const ROW_MEMBER_CENTRE_EMS_MAX = 0.35;

/** The row's pieces as one line; a word set sideways is a word of its own, a space each side. */
function rowLine(row: readonly Line[]): Line {
  const spans: Span[] = [];
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let lastGlyph = true;
  for (const piece of row) {
    x0 = Math.min(x0, piece.x0);
    y0 = Math.min(y0, piece.y0);
    x1 = Math.max(x1, piece.x1);
    y1 = Math.max(y1, piece.y1);
    const glyph = isLoneWideGlyph(piece);
    const spaced = spans.length > 0 && !(glyph && lastGlyph);
    lastGlyph = glyph;
    for (const span of piece.spans) {
      const open = spans[spans.length - 1];
      const text = (spaced && span === piece.spans[0] ? " " : "") + horizontalForm(span.text);
      if (open && sameStyle(open, span)) spans[spans.length - 1] = newSpan(open.text + text, open.x0, Math.min(open.y0, span.y0), span.x1, Math.max(open.y1, span.y1), open.font, open.size, open.bold, open.italic, open.monospace, open.invisible, open.leader);
      else spans.push(newSpan(text, span.x0, span.y0, span.x1, span.y1, span.font, span.size, span.bold, span.italic, span.monospace, span.invisible, span.leader));
    }
  }
  return newLine(spans, x0, y0, x1, y1, 0);
}

function sameStyle(a: Span, b: Span): boolean {
  return a.font === b.font && a.size === b.size && a.bold === b.bold && a.italic === b.italic && a.invisible === b.invisible;
}

/** Unicode's vertical presentation forms ("︒", "︵", "︙"), which a font for vertical writing
 *  may map its glyphs to: the characters they present, as a reader copies them. */
const VERTICAL_FORMS = /[\uFE10-\uFE19\uFE30-\uFE4F]/gu;

function horizontalForm(text: string): string {
  return text.replace(VERTICAL_FORMS, (form) => form.normalize("NFKC"));
}
