// tables/ruled_beside.ts: the other text column's lines level with a ruled table's rows are
// no column of it when the table's rules stop short of them (docs/engine.md, "A ruled table
// beside a text column"). A Writer paper in two columns, its Table 1 in the right column
// between a top rule, a header rule and a bottom rule: the left column's lines had been read
// as the table's first column ("and education to biodiversity and social cohesion. Yet |
// Crop group | Share | kg/plot"), and the paragraph lost them.
import { describe, expect, it } from "vitest";
import { excerptMarkdown } from "../support/markdown_of.js";
import type { Line, Rule, Span } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";

const PAGE = { width: 595, height: 842 };

function span(text: string, x0: number, x1: number, y0: number, size: number, bold = false): Span {
  return { text, x0, y0, x1, y1: y0 + size, font: bold ? "LiberationSans-Bold" : "LiberationSerif", size, bold, italic: false, monospace: false };
}
const line = (s: Span): Line => ({ spans: [s], x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, wmode: 0 });
const texts = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ")));
const rule = (y: number, x0: number, x1: number): Rule => ({ x0, y0: y, x1, y1: y + 0.5, kind: "fill" });

const PROSE = [
  "they now serve a wide range of purposes, from recreation",
  "and education to biodiversity and social cohesion. Yet",
  "their contribution to local food supply remains poorly",
  "measured.",
  "In this paper we report on a two-year survey of 212",
  "allotment plots in three mid-sized cities. Plot holders",
  "recorded the weight of every harvest in a simple",
  "logbook, and we visited each site four times a year to",
];
/** The left column: justified lines (the short "measured." ends its paragraph). */
function leftColumn(): Line[] {
  return PROSE.map((text, k) => line(span(text, 54.1, text.length < 20 ? 96 : 286.6, 218.9 + 12.1 * k, 10.5)));
}
const BODY: ReadonlyArray<readonly [string, string, string]> = [
  ["Vegetables", "54%", "112.4"],
  ["Soft fruit", "17%", "35.1"],
  ["Potatoes", "15%", "31.0"],
  ["Top fruit", "9%", "18.7"],
  ["Herbs", "5%", "10.2"],
];
/** The right column's table: a bold header row, then crop, share and weight, figures flush right. */
function table(): Line[] {
  const out = [line(span("Crop group", 312, 356.9, 229.2, 9, true)), line(span("Share", 388.8, 411.1, 229.2, 9, true)), line(span("kg/plot", 440, 467, 229.2, 9, true))];
  BODY.forEach(([crop, share, kg], k) => {
    const y = 244.4 + 12.3 * k;
    out.push(line(span(crop, 312, 312 + 4.5 * crop.length, y, 9)), line(span(share, 435.8 - 5 * share.length, 435.8, y, 9)), line(span(kg, 538.2 - 5 * kg.length, 538.2, y, 9)));
  });
  return out;
}
const RULES_Y = [225.4, 240.8, 307.8];

describe("a ruled table beside the page's other text column (besideColumnPieces)", () => {
  it("leaves the other column's lines out of a table whose rules span only its own columns", () => {
    const rules = RULES_Y.map((y) => rule(y, 309.3, 540.7));
    const lines = [...leftColumn(), ...table()];
    const { tables, rest } = detectTables(lines, rules, PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])).toEqual([["Crop group", "Share", "kg/plot"], ...BODY]);
    expect(rest.map((l) => l.spans[0].text)).toEqual(expect.arrayContaining(PROSE));
  });

  it("keeps a long first column under the table's own rules, or under a top rule when a rule spans the figures alone", () => {
    const lines = [...leftColumn(), ...table()];
    const under = detectTables(lines, RULES_Y.map((y) => rule(y, 50, 540.7)), PAGE);
    expect(under.tables).toHaveLength(1);
    expect(under.tables[0].rows[0]).toHaveLength(4);
    // A \cmidrule over the figures' columns, with the top rule under every column.
    const cmid = detectTables(lines, [rule(225.4, 50, 540.7), rule(240.8, 309.3, 540.7)], PAGE);
    expect(cmid.tables).toHaveLength(1);
    expect(cmid.tables[0].rows[0]).toHaveLength(4);
  });

  it("leaves the other column's lines out when a rule of that column's own lies near the table (a pull quote's rules, svc-md-1.1.40)", () => {
    // A pull quote under the left column's lines, ruled over and under within that column.
    const rules = [...RULES_Y.map((y) => rule(y, 309.3, 540.7)), rule(322, 54.1, 286.6), rule(350, 54.1, 286.6)];
    const { tables, rest } = detectTables([...leftColumn(), ...table()], rules, PAGE);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0])).toEqual([["Crop group", "Share", "kg/plot"], ...BODY]);
    expect(rest.map((l) => l.spans[0].text)).toEqual(expect.arrayContaining(PROSE));
    // A rule running from the long column on under the table's is the table's: kept whole.
    const under = detectTables([...leftColumn(), ...table()], [...RULES_Y.map((y) => rule(y, 309.3, 540.7)), rule(322, 54.1, 540.7)], PAGE);
    expect(under.tables[0].rows[0]).toHaveLength(4);
  });

  it("reads fixtures/excerpts/chromium-newspaper.pdf's table in the right column apart from the left column's paragraph and pull quote", async () => {
    const markdown = await excerptMarkdown("chromium-newspaper.pdf");
    // Before: "| Under the new schedule, weekday sailings | 06:00–10:00 | 4 | 4 |" and the
    // paragraph's last line after the table's caption.
    expect(markdown).toContain("Under the new schedule, weekday sailings between the town quay and Marrow Island will run until 22:30, an hour later than now. Commuters had long complained that the last crossing left too early for anyone working a late shift on the mainland.");
    expect(markdown).toContain("**Weekday departures from the town quay**\n\n| Period | Now | From January |\n| --- | ---: | ---: |\n| 06:00–10:00 | 4 | 4 |");
  });
});
