// render/kept_hyphens.ts and inline.ts hyphenGoes: a line-end hyphen that is the text's own
// stays when the lines join (docs/engine.md, "Hyphens kept at a line's end"). TeX hyphenates
// only words of letters, and a word holding a hyphen only there: tracemonkey p. 11's "3d-" |
// "raytrace" and p. 12's "math-" | "spectral-norm", p. 9's "interpreter-" | "to-trace" had
// come out "3draytrace", "mathspectral-norm", "interpreterto-trace".
import { describe, expect, it } from "vitest";
import type { Line } from "../../src/engine/model.js";
import { type InlineOptions, renderInline } from "../../src/engine/render/inline.js";
import { brokenTokenHoldsNonWord, compoundGoesOn } from "../../src/engine/render/kept_hyphens.js";
import { line, type SpanSpec } from "../support/layout.js";

const DEHYPHENATE: InlineOptions = { dehyphenate: true, emphasis: true, links: [] };

function twoLines(first: string | SpanSpec[], second: string | SpanSpec[]): Line[] {
  return [line(first, { y: 100 }), line(second, { y: 112 })];
}

describe("brokenTokenHoldsNonWord", () => {
  it("holds for a token with a digit or a sign of code before the broken letters", () => {
    expect(brokenTokenHoldsNonWord("recursion: 3d-", "d")).toBe(true);
    expect(brokenTokenHoldsNonWord("the x_axis-", "axis")).toBe(true);
    expect(brokenTokenHoldsNonWord("see \\figwidth-", "figwidth")).toBe(true);
  });

  it("does not hold for a word of letters, after a bracket, a quote or an apostrophe", () => {
    expect(brokenTokenHoldsNonWord("the inter-", "inter")).toBe(false);
    expect(brokenTokenHoldsNonWord("(inter-", "inter")).toBe(false);
    expect(brokenTokenHoldsNonWord("“dissemi-", "dissemi")).toBe(false);
    expect(brokenTokenHoldsNonWord("de l’inter-", "inter")).toBe(false);
    expect(brokenTokenHoldsNonWord("https://git-", "git")).toBe(false);
    // Nor a word after a slash or a stop with a figure before it: the typesetter's break.
    expect(brokenTokenHoldsNonWord("2014/Cen-", "Cen")).toBe(false);
    expect(brokenTokenHoldsNonWord("1.Zo-", "Zo")).toBe(false);
  });
});

describe("compoundGoesOn", () => {
  it("holds for a compound's part of two letters or more and its hyphen", () => {
    expect(compoundGoesOn("to-trace and back")).toBe(true);
    expect(compoundGoesOn("spectral-norm,")).toBe(true);
  });

  it("does not hold for a plain word, nor for a syllable of one letter ('dissem-' | 'i-nation')", () => {
    expect(compoundGoesOn("preter runs")).toBe(false);
    expect(compoundGoesOn("i-nation and")).toBe(false);
  });
});

describe("renderInline: hyphens kept at a line's end (tracemonkey pp. 9, 11)", () => {
  it("keeps the hyphen of a benchmark's name with a digit in it, in the code face ('3d-' | 'raytrace')", () => {
    const lines = twoLines([{ text: "recursion: " }, { text: "3d-", mono: true }], [{ text: "raytrace", mono: true }, { text: ", and more" }]);
    expect(renderInline(lines, DEHYPHENATE)).toBe("recursion: `3d-raytrace`, and more");
  });

  it("keeps the hyphen before a compound's next part ('interpreter-' | 'to-trace')", () => {
    expect(renderInline(twoLines("of interpreter-", "to-trace and back"), DEHYPHENATE)).toBe("of interpreter-to-trace and back");
  });

  it("guard: a word of letters broken before a plain word, or a syllable of one letter, still joins", () => {
    expect(renderInline(twoLines("the inter-", "preter runs"), DEHYPHENATE)).toBe("the interpreter runs");
    expect(renderInline(twoLines("the dissem-", "i-nation plan"), DEHYPHENATE)).toBe("the dissemi-nation plan");
    expect(renderInline(twoLines("de l’inter-", "national"), DEHYPHENATE)).toBe("de l’international");
  });
});
