// layout/quote_bars.ts: a block quote drawn as a bar down its left side (a browser's
// `blockquote`, a README's "Note", a docs site's callout, beamer's and hecthese's quote boxes)
// is written after "> " (SPEC.md §Output: Markdown in reading order; docs/engine.md, Block
// quotes). svc-md-1.1.16.
import { describe, expect, it } from "vitest";
import { excerptMarkdown } from "../support/markdown_of.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { findQuoteBars } from "../../src/engine/layout/quote_bars.js";
import type { Line, Rule } from "../../src/engine/model.js";
import { ownerDepth, renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };
const BODY = "Body text of the page runs across the column from its left edge on.";
const fill = (x0: number, y0: number, x1: number, y1: number): Rule => ({ x0, y0, x1, y1, kind: "fill" });

function render(lines: Line[], rules: Rule[]): string {
  const prepared = prepareLines(lines);
  return renderPage({ ...page(1, prepared), rules }, prepared, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
}

describe("block quotes drawn as a bar (svc-md-1.1.16: Chromium's print of a README)", () => {
  const above = line(BODY, { x: 72, y: 100 });
  const below = line(BODY, { x: 72, y: 190 });
  const quote = [line("Note: tidewater 2.0 drops support for Python 3.8, so pin an older one.", { x: 86, y: 130 }), line("Pin the older release if you still need it for your builds.", { x: 86, y: 142 })];
  const bar = fill(72, 127, 75, 156);

  it("writes the lines right of a bar after '> ', the text around it plain", () => {
    const md = render([above, ...quote, below], [bar]);
    expect(md).toContain("\n\n> Note: tidewater 2.0");
    expect(md.startsWith("Body text")).toBe(true);
    expect(md.endsWith("\n\n" + BODY)).toBe(true);
  });

  it("keeps two paragraphs of one quote in it, a quote's blank line between them", () => {
    const second = [line("A second paragraph of the quote starts here and runs on.", { x: 86, y: 166 })];
    const md = render([above, ...quote, ...second, line(BODY, { x: 72, y: 220 })], [fill(72, 127, 75, 180)]);
    expect(md).toContain("builds.\n>\n> A second paragraph");
  });

  it("takes no hairline (a table's rule), no frame's side, no rule between columns, no listing's frame drawn line by line", () => {
    expect(findQuoteBars([fill(72, 127, 72.8, 156)], [above, ...quote, below], [])).toHaveLength(0);
    // A frame: a horizontal rule meets the bar's top.
    expect(findQuoteBars([bar, fill(72, 126.5, 400, 127.3)], [above, ...quote, below], [])).toHaveLength(0);
    // A frame's other side, as tall, further right.
    expect(findQuoteBars([bar, fill(500, 127, 503, 156)], [above, ...quote, below], [])).toHaveLength(0);
    // Text ending just left of the bar: a rule between two columns.
    const beside = line("left column text", { x: 20, y: 130 });
    expect(findQuoteBars([bar], [above, beside, ...quote, below].map((l) => (l === beside ? { ...l, x1: 70 } : l)), [])).toHaveLength(0);
    // A listing's frame drawn line by line: bars continuing one another.
    expect(findQuoteBars([fill(72, 127, 75, 141), fill(72, 141, 75, 156)], [above, ...quote, below], [])).toHaveLength(0);
    // The bar found when alone.
    expect(findQuoteBars([bar], [above, ...quote, below], [])).toHaveLength(1);
  });

  it("needs text of the column elsewhere starting at the bar (a side menu's border down the page is no quote) and a bar no taller than its text", () => {
    expect(findQuoteBars([bar], quote, [])).toHaveLength(0);
    expect(findQuoteBars([fill(72, 60, 75, 156)], [above, ...quote, below].filter((l) => l !== above), [])).toHaveLength(0);
  });

  it("leaves a listing beside a bar as code", () => {
    const code = [line([{ text: "$ texdoc thucoursework", mono: true }], { x: 86, y: 130 })];
    const md = render([above, ...code, below], [fill(72, 127, 75, 144)]);
    expect(md).not.toContain("> ");
  });
});

describe("a block quote after a list, its bar under the items' markers (svc-md-1.1.40: Chromium's print of terms of service)", () => {
  it("sets the quote after the list where its bar stands left of the item's text, in the item where it stands under it (ownerDepth)", () => {
    const item = { left: 90, right: 540, bottom: 300, indent: "   ", markerX: 76 };
    const quoteLine = [line("We may suspend an account that breaks this section without notice.", { x: 91, y: 310 })];
    // Its text lines up with the item's: under the item by its lines alone.
    expect(ownerDepth(quoteLine, [item])).toBe(0);
    // Its bar stands at 78, under the marker: the quote is the page's, after the list.
    expect(ownerDepth(quoteLine, [item], -Infinity, 78)).toBe(-1);
    // A bar under the item's text: the quote is the item's.
    expect(ownerDepth([line("Bulk mail needs our written consent.", { x: 104, y: 310 })], [item], -Infinity, 92)).toBe(0);
  });

  it("reads fixtures/excerpts/chromium-terms.pdf's quotes: one in the last item, one after the list", async () => {
    const markdown = await excerptMarkdown("chromium-terms.pdf");
    // Before: the second quote was set in the list's last item too, a quote's blank line
    // joining it to the first ("   > *Bulk mail …*" | ">" | "> *We may suspend …*").
    expect(markdown).toContain("3. use the Service to send unsolicited messages.\n\n   > *Bulk mail needs our written consent, given per campaign.*\n\n> *We may suspend an account that breaks this section without notice where continued access would harm other customers.*\n\n## 3. Fees and credits");
  });
});
