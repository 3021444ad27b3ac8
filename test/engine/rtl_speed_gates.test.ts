// The page's right-to-left flag (PageModel.rightToLeft: the extractor looked at every character
// and found no Hebrew or Arabic letter) asked once, where every pair of lines had searched a
// line's text for one (docs/benchmarks.md, s15-layout): blocks.ts startsNewBlock through
// DocumentStats.rightToLeft, line_joining.ts joins through PrepareOptions.rightToLeft.
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import { computeDocumentStats, type DocumentStats, digestPage, planDocument } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { line, page } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

/** A Hebrew line set from the right edge `right` leftwards, its top at `y`. */
function rtlLine(text: string, right: number, y: number): Line {
  const made = line(text, { y });
  const width = made.x1 - made.x0;
  made.spans[0].x0 = made.x0 = right - width;
  made.spans[0].x1 = made.x1 = right;
  return made;
}

/** Two Hebrew paragraphs set from x = 500, justified: the second's first line (the third) is
 *  indented 20 pt from the right, where a right-to-left paragraph starts. */
function twoRtlParagraphs(): Line[] {
  const full = "שורה מלאה של טקסט רץ שממלאת את הטור מקצה לקצה בלי הפסקה";
  return [rtlLine(full, 500, 100), rtlLine(full, 500, 112), rtlLine(full.slice(4), 480, 124), rtlLine(full, 500, 136), rtlLine(full, 500, 148)];
}

describe("DocumentStats.rightToLeft: startsNewBlock reads a line's direction only where a page may hold such letters", () => {
  it("splits right-to-left paragraphs at their right indent where the flag is absent or true", () => {
    expect(buildBlocks(twoRtlParagraphs(), STATS).map((b) => b.lines.length)).toEqual([2, 3]);
    expect(buildBlocks(twoRtlParagraphs(), { ...STATS, rightToLeft: true }).map((b) => b.lines.length)).toEqual([2, 3]);
  });

  it("asks no line when the flag is false (the gate: told wrongly, the paragraphs would run together)", () => {
    expect(buildBlocks(twoRtlParagraphs(), { ...STATS, rightToLeft: false }).map((b) => b.lines.length)).toEqual([5]);
  });

  it("is false only where every page's extractor found no right-to-left letter", () => {
    const latin = [line("Plain text of a page", { y: 100 })];
    const known = page(1, latin);
    known.rightToLeft = false;
    const hebrew = page(2, twoRtlParagraphs());
    hebrew.rightToLeft = true;
    const unknown = page(3, [line("Plain text of a page", { y: 100 })]);
    expect(planDocument([digestPage(known, known.lines)]).rightToLeft).toBe(false);
    expect(planDocument([digestPage(known, known.lines), digestPage(hebrew, hebrew.lines)]).rightToLeft).toBe(true);
    // A page whose extractor did not look (pdf.js) may hold some.
    expect(planDocument([digestPage(known, known.lines), digestPage(unknown, unknown.lines)]).rightToLeft).toBe(true);
    expect(computeDocumentStats([known], [known.lines]).rightToLeft).toBe(false);
  });
});

describe("PrepareOptions.rightToLeft: the joiner looks for a right-to-left item's number only on a page that may hold one", () => {
  /** A Hebrew item and its number "1." right of it, as Chromium prints an RTL <ol>. */
  const item = (): Line[] => [rtlLine("פריט ראשון ברשימה", 480, 100), line(".1", { x: 500, y: 100 })];

  it("joins the number to its item where the flag is absent or true", () => {
    expect(prepareLines(item()).length).toBe(1);
    expect(prepareLines(item(), { rightToLeft: true }).length).toBe(1);
  });

  it("does not look when the flag is false (told wrongly, the number stays a fragment of its own)", () => {
    expect(prepareLines(item(), { rightToLeft: false }).map(lineText)).toEqual(["פריט ראשון ברשימה", ".1"]);
  });
});
