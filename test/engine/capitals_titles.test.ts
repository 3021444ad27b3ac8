// layout/blocks.ts joinWrappedHeadings: a title in capitals set in two sizes, its small words
// smaller (tug2005's title slide), is one heading at the larger size's level.
import { describe, expect, it } from "vitest";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import type { Line } from "../../src/engine/model.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page } from "../support/layout.js";

const stats: DocumentStats = {
  body: { size: 28, bold: false },
  headings: [
    { size: 64, bold: true, level: 1 },
    { size: 36, bold: true, level: 2 },
  ],
  running: new Set(),
};

/** A bold line of the size centred on x = 266, its top at y. */
function centred(text: string, size: number, y: number): Line {
  const width = text.length * size * 0.5;
  return line(text, { x: 266 - width / 2, y, size, bold: true });
}

function render(lines: Line[]): string {
  const prepared = prepareLines([...lines, line("August 24, 2005", { x: 166, y: 470, size: 28 })]);
  return renderPage(page(1, prepared, { width: 540, height: 720 }), prepared, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
}

describe("a title in capitals set in two sizes", () => {
  it("is one heading (tug2005: 'PRACTICAL USE OF' | 'SPECIAL' | 'COMMANDS' | 'IN' | 'DVIPDFMx')", () => {
    const md = render([centred("PRACTICAL USE OF", 36, 70), centred("SPECIAL", 64, 125), centred("COMMANDS", 64, 192), centred("IN", 36, 265), centred("DVIPDFMx", 64, 310)]);
    expect(md).toMatch(/^# PRACTICAL USE OF SPECIAL COMMANDS IN DVIPDFMx\n\nAugust 24, 2005$/);
  });

  it("leaves a title over its subtitle in small letters two headings", () => {
    const md = render([centred("SPECIAL COMMANDS", 64, 125), centred("In Practice", 36, 200)]);
    expect(md).toMatch(/^# SPECIAL COMMANDS\n\n## In Practice\n\n/);
  });
});
