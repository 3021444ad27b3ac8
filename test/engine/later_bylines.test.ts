// render/later_bylines.ts: a title opening a page after the first, its authors with their
// affiliations set at a heading's size under it (JACoW's template, p. 6: "THE JACoW
// COLLABORATION"), is followed by its byline, not by headings (SPEC.md §Output: headings;
// docs/engine.md, Headings).
import { describe, expect, it } from "vitest";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import type { Line } from "../../src/engine/model.js";
import { renderPage } from "../../src/engine/render/page.js";
import { demoteLaterBylines } from "../../src/engine/render/later_bylines.js";
import { type Block, headingBlock } from "../../src/engine/layout/blocks.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page } from "../support/layout.js";

/** A 10 pt body, headings at 14 pt bold (1) and 12 pt (2). */
const STATS: DocumentStats = {
  body: { size: 10, bold: false },
  headings: [
    { size: 14, bold: true, level: 1 },
    { size: 12, bold: false, level: 2 },
  ],
  running: new Set(),
};

/** The title, then `authors` centred at 12 pt, a group's lines 14 pt apart and a gap between
 *  groups, then a paragraph of body text. */
function collaboration(groups: string[][], bodyLine = "The body of the annex starts here and runs across the page in ten point type, as text does.", groupGap = 30): Line[] {
  const lines = [line("THE JACoW COLLABORATION", { x: 200, y: 80, size: 14, bold: true })];
  let y = 110;
  for (const group of groups) {
    for (const text of group) {
      lines.push(line(text, { x: 306 - text.length * 2.7, y, size: 12 }));
      y += 14;
    }
    y += groupGap;
  }
  lines.push(line(bodyLine, { x: 72, y: y + 20, size: 10 }));
  return lines;
}

const AUTHORS = [
  ["C. Petit-Jean-Genaz, J. Poole, T. Baron, R. Billen, P. Ferreira, N. Juszka, M. Vidal"],
  ["A. Mönnich, P. Poulopoulou, CERN, 1211 Geneva 23, Switzerland"],
  ["P. Dyer, C. Hoffman, Brookhaven National Laboratory, Upton, NY 11973, USA", "M. V. Kuzin, Budker Institute of Nuclear Physics, 630090 Novosibirsk, Russia"],
  ["M. McAteer, Helmholtz-Zentrum Berlin, 14109 Berlin, Germany"],
];

const render = (lines: Line[], pageNumber: number) => {
  const prepared = prepareLines(lines);
  return renderPage(page(pageNumber, prepared), prepared, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
};

describe("demoteLaterBylines: a title's byline on a page after the first", () => {
  it("writes the authors under a later page's title as lines of paragraphs, not as headings (JACoW's p. 6)", () => {
    const md = render(collaboration(AUTHORS), 6);
    expect(md).toMatch(/^# THE JACoW COLLABORATION/);
    expect(md).not.toMatch(/^##/m);
    expect(md).toContain("Upton, NY 11973, USA\\\nM. V. Kuzin");
    expect(md).toMatch(/^M\. McAteer, Helmholtz-Zentrum Berlin, 14109 Berlin, Germany$/m);
  });

  it("joins the byline's blocks set at its leading into one paragraph of lines (JACoW's p. 6: six paragraphs parted where its lines' starts read as headings' ends)", () => {
    const md = render(collaboration(AUTHORS, undefined, 0), 6);
    expect(md).toContain("M. Vidal\\\nA. Mönnich, P. Poulopoulou, CERN, 1211 Geneva 23, Switzerland\\\nP. Dyer");
    expect(md).toContain("630090 Novosibirsk, Russia\\\nM. McAteer");
    // Groups set apart stay paragraphs of their own (the test above).
    expect(render(collaboration(AUTHORS), 6)).toContain("M. Vidal\n\nA. Mönnich");
  });

  it("leaves a later page's sections under its title alone: a first heading that lists no authors", () => {
    const md = render(collaboration([["Beam Dynamics, Optics, and Lattices"], ["M. McAteer, Helmholtz-Zentrum Berlin, 14109 Berlin, Germany"]]), 6);
    expect(md).toMatch(/^## Beam Dynamics, Optics, and Lattices/m);
  });

  it("leaves the first page to demoteBylines", () => {
    // Page 1's byline rule demotes without breaking the lines.
    expect(render(collaboration(AUTHORS), 1)).not.toContain("USA\\\nM. V. Kuzin");
  });

  it("stops at a heading in the byline's level that lists fewer than three pieces (a section's title), and at a bold one", () => {
    const heading = (level: number, text: string, bold = false) => headingBlock(level, [line(text, { size: level === 1 ? 14 : 12, bold })]);
    const blocks: Block[] = [
      heading(1, "THE JACoW COLLABORATION", true),
      heading(2, "C. Petit-Jean-Genaz, J. Poole, T. Baron"),
      heading(2, "M. McAteer, Helmholtz-Zentrum Berlin, 14109 Berlin, Germany"),
      heading(2, "Introduction"),
      heading(2, "P. Dyer, C. Hoffman, Brookhaven National Laboratory, Upton, NY 11973, USA"),
    ];
    const isAuthorList = (text: string) => text.startsWith("C. Petit");
    demoteLaterBylines(blocks, 2, (lines) => lines.map(lineText).join(" "), isAuthorList, () => false);
    expect(blocks.map((b) => b.kind)).toEqual(["heading", "paragraph", "paragraph", "heading", "heading"]);
    const bold: Block[] = [heading(1, "THE JACoW COLLABORATION", true), heading(2, "C. Petit-Jean-Genaz, J. Poole, T. Baron", true)];
    demoteLaterBylines(bold, 2, (lines) => lines.map(lineText).join(" "), isAuthorList, () => false);
    expect(bold.map((b) => b.kind)).toEqual(["heading", "heading"]);
  });
});
