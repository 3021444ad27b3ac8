// Margin notes: short labels set in the page's margin beside the text column (LaTeX's
// \marginpar; ltxdoc's macro names beside their description: longtable's "LTchunksize",
// "\endhead", "\endfirsthead"). Set a few points from the column, they share rows with its
// lines, so reading them in row order put them inside the paragraphs they annotate
// ("replaced by a \endhead \endfirsthead command"), and MuPDF sometimes builds one line of
// a note and the body line beside it ("\endlastfoot way (at the start …"). They are taken
// out of the flow here and put back before the paragraph they stand beside.
import { type Line, spanPiece } from "../model.js";
import { listMarker } from "./blocks.js";
import { lineSize, lineText, makeLine, verticalOverlap } from "./lines.js";
import { isBlankText } from "./whitespace.js";

/** Lines this share of the widest line's width, or wider, are the text column's body lines. */
const BODY_WIDTH_SHARE = 0.6;
/** The column's edge is where at least this many body lines start (or end). */
const EDGE_LINES_MIN = 4;
/** Lines start at one edge within this many points. */
const EDGE_TOLERANCE_PT = 1;
/** A note stands at least this far from the column ... */
const NOTE_GAP_MIN_PT = 2;
/** ... and at most this many ems: set against the column, as a margin note is (flush
 *  against the column's edge); a term list's term ends wherever its word ends. */
const NOTE_GAP_MAX_EMS = 1.5;
/** A paragraph's first line is indented at most this many ems. */
const FIRST_LINE_INDENT_EMS_MAX = 2;
/** A word space, in ems, where a span's box takes in a space its ink does not show. */
const SPACE_EMS = 0.25;
/** The column's part of a line built with a note starts (or ends) its ink this close to the
 *  column's edge: the space box's width is a guess. */
const CUT_EDGE_TOLERANCE_PT = 3;
/** A note is a label: a few words. */
const NOTE_CHARS_MAX = 30;
/** Two lines share a row when they overlap by this share of the shorter one. */
const ROW_OVERLAP_MIN = 0.5;

/** A listing's line number: digits alone. */
const LINE_NUMBER = /^\s*\d{1,5}\s*$/;

/** Whether only the line's number stands out left of the column's edge before code: a listing whose
 *  numbers hang in the margin (ijsra's "5 Abstract\IJSRAsection{…} in French: …") is the
 *  column's, and the page's margin notes ("references", "numbers & units") are still notes. */
function numberHangsOut(line: Line, left: number | null): boolean {
  if (left === null || line.x0 >= left - EDGE_TOLERANCE_PT) return false;
  let k = 0;
  while (k < line.spans.length && isBlankText(line.spans[k].text)) k++;
  if (k >= line.spans.length || !LINE_NUMBER.test(line.spans[k].text)) return false;
  k++;
  while (k < line.spans.length && isBlankText(line.spans[k].text)) k++;
  // The code after the number may start with its space ("5" | " Abstract…"); in the code face,
  // as a listing is: a contents entry's chapter number hanging left is the column's own.
  return k < line.spans.length && line.spans[k].monospace && line.spans[k].x0 >= left - CUT_EDGE_TOLERANCE_PT - SPACE_EMS * lineSize(line);
}

/** A declaration's arguments: what a command name in the margin goes on with. */
const ARGUMENTS_START = /^\s*[[{(⟨<]/u;

/** No line replaced (shared: a page without notes allocates nothing). */
const NOTHING_REPLACED: ReadonlyMap<Line, Line | null> = new Map();

export interface MarginNote {
  /** The note's lines: one, or a word broken over two ("presen-" | "tation"). */
  lines: Line[];
  /** The body line it stands beside: the note goes before the block holding this line. */
  beside: Line;
}

/**
 * The page's flow lines with the margin notes taken out (a line holding a note and its body
 * line is cut in two), the notes, and what became of each line that changed: the caller finds
 * the reading order on the lines as they were, so that taking a note out moves no band. No
 * notes where the column's edges are unclear or a body line stands beyond them (two columns,
 * a hanging paragraph): then the page is left as it is.
 */
export function takeMarginNotes(lines: readonly Line[]): { flow: Line[]; notes: MarginNote[]; replaced: ReadonlyMap<Line, Line | null> } {
  const none = { flow: lines as Line[], notes: [], replaced: NOTHING_REPLACED };
  let widest = 0;
  for (const l of lines) if (l.wmode === 0 && !l.slanted) widest = Math.max(widest, l.x1 - l.x0);
  if (widest <= 0) return none;
  const body = lines.filter((l) => l.wmode === 0 && !l.slanted && l.x1 - l.x0 >= BODY_WIDTH_SHARE * widest);
  // Where MuPDF built a note into most body lines (ltxdoc's stacked macro names beside a
  // paragraph: "\set@pica@hook need. To use …"), the column's edge is where their text starts.
  const left = commonEdge(edges(body, (l) => l.x0), Math.min) ?? commonEdge(edges(body, textStart), Math.min);
  const right = commonEdge(edges(body, (l) => l.x1), Math.max);
  if (left === null && right === null) return none;
  // Most pages set nothing in their margins: one look before any cutting.
  const intoMargin = (l: Line) => l.wmode === 0 && !l.slanted && ((left !== null && l.x0 < left - NOTE_GAP_MIN_PT) || (right !== null && l.x1 > right + NOTE_GAP_MIN_PT));
  if (!lines.some(intoMargin)) return none;
  // Every body line within the edges, or a note and such a line built into one: no second
  // column, no body line out in the margin.
  // A line TeX set overfull runs from the column's edge (or a paragraph's indent) out past
  // the other into the margin (OVERFULL_LINES_MAX): it is a line of the column (acmguide
  // p. 23's "To suppress short snippets of information, use the command \anon[…]{…}.", 65 pt
  // out, had left the page's notes in the flow: "acks (env.)" between a paragraph's lines).
  const overfull = overfullLines(body, left, right);
  const beyond = (l: Line) => !overfull.has(l) && ((left !== null && l.x0 < left - EDGE_TOLERANCE_PT) || (right !== null && l.x1 > right + EDGE_TOLERANCE_PT));
  // (Asked of any note-like piece: a note beside a paragraph's short last line stays where
  // it is, but says the page has notes.)
  if (body.some((l) => beyond(l) && !numberHangsOut(l, left) && (cutNote(l, left, right, false, false)?.body ?? l) === l)) return none;
  // The line beside a note starts at the column's edge next to it, or a paragraph's indent
  // from it (a title set out in the column beside a name in the margin, R's "c" | "Combine
  // Values into a Vector or List", is a row of its own).
  const startsAtEdge = (l: Line, note: Line) =>
    left !== null && note.x1 <= left
      ? l.x0 >= left - CUT_EDGE_TOLERANCE_PT && l.x0 <= left + FIRST_LINE_INDENT_EMS_MAX * lineSize(l) && (right === null || l.x1 <= right + EDGE_TOLERANCE_PT || overfull.has(l))
      : right !== null && Math.abs(l.x1 - right) <= CUT_EDGE_TOLERANCE_PT && (left === null || l.x0 >= left - EDGE_TOLERANCE_PT);
  // Notes cut from a body line stand beside it; a note on a line of its own (beside: null)
  // is looked for a column line on its row once the lines of one note are together.
  // Loops, not map and filter: an optimised map makes a holey array, an interpreted one a
  // packed array, and takeMarginNotes bailed out at each change.
  const cuts: ReturnType<typeof cutNote>[] = [];
  const leftSide: Line[] = [];
  const rightSide: Line[] = [];
  const besideStack = right === null && left !== null ? rowsBesideNoteStacks(lines, body, left) : NO_LINES;
  for (const line of lines) {
    const cut = line.wmode === 0 && !line.slanted ? cutNote(line, left, right, besideStack.has(line)) : null;
    // An overfull line's words out in the margin are its own, no note.
    cuts.push(cut !== null && overfull.has(line) && right !== null && cut.note.x0 >= right ? null : cut);
  }
  for (const c of cuts) if (c !== null && left !== null && c.note.x1 <= left) leftSide.push(c.note);
  for (const c of cuts) if (c !== null && right !== null && c.note.x0 >= right) rightSide.push(c.note);
  // A margin note is set against the column, so notes of different lengths share the edge
  // next to it; words sharing the far edge instead start a term list's terms (texinfo's
  // "‘-noptex’" and "‘-o name’" beside their descriptions).
  const leftTerms = alignedAway(leftSide, (l) => l.x0, (l) => l.x1);
  const rightTerms = alignedAway(rightSide, (l) => l.x1, (l) => l.x0);
  const flow: Line[] = [];
  // Each line that changed: a note's whole line (null) or a line cut in two (its body part).
  const replaced = new Map<Line, Line | null>();
  const found: { lines: Line[]; beside: Line | null }[] = [];
  lines.forEach((line, i) => {
    const cut = cuts[i];
    const side = cut === null ? null : left !== null && cut.note.x1 <= left ? "left" : "right";
    if (cut === null || (side === "left" && leftTerms) || (side === "right" && rightTerms)) {
      flow.push(line);
      return;
    }
    flow.push(cut.body ?? line);
    if (cut.body !== null) replaced.set(line, cut.body);
    found.push({ lines: [cut.note], beside: cut.body });
  });
  const notes: MarginNote[] = [];
  for (const note of joinStackedNotes(found)) {
    const beside = note.beside ?? flow.find((l) => startsAtEdge(l, note.lines[0]) && note.lines.some((n) => n !== l && verticalOverlap(l, n) >= ROW_OVERLAP_MIN));
    // A row going on in a bracket goes on the name before it: a declaration set out into the
    // margin (colortbl's "\rowcolors" | "[⟨commands⟩]{⟨row⟩}…"), not a note beside its text.
    if (beside === undefined || ARGUMENTS_START.test(lineText(beside))) continue;
    // Its lines of their own leave the flow (a cut note's body line stays).
    for (const n of note.lines) {
      const at = flow.indexOf(n);
      if (at < 0) continue;
      flow.splice(at, 1);
      replaced.set(n, null);
    }
    // Its lines keep their breaks, but for a word broken over two (joined as in a paragraph).
    for (const n of note.lines.slice(0, -1)) if (!/\p{L}-$/u.test(lineText(n).trimEnd())) n.breakAfter = true;
    notes.push({ lines: note.lines, beside });
  }
  if (notes.length === 0) return none;
  return { flow, notes, replaced };
}

/** A page sets at most this many overfull lines (overfullLines): more lines out past the
 *  column's edge are a second column or a hanging paragraph. */
const OVERFULL_LINES_MAX = 2;
/** An overfull line runs out past the column's edge by at most this many of its ems (a long
 *  command TeX cannot break: acmguide's 6.5). */
const OVERFULL_EMS_MAX = 8;

/** The body lines TeX set overfull: starting at the column's left edge, or a paragraph's
 *  indent from it, and ending past its right edge by at most OVERFULL_EMS_MAX; none where
 *  more than OVERFULL_LINES_MAX do. */
function overfullLines(body: readonly Line[], left: number | null, right: number | null): ReadonlySet<Line> {
  if (left === null || right === null) return NO_LINES;
  let found: Set<Line> | null = null;
  for (const l of body) {
    if (l.x1 <= right + EDGE_TOLERANCE_PT) continue;
    const size = lineSize(l);
    if (l.x0 < left - EDGE_TOLERANCE_PT || l.x0 > left + FIRST_LINE_INDENT_EMS_MAX * size || l.x1 - right > OVERFULL_EMS_MAX * size) return NO_LINES;
    found ??= new Set();
    found.add(l);
    if (found.size > OVERFULL_LINES_MAX) return NO_LINES;
  }
  return found ?? NO_LINES;
}

/** Lines (two or more) that share the edge away from the column, not the one next to it. */
function alignedAway(notes: readonly Line[], away: (l: Line) => number, near: (l: Line) => number): boolean {
  if (notes.length < 2) return false;
  const spread = (f: (l: Line) => number) => Math.max(...notes.map(f)) - Math.min(...notes.map(f));
  return spread(away) <= EDGE_TOLERANCE_PT && spread(near) > EDGE_TOLERANCE_PT;
}

/**
 * Note lines set one under the other are one note: a word broken over them ("presen-" |
 * "tation") is joined as a paragraph's, other lines keep their line break ("Addition in
 * TeX" | "Live 2019", "\citealt" | "\citealp").
 */
function joinStackedNotes<T extends { lines: Line[]; beside: Line | null }>(notes: T[]): T[] {
  notes.sort((a, b) => a.lines[0].y0 - b.lines[0].y0);
  const out: T[] = [];
  for (const n of notes) {
    const previous = out.length > 0 ? out[out.length - 1] : null;
    const last = previous?.lines[previous.lines.length - 1];
    const first = n.lines[0];
    if (previous && last && first.y0 - last.y0 <= NOTE_LINE_PITCH_EMS_MAX * lineSize(last) && first.x0 < last.x1 && first.x1 > last.x0) {
      previous.lines.push(...n.lines);
      previous.beside ??= n.beside;
      continue;
    }
    out.push(n);
  }
  return out;
}
/** The lines of one note follow at most this many ems apart, baseline to baseline. */
const NOTE_LINE_PITCH_EMS_MAX = 1.5;

/** Each line's `edge`, in a typed array for commonEdge to sort. */
function edges(lines: readonly Line[], edge: (l: Line) => number): Float64Array {
  const xs = new Float64Array(lines.length);
  for (let i = 0; i < lines.length; i++) xs[i] = edge(lines[i]);
  return xs;
}

/** The gap, in ems, between a note built into a line and the line's text. */
const BUILT_NOTE_GAP_EMS_MIN = 0.5;

/** Where a line's text starts past a note built into it: the first span with ink after a gap
 *  of BUILT_NOTE_GAP_EMS_MIN behind a few words (NOTE_CHARS_MAX); the line's start otherwise. */
function textStart(line: Line): number {
  let chars = 0;
  let end = Number.NaN;
  for (const span of line.spans) {
    if (isBlankText(span.text)) continue;
    if (!Number.isNaN(end) && span.x0 - end >= BUILT_NOTE_GAP_EMS_MIN * span.size) return span.x0;
    chars += span.text.length;
    if (chars > NOTE_CHARS_MAX) break;
    end = span.x1;
  }
  return line.x0;
}

/** The edge most body lines share (the lowest `pick` of a cluster of EDGE_LINES_MIN within
 *  EDGE_TOLERANCE_PT), or null. */
function commonEdge(xs: Float64Array, pick: (a: number, b: number) => number): number | null {
  if (xs.length < EDGE_LINES_MIN) return null;
  // A typed array sorts numbers natively, with no comparator called back.
  xs.sort();
  let best: number | null = null;
  let bestCount = 0;
  for (let i = 0, j = 0; i < xs.length; i++) {
    while (xs[i] - xs[j] > EDGE_TOLERANCE_PT) j++;
    const count = i - j + 1;
    if (count > bestCount) {
      bestCount = count;
      best = pick(xs[i], xs[j]);
    }
  }
  return bestCount >= EDGE_LINES_MIN ? best : null;
}

/** No lines (shared: most pages have no stacked notes). */
const NO_LINES: ReadonlySet<Line> = new Set();
/** The next row of a paragraph starts at most this many ems below the one before it. */
const ROW_PITCH_EMS_MAX = 2;

/**
 * The lines that go on a paragraph beside a stack of margin notes: each holds something left
 * of the column (`left`) and stands on the row under a line that holds a note too and runs
 * to the widest body line's end. ltxdoc stacks the names a description documents one a row
 * against its paragraph, and a paragraph of three full lines and a short last one has too few
 * line ends to give the column's right edge; the names past the first were read into its text.
 * A single name beside a paragraph's first line stays where it is: the paragraph's run-in head.
 */
function rowsBesideNoteStacks(lines: readonly Line[], body: readonly Line[], left: number): ReadonlySet<Line> {
  const inMargin = lines.filter((l) => l.wmode === 0 && !l.slanted && l.x0 < left - NOTE_GAP_MIN_PT);
  if (inMargin.length < 2) return NO_LINES;
  let end = 0;
  for (const l of body) end = Math.max(end, l.x1);
  const rows = new Set<Line>();
  for (const line of inMargin) {
    const above = inMargin.find((a) => a !== line && a.x1 >= end - CUT_EDGE_TOLERANCE_PT && line.y0 > a.y0 && line.y0 - a.y0 <= ROW_PITCH_EMS_MAX * lineSize(a));
    if (above !== undefined) rows.add(line);
  }
  return rows;
}

/**
 * The note in the margin a line holds: the whole line (body null) or its first spans left of
 * the column, or its last spans right of it, cut from the body line they were built into
 * when that line is `justified` across the column, or, where too few lines end together to
 * give the column's right edge, when it goes on a paragraph `besideStack` (rowsBesideNoteStacks).
 */
function cutNote(line: Line, left: number | null, right: number | null, besideStack: boolean, justified = true): { note: Line; body: Line | null } | null {
  const spans = line.spans;
  if (left !== null && line.x0 < left - NOTE_GAP_MIN_PT) {
    // The spans left of the column, then the column's text from its edge.
    let k = 0;
    while (k < spans.length && spans[k].x1 <= left - NOTE_GAP_MIN_PT) k++;
    if (k === 0) return null;
    const noteSpans = spans.slice(0, k);
    if (!isNote(noteSpans, left - noteSpans[noteSpans.length - 1].x1)) return null;
    if (k === spans.length) return { note: line, body: null };
    // The space the joiner put between a note and its row's text is neither's.
    let b = k;
    while (b < spans.length - 1 && isBlankText(spans[b].text)) b++;
    const first = spans[b];
    const trimmed = first.text.replace(/^\s+/, "");
    if (first.x0 < left - NOTE_GAP_MIN_PT && trimmed === first.text) return null;
    // The rest is a line of the column, justified: its ink from the column's edge to the
    // other (a prototype's name and its arguments, "cast (val, …)", only starts that way).
    const inkX0 = first.x0 + (first.text.length - trimmed.length) * SPACE_EMS * first.size;
    if (justified && (Math.abs(inkX0 - left) > CUT_EDGE_TOLERANCE_PT || (right === null ? !besideStack : Math.abs(line.x1 - right) > EDGE_TOLERANCE_PT))) return null;
    const bodySpans = [spanPiece(first, trimmed, Math.max(first.x0, left), first.x1), ...spans.slice(b + 1)];
    return { note: makeLine(noteSpans, line.wmode), body: makeLine(bodySpans, line.wmode) };
  }
  if (right !== null && line.x1 > right + NOTE_GAP_MIN_PT) {
    let k = spans.length;
    while (k > 0 && spans[k - 1].x0 >= right + NOTE_GAP_MIN_PT) k--;
    if (k === spans.length) return null;
    const noteSpans = spans.slice(k);
    if (!isNote(noteSpans, noteSpans[0].x0 - right)) return null;
    if (k === 0) return { note: line, body: null };
    let b = k - 1;
    while (b > 0 && isBlankText(spans[b].text)) b--;
    const last = spans[b];
    const trimmed = last.text.replace(/\s+$/, "");
    if (last.x1 > right + NOTE_GAP_MIN_PT && trimmed === last.text) return null;
    const inkX1 = last.x1 - (last.text.length - trimmed.length) * SPACE_EMS * last.size;
    if (justified && (Math.abs(inkX1 - right) > CUT_EDGE_TOLERANCE_PT || left === null || Math.abs(line.x0 - left) > EDGE_TOLERANCE_PT)) return null;
    const bodySpans = [...spans.slice(0, b), spanPiece(last, trimmed, last.x0, Math.min(last.x1, right))];
    return { note: makeLine(noteSpans, line.wmode), body: makeLine(bodySpans, line.wmode) };
  }
  return null;
}

/** A few words set against the column, not a list's marker or a line's number. */
function isNote(spans: Line["spans"], gap: number): boolean {
  const text = spans.map((s) => s.text).join("").trim();
  if (text === "" || text.length > NOTE_CHARS_MAX || !/\p{L}/u.test(text)) return false;
  const em = Math.max(...spans.map((s) => s.size), 1);
  if (gap > NOTE_GAP_MAX_EMS * em) return false;
  return listMarker(text) === null && listMarker(text + " x") === null;
}

/**
 * Puts each note back as a paragraph of its own before the block holding the line it stands
 * beside (the paragraph it annotates), notes beside one block in their order down the page
 * (takeMarginNotes gives them sorted).
 * A note whose line went elsewhere goes before the first block below it.
 */
export function putMarginNotes<B extends { kind: string }>(blocks: B[], notes: readonly MarginNote[], linesOf: (block: B) => readonly Line[] | null, paragraph: (lines: Line[]) => B): void {
  if (notes.length === 0) return;
  const blockOf = new Map<Line, number>();
  blocks.forEach((block, i) => {
    for (const line of linesOf(block) ?? []) blockOf.set(line, i);
  });
  const before = new Map<number, Line[][]>();
  for (const note of notes) {
    let at = blockOf.get(note.beside);
    if (at === undefined) {
      const y0 = note.lines[0].y0;
      const below = blocks.findIndex((block) => (linesOf(block) ?? []).some((line) => line.y0 >= y0));
      at = below < 0 ? blocks.length : below;
    }
    const list = before.get(at);
    if (list) list.push(note.lines);
    else before.set(at, [note.lines]);
  }
  for (const at of [...before.keys()].sort((a, b) => b - a)) blocks.splice(at, 0, ...before.get(at)!.map(paragraph));
}
