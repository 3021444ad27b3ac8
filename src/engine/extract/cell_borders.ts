// Vertical borders drawn on a page, where a line's text is cut into spans. A spreadsheet or
// report writer clips a cell's overflowing text at the cell's right border, and the next
// cell's text starts just after it: "Matthew C. & Elizab|2165 Princeton Ave" is one run of
// glyphs with no space, which MuPDF reads as one word across two cells. The reader
// (mupdf_page.ts) ends the span where a border passes between two glyphs, so each cell's
// text is a span of its own and the table detector places it in its cell. Only a cell's
// border counts, one that horizontal rules meet above and below the text: an upright line
// of a diagram through a node's label ("1|l" in a graph) cuts nothing.

import { RULE_THICKNESS_MAX_PT } from "../tables/rulings.js";

/** A filled or stroked path at most this wide (points) and at least CELL_BORDER_HEIGHT_MIN
 * tall is a vertical border; a stroked box's two sides are borders too. What counts as a
 * ruling counts here (tables/rulings.ts RULE_THICKNESS_MAX_PT). */
export const CELL_BORDER_WIDTH_MAX = RULE_THICKNESS_MAX_PT;
/** ... and at least this tall (points): a cell's border spans a row of text, while a short
 * upright stroke is a drawing's detail (a tick, a glyph drawn as a path). */
export const CELL_BORDER_HEIGHT_MIN = 6;
/** A border counts when it stands in the gap between two glyphs' boxes, or inside one by at
 * most this many ems: a glyph's box is its advance, wider than its ink, and the clipped
 * cell's last letter is often cut through its side bearing ("Elizab|2165": 0.08 em inside
 * the "b"). Where the next cell's first glyph starts inside the clipped one's box (LibreOffice
 * Calc's "Melvin W. & W|405": the second "W" cut through its middle, the "4" starting under
 * it), within this many ems of that start. A line through the middle of a letter is a
 * drawing's, not a cell's (the cross of an example image's placeholder behind its huge
 * "Image"). */
export const CELL_BORDER_INSIDE_GLYPH_EMS = 0.15;
/** A horizontal rule closes a cell at a border when it reaches within this many points of
 * the border's x, and lies within this many points of the border's own ends: drawn rules
 * meet with the thickness of a line between them. */
export const CELL_BORDER_SNAP_PT = 2;
/** Borders read per page, upright and level apiece; a page drawing more (a chart's
 * hatching) keeps the first ones. */
export const CELL_BORDERS_PER_PAGE_MAX = 2_000;
/** forLine's index cuts the height the upright borders cover into bands, one starting every
 * this many points and each twice as tall, so that a line no taller than this lies whole in
 * one band and looks only at the borders listed there: a table page's line looked at all of
 * its borders (a table of 500), 63 on average over the A/B pages for the 10 it kept. */
export const LINE_BAND_PT = 16;
/** A page with fewer upright borders than this is not indexed: a scan of them costs less. */
export const LINE_INDEX_BORDERS_MIN = 16;
/** Bands an index holds at most (16,384 points at LINE_BAND_PT, past PDF's largest page): a
 * page whose borders reach further (a coordinate far off the page) keeps the scan. */
const LINE_BANDS_MAX = 1_024;

/** The page's borders: the upright ones (x and the y range each covers, sorted by x once
 * read) and the level ones (y and the x range), which close a cell above and below. */
export class CellBorders {
  count = 0;
  #xs = new Float64Array(64);
  #y0s = new Float64Array(64);
  #y1s = new Float64Array(64);
  #sorted = true;
  #levels = 0;
  #levelYs = new Float64Array(64);
  #levelX0s = new Float64Array(64);
  #levelX1s = new Float64Array(64);
  // The x of each upright border whose height meets the line being read, in order (forLine),
  // and where the last question about them left off.
  #lineXs = new Float64Array(64);
  #lineCount = 0;
  #lineCursor = 0;
  // forLine's index (#index): where each band's list starts in #bandEntries, and the borders
  // it lists (their positions in x order, ascending), for bands from #bandBase down; #bands 0
  // where the page is not indexed, and #indexed false until forLine builds it.
  #indexed = false;
  #bands = 0;
  #bandBase = 0;
  #bandStarts = new Int32Array(64);
  #bandEntries = new Int32Array(256);

  /** Forgets the last page's borders (one instance serves every page a reader reads). */
  clear(): void {
    this.count = 0;
    this.#levels = 0;
    this.#sorted = true;
    this.#indexed = false;
  }

  /** Notes a vector block's box when it draws a border (see CELL_BORDER_WIDTH_MAX). */
  addPath(x0: number, y0: number, x1: number, y1: number, stroked: boolean, rectangle: boolean, white: boolean): void {
    const width = x1 - x0;
    const height = y1 - y0;
    if (white || !(width >= 0 && height >= 0)) return;
    if (width <= CELL_BORDER_WIDTH_MAX) {
      if (height >= CELL_BORDER_HEIGHT_MIN) this.#addUpright((x0 + x1) / 2, y0, y1);
    } else if (height <= CELL_BORDER_WIDTH_MAX) {
      if (width >= CELL_BORDER_HEIGHT_MIN) this.#addLevel((y0 + y1) / 2, x0, x1);
    } else if (stroked && rectangle) {
      this.#addUpright(x0, y0, y1);
      this.#addUpright(x1, y0, y1);
      this.#addLevel(y0, x0, x1);
      this.#addLevel(y1, x0, x1);
    }
  }

  /** Takes the upright borders whose height meets the line's box (y0 to y1) for the line read
   * next, and returns how many there are. Only these can stand at a glyph of the line:
   * MuPDF's line box is the union of its glyphs' boxes, so every glyph's centre lies in it.
   * Asked once a line, where crossingAt's search was made at every pair of glyphs. */
  forLine(y0: number, y1: number): number {
    if (!this.#sorted) this.#sort();
    if (!this.#indexed) this.#index();
    // A box that is no box (NaN) bounds nothing: every border stays a candidate.
    const anyHeight = !(y0 <= y1);
    if (this.#lineXs.length < this.count) this.#lineXs = new Float64Array(this.#xs.length);
    const xs = this.#xs;
    const y0s = this.#y0s;
    const y1s = this.#y1s;
    const lineXs = this.#lineXs;
    let n = 0;
    if (!anyHeight && this.#bands > 0 && y1 - y0 <= LINE_BAND_PT) {
      // The borders listed in the band the line lies in, asked as the scan below asks them:
      // the band lists every border that can meet such a line, in the same order.
      const band = Math.max(0, Math.floor((y0 - this.#bandBase) / LINE_BAND_PT));
      if (band < this.#bands) {
        const entries = this.#bandEntries;
        for (let e = this.#bandStarts[band], end = this.#bandStarts[band + 1]; e < end; e++) {
          const k = entries[e];
          if (y0s[k] <= y1 && y1s[k] >= y0) lineXs[n++] = xs[k];
        }
      }
    } else {
      for (let k = 0; k < this.count; k++) if (anyHeight || (y0s[k] <= y1 && y1s[k] >= y0)) lineXs[n++] = xs[k];
    }
    this.#lineCount = n;
    this.#lineCursor = 0;
    return n;
  }

  /**
   * Lists the sorted upright borders by band (LINE_BAND_PT): band b covers from #bandBase + b
   * bands to two bands below that, and lists each border whose height meets it (and those
   * ending up to a band above it: slack for the rounding of the bands' arithmetic). A line no
   * taller than a band, from y0, lies in band floor((y0 - base) / LINE_BAND_PT) (band 0 above
   * the base), so every border that meets it is listed there; a line below the last band
   * meets none.
   */
  #index(): void {
    this.#indexed = true;
    this.#bands = 0;
    if (this.count < LINE_INDEX_BORDERS_MIN) return;
    let base = Infinity;
    let top = -Infinity;
    for (let k = 0; k < this.count; k++) {
      base = Math.min(base, this.#y0s[k]);
      top = Math.max(top, this.#y1s[k]);
    }
    // Not a finite span of few enough bands (a NaN or infinite end, a coordinate far off the page): the scan.
    const bands = Math.floor((top - base) / LINE_BAND_PT) + 1;
    if (!(bands >= 1 && bands <= LINE_BANDS_MAX)) return;
    this.#bandBase = base;
    if (this.#bandStarts.length < bands + 1) this.#bandStarts = new Int32Array(bands + 1);
    const starts = this.#bandStarts;
    starts.fill(0, 0, bands + 1);
    // Each border's bands counted, their lists' starts summed, then the lists filled in x order.
    for (let k = 0; k < this.count; k++) {
      const last = this.#lastBand(k, bands);
      for (let b = this.#firstBand(k); b <= last; b++) starts[b + 1]++;
    }
    for (let b = 0; b < bands; b++) starts[b + 1] += starts[b];
    if (this.#bandEntries.length < starts[bands]) this.#bandEntries = new Int32Array(starts[bands]);
    const next = Int32Array.from(starts.subarray(0, bands));
    for (let k = 0; k < this.count; k++) {
      const last = this.#lastBand(k, bands);
      for (let b = this.#firstBand(k); b <= last; b++) this.#bandEntries[next[b]++] = k;
    }
    this.#bands = bands;
  }

  /** The first band listing border k (#index): the first its top meets, and one more above. */
  #firstBand(k: number): number {
    return Math.max(0, Math.floor((this.#y0s[k] - this.#bandBase) / LINE_BAND_PT) - 2);
  }

  /** The last band listing border k (#index), the bands being `bands`. */
  #lastBand(k: number, bands: number): number {
    return Math.min(bands - 1, Math.floor((this.#y1s[k] - this.#bandBase) / LINE_BAND_PT));
  }

  /** Whether one of the line's borders (forLine) stands between left and right (left < x <
   * right): where none does, crossingAt finds none. A line's glyphs come mostly left to
   * right, so the search goes on from where the last one stopped. */
  lineMayCross(left: number, right: number): boolean {
    const xs = this.#lineXs;
    let c = this.#lineCursor;
    // Back to the first when `left` is NaN, as crossingAt's search goes.
    while (c > 0 && !(xs[c - 1] <= left)) c--;
    while (c < this.#lineCount && xs[c] <= left) c++;
    this.#lineCursor = c;
    return c < this.#lineCount && xs[c] < right;
  }

  /** Where a cell's border stands between left and right (left < x < right) at height y, or
   * NaN: an upright border covering y, met by level ones above and below y along its length. */
  crossingAt(left: number, right: number, y: number): number {
    if (!this.#sorted) this.#sort();
    const xs = this.#xs;
    // First border right of `left`: borders are few and sorted, a binary search.
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (xs[mid] <= left) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < this.count && xs[k] < right; k++) {
      const y0 = this.#y0s[k];
      const y1 = this.#y1s[k];
      if (y0 <= y && y <= y1 && this.#closes(xs[k], y0, y, true) && this.#closes(xs[k], y, y1, false)) return xs[k];
    }
    return Number.NaN;
  }

  /** Whether a level border between `from` and `to` (above or below the text) reaches x. */
  #closes(x: number, from: number, to: number, above: boolean): boolean {
    const lowest = from - CELL_BORDER_SNAP_PT;
    const highest = to + CELL_BORDER_SNAP_PT;
    for (let k = 0; k < this.#levels; k++) {
      const y = this.#levelYs[k];
      if ((above ? y < to : y > from) && y >= lowest && y <= highest && this.#levelX0s[k] - CELL_BORDER_SNAP_PT <= x && x <= this.#levelX1s[k] + CELL_BORDER_SNAP_PT) return true;
    }
    return false;
  }

  #addUpright(x: number, y0: number, y1: number): void {
    if (this.count >= CELL_BORDERS_PER_PAGE_MAX) return;
    if (this.count === this.#xs.length) {
      this.#xs = grown(this.#xs);
      this.#y0s = grown(this.#y0s);
      this.#y1s = grown(this.#y1s);
    }
    if (this.count > 0 && x < this.#xs[this.count - 1]) this.#sorted = false;
    this.#xs[this.count] = x;
    this.#y0s[this.count] = y0;
    this.#y1s[this.count] = y1;
    this.count++;
  }

  #addLevel(y: number, x0: number, x1: number): void {
    if (this.#levels >= CELL_BORDERS_PER_PAGE_MAX) return;
    if (this.#levels === this.#levelYs.length) {
      this.#levelYs = grown(this.#levelYs);
      this.#levelX0s = grown(this.#levelX0s);
      this.#levelX1s = grown(this.#levelX1s);
    }
    this.#levelYs[this.#levels] = y;
    this.#levelX0s[this.#levels] = x0;
    this.#levelX1s[this.#levels] = x1;
    this.#levels++;
  }

  // Insertion sort of the three columns by x: a page's borders come mostly in order.
  #sort(): void {
    const xs = this.#xs;
    const y0s = this.#y0s;
    const y1s = this.#y1s;
    for (let i = 1; i < this.count; i++) {
      const x = xs[i];
      const a = y0s[i];
      const b = y1s[i];
      let j = i - 1;
      for (; j >= 0 && xs[j] > x; j--) {
        xs[j + 1] = xs[j];
        y0s[j + 1] = y0s[j];
        y1s[j + 1] = y1s[j];
      }
      xs[j + 1] = x;
      y0s[j + 1] = a;
      y1s[j + 1] = b;
    }
    this.#sorted = true;
  }
}

function grown(a: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const b = new Float64Array(a.length * 2);
  b.set(a);
  return b;
}
