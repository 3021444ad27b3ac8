// reference_entries.ts, through blocks.ts buildBlocks: a bibliography's entries set with a
// hanging label ("[12]", or a raised number) are one paragraph each, whatever an entry's first
// line ended with, and single-line entries one under another are not run together.
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { line, lineOfSpans, span } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 9, bold: false }, headings: [{ size: 14, bold: true, level: 1 }], running: new Set() };

/** A line of `text` from x to x1 at y, its one span stretched to that width (a justified line). */
function lineTo(text: string, x: number, y: number, x1: number, size = 9): Line {
  const l = line(text, { x, y, size });
  return { ...l, x1, spans: l.spans.map((s) => ({ ...s, x1 })) };
}

/** An entry's first line as revtex's aip style sets it: a raised 6 pt number, then 8 pt text to x1. */
function raisedEntry(mark: string, text: string, x: number, y: number, textX: number, x1: number): Line {
  const number = span(mark, x, y - 1.5, { size: 6 });
  const body = { ...span(text, textX, y, { size: 8 }), x1 };
  return lineOfSpans([{ ...number, x1: textX }, body]);
}

function paragraphs(lines: Line[]): string[] {
  return buildBlocks(lines, STATS).map((b) => b.lines.map(lineText).join(" | "));
}

describe("reference_entries: an entry's lines hang under its label's text (hangsUnderEntryLabel, LABEL_TEXT_TOLERANCE_EMS)", () => {
  it("goes on after a first line that ends in a quotation's closing mark, its text estimated right of where the next line hangs (apssamp's '[33] J. C. Knvth, …,”' | 'Vernier Art Center, …')", () => {
    const lines = [lineTo("[33] J. C. Knvth, “The programming of computer art,”", 317, 255.4, 562), lineTo("Vernier Art Center, Stanford, California (1988), a full", 335.3, 265.8, 562), lineTo("BOOKLET entry.", 335.3, 276.2, 400)];
    expect(paragraphs(lines)).toHaveLength(1);
  });

  it("goes on under a raised number's text after a first line ending in a year or a closing quote (aipsamp's '¹⁸B. Quinn, … 12-16 May 2005' | '(Wiley, New York, 2001) …')", () => {
    const lines = [raisedEntry("18", "B. Quinn, ed., Proceedings of the 2003 Particle Accelerator Conference, Portland, OR, 12-16 May 2005", 99.9, 303.1, 107.7, 494.5), lineTo("(Wiley, New York, 2001) albeit the conference was held in 2005, it was the 2003 conference, and the", 107.7, 314, 494.3, 8), lineTo("proceedings were published in 2001; go figure.", 107.7, 323.5, 277.6, 8)];
    expect(paragraphs(lines)).toHaveLength(1);
  });

  it("leaves a line indented further than the label's text alone: a paragraph's first-line indent after a full line that ended a sentence", () => {
    const lines = [lineTo("[3] The first entry of the list ends its sentence here at the edge.", 317, 100, 562), lineTo("A paragraph set in by two ems starts here and runs on.", 353, 110.4, 562)];
    expect(paragraphs(lines)).toHaveLength(2);
  });
});

describe("reference_entries: the next numbered entry starts a paragraph (startsReferenceEntry, LABEL_OUTDENT_EMS_MIN)", () => {
  it("splits single-line entries numbered one after another (apssamp's '[25] Y. M. Zalkins, …' | '[26] J. Nelson, …')", () => {
    const lines = [lineTo("[25] Y. M. Zalkins, e-print arXiv:cond-mat/040426 (2008).", 317, 86.6, 552.9), lineTo("[26] J. Nelson, U.S. Patent No. 5,693,000 (12 Dec. 2005).", 317, 97.2, 547), lineTo("[27] J. K. Nelson, M.S. thesis, New York University (1999).", 317, 107.6, 550)];
    expect(paragraphs(lines)).toHaveLength(3);
  });

  it("splits an entry whose label hangs left of the tail of one begun in the column before (apssamp's '… is a relative classic' | '[3] E. Beutler, in …' | 'E. Beutler, M. A. …')", () => {
    const lines = [lineTo("Phys. Rev. 94, 262 (1954); The classical relativistic", 72.4, 55.3, 298.9), lineTo("(EPR), ibid. 47, 777 (1935) is a relative classic", 72.4, 65.8, 261.1), lineTo("[3] E. Beutler, in Williams Hematology, Vol. 2, edited by", 58.6, 76.2, 299.1), lineTo("E. Beutler, M. A. Lichtman, B. W. Coller, and T. S.", 72.4, 86.6, 299)];
    expect(paragraphs(lines)).toEqual(["Phys. Rev. 94, 262 (1954); The classical relativistic | (EPR), ibid. 47, 777 (1935) is a relative classic", "[3] E. Beutler, in Williams Hematology, Vol. 2, edited by | E. Beutler, M. A. Lichtman, B. W. Coller, and T. S."]);
  });

  it("leaves lines that start with bracketed numbers out of sequence, or a bracket at a paragraph's own x, in their paragraph (a citation starting a wrapped line)", () => {
    const cited = [lineTo("[4] showed that the method converges for every start value in the", 72, 100, 300), lineTo("[12] and later work; the bound is tight, as the example there shows.", 72, 110.4, 290)];
    expect(paragraphs(cited)).toHaveLength(1);
    const prose = [lineTo("The method was first described by its authors in the paper", 72, 100, 300), lineTo("[12] and later extended to the general case by others.", 72, 110.4, 290)];
    expect(paragraphs(prose)).toHaveLength(1);
  });
});

describe("reference_entries: a ragged entry's lines under its label's text go on (goesOnUnderEntryLabel)", () => {
  // thubeamer-example-en p. 12, a beamer bibliography set ragged right: the third entry's lines
  // end well short of the frame's edge, one after a colon, and had made four paragraphs.
  const entries = () => [
    lineTo("[1] Webster III R J, Jones B A. Design and Kinematic Modeling of", 40, 60, 330),
    lineTo("Constant Curvature Continuum Robots: A Review[J]. The", 55, 71, 322),
    lineTo("1661-1683.", 55, 82, 110),
    lineTo("[3] McMahan W, Jones B A, Walker I D. Design and", 40, 97, 262),
    lineTo("Implementation of a Multi-section Continuum Robot:", 55, 108, 300),
    lineTo("Air-Octor[C] //IEEE/RSJ International Conference on", 55, 119, 318),
    lineTo("Intelligent Robots and Systems, Shanghai, China, 2005 :", 55, 130, 323),
    lineTo("2578-2585.", 55, 141, 110),
  ];

  it("keeps thubeamer's '[3] McMahan W, … Design and' | 'Implementation of …' | 'Air-Octor[C] …' | '2578-2585.' one entry", () => {
    expect(paragraphs(entries())).toEqual([
      "[1] Webster III R J, Jones B A. Design and Kinematic Modeling of | Constant Curvature Continuum Robots: A Review[J]. The | 1661-1683.",
      "[3] McMahan W, Jones B A, Walker I D. Design and | Implementation of a Multi-section Continuum Robot: | Air-Octor[C] //IEEE/RSJ International Conference on | Intelligent Robots and Systems, Shanghai, China, 2005 : | 2578-2585.",
    ]);
  });

  it("guard: a line set in further than the entry's text is no line of the entry", () => {
    const deeper = [lineTo("[3] McMahan W, Jones B A, Walker I D. Design and", 40, 97, 262), lineTo("Implementation of a Multi-section Continuum Robot:", 55, 108, 300), lineTo("a displayed line set in much further", 90, 119, 250)];
    expect(paragraphs(deeper).at(-1)).toBe("a displayed line set in much further");
  });
});
