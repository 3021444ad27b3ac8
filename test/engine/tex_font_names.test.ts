// extract/font_names.ts TEX_BOLD_NAME, TEX_ITALIC_NAME and MONO_NAME's TeX names (issue 9,
// item 5: monospace detection relies on the font). TeX names its fonts by Karl Berry's scheme,
// family, shape and size, and an embedded subset of one often carries no style flags: encTeX's
// Czech manual, set in CSTeX's csbx10, csti10 and cstt10, had its code as paragraphs and its
// section titles as plain text; Type 1C subsets of cmbx12 (dvips' title page and contents)
// had lost their bold.
import { describe, expect, it } from "vitest";
import { factsOfFont } from "../../src/engine/extract/font_facts.js";
import { MONO_NAME, TEX_BOLD_NAME, TEX_ITALIC_NAME } from "../../src/engine/extract/font_names.js";

describe("TeX's font names say bold, italic and typewriter (font_names.ts)", () => {
  it.each(["csbx10", "cmbx12", "ecbx1000", "cmssbx10", "cmb10", "cmbxti10", "cmbxsl10", "XFPSDG+csbx10"])("%s is bold", (name) => {
    expect(TEX_BOLD_NAME.test(name)).toBe(true);
  });
  it.each(["csr10", "cmbsy10", "msbm10", "cmr12", "cmtt10", "Cambria-Bold10x"])("%s is not bold by TeX's name", (name) => {
    expect(TEX_BOLD_NAME.test(name)).toBe(false);
  });
  it.each(["csti10", "cmti10", "ecti1000", "cmsl10", "cssl10", "cmbxti10"])("%s is italic or slanted", (name) => {
    expect(TEX_ITALIC_NAME.test(name)).toBe(true);
  });
  it.each(["cmmi10", "csr10", "cmitt10", "Times-Roman"])("%s is not italic by TeX's name", (name) => {
    expect(TEX_ITALIC_NAME.test(name)).toBe(false);
  });
  it.each(["cstt10", "cmsltt10", "cmitt10", "pltt10", "OPXUMT+cstt10"])("%s is a typewriter face", (name) => {
    expect(MONO_NAME.test(name)).toBe(true);
  });
  it.each(["csr10", "cmbx12", "csti10", "Scotch-Roman"])("%s is not a typewriter face", (name) => {
    expect(MONO_NAME.test(name)).toBe(false);
  });

  it("gives a subset that carries no flags its faces by name (the reader's font facts)", () => {
    expect(factsOfFont("YZDOGD+csbx10", false, false, false)).toEqual({ name: "csbx10", bold: true, italic: false, monospace: false });
    expect(factsOfFont("FHFYES+csti10", false, false, false)).toEqual({ name: "csti10", bold: false, italic: true, monospace: false });
    expect(factsOfFont("OPXUMT+cstt10", false, false, false)).toEqual({ name: "cstt10", bold: false, italic: false, monospace: true });
    expect(factsOfFont("OHDIZA+csr10", false, false, false)).toEqual({ name: "csr10", bold: false, italic: false, monospace: false });
  });
});
