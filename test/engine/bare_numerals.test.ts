// bare_numerals.ts and render/inner_bullets.ts: roman numerals that number a list with no stop
// or bracket, set apart by their style (ReportLab's ListFlowable, bulletType 'i': its user
// guide, p. 97, "vii Item no. 2", "viii ■ sublist item 1", "■ sublist item 2", "ix Item no.4"),
// and an ordered item opening with a bullet, which holds a bulleted list. Synthetic lines.
import { describe, expect, it } from "vitest";
import { type Block, buildBlocks, lineMarker } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { renderPage } from "../../src/engine/render/page.js";
import { innerBulletLines } from "../../src/engine/render/inner_bullets.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, lineOfSpans, page, span } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

/** ReportLab's item: the numeral in Helvetica 12 pt at x 78 (its box 1.5 pt lower than the
 *  text's, as on the page), a space, the text in Helvetica 10 pt at x 96. */
function item(numeral: string, text: string, y: number, opts: { numeralSize?: number; numeralFont?: string; lift?: number; textX?: number } = {}): Line {
  const size = opts.numeralSize ?? 12;
  const n = span(numeral, 78, y + 10 + 1.5 - size - (opts.lift ?? 0), { size, font: opts.numeralFont ?? "Helvetica" });
  const t = span(text, opts.textX ?? 96, y, { size: 10, font: "Helvetica" });
  return lineOfSpans([n, { ...span(" ", n.x1, y, { size: 10, font: "Helvetica" }), x1: t.x0 }, t]);
}

function markerOf(l: Line) {
  return lineMarker(l, lineText(l));
}

function markers(blocks: Block[]): string[] {
  return blocks.map((b) => (b.kind === "list_item" ? `${b.marker}${b.depth > 0 ? "@" + b.depth : ""}` : b.kind));
}

describe("bare roman numerals set apart by their style (ReportLab's ListFlowable, bulletType 'i')", () => {
  it("reads 'vii' in 12 pt before 10 pt text as a weak marker numbered 7", () => {
    expect(markerOf(item("vii", "Item no. 2", 100))).toMatchObject({ ordered: true, marker: "7.", value: 7, style: "lower-roman", weak: true, length: 4 });
    expect(markerOf(item("IX", "Item no. 4", 100))).toMatchObject({ ordered: true, marker: "9.", style: "upper-roman" });
  });

  it("reads one in another font at the text's size too", () => {
    expect(markerOf(item("iv", "Item", 100, { numeralSize: 10, numeralFont: "Times-Roman" }))).toMatchObject({ marker: "4." });
  });

  it("makes a column of vii, viii, ix three items numbered 7, 8, 9", () => {
    const blocks = buildBlocks([item("vii", "Item no. 2", 100), item("viii", "Item no. 3", 112), item("ix", "Item no.4", 124)], STATS);
    expect(markers(blocks)).toEqual(["7.", "8.", "9."]);
    expect(blocks.map((b) => b.lines.map(lineText).join(" ").trim())).toEqual(["Item no. 2", "Item no. 3", "Item no.4"]);
  });

  it("leaves a numeral in the text's own style as text ('vi is an editor', 'XIV Congress')", () => {
    expect(markerOf(line("vi is an editor"))).toBeNull();
    expect(markerOf(line([{ text: "XIV" }, { text: " Congress of the Union" }], { font: "Helvetica" }))).toBeNull();
    // Another weight in the same face sets nothing apart either.
    expect(markerOf(line([{ text: "iii", bold: true }, { text: " the third" }], { font: "Helvetica" }))).toBeNull();
  });

  it("leaves a raised numeral (a note's mark) and a numeral touching its text alone", () => {
    expect(markerOf(item("ii", "a word with a note", 100, { numeralSize: 7, lift: 5 }))).toBeNull();
    const touching = lineOfSpans([span("ii", 78, 100, { size: 12, font: "Helvetica" }), span("Word", 84, 100, { size: 10, font: "Helvetica" })]);
    expect(markerOf(touching)).toBeNull();
  });

  it("leaves a word of numeral letters in mixed case, or other letters, alone ('Vi', 'mix')", () => {
    expect(markerOf(item("Vi", "Item", 100))).toBeNull();
    expect(markerOf(item("mix", "Item", 100))).toBeNull();
    expect(markerOf(item("civ", "Item", 100))).toBeNull();
  });

  it("needs its sequence: a lone 'iv' set apart starts no item", () => {
    const blocks = buildBlocks([line("A paragraph of running text that comes first here.", { x: 78, y: 88 }), item("iv", "Item no. 2", 100)], STATS);
    expect(blocks.some((b) => b.kind === "list_item")).toBe(false);
  });
});

describe("an ordered item opening with a bullet holds a bulleted list (render/inner_bullets.ts)", () => {
  /** ReportLab's page: vii, then viii with a ■ item, a ■ item under it, then ix. */
  function reportlabList(): Line[] {
    const y = 100;
    const bullet = (text: string, yy: number, numeral?: string): Line => {
      const spans = [];
      if (numeral !== undefined) spans.push(span(numeral + " ", 78, yy - 0.5, { size: 12, font: "Helvetica" }));
      spans.push({ ...span("■", 96, yy - 0.5, { size: 12, font: "ZapfDingbats" }), x1: 105 });
      spans.push({ ...span(" ", 105, yy - 0.5, { size: 12, font: "ZapfDingbats" }), x1: 114 });
      spans.push(span(text, 114, yy, { size: 10, font: "Helvetica" }));
      spans[0] = numeral !== undefined ? { ...spans[0], x1: 96 } : spans[0];
      return lineOfSpans(spans);
    };
    return [item("vii", "Item no. 2", y), bullet("sublist item 1", y + 12, "viii"), bullet("sublist item 2", y + 24), item("ix", "Item no.4", y + 36)];
  }

  it("writes item 8 as '8. - sublist item 1' and its sibling under it in the same inner list", () => {
    const lines = prepareLines(reportlabList());
    const md = renderPage(page(97, lines), lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(md).toContain("7. Item no. 2\n8. - sublist item 1\n   - sublist item 2\n9. Item no.4");
  });

  it("takes off a glyph bullet, never a typed dash or asterisk", () => {
    const glyph = line("■ sublist item 1", { font: "Helvetica" });
    expect(innerBulletLines([glyph])?.map(lineText)).toEqual(["sublist item 1"]);
    expect(innerBulletLines([line("– 5 units of each")])).toBeNull();
    expect(innerBulletLines([line("* see the note")])).toBeNull();
    expect(innerBulletLines([line("Item no. 2")])).toBeNull();
  });
});
