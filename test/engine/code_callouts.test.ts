// layout/code_callouts.ts and blocks.ts isMonoLine: a listing's line marked with a callout's
// number, set small in the text face after the code ("%\usepackage[french]{babel} ❶ [1]",
// auto-multiple-choice.fr p. 80), is a line of the listing (docs/engine.md, "Callouts in
// code"). The listing had broken into fenced pieces around a paragraph of inline code.
import { describe, expect, it } from "vitest";
import { type Block, buildBlocks } from "../../src/engine/layout/blocks.js";
import { isCodeCallout } from "../../src/engine/layout/code_callouts.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

function code(text: string, y: number): Line {
  return line([{ text, mono: true, size: 9 }], { x: 71.6, y, size: 9 });
}

/** A line of code with a callout's number (5 pt, the text face) and its reference after it. */
function calledOut(text: string, mark: string, reference: string, y: number): Line {
  return line(
    [
      { text, mono: true, size: 9 },
      { text: " ", mono: true, size: 9 },
      { text: mark, bold: true, size: 5 },
      ...(reference ? [{ text: reference, mono: true, size: 9 }] : []),
    ],
    { x: 71.6, y, size: 9 },
  );
}

function kinds(blocks: Block[]): string[] {
  return blocks.map((b) => `${b.kind}:${b.lines.map(lineText).join(" | ")}`);
}

describe("isCodeCallout", () => {
  it("holds for a small number after code, alone or before its bracketed reference", () => {
    expect(isCodeCallout(calledOut("%\\usepackage[french]{babel}", "1", " [1]", 100).spans, 2)).toBe(true);
    expect(isCodeCallout(calledOut("%\\shorthandon{;}", "3", "", 100).spans, 2)).toBe(true);
  });

  it("guard: not for a listing's line number with code after it (a .dtx margin), nor a number at the code's size", () => {
    expect(isCodeCallout(calledOut("\\AMCBoxOnly", "12", "\\def\\AMCBoxOnly{%", 100).spans, 2)).toBe(false);
    const large = line([{ text: "x = ", mono: true, size: 9 }, { text: "12", size: 9 }], { size: 9 });
    expect(isCodeCallout(large.spans, 1)).toBe(false);
  });
});

describe("buildBlocks: a listing with callouts (auto-multiple-choice.fr p. 80)", () => {
  it("keeps the called-out lines in the listing", () => {
    const lines = [
      code("\\usepackage[T1]{fontenc}", 100),
      calledOut("%\\usepackage[french]{babel}", "1", " [1]", 110.8),
      calledOut("%\\usepackage[babel=true,kerning=true]{microtype}", "2", " [2]", 121.6),
      code("\\usepackage{csvsimple}", 132.4),
    ];
    expect(kinds(buildBlocks(lines, STATS)).map((k) => k.split(":")[0])).toEqual(["code"]);
  });
});
