import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { excerptMarkdown } from "../support/markdown_of.js";
import type { Line, Span } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";
import { cutOverflowCells } from "../../src/engine/tables/overflow_cells.js";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";

// SPEC.md §Output (tables as GFM tables); docs/engine.md, "Tables without rulings": what
// LibreOffice Calc prints. svc-md-1.1.17.

const PAGE = { width: 595, height: 842 };
const SIZE = 10;
const CHAR_PT = 5;
const PITCH = 12.8;

function span(text: string, x0: number, y0: number): Span {
  return { text, x0, y0, x1: x0 + text.length * CHAR_PT, y1: y0 + SIZE, font: "LiberationSans", size: SIZE, bold: false, italic: false, monospace: false };
}
const spanR = (text: string, x1: number, y0: number) => span(text, x1 - text.length * CHAR_PT, y0);
function line(...spans: Span[]): Line {
  return { spans, x0: Math.min(...spans.map((s) => s.x0)), y0: spans[0].y0, x1: Math.max(...spans.map((s) => s.x1)), y1: spans[0].y1, wmode: 0 };
}
const texts = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ")));

describe("Calc's header set flush left over figures set flush right", () => {
  // "Amount (SEK)" ends 2 pt before "VAT (SEK)", which starts in the gutter left of its
  // column's figures: one line of three spans, the middle a word space.
  function sheet(headerGap: number): Line[] {
    const y = (r: number) => 80 + PITCH * r;
    const amountEnd = 462;
    const header = line(span("Date", 58, y(0)), span("Item", 130, y(0)), span("Amount (SEK)", amountEnd - 60, y(0)), span(" ", amountEnd, y(0)), span("VAT (SEK)", amountEnd + headerGap, y(0)));
    const rows: Line[] = [header];
    const items = ["Client lunch", "Rust workshop", "Team dinner", "Notebooks", "PDF toolkit"];
    items.forEach((item, k) => {
      rows.push(line(span(`2026-09-0${k + 1}`, 58, y(k + 1))), line(span(item, 130, y(k + 1))));
      rows.push(line(spanR(`${1000 + 111 * k}.50`, amountEnd, y(k + 1))), line(spanR(`${250 + 27 * k}.12`, 519, y(k + 1))));
    });
    return rows;
  }

  it("cuts the header where the second heading starts in the gutter after the first", () => {
    const { tables } = detectTables(sheet(2), [], PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])[0]).toEqual(["Date", "Item", "Amount (SEK)", "VAT (SEK)"]);
  });
});

describe("a column of figures with text one word space after them, under a head in the gutter before it and one over the text (Calc)", () => {
  // Calc sets "Year" flush left in its cell and the year's figures flush right in it; the next
  // cell's text ("+6.2%") starts one word space after the figures, one span with them to MuPDF.
  function sheet(o: { yearHead?: boolean; changes?: string[] } = {}): Line[] {
    const y = (r: number) => 80 + PITCH * r;
    const yearEnd = 465;
    const changeStart = 467;
    const lines: Line[] = [line(span("Region", 58, y(0)), span("Q1", 126, y(0)), ...(o.yearHead === false ? [] : [span("Year", 399, y(0))]), span("2024", changeStart, y(0)))];
    const regions = ["North", "South", "East", "West"];
    const years = ["5257", "4253", "3165", "16016"];
    const changes = o.changes ?? ["+6.2%", "+3.9%", "-1.4%", "+8.8%"];
    regions.forEach((region, k) => {
      const year = years[k];
      lines.push(line(span(region, 58, y(k + 1))), line(spanR(`${1000 + 37 * k}`, 192, y(k + 1))));
      // The figures and the text after them: one span, a space between.
      lines.push(line(span(`${year} ${changes[k]}`, yearEnd - year.length * CHAR_PT, y(k + 1))));
    });
    return lines;
  }

  it("cuts the column where the head over the text starts, the figures under the head in the gutter", () => {
    const { tables } = detectTables(sheet(), [], PAGE);
    expect(tables).toHaveLength(1);
    const rows = texts(tables[0]);
    expect(rows[0]).toEqual(["Region", "Q1", "Year", "2024"]);
    expect(rows[1]).toEqual(["North", "1000", "5257", "+6.2%"]);
    expect(rows[4]).toEqual(["West", "1111", "16016", "+8.8%"]);
  });

  it("leaves the column whole without a head in the gutter before it", () => {
    const { tables } = detectTables(sheet({ yearHead: false }), [], PAGE);
    expect(tables.length).toBeLessThanOrEqual(1);
    for (const t of tables) expect(texts(t).flat()).not.toContain("5257");
  });

  it("reads Calc's print of regional sales: heads flush left, a wrapped head, a text column one space after the figures (fixtures/excerpts/calc-regional-sales.pdf, svc-md-1.1.40)", async () => {
    const markdown = await excerptMarkdown("calc-regional-sales.pdf");
    // Before: each head a bold paragraph ("**Change vs**", "**Region**", "**Q1**" …) over a
    // table of six columns whose last read "5257 +6.2%".
    expect(markdown).toContain("| Region | Q1 | Q2 | Q3 | Q4 | Year | Change vs 2024 |\n| --- | ---: | ---: | ---: | ---: | ---: | --- |\n| North | 1204 | 1310 | 1288 | 1455 | 5257 | +6.2% |");
    expect(markdown).toContain("| **Total** | **4373** | **4575** | **4661** | **5082** | **18691** | **+5.3%** |");
    expect(markdown).not.toContain("**Region**\n");
  });
});

describe("a column of figures alone under its heading (Calc's last column printed on a page of its own)", () => {
  function column(values: string[], o: { heading?: string; right?: number; beside?: boolean } = {}): Line[] {
    const right = o.right ?? 116;
    const lines = [line(span(o.heading ?? "Total (SEK)", 58, 80))];
    values.forEach((v, k) => lines.push(line(spanR(v, right, 80 + PITCH * (k + 1)))));
    if (o.beside) lines.push(line(span("A note set beside the figures, as text runs in a page's other column.", 200, 80 + PITCH * 3)));
    return lines;
  }
  const amounts = ["2647.91", "605.4", "4472.02", "4733.53", "9952.96", "2992.76"];

  it("is a one-column table with its heading, each figure on its row", () => {
    const { tables, rest } = detectTables(column(amounts), [], PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])).toEqual([["Total (SEK)"], ...amounts.map((a) => [a])]);
    expect(tables[0].headerRows).toBe(1);
    expect(rest).toHaveLength(0);
  });

  it("is no table with fewer than five figures, without a heading, beside other text, or with its figures' edges ragged", () => {
    expect(detectTables(column(amounts.slice(0, 4)), [], PAGE).tables).toHaveLength(0);
    expect(detectTables(column(amounts, { heading: "The amounts below were paid in the autumn of the year" }), [], PAGE).tables).toHaveLength(0);
    expect(detectTables(column(amounts, { beside: true }), [], PAGE).tables).toHaveLength(0);
    const ragged = column(amounts).map((l, k) => (k % 2 === 1 ? line(span(l.spans[0].text, l.x0 + 7, l.y0)) : l));
    expect(detectTables(ragged, [], PAGE).tables).toHaveLength(0);
  });
});

describe("figures set flush right closer than the cell gap (Calc's last row with a wider figure)", () => {
  // docs/engine.md "Aligned tables", flush-right figure cuts (FLUSH_RIGHT_FIGURE_EMS). A
  // calibration sheet without a header row, its columns fitted to their figures: the last
  // row's wider "20.04" runs left into the gutter, 8.2 pt (under an em) after "10", and MuPDF
  // reads the row as one line of spans with word spaces between them.
  const RIGHTS = [78.3, 111.6, 145.0];
  const rows = [["0.5", "0.61", "0.58"], ["1", "1.04", "0.97"], ["2.5", "2.49", "2.53"], ["5", "5.02", "4.96"], ["7.5", "7.61", "7.47"]];
  const y = (r: number) => 80 + PITCH * r;
  function body(): Line[] {
    return rows.flatMap((cells, r) => cells.map((c, k) => line(spanR(c, RIGHTS[k], y(r)))));
  }
  // A span with its own box: the last row's figures are set in digits wider than CHAR_PT.
  const at = (text: string, x0: number, x1: number, r: number): Span => ({ ...span(text, x0, y(r)), x1 });

  it("cuts the last row's figures at the columns' right edges", () => {
    const last = line(at("10", 67.1, 78.3, 5), at(" ", 78.3, 86.5, 5), at("20.04", 86.5, 111.6, 5), at(" ", 111.6, 119.8, 5), at("19.93", 119.8, 144.9, 5));
    const { tables, rest } = detectTables([...body(), last], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])[5]).toEqual(["10", "20.04", "19.93"]);
    expect(rest).toHaveLength(0);
  });

  it("cuts two figures MuPDF joined into one span at the first column's right edge", () => {
    const last = line(at("10 123456.78", 67.1, 133.2, 5), at(" ", 133.2, 141.5, 5), at("19.93", 141.5, 166.6, 5));
    const wide = [78.3, 133.2, 166.6];
    const lines = rows.flatMap((cells, r) => cells.map((c, k) => line(spanR(c, wide[k], y(r)))));
    const { tables, rest } = detectTables([...lines, last], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])[5]).toEqual(["10", "123456.78", "19.93"]);
    expect(rest).toHaveLength(0);
  });

  it("leaves a row under the table whose figures do not end at the columns' edges, or that holds words, out of it", () => {
    const shifted = line(at("10", 61.1, 72.3, 5), at(" ", 72.3, 80.5, 5), at("20.04", 80.5, 105.6, 5), at(" ", 105.6, 113.8, 5), at("19.93", 113.8, 138.9, 5));
    const off = detectTables([...body(), shifted], [], PAGE);
    expect(off.tables).toHaveLength(1);
    expect(off.tables[0].rows).toHaveLength(5);
    expect(off.rest).toEqual([shifted]);
    const words = line(at("10", 67.1, 78.3, 5), at(" ", 78.3, 86.5, 5), at("items", 86.5, 111.6, 5), at(" ", 111.6, 119.8, 5), at("19.93", 119.8, 144.9, 5));
    const worded = detectTables([...body(), words], [], PAGE);
    expect(worded.tables[0].rows).toHaveLength(5);
    expect(worded.rest).toEqual([words]);
  });
});

describe("a header line whose cells stand closer than the cell gap but far wider than word spaces (splitAtHeaderGaps, headsFiguresFlushLeft)", () => {
  // docs/engine.md "Cell gaps inside a line". Calc's calibration sheet with a header row: its
  // heads set flush left over figures set flush right, "Setpoint" | "Reading A" | "Reading B"
  // 0.8 and 0.74 em apart (the stext reader ends a span at the second gap), and "Setpoint"
  // starting 3 em left of its column's figures.
  const RIGHTS = [101.4, 155.5, 210.7];
  const rows = [["0.5", "0.61", "0.58"], ["1", "1.04", "0.97"], ["2.5", "2.49", "2.53"], ["5", "5.02", "4.96"], ["7.5", "7.61", "7.47"]];
  const y = (r: number) => 80 + PITCH * r;
  const body = () => rows.flatMap((cells, r) => cells.map((c, k) => line(spanR(c, RIGHTS[k], y(r + 1)))));
  const at = (text: string, x0: number, x1: number): Span => ({ ...span(text, x0, y(0)), x1 });
  const header = (gap: number) => [line(span("Setpoint", 57.7, y(0))), line(at("Reading A", 106, 151), at(" ", 151, 151 + gap), at("Reading B", 151 + gap, 196 + gap))];

  it("cuts the line at those gaps into a header row over every column", () => {
    const { tables, rest } = detectTables([...header(7.4), ...body()], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])[0]).toEqual(["Setpoint", "Reading A", "Reading B"]);
    expect(rest).toHaveLength(0);
  });

  it("leaves heads a word space apart, which a producer may set over the columns as one, out of the table", () => {
    const { tables, rest } = detectTables([...header(2.8), ...body()], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])[0]).toEqual(["0.5", "0.61", "0.58"]);
    expect(rest).toHaveLength(2);
  });

  it("leaves a caption whose label and title stand a quad apart over columns of text out of the table", () => {
    // buctthesis's "表1" | "模板的组成" over "文件（夹）名" | "简述": the parts lie over the columns
    // with no regard to where their cells start.
    const names = [["Name", "Use"], ["thesis.ins", "installer"], ["thesis.dtx", "source"], ["thesis.cls", "class"], ["sample.tex", "example"]];
    const lines = names.flatMap((cells, r) => [line(span(cells[0], 228.5, y(r + 1))), line(span(cells[1], 308, y(r + 1)))]);
    const caption = line(at("Table 1", 270, 305), at(" ", 305, 314), at("Contents", 314, 354));
    const { tables, rest } = detectTables([caption, ...lines], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])[0]).toEqual(["Name", "Use"]);
    expect(rest).toEqual([caption]);
  });
});

describe("a label wrapped in its cell, set at the bottom of its row as Calc sets cells (wrapsDownInto, svc-md-1.1.37)", () => {
  // "Administrative" on a line of its own, ending at the label column's right edge, and
  // "expenses" under it beside the row's figures: one row, one label.
  const y = (r: number) => 80 + PITCH * r;
  function statement(first: string, second: string): Line[] {
    const labels = ["Revenue", "Cost of sales", "Gross profit", "Selling expenses"];
    const lines: Line[] = [];
    labels.forEach((label, k) => lines.push(line(span(label, 58, y(k))), line(spanR(`${100 + k}.5`, 260, y(k))), line(spanR(`${200 + k}.5`, 340, y(k)))));
    // The wrapped label's first line, as wide as the widest label of the column.
    lines.push(line(span(first, 58, y(4))));
    lines.push(line(span(second, 58, y(5))), line(spanR("-95.4", 260, y(5))), line(spanR("-97.1", 340, y(5))));
    lines.push(line(span("Operating profit", 58, y(6))), line(spanR("316.8", 260, y(6))), line(spanR("364.8", 340, y(6))));
    return lines;
  }

  it("joins the label's lines into the row of its figures", () => {
    const { tables } = detectTables(statement("Administrative", "expenses"), [], PAGE);
    expect(tables).toHaveLength(1);
    const rows = texts(tables[0]);
    expect(rows).toHaveLength(6);
    expect(rows[4]).toEqual(["Administrative expenses", "-95.4", "-97.1"]);
  });

  it("keeps a label row over its rows (a section's name, its rows' labels in capitals) a row of its own", () => {
    const rows = texts(detectTables(statement("Operating expenses:", "Salaries"), [], PAGE).tables[0]);
    expect(rows).toContainEqual(["Operating expenses:", "", ""]);
    expect(rows).toContainEqual(["Salaries", "-95.4", "-97.1"]);
  });

  it("keeps a short label that ends well before the column's edge a row of its own", () => {
    const rows = texts(detectTables(statement("Other", "items"), [], PAGE).tables[0]);
    expect(rows).toContainEqual(["Other", "", ""]);
    expect(rows).toContainEqual(["items", "-95.4", "-97.1"]);
  });

  it("reads Calc's print of an income statement with one row per line item (fixtures/excerpts/calc-income-statement.pdf)", async () => {
    const markdown = await excerptMarkdown("calc-income-statement.pdf");
    // Before: "| Administrative |  |  |  |  |" over "| expenses | -95.4 | -97.1 | -99.8 | -104.2 |".
    expect(markdown).toContain("| Administrative expenses | -95.4 | -97.1 | -99.8 | -104.2 |");
    expect(markdown).toContain("| Selling expenses | -180 | -192.5 | -188.7 | -201.3 |");
    expect(markdown).toContain("| Operating profit | 316.8 | 364.8 | 360.3 | 447.1 |");
  });
});

describe("Calc's ledger: wrapped cells set at the bottom of their rows, a text cell run into the next (fixtures/excerpts/calc-cost-ledger.pdf, svc-md-1.1.40)", () => {
  /** The fixture's page as the aligned detector reads it: its lines, prepared, by their tops. */
  function ledgerLines(): Line[] {
    const opened = openDocument(new Uint8Array(readFileSync(new URL("../../fixtures/excerpts/calc-cost-ledger.pdf", import.meta.url))));
    try {
      return prepareLines(extractPageMupdf(opened.doc, 0).lines).sort((a, b) => a.y0 - b.y0);
    } finally {
      opened.doc.destroy();
    }
  }
  const lineWith = (lines: Line[], text: string) => lines.find((l) => l.spans.some((s) => s.text.includes(text)))!;

  it("reads each row whole: a wrapped supplier or description one cell, the cost centre apart from the description before it", async () => {
    const markdown = await excerptMarkdown("calc-cost-ledger.pdf");
    // Before: "| 03/07/2026 | Brackenridge Ltd | Timber, grade C24 CC-110 |  | 4820 | 4820 |", and
    // rows of the first lines alone ("|  |  | Scaffold hire (4 |  |  |  |") over their rows.
    expect(markdown).toContain("| 03/07/2026 | Brackenridge Ltd | Timber, grade C24 | CC-110 | 4820 | 4820 |\n| 11/07/2026 | Halden Hire | Scaffold hire (4 weeks) | CC-110 | 1260 | 6080 |");
    expect(markdown).toContain("| 09/09/2026 | Wexcombe Roofing | Roof membrane and battens | CC-140 | 5380 | 24696.25 |");
    expect(markdown).toContain("| 22/09/2026 | Ostrava Glass | Replacement unit (damaged) | CC-120 | 612.4 | 25308.65 |");
  });

  it("cuts the last cell of a line of cells where the next column starts, before a capital only (cutOverflowCells)", () => {
    const lines = ledgerLines();
    const timber = lineWith(lines, "Timber");
    cutOverflowCells(lines, null);
    expect(timber.spans.map((s) => s.text.trim())).toEqual(["Brackenridge Ltd", "", "Timber, grade C24", "CC-110"]);
    // The same words going on in small letters: a title reaching the next column, not two cells.
    const lower = ledgerLines();
    const line = lineWith(lower, "Timber");
    const last = line.spans[line.spans.length - 1];
    last.text = last.text.replace("CC-110", "cc-110");
    cutOverflowCells(lower, null);
    expect(line.spans.map((s) => s.text.trim())).toEqual(["Brackenridge Ltd", "", "Timber, grade C24 cc-110"]);
  });

  it("joins a row's first lines set nearer its own line than the row over it, not lines at one pitch (cellsWrapDown)", () => {
    const rowOf = (t: Table, text: string) => texts(t).map((r) => r.map((c) => c.replace(/\s+/g, " "))).find((r) => r.some((c) => c.includes(text)));
    const { tables } = detectTables(ledgerLines(), [], PAGE);
    expect(rowOf(tables[0], "Scaffold")).toEqual(["11/07/2026", "Halden Hire", "Scaffold hire (4 weeks)", "CC-110", "1260", "6080"]);
    // The first line moved to the middle between the rows: the lines of a cell set at the top
    // of its row stand at one pitch, and the line is no first line of the row under it.
    const lines = ledgerLines();
    const scaffold = lineWith(lines, "Scaffold");
    const over = lineWith(lines, "03/07/2026");
    const under = lineWith(lines, "11/07/2026");
    const shift = (over.y0 + under.y0) / 2 - scaffold.y0;
    scaffold.y0 += shift;
    scaffold.y1 += shift;
    for (const span of scaffold.spans) (span.y0 += shift), (span.y1 += shift);
    const moved = detectTables(lines, [], PAGE).tables;
    expect(rowOf(moved[0], "weeks)")).toEqual(["11/07/2026", "Halden Hire", "weeks)", "CC-110", "1260", "6080"]);
  });
});
