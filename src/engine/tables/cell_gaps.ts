// Text rows for the aligned detector: the free lines of one visual row, cut into pieces
// wherever a gap is wide enough to separate two cells.
import type { Line, Span } from "../model.js";
import { isRtlText } from "../layout/bidi.js";
import { makeLine } from "../layout/lines.js";
import { isSpaceCode } from "../layout/whitespace.js";
import { isBlank, type RowStarts } from "./rows.js";
import { sortInPlace } from "../sort_in_place.js";

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const bySpanLeft = (p: { span: Span }, q: { span: Span }) => p.span.x0 - q.span.x0;

/** A horizontal gap wider than this many ems separates cells; word spaces are ~0.25–0.6 em
 *  even in loosely justified text. */
const CELL_GAP_EM_MIN = 1;
/** ... and wider than this many average character widths: wide faces (monospace, extended)
 *  set their word spaces wider than an em-based limit expects. */
const CELL_GAP_CHAR_WIDTHS_MIN = 2;

/** A span's box takes in its trailing spaces; a word space is about a quarter of an em. The
 * gap to the next cell is measured from the ink, as a reader sees it: with the space counted,
 * numbers set an em apart in a dense table (camelot-health) fell under the cell gap. */
const TRAILING_SPACE_EMS = 0.25;

/** Where a span's ink ends: its box less the spaces on its right (MuPDF's boxes include
 * them). A right-to-left line holds its text in logical order, so the spaces on the right
 * of its spans are their leading ones. */
export function inkRight(span: Span, line: Line): number {
  const text = span.text;
  const last = text.length - 1;
  if (last < 0 || (!isSpaceCode(text.charCodeAt(last)) && !isSpaceCode(text.charCodeAt(0)))) return span.x1;
  const rtl = runsRightToLeft(line) || isRtlText(text);
  let spaces = 0;
  if (rtl) while (spaces <= last && isSpaceCode(text.charCodeAt(spaces))) spaces++;
  else while (spaces <= last && isSpaceCode(text.charCodeAt(last - spaces))) spaces++;
  if (spaces === 0) return span.x1;
  return Math.max(span.x0, span.x1 - spaces * TRAILING_SPACE_EMS * span.size);
}

/** A line whose spans run right to left on the page: line preparation put them in logical
 * order. */
function runsRightToLeft(line: Line): boolean {
  const spans = line.spans;
  return spans.length > 1 && spans[0].x0 > spans[spans.length - 1].x0;
}

/** A span ending in a dot leader leads to the next cell, however close that is set. */
const LEADER_END = /(?:\.\s?){3,}\s*$/;

/** LEADER_END.test(text), tried only when the last character before trailing white space is
 *  a dot: the unanchored pattern otherwise walks every dot of every span of the page. */
function endsWithLeader(text: string): boolean {
  let end = text.length;
  while (end > 0 && isSpaceCode(text.charCodeAt(end - 1))) end--;
  return end > 0 && text.charCodeAt(end - 1) === 0x2e && LEADER_END.test(text);
}

/** A run of spans on one row with no cell-sized gap inside. */
export interface Piece {
  items: { span: Span; line: Line }[];
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Cell text, built only for rows that reach the content checks. */
  text: string | null;
}

export interface TextRow {
  lines: Line[];
  cells: Piece[];
  y0: number;
  y1: number;
  em: number;
}

/** `cellEnds`: spans after which a piece ends however near the next (figure_notes.ts). */
export function textRow(lines: Line[], cellEnds: ReadonlySet<Span> | null = null): TextRow {
  const items: { span: Span; line: Line }[] = [];
  let sizeSum = 0;
  let chars = 0;
  let width = 0;
  for (const line of lines) {
    for (const span of line.spans) {
      if (isBlank(span.text)) continue;
      items.push({ span, line });
      sizeSum += span.size * span.text.length;
      chars += span.text.length;
      width += span.x1 - span.x0;
    }
  }
  // Spans mostly arrive left to right already; the sort is stable, so skipping it then changes nothing.
  // sortInPlace: the built-in's order without its kilobyte of working state a call.
  let sorted = true;
  for (let i = 1; i < items.length && sorted; i++) sorted = items[i - 1].span.x0 <= items[i].span.x0;
  if (!sorted) sortInPlace(items, bySpanLeft);
  const em = chars > 0 ? sizeSum / chars : 0;
  const gapMin = Math.max(CELL_GAP_EM_MIN * em, chars > 0 ? (CELL_GAP_CHAR_WIDTHS_MIN * width) / chars : 0);
  // A piece is a run of neighbours in `items`: each is made once its run ends, its items one
  // slice of the run's length (not grown item by item from a one-item array).
  const cells: Piece[] = [];
  let start = 0;
  let x0 = 0;
  let x1 = 0;
  let top = 0;
  let bottom = 0;
  let ink = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (i > 0 && item.span.x0 - ink <= gapMin && !endsWithLeader(items[i - 1].span.text) && (cellEnds === null || !cellEnds.has(items[i - 1].span))) {
      x1 = Math.max(x1, item.span.x1);
      ink = Math.max(ink, inkRight(item.span, item.line));
      top = Math.min(top, item.span.y0);
      bottom = Math.max(bottom, item.span.y1);
      continue;
    }
    if (i > 0) cells.push({ items: items.slice(start, i), x0, x1, y0: top, y1: bottom, text: null });
    start = i;
    x0 = item.span.x0;
    x1 = item.span.x1;
    top = item.span.y0;
    bottom = item.span.y1;
    ink = inkRight(item.span, item.line);
  }
  // A row of one piece keeps `items` itself, made here and held by no one else.
  if (items.length > 0) cells.push({ items: start === 0 ? items : items.slice(start), x0, x1, y0: top, y1: bottom, text: null });
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const line of lines) (y0 = Math.min(y0, line.y0)), (y1 = Math.max(y1, line.y1));
  return { lines, cells, y0, y1, em };
}

/** textRow(lines).em without the row cut into pieces: the same sum in the same order. */
export function rowEm(lines: readonly Line[]): number {
  let sizeSum = 0;
  let chars = 0;
  for (const line of lines) {
    for (const span of line.spans) {
      if (isBlank(span.text)) continue;
      sizeSum += span.size * span.text.length;
      chars += span.text.length;
    }
  }
  return chars > 0 ? sizeSum / chars : 0;
}

/**
 * Whether textRow(lines) cuts the row into two pieces or more, answered without building it
 * (the same sums in the same order, so the same gap limit); null when the row's spans do not
 * run left to right, which only building it can answer. Most rows of running text are one
 * piece, and no table run can start at one (issue 9: tables must not cost throughput).
 */
export function splitsIntoPieces(lines: readonly Line[], from = 0, to = lines.length): boolean | null {
  // One span is one piece at most: most rows of running text end here.
  if (to - from === 1 && lines[from].spans.length === 1) return false;
  let sizeSum = 0;
  let chars = 0;
  let width = 0;
  let lastX0 = -Infinity;
  for (let l = from; l < to; l++) {
    const line = lines[l];
    for (const span of line.spans) {
      if (isBlank(span.text)) continue;
      if (span.x0 < lastX0) return null;
      lastX0 = span.x0;
      sizeSum += span.size * span.text.length;
      chars += span.text.length;
      width += span.x1 - span.x0;
    }
  }
  const em = chars > 0 ? sizeSum / chars : 0;
  const gapMin = Math.max(CELL_GAP_EM_MIN * em, chars > 0 ? (CELL_GAP_CHAR_WIDTHS_MIN * width) / chars : 0);
  let x1 = 0;
  let lastText: string | null = null;
  for (let l = from; l < to; l++) {
    const line = lines[l];
    for (const span of line.spans) {
      if (isBlank(span.text)) continue;
      if (lastText !== null) {
        if (!(span.x0 - x1 <= gapMin) || endsWithLeader(lastText)) return true;
        x1 = Math.max(x1, inkRight(span, line));
      } else x1 = inkRight(span, line);
      lastText = span.text;
    }
  }
  return false;
}

/** PageRows' splitKnown: a row's answer not asked yet, no, yes. A row's pieces never change
 *  once built (at() builds each row once), so the answer holds for the page. */
const SPLIT_UNKNOWN = 0;
const SPLIT_NO = 1;
const SPLIT_YES = 2;

/** The page's visual rows (rows.ts sortedRowStarts over lines sorted by their tops), each
 *  row's lines taken out the first time they are asked for, and cut into pieces the first
 *  time the detector reads it: most rows are only asked whether they split. */
export class PageRows {
  private readonly built: (TextRow | undefined)[];
  private readonly groups: (Line[] | undefined)[];
  /** Each row's splits() answer once known (SPLIT_UNKNOWN until asked): the run search and
   *  the two-row pass after it (takeTwoRowGrids) ask every row, most rows two or three times,
   *  and a row not built was read span by span at each ask. */
  private readonly splitKnown: number[];

  /** `rows`: rows.ts sortedRowStarts(sorted, lineBox). */
  constructor(
    private readonly sorted: readonly Line[],
    private readonly rows: RowStarts,
    /** Spans that end a piece (figure_notes.ts cutFigureNotes), or null. */
    readonly cellEnds: ReadonlySet<Span> | null = null,
  ) {
    this.built = new Array(rows.length);
    this.groups = new Array(rows.length);
    // An array on V8's heap, not a typed array: past 64 bytes one is allocated outside it.
    this.splitKnown = [];
    for (let r = 0; r < rows.length; r++) this.splitKnown.push(SPLIT_UNKNOWN);
  }

  /** The rows as given, one after the other (tests build their rows so). */
  static fromGroups(groups: readonly Line[][]): PageRows {
    const sorted: Line[] = [];
    const starts: number[] = [];
    for (let r = 0; r < groups.length; r++) {
      starts.push(sorted.length);
      for (const line of groups[r]) sorted.push(line);
    }
    starts.push(sorted.length);
    return new PageRows(sorted, { starts, length: groups.length });
  }

  get length(): number {
    return this.rows.length;
  }

  at(index: number): TextRow {
    return (this.built[index] ??= textRow(this.rowLines(index), this.cellEnds));
  }

  /** The row's lines, as grouped. */
  lines(index: number): readonly Line[] {
    return this.rowLines(index);
  }

  private rowLines(index: number): Line[] {
    return (this.groups[index] ??= this.sorted.slice(this.rows.starts[index], this.rows.starts[index + 1]));
  }

  /** Whether the row holds two pieces or more: built only when its spans are out of order. */
  splits(index: number): boolean {
    const known = this.splitKnown[index];
    if (known !== SPLIT_UNKNOWN) return known === SPLIT_YES;
    const built = this.built[index];
    const splits = built ? built.cells.length >= 2 : this.cellEnds !== null ? this.at(index).cells.length >= 2 : (splitsIntoPieces(this.sorted, this.rows.starts[index], this.rows.starts[index + 1]) ?? this.at(index).cells.length >= 2);
    this.splitKnown[index] = splits ? SPLIT_YES : SPLIT_NO;
    return splits;
  }
}

/** Spans of one line whose boxes meet within this many ems, one following the other in the
 *  line, are one run of text: the reader ends a span at a change of font or link, not only
 *  at a space. */
const ABUTTING_EMS = 0.05;
/** A span of opening brackets or quotes only, set against the next one, opens its words ... */
const OPENING_ONLY = /^[([{“‘«]+$/u;
/** ... and one of closing brackets, quotes or stops only closes the words before it. */
const CLOSING_ONLY = /^[)\]}”’».,;:!?]+$/u;

/** The piece's text: its spans' words, a space between two spans but where a bracket set in a
 *  span of its own abuts its words in their line (a link's words in brackets of the text's
 *  face: "(" "Source Map" ")" is "(Source Map)", two words, not four, as the line reads: a
 *  cell's words are counted against prose's). */
export function pieceText(piece: Piece): string {
  if (piece.text !== null) return piece.text;
  const items = piece.items;
  let text = items.length > 0 ? items[0].span.text.trim() : "";
  for (let i = 1; i < items.length; i++) {
    const word = items[i].span.text.trim();
    text += abutsInLine(items[i - 1], items[i]) ? word : " " + word;
  }
  piece.text = text;
  return text;
}

/** Whether `next` follows `prev` in their line with no space between them, one of them a
 *  bracket's span (OPENING_ONLY before, CLOSING_ONLY after). */
function abutsInLine(prev: Piece["items"][number], next: Piece["items"][number]): boolean {
  const a = prev.span;
  const b = next.span;
  if (prev.line !== next.line || Math.abs(b.x0 - a.x1) > ABUTTING_EMS * Math.max(a.size, b.size)) return false;
  const at = a.text.length - 1;
  if (at < 0 || b.text.length === 0 || isSpaceCode(a.text.charCodeAt(at)) || isSpaceCode(b.text.charCodeAt(0))) return false;
  if (!OPENING_ONLY.test(a.text) && !CLOSING_ONLY.test(b.text)) return false;
  const spans = prev.line.spans;
  return spans[spans.indexOf(a) + 1] === b;
}

/** A piece's spans of `line` in the line's order. Between two of them the line's spaces come
 *  along ("1", " ", "Definition" reads "1 Definition"), unless one was cut at a gutter. */
function fragmentSpans(line: Line, spans: Span[]): Span[] {
  // A piece's spans mostly follow one another in the line (a cell of a row set as one line):
  // then the line's spans from the first to the last of them are read once, with no set made
  // and no closure (every cell of every table cut from a line comes here).
  return spansInOrder(line.spans, spans) ?? fragmentSpansBySet(line, spans);
}

/** fragmentSpans for any piece: its spans found in the line through a set of them, a piece
 *  out of the line's order sorted by it (exported as the reference its tests check the
 *  in-order reading against). */
export function fragmentSpansBySet(line: Line, spans: Span[]): Span[] {
  const kept = new Set(spans);
  let first = -1;
  let last = -1;
  let found = 0;
  line.spans.forEach((s, i) => {
    if (!kept.has(s)) return;
    if (first < 0) first = i;
    last = i;
    found++;
  });
  if (found === spans.length) return line.spans.slice(first, last + 1).filter((s) => kept.has(s) || isBlank(s.text));
  const order = new Map(line.spans.map((s, i) => [s, i]));
  return spans.slice().sort((p, q) => (order.get(p) ?? 0) - (order.get(q) ?? 0));
}

/** Pieces of up to this many spans are looked for in order (spansInOrder reads the line's
 *  spans once for each of them). */
const IN_ORDER_SPANS_MAX = 8;

/** fragmentSpans' answer where `spans` stand in `all` in their own order with only blank
 *  spans between them, and `all` holds them there only: all[first .. last], which the longer
 *  way's filter keeps whole (each of its spans one of theirs or blank). Null otherwise: the
 *  longer way answers those. */
function spansInOrder(all: readonly Span[], spans: readonly Span[]): Span[] | null {
  if (spans.length === 0 || spans.length > IN_ORDER_SPANS_MAX) return null;
  const first = all.indexOf(spans[0]);
  if (first < 0) return null;
  const out: Span[] = [all[first]];
  let at = first;
  for (let k = 1; k < spans.length; k++) {
    // The next span, over blank spans only.
    at++;
    while (at < all.length && all[at] !== spans[k] && isBlank(all[at].text)) out.push(all[at++]);
    if (at >= all.length || all[at] !== spans[k]) return null;
    out.push(all[at]);
  }
  // As many of the line's spans are the piece's as the piece has (the longer way's count):
  // the ones matched above, and no other before, between or after them.
  let members = 0;
  for (let i = 0; i < all.length; i++) if (spans.includes(all[i])) members++;
  return members === spans.length ? out : null;
}

/** The lines of a piece: whole lines where the piece holds all of a line's spans,
 *  fragments where a line was cut between cells. */
export function pieceLines(piece: Piece): Line[] {
  // Most pieces are spans of one line (a cell's text on one row): no map of lines to build.
  const items = piece.items;
  if (items.length === 0) return [];
  const only = items[0].line;
  let oneLine = true;
  for (let i = 1; i < items.length && oneLine; i++) oneLine = items[i].line === only;
  if (oneLine) {
    // Most hold their line whole: the line itself, no array of its spans made to say so.
    if (items.length === textSpanCount(only) && itemsInLine(items, only)) return [only];
    const spans: Span[] = [];
    for (const item of items) spans.push(item.span);
    return [linePart(only, spans)];
  }
  const byLine = new Map<Line, Span[]>();
  for (const { span, line } of piece.items) {
    const spans = byLine.get(line);
    if (spans) spans.push(span);
    else byLine.set(line, [span]);
  }
  const out: Line[] = [];
  for (const [line, spans] of byLine) out.push(linePart(line, spans));
  return out;
}

/** The line itself when `spans` are all its spans with text, else a line of those spans. */
function linePart(line: Line, spans: Span[]): Line {
  // Blank spans never reach a piece, so a line is whole when its other spans all did (a
  // span cut at a gutter is no longer one of them).
  if (spans.length === textSpanCount(line) && allInLine(spans, line)) return line;
  return makeLine(fragmentSpans(line, spans), line.wmode);
}

// Loops, not `every` with a closure over the line: asked for every piece of every table.
function allInLine(spans: readonly Span[], line: Line): boolean {
  for (const span of spans) if (!line.spans.includes(span)) return false;
  return true;
}

function itemsInLine(items: Piece["items"], line: Line): boolean {
  for (const item of items) if (!line.spans.includes(item.span)) return false;
  return true;
}

function textSpanCount(line: Line): number {
  let n = 0;
  for (const s of line.spans) if (!isBlank(s.text)) n++;
  return n;
}
