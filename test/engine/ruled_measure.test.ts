// A column's measure from a rule drawn under one of its headings (layout/ruled_measure.ts,
// svc-md-1.1.37): a column of short lines never fills its width, and measured by its widest
// line, each line left too little room for the next line's first word to read as a set of
// short lines (SPEC.md §Output: "line breaks inside a paragraph are kept where the author set
// them"; issue 9: a reader would accept the Markdown as a faithful copy).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { measureRules, ruledRight } from "../../src/engine/layout/ruled_measure.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line } from "../support/layout.js";

const rule = (x0: number, y: number, x1: number) => ({ x0, y0: y, x1, y1: y + 0.75 });

describe("ruledRight", () => {
  const head = line("LANGUAGES", { x: 41, y: 220, size: 9 });
  const items = [line("Swedish (native)", { x: 41, y: 236, size: 8 }), line("English (fluent)", { x: 41, y: 246, size: 8 })];
  const right = Math.max(...items.map((l) => l.x1));

  it("reaches to the end of a rule drawn under a short heading from the column's left edge", () => {
    expect(ruledRight([head, ...items], 41, right, measureRules([rule(41.3, head.y1 + 2, 156.8)]))).toBe(156.8);
  });

  it("keeps the widest line's edge for a rule under a table's header cells, under a long line, off the left edge, or far past the column", () => {
    const cells = [line("USV", { x: 41, y: 220, size: 9 }), line("Macro", { x: 90, y: 220, size: 9 })];
    expect(ruledRight([...cells, ...items], 41, right, [rule(41, cells[0].y1 + 2, 156.8)])).toBe(right);
    const long = line("A heading that runs across most of the column", { x: 41, y: 220, size: 9 });
    expect(ruledRight([long, ...items], 41, Math.max(right, long.x1), [rule(41, long.y1 + 2, long.x1 + 10)])).toBe(Math.max(right, long.x1));
    expect(ruledRight([head, ...items], 41, right, [rule(60, head.y1 + 2, 156.8)])).toBe(right);
    expect(ruledRight([head, ...items], 41, right, [rule(41, head.y1 + 2, 41 + 3 * (right - 41))])).toBe(right);
  });

  it("takes thin rules only", () => {
    expect(measureRules([rule(41, 100, 156), { x0: 27, y0: 27, x1: 170, y1: 763 }])).toHaveLength(1);
  });
});

describe("Chromium's print of a CV with a sidebar (fixtures/excerpts/chromium-cv.pdf)", () => {
  it("keeps the sidebar's three languages on lines of their own", async () => {
    const bytes = new Uint8Array(readFileSync(new URL("../../fixtures/excerpts/chromium-cv.pdf", import.meta.url)));
    const { markdown } = await convertDocument(openInProcess, { bytes, options: defaultRenderOptions });
    // Before: "Swedish (native) English (fluent) German (good)", one line.
    expect(markdown).toContain("## LANGUAGES\n\nSwedish (native)\\\nEnglish (fluent)\\\nGerman (good)");
    expect(markdown).toContain("Karin Ek\\\nStorgatan 14\\\n411 38 Göteborg");
  });
});
