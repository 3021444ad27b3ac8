// Guards for s16-render's speed changes (docs/benchmarks.md, s16-render): the same answers as
// the way each replaced, and where a gate is told wrongly, that it shows.
import { describe, expect, it } from "vitest";
import type { Line } from "../../src/engine/model.js";
import { renderTable } from "../../src/engine/render/table.js";
import type { Table } from "../../src/engine/tables/detect.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { line } from "../support/layout.js";

describe("renderTable's mayHoldRtl (DocumentStats.rightToLeft)", () => {
  const cell = (t: string) => ({ lines: [line(t)] });
  const hebrew: Table = { x0: 0, y0: 0, x1: 100, y1: 100, ruled: true, headerRows: 1, rows: [[cell("שם"), cell("ערך")], [cell("אלף"), cell("1")]] };
  const inline = (lines: Line[]) => lines.map(lineText).join(" ");

  it("puts a right-to-left table's columns in reading order where the document may hold such letters", () => {
    expect(renderTable(hebrew, "gfm", inline).split("\n")[0]).toBe("| ערך | שם |");
    expect(renderTable(hebrew, "gfm", inline, undefined, true).split("\n")[0]).toBe("| ערך | שם |");
  });

  it("reads no cell where the extractor found no right-to-left letter (told wrongly, the columns stay as set)", () => {
    expect(renderTable(hebrew, "gfm", inline, undefined, false).split("\n")[0]).toBe("| שם | ערך |");
  });
});
