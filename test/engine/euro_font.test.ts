// The euro sign of TeX's eurosym fonts (docs/engine.md, The euro sign of eurosym): SPEC.md
// §Output, the text the page shows.
import { describe, expect, it } from "vitest";
import { writeEuroSigns } from "../../src/engine/layout/euro_font.js";
import { line } from "../support/layout.js";

const text = (l: { spans: { text: string }[] }) => l.spans.map((s) => s.text).join("");

describe("writeEuroSigns (facture-belge-simple-sans-tva p1: the amount column's head)", () => {
  it("writes eurosym's \"e\" as the euro sign, in each of its fonts", () => {
    for (const font of ["TeX-feymr10", "feybr10", "TeX-feymo10", "geyml10"]) {
      const lines = [line([{ text: "Prix unit. " }, { text: "e", font }])];
      expect(writeEuroSigns(lines).map(text)).toEqual(["Prix unit. €"]);
    }
  });

  it("leaves an \"e\" in any other font alone, and the page's lines as they are when none is eurosym's", () => {
    const lines = [line([{ text: "Total e", font: "LMRoman10-Regular" }]), line([{ text: "e", font: "feymr12x" }])];
    expect(writeEuroSigns(lines)).toBe(lines);
    expect(writeEuroSigns(lines).map(text)).toEqual(["Total e", "e"]);
  });
});
