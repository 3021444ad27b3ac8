// Guards for the table detectors' shortcuts (docs/benchmarks.md, svc-md-1.1.19 speed): each
// answers what the longer way answers, which these tests compare on hand-made rows.
import { describe, expect, it } from "vitest";
import type { Line } from "../../src/engine/model.js";
import { line, span } from "../support/table_rows.js";
import { groupRows, groupSortedRows, lineBox, linesByTop } from "../../src/engine/tables/rows.js";
import { pieceLines, rowEm, textRow } from "../../src/engine/tables/cell_gaps.js";

const texts = (rows: Line[][]) => rows.map((row) => row.map((l) => l.spans[0].text));

describe("linesByTop and groupSortedRows (detect.ts sorts a part's lines once for three detectors)", () => {
  // Lines out of top order (a two-column page read column by column), ties at one top, and
  // more than groupRows' insertion-sort limit, so that both of its sorts are met.
  const lines: Line[] = [];
  for (let r = 0; r < 12; r++) lines.push(line([span(`L${r}`, 72, 100 + 14 * r)]));
  for (let r = 0; r < 12; r++) lines.push(line([span(`R${r}`, 320, 100 + 14 * r)]));
  lines.push(line([span("tie", 200, 100)]));

  it("groups any subset kept in linesByTop's order as groupRows groups the subset", () => {
    const byTop = linesByTop(lines);
    for (const keep of [() => true, (l: Line) => !l.spans[0].text.startsWith("R"), (l: Line) => l.spans[0].text.endsWith("1") || l.spans[0].text === "tie"]) {
      expect(texts(groupSortedRows(byTop.filter(keep), lineBox))).toEqual(texts(groupRows(lines.filter(keep), lineBox)));
    }
  });

  it("keeps lines of one top in their order (a stable sort), as the rows' cells read", () => {
    const first = groupSortedRows(linesByTop(lines), lineBox)[0];
    expect(first.map((l) => l.spans[0].text)).toEqual(["L0", "R0", "tie"]);
  });
});

describe("pieceLines of a one-line piece (read without a map of lines)", () => {
  it("gives the line itself when the piece holds all its spans with text", () => {
    const whole = line([span("Name", 72, 100), span(" ", 92, 100), span("Value", 97, 100)]);
    const cells = textRow([whole]).cells;
    expect(cells).toHaveLength(1);
    expect(pieceLines(cells[0])).toEqual([whole]);
    expect(pieceLines(cells[0])[0]).toBe(whole);
  });

  it("gives a line of the piece's spans when the row was cut between cells", () => {
    const cut = line([span("Total", 72, 100), span("12.50", 300, 100)]);
    const cells = textRow([cut]).cells;
    expect(cells).toHaveLength(2);
    const parts = cells.map((cell) => pieceLines(cell));
    expect(parts.map((ls) => ls.map((l) => l.spans.map((s) => s.text).join("")))).toEqual([["Total"], ["12.50"]]);
    expect(parts[0][0]).not.toBe(cut);
  });
});

describe("rowEm (label_rows.ts reads the values' size before cutting their row)", () => {
  it("is textRow's em, blank spans left out", () => {
    const lines = [line([span("Account", 72, 100, 9), span("  ", 107, 100, 14)]), line([span("1–30 November", 200, 100, 11)]), line([span("8327", 330, 100, 10)])];
    expect(rowEm(lines)).toBe(textRow(lines).em);
    expect(rowEm([line([span(" ", 72, 100)])])).toBe(0);
  });
});
