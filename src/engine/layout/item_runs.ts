// Step 5 (blocks.ts markShortLineSets), each column: a run of short lines in a narrow column,
// each a capitalised item of its own (a CV's sidebar: "Python, TypeScript, Go" | "PostgreSQL,
// Redis" | "Kubernetes, Terraform" | "Data pipelines (Airflow)" | "System design" |
// "Mentoring", a list a browser printed without bullets). Pair by pair, most of these lines
// come within a word of the column's edge, as wrapped prose does, and ran together into one
// paragraph. Greedy wrapping leaves no line of a paragraph but its last room for the next
// line's first word, so a pair that does leave it, inside a run at one leading, shows the run
// is a set; and wrapped prose goes on in small letters on most lines, where every line here
// starts with a capital. Such a run's lines are each a line of their own.
import type { Line } from "../model.js";
import { lineSize } from "./lines.js";
import { BRIDGE_GAP_EMS_MAX } from "./set_bridges.js";

/** A run of at least this many lines can show it is a set (a CV's "Skills" of 6 lines; two or
 *  three capitalised lines in a row are common in prose). */
export const ITEM_RUN_LINES_MIN = 4;
/** Lines starting this many ems apart (of the lower's size) or less start at one x. */
const ITEM_ALIGN_EMS = 0.5;
/** Sizes this many points apart or less are one size. */
const ITEM_SIZE_TOLERANCE_PT = 0.5;
/** An item starts with a capital or a figure. */
const ITEM_START = /^\s*[\p{Lu}\p{N}]/u;
/** A line ending so goes on in the next or ends a sentence: a clause's comma or sign, a stop
 *  (items of a list end in none), or a word that joins what follows. */
const RUN_BREAKING_END = /(?:[.!?,;:\-–—&/]|\b(?:and|or|of|the|to|a|an|in|for|with|und|oder|et|ou))\s*$/iu;

/**
 * Per line k, whether the pair of lines k - 1 and k is two items of such a run: the run's lines
 * at one leading (BRIDGE_GAP_EMS_MAX) and one x and size, none in a heading's style
 * (`excluded`), each starting with a capital or figure and none ending as RUN_BREAKING_END
 * does, ITEM_RUN_LINES_MIN lines at least, and one of its pairs leaving room for the next
 * line's first word (`fits(k)`: line k leaves room for line k + 1's). Null when no run is found.
 */
export function itemRunPairs(column: readonly Line[], texts: readonly string[], excluded: (k: number) => boolean, fits: (k: number) => boolean): boolean[] | null {
  let pairs: boolean[] | null = null;
  let start = 0;
  for (let k = 1; k <= column.length; k++) {
    if (k < column.length && isItemLine(k - 1, texts, excluded) && isItemLine(k, texts, excluded) && goesOnInRun(column[k - 1], column[k])) continue;
    // Lines start … k - 1 are a run when it holds enough item lines.
    if (k - start >= ITEM_RUN_LINES_MIN && isItemLine(start, texts, excluded)) {
      let roomy = false;
      for (let j = start; j < k - 1 && !roomy; j++) roomy = fits(j);
      if (roomy) (pairs ??= new Array<boolean>(column.length).fill(false)).fill(true, start + 1, k);
    }
    start = k;
  }
  return pairs;
}

function isItemLine(k: number, texts: readonly string[], excluded: (k: number) => boolean): boolean {
  return ITEM_START.test(texts[k]) && !RUN_BREAKING_END.test(texts[k]) && !excluded(k);
}

function goesOnInRun(upper: Line, lower: Line): boolean {
  const size = lineSize(lower);
  return (
    lower.y0 - upper.y1 <= BRIDGE_GAP_EMS_MAX * size &&
    Math.abs(lower.x0 - upper.x0) <= ITEM_ALIGN_EMS * size &&
    Math.abs(lineSize(upper) - size) <= ITEM_SIZE_TOLERANCE_PT
  );
}
