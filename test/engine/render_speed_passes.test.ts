// Speed work on the render step's reading passes (docs/benchmarks.md, s13-render) that must leave
// the output as it was: page.ts's hasWordLetters reads a line's units across its spans, where it
// built the text of every line whose letters no one span held; inline.ts looks a paragraph's
// link lookup up once, not once per span.
import { describe, expect, it } from "vitest";
import type { Line, PageLink } from "../../src/engine/model.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { renderInline } from "../../src/engine/render/inline.js";
import { hasWordLetters } from "../../src/engine/render/page.js";
import { line } from "../support/layout.js";

/** The test as first written: two letters in a row in the line's text. */
const WORD_LETTERS = /\p{L}{2}/u;

/** A seeded generator (mulberry32): the same lines on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Characters a line of a page is made of: ASCII letters and signs, accented and Greek letters,
 *  marks, dashes, a ligature, CJK, a mathematical italic letter (a surrogate pair) and the halves
 *  of one alone. */
const PIECES = ["a", "Z", "1", " ", ".", "-", "é", "Ω", "\u0301", "—", "ﬁ", "中", "\u00a0", "𝑥", "\ud835", "\udc65", "(", "\u2212"];

describe("page.ts hasWordLetters: two letters in a row, read across the spans", () => {
  it("answers as the pattern on the line's text for 5,000 random lines", () => {
    const next = random(13);
    for (let n = 0; n < 5000; n++) {
      const spans: { text: string }[] = [];
      const count = 1 + Math.floor(next() * 4);
      for (let s = 0; s < count; s++) {
        let text = "";
        const length = Math.floor(next() * 4);
        for (let k = 0; k < length; k++) text += PIECES[Math.floor(next() * PIECES.length)];
        spans.push({ text });
      }
      const l = line(spans);
      expect(hasWordLetters(l), JSON.stringify(spans)).toBe(WORD_LETTERS.test(lineText(l)));
    }
  });

  it("finds letters split across one-glyph spans, and none in figures, signs or one letter alone", () => {
    expect(hasWordLetters(line([{ text: "T" }, { text: "h" }, { text: "e" }]))).toBe(true);
    expect(hasWordLetters(line([{ text: "é" }, { text: "t" }]))).toBe(true);
    expect(hasWordLetters(line("1.0 0.5 (5a)"))).toBe(false);
    expect(hasWordLetters(line([{ text: "a" }, { text: " = " }, { text: "b" }]))).toBe(false);
    expect(hasWordLetters(line([]))).toBe(false);
  });

  it("reads a letter past the Basic Multilingual Plane whose pair the spans split", () => {
    // 𝑥𝑦 (mathematical italic letters) are two letters; a high surrogate alone is none.
    expect(hasWordLetters(line([{ text: "𝑥\ud835" }, { text: "\udc66" }]))).toBe(true);
    expect(hasWordLetters(line([{ text: "𝑥\ud835" }, { text: " " }]))).toBe(false);
  });
});

describe("inline.ts: the page's link lookup asked once a paragraph", () => {
  it("links the spans inside a link area, and not those outside it, across lines", () => {
    const first = line([{ text: "see " }, { text: "the manual" }, { text: " for" }], { y: 100 });
    const second = line([{ text: "details" }], { y: 112 });
    const manual = first.spans[1];
    const links: PageLink[] = [{ x0: manual.x0, y0: manual.y0, x1: manual.x1, y1: manual.y1, uri: "https://example.com/manual" }];
    const lines: Line[] = [first, second];
    expect(renderInline(lines, { dehyphenate: true, emphasis: true, links })).toBe("see [the manual](https://example.com/manual) for details");
    expect(renderInline(lines, { dehyphenate: true, emphasis: true, links: [] })).toBe("see the manual for details");
  });
});
