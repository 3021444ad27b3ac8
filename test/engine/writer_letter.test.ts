// A business letter (fixtures/excerpts/writer-letter, made by LibreOffice Writer from a source
// written here): SPEC.md §Output "line breaks inside a paragraph are kept where the author set
// them"; issue 9 ("a reader given the PDF page and svc-md's Markdown would accept the Markdown as
// a faithful copy"). layout/blocks.ts isFlushRightPair. svc-md-1.1.39.
import { describe, expect, it } from "vitest";
import { excerptMarkdown } from "../support/markdown_of.js";

describe("a sender block set flush right whose last two lines are of nearly one length", () => {
  it("keeps its lines (before: '3 Quay Road Falmouth TR11 3HQ Tel. 01326 555 0192', read as a paragraph with its first line indented)", async () => {
    const md = await excerptMarkdown("writer-letter.pdf");
    expect(md).toContain("3 Quay Road\\\nFalmouth TR11 3HQ\\\nTel. 01326 555 0192");
    expect(md).toContain("Mr Daniel Okoro\\\n17 Penwerris Terrace\\\nFalmouth TR11 2PA");
    expect(md).toContain("|  | **Total** | **5** | **955.00** |");
    expect(md).toContain("Dr Helen Tregarthen\\\nPrincipal Dentist");
  });
});
