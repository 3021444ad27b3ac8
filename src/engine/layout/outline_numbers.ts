// Multi-level item numbers ("1.1.", "1.2.1", "2.1."): the nested levels of a numbered list
// set with a word processor's outline numbering (LibreOffice Writer's "Numbering 1, 1.1,
// 1.1.1", Word's multilevel lists). Such a number is also a contract's clause ("1.1 The
// Licensee shall …", set at the margin under its heading) and a decimal at a line's start
// ("1.5 litres of water …"), so it starts an item only where the list around it says so:
// see settleOutlineNumbers.

import type { Line } from "../model.js";
import type { TextStyle } from "./document_stats.js";
import { isContentsEntry } from "./leaders.js";
import { isSpaceCode } from "./whitespace.js";

/** A multi-level number before a space: two to six parts of one to three digits, the first
 *  not zero nor any part starting with one ("0.5", "1.05" are decimals), a stop after it or none. */
const OUTLINE_NUMBER = /^\s*([1-9]\d{0,2}(?:\.(?:[1-9]\d{0,2}|0)){1,5})\.?(?=\s)\s*/;

export interface OutlineNumber {
  /** Its parts, outermost first: "1.2.1" is [1, 2, 1]. */
  path: number[];
  /** Characters of the line's text it occupies, the space after it included. */
  length: number;
}

/** The multi-level number a line's text starts with, or null. */
export function outlineNumber(text: string): OutlineNumber | null {
  // The number's first digit, past white space, first: every line without a marker is asked.
  let p = 0;
  while (p < text.length && isSpaceCode(text.charCodeAt(p))) p++;
  const c = text.charCodeAt(p);
  if (!(c >= 0x31 && c <= 0x39)) return null;
  const match = OUTLINE_NUMBER.exec(text);
  if (match === null || text.length <= match[0].length) return null;
  return { path: numberParts(match[1]), length: match[0].length };
}

/** A multi-level number's parts ("1.2.1": [1, 2, 1]), in an array made by push. Not map:
 *  map's array is packed from the built-in and holey from its optimised inlined form, and
 *  settleOutlineNumbers (isNested, samePath) met the other kind once outlineNumber ran
 *  optimised (the second pass of a process), to be deoptimised ('wrong map'). */
function numberParts(number: string): number[] {
  const parts: number[] = [];
  for (const part of number.split(".")) parts.push(Number(part));
  return parts;
}

/** What settleOutlineNumbers reads of a line's marker: its number's parts (a plain "3." is
 *  [3]; a letter or a bullet has none). */
export interface NumberedMarker {
  path?: number[];
  ordered: boolean;
  style?: string;
  value?: number;
}

/** How far back (lines) an item's parent or previous sibling is looked for. */
const OUTLINE_LOOKBACK_LINES = 40;
/** A line within this many ems of another's x starts at the same x (a sibling's marker). */
const SAME_X_EMS = 0.5;
/** A child's marker stands at least this many ems right of its parent's. */
const CHILD_INDENT_EMS_MIN = 0.8;
/** A child's text is set within this share of its parent's size: a numbered heading
 *  ("1.1 Scope", larger and bold) under a list item is no child of it. */
const CHILD_SIZE_SHARE_MAX = 0.1;

function pathOf(marker: NumberedMarker | null): number[] | null {
  if (marker === null || !marker.ordered) return null;
  if (marker.path !== undefined) return marker.path;
  return marker.style === "number" && marker.value !== undefined ? [marker.value] : null;
}

function samePath(a: readonly number[], b: readonly number[], length: number): boolean {
  if (a.length < length || b.length < length) return false;
  for (let k = 0; k < length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * Keeps a multi-level number as an item's marker only inside a numbered list: the nearest
 * item before it at its x is its previous sibling ("1.1." before "1.2."), or, with none
 * there, the nearest item left of it is its parent ("1." before "1.1.", "1.2." before
 * "1.2.1."), set in the same size and weight (a contents page's bold chapter "1. Allgemeines
 * zum Paket 4" over its regular sections "1.1. Wichtiger Hinweis … 4" is no list), with every line between them right of the parent's
 * marker (under the parent's text, not a paragraph back at the margin). A first child
 * ("…1") needs its next sibling at its x within the look-back's reach too, so a decimal at
 * the start of an item's wrapped line ("1.5 litres …") stays text. Others are dropped
 * (null): a contract's "1.1" clauses at the margin under "1. Definitions" stay paragraphs,
 * and so does a contents entry (its leader or flush-right page number): a contents page
 * keeps its section numbers as text ("2.1 Berths and moorings 2").
 * Nor is any in a column where such an entry's next line, not an item's, starts left of its
 * number: entries wrapped back to the margin are paragraphs led by their numbers, not items
 * with a hanging indent (Chromium's print of valgrind's FAQ contents, "3.1. Programs run OK
 * … and then" | "die with a segmentation fault.", where each entry stays a paragraph).
 * Markers are settled in order, so a sibling is judged before the items after it.
 */
export function settleOutlineNumbers(markers: (NumberedMarker | null)[], column: readonly Line[], styles: readonly TextStyle[]): void {
  const wrapsLeft = wrapsLeftOfNumber(markers, column, styles);
  for (let i = 0; i < markers.length; i++) {
    const path = markers[i]?.path;
    if (path === undefined) continue;
    if (wrapsLeft || isContentsEntry(column[i]) || !isNested(i, path, markers, column, styles) || (path[path.length - 1] === 1 && !hasNextSibling(i, path, markers, column, styles))) markers[i] = null;
  }
}

function isNested(i: number, path: readonly number[], markers: readonly (NumberedMarker | null)[], column: readonly Line[], styles: readonly TextStyle[]): boolean {
  const x = column[i].x0;
  const size = styles[i].size;
  const same = SAME_X_EMS * size;
  const depth = path.length;
  const last = path[depth - 1];
  // The leftmost line seen between the item and the one it hangs from.
  let leftmost = Infinity;
  for (let j = i - 1; j >= Math.max(0, i - OUTLINE_LOOKBACK_LINES); j--) {
    const line = column[j];
    const other = pathOf(markers[j]);
    if (other !== null && Math.abs(line.x0 - x) <= same) {
      // The previous sibling: one less, under the same parent (the lines between may go
      // back left of it: an item's lines wrapped to the margin, Chromium's print of
      // valgrind's FAQ contents).
      return last > 1 && other.length === depth && other[depth - 1] === last - 1 && samePath(other, path, depth - 1);
    }
    if (other !== null && line.x0 < x - same) {
      return (
        x - line.x0 >= CHILD_INDENT_EMS_MIN * size &&
        last === 1 &&
        other.length === depth - 1 &&
        samePath(other, path, depth - 1) &&
        Math.abs(styles[j].size - size) <= CHILD_SIZE_SHARE_MAX * size &&
        styles[j].bold === styles[i].bold &&
        leftmost > line.x0 + same
      );
    }
    leftmost = Math.min(leftmost, line.x0);
  }
  return false;
}

/** Whether the next sibling of a first child ("1.2." after "1.1.") starts a line at its x
 *  before an item left of it ends the level. */
function hasNextSibling(i: number, path: readonly number[], markers: readonly (NumberedMarker | null)[], column: readonly Line[], styles: readonly TextStyle[]): boolean {
  const x = column[i].x0;
  const same = SAME_X_EMS * styles[i].size;
  const depth = path.length;
  for (let j = i + 1; j < Math.min(markers.length, i + 1 + OUTLINE_LOOKBACK_LINES); j++) {
    const line = column[j];
    // An item left of it ends the level; a line of words there may be an item's wrapped
    // back to the margin.
    if (line.x0 < x - same) {
      if (markers[j] !== null) return false;
      continue;
    }
    if (Math.abs(line.x0 - x) > same) continue;
    const other = markers[j]?.path;
    if (other !== undefined && other.length === depth && other[depth - 1] === path[depth - 1] + 1 && samePath(other, path, depth - 1)) return true;
  }
  return false;
}

/** Whether a line after a multi-level number's line, not starting an item, starts left of
 *  the number (settleOutlineNumbers). */
function wrapsLeftOfNumber(markers: readonly (NumberedMarker | null)[], column: readonly Line[], styles: readonly TextStyle[]): boolean {
  for (let i = 0; i + 1 < markers.length; i++) {
    if (markers[i]?.path === undefined || markers[i + 1] !== null) continue;
    if (column[i + 1].x0 < column[i].x0 - SAME_X_EMS * styles[i].size) return true;
  }
  return false;
}
