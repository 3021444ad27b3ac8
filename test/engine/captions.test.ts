import { describe, expect, it } from "vitest";
import { CAPTION_LABEL_START, FIGURE_CAPTION, FLOAT_CAPTION } from "../../src/engine/layout/captions.js";
import { analyseDocument } from "../../src/engine/render/document.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, ok, page } from "../support/layout.js";

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

describe("a table's caption set in a heading's style (render/page.ts, svc-md-1.1.17)", () => {
  const render = (caption: string) => {
    const body = [
      "We measured three heat pumps in the same test house over one heating season, and",
      "report the seasonal efficiency at the flow temperature most homes use in winter.",
    ].map((t, k) => line(t, { y: 100 + 12 * k }));
    const head = line(caption, { y: 140, bold: true });
    const rows = [["Model", "Capacity", "Price"], ["Nordtherm A7", "7.0", "8900"], ["Calora Split 8", "8.2", "7450"], ["Vento Mono 6", "6.1", "9600"]];
    const cells = rows.flatMap((row, r) => row.map((t, c) => line(t, { x: 72 + 140 * c, y: 160 + 14 * r, bold: r === 0 })));
    const outcomes = [ok(page(1, [...body, head, ...cells]))];
    return analyseDocument({ pageCount: 1, selected: [1], selectionExpression: "1", outcomes, outline: null, hasXfa: false, options: defaultRenderOptions }).markdown;
  };

  it("is a paragraph over the table, its bold kept", () => {
    const md = render("Table 2. Measured performance by model");
    expect(md).toContain("**Table 2. Measured performance by model**\n\n| Model");
    expect(md).not.toMatch(/^#+ Table 2/m);
  });

  it("leaves a bold heading over a table that names no float a heading", () => {
    expect(render("Measured performance by model")).toMatch(/^#+ Measured performance by model$/m);
  });
});
