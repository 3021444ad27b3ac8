// text_shadows.ts: text a browser prints twice a hair apart (CSS text-shadow) is read once.
import { describe, expect, it } from "vitest";
import { lineText } from "../../src/engine/layout/lines.js";
import { withoutTextShadows } from "../../src/engine/layout/text_shadows.js";
import { layOutPage } from "../../src/engine/layout/page_layout.js";
import type { Line, Span } from "../../src/engine/model.js";
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

/** The rule as first written (svc-md-1.1.21, with 1.1.22's many copies): each span's windows above and below, in order of
 *  the spans' tops, each pair read from both of its spans. */
function shadowsByWindows(lines: readonly Line[]): Set<Span> {
  const placed = lines.filter((l) => l.wmode === 0).flatMap((l) => l.spans.filter((s) => !s.invisible && !s.leader && s.text.trim() !== ""));
  placed.sort((a, b) => a.y0 - b.y0);
  const copiesOf = (copy: Span, text: Span, reach: number): boolean => {
    const left = Math.abs(text.x0 - copy.x0) <= reach;
    const right = Math.abs(text.x1 - copy.x1) <= reach;
    if ((!left && !right) || text === copy || text.size !== copy.size || text.font !== copy.font) return false;
    if (Math.abs(text.y0 - copy.y0) > reach || Math.abs(text.y1 - copy.y1) > reach) return false;
    const own = copy.text.trim();
    const other = text.text.trim();
    if (own.length < 2 || own.length > other.length) return false;
    if (own.length === other.length) return own === other && left;
    return (left && other.startsWith(own)) || (right && other.endsWith(own));
  };
  const gone = new Set<Span>();
  placed.forEach((copy, i) => {
    const reach = 0.1 * copy.size;
    const twins: Span[] = [];
    for (let j = i - 1; j >= 0 && j >= i - 64 && copy.y0 - placed[j].y0 <= reach; j--) if (copiesOf(copy, placed[j], reach)) twins.push(placed[j]);
    for (let j = i + 1; j < placed.length && j <= i + 64 && placed[j].y0 - copy.y0 <= reach; j++) if (copiesOf(copy, placed[j], reach)) twins.push(placed[j]);
    // svc-md-1.1.22: text drawn six times or more keeps one copy (MANY_COPIES_MIN).
    if (twins.length >= 6) {
      if (twins.some((twin) => !gone.has(twin))) gone.add(copy);
      return;
    }
    if (twins.length === 1 && !gone.has(twins[0])) gone.add(copy);
  });
  return gone;
}

describe("withoutTextShadows: each pair of spans read once (speed-extract2), as the windows read it", () => {
  it("drops the spans the windows drop, on random pages of near copies, rows of more than SHADOW_LOOKAROUND_MAX spans and tops that are no number", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
    for (let trial = 0; trial < 300; trial++) {
      const lines: Line[] = [];
      const spans = 20 + Math.floor(random() * 160);
      const oddTops = trial % 10 === 9;
      for (let k = 0; k < spans; k++) {
        const size = pick([10, 10, 10.5, 12]);
        const y = pick([100, 100, 100.4, 100.9, 101, 112, 112.5]) + (oddTops && random() < 0.05 ? NaN : 0);
        const s = span(pick(["ab", "abc", "bc", "a", "abc ", " ab"]), pick([72, 72.3, 72.9, 80, 96]), y, { size, bold: random() < 0.2 });
        lines.push(lineOfSpans([s]));
      }
      const expected = shadowsByWindows(lines);
      const kept = new Set(withoutTextShadows(lines).flatMap((l) => l.spans));
      const dropped = lines.flatMap((l) => l.spans).filter((s) => !kept.has(s));
      expect(new Set(dropped)).toEqual(expected);
    }
  });
});

describe("withoutTextShadows: text drawn over and over on one spot (text_shadows.ts MANY_COPIES_MIN: ufrgscca's \\tightul demonstration, 98 copies; svc-md-1.1.22)", () => {
  it("keeps one copy of text drawn six times or more a hair apart", () => {
    const copies = Array.from({ length: 40 }, (_, k) => line("Some text example", { x: 340 + 0.02 * k, y: 112.7 + (k % 3) * 0.05, size: 12 }));
    expect(texts(withoutTextShadows(copies))).toEqual(["Some text example"]);
  });

  it("leaves five copies as they were (a poor man's bold stays below the threshold)", () => {
    const five = [0, 0.1, 0.2, 0.3, 0.4].map((dx) => line("Thesis", { x: 200 + dx, y: 300, size: 40 }));
    expect(withoutTextShadows(five)).toHaveLength(5);
  });
});
