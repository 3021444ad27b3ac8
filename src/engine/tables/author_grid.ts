// Step 5, each page, before table detection: a paper's author grid. ACM's and IEEE's
// conference templates set their authors side by side, each author a block of centred lines
// under a name set larger than the text (the affiliation, the place, the e-mail). Read as a
// table, a block's lines run across the other blocks'; read as lines in a two-column page,
// the blocks fall into the columns and the right ones are read after the left column's text.
// Found here, a row of blocks is one item of the page, a table marked `authorGrid` that
// render/page.ts writes block by block: each author's lines one paragraph, left to right.
import type { Line } from "../model.js";
import { lineSize, lineText, SAME_ROW_OVERLAP, verticalOverlap } from "../layout/lines.js";
import { type Table, type TableCell, tableOf } from "./model.js";
import { sortInPlace } from "../sort_in_place.js";

/** A name is set at least this many points larger than the page's text… */
const NAME_OVER_BODY_PT = 1;
/** … in at most this many characters, not bold (a slide's column headings are). */
const NAME_CHARS_MAX = 60;
/** The block's lines under its name: most set at least this many points smaller… */
const NAME_SIZE_STEP_PT = 1;
/** … none larger than the name by more than this (a second name in a block is at its size). */
const SAME_SIZE_PT = 0.5;
/** Each line's centre within this many of the name's ems of the name's centre… */
const CENTRE_TOLERANCE_EMS = 0.5;
/** … each line's centre at most this many of the name's ems under the last one's (the next
 * row of blocks stands a line or more further; glyph boxes differ from one producer to
 * another, tight or at the font's full height, so gaps between boxes say less). */
const LINE_PITCH_EMS_MAX = 1.5;
/** A block holds its name and at least this many lines. */
const BLOCK_LINES_MIN = 2;
/** Its left edges spread more than this many ems: lines set flush left are a list's. */
const LEFT_SPREAD_EMS_MIN = 0.5;
/** A line that is a figure: no author block holds one. */
const FIGURE = /^[\s\d.,%+−–-]+$/;

/** The page's rows of author blocks, as tables marked `authorGrid`, and the lines left. */
export function findAuthorGrids(lines: readonly Line[], bodySize: number): { grids: Table[]; rest: Line[] } {
  // A loop, not a filter with a closure: every line of every page is asked.
  const names: Line[] = [];
  for (const line of lines) if (isName(line, bodySize)) names.push(line);
  if (names.length < 2) return { grids: [], rest: lines.slice() };
  const grids: Table[] = [];
  const taken = new Set<Line>();
  const rows = nameRows(names);
  // A block ends above the next row's names (a row of lines at its names' size).
  const rowNames = new Set(rows.flat());
  for (const row of rows) {
    if (row.some((name) => taken.has(name))) continue;
    // A loop, as in nameRows: blocks made by map changed kind with its tier.
    const blocks: Line[][] = [];
    for (let c = 0; c < row.length; c++) {
      const block = blockUnder(row[c], lines, row[c - 1], row[c + 1], rowNames);
      if (block === null) break;
      blocks.push(block);
    }
    if (blocks.length < row.length) continue;
    const grid = gridOf(blocks);
    grids.push(grid);
    for (const block of blocks) for (const line of block) taken.add(line);
  }
  return { grids, rest: taken.size === 0 ? lines.slice() : lines.filter((line) => !taken.has(line)) };
}

function isName(line: Line, bodySize: number): boolean {
  if (line.wmode !== 0) return false;
  // Every line of every page is asked: one pass over the spans rules out most (set at the
  // text's size, or bold, or long) before the line's size and text are built.
  let chars = 0;
  let larger = false;
  for (const span of line.spans) {
    if (span.bold) return false;
    chars += span.text.length;
    // Past the longest name the line is none, whatever its other spans hold.
    if (chars > NAME_CHARS_MAX) return false;
    larger ||= span.size >= bodySize + NAME_OVER_BODY_PT;
  }
  return larger && chars <= NAME_CHARS_MAX && lineSize(line) >= bodySize + NAME_OVER_BODY_PT && !FIGURE.test(lineText(line));
}

// Comparators made once here, and loops rather than closures over a name: a closure made per
// call loses its optimised code at each full garbage collection.
const byTopLeft = (a: Line, b: Line) => a.y0 - b.y0 || a.x0 - b.x0;
const byTop = (a: Line, b: Line) => a.y0 - b.y0;

/** The row a name stands on, sharing its band and size; undefined when none does yet. */
function rowOfName(rows: readonly Line[][], name: Line): Line[] | undefined {
  for (const r of rows) if (verticalOverlap(r[0], name) >= SAME_ROW_OVERLAP && Math.abs(lineSize(r[0]) - lineSize(name)) <= SAME_SIZE_PT) return r;
  return undefined;
}

/** Names side by side on one row at one size, two or more, left to right. */
function nameRows(names: Line[]): Line[][] {
  const sorted = sortInPlace(names.slice(), byTopLeft);
  const rows: Line[][] = [];
  for (const name of sorted) {
    const row = rowOfName(rows, name);
    if (row) row.push(name);
    else rows.push([name]);
  }
  // A loop, not filter and map: an optimised map makes a holey array, an interpreted one a
  // packed array, and findAuthorGrids bailed out at each change.
  const kept: Line[][] = [];
  for (const row of rows) if (row.length >= 2) kept.push(sortInPlace(row, byLeft));
  return kept;
}
const byLeft = (a: Line, b: Line) => a.x0 - b.x0;

/** The name and the lines centred under it, one under the other, between its neighbours'
 * centres; null when they make no author's block. */
function blockUnder(name: Line, lines: readonly Line[], left: Line | undefined, right: Line | undefined, rowNames: ReadonlySet<Line>): Line[] | null {
  const axis = centre(name);
  const em = lineSize(name);
  const from = left ? (centre(left) + axis) / 2 : -Infinity;
  const to = right ? (centre(right) + axis) / 2 : Infinity;
  const under: Line[] = [];
  for (const line of lines) {
    if (line !== name && line.wmode === 0 && line.y0 >= name.y0 + (name.y1 - name.y0) / 2 && line.x0 > from && line.x1 < to && Math.abs(centre(line) - axis) <= CENTRE_TOLERANCE_EMS * em) under.push(line);
  }
  sortInPlace(under, byTop);
  const block = [name];
  let last = name;
  const pitchMax = LINE_PITCH_EMS_MAX * em;
  for (const line of under) {
    if (middle(line) - middle(last) > pitchMax || (rowNames.has(line) && lineSize(line) > em - NAME_SIZE_STEP_PT)) break;
    block.push(line);
    last = line;
  }
  if (block.length < 1 + BLOCK_LINES_MIN) return null;
  let smaller = 0;
  let leftmost = Infinity;
  let leftmostLast = -Infinity;
  for (const line of block) {
    leftmost = Math.min(leftmost, line.x0);
    leftmostLast = Math.max(leftmostLast, line.x0);
    if (line === name) continue;
    const size = lineSize(line);
    if (size > em + SAME_SIZE_PT || FIGURE.test(lineText(line))) return null;
    if (size <= em - NAME_SIZE_STEP_PT) smaller++;
  }
  if (2 * smaller <= block.length - 1 || leftmostLast - leftmost <= LEFT_SPREAD_EMS_MIN * em) return null;
  return block;
}

function centre(line: Line): number {
  return (line.x0 + line.x1) / 2;
}

function middle(line: Line): number {
  return (line.y0 + line.y1) / 2;
}

/** A row of blocks as a table: column c holds block c's lines, one a row. */
function gridOf(blocks: Line[][]): Table {
  const height = Math.max(...blocks.map((block) => block.length));
  const rows: TableCell[][] = [];
  for (let r = 0; r < height; r++) rows.push(blocks.map((block) => ({ lines: r < block.length ? [block[r]] : [] })));
  const all = blocks.flat();
  return tableOf(Math.min(...all.map((line) => line.x0)), Math.min(...all.map((line) => line.y0)), Math.max(...all.map((line) => line.x1)), Math.max(...all.map((line) => line.y1)), rows, false, 0, true);
}
