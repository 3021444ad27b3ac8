// Guards for s17-tables' speed changes (docs/benchmarks.md, s17-tables): each shortcut answers
// what the longer way answered, compared on hand-made and seeded random lines and rows.
import { describe, expect, it } from "vitest";
import type { Line } from "../../src/engine/model.js";
import { line, span } from "../support/table_rows.js";
import { seededRandom } from "../support/seeded.js";
import { endsInPageNumberToken, PAGE_NUMBER_END } from "../../src/engine/tables/aligned_detector.js";
import { FIGURE_CELL } from "../../src/engine/tables/figure_cell.js";
import { PageRows, splitsIntoPieces, textRow } from "../../src/engine/tables/cell_gaps.js";
import { startsLikeFigure } from "../../src/engine/tables/figure_column.js";
import { detectLabelRows } from "../../src/engine/tables/label_rows.js";
import { detectUnderlinedStacks } from "../../src/engine/tables/underlined_stacks.js";
import { collectRulings } from "../../src/engine/tables/rulings.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Table } from "../../src/engine/tables/model.js";

const PAGE = { width: 612, height: 792 };

/** A line of `text` cut into spans at random places (a span may be empty or all spaces). */
function randomLine(text: string, random: () => number, y = 100): Line {
  const spans = [];
  let x = 72;
  let at = 0;
  while (at < text.length) {
    const next = Math.min(text.length, at + 1 + Math.floor(random() * 4));
    const s = span(text.slice(at, next), x, y);
    spans.push(s);
    x = s.x1;
    at = next;
  }
  if (spans.length === 0) spans.push(span("", 72, y));
  return line(spans);
}

function randomText(alphabet: string, random: () => number, max: number): string {
  let text = "";
  const n = Math.floor(random() * max);
  for (let i = 0; i < n; i++) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

describe("endsInPageNumberToken: PAGE_NUMBER_END read by code before isContentsEntry (aligned_detector.ts isContentsPageEntry)", () => {
  const cases = [
    "Introduction . . . . . 12",
    "Preface .......... xiv",
    "Appendix… IV  ",
    "and",
    "did",
    "see page 2014",
    "see page 20145",
    "x1",
    "1v",
    "12",
    "mmmcmxcix",
    "mmmmmmmm",
    "Total 1,250",
    "   ",
    "",
    "Chapter\u00a07",
    "a\tv",
  ];
  it.each(cases)("answers the pattern on %j", (text) => {
    const random = seededRandom(text.length + 1);
    for (let k = 0; k < 5; k++) {
      const l = randomLine(text, random);
      expect(endsInPageNumberToken(l)).toBe(PAGE_NUMBER_END.test(lineText(l)));
    }
  });

  it("answers the pattern on 20,000 random lines of digits, roman digits, letters, dots and spaces", () => {
    const random = seededRandom(17);
    const alphabet = "0123456789ivxlcdmIVXLCDMabnzK .…,\u00a0\t\u2009-";
    let matched = 0;
    for (let k = 0; k < 20_000; k++) {
      const l = randomLine(randomText(alphabet, random, 14), random);
      const expected = PAGE_NUMBER_END.test(lineText(l));
      if (expected) matched++;
      expect(endsInPageNumberToken(l)).toBe(expected);
    }
    // The random lines reach both answers.
    expect(matched).toBeGreaterThan(1000);
  });
});

describe("startsLikeFigure: a necessary condition for FIGURE_CELL, asked before a line's text is built (figure_column.ts isFigureLine)", () => {
  it("never turns away a line FIGURE_CELL takes (20,000 random lines)", () => {
    const random = seededRandom(29);
    const alphabet = "0123456789.,% ()$€£−+-aZé\u00a0";
    let figures = 0;
    for (let k = 0; k < 20_000; k++) {
      const l = randomLine(randomText(alphabet, random, 10), random);
      if (!FIGURE_CELL.test(lineText(l).trim())) continue;
      figures++;
      expect(startsLikeFigure(l)).toBe(true);
    }
    expect(figures).toBeGreaterThan(300);
  });

  it("takes figures in their signs, brackets and currencies, and turns away prose ending in a stop", () => {
    for (const text of ["1,250", " (3.2)", "-4", "−4", "+7%", "$12.50", "€ 40", "£3"]) expect(startsLikeFigure(line([span(text, 72, 100)]))).toBe(true);
    for (const text of ["Total 1,250", "see p. 12.", "  and so on."]) expect(startsLikeFigure(line([span(text, 72, 100)]))).toBe(false);
  });
});

describe("PageRows.splits: each row's answer kept once asked (cell_gaps.ts, the run search and takeTwoRowGrids)", () => {
  it("answers as splitsIntoPieces and the built row do, however often and in whatever order asked", () => {
    const random = seededRandom(41);
    for (let page = 0; page < 300; page++) {
      const groups: Line[][] = [];
      for (let r = 0; r < 6; r++) {
        const row: Line[] = [];
        let x = 72;
        const count = 1 + Math.floor(random() * 3);
        for (let l = 0; l < count; l++) {
          const spans = [];
          const n = 1 + Math.floor(random() * 3);
          for (let s = 0; s < n; s++) {
            const sp = span(random() < 0.3 ? "word " : "ab", x, 100 + 20 * r);
            spans.push(sp);
            // Spans a word space apart, or a cell's gap (two ems and more).
            x = sp.x1 + (random() < 0.25 ? 25 + random() * 20 : random() * 4);
          }
          row.push(line(spans));
        }
        groups.push(row);
      }
      const rows = PageRows.fromGroups(groups);
      const expected = groups.map((g) => splitsIntoPieces(g) ?? textRow(g).cells.length >= 2);
      for (let ask = 0; ask < 3; ask++) {
        for (let r = 0; r < groups.length; r++) {
          if (ask === 1 && random() < 0.5) rows.at(r);
          expect(rows.splits(r)).toBe(expected[r]);
        }
      }
    }
  });
});

describe("detectLabelRows reads the two rows' sizes before cutting the labels' row into pieces (label_rows.ts)", () => {
  const cells = (y: number, size: number, texts: string[]) => texts.map((t, c) => line([span(t, 72 + 160 * c, y, size)]));
  const found = (labels: Line[], values: Line[]): Table[] => {
    const lines = [...labels, ...values];
    const tables: Table[] = [];
    detectLabelRows(lines, collectRulings([], PAGE), new Set(), new Set(), tables);
    return tables;
  };

  it("finds labels set smaller over their values, standing apart", () => {
    const tables = found(cells(300, 8, ["Account", "Period", "Balance"]), cells(312, 11, ["8327-9", "November", "1,204.00"]));
    expect(tables).toHaveLength(1);
    expect(tables[0].rows[0].map((cell) => cell.lines.map(lineText).join(" "))).toEqual(["Account", "Period", "Balance"]);
  });

  it("leaves two rows set alike (a table's rows, or text), however many pieces they hold", () => {
    expect(found(cells(300, 11, ["Account", "Period", "Balance"]), cells(314, 11, ["8327-9", "November", "1,204.00"]))).toHaveLength(0);
  });
});

describe("detectUnderlinedStacks reads the page's rows as ranges of its sorted lines (underlined_stacks.ts)", () => {
  /** A thin filled rule under [x0, x1] at y: an underline as collectRulings takes it. */
  const underline = (x0: number, x1: number, y: number) => ({ x0, y0: y, x1, y1: y + 0.5, kind: "fill" as const });
  const at = (text: string, x: number, y: number) => line([span(text, x, y)]);

  it("finds three underlined labels over their stacks, under a paragraph and over a line of text", () => {
    const labels = [at("Shipping", 72, 200), at("Billing", 232, 200), at("Delivery", 392, 200)];
    const stacks = [at("Jane Doe", 72, 214), at("Acme AB", 232, 214), at("As billed", 392, 214), at("Main St 1", 72, 228), at("Box 12", 232, 228)];
    const lines = [at("An order confirmation, set as one paragraph over the addresses.", 72, 150), ...labels, ...stacks, at("Thank you for your order.", 72, 300)];
    const rules = [underline(72, 112, 212.5), underline(232, 267, 212.5), underline(392, 432, 212.5)];
    const taken = new Set<Line>();
    const tables: Table[] = [];
    detectUnderlinedStacks(lines, collectRulings(rules, PAGE), taken, new Set(), tables);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows.map((row) => row.map((cell) => cell.lines.map(lineText).join(" ")))).toEqual([
      ["Shipping", "Billing", "Delivery"],
      ["Jane Doe", "Acme AB", "As billed"],
      ["Main St 1", "Box 12", ""],
    ]);
    expect(taken.size).toBe(8);
  });

  it("leaves labels without their rules alone", () => {
    const lines = [at("Shipping", 72, 200), at("Billing", 232, 200), at("Jane Doe", 72, 214), at("Acme AB", 232, 214), at("Main St 1", 72, 228), at("Box 12", 232, 228)];
    const tables: Table[] = [];
    detectUnderlinedStacks(lines, collectRulings([underline(72, 112, 150), underline(300, 400, 150)], PAGE), new Set(), new Set(), tables);
    expect(tables).toHaveLength(0);
  });
});
