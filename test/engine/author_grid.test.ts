// tables/author_grid.ts: a paper's authors set side by side in centred blocks (ACM's sigconf,
// IEEE's conference template) are written block by block, not as a table whose rows run
// across the blocks, nor read into the columns under them (issue 9: the engine on real
// documents; SPEC.md §Conversion).
import { describe, expect, it } from "vitest";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import type { Line } from "../../src/engine/model.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { findAuthorGrids } from "../../src/engine/tables/author_grid.js";
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

  it("reads a two-by-two grid above a page's two columns before the columns (gen-acm-sigconf)", () => {
    const column = (x: number, y: number) => Array.from({ length: 6 }, (_, k) => line("Scholarly articles are distributed as PDF", { x, y: y + 11 * k, size: 9 }));
    const blocks = [
      ["Marta Oliveira", "University of Porto", "marta@up.pt"],
      ["Kenji Watanabe", "Kyoto Institute", "kw@kit.ac.jp"],
      ["Amara Okafor", "Systems Lab", "amara@docsys.ng"],
      ["Lukas Brandt", "University of Munich", "brandt@in.tum.de"],
    ];
    const authors = blocks.flatMap((block, b) => block.map((text, r) => centred(text, b % 2 === 0 ? 180 : 430, 110 + 58 * (b >> 1) + 13 * r, r === 0 ? 12 : 10)));
    const md = render([...authors, ...column(54, 240), ...column(318, 240)]);
    expect(md.indexOf("Lukas Brandt")).toBeLessThan(md.indexOf("Scholarly"));
    expect(md).toContain("\n\nKenji Watanabe\\\nKyoto Institute\\\nkw@kit.ac.jp\n\nAmara Okafor\\\n");
  });

  it("finds none where the names are set at the text's size (a centred header over centred cells)", () => {
    expect(findAuthorGrids(prepareLines(grid(10)), 10).grids).toEqual([]);
  });

  it("finds none in a table of figures under a larger header row, nor under bold column heads (a slide's)", () => {
    const rows = [["Region", "2019", "2020"], ["North", "1,204", "13,311"], ["South", "87", "1,020"], ["East", "1,530", "98"]];
    const lines = prepareLines(rows.flatMap((row, r) => row.map((text, c) => centred(text, [142, 306, 470][c], 110 + 13 * r, r === 0 ? 12 : 10))));
    expect(findAuthorGrids(lines, 10).grids).toEqual([]);
    const bold = prepareLines(grid()).map((l) => (l.spans[0].size === 12 ? { ...l, spans: l.spans.map((s) => ({ ...s, bold: true })) } : l));
    expect(findAuthorGrids(bold, 10).grids).toEqual([]);
  });
});
