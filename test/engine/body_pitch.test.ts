// The document's body pitch (document_stats.ts bodyPitchOf) stands in for a column's leading
// where the column is too short to measure its own and one of its pairs of paragraph lines
// is set at that pitch (blocks.ts documentLineGap): docs/engine.md, "Document statistics" and
// "Blocks". univie-ling's German paper template, p5: a numbered example's second paragraph
// ("Es kann mehrere Absätze enthalten") had joined its first.
import { describe, expect, it } from "vitest";
import { type Block, buildBlocks } from "../../src/engine/layout/blocks.js";
import { computeDocumentStats, type DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { line, page, stack } from "../support/layout.js";

const BODY_TEXT = "The quick brown fox jumps over the lazy dog and keeps running far away";
const stats = (bodyPitch: number | null): DocumentStats => ({ body: { size: 12, bold: false }, headings: [], running: new Set(), bodyPitch });
const texts = (blocks: Block[]) => blocks.map((b) => b.lines.map((l) => lineText(l).trim()).join(" | "));

/** univie-ling's p5 (a block's lines are its text, less a list's marker): three numbered examples, the first of two paragraphs, over a paragraph of
 *  two lines set at the body's 18 pt pitch; 12 pt type in 12 pt boxes. */
function examplesPage(): Line[] {
  const rows: [string, number, number][] = [
    ["(1) Das ist ein mehrzeiliges Beispiel", 85, 88],
    ["Es kann mehrere Absätze enthalten", 114, 111],
    ["(2) Das ist ein einzeiliges Beispiel", 85, 142],
    ["(3) Jeder Absatz wird in diesem Stil neu nummeriert", 85, 170],
    ["Auf die Beispiele verweist man am Besten so: Beispiel (2). Übrigens auch auf", 85, 201],
    ["Abschnitte: Abschnitt 1, wie man sieht.", 85, 219],
  ];
  return rows.map(([text, x, y]) => line(text, { x, y, size: 12 }));
}

describe("the document's body pitch", () => {
  it("is the most common top-to-top pitch of the body's paragraph lines over the pages", () => {
    const pages = [1, 2].map((n) => {
      const lines = [...stack(Array.from({ length: 20 }, () => BODY_TEXT), { size: 12, pitch: 14.5, y: 100 }), ...stack(["Short", "Lines", "Of a list"], { size: 12, pitch: 30, y: 500 })];
      return { model: page(n, lines), lines };
    });
    expect(computeDocumentStats(pages.map((p) => p.model), pages.map((p) => p.lines)).bodyPitch).toBe(14.5);
  });

  it("is unknown when too few pairs of lines show it", () => {
    const lines = stack(Array.from({ length: 5 }, () => BODY_TEXT), { size: 12, pitch: 14.5 });
    expect(computeDocumentStats([page(1, lines)], [lines]).bodyPitch).toBeNull();
  });

  it("ends a numbered example's paragraph in a run too short to measure its leading", () => {
    expect(texts(buildBlocks(examplesPage(), stats(18)))).toEqual([
      "Das ist ein mehrzeiliges Beispiel",
      "Es kann mehrere Absätze enthalten",
      "Das ist ein einzeiliges Beispiel",
      "Jeder Absatz wird in diesem Stil neu nummeriert",
      "Auf die Beispiele verweist man am Besten so: Beispiel (2). Übrigens auch auf | Abschnitte: Abschnitt 1, wie man sieht.",
    ]);
  });

  it("leaves the run alone when the document shows no pitch", () => {
    expect(texts(buildBlocks(examplesPage(), stats(null)))[0]).toBe("Das ist ein mehrzeiliges Beispiel | Es kann mehrere Absätze enthalten");
  });

  it("leaves a run none of whose paragraph lines is set at the body pitch alone (a title page's 'by' | 'The Graduate College')", () => {
    const title = [line("by", { x: 300, y: 274, size: 12 }), line("The Graduate College", { x: 260, y: 294, size: 12 }), line("In Partial Fulfillment of the", { x: 230, y: 470, size: 12 }), line("For the Degree of", { x: 260, y: 488, size: 12 })];
    expect(texts(buildBlocks(title, stats(18)))[0]).toBe("by | The Graduate College");
  });

  it("lets a column with leading enough to measure keep its own", () => {
    const lines = stack(["First line of a paragraph that runs on and on", "second line of the paragraph set at a loose", "leading of its own, a quotation's, wider than", "the body's pitch of the document around it."], { size: 12, pitch: 22, x: 85 });
    expect(buildBlocks(lines, stats(18))).toHaveLength(1);
  });
});
