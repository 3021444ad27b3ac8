// SPEC.md §Output (tables as GFM tables); issue 9 item 4 ("tables without rulings: columns from
// whitespace gutters aligned across at least 3 rows"). extract/mupdf_page.ts WIDE_GAP_EMS_MIN
// notes the wide gaps a span goes on over (Span.wideGaps); tables/aligned_detector.ts
// cutAtWideGaps cuts a span there where each column it crosses starts. svc-md-1.1.41.
import { describe, expect, it } from "vitest";
import { excerptMarkdown } from "../support/markdown_of.js";

describe("Writer's print of an operations review, its table with no borders (fixtures/excerpts/writer-depot-review.pdf)", () => {
  const convert = () => excerptMarkdown("writer-depot-review.pdf");

  it("reads the centred heads set half an em apart as one head each (before: 'Dock doors Utilisation Staff' one cell, 'Notes' a heading)", async () => {
    const md = await convert();
    expect(md).toContain("| Depot | Dock doors | Utilisation | Staff | Notes |\n| --- | --- | --- | --- | --- |\n| Leeds | 12 | 94% | 88 | Peak constraint; overtime approved |");
    expect(md).not.toContain("#### Notes");
  });

  it("keeps a row whose first cell runs to half an em of the next column in the table (before: 'Central warehouse 20' a paragraph under it)", async () => {
    const md = await convert();
    expect(md).toContain("| Norwich | 6 | 66% | 41 |  |\n| Central warehouse | 20 | 82% | 153 | Second shift from 1 October |\n\nUtilisation is the share of scheduled door-hours in use, averaged over the quarter.");
  });

  it("reads the rest of the page as before: headings, the nested list, the bulleted list", async () => {
    const md = await convert();
    expect(md).toContain("## 2. Depot figures");
    expect(md).toContain("1. Inbound volume grew by 7.4% over Q2.\n   1. Pallets: 41,870 (Q2: 38,990).\n   2. Parcels: 212,400 (Q2: 201,115).\n2. Outbound lead time fell from 2.9 to 2.4 days.");
    expect(md).toContain("### 2.1 Actions agreed\n\n- Move 15% of Leeds inbound to Bristol from November.");
  });
});
