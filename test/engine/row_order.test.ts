// layout/row_order.ts: a term in its own face put before its definition on one baseline
// (issue 9: octave's readline keys, whose definitions had been read before their terms).
import { describe, expect, it } from "vitest";
import { putRowMatesLeftToRight } from "../../src/engine/layout/row_order.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

/** A line of octave.pdf's page 43 as MuPDF reads it: the typewriter term's box starts 1.5 pt
 * lower than the roman definition's, their bottoms 0.3 pt apart. */
const at = (text: string, x: number, y0: number, y1: number, style: { mono?: boolean; bold?: boolean } = {}): Line => {
  const l = line([{ text, ...style }], { x, y: y0, size: 10 });
  return { ...l, y1, spans: l.spans.map((s) => ({ ...s, y1 })) };
};

describe("putRowMatesLeftToRight", () => {
  it("puts a term in the code or bold face before the definition beside it", () => {
    const items = [
      at("Kill the text from the current cursor position to the end of the line.", 147.6, 230.5, 241.4),
      at("C-k", 90, 232, 241.1, { mono: true }),
      at("Kill from the cursor to the end of the current word, or if between words, to the", 147.6, 250, 260.9),
      at("M-d", 90, 251.5, 260.6, { bold: true }),
      at("end of the next word.", 147.6, 263.1, 274),
    ];
    putRowMatesLeftToRight(items);
    expect(items.map((l) => lineText(l).slice(0, 8))).toEqual(["C-k", "Kill the", "M-d", "Kill fro", "end of t"]);
  });

  it("reads a bullet's term in the code face by its words, the bullet aside (issue 9: dvipdfmx-special's framed commands)", () => {
    const items = [at("creates a named", 223.6, 658.5, 670.6), { ...line([{ text: "• " }, { text: "pdf:obj @name PDFobject", mono: true }], { x: 82, y: 660.7 }), y1: 670.3 }];
    putRowMatesLeftToRight(items);
    expect(items.map(lineText)).toEqual(["• pdf:obj @name PDFobject", "creates a named"]);
    // A line of punctuation alone is no term.
    const dot = [at("encryption", 300, 100, 110), at(".", 100, 101, 110.2, { bold: true })];
    putRowMatesLeftToRight(dot);
    expect(dot.map(lineText)).toEqual(["encryption", "."]);
  });

  it("puts a term in the code face whose box lies within its definition's height before it (uwa-pcf's margin label, its bottom 1.7 pt over the Source Sans line's; svc-md-1.1.17)", () => {
    const items = [at("The horizontal offset of the signature line labels.", 141.7, 563.3, 577.4), at("\\uwapcf@sig@labeloffset", 20.5, 565.5, 575.7, { mono: true })];
    putRowMatesLeftToRight(items);
    expect(items.map(lineText)).toEqual(["\\uwapcf@sig@labeloffset", "The horizontal offset of the signature line labels."]);
    // Not before a list item's bullet, nor a bold term so nested.
    const bullet = [at("• doc: Formats the document as usual", 141.7, 563.3, 577.4), at("doc", 60, 565.5, 575.7, { mono: true })];
    putRowMatesLeftToRight(bullet);
    expect(bullet.map(lineText)).toEqual(["• doc: Formats the document as usual", "doc"]);
    const bold = [at("The horizontal offset of the signature line labels.", 141.7, 563.3, 577.4), at("Offset", 60, 565.5, 575.7, { bold: true })];
    putRowMatesLeftToRight(bold);
    expect(bold.map(lineText)).toEqual(["The horizontal offset of the signature line labels.", "Offset"]);
  });

  it("puts such a term before a definition that opens with a bracket (kpathsea's 'tex' beside \"(TEX source, see …)\", whose lowered E drops the line's bottom 2 pt; svc-md-1.1.20)", () => {
    const items = [at("(TEX source, see Section “tex invocation” in Web2c) TEXINPUTS; suffix ‘.tex’;", 147.6, 501.38, 513.4), at("‘tex’", 90, 501.4, 511.4, { mono: true })];
    putRowMatesLeftToRight(items);
    expect(items.map(lineText)).toEqual(["‘tex’", "(TEX source, see Section “tex invocation” in Web2c) TEXINPUTS; suffix ‘.tex’;"]);
    // A bracketed number is no definition's opening: a formula's tag stays where it was read.
    const tag = [at("(1) x = y + z", 147.6, 501.38, 513.4), at("eq", 90, 501.4, 511.4, { mono: true })];
    putRowMatesLeftToRight(tag);
    expect(tag.map(lineText)).toEqual(["(1) x = y + z", "eq"]);
  });

  it("keeps pieces of one face, pieces on other baselines and vertical writing where reading put them", () => {
    const cells = [at("response rate", 300, 100, 110), at("Education system", 100, 101, 110)];
    putRowMatesLeftToRight(cells);
    expect(cells.map(lineText)).toEqual(["response rate", "Education system"]);
    const label = [at("an entry of two lines", 300, 100, 110), at("«bound»", 100, 104, 116, { mono: true })];
    putRowMatesLeftToRight(label);
    expect(label.map(lineText)).toEqual(["an entry of two lines", "«bound»"]);
    const vertical = [at("Kill the text", 147.6, 230.5, 241.4), { ...at("C-k", 90, 232, 241.1, { mono: true }), wmode: 1 as const }];
    putRowMatesLeftToRight(vertical);
    expect(vertical.map(lineText)).toEqual(["Kill the text", "C-k"]);
  });
});

describe("putRowMatesLeftToRight: a line of code left of a bold label on its row (row_order.ts codeBeforeLabel)", () => {
  it("puts a listing's last line before the browser's 'COPY' button set at its right, its box a hair higher (nodejs's API pages printed by Chromium)", () => {
    const items = [
      at("console.warn(`Danger ${name}! Danger!`);", 45.8, 652.4, 660.7, { mono: true }),
      at("C O P Y", 517.1, 666.0, 674.3, { bold: true }),
      at("// Prints: Danger Will Robinson! Danger!, to stderr", 45.8, 666.7, 675.2, { mono: true }),
    ];
    putRowMatesLeftToRight(items);
    expect(items.map((l) => lineText(l).slice(0, 9))).toEqual(["console.w", "// Prints", "C O P Y"]);
  });

  it("leaves a line of code after a bold label right of it on another baseline, and code beside code as read", () => {
    const below = [at("C O P Y", 517.1, 660, 668.3, { bold: true }), at("// Prints: to stderr", 45.8, 666.7, 675.2, { mono: true })];
    putRowMatesLeftToRight(below);
    expect(below.map(lineText)).toEqual(["C O P Y", "// Prints: to stderr"]);
    const code = [at("fi", 300, 100, 110, { mono: true }), at("done", 100, 101, 110.2, { mono: true })];
    putRowMatesLeftToRight(code);
    expect(code.map(lineText)).toEqual(["fi", "done"]);
  });
});

describe("putRowMatesLeftToRight: captions side by side over a table (row_order.ts setAsOneRow, issue 9: srdp-mathematik's 'mit \\setcounter{Antworten}{0}:' and '…{1}:')", () => {
  const caption = (n: number, x: number, y: number) => line([{ text: "mit " }, { text: `\\setcounter{Antworten}{${n}}`, mono: true }, { text: ":" }], { x, y });
  const table = { kind: "table" };

  it("reads the left one first when their tops differ by a rounding (0.0006 pt) and a table comes next", () => {
    const items: object[] = [caption(1, 317.5, 594.0994), caption(0, 51, 594.1), table];
    putRowMatesLeftToRight(items);
    expect(items.slice(0, 2).map((l) => lineText(l as Line))).toEqual(["mit \\setcounter{Antworten}{0}:", "mit \\setcounter{Antworten}{1}:"]);
  });

  it("leaves such lines as read where no table comes next (two columns' lines read column by column), and lines a point apart", () => {
    const columns: object[] = [caption(1, 317.5, 594.0994), caption(0, 51, 594.1), caption(2, 51, 606)];
    putRowMatesLeftToRight(columns);
    expect(lineText(columns[0] as Line)).toBe("mit \\setcounter{Antworten}{1}:");
    const apart: object[] = [caption(1, 317.5, 593), caption(0, 51, 594.1), table];
    putRowMatesLeftToRight(apart);
    expect(lineText(apart[0] as Line)).toBe("mit \\setcounter{Antworten}{1}:");
  });
});

describe("putRowMatesLeftToRight: a display equation's number after its formula (row_order.ts EQUATION_NUMBER, EQUATION_ROW_OVERLAP_SHARE_MIN)", () => {
  it("reads technion-thesis' \"(2.1)\", its box 1.2 pt higher than \"g(y) = y.\", after the formula", () => {
    const items = [at("as are numbered equations:", 91.9, 509.7, 520.6), at("(2.1)", 500.9, 523.3, 534.2), at("g(y) = y.", 286, 524.5, 534.2), at("Of course, one may refer to (2.1).", 91.9, 542.9, 553.8)];
    putRowMatesLeftToRight(items);
    expect(items.map(lineText)).toEqual(["as are numbered equations:", "g(y) = y.", "(2.1)", "Of course, one may refer to (2.1)."]);
  });

  it("reads a number level with a fraction's middle line after that line and the denominator under it, the numerator first", () => {
    const items = [at("a + b", 280, 100, 110), at("(12)", 500, 108, 119), at("x =", 250, 109, 118), at("c", 285, 113, 121), at("where x is the ratio.", 72, 135, 145)];
    putRowMatesLeftToRight(items);
    expect(items.map(lineText)).toEqual(["a + b", "x =", "c", "(12)", "where x is the ratio."]);
    // cmpj's fractions' digits, a line "12" of their own on the row of "(2.2)", beside the formula.
    const digits = [at("(2.2)", 490.6, 688, 697.2), at("2 φ(+) = 0.", 348.8, 688, 697.2), at("12", 320.1, 689, 697)];
    putRowMatesLeftToRight(digits);
    expect(digits.map(lineText)).toEqual(["2 φ(+) = 0.", "12", "(2.2)"]);
  });

  it("leaves an item's letter label, a number set left of its formula, a margin's line number beside a number, and a number over a line below it where they were", () => {
    const label = [at("(a)", 500, 99, 110), at("first case", 280, 100, 110)];
    putRowMatesLeftToRight(label);
    expect(label.map(lineText)).toEqual(["(a)", "first case"]);
    const leqno = [at("(3)", 72, 99, 110), at("y = 2x", 280, 100, 110)];
    putRowMatesLeftToRight(leqno);
    expect(leqno.map(lineText)).toEqual(["(3)", "y = 2x"]);
    // aomsample's margin line number "5" beside its number "(55)", set left of its formula.
    const margin = [at("(55)", 118.8, 173.2, 182.8), at("5", 102.1, 177.7, 184.7)];
    putRowMatesLeftToRight(margin);
    expect(margin.map(lineText)).toEqual(["(55)", "5"]);
    const below = [at("(4)", 500, 99, 110), at("The next paragraph starts here.", 72, 112, 122)];
    putRowMatesLeftToRight(below);
    expect(below.map(lineText)).toEqual(["(4)", "The next paragraph starts here."]);
  });

  it("puts a bibliography's bracketed label before its entry's first line on its baseline (iodhbwm's [Nie88a]; svc-md-1.1.33)", () => {
    const items = [at("Friedrich Nietzsche. Sämtliche Werke. Kritische Studienausgabe. Hrsg.", 162.7, 287.9001, 298.4), at("[Nie88a]", 99.2, 287.9002, 298.4), at("von Giorgio Colli und Mazzino Montinari.", 162.4, 302.3, 312.9)];
    putRowMatesLeftToRight(items);
    expect(items.map((l) => lineText(l).slice(0, 9))).toEqual(["[Nie88a]", "Friedrich", "von Giorg"]);
    // A syntax's bracketed metavariable beside code is no label of an entry.
    const syntax = [at("[...]", 200, 100, 110, { mono: true }), at("[ structure ]", 100, 100.1, 110)];
    putRowMatesLeftToRight(syntax);
    expect(syntax.map(lineText)).toEqual(["[...]", "[ structure ]"]);
  });
});
