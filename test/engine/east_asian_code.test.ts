// layout/east_asian_code.ts and blocks.ts: a listing's lines holding Japanese or Chinese text,
// set in a CJK face at the code's size, are lines of the listing (docs/engine.md, "East Asian
// text in code"). auto-multiple-choice's Japanese manual (p. 29) had come out as fenced
// pieces ("\wrongchoice{K2}") between lines of inline code and paragraphs
// ("`\correctchoice{`サガルマータ}", "次の中で標高が一番高いのはどれですか？").
import { describe, expect, it } from "vitest";
import { type Block, buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { markEastAsianCodeLines } from "../../src/engine/layout/east_asian_code.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

/** The body at 9 pt: a page mostly listing (the selection of one page) sets the code's size. */
const STATS: DocumentStats = { body: { size: 9, bold: false }, headings: [], running: new Set() };
/** A listing's pitch at 9 pt. */
const PITCH = 10.8;

/** A line of pieces at `size`: "`…" in the code face (DejaVuSansMono), the rest in a CJK face (IPAexGothic). */
function row(pieces: string[], x: number, y: number, size = 9): Line {
  return line(
    pieces.map((p) => (p.startsWith("`") ? { text: p.slice(1), mono: true, font: "DejaVuSansMono", size } : { text: p, font: "IPAexGothic", size })),
    { x, y, size },
  );
}

function kinds(blocks: Block[]): string[] {
  return blocks.map((b) => `${b.kind}:${b.lines.map(lineText).join(" | ")}`);
}

/** auto-multiple-choice.ja p. 29's first listing, after its lead-in. */
function listing(y0: number): Line[] {
  return [
    row(["`\\begin{question}{", "解説", "`}"], 56.7, y0),
    row(["次の中で標高が一番高いのはどれですか？"], 67.5, y0 + PITCH),
    row(["`\\begin{choices}"], 67.4, y0 + 2 * PITCH),
    row(["`\\correctchoice{", "サガルマータ", "`}"], 89, y0 + 3 * PITCH),
    row(["`\\wrongchoice{K2}"], 89, y0 + 4 * PITCH),
    row(["`\\wrongchoice{", "モンブラン", "`}"], 89, y0 + 5 * PITCH),
    row(["`\\end{choices}"], 67.4, y0 + 6 * PITCH),
    row(["`\\end{question}"], 56.7, y0 + 7 * PITCH),
  ];
}

describe("markEastAsianCodeLines", () => {
  it("marks code closed around East Asian text, and a line of East Asian text between lines of the listing", () => {
    const lines = listing(100);
    const monos = [false, false, true, false, true, false, true, true];
    markEastAsianCodeLines(monos, lines, 9);
    expect(monos).toEqual([true, true, true, true, true, true, true, true]);
  });

  it("guard: leaves East Asian text alone at a listing's edge, a line at another size, and a line a paragraph's skip away", () => {
    const caption = [row(["`\\end{choices}"], 56.7, 100), row(["設問の例です。"], 56.7, 100 + PITCH)];
    const m1 = [true, false];
    markEastAsianCodeLines(m1, caption, 9);
    expect(m1).toEqual([true, false]);
    const prose = [row(["`question", "環境を使います。"], 56.7, 100, 10), row(["`\\begin{choices}"], 56.7, 100 + PITCH)];
    const m2 = [false, true];
    markEastAsianCodeLines(m2, prose, 9);
    expect(m2).toEqual([false, true]);
    const apart = [row(["`\\begin{question}{", "解説", "`}"], 56.7, 100), row(["`\\end{question}"], 56.7, 100 + 3 * PITCH)];
    const m3 = [false, true];
    markEastAsianCodeLines(m3, apart, 9);
    expect(m3).toEqual([false, true]);
  });

  it("guard: code then East Asian text to the line's end (prose with inline code) joins only between lines of code", () => {
    const lines = [row(["`questionmultx ", "環境があります。"], 56.7, 100), row(["`\\begin{choices}"], 56.7, 100 + PITCH)];
    const monos = [false, true];
    markEastAsianCodeLines(monos, lines, 9);
    expect(monos).toEqual([false, true]);
  });
});

describe("buildBlocks: a listing with Japanese text (auto-multiple-choice.ja p. 29)", () => {
  it("makes the listing one code block after its lead-in", () => {
    const lines = [line([{ text: "単純な例を示します", font: "IPAexMincho", size: 10 }, { text: ":", size: 10 }], { x: 56.7, y: 82, size: 10 }), ...listing(100)];
    const blocks = kinds(buildBlocks(lines, STATS));
    expect(blocks.length).toBe(2);
    expect(blocks[0].startsWith("paragraph:単純な例を示します")).toBe(true);
    expect(blocks[1]).toBe("code:\\begin{question}{解説} | 次の中で標高が一番高いのはどれですか？ | \\begin{choices} | \\correctchoice{サガルマータ} | \\wrongchoice{K2} | \\wrongchoice{モンブラン} | \\end{choices} | \\end{question}");
  });
});

describe("markEastAsianCodeLines: a piece between lines of the listing", () => {
  it("joins a comment of two lines between lines of code", () => {
    const lines = [row(["`\\begin{choices}"], 56.7, 100), row(["コメントの一行目"], 56.7, 100 + PITCH), row(["コメントの二行目"], 56.7, 100 + 2 * PITCH), row(["`\\end{choices}"], 56.7, 100 + 3 * PITCH)];
    const monos = [true, false, false, true];
    markEastAsianCodeLines(monos, lines, 9);
    expect(monos).toEqual([true, true, true, true]);
  });

  it("guard: at the body's size, leaves a line ending in East Asian text and its run-on line together, out of the code under them (prose with inline code over a listing)", () => {
    const lines = [row(["`*[ordered,horiz,id=sum] 1", "足す", "`1", "は"], 56.7, 100), row(["いくつですか？"], 56.7, 100 + PITCH), row(["`- 0"], 56.7, 100 + 2 * PITCH)];
    const monos = [false, false, true];
    markEastAsianCodeLines(monos, lines, 9);
    expect(monos).toEqual([false, false, true]);
  });
});

describe("markEastAsianCodeLines: a listing set smaller than the text", () => {
  /** amc-ja p. 15's second listing at 9 pt in 10 pt text: no line all in the code face. */
  const gershwin = (x = 56.7) => [
    row(["`* ", "みなさんは、", "`George"], x, 100),
    row(["`  Gershwin: ", "（作曲家）を知っています。"], x, 100 + PITCH),
    row(["彼が生まれたのは何年ですか？"], x + 10.8, 100 + 2 * PITCH),
    row(["`+ 1898", "年"], x, 100 + 3 * PITCH),
    row(["`- 1892", "年"], x, 100 + 4 * PITCH),
  ];

  it("makes a run of lines starting in the code face, below the body's size, a listing of its own", () => {
    const lines = gershwin();
    const monos = lines.map(() => false);
    markEastAsianCodeLines(monos, lines, 10);
    expect(monos).toEqual([true, true, true, true, true]);
  });

  it("takes the listing's first lines ending in East Asian text into the code under them ('# AMC-TXTソースファイル' | 'Title: はじめてのAMC試験問題' | 'Lang: JA')", () => {
    const lines = [row(["`# AMC-TXT", "ソースファイル"], 56.7, 100), row(["`Title: ", "はじめての", "`AMC", "試験問題"], 56.7, 100 + PITCH), row(["`Lang: JA"], 56.7, 100 + 2 * PITCH)];
    const monos = [false, false, true];
    markEastAsianCodeLines(monos, lines, 10);
    expect(monos).toEqual([true, true, true]);
  });

  it("guard: not at the body's size, nor where a line with code starts in East Asian text, nor a caption of East Asian text alone first", () => {
    const same = gershwin();
    const m1 = same.map(() => false);
    markEastAsianCodeLines(m1, same, 9);
    expect(m1.every((m) => !m)).toBe(true);
    const prose = [row(["注：", "`foo", "を使います。"], 56.7, 100), row(["`bar", "は省略できます。"], 56.7, 100 + PITCH), row(["`baz", "も同じです。"], 56.7, 100 + 2 * PITCH)];
    const m2 = prose.map(() => false);
    markEastAsianCodeLines(m2, prose, 10);
    expect(m2.every((m) => !m)).toBe(true);
    const caption = [row(["表の例です。"], 56.7, 100), row(["`- 0"], 56.7, 100 + PITCH)];
    const m3 = [false, true];
    markEastAsianCodeLines(m3, caption, 10);
    expect(m3).toEqual([false, true]);
  });
});
