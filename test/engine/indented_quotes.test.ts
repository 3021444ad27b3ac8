// layout/indented_quotes.ts: a paragraph set in from both sides of the body text around it,
// with no bar drawn beside it (a book's extract, TeX's quote and quotation), is a block quote,
// written after "> " (SPEC.md §Output: Markdown in reading order; docs/engine.md, Block quotes
// by their margins). svc-md-1.1.29.
import { describe, expect, it } from "vitest";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import type { Line } from "../../src/engine/model.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };
// 80 characters at 5 pt: body lines from x = 72 to 472, justified.
const BODY = "the body of the chapter runs on across the whole column from one edge to another";
// 72 characters: a quote's lines set in 2 em (20 pt) from each side, 92 to 452.
const QUOTED = "a couple of my boys could read music and one of them could play an organ";

function render(lines: Line[], pageNumber = 7): string {
  const prepared = prepareLines(lines);
  return renderPage(page(pageNumber, prepared), prepared, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
}

/** `rows` lines of `text` from `y`, 12 pt apart, at `x`; the last one `last`. */
function rows(text: string, x: number, y: number, count: number, last: string): Line[] {
  return Array.from({ length: count }, (_, i) => line(i === count - 1 ? last : text, { x, y: y + 12 * i }));
}

const before = rows(BODY, 72, 100, 4, "as Disney describes that first experiment:");
const quote = rows(QUOTED, 92, 160, 3, "to see the picture.");
const after = rows(BODY, 72, 208, 4, "and that was the end of it.");

describe("block quotes set by their margins (svc-md-1.1.29: Free Culture's extracts)", () => {
  it("writes a paragraph set in from both sides of the body around it after '> '", () => {
    const md = render([...before, ...quote, ...after]);
    expect(md).toContain("\n\n> a couple of my boys");
    expect(md.startsWith("the body of the chapter")).toBe(true);
    expect(md).toMatch(/\n\nthe body of the chapter[^\n]*and that was the end of it\.$/);
  });

  it("quotes a quotation that opens the page, the body running on after it", () => {
    expect(render([...quote.map((l) => ({ ...l })), ...rows(BODY, 72, 208, 6, "and that was the end of it.")])).toMatch(/^> a couple of my boys/);
  });

  it("leaves a paragraph set in on the left only (a hanging list, a first-line indent) as it is", () => {
    const leftOnly = rows(QUOTED + " and more", 92, 160, 3, "to see the picture.");
    expect(render([...before, ...leftOnly, ...after])).not.toContain("> ");
  });

  it("leaves two lines, a block of lines the author broke, a smaller note and a caption as they are", () => {
    expect(render([...before, ...quote.slice(1), ...after])).not.toContain("> ");
    expect(render([...before, ...quote.map((l) => ({ ...l, breakAfter: true as const })), ...after])).not.toContain("> ");
    const note = quote.map((l) => ({ ...l, spans: l.spans.map((s) => ({ ...s, size: 8 })) }));
    expect(render([...before, ...note, ...after])).not.toContain("> ");
    const caption = [line("Figure 3: " + QUOTED.slice(10), { x: 92, y: 160 }), ...quote.slice(1)];
    expect(render([...before, ...caption, ...after])).not.toContain("> ");
  });

  it("leaves a summary alone: under an Abstract title, or before the body on a document's first page", () => {
    const title = line("Abstract", { x: 72, y: 140, bold: true });
    expect(render([...before.slice(0, 2), title, ...quote, ...after])).not.toContain("> ");
    const body = rows(BODY, 72, 208, 6, "and that was the end of it.");
    expect(render([...quote, ...body], 1)).not.toContain("> ");
    expect(render([...quote, ...body], 2)).toContain("> ");
  });
});
