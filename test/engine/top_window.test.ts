// tables/top_window.ts: the runs of a page's lines (sorted by their tops) that a search by
// rows may meet. A speed measure, no rule: the searches that read only a run find what a read
// of every line found (overflow_cells.ts, figure_notes.ts hasRowCell).
import { describe, expect, it } from "vitest";
import type { Line } from "../../src/engine/model.js";
import { TopWindow } from "../../src/engine/tables/top_window.js";
import { hasRowCell } from "../../src/engine/tables/figure_notes.js";

function line(x0: number, y0: number, x1: number, y1: number): Line {
  return { spans: [{ text: "cell", x0, y0, x1, y1, font: "F", size: y1 - y0, bold: false, italic: false, monospace: false }], x0, y0, x1, y1, wmode: 0 };
}

/** Lines of rows 12 pt apart, some rows with a tall line (a cell of two lines). */
function page(): Line[] {
  const lines: Line[] = [];
  for (let r = 0; r < 40; r++) {
    const y = 50 + 12 * r;
    lines.push(line(50, y, 90, y + 10), line(150, y, 190, y + (r % 7 === 0 ? 30 : 10)), line(300, y + 0.5, 340, y + 10.5));
  }
  return lines.sort((a, b) => a.y0 - b.y0);
}

describe("TopWindow: the lines a search by tops may meet (tables/top_window.ts)", () => {
  it("holds every line whose top lies in the range, and every line crossing a height", () => {
    const lines = page();
    const window = new TopWindow(lines);
    for (const [lo, hi] of [[0, 40], [55, 130], [200.5, 200.5], [400, 1000]]) {
      const inside = lines.filter((l) => l.y0 >= lo && l.y0 <= hi);
      const run = lines.slice(window.from(lo), window.to(hi));
      for (const l of inside) expect(run).toContain(l);
    }
    for (const mid of [55, 61, 70, 140.2, 500]) {
      const crossing = lines.filter((l) => l.y0 <= mid && l.y1 >= mid);
      const run = lines.slice(window.fromCrossing(mid), window.to(mid));
      for (const l of crossing) expect(run).toContain(l);
    }
  });

  it("searches lines out of order, or with a bottom above the top, whole", () => {
    const lines = page();
    const shuffled = [lines[5], lines[0], ...lines.slice(6)];
    const window = new TopWindow(shuffled);
    expect([window.from(300), window.to(100)]).toEqual([0, shuffled.length]);
    const upside = page();
    upside[3] = { ...upside[3], y1: upside[3].y0 - 5 };
    const flipped = new TopWindow(upside);
    expect([flipped.from(300), flipped.to(100)]).toEqual([0, upside.length]);
  });

  it("answers hasRowCell as a read of every line does", () => {
    const lines = page();
    const window = new TopWindow(lines);
    for (const l of lines) {
      for (const side of ["left", "right", "either"] as const) expect(hasRowCell(lines, l, l.spans[0], side, window)).toBe(hasRowCell(lines, l, l.spans[0], side));
    }
  });
});
