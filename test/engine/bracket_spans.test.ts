// A bracket set in a span of its own against its words reads with them, no space between
// (tables/cell_gaps.ts pieceText, OPENING_ONLY and CLOSING_ONLY): a cell's words are counted
// against prose's (tables/reads_as_table.ts). docs/engine.md, "Aligned tables". svc-md-1.1.19.
import { describe, expect, it } from "vitest";
import type { Line, Span } from "../../src/engine/model.js";
import { type Piece, pieceText } from "../../src/engine/tables/cell_gaps.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";

const PAGE = { width: 612, height: 792 };
const SIZE = 8.1;
const CHAR_PT = 4;

function span(text: string, x0: number, y0: number, italic = false): Span {
  return { text, x0, y0, x1: x0 + text.length * CHAR_PT, y1: y0 + SIZE, font: italic ? "Arimo-Italic" : "Arimo", size: SIZE, bold: false, italic, monospace: false };
}
/** Spans set one after the other, each starting where the one before ends. */
function run(x0: number, y0: number, ...texts: [string, boolean][]): Span[] {
  const out: Span[] = [];
  let x = x0;
  for (const [text, italic] of texts) {
    out.push(span(text, x, y0, italic));
    x = out[out.length - 1].x1;
  }
  return out;
}
function line(spans: Span[]): Line {
  return { spans, x0: spans[0].x0, y0: spans[0].y0, x1: spans[spans.length - 1].x1, y1: spans[0].y1, wmode: 0 };
}
const piece = (l: Line): Piece => ({ items: l.spans.map((s) => ({ span: s, line: l })), x0: l.x0, x1: l.x1, y0: l.y0, y1: l.y1, text: null });
const texts = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ").trim()));

describe("a link's brackets in spans of their own read with its words (pieceText)", () => {
  it("joins '(' 'Source Map' ')' to the words they enclose, keeping the space before", () => {
    const l = line(run(277, 460, ["Uncompressed with Plentiful Comments  ", true], ["(", false], ["Source Map", false], [")", false]));
    expect(pieceText(piece(l))).toBe("Uncompressed with Plentiful Comments (Source Map)");
  });

  it("keeps a space between two spans of words that meet at a change of font, and between lines", () => {
    const l = line(run(100, 100, ["\\title{", false], ["document-title", true], ["}", false]));
    expect(pieceText(piece(l))).toBe("\\title{ document-title}");
    const upper = line([span("(", 100, 100)]);
    const lower = line([span("note", 104, 110)]);
    expect(pieceText({ items: [{ span: upper.spans[0], line: upper }, { span: lower.spans[0], line: lower }], x0: 100, x1: 120, y0: 100, y1: 120, text: null })).toBe("( note");
  });

  it("finds underscore.js's downloads table (Chromium's print), its sizes and notes before a linked '(Source Map)'", () => {
    // docs/engine.md: with each bracket a word, the second column's cells held 8 to 10 words
    // (median 9, over the 8 a column of a table may hold), and the rows were paragraphs.
    const rows = [
      ["ESM (Development)", "65.9 KB, Uncompressed with Plentiful Comments  "],
      ["ESM (Production)", "8.59 KB, Minified and Gzipped  "],
      ["UMD (Development)", "68.4 KB, Uncompressed with Bountiful Comments  "],
      ["UMD (Production)", "7.48 KB, Minified and Gzipped  "],
    ];
    const lines = rows.flatMap(([name, note], r) => {
      const y = 460 + 16.7 * r;
      return [line([span(name, 195, y)]), line(run(277, y, [note, true], ["(", false], ["Source Map", false], [")", false]))];
    });
    const { tables, rest } = detectTables(lines, [], PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])[1]).toEqual(["ESM (Production)", "8.59 KB, Minified and Gzipped  (Source Map)"]);
    expect(rest).toHaveLength(0);
  });
});
