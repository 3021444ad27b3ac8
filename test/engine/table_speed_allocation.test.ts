// Guards for the table detectors' cheaper ways to the same answers (docs/benchmarks.md,
// s13-tables): fewer short-lived arrays and objects, each compared here with the longer way
// it replaced, on hand-made input.
import { describe, expect, it } from "vitest";
import type { Line, Rule } from "../../src/engine/model.js";
import { line, span } from "../support/table_rows.js";
import { findGrids } from "../../src/engine/tables/grid.js";
import { groupRows, groupSortedRows, lineBox, linesByTop, sortedRowStarts } from "../../src/engine/tables/rows.js";
import { collectRulings } from "../../src/engine/tables/rulings.js";
import { indicesByKey } from "../../src/engine/tables/sorted_search.js";
import { pieceLines, splitsIntoPieces, textRow } from "../../src/engine/tables/cell_gaps.js";
import { comparatorOrder, seededRandom as random } from "../support/seeded.js";

const PAGE = { width: 612, height: 792 };

describe("indicesByKey: finite keys far out of order merged, with no comparator called back (sorted_search.ts mergeSortIndices)", () => {
  const next = random(7);
  const cases: [string, (i: number, n: number) => number][] = [
    ["random keys", () => next() * 1000],
    ["few distinct keys (many ties)", () => Math.floor(next() * 6)],
    ["descending keys", (i, n) => n - i],
    ["descending in ties", (i, n) => Math.floor((n - i) / 3)],
    ["two interleaved columns' tops", (i) => (i % 2) * 400 + i * 7],
  ];
  for (const [name, key] of cases) {
    it(`orders ${name} as the comparator sort does, at lengths past the merge's blocks`, () => {
      for (const n of [17, 33, 64, 100, 257]) {
        const keys = Array.from({ length: n }, (_, i) => key(i, n));
        expect(Array.from(indicesByKey(keys))).toEqual(comparatorOrder(keys));
        expect(Array.from(indicesByKey(Float64Array.from(keys)))).toEqual(comparatorOrder(keys));
      }
    });
  }

  it("leaves keys holding infinities to the comparator sort (two infinities' difference is NaN)", () => {
    const keys: number[] = [];
    for (let i = 0; i < 40; i++) keys.push(i % 7 === 0 ? Infinity : i % 5 === 0 ? -Infinity : 40 - i);
    expect(Array.from(indicesByKey(keys))).toEqual(comparatorOrder(keys));
  });
});

describe("sortedRowStarts: groupSortedRows' rows as ranges (the aligned and label-row detectors)", () => {
  const next = random(11);
  const lines: Line[] = [];
  // Rows of one to four lines, some overlapping the next row a little, some taller.
  for (let r = 0; r < 30; r++) {
    const y = 80 + r * 14 + (next() < 0.2 ? 7 : 0);
    const n = 1 + Math.floor(next() * 4);
    for (let c = 0; c < n; c++) lines.push(line([span(`cell ${r}.${c}`, 72 + c * 120, y + next() * 3, next() < 0.1 ? 14 : 10)]));
  }

  it("cuts the sorted lines where groupSortedRows cuts them", () => {
    const sorted = linesByTop(lines);
    const { starts, length } = sortedRowStarts(sorted, lineBox);
    const ranges: Line[][] = [];
    for (let r = 0; r < length; r++) ranges.push(sorted.slice(starts[r], starts[r + 1]));
    expect(ranges).toEqual(groupSortedRows(sorted, lineBox));
    expect(ranges).toEqual(groupRows(lines, lineBox));
    expect(starts[length]).toBe(sorted.length);
  });

  it("gives no row for no lines", () => {
    expect(sortedRowStarts([], lineBox).length).toBe(0);
    expect(groupSortedRows([], lineBox)).toEqual([]);
  });
});

describe("splitsIntoPieces over a range of a page's sorted lines (PageRows.splits)", () => {
  const rows = [
    [line([span("Name", 72, 100), span("Value", 200, 100)])],
    [line([span("one span only", 72, 120)])],
    [line([span("words set", 72, 140), span(" close", 117, 140)])],
    [line([span("left", 72, 160)]), line([span("right", 300, 161)])],
  ];
  const all = rows.flat();

  it("answers for each row's range as for the row's own lines", () => {
    let from = 0;
    for (const row of rows) {
      expect(splitsIntoPieces(all, from, from + row.length)).toBe(splitsIntoPieces(row));
      from += row.length;
    }
    expect(rows.map((row) => splitsIntoPieces(row))).toEqual([true, false, false, true]);
  });
});

describe("textRow's pieces as slices of its items (cell_gaps.ts)", () => {
  it("cuts a row at its cells' gaps, each piece's box its spans', spans out of order sorted", () => {
    const row = textRow([line([span("Total", 300, 100), span("Item", 72, 100), span(" count", 92, 100)])]);
    expect(row.cells.map((p) => p.items.map((i) => i.span.text))).toEqual([["Item", " count"], ["Total"]]);
    expect(row.cells.map((p) => [p.x0, p.x1])).toEqual([[72, 122], [300, 325]]);
  });

  it("keeps a one-piece row's items whole, and a piece holding its whole line gives the line itself", () => {
    const whole = line([span("one", 72, 100), span(" piece", 87, 100)]);
    const row = textRow([whole]);
    expect(row.cells).toHaveLength(1);
    expect(row.cells[0].items).toHaveLength(2);
    expect(pieceLines(row.cells[0])).toEqual([whole]);
    expect(pieceLines(row.cells[0])[0]).toBe(whole);
  });
});

describe("collectRulings and findGrids without per-page lists (rulings.ts, grid.ts)", () => {
  const h = (y: number, x0: number, x1: number): Rule => ({ x0, y0: y - 0.25, x1, y1: y + 0.25, kind: "fill" }) as Rule;
  const v = (x: number, y0: number, y1: number): Rule => ({ x0: x - 0.25, y0, x1: x + 0.25, y1, kind: "fill" }) as Rule;

  it("joins a ruled grid's rules into one grid and leaves a lone underline out of it", () => {
    const rules = [h(100, 72, 372), h(120, 72, 372), h(140, 72, 372), v(72, 100, 140), v(222, 100, 140), v(372, 100, 140), h(300, 72, 150)];
    const grids = findGrids(collectRulings(rules, PAGE));
    expect(grids).toHaveLength(1);
    expect(grids[0].xs).toEqual([72, 222, 372]);
    expect(grids[0].ys).toEqual([100, 120, 140]);
  });

  it("takes two grids apart, in the order of their rules' positions, an open rule closing one's row", () => {
    const rules = [
      h(400, 72, 272), h(420, 72, 272), h(440, 72, 272), v(72, 400, 440), v(172, 400, 440), v(272, 400, 440),
      h(100, 72, 272), h(120, 72, 272), h(140, 72, 272), v(72, 100, 140), v(172, 100, 140), v(272, 100, 140),
      // A rule across the second grid's width 12 pt under it, meeting no vertical.
      h(152, 72, 272),
    ];
    const grids = findGrids(collectRulings(rules, PAGE));
    expect(grids.map((g) => g.ys)).toEqual([[100, 120, 140, 152], [400, 420, 440]]);
    expect(grids.map((g) => g.openEdges)).toEqual([[140], []]);
  });

  it("hides a rule under a box painted after it, and shows a box's own edges as rules", () => {
    const rules = [h(200, 72, 372), { x0: 150, y0: 190, x1: 250, y1: 210, kind: "fill" } as Rule];
    const rulings = collectRulings(rules, PAGE);
    // The rule's parts either side of the box (less their clearance), and the box's top and bottom.
    expect(rulings.h.map((s) => [s.pos, s.a, s.b])).toEqual([
      [190, 150, 250],
      [200, 72, 146],
      [200, 254, 372],
      [210, 150, 250],
    ]);
    expect(rulings.hPos).toEqual([190, 200, 200, 210]);
    expect(rulings.fills).toEqual([{ x0: 150, y0: 190, x1: 250, y1: 210 }]);
  });
});
