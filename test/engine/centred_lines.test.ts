// Centred lines their author broke keep their breaks (issue 9: a reader accepts a real page's
// Markdown as a faithful copy; a cover page's stacked names ran into one paragraph).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line } from "../../src/engine/model.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [{ size: 18, bold: false, level: 1 }], running: new Set() };

/** A line of `text` from x0 to x1 at y (10 pt), its one span stretched to that width. */
function at(text: string, x0: number, x1: number, y: number, spec: { bold?: boolean; size?: number } = {}): Line {
  const l = line(text, { x: x0, y, size: spec.size ?? 10, bold: spec.bold });
  return { ...l, x1, spans: l.spans.map((s) => ({ ...s, x0, x1 })) };
}

/** A line of prose far above, which sets the column's edges as a page's text does. */
const PROSE = at("Text of the page that runs from the left margin to the right margin as prose does.", 72, 540, 200);

/** Each block's lines under PROSE, a break after a line written as "\\". */
function paragraphs(lines: Line[]): string[] {
  return buildBlocks([PROSE, ...lines], STATS).slice(1).map((b) => b.lines.map((l, k) => lineText(l).trim() + (l.breakAfter && k + 1 < b.lines.length ? "\\" : "")).join(" "));
}

describe("centred lines (layout/centred_lines.ts)", () => {
  it("keeps a cover page's stacked names as lines of one paragraph (geobase p1's 'Gouvernement du Canada' | 'Ressources naturelles Canada' | 'Centre canadien …')", () => {
    const lines = [
      at("Gouvernement du Canada", 233.6, 383, 400, { bold: true }),
      at("Ressources naturelles Canada", 205, 411.3, 412, { bold: true }),
      at("Centre canadien de la cartographie et d’observation de la Terre", 92.5, 523.7, 424, { bold: true }),
    ];
    expect(paragraphs(lines)).toEqual(["Gouvernement du Canada\\ Ressources naturelles Canada\\ Centre canadien de la cartographie et d’observation de la Terre"]);
  });

  it("keeps an affiliation's lines in its stack where its raised mark hangs left of the centred text (aastex631's '¹American Astronomical Society' | '1667 K Street NW, Suite 800'; svc-md-1.1.31)", () => {
    // The page's geometry: the mark in 6 pt, its foot 3.2 pt over the 8 pt text's. Without the
    // mark's hang the first line stood 2 pt off the axis, and the address ran on after it.
    const marked = (mark: string, text: string, x0: number, x1: number, y: number): Line => {
      const t = at(text, x0 + 4.15, x1, y, { size: 8 });
      const m = t.spans[0];
      return { ...t, x0, y0: y - 1.43, spans: [{ ...m, text: mark, size: 6, x0, x1: x0 + 3.66, y0: y - 1.43, y1: y + 3.88 }, ...t.spans] };
    };
    const lines = [
      marked("1", "American Astronomical Society", 242, 363.7, 402.4),
      at("1667 K Street NW, Suite 800", 249.9, 359.8, 413.9, { size: 8 }),
      at("Washington, DC 20006, USA", 251.1, 361.7, 425.4, { size: 8 }),
      marked("2", "Leiden University", 269.3, 339.5, 436.8),
      marked("3", "AAS Journals Associate Editor-in-Chief", 227, 381.7, 448.3),
      marked("4", "TeXnology Inc.", 273.8, 334.9, 459.7),
      marked("5", "AAS Director of Publishing", 251, 357.7, 471.2),
    ];
    expect(paragraphs(lines)).toEqual([
      "1American Astronomical Society\\ 1667 K Street NW, Suite 800\\ Washington, DC 20006, USA\\ 2Leiden University\\ 3AAS Journals Associate Editor-in-Chief\\ 4TeXnology Inc.\\ 5AAS Director of Publishing",
    ]);
  });

  it("keeps fields one under another apart, also where the first is the widest line ('Courriel : …' | 'URL : …')", () => {
    const lines = [at("Télécopieur : +01-819-564-5698", 220.1, 395.3, 400), at("Courriel : geoginfo@RNCan.gc.ca", 209.6, 406.9, 412), at("URL : www.GeoGratis.gc.ca", 224, 392.5, 424)];
    expect(paragraphs(lines)).toEqual(["Télécopieur : +01-819-564-5698\\ Courriel : geoginfo@RNCan.gc.ca\\ URL : www.GeoGratis.gc.ca"]);
  });

  it("joins a centred paragraph that wrapped: each line filled before the next word (a caption set centred; a title whose first line is the widest)", () => {
    const caption = [
      at("White sand beaches. The pink smoothness of the conch shell. A sea abundant", 179.4, 475.9, 400),
      at("Duty-free shops filled with Europe’s finest gifts and perfumes. Play your", 166.2, 474.9, 412),
      at("Golf amidst the tropical greens on one of the many courses.", 184, 457.1, 424),
    ];
    expect(paragraphs(caption)).toHaveLength(1);
    expect(caption.some((l) => l.breakAfter)).toBe(false);
    const title = [at("National Hydro Network, Canada, Level 1", 180, 440, 400), at("Data Model", 275, 345, 412)];
    expect(paragraphs(title)).toEqual(["National Hydro Network, Canada, Level 1 Data Model"]);
  });

  it("joins a line going on in small letters, and lines that start together inside a run (memman's contents sub-entries under their entry)", () => {
    const wrapped = [at("Lessig, Lawrence.", 260, 356, 400), at("Free culture : how big media uses technology", 190, 426, 412), at("and the law to lock down culture and control creativity", 160, 456, 424)];
    expect(paragraphs(wrapped)).toEqual(["Lessig, Lawrence.\\ Free culture : how big media uses technology and the law to lock down culture and control creativity"]);
    const entries = [
      at("21.2 Code . . . . . . . . . . . . . . . . . . . . 368", 141.7, 515.8, 400),
      at("21.2.1 Initialisation 368, 21.2.2 Page layout 368, 21.2.3 Page styles 370,", 171.6, 485.9, 412),
      at("21.2.4 The ToC and friends 371, 21.2.5 Chapter styling 372, 21.2.6 Section,", 171.6, 486, 424),
    ];
    paragraphs(entries);
    expect(entries.some((l) => l.breakAfter)).toBe(false);
  });

  it("reads no axis into two lines one of which spans the column (a display equation over a paragraph's full line)", () => {
    const lines = [at("H2 + O2 → H2O", 270, 342, 400), at("The equation above is not accurate. The Law of Conservation of Mass requires that", 72, 540, 412)];
    paragraphs(lines);
    expect(lines[0].breakAfter).toBeUndefined();
  });

  it("leaves a heading's lines to the heading rules: a title centred over two lines is one title", () => {
    const title = [at("A Study of", 260, 352, 400, { size: 18 }), at("Centred Titles in Practice", 200, 412, 422, { size: 18 })];
    const blocks = buildBlocks([PROSE, ...title], STATS);
    expect(blocks.map((b) => b.kind)).toEqual(["paragraph", "heading"]);
    expect(title[0].breakAfter).toBeUndefined();
  });
});

describe("a cover page (fixtures/real/report-geobase-p1)", () => {
  it("writes its centred lines with Markdown line breaks and its e-mail address as the page shows it", async () => {
    const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/real/report-geobase-p1.pdf")));
    const { markdown } = await convertDocument(openInProcess, { bytes, options: defaultRenderOptions });
    expect(markdown).toContain("**Gouvernement du Canada**\\\n**Ressources naturelles Canada**\\\n**Centre canadien de la cartographie et d’observation de la Terre**\n");
    expect(markdown).toContain("Courriel : <geoginfo@RNCan.gc.ca>\\\nURL : [www.GeoGratis.gc.ca](http://www.geogratis.gc.ca/)");
  });
});

describe("a title slide's subtitle in two centred lines (layout/subtitle_pairs.ts underTitle; Impress title slide converted alone)", () => {
  const SLIDE_STATS: DocumentStats = { body: { size: 32, bold: false }, headings: [], running: new Set() };
  /** A 32 pt line from x0 to x1 at y in `font`. */
  const big = (text: string, x0: number, x1: number, y: number, size: number, font = "LiberationSans"): Line => {
    const l = line(text, { x: x0, y, size, font });
    return { ...l, x1, spans: l.spans.map((s) => ({ ...s, x0, x1 })) };
  };
  const subtitle = () => [big("Results of the first quarter", 213.7, 579.4, 279.4, 32), big("Jonas Berg, Operations — 3 March 2025", 106.2, 687, 315.2, 32)];
  const texts = (lines: Line[]) => buildBlocks(lines, SLIDE_STATS).map((b) => b.lines.map((l, k) => lineText(l).trim() + (l.breakAfter && k + 1 < b.lines.length ? "\\" : "")).join(" "));

  it("keeps the pair's lines apart under a larger title of their face on their axis, though the wider spans the column", () => {
    const lines = [big("Warehouse Automation Pilot", 119.7, 673.2, 164.3, 44), ...subtitle()];
    expect(texts(lines)).toContain("Results of the first quarter\\ Jonas Berg, Operations — 3 March 2025");
  });

  it("joins them with no title over them, under a title in another face, or under one off their axis", () => {
    expect(texts(subtitle()).join(" ")).not.toContain("\\");
    const otherFace = [big("Warehouse Automation Pilot", 119.7, 673.2, 164.3, 44, "DejaVuSerif"), ...subtitle()];
    expect(texts(otherFace).join(" ")).not.toContain("\\");
    const offAxis = [big("Warehouse Automation Pilot", 106.2, 600, 164.3, 44), ...subtitle()];
    expect(texts(offAxis).join(" ")).not.toContain("\\");
  });
});

describe("initials starting lines centred among centred lines (centred_lines.ts centredAmongCentred; JACoW's collaboration list)", () => {
  /** JACoW's names and institutes, centred on one axis at 12 pt (coordinates as the page sets them). */
  const JACOW = STATS;
  const at12 = (text: string, x0: number, x1: number, y: number) => at(text, x0, x1, y, { size: 12 });
  const collaboration = () => [
    at12("M. V. Kuzin, Budker Institute of Nuclear Physics, 630090 Novosibirsk, Russia", 110.7, 484.6, 400),
    at12("L. Serani, Centre d’Etudes Nucléaires de Bordeaux Gradignan,", 147.1, 448.2, 413.3),
    at12("Université de Bordeaux/IN2P3/CNRS, 33175 Gradignan, France", 142.8, 452.5, 426.5),
    at12("M. Marx, Deutsches Elektronen-Synchrotron, 22607 Hamburg, Germany", 122.6, 472.7, 439.8),
    at12("I. Andrian, S. Deiuri, Elettra Sincrotrone Trieste, 34149 Basovizza, Italy", 122, 473.2, 453.2),
    at12("M. Arena, Fermilab, Batavia IL 60510, USA", 190.8, 404.5, 466.4),
    at12("F. Chautard, Grand Accélérateur National d’Ions Lourds, 14076 Caen, France", 111.9, 483.4, 479.7),
    at12("M. McAteer, Helmholtz-Zentrum Berlin, 14109 Berlin, Germany", 127.1, 468.2, 493),
    at12("N. Zhao, Institute of High Energy Physics, Beijing 100049, P. R. China", 118.3, 477, 506.2),
  ];

  it("reads no lettered items in them: 'L.', 'M.', 'M.', 'N.' are initials ('12. Serani', '13. Marx', '14. Zhao' before)", () => {
    const blocks = buildBlocks([PROSE, ...collaboration()], JACOW);
    expect(blocks.filter((b) => b.kind === "list_item")).toEqual([]);
    const text = blocks.map((b) => b.lines.map((l) => lineText(l).trim()).join(" ")).join(" ");
    expect(text).toContain("L. Serani, Centre");
    expect(text).toContain("N. Zhao, Institute");
  });

  it("keeps a lettered list whose markers stand at one x, and one whose lines share no axis", () => {
    const lettered = [
      at12("a. The applicant shall file the notice within thirty days.", 90, 400, 400),
      at12("b. The respondent may answer within fourteen days of service.", 90, 430, 413.3),
      at12("c. The court may extend either period for cause.", 90, 350, 426.5),
    ];
    const blocks = buildBlocks([PROSE, ...lettered], JACOW);
    expect(blocks.filter((b) => b.kind === "list_item").map((b) => (b as { marker: string }).marker)).toEqual(["1.", "2.", "3."]);
    // Markers at one x, the lines' ends ragged: no two share an axis.
    const capitals = [at12("A. Facts", 90, 150, 400), at12("B. Procedure and the parties", 90, 260, 413.3), at12("C. Relief", 90, 156, 426.5)];
    expect(buildBlocks([PROSE, ...capitals], JACOW).filter((b) => b.kind === "list_item")).toHaveLength(3);
  });

  it("keeps items whose lines share an axis but start together (a justified list's full lines)", () => {
    const full = [
      at12("a. The applicant shall file the notice within thirty days of the decision and serve it", 90, 500, 400),
      at12("b. The respondent may answer within fourteen days of service and shall serve the answer", 90, 500, 413.3),
      at12("c. The court may extend either period for cause shown on a motion made before it ends", 90, 500, 426.5),
    ];
    expect(buildBlocks([PROSE, ...full], JACOW).filter((b) => b.kind === "list_item")).toHaveLength(3);
  });
});

describe("a centred stack broken by hand (centred_lines.ts markRun: JACoW's collaboration list alone on its page)", () => {
  const at12 = (text: string, x0: number, x1: number, y: number) => at(text, x0, x1, y, { size: 12 });
  /** Institutes one a line on the axis at 297.6 pt; the widest, "R. Picoreti …", fills no measure. */
  const stack = () => [
    at12("R. Picoreti, S. Marques, Brazilian Synchrontron Light Laboratory, 13083-970 Campinas, Brazil", 68.9, 526.3, 400),
    at12("P. Dyer, C. Hoffman, Brookhaven National Laboratory, Upton, NY 11973, USA", 107.2, 488.1, 413.3),
    at12("M. V. Kuzin, Budker Institute of Nuclear Physics, 630090 Novosibirsk, Russia", 110.7, 484.6, 426.5),
    at12("J. G. de Villiers, J. Mira, iThemba Labs, P.O. Box 722, Somerset West 7130, South Africa", 82.5, 512.8, 439.8),
    at12("Y. H. Chin, K. Furukawa, T. Kosuge, A. Shirakawa, KEK, Tsukuba, Ibaraki 305-0801, Japan", 76.4, 518.9, 453),
    at12("P. Snopok, Illinois Institute of Technology, Chicago, IL 60616, USA", 134.5, 460.8, 466.3),
    at12("R. Apsimon, Cockcroft Institute, Lancaster University, Lancaster LA1 4YW, UK", 104.8, 490.5, 479.5),
  ];

  it("breaks a line 15 pt short of the widest ('… Ibaraki 305-0801, Japan' | 'P. Snopok') and lines starting 3.5 pt apart ('… NY 11973, USA' | 'M. V. Kuzin')", () => {
    const lines = stack();
    // Each line ends its paragraph or a line of it.
    const ends = paragraphs(lines).flatMap((p) => p.split("\\ "));
    expect(ends).toEqual(lines.map((l) => lineText(l).trim()));
  });

  it("keeps the stack one paragraph of lines: where its lines start tells no paragraph's indent", () => {
    const lines = stack();
    expect(paragraphs(lines)).toEqual([lines.map((l) => lineText(l).trim()).join("\\ ")]);
  });

  it("keeps groups set further apart paragraphs of their own (fixtures/real/paper-tracemonkey-p1's affiliations, 0.5 em apart)", async () => {
    const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/real/paper-tracemonkey-p1.pdf")));
    const { markdown } = await convertDocument(openInProcess, { bytes, options: defaultRenderOptions });
    expect(markdown).toContain("`@mozilla.com`\n\nAdobe Corporation<sup>#</sup>\\\n{`edwsmith,rreitmai`}`@adobe.com`\n\nIntel Corporation");
  });

  it("leaves a centred paragraph that wrapped, and a stack's line going on in small letters", () => {
    const wrapped = [
      at12("The committee thanks the staff of the laboratories that hosted the meetings of the", 70, 526, 400),
      at12("collaboration over the years and the many colleagues who helped prepare the text of", 72, 524, 413.3),
      at12("the templates, in particular those who tested them on the systems they use, and", 80, 516, 426.5),
      at12("Volker Schaa and the editors who reported the problems they met. Thank you all.", 74, 522, 439.8),
      at12("Geneva, December 2018", 240, 356, 453),
    ];
    paragraphs(wrapped);
    expect(wrapped.map((l) => l.breakAfter === true)).toEqual([false, false, false, false, false]);
    const lines = stack();
    lines[5] = at12("and the Illinois Institute of Technology, Chicago, IL", 150, 445.3, 466.3);
    expect(paragraphs(lines).join(" | ")).toContain("Ibaraki 305-0801, Japan and the Illinois");
  });
});
