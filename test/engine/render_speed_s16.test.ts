// Guards for s16-render's speed changes (docs/benchmarks.md, s16-render): the same answers as
// the way each replaced, and where a gate is told wrongly, that it shows.
import { describe, expect, it } from "vitest";
import type { Line } from "../../src/engine/model.js";
import { renderTable } from "../../src/engine/render/table.js";
import { lastTableHeader } from "../../src/engine/render/page_joins.js";
import type { Table } from "../../src/engine/tables/detect.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { line } from "../support/layout.js";
import { seededRandom } from "../support/seeded.js";

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

describe("lastTableHeader walks a table's rows by position (page_joins.ts)", () => {
  /** lastTableHeader as it read before: each row cut out and asked for its pipe. */
  function reference(markdown: string): string | null {
    let end = markdown.length;
    let header: string | null = null;
    let second: string | null = null;
    while (end > 0) {
      const start = markdown.lastIndexOf("\n", end - 1) + 1;
      const line = markdown.slice(start, end);
      if (!line.startsWith("|")) break;
      second = header;
      header = line;
      end = start - 1;
    }
    return header !== null && second !== null && /^\|(?: *:?-{3,}:? *\|)+$/.test(second) ? header : null;
  }

  it("finds the header of the table a page ends with, as cutting out every row did", () => {
    const next = seededRandom(7);
    const pieces = ["| a | b |", "| --- | ---: |", "| 1 | 2 |", "", "text", "|", "| x |", "| --- |", "\\| no", " | b |"];
    for (let n = 0; n < 2000; n++) {
      const markdown = Array.from({ length: Math.floor(next() * 7) }, () => pieces[Math.floor(next() * pieces.length)]).join("\n") + (next() < 0.1 ? "\n" : "");
      expect(lastTableHeader(markdown), JSON.stringify(markdown)).toBe(reference(markdown));
    }
    expect(lastTableHeader("Intro\n\n| a | b |\n| --- | --- |\n| 1 | 2 |")).toBe("| a | b |");
    expect(lastTableHeader("| 1 | 2 |\n| 3 | 4 |")).toBeNull();
  });
});
