// A number range cut at a line's end (layout/blocks.ts RANGE_CUT_END): a reference list's
// "… discussion 1149-" | "50. Erratum in: …" (vancouver's p. 9), "pages 291–" | "300. ACM …"
// (tracemonkey's references). The number after the cut, followed by a full stop, had started
// a numbered item of its own, the reference cut in two. svc-md-1.1.25.
import { describe, expect, it } from "vitest";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { line } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

/** A reference: its number at x 124.8, its lines hanging at 139.7, 12 pt apart. */
function reference(lines: string[], y: number) {
  return lines.map((text, k) => line(text, { x: k === 0 ? 124.8 : 139.7, y: y + 12 * k }));
}

describe("a number range cut at a line's end (svc-md-1.1.25)", () => {
  it("goes on in the next line: '1149-' | '50. Erratum in: …' is one reference", () => {
    const lines = [
      ...reference(["23 Malinowski JM, Bolesta S. Rosiglitazone in the treatment of type 2 diabetes", "mellitus: a critical review. Clin Ther. 2000;22(10):1151-68; discussion 1149-", "50. Erratum in: Clin Ther 2001;23(2):309."], 128.8),
      ...reference(["24 Yu WM, Hawley TS, Hawley RG, Qu CK. Immortalization of yolk sac-", "derived precursor cells. Blood. 2002;100(10):3828-31. Epub 2002 Jul 5."], 168.8),
    ];
    const blocks = buildBlocks(prepareLines(lines), STATS);
    expect(blocks.map((b) => b.lines.length)).toEqual([3, 2]);
  });

  it("keeps a numbered list's items apart when a line ends in a plain hyphenated word or a figure without a dash", () => {
    const items = ["1. The first step takes the well-", "2. The second step follows 12", "3. The third step ends the list."].map((text, k) => line(text, { x: 72, y: 100 + 14 * k }));
    const blocks = buildBlocks(prepareLines(items), STATS);
    expect(blocks.map((b) => b.kind)).toEqual(["list_item", "list_item", "list_item"]);
  });
});
