// Guards for the table detectors' per-page shortcuts (docs/benchmarks.md, speed-tables): each
// answers what the longer way answered, which these tests compare on hand-made pages.
import { describe, expect, it } from "vitest";
import type { Line, Rule } from "../../src/engine/model.js";
import { line, span } from "../support/table_rows.js";
import { centreInside } from "../../src/engine/layout/box.js";
import { CellCentres } from "../../src/engine/tables/cell_centres.js";
import { detectFigureColumns } from "../../src/engine/tables/figure_column.js";
import { detectLabelRows } from "../../src/engine/tables/label_rows.js";
import type { Table } from "../../src/engine/tables/model.js";
import { linesByTop } from "../../src/engine/tables/rows.js";
import { collectRulings } from "../../src/engine/tables/rulings.js";
import { indicesByKey } from "../../src/engine/tables/sorted_search.js";
import { runLooksTabular } from "../../src/engine/tables/reads_as_table.js";
import { textRow } from "../../src/engine/tables/cell_gaps.js";
import { detectTables } from "../../src/engine/tables/detect.js";
import { comparatorOrder } from "../support/seeded.js";

const PAGE = { width: 612, height: 792 };

/** A stroked rectangle, as collectRulings takes it for a frame. */
function frame(x0: number, y0: number, x1: number, y1: number): Rule {
  return { x0, y0, x1, y1, kind: "stroke" } as Rule;
}

const cellTexts = (tables: Table[]) => tables.map((t) => t.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" "))));

describe("indicesByKey: an insertion sort for keys nearly in order (a page's tops, read by the lines' middles)", () => {
  it("orders nearly sorted keys, ties in index order, as the comparator sort does", () => {
    const keys = [100, 98.5, 100, 114, 112, 112, 128, 127.5, 142, 140, 140, 156];
    expect(Array.from(indicesByKey(keys))).toEqual(comparatorOrder(keys));
    expect(Array.from(indicesByKey(keys))).toEqual([1, 0, 2, 4, 5, 3, 7, 6, 9, 10, 8, 11]);
  });

  it("orders keys far out of order (past its limit on moves) as the comparator sort does", () => {
    const keys: number[] = [];
    for (let i = 0; i < 60; i++) keys.push(60 - i + (i % 3));
    expect(Array.from(indicesByKey(keys))).toEqual(comparatorOrder(keys));
  });

  it("leaves keys holding a NaN to the comparator sort", () => {
    const keys = [3, NaN, 1, 2, NaN, 0];
    const order = new Int32Array(keys.length).map((_, i) => i).sort((a, b) => keys[a] - keys[b]);
    expect(Array.from(indicesByKey(keys))).toEqual(Array.from(order));
  });
});

describe("CellCentres.splitsARow (aligned_detector.ts splitByFrames, splitByPanel: a box against the run's cells)", () => {
  // Three rows of three cells, each 20 pt high, their cells 100 pt apart.
  const rows = [0, 1, 2].map((r) => ({ cells: [0, 1, 2].map((c) => ({ x0: 72 + 100 * c, x1: 132 + 100 * c, y0: 100 + 20 * r, y1: 112 + 20 * r })) }));
  const cellByCell = (box: { x0: number; y0: number; x1: number; y1: number }) => rows.some((row) => {
    const inside = row.cells.filter((cell) => centreInside(cell, box)).length;
    return inside > 0 && inside < row.cells.length;
  });
  const boxes = {
    "one cell's frame": { x0: 70, y0: 98, x1: 134, y1: 114 },
    "a frame round a whole row": { x0: 70, y0: 118, x1: 334, y1: 134 },
    "a frame round the whole run": { x0: 60, y0: 90, x1: 400, y1: 170 },
    "a column's shading": { x0: 170, y0: 90, x1: 234, y1: 170 },
    "a box beside the run": { x0: 400, y0: 90, x1: 500, y1: 170 },
    "a box with a NaN top": { x0: 70, y0: NaN, x1: 134, y1: 114 },
  };

  for (const [name, box] of Object.entries(boxes)) {
    it(`answers as the cell-by-cell count for ${name}`, () => {
      const centres = new CellCentres(rows as never);
      expect(centres.splitsARow(box)).toBe(cellByCell(box));
      // Asked again (the counts are cleared after each box), the answer stands.
      expect(centres.splitsARow(box)).toBe(cellByCell(box));
    });
  }

  it("holds some cells of a row in one cell's frame, none in a whole row's", () => {
    const centres = new CellCentres(rows as never);
    expect(centres.splitsARow(boxes["one cell's frame"])).toBe(true);
    expect(centres.splitsARow(boxes["a frame round a whole row"])).toBe(false);
  });
});

describe("detectLabelRows: a frame's lines looked for among those level with it (label_rows.ts TopWindow)", () => {
  // A framed box of labels over values, a line above it and one below it, and a second frame
  // a line runs out of (its lines part of something larger: no label rows).
  const lines = [
    line([span("Statement of account", 72, 60)]),
    line([span("Account", 80, 104, 8), span("Period", 200, 104, 8), span("Balance", 320, 104, 8)]),
    line([span("8327-9", 80, 118), span("November", 200, 118), span("1,204.50", 320, 118)]),
    line([span("Thank you for banking with us.", 72, 170)]),
    line([span("Ref", 80, 224), span("Date", 200, 224)]),
    line([span("A-17 running out of its frame", 80, 238)]),
  ];
  const rules = [frame(76, 100, 400, 134), frame(76, 220, 240, 254)];

  const detect = (withByTop: boolean) => {
    const tables: Table[] = [];
    const taken = new Set<Line>();
    detectLabelRows(lines, collectRulings(rules, PAGE), taken, new Set(), tables, withByTop ? linesByTop(lines) : undefined);
    return { tables: cellTexts(tables), taken: lines.filter((l) => taken.has(l)).length };
  };

  it("finds the framed labels over their values, and leaves the frame a line runs out of", () => {
    expect(detect(true).tables).toEqual([[["Account", "Period", "Balance"], ["8327-9", "November", "1,204.50"]]]);
  });

  it("finds what the look at every line of the page finds", () => {
    expect(detect(true)).toEqual(detect(false));
  });
});

describe("detectFigureColumns: figure lines counted before the page's lines are sorted", () => {
  const column = (n: number, last = "") => {
    const lines = [line([span("Total (SEK)", 300, 90)])];
    for (let r = 0; r < n; r++) lines.push(line([span(r === n - 1 && last ? last : `${1200 + 17 * r}.50`, 310, 104 + 14 * r)]));
    return lines;
  };
  const found = (lines: Line[]) => {
    const tables: Table[] = [];
    detectFigureColumns(lines, new Set(), tables);
    return cellTexts(tables);
  };

  it("finds a column of five figures under its heading, figures ending in a bracket or a per cent too", () => {
    expect(found(column(5))).toHaveLength(1);
    expect(found(column(5, "(310.00)"))).toHaveLength(1);
    expect(found(column(5, "12 %"))[0]).toHaveLength(6);
  });

  it("finds none under five figures, nor where a line ending in a letter breaks the column", () => {
    expect(found(column(4))).toEqual([]);
    expect(found(column(5, "1,250 kr"))).toEqual([]);
  });
});

describe("runFrom: a padded run tried only where the run of near rows stops at its first row", () => {
  // An office table padded apart: rows 30 pt apart in 10 pt type (PADDED_ROW_GAP_LINE_HEIGHTS_MAX).
  const padded: Line[] = [];
  for (let r = 0; r < 4; r++) padded.push(line([span(`Item ${r + 1}`, 72, 100 + 30 * r), span(`${10 + r}.00`, 300, 100 + 30 * r)]));
  // The same rows set at a line's pitch, then one row padded apart under them.
  const near: Line[] = [];
  for (let r = 0; r < 4; r++) near.push(line([span(`Item ${r + 1}`, 72, 100 + 14 * r), span(`${10 + r}.00`, 300, 100 + 14 * r)]));
  near.push(line([span("Item 5", 72, 186), span("14.00", 300, 186)]));

  const tablesOf = (lines: Line[]) => cellTexts(detectTables(lines, [], PAGE).tables);

  it("finds the padded table", () => {
    expect(tablesOf(padded)).toEqual([[["Item 1", "10.00"], ["Item 2", "11.00"], ["Item 3", "12.00"], ["Item 4", "13.00"]]]);
  });

  it("ends a table of near rows above a row padded apart from it", () => {
    expect(tablesOf(near)[0]).toHaveLength(4);
  });
});

describe("runLooksTabular: a column of answer choices read only while one can still come up often enough", () => {
  // Questions of a sentence's length (their column fails on its words alone) beside answers.
  const QUESTION = "Did you do any relaxation techniques to help you sleep last night";
  const run = (answers: readonly string[]) => answers.map((answer, i) => textRow([line([span(QUESTION, 20, 100 + 12 * i, 5), span(answer, 400, 100 + 12 * i, 5)])]));

  it("is a table where the one answer fills its share of the rows, the others coming first", () => {
    // Eight "yes no" of ten (CHOICE_ROWS_SHARE_MIN), after two other answers at the top.
    const answers = ["maybe later", "not sure", ...Array<string>(8).fill("yes no")];
    expect(runLooksTabular(run(answers), 0, answers.length)).toBe(true);
  });

  it("is none where the answers differ on one row too many", () => {
    const answers = ["maybe later", "not sure", "never", ...Array<string>(7).fill("yes no")];
    expect(runLooksTabular(run(answers), 0, answers.length)).toBe(false);
    expect(runLooksTabular(run(answers.map((a, i) => `${a} ${i}`)), 0, answers.length)).toBe(false);
  });
});

describe("collectRulings: segments sorted by position as numbers (rulings.ts sortByPos)", () => {
  // A table's row rules drawn cell by cell, bottom row first, then a frame: out of order.
  const rule = (x0: number, x1: number, y: number): Rule => ({ x0, y0: y, x1, y1: y + 0.5, kind: "fill" }) as Rule;
  const rules = [rule(300, 400, 160), rule(72, 300, 160), rule(72, 300, 100), rule(300, 400, 100), rule(72, 400, 130), rule(72, 400, 130.4), frame(72, 100, 400, 160)];

  it("merges each row's pieces into one rule, the rules in position order", () => {
    const h = collectRulings(rules, PAGE).h.map((s) => [Math.round(s.pos), Math.round(s.a), Math.round(s.b)]);
    expect(h).toEqual([[100, 72, 400], [130, 72, 400], [160, 72, 400]]);
  });

  it("gives the same rulings whatever order the rules were drawn in", () => {
    const round = (rs: Rule[]) => collectRulings(rs, PAGE).h.map((s) => [s.pos, s.a, s.b, s.thick, s.double]);
    expect(round([...rules].reverse())).toEqual(round(rules));
  });
});
