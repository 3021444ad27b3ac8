// Vector bullets: small shapes drawn left of a line (PageModel.marks, filled by both
// extractors) become the line's "•" (layout/vector_bullets.ts); symbol-font bullets are in
// blocks.test.ts. On synthetic lines and on the generated fixture whose bullets are paths.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openDocument } from "../../src/engine/extract/open.js";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { destroyPdfjsDocument, extractPagePdfjs, openPdfjsDocument } from "../../src/engine/extract/pdfjs/page.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { attachMarks } from "../../src/engine/layout/vector_bullets.js";
import type { Line, Mark, PageModel } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const fixturesDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../fixtures/pdf");

/** A 10 pt line at y (top) and a filled disc 3.4 pt across, centred on its x-height. */
function disc(x: number, y: number, kind: Mark["kind"] = "fill", size = 3.4): Mark {
  const cy = y + 6;
  return { x0: x, y0: cy - size / 2, x1: x + size, y1: cy + size / 2, kind };
}

function texts(lines: Line[]): string[] {
  return lines.map(lineText);
}

describe("attachMarks", () => {
  it("sets a glyph-sized mark left of a line as its bullet and moves the line's left edge to it", () => {
    const lines = [line("Wear a hard hat", { x: 90, y: 100 }), line("Stay on the walkways", { x: 90, y: 114 })];
    attachMarks(lines, [disc(80, 100), disc(80, 114, "stroke")]);
    expect(texts(lines)).toEqual(["• Wear a hard hat", "◦ Stay on the walkways"]);
    expect(lines[0].x0).toBe(80);
  });

  it("merges an open box drawn as four rules into one outline bullet", () => {
    const lines = [line("Leisure craft moor at the pontoon", { x: 113, y: 100 })];
    const sides: Mark[] = [
      { x0: 98.8, y0: 101, x1: 108.4, y1: 101.4, kind: "stroke" },
      { x0: 99, y0: 101.2, x1: 99.3, y1: 110, kind: "stroke" },
      { x0: 107.8, y0: 101.2, x1: 108.2, y1: 110, kind: "stroke" },
      { x0: 98.8, y0: 109.8, x1: 108.4, y1: 110.2, kind: "stroke" },
    ];
    attachMarks(lines, sides);
    expect(texts(lines)).toEqual(["◦ Leisure craft moor at the pontoon"]);
  });

  it("leaves marks that are too large, too far, too flat or off the line's height alone", () => {
    const lines = [line("An icon row", { x: 90, y: 100 }), line("A far mark", { x: 90, y: 130 }), line("A dash", { x: 90, y: 160 }), line("Above", { x: 90, y: 190 })];
    attachMarks(lines, [
      { x0: 70, y0: 99, x1: 86, y1: 112, kind: "fill" },
      disc(30, 130),
      { x0: 80, y0: 166, x1: 88, y1: 166.6, kind: "fill" },
      disc(80, 180),
    ]);
    expect(texts(lines)).toEqual(["An icon row", "A far mark", "A dash", "Above"]);
  });

  it("keeps a form's row of check boxes as text ('☐ Yes ☐ No')", () => {
    const lines = [line("Visitor", { x: 90, y: 100 }), line("Winter contract", { x: 145, y: 100 }), line("Yearly berth", { x: 240, y: 100 })];
    attachMarks(lines, [disc(80, 100, "stroke", 8), disc(133, 100, "stroke", 8), disc(228, 100, "stroke", 8)]);
    expect(texts(lines)).toEqual(["Visitor", "Winter contract", "Yearly berth"]);
  });

  it("takes the bullets of two columns on one row (a gutter is wider than a form's gap)", () => {
    const lines = [line("Tender published", { x: 30, y: 100 }), line("Approve the budget", { x: 209, y: 100 })];
    attachMarks(lines, [disc(20, 100), disc(199, 100)]);
    expect(texts(lines)).toEqual(["• Tender published", "• Approve the budget"]);
  });

  it("takes the bullets of a list in two CSS columns whose gap is under the form's reach, where the line before the mark is a column's (svc-md-1.1.38)", () => {
    // fixtures/excerpts/chromium-spec-sheet: columns 30 px apart, the left line ending 2.3 em
    // before the right column's bullet.
    const lines = [line("640 × 512 uncooled microbolometer, 12 µm", { x: 87.8, y: 133.7, size: 9.5 }), line("IP67 housing with germanium window", { x: 332.3, y: 133.7, size: 9.5 })];
    lines[0] = { ...lines[0], x1: 299.2 };
    attachMarks(lines, [disc(76.5, 133.2, "fill", 3), disc(321, 133.2, "fill", 3)]);
    expect(texts(lines)).toEqual(["• 640 × 512 uncooled microbolometer, 12 µm", "• IP67 housing with germanium window"]);
    // A choice's short label as near stays a form's row.
    const choices = [line("Strongly agree", { x: 87.8, y: 200, size: 9.5 }), line("Disagree", { x: 332.3, y: 200, size: 9.5 })];
    choices[0] = { ...choices[0], x1: 299.2 };
    attachMarks(choices, [disc(76.5, 199.5, "stroke", 6), disc(321, 199.5, "stroke", 6)]);
    expect(texts(choices)).toEqual(["Strongly agree", "Disagree"]);
  });

  it("turns a number drawn inside a mark (a numbered ball) into an ordered marker", () => {
    const l = line([{ text: "1", size: 6 }, { text: " Tender published in April" }], { x: 21.7, y: 100 });
    attachMarks([l], [{ x0: 18.8, y0: 101, x1: 27.8, y1: 110, kind: "image" }]);
    expect(lineText(l)).toBe("1. Tender published in April");
    const joined = line([{ text: "2", size: 6 }, { text: "Contract signed" }], { x: 21.7, y: 100 });
    attachMarks([joined], [{ x0: 18.8, y0: 101, x1: 27.8, y1: 110, kind: "image" }]);
    expect(lineText(joined)).toBe("2. Contract signed");
  });

  it("takes a ball larger than a bullet for a number's when it holds the number (issue 9: thubeamer's contents, an 8 pt number in a 12.6 pt ball before 10.9 pt text)", () => {
    const l = line([{ text: "1", size: 8 }, { text: " Research Contents", size: 10.9 }], { x: 28.7, y: 90.6 });
    l.spans[1].x0 = 41.7;
    attachMarks([l], [{ x0: 24.5, y0: 88.9, x1: 37.1, y1: 101.5, kind: "image" }]);
    expect(lineText(l)).toBe("1. Research Contents");
    expect(l.x0).toBeCloseTo(24.5);
    // A mark more than twice the number's size is a badge or a figure around it, not its ball.
    const badge = line([{ text: "1", size: 8 }, { text: " Research Contents", size: 10.9 }], { x: 28.7, y: 90.6 });
    attachMarks([badge], [{ x0: 20, y0: 84, x1: 38, y1: 102, kind: "image" }]);
    expect(lineText(badge)).toBe("1 Research Contents");
    // A large mark under a line that does not start with a number changes nothing.
    const word = line([{ text: "Step", size: 8 }, { text: " Research Contents", size: 10.9 }], { x: 28.7, y: 90.6 });
    attachMarks([word], [{ x0: 24.5, y0: 88.9, x1: 37.1, y1: 101.5, kind: "image" }]);
    expect(lineText(word)).toBe("Step Research Contents");
  });

  it("sets the mark just right of a right-to-left line as its bullet, first in logical order", () => {
    // Hebrew set from the right (x1 = 500): Chromium draws its list's discs right of the text.
    const text = "ניתן לשלם בכרטיס או באפליקציה";
    const l = line(text, { x: 500 - text.length * 5, y: 100 });
    attachMarks([l], [disc(510, 100), disc(60, 100)]);
    expect(lineText(l)).toBe("• " + text);
    expect(l.x1).toBeCloseTo(513.4);
  });

  it("gives a right-to-left line no bullet from a mark on its left, nor from a form's row of boxes on its right", () => {
    const text = "כן";
    const left = line(text, { x: 490, y: 100 });
    attachMarks([left], [disc(478, 100)]);
    expect(lineText(left)).toBe(text);
    const choices = [line("לא", { x: 460, y: 130 }), line(text, { x: 490, y: 130 })];
    attachMarks(choices, [disc(474, 130, "stroke", 8), disc(504, 130, "stroke", 8)]);
    expect(texts(choices)).toEqual(["לא", text]);
  });

  it("still reads a left-to-right line's mark on its right as no bullet", () => {
    const l = line("Wear a hard hat", { x: 90, y: 100 });
    attachMarks([l], [disc(170, 100)]);
    expect(lineText(l)).toBe("Wear a hard hat");
  });

  it("does not add a bullet to a line that already starts with one", () => {
    const l = line("• Apples", { x: 90, y: 100 });
    attachMarks([l], [disc(80, 100)]);
    expect(lineText(l)).toBe("• Apples");
  });
});

describe("vector bullets extracted from the generated fixture", () => {
  const bytes = () => new Uint8Array(readFileSync(resolve(fixturesDir, "lists-vector-bullets.pdf")));

  function bulleted(model: PageModel): string[] {
    const lines = prepareLines(model.lines);
    attachMarks(lines, model.marks);
    return lines.map(lineText).filter((t) => /^[•◦]/.test(t));
  }

  const expected = [
    "• Wear a hard hat and a high-visibility vest at all times, including in the car park and on the walkway",
    "• Stay on the marked walkways.",
    "◦ Yellow lines mark the pedestrian routes between the workshops and the quay.",
    "◦ Red lines mark the crane tracks.",
    "• Never stand on a crane track, even when the crane is parked.",
    "• Report a blocked track to the crane driver.",
    "• Sign out at the gate when you leave.",
    "• Show a photo identity card.",
    "• Give the name of the person you are visiting.",
  ];

  it("MuPDF keeps the discs, circles and squares as marks, and each becomes its line's bullet", () => {
    const { doc } = openDocument(bytes());
    try {
      const model = extractPageMupdf(doc, 0);
      expect(model.marks?.length).toBe(expected.length);
      expect(bulleted(model)).toEqual(expected);
    } finally {
      doc.destroy();
    }
  });

  it("pdf.js keeps the same marks", async () => {
    const doc = await openPdfjsDocument(bytes());
    try {
      const model = await extractPagePdfjs(doc, 1);
      expect(model.marks?.length).toBe(expected.length);
      expect(bulleted(model)).toEqual(expected);
    } finally {
      await destroyPdfjsDocument(doc);
    }
  });
});

describe("attachMarks: a picture off a picture bullet's corner (svc-md-1.1.26)", () => {
  // thubeamer's block: balls drawn as 5.1 pt pictures at x 39.6, the block's 8 pt shadow corner
  // a picture 2.5 pt under and 3.3 pt left of the last ball (p. 11: "XXXX[3] XXXX[4]").
  const items = () => [108.8, 128.3, 147.9, 167.4].map((y, k) => line(`XXXX[${k + 1}]`, { x: 50.2, y }));
  const balls = (): Mark[] => [111.4, 131.0, 150.5, 170.0].map((y0) => ({ x0: 39.6, y0, x1: 44.7, y1: y0 + 5.1, kind: "image" }));

  it("sets the last item's ball as its bullet beside the block's shadow corner", () => {
    const lines = items();
    attachMarks(lines, [...balls(), { x0: 28.3, y0: 177.6, x1: 36.3, y1: 185.6, kind: "image" }]);
    expect(texts(lines)).toEqual(["• XXXX[1]", "• XXXX[2]", "• XXXX[3]", "• XXXX[4]"]);
  });

  it("guard: a drawing's stroke off the corner of a stroked symbol still counts (Brotli's 'FRONT PORCH')", () => {
    const lines = items();
    const symbols: Mark[] = balls().map((b) => ({ ...b, kind: "stroke" }));
    attachMarks(lines, [...symbols, { x0: 28.3, y0: 177.6, x1: 36.3, y1: 185.6, kind: "stroke" }]);
    expect(texts(lines)[3]).toBe("XXXX[4]");
  });
});

describe("attachMarks: a picture touching a picture bullet's corner (CORNER_TOUCH_PT, s17-slides2)", () => {
  // thubeamer-example-en p. 5: six balls at x 39.6, the block's shadow corner's top 0.3 pt
  // above the last ball's bottom and 3.3 pt left of it ("- XXXX XXXX" had run two items together).
  const items = () => [93.4, 113.0, 132.5, 152.0, 171.5, 191.1].map((y) => line("XXXX", { x: 50.2, y }));
  const balls = (): Mark[] => [96.1, 115.6, 135.1, 154.6, 174.2, 193.7].map((y0) => ({ x0: 39.6, y0, x1: 44.7, y1: y0 + 5.1, kind: "image" }));

  it("sets the last item's ball as its bullet though the corner's top reaches 0.3 pt past its bottom", () => {
    const lines = items();
    attachMarks(lines, [...balls(), { x0: 28.3, y0: 198.5, x1: 36.3, y1: 206.5, kind: "image" }]);
    expect(texts(lines)).toEqual(Array(6).fill("• XXXX"));
  });

  it("guard: a picture beside the ball by more than that (a legend's swatch on its row) still counts", () => {
    const lines = items();
    attachMarks(lines, [...balls(), { x0: 33.3, y0: 194.7, x1: 37.3, y1: 198.7, kind: "image" }]);
    expect(texts(lines)[5]).toBe("XXXX");
  });
});
