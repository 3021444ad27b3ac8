// Text drawn twice a hair apart: a web page's text shadow (CSS text-shadow, which a browser
// prints as a second copy of the glyphs under the text: Sphinx's "nature" theme sets every
// heading over a white copy 1 px down) and a poor man's bold (the same word overprinted a
// fraction of a point to the side). The text extractor reads both copies, and each heading
// came out twice ("Abstract Abstract", "1. Copyright1. Copyright"). One copy is the text;
// the other goes before layout.
import type { Line, Span } from "../model.js";
import { orderByKey } from "../tables/sorted_search.js";
import { remadeLine } from "./lines.js";
import { isBlankText } from "./whitespace.js";

/** A copy lies at most this share of its size from the text it copies, across and down:
 *  a shadow is offset by a pixel or two (0.75–1.5 pt), a poor man's bold by less. Letters
 *  of one word lie a whole advance apart, and lines a whole leading. */
const SHADOW_OFFSET_EMS_MAX = 0.1;

/** A copy carries this many characters at least: a lone letter or figure a hair from
 *  another is a diagram's label beside its kin (samplepdf's "8" at "8l"), not a shadow. */
const SHADOW_CHARS_MIN = 2;

/** A span with this many copies or more a hair away is text drawn over and over, not a poor
 *  man's bold (three or four strokes of each word): one copy stays. */
const MANY_COPIES_MIN = 6;

/** Spans looked through each side of a span, in order of their tops: a copy lies within a
 *  line's worth of its text, and a row of a table of hundreds of cells on one baseline
 *  would make the search quadratic. */
const SHADOW_LOOKAROUND_MAX = 64;

/** Spans in order of their tops (a sort's comparator, made once): the order of `a.y0 - b.y0`,
 *  answered as -1, 0 or 1. The difference of two coordinates is a fraction the engine boxes on
 *  the heap for every comparison; a small integer is not boxed. Unordered (NaN) tops compare
 *  equal, as the subtraction's NaN did. */
export function byTop(a: Span, b: Span): number {
  if (a.y0 < b.y0) return -1;
  if (a.y0 > b.y0) return 1;
  return 0;
}

/**
 * The lines without the copies of their text that another span draws again a hair away (same
 * font and size, its text the start of the other's with their left edges together, or the end
 * with their right edges together: the extractor may cut the two copies into spans at different
 * places, "1. " | "1. Copyright" | "Copyright"). Of two equal copies the first asked goes and
 * the other stays. Only text drawn twice is read so: a span that copies two others is left.
 * Lines left without text go; the others are returned as they were when nothing is copied.
 */
export function withoutTextShadows(lines: readonly Line[]): readonly Line[] {
  // The spans alone: a record per span (its line and place) was a tenth of the pass's garbage,
  // and nothing read it.
  let placed: Span[] = [];
  let numberTops = true;
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l];
    if (line.wmode !== 0) continue;
    for (let k = 0; k < line.spans.length; k++) {
      const span = line.spans[k];
      if (span.invisible || span.leader || isBlankText(span.text)) continue;
      placed.push(span);
      if (!Number.isFinite(span.y0)) numberTops = false;
    }
  }
  if (placed.length < 2) return lines;
  if (numberTops) placed = byTopsInOrder(placed);
  else placed.sort(byTop);
  const twins = numberTops ? twinsByPairs(placed) : twinsByWindows(placed);
  if (twins === null) return lines;
  let gone: Set<Span> | null = null;
  // In the order of their tops, as the windows ask.
  for (const i of [...twins.keys()].sort(ascending)) {
    const found = twins.get(i)!;
    // Text drawn over and over on one spot keeps one copy: the last asked, whose copies
    // have all gone (ufrgscca's \tightul demonstration draws "Some text example" 98 times,
    // a hair apart, to cut its underline around the descenders).
    if (found.length >= MANY_COPIES_MIN) {
      if (found.some((twin) => !gone?.has(twin))) (gone ??= new Set()).add(placed[i]);
      continue;
    }
    // A poor man's bold draws its words three or four times: left as it was read (a thesis
    // cover's title, whose copies the page's reading order has been tuned around).
    if (found.length !== 1 || gone?.has(found[0])) continue;
    (gone ??= new Set()).add(placed[i]);
  }
  if (gone === null) return lines;
  const kept: Line[] = [];
  for (const line of lines) {
    if (!line.spans.some((span) => gone!.has(span))) {
      kept.push(line);
      continue;
    }
    const spans = line.spans.filter((span) => !gone!.has(span));
    if (spans.some((span) => !isBlankText(span.text))) kept.push(remadeLine(line, spans));
  }
  return kept;
}

const ascending = (a: number, b: number) => a - b;

/**
 * The spans in order of their tops, ties in their order: what `placed.sort(byTop)` leaves when
 * every top is a number (a stable sort has then one order; -0 and 0 are one top to both).
 * orderByKey finds it without a comparator called back, and with no sort where the spans come
 * in order or nearly (a page's lines come from the extractor top to bottom): every page's spans
 * were sorted, a few hundred comparator calls a page. The spans come back as they were where
 * they are in order already; the tops, and the order found, are read into arrays kept from
 * page to page (indicesByKey made an order of every page's spans, past 64 bytes a typed array
 * allocated outside V8's heap).
 */
export function byTopsInOrder(placed: Span[]): Span[] {
  const n = placed.length;
  if (spanTops.length < n) {
    spanTops = new Float64Array(Math.max(n, 2 * spanTops.length));
    spanOrder = new Int32Array(spanTops.length);
  }
  for (let k = 0; k < n; k++) spanTops[k] = placed[k].y0;
  const order = spanOrder;
  orderByKey(spanTops, n, order);
  let inOrder = true;
  for (let k = 0; k < n && inOrder; k++) inOrder = order[k] === k;
  if (inOrder) return placed;
  const sorted: Span[] = [];
  for (let k = 0; k < n; k++) sorted.push(placed[order[k]]);
  return sorted;
}
let spanTops = new Float64Array(1024);
let spanOrder = new Int32Array(1024);

/** What each span of `placed` (in order of their tops) copies: the spans it `copies`, by its
 *  index; null when no span copies another. */
type Twins = Map<number, Span[]> | null;

function noteTwin(twins: Twins, copy: number, twin: Span): Twins {
  const found = (twins ??= new Map()).get(copy);
  if (found === undefined) twins.set(copy, [twin]);
  else found.push(twin);
  return twins;
}

/**
 * Each span's window: spans above it within reach come before it in the order, those below
 * after, up to SHADOW_LOOKAROUND_MAX each side, each window ending at the first span out of
 * reach. The rule as written, for any tops.
 */
function twinsByWindows(placed: readonly Span[]): Twins {
  let twins: Twins = null;
  for (let i = 0; i < placed.length; i++) {
    const copy = placed[i];
    const reach = SHADOW_OFFSET_EMS_MAX * copy.size;
    for (let j = i - 1; j >= 0 && j >= i - SHADOW_LOOKAROUND_MAX && copy.y0 - placed[j].y0 <= reach; j--) {
      if (copies(copy, placed[j], reach)) twins = noteTwin(twins, i, placed[j]);
    }
    for (let j = i + 1; j < placed.length && j <= i + SHADOW_LOOKAROUND_MAX && placed[j].y0 - copy.y0 <= reach; j++) {
      if (copies(copy, placed[j], reach)) twins = noteTwin(twins, i, placed[j]);
    }
  }
  return twins;
}

/**
 * twinsByWindows on tops that are all numbers (every page seen): sorted, so a window holds
 * exactly the spans whose tops lie within reach, and two spans of one size (copies asks no
 * other pair) have one reach: each lies in the other's window or neither does. Each pair is
 * then read once, from its upper span, both ways, where the windows read it twice: a row of
 * a table's cells, each asked of the others, was most of this pass's time.
 */
function twinsByPairs(placed: readonly Span[]): Twins {
  // Each span's top, left and right edges and reach read once into an array kept from page to
  // page: the pairs' loop reads numbers in a row, where it read four fields of two span
  // objects a pair (some 640,000 pairs a pass of the A/B pages, a hundred of them near).
  const n = placed.length;
  if (spanEdges.length < EDGES_PER_SPAN * n) spanEdges = new Float64Array(Math.max(EDGES_PER_SPAN * n, 2 * spanEdges.length));
  const edges = spanEdges;
  for (let k = 0; k < n; k++) {
    const span = placed[k];
    edges[EDGES_PER_SPAN * k] = span.y0;
    edges[EDGES_PER_SPAN * k + 1] = span.x0;
    edges[EDGES_PER_SPAN * k + 2] = span.x1;
    edges[EDGES_PER_SPAN * k + 3] = SHADOW_OFFSET_EMS_MAX * span.size;
  }
  let twins: Twins = null;
  for (let i = 0; i < n; i++) {
    const top = edges[EDGES_PER_SPAN * i];
    const x0 = edges[EDGES_PER_SPAN * i + 1];
    const x1 = edges[EDGES_PER_SPAN * i + 2];
    const reach = edges[EDGES_PER_SPAN * i + 3];
    for (let j = i + 1; j < n && j <= i + SHADOW_LOOKAROUND_MAX && edges[EDGES_PER_SPAN * j] - top <= reach; j++) {
      // copies' first test, both ways: spans of one size have one reach.
      if (!(Math.abs(edges[EDGES_PER_SPAN * j + 1] - x0) <= reach) && !(Math.abs(edges[EDGES_PER_SPAN * j + 2] - x1) <= reach)) continue;
      const upper = placed[i];
      const lower = placed[j];
      if (copies(upper, lower, reach)) twins = noteTwin(twins, i, lower);
      if (copies(lower, upper, edges[EDGES_PER_SPAN * j + 3])) twins = noteTwin(twins, j, upper);
    }
  }
  return twins;
}
/** twinsByPairs' array: top, left, right and reach of each span. */
const EDGES_PER_SPAN = 4;
let spanEdges = new Float64Array(EDGES_PER_SPAN * 1024);

/** Whether `copy` draws again text that `text` draws, a hair away (see withoutTextShadows). */
function copies(copy: Span, text: Span, reach: number): boolean {
  // The edges first: the spans of one row, each asked about all the others, stand apart (a
  // pass asks about a million pairs), and trimming every pair's text made most of its garbage.
  const leftTogether = Math.abs(text.x0 - copy.x0) <= reach;
  const rightTogether = Math.abs(text.x1 - copy.x1) <= reach;
  if ((!leftTogether && !rightTogether) || text === copy || text.size !== copy.size || text.font !== copy.font) return false;
  if (Math.abs(text.y0 - copy.y0) > reach || Math.abs(text.y1 - copy.y1) > reach) return false;
  const own = copy.text.trim();
  const other = text.text.trim();
  if (own.length < SHADOW_CHARS_MIN || own.length > other.length) return false;
  if (own.length === other.length) return own === other && leftTogether;
  return (leftTogether && other.startsWith(own)) || (rightTogether && other.endsWith(own));
}
