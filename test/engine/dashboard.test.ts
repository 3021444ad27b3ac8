// A browser's dashboard report (fixtures/excerpts/chromium-dashboard, printed by Chromium from
// a source written here): SPEC.md §Output (tables as GFM tables; no text lost) and issue 9 ("a
// reader given the PDF page and svc-md's Markdown would accept the Markdown as a faithful
// copy"). svc-md-1.1.39.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { collectRulings } from "../../src/engine/tables/rulings.js";
import type { Rule } from "../../src/engine/model.js";
import { excerptMarkdown } from "../support/markdown_of.js";

describe("a table striped cell by cell under a shaded head (tables/rulings.ts bridgeStripedRows)", () => {
  it("reads every row in its columns (before: 'Chat 5,870 32.2% 0h 03m 97.9%' one cell, the table ending at 'Phone')", async () => {
    const md = await excerptMarkdown("chromium-dashboard.pdf");
    expect(md).toContain(
      "| Channel | Tickets | Share | Median response | Within SLA |\n| --- | ---: | ---: | ---: | ---: |\n| Email | 9,310 | 51.0% | 4h 05m | 92.8% |\n| Chat | 5,870 | 32.2% | 0h 03m | 97.9% |\n| Phone | 2,140 | 11.7% | 0h 01m | 98.4% |\n| Web form | 920 | 5.0% | 6h 40m | 81.3% |\n| **Total** | **18,240** | **100%** | **3h 12m** | **94.1%** |",
    );
  });

  it("carries a column's edges across an unshaded row only between shaded cells under a shaded head, one row apart", () => {
    const cell = (x0: number, x1: number, y0: number, y1: number): Rule => ({ x0, x1, y0, y1, kind: "fill" });
    const head = [cell(50, 150, 100, 120), cell(150, 250, 100, 120)];
    const first = [cell(50, 150, 120, 140), cell(150, 250, 120, 140)];
    const third = [cell(50, 150, 160, 180), cell(150, 250, 160, 180)];
    const page = { width: 600, height: 800 };
    const across = (rules: Rule[]) => collectRulings(rules, page).v.filter((seg) => Math.abs(seg.pos - 150) < 1).some((seg) => seg.a <= 141 && seg.b >= 159);
    expect(across([...head, ...first, ...third])).toBe(true);
    // No shaded head: the aligned detector reads the columns from the text.
    expect(across([...first, ...third])).toBe(false);
    // Two unshaded rows between the stripes.
    expect(across([...head, ...first, cell(50, 150, 180, 200), cell(150, 250, 180, 200)])).toBe(false);
  });
});

describe("a row of tiles, each a figure over its caption (layout/figure_text.ts framesTextEach, render/page.ts cardRows)", () => {
  it("keeps the captions in small print and reads each tile's figure with its caption (before: the captions were dropped as a diagram's labels)", async () => {
    const md = await excerptMarkdown("chromium-dashboard.pdf");
    for (const [figure, caption] of [["18,240", "Tickets received"], ["94.1%", "Resolved within SLA"], ["3h 12m", "Median first response"], ["4.6 / 5", "Satisfaction score"]]) {
      expect(md).toContain(`\n**${figure}**\n\n${caption}\n`);
    }
  });

  it("reads the row of tiles as one band across the page: the heading under it comes after the last tile (layout/framed_blocks.ts frameRows; before: between the second and the third)", async () => {
    const md = await excerptMarkdown("chromium-dashboard.pdf");
    expect(md.indexOf("Satisfaction score")).toBeGreaterThan(md.indexOf("Resolved within SLA"));
    expect(md.indexOf("Tickets by channel")).toBeGreaterThan(md.indexOf("Satisfaction score"));
  });
});

describe("a key figure set large is no heading (layout/blocks.ts isKeyFigure)", () => {
  it("writes a tile's figure in bold, not as a heading (before: '## 18,240', '## 94.1%', '## 3h 12m', '## 4.6 / 5')", async () => {
    const md = await excerptMarkdown("chromium-dashboard.pdf");
    expect(md).not.toMatch(/^#+ (?:18,240|94\.1%|3h 12m|4\.6 \/ 5)$/m);
    // The headings in words stay headings.
    expect(md).toMatch(/^#+ Tickets by channel$/m);
    expect(md).toMatch(/^# Q3 Operations Report$/m);
  });
});

describe("text at a twentieth of a point (extract/mupdf_page.ts: the open span's size as read)", () => {
  it("reads a 9.75 pt line as one span, not a span a glyph (before: 'C' | 'u' | 's' …)", () => {
    const opened = openDocument(new Uint8Array(readFileSync(new URL("../../fixtures/excerpts/chromium-dashboard.pdf", import.meta.url))));
    const model = extractPageMupdf(opened.doc, 0);
    const subtitle = model.lines.find((l) => lineText(l).startsWith("Customer Support"))!;
    expect(subtitle.spans).toHaveLength(1);
    expect(subtitle.spans[0].size).toBe(9.8);
    opened.doc.destroy();
  });
});
