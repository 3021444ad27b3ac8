// Guards for session 21's cheaper ways to the same answers in the table detectors (issue 9):
// each page-level gate compared here with the tests it stands for, on hand-made pages.
import { describe, expect, it } from "vitest";
import type { Line, Span } from "../../src/engine/model.js";
import { fragmentSpansBySet, type Piece, pieceLines } from "../../src/engine/tables/cell_gaps.js";
import { isBlank } from "../../src/engine/tables/rows.js";
import { line, span } from "../support/table_rows.js";
import { hasRowCell, mayHaveRowCells } from "../../src/engine/tables/figure_notes.js";
import { linesByTop } from "../../src/engine/tables/rows.js";
import { seededRandom as random } from "../support/seeded.js";

/** Whether hasRowCell finds a cell beside some span of some line, on any side. */
function someRowCell(lines: readonly Line[]): boolean {
  for (const l of lines) for (const s of l.spans) for (const side of ["left", "right", "either"] as const) if (hasRowCell(lines, l, s, side)) return true;
  return false;
}

describe("mayHaveRowCells: no cut of the aligned detector without a cell beside it (figure_notes.ts)", () => {
  it("is false only where hasRowCell is false for every line, span and side", () => {
    const next = random(21);
    let none = 0;
    for (let page = 0; page < 400; page++) {
      const lines: Line[] = [];
      // A column of lines at a leading, some pages with a line beside another, a superscript
      // or a taller line reaching into the next row.
      let y = 72;
      const n = 3 + Math.floor(next() * 30);
      for (let i = 0; i < n; i++) {
        const size = next() < 0.1 ? 7 + next() * 10 : 10;
        lines.push(line([span("words of a line", 72 + next() * 5, y, size)]));
        if (next() < 0.02) lines.push(line([span("beside", 400, y + (next() - 0.5) * 12, 10)]));
        y += 12 + (next() < 0.1 ? (next() - 0.5) * 8 : 0);
      }
      const sorted = linesByTop(lines);
      const may = mayHaveRowCells(sorted);
      if (!may) {
        none++;
        expect(someRowCell(sorted)).toBe(false);
      }
    }
    // Both answers came up.
    expect(none).toBeGreaterThan(20);
    expect(none).toBeLessThan(400);
  });

  it("answers true for a line beside another on its row, and for lines not sorted by their tops", () => {
    const a = line([span("Name", 72, 100)]);
    const b = line([span("Value", 300, 101)]);
    expect(mayHaveRowCells([a, b])).toBe(true);
    const c = line([span("below", 72, 140)]);
    expect(mayHaveRowCells([a, c])).toBe(false);
    expect(mayHaveRowCells([c, a])).toBe(true);
  });
});

describe("pieceLines: a piece of a line's spans in their order read without a set (cell_gaps.ts spansInOrder)", () => {
  it("gives the spans the set's way gave, for pieces in order, out of order, over blanks and over other cells", () => {
    const next = random(5);
    for (let t = 0; t < 300; t++) {
      const spans: Span[] = [];
      const n = 2 + Math.floor(next() * 10);
      for (let i = 0; i < n; i++) spans.push(span(next() < 0.3 ? " " : `w${i}`, 72 + i * 30, 100));
      // Now and then a span twice in its line.
      if (next() < 0.1) spans.splice(Math.floor(next() * n), 0, spans[Math.floor(next() * n)]);
      const whole = line(spans);
      const picked = spans.filter((s) => !isBlank(s.text) && next() < 0.5);
      if (picked.length === 0 || picked.length === spans.filter((s) => !isBlank(s.text)).length) continue;
      if (next() < 0.2) picked.reverse();
      const piece: Piece = { items: picked.map((s) => ({ span: s, line: whole })), x0: 0, x1: 0, y0: 0, y1: 0, text: null };
      const [got] = pieceLines(piece);
      const before = fragmentSpansBySet(whole, picked);
      expect(got.spans.length).toBe(before.length);
      for (let i = 0; i < before.length; i++) expect(got.spans[i]).toBe(before[i]);
    }
  });
});
