// Speed work on layout's per-line facts (docs/benchmarks.md, s14-layout) that must leave the
// output as it was:
// - lines.ts lineText: a memo of a line's text was tried and taken out (77,300 of 88,600 calls a
//   pass of the A/B pages are on lines of one span); the tests below hold any such memo to the
//   line's spans as they are now, pushed onto, replaced, or a span put in place.
// - document_stats.ts lineStyleFacts keeps one object a line, the facts and their key together.
// - text_shadows.ts orders a page's spans by their tops without a comparator sort (indicesByKey).
import { describe, expect, it } from "vitest";
import { moveCategoryToEnd } from "../../src/engine/layout/definitions.js";
import { lineStyleFacts } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { byTop, byTopsInOrder } from "../../src/engine/layout/text_shadows.js";
import { attachMarks } from "../../src/engine/layout/vector_bullets.js";
import { line, span } from "../support/layout.js";

describe("lines.ts lineText: a line's text as its spans are now", () => {
  it("joins a line's spans again once a span is pushed onto its array or the array is replaced", () => {
    const l = line([{ text: "Lines " }, { text: "joined" }]);
    expect(lineText(l)).toBe("Lines joined");
    expect(lineText(l)).toBe("Lines joined");
    l.spans.push(span(" again", 140, 100));
    expect(lineText(l)).toBe("Lines joined again");
    l.spans = [span("A new ", 72, 100), span("array", 110, 100)];
    expect(lineText(l)).toBe("A new array");
  });

  it("reads a line of one span or none as its span's text", () => {
    expect(lineText(line("alone"))).toBe("alone");
    const l = line("alone");
    l.spans = [];
    expect(lineText(l)).toBe("");
  });

  it("reads a numbered ball's number as the marker vector_bullets.ts made of it in place, after the line's text was asked", () => {
    const l = line([{ text: "1", size: 6 }, { text: " Tender published in April" }], { x: 21.7, y: 100 });
    expect(lineText(l)).toBe("1 Tender published in April");
    attachMarks([l], [{ x0: 18.8, y0: 101, x1: 27.8, y1: 110, kind: "image" }]);
    expect(lineText(l)).toBe("1. Tender published in April");
  });

  it("reads a definition's head without the category moved to its prototype's last line (definitions.ts)", () => {
    const head = line([{ text: "int foo (const " }, { text: " " }, { text: "[Function]" }]);
    const last = line("uint8_t *data)", { y: 112 });
    expect(lineText(head)).toBe("int foo (const  [Function]");
    expect(lineText(last)).toBe("uint8_t *data)");
    moveCategoryToEnd(head, last);
    expect(lineText(head)).toBe("int foo (const ");
    expect(lineText(last)).toBe("uint8_t *data) [Function]");
  });
});

describe("document_stats.ts lineStyleFacts: the facts kept as the line's memo", () => {
  it("counts a line again once its spans change, and answers the same facts while they stay", () => {
    const l = line([{ text: "Body text here", size: 10 }]);
    const first = lineStyleFacts(l);
    expect(first.style).toEqual({ size: 10, bold: false });
    expect(lineStyleFacts(l)).toBe(first);
    l.spans.push(span(" and a much longer run of larger text", 150, 100, { size: 14 }));
    const again = lineStyleFacts(l);
    expect(again).not.toBe(first);
    expect(again.style).toEqual({ size: 14, bold: false });
    expect(again.chars).toBe(first.chars + " and a much longer run of larger text".replace(/\s/g, "").length);
  });
});

describe("text_shadows.ts byTopsInOrder: a page's spans in order of their tops without a comparator sort", () => {
  it("orders spans as the stable sort by byTop did, for tops in order, nearly in order and shuffled, ties and -0 included", () => {
    let seed = 11;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (const count of [2, 3, 17, 63, 64, 300]) {
      const inOrder = Array.from({ length: count }, (_, k) => span(`s${k}`, 72, Math.floor(k / 3) * 12 + (k % 5 === 4 ? 2.5 : 0)));
      inOrder[0].y0 = -0;
      if (count > 2) inOrder[1].y0 = 0;
      const nearly = inOrder.slice();
      for (let k = 1; k < nearly.length; k += 7) [nearly[k - 1], nearly[k]] = [nearly[k], nearly[k - 1]];
      const shuffled = inOrder.slice();
      for (let k = shuffled.length - 1; k > 0; k--) {
        const j = Math.floor(random() * (k + 1));
        [shuffled[k], shuffled[j]] = [shuffled[j], shuffled[k]];
      }
      for (const spans of [inOrder, nearly, shuffled]) expect(byTopsInOrder(spans)).toEqual(spans.slice().sort(byTop));
    }
  });
});
