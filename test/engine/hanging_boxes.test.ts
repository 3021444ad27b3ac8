// layout/furniture.ts hangingLines: a header box drawn at every page's head reaches below the
// margin band; its lines there are page furniture where they repeat at their place with their
// words, as the band's own lines are (issue 9 item 1: running heads; elsarticle's documentation,
// whose title and grid of links had kept their lower half on every page; svc-md-1.1.22).
import { describe, expect, it } from "vitest";
import { analyseDocument } from "../../src/engine/render/document.js";
import type { Line, PageOutcome } from "../../src/engine/model.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, ok, page } from "../support/layout.js";

/** The box: two lines in the band (792 pt page: the band is 79.2 pt), two hanging below it,
 *  and a grid of links beside them whose last rows hang too. */
function headerBox(): Line[] {
  return [
    line("elsarticle.cls - A better", { x: 46, y: 38, size: 18 }),
    line("way to format your", { x: 46, y: 58, size: 18 }),
    line("document", { x: 46, y: 78, size: 18 }),
    line("Elsevier Ltd", { x: 46, y: 105, size: 12 }),
    line("Introduction", { x: 376, y: 34 }),
    line("Installation", { x: 376, y: 51 }),
    line("Frontmatter", { x: 376, y: 67 }),
    line("Theorem and ...", { x: 376, y: 83 }),
    line("Cross-references", { x: 376, y: 99 }),
    line("Bibliography", { x: 376, y: 115 }),
  ];
}

function body(n: number): Line[] {
  return [
    line(`Section ${n} explains one more part of the class, in words that change from page`, { x: 100, y: 170 }),
    line(`to page, so that nothing of the text repeats: this is page number ${n} of them.`, { x: 100, y: 182 }),
  ];
}

function convert(pages: PageOutcome[]): string {
  const selected = pages.map((o) => (o.ok ? o.model.page : o.page));
  return analyseDocument({
    pageCount: selected.length,
    selected,
    selectionExpression: `1-${selected.length}`,
    outcomes: pages,
    outline: null,
    hasXfa: false,
    options: defaultRenderOptions,
  }).markdown;
}

describe("a header box that reaches below the margin band (furniture.ts hangingLines)", () => {
  it("strips the box's lines under the band with those in it, on every page of four", () => {
    const md = convert([1, 2, 3, 4].map((n) => ok(page(n, [...headerBox(), ...body(n)]))));
    for (const words of ["way to format", "document", "Elsevier Ltd", "Theorem and", "Cross-references", "Bibliography"]) expect(md).not.toContain(words);
    for (const n of [1, 2, 3, 4]) expect(md).toContain(`this is page number ${n} of them.`);
  });

  it("keeps a line under the box whose words change from page to page (a chapter's name)", () => {
    const md = convert([1, 2, 3, 4].map((n) => ok(page(n, [...headerBox(), line(`Chapter ${"ABCD"[n - 1]}`, { x: 46, y: 122, size: 12 }), ...body(n)]))));
    expect(md).not.toContain("Elsevier Ltd");
    for (const c of "ABCD") expect(md).toContain(`Chapter ${c}`);
  });

  it("keeps the text set further under the box than a line's gap, though it repeats (a form's first question)", () => {
    const question = line("1. What is the name of your company?", { x: 46, y: 140 });
    const md = convert([1, 2, 3, 4].map((n) => ok(page(n, [...headerBox(), question, ...body(n)]))));
    expect(md.match(/What is the name of your company\?/g)?.length).toBe(4);
  });

  it("keeps the lines under the band on a selection of two pages (HANGING_PAGES_MIN: a test print's title under its rulers)", () => {
    const md = convert([1, 2].map((n) => ok(page(n, [...headerBox(), ...body(n)]))));
    expect(md).toContain("Elsevier Ltd");
    expect(md).toContain("Bibliography");
  });
});
