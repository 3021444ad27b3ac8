// A detected table as Markdown, in the form the `tables` option asks for (DECISIONS.md):
// `gfm` pipe tables, `html` tables, or `off`: each row as a paragraph of its cells' text.
import type { Line } from "../model.js";
import { hasRtl, isRtlText } from "../layout/bidi.js";
import { lineText } from "../layout/line_joining.js";
import type { Table, TableCell } from "../tables/detect.js";
import { collapseWhitespace } from "./inline.js";

/** Markdown of lines joined as one run of text (emphasis, links, escaping), from markdown.ts;
 * `plainStyle`: without emphasis, the style being the row's (a header row set bold). */
export type InlineRenderer = (lines: Line[], plainStyle?: boolean) => string;
/** Unescaped text of lines joined with spaces; HTML cells escape it themselves. */
export type PlainRenderer = (lines: Line[]) => string;

export function renderTable(
  table: Table,
  mode: "gfm" | "html" | "off",
  inline: InlineRenderer,
  plain: PlainRenderer = plainText,
): string {
  const width = table.rows.reduce((n, row) => Math.max(n, row.length), 0);
  if (width === 0) return "";
  // A right-to-left table's first column is its rightmost: columns in reading order.
  // Most tables hold no right-to-left letter: only those pay for joining their text.
  const rtl = anyRtl(table) && isRtlText(table.rows.flat().flatMap((cell) => cell.lines.map(lineText)).join(" "));
  const rows = table.rows.map((row) => (rtl ? padRow(row, width).slice().reverse() : padRow(row, width)));
  switch (mode) {
    case "gfm":
      return renderGfm(rows, inline);
    case "html":
      return renderHtml(rows, table.headerRows > 0, plain);
    case "off":
      return renderOff(rows, inline);
  }
}

function anyRtl(table: Table): boolean {
  for (const row of table.rows) for (const cell of row) for (const line of cell.lines) for (const span of line.spans) if (hasRtl(span.text)) return true;
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
function renderGfm(rows: TableCell[][], inline: InlineRenderer): string {
  const line = (row: TableCell[], plainStyle: boolean) => "| " + row.map((cell) => gfmCell(cell, inline, plainStyle)).join(" | ") + " |";
  const out = [line(rows[0], rows[0].every(isBoldOrEmpty)), "| " + rows[0].map(() => "---").join(" | ") + " |"];
  for (let r = 1; r < rows.length; r++) out.push(line(rows[r], false));
  return out.join("\n");
}

function isBoldOrEmpty(cell: TableCell): boolean {
  for (const line of cell.lines) for (const span of line.spans) if (!span.bold && span.text.trim() !== "") return false;
  return true;
}

function gfmCell(cell: TableCell, inline: InlineRenderer, plainStyle: boolean): string {
  if (cell.lines.length === 0) return "";
  // A line break would end the table row; <br> is GFM's way to keep one inside a cell.
  return escapePipes(inline(cell.lines, plainStyle).trim()).replace(/[ \t]*\r?\n[ \t]*/g, "<br>");
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
  return escapeHtml(collapseWhitespace(plain(cell.lines)));
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
