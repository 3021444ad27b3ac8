// Step 5, each page, after table detection: a paper's author grid. ACM's and IEEE's
// conference templates set their authors side by side, each author a block of centred lines
// (the name, larger, over the affiliation, the place and the e-mail). The aligned detector
// reads such a band as a table whose rows are the blocks' lines; read so, a block's lines
// run across the other blocks', and the lines of the tallest block below the others' fall
// out of the table. Marked here, the grid is written block by block (render/page.ts): each
// column one paragraph, its lines kept as lines.
import type { Line } from "../model.js";
import { lineSize, lineText } from "../layout/lines.js";
import type { Table } from "./model.js";

/** The names' row is set at least this many points larger than most lines under it… */
const NAME_SIZE_STEP_PT = 1;
/** … and no line under it is larger than the names by more than this. */
const SAME_SIZE_PT = 0.5;
/** A column's lines share one centre within this many ems… */
const CENTRE_TOLERANCE_EMS = 0.5;
/** … and their left edges spread more than this (a column set flush left is a table's). */
const LEFT_SPREAD_EMS_MIN = 0.5;
/** A line under the grid on a column's centre, at most this many of the grid's line pitches
 * below the column's last line, is that block's too (the tallest block's affiliation). */
const TAIL_PITCHES_MAX = 1.6;
/** A cell that is a figure: no author block holds one. */
const FIGURE = /^[\s\d.,%+−–-]+$/;

/** Marks the page's author grids (`Table.authorGrid`) and gives each the lines of its blocks
 * that stand below the table, taking them from `rest`. */
export function markAuthorGrids(tables: readonly Table[], rest: Line[]): void {
  for (const table of tables) {
    if (!isAuthorGrid(table)) continue;
    table.authorGrid = true;
    takeTails(table, rest);
  }
}

function isAuthorGrid(table: Table): boolean {
  const k = table.rows[0]?.length ?? 0;
  if (table.ruled || k < 2 || table.rows.length < 2) return false;
  const names = table.rows[0];
  if (names.some((cell) => cell.lines.length !== 1)) return false;
  const nameSize = Math.min(...names.map((cell) => lineSize(cell.lines[0])));
  // Under the names, smaller lines, most of them: a block may name two authors who share it
  // (sigconf's "Ben Trovato" over "G.K.M. Tobin", both at the names' size).
  let smaller = 0;
  let under = 0;
  for (let r = 1; r < table.rows.length; r++) {
    for (const cell of table.rows[r]) {
      for (const line of cell.lines) {
        const size = lineSize(line);
        if (size > nameSize + SAME_SIZE_PT) return false;
        under++;
        if (size <= nameSize - NAME_SIZE_STEP_PT) smaller++;
      }
    }
  }
  if (2 * smaller <= under) return false;
  for (let c = 0; c < k; c++) {
    const axis = centre(names[c].lines[0]);
    const em = lineSize(names[c].lines[0]);
    let left = Infinity;
    let right = -Infinity;
    for (const row of table.rows) {
      for (const line of row[c].lines) {
        if (Math.abs(centre(line) - axis) > CENTRE_TOLERANCE_EMS * em || FIGURE.test(lineText(line))) return false;
        left = Math.min(left, line.x0);
        right = Math.max(right, line.x0);
      }
    }
    if (right - left <= LEFT_SPREAD_EMS_MIN * em) return false;
  }
  return true;
}

function centre(line: Line): number {
  return (line.x0 + line.x1) / 2;
}

/** Lines of `rest` under the grid, each on a column's centre within reach of that column's
 * last line, go to the column's last cell, top to bottom. */
function takeTails(table: Table, rest: Line[]): void {
  const rows = table.rows;
  const pitch = (table.y1 - table.y0) / rows.length;
  const taken = new Set<Line>();
  const below = rest.filter((line) => line.y0 >= table.y1 - 1).sort((a, b) => a.y0 - b.y0);
  for (let c = 0; c < rows[0].length; c++) {
    const axis = centre(rows[0][c].lines[0]);
    const em = lineSize(rows[0][c].lines[0]);
    const last = rows.findLast((row) => row[c].lines.length > 0)!;
    let bottom = Math.max(...last[c].lines.map((line) => line.y1));
    for (const line of below) {
      if (taken.has(line) || line.y0 - bottom > TAIL_PITCHES_MAX * pitch) continue;
      if (Math.abs(centre(line) - axis) > CENTRE_TOLERANCE_EMS * em) continue;
      last[c].lines.push(line);
      taken.add(line);
      bottom = line.y1;
      table.y1 = Math.max(table.y1, line.y1);
      table.x0 = Math.min(table.x0, line.x0);
      table.x1 = Math.max(table.x1, line.x1);
    }
  }
  if (taken.size === 0) return;
  let k = 0;
  for (const line of rest) if (!taken.has(line)) rest[k++] = line;
  rest.length = k;
}
