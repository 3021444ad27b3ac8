import { describe, expect, it } from "vitest";
import type { Line, Span } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";

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
