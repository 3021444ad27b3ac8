// Page furniture on a page converted alone, outside the margin band or said by a
// proceedings' words (layout/furniture.ts deepLoneHead, deepCitationFoot, PREFIXED_FOLIO and
// PROCEEDINGS_HEAD; docs/engine.md "Furniture on a page alone"): acmart's
// acmlarge p. 9 kept "The Name of the Title Is Hope • 111:9" (11 % down the page) and "Proc.
// ACM Meas. Anal. Comput. Syst., Vol. 37, No. 4, Article 111. …" (15 % up); confproc's DAFx
// paper p. 7 kept "Proc. of the 9th Int. Conference on Digital Audio Effects (DAFx-06), …"
// and "DAFX-29". svc-md-1.1.27.
import { describe, expect, it } from "vitest";
import type { Line } from "../../src/engine/model.js";
import { analyseDocument } from "../../src/engine/render/document.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, ok, page, stack } from "../support/layout.js";

/** Page `n` of a document of `n` pages, converted alone. */
function convertAlone(n: number, lines: Line[]): string {
  return analyseDocument({ pageCount: n, selected: [n], selectionExpression: String(n), outcomes: [ok(page(n, lines))], outline: null, hasXfa: false, options: defaultRenderOptions }).markdown;
}

/** acmlarge's references in 8 pt, 10 pt apart, from y. */
const references = (y: number, n: number) => stack(Array.from({ length: n }, (_, i) => `[${i + 1}] Sam Anzaroot and Andrew McCallum. 2013. UMass Citation Field Extraction Dataset, entry ${i}.`), { x: 84, y, size: 8, pitch: 10 });
const ACM_HEAD = "The Name of the Title Is Hope • 111:9";
const ACM_FOOT = "Proc. ACM Meas. Anal. Comput. Syst., Vol. 37, No. 4, Article 111. Publication date: August 2018.";

describe("acmart's head and foot outside the band (deepLoneHead, deepCitationFoot)", () => {
  it("drops the head ending in the page's own number and the journal's citation under the body", () => {
    // The last reference ends 645.5 pt down, 25.4 pt over the citation (acmlarge's: 17.3).
    const md = convertAlone(9, [line(ACM_HEAD, { x: 397, y: 80.7, size: 8 }), ...references(107.5, 54), line(ACM_FOOT, { x: 218, y: 670.9, size: 8 })]);
    expect(md).toContain("entry 0.");
    expect(md).toContain("entry 53.");
    expect(md).not.toContain("Title Is Hope");
    expect(md).not.toContain("Publication date");
  });

  it("drops acmtog's citation under a page whose head stands in the top band", () => {
    const md = convertAlone(3, [line("The Name of the Title Is Hope • 111:3", { x: 442, y: 55.9, size: 7 }), ...references(79.3, 61), line("ACM Trans. Graph., Vol. 37, No. 4, Article 111. Publication date: August 2018.", { x: 338, y: 710.4, size: 7 })]);
    expect(md).toContain("entry 60.");
    expect(md).not.toContain("Publication date");
  });

  it("guard: keeps the citation where the bottom band holds a line (its folio: the band's rules decide)", () => {
    const md = convertAlone(3, [...references(79.3, 61), line("ACM Trans. Graph., Vol. 37, No. 4, Article 111. Publication date: August 2018.", { x: 338, y: 700, size: 7 }), line("Printed in the running text at the foot of the column", { x: 84, y: 740, size: 8 })]);
    expect(md).toContain("Publication date");
  });

  it("drops the facing page's head, its folio first ('111:8 • Trovato et al.')", () => {
    const md = convertAlone(8, [line("111:8 • Trovato et al.", { x: 80.5, y: 81.3, size: 8 }), ...references(107.5, 54)]);
    expect(md).toContain("entry 0.");
    expect(md).not.toContain("Trovato et al");
  });

  it("guard: keeps a head whose number is not the page's, and a citation run on from the body", () => {
    const md = convertAlone(9, [line("The Name of the Title Is Hope • 111:4", { x: 397, y: 80.7, size: 8 }), ...references(107.5, 55), line(ACM_FOOT, { x: 84, y: 657.5, size: 8 })]);
    expect(md).toContain("Title Is Hope");
    expect(md).toContain("Publication date");
  });

  it("guard: keeps a footnote that cites a journal at the page's foot", () => {
    const note = "1 See Commun. ACM, Vol. 50, No. 1, for the patent holder's dilemma and its answers.";
    const md = convertAlone(9, [...references(107.5, 55), line(note, { x: 84, y: 670.9, size: 8 })]);
    expect(md).toContain("patent holder's dilemma");
  });

  it("guard: keeps a first line ending in the page's number that is no smaller than the body, set close to it", () => {
    const md = convertAlone(9, [line("Results of the trial • 9", { x: 84, y: 98.5, size: 8 }), ...references(107.5, 55)]);
    expect(md).toContain("Results of the trial");
  });
});

describe("a running head below the band by its style (deepLoneHead over a rule, deepHead in centred capitals, deepCapitalsHead)", () => {
  /** iodhbwm's A4 page: "1.2 Listen" in 12 pt over a rule across the text, "- 20 -" in the foot. */
  const a4 = { width: 595, height: 842 };
  const text = (y: number, n: number) => stack(Array.from({ length: n }, (_, i) => `Dies hier ist ein Blindtext zum Testen von Textausgaben, Zeile ${i}.`), { x: 99, y, size: 12, pitch: 18 });
  const rule = { x0: 99, y0: 103, x1: 496, y1: 103.4 };
  function convertA4(lines: Line[], rules: { x0: number; y0: number; x1: number; y1: number }[]): string {
    const model = { ...page(26, lines, a4), rules: rules.map((r) => ({ ...r, kind: "fill" as const })) };
    return analyseDocument({ pageCount: 26, selected: [26], selectionExpression: "26", outcomes: [ok(model as never)], outline: null, hasXfa: false, options: defaultRenderOptions }).markdown;
  }

  it("drops iodhbwm's head over its rule, 12 % down the page, over a folio alone at the foot", () => {
    const md = convertA4([line("1.2 Listen", { x: 99, y: 89.5, size: 12, italic: true }), ...text(128.5, 30), line("- 20 -", { x: 285, y: 790, size: 12 })], [rule]);
    expect(md).toContain("Zeile 0.");
    expect(md).not.toContain("1.2 Listen");
  });

  it("guard: keeps a section's title at the page's top with no rule under it", () => {
    const md = convertA4([line("1.2 Listen", { x: 99, y: 89.5, size: 12, italic: true }), ...text(128.5, 30), line("- 20 -", { x: 285, y: 790, size: 12 })], []);
    expect(md).toContain("1.2 Listen");
  });

  it("guard: keeps classicthesis' 'CONTENTS', a title ruled over and under, over a folio at the foot", () => {
    const md = convertA4([line("CONTENTS", { x: 99, y: 89.5, size: 12 }), ...text(128.5, 30), line("1", { x: 290, y: 790, size: 12 })], [{ x0: 99, y0: 80, x1: 496, y1: 80.4 }, rule]);
    expect(md).toContain("CONTENTS");
  });

  it("guard: keeps classicthesis-xelatex's 'CONTENTS', ruled under a line's space down, over a folio at the foot", () => {
    const md = convertA4([line("CONTENTS", { x: 99, y: 89.5, size: 12 }), ...text(128.5, 30), line("1", { x: 290, y: 790, size: 12 })], [{ x0: 99, y0: 114, x1: 496, y1: 114.4 }]);
    expect(md).toContain("CONTENTS");
  });

  it("drops aomart's 'SAMPLE PAPER' centred in capitals beside its folio '45' on the 29th page", () => {
    // The references span 124–489 pt, centred at 306.5; the head's 48 pt centred there too.
    const refs = stack(Array.from({ length: 40 }, (_, i) => `[${i + 9}] D. E. Knuth, The TeXbook, with illustrations by Duane Bibby ${i}.`.padEnd(73, ".")), { x: 124, y: 119, size: 10, pitch: 13 });
    const md = convertAlone(29, [line("45", { x: 480, y: 97.7, size: 9 }), line("SAMPLE PAPER", { x: 282.5, y: 98.4, size: 8 }), ...refs]);
    expect(md).toContain("Duane Bibby 0");
    expect(md).not.toContain("SAMPLE PAPER");
  });

  /** dvipdfmx's manual: Constantia 10 pt, its head 95.8 pt down an A4 page, the folio at the foot. */
  const manual = (y: number, n: number) => stack(Array.from({ length: n }, (_, i) => `Typical usage and installation steps are not different from the original dvipdfm ${i}.`), { x: 125, y, size: 10, pitch: 12.4 });
  const DVI_LEFT = "1.2. INSTALLATION AND USAGE";
  const DVI_RIGHT = "CHAPTER 1. GETTING STARTED";

  it("drops a head in italic capitals spread over the text, 11 % down the page, over a folio alone at the foot (deepCapitalsHead)", () => {
    const md = convertA4([line(DVI_LEFT, { x: 125, y: 95.8, size: 10, italic: true }), line(DVI_RIGHT, { x: 325, y: 95.8, size: 10, italic: true }), ...manual(127.4, 50), line("4", { x: 295, y: 770, size: 10 })], []);
    expect(md).toContain("dvipdfm 0.");
    expect(md).not.toContain("INSTALLATION AND USAGE");
    expect(md).not.toContain("GETTING STARTED");
  });

  it("guard: keeps such a row with no folio at the foot, or in upright capitals (a table's header row)", () => {
    const noFolio = convertA4([line(DVI_LEFT, { x: 125, y: 95.8, size: 10, italic: true }), line(DVI_RIGHT, { x: 325, y: 95.8, size: 10, italic: true }), ...manual(127.4, 50)], []);
    expect(noFolio).toContain("GETTING STARTED");
    const upright = convertA4([line(DVI_LEFT, { x: 125, y: 95.8, size: 10 }), line(DVI_RIGHT, { x: 325, y: 95.8, size: 10 }), ...manual(127.4, 50), line("4", { x: 295, y: 770, size: 10 })], []);
    expect(upright).toContain("GETTING STARTED");
  });

  it("guard: keeps italic capitals set close over the text (a table's header row at the page's top)", () => {
    const md = convertA4([line("NAME", { x: 125, y: 120.5, size: 10, italic: true }), line("DESCRIPTION", { x: 325, y: 120.5, size: 10, italic: true }), ...manual(127.4, 50), line("4", { x: 295, y: 770, size: 10 })], []);
    expect(md).toContain("DESCRIPTION");
  });

  it("guard: keeps a title in capitals beside a number when it is not centred (a contents entry)", () => {
    const refs = stack(Array.from({ length: 40 }, (_, i) => `[${i + 9}] D. E. Knuth, The TeXbook, with illustrations by Duane Bibby, Computers and Typesetting ${i}.`), { x: 124, y: 119, size: 10, pitch: 13 });
    const md = convertAlone(29, [line("INTRODUCTION", { x: 124, y: 98.4, size: 10 }), line("45", { x: 480, y: 97.7, size: 10 }), ...refs]);
    expect(md).toContain("INTRODUCTION");
  });
});

/** confproc's running text in 9 pt, 10.4 pt apart, from y. */
const prose = (y: number, n: number) => stack(Array.from({ length: n }, (_, i) => `DAFx-06 welcomes you to Montreal. Montreal welcomes Digital Audio Effects ${i}.`), { x: 58, y, size: 9, pitch: 10.4 });
const DAFX_HEAD = "Proc. of the 9th Int. Conference on Digital Audio Effects (DAFx-06), Montreal, Canada, September 18-20, 2006";

describe("a proceedings' head and folio (PROCEEDINGS_HEAD, PREFIXED_FOLIO)", () => {
  it("drops the conference's name with its year over the text and 'DAFX-29' alone in the foot", () => {
    const md = convertAlone(7, [line(DAFX_HEAD, { x: 58, y: 40.7, size: 9, italic: true }), ...prose(76.5, 60), line("DAFX-29", { x: 288, y: 755, size: 9 })]);
    expect(md).toContain("Effects 0.");
    expect(md).not.toContain("Int. Conference");
    expect(md).not.toContain("DAFX-29");
  });

  it("guard: keeps a reference that names proceedings at the page's top, set close to the text", () => {
    const md = convertAlone(7, [line("Proceedings of the 9th Int. Conference on Digital Audio Effects, Montreal, 2006", { x: 58, y: 66.1, size: 9 }), ...prose(76.5, 60)]);
    expect(md).toContain("Int. Conference");
  });

  it("guard: keeps a paper's first line naming its conference over more lines of it (asmeconf)", () => {
    const title = stack(["Proceedings of the ASME 2023", "International Mechanical Engineering Congress and Exposition", "IMECE2023", "October 29–November 2, 2023, New Orleans, LA"], { x: 300, y: 40, size: 9, bold: true, pitch: 10 });
    const md = convertAlone(1, [...title, ...prose(120, 50)]);
    expect(md).toContain("Proceedings of the ASME 2023");
  });

  it("guard: keeps a name with a number in the foot beside other text", () => {
    const md = convertAlone(7, [...prose(76.5, 60), line("COVID-19", { x: 58, y: 755, size: 9 }), line("cases by week, as the table above counts them", { x: 140, y: 755, size: 9 })]);
    expect(md).toContain("COVID-19");
  });
});

describe("a page alone's folio above the foot's band (furniture.ts lowFolio, LOW_FOLIO_SEPARATION_SIZES_MIN)", () => {
  /** makeindex's p. 8 (letter): a paragraph of 10.9 pt text ending 561 pt down, and `folio`
   *  632.9 pt down (20 % up the page), under it by `gap` points more. */
  const makeindex = (folio: string, gap = 0) => [
    ...stack(Array.from({ length: 5 }, (_, i) => `MakeIndex is a C program written by Pehong Chen, line ${i} of the paragraph.`), { x: 125.8, y: 497.3 - gap, size: 10.9, pitch: 12.7 }),
    line(folio, { x: 302.4, y: 632.9, size: 10.9 }),
  ];

  it("drops the page's own number standing alone under the text (makeindex p. 8, dvipdfm p. 10 had kept '8', '10')", () => {
    const md = convertAlone(8, makeindex("8"));
    expect(md).toContain("line 4 of the paragraph.");
    expect(md.trim().endsWith("paragraph.")).toBe(true);
  });

  it("guard: keeps a number that is not the page's own, and one close under the text", () => {
    expect(convertAlone(8, makeindex("7")).trim().endsWith("7")).toBe(true);
    // The last line 4 pt over the number: a list's or a table's last figure.
    const close = [...stack(Array.from({ length: 5 }, (_, i) => `MakeIndex is a C program written by Pehong Chen, line ${i} of the paragraph.`), { x: 125.8, y: 568.2, size: 10.9, pitch: 12.7 }), line("8", { x: 302.4, y: 632.9, size: 10.9 })];
    expect(convertAlone(8, close).trim().endsWith("8")).toBe(true);
  });
});
