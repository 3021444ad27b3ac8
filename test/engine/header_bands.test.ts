// tables/header_bands.ts: Calc draws borders round a sheet's header cells only; the ruled
// detector judged the band, a grid of heads a line per cell, a diagram's, and its lines never
// reached the aligned detector: the body came out with no header and each head as a heading
// ("## Dates", "## Order"). A grid of a few rows of short lines with a row of cells right
// under it is left free as the header of the table under it (docs/engine.md, "A ruled header
// band over an unruled body").
import { describe, expect, it } from "vitest";
import type { Line, Rule, Span } from "../../src/engine/model.js";
import { detectTables, type Table } from "../../src/engine/tables/detect.js";

const PAGE = { width: 842, height: 595 };
const SIZE = 9;
const CHAR_PT = 4.5;
const PITCH = 11.5;

function span(text: string, x0: number, y0: number, bold = false): Span {
  return { text, x0, y0, x1: x0 + text.length * CHAR_PT, y1: y0 + SIZE, font: bold ? "LiberationSans-Bold" : "LiberationSans", size: SIZE, bold, italic: false, monospace: false };
}
const spanR = (text: string, x1: number, y0: number) => span(text, x1 - text.length * CHAR_PT, y0);
const centred = (text: string, x0: number, x1: number, y0: number) => span(text, (x0 + x1) / 2 - (text.length * CHAR_PT) / 2, y0, true);
const line = (s: Span): Line => ({ spans: [s], x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, wmode: 0 });
const texts = (t: Table) => t.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.spans.map((s) => s.text).join("")).join(" ").trim()));
/** A border as Calc draws it: a thin filled rectangle. */
const hRule = (x0: number, x1: number, y: number): Rule => ({ x0, y0: y, x1, y1: y + 0.5, kind: "fill" });
const vRule = (x: number, y0: number, y1: number): Rule => ({ x0: x, y0, x1: x + 0.5, y1, kind: "fill" });

/** Column edges of the sheet: Order, Region, Ordered, Shipped, Quantity. */
const XS = [40, 100, 160, 220, 280, 340];
const BAND_TOP = 60;
const BAND_MID = 72;
const BAND_BOTTOM = 84;

/** The header band: "Order", "Region" and "Quantity" over both rows, "Dates" over "Ordered"
 *  and "Shipped"; each cell ruled round. */
function band(): { lines: Line[]; rules: Rule[] } {
  const mid = (BAND_TOP + BAND_BOTTOM) / 2 - SIZE / 2;
  const lines = [
    line(centred("Order", XS[0], XS[1], mid)),
    line(centred("Region", XS[1], XS[2], mid)),
    line(centred("Dates", XS[2], XS[4], BAND_TOP + 1.5)),
    line(centred("Quantity", XS[4], XS[5], mid)),
    line(centred("Ordered", XS[2], XS[3], BAND_MID + 1.5)),
    line(centred("Shipped", XS[3], XS[4], BAND_MID + 1.5)),
  ];
  const rules = [hRule(XS[0], XS[5], BAND_TOP), hRule(XS[2], XS[4], BAND_MID), hRule(XS[0], XS[5], BAND_BOTTOM)];
  for (const x of XS) rules.push(vRule(x, BAND_TOP, BAND_BOTTOM));
  rules.push(vRule(XS[3], BAND_MID, BAND_BOTTOM));
  return { lines, rules };
}

/** The body's rows under the band, unruled: text flush left, dates and figures flush right. */
function body(rows: number): Line[] {
  const out: Line[] = [];
  for (let r = 0; r < rows; r++) {
    const y0 = BAND_BOTTOM + 1.5 + PITCH * r;
    out.push(line(span(`SO-${1000 + r}`, XS[0] + 2, y0)), line(span(["North", "East", "West"][r % 3], XS[1] + 2, y0)));
    out.push(line(spanR(`0${(r % 9) + 1}/01/26`, XS[3] - 2, y0)), line(spanR(`1${r % 10}/02/26`, XS[4] - 2, y0)), line(spanR(`${40 + 13 * r}`, XS[5] - 2, y0)));
  }
  return out;
}

describe("A ruled header band over an unruled body (isHeaderBand)", () => {
  it("reads the band's heads as the header of the table under it, none as text", () => {
    const { lines, rules } = band();
    const { tables, rest } = detectTables([...lines, ...body(8)], rules, PAGE);
    expect(tables).toHaveLength(1);
    const rows = texts(tables[0]);
    const head = rows.slice(0, rows.length - 8).flat();
    for (const h of ["Order", "Region", "Dates", "Quantity", "Ordered", "Shipped"]) expect(head).toContain(h);
    expect(rows[rows.length - 8]).toEqual(["SO-1000", "North", "01/01/26", "10/02/26", "40"]);
    expect(rest).toHaveLength(0);
  });

  it("leaves a ruled grid of labels with a paragraph under it a diagram", () => {
    // Guard: a drawing's boxes, one label each, and a caption line under them: no row of
    // cells under the grid, so its lines stay a diagram's.
    const { lines, rules } = band();
    const caption = line(span("Figure 2. The order pipeline and its stages.", XS[0], BAND_BOTTOM + 3));
    const { tables, inDiagrams } = detectTables([...lines, caption], rules, PAGE);
    expect(tables).toHaveLength(0);
    expect(inDiagrams.size).toBe(lines.length);
  });
});
