// tables/section_labels.ts: a borderless table cut at its section labels (docs/engine.md,
// Aligned tables, LABEL_ALIGN_PT). LibreOffice's CV template sets "About me", "Experience",
// "Education" … as bold labels flush left over one grid of label and value: the first had
// read as a heading, the others as bold rows inside the table. SPEC.md §Output: headings as
// headings, tables as tables.
import { describe, expect, it } from "vitest";
import type { Line, Span } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";

const PAGE = { width: 595, height: 842 };
const SIZE = 10;
const CHAR_EM = 0.5;

function span(text: string, x0: number, y0: number, bold: boolean, font: string): Span {
  return { text, x0, y0, x1: x0 + text.length * SIZE * CHAR_EM, y1: y0 + SIZE * 1.2, font, size: SIZE, bold, italic: false, monospace: false };
}
function text(t: string, x0: number, y0: number, bold = false, font = bold ? "Liberation Sans Bold" : "Liberation Sans"): Line {
  const s = span(t, x0, y0, bold, font);
  return { spans: [s], x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, wmode: 0 };
}
const lineText = (l: Line) => l.spans.map((s) => s.text).join("");
const cells = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map(lineText).join(" ")));

/** A CV page: each section a bold label at x 57, its rows a label at 57 and a value at 160,
 *  13.8 pt apart, a blank line between sections. */
function cv(options: { labelBold?: boolean; labelX?: number; blank?: boolean } = {}): { lines: Line[]; labels: Line[] } {
  const sections: [string, [string, string][]][] = [
    ["About me", [["Name", "Joe Bloggs"], ["Address", "42 Main Street"], ["Phone", "3208578573"], ["Email", "j.bloggs@localhost"]]],
    ["Experience", [["Jun. 2008", "Lorem ipsum dolor"], ["Feb. 2004", "At vero eos"]]],
    ["Education", [["2010 - now", "Msc. Lorem Ipsum"], ["2007 - 2010", "Lorem ipsum, 97%"], ["2005 - 2007", "Hec prodere"]]],
    ["Skills", [["Software", "LibreOffice, Git"], ["Programming", "C, C++"]]],
  ];
  const lines: Line[] = [];
  const labels: Line[] = [];
  let y = 100;
  for (const [label, rows] of sections) {
    const head = text(label, options.labelX ?? 57, y, options.labelBold ?? true);
    labels.push(head);
    lines.push(head);
    y += 13.8;
    for (const [k, v] of rows) {
      lines.push(text(k, 57, y), text(v, 160, y));
      y += 13.8;
    }
    if (options.blank ?? true) y += 13.8;
  }
  return { lines, labels };
}

describe("a CV's grid cut at its section labels (LibreOffice's CV template)", () => {
  it("gives every label in the face of the one above the table back as a line, each section a table of its own", () => {
    const { lines, labels } = cv();
    const { tables, rest } = detectTables(lines, [], PAGE);
    expect(rest.map(lineText)).toEqual(labels.map(lineText));
    expect(tables.map(cells)).toEqual([
      [["Name", "Joe Bloggs"], ["Address", "42 Main Street"], ["Phone", "3208578573"], ["Email", "j.bloggs@localhost"]],
      [["Jun. 2008", "Lorem ipsum dolor"], ["Feb. 2004", "At vero eos"]],
      [["2010 - now", "Msc. Lorem Ipsum"], ["2007 - 2010", "Lorem ipsum, 97%"], ["2005 - 2007", "Hec prodere"]],
      [["Software", "LibreOffice, Git"], ["Programming", "C, C++"]],
    ]);
    // Each piece's box holds its own rows only: reading order puts the labels between them.
    for (let t = 1; t < tables.length; t++) expect(tables[t].y0).toBeGreaterThan(labels[t].y1);
  });

  it("leaves label rows inside the table when the labels are not bold, not flush with its left edge, or not set apart", () => {
    // Nor when they follow the rows above at the rows' pitch, with no blank line between
    // (hyph-utf8 p5's languages over their patterns: group rows of one table).
    for (const options of [{ labelBold: false }, { labelX: 65 }, { blank: false }]) {
      const { tables } = detectTables(cv(options).lines, [], PAGE);
      expect(tables.flatMap(cells).some((row) => row[0] === "Experience" || row[0] === "Education")).toBe(true);
    }
  });

  it("leaves a table's bold group rows alone when no label in their face heads it, and a lone label heading it", () => {
    const { lines } = cv();
    // The first label in another face (a heading's font): the rows' labels have no match.
    lines[0] = text("About me", 57, 100, true, "Liberation Serif Bold");
    const { tables } = detectTables(lines, [], PAGE);
    const rows = tables.flatMap(cells);
    expect(rows).toContainEqual(["About me", ""]);
    expect(rows).toContainEqual(["Experience", ""]);
    // The label above in the rows' face but not bold (a plain caption): no cut.
    const plain = cv();
    plain.lines[0] = text("About me", 57, 100, false);
    expect(detectTables(plain.lines, [], PAGE).tables.flatMap(cells)).toContainEqual(["Experience", ""]);
  });

  it("leaves a statement of figures whole, its group labels rows (camelot's edge_tol: a fund's key figures)", () => {
    const { lines } = cv();
    // Every value an amount: "Investment result" over "Revaluation | 2,076,667" stays a row.
    let n = 0;
    for (let k = 0; k < lines.length; k++) if (lines[k].x0 === 160) lines[k] = text(`${(++n * 1234567).toLocaleString("en")}`, 160, lines[k].y0);
    const { tables } = detectTables(lines, [], PAGE);
    expect(tables.flatMap(cells).some((row) => row[0] === "Experience")).toBe(true);
  });
});
