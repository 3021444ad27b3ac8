// A book's front matter set as type (docs/engine.md "Ornament rules" and "Contents set as
// code"): Free Culture closes its front-matter pages with a "barcode" of the dingbat bars
// ❘ ❙ ❚, which had come out as a paragraph of 70 bars (layout/ornament_rules.ts), and sets
// its contents in Monospace 821, which had come out as a fenced listing
// (render/code_contents.ts). svc-md-1.1.27.
import { describe, expect, it } from "vitest";
import type { Line } from "../../src/engine/model.js";
import { analyseDocument } from "../../src/engine/render/document.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { contentsEntries } from "../../src/engine/render/code_contents.js";
import { line, ok, page, stack } from "../support/layout.js";

function convert(lines: Line[]): string {
  return analyseDocument({ pageCount: 1, selected: [1], selectionExpression: "1", outcomes: [ok(page(1, lines))], outline: null, hasXfa: false, options: defaultRenderOptions }).markdown;
}

const BARS = "❚❘❙❚❘❙❚❘❙❚❙❚❘❙❚❘❙❚❘❙❚❘❙❚❘❘❙❚❘❙❚❘❙❚❘❙❚❘❙❚❘❙";

describe("a rule set in dingbat bars (ornament_rules.ts withoutOrnamentRules)", () => {
  it("drops Free Culture's barcode, and the short piece of it the extractor cut off on its row", () => {
    const md = convert([line("THE PENGUIN PRESS", { y: 400, mono: true, bold: true }), line("NEW YORK", { y: 414, mono: true }), line("❚❘❙❚❘❙", { x: 10, y: 700, size: 21.8 }), line(BARS, { x: 60, y: 700, size: 21.8 })]);
    expect(md).toContain("PENGUIN PRESS");
    expect(md).not.toMatch(/[❘❙❚]/u);
  });

  it("guard: keeps a few bars in a line of text, and a short run of bars alone", () => {
    const md = convert([line("Rated ❚❚❚❚❚❚❚❚❚ of ten by the readers of the review.", { y: 100 }), line("❚❘❙", { y: 140 })]);
    expect(md).toContain("❚❚❚❚❚❚❚❚❚");
    expect(md).toContain("❚❘❙");
  });
});

describe("a contents page set as code (code_contents.ts contentsOutOfCode)", () => {
  const contents = ["PREFACE  xiii", "INTRODUCTION  1", "“PIRACY”  15", "  CHAPTER ONE: Creators  21", "  CHAPTER TWO: “Mere Copyists” 31", "     Film  53", "     Rebuilding Freedoms Previously Presumed:", "       Examples  277"];

  it("gives Free Culture's contents one paragraph an entry, a wrapped title with its number", () => {
    const md = convert(stack(contents, { y: 100, mono: true, size: 10 }));
    expect(md).not.toContain("```");
    expect(md).not.toContain("`");
    expect(md).toContain("\n\nCHAPTER ONE: Creators 21\n\n");
    expect(md).toContain("Rebuilding Freedoms Previously Presumed: Examples 277");
  });

  it("guard: a listing whose figures go down, or whose lines hold code, stays code", () => {
    const mono = (texts: string[]) => stack(texts, { y: 100, mono: true, size: 10 });
    expect(contentsEntries(mono(["alpha  30", "beta  12", "gamma  7", "delta  3"]))).toBeNull();
    expect(contentsEntries(mono(["x = f(1)  1", "y = g(2)  2", "z = h(3)  3", "w = k(4)  4"]))).toBeNull();
    expect(contentsEntries(mono(["Total  1", "Sum  2"]))).toBeNull();
    const md = convert(mono(["#include <stdio.h>  1", "int main(void) {  2", "  return 0;  3", "}  4"]));
    expect(md).toContain("```");
  });
});
