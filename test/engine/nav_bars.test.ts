// layout/nav_bars.ts: a web page's horizontal navigation bar, its brand and links on the page's
// top row an em or more apart, is one line with a middle dot between its items (docs/engine.md,
// "A site's navigation bar"). Chromium's print of a blog post had each link as a paragraph of
// its own and the brand, set larger and bold, as a heading over the article's title.
import { describe, expect, it } from "vitest";
import { type Block, headingBlock, paragraphBlock } from "../../src/engine/layout/blocks.js";
import { joinNavigationBars } from "../../src/engine/layout/nav_bars.js";
import { line } from "../support/layout.js";

/** The blog's bar: the brand, bold 13.5 pt, then five links at 10.5 pt, each its own block as
 *  blocks left them, then the article's title and first paragraph. */
function page(items = ["Home", "Blog", "Careers", "Open Source", "About"]): Block[] {
  const blocks: Block[] = [headingBlock(3, [line([{ text: "Acme Engineering", bold: true }], { x: 50.3, y: 37.3, size: 13.5 })])];
  let x = 198.8;
  for (const item of items) {
    const l = line(item, { x, y: 40, size: 10.5 });
    blocks.push(paragraphBlock([l]));
    x = l.x1 + 16.5;
  }
  blocks.push(headingBlock(1, [line("Migrating a 4 TB database to PostgreSQL 16", { x: 42.8, y: 82.4, size: 21 })]));
  blocks.push(paragraphBlock([line("Last autumn we moved our main order database.", { x: 42.8, y: 146.6 })]));
  return blocks;
}
const textOf = (b: Block) => (b.kind === "table" ? "" : b.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" | "));

describe("A site's navigation bar (joinNavigationBars)", () => {
  it("makes the brand and the links on the page's top row one paragraph, in order, dotted", () => {
    const blocks = page();
    joinNavigationBars(blocks);
    expect(blocks.map((b) => b.kind)).toEqual(["paragraph", "heading", "paragraph"]);
    expect(textOf(blocks[0])).toBe("Acme Engineering | · Home | · Blog | · Careers | · Open Source | · About");
  });

  it("leaves a row of three items: a running head, a form's labels", () => {
    const blocks = page(["Home", "Blog"]);
    joinNavigationBars(blocks);
    expect(blocks).toHaveLength(5);
  });

  it("leaves a row under other text: the bar is the page's top", () => {
    const blocks = page();
    blocks.unshift(paragraphBlock([line("Skip to content", { x: 42.8, y: 10 })]));
    joinNavigationBars(blocks);
    expect(blocks).toHaveLength(9);
  });

  it("leaves items that are a sentence's parts or long", () => {
    const stops = page(["Home.", "Blog", "Careers", "About"]);
    joinNavigationBars(stops);
    expect(stops).toHaveLength(7);
    const long = page(["Home", "Our long blog of many posts", "Careers", "About"]);
    joinNavigationBars(long);
    expect(long).toHaveLength(7);
  });
});
