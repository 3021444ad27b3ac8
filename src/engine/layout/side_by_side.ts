// A heading stands alone on its row. Text set larger than the body in a row of several short
// pieces (a paper's authors, "Ana Ferreira¹   Tomas Lind²   Mei Okada¹", or the labels of a
// title page) is a row of names, not a run of headings: the pieces are one paragraph. Section
// headings that happen to share a height in two columns stand a column gutter apart, further
// than the gap allowed here, and stay headings.
import type { Line } from "../model.js";
import type { Block } from "./blocks.js";
import { lineStyle } from "./document_stats.js";
import { appendFragment, verticalOverlap } from "./lines.js";

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
    // A section number set apart from its title ("2.1", gap, "Discounts") is one heading.
    if (row.length < 2 || SECTION_NUMBER.test(row[0].spans.map((s) => s.text).join("").trim())) continue;
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
    blocks[i] = { kind: "paragraph", lines: [joinRow(lines)] };
  }
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
  const row = { ...lines[0], spans: lines[0].spans.slice() };
  for (let k = 1; k < lines.length; k++) appendFragment(row, lines[k]);
  return row;
}
