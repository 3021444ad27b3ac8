// page_joins.ts headsUnderTitleRow: ReportLab repeats a table's two head rows, its title row
// and its column heads, over each page the table runs onto (the python-reportlab user guide's
// parameter tables, pp. 61-63). The title went as a repeated header; the column heads had
// stayed, a row "Parameter | Meaning | Default" in the middle of the table. docs/engine.md,
// "Pages and offsets".
import { describe, expect, it } from "vitest";
import { type AnalyseInput, assembleDocument, planDocumentPass } from "../../src/engine/render/document.js";
import { type LaidOutPage, layOutOutcomes } from "../../src/engine/layout/page_layout.js";
import { headsUnderTitleRow } from "../../src/engine/render/page_joins.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, ok, page } from "../support/layout.js";

/** The pages assembled with `markdowns` as their rendered Markdown (as analyse.test.ts). */
function assemble(markdowns: string[]) {
  const input: AnalyseInput = {
    pageCount: markdowns.length,
    selected: markdowns.map((_, i) => i + 1),
    selectionExpression: `1-${markdowns.length}`,
    outcomes: markdowns.map((_, i) => ok(page(i + 1, [line(`Page ${i + 1} text`, { y: 300 })]))),
    outline: null,
    hasXfa: false,
    options: defaultRenderOptions,
  };
  const held = new Map<number, LaidOutPage>();
  const planned = planDocumentPass(input, layOutOutcomes(input.outcomes, false, held));
  const rendered = new Map(markdowns.map((markdown, i) => [i + 1, { page: i + 1, markdown, columns: 1, links: [] }]));
  return assembleDocument(input, planned, rendered);
}

const TITLE = "| canvas.acroform.listbox parameters |  |  |\n| --- | --- | --- |";
const HEADS = "| ***Parameter*** | ***Meaning*** | ***Default*** |";

describe("a table's title row and column heads repeated over the next page (page_joins.ts headsUnderTitleRow)", () => {
  it("go, both, where the table goes on", () => {
    const r = assemble([`${TITLE}\n${HEADS}\n| **name** | the group name | *None* |`, `${TITLE}\n${HEADS}\n| **x** | the position | *0* |`]);
    expect(r.markdown).toBe(`${TITLE}\n${HEADS}\n| **name** | the group name | *None* |\n| **x** | the position | *0* |\n`);
  });

  it("are read only under a title row: a header of column heads keeps the rows under it", () => {
    expect(headsUnderTitleRow(`${TITLE}\n${HEADS}\n| **x** | the position | *0* |`, TITLE.split("\n")[0])).toBe(HEADS);
    const plain = "| Code | Depot | Pallets |";
    expect(headsUnderTitleRow(`${plain}\n| --- | --- | --- |\n| 1041 | Rotterdam | 234 |`, plain)).toBeNull();
  });
});
