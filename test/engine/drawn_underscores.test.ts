// Issue 9 (the engine on real documents): underscores drawn as rules. nettle's manual (texinfo)
// sets "void sha256_digest (struct sha256_ctx *ctx, size_t length, uint8_t *digest)" with the
// argument types in TeX's italic, which has no underscore: each is a 3.7 pt stroke at the
// baseline, and the definition came out as "struct sha256" | "ctx *ctx, size" | "t length",
// three fragments the joiner kept apart (the same breaks on three rows read as a table's).
import { describe, expect, it } from "vitest";
import { writeDrawnUnderscores } from "../../src/engine/layout/drawn_underscores.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line, Rule } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

/** A fragment from x0 to x1 on nettle p14's first definition row (box 100.3 to 110.5). */
function fragment(text: string, x0: number, x1: number, y = 100.3): Line {
  const l = line(text, { x: x0, y, size: 10.9, italic: true });
  const spans = l.spans.map((s) => ({ ...s, x1, y1: y + 10.2 }));
  return { ...l, spans, x1, y1: y + 10.2 };
}

/** The stroke drawn for an underscore from x0 to x1, 7.1 pt below the row's top. */
function stroke(x0: number, x1: number, y = 100.3): Rule {
  return { x0, x1, y0: y + 7.1, y1: y + 7.57, kind: "stroke" };
}

describe("writeDrawnUnderscores (issue 9: nettle's 'struct sha256_ctx', 'size_t', 'uint8_t')", () => {
  const row = (y: number) => [fragment("struct sha256", 212.7, 276.5, y), fragment("ctx *ctx, size", 281.3, 349.1, y), fragment("t length, uint8", 353.9, 432.1, y), fragment("t", 436.8, 441.1, y)];
  const strokes = (y: number) => [stroke(276.99, 280.73, y), stroke(349.64, 353.38, y), stroke(432.57, 436.32, y)];

  it("joins the fragments a stroke lies between, touching both, with an underscore", () => {
    const lines = writeDrawnUnderscores(row(100.3), strokes(100.3));
    expect(lines.map(lineText)).toEqual(["struct sha256_ctx *ctx, size_t length, uint8_t"]);
  });

  it("keeps three such definitions one line each through the joiner, where their breaks had read as a table's columns", () => {
    const rows = [100.3, 300.3, 500.3];
    const lines = prepareLines(writeDrawnUnderscores(rows.flatMap(row), rows.flatMap(strokes)));
    expect(lines.map(lineText)).toEqual(rows.map(() => "struct sha256_ctx *ctx, size_t length, uint8_t"));
  });

  it("leaves the strokes of an underline drawn word by word alone (ulem's \\uline: an invoice's 'BE95 0011 8359 9858', docs/engine.md, svc-md-1.1.18)", () => {
    // Each word and each space stroked apart, the pieces overlapping by a point.
    const words = [fragment("BE95", 100, 124.6), fragment("0011", 127.1, 147.9), fragment("8359", 150.3, 171.1)];
    const underline = [stroke(100, 124.6), stroke(123.8, 128), stroke(127.1, 147.9), stroke(147, 151.2), stroke(150.3, 171.1)];
    expect(writeDrawnUnderscores(words, underline).map(lineText)).toEqual(["BE95", "0011", "8359"]);
    // An underscore that touches no underline's piece stays one, a link underlined further on its row or not.
    const row = [fragment("size", 80, 99.8), fragment("t length", 104.2, 140), fragment("here", 160, 180)];
    expect(writeDrawnUnderscores(row, [stroke(100, 104), stroke(160, 180)]).map(lineText)).toEqual(["size_t length", "here"]);
  });

  it("leaves a stroke under a word (a link's underline), a long rule and a strike-through alone", () => {
    const word = fragment("here", 100, 120);
    expect(writeDrawnUnderscores([fragment("see", 80, 99), word], [stroke(100, 106)]).map(lineText)).toEqual(["see", "here"]);
    expect(writeDrawnUnderscores([fragment("Name:", 80, 110)], [stroke(110.5, 200)]).map(lineText)).toEqual(["Name:"]);
    const strike: Rule = { x0: 110.5, x1: 115, y0: 104.8, y1: 105.3, kind: "stroke" };
    expect(writeDrawnUnderscores([fragment("size", 80, 110)], [strike]).map(lineText)).toEqual(["size"]);
  });

  it("leaves a stroke touching a sign alone: a radical's bar after its '√' (amsldoc), a visible space after '(' (caption's '(␣--␣)')", () => {
    expect(writeDrawnUnderscores([fragment("β√", 80, 96)], [stroke(96.2, 101)]).map(lineText)).toEqual(["β√"]);
    expect(writeDrawnUnderscores([fragment("(", 80, 84), fragment("--", 89, 97)], [stroke(84.2, 88.8)]).map(lineText)).toEqual(["(", "--"]);
  });
});
