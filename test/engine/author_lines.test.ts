// layout/author_lines.ts: a line of names each followed by a raised note mark is an author
// line, no heading, however large it is set (langsci's samplepaper, aiaa, els-cas, oup).
import { describe, expect, it } from "vitest";
import { isAuthorLine } from "../../src/engine/layout/author_lines.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import type { Line } from "../../src/engine/model.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page, type SpanSpec } from "../support/layout.js";

/** A 12 pt line of words and 8 pt raised marks, the marks written in brackets: "Jane Wilson[c]". */
function marked(text: string, y = 140): Line {
  const pieces: SpanSpec[] = text.split(/\[([^\]]*)\]/).map((piece, k) => (k % 2 === 1 ? { text: piece, size: 8 } : { text: piece, size: 12 }));
  return line(pieces.filter((piece) => piece.text !== ""), { x: 108, y });
}

describe("isAuthorLine", () => {
  it("takes two names or more, each with its mark", () => {
    expect(isAuthorLine([marked("Chap ter Author[a], Noam Chimpsky[b] & Jane Wilson[c]")])).toBe(true);
    expect(isAuthorLine([marked("First A. Author[∗] and Second B. Author[∗]")])).toBe(true);
    expect(isAuthorLine([marked("Sir J.K. Krishnan[a,c] (Researcher), Han Thane[b,d]")])).toBe(true);
  });

  it("leaves a title with its marks, and one marked name, alone", () => {
    expect(isAuthorLine([marked("AIAA[∗] LATEX Package Users Manual[†]")])).toBe(false);
    expect(isAuthorLine([marked("aiaa – a LATEX Class and BibTEX Style for AIAA[∗] Conference Papers and Journal Submission/Simulation[†]")])).toBe(false);
    expect(isAuthorLine([marked("Erich Knausenberger[§]")])).toBe(false);
    expect(isAuthorLine([line("Noam Chimpsky and Jane Wilson", { size: 12 })])).toBe(false);
  });
});

describe("renderPage: a paper's title block (langsci samplepaper p1, aiaa p1)", () => {
  const stats: DocumentStats = {
    body: { size: 10, bold: false },
    headings: [
      { size: 17, bold: false, level: 1 },
      { size: 12, bold: false, level: 2 },
    ],
    running: new Set(),
  };
  const body = (y: number) => ["Phasellus maximus erat ligula, accumsan rutrum augue facilisis in. Proin sit", "amet pharetra nunc, sed maximus erat. Duis egestas mi eget purus venenatis."].map((text, k) => line(text, { x: 108, y: y + 12 * k }));
  const render = (lines: Line[]) => {
    const prepared = prepareLines(lines);
    return renderPage(page(1, prepared), prepared, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
  };

  it("makes the author line a paragraph, under no title too", () => {
    expect(render([marked("Chap ter Author[a], Noam Chimpsky[b] & Jane Wilson[c]", 100), ...body(140)])).toMatch(/^Chap ter Author<sup>a<\/sup>, Noam Chimpsky<sup>b<\/sup> & Jane Wilson<sup>c<\/sup>\n\nPhasellus/);
  });

  it("reads the byline on after an author line under the title ('Bil Kleb‡ and Bill Wood‡' | 'Erich Knausenberger§')", () => {
    const md = render([line("AIAA LATEX Package Users Manual", { x: 108, y: 60, size: 17 }), marked("Bil Kleb[‡] and Bill Wood[‡]", 100), marked("Erich Knausenberger[§]", 130), ...body(170)]);
    expect(md).toContain("\n\nBil Kleb<sup>‡</sup> and Bill Wood<sup>‡</sup>\n\nErich Knausenberger<sup>§</sup>\n\n");
  });

  it("keeps a heading in that style a heading", () => {
    expect(render([line("Related Work", { x: 108, y: 100, size: 12 }), ...body(130)])).toMatch(/^## Related Work\n\n/);
  });
});
