// Step 5, a pass over the page's blocks (render/page.ts): a display equation's number set
// right of its formula, on its row, ends the formula's paragraph. Reading order reads the
// number after the formula (row_order.ts numbersFormulaBeside), but the gap between them,
// most of the column's width, makes the number a block of its own, and it came out as a
// paragraph "(2.1)" under its equation. A reader of the page sees "g(y) = y.   (2.1)": the
// number is written after the formula, a space apart, as pdftotext writes the row.
import type { BlockOrTable } from "./blocks.js";
import { lineText } from "./lines.js";
import { BARE_NUMBER, EQUATION_NUMBER, onNumbersRow } from "./row_order.js";

/**
 * Moves each equation number, a paragraph of one line, onto the end of the paragraph before
 * it when that paragraph's last line stands left of it on its row. A number beside a
 * formula's middle line, or after a heading, a list item, code or a table, stays as it is.
 */
export function joinEquationNumbers(blocks: BlockOrTable[]): void {
  for (let i = blocks.length - 1; i >= 1; i--) {
    const block = blocks[i];
    if (block.kind !== "paragraph" || block.lines.length !== 1) continue;
    const number = block.lines[0];
    if (!EQUATION_NUMBER.test(lineText(number))) continue;
    const before = blocks[i - 1];
    if (before.kind !== "paragraph") continue;
    const formula = before.lines[before.lines.length - 1];
    if (formula.wmode !== 0 || number.wmode !== 0 || formula.x1 > number.x0 || !onNumbersRow(number, formula)) continue;
    // A line of digits alone is a fraction's numerator, no formula to number (BARE_NUMBER).
    if (BARE_NUMBER.test(lineText(formula))) continue;
    before.lines.push(number);
    blocks.splice(i, 1);
  }
}
