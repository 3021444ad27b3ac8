// SPEC.md §Output (the text as the page reads it); issue 9 ("a reader would accept the
// Markdown as a faithful copy"). extract/mupdf_page.ts STAND_IN_POINT_GAP_PT: a decimal point
// drawn under its own ActualText span, which MuPDF reads with no width, leaves its advance as
// a gap MuPDF made a space of; between two figures that space goes. svc-md-1.1.41.
import { describe, expect, it } from "vitest";
import { excerptMarkdown } from "../support/markdown_of.js";

describe("the US Statistical Abstract's Table 324 (fixtures/excerpts/census-arrests-p1-totals.pdf)", () => {
  const convert = () => excerptMarkdown("census-arrests-p1-totals.pdf");

  it("reads the bold totals' figures whole (before: '11,062. 6')", async () => {
    const md = await convert();
    expect(md).toContain("| **Total** | **11,062.6** | **1,540.0** | **9,522.6** | **8,263.3** | **1,071.6** | **7,191.7** | **2,799.2** | **468.3** | **2,330.9** |");
    expect(md).toContain("| **Violent crime** | **467.9** | **69.1** | **398.8** |");
    expect(md).not.toMatch(/\d[.,] \d/);
  });

  it("keeps the figures whose points are drawn as text as they were, and the note's own", async () => {
    const md = await convert();
    expect(md).toContain("| Robbery | 102.1 | 25.5 | 76.6 | 90.0 | 22.9 | 67.1 | 12.1 | 2.5 | 9.5 |");
    expect(md).toContain("\\[In thousands (11,062.6 represents 11,062,600) For year ending December 31.");
  });
});
