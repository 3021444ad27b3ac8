// text_shadows.ts: text a browser prints twice a hair apart (CSS text-shadow) is read once.
import { describe, expect, it } from "vitest";
import { lineText } from "../../src/engine/layout/lines.js";
import { withoutTextShadows } from "../../src/engine/layout/text_shadows.js";
import { layOutPage } from "../../src/engine/layout/page_layout.js";
import { line, lineOfSpans, page, span } from "../support/layout.js";

const texts = (lines: readonly ReturnType<typeof line>[]) => lines.map(lineText);

describe("withoutTextShadows: a heading over its shadow (Sphinx's nature theme: python-policy's 'Abstract', '1. Copyright')", () => {
  it("reads a heading drawn again one pixel down once", () => {
    const shadow = line("Abstract", { y: 47.2, size: 21.6 });
    const heading = line("Abstract", { y: 46.4, size: 21.6 });
    const body = line("This document describes the packaging of Python", { y: 90 });
    expect(texts(withoutTextShadows([shadow, heading, body]))).toEqual(["Abstract", "This document describes the packaging of Python"]);
  });

  it("is applied to a page's lines before layout", () => {
    const lines = [line("Contents", { y: 47.2, size: 21.6 }), line("Contents", { y: 46.4, size: 21.6 }), line("This document describes the packaging of Python", { y: 90 })];
    const laid = layOutPage(page(1, lines), false).page!;
    expect(laid.lines.map(lineText).filter((text) => text.includes("Contents"))).toEqual(["Contents"]);
  });

  it("reads it once when the extractor cuts the copies into spans at other places ('1. ' | '1. Copyright' | 'Copyright')", () => {
    const number = line("1. ", { x: 57.8, y: 203.6, size: 16.2 });
    const whole = line("1. Copyright", { x: 57.8, y: 202.8, size: 16.2 });
    const word = lineOfSpans([span("Copyright", whole.spans[0].x1 - 9 * 16.2 * 0.5, 202.8, { size: 16.2 })]);
    expect(texts(withoutTextShadows([number, whole, word]))).toEqual(["1. Copyright"]);
  });
});

describe("withoutTextShadows: what it leaves alone", () => {
  it("leaves text drawn three times or more (a poor man's bold on a thesis cover), a lone figure beside a longer label, and a word repeated a line below", () => {
    const bold = [0, 0.2, 0.4].map((dx) => line("Thesis", { x: 200 + dx, y: 300, size: 40 }));
    expect(withoutTextShadows(bold)).toHaveLength(3);
    // samplepdf's figure: the point labels "8" and "8l" a hair apart.
    const labels = [line("8", { x: 100, y: 100 }), line("8l", { x: 100.3, y: 100.4 })];
    expect(withoutTextShadows(labels)).toHaveLength(2);
    const repeated = [line("Repeat", { y: 100 }), line("Repeat", { y: 112 })];
    expect(withoutTextShadows(repeated)).toHaveLength(2);
    // Another font or size is other text.
    const other = [line("Caption", { y: 100 }), line("Caption", { y: 100.5, bold: true })];
    expect(withoutTextShadows(other)).toHaveLength(2);
  });
});
