// extract/producers.ts: a producer that hyphenates no word (Chromium's print) breaks lines only
// at the text's own hyphens, so a line-end hyphen stays with dehyphenation on (SPEC.md
// §Options: normalize.dehyphenate; docs/engine.md, Line-end hyphens). svc-md-1.1.16.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { producerHyphenates } from "../../src/engine/extract/producers.js";
import { analyseDocument } from "../../src/engine/render/document.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { openDocument } from "../../src/engine/extract/open.js";
import type { PageModel } from "../../src/engine/model.js";
import { line, ok, page } from "../support/layout.js";

describe("producers that hyphenate no word (svc-md-1.1.16: a contract printed by Chromium, 'hull-' | 'monitoring')", () => {
  it("knows Chromium's and wkhtmltopdf's prints; TeX, office suites and unknown producers may hyphenate", () => {
    expect(producerHyphenates("Skia/PDF m156")).toBe(false);
    expect(producerHyphenates("Qt 4.8.7")).toBe(false);
    expect(producerHyphenates("wkhtmltopdf 0.12.6")).toBe(false);
    for (const producer of ["pdfTeX-1.40.25", "LibreOffice 7.4", "Microsoft® Word for Microsoft 365", "xdvipdfmx (20220710)", "", undefined]) expect(producerHyphenates(producer)).toBe(true);
  });

  const convert = (pages: string[][], hyphenates: boolean) => {
    const models: PageModel[] = pages.map((texts, i) => ({ ...page(i + 1, texts.map((t, k) => line(t, { y: 100 + 12 * k }))), ...(hyphenates ? {} : { producerHyphenates: false as const }) }));
    return analyseDocument({ pageCount: pages.length, selected: pages.map((_, i) => i + 1), selectionExpression: `1-${pages.length}`, outcomes: models.map((m) => ok(m)), outline: null, hasXfa: false, options: defaultRenderOptions }).markdown;
  };

  it("keeps a line-end hyphen on such a page, and drops it where the producer may hyphenate", () => {
    const lines = ["The Purpose is the evaluation of a possible joint development of hull-", "monitoring software for coastal vessels of every size."];
    expect(convert([lines], false)).toContain("hull-monitoring software");
    expect(convert([lines], true)).toContain("hullmonitoring software");
  });

  it("keeps it across a page break too", () => {
    const pages = [["The Purpose is the evaluation of a possible joint development of hull-"], ["monitoring software for coastal vessels of every size."]];
    expect(convert(pages, false)).toContain("hull-monitoring software");
    expect(convert(pages, true)).toContain("hullmonitoring software");
  });

  it("reads the producer of a real Chromium print (fixtures/real/gen-letter-p1.pdf) and of a TeX one", () => {
    const here = path.resolve(import.meta.dirname, "../../fixtures/real");
    const hyphenates = (file: string) => {
      const opened = openDocument(new Uint8Array(readFileSync(path.join(here, file))));
      opened.doc.destroy();
      return opened.hyphenates;
    };
    expect(hyphenates("gen-letter-p1.pdf")).toBe(false);
    expect(hyphenates("gen-handbook-p1.pdf")).toBe(true);
  });
});
