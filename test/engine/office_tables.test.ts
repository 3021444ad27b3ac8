// Aligned tables on office-style LaTeX pages (docs/engine.md, Aligned tables: an invoice's
// discounts among its totals, a CV's section bands, a column set flush left with empty cells,
// a table going on in the page's next column). SPEC.md §Output: tables as tables, headings as
// headings, in reading order.
import { describe, expect, it } from "vitest";
import type { Line, Rule, Span } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";

const PAGE = { width: 595, height: 842 };
const SIZE = 10;
const CHAR_EM = 0.5;

function span(text: string, x0: number, y0: number, size = SIZE, bold = false): Span {
  return { text, x0, y0, x1: x0 + text.length * size * CHAR_EM, y1: y0 + size * 1.2, font: bold ? "Helvetica-Bold" : "Helvetica", size, bold, italic: false, monospace: false };
}

function line(s: Span): Line {
  return { spans: [s], x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, wmode: 0 };
}

const text = (t: string, x0: number, y0: number, size = SIZE, bold = false): Line => line(span(t, x0, y0, size, bold));
/** A line whose right edge is at x1 (figures set flush right). */
const textR = (t: string, x1: number, y0: number, size = SIZE): Line => text(t, x1 - t.length * size * CHAR_EM, y0, size);
const fill = (x0: number, y0: number, x1: number, y1: number): Rule => ({ x0, y0, x1, y1, kind: "fill" });

const lineText = (l: Line) => l.spans.map((s) => s.text).join("");
const cells = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map(lineText).join(" ")));

describe("an invoice's discounts among its totals (facture-belge-simple-sans-tva p1)", () => {
  // Letters A–E at 132, the nature at 152, quantity, unit price and amount set flush right.
  const item = (letter: string, nature: string, qty: string, unit: string, amount: string, y: number): Line[] => [
    ...(letter === "" ? [] : [text(letter, 132, y)]),
    text(nature, 152, y),
    ...(qty === "" ? [] : [textR(qty, 357, y), textR(unit, 412, y)]),
    textR(amount, 463, y),
  ];
  const header = [text("Nature", 152, 316), text("Quantité", 319, 316), text("Prix unit.", 369, 316), text("€", 456, 316)];
  const items = [item("A", "Produit nisl", "5,00", "100,00", "500,00", 333), item("B", "Produit eget", "2,00", "1 000,00", "2 000,00", 345), item("C", "Produit luctus", "3,00", "50,25", "150,75", 357)];
  const totals = [
    item("", "Total hors remise", "", "", "2 650,75", 374),
    item("D", "Remise 1 sur A", "", "", "−50,00", 391),
    item("E", "Remise 2 sur B+C", "", "", "−107,54", 403),
    item("", "Total remise", "", "", "−157,54", 420),
    item("", "Total A à E", "", "", "2 493,21", 437),
  ];

  it("keeps the letter column and every totals row when the totals outnumber the items", () => {
    const { tables, rest } = detectTables([...header, ...items.flat(), ...totals.flat()], [], PAGE);
    expect(rest).toEqual([]);
    expect(tables).toHaveLength(1);
    const rows = cells(tables[0]);
    expect(rows[0]).toEqual(["", "Nature", "Quantité", "Prix unit.", "€"]);
    expect(rows[1]).toEqual(["A", "Produit nisl", "5,00", "100,00", "500,00"]);
    expect(rows.slice(4).map((row) => [row[0], row[1], row[4]])).toEqual([
      ["", "Total hors remise", "2 650,75"],
      ["D", "Remise 1 sur A", "−50,00"],
      ["E", "Remise 2 sur B+C", "−107,54"],
      ["", "Total remise", "−157,54"],
      ["", "Total A à E", "2 493,21"],
    ]);
  });

  it("still counts rows that leave the first column empty and end in no amount against the full rows (revtex's guide: prose beside a table of class options)", () => {
    const full = ["Citation", "Format", "Layout"].flatMap((label, r) => [text(label, 72, 300 + 12 * r), text("numbered", 200, 300 + 12 * r), text("numerical", 300, 300 + 12 * r)]);
    const words = ["author-year", "journal", "reprint", "preprint"].flatMap((word, r) => [text(word, 200, 336 + 12 * r), text(`${word}-opt`, 300, 336 + 12 * r)]);
    const { tables } = detectTables([...full, ...words], [], PAGE);
    // Three full rows and four rows of words under them: the words are no wrapped lines of
    // the third row's cells.
    expect(tables.flatMap(cells).flat()).not.toContain("numbered author-year journal reprint preprint");
    expect(tables.flatMap(cells)).toContainEqual(["journal", "journal-opt"]);
  });
});

describe("a section band between a CV's rows (resumecls's resume-en p1)", () => {
  const row = (label: string, value: string, y: number): Line[] => [text(label, 36, y, 12), textR(value, 553, y, 12)];
  const above = [row("Experience1", "Time Period", 484), row("Experience2", "Time Period", 503)];
  const below = [row("Award1", "Time", 540), row("Award2", "Time", 558)];
  const band = fill(36, 519, 559, 535);

  it("leaves the band's title out of the table, a table on either side", () => {
    const title = text("Awards", 39, 521, 14, true);
    const { tables, rest } = detectTables([...above.flat(), title, ...below.flat()], [band], PAGE);
    expect(rest).toEqual([title]);
    expect(tables.map(cells)).toEqual([
      [
        ["Experience1", "Time Period"],
        ["Experience2", "Time Period"],
      ],
      [
        ["Award1", "Time"],
        ["Award2", "Time"],
      ],
    ]);
  });

  it("keeps a group's label shaded at the rows' size as a row of the table (colortbl)", () => {
    const group = text("Awards", 39, 521, 12, true);
    const { tables, rest } = detectTables([...above.flat(), group, ...below.flat()], [band], PAGE);
    expect(rest).toEqual([]);
    expect(cells(tables[0])[2]).toEqual(["Awards", ""]);
  });

  it("keeps a larger row on a band that does not run across the table as a row", () => {
    const title = text("Awards", 39, 521, 14, true);
    const { tables } = detectTables([...above.flat(), title, ...below.flat()], [fill(36, 519, 200, 535)], PAGE);
    expect(tables).toHaveLength(1);
    expect(cells(tables[0])[2]).toEqual(["Awards", ""]);
  });
});

describe("a column set flush left that leaves rows empty (hyph-utf8 p5: a language's aliases)", () => {
  const names = ["english", "usenglishmax", "ukenglish", "afrikaans", "ancientgreek", "ibycus", "arabic", "armenian", "ethiopic"];
  const aliases: Record<number, string> = { 0: "usenglish, USenglish, american", 2: "british, UKenglish", 8: "amharic, geez" };
  const table = names.flatMap((name, r) => [text(name.slice(0, 2), 80, 166 + 12 * r), text(name, 145, 166 + 12 * r), ...(r in aliases ? [text(aliases[r], 215, 166 + 12 * r)] : [])]);

  it("joins the table as its third column", () => {
    const { tables, rest } = detectTables(table, [], PAGE);
    expect(rest).toEqual([]);
    const rows = cells(tables[0]);
    expect(rows.map((row) => row[2])).toEqual(names.map((_, r) => aliases[r] ?? ""));
  });

  it("leaves a text column beside the table alone when some of its lines are long", () => {
    // The first row leaves the column empty, as the table's first row starts the run.
    const column = names.slice(1).map((_, k) => text(k % 3 === 1 ? "short words" : "a line of running text set in the next column of the page, as prose is", 225, 178 + 12 * k));
    const { tables, rest } = detectTables([...names.flatMap((name, r) => [text(name.slice(0, 2), 80, 166 + 12 * r), text(name, 145, 166 + 12 * r)]), ...column], [], PAGE);
    expect(cells(tables[0])[0]).toHaveLength(2);
    expect(rest).toEqual(column);
  });

  it("leaves text alone that goes on between the table's rows", () => {
    const spaced = names.flatMap((name, r) => [text(name.slice(0, 2), 80, 166 + 24 * r), text(name, 145, 166 + 24 * r), ...(r in aliases ? [text(aliases[r], 215, 166 + 24 * r)] : [])]);
    expect(cells(detectTables(spaced, [], PAGE).tables[0])[0]).toHaveLength(3);
    const between = text("more", 215, 166 + 24 * 4 + 12);
    const { tables, rest } = detectTables([...spaced, between], [], PAGE);
    expect(cells(tables[0])[0]).toHaveLength(2);
    expect(rest).toContain(between);
  });
});

describe("a table going on in the page's next column (hyph-utf8 p5: Farsi and Finnish atop the right column)", () => {
  const SHIFT = 233;
  const entry = (code: string, name: string, y: number, dx = 0): Line[] => [text(code, 80 + dx, y), text(name, 145 + dx, y)];
  const left = ["af", "ar", "hy", "as", "eu", "be"].flatMap((code, r) => [text(`Lang${r}`, 72, 166 + 24 * r, SIZE, true), ...entry(code, `name${r}`, 178 + 24 * r)]);

  it("reads the right-hand rows as a table of the same columns, after the left one", () => {
    const right = [text("Farsi", 72 + SHIFT, 190, SIZE, true), ...entry("fa", "farsi", 202, SHIFT), text("Finnish", 72 + SHIFT, 214, SIZE, true), ...entry("fi", "finnish", 226, SHIFT)];
    const { tables, rest } = detectTables([...left, ...right], [], PAGE);
    expect(rest).toEqual([]);
    expect(tables).toHaveLength(2);
    expect(cells(tables[1])).toEqual([
      ["Farsi", ""],
      ["fa", "farsi"],
      ["Finnish", ""],
      ["fi", "finnish"],
    ]);
  });

  it("leaves rows alone whose pieces do not start where the table's cells do", () => {
    const right = [...entry("fa", "farsi", 202, SHIFT), text("fi", 80 + SHIFT, 226), text("finnish", 160 + SHIFT, 226)];
    const { tables, rest } = detectTables([...left, ...right], [], PAGE);
    expect(tables).toHaveLength(1);
    expect(rest).toEqual(right);
  });
});

describe("a label over a table's first row set as the body's label rows are (hyph-utf8 p5: \"English\" over \"- | english\")", () => {
  const entry = (code: string, name: string, y: number): Line[] => [text(code, 80, y), text(name, 145, y)];
  const body = ["af", "ar", "hy", "as"].flatMap((code, r) => [...entry(code, `name${r}`, 178 + 24 * r), ...(r < 3 ? [text(`Lang${r + 1}`, 72, 190 + 24 * r, SIZE, true)] : [])]);

  it("is the table's first row", () => {
    const first = text("Lang0", 72, 166, SIZE, true);
    const { tables, rest } = detectTables([first, ...body], [], PAGE);
    expect(rest).toEqual([]);
    expect(cells(tables[0])[0]).toEqual(["Lang0", ""]);
  });

  it("stays over the table, a caption, when set otherwise than the body's labels", () => {
    for (const caption of [text("Languages", 72, 166), text("Languages", 60, 166, SIZE, true), text("Languages", 72, 166, 12, true)]) {
      const { tables, rest } = detectTables([caption, ...body], [], PAGE);
      expect(rest).toEqual([caption]);
      expect(cells(tables[0])[0]).toEqual(["af", "name0"]);
    }
  });

  it("stays over a table whose body holds one such label only (a wrapped line, not a group's head)", () => {
    const first = text("Lang0", 72, 166, SIZE, true);
    const one = ["af", "ar", "hy", "as"].flatMap((code, r) => [...entry(code, `name${r}`, 178 + 24 * r), ...(r === 1 ? [text("Lang2", 72, 214, SIZE, true)] : [])]);
    const { rest } = detectTables([first, ...one], [], PAGE);
    expect(rest).toContain(first);
  });
});

describe("stacks of lines under underlined labels (facture-belge-simple-sans-tva p1: the addresses)", () => {
  const labels = [text("Expédition", 77, 175), text("Facturation", 225, 175), text("Livraison", 373, 175)];
  /** Each label's own rule, 1 pt under its box. */
  const underlines = labels.map((l): Rule => ({ x0: l.x0, y0: l.y1 + 0.8, x1: l.x1, y1: l.y1 + 1.2, kind: "fill" }));
  const stacks = [
    [text("Prénom Nom", 77, 187), text("Fbg Bgf", 225, 187), text("Voir facturation", 373, 187)],
    [text("Fédération belge de gong", 225, 199)],
    [text("Rue Delarue 1", 77, 211), text("DelarueStraat 2", 225, 211)],
    [text("1000 Ville", 77, 223)],
  ];

  it("writes the stacks as one table, the labels its header", () => {
    const { tables, rest } = detectTables([...labels, ...stacks.flat()], underlines, PAGE);
    expect(rest).toEqual([]);
    expect(tables).toHaveLength(1);
    expect(tables[0].headerRows).toBe(1);
    expect(cells(tables[0])).toEqual([
      ["Expédition", "Facturation", "Livraison"],
      ["Prénom Nom", "Fbg Bgf", "Voir facturation"],
      ["", "Fédération belge de gong", ""],
      ["Rue Delarue 1", "DelarueStraat 2", ""],
      ["1000 Ville", "", ""],
    ]);
  });

  it("leaves labels alone that no rule of their own underlines", () => {
    const across: Rule = { x0: 70, y0: 186, x1: 515, y1: 186.4, kind: "fill" };
    const top: Rule = { x0: 70, y0: 163, x1: 515, y1: 163.4, kind: "fill" };
    const { tables } = detectTables([...labels, ...stacks.flat()], [top, across], PAGE);
    expect(tables.some((t) => cells(t).some((row) => row.includes("Fédération belge de gong")))).toBe(false);
  });

  it("ends the table at a line that starts under no label (text under the addresses)", () => {
    const note = text("Payable soon", 90, 235);
    const { tables, rest } = detectTables([...labels, ...stacks.flat(), note], underlines, PAGE);
    expect(tables[0].rows).toHaveLength(5);
    expect(rest).toEqual([note]);
  });
});
