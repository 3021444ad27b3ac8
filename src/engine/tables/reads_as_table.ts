// Whether a run of aligned rows reads as a table: short cells in columns that line up,
// and not prose, a list, a code listing, a form's label/value pairs or a table of contents.
import { isBulletGlyph } from "../layout/bullet_glyphs.js";
import { hasRtl, isRtlText } from "../layout/bidi.js";
import { endsInIndexPages } from "../layout/leaders.js";
import { COMMENT_START } from "../layout/lines.js";
import { isBlankText, isSpaceCode } from "../layout/whitespace.js";
import { median } from "./sorted_search.js";
import { type Piece, pieceText, type TextRow } from "./cell_gaps.js";

/** Two aligned rows happen by chance (a heading and a date); three rarely do. */
export const ALIGNED_ROWS_MIN = 3;
/** Column edges agree within this many ems: glyph side bearings differ by a fraction. */
const ALIGN_TOLERANCE_EM = 0.3;
/** Share of a column's rows that must agree on a left, right or centre edge. */
const ALIGNED_ROW_FRACTION_MIN = 0.6;
/** Table cells are short: a label, a number. Lines of prose run 6–15 words. */
const CELL_WORDS_MEDIAN_MAX = 5;
/** One descriptive column is fine; a column of prose lines is a text column. */
const COLUMN_WORDS_MEDIAN_MAX = 8;
/** The same limits in characters, for scripts without spaces and text in unmapped fonts. */
const CELL_CHARS_MEDIAN_MAX = 30;
const COLUMN_CHARS_MEDIAN_MAX = 60;
/** A first column of labels this short before text this long is a list's hanging markers. */
const HANGING_MARKER_CHARS_MAX = 3;
const HANGING_TEXT_CHARS_MIN = 30;
/** Code listings align their comments in a column; the code renderer keeps them verbatim. */
const MONOSPACE_SHARE_MAX = 0.5;
/** Justified prose fills its column on nearly every line; table cells rarely do. */
const PROSE_FILL_RATIO_MIN = 0.9;
const PROSE_FULL_ROW_FRACTION_MIN = 0.8;
/** ... or, where two of its lines or more end in a word broken by a hyphen, this share. */
const PROSE_FULL_ROW_FRACTION_HYPHENATED_MIN = 0.6;
const PROSE_BROKEN_WORDS_MIN = 2;
const BROKEN_WORD_END = /\p{Ll}-$/u;
/** ... and has several words per line, where a column of equal-width numbers has one. */
const PROSE_WORDS_MEDIAN_MIN = 3;

/** A figure with a decimal point, "0.5", "12.50": shaped like a section number "2.3". */
const DECIMAL_FIGURE = /^\d{1,3}(?:\.\d{1,3})+$/;
/** A cell that is a figure: an amount, a measure, a share ("0.502", "1,250", "-3.2", "0.4%"). */
const FIGURE_CELL = /^[-+−]?[$€£¥]?\d[\d.,]*%?$/;
/** Section numbers count up on most rows ("2.1", "2.2", "3", "3.1"); a column of figures
 *  rarely steps by one in its last place, and at most by chance on a few rows. */
const COUNTING_UP_SHARE_MIN = 0.5;
/** A table of figures has a column of figures besides its first on nearly every row. */
const FIGURE_ROWS_SHARE_MIN = 0.8;
/** A cell that is only a list marker: `1.`, `a)`, `(iv)`, `4-`, `2.3`, a bullet. */
const LIST_MARKER = /^(?:[([]?(?:\d{1,3}|[a-z]|[ivxlcdm]{1,6})[.)\]-]|\d{1,3}(?:\.\d{1,3})+\.?|[•◦▪▫‣⁃∙·●○■□►▶➢✓✔–—*+-])$/i;
/** A bulleted cell's text after its bullet: a space, then words. */
const TEXT_AFTER_BULLET = /^\s+\p{L}/u;
/** Rows of bulleted cells, under a row of titles, that make lists side by side. */
const BULLETED_ROWS_MIN = 2;
/** Dot leaders belong to tables of contents and indexes, which read better as lines. */
const LEADER_COLUMNS_MAX = 3;
const LEADER_DOTS = /(?:\.\s?){5,}|…{2,}/;
const LEADER_RUN = /(?:\.\s?){3,}|…{2,}/g;

// runLooksTabular's callbacks, made once here rather than on each call: a closure made per
// call loses its optimised code at each full garbage collection (V8 holds it only through
// the dead closures), and was compiled again a few passes later, every time.
const rowEm = (r: TextRow) => r.em;
const textWithoutLeaders = (p: Piece) => dropLeaderRuns(pieceText(p)).trim();
const startsWithListMarker = (r: TextRow) => LIST_MARKER.test(pieceText(firstReadCell(r)));
const hasHangingMarker = (r: TextRow) => pieceText(r.cells[0]).length <= HANGING_MARKER_CHARS_MAX;
const secondCellLength = (r: TextRow) => pieceText(r.cells[1]).length;
const pieceHasLeader = (p: Piece) => LEADER_DOTS.test(pieceText(p));
const rowHasLeader = (r: TextRow) => r.cells.some(pieceHasLeader);

/** The median of `value` over the rows, its values in an array made by push. Not map: map's
 *  array is packed from the built-in and holey from its optimised inlined form, and median
 *  (insertionSorted, selectedMedian) met the other kind once runLooksTabular ran optimised (the
 *  second pass of a process), to be deoptimised ('wrong map') and compiled again. */
function medianOf(run: readonly TextRow[], value: (r: TextRow) => number): number {
  const values: number[] = [];
  for (let r = 0; r < run.length; r++) values.push(value(run[r]));
  return median(values);
}

/** Text with LEADER_RUN's runs made one space each; the pattern is tried only on text that
 *  holds a dot or an ellipsis, which every leader needs (most cells hold neither). */
function dropLeaderRuns(text: string): string {
  if (text.indexOf(".") < 0 && text.indexOf("…") < 0) return text;
  return text.replace(LEADER_RUN, " ");
}

/** The row's cell read first: its leftmost, or its rightmost where the row reads right to left
 * (an Arabic invoice's items table has its amounts on the left, "370.00" a marker's shape). */
function firstReadCell(row: TextRow): Piece {
  const cells = row.cells;
  if (cells.length < 2) return cells[0];
  // isRtlText asks for a right-to-left letter first: rows without one (nearly all) are left
  // to right with no joined text built.
  let anyRtl = false;
  for (let c = 0; c < cells.length && !anyRtl; c++) anyRtl = hasRtl(pieceText(cells[c]));
  if (!anyRtl) return cells[0];
  let text = "";
  for (const cell of cells) text += pieceText(cell);
  return isRtlText(text) ? cells[cells.length - 1] : cells[0];
}

// Loops rather than closures over the column: a closure made per call loses its optimised
// code at each full garbage collection, and was compiled again every few passes. A column is
// read from the run's rows where it is asked, not copied into an array of its cells first.

/** What `agree` reads of a column's cells: their left edges, right edges or centres. */
const LEFT_EDGES = 0;
const RIGHT_EDGES = 1;
const CENTRES = 2;

function columnEdges(run: readonly TextRow[], c: number, edge: number): number[] {
  const values: number[] = [];
  for (let r = 0; r < run.length; r++) {
    const p = run[r].cells[c];
    values.push(edge === LEFT_EDGES ? p.x0 : edge === RIGHT_EDGES ? p.x1 : (p.x0 + p.x1) / 2);
  }
  return values;
}

/** Whether enough of column c's cells (`agreeing`) share a left edge, a right edge or a centre. */
function columnAligned(run: readonly TextRow[], c: number, tolerance: number, agreeing: number): boolean {
  return (
    agree(columnEdges(run, c, LEFT_EDGES), tolerance) >= agreeing ||
    agree(columnEdges(run, c, RIGHT_EDGES), tolerance) >= agreeing ||
    agree(columnEdges(run, c, CENTRES), tolerance) >= agreeing
  );
}

function countAtLeastWide(run: readonly TextRow[], c: number, width: number): number {
  let n = 0;
  for (let r = 0; r < run.length; r++) {
    const p = run[r].cells[c];
    if (p.x1 - p.x0 >= width) n++;
  }
  return n;
}

/** BROKEN_WORD_END.test(text), tried only where the text ends with its hyphen: a pattern
 *  anchored at the end alone is tried from each character of every cell of a run of prose. */
function endsBroken(text: string): boolean {
  return text.charCodeAt(text.length - 1) === HYPHEN_MINUS && BROKEN_WORD_END.test(text);
}
const HYPHEN_MINUS = 0x2d;

/** One column of a run may hold a line of description a row (a minutes' action, an item's
 *  specification) of up to this many words and characters (median), where every other column,
 *  at least DESCRIBED_COLUMNS_MIN of them, holds a few words at most (SHORT_COLUMN_WORDS_MAX):
 *  an owner and a due date, a number and a price. Two flows of text side by side have no such
 *  columns of short cells beside them. */
const DESCRIPTION_WORDS_MEDIAN_MAX = 16;
const DESCRIPTION_CHARS_MEDIAN_MAX = 100;
const DESCRIBED_COLUMNS_MIN = 2;
const SHORT_COLUMN_WORDS_MAX = 3;
/** A description that ends a sentence, a clause or a bracketed or quoted phrase: the next
 *  row's may start in any case. */
const DESCRIPTION_ENDS = /[.!?:;)\]”"']$/u;
/** A row's description that starts its own: a capital, a figure, a quote or a bracket. */
const STARTS_CAPITAL_OR_FIGURE = /^[\p{Lu}\p{N}"“‘'(\[]/u;

/** Whether column `c` (of medians `wordsMedian`, `charsMedian`) is the run's one column of
 *  descriptions beside columns of short cells (DESCRIPTION_WORDS_MEDIAN_MAX). */
function describesBesideShortColumns(run: readonly TextRow[], k: number, c: number, wordsMedian: number, charsMedian: number): boolean {
  if (k - 1 < DESCRIBED_COLUMNS_MIN || wordsMedian > DESCRIPTION_WORDS_MEDIAN_MAX || charsMedian > DESCRIPTION_CHARS_MEDIAN_MAX) return false;
  // Each row's description is its own: one running on into the next row's ("… in the early
  // nineteenth" | "century. It links …") is a flow of text beside the short cells (a wiki's
  // infobox beside its article).
  for (let r = 0; r + 1 < run.length; r++) {
    const text = textWithoutLeaders(run[r].cells[c]).trimEnd();
    if (!DESCRIPTION_ENDS.test(text) && !STARTS_CAPITAL_OR_FIGURE.test(textWithoutLeaders(run[r + 1].cells[c]).trimStart())) return false;
  }
  for (let other = 0; other < k; other++) {
    if (other === c) continue;
    const words: number[] = [];
    for (const row of run) words.push(countWords(textWithoutLeaders(row.cells[other])));
    if (median(words) > SHORT_COLUMN_WORDS_MAX) return false;
  }
  return true;
}

export function runLooksTabular(rows: TextRow[], start: number, end: number): boolean {
  const run = rows.slice(start, end);
  const k = run[0].cells.length;
  const tolerance = ALIGN_TOLERANCE_EM * medianOf(run, rowEm);
  const agreeing = Math.max(ALIGNED_ROWS_MIN, Math.ceil(ALIGNED_ROW_FRACTION_MIN * run.length));
  const allWords: number[] = [];
  const allChars: number[] = [];
  let proseColumns = 0;
  // A questionnaire: one column repeats the same few answer words on most rows ("yes no"),
  // so the questions beside it may run as long as sentences. Asked only where a column's or
  // the run's words would otherwise fail it (null: not asked yet): a run that fails on its
  // columns' alignment, or whose cells are short, never needs it.
  let choices: boolean | null = null;
  for (let c = 0; c < k; c++) {
    if (!columnAligned(run, c, tolerance, agreeing)) return false;
    // The column's words and characters, its extent, and its words broken at a line's end,
    // in one reading of its cells. Leaders are no words: "Robbery . . . . . ." is a one-word
    // label.
    const words: number[] = [];
    const chars: number[] = [];
    let broken = 0;
    let x0 = Infinity;
    let x1 = -Infinity;
    for (let r = 0; r < run.length; r++) {
      const cell = run[r].cells[c];
      const text = textWithoutLeaders(cell);
      words.push(countWords(text));
      chars.push(text.length);
      // Words broken at a line's end are prose's: a table's cells are not hyphenated to fill
      // (multicol's three columns of justified text: "param-", "com-").
      if (endsBroken(text)) broken++;
      x0 = Math.min(x0, cell.x0);
      x1 = Math.max(x1, cell.x1);
    }
    const wordsMedian = median(words);
    const charsMedian = median(chars);
    if ((wordsMedian > COLUMN_WORDS_MEDIAN_MAX || charsMedian > COLUMN_CHARS_MEDIAN_MAX) && !(choices ??= hasChoiceColumn(run, k)) && !describesBesideShortColumns(run, k, c, wordsMedian, charsMedian)) return false;
    for (let r = 0; r < words.length; r++) {
      allWords.push(words[r]);
      allChars.push(chars[r]);
    }
    const full = countAtLeastWide(run, c, PROSE_FILL_RATIO_MIN * (x1 - x0));
    const fullShare = broken >= PROSE_BROKEN_WORDS_MIN ? PROSE_FULL_ROW_FRACTION_HYPHENATED_MIN : PROSE_FULL_ROW_FRACTION_MIN;
    if (full >= fullShare * run.length && wordsMedian >= PROSE_WORDS_MEDIAN_MIN) {
      proseColumns++;
    }
  }
  if ((median(allWords) > CELL_WORDS_MEDIAN_MAX || median(allChars) > CELL_CHARS_MEDIAN_MAX) && !(choices ??= hasChoiceColumn(run, k))) return false;
  if (proseColumns === k || (monospaceShare(run) > MONOSPACE_SHARE_MAX && !hasTextHeader(run, k))) return false;
  // Code with its comments aligned in a column, the comments in the text face (R-ints'
  // "int callflag;" | "/* The context ‘type’ */"): a listing.
  if (hasCommentColumn(run, k)) return false;
  // A numbered or bulleted list lays its markers out as a column of its own; markers the
  // pattern misses (unmapped fonts, unusual glyphs) still show as tiny labels before long text.
  if (run.every(startsWithListMarker) && !isFigureColumn(run)) return false;
  if (isListOverLine(run)) return false;
  // Lists side by side (an Impress slide's two content boxes, each a title over its bullets)
  // put a bullet before every cell under the titles: their items are read column by column.
  if (bulletedColumns(run, k)) return false;
  // A list beside a paragraph (an Impress slide's two content boxes, bullets left, text right):
  // the paragraph's wrapped lines fall in the list's rows.
  if (listBesideProse(run, k)) return false;
  if (k === 2 && run.every(hasHangingMarker)) {
    if (medianOf(run, secondCellLength) >= HANGING_TEXT_CHARS_MIN) return false;
  }
  // An index set in columns without leaders (LaTeX's theindex, Sphinx's): each column's
  // entries end in their page numbers after a comma, row by row at one leading.
  if (isIndexColumns(run, k)) return false;
  // A contents page or an index: a title, maybe a number, leaders and a page number. A
  // statistical table also leads its row labels to the first of many number columns.
  return k > LEADER_COLUMNS_MAX || !run.some(rowHasLeader);
}

/** In an index's column, this share of the cells at least are such entries: the others are
 *  an entry's head over its subentries ("wc" over "command, 84") or a wrapped entry's
 *  second line. */
const INDEX_ENTRY_SHARE_MIN = 0.5;

/**
 * Columns of an index side by side (why3's Sphinx index: "eliminate_if, 147" |
 * "split_premise, 157", row by row at one leading): every column holds index entries ending
 * in their pages after a comma on INDEX_ENTRY_SHARE_MIN of its rows, ALIGNED_ROWS_MIN rows
 * at least. The page's columns are read one after the other. A table with one such column
 * ("Paris, 1889" beside what was built there) is left a table: each of its columns must be.
 */
function isIndexColumns(run: readonly TextRow[], k: number): boolean {
  if (k < 2) return false;
  for (let c = 0; c < k; c++) {
    let entries = 0;
    let filled = 0;
    for (let r = 0; r < run.length; r++) {
      const text = pieceText(run[r].cells[c]).trim();
      if (text.length === 0) continue;
      filled++;
      if (endsInIndexPages(text)) entries++;
    }
    if (entries < ALIGNED_ROWS_MIN || entries < INDEX_ENTRY_SHARE_MIN * filled) return false;
  }
  return true;
}

/** A list's items at least this many rows above the line that ends the run. */
const LIST_OVER_LINE_ITEMS_MIN = 2;

/**
 * A bulleted list over a line of text that runs across the list's marker column (a CV's
 * "• Surveyed forty hulls a year" … "• Trained six new inspectors" over the next job's
 * "Design Engineer", its words stretched apart where the bullets' gutter is): the list's rows
 * and a line after it, not a table of two columns. Every row but the last starts with a
 * bullet (LIST_OVER_LINE_ITEMS_MIN of them at least); the last row's first cell starts left
 * of every bullet and ends right of them all, and stands closer to the cell after it than
 * any bullet to its text (a totals row's "Total" stands apart from its figure).
 */
function isListOverLine(run: readonly TextRow[]): boolean {
  if (run.length <= LIST_OVER_LINE_ITEMS_MIN) return false;
  const last = run[run.length - 1];
  if (last.cells.length < 2 || startsWithListMarker(last)) return false;
  let markerX0 = Infinity;
  let markerX1 = -Infinity;
  let markerGap = Infinity;
  for (let i = 0; i < run.length - 1; i++) {
    const row = run[i];
    if (row.cells.length < 2 || !startsWithListMarker(row)) return false;
    markerX0 = Math.min(markerX0, row.cells[0].x0);
    markerX1 = Math.max(markerX1, row.cells[0].x1);
    markerGap = Math.min(markerGap, row.cells[1].x0 - row.cells[0].x1);
  }
  const line = last.cells[0];
  return line.x0 < markerX0 && line.x1 > markerX1 && last.cells[1].x0 - line.x1 < markerGap;
}

/**
 * A first column of decimal figures beside a column of figures (a calibration table's
 * "0.5 | 0.502 | 0.498", a price list's "12.50 | Rye bread | 0.75"): a table, though each
 * figure has a section number's shape. Section numbers count up from row to row ("2.1",
 * "2.2", "2.3"); figures do not.
 */
function isFigureColumn(run: readonly TextRow[]): boolean {
  const firstCells: Piece[] = [];
  const first: string[] = [];
  for (const row of run) {
    const cell = firstReadCell(row);
    const text = pieceText(cell).trim();
    if (!DECIMAL_FIGURE.test(text)) return false;
    firstCells.push(cell);
    first.push(text);
  }
  return !countsUp(first) && hasOtherFigureColumn(run, firstCells);
}

/** Whether most entries follow the one before as numbered sections do. */
function countsUp(numbers: readonly string[]): boolean {
  let steps = 0;
  for (let i = 1; i < numbers.length; i++) if (isNextSectionNumber(numbers[i - 1], numbers[i])) steps++;
  return steps >= COUNTING_UP_SHARE_MIN * (numbers.length - 1);
}

/** "2.3" is followed by "2.4", "2.3.1", "3" or "3.1" (or "3.0"), in numbered sections. */
function isNextSectionNumber(before: string, after: string): boolean {
  const a = before.split(".").map(Number);
  const b = after.split(".").map(Number);
  const last = b.length - 1;
  if (b.length === a.length + 1) return a.every((n, i) => n === b[i]) && b[last] <= 1;
  for (let i = 0; i < b.length; i++) {
    if (i < a.length && b[i] === a[i] + 1) return b.slice(i + 1).every((n) => n <= 1);
    if (i >= a.length || b[i] !== a[i]) return false;
  }
  return false;
}

/** Some column other than the first read (`firstCells`, a row's each) holds figures on nearly
 *  every row. */
function hasOtherFigureColumn(run: readonly TextRow[], firstCells: readonly Piece[]): boolean {
  const k = run[0].cells.length;
  for (let c = 0; c < k; c++) {
    let figures = 0;
    for (let r = 0; r < run.length; r++) {
      const cell = run[r].cells[c];
      if (cell !== firstCells[r] && FIGURE_CELL.test(pieceText(cell).trim())) figures++;
    }
    if (figures >= FIGURE_ROWS_SHARE_MIN * run.length) return true;
  }
  return false;
}

/** Every column is a title over a list: the first row's cells start with no bullet, every
 *  cell of the rows under them with a bullet and its text, and there are enough such rows to
 *  be lists. Bullets in every row, titles missing, are a multicol's list of short items
 *  (schule's packages, four columns of one word each) set row by row, whose columns do not
 *  read as lists of their own. */
function bulletedColumns(run: readonly TextRow[], k: number): boolean {
  if (run.length - 1 < BULLETED_ROWS_MIN) return false;
  for (let c = 0; c < k; c++) if (isBulletedCell(run[0].cells[c])) return false;
  for (let c = 0; c < k; c++) {
    // Where the item's text starts after its bullet, in this column: its wrapped lines hang there.
    let hang = NaN;
    for (let r = 1; r < run.length; r++) {
      const cell = run[r].cells[c];
      if (isBulletedCell(cell)) hang = bulletTextX(cell);
      else if (!hangsUnderItem(cell, hang, run[r].em)) return false;
    }
  }
  return true;
}

/** A bulleted item's wrapped line hangs at its text within this many ems (an Impress two-content
 *  slide's "• Fuel surcharge" over "doubled", each column's items wrapping at its box). */
const ITEM_HANG_EMS = 0.5;

/** Whether `cell`, with no bullet, is the wrapped line of the item above it in its column: it
 *  starts at the item's text (`hang`, NaN where no item stands above), in a small letter or a
 *  capital (a word, not a figure or a sign). */
function hangsUnderItem(cell: Piece, hang: number, em: number): boolean {
  return !Number.isNaN(hang) && Math.abs(cell.x0 - hang) <= ITEM_HANG_EMS * em && /^\s*\p{L}/u.test(pieceText(cell));
}

/** Where a bulleted cell's text starts, right of its bullet: its first span after the bullet's. */
function bulletTextX(cell: Piece): number {
  for (const item of cell.items) if (/\p{L}/u.test(item.span.text) && item.span.x0 > cell.x0) return item.span.x0;
  return NaN;
}

/** A sentence runs on from one line to the next: the first ends in a word (no stop, colon
 *  or semicolon), the next starts with a small letter. */
const RUNS_ON_END = /[\p{L},]\s*$/u;
const RUNS_ON_START = /^\s*\p{Ll}/u;

/** One column a list, every cell a bullet and its text, and another a paragraph wrapped over
 *  the rows, a sentence running on from one cell to the next and no cell bulleted: a list and
 *  a paragraph side by side ("• Chains: 2,900 EUR" | "The board should ask for two" over
 *  "• Slipway: 18,500 EUR" | "quotes before the summer."), no table. */
function listBesideProse(run: readonly TextRow[], k: number): boolean {
  // A column of bullets first, each column left at its first cell without one: most runs have
  // none, and their cells' sentences need not be read.
  let list = false;
  for (let c = 0; c < k && !list; c++) list = everyCellBulleted(run, c);
  if (!list) return false;
  let prose = false;
  for (let c = 0; c < k; c++) {
    let bulleted = 0;
    let runsOn = false;
    for (let r = 0; r < run.length; r++) {
      const cell = run[r].cells[c];
      if (isBulletedCell(cell)) bulleted++;
      if (r > 0 && RUNS_ON_END.test(pieceText(run[r - 1].cells[c])) && RUNS_ON_START.test(pieceText(cell))) runsOn = true;
    }
    if (bulleted === run.length) list = true;
    else if (bulleted === 0 && runsOn) prose = true;
  }
  return list && prose;
}

function everyCellBulleted(run: readonly TextRow[], c: number): boolean {
  for (const row of run) if (!isBulletedCell(row.cells[c])) return false;
  return true;
}

/** A cell that is a list's item: a bullet glyph (in any font bullet_glyphs.ts knows, Impress's
 *  OpenSymbol at U+F095 too), then its words. */
function isBulletedCell(piece: Piece): boolean {
  const head = piece.items[0]?.span;
  if (!head) return false;
  const text = pieceText(piece);
  const cp = text.codePointAt(0);
  return cp !== undefined && isBulletGlyph(cp, head.font) && TEXT_AFTER_BULLET.test(text.slice(cp > 0xffff ? 2 : 1));
}

/** A column of answer choices: at least this share of its cells start with the same words. */
const CHOICE_ROWS_SHARE_MIN = 0.8;
/** ... compared on their first this many words ("yes no", then "what?____" or "how much?"). */
const CHOICE_WORDS_MAX = 2;

/** Whether `n` of a run's `rows` are enough to make a column of answer choices. */
function enoughChoices(n: number, rows: number): boolean {
  return n >= CHOICE_ROWS_SHARE_MIN * rows && n >= ALIGNED_ROWS_MIN;
}

function hasChoiceColumn(run: TextRow[], k: number): boolean {
  for (let c = 1; c < k; c++) {
    const counts = new Map<string, number>();
    let most = 0;
    for (let r = 0; r < run.length; r++) {
      // Left once no answer can come up often enough in the rows still to read: a column of
      // prose, whose first words differ from row to row, is read a fifth of the way down.
      if (!enoughChoices(most + run.length - r, run.length)) break;
      // Choices may be followed by a blank to fill in ("no what?____"): their first words count.
      const key = firstWords(pieceText(run[r].cells[c]), CHOICE_WORDS_MAX).toLowerCase();
      if (key === "" || /_{3,}/.test(key)) continue;
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      if (n > most) most = n;
    }
    if (enoughChoices(most, run.length)) return true;
  }
  return false;
}

/** The first `n` words of `text`, a space between each: what splitting the whole text at
 * white space would give, without the array of every word of a column of prose (a
 * two-column page's rows are asked this as a run of two columns). Read unit by unit
 * (isSpaceCode is the white space of \s), with no match array made per word. */
function firstWords(text: string, n: number): string {
  let words = "";
  let at = 0;
  for (let i = 0; i < n; i++) {
    while (at < text.length && isSpaceCode(text.charCodeAt(at))) at++;
    if (at >= text.length) break;
    const start = at;
    while (at < text.length && !isSpaceCode(text.charCodeAt(at))) at++;
    const word = text.slice(start, at);
    words = i === 0 ? word : `${words} ${word}`;
  }
  return words;
}

/** A header cell is a few words: "storage.mode", "Fortran type". */
const HEADER_CELL_WORDS_MAX = 4;

/**
 * A table of values in the code face under a header row in the text face, bold or italic, a
 * cell over every column (R-lang's "typeof | mode | storage.mode" over "logical  logical
 * logical"): a listing's aligned output has no such row.
 */
function hasTextHeader(run: TextRow[], k: number): boolean {
  const header = run[0];
  if (header.cells.length !== k) return false;
  for (const cell of header.cells) {
    const text = pieceText(cell).trim();
    if (text === "" || countWords(text) > HEADER_CELL_WORDS_MAX) return false;
    for (const { span } of cell.items) if (span.monospace || !(span.bold || span.italic)) return false;
  }
  return monospaceShare(run.slice(1)) > MONOSPACE_SHARE_MAX;
}

/** Whether the last column's cells all open comments after a first column in the code face. */
function hasCommentColumn(run: TextRow[], k: number): boolean {
  if (k < 2) return false;
  return run.every((row) => COMMENT_START.test(pieceText(row.cells[k - 1])) && row.cells[0].items.every(({ span }) => span.monospace || isBlankText(span.text)));
}

function monospaceShare(run: TextRow[]): number {
  let mono = 0;
  let all = 0;
  for (const row of run) {
    for (const cell of row.cells) {
      for (const { span } of cell.items) {
        all += span.text.length;
        if (span.monospace) mono += span.text.length;
      }
    }
  }
  return all > 0 ? mono / all : 0;
}

/** How many values sit within `tolerance` of their median. */
function agree(values: number[], tolerance: number): number {
  const m = median(values);
  let n = 0;
  // Indexed: the iterator's results were a visible share of the tables' garbage.
  for (let i = 0; i < values.length; i++) if (Math.abs(values[i] - m) <= tolerance) n++;
  return n;
}

function countWords(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

/** A contents page's column of page numbers: each text one number or, for an entry's wrapped
 *  lines, a few, none going down (amsldoc's chapters set apart at one pitch, a two-column
 *  page's contents column). */
export function pageNumbersNeverGoDown(texts: readonly string[]): boolean {
  let page = -1;
  for (const text of texts) {
    for (const number of text.trim().split(/\s+/)) {
      if (!PAGE_NUMBER.test(number) || Number(number) < page) return false;
      page = Number(number);
    }
  }
  return true;
}
const PAGE_NUMBER = /^\d{1,4}$/;
