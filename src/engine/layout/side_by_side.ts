// A heading stands alone on its row. Text set larger than the body in a row of several short
// pieces (a paper's authors, "Ana Ferreira¹   Tomas Lind²   Mei Okada¹", or the labels of a
// title page) is a row of names, not a run of headings: the pieces are one paragraph. Section
// headings that happen to share a height in two columns stand a column gutter apart, further
// than the gap allowed here, and stay headings.
import { copyLine, type Line } from "../model.js";
import { type Block, headingBlock, paragraphBlock } from "./blocks.js";
import { lineStyle } from "./document_stats.js";
import { appendFragment, lineText, verticalOverlap } from "./lines.js";

/** Pieces of one row at most this many ems apart are one row of items (a paper's column
 * gutter is 2.4 em at 10 pt; its authors stand 1.3-1.7 em apart). */
export const SIDE_BY_SIDE_GAP_EMS_MAX = 2;
/** ... set in one weight and in sizes this close, in points. */
const SAME_SIZE_PT = 0.5;
/** ... and overlapping vertically by this share of the shorter. */
const SAME_ROW_OVERLAP_MIN = 0.5;

type AnyBlock = Block | { kind: "table" };

const SECTION_NUMBER = /^(?:\d{1,3}(?:\.\d{1,3})*\.?|[IVXLC]{1,6}\.?|[A-Z]\.)$/;

export function joinSideBySideHeadings(blocks: AnyBlock[], pageLines: readonly Line[]): void {
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.kind !== "heading" || block.lines.length !== 1) continue;
    const row = rowOf(block.lines[0], pageLines);
    if (row.length < 2) {
      joinFlushRightMate(blocks, i, pageLines);
      continue;
    }
    // A section number set apart from its title ("2.1", gap, "Discounts") is one heading.
    if (SECTION_NUMBER.test(lineText(row[0]).trim())) continue;
    // The row's other pieces are blocks of their own; gather those that follow in reading
    // order (each a one-line heading or paragraph of the row) into this one paragraph.
    const members = new Set(row);
    const lines = [block.lines[0]];
    for (let j = i + 1; j < blocks.length; j++) {
      const next = blocks[j];
      if ((next.kind !== "heading" && next.kind !== "paragraph") || next.lines.length !== 1 || !members.has(next.lines[0])) break;
      lines.push(next.lines[0]);
      blocks.splice(j, 1);
      j--;
    }
    lines.sort((a, b) => a.x0 - b.x0);
    blocks[i] = paragraphBlock([joinRow(lines)]);
  }
}

/** A heading's mate set flush right is short: a date, a place, a grade. */
const MATE_CHARS_MAX = 40;
/** ... with a figure in it: a year, a date, a page number. Two titles side by side (a form's
 * "PROJECT INFORMATION" and "CONTACT INFORMATION" boxes) stay two headings. */
const MATE_FIGURES = /\d/;
const HAS_LETTER = /\p{L}/u;
/** ... ending this many ems at most from the right edge of the text under it. */
const FLUSH_RIGHT_EMS = 1;

/**
 * A heading with a short piece set flush right on its row, in the heading's style, as the
 * next block (a CV's "Lead Data Engineer" … "2021 – present", a report's section title and
 * its date): one heading, the piece after its title, where it had been a heading of its own.
 * Headings of two columns that share a height are no such pair: the right one ends short of
 * its column's edge, and a paragraph of the left column comes between them.
 */
function joinFlushRightMate(blocks: AnyBlock[], i: number, pageLines: readonly Line[]): void {
  const heading = (blocks[i] as Block & { lines: Line[] }).lines[0];
  const next = blocks[i + 1];
  if (next?.kind !== "heading" || next.lines.length !== 1) return;
  const mate = next.lines[0];
  const style = lineStyle(heading);
  const em = Math.max(1, style.size);
  if (mate.x0 - heading.x1 <= SIDE_BY_SIDE_GAP_EMS_MAX * em || verticalOverlap(heading, mate) < SAME_ROW_OVERLAP_MIN) return;
  const other = lineStyle(mate);
  const mateText = lineText(mate).trim();
  if (Math.abs(other.size - style.size) > SAME_SIZE_PT || other.bold !== style.bold || mateText.length > MATE_CHARS_MAX || !MATE_FIGURES.test(mateText)) return;
  // A title in words beside it: two numbers are a figure's axis, not a heading and its date.
  if (!HAS_LETTER.test(lineText(heading))) return;
  // One column: a line of the page runs from under the heading to under its mate. Flush
  // right: no line under or over the mate reaches further right.
  let right = -Infinity;
  let spanned = false;
  for (const line of pageLines) {
    if (line === heading || line === mate) continue;
    if (line.x1 > mate.x0 && line.x0 < mate.x1) right = Math.max(right, line.x1);
    if (line.x0 < heading.x1 && line.x1 > mate.x0) spanned = true;
  }
  if (!spanned || mate.x1 < right - FLUSH_RIGHT_EMS * em) return;
  const head = blocks[i] as Extract<Block, { kind: "heading" }>;
  blocks[i] = headingBlock(head.level, [joinRow([heading, mate])], head.section);
  blocks.splice(i + 1, 1);
}

/** The lines of the page in the heading's row chain: each within the gap of the next. */
function rowOf(line: Line, pageLines: readonly Line[]): Line[] {
  const style = lineStyle(line);
  const size = style.size;
  // The row test first: a bounding-box comparison rules out nearly every line of the page.
  const peers = pageLines.filter((l) => {
    if (l === line) return true;
    if (verticalOverlap(l, line) < SAME_ROW_OVERLAP_MIN) return false;
    const other = lineStyle(l);
    return Math.abs(other.size - size) <= SAME_SIZE_PT && other.bold === style.bold;
  });
  if (peers.length < 2) return [];
  peers.sort((a, b) => a.x0 - b.x0);
  // Walk out from the heading while the gaps stay small.
  const at = peers.indexOf(line);
  let from = at;
  let to = at;
  const maxGap = SIDE_BY_SIDE_GAP_EMS_MAX * size;
  while (from > 0 && peers[from].x0 - peers[from - 1].x1 <= maxGap) from--;
  while (to < peers.length - 1 && peers[to + 1].x0 - peers[to].x1 <= maxGap) to++;
  return to > from ? peers.slice(from, to + 1) : [];
}

/** One line of the row's pieces, left to right, joined as line_joining joins a row's fragments. */
function joinRow(lines: readonly Line[]): Line {
  const row = copyLine(lines[0], lines[0].spans.slice());
  for (let k = 1; k < lines.length; k++) appendFragment(row, lines[k]);
  return row;
}
