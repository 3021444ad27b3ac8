// A Writer report (fixtures/excerpts/writer-annual-report, made by LibreOffice Writer from a
// source written here): SPEC.md §Output "paragraphs are separated by a blank line" and issue 9
// ("a reader given the PDF page and svc-md's Markdown would accept the Markdown as a faithful
// copy"). svc-md-1.1.39.
import { describe, expect, it } from "vitest";
import { withPlainMarkApart } from "../../src/engine/layout/footnote_area.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { superscripts } from "../../src/engine/layout/superscripts.js";
import { line, lineOfSpans, span } from "../support/layout.js";
import { excerptMarkdown } from "../support/markdown_of.js";

describe("a paragraph over a section of two columns (render/page.ts sameMeasure)", () => {
  it("ends at the section: its last line ran full and ended a sentence, and the columns below are narrower (before: 'the price review. The Board met …' one paragraph)", async () => {
    const md = await excerptMarkdown("writer-annual-report.pdf");
    expect(md).toContain("constructive challenge during the price review.\n\nThe Board met eleven times during the year.");
    // The columns read left, then right, one paragraph going on across the gutter.
    expect(md).toContain("to publish our first full assessment of the climate risks facing the network.");
  });
});

describe("footnotes whose numbers Writer sets plain (layout/footnote_area.ts withPlainMarkApart)", () => {
  it("writes the note's number raised, as a note whose mark is set small and high reads (before: '1The original …')", async () => {
    const md = await excerptMarkdown("writer-annual-report.pdf");
    expect(md).toContain("\n<sup>1</sup>The original completion date, set in the 2022 capital plan, was June 2026.");
    expect(md).toContain("\n<sup>2</sup>Demand figures are weather-corrected");
    // The marks in the text were raised already.
    expect(md).toContain("six months ahead of schedule,<sup>1</sup> and reduced leakage");
  });

  it("parts a plain number from its note's text, a space after it or none, and leaves a raised mark and a number without a capital after it alone", () => {
    for (const text of ["1The original completion date", "12 The supplier has agreed"]) {
      const [note] = withPlainMarkApart([line(text, { x: 72, y: 760, size: 9 })]);
      expect(note.plainNoteMark).toBe(true);
      expect(note.spans.map((s) => s.text)).toEqual([text.match(/^\d+/)![0], text.slice(text.match(/^\d+/)![0].length)]);
      expect(lineText(note)).toBe(text);
      expect(superscripts(note)).toEqual([true, false]);
    }
    const raised = lineOfSpans([span("1", 72, 757, { size: 6 }), span("The original completion date", 75, 760, { size: 9 })]);
    expect(withPlainMarkApart([raised])[0]).toBe(raised);
    const figure = line("6pt. leading is set", { x: 72, y: 760, size: 9 });
    expect(withPlainMarkApart([figure])[0]).toBe(figure);
  });
});
