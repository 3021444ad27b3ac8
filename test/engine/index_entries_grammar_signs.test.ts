// layout/blocks.ts markIndexEntries: an index's column without leaders keeps one entry a line
// (bgteubner's LaTeX index, why3's Sphinx index, read column by column since
// tables/reads_as_table.ts isIndexColumns). layout/blocks.ts isBetweenCodeOnRow: a grammar's
// rule sign in the text face between a rule's two sides in the code face (why3's Sphinx
// productionlist, p. 94) is the rule's code. docs/engine.md, "Index columns" and "Rule signs".
import { describe, expect, it } from "vitest";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import type { Line } from "../../src/engine/model.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page } from "../support/layout.js";

const stats: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

function render(lines: Line[]): string {
  const prepared = prepareLines(lines);
  return renderPage(page(1, prepared), prepared, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
}
const stacked = (texts: readonly string[]) => texts.map((text, k) => line(text, { x: 90, y: 100 + 12 * k }));

describe("an index's column keeps one entry a line (markIndexEntries)", () => {
  it("breaks after each entry ending in its pages after a comma", () => {
    const md = render(stacked(["ncntrsbk package, 31", "newcent package, 31", "newstylenums, 36", "ngerman class option, 29", "nicefrac package, 32"]));
    expect(md.split("\\\n")).toHaveLength(5);
  });

  it("keeps an entry whose pages wrap onto the next line as one line", () => {
    const md = render(stacked(["split_all, 155", "split_goal, 155", "Stichwortverzeichnis, 5, 25,", "59", "subst, 157"]));
    expect(md).toContain("Stichwortverzeichnis, 5, 25, 59");
  });

  it("runs prose together whose lines end in a figure after a comma now and then", () => {
    const md = render(stacked(["The survey was run in three towns: Leeds, York and Hull, in 2019, 2020", "and again in the spring of 2021, after the new road had opened to", "traffic in both directions, with a count of the cars at each junction."]));
    expect(md).not.toContain("\\\n");
  });
});

describe("a grammar's rule sign between the rule's sides in the code face (isBetweenCodeOnRow)", () => {
  const rule = (name: string, rhs: string, y: number, sign = "::=") => [line(name, { x: 78, y, mono: true }), line(sign, { x: 153, y }), line(rhs, { x: 181, y, mono: true })];

  it("goes into the code block with its rule", () => {
    const md = render([...rule("ret_type", '"ghost"? type ; unnamed result', 100), ...rule("ret_name", '"ghost"? binder ":" type ; named result', 112), ...rule("path", 'lqualid ("." lqualid)*', 124)]);
    expect(md).not.toMatch(/^::=$/m);
    expect(md).toMatch(/^ret_type +::= +"ghost"\? type ; unnamed result$/m);
  });

  it("leaves a sign with code on one side only a line of the text", () => {
    const md = render([line("x", { x: 78, y: 100, mono: true }), line("::=", { x: 153, y: 100 }), line("Assignment binds the name on the left to the value.", { x: 90, y: 124 })]);
    expect(md).toMatch(/^::=/m);
  });
});
