// layout/blocks.ts markGrammarAlternatives: a grammar's rule set one alternative a line, each
// ending in "|", keeps its lines (pdfTeX manual p40's goto-action syntax).
import { describe, expect, it } from "vitest";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page } from "../support/layout.js";

const stats: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

function render(texts: readonly string[]): string {
  const lines = prepareLines(texts.map((text, k) => line(text, { x: 90, y: 100 + 12 * k })));
  return renderPage(page(1, lines), lines, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
}

describe("a grammar's alternatives, one a line", () => {
  it("keeps each alternative ending in '|' on its line", () => {
    const md = render(["[ ⟨file spec⟩ ] [ ⟨goto-action struct spec⟩ ] ⟨nameid⟩ |", "[ ⟨file spec⟩ ] [ ⟨goto-action struct spec⟩ ] [ ⟨page spec⟩ ] ⟨general text⟩ |", "⟨file spec⟩ [ ⟨goto-action struct spec⟩ ] ⟨nameid⟩ ⟨newwindow spec⟩"]);
    expect(md.split("\\\n")).toHaveLength(3);
  });

  it("runs prose lines with a bar but no metavariable together", () => {
    const md = render(["The pipe joins the two commands on the shell's command line: ls |", "grep pdf lists the files whose names hold the three letters pdf."]);
    expect(md).not.toContain("\\\n");
  });
});
