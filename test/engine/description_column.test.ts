// SPEC.md §Output (tables as GFM tables); issue 9 item 4 ("tables without rulings: columns from
// whitespace gutters aligned across at least 3 rows; header rows"). tables/reads_as_table.ts
// describesBesideShortColumns: one column of a line of description a row beside columns of
// short cells is a table's, unless a row's description runs on into the next row's (a flow of
// text beside an infobox); tables/aligned_detector.ts cutAtSpanGaps: a first row's pieces cut
// where the stext reader ended a span at a cell gap, tried last. svc-md-1.1.41.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { excerptMarkdown, markdownOf } from "../support/markdown_of.js";

describe("Writer's print of board minutes, an action list of four columns with no borders (fixtures/excerpts/writer-board-minutes.pdf)", () => {
  const convert = () => excerptMarkdown("writer-board-minutes.pdf");

  it("reads the action items as a table under their heads (before: the heads four headings, the rows paragraphs)", async () => {
    const md = await convert();
    expect(md).toContain(
      "| No. | Action | Owner | Due |\n| --- | --- | --- | --- |\n| 1 | Circulate the revised travel policy to all staff and publish it on the intranet | P. Marchetti | 30 Nov 2026 |\n| 2 | Prepare the tender documents for the cleaning contract | S. Tanaka | 15 Dec 2026 |\n| 3 | Update the risk register with the postponed roof works | R. Dubois | 10 Dec 2026 |",
    );
    expect(md).not.toContain("### Owner");
  });

  it("keeps the decisions a list and the finance report a paragraph", async () => {
    const md = await convert();
    expect(md).toContain("## 3. Decisions\n\n1. The board approved the revised travel policy, effective 1 January 2027.\n2. The board agreed to open a tender for the cleaning contract.");
    expect(md).toContain("J. Lindqvist presented the finance report for October. Operating income was €1.42 million against a budget of €1.38 million.");
  });
});

describe("an article's prose beside its infobox (fixtures/real/gen-wiki-left-p1.pdf)", () => {
  it("keeps the prose whose lines run on from row to row out of the infobox's table", async () => {
    const md = await markdownOf(new Uint8Array(readFileSync(new URL("../../fixtures/real/gen-wiki-left-p1.pdf", import.meta.url))));
    expect(md).toContain("# Göta Canal\n\nThe **Göta Canal** is a Swedish canal built in the early nineteenth century. It links a series of lakes and rivers");
    expect(md).toContain("| **Length** | 190 km |\n| --- | --- |\n| **Locks** | 58 |");
  });
});
