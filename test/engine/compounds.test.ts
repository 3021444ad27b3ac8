// layout/compounds.ts: the hyphenated compounds a selection writes whole, which keep the hyphen
// of the same compound broken at a line end on another page (issue 9: tracemonkey's
// "floating-" | "point", whose page writes neither half apart).
import { describe, expect, it } from "vitest";
import { COMPOUNDS_PER_PAGE_MAX, documentCompounds, pageCompounds } from "../../src/engine/layout/compounds.js";
import { pageWords } from "../../src/engine/render/page_words.js";
import { line } from "../support/layout.js";

describe("pageCompounds", () => {
  it("reads the compounds a page writes whole, lower-cased, and not the word broken at a line's end", () => {
    const lines = [line("We use a Floating-Point representation and a state-of-the-art"), line("tracer, with a mixed-"), line("mode interpreter.")];
    expect(pageCompounds(lines).sort()).toEqual(["floating-point", "state-of-the-art"]);
  });

  it("reads at most COMPOUNDS_PER_PAGE_MAX of them", () => {
    const lines = Array.from({ length: 700 }, (_, i) => line(`word-${String.fromCharCode(97 + (i % 26))}${"x".repeat(Math.floor(i / 26))}`));
    expect(pageCompounds(lines)).toHaveLength(COMPOUNDS_PER_PAGE_MAX);
  });
});

describe("documentCompounds and the page's words", () => {
  it("keeps the hyphen of a compound broken on this page that another page writes whole", () => {
    const compounds = documentCompounds([pageCompounds([line("using a floating-point representation")]), []]);
    const here = pageWords([line("for all numbers it uses a floating-"), line("point representation")], compounds);
    expect(here.isCompound("floating", "point")).toBe(true);
    // Without the other page, this page alone says nothing of it: the hyphen goes.
    expect(pageWords([line("for all numbers it uses a floating-"), line("point representation")]).isCompound("floating", "point")).toBe(false);
  });
});

describe("a compound broken at a line end, through the document pass", () => {
  it("keeps its hyphen on page 2 where page 1 writes it whole, and drops a syllable break's", async () => {
    const { analyseDocument } = await import("../../src/engine/render/document.js");
    const { defaultRenderOptions } = await import("../../src/engine/result.js");
    const { ok, page } = await import("../support/layout.js");
    const first = page(1, [line("Numbers use a floating-point representation here.", { y: 300 })]);
    const second = page(2, [line("All numbers use a floating-", { y: 300 }), line("point representation and com-", { y: 312 }), line("pile to native code.", { y: 324 })]);
    const r = analyseDocument({ pageCount: 2, selected: [1, 2], selectionExpression: "1-2", outcomes: [ok(first), ok(second)], outline: null, hasXfa: false, options: defaultRenderOptions });
    expect(r.markdown).toContain("All numbers use a floating-point representation and compile to native code.");
  });
});
