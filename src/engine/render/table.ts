// A detected table as Markdown, in the form the `tables` option asks for (DECISIONS.md):
// `gfm` pipe tables, `html` tables, or `off`: each row as a paragraph of its cells' text.
import type { Line, Span } from "../model.js";
import { isRtlCode, isRtlText } from "../layout/bidi.js";
import { lineText } from "../layout/lines.js";
import { isBlankText } from "../layout/whitespace.js";
import type { Table, TableCell } from "../tables/detect.js";
import { type CellParagraph, cellParagraphs, isOneParagraph } from "./cell_lines.js";
import { collapseWhitespace } from "./inline.js";

/** Markdown of lines joined as one run of text (emphasis, links, escaping), from markdown.ts;
 * `plainStyle`: without emphasis, the style being the row's (a header row set bold). */
export type InlineRenderer = (lines: Line[], plainStyle?: boolean) => string;
/** Unescaped text of lines joined with spaces; HTML cells escape it themselves. */
export type PlainRenderer = (lines: Line[]) => string;

// Made once here rather than on each call: a closure made per call loses its optimised code
// at each full garbage collection, and was compiled again every few passes.
const widestRow = (n: number, row: readonly TableCell[]) => Math.max(n, row.length);
// isBlankText, not `trim() === ""`: the same test, with no trimmed copy of each span's text.
const isBlankSpan = (span: Span) => isBlankText(span.text);

/** `mayHoldRtl`: false where the extractor read every character of the document's pages and
 *  found no right-to-left letter (DocumentStats.rightToLeft): no cell's text is then read
 *  for one. */
export function renderTable(
  table: Table,
  mode: "gfm" | "html" | "off",
  inline: InlineRenderer,
  plain: PlainRenderer = plainText,
  mayHoldRtl = true,
): string {
  const width = table.rows.reduce(widestRow, 0);
  if (width === 0) return "";
  // A right-to-left table's first column is its rightmost: columns in reading order.
  // Most tables hold no right-to-left letter: only those pay for joining their text.
  const rtl = mayHoldRtl && anyRtl(table) && isRtlText(table.rows.flat().flatMap((cell) => cell.lines.map(lineText)).join(" "));
  // Loops here and in columnAlignments, not closures: a closure made per call loses its
  // optimised code at each full garbage collection, and was compiled again every few passes.
  const rows: TableCell[][] = [];
  for (const row of table.rows) rows.push(rtl ? padRow(row, width).slice().reverse() : padRow(row, width));
  switch (mode) {
    case "gfm":
      return renderGfm(rows, inline, rtl ? unalignedColumns(rows[0].length) : columnAlignments(rows));
    case "html":
      return renderHtml(rows, table.headerRows > 0, plain);
    case "off":
      return renderOff(rows, inline);
  }
}

function anyRtl(table: Table): boolean {
  for (const row of table.rows) for (const cell of row) for (const line of cell.lines) for (const span of line.spans) if (hasRtlUnit(span.text)) return true;
  return false;
}

/** bidi.ts's hasRtl, its pattern read unit by unit: asked of every span of every table, whose
 *  few characters cost less to read than the pattern's call. */
function hasRtlUnit(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x0590 && isRtlCode(code)) return true;
  }
  return false;
}

function padRow(row: TableCell[], width: number): TableCell[] {
  if (row.length === width) return row;
  const out = row.slice();
  while (out.length < width) out.push({ lines: [] });
  return out;
}

/** GFM has no header-less table, so the first row is the header whatever `headerRows` says.
 * A header row set bold throughout is bold as a header already: its cells lose the `**`. A
 * header with a bold label beside plain text (an invoice's "Invoice number | 2024-0317")
 * keeps its emphasis, as body rows do. */
function renderGfm(rows: TableCell[][], inline: InlineRenderer, alignments: readonly string[]): string {
  const out = [gfmRow(rows[0], inline, rows[0].every(isBoldOrEmpty)), "| " + alignments.join(" | ") + " |"];
  for (let r = 1; r < rows.length; r++) out.push(gfmRow(rows[r], inline, false));
  return out.join("\n");
}

/** One row of a GFM table (a function of the module: a closure made per table loses its
 *  optimised code at each full garbage collection, and was compiled again every few passes). */
function gfmRow(row: readonly TableCell[], inline: InlineRenderer, plainStyle: boolean): string {
  const cells: string[] = [];
  for (const cell of row) cells.push(gfmCell(cell, inline, plainStyle));
  return "| " + cells.join(" | ") + " |";
}

/** Body lines whose right edges (or centres) lie within this many ems of each other are set
 * against one edge (about one centre): a column of figures set flush right. */
const ALIGN_TOLERANCE_EMS = 0.25;
/** A column is aligned only when its body shows it in this many lines at least. */
const ALIGN_LINES_MIN = 2;

/** n columns' GFM delimiters with no alignment (a right-to-left table's). Pushed in a loop, as
 *  columnAlignments' are: `map` made a holey array where it ran optimised, and renderGfm,
 *  given both kinds, was thrown away ("wrong map") and compiled again. */
function unalignedColumns(n: number): string[] {
  const alignments: string[] = [];
  for (let c = 0; c < n; c++) alignments.push("---");
  return alignments;
}

/**
 * Each column's GFM delimiter: `---:` where the body's lines end at one x and start at
 * several (figures set flush right), `:---:` where they share a centre but neither edge, else
 * `---`. The header row is left out: headers are often centred over any column.
 */
function columnAlignments(rows: readonly TableCell[][]): string[] {
  const alignments: string[] = [];
  for (let c = 0; c < rows[0].length; c++) alignments.push(columnAlignment(rows, c));
  return alignments;
}

/** The spread of xs: its largest less its smallest (a loop: spreading a long column's values
 *  into Math.max and Math.min copied them twice into arguments). */
function spreadOf(xs: readonly number[]): number {
  let hi = -Infinity;
  let lo = Infinity;
  for (let i = 0; i < xs.length; i++) {
    hi = Math.max(hi, xs[i]);
    lo = Math.min(lo, xs[i]);
  }
  return hi - lo;
}
const hasText = (line: Line) => !line.spans.every(isBlankSpan);
const leftOf = (line: Line) => line.x0;
const rightOf = (line: Line) => line.x1;

/** Column c's GFM delimiter (columnAlignments); a function of its own, not a closure made per
 *  table, whose optimised code a full garbage collection would drop with the closures. */
function columnAlignment(rows: readonly TableCell[][], c: number): string {
  const lefts: number[] = [];
  const rights: number[] = [];
  let em = 0;
  for (let r = 1; r < rows.length; r++) {
    for (const line of rows[r][c]?.lines ?? []) {
      if (line.spans.every(isBlankSpan)) continue;
      lefts.push(line.x0);
      rights.push(line.x1);
      for (const span of line.spans) em = Math.max(em, span.size);
    }
  }
  if (lefts.length < ALIGN_LINES_MIN) return "---";
  const tolerance = ALIGN_TOLERANCE_EMS * em;
  const left = spreadOf(lefts);
  const right = spreadOf(rights);
  if (left > tolerance) {
    if (right <= tolerance) return "---:";
    const centres: number[] = [];
    for (let i = 0; i < lefts.length; i++) centres.push((lefts[i] + rights[i]) / 2);
    return spreadOf(centres) <= tolerance ? ":---:" : "---";
  }
  // Body lines of one width (an invoice's quantities, 1 and 2) say nothing by themselves:
  // a wider header over them shows which edge they keep.
  if (right > tolerance) return "---";
  const header = rows[0][c]?.lines.filter(hasText) ?? [];
  if (header.length === 0) return "---";
  const hx0 = Math.min(...header.map(leftOf));
  const hx1 = Math.max(...header.map(rightOf));
  // Only a right edge is read so: a header centred over a column shares no edge with it.
  return Math.abs(hx0 - lefts[0]) > tolerance && Math.abs(hx1 - rights[0]) <= tolerance ? "---:" : "---";
}

function isBoldOrEmpty(cell: TableCell): boolean {
  for (const line of cell.lines) for (const span of line.spans) if (!span.bold && !isBlankText(span.text)) return false;
  return true;
}

/** The text a bulleted paragraph of a cell starts with. */
const CELL_BULLET = "• ";

function gfmCell(cell: TableCell, inline: InlineRenderer, plainStyle: boolean): string {
  if (cell.lines.length === 0) return "";
  // A line break would end the table row; <br> is GFM's way to keep one inside a cell.
  // Most cells are one line, one paragraph with no bullet (cellParagraphs' first answer),
  // whose inline text holds no line break: nothing to make, join or replace.
  const text = isOneParagraph(cell.lines) ? inline(cell.lines, plainStyle).trim() : cellText(cell.linesApart ? linesApart(cell.lines) : cellParagraphs(cell.lines), inline, plainStyle);
  const escaped = escapePipes(text);
  return escaped.indexOf("\n") < 0 ? escaped : escaped.replace(/[ \t]*\r?\n[ \t]*/g, "<br>");
}

/** A cell whose lines stand apart (TableCell.linesApart) as paragraphs of one line each. */
function linesApart(lines: readonly Line[]): CellParagraph[] {
  const out: CellParagraph[] = [];
  for (const line of lines) out.push({ lines: [line], bullet: false });
  return out;
}

/** The cell's paragraphs' inline text, one line each. */
function cellText(paragraphs: readonly CellParagraph[], inline: InlineRenderer, plainStyle: boolean): string {
  // Joined here, not by map and join: map's array is packed from the built-in and holey from
  // its optimised inlined form, and join met the other kind once cellText was optimised
  // ("wrong map": compiled again a pass later).
  let text = "";
  for (let k = 0; k < paragraphs.length; k++) text += (k === 0 ? "" : "\n") + cellParagraph(paragraphs[k], inline, plainStyle);
  return text;
}

function cellParagraph(p: CellParagraph, inline: InlineRenderer, plainStyle: boolean): string {
  return (p.bullet ? CELL_BULLET : "") + inline(p.lines, plainStyle).trim();
}

/**
 * Escapes every `|` not already escaped. The inline renderer escapes a pipe that starts a
 * block as `\|`; escaping it again would give `\\|`, a literal backslash and a cell border.
 */
export function escapePipes(text: string): string {
  if (!text.includes("|")) return text;
  let out = "";
  let backslashes = 0;
  for (const ch of text) {
    if (ch === "|" && backslashes % 2 === 0) out += "\\";
    out += ch;
    backslashes = ch === "\\" ? backslashes + 1 : 0;
  }
  return out;
}

function renderHtml(rows: TableCell[][], header: boolean, plain: PlainRenderer): string {
  const row = (cells: TableCell[], tag: "th" | "td") =>
    "<tr>" + cells.map((cell) => `<${tag}>${htmlCell(cell, plain)}</${tag}>`).join("") + "</tr>";
  const out = ["<table>"];
  const bodyStart = header ? 1 : 0;
  if (header) out.push("<thead>", row(rows[0], "th"), "</thead>");
  if (rows.length > bodyStart) {
    out.push("<tbody>");
    for (let r = bodyStart; r < rows.length; r++) out.push(row(rows[r], "td"));
    out.push("</tbody>");
  }
  out.push("</table>");
  return out.join("\n");
}

function htmlCell(cell: TableCell, plain: PlainRenderer): string {
  if (cell.lines.length === 0) return "";
  // A blank line would end the Markdown HTML block early, so no newlines survive.
  return (cell.linesApart ? linesApart(cell.lines) : cellParagraphs(cell.lines))
    .map((p) => escapeHtml((p.bullet ? CELL_BULLET : "") + collapseWhitespace(plain(p.lines)).trim()))
    .join("<br>");
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

/** One paragraph per row, so rows stay apart in the Markdown; empty rows are skipped. */
function renderOff(rows: TableCell[][], inline: InlineRenderer): string {
  const paragraphs: string[] = [];
  for (const row of rows) {
    const texts = row.filter((cell) => cell.lines.length > 0).map((cell) => collapseWhitespace(inline(cell.lines)));
    const text = texts.filter((t) => t !== "").join(" ");
    if (text !== "") paragraphs.push(text);
  }
  return paragraphs.join("\n\n");
}

function plainText(lines: Line[]): string {
  return lines.map(lineText).join(" ");
}
