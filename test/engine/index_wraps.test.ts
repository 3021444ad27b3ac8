// layout/index_wraps.ts: an index column that hangs its wrapped lines at one indent deeper than
// its subentries (Free Culture's index, pp. 333–346) keeps each entry, wrapped line and all, on
// one line, its subentries each a line, a letter's group one block. docs/engine.md, "Index
// columns" (hung wrapped lines).
import { describe, expect, it } from "vitest";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { endsInIndexLocators, endsIndexEntry } from "../../src/engine/layout/index_wraps.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import type { Line } from "../../src/engine/model.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line } from "../support/layout.js";
import { page } from "../support/layout.js";

const stats: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

function render(lines: Line[]): string {
  const prepared = prepareLines(lines);
  return renderPage(page(1, prepared), prepared, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
}
/** An index's lines, [indent level, text]: 0 an entry at the column's edge, 1 a subentry a
 *  step in, 2 a wrapped line hung two steps in; 11 pt apart. */
const indexColumn = (rows: readonly [number, string][], y0 = 100) => rows.map(([level, text], k) => line(text, { x: 96 + 10 * level, y: y0 + 11 * k }));

const freeCulture: [number, string][] = [
  [0, "ABC, 164, 321n"],
  [0, "academic journals, 262, 280–82"],
  [0, "advertising, 36, 45–46, 127, 145–46, 167–"],
  [2, "68, 321n"],
  [0, "Africa, medications for HIV patients in,"],
  [2, "257–61"],
  [0, "Agee, Michael, 223–24, 225"],
  [0, "Congress, U.S.:"],
  [1, "on cable television, 61, 74–75"],
  [1, "challenge of CTEA legislation of,"],
  [2, "228–48"],
  [1, "on copyright laws, 56–57, 61, 74–75, 76,"],
  [2, "77–78, 133, 134–35, 193, 194, 196,"],
  [2, "197, 294, 324n"],
  [1, "on derivative rights, 294"],
  [0, "CARP (Copyright Arbitration Royalty"],
  [2, "Panel), 324n"],
  [0, "cars, MP3 sound systems in, 191"],
];

describe("an index's wrapped lines hung at one indent go on their entry (indexWraps)", () => {
  it("writes each entry on one line, its wrapped pages after it", () => {
    const md = render(indexColumn(freeCulture));
    expect(md.trim().split("\\\n")).toEqual([
      "ABC, 164, 321n",
      "academic journals, 262, 280–82",
      "advertising, 36, 45–46, 127, 145–46, 167–68, 321n",
      "Africa, medications for HIV patients in, 257–61",
      "Agee, Michael, 223–24, 225",
      "Congress, U.S.:",
      "on cable television, 61, 74–75",
      "challenge of CTEA legislation of, 228–48",
      "on copyright laws, 56–57, 61, 74–75, 76, 77–78, 133, 134–35, 193, 194, 196, 197, 294, 324n",
      "on derivative rights, 294",
      "CARP (Copyright Arbitration Royalty Panel), 324n",
      "cars, MP3 sound systems in, 191",
    ]);
  });

  it("keeps the blank between two letters' groups", () => {
    const md = render([...indexColumn(freeCulture), ...indexColumn([[0, "Bacon, Francis, 93"], [0, "Barish, Stephanie, 38, 39, 46"]], 100 + 11 * freeCulture.length + 12)]);
    expect(md).toMatch(/cars, MP3 sound systems in, 191\n\nBacon, Francis, 93\\\nBarish, Stephanie, 38, 39, 46/);
  });

  it("leaves LaTeX's subsubentries, which hang at no wrapped line's indent, lines of their own", () => {
    const md = render(indexColumn([
      [0, "alpha, iv, 1–3"],
      [2, "beta"],
      [3, "gamma, 22"],
      [2, "delta, 38"],
      [0, "alphabeta, see beta"],
      [0, "beta, 14"],
      [2, "epsilon"],
      [3, "zeta, 12"],
      [0, "eta, 40"],
    ]));
    expect(md).toMatch(/^beta$/m);
    expect(md).toMatch(/^gamma, 22/m);
    expect(md).toMatch(/^epsilon$/m);
    expect(md).toMatch(/^zeta, 12/m);
  });

  it("reads LaTeX's theindex the same: subitems 20 pt in, subsubitems 30 pt, wrapped lines hung 40 pt", () => {
    const at = (x: number, text: string, k: number) => line(text, { x: 90 + x, y: 100 + 11 * k });
    const md = render([
      at(0, "algebraic data types, 3, 17, 21, 35, 42,", 0),
      at(40, "47, 58, 61", 1),
      at(0, "alpha, 1–3", 2),
      at(20, "beta, 22", 3),
      at(30, "gamma, 23", 4),
      at(20, "delta, 38, 40, 42, 51, 63, 70, 72,", 5),
      at(40, "88, 91, 93", 6),
      at(0, "assertion checking in loops and recur-", 7),
      at(40, "sive functions, 7, 9, 91", 8),
      at(0, "axioms, 29, 30", 9),
    ]);
    expect(md.trim().split("\\\n")).toEqual([
      "algebraic data types, 3, 17, 21, 35, 42, 47, 58, 61",
      "alpha, 1–3",
      "beta, 22",
      "gamma, 23",
      "delta, 38, 40, 42, 51, 63, 70, 72, 88, 91, 93",
      "assertion checking in loops and recursive functions, 7, 9, 91",
      "axioms, 29, 30",
    ]);
  });

  it("leaves prose set with a first-line indent alone", () => {
    const md = render(indexColumn([
      [0, "The survey ran in three towns, in 2019, 2020,"],
      [2, "and again in 2021, after the new road had opened,"],
      [0, "with a count of the cars at each junction, 4, 5"],
      [2, "in the spring, and a second count, 6, 7,"],
      [0, "in the autumn of that year."],
    ]));
    expect(md).not.toContain("\\\n");
  });
});

describe("an index entry's last locator may be a note's page (endsInIndexLocators)", () => {
  it("ends an entry with a note's page or range", () => {
    expect(endsInIndexLocators("Bush, George W., 323n")).toBe(true);
    expect(endsInIndexLocators("blogs (Web-logs), 41, 42–45, 310n-11n")).toBe(true);
    expect(endsInIndexLocators("artists, 52, 329n–30n")).toBe(true);
    expect(endsInIndexLocators("split_all, 155")).toBe(true);
  });
  it("ends none with words or a bare number", () => {
    expect(endsInIndexLocators("Congress, U.S.:")).toBe(false);
    expect(endsInIndexLocators("in the year 2019n")).toBe(false);
    expect(endsInIndexLocators("seen at 321n")).toBe(false);
  });
  it("counts locators alone as an entry's end only after a line ending mid-entry", () => {
    expect(endsIndexEntry(["challenge of CTEA legislation of,", "228–48"], 1)).toBe(true);
    expect(endsIndexEntry(["Table 3", "228–48"], 1)).toBe(false);
  });
});
