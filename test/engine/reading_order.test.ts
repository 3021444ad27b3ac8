// reading_order.ts: column gutters, bands, row cuts and footnotes on synthetic boxes. Each box carries an id so
// the expected reading order can be written down as a list.
import { describe, expect, it } from "vitest";
import { type Box, orderForReading, orderForReadingTs } from "../../src/engine/layout/reading_order.js";

interface Item extends Box {
  id: string;
}

const PITCH = 14;
const LINE_HEIGHT = 10;

function box(id: string, x0: number, x1: number, y0: number, height = LINE_HEIGHT): Item {
  return { id, x0, x1, y0, y1: y0 + height };
}

/** `count` lines of a column from x0 to x1, starting at `top`, ids `${prefix}1…`. */
function column(prefix: string, x0: number, x1: number, top: number, count: number): Item[] {
  return Array.from({ length: count }, (_, i) => box(`${prefix}${i + 1}`, x0, x1, top + i * PITCH));
}

/** Deterministic shuffle (the extractor's order must not matter). */
function shuffled<T>(items: readonly T[]): T[] {
  const out = items.slice();
  let seed = 7;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function ids(groups: { items: Item[] }[]): string[][] {
  return groups.map((g) => g.items.map((it) => it.id));
}

function flat(groups: { items: Item[] }[]): string[] {
  return groups.flatMap((g) => g.items.map((it) => it.id));
}

// A US Letter page with one-inch margins: text from x 72 to 540.
const LEFT = column("L", 72, 300, 200, 10);
const RIGHT = column("R", 312, 540, 200, 10);

describe("orderForReading", () => {
  it("reads a single column top to bottom as one full-width group", () => {
    const lines = column("p", 72, 540, 100, 12);
    const groups = orderForReading(shuffled(lines));
    expect(groups).toHaveLength(1);
    expect(groups[0].columns).toBe(1);
    expect(flat(groups)).toEqual(lines.map((l) => l.id));
  });

  it("reads a single column of ragged lines (short last lines of paragraphs) as one column", () => {
    // Short lines at the left margin leave an empty strip on the right: it must not be read
    // as a gutter, because nothing stands on its right side.
    const lines = column("p", 72, 540, 100, 12).map((l, i) => (i % 4 === 3 ? { ...l, x1: 200 } : l));
    const groups = orderForReading(shuffled(lines));
    expect(groups).toHaveLength(1);
    expect(flat(groups)).toEqual(lines.map((l) => l.id));
  });

  it("reads two columns left column first, then right column, each top to bottom", () => {
    const groups = orderForReading(shuffled([...LEFT, ...RIGHT]));
    expect(ids(groups)).toEqual([LEFT.map((l) => l.id), RIGHT.map((l) => l.id)]);
    expect(groups.map((g) => g.columns)).toEqual([2, 2]);
  });

  it("reads a band with lines on one side of the gutter only as full width, one group with the lines around it (issue 9: an office report's list above a two-column section)", () => {
    // A list item's wrapped line and a nested item between lines that cross the gutter of
    // the two-column section below: no column, so the list is one run for paragraphing.
    const above = [box("item1", 72, 540, 100), box("wrap", 90, 180, 114), box("nested", 90, 250, 128), box("item2", 72, 540, 142)];
    const groups = orderForReading(shuffled([...above, ...LEFT, ...RIGHT]));
    expect(ids(groups)).toEqual([above.map((b) => b.id), LEFT.map((l) => l.id), RIGHT.map((l) => l.id)]);
    expect(groups.map((g) => g.columns)).toEqual([1, 2, 2]);
  });

  it("reads a full-width title above two columns first, as its own band", () => {
    const title = box("title", 120, 492, 120, 18);
    const groups = orderForReading(shuffled([...LEFT, ...RIGHT, title]));
    expect(ids(groups)).toEqual([["title"], LEFT.map((l) => l.id), RIGHT.map((l) => l.id)]);
    expect(groups[0].columns).toBe(1);
  });

  it("still finds the columns when a centred narrow line (an affiliation) crosses the gutter", () => {
    const title = box("title", 120, 492, 100, 18);
    // Narrower than a column, but centred on the page, so it covers the gutter at 300–312.
    const affiliation = box("affiliation", 240, 372, 140);
    const groups = orderForReading(shuffled([...LEFT, ...RIGHT, title, affiliation]));
    expect(ids(groups)).toEqual([["title", "affiliation"], LEFT.map((l) => l.id), RIGHT.map((l) => l.id)]);
  });

  it("cuts the page into bands at a full-width figure between two-column text", () => {
    // Bands: columns above the figure are read (left, right) before the figure, and the
    // columns below it after.
    const topLeft = column("a", 72, 300, 100, 5);
    const topRight = column("b", 312, 540, 100, 5);
    const figure = box("figure", 72, 540, 180, 100);
    const bottomLeft = column("c", 72, 300, 300, 5);
    const bottomRight = column("d", 312, 540, 300, 5);
    const groups = orderForReading(shuffled([...topLeft, ...topRight, figure, ...bottomLeft, ...bottomRight]));
    expect(flat(groups)).toEqual([...topLeft, ...topRight, figure, ...bottomLeft, ...bottomRight].map((b) => b.id));
  });

  it("does not split a label/value list (short labels at the left) into two columns", () => {
    // The strip between labels and values is crossed by nothing, but the labels are not
    // lines of running text: read row by row.
    const rows = ["Name", "Address", "Phone", "E-mail", "Date", "Reference"];
    const items: Item[] = [];
    rows.forEach((label, i) => {
      const y = 100 + i * PITCH;
      items.push(box(`label${i + 1}`, 72, 72 + label.length * 5, y));
      items.push(box(`value${i + 1}`, 200, 380, y));
    });
    const groups = orderForReading(shuffled(items));
    expect(groups).toHaveLength(1);
    expect(groups[0].columns).toBe(1);
    expect(flat(groups)).toEqual(rows.flatMap((_, i) => [`label${i + 1}`, `value${i + 1}`]));
  });

  it("reads three columns left to right", () => {
    const a = column("A", 72, 220, 100, 8);
    const b = column("B", 232, 380, 100, 8);
    const c = column("C", 392, 540, 100, 8);
    const groups = orderForReading(shuffled([...a, ...b, ...c]));
    expect(ids(groups)).toEqual([a.map((l) => l.id), b.map((l) => l.id), c.map((l) => l.id)]);
  });

  it("reads a newsletter's two stories in three columns story by story, the second's heading set across two columns only (svc-md-1.1.21: headsBand)", () => {
    const first = [column("A", 72, 220, 100, 8), column("B", 232, 380, 100, 8), column("C", 392, 540, 100, 8)];
    // The second story's heading starts at the left edge and reaches past the first gutter,
    // not the second; the third column has no text on its row.
    const heading = box("heading", 72, 300, 230, 18);
    const second = [column("D", 72, 220, 256, 6), column("E", 232, 380, 256, 6), column("F", 392, 540, 256, 6)];
    const groups = orderForReading(shuffled([...first.flat(), heading, ...second.flat()]));
    expect(flat(groups)).toEqual([...first.flat().map((l) => l.id), "heading", ...second.flat().map((l) => l.id)]);
    // A column's own heading, no wider than the third column's lines, heads no band: the
    // columns read whole (a heading in the first column where the others leave a gap).
    const own = box("own", 72, 200, 230, 18);
    const whole = [column("G", 72, 220, 100, 8), column("H", 72, 220, 256, 6)];
    const others = [column("J", 232, 380, 100, 8), column("K", 232, 380, 256, 6), column("M", 392, 540, 100, 8), column("N", 392, 540, 256, 6)];
    const read = flat(orderForReading(shuffled([...whole.flat(), own, ...others.flat()])));
    expect(read.slice(0, 15)).toEqual([...whole[0].map((l) => l.id), "own", ...whole[1].map((l) => l.id)]);
  });

  it("reads a full-width banner across the top (\"Downloaded from … on …\") as its own band, then the columns", () => {
    // A banner wider than the spanning share, set in small type above the title.
    const banner = box("banner", 60, 552, 40, 7);
    const title = box("title", 120, 492, 120, 18);
    const groups = orderForReading(shuffled([...LEFT, ...RIGHT, banner, title]));
    expect(flat(groups)).toEqual(["banner", "title", ...LEFT.map((l) => l.id), ...RIGHT.map((l) => l.id)]);
  });

  it("reads a title and a full-width abstract first, then the columns that start below them", () => {
    const title = box("title", 120, 492, 60, 18);
    const authors = box("authors", 200, 412, 90);
    const abstract = column("abs", 100, 512, 120, 5);
    const left = column("L", 72, 300, 210, 12);
    const right = column("R", 312, 540, 210, 12);
    const groups = orderForReading(shuffled([...left, ...right, title, authors, ...abstract]));
    expect(flat(groups)).toEqual(["title", "authors", ...abstract.map((l) => l.id), ...left.map((l) => l.id), ...right.map((l) => l.id)]);
  });

  it("reads the columns below full-width code figures column by column, though the code lines cross the gutter", () => {
    // 30 code lines from x 72 to 400 (narrower than the spanning share, but over the gutter):
    // the page-wide gutter search fails, so the page is cut at its empty rows first.
    const code = Array.from({ length: 30 }, (_, i) => box(`code${i + 1}`, 72, 250 + (i % 5) * 30, 60 + i * 11, 9));
    const caption = column("cap", 72, 540, 400, 3);
    const left = column("L", 72, 300, 470, 12);
    const right = column("R", 312, 540, 470, 12);
    const groups = orderForReading(shuffled([...code, ...caption, ...left, ...right]));
    expect(flat(groups)).toEqual([...code, ...caption, ...left, ...right].map((b) => b.id));
  });

  it("keeps a caption under a figure inside one column in that column, in place", () => {
    // The figure is a picture (no text box): an empty stretch of the left column, then its caption.
    const leftTop = column("a", 72, 300, 100, 5);
    const caption = column("cap", 72, 300, 290, 2);
    const leftBottom = column("b", 72, 300, 330, 8);
    const right = column("R", 312, 540, 100, 24);
    const groups = orderForReading(shuffled([...leftTop, ...caption, ...leftBottom, ...right]));
    expect(flat(groups)).toEqual([...leftTop, ...caption, ...leftBottom, ...right].map((b) => b.id));
  });

  it("reads footnotes at the foot of the left column after both columns", () => {
    // Body lines 10 pt tall, footnotes 7.5 pt (smaller type) below an empty row.
    const left = column("L", 72, 300, 100, 30);
    const notes = Array.from({ length: 3 }, (_, i) => box(`fn${i + 1}`, 72, 300, 540 + i * 10, 7.5));
    const right = column("R", 312, 540, 100, 33);
    const groups = orderForReading(shuffled([...left, ...notes, ...right]));
    expect(flat(groups)).toEqual([...left, ...right, ...notes].map((b) => b.id));
    // A bibliography in small type that runs on into the right column is not footnotes.
    const refsRight = Array.from({ length: 10 }, (_, i) => box(`ref${i + 1}`, 312, 540, 100 + i * 10, 7.5));
    const rest = column("S", 312, 540, 210, 20);
    const withRefs = orderForReading(shuffled([...left, ...notes, ...refsRight, ...rest]));
    expect(flat(withRefs)).toEqual([...left, ...notes, ...refsRight, ...rest].map((b) => b.id));
  });

  it("reads a text column with narrow side notes in its margin as the column, then the notes", () => {
    // Body lines are wider than the spanning share of the page, so only the notes are narrow.
    const body = column("p", 72, 420, 100, 20).map((l, i) => (i % 5 === 4 ? { ...l, x1: 250 } : l));
    const notes = [box("n1", 440, 540, 100), box("n2", 440, 540, 114), box("n3", 440, 540, 170), box("n4", 440, 540, 184), box("n5", 440, 540, 300)];
    const groups = orderForReading(shuffled([...body, ...notes]));
    expect(flat(groups)).toEqual([...body, ...notes].map((b) => b.id));
  });

  it("does not cut two columns into bands where both happen to have a paragraph gap at the same height", () => {
    // Code lines crossing the gutter send the page to the row cut; the columns below have an
    // empty row at the same height, and must still be read one whole column after the other.
    const code = Array.from({ length: 30 }, (_, i) => box(`code${i + 1}`, 72, 400, 60 + i * 11, 9));
    const leftA = column("La", 72, 300, 420, 6);
    const leftB = column("Lb", 72, 300, 420 + 6 * PITCH + 12, 6);
    const rightA = column("Ra", 312, 540, 420, 6);
    const rightB = column("Rb", 312, 540, 420 + 6 * PITCH + 12, 6);
    const groups = orderForReading(shuffled([...code, ...leftA, ...leftB, ...rightA, ...rightB]));
    expect(flat(groups)).toEqual([...code, ...leftA, ...leftB, ...rightA, ...rightB].map((b) => b.id));
  });

  // Bug: OrderedGroup.columns is documented as "number of side-by-side columns in the band
  // this group came from", and the page's column count (max over groups) is what debug
  // output reports as "columns found" (DECISIONS.md §Conversion, debug). Every split pushes
  // its halves with a hard-coded `columns: 2` (reading_order.ts, flush() in
  // orderForReading), so a three-column band reports 2.
  it.fails("reports 3 side-by-side columns for a three-column band (documented meaning of `columns`)", () => {
    const a = column("A", 72, 220, 100, 8);
    const b = column("B", 232, 380, 100, 8);
    const c = column("C", 392, 540, 100, 8);
    const groups = orderForReading([...a, ...b, ...c]);
    expect(groups.map((g) => g.columns)).toEqual([3, 3, 3]);
  });

  it("returns no groups for no items", () => {
    expect(orderForReading([])).toEqual([]);
  });
});

describe("orderForReading: slides (issue 9: the two-column beamer and talk slides)", () => {
  it("reads two side-by-side columns of a heading over two bullets column by column", () => {
    // "Outer basin" / "Inner basin": a short bold heading and two bullet lines on each side.
    const items = [
      box("title", 8, 141, 10),
      box("Lh", 32, 90, 97),
      box("L1", 43, 153, 113),
      box("L2", 43, 184, 130),
      box("Rh", 243, 298, 97),
      box("R1", 254, 358, 113),
      box("R2", 254, 395, 130),
    ];
    expect(flat(orderForReading(shuffled(items)))).toEqual(["title", "Lh", "L1", "L2", "Rh", "R1", "R2"]);
  });
});

describe("orderForReading: a form's widgets indented between two lines of text (issue 9: form-qpdf-filled)", () => {
  it("reads top to bottom where no line left of the gap stands beside one right of it", () => {
    // "Other stuff." over radio buttons and check boxes indented under it, "Adsadfasdf" below
    // them, then a column of short lines ("w") further down: the two sides overlap as a
    // whole, but no left line shares a row with a right one.
    const items = [
      box("title", 57, 185, 56),
      box("other", 57, 112, 115),
      box("r1", 166, 188, 130),
      box("r2", 170, 191, 151),
      box("r3", 168, 189, 177),
      box("check1", 139, 197, 219),
      box("check2", 136, 204, 251),
      box("check3", 136, 194, 278),
      box("adsadf", 57, 112, 331),
      box("after", 57, 193, 356),
      ...column("w", 57, 66, 395, 6),
    ];
    const expected = ["title", "other", "r1", "r2", "r3", "check1", "check2", "check3", "adsadf", "after", "w1", "w2", "w3", "w4", "w5", "w6"];
    // The selected kernel (native or WebAssembly when built) and the TypeScript reference.
    expect(flat(orderForReading(shuffled(items)))).toEqual(expected);
    expect(flat(orderForReadingTs(shuffled(items)))).toEqual(expected);
  });
});

describe("orderForReading: rows' ends beside a gutter (docs/engine.md, Reading order: a mail thread's dates)", () => {
  // A webmail thread printed by Chromium: each message's sender in bold with its date set
  // flush right on the same baseline, full-width body lines between the messages.
  const thread = (): Item[] => [
    box("brand", 79, 104, 70, 15),
    box("account", 370, 533, 70, 11),
    box("subject", 79, 320, 102, 17),
    box("count", 79, 136, 127, 11),
    box("from1", 79, 256, 151, 11),
    box("date1", 413, 533, 151, 11),
    box("to1", 79, 258, 163, 11),
    box("greeting1", 79, 129, 185, 11),
    box("body1a", 79, 516, 202, 11),
    box("body1b", 79, 382, 214, 11),
    box("ask1", 79, 264, 231, 11),
    box("close1", 79, 138, 248, 11),
    box("sign1", 79, 105, 259, 11),
    box("from2", 79, 253, 282, 11),
    box("date2", 415, 533, 282, 11),
    box("to2", 79, 260, 295, 11),
    box("greeting2", 79, 120, 316, 11),
    box("body2a", 79, 501, 334, 11),
    box("body2b", 79, 223, 345, 11),
    box("close2", 79, 138, 362, 11),
    box("sign2", 79, 102, 373, 11),
  ];

  it("reads each date after the sender's line it stands on, not as a column after the senders", () => {
    const expected = thread().map((b) => b.id);
    expect(flat(orderForReading(shuffled(thread())))).toEqual(expected);
    expect(flat(orderForReadingTs(shuffled(thread())))).toEqual(expected);
  });

  it("still reads a sender block set flush right beside the recipient's block as a column (rows' ends stand apart)", () => {
    // A letter's head set one and a half lines apart: the recipient's address at the left, the
    // sender's at the right, line for line level with it, above full-width body text.
    const spaced = (prefix: string, x0: number, x1: number) => Array.from({ length: 4 }, (_, i) => box(`${prefix}${i + 1}`, x0, x1, 100 + i * 16));
    const recipient = spaced("to", 72, 220);
    const sender = spaced("from", 400, 540);
    const body = column("body", 72, 540, 180, 6);
    const items = [...recipient, ...sender, ...body];
    const expected = items.map((b) => b.id);
    expect(flat(orderForReading(shuffled(items)))).toEqual(expected);
    expect(flat(orderForReadingTs(shuffled(items)))).toEqual(expected);
  });

  it("still reads notes far out in the margin beside a paragraph's middle after the paragraph (the lines they stand on start no paragraph)", () => {
    const body = column("p", 72, 380, 100, 20).map((l, i) => (i % 5 === 4 ? { ...l, x1: 250 } : l));
    const notes = [box("n1", 440, 540, 128), box("n2", 440, 540, 184), box("n3", 440, 540, 254)];
    const expected = [...body, ...notes].map((b) => b.id);
    expect(flat(orderForReading(shuffled([...body, ...notes])))).toEqual(expected);
    expect(flat(orderForReadingTs(shuffled([...body, ...notes])))).toEqual(expected);
  });

  it("still reads a right column of a few full-column lines far apart as a column (a column's lines are no rows' ends)", () => {
    // Left: three paragraphs of four lines; right: one line level with each paragraph's first.
    const left = [...column("a", 72, 300, 100, 4), ...column("b", 72, 300, 170, 4), ...column("c", 72, 300, 240, 4)];
    const right = [box("r1", 312, 540, 100), box("r2", 312, 540, 170), box("r3", 312, 540, 240)];
    const expected = [...left, ...right].map((b) => b.id);
    expect(flat(orderForReading(shuffled([...left, ...right])))).toEqual(expected);
    expect(flat(orderForReadingTs(shuffled([...left, ...right])))).toEqual(expected);
  });
});
