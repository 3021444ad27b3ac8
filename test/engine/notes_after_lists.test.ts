// layout/footnote_area.ts PLAIN_MARK: a note mark whose first digits came through plain and its
// last as superscripts (dblatex's Liberation Serif maps its raised one, two and three to ASCII:
// maint-guide's "1⁸The following example …"). render/page.ts renderBlocks: the page's
// footnotes start after its text, never inside the list the page ends with (maint-guide p. 25,
// the note set under an item's text had been indented into the item). docs/engine.md,
// "Footnotes after a list".
import { describe, expect, it } from "vitest";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { startsNote } from "../../src/engine/layout/footnote_area.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import type { Line, Rule } from "../../src/engine/model.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page } from "../support/layout.js";

const stats: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

function render(lines: Line[], rules: Rule[]): string {
  const prepared = prepareLines(lines);
  const model = { ...page(1, prepared), rules };
  return renderPage(model, prepared, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
}

describe("a note's mark part plain, part raised (PLAIN_MARK)", () => {
  it("starts a note at '1⁸' before a capital", () => {
    expect(startsNote(line("1⁸The following example assumes your debian/compat is 9.", { size: 8 }))).toBe(true);
  });

  it("leaves a power before small letters alone: '2³ bits'", () => {
    expect(startsNote(line("2³ bits make a byte of the old machines.", { size: 8 }))).toBe(false);
  });
});

describe("the page's footnotes after a list it ends with (renderBlocks)", () => {
  const items = [
    line("• debian/rules clean runs dh clean, which in turn runs the following:", { x: 58, y: 600 }),
    line("• fakeroot debian/rules binary runs fakeroot dh binary, which runs the following:", { x: 58, y: 620 }),
  ];
  const rule: Rule = { x0: 58, y0: 712, x1: 160, y1: 712.4, kind: "fill" };

  const listing = ["dh_testroot", "dh_prep", "dh_installdirs", "dh_auto_install", "dh_install", "dh_installdocs", "dh_builddeb"].map((text, k) => line(text, { x: 70, y: 636 + 11 * k, mono: true }));

  it("starts a note set under the last item's text after the list, not in the item", () => {
    const md = render([...items, ...listing, line("1The following example assumes your compat level is 9 or more.", { x: 70, y: 728, size: 8 })], [rule]);
    // Its plain number is written raised (svc-md-1.1.39, footnote_area.ts withPlainMarkApart).
    expect(md).toMatch(/^<sup>1<\/sup>The following example/m);
  });

  it("still indents a block under the item's text into the item: its listing", () => {
    const md = render([...items, ...listing], []);
    expect(md).toMatch(/^ +dh_testroot$/m);
  });
});
