// tables/author_grid.ts: a paper's authors set side by side in centred blocks (ACM's sigconf,
// IEEE's conference template) are written block by block, not as a table whose rows run
// across the blocks (issue 9: the engine on real documents; SPEC.md §Conversion, tables).
import { describe, expect, it } from "vitest";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import type { Line } from "../../src/engine/model.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { detectTables } from "../../src/engine/tables/detect.js";
import { markAuthorGrids } from "../../src/engine/tables/author_grid.js";
import { CHAR_WIDTH_EMS, line, page } from "../support/layout.js";

const stats: DocumentStats = { body: { size: 10, bold: false }, headings: [{ size: 17, bold: true, level: 1 }], running: new Set() };

/** A line of `text` in `size` centred on x = `axis`. */
function centred(text: string, axis: number, y: number, size = 10): Line {
  return line(text, { x: axis - (text.length * size * CHAR_WIDTH_EMS) / 2, y, size });
}

/** Author blocks centred on 142, 306 and 470: a name at 12 pt over 10 pt lines. The first
 * block is the tallest: its last two lines stand under the others'. */
function grid(nameSize = 12, axes = [142, 306, 470]): Line[] {
  const blocks = [
    ["Ben Trovato", "Institute for Clarity", "Dublin, Ohio, USA", "trovato@corporation.com", "webmaster@marysville.com"],
    ["Lars Thorvald", "The Thorvald Group", "Hekla, Iceland"],
    ["Valerie Beranger", "Inria Paris", "Rocquencourt, France"],
  ];
  return blocks.flatMap((block, c) => block.map((text, r) => centred(text, axes[c], 110 + 13 * r, r === 0 ? nameSize : 10)));
}

function render(lines: Line[]): string {
  const prepared = prepareLines([line("The Name of the Title Is Hope", { x: 189, y: 80, size: 17, bold: true }), ...lines]);
  return renderPage(page(1, prepared), prepared, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
}

describe("author grids (issue 9: acmart's sample-sigconf, IEEEtran's conference template)", () => {
  it("writes each author's block as one paragraph of lines, left to right, the tallest block's last lines with it", () => {
    expect(render(grid())).toBe(
      [
        "# The Name of the Title Is Hope",
        "Ben Trovato\\\nInstitute for Clarity\\\nDublin, Ohio, USA\\\ntrovato@corporation.com\\\nwebmaster@marysville.com",
        "Lars Thorvald\\\nThe Thorvald Group\\\nHekla, Iceland",
        "Valerie Beranger\\\nInria Paris\\\nRocquencourt, France",
      ].join("\n\n"),
    );
  });

  it("leaves a table whose first row is set at its body's size a table (a centred header over centred cells)", () => {
    const lines = prepareLines(grid(10));
    const { tables, rest } = detectTables(lines, [], { width: 612, height: 792 });
    expect(tables.length).toBe(1);
    markAuthorGrids(tables, rest);
    expect(tables[0].authorGrid).toBeUndefined();
  });

  it("leaves a table of figures under a larger header row a table", () => {
    const rows = [["Region", "2019", "2020"], ["North", "1,204", "13,311"], ["South", "87", "1,020"], ["East", "1,530", "98"]];
    const lines = prepareLines(rows.flatMap((row, r) => row.map((text, c) => centred(text, [142, 306, 470][c], 110 + 13 * r, r === 0 ? 12 : 10))));
    const { tables, rest } = detectTables(lines, [], { width: 612, height: 792 });
    expect(tables.length).toBe(1);
    markAuthorGrids(tables, rest);
    expect(tables[0].authorGrid).toBeUndefined();
  });
});
