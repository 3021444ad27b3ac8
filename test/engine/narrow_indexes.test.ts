// An index set in three narrow columns (layout/leaders.ts LEADS_TO_PAGE, titlesOwnEntry,
// wrapsIndexEntry, endsWrappedEntry; render/page.ts joinAcrossColumnBreak): LaTeX's ltxdoc
// indexes (IEEEconf's p. 17) run an entry's leader to the row's end and set its numbers on
// the next row, and give an entry in a narrow column a leader of a dot or two. The leader had
// taken the next column's entry on its row as its page number ("IEEEconf \RequirePackage"),
// which joined the three columns row by row; leaders of two to four dots made no entry, so
// entries ran together as paragraphs. docs/engine.md, "Narrow indexes". svc-md-1.1.25.
import { describe, expect, it } from "vitest";
import { mupdf } from "../../src/engine/extract/mupdf_runtime.js";
import { markdownOf } from "../support/markdown_of.js";

type Piece = [x: number, y: number, text: string, face?: "mono" | "bold"];

/** A4; `y` is the top of 9 pt text, down the page. */
function indexPdf(pieces: Piece[]): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const resources = doc.addObject({
    Font: {
      F1: doc.addSimpleFont(new mupdf.Font("Times-Roman"), "Latin"),
      F2: doc.addSimpleFont(new mupdf.Font("Courier"), "Latin"),
      F3: doc.addSimpleFont(new mupdf.Font("Times-Bold"), "Latin"),
    },
  });
  let content = "0 g\n";
  for (const [x, y, text, face] of pieces) {
    const font = face === "mono" ? "F2" : face === "bold" ? "F3" : "F1";
    content += `BT /${font} 9 Tf ${x} ${842 - y - 7} Td (${text.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj ET\n`;
  }
  const page = doc.addPage([0, 0, 595, 842], 0, resources, content);
  doc.insertPage(-1, page);
  return doc.saveToBuffer("compress").asUint8Array();
}

/** Three columns of an ltxdoc index, 111 pt wide, 10 pt apart, rows 12.8 pt apart. */
function threeColumns(): Piece[] {
  const c1 = 154;
  const c2 = 275;
  const c3 = 396;
  const row = (k: number) => 128 + 12.8 * k;
  return [
    // Column 1: packages, leaders to the column's right edge.
    [c1, row(0), "hyperref"], [c1 + 42, row(0), ". . . . . . . ."], [c1 + 105, row(0), "1"],
    [c1, row(1), "IEEEconf"], [c1 + 42, row(1), ". . . . . . . . . . ."],
    [c1 + 30, row(2), ". . . . 1-6, 9, 13-15"],
    [c1, row(3), "latex8 . . . . 1-3, 6, 10"],
    [c1, row(4), "mathptmx"], [c1 + 48, row(4), ". . . . . . ."], [c1 + 105, row(4), "8"],
    [c1, row(5), "multicol . . . . 4, 6, 15"],
    [c1, row(6), "topcapt (package) ."], [c1 + 90, row(6), "6, 11"],
    [c1, row(7), "\\pagestyle", "mono"], [c1 + 57, row(7), ". . . . . . . 15"],
    [c1, row(8), "\\parindent", "mono"], [c1 + 57, row(8), ". . . . . 16, 32"],
    [c1, row(9), "\\parsep", "mono"], [c1 + 42, row(9), ". . . . . . . . . . 160"],
    // Column 2: commands, a letter's heading over them.
    [c2 + 50, row(0), "R", "bold"],
    [c2, row(1), "\\RequirePackage", "mono"], [c2 + 82, row(1), ". . ."],
    [c2 + 31, row(2), ". 18, 36-38, 57, 139"],
    [c2 + 50, row(3), "S", "bold"],
    [c2, row(4), "\\section", "mono"], [c2 + 46, row(4), ". . 140, 142, 150"],
    [c2, row(5), "\\selectfont", "mono"], [c2 + 57, row(5), ". . . . . . ."],
    [c2 + 31, row(6), ". 40, 42, 44, 46,"],
    [c2 + 30, row(7), "48, 50, 52, 54, 56"],
    [c2, row(8), "\\subsection", "mono"], [c2 + 62, row(8), ". . . 143, 145"],
    [c2, row(9), "\\thebibitemlist", "mono"], [c2 + 82, row(9), ". . . 179"],
    // Column 3: its first entry starts in small letters.
    [c3, row(0), "thebibliography (envi-"],
    [c3 + 30, row(1), "ronment)"], [c3 + 70, row(1), ". . ."], [c3 + 96, row(1), "149"],
    [c3, row(2), "\\theenumiv", "mono"], [c3 + 57, row(2), ". . . . . . . 167"],
    [c3, row(3), "\\thesection", "mono"], [c3 + 62, row(3), ". . . . . . 140"],
    [c3, row(4), "\\title", "mono"], [c3 + 36, row(4), ". . . . . . . . . . . 3"],
    [c3, row(5), "\\titlepage", "mono"], [c3 + 57, row(5), ". . . . . . . 108"],
    [c3, row(6), "tocbibind (package) . . 13"],
    [c3, row(7), "\\topmargin", "mono"], [c3 + 57, row(7), ". . . . . . . 29"],
    [c3, row(8), "\\textheight", "mono"], [c3 + 62, row(8), ". . . . . . 26"],
    [c3, row(9), "\\textwidth", "mono"], [c3 + 57, row(9), ". . . . . . . 27"],
  ];
}

/** The Markdown's paragraphs, inline code and emphasis marks taken off, white space collapsed. */
function paragraphs(markdown: string): string[] {
  return markdown.split(/\n\n+/).map((p) => p.replace(/[`*]/g, "").replace(/\s+/g, " ").trim()).filter((p) => p !== "");
}

describe("An index in three narrow columns (leaders.ts; svc-md-1.1.25)", () => {
  it("reads the columns one after the other: a leader takes no entry of the next column as its page number (LEADS_TO_PAGE, titlesOwnEntry)", async () => {
    const paras = paragraphs(await markdownOf(indexPdf(threeColumns())));
    const at = (start: string) => paras.findIndex((p) => p.startsWith(start));
    for (const p of paras) expect(p, p).not.toMatch(/IEEEconf.*RequirePackage|RequirePackage.*ronment|selectfont.*theenumiv/);
    expect(at("hyperref")).toBeLessThan(at("\\parsep"));
    expect(at("\\parsep")).toBeLessThan(at("\\RequirePackage"));
    expect(at("\\RequirePackage")).toBeLessThan(at("\\thebibitemlist"));
    expect(at("\\thebibitemlist")).toBeLessThan(at("thebibliography"));
  });

  it("joins an entry's numbers wrapped onto the next line, and ends the entry there (wrapsIndexEntry, endsWrappedEntry)", async () => {
    const paras = paragraphs(await markdownOf(indexPdf(threeColumns())));
    expect(paras).toContainEqual(expect.stringMatching(/^IEEEconf[ .]*1-6, 9, 13-15$/));
    expect(paras).toContainEqual(expect.stringMatching(/^\\RequirePackage[ .]*18, 36-38, 57, 139$/));
    expect(paras).toContainEqual(expect.stringMatching(/^\\selectfont[ .]*40, 42, 44, 46, 48, 50, 52, 54, 56$/));
  });

  it("keeps each entry a paragraph of its own, also with a leader of two to four dots or one dot (LEADER_PAGE_END, joinTitlesToLeaders)", async () => {
    const paras = paragraphs(await markdownOf(indexPdf(threeColumns())));
    expect(paras).toContainEqual(expect.stringMatching(/^latex8[ .]*1-3, 6, 10$/));
    expect(paras).toContainEqual(expect.stringMatching(/^mathptmx[ .]*8$/));
    expect(paras).toContainEqual(expect.stringMatching(/^\\section[ .]*140, 142, 150$/));
    expect(paras).toContainEqual(expect.stringMatching(/^topcapt \(package\)[ .]*6, 11$/));
    expect(paras).toContainEqual(expect.stringMatching(/^tocbibind \(package\)[ .]*13$/));
  });

  it("does not join a column's last entry to the next column's first, which starts in small letters (joinAcrossColumnBreak)", async () => {
    const paras = paragraphs(await markdownOf(indexPdf(threeColumns())));
    expect(paras).toContainEqual(expect.stringMatching(/^\\thebibitemlist[ .]*179$/));
  });
});
