// doc_stats.ts: the body style, heading levels by size, and running headers/footers, over
// synthetic pages.
import { describe, expect, it } from "vitest";
import { computeDocumentStats, headingLevelOf, headingStyleOf, lineStyle } from "../../src/engine/layout/document_stats.js";
import type { Line, PageModel } from "../../src/engine/model.js";
import { line, page, stack } from "../support/layout.js";

const BODY_TEXT = "The quick brown fox jumps over the lazy dog and keeps running far away";

/** One page of body text at `size` with the given extra lines on top. */
function bodyPage(n: number, extra: Line[], size = 10, lines = 30): { model: PageModel; lines: Line[] } {
  const body = stack(Array.from({ length: lines }, () => BODY_TEXT), { size, y: 120 });
  const all = [...extra, ...body];
  return { model: page(n, all), lines: all };
}

function statsOf(pages: { model: PageModel; lines: Line[] }[]) {
  return computeDocumentStats(
    pages.map((p) => p.model),
    pages.map((p) => p.lines),
  );
}

describe("lineStyle", () => {
  it("is the style carrying most characters, whitespace excluded", () => {
    const l = line([
      { text: "1", size: 6 },
      { text: "        ", size: 20 },
      { text: "Footnote text here", size: 8, bold: true },
    ]);
    expect(lineStyle(l)).toEqual({ size: 8, bold: true });
  });

  it("rounds sizes to half a point", () => {
    expect(lineStyle(line("Body", { size: 10.2 }))).toEqual({ size: 10, bold: false });
    expect(lineStyle(line("Body", { size: 10.3 }))).toEqual({ size: 10.5, bold: false });
  });
});

describe("computeDocumentStats: body and heading levels", () => {
  it("takes the body size from the style carrying the most characters, not the most lines", () => {
    // Twelve short 12 pt lines against three long 9 pt lines: the 9 pt text has more characters.
    const short = stack(Array.from({ length: 12 }, () => "Item"), { size: 12, y: 100 });
    const long = stack(Array.from({ length: 3 }, () => BODY_TEXT), { size: 9, y: 400 });
    const lines = [...short, ...long];
    const stats = computeDocumentStats([page(1, lines)], [lines]);
    expect(stats.body).toEqual({ size: 9, bold: false });
  });

  it("reads a title page's title as a heading although it is a third of the page's text (R-lang's 'R Language Definition' at 20.7 pt over a version line), and no prose line beside a page of code", () => {
    const title = line("R Language Definition", { size: 20.7, y: 216, bold: true });
    const lines = [title, line("Version 4.2.2 Patched (2022-11-10) DRAFT", { size: 10.9, x: 312, y: 247 }), line("R Core Team", { size: 14.3, y: 673, bold: true })];
    const stats = computeDocumentStats([page(1, lines)], [lines]);
    expect(stats.body.size).toBe(11);
    expect(headingLevelOf(stats, { size: 20.5, bold: true })).toBe(1);
    // Two lines of 11.5 pt prose over a listing in 10 pt: the prose is no heading.
    const code = stack(Array.from({ length: 6 }, () => "async function retry(fn, attempts) {"), { size: 10, y: 200, mono: true });
    const prose = [line("The retry helper below calls a function again after a failure, waiting twice as long.", { size: 11.5, y: 170 }), line("Call it with any function that returns a promise.", { size: 11.5, y: 300 })];
    const all = [...prose, ...code];
    const mixed = computeDocumentStats([page(1, all)], [all]);
    expect(headingLevelOf(mixed, { size: 11.5, bold: false })).toBeNull();
  });

  it("gives larger sizes heading levels 1..n by decreasing size", () => {
    const p1 = bodyPage(1, [line("Document Title", { size: 24, y: 40 }), line("Chapter One", { size: 18, y: 70 })]);
    const p2 = bodyPage(2, [line("Section 1.1", { size: 14, y: 40 }), line("Subsection", { size: 12, y: 70 })]);
    const stats = statsOf([p1, p2]);
    expect(stats.body).toEqual({ size: 10, bold: false });
    expect(stats.headings.map((h) => [h.size, h.bold, h.level])).toEqual([
      [24, false, 1],
      [18, false, 2],
      [14, false, 3],
      [12, false, 4],
    ]);
    expect(headingLevelOf(stats, { size: 18, bold: false })).toBe(2);
    expect(headingLevelOf(stats, { size: 10, bold: false })).toBeNull();
  });

  it("gives bold at body size a level below every larger heading size", () => {
    const p = bodyPage(1, [
      line("Big Heading", { size: 16, y: 40 }),
      line("Run of bold", { size: 10, bold: true, y: 70 }),
      line("Medium Heading", { size: 13, y: 90 }),
    ]);
    const stats = statsOf([p]);
    expect(headingLevelOf(stats, { size: 16, bold: false })).toBe(1);
    expect(headingLevelOf(stats, { size: 13, bold: false })).toBe(2);
    expect(headingLevelOf(stats, { size: 10, bold: true })).toBe(3);
  });

  it("starts at level 2 when no heading is set 1.25× the body or larger (issue 9: a paper's section page)", () => {
    // Sections at 11 pt bold over 9 pt text, and bold run heads at body size: no title here.
    const p = bodyPage(1, [line("8. Related Work", { size: 11, bold: true, y: 40 }), line("Trace trees", { size: 9, bold: true, y: 70 })], 9);
    const stats = statsOf([p]);
    expect(headingLevelOf(stats, { size: 11, bold: true })).toBe(2);
    expect(headingLevelOf(stats, { size: 9, bold: true })).toBe(3);
    // A chapter head at 1.3× the body is level 1.
    const q = bodyPage(1, [line("1 Berthing rules", { size: 14.5, bold: true, y: 40 })], 11);
    expect(headingLevelOf(statsOf([q]), { size: 14.5, bold: true })).toBe(1);
  });

  it("takes bold set slightly above the body (12 pt over 11 pt) for a heading", () => {
    const p = bodyPage(1, [line("1 Berthing rules", { size: 14.5, bold: true, y: 40 }), line("1.1 Before leaving", { size: 12, bold: true, y: 70 })], 11);
    const stats = statsOf([p]);
    expect(headingLevelOf(stats, { size: 12, bold: true })).toBe(2);
  });

  it("does not rank sideways text in the margin as a heading style", () => {
    // A calendar label set vertically: MuPDF gives it a huge size and a box a hair wide.
    const sideways = line("Wake-Sleep Calendar", { size: 140, y: 500 });
    const label = { ...sideways, x1: sideways.x0 + 0.5, spans: sideways.spans.map((s) => ({ ...s, x1: s.x0 + 0.5 })) };
    const p = bodyPage(1, [label, line("Personal Sleep Study", { size: 18, bold: true, y: 40 })]);
    const stats = statsOf([p]);
    expect(headingLevelOf(stats, { size: 140, bold: false })).toBeNull();
    expect(headingLevelOf(stats, { size: 18, bold: true })).toBe(1);
  });

  it("merges sizes closer than 0.6 pt into one level", () => {
    const p = bodyPage(1, [line("Heading A", { size: 14, y: 40 }), line("Heading B", { size: 14.5, y: 70 })]);
    const stats = statsOf([p]);
    expect(headingLevelOf(stats, { size: 14.5, bold: false })).toBe(1);
    expect(headingLevelOf(stats, { size: 14, bold: false })).toBe(1);
  });

  it("does not make a size barely above the body (under 0.9 pt and 12 %) a heading", () => {
    const p = bodyPage(1, [line("Slightly larger", { size: 10.5, y: 40 }), line("Larger", { size: 11, y: 70 })]);
    const stats = statsOf([p]);
    expect(headingLevelOf(stats, { size: 10.5, bold: false })).toBeNull();
    expect(headingLevelOf(stats, { size: 11, bold: false })).toBeNull();
  });

  it("does not make a style carrying over a quarter of the text a heading, however large", () => {
    // A large-print introduction: 14 pt text with as many characters as the 10 pt body.
    const large = stack(Array.from({ length: 20 }, () => BODY_TEXT), { size: 14, y: 490, pitch: 10 });
    const p = bodyPage(1, large);
    const stats = statsOf([p]);
    expect(headingLevelOf(stats, { size: 14, bold: false })).toBeNull();
  });

  it("leaves a contents page's entries out of the tally, so its title is a heading (issue 9: report-geobase-p4)", () => {
    // The entries are bold at body size, like the page's title: counted, they carried a
    // quarter of the text and bold was body text; they are neither body nor headings.
    const entries = stack(
      Array.from({ length: 12 }, (_, i) => `${i + 1} SECTION TITLE NUMBER ${i + 1} ${".".repeat(60)} ${i + 3}`),
      { size: 10, bold: true, y: 120 },
    );
    const footer = stack(["National Hydro Network, Data Model – Edition 1.0 2004-06"], { size: 10, y: 740 });
    const lines = [line("TABLE OF CONTENTS", { size: 10, bold: true, y: 80 }), ...entries, ...footer];
    const stats = computeDocumentStats([page(1, lines)], [lines]);
    // Level 2: no style on the page is set 1.25× the body, so a title may sit above it.
    expect(headingLevelOf(stats, { size: 10, bold: true })).toBe(2);
    const counted = [line("TABLE OF CONTENTS", { size: 10, bold: true, y: 80 }), ...stack(Array.from({ length: 12 }, () => "1 SECTION TITLE NUMBER ONE 3"), { size: 10, bold: true, y: 120 }), ...footer];
    expect(headingLevelOf(computeDocumentStats([page(1, counted)], [counted]), { size: 10, bold: true })).toBeNull();
  });

  it("leaves the text inside a figure's frame above its caption out of the tally (issue 9: report-geobase-p6)", () => {
    // Diagram labels at 16 pt bold would be a heading level above the 14 pt sections.
    const labels = [line("Mandatory", { size: 16, bold: true, x: 200, y: 250 }), line("Optional", { size: 16, bold: true, x: 320, y: 300 })];
    const caption = line("Figure 1 – Specifications expansion", { size: 10, bold: true, x: 200, y: 430 });
    const p = bodyPage(1, [line("1 Overview", { size: 14, bold: true, y: 40 }), ...labels, caption]);
    const frame = { x0: 120, y0: 220, x1: 480, y1: 410, kind: "stroke" as const };
    const framed = { ...p, model: { ...p.model, rules: [frame] } };
    expect(headingLevelOf(statsOf([framed]), { size: 14, bold: true })).toBe(1);
    expect(headingLevelOf(statsOf([framed]), { size: 16, bold: true })).toBeNull();
    // Without the frame the labels are headings like any other large bold line.
    expect(headingLevelOf(statsOf([p]), { size: 14, bold: true })).toBe(2);
  });

  it("tallies a display line set in two sizes by its title's style (issue 9: book-freeculture-p35)", () => {
    // "CHAPTER ONE: " at 11 pt and "Creators" at 15 pt over a 10.5 pt body: the title's size
    // makes the level, though the label has more characters.
    const head = line([{ text: "CHAPTER ONE: ", size: 11, font: "Monospace821BT-Roman" }, { text: "Creators", size: 15, font: "Monospace821BT-Roman" }], { y: 40 });
    const p = bodyPage(1, [head], 10.5);
    const stats = statsOf([p]);
    expect(headingLevelOf(stats, { size: 15, bold: false })).toBe(1);
    expect(headingStyleOf(head)).toEqual({ style: { size: 15, bold: false }, display: true });
    // A drop cap or a larger symbol is no title: one character of many.
    const dropCap = line([{ text: "I", size: 30 }, { text: "n the beginning the harbour was a marsh" }], { y: 40 });
    expect(headingStyleOf(dropCap).display).toBe(false);
  });

  it("does not make a bold body a heading level of its own", () => {
    // When the body itself is bold, bold at body size is body text.
    const body = stack(Array.from({ length: 20 }, () => BODY_TEXT), { size: 10, bold: true, y: 120 });
    const stats = computeDocumentStats([page(1, body)], [body]);
    expect(stats.body).toEqual({ size: 10, bold: true });
    expect(stats.headings).toEqual([]);
  });
});

describe("computeDocumentStats: running headers, footers and page numbers", () => {
  // Margin bands are the top and bottom 10 % of the page (79.2 pt on US Letter).
  function pagesWith(count: number, margin: (n: number) => Line[]) {
    return Array.from({ length: count }, (_, i) => bodyPage(i + 1, margin(i + 1), 10, 5));
  }

  it("detects a header repeating in the top margin on at least 40 % of pages", () => {
    const pages = pagesWith(10, (n) => (n <= 4 ? [line("Annual Report 2024", { y: 30 })] : []));
    const stats = statsOf(pages);
    const headers = pages.slice(0, 4).map((p) => p.lines[0]);
    for (const h of headers) expect(stats.running.has(h)).toBe(true);
  });

  it("reads a running foot past the vector bullet layout took its ornament for (issue 9: luatex's '• 54 Modifications')", () => {
    // The manual's even pages draw a circle left of "54 Modifications": layout attached it
    // as a bullet on one page and not on the next.
    const withOrnament = line([{ text: "• " }, { text: "54" }, { text: " " }, { text: "Modifications", bold: true }], { y: 760 });
    const plain = line([{ text: "56" }, { text: " " }, { text: "Modifications", bold: true }], { y: 760 });
    const pages = [bodyPage(58, [withOrnament], 10, 5), bodyPage(59, [], 10, 5), bodyPage(60, [plain], 10, 5), bodyPage(61, [], 10, 5)];
    const stats = statsOf(pages);
    expect(stats.running.has(withOrnament)).toBe(true);
    expect(stats.running.has(plain)).toBe(true);
  });

  it("does not treat a margin line on fewer than 40 % of pages as running", () => {
    const pages = pagesWith(10, (n) => (n <= 3 ? [line("Annual Report 2024", { y: 30 })] : []));
    const stats = statsOf(pages);
    expect(stats.running.size).toBe(0);
  });

  it("detects a footer whose number changes from page to page (digits are one signature)", () => {
    const pages = pagesWith(5, (n) => [line(`Chapter ${n} — Draft for review`, { y: 760 })]);
    const stats = statsOf(pages);
    expect(pages.every((p) => stats.running.has(p.lines[0]))).toBe(true);
  });

  it("detects page numbers in the bottom margin (arabic, roman, 'Page n of m')", () => {
    const forms = (n: number) => [String(n), ["i", "ii", "iii", "iv"][n - 1], `Page ${n} of 4`, `- ${n} -`][n - 1];
    const pages = pagesWith(4, (n) => [line(forms(n), { x: 300, y: 760 })]);
    const stats = statsOf(pages);
    for (const p of pages) expect(stats.running.has(p.lines[0]), JSON.stringify(p.lines[0].spans[0].text)).toBe(true);
  });

  it("does not treat repeated lines outside the margins as running", () => {
    // The same sentence in the middle of every page is content.
    const pages = pagesWith(5, () => [line("Annual Report 2024", { y: 400 })]);
    const stats = statsOf(pages);
    expect(stats.running.size).toBe(0);
  });

  it("finds the page number of a one-page selection: a lone number in the bottom band, set apart from the body", () => {
    const pages = pagesWith(1, () => [line("7", { x: 300, y: 760 })]);
    expect(statsOf(pages).running.has(pages[0].lines[0])).toBe(true);
  });

  it("finds a page number set higher above the foot, within 15 % of the page (cjk-issue16538, LaTeX's article class)", () => {
    const pages = pagesWith(1, () => [line("1", { x: 302, y: 694 })]);
    expect(statsOf(pages).running.has(pages[0].lines[0])).toBe(true);
    // A number there that is not alone, a table's last row say, stays.
    const row = pagesWith(1, () => [line("Total", { x: 72, y: 694 }), line("12", { x: 302, y: 694 })]);
    expect(statsOf(row).running.has(row[0].lines[1])).toBe(false);
  });
});

describe("page furniture on one page (DECISIONS.md: headers_footers strip, also on a one-page selection)", () => {
  // bodyPage(1, extra, 10, 5): five body lines of size 10 from y = 120.
  const onePage = (extra: Line[]) => statsOf([bodyPage(1, extra, 10, 5)]);

  it.each([
    ["a download banner", "Downloaded from https://academic.example.org/journal/article/12/3/45/678 by guest on 20 November 2023", 770],
    ["'Page n of m'", "Page 3 of 12", 770],
    ["a journal citation", "Journal of Harbour Studies, Vol. 12, No. 3 (2001), pp. 45–67", 30],
    ["a DOI line", "https://doi.org/10.1000/182", 765],
    ["a copyright stamp", "© 2021 The Authors. Published by Example Press.", 770],
    // svc-md-1.1.18: the notice after the work's name and version (facture-belge-simple-sans-tva).
    ["a copyright notice ending the line", "Extension « Facture belge simple sans TVA », V 2.1, 2018/10/27, © Robert Sebille.", 808],
    ["a copyright notice with its year", "Company confidential © 2026 Northwind Logistics B.V.", 770],
    // svc-md-1.1.22: SISCone's reference manual (fixtures/real/code-doxygen-siscone-p60).
    ["a documentation generator's stamp", "Generated by Doxygen", 775],
    ["a documentation generator's dated stamp", "Generated on Tue Mar 5 2019 for SISCone by Doxygen", 775],
  ])("strips %s in a margin band", (_what, text, y) => {
    const margin = line(text, { x: 72, y, size: 8 });
    expect(onePage([margin]).running.has(margin)).toBe(true);
  });

  it("strips a small line under the page's folio, a bare number alone in the foot (furniture.ts underFolio: lion-msc's draft stamp, svc-md-1.1.25)", () => {
    const folio = line("14", { x: 300, y: 745, size: 10 });
    const stamp = line("Version of May 27, 2020 – Created May 27, 2020 - 11:24", { x: 220, y: 770, size: 6 });
    const stats = onePage([folio, stamp]);
    expect(stats.running.has(stamp)).toBe(true);
    expect(stats.running.has(folio)).toBe(true);
  });

  it("keeps a line under the folio at the body's size (SMALL_SIZE_RATIO_MAX), and a small line under an equation's number '(2)', no folio (FOLIO_ALONE)", () => {
    const folio = line("14", { x: 300, y: 745, size: 10 });
    const text = line("just to demonstrate the handling of numbering.", { x: 72, y: 770, size: 10 });
    expect(onePage([folio, text]).running.has(text)).toBe(false);
    const equation = line("(2)", { x: 500, y: 745, size: 10 });
    const small = line("just to demonstrate the handling of numbering.", { x: 72, y: 770, size: 6 });
    expect(onePage([equation, small]).running.has(small)).toBe(false);
  });

  it("keeps a foot line that names a copyright mark in its sentence, the mark not ending it with its holder (svc-md-1.1.18)", () => {
    const note = line("2 The © sign marks the works we license to others.", { x: 72, y: 770, size: 8 });
    expect(onePage([note]).running.has(note)).toBe(false);
  });

  it("strips a letterhead's foot of fields set apart by middle dots, and keeps a footnote there (issue 9: an office letter)", () => {
    const foot = line("Northwind Logistics B.V. · Havenweg 12 · 3089 KM Rotterdam · www.northwind.example", { x: 120, y: 770, size: 9 });
    expect(onePage([foot]).running.has(foot)).toBe(true);
    const note = line("1 The rates are those agreed on 3 November · see the renewal.", { x: 72, y: 770, size: 9 });
    expect(onePage([note]).running.has(note)).toBe(false);
  });

  it("keeps a footnote's web address wrapped onto a line of its own in the foot band; strips one set apart (issue 9: IEEEtran's '… e-mail: (see' | 'http://www.michaelshell.org/contact.html).')", () => {
    const note = line("Georgia Institute of Technology, Atlanta, GA, 30332 USA e-mail: (see", { x: 72, y: 752, size: 8 });
    const address = line("http://www.michaelshell.org/contact.html).", { x: 72, y: 761, size: 8 });
    expect(onePage([note, address]).running.has(address)).toBe(false);
    const alone = line("https://doi.org/10.1000/182", { x: 72, y: 765, size: 8 });
    expect(onePage([alone]).running.has(alone)).toBe(true);
  });

  it("keeps a form's first row in the top band whose pieces start where the pieces of the row under it start (furniture.ts headsGrid: pdf.js's annotation-text-widget, svc-md-1.1.22), and strips a spread head whose right piece starts at no column", () => {
    const labelRow = (label: string, value: string, y: number) => [line(label, { x: 20, y }), line(value, { x: 150, y })];
    const rows = [labelRow("Single line, center aligned", "Lorem ipsum dolor sit amet", 120), labelRow("Single line, right aligned", "Consectetur adipiscing elit", 156), labelRow("Multiline", "Aliquam vitae felis ac lectus", 192)].flat();
    const [label, value] = labelRow("Single line, unlimited length", "Lorem ipsum dolor sit amet, consectetur adipiscing elit.", 30);
    const form = [label, value, ...rows];
    const formStats = statsOf([{ model: page(1, form), lines: form }]);
    expect(formStats.running.has(label)).toBe(false);
    expect(formStats.running.has(value)).toBe(false);
    const title = line("Harbour Studies", { x: 20, y: 30 });
    const date = line("2004-06", { x: 520, y: 30 });
    const headed = [title, date, ...rows];
    const headStats = statsOf([{ model: page(1, headed), lines: headed }]);
    expect(headStats.running.has(title)).toBe(true);
    expect(headStats.running.has(date)).toBe(true);
  });

  it("keeps a number in the top band that stands in a ruled cell, a table's row number, and strips it with no cell drawn round it (furniture.ts inRuledCell: camelot's split_text_lattice, svc-md-1.1.24)", () => {
    // A register's first row under its header, in the top band: "1" | "Mukand Infotel Pvt. Ltd." | …
    const number = line("1", { x: 80, y: 30, size: 8 });
    const cells = [number, line("Mukand Infotel Pvt. Ltd.", { x: 110, y: 30, size: 8 }), line("820-1217/13-LR", { x: 250, y: 30, size: 8 }), line("Assam", { x: 350, y: 30, size: 8 }), line("09859920400", { x: 450, y: 30, size: 8 })];
    const thin = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1, kind: "fill" as const });
    // Borders: left of the number, between it and the name, above and under the row.
    const grid = [thin(78.7, 10, 79.1, 60), thin(94.8, 10, 95.2, 60), thin(79, 28.7, 527, 29), thin(79, 39, 527, 39.4)];
    const withRules = (rules: ReturnType<typeof thin>[]) => {
      const body = stack(Array.from({ length: 5 }, () => BODY_TEXT), { size: 10, y: 120 });
      const all = [...cells, ...body];
      return statsOf([{ model: { ...page(1, all), rules }, lines: all }]);
    };
    expect(withRules(grid).running.has(number)).toBe(false);
    expect(withRules([]).running.has(number)).toBe(true);
    // Without the border under the row: no cell.
    expect(withRules(grid.slice(0, 3)).running.has(number)).toBe(true);
  });

  it("strips an office suite's header centred over its 'Page 1' foot, at the body's size, and keeps a centred title over no such foot or set larger (issue 9: LibreOffice Calc's sheet name 'budget')", () => {
    // Letter width 612: centred lines have their middle at 306.
    const head = line("budget", { x: 291, y: 40 });
    const foot = line("Page 1", { x: 291, y: 760 });
    const stats = onePage([head, foot]);
    expect(stats.running.has(head)).toBe(true);
    expect(stats.running.has(foot)).toBe(true);
    expect(onePage([head]).running.has(head)).toBe(false);
    const title = line("Annual Report", { x: 241, y: 40, size: 16 });
    expect(onePage([title, foot]).running.has(title)).toBe(false);
  });

  it("strips a head spread to both edges over a rule across it on a page whose body is a diagram's small labels, and keeps such a head over no rule or set larger (issue 9: GeoBase's data model, page 12 converted alone)", () => {
    // The diagram's labels in 5.7 pt make the page's body; the head is Word's, 10 pt over its border.
    const diagram = (head: Line[], rules: { x0: number; y0: number; x1: number; y1: number }[]) => {
      const labels = stack(Array.from({ length: 30 }, (_, i) => `+ HydrographicEntityClassName ${i}: char`), { size: 5.7, x: 190, y: 120, pitch: 7.5 });
      const all = [...head, line("3.1.3.1 Point Events", { x: 72.6, y: 72.1, italic: true }), ...labels];
      return statsOf([{ model: { ...page(12, all), rules: rules.map((r) => ({ ...r, kind: "fill" as const })) }, lines: all }]);
    };
    const head = () => [line("National Hydro Network, Data Model – Edition 1.0", { x: 72, y: 46.3 }), line("2004-06", { x: 503.4, y: 46.3 })];
    const border = { x0: 70.6, y0: 58.6, x1: 541.5, y1: 59 };
    const ruled = head();
    const stats = diagram(ruled, [border]);
    for (const l of ruled) expect(stats.running.has(l)).toBe(true);
    const bare = head();
    for (const l of bare) expect(diagram(bare, []).running.has(l)).toBe(false);
    // A rule under the title alone, not across the row, is no header's border.
    const short = head();
    for (const l of short) expect(diagram(short, [{ ...border, x1: 330 }]).running.has(l)).toBe(false);
    const large = [line("National Hydro Network", { x: 72, y: 40, size: 16 }), line("2004-06", { x: 470, y: 40, size: 16 })];
    for (const l of large) expect(diagram(large, [{ ...border, y0: 59.5, y1: 60 }]).running.has(l)).toBe(false);
  });

  it("strips a running head set in italic at the body's size alone over a page number at the foot, and keeps such a line over no folio or set in roman (shared-mime-info's spec converted one page at a time)", () => {
    const head = line("Shared MIME-info Database", { x: 422, y: 50, italic: true });
    const folio = line("6", { x: 533, y: 734 });
    const stats = onePage([head, folio]);
    expect(stats.running.has(head)).toBe(true);
    expect(onePage([head]).running.has(head)).toBe(false);
    const roman = line("Shared MIME-info Database", { x: 422, y: 50 });
    expect(onePage([roman, folio]).running.has(roman)).toBe(false);
  });

  it("strips a running head set upright over a rule across the text, alone over a page number at the foot, and keeps a caption over a table's top rule (FOP's Filesystem Hierarchy Standard, asmejour's 'Table 2'; svc-md-1.1.21)", () => {
    const withRules = (extra: Line[], rules: PageModel["rules"]) => {
      const p = bodyPage(1, extra, 10, 5);
      p.model.rules = rules;
      return statsOf([p]);
    };
    // FOP draws the head's rule in three pieces end to end, one per cell of its head table.
    const pieces = (y: number) => [72, 228, 384].map((x0) => ({ x0, y0: y, x1: x0 + 156, y1: y + 0.5, kind: "stroke" as const }));
    const head = line("The Root Filesystem", { x: 264, y: 34 });
    const folio = line("7", { x: 303, y: 742 });
    expect(withRules([head, folio], pieces(50)).running.has(head)).toBe(true);
    // No rule, or no folio: a short line at the top may be the text's.
    expect(withRules([head, folio], []).running.has(head)).toBe(false);
    expect(withRules([head], pieces(50)).running.has(head)).toBe(false);
    // A rule under part of the text's width is a heading's underline.
    expect(withRules([head, folio], pieces(50).slice(1, 2)).running.has(head)).toBe(false);
    // A caption whose table starts right under the rule is the table's.
    const caption = line("Table 2 A table spanning two columns", { x: 228, y: 46 });
    const headRow = line("x erf(x) erfc(x)", { x: 126, y: 62 });
    expect(withRules([caption, headRow, folio], pieces(58)).running.has(caption)).toBe(false);
  });

  it("strips a running head over a page of code converted alone, set larger than the code the body is measured at (furniture.ts CODE_PAGE_HEAD_SIZE_RATIO_MAX: bangorexam's 10 pt 'bangorexam - Exam Document Class' over its 9 pt listing, svc-md-1.1.25)", () => {
    // A page of TeX's listing at 9 pt (the body's size, converted alone), the head in 10 pt
    // upright over a rule across the text, the folio alone at the foot.
    const codePage = (head: Line, body: { mono: boolean; size?: number } = { mono: true }) => {
      const code = stack(Array.from({ length: 30 }, (_, k) => `${k + 50} \\renewcommand{\\welTypeText}{\\welATypeText}%`), { size: body.size ?? 9, y: 70, x: 152, mono: body.mono });
      const folio = line("5", { x: 533, y: 780 });
      const all = [head, ...code, folio];
      const p = page(1, all);
      p.rules = [{ x0: 152, y0: 45, x1: 539, y1: 45.4, kind: "stroke" }];
      return { stats: statsOf([{ model: p, lines: all }]), code };
    };
    const head = line([{ text: "bangorexam", mono: true }, { text: " - Exam Document Class" }], { x: 369, y: 31, size: 10 });
    const { stats, code } = codePage(head);
    expect(stats.running.has(head)).toBe(true);
    // Not one line of the listing goes: the first one under the head neither.
    for (const l of code) expect(stats.running.has(l)).toBe(false);
    // Over prose at 9 pt the head set at 10 pt is larger than the text, as before.
    expect(codePage(head, { mono: false }).stats.running.has(head)).toBe(false);
    // A bold line over the code is a heading's weight; a line in the code face is the listing's.
    const bold = line("Exam Document Class", { x: 369, y: 31, size: 10, bold: true });
    expect(codePage(bold).stats.running.has(bold)).toBe(false);
    const codeHead = line("\\ProvidesClass{bangorexam}", { x: 369, y: 31, size: 10, mono: true });
    expect(codePage(codeHead).stats.running.has(codeHead)).toBe(false);
    // Set larger than CODE_PAGE_HEAD_SIZE_RATIO_MAX over the code, it stays too.
    const large = line([{ text: "bangorexam", mono: true }, { text: " - Exam Document Class" }], { x: 300, y: 28, size: 12 });
    expect(codePage(large).stats.running.has(large)).toBe(false);
  });

  it("strips a navigation column repeated line by line in one place down a page's side (issue 9: a docs site's sidebar Chromium prints on every page, beamer's sidebar themes)", () => {
    const nav = ["Introduction", "Collections", "- each", "- map", "- reduce", "Arrays", "- first"];
    const sidebar = () => nav.map((t, i) => line(t, { x: 45, y: 150 + 80 * i, size: 7 }));
    const pageWith = (n: number, side: Line[], bodyX = 200) => {
      const body = stack(Array.from({ length: 30 }, (_, i) => `Page ${n} says line ${i} of its article, which runs on`), { size: 10, x: bodyX, y: 130 });
      const all = [...side, ...body];
      return { model: page(n, all), lines: all };
    };
    const sides = [sidebar(), sidebar(), sidebar()];
    const stats = statsOf(sides.map((side, i) => pageWith(i + 1, side)));
    for (const side of sides) for (const l of side) expect(stats.running.has(l)).toBe(true);
    // A side column whose words change from page to page (a page's own narrow column) stays.
    const own = ["one", "two", "three"].map((word) => nav.map((t, i) => line(`${t} ${word}`, { x: 45, y: 150 + 80 * i, size: 7 })));
    const ownStats = statsOf(own.map((side, i) => pageWith(i + 1, side)));
    for (const side of own) for (const l of side) expect(ownStats.running.has(l)).toBe(false);
    // So does one the text runs into: no gutter sets it apart (short lines of the text itself).
    const joined = [sidebar(), sidebar(), sidebar()];
    const joinedStats = statsOf(joined.map((side, i) => pageWith(i + 1, side, 80)));
    for (const side of joined) for (const l of side.slice(1, -1)) expect(joinedStats.running.has(l)).toBe(false);
  });

  it("strips a small running head alone above the body", () => {
    const head = line("Harbour Authority - Annual Maintenance Report", { x: 72, y: 28, size: 8 });
    expect(onePage([head]).running.has(head)).toBe(true);
  });

  it("keeps a letter's return address: a small line under the letterhead, not the page's first (issue 9: an office letter's 'Meridian Facility Services Ltd · 3 Canal Street · …')", () => {
    const letterhead = line("Meridian Facility Services Ltd", { x: 364, y: 44, size: 12 });
    const sender = line("Meridian Facility Services Ltd · 3 Canal Street · Manchester M1 3HE", { x: 62, y: 66, size: 8 });
    const stats = onePage([letterhead, sender]);
    expect(stats.running.has(sender)).toBe(false);
  });

  it("keeps a reference card's last rows in its columns above a copyright foot: a row is the lines that share its first line's band, not a chain of overlaps (octave's refcard: 'permute (arr, p)', 'realmin', '[ ] surround optional arguments')", () => {
    // Letter height 792: the bottom band starts at 712.8. Small lines in three columns, each
    // row a little lower than the one beside it, and the foot overlapping the last of them.
    const rows = [line("[ ] surround optional arguments", { x: 18, y: 742.4, size: 7 }), line("ipermute (arr, p) array inverse permutation.", { x: 282, y: 745.3, size: 7 })];
    const foot = line("Copyright 1996-2022 The Octave Project Developers", { x: 533, y: 749.9, size: 6 });
    const stats = onePage([...rows, foot]);
    expect(stats.running.has(foot)).toBe(true);
    for (const body of rows) expect(stats.running.has(body)).toBe(false);
  });

  it("strips a browser's print stamp and the page's title beside it, 3 pt over a web article's navigation bar, and keeps the bar (Chromium's '11/28/26, 3:38 PM' | 'Tuning PostgreSQL autovacuum')", () => {
    const stamp = line("11/28/26, 3:38 PM", { x: 24, y: 15.1, size: 8 });
    const title = line("Tuning PostgreSQL autovacuum", { x: 294, y: 15.1, size: 8 });
    const nav = line("Home · Blog · Talks · About", { x: 53, y: 27.6, size: 9 });
    const stats = onePage([stamp, title, nav]);
    expect(stats.running.has(stamp)).toBe(true);
    expect(stats.running.has(title)).toBe(true);
    expect(stats.running.has(nav)).toBe(false);
    // The same date and time inside a line of text say nothing.
    const minutes = line("Minutes of the meeting held on 11/28/26, 3:38 PM", { x: 24, y: 15.1, size: 8 });
    expect(onePage([minutes, nav]).running.has(minutes)).toBe(false);
  });

  it("keeps a long table's last row at the page's foot, a number in two cells and words in another (an inventory printed by Chromium: '1042 | Utrecht depot 3 | 195 | 25.90'); strips a ruler's labels", () => {
    const row = ["1042", "Utrecht depot 3", "195", "25.90"].map((t, c) => line(t, { x: 72 + 90 * c, y: 760, size: 9 }));
    const stats = onePage(row);
    for (const cell of row) expect(stats.running.has(cell), cell.spans[0].text).toBe(false);
    // A ruler along the top edge, "inch 1 2 … 8", counts in equal steps: no table's row.
    const ruler = ["inch", "1", "2", "3", "4", "5", "6", "7", "8"].map((t, c) => line(t, { x: 20 + 70 * c, y: 12, size: 6 }));
    const rulerStats = onePage(ruler);
    for (const mark of ruler.slice(1)) expect(rulerStats.running.has(mark), mark.spans[0].text).toBe(true);
  });

  it("strips only the pieces that say furniture in a row of more pieces than a head has (a drawing sheet's column heads beside a stamp's letter 'i')", () => {
    const heads = ["GENERAL NOTES", "CONSTRUCTION NOTES", "SITEWORK / GRADING NOTES", "ELECTRICAL / HVAC NOTES"].map((t, k) => line(t, { x: 40 + 130 * k, y: 30, size: 10 }));
    const letter = line("i", { x: 590, y: 30, size: 8 });
    const stats = onePage([...heads, letter]);
    expect(stats.running.has(letter)).toBe(true);
    for (const head of heads) expect(stats.running.has(head)).toBe(false);
  });

  it("strips a slide's footline of four pieces, one the slide's number of the deck's (furniture.ts FOOTLINE_PIECES_MAX, SLIDE_OF_SLIDES: hobete's 'T. Görlach Inst.' | 'Beamer u. Hohenheim' | '2011 – 2012' | '15 / 26', svc-md-1.1.25)", () => {
    const foot = ["T. Görlach Inst.", "Beamer u. Hohenheim", "2011 – 2012", "15 / 26"].map((t, k) => line(t, { x: 5 + 165 * k, y: 775, size: 6 }));
    const stats = onePage(foot);
    for (const piece of foot) expect(stats.running.has(piece), piece.spans[0].text).toBe(true);
    // Without the slide count, only the pieces whose words say furniture go.
    const columns = ["T. Görlach Inst.", "Beamer u. Hohenheim", "2011 – 2012", "Notes"].map((t, k) => line(t, { x: 5 + 165 * k, y: 775, size: 6 }));
    const kept = onePage(columns);
    for (const piece of columns) expect(kept.running.has(piece), piece.spans[0].text).toBe(false);
    // Nor across less than FOOTLINE_WIDTH_SHARE_MIN of the page.
    const narrow = ["Inst.", "Beamer", "2011", "15 / 26"].map((t, k) => line(t, { x: 200 + 50 * k, y: 775, size: 6 }));
    const narrowStats = onePage(narrow);
    expect(narrowStats.running.has(narrow[0])).toBe(false);
  });

  describe("a beamer slide converted alone (363 × 272 pt; furniture.ts slideCountAtEnd, aloneOverFolioRow, HEADLINE_*; svc-md-1.1.25)", () => {
    const slide = (extra: Line[]) => {
      const body = stack(["Curabitur dictum gravida", "Nam arcu libero eget", "Gentle reader: this is a handbook about TeX"], { size: 11, x: 16, y: 110, pitch: 15 });
      const all = [...extra, ...body];
      return statsOf([{ model: page(8, all, { width: 362.8, height: 272.1 }), lines: all }]);
    };
    const foot = (texts: string[], xs: number[], y = 265.1) => texts.map((t, k) => line(t, { x: xs[k], y, size: 6 }));

    it("strips a footline whose slide and deck numbers stand apart, a bar drawn between them (Verona: '3' | '4')", () => {
      const pieces = foot(["Ivan Valbusa (University of Verona)", "A simple template", "November 27, 2015", "3", "4"], [4.2, 156.3, 266.3, 347, 355.2]);
      const stats = slide(pieces);
      for (const p of pieces) expect(stats.running.has(p), p.spans[0].text).toBe(true);
      // A slide's number past the deck's is no count: the words stay.
      const wrong = foot(["Ivan Valbusa (University of Verona)", "A simple template", "November 27, 2015", "9", "4"], [4.2, 156.3, 266.3, 347, 355.2]);
      expect(slide(wrong).running.has(wrong[0])).toBe(false);
    });

    it("strips a footline in two rows, the lower holding the slide's number ('杨敬轩 … 清华大学' over '报告标题 … 13 / 16')", () => {
      const upper = foot(["杨敬轩", "清华大学"], [8.5, 330.4], 254.4);
      const lower = foot(["报告标题", "13 / 16"], [8.5, 335.3], 264.0);
      const stats = slide([...upper, ...lower]);
      for (const p of [...upper, ...lower]) expect(stats.running.has(p), p.spans[0].text).toBe(true);
      // Without the number under it, the upper row is not apart from the lower: both stay.
      const plain = foot(["报告标题", "Notes"], [8.5, 330.4], 264.0);
      const kept = slide([...upper, ...plain]);
      for (const p of [...upper, ...plain]) expect(kept.running.has(p), p.spans[0].text).toBe(false);
    });

    it("strips the navigation bar of sections' names in small type across the slide's top edge, and keeps such a row in the text's size", () => {
      const names = ["目录", "研究内容及进度", "研究工作及成果", "后期工作与安排", "问题与解决方案", "按时完成可能性", "参考文献"];
      const xs = [8.5, 37.3, 95.9, 154.5, 213.2, 271.8, 330.4];
      const bar = names.map((t, k) => line(t, { x: xs[k], y: 0.8, size: 6 }));
      const stats = slide(bar);
      for (const p of bar) expect(stats.running.has(p), p.spans[0].text).toBe(true);
      const heads = names.map((t, k) => line(t, { x: xs[k], y: 0.8, size: 10 }));
      const kept = slide(heads);
      for (const p of heads) expect(kept.running.has(p), p.spans[0].text).toBe(false);
    });
  });

  it("strips a running head an inch down, beside its folio, the page's own number, where it is the page's first text (fancyhdr's '3 Using extramarks … 4' at 10.6 % of an A4 page)", () => {
    const a4 = (extra: Line[]) => {
      const body = stack(Array.from({ length: 5 }, () => BODY_TEXT), { size: 10, y: 128 });
      const all = [...extra, ...body];
      return statsOf([{ model: page(1, all, { width: 595, height: 842 }), lines: all }]);
    };
    const head = [line("3 Using extramarks", { x: 77, y: 89.3, size: 10 }), line("1", { x: 492.7, y: 89.3, size: 10 })];
    const stats = a4(head);
    for (const l of head) expect(stats.running.has(l)).toBe(true);
    // Another page's number: a contents entry at the page's top ("5 locale directory … 61").
    const other = [line("5 locale directory", { x: 77, y: 89.3, size: 10 }), line("61", { x: 492.7, y: 89.3, size: 10 })];
    for (const l of other) expect(a4(other).running.has(l)).toBe(false);
    // Under a head in the band it is the text's first line: gnuplot's contents entry "Cd … 87".
    const band = [line("CONTENTS", { x: 72, y: 57, size: 10 }), line("7", { x: 535, y: 57, size: 10 })];
    const entry = [line("Cd", { x: 72, y: 89.3, size: 10 }), line("1", { x: 480, y: 89.3, size: 10 })];
    const under = a4([...band, ...entry]);
    for (const l of entry) expect(under.running.has(l)).toBe(false);
    // A table's row going on at the page's top, a blank line over the next: no head.
    const row = [line("Harbour dues for the winter", { x: 77, y: 100, size: 10 }), line("1", { x: 492.7, y: 100, size: 10 })];
    const tabled = a4(row);
    for (const l of row) expect(tabled.running.has(l)).toBe(false);
  });

  it("strips the SMF's running head 15 % down a page whose text block is narrow: the folio at the text's edge, the journal's name centred over the text (furniture.ts FOLIO_HEAD_SHARE, deepHead's spread against the text block; smf-fdoc's '8 SOCIÉTÉ MATHÉMATIQUE DE FRANCE', svc-md-1.1.25)", () => {
    // A4, a text block 113–480 pt (367 pt of the page's 595); the head ends 127.7 pt down (15.2 %).
    const smf = (n: number, extra: Line[], y = 150.9) => {
      const body = stack(Array.from({ length: 5 }, () => "La table des matières est insérée automatiquement avec la commande"), { size: 10.9, x: 113.4, y });
      const all = [...extra, ...body];
      return statsOf([{ model: page(n, all, { width: 595, height: 842 }), lines: all }]);
    };
    const even = [line("8", { x: 113.4, y: 120.7, size: 8, bold: true }), line("SOCIÉTÉ MATHÉMATIQUE DE FRANCE", { x: 211.7, y: 120.7, size: 8 })];
    for (const l of even) expect(smf(8, even).running.has(l), l.spans[0].text).toBe(true);
    const odd = [line("RECOMMANDATIONS AUX AUTEURS", { x: 230, y: 120.7, size: 8 }), line("9", { x: 475, y: 120.7, size: 8, bold: true })];
    for (const l of odd) expect(smf(9, odd).running.has(l), l.spans[0].text).toBe(true);
    // Another page's number: a contents entry, however narrow the text.
    for (const l of even) expect(smf(3, even).running.has(l), l.spans[0].text).toBe(false);
    // Further down than FOLIO_HEAD_SHARE (16 %) the row is the text's.
    const lower = [line("8", { x: 113.4, y: 130, size: 8, bold: true }), line("SOCIÉTÉ MATHÉMATIQUE DE FRANCE", { x: 211.7, y: 130, size: 8 })];
    for (const l of lower) expect(smf(8, lower, 160).running.has(l), l.spans[0].text).toBe(false);
  });

  it("strips an italic running head an inch down beside the page's folio, set only 1.4 sizes over the text (manptp's 'Instruction for Making LATEX Compuscripts … 7'; svc-md-1.1.20)", () => {
    const a4 = (extra: Line[]) => {
      const body = stack(Array.from({ length: 5 }, () => BODY_TEXT), { size: 10.9, y: 103.3 });
      const all = [...extra, ...body];
      return statsOf([{ model: page(7, all, { width: 595, height: 842 }), lines: all }]);
    };
    const head = [line("Instruction for Making LATEX Compuscripts Using PTPTEX", { x: 147.8, y: 75.8, size: 10.9, italic: true }), line("7", { x: 485, y: 76.4, size: 10.9 })];
    for (const l of head) expect(a4(head).running.has(l)).toBe(true);
    // The same row upright is no more than a table's row going on at the page's top.
    const upright = [line("Instruction for Making LATEX Compuscripts Using PTPTEX", { x: 147.8, y: 75.8, size: 10.9 }), line("7", { x: 485, y: 76.4, size: 10.9 })];
    for (const l of upright) expect(a4(upright).running.has(l)).toBe(false);
    // An italic head's folio may differ from the file's page and have four figures (R's
    // refman: "widthDetails … 1203" on its 1234th page, converted alone).
    const refman = [line("widthDetails", { x: 100.3, y: 75.8, size: 10.9, italic: true }), line("1203", { x: 492.2, y: 75.8, size: 10.9 })];
    for (const l of refman) expect(a4(refman).running.has(l)).toBe(true);
    const uprightOffset = [line("widthDetails", { x: 100.3, y: 75.8, size: 10.9 }), line("1203", { x: 492.2, y: 75.8, size: 10.9 })];
    for (const l of uprightOffset) expect(a4(uprightOffset).running.has(l)).toBe(false);
  });

  it("keeps a contents entry at the page's foot: its page number is no folio (gnuplot's 'Pause 101' under 'Lower 101')", () => {
    const entry: Line = { ...line("Pause 101", { x: 72, y: 740, size: 10 }), contentsEntry: true };
    expect(onePage([entry]).running.has(entry)).toBe(false);
    const foot = line("Harbour Report 101", { x: 72, y: 740, size: 10 });
    expect(onePage([foot]).running.has(foot)).toBe(true);
  });

  it("strips a second small row under a small head (beamer's section bar over its subsection bar)", () => {
    const sections = line("Introduction", { x: 8, y: 1.5, size: 6 });
    const subsection = line("The Model and the Problem", { x: 8, y: 17, size: 6 });
    const stats = onePage([sections, subsection]);
    expect(stats.running.has(sections)).toBe(true);
    expect(stats.running.has(subsection)).toBe(true);
  });

  it("strips a rotated side stamp along the outer edge", () => {
    const stamp: Line = { ...line("arXiv:2101.00001v2 [cs.CL] 3 Feb 2021", { x: 10, y: 200, size: 10 }), x0: 10, x1: 22, y0: 200, y1: 520, wmode: 1 };
    expect(onePage([stamp]).running.has(stamp)).toBe(true);
  });

  it("keeps body text that starts in the top band: no gap sets it apart", () => {
    // A small-type page whose text starts at y = 60, inside the top 10 % (79.2 pt).
    const body = stack(Array.from({ length: 30 }, () => BODY_TEXT), { size: 8, y: 60 });
    const stats = statsOf([{ model: page(1, body), lines: body }]);
    expect(body[0].y1).toBeLessThan(79.2);
    expect(stats.running.size).toBe(0);
  });

  it("keeps numbered list items that continue from the previous page at the top of this one", () => {
    const items = [line("3. New ladders and life-saving equipment on all quays.", { x: 78, y: 30, size: 10 }), line("4. Bathymetric survey of the outer and inner basins.", { x: 78, y: 43, size: 10 })];
    const stats = onePage(items);
    for (const item of items) expect(stats.running.has(item)).toBe(false);
  });

  it("keeps a footnote: small and set apart, but below the body and saying nothing of a page", () => {
    const note = line("1 The survey was carried out in March, before the storms.", { x: 72, y: 770, size: 8 });
    expect(onePage([note]).running.has(note)).toBe(false);
  });

  it("strips a foot that starts with its page number, set at body size (luatex's '56 Modifications' on a one-page selection)", () => {
    const foot = line([{ text: "56" }, { text: " " }, { text: "Modifications", bold: true }], { x: 78, y: 770, size: 10 });
    expect(onePage([foot]).running.has(foot)).toBe(true);
    // The TeX logo's "E" is lowered: the title's box reaches 2 pt under the number's, its top
    // level with it (luatex's "26 Basic TeX enhancements", svc-md-1.1.17).
    const logo = line([{ text: "26" }, { text: " " }, { text: "Basic TeX enhancements", bold: true }], { x: 78, y: 770, size: 10 });
    const lowered: Line = { ...logo, spans: logo.spans.map((s, k) => (k === 2 ? { ...s, y1: s.y1 + 2.2 } : s)), y1: logo.y1 + 2.2 };
    expect(onePage([lowered]).running.has(lowered)).toBe(true);
  });

  it("strips a foot in small type that starts with its page number before a title in capitals, and a web address in angle brackets set apart under it (Free Culture's '190 FREE CULTURE' over '<http://free-culture.org/get-it>')", () => {
    const foot = line([{ text: "190 ", size: 7.5 }, { text: "FREE", size: 7.5, bold: true }, { text: " CULTURE", size: 7.5 }], { x: 49, y: 741 });
    const address = line("<http://free-culture.org/get-it>", { x: 121, y: 772, size: 8 });
    const stats = onePage([foot, address]);
    expect(stats.running.has(foot)).toBe(true);
    expect(stats.running.has(address)).toBe(true);
    // A footnote in small type reads as a sentence.
    const note = line([{ text: "12 ", size: 7.5 }, { text: "See the annex for the operators' interviews.", size: 7.5 }], { x: 49, y: 741 });
    expect(onePage([note]).running.has(note)).toBe(false);
  });

  it("keeps a footnote at the foot that starts with its number in small type, or with a raised mark", () => {
    const small = line("2 The basin was dredged in 1998.", { x: 72, y: 770, size: 8 });
    expect(onePage([small]).running.has(small)).toBe(false);
    const raised: Line = line([{ text: "3", size: 6 }, { text: " Dredged again in 2004.", size: 10 }], { x: 72, y: 770 });
    expect(onePage([raised]).running.has(raised)).toBe(false);
  });

  it("keeps a heading-sized line at the top, and a small line in the middle of the page", () => {
    const title = line("Annual Report", { x: 72, y: 30, size: 18 });
    const middle = line("Page 3 of 12", { x: 72, y: 400, size: 8 });
    const stats = onePage([title, middle]);
    expect(stats.running.has(title)).toBe(false);
    expect(stats.running.has(middle)).toBe(false);
  });

  it("keeps a banner-like sentence that is part of the body", () => {
    const sentence = line("The files were downloaded from the archive on 3 March and checked by hand.", { x: 72, y: 400, size: 10 });
    expect(onePage([sentence]).running.has(sentence)).toBe(false);
  });
});

describe("computeDocumentStats: a subtitle under a title (issue 9: form-sleep-study 'Power Sleep', book-pdkids-p1's tagline)", () => {
  it("leaves a regular line set right under a much larger title out of the heading levels", () => {
    // "Personal Vitality Rebate" 24 pt bold (y 9-33), "Power Sleep" 12 pt 2.5 pt below it.
    const p = bodyPage(1, [line("Personal Vitality Rebate", { size: 24, bold: true, y: 9 }), line("Power Sleep", { size: 12, y: 35.5 }), line("Personal Sleep Study", { size: 18, bold: true, y: 60 }), line("A. SLEEP ENVIRONMENT", { size: 10, bold: true, y: 90 })]);
    const stats = statsOf([p]);
    expect(stats.headings.map((h) => [h.size, h.bold, h.level])).toEqual([
      [24, true, 1],
      [18, true, 2],
      [10, true, 3],
    ]);
  });

  it("keeps a line of that style a heading where it stands apart, and a numbered line under a title", () => {
    const apart = bodyPage(1, [line("Personal Vitality Rebate", { size: 24, bold: true, y: 9 }), line("Power Sleep", { size: 12, y: 50 })]);
    expect(statsOf([apart]).headings.map((h) => h.size)).toEqual([24, 12]);
    const numbered = bodyPage(1, [line("Chapter Title", { size: 24, bold: true, y: 9 }), line("1 Introduction", { size: 12, y: 35.5 })]);
    expect(statsOf([numbered]).headings.map((h) => h.size)).toEqual([24, 12]);
  });

  // facture-belge's "Facture nº X" (24.8 pt, no descenders) over "du JJ mois AAAA" (12 pt),
  // the subtitle's box 2.5 pt up into the title's (SUBTITLE_OVERLAP_TITLE_EMS_MAX, _OWN_EMS_MAX).
  it("takes a subtitle whose box reaches up into the title's by the room above its capitals", () => {
    const p = bodyPage(1, [line("Facture no X", { size: 24, y: 9 }), line("du JJ mois AAAA", { size: 12, y: 9 + 24 - 2.5 })]);
    expect(statsOf([p]).headings.map((h) => h.size)).toEqual([24]);
  });

  it("keeps a line reaching further into the title's box than the room above its capitals in the levels", () => {
    const deeper = bodyPage(1, [line("Facture no X", { size: 24, y: 9 }), line("du JJ mois AAAA", { size: 12, y: 9 + 24 - 3.5 })]);
    expect(statsOf([deeper]).headings.map((h) => h.size)).toEqual([24, 12]);
  });
});

describe("computeDocumentStats: a reference manual's head an inch down (issue 9: R's refman)", () => {
  // The head: the topic at one edge and the folio at the other, 73.6–82.5 pt down a 792 pt
  // page (10.4 %, just below the margin band), the topic changing from page to page.
  const head = (n: number, topic: string) => {
    const folio = String(n - 31);
    const odd = n % 2 === 1;
    return [line(odd ? topic : folio, { x: 100.3, y: 73.6, size: 9 }), line(odd ? folio : topic, { x: 480, y: 73.6, size: 9 })];
  };

  it("finds the folio, and the topic beside it, on every page of the selection", () => {
    const heads = [head(44, "all.equal"), head(45, "all.equal"), head(46, "any"), head(47, "aperm")];
    const stats = statsOf(heads.map((h, k) => bodyPage(44 + k, h)));
    for (const h of heads) for (const l of h) expect(stats.running.has(l)).toBe(true);
  });

  it("finds a head of three pieces (folio, section number, title) at 12.5 % of the page (amsldoc)", () => {
    const heads = [6, 7, 8, 9].map((n) => [line(String(n - 4), { x: 160.7, y: 99 }), line("2.", { x: 320.3, y: 99 }), line("OPTIONS FOR THE AMSMATH PACKAGE", { x: 333.4, y: 99 })]);
    const stats = statsOf(heads.map((h, k) => bodyPage(6 + k, h)));
    for (const h of heads) for (const l of h) expect(stats.running.has(l)).toBe(true);
  });

  it("keeps a contents entry or a table's row set as low, whose numbers meet by chance", () => {
    // Two of four pages carry an entry whose number is at one offset from its page index.
    const entries = [
      [line("5 locale directory", { x: 100.3, y: 73.6 }), line("61", { x: 480, y: 73.6 })],
      [line("6 Tools", { x: 100.3, y: 73.6 }), line("62", { x: 480, y: 73.6 })],
      [],
      [],
    ];
    const pages = entries.map((e, k) => bodyPage(66 + k, e));
    const stats = statsOf(pages);
    for (const e of entries) for (const l of e) expect(stats.running.has(l)).toBe(false);
    // A table's row below the band: numbers in many cells are no folio.
    const rows = [0, 1].map((k) => ["3d-cube", String(25 + k), "27", "29", "3"].map((t, c) => line(t, { x: 71 + 100 * c, y: 83.3 })));
    const tableStats = statsOf(rows.map((r, k) => bodyPage(12 + k, r)));
    for (const r of rows) for (const l of r) expect(tableStats.running.has(l)).toBe(false);
  });

  it("keeps a long table's rows at each page's foot and top, whose figures repeat their shape and whose codes count on with the pages (an inventory printed by Chromium over two pages)", () => {
    const row = (cells: string[], y: number) => cells.map((t, c) => line(t, { x: 72 + 90 * c, y, size: 9 }));
    const foot = [row(["1041", "Rotterdam depot 2", "234", "28.02"], 745), row(["1042", "Utrecht depot 3", "195", "25.90"], 760)];
    const top = [row(["1043", "Leiden depot 4", "270", "70.09"], 30), row(["1044", "Delft depot 1", "40", "13.71"], 45)];
    const pages = [bodyPage(1, foot.flat(), 10, 5), bodyPage(2, top.flat(), 10, 5)];
    const stats = statsOf(pages);
    for (const cell of [...foot.flat(), ...top.flat()]) expect(stats.running.has(cell), cell.spans[0].text).toBe(false);
  });

  it("keeps a bank statement's last transactions at each page's foot, their dates and amounts repeating their shape beside words that change; strips a footline whose words run with the pages beside its date and '3 / 17'", () => {
    const row = (cells: string[], y: number) => cells.map((t, c) => line(t, { x: 40 + 130 * c, y, size: 9 }));
    const feet = [row(["05-03-2025", "Card payment HEMA", "-71.56", "2406.22"], 760), row(["19-03-2025", "Direct debit Ziggo", "-27.78", "1980.40"], 760)];
    const stats = statsOf(feet.map((f, k) => bodyPage(k + 1, f, 10, 5)));
    for (const cell of feet.flat()) expect(stats.running.has(cell), cell.spans[0].text).toBe(false);
    // beamer's footline: author, title, date and "n / m" on every slide.
    const footlines = [1, 2, 3].map((n) => row(["J. Smith", "Beamer themes", "2015/12/23", `${n} / 17`], 760));
    const slides = statsOf(footlines.map((f, k) => bodyPage(k + 1, f, 10, 5)));
    for (const piece of footlines.flat()) expect(slides.running.has(piece), piece.spans[0].text).toBe(true);
  });
});

describe("computeDocumentStats: a folio set high above the foot (LaTeX's article on A4: ekaia's documentation)", () => {
  // 17–20 % up a 792 pt page: above the 15 % foot band, the page's lowest line.
  const folioPage = (n: number, y: number, below: Line[] = []) => bodyPage(n, [line(String(n), { x: 303, y }), ...below]);

  it("strips the page's lowest line, its number alone, where it keeps its offset from the page index on most pages", () => {
    const pages = [1, 2, 3, 4].map((n) => folioPage(n, 640));
    const stats = statsOf(pages);
    for (const p of pages) expect(stats.running.has(p.lines[0])).toBe(true);
  });

  it("keeps such a number under which the page goes on, or set higher than a quarter up the page", () => {
    const under = [1, 2, 3, 4].map((n) => folioPage(n, 640, [line("A line of text set under the number.", { x: 72, y: 660 })]));
    const underStats = statsOf(under);
    for (const p of under) expect(underStats.running.has(p.lines[0])).toBe(false);
    const high = [1, 2, 3, 4].map((n) => folioPage(n, 560));
    const highStats = statsOf(high);
    for (const p of high) expect(highStats.running.has(p.lines[0])).toBe(false);
  });
});

describe("computeDocumentStats: a running head below the margin band with no folio (issue 9: afparticle's alternate heads)", () => {
  // 100 pt down a 792 pt page: below the 10 % band, within the 15 % the heads are looked for.
  const head = (text: string, size = 10) => [line(text, { x: 260, y: 100, size })];

  it("strips a page's first line repeated at one height over running text, the two heads of alternate pages each", () => {
    const heads = [head("research title"), head("john smith et al"), head("research title"), head("john smith et al")];
    const stats = statsOf(heads.map((h, k) => bodyPage(2 + k, h)));
    for (const h of heads) expect(stats.running.has(h[0])).toBe(true);
  });

  it("keeps a cover's and a title page's first line over short lines (a university's name), and a slide's larger title", () => {
    const cover = (n: number) => {
      const lines = [line("UNIVERSIDADE ESTADUAL PAULISTA", { x: 200, y: 100 }), ...stack(["Faculdade de Ciencias", "Jaboticabal", "2024"], { x: 250, y: 140 })];
      return { model: page(n, lines), lines };
    };
    const covers = [cover(1), cover(2), cover(3)];
    const coverStats = statsOf(covers);
    for (const c of covers) expect(coverStats.running.has(c.lines[0])).toBe(false);
    const slides = [head("Results", 14), head("Results", 14), head("Method", 14)];
    const slideStats = statsOf(slides.map((h, k) => bodyPage(1 + k, h)));
    for (const h of slides) expect(slideStats.running.has(h[0])).toBe(false);
  });
});

describe("computeDocumentStats: a thumb tab on a page alone (issue 9: ACM's journals, '111' at the page's right edge)", () => {
  /** A body page with `label` in a filled box from x0 to x1 at the page's height 584–598. */
  const tabbed = (label: string, x0: number, x1: number) => {
    const p = bodyPage(1, []);
    const tab = line(label, { x: x0 + 12, y: 585, size: 14, bold: true });
    p.lines.push(tab);
    p.model.lines.push(tab);
    p.model.rules = [{ x0, y0: 543, x1, y1: 633, kind: "fill" }];
    return { p, tab };
  };

  it("strips a few characters in a narrow box bleeding off the page's side, beside the text", () => {
    const { p, tab } = tabbed("111", 570, 612);
    expect(statsOf([p]).running.has(tab)).toBe(true);
  });

  it("keeps a heading in a wide bar bleeding off the page, and a picture's only label", () => {
    const { p, tab } = tabbed("Vorwort", 430, 612);
    expect(statsOf([p]).running.has(tab)).toBe(false);
    const label = line("A", { x: 575, y: 400, size: 20 });
    const picture = page(1, [label]);
    picture.rules = [{ x0: 560, y0: 380, x1: 612, y1: 440, kind: "fill" }];
    expect(computeDocumentStats([picture], [[label]]).running.has(label)).toBe(false);
  });
});

describe("computeDocumentStats: a slide's sidebar on a slide converted alone (layout/side_bars.ts sideBarLines; hitszbeamer's and BFH's sidebar themes)", () => {
  const names = ["报告标题", "杨敬轩", "目录", "研究内容及进度", "课题主要研究内容", "进度介绍", "研究工作及成果", "研究工作一"];
  /** A 363 × 272 slide (or `width` × `height`) with its text at x 60 and the outline's names at x `x` in `size` pt. */
  const slide = (x: number, size: number, rules: { x0: number; y0: number; x1: number; y1: number; kind: "fill" | "stroke" }[], spec: { width?: number; height?: number; textX?: number } = {}) => {
    const bar = names.map((t, k) => line(t, { x, y: 54 + k * 12, size }));
    const text = stack(["研究工作三", "Curabitur dictum gravida", "Nam arcu libero eget"], { size: 11, x: spec.textX ?? 60, y: 60, pitch: 16 });
    const all = [...bar, ...text];
    const model = page(8, all, { width: spec.width ?? 362.8, height: spec.height ?? 272.1 });
    model.rules = rules;
    return { bar, text, stats: computeDocumentStats([model], [all]) };
  };
  const strip = { x0: 0, y0: 44.8, x1: 52, y1: 252.3, kind: "fill" as const };

  it("strips the outline in small type down a filled strip bleeding off the slide's left side, and keeps the text beside it", () => {
    const { bar, text, stats } = slide(3, 6, [strip]);
    for (const l of bar) expect(stats.running.has(l), l.spans[0].text).toBe(true);
    for (const l of text) expect(stats.running.has(l)).toBe(false);
  });

  it("strips it right of a rule drawn down the slide's right side (BFH: a 1.4 pt rule, the strip white)", () => {
    const { bar, stats } = slide(310, 6, [{ x0: 305, y0: 0, x1: 306.4, y1: 272.1, kind: "fill" }]);
    for (const l of bar) expect(stats.running.has(l), l.spans[0].text).toBe(true);
  });

  it("keeps the strip's lines at the text's size, on a portrait page (a CV's side column), with no strip drawn, or with the text running across the strip's edge", () => {
    for (const l of slide(3, 11, [strip]).bar) expect(slide(3, 11, [strip]).stats.running.has(l)).toBe(false);
    const portrait = slide(3, 6, [{ ...strip, y1: 700 }], { width: 612, height: 792 });
    for (const l of portrait.bar) expect(portrait.stats.running.has(l)).toBe(false);
    const bare = slide(3, 6, []);
    for (const l of bare.bar) expect(bare.stats.running.has(l)).toBe(false);
    const across = slide(3, 6, [strip], { textX: 40 });
    for (const l of across.bar) expect(across.stats.running.has(l)).toBe(false);
  });
});

describe("computeDocumentStats: a head that names its page (issue 9: lm-info on a one-page selection)", () => {
  it("finds '…, page 4' at the top alone, however large, and keeps 'page' inside a heading's text", () => {
    const head = line("The technical documentation of the Latin Modern family of fonts, page 4", { x: 89.3, y: 26.6, size: 12 });
    const stats = statsOf([bodyPage(4, [head], 9)]);
    expect(stats.running.has(head)).toBe(true);
    const heading = line("What goes on the title page", { x: 89.3, y: 26.6, size: 12 });
    expect(statsOf([bodyPage(4, [heading], 9)]).running.has(heading)).toBe(false);
  });
});

describe("computeDocumentStats: prose over a body of code (document_stats.ts proseOverCode: a browser's printout of libxslt's API page)", () => {
  // Chromium sets monospace at 13 px (9.75 pt) and text at 16 px (12 pt): the listings of an
  // API page outweigh its prose.
  const code = stack(Array.from({ length: 40 }, () => "xmlDocPtr       xsltApplyStylesheet     (xsltStylesheetPtr style,"), { size: 9.75, y: 100, mono: true, pitch: 12 });
  const prose = ["This module implements the bulk of the actual", "Mail archive", "XML libxml2", "Windows binaries", "Bug Tracker"];

  it("takes the text face's regular style as the body when it sets lines of its own at a heading size over the code, so its sentences are no headings", () => {
    const lines = [...stack(prose, { size: 12, y: 20, pitch: 15 }), ...code];
    const stats = computeDocumentStats([page(1, lines)], [lines]);
    expect(stats.body).toEqual({ size: 12, bold: false });
    expect(headingLevelOf(stats, { size: 12, bold: false })).toBeNull();
    // A bold heading over the prose ("Function: xsltApplyImports") stays one.
    const heads = [line("Table of Contents", { size: 18, y: 5, bold: true }), ...lines];
    expect(headingLevelOf(computeDocumentStats([page(1, heads)], [heads]), { size: 18, bold: true })).not.toBeNull();
  });

  it("leaves the code the body beside fewer prose lines, a title set in the code face a heading, and prose at the code's own size the body (CJK templates' unbolded headings)", () => {
    // Three lines of prose: too few to be the body.
    const few = [...stack(prose.slice(0, PROSE_FEW), { size: 12, y: 20, pitch: 15 }), ...code];
    expect(computeDocumentStats([page(1, few)], [few]).body.size).toBe(10);
    // A class file's name in the code face over its listing: code, and a heading.
    const title = [line("musuos.cls", { size: 17, y: 20, mono: true }), ...stack(prose, { size: 12, y: 50, pitch: 15 }), ...code];
    const titled = computeDocumentStats([page(1, title)], [title]);
    expect(headingLevelOf(titled, { size: 17, bold: false })).not.toBeNull();
    // Prose at the code's size (jnuexam: 12 pt text and code, 17 pt headings without bold).
    const cjk = [...stack(Array.from({ length: 8 }, () => "Some prose at the size of the code beside it"), { size: 10, y: 20, pitch: 12 }), ...stack(["Section one", "Section two", "Section three", "Section four", "Section five"], { size: 14, y: 600, pitch: 20 }), ...code];
    const shared = computeDocumentStats([page(1, cjk)], [cjk]);
    expect(shared.body.size).toBe(10);
    expect(headingLevelOf(shared, { size: 14, bold: false })).not.toBeNull();
  });
});
const PROSE_FEW = 3;

describe("computeDocumentStats: a slide's edge bands and titles do not vote for the body (layout/slide_bands.ts slideNonVoters; BFH's demo deck pp. 3, 5, 9)", () => {
  // BFH's 454 × 255 slide: a 14.5 pt title at the top (its box ends a hair under the top
  // band, at 25.6 of 255.1), one 11 pt line of text, and the footline's 82 characters at 6 pt
  // across the bottom band.
  const footText = "Berner Fachhochschule | Haute école spécialisée bernoise | Bern University of Applied Sciences";
  const foot = () => line(footText, { size: 6, x: 19, y: 238.4 });
  const slideStats = (lines: Line[], spec: { width?: number; height?: number } = {}) => computeDocumentStats([page(5, lines, { width: spec.width ?? 453.5, height: spec.height ?? 255.1 })], [lines]);
  const frame = () => [line("Frame with a subtitle", { size: 14.5, x: 19, y: 11.1 }), line("Example Content.", { size: 11, x: 19, y: 112 }), foot()];

  it("measures the body on the slide's text: its 11 pt line is the body, its title a heading, not the 6 pt footline", () => {
    const stats = slideStats(frame());
    expect(stats.body).toEqual({ size: 11, bold: false });
    expect(headingLevelOf(stats, { size: 11, bold: false })).toBeNull();
    expect(headingLevelOf(stats, { size: 14.5, bold: false })).not.toBeNull();
  });

  it("takes a title slide's title and subtitle out of the vote, so that the date under them is the body though the title's 22 characters outnumber it", () => {
    const lines = [line("LaTeX-Beamer using BFH CI", { size: 17, x: 19, y: 176 }), line("Version 0.4", { size: 12, x: 19, y: 200 }), line("November 15, 2022", { size: 9, x: 19, y: 216 }), foot()];
    const stats = slideStats(lines);
    expect(stats.body).toEqual({ size: 9, bold: false });
    expect(headingLevelOf(stats, { size: 17, bold: false })).not.toBeNull();
    expect(headingLevelOf(stats, { size: 12, bold: false })).not.toBeNull();
  });

  it("makes a frame's title a heading a size step over the body (thubeamer p. 5: 12 pt over 10.9 pt items, \\large over the body)", () => {
    // A 363 × 272 slide: the navigation bar and footline at 6 pt in the bands, the frame's
    // title at 12 pt under the bar, a block's title at 12 pt, six items at 11 pt.
    const bar = ["目录", "研究内容及进度", "研究工作及成果", "后期工作与安排", "问题与解决方案"].map((t, k) => line(t, { size: 6, x: 8 + k * 60, y: 0.8 }));
    const title = line("已完成的研究工作及成果", { size: 12, x: 8.5, y: 18 });
    const block = line("已完成的研究工作简介", { size: 12, x: 28, y: 76 });
    const items = stack(Array.from({ length: 6 }, () => "XXXX"), { size: 11, x: 50, y: 94, pitch: 19.5 });
    const feet = [line("杨敬轩", { size: 6, x: 8.5, y: 254.4 }), line("清华大学", { size: 6, x: 330, y: 254.4 }), line("报告标题", { size: 6, x: 8.5, y: 264 }), line("5 / 16", { size: 6, x: 338, y: 264.9 })];
    const all = [...bar, title, block, ...items, ...feet];
    const stats = computeDocumentStats([page(5, all, { width: 362.8, height: 272.1 })], [all]);
    expect(stats.body).toEqual({ size: 11, bold: false });
    expect(headingLevelOf(stats, { size: 12, bold: false })).not.toBeNull();
    // The same 12 pt lines over the items on a portrait page are no heading over 11 pt text.
    const text = [title, block, ...items];
    const portrait = computeDocumentStats([page(5, text, { width: 272.1, height: 362.8 })], [text]);
    expect(portrait.body).toEqual({ size: 11, bold: false });
    expect(headingLevelOf(portrait, { size: 12, bold: false })).toBeNull();
  });

  it("takes no frame title where the top line runs on into the text under it, or its size sets many lines (Verona p. 2's warning over 9 pt prose; gzt's prose over listings)", () => {
    // Verona p. 2: "Warning" and two sentences at 10 pt, 5 pt apart, over 9 pt prose.
    const warning = stack(["Warning", "This is package is a beta version.", "Some or all the elements could change."], { size: 10, x: 20, y: 50, pitch: 15 });
    const prose = stack(Array.from({ length: 8 }, () => "This package is author-maintained. Permission is granted"), { size: 9, x: 20, y: 140, pitch: 11 });
    const all = [...warning, ...prose];
    const stats = computeDocumentStats([page(2, all, { width: 362.8, height: 272.1 })], [all]);
    expect(stats.body).toEqual({ size: 9, bold: false });
    expect(headingLevelOf(stats, { size: 10, bold: false })).toBeNull();
  });

  it("counts every line on a portrait page, on a slide whose only text besides the bands is one line (a section's slide), and a large line under smaller text", () => {
    expect(slideStats(frame(), { width: 255.1, height: 453.5 }).body.size).toBe(6);
    const section = slideStats([line("section pages", { size: 17, x: 19, y: 78 }), foot()]);
    expect(section.body.size).toBe(6);
    expect(headingLevelOf(section, { size: 17, bold: false })).not.toBeNull();
    // A closing slide: "Q & A" in display type left alone to vote under its larger title.
    const closing = slideStats([line("Thanks for your attention!", { size: 35.7, x: 19, y: 84 }), line("Q & A", { size: 24.8, x: 19, y: 140 }), foot()]);
    expect(headingLevelOf(closing, { size: 25, bold: false })).not.toBeNull();
    // A caption over a larger line: the larger line is text, and votes.
    const under = slideStats([line("Figure 1", { size: 9, x: 19, y: 40 }), line("A line of the slide's text", { size: 11, x: 19, y: 112 }), foot()]);
    expect(under.body.size).toBe(11);
  });
});
