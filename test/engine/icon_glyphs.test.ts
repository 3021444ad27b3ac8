// An icon font's glyph with no Unicode (MuPDF's U+FFFD) is a picture, not text: its span goes
// (extract/icon_glyphs.ts). bath-bst's guide marked each reference style's sample with
// FontAwesome's book or gear, and the Markdown carried "� Soper, D., 1972. …". docs/engine.md,
// "Icon fonts". svc-md-1.1.34.
import { describe, expect, it } from "vitest";
import { dropIconGlyphs } from "../../src/engine/extract/icon_glyphs.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { line } from "../support/layout.js";

describe("icon glyphs without Unicode (icon_glyphs.ts; issue 9, bath-bst p. 13)", () => {
  it("drops an unmapped icon and the space after it, and the line starts at its text", () => {
    const lines = [line([{ text: "\ufffd", font: "FontAwesome" }, { text: " " }, { text: "Soper, D., 1972. Review of bracken control." }])];
    const textStart = lines[0].spans[2].x0;
    expect(dropIconGlyphs(lines)).toBe(1);
    expect(lineText(lines[0])).toBe("Soper, D., 1972. Review of bracken control.");
    expect(lines[0].x0).toBe(textStart);
  });

  it("drops a line of icons alone, and keeps the lines around it", () => {
    const lines = [line("Before."), line([{ text: "\ufffd \ufffd", font: "FontAwesome5Free-Solid" }]), line("After.")];
    expect(dropIconGlyphs(lines)).toBe(2);
    expect(lines.map(lineText)).toEqual(["Before.", "After."]);
  });

  it("keeps U+FFFD of a text font (unmapped text stays counted) and an icon mapped to a character", () => {
    const lines = [line([{ text: "\ufffd", font: "TimesNewRoman" }, { text: " word" }]), line([{ text: "\uf02d", font: "FontAwesome" }, { text: " book" }])];
    expect(dropIconGlyphs(lines)).toBe(0);
    expect(lines.map(lineText)).toEqual(["\ufffd word", "\uf02d book"]);
  });
});
