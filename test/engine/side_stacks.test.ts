// layout/side_stacks.ts: two short stacks of lines side by side in a band of their own (a
// letterhead: the shop's name at the left, the order's number, date and payment at the right)
// are read one after the other, each line of them its own (SPEC.md §Output: Markdown in
// reading order; docs/engine.md, Reading order). fixtures/real/gen-order-p1.
import { describe, expect, it } from "vitest";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { orderForReading } from "../../src/engine/layout/reading_order.js";
import { readLetterheadFirst, readSideStacksApart } from "../../src/engine/layout/side_stacks.js";
import type { Line } from "../../src/engine/model.js";
import { joinAcrossColumnBreak, renderPage } from "../../src/engine/render/page.js";
import { headingBlock, paragraphBlock } from "../../src/engine/layout/blocks.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };
const isTextLine = (item: Line): item is Line => /\p{L}{2}/u.test(lineText(item));

/** The shop's name and a line under it at the left, `right` stacked at the right, 11.3 pt
 *  apart (the name is larger: no line of one side shares a row with the other's), and a
 *  paragraph across the page a line gap under them. */
function letterhead(right: string[], rightPitch = 11.3): Line[] {
  return [
    line("Nordfrakt Shop", { x: 50, y: 50, size: 18, bold: true }),
    line("Thank you for your order!", { x: 50, y: 71 }),
    ...right.map((t, k) => line(t, { x: 430, y: 50 + rightPitch * k })),
    line("Questions about your order? Reply to this e-mail or call us on +46 8 555 0100, weekdays 9 to 17.", { x: 50, y: 110 }),
  ];
}

const ORDER = ["Order #NF-20931", "Placed 24 November 2026", "Paid by card ending 4411"];
const read = (lines: Line[]) => readSideStacksApart(orderForReading(lines), isTextLine).map((g) => g.items.map(lineText));

describe("readSideStacksApart: a letterhead's two stacks", () => {
  it("reads the left stack, then the right one, then the text under them", () => {
    expect(read(letterhead(ORDER))).toEqual([["Nordfrakt Shop", "Thank you for your order!"], ORDER, [lineText(letterhead(ORDER)[5])]]);
  });

  it("breaks a stack's lines where the next starts as a line of a set does, the widest too", () => {
    const lines = prepareLines(letterhead(ORDER));
    const md = renderPage(page(1, lines), lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(md.indexOf("Thank you")).toBeLessThan(md.indexOf("Order #NF-20931"));
    expect(md).toContain("Placed 24 November 2026\\\nPaid by card ending 4411");
    // A line running on into the next (a comma, a small letter after it) stays one with it.
    const wrapped = prepareLines(letterhead(["Order #NF-20931", "Placed 24 November 2026,", "paid by card ending 4411"]));
    const joined = renderPage(page(1, wrapped), wrapped, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(joined).toContain("Placed 24 November 2026, paid by card");
  });

  it("leaves a form's rows alone: labels and values that pair up row by row", () => {
    const form = [
      line("Customer name", { x: 50, y: 50 }),
      line("Invoice date", { x: 50, y: 62 }),
      line("Anna Berg", { x: 430, y: 50 }),
      line("24 November 2026", { x: 430, y: 62 }),
    ];
    expect(read(form)).toEqual([["Customer name", "Anna Berg", "Invoice date", "24 November 2026"]]);
  });

  it("leaves a band alone whose lines run wide (text beside a note), or that holds no words (a plot's ticks)", () => {
    const wide = [
      line("A line of running text that fills most of the measure here", { x: 50, y: 50 }),
      line("and goes on over a second line of the paragraph beside it", { x: 50, y: 62 }),
      line("A note in", { x: 400, y: 52 }),
      line("the margin", { x: 400, y: 64 }),
      line("set apart", { x: 400, y: 76 }),
    ];
    expect(read(wide)).toHaveLength(1);
    const ticks = [line("1.0", { x: 50, y: 50 }), line("0.5", { x: 50, y: 62 }), line("Trace 1", { x: 300, y: 55 }), line("Trace 2", { x: 300, y: 67 }), line("Trace 3", { x: 300, y: 79 })];
    expect(read(ticks)).toHaveLength(1);
  });

  it("leaves three blocks side by side to the tables or the kernels", () => {
    const three = [
      ...["Shipping to", "Anna Berg"].map((t, k) => line(t, { x: 50, y: 50 + 12 * k })),
      ...["Billing address", "Anna Berg", "Kungsgatan 4"].map((t, k) => line(t, { x: 200, y: 50 + 11 * k })),
      ...["Delivery", "Standard"].map((t, k) => line(t, { x: 400, y: 52 + 12 * k })),
    ];
    expect(read(three)).toHaveLength(1);
  });
});

describe("readLetterheadFirst: a letter's head, the sender's block beside the company's name (svc-md-1.1.15, fixtures/real/gen-letter-p1)", () => {
  const name = () => line("Nordfrakt AB", { x: 72, y: 65.4, bold: true });
  const recipient = () => ["Västkustens Fastigheter AB", "Att: Karin Ek", "Box 2213", "403 14 Göteborg"].map((t, k) => line(t, { x: 72, y: 146.5 + 12.8 * k }));
  const sender = (top: number) => ["Hamngatan 7", "411 06 Göteborg", "Tel. 031-55 01 00", "info@nordfrakt.example"].map((t, k) => line(t, { x: 420, y: top + 12.8 * k }));
  const date = () => line("Göteborg, 27 November 2026", { x: 400, y: 212.5 });
  /** The kernels' groups: the band's left column read whole, then its right one. */
  const columns = (left: Line[], right: Line[]) => [
    { items: left, columns: 2 },
    { items: right, columns: 2 },
  ];
  const read = (groups: { items: Line[]; columns: number }[]) => readLetterheadFirst(groups, isTextLine).map((g) => g.items.map(lineText));

  it("reads the name, the sender's block, then the recipient's and the date (SPEC.md §Output: Markdown in reading order)", () => {
    expect(read(columns([name(), ...recipient()], [...sender(65.5), date()]))).toEqual([
      ["Nordfrakt AB"],
      ["Hamngatan 7", "411 06 Göteborg", "Tel. 031-55 01 00", "info@nordfrakt.example"],
      ["Västkustens Fastigheter AB", "Att: Karin Ek", "Box 2213", "403 14 Göteborg"],
      ["Göteborg, 27 November 2026"],
    ]);
  });

  it("leaves the columns alone where the right one's first block does not stand on the name's row, or reaches the left one's next block", () => {
    expect(read(columns([name(), ...recipient()], [...sender(90), date()]))[0]).toHaveLength(5);
    expect(read(columns([name(), ...recipient()], [...sender(65.5), ...sender(116.7)]))[0]).toHaveLength(5);
  });

  it("leaves columns of text alone: lines wider than STACK_LINE_WIDTH_SHARE_MAX of the band", () => {
    const wide = "A line of running text set across its column to the edge";
    const text = (x: number, top: number) => [wide, wide, wide].map((t, k) => line(t, { x, y: top + 12 * k }));
    expect(read(columns([line("Introduction", { x: 72, y: 65.4, bold: true }), ...text(72, 100)], text(330, 65.5)))[0]).toHaveLength(4);
  });
});

describe("readLetterheadFirst: a CV's name beside its contact lines, both set from one top (s19)", () => {
  const name = () => line("Daniel Osei", { x: 79, y: 78, size: 26, bold: true });
  const title = () => line("UX Designer", { x: 79, y: 106 });
  const section = () => line("About me", { x: 79, y: 150, size: 12, bold: true });
  const contacts = (top: number) =>
    ["daniel.osei@example.com", "+44 7700 900 123", "Leeds, United Kingdom", "danielosei.design"].map((t, k) => line(t, { x: 428, y: top + 13.6 * k, size: 9 }));
  const read = (left: Line[], right: Line[]) =>
    readLetterheadFirst(
      [
        { items: left, columns: 2 },
        { items: right, columns: 2 },
      ],
      isTextLine,
    ).map((g) => g.items.map(lineText));

  it("reads the name and title, the contact lines (a telephone number among them), then the next section", () => {
    expect(read([name(), title(), section()], contacts(80))).toEqual([
      ["Daniel Osei", "UX Designer"],
      ["daniel.osei@example.com", "+44 7700 900 123", "Leeds, United Kingdom", "danielosei.design"],
      ["About me"],
    ]);
  });

  it("leaves the columns alone where the contact lines start below the name's top", () => {
    expect(read([name(), title(), section()], contacts(87))[0]).toHaveLength(3);
  });

  it("writes the contact lines apart from the title above them (joinAcrossColumnBreak)", () => {
    const blocks = (first: string) => [headingBlock(1, [name()]), paragraphBlock([title()]), paragraphBlock(contacts(80).map((l, k) => (k === 0 ? line(first, { x: 428, y: 80, size: 9 }) : l)))];
    const cv = blocks("daniel.osei@example.com");
    expect(joinAcrossColumnBreak(cv, 2, [])).toBe(false);
    expect(cv).toHaveLength(3);
    // A column's paragraph going on in small letters is still joined.
    const prose = blocks("designs public services");
    expect(joinAcrossColumnBreak(prose, 2, [])).toBe(true);
  });
});
