// tables/figure_notes.ts: a spreadsheet's figure set flush right in its cell runs into the note
// set flush left in the next one, a word space apart, and the reader gives both one span
// ("-6,690 Two vacancies unfilled in Q2"); where the figure's measured end (Span.wordEnd) lies
// on the right edge of a column of other rows' figures, the span is cut in two (docs/engine.md,
// "Figures run into the notes beside them"). Calc's cost sheet printed to PDF had lost its
// Variance and Notes columns into a paragraph, its heads into headings.
import { describe, expect, it } from "vitest";
import { excerptMarkdown } from "../support/markdown_of.js";
import { type Line, type Span, WORD_END_UNITS_PER_PT } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";
import { cutFigureNotes, restoreUncut } from "../../src/engine/tables/figure_notes.js";

const PAGE = { width: 595, height: 842 };
const SIZE = 9;
const CHAR_PT = 4.5;
const PITCH = 12.8;

function span(text: string, x0: number, y0: number, bold = false): Span {
  return { text, x0, y0, x1: x0 + text.length * CHAR_PT, y1: y0 + SIZE, font: bold ? "LiberationSans-Bold" : "LiberationSans", size: SIZE, bold, italic: false, monospace: false };
}
const spanR = (text: string, x1: number, y0: number) => span(text, x1 - text.length * CHAR_PT, y0);
/** A figure ending at `x1` and a note after a word space, one span as MuPDF reads Calc's row;
 *  `measured`: the reader measured where the figure ends (Span.wordEnd). */
function figureNote(figure: string, note: string, x1: number, y0: number, measured = true): Span {
  const s = span(`${figure} ${note}`, x1 - figure.length * CHAR_PT, y0);
  if (measured) s.wordEnd = Math.round(x1 * WORD_END_UNITS_PER_PT);
  return s;
}
const line = (s: Span): Line => ({ spans: [s], x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, wmode: 0 });
const texts = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ").trim()));
const y = (r: number) => 100 + PITCH * r;

const VARIANCE_END = 336.5;
const ROWS: [string, string, string, string, string][] = [
  ["Salaries", "412,000", "405,310", "-6,690", "Two vacancies unfilled in Q2"],
  ["Rent", "96,000", "98,240", "2,240", "Energy price rise"],
  ["Travel", "38,000", "29,870", "-8,130", ""],
  ["IT services", "54,000", "57,120", "3,120", "New CRM licences"],
  ["Marketing", "71,000", "66,450", "-4,550", ""],
  ["Training", "18,000", "12,300", "-5,700", "Courses moved to H2"],
];

/** The cost sheet: head line, then each row's label, two figures and the variance, whose note
 *  (when it has one) shares its span. */
function sheet(measured = true): Line[] {
  const out = ["Cost centre", "Budget", "Actual", "Variance", "Notes"].map((h, k) => line(span(h, [57.7, 165.7, 223.3, 280.9, 338.5][k], y(0), true)));
  ROWS.forEach(([label, budget, actual, variance, note], r) => {
    out.push(line(span(label, 57.7, y(r + 1))), line(spanR(budget, 221.2, y(r + 1))), line(spanR(actual, 278.8, y(r + 1))));
    out.push(line(note === "" ? spanR(variance, VARIANCE_END, y(r + 1)) : figureNote(variance, note, VARIANCE_END, y(r + 1), measured)));
  });
  return out;
}

describe("Figures run into the notes beside them (cutFigureNotes)", () => {
  it("reads the Variance and Notes columns of Calc's cost sheet as two columns of the table", () => {
    const { tables } = detectTables(sheet(), [], PAGE);
    expect(tables).toHaveLength(1);
    const rows = texts(tables[0]);
    expect(rows[0]).toEqual(["Cost centre", "Budget", "Actual", "Variance", "Notes"]);
    expect(rows[1]).toEqual(["Salaries", "412,000", "405,310", "-6,690", "Two vacancies unfilled in Q2"]);
    expect(rows[3]).toEqual(["Travel", "38,000", "29,870", "-8,130", ""]);
    expect(rows).toHaveLength(ROWS.length + 1);
  });

  it("cuts the span into the figure and the note, the line's text kept", () => {
    const lines = sheet();
    const salaries = lines.find((l) => l.spans[0].text.startsWith("-6,690"))!;
    const cuts = cutFigureNotes(lines);
    expect(salaries.spans.map((s) => s.text)).toEqual(["-6,690 ", "Two vacancies unfilled in Q2"]);
    expect(salaries.spans[0].x1).toBeCloseTo(VARIANCE_END, 1);
    expect(cuts?.figures.has(salaries.spans[0])).toBe(true);
  });

  it("leaves a span whose figure's end the reader did not measure", () => {
    const lines = sheet(false);
    expect(cutFigureNotes(lines)).toBeNull();
  });

  it("leaves a line of text that starts with a number, with no cell left of it", () => {
    // Numbered paragraphs whose numbers end where figures elsewhere end: no cell of a row
    // stands left of them.
    const lines = [0, 1, 2].map((r) => line(figureNote(`${r + 1}`, "The method we chose", 80, y(r))));
    lines.push(...[3, 4].map((r) => line(spanR("12", 80, y(r)))));
    expect(cutFigureNotes(lines)).toBeNull();
    expect(lines[0].spans).toHaveLength(1);
  });

  it("leaves a figure and note whose figure ends on no column of figures", () => {
    // One other figure ending there is chance, not a column.
    const lines = [line(span("Salaries", 57.7, y(1))), line(figureNote("-6,690", "Two vacancies", VARIANCE_END, y(1))), line(spanR("-8,130", VARIANCE_END, y(2))), line(spanR("-4,550", VARIANCE_END + 6, y(3)))];
    expect(cutFigureNotes(lines)).toBeNull();
  });

  it("leaves two figures one space apart (aligned_detector's cutAtTheSpace)", () => {
    const lines = [line(span("Salaries", 57.7, y(1))), line(figureNote("-6,690", "12.5 %", VARIANCE_END, y(1))), line(spanR("-8,130", VARIANCE_END, y(2))), line(spanR("-4,550", VARIANCE_END, y(3)))];
    expect(cutFigureNotes(lines)).toBeNull();
  });

  it("leaves rows whose figures each lead a note, no figure alone in its cell (acmart's '1 in 1,000' | 'For Swedish names')", () => {
    const lines = [["Ø", "1", "in 1,000"], ["π", "1", "in 5"], ["$", "4", "in 5"]].flatMap(([sign, n, rest], r) => [line(span(sign, 100, y(r))), line(figureNote(n, rest, 160, y(r)))]);
    expect(cutFigureNotes(lines)).toBeNull();
  });

  it("gives a cut line no table took its span back (restoreUncut)", () => {
    const lines = sheet();
    const salaries = lines.find((l) => l.spans[0].text.startsWith("-6,690"))!;
    const cuts = cutFigureNotes(lines);
    expect(salaries.spans).toHaveLength(2);
    restoreUncut(cuts, new Set());
    expect(salaries.spans.map((s) => s.text)).toEqual(["-6,690 Two vacancies unfilled in Q2"]);
  });

  it("keeps the page's other text as the reader made it when the table is detected", () => {
    const title = line(span("Operating costs", 57.7, y(-2), true));
    const { rest } = detectTables([title, ...sheet()], [], PAGE);
    expect(rest.map((l) => l.spans.map((s) => s.text).join(""))).toEqual(["Operating costs"]);
  });
});

describe("amounts that each run into a status beside them, no figure alone in the column (svc-md-1.1.40: a browser's invoice register)", () => {
  const AMOUNT_END = 430;
  /** Rows of a number, a customer and an amount set flush right one cell's padding before a
   *  status set flush left: every amount shares its span with its status. */
  function register(amounts: string[], statuses: string[]): Line[] {
    const out: Line[] = [];
    amounts.forEach((amount, r) => {
      out.push(line(span(`INV-${1000 + r}`, 57.7, y(r))), line(span(["Acme Ltd", "Birch & Co", "Cobalt AB", "Dune GmbH"][r % 4], 140, y(r))));
      out.push(line(figureNote(amount, statuses[r % statuses.length], AMOUNT_END, y(r))));
    });
    return out;
  }

  it("cuts each amount from its status where four rows' amounts end at one x", () => {
    const lines = register(["100.00", "237.50", "4,775.00", "612.40", "9,001.25"], ["Paid", "Open", "Overdue"]);
    cutFigureNotes(lines);
    const cut = lines.filter((l) => l.spans.length === 2).map((l) => l.spans.map((s) => s.text.trim()));
    expect(cut).toEqual([["100.00", "Paid"], ["237.50", "Open"], ["4,775.00", "Overdue"], ["612.40", "Paid"], ["9,001.25", "Open"]]);
  });

  it("leaves counts and days before words, which run into no column of amounts ('287 suggestions', '3 June 2001')", () => {
    const counts = register(["287", "11", "13", "2", "1"], ["suggestions"]);
    expect(cutFigureNotes(counts)).toBeNull();
    const days = register(["3", "2", "14", "3", "31"], ["June 2001", "July 2001"]);
    expect(cutFigureNotes(days)).toBeNull();
  });

  it("reads fixtures/excerpts/chromium-invoice-register.pdf as one table of five columns across its two pages", async () => {
    const markdown = await excerptMarkdown("chromium-invoice-register.pdf");
    // Before: "| Invoice | Customer | Date | Amount (EUR) Status |", "| INV-1000 | Acme Ltd | 2026-01-01 | 100.00 Paid |".
    expect(markdown).toContain("| Invoice | Customer | Date | Amount (EUR) | Status |\n| --- | --- | --- | ---: | --- |\n| INV-1000 | Acme Ltd | 2026-01-01 | 100.00 | Paid |");
    expect(markdown).toContain("| INV-1069 | Birch & Co | 2026-10-16 | 587.50 | Paid |");
    // One table: one delimiter row, the head Chromium repeats on page 2 not a row of it.
    expect(markdown.split("\n").filter((l) => l.startsWith("| --- |"))).toHaveLength(1);
    expect(markdown.split("\n").filter((l) => l.startsWith("| Invoice |"))).toHaveLength(1);
  });
});
