import { describe, expect, it } from "vitest";
import { CAPTION_LABEL_START, FIGURE_CAPTION, FLOAT_CAPTION } from "../../src/engine/layout/captions.js";

// docs/engine.md, "Captions": one word list names the floats for every caption test.
describe("caption patterns (layout/captions.ts)", () => {
  it("takes a float's label and number, in English and German, short or spelled out", () => {
    for (const caption of ["Figure 2: Results", "Fig. 3 – Set-up", "Table 1. Costs", "Tab. 3: Werte", "Tabelle 2 Werte", "Abbildung 4: Aufbau", "Abb. 1: Ein Bild", "Listing 5 Code", "Scheme 1."]) {
      expect(FLOAT_CAPTION.test(caption), caption).toBe(true);
    }
    expect(FIGURE_CAPTION.test("Abb. 1: Ein Bild")).toBe(true);
    expect(FIGURE_CAPTION.test("Tab. 3: Werte")).toBe(false);
  });

  it("takes no word that only begins like a label, nor a label without its number", () => {
    for (const text of ["Tables 2 and 3 show", "Table of contents", "Tablet computers", "Figure skating", "Abbildungen"]) {
      expect(FLOAT_CAPTION.test(text), text).toBe(false);
      expect(CAPTION_LABEL_START.test(text), text).toBe(false);
    }
  });

  it("starts a paragraph with a caption where the label is bold, in capitals or numbered in roman, and capitalised only", () => {
    for (const text of ["**Figure 2.** The set-up", "TABLE IV: Cell counts", "FIG. 3 Spectra", "Table I. Sizes", "Chart 3: Sales"]) {
      expect(CAPTION_LABEL_START.test(text), text).toBe(true);
    }
    expect(CAPTION_LABEL_START.test("figure 3 of the appendix")).toBe(false);
  });
});
