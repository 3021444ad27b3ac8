// layout/typewriter_subtitles.ts: a title page set in a typewriter face (Free Culture's p. v)
// sets its subtitle in capitals in the title's face under it: the subtitle is text, not a
// code block. docs/engine.md, "Typewriter subtitles".
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
const FACE = "Monospace821BT-Roman";
const BOLD = "Monospace821BT-Bold";
const title = () => line("FREE CULTURE", { x: 54, y: 384, size: 34, mono: true, font: FACE });
const under = (texts: readonly string[], font = BOLD, y0 = 427) => texts.map((text, k) => line(text, { x: 62, y: y0 + 14 * k, size: 10, mono: true, bold: font === BOLD, font }));

describe("a typewriter title's subtitle in capitals is text (markTypewriterSubtitles)", () => {
  it("writes the subtitle as a paragraph, no code block", () => {
    const md = render([title(), ...under(["HOW BIG MEDIA USES TECHNOLOGY AND", "THE LAW TO LOCK DOWN CULTURE", "AND CONTROL CREATIVITY"])]);
    expect(md).not.toContain("```");
    expect(md).not.toMatch(/`[^`\n]*HOW/);
    expect(md).toContain("HOW BIG MEDIA USES TECHNOLOGY AND THE LAW TO LOCK DOWN CULTURE AND CONTROL CREATIVITY");
  });

  it("leaves code under a typewriter title a code block", () => {
    const md = render([title(), ...under(["int main(void) {", "  return 0;", "}"], FACE)]);
    expect(md).toContain("```");
  });

  it("leaves capitals with a digit or a sign of code code", () => {
    const md = render([title(), ...under(["10 PRINT HELLO", "20 GOTO 10"], FACE)]);
    expect(md).toContain("```");
  });

  it("leaves capitals under no title code", () => {
    const md = render(under(["SELECT NAME FROM USERS", "WHERE AGE IS NULL"], FACE));
    expect(md).toContain("```");
  });

  it("leaves capitals far under the title code", () => {
    const md = render([title(), ...under(["SELECT NAME FROM USERS", "WHERE AGE IS NULL"], FACE, 480)]);
    expect(md).toContain("```");
  });
});
