// layout/metavariables.ts and blocks.ts: a syntax display's lines, commands in the code face with
// their arguments written as metavariables ("⟨title⟩" in italics between angle brackets from a
// symbol font), are lines of code (docs/engine.md, "Metavariables"). tubguide's "\title * ⟨title⟩
// *" | "\author * ⟨author⟩ *" …, texdoc's "adjscore ⟨pattern⟩ = ⟨score adjustment⟩" had run into
// one paragraph of inline code; render/page.ts keeps such a listing atop the next column in the
// text's flow.
import { describe, expect, it } from "vitest";
import { type Block, buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { isMetavariableLine, metavariableSpans } from "../../src/engine/layout/metavariables.js";
import type { Line } from "../../src/engine/model.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

/** A line of pieces: `code` in the code face, `⟨name⟩` a metavariable (brackets in a symbol font, the name in italics), other text in the text face. */
function syntax(pieces: string[], x: number, y: number): Line {
  const spans = pieces.flatMap((piece) => {
    if (piece.startsWith("`")) return [{ text: piece.slice(1), mono: true }];
    const meta = /^⟨(.*)⟩$/.exec(piece);
    if (meta) return [{ text: "⟨", italic: true, font: "CMSY10" }, { text: meta[1], italic: true }, { text: "⟩", italic: true, font: "CMSY10" }];
    return [{ text: piece }];
  });
  return line(spans, { x, y });
}

function shapes(blocks: Block[]): string[] {
  return blocks.map((b) => `${b.kind}:${b.lines.map(lineText).join(" | ")}`);
}

describe("metavariableSpans", () => {
  it("marks the spans of each metavariable, with syntax brackets around it, and no code", () => {
    const l = syntax(["`\\title[", "⟨short⟩", "]{", "⟨title⟩", "`}"], 90, 100);
    expect(metavariableSpans(l.spans)).toEqual([false, true, true, true, true, true, true, true, false]);
  });

  it("leaves words in the text face beside a metavariable unmarked", () => {
    expect(metavariableSpans(syntax(["`\\cs", "takes", "⟨name⟩"], 90, 100).spans)).toEqual([false, false, false, false, false]);
    expect(metavariableSpans(syntax(["`\\cs ", "⟨name⟩ and more words"], 90, 100).spans).every((m) => !m)).toBe(true);
  });

  it("reads a line of metavariables alone as one, and a line with code as none", () => {
    expect(isMetavariableLine(syntax(["⟨body of article⟩"], 90, 100).spans)).toBe(true);
    expect(isMetavariableLine(syntax(["`\\article ", "⟨body⟩"], 90, 100).spans)).toBe(false);
  });
});

describe("buildBlocks: syntax lines with metavariables", () => {
  it("makes each line a line of one code block (tubguide's front matter)", () => {
    const lines = [
      syntax(["`\\title * ", "⟨title⟩", "` *"], 90, 100),
      syntax(["`\\author * ", "⟨author⟩", "` *"], 90, 111),
      syntax(["`\\address * ", "⟨address⟩", "` *"], 90, 122),
    ];
    expect(shapes(buildBlocks(lines, STATS))).toEqual(["code:\\title * ⟨title⟩ * | \\author * ⟨author⟩ * | \\address * ⟨address⟩ *"]);
  });

  it("takes a line of metavariables alone between lines of code into the code ('\\article' | '⟨body of article⟩' | '\\makesignature')", () => {
    const lines = [syntax(["`\\article"], 90, 100), syntax(["⟨body of article⟩"], 90, 111), syntax(["`\\makesignature"], 90, 122)];
    expect(shapes(buildBlocks(lines, STATS)).map((s) => s.split(":")[0])).toEqual(["code"]);
  });

  it("takes a line in the code face but for its metavariable's brackets into the code between lines of code (ltxdocext's '%⟨table head rows⟩'; svc-md-1.1.20)", () => {
    const named = (y: number) => line([{ text: "%", mono: true }, { text: "⟨", font: "CMSY10" }, { text: "table head rows", mono: true, italic: true }, { text: "⟩", font: "CMSY10" }], { x: 153.7, y });
    const lines = [syntax(["`%\\toprule"], 153.7, 100), named(111), syntax(["`%\\colrule"], 153.7, 122)];
    expect(shapes(buildBlocks(lines, STATS)).map((s) => s.split(":")[0])).toEqual(["code"]);
    // After prose it stays text.
    const after = [line("The commands mark the column heads, in context,", { x: 153.7, y: 100 }), named(111), syntax(["`%\\colrule"], 153.7, 122)];
    expect(shapes(buildBlocks(after, STATS)).map((s) => s.split(":")[0])[0]).toBe("paragraph");
  });

  it("leaves a line of metavariables after prose, and prose naming a command's argument, prose", () => {
    const lines = [
      line("The command takes one argument, written as", { x: 90, y: 100 }),
      syntax(["⟨body of article⟩"], 90, 111),
      syntax(["`\\makesignature"], 90, 122),
    ];
    expect(shapes(buildBlocks(lines, STATS)).map((s) => s.split(":")[0])).toEqual(["paragraph", "code"]);
    const prose = [syntax(["Use ", "`\\title", " with ", "⟨title⟩", " for the title of the article."], 90, 100)];
    expect(shapes(buildBlocks(prose, STATS)).map((s) => s.split(":")[0])).toEqual(["paragraph"]);
  });
});

describe("renderPage: a listing atop the next column, without a caption, stays in the text's flow", () => {
  const PITCH = 12;
  const FULL = "Word " + "word ".repeat(7) + "text";
  const left = [FULL, FULL, FULL, "one may use some or all of"].map((t, i) => line(t, { x: 72, y: 100 + i * PITCH }));
  const rest = ["to get the desired result. For an", "article with two authors, we could", "say it this way."];

  function render(top: Line[]): string {
    const right = rest.map((t, i) => line(t, { x: 312, y: 100 + (top.length + 1) * PITCH + i * PITCH }));
    const lines = prepareLines([...left, ...top, ...right]);
    return renderPage(page(1, lines), lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
  }

  it("reads the paragraph, the listing, then the paragraph's rest (tubguide's '\\theauthor {⟨author number⟩}')", () => {
    const md = render([syntax(["`\\theauthor {", "⟨author number⟩", "`}"], 322, 100), syntax(["`\\theaddress {", "⟨author number⟩", "`}"], 322, 112)]);
    expect(md.indexOf("some or all of")).toBeLessThan(md.indexOf("\\theauthor"));
    expect(md.indexOf("\\theaddress")).toBeLessThan(md.indexOf("to get the desired result"));
  });

  it("joins the paragraph across a captioned listing (a figure's code, tracemonkey's 'Figure 1')", () => {
    const listing = [line("for (var i = 0; i < 100; ++i)", { mono: true, x: 322, y: 100 }), line("Figure 1. A sample loop.", { x: 322, y: 124 })];
    const md = render(listing);
    expect(md).toContain("some or all of to get the desired result");
  });
});
