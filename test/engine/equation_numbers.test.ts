// A display equation's number ends its formula's paragraph (layout/equation_numbers.ts,
// docs/engine.md "Equation numbers"): reading order read "(2.1)" after "g(y) = y." on its row
// (row_order.ts), but the gap between them, most of the column, made the number a paragraph
// of its own under its equation (technion-thesis p. 18; acmart, elsarticle, revtex, asmeconf
// and 70 other papers of the review corpus). svc-md-1.1.26.
import { describe, expect, it } from "vitest";
import { markdownOf } from "../support/markdown_of.js";
import { pdfOfObjects } from "../support/documents.js";

/** One page of Helvetica (F1) at 11 pt: each piece a [x, y, text] set where it says. */
function pagePdf(pieces: readonly [number, number, string][]): Uint8Array {
  let content = "";
  for (const [x, y, text] of pieces) content += `BT /F1 11 Tf ${x} ${y} Td (${text}) Tj ET\n`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  return new Uint8Array(pdfOfObjects(objects));
}

const PROSE: [number, number, string][] = [
  [72, 700, "The remainder of this file is a boilerplate example. Equations are also fine,"],
  [72, 686, "and numbered ones are set with their number at the right margin:"],
];
const AFTER: [number, number, string][] = [[72, 630, "Of course, one may refer to a numbered equation such as (2.1)."]];

describe("an equation's number ends its formula's paragraph (equation_numbers.ts)", () => {
  it("writes '(2.1)' set at the right margin on the formula's row after the formula, a space apart", async () => {
    const md = await markdownOf(pagePdf([...PROSE, [280, 658, "g(y) = y."], [520, 658, "(2.1)"], ...AFTER]));
    expect(md).toContain("\n\ng(y) = y. (2.1)\n\n");
    expect(md).not.toMatch(/^\(2\.1\)$/m);
  });

  it("guard: leaves a number on a row of its own, under its formula, a paragraph of its own", async () => {
    const md = await markdownOf(pagePdf([...PROSE, [280, 658, "g(y) = y."], [520, 644, "(2.1)"], ...AFTER]));
    expect(md).toMatch(/^\(2\.1\)$/m);
  });

  it("guard: leaves a fraction's numerator alone on the row (a line of digits is no formula)", async () => {
    const md = await markdownOf(pagePdf([...PROSE, [280, 658, "12"], [520, 658, "(3)"], ...AFTER]));
    expect(md).not.toContain("12 (3)");
  });
});
