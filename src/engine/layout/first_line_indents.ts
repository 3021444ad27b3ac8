// Step 5, each page, for blocks.ts: the x's where a column's paragraphs start with a first-line
// indent, told from a margin at which lines are merely set (a paragraph nested under a list
// item's text, a definition's description), so that a one-line paragraph at the indent is not
// joined to the next paragraph's first line under it.
import type { Line } from "../model.js";
import { lineStyle } from "./document_stats.js";

/** Where paragraphs' first lines start: an x at which most lines are followed by one
 * further left (their paragraph's second line, back at the margin) and a third there. Lines
 * all set at one x (a paragraph nested under a list item's text, a definition's description)
 * start at a margin, not an indent. */
export interface FirstLineIndents {
  isIndent(line: Line): boolean;
}

/** Lines starting within this many points start at one x. */
const INDENT_X_TOLERANCE = 1;
/** At an indent, at least this share of the lines are followed by one further left. */
const FIRST_LINE_SHARE_MIN = 0.5;

const indentKey = (x: number) => Math.round(x / (2 * INDENT_X_TOLERANCE));

export function firstLineIndents(column: readonly Line[], indentEmsMin: number): FirstLineIndents {
  return new ColumnIndents(column, indentEmsMin);
}

// A class, not an object literal of closures: a closure made per call loses its optimised
// code at each full garbage collection, and was compiled again every few passes; a method
// is made once.
class ColumnIndents implements FirstLineIndents {
  private counts: Map<number, { first: number; all: number }> | null = null;

  constructor(
    private readonly column: readonly Line[],
    private readonly indentEmsMin: number,
  ) {}

  isIndent(line: Line): boolean {
    const column = this.column;
    const indentEmsMin = this.indentEmsMin;
    const key = indentKey;
    let counts = this.counts;
      // Counted on the first question: most columns never ask.
      if (counts === null) {
        counts = this.counts = new Map();
        for (let i = 0; i < column.length; i++) {
          const k = key(column[i].x0);
          const entry = counts.get(k) ?? { first: 0, all: 0 };
          entry.all++;
          // A first line: the next line goes back left and the one after it stays there, the
          // paragraph's body at the margin (a definition's description followed by the next
          // definition's head, further left, is followed in turn by lines further right).
          const next = column[i + 1];
          const after = column[i + 2];
          if (next && after && next.x0 < column[i].x0 - INDENT_X_TOLERANCE - Math.max(1, lineStyle(column[i]).size) * indentEmsMin && Math.abs(after.x0 - next.x0) <= INDENT_X_TOLERANCE) entry.first++;
          counts.set(k, entry);
        }
      }
      let first = 0;
      let all = 0;
      for (const k of [key(line.x0) - 1, key(line.x0), key(line.x0) + 1]) {
        const entry = counts.get(k);
        if (entry) (first += entry.first), (all += entry.all);
      }
      return all > 0 && first >= FIRST_LINE_SHARE_MIN * all;
  }
}
