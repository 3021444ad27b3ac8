// The real-document gate (issue 9, item 7): the engine on fixtures/real (single pages of
// real PDFs with truth written by hand from the page images) and on the table truth set of
// ../shared/truth/tables. Floors sit just under what the engine measured when they were set
// and are only ever raised. `npm run compare` shows the same metrics beside peer converters.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { loadRealSet, loadTableSet, readRealSources, repoRoot, scoreDoc, summarise, type DocScore, type SetDoc, type SetSummary } from "./sets.js";

async function convert(doc: SetDoc): Promise<string> {
  const result = await convertDocument(openInProcess, {
    bytes: readFileSync(doc.pdf),
    pages: doc.page ? String(doc.page) : undefined,
    options: { ...defaultRenderOptions, headersFooters: "strip" },
  });
  return result.markdown;
}

type Floors = Partial<Record<keyof SetSummary["means"] | "furniture_removed", number>>;

// Measured on the committed engine of 2026-11-24 (real pages: text 0.916, order 0.986,
// headings 0.833 by text and 0.670 by level, list items 0.668, cells 0.690 / 0.926 / 0.950,
// furniture 0.989; tables: cells 0.559 / 0.918, adjacency 0.880) and on the work in progress
// at the same time, which was higher except for adjacency (0.934). Each floor sits just under
// the lower of the two. Raise them as the engine improves; never lower one to let a change in.
// list_recall raised after vector, symbol-font, letter and roman-numeral markers (0.944 on
// the 60 pages; the floor leaves room for one more page with an unread list).
// Table floors raised after borderless tables (issue 9 item 4: tables beside text, partial
// and wrapped rows, stacked headers, ruled headers over aligned bodies): real pages cells
// 0.807 / 0.931, adjacency 0.958; table truth set cells 0.717 / 0.947, adjacency 0.890 (the
// adjacency with right-to-left tables rendered in reading order, which the truth does not use).
// Table floors raised again after ruled tables with many spanning cells, white cell
// backgrounds and tables set sideways (issue 9, tables): table truth set cells 0.926 / 0.959,
// adjacency 0.911.
// Heading floors raised after heading levels from section numbers, no level 1 under 1.25×
// the body, bold slightly above body size, and sideways margin labels left unranked (issue
// 9, headings): real pages headings 0.889 by text, 0.825 by level; then 0.894 / 0.830 with
// wrapped titles joined, and table truth set cells 0.935 / 0.973, adjacency 0.919 with
// row-ruled grids keeping wrapped rows whole; headings 0.905 / 0.841 with code in headings.
// Text and reading order raised after contents pages (leaders dropped, section numbers and
// page numbers joined to their titles) and slides with two short columns: text 0.955 → 0.974,
// reading order 0.998 → 1.000 on the 60 pages; then 0.977 with a figure's replacement text
// dropped and a paragraph broken by a column break joined across the floats atop the next.
// Cell floors raised after a form's field table (labels beside blank fields) became a table
// (svc-md-1.1.1): real pages cells 0.807 → 0.860 recall, 0.934 precision, adjacency 0.960.
// Raised again when cells of Chinese and Japanese tables split at gaps MuPDF leaves unspaced
// between wide characters (svc-md-1.1.2): 0.932 recall, 0.996 precision, adjacency 0.997;
// OCR'd rule bars dropped (ocr-handbook-p2's header joins its table): recall 0.941. Then a
// questionnaire became a table (form-sleep-study: questions beside "yes no"): recall 0.956,
// while precision and adjacency count that page, whose yes and no share a cell, for the first
// time: 0.971 and 0.970. The floors stay above what landed before this round (0.92, 0.95).
// Headings 0.913 / 0.848 -> 0.936 / 0.871 with a bracket pair joining a title's fragments
// and the questionnaire's answers out of the heading rules (svc-md-1.1.2); 0.947 / 0.883 and
// cell recall 0.960 with a ruled table to fill in (headings over blank rows) read as a table.
// svc-md-1.1.3: headings 0.970 / 0.905 with contents entries and figures' labels out of the
// heading levels, 0.992 / 0.928 with a chapter head set in two sizes a heading; cells 0.991 /
// 0.997 / 0.979 with the gap between cells measured from the ink. The table set: 0.965 /
// 0.985 / 0.950 with that, two-word spans cut at a gutter and right-to-left cells cut at
// their ruled border.
// svc-md-1.1.4: text 0.982 with figures' labels left out (tracemonkey's state machine,
// r-intro's Q-Q plot) and the blank lines of a code block kept; heading levels 0.955 with a
// subtitle under a title out of the levels (form-sleep-study, book-pdkids-p1).
// svc-md-1.1.5: furniture removed 1.000 (91 lines) with a lone page number up to 15 % of the
// page above its foot (cjk-issue16538): the floor rises from 0.97 to 0.99.
// svc-md-1.1.8: heading levels 0.970 with a title's edition and date in its bold face one
// level under it (report-geobase-p1): the floor rises from 0.95 to 0.965. Cells 0.997 recall
// and 0.998 adjacency with form-sleep-study's "no" and its blank apart: the floors rise from
// 0.98 and 0.97 to 0.99 both.
// svc-md-1.1.9: text 0.983 with report-geobase-p1's centred lines kept and its e-mail address
// written as the page shows it (that page 0.989 → 1.000): the floor rises from 0.978 to 0.98.
// Table adjacency 0.954 with camelot-split_text_lattice's row no longer dropped with the
// page's foot: the floor rises from 0.94 to 0.95.
// svc-md-1.1.10 (this round's second half): table set 0.969 / 0.985 / 0.956 with a contents
// page's entries kept out of tables but a statistics row's dot leader before its figures in
// (camelot-12s0324 1.000; had fallen to 0.751 when every line reading as a contents entry
// was kept out) and header lines cut at the gutters the columns leave: the floors rise from
// 0.95 to 0.965 (recall) and 0.955 (adjacency).
// svc-md-1.1.11: 66 pages (an ACM conference page, an Impress slide and an LNCS page joined,
// each at 1.000 on its lists); list items 1.000 since 1.1.3 and heading levels 0.973 with
// revtex's sections under their title: the floors rise from 0.9 to 0.95 and 0.965 to 0.97.
// svc-md-1.1.12: 68 pages (an Impress slide numbered against its items and a specification's
// page with an XML listing joined, both at 1.000 against their truth).
// svc-md-1.1.13: 70 pages (Chromium's print of a long table and a Writer policy page with a
// group head over its table's sub-heads joined); cells 0.998 / 0.998: the cell floors stay.
// svc-md-1.1.14: 73 pages (a CV printed by Chromium, its contact details and skills on a
// shaded side panel, 1.000, 0.601 on 1.1.13, its panel read row by row with the main text; a
// documentation site's page printed with its menu down the left side; an encyclopedia
// article with an infobox floated beside its first paragraphs, 0.997).
// svc-md-1.1.15: 75 pages (a business letter printed by Chromium, its sender block set
// flush right beside the company's name, 1.000, 0.950 with the sender read after the
// recipient before the letterhead rule; an order
// confirmation printed by Chromium: its totals box, whose labels run across the items
// table's gutters, a table of its own, and the order's number, date and payment set beside
// the shop's name read after it, one line each). 76 pages with a datasheet printed by
// Chromium (its "Ordering information" heading read after both columns, its specifications'
// wrapped cells one row with the labels centred beside them: 1.000).
// svc-md-1.1.16: 83 pages (BibTeXing's description list, its items hanging after a first line
// that ends a sentence; libtasn1's API reference, a prototype wrapped before a pointer's star;
// a mutual NDA printed by Chromium, its numbered clauses' second
// lines hung under the text after the number and a compound's hyphen at a line's end kept;
// a README printed by Chromium, its "Note" a block quote drawn with a left bar; a bank
// statement printed by Chromium, its summary box's labels over their values a table, its
// transactions' bold header row the table's header, each row's date cut from its description
// where the other rows are: 1.000 each).
// and a second order confirmation printed by Chromium, in a serif face,
// 1.000 with its output equal to its truth: on 1.1.15 its three address blocks had come out
// as three headings over their lines run together, the items table's header row, wider
// than they, having taken their run, and its bold "Total" row, a row of the items table,
// as two headings), and an encyclopedia article whose infobox, with no caption,
// is floated left under the page's title (1.000, output equal to its truth: on 1.1.15 the
// title, ruled across the page, had been taken for the infobox's, the infobox read before
// the paragraph beside it, and the paragraph going on under it parted at its foot).
// svc-md-1.1.17: 84 pages (a webmail thread printed by Chromium, each message's date set
// flush right on its sender's line: 0.996 text, 1.000 order, the brand "Mail" read after the
// account beside it, whose top is 0.2 pt higher; 0.879 and 0.982 on 1.1.16, the dates read
// as a column after the senders). 86 pages with two pages of a Calc expense sheet (its
// header's "Amount (SEK)" and "VAT (SEK)" two cells, and its last column, printed on a page
// of its own, a one-column table: 1.000 each, output equal to its truth; on 1.1.16 one header
// cell, and one paragraph of 38 numbers). 87 pages with a documentation site's page printed
// by Chromium, its "On this page" menu down the right side read after the article (on 1.1.16
// read row by row into it) and its bordered table's inline code on grey boxes (on 1.1.16 five
// columns and six rows).
// svc-md-1.1.18: 93 pages (a Hebrew timetable printed by Chromium, its list's discs drawn
// right of the text: 1.000, list items 0 on 1.1.17, the items run into paragraphs; an
// Impress two-content slide, a title over each box's bullets: 1.000, 0.325 on 1.1.17, a
// table with a bullet in every cell; a Writer newsletter in a two-column section whose pull
// quote, set at its headings' size, had been a heading no metric counts: 1.000 on both).
// 94 pages with a volunteer guide printed by Chromium, whose definition list's terms had been
// ### headings no metric counts either (1.000 on both).
// 96 pages with luaharfbuzz's API page printed from a browser (its title "Module harfbuzz"
// set in two sizes a heading, a bold paragraph on 1.1.17) and langsci's sample paper (its
// author line with raised affiliation letters a paragraph, `##` on 1.1.17; its foot's slug
// "Change with \papernote" is kept on a page cut out alone: furniture 0.992).
// 97 pages with the XeLaTeX invoice of facture-belge-simple-sans-tva (its foot's slug kept on
// a page cut out alone). 98 pages with an Arabic invoice printed by Chromium (its number and
// phone number after Arabic words in writing order, "118-2026" and "0199-555-011" on 1.1.17;
// its items table, rules under its rows only, header cells flush right over figures flush
// left: one bold paragraph and paragraphs per row on 1.1.17).
// 99 pages with a calibration record and a price list printed by Chromium (borderless tables
// without header rows, decimal figures "0.5", "12.50" in their first column: a paragraph per
// cell on 1.1.18, the figures read as numbered sections' markers).
// 100 pages with that Arabic invoice with vowel marks ("يُدفع" as "دفع … الفاتورةيُ." and "يومًا" as
// "يومً ا" on 1.1.18).
// 101 pages with a Calc calibration sheet without a header row, its columns fitted to their
// figures (its last row "10 | 20.04 | 19.93", 8 pt apart, a paragraph under the table on 1.1.18).
// 102 pages with Chromium's print of Debian's Python Policy (Sphinx's nature theme sets each
// heading over a white copy 1 px down: "Abstract Abstract", "1. Copyright1. Copyright" and no
// section headings on 1.1.19).
// Floors raised on svc-md-1.1.19 (101 pages: text 0.990, headings 0.996 by text, lists 1.000
// over 35 pages): text from 0.98 to 0.985, headings by text from 0.98 to 0.99, lists from 0.95
// to 0.97, each still leaving room for one new page that is not yet read right.
// 103 pages with a Writer report written as flat ODF, a text frame floated beside a paragraph
// ("replaced in Key figure: 84 % of the berths" on 1.1.19), and 104 with an Impress slide, a
// bulleted box beside a paragraph (a two-column table on 1.1.19). 105 with a Calc sheet whose
// header "Sample | Reading A | Reading B" MuPDF joins into one line (a paragraph on 1.1.19).
// Floors raised on svc-md-1.1.20 (105 pages: reading order 1.000, headings 0.984 by level):
// reading order from 0.99 to 0.995, headings by level from 0.97 to 0.975.
// 106 pages with ocr-vicksburg-p3, a scanned book page whose engravings' captions in small
// print stand 2 to 5 pt left of the text column (0.772 text, 0.882 order: the column's two
// paragraphs, the second's indent lost in the scan's skew, read as one, and the first caption
// after them; on 1.1.20 0.858 and 0.934 by the measures, but the captions' lines read one by
// one between the column's, "balls packed brave it out. Their sacrifices and with saw-dust").
// With its second paragraph's indent read against the lines around it: 0.980 and 1.000.
// 111 pages on svc-md-1.1.21 (a Sphinx manual's page, a Japanese page in vertical writing, a
// newsletter in three columns, a Writer plan with outline numbers, GCC's release notes
// printed by Chromium): text 0.990, reading order 1.000, headings 0.985 by level, furniture
// 0.993 over 143 lines. Headings by level rise from 0.975 to 0.98.
// 112 pages on svc-md-1.1.22 with a Doxygen class reference (SISCone's, p. 60: its
// collaboration diagram's names had been `##` headings, its brief descriptions run into
// "Definition at line …", its "Generated by Doxygen" foot kept): 0.992 text, furniture 3 of 3.
// 113 pages on svc-md-1.1.23 with Expat's reference printed by Chromium (a paragraph had
// been cut after "You may", its next line mostly bold link text): 1.000 text and lists.
// svc-md-1.1.24, the table set: a cell's text clipped at its border cut from the next cell's
// (tabula-schools), row names left of a ruled grid its first column (camelot's
// vertical_header), a ruled cell's row number kept in the top band (split_text_lattice):
// 0.977 / 0.986 / 0.956. The table set's recall floor rises from 0.965 to 0.97.
const REAL_MIN_PAGES = 60;
const REAL_FLOORS: Floors = {
  text_similarity: 0.985,
  reading_order: 0.995,
  heading_text_recall: 0.99,
  heading_recall: 0.98,
  list_recall: 0.97,
  cell_recall: 0.99,
  cell_precision: 0.99,
  adjacency: 0.99,
  furniture_removed: 0.99,
};
const TABLE_FLOORS: Floors = {
  cell_recall: 0.97,
  cell_precision: 0.98,
  adjacency: 0.955,
};

function checkFloors(summary: SetSummary, floors: Floors, label: string): void {
  for (const [key, floor] of Object.entries(floors)) {
    const value = key === "furniture_removed" ? summary.furniture_removed : summary.means[key as keyof SetSummary["means"]];
    expect(value, `${label}: mean ${key} has nothing to score`).not.toBeNull();
    expect(value!, `${label}: mean ${key}`).toBeGreaterThanOrEqual(floor!);
  }
}

const fmt = (s: SetSummary) =>
  JSON.stringify({ ...Object.fromEntries(Object.entries(s.means).map(([k, v]) => [k, v === null ? null : Math.round(v * 1000) / 1000])), furniture_removed: s.furniture_removed });

describe("engine on real pages (fixtures/real)", () => {
  it(`finds at least ${REAL_MIN_PAGES} pages with truth and a SOURCES.tsv row for each, and scores them above the floors`, async () => {
    const docs = loadRealSet();
    expect(docs.length, "fixtures/real holds no page with its .md truth: nothing to score").toBeGreaterThanOrEqual(REAL_MIN_PAGES);
    const dir = path.join(repoRoot(), "fixtures", "real");
    const withoutTruth = readdirSync(dir).filter((f) => f.endsWith(".pdf") && !existsSync(path.join(dir, f.replace(/\.pdf$/, ".md"))));
    expect(withoutTruth, "pages without their .md truth").toEqual([]);
    const sources = new Set(readRealSources().map((s) => s.id));
    expect(docs.filter((d) => !sources.has(d.id)).map((d) => d.id), "pages without a SOURCES.tsv row").toEqual([]);
    const scores: DocScore[] = [];
    for (const doc of docs) scores.push(scoreDoc(doc, await convert(doc)));
    const summary = summarise(scores);
    console.log(`real pages (${summary.docs}): ${fmt(summary)}`);
    checkFloors(summary, REAL_FLOORS, "real pages");
  });
});

describe("engine on the table truth set (../shared/truth/tables)", () => {
  const docs = loadTableSet();
  if (docs === null) {
    it.skip("skipped: ../shared/truth/tables is absent (set SVC_SHARED to the shared/ folder)", () => {});
    console.log("table truth set skipped: ../shared/truth/tables is absent (set SVC_SHARED to the shared/ folder)");
    return;
  }
  it("scores the table pages above the floors", async () => {
    expect(docs.length, "the table truth set holds no table: nothing to score").toBeGreaterThan(0);
    const scores: DocScore[] = [];
    for (const doc of docs) scores.push(scoreDoc(doc, await convert(doc)));
    const summary = summarise(scores);
    console.log(`table pages (${summary.docs}): ${fmt(summary)}`);
    checkFloors(summary, TABLE_FLOORS, "table pages");
  });
});
