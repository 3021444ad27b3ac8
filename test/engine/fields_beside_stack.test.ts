// tables/fields_beside_stack.ts: an invoice's field block ("Invoice no.", "Date", "Due date",
// "Customer no.", labels and values) set beside an address is read as the address whole, then
// the fields as a table of two columns (docs/engine.md, "Fields beside an address").
import { describe, expect, it } from "vitest";
import type { Line, Span } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";
import { readStacksBeforeFields, splitFieldsBesideStack } from "../../src/engine/tables/fields_beside_stack.js";
import { tableOf, type TableCell } from "../../src/engine/tables/model.js";

const PAGE = { width: 595, height: 842 };
const SIZE = 10;
const CHAR_PT = 5;
const PITCH = 14;

function span(text: string, x0: number, y0: number, bold = false): Span {
  return { text, x0, y0, x1: x0 + text.length * CHAR_PT, y1: y0 + SIZE, font: bold ? "LiberationSans-Bold" : "LiberationSans", size: SIZE, bold, italic: false, monospace: false };
}
const line = (text: string, x0: number, y0: number, bold = false): Line => {
  const s = span(text, x0, y0, bold);
  return { spans: [s], x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, wmode: 0 };
};
const text = (l: Line) => l.spans.map((s) => s.text).join("");
const texts = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map(text).join(" ").trim()));
const y = (r: number) => 100 + PITCH * r;

const ADDRESS = ["Café Rosenthal", "Herr Jonas Weber", "Marktplatz 21", "79098 Freiburg"];
const FIELDS: [string, string][] = [
  ["Invoice no.:", "GL-2026-1184"],
  ["Date:", "20.11.2026"],
  ["Due date:", "04.12.2026"],
  ["Customer no.:", "K-5530"],
];

/** The address at the left margin, the fields' labels at `labelsX`, their values at `valuesX`. */
function head(labelsX = 340, valuesX = 420, labels = FIELDS.map((f) => f[0]), bold = false): Line[] {
  const out: Line[] = [];
  for (let r = 0; r < 4; r++) {
    out.push(line(ADDRESS[r], 60, y(r)));
    out.push(line(labels[r], labelsX, y(r), bold));
    out.push(line(FIELDS[r][1], valuesX, y(r)));
  }
  return out;
}

describe("Fields beside an address (splitFieldsBesideStack)", () => {
  it("reads Writer's invoice head as the address, then a table of its fields", () => {
    const { tables, rest } = detectTables(head(), [], PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])).toEqual(FIELDS.map(([label, value]) => [label, value]));
    expect(rest.map(text)).toEqual(ADDRESS);
    // The address's lines each a line of their own, as its author broke them.
    expect(rest.slice(0, -1).every((l) => l.breakAfter === true)).toBe(true);
  });

  it("takes bold labels without colons (Chromium's invoice)", () => {
    const { tables, rest } = detectTables(head(340, 420, ["Invoice no.", "Date", "Due date", "Customer no."], true), [], PAGE);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows[0].length).toBe(2);
    expect(rest.map(text)).toEqual(ADDRESS);
  });

  it("writes each field of a cell holding two as a row of its own", () => {
    const cell = (...ls: Line[]): TableCell => ({ lines: ls });
    const rows = [
      [cell(line("Harbour Lane 14", 60, y(0))), cell(line("Invoice no.", 340, y(0), true)), cell(line("2026-0457", 420, y(0)))],
      [cell(line("2031 Westfield", 60, y(1))), cell(line("Date", 340, y(1), true)), cell(line("12 Nov 2026", 420, y(1)))],
      [cell(line("VAT ID NW 204", 60, y(2))), cell(line("Due date", 340, y(2), true), line("Customer no.", 340, y(2) + 11, true)), cell(line("12 Dec 2026", 420, y(2)), line("C-10382", 420, y(2) + 11))],
    ];
    const rest: Line[] = [];
    const split = splitFieldsBesideStack(tableOf(60, y(0), 480, y(3), rows, false, 0), rest);
    expect(split && texts(split)).toEqual([
      ["Invoice no.", "2026-0457"],
      ["Date", "12 Nov 2026"],
      ["Due date", "12 Dec 2026"],
      ["Customer no.", "C-10382"],
    ]);
    expect(rest).toHaveLength(3);
  });

  it("leaves a table whose columns stand at one pitch (no gutter setting the fields apart)", () => {
    const { tables } = detectTables(head(160, 240), [], PAGE);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows[0].length).toBe(3);
  });

  it("leaves a table whose middle column is no labels", () => {
    const { tables } = detectTables(head(340, 420, ["Paid in full", "Open", "Open", "Reminder sent twice"]), [], PAGE);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows[0].length).toBe(3);
  });

  it("leaves a first column of labels too (a form's two label columns)", () => {
    const lines = head().map((l) => (l.x0 === 60 ? line(`${text(l)}:`, 60, l.y0) : l));
    const { tables } = detectTables(lines, [], PAGE);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows[0].length).toBe(3);
  });
});

describe("The address read before its fields (readStacksBeforeFields)", () => {
  it("moves the blocks left of a field table and level with it before it", () => {
    const { tables, rest } = detectTables(head(), [], PAGE);
    const address = { kind: "paragraph" as const, lines: rest };
    const below = { kind: "paragraph" as const, lines: [line("Invoice", 60, y(6))] };
    const blocks: Parameters<typeof readStacksBeforeFields>[0] = [{ kind: "table", table: tables[0] }, address, below];
    readStacksBeforeFields(blocks);
    expect(blocks.map((b) => b.kind)).toEqual(["paragraph", "table", "paragraph"]);
    expect(blocks[0]).toBe(address);
    expect(blocks[2]).toBe(below);
  });

  it("leaves other tables where reading order put them", () => {
    const cell = (l: Line): TableCell => ({ lines: [l] });
    const table = tableOf(340, y(0), 480, y(3), [[cell(line("A", 340, y(0))), cell(line("B", 420, y(0)))]], false, 0);
    const address = { kind: "paragraph" as const, lines: [line("Café Rosenthal", 60, y(0))] };
    const blocks: Parameters<typeof readStacksBeforeFields>[0] = [{ kind: "table", table }, address];
    readStacksBeforeFields(blocks);
    expect(blocks[0].kind).toBe("table");
  });
});
